"""Rules about the type fragments themselves: what JSON Schema accepts but no reader means."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from .. import patterns
from ..constants import KEY_TYPE
from ..defs import ONE_SCHEMA, OTHER_TITLE, SCHEMA_LISTS, SCHEMA_MAPS, keyword_values, ref_target
from ..diagnostics import Diagnostic, did_you_mean
from ..index import Index
from ..model import Spec
from ..yamlsource import PathKey
from .common import Written
from .common import at as _at

# The JSON-RPC codes every receiver answers with; the vectors and the decoder name them.
STANDARD_ERRORS = {
    "parse_error": -32700,
    "invalid_request": -32600,
    "method_not_found": -32601,
    "invalid_params": -32602,
}


_MAPS, _LISTS, _ONE = frozenset(SCHEMA_MAPS), frozenset(SCHEMA_LISTS), frozenset(ONE_SCHEMA)
_NESTING = _MAPS | _LISTS | _ONE

Node = tuple[PathKey, Mapping[str, Any]]


def nodes(fragment: Any, path: PathKey) -> list[Node]:
    """(path, schema) of a fragment and of every schema nested in it, in order."""
    found: list[Node] = []
    if isinstance(fragment, Mapping):
        _visit(fragment, path, found.append)
    return found


def _visit(node: Mapping[str, Any], path: PathKey, add: Callable[[Node], None]) -> None:
    # into a list, not through nested generators, which passed every node up through each
    # level that holds it
    add((path, node))
    for key, value in node.items():
        if key not in _NESTING:
            continue  # the usual key: no schema under it
        if key in _MAPS:
            if isinstance(value, Mapping):
                for name, sub in value.items():
                    if isinstance(sub, Mapping):
                        _visit(sub, (*path, key, name), add)
        elif key in _LISTS:
            if isinstance(value, list):
                for number, sub in enumerate(value):
                    if isinstance(sub, Mapping):
                        _visit(sub, (*path, key, number), add)
        elif isinstance(value, Mapping):
            _visit(value, (*path, key), add)


def type_nodes(spec: Spec) -> tuple[Node, ...]:
    """(path, schema) of every schema of every type, nested ones too; several rules walk
    them, so ask it once: ``index.facts.once(type_nodes)``."""
    return tuple(
        found
        for name, typedef in spec.types.items()
        for found in nodes(typedef.schema, ("types", name))
    )


def required_are_defined(spec: Spec, index: Index, _: object) -> Iterator[Diagnostic]:
    """A required name the object never declares can only be satisfied by accident."""
    for path, node in index.facts.once(type_nodes):
        required, props = node.get("required"), node.get("properties")
        if not isinstance(required, list) or not isinstance(props, Mapping):
            continue  # a bare `required` (a guard, say) constrains a parent's properties
        declared = set(props)
        if "allOf" in node:  # without parts the object declares only its own
            declared |= set(index.shapes.properties(_expanded_parts(node)))
        for number, name in enumerate(required):
            if isinstance(name, str) and name not in declared:
                yield Diagnostic(spec.where.at((*path, "required", number)),
                                 f"'{name}' is required but not a property here"
                                 f"{did_you_mean(name, declared)}; define it under properties "
                                 "or remove it from required")  # fmt: skip


def _expanded_parts(node: Mapping[str, Any]) -> dict[str, Any]:
    """The node's allOf parts with by-name references, as the index reads them."""
    parts = [
        {"$ref": ref_target(p["$ref"])} if isinstance(p, Mapping) and "$ref" in p else p
        for p in node.get("allOf", [])
    ]
    return {"allOf": parts}


def tags_are_strings(spec: Spec, index: Index, _: object) -> Iterator[Diagnostic]:
    """Union members are told apart by a string const; a null or number tag names nothing."""
    for path, node in index.facts.once(type_nodes):
        for key in ("anyOf", "oneOf"):
            for number, member in enumerate(node.get(key, []) or []):
                if not isinstance(member, Mapping):
                    continue
                for prop, schema in (member.get("properties") or {}).items():
                    const = schema.get("const", "") if isinstance(schema, Mapping) else ""
                    if not isinstance(const, str):
                        yield Diagnostic(
                            spec.where.at(
                                (*path, key, number, "properties", prop, "const"), key=True
                            ),
                            f"the tag {prop} of this union member is {json.dumps(const)}; tags "
                            "are snake_case strings (a null, number or boolean tag names no "
                            "variant), so give it a string",
                        )


