"""site/docs/: the docs pages, rendered from the jinja2 templates in acp_spec/templates/.

Every page is Markdown that mkdocs-material turns into the site. Text from the spec is
Markdown too, but raw HTML in it must show as text and never run, so nothing from the spec
reaches a page unescaped: the helpers here turn it into Markdown whose HTML is escaped
(``markdown_text``), and the templates are rendered with jinja's autoescape on, so a value
that skipped the helpers is HTML-escaped all the same. Every example is rendered as the
JSON-RPC message it stands for and validated against generated/schema.json first: a page
never shows a message the schema rejects.
"""

from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import jinja2
from jsonschema import Draft202012Validator, ValidationError, validators
from jsonschema.exceptions import best_match
from markupsafe import Markup

from ..defs import DEFS_PREFIX, STANDARD_META, expand_types
from ..diagnostics import Diagnostic, SpecError
from ..document import build_schema
from ..index import Index
from ..model import Example, Method, Spec
from ..rules import reachable
from .table import MethodRow, table

# Package data, beside the code, so that a regular (non-editable) install finds them too.
TEMPLATES = Path(__file__).resolve().parents[1] / "templates"
DOCS_DIR = "site/docs"
NAV_PATH = "site/nav.yml"
GENERATED_NOTE = "generated from spec/acp-v2.yaml by acp-spec; do not edit"
PAGE_NOTE = f"<!-- {GENERATED_NOTE} -->"

HOME, RETRY_CLASSES, TYPES, ERRORS = "index.md", "retry-classes.md", "types.md", "errors.md"
# Types with a page of their own; every other type is a section of types.md.
OWN_PAGES = {"IdempotencyKey": "types/idempotency-key.md"}
KEY_TYPE = "IdempotencyKey"

DIRECTION_LABELS = {
    "client-to-agent": "Client → Agent",
    "agent-to-client": "Agent → Client",
    "both": "Both directions",
}
KIND_LABELS = {
    "request": "request",
    "notification": "notification",
    "both": "request and notification",
}
STABILITY_NOTES = {
    "stable": "In upstream's v2 `schema.json`.",
    "unstable": "Only in upstream's `schema.unstable.json`: it may change or be removed.",
    "proposed": "Only proposed in an RFD: not in upstream's schemas yet.",
}
# The standard `_meta` property is on almost every object: a short line says what it is.
_META_SHORT = (
    "Reserved by ACP for metadata; implementations must not assume anything about its keys. "
    "See [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)."
)
_SAFE_SCHEMES = frozenset({"http", "https", "mailto"})
_FILE_CHARS = re.compile(r"[A-Za-z0-9_]")
_TYPE_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")
_MAX_FILE_NAME = 120


# ── Markdown that shows raw HTML as text ──


def markdown_text(text: str) -> str:
    """``text`` as Markdown in which no HTML survives: tags show as written.

    Code spans stay as they are (Markdown escapes their content itself). Outside them,
    ``&`` and ``<`` become entities, ``{`` too (so attr_list can't attach an ``onclick``),
    images become plain text and links to other schemes than http(s)/mailto stop being
    links. A code span must open and close on one line, and a backtick that opens none is
    escaped, so Markdown can't pair backticks differently from here.
    """
    lines: list[str] = []
    for line in text.split("\n"):
        # CommonMark lets a list interrupt a paragraph; Python-Markdown needs a blank line
        if _LIST_ITEM.match(line) and lines and _paragraph_line(lines[-1]):
            lines.append("")
        lines.append(line)
    return "\n".join(_escape_line(line, cell=False) for line in lines)


def _paragraph_line(line: str) -> bool:
    """A line of running text: not blank, not a list item, not a list item's continuation."""
    return bool(line.strip()) and not _LIST_ITEM.match(line) and not line.startswith((" ", "\t"))


