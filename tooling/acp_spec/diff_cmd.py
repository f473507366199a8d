"""``acp-spec diff OLD [NEW]``: what changed between two versions of the protocol, judged
for old and new peers on each side of the wire (see diff/ and ``acp-spec diff --rules``).

Exit codes: 0 when no finding reaches ``--fail-on``, 1 when some do, 2 for wrong usage or
an input that cannot be read (printed like ``check``'s problems).
"""

from __future__ import annotations

import argparse
import sys
from functools import partial
from pathlib import Path
from typing import Any

from .constants import EXIT_INVALID, EXIT_OK, EXIT_USAGE
from .diagnostics import SpecError
from .diff import compare, skipped
from .diff.accept import judge
from .diff.catalog import SEVERITIES, render_catalog
from .diff.render import RENDERERS, Report
from .diff.view import ProtocolView
from .diff_inputs import GIT_PREFIX, InputError, load_view, pinned, read_accept

_INPUTS = (
    "a spec YAML file, upstream's schema.json or schema.unstable.json (stability is known "
    "when both lie side by side), or git:REF[:PATH] (the spec, or that path, at a revision "
    "of this repository)"
)


def add_commands(subparsers: Any) -> None:
    """Add ``diff`` to the command's subparsers."""
    diff = subparsers.add_parser(
        "diff",
        help="compare two versions of the protocol: what breaks, and for whom",
        description="Compare two versions of the protocol. Each input is " + _INPUTS + ".",
    )
    diff.add_argument("old", nargs="?", metavar="OLD", help="the version before")
    diff.add_argument("new", nargs="?", metavar="NEW",
                      help="the version after (default: the --spec file)")  # fmt: skip
    diff.add_argument("--format", choices=tuple(RENDERERS), default="text",
                      help="text (default), json (described by diff.schema.json) or markdown")  # fmt: skip
    diff.add_argument("--fail-on", choices=(*SEVERITIES, "never"), default="breaking",
                      help="exit 1 when a finding not accepted is this severe (default: "
                      "breaking)")  # fmt: skip
    diff.add_argument("--accept", type=Path, metavar="FILE",
                      help="a YAML list of {rule, where, reason}: reviewed findings that do "
                      "not fail the run")  # fmt: skip
    diff.add_argument("--docs", action="store_true",
                      help="also show defs whose descriptions or titles alone changed")  # fmt: skip
    diff.add_argument("--rules", action="store_true", help="list the rules and exit")
    diff.set_defaults(diff_parser=diff)


def run(args: argparse.Namespace) -> int:
    if args.rules:
        sys.stdout.write(render_catalog())
        return EXIT_OK
    if args.old is None:
        args.diff_parser.error("give OLD (and NEW, or the --spec file is used); each is " + _INPUTS)
    new = args.new if args.new is not None else str(args.spec)
    try:
        entries = read_accept(args.accept) if args.accept is not None else ()
        old_view, new_view = _load_both(args.old, new, args.root)
    except SpecError as err:
        for diagnostic in err.diagnostics:
            print(diagnostic.render(), file=sys.stderr)
        print("acp-spec diff: an input has problems; nothing was compared", file=sys.stderr)
        return EXIT_USAGE
    except InputError as err:
        print(f"acp-spec diff: {err}", file=sys.stderr)
        return EXIT_USAGE
    findings = compare(old_view, new_view)
    judged, stale = judge(findings, entries)
    shown = [j for j in judged if args.docs or j.finding.rule != "docs-changed"]
    shown += judge(stale, ())[0]
    # a stored report (spec/changes/) names the commits compared, never a moving ref
    named = partial(pinned, root=args.root) if args.format == "json" else str
    report = Report(
        old=named(args.old),
        new=named(new),
        notes=tuple(skipped(old_view, new_view)),
        findings=tuple(sorted(shown, key=lambda j: j.finding.sort_key())),
        hidden_docs=len(judged) - len(shown) + len(stale),
    )
    sys.stdout.write(RENDERERS[args.format](report))
    return EXIT_INVALID if report.fails(args.fail_on) else EXIT_OK


def _load_both(old: str, new: str, root: Path) -> tuple[ProtocolView, ProtocolView]:
    """Both views; an input named twice (the spec against itself) is read once."""
    old_view = load_view(old, root)
    if _same_file(old, new):
        return old_view, old_view
    return old_view, load_view(new, root)


def _same_file(a: str, b: str) -> bool:
    if a.startswith(GIT_PREFIX) or b.startswith(GIT_PREFIX):
        return a == b
    return Path(a).resolve() == Path(b).resolve()
