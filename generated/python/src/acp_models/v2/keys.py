# generated from spec/acp-v2.yaml by acp-spec; do not edit
"""Agent-side idempotency keys, as the idempotency-keys RFD describes them: look a keyed
prompt's key up in its session, insert its message at most once, let retries of a held
prompt wait for the same outcome, and keep keys out of everything the agent sends.

The record lives in a ``KeyStore``: ``MemoryKeyStore`` for an agent that keeps sessions in
memory, ``SqliteKeyStore`` for one that stores them, which writes the key in the same
transaction as the message. Held prompts (looked up, not inserted yet) live in the
``KeyRecorder``'s memory: a held prompt does not outlive its process, and after a restart a
retry of it is a new submission, as the RFD says.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import uuid
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeAlias, TypeVar

from .. import JsonRpcError
from .retry import check_key

if TYPE_CHECKING:
    # imported where a future is made: concurrent.futures brings logging and traceback,
    # a third of this module's import time, to agents that may never hold a prompt
    from concurrent.futures import Future

__all__ = [
    "MESSAGE_ID_NAMESPACE",
    "Inserted",
    "KeyLeak",
    "KeyRecorder",
    "KeyStore",
    "MemoryKeyStore",
    "NotFound",
    "Outcome",
    "Pending",
    "SqliteKeyStore",
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
    in any language.
    """
    check_key(key)
    return str(uuid.uuid5(namespace, f"{len(session_id.encode('utf-8'))}:{session_id}{key}"))


def without_key(params: dict[str, Any]) -> dict[str, Any]:
    """``session/prompt`` params without their ``idempotencyKey``: what an agent may keep
    for replay or show in ``session/list``, so no key is ever sent back."""
    return {k: v for k, v in params.items() if k != "idempotencyKey"}


_Tx = TypeVar("_Tx")
_Tx_co = TypeVar("_Tx_co", covariant=True)
# The agent's own write of the message, run inside the store's transaction.
Write: TypeAlias = Callable[[_Tx], None]


class KeyStore(Protocol[_Tx_co]):
    """Where inserted keys are recorded, per session. ``_Tx_co`` is what a write receives:
    ``None`` in memory, the ``sqlite3.Connection`` of the transaction for sqlite."""

    def get(self, session_id: str, key: str) -> str | None:
        """The ``messageId`` recorded for ``key`` in ``session_id``, if any."""
        ...

    def record(
        self,
        session_id: str,
        key: str,
        message_id: str,
        write: Callable[[_Tx_co], None] | None = None,
    ) -> str:
        """Record ``key`` with ``message_id``, running ``write`` (the message's insertion)
        in the same transaction: both or neither. If the key is recorded already (another
        thread or process won), writes nothing and returns the recorded ``messageId``."""
        ...

    def keys(self, session_id: str) -> frozenset[str]:
        """Every key recorded in ``session_id``."""
        ...

    def forget(self, session_id: str, key: str | None = None) -> None:
        """Drop one key, or all of a session's (when its message or session is gone)."""
        ...


class MemoryKeyStore:
    """Keys in a dict: for an agent whose sessions live in memory. Thread-safe; a write
    runs under its lock, so a key and its message are recorded together."""

    def __init__(self) -> None:
        self._keys: dict[str, dict[str, str]] = {}
        self._lock = threading.Lock()

    def get(self, session_id: str, key: str) -> str | None:
        with self._lock:
            return self._keys.get(session_id, {}).get(key)

    def record(
        self,
        session_id: str,
        key: str,
        message_id: str,
        write: Callable[[None], None] | None = None,
    ) -> str:
        with self._lock:
            session = self._keys.get(session_id, {})
            if key in session:
                return session[key]
            if write is not None:
                write(None)  # raises: nothing recorded
            self._keys.setdefault(session_id, session)[key] = message_id
            return message_id

    def keys(self, session_id: str) -> frozenset[str]:
        with self._lock:
            return frozenset(self._keys.get(session_id, {}))

    def forget(self, session_id: str, key: str | None = None) -> None:
        with self._lock:
            if key is None:
                self._keys.pop(session_id, None)
            else:
                self._keys.get(session_id, {}).pop(key, None)


