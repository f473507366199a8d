# generated from spec/acp-v2.yaml by acp-spec; do not edit
"""Agent-side idempotency keys, as the idempotency-keys RFD describes them: look a keyed
prompt's key up in its session, insert its message at most once, let retries of a held
prompt wait for the same outcome, and keep keys out of everything the agent sends.

The record lives in a ``KeyStore`` (``keystores``): ``MemoryKeyStore`` for an agent that
keeps sessions in memory, ``SqliteKeyStore`` for one that stores them, which writes the key
in the same transaction as the message. Held prompts (looked up, not inserted yet) live in
the ``KeyRecorder``'s memory: a held prompt does not outlive its process, and after a
restart a retry of it is a new submission, as the RFD says.

Every request gets its own ``Waiter``: ``await`` it in asyncio, ``result()`` in a thread.
Cancelling a wait (the task of a request cancelled on ``$/cancel_request``, a timeout or a
closed connection) ends that wait only: the key's outcome and every other wait stay.
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable, Generator, Hashable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeAlias, TypeVar

from .. import JsonRpcError
from .keystores import (
    KeyStore,
    MemoryKeyStore,
    SqliteKeyStore,
    StoreBusy,
    StoreError,
    StoreUnusable,
)
from .retry import check_key

if TYPE_CHECKING:
    import asyncio

__all__ = [
    "MESSAGE_ID_NAMESPACE",
    "Inserted",
    "Insertion",
    "KeyLeak",
    "KeyRecorder",
    "KeyStore",
    "MemoryKeyStore",
    "NotFound",
    "Outcome",
    "Pending",
    "SqliteKeyStore",
    "StoreBusy",
    "StoreError",
    "StoreUnusable",
    "Waiter",
    "Withdrawn",
    "message_id_for",
    "without_key",
]

_CANCELLED = -32800

# Names the derived messageIds: uuid5(NAMESPACE_URL, the RFD's address,
# "https://agentclientprotocol.com/rfds/v2/idempotency-keys"). Fixed, so every agent and
# SDK that derives ids from keys derives the same ones. Written out, not derived at import:
# uuid5 would import hashlib (OpenSSL) into every agent that imports this module.
MESSAGE_ID_NAMESPACE = uuid.UUID("dd0a735b-b544-5aee-985e-b8a763c83c26")


def message_id_for(session_id: str, key: str, namespace: uuid.UUID = MESSAGE_ID_NAMESPACE) -> str:
    """The ``messageId`` for a prompt inserted with ``key`` in ``session_id``: a UUIDv5, as
    the RFD's adapter section suggests, so a runtime that stores an id chosen by the adapter
    stores the key with the message in one step.

    The UUIDv5 name is the session id's length in UTF-8 bytes, ``:``, the session id, then
    the key: unambiguous (``("a", "bc")`` and ``("ab", "c")`` differ) and easy to reproduce
    in any language. Every process derives the same id for a key, so it can't tell whether
    it won an insertion by the id: ``NotFound.insert`` says so (``Insertion.won``).
    """
    check_key(key)
    return str(uuid.uuid5(namespace, f"{len(session_id.encode('utf-8'))}:{session_id}{key}"))


def without_key(params: dict[str, Any]) -> dict[str, Any]:
    """``session/prompt`` params without their ``idempotencyKey``: what an agent may keep
    for replay or show in ``session/list``, so no key is ever sent back."""
    return {k: v for k, v in params.items() if k != "idempotencyKey"}


_Tx = TypeVar("_Tx")
# The agent's own write of the message, run inside the store's transaction.
Write: TypeAlias = Callable[[_Tx], None]


@dataclass(frozen=True)
class Outcome:
    """How every request for one key is answered: the message's id, or an error."""

    message_id: str | None = None
    error: JsonRpcError | None = None

    def response(self, id: str | int) -> dict[str, Any]:
        """The JSON-RPC response to request ``id``: a retry gets the ``messageId`` only."""
        if self.error is not None:
            return self.error.to_response(id)
        return {"jsonrpc": "2.0", "id": id, "result": {"messageId": self.message_id}}


