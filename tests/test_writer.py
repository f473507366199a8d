"""The writer: all-or-nothing replacement, stale files deleted, foreign files untouched."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from acp_spec import cli, generate_cmd, writer
from acp_spec.writer import JOURNAL, MANIFEST, compare, replace_all
from support.paths import SPEC_PATH

OLD = {"generated/a.json": b"old a\n", "generated/sub/b.json": b"old b\n"}
NEW = {
    "generated/a.json": b"new a\n",
    "generated/sub/b.json": b"new b\n",
    "generated/c.json": b"c\n",
}


def contents(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and str(p.relative_to(root)) != MANIFEST
    }


def test_replaces_deletes_stale_and_never_touches_foreign_files(tmp_path: Path) -> None:
    replace_all(tmp_path, OLD)
    foreign = tmp_path / "generated/README.md"
    foreign.write_text("hand-written\n")
    result = replace_all(tmp_path, {"generated/a.json": b"new a\n"})
    assert result.deleted == ["generated/sub/b.json"]
    assert contents(tmp_path) == {
        "generated/README.md": b"hand-written\n",
        "generated/a.json": b"new a\n",
    }
    assert compare(tmp_path, {"generated/a.json": b"new a\n"}).clean


def test_check_reports_changed_missing_and_stale(tmp_path: Path) -> None:
    replace_all(tmp_path, OLD)
    drift = compare(tmp_path, {"generated/a.json": b"new a\n", "generated/c.json": b"c\n"})
    assert drift.changed == ["generated/a.json", MANIFEST]
    assert drift.missing == ["generated/c.json"]
    assert drift.stale == ["generated/sub/b.json"]
    assert "-old a" in drift.diffs["generated/a.json"]


def test_an_error_while_staging_leaves_the_old_files(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    replace_all(tmp_path, OLD)
    calls = []

    def failing_fsync(fd: int) -> None:
        calls.append(fd)
        if len(calls) == 2:
            raise OSError("disk full")

    monkeypatch.setattr(os, "fsync", failing_fsync)  # the os module writer uses
    with pytest.raises(OSError, match="disk full"):
        replace_all(tmp_path, NEW)
    assert contents(tmp_path) == OLD


# A child process that writes NEW over OLD and hangs at a chosen step, so we can kill it there.
CHILD = """
import os, sys, time
from pathlib import Path
from acp_spec import writer
step, root = sys.argv[1], Path(sys.argv[2])
real = {"fsync": os.fsync, "replace": os.replace}
count = [0]
def slow(*args):
    count[0] += 1
    real[step](*args)
    if count[0] == 1:
        Path(root, "ready").write_text("")
        time.sleep(60)
setattr(writer.os, step, slow)
writer.replace_all(root, {new})
"""


def _kill_at(step: str, root: Path) -> None:
    code = CHILD.replace("{new}", repr(NEW))
    child = subprocess.Popen([sys.executable, "-c", code, step, str(root)])
    deadline = time.monotonic() + 30
    while not (root / "ready").exists():
        assert child.poll() is None and time.monotonic() < deadline, "child did not reach the step"
        time.sleep(0.02)
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    (root / "ready").unlink()


def test_killed_while_staging_keeps_every_old_file_whole(tmp_path: Path) -> None:
    replace_all(tmp_path, OLD)
    _kill_at("fsync", tmp_path)
    assert {k: v for k, v in contents(tmp_path).items() if not k.endswith(".acp-spec-tmp")} == OLD
    replace_all(tmp_path, NEW)
    assert contents(tmp_path) == NEW


def test_killed_while_renaming_is_rolled_forward_and_check_says_so(tmp_path: Path) -> None:
    replace_all(tmp_path, OLD)
    _kill_at("replace", tmp_path)
    assert (tmp_path / JOURNAL).exists()
    drift = compare(tmp_path, NEW)
    assert not drift.clean
    assert JOURNAL in drift.changed
    writer.finish_interrupted(tmp_path)
    assert contents(tmp_path) == NEW
    assert json.loads((tmp_path / MANIFEST).read_text())["files"].keys() == NEW.keys()


# ── the manifest is input: what it lists is checked before anything is acted on ──


def _write_manifest(root: Path, files: dict[str, str]) -> None:
    (root / MANIFEST).write_text(json.dumps({"files": files}), encoding="utf-8")


def _everything(root: Path) -> dict[str, bytes]:
    """Every file under ``root``, the manifest included: proof that nothing was written."""
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def _hostile_entry(tmp_path: Path, kind: str) -> tuple[Path, str]:
    """A project at tmp_path/project whose manifest lists, with its true digest, a file that
    acp-spec did not generate; returns the project and that file's manifest path."""
    root = tmp_path / "project"
    root.mkdir()
    replace_all(root, OLD)
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n")
    (root / "README.md").write_text("hand-written\n")
    (root / "site/docs").mkdir(parents=True)
    (root / "site/docs/about.md").write_text("# About\n\nhand-written\n")
    (root / "generated/outside").symlink_to(tmp_path)
    (root / "generated/link.txt").symlink_to(victim)
    path = {
        "parent": "../victim.txt",
        "absolute": str(victim),
        "dotdot": "generated/../README.md",
        "not-a-root": "README.md",
        "backslash": "generated\\..\\README.md",
        "symlink": "generated/outside/victim.txt",
        "symlinked-file": "generated/link.txt",
        "hand-written-page": "site/docs/about.md",
    }[kind]
    target = (root / path) if kind != "backslash" else root / "README.md"
    _write_manifest(root, {**writer.recorded(root), path: writer.sha256(target.read_bytes())})
    return root, path


