# generated from spec/acp-v2.yaml by acp-spec; do not edit
"""The checks of the JSON Schema that a type can't make: a field that may be omitted but
not be null, a `not` (``reject_matching``), a oneOf's exclusive members (``reject_valid``).
The models module's validators call them; each class's `not` is made of them in ``_base``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pydantic
from pydantic import ValidationInfo

__all__ = ["omit_null", "reject_each", "reject_matching", "reject_null", "reject_valid"]


def omit_null(value: Any) -> bool:
    """Whether a field that may be omitted, but not be null, is left out of a dump: its
    ``None`` is the default of a field never set."""
    return value is None


def reject_null(value: Any, info: ValidationInfo) -> Any:
    """A field that may be omitted, but not be null."""
    if value is None:
        raise ValueError(f"{info.field_name} may be omitted, but not null")
    return value


def reject_matching(
    *shapes: tuple[tuple[str, ...], dict[str, tuple[Any, ...]]],
) -> Callable[[Any], Any]:
    """A `not`: refuses an object that has all the keys of a shape and, of each key it
    lists with values, one of those values. An open union's catch-all so refuses a known
    tag (its body is broken, or its own variant would have taken it); an envelope, a key
    it must not have."""

    def check(data: Any) -> Any:
        if isinstance(data, dict):
            for keys, values in shapes:
                if all(k in data for k in keys) and all(
                    k not in data or _among(data[k], v) for k, v in values.items()
                ):
                    raise ValueError(_refusal(data, keys, values))
        return data

    return check


def reject_valid(*classes: str) -> Callable[[Any], Any]:
    """A oneOf's other members: refuses a value that the class of one of them accepts too,
    so that exactly one member matches."""

    def check(data: Any) -> Any:
        from . import _models  # the models import this module: look them up when used

        for name in classes:
            try:
                getattr(_models, name).model_validate(data)
            except pydantic.ValidationError:
                continue
            raise ValueError(f"the value is a {name} too, and exactly one of them may match")
        return data

    return check


def reject_each(*checks: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """Every check in turn."""

    def check(data: Any) -> Any:
        for one in checks:
            data = one(data)
        return data

    return check


def _among(value: Any, values: tuple[Any, ...]) -> bool:
    # JSON's equality: true is not 1
    return any(value == v and isinstance(value, bool) == isinstance(v, bool) for v in values)


def _refusal(data: Any, keys: tuple[str, ...], values: dict[str, tuple[Any, ...]]) -> str:
    if values:
        key = next(iter(values))
        return f"{data.get(key)!r} is a known {key}; the value must match that variant"
    return f"must not have {', '.join(keys)}"
