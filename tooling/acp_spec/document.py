"""The protocol's JSON Schema documents, in upstream's shape: the spec's types plus the
routing unions and method annotations derived from its methods.

Like upstream, there are two: the complete one (every method, as upstream's
``schema.unstable.json``) and the stable one (the stable methods and what they reach, with
what upstream marks unstable left out, as upstream's ``schema.json``).

Upstream derives its routing unions (AgentRequest, ClientResponse, ...) from its method
list; so do we. Unlike upstream, each request and notification union also binds the
method name to its params, so `session/prompt` with a numeric `sessionId` is rejected at
the root, and unknown methods pass only when they are extensions (names starting `_`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Literal

from .constants import GENERATED_NOTE
from .defs import DEFS_PREFIX, expand_types, ref_target, referenced_names
from .model import Kind, Method, Spec
from .stable import released_links, without_unstable

Edition = Literal["complete", "stable"]

EXTENSION_PATTERN = "^_"

_ENVELOPE_DESCRIPTION = (
    'A message (request, response, or notification) with `"jsonrpc": "2.0"` specified as\n'
    "[required by JSON-RPC 2.0 Specification][1].\n\n"
    "[1]: https://www.jsonrpc.org/specification#compatibility"
)
_EXTENSIBILITY = "See protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)"
_ROUTING = "This enum is used internally for routing RPC {what}. You typically won't need\nto use this directly."

# (def name, who sends, kind, description of the inner union)
_CALL_UNIONS: tuple[tuple[str, str, Kind, str], ...] = (
    ("AgentRequest", "agent", "request",
     "All possible requests that an agent can send to a client.\n\n" + _ROUTING.format(what="requests")
     + "\n\nThis enum encompasses all method calls from agent to client."),
    ("ClientRequest", "client", "request",
     "All possible requests that a client can send to an agent.\n\n" + _ROUTING.format(what="requests")
     + "\n\nThis enum encompasses all method calls from client to agent."),
    ("AgentNotification", "agent", "notification",
     "All possible notifications that an agent can send to a client.\n\n"
     + _ROUTING.format(what="notifications") + "\n\nNotifications do not expect a response."),
    ("ClientNotification", "client", "notification",
     "All possible notifications that a client can send to an agent.\n\n"
     + _ROUTING.format(what="notifications") + "\n\nNotifications do not expect a response."),
)  # fmt: skip

_PROTOCOL_UNION = (
    "General protocol-level notifications that all sides are expected to\nimplement.\n\n"
    "Notifications whose methods start with '$/' are messages which\n"
    "are protocol implementation dependent and might not be implementable in all\n"
    "clients or agents. For example if the implementation uses a single threaded\n"
    "synchronous programming language then there is little it can do to react to\n"
    "a `$/cancel_request` notification. If an agent or client receives\n"
    "notifications starting with '$/' it is free to ignore the notification.\n\n"
    "Notifications do not expect a response."
)

_PROXY_REQUESTS = (
    "**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed "
    "at any point.\n\nRequests exchanged between a conductor and its proxies.\n\nA conductor "
    "sends `proxy/initialize` and `proxy/successor` to a proxy. A proxy sends\n"
    "`proxy/successor` to its conductor."
)
_PROXY_NOTIFICATIONS = (
    "**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed "
    "at any point.\n\nNotifications exchanged between a conductor and its proxies."
)

_SENDER = {"agent": "agent-to-client", "client": "client-to-agent"}


def build_schema(spec: Spec, edition: Edition = "complete") -> dict[str, Any]:
    """The complete document, or the stable one: the stable methods, and of the types what
    those reach, without what upstream marks unstable."""
    fragments: Mapping[str, Any] = {name: t.schema for name, t in spec.types.items()}
    methods = list(spec.methods.values())
    if edition == "stable":
        fragments = {name: without_unstable(f) for name, f in fragments.items()}
        methods = [m for m in methods if m.stability == "stable"]
    defs: dict[str, Any] = expand_types(fragments)
    _annotate(methods, defs)
    routed = [m for m in methods if m.side not in ("protocol", "proxy")]
    for name, sender, kind, inner in _CALL_UNIONS:
        chosen = [m for m in routed if m.call(kind) and _SENDER[sender] in m.directions]
        defs[name] = _call_union(chosen, kind, inner, sender)
    for name, sender in (
        ("AgentResponse", "client-to-agent"),
        ("ClientResponse", "agent-to-client"),
    ):
        defs[name] = _response_union([m for m in routed if m.request and sender in m.directions])
    # Unions without an extension member exist only with a method to hold: an empty anyOf
    # is no JSON Schema (and its model would accept anything). The envelopes name only
    # those that exist.
    protocol = [m for m in methods if m.side == "protocol" and m.notification]
    if protocol:
        defs["ProtocolLevelNotification"] = _call_union(
            protocol, "notification", _PROTOCOL_UNION, None
        )
    proxied = [m for m in methods if m.side == "proxy"]
    if requests := [m for m in proxied if m.request]:
        defs["ProxyRequest"] = _call_union(requests, "request", _PROXY_REQUESTS, None)
        defs["ProxyResponse"] = _response_union(requests, extension=False)
    if notifications := [m for m in proxied if m.notification]:
        defs["ProxyNotification"] = _call_union(
            notifications, "notification", _PROXY_NOTIFICATIONS, None
        )
    root = _root(defs)
    if edition == "stable":
        defs = {name: released_links(defs[name]) for name in _reached(root, defs)}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$comment": GENERATED_NOTE,
        "title": spec.title,
        "anyOf": root,
        "$defs": dict(sorted(defs.items())),
    }


def _reached(root: Iterable[Any], defs: Mapping[str, Any]) -> set[str]:
    """The defs the root refers to, directly or through other defs."""
    seen: set[str] = set()
    todo = [ref.removeprefix(DEFS_PREFIX) for ref in referenced_names(list(root))]
    while todo:
        name = todo.pop()
        if name in seen or name not in defs:
            continue
        seen.add(name)
        todo += [ref.removeprefix(DEFS_PREFIX) for ref in referenced_names(defs[name])]
    return seen


# The keys _annotate adds to an expanded type (each only where the type does not write it).
METHOD_ANNOTATIONS = ("x-side", "x-method", "x-retry-class", "x-stability")


def _annotate(methods: Iterable[Method], defs: dict[str, Any]) -> None:
    """Upstream's x-method/x-side, and our x-retry-class/x-stability on params defs."""
    for method in methods:
        for call in method.calls:
            for name in (call.params, call.result):
                if name not in defs:
                    continue  # None, or a dangling reference the rules report
                # a def shared by two methods keeps the first; the method table lists
                # every use
                defs[name].setdefault("x-side", method.side)
                defs[name].setdefault("x-method", method.name)
            params = defs.get(call.params)
            if params is None:
                continue  # a dangling reference: the rules report it
            params.setdefault("x-retry-class", method.retry_class)
            params.setdefault("x-stability", method.stability)


