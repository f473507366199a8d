"""``acp-spec vectors publish`` and ``vectors retire``: the ids of the test vectors.

The published ids (see vector_ids.py) are an input beside the spec that only these commands
write. Publishing adds new ids and never changes or removes a line, so a case whose meaning
changed stays reported until someone decides in review; retiring is that decision, made
explicit: the line stays, marked retired with the version and the reason, and the id is
never generated again.
"""

from __future__ import annotations

import argparse
import fnmatch
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

from .constants import EXIT_INVALID, EXIT_OK
from .emit.vectors import emit_vectors
from .index import index_of
from .model import Spec
from .pipeline import load_spec
from .vector_ids import (
    RETIRED,
    Emitted,
    Published,
    emitted_ids,
    ids_path,
    parse_published,
    publish_text,
    read_published,
    retirable,
    retire_text,
    vector_id_problems,
)
from .writer import replace_file

UNRELEASED = "unreleased"


def add_commands(subparsers: Any) -> None:
    """Add ``vectors publish`` and ``vectors retire`` to the command's subparsers."""
    vectors = subparsers.add_parser("vectors", help="the published ids of the test vectors")
    actions = vectors.add_subparsers(dest="vectors_command", required=True, metavar="ACTION")
    actions.add_parser(
        "publish",
        help="add the ids of new vectors to the published ids beside the spec "
        "(spec/acp-v2.vector-ids.txt); never changes or removes one",
    )
    retire = actions.add_parser(
        "retire",
        help="retire published ids that are no longer generated or changed meaning, then "
        "publish the new ids (their cases' successors among them)",
    )
    retire.add_argument("ids", nargs="+", metavar="ID",
                        help="ids to retire; shell-style patterns match several (nes-*)")  # fmt: skip
    retire.add_argument("--reason", required=True, help="why, for the reviewer and for SDKs")
    retire.add_argument("--version", help="the version retired in (default: the release the "
                        "spec moved to, if that move is not committed yet; else `unreleased`, "
                        "which the next `upstream take` stamps with its release)")  # fmt: skip


def run(args: argparse.Namespace) -> int:
    if args.vectors_command == "publish":
        return publish(args.spec)
    if args.vectors_command == "retire":
        return retire(args.spec, args.ids, reason=args.reason, version=args.version)
    raise AssertionError(f"unknown vectors action {args.vectors_command}")  # argparse refuses it


def publish(spec_path: Path) -> int:
    """Add the new ids to the spec's ids file; a SpecError (an invalid spec) propagates."""
    path = ids_path(spec_path)
    published = read_published(path) if path.exists() else None
    if published is not None and _broken(published, path):
        return EXIT_INVALID
    spec = load_spec(spec_path, display=str(spec_path))
    emitted = _emitted(spec)
    text, added, republished = publish_text(published, emitted)
    if added or republished:
        replace_file(path, text.encode("utf-8"))
    print(f"published {len(added)} new vector id{'s' if len(added) != 1 else ''} in {path}")
    if republished:
        print(f"republished the digests of {len(republished)} vector"
              f"{'s' if len(republished) != 1 else ''} reworded or without a recorded meaning "
              "(their ids keep their meaning)")  # fmt: skip
    # what publishing can't settle, for review: published ids removed or changed
    for problem in vector_id_problems(parse_published(text, str(path)), emitted):
        print(problem.render(), file=sys.stderr)
    return EXIT_OK


def retire(spec_path: Path, patterns: list[str], *, reason: str, version: str | None) -> int:
    """Retire the matching ids that are gone or changed, then publish what is new."""
    path = ids_path(spec_path)
    if not path.exists():
        print(f"acp-spec: {path} does not exist; nothing to retire", file=sys.stderr)
        return EXIT_INVALID
    published = read_published(path)
    if _broken(published, path):
        return EXIT_INVALID
    if not reason.strip():
        print("acp-spec: --reason is empty; say why the ids are retired", file=sys.stderr)
        return EXIT_INVALID
    spec = load_spec(spec_path, display=str(spec_path))
    emitted = _emitted(spec)
    candidates = retirable(published, emitted)
    chosen: list[str] = []
    for pattern in patterns:
        # an id as written first: ids hold brackets (`mcpServers[stdio]`), which a pattern
        # reads as a set of characters
        exact = pattern in published.entries
        matched = [pattern] if exact else [
            i for i in published.entries if fnmatch.fnmatchcase(i, pattern)
        ]  # fmt: skip
        if not any(i in candidates for i in matched):
            what = "no published id" if not matched else "no published id that is gone or changed"
            print(f"acp-spec: {pattern} matches {what} (an id still generated as published "
                  "keeps it); nothing was written", file=sys.stderr)  # fmt: skip
            return EXIT_INVALID
        chosen += [i for i in matched if i in candidates and i not in chosen]
    when = version or preparing(spec_path, spec)
    retired = parse_published(retire_text(published, sorted(chosen), when, reason), str(path))
    # the successors of the retired ids are new ids: publish them with the rest
    emitted = _emitted(replace(spec, retired_vector_ids=retired.retired))
    text, added, _ = publish_text(retired, emitted)
    replace_file(path, text.encode("utf-8"))
    print(f"retired {len(chosen)} vector id{'s' if len(chosen) != 1 else ''} in {when}; "
          f"published {len(added)} new one{'s' if len(added) != 1 else ''} in {path}")  # fmt: skip
    for problem in vector_id_problems(parse_published(text, str(path)), emitted):
        print(problem.render(), file=sys.stderr)
    return EXIT_OK


def _broken(published: Published, path: Path) -> bool:
    for problem in published.problems:
        print(problem.render(), file=sys.stderr)
    if published.problems:
        print(f"{path} has problems; nothing was written", file=sys.stderr)
    return bool(published.problems)


def _emitted(spec: Spec) -> dict[str, Emitted]:
    return emitted_ids(emit_vectors(spec, index_of(spec)))


def followed(spec: Spec) -> str:
    """The upstream version the spec follows, as a retired line records it."""
    upstream = spec.upstream
    return upstream.version or (upstream.commit or "")[:12] or UNRELEASED


def preparing(spec_path: Path, spec: Spec) -> str:
    """The version the ids go away in: the release the spec moved to, while that move is
    not committed yet (``upstream take`` and then retire), else the next one, not yet
    known: ``unreleased``, which the next ``upstream take`` stamps with its release. The
    version the spec follows already shipped what it held."""
    committed = _committed_text(spec_path)
    now = followed(spec)
    if committed is not None and now != UNRELEASED:
        found = re.search(r'^  (?:version: "?([^"\n]+)"?|commit: ([0-9a-f]{12}))', committed, re.M)
        if found is not None and now not in found.groups():
            return now
    return UNRELEASED


def _committed_text(spec_path: Path) -> str | None:
    """The spec as the repository's HEAD holds it; None outside a repository (or new)."""
    folder = spec_path.resolve().parent
    try:
        done = subprocess.run(["git", "-C", str(folder), "show", f"HEAD:./{spec_path.name}"],
                              capture_output=True, text=True, check=False)  # fmt: skip
    except OSError:
        return None
    return done.stdout if done.returncode == 0 else None


def stamp_unreleased(text: str, version: str) -> str:
    """The ids file with the ids retired while the next release was not known stamped with
    it (``upstream take`` does, as it takes that release)."""
    return re.sub(rf"^(\S+ [0-9a-f]+ {RETIRED}) {UNRELEASED} ", rf"\1 {version} ", text, flags=re.M)
