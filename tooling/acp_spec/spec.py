"""Load spec/acp-v2.yaml into the typed model, or report every problem in it: the YAML
read with positions (yamlsource) and held to the format (formatcheck), built (loader) with
the files it names beside it (side_files), then held to the rules (rules, and the rules of
the layers above that the rules package cannot import)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from . import rules
from .collector import paused
from .diagnostic_ids import FORMAT, YAML
from .diagnostics import Diagnostic, SpecError, stamped
from .diff.upstream import UPSTREAM_CHECKS
from .formatcheck import check_format
from .index import Index, index_of, with_findings
from .loader import build_spec, damaged_paths, healthy, section
from .model import Spec
from .side_files import read_changes, read_releases, read_snapshot, retired_ids
from .yamlsource import Source, load

DEFAULT_SPEC = Path("spec/acp-v2.yaml")


def load_spec(
    path: Path = DEFAULT_SPEC,
    display: str | None = None,
    *,
    history: bool = False,
    checks: Sequence[rules.Check] = (),
) -> Spec:
    """The spec at ``path``; raises SpecError listing every problem found (``load_checked``)."""
    return load_checked(path, display, history=history, checks=checks)[0]


def load_checked(
    path: Path = DEFAULT_SPEC,
    display: str | None = None,
    *,
    history: bool = False,
    checks: Sequence[rules.Check] = (),
) -> tuple[Spec, Index]:
    """The spec at ``path`` and the index its rules were checked with, which the emitters
    go on with (its facts are made once a run); raises SpecError listing every problem found.

    ``history``: a spec at an earlier revision, read to be compared (``acp-spec diff
    git:REF``). It was checked by the rules of its day, which today's may not be: the rules
    are not run, and of the format only what the build needs is held (``upstream`` is how it
    followed upstream then, not a protocol fact). ``checks``: run with the rules (the
    artifacts' checks of their names, ``pipeline.load_checked``)."""
    with paused():
        try:
            source = load(path, display)
        except SpecError as err:
            raise SpecError(stamped(err.diagnostics, YAML)) from None
        return _checked(source, path, history=history, checks=checks)


def _checked(
    source: Source, path: Path, *, history: bool, checks: Sequence[rules.Check]
) -> tuple[Spec, Index]:
    """``load_checked`` of the loaded ``source`` of the spec at ``path``: the spec built with
    what it names beside it, then held to the rules."""
    spec, written, problems = _built(source, path, history=history)
    index = index_of(spec)
    findings = [] if history else rules.check(spec, index, written, (*UPSTREAM_CHECKS, *checks))
    problems += [d for d in findings if d.severity == "error"]
    if problems:
        raise SpecError(problems)
    spec = replace(
        spec,
        warnings=tuple(sorted(d for d in findings if d.severity == "warning")),
        retired_vector_ids=retired_ids(path),
    )
    # the rules' index, for the spec their findings were added to: every fact stands
    return spec, with_findings(index, spec)


def _built(
    source: Source, path: Path, *, history: bool
) -> tuple[Spec, rules.Written, list[Diagnostic]]:
    """The spec as far as its format allows it to be built, the names written in it, and
    the problems of its format and of the files it names (``history``: see load_checked)."""
    data, where = source.data, source.where
    if not isinstance(data, dict):
        raise SpecError([Diagnostic(where.at(()),
            "the spec must be a mapping with version, methods, types, ...; see spec/README.md",
            rule=FORMAT)])  # fmt: skip
    shape = check_format(data, where)
    problems = [d for p, d in shape if not (history and p[:1] == ("upstream",))]
    # left out of the build when history: snapshot and all
    broken = damaged_paths([p for p, _ in shape] + ([("upstream",)] if history else []))
    snapshot: dict[str, Mapping[str, Any] | None] = {}
    if healthy(broken, ("upstream", "schemas")):
        upstream = section(data, "upstream")
        digests = section(upstream, "sha256") if healthy(broken, ("upstream", "sha256")) else {}
        found, snapshot = read_snapshot(path.parent, section(upstream, "schemas"), digests, where)
        problems += found
    spec = build_spec(data, where, broken, snapshot)
    if not history and healthy(broken, ("changes",)):
        found, changes = read_changes(path.parent, data.get("changes", []), where)
        problems += found
        spec = replace(spec, changes=changes)
    if not history:
        releases = read_releases(path.parent)
        if isinstance(releases, Diagnostic):
            problems.append(releases)
        else:
            spec = replace(spec, releases=releases)
    written = rules.Written(
        types=frozenset(section(data, "types")),
        errors=frozenset(section(data, "errors")),
        retry_classes=frozenset(section(data, "retryClasses")),
        methods=frozenset(section(data, "methods")),
        damaged=broken,
    )
    return spec, written, problems