def cell_text(text: str) -> str:
    """``text`` as the Markdown of one table cell: one line, paragraphs and list items
    kept apart by line breaks, ``|`` escaped."""
    paragraphs = [p for p in re.split(r"\n\s*\n", text.strip()) if p.strip()]
    rendered = []
    for paragraph in paragraphs:
        items: list[str] = []
        for line in paragraph.split("\n"):
            if items and not _LIST_ITEM.match(line):
                items[-1] += " " + line.strip()
            else:
                items.append(line.strip())
        rendered.append("<br>".join(_escape_line(item, cell=True) for item in items))
    return "<br><br>".join(rendered)


_LIST_ITEM = re.compile(r"\s*(?:[-*+]|\d+[.)])\s")
_TICKS = re.compile(r"\\[\\`]|`+")


def _escape_line(line: str, *, cell: bool) -> str:
    if "`" not in line:
        return _escape_text(line, cell=cell)
    out: list[str] = []
    text_start = pos = 0
    while (match := _TICKS.search(line, pos)) is not None:
        if match.group(0).startswith("\\"):
            pos = match.end()  # an escaped backslash or backtick: Markdown shows it as is
            continue
        run = len(match.group(0))
        close = _closing_run(run).search(line, match.end())
        out.append(_escape_text(line[text_start : match.start()], cell=cell))
        if close is None:
            out.append("\\`" * run)  # opens no code span: make sure Markdown agrees
            pos = match.end()
        else:
            out.append(line[match.start() : close.end()])
            pos = close.end()
        text_start = pos
    out.append(_escape_text(line[text_start:], cell=cell))
    return "".join(out)


@cache
def _closing_run(length: int) -> re.Pattern[str]:
    return re.compile(rf"(?<!`)`{{{length}}}(?!`)")


_AUTOLINK = re.compile(r"<(?:https?://|mailto:)[^<>\s\"'`|]*>", re.IGNORECASE)
# A link's target runs to the first `)`: browsers drop tabs and newlines inside a URL, so
# `java<TAB>script:` must be judged whole. Lookaheads, so that a link inside another
# link's text is judged too.
_LINK_TARGET = re.compile(r"\]\((?=([^)]*))")
# A link definition (`[id]: url`) may sit in a list or a quote: judged wherever it is.
_DEFINITION = re.compile(r"\]:(?=(.*))")


def _escape_text(text: str, *, cell: bool) -> str:
    text = _LINK_TARGET.sub(_neutral_link, text)
    text = _DEFINITION.sub(_neutral_definition, text)
    parts: list[str] = []
    last = 0
    for match in _AUTOLINK.finditer(text):
        parts.append(_escape_chars(text[last : match.start()], cell=cell))
        parts.append(match.group(0))
        last = match.end()
    parts.append(_escape_chars(text[last:], cell=cell))
    return "".join(parts)


def _escape_chars(text: str, *, cell: bool) -> str:
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace("{", "&#123;")
    text = text.replace("![", "!\\[")
    return text.replace("|", "\\|") if cell else text


def safe_url(url: str) -> bool:
    """True for a relative URL or one whose scheme is http, https or mailto."""
    compact = re.sub(r"[\x00-\x20\x7f]", "", url).lstrip("<").lower()
    head = re.split(r"[/?#]", compact, maxsplit=1)[0]
    if ":" not in head:
        return True
    return head.split(":", 1)[0] in _SAFE_SCHEMES


def _neutral_link(match: re.Match[str]) -> str:
    return match.group(0) if safe_url(match.group(1)) else "]\\("


def _neutral_definition(match: re.Match[str]) -> str:
    return match.group(0) if safe_url(match.group(1)) else "\\]:"


