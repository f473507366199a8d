"""The docs page of each trace: its rule, a sequence diagram of every step drawn inline, every
message as JSON, and nothing loaded from outside the site. Rendered in process, once."""

from __future__ import annotations

import dataclasses
import functools
import html
import html.parser
import json
import re
from pathlib import Path
from typing import Any

import markdown
import pytest
from acp_spec.emit.docs import DOCS_DIR, NAV_PATH, emit_docs
from acp_spec.emit.docs.paths import method_page
from acp_spec.emit.docs.trace_pages import TRACES_INDEX, trace_page_path
from acp_spec.emit.traces import trace_file
from acp_spec.index import index_of
from acp_spec.model import Spec, Trace
from ruamel.yaml import YAML
from support.site import EXTENSIONS, XSS_IMG, XSS_SCRIPT

ROOT = Path(__file__).resolve().parents[1]

# every test renders the docs of the spec, or of a changed one: a second or more each
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def pages(real_docs: dict[str, str]) -> dict[str, str]:
    return real_docs


def page_of(pages: dict[str, str], trace: Trace) -> str:
    return pages[f"{DOCS_DIR}/{trace_page_path(trace.id)}"]


@functools.cache  # the tests read the same pages: each is rendered once
def to_html(text: str) -> str:
    out: str = markdown.markdown(text, extensions=EXTENSIONS)
    return out


