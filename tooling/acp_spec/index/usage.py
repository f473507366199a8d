"""Which methods use each def."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property

from ..model import Method
from .refs import References


class Usage:
    """The methods whose params or result reach each def, found when first asked."""

    def __init__(self, methods: Mapping[str, Method], refs: References) -> None:
        self._methods = methods
        self._refs = refs

    @cached_property
    def _users(self) -> dict[str, tuple[str, ...]]:
        users: dict[str, list[str]] = {}
        for method in self._methods.values():
            names: set[str] = set()
            for call in method.calls:
                for root in filter(None, (call.params, call.result)):
                    names |= self._refs.reachable(root)
            for name in names:
                users.setdefault(name, []).append(method.name)
        return {name: tuple(found) for name, found in users.items()}

    def used_by(self, name: str) -> tuple[str, ...]:
        """The methods whose params or result reach def ``name``, in spec order."""
        return self._users.get(name, ())
