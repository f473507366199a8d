"""Where a request's ``IdempotencyKey`` sits in its params."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..constants import KEY_TYPE
from ..defs import DEFS_PREFIX
from ..model import Method
from .refs import References
from .shapes import Shapes


class Keys:
    """The key paths of params defs, found when asked (a few params defs are, of hundreds
    of defs) and then only read."""

    def __init__(self, shapes: Shapes, refs: References) -> None:
        self._shapes = shapes
        self._refs = refs
        self._paths: dict[str, tuple[str, ...] | None] = {}

    def key_path(self, params: str) -> tuple[str, ...] | None:
        """The property path from a params def to its IdempotencyKey field, if the key is a
        field (directly, or of a nested object field); None when it is not."""
        known = self._paths
        if params not in known:
            known[params] = (
                self._find_key({"$ref": DEFS_PREFIX + params}, (), frozenset())
                if params in self._shapes.defs
                else None
            )
        return known[params]

    def _find_key(
        self, node: Mapping[str, Any], path: tuple[str, ...], seen: frozenset[str]
    ) -> tuple[str, ...] | None:
        shapes = self._shapes
        for prop, schema in shapes.properties(node).items():
            target = shapes.field_type(schema)
            if target == KEY_TYPE:
                return (*path, prop)
            if target is not None and target not in seen and target in shapes.defs:
                found = self._find_key(shapes.defs[target], (*path, prop), seen | {target})
                if found is not None:
                    return found
        return None

    def key_property(self, method: Method) -> tuple[str, ...] | None:
        """The path of a keyed request's IdempotencyKey in its params, if it has one."""
        request = method.request
        return None if request is None else self.key_path(request.params)

    def reaches_key(self, params: str) -> bool:
        """Whether the params def reaches an IdempotencyKey at all, a field or deeper."""
        return KEY_TYPE in self._refs.reachable(params)
