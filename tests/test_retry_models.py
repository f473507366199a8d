"""The client's retry helpers (``acp_models.v2.retry``) take the package's own models
wherever they take JSON: content blocks, ``PromptRequest``, ``InitializeRequest`` and the
``Request`` that ``decode`` returns; a ``PendingPrompt`` is immutable all the way down and
hashable; an invalid idempotency key is refused where it is made and where it is judged.

In process against the committed package (generated/python/src), as test_retry_helpers.
"""

from __future__ import annotations

import json
from types import ModuleType
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

SESSION = "sess_abc123def456"
BLOCKS = [{"type": "text", "text": "Run the database migration"}]
INITIALIZE = {"protocolVersion": 2, "info": {"name": "client", "version": "1.0.0"}}


def key(value: str) -> Any:
    return lambda: value


def lost(retry: ModuleType) -> Any:
    return retry.TransportLost("eof")


def policy(retry: ModuleType, **options: Any) -> Any:
    return retry.RetryPolicy(rng=lambda: 1.0, **options)


# --- models in, the same JSON out ---------------------------------------------------------


def test_content_block_models_make_the_same_prompt_as_their_json(
    retry: ModuleType, build: ModuleType
) -> None:
    blocks = [build.text("Run the database migration")]
    from_models = retry.PendingPrompt.submit(SESSION, blocks, factory=key("K"), clock=lambda: 1.0)
    from_json = retry.PendingPrompt.submit(SESSION, BLOCKS, factory=key("K"), clock=lambda: 1.0)
    assert from_models == from_json
    assert from_models.params()["prompt"] == BLOCKS
    link = build.resource_link("file:///a.py", "a.py")
    mixed = retry.PendingPrompt.submit(SESSION, [*blocks, link], factory=key("K"))
    assert mixed.params()["prompt"][1] == {
        "type": "resource_link", "uri": "file:///a.py", "name": "a.py",
    }  # fmt: skip


def test_a_pending_prompt_is_made_from_prompt_request_params(
    retry: ModuleType, build: ModuleType
) -> None:
    meta = {"trace": "t-1"}
    params = build.prompt(SESSION, "Run the database migration").model_copy(update={"meta": meta})
    pending = retry.PendingPrompt.from_params(params, factory=key("K"), clock=lambda: 3.0)
    assert pending.params() == {
        "_meta": meta,
        "sessionId": SESSION,
        "prompt": BLOCKS,
        "idempotencyKey": "K",
    }
    # the key the params carry is the submission's: kept, not replaced
    keyed = build.prompt(SESSION, "Run the database migration", idempotency_key="stored")
    assert retry.PendingPrompt.from_params(keyed).key == "stored"
    # the same from the params as JSON
    assert retry.PendingPrompt.from_params(pending.params(), clock=lambda: 3.0) == pending


def test_prompt_request_params_with_an_invalid_key_are_refused(retry: ModuleType) -> None:
    for bad in ("", "x" * 256, 7):
        with pytest.raises(ValueError, match="idempotency key"):
            retry.PendingPrompt.from_params(
                {"sessionId": SESSION, "prompt": BLOCKS, "idempotencyKey": bad}
            )


def test_the_pending_prompt_gives_its_request_as_a_model(v2: ModuleType, retry: ModuleType) -> None:
    pending = retry.PendingPrompt.submit(SESSION, BLOCKS, factory=key("K"))
    request = pending.to_request(7)
    assert isinstance(request, v2.Request) and isinstance(request.params, v2.PromptRequest)
    assert json.loads(v2.encode(request)) == pending.request(7)
    assert v2.decode(v2.encode(request)) == request


