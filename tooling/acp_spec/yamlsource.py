"""Read the spec's YAML safely, keeping the line and column of every node.

We build plain Python data straight from ruamel.yaml's parser events, never from a composed
node graph, so that we can refuse what a spec must never contain (tags that construct
objects, aliases, duplicate keys, documents nested too deep, numbers JSON cannot hold) with
a position, instead of letting a composer or constructor accept or crash on it. Building from
events also bounds the work: ruamel.yaml.clib's composer recurses in C and overflows the C
stack (a segfault) on a deeply nested document, and its scanner slows down quadratically with
flow nesting, so the depth limit must stop the parse itself, which only an event loop can do.
"""

from __future__ import annotations

import bisect
import itertools
import math
import re
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.events import (
    AliasEvent,
    CollectionStartEvent,
    Event,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
)
from ruamel.yaml.nodes import ScalarNode
from ruamel.yaml.reader import ReaderError

from .diagnostic_ids import YAML as YAML_RULE
from .diagnostics import Diagnostic, Position, SpecError
from .readfile import regular_bytes

# The spec is a few hundred kilobytes; anything this big is a mistake or an attack,
# and refusing it before parsing keeps memory bounded.
MAX_BYTES = 8 * 1024 * 1024
MAX_DEPTH = 64
# A binary file would otherwise yield a diagnostic per byte; like a compiler's error
# limit, the first few are enough to see what is wrong.
MAX_CHARACTER_PROBLEMS = 20

_CORE = "tag:yaml.org,2002:"
_SCALAR_TAGS = {_CORE + t for t in ("str", "int", "float", "bool", "null")}
_STR = _CORE + "str"

# What positions mean. Every position we report counts lines the way YAML 1.2 and editors do
# (a line ends at LF, CRLF or CR) and columns in characters (code points), from 1.
# libyaml (under ruamel.yaml.clib) is a YAML 1.1 reader: it also ends lines at NEL (U+0085),
# LS (U+2028) and PS (U+2029), which shifts every later line number and, in block context,
# changes what the document means; Python's str.splitlines ends lines at a form feed, a
# vertical tab and more. So the characters on which readers disagree are refused, with the
# characters YAML 1.2 itself forbids (C0 and C1 controls, DEL, U+FFFE, U+FFFF): a spec that
# needs one writes it as an escape in a double-quoted string, where it is unambiguous.
# Having refused them, we still read the rest (each replaced by a stand-in, one character for
# one, so no line or column moves) to report the file's other problems at their exact places.
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_REFUSED = re.compile(
    "[^\t\n\r\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
)
# the first tab in a line's indentation (a line starts after LF or CR, as above)
_TAB_IN_INDENT = re.compile(r"(?:\A|(?<=[\r\n])) *\t")
_BREAK_NAMES = {0x85: "next line, NEL", 0x2028: "line separator", 0x2029: "paragraph separator"}
_BREAK_ESCAPES = {0x85: "\\N", 0x2028: "\\L", 0x2029: "\\P"}
_CONTROL_NAMES = {0x00: "NUL", 0x0B: "vertical tab", 0x0C: "form feed", 0x1B: "escape", 0x7F: "DEL"}

PathKey = tuple[str | int, ...]


