"""``PostgresKeyStore``: the keys of inserted messages in a PostgreSQL table, for agents on
several nodes that load their sessions from one database (the RFD: "a retry may reach a
different process or node than the original request. The record belongs in the storage the
session is loaded from"). The same interface as ``SqliteKeyStore``: ``record`` runs the
agent's write of the message in the transaction that inserts the key, so both are stored
or neither.

Needs psycopg 3 (``pip install "acp-models[postgres]"``), imported when a store is made, so
``acp_models`` itself never requires it.

How two nodes agree: ``record`` inserts the key first (``ON CONFLICT DO NOTHING``). When
another node's transaction inserted the same key and has not finished, PostgreSQL makes
this insert wait for it: if it commits, this one inserts nothing and reads the recorded
``messageId`` (lost: write nothing, announce nothing); if it rolls back, this one inserts.
Only the winner runs ``write``, inside its transaction. ``lock_timeout`` bounds the wait:
past it the call raises ``StoreBusy``.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Collection, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from .keystores import StoreBusy, StoreError, StoreUnusable, _TableKeyStore

if TYPE_CHECKING:
    import psycopg

    from .keystores import KeyStore

__all__ = ["PostgresKeyStore"]

# any fixed number: the advisory lock that serialises table creation across nodes
# (concurrent CREATE TABLE IF NOT EXISTS may both pass the check and one then fails)
_SETUP_LOCK = 0x41435020


class PostgresKeyStore(_TableKeyStore):
    """Keys in ``table`` of the PostgreSQL database at ``url`` (a libpq connection string
    or ``postgresql://`` URL). A connection per thread (autocommit: ``transaction`` begins
    them); a broken connection (the server restarted) is replaced on the next call.

    Opening connects, creates the key table and runs ``setup(conn)`` (the agent's own
    tables) in one transaction; a server it can't reach or a database it may not write
    raises ``StoreUnusable``. Every later failure is a ``StoreError`` (``StoreBusy`` when a
    lock was held longer than ``busy_timeout`` seconds).
    """

    _P = "%s"  # psycopg's placeholder

    def __init__(
        self,
        url: str,
        *,
        table: str = "acp_idempotency_keys",
        busy_timeout: float = 3.0,
        setup: Callable[[psycopg.Connection[Any]], None] | None = None,
    ) -> None:
        if not table.isidentifier():
            raise ValueError(f"table {table!r} is not a plain SQL name")
        try:
            import psycopg  # noqa: F401  (here: only an agent that uses PostgreSQL needs it)
        except ImportError:
            raise StoreUnusable(
                "the PostgreSQL key store needs psycopg 3: pip install 'acp-models[postgres]'"
            ) from None
        self.url = url
        self.table = table
        self.busy_timeout = busy_timeout
        self._local = threading.local()
        self._opened: list[tuple[int, psycopg.Connection[Any]]] = []
        self._lock = threading.Lock()
        try:
            with self.transaction("open") as db:
                db.execute("SELECT pg_advisory_xact_lock(%s)", (_SETUP_LOCK,))
                db.execute(
                    f"CREATE TABLE IF NOT EXISTS {table} (session_id TEXT NOT NULL, key TEXT "
                    "NOT NULL, message_id TEXT NOT NULL, PRIMARY KEY (session_id, key))"
                )
                if setup is not None:
                    setup(db)
        except StoreError as error:
            self.close()
            raise StoreUnusable(
                f"{_safe(url)}: cannot use this key store: {error.__cause__ or error}; check "
                "that the server runs and that this user may create tables in the database"
            ) from None

    @contextmanager
    def _guard(self, doing: str) -> Iterator[None]:
        """psycopg's errors as ``StoreError``; a lock waited on too long as ``StoreBusy``."""
        import psycopg

        try:
            yield
        except StoreError:
            raise
        except psycopg.errors.LockNotAvailable as error:
            raise StoreBusy(
                f"{_safe(self.url)}: store busy: another connection held a lock for over "
                f"{self.busy_timeout:g} s ({doing})"
            ) from error
        except psycopg.Error as error:
            raise StoreError(f"{_safe(self.url)}: {doing}: {error}".strip()) from error

    def connection(self) -> psycopg.Connection[Any]:
        """This thread's connection (autocommit: use ``transaction`` to write), for the
        agent's own reads. Raises ``StoreError`` if the server can't be reached."""
        import psycopg

        pid = os.getpid()
        db: psycopg.Connection[Any] | None = getattr(self._local, "db", None)
        # a connection made before a fork belongs to the parent; a broken one is gone
        if db is None or db.broken or db.closed or getattr(self._local, "pid", None) != pid:
            with self._guard("connect"):
                lock_ms = max(1, int(self.busy_timeout * 1000))
                made = psycopg.connect(
                    self.url,
                    autocommit=True,
                    connect_timeout=max(2, int(self.busy_timeout)),
                    options=f"-c lock_timeout={lock_ms}",
                )
            self._local.db, self._local.pid = db, pid = made, pid
            with self._lock:
                self._opened.append((pid, made))
        return db

    @contextmanager
    def transaction(self, doing: str = "write") -> Iterator[psycopg.Connection[Any]]:
        """One transaction on this thread's connection (rolled back if the block raises),
        with the store's errors as ``StoreError``."""
        db = self.connection()
        with self._guard(doing), db.transaction():
            yield db

    def record(
        self,
        session_id: str,
        key: str,
        message_id: str,
        write: Callable[[psycopg.Connection[Any]], None] | None = None,
    ) -> tuple[bool, str]:
        while True:
            with self.transaction("record a key") as db:
                inserted = db.execute(
                    f"INSERT INTO {self.table} (session_id, key, message_id) VALUES (%s, %s, %s)"
                    " ON CONFLICT DO NOTHING RETURNING message_id",
                    (session_id, key, message_id),
                ).fetchone()
                if inserted is not None:
                    if write is not None:
                        write(db)  # raises: the transaction, key included, rolls back
                    return True, message_id
                # a new statement sees what the other transaction committed
                row = db.execute(
                    f"SELECT message_id FROM {self.table} WHERE session_id = %s AND key = %s",
                    (session_id, key),
                ).fetchone()
                if row is not None:
                    return False, str(row[0])
            # forgotten between the two statements: try again

    def find(self, session_id: str, candidates: Collection[str]) -> set[str]:
        if not candidates:
            return set()
        db = self.connection()
        with self._guard("look keys up"):
            rows = db.execute(
                f"SELECT key FROM {self.table} WHERE session_id = %s AND key = ANY(%s)",
                (session_id, list(candidates)),
            ).fetchall()
        return {str(r[0]) for r in rows}


def _safe(url: str) -> str:
    """``url`` without its password, for messages."""
    try:
        from psycopg.conninfo import conninfo_to_dict, make_conninfo

        parts = conninfo_to_dict(url)
    except Exception:
        return "the PostgreSQL database"
    parts.pop("password", None)
    return make_conninfo("", **{k: v for k, v in parts.items() if v is not None})


if TYPE_CHECKING:

    def _conforms(store: PostgresKeyStore) -> KeyStore[psycopg.Connection[Any]]:
        return store
