"""examples/reference_agent.py as a process: store faults answered, not crashed on; keys
that look like protocol words; two processes sharing one store; and each new defective
variant shown to have its defect (the traces that catch each are in AGENT_DEFECTS, in
tests/test_traces_run.py)."""

from __future__ import annotations

import json
import os
import resource
import signal
import sqlite3
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from support.reference_agent import AGENT, Agent, agents, grant, prompt, two_busy_agents

pytestmark = pytest.mark.slow  # seconds: real agent processes


@pytest.fixture
def started(tmp_path: Path) -> Iterator[Callable[..., Agent]]:
    with agents(tmp_path) as start:
        yield start


# --- faults ------------------------------------------------------------------------------


@pytest.mark.parametrize("fault", ["not a database", "a folder"])
def test_a_store_it_cannot_use_stops_it_with_a_message_and_no_traceback(
    started: Callable[..., Agent], tmp_path: Path, fault: str
) -> None:
    path = tmp_path / "agent.sqlite"
    if fault == "a folder":
        path.mkdir()
    else:
        path.write_bytes(b"not sqlite\n" * 500)
    code, stderr = started().close()
    assert code == 2
    assert f"reference-agent: {path}: cannot use this key store" in stderr
    assert "Traceback" not in stderr


def test_params_that_are_not_an_object_get_32602_and_the_agent_goes_on(
    started: Callable[..., Agent],
) -> None:
    agent = started()
    answer = agent.call("session/prompt", [1])
    assert answer["error"]["code"] == -32602
    assert "result" in agent.call("session/list", {})
    code, stderr = agent.close()
    assert code == 0 and "Traceback" not in stderr


@pytest.mark.parametrize("key", ["sessionId", "text", "idle"])
def test_a_key_named_like_a_member_or_a_protocol_word_is_served(
    started: Callable[..., Agent], key: str
) -> None:
    # the old leak check made the agent exit with KeyLeak on each of these
    agent = started()
    session = agent.session()
    answer = agent.call("session/prompt", prompt(session, "Hello", key))
    assert agent.user_messages("Hello") == [answer["result"]["messageId"]]
    again = agent.call("session/prompt", prompt(session, "Hello", key))
    assert again["result"] == answer["result"]
    code, stderr = agent.close()
    assert code == 0 and stderr == ""


def test_a_store_locked_by_another_process_answers_store_busy_and_then_serves(
    started: Callable[..., Agent], tmp_path: Path
) -> None:
    started().close()  # makes the store
    other = sqlite3.connect(tmp_path / "agent.sqlite", isolation_level=None)
    other.execute("PRAGMA journal_mode=DELETE")
    other.execute("BEGIN EXCLUSIVE")
    agent = started()
    assert agent.call("initialize", {"protocolVersion": 2, "info": {"name": "t", "version": "1"}})[
        "result"
    ]["protocolVersion"] == 2  # fmt: skip
    busy = agent.call("session/new", {"cwd": "/work"})  # waits the bounded 3 s
    assert busy["error"]["code"] == -32603 and "store busy" in busy["error"]["message"]
    other.execute("ROLLBACK")
    other.close()
    assert agent.session().startswith("sess_")
    code, stderr = agent.close()
    assert code == 0 and "Traceback" not in stderr


def _file_size_limit(size: int) -> Callable[[], None]:
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))

    return limit


def test_a_full_disk_fails_that_prompt_with_32603_and_the_agent_goes_on(
    started: Callable[..., Agent],
) -> None:
    # a real "disk full": a write past RLIMIT_FSIZE fails with EFBIG (Python ignores the
    # SIGXFSZ that comes with it), and sqlite reports SQLITE_FULL
    agent = started(preexec=_file_size_limit(256 * 1024))
    session = agent.session()
    huge = agent.call("session/prompt", prompt(session, "x" * 400_000, "K"))
    assert huge["error"]["code"] == -32603
    small = agent.call("session/prompt", prompt(session, "Hello", "K"))
    assert "messageId" in small["result"]  # the key was left unused by the failure
    code, stderr = agent.close()
    assert code == 0 and "Traceback" not in stderr


# --- two processes on one store ----------------------------------------------------------


@pytest.mark.parametrize("defect", [None, "announce-before-claim"])
def test_the_same_key_held_in_two_processes_is_announced_once_with_the_stored_id(
    started: Callable[..., Agent], tmp_path: Path, defect: str | None
) -> None:
    first, second, _ = two_busy_agents(started, *(["--defect", defect] if defect else []))
    answers = [grant(first)["result"]["messageId"], grant(second)["result"]["messageId"]]
    for agent in (first, second):
        # what either says after its answer, until it is quiet a while (a loaded machine
        # can hold the loser's announcement back for half a second)
        list(agent.stream(1.5))
    with sqlite3.connect(tmp_path / "agent.sqlite") as db:
        [(stored,)] = db.execute("SELECT message_id FROM acp_idempotency_keys").fetchall()
    assert answers == [stored, stored]
    announced = first.user_messages("Also update the changelog") + second.user_messages(
        "Also update the changelog"
    )
    if defect is None:
        assert announced == [stored]
    else:
        assert len(announced) == 2 and stored in announced  # the loser announced its own


