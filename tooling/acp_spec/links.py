"""Rustdoc-style links in the spec's Markdown: found, and resolved to what they name.

Upstream writes its descriptions as Rust doc comments, so a description names a type, a
variant or a field the way rustdoc does: ``[`PromptRequest`]``, ``[`StopReason::EndTurn`]``,
``[`PromptRequest::session_id`]``. The names are Rust's; the wire's differ (serde renames
them), so resolving one maps it back:

- ``Type`` is a type of the spec (a def the docs document);
- ``Type::field`` (lower case first: a Rust field) is a property of the type: its wire name
  is the field's name as written, or in camelCase (``session_id`` -> ``sessionId``), or, failing
  both, the one property equal to it ignoring case and ``_``/``-``;
- ``Type::Variant`` (upper case first: a Rust variant) is a member of the type's union, or a
  value of its ``enum``: the member titled ``Variant`` (schemars titles an untagged member
  with the Rust name: ``RequestId::Null``), else the one whose tag or const is ``Variant`` in
  snake_case (serde's ``rename_all``: ``StopReason::EndTurn`` -> ``end_turn``), else the one
  whose tag, const or title equals it ignoring case and separators (``Utf16`` -> ``utf-16``,
  ``ErrorCode::ParseError`` -> the member titled "Parse error"). Two members that match
  equally well name nothing: the link is ambiguous.

A link is written ``[`...`]`` outside code and is none of Markdown's own links: not followed
by ``(``, ``[`` or ``:``, nor the label of a link definition in the same text. The parsing
here (fenced code blocks, code spans) is the one the docs' escaping uses, so what is found
here is what the site renders as a link. Everything is a pure function of its arguments.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from .index import Index, stands_for
from .model import Spec
from .yamlsource import PathKey

# ── Markdown structure: fenced code blocks, then code spans within a line ──


@dataclass(frozen=True)
class Block:
    """A run of Markdown lines, or one fenced code block."""

    lines: tuple[str, ...]  # a fence's content has the fence's indentation taken off
    fence: bool = False
    info: str = ""  # a fence's info string (its language first)


# CommonMark: three or more backticks or tildes open a fence; a backtick fence's info string
# holds no backtick. The fence closes at a run of the same character at least as long.
_FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}(?=[^`]*$)|~{3,})(?P<info>.*)$")


def blocks(text: str) -> list[Block]:
    """``text`` cut into runs of Markdown and fenced code blocks. A fence that never closes
    runs to the end of the text, as in CommonMark. Fences are found at any indentation: the
    docs show them at the left margin, where any Markdown reader takes them as code."""
    out: list[Block] = []
    lines = text.split("\n")
    run: list[str] = []
    at = 0
    while at < len(lines):
        opening = _FENCE.match(lines[at])
        if opening is None:
            run.append(lines[at])
            at += 1
            continue
        if run:
            out.append(Block(tuple(run)))
            run = []
        indent, fence = opening["indent"], opening["fence"]
        closing = re.compile(rf"^[ \t]*{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$")
        content: list[str] = []
        at += 1
        while at < len(lines) and not closing.match(lines[at]):
            line = lines[at]
            content.append(line[len(indent) :] if line.startswith(indent) else line.lstrip())
            at += 1
        at += 1  # past the closing fence
        out.append(Block(tuple(content), fence=True, info=opening["info"].strip()))
    if run or not out:
        out.append(Block(tuple(run)))
    return out


@dataclass(frozen=True)
class Piece:
    """A piece of one line of Markdown, as the docs' escaping reads it."""

    kind: Literal["text", "code", "tick", "link"]  # tick: a backtick run that opens no span
    text: str  # as written
    target: str = ""  # a link's name, as written between its backticks


_TICKS = re.compile(r"\\[\\`]|`+")


@cache
def _closing_run(length: int) -> re.Pattern[str]:
    return re.compile(rf"(?<!`)`{{{length}}}(?!`)")


