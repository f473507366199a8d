"""The generated Python models (``generated/python``): names, wire behaviour, agreement with
the JSON Schema on each datamodel-code-generator pitfall, laziness, typing, determinism.

Generated once per module from upstream's unstable schema plus what acp-spec's schema adds
(``IdempotencyKey``, ``idempotencyKey``, ``x-`` keys), into a tmp dir that is put on
``sys.path``.
"""

from __future__ import annotations

import ast
import dataclasses
import graphlib
import hashlib
import importlib
import json
import os
import re
import subprocess
import sys
import tomllib
import typing
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

import pydantic
import pytest
from acp_spec.diagnostics import Diagnostic, SpecError
from acp_spec.emit.models import (
    DECODER_NAMES,
    HEADER,
    RESERVED_CLASS_NAMES,
    ModelsError,
    class_names,
    emit_models,
    lowered,
    python_name,
)
from acp_spec.emit.models.codegen import ModelsInput, models_module, not_names, ruff
from acp_spec.emit.models.lowering import refers_to
from acp_spec.emit.models.names import RUNTIME
from acp_spec.emit.models.package import runtime_files, with_note
from acp_spec.emit.models.routing import MARKER, main_part, routing_section
from acp_spec.emit.table import table
from acp_spec.index import Index, index_of, schema_index
from acp_spec.model import Spec
from acp_spec.pipeline import load_spec
from jsonschema import Draft202012Validator
from support.models import ROWS, emit, extended_schema
from support.paths import UPSTREAM_V2
from support.specs import write_spec

# models generated once for the module (datamodel-code-generator: seconds)
pytestmark = pytest.mark.cost("shared")

REPO = Path(__file__).resolve().parents[1]
UPSTREAM = UPSTREAM_V2
SCHEMA_PATH = UPSTREAM / "schema.unstable.json"
PY = "generated/python"


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    return extended_schema()


@pytest.fixture(scope="module")
def files(schema: dict[str, Any]) -> dict[str, bytes]:
    return emit(schema, ROWS)


@pytest.fixture(scope="module")
def out(files: dict[str, bytes], tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("models")
    for path, data in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_bytes(data)
    return root


@pytest.fixture(scope="module")
def made_v2(out: Path) -> Iterator[ModuleType]:
    """``acp_models.v2`` imported from the tmp dir; taken out of sys.modules afterwards."""
    src = str(out / PY / "src")
    sys.path.insert(0, src)
    try:
        yield importlib.import_module("acp_models.v2")
    finally:
        sys.path.remove(src)
        for name in [n for n in sys.modules if n == "acp_models" or n.startswith("acp_models.")]:
            del sys.modules[name]


def agrees(schema: dict[str, Any], made_v2: ModuleType, name: str, value: Any) -> bool:
    """Whether ``value`` is a valid ``name``, asserting that the model (from JSON text and
    from Python data) and python-jsonschema say the same."""
    expected = Draft202012Validator({"$defs": schema["$defs"], "$ref": f"#/$defs/{name}"}).is_valid(
        value
    )
    # a def that is no object is a type alias (SessionId, ContentBlock), validated so
    adapter = pydantic.TypeAdapter(getattr(made_v2, name))
    for parse, data in (
        (adapter.validate_json, json.dumps(value)),
        (adapter.validate_python, value),
    ):
        try:
            parse(data)
            accepted = True
        except ValueError:  # pydantic's ValidationError is a ValueError
            accepted = False
        assert accepted == expected, (name, value, parse.__name__, "schema says", expected)
    return expected


TABLE_NAMES = ("METHODS", "Method", "MethodName", "RetryClass", "is_method_name")


def _members(alias: Any) -> tuple[Any, ...]:
    """The members of a union's type alias, its Annotated layers (a Field, a
    discriminator) taken off."""

    def bare(t: Any) -> Any:
        while typing.get_origin(t) is typing.Annotated:
            t = typing.get_args(t)[0]
        return t

    def flat(t: Any) -> tuple[Any, ...]:
        # a union tried before its catch-all is a member of the outer one
        t = bare(t)
        return (
            sum((flat(m) for m in typing.get_args(t)), ())
            if typing.get_origin(t) is typing.Union
            else (t,)
        )

    return flat(alias)


# --- the distribution --------------------------------------------------------------------


def test_files_and_headers(files: dict[str, bytes]) -> None:
    assert set(files) == {
        f"{PY}/pyproject.toml",
        f"{PY}/README.md",
        f"{PY}/src/acp_models/__init__.py",
        f"{PY}/src/acp_models/_errors.py",
        f"{PY}/src/acp_models/py.typed",
        f"{PY}/src/acp_models/v2/__init__.py",
        f"{PY}/src/acp_models/v2/_base.py",
        *(
            f"{PY}/src/acp_models/v2/_{name}.py"
            for name in (
                "decode",
                "decode_fast",
                "encode",
                "failures",
                "limits",
                "messages",
                "model_base",
                "repairs",
                "schema_checks",
                "unions",
                "wire_path",
            )
        ),
        f"{PY}/src/acp_models/v2/build.py",
        f"{PY}/src/acp_models/v2/_models.py",
        f"{PY}/src/acp_models/v2/_methods.py",
        f"{PY}/src/acp_models/v2/keys.py",
        f"{PY}/src/acp_models/v2/keystores.py",
        f"{PY}/src/acp_models/v2/retry.py",
        f"{PY}/src/acp_models/v2/pgstore.py",
        f"{PY}/src/acp_models/v2/_names.py",
    }
    for path, data in files.items():
        text = data.decode()
        if path.endswith(".md"):
            assert text.startswith(f"<!-- {HEADER[2:].strip()} -->\n"), path
        else:
            assert text.startswith(HEADER), path


def test_the_runtime_is_copied_as_it_is(files: dict[str, bytes]) -> None:
    """Each runtime file is the package's file, but the note first and, where it has a
    slot, the spec's lines in it; the source is as ruff formats it, so that formatting a
    filled file changes only what was filled in."""
    for path in runtime_files():
        source = (RUNTIME / path).read_text(encoding="utf-8")
        made = files[f"{PY}/src/acp_models/{path}"].decode()
        if path.endswith(".py"):
            assert ruff(source, fix=False) == source, path
        if "# slot " not in source:
            assert made == with_note(path, source), path
        else:
            static = [line for line in source.splitlines() if "# slot " not in line]
            lines = iter(made.splitlines())
            assert all(any(line == m for m in lines) for line in static), path
    assert "_models.pyi" not in str(runtime_files())


def test_input_is_left_as_it_was(schema: dict[str, Any], files: dict[str, bytes]) -> None:
    assert schema == extended_schema()


def test_pyproject_is_its_own_distribution(files: dict[str, bytes]) -> None:
    project = tomllib.loads(files[f"{PY}/pyproject.toml"].decode())
    assert project["build-system"]["build-backend"] == "setuptools.build_meta"
    assert project["project"]["name"] == "acp-models"
    assert project["project"]["dependencies"] == ["pydantic>=2.11,<3"]
    assert project["tool"]["setuptools"]["packages"]["find"]["where"] == ["src"]
    readme = files[f"{PY}/README.md"].decode()
    assert "pip install ./generated/python" in readme and "METHODS[" in readme


def test_readme_example_runs(files: dict[str, bytes], made_v2: ModuleType) -> None:
    readme = files[f"{PY}/README.md"].decode()
    example = readme.split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(example, "README.md", "exec"), {})


