"""The key recorder against an executable model of the RFD's table, by hypothesis'
stateful testing: prompts and their retries, cancels (``$/cancel_request``, a session's,
one request's wait), errors, failed writes, insertions won and lost to another process,
sessions forgotten, and restarts that keep or lose the store, with every waiting request
an asyncio task of its own.

The model, per (session, key): nothing recorded, held (by the requests waiting on it),
inserted (with its messageId), withdrawn (its requests answered -32800, nothing recorded)
or forgotten with the session. After every step each request's answer, if it has one, is
the model's, and each key's record in the store is the model's.
"""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

SESSIONS = ("s1", "s2")
KEYS = ("a", "b")
SLOTS = [(s, k) for s in SESSIONS for k in KEYS]
Slot = tuple[str, str]
# in memory where there is such a folder: fsync (synchronous=FULL) costs nothing there, and
# durability is the crash harness' business, not this model's
FAST_DISK = "/dev/shm" if Path("/dev/shm").is_dir() else None
Answer = tuple[str, Any]  # ("id", messageId) or ("error", code)


@dataclass
class Request:
    slot: Slot
    task: asyncio.Task[Answer]
    answer: Answer | None = None  # what the model says it is answered with, once it is
    gone: bool = False  # its own wait was cancelled (or its process restarted)


@dataclass
class Held:
    claim: Any
    requests: list[int] = field(default_factory=list)


async def _answer(waiter: Any) -> Answer:
    outcome = await waiter
    if outcome.error is not None:
        return ("error", outcome.error.code)
    return ("id", outcome.message_id)


