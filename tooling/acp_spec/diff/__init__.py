"""``acp-spec diff``: a semantic, direction-aware comparison of two protocol versions.

``versions`` makes a ProtocolView of a spec or of upstream's JSON (the command reads the
inputs: ``acp_spec.diff_inputs``); ``compare`` turns two views into findings, each under a
rule of ``catalog``.
"""

from __future__ import annotations

from .catalog import RULES, Rule
from .compare import compare, skipped
from .finding import Finding
from .versions import schema_view, view_of_spec
from .view import CallFacts, MethodFacts, ProtocolView

__all__ = [
    "RULES",
    "CallFacts",
    "Finding",
    "MethodFacts",
    "ProtocolView",
    "Rule",
    "compare",
    "schema_view",
    "skipped",
    "view_of_spec",
]