@dataclass(frozen=True)
class SourceMap:
    """Where each value (and each mapping key) of the data was written.

    The loader notes the places in the order it builds the nodes, as flat lists of 0-based
    line and column numbers: of each value, and of each mapping's keys. A place asked for is
    found by counting the nodes written before it, walking the data in that same order:
    recording each place by its path as the loader read was a fifth of a load, and only a
    spec with a problem asks for any."""

    file: str
    data: Any = None
    value_marks: list[int] = field(default_factory=list)
    key_marks: list[int] = field(default_factory=list)
    # _counts of the data's collections by their id, as the loader noted them (the data,
    # held here, is never changed); one missing is counted when asked and kept
    counted: dict[int, tuple[int, int]] = field(default_factory=dict)
    # where each child of a collection starts, relative to its first (values and keys written
    # before it), by the collection's id: made on the first walk into it, so that a problem
    # on each of thousands of siblings costs each a lookup, not a count of those before it
    starts: dict[int, dict[str | int, tuple[int, int]]] = field(default_factory=dict)
    # the text the data was read from, to place a problem inside a scalar (``within``); a
    # copy goes without it (and places such a problem at the scalar)
    text: str = field(default="", compare=False, repr=False)

    def __reduce__(self) -> tuple[type[SourceMap], tuple[str, Any, list[int], list[int]]]:
        # a copy's data are other objects: its counts are made again, by their ids
        return SourceMap, (self.file, self.data, self.value_marks, self.key_marks)

    def holds(self, path: PathKey) -> bool:
        """Whether the data has a value at ``path``."""
        node = self.data
        for step in path:
            if type(node) is dict:
                found = type(step) is str and step in node
            else:
                found = type(node) is list and type(step) is int and 0 <= step < len(node)
            if not found:
                return False
            node = node[step]
        return bool(self.value_marks)

    def at(self, path: PathKey, *, key: bool = False) -> Position:
        """The position of ``path`` (its key if ``key``), else of its nearest ancestor."""
        if not self.value_marks:
            return Position(self.file, 1, 1)
        _, value, key_number = self._find(path)
        if key and key_number is not None:
            marks, number = self.key_marks, key_number
        else:
            marks, number = self.value_marks, value
        return Position(self.file, marks[2 * number] + 1, marks[2 * number + 1] + 1)

    def within(self, path: PathKey, needles: Sequence[str]) -> Position:
        """Where the first of ``needles`` found is written in the scalar at ``path`` (a link
        in a description: its line, not the description's), else the scalar's place."""
        start = self.at(path)
        found, value, _ = self._find(path)
        if not self.text or found != path:
            return start
        lines = Lines(self.text)
        begin = lines.starts[start.line - 1] + start.column - 1
        after = 2 * (value + 1)  # the next value written starts after this scalar ends
        end = (
            lines.starts[self.value_marks[after]] + self.value_marks[after + 1]
            if after < len(self.value_marks)
            else len(self.text)
        )
        for needle in needles:
            offset = self.text.find(needle, begin, end)
            if offset >= 0:
                return Position(self.file, *lines.line_col(offset))
        return start

    def _find(self, path: PathKey) -> tuple[PathKey, int, int | None]:
        """The longest start of ``path`` the data holds, the number of its value in the
        order written, and that of its key if it is a mapping's value."""
        node, value, key_number = self.data, 0, None
        keys_before = 0  # the keys written before the node's own
        for depth, step in enumerate(path):
            if type(node) is dict and type(step) is str and step in node:
                values, keys = self._starts(node)[step]
                value, key_number = value + values, keys_before + keys
                keys_before = key_number + 1
            elif type(node) is list and type(step) is int and 0 <= step < len(node):
                values, keys = self._starts(node)[step]
                value, keys_before, key_number = value + values, keys_before + keys, None
            else:
                return path[:depth], value, key_number
            value += 1
            node = node[step]
        return path, value, key_number

    def _starts(self, node: dict[str, Any] | list[Any]) -> dict[str | int, tuple[int, int]]:
        """(values, keys) written in ``node`` before each of its children, by name or
        index: a mapping's child follows its own key and the children before it."""
        known = self.starts.get(id(node))
        if known is None:
            known, values, keys = {}, 0, 0
            pairs = node.items() if type(node) is dict else enumerate(node)
            own_key = 1 if type(node) is dict else 0
            for step, item in pairs:
                known[step] = (values, keys)
                inner_values, inner_keys = _counts(item, self.counted)
                values, keys = values + inner_values, keys + inner_keys + own_key
            self.starts[id(node)] = known
        return known


def _counts(node: Any, known: dict[int, tuple[int, int]]) -> tuple[int, int]:
    """How many values (``node`` among them) and mapping keys ``node`` holds, by ``known``
    (collection id -> its counts) or counted and kept there."""
    if type(node) is not dict and type(node) is not list:
        return 1, 0
    if id(node) in known:
        return known[id(node)]
    values, keys = 1, 0
    for item in node.values() if type(node) is dict else node:
        inner_values, inner_keys = _counts(item, known)
        values, keys = values + inner_values, keys + inner_keys
    if type(node) is dict:
        keys += len(node)
    known[id(node)] = (values, keys)
    return values, keys


@dataclass(frozen=True)
class Source:
    data: Any
    where: SourceMap


