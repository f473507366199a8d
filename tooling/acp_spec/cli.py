"""The ``acp-spec`` command: its options, and each command's module (``*_cmd``) run."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

from . import (
    check_cmd,
    collector,
    diff_cmd,
    docs_cmd,
    generate_cmd,
    history_cmd,
    traces_cmd,
    upstream_cmd,
    vectors_cmd,
)
from .constants import EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_INVALID
from .diagnostics import SetupError, SpecError
from .spec import DEFAULT_SPEC
from .writer import WriterError


class _Command(Protocol):
    """A command's module: it adds its command to the parser, and runs it."""

    def add_commands(self, subparsers: Any) -> None: ...

    def run(self, args: argparse.Namespace) -> int: ...


# Each command's module, by the command's name, in the order the help lists them.
_COMMANDS: dict[str, _Command] = {
    "check": check_cmd,
    "generate": generate_cmd,
    "docs": docs_cmd,
    "vectors": vectors_cmd,
    "diff": diff_cmd,
    "upstream": upstream_cmd,
    "traces": traces_cmd,
    "history": history_cmd,
}


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="acp-spec",
        description="Keep the ACP v2 spec in one YAML file and generate everything from it.",
    )
    parser.add_argument("--spec", type=Path, default=DEFAULT_SPEC, metavar="PATH",
                        help=f"the spec to read (default: {DEFAULT_SPEC})")  # fmt: skip
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in _COMMANDS.values():
        command.add_commands(commands)
    parser.add_argument("--root", type=Path, default=Path("."), metavar="DIR",
                        help="the project folder that holds generated/ (default: .)")  # fmt: skip
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if not args.root.is_dir():
        # a mistyped --root would otherwise get a whole new tree of generated files
        what = "is not a folder" if args.root.exists() else "does not exist"
        parser.error(f"--root {args.root} {what}; give the project folder that holds generated/")
    try:
        return _COMMANDS[args.command].run(args)
    except SpecError as err:
        for diagnostic in err.diagnostics:
            print(diagnostic.render(), file=sys.stderr)
        count = len(err.diagnostics)
        print(
            f"{count} problem{'s' if count != 1 else ''} found; nothing was written",
            file=sys.stderr,
        )
        return EXIT_INVALID
    except WriterError as err:
        print(f"acp-spec: {err}; nothing was written", file=sys.stderr)
        return EXIT_INVALID
    except SetupError as err:
        print(f"acp-spec: {err}; nothing was written", file=sys.stderr)
        return EXIT_INVALID
    except KeyboardInterrupt:
        print("interrupted; nothing was written", file=sys.stderr)
        return EXIT_INTERRUPTED
    except Exception as err:
        if os.environ.get("ACP_SPEC_DEBUG"):
            raise
        print(f"acp-spec: internal error: {type(err).__name__}: {err}; this is a bug in acp-spec, "
              "please report it (set ACP_SPEC_DEBUG=1 to see the traceback)", file=sys.stderr)  # fmt: skip
        return EXIT_INTERNAL


def entry() -> None:
    collector.tune_for_a_run()
    sys.exit(main())