# --- requirement 1: names ----------------------------------------------------------------


def test_every_def_is_a_class_named_for_it(schema: dict[str, Any], made_v2: ModuleType) -> None:
    """An object is a class; a value that is no object (a string alias, a union) a type
    alias of what it is, which pydantic validates through an adapter as it does a class."""
    for name in schema["$defs"]:
        cls = getattr(made_v2, name)
        if isinstance(cls, type):
            assert issubclass(cls, pydantic.BaseModel) and cls.__name__ == name, name
        else:
            assert not isinstance(cls, type), name
            pydantic.TypeAdapter(cls)


def test_no_numbered_names(schema: dict[str, Any], made_v2: ModuleType) -> None:
    _models = importlib.import_module("acp_models.v2._models")

    classes = [
        n for n, c in vars(_models).items()
        if isinstance(c, type) and issubclass(c, pydantic.BaseModel) and c.__module__ == _models.__name__
    ]  # fmt: skip
    # every class, and the values that are no object, as type aliases
    aliases = set(made_v2.__all__) - set(classes) - set(TABLE_NAMES)
    assert set(classes) <= set(made_v2.__all__)
    assert all(not isinstance(getattr(_models, n), type) for n in aliases)
    numbered = [n for n in classes if n[-1].isdigit() and n not in schema["$defs"]]
    assert numbered == []
    # inline union members are named for their def and their tag (or title)
    members = _members(made_v2.ContentBlock)
    # each member may be Annotated with its discriminator Tag
    assert [m.__name__ for m in members] == [
        "ContentBlockText", "ContentBlockImage", "ContentBlockAudio",
        "ContentBlockResourceLink", "ContentBlockResource", "ContentBlockOther",
    ]  # fmt: skip
    assert issubclass(made_v2.ContentBlockText, made_v2.TextContent)
    # a member that inherits from a union is distributed over that union's members:
    # state_update's idle member, itself a union by stopReason
    assert issubclass(made_v2.SessionUpdateStateUpdateIdleEndTurn, made_v2.StateUpdateIdleEndTurn)
    assert issubclass(made_v2.StateUpdateIdleEndTurn, made_v2.IdleStateUpdateEndTurn)
    # a member whose natural name is its body's def name gets the tag key as well
    assert issubclass(made_v2.AuthMethodTypeTerminal, made_v2.AuthMethodTerminal)


# --- requirement 2: snake_case fields, wire names only -------------------------------------


def test_fields_are_snake_case_with_wire_aliases(made_v2: ModuleType) -> None:
    _models = importlib.import_module("acp_models.v2._models")

    fields = made_v2.PromptRequest.model_fields
    assert fields["session_id"].validation_alias == "sessionId"
    assert fields["idempotency_key"].validation_alias == "idempotencyKey"
    assert fields["meta"].serialization_alias == "_meta"
    for cls in [c for c in vars(_models).values() if isinstance(c, type)]:
        if not issubclass(cls, pydantic.BaseModel) or issubclass(cls, pydantic.RootModel):
            continue
        for name, info in cls.model_fields.items():
            wire = info.validation_alias
            assert wire == info.serialization_alias, (cls, name)
            assert name == python_name(wire if isinstance(wire, str) else name), (cls, name)


def test_parsing_accepts_only_wire_names(schema: dict[str, Any], made_v2: ModuleType) -> None:
    snake = {"session_id": "s1", "prompt": [HI]}
    assert not agrees(schema, made_v2, "PromptRequest", snake)
    both = {"sessionId": "s1", "session_id": "other", "prompt": [HI]}
    request = made_v2.PromptRequest.model_validate_json(json.dumps(both))
    assert request.session_id == "s1"
    assert request.model_extra == {"session_id": "other"}  # an unknown key, kept as it came
    assert made_v2.PromptRequest.model_config.get("validate_by_name") is False


# --- requirement 3: round trip -------------------------------------------------------------

HI = {"type": "text", "text": "Hi"}
MESSAGES = [
    ("PromptRequest", {"sessionId": "s1", "prompt": [HI]}),
    ("PromptRequest", {"sessionId": "s1", "prompt": [HI], "idempotencyKey": None}),
    (
        "PromptRequest",
        {
            "sessionId": "s1",
            "idempotencyKey": "k-1",
            "prompt": [
                {"type": "text", "text": "Hi", "annotations": {"priority": 1, "x": [1]}},
                {"type": "_vendor_widget", "payload": {"deep": [None, 1.5]}},
                {"type": "resource", "resource": {"uri": "file:///a", "text": "t"}},
            ],
            "_meta": None,
            "futureField": {"kept": True},
        },
    ),
    ("PromptResponse", {"messageId": "msg_user_8f7a1"}),
    (
        "UpdateSessionNotification",
        {
            "sessionId": "s1",
            "update": {"sessionUpdate": "state_update", "state": "idle", "stopReason": "end_turn"},
        },
    ),
]


