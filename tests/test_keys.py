"""The key recorder under asyncio and across processes (``acp_models.v2.keys``): a waiter
per request, an insertion that says whether it won, and a leak check of the session's keys
only, whose work does not grow with history.

In process against the committed package (generated/python/src); nothing sleeps for time.
"""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from support.racing import race

SESSION = "sess_abc123def456"


def messages(db: sqlite3.Connection) -> None:
    db.execute("CREATE TABLE IF NOT EXISTS messages (session_id TEXT, message_id TEXT)")


def stored(path: Path) -> list[tuple[str, str]]:
    with sqlite3.connect(path) as db:
        return [(str(a), str(b)) for a, b in db.execute("SELECT * FROM messages")]


def write(message_id: str) -> Any:
    def run(db: sqlite3.Connection) -> None:
        db.execute("INSERT INTO messages VALUES (?, ?)", (SESSION, message_id))

    return run


# --- a waiter per request -----------------------------------------------------------------


def test_cancelling_one_waiting_task_changes_no_other_wait_nor_the_outcome(
    keys: ModuleType,
) -> None:
    # An asyncio agent cancels a request's task on $/cancel_request it can't honour, a
    # timeout or a closed connection. With one shared future per key (what the README
    # showed: asyncio.wrap_future of it), that cancelled every request's wait and made
    # the insertion raise InvalidStateError after its commit.
    recorder = keys.KeyRecorder(keys.MemoryKeyStore())

    async def agent() -> tuple[list[str], bool]:
        holder = recorder.lookup(SESSION, "K", request=1)
        retries = [recorder.lookup(SESSION, "K", request=n) for n in (2, 3, 4)]
        tasks = [asyncio.create_task(_wait(r.waiter)) for r in (holder, *retries)]
        await asyncio.sleep(0)
        tasks[1].cancel()  # request 2's connection closed
        tasks[3].cancel()
        await asyncio.sleep(0)
        insertion = holder.insert("msg_1")
        answers = [await tasks[0], await tasks[2]]
        return answers, insertion.won and tasks[1].cancelled() and tasks[3].cancelled()

    answers, fine = asyncio.run(agent())
    assert answers == ["msg_1", "msg_1"] and fine
    assert recorder.lookup(SESSION, "K") == keys.Inserted("msg_1")


async def _wait(waiter: Any) -> str:
    outcome = await waiter
    return str(outcome.message_id)


def test_a_waiter_settled_from_another_thread_wakes_its_loop(keys: ModuleType) -> None:
    recorder = keys.KeyRecorder(keys.MemoryKeyStore())
    holder = recorder.lookup(SESSION, "K")
    retry = recorder.lookup(SESSION, "K")

    async def agent() -> str:
        waiting = asyncio.create_task(_wait(retry.waiter))
        await asyncio.sleep(0)
        inserting = threading.Thread(target=holder.insert, args=("msg_1",))
        inserting.start()
        answer = await waiting
        inserting.join()
        return answer

    assert asyncio.run(agent()) == "msg_1"
    assert retry.waiter.result(0).message_id == "msg_1"  # the synchronous face: the same


def test_a_sync_waiter_that_never_settles_times_out(keys: ModuleType) -> None:
    holder = keys.KeyRecorder(keys.MemoryKeyStore()).lookup(SESSION, "K")
    with pytest.raises(TimeoutError):
        holder.waiter.result(0)


def test_cancel_request_withdraws_only_a_prompt_not_inserted_yet(keys: ModuleType) -> None:
    recorder = keys.KeyRecorder(keys.MemoryKeyStore())
    holder = recorder.lookup(SESSION, "K", request=1)
    retry = recorder.lookup(SESSION, "K", request=2)
    assert recorder.cancel_request(2)  # the retry's cancel withdraws the held prompt
    assert [w.waiter.result(0).error.code for w in (holder, retry)] == [-32800, -32800]
    with pytest.raises(keys.Withdrawn):
        holder.insert("msg_1")
    again = recorder.lookup(SESSION, "K", request=3)
    again.insert("msg_2")
    assert not recorder.cancel_request(3)  # inserted: too late, the answer stays
    assert again.waiter.result(0).message_id == "msg_2"


def test_forgetting_a_session_answers_its_held_prompts_and_forgets_its_keys(
    keys: ModuleType,
) -> None:
    recorder = keys.KeyRecorder(keys.MemoryKeyStore())
    recorder.lookup(SESSION, "K").insert("msg_1")
    held = recorder.lookup(SESSION, "H")
    recorder.forget_session(SESSION)
    assert held.waiter.result(0).error.code == -32800
    assert isinstance(recorder.lookup(SESSION, "K"), keys.NotFound)


# --- who won the insertion ----------------------------------------------------------------


def test_an_insertion_says_whether_it_won(keys: ModuleType, tmp_path: Path) -> None:
    # two agents on one store, both past their lookup: the second learns it lost, writes
    # nothing and gets the first one's id (message_id_for gives both the same id, so the
    # id alone could not tell them)
    path = tmp_path / "agent.db"
    one, two = (keys.SqliteKeyStore(path, setup=messages) for _ in range(2))
    first, second = (keys.KeyRecorder(s).lookup(SESSION, "K") for s in (one, two))
    assert first.insert("msg_1", write("msg_1")) == keys.Insertion(won=True, message_id="msg_1")
    assert second.insert("msg_2", write("msg_2")) == keys.Insertion(won=False, message_id="msg_1")
    assert second.waiter.result(0).message_id == "msg_1"
    assert stored(path) == [(SESSION, "msg_1")]
    one.close()
    two.close()


