"""The JSON-RPC envelope: the message forms the root schema admits, and whether the routing
unions bind each method name to its params. The routing unions' members are the method
table's, which methods.py compares; comparing them as values would report every method
again, once per union.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from .finding import Finding, def_pointer, pointer
from .view import ProtocolView


def envelope_findings(old: ProtocolView, new: ProtocolView) -> Iterator[Finding]:
    was, now = _forms(old.schema), _forms(new.schema)
    for title in sorted(set(was) - set(now)):
        yield Finding.of("envelope-removed", pointer("anyOf", str(was[title])), [],
                         f"the root no longer admits {title} messages: old senders that "
                         "send them are refused")  # fmt: skip
    for title in sorted(set(now) - set(was)):
        yield Finding.of("envelope-added", pointer("anyOf", str(now[title])), [],
                         f"the root admits {title} messages, which old receivers refuse")  # fmt: skip
    for name in sorted(old.routing & new.routing):
        bound_before, bound_now = _binds(old.defs[name]), _binds(new.defs[name])
        if bound_now and not bound_before:
            yield Finding.of("method-binding-added", def_pointer(name), [], f"{name} now "
                             "binds each method name to its params: a receiver validating "
                             "with it refuses a known method with another method's params")  # fmt: skip
        elif bound_before and not bound_now:
            yield Finding.of("method-binding-removed", def_pointer(name), [], f"{name} no "
                             "longer binds method names to their params")  # fmt: skip


def _forms(schema: Mapping[str, Any]) -> dict[str, int]:
    """Title -> place of each message form the root's anyOf admits."""
    forms: dict[str, int] = {}
    for i, member in enumerate(schema.get("anyOf", [])):
        if isinstance(member, Mapping) and isinstance(member.get("title"), str):
            forms.setdefault(member["title"], i)
    return forms


def _binds(union: Mapping[str, Any]) -> bool:
    """Whether a routing union has a member that pins ``method`` to a const."""
    for member in union.get("anyOf", []):
        method = member.get("properties", {}).get("method") if isinstance(member, Mapping) else None
        if isinstance(method, Mapping) and "const" in method:
            return True
    return False