KINDS = [
    "parent", "absolute", "dotdot", "not-a-root", "backslash", "symlink", "symlinked-file",
    "hand-written-page",
]  # fmt: skip


@pytest.mark.parametrize("kind", KINDS)
def test_generate_refuses_a_manifest_entry_that_is_not_a_generated_file(
    tmp_path: Path, kind: str
) -> None:
    root, path = _hostile_entry(tmp_path, kind)
    before = _everything(tmp_path)
    with pytest.raises(writer.ManifestError) as refused:
        replace_all(root, {"generated/a.json": b"new a\n"})
    message = str(refused.value)
    assert f"{MANIFEST}: {path!r}" in message
    assert f"git checkout {MANIFEST}" in message and "acp-spec generate" in message
    assert _everything(tmp_path) == before, "nothing may be written or deleted"


@pytest.mark.parametrize("kind", KINDS)
def test_check_refuses_the_same_manifest(tmp_path: Path, kind: str) -> None:
    root, path = _hostile_entry(tmp_path, kind)
    with pytest.raises(writer.ManifestError, match=re.escape(f"{MANIFEST}: {path!r}")):
        compare(root, OLD)


@pytest.mark.parametrize(
    "data",
    [
        b"{not json",
        b"\xff\xfe",
        b"[]",
        b'{"comment": "no files"}',
        b'{"files": ["generated/a.json"]}',
        b'{"files": {"generated/a.json": "not a digest"}}',
        b'{"files": {"generated/a.json": null}}',
    ],
    ids=["not-json", "not-utf8", "a-list", "no-files", "files-a-list", "bad-digest", "null"],
)
def test_a_malformed_manifest_is_an_error_for_check_and_generate(
    tmp_path: Path, data: bytes
) -> None:
    replace_all(tmp_path, OLD)
    (tmp_path / MANIFEST).write_bytes(data)
    before = _everything(tmp_path)
    with pytest.raises(writer.ManifestError, match=re.escape(MANIFEST)):
        compare(tmp_path, OLD)
    with pytest.raises(writer.ManifestError, match="acp-spec generate"):
        replace_all(tmp_path, NEW)
    assert _everything(tmp_path) == before


@pytest.mark.parametrize(
    ("data", "where", "what"),
    [
        (b'{"files": {\n  "generated/a.json": "0"\n  "x": 1}}', "3:3", "not JSON: Expecting ',' delimiter"),
        (b'{"files": {\n  "generated/\xe9.json": ""}}', "2:14", "byte 0xe9 is not UTF-8"),
    ],
    ids=["not-json", "not-utf8"],
)  # fmt: skip
def test_a_manifest_that_cannot_be_read_is_reported_at_its_line_and_column(
    tmp_path: Path, data: bytes, where: str, what: str
) -> None:
    (tmp_path / MANIFEST).parent.mkdir(parents=True)
    (tmp_path / MANIFEST).write_bytes(data)
    with pytest.raises(writer.ManifestError) as refused:
        writer.recorded(tmp_path)
    assert str(refused.value).startswith(f"{MANIFEST}:{where}: {what}; ")


def test_no_manifest_is_a_first_run(tmp_path: Path) -> None:
    assert writer.recorded(tmp_path) == {}
    assert not compare(tmp_path, OLD).clean


def test_a_journal_naming_a_foreign_file_is_refused(tmp_path: Path) -> None:
    replace_all(tmp_path, OLD)
    (tmp_path / "README.md.acp-spec-tmp").write_text("staged over the readme\n")
    (tmp_path / "README.md").write_text("hand-written\n")
    (tmp_path / JOURNAL).write_text("README.md\n")
    with pytest.raises(writer.ManifestError, match=re.escape(f"{JOURNAL}: 'README.md'")):
        replace_all(tmp_path, NEW)
    assert (tmp_path / "README.md").read_text() == "hand-written\n"


def test_an_edited_stale_file_is_kept_and_said_so(tmp_path: Path) -> None:
    replace_all(tmp_path, OLD)
    edited = tmp_path / "generated/sub/b.json"
    edited.write_bytes(b"old b, with my notes\n")
    drift = compare(tmp_path, {"generated/a.json": b"old a\n"})
    assert drift.edited == ["generated/sub/b.json"] and not drift.stale and not drift.clean
    result = replace_all(tmp_path, {"generated/a.json": b"old a\n"})
    assert result.kept == ["generated/sub/b.json"] and result.deleted == []
    assert edited.read_bytes() == b"old b, with my notes\n"
    # no longer recorded: a foreign file from now on, which check leaves alone
    assert "generated/sub/b.json" not in writer.recorded(tmp_path)
    assert compare(tmp_path, {"generated/a.json": b"old a\n"}).clean


