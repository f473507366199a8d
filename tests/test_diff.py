"""acp-spec diff: real upstream history, every rule of the catalog on synthetic pairs (one
case that triggers it and one that must not), the spec's own view, and the command end to
end (exit codes, formats, git: inputs, positioned errors, --accept)."""

from __future__ import annotations

import itertools
import json
import subprocess
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import pytest
from acp_spec.cli import main
from acp_spec.diagnostics import Position
from acp_spec.diff import (
    CallFacts,
    Finding,
    MethodFacts,
    ProtocolView,
    compare,
    schema_view,
    skipped,
    view_of_spec,
)
from acp_spec.diff.accept import Entry, judge
from acp_spec.diff.catalog import BY_ID, RULES
from acp_spec.diff.view import FACTS, Fact
from acp_spec.diff_inputs import view_of_json
from acp_spec.index import schema_index
from acp_spec.model import DERIVED_TYPE_NAMES, DIRECTIONS, Kind, Sender, Spec
from jsonschema import Draft202012Validator
from support.paths import REFERENCE, REPO

SNAPSHOTS = {
    "b7f0005": REFERENCE / "acp-upstream" / "schema" / "v2",
    **{
        v: REFERENCE / "acp-upstream-npm" / f"sdk-{v}" / "schema" / "v2"
        for v in ("2.0.0", "2.1.0", "2.2.0", "2.4.0")
    },
}
RELEASES = list(SNAPSHOTS)
OUTPUT_SCHEMA = REPO / "tooling" / "acp_spec" / "diff.schema.json"


@pytest.fixture(scope="module")
def snapshots() -> dict[str, ProtocolView]:
    """Each upstream release's schema.unstable.json (schema.json beside it gives stability)."""
    return {
        name: view_of_json(folder / "schema.unstable.json", name)
        for name, folder in SNAPSHOTS.items()
    }


@pytest.fixture(scope="module")
def history(snapshots: dict[str, ProtocolView]) -> dict[str, list[Finding]]:
    """The findings of each consecutive pair, keyed by the newer release."""
    return {
        new: compare(snapshots[old], snapshots[new]) for old, new in itertools.pairwise(RELEASES)
    }


def find(findings: list[Finding], rule: str, where: str) -> Finding:
    found = [f for f in findings if f.rule == rule and f.where == where]
    assert len(found) == 1, (rule, where, [(f.rule, f.where) for f in findings if f.where == where])
    return found[0]


def places(findings: list[Finding], rule: str) -> set[str]:
    return {f.where for f in findings if f.rule == rule}


# ── real history: five consecutive upstream releases ──


def test_b7f0005_to_2_0_0(history: dict[str, list[Finding]]) -> None:
    found = history["2.0.0"]
    message_id = find(
        found, "property-required-added", "#/$defs/PromptResponse/properties/messageId"
    )
    assert message_id.severity == "breaking" and message_id.methods == ("session/prompt",)
    # a result: old Agents write it, new Clients read it
    assert "old Agents" in message_id.message and "new Clients" in message_id.message
    removed = places(found, "method-removed")
    assert {"nes/start", "nes/suggest", "mcp/connect", "document/didOpen"} <= removed
    assert "session/prompt" not in removed
    # the nes capability defs go as one finding per root, not one per def
    nes = find(found, "def-removed", "#/$defs/NesCapabilities")
    assert "NesContextCapabilities" in nes.message
    assert "#/$defs/NesContextCapabilities" not in places(found, "def-removed")
    # upstream's 2.0.0 splits mcp/message: the request goes agent → client, the
    # notification client → agent
    directions = [f for f in found if f.rule == "method-direction-changed"]
    assert {f.where for f in directions} == {"mcp/message"} and len(directions) == 2
    # StopReason folded into IdleStateUpdate's variants: one move and the new `error`
    # reason, not five stop reasons removed
    find(found, "values-moved", "#/$defs/IdleStateUpdate")
    error = find(found, "open-variant-added", "#/$defs/IdleStateUpdate/anyOf/5")
    assert "IdleStateUpdate<error> added" in error.message
    assert not [f for f in found if f.where.startswith("#/$defs/StopReason/")]
    update = find(found, "open-variant-added", "#/$defs/SessionUpdate/anyOf/20")
    assert update.severity == "info" and "subagent_update" in update.message
    assert "old Clients" in update.message


def test_2_0_0_to_2_1_0(history: dict[str, list[Finding]]) -> None:
    found = history["2.1.0"]
    renamed = find(found, "def-renamed", "#/$defs/ClientAuthCapabilities")
    assert "AuthCapabilities is now called ClientAuthCapabilities" in renamed.message
    assert "#/$defs/AuthCapabilities" not in places(found, "def-removed")
    assert "#/$defs/ClientAuthCapabilities" not in places(found, "def-added")
    # an object became an open union of a tagged variant built on it: the tag is now required
    tag = find(found, "property-required-added", "#/$defs/AvailableCommand/anyOf/0/properties/type")
    assert "old Agents" in tag.message
    line = find(found, "constraint-tightened", "#/$defs/ToolCallLocation/properties/line")
    assert "minimum 0 → 1" in line.message
    # uint32 → int64: every old value stays valid, so not breaking (before: constraint-
    # changed, "old Agents may send what new Clients refuse" too); minimum 0 → none is a
    # loosening, breaking forward as type-widened is
    exit_code = "#/$defs/TerminalExitStatus/properties/exitCode"
    widened = find(found, "integer-format-widened", exit_code)
    assert widened.severity == "warning" and "every old value stays valid" in widened.message
    loosened = find(found, "constraint-loosened", exit_code)
    assert loosened.severity == "breaking" and "minimum 0 → none" in loosened.message
    assert exit_code not in places(found, "constraint-changed")


