"""Running things in a test: a folder made once a run for every worker, and a time limit
that turns a hang into a failure."""

from __future__ import annotations

import contextlib
import fcntl
import os
import signal
from collections.abc import Iterator
from pathlib import Path
from types import FrameType

import pytest


@contextlib.contextmanager
def once_a_run(tmp_path_factory: pytest.TempPathFactory, name: str) -> Iterator[Path]:
    """The folder ``name`` that every worker of this run shares, held under its lock for the
    block: what the first to ask makes there (with a marker that it is done), the others,
    in this worker or another, wait for and take."""
    base = tmp_path_factory.getbasetemp()
    # the workers' folders share a parent that is this run's alone
    shared = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / name
    shared.mkdir(exist_ok=True)
    with (shared / "lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield shared


@contextlib.contextmanager
def time_limit(seconds: int, what: str) -> Iterator[None]:
    """Fail the test if the block takes over ``seconds``: a hang (a command that never
    answers) fails its test instead of stopping the run."""

    def stop(signum: int, frame: FrameType | None) -> None:
        pytest.fail(f"{what} took over {seconds} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
