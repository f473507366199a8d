"""Client-side retries of ACP v2 requests, as the idempotency-keys RFD describes them: keys,
pending prompts that keep their key, a retry policy read from ``METHODS``, and the plan to
follow after reconnecting.

Nothing here sends anything: the policy decides and the plan lists messages, and the SDK's
own transport sends them. Messages are plain JSON-RPC dicts, so no model has to load.
"""

from __future__ import annotations

import itertools
import json
import threading
import time
import uuid
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

from ._methods import METHODS, is_method_name

if TYPE_CHECKING:
    from .. import JsonRpcError

__all__ = [
    "NEVER_RESENT_ON",
    "GiveUp",
    "KeyFactory",
    "PendingPrompt",
    "PlanStep",
    "ReconnectPlan",
    "ResendRule",
    "Retry",
    "RetryBudget",
    "RetryPolicy",
    "TransportLost",
    "check_key",
    "new_idempotency_key",
    "resend_rule",
    "set_key_factory",
]

KeyFactory: TypeAlias = Callable[[], str]
ResendRule: TypeAlias = Literal["as_is", "with_key", "never"]

# The RFD's limits on a key, in code points (what JSON Schema's maxLength counts)
_KEY_MIN, _KEY_MAX = 1, 255

# Errors that answer the request for good: a malformed request, bad params, a cancelled one.
# Resending would get the same answer or, after -32800, undo what the user asked for.
NEVER_RESENT_ON = frozenset({-32600, -32602, -32800})


def _random() -> float:
    # random seeds a generator from the OS when imported: only for a policy that waits
    import random

    return random.random()


def _uuid4() -> str:
    return str(uuid.uuid4())


_factory: KeyFactory = _uuid4


def set_key_factory(factory: KeyFactory | None) -> KeyFactory:
    """Make ``factory`` what ``new_idempotency_key`` calls (None: a random UUIDv4 again).
    Returns the factory it replaces, so a test can put it back."""
    global _factory
    previous, _factory = _factory, factory or _uuid4
    return previous


def check_key(key: object) -> str:
    """``key`` if it is a valid idempotency key (a string of 1 to 255 code points), else
    ValueError saying why: an agent must reject it with -32602, never treat it as omitted."""
    if not isinstance(key, str):
        raise ValueError(f"an idempotency key is a string, not {type(key).__name__}")
    if not _KEY_MIN <= len(key) <= _KEY_MAX:
        raise ValueError(f"an idempotency key has 1 to 255 characters, not {len(key)}")
    return key


def new_idempotency_key(factory: KeyFactory | None = None) -> str:
    """A new key for one submission: ``factory()``, or the default (a UUIDv4 unless
    ``set_key_factory`` replaced it). Checked, so a bad factory fails here, not at the agent."""
    return check_key((factory or _factory)())


def _json_copy(value: Any, what: str) -> Any:
    # A copy the caller can't change afterwards, and proof that it persists as JSON.
    try:
        return json.loads(json.dumps(value, allow_nan=False))
    except (TypeError, ValueError) as error:
        raise ValueError(f"{what} is not JSON: {error}") from None


