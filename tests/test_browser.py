"""The built docs site in a real browser (Debian's chromium, driven by Python playwright).

The site is built from the spec into a temporary folder and served on 127.0.0.1. Every test
fails if a page asks for anything but 127.0.0.1 or logs an error; chromium sends whatever
is not 127.0.0.1 to a proxy that refuses it, so nothing leaves either way. Chromium missing
is a failure, not a skip: CI installs it (`apt-get install -y chromium`).

A page load costs about half a second of chromium's CPU, so the tests share them: those
that click through the site use one page, and the width, axe and screenshot tests assert
what one tour of the site found, each page of it opened once, in that page too (the dark
scheme's in a context of its own). Chromium's CPU, most of these tests' cost (about 60 s
with playwright's driver, 35 s of it the tour's: page loads, a relayout per width, axe's
eight runs), is missing from `/usr/bin/time`'s count for pytest: sample the processes
under pytest's (/proc/PID/stat; other engineers' chromiums are not yours) to measure it.
"""

from __future__ import annotations

import contextlib
import functools
import html
import http.server
import json
import os
import socket
import subprocess
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from acp_spec import docs_cmd
from acp_spec.emit.docs import PAGE_NOTE
from acp_spec.index import index_of
from acp_spec.model import Spec
from support.hostile import SHOWN, TRACE, page_problems, with_corpus
from support.site import XSS_IMG, XSS_SCRIPT, make_site, real_site, with_payloads

# every test here builds a site and drives a browser
pytestmark = [pytest.mark.slow, pytest.mark.cost("shared")]
ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--no-first-run", "--disable-sync",
]  # fmt: skip
AXE = ROOT / "tests" / "node" / "node_modules" / "axe-core" / "axe.min.js"
# a page of each template (the largest where there are many), in the light scheme; the
# dark scheme changes colours only, so the pages with the most kinds of them (links, code,
# badges, buttons) stand for it. axe takes a second or more a page on two shared cores.
AXE_PAGES = {
    "light": ("index.html", "retry-classes.html", "methods/session-prompt.html",
              "types/SessionUpdate.html", "errors.html", "traces/retry-while-held.html"),
    "dark": ("retry-classes.html", "methods/session-prompt.html"),
}  # fmt: skip
_AXE_RUN = """async () => (await axe.run(document, {resultTypes: ["violations"]})).violations
  .filter(v => v.impact === "serious" || v.impact === "critical")
  .map(v => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map(n => n.target.join(" ")).join(", ")}`)"""
VIEWPORT = {"width": 1280, "height": 900}
SITE_NAME = "ACP v2 spec"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium, with a proxy for all but 127.0.0.1 that refuses every connection: a
    port bound and never listened on, held until the browser is closed. Intercepting the
    requests instead (a route) would stop each of a page's requests for a round trip
    through playwright and this process, a fifth of a page load's CPU."""
    if not CHROMIUM.is_file():
        pytest.fail(f"chromium is not installed at {CHROMIUM}: run `apt-get install -y chromium` "
                    "(CI installs it); the browser tests need it", pytrace=False)  # fmt: skip
    try:
        from playwright.sync_api import ProxySettings, sync_playwright
    except ImportError:
        pytest.fail("Python playwright is missing: pip install -e '.[test]' installs it "
                    "(never `playwright install`: the tests use Debian's chromium)", pytrace=False)  # fmt: skip
    with socket.socket() as refusing, sync_playwright() as playwright:
        refusing.bind(("127.0.0.1", 0))
        proxy = ProxySettings(
            server=f"http://127.0.0.1:{refusing.getsockname()[1]}", bypass="127.0.0.1"
        )
        launched = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, proxy=proxy
        )
        yield launched
        launched.close()


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextlib.contextmanager
def serve(directory: Path) -> Iterator[str]:
    """Serve ``directory`` on 127.0.0.1 (an ephemeral port); yields the base URL."""
    handler = functools.partial(_Quiet, directory=str(directory))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@dataclass(frozen=True)
class Sites:
    built: Path  # the real spec's site
    real: str  # its URL
    hostile: str  # the URL of the site of a spec with raw HTML (a script, an img) in its texts
    hostile_built: Path  # that site, with the hostile-description corpus in its texts too


# The pages the hostile spec's texts reach that test_html_in_the_spec_shows_as_text_and_never_runs
# opens; its site is built of these and the hand-written pages alone.
HOSTILE_PAGES = (
    "methods/session-prompt.html",
    "types/PromptRequest.html",
    "errors.html",
    "retry-classes.html",
)
# The pages the hostile-description corpus (tests/hostile_descriptions) reaches: a type's, a
# method's and a trace's among them
CORPUS_PAGES = (*HOSTILE_PAGES, f"traces/{TRACE}.html")


