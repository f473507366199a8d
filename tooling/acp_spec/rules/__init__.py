"""Semantic rules that a JSON Schema of the format cannot state.

Each rule is a function of the spec, its index and the names written in the file, giving
problems; ``check`` runs them all, so one run reports everything that is wrong. A rule
that meets something another rule reports stays quiet, so each mistake is reported once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..diagnostics import Diagnostic
from ..index import Index
from ..model import DERIVED_TYPE_NAMES, Spec
from ..yamlsource import PathKey
from . import examples, methods, reach, references, traces, types, upstream
from .common import Check, Rule, Written

__all__ = ["RULES", "RULE_IDS", "Check", "Rule", "Written", "check"]

# Each rule, in the order they run, with its stable id, as `check --format json|github`
# reports it and spec/README.md's rule table lists it: CI annotations and tests name a rule
# by it, never by its wording.
RULE_IDS: dict[Rule, str] = {
    methods.capabilities_resolve: "capabilities",
    types.patterns_compile: "patterns",
    methods.method_names: "method-names",
    references.references: "references",
    references.reserved_names: "reserved-names",
    references.reference_cycles: "reference-cycles",
    methods.retry_per_direction: "retry-per-direction",
    methods.one_retry_class: "one-retry-class",
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
    upstream.types_follow_upstream: "upstream-types",
    upstream.stability_follows_upstream: "upstream-methods",
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
RULES: tuple[Rule, ...] = tuple(RULE_IDS)

# The tables below name rules by id, so that they hold for the rules of the layers above
# too, which ``check`` is given (``checks``) and this package cannot import.

# Rules that follow references through every type: while a type is too broken to model
# (its format problem is reported), what they would say of it is about the gap, not about
# what is written (a keyed method "never reaches" the key its broken params hold, "a
# reference to X, which is not in $defs"), so they wait until every type is whole.
NEEDS_EVERY_TYPE: frozenset[str] = frozenset({
    "keyed-iff-key",
    "key-is-optional",
    "key-type",
    "python-models",
    "upstream-departures",
    "unreachable-types",
    # a trace's message checked against params that name no type: anything fits them, so
    # every `valid: false` send would read as a message the schema takes
    "trace-messages",
})  # fmt: skip


# Rules that ask of the methods as a whole (the method table against upstream's, the
# keyed-prompt rules' method, every trace's messages): while a method is too broken to
# model, they would report it missing; they wait until every method is whole.
NEEDS_EVERY_METHOD: frozenset[str] = frozenset({
    "upstream-departures",
    "keyed-prompts-method",
    "envelope-carriers",
    "trace-sides",
    "trace-messages",
    "unreachable-types",
})  # fmt: skip


# Rules that hold the spec to upstream but for what it lists: while the list has a format
# problem (reported), its entries are not all there, and every one missing would read as
# a difference nobody listed.
NEEDS_UPSTREAM_LISTS: frozenset[str] = frozenset({"upstream-types", "upstream-departures"})
_UPSTREAM_LISTS: tuple[PathKey, ...] = (("upstream", "differences"), ("upstream", "departures"))


# Rules that say nothing while an earlier rule (in RULES) finds an error: a method whose
# name is no method name reads, against upstream's table, as one method gone and another
# come.
WAITS_FOR: dict[str, frozenset[str]] = {
    "upstream-methods": frozenset({"method-names"}),
    "upstream-departures": frozenset({"method-names"}),
}


def _dangling(spec: Spec, index: Index) -> bool:
    """Whether a method or a type names a type the spec has not (the references rule says
    where): the rules that follow references through every type would meet the gap."""
    named = {n for m in spec.methods.values() for c in m.calls for n in (c.params, c.result) if n}
    named |= {r for name in spec.types for r in index.refs.direct(name)}
    return not named <= set(spec.types) | DERIVED_TYPE_NAMES


def check(
    spec: Spec, index: Index, written: Written, checks: Sequence[Check] = ()
) -> list[Diagnostic]:
    """Every semantic problem, errors and warnings, each stamped with its rule's id: of the
    rules, then of ``checks`` (the rules of the layers above: diff's comparison with
    upstream, the artifacts' checks of the names they make)."""
    waiting: set[str] = set()
    if not written.types <= set(spec.types) or _dangling(spec, index):
        waiting |= NEEDS_EVERY_TYPE
    if not written.methods <= set(spec.methods):
        waiting |= NEEDS_EVERY_METHOD
    if any(path in written.damaged for path in _UPSTREAM_LISTS):
        waiting |= NEEDS_UPSTREAM_LISTS
    found: list[Diagnostic] = []
    failed: set[str] = set()
    for rule, rid in (*RULE_IDS.items(), *((c.rule, c.id) for c in checks)):
        if rid in waiting or WAITS_FOR.get(rid, frozenset()) & failed:
            continue
        for problem in rule(spec, index, written):
            found.append(problem if problem.rule else replace(problem, rule=rid))
            if problem.severity == "error":
                failed.add(rid)
    return found