def pieces(line: str, definitions: frozenset[str] = frozenset()) -> list[Piece]:
    """``line`` as text, code spans, lone backtick runs and rustdoc-style links.

    A code span opens and closes on the line (so a span never silently swallows the rest of
    a description); an escaped backtick opens none. ``definitions`` are the labels of the
    text's link definitions, which make ``[`X`]`` a Markdown link of its own.
    """
    out: list[Piece] = []
    text_start = pos = 0
    while (match := _TICKS.search(line, pos)) is not None:
        if match.group(0).startswith("\\"):
            pos = match.end()  # an escaped backslash or backtick: Markdown shows it as is
            continue
        close = _closing_run(len(match.group(0))).search(line, match.end())
        out.append(Piece("text", line[text_start : match.start()]))
        if close is None:
            out.append(Piece("tick", match.group(0)))
            pos = match.end()
        else:
            out.append(Piece("code", line[match.start() : close.end()]))
            pos = close.end()
        text_start = pos
    out.append(Piece("text", line[text_start:]))
    return _links(out, definitions)


def _links(found: list[Piece], definitions: frozenset[str]) -> list[Piece]:
    """Join ``[`` + code span + ``]`` into a link where it is no Markdown link already."""
    out: list[Piece] = []
    at = 0
    while at < len(found):
        piece = found[at]
        if (
            piece.kind == "code"
            and out
            and at + 1 < len(found)
            and _opens_link(out[-1].text)
            and _closes_link(found[at + 1].text, starts_line=_starts_line(out))
            and _label(piece.text) not in definitions
        ):
            before, after = out[-1].text, found[at + 1].text
            out[-1] = Piece("text", before[:-1])
            out.append(Piece("link", "[" + piece.text + "]", _code_content(piece.text)))
            out.append(Piece("text", after[1:]))
            at += 2
            continue
        out.append(piece)
        at += 1
    return out


def _opens_link(before: str) -> bool:
    if not before.endswith("[") or before.endswith("!["):
        return False
    backslashes = len(before[:-1]) - len(before[:-1].rstrip("\\"))
    return backslashes % 2 == 0  # `\[` is a bracket shown as written


def _starts_line(before: list[Piece]) -> bool:
    """Whether the ``[`` that ends ``before`` opens its line (after at most 3 spaces)."""
    return len(before) == 1 and re.fullmatch(r" {0,3}\[", before[0].text) is not None


def _closes_link(after: str, *, starts_line: bool) -> bool:
    # `](url)` and `][ref]` make one of Markdown's own links, and so does `]: url` where
    # the bracket opens the line (a link definition); elsewhere `]:` is text
    # (`Schema for [`Error::data`]: the shapes ...`)
    if not after.startswith("]") or after[1:2] in ("(", "["):
        return False
    return not (starts_line and after[1:2] == ":")


def _code_content(span: str) -> str:
    ticks = len(span) - len(span.lstrip("`"))
    inner = span[ticks:-ticks]
    # CommonMark takes one space off each end, so that a span can start or end with a tick
    if inner.startswith(" ") and inner.endswith(" ") and inner.strip():
        inner = inner[1:-1]
    return inner


def _label(span: str) -> str:
    return " ".join(f"[{span}]".lower().split())


_DEFINITION = re.compile(r"^ {0,3}(\[[^\]]+\]):", re.M)


def definitions(text: str) -> frozenset[str]:
    """The (normalized) labels of the link definitions in ``text``."""
    return frozenset(" ".join(m.group(1).lower().split()) for m in _DEFINITION.finditer(text))


def find(text: str) -> list[str]:
    """The names of the rustdoc-style links in a Markdown text, in order."""
    # a link opens with a bracket and a code span: most descriptions have none, and are
    # not worth cutting into pieces
    if "[`" not in text:
        return []
    labels = definitions(text)
    return [
        piece.target
        for block in blocks(text)
        if not block.fence
        for line in block.lines
        if "[`" in line
        for piece in pieces(line, labels)
        if piece.kind == "link"
    ]


# ── What a link names ──


