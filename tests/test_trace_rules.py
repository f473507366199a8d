"""The rules binding the keyed-prompt rules to their traces (rules/traces.py,
keyed_rules_name_traces) and the format additions the new traces need (a send that races on
several connections, a send the schema must reject), each asserted at the marked place."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.rule_cases import Case, reported_at_the_mark

RETAINED = """- text: >-
            **Retained messages.** For a prompt whose inserted message the Agent retains, the
            Agent **MUST** recognize the key for as long as it retains the message. This holds
            across connections and Agent restarts. It follows the existing rule that a retained
            message keeps its `messageId`: if the Agent would still replay the message, it still
            recognizes the key.
"""
TRACES = "          traces: [retry-after-resume, retry-after-agent-restart]\n"
CASES = [
    Case("rule-names-no-trace", "keyed-rules-traces", "          traces: [keys-stay-private]\n",
         "          traces: [⟦keys-stay-privat]\n",
         "no trace has the id 'keys-stay-privat' (did you mean 'keys-stay-private'?)"),
    Case("rule-with-traces-says-untested", "keyed-rules-traces", "          traces: [keys-stay-private]\n",
         "          traces: [keys-stay-private]\n          ⟦untested: no runner can\n",
         "the rule names the traces that exercise it; remove `untested`"),
    Case("must-without-traces", "keyed-rules-traces", RETAINED + TRACES, RETAINED.replace("- text", "- ⟦text"),
         "no trace exercises this MUST", warning=True),
    Case("valid-false-on-a-valid-message", "trace-messages", "valid: false, message: {id: 5, method: session/prompt, "
         "params: {sessionId: $sessionId, idempotencyKey: 42,", "⟦valid: false, message: {id: 5, "
         "method: session/prompt, params: {sessionId: $sessionId, idempotencyKey: a-real-key,",
         "the message fits the schema; make it the invalid message", within="  - id: invalid-key-rejected\n"),
    Case("diagram-names-no-trace", "keyed-rules-traces", "      diagram: retry-after-resume\n",
         "      diagram: ⟦retry-after-resum\n",
         "no trace has the id 'retry-after-resum' (did you mean 'retry-after-resume'?)"),
    Case("also-names-its-own-connection", "trace-connections", "also: [c2], message: {id: 3,",
         "also: [⟦c1], message: {id: 3,", "'c1' is this step's `on` already"),
    # `when`: a count about one branch of an earlier oneOf (cancel-held-key)
    Case("when-names-no-branch-capture", "trace-captures", "count: 0, when: cancelled,", "count: 0, when: ⟦cancelld,",
         "no earlier expect captures 'cancelld' in one of its outcomes (did you mean 'cancelled'?)"),
    Case("when-names-a-capture-every-branch-makes", "trace-captures", "count: 0, when: cancelled,",
         "count: 0, when: ⟦sessionId,", "$sessionId is captured in every outcome of the expect"),
    Case("when-without-count", "trace-captures", "count: 0, when: cancelled,", "when: ⟦cancelled,",
         "only an expect with count can depend on a branch taken"),
]  # fmt: skip


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_rule_reports_at_the_mark(case: Case, tmp_path: Path) -> None:
    reported_at_the_mark(case, tmp_path)