class SqliteKeyStore:
    """Keys in a table of a sqlite database file, the one the agent keeps its sessions in:
    ``record`` runs the agent's write of the message and the key's row in one ``BEGIN
    IMMEDIATE`` transaction, so they are stored or lost together, and the key survives a
    restart. Safe for threads (a connection per thread) and processes (sqlite's locks;
    ``timeout`` is how long a writer waits for another)."""

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        table: str = "acp_idempotency_keys",
        timeout: float = 30.0,
    ) -> None:
        if str(path) in ("", ":memory:") or str(path).startswith("file::memory:"):
            raise ValueError(
                "an in-memory sqlite database is one per connection: use MemoryKeyStore"
            )
        if not table.isidentifier():
            raise ValueError(f"table {table!r} is not a plain SQL name")
        self.path = os.fspath(path)
        self.table = table
        self.timeout = timeout
        self._local = threading.local()
        self._opened: list[tuple[int, sqlite3.Connection]] = []
        self._lock = threading.Lock()
        with self._transaction() as db:
            db.execute(
                f"CREATE TABLE IF NOT EXISTS {table} (session_id TEXT NOT NULL, key TEXT NOT "
                "NULL, message_id TEXT NOT NULL, PRIMARY KEY (session_id, key)) WITHOUT ROWID"
            )

    def connection(self) -> sqlite3.Connection:
        """This thread's connection (autocommit: transactions are begun explicitly)."""
        pid = os.getpid()
        db: sqlite3.Connection | None = getattr(self._local, "db", None)
        # a connection made before a fork belongs to the parent: the child opens its own
        if db is None or getattr(self._local, "pid", None) != pid:
            db = sqlite3.connect(
                self.path, timeout=self.timeout, isolation_level=None, check_same_thread=False
            )
            db.execute("PRAGMA journal_mode=WAL")
            self._local.db, self._local.pid = db, pid
            with self._lock:
                self._opened.append((pid, db))
        return db

    class _Tx:
        def __init__(self, db: sqlite3.Connection) -> None:
            self.db = db

        def __enter__(self) -> sqlite3.Connection:
            self.db.execute("BEGIN IMMEDIATE")
            return self.db

        def __exit__(self, kind: object, *_: object) -> None:
            self.db.execute("COMMIT" if kind is None else "ROLLBACK")

    def _transaction(self) -> SqliteKeyStore._Tx:
        return SqliteKeyStore._Tx(self.connection())

    def get(self, session_id: str, key: str) -> str | None:
        row = (
            self.connection()
            .execute(
                f"SELECT message_id FROM {self.table} WHERE session_id = ? AND key = ?",
                (session_id, key),
            )
            .fetchone()
        )
        return None if row is None else str(row[0])

    def record(
        self,
        session_id: str,
        key: str,
        message_id: str,
        write: Callable[[sqlite3.Connection], None] | None = None,
    ) -> str:
        with self._transaction() as db:
            row = db.execute(
                f"SELECT message_id FROM {self.table} WHERE session_id = ? AND key = ?",
                (session_id, key),
            ).fetchone()
            if row is not None:
                return str(row[0])
            if write is not None:
                write(db)
            db.execute(
                f"INSERT INTO {self.table} (session_id, key, message_id) VALUES (?, ?, ?)",
                (session_id, key, message_id),
            )
            return message_id

    def keys(self, session_id: str) -> frozenset[str]:
        rows = self.connection().execute(
            f"SELECT key FROM {self.table} WHERE session_id = ?", (session_id,)
        )
        return frozenset(str(r[0]) for r in rows)

    def forget(self, session_id: str, key: str | None = None) -> None:
        with self._transaction() as db:
            if key is None:
                db.execute(f"DELETE FROM {self.table} WHERE session_id = ?", (session_id,))
            else:
                db.execute(
                    f"DELETE FROM {self.table} WHERE session_id = ? AND key = ?", (session_id, key)
                )

    def close(self) -> None:
        """Close every connection this process opened (never one a parent opened before a
        fork: sqlite forbids using it in the child, closing included)."""
        pid = os.getpid()
        with self._lock:
            mine = [db for owner, db in self._opened if owner == pid]
            self._opened = []
        for db in mine:
            db.close()
        self._local = threading.local()


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