@dataclass(frozen=True)
class Target:
    """What a link names, and what it shows."""

    type: str  # the def that documents it
    kind: Literal["type", "field", "variant", "value"]  # value: of an `enum`, no row of its own
    name: str  # the wire name: the property, the member's key, the enum value; the type's own
    shown: str  # the link's text: the type's name or the wire name


def resolve(spec: Spec, index: Index, name: str) -> Target | None:
    """What a link's name (``Type``, ``Type::field``, ``Type::Variant``) stands for, or None
    when it names nothing in the spec (or, for a variant, two members alike)."""
    type_name, *path = name.split("::")
    if type_name not in spec.types or type_name not in index.defs:
        return None
    if not path:
        return Target(type_name, "type", type_name, type_name)
    if len(path) > 1 or not path[0]:
        return None  # a variant's field, a method, a module path: nothing the docs show
    member, schema = path[0], index.defs[type_name]
    if member[0].islower() or member[0] == "_":
        prop = _field(schema, member)
        return None if prop is None else Target(type_name, "field", prop, prop)
    return _variant(index, type_name, schema, member)


def _field(schema: Mapping[str, Any], field: str) -> str | None:
    names = [p for p in schema.get("properties", {}) if isinstance(p, str)]
    head, *rest = field.split("_")
    camel = head + "".join(part[:1].upper() + part[1:] for part in rest)
    for wanted in (field, camel):
        if wanted in names:
            return wanted
    return _only([p for p in names if _fold(p) == _fold(field)])


def _variant(index: Index, type_name: str, schema: Mapping[str, Any], name: str) -> Target | None:
    keyed = member_keys(index, schema)
    titles = {key: _title(member) for key, member in keyed.items()}
    wires = {key: _wire(index, member) for key, member in keyed.items()}
    values = [v for v in schema.get("enum", []) if isinstance(v, str)]
    snake = re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_", name).lower()
    folded = _fold(name)
    rounds = (
        [key for key, title in titles.items() if title == name],
        [key for key, wire in wires.items() if wire == snake] + [v for v in values if v == snake],
        [key for key in keyed if folded in (_fold(key), _fold(titles[key]))]
        + [v for v in values if _fold(v) == folded],
    )
    found = next((keys for keys in rounds if keys), [])
    key = _only(found)
    if key is None:
        return None
    return Target(type_name, "variant" if key in keyed else "value", key, key)


