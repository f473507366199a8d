"""The docs pages: one per method with its retry class, examples the schema accepts, HTML
from the spec shown as text, safe file names, and a strict mkdocs build with no warnings."""

from __future__ import annotations

import dataclasses
import html.parser
import json
import os
import random
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import markdown
import pytest
from acp_spec import cli, docs_cmd, links
from acp_spec.diagnostics import SpecError
from acp_spec.emit.docs import (
    DOCS_DIR,
    NAV_PATH,
    PAGE_NOTE,
    TEMPLATES,
    cell_text,
    environment,
    markdown_text,
    method_page,
    method_pages,
)
from acp_spec.emit.docs.page import Page, breakable
from acp_spec.emit.docs.sanitize import clean_content, clean_title
from acp_spec.emit.docs.site import build_site as site_of
from acp_spec.emit.docs.views import TypeViews
from acp_spec.index import index_of
from acp_spec.model import Example, Spec
from acp_spec.pipeline import ARTIFACTS, emit_site
from support.hostile import Case, cases, dom, fragment_problems
from support.paths import RFD
from support.site import (
    EXTENSIONS,
    REGENERATED_PAGE,
    XSS_IMG,
    XSS_SCRIPT,
    emit_all_docs,
    real_site,
    with_payloads,
)
from support.small_project import small_project

# the real site, built once a run (a minute), and the real spec's pages
pytestmark = pytest.mark.cost("shared")

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "site"


@pytest.fixture(scope="module")
def pages(real_docs: dict[str, str]) -> dict[str, str]:
    return real_docs


def page_of(pages: dict[str, str], method: str) -> str:
    return pages[f"{DOCS_DIR}/{method_page(method)}"]


# ── every method, its page, its retry class ──


def test_the_docs_emitter_is_registered() -> None:
    assert emit_site in [a.emit for a in ARTIFACTS], "register the docs in pipeline.ARTIFACTS"


def test_every_method_has_a_page_with_its_retry_class_table(
    real_spec: Spec, pages: dict[str, str]
) -> None:
    for method in real_spec.methods.values():
        text = page_of(pages, method.name)
        assert text.startswith(PAGE_NOTE + "\n")
        assert f"\n# {markdown_text(method.name)}\n" in text
        retry = text.split("## Retry class", 1)[1].split("\n## ", 1)[0]
        header = "| Direction | Class | Sending it again | Retry rule |"
        assert (
            header if len(method.retry) > 1 else "| Class | Sending it again | Retry rule |"
        ) in retry
        for entry in method.retry:
            retry_class = real_spec.retry_classes[entry.retry_class]
            assert f"[{retry_class.title}](../retry-classes.md#class-" in retry
            assert cell_text(entry.again) in retry
            rule = retry_class.rule
            if entry.direction == "agent-to-client":
                # worded for the sender: the Agent sends these
                assert "The Client may" not in retry
                rule = rule.replace("The Client", "The Agent")
            assert cell_text(rule) in retry
        assert method.docs in text
    permission = page_of(pages, "session/request_permission")
    assert "| The Agent may send it again as is." in permission


def test_no_retry_text_leans_on_another_row(real_spec: Spec) -> None:
    # the RFD's table says "The same." for elicitation/create, meaning the row above it
    for method in real_spec.methods.values():
        for entry in method.retry:
            assert not entry.again.startswith("The same."), method.name


def test_the_retry_classes_page_lists_every_class_and_method(
    real_spec: Spec, pages: dict[str, str]
) -> None:
    text = pages[f"{DOCS_DIR}/retry-classes.md"]
    for retry_class in real_spec.retry_classes.values():
        assert cell_text(retry_class.meaning) in text and cell_text(retry_class.rule) in text
    for method in real_spec.methods.values():
        assert f"]({method_page(method.name)})" in text
    rows = [line for line in text.splitlines() if 'data-retry-class="' in line]
    assert len(rows) == sum(len(m.retry) for m in real_spec.methods.values())
    prompt = "".join(row for row in rows if f"[{breakable('session/prompt')}]" in row)
    assert 'data-retry-class="keyed">[Keyed](#class-keyed)</span>' in prompt
    assert '<span data-sender="client-to-agent">Client → Agent</span>' in prompt
    assert '<span data-source="audit">RFD audit</span>' in prompt
    for method in real_spec.methods.values():
        if not method.audited:
            row = next(r for r in rows if f"[{method.name}](" in r)
            assert '<span data-source="reasoning">acp-spec\'s reasoning</span>' in row


def test_every_generated_page_starts_with_the_note_and_the_nav_lists_every_page(
    pages: dict[str, str],
) -> None:
    docs = {p: t for p, t in pages.items() if p.startswith(DOCS_DIR + "/")}
    for path, text in docs.items():
        assert text.startswith(PAGE_NOTE + "\n"), path
    nav = pages[NAV_PATH]
    assert nav.startswith("# generated from spec/acp-v2.yaml")
    for path in docs:
        if path.startswith((f"{DOCS_DIR}/types/", f"{DOCS_DIR}/traces/")):
            continue  # a page per type and per trace: the menu lists their indexes
        if not path.endswith(".md"):
            continue  # no page: search-names.txt, which site/hooks.py reads
        assert json.dumps(path.removeprefix(DOCS_DIR + "/")) in nav or path.endswith(
            ("/index.md", "/retry-classes.md", "/types.md", "/errors.md")
        ), path
    mkdocs = (SITE / "mkdocs.yml").read_text(encoding="utf-8")
    assert "not_in_nav: |\n  /types/*.md\n" in mkdocs


def test_generated_pages_never_overwrite_a_hand_written_one(pages: dict[str, str]) -> None:
    hand_written = [
        p.relative_to(ROOT).as_posix()
        for p in (SITE / "docs").rglob("*")
        if p.is_file() and not p.read_bytes().startswith(PAGE_NOTE.encode())
    ]
    assert "site/docs/about.md" in hand_written
    assert not set(hand_written) & set(pages)


def _words(text: str) -> str:
    """Markdown as a reader compares it: one space between words, links to .md pages as
    their site URLs."""
    return " ".join(text.replace(".md#", "#").split())


def test_the_keyed_prompt_rules_are_the_rfds_words(real_spec: Spec) -> None:
    rules = real_spec.keyed_prompts
    assert rules is not None and rules.method == "session/prompt"
    rfd = _words(RFD.read_text(encoding="utf-8"))
    wanted = {"The `idempotencyKey` parameter", "How the Agent handles a keyed prompt",
              "How long a key lasts"}  # fmt: skip
    assert wanted <= {s.title for s in rules.sections}
    for section in rules.sections:
        assert f"### {section.title}" in rfd or section.title == "Where the record lives"
        for text in (*section.rules, *section.text.split("\n\n"), *section.after.split("\n\n")):
            if text.strip():
                assert _words(text) in rfd, text
    # every bullet of the RFD's three sections is a rule here
    body = RFD.read_text(encoding="utf-8").split("### The `idempotencyKey` parameter", 1)[1]
    body = body.split("## Shiny future", 1)[0]
    bullets = [_words(line[2:]) for line in body.splitlines() if line.startswith("* ")]
    shown = {_words(r) for s in rules.sections for r in s.rules}
    assert [b for b in bullets if b not in shown] == []
    assert "MUST" in " ".join(shown) and "SHOULD" in " ".join(shown) and "MAY" in " ".join(shown)