def _variant(title: str, description: str, target: str) -> dict[str, Any]:
    return {"title": title, "description": description, "allOf": [{"$ref": ref_target(target)}]}


def _call_union(
    methods: list[Method], kind: Kind, inner: str, sender: str | None
) -> dict[str, Any]:
    variants = [_variant(m.call(kind).params, m.summary, m.call(kind).params) for m in methods]  # type: ignore[union-attr]
    bindings = [_binding(m.name, m.call(kind).params) for m in methods]  # type: ignore[union-attr]
    if sender is not None:
        ext = "ExtRequest" if kind == "request" else "ExtNotification"
        title = "ExtMethodRequest" if kind == "request" else "ExtNotification"
        variants.append(
            _variant(
                title, f"Handles extension {kind}s from the {sender}.\n\n{_EXTENSIBILITY}", ext
            )
        )
        bindings.append({
            "title": "extension",
            "description": "An extension method: its name starts with `_`; its params are free.",
            "properties": {"method": {"type": "string", "pattern": EXTENSION_PATTERN}},
        })  # fmt: skip
    word = "request" if kind == "request" else "notification"
    properties: dict[str, Any] = {}
    if kind == "request":
        properties["id"] = {
            "description": "The request id used to correlate the matching response.",
            "allOf": [{"$ref": ref_target("RequestId")}],
        }
    properties["method"] = {
        "description": "The method name to invoke." if kind == "request" else "The notification method name.",
        "type": "string",
    }  # fmt: skip
    properties["params"] = {
        "description": f"Method-specific {word} parameters.",
        "anyOf": [{"description": inner, "anyOf": variants}, {"type": "null"}],
    }
    union: dict[str, Any] = {
        "description": f"A JSON-RPC {word} object.",
        "type": "object",
        "properties": properties,
        "required": ["id", "method"] if kind == "request" else ["method"],
        "anyOf": bindings,
    }
    if kind == "notification":
        # JSON-RPC: a message with an id is a request, never a notification
        union["not"] = {"required": ["id"]}
    union["x-docs-ignore"] = True
    return union


