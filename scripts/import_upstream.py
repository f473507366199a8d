"""One-off importer: upstream ACP's v2 schema.unstable.json -> the `types:` of our YAML.

Run once to seed spec/acp-v2.yaml; afterwards the YAML is edited by hand and this script
is kept only as a record of how the types were brought over. It undoes the three
conveniences of spec/README.md (by-name refs, implicit `_meta`, derived open-union guards)
and checks that expanding the result gives upstream's defs back exactly.

    python scripts/import_upstream.py SCHEMA_JSON OUT_YAML
"""

from __future__ import annotations

import json
import sys
from collections import deque
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.scalarstring import LiteralScalarString

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tooling"))

from acp_spec.defs import (
    DEFS_PREFIX,
    STANDARD_META,
    expand_types,
    open_union_guard,
    referenced_names,
)

ROUTING = {
    "AgentRequest", "AgentResponse", "AgentNotification", "ClientRequest",
    "ClientResponse", "ClientNotification", "ProtocolLevelNotification",
}  # fmt: skip

GROUPS: list[tuple[str, list[str]]] = [
    ("Prompts, content and session updates", ["session/prompt", "session/cancel", "session/update"]),
    ("Sessions", ["session/new", "session/resume", "session/close", "session/delete",
                  "session/list", "session/fork", "session/set_config_option"]),
    ("Initialization and authentication", ["initialize", "auth/login", "auth/logout"]),
    ("Permissions", ["session/request_permission"]),
    ("Elicitation", ["elicitation/create", "elicitation/complete"]),
    ("Providers", ["providers/list", "providers/set", "providers/disable"]),
    ("MCP over ACP", ["mcp/connect", "mcp/message", "mcp/disconnect"]),
    ("Next edit suggestions", ["nes/start", "nes/suggest", "nes/accept", "nes/reject", "nes/close"]),
    ("Documents", ["document/didOpen", "document/didChange", "document/didClose",
                   "document/didSave", "document/didFocus"]),
    ("Protocol level", ["$/cancel_request"]),
    ("JSON-RPC", []),
]  # fmt: skip


def shrink(fragment: Any, top: bool = False) -> Any:
    """Undo the conveniences on one upstream fragment."""
    if isinstance(fragment, list):
        return [shrink(item) for item in fragment]
    if not isinstance(fragment, dict):
        return fragment
    out: dict[str, Any] = {}
    for key, value in fragment.items():
        if key == "$ref":
            out["$ref"] = value.removeprefix(DEFS_PREFIX)
        elif key == "allOf" and len(value) == 1 and set(value[0]) == {"$ref"}:
            out["$ref"] = value[0]["$ref"].removeprefix(DEFS_PREFIX)
        elif key in ("properties", "$defs"):
            out[key] = {name: shrink(sub) for name, sub in value.items()}
        elif key == "anyOf":
            out[key] = [_shrink_variant(v, value) for v in value]
        else:
            out[key] = shrink(value)
    if top:
        # which method a def belongs to is the method table's business, not the type's
        out.pop("x-side", None)
        out.pop("x-method", None)
    if top and fragment.get("type") == "object":
        props = out.get("properties", {})
        if props.get("_meta") == STANDARD_META:
            del props["_meta"]
            if not props:
                del out["properties"]
        elif "_meta" not in props:
            out["meta"] = False
    return out


def _shrink_variant(variant: Any, siblings: list[Any]) -> Any:
    shrunk = shrink(variant)
    if isinstance(variant, dict) and "not" in variant:
        others = [s for s in siblings if s is not variant]
        if open_union_guard(variant, others) == variant["not"]:
            del shrunk["not"]
    return shrunk


def to_yaml(value: Any) -> Any:
    if isinstance(value, dict):
        node = CommentedMap()
        for key, sub in value.items():
            node[key] = to_yaml(sub)
        return node
    if isinstance(value, list):
        seq = CommentedSeq(to_yaml(v) for v in value)
        if all(isinstance(v, str | int) for v in value) and len(value) <= 6:
            seq.fa.set_flow_style()
        return seq
    if isinstance(value, str) and "\n" in value:
        return LiteralScalarString(value)
    return value


def group_order(defs: dict[str, Any]) -> list[tuple[str, list[str]]]:
    by_method: dict[str, list[str]] = {}
    for name, schema in defs.items():
        if "x-method" in schema:
            by_method.setdefault(schema["x-method"], []).append(name)
    placed: set[str] = set(ROUTING)
    result: list[tuple[str, list[str]]] = []
    for title, methods in GROUPS:
        # params before results, as a reader meets them
        roots = [
            n
            for m in methods
            for n in sorted(by_method.get(m, []), key=lambda n: n.endswith("Response"))
        ]
        names: list[str] = []
        queue = deque(roots)
        while queue:
            name = queue.popleft()
            if name in placed:
                continue
            placed.add(name)
            names.append(name)
            queue.extend(referenced_names(shrink(defs[name])))
        if title == "JSON-RPC":
            names = [n for n in defs if n not in placed]
            placed.update(names)
        result.append((title, names))
    return result


def main(schema_path: str, out_path: str) -> None:
    defs = json.loads(Path(schema_path).read_text(encoding="utf-8"))["$defs"]
    groups = group_order(defs)
    types = {n: shrink(defs[n], top=True) for _, names in groups for n in names}
    routed = {"x-side", "x-method"}
    expected = {
        n: {k: v for k, v in d.items() if k not in routed}
        for n, d in defs.items()
        if n not in ROUTING
    }
    if expand_types(types) != expected:
        raise SystemExit("round trip failed: expanding the import does not give upstream")
    root = CommentedMap()
    node = CommentedMap()
    for title, names in groups:
        for index, name in enumerate(names):
            node[name] = to_yaml(types[name])
            if index == 0:
                node.yaml_set_comment_before_after_key(name, before=f"\n── {title} ──", indent=2)
    root["types"] = node
    yaml = YAML()
    yaml.width = 100
    yaml.indent(mapping=2, sequence=4, offset=2)
    with open(out_path, "w", encoding="utf-8") as handle:
        yaml.dump(root, handle)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
