"""The published schemas (generated/schema*.json) say what the document says, in the form
code generators and strict validators read (emit/branches.py): each routing union an anyOf
of named defs, the root's forms made of whole messages, every `required` declared beside it.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from typing import Any

import jsonschema_rs
import pytest
from acp_spec.document import build_schema
from acp_spec.emit.branches import named_branches
from acp_spec.emit.schema import schema_file
from acp_spec.emit.titles import consumer_titles
from acp_spec.model import DERIVED_TYPE_NAMES, Spec
from support.paths import REPO

EDITIONS = {"complete": "schema.unstable.json", "stable": "schema.json"}


def _published(edition: str) -> dict[str, Any]:
    text = (REPO / "generated" / EDITIONS[edition]).read_text(encoding="utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def _messages() -> list[tuple[str, Any]]:
    """Every vector's message that is JSON, and a few the vectors don't hold."""
    found = []
    for path in sorted((REPO / "generated" / "vectors").rglob("*.json")):
        for group in json.loads(path.read_text(encoding="utf-8")).get("groups", []):
            for case in group["cases"]:
                try:
                    found.append((case["id"], json.loads(case["message"])))
                except ValueError:
                    continue  # a parse error's case: no instance to validate
    ok = {"jsonrpc": "2.0", "id": 1, "method": "session/close", "params": {"sessionId": "s"}}
    found += [
        ("no jsonrpc", {k: v for k, v in ok.items() if k != "jsonrpc"}),
        ("an extension without jsonrpc", {"id": 1, "method": "_x"}),
        ("a notification of a request's method", {**ok, "id": None}),
        ("an error and a result", {"jsonrpc": "2.0", "id": 1, "result": {}, "error": None}),
        ("a result with an error of null", {"jsonrpc": "2.0", "id": 1, "result": {}, "error": 1}),
    ]
    return found


MESSAGES = _messages()


@pytest.fixture(scope="module", params=sorted(EDITIONS))
def pair(request: pytest.FixtureRequest, real_spec: Spec) -> tuple[dict[str, Any], dict[str, Any]]:
    """(the document, its published file) of one edition."""
    edition: Any = request.param
    return build_schema(real_spec, edition), _published(edition)


def _verdicts(schema: dict[str, Any], fragment: dict[str, Any]) -> dict[str, bool]:
    validator = jsonschema_rs.validator_for({**fragment, "$defs": schema["$defs"]})
    return {name: validator.is_valid(message) for name, message in MESSAGES}


def test_the_published_root_and_routing_unions_agree_with_the_document(
    pair: tuple[dict[str, Any], dict[str, Any]],
) -> None:
    """On every vector's message: the root, and each routing union as a def of its own (a
    consumer that switches from upstream's file validates with `#/$defs/ClientRequest`)."""
    document, published = pair
    assert len(MESSAGES) > 1000
    root = {k: v for k, v in document.items() if k != "$defs"}
    verdicts = _verdicts(document, root)
    assert _verdicts(published, {k: v for k, v in published.items() if k != "$defs"}) == verdicts
    assert {True, False} == set(verdicts.values())
    for name in sorted(DERIVED_TYPE_NAMES & set(document["$defs"])):
        ref = {"$ref": f"#/$defs/{name}"}
        assert _verdicts(published, ref) == _verdicts(document, ref), name


def test_the_published_root_binds_method_names_to_params(
    pair: tuple[dict[str, Any], dict[str, Any]],
) -> None:
    _, published = pair
    root = jsonschema_rs.validator_for(published)
    prompt = {"sessionId": "s", "prompt": [{"type": "text", "text": "hi"}]}
    message = {"jsonrpc": "2.0", "id": 1, "method": "session/prompt", "params": prompt}
    assert root.is_valid(message)
    assert not root.is_valid({**message, "params": {**prompt, "sessionId": 42}})
    assert not root.is_valid({**message, "method": "session/new"})
    assert not root.is_valid({**message, "method": "session/frobnicate"})
    assert root.is_valid({**message, "method": "_vendor/x", "params": [1]})


