"""generated/vectors/: well-formed, ids permanent, and every case run end to end through
generated/schema.json (python-jsonschema) and through ``acp_models.v2.decode``.

Where the two genuinely can't agree, the case's ``divergence`` note says so and the runner
lists it (``MODEL_DIVERGENCES``); nothing is skipped. Params drawn from the schema
(hypothesis) check the models against the schema for every params def of every method.

The published ids (spec/acp-v2.vector-ids.txt) are held to by ``vector_id_problems``, the
function ``acp-spec check`` calls; ``acp-spec vectors publish`` adds new ones.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from types import ModuleType
from typing import Any

import pydantic
import pytest
from acp_spec import vectors_cmd
from acp_spec.constants import GENERATED_NOTE
from acp_spec.document import build_schema
from acp_spec.emit.schema import dump_json
from acp_spec.emit.vectors import SCHEMA_NAME, VECTORS_DIR, VECTORS_SCHEMA, emit_vectors, successor
from acp_spec.emit.vectors.keyed import UUID
from acp_spec.index import Index, index_of
from acp_spec.model import Spec
from acp_spec.spec import load_spec
from acp_spec.vector_ids import (
    HEADER,
    Retirement,
    emitted_ids,
    fingerprint,
    ids_path,
    parse_published,
    publish_text,
    read_published,
    vector_id_problems,
)
from hypothesis import HealthCheck, given, settings
from jsonschema import Draft202012Validator, validators
from jsonschema.exceptions import ValidationError, best_match
from jsonschema.protocols import Validator
from support.schema_strategies import Drawer
from support.specs import load_real_spec, write_spec

# the vectors generated and the committed models imported once for the module
pytestmark = pytest.mark.cost("shared")

ROOT = Path(__file__).resolve().parents[1]
SPEC_FILE = ROOT / "spec/acp-v2.yaml"
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


# Each reference's verdict on each part of the instance ``outcome`` checks now (one schema at a
# time): a message's params are checked against their def by the params union and again by the
# method's routing branch. Held with the instance itself, so an id is never taken for another
# object's.
_VERDICTS: dict[tuple[str, int], tuple[Any, bool]] = {}
_PLAIN_REF = Draft202012Validator.VALIDATORS["$ref"]


def _ref(validator: Any, ref: str, instance: Any, schema: Any) -> Iterator[ValidationError]:
    """$ref, each reference's verdict on one instance reached once (``_VERDICTS``)."""
    held = _VERDICTS.get((ref, id(instance)))
    if held is not None and held[0] is instance:
        if not held[1]:
            yield ValidationError(f"{instance!r} is not valid under {ref}")
        return
    first = next(_PLAIN_REF(validator, ref, instance, schema), None)
    _VERDICTS[ref, id(instance)] = (instance, first is None)
    if first is not None:
        yield first


# python-jsonschema's Draft 2020-12 with those two changes, both to speed alone
OutcomeValidator: Any = validators.extend(Draft202012Validator, {"anyOf": _any_of, "$ref": _ref})  # type: ignore[no-untyped-call]


def outcome(validator: Validator, instance: Any) -> bool:
    """Whether ``instance`` is valid, the verdicts of the last instance let go."""
    _VERDICTS.clear()
    return validator.is_valid(instance)


# ── Fixtures: everything generated in memory ──


@pytest.fixture(scope="module")
def spec(real_spec: Spec) -> Spec:
    return real_spec


@pytest.fixture(scope="module")
def schema(spec: Spec) -> dict[str, Any]:
    return build_schema(spec)


@pytest.fixture(scope="module")
def files(spec: Spec) -> dict[str, bytes]:
    return emit_vectors(spec, index_of(spec))


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
    index = index_of(spec)
    before = json.dumps(index.schema)
    assert emit_vectors(spec, index) == files
    # the index's schema is every emitter's: reading it must leave it as it was
    assert json.dumps(index.schema) == before


def test_every_session_update_variant_has_a_valid_and_an_invalid_case(
    spec: Spec, vectors: dict[str, Any]
) -> None:
    """Where the traffic is: each `sessionUpdate` the index knows, in a valid message and
    in one the receiver must reject."""
    index = index_of(spec)
    union = index.shapes.tagged_union(index.defs["SessionUpdate"])
    assert union is not None and union.field == "sessionUpdate"
    outcomes: dict[Any, set[bool]] = {tag: set() for tag in union.tags}
    for group in vectors[f"{VECTORS_DIR}/methods/session-update.json"]["groups"]:
        for case in group["cases"]:
            update = json.loads(case["message"])["params"].get("update")
            if isinstance(update, dict) and update.get("sessionUpdate") in outcomes:
                outcomes[update["sessionUpdate"]].add("valid" in case["expect"])
    lacking = {tag: sorted(seen) for tag, seen in outcomes.items() if seen != {True, False}}
    assert not lacking, f"variants without both a valid and an invalid case: {lacking}"
    assert len(outcomes) >= 20  # the index reads the union, not an empty one


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
    valid = outcome(validator, instance)
    if valid == ("valid" in expect):
        return None
    return f"the schema says {'valid' if valid else 'invalid'}, the case expects {expect}"