def code_span(text: str) -> str:
    """``text`` as one inline code span, whatever backticks it holds."""
    flat = " ".join(text.split("\n"))
    longest = max((len(r) for r in re.findall(r"`+", flat)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if flat.startswith("`") or flat.endswith("`") else ""
    return f"{fence}{pad}{flat}{pad}{fence}"


def code_block(text: str, language: str) -> str:
    """A fenced code block that no content can close early."""
    longest = max((len(r) for r in re.findall(r"^\s*(`{3,})", text, re.M)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}{language}\n{text}\n{fence}"


def _md(text: str) -> Markup:
    return Markup(markdown_text(text))


def _cell(text: str) -> Markup:
    return Markup(cell_text(text))


def _code(text: Any) -> Markup:
    return Markup(code_span(str(text)))


# ── File names and anchors ──


def method_page(name: str) -> str:
    """The page of a method, relative to site/docs: `session/prompt` ->
    `methods/session-prompt.md`, `$/cancel_request` -> `methods/protocol-cancel_request.md`.

    Letters, digits and `_` are kept, `/` becomes `-`, anything else its code point in hex,
    so the name is always one plain file in methods/.
    """
    bare = "protocol/" + name[2:] if name.startswith("$/") else name
    stem = "".join(
        c if _FILE_CHARS.match(c) else "-" if c == "/" else f".{ord(c):x}." for c in bare
    )
    if not stem or stem.startswith(".") or len(stem) > _MAX_FILE_NAME:
        raise ValueError(f"method name {name!r} makes no usable file name ({stem!r})")
    return f"methods/{stem}.md"


def method_pages(names: Iterable[str]) -> dict[str, str]:
    """Every method's page; two names that share a file (even by case alone) are refused."""
    pages: dict[str, str] = {}
    seen: dict[str, str] = {}
    for name in names:
        page = method_page(name)
        other = seen.setdefault(page.lower(), name)
        if other != name:
            raise ValueError(f"methods {other!r} and {name!r} would share the page {page}")
        pages[name] = page
    return pages


def type_anchor(name: str) -> str:
    if not _TYPE_NAME.match(name):
        raise ValueError(f"type name {name!r} makes no usable anchor")
    return name


# ── Schemas as readers see them ──


def _ref_name(schema: Mapping[str, Any]) -> str | None:
    """The type a fragment stands for: a `$ref`, or an `allOf` of one `$ref`."""
    ref = schema.get("$ref")
    if isinstance(ref, str) and ref.startswith(DEFS_PREFIX):
        return ref[len(DEFS_PREFIX) :]
    all_of = schema.get("allOf")
    if isinstance(all_of, list) and len(all_of) == 1 and isinstance(all_of[0], dict):
        return _ref_name(all_of[0])
    return None


def _is_null(schema: Any) -> bool:
    return isinstance(schema, dict) and schema.get("type") == "null" and len(schema) == 1


def _without_null(schema: Mapping[str, Any]) -> tuple[dict[str, Any], bool]:
    """The schema with a null alternative taken out, and whether there was one."""
    out = dict(schema)
    types = out.get("type")
    if isinstance(types, list) and "null" in types:
        rest = [t for t in types if t != "null"]
        out["type"] = rest[0] if len(rest) == 1 else rest
        return out, True
    for key in ("anyOf", "oneOf"):
        variants = out.get(key)
        if isinstance(variants, list) and any(_is_null(v) for v in variants):
            rest = [v for v in variants if not _is_null(v)]
            del out[key]
            if len(rest) == 1 and isinstance(rest[0], dict):
                merged = {k: v for k, v in out.items() if k != "description"}
                return {**merged, **rest[0]}, True
            out[key] = rest
            return out, True
    return out, False


_CONSTRAINT_KEYS = (
    "minLength", "maxLength", "pattern", "format", "minimum", "maximum",
    "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minItems", "maxItems",
    "uniqueItems", "minProperties", "maxProperties", "default",
)  # fmt: skip


@dataclass(frozen=True)
class FieldRow:
    name: Markup
    type: Markup
    required: str
    nullable: str
    constraints: Markup
    description: Markup


@dataclass(frozen=True)
class VariantRow:
    name: Markup
    type: Markup
    description: Markup


@dataclass(frozen=True)
class RenderedExample:
    title: str
    kind: str
    messages: tuple[tuple[str, Markup], ...]  # (label, fenced JSON)


@dataclass(frozen=True)
class Site:
    """What every page is rendered from."""

    spec: Spec
    defs: Mapping[str, Mapping[str, Any]]
    pages: Mapping[str, str]
    rows: tuple[MethodRow, ...]
    used_by: Mapping[str, tuple[str, ...]]
    errors_used_by: Mapping[str, tuple[str, ...]]
    examples: Mapping[str, tuple[RenderedExample, ...]]

    def type_page(self, name: str) -> str:
        return OWN_PAGES.get(name, TYPES)


class Page:
    """One page being rendered: links relative to it, and tables of the spec's types."""

    def __init__(self, site: Site, path: str) -> None:
        self.site = site
        self.path = path

    def url(self, target: str, anchor: str = "") -> str:
        if target == self.path:
            return f"#{anchor}" if anchor else posixpath.basename(target)
        relative = posixpath.relpath(target, posixpath.dirname(self.path) or ".")
        return f"{relative}#{anchor}" if anchor else relative

    # links

    def type_link(self, name: str) -> Markup:
        if name not in self.site.defs:
            return _code(name)
        page = self.site.type_page(name)
        anchor = "" if page in OWN_PAGES.values() else type_anchor(name)
        return Markup(f"[{name}]({self.url(page, anchor)})")

    def method_link(self, name: str) -> Markup:
        return Markup(f"[{cell_text(name)}]({self.url(self.site.pages[name])})")

    def class_link(self, class_id: str) -> Markup:
        retry_class = self.site.spec.retry_classes.get(class_id)
        title = retry_class.title if retry_class else class_id
        anchor = _class_anchor(class_id)
        return Markup(f"[{cell_text(title)}]({self.url(RETRY_CLASSES, anchor)})")

    def error_link(self, name: str) -> Markup:
        error = self.site.spec.errors[name]
        return Markup(f"[`{error.code}`]({self.url(ERRORS, _error_anchor(name))})")

    def external_link(self, url: str, text: str) -> Markup:
        if not safe_url(url) or not re.match(r"https?://", url):
            return _code(url)
        target = url.replace(" ", "%20").replace("(", "%28").replace(")", "%29")
        return Markup(f"[{markdown_text(text)}](<{target}>)")

    # schemas

    def type_expr(self, schema: Mapping[str, Any]) -> Markup:
        """A short Markdown name for what a schema fragment holds."""
        schema, nullable = _without_null(schema)
        text = self._expr(schema)
        return Markup(f"{text} or null" if nullable else text)

    def _expr(self, schema: Mapping[str, Any]) -> str:
        name = _ref_name(schema)
        if name is not None:
            return str(self.type_link(name))
        if "const" in schema:
            return code_span(json.dumps(schema["const"], ensure_ascii=False))
        if isinstance(schema.get("enum"), list):
            values = [code_span(json.dumps(v, ensure_ascii=False)) for v in schema["enum"]]
            return "one of " + ", ".join(values)
        for key in ("anyOf", "oneOf"):
            variants = schema.get(key)
            if isinstance(variants, list):
                return " or ".join(self._expr(v) for v in variants if isinstance(v, dict))
        kind = schema.get("type")
        if isinstance(kind, list):
            return " or ".join(str(k) for k in kind)
        if kind == "array":
            items = schema.get("items")
            return "array of " + (self._expr(items) if isinstance(items, dict) else "any")
        if kind == "object":
            extra = schema.get("additionalProperties")
            if isinstance(extra, dict) and not schema.get("properties"):
                return "map of string to " + self._expr(extra)
            return "object"
        return str(kind) if isinstance(kind, str) else "any"

    def constraints(self, schema: Mapping[str, Any]) -> Markup:
        schema, _ = _without_null(schema)
        found = _constraints(schema)
        name = _ref_name(schema)
        target = self.site.defs.get(name) if name else None
        if target is not None and not {"properties", "anyOf", "oneOf"} & set(target):
            inherited = _constraints(target)
            if inherited:
                found.append(f"{', '.join(inherited)} (from {self.type_link(name or '')})")
        return Markup(", ".join(found))

    def fields(self, type_name: str) -> list[FieldRow]:
        schema = self.site.defs.get(type_name, {})
        required = set(schema.get("required", []))
        rows = []
        for name, prop in schema.get("properties", {}).items():
            if not isinstance(prop, dict):
                continue
            _, nullable = _without_null(prop)
            rows.append(FieldRow(
                name=_code(name), type=Markup(self._expr(_without_null(prop)[0])),
                required="yes" if name in required else "no",
                nullable="yes" if nullable else "no",
                constraints=self.constraints(prop),
                description=_cell(_META_SHORT if prop == STANDARD_META else str(prop.get("description", ""))),
            ))  # fmt: skip
        return rows

    def variants(self, type_name: str) -> list[VariantRow]:
        schema = self.site.defs.get(type_name, {})
        variants = schema.get("anyOf") or schema.get("oneOf") or []
        rows = []
        for variant in variants:
            if not isinstance(variant, dict):
                continue
            rows.append(VariantRow(
                name=_code(_variant_name(variant)), type=self._variant_type(variant),
                description=_cell(str(variant.get("description", ""))),
            ))  # fmt: skip
        return rows

    def _variant_type(self, variant: Mapping[str, Any]) -> Markup:
        tag = _tag(variant)
        if _ref_name(variant) is not None or tag is None:
            return self.type_expr(variant)
        return Markup("object")

    def type_line(self, type_name: str) -> Markup:
        """What kind of type it is, with its constraints."""
        schema = self.site.defs.get(type_name, {})
        found = self.constraints(schema)
        return Markup(f"{self.summary(type_name)}, {found}" if found else self.summary(type_name))

    def type_names(self) -> list[str]:
        return sorted(self.site.defs, key=lambda name: (name.lower(), name))

    # the method table

    def methods_of(self, class_id: str) -> list[str]:
        return [r.name for r in self.site.rows if class_id in r.retry_classes.values()]

    def class_count(self, class_id: str) -> int:
        return len(self.methods_of(class_id))

    def stability_counts(self) -> str:
        counts = {s: sum(r.stability == s for r in self.site.rows) for s in STABILITY_NOTES}
        return ", ".join(f"{n} {s}" for s, n in counts.items() if n)

    def stability_badge(self, stability: str) -> Markup:
        if stability == "stable":
            return Markup("stable")
        return Markup('<span class="acp-badge acp-badge--{0}">{0}</span>').format(stability)

    def row_classes(self, row: MethodRow) -> Markup:
        """The class cell of the method table; each class carries its id for the filter."""
        spans: list[Markup] = []
        distinct = dict.fromkeys(row.retry_classes.values())
        for direction, class_id in row.retry_classes.items():
            if len(distinct) == 1 and spans:
                break
            retry_class = self.site.spec.retry_classes.get(class_id)
            title = retry_class.title if retry_class else class_id
            prefix = f"{DIRECTION_LABELS[direction]}: " if len(distinct) > 1 else ""
            spans.append(
                Markup('<span class="acp-class" data-retry-class="{}">{}{}</span>').format(
                    class_id, prefix, title
                )
            )
        return Markup("<br>").join(spans)

    def summary(self, type_name: str) -> Markup:
        """One line saying what kind of type it is."""
        schema = self.site.defs.get(type_name, {})
        variants = schema.get("anyOf") or schema.get("oneOf")
        if isinstance(variants, list):
            if all("const" in v for v in variants if isinstance(v, dict) and "title" not in v):
                return Markup(f"one of {len(variants)} values")
            return Markup(f"one of {len(variants)} variants")
        return self.type_expr(schema)


def _constraints(schema: Mapping[str, Any]) -> list[str]:
    return [
        code_span(f"{key}: {json.dumps(schema[key], ensure_ascii=False)}")
        if not isinstance(schema[key], str)
        else code_span(f"{key}: {schema[key]}")
        for key in _CONSTRAINT_KEYS
        if key in schema
    ]


def _tag(variant: Mapping[str, Any]) -> Any:
    for prop in variant.get("properties", {}).values():
        if isinstance(prop, dict) and "const" in prop:
            return prop["const"]
    return None


def _variant_name(variant: Mapping[str, Any]) -> str:
    if "title" in variant:
        return str(variant["title"])
    for value in (variant.get("const"), _tag(variant)):
        if value is not None:
            return json.dumps(value, ensure_ascii=False)
    name = _ref_name(variant)
    return name or str(variant.get("type", "variant"))


def _class_anchor(class_id: str) -> str:
    return "class-" + re.sub(r"[^a-z0-9_-]", "-", class_id.lower())


def _error_anchor(name: str) -> str:
    return "error-" + re.sub(r"[^a-z0-9_-]", "-", name.lower())


# ── Examples, as JSON-RPC messages the schema accepts ──


def _any_of(
    validator: Any, any_of: list[Any], instance: Any, schema: Any
) -> Iterator[ValidationError]:
    """``anyOf`` that stops at a branch's first error: the same verdict, much sooner (a
    message is tried against every method's params; most fail at the method name)."""
    for index, subschema in enumerate(any_of):
        if next(validator.descend(instance, subschema, schema_path=index), None) is None:
            return
    yield ValidationError(f"{instance!r} is not valid under any of the given schemas")


_QuickValidator = validators.extend(Draft202012Validator, {"anyOf": _any_of})  # type: ignore[no-untyped-call]


@dataclass(frozen=True)
class _Check:
    """Validates against a def of generated/schema.json, or the whole schema."""

    quick: Any
    full: Draft202012Validator

    def first_error(self, value: Any) -> ValidationError | None:
        """The error to report, or None if ``value`` is valid; the quick check decides."""
        if self.quick.is_valid(value):
            return None
        error: ValidationError | None = best_match(self.full.iter_errors(value))
        return error


def _validators(spec: Spec) -> Callable[[str | None], _Check]:
    schema = build_schema(spec)

    @cache
    def validator(name: str | None) -> _Check:
        target = schema if name is None else {"$ref": DEFS_PREFIX + name, "$defs": schema["$defs"]}
        return _Check(_QuickValidator(target), Draft202012Validator(target))

    return validator


def example_messages(method: Method, example: Example) -> list[tuple[str, dict[str, Any]]]:
    """The JSON-RPC messages an example stands for, labelled."""
    if example.kind == "notification":
        return [
            ("Notification", {"jsonrpc": "2.0", "method": method.name, "params": example.params})
        ]
    request = {"jsonrpc": "2.0", "id": 1, "method": method.name, "params": example.params}
    return [("Request", request), ("Response", {"jsonrpc": "2.0", "id": 1, "result": example.result})]  # fmt: skip


def render_examples(spec: Spec) -> dict[str, tuple[RenderedExample, ...]]:
    """Every method's examples as JSON; raises SpecError if the schema rejects one."""
    validator = _validators(spec)
    problems: list[Diagnostic] = []
    rendered: dict[str, tuple[RenderedExample, ...]] = {}
    for method in spec.methods.values():
        out = []
        for index, example in enumerate(method.examples):
            messages = example_messages(method, example)
            problems.extend(_check_example(spec, validator, method, index, example, messages))
            blocks = tuple(
                (label, Markup(code_block(json.dumps(msg, indent=2, ensure_ascii=False), "json")))
                for label, msg in messages
            )
            out.append(RenderedExample(example.title, example.kind, blocks))
        rendered[method.name] = tuple(out)
    if problems:
        raise SpecError(problems)
    return rendered


def _check_example(
    spec: Spec,
    validator: Callable[[str | None], _Check],
    method: Method,
    index: int,
    example: Example,
    messages: list[tuple[str, dict[str, Any]]],
) -> Iterator[Diagnostic]:
    # The whole schema binds a method's name to its params, so the messages check those;
    # a response names no method, so its result is checked against the method's result too.
    call = method.call(example.kind)
    checks: list[tuple[str, str | None, Any]] = [(label, None, msg) for label, msg in messages]
    if call is not None and call.result is not None:
        checks.append(("result", call.result, example.result))
    where = spec.where.at(("methods", method.name, "examples", index))
    for label, type_name, value in checks:
        error = validator(type_name).first_error(value)
        if error is None:
            continue
        what = f"its {label} as {type_name}" if type_name else f"its JSON-RPC {label.lower()}"
        path = " › ".join(map(str, error.absolute_path)) or "the top"
        yield Diagnostic(where, f"example '{example.title}' of {method.name}: generated/"
                         f"schema.json rejects {what} at {path}: {error.message}; the docs "
                         "show no example the schema rejects, so fix the example or the type")  # fmt: skip


# ── The site ──


def build_site(spec: Spec) -> Site:
    defs = expand_types({name: t.schema for name, t in spec.types.items()})
    for name in defs:
        type_anchor(name)
    pages = method_pages(spec.methods)
    used_by: dict[str, list[str]] = {name: [] for name in defs}
    errors_used_by: dict[str, list[str]] = {name: [] for name in spec.errors}
    for method in spec.methods.values():
        reached: set[str] = set()
        for call in method.calls:
            for start in filter(None, (call.params, call.result)):
                reached |= reachable(spec, start)
        for name in reached & set(used_by):
            used_by[name].append(method.name)
        for error in method.errors:
            errors_used_by.setdefault(error, []).append(method.name)
    return Site(
        spec=spec, defs=defs, pages=pages, rows=tuple(table(spec)),
        used_by={k: tuple(v) for k, v in used_by.items()},
        errors_used_by={k: tuple(v) for k, v in errors_used_by.items()},
        examples=render_examples(spec),
    )  # fmt: skip


def environment(templates: Path = TEMPLATES) -> jinja2.Environment:
    """The templates' environment; kept, and reloaded when a template file changes."""
    if not templates.is_dir():
        raise FileNotFoundError(f"the docs templates are not at {templates}")
    return _environment(templates.resolve())


@cache
def _environment(templates: Path) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates)),
        autoescape=lambda name: name is not None and name.endswith(".md.j2"),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        auto_reload=True,
    )
    env.filters.update(md=_md, cell=_cell, code=_code, yaml_str=_yaml_str)
    env.globals.update(
        note=Markup(PAGE_NOTE), yaml_note=GENERATED_NOTE, directions=DIRECTION_LABELS,
        kinds=KIND_LABELS, stability_notes=STABILITY_NOTES, class_anchor=_class_anchor,
        error_anchor=_error_anchor, key_type=KEY_TYPE, own_pages=OWN_PAGES,
    )  # fmt: skip
    return env


