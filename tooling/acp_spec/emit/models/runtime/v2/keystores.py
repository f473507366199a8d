"""Where an agent records the idempotency keys of inserted messages, per session:
``MemoryKeyStore`` for an agent that keeps its sessions in memory, ``SqliteKeyStore`` for
one that stores them in a sqlite file, which writes the key in the same transaction as the
message (the RFD's "store the key in the same step as the message"). ``PostgresKeyStore``
(``acp_models.v2.pgstore``, with psycopg 3) does the same in a PostgreSQL database that
agents on several nodes share.

A store that fails says so with a ``StoreError`` (``StoreBusy`` when another connection
held the lock for longer than the store waits), never with sqlite's or the OS's own
exception: an agent answers the request that met it with -32603 and keeps serving.
``StoreUnusable`` is raised only when a store is opened, for a file no request can use
(damaged, not a database, a folder, not writable): the agent reports it and exits.

Durability of ``SqliteKeyStore``: WAL journal with ``synchronous=FULL``, so a transaction is
on disk (the WAL fsynced) before ``record`` returns, and a key whose ``messageId`` the
client was told survives a power loss, not only a crashed process (``NORMAL`` would keep
it across a crash of the process but may lose the last commits on power loss, and the
client would then have an answer for a message the agent no longer has). The cost is one
fsync per inserted prompt, small beside the work a prompt starts.

What is lost when the files are: the key and its message are in one transaction, so they
are lost together, never one without the other. A truncated or deleted WAL (``-wal`` file)
drops the transactions it held that were not yet checkpointed into the database: those
messages and their keys are gone, and a retry of such a key inserts its message again, as
the RFD allows for a message that was never kept. A zero-length database file is an empty
database: every session, message and key is gone together. Anything else damaged is found
by ``PRAGMA quick_check`` when the store opens.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Callable, Collection, Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

__all__ = [
    "KeyStore",
    "MemoryKeyStore",
    "SqliteKeyStore",
    "StoreBusy",
    "StoreError",
    "StoreUnusable",
]

_Tx_co = TypeVar("_Tx_co", covariant=True)

# sqlite's limit on the parameters of one statement is 32766 since 3.32; 500 keeps each
# statement small and works on the oldest sqlite Python ships with
_BATCH = 500


class StoreError(Exception):
    """The store failed on one request: answer it with -32603 and keep serving."""


class StoreBusy(StoreError):
    """Another connection held the store's lock for longer than the store waits."""


class StoreUnusable(StoreError):
    """The store's file can't be used at all (found when it opens): report it and stop."""


class KeyStore(Protocol[_Tx_co]):
    """Where inserted keys are recorded, per session. ``_Tx_co`` is what a write receives:
    ``None`` in memory, the ``sqlite3.Connection`` of the transaction for sqlite. Every
    method raises ``StoreError`` when the store fails."""

    def get(self, session_id: str, key: str) -> str | None:
        """The ``messageId`` recorded for ``key`` in ``session_id``, if any."""
        ...

    def record(
        self,
        session_id: str,
        key: str,
        message_id: str,
        write: Callable[[_Tx_co], None] | None = None,
    ) -> tuple[bool, str]:
        """Record ``key`` with ``message_id``, running ``write`` (the message's insertion)
        in the same transaction: both or neither. Returns ``(True, message_id)`` when this
        call recorded it, ``(False, the recorded id)`` when the key was recorded already
        (another task or process won): then nothing was written."""
        ...

    def find(self, session_id: str, candidates: Collection[str]) -> set[str]:
        """Which of ``candidates`` are recorded keys of ``session_id``: the work grows with
        the candidates, not with how many keys are recorded."""
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
    ) -> tuple[bool, str]:
        with self._lock:
            session = self._keys.get(session_id, {})
            if key in session:
                return False, session[key]
            if write is not None:
                write(None)  # raises: nothing recorded
            self._keys.setdefault(session_id, session)[key] = message_id
            return True, message_id

    def find(self, session_id: str, candidates: Collection[str]) -> set[str]:
        with self._lock:
            session = self._keys.get(session_id, {})
            return {c for c in candidates if c in session}

    def keys(self, session_id: str) -> frozenset[str]:
        """Every key recorded in ``session_id``."""
        with self._lock:
            return frozenset(self._keys.get(session_id, {}))

    def forget(self, session_id: str, key: str | None = None) -> None:
        with self._lock:
            if key is None:
                self._keys.pop(session_id, None)
            else:
                self._keys.get(session_id, {}).pop(key, None)


