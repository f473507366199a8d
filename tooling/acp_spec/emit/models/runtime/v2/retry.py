"""Client-side retries of ACP v2 requests, as the idempotency-keys RFD describes them: keys,
pending prompts that keep their key, a retry policy read from ``METHODS``, and the plan to
follow after reconnecting.

Nothing here sends anything: the policy decides and the plan lists messages, and the SDK's
own transport sends them. Every helper takes the package's models (content blocks,
``PromptRequest``, ``InitializeRequest``, the ``Request`` that ``decode`` returns) or their
JSON, and gives plain JSON-RPC dicts, so no model has to load unless the caller brings one
or asks for one (``to_request``).
"""

from __future__ import annotations

import itertools
import json
import math
import sys
import threading
import time
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

from ._methods import METHODS, is_method_name

if TYPE_CHECKING:
    import pydantic

    from .. import JsonRpcError
    from ._messages import Notification, Request
    from ._models import InitializeRequest, PromptRequest, ResumeSessionRequest

__all__ = [
    "NEVER_RESENT_ON",
    "FrozenObject",
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


def _wire(value: Any) -> Any:
    """``json.dumps``'s hook for what is not JSON already: a model is its wire form (what
    ``encode`` writes), a read-only mapping a dict."""
    # A model exists only once pydantic is imported: asking sys.modules loads nothing.
    pydantic = sys.modules.get("pydantic")
    if pydantic is not None and isinstance(value, pydantic.BaseModel):
        return value.model_dump(mode="json", by_alias=True, exclude_unset=True)
    if isinstance(value, Mapping):
        return dict(value)
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def _json_text(value: Any, what: str, **options: Any) -> str:
    try:
        return json.dumps(value, allow_nan=False, default=_wire, **options)
    except (TypeError, ValueError) as error:
        raise ValueError(f"{what} is not JSON: {error}") from None


def _json_copy(value: Any, what: str) -> Any:
    # A copy the caller can't change afterwards, and proof that it persists as JSON.
    return json.loads(_json_text(value, what))


def _object(value: Any) -> Mapping[str, Any] | None:
    """Params (or a request) as a JSON object: a mapping as it is, a model as its wire
    form; None for anything else (absent params, an array)."""
    if isinstance(value, Mapping):
        return value
    pydantic = sys.modules.get("pydantic")
    if pydantic is not None and isinstance(value, pydantic.BaseModel):
        wire = _wire(value)
        return wire if isinstance(wire, dict) else None
    return None


class FrozenObject(Mapping[str, Any]):
    """A JSON object that can't change: what a ``PendingPrompt`` holds, so nothing can
    alter a prompt under its key. Its members are frozen too (arrays are tuples); it is
    hashable, and reads like the dict it was made from."""

    __slots__ = ("_hash", "_members")

    def __init__(self, members: Mapping[str, Any]) -> None:
        self._members = {name: _freeze(value) for name, value in members.items()}
        self._hash: int | None = None

    def __getitem__(self, name: str) -> Any:
        return self._members[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._members)

    def __len__(self) -> int:
        return len(self._members)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(frozenset(self._members.items()))
        return self._hash

    def __repr__(self) -> str:
        return repr(self._members)


def _freeze(value: Any) -> Any:
    if isinstance(value, Mapping):
        return value if isinstance(value, FrozenObject) else FrozenObject(value)
    if isinstance(value, list | tuple):
        return tuple(_freeze(item) for item in value)
    return value


_PROMPT_PARAMS = ("sessionId", "prompt", "idempotencyKey")


@dataclass(frozen=True, eq=False)
class PendingPrompt:
    """One submission of user input: its key is made when the user submits, is stored with
    the input (``to_json``), and goes on every attempt, on any connection, after any restart.
    Immutable all the way down (``prompt`` is a tuple of read-only ``FrozenObject`` blocks,
    ``extra`` one too), so the key can never travel with a different prompt; hashable;
    equal when its JSON is (``true`` is not ``1`` here, as in JSON).

    ``extra`` holds any other params of the request (``_meta``); ``submitted_at`` is seconds
    since the epoch, so a policy can tell a prompt held since yesterday from a fresh one.
    Made directly, it is checked as ``submit`` checks it: ValueError for an invalid key, an
    empty session id, a prompt that is not a non-empty list of JSON objects.
    """

    session_id: str
    prompt: Sequence[Mapping[str, Any]]
    key: str
    submitted_at: float
    extra: Mapping[str, Any] = field(default_factory=dict)
    _identity: str = field(init=False, repr=False)

    def __post_init__(self) -> None:
        if not isinstance(self.session_id, str) or not self.session_id:
            raise ValueError("session_id is a non-empty string")
        check_key(self.key)
        at = self.submitted_at
        if isinstance(at, bool) or not isinstance(at, int | float) or not math.isfinite(at):
            raise ValueError("submitted_at is a finite number of seconds since the epoch")
        if isinstance(self.prompt, str | bytes) or not isinstance(self.prompt, Sequence):
            raise ValueError("prompt is a list of content blocks")
        prompt = _json_copy(list(self.prompt), "prompt")
        if not prompt or not all(isinstance(block, dict) for block in prompt):
            raise ValueError("prompt is a non-empty list of content blocks (JSON objects)")
        extra = _json_copy(self.extra, "extra")
        if not isinstance(extra, dict):
            raise ValueError("extra is a JSON object")
        if reserved := sorted(set(_PROMPT_PARAMS) & set(extra)):
            raise ValueError(f"extra params may not set {reserved}")
        # object.__setattr__: the dataclass is frozen, and this is where it is made
        object.__setattr__(self, "submitted_at", float(at))
        object.__setattr__(self, "prompt", _freeze(prompt))
        object.__setattr__(self, "extra", _freeze(extra))
        identity = [self.session_id, self.key, float(at), prompt, extra]
        object.__setattr__(
            self, "_identity", _json_text(identity, "pending prompt", sort_keys=True)
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, PendingPrompt):
            return NotImplemented
        return self._identity == other._identity

    def __hash__(self) -> int:
        return hash(self._identity)

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
        """The user submitted ``prompt`` to ``session_id``: content blocks, as models
        (``build.text(...)``, ``ContentBlockText``) or as JSON. A new key (``factory``, or
        the default) unless the application passes the one it stored."""
        return cls(
            session_id=session_id,
            prompt=prompt,
            key=check_key(key) if key is not None else new_idempotency_key(factory),
            submitted_at=float(clock()),
            extra=extra or {},
        )

    @classmethod
    def from_params(
        cls,
        params: PromptRequest | Mapping[str, Any],
        *,
        factory: KeyFactory | None = None,
        clock: Callable[[], float] = time.time,
    ) -> PendingPrompt:
        """The user submitted these ``session/prompt`` params (a ``PromptRequest``, as
        ``build.prompt`` makes it, or its JSON): their ``idempotencyKey`` if they carry one
        (checked), else a new one; their other members (``_meta``) go to ``extra``."""
        data = _json_copy(params, "params")
        if not isinstance(data, dict):
            raise ValueError("session/prompt params are a JSON object")
        session_id, prompt, key = (data.pop(name, None) for name in _PROMPT_PARAMS)
        return cls.submit(session_id, prompt, key=key, factory=factory, clock=clock, extra=data)

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

    def to_request(self, id: str | int) -> Request:
        """One attempt as a model: a ``Request`` whose params are a ``PromptRequest``, for
        ``encode`` (this loads the models)."""
        return _typed(self.request(id))

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


def _typed(message: Mapping[str, Any]) -> Request:
    """A request dict this module made, as the ``Request`` that ``decode`` would return."""
    from ._messages import Request

    method = message["method"]
    return Request(message["id"], method, METHODS[method].params.model_validate(message["params"]))


def resend_rule(
    method: str, params: Mapping[str, Any] | pydantic.BaseModel | None = None
) -> ResendRule:
    """What a client may do with an unanswered ``method`` request, from its retry class in
    ``METHODS``: resend it as is (idempotent, duplicating), resend it only with its key
    (keyed), or never (not retried, out of scope, notifications, methods ACP doesn't know).
    A ``proxy/successor`` envelope (its params as JSON or a ``ProxySuccessorRequest``)
    takes the rule of the request it carries."""
    entry = METHODS[method] if is_method_name(method) else None
    if entry is None or entry.kind == "notification":
        return "never"
    retry_class = entry.retry_class
    if retry_class == "as_carried":
        envelope = _object(params) or {}
        carried = envelope.get("method")
        if not isinstance(carried, str) or carried == method:
            return "never"
        return resend_rule(carried, _object(envelope.get("params")))
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

    def decide(
        self, request: Mapping[str, Any] | Request | Notification, failure: Failure, attempts: int
    ) -> Retry | GiveUp:
        """Whether to resend ``request`` (a JSON-RPC request dict, which may hold models, or
        the ``Request`` that ``decode`` returns; sent ``attempts`` times) after ``failure``:
        the transport lost it, or an error response (a ``JsonRpcError`` or its code). Spends
        budget only when it says Retry.

        A keyed request whose ``idempotencyKey`` is there but invalid (not a string of 1 to
        255 code points; ``null`` means omitted) raises ValueError: the agent must reject
        it with -32602 on every attempt, so it is the caller's bug to fix, not a failure to
        wait out or one to report as the agent's."""
        method, is_request, params = _parts(request)
        if method is None or not is_request:
            return GiveUp("not a request: a notification is never resent")
        rule = resend_rule(method, params)
        if rule == "never":
            return GiveUp(f"{method} is never resent; recover with session/resume")
        if rule == "with_key" and _key_of(method, params) is None:
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
        initialize: Mapping[str, Any] | InitializeRequest,
        resume: Sequence[Mapping[str, Any] | ResumeSessionRequest],
        pending: Sequence[PendingPrompt],
        next_id: Callable[[], str | int] | None = None,
    ) -> ReconnectPlan:
        """What to send on a new connection: ``initialize`` (its params), then
        ``session/resume`` for each of ``resume`` (params, each with its ``sessionId``),
        then the pending prompts, oldest first, each with its own key. Params are models or
        their JSON. Prompts held longer than ``max_pending_age`` go to ``stale``, for the
        user to decide."""
        ids = next_id or itertools.count(1).__next__
        hello = _json_copy(initialize, "initialize")
        resumes = [_json_copy(params, "session/resume") for params in resume]
        if not isinstance(hello, dict) or not all(isinstance(p, dict) for p in resumes):
            raise ValueError("initialize and session/resume params are JSON objects")
        resumed = [p.get("sessionId") for p in resumes]
        if not all(isinstance(s, str) for s in resumed):
            raise ValueError("each session/resume params needs its sessionId")
        now = self.clock()
        ordered = sorted(pending, key=lambda p: p.submitted_at)
        if unresumed := sorted({p.session_id for p in ordered} - set(map(str, resumed))):
            raise ValueError(f"pending prompts for sessions not resumed: {unresumed}")
        steps = [PlanStep("initialize", _request(ids(), "initialize", hello), None, None)]
        for params in resumes:
            message = _request(ids(), "session/resume", params)
            steps.append(PlanStep("resume", message, str(params["sessionId"]), None))
        stale: list[PendingPrompt] = []
        for prompt in ordered:
            if prompt.age(now) > self.max_pending_age:
                stale.append(prompt)
            else:
                steps.append(PlanStep("prompt", prompt.request(ids()), prompt.session_id, prompt))
        return ReconnectPlan(tuple(steps), tuple(stale))