def test_2_1_0_to_2_2_0(history: dict[str, list[Finding]]) -> None:
    found = history["2.2.0"]
    prompt = find(found, "constraint-tightened", "#/$defs/PromptRequest/properties/prompt")
    assert prompt.severity == "breaking" and prompt.methods == ("session/prompt",)
    assert "minItems none → 1" in prompt.message
    assert "old Clients" in prompt.message and "new Agents" in prompt.message
    batches = [f for f in found if f.rule == "envelope-removed"]
    assert sorted(f.message.split()[5] for f in batches) == [
        "AgentBatchCall", "AgentBatchResponse", "ClientBatchCall", "ClientBatchResponse",
    ]  # fmt: skip
    find(found, "constraint-loosened", "#/$defs/Cost/properties/currency")
    # the member that takes any value is a catch-all, not a closed variant
    find(found, "union-opened", "#/$defs/ElicitationContentValue/anyOf/5")
    assert "#/$defs/ElicitationContentValue/anyOf/5" not in places(found, "closed-variant-added")
    # Error.data: every response carries an Error, so every request method is affected
    data = find(found, "constraint-tightened", "#/$defs/Error/properties/data")
    assert {"session/prompt", "initialize", "session/new"} <= set(data.methods)


def test_2_2_0_to_2_4_0_only_adds(history: dict[str, list[Finding]]) -> None:
    found = history["2.4.0"]
    assert {f.severity for f in found} == {"info"}, [f for f in found if f.severity != "info"]
    assert {"session/archive", "proxy/initialize", "tool_call/cancel"} <= places(
        found, "method-added"
    )
    paused = find(found, "open-variant-added", "#/$defs/ToolCallStatus/anyOf/2")
    assert "paused" in paused.message


def test_history_is_deterministic(snapshots: dict[str, ProtocolView]) -> None:
    first = compare(snapshots["b7f0005"], snapshots["2.4.0"])
    assert first == compare(snapshots["b7f0005"], snapshots["2.4.0"])
    assert first == sorted(first, key=Finding.sort_key)


def test_routing_unions_are_not_compared_as_values(history: dict[str, list[Finding]]) -> None:
    for found in history.values():
        assert not any(f.def_name in DERIVED_TYPE_NAMES for f in found if f.rule != "docs-changed")


def test_upstream_methods_and_stability(snapshots: dict[str, ProtocolView]) -> None:
    old, new = snapshots["b7f0005"], snapshots["2.4.0"]
    assert old.methods["session/prompt"].stability == "stable"
    assert old.methods["session/fork"].stability == "unstable"
    prompt = new.methods["session/prompt"].call("request")
    assert prompt == CallFacts("request", "PromptRequest", "PromptResponse", "client-to-agent")
    mcp = new.methods["mcp/message"]
    assert [(c.kind, c.sender) for c in mcp.calls] == [
        ("request", "agent-to-client"), ("notification", "client-to-agent"),
    ]  # fmt: skip
    # upstream's x-side "proxy" does not say which way: unknown, judged both ways
    assert new.methods["proxy/initialize"].calls[0].sender is None
    assert any("proxy/initialize" in note for note in new.notes)


def test_stability_unknown_without_both_files(tmp_path: Path) -> None:
    lone = tmp_path / "schema.unstable.json"
    lone.write_bytes((SNAPSHOTS["2.4.0"] / "schema.unstable.json").read_bytes())
    view = view_of_json(lone, "lone")
    assert "stability" not in view.carries
    assert view.methods["session/prompt"].stability is None
    notes = skipped(view, view)
    assert any("stability" in note for note in notes)
    assert any("retry classes" in note for note in notes)


# ── the spec ──


@pytest.fixture(scope="module")
def spec_view(real_spec: Spec) -> ProtocolView:
    return view_of_spec(real_spec, "spec")


def test_spec_against_itself_finds_nothing(spec_view: ProtocolView) -> None:
    assert compare(spec_view, spec_view) == []
    assert skipped(spec_view, spec_view) == []


def test_spec_view_carries_the_method_facts(spec_view: ProtocolView) -> None:
    prompt = spec_view.methods["session/prompt"]
    assert prompt.retry == (("client-to-agent", "keyed"),)
    assert prompt.key_path == ("idempotencyKey",)
    assert prompt.stability == "stable" and prompt.audited is True
    assert spec_view.error_codes["invalid_params"] == -32602
    assert set(spec_view.carries) == set(FACTS)


def test_spec_against_its_upstream_shows_only_real_differences(
    real_spec: Spec, spec_view: ProtocolView
) -> None:
    """The spec against the upstream snapshot it follows: a few findings, not hundreds. No
    value of a def both have differs but for the spec's listed differences (``check``
    proves the types equal upstream's), and the routing unions' method binding is one
    finding per union; the method table may differ on purpose (proposed methods, say)."""
    upstream = view_of_json(REPO / "spec" / "upstream" / "schema.unstable.json", "upstream")
    found = compare(upstream, spec_view)
    assert len(found) < 60, len(found)
    listed = {
        f"#/$defs/{d.type}/properties/{name}"
        for d in real_spec.upstream.differences
        for name in d.adds
    }
    assert places(found, "property-added") == listed
    assert "#/$defs/IdempotencyKey" in places(found, "def-added")
    values = [f for f in found if BY_ID[f.rule].group in ("values", "defs")]
    assert {f.rule for f in values} <= {"property-added", "def-added"}, values
    routing = [f.def_name or "" for f in found if f.rule == "method-binding-added"]
    assert sorted(routing) == sorted(n for n in DERIVED_TYPE_NAMES if "Response" not in n)


def test_a_schema_alone_answers_reachability() -> None:
    index = schema_index({"$defs": {
        "A": {"type": "object", "properties": {"b": {"$ref": "#/$defs/B"}}},
        "B": {"type": "array", "items": {"$ref": "#/$defs/C"}}, "C": {"type": "string"},
    }})  # fmt: skip
    assert index.refs.reachable("A") == {"A", "B", "C"}
    assert index.refs.reachable("C") == {"C"}


# ── every rule: a synthetic pair that triggers it and one that must not ──

PROMPT, UPDATE = "session/prompt", "session/update"
STRING = {"type": "string"}


def _method(
    name: str, kind: Kind = "request", sender: Sender | None = "client-to-agent", **facts: Any
) -> MethodFacts:
    params = {PROMPT: "PromptRequest", UPDATE: "UpdateNotification"}.get(name, "OtherRequest")
    result = {PROMPT: "PromptResponse"}.get(name, "OtherResponse") if kind == "request" else None
    call = CallFacts(kind, params, result, sender)
    base: dict[str, Any] = {
        "stability": "stable", "capability": None, "errors": ("invalid_params",),
        "retry": ((sender if sender in DIRECTIONS else DIRECTIONS[0], "idempotent"),),
        "audited": True, "key_path": None,
    }  # fmt: skip
    base.update(facts)
    return MethodFacts(name, (call,), **base)


