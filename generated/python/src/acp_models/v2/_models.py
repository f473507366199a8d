# generated from spec/acp-v2.yaml by acp-spec; do not edit

from typing import Annotated, Any, Literal, Union

from pydantic import Discriminator, Field, Tag, ValidationInfo, field_validator, model_validator

from ._base import (
    BaseModel,
    RootModel,
    not_agent_notification_auth_status_update,
    not_agent_notification_elicitation_complete,
    not_agent_notification_extension,
    not_agent_notification_mcp_message,
    not_agent_notification_proxy_successor,
    not_agent_notification_session_update,
    not_agent_response_error,
    not_agent_response_result,
    not_auth_method_other,
    not_available_command_input_other,
    not_client_notification_document_did_change,
    not_client_notification_document_did_close,
    not_client_notification_document_did_focus,
    not_client_notification_document_did_open,
    not_client_notification_document_did_save,
    not_client_notification_extension,
    not_client_notification_mcp_message,
    not_client_notification_nes_accept,
    not_client_notification_nes_reject,
    not_client_notification_proxy_successor,
    not_client_notification_session_cancel,
    not_client_response_error,
    not_client_response_result,
    not_content_block_other,
    not_create_elicitation_request_other_request,
    not_create_elicitation_request_other_session,
    not_create_elicitation_response_other,
    not_diff_change_other,
    not_elicitation_property_schema_other,
    not_mcp_server_other,
    not_multi_select_items_other,
    not_nes_suggestion_other,
    not_plan_update_content_other,
    not_protocol_level_notification_cancel_request,
    not_replay_from_other,
    not_request_permission_outcome_other,
    not_request_permission_subject_other,
    not_session_config_option_other,
    not_session_update_other,
    not_set_session_config_option_request_other,
    not_state_update_other,
    not_tool_call_content_other,
    reject_null,
    tag_of,
)


class AbsolutePath(RootModel[str]):
    root: str = Field(..., description="An absolute filesystem path used by the protocol.")


class AgentAuthCapabilities(BaseModel):
    """
    Authentication-related extension capabilities supported by the agent.

    This object does not advertise support for `auth/login` or `auth/logout`.
    Those methods are advertised by a non-empty `authMethods` list in the
    `initialize` response.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class ArchiveSessionResponse(BaseModel):
    """
    Response from archiving a session.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class AuthMethodId(RootModel[str]):
    root: str = Field(..., description="Typed identifier used for auth method values on the wire.")


class AuthStatusRequest(BaseModel):
    """
    Request parameters for the `auth/status` method.

    Queries the agent's current authentication state without changing it. Only available
    if the Agent supports the `auth.status` capability.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class AuthStatusResponse(BaseModel):
    """
    Response to the `auth/status` method.
    """

    authenticated: bool = Field(
        ...,
        description="Whether the agent has credentials configured.\n\n`true` means credentials are present; their validity is not guaranteed. `false`\nmeans no credentials are configured.",
    )
    message: str | None = Field(
        default=None, description="Human-readable description of the overall auth state."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class TextCommandInput(BaseModel):
    """
    All text that was typed after the command name is provided as input.
    """

    hint: str = Field(..., description="A hint to display when the input hasn't been provided yet")
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class AvailableCommandInputText(TextCommandInput):
    """
    All text that was typed after the command name is provided as input.
    """

    type: Literal["text"]


class AvailableCommandInputOther(BaseModel):
    """
    Custom or future command input specification.

    Values beginning with `_` are reserved for implementation-specific
    extensions. Unknown values that do not begin with `_` are reserved for
    future ACP variants.

    Clients that do not understand this input type should preserve the raw
    payload when storing, replaying, proxying, or forwarding command
    metadata, and otherwise ignore the input specification or display the
    command without structured input.
    """

    type: str = Field(
        ...,
        description="Custom or future command input type.\n\nValues beginning with `_` are reserved for implementation-specific\nextensions. Unknown values that do not begin with `_` are reserved for\nfuture ACP variants.",
    )

    @model_validator(mode="before")
    @classmethod
    def check_not_available_command_input_other(cls, data: Any) -> Any:
        return not_available_command_input_other(data)


class AvailableCommandInput(RootModel[AvailableCommandInputText | AvailableCommandInputOther]):
    root: AvailableCommandInputText | AvailableCommandInputOther = Field(
        ..., description="The input specification for a command."
    )


class BooleanPropertySchema(BaseModel):
    """
    Schema for boolean properties in an elicitation form.
    """

    title: str | None = Field(
        default=None,
        description="Optional title for the property.\n\nOptional. Omitted and `null` are equivalent and mean no title is provided.",
    )
    description: str | None = Field(
        default=None,
        description="Human-readable description.\n\nOptional. Omitted and `null` are equivalent and mean no description is provided.",
    )
    default: bool | None = Field(
        default=None,
        description="Default value.\n\nOptional. Omitted and `null` are equivalent and mean no default value is provided.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nOptional. Omitted and `null` are equivalent and mean no metadata.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class CancelTerminalResponse(BaseModel):
    """
    Response to `terminal/cancel`.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class CancelToolCallResponse(BaseModel):
    """
    Response to `tool_call/cancel`.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class CloseNesResponse(BaseModel):
    """
    Response from closing an NES session.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class CloseSessionResponse(BaseModel):
    """
    Response from closing a session.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class CompactionId(RootModel[str]):
    root: str = Field(
        ...,
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nUnique identifier for a context compaction within a session.",
    )


class CompactionStatus(RootModel[Literal["in_progress", "completed", "failed", "cancelled"] | str]):
    root: Literal["in_progress", "completed", "failed", "cancelled"] | str = Field(
        ...,
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nLifecycle state of a context compaction.",
    )


class ContentBlockOther(BaseModel):
    """
    Custom or future content block.

    Values beginning with `_` are reserved for implementation-specific
    extensions. Unknown values that do not begin with `_` are reserved for
    future ACP variants.

    Receivers that do not understand this content block type should preserve
    the raw payload when storing, replaying, proxying, or forwarding content,
    and otherwise ignore it or display it generically.
    """

    type: str = Field(
        ...,
        description="Custom or future content block type.\n\nValues beginning with `_` are reserved for implementation-specific\nextensions. Unknown values that do not begin with `_` are reserved for\nfuture ACP variants.",
    )

    @model_validator(mode="before")
    @classmethod
    def check_not_content_block_other(cls, data: Any) -> Any:
        return not_content_block_other(data)


class Cost(BaseModel):
    """
    Cost information for a session.
    """

    amount: int | float = Field(..., description="Total cumulative cost for session.")
    currency: str = Field(
        ..., description='ISO 4217 currency code (e.g., "USD", "EUR").', pattern="^[A-Z]{3}$"
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class CreateElicitationResponseDecline(BaseModel):
    """
    The user declined the elicitation.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nOptional. Omitted and `null` are equivalent and mean no metadata.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    action: Literal["decline"]


class CreateElicitationResponseCancel(BaseModel):
    """
    The elicitation was cancelled.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nOptional. Omitted and `null` are equivalent and mean no metadata.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    action: Literal["cancel"]


class CreateElicitationResponseOther(BaseModel):
    """
    Custom or future elicitation action.

    Values beginning with `_` are reserved for implementation-specific
    extensions. Unknown values that do not begin with `_` are reserved for
    future ACP variants.

    Agents that do not understand this action should preserve the raw
    payload when storing, replaying, proxying, or forwarding elicitation
    responses. They MUST NOT treat it as a known elicitation action.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nOptional. Omitted and `null` are equivalent and mean no metadata.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    action: str = Field(
        ...,
        description="Custom or future elicitation action.\n\nValues beginning with `_` are reserved for implementation-specific\nextensions. Unknown values that do not begin with `_` are reserved for\nfuture ACP variants.",
    )

    @model_validator(mode="before")
    @classmethod
    def check_not_create_elicitation_response_other(cls, data: Any) -> Any:
        return not_create_elicitation_response_other(data)


class DeleteSessionResponse(BaseModel):
    """
    Response from deleting a session.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class DiffPathChange(BaseModel):
    """
    Operation metadata for add, delete, and modify changes.
    """

    path: AbsolutePath = Field(..., description="Absolute path for the operation.")


class DiffPathPairChange(BaseModel):
    """
    Operation metadata for move and copy changes.
    """

    old_path: AbsolutePath = Field(
        ..., alias="oldPath", description="Absolute path before the operation."
    )
    path: AbsolutePath = Field(..., description="Absolute path after the operation.")


class DiffFileType(RootModel[Literal["text", "binary", "directory", "symlink"] | str]):
    root: Literal["text", "binary", "directory", "symlink"] | str = Field(
        ..., description="Kind of file content represented by a diff change."
    )


class DiffPatchFormat(RootModel[Literal["git_patch"] | str]):
    root: Literal["git_patch"] | str = Field(
        ..., description="Text patch format used by [`DiffPatch`]."
    )


class DisableProviderResponse(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Response to `providers/disable`.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class DisconnectMcpResponse(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Response to `mcp/disconnect`.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class ElicitationContentValue(RootModel[str | int | float | bool | list[str]]):
    root: str | int | float | bool | list[str] = Field(
        ..., description="Allowed wire representations for [`ElicitationContentValue`]."
    )


class ElicitationFormCapabilities(BaseModel):
    """
    Form-based elicitation capabilities.

    Supplying `{}` means the client supports form-based elicitation.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nOptional. Omitted and `null` are equivalent and mean no metadata.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class ElicitationId(RootModel[str]):
    root: str = Field(..., description="Unique identifier for an elicitation.")


