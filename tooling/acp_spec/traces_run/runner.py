"""Plays one trace against the side under test: its steps in order, every expect with a
bounded wait, the counted expects at the end; the verdict names the failing step, what was
expected and what came."""

from __future__ import annotations

import asyncio
import json
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import trace_match
from .hygiene import MessageSchema
from .matching import MissingCapture, fits, substitute
from .transcript import Entry, Transcript
from .transport import (
    CLOSE_GRACE,
    AgentPeer,
    ClientPeer,
    Connection,
    Limits,
    Log,
    Peer,
    StartError,
)
from .websocket import NotPlayable, WebSocketAgentPeer, WebSocketClientPeer

CONNECT_WITHIN = 5.0  # seconds a client under test has to open a connection
ANSWER_WITHIN = 2.0  # seconds, after the last step, for the responses still owed
LOG_LINES = 20  # of the side under test's stderr, in a report
LOG_LINE_CHARS = 500


@dataclass
class Failure:
    step: int
    kind: str
    what: str
    expected: list[Any] = field(default_factory=list)
    came: list[str] = field(default_factory=list)


@dataclass
class Result:
    trace: Mapping[str, Any]
    failure: Failure | None
    transcript: Transcript
    seconds: float
    stderr: str = ""
    skipped: str | None = None  # why, when the trace did not apply to the peer

    @property
    def id(self) -> str:
        return str(self.trace["id"])

    @property
    def passed(self) -> bool:
        return self.failure is None and self.skipped is None


class _Skipped(Exception):
    """The agent under test does not advertise the capability the trace relies on."""


class _Failed(Exception):
    def __init__(self, failure: Failure) -> None:
        self.failure = failure


