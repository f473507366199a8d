"""The reference agent killed (SIGKILL) at random points 200 times while it takes a
stream of keyed prompts, restarted on the same store each time, and the prompts retried:
at most one message is ever inserted per key, and a key whose messageId a client was told
is answered with that messageId ever after.

Each agent is forked from this process with the models already imported, so an agent
costs a fork, not an interpreter start: the harness kills 200 of them in seconds.
"""

from __future__ import annotations

import importlib.util
import io
import json
import os
import random
import select
import shutil
import signal
import sqlite3
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from support.models import import_models
from support.paths import REPO

KILLS = 200
LANES = 4
FAST_DISK = "/dev/shm" if Path("/dev/shm").is_dir() else None
KEYS = [f"key-{n}" for n in range(60)]
PROMPTS_PER_RUN = 5
LAST = 999  # the id of a request sent after the prompts: its answer ends a stream


@pytest.fixture(scope="module")
def agent_module() -> Iterator[ModuleType]:
    for _ in import_models():  # the agent then finds the committed models on sys.path
        name = "_reference_agent_under_test"
        spec = importlib.util.spec_from_file_location(
            name, REPO / "examples" / "reference_agent.py"
        )
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # dataclasses look their module up while it runs
        try:
            spec.loader.exec_module(module)
            yield module
        finally:
            del sys.modules[name]


class Forked:
    """A reference agent forked from this process, on stdin and stdout pipes."""

    def __init__(self, agent: ModuleType, state: Path) -> None:
        to_agent, self.to = os.pipe()
        self.frm, from_agent = os.pipe()
        self.pid = os.fork()
        if self.pid == 0:  # the agent: never returns into pytest
            code = 1
            try:
                os.dup2(to_agent, 0)
                os.dup2(from_agent, 1)
                for fd in (to_agent, from_agent, self.to, self.frm):
                    os.close(fd)
                os.environ["ACP_TRACE_STATE_DIR"] = str(state)
                sys.stdin = io.TextIOWrapper(io.BufferedReader(io.FileIO(0, closefd=False)))
                sys.stdout = io.TextIOWrapper(io.BufferedWriter(io.FileIO(1, "w", closefd=False)))
                code = agent.main([])
            finally:
                os._exit(code)
        os.close(to_agent)
        os.close(from_agent)
        self.buffer = b""

    def send(self, message: dict[str, Any]) -> None:
        os.write(self.to, json.dumps({"jsonrpc": "2.0", **message}).encode() + b"\n")

    def lines(self, count: int) -> Iterator[dict[str, Any]]:
        """Up to ``count`` lines, up to the answer to the ``LAST`` request."""
        for _ in range(count):
            while b"\n" not in self.buffer:
                ready, _, _ = select.select([self.frm], [], [], 10)
                chunk = os.read(self.frm, 65536) if ready else b""
                if not chunk:
                    return
                self.buffer += chunk
            line, self.buffer = self.buffer.split(b"\n", 1)
            message = json.loads(line)
            if message.get("id") == LAST and "method" not in message:
                return
            yield message

    def kill(self) -> None:
        os.kill(self.pid, signal.SIGKILL)
        self.end()

    def end(self) -> int:
        os.close(self.to)
        os.close(self.frm)
        _, status = os.waitpid(self.pid, 0)
        return status


def prompt(request: int, session_id: str, key: str) -> dict[str, Any]:
    text = [{"type": "text", "text": f"prompt for {key}"}]
    params = {"sessionId": session_id, "prompt": text, "idempotencyKey": key}
    return {"id": request, "method": "session/prompt", "params": params}


