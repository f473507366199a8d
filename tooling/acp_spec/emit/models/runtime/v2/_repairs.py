"""Tolerant reading, as upstream's deserializer reads the fields the schema marks lenient:
``tolerate``, the lenient fields' validator in the lenient copy of the models module, and
``validate_tolerant``, which runs that copy where the strict classes refuse and reports
each ``Repair`` made."""

from __future__ import annotations

import importlib.util
import sys
from array import array
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Literal, TypeVar

import pydantic

from ._unions import NATIVE_BRANCH, ROUTED_BRANCH
from ._wire_path import Step, wire_path

__all__ = ["Repair", "tolerate", "validate_tolerant"]

_OMIT: Any = object()  # no fallback: a field that fails is read as omitted


class _Repaired:
    """What a lenient field that failed holds until ``_settle`` puts its fallback in place."""

    __slots__ = ("reason", "value")

    def __init__(self, value: Any, reason: str) -> None:
        self.value, self.reason = value, reason


class _Pruned(list[Any]):
    """A lenient list whose failed items were dropped: where each kept one came from, and
    where each dropped one was and why it failed, for ``_settle`` to report. Indexes are
    held as machine integers, and equal reasons as one string: a peer's list of 100,000
    invalid items is 100,000 repairs, and their memory is to stay in proportion."""

    def __init__(self, kept: list[Any], origins: array[int], at: array[int], why: list[str]):
        super().__init__(kept)
        self.origins, self.at, self.why = origins, at, why


def tolerate(
    value: Any,
    handler: pydantic.ValidatorFunctionWrapHandler,
    *,
    default: bool,
    items: bool,
    fallback: Any = _OMIT,
    null: Literal["empty", "omit"] | None = None,
) -> Any:
    """A field upstream's deserializer reads leniently, as the lenient classes read it
    (``validate_tolerant``): with ``null`` (x-deserialize-default-on-null) ``null`` is read
    as the field's default, ``[]`` ("empty", an array's, as upstream's Rust and zod read
    it) or omitted ("omit"); with ``items`` (x-deserialize-skip-invalid-items) the list's
    items that fail are dropped; with ``default`` (x-deserialize-default-on-error) a value
    that still fails is read as the field's default, omitted (or ``fallback``, a required
    array's ``[]``)."""
    if value is None and null is not None:
        if null == "omit":
            return _Repaired(_OMIT, _NULL_READ)
        return _Repaired(handler([]), _NULL_READ)
    try:
        return handler(value)
    except pydantic.ValidationError as error:
        failure = error
    if items and isinstance(value, list):
        kept: list[Any] = []
        origins, at = array("q"), array("q")
        why: list[str] = []
        reasons: dict[str, str] = {}
        for i, item in enumerate(value):
            try:
                handler([item])
            except pydantic.ValidationError as error:
                reason = _reason(error, skip=1)  # its loc starts at [item]
                at.append(i)
                why.append(reasons.setdefault(reason, reason))
                continue
            kept.append(item)
            origins.append(i)
        try:
            return _Pruned(handler(kept), origins, at, why)
        except pydantic.ValidationError as error:
            failure = error
    if not default:
        raise failure
    if fallback is _OMIT:
        return _Repaired(_OMIT, _reason(failure))
    try:
        return _Repaired(handler(fallback), _reason(failure))
    except pydantic.ValidationError:
        raise failure from None


_NULL_READ = "null, read as the default (x-deserialize-default-on-null)"


def _reason(error: pydantic.ValidationError, skip: int = 0) -> str:
    """The first of ``_failures.own_errors``, as text. A lenient list's every invalid item
    is one call: pydantic's errors without their input and context cost less to make."""
    found = error.errors(include_url=False, include_context=False, include_input=False)
    first = next((e for e in found if NATIVE_BRANCH not in e["loc"]), found[0])
    loc = [step for step in first["loc"][skip:] if step != ROUTED_BRANCH]
    where = ".".join(str(step) for step in loc)
    return f"{where}: {first['msg']}" if where else str(first["msg"])