@pytest.mark.parametrize(("name", "message"), MESSAGES)
def test_round_trip(schema: dict[str, Any], made_v2: ModuleType, name: str, message: Any) -> None:
    assert agrees(schema, made_v2, name, message)
    parsed = getattr(made_v2, name).model_validate_json(json.dumps(message))
    assert parsed.model_dump(mode="json", by_alias=True, exclude_unset=True) == message
    # the same numbers come back: 1 stays 1 where the schema says number (a float says 1.0)
    text = json.dumps(json.loads(parsed.model_dump_json(exclude_unset=True)), sort_keys=True)
    assert text == json.dumps(message, sort_keys=True)


def test_omitted_and_null_stay_apart(made_v2: ModuleType) -> None:
    prompt = '{"sessionId": "s", "prompt": [{"type": "text", "text": "Hi"}]'
    omitted = made_v2.PromptRequest.model_validate_json(prompt + "}")
    null = made_v2.PromptRequest.model_validate_json(prompt + ', "idempotencyKey": null}')
    assert omitted.idempotency_key is None and null.idempotency_key is None
    assert "idempotencyKey" not in omitted.model_dump(by_alias=True, exclude_unset=True)
    assert null.model_dump(by_alias=True, exclude_unset=True)["idempotencyKey"] is None


# --- requirement 4: one test per datamodel-code-generator pitfall ---------------------------


def test_optional_non_nullable_field_rejects_null(
    schema: dict[str, Any], made_v2: ModuleType, tmp_path: Path
) -> None:
    # (upstream's x-deserialize-default-on-null tells its own deserializers to read null as
    # empty; the JSON Schema, which the models hold to, rejects it)
    servers = schema["$defs"]["NewSessionRequest"]["properties"]["mcpServers"]
    assert servers["type"] == "array" and "anyOf" not in servers
    base = {"cwd": "/home/u"}
    assert agrees(schema, made_v2, "NewSessionRequest", base)
    assert agrees(schema, made_v2, "NewSessionRequest", {**base, "mcpServers": []})
    assert not agrees(schema, made_v2, "NewSessionRequest", {**base, "mcpServers": None})
    # an optional field the schema makes nullable still takes null
    assert agrees(schema, made_v2, "NewSessionRequest", {**base, "_meta": None})
    # a subclass with checks of its own keeps its parent's
    tiny: dict[str, Any] = {
        "$defs": {
            "Parent": {"type": "object", "properties": {"a": {"type": "string"}}},
            "Child": {
                "type": "object",
                "properties": {"b": {"type": "string"}},
                "allOf": [{"$ref": "#/$defs/Parent"}],
            },
        }
    }
    tiny_v2 = load_as(emit(tiny), tmp_path, "tiny_nonnull_models")
    assert issubclass(tiny_v2.Child, tiny_v2.Parent)
    assert agrees(tiny, tiny_v2, "Child", {"a": "x", "b": "y"})
    assert not agrees(tiny, tiny_v2, "Child", {"a": None})
    assert not agrees(tiny, tiny_v2, "Child", {"b": None})


def test_ref_beside_null_accepts_null_exactly_where_the_schema_does(
    schema: dict[str, Any], made_v2: ModuleType, tmp_path: Path
) -> None:
    # anyOf [$ref, null]: null is a value
    base = {"sessionId": "s1", "prompt": [HI]}
    assert agrees(schema, made_v2, "PromptRequest", {**base, "idempotencyKey": None})
    assert not agrees(schema, made_v2, "PromptRequest", {**base, "idempotencyKey": ""})
    # a bare $ref (written allOf [$ref] with a description): null is not
    assert not agrees(schema, made_v2, "PromptRequest", {**base, "sessionId": None})
    # $ref with a sibling `type: [..., null]` is a conjunction: null only if the def takes it
    tiny: dict[str, Any] = {
        "$defs": {
            "Name": {"type": "string"},
            "MaybeName": {"type": ["string", "null"]},
            "Holder": {
                "type": "object",
                "properties": {
                    "name": {"$ref": "#/$defs/Name", "type": ["string", "null"]},
                    "maybe": {"$ref": "#/$defs/MaybeName", "type": ["string", "null"]},
                },
                "required": ["name", "maybe"],
            },
        }
    }
    tiny_v2 = load_as(emit(tiny), tmp_path, "tiny_acp_models")
    assert agrees(tiny, tiny_v2, "Holder", {"name": "n", "maybe": None})
    assert not agrees(tiny, tiny_v2, "Holder", {"name": None, "maybe": "m"})


def test_a_type_list_keeps_its_typed_map(tmp_path: Path) -> None:
    """datamodel-code-generator makes ``dict[str, Any]`` of a map whose ``type`` is a list,
    whatever its values must be; the lowering gives it one member per type."""
    tiny: dict[str, Any] = {
        "$defs": {
            "Name": {"type": "string"},
            "Holder": {
                "type": "object",
                "properties": {
                    "names": {"type": ["object", "null"], "additionalProperties": {"$ref": "#/$defs/Name"}},
                    "counts": {
                        "type": ["object", "array"],
                        "additionalProperties": {"type": "integer"},
                        "items": {"type": "string"},
                    },
                },
            },
            "Counts": {"type": ["object", "null"], "additionalProperties": {"type": "integer"}},
        }
    }  # fmt: skip
    tiny_v2 = load_as(emit(tiny), tmp_path, "tiny_map_models")
    for names in ({"a": "x"}, None, {"a": 1}, {"a": {"name": "x"}}):
        agrees(tiny, tiny_v2, "Holder", {"names": names})
    for counts in ({"a": 1}, {"a": "x"}, ["x"], [1], None):
        agrees(tiny, tiny_v2, "Holder", {"counts": counts})
    values: tuple[Any, ...] = ({"a": 1}, {"a": "x"}, None, [])
    for value in values:
        agrees(tiny, tiny_v2, "Counts", value)
    assert not agrees(tiny, tiny_v2, "Holder", {"names": {"a": 1}})


