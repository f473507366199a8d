"""The published schemas read as well as upstream's in the code generator upstream's Python
SDK uses: datamodel-code-generator (pinned in pyproject.toml), with its default options,
makes no more numbered classes (`Params1`, `ClientRequest12`: names it had to number)
of generated/schema.json than of upstream's schema.json (measured 2026-12-04: 150 of 404
against 171 of 370; of the schema.unstable.json files, 163 of 524 against 194 of 458).

Each run is the command line an SDK author types, in a subprocess of its own (seconds each,
so the stable files only).
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from support.paths import REPO, UPSTREAM_V2

pytestmark = pytest.mark.slow

# a class whose name ends in a digit: one the generator numbered (no def's name does)
NUMBERED = re.compile(r"^class \w*\d\(", re.M)


def numbered_classes(schema: Path, out: Path) -> tuple[int, int]:
    """(numbered classes, classes) in what ``datamodel-codegen`` with defaults makes of
    ``schema``."""
    done = subprocess.run(
        [sys.executable, "-m", "datamodel_code_generator", "--input", str(schema),
         "--input-file-type", "jsonschema", "--output", str(out)],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    text = out.read_text(encoding="utf-8")
    return len(NUMBERED.findall(text)), len(re.findall(r"^class ", text, re.M))


def test_no_more_numbered_classes_than_upstreams_schema(tmp_path: Path) -> None:
    name = "schema.json"
    ours, our_classes = numbered_classes(REPO / "generated" / name, tmp_path / "ours.py")
    theirs, their_classes = numbered_classes(UPSTREAM_V2 / name, tmp_path / "theirs.py")
    print(
        f"\n{name}: ours {ours} numbered of {our_classes}, upstream's {theirs} of {their_classes}"
    )
    assert their_classes > 300  # the generator read upstream's file: the comparison means something
    assert ours <= theirs
    # no def is named with a final digit, so each such class was numbered by the generator
    for schema in (REPO / "generated" / name, UPSTREAM_V2 / name):
        defs = json.loads(schema.read_text(encoding="utf-8"))["$defs"]
        assert [d for d in defs if d[-1].isdigit()] == [], schema