class _TableKeyStore:
    """What the two SQL stores share: the key table's reads and deletes, written once with
    the driver's placeholder, and closing the connections this process opened (one per
    thread; never one a parent opened before a fork)."""

    _P = "?"  # the driver's parameter placeholder
    table: str
    _lock: threading.Lock
    _opened: list[tuple[int, Any]]
    _local: threading.local

    def connection(self) -> Any:
        raise NotImplementedError

    def transaction(self, doing: str = "write") -> AbstractContextManager[Any]:
        raise NotImplementedError

    def _guard(self, doing: str) -> AbstractContextManager[None]:
        raise NotImplementedError

    def _sql(self, text: str) -> str:
        return text.replace("?", self._P).replace("{table}", self.table)

    def get(self, session_id: str, key: str) -> str | None:
        db = self.connection()
        with self._guard("look a key up"):
            row = db.execute(
                self._sql("SELECT message_id FROM {table} WHERE session_id = ? AND key = ?"),
                (session_id, key),
            ).fetchone()
        return None if row is None else str(row[0])

    def keys(self, session_id: str) -> frozenset[str]:
        """Every key recorded in ``session_id``."""
        db = self.connection()
        with self._guard("list keys"):
            rows = db.execute(
                self._sql("SELECT key FROM {table} WHERE session_id = ?"), (session_id,)
            ).fetchall()
        return frozenset(str(r[0]) for r in rows)

    def forget(self, session_id: str, key: str | None = None) -> None:
        with self.transaction("forget keys") as db:
            if key is None:
                db.execute(self._sql("DELETE FROM {table} WHERE session_id = ?"), (session_id,))
            else:
                db.execute(
                    self._sql("DELETE FROM {table} WHERE session_id = ? AND key = ?"),
                    (session_id, key),
                )

    def close(self) -> None:
        """Close every connection this process opened (never one a parent opened before a
        fork: a driver may forbid using it in the child, closing included)."""
        pid = os.getpid()
        with self._lock:
            mine = [db for owner, db in self._opened if owner == pid]
            self._opened = []
        for db in mine:
            db.close()
        self._local = threading.local()