def load(path: Path, display: str | None = None) -> Source:
    """Load ``path``; raise SpecError with every problem found."""
    name = display or str(path)
    try:
        size = path.stat().st_size
        # refused before reading, so a huge file never reaches memory
        if size > MAX_BYTES:
            raise SpecError([Diagnostic(Position(name, 1, 1),
                f"the file is {size / 1048576:.1f} MiB, over the {MAX_BYTES // 1048576} MiB limit; "
                "a spec is a few hundred KiB, so check that this is the right file",
                rule=YAML_RULE)])  # fmt: skip
        raw = regular_bytes(path)
    except OSError as err:
        raise SpecError([Diagnostic(Position(name, 1, 1),
            f"cannot read the spec: {err.strerror}; check the path", rule=YAML_RULE)]) from None  # fmt: skip
    return loads(raw, name)


def loads(raw: bytes, name: str) -> Source:
    text = _decode(raw, name)
    lines = Lines(text)
    refused, text = _refuse_characters(text, lines, name)
    tabs = _refuse_tabs(text, lines, name)
    if tabs:
        # a tab in indentation makes the rest of the structure guesswork: stop here
        raise SpecError(refused + tabs)
    builder = _Builder(name)
    data: Any = None
    try:
        data = _build(builder, text)
    except _Stop:
        pass
    except MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        # a syntax error on the line of a refused character is most likely its echo
        if not any(d.position.line == line for d in refused):
            what = err.problem or err.context or "invalid YAML"
            builder.problems.append(_syntax_error(Position(name, line, col), what))
    except ReaderError as err:
        # Unreachable while _REFUSED covers what libyaml's reader refuses; kept so that a
        # future difference is still reported at its place. libyaml counts bytes here.
        offset = len(text.encode("utf-8")[: err.position].decode("utf-8", "ignore"))
        line, col = lines.line_col(offset)
        builder.problems.append(Diagnostic(Position(name, line, col),
            f"character #x{_code(err.character):04x} is not allowed in YAML; remove it or write "
            "it as an escape in a double-quoted string", rule=YAML_RULE))  # fmt: skip
    except (YAMLError, RecursionError) as err:
        builder.problems.append(
            Diagnostic(Position(name, 1, 1), f"cannot parse the YAML: {err}", rule=YAML_RULE)
        )
    problems = refused + builder.problems
    if problems:
        raise SpecError(problems)
    where = SourceMap(name, data, builder.value_marks, builder.key_marks, builder.counts,
                      text=text)  # fmt: skip
    return Source(data, where)


def _build(builder: _Builder, text: str) -> Any:
    # the parser's events straight from it: YAML.parse() would wrap each in a generator
    # step, a tenth of the load
    _, parser = YAML(typ="safe").get_constructor_parser(text)
    try:
        return builder.document(iter(parser.get_event, None))
    finally:
        parser.dispose()


class Lines:
    """Line and column of an offset in a text, lines ending at LF, CRLF or CR."""

    def __init__(self, text: str) -> None:
        self.text = text

    @cached_property
    def starts(self) -> list[int]:
        # only a text with a problem needs them
        return [0] + [m.end() for m in _LINE_BREAK.finditer(self.text)]

    def line_col(self, offset: int) -> tuple[int, int]:
        index = bisect.bisect_right(self.starts, offset) - 1
        return index + 1, offset - self.starts[index] + 1


def _syntax_error(at: Position, what: str) -> Diagnostic:
    return Diagnostic(at, f"YAML syntax error: {what}; fix the YAML here "
                      "(quote the value if it holds ': ' or '#')", rule=YAML_RULE)  # fmt: skip


def _code(character: object) -> int:
    return ord(character) if isinstance(character, str) else int(str(character))


def _decode(raw: bytes, name: str) -> str:
    if raw.startswith(b"\xef\xbb\xbf"):
        raise SpecError([Diagnostic(Position(name, 1, 1),
            "the file starts with a UTF-8 byte-order mark; save it as UTF-8 without a BOM",
            rule=YAML_RULE)])  # fmt: skip
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        before = raw[: err.start].decode("utf-8", "replace")
        line, col = Lines(before).line_col(len(before))
        raise SpecError([Diagnostic(Position(name, line, col),
            f"byte 0x{raw[err.start]:02x} is not UTF-8; save the file as UTF-8",
            rule=YAML_RULE)]) from None  # fmt: skip


def _refuse_characters(text: str, lines: Lines, name: str) -> tuple[list[Diagnostic], str]:
    """The problems of the characters we refuse, and the text with each replaced by a stand-in."""
    found = list(itertools.islice(_REFUSED.finditer(text), MAX_CHARACTER_PROBLEMS))
    if not found:
        return [], text
    problems = []
    for match in found:
        line, col = lines.line_col(match.start())
        problems.append(
            Diagnostic(Position(name, line, col), _character_message(ord(match[0])), rule=YAML_RULE)
        )
    return problems, _REFUSED.sub(_stand_in, text)


