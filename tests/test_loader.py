"""The loader's limits: nesting depth, numbers JSON cannot hold, exact positions, and
patterns matched in bounded time.

Positions are computed from how each text is built (the line it is put on, the index of a
marker in that line), never written as numbers. Whatever can crash or hang runs the real
command in a subprocess with a timeout; the rest calls the loader in process.
"""

from __future__ import annotations

import copy
import functools
import pickle
import re
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
from acp_spec import formatcheck, yamlsource
from acp_spec.diagnostics import SpecError
from acp_spec.yamlsource import MAX_DEPTH, loads
from support.spec_edits import MARK, SPEC, edit, resolve, run_check

FAST = 20  # seconds: a refusal that takes longer than this is a hang in disguise


def problems(text: str | bytes) -> list[tuple[int, int, str]]:
    """(line, column, message) of each problem the loader reports in ``text``."""
    raw = text.encode("utf-8") if isinstance(text, str) else text
    with pytest.raises(SpecError) as caught:
        loads(raw, "spec.yaml")
    return [(d.position.line, d.position.column, d.message) for d in caught.value.diagnostics]


def reported(found: Sequence[tuple[int, int, str]], line: int, col: int, says: str) -> bool:
    return any((ln, c) == (line, col) and says in message for ln, c, message in found)


def check_output(spec: Path, timeout: float = FAST) -> tuple[int, str]:
    started = time.monotonic()
    result = run_check(spec, timeout)
    elapsed = time.monotonic() - started
    assert elapsed < timeout
    output = result.stdout + result.stderr
    assert "Traceback" not in output
    return result.returncode, result.stderr


# ── 1. nesting depth ──


def nested(kind: str, depth: int) -> tuple[str, tuple[int, int] | None]:
    """A spec whose title nests ``depth`` levels deep, and where the first node past the limit
    is. The title's value is one level deep; piece i of the nesting is i + 1 levels deep."""
    if kind == "flow":
        head, pieces, tail = "title: ", ["["] * depth, "]" * depth + "\n"
    elif kind == "compact":  # block sequences nested on one line (- - - x): deep in few bytes
        head, pieces, tail = "title:\n", ["- "] * (depth - 1) + ["x"], "\n"
    else:  # block mappings, each key indented one more than its parent's
        keys = [f"\n{' ' * level}k:" for level in range(1, depth)]
        head, pieces, tail = "title:", [*keys, " x"], "\n"
    if len(pieces) > MAX_DEPTH:
        first = pieces[MAX_DEPTH]
        bare = first.lstrip()
        pieces[MAX_DEPTH] = first[: len(first) - len(bare)] + MARK + bare
    text, marks = resolve("version: 2\n" + head + "".join(pieces) + tail)
    return text, marks[0] if marks else None


KINDS = ["flow", "compact", "block"]


@pytest.mark.parametrize("kind", KINDS)
def test_the_depth_limit_is_where_it_says(kind: str) -> None:
    text, _ = nested(kind, MAX_DEPTH)
    assert loads(text.encode(), "spec.yaml").data["title"]  # exactly at the limit: accepted
    for depth in (MAX_DEPTH + 1, MAX_DEPTH + 2, 3 * MAX_DEPTH):
        text, where = nested(kind, depth)
        assert where is not None
        found = problems(text)
        assert reported(found, *where, f"nested more than {MAX_DEPTH} levels deep; flatten it")
        assert len(found) == 1, found


@pytest.mark.parametrize("kind, depth", [("flow", 30_000), ("compact", 30_000), ("block", 2_000)])
def test_a_deep_document_is_refused_not_crashed(kind: str, depth: int, tmp_path: Path) -> None:
    """ruamel's C composer overflowed the C stack on these (exit 139, and nothing said)."""
    text, where = nested(kind, depth)
    assert where is not None
    spec = tmp_path / "acp-v2.yaml"
    spec.write_text(text, encoding="utf-8")
    code, stderr = check_output(spec)
    assert code == 1, f"exit {code}:\n{stderr}"
    line, col = where
    assert f"{spec}:{line}:{col}: nested more than {MAX_DEPTH} levels deep; flatten it" in stderr


