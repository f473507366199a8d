"""Writing messages with ``acp_models``: ``encode`` and ``to_wire``, the dumps' defaults,
assignment checks, the spec's error codes and ``decode``'s ``receiver``.

Runs against the committed package in generated/python/src, as tests/test_decode.py; the
vectors come from the committed generated/vectors (``acp-spec check`` proves both current).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pydantic
import pytest
from acp_spec.model import Spec

ROOT = Path(__file__).resolve().parents[1]
VECTORS = ROOT / "generated/vectors"


@pytest.fixture(scope="module")
def acp(v2: ModuleType) -> ModuleType:
    return sys.modules["acp_models"]


@pytest.fixture(scope="module")
def groups() -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """(group, case) of every committed vector."""
    paths = [VECTORS / "envelope.json", *sorted((VECTORS / "methods").glob("*.json"))]
    out = []
    for path in paths:
        for group in json.loads(path.read_text(encoding="utf-8"))["groups"]:
            out += [(group, case) for case in group["cases"]]
    return out


@pytest.fixture(scope="module")
def decoded(v2: ModuleType, acp: ModuleType, groups: list[Any]) -> dict[str, Any]:
    """Case id -> what decode makes of each case it accepts."""
    out = {}
    for _, case in groups:
        try:
            out[case["id"]] = v2.decode(case["message"])
        except acp.JsonRpcError:
            continue
    return out


def _instances(value: Any, into: dict[str, list[Any]]) -> None:
    """Every model instance within ``value``, by class name."""
    if isinstance(value, pydantic.BaseModel):
        into.setdefault(type(value).__name__, []).append(value)
        for name in type(value).model_fields:
            _instances(getattr(value, name), into)
    elif isinstance(value, list | tuple):
        for item in value:
            _instances(item, into)
    elif isinstance(value, dict):
        for item in value.values():
            _instances(item, into)


@pytest.fixture(scope="module")
def instances(v2: ModuleType, decoded: dict[str, Any], groups: list[Any]) -> dict[str, list[Any]]:
    """Every model instance the valid vectors decode to (results read with decode_result)."""
    found: dict[str, list[Any]] = {}
    for group, case in groups:
        message = decoded.get(case["id"])
        if message is None or "valid" not in case["expect"]:
            continue
        if isinstance(message, v2.Response) and "method" in group and message.error is None:
            _instances(v2.decode_result(group["method"], message.result), found)
        elif not isinstance(message, v2.Response):
            _instances(message.params, found)
    return found


# --- encode ---------------------------------------------------------------------------------


def test_encode_round_trips_every_vector_decode_accepts(
    v2: ModuleType, decoded: dict[str, Any]
) -> None:
    assert len(decoded) > 250
    for case_id, message in decoded.items():
        text = v2.encode(message)
        assert isinstance(text, bytes)
        again = v2.decode(text)
        assert again == message, case_id
        # the same members too, not only equal values: an omitted field stays omitted
        assert v2.encode(again) == text, case_id


def test_encode_writes_the_envelope(v2: ModuleType, acp: ModuleType) -> None:
    params = v2.CancelSessionNotification.model_validate({"sessionId": "s"})
    note = json.loads(v2.encode(v2.Notification("session/cancel", params)))
    assert note == {"jsonrpc": "2.0", "method": "session/cancel", "params": {"sessionId": "s"}}
    result = v2.CloseSessionResponse.model_validate({})
    assert json.loads(v2.encode(v2.Response(3, result))) == {
        "jsonrpc": "2.0",
        "id": 3,
        "result": {},
    }
    failed = v2.Response(4, None, acp.JsonRpcError(acp.REQUEST_CANCELLED))
    assert json.loads(v2.encode(failed)) == {
        "jsonrpc": "2.0",
        "id": 4,
        "error": {"code": -32800, "message": "Request cancelled"},
    }
    assert v2.decode(v2.encode(failed)) == v2.Response(
        4, None, acp.JsonRpcError(-32800, id=4, reply=False)
    )
    ext = v2.Request("_x/ping", "_x/ping", None)  # an extension without params: none written
    assert json.loads(v2.encode(ext)) == {"jsonrpc": "2.0", "id": "_x/ping", "method": "_x/ping"}


def test_encode_answers_a_decode_error_with_its_response(v2: ModuleType, acp: ModuleType) -> None:
    raw = '{"jsonrpc": "2.0", "id": 9, "method": "session/cancel", "params": {"sessionId": "s"}}'
    with pytest.raises(acp.JsonRpcError) as caught:
        v2.decode(raw)
    answer = json.loads(v2.encode(caught.value))
    assert (answer["id"], answer["error"]["code"]) == (9, -32601)


@pytest.mark.parametrize(
    "message, why",
    [
        ("request without id", "a request id"),
        ("params of another method", "params are a PromptRequest"),
        ("unknown method", "has no request"),
        ("result without id", "never null"),
        ("empty batch", "ACP does not use JSON-RPC batches"),
        ("batch", "ACP does not use JSON-RPC batches"),
    ],
)
def test_encode_refuses_what_decode_would(v2: ModuleType, message: str, why: str) -> None:
    close = v2.CloseSessionRequest.model_validate({"sessionId": "s"})
    value: Any = {
        "request without id": v2.Request(None, "session/close", close),
        "params of another method": v2.Request(1, "session/prompt", close),
        "unknown method": v2.Request(1, "session/nope", close),
        "result without id": v2.Response(None, {}),
        "empty batch": [],
        "batch": [v2.Request(1, "session/close", close)],
    }[message]
    with pytest.raises(ValueError, match=why):
        v2.encode(value)


def test_to_wire_writes_wire_names_and_only_what_was_set(v2: ModuleType) -> None:
    wire = {"sessionId": "s", "prompt": [{"type": "text", "text": "Hi"}], "idempotencyKey": None}
    request = v2.PromptRequest.model_validate(wire)
    assert request.to_wire() == wire  # null stays null, omitted (`_meta`) stays omitted
    assert json.loads(request.model_dump_json()) == wire
    assert request.model_dump(mode="json") == wire


# --- dumps the package's decode accepts -----------------------------------------------------


def _wire_name(python: str, field: Any) -> str:
    """A field's wire name: its validation alias (constructors take the Python name)."""
    alias = field.validation_alias
    return alias if isinstance(alias, str) else python


