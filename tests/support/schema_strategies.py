"""Hypothesis strategies for the defs of a JSON Schema (2020-12): what tests/test_vectors.py
draws params documents from.

hypothesis-jsonschema canonicalises the whole schema it is given, every def inlined, on each
build, and its object strategy canonicalises each member's schema again on every draw:
``UpdateSessionNotification`` alone took 40 s. So what is easy is taken apart here, each
part accepting only what the whole does:

- a reference: one strategy per def, shared by every test that reaches it;
- a union (``anyOf``): one of its members;
- a list of types: one of the types, each with the keywords that constrain it;
- an array: its items;
- an object: its members, member by member, as the conjunction of the plain objects it is
  made of (``allOf``), distributed over its unions (``anyOf``, ``oneOf`` less its other
  members), less what its ``not`` names; a member two parts constrain is drawn from the one
  that pins it (``const``, ``enum``) and kept where it meets the others;
- ``null``: ``None``.

The rest (strings, numbers, a ``not`` or ``oneOf`` of no object) goes to hypothesis-jsonschema,
one call per distinct node, with only the defs it reaches. A drawn document carries unknown
members only where its object says ``additionalProperties`` or ``unevaluatedProperties``
(those members are then drawn as hypothesis-jsonschema draws them: any string name, any
JSON value or one the ``additionalProperties`` schema accepts). Every drawn document is still
checked against the whole schema by the tests.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any

from hypothesis import strategies as st
from hypothesis_jsonschema import from_schema
from jsonschema import Draft202012Validator

# Keywords that only annotate: a node drawn member by member leaves them out.
ANNOTATIONS = frozenset({
    "title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly",
    "$comment", "format", "contentEncoding", "contentMediaType",
})  # fmt: skip
# What hypothesis-jsonschema never reads (nor x- keywords): nodes that differ only in these
# share a strategy.
UNREAD = ANNOTATIONS - {"format"}

_NUMERIC = frozenset({"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"})
# The keywords that constrain only an instance of one type: any other type meets them.
TYPE_KEYWORDS: dict[str, frozenset[str]] = {
    "null": frozenset(),
    "boolean": frozenset(),
    "string": frozenset({"minLength", "maxLength", "pattern"}),
    "number": _NUMERIC,
    "integer": _NUMERIC,
    "array": frozenset({"items", "prefixItems", "minItems", "maxItems", "uniqueItems"}),
    "object": frozenset({
        "properties", "required", "additionalProperties", "patternProperties",
        "minProperties", "maxProperties", "propertyNames", "dependentRequired",
    }),
}  # fmt: skip
_TYPED = frozenset().union(*TYPE_KEYWORDS.values())

# An object taken apart: a plain part, and what it may be made of besides.
_PLAIN = frozenset({"type", "properties", "required", "additionalProperties"})
_OBJECT = _PLAIN | {"unevaluatedProperties", "allOf", "anyOf", "oneOf", "not"}

_REF = re.compile(r'"#/\$defs/([^"]+)"')


def constraints(node: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in node.items() if k not in ANNOTATIONS and not k.startswith("x-")}


def with_defs(schema: Mapping[str, Any], node: Mapping[str, Any]) -> dict[str, Any]:
    """``node`` with the defs it reaches (hypothesis-jsonschema resolves every def it gets)."""
    defs, todo, seen = schema["$defs"], _REF.findall(json.dumps(node)), set()
    while todo:
        if (current := todo.pop()) not in seen:
            seen.add(current)
            todo += _REF.findall(json.dumps(defs[current]))
    return {**node, "$defs": {n: defs[n] for n in sorted(seen)}}


@dataclass(frozen=True)
class Conjunction:
    """One way to meet an object node: every plain part, none of the excluded schemas."""

    parts: tuple[Mapping[str, Any], ...]
    excluded: tuple[Mapping[str, Any], ...] = ()

    def __and__(self, other: Conjunction) -> Conjunction:
        return Conjunction(self.parts + other.parts, self.excluded + other.excluded)


def _pins(node: Any) -> bool:
    return isinstance(node, Mapping) and bool({"const", "enum"} & set(node))


class Drawer:
    """Strategies for the schema's defs, each def's built once and shared."""

    def __init__(self, schema: dict[str, Any]) -> None:
        self.schema = schema
        self.defs: dict[str, st.SearchStrategy[Any]] = {}
        self._leaves: dict[str, st.SearchStrategy[Any]] = {}
        self._validators: dict[str, Callable[[Any], bool]] = {}

    def ref(self, name: str) -> st.SearchStrategy[Any]:
        if name not in self.defs:
            self.defs[name] = st.deferred(lambda: self.node(self.schema["$defs"][name]))
        return self.defs[name]

    def node(self, node: Mapping[str, Any]) -> st.SearchStrategy[Any]:
        n = constraints(node)
        keys = set(n)
        if keys == {"$ref"}:
            return self.ref(n["$ref"].removeprefix("#/$defs/"))
        if keys == {"allOf"} and len(n["allOf"]) == 1:
            return self.node(n["allOf"][0])
        if keys == {"anyOf"}:
            return st.one_of([self.node(member) for member in n["anyOf"]])
        if keys == {"type"} and n["type"] == "null":
            return st.none()
        if isinstance(n.get("type"), list) and keys <= {"type"} | _TYPED:
            return st.one_of([self.node(self._typed(node, kind)) for kind in n["type"]])
        if n.get("type") == "array" and "items" in n and keys <= {"type", "items", "minItems", "maxItems"}:  # fmt: skip
            items = self.node(n["items"])
            return st.lists(items, min_size=n.get("minItems", 0), max_size=n.get("maxItems"))
        if (whole := self._object(n)) is not None:
            return whole
        return self.leaf(node)

    @staticmethod
    def _typed(node: Mapping[str, Any], kind: str) -> dict[str, Any]:
        """``node`` for instances of type ``kind`` alone: other types' keywords met already."""
        other = _TYPED - TYPE_KEYWORDS[kind]
        return {**{k: v for k, v in node.items() if k not in other}, "type": kind}

    def leaf(self, node: Mapping[str, Any] | bool) -> st.SearchStrategy[Any]:
        """hypothesis-jsonschema's strategy for ``node``, one per distinct node."""
        read = node
        if not isinstance(node, bool):
            read = {k: v for k, v in node.items() if k not in UNREAD and not k.startswith("x-")}
        key = json.dumps(read, sort_keys=True)
        if key not in self._leaves:
            whole = read if isinstance(read, bool) else with_defs(self.schema, read)
            self._leaves[key] = from_schema(whole)
        return self._leaves[key]

    def valid(self, node: Mapping[str, Any]) -> Callable[[Any], bool]:
        """Whether a document meets ``node``, as python-jsonschema over the schema says."""
        key = json.dumps(node, sort_keys=True)
        if key not in self._validators:
            whole = {**node, "$defs": self.schema["$defs"]}
            self._validators[key] = Draft202012Validator(whole).is_valid
        return self._validators[key]

    # ── objects ──

    def alternatives(self, node: Mapping[str, Any]) -> list[Conjunction] | None:
        """The conjunctions of plain objects whose union ``node`` is; None if it is no such
        thing (then hypothesis-jsonschema draws it whole)."""
        n = constraints(node)
        keys = set(n)
        if keys == {"$ref"}:
            return self.alternatives(self.schema["$defs"][n["$ref"].removeprefix("#/$defs/")])
        if keys == {"allOf"}:
            return self._all(n["allOf"])
        if keys == {"anyOf"}:
            return self._any(n["anyOf"])
        if keys == {"oneOf"}:
            return self._one(n["oneOf"])
        if n.get("type") != "object" or not keys <= _OBJECT:
            return None
        if n.get("unevaluatedProperties", True) is not True:
            return None
        plain = {k: v for k, v in n.items() if k in _PLAIN}
        if "unevaluatedProperties" in n:  # true: as vacuous as additionalProperties: true
            plain.setdefault("additionalProperties", True)
        result: list[Conjunction] | None = [Conjunction((plain,))]
        for way in (
            self._all(n.get("allOf", [])),
            self._any(n["anyOf"]) if "anyOf" in n else [Conjunction(())],
            self._one(n["oneOf"]) if "oneOf" in n else [Conjunction(())],
            [Conjunction((), (n["not"],))] if "not" in n else [Conjunction(())],
        ):
            if way is None or result is None:
                return None
            result = [a & b for a, b in product(result, way)]
        return result

    def _all(self, members: Sequence[Any]) -> list[Conjunction] | None:
        result = [Conjunction(())]
        for member in members:
            if (each := self.alternatives(member)) is None:
                return None
            result = [a & b for a, b in product(result, each)]
        return result

    def _any(self, members: Sequence[Any]) -> list[Conjunction] | None:
        result = []
        for member in members:
            if (each := self.alternatives(member)) is None:
                return None
            result += each
        return result

    def _one(self, members: Sequence[Any]) -> list[Conjunction] | None:
        """Each member, less every other one: exactly one of them."""
        result = []
        for index, member in enumerate(members):
            if (each := self.alternatives(member)) is None:
                return None
            others = tuple(m for i, m in enumerate(members) if i != index)
            result += [a & Conjunction((), others) for a in each]
        return result

    def _object(self, node: Mapping[str, Any]) -> st.SearchStrategy[Any] | None:
        if node.get("type") != "object" or (ways := self.alternatives(node)) is None:
            return None
        drawn = [self._conjunction(way) for way in ways]
        if any(d is None for d in drawn):
            return None
        return st.one_of([d for d in drawn if d is not None])

    def _conjunction(self, way: Conjunction) -> st.SearchStrategy[Any] | None:
        known: dict[str, list[Any]] = {}
        required: set[str] = set()
        for part in way.parts:
            for name, prop in part.get("properties", {}).items():
                known.setdefault(name, []).append(prop)
            required.update(part.get("required", []))
        for name in required:
            known.setdefault(name, [])
        # a part's additionalProperties holds every member its properties do not name
        closing = [p for p in way.parts if p.get("additionalProperties", True) is not True]
        for name, held in known.items():
            held += [p["additionalProperties"] for p in closing if name not in p.get("properties", {})]  # fmt: skip
        if any(False in held for held in known.values()):
            return None
        members = {name: self._member(held) for name, held in known.items()}
        drawn: st.SearchStrategy[Any] = st.fixed_dictionaries(
            {k: s for k, s in members.items() if k in required},
            optional={k: s for k, s in members.items() if k not in required},
        )
        if (extra := self._extra(way.parts, closing)) is not None:
            names = self.leaf({"type": "string"}).filter(lambda name: name not in known)
            # an object silent about unknown members takes them too (as upstream's open
            # structs do): one of them says as much as many, in a fraction of the time
            few = None if any("additionalProperties" in p for p in way.parts) else 1
            extras = st.dictionaries(names, extra, max_size=few)
            drawn = st.tuples(drawn, extras).map(lambda t: {**t[0], **t[1]})
        if way.excluded:
            excluded = [self.valid(e) for e in way.excluded]
            drawn = drawn.filter(lambda doc: not any(meets(doc) for meets in excluded))
        return drawn

    def _extra(
        self, parts: Sequence[Mapping[str, Any]], closing: Sequence[Mapping[str, Any]]
    ) -> st.SearchStrategy[Any] | None:
        """The values of unknown members, wherever the object takes them."""
        if len(closing) > 1:
            return None
        if not closing:
            return self.leaf(True)
        held = closing[0]["additionalProperties"]
        return None if held is False else self.node(held)

    def _member(self, held: list[Any]) -> st.SearchStrategy[Any]:
        """A member every schema of ``held`` constrains."""
        distinct = {json.dumps(constraints(h), sort_keys=True): h for h in held}
        if not distinct:
            return self.leaf(True)
        if len(distinct) == 1:
            return self.node(held[0])
        pinned = [h for h in held if _pins(constraints(h))]
        if not pinned:
            return self.leaf({"allOf": held})
        others = [self.valid(h) for h in held if h is not pinned[0]]
        return self.node(pinned[0]).filter(lambda value: all(meets(value) for meets in others))