def test_a_deep_flow_is_refused_in_linear_time(tmp_path: Path) -> None:
    """The scanner's work per token grows with the flow depth, so reading on past the limit
    would be quadratic: 4 MiB of '[' would take hours. (A subprocess: before the limit
    stopped the parse, this crashed the interpreter.)"""
    spec = tmp_path / "acp-v2.yaml"
    spec.write_text("version: 2\ntitle: " + "[" * (4 * 1024 * 1024), encoding="utf-8")
    started = time.monotonic()
    code, stderr = check_output(spec)
    assert time.monotonic() - started < 10
    assert code == 1
    col = len("title: ") + MAX_DEPTH + 1  # the k-th '[' is k levels deep
    assert f"{spec}:2:{col}: nested more than {MAX_DEPTH} levels deep" in stderr


# ── 2. numbers JSON cannot hold ──

NON_FINITE = [".nan", ".NaN", ".NAN", ".inf", "+.inf", "-.inf", ".Inf", "-.INF", "1e999", "-1e400"]


@pytest.mark.parametrize("number", NON_FINITE)
def test_a_non_finite_number_is_refused_where_it_is(number: str) -> None:
    lines = ["version: 2", "types:", "  T:", "    type: number", f"    maximum: {number}"]
    found = problems("\n".join(lines) + "\n")
    assert reported(found, len(lines), lines[-1].index(number) + 1, f"{number!r} is not a finite "
                    "number; JSON has no NaN or infinity; write a finite number or quote it")  # fmt: skip


def test_a_non_finite_number_in_a_flow_collection_or_with_a_tag() -> None:
    text, marks = resolve(
        f"a: [1, {MARK}.nan]\nb: {{c: {MARK}!!float .inf}}\nd: {MARK}!!float 1e999\n"
    )
    found = problems(text)
    assert len(found) == len(marks)
    for line, col in marks:
        assert reported(found, line, col, "is not a finite number"), found


LIMIT = sys.get_int_max_str_digits()


@pytest.mark.parametrize(
    "number",
    ["9" * (LIMIT + 1), "-" + "1_" * (LIMIT + 1) + "0", "0x" + "f" * LIMIT, "0o" + "7" * (LIMIT + 700)],
    ids=["decimal", "underscored", "hexadecimal", "octal"],
)  # fmt: skip
def test_an_integer_too_long_to_write_is_refused_where_it_is(number: str) -> None:
    """Python reads no decimal integer of more digits than its limit, and writes none: a
    hexadecimal one it reads made json.dumps fail in the vectors emitter, an internal error."""
    found = problems(f"version: 2\nexample:\n  n: {number}\n")
    assert reported(found, 3, 6, f"{number[:16]}… is an integer of more than {LIMIT} decimal "
                    "digits, more than the generated JSON can hold"), found  # fmt: skip


def test_an_integer_just_within_the_limit_loads() -> None:
    assert loads(f"n: {'9' * LIMIT}\n".encode(), "s").data == {"n": int("9" * LIMIT)}


def test_finite_and_quoted_numbers_still_load() -> None:
    data = loads(b"a: 1e3\nb: '.nan'\nc: \"1e999\"\nd: -0.0\ne: 12345678901234567890\n", "s").data
    assert data == {"a": 1000.0, "b": ".nan", "c": "1e999", "d": -0.0, "e": 12345678901234567890}


def test_check_refuses_nan_in_an_example(tmp_path: Path) -> None:
    marked = edit("methods", "session/close", "sessionId: sess_789xyz", f"sessionId: {MARK}.nan")(
        SPEC.read_text(encoding="utf-8")
    )
    text, [(line, col)] = resolve(marked)
    spec = tmp_path / "acp-v2.yaml"
    spec.write_text(text, encoding="utf-8")
    code, stderr = check_output(spec, 120)
    assert code == 1
    assert f"{spec}:{line}:{col}: '.nan' is not a finite number" in stderr, stderr


# ── 3. exact positions ──

# A position is (line, column): lines end at LF, CRLF or CR, as in YAML 1.2 and in editors,
# and columns count characters. The texts here are built line by line, so each mark's place
# is known from the list of lines, independently of how the loader counts.
BREAKS = {"LF": "\n", "CRLF": "\r\n", "CR": "\r"}


