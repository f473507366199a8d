"""Expand the spec's type fragments into upstream-shaped JSON Schema ``$defs``.

The YAML keeps three conveniences (see spec/README.md): references by name, an implicit
``_meta`` property and open-union guards derived from the sibling variants. This module
is the one place that turns them into the JSON Schema upstream ACP writes, so the checker
(which validates examples) and the schema emitter agree by construction.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

DEFS_PREFIX = "#/$defs/"

META_DESCRIPTION = (
    "The _meta property is reserved by ACP to allow clients and agents to attach additional\n"
    "metadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\n"
    "Implementations MUST NOT assign meaning to keys they do not recognize.\n\n"
    "See protocol docs: [Extensibility]"
    "(https://agentclientprotocol.com/protocol/v2/draft/extensibility)"
)

# Insertion order matters: it is the order upstream writes the keys in.
STANDARD_META: dict[str, Any] = {
    "description": META_DESCRIPTION,
    "type": ["object", "null"],
    "x-deserialize-default-on-error": True,
    "additionalProperties": True,
}

# Keys of ours that are not JSON Schema keywords; they never reach the emitted schema.
FORMAT_ONLY_KEYS = frozenset({"meta"})

OTHER_TITLE = "other"

# Where JSON Schema nests subschemas: under a map of names, in a list, or one alone.
SCHEMA_MAPS = ("properties", "patternProperties", "dependentSchemas", "$defs")
SCHEMA_LISTS = ("anyOf", "oneOf", "allOf", "prefixItems")
ONE_SCHEMA = (
    "items", "additionalProperties", "not", "contains", "propertyNames", "if", "then", "else",
)  # fmt: skip


def ref_target(value: str) -> str:
    """The JSON pointer a by-name reference stands for."""
    return DEFS_PREFIX + value


def expand_fragment(fragment: Any) -> Any:
    """Expand one schema fragment (recursively) into plain JSON Schema."""
    if isinstance(fragment, list):
        return [expand_fragment(item) for item in fragment]
    if not isinstance(fragment, dict):
        return fragment
    out: dict[str, Any] = {}
    has_siblings = "$ref" in fragment and len(fragment) > 1
    for key, value in fragment.items():
        if key in FORMAT_ONLY_KEYS:
            continue
        if key == "$ref":
            target = {"$ref": ref_target(value)}
            if has_siblings:
                out["allOf"] = [target]
            else:
                out["$ref"] = target["$ref"]
        elif key in ("properties", "$defs", "dependentSchemas", "patternProperties"):
            out[key] = {name: expand_fragment(sub) for name, sub in value.items()}
        elif key == "anyOf":
            out[key] = _expand_union(value)
        else:
            out[key] = expand_fragment(value)
    return out


def _expand_union(variants: Sequence[Any]) -> list[Any]:
    expanded = [expand_fragment(v) for v in variants]
    for index, variant in enumerate(expanded):
        if _is_open_other(variant) and "not" not in variant:
            siblings = expanded[:index] + expanded[index + 1 :]
            guard = open_union_guard(variant, siblings)
            if guard is not None:
                expanded[index] = _insert_before(variant, "additionalProperties", "not", guard)
    return expanded


def _insert_before(schema: dict[str, Any], anchor: str, key: str, value: Any) -> dict[str, Any]:
    """Upstream writes the guard before additionalProperties; keep its key order."""
    if anchor not in schema:
        return {**schema, key: value}
    out: dict[str, Any] = {}
    for name, item in schema.items():
        if name == anchor:
            out[key] = value
        out[name] = item
    return out


def _is_open_other(variant: Any) -> bool:
    return (
        isinstance(variant, dict)
        and variant.get("title") == OTHER_TITLE
        and variant.get("type") == "object"
    )


def variant_tag(variant: Mapping[str, Any]) -> tuple[str, Any] | None:
    """The (property, const) pair that tags a union variant, if it has one."""
    for name, prop in variant.get("properties", {}).items():
        if isinstance(prop, dict) and "const" in prop:
            return name, prop["const"]
    return None


def open_union_guard(other: Mapping[str, Any], siblings: Sequence[Any]) -> dict[str, Any] | None:
    """The ``not`` guard that keeps an open union's catch-all off the known tags."""
    tags = [variant_tag(s) for s in siblings if isinstance(s, dict)]
    known = [t for t in tags if t is not None and t[0] in other.get("properties", {})]
    if not known:
        return None
    return {
        "anyOf": [
            {
                "type": "object",
                "properties": {name: {"type": "string", "const": const}},
                "required": [name],
            }
            for name, const in known
        ]
    }