class _Play:
    def __init__(self, trace: Mapping[str, Any], peer: Peer) -> None:
        self.trace = trace
        self.peer = peer
        self.captures: dict[str, Any] = {}
        self.labels: dict[str, int] = {}  # label -> the seq of its message
        self.counted: list[Mapping[str, Any]] = []
        self.checked_capability = False
        self.at = 0  # the step being played

    def _connection(self, step: Mapping[str, Any]) -> Connection:
        name = step["on"]
        connection = self.peer.connections.get(name)
        if connection is None:
            raise _Failed(Failure(step["step"], step["kind"], f"connection {name} is not open"))
        return connection

    async def run(self) -> None:
        for step in self.trace["steps"]:
            self.at = step["step"]
            await getattr(self, "_" + step["kind"])(step)
            self._breached()
        for step in self.counted:
            self._count(step)
        await self._all_answered()

    def _breached(self, end: bool = False) -> None:
        """A protocol breach seen so far fails the trace, at the step it was seen in."""
        if not self.peer.breaches:
            return
        what, entry = self.peer.breaches[0]
        came = [] if entry is None else [_shown(entry)]
        if end:
            what = f"after the last step: {what}"
        raise _Failed(Failure(self.at, "protocol", what, [], came))

    async def _all_answered(self) -> None:
        """Every request the runner sent on a connection still open has had its response:
        one, checked as each came (hygiene.py); none is a breach too."""
        owed = {}
        for _ in range(int(ANSWER_WITHIN / 0.05)):
            owed = {
                name: ids
                for name, connection in self.peer.connections.items()
                if not connection.closed and (ids := connection.hygiene.unanswered())
            }
            if not owed:
                return
            await asyncio.sleep(0.05)
        self._breached()
        name, ids = next(iter(owed.items()))
        connection = self.peer.connections[name]
        asked = ", ".join(f"{i} ({connection.hygiene.asked[i]})" for i in ids[:5])
        raise _Failed(
            Failure(self.at, "protocol", f"after the last step: {name}: no response to {asked}")
        )

    async def _connect(self, step: Mapping[str, Any]) -> None:
        try:
            await self.peer.connect(step["connection"], CONNECT_WITHIN)
        except ConnectionRefusedError as error:
            raise _Failed(Failure(step["step"], "connect", str(error))) from None

    async def _send(self, step: Mapping[str, Any]) -> None:
        connection = self._connection(step)
        try:
            message = substitute(step["message"], self.captures)
        except MissingCapture as error:
            raise _Failed(Failure(step["step"], "send", f"cannot send: {error}")) from None
        others = [self._connection({**step, "on": name}) for name in step.get("also", ())]
        # written on every connection before any drain: the peers get them at once
        entry, *_ = await asyncio.gather(*(c.send(message) for c in (connection, *others)))
        if "label" in step:
            self.labels[step["label"]] = entry.seq

    async def _fault(self, step: Mapping[str, Any]) -> None:
        fault = step["fault"]
        if fault == "drop-response":
            self._connection(step).drop_responses += 1
        elif fault == "close":
            await self.peer.close(step["on"])
        elif fault == "restart-agent":
            await self.peer.restart_agent(step.get("store", "keep") == "keep")
        else:
            await self.peer.restart_client()

    async def _wait(self, step: Mapping[str, Any]) -> None:
        await asyncio.sleep(step["ms"] / 1000)

    async def _user(self, step: Mapping[str, Any]) -> None:
        await self.peer.user(step["action"], step.get("text"))

    def _candidates(self, step: Mapping[str, Any], connection: Connection) -> list[Entry]:
        after = self.labels.get(step["after"], 0) if "after" in step else 0
        return [
            e for e in connection.received if e.matched is None and not e.dropped and e.seq > after
        ]

    def _take(self, step: Mapping[str, Any], connection: Connection) -> bool:
        for entry in self._candidates(step, connection):
            for outcome in step["outcomes"]:
                got = trace_match.fits(outcome, entry.message, self.captures)
                if got is not None:
                    entry.matched = step["step"]
                    self.captures.update(got)
                    if "label" in step:
                        self.labels[step["label"]] = entry.seq
                    return True
        return False

    async def _expect(self, step: Mapping[str, Any]) -> None:
        if "count" in step:
            self.counted.append(step)
            return
        connection = self._connection(step)
        try:
            await self._await(step, connection)
        finally:
            if step.get("method") == "initialize" and not self.checked_capability:
                # a breach before the answer fails the trace, whatever the answer advertises
                self._breached()
                self._check_capability(connection)

    def _check_capability(self, connection: Connection) -> None:
        # traces.schema.json: an agent that does not advertise the trace's capability is
        # skipped, not failed; the path's first segment names whose capabilities they are
        # (agentCapabilities: the initialize result's `capabilities`)
        capability = self.trace.get("capability")
        if self.trace["side"] != "agent" or not capability:
            return
        for entry in connection.received:
            result = entry.message.get("result") if isinstance(entry.message, dict) else None
            if isinstance(result, dict) and "protocolVersion" in result:
                self.checked_capability = True
                value: Any = result.get("capabilities")
                for part in capability.split(".")[1:]:
                    value = value.get(part) if isinstance(value, dict) else None
                if value is None or value is False:
                    raise _Skipped(f"the agent does not advertise {capability}")
                return

    async def _await(self, step: Mapping[str, Any], connection: Connection) -> None:
        deadline = time.monotonic() + step["within"] / 1000
        while not self._take(step, connection):
            self._breached()
            left = deadline - time.monotonic()
            if self._answered_otherwise(step, connection):
                raise _Failed(
                    self._missed(
                        step, connection, "the response came, and differs (or a fault dropped it)"
                    )
                )
            if left <= 0 or connection.closed:
                why = "the connection closed" if connection.closed else (
                    f"nothing that fits came within {step['within']} ms"
                )  # fmt: skip
                raise _Failed(self._missed(step, connection, why))
            await connection.arrival(left)

    def _answered_otherwise(self, step: Mapping[str, Any], connection: Connection) -> bool:
        # a request has one response: once the one to the awaited id came and did not fit,
        # waiting longer cannot help
        ids = set()
        for outcome in step["outcomes"]:
            pattern = outcome["message"]
            if isinstance(pattern, dict) and "method" not in pattern and "id" in pattern:
                try:
                    ids.add(json.dumps(substitute(pattern["id"], self.captures)))
                except MissingCapture:
                    return False
        if not ids or '"$any"' in ids:
            return False
        # a response the fault dropped answered the request too: it is gone for good
        after = self.labels.get(step["after"], 0) if "after" in step else 0
        return any(
            isinstance(e.message, dict)
            and "method" not in e.message
            and json.dumps(e.message.get("id")) in ids
            for e in connection.received
            if e.matched is None and e.seq > after
        )

    def _expected(self, step: Mapping[str, Any]) -> list[Any]:
        """The outcomes as they were matched: each capture replaced by its value, and an
        outcome that names a capture never made (another branch of an earlier oneOf was
        taken) said to be out of reach, not shown with a value it cannot have."""
        shown = []
        for outcome in step["outcomes"]:
            extra = {k: outcome[k] for k in ("absent", "contains") if outcome.get(k)}
            try:
                pattern = substitute(outcome["message"], self.captures)
            except MissingCapture as missing:
                pattern = outcome["message"]
                extra["cannot fit"] = f"{missing}, so no message fits this outcome"
            shown.append({"message": pattern, **extra} if extra else pattern)
        return shown

    def _missed(self, step: Mapping[str, Any], connection: Connection, why: str) -> Failure:
        came = []
        candidates = self._candidates(step, connection)
        # the messages that are what the step waits for (same id or method), if any came
        near = [
            e for e in candidates if any(_near(o["message"], e.message) for o in step["outcomes"])
        ]
        for entry in near or candidates:
            reasons = [fits(o, entry.message, self.captures) for o in step["outcomes"]]
            came.append(f"{_shown(entry)}  -- {reasons[0]}")
        return Failure(step["step"], "expect", why, self._expected(step), came[-10:])

    def _count(self, step: Mapping[str, Any]) -> None:
        if "when" in step and step["when"] not in self.captures:
            return  # the trace took a branch this count is not about
        names = [step["on"], *step.get("also", ())]
        connections = [c for name in names if (c := self.peer.seen.get(name)) is not None]
        entries = [e for c in connections for e in c.received if not e.dropped]
        fitting = [
            e
            for e in entries
            if any(
                trace_match.fits(o, e.message, self.captures) is not None for o in step["outcomes"]
            )
        ]
        if len(fitting) != step["count"]:
            raise _Failed(
                Failure(
                    step["step"],
                    "expect",
                    f"expected {step['count']} such messages on {' and '.join(names)} by the end, "
                    f"{len(fitting)} came",
                    self._expected(step),
                    [_shown(e) for e in fitting][-10:],
                )
            )