class NumberPropertySchema(BaseModel):
    """
    Schema for number (floating-point) properties in an elicitation form.
    """

    title: str | None = Field(
        default=None,
        description="Optional title for the property.\n\nOptional. Omitted and `null` are equivalent and mean no title is provided.",
    )
    description: str | None = Field(
        default=None,
        description="Human-readable description.\n\nOptional. Omitted and `null` are equivalent and mean no description is provided.",
    )
    minimum: int | float | None = Field(
        default=None,
        description="Minimum value (inclusive).\n\nOptional. Omitted and `null` are equivalent and mean there is no inclusive lower bound.",
    )
    maximum: int | float | None = Field(
        default=None,
        description="Maximum value (inclusive).\n\nOptional. Omitted and `null` are equivalent and mean there is no inclusive upper bound.",
    )
    default: int | float | None = Field(
        default=None,
        description="Default value.\n\nOptional. Omitted and `null` are equivalent and mean no default value is provided.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nOptional. Omitted and `null` are equivalent and mean no metadata.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class IntegerPropertySchema(BaseModel):
    """
    Schema for integer properties in an elicitation form.
    """

    title: str | None = Field(
        default=None,
        description="Optional title for the property.\n\nOptional. Omitted and `null` are equivalent and mean no title is provided.",
    )
    description: str | None = Field(
        default=None,
        description="Human-readable description.\n\nOptional. Omitted and `null` are equivalent and mean no description is provided.",
    )
    minimum: int | None = Field(
        default=None,
        description="Minimum value (inclusive).\n\nOptional. Omitted and `null` are equivalent and mean there is no inclusive lower bound.",
    )
    maximum: int | None = Field(
        default=None,
        description="Maximum value (inclusive).\n\nOptional. Omitted and `null` are equivalent and mean there is no inclusive upper bound.",
    )
    default: int | None = Field(
        default=None,
        description="Default value.\n\nOptional. Omitted and `null` are equivalent and mean no default value is provided.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nOptional. Omitted and `null` are equivalent and mean no metadata.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class ElicitationPropertySchemaNumber(NumberPropertySchema):
    """
    Number (floating-point) property.
    """

    type: Literal["number"]


class ElicitationPropertySchemaInteger(IntegerPropertySchema):
    """
    Integer property.
    """

    type: Literal["integer"]


class ElicitationPropertySchemaBoolean(BooleanPropertySchema):
    """
    Boolean property.
    """

    type: Literal["boolean"]


class ElicitationPropertySchemaOther(BaseModel):
    """
    Custom or future elicitation property schema.

    Values beginning with `_` are reserved for implementation-specific
    extensions. Unknown values that do not begin with `_` are reserved for
    future ACP variants.

    Clients that do not understand this property schema type should preserve
    the raw schema when storing, replaying, proxying, or forwarding
    elicitation requests. They MUST NOT render it as a known input control.
    """

    type: str = Field(
        ...,
        description="Custom or future elicitation property schema type.\n\nValues beginning with `_` are reserved for implementation-specific\nextensions. Unknown values that do not begin with `_` are reserved for\nfuture ACP variants.",
    )

    @model_validator(mode="before")
    @classmethod
    def check_not_elicitation_property_schema_other(cls, data: Any) -> Any:
        return not_elicitation_property_schema_other(data)


class ElicitationSchemaType(RootModel[Literal["object"]]):
    root: Literal["object"] = Field(..., description="Type discriminator for elicitation schemas.")


class ElicitationUrlCapabilities(BaseModel):
    """
    URL-based elicitation capabilities.

    Supplying `{}` means the client supports URL-based elicitation.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nOptional. Omitted and `null` are equivalent and mean no metadata.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class EnumOption(BaseModel):
    """
    A titled enum option with a const value, human-readable title, and optional description.
    """

    const: str = Field(..., description="The constant value for this option.")
    title: str = Field(..., description="Human-readable title for this option.")
    description: str | None = Field(
        default=None,
        description="Human-readable description.\n\nOptional. Omitted and `null` are equivalent and mean no description is provided.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nOptional. Omitted and `null` are equivalent and mean no metadata.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class EnvVariable(BaseModel):
    """
    An environment variable to set when launching a process.
    """

    name: str = Field(..., description="The name of the environment variable.")
    value: str = Field(..., description="The value to set for the environment variable.")
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class ErrorCode(
    RootModel[Literal[-32700, -32600, -32601, -32602, -32603, -32800, -32000, -32002] | int]
):
    root: Literal[-32700, -32600, -32601, -32602, -32603, -32800, -32000, -32002] | int = Field(
        ...,
        description="Predefined error codes for common JSON-RPC and ACP-specific errors.\n\nThese codes follow the JSON-RPC 2.0 specification for standard errors\nand use the reserved range (-32000 to -32099) for protocol-specific errors.",
    )


class ExtNotification(RootModel[Any]):
    root: Any = Field(
        ...,
        description="Allows the Agent to send an arbitrary notification that is not part of the ACP spec.\nExtension notifications provide a way to send one-way messages for custom functionality\nwhile maintaining protocol compatibility.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class ExtRequest(RootModel[Any]):
    root: Any = Field(
        ...,
        description="Allows for sending an arbitrary request that is not part of the ACP spec.\nExtension methods provide a way to add custom functionality while maintaining\nprotocol compatibility.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class ExtResponse(RootModel[Any]):
    root: Any = Field(
        ...,
        description="Allows for sending an arbitrary response to an [`ExtRequest`] that is not part of the ACP spec.\nExtension methods provide a way to add custom functionality while maintaining\nprotocol compatibility.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class HttpHeader(BaseModel):
    """
    An HTTP header to set when making requests to the MCP server.
    """

    name: str = Field(..., description="The name of the HTTP header.")
    value: str = Field(..., description="The value to set for the HTTP header.")
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class IconTheme(RootModel[Literal["light", "dark"] | str]):
    root: Literal["light", "dark"] | str = Field(..., description="Theme an icon is designed for.")


class IdempotencyKey(RootModel[str]):
    root: str = Field(
        ...,
        description="A key that identifies one `session/prompt` submission across retries.\n\nAn opaque, case-sensitive string of 1 to 255 characters, counted as Unicode code points\n(so 255 emoji are valid, although they take 510 UTF-16 code units). The Client generates\nit, as a UUID ([RFC 9562](https://www.rfc-editor.org/rfc/rfc9562)) or another random\nvalue with at least as much entropy, and never derives it from user content or puts\nsensitive data in it. One key identifies one submission: the Client sends the same key\non every attempt and a new key for a new submission, and never sends the same key with a\ndifferent prompt.\n\nA key is scoped to the session named by `sessionId`: the same string in another session,\nincluding a fork, names an unrelated submission. It lasts as long as the message it\nbelongs to; there is no time window. The Agent doesn't echo keys in session updates,\n`session/list` results or replayed history.\n\nSee the RFD: [v2 Idempotency Keys](https://agentclientprotocol.com/rfds/v2/idempotency-keys)",
        max_length=255,
        min_length=1,
    )


class Implementation(BaseModel):
    """
    Metadata about the implementation of the client or agent.
    Describes the name and version of an ACP implementation, with an optional
    title for UI representation.
    """

    name: str = Field(
        ...,
        description="Intended for programmatic or logical use, but can be used as a display\nname fallback if title isn’t present.",
    )
    title: str | None = Field(
        default=None,
        description="Intended for UI and end-user contexts — optimized to be human-readable\nand easily understood.\n\nIf not provided, the name should be used for display.",
    )
    version: str = Field(
        ...,
        description='Version of the implementation. Can be displayed to the user or used\nfor debugging or metrics purposes. (e.g. "1.0.0").',
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class ListProvidersRequest(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Request parameters for `providers/list`.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class LlmProtocol(RootModel[Literal["anthropic", "openai", "azure", "vertex", "bedrock"] | str]):
    root: Literal["anthropic", "openai", "azure", "vertex", "bedrock"] | str = Field(
        ...,
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nWell-known API protocol identifiers for LLM providers.\n\nAgents and clients MUST handle unknown protocol identifiers gracefully.\n\nProtocol names beginning with `_` are free for custom use, like other ACP extension methods.\nProtocol names that do not begin with `_` are reserved for the ACP spec.",
    )


class LoginAuthRequest(BaseModel):
    """
    Request parameters for the `auth/login` method.

    Specifies which authentication method to use.

    Agents MUST support this method when their `initialize` response advertised
    at least one valid authentication method. Clients MUST NOT call this method
    when `authMethods` was omitted or empty.
    """

    method_id: AuthMethodId = Field(
        ...,
        alias="methodId",
        description="The ID of the authentication method to use.\nMust be one of the methods advertised in the initialize response.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class LoginAuthResponse(BaseModel):
    """
    Response to the `auth/login` method.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class LogoutAuthRequest(BaseModel):
    """
    Request parameters for the `auth/logout` method.

    Terminates the current authenticated session.

    Agents MUST support this method when their `initialize` response advertised
    at least one valid authentication method. Clients MUST NOT call this method
    when `authMethods` was omitted or empty.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class LogoutAuthResponse(BaseModel):
    """
    Response to the `auth/logout` method.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class McpAcpCapabilities(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Capabilities for ACP MCP server transports.

    Supplying `{}` means the agent supports ACP MCP server transports.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class McpConnectionId(RootModel[str]):
    root: str = Field(
        ...,
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nA unique identifier for an active MCP-over-ACP connection.",
    )


class McpHttpCapabilities(BaseModel):
    """
    Capabilities for HTTP MCP server transports.

    Supplying `{}` means the agent supports HTTP MCP server transports.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class McpServerHttp(BaseModel):
    """
    HTTP transport configuration for MCP.
    """

    name: str = Field(..., description="Human-readable name identifying this MCP server.")
    url: str = Field(..., description="URL to the MCP server.")
    headers: list[HttpHeader] | None = Field(
        default=None, description="HTTP headers to set when making requests to the MCP server."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    @field_validator("headers", mode="before")
    @classmethod
    def reject_null_validator(cls, v: Any, info: ValidationInfo) -> Any:
        return reject_null(v, info)


class McpServerStdio(BaseModel):
    """
    Stdio transport configuration for MCP.
    """

    name: str = Field(..., description="Human-readable name identifying this MCP server.")
    command: AbsolutePath = Field(..., description="Absolute path to the MCP server executable.")
    args: list[str] | None = Field(
        default=None, description="Command-line arguments to pass to the MCP server."
    )
    env: list[EnvVariable] | None = Field(
        default=None, description="Environment variables to set when launching the MCP server."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    @field_validator("args", "env", mode="before")
    @classmethod
    def reject_null_validator(cls, v: Any, info: ValidationInfo) -> Any:
        return reject_null(v, info)


class McpServerTypeHttp(McpServerHttp):
    """
    HTTP transport configuration

    Only available when the Agent capabilities include `session.mcp.http`.
    """

    type: Literal["http"]


class McpServerTypeStdio(McpServerStdio):
    """
    Stdio transport configuration

    Only available when the Agent capabilities include `session.mcp.stdio`.
    """

    type: Literal["stdio"]


class McpServerOther(BaseModel):
    """
    Custom or future MCP server transport configuration.

    Values beginning with `_` are reserved for implementation-specific
    extensions. Unknown values that do not begin with `_` are reserved for
    future ACP variants.

    Receivers that do not understand this transport should preserve the raw
    payload when storing, replaying, proxying, or forwarding session setup
    data, and otherwise ignore it or reject the server configuration.
    """

    type: str = Field(
        ...,
        description="Custom or future MCP server transport type.\n\nValues beginning with `_` are reserved for implementation-specific\nextensions. Unknown values that do not begin with `_` are reserved for\nfuture ACP variants.",
    )

    @model_validator(mode="before")
    @classmethod
    def check_not_mcp_server_other(cls, data: Any) -> Any:
        return not_mcp_server_other(data)


class McpServerAcpId(RootModel[str]):
    root: str = Field(
        ...,
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nUnique identifier for an MCP server using the ACP transport.\n\nThe value is opaque and generated by the ACP component providing the MCP server. It is\nused by `mcp/connect` to route connection requests back to the component that declared the\nserver.",
    )


class McpStdioCapabilities(BaseModel):
    """
    Capabilities for stdio MCP server transports.

    Supplying `{}` means the agent supports stdio MCP server transports.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class MediaType(RootModel[str]):
    root: str = Field(
        ..., description="An Internet media type identifying the format of protocol content."
    )


class MessageId(RootModel[str]):
    root: str = Field(..., description="Unique identifier for a message within a session.")


class MessageMcpNotification(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Notification parameters for `mcp/message`.

    This is used when the wrapped MCP message is a notification and the outer JSON-RPC
    envelope has no `id`.
    """

    connection_id: McpConnectionId = Field(
        ...,
        alias="connectionId",
        description="The MCP-over-ACP connection this message is sent on.",
    )
    method: str = Field(..., description="The inner MCP method name.")
    params: dict[str, Any] | None = Field(
        default=None,
        description="Optional inner MCP params.\n\nIf omitted or set to `null`, the inner MCP message has no params.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class MessageMcpRequest(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Request parameters for `mcp/message`.
    """

    connection_id: McpConnectionId = Field(
        ...,
        alias="connectionId",
        description="The MCP-over-ACP connection this message is sent on.",
    )
    method: str = Field(..., description="The inner MCP method name.")
    params: dict[str, Any] | None = Field(
        default=None,
        description="Optional inner MCP params.\n\nIf omitted or set to `null`, the inner MCP message has no params.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class MessageMcpResponse(RootModel[Any]):
    root: Any = Field(
        ...,
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nResponse to `mcp/message`.\n\nThis is the inner MCP response result payload. Any JSON value is valid.",
    )


class StringMultiSelectItems(BaseModel):
    """
    String item schema for multi-select enum properties.
    """

    enum: list[str] = Field(
        ..., description="Allowed enum values. Must contain at least one value.", min_length=1
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nOptional. Omitted and `null` are equivalent and mean no metadata.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class MultiSelectItemsString(StringMultiSelectItems):
    """
    Multi-select string items with plain string values.
    """

    type: Literal["string"]


class MultiSelectItemsOther(BaseModel):
    """
    Custom or future typed multi-select items.
    """

    type: str = Field(
        ...,
        description="Custom or future multi-select item type.\n\nValues beginning with `_` are reserved for implementation-specific\nextensions. Unknown values that do not begin with `_` are reserved for\nfuture ACP variants.",
    )

    @model_validator(mode="before")
    @classmethod
    def check_not_multi_select_items_other(cls, data: Any) -> Any:
        return not_multi_select_items_other(data)


class NesDiagnosticSeverity(RootModel[Literal["error", "warning", "information", "hint"] | str]):
    root: Literal["error", "warning", "information", "hint"] | str = Field(
        ..., description="Severity of a diagnostic."
    )


class NesDiagnosticsCapabilities(BaseModel):
    """
    Capabilities for diagnostics context.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class NesDocumentDidCloseCapabilities(BaseModel):
    """
    Marker for `document/didClose` capability support.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class NesDocumentDidFocusCapabilities(BaseModel):
    """
    Marker for `document/didFocus` capability support.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class NesDocumentDidOpenCapabilities(BaseModel):
    """
    Marker for `document/didOpen` capability support.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class NesDocumentDidSaveCapabilities(BaseModel):
    """
    Marker for `document/didSave` capability support.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class NesEditHistoryCapabilities(BaseModel):
    """
    Capabilities for edit history context.
    """

    max_count: int | None = Field(
        default=None,
        alias="maxCount",
        description="Maximum number of edit history entries the agent can use.",
        ge=0,
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class NesEditHistoryEntry(BaseModel):
    """
    An entry in the edit history.
    """

    uri: str = Field(..., description="The URI of the edited file.")
    diff: str = Field(..., description="A diff representing the edit.")
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class NesExcerpt(BaseModel):
    """
    A code excerpt from a file.
    """

    start_line: int = Field(
        ..., alias="startLine", description="The start line of the excerpt (zero-based).", ge=0
    )
    end_line: int = Field(
        ..., alias="endLine", description="The end line of the excerpt (zero-based).", ge=0
    )
    text: str = Field(..., description="The text content of the excerpt.")
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class NesJumpCapabilities(BaseModel):
    """
    Marker for jump suggestion support.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class NesOpenFilesCapabilities(BaseModel):
    """
    Capabilities for open files context.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class NesRecentFile(BaseModel):
    """
    A recently accessed file.
    """

    uri: str = Field(..., description="The URI of the file.")
    language_id: str = Field(..., alias="languageId", description="The language identifier.")
    text: str = Field(..., description="The full text content of the file.")
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class NesRecentFilesCapabilities(BaseModel):
    """
    Capabilities for recent files context.
    """

    max_count: int | None = Field(
        default=None,
        alias="maxCount",
        description="Maximum number of recent files the agent can use.",
        ge=0,
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class NesRejectReason(RootModel[Literal["rejected", "ignored", "replaced", "cancelled"] | str]):
    root: Literal["rejected", "ignored", "replaced", "cancelled"] | str = Field(
        ..., description="The reason a suggestion was rejected."
    )


class NesRelatedSnippet(BaseModel):
    """
    A related code snippet from a file.
    """

    uri: str = Field(..., description="The URI of the file containing the snippets.")
    excerpts: list[NesExcerpt] = Field(..., description="The code excerpts.")
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class NesRelatedSnippetsCapabilities(BaseModel):
    """
    Capabilities for related snippets context.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class NesRenameCapabilities(BaseModel):
    """
    Marker for rename suggestion support.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class NesRepository(BaseModel):
    """
    Repository metadata for an NES session.
    """

    name: str = Field(..., description="The repository name.")
    owner: str = Field(..., description="The repository owner.")
    remote_url: str = Field(..., alias="remoteUrl", description="The remote URL of the repository.")
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class NesSearchAndReplaceCapabilities(BaseModel):
    """
    Marker for search and replace suggestion support.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class NesSuggestionId(RootModel[str]):
    root: str = Field(
        ...,
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nUnique identifier for an NES suggestion.",
    )


class NesTriggerKind(RootModel[Literal["automatic", "diagnostic", "manual"] | str]):
    root: Literal["automatic", "diagnostic", "manual"] | str = Field(
        ..., description="What triggered the suggestion request."
    )


class NesUserActionsCapabilities(BaseModel):
    """
    Capabilities for user actions context.
    """

    max_count: int | None = Field(
        default=None,
        alias="maxCount",
        description="Maximum number of user actions the agent can use.",
        ge=0,
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class NoticeSeverity(RootModel[Literal["info", "warning", "error"] | str]):
    root: Literal["info", "warning", "error"] | str = Field(
        ...,
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nSeverity hint for a session notice.",
    )


class PermissionOptionId(RootModel[str]):
    root: str = Field(..., description="Unique identifier for a permission option.")


class PermissionOptionKind(
    RootModel[Literal["allow_once", "allow_always", "reject_once", "reject_always"] | str]
):
    root: Literal["allow_once", "allow_always", "reject_once", "reject_always"] | str = Field(
        ...,
        description="The type of permission option being presented to the user.\n\nHelps clients choose appropriate icons and UI treatment.",
    )


class PlanEntryPriority(RootModel[Literal["high", "medium", "low"] | str]):
    root: Literal["high", "medium", "low"] | str = Field(
        ...,
        description="Priority levels for plan entries.\n\nUsed to indicate the relative importance or urgency of different\ntasks in the execution plan.\nSee protocol docs: [Plan Entries](https://agentclientprotocol.com/protocol/v2/draft/agent-plan#plan-entries)",
    )


class PlanEntryStatus(RootModel[Literal["pending", "in_progress", "completed", "cancelled"] | str]):
    root: Literal["pending", "in_progress", "completed", "cancelled"] | str = Field(
        ...,
        description="Status of a plan entry in the execution flow.\n\nTracks the lifecycle of each task from planning through completion.\nSee protocol docs: [Plan Entries](https://agentclientprotocol.com/protocol/v2/draft/agent-plan#plan-entries)",
    )


class PlanId(RootModel[str]):
    root: str = Field(..., description="Unique identifier for a plan within a session.")


class PlanMarkdown(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    A plan represented as raw markdown content.
    """

    plan_id: PlanId = Field(..., alias="planId", description="The plan ID to update.")
    content: str = Field(..., description="Markdown content for the plan.")
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class PlanRemoved(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Removal notice for a plan identified by ID.
    """

    plan_id: PlanId = Field(..., alias="planId", description="The plan ID to remove.")
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class PlanUpdateContentMarkdown(PlanMarkdown):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Raw markdown content for the plan.
    """

    type: Literal["markdown"]


class PlanUpdateContentOther(BaseModel):
    """
    Custom or future plan update content.

    Values beginning with `_` are reserved for implementation-specific
    extensions. Unknown values that do not begin with `_` are reserved for
    future ACP variants.

    Receivers that do not understand this content type should preserve the
    raw payload when storing, replaying, proxying, or forwarding plans, and
    otherwise ignore it or display it generically.
    """

    type: str = Field(
        ...,
        description="Custom or future plan update content type.\n\nValues beginning with `_` are reserved for implementation-specific\nextensions. Unknown values that do not begin with `_` are reserved for\nfuture ACP variants.",
    )
    plan_id: PlanId = Field(..., alias="planId", description="The plan ID to update.")

    @model_validator(mode="before")
    @classmethod
    def check_not_plan_update_content_other(cls, data: Any) -> Any:
        return not_plan_update_content_other(data)


class Position(BaseModel):
    """
    A zero-based position in a text document.

    The meaning of `character` depends on the negotiated position encoding.
    """

    line: int = Field(..., description="Zero-based line number.", ge=0)
    character: int = Field(
        ..., description="Zero-based character offset (encoding-dependent).", ge=0
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class PositionEncodingKind(RootModel[Literal["utf-16", "utf-32", "utf-8"]]):
    root: Literal["utf-16", "utf-32", "utf-8"] = Field(
        ...,
        description="The encoding used for character offsets in positions.\n\nFollows the same conventions as LSP 3.17. The default is UTF-16.",
    )


class PromptAudioCapabilities(BaseModel):
    """
    Capabilities for audio content in prompt requests.

    Supplying `{}` means the agent supports audio content in prompts.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class PromptEmbeddedContextCapabilities(BaseModel):
    """
    Capabilities for embedded context in prompt requests.

    Supplying `{}` means the agent supports embedded context in prompts.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class PromptImageCapabilities(BaseModel):
    """
    Capabilities for image content in prompt requests.

    Supplying `{}` means the agent supports image content in prompts.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class PromptResponse(BaseModel):
    """
    Response acknowledging that a user prompt was accepted.

    This response does not indicate that the agent has finished processing.
    Processing and completion are reported through `state_update` session updates.

    See protocol docs: [Prompt Accepted](https://agentclientprotocol.com/protocol/v2/draft/prompt-lifecycle#2-prompt-accepted)
    """

    message_id: MessageId | None = Field(
        default=None,
        alias="messageId",
        description="The ID of the user message this prompt inserted.\n\nA retry with a recorded `idempotencyKey` gets the `messageId` of the original message\nand nothing is inserted again. Optional. Omitted and `null` are equivalent and mean\nthe Agent reports the message ID only through the `user_message` update.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class ProtocolVersion(RootModel[int]):
    root: int = Field(
        ...,
        description="Protocol version identifier.\n\nThis version is only bumped for breaking changes.\nNon-breaking changes should be introduced via capabilities.",
        ge=0,
        le=65535,
    )


class ProviderCurrentConfig(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Current effective non-secret routing configuration for a provider.
    """

    api_type: LlmProtocol = Field(
        ..., alias="apiType", description="Protocol currently used by this provider."
    )
    base_url: str = Field(
        ..., alias="baseUrl", description="Base URL currently used by this provider."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class ProviderId(RootModel[str]):
    root: str = Field(
        ...,
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nUnique identifier for a configurable LLM provider.",
    )


class ProviderInfo(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Information about a configurable LLM provider.
    """

    provider_id: ProviderId = Field(
        ..., alias="providerId", description='Provider identifier, for example "main" or "openai".'
    )
    supported: list[LlmProtocol] = Field(
        ..., description="Supported protocol types for this provider."
    )
    required: bool = Field(
        ...,
        description="Whether this provider is mandatory and cannot be disabled via `providers/disable`.\nIf true, clients must not call `providers/disable` for this provider ID.",
    )
    current: ProviderCurrentConfig | None = Field(
        default=None,
        description="Current effective non-secret routing config.\nNull or omitted means provider is disabled.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class ProvidersCapabilities(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Provider configuration capabilities supported by the agent.

    Supplying `{}` means the agent supports provider configuration methods.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class ProxySuccessorNotification(BaseModel):
    """
    Notification parameters for `proxy/successor`.

    This is used when the carried message is a notification and the outer JSON-RPC
    envelope has no `id`.
    """

    method: str = Field(..., description="The method name of the carried message.")
    params: dict[str, Any] | None = Field(
        default=None,
        description="The params of the carried message, forwarded unchanged.\n\nIf omitted or set to `null`, the carried message has no params.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class ProxySuccessorRequest(BaseModel):
    """
    Request parameters for `proxy/successor`.

    Carries a request between a proxy and its successor. The carried request's `method`
    and `params` are flattened into these params; its optional metadata is `_meta`.
    """

    method: str = Field(..., description="The method name of the carried message.")
    params: dict[str, Any] | None = Field(
        default=None,
        description="The params of the carried message, forwarded unchanged.\n\nIf omitted or set to `null`, the carried message has no params.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class ProxySuccessorResponse(RootModel[Any]):
    root: Any = Field(
        ...,
        description="Response to `proxy/successor`.\n\nThis is the result of the carried request, unchanged. Any JSON value is valid.",
    )


class Range(BaseModel):
    """
    A range in a text document, expressed as start and end positions.
    """

    start: Position = Field(..., description="The start position (inclusive).")
    end: Position = Field(..., description="The end position (exclusive).")
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class ReplayFromStart(BaseModel):
    """
    Inclusive replay cursor requesting replay from the start of the conversation.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class ReplayFromTypeStart(ReplayFromStart):
    """
    Replay the whole conversation from its first replayable entry.
    """

    type: Literal["start"]


class ReplayFromOther(BaseModel):
    """
    Custom or future replay cursor.

    Values beginning with `_` are reserved for implementation-specific
    extensions. Unknown values that do not begin with `_` are reserved for
    future ACP variants.

    Receivers that do not understand this cursor should preserve the raw
    payload when storing, replaying, proxying, or forwarding requests, and
    otherwise reject the request rather than guessing where to replay from.
    """

    type: str = Field(
        ...,
        description="Custom or future replay cursor type.\n\nValues beginning with `_` are reserved for implementation-specific\nextensions. Unknown values that do not begin with `_` are reserved for\nfuture ACP variants.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    @model_validator(mode="before")
    @classmethod
    def check_not_replay_from_other(cls, data: Any) -> Any:
        return not_replay_from_other(data)


class ReplayFrom(RootModel[ReplayFromTypeStart | ReplayFromOther]):
    root: ReplayFromTypeStart | ReplayFromOther = Field(
        ...,
        description="Inclusive cursor describing where replayed session history should begin.\n\nReplay includes the position identified by the cursor.",
    )


class RequestId(RootModel[int | str | None]):
    root: int | str | None = Field(
        ...,
        description="JSON RPC Request Id\n\nAn identifier established by the Client that MUST contain a String, Number, or NULL value if included. If it is not included it is assumed to be a notification. The value SHOULD normally not be Null \\[1\\] and Numbers SHOULD NOT contain fractional parts \\[2\\]\n\nThe Server MUST reply with the same value in the Response object if included. This member is used to correlate the context between the two objects.\n\n\\[1\\] The use of Null as a value for the id member in a Request object is discouraged, because this specification uses a value of Null for Responses with an unknown id. Also, because JSON-RPC 1.0 uses an id value of Null for Notifications this could cause confusion in handling.\n\n\\[2\\] Fractional parts may be problematic, since many decimal fractions cannot be represented exactly as binary fractions.",
    )


class SelectedPermissionOutcome(BaseModel):
    """
    The user selected one of the provided options.
    """

    option_id: PermissionOptionId = Field(
        ..., alias="optionId", description="The ID of the option the user selected."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class RequestPermissionOutcomeCancelled(BaseModel):
    """
    Active session work was cancelled before the user responded.

    When a client sends a `session/cancel` notification to cancel active
    session work, it MUST respond to all pending `session/request_permission`
    requests with this `Cancelled` outcome.

    See protocol docs: [Cancellation](https://agentclientprotocol.com/protocol/v2/draft/prompt-lifecycle#cancellation)
    """

    outcome: Literal["cancelled"]


class RequestPermissionOutcomeSelected(SelectedPermissionOutcome):
    """
    The user selected one of the provided options.
    """

    outcome: Literal["selected"]


class RequestPermissionOutcomeOther(BaseModel):
    """
    Custom or future permission outcome.

    Values beginning with `_` are reserved for implementation-specific
    extensions. Unknown values that do not begin with `_` are reserved for
    future ACP variants.

    Agents that do not understand this outcome MUST NOT treat it as approval.
    They should preserve the raw payload when storing, replaying, proxying, or
    forwarding permission responses, and otherwise fail or decline the
    permission request according to policy.
    """

    outcome: str = Field(
        ...,
        description="Custom or future permission outcome.\n\nValues beginning with `_` are reserved for implementation-specific\nextensions. Unknown values that do not begin with `_` are reserved for\nfuture ACP variants.",
    )

    @model_validator(mode="before")
    @classmethod
    def check_not_request_permission_outcome_other(cls, data: Any) -> Any:
        return not_request_permission_outcome_other(data)


class RequestPermissionOutcome(
    RootModel[
        RequestPermissionOutcomeCancelled
        | RequestPermissionOutcomeSelected
        | RequestPermissionOutcomeOther
    ]
):
    root: Annotated[
        Union[
            Annotated[RequestPermissionOutcomeCancelled, Tag("cancelled")],
            Annotated[RequestPermissionOutcomeSelected, Tag("selected")],
            Annotated[RequestPermissionOutcomeOther, Tag("_other")],
        ],
        Discriminator(
            tag_of(
                "outcome",
                (
                    "cancelled",
                    "selected",
                ),
                "_other",
            )
        ),
    ] = Field(..., description="The outcome of a permission request.")


class RequestPermissionResponse(BaseModel):
    """
    Response to a permission request.
    """

    outcome: RequestPermissionOutcome = Field(
        ..., description="The user's decision on the permission request."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class RequestPermissionSubjectOther(BaseModel):
    """
    Custom or future permission subject.

    Values beginning with `_` are reserved for implementation-specific
    extensions. Unknown values that do not begin with `_` are reserved for
    future ACP variants.

    Clients that do not understand this subject type should preserve the raw
    payload when storing, replaying, proxying, or forwarding permission
    requests, and otherwise display a generic permission prompt or decline it
    according to policy.
    """

    type: str = Field(
        ...,
        description="Custom or future permission subject type.\n\nValues beginning with `_` are reserved for implementation-specific\nextensions. Unknown values that do not begin with `_` are reserved for\nfuture ACP variants.",
    )

    @model_validator(mode="before")
    @classmethod
    def check_not_request_permission_subject_other(cls, data: Any) -> Any:
        return not_request_permission_subject_other(data)


class RequiresActionStateUpdate(BaseModel):
    """
    Foreground work is blocked on user action.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class Role(RootModel[Literal["assistant", "user"] | str]):
    root: Literal["assistant", "user"] | str = Field(
        ..., description="The sender or recipient of messages and data in a conversation."
    )


class RunningStateUpdate(BaseModel):
    """
    Foreground work is in progress.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class SessionAdditionalDirectoriesCapabilities(BaseModel):
    """
    Capabilities for additional session directories support.

    Supplying `{}` means the agent supports the `additionalDirectories` field on
    supported session lifecycle requests. Agents that also support
    `session/list` may return `SessionInfo.additionalDirectories` to report the
    complete ordered additional-root list associated with a listed session.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class SessionArchiveCapabilities(BaseModel):
    """
    Capabilities for the `session/archive` and `session/unarchive` methods.

    Supplying `{}` means the agent supports both methods, the `archived` filter on
    `session/list`, and reporting archive state in `SessionInfo` and `session_info_update`.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class SessionConfigBoolean(BaseModel):
    """
    A boolean on/off toggle session configuration option payload.
    """

    current_value: bool = Field(
        ..., alias="currentValue", description="The current value of the boolean option."
    )


class SessionConfigGroupId(RootModel[str]):
    root: str = Field(
        ..., description="Unique identifier for a session configuration option value group."
    )


class SessionConfigId(RootModel[str]):
    root: str = Field(..., description="Unique identifier for a session configuration option.")


class SessionConfigOptionCategory(
    RootModel[Literal["mode", "model", "model_config", "thought_level"] | str]
):
    root: Literal["mode", "model", "model_config", "thought_level"] | str = Field(
        ...,
        description="Semantic category for a session configuration option.\n\nThis is intended to help Clients distinguish broadly common selectors (e.g. model selector vs\nsession mode selector vs thought/reasoning level) for UX purposes (keyboard shortcuts, icons,\nplacement). It MUST NOT be required for correctness. Clients MUST handle missing or unknown\ncategories gracefully.\n\nCategory names beginning with `_` are free for custom use, like other ACP extension methods.\nCategory names that do not begin with `_` are reserved for the ACP spec.",
    )


class SessionConfigValueId(RootModel[str]):
    root: str = Field(
        ..., description="Unique identifier for a session configuration option value."
    )


class SessionDeleteCapabilities(BaseModel):
    """
    Capabilities for the `session/delete` method.

    Supplying `{}` means the agent supports deleting sessions from `session/list`.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class SessionForkCapabilities(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Capabilities for the `session/fork` method.

    Supplying `{}` means the agent supports forking sessions.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class SessionId(RootModel[str]):
    root: str = Field(
        ...,
        description="A unique identifier for a conversation session between a client and agent.\n\nSessions maintain their own context, conversation history, and state,\nallowing multiple independent interactions with the same agent.\n\nSee protocol docs: [Session ID](https://agentclientprotocol.com/protocol/v2/draft/session-setup#session-id)",
    )


class SessionInfo(BaseModel):
    """
    Information about a session returned by session/list
    """

    session_id: SessionId = Field(
        ..., alias="sessionId", description="Unique identifier for the session"
    )
    cwd: AbsolutePath = Field(
        ..., description="The working directory for this session. Must be an absolute path."
    )
    additional_directories: list[AbsolutePath] | None = Field(
        default=None,
        alias="additionalDirectories",
        description="Additional workspace roots reported for this session. Each path must be absolute.\n\nWhen present, this is the complete ordered additional-root list reported\nby the Agent. Omitted and empty values are equivalent: the response\nreports no additional roots.",
    )
    title: str | None = Field(default=None, description="Human-readable title for the session")
    updated_at: str | None = Field(
        default=None, alias="updatedAt", description="RFC 3339 timestamp of last activity."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    @field_validator("additional_directories", mode="before")
    @classmethod
    def reject_null_validator(cls, v: Any, info: ValidationInfo) -> Any:
        return reject_null(v, info)


class SessionInfoUpdate(BaseModel):
    """
    Update to session metadata. All fields are optional to support partial updates.

    Agents send this notification to update session information like title or custom metadata.
    This allows clients to display dynamic session names and track session state changes.

    Omitted fields leave the existing session info unchanged. `null` clears the
    corresponding value.
    """

    title: str | None = Field(
        default=None, description="Human-readable title for the session. Set to null to clear."
    )
    updated_at: str | None = Field(
        default=None,
        alias="updatedAt",
        description="RFC 3339 timestamp of last activity. Set to null to clear.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted means no metadata update; `null` is an\nexplicit clear signal. Implementations MUST NOT make assumptions about values at these keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class SessionListCursor(RootModel[str]):
    root: str = Field(..., description="An opaque cursor used to paginate `session/list` results.")


class SessionOptionsRequest(BaseModel):
    """
    Request parameters for reading a session's configuration options.
    """

    session_id: SessionId = Field(
        ...,
        alias="sessionId",
        description="The ID of the session to read the configuration options of.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class SessionSetTitleCapabilities(BaseModel):
    """
    Capabilities for the `session/set_title` method.

    Supplying `{}` means the agent supports setting session titles from the client.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class SessionStatus(RootModel[Literal["live", "not_found"] | str]):
    root: Literal["live", "not_found"] | str = Field(
        ...,
        description="Whether the agent is currently handling a session, as reported by `session/status`.",
    )


class SessionStatusCapabilities(BaseModel):
    """
    Capabilities for the `session/status` method.

    Supplying `{}` means the agent supports checking whether it is handling a session.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class SessionStatusRequest(BaseModel):
    """
    Request parameters for checking whether the agent is currently handling a session.

    The request has no side effects: the agent must not load, create or modify the session.
    Only available if the Agent supports the `session.status` capability.
    """

    session_id: SessionId = Field(
        ..., alias="sessionId", description="The ID of the session to check."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class SessionStatusResponse(BaseModel):
    """
    Response to `session/status`.
    """

    status: SessionStatus = Field(
        ..., description="Whether the agent is currently handling the session."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class StateUpdateRunning(RunningStateUpdate):
    """
    Foreground work is in progress.
    """

    state: Literal["running"]


class StateUpdateRequiresAction(RequiresActionStateUpdate):
    """
    Foreground work is blocked on user action.
    """

    state: Literal["requires_action"]


class StateUpdateOther(BaseModel):
    """
    Custom or future session state.

    Values beginning with `_` are reserved for implementation-specific
    extensions. Unknown values that do not begin with `_` are reserved for
    future ACP variants.
    """

    state: str = Field(
        ...,
        description="Custom or future session state.\n\nValues beginning with `_` are reserved for implementation-specific\nextensions. Unknown values that do not begin with `_` are reserved for\nfuture ACP variants.",
    )

    @model_validator(mode="before")
    @classmethod
    def check_not_state_update_other(cls, data: Any) -> Any:
        return not_state_update_other(data)


class UsageUpdate(BaseModel):
    """
    Context window and cost update for a session.
    """

    used: int = Field(..., description="Tokens currently in context.", ge=0)
    size: int = Field(..., description="Total context window size in tokens.", ge=0)
    cost: Cost | None = Field(default=None, description="Cumulative session cost (optional).")
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class SessionUpdateStateUpdateRunning(StateUpdateRunning):
    """
    The state of the agent's foreground work has changed.
    """

    session_update: Literal["state_update"] = Field(..., alias="sessionUpdate")


class SessionUpdateStateUpdateRequiresAction(StateUpdateRequiresAction):
    """
    The state of the agent's foreground work has changed.
    """

    session_update: Literal["state_update"] = Field(..., alias="sessionUpdate")


class SessionUpdateStateUpdateOther(StateUpdateOther):
    """
    The state of the agent's foreground work has changed.
    """

    session_update: Literal["state_update"] = Field(..., alias="sessionUpdate")


class SessionUpdatePlanRemoved(PlanRemoved):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Removal notice for a plan identified by ID.
    """

    session_update: Literal["plan_removed"] = Field(..., alias="sessionUpdate")


class SessionUpdateSessionInfoUpdate(SessionInfoUpdate):
    """
    Session metadata has been updated (title, timestamps, custom metadata)
    """

    session_update: Literal["session_info_update"] = Field(..., alias="sessionUpdate")


class SessionUpdateUsageUpdate(UsageUpdate):
    """
    Context window and cost update for the session.
    """

    session_update: Literal["usage_update"] = Field(..., alias="sessionUpdate")


class SessionUpdateOther(BaseModel):
    """
    Custom or future session update.

    Values beginning with `_` are reserved for implementation-specific
    extensions. Unknown values that do not begin with `_` are reserved for
    future ACP variants.

    Receivers that do not understand this update type should preserve the
    raw payload when storing, replaying, proxying, or forwarding session
    history, and otherwise ignore it or display it generically.
    """

    session_update: str = Field(
        ...,
        alias="sessionUpdate",
        description="Custom or future session update type.\n\nValues beginning with `_` are reserved for implementation-specific\nextensions. Unknown values that do not begin with `_` are reserved for\nfuture ACP variants.",
    )

    @model_validator(mode="before")
    @classmethod
    def check_not_session_update_other(cls, data: Any) -> Any:
        return not_session_update_other(data)


class SetProviderRequest(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Request parameters for `providers/set`.

    Replaces the full configuration for one provider ID.
    """

    provider_id: ProviderId = Field(
        ..., alias="providerId", description="Provider ID to configure."
    )
    api_type: LlmProtocol = Field(
        ..., alias="apiType", description="Protocol type for this provider."
    )
    base_url: str = Field(
        ..., alias="baseUrl", description="Base URL for requests sent through this provider."
    )
    headers: dict[str, str] | None = Field(
        default=None,
        description="Full headers map for this provider.\nMay include authorization, routing, or other integration-specific headers.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    @field_validator("headers", mode="before")
    @classmethod
    def reject_null_validator(cls, v: Any, info: ValidationInfo) -> Any:
        return reject_null(v, info)


class SetProviderResponse(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Response to `providers/set`.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class SetSessionConfigOptionRequestId(BaseModel):
    """
    A [`SessionConfigValueId`] string value (`type: "id"`).
    """

    session_id: SessionId = Field(
        ...,
        alias="sessionId",
        description="The ID of the session to set the configuration option for.",
    )
    config_id: SessionConfigId = Field(
        ..., alias="configId", description="The ID of the configuration option to set."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    value: SessionConfigValueId = Field(..., description="The value ID.")
    type: Literal["id"]


class SetSessionConfigOptionRequestBoolean(BaseModel):
    """
    A boolean value (`type: "boolean"`).
    """

    session_id: SessionId = Field(
        ...,
        alias="sessionId",
        description="The ID of the session to set the configuration option for.",
    )
    config_id: SessionConfigId = Field(
        ..., alias="configId", description="The ID of the configuration option to set."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    value: bool = Field(..., description="The boolean value.")
    type: Literal["boolean"]


class SetSessionConfigOptionRequestOther(BaseModel):
    """
    Custom or future session configuration option value payload.

    Values beginning with `_` are reserved for implementation-specific
    extensions. Unknown values that do not begin with `_` are reserved for
    future ACP variants.
    """

    session_id: SessionId = Field(
        ...,
        alias="sessionId",
        description="The ID of the session to set the configuration option for.",
    )
    config_id: SessionConfigId = Field(
        ..., alias="configId", description="The ID of the configuration option to set."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    type: str = Field(
        ...,
        description="Custom or future session configuration option value type.\n\nValues beginning with `_` are reserved for implementation-specific\nextensions. Unknown values that do not begin with `_` are reserved for\nfuture ACP variants.",
    )
    value: Any = Field(..., description="Raw value payload for the custom or future value type.")

    @model_validator(mode="before")
    @classmethod
    def check_not_set_session_config_option_request_other(cls, data: Any) -> Any:
        return not_set_session_config_option_request_other(data)


class SetSessionConfigOptionRequest(
    RootModel[
        SetSessionConfigOptionRequestId
        | SetSessionConfigOptionRequestBoolean
        | SetSessionConfigOptionRequestOther
    ]
):
    root: Annotated[
        Union[
            Annotated[SetSessionConfigOptionRequestId, Tag("id")],
            Annotated[SetSessionConfigOptionRequestBoolean, Tag("boolean")],
            Annotated[SetSessionConfigOptionRequestOther, Tag("_other")],
        ],
        Discriminator(
            tag_of(
                "type",
                (
                    "id",
                    "boolean",
                ),
                "_other",
            )
        ),
    ] = Field(..., description="Request parameters for setting a session configuration option.")


class SetSessionTitleRequest(BaseModel):
    """
    Request parameters for setting the title of a session.

    The agent persists the title exactly as supplied and reports it through a
    `session_info_update`. Only available if the Agent supports the `session.setTitle`
    capability.
    """

    session_id: SessionId = Field(
        ..., alias="sessionId", description="The ID of the session to set the title of."
    )
    title: str = Field(
        ...,
        description="The new title of the session.\n\nValidation rules are defined by the agent. A title that fails them is rejected with\n`Invalid params`.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class SetSessionTitleResponse(BaseModel):
    """
    Response to `session/set_title`.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class StartNesResponse(BaseModel):
    """
    Response to `nes/start`.
    """

    session_id: SessionId = Field(
        ..., alias="sessionId", description="The session ID for the newly started NES session."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class StopReason(
    RootModel[Literal["end_turn", "max_tokens", "max_turn_requests", "refusal", "cancelled"] | str]
):
    root: Literal["end_turn", "max_tokens", "max_turn_requests", "refusal", "cancelled"] | str = (
        Field(
            ...,
            description="Reasons why an agent stops active session work.\n\nSee protocol docs: [Stop Reasons](https://agentclientprotocol.com/protocol/v2/draft/prompt-lifecycle#stop-reasons)",
        )
    )


class StringFormat(RootModel[Literal["email", "uri", "date", "date-time"] | str]):
    root: Literal["email", "uri", "date", "date-time"] | str = Field(
        ..., description="String format types for string properties in elicitation schemas."
    )


class TerminalAuthCapabilities(BaseModel):
    """
    Capabilities for terminal authentication methods.

    Supplying `{}` means the client can reproduce the configured agent
    invocation in an interactive terminal and supports terminal authentication
    methods.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class TerminalExitStatus(BaseModel):
    """
    Exit information for an agent-owned terminal.

    The presence of this object marks the terminal as exited, even when neither
    an exit code nor a signal is known.
    """

    exit_code: int | None = Field(
        default=None,
        alias="exitCode",
        description="Process exit code, when known. Omitted and `null` are equivalent.",
        ge=0,
    )
    signal: str | None = Field(
        default=None,
        description="Signal that terminated the process, when known.\n\nAgents should use the conventional platform signal name. POSIX examples\ninclude `SIGTERM`, `SIGKILL`, and `SIGINT`. Other platforms may use a\nplatform-specific name. Omitted and `null` are equivalent.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys. This metadata is scoped to the exit information. Omitted\nand `null` are equivalent and mean no exit metadata was provided.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class TerminalId(RootModel[str]):
    root: str = Field(
        ..., description="Unique identifier for an agent-owned terminal within a session."
    )


class TerminalOutput(BaseModel):
    """
    An authoritative replacement snapshot of terminal output bytes.
    """

    data: str = Field(..., description="Base64-encoded replacement terminal output bytes.")
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys. This metadata is scoped to the replacement snapshot. Omitted\nand `null` are equivalent and mean no snapshot metadata was provided.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class TextDocumentContentChangeEvent(BaseModel):
    """
    A content change event for a document.

    When `range` is `None`, `text` is the full content of the document.
    When `range` is `Some`, `text` replaces the given range.
    """

    range: Range | None = Field(
        default=None,
        description="The range of the document that changed. If `None`, the entire content is replaced.",
    )
    text: str = Field(
        ...,
        description="The new text for the range, or the full document content if `range` is `None`.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class TextDocumentSyncKind(RootModel[Literal["full", "incremental"]]):
    root: Literal["full", "incremental"] = Field(
        ..., description="How the agent wants document changes delivered."
    )


class TextResourceContents(BaseModel):
    """
    Text-based resource contents.
    """

    text: str = Field(..., description="Text payload carried by this content block.")
    uri: str = Field(..., description="URI associated with this resource or media payload.")
    mime_type: MediaType | None = Field(
        default=None,
        alias="mimeType",
        description="MIME type describing the encoded media payload.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class TitledMultiSelectItems(BaseModel):
    """
    Items definition for titled multi-select enum properties.
    """

    any_of: list[EnumOption] = Field(
        ...,
        alias="anyOf",
        description="Titled enum options. Must contain at least one option.",
        min_length=1,
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nOptional. Omitted and `null` are equivalent and mean no metadata.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class ToolCallContentOther(BaseModel):
    """
    Custom or future tool call content.

    Values beginning with `_` are reserved for implementation-specific
    extensions. Unknown values that do not begin with `_` are reserved for
    future ACP variants.

    Receivers that do not understand this content type should preserve the
    raw payload when storing, replaying, proxying, or forwarding tool call
    output, and otherwise ignore it or display it generically.
    """

    type: str = Field(
        ...,
        description="Custom or future tool call content type.\n\nValues beginning with `_` are reserved for implementation-specific\nextensions. Unknown values that do not begin with `_` are reserved for\nfuture ACP variants.",
    )

    @model_validator(mode="before")
    @classmethod
    def check_not_tool_call_content_other(cls, data: Any) -> Any:
        return not_tool_call_content_other(data)


class ToolCallId(RootModel[str]):
    root: str = Field(..., description="Unique identifier for a tool call within a session.")


class ToolCallLocation(BaseModel):
    """
    A file location being accessed or modified by a tool.

    Enables clients to implement "follow-along" features that track
    which files the agent is working with in real-time.

    See protocol docs: [Following the Agent](https://agentclientprotocol.com/protocol/v2/draft/tool-calls#following-the-agent)
    """

    path: AbsolutePath = Field(
        ..., description="The absolute file path being accessed or modified."
    )
    line: int | None = Field(
        default=None, description="Optional line number within the file.", ge=0
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class ToolCallStatus(
    RootModel[Literal["pending", "in_progress", "completed", "failed", "cancelled"] | str]
):
    root: Literal["pending", "in_progress", "completed", "failed", "cancelled"] | str = Field(
        ...,
        description="Execution status of a tool call.\n\nTool calls progress through different statuses during their lifecycle.\n\nSee protocol docs: [Status](https://agentclientprotocol.com/protocol/v2/draft/tool-calls#status)",
    )


class ToolKind(
    RootModel[
        Literal[
            "read",
            "edit",
            "delete",
            "move",
            "search",
            "execute",
            "think",
            "fetch",
            "switch_mode",
            "other",
        ]
        | str
    ]
):
    root: (
        Literal[
            "read",
            "edit",
            "delete",
            "move",
            "search",
            "execute",
            "think",
            "fetch",
            "switch_mode",
            "other",
        ]
        | str
    ) = Field(
        ...,
        description="Categories of tools that can be invoked.\n\nTool kinds help clients choose appropriate icons and optimize how they\ndisplay tool execution progress.\n\nSee protocol docs: [Creating](https://agentclientprotocol.com/protocol/v2/draft/tool-calls#creating)",
    )


class UnarchiveSessionRequest(BaseModel):
    """
    Request parameters for unarchiving a session.

    Unarchiving returns the session to default `session/list` results with the same ID and
    saved history. Only available if the Agent supports the `session.archive` capability.
    """

    session_id: SessionId = Field(
        ..., alias="sessionId", description="The ID of the session to unarchive."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class UnarchiveSessionResponse(BaseModel):
    """
    Response from unarchiving a session.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class UpdateAuthStatusNotification(BaseModel):
    """
    Notification sent by the agent when its authentication state changes.

    Carries the same aggregate state as the `auth/status` response.
    """

    authenticated: bool = Field(
        ...,
        description="Whether the agent has credentials configured.\n\n`true` means credentials are present; their validity is not guaranteed. `false`\nmeans no credentials are configured.",
    )
    message: str | None = Field(
        default=None, description="Human-readable description of the overall auth state."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class Usage(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Token usage information for completed session work.
    """

    total_tokens: int = Field(
        ..., alias="totalTokens", description="Sum of all token types across session.", ge=0
    )
    input_tokens: int = Field(..., alias="inputTokens", description="Total input tokens.", ge=0)
    output_tokens: int = Field(..., alias="outputTokens", description="Total output tokens.", ge=0)
    thought_tokens: int | None = Field(
        default=None, alias="thoughtTokens", description="Total thought/reasoning tokens", ge=0
    )
    cached_read_tokens: int | None = Field(
        default=None, alias="cachedReadTokens", description="Total cache read tokens.", ge=0
    )
    cached_write_tokens: int | None = Field(
        default=None, alias="cachedWriteTokens", description="Total cache write tokens.", ge=0
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class WorkspaceFolder(BaseModel):
    """
    A workspace folder.
    """

    uri: str = Field(..., description="The URI of the folder.")
    name: str = Field(..., description="The display name of the folder.")
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class AcceptNesNotification(BaseModel):
    """
    Notification sent when a suggestion is accepted.
    """

    session_id: SessionId = Field(
        ..., alias="sessionId", description="The session ID for this notification."
    )
    suggestion_id: NesSuggestionId = Field(
        ..., alias="suggestionId", description="The ID of the accepted suggestion."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class AgentNotificationMcpMessage(BaseModel):
    method: Literal["mcp/message"] = Field(..., description="The notification method name.")
    params: MessageMcpNotification

    @model_validator(mode="before")
    @classmethod
    def check_not_agent_notification_mcp_message(cls, data: Any) -> Any:
        return not_agent_notification_mcp_message(data)


class AgentNotificationProxySuccessor(BaseModel):
    method: Literal["proxy/successor"] = Field(..., description="The notification method name.")
    params: ProxySuccessorNotification

    @model_validator(mode="before")
    @classmethod
    def check_not_agent_notification_proxy_successor(cls, data: Any) -> Any:
        return not_agent_notification_proxy_successor(data)


class AgentNotificationAuthStatusUpdate(BaseModel):
    method: Literal["auth/status_update"] = Field(..., description="The notification method name.")
    params: UpdateAuthStatusNotification

    @model_validator(mode="before")
    @classmethod
    def check_not_agent_notification_auth_status_update(cls, data: Any) -> Any:
        return not_agent_notification_auth_status_update(data)


class AgentRequestMcpMessage(BaseModel):
    id: RequestId | None = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["mcp/message"] = Field(..., description="The method name to invoke.")
    params: MessageMcpRequest


class AgentRequestProxySuccessor(BaseModel):
    id: RequestId | None = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["proxy/successor"] = Field(..., description="The method name to invoke.")
    params: ProxySuccessorRequest


class Annotations(BaseModel):
    """
    Optional annotations for the client. The client can use annotations to inform how objects are used or displayed
    """

    audience: list[Role] | None = Field(
        default=None,
        description="Intended recipients for this content, such as the user or assistant.",
    )
    last_modified: str | None = Field(
        default=None,
        alias="lastModified",
        description='Timestamp indicating when the underlying resource was last modified.\n\nMust be an RFC 3339 formatted string (e.g., "2025-01-12T15:00:58Z").',
    )
    priority: int | float | None = Field(
        default=None,
        description="Relative importance of this content when clients choose what to surface.",
        ge=0.0,
        le=1.0,
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class ArchiveSessionRequest(BaseModel):
    """
    Request parameters for archiving a session.

    Archiving hides the session from default `session/list` results and keeps its ID and
    saved history. Only available if the Agent supports the `session.archive` capability.
    """

    session_id: SessionId = Field(
        ..., alias="sessionId", description="The ID of the session to archive."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class AudioContent(BaseModel):
    """
    Audio provided to or from an LLM.
    """

    data: str = Field(..., description="Base64-encoded media payload.")
    mime_type: MediaType = Field(
        ..., alias="mimeType", description="MIME type describing the encoded media payload."
    )
    annotations: Annotations | None = Field(
        default=None,
        description="Optional annotations that help clients decide how to display or route this content.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class AuthCapabilities(BaseModel):
    """
    Authentication capabilities supported by the client.

    Advertised during initialization to inform the agent which authentication
    method types the client can handle. This governs opt-in types that require
    additional client-side support.
    """

    terminal: TerminalAuthCapabilities | None = Field(
        default=None,
        description="Whether the client supports `terminal` authentication methods.\n\nOptional. Omitted or `null` both mean the client does not advertise support.\nThe client should supply `{}` only when it can reproduce the configured\nagent invocation in an interactive terminal. Supplying `{}` means the\nagent may include `terminal` entries in its authentication methods.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class AuthMethodTerminal(BaseModel):
    """
    Terminal-based authentication method.

    The client runs the configured agent program as a separate interactive
    process for the user to authenticate via a TUI. Agents MUST advertise this
    method only when the client enabled its terminal authentication capability.
    A zero exit status signals success; any other termination signals failure.
    The client MUST NOT pass this method to `auth/login`.
    """

    method_id: AuthMethodId = Field(
        ..., alias="methodId", description="Unique identifier for this authentication method."
    )
    name: str = Field(..., description="Human-readable name of the authentication method.")
    description: str | None = Field(
        default=None,
        description="Optional description providing more details about this authentication method.",
    )
    args: list[str] | None = Field(
        default=None,
        description="Additional arguments to append to the configured agent invocation for terminal auth.",
    )
    env: list[EnvVariable] | None = Field(
        default=None,
        description="Additional environment variables to set on the configured agent invocation for terminal auth.\nNames MUST be unique. These values override same-named variables in the\nbase launch configuration.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    @field_validator("args", "env", mode="before")
    @classmethod
    def reject_null_validator(cls, v: Any, info: ValidationInfo) -> Any:
        return reject_null(v, info)


class AuthMethodAgent(BaseModel):
    """
    Agent handles authentication itself through `auth/login`.

    The `type` discriminator value is `agent`.
    """

    method_id: AuthMethodId = Field(
        ..., alias="methodId", description="Unique identifier for this authentication method."
    )
    name: str = Field(..., description="Human-readable name of the authentication method.")
    description: str | None = Field(
        default=None,
        description="Optional description providing more details about this authentication method.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class AuthMethodTypeTerminal(AuthMethodTerminal):
    """
    Client runs the configured agent program as a separate interactive
    process, without passing this method to `auth/login`.
    """

    type: Literal["terminal"]


class AuthMethodTypeAgent(AuthMethodAgent):
    """
    Agent handles authentication itself through `auth/login`.

    The `type` discriminator value is `agent`.
    """

    type: Literal["agent"]


class AuthMethodOther(BaseModel):
    """
    Custom or future authentication method.

    Values beginning with `_` are reserved for implementation-specific
    extensions. Unknown values that do not begin with `_` are reserved for
    future ACP variants.

    Clients that do not understand this method type should preserve the raw
    payload when storing, replaying, proxying, or forwarding initialization
    data, and otherwise ignore the method or display it generically.
    """

    type: str = Field(
        ...,
        description="Custom or future authentication method type.\n\nValues beginning with `_` are reserved for implementation-specific\nextensions. Unknown values that do not begin with `_` are reserved for\nfuture ACP variants.",
    )
    method_id: AuthMethodId = Field(
        ..., alias="methodId", description="Unique identifier for this authentication method."
    )
    name: str = Field(..., description="Human-readable name of the authentication method.")
    description: str | None = Field(
        default=None,
        description="Optional description providing more details about this authentication method.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    @model_validator(mode="before")
    @classmethod
    def check_not_auth_method_other(cls, data: Any) -> Any:
        return not_auth_method_other(data)


class AuthMethod(RootModel[AuthMethodTypeTerminal | AuthMethodTypeAgent | AuthMethodOther]):
    root: Annotated[
        Union[
            Annotated[AuthMethodTypeTerminal, Tag("terminal")],
            Annotated[AuthMethodTypeAgent, Tag("agent")],
            Annotated[AuthMethodOther, Tag("_other")],
        ],
        Discriminator(
            tag_of(
                "type",
                (
                    "terminal",
                    "agent",
                ),
                "_other",
            )
        ),
    ] = Field(
        ...,
        description="Describes an available authentication method.\n\nThe `type` field acts as the discriminator in the serialized JSON form.",
    )


class AvailableCommand(BaseModel):
    """
    Information about a command.
    """

    name: str = Field(..., description="Command name (e.g., `create_plan`, `research_codebase`).")
    description: str = Field(
        ..., description="Human-readable description of what the command does."
    )
    input: AvailableCommandInput | None = Field(
        default=None, description="Input for the command if required"
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class AvailableCommandsUpdate(BaseModel):
    """
    Available commands are ready or have changed
    """

    available_commands: list[AvailableCommand] = Field(
        ..., alias="availableCommands", description="Commands the agent can execute."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class BlobResourceContents(BaseModel):
    """
    Binary resource contents.
    """

    blob: str = Field(..., description="Base64-encoded bytes for a binary resource payload.")
    uri: str = Field(..., description="URI associated with this resource or media payload.")
    mime_type: MediaType | None = Field(
        default=None,
        alias="mimeType",
        description="MIME type describing the encoded media payload.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class CancelRequestNotification(BaseModel):
    """
    Notification to cancel an ongoing request.

    See protocol docs: [Cancellation](https://agentclientprotocol.com/protocol/v2/draft/cancellation)
    """

    request_id: RequestId | None = Field(
        ..., alias="requestId", description="The ID of the request to cancel."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class CancelSessionNotification(BaseModel):
    """
    Notification to cancel ongoing operations for a session.

    See protocol docs: [Cancellation](https://agentclientprotocol.com/protocol/v2/draft/prompt-lifecycle#cancellation)
    """

    session_id: SessionId = Field(
        ..., alias="sessionId", description="The ID of the session to cancel operations for."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class CancelTerminalRequest(BaseModel):
    """
    Request parameters for stopping the command running in an agent-owned terminal.

    The `terminal_update` for the terminal reports its exit.
    """

    session_id: SessionId = Field(
        ..., alias="sessionId", description="The ID of the session the terminal belongs to."
    )
    terminal_id: TerminalId = Field(
        ..., alias="terminalId", description="The ID of the terminal to cancel."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class CancelToolCallRequest(BaseModel):
    """
    Request parameters for cancelling one tool call.

    The `tool_call_update` for the tool call reports its final status.
    """

    session_id: SessionId = Field(
        ..., alias="sessionId", description="The ID of the session the tool call belongs to."
    )
    tool_call_id: ToolCallId = Field(
        ..., alias="toolCallId", description="The ID of the tool call to cancel."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class ClientNesCapabilities(BaseModel):
    """
    NES capabilities advertised by the client during initialization.
    """

    jump: NesJumpCapabilities | None = Field(
        default=None, description="Whether the client supports the `jump` suggestion kind."
    )
    rename: NesRenameCapabilities | None = Field(
        default=None, description="Whether the client supports the `rename` suggestion kind."
    )
    search_and_replace: NesSearchAndReplaceCapabilities | None = Field(
        default=None,
        alias="searchAndReplace",
        description="Whether the client supports the `searchAndReplace` suggestion kind.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class ClientNotificationSessionCancel(BaseModel):
    method: Literal["session/cancel"] = Field(..., description="The notification method name.")
    params: CancelSessionNotification

    @model_validator(mode="before")
    @classmethod
    def check_not_client_notification_session_cancel(cls, data: Any) -> Any:
        return not_client_notification_session_cancel(data)


class ClientNotificationMcpMessage(BaseModel):
    method: Literal["mcp/message"] = Field(..., description="The notification method name.")
    params: MessageMcpNotification

    @model_validator(mode="before")
    @classmethod
    def check_not_client_notification_mcp_message(cls, data: Any) -> Any:
        return not_client_notification_mcp_message(data)


class ClientNotificationNesAccept(BaseModel):
    method: Literal["nes/accept"] = Field(..., description="The notification method name.")
    params: AcceptNesNotification

    @model_validator(mode="before")
    @classmethod
    def check_not_client_notification_nes_accept(cls, data: Any) -> Any:
        return not_client_notification_nes_accept(data)


class ClientNotificationProxySuccessor(BaseModel):
    method: Literal["proxy/successor"] = Field(..., description="The notification method name.")
    params: ProxySuccessorNotification

    @model_validator(mode="before")
    @classmethod
    def check_not_client_notification_proxy_successor(cls, data: Any) -> Any:
        return not_client_notification_proxy_successor(data)


class ClientRequestAuthLogin(BaseModel):
    id: RequestId | None = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["auth/login"] = Field(..., description="The method name to invoke.")
    params: LoginAuthRequest


class ClientRequestAuthLogout(BaseModel):
    id: RequestId | None = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["auth/logout"] = Field(..., description="The method name to invoke.")
    params: LogoutAuthRequest


class ClientRequestSessionSetConfigOption(BaseModel):
    id: RequestId | None = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["session/set_config_option"] = Field(
        ..., description="The method name to invoke."
    )
    params: SetSessionConfigOptionRequest


class ClientRequestProvidersList(BaseModel):
    id: RequestId | None = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["providers/list"] = Field(..., description="The method name to invoke.")
    params: ListProvidersRequest


class ClientRequestProvidersSet(BaseModel):
    id: RequestId | None = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["providers/set"] = Field(..., description="The method name to invoke.")
    params: SetProviderRequest


class ClientRequestMcpMessage(BaseModel):
    id: RequestId | None = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["mcp/message"] = Field(..., description="The method name to invoke.")
    params: MessageMcpRequest


class ClientRequestSessionArchive(BaseModel):
    id: RequestId | None = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["session/archive"] = Field(..., description="The method name to invoke.")
    params: ArchiveSessionRequest


class ClientRequestSessionUnarchive(BaseModel):
    id: RequestId | None = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["session/unarchive"] = Field(..., description="The method name to invoke.")
    params: UnarchiveSessionRequest


class ClientRequestSessionStatus(BaseModel):
    id: RequestId | None = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["session/status"] = Field(..., description="The method name to invoke.")
    params: SessionStatusRequest


class ClientRequestSessionSetTitle(BaseModel):
    id: RequestId | None = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["session/set_title"] = Field(..., description="The method name to invoke.")
    params: SetSessionTitleRequest


class ClientRequestAuthStatus(BaseModel):
    id: RequestId | None = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["auth/status"] = Field(..., description="The method name to invoke.")
    params: AuthStatusRequest


class ClientRequestProxySuccessor(BaseModel):
    id: RequestId | None = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["proxy/successor"] = Field(..., description="The method name to invoke.")
    params: ProxySuccessorRequest


class ClientRequestToolCallCancel(BaseModel):
    id: RequestId | None = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["tool_call/cancel"] = Field(..., description="The method name to invoke.")
    params: CancelToolCallRequest


class ClientRequestTerminalCancel(BaseModel):
    id: RequestId | None = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["terminal/cancel"] = Field(..., description="The method name to invoke.")
    params: CancelTerminalRequest


class ClientRequestSessionOptions(BaseModel):
    id: RequestId | None = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["session/options"] = Field(..., description="The method name to invoke.")
    params: SessionOptionsRequest


class CloseNesRequest(BaseModel):
    """
    Request to close an NES session.

    The agent **must** cancel any ongoing work related to the NES session
    and then free up any resources associated with the session.
    """

    session_id: SessionId = Field(
        ..., alias="sessionId", description="The ID of the NES session to close."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class CloseSessionRequest(BaseModel):
    """
    Request parameters for closing an active session.

    The agent **must** cancel any ongoing work related to the session (treat it
    as if `session/cancel` was called) and then free up any resources associated
    with the session.
    """

    session_id: SessionId = Field(
        ..., alias="sessionId", description="The ID of the session to close."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class CommandPermissionSubject(BaseModel):
    """
    Permission request details for a command.
    """

    command: str = Field(..., description="The command that would be run if permission is granted.")
    cwd: AbsolutePath = Field(..., description="The absolute working directory for the command.")
    tool_call_id: ToolCallId | None = Field(
        default=None,
        alias="toolCallId",
        description="The associated tool call, when known. Omitted and `null` are equivalent.",
    )
    terminal_id: TerminalId | None = Field(
        default=None,
        alias="terminalId",
        description="The associated terminal, when already known. Omitted and `null` are equivalent.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys. Omitted and `null` are equivalent and mean no subject metadata was provided.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class CompleteElicitationNotification(BaseModel):
    """
    Notification sent by the agent when a URL-based elicitation is complete.
    """

    elicitation_id: ElicitationId = Field(
        ..., alias="elicitationId", description="The ID of the elicitation that completed."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nOptional. Omitted and `null` are equivalent and mean no metadata.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class ConnectMcpRequest(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Request parameters for `mcp/connect`.
    """

    server_id: McpServerAcpId = Field(
        ...,
        alias="serverId",
        description="The ACP MCP server ID that was provided by the component declaring the MCP server.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class ConnectMcpResponse(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Response to `mcp/connect`.
    """

    connection_id: McpConnectionId = Field(
        ...,
        alias="connectionId",
        description="The unique identifier for this MCP-over-ACP connection.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class TextContent(BaseModel):
    """
    Text provided to or from an LLM.
    """

    text: str = Field(..., description="Text payload carried by this content block.")
    annotations: Annotations | None = Field(
        default=None,
        description="Optional annotations that help clients decide how to display or route this content.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class ImageContent(BaseModel):
    """
    An image provided to or from an LLM.
    """

    data: str = Field(..., description="Base64-encoded media payload.")
    mime_type: MediaType = Field(
        ..., alias="mimeType", description="MIME type describing the encoded media payload."
    )
    uri: str | None = Field(
        default=None, description="URI associated with this resource or media payload."
    )
    annotations: Annotations | None = Field(
        default=None,
        description="Optional annotations that help clients decide how to display or route this content.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class ContentBlockText(TextContent):
    """
    Text content. May be plain text or formatted with Markdown.

    All agents MUST support text content blocks in prompts.
    Clients SHOULD render this text as Markdown.
    """

    type: Literal["text"]


class ContentBlockImage(ImageContent):
    """
    Images for visual context or analysis.

    Requires the `image` prompt capability when included in prompts.
    """

    type: Literal["image"]


class ContentBlockAudio(AudioContent):
    """
    Audio data for transcription or analysis.

    Requires the `audio` prompt capability when included in prompts.
    """

    type: Literal["audio"]


class ElicitationSessionScope(BaseModel):
    """
    Session-scoped elicitation, optionally tied to a specific tool call.

    When `tool_call_id` is set, the elicitation is tied to a specific tool call.
    This is useful when an agent receives an elicitation from an MCP server
    during a tool call and needs to redirect it to the user.
    """

    session_id: SessionId = Field(
        ..., alias="sessionId", description="The session this elicitation is tied to."
    )
    tool_call_id: ToolCallId | None = Field(
        default=None,
        alias="toolCallId",
        description="Optional tool call within the session.\n\nOptional. Omitted and `null` are equivalent and mean the elicitation is scoped to the\nsession without a specific tool call.",
    )


class ElicitationRequestScope(BaseModel):
    """
    Request-scoped elicitation, tied to a specific JSON-RPC request outside of a session
    (e.g., during auth/configuration phases before any session is started).
    """

    request_id: RequestId | None = Field(
        ..., alias="requestId", description="The request this elicitation is tied to."
    )


class ElicitationUrlModeSession(ElicitationSessionScope):
    """
    Tied to a session, optionally to a specific tool call within that session.
    """

    elicitation_id: ElicitationId = Field(
        ..., alias="elicitationId", description="The unique identifier for this elicitation."
    )
    url: str = Field(..., description="The URL to direct the user to.")


class ElicitationUrlModeRequest(ElicitationRequestScope):
    """
    Tied to a specific JSON-RPC request outside of a session
    (e.g., during auth/configuration phases before any session is started).
    """

    elicitation_id: ElicitationId = Field(
        ..., alias="elicitationId", description="The unique identifier for this elicitation."
    )
    url: str = Field(..., description="The URL to direct the user to.")


class ElicitationUrlMode(RootModel[ElicitationUrlModeSession | ElicitationUrlModeRequest]):
    root: ElicitationUrlModeSession | ElicitationUrlModeRequest = Field(
        ..., description="URL-based elicitation mode where the client directs the user to a URL."
    )


class CreateElicitationRequestUrlSession(ElicitationUrlModeSession):
    """
    URL-based elicitation where the client directs the user to a URL.
    """

    message: str = Field(
        ..., description="A human-readable message describing what input is needed."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nOptional. Omitted and `null` are equivalent and mean no metadata.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    mode: Literal["url"]


class CreateElicitationRequestUrlRequest(ElicitationUrlModeRequest):
    """
    URL-based elicitation where the client directs the user to a URL.
    """

    message: str = Field(
        ..., description="A human-readable message describing what input is needed."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nOptional. Omitted and `null` are equivalent and mean no metadata.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    mode: Literal["url"]


class CreateElicitationRequestOtherSession(ElicitationSessionScope):
    """
    Tied to a session, optionally to a specific tool call within that session.
    """

    message: str = Field(
        ..., description="A human-readable message describing what input is needed."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nOptional. Omitted and `null` are equivalent and mean no metadata.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    mode: str = Field(
        ...,
        description="Custom or future elicitation mode.\n\nValues beginning with `_` are reserved for implementation-specific\nextensions. Unknown values that do not begin with `_` are reserved for\nfuture ACP variants.",
    )

    @model_validator(mode="before")
    @classmethod
    def check_not_create_elicitation_request_other_session(cls, data: Any) -> Any:
        return not_create_elicitation_request_other_session(data)


class CreateElicitationRequestOtherRequest(ElicitationRequestScope):
    """
    Tied to a specific JSON-RPC request outside of a session
    (e.g., during auth/configuration phases before any session is started).
    """

    message: str = Field(
        ..., description="A human-readable message describing what input is needed."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nOptional. Omitted and `null` are equivalent and mean no metadata.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    mode: str = Field(
        ...,
        description="Custom or future elicitation mode.\n\nValues beginning with `_` are reserved for implementation-specific\nextensions. Unknown values that do not begin with `_` are reserved for\nfuture ACP variants.",
    )

    @model_validator(mode="before")
    @classmethod
    def check_not_create_elicitation_request_other_request(cls, data: Any) -> Any:
        return not_create_elicitation_request_other_request(data)


class ElicitationAcceptAction(BaseModel):
    """
    The user accepted the elicitation and provided content.
    """

    content: dict[str, ElicitationContentValue] | None = Field(
        default=None,
        description="The user-provided content, if any, as an object matching the requested schema.",
    )


class CreateElicitationResponseAccept(ElicitationAcceptAction):
    """
    The user accepted and provided content.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nOptional. Omitted and `null` are equivalent and mean no metadata.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    action: Literal["accept"]


class CreateElicitationResponse(
    RootModel[
        CreateElicitationResponseAccept
        | CreateElicitationResponseDecline
        | CreateElicitationResponseCancel
        | CreateElicitationResponseOther
    ]
):
    root: Annotated[
        Union[
            Annotated[CreateElicitationResponseAccept, Tag("accept")],
            Annotated[CreateElicitationResponseDecline, Tag("decline")],
            Annotated[CreateElicitationResponseCancel, Tag("cancel")],
            Annotated[CreateElicitationResponseOther, Tag("_other")],
        ],
        Discriminator(
            tag_of(
                "action",
                (
                    "accept",
                    "decline",
                    "cancel",
                ),
                "_other",
            )
        ),
    ] = Field(..., description="Response from the client to an elicitation request.")


class DeleteSessionRequest(BaseModel):
    """
    Request parameters for deleting an existing session from `session/list`.

    Only available if the Agent supports the `session.delete` capability.
    """

    session_id: SessionId = Field(
        ..., alias="sessionId", description="The ID of the session to delete."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class DidChangeDocumentNotification(BaseModel):
    """
    Notification sent when a file is edited.
    """

    session_id: SessionId = Field(
        ..., alias="sessionId", description="The session ID for this notification."
    )
    uri: str = Field(..., description="The URI of the changed document.")
    version: int = Field(..., description="The new version number of the document.")
    content_changes: list[TextDocumentContentChangeEvent] = Field(
        ..., alias="contentChanges", description="The content changes."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class DidCloseDocumentNotification(BaseModel):
    """
    Notification sent when a file is closed.
    """

    session_id: SessionId = Field(
        ..., alias="sessionId", description="The session ID for this notification."
    )
    uri: str = Field(..., description="The URI of the closed document.")
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class DidFocusDocumentNotification(BaseModel):
    """
    Notification sent when a file becomes the active editor tab.
    """

    session_id: SessionId = Field(
        ..., alias="sessionId", description="The session ID for this notification."
    )
    uri: str = Field(..., description="The URI of the focused document.")
    version: int = Field(..., description="The version number of the document.")
    position: Position = Field(..., description="The current cursor position.")
    visible_range: Range = Field(
        ...,
        alias="visibleRange",
        description="The portion of the file currently visible in the editor viewport.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class DidOpenDocumentNotification(BaseModel):
    """
    Notification sent when a file is opened in the editor.
    """

    session_id: SessionId = Field(
        ..., alias="sessionId", description="The session ID for this notification."
    )
    uri: str = Field(..., description="The URI of the opened document.")
    language_id: str = Field(
        ...,
        alias="languageId",
        description='The language identifier of the document (e.g., "rust", "python").',
    )
    version: int = Field(..., description="The version number of the document.")
    text: str = Field(..., description="The full text content of the document.")
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class DidSaveDocumentNotification(BaseModel):
    """
    Notification sent when a file is saved.
    """

    session_id: SessionId = Field(
        ..., alias="sessionId", description="The session ID for this notification."
    )
    uri: str = Field(..., description="The URI of the saved document.")
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class DiffChangeAdd(DiffPathChange):
    """
    A file was added.
    """

    file_type: DiffFileType | None = Field(
        default=None,
        alias="fileType",
        description="File content kind.\n\nOmitted or `null` means the content kind is unknown.",
    )
    mime_type: MediaType | None = Field(
        default=None,
        alias="mimeType",
        description="MIME type of the file contents.\n\nOmitted or `null` means the MIME type is unknown.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    operation: Literal["add"]


class DiffChangeDelete(DiffPathChange):
    """
    A file was deleted.
    """

    file_type: DiffFileType | None = Field(
        default=None,
        alias="fileType",
        description="File content kind.\n\nOmitted or `null` means the content kind is unknown.",
    )
    mime_type: MediaType | None = Field(
        default=None,
        alias="mimeType",
        description="MIME type of the file contents.\n\nOmitted or `null` means the MIME type is unknown.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    operation: Literal["delete"]


class DiffChangeModify(DiffPathChange):
    """
    A file was modified in place.
    """

    file_type: DiffFileType | None = Field(
        default=None,
        alias="fileType",
        description="File content kind.\n\nOmitted or `null` means the content kind is unknown.",
    )
    mime_type: MediaType | None = Field(
        default=None,
        alias="mimeType",
        description="MIME type of the file contents.\n\nOmitted or `null` means the MIME type is unknown.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    operation: Literal["modify"]


class DiffChangeMove(DiffPathPairChange):
    """
    A file was moved or renamed.
    """

    file_type: DiffFileType | None = Field(
        default=None,
        alias="fileType",
        description="File content kind.\n\nOmitted or `null` means the content kind is unknown.",
    )
    mime_type: MediaType | None = Field(
        default=None,
        alias="mimeType",
        description="MIME type of the file contents.\n\nOmitted or `null` means the MIME type is unknown.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    operation: Literal["move"]


class DiffChangeCopy(DiffPathPairChange):
    """
    A file was copied.
    """

    file_type: DiffFileType | None = Field(
        default=None,
        alias="fileType",
        description="File content kind.\n\nOmitted or `null` means the content kind is unknown.",
    )
    mime_type: MediaType | None = Field(
        default=None,
        alias="mimeType",
        description="MIME type of the file contents.\n\nOmitted or `null` means the MIME type is unknown.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    operation: Literal["copy"]


class DiffChangeOther(BaseModel):
    """
    Custom or future file operation.

    Values beginning with `_` are reserved for implementation-specific
    extensions. Unknown values that do not begin with `_` are reserved for
    future ACP variants.
    """

    file_type: DiffFileType | None = Field(
        default=None,
        alias="fileType",
        description="File content kind.\n\nOmitted or `null` means the content kind is unknown.",
    )
    mime_type: MediaType | None = Field(
        default=None,
        alias="mimeType",
        description="MIME type of the file contents.\n\nOmitted or `null` means the MIME type is unknown.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    operation: str = Field(
        ...,
        description="Custom or future file operation.\n\nValues beginning with `_` are reserved for implementation-specific\nextensions. Unknown values that do not begin with `_` are reserved for\nfuture ACP variants.",
    )

    @model_validator(mode="before")
    @classmethod
    def check_not_diff_change_other(cls, data: Any) -> Any:
        return not_diff_change_other(data)


class DiffChange(
    RootModel[
        DiffChangeAdd
        | DiffChangeDelete
        | DiffChangeModify
        | DiffChangeMove
        | DiffChangeCopy
        | DiffChangeOther
    ]
):
    root: Annotated[
        Union[
            Annotated[DiffChangeAdd, Tag("add")],
            Annotated[DiffChangeDelete, Tag("delete")],
            Annotated[DiffChangeModify, Tag("modify")],
            Annotated[DiffChangeMove, Tag("move")],
            Annotated[DiffChangeCopy, Tag("copy")],
            Annotated[DiffChangeOther, Tag("_other")],
        ],
        Discriminator(
            tag_of(
                "operation",
                (
                    "add",
                    "delete",
                    "modify",
                    "move",
                    "copy",
                ),
                "_other",
            )
        ),
    ] = Field(
        ...,
        description="One file-level change described by a [`Diff`].\n\nStructured change metadata lets clients identify affected files and\noperations without parsing the text patch.",
    )


class DiffPatch(BaseModel):
    """
    Renderable patch text and its format.
    """

    format: DiffPatchFormat = Field(
        ..., description="Patch format. The only ACP-defined value is `git_patch`."
    )
    text: str = Field(..., description="Patch text in the format named by `format`.")


class DisableProviderRequest(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Request parameters for `providers/disable`.
    """

    provider_id: ProviderId = Field(..., alias="providerId", description="Provider ID to disable.")
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class DisconnectMcpRequest(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Request parameters for `mcp/disconnect`.
    """

    connection_id: McpConnectionId = Field(
        ..., alias="connectionId", description="The MCP-over-ACP connection to close."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class ElicitationCapabilities(BaseModel):
    """
    Elicitation capabilities supported by the client.
    """

    form: ElicitationFormCapabilities | None = Field(
        default=None,
        description="Whether the client supports form-based elicitation.\n\nOptional. Omitted and `null` are equivalent and mean form support is not advertised.\nSupplying `{}` explicitly advertises form support.",
    )
    url: ElicitationUrlCapabilities | None = Field(
        default=None,
        description="Whether the client supports URL-based elicitation.\n\nOptional. Omitted or `null` both mean the client does not advertise support.\nSupplying `{}` means the client supports URL-based elicitation.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nOptional. Omitted and `null` are equivalent and mean no metadata.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class StringPropertySchema(BaseModel):
    """
    Schema for string properties in an elicitation form.

    When `enum` or `oneOf` is set, this represents a single-select enum
    with `"type": "string"`.
    """

    title: str | None = Field(
        default=None,
        description="Optional title for the property.\n\nOptional. Omitted and `null` are equivalent and mean no title is provided.",
    )
    description: str | None = Field(
        default=None,
        description="Human-readable description.\n\nOptional. Omitted and `null` are equivalent and mean no description is provided.",
    )
    min_length: int | None = Field(
        default=None,
        alias="minLength",
        description="Minimum string length.\n\nOptional. Omitted and `null` are equivalent and mean there is no minimum length constraint.",
        ge=0,
    )
    max_length: int | None = Field(
        default=None,
        alias="maxLength",
        description="Maximum string length.\n\nOptional. Omitted and `null` are equivalent and mean there is no maximum length constraint.",
        ge=0,
    )
    pattern: str | None = Field(
        default=None,
        description="Pattern the string must match.\n\nOptional. Omitted and `null` are equivalent and mean there is no pattern constraint.",
    )
    format: StringFormat | None = Field(
        default=None,
        description="String format.\n\nOptional. Omitted and `null` are equivalent and mean there is no format constraint.",
    )
    default: str | None = Field(
        default=None,
        description="Default value.\n\nOptional. Omitted and `null` are equivalent and mean no default value is provided.",
    )
    enum: list[str] | None = Field(
        default=None,
        description="Enum values for untitled single-select enums.\nMust contain at least one value when present.\nOptional. Omitted and `null` are equivalent and mean no untitled single-select choices are\ndeclared by `enum`.",
        min_length=1,
    )
    one_of: list[EnumOption] | None = Field(
        default=None,
        alias="oneOf",
        description="Titled enum options for titled single-select enums.\nMust contain at least one option when present.\nOptional. Omitted and `null` are equivalent and mean no titled single-select choices are\ndeclared by `oneOf`.",
        min_length=1,
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nOptional. Omitted and `null` are equivalent and mean no metadata.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class ElicitationPropertySchemaString(StringPropertySchema):
    """
    String property (or single-select enum when `enum`/`oneOf` is set).
    """

    type: Literal["string"]


class EmbeddedResourceResource(RootModel[TextResourceContents | BlobResourceContents]):
    root: TextResourceContents | BlobResourceContents = Field(
        ..., description="Resource content that can be embedded in a message."
    )


class Error(BaseModel):
    """
    JSON-RPC error object.

    Represents an error that occurred during method execution, following the
    JSON-RPC 2.0 error object specification with optional additional data.

    See protocol docs: [JSON-RPC Error Object](https://www.jsonrpc.org/specification#error_object)
    """

    code: ErrorCode = Field(
        ...,
        description="A number indicating the error type that occurred.\nThis must be an integer as defined in the JSON-RPC specification.",
    )
    message: str = Field(
        ...,
        description="A string providing a short description of the error.\nThe message should be limited to a concise single sentence.",
    )
    data: Any | None = Field(
        default=None,
        description="Optional primitive or structured value that contains additional information about the error.\nThis may include debugging information or context-specific details.",
    )


class Icon(BaseModel):
    """
    An optionally-sized icon that can be displayed in a user interface.
    """

    src: str = Field(..., description="A standard URI pointing to an icon resource.")
    mime_type: MediaType | None = Field(
        default=None,
        alias="mimeType",
        description="Optional MIME type override if the source MIME type is missing or generic.",
    )
    sizes: list[str] | None = Field(
        default=None,
        description='Optional array of strings that specify sizes at which the icon can be used.\nEach string should be in `WxH` format (e.g., `"48x48"`, `"96x96"`) or\n`"any"` for scalable formats like SVG.\n\nIf not provided, the client should assume that the icon can be used at any size.',
    )
    theme: IconTheme | None = Field(
        default=None, description="Optional theme this icon is designed for."
    )


class IdleStateUpdate(BaseModel):
    """
    The agent is ready to process a new prompt.
    """

    stop_reason: StopReason | None = Field(
        default=None,
        alias="stopReason",
        description="Indicates why foreground work stopped.\n\nOptional. Omitted or `null` both mean the agent is not reporting a stop reason.\nAgents SHOULD include this when the idle transition ends foreground work.",
    )
    usage: Usage | None = Field(
        default=None,
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nToken usage for completed foreground work.\n\nOptional. Omitted or `null` both mean the agent is not reporting token\nusage for this state update.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class ListProvidersResponse(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Response to `providers/list`.
    """

    providers: list[ProviderInfo] = Field(
        ..., description="Configurable providers with current routing info suitable for UI display."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class ListSessionsRequest(BaseModel):
    """
    Request parameters for listing existing sessions.
    """

    cwd: AbsolutePath | None = Field(
        default=None, description="Filter sessions by working directory. Must be an absolute path."
    )
    cursor: SessionListCursor | None = Field(
        default=None,
        description="Opaque cursor token from a previous response's nextCursor field for cursor-based pagination",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class ListSessionsResponse(BaseModel):
    """
    Response from listing sessions.
    """

    sessions: list[SessionInfo] = Field(..., description="Array of session information objects.")
    next_cursor: SessionListCursor | None = Field(
        default=None,
        alias="nextCursor",
        description="Opaque cursor token. If present, pass this in the next request's cursor parameter\nto fetch the next page. If absent, there are no more results.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class McpCapabilities(BaseModel):
    """
    MCP capabilities supported by the agent for session lifecycle requests.
    """

    stdio: McpStdioCapabilities | None = Field(
        default=None,
        description="Agent supports [`McpServer::Stdio`].\n\nOptional. Omitted or `null` both mean the agent does not advertise support.\nSupplying `{}` means the agent supports stdio MCP server transports.",
    )
    http: McpHttpCapabilities | None = Field(
        default=None,
        description="Agent supports [`McpServer::Http`].\n\nOptional. Omitted or `null` both mean the agent does not advertise support.\nSupplying `{}` means the agent supports HTTP MCP server transports.",
    )
    acp: McpAcpCapabilities | None = Field(
        default=None,
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nAgent supports [`McpServer::Acp`].\n\nOptional. Omitted or `null` both mean the agent does not advertise support.\nSupplying `{}` means the agent supports ACP MCP server transports.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class McpServerAcp(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    ACP transport configuration for MCP.

    The MCP server is provided by an ACP component and communicates over the ACP channel
    using `mcp/connect`, `mcp/message`, and `mcp/disconnect`.
    """

    name: str = Field(..., description="Human-readable name identifying this MCP server.")
    server_id: McpServerAcpId = Field(
        ...,
        alias="serverId",
        description="Unique identifier for this MCP server, generated by the component providing it.\n\nProviders MUST NOT reuse an ID for multiple ACP-transport MCP servers that are visible\non the same ACP connection.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class McpServerTypeAcp(McpServerAcp):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    ACP transport configuration

    Only available when the Agent capabilities include `session.mcp.acp`.
    The MCP server is provided by an ACP component and communicates over the ACP channel.
    """

    type: Literal["acp"]


class McpServer(
    RootModel[McpServerTypeHttp | McpServerTypeAcp | McpServerTypeStdio | McpServerOther]
):
    root: Annotated[
        Union[
            Annotated[McpServerTypeHttp, Tag("http")],
            Annotated[McpServerTypeAcp, Tag("acp")],
            Annotated[McpServerTypeStdio, Tag("stdio")],
            Annotated[McpServerOther, Tag("_other")],
        ],
        Discriminator(
            tag_of(
                "type",
                (
                    "http",
                    "acp",
                    "stdio",
                ),
                "_other",
            )
        ),
    ] = Field(
        ...,
        description="Configuration for connecting to an MCP (Model Context Protocol) server.\n\nMCP servers provide tools and context that the agent can use when\nprocessing prompts.\n\nSee protocol docs: [MCP Servers](https://agentclientprotocol.com/protocol/v2/draft/session-setup#mcp-servers)",
    )


class MultiSelectItems(
    RootModel[MultiSelectItemsString | MultiSelectItemsOther | TitledMultiSelectItems]
):
    root: MultiSelectItemsString | MultiSelectItemsOther | TitledMultiSelectItems = Field(
        ..., description="Items for a multi-select (array) property schema."
    )


class NesContextCapabilities(BaseModel):
    """
    Context capabilities the agent wants attached to each suggestion request.
    """

    recent_files: NesRecentFilesCapabilities | None = Field(
        default=None,
        alias="recentFiles",
        description="Whether the agent wants recent files context.",
    )
    related_snippets: NesRelatedSnippetsCapabilities | None = Field(
        default=None,
        alias="relatedSnippets",
        description="Whether the agent wants related snippets context.",
    )
    edit_history: NesEditHistoryCapabilities | None = Field(
        default=None,
        alias="editHistory",
        description="Whether the agent wants edit history context.",
    )
    user_actions: NesUserActionsCapabilities | None = Field(
        default=None,
        alias="userActions",
        description="Whether the agent wants user actions context.",
    )
    open_files: NesOpenFilesCapabilities | None = Field(
        default=None, alias="openFiles", description="Whether the agent wants open files context."
    )
    diagnostics: NesDiagnosticsCapabilities | None = Field(
        default=None, description="Whether the agent wants diagnostics context."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class NesDiagnostic(BaseModel):
    """
    A diagnostic (error, warning, etc.).
    """

    uri: str = Field(..., description="The URI of the file containing the diagnostic.")
    range: Range = Field(..., description="The range of the diagnostic.")
    severity: NesDiagnosticSeverity = Field(..., description="The severity of the diagnostic.")
    message: str = Field(..., description="The diagnostic message.")
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class NesDocumentDidChangeCapabilities(BaseModel):
    """
    Capabilities for `document/didChange` events.
    """

    sync_kind: TextDocumentSyncKind = Field(
        ...,
        alias="syncKind",
        description='The sync kind the agent wants: `"full"` or `"incremental"`.',
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class NesDocumentEventCapabilities(BaseModel):
    """
    Document event capabilities the agent wants to receive.
    """

    did_open: NesDocumentDidOpenCapabilities | None = Field(
        default=None,
        alias="didOpen",
        description="Whether the agent wants `document/didOpen` events.",
    )
    did_change: NesDocumentDidChangeCapabilities | None = Field(
        default=None,
        alias="didChange",
        description="Whether the agent wants `document/didChange` events, and the sync kind.",
    )
    did_close: NesDocumentDidCloseCapabilities | None = Field(
        default=None,
        alias="didClose",
        description="Whether the agent wants `document/didClose` events.",
    )
    did_save: NesDocumentDidSaveCapabilities | None = Field(
        default=None,
        alias="didSave",
        description="Whether the agent wants `document/didSave` events.",
    )
    did_focus: NesDocumentDidFocusCapabilities | None = Field(
        default=None,
        alias="didFocus",
        description="Whether the agent wants `document/didFocus` events.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class NesEventCapabilities(BaseModel):
    """
    Event capabilities the agent can consume.
    """

    document: NesDocumentEventCapabilities | None = Field(
        default=None, description="Document event capabilities."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class NesJumpSuggestion(BaseModel):
    """
    A jump-to-location suggestion.
    """

    suggestion_id: NesSuggestionId = Field(
        ..., alias="suggestionId", description="Unique identifier for accept/reject tracking."
    )
    uri: str = Field(..., description="The file to navigate to.")
    position: Position = Field(..., description="The target position within the file.")
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class NesOpenFile(BaseModel):
    """
    An open file in the editor.
    """

    uri: str = Field(..., description="The URI of the file.")
    language_id: str = Field(..., alias="languageId", description="The language identifier.")
    visible_range: Range | None = Field(
        default=None, alias="visibleRange", description="The visible range in the editor, if any."
    )
    last_focused_ms: int | None = Field(
        default=None,
        alias="lastFocusedMs",
        description="Timestamp in milliseconds since epoch of when the file was last focused.",
        ge=0,
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class NesRenameSuggestion(BaseModel):
    """
    A rename symbol suggestion.
    """

    suggestion_id: NesSuggestionId = Field(
        ..., alias="suggestionId", description="Unique identifier for accept/reject tracking."
    )
    uri: str = Field(..., description="The file URI containing the symbol.")
    position: Position = Field(..., description="The position of the symbol to rename.")
    new_name: str = Field(..., alias="newName", description="The new name for the symbol.")
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class NesSearchAndReplaceSuggestion(BaseModel):
    """
    A search-and-replace suggestion.
    """

    suggestion_id: NesSuggestionId = Field(
        ..., alias="suggestionId", description="Unique identifier for accept/reject tracking."
    )
    uri: str = Field(..., description="The file URI to search within.")
    search: str = Field(..., description="The text or pattern to find.")
    replace: str = Field(..., description="The replacement text.")
    is_regex: bool | None = Field(
        default=None,
        alias="isRegex",
        description="Whether `search` is a regular expression. Defaults to `false`.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class NesSuggestionJump(NesJumpSuggestion):
    """
    A jump-to-location suggestion.
    """

    kind: Literal["jump"]


class NesSuggestionRename(NesRenameSuggestion):
    """
    A rename symbol suggestion.
    """

    kind: Literal["rename"]


class NesSuggestionSearchAndReplace(NesSearchAndReplaceSuggestion):
    """
    A search-and-replace suggestion.
    """

    kind: Literal["searchAndReplace"]


class NesSuggestionOther(BaseModel):
    """
    Custom or future NES suggestion.

    Values beginning with `_` are reserved for implementation-specific
    extensions. Unknown values that do not begin with `_` are reserved for
    future ACP variants.

    Receivers that do not understand this suggestion kind should preserve
    the raw payload when storing, replaying, proxying, or forwarding
    suggestions, and otherwise ignore it or display it generically.
    """

    kind: str = Field(
        ...,
        description="Custom or future NES suggestion kind.\n\nValues beginning with `_` are reserved for implementation-specific\nextensions. Unknown values that do not begin with `_` are reserved for\nfuture ACP variants.",
    )
    suggestion_id: NesSuggestionId = Field(
        ..., alias="suggestionId", description="Unique identifier for accept/reject tracking."
    )

    @model_validator(mode="before")
    @classmethod
    def check_not_nes_suggestion_other(cls, data: Any) -> Any:
        return not_nes_suggestion_other(data)


class NesTextEdit(BaseModel):
    """
    A text edit within a suggestion.
    """

    range: Range = Field(..., description="The range to replace.")
    new_text: str = Field(..., alias="newText", description="The replacement text.")
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class NesUserAction(BaseModel):
    """
    A user action (typing, cursor movement, etc.).
    """

    action: str = Field(
        ..., description='The kind of action (e.g., "insertChar", "cursorMovement").'
    )
    uri: str = Field(..., description="The URI of the file where the action occurred.")
    position: Position = Field(..., description="The position where the action occurred.")
    timestamp_ms: int = Field(
        ..., alias="timestampMs", description="Timestamp in milliseconds since epoch.", ge=0
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class NewSessionRequest(BaseModel):
    """
    Request parameters for creating a new session.

    See protocol docs: [Creating a Session](https://agentclientprotocol.com/protocol/v2/draft/session-setup#creating-a-session)
    """

    cwd: AbsolutePath = Field(
        ..., description="The working directory for this session. Must be an absolute path."
    )
    additional_directories: list[AbsolutePath] | None = Field(
        default=None,
        alias="additionalDirectories",
        description="Additional workspace roots for this session. Each path must be absolute.\n\nThese expand the session's workspace scope without changing `cwd`, which\nremains the base for relative paths. When omitted or empty, no\nadditional roots are activated for the new session.",
    )
    mcp_servers: list[McpServer] | None = Field(
        default=None,
        alias="mcpServers",
        description="List of MCP (Model Context Protocol) servers the agent should connect to.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    @field_validator("additional_directories", "mcp_servers", mode="before")
    @classmethod
    def reject_null_validator(cls, v: Any, info: ValidationInfo) -> Any:
        return reject_null(v, info)


class Notice(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Fire-and-forget advisory information for the user.

    Notices are live events rather than session history. Agents must not rely on
    a notice being received, displayed, or seen by the user.
    No Client capability is required, and unsupported Clients may ignore notices.

    See RFD: [Session Notices](https://agentclientprotocol.com/rfds/session-notices)
    """

    severity: NoticeSeverity = Field(..., description="Presentation severity hint.")
    title: str = Field(
        ..., description="Required non-empty plain-text title that can stand alone.", min_length=1
    )
    description: str | None = Field(
        default=None,
        description="Optional plain-text detail or guidance.\n\nOmitted and `null` are equivalent and mean no description was supplied.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="Metadata scoped to this notice.\n\nOmitted and `null` are equivalent and mean no metadata was supplied.",
    )


class PermissionOption(BaseModel):
    """
    An option presented to the user when requesting permission.
    """

    option_id: PermissionOptionId = Field(
        ..., alias="optionId", description="Unique identifier for this permission option."
    )
    name: str = Field(..., description="Human-readable label to display to the user.")
    kind: PermissionOptionKind = Field(
        ..., description="Hint about the nature of this permission option."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class PlanEntry(BaseModel):
    """
    A single entry in the execution plan.

    Represents a task or goal that the assistant intends to accomplish
    as part of fulfilling the user's request.
    See protocol docs: [Plan Entries](https://agentclientprotocol.com/protocol/v2/draft/agent-plan#plan-entries)
    """

    content: str = Field(
        ..., description="Human-readable description of what this task aims to accomplish."
    )
    priority: PlanEntryPriority = Field(
        ...,
        description="The relative importance of this task.\nUsed to indicate which tasks are most critical to the overall goal.",
    )
    status: PlanEntryStatus = Field(..., description="Current execution status of this task.")
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class PlanFile(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    A plan represented by a file URI.
    """

    plan_id: PlanId = Field(..., alias="planId", description="The plan ID to update.")
    uri: str = Field(..., description="The URI of the file containing the plan.")
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class PlanItems(BaseModel):
    """
    A plan represented as structured entries.
    """

    plan_id: PlanId = Field(..., alias="planId", description="The plan ID to update.")
    entries: list[PlanEntry] = Field(
        ...,
        description="The list of tasks to be accomplished.\n\nWhen updating an item-based plan, the agent must send a complete list of all entries\nwith their current status. The client replaces that plan with each update.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class PlanUpdateContentItems(PlanItems):
    """
    Structured plan entries.
    """

    type: Literal["items"]


class PlanUpdateContentFile(PlanFile):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    A URI pointing to a file containing the plan.
    """

    type: Literal["file"]


class PlanUpdateContent(
    RootModel[
        PlanUpdateContentItems
        | PlanUpdateContentFile
        | PlanUpdateContentMarkdown
        | PlanUpdateContentOther
    ]
):
    root: Annotated[
        Union[
            Annotated[PlanUpdateContentItems, Tag("items")],
            Annotated[PlanUpdateContentFile, Tag("file")],
            Annotated[PlanUpdateContentMarkdown, Tag("markdown")],
            Annotated[PlanUpdateContentOther, Tag("_other")],
        ],
        Discriminator(
            tag_of(
                "type",
                (
                    "items",
                    "file",
                    "markdown",
                ),
                "_other",
            )
        ),
    ] = Field(..., description="Updated content for a plan.")


class PromptCapabilities(BaseModel):
    """
    Prompt capabilities supported by the agent in `session/prompt` requests.

    Baseline agent functionality requires support for [`ContentBlock::Text`]
    and [`ContentBlock::ResourceLink`] in prompt requests.

    Other variants must be explicitly opted in to.
    Capabilities for different types of content in prompt requests.

    Indicates which content types beyond the baseline (text and resource links)
    the agent can process.

    See protocol docs: [Prompt Capabilities](https://agentclientprotocol.com/protocol/v2/draft/initialization#prompt-capabilities)
    """

    image: PromptImageCapabilities | None = Field(
        default=None,
        description="Agent supports [`ContentBlock::Image`].\n\nOptional. Omitted or `null` both mean the agent does not advertise support.\nSupplying `{}` means the agent supports image content in prompts.",
    )
    audio: PromptAudioCapabilities | None = Field(
        default=None,
        description="Agent supports [`ContentBlock::Audio`].\n\nOptional. Omitted or `null` both mean the agent does not advertise support.\nSupplying `{}` means the agent supports audio content in prompts.",
    )
    embedded_context: PromptEmbeddedContextCapabilities | None = Field(
        default=None,
        alias="embeddedContext",
        description="Agent supports embedded context in `session/prompt` requests.\n\nWhen enabled, the Client is allowed to include [`ContentBlock::Resource`]\nin prompt requests for pieces of context that are referenced in the message.\n\nOptional. Omitted or `null` both mean the agent does not advertise support.\nSupplying `{}` means the agent supports embedded context in prompts.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class ProtocolLevelNotificationCancelRequest(BaseModel):
    method: Literal["$/cancel_request"] = Field(..., description="The notification method name.")
    params: CancelRequestNotification

    @model_validator(mode="before")
    @classmethod
    def check_not_protocol_level_notification_cancel_request(cls, data: Any) -> Any:
        return not_protocol_level_notification_cancel_request(data)


class ProtocolLevelNotification(RootModel[ProtocolLevelNotificationCancelRequest]):
    root: ProtocolLevelNotificationCancelRequest = Field(
        ..., description="A JSON-RPC notification object."
    )


class RejectNesNotification(BaseModel):
    """
    Notification sent when a suggestion is rejected.
    """

    session_id: SessionId = Field(
        ..., alias="sessionId", description="The session ID for this notification."
    )
    suggestion_id: NesSuggestionId = Field(
        ..., alias="suggestionId", description="The ID of the rejected suggestion."
    )
    reason: NesRejectReason | None = Field(default=None, description="The reason for rejection.")
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class RequestPermissionSubjectCommand(CommandPermissionSubject):
    """
    Permission is requested before running a command.
    """

    type: Literal["command"]


class ResumeSessionRequest(BaseModel):
    """
    Request parameters for resuming an existing session.

    Resumes an existing session and optionally replays prior conversation
    history according to `replayFrom`.
    """

    session_id: SessionId = Field(
        ..., alias="sessionId", description="The ID of the session to resume."
    )
    cwd: AbsolutePath = Field(
        ..., description="The working directory for this session. Must be an absolute path."
    )
    additional_directories: list[AbsolutePath] | None = Field(
        default=None,
        alias="additionalDirectories",
        description="Additional workspace roots to activate for this session. Each path must be absolute.\n\nWhen omitted or empty, no additional roots are activated. When non-empty,\nthis is the complete resulting additional-root list for the resumed\nsession. It may differ from any previously used or reported list as long as\nthe request `cwd` matches the session's `cwd`.",
    )
    mcp_servers: list[McpServer] | None = Field(
        default=None,
        alias="mcpServers",
        description="List of MCP servers to connect to for this session.",
    )
    replay_from: ReplayFrom | None = Field(
        default=None,
        alias="replayFrom",
        description='Inclusive cursor describing where conversation replay should begin.\n\nOptional. Omitted or `null` both mean the Agent should resume without\nreplaying previous conversation history. Replay cursors are inclusive:\nreplay includes the position identified by the cursor. Supplying\n`{ "type": "start" }` means the Agent should replay the whole\nconversation before responding.',
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    @field_validator("additional_directories", "mcp_servers", mode="before")
    @classmethod
    def reject_null_validator(cls, v: Any, info: ValidationInfo) -> Any:
        return reject_null(v, info)


class SessionCapabilities(BaseModel):
    """
    Session capabilities supported by the agent.

    Supplying `{}` means the agent supports the baseline session methods:
    `session/new`, `session/list`, `session/resume`, `session/close`,
    `session/prompt`, `session/cancel`, and `session/update`.

    Agents that support sessions **MAY** support additional session methods,
    prompt content types, and MCP transports by specifying additional
    capabilities.

    See protocol docs: [Session Capabilities](https://agentclientprotocol.com/protocol/v2/draft/initialization#session-capabilities)
    """

    prompt: PromptCapabilities | None = Field(
        default=None,
        description="Prompt capabilities supported by the agent in `session/prompt` requests.\n\nOptional. Omitted or `null` both mean the agent does not advertise any\nprompt extensions beyond the baseline text and resource-link content\nrequired by `session/prompt`.",
    )
    mcp: McpCapabilities | None = Field(
        default=None,
        description="MCP capabilities supported by the agent for session lifecycle requests.\n\nOptional. Omitted or `null` both mean the agent does not advertise MCP\nserver transport support for sessions.",
    )
    delete: SessionDeleteCapabilities | None = Field(
        default=None,
        description="Whether the agent supports `session/delete`.\n\nOptional. Omitted or `null` both mean the agent does not advertise support.\nSupplying `{}` means the agent supports deleting sessions from `session/list`.",
    )
    additional_directories: SessionAdditionalDirectoriesCapabilities | None = Field(
        default=None,
        alias="additionalDirectories",
        description="Whether the agent supports `additionalDirectories` on supported session lifecycle requests.\n\nOptional. Omitted or `null` both mean the agent does not advertise support.\nSupplying `{}` means the agent supports `additionalDirectories` on\nsupported session lifecycle requests.\n\nAgents may return `SessionInfo.additionalDirectories` to report the\ncomplete ordered additional-root list associated with a listed session.",
    )
    fork: SessionForkCapabilities | None = Field(
        default=None,
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nWhether the agent supports `session/fork`.\n\nOptional. Omitted or `null` both mean the agent does not advertise support.\nSupplying `{}` means the agent supports forking sessions.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class SessionConfigOptionBoolean(SessionConfigBoolean):
    """
    Boolean on/off toggle.
    """

    config_id: SessionConfigId = Field(
        ..., alias="configId", description="Unique identifier for the configuration option."
    )
    name: str = Field(..., description="Human-readable label for the option.")
    description: str | None = Field(
        default=None, description="Optional description for the Client to display to the user."
    )
    category: SessionConfigOptionCategory | None = Field(
        default=None, description="Optional semantic category for this option (UX only)."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    type: Literal["boolean"]


class SessionConfigOptionOther(BaseModel):
    """
    Custom or future session configuration option payload.

    Values beginning with `_` are reserved for implementation-specific
    extensions. Unknown values that do not begin with `_` are reserved for
    future ACP variants.

    Clients that do not understand this option type should preserve the raw
    payload when storing, replaying, proxying, or forwarding configuration
    data, and otherwise ignore the option or display it generically.
    """

    config_id: SessionConfigId = Field(
        ..., alias="configId", description="Unique identifier for the configuration option."
    )
    name: str = Field(..., description="Human-readable label for the option.")
    description: str | None = Field(
        default=None, description="Optional description for the Client to display to the user."
    )
    category: SessionConfigOptionCategory | None = Field(
        default=None, description="Optional semantic category for this option (UX only)."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    type: str = Field(
        ...,
        description="Custom or future session configuration option type.\n\nValues beginning with `_` are reserved for implementation-specific\nextensions. Unknown values that do not begin with `_` are reserved for\nfuture ACP variants.",
    )

    @model_validator(mode="before")
    @classmethod
    def check_not_session_config_option_other(cls, data: Any) -> Any:
        return not_session_config_option_other(data)


class SessionConfigSelectOption(BaseModel):
    """
    A possible value for a session configuration option.
    """

    value: SessionConfigValueId = Field(..., description="Unique identifier for this option value.")
    name: str = Field(..., description="Human-readable label for this option value.")
    description: str | None = Field(
        default=None, description="Optional description for this option value."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class StateUpdateIdle(IdleStateUpdate):
    """
    The agent is ready to process a new prompt.
    """

    state: Literal["idle"]


class StateUpdate(
    RootModel[StateUpdateRunning | StateUpdateIdle | StateUpdateRequiresAction | StateUpdateOther]
):
    root: Annotated[
        Union[
            Annotated[StateUpdateRunning, Tag("running")],
            Annotated[StateUpdateIdle, Tag("idle")],
            Annotated[StateUpdateRequiresAction, Tag("requires_action")],
            Annotated[StateUpdateOther, Tag("_other")],
        ],
        Discriminator(
            tag_of(
                "state",
                (
                    "running",
                    "idle",
                    "requires_action",
                ),
                "_other",
            )
        ),
    ] = Field(
        ...,
        description="The state of the agent's foreground work has changed.\n\nBackground activity can continue and emit other `session/update` notifications\nwhile `idle`. Those notifications do not change this state.",
    )


class TerminalUpdate(BaseModel):
    """
    An upsert for the stored state of an agent-owned terminal.

    Only [`TerminalUpdate::terminal_id`] is required. Other fields have patch
    semantics: omitted fields leave the stored value unchanged, `null` clears
    it, and concrete values replace it. When the terminal ID is new, omitted
    fields start unknown.
    """

    terminal_id: TerminalId = Field(
        ...,
        alias="terminalId",
        description="Unique identifier for this terminal within the session.",
    )
    command: str | None = Field(default=None, description="The command being run.")
    cwd: AbsolutePath | None = Field(
        default=None, description="The absolute working directory of the command."
    )
    output: TerminalOutput | None = Field(
        default=None, description="An authoritative replacement snapshot of terminal output bytes."
    )
    exit_status: TerminalExitStatus | None = Field(
        default=None,
        alias="exitStatus",
        description="Exit information. A concrete object marks the terminal as exited.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted means no metadata update; `null` is an\nexplicit clear signal. Implementations MUST NOT make assumptions about values at these keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class TerminalOutputChunk(BaseModel):
    """
    A chunk of bytes appended to an agent-owned terminal's output.
    """

    terminal_id: TerminalId = Field(
        ..., alias="terminalId", description="The terminal receiving these bytes."
    )
    data: str = Field(..., description="Independently base64-encoded terminal output bytes.")
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys. This field is chunk-scoped. Omitted and `null` are\nequivalent and mean no chunk metadata was provided.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class SessionUpdateStateUpdateIdle(StateUpdateIdle):
    """
    The state of the agent's foreground work has changed.
    """

    session_update: Literal["state_update"] = Field(..., alias="sessionUpdate")


class SessionUpdateTerminalUpdate(TerminalUpdate):
    """
    An agent-owned terminal has been created or updated.
    """

    session_update: Literal["terminal_update"] = Field(..., alias="sessionUpdate")


class SessionUpdateTerminalOutputChunk(TerminalOutputChunk):
    """
    A chunk of bytes appended to an agent-owned terminal's output.
    """

    session_update: Literal["terminal_output_chunk"] = Field(..., alias="sessionUpdate")


class SessionUpdateAvailableCommandsUpdate(AvailableCommandsUpdate):
    """
    Available commands are ready or have changed
    """

    session_update: Literal["available_commands_update"] = Field(..., alias="sessionUpdate")


class SessionUpdateNotice(Notice):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Advisory information for the user that is not part of session history.

    No Client capability is required. Clients that do not understand or
    present notices may ignore them.
    """

    session_update: Literal["notice"] = Field(..., alias="sessionUpdate")


class StartNesRequest(BaseModel):
    """
    Request to start an NES session.
    """

    workspace_uri: str | None = Field(
        default=None, alias="workspaceUri", description="The root URI of the workspace."
    )
    workspace_folders: list[WorkspaceFolder] | None = Field(
        default=None, alias="workspaceFolders", description="The workspace folders."
    )
    repository: NesRepository | None = Field(
        default=None, description="Repository metadata, if the workspace is a git repository."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class Terminal(BaseModel):
    """
    A display-only reference to an agent-owned terminal.

    Terminal state and output are delivered separately through
    [`TerminalUpdate`] and [`TerminalOutputChunk`].
    """

    terminal_id: TerminalId = Field(
        ..., alias="terminalId", description="The ID of the terminal to display."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys. This metadata is scoped to the content reference. Omitted\nand `null` are equivalent and mean no item metadata was provided.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class ToolCallContentTerminal(Terminal):
    """
    A display-only reference to an agent-owned terminal.
    """

    type: Literal["terminal"]


class AgentNotificationElicitationComplete(BaseModel):
    method: Literal["elicitation/complete"] = Field(
        ..., description="The notification method name."
    )
    params: CompleteElicitationNotification

    @model_validator(mode="before")
    @classmethod
    def check_not_agent_notification_elicitation_complete(cls, data: Any) -> Any:
        return not_agent_notification_elicitation_complete(data)


class AgentRequestMcpConnect(BaseModel):
    id: RequestId | None = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["mcp/connect"] = Field(..., description="The method name to invoke.")
    params: ConnectMcpRequest


class AgentRequestMcpDisconnect(BaseModel):
    id: RequestId | None = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["mcp/disconnect"] = Field(..., description="The method name to invoke.")
    params: DisconnectMcpRequest


class AgentResponseError(BaseModel):
    """
    A failed JSON-RPC response.
    """

    id: RequestId | None = Field(..., description="The id of the request this response answers.")
    error: Error = Field(..., description="Method-specific error data.")

    @model_validator(mode="before")
    @classmethod
    def check_not_agent_response_error(cls, data: Any) -> Any:
        return not_agent_response_error(data)


class ClientCapabilities(BaseModel):
    """
    Capabilities supported by the client.

    Advertised during initialization to inform the agent about
    available features and methods.

    See protocol docs: [Client Capabilities](https://agentclientprotocol.com/protocol/v2/draft/initialization#client-capabilities)
    """

    auth: AuthCapabilities | None = Field(
        default=None,
        description="Authentication capabilities supported by the client.\nDetermines which authentication method types the agent may include\nin its `InitializeResponse`.\n\nOptional. Omitted or `null` both mean the client does not advertise any\nauthentication-method extensions.",
    )
    elicitation: ElicitationCapabilities | None = Field(
        default=None,
        description="Elicitation capabilities supported by the client.\nDetermines which elicitation modes the agent may use.\n\nOptional. Omitted or `null` both mean the client does not advertise\nelicitation support.",
    )
    nes: ClientNesCapabilities | None = Field(
        default=None,
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nNES (Next Edit Suggestions) capabilities supported by the client.\n\nOptional. Omitted or `null` both mean the client does not advertise any\nNES suggestion-kind extensions.",
    )
    position_encodings: list[PositionEncodingKind] | None = Field(
        default=None,
        alias="positionEncodings",
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nThe position encodings supported by the client, in order of preference.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    @field_validator("position_encodings", mode="before")
    @classmethod
    def reject_null_validator(cls, v: Any, info: ValidationInfo) -> Any:
        return reject_null(v, info)


class ClientNotificationNesReject(BaseModel):
    method: Literal["nes/reject"] = Field(..., description="The notification method name.")
    params: RejectNesNotification

    @model_validator(mode="before")
    @classmethod
    def check_not_client_notification_nes_reject(cls, data: Any) -> Any:
        return not_client_notification_nes_reject(data)


class ClientNotificationDocumentDidOpen(BaseModel):
    method: Literal["document/didOpen"] = Field(..., description="The notification method name.")
    params: DidOpenDocumentNotification

    @model_validator(mode="before")
    @classmethod
    def check_not_client_notification_document_did_open(cls, data: Any) -> Any:
        return not_client_notification_document_did_open(data)


class ClientNotificationDocumentDidChange(BaseModel):
    method: Literal["document/didChange"] = Field(..., description="The notification method name.")
    params: DidChangeDocumentNotification

    @model_validator(mode="before")
    @classmethod
    def check_not_client_notification_document_did_change(cls, data: Any) -> Any:
        return not_client_notification_document_did_change(data)


class ClientNotificationDocumentDidClose(BaseModel):
    method: Literal["document/didClose"] = Field(..., description="The notification method name.")
    params: DidCloseDocumentNotification

    @model_validator(mode="before")
    @classmethod
    def check_not_client_notification_document_did_close(cls, data: Any) -> Any:
        return not_client_notification_document_did_close(data)


class ClientNotificationDocumentDidSave(BaseModel):
    method: Literal["document/didSave"] = Field(..., description="The notification method name.")
    params: DidSaveDocumentNotification

    @model_validator(mode="before")
    @classmethod
    def check_not_client_notification_document_did_save(cls, data: Any) -> Any:
        return not_client_notification_document_did_save(data)


class ClientNotificationDocumentDidFocus(BaseModel):
    method: Literal["document/didFocus"] = Field(..., description="The notification method name.")
    params: DidFocusDocumentNotification

    @model_validator(mode="before")
    @classmethod
    def check_not_client_notification_document_did_focus(cls, data: Any) -> Any:
        return not_client_notification_document_did_focus(data)


class ClientNotificationExtension(BaseModel):
    """
    An extension method: its name starts with `_`; its params are free.
    """

    method: str = Field(..., description="The notification method name.", pattern="^_")
    params: (
        CancelSessionNotification
        | MessageMcpNotification
        | AcceptNesNotification
        | RejectNesNotification
        | DidOpenDocumentNotification
        | DidChangeDocumentNotification
        | DidCloseDocumentNotification
        | DidSaveDocumentNotification
        | DidFocusDocumentNotification
        | ProxySuccessorNotification
        | ExtNotification
        | None
    ) = Field(default=None, description="Method-specific notification parameters.")

    @model_validator(mode="before")
    @classmethod
    def check_not_client_notification_extension(cls, data: Any) -> Any:
        return not_client_notification_extension(data)


class ClientNotification(
    RootModel[
        ClientNotificationSessionCancel
        | ClientNotificationMcpMessage
        | ClientNotificationNesAccept
        | ClientNotificationNesReject
        | ClientNotificationDocumentDidOpen
        | ClientNotificationDocumentDidChange
        | ClientNotificationDocumentDidClose
        | ClientNotificationDocumentDidSave
        | ClientNotificationDocumentDidFocus
        | ClientNotificationProxySuccessor
        | ClientNotificationExtension
    ]
):
    root: Annotated[
        Union[
            Annotated[ClientNotificationSessionCancel, Tag("session/cancel")],
            Annotated[ClientNotificationMcpMessage, Tag("mcp/message")],
            Annotated[ClientNotificationNesAccept, Tag("nes/accept")],
            Annotated[ClientNotificationNesReject, Tag("nes/reject")],
            Annotated[ClientNotificationDocumentDidOpen, Tag("document/didOpen")],
            Annotated[ClientNotificationDocumentDidChange, Tag("document/didChange")],
            Annotated[ClientNotificationDocumentDidClose, Tag("document/didClose")],
            Annotated[ClientNotificationDocumentDidSave, Tag("document/didSave")],
            Annotated[ClientNotificationDocumentDidFocus, Tag("document/didFocus")],
            Annotated[ClientNotificationProxySuccessor, Tag("proxy/successor")],
            Annotated[ClientNotificationExtension, Tag("_other")],
        ],
        Discriminator(
            tag_of(
                "method",
                (
                    "session/cancel",
                    "mcp/message",
                    "nes/accept",
                    "nes/reject",
                    "document/didOpen",
                    "document/didChange",
                    "document/didClose",
                    "document/didSave",
                    "document/didFocus",
                    "proxy/successor",
                ),
                "_other",
            )
        ),
    ] = Field(..., description="A JSON-RPC notification object.")


class ClientRequestSessionNew(BaseModel):
    id: RequestId | None = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["session/new"] = Field(..., description="The method name to invoke.")
    params: NewSessionRequest


class ClientRequestSessionResume(BaseModel):
    id: RequestId | None = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["session/resume"] = Field(..., description="The method name to invoke.")
    params: ResumeSessionRequest


class ClientRequestSessionClose(BaseModel):
    id: RequestId | None = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["session/close"] = Field(..., description="The method name to invoke.")
    params: CloseSessionRequest


class ClientRequestSessionList(BaseModel):
    id: RequestId | None = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["session/list"] = Field(..., description="The method name to invoke.")
    params: ListSessionsRequest


class ClientRequestSessionDelete(BaseModel):
    id: RequestId | None = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["session/delete"] = Field(..., description="The method name to invoke.")
    params: DeleteSessionRequest


class ClientRequestProvidersDisable(BaseModel):
    id: RequestId | None = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["providers/disable"] = Field(..., description="The method name to invoke.")
    params: DisableProviderRequest


class ClientRequestNesStart(BaseModel):
    id: RequestId | None = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["nes/start"] = Field(..., description="The method name to invoke.")
    params: StartNesRequest


class ClientRequestNesClose(BaseModel):
    id: RequestId | None = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["nes/close"] = Field(..., description="The method name to invoke.")
    params: CloseNesRequest


class ClientResponseResult(BaseModel):
    """
    A successful JSON-RPC response.
    """

    id: RequestId | None = Field(..., description="The id of the request this response answers.")
    result: (
        RequestPermissionResponse
        | CreateElicitationResponse
        | ConnectMcpResponse
        | MessageMcpResponse
        | DisconnectMcpResponse
        | ProxySuccessorResponse
        | ExtResponse
    ) = Field(..., description="Method-specific response data.")

    @model_validator(mode="before")
    @classmethod
    def check_not_client_response_result(cls, data: Any) -> Any:
        return not_client_response_result(data)


class ClientResponseError(BaseModel):
    """
    A failed JSON-RPC response.
    """

    id: RequestId | None = Field(..., description="The id of the request this response answers.")
    error: Error = Field(..., description="Method-specific error data.")

    @model_validator(mode="before")
    @classmethod
    def check_not_client_response_error(cls, data: Any) -> Any:
        return not_client_response_error(data)


class ClientResponse(RootModel[ClientResponseResult | ClientResponseError]):
    root: ClientResponseResult | ClientResponseError = Field(
        ..., description="A JSON-RPC response object."
    )


class ResourceLink(BaseModel):
    """
    A resource that the server is capable of reading, included in a prompt or tool call result.
    """

    name: str = Field(..., description="Human-readable name shown for this protocol object.")
    uri: str = Field(..., description="URI associated with this resource or media payload.")
    title: str | None = Field(default=None, description="Optional display title for end-user UI.")
    description: str | None = Field(
        default=None, description="Optional human-readable details shown with this protocol object."
    )
    icons: list[Icon] | None = Field(
        default=None,
        description="Optional set of sized icons that the client can display in a user interface.",
    )
    mime_type: MediaType | None = Field(
        default=None,
        alias="mimeType",
        description="MIME type describing the encoded media payload.",
    )
    size: int | None = Field(
        default=None, description="Optional size of the linked resource in bytes, if known."
    )
    annotations: Annotations | None = Field(
        default=None,
        description="Optional annotations that help clients decide how to display or route this content.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class EmbeddedResource(BaseModel):
    """
    The contents of a resource, embedded into a prompt or tool call result.
    """

    resource: EmbeddedResourceResource = Field(
        ..., description="Embedded resource payload, either text or binary data."
    )
    annotations: Annotations | None = Field(
        default=None,
        description="Optional annotations that help clients decide how to display or route this content.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class ContentBlockResourceLink(ResourceLink):
    """
    References to resources that the agent can access.

    All agents MUST support resource links in prompts.
    """

    type: Literal["resource_link"]


class ContentBlockResource(EmbeddedResource):
    """
    Complete resource contents embedded directly in the message.

    Preferred for including context as it avoids extra round-trips.

    Requires the `embeddedContext` prompt capability when included in prompts.
    """

    type: Literal["resource"]


class ContentBlock(
    RootModel[
        ContentBlockText
        | ContentBlockImage
        | ContentBlockAudio
        | ContentBlockResourceLink
        | ContentBlockResource
        | ContentBlockOther
    ]
):
    root: Annotated[
        Union[
            Annotated[ContentBlockText, Tag("text")],
            Annotated[ContentBlockImage, Tag("image")],
            Annotated[ContentBlockAudio, Tag("audio")],
            Annotated[ContentBlockResourceLink, Tag("resource_link")],
            Annotated[ContentBlockResource, Tag("resource")],
            Annotated[ContentBlockOther, Tag("_other")],
        ],
        Discriminator(
            tag_of(
                "type",
                (
                    "text",
                    "image",
                    "audio",
                    "resource_link",
                    "resource",
                ),
                "_other",
            )
        ),
    ] = Field(
        ...,
        description="Content blocks represent displayable information in the Agent Client Protocol.\n\nThey provide a structured way to handle various types of user-facing content—whether\nit's text from language models, images for analysis, or embedded resources for context.\n\nContent blocks appear in:\n- User prompts sent via `session/prompt`\n- Language model output reported through `session/update` notifications as\n  message updates or streamed chunks\n- Progress updates and results from tool calls\n\nThis structure is compatible with the Model Context Protocol (MCP), enabling\nagents to seamlessly forward content from MCP tool outputs without transformation.\n\nSee protocol docs: [Content](https://agentclientprotocol.com/protocol/v2/draft/content)",
    )


class ContentChunk(BaseModel):
    """
    A streamed item of message content.
    """

    message_id: MessageId = Field(
        ...,
        alias="messageId",
        description="A unique identifier for the message this chunk belongs to.\n\nAll chunks belonging to the same message share the same `messageId`.\nA change in `messageId` indicates a new message has started.",
    )
    content: ContentBlock = Field(..., description="A single item of content")
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys. This field is chunk-scoped.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class Diff(BaseModel):
    """
    File changes produced by a tool call.

    `changes` is authoritative for affected absolute paths and operations.
    `patch` optionally carries renderable text for some or all of those changes
    and MUST be consistent with `changes`. Agents SHOULD provide `patch` whenever
    feasible. Clients MUST handle diffs where `patch` is omitted or `null`.

    See protocol docs: [Content](https://agentclientprotocol.com/protocol/v2/draft/tool-calls#content)
    """

    changes: list[DiffChange] = Field(
        ...,
        description="Structured file changes described by this diff.\n\nClients can use this field without parsing patch text to determine affected paths.",
    )
    patch: DiffPatch | None = Field(
        default=None,
        description="Renderable patch text for some or all of the structured changes.\n\nAgents SHOULD provide patch text whenever feasible. Omitted or `null`\nmeans no renderable patch text was provided.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class MultiSelectPropertySchema(BaseModel):
    """
    Schema for multi-select (array) properties in an elicitation form.
    """

    title: str | None = Field(
        default=None,
        description="Optional title for the property.\n\nOptional. Omitted and `null` are equivalent and mean no title is provided.",
    )
    description: str | None = Field(
        default=None,
        description="Human-readable description.\n\nOptional. Omitted and `null` are equivalent and mean no description is provided.",
    )
    min_items: int | None = Field(
        default=None,
        alias="minItems",
        description="Minimum number of items to select.\n\nOptional. Omitted and `null` are equivalent and mean there is no minimum selection count.",
        ge=0,
    )
    max_items: int | None = Field(
        default=None,
        alias="maxItems",
        description="Maximum number of items to select.\n\nOptional. Omitted and `null` are equivalent and mean there is no maximum selection count.",
        ge=0,
    )
    items: MultiSelectItems = Field(
        ..., description="The items definition describing allowed values."
    )
    default: list[str] | None = Field(
        default=None,
        description="Default selected values.\n\nOptional. Omitted and `null` are equivalent and mean no default selections are provided.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nOptional. Omitted and `null` are equivalent and mean no metadata.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class ElicitationPropertySchemaArray(MultiSelectPropertySchema):
    """
    Multi-select array property.
    """

    type: Literal["array"]


class ElicitationPropertySchema(
    RootModel[
        ElicitationPropertySchemaString
        | ElicitationPropertySchemaNumber
        | ElicitationPropertySchemaInteger
        | ElicitationPropertySchemaBoolean
        | ElicitationPropertySchemaArray
        | ElicitationPropertySchemaOther
    ]
):
    root: Annotated[
        Union[
            Annotated[ElicitationPropertySchemaString, Tag("string")],
            Annotated[ElicitationPropertySchemaNumber, Tag("number")],
            Annotated[ElicitationPropertySchemaInteger, Tag("integer")],
            Annotated[ElicitationPropertySchemaBoolean, Tag("boolean")],
            Annotated[ElicitationPropertySchemaArray, Tag("array")],
            Annotated[ElicitationPropertySchemaOther, Tag("_other")],
        ],
        Discriminator(
            tag_of(
                "type",
                (
                    "string",
                    "number",
                    "integer",
                    "boolean",
                    "array",
                ),
                "_other",
            )
        ),
    ] = Field(
        ...,
        description='Property schema for elicitation form fields.\n\nEach variant corresponds to a JSON Schema `"type"` value.\nSingle-select enums use the `String` variant with `enum` or `oneOf` set.\nMulti-select enums use the `Array` variant.',
    )


class ElicitationSchema(BaseModel):
    """
    Type-safe elicitation schema for requesting structured user input.

    This represents a JSON Schema object with primitive-typed properties,
    as required by the elicitation specification.
    """

    type: ElicitationSchemaType | None = Field(
        default=None, description='Type discriminator. Always `"object"`.'
    )
    title: str | None = Field(
        default=None,
        description="Optional title for the schema.\n\nOptional. Omitted and `null` are equivalent and mean no title is provided.",
    )
    properties: dict[str, ElicitationPropertySchema] = Field(
        default={},
        description="Property definitions (must be primitive types).",
        validate_default=True,
    )
    required: list[str] | None = Field(
        default=None,
        description="List of required property names.\n\nOptional. Omitted and `null` are equivalent and mean no property names are required.",
    )
    description: str | None = Field(
        default=None,
        description="Optional description of what this schema represents.\n\nOptional. Omitted and `null` are equivalent and mean no schema description is provided.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nOptional. Omitted and `null` are equivalent and mean no metadata.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    @field_validator("type", "properties", mode="before")
    @classmethod
    def reject_null_validator(cls, v: Any, info: ValidationInfo) -> Any:
        return reject_null(v, info)


class ForkSessionRequest(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Request parameters for forking an existing session.

    Creates a new session based on the context of an existing one, allowing
    operations like generating summaries without affecting the original session's history.

    Only available if the Agent supports the `session.fork` capability.
    """

    session_id: SessionId = Field(
        ..., alias="sessionId", description="The ID of the session to fork."
    )
    cwd: AbsolutePath = Field(
        ..., description="The working directory for this session. Must be an absolute path."
    )
    additional_directories: list[AbsolutePath] | None = Field(
        default=None,
        alias="additionalDirectories",
        description="Additional workspace roots to activate for this session. Each path must be absolute.\n\nWhen omitted or empty, no additional roots are activated. When non-empty,\nthis is the complete resulting additional-root list for the forked\nsession.",
    )
    mcp_servers: list[McpServer] | None = Field(
        default=None,
        alias="mcpServers",
        description="List of MCP servers to connect to for this session.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    @field_validator("additional_directories", "mcp_servers", mode="before")
    @classmethod
    def reject_null_validator(cls, v: Any, info: ValidationInfo) -> Any:
        return reject_null(v, info)


class InitializeRequest(BaseModel):
    """
    Request parameters for the initialize method.

    Sent by the client to establish connection and negotiate capabilities.

    See protocol docs: [Initialization](https://agentclientprotocol.com/protocol/v2/draft/initialization)
    """

    protocol_version: ProtocolVersion = Field(
        ...,
        alias="protocolVersion",
        description="The latest protocol version supported by the client.",
    )
    info: Implementation = Field(
        ..., description="Information about the implementation sending this initialize request."
    )
    capabilities: ClientCapabilities | None = Field(
        default=None, description="Capabilities supported by the client."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    @field_validator("capabilities", mode="before")
    @classmethod
    def reject_null_validator(cls, v: Any, info: ValidationInfo) -> Any:
        return reject_null(v, info)


class NesCapabilities(BaseModel):
    """
    NES capabilities advertised by the agent during initialization.

    Supplying `{}` means the agent supports the NES method surface. Omitted or
    `null` both mean the agent does not advertise support for `nes/*` methods.
    """

    events: NesEventCapabilities | None = Field(
        default=None, description="Events the agent wants to receive."
    )
    context: NesContextCapabilities | None = Field(
        default=None, description="Context the agent wants attached to each suggestion request."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class NesEditSuggestion(BaseModel):
    """
    A text edit suggestion.
    """

    suggestion_id: NesSuggestionId = Field(
        ..., alias="suggestionId", description="Unique identifier for accept/reject tracking."
    )
    uri: str = Field(..., description="The URI of the file to edit.")
    edits: list[NesTextEdit] = Field(
        ..., description="The text edits to apply. Must contain at least one edit.", min_length=1
    )
    cursor_position: Position | None = Field(
        default=None,
        alias="cursorPosition",
        description="Optional suggested cursor position after applying edits.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class NesSuggestContext(BaseModel):
    """
    Context attached to a suggestion request.
    """

    recent_files: list[NesRecentFile] | None = Field(
        default=None, alias="recentFiles", description="Recently accessed files."
    )
    related_snippets: list[NesRelatedSnippet] | None = Field(
        default=None, alias="relatedSnippets", description="Related code snippets."
    )
    edit_history: list[NesEditHistoryEntry] | None = Field(
        default=None, alias="editHistory", description="Recent edit history."
    )
    user_actions: list[NesUserAction] | None = Field(
        default=None,
        alias="userActions",
        description="Recent user actions (typing, navigation, etc.).",
    )
    open_files: list[NesOpenFile] | None = Field(
        default=None, alias="openFiles", description="Currently open files in the editor."
    )
    diagnostics: list[NesDiagnostic] | None = Field(
        default=None, description="Current diagnostics (errors, warnings)."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class NesSuggestionEdit(NesEditSuggestion):
    """
    A text edit suggestion.
    """

    kind: Literal["edit"]


class NesSuggestion(
    RootModel[
        NesSuggestionEdit
        | NesSuggestionJump
        | NesSuggestionRename
        | NesSuggestionSearchAndReplace
        | NesSuggestionOther
    ]
):
    root: Annotated[
        Union[
            Annotated[NesSuggestionEdit, Tag("edit")],
            Annotated[NesSuggestionJump, Tag("jump")],
            Annotated[NesSuggestionRename, Tag("rename")],
            Annotated[NesSuggestionSearchAndReplace, Tag("searchAndReplace")],
            Annotated[NesSuggestionOther, Tag("_other")],
        ],
        Discriminator(
            tag_of(
                "kind",
                (
                    "edit",
                    "jump",
                    "rename",
                    "searchAndReplace",
                ),
                "_other",
            )
        ),
    ] = Field(..., description="A suggestion returned by the agent.")


class PlanUpdate(BaseModel):
    """
    A content update for a plan identified by ID.
    """

    plan: PlanUpdateContent = Field(..., description="The updated plan content.")
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class PromptRequest(BaseModel):
    """
    Request parameters for sending a user prompt to the agent.

    Contains the user's message and any additional context.

    See protocol docs: [User Message](https://agentclientprotocol.com/protocol/v2/draft/prompt-lifecycle#1-user-message)
    """

    session_id: SessionId = Field(
        ..., alias="sessionId", description="The ID of the session to send this user message to"
    )
    prompt: list[ContentBlock] = Field(
        ...,
        description="The blocks of content that compose the user's message.\n\nAs a baseline, the Agent MUST support [`ContentBlock::Text`] and [`ContentBlock::ResourceLink`],\nwhile other variants are optionally enabled via [`PromptCapabilities`].\n\nThe Client MUST adapt its interface according to [`PromptCapabilities`].\n\nThe client MAY include referenced pieces of context as either\n[`ContentBlock::Resource`] or [`ContentBlock::ResourceLink`].\n\nWhen available, [`ContentBlock::Resource`] is preferred\nas it avoids extra round-trips and allows the message to include\npieces of context from sources the agent may not have access to.",
    )
    idempotency_key: IdempotencyKey | None = Field(
        default=None,
        alias="idempotencyKey",
        description="Identifies this submission, so that the Agent inserts its user message at most once.\n\nOptional. Omitted and `null` are equivalent and mean no key: the Agent handles the\nprompt without duplicate detection. Any other value that is not an\n[`IdempotencyKey`] (a string of 1 to 255 characters) is rejected with `-32602`\n(Invalid params) and is never treated as omitted.\n\nThe Client generates one key per submission when the user submits the input, stores\nit with the pending input and sends the same key on every attempt, including after\nreconnecting or restarting. A key is scoped to the session named by `sessionId` and\nlasts as long as the message it belongs to.\n\nSee the RFD: [v2 Idempotency Keys](https://agentclientprotocol.com/rfds/v2/idempotency-keys)",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class SessionConfigSelectGroup(BaseModel):
    """
    A group of possible values for a session configuration option.
    """

    group_id: SessionConfigGroupId = Field(
        ..., alias="groupId", description="Unique identifier for this group."
    )
    name: str = Field(..., description="Human-readable label for this group.")
    options: list[SessionConfigSelectOption] = Field(
        ..., description="The set of option values in this group."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class SessionConfigSelectOptions(
    RootModel[list[SessionConfigSelectOption] | list[SessionConfigSelectGroup]]
):
    root: list[SessionConfigSelectOption] | list[SessionConfigSelectGroup] = Field(
        ..., description="Possible values for a session configuration option."
    )


class UserMessage(BaseModel):
    """
    A user message upsert.

    Only [`UserMessage::message_id`] is required. `content` has patch semantics:
    an omitted field leaves existing message content unchanged, `null` clears the
    value, and a concrete array replaces the previous value. For a new
    `messageId`, omitted fields use client defaults. `content` is replaced as a
    whole array; send `[]` or `null` to clear it.

    Message updates and chunks are applied in the order they are received. When
    a `user_message` update includes `content`, that array replaces any content
    previously accumulated for the message, including content from earlier
    chunks. Later chunks with the same `messageId` append to the current
    content.
    """

    message_id: MessageId = Field(
        ..., alias="messageId", description="A unique identifier for the message."
    )
    content: list[ContentBlock] | None = Field(
        default=None, description="Complete replacement content for this message."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys. Omitted means no metadata update; `null` is an explicit clear signal.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class SessionUpdateUserMessageChunk(ContentChunk):
    """
    A chunk of the user's message being streamed.
    """

    session_update: Literal["user_message_chunk"] = Field(..., alias="sessionUpdate")


class SessionUpdateUserMessage(UserMessage):
    """
    A user message has been created or updated.

    Agents can send this when they accept or replay a user message. When a
    client receives another `user_message` update with the same `messageId`,
    fields in the new update patch the previous fields for that message.
    """

    session_update: Literal["user_message"] = Field(..., alias="sessionUpdate")


class SessionUpdateAgentMessageChunk(ContentChunk):
    """
    A chunk of the agent's response being streamed.
    """

    session_update: Literal["agent_message_chunk"] = Field(..., alias="sessionUpdate")


class SessionUpdateAgentThoughtChunk(ContentChunk):
    """
    A chunk of the agent's internal reasoning being streamed.
    """

    session_update: Literal["agent_thought_chunk"] = Field(..., alias="sessionUpdate")


class SessionUpdatePlanUpdate(PlanUpdate):
    """
    A content update for a plan identified by ID.
    See protocol docs: [Agent Plan](https://agentclientprotocol.com/protocol/v2/draft/agent-plan)
    """

    session_update: Literal["plan_update"] = Field(..., alias="sessionUpdate")


class SuggestNesRequest(BaseModel):
    """
    Request for a code suggestion.
    """

    session_id: SessionId = Field(
        ..., alias="sessionId", description="The session ID for this request."
    )
    uri: str = Field(..., description="The URI of the document to suggest for.")
    version: int = Field(..., description="The version number of the document.")
    position: Position = Field(..., description="The current cursor position.")
    selection: Range | None = Field(
        default=None, description="The current text selection range, if any."
    )
    trigger_kind: NesTriggerKind = Field(
        ..., alias="triggerKind", description="What triggered this suggestion request."
    )
    context: NesSuggestContext | None = Field(
        default=None,
        description="Context for the suggestion, included based on agent capabilities.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class SuggestNesResponse(BaseModel):
    """
    Response to `nes/suggest`.
    """

    suggestions: list[NesSuggestion] = Field(..., description="The list of suggestions.")
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class ToolCallContentDiff(Diff):
    """
    File modification shown as a diff.
    """

    type: Literal["diff"]


class AgentCapabilities(BaseModel):
    """
    Capabilities supported by the agent.

    Advertised during initialization to inform the client about
    available features and content types.

    See protocol docs: [Agent Capabilities](https://agentclientprotocol.com/protocol/v2/draft/initialization#agent-capabilities)
    """

    session: SessionCapabilities | None = Field(
        default=None,
        description="Session capabilities supported by the agent.\n\nOptional. Omitted or `null` both mean the agent does not support the\n`session/*` method surface. Supplying `{}` means the agent supports the\nbaseline session methods: `session/new`, `session/prompt`,\n`session/cancel`, and `session/update`.",
    )
    auth: AgentAuthCapabilities | None = Field(
        default=None,
        description="Authentication-related extension capabilities supported by the agent.\n\nOptional. Omitted or `null` both mean the agent does not advertise any\nauthentication-related extensions. This field does not advertise support\nfor `auth/login` or `auth/logout`; those methods are advertised by a\nnon-empty `authMethods` list in the `initialize` response.",
    )
    providers: ProvidersCapabilities | None = Field(
        default=None,
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nProvider configuration capabilities supported by the agent.\n\nOptional. Omitted or `null` both mean the agent does not advertise support.\nSupplying `{}` means the agent supports provider configuration methods.",
    )
    nes: NesCapabilities | None = Field(
        default=None,
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nNES (Next Edit Suggestions) capabilities supported by the agent.\n\nOptional. Omitted or `null` both mean the agent does not advertise support\nfor NES methods.",
    )
    position_encoding: PositionEncodingKind | None = Field(
        default=None,
        alias="positionEncoding",
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nThe position encoding selected by the agent from the client's supported encodings.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class AgentMessage(BaseModel):
    """
    An agent message upsert.

    Only [`AgentMessage::message_id`] is required. `content` has patch semantics:
    an omitted field leaves existing message content unchanged, `null` clears the
    value, and a concrete array replaces the previous value. For a new
    `messageId`, omitted fields use client defaults. `content` is replaced as a
    whole array; send `[]` or `null` to clear it.

    Message updates and chunks are applied in the order they are received. When
    an `agent_message` update includes `content`, that array replaces any
    content previously accumulated for the message, including content from
    earlier chunks. Later chunks with the same `messageId` append to the current
    content.
    """

    message_id: MessageId = Field(
        ..., alias="messageId", description="A unique identifier for the message."
    )
    content: list[ContentBlock] | None = Field(
        default=None, description="Complete replacement content for this message."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys. Omitted means no metadata update; `null` is an explicit clear signal.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class AgentThought(BaseModel):
    """
    An agent thought or reasoning message upsert.

    Only [`AgentThought::message_id`] is required. `content` has patch semantics:
    an omitted field leaves existing thought content unchanged, `null` clears the
    value, and a concrete array replaces the previous value. For a new
    `messageId`, omitted fields use client defaults. `content` is replaced as a
    whole array; send `[]` or `null` to clear it.

    Message updates and chunks are applied in the order they are received. When
    an `agent_thought` update includes `content`, that array replaces any
    content previously accumulated for the thought, including content from
    earlier chunks. Later chunks with the same `messageId` append to the current
    content.
    """

    message_id: MessageId = Field(
        ..., alias="messageId", description="A unique identifier for the thought message."
    )
    content: list[ContentBlock] | None = Field(
        default=None, description="Complete replacement content for this thought message."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys. Omitted means no metadata update; `null` is an explicit clear signal.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class ClientRequestInitialize(BaseModel):
    id: RequestId | None = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["initialize"] = Field(..., description="The method name to invoke.")
    params: InitializeRequest


class ClientRequestSessionFork(BaseModel):
    id: RequestId | None = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["session/fork"] = Field(..., description="The method name to invoke.")
    params: ForkSessionRequest


class ClientRequestSessionPrompt(BaseModel):
    id: RequestId | None = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["session/prompt"] = Field(..., description="The method name to invoke.")
    params: PromptRequest


class ClientRequestNesSuggest(BaseModel):
    id: RequestId | None = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["nes/suggest"] = Field(..., description="The method name to invoke.")
    params: SuggestNesRequest


class ClientRequestProxyInitialize(BaseModel):
    id: RequestId | None = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["proxy/initialize"] = Field(..., description="The method name to invoke.")
    params: InitializeRequest


class ClientRequestExtension(BaseModel):
    """
    An extension method: its name starts with `_`; its params are free.
    """

    id: RequestId | None = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: str = Field(..., description="The method name to invoke.", pattern="^_")
    params: (
        InitializeRequest
        | LoginAuthRequest
        | LogoutAuthRequest
        | NewSessionRequest
        | ResumeSessionRequest
        | CloseSessionRequest
        | ListSessionsRequest
        | DeleteSessionRequest
        | ForkSessionRequest
        | SetSessionConfigOptionRequest
        | PromptRequest
        | ListProvidersRequest
        | SetProviderRequest
        | DisableProviderRequest
        | MessageMcpRequest
        | StartNesRequest
        | SuggestNesRequest
        | CloseNesRequest
        | ArchiveSessionRequest
        | UnarchiveSessionRequest
        | SessionStatusRequest
        | SetSessionTitleRequest
        | AuthStatusRequest
        | ProxySuccessorRequest
        | CancelToolCallRequest
        | CancelTerminalRequest
        | SessionOptionsRequest
        | ExtRequest
        | None
    ) = Field(default=None, description="Method-specific request parameters.")


class ClientRequest(
    RootModel[
        ClientRequestInitialize
        | ClientRequestAuthLogin
        | ClientRequestAuthLogout
        | ClientRequestSessionNew
        | ClientRequestSessionResume
        | ClientRequestSessionClose
        | ClientRequestSessionList
        | ClientRequestSessionDelete
        | ClientRequestSessionFork
        | ClientRequestSessionSetConfigOption
        | ClientRequestSessionPrompt
        | ClientRequestProvidersList
        | ClientRequestProvidersSet
        | ClientRequestProvidersDisable
        | ClientRequestMcpMessage
        | ClientRequestNesStart
        | ClientRequestNesSuggest
        | ClientRequestNesClose
        | ClientRequestSessionArchive
        | ClientRequestSessionUnarchive
        | ClientRequestSessionStatus
        | ClientRequestSessionSetTitle
        | ClientRequestAuthStatus
        | ClientRequestProxyInitialize
        | ClientRequestProxySuccessor
        | ClientRequestToolCallCancel
        | ClientRequestTerminalCancel
        | ClientRequestSessionOptions
        | ClientRequestExtension
    ]
):
    root: Annotated[
        Union[
            Annotated[ClientRequestInitialize, Tag("initialize")],
            Annotated[ClientRequestAuthLogin, Tag("auth/login")],
            Annotated[ClientRequestAuthLogout, Tag("auth/logout")],
            Annotated[ClientRequestSessionNew, Tag("session/new")],
            Annotated[ClientRequestSessionResume, Tag("session/resume")],
            Annotated[ClientRequestSessionClose, Tag("session/close")],
            Annotated[ClientRequestSessionList, Tag("session/list")],
            Annotated[ClientRequestSessionDelete, Tag("session/delete")],
            Annotated[ClientRequestSessionFork, Tag("session/fork")],
            Annotated[ClientRequestSessionSetConfigOption, Tag("session/set_config_option")],
            Annotated[ClientRequestSessionPrompt, Tag("session/prompt")],
            Annotated[ClientRequestProvidersList, Tag("providers/list")],
            Annotated[ClientRequestProvidersSet, Tag("providers/set")],
            Annotated[ClientRequestProvidersDisable, Tag("providers/disable")],
            Annotated[ClientRequestMcpMessage, Tag("mcp/message")],
            Annotated[ClientRequestNesStart, Tag("nes/start")],
            Annotated[ClientRequestNesSuggest, Tag("nes/suggest")],
            Annotated[ClientRequestNesClose, Tag("nes/close")],
            Annotated[ClientRequestSessionArchive, Tag("session/archive")],
            Annotated[ClientRequestSessionUnarchive, Tag("session/unarchive")],
            Annotated[ClientRequestSessionStatus, Tag("session/status")],
            Annotated[ClientRequestSessionSetTitle, Tag("session/set_title")],
            Annotated[ClientRequestAuthStatus, Tag("auth/status")],
            Annotated[ClientRequestProxyInitialize, Tag("proxy/initialize")],
            Annotated[ClientRequestProxySuccessor, Tag("proxy/successor")],
            Annotated[ClientRequestToolCallCancel, Tag("tool_call/cancel")],
            Annotated[ClientRequestTerminalCancel, Tag("terminal/cancel")],
            Annotated[ClientRequestSessionOptions, Tag("session/options")],
            Annotated[ClientRequestExtension, Tag("_other")],
        ],
        Discriminator(
            tag_of(
                "method",
                (
                    "initialize",
                    "auth/login",
                    "auth/logout",
                    "session/new",
                    "session/resume",
                    "session/close",
                    "session/list",
                    "session/delete",
                    "session/fork",
                    "session/set_config_option",
                    "session/prompt",
                    "providers/list",
                    "providers/set",
                    "providers/disable",
                    "mcp/message",
                    "nes/start",
                    "nes/suggest",
                    "nes/close",
                    "session/archive",
                    "session/unarchive",
                    "session/status",
                    "session/set_title",
                    "auth/status",
                    "proxy/initialize",
                    "proxy/successor",
                    "tool_call/cancel",
                    "terminal/cancel",
                    "session/options",
                ),
                "_other",
            )
        ),
    ] = Field(..., description="A JSON-RPC request object.")


class CompactionSummaryChunk(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    A content block appended to the retained summary of an in-progress
    compaction. Agents send chunks only after an `in_progress` update and before
    the terminal update for the same ID.
    """

    compaction_id: CompactionId = Field(
        ...,
        alias="compactionId",
        description="ID of the compaction whose summary receives this content.",
    )
    content: ContentBlock = Field(..., description="One content block to append.")
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="Metadata scoped to this chunk. Omission and `null` both mean absent.",
    )


class CompactionUpdate(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    A context compaction upsert. The first update fixes the compaction's
    timeline position. Later updates with the same ID patch that entity in place.

    `summary`, `error`, and `_meta` have patch semantics: omission leaves the
    stored value unchanged, `null` clears it, and a concrete value replaces it.
    `summary: []` also clears the retained summary. A non-empty summary is only
    valid with `completed`; `error` is only valid with `failed`.
    """

    compaction_id: CompactionId = Field(
        ...,
        alias="compactionId",
        description="The Agent-owned ID of this compaction, unique within the session.",
    )
    status: CompactionStatus = Field(..., description="Current lifecycle status.")
    summary: list[ContentBlock] | None = Field(
        default=None,
        description="Complete replacement user-displayable summary retained by the compaction.",
    )
    error: str | None = Field(
        default=None, description="Human-readable description of why the compaction failed."
    )
    meta: dict[str, Any] | None = Field(
        default=None, alias="_meta", description="Extensible metadata patch for this compaction."
    )


class Content(BaseModel):
    """
    Standard content block (text, images, resources).
    """

    content: ContentBlock = Field(..., description="The actual content block.")
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class ElicitationFormModeSession(ElicitationSessionScope):
    """
    Tied to a session, optionally to a specific tool call within that session.
    """

    requested_schema: ElicitationSchema = Field(
        ...,
        alias="requestedSchema",
        description="A JSON Schema describing the form fields to present to the user.",
    )


class ElicitationFormModeRequest(ElicitationRequestScope):
    """
    Tied to a specific JSON-RPC request outside of a session
    (e.g., during auth/configuration phases before any session is started).
    """

    requested_schema: ElicitationSchema = Field(
        ...,
        alias="requestedSchema",
        description="A JSON Schema describing the form fields to present to the user.",
    )


class ElicitationFormMode(RootModel[ElicitationFormModeSession | ElicitationFormModeRequest]):
    root: ElicitationFormModeSession | ElicitationFormModeRequest = Field(
        ...,
        description="Form-based elicitation mode where the client renders a form from the provided schema.",
    )


class CreateElicitationRequestFormSession(ElicitationFormModeSession):
    """
    Form-based elicitation where the client renders a form from the provided schema.
    """

    message: str = Field(
        ..., description="A human-readable message describing what input is needed."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nOptional. Omitted and `null` are equivalent and mean no metadata.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    mode: Literal["form"]


class CreateElicitationRequestFormRequest(ElicitationFormModeRequest):
    """
    Form-based elicitation where the client renders a form from the provided schema.
    """

    message: str = Field(
        ..., description="A human-readable message describing what input is needed."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nOptional. Omitted and `null` are equivalent and mean no metadata.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    mode: Literal["form"]


class CreateElicitationRequest(
    RootModel[
        CreateElicitationRequestFormSession
        | CreateElicitationRequestFormRequest
        | CreateElicitationRequestUrlSession
        | CreateElicitationRequestUrlRequest
        | CreateElicitationRequestOtherSession
        | CreateElicitationRequestOtherRequest
    ]
):
    root: (
        CreateElicitationRequestFormSession
        | CreateElicitationRequestFormRequest
        | CreateElicitationRequestUrlSession
        | CreateElicitationRequestUrlRequest
        | CreateElicitationRequestOtherSession
        | CreateElicitationRequestOtherRequest
    ) = Field(
        ...,
        description="Request from the agent to elicit structured user input.\n\nThe agent sends this to the client to request information from the user,\neither via a form or by directing them to a URL.\nElicitations are tied to a session (optionally a tool call) or a request.",
    )


class InitializeResponse(BaseModel):
    """
    Response to the `initialize` method.

    Contains the negotiated protocol version and agent capabilities.

    See protocol docs: [Initialization](https://agentclientprotocol.com/protocol/v2/draft/initialization)
    """

    protocol_version: ProtocolVersion = Field(
        ...,
        alias="protocolVersion",
        description="The protocol version the client specified if supported by the agent,\nor the latest protocol version supported by the agent.\n\nThe client should disconnect, if it doesn't support this version.",
    )
    info: Implementation = Field(
        ..., description="Information about the implementation sending this initialize response."
    )
    capabilities: AgentCapabilities | None = Field(
        default=None, description="Capabilities supported by the agent."
    )
    auth_methods: list[AuthMethod] | None = Field(
        default=None,
        alias="authMethods",
        description="Authentication methods supported by the agent.\n\nOptional. Omitted or empty means the agent does not advertise the\nauthentication method surface. Supplying one or more valid methods means\nthe agent MUST support both `auth/login` and `auth/logout`.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    @field_validator("capabilities", "auth_methods", mode="before")
    @classmethod
    def reject_null_validator(cls, v: Any, info: ValidationInfo) -> Any:
        return reject_null(v, info)


class SessionConfigSelect(BaseModel):
    """
    A single-value selector (dropdown) session configuration option payload.
    """

    current_value: SessionConfigValueId = Field(
        ..., alias="currentValue", description="The currently selected value."
    )
    options: SessionConfigSelectOptions = Field(..., description="The set of selectable options.")


class SessionConfigOptionSelect(SessionConfigSelect):
    """
    Single-value selector (dropdown).
    """

    config_id: SessionConfigId = Field(
        ..., alias="configId", description="Unique identifier for the configuration option."
    )
    name: str = Field(..., description="Human-readable label for the option.")
    description: str | None = Field(
        default=None, description="Optional description for the Client to display to the user."
    )
    category: SessionConfigOptionCategory | None = Field(
        default=None, description="Optional semantic category for this option (UX only)."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    type: Literal["select"]


class SessionConfigOption(
    RootModel[SessionConfigOptionSelect | SessionConfigOptionBoolean | SessionConfigOptionOther]
):
    root: Annotated[
        Union[
            Annotated[SessionConfigOptionSelect, Tag("select")],
            Annotated[SessionConfigOptionBoolean, Tag("boolean")],
            Annotated[SessionConfigOptionOther, Tag("_other")],
        ],
        Discriminator(
            tag_of(
                "type",
                (
                    "select",
                    "boolean",
                ),
                "_other",
            )
        ),
    ] = Field(..., description="A session configuration option selector and its current state.")


class SessionOptionsResponse(BaseModel):
    """
    Response to `session/options`.
    """

    config_options: list[SessionConfigOption] = Field(
        ...,
        alias="configOptions",
        description="The full set of configuration options and their current values.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class SessionUpdateAgentMessage(AgentMessage):
    """
    An agent message has been created or updated.

    Agents can send this in addition to streamed chunks. When a client
    receives another `agent_message` update with the same `messageId`,
    fields in the new update patch the previous fields for that message.
    """

    session_update: Literal["agent_message"] = Field(..., alias="sessionUpdate")


class SessionUpdateAgentThought(AgentThought):
    """
    An agent thought or reasoning message has been created or updated.

    Agents can send this in addition to streamed chunks. When a client
    receives another `agent_thought` update with the same `messageId`,
    fields in the new update patch the previous fields for that message.
    """

    session_update: Literal["agent_thought"] = Field(..., alias="sessionUpdate")


class SessionUpdateCompactionUpdate(CompactionUpdate):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    A context compaction has been created or updated.
    """

    session_update: Literal["compaction_update"] = Field(..., alias="sessionUpdate")


class SessionUpdateCompactionSummaryChunk(CompactionSummaryChunk):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    A content block appended to a context compaction's retained summary.
    """

    session_update: Literal["compaction_summary_chunk"] = Field(..., alias="sessionUpdate")


class SetSessionConfigOptionResponse(BaseModel):
    """
    Response to `session/set_config_option` method.
    """

    config_options: list[SessionConfigOption] = Field(
        ...,
        alias="configOptions",
        description="The full set of configuration options and their current values.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class ToolCallContentContent(Content):
    """
    Standard content block (text, images, resources).
    """

    type: Literal["content"]


class ToolCallContent(
    RootModel[
        ToolCallContentContent
        | ToolCallContentDiff
        | ToolCallContentTerminal
        | ToolCallContentOther
    ]
):
    root: Annotated[
        Union[
            Annotated[ToolCallContentContent, Tag("content")],
            Annotated[ToolCallContentDiff, Tag("diff")],
            Annotated[ToolCallContentTerminal, Tag("terminal")],
            Annotated[ToolCallContentOther, Tag("_other")],
        ],
        Discriminator(
            tag_of(
                "type",
                (
                    "content",
                    "diff",
                    "terminal",
                ),
                "_other",
            )
        ),
    ] = Field(
        ...,
        description="Content produced by a tool call.\n\nTool calls can produce different types of content including standard\ncontent blocks (text, images), file diffs, or display-only terminals.\n\nSee protocol docs: [Content](https://agentclientprotocol.com/protocol/v2/draft/tool-calls#content)",
    )


class AgentRequestElicitationCreate(BaseModel):
    id: RequestId | None = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["elicitation/create"] = Field(..., description="The method name to invoke.")
    params: CreateElicitationRequest


class ConfigOptionUpdate(BaseModel):
    """
    Session configuration options have been updated.
    """

    config_options: list[SessionConfigOption] = Field(
        ...,
        alias="configOptions",
        description="The full set of configuration options and their current values.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class ForkSessionResponse(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Response from forking an existing session.
    """

    session_id: SessionId = Field(
        ...,
        alias="sessionId",
        description="Unique identifier for the newly created forked session.",
    )
    config_options: list[SessionConfigOption] | None = Field(
        default=None, alias="configOptions", description="Initial session configuration options."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    @field_validator("config_options", mode="before")
    @classmethod
    def reject_null_validator(cls, v: Any, info: ValidationInfo) -> Any:
        return reject_null(v, info)


class NewSessionResponse(BaseModel):
    """
    Response from creating a new session.

    See protocol docs: [Creating a Session](https://agentclientprotocol.com/protocol/v2/draft/session-setup#creating-a-session)
    """

    session_id: SessionId = Field(
        ...,
        alias="sessionId",
        description="Unique identifier for the created session.\n\nUsed in all subsequent requests for this conversation.",
    )
    config_options: list[SessionConfigOption] | None = Field(
        default=None, alias="configOptions", description="Initial session configuration options."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    @field_validator("config_options", mode="before")
    @classmethod
    def reject_null_validator(cls, v: Any, info: ValidationInfo) -> Any:
        return reject_null(v, info)


class ResumeSessionResponse(BaseModel):
    """
    Response from resuming an existing session.
    """

    config_options: list[SessionConfigOption] | None = Field(
        default=None, alias="configOptions", description="Initial session configuration options."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    @field_validator("config_options", mode="before")
    @classmethod
    def reject_null_validator(cls, v: Any, info: ValidationInfo) -> Any:
        return reject_null(v, info)


class ToolCallContentChunk(BaseModel):
    """
    A streamed item of tool-call content.

    Tool-call content chunks append one [`ToolCallContent`] item to the current
    content for the matching [`ToolCallId`]. Agents can use
    [`ToolCallUpdate::content`] when they need to replace the whole content
    collection instead.
    """

    tool_call_id: ToolCallId = Field(
        ..., alias="toolCallId", description="The ID of the tool call this content belongs to."
    )
    content: ToolCallContent = Field(
        ..., description="A single item of content produced by the tool call."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys. This field is chunk-scoped.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class ToolCallUpdate(BaseModel):
    """
    Represents an upsert for a tool call that the language model has requested.

    Tool calls are actions that the agent executes on behalf of the language model,
    such as reading files, executing code, or fetching data from external sources.

    Only [`ToolCallUpdate::tool_call_id`] is required. Other fields have patch semantics:
    omitted fields leave the existing tool call value unchanged, `null` clears or
    unsets the value, and concrete values replace the previous value. For
    collection fields, concrete arrays replace the previous collection, and both
    `null` and `[]` clear the collection. When a client receives a tool call ID it
    has not seen before, omitted fields use client defaults.

    See protocol docs: [Tool Calls](https://agentclientprotocol.com/protocol/v2/draft/tool-calls)
    """

    tool_call_id: ToolCallId = Field(
        ...,
        alias="toolCallId",
        description="Unique identifier for this tool call within the session.",
    )
    name: str | None = Field(
        default=None,
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nProgrammatic name of the tool being invoked.\n\nThis field is optional and has patch semantics. Omission means no\nchange, `null` clears the name, and a string replaces it. For a tool\ncall ID the client has not seen before, omission or `null` means that no\ntool name is available.",
    )
    title: str | None = Field(
        default=None, description="Human-readable title describing what the tool is doing."
    )
    kind: ToolKind | None = Field(
        default=None,
        description="The category of tool being invoked.\nHelps clients choose appropriate icons and UI treatment.",
    )
    status: ToolCallStatus | None = Field(
        default=None, description="Current execution status of the tool call."
    )
    content: list[ToolCallContent] | None = Field(
        default=None, description="Content produced by the tool call."
    )
    locations: list[ToolCallLocation] | None = Field(
        default=None,
        description='File locations affected by this tool call.\nEnables "follow-along" features in clients.',
    )
    raw_input: Any | None = Field(
        default=None, alias="rawInput", description="Raw input parameters sent to the tool."
    )
    raw_output: Any | None = Field(
        default=None, alias="rawOutput", description="Raw output returned by the tool."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted means no metadata update; `null` is an\nexplicit clear signal. Implementations MUST NOT make assumptions about values at these keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class SessionUpdateToolCallContentChunk(ToolCallContentChunk):
    """
    A chunk of tool-call content being streamed.
    """

    session_update: Literal["tool_call_content_chunk"] = Field(..., alias="sessionUpdate")


class SessionUpdateToolCallUpdate(ToolCallUpdate):
    """
    A tool call has been created or updated.
    """

    session_update: Literal["tool_call_update"] = Field(..., alias="sessionUpdate")


class SessionUpdateConfigOptionUpdate(ConfigOptionUpdate):
    """
    Session configuration options have been updated.
    """

    session_update: Literal["config_option_update"] = Field(..., alias="sessionUpdate")


class SessionUpdate(
    RootModel[
        SessionUpdateUserMessageChunk
        | SessionUpdateUserMessage
        | SessionUpdateAgentMessageChunk
        | SessionUpdateAgentMessage
        | SessionUpdateAgentThoughtChunk
        | SessionUpdateAgentThought
        | SessionUpdateStateUpdateRunning
        | SessionUpdateStateUpdateIdle
        | SessionUpdateStateUpdateRequiresAction
        | SessionUpdateStateUpdateOther
        | SessionUpdateToolCallContentChunk
        | SessionUpdateToolCallUpdate
        | SessionUpdateTerminalUpdate
        | SessionUpdateTerminalOutputChunk
        | SessionUpdatePlanUpdate
        | SessionUpdatePlanRemoved
        | SessionUpdateAvailableCommandsUpdate
        | SessionUpdateConfigOptionUpdate
        | SessionUpdateSessionInfoUpdate
        | SessionUpdateUsageUpdate
        | SessionUpdateNotice
        | SessionUpdateCompactionUpdate
        | SessionUpdateCompactionSummaryChunk
        | SessionUpdateOther
    ]
):
    root: (
        SessionUpdateUserMessageChunk
        | SessionUpdateUserMessage
        | SessionUpdateAgentMessageChunk
        | SessionUpdateAgentMessage
        | SessionUpdateAgentThoughtChunk
        | SessionUpdateAgentThought
        | SessionUpdateStateUpdateRunning
        | SessionUpdateStateUpdateIdle
        | SessionUpdateStateUpdateRequiresAction
        | SessionUpdateStateUpdateOther
        | SessionUpdateToolCallContentChunk
        | SessionUpdateToolCallUpdate
        | SessionUpdateTerminalUpdate
        | SessionUpdateTerminalOutputChunk
        | SessionUpdatePlanUpdate
        | SessionUpdatePlanRemoved
        | SessionUpdateAvailableCommandsUpdate
        | SessionUpdateConfigOptionUpdate
        | SessionUpdateSessionInfoUpdate
        | SessionUpdateUsageUpdate
        | SessionUpdateNotice
        | SessionUpdateCompactionUpdate
        | SessionUpdateCompactionSummaryChunk
        | SessionUpdateOther
    ) = Field(
        ...,
        description="Different types of updates that can be sent while a session exists.\n\nThese updates report messages, progress, and other session activity.\n\nSee protocol docs: [Agent Reports Output](https://agentclientprotocol.com/protocol/v2/draft/prompt-lifecycle#3-agent-reports-output)",
    )


class UpdateSessionNotification(BaseModel):
    """
    Notification containing a session update from the agent.

    Agents can send session updates at any point while the session exists.

    See protocol docs: [Agent Reports Output](https://agentclientprotocol.com/protocol/v2/draft/prompt-lifecycle#3-agent-reports-output)
    """

    session_id: SessionId = Field(
        ..., alias="sessionId", description="The ID of the session this update pertains to."
    )
    update: SessionUpdate = Field(..., description="The actual update content.")
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class AgentNotificationSessionUpdate(BaseModel):
    method: Literal["session/update"] = Field(..., description="The notification method name.")
    params: UpdateSessionNotification

    @model_validator(mode="before")
    @classmethod
    def check_not_agent_notification_session_update(cls, data: Any) -> Any:
        return not_agent_notification_session_update(data)


class AgentNotificationExtension(BaseModel):
    """
    An extension method: its name starts with `_`; its params are free.
    """

    method: str = Field(..., description="The notification method name.", pattern="^_")
    params: (
        UpdateSessionNotification
        | CompleteElicitationNotification
        | MessageMcpNotification
        | ProxySuccessorNotification
        | UpdateAuthStatusNotification
        | ExtNotification
        | None
    ) = Field(default=None, description="Method-specific notification parameters.")

    @model_validator(mode="before")
    @classmethod
    def check_not_agent_notification_extension(cls, data: Any) -> Any:
        return not_agent_notification_extension(data)


class AgentNotification(
    RootModel[
        AgentNotificationSessionUpdate
        | AgentNotificationElicitationComplete
        | AgentNotificationMcpMessage
        | AgentNotificationProxySuccessor
        | AgentNotificationAuthStatusUpdate
        | AgentNotificationExtension
    ]
):
    root: Annotated[
        Union[
            Annotated[AgentNotificationSessionUpdate, Tag("session/update")],
            Annotated[AgentNotificationElicitationComplete, Tag("elicitation/complete")],
            Annotated[AgentNotificationMcpMessage, Tag("mcp/message")],
            Annotated[AgentNotificationProxySuccessor, Tag("proxy/successor")],
            Annotated[AgentNotificationAuthStatusUpdate, Tag("auth/status_update")],
            Annotated[AgentNotificationExtension, Tag("_other")],
        ],
        Discriminator(
            tag_of(
                "method",
                (
                    "session/update",
                    "elicitation/complete",
                    "mcp/message",
                    "proxy/successor",
                    "auth/status_update",
                ),
                "_other",
            )
        ),
    ] = Field(..., description="A JSON-RPC notification object.")


class AgentResponseResult(BaseModel):
    """
    A successful JSON-RPC response.
    """

    id: RequestId | None = Field(..., description="The id of the request this response answers.")
    result: (
        InitializeResponse
        | LoginAuthResponse
        | LogoutAuthResponse
        | NewSessionResponse
        | ResumeSessionResponse
        | CloseSessionResponse
        | ListSessionsResponse
        | DeleteSessionResponse
        | ForkSessionResponse
        | SetSessionConfigOptionResponse
        | PromptResponse
        | ListProvidersResponse
        | SetProviderResponse
        | DisableProviderResponse
        | MessageMcpResponse
        | StartNesResponse
        | SuggestNesResponse
        | CloseNesResponse
        | ArchiveSessionResponse
        | UnarchiveSessionResponse
        | SessionStatusResponse
        | SetSessionTitleResponse
        | AuthStatusResponse
        | ProxySuccessorResponse
        | CancelToolCallResponse
        | CancelTerminalResponse
        | SessionOptionsResponse
        | ExtResponse
    ) = Field(..., description="Method-specific response data.")

    @model_validator(mode="before")
    @classmethod
    def check_not_agent_response_result(cls, data: Any) -> Any:
        return not_agent_response_result(data)


class AgentResponse(RootModel[AgentResponseResult | AgentResponseError]):
    root: AgentResponseResult | AgentResponseError = Field(
        ..., description="A JSON-RPC response object."
    )


class ToolCallPermissionSubject(BaseModel):
    """
    Permission request details for a tool call.
    """

    tool_call: ToolCallUpdate = Field(
        ..., alias="toolCall", description="Details about the tool call requiring permission."
    )


class RequestPermissionSubjectToolCall(ToolCallPermissionSubject):
    """
    Permission is requested before executing a tool call.
    """

    type: Literal["tool_call"]


class RequestPermissionSubject(
    RootModel[
        RequestPermissionSubjectToolCall
        | RequestPermissionSubjectCommand
        | RequestPermissionSubjectOther
    ]
):
    root: Annotated[
        Union[
            Annotated[RequestPermissionSubjectToolCall, Tag("tool_call")],
            Annotated[RequestPermissionSubjectCommand, Tag("command")],
            Annotated[RequestPermissionSubjectOther, Tag("_other")],
        ],
        Discriminator(
            tag_of(
                "type",
                (
                    "tool_call",
                    "command",
                ),
                "_other",
            )
        ),
    ] = Field(..., description="The operation requiring permission.")


class RequestPermissionRequest(BaseModel):
    """
    Request for user permission to proceed with an operation.

    Sent when the agent needs authorization before performing a sensitive operation.

    See protocol docs: [Requesting Permission](https://agentclientprotocol.com/protocol/v2/draft/tool-calls#requesting-permission)
    """

    session_id: SessionId = Field(
        ..., alias="sessionId", description="The session ID for this request."
    )
    title: str = Field(
        ...,
        description="Human-readable title for the permission prompt.\n\nThis title is specific to the permission prompt and does not update any\nsubject's displayed title.",
    )
    description: str | None = Field(
        default=None,
        description="Optional human-readable explanation of why permission is needed.\n\nThis text is specific to the permission prompt and does not update any\nsubject's displayed content. Omitted or `null` both mean no separate\npermission description was provided.",
    )
    subject: RequestPermissionSubject | None = Field(
        default=None,
        description="Optional structured context about the operation requiring permission.\n\nOmitted or `null` both mean no structured subject was provided.",
    )
    options: list[PermissionOption] = Field(
        ...,
        description="Available permission options for the user to choose from.\nMust contain at least one option.",
        min_length=1,
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Implementations MUST NOT make assumptions about values at\nthese keys.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )


class AgentRequestSessionRequestPermission(BaseModel):
    id: RequestId | None = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["session/request_permission"] = Field(
        ..., description="The method name to invoke."
    )
    params: RequestPermissionRequest


class AgentRequestExtension(BaseModel):
    """
    An extension method: its name starts with `_`; its params are free.
    """

    id: RequestId | None = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: str = Field(..., description="The method name to invoke.", pattern="^_")
    params: (
        RequestPermissionRequest
        | CreateElicitationRequest
        | ConnectMcpRequest
        | MessageMcpRequest
        | DisconnectMcpRequest
        | ProxySuccessorRequest
        | ExtRequest
        | None
    ) = Field(default=None, description="Method-specific request parameters.")


class AgentRequest(
    RootModel[
        AgentRequestSessionRequestPermission
        | AgentRequestElicitationCreate
        | AgentRequestMcpConnect
        | AgentRequestMcpMessage
        | AgentRequestMcpDisconnect
        | AgentRequestProxySuccessor
        | AgentRequestExtension
    ]
):
    root: Annotated[
        Union[
            Annotated[AgentRequestSessionRequestPermission, Tag("session/request_permission")],
            Annotated[AgentRequestElicitationCreate, Tag("elicitation/create")],
            Annotated[AgentRequestMcpConnect, Tag("mcp/connect")],
            Annotated[AgentRequestMcpMessage, Tag("mcp/message")],
            Annotated[AgentRequestMcpDisconnect, Tag("mcp/disconnect")],
            Annotated[AgentRequestProxySuccessor, Tag("proxy/successor")],
            Annotated[AgentRequestExtension, Tag("_other")],
        ],
        Discriminator(
            tag_of(
                "method",
                (
                    "session/request_permission",
                    "elicitation/create",
                    "mcp/connect",
                    "mcp/message",
                    "mcp/disconnect",
                    "proxy/successor",
                ),
                "_other",
            )
        ),
    ] = Field(..., description="A JSON-RPC request object.")
