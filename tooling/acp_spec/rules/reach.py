"""A warning for types no message reaches: after a method is removed, its params and what
only they used are kept silently otherwise, in every artifact."""

from __future__ import annotations

from collections.abc import Iterator

from ..diagnostics import Diagnostic
from ..index import Index
from ..model import DERIVED_TYPE_NAMES, Spec
from .common import Written


def reached(spec: Spec, index: Index) -> frozenset[str]:
    """Every type a method's params or result reaches, or a generated routing union (the
    envelope: errors, request ids, extension messages)."""
    roots = {n for m in spec.methods.values() for c in m.calls for n in (c.params, c.result) if n}
    roots |= {name for name in DERIVED_TYPE_NAMES if name in index.defs}
    found: set[str] = set()
    for root in roots:
        if root not in found:
            found |= index.refs.reachable(root)
    return frozenset(found)


def types_are_reached(spec: Spec, index: Index, _: Written) -> Iterator[Diagnostic]:
    # upstream's own defs are the spec's whether a method reaches them or not (check holds
    # the spec to every one); a type upstream lacks that nothing reaches is left over
    theirs = (spec.upstream.unstable or {}).get("$defs", {})
    used = reached(spec, index)
    for name in spec.types:
        if name not in used and name not in theirs:
            yield Diagnostic(spec.where.at(("types", name), key=True),
                             f"type {name} is reached by no method's params or result; remove "
                             "it (and its upstream › differences entry), or refer to it",
                             severity="warning")  # fmt: skip
