"""The routing unions' classes (``ClientRequest``, ``AgentResponse``, ... and the classes
lowered from them: ``ClientRequestSessionPrompt``, ``ClientResponseError``), written here
rather than by datamodel-code-generator.

The document derives those unions from the method list, so every method added, removed or
renamed changes them; made by datamodel-code-generator, each such edit paid its whole run.
Their lowered shapes are few and fixed (an object of a ``method`` tag, an ``id`` and
``params``, or of an ``id`` and a ``result`` or ``error``; a union of such objects), so
they are written here, on every run, in the form datamodel-code-generator and
``codegen``'s passes give them (same fields, aliases, descriptions, discriminators and
``not`` validators), and appended to its module: the cached step never sees them.
A shape outside those is refused, naming its def: the document has changed, and this
module must learn to write what it now makes.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Mapping
from typing import Any

from ...index import ref_name, type_list
from .codegen import fields_of, literal, ruff, tagging
from .errors import ModelsError
from .identifiers import python_name
from .lowering import Lowering, Valid, refers_to

# The first line of the routing section: where the module datamodel-code-generator made
# ends, in the file that holds both (``main_part``).
MARKER = "# --- the routing unions: written by acp_spec/emit/models/routing.py ---"
_SEPARATOR = "\n\n" + MARKER + "\n"
_NOTE = (
    "# Derived from the method list, so made on every run instead of by\n"
    "# datamodel-code-generator: a method added or removed remakes only these.\n"
)
_PRIMITIVES = {"string": "str", "integer": "int", "boolean": "bool", "null": "None"}
# What the section may need, by module; a name the models part imports already is left out.
_FROM: Mapping[str, tuple[str, ...]] = {
    "typing": ("Annotated", "Any", "Literal", "TypeAlias", "Union"),
    "pydantic": ("Discriminator", "Field", "Tag", "model_validator"),
    "._base": ("BaseModel", "NATIVE_BRANCH", "ROUTED_BRANCH", "tag_of"),
}
_FIELD_KEYS = frozenset({"description", "type", "const", "pattern", "$ref", "anyOf"})
_CLASS_KEYS = frozenset({"description", "type", "properties", "required"})


def main_part(module: str) -> str:
    """The part of a models module that datamodel-code-generator made (the cached step's
    output): all of it, where there is no routing section."""
    head, found, _ = module.partition(_SEPARATOR)
    return head if found else module


def with_routing(main: str, lowering: Lowering, names: Mapping[str, str]) -> str:
    """``main`` (``codegen.models_module``'s output) with the routing section after it.
    ``names``: each class's `not` check in ``_base``."""
    section = routing_section(lowering, names, _top_imports(main))
    if not section:
        return main
    # main ends in its one newline, the separator's first newline after it: main_part
    # finds the whole of main again
    assert main.endswith("\n") and section.startswith(MARKER + "\n"), "no separator"
    return main + "\n\n" + section


def routing_section(lowering: Lowering, names: Mapping[str, str], imported: Iterable[str]) -> str:
    """The routing unions' classes in lowering order (a union after its members), with the
    imports they need that ``imported`` lacks; empty without routing unions."""
    chosen = lowering.routing_classes()
    routed = [n for n in lowering.defs if n in chosen]
    if not routed:
        return ""
    for table in (lowering.omittable, lowering.tolerant):
        if found := sorted(set(table) & chosen):
            raise ModelsError(f"routing classes {found}: fields the routing emitter can't write")
    later = set(routed)
    classes: dict[str, str] = {}
    for name in routed:
        node = lowering.defs[name]
        later.discard(name)
        if ahead := sorted(refers_to(node) & later):
            raise ModelsError(f"$defs/{name}: refers to {ahead}, made after it")
        if "properties" in node:
            classes[name] = _class(name, node, names.get(name), lowering)
    # the classes' fields as the discriminators read them, from the source they are
    fields = fields_of(ast.parse("\n\n".join(classes.values())))
    body = "\n\n".join(
        classes[n] if n in classes else _alias(n, lowering.defs[n], fields) for n in routed
    )
    needed = {n.id for n in ast.walk(ast.parse(body)) if isinstance(n, ast.Name)}
    skip = set(imported)
    imports: list[str] = []
    for module, offered in _FROM.items():
        wanted = [n for n in offered if n in needed and n not in skip]
        if module == "._base":
            wanted += sorted(n for n in set(names.values()) & needed if n not in skip)
        if wanted:
            imports.append(f"from {module} import {', '.join(wanted)}\n")
    return ruff(f"{MARKER}\n{_NOTE}\n{''.join(imports)}\n\n{body}", fix=True)


def _class(name: str, node: Mapping[str, Any], check: str | None, lowering: Lowering) -> str:
    path = f"$defs/{name}"
    if set(node) - _CLASS_KEYS or node.get("type") != "object":
        raise ModelsError(f"{path}: a routing class of {sorted(node)}, which it can't write")
    required = node.get("required", [])
    lines = [f"class {name}(BaseModel):\n"]
    if "description" in node:
        text = node["description"].replace("\\", "\\\\").replace('"""', '\\"\\"\\"')
        lines.append('    """\n' + "".join(_indent(text.splitlines())) + '    """\n\n')
    for wire, prop in node["properties"].items():
        lines.append(_field(wire, prop, wire in required, f"{path}/{wire}"))
    refusals = lowering.nots.get(name, [])
    if any(isinstance(r, Valid) for r in refusals):
        raise ModelsError(f"{path}: a oneOf's exclusion, which the routing emitter can't write")
    if refusals:
        assert check is not None, name
        lines += [
            "\n",
            '    @model_validator(mode="before")\n',
            "    @classmethod\n",
            f"    def check_{check}(cls, data: Any) -> Any:\n",
            f"        return {check}(data)\n",
        ]
    return "".join(lines)


def _indent(lines: list[str]) -> list[str]:
    return [f"    {line}\n" if line.strip() else "\n" for line in lines]


def _field(wire: str, prop: Mapping[str, Any], required: bool, path: str) -> str:
    """A field as datamodel-code-generator writes it: the wire name its alias, then its
    description and pattern; ``Field(...)`` where it is required, ``None`` its default
    where not (the lowering marks where null is refused then, which is refused here)."""
    if set(prop) - _FIELD_KEYS:
        raise ModelsError(f"{path}: {sorted(set(prop) - _FIELD_KEYS)}, which it can't write")
    python = python_name(wire)
    keywords = []
    if python != wire:
        keywords += [f"validation_alias={literal(wire)}", f"serialization_alias={literal(wire)}"]
    if "description" in prop:
        keywords.append(f"description={literal(prop['description'])}")
    if "pattern" in prop:
        if type_list(prop) != ["string"]:
            raise ModelsError(f"{path}: a pattern on other than a string")
        keywords.append(f"pattern={literal(prop['pattern'])}")
    annotation = _annotation(prop, path, top=True)
    if required:
        value = f" = Field(..., {', '.join(keywords)})" if keywords else ""
    else:
        value = f" = Field(default=None, {', '.join(keywords)})" if keywords else " = None"
    return f"    {python}: {annotation}{value}\n"


def _annotation(node: Mapping[str, Any], path: str, *, top: bool = False) -> str:
    allowed = _FIELD_KEYS if top else _FIELD_KEYS - {"pattern"}
    if extra := sorted(set(node) - allowed):
        raise ModelsError(f"{path}: {extra} in a routing class's field, which it can't write")
    if "$ref" in node:
        target = ref_name(node["$ref"])
        if target is None or len(set(node) - {"$ref", "description"}) > 0:
            raise ModelsError(f"{path}: a reference the routing emitter can't write")
        return target
    if "anyOf" in node:
        members = [_annotation(m, f"{path}/anyOf/{i}") for i, m in enumerate(node["anyOf"])]
        # None last, as datamodel-code-generator writes it
        ordered = [m for m in members if m != "None"] + (["None"] if "None" in members else [])
        return " | ".join(dict.fromkeys(ordered))
    if "const" in node:
        if not isinstance(node["const"], str) or type_list(node) not in (None, ["string"]):
            raise ModelsError(f"{path}: a tag other than a string")
        return f"Literal[{literal(node['const'])}]"
    types = type_list(node)
    if types is None or len(types) != 1 or types[0] not in _PRIMITIVES:
        raise ModelsError(f"{path}: a value of type {types}, which it can't write")
    return _PRIMITIVES[types[0]]


def _alias(name: str, node: Mapping[str, Any], fields: Mapping[str, Any]) -> str:
    """A union of the routing classes (or any other value) as the type alias
    ``codegen._aliases_for_roots`` makes of its root model, with the discriminator
    ``codegen._discriminate`` gives it."""
    path = f"$defs/{name}"
    members = node.get("anyOf", [])
    refs = [ref_name(m["$ref"]) for m in members if set(m) == {"$ref"}]
    if members and len(refs) == len(members):
        names = [r for r in refs if r is not None]
        value = tagging(names, fields) or " | ".join(names)
    elif "anyOf" in node and not members:
        # a spec without a method of the union (no `$/` notification): what
        # datamodel-code-generator made of the document's empty anyOf
        value = "Any"
    else:
        value = _annotation(node, path)
    if "description" in node:
        value = f"Annotated[{value}, Field(description={literal(node['description'])})]"
    return f"{name}: TypeAlias = {value}\n"


_IMPORT_LINE = re.compile(r"(from|import) |[ \t)]|#|$")


def _top_imports(main: str) -> frozenset[str]:
    """The names the module's leading import block binds (ruff's isort keeps them there)."""
    head: list[str] = []
    for line in main.splitlines(keepends=True):
        if not _IMPORT_LINE.match(line) and line.strip():
            break
        head.append(line)
    tree = ast.parse("".join(head))
    return frozenset(
        (a.asname or a.name).split(".")[0]
        for n in tree.body
        if isinstance(n, ast.Import | ast.ImportFrom)
        for a in n.names
    )