def open_guards_list_every_tag(spec: Spec, index: Index, _: object) -> Iterator[Diagnostic]:
    """A hand-written `not` guard on an open union's catch-all must keep every known tag
    off it, or a known tag with a bad payload is accepted as `other`."""
    for path, node in index.facts.once(type_nodes):
        members = node.get("anyOf")
        if not isinstance(members, list):
            continue
        for number, member in enumerate(members):
            if not (isinstance(member, Mapping) and member.get("title") == OTHER_TITLE):
                continue
            guard = member.get("not")
            if not isinstance(guard, Mapping):
                continue  # derived by the generator from the siblings (spec/README.md)
            siblings = [m for i, m in enumerate(members) if i != number and isinstance(m, Mapping)]
            known = {index.shapes.tag_of(_by_name(m)) for m in siblings} - {None}
            guarded = {
                index.shapes.tag_of(g) for g in guard.get("anyOf", []) if isinstance(g, Mapping)
            }
            # a non-string tag is reported by tags_are_strings
            missing = sorted(
                t[1] for t in known - guarded if t is not None and isinstance(t[1], str)
            )
            if missing:
                yield Diagnostic(spec.where.at((*path, "anyOf", number, "not")),
                                 f"this open union's guard does not exclude {', '.join(missing)}; "
                                 "delete the hand-written not (the generator derives it from the "
                                 "variants) or add those tags to it")  # fmt: skip


def _by_name(member: Mapping[str, Any]) -> Mapping[str, Any]:
    """A member as the index reads it: a by-name `$ref` made a JSON pointer."""
    if isinstance(member.get("$ref"), str):
        return {**member, "$ref": ref_target(member["$ref"])}
    parts = member.get("allOf")
    if isinstance(parts, list):
        return {**member, "allOf": [_by_name(p) if isinstance(p, Mapping) else p for p in parts]}
    return member


def standard_errors(spec: Spec, index: Index, written: Written) -> Iterator[Diagnostic]:
    """JSON-RPC's own codes: every receiver answers with them, so every artifact names them."""
    for name, code in STANDARD_ERRORS.items():
        error = spec.errors.get(name)
        if error is None and name in written.errors:
            continue  # written, but too broken to model: reported once, where it is
        if error is None:
            yield Diagnostic(spec.where.at(("errors",), key=True),
                             f"errors has no {name}; add JSON-RPC's {name} with code {code}")  # fmt: skip
        elif error.code != code:
            yield Diagnostic(spec.where.at(("errors", name, "code")),
                             f"{name} is JSON-RPC's code {code}, not {error.code}; fix the code")  # fmt: skip


# The vectors spell out a value at and just past each length or item bound, so a bound is
# also the size of a published case.
MAX_BOUND = 65536
COUNT_KEYWORDS = (
    "minLength",
    "maxLength",
    "minItems",
    "maxItems",
    "minProperties",
    "maxProperties",
)


def bounds_are_counts(spec: Spec, index: Index, _: object) -> Iterator[Diagnostic]:
    for path, node in index.facts.once(type_nodes):
        for keyword in COUNT_KEYWORDS:
            if keyword not in node:
                continue
            value = node[keyword]
            at = spec.where.at((*path, keyword))
            if isinstance(value, bool) or not isinstance(value, int):
                yield Diagnostic(at, f"{keyword} is {json.dumps(value)}; a count is a whole "
                                 "number, like 1 (not 1.0), so write it without a fraction")  # fmt: skip
            elif not 0 <= value <= MAX_BOUND:
                yield Diagnostic(at, f"{keyword} {value} is outside 0..{MAX_BOUND}; the test "
                                 "vectors write a value at and just past each bound, so keep "
                                 "bounds to what a message can carry")  # fmt: skip


# The RFD "v2 Idempotency Keys": a string of 1 to 255 characters (code points).
KEY_SHAPE = {"type": "string", "minLength": 1, "maxLength": 255}


def key_is_the_rfds(spec: Spec, index: Index, _: object) -> Iterator[Diagnostic]:
    typedef = spec.types.get(KEY_TYPE)
    if typedef is None:
        return
    for keyword, wanted in KEY_SHAPE.items():
        got = typedef.schema.get(keyword)
        if got != wanted or type(got) is not type(wanted):
            yield Diagnostic(spec.where.at(("types", KEY_TYPE, keyword), key=keyword in typedef.schema),
                             f"{KEY_TYPE}'s {keyword} must be {json.dumps(wanted)}, as the RFD "
                             f"says (a string of 1 to 255 characters), not {json.dumps(got)}; "
                             "fix it")  # fmt: skip


def bad_patterns(spec: Spec) -> tuple[tuple[PathKey, str, str], ...]:
    """Each pattern RE2 refuses: (where, pattern, why). Ask ``index.facts.once(bad_patterns)``."""
    found = []
    for typedef in spec.types.values():
        for path, pattern in keyword_values(typedef.schema, "pattern", ("types", typedef.name)):
            why = patterns.compile_error(str(pattern))
            if why is not None:
                found.append((path, str(pattern), why))
    return tuple(found)


def patterns_compile(spec: Spec, index: Index, _: Written) -> Iterator[Diagnostic]:
    for path, pattern, why in index.facts.once(bad_patterns):
        yield _at(
            spec,
            path,
            f"pattern {json.dumps(pattern)} is not a valid regular expression ({why}); fix the pattern",
        )