@dataclass(frozen=True)
class PendingPrompt:
    """One submission of user input: its key is made when the user submits, is stored with
    the input (``to_json``), and goes on every attempt, on any connection, after any restart.
    Frozen, so the key can never travel with a different prompt.

    ``extra`` holds any other params of the request (``_meta``); ``submitted_at`` is seconds
    since the epoch, so a policy can tell a prompt held since yesterday from a fresh one.
    """

    session_id: str
    prompt: list[Any]
    key: str
    submitted_at: float
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def submit(
        cls,
        session_id: str,
        prompt: Sequence[Any],
        *,
        key: str | None = None,
        factory: KeyFactory | None = None,
        clock: Callable[[], float] = time.time,
        extra: Mapping[str, Any] | None = None,
    ) -> PendingPrompt:
        """The user submitted ``prompt`` (content blocks as JSON) to ``session_id``: a new key
        (``factory``, or the default) unless the application passes the one it stored."""
        if not isinstance(session_id, str) or not session_id:
            raise ValueError("session_id is a non-empty string")
        if isinstance(prompt, (str, bytes)) or not isinstance(prompt, Sequence):
            raise ValueError("prompt is a list of content blocks")
        reserved = {"sessionId", "prompt", "idempotencyKey"} & set(extra or {})
        if reserved:
            raise ValueError(f"extra params may not set {sorted(reserved)}")
        return cls(
            session_id=session_id,
            prompt=_json_copy(list(prompt), "prompt"),
            key=check_key(key) if key is not None else new_idempotency_key(factory),
            submitted_at=float(clock()),
            extra=_json_copy(dict(extra or {}), "extra"),
        )

    def params(self) -> dict[str, Any]:
        """The ``session/prompt`` params of every attempt: the same key each time."""
        return {
            **_json_copy(self.extra, "extra"),
            "sessionId": self.session_id,
            "prompt": _json_copy(self.prompt, "prompt"),
            "idempotencyKey": self.key,
        }

    def request(self, id: str | int) -> dict[str, Any]:
        """One attempt: a ``session/prompt`` request with its own JSON-RPC ``id``."""
        return {"jsonrpc": "2.0", "id": id, "method": "session/prompt", "params": self.params()}

    def age(self, now: float) -> float:
        """Seconds since the user submitted it."""
        return now - self.submitted_at

    def to_json(self) -> dict[str, Any]:
        """What to persist with the pending input (``from_json`` reads it back)."""
        return {
            "sessionId": self.session_id,
            "prompt": _json_copy(self.prompt, "prompt"),
            "idempotencyKey": self.key,
            "submittedAt": self.submitted_at,
            "extra": _json_copy(self.extra, "extra"),
        }

    @classmethod
    def from_json(cls, data: Any) -> PendingPrompt:
        """A pending prompt from ``to_json``'s output; ValueError naming the member at fault."""
        if not isinstance(data, Mapping):
            raise ValueError(f"a pending prompt is a JSON object, not {type(data).__name__}")
        missing = [
            k for k in ("sessionId", "prompt", "idempotencyKey", "submittedAt") if k not in data
        ]
        if missing:
            raise ValueError(f"a pending prompt needs {missing}")
        at = data["submittedAt"]
        if isinstance(at, bool) or not isinstance(at, (int, float)):
            raise ValueError("submittedAt: a number of seconds since the epoch")
        extra = data.get("extra", {})
        if not isinstance(extra, Mapping):
            raise ValueError("extra: a JSON object")
        try:
            key = check_key(data["idempotencyKey"])
        except ValueError as error:
            raise ValueError(f"idempotencyKey: {error}") from None
        return cls.submit(
            data["sessionId"], data["prompt"], key=key, clock=lambda: float(at), extra=extra
        )


def resend_rule(method: str, params: Mapping[str, Any] | None = None) -> ResendRule:
    """What a client may do with an unanswered ``method`` request, from its retry class in
    ``METHODS``: resend it as is (idempotent, duplicating), resend it only with its key
    (keyed), or never (not retried, out of scope, notifications, methods ACP doesn't know).
    A ``proxy/successor`` envelope takes the rule of the request it carries."""
    entry = METHODS[method] if is_method_name(method) else None
    if entry is None or entry.kind == "notification":
        return "never"
    retry_class = entry.retry_class
    if retry_class == "as_carried":
        carried = (params or {}).get("method")
        inner = (params or {}).get("params")
        if not isinstance(carried, str) or carried == method:
            return "never"
        return resend_rule(carried, inner if isinstance(inner, Mapping) else None)
    if retry_class in ("idempotent", "duplicating"):
        return "as_is"
    if retry_class == "keyed":
        return "with_key"
    return "never"


@dataclass(frozen=True)
class TransportLost:
    """The failure of a request whose response can't come any more: the connection closed,
    the agent process exited, a POST failed before ``202 Accepted``."""

    reason: str = ""