def member_keys(index: Index, schema: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
    """The members of a union (its ``anyOf`` or ``oneOf``, as the docs list them) by key: a
    member's tag or const as the wire has it, else its title, else the def it stands for.
    A key two members share is left out: it tells neither apart."""
    members = schema.get("anyOf") or schema.get("oneOf") or []
    seen: dict[str, list[Mapping[str, Any]]] = {}
    for member in members:
        if isinstance(member, Mapping) and (key := member_key(index, member)) is not None:
            seen.setdefault(key, []).append(member)
    return {key: found[0] for key, found in seen.items() if len(found) == 1}


def member_key(index: Index, member: Mapping[str, Any]) -> str | None:
    return _wire(index, member) or _title(member) or stands_for(member)


def _wire(index: Index, member: Mapping[str, Any]) -> str | None:
    """The tag or const a union member is sent as, as text."""
    tag = index.shapes.tag_of(member)
    value = tag[1] if tag is not None else member.get("const")
    if value is None:
        return None
    return value if isinstance(value, str) else json.dumps(value)


def _title(member: Mapping[str, Any]) -> str:
    title = member.get("title")
    return title if isinstance(title, str) else ""


def _fold(word: str) -> str:
    return re.sub(r"[^0-9a-z]", "", word.lower())


def _only(found: list[str]) -> str | None:
    unique = list(dict.fromkeys(found))
    return unique[0] if len(unique) == 1 else None


# ── Where the spec's Markdown is ──


def descriptions(spec: Spec) -> Iterator[tuple[PathKey, str]]:
    """Every Markdown text of the spec that the docs render, with its data path (the path
    into the YAML, so the rules can point at it): types' descriptions at any depth, and the
    methods', retry classes' and error codes' summaries, titles and descriptions."""
    for cid, retry_class in spec.retry_classes.items():
        for key in ("title", "meaning", "rule"):
            yield ("retryClasses", cid, key), getattr(retry_class, key)
    for name, error in spec.errors.items():
        yield ("errors", name, "title"), error.title
        yield ("errors", name, "description"), error.description
    for name, method in spec.methods.items():
        yield ("methods", name, "summary"), method.summary
        if method.description:
            yield ("methods", name, "description"), method.description
        for retry in method.retry:
            yield ("methods", name, "retry", retry.direction, "again"), retry.again
        for number, example in enumerate(method.examples):
            yield ("methods", name, "examples", number, "title"), example.title
    for name, type_def in spec.types.items():
        yield from _schema_descriptions(type_def.schema, ("types", name))
    yield from _keyed_texts(spec)


def _keyed_texts(spec: Spec) -> Iterator[tuple[PathKey, str]]:
    """The keyed-prompt rules' texts: terms, sections (text, table, rules) and examples."""
    rules = spec.keyed_prompts
    if rules is None:
        return
    for n, (_, definition) in enumerate(rules.terms):
        yield ("keyedPrompts", "terms", n, "definition"), definition
    for n, section in enumerate(rules.sections):
        at: PathKey = ("keyedPrompts", "sections", n)
        yield (*at, "title"), section.title
        for key in ("text", "after"):
            if getattr(section, key):
                yield (*at, key), getattr(section, key)
        for r, row in enumerate(section.rows):
            for c, cell in enumerate(row):
                yield (*at, "table", "rows", r, c), cell
        for r, rule in enumerate(section.rules):
            # a rule with its traces is a mapping: its text is under `text`
            written = (*at, "rules", r, "text")
            yield (written if spec.where.holds(written) else (*at, "rules", r)), rule
    for n, example in enumerate(rules.examples):
        yield ("keyedPrompts", "examples", n, "title"), example.title
        if example.text:
            yield ("keyedPrompts", "examples", n, "text"), example.text


# The keywords whose values are schemas (one, a list, or a map of names to schemas): the
# only places a description can be; `examples`, `default` and `const` hold data, whose
# "description" keys are no descriptions.
_ONE = frozenset({
    "items", "additionalProperties", "not", "contains", "propertyNames", "if", "then", "else",
    "unevaluatedProperties", "unevaluatedItems",
})  # fmt: skip
_LIST = frozenset({"anyOf", "oneOf", "allOf", "prefixItems"})
_MAP = frozenset({"properties", "patternProperties", "$defs", "dependentSchemas"})


def _schema_descriptions(node: Any, path: PathKey) -> list[tuple[PathKey, str]]:
    found: list[tuple[PathKey, str]] = []
    _gather_descriptions(node, path, found)
    return found


def _gather_descriptions(node: Any, path: PathKey, found: list[tuple[PathKey, str]]) -> None:
    # into one list, not through nested generators, which passed each text up through every
    # level that holds it
    if not isinstance(node, Mapping):
        return
    for key, value in node.items():
        if key == "description" and isinstance(value, str):
            found.append(((*path, key), value))
        elif key in _ONE:
            _gather_descriptions(value, (*path, key), found)
        elif key in _LIST and isinstance(value, list):
            for number, item in enumerate(value):
                _gather_descriptions(item, (*path, key, number), found)
        elif key in _MAP and isinstance(value, Mapping):
            for name, item in value.items():
                _gather_descriptions(item, (*path, key, name), found)


def unresolved(spec: Spec, index: Index) -> list[tuple[PathKey, str]]:
    """Each rustdoc-style link that names nothing in the spec: the data path of the text it
    is in, and the link's name as written."""
    return [
        (path, name)
        for path, text in descriptions(spec)
        for name in find(text)
        if resolve(spec, index, name) is None
    ]
