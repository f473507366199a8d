"""``acp_models.v2.decode``: JSON-RPC text in, a typed message or the error to answer out.

Runs against the committed package in generated/python/src (``acp-spec check`` proves it
current); tests/test_vectors.py runs every vector through it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, Literal

import pydantic
import pytest
from acp_spec.emit.models import DECODER_NAMES, ModelsError
from support.models import MODELS_SRC, emit

# the committed models imported once for the module, and a mypy run
pytestmark = pytest.mark.cost("shared")

KEY = "0b6f3c1e-8d2a-4c57-9a41-5e2f7d90c3ab"
PROMPT = {"sessionId": "sess_1", "prompt": [{"type": "text", "text": "Hi"}]}


@pytest.fixture(scope="module")
def JsonRpcError(v2: ModuleType) -> Any:
    error: type[Any] = sys.modules["acp_models"].JsonRpcError
    assert v2.JsonRpcError is error
    return error


def text(message: Any) -> str:
    return json.dumps(message)


def prompt(key: Any = None, id_: Any = 7, **more: Any) -> str:
    params = {**PROMPT, "idempotencyKey": key} if key is not None else dict(PROMPT)
    return text({"jsonrpc": "2.0", "id": id_, "method": "session/prompt", "params": params, **more})


def rejection(
    v2: ModuleType, error_type: type[Exception], raw: str | bytes, tolerant: bool = False
) -> Any:
    with pytest.raises(error_type) as caught:
        v2.decode(raw, tolerant=tolerant)
    return caught.value


# --- requests ---------------------------------------------------------------------------


def test_a_keyed_prompt_decodes_to_a_request(v2: ModuleType) -> None:
    message = v2.decode(prompt(KEY))
    assert isinstance(message, v2.Request)
    assert (message.id, message.method) == (7, "session/prompt")
    assert isinstance(message.params, v2.PromptRequest)
    assert message.params.idempotency_key == KEY
    assert message.params.session_id == "sess_1"
    dumped = message.params.model_dump(mode="json", by_alias=True, exclude_unset=True)
    assert dumped == {**PROMPT, "idempotencyKey": KEY}


def test_an_empty_key_is_invalid_params_naming_the_wire_path(
    v2: ModuleType, JsonRpcError: type[Any]
) -> None:
    error = rejection(v2, JsonRpcError, prompt(""))
    assert (error.code, error.message) == (-32602, "Invalid params")
    assert error.data == {
        "path": "params.idempotencyKey",
        "reason": "String should have at least 1 character",
    }
    assert (error.id, error.reply) == (7, True)
    assert error.to_response(7) == {
        "jsonrpc": "2.0",
        "id": 7,
        "error": {"code": -32602, "message": "Invalid params", "data": error.data},
    }
    assert str(error) == (
        "Invalid params (-32602): params.idempotencyKey: String should have at least 1 character"
    )


@pytest.mark.parametrize("key", [5, 1.5, True, [KEY], {"k": KEY}, "x" * 256, "😀" * 256])
def test_any_other_bad_key_is_invalid_params(
    v2: ModuleType, JsonRpcError: type[Any], key: Any
) -> None:
    error = rejection(v2, JsonRpcError, prompt(key))
    assert error.code == -32602 and error.data["path"] == "params.idempotencyKey"


@pytest.mark.parametrize("key", ["x", "x" * 255, "😀" * 255, "   "])
def test_keys_of_1_to_255_code_points_are_taken(v2: ModuleType, key: str) -> None:
    assert v2.decode(prompt(key)).params.idempotency_key == key


def test_a_null_key_is_no_key(v2: ModuleType) -> None:
    message = v2.decode(prompt(id_="r-1", idempotencyKey=None))
    assert message.id == "r-1" and message.params.idempotency_key is None
    raw = text({"jsonrpc": "2.0", "id": 1, "method": "session/prompt",
                "params": {**PROMPT, "idempotencyKey": None}})  # fmt: skip
    assert "idempotency_key" in v2.decode(raw).params.model_fields_set


def test_duplicate_names_take_the_last_value(v2: ModuleType, JsonRpcError: type[Any]) -> None:
    raw = prompt(KEY).replace(
        f'"idempotencyKey": "{KEY}"', f'"idempotencyKey": "{KEY}", "idempotencyKey": ""'
    )
    assert raw.count("idempotencyKey") == 2
    assert rejection(v2, JsonRpcError, raw).data["path"] == "params.idempotencyKey"
    swapped = prompt(KEY).replace(
        f'"idempotencyKey": "{KEY}"', f'"idempotencyKey": "", "idempotencyKey": "{KEY}"'
    )
    assert v2.decode(swapped).params.idempotency_key == KEY


def test_a_lone_surrogate_is_refused_by_the_models(v2: ModuleType, JsonRpcError: type[Any]) -> None:
    """The documented divergence: valid JSON, a valid string for JSON Schema, not for pydantic."""
    error = rejection(v2, JsonRpcError, prompt(KEY).replace(KEY, "\\uD800"))
    assert error.code == -32602 and error.data["path"] == "params.idempotencyKey"
    escaped_pair = prompt(KEY).replace(KEY, "\\uD83D\\uDE00")
    assert v2.decode(escaped_pair).params.idempotency_key == "😀"


def test_bytes_are_read_as_utf8(v2: ModuleType, JsonRpcError: type[Any]) -> None:
    raw = json.dumps(json.loads(prompt("é")), ensure_ascii=False)
    assert v2.decode(raw.encode()).params.idempotency_key == "é"
    error = rejection(v2, JsonRpcError, raw.encode("latin-1"))
    assert error.code == -32700


@pytest.mark.parametrize(
    ("params", "path"),
    [
        ({**PROMPT, "prompt": [{"type": "text", "text": 5}]}, "params.prompt[0].text"),
        ({**PROMPT, "prompt": [{"text": "Hi"}]}, "params.prompt[0].type"),
        ({**PROMPT, "prompt": [{"type": "image", "data": "AA=="}]}, "params.prompt[0].mimeType"),
        ({"prompt": []}, "params.sessionId"),
        ({**PROMPT, "prompt": "Hi"}, "params.prompt"),
    ],
)
def test_the_path_names_the_member_in_the_variant_its_tag_chose(
    v2: ModuleType, JsonRpcError: type[Any], params: Any, path: str
) -> None:
    raw = text({"jsonrpc": "2.0", "id": 1, "method": "session/prompt", "params": params})
    error = rejection(v2, JsonRpcError, raw)
    assert (error.code, error.data["path"]) == (-32602, path), error.data


def test_the_failure_reported_in_a_union(v2: ModuleType) -> None:
    """The choice among a union's failures, on a union of its own (a closed one: an unknown
    tag fails every variant)."""
    from acp_models.v2 import _failures, _wire_path

    class A(pydantic.BaseModel):
        kind: Literal["a"]
        x: int

    class B(pydantic.BaseModel):
        kind: Literal["b"]
        y: int

    union = pydantic.TypeAdapter(dict[str, list[A | B]])

    def failure(data: Any) -> tuple[str, str]:
        with pytest.raises(pydantic.ValidationError) as caught:
            union.validate_python(data)
        steps, reason = _failures.first_failure(caught.value, data)
        return _wire_path.wire_path("params", steps), reason

    assert failure({"a.b": [{"kind": "b", "y": "s"}]})[0] == 'params["a.b"][0].y'
    assert failure({"k": [{"kind": "a", "x": 1}, {"kind": "a"}]}) == (
        "params.k[1].x", "Field required",
    )  # fmt: skip
    assert failure({"k": [{"kind": "c", "x": 1}]}) == (
        "params.k[0].kind", "Input should be 'a' or 'b'",
    )  # fmt: skip
    assert failure({"k": [{"x": 1}]}) == ("params.k[0].kind", "Field required")


@pytest.mark.parametrize(
    ("message", "code", "path"),
    [
        ({"jsonrpc": "2.0", "id": 1, "method": "session/frobnicate", "params": {}}, -32601, "method"),
        ({"jsonrpc": "2.0", "id": 1, "method": "session/cancel", "params": {"sessionId": "s"}}, -32601, "method"),
        ({"jsonrpc": "2.0", "id": 1, "method": "session/close"}, -32602, "params"),
        ({"jsonrpc": "2.0", "id": 1, "method": "session/close", "params": None}, -32602, "params"),
        ({"jsonrpc": "2.0", "id": 1, "method": "session/close", "params": ["s"]}, -32602, "params"),
        ({"jsonrpc": "1.0", "id": 1, "method": "session/close", "params": {"sessionId": "s"}}, -32600, "jsonrpc"),
        ({"id": 1, "method": "session/close", "params": {"sessionId": "s"}}, -32600, "jsonrpc"),
        ({"jsonrpc": "2.0", "id": True, "method": "session/close", "params": {"sessionId": "s"}}, -32600, "id"),
        ({"jsonrpc": "2.0", "id": 1.5, "method": "session/close", "params": {"sessionId": "s"}}, -32600, "id"),
        ({"jsonrpc": "2.0", "id": 1, "method": 42, "params": {"sessionId": "s"}}, -32600, "method"),
        ({"jsonrpc": "2.0", "id": 1}, -32600, None),
    ],
)  # fmt: skip
def test_envelope_and_routing_errors(
    v2: ModuleType, JsonRpcError: type[Any], message: Any, code: int, path: str | None
) -> None:
    error = rejection(v2, JsonRpcError, text(message))
    assert (error.code, error.data.get("path")) == (code, path), error.data
    assert error.reply is True
    assert error.to_response(error.id)["error"]["code"] == code


def test_an_unknown_method_is_method_not_found(v2: ModuleType, JsonRpcError: type[Any]) -> None:
    raw = text({"jsonrpc": "2.0", "id": "a", "method": "session/frobnicate", "params": {}})
    error = rejection(v2, JsonRpcError, raw)
    assert (error.code, error.message, error.id) == (-32601, "Method not found", "a")
    assert error.data["path"] == "method" and "session/frobnicate" in error.data["reason"]


CLOSE = '{"jsonrpc": "2.0", "id": ID, "method": "session/close", "params": {"sessionId": "s"}}'


def test_ids_any_integer_1_0_and_a_string(v2: ModuleType) -> None:
    for raw_id, id_ in (("2", 2), ("1.0", 1), ('"x"', "x"), (str(2**64), 2**64)):
        message = v2.decode(CLOSE.replace("ID", raw_id))
        assert (
            isinstance(message, v2.Request) and message.id == id_ and type(message.id) is type(id_)
        )


def test_a_null_id_answers_only_a_request_that_could_not_be_read(
    v2: ModuleType, JsonRpcError: type[Any]
) -> None:
    """v2 ids are never null; an error response carries null when it can't name its request."""
    error = rejection(v2, JsonRpcError, CLOSE.replace("ID", "null"))
    assert (error.code, error.data["path"], error.reply) == (-32600, "id", True)
    answer = v2.decode('{"jsonrpc": "2.0", "id": null, "error": {"code": -32700, "message": "x"}}')
    assert isinstance(answer, v2.Response) and answer.id is None and answer.error.code == -32700
    error = rejection(v2, JsonRpcError, '{"jsonrpc": "2.0", "id": null, "result": {}}')
    assert (error.code, error.data["path"], error.reply) == (-32600, "id", False)


