"""Rules about methods: names, retry classes, the RFD's key, gating capabilities."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from ..constants import KEY_TYPE, KEYED, NOT_RETRIED
from ..diagnostics import Diagnostic
from ..index import Index
from ..model import Spec
from ..yamlsource import PathKey
from .common import Written
from .common import at as _at

_SNAKE = r"[a-z][a-z0-9]*(?:_[a-z0-9]+)*"
_CAMEL = r"[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+"
_SEGMENT = rf"(?:{_SNAKE}|{_CAMEL})"
METHOD_NAME = re.compile(rf"^(?:\$/)?{_SEGMENT}(?:/{_SEGMENT})*$|^_[A-Za-z0-9_./-]+$")


def method_names(spec: Spec, index: Index, _: Written) -> Iterator[Diagnostic]:
    for name in spec.methods:
        if any(bad in name for bad in ("..", "\\", "\x00")) or name.startswith("/"):
            why = "it would escape the output folders (it holds '..', '\\', a NUL or a leading '/')"
        elif METHOD_NAME.fullmatch(name):
            continue
        else:
            why = "ACP names are noun/verb with snake_case segments, '$/' for protocol-level, '_' for extensions"
        yield _at(
            spec,
            ("methods", name),
            f"method name {json.dumps(name)} is not valid: {why}; rename it",
            key=True,
        )


def retry_per_direction(spec: Spec, index: Index, _: Written) -> Iterator[Diagnostic]:
    for method in spec.methods.values():
        given = {r.direction for r in method.retry}
        base: PathKey = ("methods", method.name, "retry")
        for direction in method.directions:
            if direction not in given:
                yield _at(spec, base, f"{method.name} is sent {direction} but states no retry class "
                          f"for it; add retry › {direction} with its class")  # fmt: skip
        for direction in given - set(method.directions):
            yield _at(spec, base + (direction,), f"{method.name} is only sent {method.sender}, so it "
                      f"takes no retry class for {direction}; remove that entry", key=True)  # fmt: skip


def one_retry_class(spec: Spec, index: Index, _: Written) -> Iterator[Diagnostic]:
    """Every artifact (meta.json's ``retryClass``, the schema's ``x-retry-class``, the models'
    ``resend_rule``, the diff, the vectors) states one class per method."""
    for method in spec.methods.values():
        for retry in method.retry[1:]:
            if retry.retry_class != method.retry_class:
                first = method.retry[0]
                yield _at(spec, ("methods", method.name, "retry", retry.direction, "class"),
                          f"{method.name} is {first.retry_class} {first.direction} but "
                          f"{retry.retry_class} {retry.direction}; a method has one retry class in "
                          f"every direction (as in the RFD's tables), so give both the same class "
                          f"and say how sending it again differs in each direction's `again`")  # fmt: skip


def notifications_not_retried(spec: Spec, index: Index, _: Written) -> Iterator[Diagnostic]:
    for method in spec.methods.values():
        if method.request is not None:
            continue
        for retry in method.retry:
            if retry.retry_class != NOT_RETRIED:
                yield _at(spec, ("methods", method.name, "retry", retry.direction, "class"),
                          f"{method.name} is a notification, which has no response to lose, so it is "
                          f"never retried; its class must be {NOT_RETRIED}, not {retry.retry_class}")  # fmt: skip


def keyed_iff_key(spec: Spec, index: Index, _: Written) -> Iterator[Diagnostic]:
    for method in spec.methods.values():
        keyed = [r for r in method.retry if r.retry_class == KEYED]
        reaching = [c for c in method.calls if index.keys.reaches_key(c.params)]
        if keyed and not reaching:
            retry = keyed[0]
            yield _at(spec, ("methods", method.name, "retry", retry.direction, "class"),
                      f"{method.name} is keyed but its params never reach an {KEY_TYPE}; add an "
                      f"optional idempotencyKey field of type {KEY_TYPE} or choose another class")  # fmt: skip
        for call in reaching if not keyed else []:
            yield _at(spec, ("methods", method.name, call.kind, "params"),
                      f"{method.name}'s params ({call.params}) reach an {KEY_TYPE}, but the method is "
                      f"not keyed; make its retry class {KEYED} or remove the key")  # fmt: skip


def keys_are_optional_fields(spec: Spec, index: Index, _: Written) -> Iterator[Diagnostic]:
    """The RFD's key is an optional field; omitted and null mean the same (no key)."""
    for method in spec.methods.values():
        for call in method.calls:
            if call.params not in spec.types or not index.keys.reaches_key(call.params):
                continue
            path = index.keys.key_path(call.params)
            where: PathKey = ("methods", method.name, call.kind, "params")
            if path is None:
                yield _at(spec, where, f"{method.name}'s params reach an {KEY_TYPE} only inside "
                          "a list or a union; make the key a field of the params (or of an object "
                          "field of them) so that every attempt carries it in one place")  # fmt: skip
                continue
            owner = call.params
            for depth, name in enumerate(path):
                field = index.shapes.properties(index.defs[owner]).get(name, {})
                dotted = ".".join(path[: depth + 1])
                if name in index.shapes.required(index.defs[owner]):
                    yield _at(spec, ("types", owner, "required"), key=True, message=f"{method.name}'s {dotted} is "
                              f"required, but the RFD makes the {KEY_TYPE} optional (omitted means "
                              "no key); remove it from required")  # fmt: skip
                if depth == len(path) - 1:
                    if not index.shapes.accepts_null(field):
                        yield _at(spec, ("types", owner, "properties", name), key=True,
                                  message=f"{method.name}'s "
                                  f"{dotted} does not accept null, but the RFD says omitted and "
                                  f"null mean the same; write it as anyOf: [{{$ref: {KEY_TYPE}}}, "
                                  "{type: 'null'}]")  # fmt: skip
                else:
                    owner = index.shapes.field_type(field) or ""
                    if owner not in index.defs:
                        break


