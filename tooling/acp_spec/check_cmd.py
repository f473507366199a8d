"""``acp-spec check``: validate the spec and prove every generated file current, writing
nothing; ``--format`` says how the problems are printed (check_output)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import Any

from . import diagnostic_ids, readme_table
from .check_output import FORMATS, RENDERERS
from .constants import EXIT_INVALID, EXIT_OK
from .diagnostics import Diagnostic, Position, SpecError
from .pipeline import artifact_table, build_outputs, load_checked, step_files
from .spec import DEFAULT_SPEC
from .vector_ids import emitted_ids, ids_path, read_published, vector_id_problems
from .writer import Drift, compare, reusable

GENERATED_RULE = diagnostic_ids.GENERATED
_GENERATE = "run `acp-spec generate` and commit the result"


def add_commands(subparsers: Any) -> None:
    """``check`` and its own options; ``--spec`` and ``--root`` may follow the command too."""
    command = subparsers.add_parser(
        "check",
        help="validate the spec and prove the generated files current",
        description="Validate the spec and prove every generated file current, writing "
        "nothing. Exit codes: 0 ok (warnings, if any, are printed), 1 problems found, 2 "
        "wrong usage, 3 a bug in acp-spec.",
    )
    command.add_argument("--format", choices=FORMATS, default="text",
                         help="text (default: file:line:col: message, for people), json (one "
                         "document: each diagnostic's rule id, severity, file, line, column, "
                         "message and hint) or github (GitHub Actions annotations)")  # fmt: skip
    command.add_argument("--spec", type=Path, default=argparse.SUPPRESS, metavar="PATH",
                         help=f"the spec to read (default: {DEFAULT_SPEC})")  # fmt: skip
    command.add_argument("--root", type=Path, default=argparse.SUPPRESS, metavar="DIR",
                         help="the project folder that holds generated/ (default: .)")  # fmt: skip


def run(args: argparse.Namespace) -> int:
    try:
        return _check(args)
    except SpecError as err:
        if args.format == "text":
            raise  # the command's own report: every problem, then the count
        return _report(args.format, err.diagnostics)


def _check(args: argparse.Namespace) -> int:
    text = args.format == "text"
    spec, index = load_checked(args.spec, display=str(args.spec))
    if text:
        for warning in spec.warnings:
            print(warning.render(), file=sys.stderr)
    # a SpecError here (what the docs find of the examples as they render them) names its rule
    outputs = build_outputs(spec, partial(reusable, args.root), index, remake_steps=False)
    drift = compare(args.root, outputs, [p for p in step_files() if p not in outputs])
    published = read_published(ids_path(args.spec))
    unpublished = sorted(vector_id_problems(published, emitted_ids(outputs)))
    readme = readme_table.problems(args.root, artifact_table())
    if not text:
        found = [*spec.warnings, *unpublished, *drift_diagnostics(drift), *readme]
        return _report(args.format, found)
    for problem in [*unpublished, *readme]:
        print(problem.render(), file=sys.stderr)
    if drift.clean and not unpublished and not readme:
        print(f"{args.spec}: ok ({len(spec.methods)} methods, {len(spec.types)} types); "
              f"{len(outputs)} generated files are current")  # fmt: skip
        return EXIT_OK
    _print_drift(drift)
    return EXIT_INVALID


def _report(form: str, diagnostics: Sequence[Diagnostic]) -> int:
    sys.stdout.write(RENDERERS[form](diagnostics))
    return EXIT_INVALID if any(d.severity == "error" for d in diagnostics) else EXIT_OK


def drift_diagnostics(drift: Drift) -> list[Diagnostic]:
    """Each generated file that is not what the spec makes, as a diagnostic at its line 1."""
    found = [(path, "differs from what the spec generates") for path in drift.changed]
    found += [(path, "not compared: generated/python is not what its stamp records, so check "
               "does not make the models module again") for path in drift.unmade]  # fmt: skip
    found += [(path, "missing") for path in drift.missing]
    found += [
        (path, "generated earlier, but the spec no longer produces it") for path in drift.stale
    ]
    found += [(path, "generated earlier and edited since; the spec no longer produces it")
              for path in drift.edited]  # fmt: skip
    return [
        Diagnostic(Position(path, 1, 1), f"{what}; {_GENERATE}", rule=GENERATED_RULE)
        for path, what in found
    ]


def _print_drift(drift: Drift) -> None:
    for path in drift.changed:
        print(f"{path}: differs from what the spec generates", file=sys.stderr)
        print(drift.diffs[path], file=sys.stderr)
    for path in drift.unmade:
        print(f"{path}: not compared: generated/python is not what its stamp records (the "
              "models' input changed, or a file there was edited), so check does not make the "
              "models module again (generate does)", file=sys.stderr)  # fmt: skip
    for path in drift.missing:
        print(f"{path}: missing", file=sys.stderr)
    for path in drift.stale:
        print(f"{path}: generated earlier, but the spec no longer produces it", file=sys.stderr)
    for path in drift.edited:
        print(f"{path}: generated earlier and edited since; the spec no longer produces it "
              "(generate keeps it and stops tracking it)", file=sys.stderr)  # fmt: skip
    if not drift.clean:
        print("generated files are out of date; run `acp-spec generate` and commit the result",
              file=sys.stderr)  # fmt: skip
