"""The docs' checks of the names they derive from the spec, run in the check phase: each
method has a page of its own, and each rustdoc-style link becomes a link to a page."""

from __future__ import annotations

from collections.abc import Iterator

from ... import links
from ...diagnostics import Diagnostic, did_you_mean
from ...index import Index
from ...model import Spec
from ...rules.common import Check
from .. import file_names
from .paths import page_stem, usable_stem


def method_files(spec: Spec, index: Index, _: object) -> Iterator[Diagnostic]:
    """Each method has a docs page of its own."""
    yield from file_names.method_files(spec, "docs page", _page, _usable)


def _page(name: str) -> str:
    return page_stem(name) + ".md"


def _usable(name: str) -> bool:
    return usable_stem(page_stem(name))


def links_resolve(spec: Spec, index: Index, _: object) -> Iterator[Diagnostic]:
    """A rustdoc-style link ([`Type`], [`Type::field`], [`Type::Variant`]) is shown on the
    site as a link to what it names; one that names nothing would be a dead link."""
    for path, name in links.unresolved(spec, index):
        head = name.split("::", 1)[0]
        hint = did_you_mean(head, spec.types) if head not in spec.types else ""
        yield Diagnostic(spec.where.within(path, (f"[`{name}`]", f"`{name}`")),
                         f"[`{name}`] names no type, field or variant of the spec{hint}; fix "
                         "the name, or write it as plain `code` without the brackets")  # fmt: skip


CHECKS: tuple[Check, ...] = (
    Check("method-files", method_files),
    Check("links", links_resolve),
)
