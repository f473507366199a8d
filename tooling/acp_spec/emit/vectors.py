"""generated/vectors/: serialization test vectors any SDK can run, made from the spec.

Shaped like the JSON-Schema-Test-Suite (groups of described cases), extended for a
protocol: each case has a stable id, the raw JSON-RPC message as text and the expected
outcome (valid, or a JSON-RPC error code). One file per method plus envelope.json;
tooling/acp_spec/vectors.schema.json is the schema of the files (copied beside them).

The cases come from four places:
- the spec's examples: one valid message per example, results as responses;
- the keyed-method rules of the v2 Idempotency Keys RFD, for every method whose params
  reach an ``IdempotencyKey``: counting code points, raw escapes, retries;
- JSON-RPC's envelope rules (envelope.json);
- every constraint of the expanded schema, found by walking each method's params def
  (through $ref, allOf and unions) along its first example, one field mutated per case.

Every expectation agrees with generated/schema.json; where a known implementation or layer
disagrees with the schema, the case says so in ``divergence``.
"""

from __future__ import annotations

import copy
import json
import re
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

from ..constants import GENERATED_NOTE
from ..defs import DEFS_PREFIX, OTHER_TITLE, ref_target, variant_tag
from ..document import build_schema
from ..index import Index
from ..model import Kind, Method, Spec
from .schema import dump_json

VECTORS_DIR = "generated/vectors"
SCHEMA_NAME = "vectors.schema.json"
# Read once at import, so that the emitter itself stays a pure function of the Spec.
VECTORS_SCHEMA: dict[str, Any] = json.loads(
    (Path(__file__).resolve().parents[1] / SCHEMA_NAME).read_text(encoding="utf-8")
)

# The methods the envelope cases are built on (their first examples).
ENVELOPE_REQUEST = "session/close"
ENVELOPE_NOTIFICATION = "session/cancel"
KEY_DEF = "IdempotencyKey"
LENIENT = "x-deserialize-default-on-error"
SKIP_ITEMS = "x-deserialize-skip-invalid-items"

INT_FORMATS = {
    "int32": (-(2**31), 2**31 - 1),
    "uint16": (0, 2**16 - 1),
    "uint32": (0, 2**32 - 1),
    "int64": (-(2**63), 2**63 - 1),
    "uint64": (0, 2**64 - 1),
}
NONCONFORMING = {"uri": "not a uri", "date-time": "yesterday", "regex": "(unclosed"}
FORMAT_PARSERS = {"uri": "pydantic's `AnyUrl`", "date-time": "pydantic's `AwareDatetime`"}

Json = Any
PathKey = tuple[str | int, ...]


class _Delete:
    """The mutation that removes a member."""


DELETE = _Delete()


# ── The vector files ──


@dataclass(frozen=True)
class Case:
    id: str
    description: str
    message: str
    error: int | None = None
    divergence: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "description": self.description}
        out["message"] = self.message
        out["expect"] = {"valid": True} if self.error is None else {"error": self.error}
        if self.divergence:
            out["divergence"] = self.divergence
        return out


@dataclass(frozen=True)
class Group:
    description: str
    cases: Sequence[Case]
    method: str | None = None
    kind: str | None = None
    def_name: str | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"description": self.description}
        if self.method is not None:
            out.update(method=self.method, kind=self.kind, **{"def": self.def_name})
        out["cases"] = [c.to_json() for c in sorted(self.cases, key=lambda c: c.id)]
        return out


@dataclass(frozen=True)
class Codes:
    parse: int
    request: int
    method: int
    params: int

    @classmethod
    def of(cls, spec: Spec) -> Codes:
        e = spec.errors
        return cls(
            e["parse_error"].code,
            e["invalid_request"].code,
            e["method_not_found"].code,
            e["invalid_params"].code,
        )


def emit_vectors(spec: Spec, index: Index) -> dict[str, bytes]:
    schema = build_schema(spec)
    codes = Codes.of(spec)
    walker = Walker(schema, codes)
    files = {f"{VECTORS_DIR}/{SCHEMA_NAME}": dump_json(VECTORS_SCHEMA)}
    slugs: dict[str, str] = {}
    every: list[Case] = []
    for method in sorted(spec.methods.values(), key=lambda m: m.name):
        slug = file_slug(method.name)
        if (clash := slugs.setdefault(slug.lower(), method.name)) != method.name:
            raise ValueError(f"{method.name} and {clash} share the vector file name {slug}")
        groups = method_groups(spec, method, slug, walker, codes)
        every += [c for g in groups for c in g.cases]
        files[f"{VECTORS_DIR}/methods/{slug}.json"] = _file(
            {"$schema": "../" + SCHEMA_NAME, "method": method.name}, groups
        )
    groups = envelope_groups(spec, codes)
    every += [c for g in groups for c in g.cases]
    files[f"{VECTORS_DIR}/envelope.json"] = _file(
        {"$schema": SCHEMA_NAME, "envelope": ENVELOPE_ABOUT}, groups
    )
    if repeated := sorted(i for i, n in Counter(c.id for c in every).items() if n > 1):
        raise ValueError(f"vector ids must be unique; repeated: {', '.join(repeated)}")
    return dict(sorted(files.items()))


