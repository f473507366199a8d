"""What the value comparison found: each change as it is met, and the changed descriptions
and titles of each def gathered into one finding."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..constants import KEY_TYPE
from .finding import Finding, def_pointer
from .nodes import DOCS
from .place import Place
from .view import Flow

# what a change of the IdempotencyKey def itself is reported as: the retry rule
_KEY_RULES = frozenset({
    "type-narrowed", "type-widened", "type-changed", "nullable-added", "nullable-removed",
    "constraint-tightened", "constraint-loosened", "constraint-changed",
})  # fmt: skip
_SHOWN_PLACES = 6


class Record:
    """The findings of one comparison; docs changes wait in ``_docs`` until the end."""

    def __init__(self) -> None:
        self.findings: list[Finding] = []
        self._docs: dict[str, tuple[Flow, list[str]]] = {}

    def emit(self, rule: str, at: Place, message: str, *, gone: bool = False) -> None:
        if at.owner == KEY_TYPE and rule in _KEY_RULES:
            rule = "idempotency-key-changed"
        where = at.old if gone else at.new
        self.findings.append(Finding.of(rule, where, at.flow.methods, message))

    def annotations(self, o: Mapping[str, Any], n: Mapping[str, Any], at: Place) -> None:
        if any(o.get(key) != n.get(key) for key in DOCS):
            self._docs.setdefault(at.owner, (at.flow, []))[1].append(at.rel)

    def docs_findings(self) -> list[Finding]:
        out = []
        for owner, (flow, places) in sorted(self._docs.items()):
            shown = ", ".join(p or "the def itself" for p in places[:_SHOWN_PLACES])
            more = len(places) - _SHOWN_PLACES
            shown += f" and {more} more" if more > 0 else ""
            message = f"{owner}: descriptions or titles changed ({shown})"
            out.append(Finding.of("docs-changed", def_pointer(owner), flow.methods, message))
        return out
