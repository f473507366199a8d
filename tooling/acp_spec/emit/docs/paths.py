"""Where things are on the site: page files under site/docs/ and anchors within pages.

A name from the spec becomes a file name or an anchor only through these functions, which
refuse what would escape the docs folder or collide.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ...constants import KEY_TYPE
from ..file_names import MAX_FILE_NAME

DOCS_DIR = "site/docs"
NAV_PATH = "site/nav.yml"

HOME, RETRY_CLASSES, TYPES, ERRORS = "index.md", "retry-classes.md", "types.md", "errors.md"
UPSTREAM, CHANGES = "upstream.md", "changes.md"
# Every type has a page in types/ named as the type; these keep the name they were
# published under (the README links it). types.md is the index of them all.
NAMED_PAGES = {KEY_TYPE: "types/idempotency-key.md"}

_FILE_CHARS = re.compile(r"[A-Za-z0-9_]")
_TYPE_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")


def page_stem(name: str) -> str:
    """A method's page file name without ``.md``: letters, digits and `_` are kept, `/`
    becomes `-`, anything else its code point in hex, `$/` reads `protocol/`."""
    bare = "protocol/" + name[2:] if name.startswith("$/") else name
    return "".join(
        c if _FILE_CHARS.match(c) else "-" if c == "/" else f".{ord(c):x}." for c in bare
    )


def usable_stem(stem: str) -> bool:
    return bool(stem) and not stem.startswith(".") and len(stem) <= MAX_FILE_NAME


def method_page(name: str) -> str:
    """The page of a method, relative to site/docs: `session/prompt` ->
    `methods/session-prompt.md`, `$/cancel_request` -> `methods/protocol-cancel_request.md`;
    always one plain file in methods/ (the rules refuse names that make none)."""
    stem = page_stem(name)
    if not usable_stem(stem):
        raise ValueError(f"method name {name!r} makes no usable file name ({stem!r})")
    return f"methods/{stem}.md"


def method_pages(names: Iterable[str]) -> dict[str, str]:
    """Every method's page; two names that share a file (even by case alone) are refused."""
    pages: dict[str, str] = {}
    seen: dict[str, str] = {}
    for name in names:
        page = method_page(name)
        other = seen.setdefault(page.lower(), name)
        if other != name:
            raise ValueError(f"methods {other!r} and {name!r} would share the page {page}")
        pages[name] = page
    return pages


def type_page(name: str) -> str:
    """The page that documents a type: ``types/PromptRequest.md``."""
    return NAMED_PAGES.get(name) or f"types/{type_anchor(name)}.md"


def type_pages(names: Iterable[str]) -> dict[str, str]:
    """Every type's page; two names that differ by case alone (one file on some disks) are
    refused."""
    pages: dict[str, str] = {}
    seen: dict[str, str] = {}
    for name in names:
        page = type_page(name)
        other = seen.setdefault(page.lower(), name)
        if other != name:
            raise ValueError(f"types {other!r} and {name!r} would share the page {page}")
        pages[name] = page
    return pages


def type_anchor(name: str) -> str:
    if not _TYPE_NAME.match(name):
        raise ValueError(f"type name {name!r} makes no usable anchor")
    return name


_NOT_ANCHOR_SAFE = re.compile(r"[^a-z0-9_-]")


def class_anchor(class_id: str) -> str:
    return "class-" + _NOT_ANCHOR_SAFE.sub("-", class_id.lower())


def error_anchor(name: str) -> str:
    return "error-" + _NOT_ANCHOR_SAFE.sub("-", name.lower())


def field_anchor(type_name: str, field: str) -> str:
    """Where a field's row is, on its type's page: ``PromptRequest.sessionId``."""
    return f"{type_anchor(type_name)}.{_anchor_text(field)}"


def variant_anchor(type_name: str, key: str) -> str:
    """Where a union member's row is, on its type's page: ``ContentBlock-text``. A type's
    name holds neither ``.`` nor ``-``, so a field's anchor, a variant's and a type's never
    meet."""
    return f"{type_anchor(type_name)}-{_anchor_text(key)}"


def _anchor_text(name: str) -> str:
    # as in file names: a code point in hex between dots for any other character, so that
    # two names never share an anchor
    if _ANCHOR_TEXT.fullmatch(name):
        return name  # the usual case, known at once rather than a character at a time
    return "".join(c if _ANCHOR_CHARS.match(c) else f".{ord(c):x}." for c in name)


_ANCHOR_CHARS = re.compile(r"[A-Za-z0-9_-]")
_ANCHOR_TEXT = re.compile(r"[A-Za-z0-9_-]*")
