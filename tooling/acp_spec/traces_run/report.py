"""The verdicts as text for a person or as JUnit XML for CI."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from typing import Any

from .runner import Result
from .transcript import Entry, Transcript


def _details(result: Result) -> str:
    failure = result.failure
    assert failure is not None
    lines = [f"step {failure.step} ({failure.kind}): {failure.what}"]
    for pattern in failure.expected:
        lines.append(f"  expected: {json.dumps(pattern, ensure_ascii=False)}")
    if failure.expected and not failure.came:
        lines.append("  came: nothing unmatched")
    for came in failure.came:
        lines.append(f"  came: {came}")
    return "\n".join(lines)


def text(results: Sequence[Result], side: str, verbose: bool = False) -> str:
    out: list[str] = []
    for result in results:
        verdict = "skip" if result.skipped else "pass" if result.passed else "FAIL"
        out.append(f"{verdict}  {result.id}  ({result.seconds:.2f} s)  {result.trace['title']}")
        if result.skipped:
            out.append(f"      skipped: {result.skipped}")
        elif not result.passed or verbose:
            if not result.passed:
                out.extend("      " + line for line in _details(result).splitlines())
            out.append("      transcript:")
            out.extend("        " + line for line in result.transcript.render().splitlines())
            if result.stderr:
                out.append(f"      the {side}'s stderr (last lines):")
                out.extend("        " + line for line in result.stderr.splitlines())
    failed = sum(r.failure is not None for r in results)
    skipped = sum(r.skipped is not None for r in results)
    passed = len(results) - failed - skipped
    also = f", {skipped} skipped" if skipped else ""
    out.append(f"{passed} passed, {failed} failed{also} ({side} traces)")
    return "\n".join(out) + "\n"


def junit(results: Sequence[Result], side: str) -> str:
    suite = ET.Element(
        "testsuite",
        name=f"acp-spec traces ({side})",
        tests=str(len(results)),
        failures=str(sum(r.failure is not None for r in results)),
        errors="0",
        skipped=str(sum(r.skipped is not None for r in results)),
        time=f"{sum(r.seconds for r in results):.3f}",
    )
    for result in results:
        case = ET.SubElement(
            suite, "testcase", classname=f"traces.{side}", name=result.id,
            time=f"{result.seconds:.3f}",
        )  # fmt: skip
        if result.skipped is not None:
            ET.SubElement(case, "skipped", message=result.skipped)
        if result.failure is not None:
            failure = ET.SubElement(
                case, "failure",
                message=f"step {result.failure.step}: {result.failure.what}",
                type=result.failure.kind,
            )  # fmt: skip
            failure.text = _details(result)
        ET.SubElement(case, "system-out").text = result.transcript.render()
        if result.stderr:
            ET.SubElement(case, "system-err").text = result.stderr
    root = ET.Element("testsuites")
    root.append(suite)
    ET.indent(root)
    return ET.tostring(root, encoding="unicode", xml_declaration=True) + "\n"


REPORT_SCHEMA = "traces-report.schema.json"
TRANSCRIPT_ENTRIES = 300  # in a report: the first third and the last of a longer transcript
MESSAGE_CHARS = 2000  # of a message's JSON text, beyond which it is cut


def _entry(entry: Entry) -> dict[str, Any]:
    out: dict[str, Any] = {
        "seq": entry.seq,
        "at": round(entry.at, 3),
        "connection": entry.connection,
        "direction": entry.direction,
    }
    message = entry.message
    shown = message if isinstance(message, str) else json.dumps(message, ensure_ascii=False)
    if len(shown) > MESSAGE_CHARS:
        # too big to repeat: its text's start, and how much was cut
        out["message"] = shown[:MESSAGE_CHARS]
        out["cut"] = len(shown) - MESSAGE_CHARS
    else:
        out["message"] = message
    if entry.dropped:
        out["dropped"] = True
    if entry.matched is not None:
        out["matched"] = entry.matched
    return out


def _transcript(transcript: Transcript) -> dict[str, Any]:
    entries = transcript.entries
    cut = max(0, len(entries) - TRANSCRIPT_ENTRIES)
    if cut:
        head = TRANSCRIPT_ENTRIES // 3
        entries = [*entries[:head], *entries[len(entries) - (TRANSCRIPT_ENTRIES - head) :]]
    return {"entries": [_entry(e) for e in entries], "cut": cut}


def _outcome(result: Result) -> str:
    return "skip" if result.skipped is not None else "pass" if result.passed else "fail"


def json_report(results: Sequence[Result], side: str, command: Sequence[str]) -> str:
    """The verdicts for a machine (traces-report.schema.json): each trace's rules, outcome,
    failing step, transcript and the tail of the peer's stderr, every part bounded."""
    traces = []
    for result in results:
        failure = result.failure
        traces.append(
            {
                "id": result.id,
                "title": result.trace["title"],
                "rule": result.trace["rule"],
                "rules": list(result.trace.get("rules", [])),
                "outcome": _outcome(result),
                "seconds": round(result.seconds, 3),
                "skipped": result.skipped,
                "failure": None
                if failure is None
                else {
                    "step": failure.step,
                    "kind": failure.kind,
                    "what": failure.what,
                    "expected": failure.expected,
                    "came": failure.came,
                },
                "transcript": _transcript(result.transcript),
                "stderr": result.stderr,
            }
        )
    outcomes = [t["outcome"] for t in traces]
    report = {
        "$schema": REPORT_SCHEMA,
        "side": side,
        "command": list(command),
        "summary": {k: outcomes.count(k) for k in ("pass", "fail", "skip")},
        "traces": traces,
    }
    return json.dumps(report, ensure_ascii=False, indent=2) + "\n"
