"""generated/schema.json and schema.unstable.json: valid 2020-12, upstream's shape and
def sets, and method-bound at the root."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import jsonschema_rs
import pytest
from acp_spec.defs import DEFS_PREFIX, referenced_names
from acp_spec.document import build_schema
from acp_spec.model import Spec
from jsonschema import Draft202012Validator
from support.paths import REFERENCE, UPSTREAM_V2

ROOT = Path(__file__).resolve().parents[1]
UPSTREAM_DOCS = REFERENCE / "acp-upstream" / "docs" / "protocol" / "v2"
UPSTREAM_SCHEMA = json.loads((UPSTREAM_V2 / "schema.unstable.json").read_text())
UPSTREAM_STABLE = json.loads((UPSTREAM_V2 / "schema.json").read_text())

# Each intended difference from upstream, def by def: anything else that differs fails.
INTENDED = {
    "PromptRequest": "adds the optional, nullable idempotencyKey (RFD v2 Idempotency Keys)",
    "AgentRequest": "binds each method name to its params (anyOf of bindings)",
    "ClientRequest": "binds each method name to its params; mcp/message and session/options",
    "ProxyRequest": "binds each method name to its params",
    "AgentNotification": "binds each method name to its params; mcp/message",
    "ClientNotification": "binds each method name to its params",
    "ProxyNotification": "binds each method name to its params",
    "AgentResponse": "never result and error at once; mcp/message and session/options",
    "ClientResponse": "never result and error at once",
    "ProxyResponse": "never result and error at once",
}
# The defs the spec has that upstream has not.
OURS_ONLY = {"IdempotencyKey", "ProtocolLevelNotification", "SessionOptionsRequest",
             "SessionOptionsResponse"}  # fmt: skip
# Our annotations, and upstream's method keywords: which method a def belongs to, and who
# handles it, are the spec's methods' (tests/test_upstream_types.py compares them).
ANNOTATIONS = {"x-retry-class", "x-stability", "x-method", "x-side"}


@pytest.fixture(scope="module")
def spec(real_spec: Spec) -> Spec:
    return real_spec


@pytest.fixture(scope="module")
def schema(spec: Spec) -> dict[str, Any]:
    return build_schema(spec)


@pytest.fixture(scope="module")
def stable(spec: Spec) -> dict[str, Any]:
    return build_schema(spec, "stable")


@pytest.fixture(scope="module")
def root(schema: dict[str, Any]) -> Draft202012Validator:
    return Draft202012Validator(schema)


@pytest.mark.slow  # both schemas against the meta-schema in python-jsonschema: seconds
def test_valid_against_the_2020_12_meta_schema(
    schema: dict[str, Any], stable: dict[str, Any]
) -> None:
    for document in (schema, stable):
        Draft202012Validator.check_schema(document)
        assert document["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def _without(spec: Spec, drop: set[str], requests_of: set[str]) -> Spec:
    """``spec`` without the methods ``drop``, and the methods ``requests_of`` without their
    request (notification-only)."""
    methods = {
        name: replace(m, calls=tuple(c for c in m.calls if c.kind == "notification"))
        if name in requests_of else m
        for name, m in spec.methods.items()
        if name not in drop
    }  # fmt: skip
    return replace(spec, methods=methods)


PROTOCOL_UNIONS = {"ProtocolLevelNotification", "ProxyRequest", "ProxyResponse", "ProxyNotification"}  # fmt: skip


@pytest.mark.parametrize(
    ("drop", "requests_of", "unions", "roots"),
    [
        ({"$/cancel_request"}, set(), PROTOCOL_UNIONS - {"ProtocolLevelNotification"}, {"Proxy"}),
        ({"proxy/initialize", "proxy/successor"}, set(), {"ProtocolLevelNotification"}, {"ProtocolLevel"}),
        ({"proxy/successor"}, set(), PROTOCOL_UNIONS - {"ProxyNotification"}, {"ProtocolLevel", "Proxy"}),
        ({"proxy/initialize"}, {"proxy/successor"}, {"ProtocolLevelNotification", "ProxyNotification"}, {"ProtocolLevel", "Proxy"}),
    ],
    ids=["no $/ method", "no proxy method", "no proxy notification", "no proxy request"],
)  # fmt: skip
def test_a_spec_without_a_routing_union_s_methods_has_a_valid_schema_without_that_union(
    spec: Spec, drop: set[str], requests_of: set[str], unions: set[str], roots: set[str]
) -> None:
    """A union of no method would be an empty anyOf (no JSON Schema, and a model that
    accepts anything): the union is left out, and so is an envelope of none."""
    document = build_schema(_without(spec, drop, requests_of))
    assert jsonschema_rs.meta.is_valid(document)
    assert PROTOCOL_UNIONS & set(document["$defs"]) == unions
    referred = {ref.removeprefix(DEFS_PREFIX) for ref in referenced_names(document)}
    assert referred <= set(document["$defs"])  # no envelope names a union left out
    titles = {entry["title"] for entry in document["anyOf"]}
    assert titles & {"ProtocolLevel", "Proxy"} == roots


def _differing(ours: dict[str, Any], theirs: dict[str, Any]) -> set[str]:
    """The defs both have that differ (key order included), annotations aside."""
    out = set()
    for name, their_def in theirs["$defs"].items():
        mine = {k: v for k, v in ours["$defs"][name].items() if k not in ANNOTATIONS}
        if json.dumps(mine) != json.dumps(
            {k: v for k, v in their_def.items() if k not in ANNOTATIONS}
        ):
            out.add(name)
    return out


def test_every_upstream_def_is_there_and_the_same_but_for_listed_differences(
    schema: dict[str, Any],
) -> None:
    assert set(schema["$defs"]) - set(UPSTREAM_SCHEMA["$defs"]) == OURS_ONLY
    assert set(UPSTREAM_SCHEMA["$defs"]) <= set(schema["$defs"])
    assert _differing(schema, UPSTREAM_SCHEMA) == set(INTENDED)


def test_the_stable_schema_is_upstreams_schema_json_but_for_the_listed_differences(
    stable: dict[str, Any],
) -> None:
    """Its def set is upstream's stable one and the spec's additions that stable methods
    reach; each shared def is upstream's stable def (unstable parts out, released links),
    but for the stable ones among the intended differences."""
    assert set(stable["$defs"]) - set(UPSTREAM_STABLE["$defs"]) == {
        "IdempotencyKey", "ProtocolLevelNotification",
    }  # fmt: skip
    assert set(UPSTREAM_STABLE["$defs"]) <= set(stable["$defs"])
    assert _differing(stable, UPSTREAM_STABLE) == set(INTENDED) - {
        "ProxyRequest", "ProxyNotification", "ProxyResponse",
    }  # fmt: skip
    text = json.dumps(stable)
    assert "**UNSTABLE**" not in text and "/protocol/v2/draft/" not in text


def test_the_intended_differences_are_the_spec_s_list(spec: Spec) -> None:
    """What this test finds is what upstream › differences says, entry for entry."""
    listed = {d.type for d in spec.upstream.differences}
    assert listed == set(INTENDED) | OURS_ONLY
    routing = {d.type for d in spec.upstream.differences if d.kind == "routing"}
    assert routing == set(INTENDED) - {"PromptRequest"} | {"ProtocolLevelNotification"}


def test_roots_follow_upstreams(schema: dict[str, Any], stable: dict[str, Any]) -> None:
    """Upstream's root entries, and only those (the stable root has no proxies): no JSON-RPC
    batch forms, which upstream's root dropped in 2.2.0."""
    for ours, theirs in ((schema, UPSTREAM_SCHEMA), (stable, UPSTREAM_STABLE)):
        titles = [entry["title"] for entry in ours["anyOf"]]
        assert titles == [e["title"] for e in theirs["anyOf"]]
        assert {entry["type"] for entry in ours["anyOf"]} == {"object"}
    assert "Proxy" not in [entry["title"] for entry in stable["anyOf"]]


