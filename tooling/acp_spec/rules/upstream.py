"""Rules that hold the spec to the upstream snapshot it follows (spec/upstream/).

Every upstream def is a spec type that expands to exactly upstream's JSON, and the spec has
no other type and derives no other routing union, except for the differences the spec lists
with their reasons (``upstream › differences``): the list is exactly what differs, so a
listed difference that no longer is one is reported too. Every upstream method is a method
of the spec; methods upstream lacks are `proposed`, and every other method's stability is
upstream's.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from typing import Any

from ..content import Recent, digest, digest_of, pickled
from ..defs import expand_type
from ..diagnostic_ids import UPSTREAM_DIFFERENCES
from ..diagnostics import Diagnostic, stamped
from ..document import METHOD_ANNOTATIONS
from ..index import Index
from ..model import DERIVED_TYPE_NAMES, AddedProperty, Difference, Spec
from ..pointers import pointer
from ..upstream_import import without_additions, without_method_keywords
from ..yamlsource import PathKey
from .common import Written

IMPORT_HINT = "acp-spec upstream import spec/upstream/schema.unstable.json"
# what the list of differences itself gets wrong, apart from a type that differs unlisted
DIFFERENCES_RULE = UPSTREAM_DIFFERENCES


def _defs(schema: Mapping[str, Any] | None) -> Mapping[str, Any]:
    return schema.get("$defs", {}) if schema is not None else {}


def upstream_methods(schema: Mapping[str, Any] | None) -> dict[str, set[str]]:
    """Method name -> the defs upstream marks with it (``x-method``)."""
    found: dict[str, set[str]] = {}
    for name, definition in _defs(schema).items():
        if isinstance(definition, Mapping) and isinstance(definition.get("x-method"), str):
            found.setdefault(definition["x-method"], set()).add(name)
    return found


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


def _show(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 80 else text[:77] + "..."


def snapshot_digest(spec: Spec) -> str:
    """The digest of the spec's snapshot of upstream's complete schema (as it is now): a
    fact of the spec that the rules ask once a load (``index.once``)."""
    return digest(spec.upstream.unstable)


def snapshot_digest_of(spec: Spec, index: Index) -> str:
    """``snapshot_digest(spec)``, made once for ``index`` when it is the spec's own."""
    return index.facts.once(snapshot_digest) if index.spec is spec else snapshot_digest(spec)


# Upstream's defs without its method keywords, each with the digest of its pickle, by the
# digest of the snapshot they are read off: every load of a spec compares with them.
_UPSTREAM_DEFS: Recent[dict[str, tuple[dict[str, Any], str]]] = Recent(4)


def _upstream_defs(spec: Spec, index: Index) -> dict[str, tuple[dict[str, Any], str]]:
    def make() -> dict[str, tuple[dict[str, Any], str]]:
        found = {}
        for name, definition in _defs(spec.upstream.unstable).items():
            if isinstance(definition, Mapping):
                bare = without_method_keywords(definition)
                found[name] = (bare, digest_of(pickled(bare)))
        return found

    return _UPSTREAM_DEFS.get(snapshot_digest_of(spec, index), make)


def types_follow_upstream(spec: Spec, index: Index, written: Written) -> Iterator[Diagnostic]:
    theirs = _defs(spec.upstream.unstable)
    if not theirs:
        return  # no snapshot to compare with; the loader said why
    prepared = _upstream_defs(spec, index)
    listed: dict[str, Difference] = {}
    for difference in spec.upstream.differences:
        listed.setdefault(difference.type, difference)
    for name, definition in theirs.items():
        if name in DERIVED_TYPE_NAMES or not isinstance(definition, Mapping):
            continue
        if name in written.types and name not in spec.types:
            continue  # written, but too broken to model: reported once, where it is
        if name not in spec.types:
            yield Diagnostic(spec.where.at(("types",)), f"upstream defines {name}, which the "
                             f"spec has no type for; add it as upstream writes it (`{IMPORT_HINT} "
                             f"{name}`)")  # fmt: skip
            continue
        if not set(index.refs.direct(name)) <= set(spec.types):
            continue  # it names a type the spec has not: the references rule says where
        yield from _compare(spec, index, name, prepared[name], listed.get(name))
    for name in spec.types:
        entry = listed.get(name)
        if name not in theirs and (entry is None or entry.kind != "new-type"):
            yield Diagnostic(spec.where.at(("types", name), key=True), f"{name} is not a def "
                             "of upstream's schema; remove it, or list it under upstream › "
                             "differences with kind new-type and why the spec adds it")  # fmt: skip
    yield from stamped(_routing_unions(spec, index, theirs, listed), DIFFERENCES_RULE)
    seen: set[str] = set()
    for number, difference in enumerate(spec.upstream.differences):
        at: PathKey = ("upstream", "differences", number)
        if difference.type in seen:
            yield Diagnostic(spec.where.at((*at, "type")), f"upstream › differences lists "
                             f"{difference.type} twice; merge the entries", rule=DIFFERENCES_RULE)  # fmt: skip
            continue
        seen.add(difference.type)
        if difference.type in written.types and difference.type not in spec.types:
            continue  # the type is too broken to model: reported once, where it is
        yield from stamped(_check_listed(spec, index, theirs, difference, at), DIFFERENCES_RULE)


