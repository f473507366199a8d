"""JSON from a file a user gives or edits: every way it can fail to read is one JsonProblem
with a line and column, never an exception a caller does not expect.

json.loads raises three things: JSONDecodeError for text that is no JSON, RecursionError
for nesting deeper than Python's stack (a thousand levels or so: valid JSON all the same),
and a plain ValueError for an integer of more digits than Python converts.

A reader that walks the value by recursion (a schema compared, rendered as YAML) bounds the
nesting with ``max_depth``: valid JSON nested too deep for it is then a JsonProblem too."""

from __future__ import annotations

import json
import re
import sys
from typing import Any

# Where the nesting is reported as too deep: well under the recursion limit json.loads meets
# (its depth is the caller's stack plus the nesting), and far past any real file's.
_DEEP = 500
_LONG_NUMBER = re.compile(rf"\d{{{sys.get_int_max_str_digits() + 1}}}")


class JsonProblem(ValueError):
    """Why a text is not JSON that can be read, and where (1-based)."""

    def __init__(self, line: int, column: int, reason: str) -> None:
        super().__init__(f"{reason} at line {line}, column {column}")
        self.line, self.column, self.reason = line, column, reason


def parse_json(text: str, max_depth: int | None = None, *, unicode: bool = False) -> Any:
    """The value of ``text``; nested at most ``max_depth`` levels (the outermost array or
    object is level 1) if given; with ``unicode``, every string in it Unicode text (JSON's
    escapes can write half of a surrogate pair, which no UTF-8 output can hold)."""
    limit = _DEEP if max_depth is None else min(max_depth, _DEEP)
    try:
        value = json.loads(text)
    except json.JSONDecodeError as err:
        raise JsonProblem(err.lineno, err.colno, f"not JSON: {err.msg}") from None
    except RecursionError:
        line, column = line_column(text, _too_deep(text, limit))
        raise JsonProblem(line, column, f"nested more than {limit} levels deep") from None
    except ValueError:
        found = _LONG_NUMBER.search(text)
        line, column = line_column(text, found.start() if found else 0)
        raise JsonProblem(
            line, column, f"a number of more than {sys.get_int_max_str_digits()} digits"
        ) from None
    if max_depth is not None and _deeper(value, limit):
        line, column = line_column(text, _too_deep(text, limit))
        raise JsonProblem(line, column, f"nested more than {limit} levels deep")
    if unicode and lone_surrogate(value) is not None:
        found = _LONE_SURROGATE.search(text)
        line, column = line_column(text, found.start() if found else 0)
        raise JsonProblem(
            line, column, "a lone surrogate (half of a UTF-16 pair), which is no text"
        )
    return value


# an escaped surrogate not in a pair: a high one without a low one after it, or a low one
# without a high one before it
_LONE_SURROGATE = re.compile(
    r"\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F])|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2}"
)


def lone_surrogate(value: Any) -> str | None:
    """The first text of ``value`` (a key or a value) that is not Unicode text, or None."""
    pending = [value]
    while pending:
        node = pending.pop()
        if isinstance(node, str):
            try:
                node.encode("utf-8")
            except UnicodeEncodeError:
                return node
        elif isinstance(node, dict):
            pending += node.keys()
            pending += node.values()
        elif isinstance(node, list):
            pending += node
    return None


def _deeper(value: Any, limit: int) -> bool:
    """Whether ``value`` nests arrays and objects more than ``limit`` levels deep; walked
    with a list, not Python's stack, which is what the limit guards."""
    pending: list[tuple[Any, int]] = [(value, 1)] if isinstance(value, dict | list) else []
    while pending:
        node, level = pending.pop()
        if level > limit:
            return True
        for child in node.values() if isinstance(node, dict) else node:
            if isinstance(child, dict | list):
                pending.append((child, level + 1))
    return False


def _too_deep(text: str, limit: int) -> int:
    """The offset of the bracket that opens level ``limit + 1`` (0 if none does), strings
    skipped."""
    depth, inside, escaped = 0, False, False
    for offset, char in enumerate(text):
        if inside:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                inside = False
        elif char == '"':
            inside = True
        elif char in "[{":
            depth += 1
            if depth > limit:
                return offset
        elif char in "]}":
            depth -= 1
    return 0


def line_column(text: str, offset: int) -> tuple[int, int]:
    """The line and column (1-based) of ``offset`` in ``text``, as json counts them."""
    line_start = text.rfind("\n", 0, offset) + 1
    return text.count("\n", 0, offset) + 1, offset - line_start + 1
