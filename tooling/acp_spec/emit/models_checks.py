"""The models' check that every type is something the Python models (acp_models) can hold.

It asks the models emitter's own naming and lowering (pure, without datamodel-code-
generator), one def at a time, so a type the models can't be made of is reported in the
check phase, at its place, before any emitter runs. A module beside the models package, not
in it: the package's files are the models step's code, its cache key.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from ..diagnostics import Diagnostic
from ..index import Index
from ..model import DERIVED_TYPE_NAMES, Spec
from ..rules.common import Check, Written
from ..yamlsource import PathKey
from .models.names import RESERVED_CLASS_NAMES, survey

_ORIGIN = re.compile(r"^\$defs/([^/:]+)((?:/[^/:]+)*)")


def _spec_path(spec: Spec, index: Index, origin: str) -> tuple[PathKey, str]:
    """Where a lowering path (``$defs/X/anyOf/2``) was written, and what to call it: a
    routing union's member is the method it binds."""
    found = _ORIGIN.match(origin)
    if found is None:
        return ("types",), origin
    name, rest = found.group(1), [p for p in found.group(2).split("/") if p]
    if name in DERIVED_TYPE_NAMES and rest[:1] == ["anyOf"] and len(rest) > 1:
        members = index.defs.get(name, {}).get("anyOf", [])
        number = int(rest[1]) if rest[1].isdigit() else -1
        method = members[number].get("title") if 0 <= number < len(members) else None
        if isinstance(method, str) and method in spec.methods:
            return ("methods", method), f"method {method}"
    return ("types", name, *_schema_path(index.defs.get(name), rest)), f"type {name}"


def _schema_path(node: Any, steps: list[str]) -> list[str | int]:
    """A lowering path's steps as a path into the schema: the lowering names a property by
    its name alone (``X/sessionId``), the schema keeps it under ``properties``."""
    out: list[str | int] = []
    for step in steps:
        if isinstance(node, list) and step.isdigit() and int(step) < len(node):
            node = node[int(step)]
            out.append(int(step))
        elif isinstance(node, dict) and step in node:
            node = node[step]
            out.append(step)
        elif isinstance(node, dict) and step in node.get("properties", {}):
            node = node["properties"][step]
            out += ["properties", step]
        else:
            break  # the lowering's own step (a class it made): the place so far is near enough
    return out


def models_can_hold_every_type(spec: Spec, index: Index, written: Written) -> Iterator[Diagnostic]:
    for name in spec.types:
        if name in RESERVED_CLASS_NAMES:
            yield Diagnostic(spec.where.at(("types", name), key=True),
                             f"type name {name} is taken in the Python models (acp_models.v2 "
                             "binds it, imports it, or Python has it); rename the type")  # fmt: skip
    found = survey(index.of_schema)
    classes, refused = found.classes, found.refused
    for name, err in refused.items():
        reason = str(err)
        origin = reason.split(": ", 1)[0] if reason.startswith("$defs/") else f"$defs/{name}"
        path, _ = _spec_path(spec, index, origin)
        what = reason.split(": ", 1)[1] if reason.startswith("$defs/") else reason
        advice = "" if "; " in what else "; change the schema to a form they support"
        yield Diagnostic(spec.where.at(path), f"the Python models can't hold this: {what}{advice}")
    for class_name, origins in classes.items():
        if len(origins) < 2:
            continue
        _, first_name = _spec_path(spec, index, origins[0])
        second, second_name = _spec_path(spec, index, origins[1])
        yield Diagnostic(spec.where.at(second, key=second[:1] == ("methods",)),
                         f"{second_name} and {first_name} would both be the Python class "
                         f"{class_name}; rename one of them (or give the union member another "
                         "title or tag)")  # fmt: skip


# while a type is too broken to model, what it would say of it is about the gap
CHECKS: tuple[Check, ...] = (Check("python-models", models_can_hold_every_type),)
