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
from acp_spec.model import DERIVED_TYPE_NAMES, Spec
from acp_spec.upstream_import import (
    ImportProblem,
    changed_defs,
    fragment_of,
    import_defs,
    layout,
    render_block,
)
from acp_spec.yamlsource import load
from conftest import SPEC_PATH, UPSTREAM_V2, write_spec

UPSTREAM: dict[str, Any] = json.loads((UPSTREAM_V2 / "schema.unstable.json").read_text())["$defs"]
IMPORTED = [n for n in UPSTREAM if n not in DERIVED_TYPE_NAMES]
TEXT = SPEC_PATH.read_text(encoding="utf-8")
LINES = TEXT.splitlines(keepends=True)
ADDS = {"PromptRequest": ["idempotencyKey"]}


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
