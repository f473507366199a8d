"""acp-spec generate/check on a copy of the project: in sync, idempotent, deterministic.

The two generates whose interpreters differ (hash seed, time zone, locale, working folder)
run the command in subprocesses; the other runs call ``cli.main`` here, which spares an
interpreter's start and imports (0.6 s) each and says the same (tests/test_bad_specs.py
proves the two agree)."""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from acp_spec import cli
from support.specs import write_spec

# full generate runs in subprocesses: tens of seconds each
pytestmark = pytest.mark.cost("long")

ROOT = Path(__file__).resolve().parents[1]


def run(
    cwd: Path, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "acp_spec", *args], cwd=cwd, env=env,
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip


def in_process(cwd: Path, *args: str) -> tuple[int, str, str]:
    """``run(cwd, *args)``'s exit code, stdout and stderr, from ``cli.main`` in this process
    (the spec and root those of ``cwd``, as the command's defaults are of its folder)."""
    out, err = io.StringIO(), io.StringIO()
    spec = str(cwd / "spec/acp-v2.yaml")
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(["--spec", spec, "--root", str(cwd), *args])
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def project(tmp_path: Path) -> Path:
    copy = tmp_path / "project"
    write_spec(copy / "spec")
    return copy


def tree(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and "spec" not in p.relative_to(root).parts[:1]
    }


def test_committed_artifacts_are_current() -> None:
    code, _, err = in_process(ROOT, "check")
    assert code == 0, err


@pytest.mark.slow
def test_generate_is_deterministic_then_check_passes_and_a_second_generate_changes_nothing(
    project: Path, tmp_path: Path
) -> None:
    """From nothing generated: two generates under other hash seeds, time zones, locales and
    working directories make the same bytes (each runs datamodel-code-generator, seconds);
    then a third changes nothing and check passes."""
    assert in_process(project, "check")[0] == 1
    other = tmp_path / "other"
    shutil.copytree(project, other)
    here = {**os.environ, "PYTHONHASHSEED": "1", "TZ": "UTC", "LC_ALL": "C"}
    first = run(project, "generate", env=here)
    assert first.returncode == 0, first.stderr
    assert "wrote generated/schema.json" in first.stdout
    elsewhere = run(
        tmp_path, "--spec", str(other / "spec/acp-v2.yaml"), "--root", str(other), "generate",
        env={**os.environ, "PYTHONHASHSEED": "4242", "TZ": "Asia/Kathmandu", "LC_ALL": "C.UTF-8"},
    )  # fmt: skip
    assert elsewhere.returncode == 0, elsewhere.stderr
    before = tree(project)
    assert before == tree(other)
    code, out, _ = in_process(project, "generate")
    assert code == 0
    assert "0 written" in out
    assert tree(project) == before
    assert in_process(project, "check")[0] == 0


@pytest.mark.slow
def test_check_names_a_changed_file_with_a_diff(project: Path) -> None:
    # the committed tree is current (the first test says so): no need to generate it again
    shutil.copytree(ROOT / "generated", project / "generated")
    meta = project / "generated/meta.json"
    meta.write_text(meta.read_text().replace('"keyed"', '"idempotent"', 1))
    code, _, err = in_process(project, "check")
    assert code == 1
    assert "generated/meta.json: differs" in err
    assert '-      "retryClass": "idempotent"' in err


