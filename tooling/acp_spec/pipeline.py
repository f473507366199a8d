"""Every artifact the spec produces, built in memory."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from pathlib import Path

from .emit import models
from .emit.docs import emit_docs
from .emit.meta import emit_meta
from .emit.models.codegen import TOOL_PINS
from .emit.schema import dump_json, emit_schema
from .emit.table import MethodRow, table
from .emit.vectors import emit_vectors
from .formatcheck import FORMAT_SCHEMA
from .index import Index
from .model import Spec

# An emitter is a pure function of the spec and its index of derived facts.
Emitter = Callable[[Spec, Index], dict[str, bytes]]
# Given the content hash of the models' input, the files an earlier run made from the same
# input, if they are still intact on disk (see writer.reusable); None means build them.
Reuse = Callable[[str, str], dict[str, bytes] | None]


def emit_format_schema(spec: Spec, index: Index) -> dict[str, bytes]:
    """spec/format.schema.json, beside the spec, where its first line points editors."""
    return {"spec/format.schema.json": FORMAT_SCHEMA.read_bytes()}


EMITTERS: tuple[Emitter, ...] = (
    emit_schema,
    emit_meta,
    emit_vectors,
    emit_docs,
    emit_format_schema,
)

# Records the hash of what the models were made from: datamodel-code-generator is the one
# slow step, and an unchanged input proves its output unchanged.
MODELS_STAMP = f"{models.OUT}/input.sha256"
MODELS_VERSION = "0.1.0"  # the acp-models distribution's version


def models_key(index: Index, rows: Sequence[MethodRow], *, version: str) -> str:
    digest = hashlib.sha256()
    digest.update(dump_json(index.schema))
    digest.update(" ".join(TOOL_PINS.values()).encode())
    # the emitter's own code decides the output too
    for path in sorted(Path(models.__file__).parent.rglob("*.py")):
        digest.update(path.read_bytes())
    return digest.hexdigest()


def emit_models(spec: Spec, index: Index, reuse: Reuse) -> dict[str, bytes]:
    # the step gets the schema's facts only, so that its key covers all it can read
    arguments = (Index.of_schema(index.schema), tuple(table(spec)))
    key = models_key(*arguments, version=MODELS_VERSION)
    files = reuse(MODELS_STAMP, key)
    if files is None:
        files = models.emit_models(*arguments, version=MODELS_VERSION)
    return {**files, MODELS_STAMP: (key + "\n").encode()}


def build_outputs(spec: Spec, reuse: Reuse = lambda stamp, key: None) -> dict[str, bytes]:
    outputs: dict[str, bytes] = {}
    index = Index(spec)
    results = [emit(spec, index) for emit in EMITTERS] + [emit_models(spec, index, reuse)]
    for result in results:
        for path, data in result.items():
            if path in outputs:
                raise ValueError(f"two emitters produce {path}")
            outputs[path] = data
    return dict(sorted(outputs.items()))