class Waiter:
    """One request's wait for its key's outcome, its own: ``await waiter`` (asyncio) or
    ``waiter.result(timeout)`` (threads) gives the ``Outcome``. Cancelling the task that
    awaits it cancels that await only; nothing is shared with another request's wait."""

    __slots__ = ("_callbacks", "_event", "_lock", "_outcome")

    def __init__(self, outcome: Outcome | None = None) -> None:
        self._outcome = outcome
        self._callbacks: list[Callable[[Outcome], None]] = []
        self._event: threading.Event | None = None
        self._lock = threading.Lock()

    def done(self) -> bool:
        return self._outcome is not None

    @property
    def outcome(self) -> Outcome | None:
        """The outcome, once settled."""
        return self._outcome

    def result(self, timeout: float | None = None) -> Outcome:
        """Block until settled (``TimeoutError`` after ``timeout`` seconds)."""
        with self._lock:
            if self._outcome is not None:
                return self._outcome
            if self._event is None:
                self._event = threading.Event()
            event = self._event
        if not event.wait(timeout):
            raise TimeoutError("the key's outcome did not settle in time")
        assert self._outcome is not None
        return self._outcome

    def add_done_callback(self, callback: Callable[[Outcome], None]) -> None:
        """Call ``callback(outcome)`` once settled (at once if it is), in the thread that
        settles it."""
        with self._lock:
            if self._outcome is None:
                self._callbacks.append(callback)
                return
        callback(self._outcome)

    def __await__(self) -> Generator[Any, None, Outcome]:
        return self._wait().__await__()

    async def _wait(self) -> Outcome:
        import asyncio  # here, not at import: only an asyncio agent awaits, and has it

        if self._outcome is not None:
            return self._outcome
        loop = asyncio.get_running_loop()
        # this await's own future: cancelling it cancels nothing another request waits on
        future: asyncio.Future[Outcome] = loop.create_future()

        def wake(outcome: Outcome) -> None:
            loop.call_soon_threadsafe(_resolve, future, outcome)

        with self._lock:
            if self._outcome is not None:
                return self._outcome
            self._callbacks.append(wake)
        try:
            return await future
        finally:
            with self._lock:
                if wake in self._callbacks:
                    self._callbacks.remove(wake)

    def _settle(self, outcome: Outcome) -> None:
        with self._lock:
            if self._outcome is not None:
                return
            self._outcome = outcome
            callbacks, self._callbacks = self._callbacks, []
            event = self._event
        if event is not None:
            event.set()
        for callback in callbacks:
            callback(outcome)


def _resolve(future: asyncio.Future[Outcome], outcome: Outcome) -> None:
    if not future.done():  # cancelled meanwhile: that await has ended, nothing to tell
        future.set_result(outcome)


class Withdrawn(Exception):
    """The held prompt was cancelled (or answered) before it was inserted: don't insert it."""


class KeyLeak(Exception):
    """A message the agent is about to send holds an idempotency key of its session."""


@dataclass(frozen=True)
class Insertion:
    """What ``NotFound.insert`` did: ``won`` when this call recorded the key (announce the
    ``user_message``, start the work); otherwise another task or process had recorded it
    first, nothing was written, and ``message_id`` is the winner's: answer with it only."""

    won: bool
    message_id: str


@dataclass(frozen=True)
class Inserted:
    """The key's message was inserted: answer with its ``messageId``, insert nothing."""

    message_id: str

    @property
    def waiter(self) -> Waiter:
        return Waiter(Outcome(message_id=self.message_id))


class _Held:
    def __init__(self) -> None:
        self.waiters: list[Waiter] = []
        self.inserting = False
        self.requests: list[Hashable] = []


@dataclass(frozen=True)
class Pending:
    """A prompt with this key is held: don't hold a second one; answer this request with
    ``waiter``'s outcome, the same as the first request's."""

    waiter: Waiter


class NotFound(Generic[_Tx]):
    """Nothing recorded: this request holds the key now (retries join it as ``Pending``).
    Handle the prompt, then exactly one of ``insert`` (the message goes in), ``fail`` (an
    error answers it: the key stays unused) or, from outside, ``KeyRecorder.cancel``.
    ``waiter`` is this request's wait for the outcome."""

    def __init__(
        self,
        recorder: KeyRecorder[_Tx],
        session_id: str,
        key: str,
        held: _Held,
        waiter: Waiter,
    ) -> None:
        self._recorder = recorder
        self.session_id = session_id
        self.key = key
        self._held = held
        self.waiter = waiter

    def insert(self, message_id: str, write: Write[_Tx] | None = None) -> Insertion:
        """Record the key with ``message_id``, running ``write`` (the message's insertion)
        in the store's transaction, and answer every request waiting for the key. If
        another process recorded the key first, nothing is written and the returned
        ``Insertion`` has ``won=False`` and the recorded id: then don't announce a
        ``user_message`` and don't start work. Raises ``Withdrawn`` if the prompt was
        cancelled; if ``write`` or the store raises (``StoreError``), nothing is recorded
        and the prompt stays held: call ``fail`` with the error you answer."""
        return self._recorder._insert(self, message_id, write)

    def fail(self, error: JsonRpcError) -> None:
        """An error answers the prompt: every request for the key gets it; the key stays
        unused, so the client may send the prompt with it again."""
        self._recorder._settle(self, Outcome(error=error))


