"""The site's rendered HTML, sanitized: what the spec's text became can run nothing.

The spec's Markdown is escaped before it reaches a page (``escaping``), but that reads the
Markdown source, and Python-Markdown may read a text differently (a link definition's URL on
the line after its label, say). So the guarantee is taken on the HTML Markdown made:
site/hooks.py passes each page's content, its title and its table of contents through
``clean_content`` and ``clean_title``, with ammonia (through nh3) and an allow-list of the
tags and attributes the site's templates write, and of the URL schemes a link may have
(http, https, mailto; a relative URL or an anchor). No script element, no event handler
(``on...``), no ``style`` but an inline SVG's ``max-width``, and no ``javascript:``, ``data:``
or ``vbscript:`` URL survives, whatever the entities, case or whitespace in it.
"""

from __future__ import annotations

import nh3

# What Markdown, its extensions (tables, admonition, details, superfences' highlighting, toc)
# and the templates write, the trace pages' inline sequence diagrams (SVG) among them.
_TAGS = frozenset({
    "a", "abbr", "blockquote", "br", "button", "code", "dd", "del", "details", "dfn", "div",
    "dl", "dt", "em", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "img", "kbd", "li", "mark",
    "ol", "p", "pre", "s", "small", "span", "strong", "sub", "summary", "sup", "table",
    "tbody", "td", "tfoot", "th", "thead", "tr", "ul",
    # where a name may break (emit/docs/page.py's breakable)
    "wbr",
    # the sequence diagrams
    "svg", "title", "defs", "marker", "path", "rect", "text", "line", "g",
})  # fmt: skip
_SHAPE = frozenset({"fill", "fill-opacity", "stroke", "stroke-opacity", "stroke-width",
                    "stroke-dasharray", "marker-end"})  # fmt: skip
# data-search-exclude: the theme's search leaves the element out (and then drops it)
_ANY = frozenset({"class", "id", "title", "role", "aria-label", "aria-live", "aria-pressed",
                  "aria-hidden", "hidden", "data-search-exclude"})  # fmt: skip
_ATTRIBUTES = {
    "*": _ANY,
    "a": {"href"},
    "img": {"src", "alt", "width", "height"},
    "ol": {"start"},
    "details": {"open"},
    "th": {"align", "colspan", "rowspan"},
    "td": {"align", "colspan", "rowspan"},
    # the retry table's filter (assets/retry-filter.js reads these)
    "span": {"data-sender", "data-retry-class", "data-source"},
    # the sequence diagrams' frame scrolls sideways: focusable, for the keyboard
    "div": {"data-acp-filter", "tabindex"},
    "button": {"type", "data-key", "data-filter"},
    "g": {"data-step", "data-kind"},
    "svg": {"viewBox", "width", "height", "style", "font-size"},
    "marker": {"viewBox", "refX", "refY", "markerWidth", "markerHeight", "orient"},
    "path": {"d", *_SHAPE},
    "rect": {"x", "y", "width", "height", "rx", "ry", *_SHAPE},
    "text": {"x", "y", "text-anchor", "fill"},
    "line": {"x1", "y1", "x2", "y2", *_SHAPE},
}
# A relative URL (a page, an anchor) is kept as written; an absolute one only with these.
_SCHEMES = frozenset({"http", "https", "mailto"})

_CONTENT = nh3.Cleaner(
    tags=set(_TAGS),
    attributes={tag: set(names) for tag, names in _ATTRIBUTES.items()},
    url_schemes=set(_SCHEMES),
    clean_content_tags={"script", "style"},
    # the pages' own comments (the generated note) stay: a comment runs nothing
    strip_comments=False,
    link_rel=None,  # the links are the site's own and the spec's references: no rel added
    filter_style_properties={"max-width"},
)
# A title is shown in the menu, the tab and the table of contents: text and entities only.
_TITLE = nh3.Cleaner(tags=set(), attributes={}, clean_content_tags={"script", "style"},
                     link_rel=None)  # fmt: skip


def clean_content(html: str) -> str:
    """A page's content (the HTML Markdown made of it) with nothing that could run."""
    return _CONTENT.clean(html)


def clean_title(html: str) -> str:
    """A title or a table-of-contents entry (HTML): its text, entities kept."""
    return _TITLE.clean(html)
