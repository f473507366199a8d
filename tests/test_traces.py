"""generated/traces/: every file valid against the committed schema, the traces the issue
and the RFD's plan (step 4) list all there, each citing its rule verbatim, in a form a
runner can play without reading the spec.

The rules that check the traces in the spec are proved in tests/test_bad_specs.py."""

from __future__ import annotations

import json
import re
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from acp_spec.emit.traces import SCHEMA_NAME, TRACES_DIR, TRACES_SCHEMA, emit_traces
from acp_spec.index import index_of
from acp_spec.model import Spec
from acp_spec.trace_match import fits
from acp_spec.trace_values import capture_name
from jsonschema import Draft202012Validator
from support.paths import RFD

ROOT = Path(__file__).resolve().parents[1]
FOLDER = ROOT / TRACES_DIR

# the RFD's plan, step 4, in its order
PLAN = (
    "retry-same-connection",
    "retry-after-resume",
    "retry-after-agent-restart",
    "retry-while-held",
    "retry-after-error",
    "same-key-other-session",
    "retry-inserted-during-work",
)
# issue 13, section 1, beyond the plan: trace id -> the side it tests
MORE = {
    "cancel-held-key": "agent",
    "reused-key-different-prompt": "agent",
    "keys-stay-private": "agent",
    "idempotent-resend": "agent",
    "duplicating-resend": "agent",
    "not-retried-client": "client",
    "client-resends-after-reconnect": "client",
}


@pytest.fixture(scope="module")
def files() -> dict[str, dict[str, Any]]:
    """The committed trace files, by id (the schema left out)."""
    return {
        path.stem: json.loads(path.read_text(encoding="utf-8"))
        for path in sorted(FOLDER.glob("*.json"))
        if path.name != SCHEMA_NAME
    }


def _steps(files: dict[str, dict[str, Any]], kind: str) -> Iterator[tuple[str, dict[str, Any]]]:
    for trace_id, trace in files.items():
        for step in trace["steps"]:
            if step["kind"] == kind:
                yield trace_id, step


def test_every_trace_file_is_valid_against_the_committed_schema(
    files: dict[str, dict[str, Any]],
) -> None:
    committed = json.loads((FOLDER / SCHEMA_NAME).read_text(encoding="utf-8"))
    assert committed == TRACES_SCHEMA
    Draft202012Validator.check_schema(committed)
    validator = Draft202012Validator(committed)
    assert files
    for trace_id, trace in files.items():
        errors = [e.message for e in validator.iter_errors(trace)]
        assert errors == [], (trace_id, errors[:3])
        assert trace["id"] == trace_id


def test_the_schema_refuses_what_a_runner_could_not_play(files: dict[str, dict[str, Any]]) -> None:
    validator = Draft202012Validator(TRACES_SCHEMA)
    trace = files["retry-same-connection"]
    broken = {**trace, "steps": [{"step": 1, "kind": "teleport"}]}
    assert not validator.is_valid(broken)
    expect = next(s for s in trace["steps"] if s["kind"] == "expect")
    no_outcome = {**trace, "steps": [{**expect, "outcomes": []}]}
    assert not validator.is_valid(no_outcome)


def test_the_listed_traces_exist(files: dict[str, dict[str, Any]]) -> None:
    missing = [t for t in (*PLAN, *MORE) if t not in files]
    assert missing == []
    for trace_id in PLAN:
        assert files[trace_id]["side"] == "agent", trace_id
    for trace_id, side in MORE.items():
        assert files[trace_id]["side"] == side, trace_id


def test_each_trace_quotes_its_rule_verbatim_from_the_rfd(files: dict[str, dict[str, Any]]) -> None:
    rfd = " ".join(RFD.read_text(encoding="utf-8").split())
    for trace_id, trace in files.items():
        rule = " ".join(trace["rule"].split())
        assert rule in rfd, (trace_id, rule)


def test_musts_are_kept_as_the_rfd_writes_them(files: dict[str, dict[str, Any]]) -> None:
    rules = [t["rule"] for t in files.values()]
    assert any("**MUST NOT**" in r for r in rules) and any("**MUST**" in r for r in rules)
    for rule in rules:
        # a bare MUST would mean the emphasis was lost on the way
        assert not re.search(r"(?<!\*)\b(MUST|SHOULD|MAY)\b(?!\*)", rule), rule


