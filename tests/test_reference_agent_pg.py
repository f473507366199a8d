"""Two reference agents ("nodes") on one PostgreSQL database (a real server: tests/support/pg.py):
a retry that reaches the other node is answered with the original messageId and inserted
once; the same key held at both nodes is inserted once and announced (its work started)
once, by the node whose insertion won."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import psycopg
import pytest
from support.reference_agent import Agent, agents, grant, prompt, two_busy_agents

pytestmark = pytest.mark.slow  # seconds: real agent processes and a real server


@pytest.fixture
def started(tmp_path: Path) -> Iterator[Callable[..., Agent]]:
    with agents(tmp_path) as start:
        yield start


def _stored(url: str) -> tuple[list[str], list[str]]:
    """The recorded messageIds of every key, and of every message, in the database."""
    with psycopg.connect(url) as db:
        keys = [r[0] for r in db.execute("SELECT message_id FROM acp_idempotency_keys")]
        messages = [r[0] for r in db.execute("SELECT message_id FROM messages")]
    return keys, messages


def test_a_retry_that_reaches_the_other_node_gets_the_original_message_id(
    started: Callable[..., Agent], tmp_path: Path, pg_url: str
) -> None:
    first = started("--store", pg_url, state=tmp_path / "a")
    session = first.session()
    original = first.call("session/prompt", prompt(session, "Hello", "K"))["result"]["messageId"]
    second = started("--store", pg_url, state=tmp_path / "b")  # another node, no sqlite shared
    retry = second.call("session/prompt", prompt(session, "Hello", "K"))
    assert retry["result"]["messageId"] == original
    list(second.stream(0.5))
    assert second.user_messages("Hello") == []  # the retry started no work
    assert _stored(pg_url) == ([original], [original])
    for agent in (first, second):
        assert agent.close() == (0, "")


@pytest.mark.parametrize("defect", [None, "announce-before-claim"])
def test_the_same_key_held_at_two_nodes_is_inserted_once_and_announced_once(
    started: Callable[..., Agent], tmp_path: Path, pg_url: str, defect: str | None
) -> None:
    args = ["--store", pg_url, *(["--defect", defect] if defect else [])]
    # each node busy with its own permission request, so the keyed prompt is held
    first, second, _ = two_busy_agents(started, *args, states=(tmp_path / "a", tmp_path / "b"))
    answers = [grant(first)["result"]["messageId"], grant(second)["result"]["messageId"]]
    for agent in (first, second):
        list(agent.stream(1.5))  # what either says after its answer, until it is quiet
    keys, messages = _stored(pg_url)
    [stored] = keys
    assert answers == [stored, stored]
    assert messages.count(stored) == 1
    announced = first.user_messages("Also update the changelog") + second.user_messages(
        "Also update the changelog"
    )
    if defect is None:
        assert announced == [stored]
    else:  # the losing node announced (and worked on) a message that was never stored
        assert len(announced) == 2 and stored in announced


def test_an_unreachable_database_stops_the_agent_with_a_message(
    started: Callable[..., Agent], tmp_path: Path
) -> None:
    agent = started("--store", f"postgresql:///x?host={tmp_path}")
    code, stderr = agent.close()
    assert code == 2
    assert "cannot use this key store" in stderr and "Traceback" not in stderr