def test_params_defs_carry_retry_class_and_stability(schema: dict[str, Any]) -> None:
    defs = schema["$defs"]
    assert defs["PromptRequest"]["x-retry-class"] == "keyed"
    assert defs["NewSessionRequest"]["x-retry-class"] == "duplicating"
    assert defs["UpdateSessionNotification"]["x-retry-class"] == "not_retried"
    assert defs["ForkSessionRequest"]["x-stability"] == "unstable"
    unions = ("AgentRequest", "ClientRequest", "AgentNotification", "ClientNotification",
              "ProxyRequest", "ProxyNotification")  # fmt: skip
    every_params = {
        r["allOf"][0]["$ref"].rsplit("/", 1)[1]
        for union in unions
        for r in defs[union]["properties"]["params"]["anyOf"][0]["anyOf"]
    } - {"ExtRequest", "ExtNotification"}
    assert every_params, "no params defs found"
    for name in every_params:
        assert {"x-retry-class", "x-stability", "x-method", "x-side"} <= set(defs[name]), name


def test_idempotency_key_def(schema: dict[str, Any]) -> None:
    key = schema["$defs"]["IdempotencyKey"]
    assert (key["type"], key["minLength"], key["maxLength"]) == ("string", 1, 255)


def _request(method: str, params: Any, **extra: Any) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": 1, "method": method, "params": params, **extra}


PROMPT = {"sessionId": "sess_1", "prompt": [{"type": "text", "text": "hi"}]}


