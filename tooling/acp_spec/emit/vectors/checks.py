"""The vectors' checks of the names they derive from the spec, run in the check phase.

Method names become vector files, example titles, field names and union values become
vector ids. Each check asks the emitter's own naming function, so the check and the
artifact cannot disagree, and says what to rename.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping

from ...diagnostics import Diagnostic
from ...index import Index
from ...model import Spec
from ...rules.common import Check
from ...rules.types import type_nodes
from .. import file_names
from ..file_names import MAX_NAME_BYTES, clashes
from .cases import file_slug, id_part, words_slug
from .envelope import envelope_methods

# Upstream's property names are identifiers; others would make ambiguous ids and attributes.
PROPERTY_NAME = re.compile(r"^[A-Za-z_$][A-Za-z0-9_]*$")


def method_files(spec: Spec, index: Index, _: object) -> Iterator[Diagnostic]:
    """Each method has a vector file of its own."""
    yield from file_names.method_files(spec, "vector file", _vector_file, _usable)


def _vector_file(name: str) -> str:
    return file_slug(name) + ".json"


def _usable(name: str) -> bool:
    return len(file_slug(name).encode()) <= MAX_NAME_BYTES


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
            for value, earlier, derived in clashes(values, id_part):
                if value != earlier:
                    yield Diagnostic(spec.where.at((*path, key)),
                                     f"the values {json.dumps(earlier)} and {json.dumps(value)} "
                                     f"make the same vector id part ({derived}); rename one")  # fmt: skip


def envelope_carriers(spec: Spec, index: Index, _: object) -> Iterator[Diagnostic]:
    if spec.methods and envelope_methods(spec) is None:
        yield Diagnostic(spec.where.at(("methods",), key=True),
                         "the envelope vectors need a request and a notification-only method, "
                         "each with an example; add them")  # fmt: skip


CHECKS: tuple[Check, ...] = (
    Check("method-files", method_files),
    Check("example-ids", example_ids),
    Check("property-names", property_names),
    Check("const-values", const_values),
    Check("envelope-carriers", envelope_carriers),
)
