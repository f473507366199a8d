"""The ``acp-spec`` command."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from .diagnostics import SpecError
from .spec import DEFAULT_SPEC, load_spec

EXIT_OK, EXIT_INVALID, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="acp-spec",
        description="Keep the ACP v2 spec in one YAML file and generate everything from it.",
    )
    parser.add_argument("--spec", type=Path, default=DEFAULT_SPEC, metavar="PATH",
                        help=f"the spec to read (default: {DEFAULT_SPEC})")  # fmt: skip
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    commands.add_parser("check", help="validate the spec and prove the generated files current")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        return _run(args)
    except SpecError as err:
        for diagnostic in err.diagnostics:
            print(diagnostic.render(), file=sys.stderr)
        count = len(err.diagnostics)
        print(f"{count} problem{'s' if count != 1 else ''} found; nothing was written", file=sys.stderr)
        return EXIT_INVALID
    except KeyboardInterrupt:
        print("interrupted; nothing was written", file=sys.stderr)
        return 130
    except Exception as err:  # noqa: BLE001 - a traceback is never what a maintainer should see
        if os.environ.get("ACP_SPEC_DEBUG"):
            raise
        print(f"acp-spec: internal error: {type(err).__name__}: {err}; this is a bug in acp-spec, "
              "please report it (set ACP_SPEC_DEBUG=1 to see the traceback)", file=sys.stderr)  # fmt: skip
        return EXIT_INTERNAL


def _run(args: argparse.Namespace) -> int:
    spec = load_spec(args.spec, display=str(args.spec))
    if args.command == "check":
        print(f"{args.spec}: ok ({len(spec.methods)} methods, {len(spec.types)} types)")
    return EXIT_OK


def entry() -> None:
    sys.exit(main())