def _defs(**changes: Any) -> dict[str, Any]:
    defs: dict[str, Any] = {
        "PromptRequest": {"type": "object", "properties": {"sessionId": STRING}, "required": ["sessionId"]},
        "PromptResponse": {"type": "object", "properties": {"stopReason": {"$ref": "#/$defs/StopReason"}}},
        "UpdateNotification": {"type": "object", "properties": {"sessionId": STRING}},
        "StopReason": {"anyOf": [{"type": "string", "const": "end_turn"}, {"title": "other", "type": "string"}]},
        "OtherRequest": {"type": "object", "properties": {}},
        "OtherResponse": {"type": "object", "properties": {}},
    }  # fmt: skip
    for name, schema in changes.items():
        if schema is None:
            defs.pop(name, None)
        else:
            defs[name] = schema
    return defs


def view(
    defs: Mapping[str, Any] | None = None,
    methods: list[MethodFacts] | None = None,
    *,
    carries: frozenset[Fact] = frozenset(FACTS),
    root: list[dict[str, Any]] | None = None,
    errors: Mapping[str, int] | None = None,
) -> ProtocolView:
    listed = (
        methods
        if methods is not None
        else [_method(PROMPT), _method(UPDATE, "notification", "agent-to-client")]
    )
    return ProtocolView(
        label="synthetic",
        schema={"anyOf": root or [], "$defs": dict(defs if defs is not None else _defs())},
        methods={m.name: m for m in listed},
        carries=carries,
        error_codes=errors or {"invalid_params": -32602},
    )


def field(
    old: Any, new: Any, *, old_required: bool = False, new_required: bool = False
) -> tuple[ProtocolView, ProtocolView]:
    """Two views whose PromptRequest (params, written by the Client) has ``value``."""

    def request(schema: Any, required: bool) -> dict[str, Any]:
        props = {"sessionId": STRING} if schema is None else {"sessionId": STRING, "value": schema}
        return {
            "type": "object",
            "properties": props,
            "required": ["sessionId", *(["value"] if required else [])],
        }

    return view(_defs(PromptRequest=request(old, old_required))), view(
        _defs(PromptRequest=request(new, new_required))
    )


def with_prompt(**facts: Any) -> ProtocolView:
    return view(
        methods=[_method(PROMPT, **facts), _method(UPDATE, "notification", "agent-to-client")]
    )


OPEN = {
    "anyOf": [
        {"type": "string", "const": "a"},
        {"type": "string", "const": "b"},
        {"title": "other", "type": "string"},
    ]
}
OPEN_AB_C = {"anyOf": [*OPEN["anyOf"][:2], {"type": "string", "const": "c"}, OPEN["anyOf"][2]]}
CLOSED = {"oneOf": [{"type": "string", "const": "a"}, {"type": "string", "const": "b"}]}
CLOSED_C = {"oneOf": [*CLOSED["oneOf"], {"type": "string", "const": "c"}]}
KEY = {"type": "string", "minLength": 1, "maxLength": 255}
UINT32, INT64 = {"type": "integer", "format": "uint32"}, {"type": "integer", "format": "int64"}
MIXED = {"anyOf": [STRING, {"type": "integer"}]}


def VARIANT(value: str, prop: str = "stopReason") -> dict[str, Any]:
    return {"type": "object", "properties": {prop: {"type": "string", "const": value}},
            "required": [prop]}  # fmt: skip


# upstream's StopReason, held by a property, then folded into the object's variants
HELD = {"type": "object", "properties": {"stopReason": {"anyOf": [{"$ref": "#/$defs/StopReason"},
                                                                  {"type": "null"}]}}}  # fmt: skip
FOLDED = {
    "type": "object",
    "properties": {"stopReason": {"type": ["string", "null"]}},
    "anyOf": [VARIANT("end_turn"), VARIANT("error"),
              {"title": "other", "type": "object", "properties": {"stopReason": STRING},
               "required": ["stopReason"]}],
}  # fmt: skip
ROUTING_FREE = {"x-docs-ignore": True, "type": "object", "properties": {"method": STRING}}
ROUTING_BOUND = {
    **ROUTING_FREE,
    "anyOf": [
        {"properties": {"method": {"const": PROMPT}, "params": {"$ref": "#/$defs/PromptRequest"}}}
    ],
}
RESPONSES_OPEN = {"x-docs-ignore": True, "anyOf": [{"title": "Result", "type": "object"}]}
RESPONSES_GUARDED = {
    "x-docs-ignore": True,
    "anyOf": [{"title": "Result", "type": "object", "not": {"required": ["error"]}}],
}
REFERS_A = {
    "type": "object",
    "properties": {"sessionId": STRING, "value": {"$ref": "#/$defs/A"}},
    "required": ["sessionId"],
}
REFERS_B = {
    "type": "object",
    "properties": {"sessionId": STRING, "value": {"$ref": "#/$defs/B"}},
    "required": ["sessionId"],
}
THING = {"type": "object", "properties": {"x": {"type": "integer"}}}
OTHER_THING = {"type": "object", "properties": {"y": STRING}, "required": ["y"]}


@dataclass(frozen=True)
class Case:
    rule: str
    triggers: bool
    pair: Callable[[], tuple[ProtocolView, ProtocolView]]
    why: str


