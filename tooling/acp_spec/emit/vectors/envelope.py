"""envelope.json: JSON-RPC's envelope rules (the jsonrpc member, ids, methods, params,
responses, arrays (ACP has no batches), text that does not parse), built on two methods'
first examples."""

from __future__ import annotations

from typing import Any

from ...model import Kind, Method, Spec
from .cases import PLACEHOLDER, Case, Codes, Group, Json, first_params, message, splice, text

# The methods the envelope cases are built on (their first examples).
PREFERRED_REQUEST = "session/close"
PREFERRED_NOTIFICATION = "session/cancel"

ENVELOPE_ABOUT = (
    "The JSON-RPC 2.0 envelope of ACP v2 messages: the jsonrpc member, ids, methods, "
    "params, responses, batches (which ACP does not use) and JSON text that does not parse."
)
# Group descriptions by case-name prefix ({request}: invalid request's code).
ENVELOPE_GROUPS = {
    "jsonrpc": 'The `jsonrpc` member: exactly the string "2.0".',
    "id": "The request `id`: a string or an integer (int64), never null in v2.",
    "method": "The `method` member: known methods, extensions and unknown names.",
    "params": "The `params` member of a known method: an object matching its def.",
    "response": "Responses: an id and exactly one of `result` or `error`. No one answers a response, so {request} only marks an invalid one.",
    "batch": "Batches: ACP v2 does not use JSON-RPC batches. Any JSON array is an invalid request ({request}), whatever it holds, as upstream's release answers it (@agentclientprotocol/sdk 2.4.0; its schema has had no batch form since 2.2.0).",
    "not-an-object": "Text that is not a JSON-RPC object.",
    "parse": "JSON text that does not parse (RFC 8259).",
}
# Why each envelope case is valid or not ({req} and {note}: the methods the cases use).
ENVELOPE_WHY = {
    "jsonrpc.missing": "No `jsonrpc` member: not a JSON-RPC 2.0 request; {request}.",
    "jsonrpc.version-1-0": '`"jsonrpc": "1.0"`: only "2.0" is accepted; {request}.',
    "jsonrpc.number": '`"jsonrpc": 2.0` as a number, not the string "2.0"; {request}.',
    "jsonrpc.extra-member": "An envelope member JSON-RPC doesn't define: the schema allows other members and receivers ignore them.",
    "id.string": "A string id.",
    "id.zero": "The integer 0.",
    "id.negative": "A negative integer.",
    "id.null": "A null id: v2 ids are never null (JSON-RPC allows it, but a response with a null id answers a request whose id could not be read); {request}.",
    "id.int64-max": "2^63 - 1, the largest int64.",
    "id.above-int64": "2^63, one above int64: JSON Schema treats `format: int64` as an annotation, so the schema accepts it.",
    "id.below-int64": "-2^63 - 1, one below int64: accepted, as `format: int64` is an annotation.",
    "id.float-integral": "`1.0`: JSON Schema counts a number with a zero fractional part as an integer, so the schema accepts it.",
    "id.float-fraction": "`1.5`: not an integer; {request}.",
    "id.true": "A boolean id; {request}.",
    "id.object": "An object id; {request}.",
    "id.array": "An array id; {request}.",
    "method.unknown": "A request for a method ACP doesn't define and that is no extension (no leading `_`); {method}.",
    "method.extension-request": "An extension request (`_vendor/x`): its name starts with `_` and its params are free.",
    "method.extension-notification": "An extension notification (`_vendor/event`).",
    "method.extension-without-params": "An extension request without params.",
    "method.missing": "No `method`, and no `result` or `error`: neither a request nor a response; {request}.",
    "method.not-a-string": "`method` is a number; {request}.",
    "method.notification-with-id": "`{note}` sent with an `id`: JSON-RPC 2.0 makes any message with an `id` a request, and `{note}` has no request form; {method}.",
    "method.request-without-id": "`{req}` sent without an `id`, as a notification: it has no notification form, so it is rejected ({method}); being a notification, it gets no response.",
    "params.missing": "`{req}` without params: its params are required; {params}.",
    "params.null": '`"params": null` for `{req}`; {params}.',
    "params.by-position": "Params as an array (JSON-RPC's by-position form): ACP params are objects; {params}.",
    "response.result": "A result.",
    "response.error": "An error with a known code.",
    "response.error-unknown-code": "An error with a code ACP doesn't list: error codes are an open set.",
    "response.error-null-id": "An error answering a request whose id could not be read: the id is null.",
    "response.error-code-not-integer": "An error whose code is a string; {request}.",
    "response.error-without-message": "An error without `message`; {request}.",
    "response.neither": "An id and neither `result` nor `error`; {request}.",
    "response.result-and-error": "Both `result` and `error`: JSON-RPC 2.0 says a response MUST NOT contain both; {request}.",
    "batch.empty": "An empty array `[]`; {request}.",
    "batch.one-request": "A batch of one valid request: ACP does not use batches, so an array is no message even when its one member is; {request}, with a null id, and the request is not handled.",
    "batch.request-and-notification": "A batch of a valid request and a valid notification: ACP does not use batches; {request}, with a null id, and neither member is handled.",
    "batch.responses": "A batch of valid responses: ACP does not use batches; {request}.",
    "batch.calls-and-responses": "An array mixing a request and a response; {request}.",
    "batch.not-a-message": "An array whose member is a number; {request}.",
    "batch.nested": "An array inside an array; {request}.",
    "not-an-object.string": "A JSON string; {request}.",
    "not-an-object.number": "A JSON number; {request}.",
    "not-an-object.null": "JSON null; {request}.",
    "parse.truncated": "The text ends mid-object; {parse}.",
    "parse.trailing-comma": "A trailing comma; {parse}.",
    "parse.single-quotes": "Single-quoted strings; {parse}.",
    "parse.empty": "No text at all; {parse}.",
    "parse.nan": "`NaN` is not JSON; {parse}.",
    "parse.control-character": "A raw newline inside a string; {parse}.",
    "parse.bad-escape": "The escape `\\x41` doesn't exist in JSON; {parse}.",
}
ENVELOPE_DIVERGENCE = {
    "id.above-int64": "typed SDKs that read ids into an int64 reject it.",
    "id.below-int64": "typed SDKs that read ids into an int64 reject it.",
    "id.float-integral": "parsers that keep 1.0 a float (serde_json into an i64, pydantic in strict mode) reject it; JSON-RPC says ids SHOULD NOT have fractional parts.",
    "parse.nan": "Python's json.loads and some other parsers accept NaN and Infinity unless told not to.",
}


