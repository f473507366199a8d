"""The codebase stays mypy --strict and ruff clean: part of the test run, so CI enforces it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

# mypy over the whole codebase: tens of seconds
pytestmark = pytest.mark.cost("long")

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, timeout=600, check=False
    )


@pytest.mark.typecheck
def test_mypy_strict(mypy_cache: Path) -> None:
    # pyproject.toml's files and options; the session's cache, not the checkout's .mypy_cache
    result = _run(str(BIN / "mypy"), "--cache-dir", str(mypy_cache))
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_lint_and_format() -> None:
    lint = _run(str(BIN / "ruff"), "check", "tooling", "scripts", "tests", "benchmarks")
    assert lint.returncode == 0, lint.stdout
    fmt = _run(str(BIN / "ruff"), "format", "--check", "tooling", "scripts", "tests", "benchmarks")
    assert fmt.returncode == 0, fmt.stdout


def test_python_dash_m_works_like_the_command() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "acp_spec", "--help"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0
    assert "usage: acp-spec" in result.stdout
