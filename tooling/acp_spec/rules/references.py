"""Rules about references between types: every name resolves, nothing refers to itself."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from ..defs import keyword_values
from ..diagnostics import Diagnostic, did_you_mean
from ..index import Index
from ..model import DERIVED_TYPE_NAMES, Spec
from ..yamlsource import PathKey
from .common import Written
from .common import at as _at


def references(spec: Spec, index: Index, written: Written) -> Iterator[Diagnostic]:
    # a removed type is named at every place that used it: one guess of the name serves all
    guesses: dict[str, str] = {}

    def unknown_type(path: PathKey, name: str, what: str) -> Diagnostic:
        if name not in guesses:
            guesses[name] = did_you_mean(name, written.types)
        return _at(spec, path, f"{what} '{name}' is not a type in this spec"
                   f"{guesses[name]}; define it under types or fix the name")  # fmt: skip

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
        if all(name in written.types for name in index.refs.direct(typedef.name)):
            continue  # the usual case, known from the index without a walk for the paths
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


_SAME_VALUE = ("$ref", "allOf", "anyOf", "oneOf", "not", "if", "then", "else")


def _same_value_refs(fragment: Any, path: PathKey) -> list[tuple[PathKey, str]]:
    """The types a fragment applies to the very value it checks, and where it names them."""
    found: list[tuple[PathKey, str]] = []
    _gather_same_value_refs(fragment, path, found)
    return found


def _gather_same_value_refs(fragment: Any, path: PathKey, found: list[tuple[PathKey, str]]) -> None:
    # into one list, not through nested generators
    if not isinstance(fragment, dict):
        return
    for key in _SAME_VALUE:
        value = fragment.get(key)
        if key == "$ref" and isinstance(value, str):
            found.append(((*path, key), value))
        elif isinstance(value, list):
            for number, item in enumerate(value):
                _gather_same_value_refs(item, (*path, key, number), found)
        elif isinstance(value, dict):
            _gather_same_value_refs(value, (*path, key), found)


def reference_loops(spec: Spec) -> tuple[tuple[list[str], PathKey], ...]:
    """Each cycle of types that refer to one another for the same value, with the place its
    first type names the next; found by a depth-first walk, each cycle once. Ask
    ``index.facts.once(reference_loops)``.

    The walk keeps its own stack and enters each type once: walking again from every type,
    through Python's stack, was N² steps along a chain of N references (each copying the
    chain so far), and a chain a thousand long overflowed the stack."""
    edges = {name: _same_value_refs(t.schema, ("types", name)) for name, t in spec.types.items()}
    loops: list[tuple[list[str], PathKey]] = []
    done: set[str] = set()  # in a loop reported already
    entered: set[str] = set()
    for start in edges:
        if start not in entered:
            entered.add(start)
            _walk(start, edges, entered, done, loops)
    return tuple(loops)


def _walk(
    start: str,
    edges: Mapping[str, list[tuple[PathKey, str]]],
    entered: set[str],
    done: set[str],
    loops: list[tuple[list[str], PathKey]],
) -> None:
    chain = [start]
    depth = {start: 0}  # where each type of the chain is in it
    # per place in the chain, the deepest place at or above it whose type is in a reported
    # loop (-1: none): whether a new loop touches a reported one, without a walk along it
    last_done = [-1]
    pending = [iter(edges[start])]
    while pending:
        step = next(pending[-1], None)
        if step is None:
            pending.pop()
            del depth[chain.pop()]
            last_done.pop()
            continue
        target = step[1]
        if target in depth:
            first = depth[target]
            if last_done[-1] < first:
                loop = chain[first:]
                # reported where the loop's first type names the next
                nxt = loop[1] if len(loop) > 1 else loop[0]
                loops.append((loop, next(w for w, t in edges[loop[0]] if t == nxt)))
                done.update(loop)
                last_done[first:] = range(first, len(chain))
        elif target in edges and target not in entered:
            entered.add(target)
            depth[target] = len(chain)
            chain.append(target)
            last_done.append(last_done[-1])
            pending.append(iter(edges[target]))


def reference_cycles(spec: Spec, index: Index, _: Written) -> Iterator[Diagnostic]:
    """A type that, through references, is only itself can never be checked or hold a value."""
    for loop, where in index.facts.once(reference_loops):
        shown = " → ".join([*loop, loop[0]])
        yield _at(spec, where, f"reference cycle {shown}: the type refers back to itself for "
                  "the same value, so no value can ever be checked against it; give one of them a "
                  "real schema, or reach the type again only through a property or items")  # fmt: skip


def dangling_refs(spec: Spec, index: Index) -> bool:
    """Whether a type refers to a name that is no type (``index`` is the spec's)."""
    # the names `references` reports, without the paths it reports them at
    return any(name not in spec.types for t in spec.types for name in index.refs.direct(t))
