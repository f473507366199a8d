"""The typed, immutable model of the spec that every emitter reads."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal

from .diagnostics import Diagnostic
from .yamlsource import SourceMap

Direction = Literal["client-to-agent", "agent-to-client"]
DIRECTIONS: tuple[Direction, ...] = ("client-to-agent", "agent-to-client")
Sender = Literal["client-to-agent", "agent-to-client", "both"]
Stability = Literal["stable", "unstable", "proposed"]
Kind = Literal["request", "notification"]

# Routing unions that upstream derives from its method list; the generator derives them
# too, so a type of that name in the spec would collide with a generated def.
DERIVED_TYPE_NAMES = frozenset({
    "AgentRequest", "AgentResponse", "AgentNotification", "ClientRequest",
    "ClientResponse", "ClientNotification", "ProxyRequest", "ProxyResponse",
    "ProxyNotification", "ProtocolLevelNotification",
})  # fmt: skip


@dataclass(frozen=True)
class RetryClass:
    id: str
    title: str
    meaning: str
    rule: str
    derived: bool


@dataclass(frozen=True)
class ErrorCode:
    name: str
    code: int
    title: str
    description: str


@dataclass(frozen=True)
class Retry:
    direction: Direction
    retry_class: str
    again: str


@dataclass(frozen=True)
class Call:
    """One form of a method on the wire: a request (with a result) or a notification."""

    kind: Kind
    params: str
    result: str | None


@dataclass(frozen=True)
class Example:
    title: str
    kind: Kind
    params: Any
    result: Any


@dataclass(frozen=True)
class Method:
    name: str
    summary: str
    description: str
    sender: Sender
    stability: Stability
    audited: bool
    capability: str | None
    docs: str
    calls: tuple[Call, ...]
    retry: tuple[Retry, ...]
    errors: tuple[str, ...]
    examples: tuple[Example, ...]

    @property
    def directions(self) -> tuple[Direction, ...]:
        return DIRECTIONS if self.sender == "both" else (self.sender,)

    @property
    def retry_class(self) -> str:
        """The method's retry class: one per method, whatever direction it is sent in (the
        ``one-retry-class`` rule refuses a spec that gives two; the RFD gives each method one
        class, and ``again`` says how a retry differs by direction). Empty when none is
        stated (a rule reports that)."""
        return self.retry[0].retry_class if self.retry else ""

    @property
    def kinds(self) -> tuple[Kind, ...]:
        return tuple(call.kind for call in self.calls)

    def call(self, kind: Kind) -> Call | None:
        return next((c for c in self.calls if c.kind == kind), None)

    @property
    def request(self) -> Call | None:
        return self.call("request")

    @property
    def notification(self) -> Call | None:
        return self.call("notification")

    @property
    def side(self) -> str:
        """Upstream's ``x-side``: who handles the method (the receiver); as upstream, the
        protocol-level methods (``$/``) and a proxy chain's (``proxy/``) are routed apart."""
        if self.name.startswith("$/"):
            return "protocol"
        if self.name.startswith("proxy/"):
            return "proxy"
        return {"client-to-agent": "agent", "agent-to-client": "client", "both": "both"}[
            self.sender
        ]


@dataclass(frozen=True)
class TypeDef:
    name: str
    schema: Mapping[str, Any]
    """The fragment as written in the YAML (see defs.expand_type for the JSON Schema)."""


DifferenceKind = Literal["new-type", "new-properties", "routing"]


@dataclass(frozen=True)
class AddedProperty:
    """A property the spec adds to upstream's def, as the record says it: whether the def
    requires it and whether it accepts null (``check`` holds the type to both)."""

    name: str
    required: bool
    nullable: bool


@dataclass(frozen=True)
class Difference:
    """A def that differs from upstream's on purpose, and why: a type upstream lacks
    (``new-type``), properties added to upstream's type (``new-properties``, named in
    ``adds``, each recorded in ``added``), or a routing union the generator derives
    (``routing``)."""

    type: str
    kind: DifferenceKind
    adds: tuple[str, ...]
    why: str
    added: tuple[AddedProperty, ...] = ()


@dataclass(frozen=True)
class Departure:
    """Where the spec says otherwise than the release of the wire beyond its defs, and why:
    the direction a method is sent in (``method``), or message forms the root admits
    (``forms``)."""

    method: str | None
    forms: tuple[str, ...]
    why: str


@dataclass(frozen=True)
class Upstream:
    repository: str
    docs: str
    # the version followed: a published package and its version, or a commit
    package: str | None = None
    version: str | None = None
    commit: str | None = None
    # upstream's published schemas (schema.json, schema.unstable.json), read at load time;
    # None when a file could not be read (the loader reports why)
    stable: Mapping[str, Any] | None = None
    unstable: Mapping[str, Any] | None = None
    differences: tuple[Difference, ...] = ()
    departures: tuple[Departure, ...] = ()

    @property
    def follows(self) -> str:
        """The version the spec follows, as a reader names it."""
        if self.package and self.version:
            return f"{self.package} {self.version}"
        return f"commit {(self.commit or '')[:12]}"


