"""The spec's types as every page shows them, but for their links: made once a run.

A type's fields and variants read the same on every page that shows them (its own, a
method's, a field's that holds it); only their links depend on where the page is, and
those ``page.Page`` adds. So what a field or variant is (its wire name, anchor, badges,
constraints, the def shown inline) is worked out here on first ask, once for the site, not
once a page. Facts about the schemas (what a fragment stands for, whether it takes null, a
union's tags) are the index's.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from ... import links
from ...defs import STANDARD_META
from ...history import variant_key
from ...index import Index, is_null, stands_for
from .escaping import code_span
from .paths import field_anchor, variant_anchor

# The standard `_meta` property is on almost every object: a short line says what it is.
_META_SHORT = (
    "Reserved by ACP for metadata; implementations must not assume anything about its keys. "
    "See [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)."
)
_CONSTRAINT_KEYS = (
    "minLength", "maxLength", "pattern", "format", "minimum", "maximum",
    "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minItems", "maxItems",
    "uniqueItems", "minProperties", "maxProperties", "default",
)  # fmt: skip


def code(text: Any) -> Markup:
    return Markup(code_span(str(text)))


@dataclass(frozen=True)
class FieldView:
    """One field of an object schema as every page shows it."""

    name: str  # the wire name
    code: Markup  # the wire name as a code span
    anchor: str  # its id on the page that documents the type
    shown: Mapping[str, Any]  # the property without its null alternative: its type reads so
    required: bool
    nullable: bool
    constraints: tuple[Markup, ...]
    description: str  # the Markdown source
    # the object def the field holds (alone, in a list or beside null) with fields of its
    # own, shown inline one level deep; None when there is none
    nested: str | None


@dataclass(frozen=True)
class VariantView:
    """One member of a union as every page shows it."""

    anchor: str  # its id on the union's page; "" for a member no key tells apart
    name: Markup  # the tag named (`sessionUpdate`: `"agent_message_chunk"`) or its title
    object: bool  # a tagged member written inline: its type reads "object"
    shown: Mapping[str, Any]  # else its type reads as this schema's, the member without null
    nullable: bool  # and "or null" after it
    description: str  # the Markdown source
    fields: tuple[FieldView, ...]  # of a member written inline (no def of its own), but its tag
    history_key: str = ""  # the history's name of a tagged member (``Def<tag>``); "" if untagged


class TypeViews:
    """The fields and variants of the site's types, each worked out on first ask."""

    def __init__(self, index: Index, defs: Mapping[str, Mapping[str, Any]]) -> None:
        self.index = index
        self.defs = defs
        self._fields: dict[str, tuple[FieldView, ...]] = {}
        self._variants: dict[str, tuple[VariantView, ...]] = {}
        # a schema's type as the pages of one folder read it, kept with the schema (its id
        # is its own while it is held)
        self._types: dict[tuple[int, str], tuple[Mapping[str, Any], str]] = {}
        # the spec's Markdown with rustdoc-style links by (text, folder, how it is made): as
        # the pages of the folder show it, and the pages it links to (see Page.md)
        self.texts: dict[tuple[str, str, Any], tuple[Markup, frozenset[str]]] = {}
        # links to pages, without anchors, by (what, name, folder) (see Page.type_link)
        self.links: dict[tuple[str, str, str], Markup] = {}

    def fields(self, type_name: str) -> tuple[FieldView, ...]:
        """The fields of a def (none for a name that is no def)."""
        found = self._fields.get(type_name)
        if found is None:
            found = self.field_views(type_name, self.defs.get(type_name, {}))
            self._fields[type_name] = found
        return found

    def field_views(
        self, type_name: str, schema: Mapping[str, Any], skip: str | None = None
    ) -> tuple[FieldView, ...]:
        """The fields of an object schema, anchored under ``type_name``, but ``skip``."""
        required = set(schema.get("required", []))
        views = []
        for name, prop in schema.get("properties", {}).items():
            if not isinstance(prop, dict) or name == skip:
                continue
            meta = prop == STANDARD_META
            views.append(FieldView(
                name=name, code=code(name), anchor=field_anchor(type_name, name),
                shown=without_null(prop)[0], required=name in required,
                nullable=self.index.shapes.accepts_null(prop), constraints=self.constraints(prop),
                description=_META_SHORT if meta else str(prop.get("description", "")),
                nested=self.nested_object(prop),
            ))  # fmt: skip
        return tuple(views)

    def variants(self, type_name: str) -> tuple[VariantView, ...]:
        """The members of a union def (none for another def or a name that is no def)."""
        found = self._variants.get(type_name)
        if found is None:
            found = tuple(self._variant_views(type_name))
            self._variants[type_name] = found
        return found

    def _variant_views(self, type_name: str) -> list[VariantView]:
        schema = self.defs.get(type_name, {})
        variants = schema.get("anyOf") or schema.get("oneOf") or []
        keyed = links.member_keys(self.index, schema)
        views = []
        for variant in variants:
            if not isinstance(variant, dict):
                continue
            key = links.member_key(self.index, variant)
            tag = self.index.shapes.tag_of(variant)
            inline = shown_def(variant) is None
            shown, nullable = without_null(variant)
            views.append(VariantView(
                anchor=variant_anchor(type_name, key) if key and keyed.get(key) is variant else "",
                name=self._variant_name(variant, tag),
                object=inline and tag is not None and tag[1] is not None,
                shown=shown, nullable=nullable,
                description=str(variant.get("description", "")),
                fields=self.field_views(type_name, variant, tag[0] if tag else None)
                if inline else (),
                history_key=variant_key(type_name, tag[1]) if tag and tag[1] is not None else "",
            ))  # fmt: skip
        return views

    def _variant_name(self, variant: Mapping[str, Any], tag: tuple[str, Any] | None) -> Markup:
        """A tagged variant by its tag, named: `sessionUpdate`: `"agent_message_chunk"`."""
        if tag is not None:
            return Markup(f"{code(tag[0])}: {code(json.dumps(tag[1], ensure_ascii=False))}")
        if "title" in variant:
            return code(variant["title"])
        if variant.get("const") is not None:
            return code(json.dumps(variant["const"], ensure_ascii=False))
        return code(shown_def(variant) or str(variant.get("type", "variant")))

    def type_text(
        self, schema: Mapping[str, Any], folder: str, make: Callable[[Mapping[str, Any]], str]
    ) -> str:
        """``make(schema)``, the text of a schema's type, for the pages of ``folder``: its
        links are to type pages without anchors, the same from every page there."""
        key = (id(schema), folder)
        found = self._types.get(key)
        if found is None:
            found = (schema, make(schema))
            self._types[key] = found
        return found[1]

    def constraints(self, schema: Mapping[str, Any]) -> tuple[Markup, ...]:
        """A schema's constraints, each a code span; those of the scalar def it refers to
        too, marked where they come from."""
        schema, _ = without_null(schema)
        found = [Markup(c) for c in _constraints(schema)]
        name = shown_def(schema)
        target = self.defs.get(name) if name else None
        if target is not None and not {"properties", "anyOf", "oneOf"} & set(target):
            found += [Markup(f"{c} (from {name})") for c in _constraints(target)]
        return tuple(found)

    def nested_object(self, prop: Mapping[str, Any]) -> str | None:
        """The object def a field holds, alone, beside null or as a list's items, when it
        has fields of its own to show inline: a union's variants are on its page."""
        schema, _ = without_null(prop)
        if schema.get("type") == "array" and isinstance(schema.get("items"), dict):
            schema = without_null(schema["items"])[0]
        name = self.index.shapes.field_type(schema)
        target = self.defs.get(name) if name else None
        if target is None or not target.get("properties"):
            return None
        return name


