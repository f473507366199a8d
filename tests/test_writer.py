"""The writer: all-or-nothing replacement, stale files deleted, foreign files untouched."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from acp_spec import writer
from acp_spec.writer import JOURNAL, MANIFEST, compare, replace_all

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

    monkeypatch.setattr(writer.os, "fsync", failing_fsync)
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