def place(lines: Sequence[str], newline: str) -> tuple[str, list[tuple[int, int]]]:
    """The text of ``lines`` without their marks, and the (line, column) of each mark."""
    marks = []
    clean = []
    for number, line in enumerate(lines, start=1):
        while MARK in line:
            marks.append((number, line.index(MARK) + 1))
            line = line.replace(MARK, "", 1)
        clean.append(line)
    return newline.join(clean) + newline, marks


# Where a character is put (at the first mark): in the middle of a plain value, of a quoted
# string, of a key, of a flow collection, of a comment, at the end of a line.
PLACES = {
    "plain": f"  second: two {MARK}words",
    "double-quoted": f'  second: "two {MARK}words"',
    "single-quoted": f"  second: 'two {MARK}words'",
    "key": f"  sec{MARK}ond: two words",
    "flow": f"  second: [two, {MARK}words]",
    "comment": f"  second: two words  # a {MARK}comment",
    "line-end": f"  second: two words{MARK}",
}


def with_a_later_duplicate(line: str) -> list[str]:
    """A spec with ``line`` in it and a duplicate key two lines after it."""
    return ["version: 2", "notes:", "  first: one", line, "  third: three", f"  {MARK}first: again"]


REFUSED = {
    "\x00": "#x0000 (NUL) is not allowed in YAML",
    "\x07": "#x0007 is not allowed in YAML",
    "\x0b": "#x000b (vertical tab) is not allowed in YAML",
    "\x0c": "#x000c (form feed) is not allowed in YAML",
    "\x1b": "#x001b (escape) is not allowed in YAML",
    "\x7f": "#x007f (DEL) is not allowed in YAML",
    "\x80": "#x0080 is not allowed in YAML",
    "\x85": "#x0085 (next line, NEL) is not allowed",
    "\u2028": "#x2028 (line separator) is not allowed",
    "\u2029": "#x2029 (paragraph separator) is not allowed",
    "\ufffe": "#xfffe is not allowed in YAML",
}


@pytest.mark.parametrize("newline", BREAKS.values(), ids=BREAKS.keys())
@pytest.mark.parametrize("character", REFUSED, ids=[f"U+{ord(c):04X}" for c in REFUSED])
def test_a_refused_character_and_what_follows_it_are_reported_exactly(
    character: str, newline: str
) -> None:
    for where, line in PLACES.items():
        lines = with_a_later_duplicate(line.replace(MARK, MARK + character, 1))
        text, [at, duplicate] = place(lines, newline)
        found = problems(text)
        assert reported(found, *at, REFUSED[character]), (where, found)
        assert "remove it" in found[0][2] and "double-quoted string" in found[0][2]
        assert reported(found, *duplicate, "duplicate key 'first' (first defined at line 3)"), (
            where,
            found,
        )
        assert len(found) == 2, (where, found)


@pytest.mark.parametrize("character", ["\x85", "\u2028", "\u2029", "\x0c", "\x0b"])
def test_a_break_like_character_alone_on_a_line_or_between_keys(character: str) -> None:
    """Where a YAML 1.1 reader would end a line, we do not: the next line keeps its number."""
    alone = ["version: 2", "notes:", "  first: one", MARK + character, f"  {MARK}first: again"]
    text, [at, duplicate] = place(alone, "\n")
    found = problems(text)
    assert reported(found, *at, "is not allowed") and reported(found, *duplicate, "duplicate key")
    # Read as YAML 1.2 reads it, 'b c: d' is one line holding a second ': ', an error that
    # only echoes the refused character: it is not reported.
    between = ["version: 2", f"a: b{MARK}{character}c: d", "e: f"]
    text, [at] = place(between, "\n")
    found = problems(text)
    assert len(found) == 1 and reported(found, *at, "is not allowed"), found


ACCEPTED = {
    "tab": "\t",
    "no-break space": "\u00a0",
    "combining accent": "e\u0301",
    "CJK": "\u4e2d\u6587",
    "emoji (astral)": "\U0001f600\U0001f600",
    "zero-width joiner": "\u200d",
}