def expand_type(fragment: Mapping[str, Any]) -> dict[str, Any]:
    """Expand a top-level type, adding the implicit ``_meta`` property to objects."""
    out: dict[str, Any] = expand_fragment(dict(fragment))
    if fragment.get("type") == "object" and fragment.get("meta", True):
        props = dict(out.get("properties", {}))
        if "_meta" not in props:
            props["_meta"] = dict(STANDARD_META)
            # properties must precede required etc. as upstream orders them
            out = _with_properties(out, props)
    return out


def _with_properties(schema: dict[str, Any], props: dict[str, Any]) -> dict[str, Any]:
    if "properties" in schema:
        return {k: (props if k == "properties" else v) for k, v in schema.items()}
    out: dict[str, Any] = {}
    for key, value in schema.items():
        out[key] = value
        if key == "type":
            out["properties"] = props
    if "properties" not in out:
        out["properties"] = props
    return out


def expand_types(types: Mapping[str, Mapping[str, Any]]) -> dict[str, dict[str, Any]]:
    """Expand every type; the result is ready to be a JSON Schema ``$defs``."""
    return {name: expand_type(fragment) for name, fragment in types.items()}


def keyword_values(
    fragment: Any, keyword: str, path: tuple[str | int, ...] = ()
) -> Iterator[tuple[tuple[str | int, ...], Any]]:
    """(path, value) of every use of ``keyword`` in a fragment, in order of appearance.
    A property named like the keyword (``properties: {pattern: ...}``) is not a use."""
    found: list[tuple[tuple[str | int, ...], Any]] = []
    _gather_keyword(fragment, keyword, path, found)
    return iter(found)


def _gather_keyword(
    node: Any,
    keyword: str,
    path: tuple[str | int, ...],
    found: list[tuple[tuple[str | int, ...], Any]],
) -> None:
    # into one list, not through nested generators (which passed each use up through every
    # level that holds it), and only into containers: a scalar holds no use
    if isinstance(node, dict):
        for key, value in node.items():
            if key == keyword and not isinstance(value, dict):
                found.append(((*path, key), value))
            elif isinstance(value, dict | list):
                _gather_keyword(value, keyword, (*path, key), found)
    elif isinstance(node, list):
        for index, item in enumerate(node):
            if isinstance(item, dict | list):
                _gather_keyword(item, keyword, (*path, index), found)


def referenced_names(fragment: Any) -> list[str]:
    """Every type name a fragment refers to, in order of appearance (``keyword_values``'
    answer for ``$ref``, without the paths: the index asks it of every def, and building
    a path per node was most of the index's time)."""
    found: list[str] = []
    _gather_references(fragment, found)
    return found


def _gather_references(node: Any, found: list[str]) -> None:
    # a module function, not a closure: a closure that calls itself is a reference cycle,
    # left for the garbage collector with its list at every call
    # (only containers are walked into: a scalar holds no reference)
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and not isinstance(value, dict):
                if isinstance(value, str):
                    found.append(value)
            elif isinstance(value, dict | list):
                _gather_references(value, found)
    elif isinstance(node, list):
        for item in node:
            if isinstance(item, dict | list):
                _gather_references(item, found)
