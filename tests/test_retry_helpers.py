"""The retry helpers of ``acp_models.v2``: keys and pending prompts, the retry policy and the
reconnect plan (``retry``), the agent's key recorder and its stores (``keys``).

In process against the committed package (generated/python/src, which `acp-spec check`
proves current); keys are pinned through the injectable factory, waits through an
injected rng, and nothing sleeps.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import sqlite3
import threading
import uuid
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from support.models import MODELS_SRC
from support.racing import race

SESSION = "sess_abc123def456"
BLOCKS = [{"type": "text", "text": "Run the database migration"}]
RESUME = {"sessionId": SESSION, "cwd": "/work"}
INITIALIZE = {"protocolVersion": 2, "info": {"name": "client", "version": "1.0.0"}}


def pinned(*values: str) -> Any:
    """A key factory handing out ``values`` in order."""
    return iter(values).__next__


def decoded(v2: ModuleType, message: dict[str, Any]) -> Any:
    return v2.decode(json.dumps(message))


# --- keys and pending prompts -------------------------------------------------------------


def test_the_default_key_is_a_fresh_uuid4(retry: ModuleType) -> None:
    first, second = retry.new_idempotency_key(), retry.new_idempotency_key()
    assert uuid.UUID(first).version == 4 and str(uuid.UUID(first)) == first
    assert first != second


def test_the_key_factory_is_injectable_and_restorable(retry: ModuleType) -> None:
    previous = retry.set_key_factory(pinned("k-1", "k-2"))
    try:
        assert [retry.new_idempotency_key(), retry.new_idempotency_key()] == ["k-1", "k-2"]
    finally:
        retry.set_key_factory(previous)
    assert uuid.UUID(retry.new_idempotency_key()).version == 4
    assert retry.new_idempotency_key(pinned("explicit")) == "explicit"


@pytest.mark.parametrize("bad", ["", "x" * 256, 7, None])
def test_a_factory_that_makes_an_invalid_key_fails_at_once(retry: ModuleType, bad: Any) -> None:
    with pytest.raises(ValueError, match="idempotency key"):
        retry.new_idempotency_key(lambda: bad)


def test_a_key_is_counted_in_code_points(retry: ModuleType) -> None:
    assert retry.check_key("\U0001f600" * 255) == "\U0001f600" * 255


def test_a_pending_prompt_keeps_its_key_on_every_attempt(v2: ModuleType, retry: ModuleType) -> None:
    pending = retry.PendingPrompt.submit(SESSION, BLOCKS, factory=pinned("K"), clock=lambda: 5.0)
    first, second = pending.request(7), pending.request(3)
    assert (first["id"], second["id"]) == (7, 3)
    assert first["params"] == second["params"]
    message = decoded(v2, second)
    assert isinstance(message.params, v2.PromptRequest)
    assert message.params.idempotency_key == "K"
    assert message.params.session_id == SESSION


def test_a_pending_prompt_is_a_copy_of_what_the_user_submitted(retry: ModuleType) -> None:
    blocks = [dict(BLOCKS[0])]
    pending = retry.PendingPrompt.submit(SESSION, blocks, factory=pinned("K"))
    blocks[0]["text"] = "something else"
    pending.request(1)["params"]["prompt"][0]["text"] = "and again"
    assert pending.params()["prompt"] == BLOCKS
    with pytest.raises(AttributeError):
        pending.key = "other"


def test_each_submission_gets_its_own_key_even_for_the_same_text(retry: ModuleType) -> None:
    factory = pinned("K1", "K2")
    one = retry.PendingPrompt.submit(SESSION, BLOCKS, factory=factory)
    two = retry.PendingPrompt.submit(SESSION, BLOCKS, factory=factory)
    assert (one.key, two.key) == ("K1", "K2")


def test_a_pending_prompt_persists_as_json_and_comes_back_the_same(retry: ModuleType) -> None:
    pending = retry.PendingPrompt.submit(
        SESSION, BLOCKS, factory=pinned("K"), clock=lambda: 1234.5, extra={"_meta": {"a": 1}}
    )
    stored = json.dumps(pending.to_json())
    back = retry.PendingPrompt.from_json(json.loads(stored))
    assert back == pending
    assert back.request(9) == pending.request(9)
    assert back.request(9)["params"]["_meta"] == {"a": 1}


@pytest.mark.parametrize(
    ("data", "says"),
    [
        ([], "JSON object"),
        ({"sessionId": SESSION, "prompt": BLOCKS, "submittedAt": 1}, "idempotencyKey"),
        ({"sessionId": SESSION, "prompt": BLOCKS, "idempotencyKey": "", "submittedAt": 1}, "idempotencyKey: "),
        ({"sessionId": SESSION, "prompt": BLOCKS, "idempotencyKey": "K", "submittedAt": "x"}, "submittedAt"),
        ({"sessionId": SESSION, "prompt": "hi", "idempotencyKey": "K", "submittedAt": 1}, "prompt"),
    ],
)  # fmt: skip
def test_a_bad_stored_prompt_is_refused_saying_which_member(
    retry: ModuleType, data: Any, says: str
) -> None:
    with pytest.raises(ValueError, match=says):
        retry.PendingPrompt.from_json(data)


def test_extra_params_cannot_replace_the_key(retry: ModuleType) -> None:
    with pytest.raises(ValueError, match="idempotencyKey"):
        retry.PendingPrompt.submit(SESSION, BLOCKS, extra={"idempotencyKey": "other"})


# --- which requests may be resent ---------------------------------------------------------

RULE_OF_CLASS = {"idempotent": "as_is", "duplicating": "as_is", "keyed": "with_key"}


def test_every_method_resends_as_its_retry_class_says(v2: ModuleType, retry: ModuleType) -> None:
    seen = set()
    for name, method in v2.METHODS.items():
        rule = retry.resend_rule(name)
        seen.add(rule)
        if method.kind == "notification":
            assert rule == "never", name
        elif method.retry_class != "as_carried":
            assert rule == RULE_OF_CLASS.get(method.retry_class, "never"), name
    assert seen == {"as_is", "with_key", "never"}
    assert retry.resend_rule("_vendor/thing") == "never"


def test_a_proxy_envelope_resends_as_the_request_it_carries(retry: ModuleType) -> None:
    keyed = {"method": "session/prompt", "params": {"idempotencyKey": "K"}}
    assert retry.resend_rule("proxy/successor", keyed) == "with_key"
    assert retry.resend_rule("proxy/successor", {"method": "session/list"}) == "as_is"
    assert retry.resend_rule("proxy/successor", {"method": "initialize"}) == "never"
    assert retry.resend_rule("proxy/successor", {}) == "never"


def policy(retry: ModuleType, **options: Any) -> Any:
    # rng 1.0: every wait is its ceiling, so the test can read the backoff's shape
    return retry.RetryPolicy(rng=lambda: 1.0, **options)


def prompt_request(retry: ModuleType, key: str | None = "K") -> dict[str, Any]:
    request: dict[str, Any] = retry.PendingPrompt.submit(
        SESSION, BLOCKS, factory=pinned(key or "unused")
    ).request(1)
    if key is None:
        del request["params"]["idempotencyKey"]
    return request


LIST = {"jsonrpc": "2.0", "id": 4, "method": "session/list", "params": {}}


def test_transport_loss_resends_a_keyed_prompt_with_its_key(retry: ModuleType) -> None:
    decision = policy(retry).decide(prompt_request(retry), retry.TransportLost("eof"), 1)
    assert decision == retry.Retry(delay=0.5, attempt=2)


def test_a_keyed_method_without_a_key_is_not_resent(retry: ModuleType) -> None:
    decision = policy(retry).decide(prompt_request(retry, None), retry.TransportLost(), 1)
    assert isinstance(decision, retry.GiveUp) and "idempotencyKey" in decision.reason


def test_not_retried_methods_and_notifications_are_not_resent(retry: ModuleType) -> None:
    lost = retry.TransportLost()
    init = {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": INITIALIZE}
    cancel = {"jsonrpc": "2.0", "method": "session/cancel", "params": {"sessionId": SESSION}}
    assert isinstance(policy(retry).decide(init, lost, 1), retry.GiveUp)
    assert isinstance(policy(retry).decide(cancel, lost, 1), retry.GiveUp)


@pytest.mark.parametrize("code", [-32600, -32602, -32800])
def test_final_errors_are_never_resent(v2: ModuleType, retry: ModuleType, code: int) -> None:
    lenient = policy(retry, retry_errors=frozenset({-32603}))
    assert isinstance(lenient.decide(LIST, code, 1), retry.GiveUp)
    assert isinstance(lenient.decide(LIST, v2.JsonRpcError(code), 1), retry.GiveUp)
    with pytest.raises(ValueError, match=str(code)):
        retry.RetryPolicy(retry_errors=frozenset({code}))


def test_other_errors_are_resent_only_when_the_policy_says_so(retry: ModuleType) -> None:
    assert isinstance(policy(retry).decide(LIST, -32603, 1), retry.GiveUp)
    lenient = policy(retry, retry_errors=frozenset({-32603}))
    assert isinstance(lenient.decide(LIST, -32603, 1), retry.Retry)


def test_attempts_are_bounded_and_waits_grow_to_the_cap(retry: ModuleType) -> None:
    chosen = policy(retry, max_attempts=6, base_delay=1.0, multiplier=3.0, max_delay=10.0)
    lost = retry.TransportLost()
    decisions = [chosen.decide(LIST, lost, n) for n in range(1, 7)]
    assert [d.delay for d in decisions[:5]] == [1.0, 3.0, 9.0, 10.0, 10.0]
    assert [d.attempt for d in decisions[:5]] == [2, 3, 4, 5, 6]
    assert isinstance(decisions[5], retry.GiveUp) and "6 attempts" in decisions[5].reason


def test_waits_are_jittered_by_the_injected_rng(retry: ModuleType) -> None:
    draws = iter([0.0, 0.25, 0.999])
    jittered = retry.RetryPolicy(rng=draws.__next__, base_delay=2.0, max_delay=100.0)
    waits = [jittered.backoff(n) for n in (1, 2, 3)]
    assert waits == [0.0, 0.25 * 4.0, 0.999 * 8.0]


def test_the_budget_stops_a_retry_storm_and_refills_on_success(retry: ModuleType) -> None:
    shared = policy(retry, budget=retry.RetryBudget(tokens=2, refund=0.5))
    lost = retry.TransportLost()
    assert [type(shared.decide(LIST, lost, 1)).__name__ for _ in range(3)] == [
        "Retry", "Retry", "GiveUp",
    ]  # fmt: skip
    assert "budget" in shared.decide(LIST, lost, 1).reason
    shared.succeeded()
    assert isinstance(shared.decide(LIST, lost, 1), retry.GiveUp)  # half a token
    shared.succeeded()
    assert isinstance(shared.decide(LIST, lost, 1), retry.Retry)
    assert shared.budget.tokens == 0


def test_giving_up_spends_no_budget(retry: ModuleType) -> None:
    shared = policy(retry, budget=retry.RetryBudget(tokens=1))
    shared.decide(LIST, -32602, 1)
    shared.decide(prompt_request(retry, None), retry.TransportLost(), 1)
    assert shared.budget.tokens == 1


def test_a_client_loop_on_the_policy_resends_one_key_until_answered(retry: ModuleType) -> None:
    """What an SDK does with the policy: a transport that loses two responses, a sleep that
    only records; every attempt has its own id and the same key."""
    sent: list[dict[str, Any]] = []
    slept: list[float] = []

    def send(message: dict[str, Any]) -> Any:
        sent.append(message)
        return retry.TransportLost() if len(sent) < 3 else {"messageId": "m1"}

    chosen = policy(retry)
    pending = retry.PendingPrompt.submit(SESSION, BLOCKS, factory=pinned("K"))
    ids = itertools.count(1)
    attempts, answer = 1, send(pending.request(next(ids)))
    while isinstance(answer, retry.TransportLost):
        decision = chosen.decide(sent[-1], answer, attempts)
        assert isinstance(decision, retry.Retry)
        slept.append(decision.delay)
        attempts, answer = decision.attempt, send(pending.request(next(ids)))
    assert answer == {"messageId": "m1"}
    assert [m["id"] for m in sent] == [1, 2, 3]
    assert {m["params"]["idempotencyKey"] for m in sent} == {"K"}
    assert slept == [0.5, 1.0]


# --- after reconnecting -------------------------------------------------------------------


def test_the_reconnect_plan_is_initialize_resume_then_the_pending_prompts(
    v2: ModuleType, retry: ModuleType
) -> None:
    factory = pinned("K2", "K1", "K3")
    later = retry.PendingPrompt.submit(SESSION, BLOCKS, factory=factory, clock=lambda: 20.0)
    earlier = retry.PendingPrompt.submit(SESSION, BLOCKS, factory=factory, clock=lambda: 10.0)
    other = retry.PendingPrompt.submit("sess_2", BLOCKS, factory=factory, clock=lambda: 15.0)
    resume = [RESUME, {"sessionId": "sess_2", "cwd": "/other"}]
    plan = policy(retry, clock=lambda: 30.0).reconnect(INITIALIZE, resume, [later, earlier, other])
    assert [(s.kind, s.session_id) for s in plan.steps] == [
        ("initialize", None), ("resume", SESSION), ("resume", "sess_2"),
        ("prompt", SESSION), ("prompt", "sess_2"), ("prompt", SESSION),
    ]  # fmt: skip
    assert [s.message["id"] for s in plan.steps] == [1, 2, 3, 4, 5, 6]
    prompts = [s for s in plan.steps if s.kind == "prompt"]
    assert [s.message["params"]["idempotencyKey"] for s in prompts] == ["K1", "K3", "K2"]
    assert [s.pending for s in prompts] == [earlier, other, later]
    assert plan.for_session("sess_2") == (prompts[1],)
    assert plan.stale == ()
    for step in plan.steps:
        assert decoded(v2, step.message).method == step.message["method"]


def test_a_prompt_held_too_long_is_shown_to_the_user_not_resent(retry: ModuleType) -> None:
    old = retry.PendingPrompt.submit(SESSION, BLOCKS, factory=pinned("OLD"), clock=lambda: 0.0)
    new = retry.PendingPrompt.submit(SESSION, BLOCKS, factory=pinned("NEW"), clock=lambda: 90.0)
    plan = policy(retry, max_pending_age=60.0, clock=lambda: 100.0).reconnect(
        INITIALIZE, [RESUME], [old, new], next_id=iter(["a", "b", "c"]).__next__
    )
    assert plan.stale == (old,)
    assert [s.message["id"] for s in plan.steps] == ["a", "b", "c"]
    assert plan.steps[-1].pending == new


def test_a_prompt_for_a_session_not_resumed_is_a_caller_error(retry: ModuleType) -> None:
    pending = retry.PendingPrompt.submit("sess_gone", BLOCKS, factory=pinned("K"))
    with pytest.raises(ValueError, match="sess_gone"):
        policy(retry).reconnect(INITIALIZE, [RESUME], [pending])


# --- derived message ids ------------------------------------------------------------------


def test_message_id_for_is_a_stable_uuid5_per_session_and_key(keys: ModuleType) -> None:
    # the namespace is the RFD's address under the URL namespace, whatever the module spells
    rfd = "https://agentclientprotocol.com/rfds/v2/idempotency-keys"
    assert uuid.uuid5(uuid.NAMESPACE_URL, rfd) == keys.MESSAGE_ID_NAMESPACE
    derived = keys.message_id_for(SESSION, "K")
    assert uuid.UUID(derived).version == 5
    assert keys.message_id_for(SESSION, "K") == derived
    assert keys.message_id_for("sess_other", "K") != derived
    assert keys.message_id_for(SESSION, "K2") != derived
    # the name can't be read two ways
    assert keys.message_id_for("a", "bc") != keys.message_id_for("ab", "c")
    own = uuid.uuid4()
    assert keys.message_id_for(SESSION, "K", own) != derived


# --- the key recorder ---------------------------------------------------------------------


@pytest.fixture(params=["memory", "sqlite"])
def store(request: pytest.FixtureRequest, keys: ModuleType, tmp_path: Path) -> Iterator[Any]:
    if request.param == "memory":
        yield keys.MemoryKeyStore()
        return
    made = keys.SqliteKeyStore(tmp_path / "agent.db")
    yield made
    made.close()


def test_a_new_key_is_held_then_inserted_once(keys: ModuleType, store: Any) -> None:
    recorder = keys.KeyRecorder(store)
    found = recorder.lookup(SESSION, "K")
    assert isinstance(found, keys.NotFound)
    assert found.insert("msg_1") == keys.Insertion(won=True, message_id="msg_1")
    assert found.waiter.result(0).response(7) == {
        "jsonrpc": "2.0", "id": 7, "result": {"messageId": "msg_1"},
    }  # fmt: skip
    again = recorder.lookup(SESSION, "K")
    assert again == keys.Inserted("msg_1")
    assert again.waiter.result(0).message_id == "msg_1"


def test_a_retry_of_a_held_prompt_joins_it_and_gets_the_same_answer(
    keys: ModuleType, store: Any
) -> None:
    recorder = keys.KeyRecorder(store)
    first = recorder.lookup(SESSION, "K")
    retries = [recorder.lookup(SESSION, "K") for _ in range(2)]
    assert all(isinstance(r, keys.Pending) for r in retries)
    assert not any(r.waiter.done() for r in retries)
    first.insert("msg_1")
    assert [r.waiter.result(0).message_id for r in retries] == ["msg_1", "msg_1"]


def test_an_error_answers_everyone_and_leaves_the_key_unused(
    v2: ModuleType, keys: ModuleType, store: Any
) -> None:
    recorder = keys.KeyRecorder(store)
    first = recorder.lookup(SESSION, "K")
    retry_ = recorder.lookup(SESSION, "K")
    first.fail(v2.JsonRpcError(-32603, "model unavailable"))
    assert retry_.waiter.result(0).response(3)["error"]["code"] == -32603
    assert store.get(SESSION, "K") is None
    assert isinstance(recorder.lookup(SESSION, "K"), keys.NotFound)


def test_a_failed_write_records_nothing(keys: ModuleType, store: Any) -> None:
    recorder = keys.KeyRecorder(store)
    found = recorder.lookup(SESSION, "K")

    def broken(_: Any) -> None:
        raise OSError("disk full")

    # sqlite's store says a failed transaction is its own: StoreError, answered -32603
    raised = OSError if isinstance(store, keys.MemoryKeyStore) else keys.StoreError
    with pytest.raises(raised, match="disk full"):
        found.insert("msg_1", broken)
    assert store.get(SESSION, "K") is None
    assert isinstance(recorder.lookup(SESSION, "K"), keys.Pending)  # still held
    assert found.insert("msg_2").message_id == "msg_2"


def test_cancelling_answers_every_request_for_the_key_with_32800(
    keys: ModuleType, store: Any
) -> None:
    recorder = keys.KeyRecorder(store)
    first = recorder.lookup(SESSION, "K", request=("conn1", 7))
    retry_ = recorder.lookup(SESSION, "K", request=("conn2", 3))
    assert recorder.cancel_request(("conn2", 3))
    codes = [r.waiter.result(0).response(1)["error"]["code"] for r in (first, retry_)]
    assert codes == [-32800, -32800]
    with pytest.raises(keys.Withdrawn):
        first.insert("msg_1")
    assert store.get(SESSION, "K") is None
    assert not recorder.cancel_request(("conn1", 7))  # answered already
    assert isinstance(recorder.lookup(SESSION, "K"), keys.NotFound)


def test_an_inserted_prompt_can_no_longer_be_cancelled(keys: ModuleType, store: Any) -> None:
    recorder = keys.KeyRecorder(store)
    recorder.lookup(SESSION, "K", request=7).insert("msg_1")
    assert not recorder.cancel(SESSION, "K")
    assert not recorder.cancel_request(7)


def test_cancelling_a_session_answers_only_its_held_prompts(keys: ModuleType, store: Any) -> None:
    recorder = keys.KeyRecorder(store)
    mine = [recorder.lookup(SESSION, k) for k in ("A", "B")]
    theirs = recorder.lookup("sess_2", "A")
    assert recorder.cancel_session(SESSION) == 2
    assert all(m.waiter.result(0).error.code == -32800 for m in mine)
    assert not theirs.waiter.done()


def test_keys_are_scoped_per_session(keys: ModuleType, store: Any) -> None:
    recorder = keys.KeyRecorder(store)
    recorder.lookup(SESSION, "K").insert("msg_1")
    elsewhere = recorder.lookup("sess_2", "K")
    assert isinstance(elsewhere, keys.NotFound)
    elsewhere.insert("msg_9")
    assert recorder.lookup(SESSION, "K") == keys.Inserted("msg_1")
    assert store.keys(SESSION) == frozenset({"K"})


def test_keys_never_leave_the_agent(keys: ModuleType, store: Any) -> None:
    recorder = keys.KeyRecorder(store)
    params = {"sessionId": SESSION, "prompt": BLOCKS, "idempotencyKey": "K-secret"}
    recorder.lookup(SESSION, "K-secret").insert("msg_1")
    replay = {"sessionUpdate": "user_message", "messageId": "msg_1", **keys.without_key(params)}
    recorder.check_outgoing({"method": "session/update", "params": replay}, SESSION)
    with pytest.raises(keys.KeyLeak, match="K-secret"):
        recorder.check_outgoing({"method": "session/update", "params": {"update": params}}, SESSION)
    # a restarted agent has seen no keys yet: the store's record still catches the leak
    restarted = keys.KeyRecorder(store)
    with pytest.raises(keys.KeyLeak):
        restarted.check_outgoing({"result": {"sessions": [{"title": "K-secret"}]}}, SESSION)


def test_message_ids_derived_from_keys_make_the_insert_self_describing(
    keys: ModuleType, store: Any
) -> None:
    recorder = keys.KeyRecorder(store)
    derived = keys.message_id_for(SESSION, "K")
    assert recorder.lookup(SESSION, "K").insert(derived).message_id == derived
    assert store.get(SESSION, "K") == derived


# --- the sqlite store ---------------------------------------------------------------------


def messages_table(db: sqlite3.Connection) -> None:
    db.execute("CREATE TABLE IF NOT EXISTS messages (session_id TEXT, message_id TEXT, text TEXT)")


def write_message(message_id: str, text: str = "hi") -> Any:
    def write(db: sqlite3.Connection) -> None:
        db.execute("INSERT INTO messages VALUES (?, ?, ?)", (SESSION, message_id, text))

    return write


def message_rows(path: Path) -> list[tuple[str, ...]]:
    with sqlite3.connect(path) as db:
        return [tuple(r) for r in db.execute("SELECT session_id, message_id FROM messages")]


def test_the_key_and_the_message_share_one_transaction(keys: ModuleType, tmp_path: Path) -> None:
    store = keys.SqliteKeyStore(tmp_path / "agent.db")
    messages_table(store.connection())
    recorder = keys.KeyRecorder(store)

    def half_written(db: sqlite3.Connection) -> None:
        write_message("msg_1")(db)
        raise RuntimeError("crashed mid-write")

    found = recorder.lookup(SESSION, "K")
    with pytest.raises(RuntimeError):
        found.insert("msg_1", half_written)
    assert message_rows(tmp_path / "agent.db") == []
    assert store.get(SESSION, "K") is None
    found.insert("msg_1", write_message("msg_1"))
    assert message_rows(tmp_path / "agent.db") == [(SESSION, "msg_1")]
    store.close()


def test_a_recorded_key_survives_a_restart(keys: ModuleType, tmp_path: Path) -> None:
    path = tmp_path / "agent.db"
    before = keys.SqliteKeyStore(path)
    keys.KeyRecorder(before).lookup(SESSION, "K").insert("msg_1")
    held = keys.KeyRecorder(before).lookup(SESSION, "HELD")
    assert isinstance(held, keys.NotFound)
    before.close()
    after = keys.KeyRecorder(keys.SqliteKeyStore(path))
    assert after.lookup(SESSION, "K") == keys.Inserted("msg_1")
    # a held prompt isn't stored: after a restart its retry is a new submission
    assert isinstance(after.lookup(SESSION, "HELD"), keys.NotFound)
    after.store.close()


def test_an_in_memory_sqlite_database_is_refused(keys: ModuleType) -> None:
    with pytest.raises(ValueError, match="MemoryKeyStore"):
        keys.SqliteKeyStore(":memory:")


def test_threads_racing_on_one_key_insert_one_message(keys: ModuleType, tmp_path: Path) -> None:
    store = keys.SqliteKeyStore(tmp_path / "agent.db")
    messages_table(store.connection())
    recorder = keys.KeyRecorder(store)
    start = threading.Barrier(8)
    answers: list[str] = []

    def client(n: int) -> None:
        start.wait()
        found = recorder.lookup(SESSION, "K")
        if isinstance(found, keys.NotFound):
            found.insert(f"msg_{n}", write_message(f"msg_{n}"))
        answers.append(found.waiter.result(10).message_id)

    threads = [threading.Thread(target=client, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(10)
    rows = message_rows(tmp_path / "agent.db")
    assert len(rows) == 1 and len(answers) == 8
    assert set(answers) == {rows[0][1]}
    store.close()


def _race_in_a_process(keys: ModuleType, path: str, n: int, start: Any, out: Any) -> None:
    # Each process is an agent of its own: its own store, its own recorder, no shared memory.
    store = keys.SqliteKeyStore(path)
    start.wait()
    found = keys.KeyRecorder(store).lookup(SESSION, "K")
    if isinstance(found, keys.NotFound):
        found.insert(f"msg_{n}", write_message(f"msg_{n}"))
    out.put(found.waiter.result(10).message_id)
    store.close()


def test_processes_racing_on_one_key_insert_one_message(keys: ModuleType, tmp_path: Path) -> None:
    path = tmp_path / "agent.db"
    store = keys.SqliteKeyStore(path)
    messages_table(store.connection())
    store.close()
    answers = race(_race_in_a_process, (keys, str(path)), 4, timeout=20)
    rows = message_rows(path)
    assert len(rows) == 1
    assert set(answers) == {rows[0][1]}


# --- the README ---------------------------------------------------------------------------


def test_the_readme_examples_run(v2: ModuleType) -> None:
    readme = (MODELS_SRC.parent / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Retries and idempotency keys", 1)[1]
    examples = [block.split("```", 1)[0] for block in section.split("```python\n")[1:]]
    assert len(examples) == 3
    for example in examples:
        exec(compile(example, "README.md", "exec"), {})


def test_an_asyncio_agent_awaits_the_held_prompt(keys: ModuleType) -> None:
    recorder = keys.KeyRecorder(keys.MemoryKeyStore())

    async def agent() -> list[str]:
        first = recorder.lookup(SESSION, "K")
        retry_ = recorder.lookup(SESSION, "K")
        waiting = asyncio.ensure_future(retry_.waiter)
        await asyncio.sleep(0)
        assert not waiting.done()
        first.insert("msg_1")
        outcomes = [await waiting, await first.waiter]
        return [o.message_id for o in outcomes]

    assert asyncio.run(agent()) == ["msg_1", "msg_1"]