def file_slug(method: str) -> str:
    """A method's file-safe name: `session/prompt` -> `session-prompt`, `$/x` -> `dollar-x`.

    Deterministic; method names never contain `-` (spec/README.md), and the emitter refuses
    two names that land on the same file, even case-insensitively.
    """
    return method.replace("$", "dollar").replace("/", "-")


def _file(head: dict[str, Any], groups: Sequence[Group]) -> bytes:
    body = {"$comment": GENERATED_NOTE, **head, "groups": [g.to_json() for g in groups]}
    return dump_json(body)


def text(value: Json) -> str:
    """A message as compact JSON text (UTF-8 characters kept as they are)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def message(kind: Kind, method: str, params: Json, id_: Json = 1) -> dict[str, Any]:
    out: dict[str, Any] = {"jsonrpc": "2.0"}
    if kind == "request":
        out["id"] = id_
    return {**out, "method": method, "params": params}


def _slug(words: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", words.lower()).strip("-")


def _id_part(label: str) -> str:
    return re.sub(r"[^A-Za-z0-9_{}\[\].-]", "_", label)


# ── Method files ──


def method_groups(
    spec: Spec, method: Method, slug: str, walker: Walker, codes: Codes
) -> list[Group]:
    groups: list[Group] = []

    def add(kind: str, def_name: str, description: str, cases: Sequence[Case]) -> None:
        if cases:
            groups.append(Group(description, cases, method.name, kind, def_name))

    for call in method.calls:
        examples = [e for e in method.examples if e.kind == call.kind]
        where = "" if call.kind == "request" else "notification-"
        add(call.kind, call.params, f"The spec's `{method.name}` {call.kind} examples: each is "
            "a valid message.", [
            Case(f"{slug}.{where}example.{_slug(e.title)}", f"{e.title}: a spec example.",
                 text(message(call.kind, method.name, e.params)))
            for e in examples
        ])  # fmt: skip
        if call.result is not None:
            add("response", call.result, f"The results of the spec's `{method.name}` examples, "
                "as responses to request 1: each is a valid message.", [
                Case(f"{slug}.result.{_slug(e.title)}", f"The result of '{e.title}'.",
                     text({"jsonrpc": "2.0", "id": 1, "result": e.result}))
                for e in examples
            ])  # fmt: skip
    key, written = walker.key_property(method), []
    if method.request is not None:
        params = method.request.params
        if key is not None:
            written = keyed_cases(method, slug, key, codes)
            add("request", params, KEYED_ABOUT.format(key=key, method=method.name,
                bad=codes.params), written)  # fmt: skip
            add("request", params, f"Retries of `{method.name}` (retry class `keyed`): what "
                "the key links, as messages.", retry_cases(method, slug, key))  # fmt: skip
        add("request", params, f"`{method.name}` carrying a keyed message: the key is "
            "forwarded unchanged.", carried_cases(spec, method, slug, walker))  # fmt: skip
    taken = {c.message for c in written}
    for call in method.calls:
        base = next((e.params for e in method.examples if e.kind == call.kind), None)
        if base is not None:
            derived = walker.derive(method, call.kind, call.params, base, slug)
            add(call.kind, call.params, f"Every constraint of `{call.params}` (from "
                "generated/schema.json), each exercised by changing one field of the first "
                f"`{method.name}` {call.kind} example.",
                [c for c in derived if c.message not in taken])  # fmt: skip
    return groups


def _first_params(method: Method, kind: Kind) -> dict[str, Any]:
    return copy.deepcopy(next(e.params for e in method.examples if e.kind == kind))


PLACEHOLDER = "\x00value"
UUID = "0b6f3c1e-8d2a-4c57-9a41-5e2f7d90c3ab"
KEYED_ABOUT = (
    "`{key}` on `{method}`: an optional, nullable string of 1 to 255 Unicode code points "
    "(RFD v2 Idempotency Keys); any other value is rejected with {bad} and never treated as "
    "omitted."
)
# Why each key case is valid or not ({key}: the property, {bad}: invalid params' code).
KEYED_WHY = {
    "omitted": "No `{key}`: the prompt is unkeyed and handled without duplicate detection.",
    "null": "null means the same as omitting the key: no key.",
    "empty-string": "An empty string is not a key (1 to 255 code points): rejected with {bad}, never treated as omitted.",
    "one-char": "One character: the shortest key.",
    "ascii-255": "255 ASCII characters: the longest key.",
    "ascii-256": "256 ASCII characters: one too many; rejected with {bad}.",
    "astral-255": "255 emoji (U+1F600): 255 code points, so valid, though they are 510 UTF-16 code units (JavaScript's `length`) and 1020 UTF-8 bytes. Length counts code points.",
    "astral-256": "256 emoji: 256 code points, one too many; rejected with {bad}.",
    "astral-128": "128 emoji: 256 UTF-16 code units but 128 code points, so valid; a length in UTF-16 units would wrongly reject it.",
    "combining-255": "127 pairs of `e` + U+0301 (combining acute) and one `e`: 128 visible characters, 255 code points, so valid.",
    "combining-256": "128 pairs of `e` + U+0301: only 128 visible characters but 256 code points, one too many; rejected with {bad}. Count code points, not graphemes.",
    "escaped-astral-255": "255 emoji written as `\\uD83D\\uDE00` escapes in the JSON text: each surrogate pair decodes to one code point, so 255: valid.",
    "escaped-astral-256": "256 emoji written as `\\uD83D\\uDE00` escapes: 256 code points once decoded, one too many; rejected with {bad}.",
    "lone-surrogate": "The key is the escape `\\uD800`, a lone high surrogate. RFC 8259's grammar allows the escape and the schema (1 to 255 characters) accepts the one-character string it decodes to, so the spec expects a valid message; but it is not a Unicode scalar value, and RFC 8259 (section 8.2) calls its behaviour unpredictable.",
    "whitespace-only": "Three spaces: keys are opaque and case-sensitive, so whitespace is a valid key, never trimmed.",
    "uuid": "A UUID, as the RFD recommends.",
    "duplicate-member": "`{key}` appears twice, a UUID then an empty string. RFC 8259 leaves duplicate names undefined; like Python's json and JavaScript's JSON.parse, the schema check sees the last value, an empty string, and rejects it with {bad}.",
    "outside-params": "`{key}` at the envelope, outside `params`: JSON-RPC and the schema allow other envelope members and receivers ignore them, so it is no key at all. The message is valid and the prompt is unkeyed.",
    "outside-params-not-validated": "An empty `{key}` at the envelope, outside `params`: ignored like any other envelope member, so not rejected; the prompt is unkeyed.",
    "not-a-string.integer": "A key must be a string: the integer 42 is rejected with {bad}, never treated as omitted.",
    "not-a-string.float": "A key must be a string: the number 1.5 is rejected with {bad}, never treated as omitted.",
    "not-a-string.true": "A key must be a string: `true` is rejected with {bad}, never treated as omitted.",
    "not-a-string.false": "A key must be a string: `false` is rejected with {bad}, never treated as omitted.",
    "not-a-string.array": "A key must be a string: an array holding a UUID is rejected with {bad}, never treated as omitted.",
    "not-a-string.object": "A key must be a string: an object holding a UUID is rejected with {bad}, never treated as omitted.",
}
KEYED_DIVERGENCE = {
    "lone-surrogate": "python-jsonschema accepts a lone surrogate that pydantic's JSON parser (and any parser that decodes to Unicode scalar values, such as serde_json) rejects; such receivers answer with a parse or params error.",
    "duplicate-member": "parsers that keep the first value see a valid key, and typed parsers may reject duplicate names outright (serde's derived Deserialize reports a duplicate field).",
}


def keyed_cases(method: Method, slug: str, key: str, codes: Codes) -> list[Case]:
    """The RFD's key rules: code points counted, escapes decoded, anything else rejected."""
    base = _first_params(method, "request")
    base.pop(key, None)
    bad, unkeyed = codes.params, message("request", method.name, base)

    def with_key(value: Json) -> str:
        return text(message("request", method.name, {**base, key: value}))

    def raw(json_value: str) -> str:
        return with_key(PLACEHOLDER).replace(text(PLACEHOLDER), json_value, 1)

    emoji, accent, escaped = "\U0001f600", "e\u0301", "\\uD83D\\uDE00"
    messages: dict[str, tuple[str, int | None]] = {
        "omitted": (text(unkeyed), None),
        "null": (with_key(None), None),
        "empty-string": (with_key(""), bad),
        "one-char": (with_key("x"), None),
        "ascii-255": (with_key("x" * 255), None),
        "ascii-256": (with_key("x" * 256), bad),
        "astral-255": (with_key(emoji * 255), None),
        "astral-256": (with_key(emoji * 256), bad),
        "astral-128": (with_key(emoji * 128), None),
        "combining-255": (with_key(accent * 127 + "e"), None),
        "combining-256": (with_key(accent * 128), bad),
        "escaped-astral-255": (raw(f'"{escaped * 255}"'), None),
        "escaped-astral-256": (raw(f'"{escaped * 256}"'), bad),
        "lone-surrogate": (raw('"\\uD800"'), None),
        "whitespace-only": (with_key("   "), None),
        "uuid": (with_key(UUID), None),
        "duplicate-member": (raw(f'"{UUID}",{text(key)}:""'), bad),
        "outside-params": (text({**unkeyed, key: UUID}), None),
        "outside-params-not-validated": (text({**unkeyed, key: ""}), None),
        "not-a-string.integer": (with_key(42), bad),
        "not-a-string.float": (with_key(1.5), bad),
        "not-a-string.true": (with_key(True), bad),
        "not-a-string.false": (with_key(False), bad),
        "not-a-string.array": (with_key([UUID]), bad),
        "not-a-string.object": (with_key({"key": UUID}), bad),
    }
    return [
        Case(f"{slug}.idempotency-key.{name}", KEYED_WHY[name].format(key=key, bad=bad), msg,
             error, KEYED_DIVERGENCE.get(name))
        for name, (msg, error) in messages.items()
    ]  # fmt: skip


