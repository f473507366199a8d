"""generated/schema.json and generated/schema.unstable.json: the ACP v2 messages as JSON Schema
2020-12, in upstream's shape and under upstream's names, so a consumer of upstream's files
switches by path alone: the stable methods and what they reach, and every method. Their
branch titles are named for code generators (titles.py)."""

from __future__ import annotations

import json
from typing import Any

from ..index import Index
from ..model import Spec
from .titles import consumer_titles

SCHEMA_PATH = "generated/schema.json"
UNSTABLE_SCHEMA_PATH = "generated/schema.unstable.json"


def emit_schema(spec: Spec, index: Index) -> dict[str, bytes]:
    return {
        SCHEMA_PATH: dump_json(consumer_titles(index.stable_schema)),
        UNSTABLE_SCHEMA_PATH: dump_json(consumer_titles(index.schema)),
    }


def dump_json(value: Any) -> bytes:
    """The one JSON layout of every generated JSON file: stable, readable, newline-ended."""
    return (json.dumps(value, indent=2, ensure_ascii=False) + "\n").encode("utf-8")