def _cases() -> list[Case]:
    other = _method("other/call")
    renamed = replace(other, name="other/called")
    notif = _method(PROMPT, "notification")
    c2a_update = _method(UPDATE, "notification", "client-to-agent")
    unknown_update = _method(UPDATE, "notification", None)
    both_methods = [_method(PROMPT), _method(UPDATE, "notification", "agent-to-client")]
    key_defs = _defs(IdempotencyKey=KEY, PromptRequest={**_defs()["PromptRequest"], "properties": {
        "sessionId": STRING, "idempotencyKey": {"$ref": "#/$defs/IdempotencyKey"}}})  # fmt: skip
    return [
        # methods
        Case("method-removed", True, lambda: (view(methods=[*both_methods, other]), view()), "a method is gone"),
        Case("method-removed", False, lambda: (view(methods=[*both_methods, other]), view(methods=[*both_methods, renamed])), "a rename is no removal"),
        Case("method-added", True, lambda: (view(), view(methods=[*both_methods, other])), "a new method"),
        Case("method-added", False, lambda: (view(methods=[*both_methods, other]), view(methods=[*both_methods, renamed])), "a rename is no addition"),
        Case("method-renamed", True, lambda: (view(methods=[*both_methods, other]), view(methods=[*both_methods, renamed])), "same params and result, new name"),
        Case("method-renamed", False, lambda: (view(methods=[*both_methods, other]), view(methods=[*both_methods, replace(renamed, calls=(replace(renamed.calls[0], params="PromptRequest"),))])), "other params: removed and added"),
        Case("method-direction-changed", True, lambda: (view(), view(methods=[_method(PROMPT), c2a_update])), "the Agent sent it, now the Client"),
        Case("method-direction-changed", False, lambda: (view(), view(methods=[_method(PROMPT), unknown_update])), "an unknown sender is not compared"),
        Case("method-kind-changed", True, lambda: (view(), view(methods=[notif, both_methods[1]])), "a request became a notification"),
        Case("method-kind-changed", False, lambda: (view(), view()), "same kinds"),
        Case("method-params-changed", True, lambda: (view(_defs(Twin=_defs()["PromptRequest"])), view(_defs(Twin=_defs()["PromptRequest"]), [replace(_method(PROMPT), calls=(CallFacts("request", "Twin", "PromptResponse", "client-to-agent"),)), both_methods[1]])), "params are another def of the same shape"),
        Case("method-params-changed", False, lambda: (view(_defs(Twin=THING)), view(_defs(Twin=THING), [replace(_method(PROMPT), calls=(CallFacts("request", "Twin", "PromptResponse", "client-to-agent"),)), both_methods[1]])), "another shape: its values are compared instead"),
        Case("method-stability-lowered", True, lambda: (view(), with_prompt(stability="unstable")), "stable → unstable"),
        Case("method-stability-lowered", False, lambda: (view(carries=frozenset()), replace(with_prompt(stability="unstable"), carries=frozenset())), "stability not carried"),
        Case("method-stability-raised", True, lambda: (with_prompt(stability="proposed"), view()), "proposed → stable"),
        Case("method-stability-raised", False, lambda: (view(), with_prompt(stability="unstable")), "lowered is not raised"),
        Case("method-capability-changed", True, lambda: (with_prompt(capability="a.b"), with_prompt(capability="a.c")), "another capability"),
        Case("method-capability-changed", False, lambda: (with_prompt(capability="a.b"), with_prompt(capability="a.b")), "the same one"),
        Case("method-capability-added", True, lambda: (view(), with_prompt(capability="a.b")), "newly gated"),
        Case("method-capability-added", False, lambda: (view(carries=frozenset({"retry"})), with_prompt(capability="a.b")), "capabilities not carried by OLD"),
        Case("method-capability-removed", True, lambda: (with_prompt(capability="a.b"), view()), "no longer gated"),
        Case("method-capability-removed", False, lambda: (with_prompt(capability="a.b"), with_prompt(capability="a.c")), "changed, not removed"),
        Case("method-error-removed", True, lambda: (with_prompt(errors=("invalid_params", "internal_error")), view()), "an error no longer listed"),
        Case("method-error-removed", False, lambda: (with_prompt(errors=("invalid_params", "internal_error")), with_prompt(errors=("internal_error", "invalid_params"))), "order alone"),
        Case("method-error-added", True, lambda: (view(), with_prompt(errors=("invalid_params", "internal_error"))), "a new error"),
        Case("method-error-added", False, lambda: (view(), view()), "same errors"),
        Case("error-code-changed", True, lambda: (view(), view(errors={"invalid_params": -32600})), "another code"),
        Case("error-code-changed", False, lambda: (view(), view(errors={"invalid_params": -32602, "new": 1})), "a new error is no change"),
        # retry
        Case("retry-class-weakened", True, lambda: (with_prompt(retry=(("client-to-agent", "keyed"),)), with_prompt(retry=(("client-to-agent", "idempotent"),))), "keyed → without a key"),
        Case("retry-class-weakened", False, lambda: (with_prompt(retry=(("client-to-agent", "duplicating"),)), view()), "duplicating → idempotent is stronger"),
        Case("retry-class-strengthened", True, lambda: (with_prompt(retry=(("client-to-agent", "duplicating"),)), view()), "duplicating → idempotent"),
        Case("retry-class-strengthened", False, lambda: (view(), with_prompt(retry=(("client-to-agent", "duplicating"),))), "idempotent → duplicating is weaker"),
        Case("retry-class-changed", True, lambda: (view(), with_prompt(retry=(("client-to-agent", "as_carried"),))), "to a derived class"),
        Case("retry-class-changed", False, lambda: (view(carries=frozenset()), replace(with_prompt(retry=(("client-to-agent", "as_carried"),)), carries=frozenset())), "retry not carried (upstream's JSON)"),
        Case("retry-key-moved", True, lambda: (with_prompt(key_path=("idempotencyKey",)), with_prompt(key_path=("options", "idempotencyKey"))), "the key moved"),
        Case("retry-key-moved", False, lambda: (with_prompt(key_path=("idempotencyKey",)), with_prompt(key_path=("idempotencyKey",))), "same place"),
        Case("idempotency-key-changed", True, lambda: (view(key_defs), view({**key_defs, "IdempotencyKey": {**KEY, "maxLength": 128}})), "a shorter key"),
        Case("idempotency-key-changed", False, lambda: field({**KEY}, {**KEY, "maxLength": 128}), "another string's bound is a constraint"),
        Case("method-audited-changed", True, lambda: (view(), with_prompt(audited=False)), "out of the audit"),
        Case("method-audited-changed", False, lambda: (view(), view()), "unchanged"),
        # values
        Case("property-removed", True, lambda: field(STRING, None), "a field is gone"),
        Case("property-removed", False, lambda: (view(_defs(PromptRequest={"type": "object", "properties": {"sessionId": STRING}})), view(_defs(PromptRequest={"type": "object", "properties": {"sessionID": STRING}}))), "a rename is no removal"),
        Case("property-added", True, lambda: field(None, STRING), "a new optional field"),
        Case("property-added", False, lambda: field(None, STRING, new_required=True), "a required one is another rule"),
        Case("property-required-added", True, lambda: field(None, STRING, new_required=True), "a new required field"),
        Case("property-required-added", False, lambda: field(None, STRING), "optional"),
        Case("property-renamed", True, lambda: (view(_defs(PromptRequest={"type": "object", "properties": {"sessionId": STRING}})), view(_defs(PromptRequest={"type": "object", "properties": {"sessionID": STRING}}))), "same shape, close name"),
        Case("property-renamed", False, lambda: (view(_defs(PromptRequest={"type": "object", "properties": {"sessionId": STRING}})), view(_defs(PromptRequest={"type": "object", "properties": {"title": {"type": "integer"}}}))), "another shape and name"),
        Case("property-now-required", True, lambda: field(STRING, STRING, new_required=True), "optional → required"),
        Case("property-now-required", False, lambda: field(STRING, STRING, old_required=True, new_required=True), "required all along"),
        Case("property-now-optional", True, lambda: field(STRING, STRING, old_required=True), "required → optional"),
        Case("property-now-optional", False, lambda: field(STRING, STRING), "optional all along"),
        Case("type-narrowed", True, lambda: field({"type": ["string", "integer"]}, STRING), "fewer types"),
        Case("type-narrowed", False, lambda: field({"type": "integer"}, {"type": "number"}), "widened"),
        Case("type-widened", True, lambda: field({"type": "integer"}, {"type": "number"}), "integer → number"),
        Case("type-widened", False, lambda: field({"type": "number"}, {"type": "integer"}), "narrowed"),
        Case("type-changed", True, lambda: field(STRING, {"type": "object"}), "string → object"),
        Case("type-changed", False, lambda: field(STRING, {"type": "string", "description": "now described"}), "same type"),
        Case("nullable-removed", True, lambda: field({"type": ["string", "null"]}, STRING), "no more null"),
        Case("nullable-removed", False, lambda: field({"type": ["string", "null"]}, {"anyOf": [STRING, {"type": "null"}]}), "null written another way"),
        Case("nullable-added", True, lambda: field(STRING, {"anyOf": [STRING, {"type": "null"}]}), "null now allowed"),
        Case("nullable-added", False, lambda: field({"description": "anything"}, {"type": ["object", "null"]}), "any value took null already"),
        Case("closed-variant-added", True, lambda: field(CLOSED, CLOSED_C), "a closed enum gains c"),
        Case("closed-variant-added", False, lambda: field(OPEN, OPEN_AB_C), "an open one"),
        Case("closed-variant-removed", True, lambda: field({"enum": ["a", "b"]}, {"enum": ["a"]}), "an enum loses b"),
        Case("closed-variant-removed", False, lambda: field(OPEN_AB_C, OPEN), "an open one"),
        Case("open-variant-added", True, lambda: field(OPEN, OPEN_AB_C), "an open union gains c"),
        Case("open-variant-added", False, lambda: field(CLOSED, CLOSED_C), "a closed one"),
        Case("open-variant-removed", True, lambda: field(OPEN_AB_C, OPEN), "an open union loses c"),
        Case("open-variant-removed", False, lambda: field({"enum": ["a", "b"]}, {"enum": ["a"]}), "a closed one"),
        Case("union-closed", True, lambda: field(OPEN, {"anyOf": OPEN["anyOf"][:2]}), "the catch-all is gone"),
        Case("union-closed", False, lambda: field(OPEN, OPEN_AB_C), "still open"),
        Case("union-opened", True, lambda: field({"anyOf": OPEN["anyOf"][:2]}, OPEN), "a catch-all is added"),
        Case("union-opened", False, lambda: field(CLOSED, CLOSED_C), "still closed"),
        Case("constraint-tightened", True, lambda: field({"type": "array", "items": STRING}, {"type": "array", "items": STRING, "minItems": 1}), "a new minItems"),
        Case("constraint-tightened", False, lambda: field({"type": "string", "maxLength": 5}, {"type": "string", "maxLength": 10}), "a larger maxLength"),
        Case("constraint-loosened", True, lambda: field({"type": "string", "maxLength": 5}, {"type": "string", "maxLength": 10}), "a larger maxLength"),
        Case("constraint-loosened", False, lambda: field({"type": "string", "maxLength": 10}, {"type": "string", "maxLength": 5}), "a smaller one"),
        Case("constraint-changed", True, lambda: field({"type": "string", "pattern": "^a"}, {"type": "string", "pattern": "^b"}), "another pattern"),
        Case("constraint-changed", False, lambda: field({"type": "string", "pattern": "^a"}, {"type": "string", "pattern": "^a", "description": "d"}), "same pattern"),
        Case("reference-retargeted", True, lambda: (view(_defs(PromptRequest=REFERS_A, A=THING, B=THING)), view(_defs(PromptRequest=REFERS_B, A=THING, B=THING))), "another def of the same shape"),
        Case("reference-retargeted", False, lambda: (view(_defs(PromptRequest=REFERS_A, A=THING, B=OTHER_THING)), view(_defs(PromptRequest=REFERS_B, A=THING, B=OTHER_THING))), "another shape: compared in place"),
        Case("default-changed", True, lambda: field({"type": "integer", "default": 1}, {"type": "integer", "default": 2}), "another default"),
        Case("default-changed", False, lambda: field({"type": "integer", "default": 1}, {"type": "integer", "default": 1}), "the same"),
        Case("tolerance-changed", True, lambda: field(STRING, {**STRING, "x-deserialize-default-on-error": True}), "a tolerance hint added"),
        Case("tolerance-changed", False, lambda: field(STRING, {**STRING, "x-other": True}), "another extension key"),
        # defs
        Case("def-removed", True, lambda: (view(_defs(Orphan=THING)), view()), "a def nothing explains"),
        Case("def-removed", False, lambda: (view(_defs(Only=THING, OtherRequest={"type": "object", "properties": {"o": {"$ref": "#/$defs/Only"}}}), [*both_methods, other]), view(_defs(OtherRequest=None, OtherResponse=None))), "only a removed method used it"),
        Case("def-added", True, lambda: (view(), view(_defs(Orphan=THING))), "a new def"),
        Case("def-added", False, lambda: (view(_defs(OtherRequest=None, OtherResponse=None)), view(_defs(Only=THING, OtherRequest={"type": "object", "properties": {"o": {"$ref": "#/$defs/Only"}}}), [*both_methods, other])), "only a new method uses it"),
        Case("def-renamed", True, lambda: (view(_defs(PromptRequest=REFERS_A, A=THING)), view(_defs(PromptRequest=REFERS_B, B=THING))), "same shape, references switched"),
        Case("def-renamed", False, lambda: (view(_defs(A=THING)), view(_defs(B=THING))), "no reference switched"),
        # messages
        Case("envelope-removed", True, lambda: (view(root=[{"title": "Agent"}, {"title": "AgentBatchCall"}]), view(root=[{"title": "Agent"}])), "batches gone"),
        Case("envelope-removed", False, lambda: (view(root=[{"title": "Agent"}]), view(root=[{"title": "Agent"}, {"title": "Proxy"}])), "added, not removed"),
        Case("envelope-added", True, lambda: (view(root=[{"title": "Agent"}]), view(root=[{"title": "Agent"}, {"title": "Proxy"}])), "a new form"),
        Case("envelope-added", False, lambda: (view(root=[{"title": "Agent"}]), view(root=[{"title": "Agent"}])), "same forms"),
        Case("method-binding-added", True, lambda: (view(_defs(ClientRequest=ROUTING_FREE)), view(_defs(ClientRequest=ROUTING_BOUND))), "now bound"),
        Case("method-binding-added", False, lambda: (view(_defs(ClientRequest=ROUTING_BOUND)), view(_defs(ClientRequest=ROUTING_BOUND))), "bound all along"),
        Case("method-binding-removed", True, lambda: (view(_defs(ClientRequest=ROUTING_BOUND)), view(_defs(ClientRequest=ROUTING_FREE))), "no longer bound"),
        Case("method-binding-removed", False, lambda: (view(_defs(ClientRequest=ROUTING_FREE)), view(_defs(ClientRequest=ROUTING_BOUND))), "bound, not unbound"),
        Case("routing-guard-added", True, lambda: (view(_defs(ClientResponse=RESPONSES_OPEN)), view(_defs(ClientResponse=RESPONSES_GUARDED))), "a result with an error refused"),
        Case("routing-guard-added", False, lambda: (view(_defs(ClientResponse=RESPONSES_GUARDED)), view(_defs(ClientResponse=RESPONSES_GUARDED))), "guarded all along"),
        Case("routing-guard-removed", True, lambda: (view(_defs(ClientResponse=RESPONSES_GUARDED)), view(_defs(ClientResponse=RESPONSES_OPEN))), "the guard gone"),
        Case("routing-guard-removed", False, lambda: (view(_defs(ClientResponse=RESPONSES_OPEN)), view(_defs(ClientResponse=RESPONSES_GUARDED))), "added, not removed"),
        # issue 30: a fold, an integer format widened, a member that takes anything
        Case("values-moved", True, lambda: (view(_defs(PromptResponse=HELD)), view(_defs(PromptResponse=FOLDED))), "StopReason folded into the result's variants"),
        Case("values-moved", False, lambda: (view(_defs(PromptResponse=HELD)), view(_defs(PromptResponse={**HELD, "anyOf": [VARIANT("end_turn", "kind")]}))), "tagged by another property"),
        Case("integer-format-widened", True, lambda: field(UINT32, INT64), "uint32 → int64: every old value stays valid"),
        Case("integer-format-widened", False, lambda: field(INT64, UINT32), "int64 → uint32 narrows"),
        Case("constraint-changed", False, lambda: field(UINT32, INT64), "an integer format widened is no other constraint"),
        Case("constraint-tightened", True, lambda: field(INT64, UINT32), "int64 → uint32"),
        Case("union-opened", True, lambda: field(MIXED, {"anyOf": [*MIXED["anyOf"], {"title": "Other"}]}), "a member that takes any value"),
        Case("closed-variant-added", False, lambda: field(MIXED, {"anyOf": [*MIXED["anyOf"], {"title": "Other"}]}), "a catch-all is no closed variant"),
        # docs
        Case("docs-changed", True, lambda: field(STRING, {**STRING, "description": "the value"}), "a description"),
        Case("docs-changed", False, lambda: field(STRING, {**STRING, "maxLength": 3}), "a constraint only"),
    ]  # fmt: skip