def without_null(schema: Mapping[str, Any]) -> tuple[dict[str, Any], bool]:
    """The schema with its null alternative taken out, for showing what else it holds, and
    whether there was one. (Whether a schema takes null is ``Shapes.accepts_null``'s answer:
    this is only how the type reads.)"""
    out = dict(schema)
    types = out.get("type")
    if isinstance(types, list) and "null" in types:
        rest = [t for t in types if t != "null"]
        out["type"] = rest[0] if len(rest) == 1 else rest
        return out, True
    for key in ("anyOf", "oneOf"):
        variants = out.get(key)
        if isinstance(variants, list) and any(is_null(v) for v in variants):
            rest = [v for v in variants if not is_null(v)]
            del out[key]
            if len(rest) == 1 and isinstance(rest[0], dict):
                merged = {k: v for k, v in out.items() if k != "description"}
                return {**merged, **rest[0]}, True
            out[key] = rest
            return out, True
    return out, False


def _constraints(schema: Mapping[str, Any]) -> list[str]:
    return [
        code_span(f"{key}: {json.dumps(schema[key], ensure_ascii=False)}")
        if not isinstance(schema[key], str)
        else code_span(f"{key}: {schema[key]}")
        for key in _CONSTRAINT_KEYS
        if key in schema
    ]


def shown_def(schema: Mapping[str, Any]) -> str | None:
    """The def a fragment is shown as: the one it stands for or, for a union member that
    adds its tag to a def (``allOf: [X]`` beside the tag property), that def."""
    name = stands_for(schema)
    parts = schema.get("allOf")
    if name is None and isinstance(parts, list) and len(parts) == 1:
        name = stands_for(parts[0])
    return name
