# generated from spec/acp-v2.yaml by acp-spec; do not edit
"""Base classes, the checks of the JSON Schema that a type can't make, and ``decode``:
a JSON-RPC message in, its typed message out, or the error to answer it with."""

from __future__ import annotations

import functools
import importlib.util
import json
import math
import re
import sys
from array import array
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType
from typing import TYPE_CHECKING, Any, AnyStr, ClassVar, Generic, Literal, TypeAlias, TypeVar

import pydantic
import pydantic_core
from pydantic import ConfigDict, GetCoreSchemaHandler, ValidationInfo
from pydantic_core import CoreSchema, ErrorDetails

from .. import JsonRpcError
from ._methods import METHODS, is_method_name

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


def _hardened(schema: CoreSchema) -> CoreSchema:
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


# json's limit of digits (int_max_str_digits; 0 is none), and the least integer beyond it
_DIGITS = sys.get_int_max_str_digits()
_INT_LIMIT = 10**_DIGITS if _DIGITS else None
_TOO_MANY_DIGITS = f"an integer of at most {_DIGITS} digits"
# a serializer's or metadata's own schema, no validator
_NOT_VALIDATION = frozenset({"serialization", "metadata", "json_schema_input_schema"})


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
            return _hardened(handler(source))

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
            return _hardened(handler(source))


# (wire field, python field, {tag: member or the route beyond}, catch-all, member without it)
Route: TypeAlias = "tuple[str, str, dict[str, str | Route], str | None, str | None]"


def tag_of(route: Route) -> Callable[[Any], str | None]:
    """A tagged union's discriminator: the variant its tags name, following the route
    where variants share a tag (a session update's ``sessionUpdate``, then ``state``, then
    ``stopReason``); the catch-all for any other tag, the variant without the tag where it
    is null or absent. Without it pydantic tries every variant of a union in turn.

    Runs once per value of the union, in Python: one dict lookup per level."""
    wire, python, known, other, none = route
    table: dict[str, str | Callable[[Any], str | None]] = {
        tag: tag_of(then) if isinstance(then, tuple) else then for tag, then in known.items()
    }
    absent = other if none is None else none
    unknown = none if other is None else other

    def pick(value: Any) -> str | None:
        # a dict from the wire, or a model instance given to a constructor
        tag = value.get(wire) if type(value) is dict else getattr(value, python, None)
        if tag is None:
            return absent
        if type(tag) is not str:
            # no tag at all: where a variant goes without it, the malformed tag is that
            # variant's to refuse (or, read leniently, to read as not reported)
            return absent if none is not None else unknown
        then = table.get(tag, unknown)
        if then is None or isinstance(then, str):
            return then
        return then(value)

    return pick


# The labels of a tagged union's two branches where its members that a tag names directly
# are routed by pydantic's own discriminator first, and by ``tag_of`` after (codegen's
# `_tagging`): what the first refuses the second validates again, with the same member
# where a tag names one, so the first's errors are the second's again, and the second's
# are what the union alone reported (`_own_errors`).
NATIVE_BRANCH = "by-tag"
ROUTED_BRANCH = "by-route"


def _own_errors(error: pydantic.ValidationError) -> list[ErrorDetails]:
    """``error``'s errors as the unions routed by ``tag_of`` alone report them: without
    those of a natively routed first branch, and without the routed branch's label."""
    found: list[ErrorDetails] = []
    for each in error.errors(include_url=False):
        loc = each["loc"]
        if NATIVE_BRANCH in loc:
            continue
        if ROUTED_BRANCH in loc:
            each["loc"] = tuple(step for step in loc if step != ROUTED_BRANCH)
        found.append(each)
    return found or error.errors(include_url=False)


def omit_null(value: Any) -> bool:
    """Whether a field that may be omitted, but not be null, is left out of a dump: its
    ``None`` is the default of a field never set."""
    return value is None


def reject_null(value: Any, info: ValidationInfo) -> Any:
    """A field that may be omitted, but not be null."""
    if value is None:
        raise ValueError(f"{info.field_name} may be omitted, but not null")
    return value


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
    """The first of ``_own_errors``, as text. A lenient list's every invalid item is one
    call: pydantic's errors without their input and context cost less to make."""
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


def _settle(node: Any, start: str, steps: list[_Step], repairs: list[Repair]) -> None:
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
                repairs.append(Repair(_path(start, here).lstrip("."), "default", current.reason))
            elif isinstance(current, _Pruned):
                # the list's path once: a path per item was a third of dropping one
                where = _path(start, here).lstrip(".")
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


