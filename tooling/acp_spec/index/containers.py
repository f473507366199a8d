"""The indexes of a spec, and of a JSON Schema alone: holders, nothing more (``build``
makes them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..model import Spec
from .digests import Digests
from .documents import StableSchema
from .facts import Facts
from .keys import Keys
from .refs import References
from .shapes import Shapes
from .usage import Usage


# eq=False: an index is itself (memos elsewhere are kept by it), and hashes so
@dataclass(frozen=True, eq=False)
class SchemaIndex:
    """The facts of a JSON Schema document alone (``$defs`` as generated/schema.unstable.json
    holds them), with no spec behind it: for a step whose cache key covers the schema, not
    the spec (the models), and for a schema that no spec made (upstream's, to compare)."""

    schema: dict[str, Any]
    defs: dict[str, Any]  # schema's $defs
    refs: References  # as the $defs name each other, derived unions included
    shapes: Shapes
    digests: Digests


@dataclass(frozen=True, eq=False)
class Index:
    """The derived facts of one Spec: rules and emitters ask these; none of them derives a
    fact held here again. Made once a load (``build.index_of``) and passed along."""

    spec: Spec
    # generated/schema.unstable.json (every method) as a value; emitters read it and
    # never change it
    schema: dict[str, Any]
    defs: dict[str, Any]  # schema's $defs
    stable: StableSchema  # generated/schema.json
    refs: References  # as the spec's types are written
    shapes: Shapes
    keys: Keys
    usage: Usage
    digests: Digests
    facts: Facts
    of_schema: SchemaIndex  # the index of ``schema`` alone, sharing shapes and digests
