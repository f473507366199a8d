"""``acp-spec history``: what each recorded release added and broke, as the docs show it.

The same computation as ``generated/history.json`` (``acp_spec.history``), which
``acp-spec generate`` writes and ``check`` proves current; this prints it for a reader,
release by release, or one element's (``acp-spec history PromptResponse.messageId``).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from .constants import EXIT_INVALID, EXIT_OK
from .history import KINDS, History, history_of
from .pipeline import load_checked


def add_commands(subparsers: Any) -> None:
    history = subparsers.add_parser(
        "history",
        help="what each recorded upstream release (and the spec) added and broke",
        description="Print, release by release, the methods, types, fields and variants of the "
        "spec that appeared in it and the breaking changes it made (acp-spec diff of each "
        "release against the one before); or, given NAMEs, the release each appeared in.",
    )
    history.add_argument("names", nargs="*", metavar="NAME",
                         help="a method, type, Type.field or Union<tag>")  # fmt: skip


def run(args: argparse.Namespace) -> int:
    spec, index = load_checked(args.spec, display=str(args.spec))
    history = history_of(spec, index)
    if history is None:
        print("acp-spec history: the spec keeps no releases (spec/upstream/releases/releases.json)",
              file=sys.stderr)  # fmt: skip
        return EXIT_INVALID
    if args.names:
        return _names(history, args.names)
    for release in history.releases:
        added = {k: [n for n, r in history.data["since"][k].items() if r == release["id"]]
                 for k in KINDS}  # fmt: skip
        broke = [c for c in history.breaking() if c["release"] == release["id"]]
        when = f" ({release['date']})" if release["date"] else ""
        print(f"{release['id']}: {release['title']}{when}")
        print("  since: " + ", ".join(f"{len(added[k])} {k}" for k in KINDS))
        for change in broke:
            print(f"  breaking [{change['rule']}] {change['message']}")
    return EXIT_OK


def _names(history: History, names: list[str]) -> int:
    status = EXIT_OK
    for name in names:
        found = [(k, history.since(k, name)) for k in KINDS if history.since(k, name)]
        if not found:
            print(f"acp-spec history: {name}: no method, type, Type.field or Union<tag> of the "
                  "spec has that name", file=sys.stderr)  # fmt: skip
            status = EXIT_INVALID
        for kind, release in found:
            print(f"{name} ({kind[:-1]}): since {release}")
    return status
