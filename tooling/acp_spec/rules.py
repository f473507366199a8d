"""Semantic rules that a JSON Schema of the format cannot state.

Each rule is a function from the model to problems; ``check`` runs them all, so one run
reports everything that is wrong.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from . import artifactrules, examplelint, patterns, typerules, upstream
from .constants import KEY_TYPE, KEYED, NOT_RETRIED
from .defs import expand_types, keyword_values
from .diagnostics import Diagnostic, did_you_mean
from .index import Index
from .model import DERIVED_TYPE_NAMES, Spec
from .yamlsource import PathKey

_SNAKE = r"[a-z][a-z0-9]*(?:_[a-z0-9]+)*"
_CAMEL = r"[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+"
_SEGMENT = rf"(?:{_SNAKE}|{_CAMEL})"
METHOD_NAME = re.compile(rf"^(?:\$/)?{_SEGMENT}(?:/{_SEGMENT})*$|^_[A-Za-z0-9_./-]+$")


@dataclass(frozen=True)
class Written:
    """Every name written in the file, including entries too broken to model, so that a
    broken entry is reported once, not again at every place that refers to it."""

    types: frozenset[str]
    errors: frozenset[str]
    retry_classes: frozenset[str]


Rule = Callable[[Spec, Index, Written], Iterator[Diagnostic]]


def check(spec: Spec, index: Index, written: Written) -> list[Diagnostic]:
    """Every semantic problem, errors and warnings."""
    return [problem for rule in RULES for problem in rule(spec, index, written)]


def _at(spec: Spec, path: PathKey, message: str, *, key: bool = False) -> Diagnostic:
    return Diagnostic(spec.where.at(path, key=key), message)


def method_names(spec: Spec, index: Index, _: Written) -> Iterator[Diagnostic]:
    for name in spec.methods:
        if any(bad in name for bad in ("..", "\\", "\x00")) or name.startswith("/"):
            why = "it would escape the output folders (it holds '..', '\\', a NUL or a leading '/')"
        elif METHOD_NAME.fullmatch(name):
            continue
        else:
            why = "ACP names are noun/verb with snake_case segments, '$/' for protocol-level, '_' for extensions"
        yield _at(
            spec,
            ("methods", name),
            f"method name {json.dumps(name)} is not valid: {why}; rename it",
            key=True,
        )


def references(spec: Spec, index: Index, written: Written) -> Iterator[Diagnostic]:
    def unknown_type(path: PathKey, name: str, what: str) -> Diagnostic:
        return _at(spec, path, f"{what} '{name}' is not a type in this spec"
                   f"{did_you_mean(name, written.types)}; define it under types or fix the name")  # fmt: skip

    for method in spec.methods.values():
        base: PathKey = ("methods", method.name)
        for call in method.calls:
            for role, name in (("params", call.params), ("result", call.result)):
                if name is not None and name not in written.types:
                    yield unknown_type(base + (call.kind, role), name, f"{call.kind} {role}")
        for number, error in enumerate(method.errors):
            if error not in written.errors:
                yield _at(spec, base + ("errors", number), f"error '{error}' is not defined under errors"
                          f"{did_you_mean(error, spec.errors)}; add it there or fix the name")  # fmt: skip
        for retry in method.retry:
            if retry.retry_class not in written.retry_classes:
                yield _at(spec, base + ("retry", retry.direction, "class"),
                          f"retry class '{retry.retry_class}' is not defined under retryClasses"
                          f"{did_you_mean(retry.retry_class, spec.retry_classes)}; use one of "
                          f"{', '.join(spec.retry_classes)}")  # fmt: skip
    for typedef in spec.types.values():
        for path, name in _refs(typedef.schema, ("types", typedef.name)):
            if name not in written.types:
                yield unknown_type(path, name, "$ref")


def _refs(fragment: Any, path: PathKey) -> Iterator[tuple[PathKey, str]]:
    return ((p, v) for p, v in keyword_values(fragment, "$ref", path) if isinstance(v, str))


def reserved_names(spec: Spec, index: Index, _: Written) -> Iterator[Diagnostic]:
    for name in spec.types:
        if name in DERIVED_TYPE_NAMES:
            yield _at(spec, ("types", name), f"type name '{name}' is derived by the generator from "
                      "the methods; rename this type or remove it", key=True)  # fmt: skip


def retry_per_direction(spec: Spec, index: Index, _: Written) -> Iterator[Diagnostic]:
    for method in spec.methods.values():
        given = {r.direction for r in method.retry}
        base: PathKey = ("methods", method.name, "retry")
        for direction in method.directions:
            if direction not in given:
                yield _at(spec, base, f"{method.name} is sent {direction} but states no retry class "
                          f"for it; add retry › {direction} with its class")  # fmt: skip
        for direction in given - set(method.directions):
            yield _at(spec, base + (direction,), f"{method.name} is only sent {method.sender}, so it "
                      f"takes no retry class for {direction}; remove that entry", key=True)  # fmt: skip


def notifications_not_retried(spec: Spec, index: Index, _: Written) -> Iterator[Diagnostic]:
    for method in spec.methods.values():
        if method.request is not None:
            continue
        for retry in method.retry:
            if retry.retry_class != NOT_RETRIED:
                yield _at(spec, ("methods", method.name, "retry", retry.direction, "class"),
                          f"{method.name} is a notification, which has no response to lose, so it is "
                          f"never retried; its class must be {NOT_RETRIED}, not {retry.retry_class}")  # fmt: skip


def keyed_iff_key(spec: Spec, index: Index, _: Written) -> Iterator[Diagnostic]:
    for method in spec.methods.values():
        keyed = [r for r in method.retry if r.retry_class == KEYED]
        reaching = [c for c in method.calls if index.reaches_key(c.params)]
        if keyed and not reaching:
            retry = keyed[0]
            yield _at(spec, ("methods", method.name, "retry", retry.direction, "class"),
                      f"{method.name} is keyed but its params never reach an {KEY_TYPE}; add an "
                      f"optional idempotencyKey field of type {KEY_TYPE} or choose another class")  # fmt: skip
        for call in reaching if not keyed else []:
            yield _at(spec, ("methods", method.name, call.kind, "params"),
                      f"{method.name}'s params ({call.params}) reach an {KEY_TYPE}, but the method is "
                      f"not keyed; make its retry class {KEYED} or remove the key")  # fmt: skip


def keys_are_optional_fields(spec: Spec, index: Index, _: Written) -> Iterator[Diagnostic]:
    """The RFD's key is an optional field; omitted and null mean the same (no key)."""
    for method in spec.methods.values():
        for call in method.calls:
            if call.params not in spec.types or not index.reaches_key(call.params):
                continue
            path = index.key_path(call.params)
            where: PathKey = ("methods", method.name, call.kind, "params")
            if path is None:
                yield _at(spec, where, f"{method.name}'s params reach an {KEY_TYPE} only inside "
                          "a list or a union; make the key a field of the params (or of an object "
                          "field of them) so that every attempt carries it in one place")  # fmt: skip
                continue
            owner = call.params
            for depth, name in enumerate(path):
                field = index.properties(index.defs[owner]).get(name, {})
                dotted = ".".join(path[: depth + 1])
                if name in index.required(index.defs[owner]):
                    yield _at(spec, ("types", owner, "required"), key=True, message=f"{method.name}'s {dotted} is "
                              f"required, but the RFD makes the {KEY_TYPE} optional (omitted means "
                              "no key); remove it from required")  # fmt: skip
                if depth == len(path) - 1:
                    if not index.accepts_null(field):
                        yield _at(spec, ("types", owner, "properties", name), key=True,
                                  message=f"{method.name}'s "
                                  f"{dotted} does not accept null, but the RFD says omitted and "
                                  f"null mean the same; write it as anyOf: [{{$ref: {KEY_TYPE}}}, "
                                  "{type: 'null'}]")  # fmt: skip
                else:
                    owner = index.field_type(field) or ""
                    if owner not in index.defs:
                        break