def test_session_prompt_and_the_key_page_render_the_same_rules(
    pages: dict[str, str], real_spec: Spec
) -> None:
    rules = real_spec.keyed_prompts
    assert rules is not None
    text = page_of(pages, "session/prompt")
    key_page = pages[f"{DOCS_DIR}/types/idempotency-key.md"]
    assert "| What the Agent has recorded for the key | What the Agent does |" in text
    for section in rules.sections:
        assert f"### {section.title} {{ #{section.id} }}" in text
        for rule in section.rules:
            shown = "- " + markdown_text(rule).replace("\n", "\n  ")
            assert shown in text
            if section.id == "the-key":
                assert shown in key_page
    assert "<dfn>held prompt</dfn>" in text and "<dfn>held prompt</dfn>" in key_page
    # the field's description says what the rules say, in the same words
    field = real_spec.types["PromptRequest"].schema["properties"]["idempotencyKey"]["description"]
    said = {_words(r) for s in rules.sections for r in s.rules}
    middle = _words(field.split("\n\n")[1])
    assert any(middle.startswith(r) for r in said) and all(
        sentence.strip() in " ".join(said) for sentence in middle.split(". ")
    )
    retry = text.split("### A retry after a lost response", 1)[1].split("\n### ", 1)[0]
    assert retry.count('"idempotencyKey": "5d1c8a2e') == 2
    assert '"id": 7' in retry and '"id": 3' in retry and '"messageId": "msg_user_8f7a1"' in retry
    rejected = text.split("### A key that is not an IdempotencyKey", 1)[1]
    assert '"idempotencyKey": ""' in rejected and '"code": -32602' in rejected
    assert "mermaid" not in text  # mkdocs-material would load mermaid.js from a CDN
    for method in real_spec.methods:
        if method != "session/prompt":
            assert "## Keyed prompts" not in page_of(pages, method)


def test_keyed_examples_are_checked_both_ways(real_spec: Spec) -> None:
    rules = real_spec.keyed_prompts
    assert rules is not None
    retry, rejected = rules.examples[0], rules.examples[1]
    flipped = dataclasses.replace(rejected, messages=(
        dataclasses.replace(rejected.messages[0], valid=True), *rejected.messages[1:]))  # fmt: skip
    lenient = dataclasses.replace(retry, messages=(
        dataclasses.replace(retry.messages[0], valid=False), *retry.messages[1:]))  # fmt: skip
    spec = dataclasses.replace(
        real_spec, keyed_prompts=dataclasses.replace(rules, examples=(lenient, flipped))
    )
    with pytest.raises(SpecError) as caught:
        emit_all_docs(spec)
    message = str(caught.value)
    assert "rejects 'The request (the schema rejects it)' at the top" in message
    assert "'The first attempt (its response is lost)' is marked valid: false" in message
    assert "spec/acp-v2.yaml:" in message


def test_the_keyed_rules_name_a_keyed_method(real_spec: Spec) -> None:
    from acp_spec.rules.methods import keyed_prompts_name_a_keyed_method

    rules = real_spec.keyed_prompts
    assert rules is not None
    spec = dataclasses.replace(
        real_spec, keyed_prompts=dataclasses.replace(rules, method="session/new")
    )
    found = list(keyed_prompts_name_a_keyed_method(spec, index_of(spec), None))  # type: ignore[arg-type]
    assert len(found) == 1 and "name one of: session/prompt" in found[0].message
    assert list(keyed_prompts_name_a_keyed_method(real_spec, index_of(real_spec), None)) == []  # type: ignore[arg-type]


def test_every_error_example_answers_a_request_that_fails_with_the_code_shown(
    real_spec: Spec, pages: dict[str, str], v2: ModuleType
) -> None:
    """The error example's request is a vector the schema and the models reject, with the
    code the response shows; before, 27 pages answered a valid request with -32602."""
    from jsonschema import Draft202012Validator

    error_type: type[Any] = sys.modules["acp_models"].JsonRpcError

    schema = json.loads((ROOT / "generated" / "schema.unstable.json").read_text("utf-8"))
    validator = Draft202012Validator(schema)
    shown = 0
    for method in real_spec.methods.values():
        text = page_of(pages, method.name)
        if method.request is None or "invalid_params" not in method.errors:
            assert "### An error response" not in text, method.name
            continue
        section = text.split("### An error response\n", 1)[1]
        request, response = _json_blocks(section)[:2]
        code = int(section.split("Response (", 1)[1].split(",", 1)[0])
        assert response["error"]["code"] == code == real_spec.errors["invalid_params"].code
        assert not validator.is_valid(request), f"{method.name}: the schema accepts {request}"
        with pytest.raises(error_type) as refused:
            v2.decode(json.dumps(request))
        assert refused.value.code == code, method.name
        # the reason shown is the vector's, and the vector expects that code
        vector = re.search(r"the vector `([^`]+)` of `([^`]+)`", section)
        assert vector is not None, method.name
        cases = {
            c["id"]: c
            for g in json.loads((ROOT / vector[2]).read_text("utf-8"))["groups"]
            for c in g["cases"]
        }
        assert cases[vector[1]]["expect"] == {"error": code}
        assert json.loads(cases[vector[1]]["message"]) == request
        assert cases[vector[1]]["description"] in section.split("Request:", 1)[0]
        shown += 1
    assert shown > 20


def test_every_type_has_a_page_and_the_types_page_is_their_index(
    real_spec: Spec, pages: dict[str, str]
) -> None:
    text = pages[f"{DOCS_DIR}/types.md"]
    for name in real_spec.types:
        page = "types/idempotency-key.md" if name == "IdempotencyKey" else f"types/{name}.md"
        assert f"\n| [{breakable(name)}]({page})" in text
        assert pages[f"{DOCS_DIR}/{page}"].split("\n")[2] == f"# {name}"
    request = pages[f"{DOCS_DIR}/types/PromptRequest.md"]
    assert f"[{breakable('session/prompt')}](../methods/session-prompt.md)" in request
    chunk = pages[f"{DOCS_DIR}/types/ContentChunk.md"]
    assert f"**Variant of:** [{breakable('SessionUpdate')}](SessionUpdate.md)" in chunk
    update = page_of(pages, "session/update")
    variants = update.split(f"### The variants of `update`: [{breakable('SessionUpdate')}]", 1)[1]
    index = index_of(real_spec)
    union = index.shapes.tagged_union(index.defs["SessionUpdate"])
    assert union is not None and union.field == "sessionUpdate"
    tags = union.tags
    assert len(tags) > 20
    for tag in tags:
        link = f'[`sessionUpdate`: `"{tag}"`](../types/SessionUpdate.md#SessionUpdate-{tag})'
        assert link in variants
    own = pages[f"{DOCS_DIR}/types/idempotency-key.md"]
    assert "# IdempotencyKey" in own and "`maxLength: 255`" in own
    prompt = page_of(pages, "session/prompt")
    key = prompt.split("[`idempotencyKey`](", 1)[1].split("</p>", 2)[1]
    assert f"[{breakable('IdempotencyKey')}](../types/idempotency-key.md)" in key
    assert '<span class="acp-tag">optional</span> <span class="acp-tag">nullable</span>' in key


