"""One version of the protocol as ``acp-spec diff`` compares it: ``$defs`` in upstream's
shape and a method table, whatever the input was (a spec, upstream's JSON, a git revision).

A fact the input does not carry is absent from ``carries`` (upstream's JSON has no retry
classes, say), and the rules about it are skipped, with a note in the report.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Literal

from ..index import SchemaIndex
from ..index import schema_index as index_of_schema
from ..model import Direction, Kind, Sender

Side = Literal["client", "agent"]
SIDES: tuple[Side, ...] = ("client", "agent")
Fact = Literal["stability", "capability", "errors", "retry", "audited"]
FACTS: tuple[Fact, ...] = ("stability", "capability", "errors", "retry", "audited")

_SENDING_SIDE: dict[str, tuple[Side, ...]] = {
    "client-to-agent": ("client",),
    "agent-to-client": ("agent",),
    "both": SIDES,
}


@dataclass(frozen=True)
class CallFacts:
    """One form of a method on the wire."""

    kind: Kind
    params: str
    result: str | None
    sender: Sender | None  # None: the input does not say who sends it

    @property
    def senders(self) -> tuple[Side, ...]:
        """The sides that send the call (both when unknown, so it is judged both ways)."""
        return _SENDING_SIDE.get(self.sender or "both", SIDES)

    @property
    def receivers(self) -> tuple[Side, ...]:
        if self.sender in ("client-to-agent", "agent-to-client"):
            return tuple(s for s in SIDES if s not in self.senders)
        return SIDES


@dataclass(frozen=True)
class MethodFacts:
    name: str
    calls: tuple[CallFacts, ...]
    stability: str | None = None
    capability: str | None = None
    errors: tuple[str, ...] = ()
    retry: tuple[tuple[Direction, str], ...] = ()  # the class in each direction it is sent
    audited: bool | None = None
    key_path: tuple[str, ...] | None = None  # where a keyed request's IdempotencyKey is

    def call(self, kind: Kind) -> CallFacts | None:
        return next((c for c in self.calls if c.kind == kind), None)

    @property
    def kinds(self) -> tuple[Kind, ...]:
        return tuple(c.kind for c in self.calls)


@dataclass(frozen=True)
class Flow:
    """Who writes and who reads the values of a def, and the methods that carry them."""

    writers: frozenset[Side]
    readers: frozenset[Side]
    methods: frozenset[str]

    def __or__(self, other: Flow) -> Flow:
        return Flow(
            self.writers | other.writers,
            self.readers | other.readers,
            self.methods | other.methods,
        )


NO_FLOW = Flow(frozenset(), frozenset(), frozenset())


@dataclass(frozen=True)
class ProtocolView:
    label: str  # how the input was named, for messages
    schema: Mapping[str, Any]  # the whole JSON Schema document: root anyOf and $defs
    methods: Mapping[str, MethodFacts]
    carries: frozenset[Fact] = frozenset()
    error_codes: Mapping[str, int] = field(default_factory=dict)
    notes: tuple[str, ...] = ()  # what the input leaves unknown, in words
    # the index of ``schema`` alone, when the caller has made it already (a spec's)
    schema_index: SchemaIndex | None = field(default=None, compare=False, repr=False)

    @cached_property
    def index(self) -> SchemaIndex:
        """The toolchain's index of the schema alone: references, unions, nullability."""
        if self.schema_index is not None:
            return self.schema_index
        return index_of_schema(dict(self.schema))

    @property
    def defs(self) -> Mapping[str, Mapping[str, Any]]:
        defs: Mapping[str, Mapping[str, Any]] = self.schema.get("$defs", {})
        return defs

    @cached_property
    def routing(self) -> frozenset[str]:
        """The routing unions (AgentRequest, ClientResponse, ...): derived from the method
        table, so they are compared as method facts, not as values."""
        return frozenset(n for n, d in self.defs.items() if d.get("x-docs-ignore") is True)

    @cached_property
    def referrers(self) -> dict[str, set[str]]:
        """Def -> the defs (routing unions aside) whose schema names it directly."""
        out: dict[str, set[str]] = {}
        for name in self.defs:
            if name in self.routing:
                continue
            # the index's references, found once for reachability too
            for target in self.index.refs.direct(name):
                out.setdefault(target, set()).add(name)
        return out

    @cached_property
    def _flows(self) -> dict[str, Flow]:
        # each def's sides and methods gathered into sets, each made a Flow once: the union
        # of the flows of every role that reaches it
        found: dict[str, tuple[set[Side], set[Side], set[str]]] = {}
        for method in self.methods.values():
            for call in method.calls:
                roles = [(call.params, call.senders, call.receivers)]
                if call.result is not None:
                    roles.append((call.result, call.receivers, call.senders))
                for root, writers, readers in roles:
                    for name in self.index.refs.reachable(root):
                        sides = found.get(name)
                        if sides is None:
                            sides = found[name] = (set(), set(), set())
                        sides[0].update(writers)
                        sides[1].update(readers)
                        sides[2].add(method.name)
        return {
            name: Flow(frozenset(writers), frozenset(readers), frozenset(methods))
            for name, (writers, readers, methods) in found.items()
        }

    @cached_property
    def _carried(self) -> dict[str, Flow]:
        """The defs every message of a kind carries beside its params or result (a request
        id, the error of a response), found from the routing unions without following their
        params and results: each flows with every method of that kind, both ways."""
        roots = {n for m in self.methods.values() for c in m.calls for n in (c.params, c.result)}
        out: dict[str, Flow] = {}
        for union in sorted(self.routing):
            kind = "notification" if union.endswith("Notification") else "request"
            methods = frozenset(m.name for m in self.methods.values() if kind in m.kinds)
            if not methods:
                continue
            flow = Flow(frozenset(SIDES), frozenset(SIDES), methods)
            seen: set[str] = set()
            todo = [r for r in self.index.refs.direct(union) if r not in roots]
            while todo:
                name = todo.pop()
                if name in seen or name in roots or name in self.routing:
                    continue
                seen.add(name)
                out[name] = out.get(name, NO_FLOW) | flow
                todo += self.index.refs.direct(name)
        return out

    def flow(self, name: str) -> Flow:
        """Who writes and reads def ``name``, through the methods whose params or result
        reach it, and every method of a kind for what every such message carries (NO_FLOW
        for a def that no method reaches)."""
        carried = self._carried.get(name)
        found = self._flows.get(name, NO_FLOW)
        return found if carried is None else found | carried
