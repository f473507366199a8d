"""Check the YAML's shape against spec/format.schema.json, in words a maintainer can act on."""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

import jsonschema_rs
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

from .diagnostic_ids import FORMAT
from .diagnostics import Diagnostic, did_you_mean, one_of
from .yamlsource import PathKey, SourceMap

FORMAT_SCHEMA = Path(__file__).with_name("format.schema.json")

_JSON_TYPES = {
    str: "a string", bool: "a boolean", int: "an integer", float: "a number",
    list: "a list", dict: "a mapping", type(None): "null",
}  # fmt: skip


@lru_cache(maxsize=1)
def _schema() -> Any:
    return json.loads(FORMAT_SCHEMA.read_text(encoding="utf-8"))


@lru_cache(maxsize=1)
def validator() -> Draft202012Validator:
    return Draft202012Validator(_schema())


@lru_cache(maxsize=1)
def _fast() -> jsonschema_rs.Validator:
    return jsonschema_rs.validator_for(_schema())


def _surely_valid(data: Any) -> bool:
    """Whether the compiled validator finds no problem: 200 times faster than python's, so
    a valid spec (every run but the broken ones) never waits for the slow one. Python's
    still decides, and words, every problem. The two regex dialects differ only in ways
    that make the fast one refuse more (`$` before a final newline), never less: the
    format schema's patterns are written in the part they share (ASCII classes, no `\\s`)."""
    try:
        return bool(_fast().is_valid(data))
    except ValueError:  # what it cannot take in (a mapping with non-string keys)
        return False


# Sections whose entries the format schema checks one by one, each on its own
_ENTRY_SECTIONS = ("methods", "types")


_KIND = jsonschema_rs.ValidationErrorKind
# what the root's own keywords refuse: its keys alone, whatever the entries hold
_ROOT_KINDS = (_KIND.Required, _KIND.AdditionalProperties)


def _pruned(data: Any) -> Any:
    """``data`` without the entries of its big sections that hold no problem, for python's
    validator to word the problems of the rest: it takes a tenth of a second per thousand
    entries, and a broken spec has a few broken ones. Every problem python finds the fast
    validator finds too (see _surely_valid), within the same entry; a bad entry name
    (``propertyNames``) is the section's problem, but of that one entry, which is kept."""
    try:
        places = [_place(error) for error in _fast().iter_errors(data)]
    except ValueError:
        return data
    if not isinstance(data, dict) or any(not place and not root for place, root in places):
        return data  # a problem of the whole spec that may depend on what the sections hold
    pruned = dict(data)
    for section in _ENTRY_SECTIONS:
        entries = data.get(section)
        if not isinstance(entries, dict) or not entries:
            continue
        mine = [place for place, _ in places if place[:1] == (section,)]
        if any(len(place) < 2 for place in mine):
            continue  # a problem of the section as a whole: read it all
        keep = {place[1] for place in mine}
        # one entry at least, so that the section is not refused as empty
        kept = {k: v for k, v in entries.items() if k in keep} or dict(
            [next(iter(entries.items()))]
        )
        pruned[section] = kept
    traces = data.get("traces")
    mine = [place for place, _ in places if place[:1] == ("traces",)]
    if isinstance(traces, list) and all(len(place) >= 2 for place in mine):
        keep = {place[1] for place in mine}
        stand_in = _stand_in([t for n, t in enumerate(traces) if n not in keep])
        if stand_in is not None:
            # a list's items are named by their place: each trace without a problem gives
            # its place to a small valid one, so the others keep theirs
            pruned["traces"] = [t if n in keep else stand_in for n, t in enumerate(traces)]
    return pruned


def _stand_in(sound: list[Any]) -> Any:
    """A trace the fast validator finds valid, so python's finds nothing in it either:
    the first sound trace cut to its first step, unless that breaks it; None if none is."""
    first = sound[0] if sound else None
    if not isinstance(first, dict) or not isinstance(first.get("steps"), list):
        return None
    cut = {**first, "steps": first["steps"][:1]}
    try:
        return cut if _fast_trace().is_valid(cut) else None
    except ValueError:
        return None


@lru_cache(maxsize=1)
def _fast_trace() -> jsonschema_rs.Validator:
    schema = _schema()
    return jsonschema_rs.validator_for(
        {"$defs": schema["$defs"], **schema["properties"]["traces"]["items"]}
    )


def _place(error: jsonschema_rs.ValidationError) -> tuple[PathKey, bool]:
    """Where a problem the fast validator found lies, as far as pruning asks: the entry a
    bad name names, for a ``propertyNames`` problem of a section; and whether the problem
    is one of the root's keys alone."""
    place: PathKey = tuple(error.instance_path)
    kind = error.kind
    if len(place) == 1 and isinstance(kind, _KIND.PropertyNames):
        name = kind.error.instance
        if isinstance(name, str):
            return (*place, name), False
    return place, isinstance(kind, _ROOT_KINDS)


