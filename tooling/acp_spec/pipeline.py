"""Every artifact the spec produces, built in memory."""

from __future__ import annotations

from collections.abc import Callable

from .emit.docs import emit_docs
from .emit.meta import emit_meta
from .emit.schema import emit_schema
from .emit.vectors import emit_vectors
from .model import Spec

Emitter = Callable[[Spec], dict[str, bytes]]

EMITTERS: tuple[Emitter, ...] = (emit_schema, emit_meta, emit_vectors, emit_docs)


def build_outputs(spec: Spec) -> dict[str, bytes]:
    outputs: dict[str, bytes] = {}
    for emit in EMITTERS:
        for path, data in emit(spec).items():
            if path in outputs:
                raise ValueError(f"two emitters produce {path}")
            outputs[path] = data
    return dict(sorted(outputs.items()))
