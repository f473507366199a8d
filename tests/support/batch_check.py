"""`acp-spec check` of each spec named on the command line, one after another in this
interpreter: for tests/test_bad_specs.py, which would otherwise start an interpreter per
hostile input (a second each). Each run's result is one JSON line on stdout, written as
soon as it is known, so that the caller can tell which spec a crash or a hang belongs to.

    python tests/support/batch_check.py SPEC...
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
import time

from acp_spec import cli


def check(spec: str) -> dict[str, object]:
    out, err = io.StringIO(), io.StringIO()
    started = time.monotonic()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main(["--spec", spec, "check"])
        except SystemExit as exit:  # as `python -m acp_spec` would exit
            code = exit.code if isinstance(exit.code, int) else 1
    seconds = time.monotonic() - started
    return {"code": code, "stdout": out.getvalue(), "stderr": err.getvalue(), "seconds": seconds}


def main() -> None:
    for spec in sys.argv[1:]:
        print(json.dumps(check(spec)), flush=True)


if __name__ == "__main__":
    main()