def _forbids_null(model: type[pydantic.BaseModel], wire: dict[str, Any], key: str) -> bool:
    try:
        model.model_validate({**wire, key: None})
    except pydantic.ValidationError:
        return True
    return False


def test_every_dump_of_every_decoded_class_is_accepted_back(
    v2: ModuleType, instances: dict[str, list[Any]]
) -> None:
    """Each class the vectors reach, each instance's every dump, exclude_unset=False too:
    pydantic's default wrote null for fields that may be omitted but not be null."""
    assert len(instances) > 150
    nulls_left_out = 0
    for name, found in sorted(instances.items()):
        model = getattr(v2, name)
        for instance in found[:3]:
            wire = instance.to_wire()
            for dumped in (
                instance.model_dump_json(),
                instance.model_dump_json(exclude_unset=False),
                json.dumps(instance.model_dump(mode="json", exclude_unset=False)),
            ):
                again = model.model_validate_json(dumped)
                assert again == instance, (name, dumped)
            full = instance.model_dump(mode="json", exclude_unset=False)
            unset = [k for k in model.model_fields if k not in instance.model_fields_set]
            aliases = {_wire_name(k, f) for k, f in model.model_fields.items() if k in unset}
            left_out = [a for a in aliases if a not in full]
            nulls_left_out += len(left_out)
            for key in left_out:
                assert _forbids_null(model, wire, key), (name, key)
    assert nulls_left_out > 0  # the vectors do reach fields that may be omitted, not null


def test_every_class_dumps_nothing_its_validation_refuses(v2: ModuleType) -> None:
    """Every class, with nothing set: a field its default dump writes as null takes null
    (checked on the class's own field validators, which hold the not-null rule)."""
    checked = 0
    for name in v2.__all__[2:]:
        model = getattr(v2, name)
        if not (isinstance(model, type) and issubclass(model, pydantic.BaseModel)):
            continue
        if issubclass(model, pydantic.RootModel):
            continue
        dumped = model.model_construct().model_dump(mode="json", exclude_unset=False)
        for python, field in model.model_fields.items():
            key = _wire_name(python, field)
            if field.is_required() or key not in dumped or dumped[key] is not None:
                continue
            checked += 1
            # the class's field validators run on assignment: one that refuses null raises
            instance = model.model_construct()
            try:
                instance.__pydantic_validator__.validate_assignment(instance, python, None)
            except pydantic.ValidationError as error:
                reasons = [e["msg"] for e in error.errors()]
                assert not any("may be omitted, but not null" in r for r in reasons), (name, key)
    assert checked > 100