CASES = _cases()


@pytest.mark.parametrize(
    "case", CASES, ids=[f"{c.rule}-{'hit' if c.triggers else 'miss'}" for c in CASES]
)
def test_rule(case: Case) -> None:
    old, new = case.pair()
    rules = {f.rule for f in compare(old, new)}
    assert (case.rule in rules) == case.triggers, (case.why, sorted(rules))


def test_every_rule_has_a_case_that_triggers_it_and_one_that_must_not() -> None:
    # accept-stale is the accept file's: test_accept_stale_and_accepted covers both ways
    compared = {rule.id for rule in RULES} - {"accept-stale"}
    assert {c.rule for c in CASES if c.triggers} == compared
    assert {c.rule for c in CASES if not c.triggers} == compared


def test_a_fold_is_one_move_and_what_it_really_adds() -> None:
    """Before: the folded values reported removed one by one, the new one not at all."""
    found = compare(view(_defs(PromptResponse=HELD)), view(_defs(PromptResponse=FOLDED)))
    rules = sorted((f.rule, f.where) for f in found if f.rule != "docs-changed")
    assert rules == [
        ("open-variant-added", "#/$defs/PromptResponse/anyOf/1"),
        ("values-moved", "#/$defs/PromptResponse"),
    ]
    moved = next(f for f in found if f.rule == "values-moved")
    assert "StopReason is now PromptResponse's variants, tagged by stopReason (1 value kept)" in (
        moved.message
    )
    back = compare(view(_defs(PromptResponse=FOLDED)), view(_defs(PromptResponse=HELD)))
    assert sorted(f.rule for f in back if f.rule != "docs-changed") == [
        "open-variant-removed", "values-moved",
    ]  # fmt: skip


