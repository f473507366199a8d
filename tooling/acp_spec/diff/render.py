"""The report in the three formats: text for a terminal, JSON (diff.schema.json describes
it) for tools, Markdown for a pull-request comment. Every format shows the findings in the
same order (Finding.sort_key: by method, then def)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import groupby

from .accept import Judged
from .catalog import SEVERITIES, SEVERITY_RANK
from .finding import Finding

FailOn = str  # a severity, or "never"
_MORE_METHODS = 4


@dataclass(frozen=True)
class Report:
    old: str
    new: str
    notes: tuple[str, ...]
    findings: tuple[Judged, ...]  # what is shown, in order
    hidden_docs: int  # docs-changed findings left out (no --docs)

    def counts(self) -> dict[str, int]:
        open_ = [j.finding.severity for j in self.findings if j.accepted is None]
        counts: dict[str, int] = {severity: open_.count(severity) for severity in SEVERITIES}
        counts["accepted"] = sum(j.accepted is not None for j in self.findings)
        return counts

    def fails(self, fail_on: FailOn) -> bool:
        """Whether a finding not accepted reaches ``fail_on``."""
        if fail_on == "never":
            return False
        floor = SEVERITY_RANK[fail_on]
        return any(
            j.accepted is None and SEVERITY_RANK[j.finding.severity] >= floor for j in self.findings
        )

    def summary(self) -> str:
        counts = self.counts()
        words = [f"{counts['breaking']} breaking", f"{counts['warning']} warning"
                 f"{'s' if counts['warning'] != 1 else ''}", f"{counts['info']} info"]  # fmt: skip
        text = ", ".join(words)
        if counts["accepted"]:
            text += f" ({counts['accepted']} accepted)"
        if self.hidden_docs:
            text += f"; {self.hidden_docs} docs-only change{'s' if self.hidden_docs != 1 else ''}"
            text += " not shown (--docs shows them)"
        return text


def _subject(finding: Finding) -> str:
    """What a finding is about, under its methods: a def, or what else it names."""
    if finding.def_name is not None:
        return finding.def_name
    if finding.rule == "accept-stale":
        return "(the accept file)"
    if finding.where.startswith("#"):
        return "(the envelope)"
    if finding.where.startswith("errors/"):
        return "(the error table)"
    return "(the method)"


def _methods_heading(methods: tuple[str, ...]) -> str:
    if not methods:
        return "(no method)"
    shown = ", ".join(methods[:_MORE_METHODS])
    more = len(methods) - _MORE_METHODS
    return shown + (f" and {more} more" if more > 0 else "")


def _groups(report: Report) -> Iterator[tuple[str, Iterator[tuple[str, list[Judged]]]]]:
    def by_def(items: list[Judged]) -> Iterator[tuple[str, list[Judged]]]:
        for name, group in groupby(items, key=lambda j: _subject(j.finding)):
            yield name, list(group)

    for methods, group in groupby(report.findings, key=lambda j: j.finding.methods):
        yield _methods_heading(methods), by_def(list(group))


def text(report: Report) -> str:
    lines = [f"acp-spec diff {report.old} → {report.new}"]
    lines += [f"note: {note}" for note in report.notes]
    for heading, defs in _groups(report):
        lines += ["", heading]
        for name, items in defs:
            lines.append(f"  {name}")
            for judged in items:
                f = judged.finding
                mark = f"  [accepted: {judged.accepted}]" if judged.accepted else ""
                lines.append(f"    {f.severity:9}{f.rule}  {f.where}{mark}")
                lines.append(f"             {f.message}")
    lines += ["", report.summary()]
    return "\n".join(lines) + "\n"


def as_json(report: Report) -> str:
    findings = []
    for judged in report.findings:
        f = judged.finding
        entry: dict[str, object] = {
            "rule": f.rule, "severity": f.severity, "where": f.where,
            "methods": list(f.methods), "message": f.message,
            "accepted": judged.accepted is not None,
        }  # fmt: skip
        if judged.accepted is not None:
            entry["reason"] = judged.accepted
        findings.append(entry)
    document = {
        "old": report.old,
        "new": report.new,
        "notes": list(report.notes),
        "summary": {**report.counts(), "hiddenDocs": report.hidden_docs},
        "findings": findings,
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def _cell(value: str) -> str:
    return value.replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;").replace("\n", " ")


def markdown(report: Report) -> str:
    lines = [f"### acp-spec diff: `{report.old}` → `{report.new}`", "", report.summary()]
    if report.notes:
        lines += [""] + [f"> {note}  " for note in report.notes]
    for severity in SEVERITIES:
        items = [j for j in report.findings if j.finding.severity == severity]
        if not items:
            continue
        title = f"{severity.capitalize()} ({len(items)})"
        rows = ["| rule | where | methods | change |", "| --- | --- | --- | --- |"]
        for judged in items:
            f = judged.finding
            change = _cell(f.message)
            if judged.accepted is not None:
                change = f"**accepted**: {_cell(judged.accepted)}<br>{change}"
            methods = _cell(", ".join(f.methods)) or "—"
            rows.append(f"| `{f.rule}` | `{_cell(f.where)}` | {methods} | {change} |")
        if severity == "breaking":
            lines += ["", f"#### {title}", "", *rows]
        else:
            lines += ["", f"<details><summary>{title}</summary>", "", *rows, "", "</details>"]
    return "\n".join(lines) + "\n"


RENDERERS: dict[str, Callable[[Report], str]] = {
    "text": text,
    "json": as_json,
    "markdown": markdown,
}