def test_assigning_an_invalid_value_raises(v2: ModuleType) -> None:
    request = v2.PromptRequest.model_validate(
        {"sessionId": "s", "prompt": [{"type": "text", "text": "Hi"}]}
    )
    for field, value in (("prompt", "Hi"), ("prompt", []), ("idempotency_key", "")):
        with pytest.raises(pydantic.ValidationError):
            setattr(request, field, value)
    new = v2.NewSessionRequest.model_validate({"cwd": "/home/u"})
    with pytest.raises(pydantic.ValidationError, match="not null"):
        new.mcp_servers = None
    assert json.loads(new.model_dump_json(exclude_unset=False)).get("mcpServers", []) is not None


# --- error codes ----------------------------------------------------------------------------


def test_every_error_of_the_spec_is_a_named_constant_with_its_message(
    acp: ModuleType, real_spec: Spec
) -> None:
    for name, error in real_spec.errors.items():
        constant = getattr(acp, name.upper())
        assert constant == error.code and isinstance(constant, int)
        assert constant is acp.JsonRpcCode(error.code)
        assert (constant.message, acp.JsonRpcError(error.code).message) == (error.title,) * 2
        assert constant.description == " ".join(error.description.split())
        assert name.upper() in acp.__all__
    assert acp.JsonRpcError(-32800).message == "Request cancelled"
    assert acp.JsonRpcError(-32050).message == "Server error"  # JSON-RPC's reserved range
    assert acp.JsonRpcError(7).message == "Error"
    assert acp.JsonRpcError(acp.INVALID_PARAMS, "custom").message == "custom"


def test_to_response_answers_the_errors_own_id(v2: ModuleType, acp: ModuleType) -> None:
    raw = '{"jsonrpc": "2.0", "id": "r-1", "method": "session/prompt", "params": {}}'
    with pytest.raises(acp.JsonRpcError) as caught:
        v2.decode(raw)
    error = caught.value
    assert error.to_response()["id"] == "r-1"
    assert error.to_response(5)["id"] == 5  # an explicit id still wins
    assert error.to_response(None)["id"] is None
    assert error.to_response()["error"]["code"] == acp.INVALID_PARAMS


# --- receiver -------------------------------------------------------------------------------


def test_each_side_refuses_the_methods_the_other_handles(
    v2: ModuleType, acp: ModuleType, groups: list[Any], decoded: dict[str, Any]
) -> None:
    handles = {"agent": {"client-to-agent", "both"}, "client": {"agent-to-client", "both"}}
    seen: set[tuple[str, str, bool]] = set()
    for group, case in groups:
        if case["id"] not in decoded or group.get("kind") not in ("request", "notification"):
            continue
        direction = v2.METHODS[group["method"]].direction
        for receiver, directions in handles.items():
            expected = direction in directions
            seen.add((group["method"], receiver, expected))
            if expected:
                assert v2.decode(case["message"], receiver=receiver) == decoded[case["id"]]
                continue
            with pytest.raises(acp.JsonRpcError) as caught:
                v2.decode(case["message"], receiver=receiver)
            assert caught.value.code == acp.METHOD_NOT_FOUND, case["id"]
            assert caught.value.reply == (group["kind"] == "request"), case["id"]
            assert caught.value.data["path"] == "method"
    assert ("session/update", "agent", False) in seen
    assert ("session/prompt", "client", False) in seen
    assert ("$/cancel_request", "agent", True) in seen and (
        "$/cancel_request",
        "client",
        True,
    ) in seen
    assert {m for m, _, _ in seen} == set(v2.METHODS)