def _parts(request: object) -> tuple[str | None, bool, Mapping[str, Any] | None]:
    """A request's method, whether it has an id (a request, not a notification), and its
    params as a JSON object: from a dict or from what ``decode`` returns."""
    if isinstance(request, Mapping):
        method = request.get("method")
        params = _object(request.get("params"))
        return (method if isinstance(method, str) else None), "id" in request, params
    # decode's classes exist once something imported them: sys.modules loads nothing
    base = sys.modules.get(f"{__package__}._messages")
    if base is not None and isinstance(request, base.Request | base.Notification):
        return request.method, isinstance(request, base.Request), _object(request.params)
    raise TypeError(f"decide takes a request, as a dict or a decoded Request, not {request!r}")


def _key_of(method: str, params: Mapping[str, Any] | None) -> str | None:
    """The key a keyed request carries, None when it carries none; ValueError if invalid."""
    carried = is_method_name(method) and METHODS[method].retry_class == "as_carried"
    if params is not None and carried:
        params = _object(params.get("params"))
    key = None if params is None else params.get("idempotencyKey")
    if key is None:  # omitted and null are the same: no key
        return None
    try:
        return check_key(key)
    except ValueError as error:
        raise ValueError(f"{method}: idempotencyKey: {error}") from None


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

    def to_request(self) -> Request:
        """The step's request as a model, for ``encode`` (this loads the models)."""
        return _typed(self.message)


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
