"""Renames, where they are evident: the same shape under a new name.

A def removed and a def added are one rename when their shapes are equal (descriptions,
titles and extension keys aside, references compared through the renames already found),
each is the other's only match, and references were switched: a def that referred to the
old name now refers to the new one, or a method's params or result moved from one to the
other. A property is renamed when, in one object, a removed and an added property have
the same shape, each is the other's only match and the two read alike (close names or the
same description).
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..defs import ONE_SCHEMA, SCHEMA_LISTS, SCHEMA_MAPS
from ..index import constraints, ref_name
from .view import ProtocolView

# Renaming can make another pair's shapes equal (A refers to B, both renamed); a few
# rounds find chains of that depth, which is more than real schemas show.
_ROUNDS = 4
_CLOSE_NAMES = 0.5


@dataclass(frozen=True)
class Renames:
    defs: Mapping[str, str] = field(default_factory=dict)  # old name -> new name

    def new_name(self, old: str) -> str:
        return self.defs.get(old, old)

    def same(self, old: str, new: str) -> bool:
        """Whether def ``old`` of the old version is def ``new`` of the new one."""
        return self.new_name(old) == new


def bare(node: Any, rename: Mapping[str, str]) -> Any:
    """The schema without annotations and extension keys, its references renamed: what
    its values are, and nothing else."""
    if isinstance(node, list):
        return [bare(item, rename) for item in node]
    if not isinstance(node, dict):
        return node
    out: dict[str, Any] = {}
    for key, value in constraints(node).items():
        if key == "$ref" and (name := ref_name(value)) is not None:
            out[key] = "#/$defs/" + rename.get(name, name)
        elif key in SCHEMA_MAPS and isinstance(value, dict):
            out[key] = {k: bare(v, rename) for k, v in value.items()}
        elif key in SCHEMA_LISTS or key in ONE_SCHEMA:
            out[key] = bare(value, rename)
        else:
            out[key] = value
    return out


def shape(node: Any, rename: Mapping[str, str] | None = None) -> str:
    """``bare`` as canonical text, to compare and to group by."""
    return json.dumps(bare(node, rename or {}), sort_keys=True, separators=(",", ":"))


def find_renames(old: ProtocolView, new: ProtocolView) -> Renames:
    gone = sorted(set(old.defs) - set(new.defs) - old.routing)
    came = sorted(set(new.defs) - set(old.defs) - new.routing)
    mapping: dict[str, str] = {}
    for _ in range(_ROUNDS):
        before = len(mapping)
        by_shape: dict[str, list[str]] = {}
        for name in came:
            if name not in mapping.values():
                by_shape.setdefault(shape(new.defs[name]), []).append(name)
        claims: dict[str, list[str]] = {}
        for name in gone:
            if name not in mapping:
                claims.setdefault(shape(old.defs[name], mapping), []).append(name)
        for key, olds in claims.items():
            news = by_shape.get(key, [])
            if len(olds) == 1 and len(news) == 1:
                was, now = olds[0], news[0]
                # the referrers asked only here: most comparisons find no candidate
                switched = {mapping.get(d, d) for d in old.referrers.get(was, ())}
                if switched & new.referrers.get(now, set()) or _moved(old, new, was, now):
                    mapping[was] = now
        if len(mapping) == before:
            break
    return Renames(dict(sorted(mapping.items())))


def _moved(old: ProtocolView, new: ProtocolView, was: str, now: str) -> bool:
    """Whether a method's params or result moved from ``was`` to ``now``."""
    for name, method in old.methods.items():
        other = new.methods.get(name)
        if other is None:
            continue
        for call in method.calls:
            counterpart = other.call(call.kind)
            if counterpart is None:
                continue
            if (call.params, counterpart.params) == (was, now):
                return True
            if (call.result, counterpart.result) == (was, now):
                return True
    return False


def property_renames(
    removed: Mapping[str, tuple[Any, bool]],
    added: Mapping[str, tuple[Any, bool]],
    rename: Mapping[str, str],
) -> list[tuple[str, str]]:
    """(old name, new name) of the evident renames among one object's removed and added
    properties, each given as (its schema, whether it is required)."""
    olds: dict[tuple[str, bool], list[str]] = {}
    for name, (node, required) in removed.items():
        olds.setdefault((shape(node, rename), required), []).append(name)
    news: dict[tuple[str, bool], list[str]] = {}
    for name, (node, required) in added.items():
        news.setdefault((shape(node), required), []).append(name)
    pairs: list[tuple[str, str]] = []
    for key, was in sorted(olds.items()):
        now = news.get(key, [])
        if len(was) != 1 or len(now) != 1:
            continue
        a, b = was[0], now[0]
        close = difflib.SequenceMatcher(None, a.lower(), b.lower()).ratio() >= _CLOSE_NAMES
        text = _description(removed[a][0])
        if close or (text is not None and text == _description(added[b][0])):
            pairs.append((a, b))
    return pairs


def _description(node: Any) -> str | None:
    text = node.get("description") if isinstance(node, dict) else None
    return text if isinstance(text, str) else None