@dataclass(frozen=True)
class Release:
    """An upstream release the project keeps (spec/upstream/releases/), for the history."""

    id: str
    title: str
    date: str
    schema: Mapping[str, Any]  # its schema.unstable.json: every def and method it has


@dataclass(frozen=True)
class Change:
    """One step of the spec's changelog: the ``acp-spec diff --format json`` report of it."""

    title: str
    date: str
    report: Mapping[str, Any]


@dataclass(frozen=True)
class KeyedSection:
    """One section of the keyed-prompt rules: Markdown text, an optional table, the rules."""

    id: str
    title: str
    text: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    rules: tuple[str, ...]
    after: str
    # beside ``rules``, one item each: the ids of the traces that exercise the rule, and
    # why none does ("" unless the spec says)
    rule_traces: tuple[tuple[str, ...], ...] = ()
    rule_untested: tuple[str, ...] = ()
    # the trace whose sequence diagram the section shows ("" for none): the RFD's own
    # diagram, drawn by the trace pages' renderer from a trace that plays it
    diagram: str = ""


@dataclass(frozen=True)
class KeyedMessage:
    label: str
    message: Mapping[str, Any]
    valid: bool  # False: the schema must reject it (a request the Agent answers with an error)


@dataclass(frozen=True)
class KeyedExample:
    title: str
    text: str
    messages: tuple[KeyedMessage, ...]


@dataclass(frozen=True)
class KeyedPrompts:
    """The RFD's keyed-prompt rules in its words, rendered once by the docs."""

    method: str
    rfd: str
    terms: tuple[tuple[str, str], ...]  # (term, Markdown definition)
    sections: tuple[KeyedSection, ...]
    examples: tuple[KeyedExample, ...]


@dataclass(frozen=True)
class Spec:
    version: int
    title: str
    upstream: Upstream
    retry_classes: Mapping[str, RetryClass]
    errors: Mapping[str, ErrorCode]
    methods: Mapping[str, Method]
    types: Mapping[str, TypeDef]
    where: SourceMap
    """Positions in the source, for problems found after loading (examples, say)."""
    changes: tuple[Change, ...] = ()
    warnings: tuple[Diagnostic, ...] = ()
    """Problems that do not make the spec invalid, for the command to print."""
    retired_vector_ids: frozenset[str] = frozenset()
    """Vector ids retired in the published ids beside the spec: never generated again."""
    traces: tuple[Trace, ...] = ()
    keyed_prompts: KeyedPrompts | None = None
    """The keyed-prompt rules (``keyedPrompts``), if the spec has them."""
    releases: tuple[Release, ...] = ()
    """The upstream releases kept beside the spec, oldest first, the one it follows last
    (spec/upstream/releases/releases.json): what the history of each element is made of."""


# ── traces: the RFD's behaviour as scripted exchanges (spec/README.md, "Traces") ──

Side = Literal["agent", "client"]
StepKind = Literal["connect", "send", "expect", "fault", "wait", "user"]
FaultKind = Literal["drop-response", "close", "restart-agent", "restart-client"]


@dataclass(frozen=True)
class Outcome:
    """One message an expect step accepts: a pattern, how it matches, the fields it must
    lack and the values it captures (name -> JSON Pointer into the matched message)."""

    message: Any
    match: Literal["subset", "exact"]
    absent: tuple[str, ...]
    capture: Mapping[str, str]
    contains: str | None = None


@dataclass(frozen=True)
class Step:
    """One step of a trace; which fields mean something depends on ``kind``."""

    kind: StepKind
    connection: str | None = None  # connect, send, expect, fault drop-response/close
    # send: written on these connections too, at once; expect with count: counted over them
    also: tuple[str, ...] = ()
    sender: Side | None = None  # send, expect
    label: str | None = None  # send, expect: a name ``after`` refers to
    message: Any = None  # send
    valid: bool = True  # send: False, the schema must reject the message (the peer refuses it)
    outcomes: tuple[Outcome, ...] = ()  # expect: one of these
    within: int | None = None  # expect: milliseconds
    after: str | None = None  # expect: arrives after the message of this label
    count: int | None = None  # expect: exactly this many such messages by the trace's end
    # expect with count: checked only when this capture was made (the branch a oneOf took)
    when: str | None = None
    fault: FaultKind | None = None
    store: Literal["keep", "lose"] | None = None  # fault restart-agent
    ms: int | None = None  # wait
    action: Literal["submit", "cancel"] | None = None  # user
    text: str | None = None  # user submit


@dataclass(frozen=True)
class Trace:
    id: str
    title: str
    rule: str
    description: str
    side: Side
    capability: str | None
    steps: tuple[Step, ...]
    number: int = 0
    """Its place in the source's list (a broken trace is left out of the model)."""
    transports: tuple[str, ...] | None = None
    """The transports it can be played over (None: every one)."""
