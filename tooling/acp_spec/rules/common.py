"""What every rule receives, and how it reports a problem."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..diagnostics import Diagnostic
from ..index import Index
from ..model import Spec
from ..yamlsource import PathKey


@dataclass(frozen=True)
class Written:
    """Every name written in the file, including entries too broken to model, so that a
    broken entry is reported once, not again at every place that refers to it."""

    types: frozenset[str]
    errors: frozenset[str]
    retry_classes: frozenset[str]
    methods: frozenset[str] = frozenset()
    # the sections and entries a format problem lies in (``("upstream", "differences")``)
    damaged: frozenset[PathKey] = frozenset()


Rule = Callable[[Spec, Index, Written], Iterator[Diagnostic]]


@dataclass(frozen=True)
class Check:
    """A rule the layers above hand the runner (``rules.check``'s ``checks``), which the
    rules may not import: diff's comparison with upstream, an artifact's check of the names
    it makes of the spec. ``id``: its stable rule id, by which the runner's tables say
    when it waits (``rules.NEEDS_EVERY_TYPE`` and the others)."""

    id: str
    rule: Rule


def at(spec: Spec, path: PathKey, message: str, *, key: bool = False) -> Diagnostic:
    return Diagnostic(spec.where.at(path, key=key), message)
