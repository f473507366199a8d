"""The committed package as an SDK's code sees it: tests/sdk_sample.py, which builds and
reads the common messages as the types say, passes mypy --strict and pyright strict and
runs; what the types forbid (a misspelt method name, a wire name as a constructor keyword,
a retry class that is none) is an error to both checkers; and pyright --verifytypes finds
the package's public types complete. One run of each checker, on a few files."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from support.paths import node_tool

# mypy, pyright and pyright --verifytypes over the sample: tens of seconds
pytestmark = [pytest.mark.typecheck, pytest.mark.cost("long")]

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "generated/python/src"
SAMPLE = ROOT / "tests/sdk_sample.py"

# each line is wrong in one way; the checkers must say so on that line
WRONG = """\
from acp_models.v2 import METHODS, PromptRequest, RetryClass
from acp_models.v2.build import state_update

METHODS["session/promt"]
PromptRequest(sessionId="s", prompt=[])
retry: RetryClass = "kyed"
state_update("s", "idel")
"""
WRONG_LINES = (4, 5, 6, 7)


@pytest.fixture(scope="module")
def checked(tmp_path_factory: pytest.TempPathFactory, mypy_cache: Path) -> Iterator[dict[str, str]]:
    """Each checker's output on the sample and on the wrong file, run once."""
    folder = tmp_path_factory.mktemp("types")
    wrong = folder / "wrong.py"
    wrong.write_text(WRONG, encoding="utf-8")
    config = folder / "pyrightconfig.json"
    config.write_text(json.dumps({
        "typeCheckingMode": "strict", "pythonVersion": "3.11", "extraPaths": [str(SRC)],
    }), encoding="utf-8")  # fmt: skip
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    pyright = [str(node_tool("pyright")), "--pythonpath", sys.executable]
    mypy = [sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(mypy_cache)]
    # mypy finds the package on MYPYPATH, as the other mypy runs do: found on PYTHONPATH it
    # would be an installed package, silenced, and its silenced analysis is one the shared
    # cache cannot give the runs that report its errors. Only this file's and the sample's
    # errors are read here, so the package's own (tests/test_generated_models.py) don't count.
    mypy_env = {**{k: v for k, v in env.items() if k != "PYTHONPATH"}, "MYPYPATH": str(SRC)}

    commands = {
        "pyright": [*pyright, "-p", str(config), str(SAMPLE), str(wrong)],
        "mypy": [*mypy, str(SAMPLE), str(wrong)],
        "verifytypes": [*pyright, "--verifytypes", "acp_models", "--ignoreexternal"],
    }
    # side by side: each is mostly one process waiting on its own work
    running = {
        name: subprocess.Popen(
            command, cwd=folder, env=mypy_env if name == "mypy" else env,
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )
        for name, command in commands.items()
    }  # fmt: skip
    yield {name: process.communicate()[0] for name, process in running.items()}


def _errors(output: str, path: str) -> dict[int, str]:
    """Line -> message of each error a checker reports in the file named ``path``."""
    found: dict[int, str] = {}
    for match in re.finditer(rf"{re.escape(path)}:(\d+):(?:\d+)?:?\s*-?\s*error: (.*)", output):
        found.setdefault(int(match[1]), match[2])
    return found


@pytest.mark.parametrize("checker", ["mypy", "pyright"])
def test_the_sample_sdk_type_checks_and_only_the_wrong_lines_fail(
    checked: dict[str, str], checker: str
) -> None:
    output = checked[checker]
    assert _errors(output, "sdk_sample.py") == {}, output
    assert sorted(_errors(output, "wrong.py")) == list(WRONG_LINES), output


def test_the_package_types_are_complete_and_the_sample_runs(checked: dict[str, str]) -> None:
    output = checked["verifytypes"]
    score = re.search(r"Type completeness score: ([\d.]+)%", output)
    assert score is not None, output
    assert float(score[1]) >= 95, output
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    subprocess.run([sys.executable, str(SAMPLE)], env=env, check=True)