@pytest.fixture(scope="module")
def sites(tmp_path_factory: pytest.TempPathFactory, real_spec: Spec) -> Iterator[Sites]:
    """Both sites: the hostile one built here while the real one is built (or was, by
    test_docs) once for the run, strictly: two mkdocs processes, one a core. The hostile
    site has only the pages its test opens, so links to the others are left dangling and
    it is built without --strict (the real site's build proves the links)."""
    tmp = tmp_path_factory.mktemp("hostile")
    project = make_site(tmp, with_corpus(with_payloads(real_spec)))
    keep = {(project / "site" / "docs" / p).with_suffix(".md") for p in CORPUS_PAGES}
    for page in (project / "site" / "docs").rglob("*.md"):
        if page not in keep and page.read_bytes().startswith(PAGE_NOTE.encode()):
            page.unlink()
    command = [*docs_cmd.mkdocs(project, "build", "--no-strict"), "--site-dir", str(tmp / "built")]  # fmt: skip
    hostile = subprocess.Popen(
        command, cwd=project, env=docs_cmd.mkdocs_env(), text=True,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )  # fmt: skip
    try:
        built, _, _, _ = real_site(tmp_path_factory, real_spec)
    finally:
        output, _ = hostile.communicate(timeout=600)
    assert hostile.returncode == 0, f"the hostile site: {output}"
    assert all((tmp / "built" / p).is_file() for p in CORPUS_PAGES), output
    with serve(built) as real, serve(tmp / "built") as hostile_url:
        yield Sites(built, real, hostile_url, tmp / "built")


@dataclass
class Browse:
    page: Any
    base: str
    outside: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def open(self, path: str) -> None:
        self.page.goto(self.base + path)
        self.page.wait_for_load_state("load")

    def assert_clean(self) -> None:
        assert not self.outside, f"requests left 127.0.0.1: {self.outside}"
        assert not self.errors, f"the page logged errors: {self.errors}"


def _local(url: str) -> bool:
    parts = urlparse(url)
    return parts.scheme in ("data", "blob", "about") or parts.hostname == "127.0.0.1"


def _tab(context: Any, base: str) -> Browse:
    """A page in ``context`` that records every request for anything but 127.0.0.1 (which
    the browser's proxy refuses) and every error it logs."""
    page = context.new_page()
    browse = Browse(page, base)
    page.on("request", lambda r: None if _local(r.url) else browse.outside.append(r.url))
    page.on("console", lambda m: browse.errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: browse.errors.append(str(error)))
    return browse


@pytest.fixture(scope="module")
def shared(browser: Any) -> Iterator[Browse]:
    """One page for the tests that click through the site: a context and a page cost
    about a second each on two shared cores."""
    context = browser.new_context(viewport=VIEWPORT)
    yield _tab(context, "")
    context.close()


def _fresh(shared: Browse, base: str) -> Browse:
    shared.outside.clear()
    shared.errors.clear()
    shared.page.set_viewport_size(VIEWPORT)
    shared.page.emulate_media(color_scheme="light")
    return Browse(shared.page, base, shared.outside, shared.errors)


@pytest.fixture
def browse(shared: Browse, sites: Sites) -> Browse:
    return _fresh(shared, sites.real)


@pytest.fixture
def browse_hostile(shared: Browse, sites: Sites) -> Browse:
    return _fresh(shared, sites.hostile)


def _title(page: Any) -> str:
    return str(page.locator("h1").inner_text()).removesuffix("¶").strip()


def _cells(page: Any, table_xpath: str) -> list[list[str]]:
    rows = page.locator(f"xpath={table_xpath}//tbody/tr")
    cells = (
        "rows => rows.map(row => [...row.querySelectorAll('td')].map(td => td.innerText.trim()))"
    )
    return list(rows.evaluate_all(cells))


def test_session_prompt_shows_its_retry_class_and_the_key_rules(
    browse: Browse, real_spec: Spec
) -> None:
    page = browse.page
    browse.open("methods/session-prompt.html")
    assert _title(page) == "session/prompt"
    retry = real_spec.methods["session/prompt"].retry[0]
    rows = _cells(page, "//h2[@id='retry-class']/following::table[1]")
    rule = real_spec.retry_classes["keyed"].rule.replace("`", "")
    assert rows == [["Keyed", retry.again, rule]]
    rules = _cells(page, "//h3[@id='what-the-agent-does']/following::table[1]")
    assert [row[0] for row in rules] == [
        "Nothing",
        "A message that was inserted with this key",
        "A prompt with this key that is not inserted yet, such as a held prompt",
    ]
    assert rules[1][1] == "Doesn't insert a message. Responds with that message's messageId."
    assert page.locator("h3#how-long-a-key-lasts").is_visible()
    assert (
        "There is no time window" in page.locator("h3#how-long-a-key-lasts ~ p").nth(1).inner_text()
    )
    retry = page.locator("h3#example-1 ~ div pre").first.inner_text()
    assert '"idempotencyKey": "5d1c8a2e' in retry
    assert page.locator("dfn", has_text="held prompt").is_visible()
    browse.assert_clean()


