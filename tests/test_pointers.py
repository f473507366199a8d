"""The one JSON Pointer helper (RFC 6901) every pointer of the toolchain is written with."""

from __future__ import annotations

import ast

import pytest
from acp_spec.pointers import escape, pointer, segments, unescape
from acp_spec.traces_run.hygiene import MessageSchema
from hypothesis import given
from hypothesis import strategies as st
from support.paths import REPO


@pytest.mark.parametrize(
    ("raw", "written"),
    [("a/b", "a~1b"), ("m~n", "m~0n"), ("~1", "~01"), ("/~", "~1~0"), ("", ""), (7, "7")],
)
def test_a_segment_is_escaped_tilde_first(raw: str | int, written: str) -> None:
    assert escape(raw) == written
    assert unescape(written) == str(raw)


def test_rfc_6901_examples() -> None:
    assert pointer(["a/b"]) == "/a~1b"
    assert pointer(["m~n"]) == "/m~0n"
    assert pointer(["foo", 0]) == "/foo/0"
    assert pointer([" "]) == "/ "
    assert pointer([""]) == "/"  # the key "", not the whole document


def test_the_empty_path_is_the_whole_document() -> None:
    assert pointer([]) == ""
    assert segments("") == []


def test_integer_segments_read_back_as_strings() -> None:
    assert segments(pointer(["items", 3, "x"])) == ["items", "3", "x"]


def test_a_pointer_without_its_leading_slash_is_refused() -> None:
    with pytest.raises(ValueError, match="starts with '/'"):
        segments("a/b")


@given(st.lists(st.text(alphabet="ab~/01", max_size=6), max_size=5))
def test_any_path_round_trips(path: list[str]) -> None:
    assert segments(pointer(path)) == path


def test_the_helper_imports_nothing_of_the_toolchain() -> None:
    """It sits below every layer, so any module may use it."""
    tree = ast.parse((REPO / "tooling" / "acp_spec" / "pointers.py").read_text(encoding="utf-8"))
    imported = [n for n in ast.walk(tree) if isinstance(n, ast.ImportFrom | ast.Import)]
    ours = [
        n
        for n in imported
        if isinstance(n, ast.ImportFrom) and (n.level or (n.module or "").startswith("acp_spec"))
    ]
    assert imported and ours == []


def test_no_module_escapes_a_pointer_by_hand() -> None:
    """Before, seven copies of the escaping lived in six modules."""
    package = REPO / "tooling" / "acp_spec"
    by_hand = [
        str(path.relative_to(package))
        for path in package.rglob("*.py")
        if path.name != "pointers.py" and '"~0"' in path.read_text(encoding="utf-8")
    ]
    assert by_hand == []


def test_the_trace_runner_escapes_what_a_peer_s_keys_hold() -> None:
    """Before, a `_meta` key such as `example.com/trace` read as two steps of the path."""
    schema = MessageSchema({"$defs": {"EchoRequest": {
        "x-method": "x/echo", "x-side": "agent", "type": "object",
        "properties": {"m": {"type": "object", "additionalProperties": {"type": "string"}}},
    }}})  # fmt: skip
    message = {"jsonrpc": "2.0", "id": 1, "method": "x/echo", "params": {"m": {"a/b~c": 1}}}
    problem = schema.request(message, "agent")
    assert problem is not None and problem.startswith("/params/m/a~1b~0c: "), problem
