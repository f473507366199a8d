# generated from spec/acp-v2.yaml by acp-spec; do not edit
"""What the models module (``_models``, generated) imports from the runtime, under the one
name its imports use: the base classes, the union routing, the lenient fields' validator,
the checks of the schema a type can't make, and each class's `not` check, made here from
the spec. The runtime's jobs are each a module of their own; this one only binds them."""

from __future__ import annotations

from ._model_base import BaseModel as BaseModel, RootModel as RootModel
from ._repairs import tolerate as tolerate
from ._schema_checks import (
    omit_null as omit_null,
    reject_each as reject_each,
    reject_matching as reject_matching,
    reject_null as reject_null,
    reject_valid as reject_valid,
)
from ._unions import (
    NATIVE_BRANCH as NATIVE_BRANCH,
    ROUTED_BRANCH as ROUTED_BRANCH,
    tag_of as tag_of,
)

# Each class's `not`.
not_agent_notification_auth_status_update = reject_matching((("id",), {}))
not_agent_notification_session_update = reject_matching((("id",), {}))
not_agent_notification_elicitation_complete = reject_matching((("id",), {}))
not_agent_notification_mcp_message = reject_matching((("id",), {}))
not_agent_notification_extension = reject_matching((("id",), {}))
not_agent_response_result = reject_matching((("error",), {}))
not_agent_response_error = reject_matching((("result",), {}))
not_auth_method_other = reject_matching((("type",), {"type": ("agent", "terminal")}))
not_available_command_other = reject_matching((("type",), {"type": ("command",)}))
not_available_command_input_other = reject_matching((("type",), {"type": ("text",)}))
not_background_work_other = reject_matching(
    (("type",), {"type": ("terminal", "tool_call", "subagent")})
)
not_client_notification_session_cancel = reject_matching((("id",), {}))
not_client_notification_mcp_message = reject_matching((("id",), {}))
not_client_notification_extension = reject_matching((("id",), {}))
not_client_response_result = reject_matching((("error",), {}))
not_client_response_error = reject_matching((("result",), {}))
not_content_block_other = reject_matching(
    (("type",), {"type": ("text", "image", "audio", "resource_link", "resource")})
)
not_elicitation_form_mode_session = reject_valid("ElicitationRequestScope")
not_elicitation_form_mode_request = reject_valid("ElicitationSessionScope")
not_elicitation_url_mode_session = reject_valid("ElicitationRequestScope")
not_elicitation_url_mode_request = reject_valid("ElicitationSessionScope")
not_create_elicitation_request_other_session = reject_each(
    reject_matching((("mode",), {"mode": ("form", "url")})), reject_valid("ElicitationRequestScope")
)
not_create_elicitation_request_other_request = reject_each(
    reject_matching((("mode",), {"mode": ("form", "url")})), reject_valid("ElicitationSessionScope")
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
not_idle_state_update_other = reject_matching(
    (
        ("stopReason",),
        {
            "stopReason": (
                "end_turn",
                "max_tokens",
                "max_turn_requests",
                "refusal",
                "cancelled",
                "error",
            )
        },
    )
)
not_mcp_server_other = reject_matching((("type",), {"type": ("http", "stdio", "acp")}))
not_multi_select_items_other = reject_matching((("type",), {"type": ("string",)}))
not_plan_update_content_other = reject_matching(
    (("type",), {"type": ("items", "file", "markdown")})
)
not_protocol_level_notification_cancel_request = reject_matching((("id",), {}))
not_proxy_notification_proxy_successor = reject_matching((("id",), {}))
not_proxy_response_result = reject_matching((("error",), {}))
not_proxy_response_error = reject_matching((("result",), {}))
not_replay_from_other = reject_matching((("type",), {"type": ("start",)}))
not_request_permission_outcome_other = reject_matching(
    (("outcome",), {"outcome": ("cancelled", "selected")})
)
not_request_permission_subject_other = reject_matching(
    (("type",), {"type": ("tool_call", "command")})
)
not_session_config_option_other = reject_matching((("type",), {"type": ("select", "boolean")}))
not_state_update_other = reject_matching(
    (("state",), {"state": ("running", "idle", "requires_action", "unknown")})
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
                "subagent_update",
                "session_message",
                "session_message_chunk",
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