# Each class's `not`.
not_agent_notification_auth_status_update = reject_matching((("id",), {}))
not_agent_notification_session_update = reject_matching((("id",), {}))
not_agent_notification_elicitation_complete = reject_matching((("id",), {}))
not_agent_notification_mcp_message = reject_matching((("id",), {}))
not_agent_notification_extension = reject_matching((("id",), {}))
not_agent_response_result = reject_matching((("error",), {}))
not_agent_response_error = reject_matching((("result",), {}))
not_auth_method_other = reject_matching((("type",), {"type": ("agent", "terminal")}))
not_available_command_other = reject_matching((("type",), {"type": ("command",)}))
not_available_command_input_other = reject_matching((("type",), {"type": ("text",)}))
not_background_work_other = reject_matching(
    (("type",), {"type": ("terminal", "tool_call", "subagent")})
)
not_client_notification_session_cancel = reject_matching((("id",), {}))
not_client_notification_mcp_message = reject_matching((("id",), {}))
not_client_notification_extension = reject_matching((("id",), {}))
not_client_response_result = reject_matching((("error",), {}))
not_client_response_error = reject_matching((("result",), {}))
not_content_block_other = reject_matching(
    (("type",), {"type": ("text", "image", "audio", "resource_link", "resource")})
)
not_elicitation_form_mode_session = reject_valid("ElicitationRequestScope")
not_elicitation_form_mode_request = reject_valid("ElicitationSessionScope")
not_elicitation_url_mode_session = reject_valid("ElicitationRequestScope")
not_elicitation_url_mode_request = reject_valid("ElicitationSessionScope")
not_create_elicitation_request_other_session = reject_each(
    reject_matching((("mode",), {"mode": ("form", "url")})), reject_valid("ElicitationRequestScope")
)
not_create_elicitation_request_other_request = reject_each(
    reject_matching((("mode",), {"mode": ("form", "url")})), reject_valid("ElicitationSessionScope")
)
not_create_elicitation_response_other = reject_matching(
    (("action",), {"action": ("accept", "decline", "cancel")})
)
not_diff_change_other = reject_matching(
    (("operation",), {"operation": ("add", "delete", "modify", "move", "copy")})
)
not_elicitation_property_schema_other = reject_matching(
    (("type",), {"type": ("string", "number", "integer", "boolean", "array")})
)
not_idle_state_update_other = reject_matching(
    (
        ("stopReason",),
        {
            "stopReason": (
                "end_turn",
                "max_tokens",
                "max_turn_requests",
                "refusal",
                "cancelled",
                "error",
            )
        },
    )
)
not_mcp_server_other = reject_matching((("type",), {"type": ("http", "stdio", "acp")}))
not_multi_select_items_other = reject_matching((("type",), {"type": ("string",)}))
not_plan_update_content_other = reject_matching(
    (("type",), {"type": ("items", "file", "markdown")})
)
not_protocol_level_notification_cancel_request = reject_matching((("id",), {}))
not_proxy_notification_proxy_successor = reject_matching((("id",), {}))
not_proxy_response_result = reject_matching((("error",), {}))
not_proxy_response_error = reject_matching((("result",), {}))
not_replay_from_other = reject_matching((("type",), {"type": ("start",)}))
not_request_permission_outcome_other = reject_matching(
    (("outcome",), {"outcome": ("cancelled", "selected")})
)
not_request_permission_subject_other = reject_matching(
    (("type",), {"type": ("tool_call", "command")})
)
not_session_config_option_other = reject_matching((("type",), {"type": ("select", "boolean")}))
not_state_update_other = reject_matching(
    (("state",), {"state": ("running", "idle", "requires_action", "unknown")})
)
not_session_update_other = reject_matching(
    (
        ("sessionUpdate",),
        {
            "sessionUpdate": (
                "user_message_chunk",
                "user_message",
                "agent_message_chunk",
                "agent_message",
                "agent_thought_chunk",
                "agent_thought",
                "state_update",
                "tool_call_content_chunk",
                "tool_call_update",
                "terminal_update",
                "terminal_output_chunk",
                "plan_update",
                "available_commands_update",
                "config_option_update",
                "session_info_update",
                "plan_removed",
                "usage_update",
                "notice",
                "compaction_update",
                "compaction_summary_chunk",
                "subagent_update",
                "session_message",
                "session_message_chunk",
            )
        },
    )
)
not_set_session_config_option_request_other = reject_matching(
    (("type",), {"type": ("id", "boolean")})
)
not_tool_call_content_other = reject_matching(
    (("type",), {"type": ("content", "diff", "terminal")})
)


# --- decode: JSON-RPC text in, a typed message or the error to answer out ----------------

_PARSE_ERROR = -32700
_INVALID_REQUEST = -32600
_METHOD_NOT_FOUND = -32601
_INVALID_PARAMS = -32602

# A JSON value, as json.loads makes it.
JsonValue: TypeAlias = "dict[str, JsonValue] | list[JsonValue] | str | int | float | bool | None"
_Id: TypeAlias = "str | int | None"
_Step: TypeAlias = "str | int"


@dataclass(frozen=True)
class Request:
    """A call that expects a response: answer it with ``id``.

    ``params`` is an instance of ``METHODS[method].params``; for an extension method (its
    name starts with ``_``) the params as parsed JSON, None when absent.
    """

    id: _Id
    method: str
    params: pydantic.BaseModel | JsonValue
    # what tolerant decoding repaired (decode(..., tolerant=True)); no part of equality
    repairs: tuple[Repair, ...] = field(default=(), compare=False)