# What a reader types, and where the first result must lead: a method's or type's page, a
# field's anchor, an error code's section (with or without its sign).
SEARCHES = {
    "session/prompt": ("methods/session-prompt.html",),
    "session/update": ("methods/session-update.html",),
    "session/cancel": ("methods/session-cancel.html",),
    "initialize": ("methods/initialize.html",),
    "elicitation/create": ("methods/elicitation-create.html",),
    "set_config_option": ("methods/session-set_config_option.html",),
    "PromptRequest": ("types/PromptRequest.html",),
    "MessageId": ("types/MessageId.html",),
    "ContentBlock": ("types/ContentBlock.html",),
    "SessionUpdate": ("types/SessionUpdate.html",),
    "sessionId": ("types/SessionId.html", "#"),  # the type, or a sessionId field's anchor
    "IdempotencyKey": ("types/idempotency-key.html", "types/PromptRequest.html#PromptRequest.idempotencyKey"),
    "stopReason": ("types/IdleStateUpdate.html#IdleStateUpdate.stopReason",),
    "-32602": ("errors.html#error-invalid_params",),
    "32602": ("errors.html#error-invalid_params",),
    "-32800": ("errors.html#error-request_cancelled",),
    "Invalid params": ("errors.html#error-invalid_params",),
    "keyed": ("methods/session-prompt.html",),
    # a name typed in full beats the longer names it starts (McpServerStdio), the pages
    # that share one of its words (mcp/message) and lunr's scores, which shift with the
    # pages there are: the definition of a term, a variant's tag, the first method's field
    "held prompt": ("methods/session-prompt.html#term-held-prompt",),
    "agent_message_chunk": ("types/SessionUpdate.html#SessionUpdate-agent_message_chunk",),
    "mcpServers": ("types/NewSessionRequest.html#NewSessionRequest.mcpServers",),
}  # fmt: skip


def _first_result(page: Any, query: str) -> tuple[str, str]:
    """The first result's address (without the highlight) and its text, for ``query``."""
    box = page.locator("input.md-search__input")
    box.fill("")
    box.press("End")  # the search runs on a key: once for the whole query, not per letter
    page.wait_for_function("!document.querySelector('.md-search-result__item')")
    box.fill(query)
    box.press("End")
    items = page.locator(".md-search-result__item > a")
    items.first.wait_for(state="visible", timeout=15_000)
    hrefs = [items.nth(i).get_attribute("href") or "" for i in range(min(2, items.count()))]
    return _shown(hrefs), str(page.locator(".md-search-result__item").first.inner_text())


# Types each query as a reader does (the box emptied, then the query and a key up, which is
# what the theme's search listens to, after the input event search-codes.js acts on), and
# reads the first result as _first_result does: all the queries in one call to the page.
_TYPE_ALL = """async queries => {
  const box = document.querySelector("input.md-search__input");
  const pause = () => new Promise(done => setTimeout(done, 10));
  const until = async (what, test) => {
    for (const end = Date.now() + 15000; Date.now() < end; await pause()) {
      const found = test();
      if (found) return found;
    }
    throw new Error(`no ${what} in 15 s`);
  };
  const type = value => {
    box.value = value;
    box.dispatchEvent(new Event("input", {bubbles: true}));
    box.dispatchEvent(new KeyboardEvent("keyup", {key: "End", bubbles: true}));
  };
  const found = [];
  for (const query of queries) {
    type("");
    await until("empty list", () => !document.querySelector(".md-search-result__item"));
    type(query);
    const first = await until("result", () => {
      const item = document.querySelector(".md-search-result__item");
      return item && item.offsetParent !== null ? item : null;
    });
    const hrefs = [...document.querySelectorAll(".md-search-result__item > a")]
      .slice(0, 2).map(a => a.getAttribute("href") || "");
    found.push([hrefs, first.innerText]);
  }
  return found;
}"""


def _shown(hrefs: list[str]) -> str:
    """The first page's entry, then its best section (when one matched): the section,
    without the highlight (?h=...)."""
    href = hrefs[0]
    if len(hrefs) > 1 and hrefs[1].split("?")[0] == href.split("?")[0] and "#" in hrefs[1]:
        href = hrefs[1]
    return href.split("?")[0] + ("#" + href.split("#", 1)[1] if "#" in href else "")


def test_search_finds_methods_types_fields_and_codes_first(browse: Browse) -> None:
    page = browse.page
    browse.open("index.html")
    page.locator("input.md-search__input").click()
    wrong = []
    for (query, wanted), (hrefs, text) in zip(
        SEARCHES.items(), page.evaluate(_TYPE_ALL, list(SEARCHES)), strict=True
    ):
        where = _shown(hrefs).removeprefix(browse.base)
        if not any(
            where.startswith(w) or (w == "#" and "#" in where and query in where) for w in wanted
        ):
            wrong.append(f"{query!r}: first result {where} ({text[:60]!r}), wanted {wanted}")
        assert "{" not in text.split("\n")[0], f"{query!r}: a JSON snippet"
    assert not wrong, "\n".join(wrong)
    # typed key by key, a result opens its page
    _first_result(page, "set_config_option")
    page.locator(".md-search-result__item a").first.click()
    page.wait_for_url("**/methods/session-set_config_option.html*")
    assert _title(page) == "session/set_config_option"
    browse.assert_clean()


def test_type_links_open_the_type(browse: Browse) -> None:
    page = browse.page
    browse.open("methods/session-prompt.html")
    page.locator("h2#request-params a", has_text="PromptRequest").click()
    page.wait_for_url("**/types/PromptRequest.html")
    assert _title(page) == "PromptRequest"
    assert page.locator("h3#PromptRequest\\.sessionId").is_visible()
    browse.open("methods/session-prompt.html")
    params = page.locator("xpath=//h2[@id='request-params']/following::div[@class='acp-fields'][1]")
    params.get_by_role("link", name="IdempotencyKey", exact=True).first.click()
    page.wait_for_url("**/types/idempotency-key.html")
    assert _title(page) == "IdempotencyKey"
    assert "maxLength: 255" in page.locator("article").inner_text()
    browse.assert_clean()