def _shown(entry: Entry) -> str:
    return f"[{entry.seq}] {entry.render(500).split('<- ', 1)[-1]}"


def _near(pattern: Any, message: Any) -> bool:
    if not isinstance(pattern, dict) or not isinstance(message, dict):
        return False
    if "method" in pattern:
        return bool(message.get("method") == pattern["method"])
    return "id" in pattern and "method" not in message and message.get("id") == pattern["id"]


PeerFactory = Callable[[Path, Transcript], Peer]


def log_tail(log: Log, lines: int = LOG_LINES, chars: int = LOG_LINE_CHARS) -> str:
    """The last lines of what the side under test wrote to stderr, each cut to ``chars``,
    saying what was left out: a report stays small whatever the peer wrote."""
    if not log.total:
        return ""
    text = log.tail.decode("utf-8", "replace").splitlines()
    kept = text[-lines:]
    out = [
        line
        if len(line) <= chars
        else f"{line[:chars]}... ({len(line) - chars} more characters cut)"
        for line in kept
    ]
    shown = sum(len(line) + 1 for line in kept)
    if log.total > shown:
        out.insert(0, f"... ({log.total} bytes in all; the last {len(kept)} lines shown)")
    return "\n".join(out)


async def play(trace: Mapping[str, Any], factory: PeerFactory, workdir: Path) -> Result:
    """Run one trace with a fresh side under test (``factory``) in ``workdir``."""
    transcript = Transcript()
    started = time.monotonic()
    peer = factory(workdir, transcript)
    play = _Play(trace, peer)
    failure: Failure | None = None
    skipped: str | None = None
    try:
        if isinstance(peer, ClientPeer):
            await peer.start()
        await play.run()
    except _Failed as failed:
        failure = failed.failure
    except (_Skipped, NotPlayable) as skip:
        skipped = str(skip)
    except StartError as error:
        failure = Failure(0, "start", str(error))
    finally:
        await peer.shutdown()
    if failure is None and skipped is None:
        # what only the end shows: processes the peer left running
        try:
            play._breached(end=True)
        except _Failed as failed:
            failure = failed.failure
    seconds = time.monotonic() - started
    return Result(trace, failure, transcript, seconds, log_tail(peer.log), skipped)


