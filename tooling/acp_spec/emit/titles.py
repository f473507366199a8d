"""The branch titles of the published schemas, named for code generators.

Generators such as json-schema-to-typescript name a type after every titled subschema, in
one namespace with the defs. Upstream's branch titles are local words (`other` in 33 unions,
`Number`, `Str`, `Session`), and a routing member titled like the def it refers to takes the
def's name first, so generated code numbered them (`Other1`...`Other35`), exported `Number`
and `Str`, and renamed real types (`SessionUpdate1`, `InitializeResponse1`). Here:

- a member titled like the def it stands for loses the title: it is that def (so does the
  root's `Request` of `Agent`, which is `AgentRequest`);
- every other union member's title is qualified by the def it is in (`SessionUpdateOther`,
  `RequestIdNumber`, a method binding's `AgentNotificationSessionUpdate`: where acp_models
  makes a class of the member, its name), unique (the property path is added where two
  unions of one def would share a name).

Titles are annotations: what a message must be is unchanged. The in-memory schema that
the models, the docs and the checks read keeps upstream's titles; only the published files
carry these. The root's message forms keep their titles (`acp-spec diff` matches forms by
them); the members inside a form are named under the form's title.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from typing import Any

from ..index import stands_for

# Where a subschema's own subschemas are (a union's members are under anyOf and oneOf).
_MAPS = ("properties", "patternProperties", "$defs", "dependentSchemas")
_ONE = ("items", "additionalProperties", "not", "contains", "propertyNames", "if", "then", "else")
_LISTS = ("allOf", "prefixItems")
_UNIONS = ("anyOf", "oneOf")


def consumer_titles(schema: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``schema`` whose def branches carry names fit for generated code."""
    out = copy.deepcopy(schema)
    used = set(out["$defs"])
    owners = list(out["$defs"].items())
    # the root's forms keep their titles; what is inside them is named under each form's
    for form in out.get("anyOf", []):
        if isinstance(form, dict) and isinstance(form.get("title"), str):
            used.add(form["title"])
            owners.append((form["title"], form))
    renamed: set[int] = set()  # a member the copy shares between two places is named once
    for name, node in owners:
        for path, member in _members(node, ()):
            if id(member) not in renamed:
                renamed.add(id(member))
                _rename(member, name, path, used)
    return out


def camel(text: str) -> str:
    """`session/update` -> `SessionUpdate`, `other` -> `Other`."""
    return "".join(p[:1].upper() + p[1:] for p in re.split(r"[^0-9A-Za-z]+", text) if p)


def _rename(member: dict[str, Any], owner: str, path: tuple[str, ...], used: set[str]) -> None:
    title = member.get("title")
    if not isinstance(title, str):
        return
    bare = camel(title)
    if stands_for(member) in (title, owner + bare):
        del member["title"]  # a generator refers to the def itself
        return
    candidates = [owner + camel(p) for p in ("", *_prefixes(path))]
    for prefix in candidates:
        named = bare if bare.startswith(prefix) and bare != prefix else prefix + bare
        if named not in used:
            break
    else:
        # a rule would be needed if this ever happened: say where rather than guess
        raise ValueError(f"$defs/{owner}: no free name for the union member titled {title!r}")
    used.add(named)
    member["title"] = named


def _prefixes(path: tuple[str, ...]) -> Iterator[str]:
    """Longer and longer runs of the property names above a union: `state`, `update state`."""
    for start in range(len(path) - 1, -1, -1):
        yield " ".join(path[start:])


def _members(node: Any, path: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Every union member in ``node`` (nested ones included), with the property names on the
    way to its union."""
    if not isinstance(node, dict):
        return
    for key in _UNIONS:
        for member in node.get(key, []):
            if isinstance(member, dict):
                yield path, member
            yield from _members(member, path)
    for key in _MAPS:
        for sub_name, sub in (node.get(key) or {}).items():
            yield from _members(sub, (*path, sub_name) if key == "properties" else path)
    for key in _ONE:
        yield from _members(node.get(key), path)
    for key in _LISTS:
        for sub in node.get(key, []):
            yield from _members(sub, path)