def test_a_field_that_holds_an_object_unfolds_its_fields_in_place(
    browse: Browse, real_spec: Spec
) -> None:
    page = browse.page
    browse.open("types/NewSessionRequest.html")
    field = page.locator(
        "xpath=//*[@id='NewSessionRequest.systemPrompt']/ancestor::div[@class='acp-field'][1]"
    )
    nested = field.locator("details.acp-nested-fields")
    names = nested.locator(".acp-field__name")
    assert names.count() > 0 and not names.first.is_visible(), "folded until asked"
    nested.locator("summary").click()
    wanted = list(index_of(real_spec).defs["SystemPrompt"]["properties"])
    assert [n.strip() for n in names.all_inner_texts()] == wanted
    assert nested.locator("details.acp-nested-fields").count() == 0, "one level deep"
    # deeper, the nested type's page: a nested field's name opens its block there
    names.get_by_role("link", name=wanted[0], exact=True).click()
    page.wait_for_url(f"**/types/SystemPrompt.html#SystemPrompt.{wanted[0]}")
    assert _title(page) == "SystemPrompt"
    browse.assert_clean()


def test_a_rust_name_in_a_description_opens_the_row_it_names(browse: Browse) -> None:
    page = browse.page
    browse.open("types/ErrorData.html")
    about = page.locator("xpath=//h1/following::p[1]")
    # upstream wrote [`Error::data`]: shown by its wire name, linked to its block
    about.get_by_role("link", name="data", exact=True).first.click()
    page.wait_for_url("**/types/Error.html#Error.data")
    row = page.locator("xpath=//*[@id='Error.data']/ancestor::div[@class='acp-field'][1]")
    row.wait_for(state="visible")
    box = row.bounding_box()
    assert box is not None and 0 <= box["y"] < VIEWPORT["height"], "the row is not in view"
    assert "ErrorData" in row.inner_text()
    browse.assert_clean()


# Every table and field block, and the page itself, measured at a phone's width, a laptop's
# and a wide screen's. Each page is loaded once and resized: layout follows the viewport.
WIDTHS = (390, 1280, 1920)
_OVERFLOW = """() => {
  const out = [];
  // what folds (a variant's fields, an object field's) is measured unfolded
  for (const details of document.querySelectorAll("article details")) details.open = true;
  const doc = document.documentElement;
  if (doc.scrollWidth > doc.clientWidth + 1) out.push(`page ${doc.scrollWidth}>${doc.clientWidth}`);
  const boxes = document.querySelectorAll(
    "article table, article .md-typeset__scrollwrap, article .acp-field, article .acp-fields");
  for (const el of boxes) {
    if (el.scrollWidth > el.clientWidth + 1) {
      const name = el.closest("[id]") ? el.closest("[id]").id : "";
      out.push(`${el.tagName.toLowerCase()}.${el.className} near #${name}: ` +
               `${el.scrollWidth}>${el.clientWidth}`);
    }
  }
  return [out, boxes.length];
}"""


def _sampled_pages(built: Path) -> list[str]:
    """Every page that is one of a kind, and of the method and type pages (each made by one
    template) the largest: the most fields and variants, the longest texts and examples.
    A page loads in about a second on two shared cores, so all of them would take minutes."""
    pages = sorted(p.relative_to(built).as_posix() for p in built.rglob("*.html"))
    by_size = sorted(pages, key=lambda p: (-(built / p).stat().st_size, p))
    single = [p for p in pages if "/" not in p and p != "404.html"]
    methods = [p for p in by_size if p.startswith("methods/")][:3]
    types = [p for p in by_size if p.startswith("types/")][:3]
    return (
        single
        + methods
        + ["methods/session-prompt.html"] * ("methods/session-prompt.html" not in methods)
        + types
    )


# What the tour does on each page it opens: never caught mid-transition, nor a caret blinking.
# A sheet adopted as the document is made, so the page is styled once, with it, rather than
# restyled when a style tag comes after the load (a tenth of a second a page).
_STILL = ("*, *::before, *::after { transition: none !important; animation: none !important; "
          "caret-color: transparent !important; }")  # fmt: skip
_HOLD_STILL = f"""{{
  const still = new CSSStyleSheet();
  still.replaceSync({json.dumps(_STILL)});
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, still];
}}"""
_HELD_STILL = "getComputedStyle(document.body).caretColor === 'rgba(0, 0, 0, 0)'"
PHONE = {"width": 390, "height": 844}
# The README's screenshots, desktop and phone: a method page, the retry table, a type page
# and a search. Taken on every run; written where the README shows them only when asked
# (ACP_SPEC_SCREENSHOTS=1), since another machine's fonts give other bytes and a test run
# should leave the tree as it found it.
README_SHOTS = ROOT / "docs" / "screenshots"
SHOTS = {"methods/session-prompt.html": "session-prompt", "types/SessionUpdate.html": "type-page"}
RETRY_SHOT = ("retry-classes.html?class=idempotent#methods", "retry-table")


