"""The verdicts as text for a person or as JUnit XML for CI."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Sequence

from .runner import Result


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