def test_every_json_array_is_an_invalid_request(cases: list[Case]) -> None:
    """ACP v2 has no JSON-RPC batches, as upstream's release: whatever an array holds (one
    valid request, valid responses), a receiver answers -32600, and the cases that once said
    a batch was valid have successors saying so."""
    arrays = {c["id"]: c["expect"] for c in cases if c["message"].lstrip().startswith("[")}
    assert {i for i in arrays if i.endswith(".rev2")} == {
        "envelope.batch.one-request.rev2",
        "envelope.batch.request-and-notification.rev2",
        "envelope.batch.responses.rev2",
    }
    assert {i: e for i, e in arrays.items() if e != {"error": -32600}} == {}


@pytest.mark.slow  # every vector through python-jsonschema: seconds
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


@pytest.mark.slow  # every vector through both validators: seconds
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
        assert outcome(fast, instance) == plain.is_valid(instance), case["id"]


# ── (b') every case agrees with acp_models.v2.decode ──

# The cases where decode can't agree with the schema, each with decode's outcome and why.
# Each case's own `divergence` note must name pydantic; any other disagreement fails.
MODEL_DIVERGENCES: dict[str, tuple[int | str, str]] = {
    "session-prompt.idempotency-key.lone-surrogate": (
        -32602,
        "a lone surrogate is no Unicode text: pydantic's str refuses it (python and JSON "
        "mode alike), so the params fail where the schema accepts the one-character string",
    ),
}

Outcome = int | str  # a JSON-RPC error code, or "valid"

# Cases whose expectation follows upstream's release while acp_models' decode does not yet,
# each with decode's outcome today; an entry fails the tests, naming itself, once decode
# agrees. None now: decode answers any JSON array with -32600, as the batch cases expect.
DECODE_PENDING: dict[str, Outcome] = {}


def cases_with_groups(vectors: dict[str, Any]) -> list[tuple[dict[str, Any], Case]]:
    return [(g, case) for data in vectors.values() for g in data["groups"] for case in g["cases"]]


def decode_outcome(v2: ModuleType, group: Mapping[str, Any], case: Case) -> Outcome:
    """What ``decode`` makes of the case: "valid", an error code, or what went wrong.

    A message of a method's group must decode to that method and kind with its def's
    model; a response's result is read with ``decode_result``.
    """
    error_type = sys.modules["acp_models"].JsonRpcError
    try:
        item = v2.decode(case["message"])
    except error_type as error:
        return int(error.code)
    if "method" not in group:
        return "valid"
    kind = {"request": v2.Request, "notification": v2.Notification, "response": v2.Response}
    if not isinstance(item, kind[group["kind"]]):
        return f"decoded as {type(item).__name__}, not a {group['kind']}"
    if group["kind"] == "response":
        try:
            item = v2.decode_result(group["method"], item.result)
        except error_type as error:
            return int(error.code)
        return "valid" if type(item).__name__ == group["def"] else f"result: {item!r}"
    if (item.method, type(item.params).__name__) != (group["method"], group["def"]):
        return f"decoded as {item.method} with {type(item.params).__name__}"
    return "valid"


def test_every_case_agrees_with_decode(v2: ModuleType, vectors: dict[str, Any]) -> None:
    everything = cases_with_groups(vectors)
    expected = {c["id"]: c["expect"].get("error", "valid") for _, c in everything}
    outcomes = {c["id"]: decode_outcome(v2, g, c) for g, c in everything}
    notes = {c["id"]: c.get("divergence", "") for _, c in everything}
    differ = {i for i in outcomes if outcomes[i] != expected[i]}

    rows = [(i, expected[i], outcomes[i], MODEL_DIVERGENCES.get(i, ("", ""))[1] or notes[i])
            for i in sorted(differ | {i for i, n in notes.items() if "pydantic" in n})]  # fmt: skip
    print(f"\n{len(outcomes)} cases through decode: {len(outcomes) - len(differ)} agree, "
          f"{len(differ)} diverge as declared in MODEL_DIVERGENCES.")  # fmt: skip
    print("Cases whose divergence note names pydantic, and what decode does:")
    print(f"  {'id':<72} {'expect':>7} {'decode':>7}  note")
    for i, want, got, why in rows:
        mark = "DIVERGES" if i in differ else "agrees"
        print(f"  {i:<72} {want!s:>7} {got!s:>7}  {mark}: {why[:110]}")

    undeclared = sorted(differ - set(MODEL_DIVERGENCES) - set(DECODE_PENDING))
    assert not undeclared, f"{len(undeclared)} case(s) where decode disagrees:\n" + "\n".join(
        f"  {i}: expected {expected[i]}, decode gives {outcomes[i]}" for i in undeclared
    )
    for case_id, (outcome, _) in MODEL_DIVERGENCES.items():
        assert case_id in expected, f"MODEL_DIVERGENCES names {case_id}, which is no case"
        assert "pydantic" in notes[case_id], f"{case_id}: its divergence note must name pydantic"
        assert outcomes[case_id] == outcome, (
            f"{case_id}: declared to diverge with {outcome}, decode gives {outcomes[case_id]}"
            + (" (it now agrees: drop it from MODEL_DIVERGENCES)" if case_id not in differ else "")
        )
    for case_id, outcome in DECODE_PENDING.items():
        assert case_id in expected, f"DECODE_PENDING names {case_id}, which is no case"
        assert outcomes[case_id] == outcome, (
            f"{case_id}: decode gives {outcomes[case_id]} now, not {outcome}"
            + (": it agrees, drop it from DECODE_PENDING" if case_id not in differ else "")
        )


