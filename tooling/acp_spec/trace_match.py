"""Whether a message fits an expect's outcome, as traces.schema.json words it: the one
place the matching rules are code, for a runner (and the tests) to call.

Subset by default: every member the outcome writes is in the message with a value that
fits (arrays item by item, of the same length); ``exact``: nothing more, at any depth.
``$any`` fits any value; ``$name`` fits the value captured as ``name``. Numbers compare as
JSON does (``1`` and ``1.0`` are one number); ``true`` is no number.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from .pointers import unescape
from .trace_values import ANY, capture_name

Json = Any


def fits(
    outcome: Mapping[str, Any], message: Json, captured: Mapping[str, Json]
) -> dict[str, Json] | None:
    """The values the outcome captures from ``message`` if it fits (``{}`` when it captures
    none), else None. ``outcome`` is one of a generated expect step's ``outcomes``."""
    exact = outcome.get("match", "subset") == "exact"
    if not _fits(outcome["message"], message, captured, exact):
        return None
    if any(True for pointer in outcome.get("absent", ()) for _ in resolve(message, pointer)):
        return None
    text = outcome.get("contains")
    if text is not None and not any(text in s for s in _strings(message)):
        return None
    out: dict[str, Json] = {}
    for name, pointer in outcome.get("capture", {}).items():
        found = list(resolve(message, pointer))
        if len(found) != 1:
            return None
        out[name] = found[0]
    return out


def _fits(pattern: Json, value: Json, captured: Mapping[str, Json], exact: bool) -> bool:
    if pattern == ANY and isinstance(pattern, str):
        return True
    name = capture_name(pattern)
    if name is not None:
        return name in captured and _same(captured[name], value)
    if isinstance(pattern, dict):
        if not isinstance(value, dict) or (exact and set(value) - set(pattern)):
            return False
        return all(k in value and _fits(p, value[k], captured, exact) for k, p in pattern.items())
    if isinstance(pattern, list):
        return (
            isinstance(value, list)
            and len(value) == len(pattern)
            and all(_fits(p, v, captured, exact) for p, v in zip(pattern, value, strict=True))
        )
    return _same(pattern, value)


def _same(a: Json, b: Json) -> bool:
    """JSON equality: numbers by value, booleans apart from numbers."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, int | float) and isinstance(b, int | float):
        return a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return type(a) is type(b) and a == b


def resolve(value: Json, pointer: str) -> Iterator[Json]:
    """Every value a JSON Pointer reaches; a ``*`` segment reaches every member or item."""
    if pointer == "":
        yield value
        return
    head, slash, rest = pointer[1:].partition("/")
    tail = slash + rest
    segment = unescape(head)
    if head == "*":
        children = list(value.values()) if isinstance(value, dict) else value
        for child in children if isinstance(children, list) else ():
            yield from resolve(child, tail)
    elif isinstance(value, dict) and segment in value:
        yield from resolve(value[segment], tail)
    elif isinstance(value, list) and segment.isdigit() and int(segment) < len(value):
        yield from resolve(value[int(segment)], tail)


def _strings(value: Json) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)
