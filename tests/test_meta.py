"""generated/meta.json keeps upstream's keys and adds the retry table."""

from __future__ import annotations

import json
from pathlib import Path

from acp_spec.emit.meta import build_meta, upstream_key
from acp_spec.spec import load_spec
from conftest import UPSTREAM_V2

ROOT = Path(__file__).resolve().parents[1]
UPSTREAM_META = json.loads((UPSTREAM_V2 / "meta.unstable.json").read_text())


def test_upstream_keys_keep_their_meaning() -> None:
    meta = build_meta(load_spec(ROOT / "spec/acp-v2.yaml"))
    assert meta["version"] == UPSTREAM_META["version"] == 2
    for table in ("agentMethods", "clientMethods", "protocolMethods"):
        for key, name in UPSTREAM_META[table].items():
            assert meta[table].get(key) == name, (table, key)


def test_methods_table_matches_the_spec() -> None:
    spec = load_spec(ROOT / "spec/acp-v2.yaml")
    methods = build_meta(spec)["methods"]
    assert set(methods) == set(spec.methods)
    prompt = methods["session/prompt"]
    assert (prompt["retryClass"], prompt["kind"], prompt["direction"]) == (
        "keyed",
        "request",
        "client-to-agent",
    )
    assert (prompt["params"], prompt["result"]) == ("PromptRequest", "PromptResponse")
    assert methods["session/update"]["result"] is None
    assert methods["mcp/message"]["kind"] == "both"
    assert methods["mcp/message"]["notificationParams"] == "MessageMcpNotification"
    assert methods["nes/start"]["audited"] is False
    for name, method in spec.methods.items():
        assert methods[name]["retryClass"] == method.retry[0].retry_class


def test_upstream_key_spelling() -> None:
    assert upstream_key("document/didOpen") == "document_did_open"
    assert upstream_key("$/cancel_request") == "cancel_request"
    assert upstream_key("session/set_config_option") == "session_set_config_option"
