"""The side under test as processes and connections: newline-delimited JSON-RPC over a
process's stdio (an agent) or over the relay's socket (a client's agent processes). An agent
that serves WebSocket is websocket.py's.

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
import sys
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..jsontext import JsonProblem, parse_json
from .hygiene import Hygiene, MessageSchema
from .processes import kill_group, still_running
from .transcript import Entry, Transcript

STATE_ENV = "ACP_TRACE_STATE_DIR"
AGENT_ENV = "ACP_TRACE_AGENT"


@dataclass(frozen=True)
class Limits:
    """What the runner reads from the side under test before it calls it a breach: a
    runaway peer must not make the runner (or its report) as big as what it sends."""

    line: int = 16 * 1024 * 1024  # bytes of one message
    received: int = 64 * 1024 * 1024  # bytes on one connection
    messages: int = 10_000  # on one connection
    log: int = 64 * 1024  # bytes of the peer's stderr kept (the tail)


# Seconds an agent has to exit once its stdin ends. Generous: a well-behaved agent exits at
# once, so this costs nothing, while one killed for being slow (a loaded machine) takes the
# processes it left with it unseen.
CLOSE_GRACE = 5.0


class StartError(Exception):
    """The command under test could not be started."""


def _is_response(message: Any) -> bool:
    return isinstance(message, dict) and "id" in message and "method" not in message


Breach = Callable[[str, Entry | None], None]


class Connection:
    """One named connection: what came on it, and a way to send and to close it. The
    transport (a stream of lines, or WebSocket frames) is a subclass's."""

    def __init__(
        self,
        name: str,
        transcript: Transcript,
        hygiene: Hygiene,
        breach: Breach,
        limits: Limits,
    ) -> None:
        self.name = name
        self.received: list[Entry] = []
        self.closed = False
        self.drop_responses = 0
        self.hygiene = hygiene
        self._breach = breach
        self._limits = limits
        self._transcript = transcript
        self._arrived = asyncio.Event()
        self._total = 0
        self._reading: asyncio.Future[None] | None = None

    def _begin(self, reading: Coroutine[Any, Any, None]) -> None:
        self._reading = asyncio.ensure_future(reading)

    def _got(self, data: bytes) -> bool:
        """Take one message as it came; False when the peer sent more than the limits let
        the runner read (a breach), and no more is taken."""
        self._total += len(data)
        over = (
            f"more than {self._limits.received} bytes"
            if self._total > self._limits.received
            else f"more than {self._limits.messages} messages"
            if len(self.received) >= self._limits.messages
            else None
        )
        if over:
            self._breach(f"{self.name}: {over}; the runner read no more", None)
            return False
        self._take(data)
        return True

    def _ended(self) -> None:
        self.closed = True
        self._arrived.set()

    def _take(self, line: bytes) -> None:
        text = line.decode("utf-8", "replace").strip()
        if not text:
            return
        try:
            message: Any = parse_json(text)
        except JsonProblem:
            message = text
        entry = self._transcript.add(self.name, "received", message)
        if self.drop_responses and _is_response(message):
            self.drop_responses -= 1
            entry.dropped = True
        self.received.append(entry)
        problem = self.hygiene.received(message)
        if problem is not None:
            self._breach(f"{self.name}: {problem}", entry)
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
        self.hygiene.sent(message)
        problem = await self._write(json.dumps(message, ensure_ascii=False))
        if problem is not None:
            self._transcript.add(self.name, "note", f"not delivered: {problem}")
        return entry

    async def _write(self, text: str) -> str | None:
        """Send one message; what went wrong, if it did."""
        raise NotImplementedError

    async def close(self) -> None:
        raise NotImplementedError

    async def finished(self, timeout: float) -> None:
        if self._reading is None:
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(asyncio.shield(self._reading), timeout)
        if not self._reading.done():
            # a process that left a child holding the pipe: nothing more is read from it
            self._reading.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reading


