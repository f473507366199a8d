"""One page being rendered: links relative to it, and the spec's types as readers see them.

The templates ask a ``Page`` for everything that depends on where the page is (relative
links) or on how a schema reads (a type's name, its fields, its variants). What reads the
same on every page (a field's badges, constraints, the def it shows inline) is
``views.TypeViews``', made once a run; a ``Page`` adds the links. Facts about the schemas
(what a fragment stands for, whether it takes null, a union's tags) are the index's.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import posixpath
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from markupsafe import Markup

from ... import links
from ...history import SPEC_RELEASE
from ...model import Method
from ..table import MethodRow
from ..vectors import successor
from ..vectors.cases import VECTORS_DIR, Codes, file_slug
from ..vectors.keyed import keyed_cases
from .escaping import Linker, cell_text, code_span, markdown_text, safe_url
from .paths import (
    ERRORS,
    RETRY_CLASSES,
    UPSTREAM,
    class_anchor,
    error_anchor,
    field_anchor,
    type_page,
    variant_anchor,
)
from .site import DIRECTION_LABELS, STABILITY_NOTES, Site
from .views import FieldView, code, without_null
from .views import shown_def as _shown_def

# The spec names a gating capability from the type that holds it; on the wire it is the
# `capabilities` field of the initialize result (the Agent's) or params (the Client's).
_CAPABILITY_WIRE = {
    "agentCapabilities": ("AgentCapabilities", "result"),
    "clientCapabilities": ("ClientCapabilities", "params"),
}

_SPEC_CAPABILITY = re.compile(rf"\b(?:{'|'.join(_CAPABILITY_WIRE)})\.(?=\w)")
_PARAGRAPH_BREAK = re.compile(r"\n\s*\n")
# an RFD row's words that speak of more than the one method: "both", or two of its ends
_NAMES_MORE = re.compile(r"\bboth\b| or the ")
# upstream's markers, each a paragraph of its own: the word in bold, and the sentence after it
_UNSTABLE = re.compile(r"^\*\*UNSTABLE\*\*\s*$")
_MARKER = re.compile(
    r"^(?:\*\*[A-Z]+\*\*|This (?:capability|feature|method|type) is not part of the spec yet\b.*)\s*$",
    re.S,
)


@dataclass(frozen=True)
class FieldRow:
    """One field as a block: its name line (name, type, badges), then its description."""

    name: Markup  # the wire name as a code span; a link to its anchor where it is not documented
    anchor: str  # the field's id on the page that documents it; "" elsewhere
    type: Markup
    required: bool
    nullable: bool
    constraints: tuple[Markup, ...]
    description: Markup  # Markdown block
    # the object def the field holds (alone, in a list or beside null), and its fields,
    # shown inline one level deep: theirs are links to where they are documented
    nested: str = ""
    nested_fields: tuple[FieldRow, ...] = ()
    # the release it appeared in, as a tag; empty without history
    since: Markup = dataclasses.field(default_factory=Markup)


@dataclass(frozen=True)
class RetryRow:
    """One row of the retry table: a method in one direction it is sent in."""

    name: str
    direction: str  # client-to-agent | agent-to-client
    retry_class: str
    again: str
    audited: bool
    stability: str
    kind: str


# Who sends a method in a direction: the retry rules are written for the Client (the RFD's
# words), and say "the Agent" where the Agent sends the method.
SENDERS = {"client-to-agent": "Client", "agent-to-client": "Agent"}


@dataclass(frozen=True)
class VariantRow:
    name: Markup  # the tag named (`sessionUpdate`: `"agent_message_chunk"`) or the variant's title
    anchor: str
    type: Markup
    description: Markup  # Markdown block
    fields: tuple[FieldRow, ...] = ()  # of a variant written inline
    # the release it appeared in, as a tag; empty without history
    since: Markup = dataclasses.field(default_factory=Markup)


def _short(release: str) -> str:
    return "this spec" if release == SPEC_RELEASE else release


@functools.cache  # a site's pages link the same few folders, thousands of times
def _relative(target: str, start: str) -> str:
    return posixpath.relpath(target, start)


# the descriptions shared by many fields (`_meta`'s, a session id's), escaped once
@functools.lru_cache(maxsize=4096)
def _plain_md(text: str) -> Markup:
    return Markup(markdown_text(text))


# Where a name may break: after `/` or `_`, and before a camelCase hump (`Agent|Auth`, or
# `HTTP|Header`), never inside a word; `overflow-wrap: anywhere` would break anywhere
_NAME_BREAK = re.compile(r"(?<=[/_])(?=.)|(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


@functools.lru_cache(maxsize=4096)
def breakable(name: str) -> Markup:
    """A name as link text that breaks only where ``_NAME_BREAK`` allows: each part
    escaped, joined by ``<wbr>``."""
    return Markup("<wbr>").join(_plain_cell(part) for part in _NAME_BREAK.split(name))


@functools.lru_cache(maxsize=4096)
def _plain_cell(text: str) -> Markup:
    return Markup(cell_text(text))


class Page:
    """One page being rendered: links relative to it, and tables of the spec's types."""

    def __init__(self, site: Site, path: str) -> None:
        self.site = site
        self.path = path
        # A link from here is the same from every page of the folder, but one to this page
        # with an anchor (``#anchor`` alone): what the pages of a folder share is kept by
        # folder (TypeViews).
        self.folder = posixpath.dirname(path) or "."

    def url(self, target: str, anchor: str = "") -> str:
        if target == self.path:
            return f"#{anchor}" if anchor else posixpath.basename(target)
        relative = _relative(target, self.folder)
        return f"{relative}#{anchor}" if anchor else relative

    # the spec's Markdown, its rustdoc-style links made relative to this page

    def md(self, text: str) -> Markup:
        if "[" not in text:  # no link to make relative to this page: the same on every page
            return _plain_md(text)
        return self._linked(text, markdown_text)

    def cell(self, text: str) -> Markup:
        if "[" not in text:
            return _plain_cell(text)
        return self._linked(text, cell_text)

    def _linked(self, text: str, render: Callable[[str, Linker], str]) -> Markup:
        """Text with rustdoc-style links, made once for the pages of this folder: it is the
        same on each of them but the pages it links to (where a link is ``#anchor``)."""
        memo = self.site.views.texts
        key = (text, self.folder, render)
        found = memo.get(key)
        if found is not None and self.path not in found[1]:
            return found[0]
        targets: set[str] = set()
        made = Markup(render(text, lambda name: self._named_link(name, targets)))
        if self.path not in targets:
            memo[key] = (made, frozenset(targets))
        return made

    def _named_link(self, name: str, targets: set[str]) -> str | None:
        """The link a rustdoc-style ``[`name`]`` stands for: to the row (or section) where
        the field, variant or type is documented, shown by its wire name. The page it links
        to is added to ``targets``."""
        target = links.resolve(self.site.spec, self.site.index, name)
        if target is None or target.type not in self.site.defs:
            return None
        if target.kind == "field":
            anchor = field_anchor(target.type, target.name)
        elif target.kind == "variant":
            anchor = variant_anchor(target.type, target.name)
        else:
            anchor = ""
        page = self._page_of(target.type)
        targets.add(page)
        return f"[{code_span(target.shown)}]({self.url(page, anchor)})"

    # links

    # a link to a page, without an anchor, is the same from every page of a folder (from
    # the page itself too: its file name): made once a folder

    def type_link(self, name: str) -> Markup:
        key = ("type", name, self.folder)
        found = self.site.views.links.get(key)
        if found is None:
            if name not in self.site.defs:
                found = code(name)
            else:
                found = Markup(f"[{breakable(name)}]({self.url(self._page_of(name))})")
            self.site.views.links[key] = found
        return found

    def _page_of(self, type_name: str) -> str:
        # the site has every def's page; a name that is none is placed as a def would be
        return self.site.type_pages.get(type_name) or type_page(type_name)

    def _documents(self, type_name: str) -> bool:
        """Whether this page is where the type is documented: its rows carry the anchors
        (a method's page shows its params' fields too, but links go to the type's page)."""
        return self._page_of(type_name) == self.path

    def method_link(self, name: str) -> Markup:
        key = ("method", name, self.folder)
        found = self.site.views.links.get(key)
        if found is None:
            found = Markup(f"[{breakable(name)}]({self.url(self.site.pages[name])})")
            self.site.views.links[key] = found
        return found

    def class_link(self, class_id: str) -> Markup:
        retry_class = self.site.spec.retry_classes.get(class_id)
        title = retry_class.title if retry_class else class_id
        anchor = class_anchor(class_id)
        return Markup(f"[{_plain_cell(title)}]({self.url(RETRY_CLASSES, anchor)})")

    def error_link(self, name: str) -> Markup:
        error = self.site.spec.errors[name]
        return Markup(f"[`{error.code}`]({self.url(ERRORS, error_anchor(name))})")

    def external_link(self, url: str, text: str) -> Markup:
        if not safe_url(url) or not re.match(r"https?://", url):
            return code(url)
        target = url.replace(" ", "%20").replace("(", "%28").replace(")", "%29")
        return Markup(f"[{markdown_text(text)}](<{target}>)")

    # schemas

    def type_expr(self, schema: Mapping[str, Any]) -> Markup:
        """A short Markdown name for what a schema fragment holds."""
        schema, nullable = without_null(schema)
        text = self._expr(schema)
        return Markup(f"{text} or null" if nullable else text)

    def _expr(self, schema: Mapping[str, Any]) -> str:
        name = _shown_def(schema)
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
        return Markup(", ".join(self.site.views.constraints(schema)))

    def fields(self, type_name: str) -> list[FieldRow]:
        here = self._documents(type_name)
        return self._rows(type_name, self.site.views.fields(type_name), anchors=here,
                          linked=not here and type_name in self.site.defs, nest=True)  # fmt: skip

    def _rows(
        self,
        type_name: str,
        views: tuple[FieldView, ...],
        *,
        anchors: bool,  # the fields carry their anchors: this page documents them
        linked: bool,  # their names link to where they are documented
        nest: bool,  # the fields of the object def each holds are shown too
    ) -> list[FieldRow]:
        rows = []
        for view in views:
            shown = view.code
            if linked:
                shown = Markup(f"[{shown}]({self.url(self._page_of(type_name), view.anchor)})")
            nested = view.nested if nest else None
            rows.append(FieldRow(
                name=shown, anchor=view.anchor if anchors else "",
                type=Markup(self._type_text(view.shown)), required=view.required,
                nullable=view.nullable, constraints=view.constraints,
                description=self.md(view.description), nested=nested or "",
                nested_fields=tuple(self._rows(
                    nested, self.site.views.fields(nested), anchors=False, linked=True, nest=False
                )) if nested else (),
                since=self.since_tag("fields", f"{type_name}.{view.name}"),
            ))  # fmt: skip
        return rows

    def _type_text(self, shown: Mapping[str, Any]) -> str:
        """The type of a field or variant of TypeViews', from ``shown`` (its schema without
        null), as every page of this folder reads it."""
        return self.site.views.type_text(shown, self.folder, self._expr)

    def variants(self, type_name: str) -> list[VariantRow]:
        here = self._documents(type_name)
        rows = []
        for view in self.site.views.variants(type_name):
            name = view.name
            if view.anchor and not here:
                name = Markup(f"[{name}]({self.url(self._page_of(type_name), view.anchor)})")
            if view.object:
                shown = Markup("object")
            else:
                text = self._type_text(view.shown)
                shown = Markup(f"{text} or null" if view.nullable else text)
            rows.append(VariantRow(
                name=name, anchor=view.anchor if here else "", type=shown,
                description=self.md(view.description),
                # written inline: their block has no anchors (the variant's block has one)
                fields=tuple(self._rows(type_name, view.fields, anchors=False, linked=False,
                                        nest=True)),
                since=self.since_tag("variants", view.history_key) if view.history_key else Markup(),
            ))  # fmt: skip
        return rows

    # history: when each element appeared, and the breaking changes since

    def since_tag(self, kind: str, name: str) -> Markup:
        """A field's or variant's release, as a tag on its line: ``since 2.1.0``."""
        history = self.site.history
        release = history.since(kind, name) if history is not None else None
        if history is None or release is None:
            return Markup()
        about = history.release(release)
        when = f", {about['date']}" if about["date"] else ""
        return Markup('<span class="acp-tag acp-tag--since" title="{}">since {}</span>').format(
            f"appeared in {about['title']}{when}", _short(release)
        )

    def since_short(self, kind: str, name: str) -> str:
        """The release an element appeared in, by its short name (a table's cell)."""
        history = self.site.history
        release = history.since(kind, name) if history is not None else None
        return "" if release is None else _short(release)

    def since(self, kind: str, name: str) -> Markup:
        """A method's or type's release, in words, for its page's facts."""
        history = self.site.history
        release = history.since(kind, name) if history is not None else None
        if history is None or release is None:
            return Markup("not recorded")
        about = history.release(release)
        if release == SPEC_RELEASE:
            return Markup(f"this spec: not in upstream's release {self.site.spec.upstream.version or ''}"
                          f" (see [Differences from upstream]({self.url(UPSTREAM)}))")  # fmt: skip
        text = Markup("{} ({})").format(about["title"], about["date"])
        if release == history.releases[0]["id"]:
            text += Markup(", the earliest release the project keeps: it may be older")
        return text

    def breaking_changes(self, method: str | None = None, type_name: str | None = None
                         ) -> list[tuple[Markup, Markup]]:  # fmt: skip
        """The breaking changes of the recorded releases that touch a method (its name, or
        its params or result reach the change) or a type: (release, what changed)."""
        history = self.site.history
        if history is None:
            return []
        found = []
        for change in history.breaking():
            where = str(change["where"])
            if method is not None and not (where == method or method in change["methods"]):
                continue
            if type_name is not None and not (
                where == f"#/$defs/{type_name}" or where.startswith(f"#/$defs/{type_name}/")
            ):
                continue
            about = history.release(str(change["release"]))
            label = (
                Markup("this spec")
                if about["id"] == SPEC_RELEASE
                else Markup("{} ({})").format(_short(about["id"]), about["date"])
            )
            found.append((label, self.cell(self.wire_spelling(str(change["message"])))))
        return found

    def tag_field(self, type_name: str) -> str | None:
        """The property that tells a tagged union's variants apart (``sessionUpdate``)."""
        union = self.site.index.shapes.tagged_union(self.site.defs.get(type_name, {}))
        return union.field if union is not None else None

    def type_line(self, type_name: str) -> Markup:
        """What kind of type it is, with its constraints."""
        schema = self.site.defs.get(type_name, {})
        found = self.constraints(schema)
        return Markup(f"{self.summary(type_name)}, {found}" if found else self.summary(type_name))

    def type_names(self) -> list[str]:
        return sorted(self.site.defs, key=lambda name: (name.lower(), name))

    def union_fields(self, type_name: str) -> list[tuple[str, str]]:
        """The fields of a type that hold a tagged union def, with that def: a method's page
        lists the union's variants (``session/update``'s ``update``)."""
        props = self.site.defs.get(type_name, {}).get("properties", {})
        found: list[tuple[str, str]] = []
        for field, prop in props.items():
            target = self.site.index.shapes.field_type(prop) if isinstance(prop, dict) else None
            if target is not None and target in self.site.defs and self.tag_field(target):
                found.append((str(field), target))
        return found

    def variant_of(self, type_name: str) -> list[str]:
        """The unions that list the type as a variant."""
        return list(self.site.variant_of.get(type_name, ()))

    def first_paragraph(self, type_name: str) -> Markup:
        """A type's description's first paragraph that is not a marker, as one table cell:
        upstream opens an unstable type's description with `**UNSTABLE**` and a sentence
        saying so, which the badge beside the name says instead."""
        text = str(self.site.defs.get(type_name, {}).get("description", ""))
        paragraphs = [p for p in _PARAGRAPH_BREAK.split(text.strip()) if not _MARKER.match(p)]
        return self.cell(paragraphs[0] if paragraphs else "")

    def marked_unstable(self, type_name: str) -> bool:
        """Whether upstream marks the type's description `**UNSTABLE**`."""
        text = str(self.site.defs.get(type_name, {}).get("description", ""))
        return any(_UNSTABLE.match(p) for p in _PARAGRAPH_BREAK.split(text.strip()))

    # capabilities

    def capability(self, path: str) -> Markup:
        """A gating capability as it is on the wire (`capabilities.session.delete`, in the
        initialize result or params), linked to the field that documents it."""
        head, *fields = path.split(".")
        root, where = _CAPABILITY_WIRE.get(head, (None, ""))
        current = root
        target: tuple[str, str] | None = None
        for field in fields:
            props = self.site.defs.get(current or "", {}).get("properties", {})
            prop = props.get(field)
            if current is None or not isinstance(prop, dict):
                target = None
                break
            target = (current, field)
            current = self.site.index.shapes.field_type(prop)
        wire = code(".".join(["capabilities", *fields]) if root else path)
        if target is not None:
            wire = Markup(f"[{wire}]({self.url(self._page_of(target[0]), field_anchor(*target))})")
        if not where or "initialize" not in self.site.pages:
            return wire
        return Markup(f"{wire} in the {self.method_link('initialize')} {where}")

    def wire_spelling(self, text: str) -> str:
        """A text (a finding's message) with each capability spelt as on the wire and on
        the method pages, `capabilities.session.title`, not by the type that holds it
        (`agentCapabilities.session.title`): one spelling across the site."""
        return _SPEC_CAPABILITY.sub("capabilities.", text)

    # the method table

    def rule(self, class_id: str, direction: str) -> str:
        """A class's retry rule, worded for whoever sends the method in ``direction``."""
        rule = self.site.spec.retry_classes[class_id].rule
        if SENDERS.get(direction) == "Agent":
            rule = re.sub(r"\bThe Client\b", "The Agent", rule)
            rule = re.sub(r"\bthe Client\b", "the Agent", rule)
        return rule

    def retry_rows(self) -> list[RetryRow]:
        rows = []
        for row in self.site.rows:
            method = self.site.spec.methods[row.name]
            for retry in method.retry:
                rows.append(RetryRow(
                    name=row.name, direction=retry.direction, retry_class=retry.retry_class,
                    again=retry.again, audited=method.audited, stability=row.stability,
                    kind=row.kind,
                ))  # fmt: skip
        return rows

    def count(self, rows: list[RetryRow], key: str, value: Any) -> int:
        return sum(getattr(r, key) == value for r in rows)

    def namespaces(self) -> list[tuple[str, list[MethodRow]]]:
        """The methods grouped by namespace (`session/prompt` in `session/`), in the order
        the spec first names each; `$/cancel_request` is in the protocol's `$/`."""
        groups: dict[str, list[MethodRow]] = {}
        for row in self.site.rows:
            head, slash, _ = row.name.partition("/")
            groups.setdefault(f"{head}/" if slash else row.name, []).append(row)
        return list(groups.items())

    def methods_of(self, class_id: str) -> list[str]:
        return [r.name for r in self.site.rows if class_id in r.retry_classes.values()]

    def class_count(self, class_id: str) -> int:
        return len(self.methods_of(class_id))

    def shared_row(self, method: Method) -> list[str]:
        """The methods whose audited "sending it again" is the one ``method``'s is, in the
        spec's order, itself among them, when the RFD's words name more than one method:
        its table gives `session/archive` and `session/unarchive` one row ("defines both as
        idempotent"), and `tool_call/cancel` and `terminal/cancel` one that names both's
        ends. Empty when the text is the method's own."""
        if not method.audited:
            return []
        texts = {r.again for r in method.retry}
        shared = [m.name for m in self.site.spec.methods.values()
                  if m.audited and texts & {r.again for r in m.retry}]  # fmt: skip
        return shared if len(shared) > 1 and any(_NAMES_MORE.search(t) for t in texts) else []

    def method_list(self, names: list[str]) -> Markup:
        """Linked method names: "a, b and c"."""
        links = [self.method_link(name) for name in names]
        if len(links) < 2:
            return Markup("").join(links)
        return Markup(", ").join(links[:-1]) + Markup(" and ") + links[-1]

    def key_vectors(self, method_name: str) -> list[tuple[str, str, str]]:
        """The key cases of generated/vectors/ for a keyed method, as (case, outcome, why):
        what the IdempotencyKey page shows as its table of valid and invalid keys."""
        method = self.site.spec.methods.get(method_name)
        path = self.site.index.keys.key_property(method) if method is not None else None
        if method is None or path is None:
            return []
        slug = file_slug(method.name)
        cases = keyed_cases(method, slug, path, Codes.of(self.site.spec))
        retired = self.site.spec.retired_vector_ids
        return [
            (successor(c.id, retired).removeprefix(f"{slug}.idempotency-key."),
             "valid" if c.error is None else f"rejected with `{c.error}`", c.description)
            for c in cases
        ]  # fmt: skip

    def vector_file(self, method_name: str) -> str:
        return f"{VECTORS_DIR}/methods/{file_slug(method_name)}.json"

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