class Raw(str):
    """A message given as JSON text rather than as a value."""


def envelope_methods(spec: Spec) -> tuple[str, str] | None:
    """The request and the notification-only method that carry the envelope cases:
    session/close and session/cancel while the spec has them (their ids are published),
    else the first of each kind in spec order; None when the spec has no such pair."""

    def fits(method: Method, kind: Kind) -> bool:
        if kind == "notification" and method.request is not None:
            return False  # "a notification sent with an id" must name no request
        return method.call(kind) is not None and any(e.kind == kind for e in method.examples)

    def choose(preferred: str, kind: Kind) -> str | None:
        if preferred in spec.methods and fits(spec.methods[preferred], kind):
            return preferred
        return next((m.name for m in spec.methods.values() if fits(m, kind)), None)

    request = choose(PREFERRED_REQUEST, "request")
    notification = choose(PREFERRED_NOTIFICATION, "notification")
    return None if request is None or notification is None else (request, notification)


def envelope_groups(spec: Spec, codes: Codes) -> list[Group]:
    chosen = envelope_methods(spec)
    if chosen is None:
        raise ValueError("the envelope vectors need a request and a notification-only method")
    request, notification = chosen
    req_params = first_params(spec.methods[request], "request")
    note_params = first_params(spec.methods[notification], "notification")
    req = message("request", request, req_params)
    note = message("notification", notification, note_params)
    bad, c = codes.request, codes

    def without(name: str) -> dict[str, Any]:
        return {k: v for k, v in req.items() if k != name}

    def with_id(value: Json) -> dict[str, Any]:
        return {**req, "id": value}

    def raw_id(json_value: str) -> Raw:
        return Raw(splice(with_id(PLACEHOLDER), json_value))

    result = {"jsonrpc": "2.0", "id": 1, "result": {}}
    messages: dict[str, tuple[Json, int | None]] = {
        "jsonrpc.missing": (without("jsonrpc"), bad),
        "jsonrpc.version-1-0": ({**req, "jsonrpc": "1.0"}, bad),
        "jsonrpc.number": (Raw(text(req).replace('"jsonrpc":"2.0"', '"jsonrpc":2.0')), bad),
        "jsonrpc.extra-member": ({**req, "extra": True}, None),
        "id.string": (with_id("req-1"), None),
        "id.zero": (with_id(0), None),
        "id.negative": (with_id(-1), None),
        "id.null": (with_id(None), bad),
        "id.int64-max": (with_id(2**63 - 1), None),
        "id.above-int64": (with_id(2**63), None),
        "id.below-int64": (with_id(-(2**63) - 1), None),
        "id.float-integral": (raw_id("1.0"), None),
        "id.float-fraction": (with_id(1.5), bad),
        "id.true": (with_id(True), bad),
        "id.object": (with_id({"n": 1}), bad),
        "id.array": (with_id([1]), bad),
        "method.unknown": ({**req, "method": "session/frobnicate"}, c.method),
        "method.extension-request": ({**req, "method": "_vendor/x", "params": {"any": [1]}}, None),
        "method.extension-notification": ({**note, "method": "_vendor/event"}, None),
        "method.extension-without-params": (
            {"jsonrpc": "2.0", "id": 1, "method": "_vendor/x"},
            None,
        ),
        "method.missing": (without("method"), bad),
        "method.not-a-string": ({**req, "method": 42}, bad),
        "method.notification-with-id": (
            message("request", notification, note_params),
            c.method,
        ),
        "method.request-without-id": (without("id"), c.method),
        "params.missing": (without("params"), c.params),
        "params.null": ({**req, "params": None}, c.params),
        "params.by-position": ({**req, "params": list(req_params.values())}, c.params),
        "response.result": (result, None),
        "response.error": (_error(1, c.params), None),
        "response.error-unknown-code": (_error(1, -31999), None),
        "response.error-null-id": (_error(None, c.parse), None),
        "response.error-code-not-integer": (_error(1, "bad"), bad),
        "response.error-without-message": (
            {**_error(1, c.params), "error": {"code": c.params}},
            bad,
        ),
        "response.neither": ({"jsonrpc": "2.0", "id": 1}, bad),
        "response.result-and-error": ({**_error(1, c.params), "result": {}}, bad),
        "batch.empty": ([], bad),
        "batch.one-request": ([req], bad),
        "batch.request-and-notification": ([req, note], bad),
        "batch.responses": ([result, _error(2, c.params)], bad),
        "batch.calls-and-responses": ([req, result], bad),
        "batch.not-a-message": ([1], bad),
        "batch.nested": ([[req]], bad),
        "not-an-object.string": ("hello", bad),
        "not-an-object.number": (42, bad),
        "not-an-object.null": (None, bad),
        "parse.truncated": (Raw(text(req)[:-10]), c.parse),
        "parse.trailing-comma": (Raw(text(req)[:-1] + ",}"), c.parse),
        "parse.single-quotes": (Raw(text(req).replace('"', "'")), c.parse),
        "parse.empty": (Raw(""), c.parse),
        "parse.nan": (raw_id("NaN"), c.parse),
        "parse.control-character": (raw_id('"a\nb"'), c.parse),
        "parse.bad-escape": (raw_id('"\\x41"'), c.parse),
    }
    words = {"request": bad, "method": c.method, "params": c.params, "parse": c.parse,
             "req": request, "note": notification}  # fmt: skip
    cases: dict[str, list[Case]] = {prefix: [] for prefix in ENVELOPE_GROUPS}
    for name, (msg, error) in messages.items():
        divergence = ENVELOPE_DIVERGENCE.get(name)
        cases[name.split(".")[0]].append(Case(
            f"envelope.{name}", ENVELOPE_WHY[name].format(**words),
            msg if isinstance(msg, Raw) else text(msg), error,
            divergence.format(**words) if divergence else None,
        ))  # fmt: skip
    return [Group(ENVELOPE_GROUPS[p].format(**words), cases[p]) for p in ENVELOPE_GROUPS]


def _error(id_: Json, code: Json) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": id_, "error": {"code": code, "message": "An error"}}