def test_errors_page_lists_every_code(real_spec: Spec, pages: dict[str, str]) -> None:
    text = pages[f"{DOCS_DIR}/errors.md"]
    for error in real_spec.errors.values():
        assert (
            f"\n## `{error.code}` {markdown_text(error.title)} {{ #error-{error.name} }}\n" in text
        )


def test_the_emitter_is_deterministic(real_spec: Spec, pages: dict[str, str]) -> None:
    again = {p: d.decode("utf-8") for p, d in emit_all_docs(real_spec).items()}
    assert again == pages


# ── examples: full JSON-RPC messages, validated ──


def _json_blocks(text: str) -> list[Any]:
    return [json.loads(block) for block in re.findall(r"^```json\n(.*?)\n```$", text, re.S | re.M)]


def test_examples_are_rendered_as_json_rpc_messages(real_spec: Spec, pages: dict[str, str]) -> None:
    for method in real_spec.methods.values():
        blocks = _json_blocks(page_of(pages, method.name))
        expected: list[dict[str, Any]] = []
        for example in method.examples:
            if example.kind == "notification":
                expected.append({"jsonrpc": "2.0", "method": method.name, "params": example.params})
            else:
                expected.append({"jsonrpc": "2.0", "id": 1, "method": method.name, "params": example.params})  # fmt: skip
                expected.append({"jsonrpc": "2.0", "id": 1, "result": example.result})
        if method.request is not None and "invalid_params" in method.errors:
            # and a request answered with an error (test_every_error_example_...)
            assert blocks[len(expected)]["method"] == method.name
            expected.append(blocks[len(expected)])
            assert blocks[len(expected)]["error"]["code"] == real_spec.errors["invalid_params"].code
            expected.append(blocks[len(expected)])
        keyed = real_spec.keyed_prompts
        if keyed is not None and method.name == keyed.method:
            expected += [dict(m.message) for e in keyed.examples for m in e.messages]
        assert blocks == expected, method.name


def _with_example(spec: Spec, method: str, example: Example) -> Spec:
    old = spec.methods[method]
    methods = dict(spec.methods)
    methods[method] = dataclasses.replace(old, examples=(*old.examples, example))
    return dataclasses.replace(spec, methods=methods)


def test_an_example_the_schema_rejects_stops_the_emitter(real_spec: Spec) -> None:
    bad = Example("A numeric session id", "request", {"sessionId": 42, "prompt": []}, {})
    with pytest.raises(SpecError) as caught:
        emit_all_docs(_with_example(real_spec, "session/prompt", bad))
    message = str(caught.value)
    assert "A numeric session id" in message and "generated/schema.unstable.json rejects" in message
    wrong_result = Example("A result of the wrong shape", "request",
                           {"sessionId": "s", "prompt": []}, {"messageId": 7})  # fmt: skip
    with pytest.raises(SpecError, match="as PromptResponse"):
        emit_all_docs(_with_example(real_spec, "session/prompt", wrong_result))


# ── HTML from the spec shows as text ──


