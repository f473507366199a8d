"""When each method, type, field and variant appeared, and each breaking change's release.

Derived by ``acp-spec diff`` over the upstream releases the project keeps
(``spec/upstream/releases/releases.json`` lists them, oldest first, the release the spec
follows last) and the spec itself: each release is read as the diff reads upstream's JSON
(``schema_view``) and the spec as it reads a spec (``view_of_spec``). An element (a method,
a def, a def's property ``Def.field``, a tagged union's variant ``Def<tag>``) of the spec is
*since* the first version of its last unbroken run of versions, the spec last; each
consecutive pair is compared (``diff.compare``), and its breaking findings are kept under
the newer version (the spec's own step under ``spec``).

It is a generated file (``generated/history.json``, written by ``acp-spec generate`` and
proved current by ``check``; ``acp-spec history`` prints it for a reader): the releases' part, the same for every spec, is made once a
process; the whole takes about 0.2 s of CPU the first time (measured: reading the views
0.075 s, comparing four release pairs 0.11 s).
"""

from __future__ import annotations

import json
import weakref
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .constants import GENERATED_NOTE
from .content import Recent, digest
from .diff import ProtocolView, compare, schema_view, view_of_spec
from .index import Index
from .model import Release, Spec
from .side_files import RELEASE_SCHEMA

HISTORY_PATH = "generated/history.json"
SPEC_RELEASE = "spec"  # the spec's own step: what it changes in the release it follows
SPEC_TITLE = "this spec (the RFD v2 Idempotency Keys and the differences it lists)"
KINDS = ("methods", "types", "fields", "variants")


# ── the elements of a version ──


def elements(view: ProtocolView) -> dict[str, set[str]]:
    """Every method, def, property (``Def.field``) and variant (``Def<tag>``) of a view."""
    found: dict[str, set[str]] = {kind: set() for kind in KINDS}
    found["methods"].update(view.methods)
    for name, schema in view.defs.items():
        found["types"].add(name)
        properties = schema.get("properties")
        if isinstance(properties, Mapping):
            found["fields"].update(f"{name}.{field}" for field in properties)
        union = view.index.shapes.tagged_union(schema)
        for variant in union.variants if union is not None else ():
            found["variants"].add(variant_key(name, variant.tag))
    return found


def variant_key(union: str, tag: Any) -> str:
    text = tag if isinstance(tag, str) else json.dumps(tag, sort_keys=True)
    return f"{union}<{text}>"


@dataclass(frozen=True)
class _Releases:
    present: tuple[dict[str, set[str]], ...]
    breaking: tuple[dict[str, Any], ...]
    last: ProtocolView


_RELEASES: Recent[_Releases] = Recent(2)


def _releases(releases: tuple[Release, ...]) -> _Releases:
    views = [schema_view(r.schema, f"{r.id}/{RELEASE_SCHEMA}") for r in releases]
    breaking = tuple(
        _change(release.id, finding)
        for release, old, new in zip(releases[1:], views, views[1:], strict=False)
        for finding in compare(old, new)
        if finding.severity == "breaking"
    )
    return _Releases(tuple(elements(v) for v in views), breaking, views[-1])


def _change(release: str, finding: Any) -> dict[str, Any]:
    return {"release": release, "rule": finding.rule, "where": finding.where,
            "methods": list(finding.methods), "message": finding.message}  # fmt: skip


def compute(spec: Spec, index: Index) -> dict[str, Any] | None:
    """The history (generated/history.json's content); None without releases."""
    if not spec.releases:
        return None
    key = digest([(r.id, r.schema) for r in spec.releases])
    made = _RELEASES.get(key, lambda: _releases(spec.releases))
    ours = view_of_spec(spec, "the spec", index)
    present = [*made.present, elements(ours)]
    ids = [*(r.id for r in spec.releases), SPEC_RELEASE]
    since: dict[str, dict[str, str]] = {}
    for kind in KINDS:
        since[kind] = {}
        for name in sorted(present[-1][kind]):
            first = len(present) - 1
            while first > 0 and name in present[first - 1][kind]:
                first -= 1
            since[kind][name] = ids[first]
    own = [_change(SPEC_RELEASE, f) for f in compare(made.last, ours) if f.severity == "breaking"]
    return {
        "$comment": GENERATED_NOTE,
        "releases": [
            *({"id": r.id, "title": r.title, "date": r.date} for r in spec.releases),
            {"id": SPEC_RELEASE, "title": SPEC_TITLE, "date": ""},
        ],
        "since": since,
        "breaking": [*made.breaking, *own],
    }


# each index's history, made once: the emitter of generated/history.json and the pages ask it
_MADE: weakref.WeakKeyDictionary[Index, History | None] = weakref.WeakKeyDictionary()


def history_of(spec: Spec, index: Index) -> History | None:
    """The history as the pages read it, made once for ``index`` (the spec's)."""
    if index.spec is not spec:
        data = compute(spec, index)
        return None if data is None else History(data)
    if index not in _MADE:
        data = compute(spec, index)
        _MADE[index] = None if data is None else History(data)
    return _MADE[index]


def emit_history(spec: Spec, index: Index) -> dict[str, bytes]:
    history = history_of(spec, index)
    if history is None:
        return {}
    text = json.dumps(history.data, indent=1, ensure_ascii=False)
    return {HISTORY_PATH: (text + "\n").encode()}


@dataclass(frozen=True)
class History:
    """The history, read: each element's first version, each breaking change's."""

    data: Mapping[str, Any]

    @property
    def releases(self) -> tuple[Mapping[str, str], ...]:
        return tuple(self.data["releases"])

    def release(self, release_id: str) -> Mapping[str, str]:
        return next(r for r in self.data["releases"] if r["id"] == release_id)

    def since(self, kind: str, name: str) -> str | None:
        found: str | None = self.data["since"][kind].get(name)
        return found

    def breaking(self) -> tuple[Mapping[str, Any], ...]:
        return tuple(self.data["breaking"])