def retry_cases(method: Method, slug: str, key: str) -> list[Case]:
    base = _first_params(method, "request")
    keyed, unkeyed = {**base, key: UUID}, {k: v for k, v in base.items() if k != key}
    p, name = f"{slug}.retry", method.name
    cases = [
        Case(f"{p}.keyed.first-attempt", "A keyed prompt, JSON-RPC id 7: the first attempt.",
             text(message("request", name, keyed, 7))),
        Case(f"{p}.keyed.second-attempt", "The retry of `keyed.first-attempt`: same key and "
             "prompt, a new JSON-RPC id (8). Valid; the Agent inserts the message at most once "
             "and answers both with the original `messageId`.",
             text(message("request", name, keyed, 8))),
        Case(f"{p}.unkeyed.second-attempt", "An unkeyed prompt sent again with a new JSON-RPC "
             "id: valid, but without a key a resend is a new submission.",
             text(message("request", name, unkeyed, 8))),
    ]  # fmt: skip
    if "sessionId" in base:
        other = {**keyed, "sessionId": "sess_other0000001"}
        cases.append(Case(f"{p}.keyed.other-session", "The key of `keyed.first-attempt` in a "
                          "prompt to another session: valid, and a different submission, "
                          "since a key is scoped to its session.",
                          text(message("request", name, other, 9))))  # fmt: skip
    return cases


