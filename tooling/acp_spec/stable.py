"""The stable view of the types: what upstream's ``schema.json`` holds of them.

Upstream publishes two schemas: ``schema.unstable.json`` with everything, and ``schema.json``
with its stable methods only. In the stable one, upstream leaves out every property and
every union member it marks unstable (their descriptions begin with ``**UNSTABLE**``), and
its docs links point at the released pages rather than the draft ones. The spec writes the
complete types, as ``schema.unstable.json`` has them; this module makes the stable view the
same way: the unstable parts go before the types are expanded (so that an open union's
derived guard lists the remaining members only), the links after (the implicit ``_meta``
has one too).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .defs import SCHEMA_LISTS, SCHEMA_MAPS, variant_tag

UNSTABLE_MARK = "**UNSTABLE**"
DRAFT_DOCS = "https://agentclientprotocol.com/protocol/v2/draft/"
RELEASED_DOCS = "https://agentclientprotocol.com/protocol/v2/"


def is_unstable(schema: Any) -> bool:
    """Upstream's mark on a type, a property or a union member that is not stable yet."""
    return (
        isinstance(schema, Mapping)
        and isinstance(schema.get("description"), str)
        and schema["description"].startswith(UNSTABLE_MARK)
    )


def without_unstable(fragment: Any) -> Any:
    """The fragment without the properties and union members upstream marks unstable."""
    if isinstance(fragment, list):
        return [without_unstable(item) for item in fragment]
    if not isinstance(fragment, Mapping):
        return fragment
    props = fragment.get("properties")
    dropped = (
        {name for name, prop in props.items() if is_unstable(prop)}
        if isinstance(props, Mapping)
        else set()
    )
    out: dict[str, Any] = {}
    for key, value in fragment.items():
        if key in SCHEMA_MAPS and isinstance(value, Mapping):
            out[key] = {
                name: without_unstable(sub)
                for name, sub in value.items()
                if not (key == "properties" and name in dropped)
            }
        elif key in SCHEMA_LISTS and isinstance(value, list):
            gone = [variant_tag(v) for v in value if is_unstable(v) and isinstance(v, Mapping)]
            kept = [without_unstable(item) for item in value if not is_unstable(item)]
            out[key] = [_unguarded(item, [g for g in gone if g is not None]) for item in kept]
        elif key == "required" and isinstance(value, list):
            out[key] = [name for name in value if name not in dropped]
        else:
            out[key] = without_unstable(value)
    return out


def _unguarded(variant: Any, gone: list[tuple[str, Any]]) -> Any:
    """An open union's catch-all without the guard branches of members that are gone: a
    guard written out (not derived) lists every tag, the unstable ones too."""
    guard = variant.get("not") if isinstance(variant, Mapping) else None
    if not gone or not isinstance(guard, Mapping) or not isinstance(guard.get("anyOf"), list):
        return variant
    branches = [
        b for b in guard["anyOf"] if not (isinstance(b, Mapping) and variant_tag(b) in gone)
    ]
    return {**variant, "not": {**guard, "anyOf": branches}}


def released_links(schema: Any) -> Any:
    """The schema with every description's draft docs links pointing at the released pages."""
    if isinstance(schema, list):
        return [released_links(item) for item in schema]
    if not isinstance(schema, Mapping):
        return schema
    return {
        key: value.replace(DRAFT_DOCS, RELEASED_DOCS)
        if key == "description" and isinstance(value, str)
        else released_links(value)
        for key, value in schema.items()
    }