@dataclass(frozen=True)
class Notification:
    """A call that expects no response, not even an error.

    ``params`` is an instance of ``METHODS[method].notification_params`` when the method is
    a request too, else of ``METHODS[method].params``; for an extension method, as parsed
    JSON.
    """

    method: str
    params: pydantic.BaseModel | JsonValue
    repairs: tuple[Repair, ...] = field(default=(), compare=False)  # as Request's


@dataclass(frozen=True)
class Response:
    """A response: ``result`` as parsed JSON (a response doesn't name its method; give it
    to ``decode_result`` with the request's), or ``error``. To ``encode`` one, ``result``
    may be the result's model too."""

    id: _Id
    result: pydantic.BaseModel | JsonValue = None
    error: JsonRpcError | None = None


Message: TypeAlias = Request | Notification | Response


Receiver: TypeAlias = Literal["agent", "client"]
# Who handles a method sent in each direction: the receiver, as meta.json's agentMethods
# and clientMethods list them ($/cancel_request and the other `both` methods in each).
_HANDLED_BY: dict[str, tuple[str, ...]] = {
    "agent": ("client-to-agent", "both"),
    "client": ("agent-to-client", "both"),
}


def decode(
    raw: str | bytes | bytearray | memoryview,
    *,
    receiver: Receiver | None = None,
    tolerant: bool = False,
) -> Message:
    """One JSON-RPC 2.0 message of ACP v2, read and checked against the spec.

    Raises ``JsonRpcError`` when the receiver must answer with an error: -32700 when the
    text is not JSON, -32600 when it is not a JSON-RPC message, -32601 for a method ACP v2
    doesn't have (or sent without the id it needs, or with one it must not have), -32602
    when the params don't match the method's; its ``data`` names the member that failed
    by its wire path. ACP v2 has no JSON-RPC batches: any JSON array, whatever it holds, is
    -32600 with a null id (one error response), as upstream's release answers it; its items
    are not read.

    ``receiver``, ``"agent"`` or ``"client"``: the side that reads the message. A method
    that side does not handle (``session/update`` sent to an agent) is then -32601 too;
    without it every method of either side is read.

    ``tolerant=True`` reads the params as upstream's deserializer does where the schema
    marks a field lenient (``validate_tolerant``): a malformed field marked
    x-deserialize-default-on-error is read as its default (omitted if it has none), a
    ``null`` where the field is marked x-deserialize-default-on-null as its default (``[]``
    for a list), the invalid items of a list marked x-deserialize-skip-invalid-items are
    dropped, and the message's ``repairs`` say what was changed. Strict (the default)
    refuses them.

    What JSON has not is -32700, as text that is no JSON: NaN, Infinity, a number beyond a
    double's range (``1e400``), an integer of more than ``sys.get_int_max_str_digits()``
    digits, text that is not UTF-8; and so is nesting deeper than ``MAX_DEPTH`` arrays and
    objects (the message itself the first), decode's limit, as serde_json's is upstream's.
    So whatever ``decode`` accepts, ``encode`` writes. Each ``reason`` and ``path`` in an
    error's ``data`` is at most ``MAX_REASON`` characters (cut with "…"): what answers a
    peer never grows with what it sent, but for its ``id``, which JSON-RPC echoes.
    """
    # a tuple: isinstance with one is quicker than with a union, on every message
    text = raw if isinstance(raw, (str, bytes)) else _text_of(raw)
    handled = None
    if receiver is not None:
        if receiver not in _HANDLED_BY:
            raise ValueError(f'receiver is "agent", "client" or None, not {receiver!r}')
        handled = _HANDLED_BY[receiver]
    fast = _decode_fast(text, handled)
    if fast is not None:
        return fast  # valid, so strict and tolerant reading agree: nothing to repair
    return _decode_checked(text, handled, tolerant)


def _text_of(raw: object) -> bytes:
    if isinstance(raw, bytearray | memoryview):
        return bytes(raw)
    raise TypeError(f"decode takes str, bytes, bytearray or memoryview, not {raw!r:.80}")


def _decode_checked(raw: str | bytes, handled: tuple[str, ...] | None, tolerant: bool) -> Message:
    """``decode`` one step at a time: what answers every message, and the only path that
    finds what is wrong with one (the fast path only ever says "valid" or "ask this")."""
    value = _parse(raw)
    if isinstance(value, list):
        # upstream's schema has had no batch form since 2.2.0, and its SDK answers any
        # array so: reading the items would answer what the peer can't have meant to send
        raise _fail(_INVALID_REQUEST, None, _NO_BATCHES)
    return _message(value, handled, tolerant)


_NO_BATCHES = "ACP does not use JSON-RPC batches"


