"""The key stores side by side (issue 33): keyed prompts per second through the
``KeyRecorder`` (look the key up, insert the message and the key in one transaction) on
``SqliteKeyStore`` and on ``PostgresKeyStore``, and what a retry's lookup costs as a
session's history grows (the RFD's worry: an adapter that "reads the history once per
session"), against reading the history to find the key.

    python benchmarks/keystores.py            # 2,000 prompts, histories of 100 → 10,000
    python benchmarks/keystores.py --rows     # the same, as JSON rows (benchmarks/run.py)
    python benchmarks/keystores.py --smoke    # 50 prompts, histories of 10 → 100: proves
                                              # it works; its ratios mean nothing

Both stores commit durably: sqlite fsyncs its WAL on each commit (``synchronous=FULL``),
PostgreSQL its WAL (``fsync``, ``synchronous_commit`` on, its defaults). The PostgreSQL
server is a throwaway cluster on a unix socket (tests/support/pg.py), on the same machine and
disk: what is measured is the store and its round trips, not a network.

Run with generated/python/src on PYTHONPATH (run.py sets it).
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))  # tests/support/pg.py: the throwaway PostgreSQL cluster

from acp_models.v2.keys import KeyRecorder, NotFound, SqliteKeyStore  # noqa: E402
from acp_models.v2.pgstore import PostgresKeyStore  # noqa: E402
from support.pg import cluster  # noqa: E402

Row = tuple[str, float, float, str]
SESSION = "sess_bench0000001"


def sqlite_tables(db: Any) -> None:
    db.execute(
        "CREATE TABLE IF NOT EXISTS messages (seq INTEGER PRIMARY KEY AUTOINCREMENT,"
        " session_id TEXT, message_id TEXT, key TEXT, prompt TEXT)"
    )
    db.execute("CREATE INDEX IF NOT EXISTS messages_session ON messages (session_id)")


def pg_tables(db: Any) -> None:
    db.execute(
        "CREATE TABLE IF NOT EXISTS messages (seq BIGSERIAL PRIMARY KEY,"
        " session_id TEXT, message_id TEXT, key TEXT, prompt TEXT)"
    )
    db.execute("CREATE INDEX IF NOT EXISTS messages_session ON messages (session_id)")


class Bench:
    """One store, with the agent's messages table and the statements in its style."""

    def __init__(self, store: SqliteKeyStore | PostgresKeyStore) -> None:
        self.store = store
        self.mark = "%s" if isinstance(store, PostgresKeyStore) else "?"
        self.recorder: KeyRecorder[Any] = KeyRecorder(store)

    def insert_sql(self) -> str:
        m = self.mark
        return f"INSERT INTO messages (session_id, message_id, key, prompt) VALUES ({m}, {m}, {m}, {m})"  # fmt: skip

    def prompt(self, session: str, key: str) -> None:
        """A keyed prompt the agent inserts: lookup, then the message and key together."""
        found = self.recorder.lookup(session, key)
        assert isinstance(found, NotFound)
        message_id = "msg_" + uuid.uuid4().hex[:12]

        def write(db: Any) -> None:
            db.execute(self.insert_sql(), (session, message_id, key, '[{"type":"text"}]'))

        assert found.insert(message_id, write).won

    def fill(self, session: str, count: int) -> list[str]:
        """``count`` keyed messages in ``session``, in one transaction; their keys."""
        keys = [f"key-{session}-{n}" for n in range(count)]
        m = self.mark
        with self.store.transaction() as db:
            for n, key in enumerate(keys):
                db.execute(self.insert_sql(), (session, f"msg_{n}", key, '[{"type":"text"}]'))
                db.execute(
                    f"INSERT INTO {self.store.table} VALUES ({m}, {m}, {m})",
                    (session, key, f"msg_{n}"),
                )
        return keys

    def scan(self, session: str, key: str) -> str | None:
        """What an adapter with no key table does: read the history, look for the key."""
        rows = self.store.connection().execute(
            f"SELECT key, message_id FROM messages WHERE session_id = {self.mark} ORDER BY seq",
            (session,),
        )
        return next((str(m) for k, m in rows.fetchall() if k == key), None)