# --- the other defective variants show their defect ---------------------------------------


@pytest.mark.parametrize("defect", [None, "shared-waiter"])
def test_cancelling_the_retry_withdraws_the_held_prompt(
    started: Callable[..., Agent], defect: str | None
) -> None:
    agent = started(*(["--defect", defect] if defect else []))
    session = agent.session()
    agent.call("session/prompt", prompt(session, "Run the database migration"))
    ask = agent.until(lambda m: m.get("method") == "session/request_permission")
    for request in (7, 8):
        agent.send({"id": request, "method": "session/prompt",
                    "params": prompt(session, "Also update the changelog", "K")})  # fmt: skip
    agent.send({"method": "$/cancel_request", "params": {"requestId": 8}})
    codes = [
        agent.until(lambda m, r=r: m.get("id") == r and "method" not in m)["error"]["code"]  # type: ignore[misc]
        for r in (7, 8)
    ]
    assert codes == [-32800, -32800]
    agent.send(
        {"id": ask["id"], "result": {"outcome": {"outcome": "selected", "optionId": "allow"}}}
    )
    agent.until(lambda m: m.get("params", {}).get("update", {}).get("stopReason") == "end_turn")
    list(agent.stream(0.5))
    # answered "cancelled", so never inserted: the shared waiter's cancel left it held
    assert len(agent.user_messages("Also update the changelog")) == (defect is not None)


@pytest.mark.parametrize("defect", [None, "answer-twice"])
def test_each_prompt_is_answered_once(started: Callable[..., Agent], defect: str | None) -> None:
    agent = started(*(["--defect", defect] if defect else []))
    session = agent.session()
    first = agent.call("session/prompt", prompt(session, "Hello", "K"))
    agent.call("session/list", {})
    answers = [m for m in agent.seen if m.get("id") == first["id"] and "method" not in m]
    assert len(answers) == (2 if defect else 1)
    if defect:
        assert answers[0]["result"] != answers[1]["result"]


@pytest.mark.parametrize("defect", [None, "answer-notification"])
def test_a_notification_gets_no_answer(started: Callable[..., Agent], defect: str | None) -> None:
    agent = started(*(["--defect", defect] if defect else []))
    agent.send({"method": "$/cancel_request", "params": {"requestId": 99}})
    agent.call("session/list", {})
    assert len(agent.seen) == (2 if defect else 1)


@pytest.mark.parametrize("defect", [None, "leave-child"])
def test_no_process_outlives_the_agent(started: Callable[..., Agent], defect: str | None) -> None:
    agent = started(*(["--defect", defect] if defect else []))
    agent.call("session/list", {})
    assert agent.process.stdin is not None
    agent.process.stdin.close()
    assert agent.process.wait(15) == 0
    try:
        os.killpg(agent.process.pid, 0)
        left = True
    except ProcessLookupError:
        left = False
    assert left == (defect is not None)
    if left:
        os.killpg(agent.process.pid, signal.SIGKILL)


@pytest.mark.parametrize("defect", [None, "leaky-check"])
def test_the_leak_check_flags_only_keys(started: Callable[..., Agent], defect: str | None) -> None:
    agent = started(*(["--defect", defect] if defect else []))
    session = agent.session()
    answer = agent.call("session/prompt", prompt(session, "Hello", "text"))
    list(agent.stream(0.5))
    if defect is None:
        assert agent.user_messages("Hello") == [answer["result"]["messageId"]]
    else:  # "text" is in every content block: the message was held back
        assert agent.user_messages("Hello") == []


def test_stdin_that_is_not_a_pipe_is_read_too(tmp_path: Path) -> None:
    # asyncio's pipe reader can't watch /dev/null or a file: it printed a traceback, hung
    requests = tmp_path / "requests.jsonl"
    requests.write_text('{"jsonrpc": "2.0", "id": 1, "method": "session/list", "params": {}}\n')
    env = {**os.environ, "ACP_TRACE_STATE_DIR": str(tmp_path)}
    for stdin in (subprocess.DEVNULL, requests.open("rb")):
        done = subprocess.run(AGENT, stdin=stdin, capture_output=True, env=env, timeout=30)
        assert done.returncode == 0 and done.stderr == b""
        if stdin is not subprocess.DEVNULL:
            assert json.loads(done.stdout)["result"] == {"sessions": []}
