"""Markdown from the spec's text in which raw HTML shows as text and never runs.

Descriptions are Markdown (upstream writes them so), but nothing in them may become an
element or a script URL on the site: ``markdown_text`` (a block) and ``cell_text`` (one
table cell) keep code spans, fenced code blocks and safe links, and escape everything else
HTML could use. Rustdoc-style links (``[`PromptRequest::session_id`]``, see acp_spec.links)
become whatever Markdown link the caller makes of them; the text is cut into blocks and
pieces by acp_spec.links, so a link is rendered exactly where the rules look for one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from ...links import Block, blocks, definitions, pieces

_SAFE_SCHEMES = frozenset({"http", "https", "mailto"})

# Given a rustdoc-style link's name (``Type::field``), the Markdown link to show instead, or
# None to show it as written. What it returns is put on the page as it is: it must be safe.
Linker = Callable[[str], str | None]


def markdown_text(text: str, link: Linker | None = None) -> str:
    """``text`` as Markdown in which no HTML survives: tags show as written.

    Code spans stay as they are (Markdown escapes their content itself). Outside them,
    ``&`` and ``<`` become entities, ``{`` too (so attr_list can't attach an ``onclick``),
    images become plain text and links to other schemes than http(s)/mailto stop being
    links. A code span must open and close on one line, and a backtick that opens none is
    escaped, so Markdown can't pair backticks differently from here. A fenced code block
    is set at the left margin with a fence no line in it can close, and only its language
    kept from the info string (superfences reads attributes there too).
    """
    labels = definitions(text)
    return "\n".join(
        _fenced(block) if block.fence else _markdown_lines(block.lines, labels, link)
        for block in blocks(text)
    )


def _markdown_lines(lines: Sequence[str], labels: frozenset[str], link: Linker | None) -> str:
    spaced: list[str] = []
    for line in lines:
        # CommonMark lets a list interrupt a paragraph; Python-Markdown needs a blank line
        if _LIST_ITEM.match(line) and spaced and _paragraph_line(spaced[-1]):
            spaced.append("")
        spaced.append(line)
    return "\n".join(_escape_line(line, False, labels, link) for line in spaced)


def _fenced(block: Block) -> str:
    # blank lines around: a fence must not be read as part of a paragraph or a list
    return "\n" + code_block("\n".join(block.lines), _language(block.info)) + "\n"


_LANGUAGE = re.compile(r"[A-Za-z0-9_#.+-]+")


def _language(info: str) -> str:
    word = info.split()[0].removeprefix(".") if info.strip() else ""
    return word if _LANGUAGE.fullmatch(word) else ""


def _paragraph_line(line: str) -> bool:
    """A line of running text: not blank, not a list item, not a list item's continuation."""
    return bool(line.strip()) and not _LIST_ITEM.match(line) and not line.startswith((" ", "\t"))


def cell_text(text: str, link: Linker | None = None) -> str:
    """``text`` as the Markdown of one table cell: one line, paragraphs and list items
    kept apart by line breaks, ``|`` escaped. A table cell holds no fenced code block, so
    one is shown as ``<pre>`` with every character that Markdown or HTML could read as an
    entity."""
    labels = definitions(text)
    parts = [
        _pre(block) if block.fence else _cell_paragraphs(block.lines, labels, link)
        for block in blocks(text)
    ]
    return "<br><br>".join(part for part in parts if part)


def _cell_paragraphs(lines: Sequence[str], labels: frozenset[str], link: Linker | None) -> str:
    text = "\n".join(lines)
    paragraphs = [p for p in re.split(r"\n\s*\n", text.strip()) if p.strip()]
    rendered = []
    for paragraph in paragraphs:
        # each line escaped on its own, as markdown_text does, so that a code span or a
        # link is one in both or in neither
        items: list[list[str]] = []
        for line in paragraph.split("\n"):
            escaped = _escape_line(line.strip(), True, labels, link)
            if items and not _LIST_ITEM.match(line):
                items[-1].append(escaped)
            else:
                items.append([escaped])
        rendered.append("<br>".join(" ".join(item) for item in items))
    return "<br><br>".join(rendered)


def _pre(block: Block) -> str:
    lines = ["".join(_entity(c) for c in line) for line in block.lines]
    return "<pre><code>" + "<br>".join(lines) + "</code></pre>"


def _entity(char: str) -> str:
    # letters and digits only as themselves: nothing else can start Markdown or HTML
    return char if char.isascii() and char.isalnum() else f"&#{ord(char)};"


_LIST_ITEM = re.compile(r"\s*(?:[-*+]|\d+[.)])\s")


def _escape_line(line: str, cell: bool, labels: frozenset[str], link: Linker | None) -> str:
    if "`" not in line:
        return _escape_text(line, cell=cell)
    out: list[str] = []
    # the text since the last code span, escaped as one piece where it is no link
    text = ""
    for piece in pieces(line, labels):
        made = link(piece.target) if link is not None and piece.kind == "link" else None
        if piece.kind == "text":
            text += piece.text
            continue
        if piece.kind == "link" and made is None:
            out += [_escape_text(text + "[", cell=cell), piece.text[1:-1]]  # as written
            text = "]"
            continue
        out.append(_escape_text(text, cell=cell))
        text = ""
        if piece.kind == "tick":
            out.append("\\`" * len(piece.text))  # opens no code span: make sure Markdown agrees
        else:
            out.append(made if made is not None else piece.text)
    out.append(_escape_text(text, cell=cell))
    return "".join(out)


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


_BACKTICKS = re.compile(r"`+")


def code_span(text: str) -> str:
    """``text`` as one inline code span, whatever backticks it holds."""
    flat = " ".join(text.split("\n"))
    # most names hold no backtick: known at once
    longest = max((len(r) for r in _BACKTICKS.findall(flat)), default=0) if "`" in flat else 0
    fence = "`" * (longest + 1)
    pad = " " if flat.startswith("`") or flat.endswith("`") else ""
    return f"{fence}{pad}{flat}{pad}{fence}"


def code_block(text: str, language: str) -> str:
    """A fenced code block that no content can close early."""
    longest = max((len(r) for r in re.findall(r"^\s*(`{3,})", text, re.M)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}{language}\n{text}\n{fence}"
