# generated from spec/acp-v2.yaml by acp-spec; do not edit
"""``BaseModel`` and ``RootModel``, what every ACP model class is built on: strict, wire
names only on the wire, extension fields kept (an object's unknown keys, ``_meta``'s
values), and dumped with only what was set."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

import pydantic
from pydantic import ConfigDict, GetCoreSchemaHandler
from pydantic_core import CoreSchema

from ._limits import harden

__all__ = ["BaseModel", "RootModel"]

_Root = TypeVar("_Root")
_Dump = TypeVar("_Dump", bound=Callable[..., Any])


def _wire_dump(dump: _Dump) -> _Dump:
    """pydantic's dump with ``exclude_unset=True`` by default: pydantic's default writes a
    field that was never set as its default, ``null``, where the schema may forbid it (an
    optional field that is not nullable) or give it a meaning (``null`` clears a patched
    field, omitted keeps it). ``exclude_unset=False`` is still pydantic's."""

    @functools.wraps(dump)
    def wire_dump(self: Any, *, exclude_unset: bool = True, **options: Any) -> Any:
        return dump(self, exclude_unset=exclude_unset, **options)

    return wire_dump  # type: ignore[return-value]  # the same parameters, another default


# strict: JSON Schema converts nothing ("1" is not an integer, 1 is not true);
# defer_build: a class builds its validator when first used, not at import;
# validate_assignment: a model holds only what decode would accept, assigned or parsed.
_CONFIG = ConfigDict(
    strict=True,
    defer_build=True,
    validate_assignment=True,
    validate_by_alias=True,
    validate_by_name=False,
    serialize_by_alias=True,
    # JSON has no NaN or Infinity: a model holds none, constructed, assigned or decoded
    allow_inf_nan=False,
)


class BaseModel(pydantic.BaseModel):
    """An ACP object. Parses wire (camelCase) names only; keeps unknown keys; dumps wire
    names and only what was set (see ``_wire_dump``)."""

    model_config: ClassVar[ConfigDict] = ConfigDict(extra="allow", **_CONFIG)

    if not TYPE_CHECKING:
        # The constructor takes Python names (session_id=), as type checkers read the
        # fields; wire names too. The wire itself (model_validate, decode) takes wire
        # names only: the config's validate_by_name=False.
        def __init__(self, /, **data: Any) -> None:
            __tracebackhide__ = True
            names = _NAMES.get(type(self)) or _names(type(self))
            if not names.issuperset(data):
                _unexpected(type(self), data, names)
            self.__pydantic_validator__.validate_python(
                data, self_instance=self, by_alias=True, by_name=True
            )

        # pydantic calls a custom __init__ from model_validate too, which would let the
        # wire take Python names: this one is for constructors only
        __init__.__pydantic_base_init__ = True

        @classmethod
        def __get_pydantic_core_schema__(
            cls, source: type[Any], handler: GetCoreSchemaHandler, /
        ) -> CoreSchema:
            return harden(handler(source))

    def to_wire(self) -> dict[str, Any]:
        """The object as JSON values under wire names, with only the fields that were set:
        an omitted field stays omitted, ``null`` stays ``null``."""
        wire: dict[str, Any] = self.model_dump(mode="json", by_alias=True, exclude_unset=True)
        return wire

    if not TYPE_CHECKING:
        model_dump = _wire_dump(pydantic.BaseModel.model_dump)
        model_dump_json = _wire_dump(pydantic.BaseModel.model_dump_json)


# each class's field names, Python and wire: what its constructor takes
_NAMES: dict[type, frozenset[str]] = {}


def _names(cls: type[pydantic.BaseModel]) -> frozenset[str]:
    found = {*cls.model_fields}
    for info in cls.model_fields.values():
        found.update(a for a in (info.alias, info.validation_alias) if isinstance(a, str))
    names = _NAMES[cls] = frozenset(found)
    return names


def _unexpected(cls: type, data: dict[str, Any], names: frozenset[str]) -> None:
    """A constructor's keyword that is no field: a misspelt one (``idempotency_kye=``) would
    otherwise be kept as an extension field and sent."""
    wrong = sorted(set(data) - names)
    raise TypeError(
        f"{cls.__name__}() got unexpected keyword argument{'s' if len(wrong) > 1 else ''} "
        f"{', '.join(map(repr, wrong))}: no field of {cls.__name__} is so named; an extension "
        f"field is set by wire name, {cls.__name__}.model_validate({{...}})"
    )


class RootModel(pydantic.RootModel[_Root], Generic[_Root]):
    """An ACP value that is not an object, or a union."""

    model_config: ClassVar[ConfigDict] = _CONFIG

    def to_wire(self) -> Any:
        """The value as JSON, with wire names and only what was set (as ``BaseModel``'s)."""
        return self.model_dump(mode="json", by_alias=True, exclude_unset=True)

    if not TYPE_CHECKING:
        model_dump = _wire_dump(pydantic.RootModel.model_dump)
        model_dump_json = _wire_dump(pydantic.RootModel.model_dump_json)

    if not TYPE_CHECKING:
        # Each RootModel[X] would be one more pydantic class, made at import; every
        # subclass declares its `root` itself, so the unparametrized class serves.
        def __class_getitem__(cls, item: Any) -> Any:
            return cls

        @classmethod
        def __get_pydantic_core_schema__(
            cls, source: type[Any], handler: GetCoreSchemaHandler, /
        ) -> CoreSchema:
            return harden(handler(source))
