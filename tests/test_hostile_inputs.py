"""Every input of tests/hostile_inputs/ through `acp-spec diff` and `acp-spec upstream
import`, in process (as tests/test_mutations.py's run_command, within support.runs.time_limit):
an answer (exit 0, 1 or 2, the problem said), never an internal error."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest
from acp_spec import cli
from acp_spec.yamlsource import MAX_BYTES
from support.commands import TIME_LIMIT
from support.paths import REPO
from support.runs import time_limit
from support.specs import write_spec

CORPUS = Path(__file__).with_name("hostile_inputs")
INPUTS = sorted(p.name for p in CORPUS.iterdir() if p.suffix in (".json", ".yaml"))
UPSTREAM = REPO / "spec" / "upstream" / "schema.json"
# a spec to import into: the importer reads its YAML, and its types, not the whole format
SPEC = "version: 2\ntypes:\n  Foo:\n    description: A type.\n    type: string\n"


def run_command(args: list[str]) -> tuple[int, str]:
    """``acp-spec args`` in process, within the time limit, its output encoded as a UTF-8
    terminal's would be (strictly on stdout, Python's default), so that text no terminal
    can print fails here as it would there: its exit code and stderr."""
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="strict")
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="backslashreplace")
    with (
        time_limit(TIME_LIMIT, f"acp-spec {' '.join(args)}"),
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
    ):
        code = cli.main(args)
    err.seek(0)
    return code, err.read()


def answered(args: list[str]) -> tuple[int, str]:
    code, err = run_command(args)
    assert code in (0, 1, 2), f"acp-spec {' '.join(args)} exited {code}:\n{err}"
    assert "internal error" not in err and "Traceback" not in err, err
    return code, err


def plain_twin(path: Path, folder: Path) -> Path | None:
    """The input with each def an empty object: the same names, so that every def is
    compared with another of its name (changed), not only found added or removed."""
    try:
        defs = json.loads(path.read_text(encoding="utf-8"))["$defs"]
        twin = {name: {"type": "object"} for name in defs}
    except (ValueError, TypeError, KeyError, UnicodeDecodeError, RecursionError):
        return None
    out = folder / "twin.json"
    out.write_text(json.dumps({"$defs": twin}), encoding="utf-8")
    return out


@pytest.mark.parametrize("name", INPUTS)
def test_diff_answers_every_hostile_input(name: str, tmp_path: Path) -> None:
    path = CORPUS / name
    others = [UPSTREAM]
    twin = plain_twin(path, tmp_path)
    if twin is not None:
        others.append(twin)
    for other in others:
        answered(["diff", str(path), str(other)])
        answered(["diff", str(other), str(path)])
    answered(["diff", str(path), str(path)])


@pytest.mark.parametrize("name", [n for n in INPUTS if n.endswith(".json")])
def test_upstream_import_answers_every_hostile_input(name: str, tmp_path: Path) -> None:
    spec = tmp_path / "acp-v2.yaml"
    spec.write_text(SPEC, encoding="utf-8")
    path = CORPUS / name
    for args in (["--changed"], ["A"], ["Foo", "--changed"]):
        answered(["--spec", str(spec), "upstream", "import", str(path), *args])
        spec.write_text(SPEC, encoding="utf-8")


def test_an_input_over_the_limit_is_refused_unread(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as handle:
        handle.truncate(MAX_BYTES + 1)  # sparse: nothing is written, nothing need be read
    code, err = answered(["diff", str(big), str(UPSTREAM)])
    assert code == 2 and "over 8 MiB" in err
    spec = tmp_path / "acp-v2.yaml"
    spec.write_text(SPEC, encoding="utf-8")
    code, err = answered(["--spec", str(spec), "upstream", "import", str(big), "--changed"])
    assert code == 1 and "over the 8 MiB a spec may be" in err


@pytest.mark.parametrize(
    "name", ["deep_anyof_940.json", "routing_anyof_number.json", "properties_list.json"]
)
def test_check_answers_a_hostile_upstream_snapshot(name: str, tmp_path: Path) -> None:
    """The snapshot the spec names is compared with it by the same code as `diff`: it was
    a RecursionError or a TypeError there too (a few cases: each `check` reads the real
    spec)."""
    spec = write_spec(tmp_path / "spec")
    (tmp_path / "spec" / "upstream" / "schema.unstable.json").write_bytes(
        (CORPUS / name).read_bytes()
    )
    code, err = answered(["--spec", str(spec), "--root", str(REPO), "check"])
    assert code == 1 and "upstream/schema.unstable.json" in err


@pytest.mark.parametrize("name", INPUTS)
def test_diff_answers_every_hostile_accept_file(name: str) -> None:
    old, new = CORPUS / "ref_self.json", CORPUS / "ref_missing.json"
    answered(["diff", str(old), str(new), "--accept", str(CORPUS / name)])
