"""`acp-spec docs build --site-dir DIR` replaces only a folder a build made, and only once
the build has succeeded: a folder of the project, one that holds it, and a folder of
someone's files are refused with nothing deleted; a failing build leaves the last site."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from acp_spec import cli
from acp_spec.site_folder import MARK, SiteFolderError, check_target
from support.small_project import small_project


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*")
            if p.is_file()}  # fmt: skip


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return small_project(tmp_path_factory.mktemp("small"))


@pytest.fixture
def project(small: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A valid project (a build would go ahead) beside a folder of a user's files."""
    root = tmp_path / "project"
    shutil.copytree(small, root)
    (root / "generated").mkdir(exist_ok=True)
    (root / "generated/schema.json").write_text("{}\n", encoding="utf-8")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "notes.txt").write_text("a user's notes\n", encoding="utf-8")
    (outside / "photos").mkdir()
    (outside / "photos" / "a.jpg").write_bytes(b"\xff\xd8")
    monkeypatch.chdir(root)
    return root


@pytest.mark.parametrize("site_dir", [
    "spec", "generated", "tooling", "site", "site/docs", ".", "..", "../outside",
    "../outside/photos", "spec/acp-v2.yaml", "site/hooks.py",
])  # fmt: skip
def test_a_folder_the_site_did_not_make_is_refused_and_kept(
    project: Path, site_dir: str, capsys: pytest.CaptureFixture[str]
) -> None:
    everything = project.parent
    before = _files(everything)
    code = cli.main(["--spec", "spec/acp-v2.yaml", "docs", "build", "--site-dir", site_dir])
    assert code in (1, 2)
    assert _files(everything) == before
    err = capsys.readouterr().err
    assert f"--site-dir {site_dir}:" in err and "nothing was written" in err
    assert str((project / site_dir).resolve()) in err
    assert "Traceback" not in err


def _build(root: Path, site_dir: Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "acp_spec", "docs", "build", "--site-dir", str(site_dir)]
    return subprocess.run(command, cwd=root, capture_output=True, text=True, check=False,
                          timeout=600)  # fmt: skip


@pytest.mark.slow  # two builds of a small site: seconds
def test_a_failing_build_leaves_the_last_site_and_a_good_one_replaces_it(tmp_path: Path) -> None:
    root = small_project(tmp_path)
    site = tmp_path / "out"
    site.mkdir()
    (site / MARK).write_text("an earlier build's\n", encoding="utf-8")
    (site / "old.html").write_text("the last site\n", encoding="utf-8")
    before = _files(site)
    # a hand-written page with a broken link: a warning, which --strict makes a failure
    broken = root / "site/docs/broken.md"
    broken.write_text("# Broken\n\n[gone](nowhere.md)\n", encoding="utf-8")
    failed = _build(root, site)
    assert failed.returncode == 1, failed.stdout + failed.stderr
    assert "was left as it was" in failed.stderr
    assert _files(site) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out", "project"]  # no half site
    broken.unlink()
    built = _build(root, site)
    assert built.returncode == 0, built.stdout + built.stderr
    assert (site / "methods/session-prompt.html").is_file()
    assert (site / MARK).is_file() and not (site / "old.html").exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out", "project"]


@pytest.mark.parametrize("made", ["missing", "empty", "marked", "default"])
def test_a_new_empty_marked_or_default_folder_is_taken(tmp_path: Path, made: str) -> None:
    root = tmp_path / "project"
    (root / "spec").mkdir(parents=True)
    target = root / "site/site" if made == "default" else tmp_path / "out"
    if made != "missing":
        target.mkdir(parents=True)
    if made in ("marked", "default"):
        (target / "index.html").write_text("an earlier site\n", encoding="utf-8")
    if made == "marked":
        (target / MARK).write_text("", encoding="utf-8")
    check_target(target, root, root / "spec/acp-v2.yaml")  # raises if refused
    if made == "marked":  # the same folder, unmarked, is someone's
        (target / MARK).unlink()
        with pytest.raises(SiteFolderError, match="no `acp-spec docs build` made"):
            check_target(target, root, root / "spec/acp-v2.yaml")
