"""A file a command reads that is a FIFO or a device: refused at once with what it is, where
reading it blocked forever (a FIFO nobody writes to) or filled memory (/dev/zero)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from acp_spec.readfile import NOT_REGULAR, regular_bytes, regular_text
from support.commands import run_command
from support.paths import REPO
from support.runs import time_limit
from support.specs import write_spec


def _command(*argv: str | Path) -> tuple[int, str]:
    return run_command([str(arg) for arg in argv])


def test_a_regular_file_is_read_and_anything_else_refused(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_bytes(b"caf\xc3\xa9")
    assert regular_bytes(tmp_path / "a.txt") == b"caf\xc3\xa9"
    assert regular_bytes(tmp_path / "a.txt", 3) == b"caf"
    assert regular_text(tmp_path / "a.txt") == "café"
    os.mkfifo(tmp_path / "fifo")
    for path in (tmp_path / "fifo", Path("/dev/zero")):
        with time_limit(10, f"reading {path}"), pytest.raises(OSError) as refused:
            regular_bytes(path)
        assert refused.value.strerror == NOT_REGULAR
    with pytest.raises(IsADirectoryError):
        regular_bytes(tmp_path)
    with pytest.raises(FileNotFoundError):
        regular_bytes(tmp_path / "missing")


@pytest.mark.parametrize(
    "file",
    [
        "spec/acp-v2.yaml",
        "spec/upstream/schema.json",
        "spec/changes/sdk-2.4.0.json",
        "spec/acp-v2.vector-ids.txt",
        "generated/manifest.json",
    ],
)
def test_check_refuses_a_fifo_where_it_reads_a_file(tmp_path: Path, file: str) -> None:
    spec = write_spec(tmp_path / "spec")
    shutil.copytree(REPO / "generated", tmp_path / "generated")
    (tmp_path / file).unlink()
    os.mkfifo(tmp_path / file)
    code, err = _command("--spec", spec, "--root", tmp_path, "check")
    assert code == 1, err
    assert NOT_REGULAR in err and "internal error" not in err, err


def test_check_refuses_a_device_as_the_spec(tmp_path: Path) -> None:
    code, err = _command("--spec", "/dev/zero", "--root", REPO, "check")
    assert code == 1 and f"/dev/zero:1:1: cannot read the spec: {NOT_REGULAR}" in err, err


def test_diff_traces_run_and_upstream_import_refuse_a_fifo(tmp_path: Path) -> None:
    fifo = tmp_path / "traces" / "a.json"
    fifo.parent.mkdir()
    os.mkfifo(fifo)
    code, err = _command("diff", fifo, REPO / "spec" / "upstream" / "schema.json")
    assert code == 2 and f"{fifo} is {NOT_REGULAR}" in err, err
    run: list[str | Path] = [
        "--root",
        REPO,
        "traces",
        "run",
        "--agent",
        "--traces",
        fifo.parent,
        "--",
        "true",
    ]
    code, err = _command(*run)
    assert code == 2 and NOT_REGULAR in err, err
    spec = write_spec(tmp_path / "spec")
    code, err = _command("--spec", spec, "upstream", "import", fifo, "SessionId")
    assert code == 1 and NOT_REGULAR in err, err