class KeyRecorder(Generic[_Tx]):
    """What an agent asks before it handles a keyed ``session/prompt``: ``lookup``. Keys
    are scoped per session: the same string in another session is another submission.
    Thread-safe; with a ``SqliteKeyStore``, safe across processes too (one insertion per
    key wins, and the others learn they lost; a held prompt is joined within its process).
    Its memory holds only the held prompts; the store holds the rest."""

    def __init__(self, store: KeyStore[_Tx]) -> None:
        self.store = store
        self._held: dict[tuple[str, str], _Held] = {}
        self._by_session: dict[str, set[str]] = {}  # held keys, for the leak check
        self._requests: dict[Hashable, tuple[str, str]] = {}
        self._lock = threading.Lock()

    def lookup(
        self, session_id: str, key: str, request: Hashable | None = None
    ) -> NotFound[_Tx] | Inserted | Pending:
        """What is recorded for ``key`` in ``session_id``. ``request`` (for example
        ``(connection, id)``) lets ``cancel_request`` find the key from ``$/cancel_request``.
        Raises ``StoreError`` if the store fails: nothing is held then."""
        check_key(key)
        slot = (session_id, key)
        with self._lock:
            held = self._held.get(slot)
            if held is None:
                message_id = self.store.get(session_id, key)
                if message_id is not None:
                    return Inserted(message_id)
                held = self._held[slot] = _Held()
                self._by_session.setdefault(session_id, set()).add(key)
                waiter = self._track(held, slot, request)
                return NotFound(self, session_id, key, held, waiter)
            return Pending(self._track(held, slot, request))

    def _track(self, held: _Held, slot: tuple[str, str], request: Hashable | None) -> Waiter:
        waiter = Waiter()
        held.waiters.append(waiter)
        if request is not None:
            held.requests.append(request)
            self._requests[request] = slot
        return waiter

    def cancel(self, session_id: str, key: str) -> bool:
        """Withdraw the held prompt for ``key``: every pending request for it is answered
        with -32800. False if none is held (unknown, or already being inserted)."""
        return self._withdraw(lambda: (session_id, key))

    def cancel_request(self, request: Hashable) -> bool:
        """``$/cancel_request`` for any pending request with a key withdraws the key's
        prompt, if it is not inserted yet (False otherwise: the requests then get the
        ``messageId``)."""
        return self._withdraw(lambda: self._requests.get(request))

    def _withdraw(self, find: Callable[[], tuple[str, str] | None]) -> bool:
        # one lock from finding the prompt to dropping it: never another prompt that took
        # the same key after this one was answered
        with self._lock:
            slot = find()
            held = None if slot is None else self._held.get(slot)
            if slot is None or held is None or held.inserting:
                return False
            self._drop(slot, held)
        _settle_all(held, Outcome(error=JsonRpcError(_CANCELLED, "Request cancelled")))
        return True

    def cancel_session(self, session_id: str, error: JsonRpcError | None = None) -> int:
        """Answer every prompt held in ``session_id`` with ``error`` (-32800 by default), as
        ``session/cancel`` or ``session/close`` do; returns how many."""
        answer = Outcome(error=error or JsonRpcError(_CANCELLED, "Request cancelled"))
        with self._lock:
            keys = self._by_session.get(session_id, set())
            slots = [(session_id, k) for k in keys if not self._held[(session_id, k)].inserting]
            dropped = [self._held[s] for s in slots]
            for slot, held in zip(slots, dropped, strict=True):
                self._drop(slot, held)
        for held in dropped:
            _settle_all(held, answer)
        return len(dropped)

    def forget_session(self, session_id: str) -> None:
        """The session is gone (deleted, or its messages discarded): answer its held
        prompts -32800 and forget its keys; a later prompt with one is a new submission."""
        self.cancel_session(session_id)
        self.store.forget(session_id)

    def check_outgoing(self, message: Any, session_id: str) -> None:
        """Raise ``KeyLeak`` if ``message``, which the agent is about to send about
        ``session_id``, holds one of that session's keys (recorded or held) as a string
        value of its params, result or error. Object keys, the envelope (a client may
        choose an ``id`` equal to its key) and parts of strings are not keys; nor is a key
        equal to one of the protocol's own words (``"text"``, ``"idle"``), which it can't
        be told from. The work grows with the message, not with the keys recorded.

        ``message``: a ``Request``, ``Notification`` or ``Response``, a model, or JSON."""
        candidates = {s for s in _strings(_payload(message)) if 0 < len(s) < 256}
        if not candidates:
            return
        with self._lock:
            found = candidates & self._by_session.get(session_id, set())
        found |= self.store.find(session_id, candidates - found)
        if found:
            found -= _protocol_words()
        if found:
            leaked = ", ".join(repr(k) for k in sorted(found))
            raise KeyLeak(f"an outgoing message holds a key of {session_id}: {leaked}")

    def _drop(self, slot: tuple[str, str], held: _Held) -> None:
        del self._held[slot]
        keys = self._by_session.get(slot[0])
        if keys is not None:
            keys.discard(slot[1])
            if not keys:
                del self._by_session[slot[0]]
        for request in held.requests:
            if self._requests.get(request) == slot:
                del self._requests[request]

    def _insert(self, claim: NotFound[_Tx], message_id: str, write: Write[_Tx] | None) -> Insertion:
        slot = (claim.session_id, claim.key)
        with self._lock:
            if self._held.get(slot) is not claim._held:
                raise Withdrawn(f"the prompt with key {claim.key!r} was withdrawn")
            claim._held.inserting = True
        try:
            won, recorded = self.store.record(claim.session_id, claim.key, message_id, write)
        except BaseException:
            with self._lock:
                claim._held.inserting = False
            raise
        self._settle(claim, Outcome(message_id=recorded))
        return Insertion(won, recorded)

    def _settle(self, claim: NotFound[_Tx], outcome: Outcome) -> None:
        slot = (claim.session_id, claim.key)
        with self._lock:
            if self._held.get(slot) is not claim._held:
                return  # cancelled first: the requests have their answer
            self._drop(slot, claim._held)
        _settle_all(claim._held, outcome)


