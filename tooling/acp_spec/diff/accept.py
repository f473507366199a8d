"""``--accept FILE``: findings reviewed and accepted, so that they no longer fail the run.

The file is a YAML list of ``{rule, where, reason}``, read with positions like the spec:

    - rule: property-now-required
      where: "#/$defs/PromptResponse/properties/messageId"
      reason: The RFD answers a keyed retry with the original message id.

An accepted finding is still shown, marked accepted with its reason. An entry that matches
no finding is stale and reported (rule ``accept-stale``) so the file does not rot.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ..diagnostic_ids import DIFF_ACCEPT
from ..diagnostics import Diagnostic, Position, SpecError, did_you_mean, one_of
from ..yamlsource import load
from .catalog import BY_ID
from .finding import Finding
from .sources import InputError

_KEYS = ("rule", "where", "reason")
_ENTRY = "`- {rule: RULE, where: WHERE, reason: WHY}`"
# what each key holds, for the hint of a key that is missing or empty
_HOLDS = {
    "rule": "the id of a rule of `acp-spec diff --rules`",
    "where": "the finding's `where`, as `acp-spec diff --format json` prints it",
    "reason": "why the change is accepted, for the reviewer",
}


@dataclass(frozen=True)
class Entry:
    rule: str
    where: str
    reason: str
    position: Position


@dataclass(frozen=True)
class Judged:
    finding: Finding
    accepted: str | None = None  # the reason, when an entry of the accept file covers it


def read_accept(path: Path, display: str | None = None) -> tuple[Entry, ...]:
    """The entries of an accept file; raises SpecError naming every problem in it."""
    if not path.is_file():
        raise InputError(f"--accept {path}: no such file; give the YAML list of reviewed "
                         "findings ({rule, where, reason})")  # fmt: skip
    source = load(path, display or str(path))
    data, where = source.data, source.where
    if data is None:
        return ()
    if not isinstance(data, list):
        raise SpecError([Diagnostic(where.at(()), f"the accept file must be a list of {{rule, "
                                    f"where, reason}} entries; write each reviewed finding as "
                                    f"{_ENTRY}", rule=DIFF_ACCEPT)])  # fmt: skip
    entries: list[Entry] = []
    problems: list[Diagnostic] = []
    seen: dict[tuple[str, str], Position] = {}
    for i, item in enumerate(data):
        at = where.at((i,))
        if not isinstance(item, dict):
            problems.append(Diagnostic(at, "an entry must be a mapping with rule, where and "
                                       f"reason; write it as {_ENTRY}", rule=DIFF_ACCEPT))  # fmt: skip
            continue
        for key in sorted(set(item) - set(_KEYS)):
            problems.append(Diagnostic(where.at((i, key), key=True), f"unknown key "
                                       f"'{key}'{did_you_mean(key, _KEYS)}; an entry has "
                                       f"{one_of(_KEYS)}", rule=DIFF_ACCEPT))  # fmt: skip
        missing = [key for key in _KEYS if not isinstance(item.get(key), str) or not item[key]]
        for key in missing:
            problems.append(Diagnostic(where.at((i, key)) if key in item else at,
                                       f"'{key}' must be a non-empty string; give {_HOLDS[key]}",
                                       rule=DIFF_ACCEPT))  # fmt: skip
        if missing:
            continue
        rule = item["rule"]
        if rule not in BY_ID:
            problems.append(Diagnostic(where.at((i, "rule")), f"unknown rule '{rule}'"
                                       f"{did_you_mean(rule, BY_ID)}; `acp-spec diff --rules` "
                                       "lists them", rule=DIFF_ACCEPT))  # fmt: skip
            continue
        key = (rule, item["where"])
        if key in seen:
            problems.append(Diagnostic(at, f"{rule} at {item['where']} is already accepted at "
                                       f"line {seen[key].line}; keep one entry",
                                       rule=DIFF_ACCEPT))  # fmt: skip
            continue
        seen[key] = at
        entries.append(Entry(rule, item["where"], item["reason"], at))
    if problems:
        raise SpecError(problems)
    return tuple(entries)


def judge(
    findings: Iterable[Finding], entries: Iterable[Entry]
) -> tuple[list[Judged], list[Finding]]:
    """Each finding with the reason it was accepted for, if any, and a finding for each
    entry that matches nothing."""
    by_key = {(e.rule, e.where): e for e in entries}
    used: set[tuple[str, str]] = set()
    judged = []
    for finding in findings:
        entry = by_key.get((finding.rule, finding.where))
        if entry is not None:
            used.add((entry.rule, entry.where))
        judged.append(Judged(finding, entry.reason if entry else None))
    stale = []
    for key, e in by_key.items():
        if key not in used:
            message = f"{e.position}: the accepted {e.rule} at {e.where} matches no finding"
            stale.append(Finding.of("accept-stale", e.where, [], f"{message}; remove the entry"))
    return judged, stale
