"""How the indexes are made: each once, from what it reads."""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

from ..document import build_schema
from ..model import Spec
from .containers import Index, SchemaIndex
from .digests import Digests
from .documents import StableSchema
from .facts import Facts
from .keys import Keys
from .refs import References
from .shapes import Shapes
from .usage import Usage

# what spec.py adds to a spec once its rules have run, from what they found: no index
# reads these, so an index of the spec they checked is the final spec's too
FROM_RULES = frozenset({"warnings", "retired_vector_ids"})


def schema_index(schema: dict[str, Any]) -> SchemaIndex:
    """The index of a JSON Schema document alone; each fact is found when first asked, so
    making one costs nothing (the models' steps make one on a mapping that records reads)."""
    defs = schema["$defs"]
    return SchemaIndex(schema, defs, References.of_defs(defs), Shapes(defs), Digests(schema))


def index_of(spec: Spec) -> Index:
    """The index of ``spec``: its complete schema now, every other fact when first asked."""
    schema = build_schema(spec)
    defs = schema["$defs"]
    refs = References.of_types(spec.types)
    shapes = Shapes(defs)
    digests = Digests(schema, written=refs)
    alone = SchemaIndex(schema, defs, References.of_defs(defs), shapes, digests)
    return Index(
        spec=spec, schema=schema, defs=defs, stable=StableSchema(spec), refs=refs,
        shapes=shapes, keys=Keys(shapes, refs), usage=Usage(spec.methods, refs),
        digests=digests, facts=Facts(spec), of_schema=alone,
    )  # fmt: skip


def with_findings(index: Index, spec: Spec) -> Index:
    """``index`` (the rules') for ``spec``: the spec they checked, with what they found
    added (``FROM_RULES``). Every fact stands, so none is found again."""
    differs = {
        f.name for f in fields(Spec) if getattr(spec, f.name) is not getattr(index.spec, f.name)
    }
    if not differs <= FROM_RULES:
        raise ValueError(
            f"not the spec the index was made of: its {sorted(differs - FROM_RULES)} differ"
        )
    return replace(index, spec=spec)
