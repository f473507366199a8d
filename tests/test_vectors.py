"""generated/vectors/: well-formed, in agreement with generated/schema.json, ids permanent.

Run ``python tests/test_vectors.py --publish`` to add new vector ids to tests/vector_ids.txt.
"""

from __future__ import annotations

import hashlib
import json
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from acp_spec.emit.schema import GENERATED_NOTE, build_schema, dump_json
from acp_spec.emit.vectors import SCHEMA_NAME, VECTORS_DIR, VECTORS_SCHEMA, emit_vectors
from acp_spec.model import Spec
from acp_spec.spec import load_spec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_jsonschema import from_schema
from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError, best_match
from jsonschema.protocols import Validator

ROOT = Path(__file__).resolve().parents[1]
IDS_FILE = Path(__file__).with_name("vector_ids.txt")
SCHEMA_SOURCE = ROOT / "tooling/acp_spec" / SCHEMA_NAME
PARSE_ERROR = -32700

Case = dict[str, Any]


def _any_of(
    validator: Any, any_of: list[Any], instance: Any, schema: Any
) -> Iterator[ValidationError]:
    """anyOf, stopping at each branch's first error: the same outcome, several times faster.

    python-jsonschema's own anyOf collects every error of every failing branch, and the
    root's routing unions make that the bulk of the time; validity is all we need.
    """
    for index, sub in enumerate(any_of):
        if next(validator.descend(instance, sub, schema_path=index), None) is None:
            return
    yield ValidationError(f"{instance!r} is not valid under any of the given schemas")


OutcomeValidator: Any = validators.extend(Draft202012Validator, {"anyOf": _any_of})  # type: ignore[no-untyped-call]


# ── Fixtures: everything generated in memory ──


@pytest.fixture(scope="module")
def spec(real_spec: Spec) -> Spec:
    return real_spec


@pytest.fixture(scope="module")
def schema(spec: Spec) -> dict[str, Any]:
    return build_schema(spec)


@pytest.fixture(scope="module")
def files(spec: Spec) -> dict[str, bytes]:
    return emit_vectors(spec)


def vector_files(files: dict[str, bytes]) -> dict[str, Any]:
    copy = f"{VECTORS_DIR}/{SCHEMA_NAME}"
    return {path: json.loads(data) for path, data in files.items() if path != copy}


def all_cases(vectors: dict[str, Any]) -> list[Case]:
    return [case for data in vectors.values() for g in data["groups"] for case in g["cases"]]


@pytest.fixture(scope="module")
def vectors(files: dict[str, bytes]) -> dict[str, Any]:
    return vector_files(files)


@pytest.fixture(scope="module")
def cases(vectors: dict[str, Any]) -> list[Case]:
    return all_cases(vectors)


# ── (a) the files ──


def test_every_vector_file_matches_the_vector_schema(spec: Spec, vectors: dict[str, Any]) -> None:
    Draft202012Validator.check_schema(VECTORS_SCHEMA)
    validator = Draft202012Validator(VECTORS_SCHEMA)
    problems = [
        f"{path}: {'/'.join(map(str, e.absolute_path))}: {e.message[:300]}"
        for path, data in vectors.items()
        if (e := best_match(validator.iter_errors(data))) is not None
    ]
    assert not problems, "\n".join(problems)
    assert f"{VECTORS_DIR}/envelope.json" in vectors
    assert sum(p.startswith(f"{VECTORS_DIR}/methods/") for p in vectors) == len(spec.methods)


def test_every_file_starts_with_the_note_and_names_its_method(
    files: dict[str, bytes], vectors: dict[str, Any]
) -> None:
    for path in vectors:
        assert files[path].startswith(b'{\n  "$comment": ' + json.dumps(GENERATED_NOTE).encode())
        if "method" in vectors[path]:
            assert {g["method"] for g in vectors[path]["groups"]} == {vectors[path]["method"]}


def test_the_schema_copy_is_the_source_and_generation_is_deterministic(
    spec: Spec, files: dict[str, bytes]
) -> None:
    assert files[f"{VECTORS_DIR}/{SCHEMA_NAME}"] == SCHEMA_SOURCE.read_bytes()
    assert SCHEMA_SOURCE.read_bytes() == dump_json(json.loads(SCHEMA_SOURCE.read_bytes()))
    assert emit_vectors(spec) == files