def tolerant_outcome(v2: ModuleType, group: Mapping[str, Any], case: Case) -> Any:
    """What ``decode(..., tolerant=True)`` makes of the case, in the shape of its expected
    tolerant outcome: ``{"valid": True, "repairs": [...]}``, with ``reads`` (the values
    read, as ``encode`` writes them) where the case names values to read, or the strict
    outcome's form (``{"valid": True}``, ``{"error": code}``) when nothing was repaired."""
    error_type = sys.modules["acp_models"].JsonRpcError
    try:
        decoded = v2.decode(case["message"], tolerant=True)
    except error_type as error:
        return {"error": int(error.code)}
    repairs = [{"path": r.path, "action": r.action} for r in getattr(decoded, "repairs", ())]
    if not repairs:
        return {"valid": True}
    out: dict[str, Any] = {"valid": True, "repairs": repairs}
    if wanted := case.get("tolerant", {}).get("reads"):
        sent = json.loads(v2.encode(decoded))
        out["reads"] = [{"path": r["path"], "value": read_at(sent, r["path"])} for r in wanted]
    return out


def test_every_case_agrees_with_tolerant_decode(v2: ModuleType, vectors: dict[str, Any]) -> None:
    """Tolerant decoding: a case's `tolerant` outcome where it has one, else its strict
    `expect` (tolerance changes nothing the schema doesn't mark)."""
    everything = cases_with_groups(vectors)
    tolerant = [c for _, c in everything if "tolerant" in c]
    assert len(tolerant) > 60
    wrong = []
    for group, case in everything:
        want = case.get("tolerant", case["expect"])
        if case["id"] in MODEL_DIVERGENCES:
            want = {"error": MODEL_DIVERGENCES[case["id"]][0]}
        if (pending := DECODE_PENDING.get(case["id"])) is not None:
            want = {"valid": True} if pending == "valid" else {"error": pending}
        got = tolerant_outcome(v2, group, case)
        if got != want:
            wrong.append(f"  {case['id']}: expected {want}, tolerant decode gives {got}")
    assert not wrong, f"{len(wrong)} case(s) where tolerant decode disagrees:\n" + "\n".join(wrong)


# ── (b'') what a receiver must have read: accepting is not reading ──

_STEP = re.compile(r'\.([A-Za-z_$][A-Za-z0-9_$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]')


def read_at(message: Any, path: str) -> Any:
    """The JSON value at a wire path (``params.prompt[0]["a.b"]``) of a message as JSON;
    ``...`` where there is none."""
    head = re.match(r"[A-Za-z_$][A-Za-z0-9_$]*", path)
    assert head is not None, path
    steps: list[str | int] = [head[0]]
    at = head.end()
    while at < len(path):
        step = _STEP.match(path, at)
        assert step is not None, f"{path}: no wire path"
        name, index, quoted = step.groups()
        steps.append(int(index) if index is not None else name or json.loads(quoted))
        at = step.end()
    value = message
    for each in steps:
        in_list = isinstance(each, int) and isinstance(value, list) and each < len(value)
        if not in_list and not (isinstance(value, dict) and each in value):
            return ...
        value = value[each]
    return value


def same_json(a: Any, b: Any) -> bool:
    """JSON's equality: 1 is 1.0, true is not 1, a list's order counts."""
    if isinstance(a, bool) or isinstance(b, bool) or a is None or b is None:
        return a is b
    if isinstance(a, int | float) and isinstance(b, int | float):
        return a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same_json(a[k], b[k]) for k in a)
    return type(a) is type(b) and a == b


def test_read_at_follows_wire_paths_and_tells_a_lost_member() -> None:
    message = {"params": {"a.b": [{"k": "v"}], "key": "k-1", "n": 1}}
    assert read_at(message, 'params["a.b"][0].k') == "v"
    assert read_at(message, "params.key") == "k-1"
    assert read_at({"params": {}}, "params.key") is ...  # a receiver that dropped it
    assert read_at(message, "params.key[0]") is ...
    assert same_json(read_at(message, "params.n"), 1.0) and not same_json(True, 1)


def test_decode_reads_what_each_case_says_a_receiver_reads(
    v2: ModuleType, vectors: dict[str, Any]
) -> None:
    """Each case's ``reads``: decode, strict and tolerant, holds each value at its path, and
    so does what ``encode`` writes of it (what was read is what is sent on)."""
    read = [c for _, c in cases_with_groups(vectors) if "reads" in c]
    assert len(read) >= 12
    wrong = []
    for case in read:
        assert case["expect"] == {"valid": True}, case["id"]
        for tolerant in (False, True):
            message = json.loads(v2.encode(v2.decode(case["message"], tolerant=tolerant)))
            for want in case["reads"]:
                got = read_at(message, want["path"])
                if not same_json(got, want["value"]):
                    wrong.append(f"  {case['id']}: {want['path']} is {got!r:.60}")
    assert not wrong, "decode lost or changed what these cases read:\n" + "\n".join(wrong)


