"""What passed between the runner and the side under test during one trace, in order."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any, Literal


@dataclass
class Entry:
    seq: int
    at: float  # seconds since the trace began
    connection: str
    direction: Literal["sent", "received", "note"]
    message: Any  # the parsed JSON, or the raw text of a line that is not JSON
    dropped: bool = False  # a drop-response fault discarded it
    matched: int | None = None  # the expect step that took it

    def render(self, chars: int = 2000) -> str:
        """One line; a message longer than ``chars`` is cut, saying how much was."""
        arrow = {"sent": "runner ->", "received": "runner <-", "note": "        "}[self.direction]
        text = (
            self.message
            if self.direction == "note" or isinstance(self.message, str)
            else json.dumps(self.message, ensure_ascii=False, separators=(",", ":"))
        )
        if len(text) > chars:
            text = f"{text[:chars]}... ({len(text) - chars} more characters cut)"
        marks = " (dropped by the fault)" if self.dropped else ""
        if self.matched is not None:
            marks += f" (step {self.matched})"
        return f"{self.at:7.3f}s {self.connection:>4} {arrow} {text}{marks}"


@dataclass
class Transcript:
    entries: list[Entry] = field(default_factory=list)
    started: float = field(default_factory=time.monotonic)

    def add(
        self, connection: str, direction: Literal["sent", "received", "note"], message: Any
    ) -> Entry:
        entry = Entry(
            len(self.entries) + 1, time.monotonic() - self.started, connection, direction, message
        )
        self.entries.append(entry)
        return entry

    def render(self, entries: int = 300, chars: int = 2000) -> str:
        """The transcript, bounded: at most ``entries`` lines (the first and the last,
        saying how many between were cut), each of at most about ``chars`` characters."""
        shown = self.entries
        if len(shown) > entries:
            head = entries // 3
            tail = entries - head
            cut = len(shown) - entries
            lines = [e.render(chars) for e in shown[:head]]
            lines.append(f"         ... {cut} entries cut ...")
            lines.extend(e.render(chars) for e in shown[-tail:])
            return "\n".join(lines)
        return "\n".join(entry.render(chars) for entry in shown)
