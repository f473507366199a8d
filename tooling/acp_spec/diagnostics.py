"""Compiler-style problems: ``file:line:col: what is wrong; what to do``."""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Literal

Severity = Literal["error", "warning"]


@dataclass(frozen=True, order=True)
class Position:
    """A place in a source file; line and column count from 1."""

    file: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}"


@dataclass(frozen=True, order=True)
class Diagnostic:
    position: Position
    message: str
    # A warning is printed but passes: the spec is valid, yet probably not what was meant.
    severity: Severity = "error"
    # the stable id of the rule that found it (spec/README.md's rule tables); the rules'
    # runner stamps it on what a rule yields, so a rule need not say it; every other
    # diagnostic states it where it is made (diagnostic_ids)
    rule: str = ""

    def render(self) -> str:
        label = "warning: " if self.severity == "warning" else ""
        return f"{self.position}: {label}{self.message}"

    @property
    def what(self) -> str:
        """What is wrong: the message up to its first ``; ``."""
        return self.message.split("; ", 1)[0]

    @property
    def hint(self) -> str:
        """What to do: the message after its first ``; `` (every message says both)."""
        parts = self.message.split("; ", 1)
        return parts[1] if len(parts) == 2 else ""


class SpecError(Exception):
    """The spec is invalid; carries every problem found, in source order."""

    def __init__(self, diagnostics: Iterable[Diagnostic]) -> None:
        self.diagnostics: tuple[Diagnostic, ...] = tuple(sorted(set(diagnostics)))
        super().__init__("\n".join(d.render() for d in self.diagnostics))


def stamped(diagnostics: Iterable[Diagnostic], rule: str) -> list[Diagnostic]:
    """The diagnostics, those without a rule id given ``rule``."""
    return [d if d.rule else replace(d, rule=rule) for d in diagnostics]


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` when a choice is close to ``word``, else ``""``."""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


def one_of(choices: Sequence[str]) -> str:
    return ", ".join(f"'{c}'" for c in choices)


class SetupError(Exception):
    """Not the spec but the machine: a tool the toolchain runs is not the version its output
    is pinned to, say. The message says what to install."""
