"""The docs page Changes: one section per changelog entry, each table closed before the next
heading, accepted findings shown as accepted with their reason and not counted as breaking;
and the reports `acp-spec diff --format json` writes name commits, not refs."""

from __future__ import annotations

import contextlib
import copy
import io
import json
import re
import subprocess
from dataclasses import replace
from pathlib import Path
from typing import Any

import markdown
from acp_spec import cli
from acp_spec.emit.docs.page import Page
from acp_spec.emit.docs.paths import CHANGES
from acp_spec.emit.docs.render import environment
from acp_spec.emit.docs.site import build_site
from acp_spec.index import index_of
from acp_spec.model import Change, Spec
from support.paths import REPO, SPEC_PATH

REPORT: dict[str, Any] = json.loads((SPEC_PATH.parent / "changes" / "sdk-2.4.0.json").read_text())
REASON = "Reviewed: upstream made the id non-null on purpose."


def _newer_report() -> dict[str, Any]:
    """A second step: the release's report with its first breaking finding accepted."""
    report = copy.deepcopy(REPORT)
    first = report["findings"][0]
    assert first["severity"] == "breaking" and not first["accepted"]
    first.update(accepted=True, reason=REASON)
    report["summary"]["breaking"] -= 1
    report["summary"]["accepted"] = 1
    return report


def _page(spec: Spec) -> str:
    site = build_site(spec, index_of(spec))
    return str(environment().get_template("changes.md.j2").render(site=site, page=Page(site, CHANGES)))  # fmt: skip


def test_two_entries_render_as_two_sections_with_closed_tables(real_spec: Spec) -> None:
    """Before, nothing separated a table from the heading after it: the heading became a
    row of the table, and left the table of contents."""
    newer = Change("A newer step", "2026-12-05", _newer_report())
    spec = replace(real_spec, changes=(newer, *real_spec.changes))
    text = _page(spec)
    lines = text.splitlines()
    for number, line in enumerate(lines):
        if line.startswith("#") and number > 0:
            assert lines[number - 1] == "", (number, line)
    html = markdown.markdown(text, extensions=["tables"])
    assert len(re.findall(r"<h2>", html)) == 2
    # the newer entry: breaking, warning, info, accepted; the older: breaking, warning, info
    headings = re.findall(r"<h3>([A-Za-z]+) \((\d+)\)</h3>", html)
    assert [h for h, _ in headings] == ["Breaking", "Warning", "Info", "Accepted",
                                        "Breaking", "Warning", "Info"]  # fmt: skip
    assert headings[0] == ("Breaking", str(REPORT["summary"]["breaking"] - 1))
    assert headings[3] == ("Accepted", "1")
    assert "<td>" not in html.split("<h2>")[2].split("<table>")[0]  # no heading in a table


def test_an_accepted_finding_is_shown_with_its_reason_not_as_breaking(real_spec: Spec) -> None:
    spec = replace(real_spec, changes=(Change("Step", "2026-12-05", _newer_report()),))
    text = _page(spec)
    breaking = text.split("### Breaking")[1].split("###")[0]
    accepted = text.split("### Accepted")[1]
    where = REPORT["findings"][0]["where"]
    assert f"`{where}`" not in breaking and f"`{where}`" in accepted
    assert REASON in accepted and "1 accepted" in text


def test_a_json_report_names_the_commit_of_a_git_input() -> None:
    """`git:HEAD` was stored as is, and meant another commit the day after."""
    head = subprocess.run(["git", "-C", str(REPO), "rev-parse", "HEAD"], capture_output=True,
                          text=True, check=True).stdout.strip()  # fmt: skip
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = cli.main(["--root", str(REPO), "diff", "git:HEAD", "git:HEAD", "--format", "json"])
    assert code == 0
    report = json.loads(out.getvalue())
    assert report["old"] == report["new"] == f"git:{head}"
    assert Path(REPO / "spec" / "acp-v2.yaml").is_file()
