"""``acp-spec check --format text|json|github``: every diagnostic with a stable rule id, a
severity, its place, what is wrong and what to do; and no error that an earlier one causes."""

from __future__ import annotations

import ast
import contextlib
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from acp_spec import cli, diagnostic_ids, rules
from acp_spec.check_cmd import GENERATED_RULE
from acp_spec.check_output import as_github, as_json
from acp_spec.diagnostics import Diagnostic, Position, SpecError
from acp_spec.diff.catalog import RULES as DIFF_RULES
from acp_spec.diff.upstream import UPSTREAM_CHECKS
from acp_spec.diff_inputs import read_accept, read_schema
from acp_spec.pipeline import checks
from acp_spec.rules import RULE_IDS, RULES
from acp_spec.side_files import read_releases
from support.paths import REPO, SPEC_PATH
from support.specs import write_spec

TEXT = SPEC_PATH.read_text(encoding="utf-8")
PACKAGE = REPO / "tooling" / "acp_spec"


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
    # two artifacts may check one kind of name (a method's file: the vectors' and the docs')
    above = sorted({c.id for c in (*UPSTREAM_CHECKS, *checks())})
    every = [*ids, *above, *diagnostic_ids.CHECK]
    assert len(set(every)) == len(every)
    readme = (REPO / "spec" / "README.md").read_text(encoding="utf-8")
    rules = readme[readme.index("## Rules") :]
    check, others = rules.split("The other commands report", 1)
    assert set(every) == set(re.findall(r"^\| `([a-z-]+)`", check, re.M))
    assert set(diagnostic_ids.COMMANDS) == set(re.findall(r"^\| `([a-z-]+)`", others, re.M))
    # one id names one problem across the tools: `diff`'s findings have ids of their own
    findings = {rule.id for rule in DIFF_RULES}
    assert not set(every) & set(diagnostic_ids.COMMANDS)
    assert not (set(every) | set(diagnostic_ids.COMMANDS)) & findings


def _states_no_id(call: ast.Call) -> bool:
    named = isinstance(call.func, ast.Name) and call.func.id == "Diagnostic"
    return named and not any(k.arg == "rule" for k in call.keywords)


# The rules' runner stamps what a rule yields: those of the rules package, and the checks
# the layers above hand it (rules.Check), each with its id
_STAMPED_BY_CALLER = (
    "rules/",
    "emit/docs/checks.py",
    "emit/vectors/checks.py",
    "emit/models_checks.py",
    "emit/file_names.py",
)


def test_every_diagnostic_states_its_id_where_it_is_made() -> None:
    """Before, the loader's YAML problems had an id only when `check` loaded the spec (not
    an accept file, an upstream import or take), and the history's releases none at all."""
    unstated = [
        f"{path.relative_to(PACKAGE)}:{call.lineno}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if not str(path.relative_to(PACKAGE).as_posix()).startswith(_STAMPED_BY_CALLER)
        for call in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(call, ast.Call) and _states_no_id(call)
    ]
    assert unstated == []


def test_a_broken_release_list_has_its_rule(tmp_path: Path) -> None:
    """Before, `--format json` named it `spec`, the id of a problem no one classified."""
    path = write_spec(tmp_path)
    (tmp_path / "upstream" / "releases" / "releases.json").write_text("{}", encoding="utf-8")
    code, document = _json(path)
    assert code == 1
    [found] = document["diagnostics"]
    assert found["rule"] == "upstream-releases" and "releases" in found["message"], found
    assert found["hint"]


def test_a_release_without_defs_says_what_to_do(tmp_path: Path) -> None:
    folder = tmp_path / "upstream" / "releases"
    (folder / "r").mkdir(parents=True)
    (folder / "r" / "schema.unstable.json").write_text("{}", encoding="utf-8")
    entry = {"id": "r", "title": "R", "date": "2026-01-01", "schemas": "r"}
    (folder / "releases.json").write_text(json.dumps({"releases": [entry]}), encoding="utf-8")
    found = read_releases(tmp_path)
    assert isinstance(found, Diagnostic) and found.rule == diagnostic_ids.UPSTREAM_RELEASES
    assert found.what.endswith("has no $defs") and "`schemas`" in found.hint


def _problems(read: Any, *args: Any) -> list[Diagnostic]:
    with pytest.raises(SpecError) as caught:
        read(*args)
    return list(caught.value.diagnostics)


def test_the_other_commands_inputs_state_their_ids(tmp_path: Path) -> None:
    """The accept file's YAML problems were without an id before."""
    accept = tmp_path / "accept.yaml"
    accept.write_text("- rule: nope\n  where: x\n  reason: y\n- 3\n- rule: ''\n", encoding="utf-8")
    found = _problems(read_accept, accept)
    assert {d.rule for d in found} == {diagnostic_ids.DIFF_ACCEPT} and len(found) == 5
    # what to do, too: before, a missing key and an entry that is no mapping said nothing
    assert all(d.hint for d in found), [d.message for d in found if not d.hint]
    accept.write_text("rule: x\n", encoding="utf-8")
    [found_one] = _problems(read_accept, accept)
    assert found_one.hint.startswith("write each reviewed finding as `- {rule: ")
    accept.write_text("- rule: a\n\t where: x\n", encoding="utf-8")
    assert {d.rule for d in _problems(read_accept, accept)} == {diagnostic_ids.YAML}
    schema = tmp_path / "schema.json"
    schema.write_text('{"$defs": {"A": 1}}', encoding="utf-8")
    found = _problems(read_schema, schema, "schema.json")
    assert {d.rule for d in found} == {diagnostic_ids.DIFF_INPUT}


def test_the_tables_of_when_rules_wait_name_rules_that_run() -> None:
    """They name rules by id (a rule of a layer above is given to ``check``, not imported):
    a mistyped id would let its rule run on a spec too broken for it."""
    run = {*RULE_IDS.values(), *(c.id for c in (*UPSTREAM_CHECKS, *checks()))}
    waits = {w for waited in rules.WAITS_FOR.values() for w in waited}
    named = rules.NEEDS_EVERY_TYPE | rules.NEEDS_EVERY_METHOD | rules.NEEDS_UPSTREAM_LISTS
    assert named | set(rules.WAITS_FOR) | waits <= run


def test_the_pre_commit_hooks_run_on_every_file_check_guards() -> None:
    """Before, `files: ^(spec/|generated/)` let an edit of a generated docs page (site/docs/)
    be committed without a check."""
    from ruamel.yaml import YAML

    hooks = YAML(typ="safe").load((REPO / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    manifest = json.loads((REPO / "generated" / "manifest.json").read_text(encoding="utf-8"))
    guarded = [*manifest["files"], "generated/manifest.json", "spec/acp-v2.yaml",
               "spec/acp-v2.vector-ids.txt", "spec/upstream/schema.json",
               "spec/changes/sdk-2.4.0.json", "tooling/acp_spec/templates/changes.md.j2",
               "README.md"]  # fmt: skip
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
