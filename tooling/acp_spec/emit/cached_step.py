"""A slow step of an artifact, cached across runs.

An artifact whose emit runs something slow (the models: datamodel-code-generator, seconds)
declares the step: the file that records its key (the stamp), the files the step makes,
the package its code is, and the tools it runs. The key is a digest of exactly what the
step receives, of every file of its code and of the tools' versions, so an unchanged key
proves the step's files unchanged and `check` never calls a stale file current.
"""

from __future__ import annotations

import ast
import dataclasses
import functools
import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

# Given a step's stamp and the key of its input, the files an earlier run made beside the
# stamp from the same input, if they are still intact on disk (see writer.reusable); None
# means make them.
Reuse = Callable[[str, str], dict[str, bytes] | None]

TOOLING = Path(__file__).resolve().parents[1]  # the acp_spec package's folder
PACKAGE = __name__.split(".", 1)[0]  # acp_spec


@dataclass(frozen=True)
class CachedStep:
    """``stamp``: the generated file that records the key the step's files were made from;
    ``made``: the files the key's input makes (the step's own output, which `check` does not
    make again when the key differs); ``package``: the step's code, this toolchain's package
    whose files, and every module they import, the key covers; ``tools``: the versions of
    the outside tools the step runs (raising if one is not the pinned one)."""

    stamp: str
    made: tuple[str, ...]
    package: str
    tools: Callable[[], Mapping[str, str]] = dict

    def key(self, argument: DataclassInstance) -> str:
        """The digest of exactly ``argument`` (the one value the step receives, a dataclass),
        of every file of the step's code, and of the versions of the tools it runs."""
        digest = hashlib.sha256()
        # fields in their order, which is the classes' and fields' order; ASCII, which any
        # string has (a lone surrogate too); shallow: asdict of the whole argument would
        # copy every value first (a third of a cached models step)
        fields = {f.name: getattr(argument, f.name) for f in dataclasses.fields(argument)}
        digest.update(json.dumps(fields, default=_record).encode())
        for path in step_code(self.package):
            data = path.read_bytes()
            name = path.relative_to(TOOLING).as_posix()
            digest.update(f"\0{name}\0{len(data)}\0".encode() + data)
        digest.update(json.dumps(self.tools(), sort_keys=True).encode())
        return digest.hexdigest()


def _record(value: object) -> Any:
    """A value inside the argument as JSON writes it: a record (a refusal, a tolerance) as
    asdict writes it, a set sorted."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.asdict(value)
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    raise TypeError(f"{type(value).__name__} is no value of a cached step's input")


@dataclass(frozen=True)
class Cache:
    """What a cached artifact's emit is handed, a run: its step, the files an earlier run
    made, and whether to make the step's files when the key is not the stamp's (`check`
    does not: they take seconds, and the stamp differs anyway)."""

    step: CachedStep
    reuse: Reuse
    remake: bool = True

    def earlier(self, key: str) -> dict[str, bytes]:
        """The files an earlier run made beside the stamp from the input of ``key``, if they
        are intact on disk; empty when the step must run."""
        return self.reuse(self.step.stamp, key) or {}

    def stamp(self, key: str) -> dict[str, bytes]:
        """The stamp file, which records ``key``."""
        return {self.step.stamp: (key + "\n").encode()}


# --- the step's code ------------------------------------------------------------------------


def _module_file(module: str) -> Path | None:
    """The file of a module of this package (``acp_spec.emit.table``), if there is one."""
    parts = module.split(".")
    if parts[0] != PACKAGE:
        return None
    base = TOOLING.joinpath(*parts[1:])
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(TOOLING).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join([PACKAGE, *parts])


def _imported(path: Path) -> frozenset[str]:
    """The modules a file imports, anywhere in it (type-checking and function-level imports
    too: that over-counts, which costs a cache miss, never a stale file), with the packages
    that hold them, whose ``__init__`` runs first."""
    return _imports_in(_module_name(path), path.name == "__init__.py", path.read_bytes())


@functools.cache  # by the file's bytes: parsing them is most of a cache key's time
def _imports_in(module: str, is_package: bool, source: bytes) -> frozenset[str]:
    package = module if is_package else module.rsplit(".", 1)[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*up, *([node.module] if node.module else [])])
            found.add(base)
            found |= {f"{base}.{a.name}" for a in node.names}  # `from . import names`
    return frozenset(".".join(m.split(".")[:i]) for m in found for i in range(1, m.count(".") + 2))


def step_code(package: str) -> tuple[Path, ...]:
    """Every file a step's code is made of: all files of its package (runtime, templates,
    data), and every module of this toolchain that any of its modules imports, transitively.
    Derived from the import statements, so that a new import is covered without a list to
    keep; on each run, so that a long one (``docs serve``) sees a file added since."""
    root = _module_file(package)
    assert root is not None and root.name == "__init__.py", package
    # tools' caches (__pycache__, .ruff_cache) are no part of it, and not in a wheel
    files = {
        p
        for p in root.parent.rglob("*")
        if p.is_file()
        and not any(s.startswith((".", "__pycache__")) for s in p.relative_to(root.parent).parts)
    }
    todo = [p for p in files if p.suffix == ".py"]
    while todo:
        for module in _imported(todo.pop()):
            found = _module_file(module)
            if found is not None and found not in files:
                files.add(found)
                todo.append(found)
    return tuple(sorted(files))
