"""Whether a message fits an expect step's outcome (trace_match decides) and, when it does
not, where and why: what a runner's report says came instead of what was expected."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from .. import pointers, trace_match
from ..trace_values import ANY, capture_name


class MissingCapture(Exception):
    """A message names a capture no earlier expect made."""


def substitute(value: Any, captures: Mapping[str, Any]) -> Any:
    """``value`` with every ``$name`` replaced by its captured value (type kept: an id
    captured as a number goes back as a number)."""
    if isinstance(value, dict):
        return {k: substitute(v, captures) for k, v in value.items()}
    if isinstance(value, list):
        return [substitute(v, captures) for v in value]
    name = capture_name(value)
    if name is None:
        return value
    if name not in captures:
        raise MissingCapture(f"${name} was never captured")
    return captures[name]


def _same(expected: Any, got: Any) -> bool:
    # JSON has no 1 == true, but Python's bool is an int
    if isinstance(expected, bool) or isinstance(got, bool):
        return type(expected) is type(got) and expected == got
    return bool(expected == got)


def mismatch(
    pattern: Any,
    message: Any,
    captures: Mapping[str, Any],
    exact: bool,
    path: tuple[str | int, ...] = (),
) -> str | None:
    """None if ``message`` fits ``pattern``; else where and how it differs."""
    where = pointers.pointer(path) or "/"
    if pattern == ANY:
        return None
    name = capture_name(pattern)
    if name is not None:
        if name not in captures:
            return f"{where}: ${name} was never captured"
        if not _same(captures[name], message):
            return f"{where}: expected {_show(captures[name])} (${name}), got {_show(message)}"
        return None
    if isinstance(pattern, dict):
        if not isinstance(message, dict):
            return f"{where}: expected an object, got {_show(message)}"
        for key, want in pattern.items():
            if key not in message:
                return f"{pointers.pointer((*path, key))}: missing"
            problem = mismatch(want, message[key], captures, exact, (*path, key))
            if problem:
                return problem
        if exact and (extra := sorted(set(message) - set(pattern))):
            return f"{where}: unexpected member {extra[0]!r}"
        return None
    if isinstance(pattern, list):
        if not isinstance(message, list):
            return f"{where}: expected an array, got {_show(message)}"
        if len(pattern) != len(message):
            return f"{where}: expected {len(pattern)} items, got {len(message)}"
        for number, (want, got) in enumerate(zip(pattern, message, strict=True)):
            problem = mismatch(want, got, captures, exact, (*path, number))
            if problem:
                return problem
        return None
    if not _same(pattern, message):
        return f"{where}: expected {_show(pattern)}, got {_show(message)}"
    return None


def fits(outcome: Mapping[str, Any], message: Any, captures: Mapping[str, Any]) -> str | None:
    """None if ``message`` fits the outcome (a trace file's outcome object); else why not.
    The verdict is trace_match's, the one place the rules are code; this only explains it."""
    if trace_match.fits(outcome, message, captures) is not None:
        return None
    problem = mismatch(outcome["message"], message, captures, outcome["match"] == "exact")
    if problem:
        return problem
    for pointer in outcome.get("absent", ()):
        if any(True for _ in trace_match.resolve(message, pointer)):
            return f"{pointer}: present, but must be absent"
    for name, pointer in outcome.get("capture", {}).items():
        if len(list(trace_match.resolve(message, pointer))) != 1:
            return f"{pointer}: not one value to capture as ${name}"
    if "contains" in outcome:
        return f"no string in it contains {outcome['contains']!r}"
    return "does not fit"


def _show(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 80 else text[:77] + "..."