@pytest.mark.parametrize(
    "raw",
    ["", "{", "{'a': 1}", '{"jsonrpc": "2.0", "id": NaN}', "[Infinity]", '{"a": -Infinity}',
     '{"a": "\\x41"}', '{"a": "a\nb"}', '{"a": 1,}', "\ufeff{}"],
)  # fmt: skip
def test_bad_json_is_a_parse_error(v2: ModuleType, JsonRpcError: type[Any], raw: str) -> None:
    error = rejection(v2, JsonRpcError, raw)
    assert (error.code, error.message, error.id, error.reply) == (-32700, "Parse error", None, True)
    assert "path" not in error.data and error.data["reason"]
    assert error.to_response(None)["id"] is None


@pytest.mark.parametrize("raw", ['"hello"', "42", "null", "true", "[[]]"])
def test_json_that_is_no_message_is_an_invalid_request(
    v2: ModuleType, JsonRpcError: type[Any], raw: str
) -> None:
    decoded: Any
    try:
        decoded = v2.decode(raw)
    except JsonRpcError as error:
        decoded = [error]
    (failure,) = decoded
    assert isinstance(failure, JsonRpcError) and failure.code == -32600


# --- notifications -----------------------------------------------------------------------


def test_a_notification(v2: ModuleType) -> None:
    raw = text({"jsonrpc": "2.0", "method": "session/cancel", "params": {"sessionId": "s"}})
    message = v2.decode(raw)
    assert isinstance(message, v2.Notification) and message.method == "session/cancel"
    assert isinstance(message.params, v2.CancelSessionNotification)


