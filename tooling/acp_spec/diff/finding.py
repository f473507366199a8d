"""What ``acp-spec diff`` reports: one finding per change, under a rule of the catalog."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .. import pointers
from ..defs import DEFS_PREFIX
from ..pointers import unescape
from .catalog import Severity, severity
from .view import Flow, Side

_LAST = "\uffff"  # sorts findings that no method carries after every method's


@dataclass(frozen=True)
class Finding:
    rule: str
    severity: Severity
    where: str  # a JSON pointer (#/$defs/X/properties/y) or a method name
    methods: tuple[str, ...]  # the methods affected, sorted
    message: str

    @classmethod
    def of(cls, rule: str, where: str, methods: Iterable[str], message: str) -> Finding:
        """A finding of ``rule``, with the rule's severity."""
        return cls(rule, severity(rule), where, tuple(sorted(set(methods))), message)

    @property
    def def_name(self) -> str | None:
        """The def the finding is about, when ``where`` points into ``$defs``."""
        if not self.where.startswith(DEFS_PREFIX):
            return None
        return unescape(self.where[len(DEFS_PREFIX) :].split("/", 1)[0])

    def sort_key(self) -> tuple[tuple[str, ...], str, str, str, str]:
        """Grouped by method, then def: the order of every output format."""
        return (self.methods or (_LAST,), self.def_name or "", self.where, self.rule, self.message)


def pointer(*segments: str) -> str:
    """A JSON pointer fragment from raw segments (``~`` and ``/`` escaped)."""
    return "#" + pointers.pointer(segments)


def def_pointer(name: str) -> str:
    return pointer("$defs", name)


_WORDS: dict[frozenset[Side], str] = {
    frozenset({"client"}): "Clients",
    frozenset({"agent"}): "Agents",
    frozenset({"client", "agent"}): "Clients and Agents",
}


def senders(flow: Flow) -> str:
    return _WORDS.get(flow.writers, "senders")


def receivers(flow: Flow) -> str:
    return _WORDS.get(flow.readers, "receivers")


def backward(flow: Flow) -> str:
    """How a tightening breaks: new receivers reading what old senders write."""
    return f"old {senders(flow)} may send what new {receivers(flow)} refuse"


def forward(flow: Flow) -> str:
    """How a loosening breaks: old receivers reading what new senders write."""
    return f"new {senders(flow)} may send what old {receivers(flow)} refuse"


def either(flow: Flow) -> str:
    """How a replaced constraint breaks: both ways."""
    return f"{backward(flow)}, and {forward(flow)}"
