"""Read the spec's YAML safely, keeping the line and column of every node.

ruamel.yaml composes the node graph (which carries positions); we build plain Python
data from it ourselves so that we can refuse what a spec must never contain (tags that
construct objects, aliases, duplicate keys) with a position, instead of
letting a constructor accept or crash on it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.error import MarkedYAMLError, YAMLError
from ruamel.yaml.events import AliasEvent
from ruamel.yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from ruamel.yaml.reader import ReaderError

from .diagnostics import Diagnostic, Position, SpecError

# The spec is a few hundred kilobytes; anything this big is a mistake or an attack,
# and refusing it before parsing keeps memory bounded.
MAX_BYTES = 8 * 1024 * 1024
MAX_DEPTH = 64

_CORE = "tag:yaml.org,2002:"
_SCALAR_TAGS = {_CORE + t for t in ("str", "int", "float", "bool", "null")}

PathKey = tuple[str | int, ...]


@dataclass(frozen=True)
class SourceMap:
    """Where each value (and each mapping key) of the data was written."""

    file: str
    values: dict[PathKey, Position] = field(default_factory=dict)
    keys: dict[PathKey, Position] = field(default_factory=dict)

    def at(self, path: PathKey, *, key: bool = False) -> Position:
        """The position of ``path`` (its key if ``key``), else of its nearest ancestor."""
        table = self.keys if key else self.values
        probe = tuple(path)
        while probe:
            if probe in table:
                return table[probe]
            if probe in self.values:
                return self.values[probe]
            probe = probe[:-1]
        return self.values.get((), Position(self.file, 1, 1))


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
                "a spec is a few hundred KiB, so check that this is the right file")])  # fmt: skip
        raw = path.read_bytes()
    except OSError as err:
        raise SpecError([Diagnostic(Position(name, 1, 1),
            f"cannot read the spec: {err.strerror}; check the path")]) from None  # fmt: skip
    return loads(raw, name)


def loads(raw: bytes, name: str) -> Source:
    text = _decode(raw, name)
    _refuse_tabs(text, name)
    try:
        # the C parser (ruamel.yaml.clib) composes 8x faster and keeps the same marks
        root = YAML(typ="safe").compose(text)
    except MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        what = err.problem or err.context or "invalid YAML"
        raise SpecError([Diagnostic(Position(name, line, col),
            f"YAML syntax error: {what}; fix the YAML here (quote the value if it holds ': ' or '#')")]) from None  # fmt: skip
    except ReaderError as err:
        line, col = _line_col(text, err.position)
        raise SpecError([Diagnostic(Position(name, line, col),
            f"character #x{_code(err.character):04x} is not allowed in YAML; remove it or write "
            "it as an escape in a double-quoted string")]) from None  # fmt: skip
    except (YAMLError, RecursionError) as err:
        raise SpecError(
            [Diagnostic(Position(name, 1, 1), f"cannot parse the YAML: {err}")]
        ) from None
    builder = _Builder(name)
    data = builder.build(root) if root is not None else None
    if builder.aliases:
        _place_aliases(builder, text)
    if builder.problems:
        raise SpecError(builder.problems)
    return Source(data, builder.where)


def _place_aliases(builder: _Builder, text: str) -> None:
    """Point each alias problem at its `*name`: the composed graph only knows the anchor.
    The builder meets every node of the text once, in document order, as the parser's
    events do, so the k-th alias it met is the k-th alias event."""
    marks = [e.start_mark for e in YAML(typ="safe").parse(text) if isinstance(e, AliasEvent)]
    for index, mark in zip(builder.aliases, marks, strict=False):
        old = builder.problems[index]
        builder.problems[index] = Diagnostic(
            Position(builder.name, mark.line + 1, mark.column + 1), old.message
        )


def _code(character: object) -> int:
    return ord(character) if isinstance(character, str) else int(str(character))


def _line_col(text: str, offset: int) -> tuple[int, int]:
    before = text[:offset]
    return before.count("\n") + 1, offset - (before.rfind("\n") + 1) + 1


def _decode(raw: bytes, name: str) -> str:
    if raw.startswith(b"\xef\xbb\xbf"):
        raise SpecError([Diagnostic(Position(name, 1, 1),
            "the file starts with a UTF-8 byte-order mark; save it as UTF-8 without a BOM")])  # fmt: skip
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as err:
        before = raw[: err.start].decode("utf-8", "replace")
        line, col = _line_col(before, len(before))
        raise SpecError([Diagnostic(Position(name, line, col),
            f"byte 0x{raw[err.start]:02x} is not UTF-8; save the file as UTF-8")]) from None  # fmt: skip


def _refuse_tabs(text: str, name: str) -> None:
    problems = []
    for number, line in enumerate(text.splitlines(), start=1):
        indent = line[: len(line) - len(line.lstrip(" \t"))]
        if "\t" in indent:
            problems.append(Diagnostic(Position(name, number, indent.index("\t") + 1),
                "tab in indentation; YAML indents with spaces, so replace the tab with spaces"))  # fmt: skip
    if problems:
        raise SpecError(problems)


class _Builder:
    def __init__(self, name: str) -> None:
        self.name = name
        self.where = SourceMap(name)
        self.problems: list[Diagnostic] = []
        self._constructor = YAML(typ="safe", pure=True).constructor
        self.seen: set[int] = set()
        self.aliases: list[int] = []  # indexes of alias problems, in document order

    def pos(self, node: Node) -> Position:
        return Position(self.name, node.start_mark.line + 1, node.start_mark.column + 1)

    def problem(self, node: Node, message: str) -> None:
        self.problems.append(Diagnostic(self.pos(node), message))

    def build(self, node: Node, path: PathKey = ()) -> Any:
        self.where.values[path] = self.pos(node)
        if id(node) in self.seen:
            # an alias: the composer hands back the anchored node again. Refusing here keeps
            # an alias bomb (billion laughs) linear in the size of the text.
            at = self.where.keys.get(path, self.pos(node))
            self.aliases.append(len(self.problems))
            self.problems.append(Diagnostic(at, "aliases ('*name') are not allowed in the spec; "
                                            "write the value out where it is used"))  # fmt: skip
            return None
        self.seen.add(id(node))
        if len(path) > MAX_DEPTH:
            self.problem(node, f"nested more than {MAX_DEPTH} levels deep; flatten it")
            return None
        if isinstance(node, MappingNode):
            return self._mapping(node, path)
        if isinstance(node, SequenceNode):
            if node.tag != _CORE + "seq":
                return self._bad_tag(node)
            return [self.build(item, path + (i,)) for i, item in enumerate(node.value)]
        assert isinstance(node, ScalarNode)
        return self._scalar(node)

    def _mapping(self, node: MappingNode, path: PathKey) -> dict[str, Any]:
        if node.tag != _CORE + "map":
            self._bad_tag(node)
            return {}
        out: dict[str, Any] = {}
        for key_node, value_node in _pairs(node):
            if key_node.tag == _CORE + "merge":
                self.problem(key_node, "merge keys ('<<') are not allowed; write the keys out")
                continue
            key = self._scalar(key_node) if isinstance(key_node, ScalarNode) else None
            if not isinstance(key, str):
                self.problem(key_node, "mapping keys must be strings; quote the key")
                continue
            if key in out:
                first = self.where.keys[path + (key,)]
                self.problem(key_node, f"duplicate key '{key}' (first defined at line "
                             f"{first.line}); remove or rename one of them")  # fmt: skip
                continue
            self.where.keys[path + (key,)] = self.pos(key_node)
            out[key] = self.build(value_node, path + (key,))
        return out

    def _scalar(self, node: ScalarNode) -> Any:
        if node.tag not in _SCALAR_TAGS:
            return self._bad_tag(node)
        if node.tag == _CORE + "str":
            return node.value
        # construct only the core scalars, with ruamel's own resolution rules
        try:
            return self._constructor.construct_object(node)
        except (ValueError, KeyError, TypeError):
            tag = str(node.tag).replace(_CORE, "!!")
            self.problem(
                node, f"{node.value!r} is not a valid {tag}; remove the tag or fix the value"
            )
            return None

    def _bad_tag(self, node: Node) -> None:
        tag = str(node.tag).replace(_CORE, "!!")
        if tag == "!!timestamp" and not getattr(node, "style", None):
            self.problem(node, f"{node.value} reads as a date, which the spec does not hold; "
                         "quote it to keep it a string")  # fmt: skip
            return
        self.problem(node, f"tag '{tag}' is not allowed; the spec holds plain data only, "
                     "so remove the tag")  # fmt: skip


def _pairs(node: MappingNode) -> Iterator[tuple[Node, Node]]:
    yield from node.value