def test_a_constrained_part_of_a_type_gets_a_class_named_for_where_it_is(tmp_path: Path) -> None:
    """A Field can't constrain an item, a map's value or a union's member; datamodel-code-
    generator would make a class of it named for the field (``Items``), so the lowering
    makes it a def, named for its place."""
    tiny: dict[str, Any] = {
        "$defs": {
            "Holder": {
                "type": "object",
                "properties": {
                    "tags": {"type": "array", "items": {"type": "string", "minLength": 1}},
                    "counts": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}},
                    "rows": {"type": "array", "items": {"type": "array", "items": {"type": "integer"}, "minItems": 1}},
                    "note": {"anyOf": [{"type": "string", "maxLength": 3}, {"type": "null"}]},
                    "size": {"anyOf": [{"title": "small", "type": "integer", "maximum": 9}, {"type": "string", "pattern": "^big"}]},
                },
            },
            "Short": {"type": ["string", "null"], "maxLength": 2},
        }
    }  # fmt: skip
    tiny_v2 = load_as(emit(tiny), tmp_path, "tiny_part_models")
    made = {"HolderTagsItem", "HolderCountsValue", "HolderRowsItem", "HolderNoteString"}
    assert made | {"HolderSizeSmall", "HolderSizeString"} <= set(vars(tiny_v2))
    cases = {
        "tags": (["a"], [""], [1]),
        "counts": ({"a": 0}, {"a": -1}, {"a": "x"}),
        "rows": ([[1]], [[]], [["x"]]),
        "note": ("abc", "abcd", None, 1),
        "size": (9, 10, "big", "small", 1.5),
    }
    for field, values in cases.items():
        for value in values:
            agrees(tiny, tiny_v2, "Holder", {field: value})
    for value in ("ab", "abc", None):
        agrees(tiny, tiny_v2, "Short", value)
    assert not agrees(tiny, tiny_v2, "Holder", {"tags": [""]})


def load_as(files: dict[str, bytes], root: Path, package: str) -> ModuleType:
    """A generated package imported under another name, beside the one under test."""
    for path, data in files.items():
        if "/src/acp_models/" in path:
            target = root / package / path.split("/src/acp_models/", 1)[1]
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
    sys.path.insert(0, str(root))
    try:
        return importlib.import_module(f"{package}.v2._models")
    finally:
        sys.path.remove(str(root))


def test_open_union_guard_is_enforced(
    schema: dict[str, Any], made_v2: ModuleType, tmp_path: Path
) -> None:
    # a tag of our own lands in `other`, whatever its body
    assert agrees(schema, made_v2, "ContentBlock", {"type": "_vendor", "anything": 1})
    # a known tag with a broken body fails, rather than landing in `other`
    assert not agrees(schema, made_v2, "ContentBlock", {"type": "text"})
    assert not agrees(schema, made_v2, "ContentBlock", {"type": "image", "data": "x"})
    assert agrees(
        schema, made_v2, "SessionUpdate", {"sessionUpdate": "state_update", "state": "_x"}
    )
    assert not agrees(schema, made_v2, "SessionUpdate", {"sessionUpdate": "plan_update"})
    block = pydantic.TypeAdapter(made_v2.ContentBlock).validate_json(
        '{"type": "text", "text": "hi"}'
    )
    assert type(block) is made_v2.ContentBlockText
    # acp-spec's other `not`: a key that must be absent (no id on a notification)
    tiny: dict[str, Any] = {
        "$defs": {
            "Note": {
                "type": "object",
                "properties": {"method": {"type": "string"}},
                "required": ["method"],
                "not": {"required": ["id"]},
            }
        }
    }
    tiny_v2 = load_as(emit(tiny), tmp_path, "tiny_not_models")
    assert agrees(tiny, tiny_v2, "Note", {"method": "m", "params": None})
    assert not agrees(tiny, tiny_v2, "Note", {"method": "m", "id": 1})


def test_uri_and_date_time_formats_stay_strings(
    schema: dict[str, Any], made_v2: ModuleType
) -> None:
    odd = {"src": "icons/relative.png"}  # no scheme: not a URI, but format is an annotation
    assert agrees(schema, made_v2, "Icon", odd)
    assert not agrees(schema, made_v2, "Icon", {"src": 5})
    annotations = {"lastModified": "2025-01-12T15:00:58.000+00:00"}
    assert agrees(schema, made_v2, "Annotations", annotations)
    assert agrees(schema, made_v2, "Annotations", {"lastModified": "yesterday"})
    # and nothing is rewritten on the way out (AnyUrl adds a "/", datetimes normalize)
    for name, value in (("Icon", {"src": "https://x.org"}), ("Annotations", annotations)):
        model = getattr(made_v2, name).model_validate(value)
        assert model.model_dump(mode="json", by_alias=True, exclude_unset=True) == value


def test_integer_formats_enforce_the_schemas_range(
    schema: dict[str, Any], made_v2: ModuleType
) -> None:
    assert schema["$defs"]["ProtocolVersion"]["format"] == "uint16"
    assert agrees(schema, made_v2, "ProtocolVersion", 65535)
    assert not agrees(schema, made_v2, "ProtocolVersion", 65536)
    assert not agrees(schema, made_v2, "ProtocolVersion", -1)
    # int64 with no minimum/maximum in the schema: the format alone limits nothing
    assert agrees(schema, made_v2, "ResourceLink", {"name": "n", "uri": "u", "size": 2**70})
    assert not agrees(schema, made_v2, "ResourceLink", {"name": "n", "uri": "u", "size": "12"})
    # uint64 says minimum 0
    usage = {"totalTokens": 1, "inputTokens": 1, "outputTokens": 0}
    assert agrees(schema, made_v2, "Usage", usage)
    assert not agrees(schema, made_v2, "Usage", {**usage, "outputTokens": -1})


def test_lengths_count_code_points(schema: dict[str, Any], made_v2: ModuleType) -> None:
    emoji = "\N{GRINNING FACE}"  # one code point, two UTF-16 units, four UTF-8 bytes
    assert agrees(schema, made_v2, "IdempotencyKey", emoji * 255)
    assert not agrees(schema, made_v2, "IdempotencyKey", emoji * 256)
    assert not agrees(schema, made_v2, "IdempotencyKey", "")
    assert agrees(schema, made_v2, "IdempotencyKey", "a")