def test_the_policy_decides_on_a_decoded_request(v2: ModuleType, retry: ModuleType) -> None:
    pending = retry.PendingPrompt.submit(SESSION, BLOCKS, factory=key("K"))
    decoded = v2.decode(json.dumps(pending.request(3)))
    assert policy(retry).decide(decoded, lost(retry), 1) == retry.Retry(delay=0.5, attempt=2)
    keyless = v2.decode(
        json.dumps({**pending.request(4), "params": {"sessionId": SESSION, "prompt": BLOCKS}})
    )
    assert isinstance(policy(retry).decide(keyless, lost(retry), 1), retry.GiveUp)
    init = v2.Request(1, "initialize", v2.InitializeRequest.model_validate(INITIALIZE))
    assert isinstance(policy(retry).decide(init, lost(retry), 1), retry.GiveUp)
    cancel = v2.decode(
        json.dumps({"jsonrpc": "2.0", "method": "session/cancel", "params": {"sessionId": SESSION}})
    )
    assert isinstance(policy(retry).decide(cancel, lost(retry), 1), retry.GiveUp)


def test_a_request_dict_may_hold_models(
    v2: ModuleType, retry: ModuleType, build: ModuleType
) -> None:
    request = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "session/prompt",
        "params": build.prompt(SESSION, "Hi", idempotency_key="K"),
    }
    assert isinstance(policy(retry).decide(request, lost(retry), 1), retry.Retry)


def test_the_resend_rule_reads_a_proxy_envelope_model(v2: ModuleType, retry: ModuleType) -> None:
    envelope = v2.ProxySuccessorRequest(method="session/prompt", params={"idempotencyKey": "K"})
    assert retry.resend_rule("proxy/successor", envelope) == "with_key"
    listing = v2.ProxySuccessorRequest(method="session/list")
    assert retry.resend_rule("proxy/successor", listing) == "as_is"


def test_the_reconnect_plan_takes_initialize_and_resume_models(
    v2: ModuleType, retry: ModuleType
) -> None:
    pending = retry.PendingPrompt.submit(SESSION, BLOCKS, factory=key("K"), clock=lambda: 1.0)
    plan = policy(retry, clock=lambda: 2.0).reconnect(
        v2.InitializeRequest.model_validate(INITIALIZE),
        [v2.ResumeSessionRequest(session_id=SESSION, cwd="/work")],
        [pending],
    )
    assert [s.kind for s in plan.steps] == ["initialize", "resume", "prompt"]
    assert plan.steps[0].message["params"] == INITIALIZE
    assert plan.steps[1].message["params"] == {"sessionId": SESSION, "cwd": "/work"}
    for step in plan.steps:
        request = step.to_request()
        assert isinstance(request, v2.Request)
        assert json.loads(v2.encode(request)) == step.message


# --- immutable and hashable ---------------------------------------------------------------


def test_a_pending_prompt_cannot_change_under_its_key(retry: ModuleType) -> None:
    pending = retry.PendingPrompt.submit(
        SESSION, BLOCKS, factory=key("K"), extra={"_meta": {"a": [1]}}
    )
    with pytest.raises(AttributeError):
        pending.prompt.append({"type": "text", "text": "and drop the table"})
    with pytest.raises(TypeError):
        pending.prompt[0]["text"] = "drop the table"
    with pytest.raises(TypeError):
        pending.extra["_meta"]["a"] = 2
    with pytest.raises(AttributeError):
        pending.extra["_meta"]["a"].append(2)
    assert pending.params()["prompt"] == BLOCKS
    assert pending.params()["_meta"] == {"a": [1]}
    # reading it works as on the JSON it came from
    assert pending.prompt[0]["text"] == BLOCKS[0]["text"]
    assert json.loads(json.dumps(pending.to_json()))["prompt"] == BLOCKS


def test_a_pending_prompt_is_hashable_and_equal_to_its_stored_copy(retry: ModuleType) -> None:
    pending = retry.PendingPrompt.submit(SESSION, BLOCKS, factory=key("K"), clock=lambda: 5.0)
    back = retry.PendingPrompt.from_json(json.loads(json.dumps(pending.to_json())))
    assert hash(back) == hash(pending) and back == pending
    other = retry.PendingPrompt.submit(SESSION, BLOCKS, factory=key("K2"), clock=lambda: 5.0)
    assert len({pending, back, other}) == 2
    # JSON's true is not 1, though Python's == says so
    flag = retry.PendingPrompt.submit(
        SESSION, BLOCKS, factory=key("K"), clock=lambda: 5.0, extra={"_meta": {"x": True}}
    )
    one = retry.PendingPrompt.submit(
        SESSION, BLOCKS, factory=key("K"), clock=lambda: 5.0, extra={"_meta": {"x": 1}}
    )
    assert flag != one