# ── (b) every case agrees with generated/schema.json ──


def _strict_json(text: str) -> Any:
    """RFC 8259 JSON: Python's json.loads would otherwise accept NaN and Infinity."""

    def no_constant(name: str) -> Any:
        raise ValueError(f"{name} is not JSON")

    return json.loads(text, parse_constant=no_constant)


def _disagreement(validator: Validator, case: Case) -> str | None:
    expect = case["expect"]
    try:
        instance = _strict_json(case["message"])
    except ValueError as error:
        if expect.get("error") == PARSE_ERROR:
            return None
        return f"does not parse ({error}) but expects {expect}"
    if expect.get("error") == PARSE_ERROR:
        return "parses, but expects a parse error"
    valid = validator.is_valid(instance)
    if valid == ("valid" in expect):
        return None
    return f"the schema says {'valid' if valid else 'invalid'}, the case expects {expect}"


def test_every_case_agrees_with_the_generated_schema(
    schema: dict[str, Any], cases: list[Case]
) -> None:
    validator = OutcomeValidator(schema)
    wrong = [f"{c['id']}: {why}" for c in cases if (why := _disagreement(validator, c))]
    divergences = [f"{c['id']}: {c['divergence']}" for c in cases if "divergence" in c]
    print(f"\n{len(divergences)} case(s) where a known implementation diverges from the schema:")
    print("\n".join(f"  {line}" for line in divergences))
    assert not wrong, f"{len(wrong)} case(s) disagree with generated/schema.json:\n" + "\n".join(
        wrong
    )


def test_the_fast_validator_agrees_with_python_jsonschema(
    schema: dict[str, Any], vectors: dict[str, Any]
) -> None:
    fast, plain = OutcomeValidator(schema), Draft202012Validator(schema)
    sample = [
        c
        for path in (f"{VECTORS_DIR}/envelope.json", f"{VECTORS_DIR}/methods/session-prompt.json")
        for g in vectors[path]["groups"]
        for c in g["cases"]
        if c["expect"].get("error") != PARSE_ERROR
    ]
    for case in sample:
        instance = _strict_json(case["message"])
        assert fast.is_valid(instance) == plain.is_valid(instance), case["id"]


# ── (c), (d) ids: unique and permanent ──


def test_ids_are_unique_across_files(cases: list[Case]) -> None:
    repeated = [i for i, n in Counter(c["id"] for c in cases).items() if n > 1]
    assert not repeated, f"repeated vector ids: {repeated}"


def fingerprint(case: Case) -> str:
    """What a case means: its message and its expectation (not its wording)."""
    meaning = case["message"] + "\n" + json.dumps(case["expect"], sort_keys=True)
    return hashlib.sha256(meaning.encode("utf-8")).hexdigest()[:12]


def published() -> dict[str, str]:
    lines = IDS_FILE.read_text(encoding="utf-8").splitlines()
    return dict(line.split() for line in lines if line and not line.startswith("#"))


def test_published_ids_keep_their_meaning(cases: list[Case]) -> None:
    current = {c["id"]: fingerprint(c) for c in cases}
    before = published()
    removed = sorted(set(before) - set(current))
    changed = sorted(i for i in before if i in current and current[i] != before[i])
    assert not removed and not changed, (
        "Published vector ids are permanent: SDKs pin them.\n"
        + "".join(f"  removed: {i}\n" for i in removed)
        + "".join(f"  changed meaning (message or expect): {i}\n" for i in changed)
        + "Restore what the spec, an example or tooling/acp_spec/emit/vectors.py changed so "
        "each id comes back with the same message and expectation. If the old meaning was "
        "wrong, give the corrected case a new id; retiring the old one means deleting its "
        "line from tests/vector_ids.txt by hand, a breaking change to call out in review."
    )
    new = sorted(set(current) - set(before))
    assert not new, (
        f"{len(new)} new vector id(s) are not yet published in tests/vector_ids.txt "
        f"(first: {new[0] if new else ''}). Run `.venv/bin/python tests/test_vectors.py "
        "--publish` to add them; it never changes or removes a published line."
    )