def carried_cases(spec: Spec, method: Method, slug: str, walker: Walker) -> list[Case]:
    """A carrier (retry class `as_carried`, with `method` and `params`) forwarding keyed params."""
    assert method.request is not None
    props = walker.defs[method.request.params].get("properties", {})
    if method.retry_class(method.directions[0]) != "as_carried" or not {"method", "params"} <= set(props):  # fmt: skip
        return []
    cases, bad = [], walker.codes.params
    for keyed in sorted(spec.methods.values(), key=lambda m: m.name):
        if (key := walker.key_property(keyed)) is None:
            continue
        params = {**_first_params(keyed, "request"), key: UUID}
        carried, empty = {"method": keyed.name, "params": params}, {**params, key: ""}
        p = f"{slug}.carried.{file_slug(keyed.name)}"
        cases += [
            Case(f"{p}.keyed", f"A keyed `{keyed.name}` carried by `{method.name}`: the carrier "
                 f"forwards `{key}` unchanged, so every hop sees the same submission.",
                 text(message("request", method.name, carried))),
            Case(f"{p}.empty-key", f"A `{keyed.name}` with an empty `{key}` carried by "
                 f"`{method.name}`: the carrier's params are free-form, so the message is "
                 "valid; the successor judges the carried params.",
                 text(message("request", method.name, {**carried, "params": empty})),
                 divergence=f"the successor rejects the carried params with {bad} and the "
                 f"carrier returns that error unchanged: a runner that checks them sees {bad}."),
        ]  # fmt: skip
    return cases


# ── envelope.json ──

