"""Every artifact the spec produces, built in memory."""

from __future__ import annotations

import ast
import dataclasses
import functools
import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .emit import models
from .emit.docs import emit_docs
from .emit.meta import emit_meta
from .emit.models.codegen import tool_versions
from .emit.schema import emit_schema
from .emit.table import table
from .emit.traces import emit_traces
from .emit.vectors import emit_vectors
from .formatcheck import FORMAT_SCHEMA
from .history import emit_history
from .index import Index, index_of
from .model import Spec

# An emitter is a pure function of the spec and its index of derived facts.
Emitter = Callable[[Spec, Index], dict[str, bytes]]
# Given the content hash of the models' input, the files an earlier run made from the same
# input, if they are still intact on disk (see writer.reusable); None means build them.
Reuse = Callable[[str, str], dict[str, bytes] | None]

TOOLING = Path(__file__).resolve().parent
PACKAGE = __name__.rsplit(".", 1)[0]  # acp_spec


def emit_format_schema(spec: Spec, index: Index) -> dict[str, bytes]:
    """spec/format.schema.json, beside the spec, where its first line points editors."""
    return {"spec/format.schema.json": FORMAT_SCHEMA.read_bytes()}


EMITTERS: tuple[Emitter, ...] = (
    emit_schema,
    emit_meta,
    emit_vectors,
    emit_traces,
    emit_docs,
    emit_format_schema,
    emit_history,
)

# Records the hash of what the models module was made from: datamodel-code-generator is the
# one slow step, and an unchanged input proves its output unchanged.
MODELS_STAMP = f"{models.OUT}/input.sha256"
MODELS_MODULE = f"{models.OUT}/src/acp_models/v2/_models.py"  # what the stamp's key makes
MODELS_VERSION = "0.1.0"  # the acp-models distribution's version


# --- the models step's cache key ------------------------------------------------------------


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


def models_key(source: models.ModelsInput) -> str:
    """The models step's cache key: a digest of exactly the argument ``models.models_module``
    receives (it takes the same one), of every file of its code, and of the versions of the
    tools it runs, which must be the pinned ones."""
    digest = hashlib.sha256()
    # keys in their order, which is the classes' and fields' order; ASCII, which any
    # string has (a lone surrogate too)
    arguments = {f.name: getattr(source, f.name) for f in dataclasses.fields(source)}
    arguments["keep"] = sorted(source.keep)
    # the records inside (a refusal, a tolerance) as asdict writes them; asdict of the
    # whole input would copy every def first, a third of a cached models step
    digest.update(json.dumps(arguments, default=_record).encode())
    for path in step_code(models.__name__):
        data = path.read_bytes()
        name = path.relative_to(TOOLING).as_posix()
        digest.update(f"\0{name}\0{len(data)}\0".encode() + data)
    digest.update(json.dumps(tool_versions(), sort_keys=True).encode())
    return digest.hexdigest()


def _record(value: object) -> dict[str, Any]:
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.asdict(value)
    raise TypeError(f"{type(value).__name__} is no value of the models step's input")


def emit_models(spec: Spec, index: Index, reuse: Reuse, *, remake: bool = True) -> dict[str, bytes]:
    # the models get the schema's facts only: what they are made of is in the schema
    lowering = models.lowered(index.of_schema)  # the rules' too: made once a run
    rows = tuple(table(spec))
    source = models.ModelsInput.of(lowering, models.kept_classes(rows))
    key = models_key(source)
    cached = reuse(MODELS_STAMP, key) or {}
    # the stamp's key made the module's first part; the routing unions after it are made
    # afresh by models.emit_models
    module = models.main_part(cached[MODELS_MODULE].decode()) if MODELS_MODULE in cached else None
    errors = tuple(spec.errors.values())
    files = models.emit_models(lowering, rows, version=MODELS_VERSION, errors=errors,
                               models=module, module=module is not None or remake)  # fmt: skip
    return {**files, MODELS_STAMP: (key + "\n").encode()}


def build_outputs(
    spec: Spec,
    reuse: Reuse = lambda stamp, key: None,
    index: Index | None = None,
    *,
    remake_models: bool = True,
) -> dict[str, bytes]:
    """Every generated file; ``index``: the spec's, where the rules phase made one. Not
    ``remake_models``: without the models module where its stamp's key is not the input's
    (`check`: datamodel-code-generator takes seconds, and the stamp differs anyway)."""
    outputs: dict[str, bytes] = {}
    index = index_of(spec) if index is None else index
    results = [emit(spec, index) for emit in EMITTERS]
    results.append(emit_models(spec, index, reuse, remake=remake_models))
    for result in results:
        for path, data in result.items():
            if path in outputs:
                raise ValueError(f"two emitters produce {path}")
            outputs[path] = data
    return dict(sorted(outputs.items()))
