"""``acp-spec vectors publish``: publish the ids of new serialization test vectors.

The published ids (see vector_ids.py) are an input beside the spec that only this command
adds to; ``acp-spec check`` holds the vectors to them. Publishing never changes or removes
a line, so a case whose meaning changed stays reported until someone decides in review.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from .constants import EXIT_INVALID, EXIT_OK
from .emit.vectors import emit_vectors
from .index import Index
from .spec import load_spec
from .vector_ids import (
    emitted_ids,
    ids_path,
    parse_published,
    publish_text,
    read_published,
    vector_id_problems,
)

_TMP_SUFFIX = ".acp-spec-tmp"


def add_commands(subparsers: Any) -> None:
    """Add ``vectors publish`` to the command's subparsers."""
    vectors = subparsers.add_parser("vectors", help="the published ids of the test vectors")
    actions = vectors.add_subparsers(dest="vectors_command", required=True, metavar="ACTION")
    actions.add_parser(
        "publish",
        help="add the ids of new vectors to the published ids beside the spec "
        "(spec/acp-v2.vector-ids.txt); never changes or removes one",
    )


def run(args: argparse.Namespace) -> int:
    if args.vectors_command == "publish":
        return publish(args.spec)
    raise AssertionError(f"unknown vectors action {args.vectors_command}")  # argparse refuses it


def publish(spec_path: Path) -> int:
    """Add the new ids to the spec's ids file; a SpecError (an invalid spec) propagates."""
    path = ids_path(spec_path)
    published = read_published(path) if path.exists() else None
    if published is not None and published.problems:
        for problem in published.problems:
            print(problem.render(), file=sys.stderr)
        print(f"{path} has problems; nothing was published", file=sys.stderr)
        return EXIT_INVALID
    spec = load_spec(spec_path, display=str(spec_path))
    emitted = emitted_ids(emit_vectors(spec, Index(spec)))
    text, added = publish_text(published, emitted)
    if added:
        _write(path, text)
    print(f"published {len(added)} new vector id{'s' if len(added) != 1 else ''} in {path}")
    # what publishing can't settle, for review: published ids removed or changed
    for problem in vector_id_problems(parse_published(text, str(path)), emitted):
        print(problem.render(), file=sys.stderr)
    return EXIT_OK


def _write(path: Path, text: str) -> None:
    """Replace the file whole, so an interrupted publish leaves the old one."""
    staged = path.with_name(path.name + _TMP_SUFFIX)
    staged.write_text(text, encoding="utf-8", newline="\n")
    os.replace(staged, path)
