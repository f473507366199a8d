"""Vector ids keyed by what a case tests (issue 30, item 6): rewording an example republishes
digests and retires no id; a case that tests something else still takes a new id; `vectors
retire` stamps the version being prepared."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from acp_spec.emit.vectors import emit_vectors
from acp_spec.index import index_of
from acp_spec.spec import load_spec
from acp_spec.vector_ids import (
    HEADER,
    Emitted,
    emitted_ids,
    ids_path,
    meaning_of,
    parse_published,
    publish_text,
    read_published,
    retirable,
    vector_id_problems,
)
from acp_spec.vectors_cmd import UNRELEASED, preparing, stamp_unreleased
from support.paths import SPEC_PATH
from support.specs import write_spec

NAME = "spec/acp-v2.vector-ids.txt"
TEXT = HEADER + "a.one 000000000001 00000000000a\na.two 000000000002 00000000000b\n"
LINE_TWO = len(HEADER.splitlines()) + 2


def _problems(text: str, made: dict[str, Emitted]) -> list[str]:
    return [d.render() for d in vector_id_problems(parse_published(text, NAME), made)]


def test_a_reworded_case_is_republished_not_retired() -> None:
    made = {"a.one": Emitted("000000000001", "00000000000a"),
            "a.two": Emitted("0000000000ff", "00000000000b")}  # fmt: skip
    [problem] = _problems(TEXT, made)
    assert problem.startswith(f"{NAME}:{LINE_TWO}:{len('a.two ') + 1}: 1 published vector ")
    assert "changed message but not meaning" in problem and "`acp-spec vectors publish`" in problem
    published = parse_published(TEXT, NAME)
    assert retirable(published, made) == {}
    text, added, republished = publish_text(published, made)
    assert (added, republished) == ([], ["a.two"])
    assert "a.two 0000000000ff 00000000000b\n" in text and _problems(text, made) == []


def test_a_case_that_tests_something_else_changed_meaning() -> None:
    made = {"a.one": Emitted("000000000001", "00000000000a"),
            "a.two": Emitted("000000000002", "0000000000ee")}  # fmt: skip
    [problem] = _problems(TEXT, made)
    column = len("a.two 000000000002 ") + 1
    assert problem.startswith(f"{NAME}:{LINE_TWO}:{column}: published vector a.two changed meaning")
    assert "meaning 00000000000b is now 0000000000ee" in problem
    published = parse_published(TEXT, NAME)
    assert retirable(published, made) == {"a.two": "changed"}
    text, _, republished = publish_text(published, made)  # only review retires it
    assert (text, republished) == (TEXT, [])


def test_a_line_without_a_meaning_is_held_to_its_digest_and_gets_one() -> None:
    old = HEADER + "a.one 000000000001\n"
    kept = {"a.one": Emitted("000000000001", "00000000000a")}
    [problem] = _problems(old, kept)
    assert "has no meaning recorded yet (a.one)" in problem
    text, _, republished = publish_text(parse_published(old, NAME), kept)
    assert republished == ["a.one"] and text.endswith("a.one 000000000001 00000000000a\n")
    reworded = {"a.one": Emitted("0000000000ff", "00000000000a")}  # no meaning to tell by
    assert retirable(parse_published(old, NAME), reworded) == {"a.one": "changed"}


def test_the_meaning_is_what_a_case_tests_not_its_message() -> None:
    group = {"method": "session/prompt", "kind": "request", "def": "PromptRequest"}
    case = {"id": "x", "message": "{}", "expect": {"error": -32602}}
    assert meaning_of(group, {**case, "message": '{"a": 1}'}) == meaning_of(group, case)
    assert meaning_of(group, {**case, "expect": {"valid": True}}) != meaning_of(group, case)
    tolerant = {**case, "tolerant": {"valid": True, "repairs": []}}
    assert meaning_of(group, tolerant) != meaning_of(group, case)
    assert meaning_of({**group, "def": "Other"}, case) != meaning_of(group, case)


@pytest.mark.slow  # the spec loaded and its vectors made: seconds
def test_rewording_an_example_retires_no_id(tmp_path: Path) -> None:
    """The issue's case: the prompt text of the session/prompt example the cases are made
    of reworded. Before, 65 published ids "changed meaning", to be retired and replaced by
    `.rev2` ids."""
    text = SPEC_PATH.read_text(encoding="utf-8")
    old = "Can you analyze this code for potential issues?"
    at = text.index(old, text.index("\n  session/prompt:\n"))
    path = write_spec(tmp_path, text[:at] + "Please review this code" + text[at + len(old) :])
    spec = load_spec(path)
    made = emitted_ids(emit_vectors(spec, index_of(spec)))
    published = read_published(ids_path(path))
    problems = [d.render() for d in vector_id_problems(published, made)]
    assert len(problems) == 1 and "changed message but not meaning" in problems[0]
    assert retirable(published, made) == {}
    fixed, added, republished = publish_text(published, made)
    assert added == [] and len(republished) > 10
    assert all(i.startswith(("session-prompt.", "proxy-successor.")) for i in republished)
    assert vector_id_problems(parse_published(fixed, "ids"), made) == []


def test_retire_stamps_the_version_being_prepared(tmp_path: Path) -> None:
    """Retired after 2.4.0 with no newer release taken: `unreleased`, which the next
    `upstream take` stamps; with a newer release taken and not committed: that one."""
    spec = load_spec(SPEC_PATH)
    assert spec.upstream.version == "2.4.0"
    assert preparing(tmp_path / "acp-v2.yaml", spec) == UNRELEASED  # no repository
    repo = tmp_path / "repo"
    path = write_spec(repo / "spec")

    def git(*args: str) -> None:
        subprocess.run(["git", "-C", str(repo), "-c", "user.name=t", "-c",
                        "user.email=t@example.com", *args], check=True, capture_output=True)  # fmt: skip

    git("init", "-q")
    git("add", "-A")
    git("commit", "-qm", "spec")
    assert preparing(path, spec) == UNRELEASED
    taken = spec.upstream.__class__(**{**spec.upstream.__dict__, "version": "2.5.0"})
    assert preparing(path, spec.__class__(**{**spec.__dict__, "upstream": taken})) == "2.5.0"
    ids = "a.x 000000000001 retired unreleased a reason\nb.y 000000000002 retired 2.4.0 r\n"
    assert stamp_unreleased(ids, "2.5.0") == (
        "a.x 000000000001 retired 2.5.0 a reason\nb.y 000000000002 retired 2.4.0 r\n"
    )


def test_retire_takes_an_id_with_brackets_as_written(tmp_path: Path) -> None:
    """Ids hold brackets (`mcpServers[stdio]`), which a shell-style pattern reads as a set
    of characters: the id as written is retired, not refused as matching nothing."""
    from acp_spec.vectors_cmd import retire

    path = write_spec(tmp_path / "spec")
    ids = ids_path(path)
    wanted = "session-new.params.mcpServers[stdio].args.null.rev2"
    lines = ids.read_text("utf-8").splitlines()
    [at] = [n for n, line in enumerate(lines) if line.split(" ", 1)[0] == wanted]
    name, digest, _meaning = lines[at].split(" ")
    lines[at] = f"{name} {digest} 000000000000"  # published meaning something else
    ids.write_text("\n".join(lines) + "\n", "utf-8")
    assert retire(path, [wanted], reason="it tests something else now", version="2.4.0") == 0
    retired = parse_published(ids.read_text("utf-8"), NAME).retired
    assert wanted in retired