class _Tags(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def _runs_script(href: str) -> bool:
    """What a browser makes of an href: a scheme other than http(s)/mailto could run code."""
    url = re.sub(r"[\t\n\r]", "", href).lstrip("\x00\x01\x02\x03\x04\x05\x06\x07\x08 \x0b\x0c")
    scheme = re.match(r"([A-Za-z][A-Za-z0-9+.-]*):", url)
    return scheme is not None and scheme.group(1).lower() not in ("http", "https", "mailto")


def _unsafe(rendered: str) -> list[str]:
    parser = _Tags()
    parser.feed(rendered)
    problems = []
    allowed = {"p", "code", "a", "br", "strong", "em", "ul", "ol", "li", "table", "thead",
               "tbody", "tr", "th", "td", "h1", "h2", "h3", "pre", "blockquote", "hr"}  # fmt: skip
    for tag, attrs in parser.tags:
        # a fenced code block's wrapping and highlighting: classes only
        highlight = tag in ("div", "span") and set(attrs) <= {"class"}
        if tag not in allowed and not highlight:
            problems.append(f"<{tag}> element")
        for name, value in attrs.items():
            if name.startswith("on") or name in ("style", "src"):
                problems.append(f"{name}= attribute on <{tag}>")
            if name == "href" and value is not None and _runs_script(value):
                problems.append(f"href={value!r}")
    return problems


PIECES = [
    "`", "``", "\\", "\\`", "\\\\", "<script>alert(1)</script>", "<img src=x onerror=alert(1)>",
    "<b onmouseover=x>", "{ onclick=alert(1) }", "{: .x onclick=y }", "[a](javascript:alert(1))",
    "[b](JaVaScRiPt:x)", "[c](java\tscript:x)", "![i](https://example.com/i.png)",
    "[d]: javascript:alert(1)", "[d]", "<https://example.com/x>", "<javascript:alert(1)>",
    "&lt;script&gt;", "&", "|", "*", "_", " ", "\n", "\n\n", "- ", "# ", "> ", "text",
    "<!-- c -->", "<", ">", "x`<s>`y", "<div markdown=\"1\">", "[e](javascript&colon;x)",
    "[f](&#106;avascript:x)", "[g](<javascript:x>)", "[h]: <javascript:x>", "(", ")", "]",
    "```", "~~~", "    ", "\t", "&#60;script&#62;", "<a href=javascript:x>", "[x](", "1. ",
]  # fmt: skip


def _cases(seed: int, count: int) -> Iterator[str]:
    rng = random.Random(seed)
    for _ in range(count):
        yield "".join(rng.choice(PIECES) for _ in range(rng.randint(1, 12)))


@pytest.mark.slow  # hundreds of drawn texts, each rendered and parsed: seconds
def test_escaped_text_renders_no_html_element_or_script_url() -> None:
    md = markdown.Markdown(extensions=EXTENSIONS)
    for text in _cases(seed=2026, count=1500):
        for rendered in (
            md.reset().convert(markdown_text(text)),
            md.reset().convert(f"| a |\n| --- |\n| {cell_text(text)} |"),
        ):
            assert not _unsafe(rendered), (text, rendered)


def test_escaping_keeps_code_spans_links_and_text() -> None:
    assert markdown_text("use `<T>` and <T> & {x}") == "use `<T>` and &lt;T> &amp; &#123;x}"
    assert markdown_text("see [docs](https://a.b/c) and <https://a.b>") == (
        "see [docs](https://a.b/c) and <https://a.b>"
    )
    assert cell_text("a | `b|c`\n\nnext\n- item") == "a \\| `b|c`<br><br>next<br>- item"
    md = markdown.Markdown(extensions=EXTENSIONS)
    shown = md.convert(markdown_text(f"Before {XSS_SCRIPT} {XSS_IMG} after"))
    assert "&lt;script&gt;window.__xss=1&lt;/script&gt;" in shown
    assert "&lt;img src=x" in shown and "<img" not in shown


def _code_texts(rendered: str) -> list[str]:
    """The text of each code block in rendered HTML, as a reader sees it."""
    found = r"<pre[^>]*>(?:<span></span>)?<code[^>]*>(.*?)</code></pre>"  # highlight's, or plain
    blocks = re.findall(found, rendered, re.S)
    return [html.unescape(re.sub(r"<[^>]+>", "", b.replace("<br>", "\n"))) for b in blocks]


@pytest.mark.slow  # every page the HTML reaches, rendered and parsed: a second or two
def test_html_in_the_spec_reaches_no_page_unescaped(real_spec: Spec, pages: dict[str, str]) -> None:
    outputs = emit_all_docs(with_payloads(real_spec))
    md = markdown.Markdown(extensions=EXTENSIONS)
    rendered_pages: set[str] = set()
    for path, data in outputs.items():
        if not path.endswith(".md"):
            continue
        text = data.decode("utf-8")
        # a fenced code block holds its text as written: Markdown escapes it when rendering
        outside = re.sub(r"^(`{3,})html\n.*?^\1$", "", text, flags=re.S | re.M)
        assert "<script" not in outside and "<img" not in outside, path
        if text == pages[path]:
            # the HTML reached no text of it: it is the real spec's page, which the site's
            # build renders (test_the_site_builds_strictly_with_no_warning_and_no_broken_link)
            continue
        rendered = md.reset().convert(text)
        rendered_pages.add(path.removeprefix(DOCS_DIR + "/"))
        assert "<script" not in rendered and "<img" not in rendered, path
    reached = {method_page("session/prompt"), "types/PromptRequest.md", "errors.md",
               "retry-classes.md"}  # fmt: skip
    assert reached <= rendered_pages, "the HTML reached none of the pages it is put on"
    prompt = outputs[f"{DOCS_DIR}/{method_page('session/prompt')}"].decode("utf-8")
    assert prompt.count("&lt;script>window.__xss=1&lt;/script>") >= 5
    shown = md.reset().convert(prompt)
    # the type's fence and the field's, in its block
    assert len([t for t in _code_texts(shown) if f"{XSS_SCRIPT}\n{XSS_IMG}" in t]) >= 2


# ── the rendered HTML, sanitized: the hostile-description corpus ──

# Cases whose danger is in other Markdown readers: Python-Markdown alone makes nothing of them
_HARMLESS_HERE = {"autolink-javascript", "fenced-code-attributes", "code-span"}


@pytest.mark.parametrize("case", cases(), ids=lambda case: case.id)
def test_the_sanitizer_alone_leaves_a_hostile_description_nothing_to_run(case: Case) -> None:
    # the Markdown rendered as written, not escaped first: the guarantee is the sanitizer's
    md = markdown.Markdown(extensions=EXTENSIONS)
    raw = md.convert(case.text)
    if case.id not in _HARMLESS_HERE:
        assert fragment_problems(raw), "the case no longer tries anything: make it bite again"
    assert fragment_problems(clean_content(raw)) == []


@pytest.mark.parametrize("case", cases(), ids=lambda case: case.id)
def test_an_escaped_and_sanitized_description_runs_nothing(case: Case) -> None:
    md = markdown.Markdown(extensions=EXTENSIONS)
    for rendered in (
        md.reset().convert(markdown_text(case.text)),
        md.reset().convert(f"| a |\n| --- |\n| {cell_text(case.text)} |"),
        md.reset().convert(f"# {markdown_text(case.text.splitlines()[0])}"),
    ):
        assert fragment_problems(clean_content(rendered)) == [], rendered


def test_a_reference_definition_with_its_url_on_the_next_line_is_no_script_link() -> None:
    # the case: the escaping reads the definition's line alone, Markdown the next too
    text = "See the [rules].\n\n[rules]:\njavascript:alert(document.domain)"
    rendered = markdown.Markdown(extensions=EXTENSIONS).convert(markdown_text(text))
    assert 'href="javascript:' in rendered  # what the escaping alone lets through
    cleaned = clean_content(rendered)
    assert "javascript:" not in cleaned and "<a>rules</a>" in cleaned


def test_a_title_keeps_its_text_and_loses_its_markup() -> None:
    assert clean_title('A &lt;b&gt; &amp; <code>c</code><img src=x onerror="alert(1)">') == (
        "A &lt;b&gt; &amp; c"
    )


@pytest.mark.slow  # every page of the real site rendered by Python-Markdown: a second or two
def test_the_sanitizer_keeps_everything_the_real_sites_pages_hold() -> None:
    """What the templates and the hand-written pages write passes the sanitizer unchanged
    (as parsed HTML: it may write an entity as its character), so only what it must remove
    is ever removed."""
    from mkdocs.config import load_config

    config = load_config(str(SITE / "mkdocs.yml"))
    md = markdown.Markdown(
        extensions=config["markdown_extensions"], extension_configs=config["mdx_configs"]
    )
    changed = []
    for path in sorted((SITE / "docs").rglob("*.md")):
        rendered = md.reset().convert(path.read_text(encoding="utf-8"))
        if dom(clean_content(rendered)) != dom(rendered):
            changed.append(path.relative_to(SITE).as_posix())
    assert changed == []


# ── rustdoc-style links ──


def test_every_rustdoc_link_in_the_spec_names_something(real_spec: Spec) -> None:
    # upstream's sdk-2.4.0 schema writes few of them (it once wrote dozens)
    found = [name for _, text in links.descriptions(real_spec) for name in links.find(text)]
    assert {"IdempotencyKey", "UnsupportedProtocolVersionErrorData", "Error::data"} <= set(found)
    assert links.unresolved(real_spec, index_of(real_spec)) == []


@pytest.mark.parametrize(
    ("name", "kind", "shown"),
    [
        ("PromptRequest", "type", "PromptRequest"),
        ("PromptRequest::session_id", "field", "sessionId"),
        ("PromptRequest::_meta", "field", "_meta"),
        ("UserMessage::message_id", "field", "messageId"),
        ("StateUpdate::RequiresAction", "variant", "requires_action"),
        ("ContentBlock::Text", "variant", "text"),
        ("ContentBlock::ResourceLink", "variant", "resource_link"),
        ("McpServer::Stdio", "variant", "stdio"),
        ("RequestId::Number", "variant", "Number"),  # an untagged member, titled in Rust
        ("ErrorCode::ParseError", "variant", "-32700"),  # titled "Parse error"
        ("StringFormat::DateTime", "variant", "date-time"),
    ],
)
def test_a_rust_name_resolves_to_its_wire_name(
    real_spec: Spec, name: str, kind: str, shown: str
) -> None:
    target = links.resolve(real_spec, index_of(real_spec), name)
    assert target is not None and (target.kind, target.shown) == (kind, shown)


@pytest.mark.parametrize(
    "name",
    ["Nope", "PromptRequest::nope", "StateUpdate::Nope", "crate::PromptRequest",
     "PromptRequest::session_id::x", "AgentRequest", "session/prompt"],
)  # fmt: skip
def test_a_name_the_spec_lacks_resolves_to_nothing(real_spec: Spec, name: str) -> None:
    # AgentRequest is the schema's routing union, derived from the methods: no type page
    assert links.resolve(real_spec, index_of(real_spec), name) is None


def test_only_rustdoc_links_outside_code_are_found() -> None:
    text = (
        "[`A`] and `[`B`]` and [`C`](https://x.y) and [`D`][ref] and \\[`E`] and ![`F`]\n"
        "[`G`] is defined below, [`H`] is not.\n\n"
        "```rust\nlet x = [`I`];\n```\n\n"
        "[`G`]: https://example.com\n"
        "[`` J::K ``]\n"
        "Schema for [`L`]: a colon after a link inside a line is text."
    )
    assert links.find(text) == ["A", "H", "J::K", "L"]


def test_unresolved_names_the_data_path_of_the_text(real_spec: Spec) -> None:
    types = dict(real_spec.types)
    schema = dict(types["PromptRequest"].schema)
    props = dict(schema["properties"])
    props["sessionId"] = {**props["sessionId"], "description": "See [`Nope::x`]."}
    schema["properties"] = props
    schema["description"] = "Holds a [`UserMessage::message_id`]."
    types["PromptRequest"] = dataclasses.replace(types["PromptRequest"], schema=schema)
    methods = dict(real_spec.methods)
    methods["session/prompt"] = dataclasses.replace(
        methods["session/prompt"], description="Sends a [`Missing`] and a [`PromptRequest`]."
    )
    spec = dataclasses.replace(real_spec, types=types, methods=methods)
    assert links.unresolved(spec, index_of(spec)) == [
        (("methods", "session/prompt", "description"), "Missing"),
        (("types", "PromptRequest", "properties", "sessionId", "description"), "Nope::x"),
    ]
    page = page_of({p: d.decode() for p, d in emit_all_docs(spec).items()}, "session/prompt")
    assert "Sends a [`Missing`] and a [`PromptRequest`](../types/PromptRequest.md)." in page
    assert "See [`Nope::x`]." in page  # shown as written, never dropped
    # a type's description, through the shared macros, links relative to the method's page
    assert "Holds a [`messageId`](../types/UserMessage.md#UserMessage.messageId)." in page


def _with_descriptions(spec: Spec, edits: dict[str, str]) -> Spec:
    """The spec with each named type's description followed by a text."""
    types = dict(spec.types)
    for name, extra in edits.items():
        schema = dict(types[name].schema)
        schema["description"] = schema.get("description", "") + "\n\n" + extra
        types[name] = dataclasses.replace(types[name], schema=schema)
    return dataclasses.replace(spec, types=types)


@pytest.fixture(scope="module")
def linked_pages(real_spec: Spec) -> dict[str, str]:
    """Pages of the spec with rustdoc links as upstream once wrote them (a field's, a
    variant's), which its newer schemas mostly leave out."""
    spec = _with_descriptions(real_spec, {
        "UserMessage": "Only [`UserMessage::message_id`] is required.",
        "PromptRequest": "Send [`ContentBlock::Text`] or [`ContentBlock::ResourceLink`].",
    })  # fmt: skip
    return {path: data.decode("utf-8") for path, data in emit_all_docs(spec).items()}


def test_rustdoc_links_become_links_to_the_row_that_documents_them(
    linked_pages: dict[str, str],
) -> None:
    pages = linked_pages
    section = pages[f"{DOCS_DIR}/types/UserMessage.md"]
    assert "Only [`messageId`](#UserMessage.messageId) is required." in section
    assert "### `messageId` { #UserMessage.messageId }" in section
    types = pages[f"{DOCS_DIR}/types/ContentBlock.md"]
    assert '### `type`: `"resource_link"` { #ContentBlock-resource_link }' in types
    prompt = page_of(pages, "session/prompt")
    assert "[`text`](../types/ContentBlock.md#ContentBlock-text)" in prompt
    assert "[`IdempotencyKey`](../types/idempotency-key.md)" in prompt
    # a method's page shows its params' fields, but their anchors are on the types' page
    shown = prompt.split("## Errors")[0].split("## Retry class")[1]
    assert re.findall(r"\{ #([^ ]+) \}", shown) == [
        "request-params",
        "request-params-fields",
        "result",
        "result-fields",
    ]
    assert not re.search(r"\[`[^`\]]+`\](?![(\[])", types + prompt)


def test_linked_text_is_made_once_a_folder_but_links_its_own_page_by_anchor(
    real_spec: Spec,
) -> None:
    # a folder's pages share a text's links (made once), but the page the text links to
    # links to itself by anchor alone: whichever of the two pages asks first
    text = "Only [`UserMessage::message_id`] is required."
    site = site_of(real_spec, index_of(real_spec))
    home, other = "types/UserMessage.md", "types/PromptRequest.md"
    for order in ((home, other), (other, home)):
        fresh = dataclasses.replace(site, views=TypeViews(site.index, site.defs))
        shown = {path: (Page(fresh, path).md(text), Page(fresh, path).cell(text)) for path in order}
        mine = "Only [`messageId`](#UserMessage.messageId) is required."
        theirs = "Only [`messageId`](UserMessage.md#UserMessage.messageId) is required."
        assert shown[home] == (mine, mine)
        assert shown[other] == (theirs, theirs)
        # and a page of another folder links it by its path from there
        method = Page(fresh, "methods/session-prompt.md").md(text)
        assert "[`messageId`](../types/UserMessage.md#UserMessage.messageId)" in method


def test_a_changed_template_is_read_again(tmp_path: Path) -> None:
    # the environment is kept while no template file changes (one look a run), and made
    # again when one is changed or added
    folder = tmp_path / "templates"
    shutil.copytree(TEMPLATES, folder)
    probe = folder / "probe.md.j2"
    probe.write_text("{{ 1 + 1 }}", encoding="utf-8")
    first = environment(folder)
    assert first.get_template("probe.md.j2").render() == "2"
    assert environment(folder) is first
    probe.write_text("{{ 2 + 2 }}", encoding="utf-8")
    os.utime(probe, ns=(1, 1))  # the same size: a changed time alone tells the change
    assert environment(folder).get_template("probe.md.j2").render() == "4"
    (folder / "added.md.j2").write_text("{{ 3 + 3 }}", encoding="utf-8")
    assert environment(folder).get_template("added.md.j2").render() == "6"


# ── fenced code blocks ──


def test_a_fenced_block_in_a_description_renders_as_code() -> None:
    text = (
        "Before:\n```rust\nlet x = <T>::new(); // [`PromptRequest`] & {y}\n\n- not a list\n```\n"
        "After."
    )
    md = markdown.Markdown(extensions=EXTENSIONS)
    shown = md.convert(markdown_text(text, lambda name: "[x](#x)"))
    assert "<p>Before:</p>" in shown and "<p>After.</p>" in shown
    assert _code_texts(shown) == [
        "let x = <T>::new(); // [`PromptRequest`] & {y}\n\n- not a list\n"
    ]
    assert "<li>" not in shown and "#x" not in shown


def test_a_fence_cannot_be_closed_early_or_given_attributes() -> None:
    text = '````{.python onclick="alert(1)"}\n```\n<script>x</script>\n````'
    md = markdown.Markdown(extensions=EXTENSIONS)
    shown = md.convert(markdown_text(text))
    assert not _unsafe(shown) and "onclick" not in shown
    assert "&lt;script&gt;x&lt;/script&gt;" in shown and "```" in shown


def test_a_fenced_block_in_a_table_cell_is_preformatted_text() -> None:
    cell = cell_text("Use:\n\n```\na | b <i>\n  `c`\n```\n\nDone.")
    assert "\n" not in cell
    md = markdown.Markdown(extensions=EXTENSIONS)
    shown = md.convert(f"| a |\n| --- |\n| {cell} |")
    assert not _unsafe(shown)
    assert _code_texts(shown) == ["a | b <i>\n  `c`"]
    assert shown.count("<td>") == 1 and "Done." in shown


# ── file names ──


@pytest.mark.parametrize(
    ("name", "page"),
    [
        ("session/prompt", "methods/session-prompt.md"),
        ("$/cancel_request", "methods/protocol-cancel_request.md"),
        ("document/didOpen", "methods/document-didOpen.md"),
        ("session/set_config_option", "methods/session-set_config_option.md"),
        ("_zed/x.y", "methods/_zed-x.2e.y.md"),
    ],
)
def test_method_file_names(name: str, page: str) -> None:
    assert method_page(name) == page


@pytest.mark.parametrize(
    "name",
    ["../../etc/passwd", "a/../../b", "/abs", "..", "a\\b", "a\x00b", "ü/é", "a b", "$/../x"],
)
def test_no_method_name_escapes_the_methods_folder(name: str) -> None:
    try:
        page = method_page(name)
    except ValueError:
        return
    folder, file = page.split("/")
    assert folder == "methods" and file.endswith(".md") and not file.startswith(".")
    assert re.fullmatch(r"[A-Za-z0-9_.-]+", file), page


@pytest.mark.parametrize(
    "names", [["$/x", "protocol/x"], ["document/didOpen", "document/didopen"], ["a/b", "a/b"]]
)
def test_two_methods_never_share_a_file(names: list[str]) -> None:
    if names[0] == names[1]:
        assert method_pages(names) == {names[0]: method_page(names[0])}
        return
    with pytest.raises(ValueError, match="would share the page"):
        method_pages(names)


def test_a_name_too_long_for_a_file_is_refused() -> None:
    with pytest.raises(ValueError, match="no usable file name"):
        method_page("a/" + "b" * 300)


# ── the site builds, strictly ──


def build_site(root: Path, out: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*docs_cmd.mkdocs(root, "build", "--strict"), "--site-dir", str(out)],
        cwd=root, env=docs_cmd.mkdocs_env(), capture_output=True, text=True, check=False,
        timeout=600,
    )  # fmt: skip