@pytest.mark.parametrize(
    "batch",
    [
        [_request("session/close", {"sessionId": "s"})],
        [{"jsonrpc": "2.0", "method": "session/cancel", "params": {"sessionId": "s"}}],
        [{"jsonrpc": "2.0", "id": 1, "result": {}}],
    ],
    ids=["a request", "a notification", "a response"],
)
def test_the_root_refuses_a_batch_of_valid_messages(
    root: Draft202012Validator, batch: list[dict[str, Any]]
) -> None:
    assert root.is_valid(batch[0])
    assert not root.is_valid(batch)


@pytest.mark.parametrize(
    ("message", "valid"),
    [
        (_request("session/prompt", PROMPT), True),
        (_request("session/prompt", {**PROMPT, "idempotencyKey": "k"}), True),
        (_request("session/prompt", {**PROMPT, "idempotencyKey": None}), True),
        (_request("session/prompt", {**PROMPT, "idempotencyKey": ""}), False),
        (_request("session/prompt", {**PROMPT, "idempotencyKey": 7}), False),
        (_request("session/prompt", {**PROMPT, "sessionId": 42}), False),
        (_request("session/prompt", {"sessionId": "s"}), False),
        (_request("session/new", PROMPT), False),
        (_request("unknown/method", {}), False),
        (_request("_vendor/thing", {"anything": [1, 2]}), True),
        ({"jsonrpc": "2.0", "method": "session/cancel", "params": {"sessionId": "s"}}, True),
        ({"jsonrpc": "2.0", "method": "session/cancel", "params": {"sessionId": 1}}, False),
        ({"jsonrpc": "2.0", "method": "$/cancel_request", "params": {"requestId": 3}}, True),
        ({"jsonrpc": "2.0", "method": "$/cancel_request", "params": {"requestId": None}}, False),
        ({"jsonrpc": "2.0", "id": 1, "result": {}}, True),
        ({"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "Parse error"}}, True),
        (_request("proxy/successor", {"method": "session/new", "params": {"cwd": "/"}}), True),
        (_request("proxy/successor", PROMPT), False),
        ({"jsonrpc": "2.0", "method": "proxy/successor", "params": {"method": "x"}}, True),
        ({**_request("tool_call/cancel", {"sessionId": "s", "toolCallId": "t"}), "id": None}, False),
    ],
    ids=[
        "prompt", "keyed prompt", "null key", "empty key", "integer key", "numeric sessionId",
        "prompt without prompt", "prompt params under session/new", "unknown method",
        "extension method", "notification", "notification with bad params", "protocol level",
        "null request id to cancel", "response", "error for an unknown id",
        "proxy request", "proxy request with other params", "proxy notification",
        "request with a null id",
    ],
)  # fmt: skip
def test_root_binds_method_names_to_params(
    root: Draft202012Validator, message: dict[str, Any], valid: bool
) -> None:
    assert root.is_valid(message) is valid


def test_upstream_root_does_not_bind_so_this_is_a_real_improvement() -> None:
    upstream = Draft202012Validator(UPSTREAM_SCHEMA)
    assert upstream.is_valid(_request("session/prompt", {**PROMPT, "sessionId": 42}))


def _doc_examples() -> list[tuple[str, dict[str, Any]]]:
    found = []
    for page in sorted(UPSTREAM_DOCS.glob("*.mdx")):
        for index, block in enumerate(
            re.findall(r"```json[^\n]*\n(.*?)```", page.read_text(), re.S)
        ):
            try:
                message = json.loads(block)
            except ValueError:
                continue  # upstream shows fragments and commented JSON too
            if isinstance(message, dict) and message.get("jsonrpc") == "2.0":
                found.append((f"{page.stem}#{index}", message))
    return found


DOC_EXAMPLES = _doc_examples()


def _upstream_accepts(message: dict[str, Any]) -> bool:
    """Whether upstream's own definition of the message's method accepts its params."""
    defs = UPSTREAM_SCHEMA["$defs"]
    method = message.get("method")
    if method is None:
        return Draft202012Validator(UPSTREAM_SCHEMA).is_valid(message)
    target = [
        n for n, d in defs.items() if d.get("x-method") == method and not n.endswith("Response")
    ]
    if not target:
        return False
    return any(
        Draft202012Validator({"$ref": f"#/$defs/{n}", "$defs": defs}).is_valid(
            message.get("params")
        )
        for n in target
    )


def test_upstream_docs_have_examples() -> None:
    assert len(DOC_EXAMPLES) > 30


@pytest.mark.parametrize(("where", "message"), DOC_EXAMPLES, ids=[w for w, _ in DOC_EXAMPLES])
def test_upstream_doc_examples_validate(
    root: Draft202012Validator, where: str, message: dict[str, Any]
) -> None:
    if not _upstream_accepts(message):
        pytest.skip("upstream's own definitions reject this example")
    errors = [e.message for e in root.iter_errors(message)]
    assert not errors, f"{where}: {errors[:3]}"