def test_a_failed_notification_gets_no_reply(v2: ModuleType, JsonRpcError: type[Any]) -> None:
    bad = text({"jsonrpc": "2.0", "method": "session/cancel", "params": {"sessionId": 1}})
    error = rejection(v2, JsonRpcError, bad)
    assert (error.code, error.data["path"], error.id, error.reply) == (
        -32602, "params.sessionId", None, False,
    )  # fmt: skip
    request_as_note = text(
        {"jsonrpc": "2.0", "method": "session/close", "params": {"sessionId": "s"}}
    )
    error = rejection(v2, JsonRpcError, request_as_note)
    assert (error.code, error.reply) == (-32601, False)


# --- extensions ----------------------------------------------------------------------------


def test_extension_methods_pass_with_their_params_as_json(v2: ModuleType) -> None:
    request = v2.decode(
        text({"jsonrpc": "2.0", "id": 3, "method": "_acme/x", "params": {"a": [1]}})
    )
    assert request == v2.Request(3, "_acme/x", {"a": [1]})
    note = v2.decode(text({"jsonrpc": "2.0", "method": "_acme/event", "params": [1, "b"]}))
    assert note == v2.Notification("_acme/event", [1, "b"])
    bare = v2.decode(text({"jsonrpc": "2.0", "id": 4, "method": "_acme/y"}))
    assert bare == v2.Request(4, "_acme/y", None)


