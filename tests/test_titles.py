"""The published schemas' branch titles (emit/titles.py): unique names no def has, on a copy;
what validates is unchanged."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest
from acp_spec.emit.titles import consumer_titles
from acp_spec.index import Index, index_of
from acp_spec.model import Spec


@pytest.fixture(scope="module")
def index(real_spec: Spec) -> Index:
    return index_of(real_spec)


def _member_titles(node: Any) -> list[str]:
    found: list[str] = []
    if isinstance(node, dict):
        for key in ("anyOf", "oneOf"):
            members = node.get(key)
            if isinstance(members, list):
                found += [m["title"] for m in members if isinstance(m, dict) and "title" in m]
        for value in node.values():
            found += _member_titles(value)
    elif isinstance(node, list):
        for value in node:
            found += _member_titles(value)
    return found


def test_every_def_member_title_is_unique_and_no_def_s_name(index: Index) -> None:
    before = json.dumps(index.schema)
    published = consumer_titles(index.schema)
    assert json.dumps(index.schema) == before  # the models and docs read upstream's titles
    titles = _member_titles(published["$defs"])
    assert [t for t, n in Counter(titles).items() if n > 1] == []
    assert set(titles) & set(published["$defs"]) == set()
    assert "SessionUpdateOther" in titles and "RequestIdNumber" in titles
    assert "AgentNotificationSessionUpdate" in titles
    # the root's forms keep their titles (acp-spec diff matches forms by them)
    assert [f["title"] for f in published["anyOf"]] == [f["title"] for f in index.schema["anyOf"]]


def test_only_titles_change(index: Index) -> None:
    def untitled(node: Any) -> Any:
        if isinstance(node, dict):
            return {k: untitled(v) for k, v in node.items() if k != "title" or "$defs" in node}
        return [untitled(v) for v in node] if isinstance(node, list) else node

    assert untitled(consumer_titles(index.schema)) == untitled(index.schema)


def test_two_unions_of_one_def_are_told_apart_by_their_property() -> None:
    def other() -> dict[str, Any]:
        return {"title": "other", "type": "string"}

    schema = {
        "$defs": {
            "Pair": {
                "type": "object",
                "properties": {
                    "left": {"anyOf": [{"const": "a"}, other()]},
                    "right": {"anyOf": [{"const": "b"}, other()]},
                },
            },
            "Block": {"anyOf": [{"title": "Pair", "$ref": "#/$defs/Pair"}, {"type": "null"}]},
        }
    }
    out = consumer_titles(schema)["$defs"]
    props = out["Pair"]["properties"]
    assert props["left"]["anyOf"][1]["title"] == "PairOther"
    assert props["right"]["anyOf"][1]["title"] == "PairRightOther"
    # a member titled like the def it refers to is that def: no title of its own
    assert out["Block"]["anyOf"][0] == {"$ref": "#/$defs/Pair"}
