"""The spec's types are upstream's v2 types, expanded back to exactly what upstream writes.

Every def of upstream's schema.unstable.json (of the release the spec follows,
@agentclientprotocol/sdk 2.4.0; except the routing unions the generator derives from the
methods) is a type of the same name in spec/acp-v2.yaml, and ``acp_spec.defs.expand_types``
turns it back into upstream's def. The only differences are listed in INTENDED_DIFFERENCES
and SPEC_ONLY_TYPES; a new difference fails, and so does a listed one that is gone.
"""

from __future__ import annotations

import copy
import functools
import json
from dataclasses import replace
from typing import Any

import pytest
from acp_spec.index import index_of
from acp_spec.model import Spec
from acp_spec.rules.common import Written
from acp_spec.rules.upstream import types_follow_upstream
from jsonschema import Draft202012Validator
from support.paths import UPSTREAM_V2

UPSTREAM_UNSTABLE = UPSTREAM_V2 / "schema.unstable.json"
# upstream's routing unions (the spec derives them, ProtocolLevelNotification too, which
# upstream writes inline in its root)
ROUTING_UNIONS = frozenset({
    "AgentRequest", "AgentResponse", "AgentNotification", "ClientRequest",
    "ClientResponse", "ClientNotification", "ProxyRequest", "ProxyResponse",
    "ProxyNotification",
})  # fmt: skip
# Upstream keywords that name the method a def belongs to; the spec keeps that in `methods`.
METHOD_KEYWORDS = ("x-side", "x-method")

# def -> the properties the RFD "v2 Idempotency Keys" adds to it, each optional and nullable.
INTENDED_DIFFERENCES: dict[str, frozenset[str]] = {
    "PromptRequest": frozenset({"idempotencyKey"}),
}
# The spec's types upstream lacks: the RFD's key, and the proposed session/options.
SPEC_ONLY_TYPES = frozenset({"IdempotencyKey", "SessionOptionsRequest", "SessionOptionsResponse"})
# Methods the spec sends both ways where upstream has one (the RFD audits both directions).
BOTH_WAYS = frozenset({"mcp/message"})

UPSTREAM_DEFS: dict[str, Any] = json.loads(UPSTREAM_UNSTABLE.read_text(encoding="utf-8"))["$defs"]
COMPARED = sorted(set(UPSTREAM_DEFS) - ROUTING_UNIONS)


def upstream_def(name: str) -> dict[str, Any]:
    """Upstream's def without the method keywords (top level only: that is where they are)."""
    return {k: v for k, v in UPSTREAM_DEFS[name].items() if k not in METHOD_KEYWORDS}


def without_intended(name: str, ours: dict[str, Any]) -> dict[str, Any]:
    """Our def with the intended additions taken out again."""
    out = copy.deepcopy(ours)
    for prop in INTENDED_DIFFERENCES.get(name, ()):
        assert prop in out.get("properties", {}), f"{name} should add {prop}"
        del out["properties"][prop]
        if prop in out.get("required", []):
            out["required"].remove(prop)
    return out


def nullable(schema: Any) -> bool:
    """Whether a schema (as written, without following $ref) admits null."""
    if not isinstance(schema, dict):
        return schema is True
    kind = schema.get("type")
    if kind == "null" or (isinstance(kind, list) and "null" in kind):
        return True
    return any(nullable(s) for key in ("anyOf", "oneOf") for s in schema.get(key, []))


def test_upstream_has_the_defs_we_compare() -> None:
    assert set(UPSTREAM_DEFS) >= ROUTING_UNIONS
    assert "ProtocolLevelNotification" not in UPSTREAM_DEFS
    assert len(COMPARED) > 200


def test_every_upstream_def_is_a_spec_type(real_spec: Spec) -> None:
    missing = [name for name in COMPARED if name not in real_spec.types]
    assert missing == []


def test_the_spec_has_no_other_types_than_upstreams_and_the_intended(real_spec: Spec) -> None:
    assert set(real_spec.types) - set(UPSTREAM_DEFS) == SPEC_ONLY_TYPES


def test_the_spec_lists_exactly_these_differences(real_spec: Spec) -> None:
    """What the spec says it changes (upstream › differences) is what this test finds."""
    listed = {(d.type, d.kind, frozenset(d.adds)) for d in real_spec.upstream.differences}
    types: set[tuple[str, str, frozenset[str]]] = {
        (n, "new-type", frozenset()) for n in SPEC_ONLY_TYPES
    }
    props = {(n, "new-properties", adds) for n, adds in INTENDED_DIFFERENCES.items()}
    assert {d for d in listed if d[1] != "routing"} == types | props
    assert all(d.why.strip() for d in real_spec.upstream.differences)


