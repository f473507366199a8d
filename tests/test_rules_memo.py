"""The rules keep some answers across the specs a process loads (a trace message's problems
and an example's errors and lints by the value and the reach digest of its type, the
comparison with upstream by both views, upstream's defs by the snapshot): over many varied
specs, one after another in one process, the rules must report exactly what they report
with every such memo empty: the same diagnostics, in the same order, at the same places.
"""

from __future__ import annotations

import copy
import random
from dataclasses import replace

import pytest
from acp_spec import rules
from acp_spec.content import Recent
from acp_spec.diagnostics import Diagnostic
from acp_spec.diff import upstream as diff_upstream
from acp_spec.diff.upstream import UPSTREAM_CHECKS, AgainstUpstream, against_upstream
from acp_spec.index import index_of
from acp_spec.model import Example, Method, Spec, Step, TypeDef
from acp_spec.rules import examples as example_rules
from acp_spec.rules import traces as trace_rules
from acp_spec.rules import upstream as upstream_rules
from support.specs import subschemas

SEED = 20261203
SPECS = 14  # edited specs, each one or two edits away from the real one

# every memo the rules keep across loads: (module, name, size)
MEMOS = (
    (trace_rules, "_PROBLEMS", 4096),
    (example_rules, "_FOUND", 2048),
    (diff_upstream, "_FINDINGS", 8),
    (upstream_rules, "_UPSTREAM_DEFS", 4),
)

Outcome = tuple[list[Diagnostic], AgainstUpstream | None]


def _edit_type(rng: random.Random, spec: Spec) -> Spec:
    """A type's subschema replaced, or the type given an ``$id``, reordered or removed."""
    types = dict(spec.types)
    names = sorted(types)
    name = rng.choice(names)
    schema = copy.deepcopy(dict(types[name].schema))
    edit = rng.randrange(4)
    if edit == 0 and (places := list(subschemas(schema))):
        container, key = rng.choice(places)
        other = rng.choice(names)
        container[key] = rng.choice([
            {"type": "string", "minLength": 3}, {"$ref": other}, True, {"const": "x"},
            {"anyOf": [{"$ref": other}, {"type": "null"}]}, {"$ref": other, "description": "d"},
            {"$ref": "Nowhere/x"}, {"type": "integer"},
        ])  # fmt: skip
    elif edit == 1:
        schema = {"$id": "urn:elsewhere", **schema}
    elif edit == 2:
        schema = dict(reversed(schema.items()))
    else:
        del types[name]
        return replace(spec, types=types)
    types[name] = TypeDef(name, schema)
    return replace(spec, types=types)


def _edit_message(rng: random.Random, spec: Spec) -> Spec:
    """A trace message's params: a field dropped, retyped or misspelt."""
    traces = list(spec.traces)
    number = rng.randrange(len(traces))
    trace = traces[number]
    sends = [i for i, s in enumerate(trace.steps) if isinstance(s.message, dict)
             and isinstance(s.message.get("params"), dict) and s.message["params"]]  # fmt: skip
    if not sends:
        return spec
    i = rng.choice(sends)
    message = copy.deepcopy(trace.steps[i].message)
    params = message["params"]
    key = rng.choice(sorted(params))
    value = params.pop(key)
    choice = rng.randrange(3)
    if choice == 1:
        params[key] = 12345
    elif choice == 2:
        params[key + "x"] = value
    steps: list[Step] = list(trace.steps)
    steps[i] = replace(steps[i], message=message)
    traces[number] = replace(trace, steps=tuple(steps))
    return replace(spec, traces=tuple(traces))


def _edit_example(rng: random.Random, spec: Spec) -> Spec:
    """An example's params: a field misspelt (a lint) or given an odd value (an error)."""
    methods = dict(spec.methods)
    name = rng.choice([n for n, m in methods.items() if m.examples])
    method = methods[name]
    number = rng.randrange(len(method.examples))
    example = method.examples[number]
    params = copy.deepcopy(example.params)
    if isinstance(params, dict) and params:
        key = rng.choice(sorted(params))
        params[key + rng.choice(["x", "_"])] = params.pop(key)
        params[rng.choice(sorted(params))] = rng.choice([None, 1.5, "", [], {"a": 1}])
    found: list[Example] = list(method.examples)
    found[number] = replace(example, params=params)
    methods[name] = replace(method, examples=tuple(found))
    return replace(spec, methods=methods)


def _edit_method(rng: random.Random, spec: Spec) -> Spec:
    """A method's stability or direction changed, or an upstream entry dropped: what the
    comparison with upstream reads beside the defs."""
    choice = rng.randrange(3)
    if choice == 2 and spec.upstream.departures:
        departures = spec.upstream.departures[1:]
        return replace(spec, upstream=replace(spec.upstream, departures=departures))
    methods = dict(spec.methods)
    name = rng.choice(sorted(methods))
    method: Method = methods[name]
    if choice == 0:
        method = replace(method, stability="stable" if method.stability != "stable" else "proposed")
    else:
        flipped = {"client-to-agent": "agent-to-client", "agent-to-client": "client-to-agent"}
        method = replace(method, sender=flipped.get(method.sender, "client-to-agent"))  # type: ignore[arg-type]
    methods[name] = method
    return replace(spec, methods=methods)


def _longer_ids(rng: random.Random, spec: Spec) -> Spec:
    """SessionId made longer than any the traces and examples use: a def that most values
    reach, changed, and so their answers too."""
    types = dict(spec.types)
    types["SessionId"] = TypeDef("SessionId", {**types["SessionId"].schema, "minLength": 400})
    return replace(spec, types=types)


EDITS = (_edit_type, _edit_type, _edit_message, _edit_example, _edit_method)


def _outcome(spec: Spec) -> Outcome:
    index = index_of(spec)
    written = rules.Written(frozenset(spec.types), frozenset(spec.errors),
                            frozenset(spec.retry_classes))  # fmt: skip
    return rules.check(spec, index, written, UPSTREAM_CHECKS), against_upstream(spec, index)


def _fresh(spec: Spec, monkeypatch: pytest.MonkeyPatch) -> Outcome:
    """The outcome with every memo empty, as in a process that loads only this spec."""
    with monkeypatch.context() as patch:
        for module, name, size in MEMOS:
            patch.setattr(module, name, Recent(size))
        return _outcome(spec)


def _kept() -> int:
    return sum(len(getattr(module, name)._made) for module, name, _ in MEMOS)


def test_the_rules_reuse_answers_exactly(real_spec: Spec, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(SEED)
    first = _outcome(real_spec)
    kept = _kept()
    # the real spec again: every answer is one kept (nothing new is made)
    assert _outcome(real_spec) == first
    assert _kept() == kept
    assert first == _fresh(real_spec, monkeypatch)
    reported: set[int] = set()
    for number in range(SPECS):
        spec = _longer_ids(rng, real_spec) if number == 0 else real_spec
        for _ in range(rng.choice([1, 1, 2])):
            spec = rng.choice(EDITS)(rng, spec)
        reused = _outcome(spec)
        fresh = _fresh(spec, monkeypatch)
        assert reused[0] == fresh[0]  # diagnostics: positions, messages, severities, order
        assert reused[1] == fresh[1]
        reported.add(len(fresh[0]))
    assert len(reported) > 3  # the specs are varied: they are reported differently
