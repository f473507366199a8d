"""The site model: what every page is rendered from, built once from the spec and its index."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...diff.upstream import AgainstUpstream, against_upstream
from ...history import History, history_of
from ...index import Index
from ...model import Spec
from ..table import MethodRow, table
from .examples import (
    RenderedExample,
    render_error_examples,
    render_examples,
    render_keyed_examples,
)
from .paths import method_pages, type_pages
from .trace_pages import TracePage, trace_pages
from .views import TypeViews, shown_def

DIRECTION_LABELS = {
    "client-to-agent": "Client → Agent",
    "agent-to-client": "Agent → Client",
    "both": "Both directions",
}
KIND_LABELS = {
    "request": "request",
    "notification": "notification",
    "both": "request and notification",
}
STABILITY_NOTES = {
    "stable": "In upstream's v2 `schema.json`.",
    "unstable": "Only in upstream's `schema.unstable.json`: it may change or be removed.",
    "proposed": "Only proposed in an RFD: not in upstream's schemas yet.",
}


@dataclass(frozen=True)
class Site:
    """What every page is rendered from."""

    spec: Spec
    index: Index
    # the spec's types as generated/schema.unstable.json holds them; the routing unions
    # the schema derives from the methods are no types of their own here
    defs: Mapping[str, Mapping[str, Any]]
    pages: Mapping[str, str]
    type_pages: Mapping[str, str]
    # the unions each type is a variant of
    variant_of: Mapping[str, tuple[str, ...]]
    rows: tuple[MethodRow, ...]
    used_by: Mapping[str, tuple[str, ...]]
    errors_used_by: Mapping[str, tuple[str, ...]]
    examples: Mapping[str, tuple[RenderedExample, ...]]
    error_examples: Mapping[str, RenderedExample]
    keyed_examples: tuple[RenderedExample, ...]
    # the release the spec follows against the spec, each finding under the listed entry
    # that explains it; None without an upstream snapshot
    upstream: AgainstUpstream | None
    # the types' fields and variants, and the spec's text, as the pages show them: made
    # once a run, on first ask
    views: TypeViews
    # the traces' pages, and those of the traces whose steps send or expect each method
    traces: tuple[TracePage, ...] = ()
    traces_of: Mapping[str, tuple[TracePage, ...]] = field(default_factory=dict)
    # when each element appeared and each breaking change's release; None without releases
    history: History | None = None


def build_site(spec: Spec, index: Index) -> Site:
    defs = {name: index.defs[name] for name in spec.types}
    variant_of: dict[str, list[str]] = {}
    for name, schema in defs.items():
        union = index.shapes.tagged_union(schema)
        for variant in union.variants if union is not None else ():
            shown = shown_def(variant.schema)
            if shown is not None and name not in variant_of.get(shown, []):
                variant_of.setdefault(shown, []).append(name)
    errors_used_by: dict[str, list[str]] = {name: [] for name in spec.errors}
    for method in spec.methods.values():
        for error in method.errors:
            errors_used_by.setdefault(error, []).append(method.name)
    traces = trace_pages(spec)
    traces_of: dict[str, list[TracePage]] = {}
    for exercising in traces:
        for name in exercising.methods:
            traces_of.setdefault(name, []).append(exercising)
    return Site(
        spec=spec, index=index, defs=defs, pages=method_pages(spec.methods),
        type_pages=type_pages(defs), variant_of={k: tuple(v) for k, v in variant_of.items()},
        rows=tuple(table(spec)), used_by={name: index.usage.used_by(name) for name in defs},
        errors_used_by={k: tuple(v) for k, v in errors_used_by.items()},
        examples=render_examples(spec, index), error_examples=render_error_examples(spec, index),
        keyed_examples=render_keyed_examples(spec, index), upstream=against_upstream(spec, index),
        views=TypeViews(index, defs), traces=traces,
        traces_of={k: tuple(v) for k, v in traces_of.items()}, history=history_of(spec, index),
    )  # fmt: skip