def _binding(method: str, params: str) -> dict[str, Any]:
    """A known method's name admits only that method's params."""
    return {
        "title": method,
        "properties": {"method": {"const": method}, "params": {"$ref": ref_target(params)}},
        "required": ["params"],
    }


def _response_union(methods: list[Method], *, extension: bool = True) -> dict[str, Any]:
    seen: dict[str, Method] = {}
    for method in methods:
        assert method.request is not None and method.request.result is not None
        seen.setdefault(method.request.result, method)
    results = [
        _variant(name, f"Successful result returned for a `{m.name}` request.", name)
        for name, m in seen.items()
    ]
    if extension:
        results.append(_variant(
            "ExtMethodResponse",
            "Successful result returned by an extension method outside the core ACP method set.",
            "ExtResponse",
        ))  # fmt: skip
    answer_id = {
        "description": "The id of the request this response answers.",
        "allOf": [{"$ref": ref_target("RequestId")}],
    }
    # as upstream: a request's id is never null, but an error answers with null when it
    # could not tell which request failed (a parse error, an invalid request)
    failed_id = {
        "description": "The id of the request this response answers.\n\nRequired. `null` only "
        "when the request's id could not be determined, such as\nfor a parse error or an "
        "invalid request.",
        "anyOf": [{"$ref": ref_target("RequestId")}, {"type": "null"}],
    }
    return {
        "description": "A JSON-RPC response object.",
        "anyOf": [
            {
                "title": "Result",
                "description": "A successful JSON-RPC response.",
                "type": "object",
                "properties": {
                    "id": answer_id,
                    "result": {"description": "Method-specific response data.", "anyOf": results},
                },
                "required": ["id", "result"],
                "not": {"required": ["error"]},  # JSON-RPC: never both
            },
            {
                "title": "Error",
                "description": "A failed JSON-RPC response.",
                "type": "object",
                "properties": {
                    "id": failed_id,
                    "error": {
                        "description": "Method-specific error data.",
                        "allOf": [{"$ref": ref_target("Error")}],
                    },
                },
                "required": ["id", "error"],
                "not": {"required": ["result"]},
            },
        ],
        "x-docs-ignore": True,
    }


def _envelope(parts: list[tuple[str, str]], defs: Mapping[str, Any]) -> dict[str, Any]:
    """A JSON-RPC 2.0 message of one of the routing unions ``parts`` names (those ``defs``
    has)."""
    return {
        "description": _ENVELOPE_DESCRIPTION,
        "type": "object",
        "properties": {"jsonrpc": {"type": "string", "enum": ["2.0"]}},
        "required": ["jsonrpc"],
        "anyOf": [
            {"title": title, "allOf": [{"$ref": ref_target(target)}]}
            for title, target in parts
            if target in defs
        ],
    }


def _root(defs: Mapping[str, Any]) -> list[dict[str, Any]]:
    roots: list[dict[str, Any]] = []
    for side in ("Agent", "Client"):
        roots.append({"title": side, **_envelope([
            ("Request", f"{side}Request"), ("Response", f"{side}Response"),
            ("Notification", f"{side}Notification"),
        ], defs)})  # fmt: skip
    for title, parts in (
        ("ProtocolLevel", [("Notification", "ProtocolLevelNotification")]),
        ("Proxy", [("Request", "ProxyRequest"), ("Response", "ProxyResponse"),
                   ("Notification", "ProxyNotification")]),
    ):  # fmt: skip
        envelope = _envelope(parts, defs)
        if envelope["anyOf"]:  # a side of the protocol the spec has no method of is none
            roots.append({"title": title, **envelope})
    return roots
