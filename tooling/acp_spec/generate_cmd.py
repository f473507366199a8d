"""``acp-spec generate``: write every artifact the spec produces, all or nothing (writer),
and delete what it no longer produces unless it was edited since."""

from __future__ import annotations

import argparse
import sys
from functools import partial
from typing import Any

from . import readme_table
from .constants import EXIT_OK
from .pipeline import artifact_table, build_outputs, load_checked
from .writer import replace_all, reusable


def add_commands(subparsers: Any) -> None:
    subparsers.add_parser("generate", help="write every artifact the spec produces")


def run(args: argparse.Namespace) -> int:
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
