"""A regular install runs acp-spec: `pip install .` (not `-e`), as pre-commit installs a hook
repository, must find everything the toolchain reads at run time (templates, schemas, the
models' runtime) inside the installed package, not in a source checkout beside it.

The wheel and its fresh virtualenv are tests/support/installed.py's, made once a run; the real site
that tests/test_docs.py checks page by page is built by this install's `docs build`.
"""

from __future__ import annotations

import shutil
import zipfile
from pathlib import Path

import pytest
from acp_spec.model import Spec
from support.installed import installed, run
from support.site import REGENERATED_PAGE, real_site

ROOT = Path(__file__).resolve().parents[1]
# What a spec repository holds; the toolchain (tooling/) is what the wheel brings.
PROJECT_PARTS = ("spec", "generated", "site")

# the wheel built and installed once a run (support/installed.py), then used
pytestmark = [pytest.mark.slow, pytest.mark.cost("long")]


def test_an_installed_wheel_checks_generates_and_builds_the_docs(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory, real_spec: Spec
) -> None:
    wheel = installed(tmp_path_factory)
    shipped = set(zipfile.ZipFile(wheel.wheel).namelist())
    for template in (ROOT / "tooling/acp_spec/templates").rglob("*.j2"):
        assert template.relative_to(ROOT / "tooling").as_posix() in shipped, template
    for data in ("format.schema.json", "vectors.schema.json", "py.typed"):
        assert f"acp_spec/{data}" in shipped

    where = run([str(wheel.python), "-c", "import acp_spec; print(acp_spec.__file__)"],
                cwd=tmp_path)  # fmt: skip
    assert Path(where.stdout.strip()).is_relative_to(wheel.site_packages), (
        where.stdout + where.stderr
    )

    project = tmp_path / "project"
    for part in PROJECT_PARTS:
        shutil.copytree(ROOT / part, project / part,
                        ignore=shutil.ignore_patterns("site", "__pycache__"))  # fmt: skip
    check = run([str(wheel.acp_spec), "check"], cwd=project)
    assert check.returncode == 0, check.stdout + check.stderr
    assert "are current" in check.stdout, check.stdout
    generate = run([str(wheel.acp_spec), "generate"], cwd=project)
    assert generate.returncode == 0, generate.stdout + generate.stderr
    # the copy is current, so the same bytes from the wheel mean nothing to write
    summary = generate.stdout.strip().splitlines()[-1]
    assert summary.startswith("0 written,"), generate.stdout

    # docs build: the real site's, made by this install in a copy missing one page
    built, output, _, site_project = real_site(tmp_path_factory, real_spec)
    assert "regenerated: 1 files written" in output.splitlines(), output
    assert (site_project / REGENERATED_PAGE).is_file()
    assert (built / "methods/session-prompt.html").is_file()