class _Tags(html.parser.HTMLParser):
    """Every start tag with its attributes, and the text inside each <blockquote>."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.quotes: list[str] = []
        self.steps: dict[int, str] = {}  # the diagram's text per step number
        self._quote = 0
        self._step: int | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        self.tags.append((tag, named))
        if tag == "blockquote":
            self._quote += 1
            self.quotes.append("")
        step = named.get("data-step")
        if tag == "g" and step is not None:
            self._step = int(step)
            self.steps[self._step] = ""

    def handle_endtag(self, tag: str) -> None:
        if tag == "blockquote":
            self._quote -= 1
        if tag == "g":
            self._step = None

    def handle_data(self, data: str) -> None:
        if self._quote:
            self.quotes[-1] += data
        if self._step is not None:
            self.steps[self._step] += data


def parsed(text: str) -> _Tags:
    tags = _Tags()
    tags.feed(to_html(text))
    return tags


def json_blocks(text: str) -> list[Any]:
    return [json.loads(m) for m in re.findall(r"^```json\n(.*?)\n```$", text, re.M | re.S)]


def trace_messages(trace: Trace) -> list[Any]:
    out = []
    for step in trace_file(trace)["steps"]:
        if step["kind"] == "send":
            out.append(step["message"])
        out.extend(o["message"] for o in step.get("outcomes", ()))
    return out


def test_every_trace_has_a_page_and_the_index_links_each(
    real_spec: Spec, pages: dict[str, str]
) -> None:
    assert real_spec.traces, "the spec has no traces to show"
    expected = {f"{DOCS_DIR}/{trace_page_path(t.id)}" for t in real_spec.traces}
    assert {p for p in pages if p.startswith(f"{DOCS_DIR}/traces/")} == expected
    links = {
        a.get("href") for tag, a in parsed(pages[f"{DOCS_DIR}/{TRACES_INDEX}"]).tags if tag == "a"
    }
    assert {f"traces/{t.id}.md" for t in real_spec.traces} <= links


def test_each_page_names_its_rule_title_side_and_capability(
    real_spec: Spec, pages: dict[str, str]
) -> None:
    for trace in real_spec.traces:
        text = page_of(pages, trace)
        heading = re.search(r"<h1[^>]*>(.*?)</h1>", to_html(text), re.S)
        assert heading and html.unescape(heading.group(1)) == trace.title, trace.id
        tags = parsed(text)
        # the rule as a reader sees it: the source's words, without emphasis and code marks
        said = " ".join(re.sub(r"\*\*|`", "", trace.rule).split())
        assert any(" ".join(q.split()) == said for q in tags.quotes), (trace.id, tags.quotes)
        assert f"- **Side under test:** {trace.side} " in text
        if trace.capability:
            # spelt as on the wire and on the method pages, not by the type that holds it
            wire = "capabilities." + trace.capability.split(".", 1)[1]
            assert re.search(rf"- \*\*Capability:\*\* \[`{re.escape(wire)}`\]\(", text)
        first_line = trace.description.strip().splitlines()[0]
        assert first_line in text


def test_every_step_is_in_the_diagram_with_its_method(
    real_spec: Spec, pages: dict[str, str]
) -> None:
    for trace in real_spec.traces:
        drawn = parsed(page_of(pages, trace)).steps
        steps = trace_file(trace)["steps"]
        assert sorted(drawn) == [s["step"] for s in steps], trace.id
        for step in steps:
            label = drawn[step["step"]]
            assert label.startswith(f"{step['step']}. "), (trace.id, label)
            for name in filter(None, [step.get("method"), step.get("on"), step.get("connection")]):
                assert name in label, (trace.id, step["step"], name, label)


def test_every_message_of_the_trace_is_in_the_transcript(
    real_spec: Spec, pages: dict[str, str]
) -> None:
    for trace in real_spec.traces:
        shown = json_blocks(page_of(pages, trace))
        messages = trace_messages(trace)
        assert messages and len(shown) == len(messages), trace.id
        for message in messages:
            assert message in shown, (trace.id, message)


def test_nothing_on_a_trace_page_loads_from_outside(real_spec: Spec, pages: dict[str, str]) -> None:
    for path in [trace_page_path(t.id) for t in real_spec.traces] + [TRACES_INDEX]:
        for tag, attrs in parsed(pages[f"{DOCS_DIR}/{path}"]).tags:
            for name in ("src", "href", "xlink:href", "data"):
                value = (attrs.get(name) or "").strip().lower()
                assert not re.match(r"^([a-z][a-z0-9+.-]*:|//)", value), (path, tag, name, value)
            assert tag not in ("script", "iframe", "link", "img"), (path, tag)


def test_the_spec_text_cannot_inject_html(real_spec: Spec) -> None:
    first = real_spec.traces[0]
    payload = f"{XSS_SCRIPT} {XSS_IMG}"
    hostile = dataclasses.replace(first, title=f"T {payload}", rule=f"R {payload}",
                                  description=f"D {payload}")  # fmt: skip
    spec = dataclasses.replace(real_spec, traces=(hostile, *real_spec.traces[1:]))
    out = emit_docs(spec, index_of(spec))
    for path in (trace_page_path(first.id), TRACES_INDEX):
        rendered = to_html(out[f"{DOCS_DIR}/{path}"].decode("utf-8"))
        assert "<script" not in rendered and "<img" not in rendered, path
        assert "&lt;script&gt;" in rendered, path


def test_the_index_is_in_the_nav_and_the_pages_are_left_out_of_it(pages: dict[str, str]) -> None:
    nav = YAML(typ="safe").load(pages[NAV_PATH])["nav"]
    assert {"Traces": TRACES_INDEX} in nav
    config = (ROOT / "site" / "mkdocs.yml").read_text(encoding="utf-8")
    assert re.search(r"^not_in_nav: \|\n(?:  .*\n)*  /traces/\*\.md$", config, re.M)


def test_each_keyed_rule_links_the_pages_of_its_traces(
    real_spec: Spec, pages: dict[str, str]
) -> None:
    rules = real_spec.keyed_prompts
    assert rules is not None
    page = to_html(pages[f"{DOCS_DIR}/methods/session-prompt.md"])
    items = {text: "".join(item) for text, item in _list_items(page).items()}
    bound = 0
    for section in rules.sections:
        for rule, traces in zip(section.rules, section.rule_traces, strict=True):
            if not traces:
                continue
            bound += 1
            # the item of the rule (found by its first words) links each of its traces
            head = html.escape(re.sub(r"[*`]", "", rule)[:30], quote=False)
            [item] = [i for t, i in items.items() if t.startswith(head)]
            links = re.findall(r'<a href="\.\./traces/([a-z0-9-]+)\.md">', item)
            assert links == list(traces), rule
            for t in traces:  # and each trace's page links back to the rule's section
                back = f"](../methods/session-prompt.md#{section.id}): "
                assert back in pages[f"{DOCS_DIR}/{trace_page_path(t)}"], t
    assert bound >= 10


def _list_items(page: str) -> dict[str, list[str]]:
    """Each <li> of a page by its text's start (tags removed): the item's HTML."""
    found: dict[str, list[str]] = {}
    for item in re.findall(r"<li>(.*?)</li>", page, re.S):
        text = re.sub(r"<[^>]+>", "", item).strip()
        found.setdefault(text[:30], []).append(item)
    return found


def test_the_traces_index_spells_each_capability_as_on_the_wire(
    real_spec: Spec, pages: dict[str, str]
) -> None:
    """The index said `agentCapabilities.session`, the method pages and the wire
    `capabilities.session`."""
    text = pages[f"{DOCS_DIR}/{TRACES_INDEX}"]
    assert "Capabilities." not in text
    gated = [t for t in real_spec.traces if t.capability]
    assert gated
    for trace in gated:
        wire = "capabilities." + str(trace.capability).split(".", 1)[1]
        assert f"| {trace.side} | `{wire}` |" in text, trace.id


def test_each_method_page_links_the_traces_whose_messages_are_of_it(
    real_spec: Spec, pages: dict[str, str]
) -> None:
    """No page outside the traces linked to a trace."""
    linked: dict[str, set[str]] = {}
    for name in real_spec.methods:
        text = pages[f"{DOCS_DIR}/{method_page(name)}"]
        section = text.partition("\n## Traces { #traces }\n")[2].partition("\n## ")[0]
        for trace in real_spec.traces:
            if f"](../traces/{trace.id}.md)" in section:
                linked.setdefault(name, set()).add(trace.id)
    expected: dict[str, set[str]] = {}
    for trace in real_spec.traces:
        for step in trace_file(trace)["steps"]:
            messages = [step.get("message")] + [o["message"] for o in step.get("outcomes", ())]
            for message in messages:
                if isinstance(message, dict) and "method" in message:
                    expected.setdefault(message["method"], set()).add(trace.id)
    assert linked == expected
    assert len(linked["session/prompt"]) == len(real_spec.traces)


def test_the_session_prompt_page_shows_the_rfds_diagram_drawn_from_its_trace(
    real_spec: Spec, pages: dict[str, str]
) -> None:
    """The about page spoke of the RFD's sequence diagram on session/prompt; there was none."""
    keyed = real_spec.keyed_prompts
    assert keyed is not None
    sections = [s for s in keyed.sections if s.diagram]
    assert [s.id for s in sections] == ["how-long-a-key-lasts"]
    trace = next(t for t in real_spec.traces if t.id == sections[0].diagram)
    text = pages[f"{DOCS_DIR}/methods/session-prompt.md"]
    section = text.partition("{ #how-long-a-key-lasts }")[2].partition("\n## ")[0]
    drawn = parsed(section)
    assert sorted(drawn.steps) == [s["step"] for s in trace_file(trace)["steps"]]
    assert f'aria-label="Sequence diagram: {html.escape(trace.title)}"' in section
    assert f"](../traces/{trace.id}.md)" in section