class Lane:
    """One store, its session, and what its clients were told: lanes run side by side,
    so one lane's agent works while another's waits to be killed."""

    def __init__(self, agent: ModuleType, state: Path) -> None:
        state.mkdir()
        self.agent, self.state = agent, state
        first = Forked(agent, state)
        first.send({"id": 1, "method": "session/new", "params": {"cwd": "/work"}})
        [made] = first.lines(1)
        self.session_id: str = made["result"]["sessionId"]
        assert os.waitstatus_to_exitcode(first.end()) == 0
        self.told: dict[str, str] = {}  # key -> the messageId a client was told
        self.announced: dict[str, set[str]] = {}  # key -> every id a user_message announced

    def start(self, keys: list[str]) -> Forked:
        forked = Forked(self.agent, self.state)
        for n, key in enumerate(keys):
            forked.send(prompt(n + 1, self.session_id, key))
        forked.send({"id": LAST, "method": "session/list", "params": {}})
        return forked

    def saw(self, keys: list[str], seen: list[dict[str, Any]]) -> None:
        for message in seen:
            if "result" in message:
                key, answer = keys[message["id"] - 1], message["result"]["messageId"]
                assert self.told.setdefault(key, answer) == answer, key
            elif message.get("method") == "session/update":
                update = message["params"]["update"]
                if update["sessionUpdate"] == "user_message":
                    key = update["content"][0]["text"].removeprefix("prompt for ")
                    self.announced.setdefault(key, set()).add(update["messageId"])

    def check(self) -> None:
        # an agent left to finish: every key retried once more
        last = self.start(KEYS)
        answers = {
            KEYS[m["id"] - 1]: m["result"]["messageId"]
            for m in last.lines(10 * len(KEYS))
            if "result" in m
        }
        assert os.waitstatus_to_exitcode(last.end()) == 0
        assert len(answers) == len(KEYS)
        for key, message_id in self.told.items():
            assert answers[key] == message_id, key  # a told messageId never changes
        with sqlite3.connect(self.state / "agent.sqlite") as db:
            rows = db.execute("SELECT prompt, message_id FROM messages").fetchall()
            recorded = dict(db.execute("SELECT key, message_id FROM acp_idempotency_keys"))
        inserted: dict[str, list[str]] = {}
        for prompt_json, message_id in rows:
            key = json.loads(prompt_json)[0]["text"].removeprefix("prompt for ")
            inserted.setdefault(key, []).append(message_id)
        assert all(len(ids) == 1 for ids in inserted.values())  # one insertion per key
        assert {k: ids[0] for k, ids in inserted.items()} == recorded == answers
        for key, ids in self.announced.items():
            assert ids <= {recorded[key]}, key  # only the stored message was announced


@pytest.mark.slow  # seconds: 200 agents killed
def test_killed_agents_insert_each_key_once_and_keep_every_answer(
    agent_module: ModuleType, tmp_path: Path
) -> None:
    rng = random.Random(27)
    # a killed process loses nothing the kernel has, so the page cache is the disk here:
    # in memory where there is such a folder, fsync costs nothing
    folder = Path(tempfile.mkdtemp(dir=FAST_DISK)) if FAST_DISK else tmp_path
    try:
        _crash_lanes(agent_module, folder, rng)
    finally:
        if FAST_DISK:
            shutil.rmtree(folder, ignore_errors=True)


def _crash_lanes(agent_module: ModuleType, folder: Path, rng: random.Random) -> None:
    lanes = [Lane(agent_module, folder / f"lane{n}") for n in range(LANES)]
    for _ in range(KILLS // LANES):
        keys = [rng.sample(KEYS, PROMPTS_PER_RUN) for _ in lanes]
        running = [lane.start(k) for lane, k in zip(lanes, keys, strict=True)]
        if rng.random() < 0.5:
            # somewhere in the stream, often inside a transaction
            time.sleep(rng.random() * 0.04)
            seen: list[list[dict[str, Any]]] = [[] for _ in lanes]
        else:  # after a given number of lines
            seen = [list(r.lines(rng.randrange(4 * PROMPTS_PER_RUN))) for r in running]
        for lane, forked, k, lines in zip(lanes, running, keys, seen, strict=True):
            forked.kill()
            lane.saw(k, lines)
    for lane in lanes:
        lane.check()
    told = sum(len(lane.told) for lane in lanes)
    assert told > LANES * len(KEYS) // 2  # the kills left answers to keep, not only silence