def _compare(
    spec: Spec,
    index: Index,
    name: str,
    prepared: tuple[dict[str, Any], str],
    difference: Difference | None,
) -> Iterator[Diagnostic]:
    upstream, upstream_digest = prepared
    ours = _expanded(spec, index, name)
    # the def as the index holds it, all its keys kept: its pickle's digest is known
    whole = len(ours) == len(index.defs[name])
    if difference is not None and difference.kind == "new-properties":
        theirs = upstream.get("properties", {})
        ours = without_additions(ours, tuple(p for p in difference.adds if p not in theirs))
        whole = False
    if ours == upstream and upstream_digest == (
        index.digests.def_digests[name] if whole else digest_of(pickled(ours))
    ):
        # the usual answer, found in C: equal pickles are the same keys in the same order
        # and the same types; equal values rule out a NaN, which first_difference tells
        return
    found = first_difference(ours, upstream)
    if found is None:
        return
    path, what = found
    yield Diagnostic(spec.where.at(("types", name, *path)),
                     f"type {name} differs from upstream at {pointer(path) or '/'}: it {what}; make it "
                     f"upstream's (`{IMPORT_HINT} {name}`), or list the difference under "
                     "upstream › differences with why")  # fmt: skip


def _expanded(spec: Spec, index: Index, name: str) -> dict[str, Any]:
    """``expand_type`` of type ``name`` (not a derived one), read off the index's def: the
    schema's builder adds to it only the method annotations the type does not write."""
    written = spec.types[name].schema
    return {
        key: value
        for key, value in index.defs[name].items()
        if key not in METHOD_ANNOTATIONS or key in written
    }


def _routing_unions(
    spec: Spec, index: Index, theirs: Mapping[str, Any], listed: Mapping[str, Difference]
) -> Iterator[Diagnostic]:
    """Every routing union the generator derives that is not upstream's is listed."""
    for name in sorted(DERIVED_TYPE_NAMES):
        ours, upstream_def = index.defs.get(name), theirs.get(name)
        if ours is None or ours == upstream_def or name in listed:
            continue  # not generated (no such methods), equal, or listed (checked there)
        what = "upstream has no such def" if upstream_def is None else "it differs from upstream's"
        yield Diagnostic(spec.where.at(("upstream", "differences"), key=True), f"the generated "
                         f"routing union {name} is not upstream's ({what}); list it under "
                         "upstream › differences with kind routing and why")  # fmt: skip