class SqliteKeyStore(_TableKeyStore):
    """Keys in a table of the sqlite file the agent keeps its sessions in: ``record`` runs
    the agent's write of the message and the key's row in one ``BEGIN IMMEDIATE``
    transaction, so they are stored or lost together, and the key survives a restart.
    Safe for threads (a connection per thread) and processes (sqlite's locks).

    Opening checks the file (``PRAGMA quick_check``) and raises ``StoreUnusable`` naming it
    and what to do. ``busy_timeout`` bounds how long a call waits for another connection's
    lock before it raises ``StoreBusy``; if the file is locked when the store opens, the
    check and ``setup`` run on first use instead. ``setup(db)`` creates the agent's own
    tables, in the transaction that creates the key table.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        table: str = "acp_idempotency_keys",
        busy_timeout: float = 3.0,
        setup: Callable[[sqlite3.Connection], None] | None = None,
    ) -> None:
        if str(path) in ("", ":memory:") or str(path).startswith("file::memory:"):
            raise ValueError(
                "an in-memory sqlite database is one per connection: use MemoryKeyStore"
            )
        if not table.isidentifier():
            raise ValueError(f"table {table!r} is not a plain SQL name")
        self.path = os.fspath(path)
        self.table = table
        self.busy_timeout = busy_timeout
        self._setup = setup
        self._ready = False
        self._local = threading.local()
        self._opened: list[tuple[int, sqlite3.Connection]] = []
        self._lock = threading.Lock()
        if os.path.isdir(self.path):
            raise self._unusable("it is a folder, not a file", "give the path of a file")
        try:
            self._prepare(wait=False)
        except StoreBusy:
            pass  # prepared on first use: a lock held now may be gone by then
        except StoreError as error:
            self.close()
            raise self._unusable(str(error.__cause__ or error), _ADVICE) from None

    def _unusable(self, what: str, todo: str) -> StoreUnusable:
        return StoreUnusable(f"{self.path}: cannot use this key store: {what}; {todo}")

    def _prepare(self, wait: bool = True) -> None:
        with self._guard("open"):
            db = self._connection(wait)
            if not wait:
                # when the store opens: an agent answers what needs no store (initialize)
                # at once, even while another process holds a long lock
                db.execute("PRAGMA busy_timeout = 0")
            try:
                self._check_and_create(db)
            finally:
                if not wait:
                    db.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout * 1000)}")
        self._ready = True

    def _check_and_create(self, db: sqlite3.Connection) -> None:
        db.execute("PRAGMA journal_mode=WAL")  # kept in the file: every connection has it
        found = [str(row[0]) for row in db.execute("PRAGMA quick_check")]
        if found != ["ok"]:
            raise sqlite3.DatabaseError("damaged: " + "; ".join(found[:3]))
        db.execute("BEGIN IMMEDIATE")
        try:
            db.execute(
                f"CREATE TABLE IF NOT EXISTS {self.table} (session_id TEXT NOT NULL, key "
                "TEXT NOT NULL, message_id TEXT NOT NULL, PRIMARY KEY (session_id, key)) "
                "WITHOUT ROWID"
            )
            if self._setup is not None:
                self._setup(db)
            # a write (the same value back), so that a file this process can't write is
            # refused here, not on the first prompt
            version = int(db.execute("PRAGMA user_version").fetchone()[0])
            db.execute(f"PRAGMA user_version = {version}")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    @contextmanager
    def _guard(self, doing: str) -> Iterator[None]:
        """sqlite's and the OS's errors as ``StoreError``: a busy lock as ``StoreBusy``."""
        try:
            yield
        except StoreError:
            raise
        except sqlite3.OperationalError as error:
            if error.sqlite_errorcode in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED):
                raise StoreBusy(
                    f"{self.path}: store busy: another connection held its lock for over "
                    f"{self.busy_timeout:g} s ({doing})"
                ) from error
            raise StoreError(f"{self.path}: {doing}: {error}") from error
        except (sqlite3.Error, OSError) as error:
            raise StoreError(f"{self.path}: {doing}: {error}") from error

    def _connection(self, wait: bool = True) -> sqlite3.Connection:
        pid = os.getpid()
        db: sqlite3.Connection | None = getattr(self._local, "db", None)
        # a connection made before a fork belongs to the parent: the child opens its own
        if db is None or getattr(self._local, "pid", None) != pid:
            made = sqlite3.connect(
                self.path,
                timeout=self.busy_timeout if wait else 0,
                isolation_level=None,
                check_same_thread=False,
            )
            try:
                made.execute("PRAGMA synchronous=FULL")  # this connection's own setting
            except BaseException:
                made.close()
                raise
            self._local.db, self._local.pid = db, pid = made, pid
            with self._lock:
                self._opened.append((pid, made))
        return db

    def connection(self) -> sqlite3.Connection:
        """This thread's connection (autocommit: begin transactions explicitly), for the
        agent's own reads and writes. Raises ``StoreError`` if the store can't be used."""
        with self._guard("connect"):
            if not self._ready:
                self._prepare()
            return self._connection()

    @contextmanager
    def transaction(self, doing: str = "write") -> Iterator[sqlite3.Connection]:
        """``BEGIN IMMEDIATE`` ... ``COMMIT`` (``ROLLBACK`` if the block raises) on this
        thread's connection, with the store's errors as ``StoreError``."""
        db = self.connection()
        with self._guard(doing):
            db.execute("BEGIN IMMEDIATE")
            try:
                yield db
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise
            db.execute("COMMIT")

    def record(
        self,
        session_id: str,
        key: str,
        message_id: str,
        write: Callable[[sqlite3.Connection], None] | None = None,
    ) -> tuple[bool, str]:
        with self.transaction("record a key") as db:
            row = db.execute(
                f"SELECT message_id FROM {self.table} WHERE session_id = ? AND key = ?",
                (session_id, key),
            ).fetchone()
            if row is not None:
                return False, str(row[0])
            if write is not None:
                write(db)
            db.execute(
                f"INSERT INTO {self.table} (session_id, key, message_id) VALUES (?, ?, ?)",
                (session_id, key, message_id),
            )
            return True, message_id

    def find(self, session_id: str, candidates: Collection[str]) -> set[str]:
        found: set[str] = set()
        if not candidates:
            return found
        db = self.connection()
        listed = list(candidates)
        with self._guard("look keys up"):
            for start in range(0, len(listed), _BATCH):
                batch = listed[start : start + _BATCH]
                marks = ", ".join("?" * len(batch))
                rows = db.execute(
                    f"SELECT key FROM {self.table} WHERE session_id = ? AND key IN ({marks})",
                    (session_id, *batch),
                )
                found.update(str(r[0]) for r in rows)
        return found


_ADVICE = (
    "check that it is a sqlite database this process may read and write; if it is damaged, "
    "move it away (or restore it from a backup) and start again: a new file starts with "
    "no stored sessions"
)


if TYPE_CHECKING:
    # mypy proves both stores are KeyStores of the transaction their writes receive

    def _conforms(
        memory: MemoryKeyStore, durable: SqliteKeyStore
    ) -> tuple[KeyStore[None], KeyStore[sqlite3.Connection]]:
        return memory, durable
