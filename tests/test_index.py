"""The indexes: each made once, never changed after; a schema's alone has no spec."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from acp_spec.index import Index, index_of, schema_index, with_findings
from acp_spec.model import Spec
from acp_spec.spec import load_checked


@pytest.fixture(scope="module")
def index(real_spec: Spec) -> Index:
    return index_of(real_spec)


def test_an_index_is_not_changed_after_it_is_made(index: Index, real_spec: Spec) -> None:
    # spec.py used to re-point index.spec after the rules; nothing may now
    for name in ("spec", "schema", "shapes", "refs", "of_schema"):
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(index, name, getattr(index, name))
    with pytest.raises(dataclasses.FrozenInstanceError):
        index.of_schema.defs = {}  # type: ignore[misc]


def test_the_loaded_index_is_the_final_spec_s() -> None:
    spec, index = load_checked()
    assert index.spec is spec  # with the rules' warnings and the retired ids


def test_with_findings_takes_only_what_the_rules_add(index: Index, real_spec: Spec) -> None:
    final = dataclasses.replace(real_spec, warnings=(), retired_vector_ids=frozenset({"x"}))
    moved = with_findings(index, final)
    assert moved.spec is final
    # every fact stands, so every index is the rules' own
    assert all(
        getattr(moved, f.name) is getattr(index, f.name)
        for f in dataclasses.fields(Index)
        if f.name != "spec"
    )
    other = dataclasses.replace(real_spec, types={})
    with pytest.raises(ValueError, match="types"):
        with_findings(index, other)


def test_a_schema_s_index_has_no_spec(index: Index) -> None:
    alone = schema_index(index.schema)
    assert not hasattr(alone, "spec") and not hasattr(alone, "facts")
    # the references are the expanded defs' (derived unions too), not the spec's types'
    assert "AgentRequest" in alone.refs.table and "AgentRequest" not in index.refs.table
    assert alone.refs.reachable("PromptRequest") >= index.refs.reachable("PromptRequest")


class _Watched(Mapping[str, Any]):
    """A mapping that records what is read of it."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self._data = data
        self.read: set[str] = set()  # the keys looked up
        self.walked = 0  # how often it was walked or measured

    def __getitem__(self, key: str) -> Any:
        self.read.add(key)
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        self.walked += 1
        return iter(self._data)

    def __len__(self) -> int:
        self.walked += 1
        return len(self._data)


def test_making_a_schema_s_index_reads_nothing(index: Index) -> None:
    # the models' steps hand in defs that record what is read: making the index must not
    watched = _Watched(index.defs)
    alone = schema_index({"$defs": watched})
    assert (watched.read, watched.walked) == (set(), 0)
    assert alone.shapes.accepts_null({"$ref": "#/$defs/SessionId"}) is False
    assert (watched.read, watched.walked) == ({"SessionId"}, 0)
