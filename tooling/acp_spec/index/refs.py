"""Which defs refer to which: directly, and all a def reaches."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cached_property
from typing import Any

from ..defs import DEFS_PREFIX, referenced_names
from ..model import TypeDef


class References:
    """Def -> the defs its schema names directly, made when first asked (a load whose rules
    stop early never asks), then only read."""

    def __init__(self, table: Callable[[], Mapping[str, tuple[str, ...]]]) -> None:
        self._make = table
        # found when asked: the rules and the diff ask it of the methods' roots, a
        # fraction of the defs
        self._reachable: dict[str, frozenset[str]] = {}

    @classmethod
    def of_types(cls, types: Mapping[str, TypeDef]) -> References:
        """A spec's types, as written (``referenced_names``' answer: every ``$ref: X``)."""
        return cls(lambda: {name: tuple(referenced_names(t.schema)) for name, t in types.items()})

    @classmethod
    def of_defs(cls, defs: Mapping[str, Any]) -> References:
        """A document's ``$defs``, as they name each other (``#/$defs/X``; a reference of
        another form names none)."""
        size = len(DEFS_PREFIX)  # ref_name's answer, without a call per reference
        return cls(
            lambda: {
                name: tuple(r[size:] for r in referenced_names(d) if r.startswith(DEFS_PREFIX))
                for name, d in defs.items()
            }
        )

    @cached_property
    def table(self) -> Mapping[str, tuple[str, ...]]:
        """Every def's direct references; callers only read it."""
        return self._make()

    def direct(self, name: str) -> tuple[str, ...]:
        """The names def ``name`` refers to directly, in order of appearance; ``()`` for a
        name that is no def."""
        return self.table.get(name, ())

    def reachable(self, name: str) -> frozenset[str]:
        """Every def reachable from ``name`` through references, ``name`` included."""
        known = self._reachable
        if name not in known:
            table = self.table
            seen: set[str] = set()
            todo = [name]
            while todo:
                current = todo.pop()
                if current in seen or current not in table:
                    continue
                seen.add(current)
                todo.extend(table[current])
            known[name] = frozenset(seen)
        return known[name]