# --- responses ----------------------------------------------------------------------------


def test_a_result_response_and_decode_result(v2: ModuleType, JsonRpcError: type[Any]) -> None:
    response = v2.decode(text({"jsonrpc": "2.0", "id": 7, "result": {"messageId": "m-1"}}))
    assert response == v2.Response(7, {"messageId": "m-1"}, None)
    result = v2.decode_result("session/prompt", response.result)
    assert isinstance(result, v2.PromptResponse) and result.message_id == "m-1"
    with pytest.raises(JsonRpcError) as caught:
        v2.decode_result("session/prompt", {"messageId": 5})
    error: Any = caught.value
    assert (error.code, error.data["path"], error.reply) == (-32600, "result.messageId", False)
    assert v2.decode_result("_acme/x", [1]) == [1]
    with pytest.raises(JsonRpcError) as caught:
        v2.decode_result("session/cancel", {})
    assert caught.value.code == -32601


def test_an_error_response_carries_a_json_rpc_error(
    v2: ModuleType, JsonRpcError: type[Any]
) -> None:
    raw = text(
        {"jsonrpc": "2.0", "id": 7, "error": {"code": -32002, "message": "Auth", "data": [1]}}
    )
    response = v2.decode(raw)
    assert isinstance(response, v2.Response) and response.result is None
    error: Any = response.error
    assert isinstance(error, JsonRpcError)
    assert (error.code, error.message, error.data, error.id, error.reply) == (
        -32002, "Auth", [1], 7, False,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("message", "path"),
    [
        ({"jsonrpc": "2.0", "id": 1, "result": {}, "error": {"code": 1, "message": "m"}}, None),
        ({"jsonrpc": "2.0", "result": {}}, "id"),
        ({"jsonrpc": "2.0", "id": 1, "error": {"code": "x", "message": "m"}}, "error.code"),
        ({"jsonrpc": "2.0", "id": 1, "error": {"code": True, "message": "m"}}, "error.code"),
        ({"jsonrpc": "2.0", "id": 1, "error": {"code": 1}}, "error.message"),
        ({"jsonrpc": "2.0", "id": 1, "error": "boom"}, "error"),
    ],
)
def test_a_malformed_response_is_marked_but_gets_no_reply(
    v2: ModuleType, JsonRpcError: type[Any], message: Any, path: str | None
) -> None:
    error = rejection(v2, JsonRpcError, text(message))
    assert (error.code, error.data.get("path"), error.reply) == (-32600, path, False)


