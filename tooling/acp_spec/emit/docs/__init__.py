"""site/docs/: the docs pages, rendered from the jinja2 templates in acp_spec/templates/.

Every page is Markdown that mkdocs-material turns into the site. Text from the spec is
Markdown too, but raw HTML in it must show as text and never run, so nothing from the spec
reaches a page unescaped.

- ``escaping``: the spec's Markdown made safe (a block, or one table cell);
- ``paths``: page files and anchors;
- ``examples``: the examples as JSON-RPC messages, validated against generated/schema.unstable.json;
- ``site``: the site model, built once from the spec and its index;
- ``trace_pages``: a page per trace: its sequence diagram as inline SVG, its messages;
- ``views``: the types' fields and variants as every page shows them, made once a run;
- ``page``: what a template asks while rendering one page (links, field and variant tables);
- ``render``: the jinja2 environment and the pages.
"""

from __future__ import annotations

from ...notes import PAGE_NOTE
from .escaping import cell_text, code_block, code_span, markdown_text, safe_url
from .paths import DOCS_DIR, NAV_PATH, method_page, method_pages
from .render import TEMPLATES, emit_docs, environment, render_docs

__all__ = [
    "DOCS_DIR",
    "NAV_PATH",
    "PAGE_NOTE",
    "TEMPLATES",
    "cell_text",
    "code_block",
    "code_span",
    "emit_docs",
    "environment",
    "markdown_text",
    "method_page",
    "method_pages",
    "render_docs",
    "safe_url",
]