def test_closed_object_stays_closed(tmp_path: Path) -> None:
    """Unknown keys are kept (extra="allow") unless the schema says additionalProperties
    false; then, as there, they are rejected."""
    tiny: dict[str, Any] = {
        "$defs": {
            "Closed": {
                "type": "object",
                "properties": {"a": {"type": "string"}},
                "additionalProperties": False,
            },
            "Open": {"type": "object", "properties": {"a": {"type": "string"}}},
        }
    }
    tiny_v2 = load_as(emit(tiny), tmp_path, "tiny_closed_models")
    assert agrees(tiny, tiny_v2, "Closed", {"a": "x"})
    assert not agrees(tiny, tiny_v2, "Closed", {"a": "x", "b": 1})
    assert agrees(tiny, tiny_v2, "Open", {"a": "x", "b": 1})


def test_method_bound_routing_union(tmp_path: Path) -> None:
    """acp-spec's routing unions narrow a property the union declares (``method``,
    ``params``) in each member; each member's class takes the narrower schema."""
    ref = {"$ref": "#/$defs/Ping"}
    tiny: dict[str, Any] = {
        "$defs": {
            "Ping": {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]},
            "Pong": {"type": "object", "properties": {"s": {"type": "string"}}, "required": ["s"]},
            "Note": {
                "type": "object",
                "properties": {
                    "method": {"type": "string"},
                    "params": {"anyOf": [{"anyOf": [ref, {"$ref": "#/$defs/Pong"}]}, {"type": "null"}]},
                },
                "required": ["method"],
                "anyOf": [
                    {"title": "ping", "properties": {"method": {"const": "ping"}, "params": ref}},
                    {"title": "extension", "properties": {"method": {"type": "string", "pattern": "^_"}}},
                ],
            },
        }
    }  # fmt: skip
    tiny_v2 = load_as(emit(tiny), tmp_path, "tiny_routing_models")
    assert [m.__name__ for m in _members(tiny_v2.Note)] == [
        "NotePing", "NoteExtension",
    ]  # fmt: skip
    assert agrees(tiny, tiny_v2, "Note", {"method": "ping", "params": {"n": 1}})
    assert not agrees(tiny, tiny_v2, "Note", {"method": "ping", "params": {"s": "x"}})
    assert not agrees(tiny, tiny_v2, "Note", {"method": "ping", "params": None})
    assert agrees(tiny, tiny_v2, "Note", {"method": "_vendor/x", "params": {"s": "x"}})
    assert not agrees(tiny, tiny_v2, "Note", {"method": "pong", "params": {"s": "x"}})


# --- the routing unions, written without datamodel-code-generator -----------------------------


def _statements(code: str) -> dict[str, str]:
    """Each class and type alias of a module, by name, as its syntax tree reads."""
    out: dict[str, str] = {}
    for node in ast.parse(code).body:
        if isinstance(node, ast.ClassDef):
            out[node.name] = ast.dump(node)
        elif isinstance(node, ast.AnnAssign):
            out[ast.unparse(node.target)] = ast.dump(node)
    return out


def _routing_as_datamodel_code_generator_writes(document: dict[str, Any], least: int) -> None:
    lowering = lowered(schema_index(document))
    routed = lowering.routing_classes()
    defs = {n: d for n, d in lowering.defs.items() if n in routed}
    assert defs and len(defs) >= least, "too few routing unions: the test tests little"
    referred = set().union(*(refers_to(d) for d in defs.values())) - routed
    stubs = {n: {"type": "object", "properties": {"stub": {}}} for n in sorted(referred)}
    nots = {n: v for n, v in lowering.nots.items() if n in routed}
    by_them = _statements(
        models_module(ModelsInput({**stubs, **defs}, nots, {}, {}, {}, frozenset()))
    )
    by_us = _statements(routing_section(lowering, not_names(nots), ()))
    assert set(by_us) == set(defs)
    assert by_us == {n: s for n, s in by_them.items() if n in routed}


@pytest.mark.parametrize("which", ["upstream", "acp-spec"])
def test_the_routing_classes_are_what_datamodel_code_generator_writes(
    which: str, schema: dict[str, Any], real_spec: Spec
) -> None:
    """Upstream's routing unions (an object of any method) and acp-spec's (a union of one
    class per method), written by routing.py, are the classes datamodel-code-generator and
    codegen's passes make of the same lowered defs: same fields, aliases, descriptions,
    discriminators and `not` checks. The defs they refer to stand in as stubs, of which
    the routing classes name nothing but the name."""
    document = schema if which == "upstream" else index_of(real_spec).schema
    _routing_as_datamodel_code_generator_writes(document, 10)


def test_the_routing_unions_of_a_spec_without_protocol_methods_are_as_datamodel_code_generator_writes(
    tmp_path: Path,
) -> None:
    """A spec with no `$/` notification (a small one, as the docs-serve test's) has no
    ProtocolLevelNotification union (tests/test_schema.py): the routing unions it has are
    written as datamodel-code-generator writes them (an empty union once made a SyntaxError,
    an internal error of every generate of such a spec, and then a model of Any)."""
    from support.small_project import small_project

    spec = load_spec(small_project(tmp_path) / "spec" / "acp-v2.yaml")
    document = index_of(spec).schema
    assert "ProtocolLevelNotification" not in document["$defs"]
    _routing_as_datamodel_code_generator_writes(document, 5)


def test_the_routing_section_follows_the_models_part(files: dict[str, bytes]) -> None:
    """After datamodel-code-generator's module, behind a marker that finds that part again
    (what the pipeline's cache reuses), importing only what that part does not."""
    module = files[f"{PY}/src/acp_models/v2/_models.py"].decode()
    main = main_part(module)
    assert module.startswith(main) and MARKER not in main and MARKER in module
    assert "class ClientResponseResult(BaseModel):" in module.split(MARKER)[1]
    assert "class ClientResponseResult(" not in main
    assert not _imported_names(main) & _imported_names(module.split(MARKER)[1])
    assert ruff(module, fix=False) == module
    assert main_part(main) == main  # a module without routing unions is all models part


# --- METHODS -------------------------------------------------------------------------------