def test_routing_unions_are_not_spec_types(real_spec: Spec) -> None:
    assert ROUTING_UNIONS.isdisjoint(real_spec.types)


@pytest.mark.parametrize("name", COMPARED)
def test_def_keeps_properties_required_nullability_and_description(
    expanded_defs: dict[str, dict[str, Any]], name: str
) -> None:
    assert name in expanded_defs, f"upstream def {name} is not a spec type"
    ours, theirs = expanded_defs[name], upstream_def(name)
    added = INTENDED_DIFFERENCES.get(name, frozenset())
    our_props = ours.get("properties", {})
    their_props = theirs.get("properties", {})
    assert set(our_props) == set(their_props) | added
    assert set(ours.get("required", [])) == set(theirs.get("required", []))
    assert nullable(ours) == nullable(theirs)
    for prop, schema in their_props.items():
        assert nullable(our_props[prop]) == nullable(schema), f"{name}.{prop}"
        assert our_props[prop].get("description") == schema.get("description"), f"{name}.{prop}"
    assert ours.get("description") == theirs.get("description")
    assert ours.get("type") == theirs.get("type")


def test_expanded_defs_equal_upstream_but_for_the_intended_differences(
    expanded_defs: dict[str, dict[str, Any]],
) -> None:
    """The strongest check: def for def, equal to upstream's JSON, or differing as listed."""
    differing: dict[str, str] = {}
    for name in COMPARED:
        ours, theirs = expanded_defs[name], upstream_def(name)
        if ours == theirs:
            continue
        if name in INTENDED_DIFFERENCES and without_intended(name, ours) == theirs:
            differing[name] = "as intended"
        else:
            differing[name] = "differs from upstream beyond INTENDED_DIFFERENCES"
    assert differing == dict.fromkeys(INTENDED_DIFFERENCES, "as intended")


def test_expanded_defs_keep_upstreams_key_order(expanded_defs: dict[str, dict[str, Any]]) -> None:
    out_of_order = [
        name
        for name in COMPARED
        if json.dumps(without_intended(name, expanded_defs[name])) != json.dumps(upstream_def(name))
    ]
    assert out_of_order == []


@pytest.mark.parametrize(("name", "added"), sorted(INTENDED_DIFFERENCES.items()))
def test_intended_additions_are_optional_and_nullable(
    expanded_defs: dict[str, dict[str, Any]], name: str, added: frozenset[str]
) -> None:
    ours = expanded_defs[name]
    for prop in added:
        assert prop in ours["properties"], f"{name}.{prop}"
        assert prop not in ours.get("required", []), f"{name}.{prop} must stay optional"
        assert nullable(ours["properties"][prop]), f"{name}.{prop} must accept null"
        assert prop not in UPSTREAM_DEFS[name].get("properties", {}), "not a difference any more"


def test_x_method_and_x_side_are_the_spec_methods(real_spec: Spec) -> None:
    """Upstream's method keywords, dropped from the types, live on in the spec's methods."""
    tagged = {n: d for n, d in UPSTREAM_DEFS.items() if "x-method" in d}
    assert tagged, "upstream defs carry x-method"
    for name, theirs in tagged.items():
        method = real_spec.methods.get(theirs["x-method"])
        assert method is not None, f"{name}: method {theirs['x-method']} is not in the spec"
        used = {c.params for c in method.calls} | {c.result for c in method.calls if c.result}
        assert name in used, f"{name} is not params or result of {method.name}"
        if method.name in BOTH_WAYS:
            assert method.side == "both" and theirs.get("x-side") in ("agent", "client"), name
        else:
            assert theirs.get("x-side") == method.side, name


def test_prompt_response_message_id_is_required_as_upstream(
    expanded_defs: dict[str, dict[str, Any]],
) -> None:
    """The spec once made it optional; upstream requires it, which the RFD's keyed retry
    needs (a retry is answered with the original message's id)."""
    response = expanded_defs["PromptResponse"]
    assert "messageId" in response["required"]
    assert not nullable(response["properties"]["messageId"])


# ── IdempotencyKey ──