# --- batches: ACP v2 has none ----------------------------------------------------------------


@pytest.mark.parametrize(
    "batch",
    [
        [],
        [json.loads(prompt(KEY, id_=1))],
        [
            json.loads(prompt(KEY, id_=1)),
            {"jsonrpc": "2.0", "method": "session/cancel", "params": {"sessionId": "s"}},
        ],
        [{"jsonrpc": "2.0", "id": 1, "result": {}}, {"jsonrpc": "2.0", "id": 2, "result": 1}],
        [json.loads(prompt(KEY)), {"jsonrpc": "2.0", "id": 1, "result": {}}],
        [json.loads(prompt("", id_=2)), 7],
        [[json.loads(prompt(KEY))]],
    ],
    ids=["empty", "one-request", "calls", "responses", "mixed", "invalid-items", "nested"],
)
def test_any_array_is_one_invalid_request_with_a_null_id(
    v2: ModuleType, JsonRpcError: type[Any], batch: list[Any]
) -> None:
    """As upstream's release answers it: one error response, whatever the array holds (its
    items are not read, so an invalid item's own id is not echoed)."""
    for tolerant in (False, True):
        error = rejection(v2, JsonRpcError, text(batch), tolerant=tolerant)
        assert (error.code, error.id, error.reply) == (-32600, None, True)
        assert error.data == {"reason": "ACP does not use JSON-RPC batches"}
        assert error.to_response(error.id)["id"] is None


# --- JsonRpcError ---------------------------------------------------------------------------


def test_json_rpc_error_defaults_and_response_without_data(JsonRpcError: type[Any]) -> None:
    error = JsonRpcError(-32601)
    assert (error.message, error.data, error.id, error.reply) == (
        "Method not found",
        None,
        None,
        True,
    )
    assert error.to_response("x") == {
        "jsonrpc": "2.0", "id": "x", "error": {"code": -32601, "message": "Method not found"},
    }  # fmt: skip
    assert JsonRpcError(-32000, "Auth required").message == "Auth required"
    assert str(JsonRpcError(-32603, data=[1])) == "Internal error (-32603): [1]"
    assert isinstance(JsonRpcError(-32700), Exception)


# --- the package --------------------------------------------------------------------------


def test_decode_is_exported_lazily_and_not_in_all(v2: ModuleType) -> None:
    for name in DECODER_NAMES:
        assert name in dir(v2) and name not in v2.__all__
        assert getattr(v2, name) is not None


LAZY = """
import sys
import acp_models.v2 as v2
assert not any(m.startswith("pydantic") for m in sys.modules)
loaded = {m for m in sys.modules if m.startswith("acp_models.v2.")}
assert loaded == {"acp_models.v2._methods", "acp_models.v2._names"}, loaded
from acp_models.v2 import decode
assert "acp_models.v2._decode" in sys.modules and "acp_models.v2._models" not in sys.modules
assert "acp_models.v2._base" not in sys.modules  # decode alone needs no model class
try:
    decode("{")
except v2.JsonRpcError as error:
    assert error.code == -32700
assert "acp_models.v2._models" not in sys.modules  # an envelope error loads no model
"""


def test_import_stays_lazy(v2: ModuleType) -> None:
    env = {**os.environ, "PYTHONPATH": str(MODELS_SRC)}
    subprocess.run([sys.executable, "-c", LAZY], env=env, check=True)