# Keywords that apply a subschema to the same value; a cycle through them alone never ends
# (properties, items and the like step into the value, so they end with it).
_SAME_VALUE = ("$ref", "allOf", "anyOf", "oneOf", "not", "if", "then", "else")


def _same_value_refs(fragment: Any, path: PathKey) -> Iterator[tuple[PathKey, str]]:
    """The types a fragment applies to the very value it checks, and where it names them."""
    if not isinstance(fragment, dict):
        return
    for key in _SAME_VALUE:
        value = fragment.get(key)
        if key == "$ref" and isinstance(value, str):
            yield (*path, key), value
        elif isinstance(value, list):
            for number, item in enumerate(value):
                yield from _same_value_refs(item, (*path, key, number))
        elif isinstance(value, dict):
            yield from _same_value_refs(value, (*path, key))


def _reference_loops(spec: Spec) -> list[tuple[list[str], PathKey]]:
    """Each cycle of types that refer to one another for the same value, with the place its
    first type names the next; found by a depth-first walk, each cycle once."""
    edges = {
        name: list(_same_value_refs(t.schema, ("types", name))) for name, t in spec.types.items()
    }
    loops: list[tuple[list[str], PathKey]] = []
    done: set[str] = set()

    def visit(name: str, chain: list[str]) -> None:
        for _, target in edges.get(name, []):
            if target in chain:
                loop = chain[chain.index(target) :]
                if not done & set(loop):
                    # reported where the loop's first type names the next
                    nxt = loop[1] if len(loop) > 1 else loop[0]
                    first = next(w for w, t in edges[loop[0]] if t == nxt)
                    loops.append((loop, first))
                    done.update(loop)
            elif target in edges and target not in done:
                visit(target, [*chain, target])

    for start in edges:
        if start not in done:
            visit(start, [start])
    return loops


