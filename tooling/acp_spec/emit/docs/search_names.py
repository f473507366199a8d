"""site/docs/search-names.txt: the names each page or anchor is the home of, for the search.

The search engine (lunr, in mkdocs-material's worker) matches words, and a word typed is
also a prefix: `mcpServers` matches `McpServerStdio`, and `agent_message_chunk` is three
words that `mcp/message` shares one of. A reader who types a name in full wants the thing
of that name, so site/hooks.py copies these names into the search index and
site/docs/assets/search-worker.js puts an entry whose name was typed in full first.

Where several entries share a name (the field `mcpServers` of three types), the one of
the method that comes first in the spec comes first: each entry has a rank, in the spec's
order (methods, then the defined terms, the error codes, then the types by the first
method that reaches each, with their fields and variants under them).
"""

from __future__ import annotations

import json
import posixpath

from ... import links
from ...constants import KEY_TYPE
from ...notes import PAGE_NOTE
from .paths import ERRORS, error_anchor, field_anchor, type_page, variant_anchor
from .site import Site

SEARCH_NAMES = "site/docs/search-names.txt"


def html_of(page: str) -> str:
    """A page's address in the built site (the site uses no directory URLs)."""
    return posixpath.splitext(page)[0] + ".html"


def search_names(site: Site) -> dict[str, list[str]]:
    """Each search entry's address (a page, or a page and an anchor) and the names it is
    the home of; in rank order (a dict keeps it)."""
    found: dict[str, list[str]] = {}
    addresses: dict[str, str] = {}  # a page's, asked once for each of its anchors

    def add(page: str, anchor: str, *names: str) -> None:
        address = addresses.get(page)
        if address is None:
            address = addresses[page] = html_of(page)
        location = address + (f"#{anchor}" if anchor else "")
        found.setdefault(location, [])
        found[location] += [n for n in dict.fromkeys(names) if n not in found[location]]

    spec = site.spec
    for row in site.rows:
        add(site.pages[row.name], "", row.name)
    rules = spec.keyed_prompts
    if rules is not None and rules.method in site.pages:
        # shown on the method's page, and on the key type's page with its section
        homes = [site.pages[rules.method], site.type_pages.get(KEY_TYPE)]
        for home in filter(None, homes):
            for term, _ in rules.terms:
                add(home, "term-" + term.replace(" ", "-").lower(), term)
    for error in spec.errors.values():
        add(ERRORS, error_anchor(error.name), str(error.code), str(abs(error.code)),
            error.title, error.name)  # fmt: skip
    order = {name: i for i, name in enumerate(spec.methods)}

    def first_use(name: str) -> tuple[int, str]:
        uses = [order[m] for m in site.used_by.get(name, ()) if m in order]
        return (min(uses) if uses else len(order), name)

    for name in sorted(site.defs, key=first_use):
        page = type_page(name)
        schema = site.defs[name]
        add(page, "", name)
        for field in schema.get("properties", {}):
            add(page, field_anchor(name, str(field)), str(field))
        for key, _ in links.member_keys(site.index, schema).items():
            add(page, variant_anchor(name, key), key)
    return found


def emit_search_names(site: Site) -> bytes:
    """The generated note (as every generated file under site/docs/ starts), then an entry
    a line in rank order, each the JSON ``[address, [names]]``."""
    lines = [PAGE_NOTE]
    encode = json.JSONEncoder(ensure_ascii=False).encode  # json.dumps's, made once
    lines += [encode([loc, names]) for loc, names in search_names(site).items()]
    return ("\n".join(lines) + "\n").encode("utf-8")
