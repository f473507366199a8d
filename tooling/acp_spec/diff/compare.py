"""Two protocol views in, findings out: the whole comparison, pure and deterministic."""

from __future__ import annotations

from collections.abc import Iterator

from .finding import Finding, def_pointer
from .messages import envelope_findings
from .methods import Table, error_code_findings, method_findings, pair_methods
from .renames import Renames, find_renames
from .values import Values
from .view import FACTS, ProtocolView

_FACT_RULES = {
    "stability": "stability",
    "capability": "gating capabilities",
    "errors": "error lists and codes",
    "retry": "retry classes and the IdempotencyKey's place",
    "audited": "audit marks",
}


def compare(old: ProtocolView, new: ProtocolView) -> list[Finding]:
    """Every finding between ``old`` and ``new``, in the order the report shows them."""
    renames = find_renames(old, new)
    values = Values(old, new, renames)
    for was in sorted(old.defs):
        now = renames.new_name(was)
        if now in new.defs and was not in old.routing and now not in new.routing:
            values.compare_def(was, now)
    table = pair_methods(old, new, renames)
    findings = list(method_findings(table, values))
    findings += values.findings
    findings += values.docs_findings()
    findings += _defs(table, renames)
    findings += envelope_findings(old, new)
    findings += error_code_findings(old, new)
    return sorted(set(findings), key=Finding.sort_key)


def skipped(old: ProtocolView, new: ProtocolView) -> list[str]:
    """What was not compared because an input does not carry it, and the inputs' notes."""
    notes = list(dict.fromkeys(old.notes + new.notes))
    by_missing: dict[tuple[str, ...], list[str]] = {}
    for fact in FACTS:
        missing = tuple(f"{side} ({v.label})" for side, v in (("OLD", old), ("NEW", new))
                        if fact not in v.carries)  # fmt: skip
        if missing:
            by_missing.setdefault(missing, []).append(_FACT_RULES[fact])
    for missing, facts in by_missing.items():
        who = "neither input carries" if len(missing) == 2 else f"{missing[0]} does not carry"
        notes.append(f"not compared, as {who} them: {', '.join(facts)}")
    return notes


def _defs(table: Table, renames: Renames) -> Iterator[Finding]:
    """Defs renamed, removed and added. A removed def is reported where the removal starts:
    not when only removed defs referred to it, nor when only removed methods reached it
    (those are their findings); an added one likewise."""
    old, new = table.old, table.new
    for was, now in renames.defs.items():
        methods = old.flow(was).methods | new.flow(now).methods
        yield Finding.of("def-renamed", def_pointer(now), methods, f"{was} is now called "
                         f"{now} (same shape; references switched): SDK type names change, "
                         "the wire does not")  # fmt: skip
    gone = set(old.defs) - set(new.defs) - set(renames.defs) - old.routing
    for name, others in sorted(_roots(old, gone, set(table.removed)).items()):
        yield Finding.of("def-removed", def_pointer(name), old.flow(name).methods,
                         f"{name} is gone{_with(others)}: SDK types of that name go away")  # fmt: skip
    came = set(new.defs) - set(old.defs) - set(renames.defs.values()) - new.routing
    for name, others in sorted(_roots(new, came, set(table.added)).items()):
        yield Finding.of("def-added", def_pointer(name), new.flow(name).methods,
                         f"{name} is new{_with(others)}")  # fmt: skip


def _roots(view: ProtocolView, names: set[str], methods: set[str]) -> dict[str, list[str]]:
    """The defs of ``names`` where a removal (or addition) starts, each with the others of
    ``names`` that only it reaches."""
    roots: dict[str, list[str]] = {}
    for name in sorted(names):
        users = view.flow(name).methods
        if users and users <= methods:
            continue
        referrers = view.referrers.get(name, set())
        if not referrers or not referrers <= names:
            roots[name] = []
    for name in sorted(names - set(roots)):
        reaching = [root for root in roots if name in view.index.refs.reachable(root)]
        if len(reaching) == 1:
            roots[reaching[0]].append(name)
    return roots


def _with(others: list[str]) -> str:
    if not others:
        return ""
    shown = ", ".join(others[:5]) + (f" and {len(others) - 5} more" if len(others) > 5 else "")
    return f" (with {shown}, which only it used)"