@pytest.mark.parametrize("newline", BREAKS.values(), ids=BREAKS.keys())
@pytest.mark.parametrize("text", ACCEPTED.values(), ids=ACCEPTED.keys())
def test_accepted_characters_move_no_position(text: str, newline: str) -> None:
    lines = [
        "version: 2",
        f"notes: {{a: {text}, b: 2, {MARK}a: 3}}",
        f"  # {text} in a comment",
        f'more: "{text}" # {text}',
        f"{MARK}notes: again",
    ]
    source, marks = place(lines, newline)
    found = problems(source)
    assert len(found) == len(marks), found
    for line, col in marks:
        assert reported(found, line, col, "duplicate key"), found
    assert loads(source.replace("notes: again", "other: 1").replace(", a: 3", "").encode(), "s")


def test_the_refused_characters_are_counted_but_capped() -> None:
    lines = [f"a{MARK}\x01" * 30]
    text, marks = place(lines, "\n")
    found = problems(text)
    assert [(line, col) for line, col, _ in found] == marks[:20]


@pytest.mark.parametrize("newline", BREAKS.values(), ids=BREAKS.keys())
def test_a_tab_in_indentation_after_other_line_breaks(newline: str) -> None:
    """Python's str.splitlines also ends lines at a form feed, NEL, LS, PS: not we."""
    lines = [f"a: x{MARK}\x0cy\u2028z\x85w", "b:", f"{MARK}\t c: 1"]
    text, [character, tab] = place(lines, newline)
    found = problems(text)
    assert reported(found, *character, "form feed") and reported(found, *tab, "tab in indentation")


@pytest.mark.parametrize("newline", BREAKS.values(), ids=BREAKS.keys())
def test_invalid_utf8_after_other_line_breaks(newline: str) -> None:
    lines = ["a: 1", "b: x\u2028y", f"c: é{MARK}"]
    text, [(line, col)] = place(lines, newline)
    before, after = text.encode("utf-8").rsplit("é".encode(), 1)
    found = problems(before + "é".encode() + b"\xff" + after)
    assert reported(found, line, col, "byte 0xff is not UTF-8")


def test_a_nul_in_the_real_spec_is_reported_where_it_is(tmp_path: Path) -> None:
    """libyaml reports a refused character by its byte offset, which the spec's non-ASCII
    text before it had pushed lines too far."""
    marked = edit(
        "methods", "session/close", "sessionId: sess_789xyz", f"sessionId: sess_{MARK}\x00789xyz"
    )(SPEC.read_text(encoding="utf-8"))
    text, [(line, col)] = resolve(marked)
    spec = tmp_path / "acp-v2.yaml"
    spec.write_text(text, encoding="utf-8")
    code, stderr = check_output(spec)
    assert code == 1
    assert f"{spec}:{line}:{col}: character #x0000 (NUL) is not allowed in YAML" in stderr, stderr
    assert len(stderr.splitlines()) == 2, stderr  # the character and the count


# ── 4. patterns matched in bounded time ──

CATASTROPHIC = "^(a+)+$"  # Python's re takes minutes to find that a's and a '!' do not match
EVIL = "a" * 32 + "!"


def with_a_pattern(pattern: str, session_id: str) -> str:
    """The real spec, session/close's sessionId constrained by ``pattern`` (marked), and its
    example's sessionId (marked) replaced by ``session_id``."""
    return edit(
        "types",
        "CloseSessionRequest",
        "        $ref: SessionId\n",
        f"        $ref: SessionId\n        pattern: {MARK}'{pattern}'\n",
    )(
        edit(
            "methods",
            "session/close",
            "sessionId: sess_789xyz",
            f"sessionId: {MARK}{session_id}",
        )(SPEC.read_text(encoding="utf-8"))
    )


def test_check_with_a_catastrophic_pattern_finishes_fast(tmp_path: Path) -> None:
    text, [example, _] = resolve(with_a_pattern(CATASTROPHIC, EVIL))
    spec = tmp_path / "acp-v2.yaml"
    spec.write_text(text, encoding="utf-8")
    started = time.monotonic()
    code, stderr = check_output(spec, 60)
    assert time.monotonic() - started < 10, "the pattern was matched by backtracking"
    assert code == 1
    line, col = example
    assert (
        f"{spec}:{line}:{col}: example 'Close an active session' does not match "
        f"CloseSessionRequest at params › sessionId: '{EVIL}' does not match '{CATASTROPHIC}'"
    ) in stderr, stderr


