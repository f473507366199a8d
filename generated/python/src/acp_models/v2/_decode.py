# generated from spec/acp-v2.yaml by acp-spec; do not edit
"""``decode``: JSON-RPC text in, a typed message or the error to answer it with out;
``decode_result``, a response's result read as its method's. A valid call is read by the
fast path (``_decode_fast``); every other message by the checked path here, strict or
tolerant (``_repairs``), which alone finds what is wrong with one."""

from __future__ import annotations

import json
from typing import Any

import pydantic

from .. import JsonRpcError
from ._decode_fast import decode_fast
from ._failures import first_failure
from ._limits import MAX_DEPTH, TOO_DEEP, cut, finite_float, not_json, parse_reason, too_deep
from ._messages import (
    NO_BATCHES,
    Id,
    JsonValue,
    Message,
    Notification,
    Receiver,
    Request,
    Response,
)
from ._methods import METHODS, is_method_name
from ._repairs import Repair, validate_tolerant
from ._wire_path import wire_path

__all__ = ["decode", "decode_result"]

_PARSE_ERROR = -32700
_INVALID_REQUEST = -32600
_METHOD_NOT_FOUND = -32601
_INVALID_PARAMS = -32602

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
    fast = decode_fast(text, handled)
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
        raise _fail(_INVALID_REQUEST, None, NO_BATCHES)
    return _message(value, handled, tolerant)


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
        steps, reason = first_failure(error, result)
        raise _fail(_INVALID_REQUEST, wire_path("result", steps), reason, reply=False) from None


def _parse(raw: str | bytes) -> Any:
    try:
        text = raw if isinstance(raw, str) else raw.decode("utf-8")
        value = _JSON.decode(text)
    except RecursionError:
        raise _fail(_PARSE_ERROR, None, TOO_DEEP) from None
    except ValueError as error:  # UnicodeDecodeError is a ValueError
        raise _fail(_PARSE_ERROR, None, parse_reason(error)) from None
    # no text of fewer brackets nests deeper: most messages are never walked
    if (text.count("[") + text.count("{") > MAX_DEPTH) and too_deep(value):
        raise _fail(_PARSE_ERROR, None, TOO_DEEP)
    return value


# made once: json.loads with an argument makes a decoder per call (a fifth of decode's time)
_JSON = json.JSONDecoder(parse_constant=not_json, parse_float=finite_float)


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


def _request_id(value: Any, reply: bool) -> Id:
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
    id_: Id,
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
        steps, reason = first_failure(error, params)
        raise _fail(_INVALID_PARAMS, wire_path("params", steps), reason, id_, has_id) from None
    if has_id:
        return Request(id_, method, parsed, repairs)
    return Notification(method, parsed, repairs)


def _response(value: dict[str, Any], id_: Id, reply: bool) -> Response:
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
    code: int, path: str | None, reason: str, id_: Id = None, reply: bool = True
) -> JsonRpcError:
    reason = cut(reason)
    data = {"reason": reason} if path is None else {"path": cut(path), "reason": reason}
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