def reference_cycles(spec: Spec, index: Index, _: Written) -> Iterator[Diagnostic]:
    """A type that, through references, is only itself can never be checked or hold a value."""
    for loop, where in _reference_loops(spec):
        shown = " → ".join([*loop, loop[0]])
        yield _at(spec, where, f"reference cycle {shown}: the type refers back to itself for "
                  "the same value, so no value can ever be checked against it; give one of them a "
                  "real schema, or reach the type again only through a property or items")  # fmt: skip


def examples_validate(spec: Spec, index: Index, written: Written) -> Iterator[Diagnostic]:
    broken = _dangling_refs(spec) or _bad_patterns(spec) or _reference_loops(spec)
    if written.types - set(spec.types) or broken:
        return  # some types are too broken to validate against; their problems are reported
    validate = _validators(spec)
    for method in spec.methods.values():
        for number, example in enumerate(method.examples):
            base: PathKey = ("methods", method.name, "examples", number)
            call = method.call(example.kind)
            if call is None:
                other = (
                    "give it a result" if example.kind == "notification" else "remove its result"
                )
                yield _at(spec, base, f"example '{example.title}' is a {example.kind} example but "
                          f"{method.name} is not a {example.kind}; {other}")  # fmt: skip
                continue
            checks = [("params", call.params, example.params)]
            if call.result is not None:
                checks.append(("result", call.result, example.result))
            for role, type_name, value in checks:
                if type_name not in spec.types:
                    continue
                for error in validate(type_name).iter_errors(value):
                    inner = tuple(error.absolute_path)
                    where = " › ".join([role, *map(str, inner)])
                    yield _at(spec, base + (role, *inner), f"example '{example.title}' does not "
                              f"match {type_name} at {where}: {error.message}; fix the example or the type")  # fmt: skip


