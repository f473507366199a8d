"""The routing unions of the published schemas, as unions of named defs.

In the document (document.py) a call union is upstream's object (``id``, ``method``,
``params`` of any known def) with an ``anyOf`` of method bindings beside it, and a response
union an ``anyOf`` of two inline objects. Both are exact, but code generators read them
badly: datamodel-code-generator (the one upstream's Python SDK uses) with its default
options merges the object into each anonymous binding and numbers every class it makes
(``ClientRequest1``, ``Params1`` ... ``Params637``), and Ajv's strict mode refuses the
guards ``not: {required: ["error"]}`` (strictRequired: a `required` name that no
``properties`` beside it declares).

So the published files say the same thing in the form generators name: each branch is a
def of its own, a complete object, under the title consumer_titles gave it (the class
acp_models makes of it: ``ClientRequestSessionPrompt``, ``AgentResponseError``), and the
union is an ``anyOf`` of references to them. A guard declares the property it names
(``not: {properties: {error: true}, required: ["error"]}``).

Only the published files are rewritten: the document the models, the docs, the checks and
``acp-spec diff`` read keeps upstream's shape. Every step is an equivalence (a branch is
the conjunction of the union's object and the binding; ``{error: true}`` constrains
nothing); tests/test_published_schema.py checks the verdicts agree on every vector.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..defs import DEFS_PREFIX
from ..index import ANNOTATIONS, ref_name, stands_for
from ..model import DERIVED_TYPE_NAMES

# What a union keeps: it becomes an anyOf of its branches, described as before.
_UNION_KEYS = frozenset({"description", "anyOf"})
# The keywords a branch may be made of here; anything else is a shape this module has not
# been taught to merge, and is refused rather than guessed at.
_OBJECT_KEYS = frozenset({"title", "description", "type", "properties", "required", "not"})
# The root form's keywords beside its anyOf: what every message has (`"jsonrpc": "2.0"`).
_ENVELOPE = frozenset({"type", "properties", "required"})
_FORM_KEYS = frozenset({"title", "description", "anyOf"})
_ENVELOPE_DEF = "JsonRpcMessage"
_ENVELOPE_ABOUT = 'What every JSON-RPC 2.0 message of ACP has: `"jsonrpc": "2.0"`.'
# A property's keywords that merge by putting them side by side (all apply at once).
_SIDE_BY_SIDE = frozenset({"description", "type", "const", "pattern"})


def named_branches(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` (a copy of its own, already titled by consumer_titles) with each routing
    union's branches moved into ``$defs`` under their titles, and the root's forms made of
    whole messages. Changes ``schema``."""
    _branch_defs(schema)
    _message_forms(schema)
    return schema


def _branch_defs(schema: dict[str, Any]) -> None:
    defs: dict[str, Any] = schema["$defs"]
    branches: dict[str, Any] = {}
    for name in sorted(DERIVED_TYPE_NAMES & set(defs)):
        union = defs[name]
        unknown = set(union) - _UNION_KEYS - _OBJECT_KEYS - {"x-docs-ignore"}
        if unknown or not isinstance(union.get("anyOf"), list):
            raise ValueError(f"$defs/{name}: no routing union this module can name the branches of")
        shared = {k: v for k, v in union.items() if k in _OBJECT_KEYS and k != "description"}
        refs = []
        for branch in union["anyOf"]:
            title = branch.get("title")
            if not isinstance(title, str) or title in defs or title in branches:
                raise ValueError(f"$defs/{name}: a branch without a free name ({title!r})")
            branches[title] = _branch(name, shared, branch)
            refs.append({"$ref": DEFS_PREFIX + title})
        defs[name] = {
            **({"description": union["description"]} if "description" in union else {}),
            "anyOf": refs,
            **{k: v for k, v in union.items() if k.startswith("x-")},
        }
    schema["$defs"] = dict(sorted({**defs, **branches}.items()))