@dataclass
class Tour:
    """What one walk through the site found: each page is opened once, and measured at
    every width, checked by axe and photographed as it is asked for."""

    wide: list[str] = field(default_factory=list)
    measured: int = 0
    axe: dict[str, list[str]] = field(default_factory=lambda: {"light": [], "dark": []})
    axe_pages: dict[str, list[str]] = field(default_factory=lambda: {"light": [], "dark": []})
    schemes: list[str] = field(default_factory=list)
    moving: list[str] = field(default_factory=list)  # the pages _STILL did not hold still
    shots: Path = Path()
    clean: list[str] = field(default_factory=list)


def _axe(tab: Browse, tour: Tour, scheme: str, path: str, axe: str) -> None:
    """axe-core on the page, loaded from ``axe`` (its address on 127.0.0.1): a script
    loaded by address is compiled once and taken from chromium's code cache after, where
    the same text inlined is compiled on every page (a third of a second a page)."""
    wanted = "default" if scheme == "light" else "slate"
    shown = tab.page.evaluate("document.body.getAttribute('data-md-color-scheme')")
    if shown != wanted:
        tour.schemes.append(f"{path}: the {scheme} scheme shows {shown!r}")
    tab.page.add_script_tag(url=axe)
    tour.axe[scheme] += [f"{path}: {v}" for v in tab.page.evaluate(_AXE_RUN)]
    tour.axe_pages[scheme].append(path)


def _visit(
    tab: Browse, tour: Tour, path: str, widths: tuple[int, ...], *, measure: bool, axe: str,
    shot: str,
) -> None:  # fmt: skip
    """Open ``path`` at the first of ``widths``, then resize it to the others: layout
    follows the viewport (every box measured is as wide loaded at a width as resized to it,
    from either side)."""
    page = tab.page
    page.set_viewport_size({"width": widths[0], "height": 900})
    tab.open(path)
    if not page.evaluate(_HELD_STILL):
        tour.moving.append(path)
    for width in widths:
        page.set_viewport_size({"width": width, "height": 900})
        if shot and width == PHONE["width"]:
            page.set_viewport_size(PHONE)
            page.screenshot(path=str(tour.shots / f"{shot}-phone.png"))
            page.set_viewport_size({"width": width, "height": 900})
        if measure:
            found, count = page.evaluate(_OVERFLOW)
            tour.measured += count
            tour.wide += [f"{path} at {width}px: {f}" for f in found]
        if width == VIEWPORT["width"]:
            if shot:
                page.screenshot(path=str(tour.shots / f"{shot}-desktop.png"))
            if axe:
                _axe(tab, tour, "light", path, axe)


def _search_shots(tab: Browse, tour: Tour) -> None:
    """A search on a phone, then widened to a desktop's size: the same bytes as a search
    typed on a page opened at that size, without a second load and index build."""
    page = tab.page
    page.set_viewport_size(PHONE)
    tab.open("index.html")
    if not page.evaluate(_HELD_STILL):
        tour.moving.append("index.html")
    page.locator("label[for='__search']").first.click()
    _first_result(page, "PromptRequest")
    page.screenshot(path=str(tour.shots / "search-phone.png"))
    page.set_viewport_size(VIEWPORT)
    page.screenshot(path=str(tour.shots / "search-desktop.png"))


@pytest.fixture(scope="module")
def tour(
    browser: Any, shared: Browse, sites: Sites, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Tour]:
    if not AXE.is_file():
        pytest.fail(f"axe-core is missing at {AXE}: run `npm ci` in tests/node (scripts/test.sh "
                    "does)", pytrace=False)  # fmt: skip
    shots = README_SHOTS if os.environ.get("ACP_SPEC_SCREENSHOTS") == "1" else None
    found = Tour(shots=shots or tmp_path_factory.mktemp("shots"))
    # the light scheme's tour in the page the other tests click through (a context of its
    # own would cost another renderer process), held still while it lasts
    tab = _fresh(shared, sites.real)
    sampled = _sampled_pages(sites.built)
    with serve(AXE.parent) as axe_base, tab.page.add_init_script(_HOLD_STILL):
        axe = axe_base + AXE.name
        widths = WIDTHS
        for path in dict.fromkeys([*sampled, *AXE_PAGES["light"], *SHOTS]):
            _visit(tab, found, path, widths, measure=path in sampled,
                   axe=axe if path in AXE_PAGES["light"] else "", shot=SHOTS.get(path, ""))  # fmt: skip
            # the next page opens at the width this one was left at: one resize fewer
            widths = widths[::-1]
        # a link into the filtered table lands on it: opened at each size, not resized
        for device, viewport in (("phone", PHONE), ("desktop", VIEWPORT)):
            page = tab.page
            page.set_viewport_size(viewport)
            tab.open(RETRY_SHOT[0])
            if not page.evaluate(_HELD_STILL):
                found.moving.append(RETRY_SHOT[0])
            page.screenshot(path=str(found.shots / f"{RETRY_SHOT[1]}-{device}.png"))
        _search_shots(tab, found)
        # the theme keeps the scheme it first showed: the dark one needs a context of its own
        dark = browser.new_context(viewport=VIEWPORT, color_scheme="dark")
        dark_tab = _tab(dark, sites.real)
        try:
            for path in AXE_PAGES["dark"]:
                dark_tab.open(path)
                _axe(dark_tab, found, "dark", path, axe)
        finally:
            dark.close()
    outside, errors = tab.outside + dark_tab.outside, tab.errors + dark_tab.errors
    found.clean = [f"requests left 127.0.0.1: {outside}"] * bool(outside) + [
        f"a page logged errors: {errors}"
    ] * bool(errors)
    yield found