def _agent_process(keys: ModuleType, path: str, n: int, start: Any, out: Any) -> None:
    # an agent of its own: its own store connection and recorder, no shared memory
    store = keys.SqliteKeyStore(path)
    found = keys.KeyRecorder(store).lookup(SESSION, "K")
    start.wait()
    won = False
    if isinstance(found, keys.NotFound):
        won = found.insert(f"msg_{n}", write(f"msg_{n}")).won
    # a process announces a user_message and starts work only when it won
    out.put((won, f"msg_{n}" if won else None, found.waiter.result(10).message_id))
    store.close()


def test_eight_processes_on_one_store_start_work_once_and_announce_the_stored_id(
    keys: ModuleType, tmp_path: Path
) -> None:
    path = tmp_path / "agent.db"
    keys.SqliteKeyStore(path, setup=messages).close()
    results = race(_agent_process, (keys, str(path)), 8, timeout=30)
    [(_, message_id)] = stored(path)
    announced = [m for won, m, _ in results if won]
    assert announced == [message_id]  # work started once, with the stored id
    assert {answer for _, _, answer in results} == {message_id}


# --- the leak check -----------------------------------------------------------------------


def update(text: str, state: str = "idle") -> dict[str, Any]:
    return {
        "jsonrpc": "2.0",
        "method": "session/update",
        "params": {
            "sessionId": SESSION,
            "update": {"sessionUpdate": "state_update", "state": state, "text": text},
        },
    }


@pytest.mark.parametrize("key", ["sessionId", "text", "idle", "state_update", "2.0"])
def test_a_key_that_is_a_member_name_or_a_protocol_word_is_no_leak(
    keys: ModuleType, key: str
) -> None:
    # the old check compared every string and every object key: a client whose key was
    # "sessionId", "text" or "idle" made the reference agent exit with KeyLeak
    recorder = keys.KeyRecorder(keys.MemoryKeyStore())
    recorder.lookup(SESSION, key).insert("msg_1")
    recorder.check_outgoing(update("hello"), SESSION)
    prompt = [{"type": "text", "text": "hello"}]
    recorder.check_outgoing({"sessionUpdate": "user_message", "content": prompt}, SESSION)


def test_only_whole_string_values_of_that_sessions_keys_are_leaks(keys: ModuleType) -> None:
    recorder = keys.KeyRecorder(keys.MemoryKeyStore())
    recorder.lookup(SESSION, "K-secret").insert("msg_1")
    held = recorder.lookup(SESSION, "H-held")
    recorder.check_outgoing(update("K-secret and more"), SESSION)  # a part of a string
    recorder.check_outgoing({"params": {"K-secret": 1}}, SESSION)  # an object key
    recorder.check_outgoing(update("K-secret"), "sess_other")  # another session's key
    # the envelope: a client may pick a request id equal to its key
    recorder.check_outgoing({"jsonrpc": "2.0", "id": "K-secret", "result": {}}, SESSION)
    for leaked in ("K-secret", "H-held"):
        with pytest.raises(keys.KeyLeak, match=leaked):
            recorder.check_outgoing(update(leaked), SESSION)
    held.fail(keys.JsonRpcError(-32603, "model unavailable"))
    recorder.check_outgoing(update("H-held"), SESSION)  # unused again: not a key any more


def test_a_model_or_a_decoded_message_is_checked_as_its_wire_form(keys: ModuleType) -> None:
    from acp_models.v2 import Notification, build

    recorder = keys.KeyRecorder(keys.MemoryKeyStore())
    recorder.lookup(SESSION, "K-secret").insert("msg_1")
    leaking = build.agent_message_chunk(SESSION, "msg_2", "K-secret")
    with pytest.raises(keys.KeyLeak):
        recorder.check_outgoing(leaking, SESSION)
    with pytest.raises(keys.KeyLeak):
        recorder.check_outgoing(Notification("session/update", leaking), SESSION)
    recorder.check_outgoing(build.agent_message_chunk(SESSION, "msg_2", "fine"), SESSION)


@pytest.mark.parametrize("recorded", [10, 20_000])
def test_the_leak_check_costs_the_same_however_many_keys_are_recorded(
    keys: ModuleType, tmp_path: Path, recorded: int
) -> None:
    # the old check compared each string with every key ever seen (x2,370 at 100,000
    # keys) and kept them all in memory; now: one indexed query per message
    store = keys.SqliteKeyStore(tmp_path / "agent.db")
    with store.transaction() as db:
        db.executemany(
            f"INSERT INTO {store.table} VALUES (?, ?, ?)",
            ((SESSION, f"key-{n}", f"msg_{n}") for n in range(recorded)),
        )
    recorder = keys.KeyRecorder(store)
    assert recorder.lookup(SESSION, "key-1") == keys.Inserted("msg_1")
    statements: list[str] = []
    store.connection().set_trace_callback(statements.append)
    recorder.check_outgoing(update("hello " * 5), SESSION)
    # one statement, naming the message's strings only, whatever is recorded
    [statement] = statements
    assert statement.count("'") == 2 * 5 and "key-" not in statement
    plan = store.connection().execute("EXPLAIN QUERY PLAN " + _select(store), (SESSION, "x"))
    assert "PRIMARY KEY" in " ".join(str(row[-1]) for row in plan)  # a lookup, not a scan
    assert recorder._by_session == {}  # nothing kept per key once inserted
    store.close()


def _select(store: Any) -> str:
    return f"SELECT key FROM {store.table} WHERE session_id = ? AND key IN (?)"
