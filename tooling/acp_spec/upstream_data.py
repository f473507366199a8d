"""What the spec's raw data says of following upstream, for the commands that edit the spec
as text (``upstream import``, ``upstream take``), which read it before any check."""

from __future__ import annotations

from typing import Any

from .model import AddedProperty

NEW_PROPERTIES = "new-properties"


def _differences(data: Any) -> list[dict[str, Any]]:
    upstream = data.get("upstream") if isinstance(data, dict) else None
    listed = upstream.get("differences") if isinstance(upstream, dict) else None
    return [e for e in listed if isinstance(e, dict)] if isinstance(listed, list) else []


def listed_new_types(data: Any) -> set[str]:
    """The types the spec says it adds (kind new-type): upstream lacks them on purpose."""
    return {str(e.get("type")) for e in _differences(data) if e.get("kind") == "new-type"}


def listed_additions(data: Any) -> dict[str, list[AddedProperty]]:
    """Type -> the properties the spec adds to it on purpose, as recorded, which an import
    keeps (a record too broken to read keeps the property, and no required entry: check
    says what is wrong with it)."""
    out: dict[str, list[AddedProperty]] = {}
    for entry in _differences(data):
        if (
            entry.get("kind", NEW_PROPERTIES) == NEW_PROPERTIES
            and isinstance(entry.get("type"), str)
            and isinstance(entry.get("adds"), dict)
        ):
            out.setdefault(entry["type"], []).extend(
                AddedProperty(str(name), _flag(record, "required"), _flag(record, "nullable"))
                for name, record in entry["adds"].items()
            )
    return out


def _flag(record: Any, key: str) -> bool:
    return isinstance(record, dict) and record.get(key) is True