@pytest.fixture
def current(project: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The project with the committed tree, and datamodel-code-generator refusing to run:
    the check runs below must not need it."""
    import datamodel_code_generator

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("check ran datamodel-code-generator")

    shutil.copytree(ROOT / "generated", project / "generated")
    shutil.copytree(ROOT / "site", project / "site", ignore=shutil.ignore_patterns("site"))
    monkeypatch.setattr(datamodel_code_generator, "generate", refuse)
    return project


def test_check_of_a_stale_models_stamp_says_so_without_making_the_models(current: Path) -> None:
    """The stamp's key is not the models' input: check fails on the stamp and says the
    models module is not compared, without running datamodel-code-generator (seconds) for
    a diff; the rest of generated/python is compared exactly."""
    (current / "generated/python/input.sha256").write_text("0" * 64 + "\n")
    methods = current / "generated/python/src/acp_models/v2/_methods.py"
    methods.write_text(methods.read_text().replace('"as_carried"', '"idempotent"', 1))
    code, _, err = in_process(current, "check")
    assert code == 1, err
    assert "generated/python/input.sha256: differs from what the spec generates" in err
    assert "generated/python/src/acp_models/v2/_methods.py: differs" in err
    for path in ("generated/python/src/acp_models/v2/_models.py", "generated/manifest.json"):
        assert f"{path}: not compared: generated/python is not what its stamp records" in err
        assert f"{path}: differs" not in err and f"{path}: generated earlier" not in err
    assert err.rstrip().endswith("run `acp-spec generate` and commit the result")


def test_check_of_a_hand_edited_models_module_fails_without_making_the_models(
    current: Path,
) -> None:
    module = current / "generated/python/src/acp_models/v2/_models.py"
    module.write_text(module.read_text() + "# edited\n")
    code, _, err = in_process(current, "check")
    assert code == 1, err
    assert f"{module.relative_to(current)}: not compared: generated/python is not what its " in err
    assert "or a file there was edited" in err and ": differs" not in err


# --- the artifact tables -------------------------------------------------------------------


def _with_readme(project: Path, edit: Callable[[str], str] = lambda text: text) -> Path:
    readme = project / "README.md"
    readme.write_text(edit((ROOT / "README.md").read_text(encoding="utf-8")), encoding="utf-8")
    return readme


@pytest.mark.slow  # a check and a generate of the project: seconds
def test_a_stale_readme_table_fails_check_until_generate_rewrites_it(current: Path) -> None:
    readme = _with_readme(
        current, lambda text: text.replace("| `generated/traces/` |", "| `traces/` |", 1)
    )
    code, _, err = in_process(current, "check")
    assert code == 1
    line = readme.read_text(encoding="utf-8").split("<!-- artifacts:begin -->")[0].count("\n") + 1
    assert f"README.md:{line}:1: the artifact table" in err and "run `acp-spec generate`" in err
    code, out, _ = in_process(current, "generate")
    assert code == 0 and "wrote README.md" in out
    assert readme.read_text(encoding="utf-8") == (ROOT / "README.md").read_text(encoding="utf-8")
    assert in_process(current, "check")[0] == 0


@pytest.mark.slow  # a check and a generate of the project: seconds
def test_an_artifact_registered_alone_is_made_and_listed_in_both_tables(
    current: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One registration, no other edit: generate makes its file, the README's table and the
    site's home page list it, and check then proves all of it current."""
    from acp_spec import pipeline
    from acp_spec.emit.artifact import Artifact, registry
    from acp_spec.index import Index
    from acp_spec.model import Spec

    def emit_count(spec: Spec, index: Index) -> dict[str, bytes]:
        return {"generated/count.txt": f"{len(spec.methods)} methods\n".encode()}

    fake = Artifact(name="count", description="how many methods there are (`count.txt`)",
                    roots=("generated/count.txt",), emit=emit_count)  # fmt: skip
    monkeypatch.setattr(pipeline, "ARTIFACTS", registry((*pipeline.ARTIFACTS, fake)))
    _with_readme(current)
    code, out, err = in_process(current, "generate")
    assert code == 0, err
    assert "wrote generated/count.txt" in out and "wrote README.md" in out
    row = "| `generated/count.txt` | how many methods there are (`count.txt`) |"
    assert (current / "generated/count.txt").read_text().endswith(" methods\n")
    assert row in (current / "README.md").read_text(encoding="utf-8")
    assert row in (current / "site/docs/index.md").read_text(encoding="utf-8")
    assert in_process(current, "check")[0] == 0
