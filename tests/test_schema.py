"""generated/schema.json: valid 2020-12, upstream's shape, and method-bound at the root."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from acp_spec.document import build_schema
from acp_spec.spec import load_spec
from conftest import REFERENCE
from jsonschema import Draft202012Validator

ROOT = Path(__file__).resolve().parents[1]
UPSTREAM = REFERENCE / "acp-upstream"
UPSTREAM_SCHEMA = json.loads((UPSTREAM / "schema/v2/schema.unstable.json").read_text())

# Each intended difference from upstream, def by def: anything else that differs fails.
INTENDED = {
    "PromptRequest": "adds the optional, nullable idempotencyKey (RFD v2 Idempotency Keys)",
    "PromptResponse": "adds the optional, nullable messageId a keyed retry is answered with",
    "AgentRequest": "binds each method name to its params (anyOf of bindings)",
    "ClientRequest": "binds each method name to its params; adds the RFD-proposed methods",
    "AgentNotification": "binds each method name to its params",
    "ClientNotification": "binds each method name to its params; adds the RFD-proposed methods",
    "ProtocolLevelNotification": "binds each method name to its params",
    "AgentResponse": "adds results of the RFD-proposed methods",
    "ClientResponse": "adds results of the RFD-proposed methods",
}
RETRY_KEYS = {"x-retry-class", "x-stability"}


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    return build_schema(load_spec(ROOT / "spec/acp-v2.yaml"))


@pytest.fixture(scope="module")
def root(schema: dict[str, Any]) -> Draft202012Validator:
    return Draft202012Validator(schema)


def test_valid_against_the_2020_12_meta_schema(schema: dict[str, Any]) -> None:
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_every_upstream_def_is_there_and_the_same_but_for_listed_differences(
    schema: dict[str, Any],
) -> None:
    ours = schema["$defs"]
    differing = set()
    for name, theirs in UPSTREAM_SCHEMA["$defs"].items():
        assert name in ours, f"upstream def {name} is missing"
        mine = {k: v for k, v in ours[name].items() if k not in RETRY_KEYS}
        if mine != theirs:
            differing.add(name)
    assert differing == set(INTENDED)


def test_params_defs_carry_retry_class_and_stability(schema: dict[str, Any]) -> None:
    defs = schema["$defs"]
    assert defs["PromptRequest"]["x-retry-class"] == "keyed"
    assert defs["NewSessionRequest"]["x-retry-class"] == "duplicating"
    assert defs["UpdateSessionNotification"]["x-retry-class"] == "not_retried"
    assert defs["ForkSessionRequest"]["x-stability"] == "unstable"
    every_params = {
        r["allOf"][0]["$ref"].rsplit("/", 1)[1]
        for union in ("AgentRequest", "ClientRequest", "AgentNotification", "ClientNotification")
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
        ({"jsonrpc": "2.0", "id": 1, "result": {}}, True),
    ],
    ids=[
        "prompt", "keyed prompt", "null key", "empty key", "integer key", "numeric sessionId",
        "prompt without prompt", "prompt params under session/new", "unknown method",
        "extension method", "notification", "notification with bad params", "protocol level",
        "response",
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
    for page in sorted((UPSTREAM / "docs/protocol/v2").glob("*.mdx")):
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
