"""json-schema-to-typescript (pinned in tests/node) on generated/schema.json and
schema.unstable.json keeps every upstream type name for the type it names: the published
branch titles (emit/titles.py) neither take a def's name nor come out as numbered or
generic exports. One json2ts run for the module (both files at once).
"""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
from support.paths import REPO, UPSTREAM_V2, node_tool

# one node tool run (json-schema-to-typescript) for the module
pytestmark = [pytest.mark.slow, pytest.mark.cost("shared")]

EDITIONS = ("schema", "schema.unstable")
# a JSDoc comment (if any), then the export it documents
EXPORT = re.compile(r"(?:/\*\*((?:(?!\*/).)*)\*/\s*)?export (?:type|interface) (\w+)", re.S)


@pytest.fixture(scope="module")
def typescript(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """Each edition's generated TypeScript."""
    out = tmp_path_factory.mktemp("ts")
    done = subprocess.run(
        [
            str(node_tool("json2ts")),
            "-i",
            str(REPO / "generated" / "schema*.json"),
            "-o",
            f"{out}/",
        ],
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return {e: (out / f"{e}.d.ts").read_text(encoding="utf-8") for e in EDITIONS}


def _exports(typescript: str) -> dict[str, str]:
    """Each exported name, with the first line of its JSDoc."""
    found = {}
    for doc, name in EXPORT.findall(typescript):
        lines = [re.sub(r"^\s*\* ?", "", line) for line in doc.strip().splitlines()]
        found[name] = next((line for line in lines if line.strip()), "")
    return found


def _defs(directory: Path, edition: str) -> dict[str, Any]:
    defs: dict[str, Any] = json.loads((directory / f"{edition}.json").read_text("utf-8"))["$defs"]
    return defs


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_upstream_def_is_exported_under_its_own_name(
    typescript: dict[str, str], edition: str
) -> None:
    """The export of each upstream name documents that def, not a branch that took its name
    (the method binding `session/update` once made the real union `SessionUpdate1`)."""
    exports = _exports(typescript[edition])
    ours = _defs(REPO / "generated", edition)
    wrong = []
    for name in _defs(UPSTREAM_V2, edition):
        first = (ours[name].get("description") or "").strip().splitlines()[:1]
        if name not in exports:
            wrong.append(f"{name}: not exported")
        elif first and exports[name] != first[0].strip():
            wrong.append(f"{name}: exported for {exports[name]!r}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("edition", EDITIONS)
def test_no_generic_or_numbered_catch_all_names(typescript: dict[str, str], edition: str) -> None:
    exports = _exports(typescript[edition])
    generic = sorted(set(exports) & {"Null", "Number", "Str", "String", "Integer", "Boolean"})
    assert not generic
    assert not [n for n in exports if re.fullmatch(r"Other\d*", n)]


@pytest.mark.parametrize("edition", EDITIONS)
def test_numbered_names_are_only_json2ts_s_own_halves_of_a_def(
    typescript: dict[str, str], edition: str
) -> None:
    """json2ts writes a def with both properties and a union as the intersection of an
    object and `X1`; no other name is numbered (no branch title repeats another's)."""
    text = typescript[edition]
    defs = _defs(REPO / "generated", edition)
    numbered = {n for n in _exports(text) if re.search(r"\d$", n)}
    halves = {
        n
        for n in numbered
        if n[:-1] in defs
        and re.search(rf"export type {n[:-1]} = ({n} &|\{{.*?\}} & {n};)", text, re.S)
    }
    assert numbered == halves
    assert halves  # the check reads json2ts's output, not an empty one