def test_every_routing_union_is_an_anyof_of_named_defs(
    pair: tuple[dict[str, Any], dict[str, Any]],
) -> None:
    """What a generator names: no inline branch; every root form is made of whole messages,
    each the envelope and a branch."""
    _, published = pair
    defs = published["$defs"]
    unions = DERIVED_TYPE_NAMES & set(defs)
    assert unions
    for name in unions:
        assert all(set(member) == {"$ref"} for member in defs[name]["anyOf"]), name
    for form in published["anyOf"]:
        for member in form["anyOf"]:
            message = defs[member["$ref"].rsplit("/", 1)[1]]
            envelope, branch = (r["$ref"].rsplit("/", 1)[1] for r in message["allOf"])
            assert envelope == "JsonRpcMessage"
            assert any({"$ref": f"#/$defs/{branch}"} in defs[u]["anyOf"] for u in unions)


def test_each_branch_def_is_named_as_acp_models_names_its_class(
    pair: tuple[dict[str, Any], dict[str, Any]],
) -> None:
    """`ClientRequestSessionPrompt`, `AgentResponseError`: one name for a branch in the
    schema and in the Python models."""
    models = (REPO / "generated/python/src/acp_models/v2/_models.py").read_text("utf-8")
    _, published = pair
    defs = published["$defs"]
    branches = {
        m["$ref"].rsplit("/", 1)[1]
        for u in DERIVED_TYPE_NAMES & set(defs)
        for m in defs[u]["anyOf"]
    }
    assert "ClientRequestSessionPrompt" in branches
    assert sorted(b for b in branches if f"\nclass {b}(" not in models) == []


def _requireds(node: Any) -> Iterator[tuple[list[str], dict[str, Any]]]:
    if isinstance(node, dict):
        if isinstance(node.get("required"), list):
            yield node["required"], node.get("properties", {})
        for value in node.values():
            yield from _requireds(value)
    elif isinstance(node, list):
        for value in node:
            yield from _requireds(value)


@pytest.mark.parametrize("edition", sorted(EDITIONS))
def test_every_required_name_is_declared_beside_it(edition: str) -> None:
    """Ajv's strictRequired (tests/test_ajv_recipe.py compiles both files with it): the
    guards `not: {required: ["error"]}` declare what they name."""
    undeclared = [
        (names, sorted(properties))
        for names, properties in _requireds(_published(edition))
        if set(names) - set(properties)
    ]
    assert undeclared == []


def test_the_in_memory_document_is_left_as_upstream_shapes_it(real_spec: Spec) -> None:
    """Only the file is rewritten: the models, the docs and the checks read upstream's shape."""
    document = build_schema(real_spec)
    before = copy.deepcopy(document)
    published = json.loads(schema_file(document))
    assert document == before
    assert "ClientRequestSessionPrompt" in published["$defs"]
    assert "ClientRequestSessionPrompt" not in document["$defs"]
    assert "anyOf" in document["$defs"]["ClientRequest"]["properties"]["params"]


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda u: u.update(additionalProperties=False), "no routing union"),
        (lambda u: u["anyOf"][0].pop("title"), "without a free name"),
        (lambda u: u["anyOf"][0].update(title="SessionId"), "without a free name"),
        (lambda u: u.update({"not": {"anyOf": [{"required": ["id"]}]}}), "a guard other than"),
        (lambda u: u["anyOf"][0].update(minProperties=1), "a branch with"),
        (lambda u: u["anyOf"][0]["properties"]["method"].update(const=3, type="integer"), "merge"),
    ],
    ids=["unknown keyword", "untitled branch", "taken name", "other guard", "branch keyword",
         "clashing property"],
)  # fmt: skip
def test_a_union_shape_it_was_not_taught_is_refused_by_name(
    real_spec: Spec, change: Any, says: str
) -> None:
    """A document that changes the unions' shape must teach branches.py its form, not be
    published half-rewritten."""
    schema = consumer_titles(build_schema(real_spec))
    change(schema["$defs"]["ClientNotification"])
    with pytest.raises(ValueError, match=says) as refused:
        named_branches(schema)
    assert "ClientNotification" in str(refused.value)
