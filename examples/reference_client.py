"""A small ACP v2 client that keeps the idempotency-keys RFD, built on acp_models'
RetryPolicy and PendingPrompt: what `acp-spec traces run --client` is proved against.

It starts its agent with the command in ``$ACP_TRACE_AGENT`` (a JSON array), reads its
user's actions from stdin as JSON lines (``{"action": "submit", "text": ...}``,
``{"action": "cancel"}``) and persists its session and pending prompts in
``$ACP_TRACE_STATE_DIR``. A pending prompt gets its key when the user submits it and keeps
it: when the agent goes away, the policy decides whether to resend, and the reconnect plan
sends ``initialize``, ``session/resume`` and the pending prompts again, each with its key;
after a restart the client restores them and does the same.

``--defect new-key-per-attempt`` mints a new key for every attempt instead.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import os
import sys
from typing import Any

# os.path, not pathlib: the traces start this program a hundred times a run, and pathlib's
# import is a twentieth of its start

try:
    from acp_models.v2.retry import GiveUp, PendingPrompt, RetryPolicy, TransportLost
except ImportError:  # run from a checkout without installing the models
    examples = os.path.dirname(os.path.realpath(__file__))
    sys.path.insert(0, os.path.join(os.path.dirname(examples), "generated", "python", "src"))
    from acp_models.v2.retry import GiveUp, PendingPrompt, RetryPolicy, TransportLost

INITIALIZE = {
    "protocolVersion": 2,
    "capabilities": {},
    "info": {"name": "reference-client", "version": "1.0.0"},
}


class Lost(Exception):
    """The agent went away with the request unanswered."""


class Client:
    def __init__(self, agent: list[str], state: str, defect: str | None) -> None:
        self.agent = agent
        self.state = state
        self.defect = defect
        self.policy = RetryPolicy()
        self.ids = itertools.count(1)
        self.waiting: dict[Any, asyncio.Future[Any]] = {}
        self.process: asyncio.subprocess.Process | None = None
        self.ready = asyncio.Event()
        self.attempts = 1
        self.background: set[asyncio.Future[None]] = set()  # kept, so none is collected
        saved = self._load("session.json", {})
        self.session_id: str | None = saved.get("sessionId")
        self.pending = [PendingPrompt.from_json(p) for p in self._load("pending.json", [])]

    # ── what it persists ──

    def _load(self, name: str, default: Any) -> Any:
        try:
            with open(os.path.join(self.state, name), encoding="utf-8") as file:
                return json.load(file)
        except FileNotFoundError:
            return default

    def _save(self, name: str, value: Any) -> None:
        temporary = os.path.join(self.state, name + ".tmp")
        with open(temporary, "w", encoding="utf-8") as file:
            file.write(json.dumps(value))
        os.replace(temporary, os.path.join(self.state, name))  # never half a file after a crash

    def _save_pending(self) -> None:
        self._save("pending.json", [p.to_json() for p in self.pending])

    # ── the connection ──

    async def open(self) -> None:
        self.process = await asyncio.create_subprocess_exec(
            *self.agent, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE
        )
        self.background.add(asyncio.ensure_future(self.read(self.process)))

    async def read(self, process: asyncio.subprocess.Process) -> None:
        assert process.stdout is not None
        while line := await process.stdout.readline():
            with contextlib.suppress(ValueError):
                await self.receive(json.loads(line))
        for future in self.waiting.values():
            if not future.done():
                future.set_exception(Lost())
        self.waiting.clear()
        if process is self.process:
            self.ready.clear()
            self.background.add(asyncio.ensure_future(self.lost()))

    async def receive(self, message: dict[str, Any]) -> None:
        if "method" not in message:
            future = self.waiting.pop(message.get("id"), None)
            if future is not None and not future.done():
                future.set_result(message)
        elif "id" in message:  # a request the client does not serve
            error = {"code": -32601, "message": "Method not found"}
            await self.write({"jsonrpc": "2.0", "id": message["id"], "error": error})

    async def write(self, message: dict[str, Any]) -> None:
        if self.process is None or self.process.stdin is None:
            raise Lost()
        try:
            self.process.stdin.write(json.dumps(message).encode() + b"\n")
            await self.process.stdin.drain()
        except (ConnectionError, RuntimeError):
            raise Lost() from None

    async def call(self, message: dict[str, Any]) -> dict[str, Any]:
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.waiting[message["id"]] = future
        await self.write(message)
        answer: dict[str, Any] = await future
        return answer

    def request(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        return {"jsonrpc": "2.0", "id": next(self.ids), "method": method, "params": params}

    # ── connecting and reconnecting ──

    async def sync(self) -> None:
        """Open a connection and follow the policy's plan: initialize, resume, resend."""
        self.ids = itertools.count(1)  # ids belong to one connection
        if self.defect == "new-key-per-attempt":
            self.pending = [PendingPrompt.submit(p.session_id, p.prompt) for p in self.pending]
        resume = [{"sessionId": self.session_id, "cwd": os.getcwd()}] if self.session_id else []
        ours = [p for p in self.pending if p.session_id == self.session_id]
        plan = self.policy.reconnect(INITIALIZE, resume, ours, next_id=lambda: next(self.ids))
        await self.open()
        for step in plan.steps:
            if step.kind == "prompt":
                self.ready.set()  # new input may go out beside the resent prompts
            answer = await self.call(step.message)
            if "error" in answer and step.kind == "resume":
                self.pending = [p for p in self.pending if p.session_id != step.session_id]
                self._save_pending()
                self.session_id = None
            elif step.pending is not None:
                self.answered(step.pending, answer)
        self.ready.set()
        self.attempts = 1

    async def lost(self) -> None:
        if not self.pending:
            return  # nothing unanswered: reconnect when the user next needs the agent
        decision = self.policy.decide(self.pending[0].request(0), TransportLost(), self.attempts)
        if isinstance(decision, GiveUp):
            print(f"not resending: {decision.reason}", file=sys.stderr)
            return
        await asyncio.sleep(decision.delay)
        self.attempts = decision.attempt
        with contextlib.suppress(Lost):
            await self.sync()

    def answered(self, prompt: PendingPrompt, answer: dict[str, Any]) -> None:
        # a result or an error both answer the submission: it is no longer pending
        self.pending = [p for p in self.pending if p.key != prompt.key]
        self._save_pending()
        self.policy.succeeded()

    # ── the user ──

    async def submit(self, text: str) -> None:
        if not self.ready.is_set() and self.process is None:
            await self.sync()
        await self.ready.wait()
        if self.session_id is None:
            answer = await self.call(self.request("session/new", {"cwd": os.getcwd()}))
            self.session_id = answer["result"]["sessionId"]
            self._save("session.json", {"sessionId": self.session_id})
        prompt = PendingPrompt.submit(self.session_id, [{"type": "text", "text": text}])
        self.pending.append(prompt)
        self._save_pending()  # with its key, before the first attempt goes out
        answer = await self.call(prompt.request(next(self.ids)))
        self.answered(prompt, answer)

    async def cancel(self) -> None:
        if self.session_id is not None:
            params = {"sessionId": self.session_id}
            await self.write({"jsonrpc": "2.0", "method": "session/cancel", "params": params})

    async def run(self) -> None:
        starting = asyncio.ensure_future(self.sync())
        reader = asyncio.StreamReader()
        loop = asyncio.get_running_loop()
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
        tasks = {starting}
        while line := await reader.readline():
            action = json.loads(line)
            if action.get("action") == "submit":
                work = self.submit(str(action.get("text", "")))
            else:
                work = self.cancel()
            tasks.add(asyncio.ensure_future(_quietly(work)))
        for task in tasks:
            task.cancel()


async def _quietly(work: Any) -> None:
    # a lost agent is handled by the reconnect; the user's action is not the one to report it
    with contextlib.suppress(Lost):
        await work


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--defect", choices=["new-key-per-attempt"], help="for tests")
    args = parser.parse_args()
    agent = json.loads(os.environ["ACP_TRACE_AGENT"])
    state = os.environ.get("ACP_TRACE_STATE_DIR", ".")
    asyncio.run(Client(agent, state, args.defect).run())
    return 0


if __name__ == "__main__":
    sys.exit(main())
