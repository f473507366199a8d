"""Which member of a union is which on the other side, and which def a def stands for:
what the value comparison pairs before it compares."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ..index import is_null, stands_for
from .renames import Renames, shape
from .view import ProtocolView


def chase(view: ProtocolView, name: str) -> str:
    """The def that def ``name`` stands for, through defs that only refer to another
    (upstream's InitializeProxyRequest is InitializeRequest)."""
    seen = {name}
    while (target := stands_for(view.defs.get(name, {}))) is not None and target not in seen:
        seen.add(target)
        name = target
    return name


def member_tag(view: ProtocolView, member: Mapping[str, Any]) -> tuple[str, Any] | None:
    """A union member's tag, (property, value); ("", value) for a member that is one
    value; None for an untagged one (a catch-all, a plain schema)."""
    if "const" in member:
        return "", member["const"]
    found = view.index.shapes.tag_of(member)
    if found is not None:
        return found
    # a variant for "the tag is null or absent" (upstream's IdleStateUpdate `none`)
    for name, prop in member.get("properties", {}).items():
        if is_null(prop):
            return name, None
    return None


def is_open(tags: list[tuple[str, Any] | None]) -> bool:
    """A union is open when all its members but one (the catch-all) are tagged."""
    untagged = sum(tag is None for tag in tags)
    return untagged == 1 and len(tags) > 1


def pair(
    old: ProtocolView,
    new: ProtocolView,
    renames: Renames,
    old_members: list[Mapping[str, Any]],
    new_members: list[Mapping[str, Any]],
    old_tags: list[tuple[str, Any] | None],
    new_tags: list[tuple[str, Any] | None],
) -> tuple[list[tuple[int, int]], list[int], list[int]]:
    """Members paired by tag, then the catch-alls, then by title, by the def they
    stand for, by shape, by the def they are built on (a plain object and the tagged
    variant made of it) and, for what is left untagged, in order."""
    old_keys = [_keys(old, m, t, old_tags, renames.defs)
                for m, t in zip(old_members, old_tags, strict=True)]  # fmt: skip
    new_keys = [_keys(new, m, t, new_tags, {})
                for m, t in zip(new_members, new_tags, strict=True)]  # fmt: skip
    pairs: list[tuple[int, int]] = []
    left_old, left_new = list(range(len(old_members))), list(range(len(new_members)))
    for level in range(5):
        olds = unique({i: old_keys[i][level] for i in left_old if old_keys[i][level]})
        news = unique({j: new_keys[j][level] for j in left_new if new_keys[j][level]})
        for key, i in olds.items():
            if key in news:
                pairs.append((i, news[key]))
                left_old.remove(i)
                left_new.remove(news[key])
    # what is left untagged on both sides (a plain schema beside a union, say) pairs in order
    untagged_old = [i for i in left_old if old_tags[i] is None]
    untagged_new = [j for j in left_new if new_tags[j] is None]
    for i, j in zip(untagged_old, untagged_new, strict=False):
        pairs.append((i, j))
        left_old.remove(i)
        left_new.remove(j)
    return sorted(pairs), left_old, left_new


def _keys(
    view: ProtocolView,
    member: Mapping[str, Any],
    tag: tuple[str, Any] | None,
    tags: list[tuple[str, Any] | None],
    rename: Mapping[str, str],
) -> tuple[str, str, str, str, str]:
    """(tag or catch-all, title, def, shape, base): the keys a member is paired by."""
    parts = [stands_for(p) for p in member.get("allOf", []) if isinstance(p, Mapping)]
    built_on = parts[0] if len(parts) == 1 and parts[0] is not None else None
    base_node = view.defs.get(chase(view, built_on), {}) if built_on else member
    base = "base:" + shape(base_node, rename)
    if tag is not None:
        return ("tag:" + json.dumps(tag[1], sort_keys=True), "", "", "", base)
    if is_open(tags):
        return ("catch-all", "", "", "", "")
    title = member.get("title")
    ref = stands_for(member)
    return (
        "",
        "title:" + title if isinstance(title, str) else "",
        "def:" + rename.get(ref, ref) if ref is not None else "",
        "shape:" + shape(member, rename),
        base,
    )


def unique(keys: Mapping[int, str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for key in keys.values():
        counts[key] = counts.get(key, 0) + 1
    return {key: i for i, key in keys.items() if counts[key] == 1}