def test_no_page_scrolls_sideways_at_any_width(tour: Tour) -> None:
    assert tour.measured > 100, "nothing was measured"
    assert not tour.moving, f"transitions not held still on {tour.moving}"
    assert not tour.wide, "\n".join(tour.wide[:30])
    assert not tour.clean, tour.clean


def test_the_retry_table_filters_and_keeps_the_filter_in_the_address(
    browse: Browse, real_spec: Spec
) -> None:
    page = browse.page
    # a row per method and direction it is sent in
    rows = [(m.name, r.direction, r.retry_class, m.audited)
            for m in real_spec.methods.values() for r in m.retry]  # fmt: skip

    def shown() -> list[str]:
        visible = page.locator("tr:visible:has([data-retry-class]) td:first-child a")
        return [text.strip() for text in visible.all_inner_texts()]

    browse.open("retry-classes.html")
    assert len(shown()) == len(rows)
    page.get_by_role("button", name="Keyed (1)").click()
    assert shown() == ["session/prompt"]
    assert page.url.endswith("retry-classes.html?class=keyed")
    duplicating = [r[0] for r in rows if r[2] == "duplicating"]
    page.get_by_role("button", name=f"Duplicating ({len(duplicating)})").click()
    assert shown() == duplicating
    assert "Showing" in page.locator(".acp-filter__status").inner_text()
    page.get_by_role("button", name=f"All ({len(rows)})").click()
    agent = [r for r in rows if r[1] == "agent-to-client"]
    page.get_by_role("button", name=f"Agent → Client ({len(agent)})").click()
    assert shown() == [r[0] for r in agent]
    audited = [r[0] for r in agent if r[3]]
    page.get_by_role("button", name=f"RFD audit ({sum(r[3] for r in rows)})").click()
    assert shown() == audited
    assert "sender=agent-to-client" in page.url and "source=audit" in page.url
    browse.open("retry-classes.html?class=not_retried")
    assert shown() == [r[0] for r in rows if r[2] == "not_retried"]
    browse.assert_clean()


def test_on_a_phone_the_retry_filter_hides_the_cards_too(browse: Browse, real_spec: Spec) -> None:
    """Below 720 px a row is a card (display: block), which overrode the hidden attribute:
    "Keyed (1)" said "Showing 1 of 35 rows" above all 35 cards."""
    page = browse.page
    page.set_viewport_size(PHONE)
    browse.open("retry-classes.html")
    cards = page.locator("tr:has([data-retry-class])")
    assert cards.first.evaluate("row => getComputedStyle(row).display") == "block", "a card"
    page.get_by_role("button", name="Keyed (1)").click()
    visible = page.locator("tr:visible:has([data-retry-class]) td:first-child a")
    assert [t.strip() for t in visible.all_inner_texts()] == ["session/prompt"]
    assert page.locator(".acp-filter__status").inner_text() == f"Showing 1 of {cards.count()} rows"
    # a filter no row matches says so, and how to widen it
    browse.open("retry-classes.html?class=keyed&sender=agent-to-client")
    assert page.locator("tr:visible:has([data-retry-class])").count() == 0
    assert "No method matches this filter" in page.locator(".acp-filter__status").inner_text()
    browse.assert_clean()


# Each character of a name's text measured: a character on a lower line than the one
# before it, inside one text node (the <wbr> of a boundary ends a text node), is a name
# broken mid-word.
_MID_WORD = """selector => {
  const broken = [];
  const names = document.querySelectorAll(selector);
  for (const name of names) {
    let top = null;
    const walk = document.createTreeWalker(name, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      for (let i = 0; i < node.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getClientRects()[0];
        if (!box || !box.width) continue;
        if (top !== null && i > 0 && box.top > top + 1) broken.push(`${name.textContent} at ${i}`);
        top = box.top;
      }
    }
  }
  return [broken, names.length];
}"""


def test_names_break_only_at_a_slash_an_underscore_or_a_hump_at_every_width(
    browse: Browse,
) -> None:
    """120 type names broke mid-word on the types index at 1280 px ("AgentAuthCapabiliti|es"),
    and `session/resum|e` in the retry table even at 1920 px (td: overflow-wrap: anywhere)."""
    page = browse.page
    broken = []
    for path in ("types.html", "retry-classes.html"):
        browse.open(path)
        for width in WIDTHS:
            page.set_viewport_size({"width": width, "height": 900})
            found, count = page.evaluate(_MID_WORD, "article td:first-child a")
            assert count > 30, path
            broken += [f"{path} at {width} px: {name}" for name in found]
    assert not broken, "\n".join(broken[:20])
    browse.assert_clean()