def test_methods_table(made_v2: ModuleType) -> None:
    prompt = made_v2.METHODS["session/prompt"]
    assert (prompt.name, prompt.direction, prompt.kind) == (
        "session/prompt", "client-to-agent", "request",
    )  # fmt: skip
    assert (prompt.stability, prompt.retry_class) == ("stable", "keyed")
    assert prompt.params is made_v2.PromptRequest and prompt.result is made_v2.PromptResponse
    assert prompt.notification_params is None
    update = made_v2.METHODS["session/update"]
    assert update.params is made_v2.UpdateSessionNotification and update.result is None
    assert update.retry_class == "not_retried"
    mcp = made_v2.METHODS["mcp/message"]
    assert (mcp.kind, mcp.retry_class) == ("both", "out_of_scope")
    assert mcp.params is made_v2.MessageMcpRequest and mcp.result is made_v2.MessageMcpResponse
    assert mcp.notification_params is made_v2.MessageMcpNotification
    assert list(made_v2.METHODS) == [r.name for r in ROWS]
    with pytest.raises(dataclasses.FrozenInstanceError):
        prompt.retry_class = "idempotent"
    with pytest.raises(TypeError):
        made_v2.METHODS["x"] = prompt


def test_methods_must_name_defs(schema: dict[str, Any]) -> None:
    row = dataclasses.replace(ROWS[0], result="NoSuchDef")
    with pytest.raises(ModelsError, match="NoSuchDef"):
        emit({"$defs": {"PromptRequest": {"type": "object"}}}, [row])


# --- requirement 5: import stays cheap -------------------------------------------------------

LAZY_PROBE = """
import sys
import acp_models.v2 as v2
loaded = sorted(m for m in sys.modules if m.startswith(("acp_models", "pydantic")))
assert loaded == ["acp_models", "acp_models._errors", "acp_models.v2", "acp_models.v2._methods", "acp_models.v2._names"], loaded
assert v2.METHODS["session/prompt"].retry_class == "keyed"
assert "acp_models.v2._models" not in sys.modules
v2.PromptRequest  # loads the classes, but builds no validator yet
from pydantic._internal._mock_val_ser import MockValSer
from acp_models.v2 import _models
classes = [getattr(_models, n) for n in v2.__all__[5:] if isinstance(getattr(_models, n), type)]
built = [c for c in classes if not isinstance(c.__pydantic_validator__, MockValSer)]
assert built == [], built
"""


def test_import_loads_nothing_and_builds_no_validator(out: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(out / PY / "src")}
    subprocess.run([sys.executable, "-c", LAZY_PROBE], env=env, check=True)


# --- requirement 6: type checkers (tests/test_sdk_types.py, on the committed package) ----------


# --- requirement 7: deterministic --------------------------------------------------------------

DIGEST = """
import hashlib, json, sys
sys.path.insert(0, {tests!r})
from support.models import ROWS, emit, extended_schema
files = emit(extended_schema(), ROWS)
print(hashlib.sha256(json.dumps({{p: b.hex() for p, b in sorted(files.items())}}).encode()).hexdigest())
"""


def digest(files: dict[str, bytes]) -> str:
    blob = json.dumps({p: b.hex() for p, b in sorted(files.items())}).encode()
    return hashlib.sha256(blob).hexdigest()


@pytest.mark.slow
def test_same_bytes_across_runs_seeds_and_directories(
    files: dict[str, bytes], tmp_path: Path
) -> None:
    code = DIGEST.format(tests=str(Path(__file__).parent))
    # this process's hash seed is random; the other run has another, in another folder
    env = {**os.environ, "PYTHONHASHSEED": "4242"}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == digest(files)


def test_no_tmp_path_or_timestamp_leaks(files: dict[str, bytes]) -> None:
    text = b"\n".join(files.values()).decode()
    assert "/tmp" not in text and str(Path.cwd()) not in text
    assert "datamodel-codegen" not in text and "#   timestamp:" not in text


# --- the emitter refuses what it can't make agree ---------------------------------------------

REFUSED: list[tuple[str, dict[str, Any]]] = [
    ("dependentRequired", {"type": "object", "properties": {"a": {}}, "dependentRequired": {"a": ["b"]}}),
    ("a `not` other than", {"type": "object", "properties": {"a": {}}, "not": {"minProperties": 2}}),
    ("overlap", {"oneOf": [{"type": "string"}, {"type": "string", "minLength": 1}]}),
    ("narrows", {"type": "object", "properties": {"a": {"$ref": "#/$defs/Str", "type": "null"}}}),
    ("additionalProperties", {"type": "object", "additionalProperties": False, "properties": {"a": {}}, "allOf": [{"$ref": "#/$defs/Obj"}]}),
    # Literal can't hold these, or can't tell them from another value
    ("a const or enum value", {"enum": [{"a": 1}]}),
    ("a const or enum value", {"type": "object", "properties": {"a": {"const": 2.5}}}),
    ("true or 1 but not both", {"const": 1}),
    ("false or 0 but not both", {"type": "array", "items": {"enum": [False, "no"]}}),
    ("title to name its class", {"anyOf": [{"type": ["string", "integer"], "minLength": 1}, {"type": "null"}]}),
]  # fmt: skip


@pytest.mark.parametrize(("match", "schema_def"), REFUSED)
def test_refuses_what_it_cannot_make_agree(match: str, schema_def: dict[str, Any]) -> None:
    defs = {
        "Str": {"type": "string"},
        "Obj": {"type": "object", "properties": {}},
        "Thing": schema_def,
    }
    with pytest.raises(ModelsError, match=match):
        emit({"$defs": defs})


def test_refuses_a_name_taken_twice() -> None:
    defs: dict[str, Any] = {
        "Shape": {"anyOf": [
            {"type": "object", "properties": {"kind": {"const": "round"}}, "required": ["kind"]},
            {"type": "object", "title": "round", "properties": {"r": {}}},
        ]},
    }  # fmt: skip
    with pytest.raises(ModelsError, match="ShapeRound"):
        emit({"$defs": defs})


# --- names: what the rules phase asks before the emitters run --------------------------------


def _imported_names(code: str) -> set[str]:
    tree = ast.parse(code)
    return {
        (a.asname or a.name)
        for node in tree.body
        if isinstance(node, ast.Import | ast.ImportFrom)
        for a in node.names
    }