def test_receiver_leaves_responses_and_extensions_alone(v2: ModuleType) -> None:
    for raw in (
        '{"jsonrpc": "2.0", "id": 1, "result": {}}',
        '{"jsonrpc": "2.0", "method": "_x/note", "params": {}}',
    ):
        for receiver in ("agent", "client"):
            assert v2.decode(raw, receiver=receiver) == v2.decode(raw)
    with pytest.raises(ValueError, match="receiver"):
        v2.decode('{"jsonrpc": "2.0", "id": 1, "result": {}}', receiver="proxy")


# --- tolerant decoding ------------------------------------------------------------------------


@pytest.fixture(scope="module")
def lenient(real_spec: Spec) -> dict[str, dict[str, Any]]:
    """Class -> its fields upstream reads leniently (wire name -> Tolerance), as the models
    emitter lowers the spec's schema."""
    from acp_spec.emit.models.lowering import Lowering
    from acp_spec.index import index_of, schema_index

    lowering = Lowering(schema_index(index_of(real_spec).schema))
    lowering.run()
    return lowering.tolerant


MALFORMED: list[Any] = [5, "malformed", {"malformed": 1}, [5], True]


def _refused(model: Any, data: Any) -> bool:
    try:
        model.model_validate(data)
    except pydantic.ValidationError:
        return True
    return False


def test_tolerant_validation_repairs_every_marked_field_the_vectors_reach(
    v2: ModuleType, lenient: dict[str, dict[str, Any]], instances: dict[str, list[Any]]
) -> None:
    """Each lenient field of each class the vectors reach, given a malformed value (and, for
    a list, an invalid item): strict refuses it; tolerant reads it as upstream does, says
    so, and leaves the rest as it was."""
    covered, fields = 0, sum(len(f) for f in lenient.values())
    assert fields > 200
    for name, marked in sorted(lenient.items()):
        if name not in instances:
            continue
        model, base = getattr(v2, name), instances[name][0].to_wire()
        for wire, tolerance in marked.items():
            python = next(k for k, f in model.model_fields.items() if _wire_name(k, f) == wire)
            if tolerance.items:
                valid = base.get(wire) if isinstance(base.get(wire), list) else []
                data = {**base, wire: [*valid, 5]}
                if _refused(model, data):
                    value, repairs = v2.validate_tolerant(model, data)
                    assert [(r.path, r.action) for r in repairs] == [
                        (f"{wire}[{len(valid)}]", "dropped")
                    ]
                    assert getattr(value, python) == getattr(
                        model.model_validate({**base, wire: valid}), python
                    )
            if not tolerance.default:
                covered += 1
                continue
            bad = next((b for b in MALFORMED if _refused(model, {**base, wire: b})), None)
            if bad is None:  # any JSON value is one (ToolCallUpdate's rawInput)
                covered += 1
                continue
            value, repairs = v2.validate_tolerant(model, {**base, wire: bad})
            assert [(r.path, r.action) for r in repairs] == [(wire, "default")], (name, wire)
            rest = {k: v for k, v in base.items() if k != wire}
            if tolerance.empty:
                assert value.to_wire() == {**rest, wire: []}, (name, wire)
            else:
                assert value.to_wire() == rest, (name, wire)  # read as omitted
                assert getattr(value, python) == model.model_fields[python].get_default(
                    call_default_factory=True
                )
            covered += 1
    print(f"\n{covered} of {fields} lenient fields reached by the vectors and repaired")
    assert covered > 40


def test_tolerant_decoding_is_opt_in_and_reports_repairs(v2: ModuleType, acp: ModuleType) -> None:
    link = {"type": "resource_link", "name": "n", "uri": "file:///a", "title": 5,
            "icons": [{"src": "a"}, {"src": 3}]}  # fmt: skip
    params = {"sessionId": "s", "prompt": [link]}
    raw = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "session/prompt", "params": params})
    with pytest.raises(acp.JsonRpcError) as caught:
        v2.decode(raw)  # strict: the default
    assert caught.value.data["path"] == "params.prompt[0].title"
    message = v2.decode(raw, tolerant=True)
    assert [(r.path, r.action) for r in message.repairs] == [
        ("params.prompt[0].title", "default"),
        ("params.prompt[0].icons[1]", "dropped"),
    ]
    assert message.params.to_wire()["prompt"][0] == {
        "type": "resource_link", "name": "n", "uri": "file:///a", "icons": [{"src": "a"}]
    }  # fmt: skip
    assert v2.decode(v2.encode(message)) == message and v2.decode(v2.encode(message)).repairs == ()
    # what no repair mends stays an error, tolerant or not
    broken = raw.replace('"sessionId": "s"', '"sessionId": 5')
    with pytest.raises(acp.JsonRpcError):
        v2.decode(broken, tolerant=True)
    # a valid message: nothing repaired
    valid = raw.replace('"title": 5', '"title": "t"').replace('"src": 3', '"src": "b"')
    assert v2.decode(valid, tolerant=True).repairs == ()