def per_second(run: Callable[[int], None], count: int) -> float:
    start = time.perf_counter()
    for n in range(count):
        run(n)
    return count / (time.perf_counter() - start)


def lookup_seconds(lookup: Callable[[str], object], keys: list[str], reps: int) -> float:
    """Median seconds of one lookup of a recorded key (a retry), over ``reps`` keys."""
    step = max(1, len(keys) // reps)
    times = []
    for key in keys[::step][:reps]:
        start = time.perf_counter()
        lookup(key)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def measure(smoke: bool) -> list[Row]:
    prompts, reps = (50, 20) if smoke else (2000, 200)
    sizes = (10, 100) if smoke else (100, 1000, 10_000)
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as folder, cluster(durable=True) as server:
        lite = Bench(SqliteKeyStore(Path(folder) / "bench.sqlite", setup=sqlite_tables))
        pg = Bench(PostgresKeyStore(server.new_database(), setup=pg_tables))
        benches = {"sqlite": lite, "PostgreSQL": pg}
        # warm up each: connections made, tables and statements cached
        for name, bench in benches.items():
            bench.prompt("sess_warm", f"warm-{name}")
        rates = {name: 0.0 for name in benches}
        for half in range(2):  # interleaved halves: both see the same machine load
            for name, bench in benches.items():
                rates[name] += (
                    per_second(
                        lambda n, b=bench, h=half: b.prompt(SESSION, f"k{h}-{n}"),  # type: ignore[misc]
                        prompts // 2,
                    )
                    / 2
                )
        rows.append(("keyed prompts/s: sqlite ÷ PostgreSQL", rates["sqlite"], rates["PostgreSQL"], "report"))  # fmt: skip
        for name, bench in benches.items():
            small = big = scan_big = 0.0
            for size in (sizes[0], sizes[-1]):
                session = f"sess_hist_{size}"
                keys = bench.fill(session, size)
                seconds = lookup_seconds(lambda k, b=bench, s=session: b.recorder.lookup(s, k), keys, reps)  # type: ignore[misc]  # fmt: skip
                if size == sizes[0]:
                    small = seconds
                else:
                    big = seconds
                    scan_big = lookup_seconds(lambda k, b=bench, s=session: b.scan(s, k), keys, min(reps, 20))  # type: ignore[misc]  # fmt: skip
            rows.append((f"{name}: retry lookup µs, history {sizes[-1]:,} ÷ {sizes[0]:,}", big * 1e6, small * 1e6, "≤ 2"))  # fmt: skip
            rows.append((f"{name}: history scan ÷ key lookup µs, {sizes[-1]:,} messages", scan_big * 1e6, big * 1e6, "report"))  # fmt: skip
        rows.append(("retry lookup µs, longest history: PostgreSQL ÷ sqlite", *_lookups(rows), "report"))  # fmt: skip
        lite.store.close()
        pg.store.close()
    return rows


def _lookups(rows: list[Row]) -> tuple[float, float]:
    by_name = {
        name.split(":")[0]: a for name, a, _, _ in rows if "retry lookup µs, history" in name
    }
    return by_name["PostgreSQL"], by_name["sqlite"]


def main() -> None:
    smoke = "--smoke" in sys.argv
    rows = measure(smoke)
    if "--rows" in sys.argv:
        print(json.dumps(rows))
        return
    print(f"{'measure':62} {'a':>10} {'b':>10} {'a ÷ b':>7}  target")
    for name, a, b, target in rows:
        print(f"{name:62} {a:10.1f} {b:10.1f} {a / b:7.2f}  {target}")


if __name__ == "__main__":
    main()
