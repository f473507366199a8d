"""Markdown from the spec's text in which raw HTML shows as text and never runs.

Descriptions are Markdown (upstream writes them so), but nothing in them may become an
element or a script URL on the site: ``markdown_text`` (a block) and ``cell_text`` (one
table cell) keep code spans and safe links, and escape everything else HTML could use.
"""

from __future__ import annotations

import re
from functools import cache

_SAFE_SCHEMES = frozenset({"http", "https", "mailto"})


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
