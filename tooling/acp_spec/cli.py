"""The ``acp-spec`` command."""

from __future__ import annotations

import argparse
import gc
import os
import sys
from collections.abc import Sequence
from functools import partial
from pathlib import Path

from . import (
    check_cmd,
    diff_cmd,
    docs_cmd,
    history_cmd,
    readme_table,
    traces_cmd,
    upstream_cmd,
    vectors_cmd,
)
from .constants import EXIT_INTERNAL, EXIT_INTERRUPTED, EXIT_INVALID, EXIT_OK
from .diagnostics import SetupError, SpecError
from .pipeline import artifact_table, build_outputs, load_checked
from .spec import DEFAULT_SPEC
from .writer import WriterError, replace_all, reusable


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="acp-spec",
        description="Keep the ACP v2 spec in one YAML file and generate everything from it.",
    )
    parser.add_argument("--spec", type=Path, default=DEFAULT_SPEC, metavar="PATH",
                        help=f"the spec to read (default: {DEFAULT_SPEC})")  # fmt: skip
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    check_cmd.add_options(
        commands.add_parser(
            "check",
            help="validate the spec and prove the generated files current",
            description="Validate the spec and prove every generated file current, writing "
            "nothing. Exit codes: 0 ok (warnings, if any, are printed), 1 problems found, 2 "
            "wrong usage, 3 a bug in acp-spec.",
        ),
        DEFAULT_SPEC,
    )
    commands.add_parser("generate", help="write every artifact the spec produces")
    docs_cmd.add_commands(commands)
    vectors_cmd.add_commands(commands)
    diff_cmd.add_commands(commands)
    upstream_cmd.add_commands(commands)
    traces_cmd.add_commands(commands)
    history_cmd.add_commands(commands)
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
        return _run(args)
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


def _run(args: argparse.Namespace) -> int:
    if args.command == "docs":
        return docs_cmd.run(args, args.spec, args.root)
    if args.command == "vectors":
        return vectors_cmd.run(args)
    if args.command == "diff":
        return diff_cmd.run(args)
    if args.command == "upstream":
        return upstream_cmd.run(args)
    if args.command == "traces":
        return traces_cmd.run(args)
    if args.command == "check":
        return check_cmd.run(args)
    if args.command == "history":
        return history_cmd.run(args)
    spec, index = load_checked(args.spec, display=str(args.spec))
    for warning in spec.warnings:
        print(warning.render(), file=sys.stderr)
    outputs = build_outputs(spec, partial(reusable, args.root), index)
    readme = readme_table.stale(args.root, artifact_table())  # its problems: before any write
    result = replace_all(args.root, outputs)
    if readme is not None:
        readme_table.write(args.root, readme)
        print(f"wrote {readme_table.README} (its artifact table)")
    for path in result.written:
        print(f"wrote {path}")
    for path in result.deleted:
        print(f"deleted {path} (the spec no longer produces it)")
    for path in result.kept:
        print(f"{path}: the spec no longer produces it, but it was edited since it was "
              "generated, so it was kept; delete it yourself if it is not needed",
              file=sys.stderr)  # fmt: skip
    print(f"{len(result.written)} written, {len(result.unchanged)} unchanged, "
          f"{len(result.deleted)} deleted")  # fmt: skip
    return EXIT_OK


def entry() -> None:
    # A run builds one large, long-lived spec and index: with the default thresholds the
    # collector walks them again and again (a tenth of a `check`); cycles are few.
    gc.set_threshold(10_000, 20, 1000)
    sys.exit(main())
