"""``acp-spec upstream import``: upstream's defs written into the spec's types as YAML blocks,
each where it belongs, everything around them kept as written."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any

import pytest
from acp_spec import cli
from acp_spec.defs import expand_type
from acp_spec.diagnostics import SpecError
from acp_spec.model import DERIVED_TYPE_NAMES, AddedProperty, Spec
from acp_spec.spec import load_spec
from acp_spec.upstream_import import (
    ImportProblem,
    changed_defs,
    fragment_of,
    import_defs,
    layout,
    render_block,
    with_required,
)
from acp_spec.yamlsource import MAX_BYTES, load
from support.paths import SPEC_PATH, UPSTREAM_V2
from support.specs import write_spec

UPSTREAM: dict[str, Any] = json.loads((UPSTREAM_V2 / "schema.unstable.json").read_text())["$defs"]
IMPORTED = [n for n in UPSTREAM if n not in DERIVED_TYPE_NAMES]
TEXT = SPEC_PATH.read_text(encoding="utf-8")
LINES = TEXT.splitlines(keepends=True)
ADDS = {"PromptRequest": [AddedProperty("idempotencyKey", required=False, nullable=True)]}


@pytest.fixture(scope="module")
def data() -> dict[str, Any]:
    loaded: dict[str, Any] = load(SPEC_PATH).data
    return loaded


def test_every_upstream_def_survives_the_round_trip() -> None:
    """The fragment expands back to upstream's def, key order included."""
    for name in IMPORTED:
        wanted = {k: v for k, v in UPSTREAM[name].items() if k not in ("x-method", "x-side")}
        assert json.dumps(expand_type(fragment_of(name, UPSTREAM[name]))) == json.dumps(wanted)


def test_the_spec_s_blocks_are_what_the_importer_writes(real_spec: Spec) -> None:
    """Byte for byte: so an import changes only what upstream changed."""
    places = layout(LINES)
    listed = {d.type for d in real_spec.upstream.differences}
    compared = [n for n in IMPORTED if n not in listed]
    assert len(compared) > 200
    for name in compared:
        block = places.blocks[name]
        assert (
            render_block(name, fragment_of(name, UPSTREAM[name])) == LINES[block.start : block.end]
        )


def test_nothing_differs_from_upstream_and_an_import_changes_nothing(data: dict[str, Any]) -> None:
    assert changed_defs(UPSTREAM, data["types"], ADDS) == []
    result = import_defs(TEXT, UPSTREAM, IMPORTED, adds=ADDS)
    assert result.text == TEXT and result.replaced == [] and result.added == []


ABSOLUTE_PATH = "      An absolute filesystem path used by the protocol.\n"


def test_a_changed_def_is_replaced_where_it_is() -> None:
    assert TEXT.count(ABSOLUTE_PATH) == 1
    edited = TEXT.replace(ABSOLUTE_PATH, "      A path.\n")
    result = import_defs(edited, UPSTREAM, ["AbsolutePath"])
    assert (result.text, result.replaced) == (TEXT, ["AbsolutePath"])


def test_a_listed_added_property_is_kept_with_its_comments() -> None:
    """PromptRequest's idempotencyKey, written by hand after upstream's prompt, stays when
    upstream's part of the type is written again."""
    line = "          Clients MUST NOT send an empty array. Agents MAY reject one with `-32602` without\n"
    assert TEXT.count(line) == 1
    edited = TEXT.replace(line, "          Clients send what they like.\n")
    result = import_defs(edited, UPSTREAM, ["PromptRequest"], adds=ADDS)
    assert (result.text, result.replaced) == (TEXT, ["PromptRequest"])
    block = layout(LINES).blocks["PromptRequest"]
    assert "# Added by the RFD" in "".join(LINES[block.start : block.end])
    # without the list of additions, the type is upstream's alone
    bare = import_defs(edited, UPSTREAM, ["PromptRequest"]).text
    assert (
        "idempotencyKey:"
        not in bare.split("\n  PromptRequest:\n")[1].split("\n  PromptResponse:")[0]
    )


def test_a_new_def_goes_after_the_first_type_that_refers_to_it() -> None:
    places = layout(LINES)
    block = places.blocks["ToolCallCancelCapabilities"]
    without = "".join(LINES[: block.start] + LINES[block.end :])
    result = import_defs(without, UPSTREAM, ["ToolCallCancelCapabilities"])
    assert result.added == [("ToolCallCancelCapabilities", "ToolCallCapabilities")]
    new = layout(result.text.splitlines(keepends=True)).blocks
    assert new["ToolCallCancelCapabilities"].start == new["ToolCallCapabilities"].end
    assert result.text.count("\n  ToolCallCancelCapabilities:\n") == 1


