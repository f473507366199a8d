"""A version of the protocol as ``acp-spec diff`` compares it (a ProtocolView): the spec's
(``view_of_spec``) or a JSON Schema's in upstream's shape (``schema_view``). What the views
are made of is given: reading the inputs is the command's (``acp_spec.diff_inputs``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..defs import referenced_names
from ..index import Index, index_of, ref_name
from ..model import Kind, Sender, Spec
from .view import FACTS, CallFacts, MethodFacts, ProtocolView

# upstream's x-side names the side that handles a method; the call goes the other way
_SENDER_OF_SIDE: dict[str, Sender] = {
    "agent": "client-to-agent",
    "client": "agent-to-client",
    "both": "both",
    "protocol": "both",
}
# upstream's routing unions (and its naming of message defs) say what a def is
_ROLE_OF_SUFFIX: tuple[tuple[str, str], ...] = (
    ("Response", "result"),
    ("Notification", "notification"),
    ("Request", "request"),
)


# ── the spec ──


def view_of_spec(spec: Spec, label: str, index: Index | None = None) -> ProtocolView:
    """The spec's protocol: build_schema's document, the methods and the index's facts
    (``index``: the spec's, when the caller has it)."""
    index = index_of(spec) if index is None else index
    methods: dict[str, MethodFacts] = {}
    for method in spec.methods.values():
        calls = tuple(CallFacts(c.kind, c.params, c.result, method.sender) for c in method.calls)
        methods[method.name] = MethodFacts(
            name=method.name,
            calls=calls,
            stability=method.stability,
            capability=method.capability,
            errors=method.errors,
            retry=tuple((d, method.retry_class) for d in method.directions),
            audited=method.audited,
            key_path=index.keys.key_property(method),
        )
    return ProtocolView(
        label=label,
        schema=index.schema,
        methods=methods,
        carries=frozenset(FACTS),
        error_codes={name: error.code for name, error in spec.errors.items()},
        schema_index=index.of_schema,
    )


def methods_of(schema: Mapping[str, Any]) -> frozenset[str]:
    """The methods an upstream schema has: those its defs name in ``x-method``."""
    defs = schema.get("$defs", {})
    return frozenset(d["x-method"] for d in defs.values() if isinstance(d.get("x-method"), str))


def schema_view(
    schema: Mapping[str, Any],
    label: str,
    stable: frozenset[str] | None = None,
    notes: tuple[str, ...] = (),
) -> ProtocolView:
    """The view of a JSON Schema in upstream's shape. ``stable`` names the methods that
    are stable (the others are unstable); None when unknown."""
    defs: Mapping[str, Mapping[str, Any]] = schema["$defs"]
    methods, more = _methods(defs)
    if stable is not None:
        methods = {
            name: MethodFacts(m.name, m.calls, "stable" if name in stable else "unstable")
            for name, m in methods.items()
        }
    return ProtocolView(
        label=label,
        schema=schema,
        methods=methods,
        carries=frozenset() if stable is None else frozenset({"stability"}),
        notes=notes + more,
    )


def _methods(
    defs: Mapping[str, Mapping[str, Any]],
) -> tuple[dict[str, MethodFacts], tuple[str, ...]]:
    """The method table upstream's defs imply, and notes on what they leave unsaid."""
    roles = _routing_roles(defs)
    found: dict[str, dict[str, list[str]]] = {}
    for name in sorted(defs):
        method = defs[name].get("x-method")
        if not isinstance(method, str):
            continue
        role = roles.get(name) or _role_by_name(name)
        found.setdefault(method, {}).setdefault(role, []).append(name)
    methods: dict[str, MethodFacts] = {}
    unsaid: set[str] = set()
    for method, by_role in sorted(found.items()):
        calls: list[CallFacts] = []
        for kind, role in (("request", "request"), ("notification", "notification")):
            params = by_role.get(role)
            if not params:
                continue
            side = defs[params[0]].get("x-side")
            sender = _SENDER_OF_SIDE.get(side) if isinstance(side, str) else None
            if sender is None:
                unsaid.add(f"{method} (x-side {side!r})")
            result = by_role.get("result", [None])[0] if kind == "request" else None
            calls.append(CallFacts(_kind(kind), params[0], result, sender))
        if calls:
            methods[method] = MethodFacts(method, tuple(calls))
    notes: tuple[str, ...] = ()
    if unsaid:
        notes = (f"who sends {', '.join(sorted(unsaid))} is not said; judged both ways and "
                 "direction not compared",)  # fmt: skip
    return methods, notes


def _role_by_name(name: str) -> str:
    """A message def no routing union lists: upstream names it for what it is."""
    return next((role for suffix, role in _ROLE_OF_SUFFIX if name.endswith(suffix)), "request")


def _kind(kind: str) -> Kind:
    return "request" if kind == "request" else "notification"


def _routing_roles(defs: Mapping[str, Mapping[str, Any]]) -> dict[str, str]:
    """Message def -> request, result or notification, from the routing union it is in."""
    roles: dict[str, str] = {}
    for name in sorted(defs):
        if defs[name].get("x-docs-ignore") is not True:
            continue
        role = next((r for suffix, r in _ROLE_OF_SUFFIX if name.endswith(suffix)), None)
        if role is None:
            continue
        for ref in referenced_names(defs[name]):
            target = ref_name(ref)
            if target is not None and "x-method" in defs.get(target, {}):
                roles.setdefault(target, role)
    return roles