class StreamConnection(Connection):
    """Newline-delimited JSON-RPC on a pair of streams: a process's stdio, or a socket."""

    def __init__(
        self,
        name: str,
        reader: asyncio.StreamReader,
        writer: asyncio.StreamWriter,
        transcript: Transcript,
        hygiene: Hygiene,
        breach: Breach,
        limits: Limits,
    ) -> None:
        super().__init__(name, transcript, hygiene, breach, limits)
        self._writer = writer
        self._begin(self._read(reader))

    async def _read(self, reader: asyncio.StreamReader) -> None:
        try:
            while line := await reader.readline():
                if not self._got(line):
                    break
        except (ValueError, asyncio.LimitOverrunError):
            # StreamReader.readline: a line longer than its limit
            self._breach(
                f"{self.name}: a line longer than {self._limits.line} bytes;"
                " the runner read no more",
                None,
            )
        except ConnectionError as error:
            self._transcript.add(self.name, "note", f"reading failed: {error}")
        finally:
            self._ended()
        # the rest is read and dropped until the peer is stopped: a pipe left full would
        # keep its process (and asyncio's transport of it) from ever finishing
        with contextlib.suppress(ConnectionError, ValueError):
            while await reader.read(65536):
                pass

    async def _write(self, text: str) -> str | None:
        try:
            self._writer.write(text.encode() + b"\n")
            await self._writer.drain()
        except (ConnectionError, RuntimeError) as error:
            return str(error)
        return None

    async def close(self) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError, OSError):
            self._writer.close()
        self.closed = True


class Log:
    """The side under test's stderr (a client's stdout too): only its tail is kept."""

    def __init__(self, keep: int) -> None:
        self.keep = keep
        self.tail = bytearray()
        self.total = 0
        self._readers: list[asyncio.Task[None]] = []

    def follow(self, stream: asyncio.StreamReader | None) -> None:
        if stream is not None:
            self._readers.append(asyncio.ensure_future(self._follow(stream)))

    async def _follow(self, stream: asyncio.StreamReader) -> None:
        with contextlib.suppress(ConnectionError):
            while chunk := await stream.read(65536):
                self.total += len(chunk)
                self.tail += chunk
                del self.tail[: max(0, len(self.tail) - self.keep)]

    async def stop(self) -> None:
        for reader in self._readers:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.shield(reader), 0.5)
            reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await reader
        self._readers.clear()


async def _spawn(
    command: Sequence[str], env: dict[str, str], log: Log, limit: int, protocol: bool = True
) -> asyncio.subprocess.Process:
    try:
        process = await asyncio.create_subprocess_exec(
            *command,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            # a client's stdout is only for its logs: with its stderr
            stderr=asyncio.subprocess.PIPE if protocol else asyncio.subprocess.STDOUT,
            env=env,
            limit=limit,
            start_new_session=True,  # its own group, so a kill reaches its children
        )
    except OSError as error:
        raise StartError(f"cannot start {command[0]!r}: {error.strerror or error}") from None
    log.follow(process.stderr if protocol else process.stdout)
    return process


async def _outliving(group: int, within: float = 0.5) -> list[str]:
    """The processes of ``group`` still running ``within`` seconds after its leader exited:
    a child that is itself ending (a client's relay, its socket just closed) is let go."""
    return await still_running(group, within)


async def _exited(process: asyncio.subprocess.Process, within: float) -> bool:
    """Whether ``process`` exits within ``within`` seconds. Not ``process.wait()``: that
    also waits for its pipes to close, which a child holding them never does."""
    for _ in range(int(within / 0.02)):
        if process.returncode is not None:
            return True
        await asyncio.sleep(0.02)
    return process.returncode is not None


async def _kill(process: asyncio.subprocess.Process) -> None:
    await kill_group(process.pid)
    with contextlib.suppress(ProcessLookupError):
        process.kill()
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(process.wait(), 5)


