"""generated/traces/: the spec's retry traces, one language-neutral JSON file each, and
traces.schema.json, the schema of the files (tooling/acp_spec/traces.schema.json, copied).

What the source leaves implicit a runner in any language would have to know, so the files
spell it out: `jsonrpc` in every message, each expect's wait and its outcomes as a list,
the method each message is or answers, and the side the runner plays.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..constants import GENERATED_NOTE
from ..index import Index
from ..model import Outcome, Spec, Step, Trace
from ..trace_values import ANY, capture_name
from .schema import dump_json

TRACES_DIR = "generated/traces"
SCHEMA_NAME = "traces.schema.json"
# Read once at import, so that the emitter itself stays a pure function of the Spec.
TRACES_SCHEMA: dict[str, Any] = json.loads(
    (Path(__file__).resolve().parents[1] / SCHEMA_NAME).read_text(encoding="utf-8")
)
DEFAULT_WITHIN = 5000  # ms an expect waits unless it says (spec/README.md, "Traces")


def emit_traces(spec: Spec, index: Index) -> dict[str, bytes]:
    files = {f"{TRACES_DIR}/{SCHEMA_NAME}": dump_json(TRACES_SCHEMA)}
    for trace in spec.traces:
        files[f"{TRACES_DIR}/{trace.id}.json"] = dump_json(
            trace_file(trace, rules_of(spec, trace.id))
        )
    return dict(sorted(files.items()))


def rules_of(spec: Spec, trace_id: str) -> list[dict[str, Any]]:
    """The keyed-prompt rules that name the trace as one that exercises them: the section's
    id, the rule's number in it (from 1) and its text."""
    found: list[dict[str, Any]] = []
    for section in spec.keyed_prompts.sections if spec.keyed_prompts else ():
        named = section.rule_traces or ((),) * len(section.rules)
        for number, (text, traces) in enumerate(zip(section.rules, named, strict=True), 1):
            if trace_id in traces:
                found.append({"section": section.id, "rule": number, "text": text.strip()})
    return found


def trace_file(trace: Trace, rules: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    methods = _Methods()
    out: dict[str, Any] = {
        "$comment": GENERATED_NOTE,
        "$schema": SCHEMA_NAME,
        "id": trace.id,
        "title": trace.title,
        "rule": trace.rule.strip(),
        "description": trace.description.strip(),
        "side": trace.side,
        "runner": "client" if trace.side == "agent" else "agent",
        "capability": trace.capability,
        "steps": [
            {"step": number, **_step(step, methods)}
            for number, step in enumerate(trace.steps, start=1)
        ],
    }
    if trace.transports is not None:
        out["transports"] = list(trace.transports)
    if rules:
        out["rules"] = rules
    return out


class _Methods:
    """The method of each request by connection and id (a literal, or ``$name`` for an id
    captured from an expect), so that a response names the method it answers."""

    def __init__(self) -> None:
        self.asked: dict[tuple[str | None, str], str] = {}

    def of(self, step: Step, message: Any, capture: dict[str, str]) -> str | None:
        if not isinstance(message, dict):
            return None
        if "method" in message:
            ident = message.get("id")
            if ident == ANY:
                named = [n for n, p in capture.items() if p == "/id"]
                ident = f"${named[0]}" if named else None
            if ident is not None:
                for on in (step.connection, *step.also):
                    self.asked[(on, json.dumps(ident))] = str(message["method"])
            return str(message["method"])
        if "id" in message:
            ident = message["id"]
            key = f"${capture_name(ident)}" if capture_name(ident) else ident
            return self.asked.get((step.connection, json.dumps(key)))
        return None


def _message(message: Any) -> Any:
    if isinstance(message, dict):
        return {"jsonrpc": "2.0", **{k: v for k, v in message.items() if k != "jsonrpc"}}
    return message


def _outcome(outcome: Outcome) -> dict[str, Any]:
    out: dict[str, Any] = {
        "message": _message(outcome.message),
        "match": outcome.match,
        "absent": list(outcome.absent),
        "capture": dict(outcome.capture),
    }
    if outcome.contains is not None:
        out["contains"] = outcome.contains
    return out


def _step(step: Step, methods: _Methods) -> dict[str, Any]:
    if step.kind == "connect":
        return {"kind": "connect", "connection": step.connection}
    if step.kind == "wait":
        return {"kind": "wait", "ms": step.ms}
    if step.kind == "user":
        user: dict[str, Any] = {"kind": "user", "action": step.action}
        return user if step.text is None else {**user, "text": step.text}
    if step.kind == "fault":
        fault: dict[str, Any] = {"kind": "fault", "fault": step.fault}
        if step.connection is not None:
            fault["on"] = step.connection
        return fault if step.store is None else {**fault, "store": step.store}
    out: dict[str, Any] = {"kind": step.kind, "from": step.sender, "on": step.connection}
    if step.also:
        out["also"] = list(step.also)
    if step.label is not None:
        out["label"] = step.label
    if step.kind == "send":
        out["method"] = methods.of(step, step.message, {})
        out["message"] = _message(step.message)
        if not step.valid:
            out["valid"] = False
        return out
    found = {m for o in step.outcomes if (m := methods.of(step, o.message, dict(o.capture)))}
    if len(found) == 1:
        out["method"] = found.pop()
    out["within"] = step.within or DEFAULT_WITHIN
    if step.after is not None:
        out["after"] = step.after
    if step.count is not None:
        out["count"] = step.count
    if step.when is not None:
        out["when"] = step.when
    out["outcomes"] = [_outcome(o) for o in step.outcomes]
    return out
