"""generated/schema.json: every ACP v2 message as JSON Schema 2020-12, in upstream's shape."""

from __future__ import annotations

import json
from typing import Any

from ..index import Index
from ..model import Spec

SCHEMA_PATH = "generated/schema.json"


def emit_schema(spec: Spec, index: Index) -> dict[str, bytes]:
    return {SCHEMA_PATH: dump_json(index.schema)}


def dump_json(value: Any) -> bytes:
    """The one JSON layout of every generated JSON file: stable, readable, newline-ended."""
    return (json.dumps(value, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
