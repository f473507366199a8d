"""Semantic rules that a JSON Schema of the format cannot state.

Each rule is a function of the spec, its index and the names written in the file, giving
problems; ``check`` runs them all, so one run reports everything that is wrong. A rule
that meets something another rule reports stays quiet, so each mistake is reported once.
"""

from __future__ import annotations

from dataclasses import replace

from ..diagnostics import Diagnostic
from ..index import Index
from ..model import DERIVED_TYPE_NAMES, Spec
from ..yamlsource import PathKey
from . import examples, methods, models, names, reach, references, traces, types, upstream
from .common import Rule, Written

__all__ = ["RULES", "RULE_IDS", "Rule", "Written", "check", "rule_id"]

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
    reach.types_are_reached,
)


# Each rule's stable id, as `check --format json|github` reports it and spec/README.md's
# rule table lists it: CI annotations and tests name a rule by it, never by its wording.
RULE_IDS: dict[Rule, str] = {
    methods.capabilities_resolve: "capabilities",
    types.patterns_compile: "patterns",
    methods.method_names: "method-names",
    references.references: "references",
    references.reserved_names: "reserved-names",
    references.reference_cycles: "reference-cycles",
    methods.retry_per_direction: "retry-per-direction",
    methods.notifications_not_retried: "notifications-not-retried",
    methods.keyed_iff_key: "keyed-iff-key",
    methods.keys_are_optional_fields: "key-is-optional",
    methods.keyed_prompts_name_a_keyed_method: "keyed-prompts-method",
    examples.examples_validate: "examples",
    types.required_are_defined: "required",
    types.tags_are_strings: "tags",
    types.open_guards_list_every_tag: "open-union-guards",
    types.standard_errors: "jsonrpc-errors",
    types.bounds_are_counts: "bounds",
    types.key_is_the_rfds: "key-type",
    examples.examples_say_what_they_mean: "example-meaning",
    names.method_files: "method-files",
    names.example_ids: "example-ids",
    names.property_names: "property-names",
    names.const_values: "const-values",
    names.envelope_carriers: "envelope-carriers",
    names.links_resolve: "links",
    models.models_can_hold_every_type: "python-models",
    upstream.types_follow_upstream: "upstream-types",
    upstream.stability_follows_upstream: "upstream-methods",
    upstream.departures_are_listed: "upstream-departures",
    traces.trace_ids_unique: "trace-ids",
    traces.trace_capabilities: "trace-capabilities",
    traces.trace_connections: "trace-connections",
    traces.trace_sides: "trace-sides",
    traces.trace_expects_say_what: "trace-expects",
    traces.trace_captures: "trace-captures",
    traces.trace_keys_fixed: "trace-keys",
    traces.trace_messages_validate: "trace-messages",
    traces.keyed_rules_name_traces: "keyed-rules-traces",
    reach.types_are_reached: "unreachable-types",
}

# Rules that follow references through every type: while a type is too broken to model
# (its format problem is reported), what they would say of it is about the gap, not about
# what is written (a keyed method "never reaches" the key its broken params hold, "a
# reference to X, which is not in $defs"), so they wait until every type is whole.
NEEDS_EVERY_TYPE: frozenset[Rule] = frozenset({
    methods.keyed_iff_key,
    methods.keys_are_optional_fields,
    types.key_is_the_rfds,
    models.models_can_hold_every_type,
    upstream.departures_are_listed,
    reach.types_are_reached,
    # a trace's message checked against params that name no type: anything fits them, so
    # every `valid: false` send would read as a message the schema takes
    traces.trace_messages_validate,
})  # fmt: skip


# Rules that ask of the methods as a whole (the method table against upstream's, the
# keyed-prompt rules' method, every trace's messages): while a method is too broken to
# model, they would report it missing; they wait until every method is whole.
NEEDS_EVERY_METHOD: frozenset[Rule] = frozenset({
    upstream.departures_are_listed,
    methods.keyed_prompts_name_a_keyed_method,
    names.envelope_carriers,
    traces.trace_sides,
    traces.trace_messages_validate,
    reach.types_are_reached,
})  # fmt: skip


# Rules that hold the spec to upstream but for what it lists: while the list has a format
# problem (reported), its entries are not all there, and every one missing would read as
# a difference nobody listed.
NEEDS_UPSTREAM_LISTS: frozenset[Rule] = frozenset({
    upstream.types_follow_upstream,
    upstream.departures_are_listed,
})  # fmt: skip
_UPSTREAM_LISTS: tuple[PathKey, ...] = (("upstream", "differences"), ("upstream", "departures"))


# Rules that say nothing while an earlier rule (in RULES) finds an error: a method whose
# name is no method name reads, against upstream's table, as one method gone and another
# come.
WAITS_FOR: dict[Rule, frozenset[Rule]] = {
    upstream.stability_follows_upstream: frozenset({methods.method_names}),
    upstream.departures_are_listed: frozenset({methods.method_names}),
}


def _dangling(spec: Spec, index: Index) -> bool:
    """Whether a method or a type names a type the spec has not (the references rule says
    where): the rules that follow references through every type would meet the gap."""
    named = {n for m in spec.methods.values() for c in m.calls for n in (c.params, c.result) if n}
    named |= {r for name in spec.types for r in index.refs.direct(name)}
    return not named <= set(spec.types) | DERIVED_TYPE_NAMES


def rule_id(rule: Rule) -> str:
    """The rule's id; one not in the table yet is named after its function."""
    return RULE_IDS.get(rule) or getattr(rule, "__name__", "rule").replace("_", "-")


def check(spec: Spec, index: Index, written: Written) -> list[Diagnostic]:
    """Every semantic problem, errors and warnings, each stamped with its rule's id."""
    waiting: set[Rule] = set()
    if not written.types <= set(spec.types) or _dangling(spec, index):
        waiting |= NEEDS_EVERY_TYPE
    if not written.methods <= set(spec.methods):
        waiting |= NEEDS_EVERY_METHOD
    if any(path in written.damaged for path in _UPSTREAM_LISTS):
        waiting |= NEEDS_UPSTREAM_LISTS
    found: list[Diagnostic] = []
    failed: set[Rule] = set()
    for rule in RULES:
        if rule in waiting or WAITS_FOR.get(rule, frozenset()) & failed:
            continue
        for problem in rule(spec, index, written):
            found.append(problem if problem.rule else replace(problem, rule=rule_id(rule)))
            if problem.severity == "error":
                failed.add(rule)
    return found