@pytest.mark.parametrize(
    "pattern, says",
    [
        ("^(?=a)a+$", "invalid perl operator: (?="),
        ("^(?<!b)a$", "invalid perl operator: (?<!"),
        ("^(a)\\1$", "invalid escape sequence: \\1"),
    ],
)
def test_a_pattern_only_a_backtracking_engine_runs_is_refused_at_the_pattern(
    pattern: str, says: str, tmp_path: Path
) -> None:
    from acp_spec.spec import load_spec

    text, [_, at] = resolve(with_a_pattern(pattern, "aaa"))
    spec = tmp_path / "acp-v2.yaml"
    spec.write_text(text, encoding="utf-8")
    with pytest.raises(SpecError) as caught:
        load_spec(spec)
    found = [(d.position.line, d.position.column, d.message) for d in caught.value.diagnostics]
    assert reported(found, *at, f"is not a valid regular expression ({says}"), found
    assert reported(found, *at, "lookaround and backreferences are not available"), found
    assert reported(found, *at, "fix the pattern"), found


def test_patterns_are_matched_in_linear_time() -> None:
    from acp_spec.patterns import search

    started = time.monotonic()
    assert not search(CATASTROPHIC, "a" * 100_000 + "!")
    assert not search("^(a|a)*$", "a" * 100_000 + "!")
    assert not search("^(.*a){20}$", "a" * 1_000 + "!")
    assert time.monotonic() - started < 1


@pytest.mark.parametrize(
    "pattern, text, matches",
    [
        ("^[A-Z]{3}$", "USD", True),
        ("^[A-Z]{3}$", "USD\n", False),  # ECMA's $ is the end of the text; Python's re says True
        ("[0-9]", "abc1", True),  # pattern searches, as JSON Schema says; no implicit anchors
        ("^\\u0041\\u{1F600}$", "A\U0001f600", True),  # ECMA escapes, which RE2 spells \x{...}
        ("^\\\\u0041$", "\\u0041", True),  # an escaped backslash, then a plain 'u0041'
        ("^[\\u0061-\\u007a]+$", "abc", True),
        ("^.$", "\ud800", True),  # a lone surrogate (JSON can hold one) is one character
        ("^\\w+$", "été", False),  # ECMA's \w is ASCII, as RE2's; Python's re says True
    ],
)
def test_patterns_mean_what_ecma_262_says(pattern: str, text: str, matches: bool) -> None:
    from acp_spec.patterns import compile_error, search

    assert compile_error(pattern) is None
    assert search(pattern, text) is matches


def test_the_models_engine_agrees() -> None:
    """The generated pydantic models match patterns with Rust's regex crate: every pattern
    the rules accept compiles there too, and both engines say the same."""
    from typing import Annotated

    from acp_spec.patterns import compile_error, search
    from acp_spec.spec import load_spec
    from pydantic import ConfigDict, StringConstraints, TypeAdapter
    from pydantic import ValidationError as PydanticError

    written = re.findall(r"^ *pattern: (.+)$", SPEC.read_text(encoding="utf-8"), re.M)
    assert load_spec(SPEC)  # the spec's own patterns are accepted
    patterns = [p.strip("'\"") for p in written if not p.startswith("|")]
    patterns += [CATASTROPHIC, "^[a-z][a-z0-9]*(_[a-z0-9]+)*$", "^https://[^\\s]+$", "\\bid\\b"]
    texts = ["USD", "usd", "", "aaa", EVIL, "snake_case_1", "https://x.y/z", "my id", "été"]
    for pattern in patterns:
        assert compile_error(pattern) is None, pattern
        rust = TypeAdapter(
            Annotated[str, StringConstraints(pattern=pattern)],
            config=ConfigDict(regex_engine="rust-regex"),
        )
        for text in texts:
            try:
                rust.validate_python(text)
                models = True
            except PydanticError:
                models = False
            assert search(pattern, text) is models, (pattern, text)
    for pattern in ("(?=a)", "(a)\\1"):
        assert compile_error(pattern) is not None
        with pytest.raises(Exception, match=r"look-around|backreferences"):
            TypeAdapter(
                Annotated[str, StringConstraints(pattern=pattern)],
                config=ConfigDict(regex_engine="rust-regex"),
            )


