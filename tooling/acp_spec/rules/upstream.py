"""Rules that hold the spec to the upstream snapshot it follows (spec/upstream/).

Every upstream def is a spec type that expands to exactly upstream's JSON, except for the
differences the spec lists with their reasons; methods upstream lacks are `proposed`, and
every other method's stability is upstream's.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator, Mapping
from typing import Any

from ..defs import expand_type
from ..diagnostics import Diagnostic
from ..index import Index
from ..model import DERIVED_TYPE_NAMES, Difference, Spec
from ..yamlsource import PathKey

# Upstream keywords naming the method a def belongs to; the spec keeps that in `methods`.
METHOD_KEYWORDS = ("x-side", "x-method")


def _defs(schema: Mapping[str, Any] | None) -> Mapping[str, Any]:
    return schema.get("$defs", {}) if schema is not None else {}


def upstream_methods(schema: Mapping[str, Any] | None) -> dict[str, set[str]]:
    """Method name -> the defs upstream marks with it (``x-method``)."""
    found: dict[str, set[str]] = {}
    for name, definition in _defs(schema).items():
        if isinstance(definition, Mapping) and isinstance(definition.get("x-method"), str):
            found.setdefault(definition["x-method"], set()).add(name)
    return found


def without_method_keywords(definition: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in definition.items() if k not in METHOD_KEYWORDS}


def without_additions(ours: Mapping[str, Any], adds: tuple[str, ...]) -> dict[str, Any]:
    """Our def with the listed added properties taken out again."""
    out = copy.deepcopy(dict(ours))
    for prop in adds:
        out.get("properties", {}).pop(prop, None)
        if prop in out.get("required", []):
            out["required"] = [r for r in out["required"] if r != prop]
    return out


Where = tuple[str | int, ...]


def first_difference(ours: Any, theirs: Any, path: Where = ()) -> tuple[Where, str] | None:
    """Where two JSON values first differ (key order included) and how, or None."""
    if isinstance(ours, dict) and isinstance(theirs, dict):
        for key in theirs:
            if key not in ours:
                return (*path, key), f"lacks {key!r}, which upstream has"
        for key in ours:
            if key not in theirs:
                return (*path, key), f"has {key!r}, which upstream does not"
        for key in theirs:
            found = first_difference(ours[key], theirs[key], (*path, key))
            if found is not None:
                return found
        if list(ours) != list(theirs):
            return path, "orders its keys differently (upstream's order is part of its shape)"
        return None
    if isinstance(ours, list) and isinstance(theirs, list):
        for number, (a, b) in enumerate(zip(ours, theirs, strict=False)):
            found = first_difference(a, b, (*path, number))
            if found is not None:
                return found
        if len(ours) != len(theirs):
            return path, f"has {len(ours)} items where upstream has {len(theirs)}"
        return None
    if type(ours) is type(theirs) and ours == theirs:
        return None
    return path, f"has {_show(ours)} where upstream has {_show(theirs)}"


def _pointer(path: Where) -> str:
    return "/" + "/".join(str(p).replace("~", "~0").replace("/", "~1") for p in path)


def _show(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 80 else text[:77] + "..."


def types_follow_upstream(spec: Spec, index: Index, _: object) -> Iterator[Diagnostic]:
    theirs = _defs(spec.upstream.unstable)
    if not theirs:
        return  # no snapshot to compare with; the loader said why
    listed = {d.type: d for d in spec.upstream.differences}
    for name, definition in theirs.items():
        if name in DERIVED_TYPE_NAMES or not isinstance(definition, Mapping):
            continue
        if name not in spec.types:
            yield Diagnostic(spec.where.at(("types",)), f"upstream defines {name}, which the "
                             "spec has no type for; add it under types as upstream writes it")  # fmt: skip
            continue
        yield from _compare(spec, name, definition, listed.get(name))
    for number, difference in enumerate(spec.upstream.differences):
        yield from _check_listed(spec, theirs, difference, ("upstream", "differences", number))


def _compare(
    spec: Spec, name: str, upstream_def: Mapping[str, Any], difference: Difference | None
) -> Iterator[Diagnostic]:
    ours = expand_type(spec.types[name].schema)
    if difference is not None:
        theirs = upstream_def.get("properties", {})
        ours = without_additions(ours, tuple(p for p in difference.adds if p not in theirs))
    found = first_difference(ours, without_method_keywords(upstream_def))
    if found is None:
        return
    path, what = found
    yield Diagnostic(spec.where.at(("types", name, *path)),
                     f"type {name} differs from upstream at {_pointer(path)}: it {what}; make it "
                     "upstream's, or list the difference under upstream › differences with why")  # fmt: skip


def _check_listed(
    spec: Spec, theirs: Mapping[str, Any], difference: Difference, at: PathKey
) -> Iterator[Diagnostic]:
    name = difference.type
    if name not in spec.types:
        yield Diagnostic(spec.where.at((*at, "type")), f"upstream › differences names {name}, "
                         "which is not a type of the spec; fix the name or remove the entry")  # fmt: skip
        return
    ours = expand_type(spec.types[name].schema)
    upstream_props = theirs.get(name, {}).get("properties", {}) if name in theirs else {}
    for prop in difference.adds:
        if prop not in ours.get("properties", {}):
            yield Diagnostic(spec.where.at((*at, "adds")), f"{name} does not have {prop}, which "
                             "upstream › differences says it adds; remove it from adds")  # fmt: skip
        elif prop in upstream_props:
            yield Diagnostic(spec.where.at((*at, "adds")), f"upstream's {name} has {prop} now, "
                             "so it is no longer a difference; remove it from adds and make the "
                             "type upstream's")  # fmt: skip


def stability_follows_upstream(spec: Spec, index: Index, _: object) -> Iterator[Diagnostic]:
    if spec.upstream.unstable is None or spec.upstream.stable is None:
        return
    unstable = upstream_methods(spec.upstream.unstable)
    stable = upstream_methods(spec.upstream.stable)
    for method in spec.methods.values():
        if method.name.startswith("_"):
            continue  # an extension: never upstream's
        expected = (
            "stable" if method.name in stable
            else "unstable" if method.name in unstable
            else "proposed"
        )  # fmt: skip
        if method.stability == expected:
            continue
        why = {
            "stable": "upstream's schema.json has it",
            "unstable": "only upstream's schema.unstable.json has it",
            "proposed": "upstream's schemas do not have it",
        }[expected]
        yield Diagnostic(spec.where.at(("methods", method.name, "stability")),
                         f"{method.name} is {method.stability}, but {why}; make it {expected}")  # fmt: skip
