"""generated/meta.json and meta.unstable.json keep upstream's keys and add the retry table;
the first of the stable methods, the second of every method."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from acp_spec.emit.meta import build_meta, upstream_key
from acp_spec.model import Spec
from support.paths import REFERENCE

ROOT = Path(__file__).resolve().parents[1]
# The release the spec follows ships no meta.json; the git snapshot before it did, and its
# keys are what consumers read.
OLDER_META = REFERENCE / "acp-upstream" / "schema" / "v2" / "meta.unstable.json"


@pytest.fixture(scope="module")
def spec(real_spec: Spec) -> Spec:
    return real_spec


def test_upstream_keys_keep_their_meaning(spec: Spec) -> None:
    meta = build_meta(spec)
    upstream = json.loads(OLDER_META.read_text())
    assert meta["version"] == upstream["version"] == 2
    compared = 0
    for table in ("agentMethods", "clientMethods", "protocolMethods"):
        for key, name in upstream[table].items():
            if name in spec.methods:  # nes/*, document/*, mcp/connect left v2 since
                assert meta[table].get(key) == name, (table, key)
                compared += 1
    assert compared > 20


def test_methods_table_matches_the_spec(spec: Spec) -> None:
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
    assert methods["session/options"]["stability"] == "proposed"
    for name, method in spec.methods.items():
        assert methods[name]["retryClass"] == method.retry[0].retry_class


def test_the_stable_table_has_the_stable_methods_only(
    spec: Spec, upstream_stable: dict[str, Any]
) -> None:
    """meta.json is to schema.json what meta.unstable.json is to schema.unstable.json: its
    methods are upstream's stable ones."""
    stable = build_meta(spec, stable=True)
    upstream = {d["x-method"] for d in upstream_stable["$defs"].values() if "x-method" in d}
    assert set(stable["methods"]) == upstream
    assert all(m["stability"] == "stable" for m in stable["methods"].values())
    listed = {
        n for t in ("agentMethods", "clientMethods", "protocolMethods") for n in stable[t].values()
    }
    assert listed == upstream
    assert "proxyMethods" not in stable


def test_proxy_methods_are_routed_apart(spec: Spec) -> None:
    """As upstream's schema routes proxy/* through the Proxy unions (x-side proxy)."""
    meta = build_meta(spec)
    assert meta["proxyMethods"] == {
        "proxy_initialize": "proxy/initialize",
        "proxy_successor": "proxy/successor",
    }
    for table in ("agentMethods", "clientMethods"):
        assert not any(n.startswith("proxy/") for n in meta[table].values())


def test_upstream_key_spelling() -> None:
    assert upstream_key("document/didOpen") == "document_did_open"
    assert upstream_key("$/cancel_request") == "cancel_request"
    assert upstream_key("session/set_config_option") == "session_set_config_option"