# ── (c), (d) ids: unique and permanent ──


def test_ids_are_unique_across_files(cases: list[Case]) -> None:
    repeated = [i for i, n in Counter(c["id"] for c in cases).items() if n > 1]
    assert not repeated, f"repeated vector ids: {repeated}"


def test_published_ids_keep_their_meaning(files: dict[str, bytes]) -> None:
    """What `acp-spec check` asks: no published id removed or changed, none unpublished."""
    assert ids_path(SPEC_FILE) == ROOT / "spec/acp-v2.vector-ids.txt"
    published = read_published(ids_path(SPEC_FILE), "spec/acp-v2.vector-ids.txt")
    problems = vector_id_problems(published, emitted_ids(files))
    assert not problems, "\n".join(p.render() for p in problems)


def test_the_digest_is_of_the_message_and_expectation_only(cases: list[Case]) -> None:
    case = cases[0]
    assert fingerprint({**case, "description": "reworded", "divergence": "new"}) == fingerprint(
        case
    )
    assert fingerprint({**case, "message": case["message"] + " "}) != fingerprint(case)
    assert fingerprint({**case, "expect": {"error": -32602}}) != fingerprint(case)


IDS_TEXT = HEADER + "a.one 000000000001\na.three 000000000003\na.two 000000000002\n"
IDS_NAME = "spec/acp-v2.vector-ids.txt"


def _problems(text: str, emitted: dict[str, str]) -> list[str]:
    return [p.render() for p in vector_id_problems(parse_published(text, IDS_NAME), emitted)]


def test_a_removed_id_is_reported_at_its_line() -> None:
    [problem] = _problems(IDS_TEXT, {"a.one": "000000000001", "a.two": "000000000002"})
    line = len(HEADER.splitlines()) + 2
    assert problem.startswith(f"{IDS_NAME}:{line}:1: published vector id a.three is no longer ")
    assert "retire it with `acp-spec vectors retire ID --reason WHY`" in problem


def test_a_changed_id_is_reported_at_its_digest() -> None:
    emitted = {"a.one": "000000000001", "a.two": "00000000000f", "a.three": "000000000003"}
    [problem] = _problems(IDS_TEXT, emitted)
    line, column = len(HEADER.splitlines()) + 3, len("a.two ") + 1
    assert problem.startswith(f"{IDS_NAME}:{line}:{column}: published vector a.two changed ")
    assert "digest 000000000002 is now 00000000000f" in problem


def test_new_ids_are_one_problem_naming_the_publish_command() -> None:
    old = {"a.one": "000000000001", "a.two": "000000000002", "a.three": "000000000003"}
    new = {f"b.{n}": "0000000000aa" for n in range(7)}
    [problem] = _problems(IDS_TEXT, {**old, **new})
    assert f":{len(HEADER.splitlines()) + 4}:1: 7 new vector ids are not yet published " in problem
    assert "(b.0, b.1, b.2, b.3, b.4 and 2 more); run `acp-spec vectors publish`" in problem


def test_lines_that_are_no_entry_are_reported() -> None:
    text = IDS_TEXT + "a.four\na.five 12345\na.one 000000000001\n"
    emitted = {"a.one": "000000000001", "a.two": "000000000002", "a.three": "000000000003"}
    problems = _problems(text, emitted)
    first = len(IDS_TEXT.splitlines()) + 1
    assert [p.split(": ", 1)[0] for p in problems] == [
        f"{IDS_NAME}:{n}:1" for n in (first, first + 1, first + 2)
    ]
    assert "expected `<id> <digest> <meaning>`" in problems[0] and "expected" in problems[1]
    assert f"a.one is published twice (first on line {len(HEADER.splitlines()) + 1})" in problems[2]


def test_an_unreadable_ids_file_is_one_problem(tmp_path: Path) -> None:
    published = read_published(tmp_path / "missing.vector-ids.txt", "x.vector-ids.txt")
    [problem] = [p.render() for p in vector_id_problems(published, {})]
    assert problem.startswith("x.vector-ids.txt:1:1: cannot read the published vector ids: ")
    assert "run `acp-spec vectors publish` to create the file" in problem


# ── retired ids ──

RETIRED_TEXT = IDS_TEXT + "a.gone 000000000009 retired 2.4.0 the method left v2\n"
EMITTED = {"a.one": "000000000001", "a.two": "000000000002", "a.three": "000000000003"}


def test_a_retired_line_keeps_its_digest_version_and_reason() -> None:
    published = parse_published(RETIRED_TEXT, IDS_NAME)
    assert published.problems == ()
    entry = published.entries["a.gone"]
    assert (entry.digest, entry.retired) == (
        "000000000009",
        Retirement("2.4.0", "the method left v2"),
    )
    assert published.retired == {"a.gone"}
    assert _problems(RETIRED_TEXT, EMITTED) == []  # gone, and said so: no problem