def test_new_defs_go_after_a_named_type_in_the_order_given() -> None:
    places = layout(LINES)
    names = ["SessionStatusRequest", "SessionStatusResponse"]
    drop = {i for n in names for i in range(places.blocks[n].start, places.blocks[n].end)}
    without = "".join(line for i, line in enumerate(LINES) if i not in drop)
    result = import_defs(without, UPSTREAM, names, after="SessionId")
    new = layout(result.text.splitlines(keepends=True)).blocks
    assert new["SessionStatusRequest"].start == new["SessionId"].end
    assert new["SessionStatusResponse"].start == new["SessionStatusRequest"].end


@pytest.mark.parametrize(
    ("names", "after", "message"),
    [
        (["ClientRequest"], None, "ClientRequest is a routing union the generator derives"),
        (["NoSuchDef"], None, "upstream's schema has no def NoSuchDef"),
        (["SessionId"], "NoSuchType", "--after NoSuchType: the spec has no type of that name"),
    ],
)
def test_what_cannot_be_imported_is_refused(
    names: list[str], after: str | None, message: str
) -> None:
    with pytest.raises(ImportProblem, match=message):
        import_defs(TEXT, UPSTREAM, names, after=after)


def _command(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(list(argv))
    return code, out.getvalue(), err.getvalue()


def test_the_command_rewrites_the_spec_and_says_what_it_did(tmp_path: Path) -> None:
    path = write_spec(tmp_path, TEXT.replace(ABSOLUTE_PATH, "      A path.\n"))
    upstream = tmp_path / "upstream" / "schema.unstable.json"
    code, out, _ = _command("--spec", str(path), "upstream", "import", str(upstream), "--changed")
    assert code == 0 and "replaced AbsolutePath" in out
    assert "upstream does not define" not in out  # the spec's own types are listed as such
    assert path.read_text(encoding="utf-8") == TEXT
    # a type of the spec's own that the list does not name is one to remove or list
    extra = TEXT.replace(
        "    - type: SessionOptionsResponse\n      kind: new-type\n",
        "    - type: SessionOptionsResponse\n      kind: routing\n",
    )
    path.write_text(extra, encoding="utf-8")
    code, out, _ = _command("--spec", str(path), "upstream", "import", str(upstream), "--changed")
    assert "1 type upstream does not define: SessionOptionsResponse; remove it, or list" in out
    code, _, err = _command(
        "--spec", str(path), "upstream", "import", str(tmp_path / "none.json"), "X"
    )
    assert code == 1 and "cannot read" in err and "nothing was written" in err


def _schema(folder: Path, defs: Any, name: str = "hostile.json") -> Path:
    path = folder / name
    path.write_text(json.dumps({"$defs": defs}), encoding="utf-8")
    return path


def _nested(depth: int) -> dict[str, Any]:
    node: dict[str, Any] = {"type": "string"}
    for _ in range(depth):
        node = {"type": "array", "items": node}
    return node


@pytest.mark.parametrize(
    ("definition", "why"),
    [
        # each an internal error before: AttributeError, TypeError, AttributeError
        (
            {"type": "object", "properties": [1, 2]},
            "at #/$defs/A/properties: [1, 2] is not of type 'object'",
        ),
        ({"$ref": 5}, "at #/$defs/A/$ref: 5 is not of type 'string'"),
        ({"anyOf": [{"not": 5}]}, "at #/$defs/A/anyOf/0/not: 5 is not of type 'object', 'boolean'"),
        (5, "it is int 5, not a schema object"),
    ],
)
def test_a_def_that_is_no_schema_is_refused_or_skipped_and_said(
    tmp_path: Path, definition: Any, why: str
) -> None:
    path = write_spec(tmp_path)
    upstream = _schema(tmp_path, {"A": definition})
    code, _, err = _command("--spec", str(path), "upstream", "import", str(upstream), "A")
    assert code == 1 and f"{upstream}: upstream's A cannot be imported: " in err and why in err
    assert "nothing was written" in err
    # --changed answered "every def of FILE is the spec's already" for {"A": 5}
    code, out, err = _command("--spec", str(path), "upstream", "import", str(upstream), "--changed")
    assert code == 1 and f"{upstream}: skipped upstream's A: " in err and why in err
    assert "every other def of" in out
    assert path.read_text(encoding="utf-8") == TEXT


def test_a_def_is_skipped_and_the_others_imported(tmp_path: Path) -> None:
    path = write_spec(tmp_path)
    upstream = _schema(
        tmp_path, {"Bad": {"$ref": 5}, "Good": {"description": "d", "type": "string"}}
    )
    code, out, err = _command("--spec", str(path), "upstream", "import", str(upstream), "--changed")
    assert code == 1 and "skipped upstream's Bad" in err and "added Good" in out
    assert "  Good:\n    description: d\n    type: string\n" in path.read_text(encoding="utf-8")


def test_a_def_nested_deeper_than_a_spec_may_be_is_refused_with_its_place(tmp_path: Path) -> None:
    """Nested 200 deep, the YAML writer overflowed Python's stack; under that (but over the
    spec's 64 levels) it wrote a spec that check could not read."""
    path = write_spec(tmp_path)
    for depth in (70, 200, 400):
        upstream = _schema(tmp_path, {"Deep": _nested(depth)})
        code, _, err = _command("--spec", str(path), "upstream", "import", str(upstream), "Deep")
        assert code == 1 and f"{upstream}:1:" in err and "nested more than 64 levels deep" in err
        assert path.read_text(encoding="utf-8") == TEXT


def test_a_def_as_deep_as_a_spec_may_be_is_imported_and_read(tmp_path: Path) -> None:
    path = write_spec(tmp_path)
    upstream = _schema(tmp_path, {"Deep": {"description": "d", **_nested(60)}})
    code, out, err = _command("--spec", str(path), "upstream", "import", str(upstream), "Deep")
    assert code == 0 and "added Deep" in out, err
    assert load(path).data["types"]["Deep"]["items"]["items"]["type"] == "array"


def test_an_import_is_held_to_the_size_check_reads(tmp_path: Path) -> None:
    """A file over the 8 MiB that `diff` and `check` read is refused; one under it that would
    make the spec larger than that is refused before anything is written."""
    path = write_spec(tmp_path)
    big = _schema(tmp_path, {"Big": {"description": "x" * (MAX_BYTES + 1)}})
    code, _, err = _command("--spec", str(path), "upstream", "import", str(big), "Big")
    assert code == 1 and f"{big} is over the 8 MiB a spec may be" in err
    grows = _schema(tmp_path, {"Big": {"description": "x " * (MAX_BYTES // 2 - 100)}})
    code, _, err = _command("--spec", str(path), "upstream", "import", str(grows), "Big")
    assert code == 1 and "the import would make the spec over the 8 MiB that check reads" in err
    assert path.read_text(encoding="utf-8") == TEXT


def test_the_written_text_is_held_to_the_limit_too() -> None:
    """The strings alone fit; the YAML around them does not."""
    defs = {"Tiny": {"description": "d", "type": "string"}}
    size = len(TEXT.encode("utf-8"))
    assert "Tiny" in import_defs(TEXT, defs, ["Tiny"], max_bytes=size + 100).text
    with pytest.raises(ImportProblem, match="would make the spec over"):
        import_defs(TEXT, defs, ["Tiny"], max_bytes=size + 20)


@pytest.mark.parametrize(
    "text", ["a\x00\nb", "a\r\nb", "x\u2028y\nz", "\tx\n\ty", "a\x85b\nc", "\x1b[31m\n", "a\u2029"]
)
def test_a_text_the_spec_may_not_hold_raw_is_written_with_escapes(
    tmp_path: Path, text: str
) -> None:
    """Written as a literal block (or plain), such a text made a spec that check could not
    read (NUL, a line separator, a tab in the indentation)."""
    path = write_spec(tmp_path, "version: 2\ntypes:\n  Foo:\n    description: A type.\n")
    upstream = _schema(tmp_path, {"Odd": {"description": text, "enum": [text]}})
    code, _, err = _command("--spec", str(path), "upstream", "import", str(upstream), "Odd")
    assert code == 0, err
    assert load(path).data["types"]["Odd"] == {"description": text, "enum": [text]}


def test_a_lone_surrogate_is_refused(tmp_path: Path) -> None:
    """JSON can escape half a surrogate pair; UTF-8 cannot write it: an internal error
    (UnicodeEncodeError) when the spec was written."""
    path = write_spec(tmp_path)
    upstream = tmp_path / "surrogate.json"
    upstream.write_text('{"$defs": {"Odd": {"description": "a\\ud800b"}}}', encoding="utf-8")
    code, _, err = _command("--spec", str(path), "upstream", "import", str(upstream), "Odd")
    assert code == 1 and "a text in it holds a lone surrogate ('a\\ud800b')" in err, err
    assert path.read_text(encoding="utf-8") == TEXT


# ── the spec's additions, as the differences record them (issue 30, item 1) ──

SESSIONS_REQUIRED = "          - type: 'null'\n    required: [sessions]\n"
WITH_TOTAL = (
    "          - type: 'null'\n"
    "      total:  # the spec counts them\n"
    "        description: How many sessions there are.\n"
    "        type: integer\n"
    "        minimum: 0\n"
    "    required: [sessions, total]\n"
)
TOTAL_RECORD = (
    "    - type: ListSessionsResponse\n"
    "      kind: new-properties\n"
    "      adds:\n"
    "        total: {required: true, nullable: false}\n"
    "      why: The spec counts the sessions.\n"
)


def _with_total(text: str = TEXT) -> str:
    """The spec with a required ``total`` added to ListSessionsResponse, and its record."""
    assert text.count(SESSIONS_REQUIRED) == 1
    anchor = "    - type: SessionOptionsRequest\n"
    return text.replace(SESSIONS_REQUIRED, WITH_TOTAL).replace(anchor, TOTAL_RECORD + anchor)


def _upstream_touching(folder: Path, name: str) -> Path:
    """Upstream's schema with def ``name``'s description changed: a release that touches it."""
    schema = json.loads((UPSTREAM_V2 / "schema.unstable.json").read_text())
    schema["$defs"][name]["description"] += " Newer."
    path = folder / "newer.json"
    path.write_text(json.dumps(schema), encoding="utf-8")
    return path


@pytest.mark.parametrize("changed", [False, True])
def test_an_import_keeps_a_required_entry_the_spec_adds(tmp_path: Path, changed: bool) -> None:
    """The issue's case: upstream touches ListSessionsResponse, where the spec added a
    required ``total``. Before, the import answered "replaced" and wrote upstream's
    ``required: [sessions]``, losing the spec's entry."""
    path = write_spec(tmp_path, _with_total())
    newer = _upstream_touching(tmp_path, "ListSessionsResponse")
    asked = ["--changed"] if changed else ["ListSessionsResponse"]
    code, out, _ = _command("--spec", str(path), "upstream", "import", str(newer), *asked)
    assert code == 0 and "replaced ListSessionsResponse" in out
    text = path.read_text(encoding="utf-8")
    block = text.split("\n  ListSessionsResponse:\n")[1].split("\n  ForkSessionRequest:")[0]
    assert "    required: [sessions, total]" in block
    assert "      total:  # the spec counts them\n" in block and "Newer." in block


def test_a_required_entry_goes_back_where_the_spec_had_it() -> None:
    fragment = {"type": "object", "properties": {"a": {}, "b": {}}, "required": ["a", "b"]}
    key = AddedProperty("k", required=True, nullable=False)
    assert with_required(fragment, [key], ["a", "k", "b"])["required"] == ["a", "k", "b"]
    assert with_required(fragment, [key], ["k", "a"])["required"] == ["k", "a", "b"]
    assert with_required(fragment, [key], [])["required"] == ["a", "b", "k"]
    # upstream has no required list: it comes after the properties, as upstream writes it
    bare = {"type": "object", "properties": {"a": {}}, "description": "d"}
    assert list(with_required(bare, [key], [])) == ["type", "properties", "required", "description"]
    optional = AddedProperty("k", required=False, nullable=True)
    assert with_required(bare, [optional], []) == bare


def _problems(path: Path) -> list[str]:
    try:
        load_spec(path)
    except SpecError as err:
        return [d.render() for d in err.diagnostics]
    return []


def test_check_holds_an_added_property_to_its_record(tmp_path: Path) -> None:
    """A lost required entry fails check (before: the comparison with upstream took the
    added property out, its required entry with it, and found nothing); so does a record
    that says otherwise than the type of whether it is required or nullable."""
    path = write_spec(tmp_path, _with_total())
    assert not [p for p in _problems(path) if "differences" in p]
    lost = _with_total().replace("    required: [sessions, total]\n", "    required: [sessions]\n")
    path.write_text(lost, encoding="utf-8")
    found = [p for p in _problems(path) if "differences" in p]
    assert len(found) == 1
    assert (
        "ListSessionsResponse does not require total, but upstream › differences records "
        "required: true; add it to ListSessionsResponse's required list" in found[0]
    )
    line = lost.splitlines().index("        total: {required: true, nullable: false}") + 1
    assert f"acp-v2.yaml:{line}:" in found[0]
    wrong = _with_total().replace("total: {required: true, nullable: false}",
                                  "total: {required: true, nullable: true}")  # fmt: skip
    path.write_text(wrong, encoding="utf-8")
    found = [p for p in _problems(path) if "differences" in p]
    assert len(found) == 1 and "ListSessionsResponse.total does not accept null" in found[0]