@dataclass(frozen=True)
class Retry:
    """Resend after ``delay`` seconds; it will be attempt number ``attempt``."""

    delay: float
    attempt: int


@dataclass(frozen=True)
class GiveUp:
    """Don't resend; ``reason`` says why, for the application's error."""

    reason: str


class RetryBudget:
    """Caps retries across all requests, so an agent that fails everything gets no storm:
    it starts with ``tokens``, each retry spends one, each success refunds ``refund``, up to
    ``tokens``. Thread-safe; share one per agent connection or per agent."""

    def __init__(self, tokens: float = 10.0, refund: float = 0.1) -> None:
        if tokens < 1 or refund < 0:
            raise ValueError("a retry budget has at least 1 token and a refund of 0 or more")
        self.capacity = tokens
        self.refund = refund
        self._tokens = tokens
        self._lock = threading.Lock()

    @property
    def tokens(self) -> float:
        with self._lock:
            return self._tokens

    def spend(self) -> bool:
        """Take one retry's token; False when the budget is spent."""
        with self._lock:
            if self._tokens < 1:
                return False
            self._tokens -= 1
            return True

    def succeeded(self) -> None:
        """A response came: some budget comes back."""
        with self._lock:
            self._tokens = min(self.capacity, self._tokens + self.refund)


Failure: TypeAlias = "TransportLost | JsonRpcError | int"