def test_a_retired_id_generated_again_is_reported_at_its_line() -> None:
    [problem] = _problems(RETIRED_TEXT, {**EMITTED, "a.gone": "000000000009"})
    line = len(RETIRED_TEXT.splitlines())
    assert problem.startswith(f"{IDS_NAME}:{line}:1: retired vector id a.gone (retired in 2.4.0) ")
    assert "is generated again, but a retired id is never reused" in problem


def test_a_retired_line_needs_a_version_and_a_reason() -> None:
    [problem] = _problems(IDS_TEXT + "a.gone 000000000009 retired 2.4.0\n", EMITTED)
    assert (
        "expected `<id> <digest> <meaning>` (digests of 12 hex digits) or `<id> <digest> retired"
        in problem
    )


def test_publishing_never_adds_a_retired_id_again() -> None:
    text, added, republished = publish_text(
        parse_published(RETIRED_TEXT, IDS_NAME), {**EMITTED, "a.gone": "00000000000a"}
    )
    assert (text, added, republished) == (RETIRED_TEXT, [], [])


def test_a_case_whose_id_is_retired_takes_the_next_free_successor() -> None:
    assert successor("a.x", frozenset()) == "a.x"
    assert successor("a.x", frozenset({"a.x"})) == "a.x.rev2"
    assert successor("a.x", frozenset({"a.x", "a.x.rev2"})) == "a.x.rev3"


def test_the_vectors_hold_no_retired_id_and_the_successors_of_changed_ones(
    spec: Spec, files: dict[str, bytes]
) -> None:
    """The rebase on sdk-2.4.0 retired the ids of removed methods and of cases whose
    meaning changed; the latter came back under successor ids."""
    emitted = emitted_ids(files)
    assert spec.retired_vector_ids and not spec.retired_vector_ids & set(emitted)
    assert {
        "envelope.id.null.rev2",
        "dollar-cancel_request.notification.requestId.null.rev2",
    } <= set(emitted)
    assert not any(i.startswith(("nes-", "document-", "mcp-connect.")) for i in emitted)
    published = read_published(ids_path(SPEC_FILE))
    versions = {e.retired.version for e in published.entries.values() if e.retired}
    assert versions == {"2.4.0"}


def _vectors_command(spec_path: Path, *command: str) -> int:
    """``acp-spec --spec PATH vectors ...``, parsed as cli.py parses it."""
    parser = argparse.ArgumentParser(prog="acp-spec")
    parser.add_argument("--spec", type=Path)
    vectors_cmd.add_commands(parser.add_subparsers(dest="command", required=True))
    return vectors_cmd.run(parser.parse_args(["--spec", str(spec_path), "vectors", *command]))