def test_every_name_the_models_module_imports_is_reserved(files: dict[str, bytes]) -> None:
    for code in (
        files[f"{PY}/src/acp_models/v2/_models.py"].decode(),
        (REPO / PY / "src/acp_models/v2/_models.py").read_text(encoding="utf-8"),
    ):
        imported = _imported_names(code)
        assert imported
        assert {n for n in imported if not n.startswith("not_")} <= RESERVED_CLASS_NAMES


def _top_level_names(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ClassDef | ast.FunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


def _module_imports(tree: ast.Module) -> set[str]:
    """The sibling modules a runtime module imports when it is loaded: at its top level,
    and not what type checkers alone read (``if TYPE_CHECKING``)."""
    found: set[str] = set()
    todo: list[ast.stmt] = list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.If) and ast.unparse(node.test) != "TYPE_CHECKING":
            todo += node.body + node.orelse
        elif isinstance(node, ast.ImportFrom) and node.level == 1:
            found |= {a.name for a in node.names} if node.module is None else {node.module}
    return found


def test_the_runtime_modules_import_one_another_without_a_cycle() -> None:
    """Each job of the runtime is a module; loading one never needs one that needs it."""
    graph = {
        path.stem: {
            name
            for name in _module_imports(ast.parse(path.read_text(encoding="utf-8")))
            if (RUNTIME / "v2" / f"{name}.py").exists()
        }
        for path in (RUNTIME / "v2").glob("*.py")
    }
    assert graph["_decode"] >= {"_decode_fast", "_failures", "_limits", "_messages", "_repairs"}
    order = list(graphlib.TopologicalSorter(graph).static_order())  # CycleError on a cycle
    assert order.index("_wire_path") < order.index("_failures") < order.index("_decode")


def test_reserved_names_are_what_the_package_binds() -> None:
    init = ast.parse((RUNTIME / "v2/__init__.py").read_text(encoding="utf-8"))
    homes = next(
        ast.literal_eval(node.value)
        for node in ast.walk(init)
        if isinstance(node, ast.Assign) and ast.unparse(node.targets[0]) == "_DECODER"
    )
    assert sorted(homes) == sorted(DECODER_NAMES)
    # each of decode's names is bound where _DECODER says: a runtime module, or the package
    for name, home in homes.items():
        path = "__init__.py" if home == ".." else f"v2/{home.lstrip('.')}.py"
        assert name in _top_level_names(ast.parse((RUNTIME / path).read_text(encoding="utf-8")))
    assert {"METHODS", "Method", "TYPE_CHECKING", *DECODER_NAMES} <= RESERVED_CLASS_NAMES
    assert {"None", "True", "False", "AcpSchemaRoot", "Exception", "str"} <= RESERVED_CLASS_NAMES


@pytest.mark.parametrize(
    "name", ["BaseModel", "Field", "Any", "Literal", "None", "True", "Message", "AcpSchemaRoot"]
)
def test_a_def_may_not_take_a_reserved_name(name: str) -> None:
    assert name in RESERVED_CLASS_NAMES
    with pytest.raises(ModelsError, match="rename those defs"):
        emit({"$defs": {name: {"type": "string"}}})


def test_class_names_of_the_spec_are_the_committed_classes(real_spec: Spec) -> None:
    found = class_names(index_of(real_spec).of_schema)
    code = (REPO / PY / "src/acp_models/v2/_models.py").read_text(encoding="utf-8")
    tree = ast.parse(code).body
    classes = {n.name for n in tree if isinstance(n, ast.ClassDef)}
    aliases = {ast.unparse(n.target) for n in tree if isinstance(n, ast.AnnAssign)}
    assert set(found) == classes | aliases
    assert all(len(origins) == 1 for origins in found.values())
    assert found["ContentBlock"] == ("$defs/ContentBlock",)
    assert found["ContentBlockText"] == ("$defs/ContentBlock/anyOf/0",)
    assert not set(found) & RESERVED_CLASS_NAMES


def test_class_names_show_a_clash_and_leave_out_a_refused_def() -> None:
    defs: dict[str, Any] = {
        "Shape": {"anyOf": [
            {"type": "object", "title": "round", "properties": {"r": {}}},
            {"type": "object", "title": "square", "properties": {"s": {}}},
        ]},
        "ShapeRound": {"type": "string"},
        "Tuple": {"type": "array", "items": {"type": "string"}, "uniqueItems": True},
        "Pair": {"anyOf": [
            {"type": "object", "properties": {"kind": {"const": "a"}}, "required": ["kind"]},
            {"type": "object", "title": "a", "properties": {"x": {}}},
        ]},
    }  # fmt: skip
    found = class_names(schema_index({"$defs": defs}))
    assert found["ShapeRound"] == ("$defs/ShapeRound", "$defs/Shape/anyOf/0")
    assert found["ShapeSquare"] == ("$defs/Shape/anyOf/1",)
    assert found["PairA"] == ("$defs/Pair/anyOf/0", "$defs/Pair/anyOf/1")
    assert "Tuple" not in found
    with pytest.raises(ModelsError, match="its class would be ShapeRound"):
        emit({"$defs": {k: v for k, v in defs.items() if k != "Tuple"}})


def test_python_names() -> None:
    assert python_name("sessionId") == "session_id"
    assert python_name("_meta") == "meta"
    assert python_name("HTTPServer") == "http_server"
    assert python_name("class") == "class_"
    assert python_name("model_config") == "model_config_"
    assert python_name("") == "field"
    assert python_name("2fa") == "2fa_"


# --- what only the models emitter refuses, until a rule of the rules phase does -------------

