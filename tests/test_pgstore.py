"""PostgresKeyStore against a real PostgreSQL server (tests/support/pg.py starts one): the key and
the message in one transaction, and two stores ("nodes") racing for one key: one inserts,
the other learns the winner's messageId and writes nothing."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import psycopg
import pytest
from support.models import MODELS_SRC, import_models
from support.paths import REPO

SESSION = "sess_abc123def456"


@pytest.fixture(scope="module")
def pgstore() -> Iterator[ModuleType]:
    for _ in import_models():
        yield importlib.import_module("acp_models.v2.pgstore")


def messages(db: psycopg.Connection[Any]) -> None:
    db.execute("CREATE TABLE IF NOT EXISTS messages (key TEXT, message_id TEXT)")


def count(url: str) -> int:
    with psycopg.connect(url) as db:
        row = db.execute("SELECT count(*) FROM messages").fetchone()
    assert row is not None
    return int(row[0])


def test_the_key_and_the_message_are_written_together_and_read_back(
    pgstore: ModuleType, pg_url: str
) -> None:
    store = pgstore.PostgresKeyStore(pg_url, setup=messages)

    def write(db: psycopg.Connection[Any]) -> None:
        db.execute("INSERT INTO messages VALUES (%s, %s)", ("k1", "msg_1"))

    assert store.record(SESSION, "k1", "msg_1", write) == (True, "msg_1")
    assert store.record(SESSION, "k1", "msg_2", write) == (False, "msg_1")
    assert store.get(SESSION, "k1") == "msg_1"
    assert store.get("sess_other", "k1") is None
    assert store.find(SESSION, {"k1", "k2"}) == {"k1"}
    assert store.keys(SESSION) == frozenset({"k1"})
    assert count(pg_url) == 1
    store.forget(SESSION, "k1")
    assert store.get(SESSION, "k1") is None
    store.close()


def test_a_write_that_fails_leaves_no_key(pgstore: ModuleType, pg_url: str) -> None:
    store = pgstore.PostgresKeyStore(pg_url, setup=messages)

    def write(db: psycopg.Connection[Any]) -> None:
        db.execute("INSERT INTO messages VALUES (%s, %s)", ("k1", "msg_1"))
        raise RuntimeError("the agent's write failed")

    with pytest.raises(RuntimeError):
        store.record(SESSION, "k1", "msg_1", write)
    assert store.get(SESSION, "k1") is None
    assert count(pg_url) == 0
    store.close()


def _waiting_on_a_lock(url: str) -> int:
    with psycopg.connect(url) as db:
        row = db.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
            " AND datname = current_database()"
        ).fetchone()
    assert row is not None
    return int(row[0])


def _race(pgstore: ModuleType, url: str, first_commits: bool) -> tuple[Any, Any]:
    """Node A inserts the key and, inside its transaction, waits until node B's record of
    the same key is blocked on A's row; then A commits (or its write fails)."""
    a = pgstore.PostgresKeyStore(url, setup=messages)
    b = pgstore.PostgresKeyStore(url, setup=messages)
    results: dict[str, Any] = {}

    def write_a(db: psycopg.Connection[Any]) -> None:
        db.execute("INSERT INTO messages VALUES (%s, %s)", ("k", "msg_a"))
        node_b.start()
        while _waiting_on_a_lock(url) < 1:  # counted, not timed: B is blocked on our row
            if not node_b.is_alive():
                break
        if not first_commits:
            raise RuntimeError("node A's write failed")

    def run_b() -> None:
        def write_b(db: psycopg.Connection[Any]) -> None:
            db.execute("INSERT INTO messages VALUES (%s, %s)", ("k", "msg_b"))

        results["b"] = b.record(SESSION, "k", "msg_b", write_b)

    node_b = threading.Thread(target=run_b)
    try:
        results["a"] = a.record(SESSION, "k", "msg_a", write_a)
    except RuntimeError as error:
        results["a"] = error
    node_b.join()
    a.close()
    b.close()
    return results["a"], results["b"]


def test_the_same_key_on_two_nodes_at_once_is_inserted_once(
    pgstore: ModuleType, pg_url: str
) -> None:
    a, b = _race(pgstore, pg_url, first_commits=True)
    assert a == (True, "msg_a")
    assert b == (False, "msg_a")
    assert count(pg_url) == 1


def test_when_the_first_node_rolls_back_the_waiting_node_inserts(
    pgstore: ModuleType, pg_url: str
) -> None:
    a, b = _race(pgstore, pg_url, first_commits=False)
    assert isinstance(a, RuntimeError)
    assert b == (True, "msg_b")
    assert count(pg_url) == 1


def test_a_lock_held_too_long_is_store_busy(pgstore: ModuleType, pg_url: str) -> None:
    holder = pgstore.PostgresKeyStore(pg_url, setup=messages)
    waiter = pgstore.PostgresKeyStore(pg_url, busy_timeout=0.1)
    with holder.transaction() as db:
        db.execute(f"INSERT INTO {holder.table} VALUES (%s, %s, %s)", (SESSION, "k", "msg_h"))
        with pytest.raises(pgstore.StoreBusy, match="store busy"):
            waiter.record(SESSION, "k", "msg_w")
    assert waiter.record(SESSION, "k", "msg_w") == (False, "msg_h")
    holder.close()
    waiter.close()


def test_a_server_it_cannot_reach_is_unusable_with_a_message(
    pgstore: ModuleType, tmp_path: Any
) -> None:
    with pytest.raises(pgstore.StoreUnusable, match="cannot use this key store"):
        pgstore.PostgresKeyStore(f"postgresql:///x?host={tmp_path}", busy_timeout=0.5)


def test_a_broken_connection_is_replaced(pgstore: ModuleType, pg_url: str) -> None:
    store = pgstore.PostgresKeyStore(pg_url, setup=messages)
    store.record(SESSION, "k", "msg_1")
    pid = store.connection().info.backend_pid
    with psycopg.connect(pg_url, autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
    with pytest.raises(pgstore.StoreError):
        store.get(SESSION, "k")  # the request that meets the dropped connection fails
    assert store.get(SESSION, "k") == "msg_1"  # the next one reconnects
    store.close()


def test_acp_models_needs_no_psycopg_until_a_store_is_made() -> None:
    code = (
        "import sys; sys.modules['psycopg'] = None\n"  # as if not installed
        "from acp_models.v2 import pgstore\n"
        "try:\n    pgstore.PostgresKeyStore('postgresql:///x')\n"
        "except pgstore.StoreUnusable as error:\n    print(error)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(MODELS_SRC)}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=False)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "pip install 'acp-models[postgres]'" in done.stdout


def test_without_postgresql_the_tests_fail_saying_what_to_install(tmp_path: Any) -> None:
    test = tmp_path / "test_needs_pg.py"
    test.write_text(
        f"import sys\nsys.path.insert(0, {str(REPO / 'tests')!r})\n"
        "from support.pg import pg_url, postgres_server\n\n"
        "def test_it(pg_url):\n    pass\n"
    )
    env = {**os.environ, "ACP_SPEC_INITDB": str(tmp_path / "no-initdb")}
    env.pop("ACP_SPEC_NO_POSTGRES", None)
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:xdist", "-p", "no:cacheprovider",
         "--rootdir", str(tmp_path), "-o", "addopts=", str(test)],
        capture_output=True, text=True, env=env, cwd=tmp_path, check=False,
    )  # fmt: skip
    assert done.returncode == 1, done.stdout
    assert "apt-get install -y postgresql" in done.stdout and "1 error" in done.stdout