class Withdrawn(Exception):
    """The held prompt was cancelled before it was inserted: don't insert it."""


class KeyLeak(Exception):
    """A message the agent is about to send holds an idempotency key."""


def _future() -> Future[Outcome]:
    from concurrent.futures import Future

    return Future()


def _settled(outcome: Outcome) -> Future[Outcome]:
    future = _future()
    future.set_result(outcome)
    return future


@dataclass(frozen=True)
class Inserted:
    """The key's message was inserted: answer with its ``messageId``, insert nothing."""

    message_id: str

    @property
    def outcome(self) -> Future[Outcome]:
        return _settled(Outcome(message_id=self.message_id))


@dataclass(frozen=True)
class Pending:
    """A prompt with this key is held: don't hold a second one; answer this request with
    ``outcome`` when it settles (``asyncio.wrap_future`` makes it awaitable)."""

    outcome: Future[Outcome]


class _Held:
    def __init__(self) -> None:
        self.outcome = _future()
        self.inserting = False
        self.requests: list[Hashable] = []


class NotFound(Generic[_Tx]):
    """Nothing recorded: this request holds the key now (retries join it as ``Pending``).
    Handle the prompt, then exactly one of ``insert`` (the message went in), ``fail`` (an
    error answers it: the key stays unused) or, from outside, ``KeyRecorder.cancel``."""

    def __init__(self, recorder: KeyRecorder[_Tx], session_id: str, key: str, held: _Held) -> None:
        self._recorder = recorder
        self.session_id = session_id
        self.key = key
        self._held = held

    @property
    def outcome(self) -> Future[Outcome]:
        """Settles when the prompt is inserted, fails or is cancelled."""
        return self._held.outcome

    def insert(self, message_id: str, write: Write[_Tx] | None = None) -> str:
        """Record the key with ``message_id``, running ``write`` (the message's insertion)
        in the store's transaction, and answer everyone waiting. Returns the recorded id:
        another one if another process inserted first (then don't start work). Raises
        ``Withdrawn`` if the prompt was cancelled; if ``write`` raises, nothing is
        recorded and the prompt stays held: call ``fail`` with the error you answer."""
        return self._recorder._insert(self, message_id, write)

    def fail(self, error: JsonRpcError) -> None:
        """An error answers the prompt: every request for the key gets it; the key stays
        unused, so the client may send the prompt with it again."""
        self._recorder._settle(self, Outcome(error=error))