def _settle_all(held: _Held, outcome: Outcome) -> None:
    for waiter in held.waiters:
        waiter._settle(outcome)


def _payload(message: Any) -> Any:
    """What of an outgoing message the agent wrote: params, result or error, as JSON."""
    if isinstance(message, dict):
        if "jsonrpc" in message:
            return [message.get(part) for part in ("params", "result", "error")]
        return message
    if not hasattr(message, "to_wire") and (
        hasattr(message, "params") or hasattr(message, "result")
    ):  # a Request, Notification or Response (decode's types)
        return [_json(getattr(message, part, None)) for part in ("params", "result", "error")]
    return _json(message)


def _json(value: Any) -> Any:
    if isinstance(value, JsonRpcError):
        return [value.message, value.data]
    to_wire = getattr(value, "to_wire", None)
    return to_wire() if callable(to_wire) else value


def _strings(value: Any) -> Iterator[str]:
    # values only: an object key is a member name the agent chose, not something it echoes
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)


_WORDS: frozenset[str] | None = None


def _protocol_words() -> frozenset[str]:
    """Every string the schema fixes (a const or enum value) and every method name: made
    on the first suspected leak only, since it loads the models."""
    global _WORDS
    if _WORDS is None:
        import typing

        import pydantic

        from . import _models
        from ._methods import METHODS

        words: set[str] = set(METHODS)

        def collect(annotation: Any) -> None:
            if typing.get_origin(annotation) is typing.Literal:
                words.update(a for a in typing.get_args(annotation) if isinstance(a, str))
            for arg in typing.get_args(annotation):
                collect(arg)

        for model in vars(_models).values():
            if isinstance(model, type) and issubclass(model, pydantic.BaseModel):
                for field in model.model_fields.values():
                    collect(field.annotation)
        _WORDS = frozenset(words)
    return _WORDS