@pytest.mark.slow  # the vectors made twice: seconds
def test_retiring_an_id_marks_its_line_and_publishes_its_successor(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec_path = write_spec(tmp_path / "spec")
    ids = ids_path(spec_path)
    case_id = "session-close.example.close-an-active-session"
    text = ids.read_text(encoding="utf-8")
    [line] = [x for x in text.splitlines(keepends=True) if x.startswith(case_id + " ")]
    changed = text.replace(line, f"{case_id} 000000000000\n")  # as if its meaning had changed
    ids.write_text(changed, encoding="utf-8")

    # an id still generated as published is no retirement
    assert _vectors_command(spec_path, "retire", "session-close.params.*", "--reason", "x") == 1
    assert ids.read_text(encoding="utf-8") == changed
    assert "matches no published id that is gone or changed" in capsys.readouterr().err

    assert _vectors_command(spec_path, "retire", case_id, "--reason", "a  test\nreason") == 0
    after = ids.read_text(encoding="utf-8")
    # retired after 2.4.0, with no newer release taken: in the one not known yet
    assert f"{case_id} 000000000000 retired unreleased a test reason\n" in after
    assert f"{case_id}.rev2 " in after
    assert "retired 1 vector id in unreleased; published 1 new one" in capsys.readouterr().out
    spec = load_spec(spec_path)
    assert case_id in spec.retired_vector_ids
    published = parse_published(after, "ids")
    assert vector_id_problems(published, emitted_ids(emit_vectors(spec, index_of(spec)))) == []


def _publish(spec_path: Path) -> int:
    """``acp-spec --spec PATH vectors publish``."""
    return _vectors_command(spec_path, "publish")


@pytest.mark.slow  # the vectors made twice: seconds
def test_publishing_adds_new_ids_and_changes_no_line(
    tmp_path: Path, spec: Spec, capsys: pytest.CaptureFixture[str]
) -> None:
    spec_path = write_spec(tmp_path / "spec")  # the real spec's text
    ids = ids_path(spec_path)
    ids.unlink()
    # without the file no id is retired, so no case takes a successor's id: the real spec,
    # loaded already, less its retired ids
    unretired = replace(spec, retired_vector_ids=frozenset())
    emitted = emitted_ids(emit_vectors(unretired, index_of(unretired)))

    assert _publish(spec_path) == 0  # no file yet: every id
    created = ids.read_text(encoding="utf-8")
    assert created.startswith(HEADER)
    assert set(parse_published(created, "").entries) == set(emitted)
    assert f"published {len(emitted)} new vector ids in {ids}" in capsys.readouterr().out

    # one id retired by hand, one digest stale: publishing restores the first, keeps the second
    lines = created.splitlines(keepends=True)
    retired, stale = lines[10], lines[20]
    wrong = stale.split()[0] + " 000000000000\n"
    ids.write_text(created.replace(retired, "").replace(stale, wrong), encoding="utf-8")
    assert _publish(spec_path) == 0
    out, err = capsys.readouterr()
    assert ids.read_text(encoding="utf-8") == created.replace(stale, wrong)
    assert f"published 1 new vector id in {ids}" in out
    assert f"{ids}:21:" in err and f"published vector {stale.split()[0]} changed meaning" in err

    before = ids.read_bytes()
    assert _publish(spec_path) == 0
    assert ids.read_bytes() == before and "published 0 new vector ids" in capsys.readouterr().out


def test_publishing_refuses_a_broken_ids_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec_path = tmp_path / "acp-v2.yaml"
    broken = HEADER + "a.one not-a-digest\n"
    ids_path(spec_path).write_text(broken, encoding="utf-8")
    assert _publish(spec_path) == 1
    assert ids_path(spec_path).read_text(encoding="utf-8") == broken
    err = capsys.readouterr().err
    assert f"{ids_path(spec_path)}:{len(HEADER.splitlines()) + 1}:1: expected" in err
    assert "nothing was written" in err


# ── (c') a key nested in an object field gets every keyed case ──

NESTED_DEF = """\
  PromptOptions:
    description: How a prompt is submitted.
    type: object
    properties:
"""
NESTED_FIELD = """\
      options:
        description: How the Agent handles this submission.
        $ref: PromptOptions
"""
NESTED_PATH = ("options", "idempotencyKey")


def nest_the_key(text: str) -> str:
    """The spec with `session/prompt`'s key moved into a new type, PromptOptions, that
    PromptRequest holds as its `options` field; the keyed example follows it there."""
    start = text.index("      idempotencyKey:\n", text.index("\n  PromptRequest:\n"))
    end = text.index("    required: [sessionId, prompt]\n  PromptResponse:\n")
    key = text[start:end]
    text = text[:start] + NESTED_FIELD + text[end:]
    text = text.replace("\n  PromptResponse:\n", "\n" + NESTED_DEF + key + "  PromptResponse:\n")
    example = "          idempotencyKey: 0b6f3c1e-8d2a-4c57-9a41-5e2f7d90c3ab\n"
    nested = "          options: {idempotencyKey: 0b6f3c1e-8d2a-4c57-9a41-5e2f7d90c3ab}\n"
    assert text.count(example) == 2  # session/prompt's example, then proxy/successor's
    # the intended difference from upstream moves with the key, and the type is the spec's
    text = text.replace(
        "        idempotencyKey: {required: false, nullable: true}\n",
        "        options: {required: false, nullable: false}\n",
        1,
    )
    entry = "    - type: SessionOptionsRequest\n"
    text = text.replace(
        entry,
        "    - type: PromptOptions\n      kind: new-type\n      why: It holds the key.\n" + entry,
        1,
    )
    # a trace's keys that are no IdempotencyKey stay where the key was: no longer a key
    # there, they are valid, so they are no longer sent as messages meant to be refused
    text = text.replace("valid: false, message:", "message:")
    return text.replace(example, nested, 1)


@pytest.fixture(scope="module")
def nested(tmp_path_factory: pytest.TempPathFactory) -> tuple[Index, dict[str, Any]]:
    path = write_spec(
        tmp_path_factory.mktemp("nested"), nest_the_key(SPEC_FILE.read_text(encoding="utf-8"))
    )
    spec = load_spec(path)
    index = index_of(spec)
    return index, vector_files(emit_vectors(spec, index))


def _by_id(vectors: dict[str, Any], method: str) -> dict[str, Case]:
    data = vectors[f"{VECTORS_DIR}/methods/{method}.json"]
    return {c["id"]: c for g in data["groups"] for c in g["cases"]}


def _at(value: Any, path: tuple[str, ...]) -> Any:
    """The member at ``path``; ``...`` if it is not there."""
    for step in path:
        if not isinstance(value, dict) or step not in value:
            return ...
        value = value[step]
    return value


def test_the_edit_nests_the_key(nested: tuple[Index, dict[str, Any]]) -> None:
    index, _ = nested
    assert index.keys.key_property(index.spec.methods["session/prompt"]) == NESTED_PATH


def _without(params: Any, path: tuple[str, ...]) -> Any:
    """``params`` without the member at ``path``."""
    params = json.loads(json.dumps(params))
    parent = _at(params, path[:-1])
    if isinstance(parent, dict):
        parent.pop(path[-1], None)
    return params


def test_a_nested_key_gets_every_key_case_at_its_path(
    nested: tuple[Index, dict[str, Any]], vectors: dict[str, Any]
) -> None:
    """The same cases as a key directly in the params, each value at options.idempotencyKey,
    built on the example that holds `options`."""
    index, deep_vectors = nested
    prefixes = ("session-prompt.idempotency-key.", "session-prompt.retry.")
    flat = {i: c for i, c in _by_id(vectors, "session-prompt").items() if i.startswith(prefixes)}
    deep = {
        i: c for i, c in _by_id(deep_vectors, "session-prompt").items() if i.startswith(prefixes)
    }
    assert set(deep) == set(flat) and len(deep) == 29
    examples = [e.params for e in index.spec.methods["session/prompt"].examples]
    [base] = [e for e in examples if "options" in e]
    for case_id, case in deep.items():
        want = json.loads(flat[case_id]["message"])
        got = json.loads(case["message"])  # python's json keeps a duplicate name's last value
        assert _at(got["params"], NESTED_PATH) == _at(want["params"], ("idempotencyKey",))
        assert "idempotencyKey" not in got["params"], case_id
        if case_id != "session-prompt.retry.keyed.other-session":
            assert _without(got["params"], NESTED_PATH) == _without(base, NESTED_PATH), case_id
        assert case["expect"] == flat[case_id]["expect"], case_id
        reads = [
            {**r, "path": "params." + ".".join(NESTED_PATH)} for r in flat[case_id].get("reads", [])
        ]
        assert case.get("reads", []) == reads, case_id  # the key is read where it is
        assert {k: v for k, v in got.items() if k != "params"} == {
            k: v for k, v in want.items() if k != "params"
        }, case_id  # outside-params keeps its key at the envelope
    dup = deep["session-prompt.idempotency-key.duplicate-member"]["message"]
    assert f'"options":{{"idempotencyKey":"{UUID}","idempotencyKey":""}}' in dup
    assert "`options.idempotencyKey` on `session/prompt`" in json.dumps(deep_vectors)


def test_a_nested_key_is_forwarded_by_carriers(nested: tuple[Index, dict[str, Any]]) -> None:
    carried = _by_id(nested[1], "proxy-successor")
    for suffix, key in (("keyed", UUID), ("empty-key", "")):
        params = json.loads(carried[f"proxy-successor.carried.session-prompt.{suffix}"]["message"])
        assert _at(params["params"]["params"], NESTED_PATH) == key


def _require_mode(text: str) -> str:
    """PromptOptions also requires `mode`: a key alone is no valid `options`."""
    head = "    description: How a prompt is submitted.\n    type: object\n"
    assert text.count(head) == 1
    return text.replace(head, head + "    required: [mode]\n", 1).replace(
        head + "    required: [mode]\n    properties:\n",
        head + "    required: [mode]\n    properties:\n      mode: {type: string}\n",
    )


def _emit(tmp_path: Path, text: str) -> tuple[Index, dict[str, Any]]:
    spec = load_spec(write_spec(tmp_path, text))
    index = index_of(spec)
    return index, vector_files(emit_vectors(spec, index))


@pytest.mark.slow  # a spec loaded and its vectors made: seconds
def test_key_cases_are_built_on_an_example_holding_the_keys_object(tmp_path: Path) -> None:
    text = _require_mode(nest_the_key(SPEC_FILE.read_text(encoding="utf-8")))
    held = "options: {mode: fast, idempotencyKey: 0b6f"
    index, vectors = _emit(tmp_path, text.replace("options: {idempotencyKey: 0b6f", held, 1))
    cases = _by_id(vectors, "session-prompt")
    uuid = json.loads(cases["session-prompt.idempotency-key.uuid"]["message"])["params"]
    assert uuid["options"] == {"mode": "fast", "idempotencyKey": UUID}
    validator = OutcomeValidator(index.schema)
    assert not [c["id"] for c in cases.values() if _disagreement(validator, c)]


def test_key_cases_the_schema_contradicts_are_refused(tmp_path: Path) -> None:
    """No example holds `options`, so a key alone would be all of it, and invalid."""
    text = _require_mode(nest_the_key(SPEC_FILE.read_text(encoding="utf-8")))
    unheld = "          options: {idempotencyKey: 0b6f3c1e-8d2a-4c57-9a41-5e2f7d90c3ab}\n"
    with pytest.raises(ValueError, match=r"disagrees with the RFD's key rules on .*one-char") as e:
        _emit(tmp_path, text.replace(unheld, "", 1))
    # an unkeyed prompt is still valid: removing the key makes up no `options`
    assert "idempotency-key.null" in str(e.value) and "omitted" not in str(e.value)


def test_the_nested_key_cases_agree_with_the_edited_schema(
    nested: tuple[Index, dict[str, Any]],
) -> None:
    index, vectors = nested
    validator = OutcomeValidator(index.schema)
    cases = [
        c
        for method in ("session-prompt", "proxy-successor")
        for c in _by_id(vectors, method).values()
    ]
    wrong = [f"{c['id']}: {why}" for c in cases if (why := _disagreement(validator, c))]
    assert not wrong, "\n".join(wrong)


# ── (e) params drawn from the schema: the schema, the models and decode agree ──

# Every def a method's request or notification carries as params.
PARAMS_DEFS = sorted({call.params for m in load_real_spec().methods.values() for call in m.calls})
# How many documents are drawn for each: a few each, more for the keyed prompt.
DRAWN = {name: 8 for name in PARAMS_DEFS} | {"PromptRequest": 30}


@dataclass(frozen=True)
class Judges:
    """What a drawn document of one def is checked by, made once a def."""

    validator: Validator  # python-jsonschema over generated/schema.json, from the def
    v2: ModuleType  # acp_models.v2
    adapter: pydantic.TypeAdapter[Any]  # the def's model (a type alias where it is no object)


Check = Callable[[Judges, str, Any], None]


def schema_accepts(judges: Judges, name: str, params: Any) -> None:
    errors = list(judges.validator.iter_errors(params))
    assert not errors, f"{name} rejects drawn params: {errors[0].message}"


def models_accept(judges: Judges, name: str, params: Any) -> None:
    """The schema accepted the document; so must the model, from Python data and JSON."""
    for how, data in (("validate_python", params), ("validate_json", json.dumps(params))):
        try:
            getattr(judges.adapter, how)(data)
        except pydantic.ValidationError as error:
            raise AssertionError(
                f"the schema accepts this {name} but {name}.{how} rejects it:\n"
                f"{json.dumps(params, indent=1)[:4000]}\n{error}"
            ) from None


def decode_accepts(judges: Judges, name: str, params: Any) -> None:
    """The document as the params of each method that carries it, through ``decode``."""
    v2 = judges.v2
    for method in v2.METHODS.values():
        forms = []
        if method.params_def == name:
            forms.append("notification" if method.kind == "notification" else "request")
        if method.notification_params_def == name:
            forms.append("notification")
        for form in forms:
            message = {"jsonrpc": "2.0", "id": 1} if form == "request" else {"jsonrpc": "2.0"}
            text = json.dumps({**message, "method": method.name, "params": params})
            try:
                decoded = v2.decode(text)
            except sys.modules["acp_models"].JsonRpcError as error:
                raise AssertionError(
                    f"the schema accepts these {method.name} params but decode answers "
                    f"{error}:\n{text[:4000]}"
                ) from None
            wanted = v2.Request if form == "request" else v2.Notification
            assert isinstance(decoded, wanted), (method.name, decoded)
            assert type(decoded.params).__name__ == name, (method.name, decoded)


def encode_round_trips(judges: Judges, name: str, params: Any) -> None:
    """The document's model written back: ``encode`` of its message decodes to the same
    message, and every dump of the model (pydantic's defaults too) validates again."""
    v2 = judges.v2
    model = getattr(v2, name)
    parsed = model.model_validate(params)
    for dumped in (parsed.model_dump_json(), parsed.model_dump_json(exclude_unset=False)):
        assert model.model_validate_json(dumped) == parsed, dumped[:2000]
    assert parsed.to_wire() == params
    for method in v2.METHODS.values():
        if method.params_def == name and method.kind != "notification":
            message = v2.Request(1, method.name, parsed)
        elif name in (method.params_def, method.notification_params_def):
            message = v2.Notification(method.name, parsed)
        else:
            continue
        text = v2.encode(message)
        assert v2.decode(text) == message, text[:2000]
        assert v2.encode(v2.decode(text)) == text


# Every check each drawn document must pass.
CHECKS: list[Check] = [schema_accepts, models_accept, decode_accepts, encode_round_trips]


@pytest.fixture(scope="module")
def drawer(schema: dict[str, Any]) -> Drawer:
    return Drawer(schema)


def test_hypothesis_jsonschema_runs_on_this_hypothesis() -> None:
    from hypothesis.internal.conjecture.utils import many

    assert hasattr(many, "more"), (
        "hypothesis-jsonschema 0.23.1 calls many.more(), which hypothesis 6.170.10 removed: "
        "pin hypothesis==6.170.9 until hypothesis-jsonschema catches up"
    )


def test_every_params_def_is_drawn(spec: Spec, schema: dict[str, Any]) -> None:
    carried = {call.params for m in spec.methods.values() for call in m.calls}
    assert set(DRAWN) == carried and carried <= set(schema["$defs"])


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(DRAWN))
def test_schema_models_and_decode_agree_on_drawn_params(
    schema: dict[str, Any], drawer: Drawer, v2: ModuleType, name: str
) -> None:
    validator = Draft202012Validator(schema).evolve(schema={"$ref": f"#/$defs/{name}"})
    judges = Judges(validator, v2, pydantic.TypeAdapter(getattr(v2, name)))

    @settings(
        max_examples=DRAWN[name],
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    @given(drawer.ref(name))
    def check(params: Any) -> None:
        for each in CHECKS:
            each(judges, name, params)

    check()


def test_the_vectors_name_members_with_decodes_own_wire_path_formatter() -> None:
    """One formatter of wire paths: the vectors load the runtime's, which they can only
    while it imports the standard library alone (its package can't run from source)."""
    from acp_spec.emit.models.names import RUNTIME
    from acp_spec.emit.vectors import cases

    source = RUNTIME / "v2" / "_wire_path.py"
    assert Path(cases.wire_path.__code__.co_filename) == source
    tree = ast.parse(source.read_text(encoding="utf-8"))
    imported = {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            assert node.level == 0, "a relative import: the file could not be loaded alone"
            imported.add(str(node.module))
    assert {name.split(".")[0] for name in imported} <= sys.stdlib_module_names
    assert cases.wire_path("params", ["prompt", 0, "a.b", "_meta"]) == (
        'params.prompt[0]["a.b"]._meta'
    )
