"""The value comparison of a schema's keywords once unions and references are set apart:
its type, enum, properties (objects.py), items, allOf, not, bounds and restrictions."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ..index import ANNOTATIONS, stands_for
from .finding import backward, either, forward
from .nodes import covers, part_name, shown, type_set, types_text, wider_format
from .objects import Objects
from .place import Place
from .renames import shape
from .walk import Part, Walk

_LOWER_BOUNDS = ("minLength", "minItems", "minProperties", "minimum", "exclusiveMinimum")
_UPPER_BOUNDS = ("maxLength", "maxItems", "maxProperties", "maximum", "exclusiveMaximum")
# keywords that only restrict: added tightens, removed loosens, changed is another constraint
_RESTRICTIONS = (
    "pattern", "format", "contentEncoding", "contentMediaType", "multipleOf", "uniqueItems",
    "const",
)  # fmt: skip
_HANDLED = frozenset({
    "$ref", "type", "properties", "required", "additionalProperties", "items", "allOf", "anyOf",
    "oneOf", "not", "enum", *_LOWER_BOUNDS, *_UPPER_BOUNDS, *_RESTRICTIONS,
})  # fmt: skip


class Keywords(Part):
    """Compares the keywords of two schemas that are neither references nor unions."""

    def __init__(self, walk: Walk) -> None:
        super().__init__(walk)
        self.objects = Objects(walk)

    def compare(self, o: Mapping[str, Any], n: Mapping[str, Any], at: Place) -> None:
        o, old_origins = self.objects.absorb(self.old, o, n, self.renames.defs)
        n, new_origins = self.objects.absorb(self.new, n, o, {})
        if not self._types(o, n, at):
            return  # another type altogether: what is inside it is no longer comparable
        self._enum(o, n, at)
        self.objects.properties(o, n, at, old_origins, new_origins)
        self.objects.additional(o, n, at)
        self._items(o, n, at)
        self._all_of(o, n, at)
        self._not(o, n, at)
        self._bounds(o, n, at)
        self._restrictions(o, n, at)
        for key in sorted((set(o) | set(n)) - _HANDLED):
            if key in ANNOTATIONS or key.startswith("x-"):
                continue
            if shape(o.get(key), self.renames.defs) != shape(n.get(key)):
                self.emit("constraint-changed", at, f"{at.label}: `{key}` changed: "
                          f"{either(at.flow)}")  # fmt: skip

    def _types(self, o: Mapping[str, Any], n: Mapping[str, Any], at: Place) -> bool:
        """Report a type change; False when the types have nothing in common."""
        was, now = type_set(o), type_set(n)
        if was == now:
            return True
        words = f"{at.label} type {types_text(was)} → {types_text(now)}"
        if was is None or (now is not None and covers(was, now)):
            self.emit("type-narrowed", at, f"{words}: {backward(at.flow)}")
        elif now is None or covers(now, was):
            self.emit("type-widened", at, f"{words}: {forward(at.flow)}")
        else:
            self.emit("type-changed", at, f"{words}: {either(at.flow)}")
            return False
        return True

    def _enum(self, o: Mapping[str, Any], n: Mapping[str, Any], at: Place) -> None:
        if "enum" not in o and "enum" not in n:
            return
        if "enum" not in o or "enum" not in n:
            rule = "constraint-tightened" if "enum" in n else "constraint-loosened"
            how = backward(at.flow) if "enum" in n else forward(at.flow)
            verb = "added" if "enum" in n else "removed"
            self.emit(rule, at, f"{at.label}: `enum` {verb}: {how}")
            return
        was = {json.dumps(v, sort_keys=True) for v in o["enum"]}
        now = {json.dumps(v, sort_keys=True) for v in n["enum"]}
        for value in sorted(was - now):
            self.emit("closed-variant-removed", at, f"{at.label}: value {value} removed: "
                      f"{backward(at.flow)}")  # fmt: skip
        for value in sorted(now - was):
            self.emit("closed-variant-added", at, f"{at.label}: value {value} added: "
                      f"{forward(at.flow)}")  # fmt: skip

    def _items(self, o: Mapping[str, Any], n: Mapping[str, Any], at: Place) -> None:
        was, now = o.get("items"), n.get("items")
        if was is None and now is None:
            return
        if was is not None and now is not None:
            self.node(was, now, at.down(("items",), ("items",), at.label + "[]"))
        elif now is not None:
            self.emit("constraint-tightened", at, f"{at.label}: its items are now "
                      f"constrained: {backward(at.flow)}")  # fmt: skip
        else:
            self.emit("constraint-loosened", at, f"{at.label}: its items are no longer "
                      f"constrained: {forward(at.flow)}")  # fmt: skip

    def _all_of(self, o: Mapping[str, Any], n: Mapping[str, Any], at: Place) -> None:
        was: list[Any] = list(o.get("allOf", []))
        now: list[Any] = list(n.get("allOf", []))
        if not was and not now:
            return
        left_old, left_new = list(range(len(was))), list(range(len(now)))
        pairs: list[tuple[int, int]] = []
        for i in list(left_old):
            ref = stands_for(was[i]) if isinstance(was[i], dict) else None
            match = next(
                (j for j in left_new if ref is not None and isinstance(now[j], dict)
                 and stands_for(now[j]) == self.renames.new_name(ref)),
                None,
            )  # fmt: skip
            if match is not None:
                pairs.append((i, match))
                left_old.remove(i)
                left_new.remove(match)
        for i, j in zip(list(left_old), list(left_new), strict=False):
            pairs.append((i, j))
            left_old.remove(i)
            left_new.remove(j)
        for i, j in pairs:
            self.node(was[i], now[j], at.down(("allOf", str(i)), ("allOf", str(j)), at.label))
        for i in left_old:
            self.emit("constraint-loosened", at, f"{at.label} no longer also matches "
                      f"{part_name(was[i])}: {forward(at.flow)}")  # fmt: skip
        for j in left_new:
            self.emit("constraint-tightened", at, f"{at.label} now also must match "
                      f"{part_name(now[j])}: {backward(at.flow)}")  # fmt: skip

    def _not(self, o: Mapping[str, Any], n: Mapping[str, Any], at: Place) -> None:
        if at.catch_all:
            return  # the catch-all's guard follows its siblings' tags, reported as variants
        was, now = o.get("not"), n.get("not")
        if shape(was, self.renames.defs) == shape(now):
            return
        if was is None:
            self.emit("constraint-tightened", at, f"{at.label}: a `not` was added: "
                      f"{backward(at.flow)}")  # fmt: skip
        elif now is None:
            self.emit("constraint-loosened", at, f"{at.label}: its `not` was removed: "
                      f"{forward(at.flow)}")  # fmt: skip
        else:
            self.emit("constraint-changed", at, f"{at.label}: its `not` changed: "
                      f"{either(at.flow)}")  # fmt: skip

    def _bounds(self, o: Mapping[str, Any], n: Mapping[str, Any], at: Place) -> None:
        for key in (*_LOWER_BOUNDS, *_UPPER_BOUNDS):
            was, now = o.get(key), n.get(key)
            if was == now:
                continue
            words = f"{at.label}: {key} {shown(was)} → {shown(now)}"
            if not all(isinstance(v, int | float) for v in (was, now) if v is not None):
                self.emit("constraint-changed", at, f"{words}: {either(at.flow)}")
                continue
            lower = key in _LOWER_BOUNDS
            tighter = was is None or (now is not None and (now > was if lower else now < was))
            if tighter:
                self.emit("constraint-tightened", at, f"{words}: {backward(at.flow)}")
            else:
                self.emit("constraint-loosened", at, f"{words}: {forward(at.flow)}")

    def _restrictions(self, o: Mapping[str, Any], n: Mapping[str, Any], at: Place) -> None:
        for key in _RESTRICTIONS:
            was, now = o.get(key), n.get(key)
            if key == "uniqueItems":
                was, now = was or None, now or None  # false is no restriction
            if was == now:
                continue
            words = f"{at.label}: {key} {shown(was)} → {shown(now)}"
            wider = wider_format(was, now) if key == "format" else None
            if was is None or wider is False:
                self.emit("constraint-tightened", at, f"{words}: {backward(at.flow)}")
            elif wider is True:
                self.emit("integer-format-widened", at, f"{words}: every old value stays "
                          f"valid, but {forward(at.flow)} when typed to the narrower integer")  # fmt: skip
            elif now is None:
                self.emit("constraint-loosened", at, f"{words}: {forward(at.flow)}")
            else:
                self.emit("constraint-changed", at, f"{words}: {either(at.flow)}")
