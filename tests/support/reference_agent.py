"""examples/reference_agent.py as a process the tests talk to (JSON lines in, every line
out kept in order), and the prompts and races the tests play on it."""

from __future__ import annotations

import contextlib
import json
import os
import queue
import signal
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from support.paths import REPO

AGENT = [sys.executable, str(REPO / "examples" / "reference_agent.py")]


Message = dict[str, Any]


class Agent:
    """One agent process on ``state``: JSON lines in, every line out kept in order."""

    def __init__(self, state: Path, *args: str, preexec: Callable[[], None] | None = None) -> None:
        env = {**os.environ, "ACP_TRACE_STATE_DIR": str(state)}
        self.process = subprocess.Popen(
            [*AGENT, *args],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
            start_new_session=True,
            preexec_fn=preexec,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.seen: list[Message] = []
        threading.Thread(target=self._read, daemon=True).start()
        self.next_id = 100

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.decode())
        self.lines.put(None)

    def send(self, message: Message) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps({"jsonrpc": "2.0", **message}).encode() + b"\n")
        self.process.stdin.flush()

    def call(self, method: str, params: Any) -> Message:
        self.next_id += 1
        self.send({"id": self.next_id, "method": method, "params": params})
        return self.until(lambda m: m.get("id") == self.next_id and "method" not in m)

    def until(self, fits: Callable[[Message], bool], within: float = 15) -> Message:
        for message in self.stream(within):
            if fits(message):
                return message
        raise AssertionError(f"nothing fitting came; came: {self.seen}")

    def stream(self, within: float) -> Iterator[Message]:
        while True:
            try:
                line = self.lines.get(timeout=within)
            except queue.Empty:
                return
            if line is None:
                return
            message = json.loads(line)
            self.seen.append(message)
            yield message

    def session(self) -> str:
        return str(self.call("session/new", {"cwd": "/work"})["result"]["sessionId"])

    def user_messages(self, text: str) -> list[str]:
        return [
            m["params"]["update"]["messageId"]
            for m in self.seen
            if m.get("method") == "session/update"
            and m["params"]["update"]["sessionUpdate"] == "user_message"
            and m["params"]["update"]["content"][0]["text"] == text
        ]

    def close(self) -> tuple[int, str]:
        assert self.process.stdin is not None
        self.process.stdin.close()
        code = self.process.wait(15)
        list(self.stream(1))
        assert self.process.stderr is not None
        return code, self.process.stderr.read().decode()


def prompt(session_id: str, text: str, key: str | None = None) -> Message:
    params: Message = {"sessionId": session_id, "prompt": [{"type": "text", "text": text}]}
    if key is not None:
        params["idempotencyKey"] = key
    return params


def two_busy_agents(
    started: Callable[..., Agent], *args: str, states: tuple[Path, Path] | None = None
) -> tuple[Agent, Agent, str]:
    """Two agents on one store (one state directory, or ``states`` and a store in ``args``),
    both working on a prompt that waits for permission, with one keyed prompt held in each:
    the same key, held by both before either is let insert it (see ``grant``)."""
    first = started(*args, **({"state": states[0]} if states else {}))
    session = first.session()
    second = started(*args, **({"state": states[1]} if states else {}))
    for agent in (first, second):
        agent.call("session/prompt", prompt(session, "Run the database migration"))
        agent.until(lambda m: m.get("method") == "session/request_permission")
        agent.next_id += 1
        agent.send({"id": agent.next_id, "method": "session/prompt",
                    "params": prompt(session, "Also update the changelog", "K")})  # fmt: skip
        # the agent handles its lines in order: once this is answered, the keyed prompt
        # was looked up (on a loaded machine the second could otherwise see the first's
        # insertion, and never race)
        agent.call("session/list", {})
    return first, second, session


def grant(agent: Agent) -> Message:
    """Answer the agent's permission request, so its work ends and its held keyed prompt
    is inserted (or loses); the keyed prompt's answer."""
    [ask] = [m for m in agent.seen if m.get("method") == "session/request_permission"]
    agent.send(
        {"id": ask["id"], "result": {"outcome": {"outcome": "selected", "optionId": "allow"}}}
    )
    keyed = agent.next_id - 1  # the keyed prompt's id, sent just before session/list
    return agent.until(lambda m: m.get("id") == keyed and "method" not in m)


@contextlib.contextmanager
def agents(tmp_path: Path) -> Iterator[Callable[..., Agent]]:
    """``start(*args, state=tmp_path, **options)`` starts an agent on ``state`` (made if
    missing); every agent started is killed at the end if it is still running."""
    made: list[Agent] = []

    def start(*args: str, state: Path = tmp_path, **options: Any) -> Agent:
        state.mkdir(parents=True, exist_ok=True)
        made.append(Agent(state, *args, **options))
        return made[-1]

    try:
        yield start
    finally:
        for agent in made:
            if agent.process.poll() is None:
                os.killpg(agent.process.pid, signal.SIGKILL)
                agent.process.wait()