class Recorder(RuleBasedStateMachine):
    keys: ModuleType

    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="keys-state-", dir=FAST_DISK))
        self.path = self.folder / "agent.sqlite"
        self.loop = asyncio.new_event_loop()
        self.store = self.keys.SqliteKeyStore(self.path, setup=_messages)
        self.recorder = self.keys.KeyRecorder(self.store)
        self.recorded: dict[Slot, str] = {}
        self.held: dict[Slot, Held] = {}
        self.requests: dict[int, Request] = {}
        self.made = 0

    def teardown(self) -> None:
        for request in self.requests.values():
            request.task.cancel()
        self._run()
        self.loop.close()
        self.store.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    def _run(self) -> None:
        async def settle() -> None:
            for _ in range(4):
                await asyncio.sleep(0)

        self.loop.run_until_complete(settle())

    def _new_id(self) -> str:
        self.made += 1
        return f"msg_{self.made}"

    def _answer_all(self, slot: Slot, answer: Answer) -> None:
        for request in self.held.pop(slot).requests:
            self.requests[request].answer = answer

    # --- rules -------------------------------------------------------------------------

    @rule(slot=st.sampled_from(SLOTS))
    def prompt(self, slot: Slot) -> None:
        """A prompt with the key, or a retry of it: the RFD's table."""
        number = len(self.requests) + 1
        found = self.recorder.lookup(*slot, request=number)
        if slot in self.recorded:
            assert found == self.keys.Inserted(self.recorded[slot])
            return
        task = self.loop.create_task(_answer(found.waiter))
        self.requests[number] = Request(slot, task)
        if slot in self.held:
            assert isinstance(found, self.keys.Pending)  # no second prompt held
            self.held[slot].requests.append(number)
        else:
            assert isinstance(found, self.keys.NotFound)
            self.held[slot] = Held(found, [number])

    @precondition(lambda self: self.held)
    @rule(data=st.data())
    def insert(self, data: st.DataObject) -> None:
        slot = data.draw(st.sampled_from(sorted(self.held)))
        message_id = self._new_id()
        insertion = self.held[slot].claim.insert(message_id, _write(message_id))
        assert insertion == self.keys.Insertion(won=True, message_id=message_id)
        self.recorded[slot] = message_id
        self._answer_all(slot, ("id", message_id))

    @precondition(lambda self: self.held)
    @rule(data=st.data())
    def insert_after_another_process(self, data: st.DataObject) -> None:
        """Another process sharing the store recorded the key first: this one loses."""
        slot = data.draw(st.sampled_from(sorted(self.held)))
        theirs = self._new_id()
        assert self.store.record(*slot, theirs) == (True, theirs)
        insertion = self.held[slot].claim.insert(self._new_id(), _write("never"))
        assert insertion == self.keys.Insertion(won=False, message_id=theirs)
        self.recorded[slot] = theirs
        self._answer_all(slot, ("id", theirs))

    @precondition(lambda self: self.held)
    @rule(data=st.data())
    def write_fails(self, data: st.DataObject) -> None:
        """The message's write fails: nothing recorded, the prompt stays held."""
        slot = data.draw(st.sampled_from(sorted(self.held)))
        with pytest.raises(RuntimeError):
            self.held[slot].claim.insert(self._new_id(), _broken)

    @precondition(lambda self: self.held)
    @rule(data=st.data())
    def fail(self, data: st.DataObject) -> None:
        """An error answers the prompt: the key stays unused."""
        slot = data.draw(st.sampled_from(sorted(self.held)))
        self.held[slot].claim.fail(self.keys.JsonRpcError(-32603, "model unavailable"))
        self._answer_all(slot, ("error", -32603))

    @precondition(lambda self: self.requests)
    @rule(data=st.data())
    def cancel_request(self, data: st.DataObject) -> None:
        """``$/cancel_request`` for any request: withdraws its key's prompt if held."""
        number = data.draw(st.sampled_from(sorted(self.requests)))
        slot = self.requests[number].slot
        holds = slot in self.held and number in self.held[slot].requests
        assert self.recorder.cancel_request(number) == holds
        if holds:
            self._answer_all(slot, ("error", -32800))

    @precondition(lambda self: any(r.answer is None and not r.gone for r in self.requests.values()))
    @rule(data=st.data())
    def cancel_one_wait(self, data: st.DataObject) -> None:
        """A request's task is cancelled (timeout, closed connection): that wait only."""
        waiting = [n for n, r in self.requests.items() if r.answer is None and not r.gone]
        number = data.draw(st.sampled_from(waiting))
        self.requests[number].task.cancel()
        self.requests[number].gone = True

    @rule(session=st.sampled_from(SESSIONS))
    def cancel_session(self, session: str) -> None:
        held = [slot for slot in self.held if slot[0] == session]
        assert self.recorder.cancel_session(session) == len(held)
        for slot in held:
            self._answer_all(slot, ("error", -32800))

    @rule(session=st.sampled_from(SESSIONS))
    def forget_session(self, session: str) -> None:
        self.recorder.forget_session(session)
        for slot in [slot for slot in self.held if slot[0] == session]:
            self._answer_all(slot, ("error", -32800))
        self.recorded = {s: m for s, m in self.recorded.items() if s[0] != session}

    @rule(keep=st.booleans())
    def restart(self, keep: bool) -> None:
        """The agent process restarts: held prompts are gone with it; the store is kept
        (the key is recognized again) or lost (every key is a new submission)."""
        for request in self.requests.values():
            if request.answer is None:
                request.task.cancel()
                request.gone = True
        self.held.clear()
        self.store.close()
        if not keep:
            for suffix in ("", "-wal", "-shm"):
                Path(f"{self.path}{suffix}").unlink(missing_ok=True)
            self.recorded.clear()
        self.store = self.keys.SqliteKeyStore(self.path, setup=_messages)
        self.recorder = self.keys.KeyRecorder(self.store)

    # --- what must hold after every step -----------------------------------------------

    @invariant()
    def answers_are_the_models(self) -> None:
        self._run()
        for request in self.requests.values():
            if request.gone:
                continue
            if request.answer is None:
                assert not request.task.done()
            else:
                assert request.task.result() == request.answer

    @invariant()
    def the_store_holds_the_models_record(self) -> None:
        for slot in SLOTS:
            assert self.store.get(*slot) == self.recorded.get(slot)


def _messages(db: sqlite3.Connection) -> None:
    db.execute("CREATE TABLE IF NOT EXISTS messages (message_id TEXT)")


def _write(message_id: str) -> Any:
    def run(db: sqlite3.Connection) -> None:
        db.execute("INSERT INTO messages VALUES (?)", (message_id,))

    return run


def _broken(db: sqlite3.Connection) -> None:
    db.execute("INSERT INTO messages VALUES ('half written')")
    raise RuntimeError("the runtime refused the message")


@pytest.mark.slow  # seconds: 40 runs of 25 steps
def test_the_recorder_keeps_the_rfds_table(keys: ModuleType) -> None:
    Recorder.keys = keys
    run = Recorder.TestCase
    run.settings = settings(
        max_examples=40,
        stateful_step_count=25,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )
    run().runTest()
