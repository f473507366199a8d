"""acp-spec as a regular install has it: a wheel built from a copy of the sources, installed
into a fresh virtualenv, once a test run (the first test to ask builds it while holding a
lock; the others, in this worker or another, wait and take it). tests/test_wheel.py proves
what it can do; tests/test_docs.py builds the real site with it, so the run builds that
site (ten seconds of mkdocs) once, not once for each.

So as not to install every dependency again, the virtualenv sees this interpreter's
site-packages through a `.pth` line; a `.pth` file *inside* a directory added that way is
not processed, so the editable install's own `.pth` (which puts the checkout's tooling/ on
sys.path) stays inert, and test_wheel asserts that `acp_spec` is imported from the wheel.
"""

from __future__ import annotations

import importlib.metadata
import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
from dataclasses import dataclass
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from support.runs import once_a_run

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Installed:
    wheel: Path
    python: Path  # the virtualenv's
    acp_spec: Path  # its command
    site_packages: Path  # under which the wheel's acp_spec must be


def env() -> dict[str, str]:
    """The environment without anything that would put a checkout's acp_spec on sys.path."""
    found = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    # the dependencies' programs (ruff, for the models if they must be remade) live beside
    # this interpreter; the wheel's `acp-spec` is always called by its full path
    found["PATH"] = os.pathsep.join([found.get("PATH", ""), sysconfig.get_path("scripts")])
    return found


def run(command: list[str], cwd: Path, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command, cwd=cwd, env=env(), capture_output=True, text=True, check=False,
        timeout=timeout,
    )  # fmt: skip


def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    """The wheel, installed; asserts each step worked."""
    with once_a_run(tmp_path_factory, "installed-wheel") as shared:
        venv = shared / "venv"
        if not (shared / "done").is_file():
            for folder in ("source", "dist", "venv"):  # an earlier attempt's, if it failed
                shutil.rmtree(shared / folder, ignore_errors=True)
            wheel = _build_wheel(shared)
            python = _venv(venv)
            # the virtualenv's own interpreter runs pip (which it sees through the .pth
            # line), as `pip --python` would after starting a pip of its own first
            result = run([str(python), "-m", "pip", "install", "--no-deps", "--no-index", "-q",
                          str(wheel)], cwd=shared)  # fmt: skip
            assert result.returncode == 0, result.stdout + result.stderr
            (shared / "done").write_text(str(wheel), encoding="utf-8")
        wheel = Path((shared / "done").read_text(encoding="utf-8"))
    return Installed(wheel, venv / "bin" / "python", venv / "bin" / "acp-spec", venv / "lib")


def _build_wheel(tmp: Path) -> Path:
    # From a copy: an in-tree build would leave build/ and *.egg-info in the checkout.
    # Without build isolation: the test extra's setuptools meets pyproject.toml's build
    # requirement (asserted here), and an isolated build would install one again each run.
    source = tmp / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    shutil.copytree(ROOT / "tooling", source / "tooling",
                    ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))  # fmt: skip
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    for requirement in map(Requirement, project["build-system"]["requires"]):
        have = importlib.metadata.version(requirement.name)
        assert requirement.specifier.contains(have), f"{requirement.name} {have}: not {requirement}"
    out = tmp / "dist"
    result = run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                  "-q", "-w", str(out), str(source)], cwd=tmp)  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    (wheel,) = out.glob("acp_spec-*.whl")
    return wheel


def _venv(folder: Path) -> Path:
    """A fresh virtualenv that sees this interpreter's dependencies; its python."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(folder)], check=True)
    python = folder / "bin" / "python"
    purelib = run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                  cwd=folder).stdout.strip()  # fmt: skip
    ours = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib")}
    (Path(purelib) / "dependencies.pth").write_text("\n".join(sorted(ours)) + "\n")
    return python
