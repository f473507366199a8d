"""Cases from the v2 Idempotency Keys RFD, for every method whose params hold an
``IdempotencyKey`` (at any field path ``index.key_path`` finds): the key's own rules
(code points counted, escapes decoded, anything else rejected), retries, and carriers
that forward a keyed message."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Sequence

from ...defs import ref_target
from ...index import Index
from ...model import Method, Spec
from .cases import (
    DELETE,
    PLACEHOLDER,
    Case,
    Codes,
    Json,
    apply,
    file_slug,
    message,
    splice,
    text,
)

# A carrier (proxy/successor) has this retry class: the carried message's.
AS_CARRIED = "as_carried"
UUID = "0b6f3c1e-8d2a-4c57-9a41-5e2f7d90c3ab"
KEYED_ABOUT = (
    "`{key}` on `{method}`: an optional, nullable string of 1 to 255 Unicode code points "
    "(RFD v2 Idempotency Keys); any other value is rejected with {bad} and never treated as "
    "omitted."
)
# Why each key case is valid or not ({key}: the key's path in the params, {name}: its
# member name, {bad}: invalid params' code).
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
    "outside-params": "`{name}` at the envelope, outside `params`: JSON-RPC and the schema allow other envelope members and receivers ignore them, so it is no key at all. The message is valid and the prompt is unkeyed.",
    "outside-params-not-validated": "An empty `{name}` at the envelope, outside `params`: ignored like any other envelope member, so not rejected; the prompt is unkeyed.",
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


def label(path: tuple[str, ...]) -> str:
    """The key's path as the descriptions name it: `idempotencyKey`, `options.idempotencyKey`."""
    return ".".join(path)


def key_example(method: Method, path: tuple[str, ...]) -> Json:
    """A copy of the params the key cases are built on: the first request example's, or the
    first that holds the object the key is in, if the key is nested and the first lacks it
    (the object may require more than the key)."""
    requests = [e.params for e in method.examples if e.kind == "request"]
    if not requests:
        # a rule must catch this first: a keyed method needs a request example
        raise ValueError(f"the vectors need a request example of {method.name}")
    holding = (p for p in requests if isinstance(_member(p, path[:-1]), dict))
    return copy.deepcopy(next(holding, requests[0]))


def _member(value: Json, path: tuple[str, ...]) -> Json:
    for step in path:
        value = value.get(step) if isinstance(value, dict) else None
    return value


def keyed_cases(method: Method, slug: str, path: tuple[str, ...], codes: Codes) -> list[Case]:
    """The RFD's key rules, each a message with the key at ``path`` in the params."""
    base = apply(key_example(method, path), path, DELETE)
    bad, unkeyed, name = codes.params, message("request", method.name, base), path[-1]

    def with_key(value: Json) -> str:
        return text(message("request", method.name, apply(base, path, value)))

    def raw(json_value: str) -> str:
        return splice(message("request", method.name, apply(base, path, PLACEHOLDER)), json_value)

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
        "duplicate-member": (raw(f'"{UUID}",{text(name)}:""'), bad),
        "outside-params": (text({**unkeyed, name: UUID}), None),
        "outside-params-not-validated": (text({**unkeyed, name: ""}), None),
        "not-a-string.integer": (with_key(42), bad),
        "not-a-string.float": (with_key(1.5), bad),
        "not-a-string.true": (with_key(True), bad),
        "not-a-string.false": (with_key(False), bad),
        "not-a-string.array": (with_key([UUID]), bad),
        "not-a-string.object": (with_key({"key": UUID}), bad),
    }
    return [
        Case(f"{slug}.idempotency-key.{case}", KEYED_WHY[case].format(key=label(path), name=name,
             bad=bad), msg, error, KEYED_DIVERGENCE.get(case))
        for case, (msg, error) in messages.items()
    ]  # fmt: skip


def retry_cases(method: Method, slug: str, path: tuple[str, ...]) -> list[Case]:
    base = key_example(method, path)
    keyed, unkeyed = apply(base, path, UUID), apply(base, path, DELETE)
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


def carried_cases(spec: Spec, index: Index, method: Method, slug: str, codes: Codes) -> list[Case]:
    """A carrier (retry class `as_carried`, with `method` and `params`) forwarding keyed params."""
    assert method.request is not None
    props = index.shapes.properties({"$ref": ref_target(method.request.params)})
    if method.retry_class != AS_CARRIED or not {"method", "params"} <= set(props):
        return []
    cases, bad = [], codes.params
    for keyed in sorted(spec.methods.values(), key=lambda m: m.name):
        if (path := index.keys.key_property(keyed)) is None:
            continue
        params = apply(key_example(keyed, path), path, UUID)
        carried, empty = {"method": keyed.name, "params": params}, apply(params, path, "")
        p, key = f"{slug}.carried.{file_slug(keyed.name)}", label(path)
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


def check_key_cases(method: Method, cases: Sequence[Case], accepts: Callable[[Json], bool]) -> None:
    """Refuse key and retry cases the params schema contradicts.

    Their expectations are the RFD's (an optional, nullable string of 1 to 255 code points),
    written here rather than derived from the schema; a spec whose key differs would get
    vectors that disagree with its own generated/schema.unstable.json.
    """
    wrong = [c.id for c in cases if accepts(json.loads(c.message)["params"]) != (c.error is None)]
    if wrong:
        # a rule must catch this first: the key field and IdempotencyKey as the RFD has them
        raise ValueError(
            f"the params schema of {method.name} disagrees with the RFD's key rules on "
            f"{', '.join(wrong)}: its key must be an optional, nullable IdempotencyKey "
            "(a string of 1 to 255 code points), and a request example (one that holds the "
            "key's object, if the key is nested) must stay valid with any such key"
        )
