"""``acp-spec check --format text|json|github``: every diagnostic with a stable rule id, a
severity, its place, what is wrong and what to do; and no error that an earlier one causes."""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from acp_spec import cli
from acp_spec.check_cmd import GENERATED_RULE
from acp_spec.check_output import as_github, as_json
from acp_spec.diagnostics import Diagnostic, Position
from acp_spec.rules import RULE_IDS, RULES
from acp_spec.rules.upstream import DIFFERENCES_RULE
from support.paths import REPO, SPEC_PATH
from support.specs import write_spec

TEXT = SPEC_PATH.read_text(encoding="utf-8")
# ids stamped outside the rules' runner: the loader's, the vector ids', the writer's
LOADER_IDS = ("yaml", "format", "upstream-files", "changes", "vector-ids", GENERATED_RULE,
              DIFFERENCES_RULE)  # fmt: skip


def _check(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(["check", *argv])
    return code, out.getvalue(), err.getvalue()


def _json(path: Path, *argv: str) -> tuple[int, dict[str, Any]]:
    code, out, err = _check("--spec", str(path), "--format", "json", *argv)
    assert err == ""
    document: dict[str, Any] = json.loads(out)
    return code, document


def _edit(text: str, old: str, new: str, within: str) -> str:
    at = text.index(old, text.index(within))
    return text[:at] + new + text[at + len(old) :]


@pytest.mark.parametrize(
    ("old", "new", "within", "rule"),
    [
        # a type the spec adds (listed in differences, a method's params): before, also
        # "differences names SessionOptionsRequest, which is not a type" and a models error
        ("    required: [sessionId]\n", "    ⟦requird: [sessionId]\n",
         "  SessionOptionsRequest:\n", "format"),
        # the keyed method's params: before, four more (keyed without a key, the models,
        # upstream defines PromptRequest, differences names it)
        ("    type: object\n", "    type: ⟦objekt\n", "  PromptRequest:\n", "format"),
        # an entry of upstream › differences: before, fourteen more (every routing union,
        # every type the spec adds "not listed")
        ("      kind: new-type\n", "      kind: ⟦new-tpe\n", "  differences:\n", "format"),
        # a method's retry class, now an enum of the format: before, upstream's schema
        # "has method session/close, which the spec lacks"
        ("        class: idempotent\n", "        class: ⟦idempotnet\n", "  session/close:\n",
         "format"),
        # a misspelt field: before, also "session/prompt is missing 'stability'"
        ("    stability: stable\n", "    ⟦stabilty: stable\n", "  session/prompt:\n", "format"),
        # a misspelt params type: before, also "keyed but its params never reach an
        # IdempotencyKey" and the models' "a reference to 'PromptReqest'"
        ("      params: PromptRequest\n", "      params: ⟦PromptReqest\n", "  session/prompt:\n",
         "references"),
        # a misspelt reference inside a type: before, also "PromptRequest differs from
        # upstream at /properties/sessionId/allOf/0/$ref"
        ("        $ref: SessionId\n", "        $ref: ⟦SessionIdd\n", "  PromptRequest:\n",
         "references"),
        # a method name that is none: before, also upstream's "session/close, which the spec
        # lacks", "session/Close! is stable, but upstream's schemas do not have it" and a
        # method-renamed finding
        ("\n  session/close:\n", "\n  ⟦session/Close!:\n", "\nmethods:\n", "method-names"),
    ],
)  # fmt: skip
def test_one_mistake_is_one_problem(
    tmp_path: Path, old: str, new: str, within: str, rule: str
) -> None:
    marked = _edit(TEXT, old, new, within)
    before = marked[: marked.index("⟦")]
    line, column = before.count("\n") + 1, len(before) - before.rfind("\n")
    path = write_spec(tmp_path, marked.replace("⟦", ""))
    code, document = _json(path)
    assert code == 1 and document["ok"] is False and document["errors"] == 1, document
    [found] = document["diagnostics"]
    assert (found["rule"], found["severity"], found["line"], found["column"]) == (
        rule, "error", line, column,
    )  # fmt: skip
    assert found["file"] == str(path) and found["message"] and found["hint"]


def test_json_names_each_problem_s_rule_and_a_stale_tree_file_by_file(tmp_path: Path) -> None:
    """A root without the generated files: the spec is valid, every file is missing."""
    code, document = _json(SPEC_PATH, "--root", str(tmp_path))
    assert code == 1 and document["version"] == 1 and document["warnings"] == 0
    rules = {d["rule"] for d in document["diagnostics"]}
    assert rules == {GENERATED_RULE}
    files = {d["file"] for d in document["diagnostics"]}
    assert "generated/schema.json" in files and "site/docs/index.md" in files
    first = document["diagnostics"][0]
    assert first["hint"] == "run `acp-spec generate` and commit the result"


def test_a_vector_id_problem_has_its_rule(tmp_path: Path) -> None:
    path = write_spec(tmp_path)
    ids = tmp_path / "acp-v2.vector-ids.txt"
    lines = ids.read_text(encoding="utf-8").splitlines(keepends=True)
    first = next(n for n, line in enumerate(lines) if line.strip() and not line.startswith("#"))
    ids.write_text("".join(lines[:first] + lines[first + 1 :]), encoding="utf-8")
    code, out, _ = _check("--spec", str(path), "--root", str(REPO), "--format", "github")
    assert code == 1
    assert re.search(r"^::error file=[^,]*acp-v2\.vector-ids\.txt,line=\d+,col=\d+,"
                     r"title=acp-spec vector-ids::", out, re.M), out  # fmt: skip


def test_github_annotations_escape_what_ends_a_command() -> None:
    diagnostic = Diagnostic(Position("a,b:c.yaml", 3, 4), "50% wrong\nhere; do, this: now",
                            severity="warning", rule="links")  # fmt: skip
    assert as_github([diagnostic]) == (
        "::warning file=a%2Cb%3Ac.yaml,line=3,col=4,title=acp-spec links::"
        "50%25 wrong%0Ahere; do, this: now\n"
    )


def test_json_splits_what_is_wrong_from_what_to_do() -> None:
    diagnostic = Diagnostic(Position("s.yaml", 1, 2), "x is wrong; fix x; then y", rule="tags")
    [record] = json.loads(as_json([diagnostic]))["diagnostics"]
    assert record == {"rule": "tags", "severity": "error", "file": "s.yaml", "line": 1,
                      "column": 2, "message": "x is wrong", "hint": "fix x; then y"}  # fmt: skip
    unstamped = Diagnostic(Position("s.yaml", 1, 1), "no hint here")
    [record] = json.loads(as_json([unstamped]))["diagnostics"]
    assert (record["rule"], record["hint"]) == ("spec", "")


def test_check_help_shows_its_options() -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit):
        cli.main(["check", "--help"])
    assert "--format {text,json,github}" in out.getvalue() and "--spec PATH" in out.getvalue()