def check_format(data: Any, where: SourceMap) -> list[tuple[PathKey, Diagnostic]]:
    """Every shape problem, with the data path it concerns."""
    if _surely_valid(data):
        return []
    found = []
    explained = [
        e if isinstance(e, _Explained) else _Explained(*e)
        for error in validator().iter_errors(_pruned(data))
        for e in _explain(error)
    ]
    # a misspelt field is one mistake: "unknown field 'stabilty' (did you mean 'stability'?)"
    # says it, and "missing 'stability'" beside it would say it again
    typos = {(e.path[:-1], e.typo_of) for e in explained if e.typo_of is not None}
    for e in explained:
        if e.missing is not None and (e.path, e.missing) in typos:
            continue
        found.append((e.path, Diagnostic(where.at(e.path, key=e.at_key), e.message, rule=FORMAT)))
    return found


class _Explained(NamedTuple):
    path: PathKey
    at_key: bool
    message: str
    typo_of: str | None = None  # an unknown field: the known one it is close to
    missing: str | None = None  # a missing field: its name


def describe(path: PathKey) -> str:
    """A data path as the maintainer reads it: methods › session/prompt › retry."""
    return " › ".join(str(p) for p in path) if path else "the spec"


def _explain(error: ValidationError) -> Iterator[_Explained | tuple[PathKey, bool, str]]:
    path: PathKey = tuple(error.absolute_path)
    if "propertyNames" in error.absolute_schema_path and isinstance(error.instance, str):
        # jsonschema reports a bad key as an error of the mapping: point at the key itself
        key_path = (*path, error.instance)
        choices = error.schema.get("enum", []) if isinstance(error.schema, dict) else []
        hint = did_you_mean(error.instance, [str(c) for c in choices])
        yield key_path, True, (f"'{error.instance}' is not a valid name in {describe(path)}{hint}; "
                               f"{_pattern_hint(key_path)}")  # fmt: skip
        return
    where = describe(path)
    kind, instance = error.validator, error.instance
    present = instance if isinstance(instance, dict) else {}
    schema: dict[str, Any] = error.schema if isinstance(error.schema, dict) else {}
    if kind == "additionalProperties" and isinstance(instance, dict):
        known = list(schema.get("properties", {}))
        patterns = list(schema.get("patternProperties", {}))
        for key in instance:
            if key in known or any(re.search(p, key) for p in patterns):
                continue
            hint = did_you_mean(key, known)
            close = difflib.get_close_matches(key, known, n=1, cutoff=0.6)
            yield _Explained(path + (key,), True,
                             f"unknown field '{key}' in {where}{hint}; remove it or fix its name"
                             + ("" if hint or not known else f" (known fields: {one_of(known)})"),
                             typo_of=close[0] if close else None)  # fmt: skip
    elif kind == "required":
        missing = [k for k in schema["required"] if k not in present]
        for key in missing:
            yield _Explained(path, True, f"{where} is missing '{key}'; add it", missing=key)
    elif kind in ("enum", "const"):
        choices = [str(c) for c in schema.get("enum", [schema.get("const")])]
        hint = did_you_mean(str(instance), choices)
        yield path, False, (f"{where} is {json.dumps(instance)}{hint}; "
                            f"use {one_of(choices) if len(choices) > 1 else choices[0]}")  # fmt: skip
    elif kind == "type":
        wanted = schema["type"]
        wanted = " or ".join(wanted) if isinstance(wanted, list) else wanted
        got = _JSON_TYPES.get(type(instance), type(instance).__name__)
        yield path, False, f"{where} must be {_article(wanted)}, not {got}; change its value"
    elif kind == "pattern":
        yield (
            path,
            False,
            f"{where} {json.dumps(instance)} does not match {schema['pattern']}; {_pattern_hint(path)}",
        )
    elif kind == "anyOf" and path[:1] == ("methods",) and len(path) == 2:
        yield path, True, f"{where} has neither 'request' nor 'notification'; add one"
    elif kind == "anyOf" and path == ("upstream",):
        yield path, True, (f"{where} names no upstream version; add 'package' and 'version' "
                           "(the published release the schemas come from) or 'commit'")  # fmt: skip
    elif kind == "dependentRequired":
        wanted = schema["dependentRequired"]
        for key, needs in wanted.items():
            for need in (n for n in needs if key in present and n not in present):
                yield path, True, f"{where} has '{key}' but no '{need}'; add '{need}'"
    elif kind == "maxProperties" and path[:1] == ("traces",):
        yield path, False, (f"{where} is more than one step; a step is one of connect, send, "
                            "expect, fault, wait, user: split it in two")  # fmt: skip
    elif kind in ("minItems", "minProperties", "minLength"):
        yield path, False, f"{where} is empty; give it at least one entry"
    else:
        yield path, False, f"{where}: {error.message}; fix the value"


def _article(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word


def _pattern_hint(path: PathKey) -> str:
    section = path[0] if path else ""
    hints = {
        "types": "type names are UpperCamelCase, like SessionId",
        "retryClasses": "retry class ids are snake_case, like not_retried",
        "errors": "error names are snake_case, like invalid_params",
    }
    if path[2:3] == ("retry",):
        return "retry entries are keyed by direction: use 'client-to-agent', 'agent-to-client'"
    if "capability" in path:
        return "write the capability as a path, like agentCapabilities.session.delete"
    if "docs" in path:
        return "give an https:// URL"
    if "params" in path or "result" in path:
        return "name a type, like PromptRequest"
    if "class" in path:
        return "name a retry class, like idempotent"
    return hints.get(str(section), "fix the value")