def test_what_every_message_carries_is_every_method_s() -> None:
    """Error (in every response) and RequestId (in every request) changed: before, the
    finding named only the methods whose params or result reach the def."""
    responses = {"x-docs-ignore": True, "anyOf": [
        {"properties": {"id": {"$ref": "#/$defs/RequestId"}, "result": {"$ref": "#/$defs/PromptResponse"}}},
        {"properties": {"id": {"$ref": "#/$defs/RequestId"}, "error": {"$ref": "#/$defs/Error"}}},
    ]}  # fmt: skip
    methods = [_method(PROMPT), _method("other/call"), _method(UPDATE, "notification")]
    before = _defs(AgentResponse=responses, RequestId=STRING, Error={"type": "object"})
    after = {**before, "Error": {"type": "object", "properties": {"data": STRING},
                                 "required": ["data"]}, "RequestId": {"type": ["string", "null"]}}  # fmt: skip
    found = compare(view(before, methods), view(after, methods))
    for rule, where in (("property-required-added", "#/$defs/Error/properties/data"),
                        ("nullable-added", "#/$defs/RequestId")):  # fmt: skip
        finding = find(found, rule, where)
        assert finding.methods == ("other/call", PROMPT), finding  # every request method


def test_accept_stale_and_accepted() -> None:
    found = compare(*field(STRING, None))
    removed = next(f for f in found if f.rule == "property-removed")
    at = Position("accept.yaml", 1, 3)
    matching = Entry(removed.rule, removed.where, "reviewed", at)
    stale = Entry("property-removed", "#/$defs/Nowhere", "gone", Position("accept.yaml", 4, 3))
    judged, stale_findings = judge(found, [matching, stale])
    assert [j.accepted for j in judged if j.finding == removed] == ["reviewed"]
    assert [f.rule for f in stale_findings] == ["accept-stale"]
    assert (
        stale_findings[0].where == "#/$defs/Nowhere"
        and "accept.yaml:4:3" in stale_findings[0].message
    )
    assert judge(found, [matching])[1] == []