@pytest.fixture(scope="module")
def validator_for(expanded_defs: dict[str, dict[str, Any]]) -> Any:
    """A validator per def, over every expanded def (so references resolve as upstream's)."""
    Draft202012Validator.check_schema({"$defs": expanded_defs})

    @functools.cache
    def make(name: str) -> Draft202012Validator:
        return Draft202012Validator({"$defs": expanded_defs, "$ref": f"#/$defs/{name}"})

    return make


def test_idempotency_key_def(expanded_defs: dict[str, dict[str, Any]]) -> None:
    key = expanded_defs["IdempotencyKey"]
    assert key["type"] == "string"
    assert key["minLength"] == 1
    assert key["maxLength"] == 255
    assert key["description"].strip()


def test_prompt_request_key_is_optional_nullable_and_typed(
    expanded_defs: dict[str, dict[str, Any]],
) -> None:
    request = expanded_defs["PromptRequest"]
    prop = request["properties"]["idempotencyKey"]
    assert "idempotencyKey" not in request.get("required", [])
    assert {"type": "null"} in prop["anyOf"]
    assert {"$ref": "#/$defs/IdempotencyKey"} in prop["anyOf"]


KEY_VALUES = [
    pytest.param("", False, id="empty"),
    pytest.param("a", True, id="one-char"),
    pytest.param("a" * 255, True, id="255-ascii"),
    pytest.param("a" * 256, False, id="256-ascii"),
    pytest.param("\U0001f600" * 255, True, id="255-emoji-code-points"),
    pytest.param("\U0001f600" * 256, False, id="256-emoji"),
    pytest.param("550e8400-e29b-41d4-a716-446655440000", True, id="uuid"),
    pytest.param(None, True, id="null"),
    pytest.param(5, False, id="integer"),
    pytest.param(["k"], False, id="list"),
]


@pytest.mark.parametrize(("value", "valid"), KEY_VALUES)
def test_prompt_request_idempotency_key_values(validator_for: Any, value: Any, valid: bool) -> None:
    request = {
        "sessionId": "sess_abc123def456",
        "prompt": [{"type": "text", "text": "Hi"}],
        "idempotencyKey": value,
    }
    errors = list(validator_for("PromptRequest").iter_errors(request))
    if valid:
        assert errors == []
    else:
        assert errors, f"{value!r} should be rejected"
        assert {tuple(e.absolute_path) for e in errors} == {("idempotencyKey",)}


def test_prompt_request_without_a_key_is_valid(validator_for: Any) -> None:
    request = {"sessionId": "sess_abc123def456", "prompt": [{"type": "text", "text": "Hi"}]}
    assert list(validator_for("PromptRequest").iter_errors(request)) == []


@pytest.mark.parametrize(
    ("value", "valid"),
    [p for p in KEY_VALUES if p.id not in {"null"}],
    ids=[p.id for p in KEY_VALUES if p.id not in {"null"}],
)
def test_idempotency_key_alone(validator_for: Any, value: Any, valid: bool) -> None:
    assert validator_for("IdempotencyKey").is_valid(value) is valid


def test_idempotency_key_alone_rejects_null(validator_for: Any) -> None:
    assert not validator_for("IdempotencyKey").is_valid(None)


def _written(spec: Spec) -> Written:
    return Written(frozenset(spec.types), frozenset(spec.errors), frozenset(spec.retry_classes))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        # equal values to Python, not the same JSON: each is a difference
        (lambda d: {**d, "minimum": 0.0}, "at /minimum: it has 0 where upstream has 0.0"),
        (lambda d: dict(reversed(d.items())), "orders its keys differently"),
        (lambda d: {**d, "minimum": False}, "at /minimum: it has 0 where upstream has false"),
    ],
)
def test_a_def_equal_in_value_but_not_in_json_differs_from_upstream(
    real_spec: Spec, change: Any, message: str
) -> None:
    upstream = copy.deepcopy(real_spec.upstream.unstable)
    assert upstream is not None
    upstream["$defs"]["ProtocolVersion"] = change(upstream["$defs"]["ProtocolVersion"])
    spec = replace(real_spec, upstream=replace(real_spec.upstream, unstable=upstream))
    found = [
        d.message for d in types_follow_upstream(spec, index_of(real_spec), _written(real_spec))
    ]
    assert len(found) == 1 and "type ProtocolVersion differs from upstream" in found[0], found
    assert message in found[0]
