"""Compare two JSON Schemas value by value, judging each change by who writes and reads it.

Defs are compared pairwise (same name, or renamed); a reference to the same def on both
sides is not followed, so a change is reported once, at the def or property that changed,
with the methods it affects, and never again at every def that merely refers to it. A
place that now refers to another def is compared with that def where it is.

This module walks the two schemas and sets references apart; each other job has its own:
unions (unions.py), keywords (keywords.py) and objects (objects.py), the pairing of union
members (pairing.py), the findings (record.py), and what is asked of one node (nodes.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..index import constraints, stands_for
from .finding import Finding, backward, def_pointer, forward, receivers, senders
from .keywords import Keywords
from .nodes import as_schema, nullable, shown, without_null, without_union
from .pairing import chase
from .place import Place
from .record import Record
from .renames import Renames, shape
from .unions import Unions
from .view import Flow, ProtocolView
from .walk import Walk

_HINT_PREFIX = "x-deserialize-"


class Values:
    """The value comparison of two views; findings accumulate in ``findings``."""

    def __init__(self, old: ProtocolView, new: ProtocolView, renames: Renames) -> None:
        self.old, self.new, self.renames = old, new, renames
        self.record = Record()
        self._compared: set[tuple[str, str]] = set()
        walk = Walk(old, new, renames, self.record, self.node, set())
        self.emit = self.record.emit
        self.unions, self.keywords = Unions(walk), Keywords(walk)

    @property
    def findings(self) -> list[Finding]:
        return self.record.findings

    def docs_findings(self) -> list[Finding]:
        return self.record.docs_findings()

    # ── entry points ──

    def compare_def(self, was: str, now: str) -> None:
        if self.old.defs[was] == self.new.defs[now]:
            return  # as node() finds, before the flow it would not use is made
        flow = self.old.flow(was) | self.new.flow(now)
        at = Place(def_pointer(was), def_pointer(now), now, flow, now)
        self.node(self.old.defs[was], self.new.defs[now], at)

    def compare_roots(self, was: str, now: str, flow: Flow) -> bool:
        """A method's params (or result) moved from def ``was`` to def ``now``: compare
        them here. True when their values are the same."""
        a, b = chase(self.old, was), chase(self.new, now)
        if self.renames.same(a, b):
            return True
        before = len(self.record.findings)
        self._inline(a, b, Place(def_pointer(a), def_pointer(b), b, flow, b, inline=True))
        return len(self.record.findings) == before

    # ── one node ──

    def node(self, o: Any, n: Any, at: Place) -> None:
        if o == n:
            return  # the references in it name defs that are compared as defs
        o, n = as_schema(o), as_schema(n)
        if not at.inline:
            self.record.annotations(o, n, at)
        self._hints(o, n, at)
        if not constraints(o) or not constraints(n):
            self._any(o, n, at)
            return
        was_null, now_null = nullable(o), nullable(n)
        if was_null and not now_null:
            self.emit("nullable-removed", at, f"{at.label} no longer accepts null: "
                      f"{backward(at.flow)}")  # fmt: skip
        elif now_null and not was_null:
            self.emit("nullable-added", at, f"{at.label} now accepts null: {forward(at.flow)}")
        o, n = without_null(o), without_null(n)
        a, b = stands_for(o), stands_for(n)
        if a is not None or b is not None:
            self._references(o, n, a, b, at)
            return
        old_members, new_members = (
            self.old.index.shapes.members(o),
            self.new.index.shapes.members(n),
        )
        if old_members and new_members:
            self.unions.compare(o, n, old_members, new_members, at)
            o, n = without_union(o), without_union(n)
        elif old_members or new_members:
            union = o if old_members else n
            if not constraints(without_union(union)):
                # a schema became a union of which it is one member (string → an open
                # enum of strings, say): compare it with its counterpart member; its
                # annotations and hints were compared just now
                self.unions.compare(o, n, old_members or [constraints(o)],
                            new_members or [constraints(n)], at)  # fmt: skip
                return
            self.unions.beside(o, n, old_members, new_members, at)
            o, n = without_union(o), without_union(n)
        self.keywords.compare(o, n, at)

    def _any(self, o: Mapping[str, Any], n: Mapping[str, Any], at: Place) -> None:
        """One side takes any value: nothing inside the other is worth comparing."""
        if not constraints(o) and constraints(n):
            self.emit("constraint-tightened", at, f"{at.label} took any value and is now "
                      f"constrained: {backward(at.flow)}")  # fmt: skip
        elif constraints(o) and not constraints(n):
            self.emit("constraint-loosened", at, f"{at.label} now takes any value: "
                      f"{forward(at.flow)}")  # fmt: skip

    def _hints(self, o: Mapping[str, Any], n: Mapping[str, Any], at: Place) -> None:
        changed = [
            f"{key} {shown(o.get(key))} → {shown(n.get(key))}"
            for key in sorted(k for k in set(o) | set(n) if k.startswith(_HINT_PREFIX))
            if o.get(key) != n.get(key)
        ]
        if changed:
            self.emit("tolerance-changed", at, f"{at.label}: {'; '.join(changed)}")
        if o.get("default") != n.get("default"):
            self.emit("default-changed", at, f"{at.label}: default {shown(o.get('default'))} "
                      f"→ {shown(n.get('default'))}: old and new {senders(at.flow)} and "
                      f"{receivers(at.flow)} read an omitted value differently")  # fmt: skip

    # ── references ──

    def _references(self, o: Any, n: Any, a: str | None, b: str | None, at: Place) -> None:
        if a is not None and b is not None:
            a, b = chase(self.old, a), chase(self.new, b)
            if self.renames.same(a, b):
                return  # the pair is compared as defs, at the def
            if shape(self.old.defs.get(a), self.renames.defs) == shape(self.new.defs.get(b)):
                self.emit("reference-retargeted", at, f"{at.label} now refers to {b} instead "
                          f"of {a}, of the same shape: nothing changes on the wire")  # fmt: skip
                return
            label = f"{at.label} (now {b}, was {a})"
            self._inline(a, b, replace(at, old=def_pointer(a), new=def_pointer(b), label=label,
                                       inline=True))  # fmt: skip
            return
        # one side refers to a def, the other writes a schema out: compare with the def
        if a is not None:
            key = (chase(self.old, a), "\0" + at.new)
            o, place = self.old.defs.get(key[0], {}), replace(at, old=def_pointer(key[0]))
        else:
            assert b is not None
            key = ("\0" + at.old, chase(self.new, b))
            n, place = self.new.defs.get(key[1], {}), replace(at, new=def_pointer(key[1]))
        if key not in self._compared:
            self._compared.add(key)
            self.node(o, n, replace(place, inline=True))

    def _inline(self, a: str, b: str, at: Place) -> None:
        """Compare def ``a`` (old) with another def ``b`` (new), once per pair."""
        if (a, b) in self._compared:
            return
        self._compared.add((a, b))
        self.node(self.old.defs.get(a, {}), self.new.defs.get(b, {}), at)