# A name typed with a mistake or two, the page it means (issue 31; "sesion" anything "session"
# finds) and the words the theme highlights there: the query asked, once corrected. The
# highlight tells the last key's answer from the answer to a part of the name typed so far.
TYPOS = {
    "idempotncy": ("types/idempotency-key.html", "idempotency"),
    "idempotencey": ("types/idempotency-key.html", "idempotency"),
    "sesion/promt": ("methods/session-prompt.html", "session prompt"),
    "sesion": ("", "session"),
}
_FIRST_IS = """([page, words]) => {
  const link = [...document.querySelectorAll(".md-search-result__item > a")]
    .find(a => new URL(a.href).searchParams.get("h") === words);
  const first = document.querySelector(".md-search-result__item > a");
  return !!link && (!page || new URL(first.href).pathname.endsWith("/" + page));
}"""


def test_search_forgives_a_mistake_or_two_in_a_name(browse: Browse) -> None:
    """ "idempotncy", "idempotencey", "sesion" and "sesion/promt" found nothing."""
    from playwright.sync_api import TimeoutError as Timeout

    page = browse.page
    browse.open("index.html")
    box = page.locator("input.md-search__input")
    box.click()
    wrong = []
    for query, (wanted, words) in TYPOS.items():
        box.fill("")
        box.press("End")
        page.wait_for_function("!document.querySelector('.md-search-result__item')")
        box.press_sequentially(query)
        try:
            page.wait_for_function(_FIRST_IS, arg=[wanted, words], timeout=15_000)
        except Timeout:
            first = page.locator(".md-search-result__item > a").first
            shown = first.get_attribute("href") if first.count() else None
            wrong.append(f"{query!r}: first result {shown}, wanted {wanted} for {words!r}")
    assert not wrong, "\n".join(wrong)
    browse.assert_clean()


def test_the_search_index_is_fetched_on_the_first_search_only(browse: Browse) -> None:
    """Every page downloaded the 786 KB index, searched or not."""
    page = browse.page
    asked: list[str] = []

    def record(request: Any) -> None:
        if request.url.split("?")[0].endswith("/search/search_index.json"):
            asked.append(request.url)

    page.on("request", record)
    try:
        for path in ("index.html", "methods/session-prompt.html", "types.html"):
            browse.open(path)
            page.wait_for_load_state("networkidle")
        assert asked == [], "fetched before the search was used"
        page.locator("input.md-search__input").click()
        page.locator("input.md-search__input").press_sequentially("keyed")
        page.locator(".md-search-result__item").first.wait_for(state="visible", timeout=15_000)
        assert len(asked) == 1
    finally:
        page.remove_listener("request", record)
    browse.assert_clean()


def test_the_menu_shows_stability_badges_and_pages_are_titled_by_the_spec(
    browse: Browse, real_spec: Spec
) -> None:
    page = browse.page
    browse.open("methods/session-fork.html")
    link = page.get_by_role("link", name="session/fork unstable", exact=True)
    assert link.locator(".acp-badge--unstable").is_visible()
    assert "·" not in page.locator(".md-nav--primary").inner_text()
    # the tab's title is the spec's name, without the menu's marker; a type's page is
    # titled by the type's name, not its file's
    assert page.title() == f"session/fork - {SITE_NAME}"
    browse.open("types/idempotency-key.html")
    assert page.title() == f"IdempotencyKey - {SITE_NAME}"
    browse.assert_clean()


def test_a_trace_page_is_titled_by_its_trace_in_the_tab_and_in_search(
    browse: Browse, sites: Sites, real_spec: Spec
) -> None:
    """Trace pages were titled from their file name ("Cancel held key"), in search too."""
    trace = next(t for t in real_spec.traces if t.id == "cancel-held-key")
    browse.open(f"traces/{trace.id}.html")
    assert browse.page.title() == f"{trace.title} - {SITE_NAME}"
    index = json.loads((sites.built / "search" / "search_index.json").read_text("utf-8"))
    titles = {d["location"]: d["title"] for d in index["docs"]}
    assert {titles[f"traces/{t.id}.html"] for t in real_spec.traces} == {
        html.escape(t.title, quote=False) for t in real_spec.traces
    }
    # its title's words find it, though its entries come after the pages of the names
    # it plays (a trace titled "... keyed prompt ..." is no answer to `keyed`)
    where, text = _first_result(browse.page, "cancelling held")
    assert where.removeprefix(browse.base).startswith(f"traces/{trace.id}.html"), (where, text)
    browse.assert_clean()


# A diagram's size on screen, its text's and its frame's, and whether the page scrolls
_DIAGRAM = """() => {
  const frame = document.querySelector(".acp-trace-diagram");
  const svg = frame.querySelector("svg");
  const text = svg.querySelector("text");
  return {
    svg: svg.getBoundingClientRect().width,
    font: parseFloat(getComputedStyle(text).fontSize) * svg.getBoundingClientRect().width
      / svg.viewBox.baseVal.width,
    frame: frame.clientWidth, scrolls: frame.scrollWidth > frame.clientWidth,
    page: document.documentElement.scrollWidth, screen: window.innerWidth,
  };
}"""


