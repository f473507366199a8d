"""generated/schema.json and generated/schema.unstable.json: the ACP v2 messages as JSON Schema
2020-12, in upstream's shape and under upstream's names, so a consumer of upstream's files
switches by path alone: the stable methods and what they reach, and every method. Their
branch titles are named for code generators (titles.py), and the routing unions' branches
are defs of their own under those names (branches.py)."""

from __future__ import annotations

import hashlib
import json
import pickle
from typing import Any

from ..content import Recent, digest
from ..index import Index
from ..model import Spec
from .branches import named_branches
from .titles import consumer_titles

SCHEMA_PATH = "generated/schema.json"
UNSTABLE_SCHEMA_PATH = "generated/schema.unstable.json"


def emit_schema(spec: Spec, index: Index) -> dict[str, bytes]:
    return {
        SCHEMA_PATH: schema_file(index.stable.schema),
        UNSTABLE_SCHEMA_PATH: schema_file(index.schema),
    }


# The published files of the last few documents: the specs a process loads (the tests'
# mutants, `docs serve` after an edit of a description) mostly make the same schemas.
_SCHEMA_FILES: Recent[bytes] = Recent(4)


def schema_file(schema: dict[str, Any]) -> bytes:
    """``schema`` with consumer_titles' names and named_branches' defs, as its file holds it.

    Kept by a digest of the document's pickle with pickle's memo on: that writes every
    value exactly and in order (types too: ``1``, ``1.0`` and ``True`` differ), and a
    container met again as a reference to where it was first, so two documents share it
    only when they are equal and share the same members. consumer_titles reads no more
    than that (it tells members apart by identity only to name a shared one once), nor
    do named_branches and json.dumps."""
    key = hashlib.sha256(pickle.dumps(schema, protocol=5)).hexdigest()
    return _SCHEMA_FILES.get(key, lambda: _dumped(named_branches(consumer_titles(schema))))


def dump_json(value: Any) -> bytes:
    """The one JSON layout of every generated JSON file: stable, readable, newline-ended.

    json.dumps with an indent is Python's encoder, not its C one: the files of the last few
    values are kept, by content.digest (exactly the value: what json.dumps writes)."""
    return _FILES.get(digest(value), lambda: _dumped(value))


# enough for every JSON file a run makes, but the schemas (a vector file a method, the
# traces, meta): a spec that changes one method's examples dumps its file alone again
_FILES: Recent[bytes] = Recent(256)


def indented(value: Any) -> str:
    """``value`` as JSON in the generated files' layout, without the newline: the docs'
    messages (a few kilobytes each, a thousand a site), kept as dump_json's files are."""
    return _TEXTS.get(digest(value), lambda: _text(value))


_TEXTS: Recent[str] = Recent(4096)


def _text(value: Any) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False)


def _dumped(value: Any) -> bytes:
    return (_text(value) + "\n").encode("utf-8")
