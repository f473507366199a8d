"""Write upstream's defs into the spec's ``types:`` as YAML blocks (``acp-spec upstream import``).

The inverse of ``defs.expand_type``: a def of upstream's published schema becomes the fragment
the spec writes (references by name, the standard ``_meta`` implicit, open-union guards left to
the generator), proved by expanding it back to upstream's JSON. The spec file is edited as
text, one type block at a time, so that everything around the blocks (section comments, the
order of the types, the methods) stays as it was written: a changed def's block is replaced
where it is, a new def's block is placed after the first type that refers to it. Properties
the spec adds to a def on purpose (``upstream › differences``, kind ``new-properties``) are
carried over from the old block, comments included.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from io import StringIO
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import YAMLError
from ruamel.yaml.scalarstring import DoubleQuotedScalarString, LiteralScalarString

from .defs import DEFS_PREFIX, STANDARD_META, expand_type, open_union_guard, referenced_names
from .jsontext import lone_surrogate
from .metaschema import schema_problem
from .model import DERIVED_TYPE_NAMES, AddedProperty

# Upstream keywords naming the method a def belongs to; the spec keeps that in `methods`.
METHOD_KEYWORDS = ("x-side", "x-method")
# How the importer writes YAML, which is how the spec's types were first written.
WIDTH = 100
SHORT_LIST = 6  # a list of at most this many scalars is written on one line

_TYPE_KEY = re.compile(r"^  (?P<name>[A-Za-z_][A-Za-z0-9_]*):\s*$")
_TOP_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*:")
_SECTION_COMMENT = re.compile(r"^  #")


class ImportProblem(Exception):
    """What keeps a def from being imported, said so that the maintainer can act on it."""


# a def becomes a type of the spec: its name must be one (format.schema.json's typeName)
_TYPE_NAME = re.compile(r"^[A-Z][A-Za-z0-9]*$")


def unusable(name: str, definition: Any) -> str | None:
    """Why upstream's def ``name`` cannot be imported, or None: the importer reads a def as
    a JSON Schema (``properties`` an object of schemas, ``$ref`` a string, ...), so one that
    is none is said, never walked."""
    if not _TYPE_NAME.match(name):
        return "its name is not a type name of the spec (a capital letter, then letters and digits)"
    surrogate = lone_surrogate(definition)
    if surrogate is not None:
        return f"a text in it holds a lone surrogate ({surrogate[:40]!a}), which UTF-8 cannot write"
    if not isinstance(definition, dict):
        return (
            f"it is {type(definition).__name__} {json.dumps(definition)[:40]}, not a schema object"
        )
    problem = schema_problem(definition)
    if problem is None:
        return None
    return f"it is not a JSON Schema 2020-12 (at #/$defs/{name}{problem[0]}: {problem[1]})"


def without_method_keywords(definition: Mapping[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in definition.items() if k not in METHOD_KEYWORDS}


def without_additions(ours: Mapping[str, Any], adds: Iterable[str]) -> dict[str, Any]:
    """A def with the listed added properties taken out again, and their required entries
    (a required list left empty with them: upstream's def had none)."""
    out = copy.deepcopy(dict(ours))
    for prop in adds:
        out.get("properties", {}).pop(prop, None)
        if prop in out.get("required", []):
            out["required"] = [r for r in out["required"] if r != prop]
            if not out["required"]:
                del out["required"]
    return out


def with_required(
    fragment: Mapping[str, Any], adds: Iterable[AddedProperty], before: Sequence[str]
) -> dict[str, Any]:
    """Upstream's fragment with the required entries of the spec's added properties put
    back, each after the entry it followed in ``before`` (the spec's list), else last."""
    wanted = [a.name for a in adds if a.required]
    if not wanted:
        return dict(fragment)
    required = list(fragment.get("required", []))
    for prop in wanted:
        if prop in required:
            continue
        earlier = before[: before.index(prop)] if prop in before else []
        anchor = next((r for r in reversed(earlier) if r in required), None)
        if anchor is not None:
            required.insert(required.index(anchor) + 1, prop)
        elif before[:1] == [prop]:
            required.insert(0, prop)
        else:
            required.append(prop)
    if "required" in fragment:
        return {k: (required if k == "required" else v) for k, v in fragment.items()}
    out: dict[str, Any] = {}
    for key, value in fragment.items():  # upstream writes required after the properties
        out[key] = value
        if key == "properties":
            out["required"] = required
    out.setdefault("required", required)
    return out


# --- upstream's JSON -> the spec's fragment ------------------------------------------------


def shrink(fragment: Any) -> Any:
    """Undo the conveniences of the source format on one fragment (not a whole def)."""
    if isinstance(fragment, list):
        return [shrink(item) for item in fragment]
    if not isinstance(fragment, dict):
        return fragment
    out: dict[str, Any] = {}
    for key, value in fragment.items():
        if key == "$ref" and isinstance(value, str):
            out["$ref"] = value.removeprefix(DEFS_PREFIX)
        elif key == "allOf" and _single_ref(value) and len(fragment) > 1:
            # upstream describes a reference as `allOf: [$ref]` beside the description; the
            # spec writes `$ref` beside it, which expands back to exactly that
            out["$ref"] = value[0]["$ref"].removeprefix(DEFS_PREFIX)
        elif key in ("properties", "$defs", "patternProperties", "dependentSchemas"):
            out[key] = {name: shrink(sub) for name, sub in value.items()}
        elif key == "anyOf" and isinstance(value, list):
            out[key] = [_shrink_variant(v, value) for v in value]
        else:
            out[key] = shrink(value)
    return out


def _single_ref(value: Any) -> bool:
    return (
        isinstance(value, list)
        and len(value) == 1
        and isinstance(value[0], dict)
        and set(value[0]) == {"$ref"}
    )


def _shrink_variant(variant: Any, siblings: Sequence[Any]) -> Any:
    shrunk = shrink(variant)
    if isinstance(variant, dict) and "not" in variant:
        others = [s for s in siblings if s is not variant]
        if open_union_guard(variant, others) == variant["not"]:
            del shrunk["not"]  # the generator derives exactly this guard
    return shrunk


def fragment_of(name: str, definition: Mapping[str, Any]) -> dict[str, Any]:
    """The spec's fragment for upstream's def ``name``, proved to expand back to it."""
    wanted = without_method_keywords(definition)
    out = shrink(wanted)
    if not isinstance(out, dict):
        raise ImportProblem(f"upstream's {name} is not a schema object")
    if wanted.get("type") == "object":
        props = out.get("properties", {})
        if props.get("_meta") == STANDARD_META:
            trial = copy.deepcopy(out)
            del trial["properties"]["_meta"]
            if not trial["properties"]:
                del trial["properties"]
            if _same(expand_type(trial), wanted):
                out = trial  # implicit, unless upstream puts it somewhere else than last
        elif "_meta" not in props:
            out["meta"] = False
    if not _same(expand_type(out), wanted):
        raise ImportProblem(f"upstream's {name} does not survive the round trip through the "
                            "source format; write it by hand and report it as a bug of acp-spec")  # fmt: skip
    return out


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON text: key order is part of upstream's shape, which ``==`` ignores."""
    return json.dumps(a) == json.dumps(b)


# --- the fragment -> YAML text --------------------------------------------------------------


def to_yaml(value: Any) -> Any:
    if isinstance(value, dict):
        node = CommentedMap()
        for key, sub in value.items():
            node[key] = to_yaml(sub)
        return node
    if isinstance(value, list):
        seq = CommentedSeq(to_yaml(v) for v in value)
        if len(value) <= SHORT_LIST and all(
            isinstance(v, str | int) and not isinstance(v, bool) for v in value
        ):
            seq.fa.set_flow_style()
        return seq
    if isinstance(value, str) and not _printable(value):
        return DoubleQuotedScalarString(value)  # escapes what a spec may not hold raw
    if isinstance(value, str) and "\n" in value:
        return LiteralScalarString(value)
    return value


def _printable(text: str) -> bool:
    """Whether ``text`` can be written as it is: a tab, a carriage return, a control
    character or a line separator written raw would make a spec that ``check`` refuses to
    read."""
    return all(char == "\n" or char.isprintable() for char in text)


def section_lines(section: str, name: str, entry: Mapping[str, Any]) -> list[str]:
    """The lines of ``name: entry`` as it stands under the spec's top-level ``section``
    (``types``, ``methods``), written as the spec is."""
    yaml = YAML()
    yaml.width = WIDTH
    yaml.indent(mapping=2, sequence=4, offset=2)
    out = StringIO()
    yaml.dump(CommentedMap([(section, CommentedMap([(name, to_yaml(dict(entry)))]))]), out)
    lines = out.getvalue().splitlines(keepends=True)
    assert lines[0] == f"{section}:\n", lines[0]
    return lines[1:]


def render_block(name: str, fragment: Mapping[str, Any]) -> list[str]:
    """The lines of the type entry ``name: fragment`` as it stands under ``types:``."""
    return section_lines("types", name, fragment)


# --- the spec's text: where each type's block is -------------------------------------------


@dataclass(frozen=True)
class Block:
    name: str
    start: int  # index of the type's key line
    end: int  # index after its last line (trailing blank lines and section comments excluded)


@dataclass(frozen=True)
class Layout:
    """Where the type blocks of a spec's text are."""

    blocks: Mapping[str, Block]
    end: int  # index after the last line of the types section's last block


def layout(lines: Sequence[str]) -> Layout:
    start = next((i for i, line in enumerate(lines) if line.rstrip() == "types:"), None)
    if start is None:
        raise ImportProblem("the spec has no top-level `types:` section")
    stop = next((i for i in range(start + 1, len(lines)) if _TOP_KEY.match(lines[i])), len(lines))
    keys = [(i, m["name"]) for i in range(start + 1, stop) if (m := _TYPE_KEY.match(lines[i]))]
    blocks: dict[str, Block] = {}
    for number, (line, name) in enumerate(keys):
        end = keys[number + 1][0] if number + 1 < len(keys) else stop
        while end > line + 1 and (
            not lines[end - 1].strip() or _SECTION_COMMENT.match(lines[end - 1])
        ):
            end -= 1
        blocks[name] = Block(name, line, end)
    last = max((b.end for b in blocks.values()), default=start + 1)
    return Layout(blocks, last)


def _property_lines(block: Sequence[str], prop: str) -> tuple[int, int] | None:
    """Where the entry of property ``prop`` is in a type block's lines: under the block's own
    ``properties:`` (at four spaces), the entry at six, to the next line at six or less."""
    inside = False
    for number, line in enumerate(block):
        if line.rstrip() == "    properties:":
            inside = True
            continue
        if inside and line.strip() and _indent(line) <= 4:
            return None
        if inside and (m := _PROPERTY_KEY.match(line)) is not None and m["p"] == prop:
            end = number + 1
            while end < len(block) and (not block[end].strip() or _indent(block[end]) > 6):
                end += 1
            return number, end
    return None


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _keep_additions(old: Sequence[str], new: list[str], adds: Iterable[str]) -> list[str]:
    """The new block with the spec's added properties copied over from the old block, each
    after the property it followed there (or last), comments and all."""
    out = list(new)
    for prop in adds:
        found = _property_lines(old, prop)
        if found is None or _property_lines(out, prop) is not None:
            continue  # nothing to keep, or upstream now has it (check then says so)
        lines = list(old[found[0] : found[1]])
        before = [m["p"] for m in map(_PROP.match, old[: found[0]]) if m]
        anchor = next((p for p in reversed(before) if _property_lines(out, p)), None)
        if anchor is not None:
            where = _property_lines(out, anchor)
            assert where is not None
            out[where[1] : where[1]] = lines
        else:
            props = next(
                (i for i, line in enumerate(out) if line.rstrip() == "    properties:"), None
            )
            if props is None:
                raise ImportProblem(f"the new {prop} has no properties to keep it in")
            end = props + 1
            while end < len(out) and (not out[end].strip() or _indent(out[end]) > 4):
                end += 1
            out[end:end] = lines
    return out


_PROP = re.compile(r"^      (?P<p>[A-Za-z_$][A-Za-z0-9_]*):")
# a property's key line, a comment after it allowed
_PROPERTY_KEY = re.compile(r"^      (?P<p>[A-Za-z_$][A-Za-z0-9_]*):\s*(?:#.*)?$")


# --- the edit ---------------------------------------------------------------------------


@dataclass
class Imported:
    text: str
    replaced: list[str] = field(default_factory=list)
    added: list[tuple[str, str | None]] = field(default_factory=list)  # (def, placed after)
    unchanged: list[str] = field(default_factory=list)


def changed_defs(
    upstream: Mapping[str, Any],
    ours: Mapping[str, Mapping[str, Any]],
    adds: Mapping[str, Sequence[AddedProperty]],
) -> list[str]:
    """Upstream's defs, in its order, that the spec lacks or writes differently (a listed
    added property is no difference). Routing unions are the generator's, never imported."""
    found = []
    for name, definition in upstream.items():
        if name in DERIVED_TYPE_NAMES or not isinstance(definition, Mapping):
            continue
        if name not in ours:
            found.append(name)
            continue
        theirs = without_method_keywords(definition)
        mine = without_additions(
            expand_type(ours[name]),
            [a.name for a in adds.get(name, ()) if a.name not in theirs.get("properties", {})],
        )
        if not _same(mine, theirs):
            found.append(name)
    return found


def import_defs(
    text: str,
    upstream: Mapping[str, Any],
    names: Sequence[str],
    *,
    adds: Mapping[str, Sequence[AddedProperty]] | None = None,
    after: str | None = None,
    max_bytes: int | None = None,
) -> Imported:
    """``text`` with upstream's defs ``names`` written into its types: a type the spec has is
    replaced where it is, a new one is placed after ``after`` if given, else after the first
    type that refers to it (a new one that refers to it, once placed), else last. A text
    that would be over ``max_bytes`` (UTF-8) is refused."""
    for name in names:
        if name in DERIVED_TYPE_NAMES:
            raise ImportProblem(f"{name} is a routing union the generator derives from the "
                                "methods; it is never a type of the spec")  # fmt: skip
        if name not in upstream:
            raise ImportProblem(f"upstream's schema has no def {name}")
    lines = text.splitlines(keepends=True)
    if lines and not lines[-1].endswith("\n"):
        lines[-1] += "\n"
    places = layout(lines)
    if max_bytes is not None:
        # refused before the YAML is written, which takes seconds a megabyte: the new text
        # holds at least each string of the defs, and what the replaced blocks leave
        kept = sum(len(line.encode("utf-8")) for line in lines) - sum(
            len("".join(lines[b.start : b.end]).encode("utf-8"))
            for n in set(names) if (b := places.blocks.get(n)) is not None
        )  # fmt: skip
        _within(kept + sum(_least_size(upstream[n]) for n in set(names)), max_bytes)
    if after is not None and after not in places.blocks:
        raise ImportProblem(f"--after {after}: the spec has no type of that name")
    result = Imported(text)
    edits: dict[int, tuple[int, list[str]]] = {}  # start -> (end, new lines)
    inserts: dict[int, list[str]] = {}  # line index -> blocks to insert there, in order
    new = [n for n in dict.fromkeys(names) if n not in places.blocks]
    for name in dict.fromkeys(names):
        if name not in places.blocks:
            continue
        block = places.blocks[name]
        old, added = lines[block.start : block.end], (adds or {}).get(name, ())
        fragment = with_required(fragment_of(name, upstream[name]), added, _required_in(old))
        fresh = _keep_additions(old, render_block(name, fragment), [a.name for a in added])
        if fresh == lines[block.start : block.end]:
            result.unchanged.append(name)
            continue
        edits[block.start] = (block.end, fresh)
        result.replaced.append(name)
    for name, anchor in _placements(new, upstream, list(places.blocks), after):
        at = places.blocks[anchor].end if anchor is not None else places.end
        inserts.setdefault(at, []).extend(render_block(name, fragment_of(name, upstream[name])))
        result.added.append((name, anchor))
    out: list[str] = []
    index = 0
    while index < len(lines):
        out += inserts.pop(index, [])
        if index in edits:
            end, fresh = edits[index]
            out += fresh
            index = end
            continue
        out.append(lines[index])
        index += 1
    for at in sorted(inserts):
        out += inserts[at]
    result.text = "".join(out)
    if max_bytes is not None:
        _within(len(result.text.encode("utf-8")), max_bytes)
    return result


def _required_in(block: Sequence[str]) -> list[str]:
    """The required list of a type's block as the spec writes it ([] if it has none)."""
    try:
        loaded = YAML(typ="safe").load("".join(block))
    except YAMLError:
        return []  # the block is broken: check says where; the import keeps upstream's order
    entry = next(iter(loaded.values()), None) if isinstance(loaded, dict) else None
    required = entry.get("required") if isinstance(entry, dict) else None
    return [r for r in required if isinstance(r, str)] if isinstance(required, list) else []


def _within(size: int, max_bytes: int) -> None:
    if size > max_bytes:
        raise ImportProblem(f"the import would make the spec over the {max_bytes // 1048576} "
                            "MiB that check reads")  # fmt: skip


def _least_size(value: Any) -> int:
    """The bytes of the strings in ``value`` (keys and values): YAML writes each at least."""
    size, pending = 0, [value]
    while pending:
        node = pending.pop()
        if isinstance(node, str):
            size += len(node.encode("utf-8"))
        elif isinstance(node, dict):
            pending += node.keys()
            pending += node.values()
        elif isinstance(node, list):
            pending += node
    return size


def _placements(
    new: Sequence[str], upstream: Mapping[str, Any], order: Sequence[str], after: str | None
) -> list[tuple[str, str | None]]:
    """(def, the existing type it goes after) for each new def, in the order to write them:
    a def that refers to another new def's comes after that one."""
    if after is not None:
        return [(name, after) for name in new]
    referrers: dict[str, list[str]] = {}
    for name, definition in upstream.items():
        if name in DERIVED_TYPE_NAMES:
            continue
        for target in referenced_names(definition):
            ref = target.removeprefix(DEFS_PREFIX)
            if name not in referrers.setdefault(ref, []):
                referrers[ref].append(name)
    rank = {name: number for number, name in enumerate(order)}
    anchors: dict[str, str | None] = {}
    todo = list(new)
    while todo:
        progress = False
        for name in list(todo):
            users = referrers.get(name, [])
            existing = sorted((u for u in users if u in rank), key=rank.__getitem__)
            placed = [u for u in users if u in anchors]
            if existing:
                anchors[name] = existing[0]
            elif placed:
                anchors[name] = anchors[placed[0]]
            elif any(u in todo for u in users if u != name):
                continue  # its referrer is new too: place that one first
            else:
                anchors[name] = None
            todo.remove(name)
            progress = True
        if not progress:  # new defs that only refer to each other: the first goes last
            anchors[todo.pop(0)] = None
    return list(anchors.items())