def _message_forms(schema: dict[str, Any]) -> None:
    """Each root form (``Agent``: `"jsonrpc": "2.0"` and one of AgentRequest, AgentResponse,
    AgentNotification) as an anyOf of whole messages, one def a branch of its unions
    (``ClientRequestSessionPromptMessage``: ``JsonRpcMessage`` and the branch): a generator
    that meets the envelope beside a union merges it into every branch as a numbered class.
    The form's allOf says it again as the unions (every whole message is in one of them)."""
    defs: dict[str, Any] = schema["$defs"]
    made: dict[str, Any] = {}
    for form in schema.get("anyOf", []):
        title = form.get("title")
        envelope = {"description": _ENVELOPE_ABOUT} | {
            k: v for k, v in form.items() if k in _ENVELOPE
        }
        if (
            set(form) - _ENVELOPE - _FORM_KEYS
            or made.setdefault(_ENVELOPE_DEF, envelope) != envelope
        ):
            raise ValueError(f"the root's form {title!r}: no envelope this module knows")
        members, unions = [], []
        for part in form["anyOf"]:
            union = stands_for(part)
            if union not in DERIVED_TYPE_NAMES or union not in defs:
                raise ValueError(f"the root's form {title!r}: a member that is no routing union")
            unions.append({"$ref": DEFS_PREFIX + union})
            for branch in defs[union]["anyOf"]:
                name = ref_name(branch["$ref"])
                message = f"{name}Message"
                if message in defs:
                    raise ValueError(f"$defs/{message}: taken, so no name for a whole {name}")
                made[message] = {
                    "description": f"A `{name}` as a whole JSON-RPC 2.0 message, with its "
                    '`"jsonrpc": "2.0"`.',
                    "allOf": [{"$ref": DEFS_PREFIX + _ENVELOPE_DEF}, {"$ref": branch["$ref"]}],
                }
                members.append({"$ref": DEFS_PREFIX + message})
        for key in _ENVELOPE:
            form.pop(key, None)
        form["anyOf"] = members
        # the same messages, as the routing unions: what makes those reachable from the root
        # for the generators that export no more (json-schema-to-typescript), and which
        # datamodel-code-generator, meeting it beside an anyOf, leaves out
        form["allOf"] = [{"anyOf": unions}]
    if _ENVELOPE_DEF in defs:
        raise ValueError(f"$defs/{_ENVELOPE_DEF}: taken, so no name for the envelope")
    schema["$defs"] = dict(sorted({**defs, **made}.items()))


def _branch(union: str, shared: Mapping[str, Any], branch: Mapping[str, Any]) -> dict[str, Any]:
    """The union's object and ``branch`` at once, as one object."""
    if set(branch) - _OBJECT_KEYS:
        raise ValueError(f"$defs/{union}: a branch with {sorted(set(branch) - _OBJECT_KEYS)}")
    out: dict[str, Any] = {}
    description = branch.get("description") or _summary(shared, branch)
    if description:
        out["description"] = description
    kinds = [k for k in (shared.get("type"), branch.get("type")) if k is not None]
    if any(k != kinds[0] for k in kinds):
        raise ValueError(f"$defs/{union}: a branch of another type ({kinds})")
    if kinds:
        out["type"] = kinds[0]
    properties = dict(shared.get("properties", {}))
    for key, node in branch.get("properties", {}).items():
        properties[key] = _both(union, key, properties[key], node) if key in properties else node
    out["properties"] = properties
    required = [*shared.get("required", []), *branch.get("required", [])]
    out["required"] = list(dict.fromkeys(required))
    guards = [g for g in (shared.get("not"), branch.get("not")) if g is not None]
    if len(guards) > 1:
        raise ValueError(f"$defs/{union}: a branch with a guard of its own")
    if guards:
        out["not"] = _declared(union, guards[0])
    return out


def _both(union: str, key: str, outer: Mapping[str, Any], inner: Mapping[str, Any]) -> Any:
    """A property both the union's object and a binding constrain, as one schema."""
    target = stands_for(inner)
    if target is not None and target in _alternatives(outer):
        # the binding's def is one of the union's alternatives: it alone decides
        return {**_annotations(outer), "allOf": [{"$ref": DEFS_PREFIX + target}]}
    clash = {k for k in set(outer) & set(inner) - ANNOTATIONS if outer[k] != inner[k]}
    if set(outer) | set(inner) <= _SIDE_BY_SIDE and not clash:
        return {**outer, **inner}
    raise ValueError(f"$defs/{union}: no way to merge the property {key!r} of a branch")


def _alternatives(node: Mapping[str, Any]) -> dict[str, str]:
    """The defs ``node``'s anyOf (nested ones included) stands for, each with its member's
    description: `params`' defs, with their methods' summaries."""
    found = {}
    for member in node.get("anyOf", []):
        target = stands_for(member)
        if target is not None:
            found[target] = member.get("description", "")
        elif isinstance(member, Mapping):
            found |= _alternatives(member)
    return found


def _summary(shared: Mapping[str, Any], branch: Mapping[str, Any]) -> str:
    """A method binding's description: its method and the summary its params carry in the
    union (`session/prompt`: Sends a user message to a session.)."""
    properties = branch.get("properties", {})
    method = properties.get("method", {}).get("const")
    target = stands_for(properties.get("params"))
    summary = _alternatives(shared.get("properties", {}).get("params", {})).get(target or "")
    return f"`{method}`: {summary}" if isinstance(method, str) and summary else ""


def _annotations(node: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in node.items() if k in ANNOTATIONS}


def _declared(union: str, guard: Mapping[str, Any]) -> dict[str, Any]:
    """``not: {required: [...]}`` with the names it requires declared beside them, as Ajv's
    strictRequired asks (``true`` constrains nothing: the guard means what it meant)."""
    if set(guard) != {"required"}:
        raise ValueError(f"$defs/{union}: a guard other than `not: {{required: [...]}}`")
    return {"properties": dict.fromkeys(guard["required"], True), "required": guard["required"]}
