# generated from spec/acp-v2.yaml by acp-spec; do not edit
"""The spec's names as types: ``MethodName`` (each method's wire name) and ``RetryClass``
(each retry class a method has), so that a misspelt name is a type error."""

from typing import Literal, TypeAlias

__all__ = ["MethodName", "RetryClass"]

# each method's wire name
MethodName: TypeAlias = Literal[
    "initialize",
    "auth/login",
    "auth/logout",
    "auth/status",
    "auth/status_update",
    "session/new",
    "session/resume",
    "session/close",
    "session/list",
    "session/delete",
    "session/fork",
    "session/archive",
    "session/unarchive",
    "session/status",
    "session/set_title",
    "session/set_config_option",
    "session/options",
    "session/prompt",
    "session/cancel",
    "session/update",
    "tool_call/cancel",
    "terminal/cancel",
    "providers/list",
    "providers/set",
    "providers/disable",
    "session/request_permission",
    "elicitation/create",
    "elicitation/complete",
    "mcp/message",
    "proxy/initialize",
    "proxy/successor",
    "$/cancel_request",
]
# each retry class a method has
RetryClass: TypeAlias = Literal[
    "as_carried", "duplicating", "idempotent", "keyed", "not_retried", "out_of_scope"
]