class _Links(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.hrefs: list[str] = []
        self.articles = 0  # the page's content, as the theme wraps it
        self.in_content: list[str] = []  # the script and img elements inside it
        self._open = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "article":
            self.articles += 1
            self._open += 1
        elif self._open and tag in ("script", "img"):
            self.in_content.append(f"<{tag}>")
        if found.get("id"):
            self.ids.add(str(found["id"]))
        if tag == "a" and found.get("href"):
            self.hrefs.append(str(found["href"]))
        for name in ("src", "href"):
            value = found.get(name) or ""
            if tag in ("script", "link", "img", "iframe") and re.match(r"(https?:)?//", value):
                self.hrefs.append("EXTERNAL ASSET " + value)

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self._open -= 1


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory, real_spec: Spec) -> Path:
    """The real spec's site, built strictly with no warning."""
    out, output, seconds, _ = real_site(tmp_path_factory, real_spec)
    assert "WARNING" not in output
    print(f"mkdocs build --strict: {seconds:.1f} s")
    return out


@pytest.mark.slow
def test_the_site_builds_strictly_with_no_warning_and_no_broken_link(
    built: Path, real_spec: Spec
) -> None:
    out = built
    pages = {p.relative_to(out).as_posix(): p for p in out.rglob("*.html")}
    for method in real_spec.methods:
        assert method_page(method).replace(".md", ".html") in pages
    parsed: dict[str, _Links] = {}
    for rel, path in pages.items():
        parsed[rel] = _Links()
        parsed[rel].feed(path.read_text(encoding="utf-8"))
    broken = []
    for rel, found in parsed.items():
        if rel == "404.html":
            continue  # Material links it from the site's root, wherever it is served
        for href in found.hrefs:
            if href.startswith("EXTERNAL ASSET"):
                broken.append(f"{rel}: {href}")
                continue
            if re.match(r"[a-z]+:", href):
                continue
            target, _, anchor = href.partition("#")
            target = target.split("?")[0]
            resolved = (
                os.path.normpath(os.path.join(os.path.dirname(rel), target)) if target else rel
            )
            if resolved.endswith("/") or resolved == ".":
                resolved = os.path.join(resolved, "index.html").lstrip("./")
            if not (out / resolved).exists():
                broken.append(f"{rel}: {href} (no {resolved})")
            elif anchor and resolved in parsed and anchor not in parsed[resolved].ids:
                broken.append(f"{rel}: {href} (no #{anchor})")
    assert not broken, "\n".join(broken[:20])
    # what the spec's texts became, as mkdocs renders them: nothing runs, nothing loads
    # (test_html_in_the_spec_reaches_no_page_unescaped renders what HTML in them changes)
    assert [rel for rel, found in parsed.items() if found.articles != 1] == []
    running = [f"{rel}: {tag}" for rel, found in parsed.items() for tag in found.in_content]
    assert not running, running[:20]


