"""The Ajv recipe (examples/ajv/run-vectors.cjs, which README.md points SDK authors to) runs
every vector with the pinned ajv and ajv-formats and agrees with every case's outcome.

One node run for the module: the runner prints each case's outcome with `format` read as an
annotation (the vectors' reading) and with formats asserted (ajv-formats), as JSON.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from typing import Any

import pytest
from support.paths import NODE_BIN, REPO

# one node tool run (Ajv) for the module
pytestmark = [pytest.mark.slow, pytest.mark.cost("shared")]

RUNNER = REPO / "examples" / "ajv" / "run-vectors.cjs"
VECTORS = REPO / "generated" / "vectors"


@pytest.fixture(scope="module")
def run() -> tuple[int, list[dict[str, Any]]]:
    modules = NODE_BIN.parent
    for package in ("ajv", "ajv-formats"):  # libraries: no command in .bin to look for
        if not (modules / package / "package.json").exists():
            pytest.fail(f"{modules / package} is missing: run `npm ci --prefix tests/node`")
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not on PATH: install Node.js 18 or newer (scripts/test.sh needs it)")
    env = {**os.environ, "NODE_PATH": str(modules)}
    done = subprocess.run(
        [node, str(RUNNER), str(REPO), "--json"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.stderr == "", done.stderr
    return done.returncode, json.loads(done.stdout)


# Both published files through Ajv's strict mode as the recipe sets it up (its annotations
# declared), strictRequired included: each file's name and "ok" or Ajv's refusal.
STRICT = """
const fs = require("node:fs");
const Ajv2020 = require("ajv/dist/2020").default;
const annotations = JSON.parse(process.argv[1]);
for (const file of process.argv.slice(2)) {
  const ajv = new Ajv2020({ strict: true, validateFormats: false });
  if (!ajv.opts.strictRequired) throw new Error("strict: true no longer sets strictRequired");
  for (const keyword of annotations) ajv.addKeyword(keyword);
  try {
    ajv.compile(JSON.parse(fs.readFileSync(file, "utf8")));
    console.log(`${file}: ok`);
  } catch (error) {
    console.log(`${file}: ${error.message}`);
  }
}
"""


def _annotations() -> list[str]:
    """The keywords the recipe declares (its ANNOTATIONS list)."""
    text = RUNNER.read_text(encoding="utf-8")
    listed = text[text.index("const ANNOTATIONS = [") : text.index("];", text.index("ANNOTATIONS"))]
    return re.findall(r'"(x-[\w-]+)"', listed)


def test_ajv_strict_mode_compiles_both_schemas() -> None:
    """strict: true with strictRequired, as Ajv's strict mode is; upstream's files compile
    so, and so must ours (the routing unions' guards declare what they name)."""
    files = [str(REPO / "generated" / name) for name in ("schema.json", "schema.unstable.json")]
    annotations = _annotations()
    assert "x-deserialize-default-on-null" in annotations
    done = subprocess.run(
        [_node(), "-e", STRICT, json.dumps(annotations), *files],
        capture_output=True, text=True, env={**os.environ, "NODE_PATH": str(NODE_BIN.parent)},
        timeout=120, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [f"{file}: ok" for file in files]


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not on PATH: install Node.js 18 or newer (scripts/test.sh needs it)")
    return node


def _vector_ids() -> list[str]:
    files = [VECTORS / "envelope.json", *sorted((VECTORS / "methods").glob("*.json"))]
    return [
        case["id"]
        for path in files
        for group in json.loads(path.read_text(encoding="utf-8"))["groups"]
        for case in group["cases"]
    ]


def test_the_runner_reads_every_vector(run: tuple[int, list[dict[str, Any]]]) -> None:
    _, results = run
    assert sorted(r["id"] for r in results) == sorted(_vector_ids())


def test_every_case_agrees_with_ajv_reading_format_as_an_annotation(
    run: tuple[int, list[dict[str, Any]]],
) -> None:
    code, results = run
    wrong = [f"{r['id']}: expected {r['expected']}, Ajv {r['got']}" for r in results]
    wrong = [w for w, r in zip(wrong, results, strict=True) if r["got"] != r["expected"]]
    assert not wrong, "\n".join(wrong)
    assert code == 0
    # every kind of outcome is exercised: the parse errors, the rejected and the accepted
    assert {r["got"] for r in results} == {"valid", "invalid", "parse-error"}


def test_asserted_formats_differ_only_where_a_divergence_says_so(
    run: tuple[int, list[dict[str, Any]]],
) -> None:
    """What README.md says of formats: asserted, they reject only cases whose divergence
    note names validators that assert `format` or read fixed-width integers."""
    _, results = run
    differ = [r for r in results if r["gotAssertingFormats"] != r["expected"]]
    assert differ, "asserting formats changes no outcome: the README's note would be wrong"
    unexplained = [r["id"] for r in differ if not r["divergence"] or ".format." not in r["id"]]
    assert not unexplained, unexplained
    assert {r["gotAssertingFormats"] for r in differ} == {"invalid"}
