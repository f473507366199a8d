"""Semantic rules that a JSON Schema of the format cannot state.

Each rule is a function of the spec, its index and the names written in the file, giving
problems; ``check`` runs them all, so one run reports everything that is wrong. A rule
that meets something another rule reports stays quiet, so each mistake is reported once.
"""

from __future__ import annotations

from ..diagnostics import Diagnostic
from ..index import Index
from ..model import Spec
from . import examples, methods, models, names, references, traces, types, upstream
from .common import Rule, Written

__all__ = ["RULES", "Rule", "Written", "check"]

RULES: tuple[Rule, ...] = (
    methods.capabilities_resolve,
    types.patterns_compile,
    methods.method_names,
    references.references,
    references.reserved_names,
    references.reference_cycles,
    methods.retry_per_direction,
    methods.notifications_not_retried,
    methods.keyed_iff_key,
    methods.keys_are_optional_fields,
    methods.keyed_prompts_name_a_keyed_method,
    examples.examples_validate,
    types.required_are_defined,
    types.tags_are_strings,
    types.open_guards_list_every_tag,
    types.standard_errors,
    types.bounds_are_counts,
    types.key_is_the_rfds,
    examples.examples_say_what_they_mean,
    names.method_files,
    names.example_ids,
    names.property_names,
    names.const_values,
    names.envelope_carriers,
    names.links_resolve,
    models.models_can_hold_every_type,
    upstream.types_follow_upstream,
    upstream.stability_follows_upstream,
    upstream.departures_are_listed,
    traces.trace_ids_unique,
    traces.trace_capabilities,
    traces.trace_connections,
    traces.trace_sides,
    traces.trace_expects_say_what,
    traces.trace_captures,
    traces.trace_keys_fixed,
    traces.trace_messages_validate,
    traces.keyed_rules_name_traces,
)


def check(spec: Spec, index: Index, written: Written) -> list[Diagnostic]:
    """Every semantic problem, errors and warnings."""
    return [problem for rule in RULES for problem in rule(spec, index, written)]