# (id, types appended to the spec, what the emitter says): every spec edit the models can't
# be made of. Each must be refused: by a rule (a SpecError with a position, the aim) or, until
# that rule exists, by the emitter with this message; never an internal error, never models
# that disagree with the schema.
SPEC_EDITS: list[tuple[str, str, str]] = [
    ("reserved class name", "BaseModel: {description: x, type: string}", "has the names"),
    ("reserved: a keyword", "None: {description: x, type: string}", "has the names"),
    ("reserved: decode's", "Message: {description: x, type: string}", "has the names"),
    ("two fields, one Python name", "Clash: {description: x, type: object, properties: {fooBar: {type: string}, foo_bar: {type: string}}}", "one Python name"),
    ("a field named meta beside _meta", "Meta: {description: x, type: object, properties: {meta: {type: string}}}", "one Python name"),
    ("a member's class is a def's", "Shape: {description: x, anyOf: [{type: object, title: round, properties: {r: {}}}]}\nShapeRound: {description: x, type: string}", "its class would be ShapeRound"),
    ("an inline object's class is a def's", "Outer: {description: x, type: object, properties: {inner: {type: object, properties: {a: {}}}}}\nOuterInner: {description: x, type: string}", "its class would be OuterInner"),
    ("a member without title or tag", "Untitled: {description: x, anyOf: [{type: object, properties: {a: {}}}, {type: object, properties: {b: {}}}]}", "a title or a const tag"),
    ("a const null tag", "NullTag: {description: x, anyOf: [{type: object, properties: {kind: {const: null}}, required: [kind]}]}", "a title or a const tag"),
    ("a constrained member of several types, untitled", "Several: {description: x, anyOf: [{type: [string, integer], minimum: 1}, {type: 'null'}]}", "title to name its class"),
    ("const 1 or true", "One: {description: x, type: integer, const: 1}", "true or 1 but not both"),
    ("an enum of an object", "Objects: {description: x, enum: [{a: 1}]}", "a const or enum value"),
    ("a float const", "Half: {description: x, const: 0.5}", "a const or enum value"),
    ("oneOf that may overlap", "Over: {description: x, oneOf: [{type: string}, {type: string, minLength: 1}]}", "may overlap"),
    ("uniqueItems", "Unique: {description: x, type: array, items: {type: string}, uniqueItems: true}", "does not support"),
    ("minProperties", "Some: {description: x, type: object, minProperties: 1}", "does not support"),
    ("maxProperties", "Few: {description: x, type: object, maxProperties: 1}", "does not support"),
    ("a `not` of another shape", "NotString: {description: x, type: object, not: {type: string}}", "a `not` other than"),
    ("a `not` that tests a value otherwise", "NotLong: {description: x, type: object, properties: {a: {type: string}}, not: {properties: {a: {minLength: 3}}}}", "otherwise than by value"),
    ("a `not` on a string", "NotA: {description: x, type: string, not: {const: a}}", "a class for values of type"),
    ("a nullable inline object", "Holder: {description: x, type: object, properties: {inner: {type: [object, 'null'], properties: {a: {}}}}}", "a class for values of type"),
    ("unevaluatedProperties", "Sealed: {description: x, type: object, unevaluatedProperties: false}", "unevaluatedProperties"),
    ("typed additionalProperties beside properties", "Mixed: {description: x, type: object, properties: {a: {}}, additionalProperties: {type: string}}", "beside properties"),
    ("a closed object in an allOf", "Closed: {description: x, type: object, additionalProperties: false, allOf: [{$ref: SessionInfo}]}", "additionalProperties other than true"),
    ("a union member that contradicts the union", "Contra: {description: x, type: object, properties: {kind: {type: string}}, anyOf: [{title: one, properties: {kind: {type: integer}}}]}", "constrains otherwise"),
    ("a member of another type than its union", "Typed: {description: x, type: object, properties: {a: {}}, anyOf: [{title: s, type: string}]}", "differs between a union"),
    ("required, not a property", "Missing: {description: x, type: object, properties: {a: {}}, required: [b]}", "not among its own properties"),
    ("allOf with a string", "FromString: {description: x, type: object, allOf: [{$ref: SessionId}]}", "which is not an object"),
    ("a $ref with a sibling constraint", "Sibling: {description: x, type: object, properties: {a: {$ref: SessionId, minLength: 3}}}", "which is not an object"),
    ("allOf beside a union of values", "Values: {description: x, anyOf: [{type: string}, {type: integer}], allOf: [{$ref: SessionInfo}]}", "union of values that are not objects"),
    ("an allOf cycle", "CycA: {description: x, type: object, allOf: [{$ref: CycB}]}\nCycB: {description: x, type: object, allOf: [{$ref: CycA}]}", "inherits from itself"),
]  # fmt: skip


@pytest.fixture(scope="module")
def spec_text() -> str:
    return (REPO / "spec/acp-v2.yaml").read_text(encoding="utf-8")


@pytest.mark.slow  # a load of the spec and a lowering each: a second per case
@pytest.mark.parametrize(("what", "types", "message"), SPEC_EDITS, ids=[e[0] for e in SPEC_EDITS])
def test_a_spec_the_models_cant_be_made_of_is_refused_by_a_rule(
    spec_text: str,
    tmp_path: Path,
    what: str,
    types: str,
    message: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The rules phase refuses each, at the added type, before any emitter runs; the emitter
    itself still refuses it with ``message`` (its own assertion, should a rule go missing)."""
    added = "".join(f"  {line}\n" for line in types.splitlines())
    text = spec_text.rstrip("\n") + "\n" + added
    first_added = spec_text.rstrip("\n").count("\n") + 2
    checked = _rules_seen(monkeypatch)
    with pytest.raises(SpecError) as refused:
        load_spec(write_spec(tmp_path, text))
    lines = [d.position.line for d in refused.value.diagnostics]
    assert any(line >= first_added for line in lines), [
        d.render() for d in refused.value.diagnostics
    ]
    # what the emitter would meet if a rule were missing: the spec as the loader built it,
    # which the rules alone refused (a load with the rules left out would give it)
    [(ix, findings)] = checked
    assert all(d in findings for d in refused.value.diagnostics), refused.value.diagnostics
    with pytest.raises(ModelsError, match=re.escape(message)):
        emit_models(lowered(schema_index(ix.schema)), table(ix.spec), version="0.1.0")


def _rules_seen(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Index, list[Diagnostic]]]:
    """Each index the rules phase is given from now on, with what it found: the spec's one
    load gives both the rules' verdict and the unchecked spec (a second load, the rules
    left out, would read and build the same YAML again)."""
    from acp_spec import rules

    seen: list[tuple[Index, list[Diagnostic]]] = []
    check = rules.check

    def recorded(
        spec: Spec, index: Index, written: rules.Written, checks: Sequence[rules.Check] = ()
    ) -> list[Diagnostic]:
        findings = check(spec, index, written, checks)
        seen.append((index, findings))
        return findings

    monkeypatch.setattr(rules, "check", recorded)
    return seen
