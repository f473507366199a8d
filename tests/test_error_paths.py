"""One wrong field gives one error at its wire path: each field of every spec example,
given a value of another JSON type that the schema rejects there, makes ``decode`` blame
that field (``params.update.stopReason``), and ``decode_result`` likewise for results.

In process, on the committed package, loaded once; python-jsonschema decides which
mutations are wrong (a field that takes anything is left as it is)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pydantic
import pytest
from jsonschema import Draft202012Validator
from support.specs import load_real_spec

ROOT = Path(__file__).resolve().parents[1]
SPEC = load_real_spec()
DEFS = json.loads((ROOT / "generated/schema.unstable.json").read_text(encoding="utf-8"))["$defs"]
Step = str | int


def _leaves(value: Any, at: tuple[Step, ...] = ()) -> Iterator[tuple[tuple[Step, ...], Any]]:
    """Every member of ``value`` (objects' and arrays' too), with its steps from the root."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield (*at, key), item
            yield from _leaves(item, (*at, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield (*at, i), item
            yield from _leaves(item, (*at, i))


def _replaced(value: Any, steps: tuple[Step, ...], new: Any) -> Any:
    if not steps:
        return new
    copy: Any = dict(value) if isinstance(value, dict) else list(value)
    copy[steps[0]] = _replaced(value[steps[0]], steps[1:], new)
    return copy


def _wrong(value: Any) -> Any:
    """A value of another JSON type: a number for a string, a string for anything else."""
    return 3 if isinstance(value, str) else "x"


def _path(start: str, steps: tuple[Step, ...]) -> str:
    path = start
    for step in steps:
        path += f"[{step}]" if isinstance(step, int) else (
            f".{step}" if step.replace("_", "a").isalnum() else f"[{json.dumps(step)}]"
        )  # fmt: skip
    return path


def _cases() -> list[tuple[str, str, str, str, Any, str]]:
    """(id, method, what: params|result, def, example value, kind) for every example."""
    cases: list[tuple[str, str, str, str, Any, str]] = []
    for method in SPEC.methods.values():
        for example in method.examples:
            call = method.request if example.kind == "request" else method.notification
            assert call is not None
            cases.append((f"{method.name}: {example.title}", method.name, "params", call.params,
                          example.params, example.kind))  # fmt: skip
            if example.result is not None and call.result is not None:
                cases.append((f"{method.name}: {example.title} (result)", method.name, "result",
                              call.result, example.result, example.kind))  # fmt: skip
    return cases


CASES = _cases()


@pytest.mark.parametrize(("title", "method", "what", "name", "value", "kind"), CASES,
                         ids=[c[0] for c in CASES])  # fmt: skip
def test_each_wrong_field_is_blamed_at_its_wire_path(
    v2: ModuleType, title: str, method: str, what: str, name: str, value: Any, kind: str
) -> None:
    validator = Draft202012Validator({"$defs": DEFS, "$ref": f"#/$defs/{name}"})
    error_type = v2.JsonRpcError
    wrong_paths: list[tuple[str, str]] = []
    mutated = 0
    for steps, leaf in _leaves(value):
        changed = _replaced(value, steps, _wrong(leaf))
        if validator.is_valid(changed):
            continue  # a field that takes this value too
        mutated += 1
        try:
            if what == "result":
                v2.decode_result(method, changed)
            else:
                envelope: dict[str, Any] = {"jsonrpc": "2.0", "method": method, "params": changed}
                if kind == "request":
                    envelope["id"] = 1
                v2.decode(json.dumps(envelope))
        except error_type as error:
            blamed = error.data.get("path")
            if blamed != _path(what, steps):
                wrong_paths.append((_path(what, steps), f"{blamed}: {error.data['reason']}"))
            continue
        wrong_paths.append((_path(what, steps), "accepted"))
    assert wrong_paths == [], f"{title}: {mutated} mutations"


def test_the_issues_example_is_blamed_on_stop_reason(v2: ModuleType) -> None:
    update = {"sessionUpdate": "state_update", "state": "idle", "stopReason": 3}
    message = {"jsonrpc": "2.0", "method": "session/update",
               "params": {"sessionId": "s", "update": update}}  # fmt: skip
    with pytest.raises(v2.JsonRpcError) as caught:
        v2.decode(json.dumps(message))
    assert caught.value.code == -32602
    assert caught.value.data["path"] == "params.update.stopReason"


def test_a_natively_routed_variant_is_reported_as_the_routed_union_alone(v2: ModuleType) -> None:
    """A session update whose tag names its class is tried by pydantic's own discriminator
    first, then by ``tag_of``: a wrong field fails in both branches, and what decode reads
    is the routed branch's error alone, without the branch's label."""
    update = {"sessionUpdate": "agent_message_chunk", "messageId": 3,
              "content": {"type": "text", "text": "hi"}}  # fmt: skip
    params = {"sessionId": "s", "update": update}
    with pytest.raises(pydantic.ValidationError) as caught:
        v2.UpdateSessionNotification.model_validate(params)
    from acp_models.v2._failures import own_errors
    from acp_models.v2._unions import NATIVE_BRANCH, ROUTED_BRANCH

    branches = [each["loc"][1] for each in caught.value.errors()]
    assert branches == [NATIVE_BRANCH, ROUTED_BRANCH]
    own = own_errors(caught.value)
    assert [each["loc"] for each in own] == [
        ("update", "SessionUpdateAgentMessageChunk", "messageId")
    ]
    message = {"jsonrpc": "2.0", "method": "session/update", "params": params}
    with pytest.raises(v2.JsonRpcError) as refused:
        v2.decode(json.dumps(message))
    assert refused.value.data["path"] == "params.update.messageId"
