"""What an artifact declares, for the pipeline's registry (``pipeline.ARTIFACTS``).

An artifact is a set of generated files with one owner: its name, a one-line description
(the artifact tables of the README and the site's home page are made of these), the
output roots it owns (a file, or a folder ending in "/"), its emit function and the checks
of the names it derives from the spec, which run in the check phase with the rules. A slow
artifact declares its cached step (``cached_step``) and gets the step's cache with the spec.
Emit functions stay pure: the spec and its index in, ``{relative path: bytes}`` out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from ..index import Index
from ..model import Spec
from ..rules.common import Check
from .cached_step import Cache, CachedStep, Reuse

Emit = Callable[[Spec, Index], dict[str, bytes]]
# a slow artifact's emit: the cache holds what an earlier run made of the same input
CachedEmit = Callable[[Spec, Index, Cache], dict[str, bytes]]


@dataclass(frozen=True, kw_only=True)
class Artifact:
    """An artifact whose emit is quick enough to run on every ``generate`` and ``check``."""

    name: str
    description: str  # one line of Markdown without links: a cell of both tables
    roots: tuple[str, ...]
    emit: Emit
    checks: tuple[Check, ...] = ()

    def build(self, spec: Spec, index: Index, reuse: Reuse, *, remake: bool) -> dict[str, bytes]:
        return self.emit(spec, index)


@dataclass(frozen=True, kw_only=True)
class CachedArtifact:
    """An artifact with a slow step, cached across runs; ``step.stamp`` and ``step.made``
    lie under its roots."""

    name: str
    description: str
    roots: tuple[str, ...]
    step: CachedStep
    emit: CachedEmit
    checks: tuple[Check, ...] = ()

    def build(self, spec: Spec, index: Index, reuse: Reuse, *, remake: bool) -> dict[str, bytes]:
        return self.emit(spec, index, Cache(self.step, reuse, remake))


AnyArtifact = Artifact | CachedArtifact


def owns(root: str, path: str) -> bool:
    """Whether ``root`` (a file, or a folder ending in "/") holds ``path``."""
    return path.startswith(root) if root.endswith("/") else path == root


def registry(artifacts: Iterable[AnyArtifact]) -> tuple[AnyArtifact, ...]:
    """The artifacts, each a name and roots of its own; raises ValueError when two share a
    name or claim overlapping roots (one file, or a folder and what is in it), or when a
    cached step's files lie outside its artifact's roots."""
    listed = tuple(artifacts)
    claimed: list[tuple[str, str]] = []  # (root, artifact)
    names: set[str] = set()
    for artifact in listed:
        if artifact.name in names:
            raise ValueError(f"two artifacts are named {artifact.name}")
        names.add(artifact.name)
        if not artifact.roots:
            raise ValueError(f"artifact {artifact.name} claims no output root")
        for root in artifact.roots:
            for other, owner in claimed:
                if owns(root, other) or owns(other, root):
                    raise ValueError(f"artifacts {owner} and {artifact.name} claim overlapping "
                                     f"output roots: {other} and {root}")  # fmt: skip
            claimed.append((root, artifact.name))
        if isinstance(artifact, CachedArtifact):
            for path in (artifact.step.stamp, *artifact.step.made):
                if not any(owns(root, path) for root in artifact.roots):
                    raise ValueError(f"artifact {artifact.name}'s step makes {path}, outside "
                                     "its roots")  # fmt: skip
    return listed


def stray_outputs(artifact: AnyArtifact, paths: Iterable[str]) -> list[str]:
    """The paths among ``paths`` (what ``artifact`` emitted) outside its roots."""
    return sorted(p for p in paths if not any(owns(root, p) for root in artifact.roots))


def table_rows(artifacts: Iterable[AnyArtifact]) -> list[tuple[str, str]]:
    """Each artifact as a row of the artifact tables: its roots as code, its description."""
    return [(", ".join(f"`{root}`" for root in a.roots), a.description) for a in artifacts]


def markdown_table(rows: Sequence[tuple[str, str]]) -> str:
    """The rows as a Markdown table (the README's)."""
    lines = ["| artifact | what it is |", "| --- | --- |"]
    lines += [f"| {files} | {description} |" for files, description in rows]
    return "\n".join(lines) + "\n"