def _yaml_str(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)  # a JSON string is a YAML string


def emit_docs(spec: Spec, index: Index) -> dict[str, bytes]:
    return render_docs(spec, TEMPLATES)


def render_docs(spec: Spec, templates: Path) -> dict[str, bytes]:
    site = build_site(spec)
    env = environment(templates)
    pages: dict[str, str] = {}

    def render(template: str, path: str, **context: Any) -> None:
        text = env.get_template(template).render(site=site, page=Page(site, path), **context)
        if not text.startswith(PAGE_NOTE):
            raise ValueError(f"{template} must start with the generated note {PAGE_NOTE}")
        pages[path] = text

    render("home.md.j2", HOME)
    render("retry-classes.md.j2", RETRY_CLASSES)
    for row in site.rows:
        method = spec.methods[row.name]
        render("method.md.j2", site.pages[row.name], method=method, row=row)
    render("types.md.j2", TYPES)
    for name, path in OWN_PAGES.items():
        if name in site.defs:
            render("type-page.md.j2", path, name=name)
    render("errors.md.j2", ERRORS)
    outputs = {f"{DOCS_DIR}/{path}": _tidy(text) for path, text in pages.items()}
    for path in outputs:
        if posixpath.normpath(path) != path or not path.startswith(DOCS_DIR + "/"):
            raise ValueError(f"refusing to write {path}: outside {DOCS_DIR}")
    outputs[NAV_PATH] = _tidy(env.get_template("nav.yml.j2").render(site=site))
    return outputs


def _tidy(text: str) -> bytes:
    """One blank line at most between blocks, one newline at the end."""
    text = re.sub(r"[ \t]+\n", "\n", text)
    text = re.sub(r"\n{3,}", "\n\n", text)
    return (text.strip("\n") + "\n").encode("utf-8")
