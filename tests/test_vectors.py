"""generated/vectors/: well-formed, ids permanent, and every case run end to end through
generated/schema.json (python-jsonschema) and through ``acp_models.v2.decode``.

Where the two genuinely can't agree, the case's ``divergence`` note says so and the runner
lists it (``MODEL_DIVERGENCES``); nothing is skipped. Params drawn from the schema
(hypothesis) check the models against the schema for every params def of every method.

Run ``python tests/test_vectors.py --publish`` to add new vector ids to tests/vector_ids.txt.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pydantic
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
MODELS_SRC = ROOT / "generated/python/src"
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


def _ours(module: str) -> bool:
    return module == "acp_models" or module.startswith("acp_models.")


def import_models() -> Iterator[ModuleType]:
    """``acp_models.v2`` from generated/python/src (which `acp-spec check` proves current),
    imported afresh and taken out of sys.modules afterwards, so that it and another test's
    copy (tests/test_models.py generates one into a tmp dir) never mix."""
    saved = {name: sys.modules.pop(name) for name in [n for n in sys.modules if _ours(n)]}
    sys.path.insert(0, str(MODELS_SRC))
    try:
        v2 = importlib.import_module("acp_models.v2")
        assert Path(v2.__file__ or "").is_relative_to(MODELS_SRC), v2.__file__
        yield v2
    finally:
        sys.path.remove(str(MODELS_SRC))
        for name in [n for n in sys.modules if _ours(n)]:
            del sys.modules[name]
        sys.modules.update(saved)


@pytest.fixture(scope="module")
def v2() -> Iterator[ModuleType]:
    yield from import_models()


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


def cases_with_groups(vectors: dict[str, Any]) -> list[tuple[dict[str, Any], Case]]:
    return [(g, case) for data in vectors.values() for g in data["groups"] for case in g["cases"]]


def decode_outcome(v2: ModuleType, group: Mapping[str, Any], case: Case) -> Outcome:
    """What ``decode`` makes of the case: "valid", an error code, or what went wrong.

    A batch is as good as its first failed message. A message of a method's group must
    decode to that method and kind with its def's model; a response's result is read with
    ``decode_result``.
    """
    error_type = sys.modules["acp_models"].JsonRpcError
    try:
        decoded = v2.decode(case["message"])
    except error_type as error:
        return int(error.code)
    items = decoded if isinstance(decoded, list) else [decoded]
    if failed := [i for i in items if isinstance(i, error_type)]:
        return int(failed[0].code)
    if "method" not in group:
        return "valid"
    (item,) = items
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

    undeclared = sorted(differ - set(MODEL_DIVERGENCES))
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


# ── (e) params drawn from the schema: the schema, the models and decode agree ──

# Every def a method's request or notification carries as params.
PARAMS_DEFS = sorted(
    {call.params for m in load_spec(ROOT / "spec/acp-v2.yaml").methods.values() for call in m.calls}
)
# How many documents are drawn for each: a few each, more for the keyed prompt.
DRAWN = {name: 8 for name in PARAMS_DEFS} | {"PromptRequest": 30}


@dataclass(frozen=True)
class Judges:
    """What a drawn document is checked by."""

    validator: Validator  # python-jsonschema, over generated/schema.json
    v2: ModuleType  # acp_models.v2


Check = Callable[[Judges, str, Any], None]


def schema_accepts(judges: Judges, name: str, params: Any) -> None:
    validator = judges.validator.evolve(schema={"$ref": f"#/$defs/{name}"})
    errors = list(validator.iter_errors(params))
    assert not errors, f"{name} rejects drawn params: {errors[0].message}"


def models_accept(judges: Judges, name: str, params: Any) -> None:
    """The schema accepted the document; so must the model, from Python data and JSON."""
    model = getattr(judges.v2, name)
    for how, data in (("model_validate", params), ("model_validate_json", json.dumps(params))):
        try:
            getattr(model, how)(data)
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


# Every check each drawn document must pass.
CHECKS: list[Check] = [schema_accepts, models_accept, decode_accepts]

# Keywords that only annotate: a node drawn member by member leaves them out.
ANNOTATIONS = {"title", "description", "default", "examples", "deprecated", "readOnly",
               "writeOnly", "$comment", "format", "contentEncoding", "contentMediaType"}  # fmt: skip


def _with_defs(schema: dict[str, Any], node: Mapping[str, Any]) -> dict[str, Any]:
    """``node`` with the defs it reaches (hypothesis-jsonschema resolves every def it gets)."""
    defs, todo, seen = schema["$defs"], re.findall(r'"#/\$defs/([^"]+)"', json.dumps(node)), set()
    while todo:
        if (current := todo.pop()) not in seen:
            seen.add(current)
            todo += re.findall(r'"#/\$defs/([^"]+)"', json.dumps(defs[current]))
    return {**node, "$defs": {n: defs[n] for n in sorted(seen)}}


def _constraints(node: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in node.items() if k not in ANNOTATIONS and not k.startswith("x-")}


class Drawer:
    """Strategies for the schema's defs, each def's built once and shared.

    hypothesis-jsonschema canonicalises the whole schema it is given, every def inlined,
    on each build: ``UpdateSessionNotification`` alone took 40 s. So what is easy is taken
    apart here: a reference (one strategy per def), a union (one of its members), an
    object base beside a union (distributed over the members), an object and the objects
    it inherits through allOf (member by member), an array; the rest goes to
    hypothesis-jsonschema, def by def. Each part accepts only what the whole does, and
    every drawn document is checked against the schema all the same (``schema_accepts``).
    The documents carry no unknown members.
    """

    def __init__(self, schema: dict[str, Any]) -> None:
        self.schema = schema
        self.defs: dict[str, st.SearchStrategy[Any]] = {}

    def ref(self, name: str) -> st.SearchStrategy[Any]:
        if name not in self.defs:
            self.defs[name] = st.deferred(lambda: self.node(self.schema["$defs"][name]))
        return self.defs[name]

    def node(self, node: Mapping[str, Any]) -> st.SearchStrategy[Any]:
        n = _constraints(node)
        keys = set(n)
        if keys == {"$ref"}:
            return self.ref(n["$ref"].removeprefix("#/$defs/"))
        if keys == {"allOf"} and len(n["allOf"]) == 1:
            return self.node(n["allOf"][0])
        if keys == {"anyOf"}:
            return st.one_of([self.node(member) for member in n["anyOf"]])
        if n.get("type") == "object" and "anyOf" in n and keys <= {"type", "properties", "required", "anyOf"}:  # fmt: skip
            base = {k: v for k, v in n.items() if k != "anyOf"}
            return st.one_of([self.node({**base, "allOf": [m]}) for m in n["anyOf"]])
        if n.get("type") == "array" and "items" in n and keys <= {"type", "items", "minItems", "maxItems"}:  # fmt: skip
            items = self.node(n["items"])
            return st.lists(items, min_size=n.get("minItems", 0), max_size=n.get("maxItems"))
        if (whole := self._object(n)) is not None:
            return whole
        return from_schema(_with_defs(self.schema, node))

    def _parts(self, node: Mapping[str, Any]) -> list[dict[str, Any]] | None:
        """The plain objects (properties and required only) whose conjunction ``node`` is."""
        n = _constraints(node)
        if set(n) == {"$ref"}:
            return self._parts(self.schema["$defs"][n["$ref"].removeprefix("#/$defs/")])
        if set(n) == {"allOf"} and len(n["allOf"]) == 1:
            return self._parts(n["allOf"][0])
        if n.get("type") != "object" or not set(n) <= {"type", "properties", "required", "allOf"}:
            return None
        parts = [{k: v for k, v in n.items() if k != "allOf"}]
        for part in n.get("allOf", []):
            if (inner := self._parts(part)) is None:
                return None
            parts += inner
        return parts

    def _object(self, node: Mapping[str, Any]) -> st.SearchStrategy[Any] | None:
        if (parts := self._parts(node)) is None:
            return None
        props: dict[str, Any] = {}
        required: set[str] = set()
        for part in parts:
            for name, prop in part.get("properties", {}).items():
                if _constraints(props.setdefault(name, prop)) != _constraints(prop):
                    return None  # a member two parts constrain: left to hypothesis-jsonschema
            required.update(part.get("required", []))
        if not required <= set(props):
            return None
        members = {name: self.node(prop) for name, prop in props.items()}
        return st.fixed_dictionaries(
            {k: s for k, s in members.items() if k in required},
            optional={k: s for k, s in members.items() if k not in required},
        )


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
    judges = Judges(Draft202012Validator(schema), v2)

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


if __name__ == "__main__":
    sys.exit(publish() if sys.argv[1:] == ["--publish"] else 2)