def test_validator_for_matches_every_pattern_keyword_in_linear_time() -> None:
    from acp_spec.patterns import validator_for
    from jsonschema import Draft202012Validator

    schema = {
        "type": "object",
        "properties": {"p": {"pattern": CATASTROPHIC}, "q": {}},
        "patternProperties": {"^x-(a+)+$": {"type": "string"}},
        "additionalProperties": False,
        "propertyNames": {"pattern": "^(x|p|q)"},
    }
    instance = {"p": EVIL * 100, "x-" + "a" * 3000: 1, "x-" + "a" * 3000 + "!": 2, "q": 3}
    started = time.monotonic()
    messages = sorted(e.message for e in validator_for(schema).iter_errors(instance))
    assert time.monotonic() - started < 1
    assert messages == sorted(
        [
            "'x-" + "a" * 3000 + "!' does not match any of the regexes: '^x-(a+)+$'",
            f"'{EVIL * 100}' does not match '{CATASTROPHIC}'",
            "1 is not of type 'string'",
        ]
    )
    # without patternProperties, jsonschema's own verdicts and messages
    plain = {"properties": {"a": {}}, "additionalProperties": False}
    assert [e.message for e in validator_for(plain).iter_errors({"a": 1, "b": 2})] == [
        e.message for e in Draft202012Validator(plain).iter_errors({"a": 1, "b": 2})
    ]
    # evolve(), as the emitters use it, keeps the bounded matching
    evolved = validator_for(schema).evolve(schema={"pattern": CATASTROPHIC})
    started = time.monotonic()
    assert not evolved.is_valid("a" * 100_000 + "!")
    assert time.monotonic() - started < 1


def test_validator_for_resolves_references_in_a_registry() -> None:
    from acp_spec.patterns import validator_for
    from referencing import Registry, Resource
    from referencing.jsonschema import DRAFT202012

    root = {"$id": "urn:t", "$defs": {"A": {"type": "string", "pattern": CATASTROPHIC}}}
    registry: Registry[object] = Registry().with_resource(
        "urn:t", Resource.from_contents(root, DRAFT202012)
    )
    validator = validator_for({"$ref": "urn:t#/$defs/A"}, registry=registry)
    assert validator.is_valid("aaa") and not validator.is_valid(EVIL * 1000)


def test_the_compiled_verdict_matches_patterns_with_re2_and_sees_every_edit() -> None:
    """The rules ask a compiled verdict (jsonschema_rs) before python's validator: it must
    agree with ``validator_for`` on every value, its patterns matched by RE2 (jsonschema_rs's
    own engine says the opposite of RE2 on both of these), and answer for the defs as they
    are when asked, an edit in place included."""
    from acp_spec import patterns, verdicts

    defs: dict[str, Any] = {
        "Space": {"type": "string", "pattern": "^\\s$"},  # RE2's \s is ASCII white space
        "One": {"type": "string", "pattern": "^.$"},  # RE2's . takes a carriage return
        "Pair": {
            "type": "object",
            "properties": {"s": {"$ref": "#/$defs/Space"}, "o": {"$ref": "#/$defs/One"}},
            "required": ["s"],
        },
    }
    values: list[tuple[str, Any]] = [
        ("Space", "\xa0"), ("Space", " "), ("One", "\r"), ("One", "ab"),
        ("Pair", {"s": "\xa0"}), ("Pair", {"s": " ", "o": "\r"}), ("Pair", {}),
    ]  # fmt: skip

    def python(name: str, value: Any) -> bool:
        schema = {"$defs": defs, "$ref": f"#/$defs/{name}"}
        return bool(patterns.validator_for(schema).is_valid(value))

    verdict = verdicts.defs_verdict(defs)
    expected = [python(n, v) for n, v in values]
    assert expected == [False, True, True, False, False, True, False]
    assert [verdict(n, v) for n, v in values] == expected
    defs["Space"]["pattern"] = "^\\S$"  # edited in place: a cache keyed by the object misses it
    edited = verdicts.defs_verdict(defs)
    expected = [python(n, v) for n, v in values]
    assert expected == [True, False, True, False, True, False, False]
    assert [edited(n, v) for n, v in values] == expected
    assert verdict("Space", " ") is True  # the verdict made before answers for what it was given
    # what it cannot decide as python's would, it leaves to python's
    assert verdict("Nowhere", 1) is None
    open_keys = {"Open": {"patternProperties": {"^\\w": {"type": "string"}}}}
    assert verdicts.defs_verdict(open_keys)("Open", {"a": 1}) is None


