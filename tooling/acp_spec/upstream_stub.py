"""The entry of a method upstream added, as ``acp-spec upstream take`` writes it: every fact
the release states (direction, stability, params and result, a summary from the params'
description, the docs) and a first example made of the least the params and result
require, so that what is left is what a person decides (the retry class, what sending it
again does, the errors) and reviews."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .defs import DEFS_PREFIX
from .diff.view import MethodFacts
from .upstream_import import section_lines

# What the stub writes where a person decides: check refuses it until they do.
UNDECIDED = "undecided"
_DEPTH = 12  # the least value of a deep def stops here (a recursive one would never end)


def least_value(schema: Any, defs: Mapping[str, Any], depth: int = 0) -> Any:
    """The smallest value ``schema`` accepts, as far as it can be told without a validator
    (required properties only, the first member of a union, a bound's least value); a
    value it does not accept is found by check, with the example it is in."""
    if not isinstance(schema, Mapping) or depth > _DEPTH:
        return None
    if isinstance(schema.get("$ref"), str):
        return least_value(defs.get(schema["$ref"].removeprefix(DEFS_PREFIX)), defs, depth + 1)
    if "const" in schema:
        return schema["const"]
    if isinstance(schema.get("enum"), list) and schema["enum"]:
        return schema["enum"][0]
    for key in ("allOf", "anyOf", "oneOf"):
        members = schema.get(key)
        if isinstance(members, list) and members:
            firsts = [m for m in members if not (isinstance(m, Mapping) and "not" in m)]
            return least_value((firsts or members)[0], defs, depth + 1)
    kind = schema.get("type")
    kind = next((k for k in kind if k != "null"), "null") if isinstance(kind, list) else kind
    if kind == "object" or "properties" in schema:
        props = schema.get("properties", {})
        return {
            name: least_value(props.get(name, {}), defs, depth + 1)
            for name in schema.get("required", [])
            if isinstance(name, str)
        }
    if kind == "array":
        return [least_value(schema.get("items", {}), defs, depth + 1)] * schema.get("minItems", 0)
    if kind == "string":
        return "x" * max(1, int(schema.get("minLength", 1)))
    if kind in ("integer", "number"):
        return max(0, schema.get("minimum", 0))
    if kind == "boolean":
        return False
    return None


def method_entry(
    facts: MethodFacts, defs: Mapping[str, Any], docs: str, stable: bool
) -> dict[str, Any]:
    """The spec's entry of a method upstream added (its key is the method's name)."""
    call = facts.calls[0]
    direction = call.sender or "client-to-agent"
    described = str(defs.get(call.params, {}).get("description", "")).strip()
    summary = next((line for line in described.splitlines() if line and "UNSTABLE" not in line
                    and not line.startswith("This capability")), facts.name)  # fmt: skip
    entry: dict[str, Any] = {
        "summary": summary,
        "direction": direction,
        "stability": "stable" if stable else "unstable",
        "audited": False,
        "docs": docs,
    }
    example: dict[str, Any] = {"title": f"A {facts.name} {call.kind}"}
    example["params"] = least_value({"$ref": DEFS_PREFIX + call.params}, defs)
    if call.kind == "request" and call.result is not None:
        entry["request"] = {"params": call.params, "result": call.result}
        example["result"] = least_value({"$ref": DEFS_PREFIX + call.result}, defs)
    else:
        entry["notification"] = {"params": call.params}
    senders = ["client-to-agent", "agent-to-client"] if direction == "both" else [direction]
    entry["retry"] = {
        sender: {
            "class": UNDECIDED,
            "again": "What sending it again does (the RFD's words, or your reasoning).",
        }
        for sender in senders
    }
    entry["errors"] = ["invalid_params", "internal_error"]
    entry["examples"] = [example]
    return entry


def render_entry(name: str, entry: Mapping[str, Any]) -> list[str]:
    """The lines of ``name: entry`` as it stands under ``methods:``, a blank line first."""
    return ["\n", *section_lines("methods", name, entry)]