ENVELOPE_ABOUT = (
    "The JSON-RPC 2.0 envelope of ACP v2 messages: the jsonrpc member, ids, methods, "
    "params, responses, batches and JSON text that does not parse."
)
# Group descriptions by case-name prefix ({request}: invalid request's code).
ENVELOPE_GROUPS = {
    "jsonrpc": 'The `jsonrpc` member: exactly the string "2.0".',
    "id": "The request `id`: a string, an integer (int64) or null.",
    "method": "The `method` member: known methods, extensions and unknown names.",
    "params": "The `params` member of a known method: an object matching its def.",
    "response": "Responses: an id and exactly one of `result` or `error`. No one answers a response, so {request} only marks an invalid one.",
    "batch": "Batches: a non-empty array of calls, or of responses.",
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
    "id.null": "A null id: allowed, though JSON-RPC discourages it because a response with a null id answers a request whose id could not be read.",
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
    "batch.empty": "An empty batch `[]`; {request}.",
    "batch.one-request": "A batch of one request.",
    "batch.request-and-notification": "A batch of a request and a notification.",
    "batch.responses": "A batch of responses.",
    "batch.calls-and-responses": "A batch mixing a request and a response: a batch holds calls or responses, not both; {request}.",
    "batch.not-a-message": "A batch whose member is a number; {request}.",
    "batch.nested": "A batch inside a batch; {request}.",
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


def envelope_groups(spec: Spec, codes: Codes) -> list[Group]:
    req_params = _first_params(spec.methods[ENVELOPE_REQUEST], "request")
    note_params = _first_params(spec.methods[ENVELOPE_NOTIFICATION], "notification")
    req = message("request", ENVELOPE_REQUEST, req_params)
    note = message("notification", ENVELOPE_NOTIFICATION, note_params)
    bad, c = codes.request, codes

    def without(name: str) -> dict[str, Any]:
        return {k: v for k, v in req.items() if k != name}

    def with_id(value: Json) -> dict[str, Any]:
        return {**req, "id": value}

    def raw_id(json_value: str) -> Raw:
        return Raw(text(with_id(PLACEHOLDER)).replace(text(PLACEHOLDER), json_value))

    result = {"jsonrpc": "2.0", "id": 1, "result": {}}
    messages: dict[str, tuple[Json, int | None]] = {
        "jsonrpc.missing": (without("jsonrpc"), bad),
        "jsonrpc.version-1-0": ({**req, "jsonrpc": "1.0"}, bad),
        "jsonrpc.number": (Raw(text(req).replace('"jsonrpc":"2.0"', '"jsonrpc":2.0')), bad),
        "jsonrpc.extra-member": ({**req, "extra": True}, None),
        "id.string": (with_id("req-1"), None),
        "id.zero": (with_id(0), None),
        "id.negative": (with_id(-1), None),
        "id.null": (with_id(None), None),
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
            message("request", ENVELOPE_NOTIFICATION, note_params),
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
        "batch.one-request": ([req], None),
        "batch.request-and-notification": ([req, note], None),
        "batch.responses": ([result, _error(2, c.params)], None),
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
             "req": ENVELOPE_REQUEST, "note": ENVELOPE_NOTIFICATION}  # fmt: skip
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


# ── Constraints derived from the schema ──


@dataclass(frozen=True)
class Mutation:
    path: PathKey
    value: Json  # DELETE removes the member
    label: str
    rule: str
    valid: bool
    why: str
    divergence: str | None = None
    ambiguous: bool = False  # under an untagged union, where another variant may take it


@dataclass(frozen=True)
class Tag:
    name: str
    known: tuple[str, ...]
    other: Mapping[str, Any] | None  # the open union's catch-all variant


@dataclass
class View:
    """What applies to one object value: its properties, required names and union tag."""

    props: dict[str, list[Mapping[str, Any]]] = field(default_factory=dict)
    required: set[str] = field(default_factory=set)
    tag: Tag | None = None
    ambiguous: bool = False


@dataclass
class Leaf:
    """What a property's schemas say about its value, flattened."""

    nullable: bool
    types: set[str] = field(default_factory=set)
    bounds: dict[str, Any] = field(default_factory=dict)
    enum: tuple[Json, ...] = ()
    enum_open: bool = False
    lenient: bool = False


@dataclass(frozen=True)
class Context:
    """What holds above a site: upstream leniency (the innermost wins), an untagged union."""

    lenient: str | None = None  # the divergence an invalid value here gets
    ambiguous: bool = False


BOUND_KEYS = (
    "minLength",
    "maxLength",
    "minItems",
    "maxItems",
    "minimum",
    "maximum",
    "format",
    "contentEncoding",
)


class Walker:
    def __init__(self, schema: dict[str, Any], codes: Codes) -> None:
        self.defs: dict[str, Any] = schema["$defs"]
        self.codes = codes
        self._validator = Draft202012Validator(schema)

    def valid(self, schema: Mapping[str, Any], value: Json) -> bool:
        return bool(self._validator.evolve(schema=schema).is_valid(value))

    def resolve(self, node: Mapping[str, Any]) -> Mapping[str, Any]:
        while "$ref" in node:
            node = self.defs[node["$ref"].removeprefix(DEFS_PREFIX)]
        return node

    def key_property(self, method: Method) -> str | None:
        """The params property that holds an IdempotencyKey, if the method is keyed."""
        if method.request is None:
            return None
        needle = json.dumps(ref_target(KEY_DEF))
        props = self.defs[method.request.params].get("properties", {})
        return next((n for n, s in props.items() if needle in json.dumps(s)), None)

    # The walk: an object's view, then each property's rules, then its present children.

    def derive(
        self, method: Method, kind: Kind, params_def: str, base: Json, slug: str
    ) -> Iterator[Case]:
        section = "params" if kind == "request" else "notification"
        top = {"$ref": ref_target(params_def)}
        for m in self._object([top], base, (), "", Context()):
            params = _apply(base, m.path, m.value)
            if m.ambiguous and not m.valid and self.valid(top, params):
                continue  # another variant of an untagged union takes it: no case for this rule
            yield Case(
                f"{slug}.{section}.{_id_part(m.label)}.{m.rule}",
                f"`{m.label}` {m.why}",
                text(message(kind, method.name, params)),
                None if m.valid else self.codes.params,
                m.divergence,
            )

    def _view(self, schemas: Sequence[Mapping[str, Any]], value: dict[str, Any]) -> View:
        view = View()
        for schema in schemas:
            self._gather(schema, value, view)
        return view

    def _gather(self, node: Mapping[str, Any], value: dict[str, Any], view: View) -> None:
        node = self.resolve(node)
        for name, sub in node.get("properties", {}).items():
            view.props.setdefault(name, []).append(sub)
        view.required.update(node.get("required", []))
        for sub in node.get("allOf", []):
            self._gather(sub, value, view)
        for key in ("anyOf", "oneOf"):
            if key in node:
                self._gather_union(node[key], value, view)

    def _gather_union(
        self, variants: Sequence[Mapping[str, Any]], value: dict[str, Any], view: View
    ) -> None:
        solid = [v for v in variants if self.resolve(v).get("type") != "null"]
        if len(solid) == 1:
            self._gather(solid[0], value, view)
            return
        tags = [variant_tag(self.resolve(v)) for v in solid]
        other = next(
            (
                v
                for v, t in zip(solid, tags, strict=True)
                if t is None and v.get("title") == OTHER_TITLE
            ),
            None,
        )
        names = {t[0] for t in tags if t is not None}
        if len(names) == 1 and all(
            t is not None or v is other for v, t in zip(solid, tags, strict=True)
        ):
            name = names.pop()
            known = tuple(t[1] for t in tags if t is not None)
            chosen = next(
                (
                    v
                    for v, t in zip(solid, tags, strict=True)
                    if t is not None and t[1] == value.get(name)
                ),
                other,
            )
            view.tag = Tag(name, known, other)
            if chosen is not None:
                self._gather(chosen, value, view)
            return
        view.ambiguous = True
        chosen = next((v for v in solid if self.valid(v, value)), None)
        if chosen is not None:
            self._gather(chosen, value, view)

    def _object(
        self,
        schemas: Sequence[Mapping[str, Any]],
        value: dict[str, Any],
        path: PathKey,
        label: str,
        ctx: Context,
    ) -> Iterator[Mutation]:
        view = self._view(schemas, value)
        if view.ambiguous:
            ctx = replace(ctx, ambiguous=True)
        if view.tag is not None:
            yield from self._tag_rules(view.tag, value, path, label, ctx)
        for name, prop in view.props.items():
            if name == "_meta" and path:
                continue  # the same nullable object everywhere: checked on params only
            at = f"{label}.{name}" if label else name
            leaf = self._leaf(prop)
            inner = replace(ctx, lenient=_lenient(at, self.codes) if leaf.lenient else ctx.lenient)
            present = name in value
            tagged = view.tag is not None and name == view.tag.name
            for m in self._rules(leaf, name in view.required, present, value.get(name), tagged):
                yield _site(m, path + (name,), at, inner)
            if present:
                yield from self._child(prop, value[name], path + (name,), at, inner)

    def _child(
        self,
        schemas: Sequence[Mapping[str, Any]],
        value: Json,
        path: PathKey,
        label: str,
        ctx: Context,
    ) -> Iterator[Mutation]:
        if isinstance(value, dict):
            entries = self._collect(schemas, "additionalProperties")
            if entries and not self._view(schemas, value).props:
                for key, item in value.items():
                    yield from self._child(entries, item, path + (key,), f"{label}{{{key}}}", ctx)
            else:
                yield from self._object(schemas, value, path, label, ctx)
        elif isinstance(value, list):
            items = self._collect(schemas, "items")
            skips = any(self.resolve(s).get(SKIP_ITEMS) or s.get(SKIP_ITEMS) for s in schemas)
            inner = replace(ctx, lenient=_skips(label, self.codes) if skips else ctx.lenient)
            done: set[str] = set()
            for index, item in enumerate(value):
                tag = self._view(items, item).tag if isinstance(item, dict) else None
                at = f"{label}[{item.get(tag.name, '')}]" if tag else f"{label}[]"
                if items and at not in done:
                    done.add(at)
                    yield from self._child(items, item, path + (index,), at, inner)

    def _collect(self, schemas: Sequence[Mapping[str, Any]], key: str) -> list[Mapping[str, Any]]:
        """The subschemas under ``key`` (items, additionalProperties) of a value's schemas."""
        found: list[Mapping[str, Any]] = []
        for schema in schemas:
            node = self.resolve(schema)
            if isinstance(node.get(key), dict):
                found.append(node[key])
            found += self._collect(node.get("allOf", []), key)
            for union in ("anyOf", "oneOf"):
                solid = [v for v in node.get(union, []) if self.resolve(v).get("type") != "null"]
                if len(solid) == 1:
                    found += self._collect(solid, key)
        return found

    def _leaf(self, schemas: Sequence[Mapping[str, Any]]) -> Leaf:
        leaf = Leaf(nullable=all(self._accepts_null(s) for s in schemas))
        leaf.lenient = any(s.get(LENIENT) for s in schemas)
        for schema in schemas:
            self._flatten(schema, leaf)
        return leaf

    def _flatten(self, node: Mapping[str, Any], leaf: Leaf) -> None:
        node = self.resolve(node)
        kind = node.get("type", [])
        leaf.types |= set(kind if isinstance(kind, list) else [kind]) - {"null"}
        leaf.bounds.update({k: node[k] for k in BOUND_KEYS if k in node})
        for sub in node.get("allOf", []):
            self._flatten(sub, leaf)
        for union in ("anyOf", "oneOf"):
            solid = [
                self.resolve(v)
                for v in node.get(union, [])
                if self.resolve(v).get("type") != "null"
            ]
            if len(solid) == 1:
                self._flatten(solid[0], leaf)
            elif solid and all("const" in v or _catch_all(v) for v in solid):
                leaf.enum = tuple(v["const"] for v in solid if "const" in v)
                leaf.enum_open = any(_catch_all(v) for v in solid)
                leaf.types |= {v["type"] for v in solid if isinstance(v.get("type"), str)}

    def _accepts_null(self, node: Mapping[str, Any]) -> bool:
        node = self.resolve(node)
        kind = node.get("type")
        if kind is not None and "null" not in (kind if isinstance(kind, list) else [kind]):
            return False
        if "const" in node and node["const"] is not None:
            return False
        if not all(self._accepts_null(s) for s in node.get("allOf", [])):
            return False
        return all(
            any(self._accepts_null(s) for s in node[k]) for k in ("anyOf", "oneOf") if k in node
        )

    def _rules(
        self, leaf: Leaf, required: bool, present: bool, value: Json, tagged: bool
    ) -> Iterator[Mutation]:
        """One property's rules; paths and labels are filled in by the caller."""
        bad = self.codes.params
        if leaf.nullable:
            yield _rule(
                None, "null", True, "is nullable (its schema admits `null`): null is valid."
            )
        elif required:
            yield _rule(
                None, "null", False, f"is required and not nullable: null is rejected with {bad}."
            )
        else:
            yield _rule(
                None,
                "null",
                False,
                f"is optional but not nullable: a sender omits it; null is rejected with {bad}.",
            )
        if required and present:
            yield _rule(
                DELETE, "missing", False, f"is required: leaving it out is rejected with {bad}."
            )
        if tagged:
            return
        if leaf.enum:
            yield from _enum_rules(leaf, bad)
            return
        b = leaf.bounds
        if "string" in leaf.types:
            yield from _length_rules(b, bad)
            yield from _annotation_rules(b)
        if "array" in leaf.types and isinstance(value, list) and value:
            yield from _items_rules(b, value, bad)
        if leaf.types & {"integer", "number"}:
            yield from _range_rules(b, bad)

    def _tag_rules(
        self, tag: Tag, value: dict[str, Any], path: PathKey, label: str, ctx: Context
    ) -> Iterator[Mutation]:
        at = f"{label}.{tag.name}" if label else tag.name
        known = ", ".join(f"`{k}`" for k in tag.known)
        for rule, new in (
            ("unknown", "future_variant"),
            ("underscore-prefixed", "_vendor_variant"),
        ):
            # known variants have const tags: only the catch-all can take an unknown one
            valid = tag.other is not None and self.valid(tag.other, {**value, tag.name: new})
            kind = "an extension's" if new.startswith("_") else "an unknown (future ACP)"
            if valid:
                why = (
                    f"tags an open union (known: {known}); {kind} tag `{new}` falls to its "
                    "`other` variant, so the object is valid."
                )
            elif tag.other is not None:
                why = (
                    f"tags an open union (known: {known}), but its `other` variant doesn't "
                    f"accept this object either; rejected with {self.codes.params}."
                )
            else:
                why = (
                    f"tags a closed union: only {known} are accepted; {kind} tag `{new}` "
                    f"is rejected with {self.codes.params}."
                )
            yield _site(_rule(new, f"tag.{rule}", valid, why), path + (tag.name,), at, ctx)


def _rule(value: Json, rule: str, valid: bool, why: str, divergence: str | None = None) -> Mutation:
    return Mutation((), value, "", rule, valid, why, divergence)


def _site(m: Mutation, path: PathKey, label: str, ctx: Context) -> Mutation:
    """Place a rule at its path; note where upstream's lenient deserializer disagrees."""
    divergence = m.divergence if m.valid else m.divergence or ctx.lenient
    return replace(m, path=path, label=label, divergence=divergence, ambiguous=ctx.ambiguous)


def _lenient(label: str, codes: Codes) -> str:
    return (
        f"upstream's deserializer replaces an invalid `{label}` with its default "
        f"(`{LENIENT}`), so SDKs built like it accept the message; the schema rejects it "
        f"({codes.params})."
    )


def _skips(label: str, codes: Codes) -> str:
    return (
        f"upstream's deserializer drops invalid items of `{label}` (`{SKIP_ITEMS}`), so SDKs "
        f"built like it accept the message; the schema rejects it ({codes.params})."
    )


def _catch_all(node: Mapping[str, Any]) -> bool:
    """A bare ``type: string`` (or integer) variant: what makes an enum open."""
    return node.get("type") in ("string", "integer") and set(node) <= {
        "type",
        "title",
        "description",
        "format",
    }


def _enum_rules(leaf: Leaf, bad: int) -> Iterator[Mutation]:
    known = ", ".join(f"`{v}`" for v in leaf.enum)
    for value in leaf.enum:
        yield _rule(
            value,
            f"enum.{_id_part(str(value))}",
            True,
            f"is one of {known}: `{value}` is a known value.",
        )
    if not all(isinstance(v, str) for v in leaf.enum):
        return
    for rule, new, what in (
        ("unknown", "future_value", "an unknown value (reserved for future ACP values)"),
        (
            "underscore-prefixed",
            "_vendor_value",
            "a value starting with `_` (reserved for extensions)",
        ),
    ):
        if leaf.enum_open:
            why = f"is an open enum (known: {known}, plus a catch-all): {what} is valid."
        else:
            why = f"is a closed enum ({known}): {what} is rejected with {bad}."
        yield _rule(new, f"enum.{rule}", leaf.enum_open, why)


def _length_rules(b: Mapping[str, Any], bad: int) -> Iterator[Mutation]:
    if "minLength" in b and b["minLength"] > 0:
        n = b["minLength"]
        yield _rule(
            "x" * n, "min-length.at", True, f"has minLength {n}: {n} character(s) is valid."
        )
        yield _rule(
            "x" * (n - 1),
            "min-length.below",
            False,
            f"has minLength {n}: {n - 1} character(s) is one short; rejected with {bad}.",
        )
    if "maxLength" in b:
        n = b["maxLength"]
        yield _rule("x" * n, "max-length.at", True, f"has maxLength {n}: {n} characters is valid.")
        yield _rule(
            "x" * (n + 1),
            "max-length.above",
            False,
            f"has maxLength {n}: {n + 1} characters is one too many; rejected with {bad}.",
        )


def _items_rules(b: Mapping[str, Any], items: list[Any], bad: int) -> Iterator[Mutation]:
    """Bounds on items, with the example's own items (repeated as needed)."""
    if b.get("minItems", 0) > 0:
        n = b["minItems"]
        yield _rule(
            (items * n)[:n], "min-items.at", True, f"has minItems {n}: {n} item(s) is valid."
        )
        yield _rule(
            items[: n - 1],
            "min-items.below",
            False,
            f"has minItems {n}: {n - 1} item(s) is one short; rejected with {bad}.",
        )
    if "maxItems" in b:
        n = b["maxItems"]
        yield _rule(
            (items * (n + 1))[:n], "max-items.at", True, f"has maxItems {n}: {n} item(s) is valid."
        )
        yield _rule(
            (items * (n + 2))[: n + 1],
            "max-items.above",
            False,
            f"has maxItems {n}: {n + 1} items is one too many; rejected with {bad}.",
        )


def _annotation_rules(b: Mapping[str, Any]) -> Iterator[Mutation]:
    fmt = b.get("format")
    if fmt in NONCONFORMING:
        parser = FORMAT_PARSERS.get(fmt)
        yield _rule(
            NONCONFORMING[fmt],
            f"format.{fmt}.nonconforming",
            True,
            f"has `format: {fmt}`, an annotation in JSON Schema 2020-12: "
            f"`{NONCONFORMING[fmt]}` is not a {fmt} but the message validates.",
            "validators that assert `format` (python-jsonschema with a format checker)"
            + (f" and typed parsers such as {parser}" if parser else "")
            + " reject it.",
        )
    if b.get("contentEncoding") == "base64":
        yield _rule(
            "not base64!",
            "content-encoding.base64.nonconforming",
            True,
            "has `contentEncoding: base64`, an annotation in JSON Schema 2020-12: text that "
            "is not base64 still validates.",
            "SDKs that decode the content (into bytes) reject it.",
        )


def _range_rules(b: Mapping[str, Any], bad: int) -> Iterator[Mutation]:
    lo, hi = b.get("minimum"), b.get("maximum")
    if lo is not None:
        yield _rule(lo, "minimum.at", True, f"has minimum {lo}: {lo} is valid.")
        yield _rule(
            lo - 1,
            "minimum.below",
            False,
            f"has minimum {lo}: {lo - 1} is below it; rejected with {bad}.",
        )
    if hi is not None:
        yield _rule(hi, "maximum.at", True, f"has maximum {hi}: {hi} is valid.")
        yield _rule(
            hi + 1,
            "maximum.above",
            False,
            f"has maximum {hi}: {hi + 1} is above it; rejected with {bad}.",
        )
    fmt = b.get("format")
    if fmt not in INT_FORMATS:
        return
    fmin, fmax = INT_FORMATS[fmt]
    for rule, value, bound in (("above-range", fmax + 1, hi), ("below-range", fmin - 1, lo)):
        if bound is None:
            yield _rule(
                value,
                f"format.{fmt}.{rule}",
                True,
                f"is `format: {fmt}` with no {'maximum' if value > 0 else 'minimum'}: {value} is "
                f"outside {fmt}, but JSON Schema treats `format` as an annotation, so the "
                "message validates.",
                f"typed SDKs that read `{fmt}` into a fixed-width integer reject {value}.",
            )


def _apply(base: Json, path: PathKey, value: Json) -> Json:
    out = copy.deepcopy(base)
    target = out
    for step in path[:-1]:
        target = target[step]
    if isinstance(value, _Delete):
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return out
