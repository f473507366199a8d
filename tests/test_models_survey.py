"""The rules phase's models survey reuses each def's lowering across the specs a process
meets (``emit/models/steps.py``): over many varied specs, one after another in one
process, it must answer exactly what a survey made afresh answers: the same classes, the
same refusals (messages and all) and, on a valid spec, the same lowering, in the same order.
"""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest
from acp_spec.content import digest
from acp_spec.defs import DEFS_PREFIX
from acp_spec.emit.models.names import Survey, survey_with
from acp_spec.emit.models.steps import Steps
from acp_spec.index import SchemaIndex, index_of, schema_index
from acp_spec.model import Spec
from support.specs import subschemas

SEED = 20261202
SPECS = 30  # mutated specs, each 1-3 edits away from the real one

Defs = dict[str, dict[str, Any]]
# all that a Lowering makes
TABLES = ("defs", "variants", "nots", "omittable", "tolerant", "aliases", "claims", "owner")


@pytest.fixture(scope="module")
def real_defs(real_spec: Spec) -> Defs:
    return index_of(real_spec).defs


def _mutated(rng: random.Random, real: Defs) -> Defs:
    """The defs with a few edits of the kinds that change what lowering reads: a def gone or
    renamed or moved, a subschema replaced (a boolean, a reference, an allOf, a union, a
    keyword the models refuse), a tag changed, a def named like a class made for another,
    a def that takes null where it did not."""
    defs = dict(real)  # each def edited is copied first
    for _ in range(rng.randint(1, 3)):
        names = list(defs)
        name = rng.choice(names)
        edit = rng.randrange(8)
        if edit in (3, 5, 6):
            defs[name] = copy.deepcopy(defs[name])
        if edit == 0:
            del defs[name]
        elif edit == 1:  # renamed where it stands; its references now dangle
            defs = {(f"{name}Renamed" if n == name else n): d for n, d in defs.items()}
        elif edit == 2:  # moved first: another def may lower it, or its parents, first
            defs = {name: defs[name], **{n: d for n, d in defs.items() if n != name}}
        elif edit == 3 and (places := list(subschemas(defs[name]))):
            container, key = rng.choice(places)
            other = DEFS_PREFIX + rng.choice(names)
            container[key] = rng.choice([
                True, False, {}, {"not": {}}, {"type": "string", "minLength": 1},
                {"$ref": other}, {"allOf": [{"$ref": other}]}, {"$ref": other, "type": "null"},
                {"anyOf": [{"$ref": other}, {"type": "null"}]}, {"const": True},
                {"oneOf": [{"$ref": other}, {"type": "object", "properties": {}}]},
                {"type": "number", "format": "double"}, {"patternProperties": {}},
            ])  # fmt: skip
        elif edit == 4:  # a def named as a class another def's union member makes
            member = rng.choice(names) + rng.choice(["Text", "Value", "Item", "Other"])
            defs[member] = copy.deepcopy(rng.choice(list(real.values())))
        elif edit == 5:
            tags = [
                (c, k)
                for c, k in subschemas(defs[name])
                if isinstance(c[k], dict) and isinstance(c[k].get("const"), str)
            ]
            if tags:
                container, key = rng.choice(tags)
                container[key] = {**container[key], "const": rng.choice(["text", "x", ""])}
        elif edit == 6 and isinstance(defs[name].get("properties"), dict):
            props = defs[name]["properties"]
            props["sessionId" if "session_id" in props else "session_id"] = {"type": "string"}
        elif edit == 7:  # a def another refers to takes null now: not its source, its field's
            targets = [
                t[len(DEFS_PREFIX) :]
                for c, k in subschemas(defs[name])
                if isinstance(c[k], dict) and isinstance(t := c[k].get("$ref"), str)
            ]
            if (target := rng.choice(targets or [name])) in defs:
                defs[target] = {"anyOf": [defs[target], {"type": "null"}]}
    return defs


def _outcome(index: SchemaIndex, steps: Steps | None) -> tuple[str, Any]:
    try:
        return "survey", _comparable(survey_with(index, steps))
    except Exception as err:  # what the two must agree on too, should one crash
        return type(err).__name__, str(err)


def _comparable(found: Survey) -> dict[str, Any]:
    whole = found.whole
    tables = {} if whole is None else {t: getattr(whole, t) for t in TABLES}
    return {
        "classes": list(found.classes.items()),
        "refused": [(n, type(e).__name__, e.args) for n, e in found.refused.items()],
        "whole": whole is not None,
        # each table's order, its values' types and key orders too (digest tells them apart)
        **{name: digest(list(table.items())) for name, table in tables.items()},
    }


def test_the_survey_reuses_lowerings_exactly(real_defs: Defs) -> None:
    rng = random.Random(SEED)
    specs = [real_defs] + [_mutated(rng, real_defs) for _ in range(SPECS)]
    steps = Steps(4096, 16)
    fresh: list[tuple[str, Any]] = []
    for defs in specs:
        index = schema_index({"$defs": defs})
        reused = _outcome(index, steps)
        fresh.append(_outcome(index, None))
        assert reused == fresh[-1]
    outcomes = {o[0] if o[0] != "survey" else str(bool(o[1]["refused"])) for o in fresh}
    # the specs were varied (valid ones and refused ones), and most steps were reused
    assert {"True", "False"} <= outcomes
    assert steps.redone > 5 * steps.recorded
    # and a spec surveyed again takes every step from before, with the same answers
    for defs, answer in zip(specs[-5:], fresh[-5:], strict=True):
        index = schema_index({"$defs": defs})
        _outcome(index, steps)
        recorded = steps.recorded
        assert _outcome(index, steps) == answer
        assert steps.recorded == recorded