def test_readme_decode_example_runs(v2: ModuleType) -> None:
    readme = (MODELS_SRC.parent / "README.md").read_text(encoding="utf-8")
    example = readme.split("## Decoding a message", 1)[1].split("```python\n", 1)[1]
    exec(compile(example.split("```", 1)[0], "README.md", "exec"), {})


USER_CODE = """
from acp_models import JsonRpcError
from acp_models.v2 import Message, Notification, PromptRequest, Request, Response, decode

def handle(raw: bytes) -> dict[str, object] | None:
    try:
        message = decode(raw)
    except JsonRpcError as error:
        return error.to_response(error.id) if error.reply else None
    one: Message = message  # one message, never a list: ACP v2 has no batches
    every.append(one)
    if isinstance(message, Request) and isinstance(message.params, PromptRequest):
        key: str | None = message.params.idempotency_key if message.params.idempotency_key else None
        return {"jsonrpc": "2.0", "id": message.id, "result": {"key": key}}
    if isinstance(message, Notification):
        method: str = message.method
        return None
    if isinstance(message, Response):
        failed: JsonRpcError | None = message.error
    return None

every: list[Message] = []
"""


@pytest.mark.typecheck
def test_decode_types_pass_mypy_strict(v2: ModuleType, tmp_path: Path, mypy_cache: Path) -> None:
    (tmp_path / "user.py").write_text(USER_CODE, encoding="utf-8")
    mypy = Path(sys.executable).with_name("mypy")
    done = subprocess.run(
        [str(mypy), "--strict", "--cache-dir", str(mypy_cache), str(tmp_path / "user.py")],
        cwd=MODELS_SRC, capture_output=True, text=True,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr


# --- the emitter --------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["Request", "decode", "METHODS"])
def test_a_def_may_not_take_a_name_the_package_exports(name: str) -> None:
    with pytest.raises(ModelsError, match="rename those defs"):
        emit({"$defs": {name: {"type": "string"}}})


# --- the fast path: a valid call read in one validate_json ---------------------------------

VECTORS = MODELS_SRC.parents[1] / "vectors"
RECEIVERS: tuple[Literal["agent", "client"] | None, ...] = (None, "agent", "client")
ENVELOPE_KEYS = {"jsonrpc", "id", "method", "params"}


@pytest.fixture(scope="module")
def base(v2: ModuleType) -> ModuleType:
    """The checked path's module (``_decode``), which has the fast path's too."""
    assert v2.decode is not None  # loads _decode
    module: ModuleType = sys.modules["acp_models.v2._decode"]
    return module


@pytest.fixture(scope="module")
def fast(base: ModuleType) -> ModuleType:
    module: ModuleType = sys.modules["acp_models.v2._decode_fast"]
    return module


@pytest.fixture(scope="module")
def vector_cases() -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = []
    for path in sorted(VECTORS.rglob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        cases += [case for group in data.get("groups", []) for case in group["cases"]]
    assert len(cases) > 1000
    return cases


def _shape(message: Any) -> Any:
    """All of a decoded message that can differ: classes, values with their types (1 is no
    1.0), what was set, repairs."""
    params = getattr(message, "params", None)
    if isinstance(params, pydantic.BaseModel):
        params = (type(params), params.model_dump(exclude_unset=True), params.model_extra)
    return (type(message), repr(message), repr(params), getattr(message, "repairs", ()))


def _checked(base: ModuleType, raw: str | bytes, handled: Any, tolerant: bool) -> Any:
    try:
        return _shape(base._decode_checked(raw, handled, tolerant))
    except sys.modules["acp_models"].JsonRpcError as error:
        return ("error", error.code, error.data, error.id, error.reply)


def _fast(base: ModuleType, raw: str | bytes, handled: Any) -> Any:
    # a method's reader is made the second time it is asked for
    first = base.decode_fast(raw, handled)
    return first if first is not None else base.decode_fast(raw, handled)


def _agree(base: ModuleType, raw: str | bytes) -> bool:
    """Whether the fast path took ``raw`` for some receiver; asserts that wherever it did,
    the checked path, strict and tolerant, makes the same message of it."""
    taken = False
    for receiver in RECEIVERS:
        handled = base._HANDLED_BY.get(receiver) if receiver else None
        fast = _fast(base, raw, handled)
        if fast is None:
            continue
        taken = True
        assert _shape(fast) == _checked(base, raw, handled, False), (receiver, raw)
        assert _shape(fast) == _checked(base, raw, handled, True), (receiver, raw)
    return taken


def _plain_call(text: str) -> bool:
    """A valid call the fast path is meant for: an ACP method's, with only the envelope's
    members, an id that is a string or an integer, and no lone surrogate."""
    value = json.loads(text)
    if not isinstance(value, dict) or "method" not in value or value["method"].startswith("_"):
        return False
    ids_ok = "id" not in value or type(value["id"]) in (str, int)
    surrogate = any(0xD800 <= ord(c) <= 0xDFFF for c in json.dumps(value, ensure_ascii=False))
    return set(value) <= ENVELOPE_KEYS and ids_ok and not surrogate


def test_the_fast_path_agrees_with_the_checked_path_on_every_vector(
    base: ModuleType, vector_cases: list[dict[str, Any]]
) -> None:
    missed = []
    for case in vector_cases:
        text: str = case["message"]
        taken = _agree(base, text)
        if _agree(base, text.encode("utf-8", "surrogatepass")):
            assert taken, case["id"]  # the bytes' outcome is the text's
        if case["expect"] == {"valid": True} and _plain_call(text) and not taken:
            missed.append(case["id"])
    assert missed == []  # it is used: every valid plain call was taken


def _with(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new, 1)


UPDATE = (
    '{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":'
    '{"sessionUpdate":"agent_message_chunk","messageId":"m","content":{"type":"text","text":"hi"}}}}'
)
PROMPT_TEXT = prompt(id_=7)


@pytest.mark.parametrize(
    "raw",
    [
        _with(UPDATE, '"hi"', '"hi"},"x":NaN,"y":{"z":1'),  # JSON has no NaN: -32700
        _with(UPDATE, '"hi"', '"hi"},"x":-Infinity,"y":{"z":1'),
        _with(UPDATE, '"hi"', '"NaN and Infinity"'),  # valid, taken the checked way
        _with(UPDATE, '"hi"', '"hi","text":3'),  # duplicate names: the last counts
        _with(UPDATE, '"hi"', '3,"text":"hi"'),
        _with(UPDATE, '"method":"session/update"', '"method":"session/update","method":"x"'),
        _with(UPDATE, '"method":"session/update"', '"method":"x","method":"session/update"'),
        _with(UPDATE, '"jsonrpc":"2.0"', '"jsonrpc":"2.0","jsonrpc":"1.0"'),
        _with(UPDATE, '"params":', '"params":1,"params":'),
        _with(UPDATE, '"jsonrpc":"2.0"', '"jsonrpc":2.0'),
        _with(UPDATE, '"jsonrpc":"2.0",', ""),
        _with(UPDATE, '"jsonrpc":"2.0"', '"jsonrpc":"2.0","id":1'),  # a notification's id
        _with(UPDATE, '"jsonrpc":"2.0"', '"jsonrpc":"2.0","extra":true'),
        _with(UPDATE, '"jsonrpc":"2.0"', '"jsonrpc":"2.0","result":{}'),
        _with(UPDATE, '"jsonrpc":"2.0"', '"jsonrpc":"2.0","error":{"code":1,"message":"m"}'),
        _with(UPDATE, "session/update", "session\\/update"),
        _with(UPDATE, '"hi"', '"\\ud800"'),
        _with(UPDATE, '"hi"', '"hi","_meta":' + "[" * 300 + "]" * 300),
        # a "method" inside the params read first: a wrong guess
        '{"params":{"method":"session/prompt","sessionId":"s","update":{"sessionUpdate":'
        '"agent_message_chunk","messageId":"m","content":{"type":"text","text":"hi"}}},'
        '"jsonrpc":"2.0","method":"session/update"}',
        UPDATE + " x",
        " \n" + UPDATE + "\t\r\n",
        "\ufeff" + UPDATE,
        "[" + UPDATE + "]",
        *(
            _with(PROMPT_TEXT, '"id": 7', f'"id": {v}')
            for v in ("true", "1.0", "null", "[1]", "2e0")
        ),
        _with(PROMPT_TEXT, '"id": 7', '"id": 123456789012345678901234567890'),
        _with(PROMPT_TEXT, '"id": 7', '"id": "7"'),
        _with(PROMPT_TEXT, '"id": 7, ', ""),  # a request without its id
        _with(PROMPT_TEXT, '"sessionId"', '"sessionId": "s", "sessionId"'),
        '{"jsonrpc":"2.0","id":1,"method":"session/cancel","params":{"sessionId":"s"}}',
        '{"jsonrpc":"2.0","method":"mcp/message","params":{"serverId":"a","requestId":"r",'
        '"method":"notifications/progress","params":{"id":1}}}',  # a both's "id" in its params
    ],
)
def test_the_fast_path_agrees_with_the_checked_path_on_unusual_envelopes(
    base: ModuleType, raw: str
) -> None:
    _agree(base, raw)
    _agree(base, raw.encode("utf-8", "surrogatepass"))


def test_the_fast_path_takes_the_valid_plain_calls(base: ModuleType) -> None:
    assert _agree(base, UPDATE) and _agree(base, PROMPT_TEXT)
    assert _agree(base, _with(PROMPT_TEXT, '"id": 7', '"id": "7"'))
    assert _agree(base, _with(UPDATE, '"hi"', '"hi","text":"again"'))
    assert not _agree(base, _with(UPDATE, '"hi"', '"NaN"'))  # text with NaN goes checked
    for receiver, taken in (("agent", False), ("client", True)):
        message = base.decode_fast(UPDATE, base._HANDLED_BY[receiver])
        assert (message is not None) == taken, receiver  # an agent doesn't handle it


def test_a_method_read_once_makes_no_reader(base: ModuleType, fast: ModuleType) -> None:
    text = '{"jsonrpc":"2.0","id":1,"method":"session/close","params":{"sessionId":"s"}}'
    handled = base._HANDLED_BY["agent"]
    fast._READERS.pop(("session/close", True), None)
    fast._READY.get(handled, {}).pop("session/close", None)
    assert base.decode_fast(text, handled) is None
    assert ("session/close", True) not in fast._READERS or isinstance(
        fast._READERS[("session/close", True)], int
    )
    assert base.decode_fast(text, handled) is not None


def _tag_of_calls(run: Any) -> int:
    """How often a ``tag_of`` discriminator ran during ``run()``."""
    from acp_models.v2._unions import tag_of

    code = tag_of(("t", "t", {}, None, None)).__code__  # every tag_of's pick shares it
    calls = [0]

    def profile(frame: Any, event: str, arg: Any) -> None:
        if event == "call" and frame.f_code is code:
            calls[0] += 1

    before = sys.getprofile()
    sys.setprofile(profile)
    try:
        run()
    finally:
        sys.setprofile(before)
    return calls[0]


def test_a_session_update_a_tag_names_is_routed_without_python(base: ModuleType) -> None:
    assert _agree(base, UPDATE)  # the reader is made
    assert _tag_of_calls(lambda: base.decode_fast(UPDATE, None)) == 0
    assert _tag_of_calls(lambda: base._decode_checked(UPDATE, None, False)) == 0
    # a state update's route goes on by its state: there the count sees calls
    state = _with(
        UPDATE,
        '"sessionUpdate":"agent_message_chunk","messageId":"m","content":{"type":"text","text":"hi"}',
        '"sessionUpdate":"state_update","state":"idle","stopReason":"end_turn"',
    )
    assert _agree(base, state)
    assert _tag_of_calls(lambda: base.decode_fast(state, None)) > 0
