"""What one schema node says by itself, read without the defs it may refer to."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..defs import DEFS_PREFIX

# Keys that describe a schema without constraining its values.
ANNOTATIONS = frozenset({
    "title", "description", "default", "examples", "deprecated", "readOnly", "writeOnly",
    "$comment",
})  # fmt: skip


def ref_name(ref: Any) -> str | None:
    """The def a ``$ref`` string points at (``#/$defs/X`` -> ``X``); None for any other."""
    if isinstance(ref, str) and ref.startswith(DEFS_PREFIX):
        return ref[len(DEFS_PREFIX) :]
    return None


def constraints(node: Mapping[str, Any]) -> dict[str, Any]:
    """The node without annotations and extension keys: what constrains values."""
    return {k: v for k, v in node.items() if k not in ANNOTATIONS and not k.startswith("x-")}


def stands_for(node: Any) -> str | None:
    """The def a fragment stands for: ``{$ref: X}`` or ``{allOf: [{$ref: X}]}``, with only
    annotations beside it (upstream's way to describe a reference)."""
    if not isinstance(node, Mapping) or ("$ref" not in node and "allOf" not in node):
        return None  # the usual answer, found without copying the node
    rest = constraints(node)
    if set(rest) == {"$ref"}:
        return ref_name(rest["$ref"])
    if set(rest) == {"allOf"} and isinstance(rest["allOf"], list) and len(rest["allOf"]) == 1:
        return stands_for(rest["allOf"][0])
    return None


def is_null(node: Any) -> bool:
    """``{type: null}``: the null alternative of a union."""
    return (
        isinstance(node, Mapping)
        and node.get("type") == "null"
        and constraints(node) == {"type": "null"}
    )


def type_list(node: Mapping[str, Any]) -> list[str] | None:
    kind = node.get("type")
    if kind is None:
        return None
    return [kind] if isinstance(kind, str) else [str(k) for k in kind]