class KeyRecorder(Generic[_Tx]):
    """What an agent asks before it handles a keyed ``session/prompt``: ``lookup``. Keys
    are scoped per session: the same string in another session is another submission.
    Thread-safe; with a ``SqliteKeyStore``, safe across processes too (one insertion per
    key wins; a held prompt is only joined within its process)."""

    def __init__(self, store: KeyStore[_Tx]) -> None:
        self.store = store
        self._held: dict[tuple[str, str], _Held] = {}
        self._requests: dict[Hashable, tuple[str, str]] = {}
        self._seen: dict[str, set[str]] = {}
        self._lock = threading.Lock()

    def lookup(
        self, session_id: str, key: str, request: Hashable | None = None
    ) -> NotFound[_Tx] | Inserted | Pending:
        """What is recorded for ``key`` in ``session_id``. ``request`` (for example
        ``(connection, id)``) lets ``cancel_request`` find the key from ``$/cancel_request``."""
        check_key(key)
        slot = (session_id, key)
        with self._lock:
            self._seen.setdefault(session_id, set()).add(key)
            held = self._held.get(slot)
            if held is not None:
                self._track(held, slot, request)
                return Pending(held.outcome)
            message_id = self.store.get(session_id, key)
            if message_id is not None:
                return Inserted(message_id)
            held = self._held[slot] = _Held()
            self._track(held, slot, request)
            return NotFound(self, session_id, key, held)

    def _track(self, held: _Held, slot: tuple[str, str], request: Hashable | None) -> None:
        if request is not None:
            held.requests.append(request)
            self._requests[request] = slot

    def cancel(self, session_id: str, key: str) -> bool:
        """Withdraw the held prompt for ``key``: every pending request for it is answered
        with -32800. False if none is held (unknown, or already being inserted)."""
        return self._withdraw(lambda: (session_id, key))

    def cancel_request(self, request: Hashable) -> bool:
        """``$/cancel_request`` for any pending request with a key cancels the key's prompt."""
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
        held.outcome.set_result(Outcome(error=JsonRpcError(_CANCELLED, "Request cancelled")))
        return True

    def cancel_session(self, session_id: str, error: JsonRpcError | None = None) -> int:
        """Answer every prompt held in ``session_id`` with ``error`` (-32800 by default), as
        ``session/cancel`` or ``session/close`` do; returns how many."""
        answer = Outcome(error=error or JsonRpcError(_CANCELLED, "Request cancelled"))
        with self._lock:
            slots = [s for s, h in self._held.items() if s[0] == session_id and not h.inserting]
            dropped = [self._held[s] for s in slots]
            for slot, held in zip(slots, dropped, strict=True):
                self._drop(slot, held)
        for held in dropped:
            held.outcome.set_result(answer)
        return len(dropped)

    def check_outgoing(self, message: Any, session_id: str | None = None) -> None:
        """Raise ``KeyLeak`` if ``message`` (what the agent is about to send, as JSON) holds
        a key: any this recorder has seen, and every recorded key of ``session_id``."""
        with self._lock:
            keys = {k for seen in self._seen.values() for k in seen}
        if session_id is not None:
            keys |= self.store.keys(session_id)
        for text in _strings(message):
            if text in keys:
                raise KeyLeak(f"an idempotency key is in an outgoing message: {text!r}")

    def _drop(self, slot: tuple[str, str], held: _Held) -> None:
        del self._held[slot]
        for request in held.requests:
            self._requests.pop(request, None)

    def _insert(self, claim: NotFound[_Tx], message_id: str, write: Write[_Tx] | None) -> str:
        slot = (claim.session_id, claim.key)
        with self._lock:
            if self._held.get(slot) is not claim._held:
                raise Withdrawn(f"the prompt with key {claim.key!r} was withdrawn")
            claim._held.inserting = True
        try:
            recorded = self.store.record(claim.session_id, claim.key, message_id, write)
        except BaseException:
            with self._lock:
                claim._held.inserting = False
            raise
        self._settle(claim, Outcome(message_id=recorded))
        return recorded

    def _settle(self, claim: NotFound[_Tx], outcome: Outcome) -> None:
        slot = (claim.session_id, claim.key)
        with self._lock:
            if self._held.get(slot) is not claim._held:
                return  # cancelled first: the requests have their answer
            self._drop(slot, claim._held)
        claim._held.outcome.set_result(outcome)


if TYPE_CHECKING:
    # mypy proves both stores are KeyStores of the transaction their writes receive

    def _conforms(
        memory: MemoryKeyStore, durable: SqliteKeyStore
    ) -> tuple[KeyStore[None], KeyStore[sqlite3.Connection]]:
        return memory, durable


def _strings(value: Any) -> Iterator[str]:
    # keys and values both: a key could be echoed as a map key too
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from _strings(v)
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _strings(item)