def _stand_in(match: re.Match[str]) -> str:
    # What reads on the most like the author meant: a space for a character that looks like
    # white space or a line break (a form feed alone on its line is then a blank line, not a
    # stray value), U+FFFD for any other, which stays part of the word or value it is in.
    return " " if match[0].isspace() else "\ufffd"


def _character_message(code: int) -> str:
    if code in _BREAK_NAMES:
        return (f"character #x{code:04x} ({_BREAK_NAMES[code]}) is not allowed: some readers "
                "end a line at it and others do not, so line numbers and values would depend "
                f"on the reader; remove it, or write it as the escape {_BREAK_ESCAPES[code]} "
                "in a double-quoted string")  # fmt: skip
    named = f" ({_CONTROL_NAMES[code]})" if code in _CONTROL_NAMES else ""
    return (f"character #x{code:04x}{named} is not allowed in YAML; remove it or write it as an "
            "escape in a double-quoted string")  # fmt: skip


def _refuse_tabs(text: str, lines: Lines, name: str) -> list[Diagnostic]:
    if "\t" not in text:
        return []  # the usual case, found without trying the pattern at every offset
    problems = []
    for match in _TAB_IN_INDENT.finditer(text):
        line, col = lines.line_col(match.end() - 1)
        problems.append(Diagnostic(Position(name, line, col),
            "tab in indentation; YAML indents with spaces, so replace the tab with spaces",
            rule=YAML_RULE))  # fmt: skip
    return problems


# The most decimal digits Python converts an int to or from (its guard against quadratic
# time); the generated JSON files are written by Python.
_MAX_DIGITS = sys.get_int_max_str_digits()


def _unwritable(value: int) -> bool:
    try:
        str(value)
    except ValueError:
        return True
    return False


def _too_long(text: str) -> str:
    return (f"{text[:16]}… is an integer of more than {_MAX_DIGITS} decimal digits, more than "
            "the generated JSON can hold; write a smaller number, or quote it as a string")  # fmt: skip


class _Stop(Exception):
    """Reading cannot go on; the reason is the builder's last problem."""