def test_directions_name_the_side_that_breaks() -> None:
    # a closed enum the Agent sends (in a result) breaks old Clients
    result = {"type": "object", "properties": {"stopReason": CLOSED}}
    old = view(_defs(PromptResponse=result))
    new = view(_defs(PromptResponse={"type": "object", "properties": {"stopReason": CLOSED_C}}))
    added = next(f for f in compare(old, new) if f.rule == "closed-variant-added")
    assert "new Agents" in added.message and "old Clients" in added.message
    # the same change in params, which the Client sends, breaks old Agents
    params = next(f for f in compare(*field(CLOSED, CLOSED_C)) if f.rule == "closed-variant-added")
    assert "new Clients" in params.message and "old Agents" in params.message
    # a def that no method reaches is judged both ways, for "senders" and "receivers"
    orphan = compare(view(_defs(Orphan={"enum": ["a"]})), view(_defs(Orphan={"enum": ["a", "b"]})))
    assert [f.message for f in orphan if f.rule == "closed-variant-added"] == [
        'Orphan: value "b" added: new senders may send what old receivers refuse'
    ]


def test_a_rename_is_one_finding() -> None:
    found = compare(
        view(_defs(PromptRequest=REFERS_A, A=THING)), view(_defs(PromptRequest=REFERS_B, B=THING))
    )
    assert [(f.rule, f.where) for f in found] == [("def-renamed", "#/$defs/B")]
    assert found[0].methods == (PROMPT,) and found[0].message.startswith("A is now called B")


def test_a_change_is_reported_once_at_the_def_that_changed() -> None:
    # PromptRequest and UpdateNotification both refer to Shared; only Shared changed
    refers = {"type": "object", "properties": {"s": {"$ref": "#/$defs/Shared"}}}
    old = view(_defs(PromptRequest=refers, UpdateNotification=refers, Shared={"type": "string"}))
    new = view(
        _defs(
            PromptRequest=refers,
            UpdateNotification=refers,
            Shared={"type": "string", "maxLength": 3},
        )
    )
    found = compare(old, new)
    assert [(f.rule, f.where, f.methods) for f in found] == [
        ("constraint-tightened", "#/$defs/Shared", (PROMPT, UPDATE)),
    ]


# ── the command ──

ROOT_ANYOF = [{"title": "Agent"}]


def _schema(prompt_items: dict[str, Any], description: str = "A prompt.") -> dict[str, Any]:
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "anyOf": ROOT_ANYOF,
        "$defs": {
            "PromptRequest": {
                "description": description, "type": "object", "x-method": PROMPT, "x-side": "agent",
                "properties": {"prompt": {"type": "array", "items": STRING, **prompt_items}},
            },
            "PromptResponse": {"type": "object", "properties": {}, "x-method": PROMPT, "x-side": "agent"},
        },
    }  # fmt: skip


@pytest.fixture
def pair(tmp_path: Path) -> tuple[Path, Path]:
    """Two upstream-shaped schemas: the newer one adds minItems (breaking)."""
    (tmp_path / "old").mkdir()
    (tmp_path / "new").mkdir()
    old, new = tmp_path / "old" / "schema.json", tmp_path / "new" / "schema.json"
    old.write_text(json.dumps(_schema({})), encoding="utf-8")
    new.write_text(json.dumps(_schema({"minItems": 1}, "A prompt, not empty.")), encoding="utf-8")
    return old, new


def run(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str, str]:
    code = main(["diff", *map(str, args)])
    out, err = capsys.readouterr()
    return code, out, err


def test_exit_codes_follow_fail_on(
    capsys: pytest.CaptureFixture[str], pair: tuple[Path, Path]
) -> None:
    old, new = pair
    assert run(capsys, old, new)[0] == 1
    assert run(capsys, old, new, "--fail-on", "never")[0] == 0
    assert run(capsys, new, new, "--fail-on", "info")[0] == 0
    # minItems dropped: a loosening, breaking for old receivers as a widened type is
    assert run(capsys, new, old, "--fail-on", "breaking")[0] == 1
    assert run(capsys, new, old, "--fail-on", "never")[0] == 0


def test_text_groups_by_method_then_def(
    capsys: pytest.CaptureFixture[str], pair: tuple[Path, Path]
) -> None:
    _, out, _ = run(capsys, *pair)
    lines = out.splitlines()
    at = lines.index(PROMPT)
    assert lines[at + 1] == "  PromptRequest"
    assert "constraint-tightened  #/$defs/PromptRequest/properties/prompt" in lines[at + 2]
    assert (
        lines[-1]
        == "1 breaking, 0 warnings, 0 info; 1 docs-only change not shown (--docs shows them)"
    )
    _, with_docs, _ = run(capsys, *pair, "--docs")
    assert (
        "docs-changed" in with_docs
        and with_docs.splitlines()[-1] == "1 breaking, 0 warnings, 1 info"
    )


