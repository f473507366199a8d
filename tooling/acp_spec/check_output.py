"""``acp-spec check --format text|json|github``: the diagnostics as a person, a tool or a CI
log reads them.

Every diagnostic has a stable rule id (spec/README.md's rule table), a severity, a place
(file, line, column, counted from 1), what is wrong (``message``) and what to do (``hint``).
``text`` is the compiler-style line ``check`` always printed; ``json`` one document (its
``version`` says its shape); ``github`` the workflow commands GitHub Actions turns into
annotations on the lines of a pull request.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence

from .diagnostics import Diagnostic

FORMATS = ("text", "json", "github")
JSON_VERSION = 1
# a diagnostic without an id: none should reach here (a test holds every one made outside
# the rules' runner to its id), but a new one missing it is still printed, under this
UNCLASSIFIED = "spec"


def rule_of(diagnostic: Diagnostic) -> str:
    return diagnostic.rule or UNCLASSIFIED


def as_record(diagnostic: Diagnostic) -> dict[str, object]:
    where = diagnostic.position
    return {
        "rule": rule_of(diagnostic),
        "severity": diagnostic.severity,
        "file": where.file,
        "line": where.line,
        "column": where.column,
        "message": diagnostic.what,
        "hint": diagnostic.hint,
    }


def as_json(diagnostics: Sequence[Diagnostic]) -> str:
    errors = sum(d.severity == "error" for d in diagnostics)
    document = {
        "version": JSON_VERSION,
        "ok": errors == 0,
        "errors": errors,
        "warnings": len(diagnostics) - errors,
        "diagnostics": [as_record(d) for d in diagnostics],
    }
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def _escape_data(text: str) -> str:
    """A workflow command's message: ``%``, CR and LF escaped (GitHub's toolkit rules)."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    """A workflow command's property value: also ``:`` and ``,``, which end it."""
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def as_github(diagnostics: Sequence[Diagnostic]) -> str:
    lines = []
    for d in diagnostics:
        where = d.position
        props = ",".join(
            f"{key}={_escape_property(str(value))}"
            for key, value in (
                ("file", where.file),
                ("line", where.line),
                ("col", where.column),
                ("title", f"acp-spec {rule_of(d)}"),
            )
        )
        lines.append(f"::{d.severity} {props}::{_escape_data(d.message)}")
    return "".join(line + "\n" for line in lines)


def as_text(diagnostics: Sequence[Diagnostic]) -> str:
    return "".join(d.render() + "\n" for d in diagnostics)


RENDERERS: dict[str, Callable[[Sequence[Diagnostic]], str]] = {
    "text": as_text,
    "json": as_json,
    "github": as_github,
}