def decode_result(
    method: str, result: pydantic.BaseModel | JsonValue
) -> pydantic.BaseModel | JsonValue:
    """A response's ``result`` as an instance of ``METHODS[method].result``, where
    ``method`` is the method of the request it answers; an extension method's result is
    returned as it is. Raises ``JsonRpcError`` (-32600, nothing to reply) if it doesn't
    match, with ``data`` naming the member that failed (``result.messageId``). A model (a
    ``Response`` made to be encoded may hold one) is read as its wire form."""
    if isinstance(result, pydantic.BaseModel):
        result = result.model_dump(mode="json", by_alias=True, exclude_unset=True)
    if method.startswith("_"):
        return result
    entry = METHODS[method] if is_method_name(method) else None
    model = None if entry is None else entry.result
    if model is None:
        raise _fail(_METHOD_NOT_FOUND, None, f"ACP v2 has no request {method!r}", reply=False)
    try:
        return model.model_validate(result)
    except pydantic.ValidationError as error:
        steps, reason = _first_failure(error, result)
        raise _fail(_INVALID_REQUEST, _path("result", steps), reason, reply=False) from None


# The deepest nesting of arrays and objects decode reads, the message itself the first:
# pydantic-core's parser's own limit, which the fast path meets (tests/test_decode.py holds
# both paths to it), and well within what pydantic's serializer and json write.
MAX_DEPTH = 201
# The longest reason or path an error's data carries.
MAX_REASON = 240
_TOO_DEEP = f"nested deeper than {MAX_DEPTH} arrays and objects, decode's limit"


def _parse(raw: str | bytes) -> Any:
    try:
        text = raw if isinstance(raw, str) else raw.decode("utf-8")
        value = _JSON.decode(text)
    except RecursionError:
        raise _fail(_PARSE_ERROR, None, _TOO_DEEP) from None
    except ValueError as error:  # UnicodeDecodeError is a ValueError
        raise _fail(_PARSE_ERROR, None, _parse_reason(error)) from None
    # no text of fewer brackets nests deeper: most messages are never walked
    if (text.count("[") + text.count("{") > MAX_DEPTH) and _too_deep(value):
        raise _fail(_PARSE_ERROR, None, _TOO_DEEP)
    return value


def _too_deep(value: Any) -> bool:
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


def _parse_reason(error: ValueError) -> str:
    """Why the text is no JSON, without the interpreter's advice to whoever runs it."""
    reason = str(error) or type(error).__name__
    if "int_max_str_digits" in reason:
        return _TOO_MANY_DIGITS
    return reason


