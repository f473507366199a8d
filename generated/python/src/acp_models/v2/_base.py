# generated from spec/acp-v2.yaml by acp-spec; do not edit
"""Base classes, and the checks of the JSON Schema that a type can't make."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import pydantic
from pydantic import ConfigDict, ValidationInfo

_Root = TypeVar("_Root")

# strict: JSON Schema converts nothing ("1" is not an integer, 1 is not true);
# defer_build: a class builds its validator when first used, not at import.
_CONFIG = ConfigDict(
    strict=True,
    defer_build=True,
    validate_by_alias=True,
    validate_by_name=False,
    serialize_by_alias=True,
)


class BaseModel(pydantic.BaseModel):
    """An ACP object. Parses wire (camelCase) names only; keeps unknown keys."""

    model_config = ConfigDict(extra="allow", **_CONFIG)


class RootModel(pydantic.RootModel[_Root], Generic[_Root]):
    """An ACP value that is not an object, or a union."""

    model_config = _CONFIG

    if not TYPE_CHECKING:
        # Each RootModel[X] would be one more pydantic class, made at import; every
        # subclass declares its `root` itself, so the unparametrized class serves.
        def __class_getitem__(cls, item: Any) -> Any:
            return cls


def reject_null(value: Any, info: ValidationInfo) -> Any:
    """A field that may be omitted, but not be null."""
    if value is None:
        raise ValueError(f"{info.field_name} may be omitted, but not null")
    return value


def reject_matching(
    *shapes: tuple[tuple[str, ...], dict[str, tuple[Any, ...]]],
) -> Callable[[Any], Any]:
    """A `not`: refuses an object that has all the keys of a shape and, of each key it
    lists with values, one of those values. An open union's catch-all so refuses a known
    tag (its body is broken, or its own variant would have taken it); an envelope, a key
    it must not have."""

    def check(data: Any) -> Any:
        if isinstance(data, dict):
            for keys, values in shapes:
                if all(k in data for k in keys) and all(
                    k not in data or _among(data[k], v) for k, v in values.items()
                ):
                    raise ValueError(_refusal(data, keys, values))
        return data

    return check


def _among(value: Any, values: tuple[Any, ...]) -> bool:
    # JSON's equality: true is not 1
    return any(value == v and isinstance(value, bool) == isinstance(v, bool) for v in values)


def _refusal(data: Any, keys: tuple[str, ...], values: dict[str, tuple[Any, ...]]) -> str:
    if values:
        key = next(iter(values))
        return f"{data.get(key)!r} is a known {key}; the value must match that variant"
    return f"must not have {', '.join(keys)}"


# Each class's `not`.
not_agent_notification_session_update = reject_matching((("id",), {}))
not_agent_notification_elicitation_complete = reject_matching((("id",), {}))
not_agent_notification_mcp_message = reject_matching((("id",), {}))
not_agent_notification_proxy_successor = reject_matching((("id",), {}))
not_agent_notification_auth_status_update = reject_matching((("id",), {}))
not_agent_notification_extension = reject_matching((("id",), {}))
not_agent_response_result = reject_matching((("error",), {}))
not_agent_response_error = reject_matching((("result",), {}))
not_auth_method_other = reject_matching((("type",), {"type": ("agent", "terminal")}))
not_available_command_input_other = reject_matching((("type",), {"type": ("text",)}))
not_client_notification_session_cancel = reject_matching((("id",), {}))
not_client_notification_mcp_message = reject_matching((("id",), {}))
not_client_notification_nes_accept = reject_matching((("id",), {}))
not_client_notification_nes_reject = reject_matching((("id",), {}))
not_client_notification_document_did_open = reject_matching((("id",), {}))
not_client_notification_document_did_change = reject_matching((("id",), {}))
not_client_notification_document_did_close = reject_matching((("id",), {}))
not_client_notification_document_did_save = reject_matching((("id",), {}))
not_client_notification_document_did_focus = reject_matching((("id",), {}))
not_client_notification_proxy_successor = reject_matching((("id",), {}))
not_client_notification_extension = reject_matching((("id",), {}))
not_client_response_result = reject_matching((("error",), {}))
not_client_response_error = reject_matching((("result",), {}))
not_content_block_other = reject_matching(
    (("type",), {"type": ("text", "image", "audio", "resource_link", "resource")})
)
not_create_elicitation_request_other_session = reject_matching(
    (("mode",), {"mode": ("form", "url")})
)
not_create_elicitation_request_other_request = reject_matching(
    (("mode",), {"mode": ("form", "url")})
)
not_create_elicitation_response_other = reject_matching(
    (("action",), {"action": ("accept", "decline", "cancel")})
)
not_diff_change_other = reject_matching(
    (("operation",), {"operation": ("add", "delete", "modify", "move", "copy")})
)
not_elicitation_property_schema_other = reject_matching(
    (("type",), {"type": ("string", "number", "integer", "boolean", "array")})
)
not_mcp_server_other = reject_matching((("type",), {"type": ("http", "stdio", "acp")}))
not_multi_select_items_other = reject_matching((("type",), {"type": ("string",)}))
not_nes_suggestion_other = reject_matching(
    (("kind",), {"kind": ("edit", "jump", "rename", "searchAndReplace")})
)
not_plan_update_content_other = reject_matching(
    (("type",), {"type": ("items", "file", "markdown")})
)
not_protocol_level_notification_cancel_request = reject_matching((("id",), {}))
not_replay_from_other = reject_matching((("type",), {"type": ("start",)}))
not_request_permission_outcome_other = reject_matching(
    (("outcome",), {"outcome": ("cancelled", "selected")})
)
not_request_permission_subject_other = reject_matching(
    (("type",), {"type": ("tool_call", "command")})
)
not_session_config_option_other = reject_matching((("type",), {"type": ("select", "boolean")}))
not_state_update_other = reject_matching(
    (("state",), {"state": ("running", "idle", "requires_action")})
)
not_session_update_other = reject_matching(
    (
        ("sessionUpdate",),
        {
            "sessionUpdate": (
                "user_message_chunk",
                "user_message",
                "agent_message_chunk",
                "agent_message",
                "agent_thought_chunk",
                "agent_thought",
                "state_update",
                "tool_call_content_chunk",
                "tool_call_update",
                "terminal_update",
                "terminal_output_chunk",
                "plan_update",
                "available_commands_update",
                "config_option_update",
                "session_info_update",
                "plan_removed",
                "usage_update",
                "notice",
                "compaction_update",
                "compaction_summary_chunk",
            )
        },
    )
)
not_set_session_config_option_request_other = reject_matching(
    (("type",), {"type": ("id", "boolean")})
)
not_tool_call_content_other = reject_matching(
    (("type",), {"type": ("content", "diff", "terminal")})
)
