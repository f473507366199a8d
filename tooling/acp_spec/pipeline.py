"""Every artifact the spec produces, built in memory."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path

from .document import build_schema
from .emit import models
from .emit.docs import emit_docs
from .emit.meta import emit_meta
from .emit.schema import dump_json, emit_schema
from .emit.table import table
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


def models_key(spec: Spec) -> str:
    digest = hashlib.sha256()
    digest.update(dump_json(build_schema(spec)))
    digest.update(f"{models.GENERATOR_VERSION} {models.RUFF_VERSION}".encode())
    # the emitter's own code decides the output too
    digest.update(Path(models.__file__).read_bytes())
    return digest.hexdigest()


def emit_models(spec: Spec, reuse: Reuse) -> dict[str, bytes]:
    key = models_key(spec)
    files = reuse(MODELS_STAMP, key)
    if files is None:
        files = models.emit_models(build_schema(spec), table(spec))
    return {**files, MODELS_STAMP: (key + "\n").encode()}


def build_outputs(spec: Spec, reuse: Reuse = lambda stamp, key: None) -> dict[str, bytes]:
    outputs: dict[str, bytes] = {}
    index = Index(spec)
    results = [emit(spec, index) for emit in EMITTERS] + [emit_models(spec, reuse)]
    for result in results:
        for path, data in result.items():
            if path in outputs:
                raise ValueError(f"two emitters produce {path}")
            outputs[path] = data
    return dict(sorted(outputs.items()))
