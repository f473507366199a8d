"""Small edits of the real spec's text, with the mark ``⟦`` where a problem must be
reported (removed before the spec is written, so line and column are computed from the
text), and the command run on a spec in a subprocess."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

from support.paths import REPO, SPEC_PATH

SPEC = SPEC_PATH

Text = Callable[[str], str]


MARK = "⟦"


TIMEOUT = 120  # seconds; generous, the real spec takes ~2 s to check


def block(text: str, section: str, name: str) -> tuple[int, int]:
    """Start and end offsets of entry ``name`` of the top-level ``section`` (with its key line)."""
    head = re.search(rf"^{re.escape(section)}:\n", text, re.M)
    assert head, f"no top-level section {section!r} in the spec"
    entry = re.compile(rf"^  {MARK}?{re.escape(name)}:\n", re.M)  # an earlier edit may mark it
    found = entry.search(text, head.end())
    assert found, f"no entry {name!r} under {section}: the spec changed; update this case"
    end = re.compile(r"^(?:  [^ #\n]|[^ #\n])", re.M).search(text, found.end())
    return found.start(), end.start() if end else len(text)


def edit(section: str, name: str, old: str, new: str) -> Text:
    """Replace the one occurrence of ``old`` in entry ``name`` of ``section`` by ``new``."""

    def apply(text: str) -> str:
        start, end = block(text, section, name)
        body = text[start:end]
        count = body.count(old)
        assert count == 1, f"{old!r} occurs {count} times in {section} › {name}; update this case"
        return text[:start] + body.replace(old, new) + text[end:]

    return apply


def append(entries: str) -> Text:
    """Add entries at the end of the file, which is the types section."""

    def apply(text: str) -> str:
        last = text.rstrip("\n").rsplit("\n", 1)[-1]
        assert last.startswith("  "), "the spec no longer ends in the types section"
        assert re.search(r"^types:\n", text, re.M)
        return text.rstrip("\n") + "\n" + entries

    return apply


def in_trace(trace_id: str, old: str, new: str) -> Text:
    """Replace the one occurrence of ``old`` in the trace ``trace_id`` (an item of the
    ``traces`` list) by ``new``."""

    def apply(text: str) -> str:
        head = re.search(r"^traces:\n", text, re.M)
        assert head, "no top-level section 'traces' in the spec"
        found = re.compile(rf"^  - {MARK}?id: {MARK}?{re.escape(trace_id)}\n", re.M).search(
            text, head.end()
        )
        assert found, f"no trace {trace_id!r}: the spec changed; update this case"
        end = re.compile(r"^(?:  - |[^ #\n])", re.M).search(text, found.end())
        stop = end.start() if end else len(text)
        body = text[found.start() : stop]
        count = body.count(old)
        assert count == 1, f"{old!r} occurs {count} times in trace {trace_id}; update this case"
        return text[: found.start()] + body.replace(old, new) + text[stop:]

    return apply


def chain(*steps: Text) -> Text:
    def apply(text: str) -> str:
        for step in steps:
            text = step(text)
        return text

    return apply


def lines_equal_to(needle: str, text: str) -> list[int]:
    """The numbers of the lines of ``text`` that are exactly ``needle``."""
    return [i for i, line in enumerate(text.split("\n"), start=1) if line == needle]


def resolve(marked: str) -> tuple[str, list[tuple[int, int]]]:
    """The text without marks, and the (line, column) of each mark; columns count characters."""
    positions = []
    while (index := marked.find(MARK)) >= 0:
        before = marked[:index]
        positions.append((before.count("\n") + 1, index - (before.rfind("\n") + 1) + 1))
        marked = before + marked[index + 1 :]
    return marked, positions


def run_check(spec: Path, timeout: float = TIMEOUT, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "ACP_SPEC_DEBUG"}
    command = [sys.executable, "-m", "acp_spec", "--spec", str(spec), *(args or ("check",))]
    return subprocess.run(
        command,
        capture_output=True,
        text=True,
        encoding="utf-8",
        errors="replace",
        timeout=timeout,
        cwd=REPO,
        env=env,
        check=False,
    )
