"""The layers of acp_spec (CONTRIBUTING.md) hold: the import contract in pyproject.toml
passes (``lint-imports``), fails on an upward import, covers every module; and no module
of the toolchain imports itself back, however late its import runs."""

from __future__ import annotations

import graphlib
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import grimp
import pytest

REPO = Path(__file__).resolve().parents[1]
PYPROJECT = REPO / "pyproject.toml"
PACKAGE = "acp_spec"
# the models' runtime: source of its own, copied into acp_models, which imports nothing of
# the toolchain (the emitter reads its files); its modules are the models package's
RUNTIME = "acp_spec.emit.models.runtime"


def _layers_contract() -> dict[str, Any]:
    config = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["importlinter"]
    [contract] = [c for c in config["contracts"] if c["type"] == "layers"]
    return dict(contract)


def _lint(package_parent: Path) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` with the project's contracts, on the acp_spec found in
    ``package_parent``."""
    env = {**os.environ, "PYTHONPATH": str(package_parent)}
    program = "from importlinter.cli import lint_imports_command; lint_imports_command()"
    return subprocess.run(
        [sys.executable, "-c", program, "--no-cache", "--no-logo", str(PYPROJECT)],
        cwd=package_parent, env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    # every import statement, those inside functions and under TYPE_CHECKING included
    return grimp.build_graph(PACKAGE, cache_dir=None)


def test_the_import_contracts_are_kept() -> None:
    result = _lint(REPO / "tooling")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def test_an_upward_import_breaks_the_contract(tmp_path: Path) -> None:
    """The model, at the bottom, made to import the command line at the top."""
    copy = tmp_path / PACKAGE
    shutil.copytree(REPO / "tooling" / PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__"))
    model = copy / "model.py"
    model.write_text(model.read_text(encoding="utf-8") + "\nfrom acp_spec import cli\n")
    result = _lint(tmp_path)
    assert result.returncode == 1, result.stdout + result.stderr
    assert "acp_spec.model is not allowed to import acp_spec.cli" in result.stdout
    assert "acp_spec.model -> acp_spec.cli" in result.stdout


def test_every_module_is_in_a_layer(graph: grimp.ImportGraph) -> None:
    """A new module cannot escape the contract: each one lies in (or under) a layer."""
    contract = _layers_contract()
    assert contract["containers"] == [PACKAGE] and contract["exhaustive"] is True
    layers = [
        f"{PACKAGE}.{name.strip()}"
        for layer in contract["layers"]
        for name in layer.replace("|", ":").split(":")
    ]
    outside = sorted(
        m
        for m in graph.modules
        if m != PACKAGE and not any(m == layer or m.startswith(layer + ".") for layer in layers)
    )
    assert outside == []
    listed = sorted(layer for layer in layers if layer not in graph.modules)
    assert listed == [], "layers that name no module"


def test_no_module_imports_itself_back(graph: grimp.ImportGraph) -> None:
    imports = {
        module: {m for m in graph.find_modules_directly_imported_by(module)}
        for module in graph.modules
        if not module.startswith(RUNTIME)
    }
    try:
        graphlib.TopologicalSorter(imports).prepare()
    except graphlib.CycleError as cycle:
        pytest.fail(f"an import cycle: {' -> '.join(cycle.args[1])}")