def test_every_fault_the_format_names_is_played_somewhere(files: dict[str, dict[str, Any]]) -> None:
    played = {(s["fault"], s.get("store")) for _, s in _steps(files, "fault")}
    assert played >= {
        ("drop-response", None),
        ("close", None),
        ("restart-agent", "keep"),
        ("restart-agent", "lose"),
        ("restart-client", None),
    }


def test_keys_a_runner_sends_are_fixed_uuids(files: dict[str, dict[str, Any]]) -> None:
    # but in opaque-key, whose keys spell a word of the protocol on purpose
    sent = [
        (trace, s["message"]["params"]["idempotencyKey"])
        for trace, s in _steps(files, "send")
        if "idempotencyKey" in s["message"].get("params", {}) and s.get("valid", True)
    ]
    assert len(sent) >= 10
    assert all(str(uuid.UUID(key)) == key for trace, key in sent if trace != "opaque-key")
    assert {key for trace, key in sent if trace == "opaque-key"} == {"text", "Text"}


def test_the_keys_meant_to_be_refused_are_no_keys(files: dict[str, dict[str, Any]]) -> None:
    refused = [s["message"]["params"]["idempotencyKey"] for _, s in _steps(files, "send")
               if s.get("valid") is False]  # fmt: skip
    assert refused == ["", refused[1], 42] and len(refused[1]) == 256


def test_a_reused_key_may_be_answered_either_way_but_never_inserted_twice(
    files: dict[str, dict[str, Any]],
) -> None:
    steps = files["reused-key-different-prompt"]["steps"]
    either = next(s for s in steps if s["kind"] == "expect" and len(s["outcomes"]) > 1)
    answers = [o["message"] for o in either["outcomes"]]
    assert {"id": 4, "jsonrpc": "2.0", "result": {"messageId": "$messageId"}} in answers
    assert any(m.get("error", {}).get("code") == -32602 for m in answers)
    counted = [s for s in steps if s.get("count") is not None]
    assert [s["count"] for s in counted] == [1]


def test_client_traces_resend_the_key_they_captured(files: dict[str, dict[str, Any]]) -> None:
    for trace_id in ("client-resends-after-reconnect", "client-resends-after-restart"):
        expects = [s for s in files[trace_id]["steps"] if s["kind"] == "expect"]
        captured = [s for s in expects if "key" in s["outcomes"][0]["capture"]]
        assert captured[0]["outcomes"][0]["capture"]["key"] == "/params/idempotencyKey"
        later = expects[expects.index(captured[0]) + 1 :]
        resent = [
            s for s in later if s["outcomes"][0]["message"].get("params", {}).get("idempotencyKey")
        ]
        assert resent and resent[0]["outcomes"][0]["message"]["params"]["idempotencyKey"] == "$key"
        assert resent[0]["on"] != captured[0]["on"], "the resend is on a new connection"


def test_every_response_names_the_method_it_answers(files: dict[str, dict[str, Any]]) -> None:
    """A runner can check a response's result without reading the spec."""
    for trace_id, trace in files.items():
        for step in trace["steps"]:
            messages = (
                [step["message"]]
                if step["kind"] == "send"
                else [o["message"] for o in step.get("outcomes", [])]
            )
            responses = [m for m in messages if "result" in m or "error" in m]
            if responses and responses[0].get("id") != "$any":
                assert "method" in step, (trace_id, step["step"])
    sends = dict(_steps(files, "send"))
    assert sends  # the permission answer of a held-prompt trace answers the agent's request
    answer = next(s for _, s in _steps(files, "send") if s["message"].get("id") == "$permission")
    assert answer["method"] == "session/request_permission"


def test_the_emitter_makes_one_file_per_trace_and_the_schema(real_spec: Spec) -> None:
    out = emit_traces(real_spec, index_of(real_spec))
    assert set(out) == {f"{TRACES_DIR}/{t.id}.json" for t in real_spec.traces} | {
        f"{TRACES_DIR}/{SCHEMA_NAME}"
    }
    assert len(real_spec.traces) >= len(PLAN) + len(MORE)


# ── matching, as a runner does it (acp_spec.trace_match) ──


def _expects(trace: dict[str, Any]) -> list[dict[str, Any]]:
    return [s for s in trace["steps"] if s["kind"] == "expect"]