# --- the format check's fast path never accepts what python's jsonschema refuses ------------

# (where in the spec data, a value): values where the two regex dialects could part
ODD_NAMES: list[tuple[tuple[str, ...], str]] = [
    (("methods", "session/prompt", "docs"), "https://example.com/\x1cx"),
    (("methods", "session/prompt", "docs"), "https://example.com/é"),
    (("methods", "session/prompt", "docs"), "https://example.com/a b"),
    (("methods", "session/prompt", "docs"), "https://example.com/a\n"),
    (("methods", "session/prompt", "docs"), "https://example.com/a"),
    (("methods", "session/prompt", "request", "params"), "PromptRequest\n"),
    (("methods", "session/prompt", "request", "params"), "Prompt٣"),
    (("methods", "session/prompt", "request", "params"), "PromptRequest"),
]


@pytest.mark.parametrize(("path", "value"), ODD_NAMES, ids=[repr(v) for _, v in ODD_NAMES])
def test_the_fast_format_check_refuses_at_least_what_jsonschema_does(
    path: tuple[str, ...], value: str
) -> None:
    data = copy.deepcopy(_spec_data())
    target = data
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    python_finds = list(formatcheck.validator().iter_errors(data))
    # python's verdict stands whenever the fast one refuses, so only this way matters
    assert not (formatcheck._surely_valid(data) and python_finds), value


@functools.cache
def _spec_data() -> Any:
    return loads(SPEC.read_bytes(), str(SPEC)).data


@pytest.mark.parametrize(
    "breakage",
    ["a field of a method", "a type and a method", "a type's name"],
)
def test_python_words_the_same_problems_of_the_entries_left_in(breakage: str) -> None:
    data = copy.deepcopy(_spec_data())
    if breakage != "a type's name":
        data["methods"]["session/prompt"]["stability"] = "solid"
    if breakage == "a type and a method":
        data["types"]["SessionId"]["type"] = 7
    if breakage == "a type's name":
        data["types"]["sessionId"] = data["types"].pop("SessionId")
    pruned = formatcheck._pruned(data)
    assert len(pruned["types"]) < len(data["types"]) or breakage == "a type's name"

    def words(instance: Any) -> list[str]:
        return sorted(
            str(e.absolute_path) + e.message for e in formatcheck.validator().iter_errors(instance)
        )

    assert words(pruned) == words(data) != []


def test_what_a_load_leaves_is_in_the_oldest_generation() -> None:
    """The loaded spec, its index and what they hold are long-lived: the young collections
    (every few thousand allocations) must not walk them, a 10 to 30 ms walk a load."""
    import gc

    from acp_spec.spec import load_checked

    spec, index = load_checked(SPEC)
    young = {id(o) for o in gc.get_objects(0)} | {id(o) for o in gc.get_objects(1)}
    held = [spec, index, spec.methods, next(iter(spec.types.values()))]
    assert not [type(o).__name__ for o in held if id(o) in young]
    assert gc.isenabled()
    # a caller's frozen objects stay frozen: the load then leaves its own to the collector
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        load_checked(SPEC)
        assert gc.get_freeze_count() == frozen
    finally:
        gc.unfreeze()


def test_a_duplicate_key_names_the_line_of_the_first_among_nested_keys() -> None:
    text = (
        "a:\n"  # 1
        "  b: {c: 1, d: [{e: 2}, {f: 3, f: 4}]}\n"  # 2: f twice
        "  g:\n"  # 3
        "    - h: 5\n"  # 4
        "      i: 6\n"  # 5
        "  j: 7\n"  # 6
        "  g: 8\n"  # 7: g again
        "  b: 9\n"  # 8: b again
        "k: {a: 1}\n"  # 9
        "a: 10\n"  # 10: a again
    )
    found = problems(text)
    assert sorted(found) == [
        (2, 32, "duplicate key 'f' (first defined at line 2); remove or rename one of them"),
        (7, 3, "duplicate key 'g' (first defined at line 3); remove or rename one of them"),
        (8, 3, "duplicate key 'b' (first defined at line 2); remove or rename one of them"),
        (10, 1, "duplicate key 'a' (first defined at line 1); remove or rename one of them"),
    ]


