"""The reference agent's WebSocket server: one agent, many connections.

Upstream's remote transport, its WebSocket profile: `GET /acp` upgraded, one JSON-RPC
message per text frame. One agent serves every connection, so sessions, held prompts and
keys outlive the connection they came on: a retry on a new connection finds them. The
agent itself is the stdio one (examples/reference_agent.py); the Router only says which
connection each message is on.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import signal
import sys
from collections.abc import Callable, Mapping
from http import HTTPStatus
from typing import Any, Protocol

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request as Upgrade
from websockets.http11 import Response as Refusal

Id = str | int | None


class RoutedAgent(Protocol):
    """What the Router needs of an agent: it reads one message at a time, says what it has
    to say through ``sink``, and has the tasks to cancel when the server stops."""

    sink: Callable[[bytes], None] | None

    def receive(self, line: bytes) -> None: ...

    @property
    def tasks(self) -> Mapping[Any, asyncio.Task[None]]: ...


Wire = dict[str, Any]


def _plain_id(value: Any) -> bool:
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


class Router:
    """Gives the agent one id space and routes its messages. Each connection numbers its
    requests from 1, so a request gets a server-wide id on the way in and its own back on
    the way out (``$/cancel_request`` names it by the connection's id, so it is mapped
    too). A session's messages go to the connection that last named the session; the
    agent's requests (a permission) still unanswered when that connection closed are asked
    again on the next one that names it, since the work waits on them."""

    def __init__(self, agent: RoutedAgent) -> None:
        self.agent = agent
        agent.sink = self.said
        self.next_id = 0
        self.requests: dict[int, tuple[Any, Id]] = {}  # server id -> (connection, its id)
        self.ids: dict[tuple[Any, str], int] = {}  # (connection, its id as JSON) -> server id
        self.sessions: dict[str, Any] = {}  # session -> the connection it talks on
        self.asked: dict[Id, tuple[str, bytes]] = {}  # the agent's unanswered requests
        self.queues: dict[Any, asyncio.Queue[bytes]] = {}  # open connections' outgoing
        self.current: Any = None  # the connection whose message the agent is reading

    def attach(self, session_id: str, connection: Any) -> None:
        before = self.sessions.get(session_id)
        self.sessions[session_id] = connection
        if before is not connection and before not in self.queues:
            for asked_session, data in list(self.asked.values()):
                if asked_session == session_id:
                    self.write(connection, data)

    def heard(self, connection: Any, text: str) -> None:
        """A frame from ``connection``: mapped, then read by the agent."""
        try:
            message: Any = json.loads(text)
        except ValueError:
            message = None  # the agent answers it (a parse error, id null)
        if isinstance(message, dict):
            params = message.get("params")
            session_id = params.get("sessionId") if isinstance(params, dict) else None
            if "method" in message and isinstance(session_id, str):
                self.attach(session_id, connection)
            if "method" in message and _plain_id(message.get("id")):
                self.next_id += 1
                self.requests[self.next_id] = (connection, message["id"])
                self.ids[(connection, json.dumps(message["id"]))] = self.next_id
                text = json.dumps({**message, "id": self.next_id})
            elif message.get("method") == "$/cancel_request" and isinstance(params, dict):
                ours = self.ids.get((connection, json.dumps(params.get("requestId"))))
                if ours is not None:
                    text = json.dumps({**message, "params": {**params, "requestId": ours}})
            elif "method" not in message and _plain_id(message.get("id")):
                self.asked.pop(message["id"], None)
        self.current = connection
        try:
            self.agent.receive(text.encode())
        finally:
            self.current = None

    def said(self, data: bytes) -> None:
        """The agent's message: to the connection it belongs to, if that one is open."""
        message: Wire = json.loads(data)
        if "method" not in message:  # a response: to the request's connection, its id back
            ours = message.get("id")  # the server's ids are integers
            found = self.requests.get(ours) if isinstance(ours, int) else None
            if found is None:
                if message.get("id") is None:
                    self.write(self.current, data)
                return  # its connection closed: it goes nowhere
            connection, original = found
            result = message.get("result")
            if isinstance(result, dict) and isinstance(result.get("sessionId"), str):
                self.attach(result["sessionId"], connection)
            self.write(connection, json.dumps({**message, "id": original}).encode())
            return
        params = message.get("params")
        session_id = params.get("sessionId") if isinstance(params, dict) else None
        if not isinstance(session_id, str):
            self.write(self.current, data)
            return
        if "id" in message:
            self.asked[message["id"]] = (session_id, data)
        self.write(self.sessions.get(session_id), data)

    def write(self, connection: Any, data: bytes) -> None:
        queue = self.queues.get(connection)
        if queue is not None:
            queue.put_nowait(data)

    async def connection(self, socket: Any) -> None:
        """One WebSocket, from its upgrade to its close; the agent's state stays."""
        queue: asyncio.Queue[bytes] = asyncio.Queue()
        self.queues[socket] = queue

        async def write() -> None:
            while True:
                await socket.send((await queue.get()).decode())

        writing = asyncio.ensure_future(write())
        try:
            async for frame in socket:
                if isinstance(frame, str):  # binary frames are ignored, as upstream says
                    self.heard(socket, frame)
                    await asyncio.sleep(0)  # as on stdio: its tasks answer in order
        except ConnectionClosed:
            pass
        finally:
            del self.queues[socket]
            writing.cancel()
            for ours in [ours for (c, _), ours in self.ids.items() if c is socket]:
                del self.requests[ours]
            self.ids = {k: v for k, v in self.ids.items() if k[0] is not socket}


async def serve_websocket(agent: RoutedAgent, host: str, port: int, max_size: int) -> None:
    """Serve ``agent`` on ``ws://HOST:PORT/acp`` until SIGTERM or SIGINT; a frame longer
    than ``max_size`` bytes closes its connection."""
    router = Router(agent)

    def only_acp(socket: ServerConnection, request: Upgrade) -> Refusal | None:
        if request.path.split("?")[0] != "/acp":
            return socket.respond(HTTPStatus.NOT_FOUND, "ACP is at /acp\n")
        return None

    stop = asyncio.get_running_loop().create_future()
    for number in (signal.SIGTERM, signal.SIGINT):
        asyncio.get_running_loop().add_signal_handler(number, stop.cancel)
    async with serve(router.connection, host, port, process_request=only_acp, max_size=max_size):
        print(f"reference-agent: listening on ws://{host}:{port}/acp", file=sys.stderr, flush=True)  # fmt: skip
        with contextlib.suppress(asyncio.CancelledError):
            await stop
    for task in list(agent.tasks.values()):
        task.cancel()