@pytest.mark.slow
def test_the_built_pages_link_rust_names_to_their_rows(built: Path) -> None:
    types = (built / "types/Error.html").read_text(encoding="utf-8")
    assert (
        '<a href="UnsupportedProtocolVersionErrorData.html"><code>'
        "UnsupportedProtocolVersionErrorData</code></a>" in types
    )
    message = (built / "types/UserMessage.html").read_text(encoding="utf-8")
    assert '<h3 id="UserMessage.messageId"><code>messageId</code>' in message
    prompt = (built / "methods/session-prompt.html").read_text(encoding="utf-8")
    assert '<a href="../types/idempotency-key.html"><code>IdempotencyKey</code></a>' in prompt
    assert "[<code>" not in types + prompt  # no link left in brackets


# ── the command ──


def _acp_spec(root: Path, *args: str, **kwargs: Any) -> Any:
    command = [sys.executable, "-m", "acp_spec", *args]
    return subprocess.run(command, cwd=root, capture_output=True, text=True, check=False, **kwargs)


@pytest.mark.slow
def test_docs_build_regenerates_and_builds(
    tmp_path_factory: pytest.TempPathFactory, real_spec: Spec
) -> None:
    out, _, _, root = real_site(tmp_path_factory, real_spec)
    assert (root / REGENERATED_PAGE).read_text().startswith(PAGE_NOTE)
    assert (out / "methods/session-prompt.html").is_file()
    manifest = json.loads((root / "generated/manifest.json").read_text())["files"]
    assert REGENERATED_PAGE in manifest
    assert "generated/schema.json" in manifest  # the whole pipeline ran
    assert "site/docs/about.md" not in manifest
    # the command, in process: another interpreter and its imports would cost a second
    spec = root / "spec/acp-v2.yaml"
    assert cli.main(["--spec", str(spec), "--root", str(root), "check"]) == 0


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _fetch(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return str(response.read().decode("utf-8"))
    except OSError:
        return None


def _wait_for(url: str, wanted: str, seconds: float, server: subprocess.Popen[str]) -> bool:
    """Whether ``url`` shows ``wanted`` within ``seconds``, while ``server`` runs."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and server.poll() is None:
        text = _fetch(url)
        if text is not None and wanted in text:
            return True
        time.sleep(0.3)
    return False


@pytest.mark.slow
def test_docs_serve_regenerates_when_the_spec_changes(tmp_path: Path) -> None:
    # what serve does is the same whatever the spec's size: a small one builds in seconds
    root = small_project(tmp_path)
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "acp_spec", "docs", "serve", "--port", str(port)],
        cwd=root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    up = live = False
    try:
        url = f"http://127.0.0.1:{port}/methods/session-prompt.html"
        up = _wait_for(url, "Sends a user message to a session.", 120, server)
        if up:
            spec = root / "spec/acp-v2.yaml"
            text = spec.read_text(encoding="utf-8")
            changed = text.replace('"summary": "Sends a user message to a session."',
                                   '"summary": "Sends a user message to a session, live."', 1)  # fmt: skip
            assert changed != text
            spec.write_text(changed, encoding="utf-8")
            live = _wait_for(url, "Sends a user message to a session, live.", 120, server)
    finally:
        server.terminate()
        try:
            output, _ = server.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
            output, _ = server.communicate()
    assert up, f"serve never came up:\n{output}"
    assert live, f"the page never showed the spec's change:\n{output}"
    # stopping acp-spec stops mkdocs' server too: nothing is left listening
    deadline = time.monotonic() + 20
    while _listening(port) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not _listening(port), "mkdocs serve outlived acp-spec docs serve"


def _listening(port: int) -> bool:
    with socket.socket() as probe:
        probe.settimeout(1)
        return probe.connect_ex(("127.0.0.1", port)) == 0


# ── polish: capabilities as on the wire, the menu by namespace ──


def test_gating_capabilities_show_the_wire_path_and_link_its_field(
    real_spec: Spec, pages: dict[str, str]
) -> None:
    for method in real_spec.methods.values():
        line = page_of(pages, method.name).split("- **Gating capability:** ", 1)[1].split("\n")[0]
        if method.capability is None:
            assert line == "none"
            continue
        head, *fields = method.capability.split(".")
        side = {"agentCapabilities": "result", "clientCapabilities": "params"}[head]
        wire = ".".join(["capabilities", *fields])
        assert line.startswith(f"[`{wire}`](../types/"), line
        anchor = line.split("](", 1)[1].split(")", 1)[0].split("#", 1)[1]
        assert anchor.endswith("." + fields[-1])
        assert line.endswith(f" in the [initialize](initialize.md) {side}")
        assert "agentCapabilities" not in line and "clientCapabilities" not in line


def test_the_menu_groups_methods_by_namespace_with_their_stability(
    real_spec: Spec, pages: dict[str, str]
) -> None:
    nav = pages[NAV_PATH]
    methods = nav.split("  - Methods:\n", 1)[1].split("\n  - ", 1)[0]
    for method in real_spec.methods.values():
        mark = "" if method.stability == "stable" else f" · {method.stability}"
        entry = f'- "{method.name}{mark}": "{method_page(method.name)}"'
        assert entry in methods, entry
        if "/" in method.name:
            namespace = method.name.split("/", 1)[0] + "/"
            group = methods.split(f'      - "{namespace}":\n', 1)[1].split('\n      - "', 1)[0]
            assert entry in group


def test_a_variant_written_inline_shows_its_fields(pages: dict[str, str]) -> None:
    auth = pages[f"{DOCS_DIR}/types/AuthMethod.md"]
    other = auth.split("{ #AuthMethod-other }", 1)[1].split(
        '<div class="acp-field acp-field--variant"'
    )[0]
    assert "<summary>Its fields (3)</summary>" in other
    for field in ("type", "methodId", "name"):
        assert f'<p class="acp-field__name" markdown="span">`{field}`</p>' in other
    # a variant that is a def of its own links there instead
    update = pages[f"{DOCS_DIR}/types/SessionUpdate.md"]
    chunk = update.split("{ #SessionUpdate-agent_message_chunk }", 1)[1].split("</div>\n<div", 1)[0]
    assert f"[{breakable('ContentChunk')}](ContentChunk.md)" in chunk and "Its fields" not in chunk


# ── the search's names ──


def test_search_names_give_each_name_its_home_in_the_spec_order(pages: dict[str, str]) -> None:
    lines = pages[f"{DOCS_DIR}/search-names.txt"].splitlines()
    assert lines[0] == PAGE_NOTE
    entries = [json.loads(line) for line in lines[1:]]
    names = {location: found for location, found in entries}
    assert len(names) == len(entries), "an address listed twice"
    assert names["methods/session-prompt.html"] == ["session/prompt"]
    assert names["types/SessionUpdate.html#SessionUpdate-agent_message_chunk"] == [
        "agent_message_chunk"
    ]
    invalid = names["errors.html#error-invalid_params"]
    assert {"-32602", "32602", "Invalid params", "invalid_params"} <= set(invalid)
    # a name several entries share: the one the first method in the spec reaches first
    homes = [location for location, found in entries if "mcpServers" in found]
    assert homes[0] == "types/NewSessionRequest.html#NewSessionRequest.mcpServers", homes
    assert len(homes) > 1
    held = [location for location, found in entries if "held prompt" in found]
    assert held[0] == "methods/session-prompt.html#term-held-prompt", held
    # every address is a page the site has, and an anchor that page defines
    for location in names:
        page, _, anchor = location.partition("#")
        text = pages[f"{DOCS_DIR}/{page.removesuffix('.html')}.md"]
        assert not anchor or f"#{anchor} " in text or f"#{anchor} }}" in text, location


# ── a field that holds an object: its fields in place ──


def test_a_field_that_holds_an_object_shows_its_fields_one_level_deep(
    pages: dict[str, str], real_spec: Spec
) -> None:
    index = index_of(real_spec)
    page = pages[f"{DOCS_DIR}/types/NewSessionRequest.md"]
    field = page.split("{ #NewSessionRequest.systemPrompt }", 1)[1].split("</details>", 1)[0]
    assert '<details class="acp-nested-fields" data-search-exclude markdown>' in field
    nested = index.defs["SystemPrompt"]["properties"]
    assert f"The fields of `SystemPrompt` ({len(nested)})" in field
    for name in nested:  # each a link to where it is documented, with no anchor of its own
        assert f"[`{name}`](SystemPrompt.md#SystemPrompt.{name})" in field
    assert "{ #" not in field.split("<details", 1)[1]
    # one level deep on every page, whatever the types refer to (a type may hold itself)
    # (a variant's folded fields may hold one)
    for path, text in pages.items():
        open_: list[bool] = []  # each <details> open here: whether it is an object's fields
        for line in text.splitlines():
            if line.startswith("<details"):
                nesting = 'class="acp-nested-fields"' in line
                assert not (nesting and any(open_)), path
                open_.append(nesting)
            elif line.startswith("</details>"):
                open_.pop()


def test_the_sites_hooks_sanitize_each_pages_content_title_and_contents() -> None:
    import importlib.util
    from types import SimpleNamespace

    spec = importlib.util.spec_from_file_location("site_hooks", SITE / "hooks.py")
    assert spec is not None and spec.loader is not None
    hooks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hooks)
    entry = SimpleNamespace(title='T<img src=x onerror="alert(1)">', children=[])
    page = SimpleNamespace(title="<b>P</b>", toc=[SimpleNamespace(title="S", children=[entry])])
    content = '<p><a href="javascript:alert(1)" onclick="alert(2)">x</a></p>'
    assert hooks.on_page_content(content, page=page) == "<p><a>x</a></p>"
    assert (page.title, entry.title) == ("P", "T")
    section = SimpleNamespace(title="<script>alert(1)</script>N", children=[])
    assert hooks.on_nav(SimpleNamespace(items=[section])).items[0].title == "N"


# ── what readers trip on (issue 31) ──


def test_the_types_index_describes_a_type_by_its_first_sentence_that_is_no_marker(
    pages: dict[str, str],
) -> None:
    """62 rows said only "UNSTABLE": upstream's description opens with the marker and a
    sentence saying so; the row says what the type is and shows the badge instead."""
    rows = [line for line in pages[f"{DOCS_DIR}/types.md"].splitlines() if line.startswith("| [")]
    assert len(rows) > 200
    about = [row.rsplit(" | ", 1)[1].removesuffix(" |") for row in rows]
    assert not [a for a in about if "UNSTABLE" in a or "not part of the spec yet" in a]
    archive = next(row for row in rows if f"[{breakable('ArchiveSessionRequest')}]" in row)
    assert '<span class="acp-badge acp-badge--unstable">unstable</span>' in archive
    assert archive.endswith("| Request parameters for archiving a session. |")


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("AgentAuthCapabilities", "Agent<wbr>Auth<wbr>Capabilities"),
        ("session/set_config_option", "session/<wbr>set_<wbr>config_<wbr>option"),
        ("HTTPHeader", "HTTP<wbr>Header"),
        ("$/cancel_request", "$/<wbr>cancel_<wbr>request"),
        ("initialize", "initialize"),
    ],
)
def test_a_name_may_break_only_after_a_slash_or_underscore_or_before_a_hump(
    name: str, shown: str
) -> None:
    assert str(breakable(name)) == shown


def test_the_key_page_tables_every_key_case_of_the_vectors(pages: dict[str, str]) -> None:
    text = pages[f"{DOCS_DIR}/types/idempotency-key.md"]
    table = text.split("## Valid and invalid keys { #valid-and-invalid-keys }", 1)[1]
    rows = re.findall(r"^\| `([^`]+)` \| (valid|rejected with `-?\d+`) \| ", table, re.M)
    vectors = json.loads(
        (ROOT / "generated/vectors/methods/session-prompt.json").read_text("utf-8")
    )
    prefix = "session-prompt.idempotency-key."
    cases = {
        c["id"].removeprefix(prefix): c["expect"]
        for g in vectors["groups"]
        for c in g["cases"]
        if c["id"].startswith(prefix)
    }
    assert len(rows) == len(cases) > 20
    for case, outcome in rows:
        expect = cases[case]
        assert outcome == (
            "valid" if expect == {"valid": True} else f"rejected with `{expect['error']}`"
        )
    assert {o for _, o in rows} == {"valid", "rejected with `-32602`"}


def test_the_home_page_lists_the_traces_and_their_files(pages: dict[str, str]) -> None:
    home = pages[f"{DOCS_DIR}/index.md"]
    assert "- **[Traces](traces.md)**" in home
    assert "| `generated/traces/` |" in home


def test_an_rfd_row_that_speaks_of_two_methods_says_so_on_each_page(pages: dict[str, str]) -> None:
    """ "The RFD already defines both as idempotent" read alone on session/archive's page, and
    tool_call/cancel's named the terminal: the page says the words are one row's for both."""
    for method, other in (
        ("session/archive", "session/unarchive"),
        ("session/unarchive", "session/archive"),
        ("tool_call/cancel", "terminal/cancel"),
        ("terminal/cancel", "tool_call/cancel"),
    ):
        retry = page_of(pages, method).split("## Retry class", 1)[1].split("\n## ", 1)[0]
        assert "This is the RFD's one row for " in retry, method
        assert f"[{breakable(other)}](" in retry.split("This is the RFD's one row for ", 1)[1]
    # a text many rows share, which speaks of its own method alone, gets no note
    assert "RFD's one row" not in page_of(pages, "session/list")


def test_a_capability_is_spelt_as_on_the_wire_on_the_changes_and_method_pages(
    pages: dict[str, str],
) -> None:
    """The changes page said `agentCapabilities.session.title`, the method pages and the
    wire `capabilities.session.title`."""
    changes = pages[f"{DOCS_DIR}/changes.md"]
    assert "is gated by capabilities.session.title" in changes
    spelt = re.compile(r"\b(?:agent|client)Capabilities\.\w")
    found = [p for p, text in pages.items() if p.startswith(f"{DOCS_DIR}/methods/") or p == f"{DOCS_DIR}/changes.md"
             if spelt.search(text)]  # fmt: skip
    assert found == []