@dataclass(frozen=True, slots=True)
class Repair:
    """What tolerant validation changed, at ``path`` (the wire path, ``params.content[2]``):
    ``action`` "default" (a malformed field read as its default, omitted if it has none;
    or a ``null`` read as its default, ``[]`` for a list, where the schema marks
    x-deserialize-default-on-null) or "dropped" (an invalid item left out of its list), and
    ``reason``, why it failed."""

    path: str
    action: str
    reason: str


_M = TypeVar("_M", bound=pydantic.BaseModel)


def validate_tolerant(
    model: type[_M], data: Any, *, path: str = ""
) -> tuple[_M, tuple[Repair, ...]]:
    """``model.model_validate(data)``, but where the schema marks a field lenient
    (x-deserialize-default-on-error, x-deserialize-default-on-null,
    x-deserialize-skip-invalid-items) read as upstream's deserializer reads it: the
    instance and the repairs made, none when ``data`` is valid. Raises
    ``pydantic.ValidationError`` for what no repair mends. ``path``: where ``data`` is, the
    start of each repair's path.

    Strict validation first; only when it fails are the lenient classes (the models module
    loaded a second time, with the lenient fields' validators) built and run, so that the
    strict classes run no Python for leniency."""
    try:
        return model.model_validate(data), ()
    except pydantic.ValidationError as error:
        failure = error
    lenient: type[pydantic.BaseModel] | None = getattr(_lenient_models(), model.__name__, None)
    if lenient is None or lenient.__qualname__ != model.__qualname__:
        raise failure
    value = lenient.model_validate(data)
    repairs: list[Repair] = []
    _settle(value, path, [], repairs)
    if not repairs:
        raise failure  # nothing lenient failed: what failed is the strict classes' alone
    return model.model_validate(value.model_dump(mode="json", exclude_unset=True)), tuple(repairs)


_LENIENT_MODULE: list[ModuleType] = []


def _lenient_models() -> ModuleType:
    """The lenient copy of the models module, loaded on first use."""
    if not _LENIENT_MODULE:
        from . import _models  # the models import this module: look them up when used

        name = f"{__package__}._lenient"
        spec = importlib.util.spec_from_file_location(name, _models.__file__)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # pydantic resolves the classes' annotations there
        spec.loader.exec_module(module)
        _LENIENT_MODULE.append(module)
    return _LENIENT_MODULE[0]


def _settle(node: Any, start: str, steps: list[Step], repairs: list[Repair]) -> None:
    """Each fallback put in place of what ``tolerate`` left, and reported."""
    if isinstance(node, pydantic.RootModel):
        _settle(node.root, start, steps, repairs)
    elif isinstance(node, pydantic.BaseModel):
        fields = type(node).model_fields
        for name, current in list(node.__dict__.items()):
            info = fields.get(name)
            alias = info.validation_alias if info else None  # the wire name, if not the field's
            here = [*steps, alias if isinstance(alias, str) else name]
            if isinstance(current, _Repaired):
                if current.value is _OMIT and info is not None:
                    node.__dict__[name] = info.get_default(call_default_factory=True)
                    node.__pydantic_fields_set__.discard(name)
                else:
                    node.__dict__[name] = current.value
                repairs.append(
                    Repair(wire_path(start, here).lstrip("."), "default", current.reason)
                )
            elif isinstance(current, _Pruned):
                # the list's path once: a path per item was a third of dropping one
                where = wire_path(start, here).lstrip(".")
                repairs.extend(
                    Repair(f"{where}[{i}]", "dropped", reason)
                    for i, reason in zip(current.at, current.why, strict=True)
                )
                node.__dict__[name] = kept = list(current)
                for item, origin in zip(kept, current.origins, strict=True):
                    _settle(item, start, [*here, origin], repairs)
            else:
                _settle(current, start, here, repairs)
    elif isinstance(node, list):
        for i, item in enumerate(node):
            _settle(item, start, [*steps, i], repairs)
    elif isinstance(node, dict):
        for key, item in node.items():
            _settle(item, start, [*steps, key], repairs)