def _check_listed(
    spec: Spec, index: Index, theirs: Mapping[str, Any], difference: Difference, at: PathKey
) -> Iterator[Diagnostic]:
    name, kind = difference.type, difference.kind
    if kind != "new-properties" and difference.adds:
        yield Diagnostic(spec.where.at((*at, "adds"), key=True), "only kind new-properties "
                         f"lists adds; remove it from the entry of {name}, or change its kind")  # fmt: skip
    if kind == "routing":
        yield from _check_routing(spec, index, theirs, name, at)
        return
    if name not in spec.types:
        yield Diagnostic(spec.where.at((*at, "type")), f"upstream › differences names {name}, "
                         "which is not a type of the spec; fix the name or remove the entry")  # fmt: skip
        return
    if kind == "new-type":
        if name in theirs:
            yield Diagnostic(spec.where.at((*at, "type")), f"upstream defines {name} now, so "
                             "it is no longer a new type; remove the entry and make the type "
                             f"upstream's (`{IMPORT_HINT} {name}`)")  # fmt: skip
        return
    if name not in theirs:
        yield Diagnostic(spec.where.at((*at, "kind")), f"upstream has no {name}, so the spec "
                         "adds the whole type; make the entry's kind new-type and drop adds")  # fmt: skip
        return
    if not difference.adds:
        yield Diagnostic(spec.where.at((*at, "kind")), "kind new-properties lists the "
                         f"properties the spec adds to {name} in adds; add them")  # fmt: skip
    ours = expand_type(spec.types[name].schema)
    upstream_props = theirs[name].get("properties", {})
    for added in difference.added:
        prop, place = added.name, (*at, "adds", added.name)
        if prop not in ours.get("properties", {}):
            yield Diagnostic(spec.where.at(place, key=True), f"{name} does not have {prop}, "
                             "which upstream › differences says it adds; remove it from adds")  # fmt: skip
        elif prop in upstream_props:
            yield Diagnostic(spec.where.at(place, key=True), f"upstream's {name} has {prop} "
                             "now, so it is no longer a difference; remove it from adds and make "
                             "the type upstream's")  # fmt: skip
        else:
            yield from _check_added(spec, index, name, ours, added, place)


def _check_added(
    spec: Spec,
    index: Index,
    name: str,
    ours: Mapping[str, Any],
    added: AddedProperty,
    place: PathKey,
) -> Iterator[Diagnostic]:
    """The added property is what its record says: required or not, nullable or not (what
    the comparison with upstream leaves out, so a required entry an import lost is found)."""
    required = added.name in ours.get("required", [])
    if required != added.required:
        has = "requires" if required else "does not require"
        fix = "remove it from" if required else "add it to"
        yield Diagnostic(spec.where.at((*place, "required")), f"{name} {has} {added.name}, but "
                         f"upstream › differences records required: {str(added.required).lower()}; "
                         f"{fix} {name}'s required list, or correct the record")  # fmt: skip
    nullable = index.shapes.accepts_null(index.defs[name].get("properties", {}).get(added.name))
    if nullable != added.nullable:
        does = "accepts" if nullable else "does not accept"
        yield Diagnostic(spec.where.at((*place, "nullable")), f"{name}.{added.name} {does} "
                         f"null, but upstream › differences records nullable: "
                         f"{str(added.nullable).lower()}; correct the property's type, or the "
                         "record")  # fmt: skip


def _check_routing(
    spec: Spec, index: Index, theirs: Mapping[str, Any], name: str, at: PathKey
) -> Iterator[Diagnostic]:
    if name not in DERIVED_TYPE_NAMES:
        yield Diagnostic(spec.where.at((*at, "type")), f"{name} is not a routing union the "
                         f"generator derives ({', '.join(sorted(DERIVED_TYPE_NAMES))}); fix the "
                         "name or the kind")  # fmt: skip
    elif name not in index.defs:
        yield Diagnostic(spec.where.at((*at, "type")), "the spec's methods derive no "
                         f"{name}, so it is no difference; remove the entry")  # fmt: skip
    elif index.defs[name] == theirs.get(name):
        yield Diagnostic(spec.where.at((*at, "type")), f"the generated {name} is upstream's "
                         "now, so it is no longer a difference; remove the entry")  # fmt: skip


def stability_follows_upstream(spec: Spec, index: Index, written: Written) -> Iterator[Diagnostic]:
    if spec.upstream.unstable is None or spec.upstream.stable is None:
        return
    unstable = upstream_methods(spec.upstream.unstable)
    stable = upstream_methods(spec.upstream.stable)
    # a method written but too broken to model is reported once, where it is
    for name in sorted(set(unstable) - set(spec.methods) - written.methods):
        yield Diagnostic(spec.where.at(("methods",), key=True), f"upstream's schema has method "
                         f"{name} ({', '.join(sorted(unstable[name]))}), which the spec lacks; "
                         "add it under methods")  # fmt: skip
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