def _failures_at(model: Any, data: dict[str, Any], wire: str, tolerant: bool) -> list[Any]:
    """The failures reported under member ``wire`` when ``model`` validates ``data``."""
    try:
        if tolerant:
            sys.modules["acp_models.v2"].validate_tolerant(model, data)
        else:
            model.model_validate(data)
    except pydantic.ValidationError as error:
        return [e for e in error.errors() if e["loc"][:1] == (wire,)]
    return []


def test_every_lenient_field_of_every_class_is_mended_only_when_tolerant(
    v2: ModuleType, lenient: dict[str, dict[str, Any]]
) -> None:
    """Every class, every lenient field, with no valid instance needed: a malformed value
    there (an invalid item, for a list whose items are skipped) fails at that field when
    strict; tolerant, that field reports nothing, whatever else of the object fails."""
    checked, takes_any = 0, []
    for name, marked in sorted(lenient.items()):
        model = getattr(v2, name)
        for wire, tolerance in marked.items():
            if not tolerance.items and not tolerance.default:
                continue  # null alone is mended (x-deserialize-default-on-null): below
            values = [[b] for b in MALFORMED] if tolerance.items else list(MALFORMED)
            if tolerance.default:
                values = list(MALFORMED) + values
            data = next(
                ({wire: v} for v in values if _failures_at(model, {wire: v}, wire, False)), None
            )
            if data is None:  # it takes any JSON value: none is malformed
                takes_any.append(f"{name}.{wire}")
                continue
            mended = not _failures_at(model, data, wire, True)
            if tolerance.empty and _failures_at(model, {wire: []}, wire, False):
                # a required list that must not be empty (SessionConfigSelectGroup.options):
                # [] is refused too, so nothing stands in for what failed
                assert not mended, (name, wire)
            else:
                assert mended, (name, wire, data)
            checked += 1
    print(f"\n{checked} lenient fields mended; taking any value: {', '.join(takes_any)}")
    assert checked > 350 and len(takes_any) < 10, (checked, takes_any)


def test_null_is_read_as_the_default_where_marked_default_on_null(
    v2: ModuleType,
    real_spec: Spec,
    lenient: dict[str, dict[str, Any]],
    instances: dict[str, list[Any]],
) -> None:
    """Every property upstream marks x-deserialize-default-on-null: strict refuses null
    there (the schema does); tolerant reads it as upstream's Rust and zod do, as the
    default, `[]`, with a repair at the field, and leaves the rest as it was; a malformed
    value that is not null stays an error (the marker mends null only)."""
    from acp_spec.index import index_of

    schema = index_of(real_spec).schema
    marked = {
        (name, wire)
        for name, node in schema["$defs"].items()
        for wire, prop in (node.get("properties") or {}).items()
        if prop.get("x-deserialize-default-on-null") is True
    }
    lowered = {(name, w) for name, m in lenient.items() for w, t in m.items() if t.null}
    assert lowered == marked and len(marked) == 12
    repaired = 0
    for name, wire in sorted(marked):
        model = getattr(v2, name)
        assert _failures_at(model, {wire: None}, wire, False), (name, wire)
        assert not _failures_at(model, {wire: None}, wire, True), (name, wire)
        assert _failures_at(model, {wire: 5}, wire, True), (name, wire)
        if name not in instances:
            continue
        base = instances[name][0].to_wire()
        value, repairs = v2.validate_tolerant(model, {**base, wire: None})
        assert [(r.path, r.action) for r in repairs] == [(wire, "default")], (name, wire)
        assert value.to_wire() == {**base, wire: []}, (name, wire)
        repaired += 1
    assert repaired >= 7, repaired  # the classes the vectors reach (not AuthMethodTerminal, ...)
