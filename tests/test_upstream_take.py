"""``acp-spec upstream take SOURCE --version X``: a newer upstream release taken in one step,
leaving a person only what needs judgment (issue 30, item 2).

The release is simulated from the real one: a def's description changed, a property added
to a def, and a new unstable method with its two defs."""

from __future__ import annotations

import contextlib
import copy
import hashlib
import io
import json
import subprocess
import tarfile
from pathlib import Path
from typing import Any

import pytest
from acp_spec import cli
from acp_spec.spec import load_checked
from acp_spec.upstream_stub import least_value
from jsonschema import Draft202012Validator
from support.paths import SPEC_PATH, UPSTREAM_V2
from support.specs import write_spec

FILES = ("schema.json", "schema.unstable.json")
DIFF_SCHEMA = json.loads((SPEC_PATH.parents[1] / "tooling" / "acp_spec" / "diff.schema.json").read_text())  # fmt: skip


def _release(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name in FILES:
        schema = json.loads((UPSTREAM_V2 / name).read_text(encoding="utf-8"))
        defs: dict[str, Any] = schema["$defs"]
        defs["ListSessionsResponse"]["description"] += " Newer."
        props = list(defs["SessionInfo"]["properties"].items())
        props.insert(len(props) - 1, ("pinned", {"description": "Pinned.", "type": "boolean"}))
        defs["SessionInfo"]["properties"] = dict(props)
        if name == "schema.unstable.json":
            meta = copy.deepcopy(defs["CloseSessionResponse"]["properties"]["_meta"])
            defs["RenameSessionRequest"] = {
                "description": "Request parameters for renaming a session.",
                "type": "object",
                "properties": {
                    "sessionId": {
                        "description": "The session.",
                        "allOf": [{"$ref": "#/$defs/SessionId"}],
                    },
                    "title": {"description": "The new title.", "type": "string", "minLength": 3},
                    "_meta": meta,
                },
                "required": ["sessionId", "title"],
                "x-side": "agent",
                "x-method": "session/rename",
            }
            defs["RenameSessionResponse"] = {
                "description": "Response to renaming a session.",
                "type": "object",
                "properties": {"_meta": meta},
                "x-side": "agent",
                "x-method": "session/rename",
            }
        (folder / name).write_text(json.dumps(schema, indent=2) + "\n", encoding="utf-8")
    return folder


def _take(spec: Path, source: Path, *more: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    argv = ["--spec", str(spec), "upstream", "take", str(source), *more]
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(argv)
    return code, out.getvalue(), err.getvalue()


def _git(folder: Path, *args: str) -> str:
    done = subprocess.run(["git", "-C", str(folder), "-c", "user.name=t", "-c",
                           "user.email=t@example.com", *args], capture_output=True, text=True,
                          check=True)  # fmt: skip
    return done.stdout.strip()


@pytest.mark.slow
def test_a_release_is_taken_and_only_decisions_are_left(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    spec = write_spec(repo / "spec")
    _git(repo, "init", "-q")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "the spec")
    commit = _git(repo, "rev-parse", "HEAD")
    release = _release(tmp_path / "release")

    code, out, err = _take(spec, release, "--version", "2.5.0")
    assert (code, err) == (0, "")
    folder = spec.parent
    for name in FILES:  # copied unchanged, recorded with their digests
        data = (release / name).read_bytes()
        assert (folder / "upstream" / name).read_bytes() == data
        assert hashlib.sha256(data).hexdigest() in spec.read_text(encoding="utf-8")
        assert hashlib.sha256(data).hexdigest() in (folder / "upstream" / "README.md").read_text()
    text = spec.read_text(encoding="utf-8")
    assert '  version: "2.5.0"\n' in text
    assert 'changes:\n  - title: "Upstream @agentclientprotocol/sdk 2.5.0"\n' in text
    # the report is the release's changes alone, its old side named by commit
    report = json.loads((folder / "changes" / "sdk-2.5.0.json").read_text(encoding="utf-8"))
    assert list(Draft202012Validator(DIFF_SCHEMA).iter_errors(report)) == []
    assert report["old"] == f"git:{commit}:spec/upstream/schema.unstable.json"
    assert {(f["rule"], f["where"]) for f in report["findings"]} == {
        ("property-added", "#/$defs/SessionInfo/properties/pinned"),
        ("method-added", "session/rename"),
    }
    # the changed and new defs imported, the new method written with what the release says
    assert "Response from listing sessions. Newer." in text
    assert "\n  RenameSessionRequest:\n" in text and "\n  session/rename:\n" in text
    assert "    direction: client-to-agent\n    stability: unstable\n" in text
    # what is left: the new method's retry class, at its entry, and nothing else
    left = out.split("to decide:\n")[1].split("\n\n")[0].splitlines()
    line = text.splitlines().index("  session/rename:") + 1
    assert len(left) == 1 and left[0].startswith(f"{spec}:{line}:3: session/rename is new: choose")
    decided = text.replace("        class: undecided\n", "        class: idempotent\n")
    spec.write_text(decided, encoding="utf-8")
    checked, _ = load_checked(spec)
    assert checked.upstream.version == "2.5.0" and "session/rename" in checked.methods


@pytest.mark.slow
def test_a_release_is_taken_from_its_npm_package(tmp_path: Path) -> None:
    spec = write_spec(tmp_path / "spec")
    release = _release(tmp_path / "release")
    package = tmp_path / "sdk-2.5.0.tgz"
    with tarfile.open(package, "w:gz") as archive:
        archive.add(release / "schema.json", "package/schema/v2/schema.json")
        archive.add(release / "schema.unstable.json", "package/schema/v2/schema.unstable.json")
        archive.add(release / "schema.json", "package/../../escape.json")  # never unpacked
    code, out, err = _take(spec, package, "--version", "2.5.0")
    assert (code, err) == (0, "") and "added method session/rename" in out
    assert (spec.parent / "upstream" / "schema.unstable.json").read_bytes() == (
        release / "schema.unstable.json"
    ).read_bytes()
    assert not (tmp_path.parent / "escape.json").exists()
    report = json.loads((spec.parent / "changes" / "sdk-2.5.0.json").read_text(encoding="utf-8"))
    assert report["old"] == "upstream @agentclientprotocol/sdk 2.4.0"  # no repository here


def test_what_is_no_release_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    spec = write_spec(tmp_path / "spec")
    before = {p: p.read_bytes() for p in spec.parent.rglob("*") if p.is_file()}
    empty = tmp_path / "empty"
    empty.mkdir()
    code, _, err = _take(spec, empty, "--version", "2.5.0")
    assert code == 1 and "cannot read" in err and "nothing was written" in err
    code, _, err = _take(spec, tmp_path / "none.txt", "--version", "2.5.0")
    assert code == 1 and "neither a folder nor an npm package" in err
    code, _, err = _take(spec, empty, "--commit", "main")
    assert code == 1 and "give the 40 hex digits" in err
    after = {p: p.read_bytes() for p in spec.parent.rglob("*") if p.is_file()}
    assert after == before


def test_the_least_value_of_a_schema() -> None:
    defs = {"Id": {"type": "string", "minLength": 3}, "Kind": {"enum": ["a", "b"]}}
    schema = {
        "type": "object",
        "properties": {
            "id": {"$ref": "#/$defs/Id"},
            "kind": {"$ref": "#/$defs/Kind"},
            "n": {"type": "integer", "minimum": 2},
            "list": {"type": "array", "items": {"type": "boolean"}, "minItems": 1},
            "tag": {"anyOf": [{"const": "text"}, {"type": "null"}]},
            "left": {"type": "string"},
        },
        "required": ["id", "kind", "n", "list", "tag"],
    }
    assert least_value(schema, defs) == {"id": "xxx", "kind": "a", "n": 2, "list": [False],
                                         "tag": "text"}  # fmt: skip