# Keywords that apply a subschema to the same value; a cycle through them alone never ends
# (properties, items and the like step into the value, so they end with it).


CAPABILITY_ROOTS = {
    "agentCapabilities": "AgentCapabilities",
    "clientCapabilities": "ClientCapabilities",
}


def capabilities_resolve(spec: Spec, index: Index, _: Written) -> Iterator[Diagnostic]:
    """A gating capability names a real field; a proposed method's may not exist yet."""
    for method in spec.methods.values():
        if method.capability is None or method.stability == "proposed":
            continue
        if not capability_exists(spec, method.capability):
            yield _at(spec, ("methods", method.name, "capability"),
                      f"capability '{method.capability}' names no field of the capability types; "
                      "write the path of a real field, like agentCapabilities.session.delete")  # fmt: skip


def capability_exists(spec: Spec, path: str) -> bool:
    """Whether a capability path (``agentCapabilities.session.delete``) names a field of the
    capability types; a method's and a trace's capability are held to it alike."""
    head, *fields = path.split(".")
    current = CAPABILITY_ROOTS.get(head)
    for field in fields:
        typedef = spec.types.get(current or "")
        prop = typedef.schema.get("properties", {}).get(field) if typedef else None
        if prop is None:
            return False
        current = _single_ref(prop)
    return head in CAPABILITY_ROOTS


def _single_ref(prop: Any) -> str | None:
    """The type a capability field holds: `$ref: X` or upstream's `anyOf: [X, null]`."""
    if not isinstance(prop, dict):
        return None
    if isinstance(prop.get("$ref"), str):
        return str(prop["$ref"])
    refs = [v["$ref"] for v in prop.get("anyOf", []) if isinstance(v, dict) and "$ref" in v]
    return str(refs[0]) if len(refs) == 1 else None


def keyed_prompts_name_a_keyed_method(spec: Spec, index: Index, _: Written) -> Iterator[Diagnostic]:
    """The keyed-prompt rules are shown on their method's page: it must be a keyed method."""
    rules = spec.keyed_prompts
    if rules is None:
        return
    method = spec.methods.get(rules.method)
    if method is None or KEYED not in {r.retry_class for r in method.retry}:
        keyed = [
            m.name for m in spec.methods.values() if any(r.retry_class == KEYED for r in m.retry)
        ]
        yield _at(spec, ("keyedPrompts", "method"),
                  f"keyedPrompts.method '{rules.method}' is not a keyed method of the spec; name "
                  f"one of: {', '.join(keyed) or 'none (no method is keyed)'}")  # fmt: skip
