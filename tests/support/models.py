"""The Python models in the tests: the committed package imported afresh, and the models
step run on a schema alone (upstream's schema plus what acp-spec's adds)."""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

from acp_spec.emit.models import emit_models, lowered
from acp_spec.emit.table import MethodRow
from acp_spec.index import schema_index

from support.paths import REPO, UPSTREAM_V2

SCHEMA_PATH = UPSTREAM_V2 / "schema.unstable.json"


MODELS_SRC = REPO / "generated/python/src"


def _ours(module: str) -> bool:
    return module == "acp_models" or module.startswith("acp_models.")


def import_models() -> Iterator[ModuleType]:
    """``acp_models.v2`` from generated/python/src (which `acp-spec check` proves current),
    imported afresh and taken out of sys.modules afterwards, so that it and another test's
    copy (tests/test_models.py generates one into a tmp dir) never mix."""
    saved = {name: sys.modules.pop(name) for name in [n for n in sys.modules if _ours(n)]}
    sys.path.insert(0, str(MODELS_SRC))
    try:
        v2 = importlib.import_module("acp_models.v2")
        assert Path(v2.__file__ or "").is_relative_to(MODELS_SRC), v2.__file__
        yield v2
    finally:
        sys.path.remove(str(MODELS_SRC))
        for name in [n for n in sys.modules if _ours(n)]:
            del sys.modules[name]
        sys.modules.update(saved)


def extended_schema() -> dict[str, Any]:
    """Upstream's schema with acp-spec's additions, so they are exercised too."""
    schema: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    defs = schema["$defs"]
    defs["IdempotencyKey"] = {
        "description": "Identifies a submission.",
        "type": "string",
        "minLength": 1,
        "maxLength": 255,
    }
    defs["PromptRequest"]["properties"]["idempotencyKey"] = {
        "description": "Omitted and null are the same.",
        "anyOf": [{"$ref": "#/$defs/IdempotencyKey"}, {"type": "null"}],
    }
    defs["PromptRequest"] |= {"x-retry-class": "keyed", "x-stability": "stable"}
    return schema


ROWS = [
    MethodRow(
        "session/prompt", "client-to-agent", "request", "stable", True, "keyed",
        {"client-to-agent": "keyed"}, "PromptRequest", "PromptResponse", None, "agent",
    ),
    MethodRow(
        "session/update", "agent-to-client", "notification", "stable", True, "not_retried",
        {"agent-to-client": "not_retried"}, "UpdateSessionNotification", None, None, "client",
    ),
    MethodRow(
        "mcp/message", "both", "both", "unstable", True, "out_of_scope",
        {"client-to-agent": "out_of_scope", "agent-to-client": "out_of_scope"},
        "MessageMcpRequest", "MessageMcpResponse", "MessageMcpNotification", "both",
    ),
]  # fmt: skip


def emit(schema: dict[str, Any], rows: list[MethodRow] | None = None) -> dict[str, bytes]:
    """The models step, on a schema alone, as the pipeline runs it."""
    return emit_models(lowered(schema_index(schema)), rows or [], version="0.1.0")
