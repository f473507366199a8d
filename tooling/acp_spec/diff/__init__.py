"""``acp-spec diff``: a semantic, direction-aware comparison of two protocol versions.

``load_view`` turns an input (a spec YAML, upstream's JSON, ``git:REF[:PATH]``) into a
ProtocolView; ``compare`` turns two views into findings, each under a rule of ``catalog``.
"""

from __future__ import annotations

from .catalog import RULES, Rule
from .compare import compare, skipped
from .finding import Finding
from .sources import InputError, load_view, schema_view, view_of_json, view_of_spec
from .view import CallFacts, MethodFacts, ProtocolView

__all__ = [
    "RULES",
    "CallFacts",
    "Finding",
    "InputError",
    "MethodFacts",
    "ProtocolView",
    "Rule",
    "compare",
    "load_view",
    "schema_view",
    "skipped",
    "view_of_json",
    "view_of_spec",
]
