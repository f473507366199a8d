# generated from spec/acp-v2.yaml by acp-spec; do not edit
"""What JSON has not and what ``decode`` bounds, checked: NaN and infinities, integers of
more digits than ``json`` reads, nesting deeper than ``MAX_DEPTH``, lists read past their
first invalid item, and reasons longer than ``MAX_REASON``."""

from __future__ import annotations

import math
import sys
from typing import Any

from pydantic_core import CoreSchema

__all__ = [
    "MAX_DEPTH",
    "MAX_REASON",
    "TOO_DEEP",
    "cut",
    "finite_float",
    "harden",
    "not_json",
    "parse_reason",
    "too_deep",
]

# The deepest nesting of arrays and objects decode reads, the message itself the first:
# pydantic-core's parser's own limit, which the fast path meets (tests/test_decode.py holds
# both paths to it), and well within what pydantic's serializer and json write.
MAX_DEPTH = 201
# The longest reason or path an error's data carries.
MAX_REASON = 240
TOO_DEEP = f"nested deeper than {MAX_DEPTH} arrays and objects, decode's limit"

# json's limit of digits (int_max_str_digits; 0 is none), and the least integer beyond it
_DIGITS = sys.get_int_max_str_digits()
_INT_LIMIT = 10**_DIGITS if _DIGITS else None
_TOO_MANY_DIGITS = f"an integer of at most {_DIGITS} digits"
# a serializer's or metadata's own schema, no validator
_NOT_VALIDATION = frozenset({"serialization", "metadata", "json_schema_input_schema"})


def harden(schema: CoreSchema) -> CoreSchema:
    """``schema`` made to refuse at a cost proportional to the input, and to refuse what
    JSON has not:

    - every list stops at its first invalid item: pydantic's default goes on and collects
      the errors of every item (and of every union branch each item failed), which made
      refusing 100,000 invalid items cost a thousand times the message in memory, where
      ``decode`` reports only the first;
    - a value of any JSON (``_meta``'s) is checked for NaN and infinities, which the
      config's ``allow_inf_nan=False`` refuses in typed numbers only."""
    stack: list[Any] = [schema]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            kind = node.get("type")
            if kind == "list":
                node["fail_fast"] = True
            elif kind == "any":
                # fresh dicts each time: pydantic may annotate a schema in place later
                node.update(
                    type="function-after",
                    function={"type": "no-info", "function": _finite},
                    schema={"type": "any"},
                )
                continue
            stack.extend(
                v
                for k, v in node.items()
                if k not in _NOT_VALIDATION and isinstance(v, dict | list)
            )
        elif isinstance(node, list):
            stack.extend(v for v in node if isinstance(v, dict | list))
    return schema


def _finite(value: Any) -> Any:
    """A JSON value with no NaN or infinity in it, and no integer JSON text can't carry
    (``json`` refuses one of more than ``sys.get_int_max_str_digits()`` digits)."""
    stack = [value]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is float:
            if not math.isfinite(node):
                raise ValueError("a number JSON can carry, not NaN or an infinity")
        elif kind is int:
            if _INT_LIMIT is not None and abs(node) >= _INT_LIMIT:
                raise ValueError(_TOO_MANY_DIGITS)
        elif kind is dict:
            stack.extend(node.values())
        elif kind is list:
            stack.extend(node)
    return value


def too_deep(value: Any) -> bool:
    """Whether parsed JSON nests deeper than ``MAX_DEPTH`` arrays and objects."""
    stack = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_DEPTH:
            return True
        kind = type(node)
        if kind is dict or kind is list:
            depth += 1
            for item in node.values() if kind is dict else node:
                if type(item) is dict or type(item) is list:
                    stack.append((item, depth))
    return False


def parse_reason(error: ValueError) -> str:
    """Why the text is no JSON, without the interpreter's advice to whoever runs it."""
    reason = str(error) or type(error).__name__
    if "int_max_str_digits" in reason:
        return _TOO_MANY_DIGITS
    return reason


def not_json(name: str) -> Any:
    """``json``'s ``parse_constant``: it takes NaN and Infinity otherwise."""
    raise ValueError(f"{name} is not JSON")


def finite_float(text: str) -> float:
    """``json``'s ``parse_float``: a number beyond a double's range is none JSON carries."""
    value = float(text)
    if math.isinf(value):
        raise ValueError(f"{cut(text, 40)} is beyond the range of a number JSON can carry")
    return value


def cut(text: str, limit: int = MAX_REASON) -> str:
    """``text``, at most ``limit`` characters: what answers a peer never grows with what it
    sent."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
