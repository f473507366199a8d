"""Facts of a spec that several rules ask (its nodes, its broken references), each made once."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from ..model import Spec

T = TypeVar("T")


class Facts:
    """``fact(spec)`` for each fact asked, made once. A Spec never changes, so neither does
    an answer; answers are shared, so callers only read them. ``spec``: the spec as the
    rules check it, before their findings are added to it (``build.with_findings``): no
    fact reads those."""

    def __init__(self, spec: Spec) -> None:
        self._spec = spec
        self._known: dict[Callable[[Spec], Any], Any] = {}

    def once(self, fact: Callable[[Spec], T]) -> T:
        known = self._known
        if fact not in known:
            known[fact] = fact(self._spec)
        found: T = known[fact]
        return found