def test_the_places_of_every_value_and_key_are_those_written() -> None:
    text = "a:\n  - x\n  - {b: 1, c: [2, 3]}\nd: 'e'\nf: {}\n"
    where = loads(text.encode(), "spec.yaml").where
    values = {
        (): (1, 1), ("a",): (2, 3), ("a", 0): (2, 5), ("a", 1): (3, 5),
        ("a", 1, "b"): (3, 9), ("a", 1, "c"): (3, 15), ("a", 1, "c", 0): (3, 16),
        ("a", 1, "c", 1): (3, 19), ("d",): (4, 4), ("f",): (5, 4),
    }  # fmt: skip
    keys = {("a",): (1, 1), ("a", 1, "b"): (3, 6), ("a", 1, "c"): (3, 12), ("d",): (4, 1),
            ("f",): (5, 1)}  # fmt: skip
    for path, place in values.items():
        assert (where.at(path).line, where.at(path).column) == place, path
        written = where.at(path, key=True)
        assert (written.line, written.column) == keys.get(path, place), path
        assert where.holds(path)
    # a path the data does not hold: its nearest ancestor's place
    assert where.at(("a", 1, "c", 5)) == where.at(("a", 1, "c"))
    assert where.at(("a", 1, "nowhere", 0), key=True) == where.at(("a", 1))
    assert where.at(("f", "g"), key=True) == where.at(("f",), key=True)
    for copied in (copy.deepcopy(where), pickle.loads(pickle.dumps(where))):
        assert all(copied.at(path) == where.at(path) for path in values)
    absent: list[tuple[str | int, ...]] = [("a", 2), ("a", -1), ("d", 0), ("a", "0"), ("x",)]
    assert not any(where.holds(path) for path in absent)


@pytest.fixture
def counts_made(monkeypatch: pytest.MonkeyPatch) -> Callable[[], int]:
    """How many times the loader's _counts (a collection's size) has run since: the work
    that finding places takes, counted instead of timed."""
    calls = 0
    counts = yamlsource._counts

    def counting(node: Any, known: dict[int, tuple[int, int]]) -> tuple[int, int]:
        nonlocal calls
        calls += 1
        return counts(node, known)

    monkeypatch.setattr(yamlsource, "_counts", counting)
    return lambda: calls


def test_the_places_of_thousands_of_siblings_take_linear_work(
    counts_made: Callable[[], int],
) -> None:
    """A problem on each of N sibling types (a spec of 60,000 types, each not upstream's)
    once made each place a count of the siblings before it: N² steps, minutes. Each
    collection's starts are made once; the work is counted, not timed."""
    count = 3000
    text = "types:\n" + "".join(f"  T{n}:\n    items: [{n}, {n}]\n" for n in range(count))
    where = loads(text.encode(), "spec.yaml").where
    where.counted.clear()  # as a copy's: every count made when asked
    for n in range(count):
        assert where.at(("types", f"T{n}", "items", 1)).line == 2 * n + 3
        assert where.at(("types", f"T{n}"), key=True).line == 2 * n + 2
    # a few calls for each of the four nodes a type has; counting the siblings before each
    # place was some count² / 2 (4.5 million)
    assert counts_made() <= 10 * count


def test_thousands_of_duplicate_keys_take_linear_work(counts_made: Callable[[], int]) -> None:
    """Each duplicate's first line was counted through the keys before it (N² steps: 40,000
    duplicates took a minute); the mapping's key numbers are now made once."""
    count = 3000
    lines = "".join(f"  k{n}: [{n}]\n" for n in range(count))
    found = problems("x:\n" + lines + lines)
    assert len(found) == count
    assert reported(found, count + 2, 3, "duplicate key 'k0' (first defined at line 2)")
    assert reported(
        found, 2 * count + 1, 3, f"duplicate key 'k{count - 1}' (first defined at line {count + 1})"
    )
    assert counts_made() <= 2 * count  # once a key; counting the keys before each was count² / 2
