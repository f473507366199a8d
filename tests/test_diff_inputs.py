"""Inputs of `acp-spec diff` that cannot be compared: each said where it is, exit 2, never
an internal error."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from acp_spec.cli import main
from acp_spec.jsontext import JsonProblem, parse_json
from acp_spec.yamlsource import MAX_DEPTH
from support.commands import run_command


def nested(depth: int) -> dict[str, Any]:
    """A schema of ``depth`` anyOf levels, each a list of one: JSON 2 x ``depth`` deep."""
    node: dict[str, Any] = {"type": "string"}
    for _ in range(depth):
        node = {"anyOf": [node]}
    return node


def schema_file(path: Path, defs: dict[str, Any]) -> Path:
    path.write_text(json.dumps({"$defs": defs}), encoding="utf-8")
    return path


def test_a_schema_nested_too_deep_is_a_positioned_problem(tmp_path: Path) -> None:
    """Nested 940 levels (json reads it) the comparison of shapes overflowed Python's stack
    in renames.py: an internal error."""
    deep = schema_file(tmp_path / "deep.json", {"A": nested(470)})
    small = schema_file(tmp_path / "small.json", {"B": {"type": "string"}})
    code, err = run_command(["diff", str(deep), str(small)])
    assert code == 2, err
    assert f"{deep}:1:" in err and f"nested more than {MAX_DEPTH} levels deep" in err


def test_the_spec_depth_is_the_limit(tmp_path: Path) -> None:
    """A schema as deep as a spec may be is compared."""
    fits = (MAX_DEPTH - 4) // 2  # the document, $defs and the def hold the anyOf levels
    path = schema_file(tmp_path / "fits.json", {"A": nested(fits)})
    code, err = run_command(["diff", str(path), str(path)])
    assert code == 0, err


@pytest.mark.parametrize(
    ("text", "depth", "column"),
    [("[[1]]", 2, 0), ("[[[1]]]", 2, 3), ('{"a": {"b": [1, {}]}}', 3, 17), ("7", 1, 0)],
)
def test_parse_json_bounds_the_depth(text: str, depth: int, column: int) -> None:
    if not column:
        assert parse_json(text, max_depth=depth) == json.loads(text)
        return
    with pytest.raises(JsonProblem) as raised:
        parse_json(text, max_depth=depth)
    assert (raised.value.line, raised.value.column) == (1, column)
    assert raised.value.reason == f"nested more than {depth} levels deep"


def git(repo: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t", *args],
        check=True,
        capture_output=True,
    )


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A repository whose spec/ holds a schema and, committed, a link to an absolute path,
    one out of the tree and one within it."""
    repo = tmp_path / "repo"
    (repo / "spec" / "sub").mkdir(parents=True)
    schema_file(repo / "spec" / "schema.json", {"A": {"type": "string"}})
    (repo / "spec" / "absolute").symlink_to("/etc/passwd")
    (repo / "spec" / "outside").symlink_to("../../outside")
    (repo / "spec" / "sub" / "inside").symlink_to("../schema.json")
    git(repo, "init", "-q")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "links")
    return repo


def test_committed_links_beside_the_spec_are_left_out_and_said(
    repo: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """tarfile's data filter refused the whole archive (AbsoluteLinkError,
    LinkOutsideDestinationError): every `diff git:` failed with an internal error. The
    links are left out, the report says which, and nothing is written outside."""
    new = repo / "spec" / "schema.json"
    code = main(["--root", str(repo), "diff", "git:HEAD:spec/schema.json", str(new)])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    assert (
        "left out of what the spec could read beside it at HEAD: spec/absolute (a symbolic "
        "link); spec/outside (a symbolic link); spec/sub/inside (a symbolic link)"
    ) in out
    assert not (repo.parent / "outside").exists()


@pytest.mark.parametrize(
    ("path", "what"),
    [("spec", "a folder"), ("spec/sub", "a folder"), ("spec/absolute", "a symbolic link")],
)
def test_a_git_path_that_is_no_file_is_said(repo: Path, path: str, what: str) -> None:
    """A folder was an IsADirectoryError: an internal error."""
    new = repo / "spec" / "schema.json"
    code, err = run_command(["--root", str(repo), "diff", f"git:HEAD:{path}", str(new)])
    assert code == 2
    assert f"git:HEAD:{path}: {path} is {what} at HEAD; give the path of the spec" in err


@pytest.mark.parametrize(
    ("definition", "what"),
    [
        # internal errors before: IndexError, TypeError (three times)
        (
            {"type": "object", "properties": [1]},
            "at #/$defs/B/properties: [1] is not of type 'object'",
        ),
        ({"type": "object", "required": 5}, "at #/$defs/B/required: 5 is not of type 'array'"),
        ({"enum": 5}, "at #/$defs/B/enum: 5 is not of type 'array'"),
        ({"type": 5}, "at #/$defs/B/type: 5 is not valid under any of the given schemas"),
    ],
)
def test_a_def_that_is_no_schema_is_said_where_it_is(
    tmp_path: Path, definition: dict[str, Any], what: str
) -> None:
    old = schema_file(tmp_path / "old.json", {"A": {"type": "string"}, "B": {"type": "object"}})
    new = tmp_path / "new.json"
    new.write_text(
        json.dumps({"$defs": {"A": {"type": "string"}, "B": definition}}, indent=2),
        encoding="utf-8",
    )
    code, err = run_command(["diff", str(old), str(new)])
    assert code == 2, err
    assert f"{new}:6:5: not a JSON Schema 2020-12 {what}; give upstream's published" in err


def test_a_lone_surrogate_is_said_where_it_is(tmp_path: Path) -> None:
    """JSON can escape half of a surrogate pair; printing it in the report raised
    UnicodeEncodeError on a UTF-8 terminal: an internal error."""
    old = schema_file(tmp_path / "old.json", {"A": {"type": "string"}})
    new = tmp_path / "new.json"
    new.write_text('{"$defs": {"A": {"type": "string"}, "B\\ud800": {}}}', encoding="utf-8")
    code, err = run_command(["diff", str(old), str(new)])
    assert code == 2
    assert f"{new}:1:39: a lone surrogate (half of a UTF-16 pair), which is no text" in err
