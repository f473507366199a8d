"""`acp-spec diff` of the upstream release the spec follows against the spec reports exactly
what the spec lists as intended (`upstream › differences` and `› departures`), and `check`
holds the spec to that list."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from acp_spec import cli
from acp_spec.diagnostics import SpecError
from acp_spec.diff.upstream import against_upstream
from acp_spec.emit.docs import emit_docs
from acp_spec.index import index_of
from acp_spec.model import Spec
from acp_spec.spec import load_spec
from support.paths import SPEC_PATH
from support.specs import write_spec

SPEC_TEXT = SPEC_PATH.read_text(encoding="utf-8")
MCP_DEPARTURE = "    - method: mcp/message\n"


def test_every_finding_is_listed_and_every_entry_found(real_spec: Spec) -> None:
    report = against_upstream(real_spec, index_of(real_spec))
    assert report is not None
    assert report.unexplained == ()
    empty = [e.entry for e in report.explained if not e.findings]
    assert empty == []
    kinds = {type(e.entry).__name__ for e in report.explained}
    assert kinds == {"Difference", "Departure"}


def test_the_command_reports_exactly_the_listed_entries(
    real_spec: Spec, capsys: pytest.CaptureFixture[str]
) -> None:
    release = SPEC_PATH.parent / "upstream" / "schema.unstable.json"
    code = cli.main(["diff", str(release), str(SPEC_PATH), "--format", "json", "--docs",
                     "--fail-on", "never"])  # fmt: skip
    assert code == 0
    reported = {(f["rule"], f["where"]) for f in json.loads(capsys.readouterr().out)["findings"]}
    report = against_upstream(real_spec, index_of(real_spec))
    assert report is not None
    listed = {(f.rule, f.where) for e in report.explained for f in e.findings}
    assert reported == listed
    # the RFD's additions are among them
    assert ("def-added", "#/$defs/IdempotencyKey") in reported
    assert ("property-added", "#/$defs/PromptRequest/properties/idempotencyKey") in reported


def test_an_unlisted_departure_fails_check(tmp_path: Path) -> None:
    start = SPEC_TEXT.index(MCP_DEPARTURE)
    end = SPEC_TEXT.index("\n\n", start) + 1  # the last departure: up to the blank line
    if SPEC_TEXT[:start].endswith("  departures:\n"):  # the only one: the list goes too
        start -= len("  departures:\n")
    with pytest.raises(SpecError) as refused:
        load_spec(write_spec(tmp_path, SPEC_TEXT[:start] + SPEC_TEXT[end:]))
    messages = [d.message for d in refused.value.diagnostics]
    assert any("method-direction-changed at mcp/message" in m for m in messages), messages


def test_a_departure_that_no_longer_is_one_fails_check(tmp_path: Path) -> None:
    extra = MCP_DEPARTURE.replace("mcp/message", "session/prompt") + "      why: Guessed.\n"
    text = SPEC_TEXT.replace(MCP_DEPARTURE, extra + MCP_DEPARTURE, 1)
    with pytest.raises(SpecError) as refused:
        load_spec(write_spec(tmp_path, text))
    found = [d for d in refused.value.diagnostics if "no longer one" in d.message]
    assert len(found) == 1
    line = text[: text.index(extra)].count("\n") + 1
    assert found[0].position.line == line


# --- the changelog: reports of acp-spec diff, read with the spec --------------------------

REPORT_LINE = "    report: changes/sdk-2.4.0.json\n"


def test_the_changes_page_lists_each_step_with_its_findings(real_spec: Spec) -> None:
    (change,) = real_spec.changes
    page = emit_docs(real_spec, index_of(real_spec))["site/docs/changes.md"].decode()
    assert f"## {change.title}" in page
    # the rebase's real changes: nes/start left v2, PromptRequest.prompt gained minItems
    assert "nes/start" in page and "`method-removed`" in page
    assert "#/$defs/PromptRequest/properties/prompt" in page


@pytest.mark.parametrize(
    ("report", "says"),
    [
        (None, "cannot read the report"),
        ("{", "cannot be read (not JSON: Expecting property name"),
        ('{"findings": 3}', "is not what"),
    ],
)
def test_a_missing_or_broken_report_is_refused_at_its_entry(
    tmp_path: Path, report: str | None, says: str
) -> None:
    path = write_spec(tmp_path)
    target = tmp_path / "changes" / "sdk-2.4.0.json"
    if report is None:
        target.unlink()
    else:
        target.write_text(report, encoding="utf-8")
    with pytest.raises(SpecError) as refused:
        load_spec(path)
    (problem,) = refused.value.diagnostics
    assert says in problem.message
    assert problem.position.line == SPEC_TEXT[: SPEC_TEXT.index(REPORT_LINE)].count("\n") + 1
