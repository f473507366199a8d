"""The side under test as processes and connections: newline-delimited JSON-RPC over a
process's stdio (an agent) or over the relay's socket (a client's agent processes).

An agent under test is one process per connection, as stdio makes it (a new connection is a
new agent process); every process of a trace shares one state directory, named by
``ACP_TRACE_STATE_DIR``, where the agent keeps what it stores. ``close`` ends a process's
stdin and waits for it to exit; ``restart-agent`` kills every process (a crash) and, with
``store: lose``, empties the state directory. A client under test is one process for the
trace; ``ACP_TRACE_AGENT`` (a JSON array: the command to start its agent) reaches the
runner, its stdin takes the user's actions as JSON lines, and ``ACP_TRACE_STATE_DIR`` is
what it persists in.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import shutil
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ..jsontext import JsonProblem, parse_json
from .transcript import Entry, Transcript

STATE_ENV = "ACP_TRACE_STATE_DIR"
AGENT_ENV = "ACP_TRACE_AGENT"
_LINE_LIMIT = 16 * 1024 * 1024


class StartError(Exception):
    """The command under test could not be started."""


def _is_response(message: Any) -> bool:
    return isinstance(message, dict) and "id" in message and "method" not in message


class Connection:
    """One named connection: what came on it, and a way to send and to close it."""

    def __init__(
        self,
        name: str,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        transcript: Transcript,
    ) -> None:
        self.name = name
        self.received: list[Entry] = []
        self.closed = False
        self.drop_responses = 0
        self._writer = writer
        self._transcript = transcript
        self._arrived = asyncio.Event()
        self._reading = asyncio.ensure_future(self._read(reader))

    async def _read(self, reader: asyncio.StreamReader) -> None:
        try:
            while line := await reader.readline():
                text = line.decode("utf-8", "replace").strip()
                if not text:
                    continue
                try:
                    message: Any = parse_json(text)
                except JsonProblem:
                    message = text
                entry = self._transcript.add(self.name, "received", message)
                if self.drop_responses and _is_response(message):
                    self.drop_responses -= 1
                    entry.dropped = True
                self.received.append(entry)
                self._arrived.set()
        except (ConnectionError, ValueError, asyncio.LimitOverrunError) as error:
            self._transcript.add(self.name, "note", f"reading failed: {error}")
        finally:
            self.closed = True
            self._arrived.set()

    async def arrival(self, timeout: float) -> None:
        """Return when a message arrives or the connection closes, or after ``timeout``."""
        self._arrived.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self._arrived.wait(), timeout)

    async def send(self, message: Any) -> Entry:
        entry = self._transcript.add(self.name, "sent", message)
        if self.closed:
            self._transcript.add(self.name, "note", "not delivered: the connection is closed")
            return entry
        try:
            self._writer.write(json.dumps(message, ensure_ascii=False).encode() + b"\n")
            await self._writer.drain()
        except (ConnectionError, RuntimeError) as error:
            self._transcript.add(self.name, "note", f"not delivered: {error}")
        return entry

    async def close(self) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError, OSError):
            self._writer.close()
        self.closed = True

    async def finished(self, timeout: float) -> None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(self._reading), timeout)


async def _spawn(
    command: Sequence[str], env: dict[str, str], stderr: Path, stdout: bool = True
) -> asyncio.subprocess.Process:
    with stderr.open("ab") as errors:
        try:
            return await asyncio.create_subprocess_exec(
                *command,
                stdin=asyncio.subprocess.PIPE,
                # a client's stdout is only for its logs: with stderr, not read by anyone
                stdout=asyncio.subprocess.PIPE if stdout else errors,
                stderr=errors,
                env=env,
                limit=_LINE_LIMIT,
                start_new_session=True,  # its own group, so a kill reaches its children
            )
        except OSError as error:
            raise StartError(f"cannot start {command[0]!r}: {error.strerror or error}") from None


async def _kill(process: asyncio.subprocess.Process) -> None:
    if process.returncode is None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
        with contextlib.suppress(ProcessLookupError):
            process.kill()
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(process.wait(), 5)


class Peer:
    """The side under test, as the runner drives it (the same shape for both sides)."""

    def __init__(self, command: Sequence[str], workdir: Path, transcript: Transcript) -> None:
        self.command = list(command)
        self.workdir = workdir
        self.state = workdir / "state"
        self.state.mkdir(parents=True, exist_ok=True)
        self.stderr = workdir / "stderr.txt"
        self.transcript = transcript
        self.connections: dict[str, Connection] = {}  # open ones
        self.seen: dict[str, Connection] = {}  # every one, closed too: counts look at them
        self.close_grace = 2.0

    def env(self) -> dict[str, str]:
        return {**os.environ, STATE_ENV: str(self.state)}

    def stderr_tail(self, lines: int = 20) -> str:
        try:
            text = self.stderr.read_text("utf-8", "replace").splitlines()
        except OSError:
            return ""
        return "\n".join(text[-lines:])

    def wipe_state(self) -> None:
        shutil.rmtree(self.state, ignore_errors=True)
        self.state.mkdir(parents=True)

    async def connect(self, name: str, timeout: float) -> Connection:
        raise NotImplementedError

    async def close(self, name: str) -> None:
        raise NotImplementedError

    async def restart_agent(self, keep: bool) -> None:
        for name in list(self.connections):
            await self.close(name)

    async def restart_client(self) -> None:
        for name in list(self.connections):
            await self.close(name)

    async def user(self, action: str, text: str | None) -> None:
        raise NotImplementedError

    async def shutdown(self) -> None:
        raise NotImplementedError


class AgentPeer(Peer):
    """An agent under test: a process per connection, one state directory per trace."""

    def __init__(self, command: Sequence[str], workdir: Path, transcript: Transcript) -> None:
        super().__init__(command, workdir, transcript)
        self.processes: dict[str, asyncio.subprocess.Process] = {}

    async def connect(self, name: str, timeout: float) -> Connection:
        env = {**self.env(), "ACP_TRACE_CONNECTION": name}
        process = await _spawn(self.command, env, self.stderr)
        assert process.stdout is not None and process.stdin is not None
        connection = Connection(name, process.stdout, process.stdin, self.transcript)
        self.processes[name] = process
        self.connections[name] = self.seen[name] = connection
        self.transcript.add(name, "note", f"started the agent (pid {process.pid})")
        return connection

    async def close(self, name: str) -> None:
        connection = self.connections.pop(name, None)
        process = self.processes.pop(name, None)
        if connection is not None:
            await connection.close()
        if process is not None:
            # an agent whose stdin ends exits; one that does not is stopped
            try:
                await asyncio.wait_for(process.wait(), self.close_grace)
            except TimeoutError:
                self.transcript.add(name, "note", "the agent did not exit on EOF: killed")
                await _kill(process)
        if connection is not None:
            await connection.finished(1)

    async def restart_agent(self, keep: bool) -> None:
        for name in list(self.processes):
            await _kill(self.processes.pop(name))
            connection = self.connections.pop(name)
            await connection.close()
            await connection.finished(1)
            self.transcript.add(name, "note", "killed the agent")
        if not keep:
            self.wipe_state()
        self.transcript.add("", "note", f"state directory {'kept' if keep else 'emptied'}")

    async def user(self, action: str, text: str | None) -> None:
        self.transcript.add("", "note", f"user {action} ignored: an agent trace has no user")

    async def shutdown(self) -> None:
        for name in list(self.processes):
            process = self.processes.pop(name)
            await self.connections.pop(name).close()
            try:
                await asyncio.wait_for(process.wait(), 0.5)
            except TimeoutError:
                await _kill(process)


class ClientPeer(Peer):
    """A client under test: one process (restarted by restart-client) that starts its agent
    with the relay command of ``ACP_TRACE_AGENT``; each relay is one connection."""

    def __init__(self, command: Sequence[str], workdir: Path, transcript: Transcript) -> None:
        super().__init__(command, workdir, transcript)
        # a unix socket path has at most about 100 bytes: keep it short
        self.socket = workdir / "a.sock"
        self.incoming: asyncio.Queue[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = (
            asyncio.Queue()
        )
        self.process: asyncio.subprocess.Process | None = None
        self.server: asyncio.AbstractServer | None = None

    async def start(self) -> None:
        async def accepted(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            await self.incoming.put((reader, writer))

        self.server = await asyncio.start_unix_server(
            accepted, path=str(self.socket), limit=_LINE_LIMIT
        )
        await self._start_client()

    async def _start_client(self) -> None:
        relay = [sys.executable, "-I", "-S", str(Path(__file__).with_name("relay.py"))]
        env = {**self.env(), AGENT_ENV: json.dumps([*relay, str(self.socket)])}
        self.process = await _spawn(self.command, env, self.stderr, stdout=False)
        self.transcript.add("", "note", f"started the client (pid {self.process.pid})")

    async def connect(self, name: str, timeout: float) -> Connection:
        try:
            reader, writer = await asyncio.wait_for(self.incoming.get(), timeout)
        except TimeoutError:
            raise ConnectionRefusedError(
                f"the client opened no connection within {timeout * 1000:.0f} ms"
            ) from None
        connection = Connection(name, reader, writer, self.transcript)
        self.connections[name] = self.seen[name] = connection
        self.transcript.add(name, "note", "the client connected")
        return connection

    async def close(self, name: str) -> None:
        connection = self.connections.pop(name, None)
        if connection is not None:
            await connection.close()
            await connection.finished(1)

    async def restart_client(self) -> None:
        if self.process is not None:
            await _kill(self.process)
            self.transcript.add("", "note", "killed the client")
        for name in list(self.connections):
            await self.close(name)
        await self._start_client()

    async def user(self, action: str, text: str | None) -> None:
        line = {"action": action, **({"text": text} if text is not None else {})}
        self.transcript.add("", "note", f"user: {json.dumps(line)}")
        if self.process is None or self.process.stdin is None:
            return
        try:
            self.process.stdin.write(json.dumps(line).encode() + b"\n")
            await self.process.stdin.drain()
        except (ConnectionError, RuntimeError) as error:
            self.transcript.add("", "note", f"the client did not take it: {error}")

    async def shutdown(self) -> None:
        for name in list(self.connections):
            await self.close(name)
        if self.process is not None:
            if self.process.stdin is not None:
                self.process.stdin.close()
            try:
                await asyncio.wait_for(self.process.wait(), 0.5)
            except TimeoutError:
                await _kill(self.process)
        if self.server is not None:
            self.server.close()
