"""The JSON-RPC envelope: the message forms the root schema admits, and whether the routing
unions bind each method name to its params. The routing unions' members are the method
table's, which methods.py compares; comparing them as values would report every method
again, once per union.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from ..index import ref_name
from .finding import Finding, def_pointer, pointer
from .view import ProtocolView


def envelope_findings(old: ProtocolView, new: ProtocolView) -> Iterator[Finding]:
    was, now = _forms(old.schema), _forms(new.schema)
    for title in sorted(set(was) - set(now)):
        yield Finding.of("envelope-removed", pointer("anyOf", str(was[title][0])), [],
                         f"the root no longer admits {title} messages: old senders that "
                         "send them are refused")  # fmt: skip
    for title in sorted(set(now) - set(was)):
        yield Finding.of("envelope-added", pointer("anyOf", str(now[title][0])), [],
                         f"the root admits {title} messages, which old receivers refuse")  # fmt: skip
    pairs = [(old.defs[name], name, new.defs[name]) for name in sorted(old.routing & new.routing)]
    # a form one side writes inline (upstream's ProtocolLevel) and the other as a routing def
    for title in sorted(set(was) & set(now)):
        before, after = was[title][1], now[title][1]
        if not _routing_refs(old, before):
            pairs += [(before, name, new.defs[name])
                      for name in _routing_refs(new, after) if name not in old.routing]  # fmt: skip
    for before, name, after in pairs:
        bound_before, bound_now = _binds(before), _binds(after)
        if bound_now and not bound_before:
            yield Finding.of("method-binding-added", def_pointer(name), [], f"{name} now "
                             "binds each method name to its params: a receiver validating "
                             "with it refuses a known method with another method's params")  # fmt: skip
        elif bound_before and not bound_now:
            yield Finding.of("method-binding-removed", def_pointer(name), [], f"{name} no "
                             "longer binds method names to their params")  # fmt: skip
        yield from _guards(name, before, after)


def _guards(name: str, before: Mapping[str, Any], now: Mapping[str, Any]) -> Iterator[Finding]:
    """Members (matched by title) that gained or lost a ``not`` guard."""
    was = {m.get("title"): m for m in before.get("anyOf", []) if isinstance(m, Mapping)}
    for number, member in enumerate(now.get("anyOf", [])):
        old_member = was.get(member.get("title")) if isinstance(member, Mapping) else None
        if old_member is None:
            continue
        where = f"{def_pointer(name)}/anyOf/{number}"
        if "not" in member and "not" not in old_member:
            yield Finding.of("routing-guard-added", where, [], f"{name}'s {member['title']} "
                             "member now refuses what its guard names: a receiver validating "
                             "with it refuses such a message, which old senders may write")  # fmt: skip
        elif "not" in old_member and "not" not in member:
            yield Finding.of("routing-guard-removed", where, [], f"{name}'s "
                             f"{member['title']} member no longer has its guard")  # fmt: skip


def _routing_refs(view: ProtocolView, form: Mapping[str, Any]) -> list[str]:
    """The routing defs a root form's members refer to."""
    names = []
    for member in form.get("anyOf", []):
        for part in member.get("allOf", []) if isinstance(member, Mapping) else []:
            name = ref_name(part.get("$ref")) if isinstance(part, Mapping) else None
            if name in view.routing:
                names.append(name)
    return names


def _forms(schema: Mapping[str, Any]) -> dict[str, tuple[int, Mapping[str, Any]]]:
    """Title -> place and schema of each message form the root's anyOf admits."""
    forms: dict[str, tuple[int, Mapping[str, Any]]] = {}
    for i, member in enumerate(schema.get("anyOf", [])):
        if isinstance(member, Mapping) and isinstance(member.get("title"), str):
            forms.setdefault(member["title"], (i, member))
    return forms


def _binds(union: Mapping[str, Any]) -> bool:
    """Whether a routing union has a member that pins ``method`` to a const."""
    for member in union.get("anyOf", []):
        method = member.get("properties", {}).get("method") if isinstance(member, Mapping) else None
        if isinstance(method, Mapping) and "const" in method:
            return True
    return False