def _not_json(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")  # json.loads takes NaN and Infinity otherwise


def _finite_float(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise ValueError(f"{_cut(text, 40)} is beyond the range of a number JSON can carry")
    return value


# made once: json.loads with an argument makes a decoder per call (a fifth of decode's time)
_JSON = json.JSONDecoder(parse_constant=_not_json, parse_float=_finite_float)


def _cut(text: str, limit: int = MAX_REASON) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


# --- decode's fast path: a valid call read by pydantic-core in one pass ---------------------
#
# Most messages are valid calls of a method the receiver handles. For those, one
# `validate_json` of an envelope made for the method (jsonrpc, the id where the method is a
# request, method, params: nothing else) reads the text and checks it in pydantic-core,
# without `json` and without the Python checks above. It can only ever accept: whatever it
# refuses, or isn't sure of, goes to `_decode_checked`, which answers exactly as before. So
# the fast path takes a message only where the checked one would take it, with the same
# params:
# - the envelope forbids every other key (an extra member, `result`, `error`, an `id` on a
#   notification) and takes the id strictly (a string or an integer: not 1.0, not null);
# - the method is guessed from the text; the envelope then checks the method it was made
#   for, so a wrong guess (a "method" key inside the params) is only a miss;
# - pydantic-core's parser reads NaN and Infinity, which JSON (and `_parse`) refuses: text
#   that holds either, even inside a string, goes the checked way. What else it refuses
#   that `json` takes (lone surrogates, nesting deeper than MAX_DEPTH) is only a miss; an
#   integer of more digits than `json` reads it refuses too ("number out of range"), and
#   a number beyond a double's range (1e400) it reads as an infinity, which the models
#   refuse (`allow_inf_nan=False`, `_finite`): a miss, which the checked path answers;
# - the params are the same classes, validated in JSON mode instead of Python mode; the
#   models hold only JSON's types (str, int, float, bool, lists, dicts, Literal), which
#   both modes read alike, and every Python check (a `not`, a route) gets the same value.
# tests/test_decode.py holds both paths to the same outcome on every vector.

_GUESS_TEXT = re.compile(r'"method"[ \t\n\r]*:[ \t\n\r]*"([^"\\]+)"')
_GUESS_BYTES = re.compile(rb'"method"[ \t\n\r]*:[ \t\n\r]*"([^"\\]+)"')


class _Envelope(pydantic.BaseModel):
    """A valid call of one method, read whole; each method's adds ``params``, its model,
    and ``id`` for a request."""

    model_config: ClassVar[ConfigDict] = ConfigDict(strict=True, extra="forbid")

    jsonrpc: Literal["2.0"]
    method: str


class _Reader:
    """How the fast path reads one method's calls (requests, or notifications)."""

    __slots__ = ("both", "name", "request", "validate_json")

    def __init__(
        self, name: str, request: bool, both: bool, validate_json: Callable[[str | bytes], Any]
    ) -> None:
        self.name, self.request, self.both = name, request, both
        # pydantic-core's own: model_validate_json is a Python call around it
        self.validate_json = validate_json


# The readers made so far, for the receiver (decode's `handled`), by the method's name as
# guessed (str or bytes, as the text came); of the methods that are only requests or only
# notifications (a both's reader is chosen by whether the text has an "id").
_READY: dict[tuple[str, ...] | None, dict[str | bytes, _Reader]] = {}
# For the receiver, the start of the last text the guess read, up to the method's name, and
# its reader: a stream's next message most often starts the same (one comparison, where the
# regular expression is a tenth of the fast path's time).
_LAST_TEXT: dict[tuple[str, ...] | None, tuple[str, _Reader]] = {}
_LAST_BYTES: dict[tuple[str, ...] | None, tuple[bytes, _Reader]] = {}
# (method, whether a request) -> its reader; or how often it was asked for, until the second
# time: a program that reads one message of a method never pays for its reader (making one
# reuses the params' validator: ~6 ms for session/update's)
_READERS: dict[tuple[str, bool], _Reader | int] = {}


def _decode_fast(
    raw: str | bytes, handled: tuple[str, ...] | None
) -> Request | Notification | None:
    """The call in ``raw`` if it is a valid one, read in one pass; None to read it checked."""
    # a one-character search first: it is memchr, a word's is not
    if isinstance(raw, str):
        if ("N" in raw and "NaN" in raw) or "Infinity" in raw:
            return None
        reader = _guess(raw, _GUESS_TEXT, _LAST_TEXT, handled)
    else:
        if (78 in raw and b"NaN" in raw) or b"Infinity" in raw:  # 78: "N"
            return None
        reader = _guess(raw, _GUESS_BYTES, _LAST_BYTES, handled)
    if reader is None:
        return None
    try:
        message = reader.validate_json(raw)
    except pydantic.ValidationError:
        return None
    if message.method != reader.name:
        return None  # the guess was another member's
    # the frozen dataclasses' own __init__ sets each field through object.__setattr__,
    # a sixth of this path's time: the same instance, its fields put in place at once
    if reader.request:
        request = _new(Request)
        request.__dict__.update(
            id=message.id, method=reader.name, params=message.params, repairs=()
        )
        return request
    notification = _new(Notification)
    notification.__dict__.update(method=reader.name, params=message.params, repairs=())
    return notification


_new = object.__new__


def _guess(
    raw: AnyStr,
    pattern: re.Pattern[AnyStr],
    last: dict[tuple[str, ...] | None, tuple[AnyStr, _Reader]],
    handled: tuple[str, ...] | None,
) -> _Reader | None:
    """The reader of the method ``raw`` seems to call, if there is one."""
    start = last.get(handled)
    if start is not None and raw[: len(start[0])] == start[0]:
        return start[1]
    found = pattern.search(raw)
    if found is None:
        return None
    ready = _READY.get(handled)
    reader = None if ready is None else ready.get(found[1])
    if reader is None:
        reader = _reader(found[1], raw, handled)
        if reader is None:
            return None
    if not reader.both:
        last[handled] = (raw[: found.end()], reader)
    return reader


def _reader(
    guess: str | bytes, raw: str | bytes, handled: tuple[str, ...] | None, make_at: int = 2
) -> _Reader | None:
    """The reader of the method named ``guess``, if the fast path may read it: one of ACP v2
    (not an extension's) that the receiver handles; a request's where the method is only a
    request, or where it is both and the text has an "id". Made the ``make_at``-th time it
    is asked for."""
    name = guess if isinstance(guess, str) else guess.decode("utf-8", "replace")
    entry = METHODS[name] if is_method_name(name) else None
    if entry is None or (handled is not None and entry.direction not in handled):
        return None
    if entry.kind == "both":
        request = ('"id"' in raw) if isinstance(raw, str) else (b'"id"' in raw)
    else:
        request = entry.kind == "request"
    key = (name, request)
    found = _READERS.get(key, 0)
    if isinstance(found, int):
        if found + 1 < make_at:
            _READERS[key] = found + 1
            return None
        model = entry.params
        if not request and entry.notification_params is not None:
            model = entry.notification_params
        fields: dict[str, Any] = {"params": (model, ...)}
        if request:
            fields["id"] = (str | int, ...)
        envelope = pydantic.create_model(f"_Envelope_{name}", __base__=_Envelope, **fields)
        validate = envelope.__pydantic_validator__.validate_json
        found = _READERS[key] = _Reader(name, request, entry.kind == "both", validate)
    if not found.both:
        _READY.setdefault(handled, {})[guess] = found
    return found


def _message(value: Any, handled: tuple[str, ...] | None, tolerant: bool = False) -> Message:
    if not isinstance(value, dict):
        raise _fail(_INVALID_REQUEST, None, f"a message is an object, not {_kind(value)}")
    # JSON-RPC answers no response, even an invalid one
    reply = "result" not in value and "error" not in value
    id_ = _request_id(value["id"], reply) if "id" in value else None
    if value.get("jsonrpc") != "2.0":
        raise _fail(_INVALID_REQUEST, "jsonrpc", 'must be the string "2.0"', id_, reply)
    if "method" in value:
        return _call(value, id_, "id" in value, handled, tolerant)
    return _response(value, id_, reply)


def _request_id(value: Any, reply: bool) -> _Id:
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return value  # any integer: int64 is the schema's `format`, an annotation
    if isinstance(value, float) and value.is_integer():
        return int(value)  # 1.0 is the integer 1, in JSON Schema as in JSON
    reason = f"an id is a string or an integer (null only in an error response), not {_kind(value)}"
    raise _fail(_INVALID_REQUEST, "id", reason, None, reply)


def _call(
    value: dict[str, Any],
    id_: _Id,
    has_id: bool,
    handled: tuple[str, ...] | None,
    tolerant: bool = False,
) -> Request | Notification:
    if has_id and id_ is None:
        raise _fail(_INVALID_REQUEST, "id", "a v2 request id is a string or an integer, never null")
    method = value["method"]
    if not isinstance(method, str):
        reason = f"a method name is a string, not {_kind(method)}"
        raise _fail(_INVALID_REQUEST, "method", reason, id_)
    if method.startswith("_"):  # an extension: its params are its own
        params = value.get("params")
        return Request(id_, method, params) if has_id else Notification(method, params)
    entry = METHODS[method] if is_method_name(method) else None
    kind = "request" if has_id else "notification"
    if entry is None or entry.kind not in (kind, "both"):
        if entry is None:
            reason = f"ACP v2 has no method {method!r}"
        elif has_id:
            reason = f"{method} is a notification, and a message with an id is a request"
        else:
            reason = f"{method} is a request, and a message without an id is a notification"
        raise _fail(_METHOD_NOT_FOUND, "method", reason, id_, has_id)
    if handled is not None and entry.direction not in handled:
        side = "client" if entry.direction == "agent-to-client" else "agent"
        reason = f"{method} is handled by the {side}, and this side does not handle it"
        raise _fail(_METHOD_NOT_FOUND, "method", reason, id_, has_id)
    model = entry.params
    if not has_id and entry.notification_params is not None:
        model = entry.notification_params
    if "params" not in value:
        raise _fail(_INVALID_PARAMS, "params", "Field required", id_, has_id)
    params = value["params"]
    repairs: tuple[Repair, ...] = ()
    try:
        if tolerant:
            parsed, repairs = validate_tolerant(model, params, path="params")
        else:
            parsed = model.model_validate(params)
    except pydantic.ValidationError as error:
        steps, reason = _first_failure(error, params)
        raise _fail(_INVALID_PARAMS, _path("params", steps), reason, id_, has_id) from None
    if has_id:
        return Request(id_, method, parsed, repairs)
    return Notification(method, parsed, repairs)


def _response(value: dict[str, Any], id_: _Id, reply: bool) -> Response:
    has_result, has_error = "result" in value, "error" in value
    if has_result and has_error:
        raise _fail(_INVALID_REQUEST, None, "a response has result or error, not both", id_, False)
    if not has_result and not has_error:
        reason = "a message has a method, or is a response with result or error"
        raise _fail(_INVALID_REQUEST, None, reason, id_, reply)
    if "id" not in value:
        raise _fail(_INVALID_REQUEST, "id", "a response has an id", None, False)
    if has_result:
        if id_ is None:
            reason = "a result answers its request by id, which is never null in v2"
            raise _fail(_INVALID_REQUEST, "id", reason, None, False)
        return Response(id_, value["result"])
    error = value["error"]
    if not isinstance(error, dict):
        raise _fail(_INVALID_REQUEST, "error", f"an object, not {_kind(error)}", id_, False)
    for member in ("code", "message"):
        if member not in error:
            raise _fail(_INVALID_REQUEST, f"error.{member}", "Field required", id_, False)
    code, message = error["code"], error["message"]
    if isinstance(code, float) and code.is_integer():
        code = int(code)
    if not isinstance(code, int) or isinstance(code, bool):
        reason = f"an integer, not {_kind(code)}"
        raise _fail(_INVALID_REQUEST, "error.code", reason, id_, False)
    if not isinstance(message, str):
        reason = f"a string, not {_kind(message)}"
        raise _fail(_INVALID_REQUEST, "error.message", reason, id_, False)
    received = JsonRpcError(code, message, error.get("data"), id=id_, reply=False)
    return Response(id_, None, received)


def _fail(
    code: int, path: str | None, reason: str, id_: _Id = None, reply: bool = True
) -> JsonRpcError:
    reason = _cut(reason)
    data = {"reason": reason} if path is None else {"path": _cut(path), "reason": reason}
    return JsonRpcError(code, data=data, id=id_, reply=reply)


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    return "an array" if isinstance(value, list) else "an object"


def _first_failure(error: pydantic.ValidationError, data: Any) -> tuple[list[_Step], str]:
    """The failure to report, as wire steps into ``data`` and a reason.

    pydantic reports a failed union's failures in every variant, each under the variant's
    name (no part of the wire path, so dropped). A member every variant failed on
    (missing, or not the literal it takes) is reported first: no variant can match without
    it, as with a missing or unknown tag. Else a variant is passed over if it failed on
    its union's tag, the member most of its variants rejected as a literal.
    """
    failures: list[tuple[tuple[_Step, ...], list[_Step], list[tuple[_Step, ...]], Any]] = []
    for each in _own_errors(error):
        loc = tuple(each["loc"])
        steps, variants = _walk(loc, data, each["type"] == "missing")
        failures.append((loc, steps, variants, each))
    unions: dict[tuple[_Step, ...], set[tuple[_Step, ...]]] = {}  # union -> variants
    members: dict[tuple[_Step, ...], set[_Step]] = {}  # variant -> members failed so
    votes: dict[tuple[_Step, ...], Counter[_Step]] = {}  # union -> members failed as literals
    for loc, _, variants, each in failures:
        for variant in variants:
            unions.setdefault(variant[:-1], set()).add(variant)
        if variants and loc[:-1] == variants[-1] and each["type"] in _MEMBER_FAILURES:
            members.setdefault(variants[-1], set()).add(loc[-1])
            if each["type"] == "literal_error":
                votes.setdefault(loc[:-2], Counter())[loc[-1]] += 1
    common = {
        union: set.intersection(*(members.get(v, set()) for v in variants))
        for union, variants in unions.items()
    }
    for loc, steps, variants, each in failures:
        if variants and loc[:-1] == variants[-1] and loc[-1] in common[loc[:-2]]:
            if each["type"] == "missing":
                return steps, str(each["msg"])
            expected = [
                str(e.get("ctx", {}).get("expected"))
                for _, s, _, e in failures
                if s == steps and e["type"] == "literal_error"
            ]
            return steps, "Input should be " + " or ".join(dict.fromkeys(expected))
    tags = {union: count.most_common(1)[0][0] for union, count in votes.items()}
    missed = {v for v, failed in members.items() if tags.get(v[:-1]) in failed}
    # a variant refused whole by a check of its own (a oneOf's other member matches: the
    # request-scoped form is no session-scoped one) is not the one the value meant
    # (or, where a tagged union is tried before its catch-all, the tagged union that has
    # no such tag)
    missed |= {v[-1] for loc, _, v, e in failures if v and loc == v[-1] and e["type"] in _WHOLE}
    # a variant that only misses a member another has (an MCP result without `result`,
    # beside the error whose `error` is wrong) is not the one the value meant either
    kinds: dict[tuple[_Step, ...], set[bool]] = {}
    for loc, _, v, e in failures:
        if v and not (loc == v[-1] and e["type"] in _WHOLE):
            kinds.setdefault(v[-1], set()).add(e["type"] == "missing")
    lacking = {v for v, found in kinds.items() if found == {True}}
    if any(found != {True} for v, found in kinds.items() if v[:-1] in {w[:-1] for w in lacking}):
        missed |= lacking
    for _, steps, variants, each in failures:
        if not missed.intersection(variants):
            return steps, str(each["msg"])
    return failures[0][1], str(failures[0][3]["msg"])


_MEMBER_FAILURES = frozenset({"literal_error", "missing"})
_WHOLE = frozenset({"value_error", "union_tag_invalid", "union_tag_not_found"})


def _walk(
    loc: tuple[_Step, ...], data: Any, missing: bool
) -> tuple[list[_Step], list[tuple[_Step, ...]]]:
    """The steps of ``loc`` that are members of ``data`` (and the missing member, last),
    and the prefix of ``loc`` that ends at each union variant's name."""
    steps: list[_Step] = []
    variants: list[tuple[_Step, ...]] = []
    node = data
    for i, step in enumerate(loc):
        # pydantic names a tagged union's variant by its tag, which may be a key too
        # ({"type": "text", "text": ...}): after a tagged union's label it is the variant
        before = loc[i - 1] if i > 0 else None
        tagged = isinstance(before, str) and before.startswith("tagged-union[")
        if tagged and variants and variants[-1] == loc[:i]:
            variants.append(loc[: i + 1])
        elif isinstance(node, dict) and isinstance(step, str) and step in node:
            node = node[step]
            steps.append(step)
        elif isinstance(node, list) and isinstance(step, int) and 0 <= step < len(node):
            node = node[step]
            steps.append(step)
        elif missing and i == len(loc) - 1:
            steps.append(step)
        else:
            variants.append(loc[: i + 1])
    return steps, variants


_NAME = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")


def _path(start: str, steps: list[_Step]) -> str:
    """A wire path: ``params.prompt[0].text``, ``params._meta["a.b"]``."""
    path = start
    for step in steps:
        if isinstance(step, int):
            path += f"[{step}]"
        elif _NAME.fullmatch(step):
            path += f".{step}"
        else:
            path += f"[{json.dumps(step, ensure_ascii=False)}]"
    return path


# --- encode: a typed message in, JSON-RPC text out ------------------------------------------


def encode(message: Message | JsonRpcError) -> bytes:
    """A message as JSON-RPC 2.0 text in UTF-8, its envelope (``jsonrpc``, ``id``) included:
    a ``Request``, ``Notification`` or ``Response``; a ``JsonRpcError`` as the error
    response that answers it (``to_response()``).

    Models are written as ``to_wire()`` writes them: wire names, only what was set. What
    ``decode`` would refuse is refused here with ``ValueError``: a request without an id,
    params that are not the method's model, a result without an id, a list of messages
    (a batch: ACP v2 has none, and ``decode`` answers any array with -32600), a number
    JSON has not (NaN, an infinity), and a model changed since it was made so that its
    class no longer accepts it (``prompt.append(5)``: assignment is validated, a list
    changed in place is not), for each model is validated again as it is written.
    ``TypeError`` for anything else that is no message. ``decode(encode(m)) == m`` for what
    ``decode`` returns.
    """
    if isinstance(message, list):
        # a ValueError, as for the other messages decode would refuse: a list of messages
        # is of the right type, the protocol has no such message
        raise ValueError(f"{_NO_BATCHES}: encode each message on its own")
    value = _envelope(message)
    # allow_nan=False: NaN and Infinity are no JSON (a model holds none; a JSON value may)
    try:
        return json.dumps(
            value, ensure_ascii=False, separators=(",", ":"), allow_nan=False
        ).encode()
    except UnicodeEncodeError:  # a lone surrogate in parsed JSON: UTF-8 can't hold it, \u can
        return json.dumps(value, separators=(",", ":"), allow_nan=False).encode()


def _envelope(message: Message | JsonRpcError) -> dict[str, Any]:
    if isinstance(message, JsonRpcError):
        return message.to_response()
    if isinstance(message, Response):
        return _response_envelope(message)
    if isinstance(message, Request | Notification):
        out: dict[str, Any] = {"jsonrpc": "2.0"}
        if isinstance(message, Request):
            if message.id is None:
                raise ValueError(f"{message.method}: a request id is a string or an integer")
            out["id"] = message.id
        out["method"] = message.method
        params = _params(message)
        if params is not None or not message.method.startswith("_"):
            out["params"] = params
        return out
    raise TypeError(
        f"encode takes a Request, Notification, Response or JsonRpcError, not {message!r}"
    )


def _params(message: Request | Notification) -> Any:
    """The params as JSON, after checking they are the method's model."""
    if message.method.startswith("_"):
        return _json(message.params, "params")
    entry = METHODS[message.method] if is_method_name(message.method) else None
    kind = "request" if isinstance(message, Request) else "notification"
    if entry is None or entry.kind not in (kind, "both"):
        raise ValueError(f"ACP v2 has no {kind} {message.method!r}")
    model = entry.params
    if kind == "notification" and entry.notification_params is not None:
        model = entry.notification_params
    if not isinstance(message.params, model):
        name = type(message.params).__name__
        raise ValueError(f"{message.method}: params are a {model.__name__}, not a {name}")
    return _json(message.params, "params")


def _response_envelope(response: Response) -> dict[str, Any]:
    if response.error is not None:
        if response.result is not None:
            raise ValueError("a response has result or error, not both")
        return response.error.to_response(response.id)
    if response.id is None:
        raise ValueError("a result answers its request by id, which is never null in v2")
    return {"jsonrpc": "2.0", "id": response.id, "result": _json(response.result, "result")}


def _json(value: Any, where: str) -> Any:
    """``value`` as JSON; a model as its wire form, once its class accepts that again."""
    if not isinstance(value, BaseModel | RootModel):
        return value
    try:
        # warnings=False: what the dump finds amiss, the validation below says better
        wire = value.model_dump(mode="json", by_alias=True, exclude_unset=True, warnings=False)
        type(value).model_validate(wire)
    except pydantic.ValidationError as error:
        steps, reason = _first_failure(error, wire)
        raise ValueError(
            f"{_path(where, steps)}: {reason} (the {type(value).__name__} was changed "
            "in place since it was made)"
        ) from None
    except pydantic_core.PydanticSerializationError as error:
        raise ValueError(f"{where}: {error}") from None
    return wire
