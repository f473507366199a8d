"""The benchmark script runs end to end (smoke mode: every measurement once, on tiny inputs
where it can be). It asserts no times: these machines are shared and noisy, and the ratios
are recorded in BENCHMARKS.md, not tested."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

# the benchmark smoke run: a minute and more
pytestmark = pytest.mark.cost("long")

ROOT = Path(__file__).resolve().parents[1]
ROWS = (
    "generate ÷ datamodel-codegen alone",
    "check (up to date) ÷ generate",
    "generate 2× spec ÷ real spec",
    "docs build 2× spec ÷ real spec",
    "import acp_models.v2 ÷ upstream import acp.schema",
    "import + first decode ÷ upstream's import + first parse (s)",
    "parse rate session/update params (msg/s)",
    "parse rate session/prompt params (msg/s)",
    "decode(raw) ÷ upstream json.loads + validate (msg/s)",
    "parse rate every SessionUpdate variant ÷ compiled jsonschema",
    "run every vector: models (decode) ÷ JSON Schema, seconds",
    "diff: spec vs itself ÷ b7f0005 → sdk-2.4.0, seconds",
    "keyed prompts/s: sqlite ÷ PostgreSQL",
    "retry lookup µs, longest history: PostgreSQL ÷ sqlite",
)


@pytest.mark.bench
def test_benchmarks_run_in_smoke_mode() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks/run.py"), "--smoke"],
        capture_output=True, text=True, timeout=1800, check=False, cwd=ROOT,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    for name in ROWS:  # each row: both measurements and their ratio, all positive, then a target
        row = next((line for line in lines if line.startswith(name)), None)
        assert row is not None, f"no row {name!r}:\n{result.stdout}"
        a, b, ratio = (float(cell) for cell in row.removeprefix(name).split()[:3])
        assert a > 0 and b > 0 and ratio > 0, row