@pytest.mark.parametrize("path", ["traces/retry-while-held.html", "methods/session-prompt.html"])
def test_a_trace_diagram_keeps_its_text_size_on_a_phone_and_scrolls_in_its_frame(
    browse: Browse, path: str
) -> None:
    """Scaled to a phone's width, a diagram's text shrank to 6.5 px; the session/prompt page
    shows the RFD's own diagram, drawn from a trace by the same renderer."""
    page = browse.page
    page.set_viewport_size(PHONE)
    browse.open(path)
    shown = page.evaluate(_DIAGRAM)
    assert shown["svg"] == 720 and shown["font"] == 13, shown
    assert shown["scrolls"] and shown["frame"] < PHONE["width"], shown
    assert shown["page"] <= shown["screen"], "the page itself scrolls sideways"
    page.set_viewport_size(VIEWPORT)
    wide = page.evaluate(_DIAGRAM)
    assert not wide["scrolls"] and wide["font"] >= 12, f"a wide screen shows it whole: {wide}"
    browse.assert_clean()


def test_the_copy_buttons_repeat_no_landmark(browse: Browse) -> None:
    """The theme wraps each code block's copy button in a <nav>: a dozen "navigation"
    landmarks of one name on a page of examples (axe: landmark-unique, a moderate finding
    the tour's axe test, which counts serious and critical ones, lets pass)."""
    page = browse.page
    browse.open("methods/session-prompt.html")
    assert page.locator("nav.md-code__nav").count() > 5
    page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        "async () => (await axe.run(document, {runOnly: ['landmark-unique']})).violations"
        ".map(v => `${v.id}: ${v.nodes.map(n => n.target.join(' ')).join(', ')}`)"
    )
    assert found == []
    browse.assert_clean()


@pytest.mark.parametrize("path", HOSTILE_PAGES)
def test_html_in_the_spec_shows_as_text_and_never_runs(browse_hostile: Browse, path: str) -> None:
    page = browse_hostile.page
    browse_hostile.open(path)
    # An img delays the load event until its error event has run, and the site's scripts
    # run on document$, before the load; a frame and a task more for anything they queued.
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => setTimeout(done)))")
    assert page.evaluate("window.__xss === undefined && window.__xss2 === undefined")
    assert page.locator("article script, article img").count() == 0
    text = page.locator("article").inner_text()
    assert XSS_SCRIPT in text and XSS_IMG in text
    assert page.locator("article").get_by_text(XSS_SCRIPT).first.is_visible()
    browse_hostile.assert_clean()


def test_the_hostile_sites_html_holds_no_script_handler_or_script_url(sites: Sites) -> None:
    pages = sorted(sites.hostile_built.rglob("*.html"))
    found = {p.relative_to(sites.hostile_built).as_posix(): page_problems(p.read_text("utf-8"))
             for p in pages}  # fmt: skip
    assert {page: problems for page, problems in found.items() if problems} == {}
    for page in CORPUS_PAGES:  # the corpus reached the page, as text
        assert SHOWN in html.unescape((sites.hostile_built / page).read_text("utf-8")), page


# Clicks every link in the content once the page has loaded; a link that would leave the page
# for an http(s) or mailto address is kept from it, any other (a script URL) is followed.
_CLICK_EVERY_LINK = """() => {
  const links = [...document.querySelectorAll("article a")];
  for (const link of links) {
    link.addEventListener("click", event => {
      const href = link.getAttribute("href") ?? link.getAttribute("xlink:href");
      if (href === null) return;
      const url = new URL(href, document.baseURI);
      if (["http:", "https:", "mailto:"].includes(url.protocol)) event.preventDefault();
    });
    link.dispatchEvent(new MouseEvent("click", {bubbles: true, cancelable: true}));
  }
  return links.length;
}"""


@pytest.mark.parametrize("path", CORPUS_PAGES)
def test_no_hostile_description_runs_a_script_even_when_its_links_are_clicked(
    browse_hostile: Browse, path: str
) -> None:
    page = browse_hostile.page
    dialogs: list[str] = []

    def record(dialog: Any) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", record)
    try:
        browse_hostile.open(path)
        clicked = page.evaluate(_CLICK_EVERY_LINK)
        # a script URL runs in a task of its own: a frame and a task more
        page.evaluate("() => new Promise(done => requestAnimationFrame(() => setTimeout(done)))")
        assert page.url == browse_hostile.base + path  # no link left the page
    finally:
        page.remove_listener("dialog", record)
    assert clicked > 10
    assert dialogs == []
    assert SHOWN in page.locator("article").inner_text()
    browse_hostile.assert_clean()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_serious_or_critical_violation(tour: Tour, scheme: str) -> None:
    assert not tour.clean, tour.clean
    assert sorted(tour.axe_pages[scheme]) == sorted(AXE_PAGES[scheme]), "axe missed a page"
    assert not tour.schemes, tour.schemes
    assert not tour.axe[scheme], "\n".join(tour.axe[scheme])


def test_screenshots_for_the_readme(tour: Tour) -> None:
    assert not tour.clean, tour.clean
    assert not tour.moving, f"transitions not held still on {tour.moving}"
    shots = sorted(tour.shots.glob("*.png"))
    assert [p.name for p in shots] == sorted(p.name for p in README_SHOTS.glob("*.png")), shots
    assert all(p.read_bytes().startswith(b"\x89PNG") and p.stat().st_size > 10_000 for p in shots)
