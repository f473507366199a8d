"""The rules of ``acp-spec diff``: every finding names one, by a stable id.

This table is the single source of the rules: ``acp-spec diff --rules`` prints it, the
README points at it and the output's JSON Schema (``diff.schema.json``) lists its ids (a
test holds the two together). Ids are published: never change what one means; retire it
and add another.

``looks`` says which way a rule judges a change, in the terms of schema registries:
*backward* is new receivers reading what old senders write, *forward* is old receivers
reading what new senders write. Which side of the wire is the sender follows from the
methods that reach the def (params: the method's sender writes them; results: its
receiver does), and each finding's message names the side that breaks.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import Literal

Severity = Literal["breaking", "warning", "info"]
SEVERITIES: tuple[Severity, ...] = ("breaking", "warning", "info")
Looks = Literal["backward", "forward", "both", "none"]
Group = Literal["methods", "retry", "values", "defs", "messages", "docs", "review"]


@dataclass(frozen=True)
class Rule:
    id: str
    severity: Severity
    looks: Looks
    group: Group
    meaning: str


def _rule(id: str, severity: Severity, looks: Looks, group: Group, meaning: str) -> Rule:
    return Rule(id, severity, looks, group, meaning)


RULES: tuple[Rule, ...] = (
    # ── methods ──
    _rule("method-removed", "breaking", "backward", "methods",
          "A method is gone: old senders still call it and new receivers answer -32601."),
    _rule("method-added", "info", "forward", "methods",
          "A new method: old receivers answer -32601, so new senders check support first."),
    _rule("method-renamed", "breaking", "both", "methods",
          "A method's wire name changed (same kinds, params and result): old and new peers "
          "call each other by different names."),
    _rule("method-direction-changed", "breaking", "both", "methods",
          "Who sends the method changed (client-to-agent, agent-to-client, both)."),
    _rule("method-kind-changed", "breaking", "both", "methods",
          "A method became a notification or a request, or gained or lost one of the two."),
    _rule("method-params-changed", "info", "none", "methods",
          "A method's params or result are now another def of the same shape: nothing "
          "changes on the wire; SDK type names do."),
    _rule("method-stability-lowered", "warning", "none", "methods",
          "A method became less stable (stable → unstable → proposed)."),
    _rule("method-stability-raised", "info", "none", "methods",
          "A method became more stable (proposed → unstable → stable)."),
    _rule("method-capability-changed", "breaking", "both", "methods",
          "The capability that gates a method is another one: old callers check the old "
          "capability, which new receivers no longer advertise for it."),
    _rule("method-capability-added", "warning", "forward", "methods",
          "A method is now gated by a capability: old callers call it without checking."),
    _rule("method-capability-removed", "info", "none", "methods",
          "A method is no longer gated by a capability."),
    _rule("method-error-removed", "warning", "backward", "methods",
          "An error a method answered with is no longer listed: old callers that acted on "
          "it no longer get it."),
    _rule("method-error-added", "info", "forward", "methods",
          "A method lists a new error: old callers may not expect it."),
    _rule("error-code-changed", "breaking", "both", "methods",
          "An error's numeric code changed."),
    # ── retry ──
    _rule("retry-class-weakened", "breaking", "backward", "retry",
          "A retry class got weaker (idempotent → anything else; keyed → anything without "
          "the key; duplicating → not retried): old senders retry where it is no longer safe."),
    _rule("retry-class-strengthened", "warning", "backward", "retry",
          "A retry class got stronger (duplicating → idempotent or keyed): safe, but old "
          "senders do not retry where they now could."),
    _rule("retry-class-changed", "warning", "both", "retry",
          "A retry class changed to or from a derived class (out_of_scope, as_carried)."),
    _rule("retry-key-moved", "breaking", "backward", "retry",
          "A keyed method's IdempotencyKey is at another place in its params: old senders "
          "put it where new receivers do not look."),
    _rule("idempotency-key-changed", "breaking", "both", "retry",
          "The IdempotencyKey def's constraints changed: keys that one side makes, the "
          "other may refuse."),
    _rule("method-audited-changed", "warning", "none", "retry",
          "Whether the RFD audited a method's retry class changed."),
    # ── values (judged by the def's readers and writers) ──
    _rule("property-removed", "breaking", "forward", "values",
          "A property is gone: old receivers that read or require it no longer get it."),
    _rule("property-added", "info", "forward", "values",
          "A new optional property: old receivers ignore it."),
    _rule("property-required-added", "breaking", "backward", "values",
          "A new required property: old senders leave it out and new receivers refuse that."),
    _rule("property-renamed", "breaking", "both", "values",
          "A property's name changed (same shape): each side looks for the other's name."),
    _rule("property-now-required", "breaking", "backward", "values",
          "An optional property became required: old senders that leave it out are refused."),
    _rule("property-now-optional", "breaking", "forward", "values",
          "A required property became optional: old receivers that rely on it break when "
          "new senders leave it out (in a result, the old Client; in params, the old Agent)."),
    _rule("type-narrowed", "breaking", "backward", "values",
          "A value accepts fewer JSON types: old senders' values of the dropped type are refused."),
    _rule("type-widened", "breaking", "forward", "values",
          "A value accepts more JSON types: old receivers refuse the new ones."),
    _rule("type-changed", "breaking", "both", "values",
          "A value's JSON type is another one."),
    _rule("nullable-removed", "breaking", "backward", "values",
          "A value no longer accepts null: old senders that send null are refused."),
    _rule("nullable-added", "breaking", "forward", "values",
          "A value now accepts null: old receivers refuse the null new senders may send."),
    _rule("closed-variant-added", "breaking", "forward", "values",
          "A closed enum or union gained a variant: old receivers refuse it."),
    _rule("closed-variant-removed", "breaking", "backward", "values",
          "A closed enum or union lost a variant: old senders that send it are refused."),
    _rule("open-variant-added", "info", "forward", "values",
          "An open union gained a variant: old receivers take it as the unknown catch-all."),
    _rule("open-variant-removed", "warning", "backward", "values",
          "An open union lost a variant: what old senders send as it, new receivers take "
          "as the unknown catch-all."),
    _rule("union-closed", "breaking", "backward", "values",
          "An open union lost its catch-all: old senders' unknown or extension values are refused."),
    _rule("union-opened", "warning", "forward", "values",
          "A closed union gained a catch-all: new senders may send values old receivers refuse."),
    _rule("constraint-tightened", "breaking", "backward", "values",
          "A constraint got tighter (a smaller maxLength, a new minItems, a pattern, "
          "additionalProperties closed): old senders' values may be refused."),
    _rule("constraint-loosened", "breaking", "forward", "values",
          "A constraint got looser (a larger maxLength, a minimum gone, a pattern dropped): "
          "new senders may send values old receivers refuse, as for type-widened and "
          "nullable-added."),
    _rule("integer-format-widened", "warning", "forward", "values",
          "An integer format admits more values (uint32 → int64): every old value stays "
          "valid, and JSON Schema validators accept every integer anyway (format is an "
          "annotation in 2020-12); receivers typed to the narrower integer (a Rust u32) "
          "refuse the new ones."),
    _rule("constraint-changed", "breaking", "both", "values",
          "A constraint was replaced by another (a pattern, a format, a const, an allOf "
          "part, any other keyword): either side may refuse the other's values."),
    _rule("reference-retargeted", "info", "none", "values",
          "A place refers to another def of the same shape: nothing changes on the wire "
          "(a def of another shape is compared with the old one there, by the rules above)."),
    _rule("default-changed", "warning", "both", "values",
          "A default changed: old and new peers read an omitted value differently."),
    _rule("tolerance-changed", "info", "backward", "values",
          "A tolerant-deserialization hint (x-deserialize-*) changed: what a receiver "
          "drops or defaults instead of refusing."),
    # ── defs (source level: SDK type names) ──
    _rule("def-removed", "warning", "none", "defs",
          "A def is gone that no removed method explains: SDK types of that name go away "
          "(wire changes are reported where it was used)."),
    _rule("def-added", "info", "none", "defs",
          "A new def that no new method explains."),
    _rule("values-moved", "info", "none", "defs",
          "A union of values moved between a property and the variants of the object that "
          "holds it, tagged by that property (a def folded into another, or split out of "
          "it): one finding, and the values really added or removed as their own."),
    _rule("def-renamed", "warning", "none", "defs",
          "A def was renamed (same shape, references switched): SDK type names change; "
          "the wire does not."),
    # ── messages (the JSON-RPC envelope and the routing unions) ──
    _rule("envelope-removed", "breaking", "backward", "messages",
          "A message form the root schema admitted is gone (batches, say): old senders "
          "that use it are refused."),
    _rule("envelope-added", "info", "forward", "messages",
          "The root schema admits a new message form."),
    _rule("method-binding-added", "warning", "backward", "messages",
          "A routing union (ClientRequest, AgentNotification, ...) now binds each method "
          "name to its params: a receiver validating with it refuses a known method whose "
          "params are another method's; conforming senders are unaffected."),
    _rule("method-binding-removed", "info", "forward", "messages",
          "A routing union no longer binds method names to their params."),
    _rule("routing-guard-added", "warning", "backward", "messages",
          "A member of a routing union gained a `not` guard (a result that also carries "
          "`error`, say): new receivers refuse such a message, which old senders may write."),
    _rule("routing-guard-removed", "info", "forward", "messages",
          "A member of a routing union lost its `not` guard: new senders may write what old "
          "receivers refuse."),
    # ── docs ──
    _rule("docs-changed", "info", "none", "docs",
          "Only descriptions or titles changed in a def (one finding per def; shown "
          "with --docs)."),
    # ── review ──
    _rule("accept-stale", "warning", "none", "review",
          "An entry of the --accept file matches no finding: remove it."),
)  # fmt: skip

BY_ID: dict[str, Rule] = {rule.id: rule for rule in RULES}

SEVERITY_RANK: dict[str, int] = {"info": 0, "warning": 1, "breaking": 2}


def severity(rule_id: str) -> Severity:
    return BY_ID[rule_id].severity


def render_catalog() -> str:
    """The catalog as ``acp-spec diff --rules`` prints it: grouped, one rule a paragraph."""
    lines = [
        "Rules of acp-spec diff. `looks`: backward = new receivers reading what old senders",
        "write; forward = old receivers reading what new senders write.",
    ]
    group: str | None = None
    for rule in RULES:
        if rule.group != group:
            group = rule.group
            lines += ["", f"## {group}"]
        lines.append(f"{rule.id:28} {rule.severity:9} looks {rule.looks}")
        lines.append(textwrap.fill(rule.meaning, 96, initial_indent="    ",
                                   subsequent_indent="    "))  # fmt: skip
    return "\n".join(lines) + "\n"
