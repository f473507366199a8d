"""``encode``: a typed message in, JSON-RPC text out; what ``decode`` would refuse is
refused here."""

from __future__ import annotations

import json
from typing import Any

import pydantic
import pydantic_core

from .. import JsonRpcError
from ._failures import first_failure
from ._messages import NO_BATCHES, Message, Notification, Request, Response
from ._methods import METHODS, is_method_name
from ._model_base import BaseModel, RootModel
from ._wire_path import wire_path

__all__ = ["encode"]


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
        raise ValueError(f"{NO_BATCHES}: encode each message on its own")
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
        steps, reason = first_failure(error, wire)
        raise ValueError(
            f"{wire_path(where, steps)}: {reason} (the {type(value).__name__} was changed "
            "in place since it was made)"
        ) from None
    except pydantic_core.PydanticSerializationError as error:
        raise ValueError(f"{where}: {error}") from None
    return wire
