"""A regular install runs acp-spec: `pip install .` (not `-e`), as pre-commit installs a hook
repository, must find everything the toolchain reads at run time (templates, schemas, the
models' runtime) inside the installed package, not in a source checkout beside it.

The wheel is built from a copy of the sources and installed into a fresh virtualenv. So as not
to install every dependency again, that virtualenv sees this interpreter's site-packages
through a `.pth` line; a `.pth` file *inside* a directory added that way is not processed, so
the editable install's own `.pth` (which puts the checkout's tooling/ on sys.path) stays
inert, and the test asserts that `acp_spec` is imported from the wheel.
"""

from __future__ import annotations

import importlib.metadata
import os
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path

import pytest
from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[1]
# What a spec repository holds; the toolchain (tooling/) is what the wheel brings.
PROJECT_PARTS = ("spec", "generated", "site")

pytestmark = pytest.mark.slow


def _env() -> dict[str, str]:
    """The environment without anything that would put a checkout's acp_spec on sys.path."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    # the dependencies' programs (ruff, for the models if they must be remade) live beside
    # this interpreter; the wheel's `acp-spec` is always called by its full path
    env["PATH"] = os.pathsep.join([env.get("PATH", ""), sysconfig.get_path("scripts")])
    return env


def _run(command: list[str], cwd: Path, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        command, cwd=cwd, env=_env(), capture_output=True, text=True, check=False,
        timeout=timeout,
    )  # fmt: skip


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
    result = _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                   "-q", "-w", str(out), str(source)], cwd=tmp)  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    (wheel,) = out.glob("acp_spec-*.whl")
    return wheel


def _venv(folder: Path) -> Path:
    """A fresh virtualenv that sees this interpreter's dependencies; its python."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(folder)], check=True)
    python = folder / "bin" / "python"
    purelib = _run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                   cwd=folder).stdout.strip()  # fmt: skip
    ours = {sysconfig.get_path("purelib"), sysconfig.get_path("platlib")}
    (Path(purelib) / "dependencies.pth").write_text("\n".join(sorted(ours)) + "\n")
    return python


def test_an_installed_wheel_checks_generates_and_builds_the_docs(tmp_path: Path) -> None:
    wheel = _build_wheel(tmp_path)
    shipped = set(zipfile.ZipFile(wheel).namelist())
    for template in (ROOT / "tooling/acp_spec/templates").rglob("*.j2"):
        assert template.relative_to(ROOT / "tooling").as_posix() in shipped, template
    for data in ("format.schema.json", "vectors.schema.json", "py.typed"):
        assert f"acp_spec/{data}" in shipped

    python = _venv(tmp_path / "venv")
    # the virtualenv's own interpreter runs pip (which it sees through the .pth line), as
    # `pip --python` would after starting a pip of its own first just to hand over to it
    installed = _run([str(python), "-m", "pip", "install", "--no-deps", "--no-index", "-q",
                      str(wheel)], cwd=tmp_path)  # fmt: skip
    assert installed.returncode == 0, installed.stdout + installed.stderr
    where = _run([str(python), "-c", "import acp_spec; print(acp_spec.__file__)"], cwd=tmp_path)
    site_packages = tmp_path / "venv" / "lib"
    assert Path(where.stdout.strip()).is_relative_to(site_packages), where.stdout + where.stderr

    project = tmp_path / "project"
    for part in PROJECT_PARTS:
        shutil.copytree(ROOT / part, project / part,
                        ignore=shutil.ignore_patterns("site", "__pycache__"))  # fmt: skip
    acp_spec = str(tmp_path / "venv" / "bin" / "acp-spec")

    check = _run([acp_spec, "check"], cwd=project)
    assert check.returncode == 0, check.stdout + check.stderr
    assert "are current" in check.stdout, check.stdout
    generate = _run([acp_spec, "generate"], cwd=project)
    assert generate.returncode == 0, generate.stdout + generate.stderr
    # the copy is current, so the same bytes from the wheel mean nothing to write
    summary = generate.stdout.strip().splitlines()[-1]
    assert summary.startswith("0 written,"), generate.stdout
    docs = _run([acp_spec, "docs", "build", "--site-dir", str(tmp_path / "built")], cwd=project)
    assert docs.returncode == 0, docs.stdout + docs.stderr
    assert "regenerated: 0 files written" in docs.stdout.splitlines(), docs.stdout
    assert (tmp_path / "built/methods/session-prompt.html").is_file()
