"""mkdocs hooks of the acp-spec docs site (hand-written; site/mkdocs.yml names this file).

The search appends a wildcard to what is typed, so `initialize` also matches every
`Initialize...` type, and a rarer word scores higher: a method's or type's own page would
lose to pages that merely start with its name. Each page's first section (its title and
the text under it) is boosted in the search index, a method's more than a type's, so a
name finds its own page first; the sections under it (fields, examples) are not.

That is not enough for a name typed in full: `mcpServers` is also the start of
`McpServerStdio`, and `agent_message_chunk` is three words, one of them in `mcp/message`'s
title. `acp-spec generate` writes docs/search-names.txt (the names each page or anchor is
the home of, in the spec's order); these hooks keep that file off the built site and copy
each entry's names into its search document, with its rank, for assets/search-worker.js,
which wraps the theme's search worker and puts the entries whose name was typed first.

Every page's content, title and table of contents is sanitized here, after Markdown made
HTML of it and before the theme or the search index reads it (acp_spec.emit.docs.sanitize):
text from the spec can add no script, event handler or script URL to the site. The menu's
titles are sanitized the same way.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from acp_spec.emit.docs.sanitize import clean_content, clean_title

BOOSTS = {"methods/": 4.0, "types/": 1.5}
# A trace's page, titled by its trace ("Cancelling a held, keyed prompt ..."), speaks of
# the names and words it plays: every entry of it comes after their own pages.
LOWERED = {"traces/": 0.25}
NAMES_FILE = "search-names.txt"
WORKER = "assets/search-worker.js"
# the theme's worker, as the page's configuration names it (relative to the page)
_THEME_WORKER = re.compile(
    r"^(?P<base>.*?)assets/javascripts/workers/(?P<name>search\.[0-9a-f]+\.min\.js)$"
)
_CONFIG = re.compile(r'(<script id="__config" type="application/json">)(.*?)(</script>)', re.S)

_names: list[list[Any]] = []
_menu: set[str] = set()  # the pages the menu lists (src_uri)


def on_files(files: Any, config: Any, **_: Any) -> Any:
    """Read the names and keep the file off the site: it is an input of the index only."""
    found = files.get_file_from_path(NAMES_FILE)
    _names.clear()
    if found is not None:
        path = Path(config["docs_dir"]) / NAMES_FILE
        # the generated note, then an entry a line: ["address", ["name", ...]]
        lines = path.read_text(encoding="utf-8").splitlines()[1:]
        _names.extend(json.loads(line) for line in lines if line.strip())
        files.remove(found)
    return files


def on_nav(nav: Any, **_: Any) -> Any:
    """The menu's titles (nav.yml's, from the spec's names) as text."""
    _menu.clear()
    _menu.update(str(page.file.src_uri) for page in getattr(nav, "pages", ()))
    todo = list(nav.items)
    while todo:
        item = todo.pop()
        if getattr(item, "title", None):
            item.title = clean_title(item.title)
        todo += getattr(item, "children", None) or []
    return nav


# the generated pages whose title is their heading: the spec's name of what they
# document, or a trace's title
_NAMED_FOLDERS = ("methods/", "types/", "traces/")


def on_page_content(html: str, page: Any, **_: Any) -> str:
    """The page's content, its title and its table of contents, sanitized."""
    if page.title:
        page.title = clean_title(page.title)
    todo = list(page.toc)
    while todo:
        entry = todo.pop()
        entry.title = clean_title(entry.title)
        todo += entry.children
    _title_from_heading(page)
    return clean_content(html)


def _title_from_heading(page: Any) -> None:
    """A method's or type's page is titled with its heading (the spec's name): mkdocs
    takes a title from the first heading only when nothing comes before it, and the
    generated note does, so it would take the file's name (`idempotency-key` became
    "Idempotency key"). A page in the menu keeps the menu's title there (its stability
    marker becomes a badge), and the browser's tab shows the heading."""
    source = getattr(getattr(page, "file", None), "src_uri", "")
    if not str(source).startswith(_NAMED_FOLDERS):
        return
    heading = next((entry for entry in page.toc if entry.level == 1), None)
    if heading is None:
        return
    page.meta["title"] = heading.title
    if source not in _menu:
        page.title = heading.title


def on_post_page(output: str, **_: Any) -> str:
    """Point the theme at assets/search-worker.js, telling it the theme's worker's name."""

    def swap(match: re.Match[str]) -> str:
        data = json.loads(match.group(2))
        worker = _THEME_WORKER.match(str(data.get("search", "")))
        if worker is None:
            raise ValueError(
                f"the theme's search worker is not where hooks.py expects it: {data.get('search')!r}"
            )
        data["search"] = f"{worker['base']}{WORKER}?worker={worker['name']}"
        text = json.dumps(data, ensure_ascii=False, sort_keys=True).replace("<", "\\u003c")
        return match.group(1) + text + match.group(3)

    return _CONFIG.sub(swap, output, count=1)


def on_post_build(config: Any, **_: Any) -> None:
    index = Path(config["site_dir"]) / "search" / "search_index.json"
    if not index.is_file():
        return
    data = json.loads(index.read_text(encoding="utf-8"))
    ranks = {str(location): (rank, names) for rank, (location, names) in enumerate(_names)}
    for doc in data.get("docs", []):
        location = str(doc.get("location", ""))
        for folder, boost in BOOSTS.items():
            if location.startswith(folder) and "#" not in location:
                doc["boost"] = boost
        for folder, boost in LOWERED.items():
            if location.startswith(folder):
                doc["boost"] = boost
        if location in ranks:
            doc["rank"], doc["names"] = ranks[location]
    index.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
