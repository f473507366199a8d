"""A rule's case: an edit of the real spec with the mark ``⟦`` where the rule must report,
loaded in process and asserted at the mark."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from acp_spec.diagnostics import Diagnostic, SpecError
from acp_spec.pipeline import load_spec

from support.paths import SPEC_PATH

SPEC_DIR = SPEC_PATH.parent
MARK = "⟦"


@dataclass(frozen=True)
class Case:
    id: str
    rule: str  # the id of the rule that reports it (spec/README.md's rule table)
    old: str  # text of the real spec, exactly once (after ``within``)
    new: str  # its replacement, with MARK where the problem must be reported
    message: str  # a substring of the message at the mark
    within: str = ""  # a line that precedes ``old``, to pick the right occurrence
    warning: bool = False


def _apply(text: str, case: Case) -> str:
    start = text.index(case.within) if case.within else 0
    at = text.index(case.old, start)
    return text[:at] + case.new + text[at + len(case.old) :]


def mark_position(marked: str) -> tuple[int, int]:
    before = marked[: marked.index(MARK)]
    return before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1


def run_case(
    case: Case, tmp_path: Path
) -> tuple[list[Diagnostic], list[Diagnostic], tuple[int, int]]:
    folder = tmp_path / "spec"
    shutil.copytree(SPEC_DIR, folder)
    marked = _apply((SPEC_DIR / "acp-v2.yaml").read_text(encoding="utf-8"), case)
    assert marked.count(MARK) == 1, case.id
    (folder / "acp-v2.yaml").write_text(marked.replace(MARK, ""), encoding="utf-8")
    try:
        spec = load_spec(folder / "acp-v2.yaml")
    except SpecError as err:
        return list(err.diagnostics), [], mark_position(marked)
    return [], list(spec.warnings), mark_position(marked)


def reported_at_the_mark(case: Case, tmp_path: Path) -> None:
    """The case's message, by its rule, at the mark (and no error beside a warning)."""
    errors, warnings, (line, column) = run_case(case, tmp_path)
    found = warnings if case.warning else errors
    if case.warning:
        assert errors == [], [e.render() for e in errors]
    at_mark = [d for d in found if (d.position.line, d.position.column) == (line, column)]
    rendered = [d.render() for d in found]
    assert any(case.message in d.message for d in at_mark), (line, column, rendered)
    assert [d.rule for d in at_mark if case.message in d.message] == [case.rule]