def test_outputs_outside_the_roots_are_a_bug_not_written(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="GENERATED_ROOTS"):
        replace_all(tmp_path, {"docs/notes.md": b"x\n"})
    assert not any(tmp_path.iterdir())


def test_the_projects_own_manifest_is_accepted() -> None:
    # the committed manifest lists what the spec produces (test_generate proves it current),
    # so every emitter's output is under the roots and no generated page lacks the note
    files = writer.recorded(SPEC_PATH.parents[1])
    assert "generated/schema.json" in files and "site/docs/index.md" in files


# ── the command: a refused manifest is a clean message and exit 1; a missing --root is usage ──


def _cli(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], *args: str
) -> tuple[int, str]:
    # the writer is what is under test: a small, fixed set of outputs stands in for the spec's
    monkeypatch.setattr(
        generate_cmd, "build_outputs", lambda spec, reuse, index, **_: {"generated/a.json": b"a\n"}
    )
    monkeypatch.delenv("ACP_SPEC_DEBUG", raising=False)
    code = cli.main(["--spec", str(SPEC_PATH), *args])
    return code, capsys.readouterr().err


@pytest.mark.parametrize("command", ["generate", "check"])
def test_the_command_reports_a_refused_manifest_and_exits_1(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    command: str,
) -> None:
    root, _ = _hostile_entry(tmp_path, "parent")
    before = _everything(tmp_path)
    code, err = _cli(monkeypatch, capsys, "--root", str(root), command)
    assert code == 1, err
    assert f"acp-spec: {MANIFEST}: '../victim.txt' is not a plain relative path" in err
    assert err.rstrip().endswith("nothing was written")
    assert "internal error" not in err and "Traceback" not in err
    assert _everything(tmp_path) == before


def test_generate_says_on_stderr_which_edited_file_it_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    replace_all(tmp_path, {"generated/a.json": b"a\n", "generated/b.json": b"b\n"})
    (tmp_path / "generated/b.json").write_text("b, edited\n")
    code, err = _cli(monkeypatch, capsys, "--root", str(tmp_path), "generate")
    assert code == 0
    assert "generated/b.json: the spec no longer produces it, but it was edited" in err
    assert (tmp_path / "generated/b.json").read_text() == "b, edited\n"


def test_a_root_that_does_not_exist_is_a_usage_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "typo"
    for command in ("generate", "check"):
        with pytest.raises(SystemExit) as usage:
            cli.main(["--spec", str(SPEC_PATH), "--root", str(missing), command])
        assert usage.value.code == 2
        assert f"--root {missing} does not exist" in capsys.readouterr().err
    assert not missing.exists(), "no tree may be generated into a mistyped folder"


@pytest.mark.parametrize(
    ("block", "says"),
    [
        ("generated/a.json/inside.txt", "generated/a.json is a folder where acp-spec writes a file"),
        ("generated/sub", "generated/sub is a file where acp-spec writes a folder"),
    ],
    ids=["a-folder-in-a-file-s-place", "a-file-in-a-folder-s-place"],
)  # fmt: skip
def test_what_stands_in_a_generated_file_s_way_is_refused_before_anything_is_written(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    block: str,
    says: str,
) -> None:
    """A rename onto a folder failed half-way through a generate, an internal error with
    staged files and a journal left behind (which the next run tripped on again)."""
    (tmp_path / block).parent.mkdir(parents=True)
    (tmp_path / block).write_text("theirs\n", encoding="utf-8")
    before = _everything(tmp_path)
    with pytest.raises(writer.InTheWay, match=re.escape(says)):
        replace_all(tmp_path, {**OLD, "generated/sub/a.json": b"a\n"})
    assert _everything(tmp_path) == before and not (tmp_path / JOURNAL).exists()
    monkeypatch.setattr(  # the command: a clean message, exit 1
        generate_cmd,
        "build_outputs",
        lambda spec, reuse, index, **_: {**OLD, "generated/sub/a.json": b"a\n"},
    )
    assert cli.main(["--spec", str(SPEC_PATH), "--root", str(tmp_path), "generate"]) == 1
    err = capsys.readouterr().err
    assert f"acp-spec: {says}" in err and err.rstrip().endswith("nothing was written"), err
    assert _everything(tmp_path) == before


def test_the_writer_imports_no_emitter() -> None:
    """It once took the docs' page note from the docs emitter: the layer that writes files
    sat above the emitters it is handed the output of."""
    import ast

    tree = ast.parse(Path(writer.__file__).read_text(encoding="utf-8"))
    imported = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    imported += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    assert not [m for m in imported if m.startswith(("emit", "acp_spec.emit"))], imported


def test_replace_file_replaces_the_file_whole(tmp_path: Path) -> None:
    target = tmp_path / "ids.txt"
    target.write_bytes(b"old\n")
    writer.replace_file(target, "new ünïcode\n".encode())
    assert target.read_bytes() == "new ünïcode\n".encode()
    assert [p.name for p in tmp_path.iterdir()] == ["ids.txt"]  # nothing staged is left