def _dangling_refs(spec: Spec) -> bool:
    return any(
        name not in spec.types for t in spec.types.values() for _, name in _refs(t.schema, ())
    )


def _bad_patterns(spec: Spec) -> list[tuple[PathKey, str, str]]:
    found = []
    for typedef in spec.types.values():
        for path, pattern in keyword_values(typedef.schema, "pattern", ("types", typedef.name)):
            why = patterns.compile_error(str(pattern))
            if why is not None:
                found.append((path, str(pattern), why))
    return found


def patterns_compile(spec: Spec, index: Index, _: Written) -> Iterator[Diagnostic]:
    for path, pattern, why in _bad_patterns(spec):
        yield _at(
            spec,
            path,
            f"pattern {json.dumps(pattern)} is not a valid regular expression ({why}); fix the pattern",
        )


def _validators(spec: Spec) -> Callable[[str], Draft202012Validator]:
    uri = "urn:acp-spec:types"
    root = {"$id": uri, "$defs": expand_types({n: t.schema for n, t in spec.types.items()})}
    registry: Registry[Any] = Registry().with_resource(
        uri, Resource.from_contents(root, DRAFT202012)
    )

    @cache
    def validator(name: str) -> Draft202012Validator:
        # patterns matched in linear time: no pattern in the spec can make check hang
        return patterns.validator_for({"$ref": f"{uri}#/$defs/{name}"}, registry=registry)

    return validator


CAPABILITY_ROOTS = {
    "agentCapabilities": "AgentCapabilities",
    "clientCapabilities": "ClientCapabilities",
}


def capabilities_resolve(spec: Spec, index: Index, _: Written) -> Iterator[Diagnostic]:
    """A gating capability names a real field; a proposed method's may not exist yet."""
    for method in spec.methods.values():
        if method.capability is None or method.stability == "proposed":
            continue
        if not _capability_exists(spec, method.capability):
            yield _at(spec, ("methods", method.name, "capability"),
                      f"capability '{method.capability}' names no field of the capability types; "
                      "write the path of a real field, like agentCapabilities.session.delete")  # fmt: skip


def _capability_exists(spec: Spec, path: str) -> bool:
    head, *fields = path.split(".")
    current = CAPABILITY_ROOTS.get(head)
    for field in fields:
        typedef = spec.types.get(current or "")
        prop = typedef.schema.get("properties", {}).get(field) if typedef else None
        if prop is None:
            return False
        current = _single_ref(prop)
    return head in CAPABILITY_ROOTS


def _single_ref(prop: Any) -> str | None:
    """The type a capability field holds: `$ref: X` or upstream's `anyOf: [X, null]`."""
    if not isinstance(prop, dict):
        return None
    if isinstance(prop.get("$ref"), str):
        return str(prop["$ref"])
    refs = [v["$ref"] for v in prop.get("anyOf", []) if isinstance(v, dict) and "$ref" in v]
    return str(refs[0]) if len(refs) == 1 else None


RULES: tuple[Rule, ...] = (
    capabilities_resolve,
    patterns_compile,
    method_names,
    references,
    reserved_names,
    reference_cycles,
    retry_per_direction,
    notifications_not_retried,
    keyed_iff_key,
    keys_are_optional_fields,
    examples_validate,
    typerules.required_are_defined,
    typerules.tags_are_strings,
    typerules.open_guards_list_every_tag,
    typerules.standard_errors,
    typerules.bounds_are_counts,
    typerules.key_is_the_rfds,
    examplelint.examples_say_what_they_mean,
    artifactrules.method_files,
    artifactrules.example_ids,
    artifactrules.property_names,
    artifactrules.const_values,
    artifactrules.envelope_carriers,
    artifactrules.links_resolve,
    upstream.types_follow_upstream,
    upstream.stability_follows_upstream,
)
