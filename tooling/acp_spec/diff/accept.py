"""``--accept FILE``: findings reviewed and accepted, so that they no longer fail the run.

The file is a YAML list of ``{rule, where, reason}``, read with positions like the spec
(``acp_spec.diff_inputs.read_accept``):

    - rule: property-now-required
      where: "#/$defs/PromptResponse/properties/messageId"
      reason: The RFD answers a keyed retry with the original message id.

An accepted finding is still shown, marked accepted with its reason. An entry that matches
no finding is stale and reported (rule ``accept-stale``) so the file does not rot.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..diagnostics import Position
from .finding import Finding


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