def test_subset_and_exact_matching() -> None:
    outcome = {"message": {"id": 3, "result": {"messageId": "$any"}}, "match": "subset"}
    reply = {"jsonrpc": "2.0", "id": 3, "result": {"messageId": "m1", "_meta": None}}
    assert fits(outcome, reply, {}) == {}
    assert fits({**outcome, "match": "exact"}, reply, {}) is None
    assert fits(outcome, {"jsonrpc": "2.0", "id": 3, "result": {}}, {}) is None  # $any: present
    assert fits({"message": {"id": 1}}, {"id": 1.0}, {}) == {}  # one JSON number
    assert fits({"message": {"id": 1}}, {"id": True}, {}) is None
    items = {"message": {"sessions": [{"sessionId": "$s"}]}}
    assert fits(items, {"sessions": [{"sessionId": "a", "cwd": "/"}]}, {"s": "a"}) == {}
    assert fits(items, {"sessions": [{"sessionId": "a"}, {"sessionId": "b"}]}, {"s": "a"}) is None


def test_absent_contains_and_capture() -> None:
    listing = {
        "result": {"sessions": [{"sessionId": "a"}, {"sessionId": "b", "idempotencyKey": "k"}]}
    }
    private = {"message": {}, "absent": ["/result/sessions/*/idempotencyKey"]}
    assert fits(private, listing, {}) is None
    assert fits(private, {"result": {"sessions": [{"sessionId": "a"}]}}, {}) == {}
    assert fits({"message": {}, "contains": "k"}, listing, {}) == {}
    assert fits({"message": {}, "contains": "zz"}, listing, {}) is None
    grab = {"message": {}, "capture": {"second": "/result/sessions/1/sessionId"}}
    assert fits(grab, listing, {}) == {"second": "b"}
    assert fits({"message": {}, "capture": {"x": "/result/nothing"}}, listing, {}) is None


def test_a_retry_answered_with_another_message_id_fails_the_trace(
    files: dict[str, dict[str, Any]],
) -> None:
    retry = next(
        e
        for e in _expects(files["retry-same-connection"])
        if e["outcomes"][0]["message"].get("id") == 4
    )
    [outcome] = retry["outcomes"]
    answer = {"jsonrpc": "2.0", "id": 4, "result": {"messageId": "msg_user_8f7a1"}}
    assert fits(outcome, answer, {"messageId": "msg_user_8f7a1"}) == {}
    assert fits(outcome, answer, {"messageId": "msg_user_second"}) is None


def test_a_reused_key_is_answered_as_a_retry_or_with_invalid_params(
    files: dict[str, dict[str, Any]],
) -> None:
    either = next(
        e for e in _expects(files["reused-key-different-prompt"]) if len(e["outcomes"]) > 1
    )
    captured = {"messageId": "msg_user_8f7a1"}

    def answered(message: dict[str, Any]) -> bool:
        return any(fits(o, message, captured) is not None for o in either["outcomes"])

    assert answered({"jsonrpc": "2.0", "id": 4, "result": {"messageId": "msg_user_8f7a1"}})
    assert answered({"jsonrpc": "2.0", "id": 4, "error": {"code": -32602, "message": "key reused"}})
    assert not answered({"jsonrpc": "2.0", "id": 4, "result": {"messageId": "msg_user_new"}})
    assert not answered({"jsonrpc": "2.0", "id": 4, "error": {"code": -32603, "message": "x"}})


def test_a_key_echoed_anywhere_is_caught(files: dict[str, dict[str, Any]]) -> None:
    trace = files["keys-stay-private"]
    key = next(
        s["message"]["params"]["idempotencyKey"]
        for s in trace["steps"]
        if s["kind"] == "send" and "idempotencyKey" in s["message"].get("params", {})
    )
    never = [e for e in _expects(trace) if e.get("count") == 0]
    assert {e["on"] for e in never} == {"c1", "c2"}
    echo = {
        "jsonrpc": "2.0",
        "method": "session/update",
        "params": {
            "sessionId": "s",
            "update": {"sessionUpdate": "user_message", "_meta": {"k": key}},
        },
    }
    quiet = {**echo, "params": {"sessionId": "s", "update": {"sessionUpdate": "user_message"}}}
    for expect in never:
        assert fits(expect["outcomes"][0], echo, {}) is not None
        assert fits(expect["outcomes"][0], quiet, {}) is None


def test_method_names_are_not_markers() -> None:
    assert capture_name("$messageId") == "messageId"
    assert capture_name("$/cancel_request") is None  # a method, sent as written
    assert capture_name("$any") is None and capture_name("$Cap") is None
