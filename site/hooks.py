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
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

BOOSTS = {"methods/": 4.0, "types/": 1.5}
NAMES_FILE = "search-names.txt"
WORKER = "assets/search-worker.js"
# the theme's worker, as the page's configuration names it (relative to the page)
_THEME_WORKER = re.compile(
    r"^(?P<base>.*?)assets/javascripts/workers/(?P<name>search\.[0-9a-f]+\.min\.js)$"
)
_CONFIG = re.compile(r'(<script id="__config" type="application/json">)(.*?)(</script>)', re.S)

_names: list[list[Any]] = []


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
        if location in ranks:
            doc["rank"], doc["names"] = ranks[location]
    index.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
