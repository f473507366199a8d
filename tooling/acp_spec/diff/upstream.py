"""The spec against the upstream release it follows, each finding matched to what the spec
lists as intended (``upstream › differences`` and ``upstream › departures``).

The test that the spec follows upstream, the docs page "Differences from upstream" and the
rule ``upstream-departures`` (``UPSTREAM_CHECKS``, which the loader runs with the rules
package's) all read this: a finding nothing listed explains is drift, and a listed entry
that explains no finding is no difference any more.
"""

from __future__ import annotations

import pickle
from collections.abc import Iterator
from dataclasses import dataclass

from ..content import Recent, digest
from ..diagnostics import Diagnostic
from ..index import Index
from ..model import Departure, Difference, Spec
from ..rules.common import Check
from ..rules.upstream import snapshot_digest, snapshot_digest_of
from .compare import compare
from .finding import Finding, def_pointer
from .versions import methods_of, schema_view, view_of_spec
from .view import ProtocolView

Listed = Difference | Departure


@dataclass(frozen=True)
class Explained:
    entry: Listed
    findings: tuple[Finding, ...]


@dataclass(frozen=True)
class AgainstUpstream:
    release: str  # what the spec follows, as a reader names it
    explained: tuple[Explained, ...]  # the differences, then the departures, in the spec's order
    unexplained: tuple[Finding, ...]  # drift: the spec differs where it lists nothing


# The views of the last few snapshots, by a digest of all they are made of: every load of a
# spec compares it with the same upstream release, whose view (its index, its flows) is
# most of what the comparison takes to make.
_VIEWS: Recent[ProtocolView] = Recent(4)


def upstream_view(spec: Spec) -> ProtocolView | None:
    """Upstream's release as the spec's snapshot holds it; None without a snapshot."""
    found = _upstream(spec, snapshot_digest(spec))
    return None if found is None else found[1]


def _upstream(spec: Spec, unstable_digest: str) -> tuple[str, ProtocolView] | None:
    """The view of upstream's release, with the digest of all it is made of;
    ``unstable_digest``: the snapshot's (``snapshot_digest``)."""
    unstable, stable = spec.upstream.unstable, spec.upstream.stable
    if unstable is None:
        return None
    label = f"upstream {spec.upstream.follows}"
    methods = None if stable is None else methods_of(stable)
    key = digest((label, unstable_digest, None if methods is None else sorted(methods)))
    # made of a copy, so that the view answers for the digested content alone, whatever is
    # done to the spec's snapshot afterwards
    view = _VIEWS.get(
        key, lambda: schema_view(pickle.loads(pickle.dumps(unstable)), label, methods)
    )
    return key, view


# The findings of the last few comparisons, by a digest of all both views are made of:
# the docs' page of differences asks again what the rules asked, and the tests load
# hundreds of specs that differ from the real one where the comparison does not look.
_FINDINGS: Recent[tuple[Finding, ...]] = Recent(8)


def _compared(
    theirs_key: str, theirs: ProtocolView, ours: ProtocolView, index: Index
) -> tuple[Finding, ...]:
    """``compare(theirs, ours)`` for ``ours`` the view of ``index``'s spec."""
    # everything of ``ours`` compare reads: its schema is the index's (its own index
    # derived from it), and the rest is the view's fields
    key = digest((theirs_key, index.digests.schema_digest, ours.label, ours.methods, ours.carries,
                  ours.error_codes, ours.notes))  # fmt: skip
    return _FINDINGS.get(key, lambda: tuple(compare(theirs, ours)))


def against_upstream(spec: Spec, index: Index) -> AgainstUpstream | None:
    upstream = _upstream(spec, snapshot_digest_of(spec, index))
    if upstream is None:
        return None
    theirs_key, theirs = upstream
    ours = view_of_spec(spec, "the spec", index)
    entries: tuple[Listed, ...] = (*spec.upstream.differences, *spec.upstream.departures)
    found: list[list[Finding]] = [[] for _ in entries]
    unexplained: list[Finding] = []
    for finding in _compared(theirs_key, theirs, ours, index):
        numbers = [n for n, e in enumerate(entries) if _explains(spec, ours, e, finding)]
        for number in numbers:
            found[number].append(finding)
        if not numbers:
            unexplained.append(finding)
    explained = tuple(Explained(e, tuple(f)) for e, f in zip(entries, found, strict=True))
    return AgainstUpstream(spec.upstream.follows, explained, tuple(unexplained))


def _explains(spec: Spec, ours: ProtocolView, entry: Listed, finding: Finding) -> bool:
    if isinstance(entry, Departure):
        if entry.method is not None:
            return finding.where == entry.method and finding.rule == "method-direction-changed"
        return finding.rule == "envelope-added" and _form(ours, finding.where) in entry.forms
    name = entry.type
    if entry.kind == "new-properties":
        return any(finding.where == f"{def_pointer(name)}/properties/{p}" for p in entry.adds)
    if finding.def_name == name:
        return True
    # a method upstream lacks, whose params or result is a type the spec adds
    method = spec.methods.get(finding.where)
    return (
        entry.kind == "new-type"
        and finding.rule == "method-added"
        and method is not None
        and any(name in (call.params, call.result) for call in method.calls)
    )


def _form(view: ProtocolView, where: str) -> str | None:
    """The title of the root's message form at ``#/anyOf/N``."""
    number = where.removeprefix("#/anyOf/")
    forms = view.schema.get("anyOf", [])
    if not number.isdigit() or int(number) >= len(forms):
        return None
    title = forms[int(number)].get("title")
    return title if isinstance(title, str) else None


# What the release says of the wire beyond its defs, which the rules above do not compare:
# the method table and the root's message forms, as `acp-spec diff` sees them.
DEPARTURES_RULE = "upstream-departures"
_WIRE_RULES = ("method-direction-changed", "method-kind-changed", "method-params-changed",
               "method-renamed", "envelope-added", "envelope-removed")  # fmt: skip


def departures_are_listed(spec: Spec, index: Index, _: object) -> Iterator[Diagnostic]:
    report = against_upstream(spec, index)
    if report is None:
        return
    for finding in report.unexplained:
        if finding.rule in _WIRE_RULES:
            yield Diagnostic(spec.where.at(("upstream",), key=True), "acp-spec diff of "
                             f"upstream's release against the spec finds {finding.rule} at "
                             f"{finding.where} ({finding.message}); make the spec upstream's, or "
                             "list it under upstream › departures with why", rule=DEPARTURES_RULE)  # fmt: skip
    departures = [e for e in report.explained if not isinstance(e.entry, Difference)]
    for number, explained in enumerate(departures):
        if not explained.findings:
            yield Diagnostic(spec.where.at(("upstream", "departures", number)), "this departure "
                             "is no longer one: acp-spec diff finds nothing it explains; remove "
                             "the entry", rule=DEPARTURES_RULE)  # fmt: skip


# The rules that hold the spec to upstream through this comparison: the rules package lies
# below it and cannot import them, so the loader runs them with its own.
UPSTREAM_CHECKS: tuple[Check, ...] = (Check(DEPARTURES_RULE, departures_are_listed),)
