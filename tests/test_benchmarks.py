"""The benchmark script runs end to end (quick mode). It asserts no times: these machines
are shared and noisy, and the ratios are recorded in BENCHMARKS.md, not tested."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_benchmarks_run_in_quick_mode() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks/run.py"), "--quick"],
        capture_output=True, text=True, timeout=1800, check=False, cwd=ROOT,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    for measure in ("generate ÷ datamodel-codegen", "check (up to date)", "import acp_models.v2",
                    "parse rate", "run every vector"):  # fmt: skip
        assert measure in result.stdout, result.stdout
