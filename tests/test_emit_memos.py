"""What the emitters keep across runs (by the content it is made of) is what they would make
afresh: the schema files, every JSON file and the docs' JSON, and the compiled checks."""

from __future__ import annotations

import copy
import json
import math
from pathlib import Path
from typing import Any

import pytest
from acp_spec.emit.branches import named_branches
from acp_spec.emit.kept_verdicts import kept_verdicts
from acp_spec.emit.schema import dump_json, indented, schema_file
from acp_spec.emit.titles import consumer_titles
from acp_spec.index import Index, SchemaIndex, schema_index
from acp_spec.spec import load_checked
from acp_spec.verdicts import Verdicts

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def index() -> Index:
    return load_checked(ROOT / "spec" / "acp-v2.yaml")[1]


def _fresh_file(schema: dict[str, Any]) -> bytes:
    made = named_branches(consumer_titles(schema))
    return (json.dumps(made, indent=2, ensure_ascii=False) + "\n").encode()


def _union_docs() -> dict[str, dict[str, Any]]:
    """Documents that differ in what consumer_titles reads: a member shared by two unions
    or two equal copies of it (named once, or once a union), and 1, 1.0 and True."""
    member = {"title": "other", "type": "string"}
    docs: dict[str, dict[str, Any]] = {}
    for name, second in (("shared", member), ("copies", copy.deepcopy(member))):
        docs[name] = {
            "$defs": {"A": {"anyOf": [member, {"type": "null"}]}, "B": {"anyOf": [second]}}
        }
    for name, const in (("int", 1), ("float", 1.0), ("bool", True)):
        docs[name] = {"$defs": {"A": {"anyOf": [{"title": "one", "const": const}]}}}
    return docs


def test_a_kept_schema_file_is_the_one_made_afresh_for_each_document() -> None:
    docs = _union_docs()
    fresh = {name: _fresh_file(copy.deepcopy(doc)) for name, doc in docs.items()}
    # the cases differ where the memo must tell them apart: equal values, other files
    assert fresh["shared"] != fresh["copies"]
    assert len({fresh["int"], fresh["float"], fresh["bool"]}) == 3
    for order in (list(docs), list(reversed(docs))):
        for name in order:
            assert schema_file(docs[name]) == fresh[name], name


def test_the_real_schema_kept_is_made_afresh(index: Index) -> None:
    fresh = _fresh_file(index.schema)
    assert schema_file(index.schema) == fresh
    assert schema_file(index.schema) == fresh  # kept, the second time


VALUES: list[Any] = [
    1, 1.0, True, "1", None, [1], (1,), [1.0], {"a": 1}, {"a": True}, {"a": 1, "b": 2},
    {"b": 2, "a": 1}, "\u2028", "é", "\ud800", math.inf, -math.inf, math.nan, 10**30, [], {},
    {"nested": [{"x": [1, {"y": None}]}]},
]  # fmt: skip


def test_kept_json_texts_are_json_dumps_of_each_value() -> None:
    for _ in range(2):  # the second time from what was kept
        for value in VALUES:
            text = json.dumps(value, indent=2, ensure_ascii=False)
            assert indented(value) == text, value
            if value != "\ud800":  # no UTF-8 file holds a lone surrogate: encoding it fails
                assert dump_json(value) == (text + "\n").encode(), value


def _fragments(index: Index | SchemaIndex) -> list[dict[str, Any]]:
    """Some defs by reference, and the properties of some object defs as written."""
    found: list[dict[str, Any]] = [{"$ref": f"#/$defs/{n}"} for n in sorted(index.defs)[::3]]
    for definition in list(index.defs.values())[::8]:
        found += [p for p in definition.get("properties", {}).values() if isinstance(p, dict)]
    return found


PROBES: list[Any] = [12345, "malformed", {"malformed": True}, [12345], True, None, "x" * 10, {}]


def test_kept_verdicts_are_the_index_s_for_every_content(index: Index) -> None:
    kept = kept_verdicts(index)
    fragments = _fragments(index)
    values = PROBES + [m.examples[0].params for m in index.spec.methods.values() if m.examples]
    asked = [(f, v) for f in fragments for v in values]
    verdicts = Verdicts(index.schema)
    expected = [verdicts.is_valid(f, v) for f, v in asked]
    assert [kept(f, v) for f, v in asked] == expected
    assert any(expected) and not all(expected)
    # another document of the same content: its own objects, the same verdicts
    twin = schema_index(copy.deepcopy(index.schema))
    again = kept_verdicts(twin)
    assert [again(f, v) for f in _fragments(twin) for v in values] == expected
    # a document that differs: the same fragment's verdict is its own
    changed = copy.deepcopy(index.schema)
    changed["$defs"]["IdempotencyKey"]["maxLength"] = 3
    other = schema_index(changed)
    key = {"$ref": "#/$defs/IdempotencyKey"}
    assert kept(key, "x" * 10) and verdicts.is_valid(key, "x" * 10)
    assert not kept_verdicts(other)(key, "x" * 10)
    assert not Verdicts(other.schema).is_valid(key, "x" * 10)