class _Builder:
    """Plain data from the events of one document, with the position of every node.

    The recursion follows the nesting, which the depth limit bounds before Python's
    recursion limit or the parser's slowness can be reached. This loop runs once per node
    of every spec loaded (tens of thousands), so the common cases (a plain or quoted scalar,
    a mapping of them) take the shortest path; each resolution is remembered by the scalar's
    text, on which alone it depends."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.value_marks: list[int] = []
        self.key_marks: list[int] = []
        # each collection's _counts, by its id: the source map's walks need them
        self.counts: dict[int, tuple[int, int]] = {}
        self.problems: list[Diagnostic] = []
        yaml = YAML(typ="safe", pure=True)
        self._constructor = yaml.constructor
        table = yaml.resolver.versioned_resolver
        self._any_start: list[tuple[str, re.Pattern[str]]] = table.get(None, [])
        self._implicit = {k: v + self._any_start for k, v in table.items() if k is not None}
        self._events: Iterator[Event] = iter(())
        self._anchors: set[str] = set()
        self._plain: dict[str, str] = {}  # a plain scalar's text -> its tag
        self._typed: dict[tuple[str, str], Any] = {}  # (tag, text) -> a core scalar's value

    def document(self, events: Iterator[Event]) -> Any:
        self._events = events
        next(events)  # StreamStartEvent
        start = next(events)
        if isinstance(start, StreamEndEvent):
            return None  # an empty file, or only comments
        data = self.build(next(events))
        next(events)  # DocumentEndEvent
        after = next(events)
        if not isinstance(after, StreamEndEvent):
            self.problems.append(_syntax_error(self.pos(after), "but found another document"))
        return data

    def pos(self, event: Event) -> Position:
        return Position(self.name, event.start_mark.line + 1, event.start_mark.column + 1)

    def problem(self, event: Event, message: str) -> None:
        self.problems.append(Diagnostic(self.pos(event), message, rule=YAML_RULE))

    def build(self, event: Event, depth: int = 0) -> Any:
        mark = event.start_mark
        self.value_marks += (mark.line, mark.column)
        if type(event) is ScalarEvent and depth <= MAX_DEPTH:
            # the common case, inline: what _enter and _scalar do for a scalar
            if event.anchor is not None:
                self._anchors.add(event.anchor)
            if event.ctag is None:
                if not event.implicit[0]:
                    return event.value  # quoted, untagged: a string
                tag = self._plain.get(event.value) or self._resolve(event.value)
                return event.value if tag == _STR else self._scalar(event, tag)
            return self._scalar(event)
        self._enter(event, depth)
        if isinstance(event, ScalarEvent):
            return self._scalar(event)
        if isinstance(event, AliasEvent):
            return self._alias(event)
        if isinstance(event, SequenceStartEvent):
            if self._tag(event) != _CORE + "seq":
                return self._bad_tag(event, skip=depth)
            items: list[Any] = []
            values, keys = len(self.value_marks), len(self.key_marks)
            while not isinstance(item := next(self._events), SequenceEndEvent):
                items.append(self.build(item, depth + 1))
            self._counted(items, values, keys)
            return items
        assert isinstance(event, MappingStartEvent)
        return self._mapping(event, depth)

    def _enter(self, event: Event, depth: int) -> None:
        if depth > MAX_DEPTH:
            # stop the parse at once: it would only get slower, and the rest is no spec
            self.problem(event, f"nested more than {MAX_DEPTH} levels deep; flatten it")
            raise _Stop
        anchor = getattr(event, "anchor", None)
        if anchor is not None and not isinstance(event, AliasEvent):
            self._anchors.add(anchor)

    def _skip(self, event: Event, depth: int) -> None:
        """Read past a node we do not build, still bounded by the depth limit."""
        self._enter(event, depth)
        if isinstance(event, CollectionStartEvent):
            while not isinstance(inner := next(self._events), (SequenceEndEvent, MappingEndEvent)):
                self._skip(inner, depth + 1)

    def _alias(self, event: AliasEvent) -> None:
        # Refused where the *name is written. Never expanding it keeps an alias bomb
        # (billion laughs) linear in the size of the text.
        if event.anchor not in self._anchors:
            self.problems.append(_syntax_error(self.pos(event), f"found undefined alias '*{event.anchor}'"))  # fmt: skip
        else:
            self.problem(event, "aliases ('*name') are not allowed in the spec; "
                         "write the value out where it is used")  # fmt: skip

    def _mapping(self, event: MappingStartEvent, depth: int) -> dict[str, Any]:
        if self._tag(event) != _CORE + "map":
            self._bad_tag(event, skip=depth)
            return {}
        out: dict[str, Any] = {}
        numbers: dict[str, int] = {}  # each key's number: kept once the mapping has a duplicate
        values = len(self.value_marks)
        first = len(self.key_marks) // 2  # the number its first key will have
        keys, events, plain = self.key_marks, self._events, self._plain
        while not isinstance(key_event := next(events), MappingEndEvent):
            key: str | None = None
            if type(key_event) is ScalarEvent and key_event.ctag is None:
                # the common case, inline: an untagged string key not seen before
                text = key_event.value
                if not key_event.implicit[0] or (plain.get(text) or self._resolve(text)) == _STR:
                    key = text if text not in out else None
            if key is None:
                key = self._key(key_event, depth, out, first, numbers)
            value_event = next(events)
            if key is None:
                self._skip(value_event, depth + 1)
                continue
            mark = key_event.start_mark
            keys += (mark.line, mark.column)
            if numbers:
                numbers[key] = len(keys) // 2 - 1
            out[key] = self.build(value_event, depth + 1)
        self._counted(out, values, 2 * first)
        return out

    def _counted(self, collection: Any, values: int, keys: int) -> None:
        """Note the counts of ``collection``, read when the marks had ``values`` and
        ``keys`` numbers (its own value's among them)."""
        self.counts[id(collection)] = (
            (len(self.value_marks) - values) // 2 + 1,
            (len(self.key_marks) - keys) // 2,
        )

    def _key(
        self, event: Event, depth: int, out: dict[str, Any], first: int, numbers: dict[str, int]
    ) -> str | None:
        """The key ``event`` starts, or None (with its problem) if it cannot be one; ``out``
        is its mapping so far, whose first key was the ``first``-th recorded, and
        ``numbers`` its keys' numbers (empty until a duplicate needs them)."""
        if not isinstance(event, ScalarEvent):
            self._skip(event, depth + 1)
            if isinstance(event, AliasEvent):
                self._alias(event)
            else:
                self.problem(event, "mapping keys must be strings; quote the key")
            return None
        tag = self._tag(event)
        if tag == _CORE + "merge":
            self.problem(event, "merge keys ('<<') are not allowed; write the keys out")
            return None
        key = self._scalar(event, tag)
        if not isinstance(key, str):
            self.problem(event, "mapping keys must be strings; quote the key")
            return None
        if key in out:
            if not numbers:
                numbers.update(self._key_numbers(out, first))
            line = self.key_marks[2 * numbers[key]] + 1
            self.problem(event, f"duplicate key '{key}' (first defined at line {line}); "
                         "remove or rename one of them")  # fmt: skip
            return None
        return key

    def _key_numbers(self, out: dict[str, Any], number: int) -> dict[str, int]:
        """The number of each key of ``out``, a mapping whose first key was the
        ``number``-th recorded: counted through the keys its values hold, once a mapping
        (a duplicate is rare; a table of every mapping's keys would cost every load)."""
        numbers = {}
        for written, value in out.items():
            numbers[written] = number
            number += 1 + _counts(value, self.counts)[1]
        return numbers

    def _tag(self, event: ScalarEvent | CollectionStartEvent) -> str:
        # As the composer does: no tag, or the non-specific '!', means the core schema decides.
        # ruamel's resolve() would recompute the YAML version for every scalar (a third of the
        # load time), so we match against its table for the version once looked up.
        if event.ctag is not None:
            tag = str(event.ctag)
            if tag != "!":
                return tag
        if isinstance(event, ScalarEvent):
            if event.implicit[0]:  # plain: the first character picks the patterns to try
                return self._plain.get(event.value) or self._resolve(event.value)
            return _CORE + "str"
        return _CORE + ("seq" if isinstance(event, SequenceStartEvent) else "map")

    def _resolve(self, value: str) -> str:
        """The tag of a plain scalar, remembered in ``_plain``."""
        found = _STR
        for tag, regexp in self._implicit.get(value[:1], self._any_start):
            if regexp.match(value):
                found = str(tag)
                break
        self._plain[value] = found
        return found

    def _scalar(self, event: ScalarEvent, tag: str | None = None) -> Any:
        tag = tag or self._tag(event)
        if tag == _STR:
            return event.value
        if tag not in _SCALAR_TAGS:
            return self._bad_tag(event)
        known = (tag, event.value)
        if known in self._typed:
            return self._typed[known]
        # construct only the core scalars, with ruamel's own resolution rules
        node = ScalarNode(tag, event.value, event.start_mark, event.end_mark)
        try:
            value = self._constructor.construct_object(node)
        except (ValueError, KeyError, TypeError):
            if tag == _CORE + "int" and sum(c.isdigit() for c in event.value) > _MAX_DIGITS:
                self.problem(event, _too_long(event.value))  # Python reads no longer decimal
                return None
            self.problem(event, f"{event.value!r} is not a valid {tag.replace(_CORE, '!!')}; "
                         "remove the tag or fix the value")  # fmt: skip
            return None
        if type(value) is int and value.bit_length() > _MAX_DIGITS * 3 and _unwritable(value):
            # a hexadecimal one Python reads but cannot write: json.dumps would fail
            self.problem(event, _too_long(event.value))
            return None
        if isinstance(value, float) and not math.isfinite(value):
            # json.dumps would write NaN or Infinity, which no JSON parser has to accept
            self.problem(event, f"{event.value!r} is not a finite number; JSON has no NaN or "
                         "infinity; write a finite number or quote it as a string")  # fmt: skip
            return None
        # null, a boolean or a number: immutable, so one value serves every place written
        self._typed[known] = value
        return value

    def _bad_tag(self, event: ScalarEvent | CollectionStartEvent, skip: int | None = None) -> None:
        tag = self._tag(event).replace(_CORE, "!!")
        if skip is not None:
            # the collection's content is not built; read past it
            while not isinstance(inner := next(self._events), (SequenceEndEvent, MappingEndEvent)):
                self._skip(inner, skip + 1)
        if tag == "!!timestamp" and isinstance(event, ScalarEvent) and not event.style:
            self.problem(event, f"{event.value} reads as a date, which the spec does not hold; "
                         "quote it to keep it a string")  # fmt: skip
            return
        self.problem(event, f"tag '{tag}' is not allowed; the spec holds plain data only, "
                     "so remove the tag")  # fmt: skip