class Peer:
    """The side under test, as the runner drives it (the same shape for both sides)."""

    side = ""
    handler = ""  # the side the runner plays: the one that handles the peer's requests

    def __init__(
        self,
        command: Sequence[str],
        workdir: Path,
        transcript: Transcript,
        schema: MessageSchema | None = None,
        limits: Limits = Limits(),
    ) -> None:
        self.command = list(command)
        self.workdir = workdir
        self.state = workdir / "state"
        self.state.mkdir(parents=True, exist_ok=True)
        self.transcript = transcript
        self.schema = schema
        self.limits = limits
        self.log = Log(limits.log)
        self.connections: dict[str, Connection] = {}  # open ones
        self.seen: dict[str, Connection] = {}  # every one, closed too: counts look at them
        self.close_grace = CLOSE_GRACE
        # protocol breaches and processes left behind, in order: (what, the message)
        self.breaches: list[tuple[str, Entry | None]] = []

    def breach(self, what: str, entry: Entry | None) -> None:
        self.breaches.append((what, entry))
        self.transcript.add("", "note", f"breach: {what}")

    def connection(
        self, name: str, reader: asyncio.StreamReader, writer: asyncio.StreamWriter
    ) -> Connection:
        connection = StreamConnection(
            name, reader, writer, self.transcript, self.hygiene(), self.breach, self.limits
        )
        return self.opened(connection)

    def hygiene(self) -> Hygiene:
        return Hygiene(self.schema, self.handler)

    def opened(self, connection: Connection) -> Connection:
        self.connections[connection.name] = self.seen[connection.name] = connection
        return connection

    def env(self) -> dict[str, str]:
        return {**os.environ, STATE_ENV: str(self.state)}

    def wipe_state(self) -> None:
        shutil.rmtree(self.state, ignore_errors=True)
        self.state.mkdir(parents=True)

    async def _stop(self, name: str, process: asyncio.subprocess.Process, grace: float) -> None:
        """End ``process`` as a peer should be ended (its stdin closed, a grace to exit),
        then its whole group; what outlived it is a breach."""
        if not await _exited(process, grace):
            self.transcript.add(name, "note", f"the {self.side} did not exit on EOF: killed")
        else:
            left = await _outliving(process.pid)
            if left:
                self.breach(
                    f"the {self.side} (pid {process.pid}) exited and left"
                    f" {len(left)} process(es) of its group running: {'; '.join(left[:5])}",
                    None,
                )
        if still := await kill_group(process.pid):
            self.transcript.add(name, "note", f"could not stop: {'; '.join(still[:5])}")
        await _kill(process)

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

    side = "agent"
    handler = "client"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.processes: dict[str, asyncio.subprocess.Process] = {}

    async def connect(self, name: str, timeout: float) -> Connection:
        env = {**self.env(), "ACP_TRACE_CONNECTION": name}
        process = await _spawn(self.command, env, self.log, self.limits.line)
        assert process.stdout is not None and process.stdin is not None
        connection = self.connection(name, process.stdout, process.stdin)
        self.processes[name] = process
        self.transcript.add(name, "note", f"started the agent (pid {process.pid})")
        return connection

    async def close(self, name: str, grace: float | None = None) -> None:
        connection = self.connections.pop(name, None)
        process = self.processes.pop(name, None)
        if connection is not None:
            await connection.close()
        if process is not None:
            # an agent whose stdin ends exits; one that does not is stopped
            await self._stop(name, process, self.close_grace if grace is None else grace)
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
        # the same grace as a close step: an agent that is slow to exit on a loaded machine
        # and is killed takes the processes it left with it, unseen
        for name in list(self.processes):
            await self.close(name)
        await self.log.stop()


class ClientPeer(Peer):
    """A client under test: one process (restarted by restart-client) that starts its agent
    with the relay command of ``ACP_TRACE_AGENT``; each relay is one connection."""

    side = "client"
    handler = "agent"

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # a unix socket path has at most about 100 bytes: keep it short
        self.socket = self.workdir / "a.sock"
        self.incoming: asyncio.Queue[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = (
            asyncio.Queue()
        )
        self.process: asyncio.subprocess.Process | None = None
        self.server: asyncio.AbstractServer | None = None

    async def start(self) -> None:
        async def accepted(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            await self.incoming.put((reader, writer))

        self.server = await asyncio.start_unix_server(
            accepted, path=str(self.socket), limit=self.limits.line
        )
        await self._start_client()

    async def _start_client(self) -> None:
        relay = [sys.executable, "-I", "-S", str(Path(__file__).with_name("relay.py"))]
        env = {**self.env(), AGENT_ENV: json.dumps([*relay, str(self.socket)])}
        self.process = await _spawn(self.command, env, self.log, self.limits.line, False)
        self.transcript.add("", "note", f"started the client (pid {self.process.pid})")

    async def connect(self, name: str, timeout: float) -> Connection:
        try:
            reader, writer = await asyncio.wait_for(self.incoming.get(), timeout)
        except TimeoutError:
            raise ConnectionRefusedError(
                f"the client opened no connection within {timeout * 1000:.0f} ms"
            ) from None
        connection = self.connection(name, reader, writer)
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
            await self._stop("", self.process, 0.5)
        if self.server is not None:
            self.server.close()
        await self.log.stop()