@dataclass
class RetryPolicy:
    """When to resend an unanswered request, how long to wait, and what to send after
    reconnecting. The defaults:

    - at most ``max_attempts`` = 4 attempts of one request, the first included;
    - before attempt n+1, a wait drawn uniformly from 0 to ``min(max_delay, base_delay *
      multiplier ** (n - 1))`` ("full jitter": 0 to 0.5 s, 1 s, 2 s, ... capped at 10 s), so
      clients that lost the same agent don't come back at once;
    - a ``RetryBudget`` of 10 retries, refilled by 0.1 per success;
    - resend on transport loss only; an error response is an answer, and none of
      ``retry_errors`` (empty by default) may be -32600, -32602 or -32800;
    - a pending prompt older than ``max_pending_age`` = 12 hours is shown to the user, not
      resent (the RFD: the agent may have discarded its message by then).

    ``rng`` (a float in [0, 1)) and ``clock`` are injectable so tests pin the waits.
    """

    max_attempts: int = 4
    base_delay: float = 0.5
    multiplier: float = 2.0
    max_delay: float = 10.0
    budget: RetryBudget = field(default_factory=RetryBudget)
    retry_errors: frozenset[int] = frozenset()
    max_pending_age: float = 12 * 3600.0
    rng: Callable[[], float] = _random
    clock: Callable[[], float] = time.time

    def __post_init__(self) -> None:
        if self.max_attempts < 1:
            raise ValueError("max_attempts is at least 1")
        if self.base_delay < 0 or self.max_delay < 0 or self.multiplier < 1:
            raise ValueError("delays are 0 or more and the multiplier at least 1")
        if forbidden := sorted(self.retry_errors & NEVER_RESENT_ON):
            raise ValueError(f"retry_errors may not hold {forbidden}: those answers are final")

    def backoff(self, attempts: int) -> float:
        """The wait before the next attempt, after ``attempts`` attempts (jittered)."""
        ceiling = min(self.max_delay, self.base_delay * self.multiplier ** (attempts - 1))
        return self.rng() * ceiling

    def decide(self, request: Mapping[str, Any], failure: Failure, attempts: int) -> Retry | GiveUp:
        """Whether to resend ``request`` (a JSON-RPC request dict, sent ``attempts`` times)
        after ``failure``: the transport lost it, or an error response (a ``JsonRpcError``
        or its code). Spends budget only when it says Retry."""
        method = request.get("method")
        if not isinstance(method, str) or "id" not in request:
            return GiveUp("not a request: a notification is never resent")
        params = request.get("params")
        params = params if isinstance(params, Mapping) else None
        rule = resend_rule(method, params)
        if rule == "never":
            return GiveUp(f"{method} is never resent; recover with session/resume")
        if rule == "with_key" and not _carries_key(method, params):
            return GiveUp(f"{method} without an idempotencyKey may insert twice; not resent")
        if not isinstance(failure, TransportLost):
            code = failure if isinstance(failure, int) else failure.code
            if code in NEVER_RESENT_ON or code not in self.retry_errors:
                return GiveUp(f"answered with error {code}")
        if attempts >= self.max_attempts:
            return GiveUp(f"{attempts} attempts made, the most this policy allows")
        if not self.budget.spend():
            return GiveUp("the retry budget is spent")
        return Retry(delay=self.backoff(attempts), attempt=attempts + 1)

    def succeeded(self) -> None:
        """Tell the policy a response came, to refill its budget."""
        self.budget.succeeded()

    def reconnect(
        self,
        initialize: Mapping[str, Any],
        resume: Sequence[Mapping[str, Any]],
        pending: Sequence[PendingPrompt],
        next_id: Callable[[], str | int] | None = None,
    ) -> ReconnectPlan:
        """What to send on a new connection: ``initialize`` (its params), then
        ``session/resume`` for each of ``resume`` (params, each with its ``sessionId``),
        then the pending prompts, oldest first, each with its own key. Prompts held longer
        than ``max_pending_age`` go to ``stale``, for the user to decide."""
        ids = next_id or itertools.count(1).__next__
        resumed = [p.get("sessionId") for p in resume]
        if not all(isinstance(s, str) for s in resumed):
            raise ValueError("each session/resume params needs its sessionId")
        now = self.clock()
        ordered = sorted(pending, key=lambda p: p.submitted_at)
        if unresumed := sorted({p.session_id for p in ordered} - set(map(str, resumed))):
            raise ValueError(f"pending prompts for sessions not resumed: {unresumed}")
        steps = [PlanStep("initialize", _request(ids(), "initialize", initialize), None, None)]
        for params in resume:
            message = _request(ids(), "session/resume", params)
            steps.append(PlanStep("resume", message, str(params["sessionId"]), None))
        stale: list[PendingPrompt] = []
        for prompt in ordered:
            if prompt.age(now) > self.max_pending_age:
                stale.append(prompt)
            else:
                steps.append(PlanStep("prompt", prompt.request(ids()), prompt.session_id, prompt))
        return ReconnectPlan(tuple(steps), tuple(stale))


def _carries_key(method: str, params: Mapping[str, Any] | None) -> bool:
    if params is None:
        return False
    if is_method_name(method) and METHODS[method].retry_class == "as_carried":
        inner = params.get("params")
        return isinstance(inner, Mapping) and inner.get("idempotencyKey") is not None
    return params.get("idempotencyKey") is not None


def _request(id_: str | int, method: str, params: Mapping[str, Any]) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": id_, "method": method, "params": _json_copy(params, method)}


@dataclass(frozen=True)
class PlanStep:
    """One request of a reconnect plan; ``session_id`` for a resume or a prompt, and the
    ``pending`` prompt a prompt step resends (drop it from storage once answered)."""

    kind: Literal["initialize", "resume", "prompt"]
    message: dict[str, Any]
    session_id: str | None
    pending: PendingPrompt | None


@dataclass(frozen=True)
class ReconnectPlan:
    """The requests to send, in order, each once the one before it is answered; a failed
    resume means skipping that session's prompts (``for_session`` lists them). ``stale``:
    prompts to show the user instead of resending."""

    steps: tuple[PlanStep, ...]
    stale: tuple[PendingPrompt, ...]

    def for_session(self, session_id: str) -> tuple[PlanStep, ...]:
        """The prompt steps of one session."""
        return tuple(s for s in self.steps if s.kind == "prompt" and s.session_id == session_id)
