"""The real spec, loaded once a process, and specs written beside what they read."""

from __future__ import annotations

import functools
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from acp_spec.defs import ONE_SCHEMA, SCHEMA_LISTS, SCHEMA_MAPS
from acp_spec.model import Spec
from acp_spec.spec import load_spec

from support.paths import SPEC_PATH


@functools.cache
def load_real_spec() -> Spec:
    """The real spec, loaded once a process: for the test modules that make their parameter
    lists of it when they are collected, and for the ``real_spec`` fixture."""
    return load_spec(SPEC_PATH)


def write_spec(folder: Path, text: str | None = None) -> Path:
    """A spec in ``folder`` with what it reads beside it (the upstream snapshot, the change
    reports, the published vector ids): ``text``, or the real spec's. Returns its path."""
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("upstream", "changes", "acp-v2.vector-ids.txt"):
        source = SPEC_PATH.parent / name
        if source.is_dir():
            shutil.copytree(source, folder / name, dirs_exist_ok=True)
        else:
            shutil.copy2(source, folder / name)
    path = folder / SPEC_PATH.name
    path.write_text(
        SPEC_PATH.read_text(encoding="utf-8") if text is None else text, encoding="utf-8"
    )
    return path


_SNAPSHOT = re.compile(r"^  schemas:\n    stable: .*\n    unstable: .*\n", re.M)


def without_upstream_snapshot(text: str) -> str:
    """The spec text without `upstream › schemas`: for tests whose synthetic edits (a method
    renamed, a type changed) are about something else than following upstream."""
    out, count = _SNAPSHOT.subn("", text)
    assert count == 1, "the spec's upstream › schemas block changed; update this helper"
    return out


def subschemas(node: Any) -> Iterator[tuple[Any, Any]]:
    """(container, key) of every subschema below ``node``, where JSON Schema nests them."""
    if not isinstance(node, dict):
        return
    for key in ONE_SCHEMA:
        if key in node:
            yield node, key
            yield from subschemas(node[key])
    for key in SCHEMA_LISTS:
        if isinstance(node.get(key), list):
            for number, item in enumerate(node[key]):
                yield node[key], number
                yield from subschemas(item)
    for key in SCHEMA_MAPS:
        if isinstance(node.get(key), dict):
            for name, item in node[key].items():
                yield node[key], name
                yield from subschemas(item)
