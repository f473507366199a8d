"""generated/meta.json and meta.unstable.json: upstream's method-name tables, plus the retry
table SDKs read; of the stable methods, and of every method (as the two schemas)."""

from __future__ import annotations

import re
from typing import Any

from ..index import Index
from ..model import Spec
from .schema import dump_json
from .table import MethodRow, table

META_PATH = "generated/meta.json"
UNSTABLE_META_PATH = "generated/meta.unstable.json"


def upstream_key(name: str) -> str:
    """Upstream's key for a method: `document/didOpen` -> `document_did_open`."""
    bare = name.removeprefix("$/").replace("/", "_")
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", bare).lower()


def build_meta(spec: Spec, *, stable: bool = False) -> dict[str, Any]:
    rows = [r for r in table(spec) if r.stability == "stable" or not stable]
    # upstream's tables name who handles a method: the agent handles what clients send;
    # proxy methods are routed apart, as upstream's schema does (x-side proxy)
    handled = {
        "agentMethods": [r for r in rows if r.side in ("agent", "both")],
        "clientMethods": [r for r in rows if r.side in ("client", "both")],
        "protocolMethods": [r for r in rows if r.side == "protocol"],
        "proxyMethods": [r for r in rows if r.side == "proxy"],
    }
    meta: dict[str, Any] = {"version": spec.version}
    for key, group in handled.items():
        if group or key != "proxyMethods":
            meta[key] = {upstream_key(r.name): r.name for r in group}
    meta["methods"] = {r.name: _entry(r) for r in rows}
    return meta


def _entry(row: MethodRow) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "direction": row.direction,
        "kind": row.kind,
        "stability": row.stability,
        "audited": row.audited,
        "retryClass": row.retry_class,
        "retryClasses": dict(row.retry_classes),
        "params": row.params,
        "result": row.result,
    }
    if row.notification_params is not None:
        entry["notificationParams"] = row.notification_params
    return entry


def emit_meta(spec: Spec, index: Index) -> dict[str, bytes]:
    return {
        META_PATH: dump_json(build_meta(spec, stable=True)),
        UNSTABLE_META_PATH: dump_json(build_meta(spec)),
    }
