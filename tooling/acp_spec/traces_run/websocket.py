"""An agent under test as a WebSocket server (upstream's remote transport, its WebSocket
profile: ``GET /acp`` with ``Upgrade: websocket``, one JSON-RPC message per text frame).

Unlike stdio, a connection is not a process: one server takes every connection of a trace,
and its sessions outlive them. The runner starts the agent's command with
``ACP_TRACE_LISTEN=127.0.0.1:PORT`` (and ``ACP_TRACE_STATE_DIR``), waits until the port
accepts, and opens a new WebSocket for each ``connect``; ``close`` closes that socket only;
``restart-agent`` kills the server (``store: lose`` empties the state directory) and starts
it again. Given a URL instead (``--agent-url``), the runner plays against a server already
running, and a trace that restarts the agent cannot be played.

A client under test is started with ``ACP_TRACE_AGENT_URL=ws://127.0.0.1:PORT/acp``, the
runner's scripted agent, where each WebSocket it opens is one connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import socket
from typing import Any

from websockets.asyncio.client import connect
from websockets.asyncio.connection import Connection as Socket
from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from .hygiene import Hygiene
from .processes import kill_group
from .transcript import Transcript
from .transport import (
    AGENT_ENV,
    Breach,
    ClientPeer,
    Connection,
    Limits,
    Peer,
    StartError,
    _exited,
    _kill,
    _outliving,
    _spawn,
)

LISTEN_ENV = "ACP_TRACE_LISTEN"
AGENT_URL_ENV = "ACP_TRACE_AGENT_URL"
PATH = "/acp"


class NotPlayable(Exception):
    """The trace needs what this way of reaching the agent cannot do."""


class WebSocketConnection(Connection):
    """One WebSocket: a text frame is one message."""

    def __init__(
        self,
        name: str,
        socket: Socket,
        transcript: Transcript,
        hygiene: Hygiene,
        breach: Breach,
        limits: Limits,
    ) -> None:
        super().__init__(name, transcript, hygiene, breach, limits)
        self._socket = socket
        self._begin(self._read())

    async def _read(self) -> None:
        try:
            async for frame in self._socket:
                if isinstance(frame, bytes):
                    self._breach(
                        f"{self.name}: a binary frame; the WebSocket profile carries each"
                        " JSON-RPC message in a text frame",
                        None,
                    )
                    continue
                if not self._got(frame.encode()):
                    await self._socket.close(1008, "too much")
                    break
        except ConnectionClosed as closed:
            frames = (closed.rcvd, closed.sent)
            if any(frame is not None and frame.code == 1009 for frame in frames):  # too big
                self._breach(
                    f"{self.name}: a message longer than {self._limits.line} bytes;"
                    " the runner read no more",
                    None,
                )
            elif closed.rcvd is None and closed.sent is None:
                self._transcript.add(self.name, "note", "the connection dropped")
        finally:
            self._ended()

    async def _write(self, text: str) -> str | None:
        try:
            await self._socket.send(text)
        except ConnectionClosed as error:
            return str(error)
        return None

    async def close(self) -> None:
        self.closed = True
        with contextlib.suppress(ConnectionClosed, OSError):
            await asyncio.wait_for(self._socket.close(), 2)


def _free_port() -> int:
    # the kernel's choice, let go at once: the server binds it a moment later
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class WebSocketAgentPeer(Peer):
    """An agent under test serving WebSocket: one server per trace (or the one at ``url``),
    a socket per connection."""

    side = "agent"
    handler = "client"

    def __init__(self, *args: Any, url: str | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.url = url
        self.server: asyncio.subprocess.Process | None = None
        self.address = ""

    async def _start(self, timeout: float) -> None:
        port = _free_port()
        self.address = f"127.0.0.1:{port}"
        env = {**self.env(), LISTEN_ENV: self.address}
        self.server = await _spawn(self.command, env, self.log, self.limits.line, False)
        self.transcript.add(
            "", "note", f"started the agent (pid {self.server.pid}) on {self.address}"
        )
        for _ in range(int(timeout / 0.02)):
            if self.server.returncode is not None:
                raise StartError(
                    f"the agent exited ({self.server.returncode}) before it listened on"
                    f" {self.address} (it is given the address in {LISTEN_ENV})"
                )
            with contextlib.suppress(OSError):
                _, writer = await asyncio.open_connection("127.0.0.1", port)
                writer.close()
                return
            await asyncio.sleep(0.02)
        raise StartError(
            f"the agent did not listen on {self.address} within {timeout * 1000:.0f} ms"
            f" (it is given the address in {LISTEN_ENV})"
        )

    async def connect(self, name: str, timeout: float) -> Connection:
        if self.url is None and self.server is None:
            await self._start(timeout)
        url = self.url or f"ws://{self.address}{PATH}"
        try:
            socket = await connect(
                url, max_size=self.limits.line, ping_interval=None, open_timeout=timeout
            )
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as error:
            raise ConnectionRefusedError(f"cannot open a WebSocket to {url}: {error}") from None
        connection = WebSocketConnection(
            name, socket, self.transcript, self.hygiene(), self.breach, self.limits
        )
        self.transcript.add(name, "note", f"opened a WebSocket to {url}")
        return self.opened(connection)

    async def close(self, name: str) -> None:
        connection = self.connections.pop(name, None)
        if connection is not None:
            await connection.close()
            await connection.finished(1)

    async def restart_agent(self, keep: bool) -> None:
        if self.url is not None:
            raise NotPlayable("restart-agent: the runner did not start the agent (--agent-url)")
        for name in list(self.connections):
            await self.close(name)
        if self.server is not None:
            await _kill(self.server)
            self.server = None
            self.transcript.add("", "note", "killed the agent")
        if not keep:
            self.wipe_state()
        self.transcript.add("", "note", f"state directory {'kept' if keep else 'emptied'}")

    async def user(self, action: str, text: str | None) -> None:
        self.transcript.add("", "note", f"user {action} ignored: an agent trace has no user")

    async def shutdown(self) -> None:
        for name in list(self.connections):
            await self.close(name)
        if self.server is not None:
            await self._stop_server(self.server)
            self.server = None
        await self.log.stop()

    async def _stop_server(self, server: asyncio.subprocess.Process) -> None:
        """A server is asked to stop (SIGTERM) and given the close grace; what it left
        running is a breach, as a stdio agent's is."""
        with contextlib.suppress(ProcessLookupError):
            os.kill(server.pid, signal.SIGTERM)
        if not await _exited(server, self.close_grace):
            self.transcript.add("", "note", "the agent did not exit on SIGTERM: killed")
        else:
            left = await _outliving(server.pid)
            if left:
                self.breach(
                    f"the agent (pid {server.pid}) exited and left {len(left)} process(es)"
                    f" of its group running: {'; '.join(left[:5])}",
                    None,
                )
        if still := await kill_group(server.pid):
            self.transcript.add("", "note", f"could not stop: {'; '.join(still[:5])}")
        await _kill(server)


