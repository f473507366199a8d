"""Reading trace files (generated/traces/<id>.json): each checked against the format's
schema before it runs, with the file and the place of every problem."""

from __future__ import annotations

import fnmatch
import json
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema

from ..emit.traces import SCHEMA_NAME, TRACES_DIR
from ..jsontext import JsonProblem, parse_json
from ..pointers import pointer
from ..readfile import regular_text


class TraceFileError(Exception):
    """A trace file that cannot be read or does not follow the format."""


@cache
def _validator() -> jsonschema.protocols.Validator:
    schema = json.loads(Path(__file__).parent.parent.joinpath(SCHEMA_NAME).read_text("utf-8"))
    return jsonschema.Draft202012Validator(schema)


def _within_its_kind(error: jsonschema.ValidationError) -> jsonschema.ValidationError:
    # A step that fits no branch of the oneOf: say what is wrong in the branch of its own
    # kind (the one whose `kind` matched), not that it fits none.
    while error.context:
        branches: dict[Any, list[jsonschema.ValidationError]] = {}
        for sub in error.context:
            branches.setdefault(sub.relative_schema_path[0], []).append(sub)
        own = [
            subs
            for subs in branches.values()
            if not any(list(e.relative_path)[-1:] == ["kind"] for e in subs)
        ]
        if len(own) != 1:
            break
        error = own[0][0]
    return error


def read_trace(path: Path) -> dict[str, Any]:
    try:
        text = regular_text(path)
    except (OSError, UnicodeDecodeError) as error:
        raise TraceFileError(f"{path}: cannot read it: {error}") from None
    try:
        trace = parse_json(text)
    except JsonProblem as error:
        raise TraceFileError(f"{path}:{error.line}:{error.column}: {error.reason}") from None
    first = next(iter(sorted(_validator().iter_errors(trace), key=lambda e: e.path)), None)
    first = None if first is None else _within_its_kind(first)
    if first is not None:
        where = pointer(first.absolute_path) or "/"
        raise TraceFileError(
            f"{path}: {where}: {first.message}; not a trace of {SCHEMA_NAME}"
            " (regenerate the traces with `acp-spec generate`)"
        )
    return dict(trace)


def load_traces(folder: Path, side: str, patterns: Sequence[str] = ()) -> list[dict[str, Any]]:
    """The traces of ``folder`` that test ``side``, in id order; ``patterns`` (shell-style)
    pick by id. A pattern that picks none is an error: a typo must not pass silently."""
    if not folder.is_dir():
        raise TraceFileError(
            f"{folder}: no such folder; give --traces the folder of the trace files"
            f" ({TRACES_DIR} of a checkout)"
        )
    paths = sorted(p for p in folder.glob("*.json") if p.name != SCHEMA_NAME)
    traces = [read_trace(p) for p in paths]
    mine = [t for t in traces if t["side"] == side]
    for pattern in patterns:
        if not any(fnmatch.fnmatchcase(t["id"], pattern) for t in mine):
            known = ", ".join(t["id"] for t in mine) or "none"
            raise TraceFileError(
                f"--trace {pattern}: no {side} trace has that id (they are: {known})"
            )
    if patterns:
        mine = [t for t in mine if any(fnmatch.fnmatchcase(t["id"], p) for p in patterns)]
    if not mine:
        raise TraceFileError(f"{folder}: holds no {side} traces")
    return mine
