"""The warning for types no method reaches (rule ``unreachable-types``)."""

from __future__ import annotations

import re
from pathlib import Path

from acp_spec.spec import load_spec
from support.paths import SPEC_PATH
from support.specs import write_spec

TEXT = SPEC_PATH.read_text(encoding="utf-8")


def _without_method(text: str, name: str) -> str:
    start = text.index(f"\n  {name}:\n") + 1
    end = re.compile(r"^  \S", re.M).search(text, start + 1)
    assert end is not None
    return text[:start] + text[end.start() :]


def test_the_real_spec_has_no_type_left_over() -> None:
    spec = load_spec(SPEC_PATH)
    assert [w for w in spec.warnings if w.rule == "unreachable-types"] == []


def test_a_type_left_over_by_a_removed_method_is_a_warning(tmp_path: Path) -> None:
    """session/options removed: its params and result, the spec's own types, stay behind."""
    text = _without_method(TEXT, "session/options")
    spec = load_spec(write_spec(tmp_path, text))
    found = [w for w in spec.warnings if w.rule == "unreachable-types"]
    lines = text.splitlines()
    assert [(w.position.line, w.severity) for w in found] == [
        (lines.index("  SessionOptionsRequest:") + 1, "warning"),
        (lines.index("  SessionOptionsResponse:") + 1, "warning"),
    ]
    assert (
        "type SessionOptionsRequest is reached by no method's params or result" in found[0].message
    )