class WebSocketClientPeer(ClientPeer):
    """A client under test that reaches its agent, the runner, over WebSocket."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.sockets: asyncio.Queue[ServerConnection] = asyncio.Queue()
        self.listening: Server | None = None
        self.url = ""

    async def start(self) -> None:
        async def accepted(socket: ServerConnection) -> None:
            await self.sockets.put(socket)
            await socket.wait_closed()  # the socket lives as long as this handler

        self.listening = await serve(accepted, "127.0.0.1", 0, max_size=self.limits.line)
        port = next(iter(self.listening.sockets)).getsockname()[1]
        self.url = f"ws://127.0.0.1:{port}{PATH}"
        await self._start_client()

    async def _start_client(self) -> None:
        env = {**self.env(), AGENT_URL_ENV: self.url}
        env.pop(AGENT_ENV, None)
        self.process = await _spawn(self.command, env, self.log, self.limits.line, False)
        self.transcript.add(
            "", "note", f"started the client (pid {self.process.pid}), its agent at {self.url}"
        )

    async def connect(self, name: str, timeout: float) -> Connection:
        try:
            socket = await asyncio.wait_for(self.sockets.get(), timeout)
        except TimeoutError:
            raise ConnectionRefusedError(
                f"the client opened no WebSocket within {timeout * 1000:.0f} ms"
            ) from None
        connection = WebSocketConnection(
            name, socket, self.transcript, self.hygiene(), self.breach, self.limits
        )
        self.transcript.add(name, "note", "the client connected")
        return self.opened(connection)

    async def shutdown(self) -> None:
        await super().shutdown()
        if self.listening is not None:
            self.listening.close()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.listening.wait_closed(), 2)
