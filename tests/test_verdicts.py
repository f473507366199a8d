"""The quick verdicts (jsonschema-rs where it reads a schema as Python's validator does) are
the Python validator's verdicts, on every value the generators ask about and on the cases
where the two libraries differ."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from acp_spec import verdicts
from acp_spec.emit.docs.examples import render_examples
from acp_spec.emit.vectors import emit_vectors
from acp_spec.index import index_of
from acp_spec.patterns import quick_validator_for
from support.specs import load_real_spec

Asked = list[tuple[Mapping[str, Any], Mapping[str, Any], Any, bool]]


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> Iterator[Asked]:
    """Every question a Verdicts answers while the fixture is in use, with its answer."""
    found: Asked = []
    ask = verdicts.Verdicts.is_valid

    def recording(self: verdicts.Verdicts, fragment: Mapping[str, Any], value: Any) -> bool:
        answer = ask(self, fragment, value)
        found.append((self._document, fragment, value, answer))
        return answer

    monkeypatch.setattr(verdicts.Verdicts, "is_valid", recording)
    yield found


def python_verdict(document: Mapping[str, Any], fragment: Mapping[str, Any], value: Any) -> bool:
    return bool(quick_validator_for(document).evolve(schema=fragment).is_valid(value))


def test_the_vectors_and_examples_get_pythons_verdicts(asked: Asked) -> None:
    # the rules' verdicts by def name (verdicts.defs_verdict) are tested in test_loader.py
    spec = load_real_spec()
    index = index_of(spec)
    emit_vectors(spec, index)
    render_examples(spec, index)
    assert len(asked) > 500
    assert verdicts.Verdicts(index.schema).native  # the fast path is what was measured
    assert [a for *_, a in asked].count(False) > 100  # both answers are asked for
    wrong = [(f, v) for d, f, v, a in asked if python_verdict(d, f, v) != a]
    assert wrong == []


DEFS: dict[str, Any] = {
    # where the libraries differ: each reads one value below otherwise (their own regex
    # engine the first two; RE2 matches them in both)
    "Spaces": {"type": "string", "pattern": "^\\s$"},  # RE2's \s is ASCII, ECMA's is not
    "Dot": {"type": "string", "pattern": "^a.b$"},  # ECMA's . excludes \r, RE2's does not
    "Tenths": {"type": "number", "multipleOf": 0.1},  # 0.3: each its own float remainder
    "Digits": {"type": "string", "pattern": "^\\d+$"},
    "Plain": {"type": "string", "pattern": "^_[a-z]+$"},
    "Whole": {"type": "integer", "maximum": 10},
    "Dotted": {
        "type": "object",
        "patternProperties": {"^x.$": {"type": "integer"}},
        "additionalProperties": False,
    },
    "Node": {
        "type": "object",
        "properties": {"next": {"$ref": "#/$defs/Node"}, "pattern": {"type": "string"}},
    },
}
VALUES: list[Any] = [
    "123", "١٢٣", "\u00a0", "a\rb", "_abc", "_ABC", "x", 0.3, 0.7, 3, 3.0, 2**70, -(2**70), 11, "\ud800",
    {"xa": 1}, {"x\n": 1}, {"xé": "1"}, {"next": {"next": {}}}, {"next": 5}, {"pattern": 1},
    None, True, [],
]  # fmt: skip


@pytest.mark.parametrize("name", sorted(DEFS))
def test_each_kind_of_schema_gets_pythons_verdicts(name: str) -> None:
    # each def in a document of its own: a non-plain pattern sends only its document to Python
    document = {"$defs": {name: DEFS[name], "Node": DEFS["Node"]}}
    fragment = {"$ref": f"#/$defs/{name}"}
    quick = verdicts.Verdicts(document)
    assert [quick.is_valid(fragment, v) for v in VALUES] == [
        python_verdict(document, fragment, v) for v in VALUES
    ]


@pytest.mark.parametrize(
    ("fragment", "native"),
    [
        ({"$ref": "#/$defs/Node"}, True),
        ({"$ref": "#/$defs/Nowhere"}, False),
        ({"$ref": "#/$defs/Node/properties/next"}, False),
        ({"$ref": "other.json"}, False),
    ],
)
def test_a_reference_out_of_the_defs_is_answered_by_python(
    fragment: dict[str, Any], native: bool
) -> None:
    document = {"$defs": {"Node": DEFS["Node"]}}
    quick = verdicts.Verdicts(document)
    assert quick.native
    assert quick.compiles_natively(fragment) is native


@pytest.mark.parametrize(
    ("schema", "native"),
    [
        ({"pattern": "^_"}, True),
        ({"pattern": "^[a-z]{2,}(-[a-z]+)*$"}, True),
        ({"pattern": "\\d"}, True),  # every pattern is matched by RE2, in both
        ({"pattern": "a.b"}, True),
        ({"patternProperties": {"^x_": {}}}, True),
        ({"patternProperties": {"\\.": {}}}, True),
        ({"patternProperties": {"\\w": {}}}, False),  # its keys by the other engine
        ({"patternProperties": {"a.b": {}}}, False),
        ({"patternProperties": {"(?i)a": {}}}, False),
        ({"$id": "urn:x"}, False),
        ({"properties": {"$id": {"type": "string"}}}, True),
        ({"properties": {"pattern": {"type": "string"}}}, True),
        ({"multipleOf": 2}, True),
        ({"multipleOf": 0.5}, False),
    ],
)
def test_only_schemas_both_libraries_read_alike_go_native(
    schema: dict[str, Any], native: bool
) -> None:
    assert verdicts.Verdicts({"$defs": {"A": schema}}).native is native


@pytest.mark.parametrize(
    ("schema", "native"),
    [
        ({"type": "string"}, True),
        # the keys named in a text: the quick look at the pickle sees them, the walk clears them
        (
            {"description": "no $id, $schema, multipleOf or patternProperties", "type": "string"},
            True,
        ),
        ({"properties": {"$id": {"type": "string"}}}, True),
        ({"properties": {"a": {"items": {"$id": "urn:x"}}}}, False),
        ({"anyOf": [{"multipleOf": 0.5}]}, False),
        ({"items": {"patternProperties": {"\\w": {}}}}, False),
        ({"multipleOf": 2}, True),
    ],
)
def test_the_rules_defs_go_native_only_where_both_libraries_read_them_alike(
    schema: dict[str, Any], native: bool
) -> None:
    verdict = verdicts.defs_verdict({"A": schema, "B": {"type": "integer"}})
    assert (verdict("A", "x") is not None) is native
    assert verdict("B", 1) is (True if native else None)