def test_json_output_matches_its_schema(
    capsys: pytest.CaptureFixture[str], snapshots: dict[str, ProtocolView]
) -> None:
    schema = json.loads(OUTPUT_SCHEMA.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    assert schema["$defs"]["Finding"]["properties"]["rule"]["enum"] == [r.id for r in RULES]
    old = SNAPSHOTS["b7f0005"] / "schema.unstable.json"
    new = SNAPSHOTS["2.0.0"] / "schema.unstable.json"
    code, out, _ = run(capsys, old, new, "--format", "json", "--docs")
    report = json.loads(out)
    Draft202012Validator(schema).validate(report)
    assert code == 1 and report["summary"]["breaking"] > 0
    assert [f["rule"] for f in report["findings"]] == [
        f.rule for f in compare(snapshots["b7f0005"], snapshots["2.0.0"])
    ]


def test_markdown_for_a_pull_request(
    capsys: pytest.CaptureFixture[str], pair: tuple[Path, Path]
) -> None:
    _, out, _ = run(capsys, *pair, "--format", "markdown")
    assert out.startswith(f"### acp-spec diff: `{pair[0]}` → `{pair[1]}`")
    assert "#### Breaking (1)" in out
    assert (
        "| `constraint-tightened` | `#/$defs/PromptRequest/properties/prompt` | session/prompt |"
        in out
    )


def test_accept_file(
    capsys: pytest.CaptureFixture[str], pair: tuple[Path, Path], tmp_path: Path
) -> None:
    accept = tmp_path / "accept.yaml"
    accept.write_text(
        "- rule: constraint-tightened\n"
        '  where: "#/$defs/PromptRequest/properties/prompt"\n'
        "  reason: Empty prompts were never meant to be sent.\n"
        "- rule: property-removed\n"
        '  where: "#/$defs/Gone/properties/x"\n'
        "  reason: reviewed earlier\n",
        encoding="utf-8",
    )
    code, out, _ = run(capsys, *pair, "--accept", accept)
    assert code == 0  # accepted; the stale entry is a warning
    assert "[accepted: Empty prompts were never meant to be sent.]" in out
    assert (
        f"{accept}:4:3: the accepted property-removed at #/$defs/Gone/properties/x matches no finding"
        in out
    )
    assert run(capsys, *pair, "--accept", accept, "--fail-on", "warning")[0] == 1


def test_bad_accept_file_is_a_positioned_error(
    capsys: pytest.CaptureFixture[str], pair: tuple[Path, Path], tmp_path: Path
) -> None:
    accept = tmp_path / "accept.yaml"
    accept.write_text("- rule: constraint-tightend\n  where: x\n  reason: y\n", encoding="utf-8")
    code, _, err = run(capsys, *pair, "--accept", accept)
    assert code == 2
    assert (
        f"{accept}:1:9: unknown rule 'constraint-tightend' (did you mean 'constraint-tightened'?)"
        in err
    )
    code, _, err = run(capsys, *pair, "--accept", tmp_path / "missing.yaml")
    assert code == 2 and "missing.yaml: no such file" in err


def test_malformed_json_is_a_positioned_error(
    capsys: pytest.CaptureFixture[str], pair: tuple[Path, Path], tmp_path: Path
) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{\n  "$defs": {,}\n}\n', encoding="utf-8")
    code, out, err = run(capsys, broken, pair[1])
    assert (code, out) == (2, "")
    assert err.startswith(
        f"{broken}:2:13: not JSON: Expecting property name enclosed in double quotes"
    )
    assert "Traceback" not in err


def test_usage_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["diff"])
    assert exit_info.value.code == 2
    assert "give OLD" in capsys.readouterr().err
    code, _, err = run(capsys, tmp_path / "missing.json", tmp_path / "missing.json")
    assert code == 2 and "does not exist" in err


def test_rules_lists_the_catalog(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--rules")
    assert code == 0
    listed = [
        line.split()[0]
        for line in out.splitlines()
        if line and not line.startswith((" ", "#", "Rules", "write"))
    ]
    assert listed == [r.id for r in RULES]
    assert all(f"looks {BY_ID[r].looks}" in out for r in listed)


def _git(folder: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(folder), "-c", "user.name=t", "-c", "user.email=t@example.com", *args],
                   check=True, capture_output=True)  # fmt: skip


def test_git_inputs(
    capsys: pytest.CaptureFixture[str], pair: tuple[Path, Path], tmp_path: Path
) -> None:
    repo = tmp_path / "repo"
    (repo / "schema").mkdir(parents=True)
    target = repo / "schema" / "schema.json"
    target.write_bytes(pair[0].read_bytes())
    _git(repo, "init", "-q")
    _git(repo, "add", ".")
    _git(repo, "commit", "-qm", "old")
    target.write_bytes(pair[1].read_bytes())
    code = main(["--root", str(repo), "diff", "git:HEAD:schema/schema.json", str(target)])
    out, _ = capsys.readouterr()
    assert code == 1 and "git:HEAD:schema/schema.json → " in out and "constraint-tightened" in out
    code = main(["--root", str(repo), "diff", "git:no-such-ref:schema/schema.json", str(target)])
    assert code == 2
    assert "'no-such-ref' is not a revision of the repository" in capsys.readouterr().err
    code = main(["--root", str(repo), "diff", "git:HEAD:schema/missing.json", str(target)])
    assert code == 2 and "HEAD has no schema/missing.json" in capsys.readouterr().err


@pytest.mark.slow
def test_spec_yaml_input_end_to_end(capsys: pytest.CaptureFixture[str]) -> None:
    """The spec (NEW defaults to --spec) against itself: read once, nothing found."""
    code, out, err = run(capsys, REPO / "spec" / "acp-v2.yaml")
    assert (code, err) == (0, "")
    assert out.splitlines()[-1] == "0 breaking, 0 warnings, 0 info"


def test_bad_spec_yaml_is_a_positioned_error(
    capsys: pytest.CaptureFixture[str], pair: tuple[Path, Path], tmp_path: Path
) -> None:
    spec = tmp_path / "spec.yaml"
    spec.write_text("version: 2\nmethods: [unclosed\n", encoding="utf-8")
    code, _, err = run(capsys, spec, pair[1])
    assert code == 2 and err.startswith(f"{spec}:")


def test_upstream_json_view_of_a_synthetic_schema() -> None:
    made = schema_view(_schema({}), "made")
    assert list(made.methods) == [PROMPT]
    assert made.methods[PROMPT].calls == (
        CallFacts("request", "PromptRequest", "PromptResponse", "client-to-agent"),
    )
    assert made.carries == frozenset()
