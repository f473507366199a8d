"""The history (issue 31 item 5): when each method, type, field and variant appeared, and
each breaking change's release, derived by acp-spec diff over the upstream releases kept in
spec/upstream/releases/ and the spec; every method and type page says its "since", every
field and variant carries it, and the retry table has a Since column."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any

import pytest
from acp_spec.emit.docs import DOCS_DIR
from acp_spec.emit.docs.paths import method_page, type_page
from acp_spec.history import HISTORY_PATH, SPEC_RELEASE, compute, emit_history, history_of
from acp_spec.index import index_of
from acp_spec.model import Release, Spec
from acp_spec.side_files import RELEASE_SCHEMA, RELEASES_FILE, read_releases

ROOT = Path(__file__).resolve().parents[1]
SPEC_DIR = ROOT / "spec"


@pytest.fixture(scope="module")
def history(real_spec: Spec) -> dict[str, Any]:
    found = compute(real_spec, index_of(real_spec))
    assert found is not None
    return found


def _raw_releases() -> list[tuple[str, dict[str, Any]]]:
    """The releases as the files hold them, read here without the toolchain."""
    listed = json.loads((SPEC_DIR / RELEASES_FILE).read_text("utf-8"))["releases"]
    folder = (SPEC_DIR / RELEASES_FILE).parent
    return [
        (r["id"], json.loads((folder / r["schemas"] / RELEASE_SCHEMA).read_text("utf-8")))
        for r in listed
    ]


def test_the_spec_keeps_the_five_upstream_releases_oldest_first(real_spec: Spec) -> None:
    assert [r.id for r in real_spec.releases] == [
        "main@b7f0005",
        "2.0.0",
        "2.1.0",
        "2.2.0",
        "2.4.0",
    ]
    # the newest is the release the spec follows, the snapshot it is checked against
    assert real_spec.releases[-1].schema == real_spec.upstream.unstable
    assert [r.date for r in real_spec.releases] == sorted(r.date for r in real_spec.releases)


def test_each_def_and_property_is_since_the_first_release_of_its_last_unbroken_run(
    real_spec: Spec, history: dict[str, Any]
) -> None:
    """Computed again here from the raw files: the first release, walking back from the
    newest, after which the element is in every release (``spec`` if the newest lacks it)."""
    raw = _raw_releases()
    for name in real_spec.types:
        expected = SPEC_RELEASE
        for release, schema in reversed(raw):
            if name not in schema["$defs"]:
                break
            expected = release
        assert history["since"]["types"][name] == expected, name
    fields = history["since"]["fields"]
    for key, since in fields.items():
        name, field = key.split(".", 1)
        expected = SPEC_RELEASE
        for release, schema in reversed(raw):
            if field not in schema["$defs"].get(name, {}).get("properties", {}):
                break
            expected = release
        assert since == expected, key


def test_known_facts_of_the_releases(history: dict[str, Any]) -> None:
    since = history["since"]
    assert since["methods"]["session/prompt"] == "main@b7f0005"
    assert since["methods"]["session/archive"] == "2.4.0"  # the README of the npm copies
    assert since["fields"]["PromptResponse.messageId"] == "2.0.0"
    assert since["types"]["IdempotencyKey"] == SPEC_RELEASE
    assert since["fields"]["PromptRequest.idempotencyKey"] == SPEC_RELEASE
    assert since["variants"]["SessionUpdate<agent_message_chunk>"] == "main@b7f0005"
    added = [
        c
        for c in history["breaking"]
        if c["where"] == "#/$defs/PromptResponse/properties/messageId"
    ]
    assert [(c["release"], c["rule"]) for c in added] == [("2.0.0", "property-required-added")]
    # the spec's own step: its departure on mcp/message's direction
    own = {c["rule"] for c in history["breaking"] if c["release"] == SPEC_RELEASE}
    assert own == {"method-direction-changed"}


def test_a_gap_starts_the_run_again(real_spec: Spec) -> None:
    """An element gone from a release and back later is since its return."""
    releases = list(real_spec.releases)
    middle = releases[2]
    defs = {k: v for k, v in middle.schema["$defs"].items() if k != "PromptRequest"}
    releases[2] = dataclasses.replace(middle, schema={**middle.schema, "$defs": defs})
    spec = dataclasses.replace(real_spec, releases=tuple(releases))
    found = compute(spec, index_of(spec))
    assert found is not None
    assert found["since"]["types"]["PromptRequest"] == releases[3].id
    assert found["since"]["fields"]["PromptRequest.sessionId"] == releases[3].id
    assert found["since"]["types"]["PromptResponse"] == "main@b7f0005"


def test_the_committed_history_is_what_generate_writes_and_is_deterministic(
    real_spec: Spec,
) -> None:
    made = emit_history(real_spec, index_of(real_spec))
    assert made[HISTORY_PATH] == (ROOT / HISTORY_PATH).read_bytes()
    again = compute(real_spec, index_of(real_spec))
    assert json.dumps(again, indent=1, ensure_ascii=False).encode() + b"\n" == made[HISTORY_PATH]


def test_no_releases_no_history(real_spec: Spec) -> None:
    spec = dataclasses.replace(real_spec, releases=())
    assert emit_history(spec, index_of(spec)) == {}
    assert history_of(spec, index_of(spec)) is None


def test_a_broken_release_list_is_a_problem_with_its_place(tmp_path: Path) -> None:
    assert read_releases(tmp_path) == ()  # no list: no history
    listed = tmp_path / RELEASES_FILE
    listed.parent.mkdir(parents=True)
    listed.write_text('{"releases": [{"id": "1", "title": "t", "date": "d", "schemas": "x"}]}')
    problem = read_releases(tmp_path)
    assert not isinstance(problem, tuple)
    assert problem.position.file == str(listed)
    assert "cannot read the releases" in problem.message
    (listed.parent / "x").mkdir()
    (listed.parent / "x" / RELEASE_SCHEMA).write_text('{"$defs": {}}')
    found = read_releases(tmp_path)
    assert isinstance(found, tuple)
    assert found == (Release("1", "t", "d", {"$defs": {}}),)


# ── the pages ──


def test_every_method_and_type_page_says_since(real_spec: Spec, real_docs: dict[str, str]) -> None:
    for name in real_spec.methods:
        text = real_docs[f"{DOCS_DIR}/{method_page(name)}"]
        line = re.search(r"^- \*\*Since:\*\* (.+)$", text, re.M)
        assert line and "not recorded" not in line.group(1), name
    for name in real_spec.types:
        text = real_docs[f"{DOCS_DIR}/{type_page(name)}"]
        line = re.search(r"^\*\*Since:\*\* (.+)$", text, re.M)
        assert line and "not recorded" not in line.group(1), name
    prompt = real_docs[f"{DOCS_DIR}/{method_page('session/archive')}"]
    assert "- **Since:** @agentclientprotocol/sdk 2.4.0 (2026-11-02)\n" in prompt
    key = real_docs[f"{DOCS_DIR}/{type_page('IdempotencyKey')}"]
    assert "**Since:** this spec: not in upstream's release 2.4.0" in key


_FIELD = re.compile(
    r"^#+ `[^`]+` \{ #(?P<anchor>[^ ]+) \}\n\n(?P<meta><p class=\"acp-field__meta\".*)$", re.M
)


def test_every_field_and_variant_on_its_type_page_carries_its_since(
    real_spec: Spec, real_docs: dict[str, str], history: dict[str, Any]
) -> None:
    checked = 0
    for name in real_spec.types:
        text = real_docs[f"{DOCS_DIR}/{type_page(name)}"]
        for found in _FIELD.finditer(text):
            anchor = found["anchor"]
            if not anchor.startswith(f"{name}.") or "-" in anchor.removeprefix(f"{name}."):
                continue  # a variant's own anchor, or an inline member's field
            since = history["since"]["fields"][anchor]
            label = "this spec" if since == SPEC_RELEASE else since
            assert f">since {label}</span>" in found["meta"], anchor
            checked += 1
    assert checked >= len(history["since"]["fields"]) * 0.9
    union = real_docs[f"{DOCS_DIR}/{type_page('SessionUpdate')}"]
    variants = union.partition("## Variants")[2]
    assert variants.count("acp-tag--since") >= len(
        [k for k in history["since"]["variants"] if k.startswith("SessionUpdate<")]
    )


def test_pages_list_their_breaking_changes_under_each_release(real_docs: dict[str, str]) -> None:
    prompt = real_docs[f"{DOCS_DIR}/{method_page('session/prompt')}"]
    table = prompt.partition("## Breaking changes { #breaking-changes }")[2].partition("\n## ")[0]
    assert "| 2.0.0 (2026-10-19) | PromptResponse.messageId added, required:" in table
    mcp = real_docs[f"{DOCS_DIR}/{method_page('mcp/message')}"]
    assert (
        "| this spec | mcp/message (request) was sent agent-to-client and is now sent both |" in mcp
    )


def test_the_retry_table_has_a_since_column(real_spec: Spec, real_docs: dict[str, str]) -> None:
    text = real_docs[f"{DOCS_DIR}/retry-classes.md"]
    assert "| Method | Sent by | Class | Sending it again | Source | Since |" in text
    rows = [line for line in text.splitlines() if "data-retry-class=" in line]
    assert len(rows) >= len(real_spec.methods)
    for row in rows:
        since = row.rstrip(" |").rsplit("|", 1)[1].strip()
        assert since in {"main@b7f0005", "2.0.0", "2.1.0", "2.2.0", "2.4.0", "this spec"}, row


def test_the_history_command_prints_each_release_and_each_names_since(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from acp_spec.cli import main

    assert main(["--spec", str(SPEC_DIR / "acp-v2.yaml"), "history"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("main@b7f0005: upstream main at b7f0005 (2026-08-22)\n")
    assert "2.0.0: @agentclientprotocol/sdk 2.0.0 (2026-10-19)\n" in out
    assert "  breaking [property-required-added] PromptResponse.messageId added, required:" in out
    argv = ["--spec", str(SPEC_DIR / "acp-v2.yaml"), "history", "PromptResponse.messageId", "nope"]
    assert main(argv) == 1
    captured = capsys.readouterr()
    assert captured.out == "PromptResponse.messageId (field): since 2.0.0\n"
    assert (
        "nope: no method, type, Type.field or Union<tag> of the spec has that name" in captured.err
    )