IDS_HEADER = (
    "# Published ids of generated/vectors/, each with a hash of its case's message and expect.\n"
    "# Added by `python tests/test_vectors.py --publish`; never changed or removed.\n"
)


def publish() -> int:
    """Add new ids to tests/vector_ids.txt; a published line is never changed or removed."""
    before = published() if IDS_FILE.exists() else {}
    files = emit_vectors(load_spec(ROOT / "spec/acp-v2.yaml"))
    new = {c["id"]: fingerprint(c) for c in all_cases(vector_files(files)) if c["id"] not in before}
    lines = sorted({**before, **new}.items())
    IDS_FILE.write_text(IDS_HEADER + "".join(f"{i} {h}\n" for i, h in lines), encoding="utf-8")
    print(f"published {len(new)} new id(s) in {IDS_FILE.relative_to(ROOT)}")
    return 0


# ── (e) params drawn from the schema are accepted ──

# Defs whose params are drawn, and how many examples each.
DRAWN = {
    "PromptRequest": 30,
    "CancelSessionNotification": 30,
    "ListSessionsRequest": 30,
    "SetSessionConfigOptionRequest": 30,
}
Check = Callable[[Validator, str, Any], None]


def schema_accepts(validator: Validator, name: str, params: Any) -> None:
    errors = list(validator.evolve(schema={"$ref": f"#/$defs/{name}"}).iter_errors(params))
    assert not errors, f"{name} rejects drawn params: {errors[0].message}"


# Every check each drawn value must pass; the models' check is one more entry here.
CHECKS: list[Check] = [schema_accepts]

# Keywords that tie an object's members together: such an object is drawn whole.
OBJECT_LEVEL = {"anyOf", "oneOf", "allOf", "not", "if", "dependentRequired", "dependentSchemas",
                "patternProperties", "additionalProperties", "unevaluatedProperties",
                "minProperties", "maxProperties", "propertyNames"}  # fmt: skip


def _with_defs(schema: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    """``node`` with the defs it reaches (hypothesis-jsonschema resolves every def it gets)."""
    defs, todo, seen = schema["$defs"], re.findall(r'"#/\$defs/([^"]+)"', json.dumps(node)), set()
    while todo:
        if (current := todo.pop()) not in seen:
            seen.add(current)
            todo += re.findall(r'"#/\$defs/([^"]+)"', json.dumps(defs[current]))
    return {**node, "$defs": {n: defs[n] for n in sorted(seen)}}


def drawn(schema: dict[str, Any], name: str) -> st.SearchStrategy[Any]:
    """Params of def ``name``, drawn with hypothesis-jsonschema.

    A plain object is drawn member by member, each member's strategy built once:
    hypothesis-jsonschema otherwise rebuilds nested strategies on every draw, which makes
    PromptRequest about five times slower. The values are the same, less unknown members.
    """
    node = schema["$defs"][name]
    if node.get("type") != "object" or OBJECT_LEVEL & set(node):
        return from_schema(_with_defs(schema, {"$ref": f"#/$defs/{name}"}))
    required = set(node.get("required", []))
    members = {k: from_schema(_with_defs(schema, v)) for k, v in node["properties"].items()}
    return st.fixed_dictionaries(
        {k: s for k, s in members.items() if k in required},
        optional={k: s for k, s in members.items() if k not in required},
    )


def test_hypothesis_jsonschema_runs_on_this_hypothesis() -> None:
    from hypothesis.internal.conjecture.utils import many

    assert hasattr(many, "more"), (
        "hypothesis-jsonschema 0.23.1 calls many.more(), which hypothesis 6.170.10 removed: "
        "pin hypothesis==6.170.9 until hypothesis-jsonschema catches up"
    )


@pytest.mark.parametrize("name", sorted(DRAWN))
def test_params_drawn_from_the_schema_are_accepted(schema: dict[str, Any], name: str) -> None:
    validator = Draft202012Validator(schema)

    @settings(
        max_examples=DRAWN[name],
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    @given(drawn(schema, name))
    def check(params: Any) -> None:
        for each in CHECKS:
            each(validator, name, params)

    check()


if __name__ == "__main__":
    sys.exit(publish() if sys.argv[1:] == ["--publish"] else 2)
