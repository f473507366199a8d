"""The sqlite key store against real faulty files: damaged, truncated, not a database, a
folder, read-only, locked by another connection, full; and what a lost WAL takes with it.
Every fault is a ``StoreError`` (``StoreUnusable`` when the store opens), never sqlite's
own exception, and a busy wait is bounded."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

SESSION = "sess_abc123def456"


def messages(db: sqlite3.Connection) -> None:
    db.execute("CREATE TABLE IF NOT EXISTS messages (key TEXT, message_id TEXT)")


def filled(keys: ModuleType, path: Path, count: int = 200) -> None:
    store = keys.SqliteKeyStore(path, setup=messages)
    with store.transaction() as db:  # one transaction: one fsync
        for n in range(count):
            db.execute("INSERT INTO messages VALUES (?, ?)", (f"key-{n}", f"msg_{n}"))
            db.execute(
                f"INSERT INTO {store.table} VALUES (?, ?, ?)", (SESSION, f"key-{n}", f"msg_{n}")
            )
    store.close()


def _write(key: str, message_id: str) -> object:
    def run(db: sqlite3.Connection) -> None:
        db.execute("INSERT INTO messages VALUES (?, ?)", (key, message_id))

    return run


def unusable(keys: ModuleType, path: Path) -> str:
    with pytest.raises(keys.StoreUnusable) as raised:
        keys.SqliteKeyStore(path, setup=messages)
    said = str(raised.value)
    assert said.startswith(f"{path}: cannot use this key store: ")
    return said


def test_a_file_that_is_not_a_database_is_refused_when_the_store_opens(
    keys: ModuleType, tmp_path: Path
) -> None:
    path = tmp_path / "agent.sqlite"
    path.write_bytes(b"this is not a database, it is a note\n" * 200)
    assert "file is not a database" in unusable(keys, path)


def test_a_damaged_database_is_found_by_its_integrity_check(
    keys: ModuleType, tmp_path: Path
) -> None:
    path = tmp_path / "agent.sqlite"
    filled(keys, path, 2000)
    data = bytearray(path.read_bytes())
    page = 4096
    assert len(data) > 6 * page
    data[3 * page + 100 : 5 * page] = b"\xa5" * (2 * page - 100)  # pages past the header
    path.write_bytes(bytes(data))
    said = unusable(keys, path)
    assert "damaged" in said or "malformed" in said
    assert "move it away" in said  # what to do


def test_a_truncated_database_is_refused(keys: ModuleType, tmp_path: Path) -> None:
    path = tmp_path / "agent.sqlite"
    filled(keys, path, 2000)
    with path.open("r+b") as file:
        file.truncate(path.stat().st_size // 2)
    unusable(keys, path)


def test_a_folder_is_refused(keys: ModuleType, tmp_path: Path) -> None:
    (tmp_path / "agent.sqlite").mkdir()
    assert "it is a folder" in unusable(keys, tmp_path / "agent.sqlite")


@pytest.fixture
def read_only() -> Iterator[object]:
    """Makes a file or folder read-only for this process, root included (``chattr +i``)."""
    made: list[Path] = []

    def make(path: Path) -> None:
        if os.geteuid() == 0:
            if shutil.which("chattr") is None:
                pytest.skip("root ignores file modes and chattr is missing")
            done = subprocess.run(["chattr", "+i", str(path)], capture_output=True)
            if done.returncode != 0:
                pytest.skip(f"chattr +i refused: {done.stderr.decode().strip()}")
        else:
            path.chmod(0o555 if path.is_dir() else 0o444)
        made.append(path)

    yield make
    for path in made:
        if os.geteuid() == 0:
            subprocess.run(["chattr", "-i", str(path)], check=True)
        else:
            path.chmod(0o755 if path.is_dir() else 0o644)


def test_a_read_only_file_is_refused_when_the_store_opens(
    keys: ModuleType, tmp_path: Path, read_only: object
) -> None:
    path = tmp_path / "agent.sqlite"
    filled(keys, path, 3)
    read_only(path)  # type: ignore[operator]
    said = unusable(keys, path)
    assert "readonly" in said or "read-only" in said or "unable to open" in said


def test_a_lock_held_by_another_connection_is_a_bounded_store_busy(
    keys: ModuleType, tmp_path: Path
) -> None:
    path = tmp_path / "agent.sqlite"
    filled(keys, path, 3)
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("PRAGMA journal_mode=DELETE")  # an exclusive lock then blocks readers too
    other.execute("BEGIN EXCLUSIVE")
    # opening does not wait on it: the check runs on first use
    store = keys.SqliteKeyStore(path, setup=messages, busy_timeout=0.05)
    recorder = keys.KeyRecorder(store)
    with pytest.raises(keys.StoreBusy, match="store busy"):
        recorder.lookup(SESSION, "K")
    other.execute("ROLLBACK")
    other.close()
    assert recorder.lookup(SESSION, "key-1") == keys.Inserted("msg_1")
    found = recorder.lookup(SESSION, "K")
    assert found.insert("msg_K", _write("K", "msg_K")).won
    store.close()


def test_a_full_store_fails_that_insertion_and_keeps_the_prompt_held(
    keys: ModuleType, tmp_path: Path
) -> None:
    path = tmp_path / "agent.sqlite"
    store = keys.SqliteKeyStore(path, setup=messages)
    db = store.connection()
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    db.execute(f"PRAGMA max_page_count = {pages}")  # the disk is full from here on
    recorder = keys.KeyRecorder(store)
    found = recorder.lookup(SESSION, "K")
    big = "x" * 100_000
    with pytest.raises(keys.StoreError, match="full"):
        found.insert("msg_1", _write("K", big))
    assert store.get(SESSION, "K") is None
    assert isinstance(recorder.lookup(SESSION, "K"), keys.Pending)  # still held
    found.fail(keys.JsonRpcError(-32603, "store full"))
    assert isinstance(recorder.lookup(SESSION, "K"), keys.NotFound)  # the key stays unused
    store.close()


def test_a_zero_length_file_is_an_empty_store(keys: ModuleType, tmp_path: Path) -> None:
    path = tmp_path / "agent.sqlite"
    path.touch()
    store = keys.SqliteKeyStore(path, setup=messages)
    assert isinstance(keys.KeyRecorder(store).lookup(SESSION, "K"), keys.NotFound)
    store.close()


def test_a_truncated_wal_loses_messages_and_their_keys_together(
    keys: ModuleType, tmp_path: Path
) -> None:
    path = tmp_path / "agent.sqlite"
    store = keys.SqliteKeyStore(path, setup=messages)
    db = store.connection()
    db.execute("PRAGMA wal_autocheckpoint = 0")  # everything stays in the WAL
    recorder = keys.KeyRecorder(store)
    for n in range(50):
        recorder.lookup(SESSION, f"key-{n}").insert(f"msg_{n}", _write(f"key-{n}", f"msg_{n}"))
    # a crash: copy the files as they are on disk, without closing (which checkpoints)
    crashed = tmp_path / "crashed"
    crashed.mkdir()
    shutil.copy(path, crashed / path.name)
    wal = Path(f"{path}-wal")
    data = wal.read_bytes()
    (crashed / wal.name).write_bytes(data[: len(data) * 2 // 3])
    store.close()
    after = keys.SqliteKeyStore(crashed / path.name, setup=messages)
    rows = dict(after.connection().execute("SELECT key, message_id FROM messages").fetchall())
    recorded = {f"key-{n}": after.get(SESSION, f"key-{n}") for n in range(50)}
    assert 0 < len(rows) < 50  # the last transactions are gone
    assert {k: v for k, v in recorded.items() if v is not None} == rows  # both or neither
    after.close()
