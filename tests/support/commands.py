"""``acp-spec`` run in process, its output captured, within a time limit."""

from __future__ import annotations

import contextlib
import io

from acp_spec import cli

from support.runs import time_limit

TIME_LIMIT = 60  # seconds a single run may take; the real spec generates in a few


def run_command(args: list[str]) -> tuple[int, str]:
    """``acp-spec args`` in process, within the time limit: its exit code and stderr."""
    out, err = io.StringIO(), io.StringIO()
    with (
        time_limit(TIME_LIMIT, f"acp-spec {' '.join(args[-1:])}"),
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
    ):
        code = cli.main(args)
    return code, err.getvalue()
