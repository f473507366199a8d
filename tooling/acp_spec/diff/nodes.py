"""What the value comparison asks of one schema node, and how it words a value: pure
functions, no view and no finding."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ..index import constraints, is_null, stands_for

DOCS = ("description", "title", "deprecated")

# The integer formats upstream writes (its Rust types), as the ranges they admit.
_INTEGER_FORMATS = {
    f"{sign}int{bits}": (
        (-(2 ** (bits - 1)), 2 ** (bits - 1) - 1) if sign == "" else (0, 2**bits - 1)
    )
    for sign in ("", "u")
    for bits in (8, 16, 32, 64)
}


def as_schema(node: Any) -> Mapping[str, Any]:
    """Boolean schemas as objects: true takes anything, false nothing."""
    if node is True or node is None:
        return {}
    if node is False:
        return {"not": {}}
    return node if isinstance(node, Mapping) else {}


def nullable(node: Mapping[str, Any]) -> bool:
    """Whether the node itself admits null (not the defs it refers to: they are compared
    as defs)."""
    if not constraints(node):
        return True  # a schema that takes anything takes null
    kind = node.get("type")
    if kind == "null" or (isinstance(kind, list) and "null" in kind):
        return True
    if any(is_null(m) for key in ("anyOf", "oneOf") for m in node.get(key, [])):
        return True
    return None in node.get("enum", ()) or ("const" in node and node["const"] is None)


def without_null(node: Mapping[str, Any]) -> Mapping[str, Any]:
    """The node with its null alternative taken out; ``anyOf: [X, null]`` is X."""
    out = dict(node)
    kind = node.get("type")
    if isinstance(kind, list) and "null" in kind:
        rest = [k for k in kind if k != "null"]
        if rest:
            out["type"] = rest[0] if len(rest) == 1 else rest
        else:
            del out["type"]
    if isinstance(out.get("enum"), list) and None in out["enum"]:
        out["enum"] = [v for v in out["enum"] if v is not None]
    for key in ("anyOf", "oneOf"):
        members = node.get(key)
        if not isinstance(members, list) or not any(is_null(m) for m in members):
            continue
        kept = [m for m in members if not is_null(m)]
        others = {k: v for k, v in constraints(out).items() if k != key}
        if len(kept) == 1 and not others and isinstance(kept[0], Mapping):
            return kept[0]
        out[key] = kept
    return out


def without_union(node: Mapping[str, Any]) -> Mapping[str, Any]:
    return {k: v for k, v in node.items() if k not in ("anyOf", "oneOf")}


def wider_format(was: Any, now: Any) -> bool | None:
    """True when integer format ``now`` admits every value ``was`` does (uint32 → int64:
    every old value stays valid), False when ``was`` admits every value of ``now``, None
    when they are no two integer formats or neither holds the other."""
    a, b = _INTEGER_FORMATS.get(str(was)), _INTEGER_FORMATS.get(str(now))
    if a is None or b is None:
        return None
    if b[0] <= a[0] and a[1] <= b[1]:
        return True
    if a[0] <= b[0] and b[1] <= a[1]:
        return False
    return None


def moved_value(kept: Any, other: Any) -> Any:
    """``other``'s constraints with ``kept``'s descriptions and hints: a property whose
    values moved is compared for what else it says (its docs, its tolerance)."""
    if not isinstance(kept, Mapping) or not isinstance(other, Mapping):
        return kept
    mine = {k: v for k, v in kept.items() if k in DOCS or k.startswith("x-")}
    return {**{k: v for k, v in other.items() if k not in DOCS and not k.startswith("x-")}, **mine}


def takes_anything(member: Any) -> bool:
    """A union member with no constraint at all: whatever its siblings refuse, it takes."""
    return member is True or (isinstance(member, Mapping) and not constraints(member))


def member_path(node: Mapping[str, Any], member: Mapping[str, Any]) -> tuple[str, ...]:
    """The pointer segments from a union to one of its (possibly nested) members."""
    for key in ("anyOf", "oneOf"):
        for i, item in enumerate(node.get(key, [])):
            if item is member:
                return key, str(i)
            if isinstance(item, Mapping):
                inner = member_path(item, member)
                if inner:
                    return key, str(i), *inner
    return ()


def variant_label(member: Mapping[str, Any], tag: tuple[str, Any] | None, index: int) -> str:
    if tag is not None:
        return f"<{tag[1]}>" if isinstance(tag[1], str) else f"<{shown(tag[1])}>"
    name = member.get("title") or stands_for(member)
    return f"<{name}>" if isinstance(name, str) else f"<#{index}>"


def type_set(node: Mapping[str, Any]) -> frozenset[str] | None:
    kind = node.get("type")
    if kind is None:
        return None
    return frozenset([kind] if isinstance(kind, str) else [str(k) for k in kind])


def covers(wide: frozenset[str], narrow: frozenset[str]) -> bool:
    return all(t in wide or (t == "integer" and "number" in wide) for t in narrow)


def types_text(types: frozenset[str] | None) -> str:
    return "any" if types is None else "|".join(sorted(types))


def extra(value: Any) -> Any:
    """additionalProperties with its defaults made plain: absent and {} take anything."""
    if value is None or (isinstance(value, Mapping) and not constraints(value)):
        return True
    return value


def part_name(node: Any) -> str:
    name = stands_for(node) if isinstance(node, Mapping) else None
    return name if name is not None else "an inline schema"


def shown(value: Any) -> str:
    return "none" if value is None else json.dumps(value, sort_keys=True)