def test_every_rule_has_an_id_listed_in_the_rule_table() -> None:
    ids = [RULE_IDS[rule] for rule in RULES if rule in RULE_IDS]
    assert len(ids) == len(RULES), [r.__name__ for r in RULES if r not in RULE_IDS]
    every = [*ids, *LOADER_IDS]
    assert len(set(every)) == len(every)
    readme = (REPO / "spec" / "README.md").read_text(encoding="utf-8")
    table = readme[readme.index("## Rules") :]
    listed = set(re.findall(r"^\| `([a-z-]+)`", table, re.M))
    assert set(every) == listed


def test_the_pre_commit_hooks_run_on_every_file_check_guards() -> None:
    """Before, `files: ^(spec/|generated/)` let an edit of a generated docs page (site/docs/)
    be committed without a check."""
    from ruamel.yaml import YAML

    hooks = YAML(typ="safe").load((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    manifest = json.loads((REPO / "generated" / "manifest.json").read_text(encoding="utf-8"))
    guarded = [*manifest["files"], "generated/manifest.json", "spec/acp-v2.yaml",
               "spec/acp-v2.vector-ids.txt", "spec/upstream/schema.json",
               "spec/changes/sdk-2.4.0.json", "tooling/acp_spec/templates/changes.md.j2"]  # fmt: skip
    assert any(p.startswith("site/docs/") for p in guarded)
    for hook in hooks:
        files = re.compile(hook["files"])
        assert [p for p in guarded if not files.search(p)] == [], hook["id"]


def test_what_the_docs_find_of_an_example_has_its_rule(tmp_path: Path) -> None:
    """A keyed-prompt example the schema rejects is found as the docs render it: before,
    `--format json` printed it as text (the SpecError left check through another door)."""
    old = "              prompt: [{type: text, text: Run the database migration}]\n"
    assert TEXT.count(old) >= 1
    path = write_spec(
        tmp_path, TEXT.replace(old, "              prompt: [{type: text, text: 5}]\n", 1)
    )
    code, document = _json(path)
    assert code == 1
    [found] = document["diagnostics"]
    assert found["rule"] == "examples" and "keyed-prompt example" in found["message"]
