"""The README's artifact table: the region between two markers in README.md, made of the
artifact registry. ``generate`` rewrites it, ``check`` proves it current; the rest of the
README is hand-written and never touched. A project without the README, or whose README
has no markers, has no table to keep."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .diagnostic_ids import GENERATED
from .diagnostics import Diagnostic, Position, SpecError
from .readfile import regular_bytes
from .writer import replace_file

README = "README.md"
BEGIN = "<!-- artifacts:begin -->"
END = "<!-- artifacts:end -->"
_GENERATE = "run `acp-spec generate` and commit the result"


def _line(text: str, at: int) -> int:
    return text.count("\n", 0, at) + 1


def _region(text: str) -> tuple[int, int] | Diagnostic:
    """Where the table lies (after the begin marker's line, up to the end marker), or what
    is wrong with the markers; (-1, -1) when there are none."""
    begins, ends = text.count(BEGIN), text.count(END)
    if begins == ends == 0:
        return -1, -1
    first = text.find(BEGIN if begins else END)
    if begins != 1 or ends != 1:
        return Diagnostic(Position(README, _line(text, first), 1), f"{README} has {begins} "
                          f"{BEGIN} and {ends} {END}; keep one of each, the begin before the "
                          "end, around the artifact table", rule=GENERATED)  # fmt: skip
    start, end = text.index(BEGIN), text.index(END)
    line_end = text.find("\n", start)
    if end < start or line_end == -1 or line_end > end:
        return Diagnostic(Position(README, _line(text, end), 1), f"{END} must be on a line "
                          f"after {BEGIN}; put the artifact table between them", rule=GENERATED)  # fmt: skip
    return line_end + 1, end


def _read(root: Path) -> str | Diagnostic | None:
    try:
        data = regular_bytes(root / README)
    except FileNotFoundError:
        return None
    except OSError as err:
        return Diagnostic(Position(README, 1, 1), f"cannot read {README}: {err.strerror}; "
                          "restore it from git, or make it a readable file", rule=GENERATED)  # fmt: skip
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return Diagnostic(Position(README, 1, 1), f"{README} is not UTF-8; save it as UTF-8",
                          rule=GENERATED)  # fmt: skip


@dataclass(frozen=True)
class Stale:
    """README.md's artifact table is not the registry's: ``text`` is the README with it."""

    text: str
    line: int  # the begin marker's

    def problem(self) -> Diagnostic:
        return Diagnostic(Position(README, self.line, 1),
                          f"the artifact table between {BEGIN} and {END} is not the artifact "
                          f"registry's (pipeline.ARTIFACTS); {_GENERATE}", rule=GENERATED)  # fmt: skip


def stale(root: Path, table: str) -> Stale | None:
    """README.md with ``table`` between its markers, if that is not what it holds; None when
    it is, or when there is no table to keep. Raises SpecError when the README or its
    markers cannot be read (``generate`` then writes nothing)."""
    text = _read(root)
    if text is None:
        return None
    if isinstance(text, Diagnostic):
        raise SpecError([text])
    found = _region(text)
    if isinstance(found, Diagnostic):
        raise SpecError([found])
    start, end = found
    if start < 0 or text[start:end] == table:
        return None
    return Stale(text[:start] + table + text[end:], _line(text, text.index(BEGIN)))


def problems(root: Path, table: str) -> list[Diagnostic]:
    """What keeps README.md's artifact table from being ``table`` (``check``)."""
    try:
        found = stale(root, table)
    except SpecError as err:
        return list(err.diagnostics)
    return [] if found is None else [found.problem()]


def write(root: Path, found: Stale) -> None:
    replace_file(root / README, found.text.encode("utf-8"))