# --- an invalid key is refused where it is made and where it is judged ---------------------


@pytest.mark.parametrize("bad", ["", "x" * 256, 7])
def test_a_pending_prompt_made_directly_refuses_an_invalid_key(retry: ModuleType, bad: Any) -> None:
    with pytest.raises(ValueError, match="idempotency key"):
        retry.PendingPrompt(session_id=SESSION, prompt=BLOCKS, key=bad, submitted_at=0.0)


def test_a_pending_prompt_made_directly_is_checked_and_frozen(retry: ModuleType) -> None:
    with pytest.raises(ValueError, match="session_id"):
        retry.PendingPrompt(session_id="", prompt=BLOCKS, key="K", submitted_at=0.0)
    blocks = [dict(BLOCKS[0])]
    made = retry.PendingPrompt(session_id=SESSION, prompt=blocks, key="K", submitted_at=0.0)
    blocks[0]["text"] = "changed"
    assert made.params()["prompt"] == BLOCKS


@pytest.mark.parametrize("bad", ["", "x" * 256, 7, ["K"]])
def test_the_policy_refuses_to_judge_a_request_with_an_invalid_key(
    v2: ModuleType, retry: ModuleType, bad: Any
) -> None:
    # a caller's bug, not a failure to retry: the agent would reject the request with -32602
    request = {"jsonrpc": "2.0", "id": 1, "method": "session/prompt",
               "params": {"sessionId": SESSION, "prompt": BLOCKS, "idempotencyKey": bad}}  # fmt: skip
    budget = retry.RetryBudget(tokens=1)
    with pytest.raises(ValueError, match="idempotency key"):
        policy(retry, budget=budget).decide(request, lost(retry), 1)
    carried = {"jsonrpc": "2.0", "id": 2, "method": "proxy/successor",
               "params": {"method": "session/prompt", "params": request["params"]}}  # fmt: skip
    with pytest.raises(ValueError, match="idempotency key"):
        policy(retry, budget=budget).decide(carried, lost(retry), 1)
    assert budget.tokens == 1


def test_a_null_key_is_an_omitted_key(retry: ModuleType) -> None:
    request = {"jsonrpc": "2.0", "id": 1, "method": "session/prompt",
               "params": {"sessionId": SESSION, "prompt": BLOCKS, "idempotencyKey": None}}  # fmt: skip
    decision = policy(retry).decide(request, lost(retry), 1)
    assert isinstance(decision, retry.GiveUp) and "idempotencyKey" in decision.reason


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=8,
)  # fmt: skip
BLOCK = st.dictionaries(st.text(max_size=4), JSON, max_size=3).map(lambda b: {**b, "type": "text"})


@settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    blocks=st.lists(BLOCK, min_size=1, max_size=3),
    meta=st.dictionaries(st.text(max_size=3), JSON, max_size=3),
)
def test_any_json_prompt_round_trips_and_hashes_as_its_stored_copy(
    retry: ModuleType, blocks: list[dict[str, Any]], meta: dict[str, Any]
) -> None:
    pending = retry.PendingPrompt.submit(SESSION, blocks, factory=key("K"), extra={"_meta": meta})
    assert pending.params()["prompt"] == blocks and pending.params()["_meta"] == meta
    back = retry.PendingPrompt.from_json(json.loads(json.dumps(pending.to_json())))
    assert back == pending and hash(back) == hash(pending)
    assert hash(pending.prompt) == hash(back.prompt)  # the blocks themselves hash too