def _off_transport(trace: Mapping[str, Any], transport: str) -> str | None:
    """Why the trace is not played over ``transport``, or None when it is: a trace names
    the transports it can be played over (traces.schema.json), every one when it names none."""
    transports = trace.get("transports")
    if transports is None or transport in transports:
        return None
    only = " or ".join(str(t) for t in transports)
    return (
        f"it plays over {only} only, not {transport}: over stdio a closed connection is "
        "an exited agent, and what it held is gone with it"
        if transport == "stdio"
        else f"it plays over {only} only, not {transport}"
    )


async def play_all(
    traces: Sequence[Mapping[str, Any]],
    side: str,
    command: Sequence[str],
    jobs: int = 4,
    close_grace: float = CLOSE_GRACE,
    limit: asyncio.Semaphore | None = None,
    schema: Path | None = None,
    limits: Limits = Limits(),  # noqa: B008 -- frozen
    transport: str = "stdio",
    url: str | None = None,
) -> list[Result]:
    """Every trace of ``side`` (agent or client) against ``command``, ``jobs`` at a time,
    each in its own directory, with its own processes and state. ``limit``, shared, caps
    the traces of several runs at once instead (``jobs`` is then ignored): started all
    together, their processes would starve each other's first steps of CPU. ``schema``:
    the spec's schema.unstable.json, which every message of the peer must fit; ``limits``:
    what the runner reads of the peer before calling it a breach. ``transport``: stdio, or
    websocket (an agent's ``command`` is started as a server, or ``url`` is one running; a
    client's is given the runner's URL)."""
    limit = limit or asyncio.Semaphore(max(1, jobs))
    messages = None if schema is None else MessageSchema.load(schema)

    def factory(workdir: Path, transcript: Transcript) -> Peer:
        peer: Peer
        if side == "agent" and transport == "websocket":
            peer = WebSocketAgentPeer(command, workdir, transcript, messages, limits, url=url)
        elif transport == "websocket":
            peer = WebSocketClientPeer(command, workdir, transcript, messages, limits)
        else:
            kind = AgentPeer if side == "agent" else ClientPeer
            peer = kind(command, workdir, transcript, messages, limits)
        peer.close_grace = close_grace
        return peer

    with tempfile.TemporaryDirectory(prefix="acp-traces-") as root:

        async def one(number: int, trace: Mapping[str, Any]) -> Result:
            if (why := _off_transport(trace, transport)) is not None:
                return Result(trace, None, Transcript(), 0.0, skipped=why)
            async with limit:
                return await play(trace, factory, Path(root) / str(number))

        return list(await asyncio.gather(*(one(n, t) for n, t in enumerate(traces))))
