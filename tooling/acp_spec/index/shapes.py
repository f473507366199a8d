"""The shapes of values a JSON Schema's ``$defs`` allow: references followed, nullability,
an object's properties, a union's members and tags. Every answer is JSON Schema's, so the
checker, the schema, the models, the vectors and the docs cannot disagree about, say,
whether a field takes ``null``. A dangling reference answers "nothing there": the rules
ask these of a broken spec to report what is broken."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..defs import OTHER_TITLE
from .nodes import constraints, is_null, ref_name, stands_for, type_list


@dataclass(frozen=True)
class Variant:
    """One member of a tagged union."""

    tag: Any  # the tag's const; None for the open union's catch-all
    schema: Mapping[str, Any]  # as written in the union
    ref: str | None  # the def the member stands for, if it is only a reference


@dataclass(frozen=True)
class TaggedUnion:
    """A union whose members are told apart by one property's const."""

    field: str  # the tag property (``type``, ``sessionUpdate``)
    variants: tuple[Variant, ...]  # the tagged members, in order
    other: Variant | None  # the open union's catch-all (title ``other``), if any
    nullable: bool  # a ``{type: null}`` member is there too

    @property
    def tags(self) -> tuple[Any, ...]:
        return tuple(v.tag for v in self.variants)

    @property
    def open(self) -> bool:
        return self.other is not None


@dataclass(frozen=True, eq=False)
class Shapes:
    """The shapes of the values of ``defs`` (a document's ``$defs``, which it only reads:
    the models' steps hand in a mapping that records what is read)."""

    defs: Mapping[str, Any]

    def resolve(self, node: Mapping[str, Any]) -> Mapping[str, Any]:
        """Follow ``$ref`` to the def it names (a dangling one resolves to ``{}``)."""
        seen: set[str] = set()
        defs = self.defs
        while "$ref" in node:
            name = ref_name(node["$ref"])
            if name is None or name in seen or name not in defs:
                return {}
            seen.add(name)
            node = defs[name]
        return node

    # ── values ──

    def accepts_null(self, node: Any, _seen: frozenset[str] = frozenset()) -> bool:
        """Whether the schema takes ``null``: JSON Schema's answer, keyword by keyword."""
        if isinstance(node, bool):
            return node
        if not isinstance(node, Mapping):
            return False
        ok = True
        if "$ref" in node:
            target = ref_name(node["$ref"])
            if target is None or target not in self.defs:
                return False
            ok = target in _seen or self.accepts_null(self.defs[target], _seen | {target})
        if (types := type_list(node)) is not None:
            ok = ok and "null" in types
        if "const" in node:
            ok = ok and node["const"] is None
        if "enum" in node:
            ok = ok and None in node["enum"]
        if "anyOf" in node:
            ok = ok and any(self.accepts_null(m, _seen) for m in node["anyOf"])
        if "oneOf" in node:
            ok = ok and sum(self.accepts_null(m, _seen) for m in node["oneOf"]) == 1
        if "allOf" in node:
            ok = ok and all(self.accepts_null(m, _seen) for m in node["allOf"])
        if "not" in node:
            ok = ok and not self.accepts_null(node["not"], _seen)
        return ok

    def properties(self, node: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
        """The properties an object schema declares, its ``allOf`` parts' included."""
        out: dict[str, Mapping[str, Any]] = {}
        for part in self._parts(node):
            out.update(part.get("properties", {}))
        return out

    def required(self, node: Mapping[str, Any]) -> frozenset[str]:
        return frozenset(name for part in self._parts(node) for name in part.get("required", []))

    def _parts(self, node: Mapping[str, Any]) -> list[Mapping[str, Any]]:
        """The node (resolved) and its ``allOf`` parts, deepest first, each once: a part
        that refers back to its own def (a cycle the rules report) ends the walk."""
        found: list[Mapping[str, Any]] = []
        self._gather_parts(node, found, set())
        return found

    def _gather_parts(
        self, current: Mapping[str, Any], found: list[Mapping[str, Any]], seen: set[int]
    ) -> None:
        # a method, not a closure that calls itself: that is a reference cycle at every
        # call, left for the garbage collector (and _parts is asked thousands of times)
        current = self.resolve(current)
        if id(current) in seen:
            return
        seen.add(id(current))
        for part in current.get("allOf", []):
            if isinstance(part, Mapping):
                self._gather_parts(part, found, seen)
        found.append(current)

    def field_type(self, schema: Mapping[str, Any]) -> str | None:
        """The def a field holds: a reference, alone or beside a ``null`` alternative
        (``anyOf: [X, null]``) or a ``type`` list that admits null."""
        if (name := stands_for(schema)) is not None:
            return name
        solid = [m for m in self.members(schema) if not is_null(m)]
        if len(solid) == 1 and len(constraints(schema)) == 1:
            return stands_for(solid[0])
        rest = constraints(schema)
        if "allOf" in rest and set(rest) <= {"allOf", "type"}:
            parts = rest["allOf"]
            if isinstance(parts, list) and len(parts) == 1:
                return stands_for(parts[0])
        return None

    # ── unions ──

    def members(self, node: Mapping[str, Any]) -> list[Mapping[str, Any]]:
        """The alternatives of a union (``anyOf``/``oneOf``), a nested union with nothing
        beside it flattened into its parent; ``[]`` for a node that is no union."""
        found: list[Mapping[str, Any]] = []
        for key in ("anyOf", "oneOf"):
            for member in node.get(key, []):
                if not isinstance(member, Mapping):
                    continue
                # a union alone (the usual member has neither keyword: no copy made)
                nested = ("anyOf" in member or "oneOf" in member) and set(constraints(member)) in (
                    {"anyOf"},
                    {"oneOf"},
                )
                found += self.members(member) if nested else [member]
        return found

    def tag_of(self, variant: Mapping[str, Any]) -> tuple[str, Any] | None:
        """The (property, const) pair that tags a union member, looked up through the
        member's own properties first, then the defs it refers to."""
        for part in reversed(self._parts(variant)):
            for name, prop in part.get("properties", {}).items():
                if isinstance(prop, Mapping) and "const" in prop:
                    return name, prop["const"]
        return None

    def tagged_union(self, node: Mapping[str, Any]) -> TaggedUnion | None:
        """The union ``node`` is (following a reference), if one property tags its members."""
        node = self.resolve(node)
        members = self.members(node)
        solid = [m for m in members if not is_null(m)]
        if not solid:
            return None
        field: str | None = None
        variants: list[Variant] = []
        other: Variant | None = None
        for member in solid:
            tag = self.tag_of(member)
            if tag is None:
                if other is not None or member.get("title") != OTHER_TITLE:
                    return None
                other = Variant(None, member, stands_for(member))
                continue
            if field is not None and tag[0] != field:
                return None
            field = tag[0]
            variants.append(Variant(tag[1], member, stands_for(member)))
        if field is None:
            return None
        return TaggedUnion(field, tuple(variants), other, len(solid) < len(members))
