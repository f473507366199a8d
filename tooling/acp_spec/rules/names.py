"""Rules that keep the names the emitters derive from the spec usable.

Method names become files and pages, example titles and field names become vector ids,
type names become Python classes. Each rule asks the emitter's own naming function, so the
rule and the artifact cannot disagree, and says what to rename.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Mapping

from .. import links
from ..diagnostics import Diagnostic, did_you_mean
from ..emit.docs.paths import MAX_FILE_NAME, page_stem, usable_stem
from ..emit.vectors.cases import file_slug, id_part, words_slug
from ..emit.vectors.envelope import envelope_methods
from ..index import Index
from ..model import Spec
from .types import type_nodes

# A file name is at most 255 bytes on every common file system; leave room for the
# extension and the staging suffix the writer adds.
MAX_NAME_BYTES = 200
# Upstream's property names are identifiers; others would make ambiguous ids and attributes.
PROPERTY_NAME = re.compile(r"^[A-Za-z_$][A-Za-z0-9_]*$")


def _clashes(names: list[str], derive: Callable[[str], str]) -> Iterator[tuple[str, str, str]]:
    """(name, earlier name, derived) for each name whose derived form (compared without
    case, as macOS and Windows compare file names) an earlier name already has."""
    seen: dict[str, str] = {}
    for name in names:
        derived = derive(name)
        earlier = seen.setdefault(derived.lower(), name)
        if earlier != name:
            yield name, earlier, derived


def method_files(spec: Spec, index: Index, _: object) -> Iterator[Diagnostic]:
    """Each method has a vector file and a docs page of its own."""
    names = list(spec.methods)
    for name in names:
        if len(file_slug(name).encode()) > MAX_NAME_BYTES or not usable_stem(page_stem(name)):
            yield Diagnostic(spec.where.at(("methods", name), key=True),
                             f"method name {json.dumps(name[:40])}... makes no usable file name "
                             f"(at most {MAX_FILE_NAME} characters); shorten it")  # fmt: skip
    for what, derive in (("vector file", _vector_file), ("docs page", _page)):
        for name, earlier, derived in _clashes(names, derive):
            yield Diagnostic(spec.where.at(("methods", name), key=True),
                             f"{name} and {earlier} would share the {what} {derived} (file names "
                             "are compared without case); rename one of them")  # fmt: skip


def _vector_file(name: str) -> str:
    return file_slug(name) + ".json"


def _page(name: str) -> str:
    return page_stem(name) + ".md"


def example_ids(spec: Spec, index: Index, _: object) -> Iterator[Diagnostic]:
    for method in spec.methods.values():
        seen: dict[str, tuple[int, str]] = {}
        for number, example in enumerate(method.examples):
            at = ("methods", method.name, "examples", number, "title")
            slug = words_slug(example.title)
            if not slug:
                yield Diagnostic(spec.where.at(at), f"example title {json.dumps(example.title)} has no letter "
                                 "or digit, so it makes no vector id; give it words")  # fmt: skip
            elif (first := seen.setdefault(slug, (number, example.title)))[0] != number:
                # a second example of the very same title, too, would repeat its ids
                earlier = first[1]
                what = (
                    f"two examples are titled {json.dumps(earlier)}"
                    if earlier == example.title
                    else f"example titles {json.dumps(earlier)} and {json.dumps(example.title)}"
                )
                yield Diagnostic(spec.where.at(at), f"{what}, which make the same vector id ({slug}); "
                                 "reword one of them")  # fmt: skip


def property_names(spec: Spec, index: Index, _: object) -> Iterator[Diagnostic]:
    for path, node in index.facts.once(type_nodes):
        for name in node.get("properties") or {}:
            if not PROPERTY_NAME.match(name):
                yield Diagnostic(spec.where.at((*path, "properties", name), key=True),
                                 f"property name {json.dumps(name)} is not an identifier; ACP "
                                 "names fields in camelCase (letters, digits, _), so rename it")  # fmt: skip


def const_values(spec: Spec, index: Index, _: object) -> Iterator[Diagnostic]:
    """A union's const values become vector ids: two that read alike would share one."""
    for path, node in index.facts.once(type_nodes):
        for key in ("anyOf", "oneOf"):
            members = node.get(key)
            if not isinstance(members, list):
                continue
            values = [str(m["const"]) for m in members if isinstance(m, Mapping) and "const" in m]
            for value, earlier, derived in _clashes(values, id_part):
                if value != earlier:
                    yield Diagnostic(spec.where.at((*path, key)),
                                     f"the values {json.dumps(earlier)} and {json.dumps(value)} "
                                     f"make the same vector id part ({derived}); rename one")  # fmt: skip


def envelope_carriers(spec: Spec, index: Index, _: object) -> Iterator[Diagnostic]:
    if spec.methods and envelope_methods(spec) is None:
        yield Diagnostic(spec.where.at(("methods",), key=True),
                         "the envelope vectors need a request and a notification-only method, "
                         "each with an example; add them")  # fmt: skip


def links_resolve(spec: Spec, index: Index, _: object) -> Iterator[Diagnostic]:
    """A rustdoc-style link ([`Type`], [`Type::field`], [`Type::Variant`]) is shown on the
    site as a link to what it names; one that names nothing would be a dead link."""
    for path, name in links.unresolved(spec, index):
        head = name.split("::", 1)[0]
        hint = did_you_mean(head, spec.types) if head not in spec.types else ""
        yield Diagnostic(spec.where.within(path, (f"[`{name}`]", f"`{name}`")),
                         f"[`{name}`] names no type, field or variant of the spec{hint}; fix "
                         "the name, or write it as plain `code` without the brackets")  # fmt: skip
