"""The jinja2 environment and the pages it renders from the site model.

The templates are rendered with autoescape on, so a value from the spec that skipped the
Markdown filters is HTML-escaped all the same.
"""

from __future__ import annotations

import json
import posixpath
import re
import stat
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup

from ...constants import GENERATED_NOTE, KEY_TYPE
from ...index import Index
from ...model import Spec
from ...notes import PAGE_NOTE
from .escaping import cell_text, markdown_text
from .page import Page
from .paths import (
    CHANGES,
    DOCS_DIR,
    ERRORS,
    HOME,
    NAV_PATH,
    RETRY_CLASSES,
    TYPES,
    UPSTREAM,
    class_anchor,
    error_anchor,
)
from .search_names import SEARCH_NAMES, emit_search_names
from .site import DIRECTION_LABELS, KIND_LABELS, STABILITY_NOTES, build_site
from .trace_pages import TRACES_INDEX, trace_page_path
from .views import code

# Package data beside the code (acp_spec/templates/), so that a regular, non-editable
# install finds them as the source checkout does.
TEMPLATES = Path(__file__).resolve().parents[2] / "templates"


def environment(templates: Path = TEMPLATES) -> jinja2.Environment:
    """The templates' environment, for the template files as they are now: kept while none
    changes. The folder is looked at once a call (a run), not once a page and import."""
    if not templates.is_dir():
        raise FileNotFoundError(f"the docs templates are not at {templates}")
    root = templates.resolve()
    return _environment(root, _stamp(root))


def _stamp(root: Path) -> tuple[tuple[str, int, int], ...]:
    """Each template file with its modification time and size: another, once one changes."""
    found = []
    for path in root.rglob("*"):
        info = path.stat()
        if stat.S_ISREG(info.st_mode):
            found.append((path.relative_to(root).as_posix(), info.st_mtime_ns, info.st_size))
    return tuple(sorted(found))


# a few: the folder as it was a run or two ago is not asked for again
@lru_cache(maxsize=4)
def _environment(templates: Path, stamp: tuple[tuple[str, int, int], ...]) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates)),
        autoescape=lambda name: name is not None and name.endswith(".md.j2"),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        # the stamp stands for the files: a changed one makes another environment
        auto_reload=False,
    )
    env.filters.update(md=_md, cell=_cell, code=code, yaml_str=_yaml_str)
    env.globals.update(
        note=Markup(PAGE_NOTE), yaml_note=GENERATED_NOTE, directions=DIRECTION_LABELS,
        kinds=KIND_LABELS, stability_notes=STABILITY_NOTES, class_anchor=class_anchor,
        error_anchor=error_anchor, key_type=KEY_TYPE, trace_page=trace_page_path,
        traces_index=TRACES_INDEX,
    )  # fmt: skip
    # the shared macros, made once an environment, without context, as the pages' imports
    # of them were: each import worked out which globals to pass them, a set a page
    env.globals["m"] = env.get_template("_macros.md.j2").module
    return env


# The page being rendered makes the text's rustdoc-style links relative to itself; nav.yml
# is no page and shows no Markdown.
@jinja2.pass_context
def _md(context: jinja2.runtime.Context, text: str) -> Markup:
    page = context.get("page")
    return page.md(text) if isinstance(page, Page) else Markup(markdown_text(text))


@jinja2.pass_context
def _cell(context: jinja2.runtime.Context, text: str) -> Markup:
    page = context.get("page")
    return page.cell(text) if isinstance(page, Page) else Markup(cell_text(text))


def _yaml_str(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)  # a JSON string is a YAML string


def emit_docs(
    spec: Spec, index: Index, artifacts: Sequence[tuple[str, str]] = ()
) -> dict[str, bytes]:
    """The pages; ``artifacts``: the home page's artifact table, each row the artifact's
    files (Markdown) and its description (the pipeline's registry gives them)."""
    return render_docs(spec, index, TEMPLATES, artifacts)


def render_docs(
    spec: Spec, index: Index, templates: Path, artifacts: Sequence[tuple[str, str]] = ()
) -> dict[str, bytes]:
    site = build_site(spec, index)
    env = environment(templates)
    pages: dict[str, str] = {}

    def render(template: str, path: str, **context: Any) -> None:
        text = env.get_template(template).render(site=site, page=Page(site, path), **context)
        if not text.startswith(PAGE_NOTE):
            raise ValueError(f"{template} must start with the generated note {PAGE_NOTE}")
        pages[path] = text

    traces = site.traces
    render("home.md.j2", HOME, traces=traces, traces_index=TRACES_INDEX, artifacts=artifacts)
    render("retry-classes.md.j2", RETRY_CLASSES)
    for row in site.rows:
        method = spec.methods[row.name]
        render("method.md.j2", site.pages[row.name], method=method, row=row)
    render("types.md.j2", TYPES)
    for name, path in site.type_pages.items():
        render("type-page.md.j2", path, name=name)
    render("errors.md.j2", ERRORS)
    if traces:
        render("traces.md.j2", TRACES_INDEX, traces=traces)
    for shown in traces:
        render("trace.md.j2", shown.path, tp=shown)
    if site.upstream is not None:
        render("upstream.md.j2", UPSTREAM)
    if spec.changes:
        render("changes.md.j2", CHANGES)
    outputs = {f"{DOCS_DIR}/{path}": _tidy(text) for path, text in pages.items()}
    for path in outputs:
        if posixpath.normpath(path) != path or not path.startswith(DOCS_DIR + "/"):
            raise ValueError(f"refusing to write {path}: outside {DOCS_DIR}")
    nav = env.get_template("nav.yml.j2").render(
        site=site, page=Page(site, NAV_PATH), traces=traces, traces_index=TRACES_INDEX
    )
    outputs[NAV_PATH] = _tidy(nav)
    outputs[SEARCH_NAMES] = emit_search_names(site)
    return outputs


# three or more newlines: spelt so that the regex engine looks for the literal "\n\n\n"
# (``\n{3,}`` is read a character at a time, six times as slow on a site's pages)
_BLANK_LINES = re.compile(r"\n\n\n+")


def _tidy(text: str) -> bytes:
    """No spaces or tabs at the end of a line, one blank line at most between blocks, one
    newline at the end."""
    if " \n" in text or "\t\n" in text:  # on few pages: known at once on the others
        lines = text.split("\n")
        # the text after the last newline ends no line: its spaces stay, as they always have
        last = lines.pop()
        text = "\n".join([line.rstrip(" \t") for line in lines] + [last])
    text = _BLANK_LINES.sub("\n\n", text)
    return (text.strip("\n") + "\n").encode("utf-8")
