"""The hostile-description corpus (tests/hostile_descriptions/cases.yaml), and what counts as
a page that could run something: the checks on the HTML that test_docs and test_browser share."""

from __future__ import annotations

import dataclasses
import html.parser
import re
from dataclasses import dataclass
from pathlib import Path

from acp_spec.model import Spec
from ruamel.yaml import YAML

CORPUS = Path(__file__).resolve().parents[1] / "hostile_descriptions" / "cases.yaml"


@dataclass(frozen=True)
class Case:
    id: str
    why: str
    text: str


def cases() -> list[Case]:
    data = YAML(typ="safe").load(CORPUS.read_text(encoding="utf-8"))
    return [Case(str(c["id"]), str(c["why"]), str(c["text"])) for c in data]


def corpus() -> str:
    """Every case, one after the other, each set off by blank lines."""
    return "\n\n".join(case.text.strip("\n") for case in cases()) + "\n"


# One line of payloads for the texts a page shows on one line (titles, a summary's cell)
LINE = ("<img src=x onerror=\"alert('line')\"> [line](javascript:alert('line-link')) "
        "<a href=\"jav&#x61;script:alert('line-raw')\">raw</a> { onclick=\"alert('line-attr')\" }")  # fmt: skip
# What every page the corpus reaches shows as text: a link the escaping made plain text
SHOWN = "[inline](javascript:alert('inline'))"
# The trace whose page carries the corpus
TRACE = "retry-while-held"


def with_corpus(spec: Spec) -> Spec:
    """``spec`` with the corpus added to the descriptions of a type (PromptRequest) and its
    fields, of a method (session/prompt: its summary, description, retry texts and example
    titles), of a trace, an error code and a retry class."""
    text = "\n\n" + corpus()
    types = dict(spec.types)
    request = types["PromptRequest"]
    schema = dict(request.schema)
    schema["description"] = schema.get("description", "") + text
    schema["properties"] = {
        name: {**prop, "description": prop.get("description", "") + text}
        for name, prop in schema["properties"].items()
    }
    types["PromptRequest"] = dataclasses.replace(request, schema=schema)
    methods = dict(spec.methods)
    prompt = methods["session/prompt"]
    methods["session/prompt"] = dataclasses.replace(
        prompt, summary=f"{prompt.summary} {LINE}", description=prompt.description + text,
        retry=tuple(dataclasses.replace(r, again=r.again + text) for r in prompt.retry),
        examples=tuple(dataclasses.replace(e, title=f"{e.title} {LINE}") for e in prompt.examples),
    )  # fmt: skip
    traces = tuple(
        dataclasses.replace(t, title=f"{t.title} {LINE}", rule=t.rule + text,
                            description=t.description + text) if t.id == TRACE else t
        for t in spec.traces
    )  # fmt: skip
    errors = dict(spec.errors)
    invalid = errors["invalid_params"]
    errors["invalid_params"] = dataclasses.replace(invalid, description=invalid.description + text)
    classes = dict(spec.retry_classes)
    keyed = classes["keyed"]
    classes["keyed"] = dataclasses.replace(keyed, meaning=keyed.meaning + text)
    return dataclasses.replace(spec, types=types, methods=methods, traces=traces, errors=errors,
                               retry_classes=classes)  # fmt: skip


# Attributes whose value a browser loads or follows as a URL.
URL_ATTRIBUTES = frozenset({
    "href", "src", "action", "formaction", "xlink:href", "data", "poster", "background",
    "cite", "ping", "srcset", "codebase", "longdesc", "lowsrc", "dynsrc", "manifest",
})  # fmt: skip
# The theme's own scripts: its bundle and the site's assets, its configuration, and the three
# inline scripts mkdocs-material writes on every page.
_THEME_INLINE = ("__md_scope=", "var palette=", "var target=document.getElementById(")


def script_scheme(url: str) -> str | None:
    """The scheme of ``url`` as a browser reads it (ASCII tabs and newlines dropped anywhere,
    controls and spaces dropped in front), when it is none of http, https and mailto."""
    compact = re.sub(r"[\t\n\r]", "", url).lstrip("".join(map(chr, range(0x21))))
    scheme = re.match(r"([A-Za-z][A-Za-z0-9+.-]*):", compact)
    if scheme is None or scheme.group(1).lower() in ("http", "https", "mailto"):
        return None
    return scheme.group(1).lower()


class _Scan(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)  # attribute values with entities decoded
        self.problems: list[str] = []
        self._article = 0
        self._script: str | None = None  # the open script's start tag

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {name: value or "" for name, value in attrs}
        for name, value in found.items():
            if name.startswith("on"):
                self.problems.append(f"<{tag} {name}={value!r}>")
            if name in URL_ATTRIBUTES and script_scheme(value) is not None:
                self.problems.append(f"<{tag} {name}={value!r}>")
            if name == "srcdoc":
                self.problems.append(f"<{tag} srcdoc>")
        if tag == "meta" and "refresh" in found.get("http-equiv", "").lower():
            self.problems.append(f"<meta http-equiv=refresh content={found.get('content')!r}>")
        if tag in ("iframe", "object", "embed", "base", "form", "style") and self._article:
            self.problems.append(f"<{tag}> in the content")
        if tag == "article":
            self._article += 1
        if tag == "script":
            if self._article:
                self.problems.append("<script> in the content")
            src = found.get("src", "")
            if src and re.fullmatch(r"(/|(\.\./)*)assets/[\w./-]+\.js", src) is None:
                self.problems.append(f"<script src={src!r}>")
            elif not src and found.get("id") != "__config":
                self._script = tag

    def handle_data(self, data: str) -> None:
        if self._script is not None:
            if not data.startswith(_THEME_INLINE):
                self.problems.append(f"<script>{data[:60]}")
            self._script = None

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self._article -= 1
        if tag == "script":
            self._script = None


def page_problems(page: str) -> list[str]:
    """What in a built page (or a fragment) could run a script: an event-handler attribute, a
    URL with another scheme than http(s)/mailto, a script or frame in the content, a script
    the theme did not write."""
    scan = _Scan()
    scan.feed(page)
    scan.close()
    return scan.problems


def fragment_problems(fragment: str) -> list[str]:
    """The same for a fragment of content: any script element counts."""
    return page_problems(f"<article>{fragment}</article>")


class _Dom(html.parser.HTMLParser):
    """HTML as a list of events, the way a browser would build it: entities decoded, an
    element's attributes sorted, a self-closed element the same as an open one."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.events: list[tuple[str, ...]] = []
        self._text = ""

    def _flush(self) -> None:
        if self._text:
            self.events.append(("text", self._text))
            self._text = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._flush()
        shown = " ".join(f"{name}={value or ''!r}" for name, value in sorted(attrs))
        self.events.append(("start", tag, shown))

    def handle_endtag(self, tag: str) -> None:
        self._flush()
        if tag not in _VOID:
            self.events.append(("end", tag))

    def handle_data(self, data: str) -> None:
        self._text += data

    def handle_comment(self, data: str) -> None:
        self._flush()
        self.events.append(("comment", data))


# elements that have no end tag, or that SVG writes self-closed (<line .../>): a serializer
# may write either form
_VOID = frozenset({"br", "hr", "img", "input", "line", "path", "rect", "circle"})


def dom(page: str) -> list[tuple[str, ...]]:
    parsed = _Dom()
    parsed.feed(page)
    parsed.close()
    parsed._flush()
    return parsed.events
