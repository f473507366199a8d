"""The committed acp_models package agrees with the spec: METHODS, classes, round trips."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from collections.abc import Callable, Iterator, Mapping
from functools import partial
from pathlib import Path
from types import ModuleType
from typing import Any

import pydantic
import pytest
from acp_spec.emit.models import python_name
from acp_spec.index import index_of
from acp_spec.model import DERIVED_TYPE_NAMES
from acp_spec.verdicts import Verdicts
from jsonschema import Draft202012Validator
from support.specs import load_real_spec

# the committed models imported once for the module, and a mypy run
pytestmark = pytest.mark.cost("shared")

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "generated/python/src"

SPEC = load_real_spec()
EXAMPLES = [
    (f"{m.name}: {ex.title}", m.name, ex.params, ex.result, ex.kind)
    for m in SPEC.methods.values()
    for ex in m.examples
]


@pytest.fixture(scope="module")
def models() -> Iterator[ModuleType]:
    """The committed package, imported for this module only: other tests import their own
    freshly generated copy under the same name."""
    sys.path.insert(0, str(SRC))
    try:
        yield importlib.import_module("acp_models.v2")
    finally:
        sys.path.remove(str(SRC))
        for name in [n for n in sys.modules if n.split(".")[0] == "acp_models"]:
            del sys.modules[name]


def test_methods_table_has_every_method_with_its_class(models: ModuleType) -> None:
    assert set(models.METHODS) == set(SPEC.methods)
    for name, method in SPEC.methods.items():
        entry = models.METHODS[name]
        assert entry.name == name
        assert entry.retry_class == method.retry[0].retry_class
        assert entry.stability == method.stability
        first = method.request or method.notification
        assert first is not None
        assert entry.params.__name__ == first.params
        result = method.request.result if method.request else None
        assert (entry.result.__name__ if entry.result else None) == result


def _round_trip(model: Any, value: Any) -> Any:
    parsed = model.model_validate_json(json.dumps(value))
    return parsed.model_dump(mode="json", by_alias=True, exclude_unset=True)


@pytest.mark.parametrize(
    ("title", "method", "params", "result", "kind"), EXAMPLES, ids=[e[0] for e in EXAMPLES]
)
def test_every_spec_example_round_trips(
    models: ModuleType, title: str, method: str, params: Any, result: Any, kind: str
) -> None:
    entry = models.METHODS[method]
    params_model = (
        entry.notification_params
        if kind == "notification" and entry.kind == "both"
        else entry.params
    )
    assert _round_trip(params_model, params) == params
    if result is not None:
        assert _round_trip(entry.result, result) == result


def test_omitted_key_stays_omitted_and_null_stays_null(models: ModuleType) -> None:
    prompt = {"sessionId": "s", "prompt": [{"type": "text", "text": "hi"}]}
    assert "idempotencyKey" not in _round_trip(models.PromptRequest, prompt)
    assert (
        _round_trip(models.PromptRequest, {**prompt, "idempotencyKey": None})["idempotencyKey"]
        is None
    )


def test_the_key_rules_hold_in_the_models(models: ModuleType) -> None:
    prompt = {"sessionId": "s", "prompt": [{"type": "text", "text": "Hi"}]}
    bad: object
    for bad in ("", "a" * 256, "😀" * 256, 5, True, [], {}):
        with pytest.raises(ValueError):
            models.PromptRequest.model_validate({**prompt, "idempotencyKey": bad})
    for good in ("a", "a" * 255, "😀" * 255, " ", None):
        models.PromptRequest.model_validate({**prompt, "idempotencyKey": good})


def _accepts(parse: Callable[[Any], Any], data: Any) -> bool:
    try:
        parse(data)
    except ValueError:  # pydantic's ValidationError is one
        return False
    return True


def _apart(value: dict[str, Any]) -> bool:
    """Where the models and the schema part on purpose, outside the routing classes
    (decode handles both before any model): an integral float id (JSON Schema's integer
    takes 1.0, pydantic's int does not), a lone surrogate (pydantic refuses one)."""
    text = json.dumps(value, ensure_ascii=False)
    return isinstance(value.get("id"), float) or any(0xD800 <= ord(c) <= 0xDFFF for c in text)


@pytest.fixture(scope="module")
def vector_objects() -> list[tuple[str, str, dict[str, Any]]]:
    """(id, text, value) of every vector's message that is a JSON object, but _apart's."""
    found = []
    for path in sorted((ROOT / "generated/vectors").rglob("*.json")):
        groups = json.loads(path.read_text(encoding="utf-8")).get("groups", [])
        for case in (c for g in groups for c in g["cases"]):
            try:
                value = json.loads(case["message"])
            except ValueError:
                continue  # no JSON: a parse error's vector, for decode
            # a batch's items are messages of their own
            if isinstance(value, dict) and not _apart(value):
                found.append((case["id"], case["message"], value))
    return found


@pytest.fixture(scope="module")
def schema_verdicts() -> Verdicts:
    return Verdicts(json.loads((ROOT / "generated/schema.unstable.json").read_text("utf-8")))


@pytest.mark.parametrize("name", sorted(DERIVED_TYPE_NAMES))
def test_the_routing_unions_agree_with_the_schema_on_every_vector(
    models: ModuleType,
    vector_objects: list[tuple[str, str, dict[str, Any]]],
    schema_verdicts: Verdicts,
    name: str,
) -> None:
    """Every vector's message that is a JSON object, as the routing union ``name``
    (``ClientRequest``, ...; written by emit/models/routing.py), from JSON text and from
    Python data: the model accepts it exactly where the committed schema's def does."""
    fragment = {"$ref": f"#/$defs/{name}"}
    adapter = pydantic.TypeAdapter(getattr(models, name))
    seen = {True: 0, False: 0}
    for case, text, value in vector_objects:
        expected = schema_verdicts.is_valid(fragment, value)
        seen[expected] += 1
        for parse, data in ((adapter.validate_json, text), (adapter.validate_python, value)):
            assert _accepts(parse, data) == expected, (case, parse.__name__)
    assert seen[True] and seen[False], seen  # both verdicts met: the test tests something


def test_import_is_lazy_and_needs_no_pydantic_until_used() -> None:
    code = "import sys, acp_models.v2; print('pydantic' in sys.modules)"
    result = subprocess.run(
        [sys.executable, "-c", code],
        env={"PYTHONPATH": str(SRC)},
        capture_output=True,
        text=True,
        check=True,
    )
    assert result.stdout.strip() == "False"


@pytest.mark.typecheck
def test_mypy_strict_accepts_the_generated_package(mypy_cache: Path) -> None:
    mypy = Path(sys.executable).with_name("mypy")
    result = subprocess.run(
        [str(mypy), "--strict", "--cache-dir", str(mypy_cache), str(SRC / "acp_models")],
        capture_output=True, text=True, check=False, cwd=ROOT / "generated/python",
    )  # fmt: skip
    assert result.returncode == 0, result.stdout


# --- typed maps and arrays: the item type is checked ---------------------------------------

INDEX = index_of(SPEC)
# Items of every JSON type: whatever a map's values or an array's items must be, some of
# these are of the wrong type.
ITEMS: list[Any] = [{"name": "Alice"}, 12345, 1.5, "text", [1], True, None]


def _typed_containers(node: Any) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """Each typed ``items`` or ``additionalProperties`` of a schema, itself or of a member
    of its union (a reference is followed elsewhere: its def is tested on its own)."""
    if not isinstance(node, Mapping):
        return
    for keyword in ("items", "additionalProperties"):
        if isinstance(node.get(keyword), Mapping):
            yield keyword, node[keyword]
    for keyword in ("anyOf", "oneOf", "allOf"):
        for member in node.get(keyword, []):
            yield from _typed_containers(member)


def _wrong_values(node: Mapping[str, Any]) -> list[Any]:
    shapes = {keyword for keyword, _ in _typed_containers(node)}
    return [
        *([{"k": item} for item in ITEMS] if "additionalProperties" in shapes else []),
        *([[item] for item in ITEMS] if "items" in shapes else []),
    ]


def _valid(schema: Mapping[str, Any], value: Any) -> bool:
    return Draft202012Validator({"$defs": INDEX.defs, **schema}).is_valid(value)


def _accepted(check: Callable[[], object]) -> bool:
    try:
        check()
    except ValueError:  # pydantic's ValidationError is a ValueError
        return False
    return True


CONTAINER_DEFS = [name for name, node in INDEX.defs.items() if any(_typed_containers(node))]
# (a container whose items may be anything, like ElicitationAcceptAction's content with its
# `Other` member, has no item of the wrong type to test)
CONTAINER_PROPERTIES = [
    (name, wire)
    for name in INDEX.defs
    for wire, prop in INDEX.shapes.properties(INDEX.defs[name]).items()
    if any(_typed_containers(prop)) and not all(_valid(prop, v) for v in _wrong_values(prop))
]


def _field_owner(models: ModuleType, name: str, field: str) -> Any:
    """The class that has the def's field: the def's own, or, for a def that is a union or
    inherits one (IdleStateUpdate, InitializeProxyResponse), the first class of its members'
    (each member's class has the fields of its base)."""
    model = getattr(models, name)
    if field in getattr(model, "model_fields", {}):
        return model
    owners = [getattr(models, n) for n in sorted(dir(models)) if n.startswith(name)]
    owners += _root_members(model)
    found = [c for c in owners if field in getattr(c, "model_fields", {})]
    assert found, (name, field)
    return found[0]


def _root_members(model: Any) -> list[Any]:
    """The classes a root model stands for (``InitializeProxyResponse`` is an
    ``InitializeResponse``)."""
    root = getattr(model, "model_fields", {}).get("root")
    annotation = getattr(root, "annotation", None)
    return [annotation] if isinstance(annotation, type) else []


@pytest.mark.parametrize("name", CONTAINER_DEFS)
def test_a_typed_def_and_its_model_agree_on_items_of_the_wrong_type(
    models: ModuleType, name: str
) -> None:
    # a def that is no object is a type alias (ContentBlock), validated through an adapter
    adapter, schema = pydantic.TypeAdapter(getattr(models, name)), INDEX.defs[name]
    for value in _wrong_values(schema):
        assert _accepted(partial(adapter.validate_python, value)) == _valid(schema, value), value


@pytest.mark.parametrize(
    ("name", "wire"), CONTAINER_PROPERTIES, ids=map("/".join, CONTAINER_PROPERTIES)
)
def test_a_typed_field_and_its_schema_agree_on_items_of_the_wrong_type(
    models: ModuleType, name: str, wire: str
) -> None:
    """The field alone, assigned into an unvalidated instance, against the property's schema."""
    schema = INDEX.shapes.properties(INDEX.defs[name])[wire]
    field = python_name(wire)
    model = _field_owner(models, name, field)
    instance = model.model_construct()
    rejected = 0
    for value in _wrong_values(schema):
        valid = _valid(schema, value)
        rejected += not valid
        check = partial(model.__pydantic_validator__.validate_assignment, instance, field, value)
        assert _accepted(check) == valid, value
    assert rejected, "no value of the wrong type: the test tests nothing here"


def test_the_nullable_map_of_elicitation_content_takes_what_the_schema_takes(
    models: ModuleType,
) -> None:
    """`type: [object, null]` with typed values once made `dict[str, Any] | None`; upstream
    now lets a value be anything (ElicitationContentValue's `Other`), but content is still an
    object or null."""
    action, schema = models.ElicitationAcceptAction, INDEX.defs["ElicitationAcceptAction"]
    taken: list[Any] = [{"profile": {"name": "Alice"}}, {"tags": [1]}, {"name": "Alice"}, None]
    for content in taken:
        assert _valid(schema, {"content": content})
        assert action.model_validate({"content": content})
    refused: list[Any] = [5, "text", [1]]
    for content in refused:
        assert not _valid(schema, {"content": content})
        with pytest.raises(ValueError):
            action.model_validate({"content": content})
    assert action.model_validate({"content": None}).content is None
