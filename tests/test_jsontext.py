"""JSON a user gives or edits (a manifest, a change report, an upstream snapshot, a schema
to diff or import, a trace): what json.loads cannot read, be it no JSON, nesting deeper than Python's
stack or a number of more digits than Python converts, is a problem at its line and column,
never an internal error."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from acp_spec.jsontext import JsonProblem, line_column, parse_json
from support.commands import run_command
from support.paths import REPO
from support.specs import write_spec

DEEP = "[" * 100_000 + "]" * 100_000
LONG = '{"a": 1,\n "b": ' + "7" * (sys.get_int_max_str_digits() + 1) + "}"


@pytest.mark.parametrize(
    ("text", "line", "column", "reason"),
    [
        ('{"a": 1,\n  "b": }', 2, 8, "not JSON: Expecting value"),
        (DEEP, 1, 501, "nested more than 500 levels deep"),
        # brackets in strings are no nesting; a line break moves the place
        ('{"x": "[[[[{{\\"[",\n "y": ' + DEEP + "}", 2, 7 + 499, "nested more than 500 levels deep"),
        (LONG, 2, 7, f"a number of more than {sys.get_int_max_str_digits()} digits"),
    ],
    ids=["not-json", "too-deep", "too-deep-after-strings", "number-too-long"],
)  # fmt: skip
def test_what_json_loads_cannot_read_is_a_problem_at_its_place(
    text: str, line: int, column: int, reason: str
) -> None:
    with pytest.raises(JsonProblem) as problem:
        parse_json(text)
    assert (problem.value.line, problem.value.column) == (line, column)
    assert problem.value.reason.startswith(reason)
    assert str(problem.value) == f"{problem.value.reason} at line {line}, column {column}"


def test_json_that_can_be_read_is_read() -> None:
    deep = "[" * 400 + "]" * 400  # deeper than any real file, within what Python reads
    assert parse_json(deep) == parse_json(deep) and parse_json('{"a": [1, 2.5]}') == {"a": [1, 2.5]}
    assert line_column("ab\ncd", 4) == (2, 2) and line_column("ab", 0) == (1, 1)


def _command(*argv: str) -> tuple[int, str]:
    return run_command(list(argv))


@pytest.mark.parametrize("bad", ["deep", "long"])
@pytest.mark.parametrize(
    "file", ["changes/sdk-2.4.0.json", "upstream/schema.json", "generated/manifest.json"]
)
def test_check_answers_an_unreadable_json_input_with_its_place(
    tmp_path: Path, file: str, bad: str
) -> None:
    spec = write_spec(tmp_path / "spec")
    shutil.copytree(REPO / "generated", tmp_path / "generated")
    target = tmp_path / file if file.startswith("generated/") else tmp_path / "spec" / file
    target.write_text(DEEP if bad == "deep" else LONG, encoding="utf-8")
    code, err = _command("--spec", str(spec), "--root", str(tmp_path), "check")
    assert code == 1, err
    assert "internal error" not in err and "Traceback" not in err
    place = "line 1, column 501" if bad == "deep" else "line 2, column 7"
    if file == "upstream/schema.json" and bad == "deep":
        place = "line 1, column 65"  # the snapshot is compared by recursion: a spec's 64 levels
    if file.startswith("generated/"):  # the manifest's problem is placed in it
        place = (
            "generated/manifest.json:1:501: " if bad == "deep" else "generated/manifest.json:2:7: "
        )
    assert place in err, err


def test_diff_and_traces_run_answer_an_unreadable_json_file_with_its_place(
    tmp_path: Path,
) -> None:
    deep = tmp_path / "traces" / "deep.json"
    deep.parent.mkdir()
    deep.write_text(DEEP, encoding="utf-8")
    code, err = _command("diff", str(deep), str(REPO / "spec" / "upstream" / "schema.json"))
    # as deep as a spec may be: the comparison and the import walk it by recursion
    assert code == 2 and f"{deep}:1:65: nested more than 64 levels deep" in err, err
    spec = write_spec(tmp_path / "spec")
    code, err = _command("--spec", str(spec), "upstream", "import", str(deep), "SessionId")
    assert code == 1 and f"{deep}:1:65: nested more than 64 levels deep" in err, err
    run = ["--root", str(REPO), "traces", "run", "--agent", "--traces", str(deep.parent)]
    code, err = _command(*run, "--", "true")
    assert code == 2 and f"{deep}:1:501: nested more than 500 levels deep" in err, err
