"""The JSON-RPC messages ``decode`` reads and ``encode`` writes: ``Request``,
``Notification`` and ``Response``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, TypeAlias

from .. import JsonRpcError

if TYPE_CHECKING:
    import pydantic

    from ._repairs import Repair

__all__ = [
    "NO_BATCHES",
    "Id",
    "JsonValue",
    "Message",
    "Notification",
    "Receiver",
    "Request",
    "Response",
]

# A JSON value, as json.loads makes it.
JsonValue: TypeAlias = "dict[str, JsonValue] | list[JsonValue] | str | int | float | bool | None"
# a request id: v2 never sends null, but an error response may answer with it
Id: TypeAlias = "str | int | None"


@dataclass(frozen=True)
class Request:
    """A call that expects a response: answer it with ``id``.

    ``params`` is an instance of ``METHODS[method].params``; for an extension method (its
    name starts with ``_``) the params as parsed JSON, None when absent.
    """

    id: Id
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

    id: Id
    result: pydantic.BaseModel | JsonValue = None
    error: JsonRpcError | None = None


Message: TypeAlias = Request | Notification | Response


# the side that reads a message (decode's ``receiver``)
Receiver: TypeAlias = Literal["agent", "client"]

# A JSON-RPC batch (an array of messages): what decode refuses whole and encode never writes
NO_BATCHES = "ACP does not use JSON-RPC batches"
