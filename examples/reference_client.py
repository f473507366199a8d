"""A small ACP v2 client that keeps the idempotency-keys RFD, built on acp_models: typed
messages (``decode``/``encode``, the builders) and the retry helpers (``PendingPrompt``,
``RetryPolicy``, its ``ReconnectPlan``). What `acp-spec traces run --client` is proved against.

It starts its agent with the command in ``$ACP_TRACE_AGENT`` (a JSON array), or reaches it
over WebSocket at ``--agent-url`` (or ``$ACP_TRACE_AGENT_URL``; a socket a connection), reads its
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
import importlib.util
import itertools
import json
import os
import shutil
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

if importlib.util.find_spec("acp_models") is None:  # a checkout, without the models installed
    examples = os.path.dirname(os.path.realpath(__file__))
    sys.path.insert(0, os.path.join(os.path.dirname(examples), "generated", "python", "src"))

from acp_models import JsonRpcError
from acp_models.v2 import (
    CancelSessionNotification,
    Implementation,
    InitializeRequest,
    Message,
    NewSessionRequest,
    NewSessionResponse,
    Notification,
    Request,
    Response,
    ResumeSessionRequest,
    build,
    decode,
    decode_result,
    encode,
)
from acp_models.v2.retry import GiveUp, PendingPrompt, RetryPolicy, TransportLost
from websockets.asyncio.client import ClientConnection
from websockets.asyncio.client import connect as ws_connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

LIMIT = 16 * 1024 * 1024  # the longest message line read from the agent
INITIALIZE = InitializeRequest(
    protocol_version=2, info=Implementation(name="reference-client", version="1.0.0")
)


class Lost(Exception):
    """The agent went away with the request unanswered."""


class Connection:
    """One agent process, spoken to in newline-delimited JSON-RPC over its stdio."""

    def __init__(self, process: asyncio.subprocess.Process, on_lost: Callable[[], None]) -> None:
        self.process = process
        self.ids = itertools.count(1)  # ids belong to one connection
        self.waiting: dict[str | int | None, asyncio.Future[Response]] = {}
        self.reading = asyncio.ensure_future(self._read(on_lost))

    async def _messages(self) -> AsyncIterator[bytes]:
        assert self.process.stdout is not None
        while line := await _next_line(self.process.stdout):
            yield line

    async def _read(self, on_lost: Callable[[], None]) -> None:
        async for line in self._messages():
            try:
                message: Message | JsonRpcError = decode(line, receiver="client")
            except JsonRpcError as error:  # unreadable: answer it if it was a request
                message = error
            await self._receive(message)
        for future in self.waiting.values():
            if not future.done():
                future.set_exception(Lost())
        self.waiting.clear()
        on_lost()

    async def _receive(self, message: Message | JsonRpcError) -> None:
        if isinstance(message, Response):
            future = self.waiting.pop(message.id, None)
            if future is not None and not future.done():
                future.set_result(message)
        elif isinstance(message, Request):  # this client serves no agent requests
            await self.send(JsonRpcError(-32601, id=message.id))
        elif isinstance(message, JsonRpcError) and message.reply:
            await self.send(message)
        # notifications (session/update) are the UI's; this client has none

    async def send(self, message: Request | Notification | JsonRpcError) -> None:
        await self._write(encode(message))

    async def _write(self, data: bytes) -> None:
        if self.process.stdin is None or self.process.stdin.is_closing():
            raise Lost()
        try:
            self.process.stdin.write(data + b"\n")
            await self.process.stdin.drain()
        except (ConnectionError, RuntimeError):
            raise Lost() from None

    async def call(self, request: Request) -> object:
        """The typed result of ``request``; its error response raised as a JsonRpcError."""
        future: asyncio.Future[Response] = asyncio.get_running_loop().create_future()
        self.waiting[request.id] = future
        await self.send(request)
        response = await future
        if response.error is not None:
            raise response.error
        return decode_result(request.method, response.result)

    def request(self, method: str, params: Any) -> Request:
        return Request(next(self.ids), method, params)

    async def close(self) -> None:
        """End the agent: its stdin closes, so it exits; killed if it has not in 2 s."""
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            await asyncio.wait_for(self.process.wait(), 2)
        except TimeoutError:
            self.process.kill()
            await self.process.wait()


class WebSocketConnection(Connection):
    """One WebSocket to an agent server (upstream's remote profile: a text frame a message)."""

    def __init__(self, socket: ClientConnection, on_lost: Callable[[], None]) -> None:
        self.socket = socket
        self.ids = itertools.count(1)
        self.waiting = {}
        self.reading = asyncio.ensure_future(self._read(on_lost))

    async def _messages(self) -> AsyncIterator[bytes]:
        with contextlib.suppress(ConnectionClosed):
            async for frame in self.socket:
                if isinstance(frame, str):  # binary frames are not ACP's
                    yield frame.encode()

    async def _write(self, data: bytes) -> None:
        try:
            await self.socket.send(data.decode())
        except ConnectionClosed:
            raise Lost() from None

    async def close(self) -> None:
        with contextlib.suppress(ConnectionClosed, OSError, TimeoutError):
            await asyncio.wait_for(self.socket.close(), 2)


class Client:
    def __init__(self, agent: list[str] | str, state: str, defect: str | None) -> None:
        self.agent, self.state, self.defect = agent, state, defect
        self.policy = RetryPolicy()
        self.connection: Connection | None = None
        self.connecting: asyncio.Future[None] | None = None  # a sync, or the wait before one
        self.ready = asyncio.Event()  # initialized and resumed: new input may go out
        self.attempts = 1
        self.session_id: str | None = self._load("session.json", {}).get("sessionId")
        self.pending = [PendingPrompt.from_json(p) for p in self._load("pending.json", [])]

    # ── what it persists: atomically, so a crash never leaves half a file ──

    def _load(self, name: str, default: Any) -> Any:
        try:
            with open(os.path.join(self.state, name), encoding="utf-8") as file:
                return json.load(file)
        except FileNotFoundError:
            return default

    def _save(self, name: str, value: Any) -> None:
        temporary = os.path.join(self.state, name + ".tmp")
        with open(temporary, "w", encoding="utf-8") as file:
            json.dump(value, file)
        os.replace(temporary, os.path.join(self.state, name))

    def _save_pending(self) -> None:
        self._save("pending.json", [p.to_json() for p in self.pending])

    # ── connecting and reconnecting ──

    def connect(self, after: float = 0.0) -> None:
        """Start connecting (after a wait), unless a connection is on its way."""
        if self.connecting is None or self.connecting.done():
            self.connecting = asyncio.ensure_future(_quietly(self.sync(after)))

    async def sync(self, after: float) -> None:
        """Open a connection and follow the policy's plan: initialize, resume, resend."""
        await asyncio.sleep(after)
        if self.defect == "new-key-per-attempt":
            self.pending = [PendingPrompt.submit(p.session_id, p.prompt) for p in self.pending]
        resume = []
        if self.session_id is not None:
            resume = [ResumeSessionRequest(session_id=self.session_id, cwd=os.getcwd())]
        ours = [p for p in self.pending if p.session_id == self.session_id]
        connection: Connection
        if isinstance(self.agent, str):  # a WebSocket URL
            try:
                socket = await ws_connect(self.agent, max_size=LIMIT)
            except (OSError, InvalidHandshake, TimeoutError) as error:
                print(f"cannot reach the agent at {self.agent}: {error}", file=sys.stderr)
                raise Lost() from None
            connection = WebSocketConnection(socket, lambda: self.lost(connection))
        else:
            pipe = asyncio.subprocess.PIPE
            agent = await asyncio.create_subprocess_exec(
                *self.agent, stdin=pipe, stdout=pipe, limit=LIMIT
            )
            connection = Connection(agent, lambda: self.lost(connection))
        self.connection = connection
        plan = self.policy.reconnect(INITIALIZE, resume, ours, lambda: next(connection.ids))
        for prompt in plan.stale:
            print(f"held too long, not resent: {prompt.params()['prompt']}", file=sys.stderr)
        for step in plan.steps:
            if step.kind == "prompt":
                self.ready.set()  # new input may go out beside the resent prompts
            if step.session_id is not None and step.session_id != self.session_id:
                continue  # its resume failed
            try:
                await connection.call(step.to_request())
            except JsonRpcError as error:
                print(f"{step.message['method']}: {error}", file=sys.stderr)
                if step.kind == "resume":  # the session is gone, and its pending input with it
                    self.session_id = None
                    self._keep([p for p in self.pending if p.session_id != step.session_id])
                    continue
            if step.pending is not None:
                self.answered(step.pending)
        self.ready.set()
        self.attempts = 1

    def lost(self, connection: Connection) -> None:
        if connection is not self.connection:
            return
        self.ready.clear()
        if not self.pending:
            return  # nothing unanswered: reconnect when the user next needs the agent
        request = self.pending[0].to_request(0)  # the policy judges its method and key
        decision = self.policy.decide(request, TransportLost(), self.attempts)
        if isinstance(decision, GiveUp):
            print(f"not resending: {decision.reason}", file=sys.stderr)
            return
        self.attempts = decision.attempt
        self.connecting = None
        self.connect(after=decision.delay)

    def answered(self, prompt: PendingPrompt) -> None:
        # a result or an error both answer the submission: it is no longer pending
        self._keep([p for p in self.pending if p != prompt])
        self.policy.succeeded()

    def _keep(self, pending: list[PendingPrompt]) -> None:
        self.pending = pending
        self._save_pending()

    # ── the user ──

    async def submit(self, text: str) -> None:
        if not self.ready.is_set():
            self.connect()
            await self.ready.wait()
        assert self.connection is not None  # ready: connected
        connection = self.connection
        if self.session_id is None:
            created = await connection.call(
                connection.request("session/new", NewSessionRequest(cwd=os.getcwd()))
            )
            assert isinstance(created, NewSessionResponse)  # decode_result made it
            self.session_id = created.session_id
            self._save("session.json", {"sessionId": self.session_id})
        prompt = PendingPrompt.from_params(build.prompt(self.session_id, text))
        self.pending.append(prompt)
        self._save_pending()  # with its key, before the first attempt goes out
        try:
            await connection.call(prompt.to_request(next(connection.ids)))
        except JsonRpcError as error:
            print(f"session/prompt: {error}", file=sys.stderr)
        self.answered(prompt)

    async def cancel(self) -> None:
        if self.session_id is not None and self.connection is not None:
            params = CancelSessionNotification(session_id=self.session_id)
            await self.connection.send(Notification("session/cancel", params))

    async def run(self) -> None:
        self.connect()
        reader = asyncio.StreamReader()
        loop = asyncio.get_running_loop()
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
        tasks: set[asyncio.Future[None]] = set()  # kept, so none is collected before it ends
        while line := await reader.readline():
            try:
                action = json.loads(line)
            except ValueError:
                action = None
            if not isinstance(action, dict) or action.get("action") not in ("submit", "cancel"):
                print(f"not an action: {line!r}", file=sys.stderr)
                continue
            if action["action"] == "submit":
                work = self.submit(str(action.get("text", "")))
            else:
                work = self.cancel()
            tasks.add(asyncio.ensure_future(_quietly(work)))
        # the user is gone: stop the work here, not in asyncio.run's shutdown, where a task
        # cancelled while it starts a process waits for that process forever (Python 3.11)
        if self.connecting is not None:
            tasks.add(self.connecting)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        connection, self.connection = self.connection, None  # so its end is no loss
        if connection is not None:
            await connection.close()


async def _next_line(stream: asyncio.StreamReader) -> bytes:
    """The next line (b"" at the end); a line over the limit is skipped whole (readline
    would drop its start and give the rest as a line)."""
    skipping = False
    while True:
        try:
            line = await stream.readuntil(b"\n")
        except asyncio.IncompleteReadError as end:  # the last line has no newline
            return b"" if skipping else end.partial
        except asyncio.LimitOverrunError as over:  # drop what came of it, and then the rest
            await stream.readexactly(over.consumed)
            skipping = True
            continue
        if not skipping:
            return line
        print("a message of over 16 MiB from the agent, skipped", file=sys.stderr)
        skipping = False


async def _quietly(work: Awaitable[None]) -> None:
    # a lost agent is handled by the reconnect; the user's action is not the one to report it
    with contextlib.suppress(Lost):
        await work


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--defect", choices=["new-key-per-attempt"], help="for tests")
    parser.add_argument("--agent-url", metavar="ws://HOST:PORT/acp",
                        default=os.environ.get("ACP_TRACE_AGENT_URL") or None,
                        help="reach the agent over WebSocket (default: $ACP_TRACE_AGENT_URL;"
                        " without it, start $ACP_TRACE_AGENT and speak stdio)")  # fmt: skip
    args = parser.parse_args()
    agent: list[str] | str | None = args.agent_url
    if agent is None:
        try:
            agent = json.loads(os.environ.get("ACP_TRACE_AGENT", ""))
        except ValueError:
            agent = None
        if not isinstance(agent, list) or not agent or not all(isinstance(a, str) for a in agent):
            parser.error("ACP_TRACE_AGENT is the agent's command, as a JSON array of strings")
        if shutil.which(agent[0]) is None:
            parser.error(f"ACP_TRACE_AGENT: no program {agent[0]!r}")
    state = os.environ.get("ACP_TRACE_STATE_DIR", ".")
    asyncio.run(Client(agent, state, args.defect).run())
    return 0


if __name__ == "__main__":
    sys.exit(main())
