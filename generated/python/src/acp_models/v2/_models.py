# generated from spec/acp-v2.yaml by acp-spec; do not edit

from typing import Annotated, Any, Literal, TypeAlias, Union

from pydantic import (
    Discriminator,
    Field,
    Tag,
    ValidationInfo,
    ValidatorFunctionWrapHandler,
    field_validator,
    model_validator,
)

from ._base import (
    NATIVE_BRANCH,
    ROUTED_BRANCH,
    BaseModel,
    RootModel,
    not_auth_method_other,
    not_available_command_input_other,
    not_available_command_other,
    not_background_work_other,
    not_content_block_other,
    not_create_elicitation_request_other_request,
    not_create_elicitation_request_other_session,
    not_create_elicitation_response_other,
    not_diff_change_other,
    not_elicitation_form_mode_request,
    not_elicitation_form_mode_session,
    not_elicitation_property_schema_other,
    not_elicitation_url_mode_request,
    not_elicitation_url_mode_session,
    not_idle_state_update_other,
    not_mcp_server_other,
    not_multi_select_items_other,
    not_plan_update_content_other,
    not_replay_from_other,
    not_request_permission_outcome_other,
    not_request_permission_subject_other,
    not_session_config_option_other,
    not_session_update_other,
    not_set_session_config_option_request_other,
    not_state_update_other,
    not_tool_call_content_other,
    omit_null,
    reject_null,
    tag_of,
    tolerate,
)

# True in the lenient copy of this module that validate_tolerant loads
_LENIENT = __name__.endswith("._lenient")


AbsolutePath: TypeAlias = Annotated[
    str,
    Field(
        description="An absolute filesystem path used by the protocol.\n\nUses the native syntax of the machine the Agent runs on, such as `/home/user/project`,\n`C:\\Users\\user\\project`, or `\\\\server\\share\\project`. It is not a URI."
    ),
]


class ArchiveSessionResponse(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Response from archiving a session.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_archive_session_response_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class AuthAccount(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    An account or credential the agent has configured, such as a signed-in user
    account or an API key.

    All fields are display information only. Clients MUST NOT use them as stable
    account identifiers, and SHOULD NOT log them or send them elsewhere, such as to
    telemetry.
    """

    label: str = Field(
        ...,
        description="Human-readable name for the account, suitable for display on its own,\nfor example `Claude Max`, `OpenAI API key`, or `Vertex AI`.",
    )
    active: bool | None = Field(
        default=None,
        description="Whether the agent currently uses this account by default.\n\nSeveral accounts MAY be active, for example one per provider.\n\nOptional. Omitted and `null` are equivalent and mean the agent does not indicate whether this account is in effect.",
    )
    name: str | None = Field(
        default=None,
        description="Display name of the user, such as a username or full name.\n\nOptional. Omitted and `null` are equivalent and mean no name is reported.",
    )
    email: str | None = Field(
        default=None,
        description="Email address of the user.\n\nOptional. Omitted and `null` are equivalent and mean no email is reported.",
    )
    organization: str | None = Field(
        default=None,
        description="Display name of the organization, team, or workspace the account is using.\n\nOptional. Omitted and `null` are equivalent and mean no organization is reported.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("active", "name", "email", "organization", "meta", mode="wrap")
        @classmethod
        def tolerate_auth_account_1(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=True, items=False)


AuthMethodId: TypeAlias = Annotated[
    str, Field(description="Typed identifier used for auth method values on the wire.")
]


AuthState: TypeAlias = Annotated[
    Literal["authenticated", "unauthenticated", "not_required", "unknown"] | str,
    Field(
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nThe agent's overall authentication state."
    ),
]


class AuthStatusCapabilities(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Auth status capabilities supported by the agent.

    Supplying `{}` means the agent supports the `auth/status` method.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_auth_status_capabilities_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class AuthStatusRequest(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Request parameters for the `auth/status` method.

    Queries the agent's current authentication state without changing it.

    Agents MUST NOT reject it with `auth_required` (`-32000`), since Clients call it to learn
    whether authentication is required.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_auth_status_request_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class AuthStatusResponse(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Response to the `auth/status` method.
    """

    state: AuthState = Field(
        ...,
        description="Whether the agent can start sessions without the user signing in first.\n\nThis is the only field clients should act on. Clients MUST treat values they\ndo not recognize as `unknown`.",
    )
    accounts: list[AuthAccount] | None = Field(
        default=None,
        description="The accounts the agent has configured, for display.\n\nOptional. Omitted and empty are equivalent and mean no accounts are reported.\nAgents that hold credentials for several providers or accounts SHOULD list each\nof them and mark the ones in effect with `active`.",
        exclude_if=omit_null,
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    @field_validator("accounts", mode="before")
    @classmethod
    def reject_null_validator(cls, v: Any, info: ValidationInfo) -> Any:
        return reject_null(v, info)

    if _LENIENT:

        @field_validator("accounts", mode="wrap")
        @classmethod
        def tolerate_auth_status_response_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=True)

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_auth_status_response_2(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class AuthStatusUpdateNotification(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Notification sent by the agent when its authentication status changes.

    Carries the same fields as the `auth/status` response. Agents that advertise the
    `auth.status` capability MAY send it at any time after `initialize`, and SHOULD only
    send it when the reported status differs from the last one sent on the connection.
    """

    state: AuthState = Field(
        ...,
        description="Whether the agent can start sessions without the user signing in first.\n\nThis is the only field clients should act on. Clients MUST treat values they\ndo not recognize as `unknown`.",
    )
    accounts: list[AuthAccount] | None = Field(
        default=None,
        description="The accounts the agent has configured, for display.\n\nOptional. Omitted and empty are equivalent and mean no accounts are reported.\nAgents that hold credentials for several providers or accounts SHOULD list each\nof them and mark the ones in effect with `active`.",
        exclude_if=omit_null,
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    @field_validator("accounts", mode="before")
    @classmethod
    def reject_null_validator(cls, v: Any, info: ValidationInfo) -> Any:
        return reject_null(v, info)

    if _LENIENT:

        @field_validator("accounts", mode="wrap")
        @classmethod
        def tolerate_auth_status_update_notification_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=True)

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_auth_status_update_notification_2(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class AvailableCommandOther(BaseModel):
    """
    Custom or future command kind.

    Values beginning with `_` are reserved for implementation-specific
    extensions. Unknown values that do not begin with `_` are reserved for
    future ACP variants.

    Clients that do not understand this command type should preserve the raw
    payload when storing, replaying, proxying, or forwarding command
    metadata, and otherwise ignore the command or display it as a plain
    command using its `name` and `description`.
    """

    type: str = Field(
        ...,
        description="Custom or future command type.\n\nValues beginning with `_` are reserved for implementation-specific\nextensions. Unknown values that do not begin with `_` are reserved for\nfuture ACP variants.",
    )
    name: str = Field(
        ...,
        description="Command name without the leading `/`. MUST NOT contain whitespace and MUST be unique\nwithin the command list.",
    )
    description: str = Field(
        ..., description="Human-readable description of what the command does."
    )

    @model_validator(mode="before")
    @classmethod
    def check_not_available_command_other(cls, data: Any) -> Any:
        return not_available_command_other(data)


class TextCommandInput(BaseModel):
    """
    All text that was typed after the command name is provided as input.
    """

    hint: str = Field(..., description="A hint to display when the input hasn't been provided yet")
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_text_command_input_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class AvailableCommandInputText(TextCommandInput):
    """
    All text after the command name and the whitespace following it is provided as input.
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


AvailableCommandInput: TypeAlias = Annotated[
    Annotated[
        Union[
            Annotated[Union[AvailableCommandInputText], Discriminator("type")],
            AvailableCommandInputOther,
        ],
        Field(union_mode="left_to_right"),
    ],
    Field(description="The input specification for a command."),
]


class BackgroundWorkOther(BaseModel):
    """
    Custom or future background work.

    Values beginning with `_` are reserved for implementation-specific
    extensions. Unknown values that do not begin with `_` are reserved for
    future ACP variants.

    An unknown item still means background work is running, even when the Client
    cannot show what it is.
    """

    type: str = Field(
        ...,
        description="Custom or future background work type.\n\nValues beginning with `_` are reserved for implementation-specific\nextensions. Unknown values that do not begin with `_` are reserved for\nfuture ACP variants.",
    )

    @model_validator(mode="before")
    @classmethod
    def check_not_background_work_other(cls, data: Any) -> Any:
        return not_background_work_other(data)


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
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("title", "description", "default", "meta", mode="wrap")
        @classmethod
        def tolerate_boolean_property_schema_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class CancelTerminalResponse(BaseModel):
    """
    Response from cancelling a terminal.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_cancel_terminal_response_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class CancelToolCallResponse(BaseModel):
    """
    Response from cancelling a tool call.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_cancel_tool_call_response_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class CancelledPermissionOutcome(BaseModel):
    """
    The request was not approved and no option was selected.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_cancelled_permission_outcome_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class CloseSessionResponse(BaseModel):
    """
    Response from closing a session.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_close_session_response_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


CompactionId: TypeAlias = Annotated[
    str, Field(description="Unique identifier for a context compaction within a session.")
]


CompactionStatus: TypeAlias = Annotated[
    Literal["in_progress", "completed", "failed", "cancelled"] | str,
    Field(description="Lifecycle state of a context compaction."),
]


class ContentBlockOther(BaseModel):
    """
    Custom or future content block.

    Values beginning with `_` are reserved for implementation-specific
    extensions. Unknown values that do not begin with `_` are reserved for
    future ACP variants.

    Receivers that do not understand this content block type should preserve
    the raw payload when storing, replaying, proxying, or forwarding content,
    and otherwise ignore it or display it generically. Agents MUST reject a
    `session/prompt` request with a content block type they do not support
    with `-32602`.
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
        ...,
        description='Unit of `amount`: an ISO 4217 currency code (e.g., "USD", "EUR") for money, or another\nunit such as "credits".',
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_cost_1(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=True, items=False)


class CreateElicitationResponseDecline(BaseModel):
    """
    The user declined the elicitation.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    action: Literal["decline"]

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_create_elicitation_response_decline_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class CreateElicitationResponseCancel(BaseModel):
    """
    The elicitation was cancelled.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    action: Literal["cancel"]

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_create_elicitation_response_cancel_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class CreateElicitationResponseOther(BaseModel):
    """
    Custom or future elicitation action.

    Values beginning with `_` are reserved for implementation-specific
    extensions. Unknown values that do not begin with `_` are reserved for
    future ACP variants.

    Agents that do not understand this action should preserve the raw
    payload when storing, replaying, proxying, or forwarding elicitation
    responses, and otherwise MUST handle it as `cancel`.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    action: str = Field(
        ...,
        description="Custom or future elicitation action.\n\nValues beginning with `_` are reserved for implementation-specific\nextensions. Unknown values that do not begin with `_` are reserved for\nfuture ACP variants.",
    )

    @model_validator(mode="before")
    @classmethod
    def check_not_create_elicitation_response_other(cls, data: Any) -> Any:
        return not_create_elicitation_response_other(data)

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_create_elicitation_response_other_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class DeleteSessionResponse(BaseModel):
    """
    Response from deleting a session.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_delete_session_response_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


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
        ...,
        validation_alias="oldPath",
        serialization_alias="oldPath",
        description="Absolute path before the operation.",
    )
    path: AbsolutePath = Field(..., description="Absolute path after the operation.")


DiffFileType: TypeAlias = Annotated[
    Literal["text", "binary", "directory", "symlink"] | str,
    Field(description="Kind of file content represented by a diff change."),
]


DiffPatchFormat: TypeAlias = Annotated[
    Literal["git_patch"] | str, Field(description="Text patch format used by `DiffPatch`.")
]


class DisableProviderResponse(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Response to `providers/disable`.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_disable_provider_response_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


ElicitationContentValue: TypeAlias = Annotated[
    str | int | float | bool | list[str] | Any,
    Field(description="Allowed wire representations for `ElicitationContentValue`."),
]


class ElicitationFormCapabilities(BaseModel):
    """
    Form-based elicitation capabilities.

    Supplying `{}` means the client supports form-based elicitation.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_elicitation_form_capabilities_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


ElicitationId: TypeAlias = Annotated[
    str, Field(description="Unique identifier for an elicitation.")
]


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
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("title", "description", "default", "meta", mode="wrap")
        @classmethod
        def tolerate_number_property_schema_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


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
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("title", "description", "default", "meta", mode="wrap")
        @classmethod
        def tolerate_integer_property_schema_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


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


ElicitationSchemaType: TypeAlias = Annotated[
    Literal["object"], Field(description="Type discriminator for elicitation schemas.")
]


class ElicitationUrlCapabilities(BaseModel):
    """
    URL-based elicitation capabilities.

    Supplying `{}` means the client supports URL-based elicitation.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_elicitation_url_capabilities_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


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
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("description", "meta", mode="wrap")
        @classmethod
        def tolerate_enum_option_1(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=True, items=False)


class EnvVariable(BaseModel):
    """
    An environment variable to set when launching a process.
    """

    name: str = Field(..., description="The name of the environment variable.")
    value: str = Field(..., description="The value to set for the environment variable.")
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_env_variable_1(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=True, items=False)


ErrorCode: TypeAlias = Annotated[
    Literal[-32700, -32600, -32601, -32602, -32603, -32800, -32000, -32002, -32022] | int,
    Field(
        description="Predefined error codes for common JSON-RPC and ACP-specific errors.\n\nStandard errors use the JSON-RPC 2.0 codes. ACP-specific errors use the JSON-RPC\nserver-error range (-32000 to -32099), and request cancellation uses -32800 from the\nrange LSP reserves (-32899 to -32800)."
    ),
]


ExtNotification: TypeAlias = Annotated[
    Any,
    Field(
        description="Allows either side to send an arbitrary notification that is not part of the ACP spec.\nExtension notifications provide a way to send one-way messages for custom functionality\nwhile maintaining protocol compatibility.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)"
    ),
]


ExtRequest: TypeAlias = Annotated[
    Any,
    Field(
        description="Allows for sending an arbitrary request that is not part of the ACP spec.\nExtension methods provide a way to add custom functionality while maintaining\nprotocol compatibility.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)"
    ),
]


ExtResponse: TypeAlias = Annotated[
    Any,
    Field(
        description="Allows for sending an arbitrary response to an extension request that is not part of the ACP spec.\nExtension methods provide a way to add custom functionality while maintaining\nprotocol compatibility.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)"
    ),
]


class HttpHeader(BaseModel):
    """
    An HTTP header to set when making requests to the MCP server.
    """

    name: str = Field(..., description="The name of the HTTP header.")
    value: str = Field(..., description="The value to set for the HTTP header.")
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_http_header_1(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=True, items=False)


IconTheme: TypeAlias = Annotated[
    Literal["light", "dark"] | str, Field(description="Theme an icon is designed for.")
]


IdempotencyKey: TypeAlias = Annotated[
    str,
    Field(
        description="A key that identifies one `session/prompt` submission across retries.\n\nWhen present, it is an opaque, case-sensitive string of 1 to 255 characters, counted\nas Unicode code points (so 255 emoji are valid, although they take 510 UTF-16 code\nunits). The Client generates the key. Clients **SHOULD** use a UUID\n([RFC 9562](https://www.rfc-editor.org/rfc/rfc9562)) or another random value with at\nleast as much entropy. Clients **SHOULD NOT** derive the key from user content or put\nsensitive data in it. Clients **MUST NOT** send the same key with a different prompt.\n\nA key is scoped to the session named by `sessionId`. The same key string in another\nsession, including a fork of this one, names an unrelated submission. A key lasts as\nlong as the message it belongs to. There is no time window.\n\nSee the RFD: [v2 Idempotency Keys](https://agentclientprotocol.com/rfds/v2/idempotency-keys)",
        max_length=255,
        min_length=1,
    ),
]


class Implementation(BaseModel):
    """
    Metadata about the implementation of the client or agent.
    Describes the name and version of an ACP implementation, with an optional
    title for UI representation.
    """

    name: str = Field(
        ...,
        description="Intended for programmatic or logical use, but can be used as a display\nname fallback if title isn't present.",
    )
    title: str | None = Field(
        default=None,
        description="Intended for UI and end-user contexts and optimized to be human-readable\nand easily understood.\n\nIf not provided, the name should be used for display.\n\nOmitted and `null` are equivalent and mean the `name` is used for display.",
    )
    version: str = Field(
        ...,
        description='Version of the implementation. Can be displayed to the user or used\nfor debugging or metrics purposes. (e.g. "1.0.0").',
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("title", "meta", mode="wrap")
        @classmethod
        def tolerate_implementation_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class ListProvidersRequest(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Request parameters for `providers/list`.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_list_providers_request_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


LlmProtocol: TypeAlias = Annotated[
    Literal["anthropic", "openai", "azure", "vertex", "bedrock"] | str,
    Field(
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nWell-known API protocol identifiers for LLM providers.\n\nAgents and clients MUST handle unknown protocol identifiers gracefully.\n\nProtocol names beginning with `_` are free for custom use, like other ACP extension methods.\nProtocol names that do not begin with `_` are reserved for the ACP spec."
    ),
]


class LoginAuthRequest(BaseModel):
    """
    Request parameters for the `auth/login` method.

    Specifies which authentication method to use.

    Agents MUST support this method when their `initialize` response included
    a non-empty `authMethods` list. Clients MUST NOT call this method
    when `authMethods` was omitted or empty.
    """

    method_id: AuthMethodId = Field(
        ...,
        validation_alias="methodId",
        serialization_alias="methodId",
        description="The ID of the authentication method to use.\nMust be one of the methods advertised in the initialize response.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_login_auth_request_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class LoginAuthResponse(BaseModel):
    """
    Response to the `auth/login` method.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_login_auth_response_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class LogoutAuthRequest(BaseModel):
    """
    Request parameters for the `auth/logout` method.

    Terminates the current authenticated session.

    Agents MUST support this method when their `initialize` response included
    a non-empty `authMethods` list. Clients MUST NOT call this method
    when `authMethods` was omitted or empty.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_logout_auth_request_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class LogoutAuthResponse(BaseModel):
    """
    Response to the `auth/logout` method.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_logout_auth_response_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class McpAcpCapabilities(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Capabilities for ACP MCP server transports.

    Supplying `{}` means the agent supports ACP MCP server transports.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_mcp_acp_capabilities_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class McpError(BaseModel):
    """
    **UNSTABLE**

    An inner MCP error, distinct from an outer ACP binding or runtime error.

    `code` and `message` are required and non-null. `data` is optional.
    Explicit `null` is preserved separately from an omitted key.
    """

    code: int = Field(..., description="Inner MCP error code. Never an ACP error code.")
    message: str = Field(..., description="Inner MCP error message.")
    data: Any | None = Field(
        default=None, description="Optional error data. Explicit null is retained."
    )


class McpHttpCapabilities(BaseModel):
    """
    Capabilities for HTTP MCP server transports.

    Supplying `{}` means the agent supports HTTP MCP server transports.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_mcp_http_capabilities_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


McpRequestId: TypeAlias = Annotated[
    str,
    Field(
        description="**UNSTABLE**\n\nIdentifies an inner MCP request active against a server on this ACP connection.\nGenerated by the caller and preserved unchanged by proxies, independently of\nthe outer ACP JSON-RPC request ID."
    ),
]


class McpServerHttp(BaseModel):
    """
    HTTP transport configuration for MCP.
    """

    name: str = Field(..., description="Human-readable name identifying this MCP server.")
    url: str = Field(..., description="URL to the MCP server.")
    headers: list[HttpHeader] | None = Field(
        default=None,
        description="HTTP headers to set when making requests to the MCP server. Headers the MCP transport\ndefines are owned by the transport, and Agents use the transport's values for them.",
        exclude_if=omit_null,
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    @field_validator("headers", mode="before")
    @classmethod
    def reject_null_validator(cls, v: Any, info: ValidationInfo) -> Any:
        return reject_null(v, info)

    if _LENIENT:

        @field_validator("headers", mode="wrap")
        @classmethod
        def tolerate_mcp_server_http_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=False, items=False, null="empty")

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_mcp_server_http_2(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class McpServerStdio(BaseModel):
    """
    Stdio transport configuration for MCP.
    """

    name: str = Field(..., description="Human-readable name identifying this MCP server.")
    command: AbsolutePath = Field(..., description="Absolute path to the MCP server executable.")
    args: list[str] | None = Field(
        default=None,
        description="Command-line arguments to pass to the MCP server.",
        exclude_if=omit_null,
    )
    env: list[EnvVariable] | None = Field(
        default=None,
        description="Environment variables to set when launching the MCP server. Names SHOULD be unique.\nAgents MAY reject duplicates with `-32602`, and otherwise the last entry wins.",
        exclude_if=omit_null,
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    @field_validator("args", "env", mode="before")
    @classmethod
    def reject_null_validator(cls, v: Any, info: ValidationInfo) -> Any:
        return reject_null(v, info)

    if _LENIENT:

        @field_validator("args", "env", mode="wrap")
        @classmethod
        def tolerate_mcp_server_stdio_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=False, items=False, null="empty")

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_mcp_server_stdio_2(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


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
    data. Agents MUST reject a request with a transport they do not support
    with `-32602`.
    """

    type: str = Field(
        ...,
        description="Custom or future MCP server transport type.\n\nValues beginning with `_` are reserved for implementation-specific\nextensions. Unknown values that do not begin with `_` are reserved for\nfuture ACP variants.",
    )

    @model_validator(mode="before")
    @classmethod
    def check_not_mcp_server_other(cls, data: Any) -> Any:
        return not_mcp_server_other(data)


McpServerAcpId: TypeAlias = Annotated[
    str,
    Field(
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nUnique identifier for an MCP server using the ACP transport.\n\nThe value is opaque and generated by the ACP component providing the MCP server. It is\nused by `mcp/message` to route requests to the component that declared the server."
    ),
]


class McpStdioCapabilities(BaseModel):
    """
    Capabilities for stdio MCP server transports.

    Supplying `{}` means the agent supports stdio MCP server transports.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_mcp_stdio_capabilities_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


MediaType: TypeAlias = Annotated[
    str, Field(description="An Internet media type identifying the format of protocol content.")
]


MessageId: TypeAlias = Annotated[
    str,
    Field(
        description="Identifier for a message, unique among messages of the same type within a session.\n\nEach message type, such as user messages, agent messages, and agent thoughts,\nhas its own ID space: messages of different types may share an ID and remain\ndistinct messages."
    ),
]


class MessageMcpNotification(BaseModel):
    """
    **UNSTABLE**

    Notification for an active request, sent from provider to consumer.
    Includes subscription acknowledgements and updates.
    """

    server_id: McpServerAcpId = Field(
        ...,
        validation_alias="serverId",
        serialization_alias="serverId",
        description="The declared ACP MCP server handling the associated request.",
    )
    request_id: McpRequestId = Field(
        ...,
        validation_alias="requestId",
        serialization_alias="requestId",
        description="The identifier of the active inner MCP request.",
    )
    method: str = Field(..., description="The inner MCP method name.")
    params: dict[str, Any] | None = Field(
        default=None, description="Optional inner MCP params. Null is equivalent to omission."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\nThis is ACP metadata, not the inner MCP message's `_meta`.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_message_mcp_notification_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class MessageMcpRequest(BaseModel):
    """
    **UNSTABLE**

    Request parameters for `mcp/message`, sent from consumer to provider.
    """

    server_id: McpServerAcpId = Field(
        ...,
        validation_alias="serverId",
        serialization_alias="serverId",
        description="The declared ACP MCP server receiving this request.",
    )
    request_id: McpRequestId = Field(
        ...,
        validation_alias="requestId",
        serialization_alias="requestId",
        description="The caller-generated identifier for the inner MCP request.",
    )
    method: str = Field(..., description="The inner MCP method name.")
    params: dict[str, Any] | None = Field(
        default=None, description="Optional inner MCP params. Null is equivalent to omission."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\nThis is ACP metadata, not the inner MCP message's `_meta`.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_message_mcp_request_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class MessageMcpResponseResult(BaseModel):
    """
    An opaque inner MCP result.
    """

    result: Any = Field(..., description="Required, even if JSON null.")
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\nThis is ACP metadata, not the inner MCP message's `_meta`.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_message_mcp_response_result_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class MessageMcpResponseError(BaseModel):
    """
    A structured inner MCP error.
    """

    error: McpError = Field(..., description="Required, non-null MCP error object.")
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\nThis is ACP metadata, not the inner MCP message's `_meta`.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_message_mcp_response_error_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class MessageMcpResponse(RootModel[MessageMcpResponseResult | MessageMcpResponseError]):
    root: MessageMcpResponseResult | MessageMcpResponseError = Field(
        ...,
        description="**UNSTABLE**\n\nThe successful outer ACP `mcp/message` response carries exactly one\ninner MCP outcome: an opaque result (including JSON null), or an MCP error.\nOuter ACP errors are reserved for binding and runtime failures.\n\nBoth branches require their carrier key. An error must be a non-null object.\nUnknown outer fields are ignored. Inner result and error fields are preserved.\nCarrier `_meta` is optional. Null or invalid values are treated as absent.\nSenders must include exactly one outcome. Receivers prefer `result` if both are present.",
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
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_string_multi_select_items_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


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


NoticeSeverity: TypeAlias = Annotated[
    Literal["info", "warning", "error"] | str,
    Field(description="Severity hint for a session notice."),
]


PermissionOptionId: TypeAlias = Annotated[
    str, Field(description="Unique identifier for a permission option.")
]


PermissionOptionKind: TypeAlias = Annotated[
    Literal["allow_once", "allow_always", "reject_once", "reject_always"] | str,
    Field(
        description="The type of permission option being presented to the user.\n\nHelps clients choose appropriate icons and UI treatment."
    ),
]


PlanEntryPriority: TypeAlias = Annotated[
    Literal["high", "medium", "low"] | str,
    Field(
        description="Priority levels for plan entries.\n\nUsed to indicate the relative importance or urgency of different\ntasks in the execution plan.\nSee protocol docs: [Plan Entries](https://agentclientprotocol.com/protocol/v2/draft/agent-plan#plan-entries)"
    ),
]


PlanEntryStatus: TypeAlias = Annotated[
    Literal["pending", "in_progress", "completed", "cancelled"] | str,
    Field(
        description="Status of a plan entry in the execution flow.\n\nTracks the lifecycle of each task from planning through completion.\nSee protocol docs: [Plan Entries](https://agentclientprotocol.com/protocol/v2/draft/agent-plan#plan-entries)"
    ),
]


PlanId: TypeAlias = Annotated[
    str, Field(description="Unique identifier for a plan within a session.")
]


class PlanMarkdown(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    A plan represented as raw markdown content.
    """

    plan_id: PlanId = Field(
        ...,
        validation_alias="planId",
        serialization_alias="planId",
        description="The plan ID to update.",
    )
    content: str = Field(..., description="Markdown content for the plan.")
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_plan_markdown_1(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=True, items=False)


class PlanRemoved(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Removal notice for a plan identified by ID.
    """

    plan_id: PlanId = Field(
        ...,
        validation_alias="planId",
        serialization_alias="planId",
        description="The plan ID to remove.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_plan_removed_1(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=True, items=False)


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
    otherwise ignore it or display it generically. It still replaces any earlier
    content for the same `planId`.
    """

    type: str = Field(
        ...,
        description="Custom or future plan update content type.\n\nValues beginning with `_` are reserved for implementation-specific\nextensions. Unknown values that do not begin with `_` are reserved for\nfuture ACP variants.",
    )
    plan_id: PlanId = Field(
        ...,
        validation_alias="planId",
        serialization_alias="planId",
        description="The plan ID to update.",
    )

    @model_validator(mode="before")
    @classmethod
    def check_not_plan_update_content_other(cls, data: Any) -> Any:
        return not_plan_update_content_other(data)


class PromptAudioCapabilities(BaseModel):
    """
    Capabilities for audio content in prompt requests.

    Supplying `{}` means the agent supports audio content in prompts.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_prompt_audio_capabilities_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class PromptEmbeddedContextCapabilities(BaseModel):
    """
    Capabilities for embedded context in prompt requests.

    Supplying `{}` means the agent supports embedded context in prompts.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_prompt_embedded_context_capabilities_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class PromptImageCapabilities(BaseModel):
    """
    Capabilities for image content in prompt requests.

    Supplying `{}` means the agent supports image content in prompts.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_prompt_image_capabilities_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class PromptResponse(BaseModel):
    """
    Response acknowledging that a user prompt was inserted into the ACP conversation.

    This response does not indicate that the prompt was merely received or held, nor that the
    agent has finished processing it.
    Processing and completion are reported through `state_update` session updates.

    Insertion is the logical addition of a user message with a message ID and a position
    relative to other messages in the ACP conversation.

    See protocol docs: [Prompt Accepted](https://agentclientprotocol.com/protocol/v2/draft/prompt-lifecycle#2-prompt-accepted)
    """

    message_id: MessageId = Field(
        ...,
        validation_alias="messageId",
        serialization_alias="messageId",
        description="Identifies the user message inserted into the ACP conversation.\n\nRequired and non-null. Omission and explicit `null` are both invalid.\n\nThe corresponding user-message session update carries this same identifier and may arrive\nbefore or after this response. Agents must echo the message during the live session, but are\nnot required to retain it. If retained and replayed, the message keeps this identifier.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_prompt_response_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


ProtocolVersion: TypeAlias = Annotated[
    int,
    Field(
        description="Protocol version identifier.\n\nThis version is only bumped for breaking changes.\nNon-breaking changes should be introduced via capabilities.",
        ge=0,
        le=65535,
    ),
]


class ProviderCurrentConfig(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Current effective non-secret routing configuration for a provider.
    """

    api_type: LlmProtocol = Field(
        ...,
        validation_alias="apiType",
        serialization_alias="apiType",
        description="Protocol currently used by this provider.",
    )
    base_url: str = Field(
        ...,
        validation_alias="baseUrl",
        serialization_alias="baseUrl",
        description="Base URL currently used by this provider.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_provider_current_config_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


ProviderId: TypeAlias = Annotated[
    str,
    Field(
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nUnique identifier for a configurable LLM provider."
    ),
]


class ProviderInfo(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Information about a configurable LLM provider.
    """

    provider_id: ProviderId = Field(
        ...,
        validation_alias="providerId",
        serialization_alias="providerId",
        description='Provider identifier, for example "main" or "openai".',
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
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("supported", mode="wrap")
        @classmethod
        def tolerate_provider_info_1(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=True, items=True, fallback=[])

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_provider_info_2(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=True, items=False)


class ProvidersCapabilities(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Provider configuration capabilities supported by the agent.

    Supplying `{}` means the agent supports provider configuration methods.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_providers_capabilities_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class ProxySuccessorNotification(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Parameters of a `proxy/successor` notification.

    A proxy sends it to forward a message to its successor, and the conductor sends it to
    deliver a message from the successor to the proxy. The envelope wraps one notification: `method`
    and `params` are the wrapped notification's method and params.

    See the [Proxy Chains RFD](https://agentclientprotocol.com/rfds/proxy-chains).
    """

    method: str = Field(..., description="Method name of the wrapped notification.")
    params: Any | None = Field(
        default=None,
        description="Params of the wrapped notification, forwarded unchanged.\n\nOptional. Omitted and `null` are equivalent and mean the wrapped notification has no params.\nWhen present, it MUST be a JSON object or array, as JSON-RPC requires.\nThe wrapped notification's own `_meta` stays inside these params.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="Metadata for the `proxy/successor` envelope itself, separate from the wrapped\nmessage's `_meta`. It is hop-local: the conductor does not copy it into the message\nit unwraps.\n\nThe _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_proxy_successor_notification_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class ProxySuccessorRequest(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Parameters of a `proxy/successor` request.

    A proxy sends it to forward a message to its successor, and the conductor sends it to
    deliver a message from the successor to the proxy. The envelope wraps one request: `method`
    and `params` are the wrapped request's method and params.

    The result or error of the wrapped request is returned unchanged, as the same JSON value,
    as the result or error of the `proxy/successor` request. Errors the conductor returns
    itself, for example because the successor has exited, are not wrapped results.

    To cancel it, the sender sends `$/cancel_request` with the ID of this `proxy/successor`
    request on the same connection. Cancellation is never forwarded to another hop.

    See the [Proxy Chains RFD](https://agentclientprotocol.com/rfds/proxy-chains).
    """

    method: str = Field(..., description="Method name of the wrapped request.")
    params: Any | None = Field(
        default=None,
        description="Params of the wrapped request, forwarded unchanged.\n\nOptional. Omitted and `null` are equivalent and mean the wrapped request has no params.\nWhen present, it MUST be a JSON object or array, as JSON-RPC requires.\nThe wrapped request's own `_meta` stays inside these params.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="Metadata for the `proxy/successor` envelope itself, separate from the wrapped\nmessage's `_meta`. It is hop-local: the conductor does not copy it into the message\nit unwraps.\n\nThe _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_proxy_successor_request_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class ProxySuccessorResponse(RootModel[Any]):
    root: Any = Field(
        ...,
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nResult of a `proxy/successor` request: the wrapped request's result, forwarded unchanged.",
    )


class ReplayFromStart(BaseModel):
    """
    Inclusive replay cursor requesting replay from the start of retained conversation history.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_replay_from_start_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class ReplayFromTypeStart(ReplayFromStart):
    """
    Replay all retained conversation history from its first replayable entry.
    """

    type: Literal["start"]


class ReplayFromOther(BaseModel):
    """
    Custom or future replay cursor.

    Values beginning with `_` are reserved for implementation-specific
    extensions. Unknown values that do not begin with `_` are reserved for
    future ACP variants.

    Intermediaries SHOULD preserve the raw payload when storing, replaying,
    proxying, or forwarding requests. Agents that do not support this cursor
    MUST reject the request with `-32602` (Invalid params), rather than
    substituting another cursor or resuming without replay.
    """

    type: str = Field(
        ...,
        description="Custom or future replay cursor type.\n\nValues beginning with `_` are reserved for implementation-specific\nextensions. Unknown values that do not begin with `_` are reserved for\nfuture ACP variants.",
    )

    @model_validator(mode="before")
    @classmethod
    def check_not_replay_from_other(cls, data: Any) -> Any:
        return not_replay_from_other(data)


ReplayFrom: TypeAlias = Annotated[
    Annotated[
        Union[Annotated[Union[ReplayFromTypeStart], Discriminator("type")], ReplayFromOther],
        Field(union_mode="left_to_right"),
    ],
    Field(
        description="Inclusive cursor describing where replayed session history should begin.\n\nReplay includes the position identified by the cursor."
    ),
]


RequestId: TypeAlias = Annotated[
    int | str,
    Field(
        description="A JSON-RPC request ID: a string or an integer. Unlike base JSON-RPC, it MUST NOT be `null`.\n\nThe receiver MUST reply with the same value in the response. Each side chooses IDs for its own\nrequests, so the same ID can be in use in both directions. A sender MUST NOT reuse an ID while\na request with it is still awaiting a response."
    ),
]


class SelectedPermissionOutcome(BaseModel):
    """
    The user selected one of the provided options.
    """

    option_id: PermissionOptionId = Field(
        ...,
        validation_alias="optionId",
        serialization_alias="optionId",
        description="The ID of the option the user selected.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_selected_permission_outcome_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class RequestPermissionOutcomeCancelled(CancelledPermissionOutcome):
    """
    The request was not approved and no option was selected: the session's work was
    cancelled, the user dismissed the prompt, or the client declined it by policy.
    Agents MUST NOT proceed with the operation.

    The client answers a request the agent cancels with `$/cancel_request` with
    this outcome. After sending `session/cancel`, the client MAY also send it
    without waiting for `$/cancel_request`, for a request it knows belongs to the
    cancelled foreground work.

    See protocol docs: [Cancellation](https://agentclientprotocol.com/protocol/v2/draft/prompt-lifecycle#cancellation)
    """

    outcome: Literal["cancelled"]


class RequestPermissionOutcomeSelected(SelectedPermissionOutcome):
    """
    The user selected one of the provided options.

    If `optionId` doesn't match an offered option, the agent MUST treat the request as not
    approved.
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


RequestPermissionOutcome: TypeAlias = Annotated[
    Annotated[
        Union[
            Annotated[
                Union[RequestPermissionOutcomeCancelled, RequestPermissionOutcomeSelected],
                Discriminator("outcome"),
            ],
            RequestPermissionOutcomeOther,
        ],
        Field(union_mode="left_to_right"),
    ],
    Field(description="The outcome of a permission request."),
]


class RequestPermissionResponse(BaseModel):
    """
    Response to a permission request.
    """

    outcome: RequestPermissionOutcome = Field(
        ..., description="The user's decision on the permission request."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_request_permission_response_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


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


Role: TypeAlias = Annotated[
    Literal["assistant", "user"] | str,
    Field(description="The sender or recipient of messages and data in a conversation."),
]


class SessionAdditionalDirectoriesCapabilities(BaseModel):
    """
    Capabilities for additional session directories support.

    Supplying `{}` means the agent supports the `additionalDirectories` field on
    supported session lifecycle requests. Agents may return
    `SessionInfo.additionalDirectories` in `session/list` to report the
    complete ordered additional-root list associated with a listed session.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_session_additional_directories_capabilities_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class SessionArchiveCapabilities(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Capabilities for `session/archive` and `session/unarchive`.

    Supplying `{}` means the agent supports both methods, the `archived` filter on
    `session/list`, and `SessionInfo.archived`.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_session_archive_capabilities_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


SessionArchiveFilter: TypeAlias = Annotated[
    Literal["exclude", "include", "only"] | str,
    Field(
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nWhich sessions `session/list` returns based on their archive state.\n\nUnknown values are preserved so they can be stored, proxied, or forwarded. An Agent MUST\nreturn `-32602` for a value it does not support rather than treating it as `exclude`."
    ),
]


class SessionCancelCapabilities(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Capability to cancel work in a subagent session without ending that session.

    Supplying `{}` advertises support. An omitted or `null` `cancel` does not.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_session_cancel_capabilities_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class SessionConfigBoolean(BaseModel):
    """
    A boolean on/off toggle session configuration option payload.
    """

    current_value: bool = Field(
        ...,
        validation_alias="currentValue",
        serialization_alias="currentValue",
        description="The current value of the boolean option.",
    )


SessionConfigGroupId: TypeAlias = Annotated[
    str, Field(description="Unique identifier for a session configuration option value group.")
]


SessionConfigId: TypeAlias = Annotated[
    str, Field(description="Unique identifier for a session configuration option.")
]


SessionConfigOptionCategory: TypeAlias = Annotated[
    Literal["mode", "model", "model_config", "thought_level"] | str,
    Field(
        description="Semantic category for a session configuration option.\n\nThis is intended to help Clients distinguish broadly common selectors (e.g. model selector vs\nsession mode selector vs thought/reasoning level) for UX purposes (keyboard shortcuts, icons,\nplacement). It MUST NOT be required for correctness. Clients MUST handle missing or unknown\ncategories gracefully.\n\nCategory names beginning with `_` are free for custom use, like other ACP extension methods.\nCategory names that do not begin with `_` are reserved for the ACP spec."
    ),
]


SessionConfigValueId: TypeAlias = Annotated[
    str, Field(description="Unique identifier for a session configuration option value.")
]


class SessionDeleteCapabilities(BaseModel):
    """
    Capabilities for the `session/delete` method.

    Supplying `{}` means the agent supports deleting sessions from `session/list`.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_session_delete_capabilities_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class SessionForkCapabilities(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Capabilities for the `session/fork` method.

    Supplying `{}` means the agent supports forking sessions.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_session_fork_capabilities_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


SessionId: TypeAlias = Annotated[
    str,
    Field(
        description="A unique identifier for a conversation session between a client and agent.\n\nEach session has its own context, conversation history, and state, so one\nagent can run several independent sessions.\n\nSee protocol docs: [Session ID](https://agentclientprotocol.com/protocol/v2/draft/session-setup#session-id)"
    ),
]


class SessionInfo(BaseModel):
    """
    Information about a session returned by session/list
    """

    session_id: SessionId = Field(
        ...,
        validation_alias="sessionId",
        serialization_alias="sessionId",
        description="Unique identifier for the session",
    )
    cwd: AbsolutePath = Field(
        ..., description="The working directory for this session. Must be an absolute path."
    )
    additional_directories: list[AbsolutePath] | None = Field(
        default=None,
        validation_alias="additionalDirectories",
        serialization_alias="additionalDirectories",
        description="Additional workspace roots reported for this session. Each path must be absolute.\n\nWhen present, this is the complete ordered additional-root list reported\nby the Agent. Omitted and empty values are equivalent: the response\nreports no additional roots.",
        exclude_if=omit_null,
    )
    title: str | None = Field(
        default=None,
        description="Human-readable title for the session\n\nOmitted and `null` are equivalent and mean no title is provided.",
    )
    updated_at: str | None = Field(
        default=None,
        validation_alias="updatedAt",
        serialization_alias="updatedAt",
        description="RFC 3339 timestamp of last activity.\n\nOmitted and `null` are equivalent and mean the last activity time is not reported.",
    )
    archived: bool | None = Field(
        default=None,
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nWhether the session is archived.\n\nOptional. Omitted and `null` are equivalent and mean the archive state is not reported.\nAgents that advertise the `session.archive` capability MUST include it on every listed session.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    @field_validator("additional_directories", mode="before")
    @classmethod
    def reject_null_validator(cls, v: Any, info: ValidationInfo) -> Any:
        return reject_null(v, info)

    if _LENIENT:

        @field_validator("additional_directories", mode="wrap")
        @classmethod
        def tolerate_session_info_1(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=False, items=False, null="empty")

        @field_validator("title", "updated_at", "archived", "meta", mode="wrap")
        @classmethod
        def tolerate_session_info_2(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=True, items=False)


class SessionInfoUpdate(BaseModel):
    """
    Update to session metadata. All fields are optional to support partial updates.

    Agents send this notification to update session information like title or custom metadata.
    Clients can use it to keep session titles and state current.

    Omitted fields leave the existing session info unchanged. `null` clears the
    corresponding value. A concrete `_meta` object patches the stored metadata by
    top-level key.
    """

    title: str | None = Field(
        default=None, description="Human-readable title for the session. Set to null to clear."
    )
    updated_at: str | None = Field(
        default=None,
        validation_alias="updatedAt",
        serialization_alias="updatedAt",
        description="RFC 3339 timestamp of last activity. Set to null to clear.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted leaves the stored metadata unchanged. `null`\nclears it. An object patches the stored metadata by top-level key: keys it omits are\nunchanged, a key set to `null` is removed, and any other value replaces that key's\nstored value without merging nested objects. Beyond this patch rule, implementations\nMUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Metadata Patches](https://agentclientprotocol.com/protocol/v2/draft/extensibility#metadata-patches)",
    )

    if _LENIENT:

        @field_validator("title", "updated_at", "meta", mode="wrap")
        @classmethod
        def tolerate_session_info_update_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


SessionListCursor: TypeAlias = Annotated[
    str, Field(description="An opaque cursor used to paginate `session/list` results.")
]


class SessionNotFoundErrorData(BaseModel):
    """
    Data for the `-32002` (Resource not found) error when a session-scoped request names a
    session that does not exist or is not active.

    See protocol docs: [Unknown Sessions](https://agentclientprotocol.com/protocol/v2/draft/error#unknown-sessions)
    """

    session_id: SessionId = Field(
        ...,
        validation_alias="sessionId",
        serialization_alias="sessionId",
        description="The session ID from the request.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_session_not_found_error_data_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class SessionOptionsRequest(BaseModel):
    """
    Request parameters for reading a session's configuration options.
    """

    session_id: SessionId = Field(
        ...,
        validation_alias="sessionId",
        serialization_alias="sessionId",
        description="The ID of the session to read the configuration options of.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_session_options_request_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


SessionStatus: TypeAlias = Annotated[
    Literal["open", "saved"] | str,
    Field(
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nWhether the Agent has a session in memory, as reported by `session/status`."
    ),
]


class SessionStatusCapabilities(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Capabilities for the `session/status` method.

    Supplying `{}` means the agent supports checking session status.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_session_status_capabilities_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class SessionStatusRequest(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Request parameters for checking the status of a session.

    Only available if the Agent supports the `session.status` capability.

    `session/status` MUST NOT have side effects. The Agent does not load, resume, create,
    close, or change the session, and does not attach the requesting connection to it.
    A session the Agent does not know gets `-32002` with the requested `sessionId` in `data`.
    """

    session_id: SessionId = Field(
        ...,
        validation_alias="sessionId",
        serialization_alias="sessionId",
        description="The ID of the session to check.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_session_status_request_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class SessionSystemPromptOverrideCapabilities(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Capabilities for the `override` system prompt mode.

    Supplying `{}` means the agent supports replacing its built-in default
    instructions with the client-provided system prompt.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_session_system_prompt_override_capabilities_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class SessionTitleCapabilities(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Capabilities for Client-set session titles.

    Supplying `{}` means the agent supports `session/set_title`. Agents report titles
    through `session/list` and `session_info_update` without this capability.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_session_title_capabilities_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class StateUpdateOther(BaseModel):
    """
    Custom or future session state.

    Values beginning with `_` are reserved for implementation-specific
    extensions. Unknown values that do not begin with `_` are reserved for
    future ACP variants.

    Unless the Client advertised support for this state, Agents MUST still
    report the standard states.
    Clients MUST NOT treat an unrecognized state as `idle` or present the
    previous state as confirmed, and show a generic busy state until a known
    state arrives.
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
    cost: Cost | None = Field(
        default=None,
        description="Cumulative session cost.\n\nOmitted leaves the last reported cost unchanged. `null` clears it. A value replaces it.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("cost", "meta", mode="wrap")
        @classmethod
        def tolerate_usage_update_1(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=True, items=False)


class SessionUpdateStateUpdateOther(StateUpdateOther):
    """
    A snapshot of the session's aggregate foreground activity.
    """

    session_update: Literal["state_update"] = Field(
        ..., validation_alias="sessionUpdate", serialization_alias="sessionUpdate"
    )


class SessionUpdatePlanRemoved(PlanRemoved):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Removal notice for a plan identified by ID.
    """

    session_update: Literal["plan_removed"] = Field(
        ..., validation_alias="sessionUpdate", serialization_alias="sessionUpdate"
    )


class SessionUpdateSessionInfoUpdate(SessionInfoUpdate):
    """
    Session metadata has been updated (title, timestamps, custom metadata)
    """

    session_update: Literal["session_info_update"] = Field(
        ..., validation_alias="sessionUpdate", serialization_alias="sessionUpdate"
    )


class SessionUpdateUsageUpdate(UsageUpdate):
    """
    Context window and cost update for the session.
    """

    session_update: Literal["usage_update"] = Field(
        ..., validation_alias="sessionUpdate", serialization_alias="sessionUpdate"
    )


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
        validation_alias="sessionUpdate",
        serialization_alias="sessionUpdate",
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
        ...,
        validation_alias="providerId",
        serialization_alias="providerId",
        description="Provider ID to configure.",
    )
    api_type: LlmProtocol = Field(
        ...,
        validation_alias="apiType",
        serialization_alias="apiType",
        description="Protocol type for this provider.",
    )
    base_url: str = Field(
        ...,
        validation_alias="baseUrl",
        serialization_alias="baseUrl",
        description="Base URL for requests sent through this provider.",
    )
    headers: dict[str, str] | None = Field(
        default=None,
        description="Full headers map for this provider.\nMay include authorization, routing, or other integration-specific headers.",
        exclude_if=omit_null,
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    @field_validator("headers", mode="before")
    @classmethod
    def reject_null_validator(cls, v: Any, info: ValidationInfo) -> Any:
        return reject_null(v, info)

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_set_provider_request_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class SetProviderResponse(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Response to `providers/set`.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_set_provider_response_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class SetSessionConfigOptionRequestId(BaseModel):
    """
    A `SessionConfigValueId` string value (`type: "id"`).
    """

    session_id: SessionId = Field(
        ...,
        validation_alias="sessionId",
        serialization_alias="sessionId",
        description="The ID of the session to set the configuration option for.",
    )
    config_id: SessionConfigId = Field(
        ...,
        validation_alias="configId",
        serialization_alias="configId",
        description="The ID of the configuration option to set.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    type: Literal["id"]
    value: SessionConfigValueId = Field(..., description="The value ID.")

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_set_session_config_option_request_id_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class SetSessionConfigOptionRequestBoolean(BaseModel):
    """
    A boolean value (`type: "boolean"`).
    """

    session_id: SessionId = Field(
        ...,
        validation_alias="sessionId",
        serialization_alias="sessionId",
        description="The ID of the session to set the configuration option for.",
    )
    config_id: SessionConfigId = Field(
        ...,
        validation_alias="configId",
        serialization_alias="configId",
        description="The ID of the configuration option to set.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    type: Literal["boolean"]
    value: bool = Field(..., description="The boolean value.")

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_set_session_config_option_request_boolean_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class SetSessionConfigOptionRequestOther(BaseModel):
    """
    Custom or future session configuration option value payload.

    Values beginning with `_` are reserved for implementation-specific
    extensions. Unknown values that do not begin with `_` are reserved for
    future ACP variants.

    Agents MUST reject a `session/set_config_option` request with a value type
    they do not support with `-32602`.
    """

    session_id: SessionId = Field(
        ...,
        validation_alias="sessionId",
        serialization_alias="sessionId",
        description="The ID of the session to set the configuration option for.",
    )
    config_id: SessionConfigId = Field(
        ...,
        validation_alias="configId",
        serialization_alias="configId",
        description="The ID of the configuration option to set.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
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

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_set_session_config_option_request_other_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class SetSessionConfigOptionRequest(
    RootModel[
        SetSessionConfigOptionRequestId
        | SetSessionConfigOptionRequestBoolean
        | SetSessionConfigOptionRequestOther
    ]
):
    root: Annotated[
        Union[
            Annotated[
                Union[SetSessionConfigOptionRequestId, SetSessionConfigOptionRequestBoolean],
                Discriminator("type"),
            ],
            SetSessionConfigOptionRequestOther,
        ],
        Field(union_mode="left_to_right"),
    ] = Field(
        ...,
        description="Request parameters for setting a session configuration option.\n\nAgents MUST support this method for any session where they advertise config options.\nAgents MUST reject an unknown `configId` or invalid value with `-32602` and leave the\nconfiguration unchanged.\n\nSee protocol docs: [Session Config Options](https://agentclientprotocol.com/protocol/v2/draft/session-config-options#setting-a-config-option)",
    )


class SetSessionTitleRequest(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Request parameters for setting the title of a session.

    Only available if the Agent supports the `session.title` capability.

    The session does not need to be active on the connection. Any session the Agent would
    return from `session/list` can be retitled. A session that does not exist gets `-32002`.

    The Agent responds only after it has stored the title. After a successful response, the
    Agent SHOULD NOT replace the title with one it generates automatically.
    """

    session_id: SessionId = Field(
        ...,
        validation_alias="sessionId",
        serialization_alias="sessionId",
        description="The ID of the session to retitle.",
    )
    title: str = Field(
        ...,
        description="The new title for the session.\n\nRequired and non-null. Omission and explicit `null` are both invalid. The Agent MAY\nnormalize the title before storing it, for example by trimming whitespace or\ntruncating it. The Agent rejects a title that fails its validation, including one\nthat is empty after normalization, with `-32602`.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_set_session_title_request_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class SetSessionTitleResponse(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Response from setting the title of a session.
    """

    title: str = Field(
        ...,
        description="The title the Agent stored.\n\nThis differs from the requested title if the Agent normalized it. Clients SHOULD\ndisplay this value rather than the one they sent.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_set_session_title_response_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


StringFormat: TypeAlias = Annotated[
    Literal["email", "uri", "date", "date-time"] | str,
    Field(description="String format types for string properties in elicitation schemas."),
]


class SubagentSessionCapabilities(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Client-initiated session mutations permitted for a specific subagent session.

    A mutation requires an explicit per-child capability. Support for the method
    on ordinary sessions does not grant support on a child.
    """

    cancel: SessionCancelCapabilities | None = Field(
        default=None,
        description="Permits the client to cancel this child's current work without ending\nthe session. Omitted and `null` are equivalent and mean unsupported. An object (including\n`{}`) means supported.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("cancel", "meta", mode="wrap")
        @classmethod
        def tolerate_subagent_session_capabilities_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


SystemPromptMode: TypeAlias = Annotated[
    Literal["append", "override"] | str,
    Field(
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nHow the Agent combines a client-provided system prompt with its own instructions.\n\nUnknown modes are preserved so they can be stored,\nproxied, or forwarded. An Agent MUST return an error for a mode it does not\nsupport rather than treating it as `append` or `override`."
    ),
]


class TerminalAuthCapabilities(BaseModel):
    """
    Capabilities for terminal authentication methods.

    Supplying `{}` means the client can reproduce the configured agent
    invocation in an interactive terminal and supports terminal authentication
    methods.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_terminal_auth_capabilities_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class TerminalCancelCapabilities(BaseModel):
    """
    Capability to cancel a terminal with `terminal/cancel`.

    Supplying `{}` advertises support. An omitted or `null` `cancel` does not.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_terminal_cancel_capabilities_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class TerminalCapabilities(BaseModel):
    """
    Client-initiated controls a terminal currently supports.

    A malformed value falls back to no controls, so the Client never sends a request the
    Agent did not advertise.

    See protocol docs: [Cancelling Terminals](https://agentclientprotocol.com/protocol/v2/draft/tool-calls#cancelling-terminals)
    """

    cancel: TerminalCancelCapabilities | None = Field(
        default=None,
        description="Permits the Client to cancel this terminal with `terminal/cancel`.\n\nOmitted and `null` are equivalent and mean unsupported. An object (including `{}`)\nmeans supported. Agents SHOULD stop advertising it once the terminal reports `exitStatus`.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("cancel", "meta", mode="wrap")
        @classmethod
        def tolerate_terminal_capabilities_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class TerminalExitStatus(BaseModel):
    """
    Exit information for an agent-owned terminal.

    The presence of this object marks the terminal as exited, even when neither
    an exit code nor a signal is known.
    """

    exit_code: int | None = Field(
        default=None,
        validation_alias="exitCode",
        serialization_alias="exitCode",
        description="Process exit code as the platform reports it, when known. Negative values are\nallowed, for example signed Windows exit codes. Omitted and `null` are equivalent.",
    )
    signal: str | None = Field(
        default=None,
        description="Signal that terminated the process, when known.\n\nAgents should use the conventional platform signal name. POSIX examples\ninclude `SIGTERM`, `SIGKILL`, and `SIGINT`. Other platforms may use a\nplatform-specific name. Omitted and `null` are equivalent.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("exit_code", "signal", "meta", mode="wrap")
        @classmethod
        def tolerate_terminal_exit_status_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


TerminalId: TypeAlias = Annotated[
    str, Field(description="Unique identifier for an agent-owned terminal within a session.")
]


class TerminalOutput(BaseModel):
    """
    An authoritative replacement snapshot of terminal output bytes.
    """

    data: str = Field(..., description="Base64-encoded replacement terminal output bytes.")
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_terminal_output_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class TerminalSize(BaseModel):
    """
    The size of an agent-owned terminal in character cells.
    """

    cols: int = Field(..., description="Number of columns.", ge=1, le=65535)
    rows: int = Field(..., description="Number of rows.", ge=1, le=65535)
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_terminal_size_1(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=True, items=False)


class TextResourceContents(BaseModel):
    """
    Text-based resource contents.
    """

    text: str = Field(..., description="Text payload carried by this content block.")
    uri: str = Field(..., description="URI associated with this resource or media payload.")
    mime_type: MediaType | None = Field(
        default=None,
        validation_alias="mimeType",
        serialization_alias="mimeType",
        description="MIME type describing the encoded media payload.\n\nOmitted and `null` are equivalent and mean the MIME type is not specified.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("mime_type", "meta", mode="wrap")
        @classmethod
        def tolerate_text_resource_contents_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class TitledMultiSelectItems(BaseModel):
    """
    Items definition for titled multi-select enum properties.
    """

    any_of: list[EnumOption] = Field(
        ...,
        validation_alias="anyOf",
        serialization_alias="anyOf",
        description="Titled enum options. Must contain at least one option.",
        min_length=1,
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_titled_multi_select_items_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class ToolCallCancelCapabilities(BaseModel):
    """
    Capability to cancel a tool call with `tool_call/cancel`.

    Supplying `{}` advertises support. An omitted or `null` `cancel` does not.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_tool_call_cancel_capabilities_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class ToolCallCapabilities(BaseModel):
    """
    Client-initiated controls a tool call currently supports.

    A malformed value falls back to no controls, so the Client never sends a request the
    Agent did not advertise.

    See protocol docs: [Cancelling Tool Calls](https://agentclientprotocol.com/protocol/v2/draft/tool-calls#cancelling-tool-calls)
    """

    cancel: ToolCallCancelCapabilities | None = Field(
        default=None,
        description="Permits the Client to cancel this tool call with `tool_call/cancel`.\n\nOmitted and `null` are equivalent and mean unsupported. An object (including `{}`)\nmeans supported. Agents SHOULD stop advertising it once the tool call reaches a final status.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("cancel", "meta", mode="wrap")
        @classmethod
        def tolerate_tool_call_capabilities_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


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


ToolCallId: TypeAlias = Annotated[
    str, Field(description="Unique identifier for a tool call within a session.")
]


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
        default=None,
        description="Optional 1-based line number within the file. Omitted and `null` are equivalent and\nmean no specific line. `0` is invalid.",
        ge=1,
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("line", "meta", mode="wrap")
        @classmethod
        def tolerate_tool_call_location_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


ToolCallStatus: TypeAlias = Annotated[
    Literal["pending", "in_progress", "paused", "completed", "failed", "cancelled"] | str,
    Field(
        description="Execution status of a tool call.\n\nTool calls progress through different statuses during their lifecycle.\n\nSee protocol docs: [Status](https://agentclientprotocol.com/protocol/v2/draft/tool-calls#status)"
    ),
]


ToolKind: TypeAlias = Annotated[
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
    | str,
    Field(
        description="Categories of tools that can be invoked.\n\nTool kinds help clients choose appropriate icons and optimize how they\ndisplay tool execution progress.\n\nSee protocol docs: [Reporting](https://agentclientprotocol.com/protocol/v2/draft/tool-calls#reporting)"
    ),
]


class UnarchiveSessionRequest(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Request parameters for unarchiving a session.

    Only available if the Agent supports the `session.archive` capability.

    Unarchiving returns the session to default `session/list` results with the same ID and
    saved history. It never loads or resumes the session. Clients that want to continue an
    archived session SHOULD unarchive it before calling `session/resume`.
    Unarchiving a session that is not archived succeeds. A session that does not exist
    gets `-32002`.
    """

    session_id: SessionId = Field(
        ...,
        validation_alias="sessionId",
        serialization_alias="sessionId",
        description="The ID of the session to unarchive.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_unarchive_session_request_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class UnarchiveSessionResponse(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Response from unarchiving a session.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_unarchive_session_response_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class UnsupportedProtocolVersionErrorData(BaseModel):
    """
    Data for the `-32022` (Unsupported protocol version) error.

    See protocol docs: [Version Negotiation](https://agentclientprotocol.com/protocol/v2/draft/initialization#version-negotiation)
    """

    requested: ProtocolVersion = Field(
        ..., description="The protocol version the Client requested."
    )
    supported: list[ProtocolVersion] = Field(
        ..., description="The protocol versions the Agent supports."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_unsupported_protocol_version_error_data_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class Usage(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Token usage for the foreground work that just completed, not cumulative for the session.
    """

    total_tokens: int = Field(
        ...,
        validation_alias="totalTokens",
        serialization_alias="totalTokens",
        description="Sum of all token types for the completed work.",
        ge=0,
    )
    input_tokens: int = Field(
        ...,
        validation_alias="inputTokens",
        serialization_alias="inputTokens",
        description="Input tokens for the completed work.",
        ge=0,
    )
    output_tokens: int = Field(
        ...,
        validation_alias="outputTokens",
        serialization_alias="outputTokens",
        description="Output tokens for the completed work.",
        ge=0,
    )
    thought_tokens: int | None = Field(
        default=None,
        validation_alias="thoughtTokens",
        serialization_alias="thoughtTokens",
        description="Thought/reasoning tokens for the completed work.\n\nOmitted and `null` are equivalent and mean the count is not reported.",
        ge=0,
    )
    cached_read_tokens: int | None = Field(
        default=None,
        validation_alias="cachedReadTokens",
        serialization_alias="cachedReadTokens",
        description="Cache read tokens for the completed work.\n\nOmitted and `null` are equivalent and mean the count is not reported.",
        ge=0,
    )
    cached_write_tokens: int | None = Field(
        default=None,
        validation_alias="cachedWriteTokens",
        serialization_alias="cachedWriteTokens",
        description="Cache write tokens for the completed work.\n\nOmitted and `null` are equivalent and mean the count is not reported.",
        ge=0,
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator(
            "thought_tokens", "cached_read_tokens", "cached_write_tokens", "meta", mode="wrap"
        )
        @classmethod
        def tolerate_usage_1(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=True, items=False)


class AgentAuthCapabilities(BaseModel):
    """
    Authentication-related extension capabilities supported by the agent.

    This object does not advertise support for `auth/login` or `auth/logout`.
    Those methods are advertised by a non-empty `authMethods` list in the
    `initialize` response.
    """

    status: AuthStatusCapabilities | None = Field(
        default=None,
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nWhether the agent supports the `auth/status` method.\n\nOptional. Omitted and `null` are equivalent and mean the agent does not advertise support.\nSupplying `{}` means the agent supports the `auth/status` method.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("status", "meta", mode="wrap")
        @classmethod
        def tolerate_agent_auth_capabilities_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class Annotations(BaseModel):
    """
    Optional annotations for the client. The client can use annotations to inform how objects are used or displayed
    """

    audience: list[Role] | None = Field(
        default=None,
        description="Intended recipients for this content, such as the user or assistant.\n\nOmitted and `null` are equivalent and mean no audience is specified.",
    )
    last_modified: str | None = Field(
        default=None,
        validation_alias="lastModified",
        serialization_alias="lastModified",
        description='Timestamp indicating when the underlying resource was last modified.\n\nShould be an ISO 8601 formatted string (e.g., "2025-01-12T15:00:58Z"), as in MCP.\n\nOmitted and `null` are equivalent and mean the modification time is not reported.',
    )
    priority: int | float | None = Field(
        default=None,
        description="Relative importance of this content when clients choose what to surface, from 0 (least\nimportant) to 1 (most important).\n\nOmitted and `null` are equivalent and mean no priority is specified.",
        ge=0.0,
        le=1.0,
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("audience", mode="wrap")
        @classmethod
        def tolerate_annotations_1(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=True, items=True)

        @field_validator("last_modified", "priority", "meta", mode="wrap")
        @classmethod
        def tolerate_annotations_2(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=True, items=False)


class ArchiveSessionRequest(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Request parameters for archiving a session.

    Only available if the Agent supports the `session.archive` capability.

    Archiving hides the session from default `session/list` results. It keeps the session ID
    and saved history. If the session is active, the Agent MUST cancel any ongoing work and
    free the session's resources as if `session/close` had been called, then archive it.
    Archiving an archived session succeeds. A session that does not exist gets `-32002`.
    """

    session_id: SessionId = Field(
        ...,
        validation_alias="sessionId",
        serialization_alias="sessionId",
        description="The ID of the session to archive.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_archive_session_request_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class AudioContent(BaseModel):
    """
    Audio provided to or from an LLM.
    """

    data: str = Field(..., description="Base64-encoded media payload.")
    mime_type: MediaType = Field(
        ...,
        validation_alias="mimeType",
        serialization_alias="mimeType",
        description="MIME type describing the encoded media payload.",
    )
    annotations: Annotations | None = Field(
        default=None,
        description="Optional annotations that help clients decide how to display or route this content.\n\nOmitted and `null` are equivalent and mean no annotations are provided.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("annotations", "meta", mode="wrap")
        @classmethod
        def tolerate_audio_content_1(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=True, items=False)


class AuthMethodTerminal(BaseModel):
    """
    Terminal-based authentication method.

    The client runs the configured agent program as a separate interactive
    process for the user to authenticate via a TUI. Agents MUST advertise this
    method only when the client enabled its terminal authentication capability.
    A zero exit status signals success. Any other termination signals failure.
    The client MUST NOT pass this method to `auth/login`.
    """

    method_id: AuthMethodId = Field(
        ...,
        validation_alias="methodId",
        serialization_alias="methodId",
        description="Unique identifier for this authentication method.",
    )
    name: str = Field(..., description="Human-readable name of the authentication method.")
    description: str | None = Field(
        default=None,
        description="Optional human-readable description of this authentication method.\n\nOmitted and `null` are equivalent and mean no description is provided.",
    )
    args: list[str] | None = Field(
        default=None,
        description="Additional arguments to append to the configured agent invocation for terminal auth.",
        exclude_if=omit_null,
    )
    env: list[EnvVariable] | None = Field(
        default=None,
        description="Additional environment variables to set on the configured agent invocation for terminal auth.\nNames MUST be unique. These values override same-named variables in the\nbase launch configuration.",
        exclude_if=omit_null,
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    @field_validator("args", "env", mode="before")
    @classmethod
    def reject_null_validator(cls, v: Any, info: ValidationInfo) -> Any:
        return reject_null(v, info)

    if _LENIENT:

        @field_validator("description", "meta", mode="wrap")
        @classmethod
        def tolerate_auth_method_terminal_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)

        @field_validator("args", "env", mode="wrap")
        @classmethod
        def tolerate_auth_method_terminal_2(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=False, items=False, null="empty")


class AuthMethodAgent(BaseModel):
    """
    Agent handles authentication itself through `auth/login`.

    The `type` discriminator value is `agent`.
    """

    method_id: AuthMethodId = Field(
        ...,
        validation_alias="methodId",
        serialization_alias="methodId",
        description="Unique identifier for this authentication method.",
    )
    name: str = Field(..., description="Human-readable name of the authentication method.")
    description: str | None = Field(
        default=None,
        description="Optional human-readable description of this authentication method.\n\nOmitted and `null` are equivalent and mean no description is provided.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("description", "meta", mode="wrap")
        @classmethod
        def tolerate_auth_method_agent_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


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
        ...,
        validation_alias="methodId",
        serialization_alias="methodId",
        description="Unique identifier for this authentication method.",
    )
    name: str = Field(..., description="Human-readable name of the authentication method.")

    @model_validator(mode="before")
    @classmethod
    def check_not_auth_method_other(cls, data: Any) -> Any:
        return not_auth_method_other(data)


AuthMethod: TypeAlias = Annotated[
    Annotated[
        Union[
            Annotated[Union[AuthMethodTypeTerminal, AuthMethodTypeAgent], Discriminator("type")],
            AuthMethodOther,
        ],
        Field(union_mode="left_to_right"),
    ],
    Field(
        description="Describes an available authentication method.\n\nThe `type` field acts as the discriminator in the serialized JSON form."
    ),
]


class Command(BaseModel):
    """
    A slash command the user can invoke by including it in a prompt.

    The `type` discriminator value is `command`.
    """

    name: str = Field(
        ...,
        description="Command name without the leading `/` (e.g., `create_plan`, `research_codebase`).\n\nMUST NOT contain whitespace and MUST be unique within the command list.",
    )
    description: str = Field(
        ..., description="Human-readable description of what the command does."
    )
    input: AvailableCommandInput | None = Field(
        default=None,
        description="Input for the command if required\n\nOmitted and `null` are equivalent and mean the command takes no input.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("input", "meta", mode="wrap")
        @classmethod
        def tolerate_command_1(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=True, items=False)


class AvailableCommandCommand(Command):
    """
    A slash command the user can invoke by including it in a prompt.
    """

    type: Literal["command"]


AvailableCommand: TypeAlias = Annotated[
    Annotated[
        Union[
            Annotated[Union[AvailableCommandCommand], Discriminator("type")], AvailableCommandOther
        ],
        Field(union_mode="left_to_right"),
    ],
    Field(
        description="A command the agent advertises to the client.\n\nThe `type` field acts as the discriminator in the serialized JSON form."
    ),
]


class AvailableCommandsUpdate(BaseModel):
    """
    Available commands are ready or have changed
    """

    available_commands: list[AvailableCommand] = Field(
        ...,
        validation_alias="availableCommands",
        serialization_alias="availableCommands",
        description="Commands the agent can execute.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("available_commands", mode="wrap")
        @classmethod
        def tolerate_available_commands_update_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=False, items=True)

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_available_commands_update_2(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class BackgroundSubagent(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    A listed subagent session associated with this session through `subagent_update`.
    """

    session_id: SessionId = Field(
        ...,
        validation_alias="sessionId",
        serialization_alias="sessionId",
        description="The ID of the listed session.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_background_subagent_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class BackgroundTerminal(BaseModel):
    """
    A listed terminal running in the background.
    """

    terminal_id: TerminalId = Field(
        ...,
        validation_alias="terminalId",
        serialization_alias="terminalId",
        description="The ID of the listed terminal.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_background_terminal_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class BackgroundToolCall(BaseModel):
    """
    A listed tool call whose work continues in the background.
    """

    tool_call_id: ToolCallId = Field(
        ...,
        validation_alias="toolCallId",
        serialization_alias="toolCallId",
        description="The ID of the listed tool call.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_background_tool_call_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class BackgroundWorkTerminal(BackgroundTerminal):
    """
    A process that keeps running after its tool call returned control to the model.
    Live until its `terminal_update` reports `exitStatus`.
    """

    type: Literal["terminal"]


class BackgroundWorkToolCall(BackgroundToolCall):
    """
    Work started by a tool call that continues without a process of its own, such as
    a watcher, a workflow, or a scheduled wakeup. `pending` and `paused` tool calls
    stay listed.
    """

    type: Literal["tool_call"]


class BackgroundWorkSubagent(BackgroundSubagent):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    A detached subagent session that has anything running: its state is not `idle`, or
    its own `background` list is non-empty or not reported.
    """

    type: Literal["subagent"]


BackgroundWork: TypeAlias = Annotated[
    Annotated[
        Union[
            Annotated[
                Union[BackgroundWorkTerminal, BackgroundWorkToolCall, BackgroundWorkSubagent],
                Discriminator("type"),
            ],
            BackgroundWorkOther,
        ],
        Field(union_mode="left_to_right"),
    ],
    Field(
        description="One piece of work running independently of the session's foreground work.\n\nItems reference entities the Client already tracks. The Agent MUST announce each item\nbefore the first snapshot that lists it, and MUST report a terminal's `exitStatus` or a\ntool call's final status before the snapshot that removes it. Each piece of work is\nlisted once: process-backed work is listed as its terminal, not also as its tool call.\n\nSee protocol docs: [Background Work](https://agentclientprotocol.com/protocol/v2/draft/prompt-lifecycle#background-work)"
    ),
]


class BlobResourceContents(BaseModel):
    """
    Binary resource contents.
    """

    blob: str = Field(..., description="Base64-encoded bytes for a binary resource payload.")
    uri: str = Field(..., description="URI associated with this resource or media payload.")
    mime_type: MediaType | None = Field(
        default=None,
        validation_alias="mimeType",
        serialization_alias="mimeType",
        description="MIME type describing the encoded media payload.\n\nOmitted and `null` are equivalent and mean the MIME type is not specified.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("mime_type", "meta", mode="wrap")
        @classmethod
        def tolerate_blob_resource_contents_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class CancelRequestNotification(BaseModel):
    """
    Notification to cancel an ongoing request.

    See protocol docs: [Cancellation](https://agentclientprotocol.com/protocol/v2/draft/cancellation)
    """

    request_id: RequestId = Field(
        ...,
        validation_alias="requestId",
        serialization_alias="requestId",
        description="The ID of the request to cancel: a request that the sender of this notification issued.\nReceivers match it only against requests they received from that sender.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_cancel_request_notification_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class CancelSessionNotification(BaseModel):
    """
    Notification to cancel a session's foreground work and its prompts not yet inserted.

    See protocol docs: [Cancellation](https://agentclientprotocol.com/protocol/v2/draft/prompt-lifecycle#cancellation)
    """

    session_id: SessionId = Field(
        ...,
        validation_alias="sessionId",
        serialization_alias="sessionId",
        description="The ID of the session to cancel operations for.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_cancel_session_notification_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class CancelTerminalRequest(BaseModel):
    """
    Request parameters for cancelling one terminal.

    Clients MUST NOT send it unless the terminal currently advertises `capabilities.cancel`.

    The Agent responds once it has accepted the cancellation. The response does not mean
    the work has stopped. The Agent confirms it with a `terminal_update` that sets
    `exitStatus`. Cancelling stops the process but does not release the terminal, and does
    not change the status of a tool call that references it.

    The Agent responds with `-32602` if the terminal is unknown, has already exited, or is not
    cancellable. Cancelling a terminal does not change the foreground state by itself.

    See protocol docs: [Cancelling Terminals](https://agentclientprotocol.com/protocol/v2/draft/tool-calls#cancelling-terminals)
    """

    session_id: SessionId = Field(
        ...,
        validation_alias="sessionId",
        serialization_alias="sessionId",
        description="The ID of the session that owns the terminal.",
    )
    terminal_id: TerminalId = Field(
        ...,
        validation_alias="terminalId",
        serialization_alias="terminalId",
        description="The ID of the terminal to cancel.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_cancel_terminal_request_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class CancelToolCallRequest(BaseModel):
    """
    Request parameters for cancelling one tool call.

    Clients MUST NOT send it unless the tool call currently advertises `capabilities.cancel`.

    The Agent responds once it has accepted the cancellation. The response does not mean
    the work has stopped. The Agent confirms it with a `tool_call_update` to a final
    status: normally `cancelled`, or `completed` or `failed` if the work finished first.

    The Agent responds with `-32602` if the tool call is unknown, already final, or not
    cancellable. Cancelling a tool call does not change the foreground state by itself.

    See protocol docs: [Cancelling Tool Calls](https://agentclientprotocol.com/protocol/v2/draft/tool-calls#cancelling-tool-calls)
    """

    session_id: SessionId = Field(
        ...,
        validation_alias="sessionId",
        serialization_alias="sessionId",
        description="The ID of the session that owns the tool call.",
    )
    tool_call_id: ToolCallId = Field(
        ...,
        validation_alias="toolCallId",
        serialization_alias="toolCallId",
        description="The ID of the tool call to cancel.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_cancel_tool_call_request_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class ClientAuthCapabilities(BaseModel):
    """
    Authentication capabilities supported by the client.

    Advertised during initialization to inform the agent which authentication
    method types the client can handle. This governs opt-in types that require
    additional client-side support.
    """

    terminal: TerminalAuthCapabilities | None = Field(
        default=None,
        description="Whether the client supports `terminal` authentication methods.\n\nOptional. Omitted and `null` are equivalent and mean the client does not advertise support.\nThe client should supply `{}` only when it can reproduce the configured\nagent invocation in an interactive terminal. Supplying `{}` means the\nagent may include `terminal` entries in its authentication methods.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("terminal", "meta", mode="wrap")
        @classmethod
        def tolerate_client_auth_capabilities_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class CloseSessionRequest(BaseModel):
    """
    Request parameters for closing an active session.

    The Agent MUST cancel any ongoing work related to the session as if `session/cancel`
    was called, then free the resources associated with the session. Unlike `session/cancel`,
    closing also stops the session's background work. After the close response, the Agent
    sends no other messages for the session on that connection.

    Closing a session that does not exist or is not active SHOULD succeed, and Clients SHOULD
    treat a `-32002` response as a successful close.

    When closing cancels active foreground work, the Agent MUST send the final
    updates for that work and the idle `state_update` with `stopReason: "cancelled"`
    before responding successfully to `session/close`. Closing an idle session
    does not itself require another idle update.

    Closing also cancels pending `session/prompt` requests whose messages have not
    been inserted, including held prompts. If closing prevents a prompt's user message from being inserted, the
    Agent MUST answer that request with `-32800` (Request Cancelled). If the message
    has already been inserted, the Agent MUST respond successfully with its
    `messageId`. Prompt responses need not precede the close response.
    """

    session_id: SessionId = Field(
        ...,
        validation_alias="sessionId",
        serialization_alias="sessionId",
        description="The ID of the session to close.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_close_session_request_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class CommandPermissionSubject(BaseModel):
    """
    Permission request details for a command.
    """

    command: str = Field(..., description="The command that would be run if permission is granted.")
    cwd: AbsolutePath = Field(..., description="The absolute working directory for the command.")
    tool_call_id: ToolCallId | None = Field(
        default=None,
        validation_alias="toolCallId",
        serialization_alias="toolCallId",
        description="The associated tool call, when known. Omitted and `null` are equivalent.",
    )
    terminal_id: TerminalId | None = Field(
        default=None,
        validation_alias="terminalId",
        serialization_alias="terminalId",
        description="The associated terminal, when already known. Omitted and `null` are equivalent.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("tool_call_id", "terminal_id", "meta", mode="wrap")
        @classmethod
        def tolerate_command_permission_subject_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class CompleteElicitationNotification(BaseModel):
    """
    Notification sent by the agent when a URL-based elicitation is complete.

    This notification is not a foreground state update.
    """

    elicitation_id: ElicitationId = Field(
        ...,
        validation_alias="elicitationId",
        serialization_alias="elicitationId",
        description="The ID of the elicitation that completed.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_complete_elicitation_notification_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class TextContent(BaseModel):
    """
    Text provided to or from an LLM.
    """

    text: str = Field(..., description="Text payload carried by this content block.")
    annotations: Annotations | None = Field(
        default=None,
        description="Optional annotations that help clients decide how to display or route this content.\n\nOmitted and `null` are equivalent and mean no annotations are provided.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("annotations", "meta", mode="wrap")
        @classmethod
        def tolerate_text_content_1(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=True, items=False)


class ImageContent(BaseModel):
    """
    An image provided to or from an LLM.
    """

    data: str = Field(..., description="Base64-encoded media payload.")
    mime_type: MediaType = Field(
        ...,
        validation_alias="mimeType",
        serialization_alias="mimeType",
        description="MIME type describing the encoded media payload.",
    )
    uri: str | None = Field(
        default=None,
        description="URI associated with this resource or media payload.\n\nOmitted and `null` are equivalent and mean no URI is associated with the image.",
    )
    annotations: Annotations | None = Field(
        default=None,
        description="Optional annotations that help clients decide how to display or route this content.\n\nOmitted and `null` are equivalent and mean no annotations are provided.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("uri", "annotations", "meta", mode="wrap")
        @classmethod
        def tolerate_image_content_1(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=True, items=False)


class ContentBlockText(TextContent):
    """
    Text content. May be plain text or formatted with Markdown.

    All agents MUST support text content blocks in prompts.
    Clients SHOULD render this text as CommonMark and MAY support GitHub Flavored Markdown
    extensions.
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

    When `toolCallId` is set, the elicitation is tied to a specific tool call.
    This is useful when an agent receives an elicitation from an MCP server
    during a tool call and needs to redirect it to the user.
    """

    session_id: SessionId = Field(
        ...,
        validation_alias="sessionId",
        serialization_alias="sessionId",
        description="The session this elicitation is tied to.",
    )
    tool_call_id: ToolCallId | None = Field(
        default=None,
        validation_alias="toolCallId",
        serialization_alias="toolCallId",
        description="Optional tool call within the session.\n\nOptional. Omitted and `null` are equivalent and mean the elicitation is scoped to the\nsession without a specific tool call.",
    )

    if _LENIENT:

        @field_validator("tool_call_id", mode="wrap")
        @classmethod
        def tolerate_elicitation_session_scope_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class ElicitationRequestScope(BaseModel):
    """
    Request-scoped elicitation, tied to a specific JSON-RPC request outside of a session
    (e.g., during auth/configuration phases before any session is started).
    """

    request_id: RequestId = Field(
        ...,
        validation_alias="requestId",
        serialization_alias="requestId",
        description="The pending Client-to-Agent request this elicitation is tied to.",
    )


class ElicitationUrlModeSession(ElicitationSessionScope):
    """
    Tied to a session, optionally to a specific tool call within that session.
    """

    elicitation_id: ElicitationId = Field(
        ...,
        validation_alias="elicitationId",
        serialization_alias="elicitationId",
        description="The unique identifier for this elicitation.",
    )
    url: str = Field(..., description="The URL to direct the user to.")

    @model_validator(mode="before")
    @classmethod
    def check_not_elicitation_url_mode_session(cls, data: Any) -> Any:
        return not_elicitation_url_mode_session(data)


class ElicitationUrlModeRequest(ElicitationRequestScope):
    """
    Tied to a specific JSON-RPC request outside of a session
    (e.g., during auth/configuration phases before any session is started).
    """

    elicitation_id: ElicitationId = Field(
        ...,
        validation_alias="elicitationId",
        serialization_alias="elicitationId",
        description="The unique identifier for this elicitation.",
    )
    url: str = Field(..., description="The URL to direct the user to.")

    @model_validator(mode="before")
    @classmethod
    def check_not_elicitation_url_mode_request(cls, data: Any) -> Any:
        return not_elicitation_url_mode_request(data)


ElicitationUrlMode: TypeAlias = Annotated[
    ElicitationUrlModeSession | ElicitationUrlModeRequest,
    Field(description="URL-based elicitation mode where the client directs the user to a URL."),
]


class CreateElicitationRequestUrlSession(ElicitationUrlModeSession):
    """
    URL-based elicitation where the client directs the user to a URL.
    """

    message: str = Field(
        ..., description="A human-readable message describing what input is needed."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    mode: Literal["url"]

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_create_elicitation_request_url_session_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class CreateElicitationRequestUrlRequest(ElicitationUrlModeRequest):
    """
    URL-based elicitation where the client directs the user to a URL.
    """

    message: str = Field(
        ..., description="A human-readable message describing what input is needed."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    mode: Literal["url"]

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_create_elicitation_request_url_request_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class CreateElicitationRequestOtherSession(ElicitationSessionScope):
    """
    Tied to a session, optionally to a specific tool call within that session.
    """

    message: str = Field(
        ..., description="A human-readable message describing what input is needed."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    mode: str = Field(
        ...,
        description="Custom or future elicitation mode.\n\nValues beginning with `_` are reserved for implementation-specific\nextensions. Unknown values that do not begin with `_` are reserved for\nfuture ACP variants.",
    )

    @model_validator(mode="before")
    @classmethod
    def check_not_create_elicitation_request_other_session(cls, data: Any) -> Any:
        return not_create_elicitation_request_other_session(data)

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_create_elicitation_request_other_session_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


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
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    mode: str = Field(
        ...,
        description="Custom or future elicitation mode.\n\nValues beginning with `_` are reserved for implementation-specific\nextensions. Unknown values that do not begin with `_` are reserved for\nfuture ACP variants.",
    )

    @model_validator(mode="before")
    @classmethod
    def check_not_create_elicitation_request_other_request(cls, data: Any) -> Any:
        return not_create_elicitation_request_other_request(data)

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_create_elicitation_request_other_request_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class ElicitationAcceptAction(BaseModel):
    """
    The user accepted the elicitation and provided content.
    """

    content: dict[str, ElicitationContentValue] | None = Field(
        default=None,
        description="The user-provided content, if any, as an object matching the requested schema.\n\nOmitted and `null` are equivalent and mean no content is provided.",
    )


class CreateElicitationResponseAccept(ElicitationAcceptAction):
    """
    The user accepted and provided content.
    """

    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    action: Literal["accept"]

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_create_elicitation_response_accept_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


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
            Annotated[
                Union[
                    CreateElicitationResponseAccept,
                    CreateElicitationResponseDecline,
                    CreateElicitationResponseCancel,
                ],
                Discriminator("action"),
            ],
            CreateElicitationResponseOther,
        ],
        Field(union_mode="left_to_right"),
    ] = Field(..., description="Response from the client to an elicitation request.")


class DeleteSessionRequest(BaseModel):
    """
    Request parameters for deleting an existing session from `session/list`.

    Only available if the Agent supports the `session.delete` capability.
    """

    session_id: SessionId = Field(
        ...,
        validation_alias="sessionId",
        serialization_alias="sessionId",
        description="The ID of the session to delete.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_delete_session_request_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class DiffChangeAdd(DiffPathChange):
    """
    A file was added.
    """

    file_type: DiffFileType | None = Field(
        default=None,
        validation_alias="fileType",
        serialization_alias="fileType",
        description="File content kind after the operation (for `delete`, of the deleted file).\n\nOmitted and `null` are equivalent and mean the content kind is unknown.",
    )
    mime_type: MediaType | None = Field(
        default=None,
        validation_alias="mimeType",
        serialization_alias="mimeType",
        description="MIME type of the file contents after the operation (for `delete`, of the deleted file).\n\nOmitted and `null` are equivalent and mean the MIME type is unknown.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    operation: Literal["add"]

    if _LENIENT:

        @field_validator("file_type", "mime_type", "meta", mode="wrap")
        @classmethod
        def tolerate_diff_change_add_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class DiffChangeDelete(DiffPathChange):
    """
    A file was deleted.
    """

    file_type: DiffFileType | None = Field(
        default=None,
        validation_alias="fileType",
        serialization_alias="fileType",
        description="File content kind after the operation (for `delete`, of the deleted file).\n\nOmitted and `null` are equivalent and mean the content kind is unknown.",
    )
    mime_type: MediaType | None = Field(
        default=None,
        validation_alias="mimeType",
        serialization_alias="mimeType",
        description="MIME type of the file contents after the operation (for `delete`, of the deleted file).\n\nOmitted and `null` are equivalent and mean the MIME type is unknown.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    operation: Literal["delete"]

    if _LENIENT:

        @field_validator("file_type", "mime_type", "meta", mode="wrap")
        @classmethod
        def tolerate_diff_change_delete_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class DiffChangeModify(DiffPathChange):
    """
    A file was modified in place.
    """

    file_type: DiffFileType | None = Field(
        default=None,
        validation_alias="fileType",
        serialization_alias="fileType",
        description="File content kind after the operation (for `delete`, of the deleted file).\n\nOmitted and `null` are equivalent and mean the content kind is unknown.",
    )
    mime_type: MediaType | None = Field(
        default=None,
        validation_alias="mimeType",
        serialization_alias="mimeType",
        description="MIME type of the file contents after the operation (for `delete`, of the deleted file).\n\nOmitted and `null` are equivalent and mean the MIME type is unknown.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    operation: Literal["modify"]

    if _LENIENT:

        @field_validator("file_type", "mime_type", "meta", mode="wrap")
        @classmethod
        def tolerate_diff_change_modify_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class DiffChangeMove(DiffPathPairChange):
    """
    A file was moved or renamed.
    """

    file_type: DiffFileType | None = Field(
        default=None,
        validation_alias="fileType",
        serialization_alias="fileType",
        description="File content kind after the operation (for `delete`, of the deleted file).\n\nOmitted and `null` are equivalent and mean the content kind is unknown.",
    )
    mime_type: MediaType | None = Field(
        default=None,
        validation_alias="mimeType",
        serialization_alias="mimeType",
        description="MIME type of the file contents after the operation (for `delete`, of the deleted file).\n\nOmitted and `null` are equivalent and mean the MIME type is unknown.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    operation: Literal["move"]

    if _LENIENT:

        @field_validator("file_type", "mime_type", "meta", mode="wrap")
        @classmethod
        def tolerate_diff_change_move_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class DiffChangeCopy(DiffPathPairChange):
    """
    A file was copied.
    """

    file_type: DiffFileType | None = Field(
        default=None,
        validation_alias="fileType",
        serialization_alias="fileType",
        description="File content kind after the operation (for `delete`, of the deleted file).\n\nOmitted and `null` are equivalent and mean the content kind is unknown.",
    )
    mime_type: MediaType | None = Field(
        default=None,
        validation_alias="mimeType",
        serialization_alias="mimeType",
        description="MIME type of the file contents after the operation (for `delete`, of the deleted file).\n\nOmitted and `null` are equivalent and mean the MIME type is unknown.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    operation: Literal["copy"]

    if _LENIENT:

        @field_validator("file_type", "mime_type", "meta", mode="wrap")
        @classmethod
        def tolerate_diff_change_copy_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class DiffChangeOther(BaseModel):
    """
    Custom or future file operation.

    Values beginning with `_` are reserved for implementation-specific
    extensions. Unknown values that do not begin with `_` are reserved for
    future ACP variants.
    """

    file_type: DiffFileType | None = Field(
        default=None,
        validation_alias="fileType",
        serialization_alias="fileType",
        description="File content kind after the operation (for `delete`, of the deleted file).\n\nOmitted and `null` are equivalent and mean the content kind is unknown.",
    )
    mime_type: MediaType | None = Field(
        default=None,
        validation_alias="mimeType",
        serialization_alias="mimeType",
        description="MIME type of the file contents after the operation (for `delete`, of the deleted file).\n\nOmitted and `null` are equivalent and mean the MIME type is unknown.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    operation: str = Field(
        ...,
        description="Custom or future file operation.\n\nValues beginning with `_` are reserved for implementation-specific\nextensions. Unknown values that do not begin with `_` are reserved for\nfuture ACP variants.",
    )

    @model_validator(mode="before")
    @classmethod
    def check_not_diff_change_other(cls, data: Any) -> Any:
        return not_diff_change_other(data)

    if _LENIENT:

        @field_validator("file_type", "mime_type", "meta", mode="wrap")
        @classmethod
        def tolerate_diff_change_other_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


DiffChange: TypeAlias = Annotated[
    Annotated[
        Union[
            Annotated[
                Union[
                    DiffChangeAdd,
                    DiffChangeDelete,
                    DiffChangeModify,
                    DiffChangeMove,
                    DiffChangeCopy,
                ],
                Discriminator("operation"),
            ],
            DiffChangeOther,
        ],
        Field(union_mode="left_to_right"),
    ],
    Field(
        description="One file-level change described by a `Diff`.\n\nStructured change metadata lets clients identify affected files and\noperations without parsing the text patch."
    ),
]


class DiffPatch(BaseModel):
    """
    Renderable patch text and its format.
    """

    format: DiffPatchFormat = Field(
        ..., description="Patch format. The only ACP-defined value is `git_patch`."
    )
    text: str = Field(..., description="Patch text in the format named by `format`.")
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_diff_patch_1(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=True, items=False)


class DisableProviderRequest(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Request parameters for `providers/disable`.
    """

    provider_id: ProviderId = Field(
        ...,
        validation_alias="providerId",
        serialization_alias="providerId",
        description="Provider ID to disable.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_disable_provider_request_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


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
        description="Whether the client supports URL-based elicitation.\n\nOptional. Omitted and `null` are equivalent and mean the client does not advertise support.\nSupplying `{}` means the client supports URL-based elicitation.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("form", "url", "meta", mode="wrap")
        @classmethod
        def tolerate_elicitation_capabilities_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


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
        validation_alias="minLength",
        serialization_alias="minLength",
        description="Minimum string length.\n\nOptional. Omitted and `null` are equivalent and mean there is no minimum length constraint.",
        ge=0,
    )
    max_length: int | None = Field(
        default=None,
        validation_alias="maxLength",
        serialization_alias="maxLength",
        description="Maximum string length.\n\nOptional. Omitted and `null` are equivalent and mean there is no maximum length constraint.",
        ge=0,
    )
    pattern: str | None = Field(
        default=None,
        description="Pattern the string must match, in ECMA-262 regular expression syntax.\n\nOptional. Omitted and `null` are equivalent and mean there is no pattern constraint.",
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
        validation_alias="oneOf",
        serialization_alias="oneOf",
        description="Titled enum options for titled single-select enums.\nMust contain at least one option when present.\nOptional. Omitted and `null` are equivalent and mean no titled single-select choices are\ndeclared by `oneOf`.",
        min_length=1,
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("title", "description", "default", "meta", mode="wrap")
        @classmethod
        def tolerate_string_property_schema_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class ElicitationPropertySchemaString(StringPropertySchema):
    """
    String property (or single-select enum when `enum`/`oneOf` is set).
    """

    type: Literal["string"]


EmbeddedResourceResource: TypeAlias = Annotated[
    TextResourceContents | BlobResourceContents,
    Field(description="Resource content that can be embedded in a message."),
]


ErrorData: TypeAlias = Annotated[
    UnsupportedProtocolVersionErrorData | SessionNotFoundErrorData | Any,
    Field(description="Schema for [`Error::data`]: the shapes ACP defines, or any other value."),
]


class Icon(BaseModel):
    """
    An optionally-sized icon that can be displayed in a user interface.
    """

    src: str = Field(
        ...,
        description="A standard URI pointing to an icon resource. MUST be an `https:` or `data:` URI.\nClients reject other schemes, fetch without credentials, and do not follow\nscheme- or origin-changing redirects.",
    )
    mime_type: MediaType | None = Field(
        default=None,
        validation_alias="mimeType",
        serialization_alias="mimeType",
        description="Optional MIME type override if the source MIME type is missing or generic.\n\nOmitted and `null` are equivalent and mean the source MIME type is used.",
    )
    sizes: list[str] | None = Field(
        default=None,
        description='Optional array of strings that specify sizes at which the icon can be used.\nEach string should be in `WxH` format (e.g., `"48x48"`, `"96x96"`) or\n`"any"` for scalable formats like SVG.\n\nIf not provided, the client should assume that the icon can be used at any size.\n\nOmitted and `null` are equivalent and mean no sizes are specified.',
    )
    theme: IconTheme | None = Field(
        default=None,
        description="Optional theme this icon is designed for.\n\nOmitted and `null` are equivalent and mean the icon is not theme-specific.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("mime_type", "theme", "meta", mode="wrap")
        @classmethod
        def tolerate_icon_1(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=True, items=False)

        @field_validator("sizes", mode="wrap")
        @classmethod
        def tolerate_icon_2(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=True, items=True)


class IdleStateUpdateEndTurn(BaseModel):
    """
    The active work ended successfully.
    Includes locally handled commands that required no model call.
    """

    usage: Usage | None = Field(
        default=None,
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nToken usage for completed foreground work.\n\nOptional. Omitted and `null` are equivalent and mean the agent is not reporting token\nusage for this state update.",
    )
    background: list[BackgroundWork] | None = Field(
        default=None,
        description="Work running independently of foreground work, as a complete snapshot.\n\nOptional. Omitted and `null` are equivalent and mean the Agent is not reporting\nbackground work, not that nothing is running. `[]` means no background work is\nrunning. An Agent that reports background work MUST include it on every state\nupdate for the session. A malformed list is treated as not reported.\n\nSee protocol docs: [Background Work](https://agentclientprotocol.com/protocol/v2/draft/prompt-lifecycle#background-work)",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    stop_reason: Literal["end_turn"] = Field(
        ...,
        validation_alias="stopReason",
        serialization_alias="stopReason",
        description="Why foreground work stopped. The value selects one of this type's variants, which may add fields of their own.\n\nOptional. Omitted and `null` are equivalent and mean the agent is not reporting a stop reason; a malformed value is treated the same way.\n\nSee protocol docs: [Stop Reasons](https://agentclientprotocol.com/protocol/v2/draft/prompt-lifecycle#stop-reasons)",
    )

    if _LENIENT:

        @field_validator("usage", "background", "meta", mode="wrap")
        @classmethod
        def tolerate_idle_state_update_end_turn_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class IdleStateUpdateMaxTokens(BaseModel):
    """
    The active work ended because the agent reached the maximum number of tokens.
    """

    usage: Usage | None = Field(
        default=None,
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nToken usage for completed foreground work.\n\nOptional. Omitted and `null` are equivalent and mean the agent is not reporting token\nusage for this state update.",
    )
    background: list[BackgroundWork] | None = Field(
        default=None,
        description="Work running independently of foreground work, as a complete snapshot.\n\nOptional. Omitted and `null` are equivalent and mean the Agent is not reporting\nbackground work, not that nothing is running. `[]` means no background work is\nrunning. An Agent that reports background work MUST include it on every state\nupdate for the session. A malformed list is treated as not reported.\n\nSee protocol docs: [Background Work](https://agentclientprotocol.com/protocol/v2/draft/prompt-lifecycle#background-work)",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    stop_reason: Literal["max_tokens"] = Field(
        ...,
        validation_alias="stopReason",
        serialization_alias="stopReason",
        description="Why foreground work stopped. The value selects one of this type's variants, which may add fields of their own.\n\nOptional. Omitted and `null` are equivalent and mean the agent is not reporting a stop reason; a malformed value is treated the same way.\n\nSee protocol docs: [Stop Reasons](https://agentclientprotocol.com/protocol/v2/draft/prompt-lifecycle#stop-reasons)",
    )

    if _LENIENT:

        @field_validator("usage", "background", "meta", mode="wrap")
        @classmethod
        def tolerate_idle_state_update_max_tokens_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class IdleStateUpdateMaxTurnRequests(BaseModel):
    """
    The active work ended because the agent reached the maximum number of
    model requests for the foreground work.
    """

    usage: Usage | None = Field(
        default=None,
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nToken usage for completed foreground work.\n\nOptional. Omitted and `null` are equivalent and mean the agent is not reporting token\nusage for this state update.",
    )
    background: list[BackgroundWork] | None = Field(
        default=None,
        description="Work running independently of foreground work, as a complete snapshot.\n\nOptional. Omitted and `null` are equivalent and mean the Agent is not reporting\nbackground work, not that nothing is running. `[]` means no background work is\nrunning. An Agent that reports background work MUST include it on every state\nupdate for the session. A malformed list is treated as not reported.\n\nSee protocol docs: [Background Work](https://agentclientprotocol.com/protocol/v2/draft/prompt-lifecycle#background-work)",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    stop_reason: Literal["max_turn_requests"] = Field(
        ...,
        validation_alias="stopReason",
        serialization_alias="stopReason",
        description="Why foreground work stopped. The value selects one of this type's variants, which may add fields of their own.\n\nOptional. Omitted and `null` are equivalent and mean the agent is not reporting a stop reason; a malformed value is treated the same way.\n\nSee protocol docs: [Stop Reasons](https://agentclientprotocol.com/protocol/v2/draft/prompt-lifecycle#stop-reasons)",
    )

    if _LENIENT:

        @field_validator("usage", "background", "meta", mode="wrap")
        @classmethod
        def tolerate_idle_state_update_max_turn_requests_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class IdleStateUpdateRefusal(BaseModel):
    """
    The active work ended because the agent refused to continue.
    """

    usage: Usage | None = Field(
        default=None,
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nToken usage for completed foreground work.\n\nOptional. Omitted and `null` are equivalent and mean the agent is not reporting token\nusage for this state update.",
    )
    background: list[BackgroundWork] | None = Field(
        default=None,
        description="Work running independently of foreground work, as a complete snapshot.\n\nOptional. Omitted and `null` are equivalent and mean the Agent is not reporting\nbackground work, not that nothing is running. `[]` means no background work is\nrunning. An Agent that reports background work MUST include it on every state\nupdate for the session. A malformed list is treated as not reported.\n\nSee protocol docs: [Background Work](https://agentclientprotocol.com/protocol/v2/draft/prompt-lifecycle#background-work)",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    stop_reason: Literal["refusal"] = Field(
        ...,
        validation_alias="stopReason",
        serialization_alias="stopReason",
        description="Why foreground work stopped. The value selects one of this type's variants, which may add fields of their own.\n\nOptional. Omitted and `null` are equivalent and mean the agent is not reporting a stop reason; a malformed value is treated the same way.\n\nSee protocol docs: [Stop Reasons](https://agentclientprotocol.com/protocol/v2/draft/prompt-lifecycle#stop-reasons)",
    )

    if _LENIENT:

        @field_validator("usage", "background", "meta", mode="wrap")
        @classmethod
        def tolerate_idle_state_update_refusal_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class IdleStateUpdateCancelled(BaseModel):
    """
    The user or client chose to stop the work: via `session/cancel`, by
    closing the session, or through an interaction the agent offers, such
    as a permission option that tells the agent to stop. Work the agent
    stops for its own reasons uses another reason, such as `error` for an
    internal timeout.

    Agents MUST report this stop reason on an idle `state_update` when
    cancellation ends active foreground work, even if aborting causes
    exceptions. Agents MUST catch these errors and report `cancelled`, not
    `error`.
    """

    usage: Usage | None = Field(
        default=None,
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nToken usage for completed foreground work.\n\nOptional. Omitted and `null` are equivalent and mean the agent is not reporting token\nusage for this state update.",
    )
    background: list[BackgroundWork] | None = Field(
        default=None,
        description="Work running independently of foreground work, as a complete snapshot.\n\nOptional. Omitted and `null` are equivalent and mean the Agent is not reporting\nbackground work, not that nothing is running. `[]` means no background work is\nrunning. An Agent that reports background work MUST include it on every state\nupdate for the session. A malformed list is treated as not reported.\n\nSee protocol docs: [Background Work](https://agentclientprotocol.com/protocol/v2/draft/prompt-lifecycle#background-work)",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    stop_reason: Literal["cancelled"] = Field(
        ...,
        validation_alias="stopReason",
        serialization_alias="stopReason",
        description="Why foreground work stopped. The value selects one of this type's variants, which may add fields of their own.\n\nOptional. Omitted and `null` are equivalent and mean the agent is not reporting a stop reason; a malformed value is treated the same way.\n\nSee protocol docs: [Stop Reasons](https://agentclientprotocol.com/protocol/v2/draft/prompt-lifecycle#stop-reasons)",
    )

    if _LENIENT:

        @field_validator("usage", "background", "meta", mode="wrap")
        @classmethod
        def tolerate_idle_state_update_cancelled_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class IdleStateUpdateOther(BaseModel):
    """
    Custom or future stop reason.

    Values beginning with `_` are reserved for implementation-specific
    extensions. Unknown values that do not begin with `_` are reserved for
    future ACP variants.
    """

    usage: Usage | None = Field(
        default=None,
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nToken usage for completed foreground work.\n\nOptional. Omitted and `null` are equivalent and mean the agent is not reporting token\nusage for this state update.",
    )
    background: list[BackgroundWork] | None = Field(
        default=None,
        description="Work running independently of foreground work, as a complete snapshot.\n\nOptional. Omitted and `null` are equivalent and mean the Agent is not reporting\nbackground work, not that nothing is running. `[]` means no background work is\nrunning. An Agent that reports background work MUST include it on every state\nupdate for the session. A malformed list is treated as not reported.\n\nSee protocol docs: [Background Work](https://agentclientprotocol.com/protocol/v2/draft/prompt-lifecycle#background-work)",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    stop_reason: str = Field(
        ...,
        validation_alias="stopReason",
        serialization_alias="stopReason",
        description="Custom or future stop reason.\n\nValues beginning with `_` are reserved for implementation-specific\nextensions. Unknown values that do not begin with `_` are reserved for\nfuture ACP variants.",
    )

    @model_validator(mode="before")
    @classmethod
    def check_not_idle_state_update_other(cls, data: Any) -> Any:
        return not_idle_state_update_other(data)

    if _LENIENT:

        @field_validator("usage", "background", "meta", mode="wrap")
        @classmethod
        def tolerate_idle_state_update_other_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class IdleStateUpdateNone(BaseModel):
    """
    No stop reason: `stopReason` is omitted or `null`.
    """

    usage: Usage | None = Field(
        default=None,
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nToken usage for completed foreground work.\n\nOptional. Omitted and `null` are equivalent and mean the agent is not reporting token\nusage for this state update.",
    )
    background: list[BackgroundWork] | None = Field(
        default=None,
        description="Work running independently of foreground work, as a complete snapshot.\n\nOptional. Omitted and `null` are equivalent and mean the Agent is not reporting\nbackground work, not that nothing is running. `[]` means no background work is\nrunning. An Agent that reports background work MUST include it on every state\nupdate for the session. A malformed list is treated as not reported.\n\nSee protocol docs: [Background Work](https://agentclientprotocol.com/protocol/v2/draft/prompt-lifecycle#background-work)",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    stop_reason: None = Field(
        default=None,
        validation_alias="stopReason",
        serialization_alias="stopReason",
        description="Why foreground work stopped. The value selects one of this type's variants, which may add fields of their own.\n\nOptional. Omitted and `null` are equivalent and mean the agent is not reporting a stop reason; a malformed value is treated the same way.\n\nSee protocol docs: [Stop Reasons](https://agentclientprotocol.com/protocol/v2/draft/prompt-lifecycle#stop-reasons)",
    )

    if _LENIENT:

        @field_validator("usage", "background", "meta", "stop_reason", mode="wrap")
        @classmethod
        def tolerate_idle_state_update_none_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


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
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_list_providers_response_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class ListSessionsRequest(BaseModel):
    """
    Request parameters for listing existing sessions.
    """

    cwd: AbsolutePath | None = Field(
        default=None,
        description="Filter sessions by working directory. Must be an absolute path.\n\nOnly sessions whose `cwd` is this same directory match. Subdirectories and\n`additionalDirectories` don't. Agents MAY normalize paths when comparing.\n\nOmitted and `null` are equivalent and mean sessions are not filtered by working directory.",
    )
    cursor: SessionListCursor | None = Field(
        default=None,
        description="Opaque cursor token from a previous response's nextCursor field for cursor-based pagination\n\nOmitted and `null` are equivalent and mean the first page is requested.",
    )
    archived: SessionArchiveFilter | None = Field(
        default=None,
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nFilter sessions by archive state.\n\nOptional. Omitted and `null` are equivalent and mean `exclude`. Only send this when\nthe Agent advertises the `session.archive` capability. The filter combines with `cwd` and\napplies before pagination. Clients keep the same value when following `nextCursor`.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_list_sessions_request_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class ListSessionsResponse(BaseModel):
    """
    Response from listing sessions.
    """

    sessions: list[SessionInfo] = Field(..., description="Array of session information objects.")
    next_cursor: SessionListCursor | None = Field(
        default=None,
        validation_alias="nextCursor",
        serialization_alias="nextCursor",
        description="Opaque cursor token. If present, pass this in the next request's cursor parameter\nto fetch the next page. Omitted and `null` are equivalent and mean there are no more\nresults. An empty string is a valid cursor, not the end of results.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("sessions", mode="wrap")
        @classmethod
        def tolerate_list_sessions_response_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=True, fallback=[])

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_list_sessions_response_2(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class McpCapabilities(BaseModel):
    """
    MCP capabilities supported by the agent for session lifecycle requests.
    """

    stdio: McpStdioCapabilities | None = Field(
        default=None,
        description="Agent supports `stdio` MCP servers.\n\nOptional. Omitted and `null` are equivalent and mean the agent does not advertise support.\nSupplying `{}` means the agent supports stdio MCP server transports.",
    )
    http: McpHttpCapabilities | None = Field(
        default=None,
        description="Agent supports `http` MCP servers.\n\nOptional. Omitted and `null` are equivalent and mean the agent does not advertise support.\nSupplying `{}` means the agent supports HTTP MCP server transports.",
    )
    acp: McpAcpCapabilities | None = Field(
        default=None,
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nAgent supports `acp` MCP servers.\n\nOptional. Omitted and `null` are equivalent and mean the agent does not advertise support.\nSupplying `{}` means the agent supports ACP MCP server transports.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("stdio", "http", "acp", "meta", mode="wrap")
        @classmethod
        def tolerate_mcp_capabilities_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class McpServerAcp(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    ACP transport configuration for MCP.

    The MCP server is provided by an ACP component and communicates over the ACP channel
    using `mcp/message`.
    """

    name: str = Field(..., description="Human-readable name identifying this MCP server.")
    server_id: McpServerAcpId = Field(
        ...,
        validation_alias="serverId",
        serialization_alias="serverId",
        description="Unique identifier for this MCP server, generated by the component providing it.\n\nProviders MUST NOT reuse an ID for multiple ACP-transport MCP servers that are visible\non the same ACP connection.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_mcp_server_acp_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class McpServerTypeAcp(McpServerAcp):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    ACP transport configuration

    Only available when the Agent capabilities include `session.mcp.acp`.
    The MCP server is provided by an ACP component and communicates over the ACP channel.
    """

    type: Literal["acp"]


McpServer: TypeAlias = Annotated[
    Annotated[
        Union[
            Annotated[
                Union[McpServerTypeHttp, McpServerTypeAcp, McpServerTypeStdio],
                Discriminator("type"),
            ],
            McpServerOther,
        ],
        Field(union_mode="left_to_right"),
    ],
    Field(
        description="Configuration for connecting to an MCP (Model Context Protocol) server.\n\nMCP servers provide tools and context that the agent can use when\nprocessing prompts.\n\nSee protocol docs: [MCP Servers](https://agentclientprotocol.com/protocol/v2/draft/session-setup#mcp-servers)"
    ),
]


MultiSelectItems: TypeAlias = Annotated[
    MultiSelectItemsString | MultiSelectItemsOther | TitledMultiSelectItems,
    Field(description="Items for a multi-select (array) property schema."),
]


class Notice(BaseModel):
    """
    Fire-and-forget information for the user.

    Notices are live events rather than session history. Agents must not rely on
    a notice being received, displayed, or seen by the user.
    No Client capability is required, and unsupported Clients may ignore notices.

    See protocol docs: [Session Notices](https://agentclientprotocol.com/protocol/v2/draft/prompt-lifecycle#session-notices)
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
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("description", "meta", mode="wrap")
        @classmethod
        def tolerate_notice_1(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=True, items=False)


class PermissionOption(BaseModel):
    """
    An option presented to the user when requesting permission.
    """

    option_id: PermissionOptionId = Field(
        ...,
        validation_alias="optionId",
        serialization_alias="optionId",
        description="Identifier for this permission option. MUST be unique within the request.",
    )
    name: str = Field(..., description="Human-readable label to display to the user.")
    kind: PermissionOptionKind = Field(
        ..., description="Hint about the nature of this permission option."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_permission_option_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


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
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_plan_entry_1(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=True, items=False)


class PlanFile(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    A plan represented by a file URI.
    """

    plan_id: PlanId = Field(
        ...,
        validation_alias="planId",
        serialization_alias="planId",
        description="The plan ID to update.",
    )
    uri: str = Field(..., description="The URI of the file containing the plan.")
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_plan_file_1(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=True, items=False)


class PlanItems(BaseModel):
    """
    A plan represented as structured entries.
    """

    plan_id: PlanId = Field(
        ...,
        validation_alias="planId",
        serialization_alias="planId",
        description="The plan ID to update.",
    )
    entries: list[PlanEntry] = Field(
        ...,
        description="The list of tasks to be accomplished.\n\nWhen updating an item-based plan, the agent must send a complete list of all entries\nwith their current status. The client replaces that plan with each update.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("entries", mode="wrap")
        @classmethod
        def tolerate_plan_items_1(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=False, items=True)

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_plan_items_2(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=True, items=False)


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


PlanUpdateContent: TypeAlias = Annotated[
    Annotated[
        Union[
            Annotated[
                Union[PlanUpdateContentItems, PlanUpdateContentFile, PlanUpdateContentMarkdown],
                Discriminator("type"),
            ],
            PlanUpdateContentOther,
        ],
        Field(union_mode="left_to_right"),
    ],
    Field(description="Updated content for a plan."),
]


class PromptCapabilities(BaseModel):
    """
    Prompt capabilities supported by the agent in `session/prompt` requests.

    Baseline agent functionality requires support for `text`
    and `resource_link` content blocks in prompt requests.

    Other variants must be explicitly opted in to.
    Capabilities for different types of content in prompt requests.

    Indicates which content types beyond the baseline (text and resource links)
    the agent can process.

    See protocol docs: [Session Prompt Capabilities](https://agentclientprotocol.com/protocol/v2/draft/initialization#session-prompt-capabilities)
    """

    image: PromptImageCapabilities | None = Field(
        default=None,
        description="Agent supports `image` content blocks.\n\nOptional. Omitted and `null` are equivalent and mean the agent does not advertise support.\nSupplying `{}` means the agent supports image content in prompts.",
    )
    audio: PromptAudioCapabilities | None = Field(
        default=None,
        description="Agent supports `audio` content blocks.\n\nOptional. Omitted and `null` are equivalent and mean the agent does not advertise support.\nSupplying `{}` means the agent supports audio content in prompts.",
    )
    embedded_context: PromptEmbeddedContextCapabilities | None = Field(
        default=None,
        validation_alias="embeddedContext",
        serialization_alias="embeddedContext",
        description="Agent supports embedded context in `session/prompt` requests.\n\nWhen enabled, the Client is allowed to include `resource` content blocks\nin prompt requests for pieces of context that are referenced in the message.\n\nOptional. Omitted and `null` are equivalent and mean the agent does not advertise support.\nSupplying `{}` means the agent supports embedded context in prompts.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("image", "audio", "embedded_context", "meta", mode="wrap")
        @classmethod
        def tolerate_prompt_capabilities_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class RequestPermissionSubjectCommand(CommandPermissionSubject):
    """
    Permission is requested before running a command.
    """

    type: Literal["command"]


class RequiresActionStateUpdate(BaseModel):
    """
    The foreground workflow as a whole is blocked on user action.

    Agents SHOULD report this state when foreground work cannot progress without
    user action. Pending permissions or elicitations alone do not imply this
    state if other foreground work can progress, or if the requests belong only
    to independent background activity. Once reported, agents MUST report
    `running` when progress resumes, or `idle` if the work ends without resuming.
    Responding to one request does not itself imply `running`.
    """

    background: list[BackgroundWork] | None = Field(
        default=None,
        description="Work running independently of foreground work, as a complete snapshot.\n\nOptional. Omitted and `null` are equivalent and mean the Agent is not reporting\nbackground work, not that nothing is running. `[]` means no background work is\nrunning. An Agent that reports background work MUST include it on every state\nupdate for the session. A malformed list is treated as not reported.\n\nSee protocol docs: [Background Work](https://agentclientprotocol.com/protocol/v2/draft/prompt-lifecycle#background-work)",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("background", "meta", mode="wrap")
        @classmethod
        def tolerate_requires_action_state_update_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class RunningStateUpdate(BaseModel):
    """
    Foreground work is in progress.
    """

    background: list[BackgroundWork] | None = Field(
        default=None,
        description="Work running independently of foreground work, as a complete snapshot.\n\nOptional. Omitted and `null` are equivalent and mean the Agent is not reporting\nbackground work, not that nothing is running. `[]` means no background work is\nrunning. An Agent that reports background work MUST include it on every state\nupdate for the session. A malformed list is treated as not reported.\n\nSee protocol docs: [Background Work](https://agentclientprotocol.com/protocol/v2/draft/prompt-lifecycle#background-work)",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("background", "meta", mode="wrap")
        @classmethod
        def tolerate_running_state_update_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class SessionConfigOptionBoolean(SessionConfigBoolean):
    """
    Boolean on/off toggle.
    """

    config_id: SessionConfigId = Field(
        ...,
        validation_alias="configId",
        serialization_alias="configId",
        description="Unique identifier for the configuration option.",
    )
    name: str = Field(..., description="Human-readable label for the option.")
    description: str | None = Field(
        default=None,
        description="Optional description for the Client to display to the user.\n\nOmitted and `null` are equivalent and mean no description is provided.",
    )
    category: SessionConfigOptionCategory | None = Field(
        default=None,
        description="Optional semantic category for this option (UX only).\n\nOmitted and `null` are equivalent and mean no category is provided.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    type: Literal["boolean"]

    if _LENIENT:

        @field_validator("description", "category", "meta", mode="wrap")
        @classmethod
        def tolerate_session_config_option_boolean_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class SessionConfigOptionOther(BaseModel):
    """
    Custom or future session configuration option payload.

    Values beginning with `_` are reserved for implementation-specific
    extensions. Unknown values that do not begin with `_` are reserved for
    future ACP variants.

    Clients that do not understand this option type should preserve the raw
    payload when storing, replaying, proxying, or forwarding configuration
    data, and otherwise ignore the option. The Agent keeps using its `currentValue`.
    """

    config_id: SessionConfigId = Field(
        ...,
        validation_alias="configId",
        serialization_alias="configId",
        description="Unique identifier for the configuration option.",
    )
    name: str = Field(..., description="Human-readable label for the option.")
    description: str | None = Field(
        default=None,
        description="Optional description for the Client to display to the user.\n\nOmitted and `null` are equivalent and mean no description is provided.",
    )
    category: SessionConfigOptionCategory | None = Field(
        default=None,
        description="Optional semantic category for this option (UX only).\n\nOmitted and `null` are equivalent and mean no category is provided.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    type: str = Field(
        ...,
        description="Custom or future session configuration option type.\n\nValues beginning with `_` are reserved for implementation-specific\nextensions. Unknown values that do not begin with `_` are reserved for\nfuture ACP variants.",
    )

    @model_validator(mode="before")
    @classmethod
    def check_not_session_config_option_other(cls, data: Any) -> Any:
        return not_session_config_option_other(data)

    if _LENIENT:

        @field_validator("description", "category", "meta", mode="wrap")
        @classmethod
        def tolerate_session_config_option_other_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class SessionConfigSelectOption(BaseModel):
    """
    A possible value for a session configuration option.
    """

    value: SessionConfigValueId = Field(..., description="Unique identifier for this option value.")
    name: str = Field(..., description="Human-readable label for this option value.")
    description: str | None = Field(
        default=None,
        description="Optional description for this option value.\n\nOmitted and `null` are equivalent and mean no description is provided.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("description", "meta", mode="wrap")
        @classmethod
        def tolerate_session_config_select_option_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


SessionConfigSelectOptionsUngrouped: TypeAlias = Annotated[
    list[SessionConfigSelectOption],
    Field(description="A flat list of options with no grouping.", min_length=1),
]


class SessionSystemPromptModeCapabilities(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    System prompt delivery modes the agent supports in addition to `append`.

    `append` has no entry because every agent advertising `session.systemPrompt`
    supports it.
    """

    override: SessionSystemPromptOverrideCapabilities | None = Field(
        default=None,
        description="Whether the agent supports `override` mode.\n\nOptional. Omitted and `null` are equivalent and mean the agent does not advertise support.\nSupplying `{}` means the agent supports replacing its built-in default\ninstructions with the client-provided system prompt.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("override", "meta", mode="wrap")
        @classmethod
        def tolerate_session_system_prompt_mode_capabilities_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class UnknownStateUpdate(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    The Agent cannot currently determine foreground activity.

    Report this when activity becomes unobservable, not merely because the session
    has been quiet. The Client MUST stop presenting the previous state as confirmed
    current activity, but may retain it as last known. A later state replaces this
    snapshot normally.

    This is not a task outcome or session closure. It does not cancel work, resolve
    pending requests, or revoke capabilities. Capabilities are updated separately.
    """

    background: list[BackgroundWork] | None = Field(
        default=None,
        description="Work running independently of foreground work, as a complete snapshot.\n\nOptional. Omitted and `null` are equivalent and mean the Agent is not reporting\nbackground work, not that nothing is running. `[]` means no background work is\nrunning. An Agent that reports background work MUST include it on every state\nupdate for the session. A malformed list is treated as not reported.\n\nSee protocol docs: [Background Work](https://agentclientprotocol.com/protocol/v2/draft/prompt-lifecycle#background-work)",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("background", "meta", mode="wrap")
        @classmethod
        def tolerate_unknown_state_update_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class StateUpdateRunning(RunningStateUpdate):
    """
    Foreground work is in progress.
    """

    state: Literal["running"]


class StateUpdateIdleEndTurn(IdleStateUpdateEndTurn):
    """
    No foreground work is active. Background activity may continue.
    """

    state: Literal["idle"]


class StateUpdateIdleMaxTokens(IdleStateUpdateMaxTokens):
    """
    No foreground work is active. Background activity may continue.
    """

    state: Literal["idle"]


class StateUpdateIdleMaxTurnRequests(IdleStateUpdateMaxTurnRequests):
    """
    No foreground work is active. Background activity may continue.
    """

    state: Literal["idle"]


class StateUpdateIdleRefusal(IdleStateUpdateRefusal):
    """
    No foreground work is active. Background activity may continue.
    """

    state: Literal["idle"]


class StateUpdateIdleCancelled(IdleStateUpdateCancelled):
    """
    No foreground work is active. Background activity may continue.
    """

    state: Literal["idle"]


class StateUpdateIdleOther(IdleStateUpdateOther):
    """
    No foreground work is active. Background activity may continue.
    """

    state: Literal["idle"]


class StateUpdateIdleNone(IdleStateUpdateNone):
    """
    No foreground work is active. Background activity may continue.
    """

    state: Literal["idle"]


class StateUpdateRequiresAction(RequiresActionStateUpdate):
    """
    Foreground work is blocked on user action.
    """

    state: Literal["requires_action"]


class StateUpdateUnknown(UnknownStateUpdate):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    The Agent cannot currently determine foreground activity.
    This replaces previously confirmed activity without ending the work or session.
    """

    state: Literal["unknown"]


class TerminalUpdate(BaseModel):
    """
    An upsert for the stored state of an agent-owned terminal.

    Only `terminalId` is required. Other fields have patch
    semantics: omitted fields leave the stored value unchanged, `null` clears
    it, and concrete values replace it. A concrete `_meta` object instead
    patches the stored metadata by top-level key. When the terminal ID is new,
    omitted fields start unknown.
    """

    terminal_id: TerminalId = Field(
        ...,
        validation_alias="terminalId",
        serialization_alias="terminalId",
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
        validation_alias="exitStatus",
        serialization_alias="exitStatus",
        description="Exit information. A concrete object marks the terminal as exited.",
    )
    size: TerminalSize | None = Field(
        default=None,
        description="The terminal size the command runs with, when known.\n\nClients can render output at this size so that column layouts, progress bars,\nand cursor-positioned output display as the program wrote them.",
    )
    capabilities: TerminalCapabilities | None = Field(
        default=None,
        description="Client-initiated controls this terminal currently supports, such as cancellation.\n\nOmission leaves the capabilities unchanged, `null` clears them, and an object replaces\nthe whole previous value. A new terminal starts with none.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted leaves the stored metadata unchanged. `null`\nclears it. An object patches the stored metadata by top-level key: keys it omits are\nunchanged, a key set to `null` is removed, and any other value replaces that key's\nstored value without merging nested objects. Beyond this patch rule, implementations\nMUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Metadata Patches](https://agentclientprotocol.com/protocol/v2/draft/extensibility#metadata-patches)",
    )

    if _LENIENT:

        @field_validator(
            "command", "cwd", "output", "exit_status", "size", "capabilities", "meta", mode="wrap"
        )
        @classmethod
        def tolerate_terminal_update_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class TerminalOutputChunk(BaseModel):
    """
    A chunk of bytes appended to an agent-owned terminal's output.
    """

    terminal_id: TerminalId = Field(
        ...,
        validation_alias="terminalId",
        serialization_alias="terminalId",
        description="The terminal receiving these bytes.",
    )
    data: str = Field(..., description="Independently base64-encoded terminal output bytes.")
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\nThis metadata is scoped to the chunk and does not patch stored metadata.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_terminal_output_chunk_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class SessionUpdateStateUpdateRunning(StateUpdateRunning):
    """
    A snapshot of the session's aggregate foreground activity.
    """

    session_update: Literal["state_update"] = Field(
        ..., validation_alias="sessionUpdate", serialization_alias="sessionUpdate"
    )


class SessionUpdateStateUpdateIdleEndTurn(StateUpdateIdleEndTurn):
    """
    A snapshot of the session's aggregate foreground activity.
    """

    session_update: Literal["state_update"] = Field(
        ..., validation_alias="sessionUpdate", serialization_alias="sessionUpdate"
    )


class SessionUpdateStateUpdateIdleMaxTokens(StateUpdateIdleMaxTokens):
    """
    A snapshot of the session's aggregate foreground activity.
    """

    session_update: Literal["state_update"] = Field(
        ..., validation_alias="sessionUpdate", serialization_alias="sessionUpdate"
    )


class SessionUpdateStateUpdateIdleMaxTurnRequests(StateUpdateIdleMaxTurnRequests):
    """
    A snapshot of the session's aggregate foreground activity.
    """

    session_update: Literal["state_update"] = Field(
        ..., validation_alias="sessionUpdate", serialization_alias="sessionUpdate"
    )


class SessionUpdateStateUpdateIdleRefusal(StateUpdateIdleRefusal):
    """
    A snapshot of the session's aggregate foreground activity.
    """

    session_update: Literal["state_update"] = Field(
        ..., validation_alias="sessionUpdate", serialization_alias="sessionUpdate"
    )


class SessionUpdateStateUpdateIdleCancelled(StateUpdateIdleCancelled):
    """
    A snapshot of the session's aggregate foreground activity.
    """

    session_update: Literal["state_update"] = Field(
        ..., validation_alias="sessionUpdate", serialization_alias="sessionUpdate"
    )


class SessionUpdateStateUpdateIdleOther(StateUpdateIdleOther):
    """
    A snapshot of the session's aggregate foreground activity.
    """

    session_update: Literal["state_update"] = Field(
        ..., validation_alias="sessionUpdate", serialization_alias="sessionUpdate"
    )


class SessionUpdateStateUpdateIdleNone(StateUpdateIdleNone):
    """
    A snapshot of the session's aggregate foreground activity.
    """

    session_update: Literal["state_update"] = Field(
        ..., validation_alias="sessionUpdate", serialization_alias="sessionUpdate"
    )


class SessionUpdateStateUpdateRequiresAction(StateUpdateRequiresAction):
    """
    A snapshot of the session's aggregate foreground activity.
    """

    session_update: Literal["state_update"] = Field(
        ..., validation_alias="sessionUpdate", serialization_alias="sessionUpdate"
    )


class SessionUpdateStateUpdateUnknown(StateUpdateUnknown):
    """
    A snapshot of the session's aggregate foreground activity.
    """

    session_update: Literal["state_update"] = Field(
        ..., validation_alias="sessionUpdate", serialization_alias="sessionUpdate"
    )


class SessionUpdateTerminalUpdate(TerminalUpdate):
    """
    An agent-owned terminal has been created or updated.
    """

    session_update: Literal["terminal_update"] = Field(
        ..., validation_alias="sessionUpdate", serialization_alias="sessionUpdate"
    )


class SessionUpdateTerminalOutputChunk(TerminalOutputChunk):
    """
    A chunk of bytes appended to an agent-owned terminal's output.
    """

    session_update: Literal["terminal_output_chunk"] = Field(
        ..., validation_alias="sessionUpdate", serialization_alias="sessionUpdate"
    )


class SessionUpdateAvailableCommandsUpdate(AvailableCommandsUpdate):
    """
    Available commands are ready or have changed
    """

    session_update: Literal["available_commands_update"] = Field(
        ..., validation_alias="sessionUpdate", serialization_alias="sessionUpdate"
    )


class SessionUpdateNotice(Notice):
    """
    Information for the user that is not part of session history.

    No Client capability is required. Clients that do not understand or
    present notices may ignore them.
    """

    session_update: Literal["notice"] = Field(
        ..., validation_alias="sessionUpdate", serialization_alias="sessionUpdate"
    )


class Terminal(BaseModel):
    """
    A display-only reference to an agent-owned terminal.

    Terminal state and output are delivered separately through
    `terminal_update` and `terminal_output_chunk` session updates.
    """

    terminal_id: TerminalId = Field(
        ...,
        validation_alias="terminalId",
        serialization_alias="terminalId",
        description="The ID of the terminal to display.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_terminal_1(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=True, items=False)


class ToolCallContentTerminal(Terminal):
    """
    A display-only reference to an agent-owned terminal.
    """

    type: Literal["terminal"]


class ClientCapabilities(BaseModel):
    """
    Capabilities supported by the client.

    Advertised during initialization to inform the agent about
    available features and methods.

    See protocol docs: [Client Capabilities](https://agentclientprotocol.com/protocol/v2/draft/initialization#client-capabilities)
    """

    auth: ClientAuthCapabilities | None = Field(
        default=None,
        description="Authentication capabilities supported by the client.\nDetermines which authentication method types the agent may include\nin its `InitializeResponse`.\n\nOptional. Omitted and `null` are equivalent and mean the client does not advertise any\nauthentication-method extensions.",
    )
    elicitation: ElicitationCapabilities | None = Field(
        default=None,
        description="Elicitation capabilities supported by the client.\nDetermines which elicitation modes the agent may use.\n\nOptional. Omitted and `null` are equivalent and mean the client does not advertise\nelicitation support.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("auth", "elicitation", "meta", mode="wrap")
        @classmethod
        def tolerate_client_capabilities_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class ResourceLink(BaseModel):
    """
    A link to a resource that the receiver may be able to read, included in a prompt or tool call result.
    """

    name: str = Field(..., description="Human-readable name shown for this protocol object.")
    uri: str = Field(..., description="URI associated with this resource or media payload.")
    title: str | None = Field(
        default=None,
        description="Optional display title for end-user UI.\n\nOmitted and `null` are equivalent and mean no title is provided.",
    )
    description: str | None = Field(
        default=None,
        description="Optional human-readable details shown with this protocol object.\n\nOmitted and `null` are equivalent and mean no description is provided.",
    )
    icons: list[Icon] | None = Field(
        default=None,
        description="Optional set of sized icons that the client can display in a user interface.\n\nOmitted and `null` are equivalent and mean no icons are provided.",
    )
    mime_type: MediaType | None = Field(
        default=None,
        validation_alias="mimeType",
        serialization_alias="mimeType",
        description="MIME type describing the encoded media payload.\n\nOmitted and `null` are equivalent and mean the MIME type is not specified.",
    )
    size: int | None = Field(
        default=None,
        description="Optional size of the linked resource in bytes, if known.\n\nOmitted and `null` are equivalent and mean the size is not known.",
        ge=0,
    )
    annotations: Annotations | None = Field(
        default=None,
        description="Optional annotations that help clients decide how to display or route this content.\n\nOmitted and `null` are equivalent and mean no annotations are provided.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator(
            "title", "description", "mime_type", "size", "annotations", "meta", mode="wrap"
        )
        @classmethod
        def tolerate_resource_link_1(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=True, items=False)

        @field_validator("icons", mode="wrap")
        @classmethod
        def tolerate_resource_link_2(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=True, items=True)


class EmbeddedResource(BaseModel):
    """
    The contents of a resource, embedded into a prompt or tool call result.
    """

    resource: EmbeddedResourceResource = Field(
        ..., description="Embedded resource payload, either text or binary data."
    )
    annotations: Annotations | None = Field(
        default=None,
        description="Optional annotations that help clients decide how to display or route this content.\n\nOmitted and `null` are equivalent and mean no annotations are provided.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("annotations", "meta", mode="wrap")
        @classmethod
        def tolerate_embedded_resource_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class ContentBlockResourceLink(ResourceLink):
    """
    References to resources that the receiver may be able to read.

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


ContentBlock: TypeAlias = Annotated[
    Annotated[
        Union[
            Annotated[
                Union[
                    ContentBlockText,
                    ContentBlockImage,
                    ContentBlockAudio,
                    ContentBlockResourceLink,
                    ContentBlockResource,
                ],
                Discriminator("type"),
            ],
            ContentBlockOther,
        ],
        Field(union_mode="left_to_right"),
    ],
    Field(
        description="Content blocks represent displayable information in the Agent Client Protocol.\n\nContent blocks appear in:\n- User prompts sent via `session/prompt`\n- Language model output reported through `session/update` notifications as\n  message updates or streamed chunks\n- Progress updates and results from tool calls\n\nThis structure is compatible with the Model Context Protocol (MCP), so agents can\nforward content from MCP tool outputs without transformation.\n\nSee protocol docs: [Content](https://agentclientprotocol.com/protocol/v2/draft/content)"
    ),
]


class ContentChunk(BaseModel):
    """
    A streamed item of message content.
    """

    message_id: MessageId = Field(
        ...,
        validation_alias="messageId",
        serialization_alias="messageId",
        description="A unique identifier for the message this chunk belongs to.\n\nAll chunks belonging to the same message share the same `messageId`.\nChunks for different messages can interleave.",
    )
    content: ContentBlock = Field(..., description="A single item of content")
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\nThis metadata is scoped to the chunk and does not patch stored metadata.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_content_chunk_1(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=True, items=False)


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
        description="Renderable patch text for some or all of the structured changes.\n\nAgents SHOULD provide patch text whenever feasible. Omitted and `null` are\nequivalent and mean no renderable patch text was provided.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("changes", mode="wrap")
        @classmethod
        def tolerate_diff_1(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=False, items=True)

        @field_validator("patch", "meta", mode="wrap")
        @classmethod
        def tolerate_diff_2(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=True, items=False)


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
        validation_alias="minItems",
        serialization_alias="minItems",
        description="Minimum number of items to select.\n\nOptional. Omitted and `null` are equivalent and mean there is no minimum selection count.",
        ge=0,
    )
    max_items: int | None = Field(
        default=None,
        validation_alias="maxItems",
        serialization_alias="maxItems",
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
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("title", "description", "meta", mode="wrap")
        @classmethod
        def tolerate_multi_select_property_schema_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)

        @field_validator("default", mode="wrap")
        @classmethod
        def tolerate_multi_select_property_schema_2(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=True)


class ElicitationPropertySchemaArray(MultiSelectPropertySchema):
    """
    Multi-select array property.
    """

    type: Literal["array"]


ElicitationPropertySchema: TypeAlias = Annotated[
    Annotated[
        Union[
            Annotated[
                Union[
                    ElicitationPropertySchemaString,
                    ElicitationPropertySchemaNumber,
                    ElicitationPropertySchemaInteger,
                    ElicitationPropertySchemaBoolean,
                    ElicitationPropertySchemaArray,
                ],
                Discriminator("type"),
            ],
            ElicitationPropertySchemaOther,
        ],
        Field(union_mode="left_to_right"),
    ],
    Field(
        description='Property schema for elicitation form fields.\n\nEach variant corresponds to a JSON Schema `"type"` value.\nSingle-select enums use `type: "string"` with `enum` or `oneOf` set.\nMulti-select enums use `type: "array"`.'
    ),
]


class ElicitationSchema(BaseModel):
    """
    Type-safe elicitation schema for requesting structured user input.

    This represents a JSON Schema object with primitive-typed properties,
    as required by the elicitation specification.
    """

    type: ElicitationSchemaType = Field(
        ..., description='Type discriminator. Always `"object"`. Any other value is rejected.'
    )
    title: str | None = Field(
        default=None,
        description="Optional title for the schema.\n\nOptional. Omitted and `null` are equivalent and mean no title is provided.",
    )
    properties: dict[str, ElicitationPropertySchema] = Field(
        ..., description="Property definitions (must be primitive types)."
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
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("title", "description", "meta", mode="wrap")
        @classmethod
        def tolerate_elicitation_schema_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


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
    data: ErrorData | None = Field(
        default=None,
        description="Optional primitive or structured value that contains additional information about the error.\nThis may include debugging information or context-specific details.\n\nOmitted and `null` are equivalent and mean no additional data is provided. Some codes\ndefine a shape: [`UnsupportedProtocolVersionErrorData`] for `-32022`, and\n[`SessionNotFoundErrorData`] for `-32002` when a session is not found.",
    )

    if _LENIENT:

        @field_validator("data", mode="wrap")
        @classmethod
        def tolerate_error_1(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=True, items=False)


class ErrorStopReason(BaseModel):
    """
    Details of a failure that ended active work.
    """

    error: Error | None = Field(
        default=None,
        description="The failure, as a JSON-RPC error object.\n\nOptional. Omitted and `null` are equivalent and mean the agent is not reporting failure details.\nAgents SHOULD include it.",
    )

    if _LENIENT:

        @field_validator("error", mode="wrap")
        @classmethod
        def tolerate_error_stop_reason_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class IdleStateUpdateError(ErrorStopReason):
    """
    The active work ended because something failed.

    This includes pre-insertion foreground work. A prompt failure before
    insertion also requires an error response to `session/prompt`. After
    insertion, the prompt's response remains successful.
    """

    usage: Usage | None = Field(
        default=None,
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nToken usage for completed foreground work.\n\nOptional. Omitted and `null` are equivalent and mean the agent is not reporting token\nusage for this state update.",
    )
    background: list[BackgroundWork] | None = Field(
        default=None,
        description="Work running independently of foreground work, as a complete snapshot.\n\nOptional. Omitted and `null` are equivalent and mean the Agent is not reporting\nbackground work, not that nothing is running. `[]` means no background work is\nrunning. An Agent that reports background work MUST include it on every state\nupdate for the session. A malformed list is treated as not reported.\n\nSee protocol docs: [Background Work](https://agentclientprotocol.com/protocol/v2/draft/prompt-lifecycle#background-work)",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    stop_reason: Literal["error"] = Field(
        ...,
        validation_alias="stopReason",
        serialization_alias="stopReason",
        description="Why foreground work stopped. The value selects one of this type's variants, which may add fields of their own.\n\nOptional. Omitted and `null` are equivalent and mean the agent is not reporting a stop reason; a malformed value is treated the same way.\n\nSee protocol docs: [Stop Reasons](https://agentclientprotocol.com/protocol/v2/draft/prompt-lifecycle#stop-reasons)",
    )

    if _LENIENT:

        @field_validator("usage", "background", "meta", mode="wrap")
        @classmethod
        def tolerate_idle_state_update_error_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


IdleStateUpdate: TypeAlias = Annotated[
    Annotated[
        Union[
            Annotated[
                Annotated[
                    Union[
                        IdleStateUpdateEndTurn,
                        IdleStateUpdateMaxTokens,
                        IdleStateUpdateMaxTurnRequests,
                        IdleStateUpdateRefusal,
                        IdleStateUpdateCancelled,
                        IdleStateUpdateError,
                    ],
                    Discriminator("stop_reason"),
                ],
                Tag(NATIVE_BRANCH),
            ],
            Annotated[
                Annotated[
                    Union[
                        Annotated[IdleStateUpdateEndTurn, Tag("IdleStateUpdateEndTurn")],
                        Annotated[IdleStateUpdateMaxTokens, Tag("IdleStateUpdateMaxTokens")],
                        Annotated[
                            IdleStateUpdateMaxTurnRequests, Tag("IdleStateUpdateMaxTurnRequests")
                        ],
                        Annotated[IdleStateUpdateRefusal, Tag("IdleStateUpdateRefusal")],
                        Annotated[IdleStateUpdateCancelled, Tag("IdleStateUpdateCancelled")],
                        Annotated[IdleStateUpdateError, Tag("IdleStateUpdateError")],
                        Annotated[IdleStateUpdateOther, Tag("IdleStateUpdateOther")],
                        Annotated[IdleStateUpdateNone, Tag("IdleStateUpdateNone")],
                    ],
                    Discriminator(
                        tag_of(
                            (
                                "stopReason",
                                "stop_reason",
                                {
                                    "end_turn": "IdleStateUpdateEndTurn",
                                    "max_tokens": "IdleStateUpdateMaxTokens",
                                    "max_turn_requests": "IdleStateUpdateMaxTurnRequests",
                                    "refusal": "IdleStateUpdateRefusal",
                                    "cancelled": "IdleStateUpdateCancelled",
                                    "error": "IdleStateUpdateError",
                                },
                                "IdleStateUpdateOther",
                                "IdleStateUpdateNone",
                            )
                        )
                    ),
                ],
                Tag(ROUTED_BRANCH),
            ],
        ],
        Field(union_mode="left_to_right"),
    ],
    Field(
        description="No foreground work is active. Background activity may continue.\n\nAgents SHOULD include a `stopReason` when the idle transition ends foreground\nwork. An idle update that does not end foreground work need not include one.\nReceivers treat an omitted, `null`, or malformed `stopReason` as the agent not\nreporting one.\nRepeated or resume snapshots may carry the last stop reason for context.\nThey MUST NOT be counted as new completions, cancellations, or additional usage."
    ),
]


class InitializeRequest(BaseModel):
    """
    Request parameters for the initialize method.

    Sent by the client to establish connection and negotiate capabilities.

    See protocol docs: [Initialization](https://agentclientprotocol.com/protocol/v2/draft/initialization)
    """

    protocol_version: ProtocolVersion = Field(
        ...,
        validation_alias="protocolVersion",
        serialization_alias="protocolVersion",
        description="The latest protocol version supported by the client.",
    )
    info: Implementation = Field(
        ..., description="Information about the implementation sending this initialize request."
    )
    capabilities: ClientCapabilities | None = Field(
        default=None, description="Capabilities supported by the client.", exclude_if=omit_null
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    @field_validator("capabilities", mode="before")
    @classmethod
    def reject_null_validator(cls, v: Any, info: ValidationInfo) -> Any:
        return reject_null(v, info)

    if _LENIENT:

        @field_validator("capabilities", "meta", mode="wrap")
        @classmethod
        def tolerate_initialize_request_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class PlanUpdate(BaseModel):
    """
    A content update for a plan identified by ID.
    """

    plan: PlanUpdateContent = Field(..., description="The updated plan content.")
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_plan_update_1(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=True, items=False)


class PromptRequest(BaseModel):
    """
    Request parameters for sending a user prompt to the agent.

    Contains the user's message and any additional context.

    See protocol docs: [User Message](https://agentclientprotocol.com/protocol/v2/draft/prompt-lifecycle#1-user-message)
    """

    session_id: SessionId = Field(
        ...,
        validation_alias="sessionId",
        serialization_alias="sessionId",
        description="The ID of the session to send this user message to",
    )
    prompt: list[ContentBlock] = Field(
        ...,
        description="The blocks of content that compose the user's message.\n\nAs a baseline, the Agent MUST support `text` and `resource_link` content blocks,\nwhile other variants are optionally enabled via `PromptCapabilities`.\n\nThe Client MUST adapt its interface according to `PromptCapabilities`.\n\nThe client MAY include referenced pieces of context as either\n`resource` or `resource_link` content blocks.\n\nWhen available, `resource` is preferred\nas it avoids extra round-trips and allows the message to include\npieces of context from sources the agent may not have access to.\n\nClients MUST NOT send an empty array. Agents MAY reject one with `-32602` without\ninserting it.",
        min_length=1,
    )
    idempotency_key: IdempotencyKey | None = Field(
        default=None,
        validation_alias="idempotencyKey",
        serialization_alias="idempotencyKey",
        description="Identifies this submission, so that the Agent inserts its user message at most once.\n\nThe field is optional. Omitted and `null` are equivalent and mean no key. The Agent\nhandles the prompt without duplicate detection, as it does today.\nWhen present, it is an opaque, case-sensitive string of 1 to 255 characters. The\nAgent **MUST** reject any other value with `-32602` (Invalid params) and **MUST\nNOT** treat it as omitted.\n\nOne key identifies one submission. The Client creates the key when the user submits\nthe input, not when it writes the request, and stores it with the pending input. It\nsends the same key on every attempt, including after reconnecting or restarting. It\nuses a new key for a new submission, including when the user sends the same text\nagain on purpose.\n\nSee [`IdempotencyKey`] and the RFD: [v2 Idempotency Keys](https://agentclientprotocol.com/rfds/v2/idempotency-keys)",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_prompt_request_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class SessionConfigSelectGroup(BaseModel):
    """
    A group of possible values for a session configuration option.
    """

    group_id: SessionConfigGroupId = Field(
        ...,
        validation_alias="groupId",
        serialization_alias="groupId",
        description="Unique identifier for this group.",
    )
    name: str = Field(..., description="Human-readable label for this group.")
    options: list[SessionConfigSelectOption] = Field(
        ...,
        description="The set of option values in this group. MUST contain at least one value.",
        min_length=1,
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("options", mode="wrap")
        @classmethod
        def tolerate_session_config_select_group_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=True, fallback=[])

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_session_config_select_group_2(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


SessionConfigSelectOptionsGrouped: TypeAlias = Annotated[
    list[SessionConfigSelectGroup],
    Field(description="A list of options grouped under headers.", min_length=1),
]


SessionConfigSelectOptions: TypeAlias = Annotated[
    SessionConfigSelectOptionsUngrouped | SessionConfigSelectOptionsGrouped,
    Field(description="Possible values for a session configuration option."),
]


class SessionMessage(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    An upsert for an inter-session message.
    """

    message_id: MessageId = Field(
        ...,
        validation_alias="messageId",
        serialization_alias="messageId",
        description="Identifier of this message within the enclosing session's transcript.",
    )
    sender_session_id: SessionId | None = Field(
        default=None,
        validation_alias="senderSessionId",
        serialization_alias="senderSessionId",
        description="The sending session.\n\nOmitted leaves the stored value unchanged. `null` clears it. A value replaces it.",
    )
    recipient_session_id: SessionId | None = Field(
        default=None,
        validation_alias="recipientSessionId",
        serialization_alias="recipientSessionId",
        description="The receiving session.\n\nOmitted leaves the stored value unchanged. `null` clears it. A value replaces it.",
    )
    sender_message_id: MessageId | None = Field(
        default=None,
        validation_alias="senderMessageId",
        serialization_alias="senderMessageId",
        description="On an incoming view, the `messageId` of the same message's outgoing view in the\nsender's transcript.\n\nOmitted leaves the stored value unchanged. `null` clears it. A value replaces it. It can arrive\nafter the message starts streaming.",
    )
    recipient_message_id: MessageId | None = Field(
        default=None,
        validation_alias="recipientMessageId",
        serialization_alias="recipientMessageId",
        description="On an outgoing view, the `messageId` of the same message's incoming view in the\nrecipient's transcript.\n\nOmitted leaves the stored value unchanged. `null` clears it. A value replaces it. It can arrive\nafter the message starts streaming.",
    )
    content: list[ContentBlock] | None = Field(
        default=None,
        description="Omitted leaves content unchanged. `null` clears it. A concrete array\nreplaces the whole content collection.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted leaves the stored metadata unchanged. `null`\nclears it. An object patches the stored metadata by top-level key: keys it omits are\nunchanged, a key set to `null` is removed, and any other value replaces that key's\nstored value without merging nested objects. Beyond this patch rule, implementations\nMUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Metadata Patches](https://agentclientprotocol.com/protocol/v2/draft/extensibility#metadata-patches)",
    )

    if _LENIENT:

        @field_validator(
            "sender_session_id",
            "recipient_session_id",
            "sender_message_id",
            "recipient_message_id",
            "meta",
            mode="wrap",
        )
        @classmethod
        def tolerate_session_message_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)

        @field_validator("content", mode="wrap")
        @classmethod
        def tolerate_session_message_2(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=True)


class SessionMessageChunk(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    A streamed content block of an inter-session message.

    A chunk carries only content. The message's participants and references come from
    `session_message` upserts, which can arrive before, between, or after its chunks.
    """

    message_id: MessageId = Field(
        ...,
        validation_alias="messageId",
        serialization_alias="messageId",
        description="Identifier of this message within the enclosing session's transcript.",
    )
    content: ContentBlock = Field(
        ..., description="A single content block appended to the message."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\nThis metadata is scoped to the chunk and does not patch stored metadata.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_session_message_chunk_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class SessionSystemPromptCapabilities(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Capabilities for client-provided system prompts.

    Supplying `{}` means the agent supports `systemPrompt` on session lifecycle
    requests in `append` mode.
    """

    mode: SessionSystemPromptModeCapabilities | None = Field(
        default=None,
        description="Delivery modes the agent supports in addition to `append`.\n\nOptional. Omitted and `null` are equivalent and mean the agent supports only `append`.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("mode", "meta", mode="wrap")
        @classmethod
        def tolerate_session_system_prompt_capabilities_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class UserMessage(BaseModel):
    """
    A user message upsert.

    Only `messageId` is required. `content` has patch semantics:
    an omitted field leaves existing message content unchanged, `null` clears the
    value, and a concrete array replaces the previous value. For a new
    `messageId`, omitted `content` starts empty. `content` is replaced as a
    whole array. Send `[]` or `null` to clear it.

    Message updates and chunks are applied in the order they are received. When
    a `user_message` update includes `content`, that array replaces any content
    previously accumulated for the message, including content from earlier
    chunks. Later chunks with the same `messageId` append to the current
    content.
    """

    message_id: MessageId = Field(
        ...,
        validation_alias="messageId",
        serialization_alias="messageId",
        description="A unique identifier for the message.",
    )
    content: list[ContentBlock] | None = Field(
        default=None, description="Complete replacement content for this message."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted leaves the stored metadata unchanged. `null`\nclears it. An object patches the stored metadata by top-level key: keys it omits are\nunchanged, a key set to `null` is removed, and any other value replaces that key's\nstored value without merging nested objects. Beyond this patch rule, implementations\nMUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Metadata Patches](https://agentclientprotocol.com/protocol/v2/draft/extensibility#metadata-patches)",
    )

    if _LENIENT:

        @field_validator("content", mode="wrap")
        @classmethod
        def tolerate_user_message_1(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=True, items=True)

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_user_message_2(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=True, items=False)


class StateUpdateIdleError(IdleStateUpdateError):
    """
    No foreground work is active. Background activity may continue.
    """

    state: Literal["idle"]


StateUpdate: TypeAlias = Annotated[
    Annotated[
        Union[
            Annotated[
                Annotated[
                    Union[StateUpdateRunning, StateUpdateRequiresAction, StateUpdateUnknown],
                    Discriminator("state"),
                ],
                Tag(NATIVE_BRANCH),
            ],
            Annotated[
                Annotated[
                    Union[
                        Annotated[StateUpdateRunning, Tag("StateUpdateRunning")],
                        Annotated[StateUpdateIdleEndTurn, Tag("StateUpdateIdleEndTurn")],
                        Annotated[StateUpdateIdleMaxTokens, Tag("StateUpdateIdleMaxTokens")],
                        Annotated[
                            StateUpdateIdleMaxTurnRequests, Tag("StateUpdateIdleMaxTurnRequests")
                        ],
                        Annotated[StateUpdateIdleRefusal, Tag("StateUpdateIdleRefusal")],
                        Annotated[StateUpdateIdleCancelled, Tag("StateUpdateIdleCancelled")],
                        Annotated[StateUpdateIdleError, Tag("StateUpdateIdleError")],
                        Annotated[StateUpdateIdleOther, Tag("StateUpdateIdleOther")],
                        Annotated[StateUpdateIdleNone, Tag("StateUpdateIdleNone")],
                        Annotated[StateUpdateRequiresAction, Tag("StateUpdateRequiresAction")],
                        Annotated[StateUpdateUnknown, Tag("StateUpdateUnknown")],
                        Annotated[StateUpdateOther, Tag("StateUpdateOther")],
                    ],
                    Discriminator(
                        tag_of(
                            (
                                "state",
                                "state",
                                {
                                    "running": "StateUpdateRunning",
                                    "idle": (
                                        "stopReason",
                                        "stop_reason",
                                        {
                                            "end_turn": "StateUpdateIdleEndTurn",
                                            "max_tokens": "StateUpdateIdleMaxTokens",
                                            "max_turn_requests": "StateUpdateIdleMaxTurnRequests",
                                            "refusal": "StateUpdateIdleRefusal",
                                            "cancelled": "StateUpdateIdleCancelled",
                                            "error": "StateUpdateIdleError",
                                        },
                                        "StateUpdateIdleOther",
                                        "StateUpdateIdleNone",
                                    ),
                                    "requires_action": "StateUpdateRequiresAction",
                                    "unknown": "StateUpdateUnknown",
                                },
                                "StateUpdateOther",
                                None,
                            )
                        )
                    ),
                ],
                Tag(ROUTED_BRANCH),
            ],
        ],
        Field(union_mode="left_to_right"),
    ],
    Field(
        description="A snapshot of the session's aggregate foreground activity.\n\nForeground work is the agent's active response or workflow in the session,\nincluding model processing, tool execution, and waiting for user action needed\nto continue that work. It can start with a prompt or be agent-initiated, for\nexample to pursue an ongoing goal or follow up on a completed background task.\nEither way, the agent MUST report `running` when foreground work starts,\nor `requires_action` if it starts blocked on user action, and `idle` when it\nends. The agent SHOULD include a stop reason on that idle update.\nAgent-initiated work does not require a prompt request or a synthetic user\nmessage.\n\n`running` may precede user-message insertion, for example during a foreground\nhook. It is not acknowledgment of insertion, and rejecting a prompt does not\nitself end foreground work.\n\nBackground activity can continue and emit other `session/update` notifications\nwhile `idle`. Those notifications, including a detached task's progress or\ncompletion, do not by themselves change this state. A permission request only\nwarrants `requires_action` when foreground work is blocked on user action.\n\nThe agent SHOULD report `requires_action` when the foreground workflow as a\nwhole cannot progress without user action, including permissions or elicitations.\nOnce reported, it MUST report `running` when progress resumes, or `idle` when\nwork ends without resuming.\nIf other foreground work can progress, the state remains `running`. Resolving\none of several requests does not itself change the state. Agents SHOULD ignore\nresponses for work that has already ended rather than use them to resume it.\n\nA new session defaults to idle until a state update reports otherwise.\nResume MUST send a current-state snapshot after any replay and before its\nresponse. The snapshot reports foreground state after resuming.\nThe response alone does not imply idle.\nRepeated snapshots are idempotent, not additional work, completions, or usage.\nA repeated state may carry updated information without another state transition.\nThe agent MUST report `idle` when no foreground activity remains. Completing\nan individual activity while other foreground work continues does not require\nan idle boundary. Local commands use the same lifecycle even without model work.\n\nSee protocol docs: [Session States](https://agentclientprotocol.com/protocol/v2/draft/prompt-lifecycle#session-states)"
    ),
]


class SubagentUpdate(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Notification that the enclosing parent session created and owns a child session.

    Later updates modify the existing association's metadata, not its ownership.

    Sent on the immediate parent session. The first update for an unknown
    `sessionId` announces the child and MUST be sent
    before any live request or notification bearing the child's session ID,
    including messages naming it as sender or recipient. Child events are
    delivered automatically. No separate child load, resume, or subscription is needed.
    Understanding this update, registering child sessions, and applying their
    operation restrictions are baseline v2 requirements. No Client capability
    is required.

    Only `sessionId` is required. Other fields have
    patch semantics: omitted fields leave the stored value unchanged, `null`
    clears or unsets the value, and concrete values replace it. A concrete
    `_meta` object instead patches the stored metadata by top-level key. For
    `state`, `null` removes the current state report and leaves activity
    unconfirmed. It does not report idle or cancellation. A child whose capabilities are
    unset permits no Client-initiated session mutations.

    `cwd` and `additionalDirectories` report where the Agent placed the child.
    While unset, each inherits the immediate parent's effective value.
    The title and description provide the parent's display metadata for the
    child. Agents SHOULD mirror known child state changes in the parent's
    `state` using the same `StateUpdate` snapshot as the
    ordinary `state_update` notification on the child session. This reports
    child state, not a separate parent-owned lifecycle. Consumers should
    treat duplicate reports idempotently.
    Completing or cancelling work does not end the association: the parent may
    message the same child again. Individual messages and their outcomes do not
    change this association.
    """

    session_id: SessionId = Field(
        ...,
        validation_alias="sessionId",
        serialization_alias="sessionId",
        description="The opaque session ID identifying the child in all ACP messages.",
    )
    title: str | None = Field(
        default=None,
        description="The parent's human-readable display title for this child. It need not be unique.\n\nOptional and nullable. Omitted means unchanged. `null` clears it. If no\ntitle is set, the Client chooses a fallback presentation.",
    )
    description: str | None = Field(
        default=None,
        description="The parent's human-readable description of the child's role or purpose.\n\nOptional and nullable. Omitted means unchanged. `null` clears it. This is\ncurrent display metadata, not the history of instructions sent to the child.",
    )
    capabilities: SubagentSessionCapabilities | None = Field(
        default=None,
        description="Client-initiated session mutations permitted for this subagent session.\n\nRead-only operations retain their normal protocol semantics and\ncapability requirements.",
    )
    state: StateUpdate | None = Field(
        default=None,
        description="The child's current foreground state, mirrored onto its parent association.\n\nOptional and nullable. Omitted means unchanged. `null` removes the\ncurrent report and leaves activity unconfirmed (not idle or cancelled).\nA concrete `StateUpdate` replaces the entire previous snapshot.",
    )
    cwd: AbsolutePath | None = Field(
        default=None,
        description="The child's working directory. Must be an absolute path.\n\nOptional and nullable. Omitted means unchanged. `null` clears the\nreported value. While unset, the child inherits its immediate parent's\neffective working directory.",
    )
    additional_directories: list[AbsolutePath] | None = Field(
        default=None,
        validation_alias="additionalDirectories",
        serialization_alias="additionalDirectories",
        description="Additional workspace roots for the child. Each path must be absolute.\n\nOptional and nullable. Omitted means unchanged. `null` clears the\nreported value. While unset, the child inherits its immediate parent's\neffective additional directories, independently of `cwd`. A concrete\narray replaces the whole list. `[]` reports no additional directories.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted leaves the stored metadata unchanged. `null`\nclears it. An object patches the stored metadata by top-level key: keys it omits are\nunchanged, a key set to `null` is removed, and any other value replaces that key's\nstored value without merging nested objects. Beyond this patch rule, implementations\nMUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Metadata Patches](https://agentclientprotocol.com/protocol/v2/draft/extensibility#metadata-patches)",
    )

    if _LENIENT:

        @field_validator("title", "description", "capabilities", "state", "meta", mode="wrap")
        @classmethod
        def tolerate_subagent_update_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class SessionUpdateUserMessageChunk(ContentChunk):
    """
    A chunk of the user's message being streamed.
    """

    session_update: Literal["user_message_chunk"] = Field(
        ..., validation_alias="sessionUpdate", serialization_alias="sessionUpdate"
    )


class SessionUpdateUserMessage(UserMessage):
    """
    A user message has been created or updated.

    Agents can send this when they accept or replay a user message. When a
    client receives another `user_message` update with the same `messageId`,
    fields in the new update patch the previous fields for that message.
    """

    session_update: Literal["user_message"] = Field(
        ..., validation_alias="sessionUpdate", serialization_alias="sessionUpdate"
    )


class SessionUpdateAgentMessageChunk(ContentChunk):
    """
    A chunk of the agent's response being streamed.
    """

    session_update: Literal["agent_message_chunk"] = Field(
        ..., validation_alias="sessionUpdate", serialization_alias="sessionUpdate"
    )


class SessionUpdateAgentThoughtChunk(ContentChunk):
    """
    A chunk of the agent's internal reasoning being streamed.
    """

    session_update: Literal["agent_thought_chunk"] = Field(
        ..., validation_alias="sessionUpdate", serialization_alias="sessionUpdate"
    )


class SessionUpdateStateUpdateIdleError(StateUpdateIdleError):
    """
    A snapshot of the session's aggregate foreground activity.
    """

    session_update: Literal["state_update"] = Field(
        ..., validation_alias="sessionUpdate", serialization_alias="sessionUpdate"
    )


class SessionUpdatePlanUpdate(PlanUpdate):
    """
    A content update for a plan identified by ID.
    See protocol docs: [Agent Plan](https://agentclientprotocol.com/protocol/v2/draft/agent-plan)
    """

    session_update: Literal["plan_update"] = Field(
        ..., validation_alias="sessionUpdate", serialization_alias="sessionUpdate"
    )


class SessionUpdateSubagentUpdate(SubagentUpdate):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Announces a child session created and owned by this session, or updates
    that ownership association's metadata.
    """

    session_update: Literal["subagent_update"] = Field(
        ..., validation_alias="sessionUpdate", serialization_alias="sessionUpdate"
    )


class SessionUpdateSessionMessage(SessionMessage):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    A message upsert observed in this session's transcript, sent to or
    received from another session.
    """

    session_update: Literal["session_message"] = Field(
        ..., validation_alias="sessionUpdate", serialization_alias="sessionUpdate"
    )


class SessionUpdateSessionMessageChunk(SessionMessageChunk):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    One content block appended to a sent or received session message.
    """

    session_update: Literal["session_message_chunk"] = Field(
        ..., validation_alias="sessionUpdate", serialization_alias="sessionUpdate"
    )


class SystemPrompt(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Client-provided system-level instructions for a session.

    Clients MUST only send this when the Agent advertises
    `session.systemPrompt`. Agents that cannot apply it, for example because of
    an unadvertised mode or an unsupported content block type, MUST return an
    error instead of creating, resuming, or forking the session.
    """

    mode: SystemPromptMode = Field(
        ...,
        description="How the Agent combines `content` with its own instructions.\n\nRequired. Agents MUST return an error for a mode they do not support rather than\ntreating it as `append` or `override`.",
    )
    content: list[ContentBlock] = Field(
        ...,
        description="The system prompt content.\n\nAgents advertising the capability MUST accept `text` content blocks.\nClients MUST NOT send other content block types until a future\ncapability allows them, and Agents MUST return an error for content\nblocks they do not support, including unknown types.\n\nClients MUST NOT send an empty array. Agents MAY reject one with\n`-32602` without creating, resuming, or forking the session.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_system_prompt_1(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=True, items=False)


class ToolCallContentDiff(Diff):
    """
    File modification shown as a diff.
    """

    type: Literal["diff"]


class AgentMessage(BaseModel):
    """
    An agent message upsert.

    Only `messageId` is required. `content` has patch semantics:
    an omitted field leaves existing message content unchanged, `null` clears the
    value, and a concrete array replaces the previous value. For a new
    `messageId`, omitted `content` starts empty. `content` is replaced as a
    whole array. Send `[]` or `null` to clear it.

    Message updates and chunks are applied in the order they are received. When
    an `agent_message` update includes `content`, that array replaces any
    content previously accumulated for the message, including content from
    earlier chunks. Later chunks with the same `messageId` append to the current
    content.
    """

    message_id: MessageId = Field(
        ...,
        validation_alias="messageId",
        serialization_alias="messageId",
        description="A unique identifier for the message.",
    )
    content: list[ContentBlock] | None = Field(
        default=None, description="Complete replacement content for this message."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted leaves the stored metadata unchanged. `null`\nclears it. An object patches the stored metadata by top-level key: keys it omits are\nunchanged, a key set to `null` is removed, and any other value replaces that key's\nstored value without merging nested objects. Beyond this patch rule, implementations\nMUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Metadata Patches](https://agentclientprotocol.com/protocol/v2/draft/extensibility#metadata-patches)",
    )

    if _LENIENT:

        @field_validator("content", mode="wrap")
        @classmethod
        def tolerate_agent_message_1(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=True, items=True)

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_agent_message_2(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=True, items=False)


class AgentThought(BaseModel):
    """
    An agent thought or reasoning message upsert.

    Only `messageId` is required. `content` has patch semantics:
    an omitted field leaves existing thought content unchanged, `null` clears the
    value, and a concrete array replaces the previous value. For a new
    `messageId`, omitted `content` starts empty. `content` is replaced as a
    whole array. Send `[]` or `null` to clear it.

    Message updates and chunks are applied in the order they are received. When
    an `agent_thought` update includes `content`, that array replaces any
    content previously accumulated for the thought, including content from
    earlier chunks. Later chunks with the same `messageId` append to the current
    content.
    """

    message_id: MessageId = Field(
        ...,
        validation_alias="messageId",
        serialization_alias="messageId",
        description="A unique identifier for the thought message.",
    )
    content: list[ContentBlock] | None = Field(
        default=None, description="Complete replacement content for this thought message."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted leaves the stored metadata unchanged. `null`\nclears it. An object patches the stored metadata by top-level key: keys it omits are\nunchanged, a key set to `null` is removed, and any other value replaces that key's\nstored value without merging nested objects. Beyond this patch rule, implementations\nMUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Metadata Patches](https://agentclientprotocol.com/protocol/v2/draft/extensibility#metadata-patches)",
    )

    if _LENIENT:

        @field_validator("content", mode="wrap")
        @classmethod
        def tolerate_agent_thought_1(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=True, items=True)

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_agent_thought_2(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=True, items=False)


class CompactionSummaryChunk(BaseModel):
    """
    A content block appended to a compaction's summary. A first-seen ID creates
    an in-progress compaction. Chunks append in receive order.
    """

    compaction_id: CompactionId = Field(
        ...,
        validation_alias="compactionId",
        serialization_alias="compactionId",
        description="ID of the compaction whose summary receives this content.",
    )
    content: ContentBlock = Field(..., description="One content block to append.")
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\nThis metadata is scoped to the chunk and does not patch stored metadata.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_compaction_summary_chunk_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class CompactionUpdate(BaseModel):
    """
    A context compaction upsert. The first notification fixes the compaction's
    timeline position. Later updates with the same ID patch that entity in place.

    `summary`, `error`, and `_meta` have patch semantics: omission leaves the
    stored value unchanged, `null` clears it, and a concrete value replaces it.
    `summary: []` also clears the summary. A concrete `_meta` object patches the
    stored metadata by top-level key instead of replacing it.
    """

    compaction_id: CompactionId = Field(
        ...,
        validation_alias="compactionId",
        serialization_alias="compactionId",
        description="The Agent-owned ID of this compaction, unique within the session.",
    )
    status: CompactionStatus = Field(..., description="Current lifecycle status.")
    summary: list[ContentBlock] | None = Field(
        default=None,
        description="Complete replacement user-displayable summary content for the compaction.",
    )
    error: str | None = Field(
        default=None, description="Human-readable error details for the compaction."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted leaves the stored metadata unchanged. `null`\nclears it. An object patches the stored metadata by top-level key: keys it omits are\nunchanged, a key set to `null` is removed, and any other value replaces that key's\nstored value without merging nested objects. Beyond this patch rule, implementations\nMUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Metadata Patches](https://agentclientprotocol.com/protocol/v2/draft/extensibility#metadata-patches)",
    )

    if _LENIENT:

        @field_validator("summary", mode="wrap")
        @classmethod
        def tolerate_compaction_update_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=True)

        @field_validator("error", "meta", mode="wrap")
        @classmethod
        def tolerate_compaction_update_2(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class Content(BaseModel):
    """
    Standard content block (text, images, resources).
    """

    content: ContentBlock = Field(..., description="The actual content block.")
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_content_1(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
            return tolerate(value, handler, default=True, items=False)


class ElicitationFormModeSession(ElicitationSessionScope):
    """
    Tied to a session, optionally to a specific tool call within that session.
    """

    requested_schema: ElicitationSchema = Field(
        ...,
        validation_alias="requestedSchema",
        serialization_alias="requestedSchema",
        description="A JSON Schema describing the form fields to present to the user.",
    )

    @model_validator(mode="before")
    @classmethod
    def check_not_elicitation_form_mode_session(cls, data: Any) -> Any:
        return not_elicitation_form_mode_session(data)


class ElicitationFormModeRequest(ElicitationRequestScope):
    """
    Tied to a specific JSON-RPC request outside of a session
    (e.g., during auth/configuration phases before any session is started).
    """

    requested_schema: ElicitationSchema = Field(
        ...,
        validation_alias="requestedSchema",
        serialization_alias="requestedSchema",
        description="A JSON Schema describing the form fields to present to the user.",
    )

    @model_validator(mode="before")
    @classmethod
    def check_not_elicitation_form_mode_request(cls, data: Any) -> Any:
        return not_elicitation_form_mode_request(data)


ElicitationFormMode: TypeAlias = Annotated[
    ElicitationFormModeSession | ElicitationFormModeRequest,
    Field(
        description="Form-based elicitation mode where the client renders a form from the provided schema."
    ),
]


class CreateElicitationRequestFormSession(ElicitationFormModeSession):
    """
    Form-based elicitation where the client renders a form from the provided schema.
    """

    message: str = Field(
        ..., description="A human-readable message describing what input is needed."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    mode: Literal["form"]

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_create_elicitation_request_form_session_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class CreateElicitationRequestFormRequest(ElicitationFormModeRequest):
    """
    Form-based elicitation where the client renders a form from the provided schema.
    """

    message: str = Field(
        ..., description="A human-readable message describing what input is needed."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    mode: Literal["form"]

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_create_elicitation_request_form_request_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


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
    root: Annotated[
        Union[
            Annotated[
                Union[CreateElicitationRequestFormSession, CreateElicitationRequestFormRequest],
                Tag("CreateElicitationRequestFormSession|CreateElicitationRequestFormRequest"),
            ],
            Annotated[
                Union[CreateElicitationRequestUrlSession, CreateElicitationRequestUrlRequest],
                Tag("CreateElicitationRequestUrlSession|CreateElicitationRequestUrlRequest"),
            ],
            Annotated[
                Union[CreateElicitationRequestOtherSession, CreateElicitationRequestOtherRequest],
                Tag("CreateElicitationRequestOtherSession|CreateElicitationRequestOtherRequest"),
            ],
        ],
        Discriminator(
            tag_of(
                (
                    "mode",
                    "mode",
                    {
                        "form": "CreateElicitationRequestFormSession|CreateElicitationRequestFormRequest",
                        "url": "CreateElicitationRequestUrlSession|CreateElicitationRequestUrlRequest",
                    },
                    "CreateElicitationRequestOtherSession|CreateElicitationRequestOtherRequest",
                    None,
                )
            )
        ),
    ] = Field(
        ...,
        description="Request from the agent to elicit structured user input.\n\nThe agent sends this to the client to request information from the user,\neither via a form or by directing them to a URL.\nElicitations are tied to a session (optionally a tool call) or a request.\n\nA session-scoped request follows the aggregate foreground-state contract:\nagents SHOULD report `requires_action` when the whole foreground workflow is\nblocked on user action. Once reported, they MUST report `running` when progress\nresumes, or `idle` if work ends without resuming. Independent background requests\nand request-scoped elicitations do not themselves change session state.\nAccepting a URL does not mean the external interaction completed.\n\nAgents SHOULD cancel pending elicitations no longer needed by cancelled work.\nThe request's scope alone does not establish that dependency.\n\nSee protocol docs: [Elicitation](https://agentclientprotocol.com/protocol/v2/draft/elicitation)",
    )


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
        ...,
        validation_alias="sessionId",
        serialization_alias="sessionId",
        description="The ID of the session to fork.",
    )
    cwd: AbsolutePath = Field(
        ..., description="The working directory for this session. Must be an absolute path."
    )
    additional_directories: list[AbsolutePath] | None = Field(
        default=None,
        validation_alias="additionalDirectories",
        serialization_alias="additionalDirectories",
        description="Additional workspace roots to activate for this session. Each path must be absolute.\n\nWhen omitted or empty, no additional roots are activated. When non-empty,\nthis is the complete resulting additional-root list for the forked\nsession.",
        exclude_if=omit_null,
    )
    mcp_servers: list[McpServer] | None = Field(
        default=None,
        validation_alias="mcpServers",
        serialization_alias="mcpServers",
        description="List of MCP servers to connect to for this session.",
        exclude_if=omit_null,
    )
    system_prompt: SystemPrompt | None = Field(
        default=None,
        validation_alias="systemPrompt",
        serialization_alias="systemPrompt",
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nSystem-level instructions for the forked session.\n\nOptional. Omitted and `null` are equivalent. The Agent may then keep a\nsystem prompt it stored with the source session or use its default\ninstructions. Clients MUST only send this when the Agent advertises\n`session.systemPrompt`, and SHOULD send the same value they used for the\nsource session.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    @field_validator("additional_directories", "mcp_servers", mode="before")
    @classmethod
    def reject_null_validator(cls, v: Any, info: ValidationInfo) -> Any:
        return reject_null(v, info)

    if _LENIENT:

        @field_validator("additional_directories", "mcp_servers", mode="wrap")
        @classmethod
        def tolerate_fork_session_request_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=False, items=False, null="empty")

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_fork_session_request_2(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class InitializeProxyRequest(RootModel[InitializeRequest]):
    root: InitializeRequest = Field(
        ...,
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nRequest parameters for `proxy/initialize`.\n\nA conductor sends `proxy/initialize` instead of `initialize` to every component that has a\nsuccessor, which tells the component to run as a proxy. The params and the response are\nthe same as for `initialize`. A conductor sends `initialize` to the final agent.\n\nThe params carry the protocol version the conductor selected: the client's requested\nversion, unless the conductor supports only a lower one. Before answering successfully,\nthe proxy MUST forward an `initialize` request to its successor through `proxy/successor`.\n\nSee the [Proxy Chains RFD](https://agentclientprotocol.com/rfds/proxy-chains).",
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
        validation_alias="additionalDirectories",
        serialization_alias="additionalDirectories",
        description="Additional workspace roots for this session. Each path must be absolute.\n\nThese expand the session's workspace scope without changing `cwd`, which\nremains the base for relative paths. When omitted or empty, no\nadditional roots are activated for the new session.",
        exclude_if=omit_null,
    )
    mcp_servers: list[McpServer] | None = Field(
        default=None,
        validation_alias="mcpServers",
        serialization_alias="mcpServers",
        description="List of MCP (Model Context Protocol) servers the agent should connect to.",
        exclude_if=omit_null,
    )
    system_prompt: SystemPrompt | None = Field(
        default=None,
        validation_alias="systemPrompt",
        serialization_alias="systemPrompt",
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nSystem-level instructions for the new session.\n\nOptional. Omitted and `null` are equivalent and mean the Agent uses its\nown default instructions. Clients MUST only send this when the Agent\nadvertises `session.systemPrompt`.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    @field_validator("additional_directories", "mcp_servers", mode="before")
    @classmethod
    def reject_null_validator(cls, v: Any, info: ValidationInfo) -> Any:
        return reject_null(v, info)

    if _LENIENT:

        @field_validator("additional_directories", "mcp_servers", mode="wrap")
        @classmethod
        def tolerate_new_session_request_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=False, items=False, null="empty")

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_new_session_request_2(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class ResumeSessionRequest(BaseModel):
    """
    Request parameters for resuming an existing session.

    Resumes an existing session and optionally replays retained conversation
    history according to `replayFrom`.
    """

    session_id: SessionId = Field(
        ...,
        validation_alias="sessionId",
        serialization_alias="sessionId",
        description="The ID of the session to resume.",
    )
    cwd: AbsolutePath = Field(
        ...,
        description="The working directory for this session. Must be an absolute path.\n\nClients MUST send the session's working directory. Agents MAY reject a different directory\nwith `-32602`, and MAY normalize paths when comparing.",
    )
    additional_directories: list[AbsolutePath] | None = Field(
        default=None,
        validation_alias="additionalDirectories",
        serialization_alias="additionalDirectories",
        description="Additional workspace roots to activate for this session. Each path must be absolute.\n\nWhen omitted or empty, no additional roots are activated. When non-empty,\nthis is the complete resulting additional-root list for the resumed\nsession. It may differ from any previously used or reported list as long as\nthe request `cwd` matches the session's `cwd`.",
        exclude_if=omit_null,
    )
    mcp_servers: list[McpServer] | None = Field(
        default=None,
        validation_alias="mcpServers",
        serialization_alias="mcpServers",
        description="List of MCP servers to connect to for this session.\n\nThe complete set of Client-provided servers. Omitted and `[]` mean none. Agents SHOULD\nNOT restore servers from earlier requests.",
        exclude_if=omit_null,
    )
    replay_from: ReplayFrom | None = Field(
        default=None,
        validation_alias="replayFrom",
        serialization_alias="replayFrom",
        description='Inclusive cursor describing where conversation replay should begin.\n\nOptional. Omitted and `null` are equivalent and mean the Agent should resume without\nreplaying previous conversation history. Replay cursors are inclusive:\nreplay includes the position identified by the cursor. Supplying\n`{ "type": "start" }` means the Agent should replay all retained\nconversation history before responding.\n\nAgents MUST reject unsupported cursor types or malformed cursor values\nwith `-32602` (Invalid params), rather than substituting another cursor\nor resuming without replay.',
    )
    system_prompt: SystemPrompt | None = Field(
        default=None,
        validation_alias="systemPrompt",
        serialization_alias="systemPrompt",
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nSystem-level instructions for the resumed session.\n\nOptional. Omitted and `null` are equivalent. The Agent may then keep a\nsystem prompt it stored with the session or use its default instructions.\nClients MUST only send this when the Agent advertises\n`session.systemPrompt`, and SHOULD send the same value they used when the\nsession was created.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    @field_validator("additional_directories", "mcp_servers", mode="before")
    @classmethod
    def reject_null_validator(cls, v: Any, info: ValidationInfo) -> Any:
        return reject_null(v, info)

    if _LENIENT:

        @field_validator("additional_directories", "mcp_servers", mode="wrap")
        @classmethod
        def tolerate_resume_session_request_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=False, items=False, null="empty")

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_resume_session_request_2(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


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
        description="Prompt capabilities supported by the agent in `session/prompt` requests.\n\nOptional. Omitted and `null` are equivalent and mean the agent does not advertise any\nprompt extensions beyond the baseline text and resource-link content\nrequired by `session/prompt`.",
    )
    mcp: McpCapabilities | None = Field(
        default=None,
        description="MCP capabilities supported by the agent for session lifecycle requests.\n\nOptional. Omitted and `null` are equivalent and mean the agent does not advertise MCP\nserver transport support for sessions.",
    )
    delete: SessionDeleteCapabilities | None = Field(
        default=None,
        description="Whether the agent supports `session/delete`.\n\nOptional. Omitted and `null` are equivalent and mean the agent does not advertise support.\nSupplying `{}` means the agent supports deleting sessions from `session/list`.",
    )
    additional_directories: SessionAdditionalDirectoriesCapabilities | None = Field(
        default=None,
        validation_alias="additionalDirectories",
        serialization_alias="additionalDirectories",
        description="Whether the agent supports `additionalDirectories` on supported session lifecycle requests.\n\nOptional. Omitted and `null` are equivalent and mean the agent does not advertise support.\nSupplying `{}` means the agent supports `additionalDirectories` on\nsupported session lifecycle requests.\n\nAgents may return `SessionInfo.additionalDirectories` to report the\ncomplete ordered additional-root list associated with a listed session.",
    )
    system_prompt: SessionSystemPromptCapabilities | None = Field(
        default=None,
        validation_alias="systemPrompt",
        serialization_alias="systemPrompt",
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nWhether the agent supports `systemPrompt` on session lifecycle requests.\n\nOptional. Omitted and `null` are equivalent and mean the agent does not advertise support.\nSupplying `{}` means the agent supports `systemPrompt` in `append` mode.",
    )
    fork: SessionForkCapabilities | None = Field(
        default=None,
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nWhether the agent supports `session/fork`.\n\nOptional. Omitted and `null` are equivalent and mean the agent does not advertise support.\nSupplying `{}` means the agent supports forking sessions.",
    )
    archive: SessionArchiveCapabilities | None = Field(
        default=None,
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nWhether the agent supports `session/archive` and `session/unarchive`.\n\nOptional. Omitted and `null` are equivalent and mean the agent does not advertise support.\nSupplying `{}` means the agent supports both methods, the `archived` filter on\n`session/list`, and `SessionInfo.archived`.",
    )
    status: SessionStatusCapabilities | None = Field(
        default=None,
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nWhether the agent supports `session/status`.\n\nOptional. Omitted and `null` are equivalent and mean the agent does not advertise support.\nSupplying `{}` means the agent supports checking session status.",
    )
    title: SessionTitleCapabilities | None = Field(
        default=None,
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nWhether the agent supports `session/set_title`.\n\nAgents report titles through `session/list` and `session_info_update` without this\ncapability. It only advertises that Clients can set titles.\n\nOptional. Omitted and `null` are equivalent and mean the agent does not advertise support.\nSupplying `{}` means the agent supports setting session titles.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator(
            "prompt",
            "mcp",
            "delete",
            "additional_directories",
            "system_prompt",
            "fork",
            "archive",
            "status",
            "title",
            "meta",
            mode="wrap",
        )
        @classmethod
        def tolerate_session_capabilities_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class SessionConfigSelect(BaseModel):
    """
    A single-value selector (dropdown) session configuration option payload.
    """

    current_value: SessionConfigValueId = Field(
        ...,
        validation_alias="currentValue",
        serialization_alias="currentValue",
        description="The currently selected value. MUST be one of the `value`s in `options`.",
    )
    options: SessionConfigSelectOptions = Field(
        ...,
        description="The set of selectable options. MUST contain at least one value, and each `value` MUST be\nunique within the option, including across groups.",
    )


class SessionConfigOptionSelect(SessionConfigSelect):
    """
    Single-value selector (dropdown).
    """

    config_id: SessionConfigId = Field(
        ...,
        validation_alias="configId",
        serialization_alias="configId",
        description="Unique identifier for the configuration option.",
    )
    name: str = Field(..., description="Human-readable label for the option.")
    description: str | None = Field(
        default=None,
        description="Optional description for the Client to display to the user.\n\nOmitted and `null` are equivalent and mean no description is provided.",
    )
    category: SessionConfigOptionCategory | None = Field(
        default=None,
        description="Optional semantic category for this option (UX only).\n\nOmitted and `null` are equivalent and mean no category is provided.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    type: Literal["select"]

    if _LENIENT:

        @field_validator("description", "category", "meta", mode="wrap")
        @classmethod
        def tolerate_session_config_option_select_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


SessionConfigOption: TypeAlias = Annotated[
    Annotated[
        Union[
            Annotated[
                Union[SessionConfigOptionSelect, SessionConfigOptionBoolean], Discriminator("type")
            ],
            SessionConfigOptionOther,
        ],
        Field(union_mode="left_to_right"),
    ],
    Field(description="A session configuration option selector and its current state."),
]


class SessionOptionsResponse(BaseModel):
    """
    Response to `session/options`.
    """

    config_options: list[SessionConfigOption] = Field(
        ...,
        validation_alias="configOptions",
        serialization_alias="configOptions",
        description="The full set of configuration options and their current values.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("config_options", mode="wrap")
        @classmethod
        def tolerate_session_options_response_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=True, fallback=[])

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_session_options_response_2(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class SessionStatusResponse(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Response from checking the status of a session.

    The result is a snapshot. A session reported `open` may be closed or evicted before
    the Client's next request.
    """

    status: SessionStatus = Field(
        ...,
        description="Whether the Agent has the session in memory.\n\nRequired. Clients MUST treat a value they do not recognize as `saved`.",
    )
    state: StateUpdate | None = Field(
        default=None,
        description="The session's current foreground state, as the same snapshot the Agent sends in\n`state_update` notifications.\n\nOptional. Agents SHOULD include it when `status` is `open`. Omitted, `null`, and\nmalformed values mean the Agent is not reporting foreground state, and Clients\nMUST NOT read that as `idle`. This is a snapshot, not a new transition. Clients\nMUST NOT count an `idle` snapshot as a new completion.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("state", "meta", mode="wrap")
        @classmethod
        def tolerate_session_status_response_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class SessionUpdateAgentMessage(AgentMessage):
    """
    An agent message has been created or updated.

    Agents can send this in addition to streamed chunks. When a client
    receives another `agent_message` update with the same `messageId`,
    fields in the new update patch the previous fields for that message.
    """

    session_update: Literal["agent_message"] = Field(
        ..., validation_alias="sessionUpdate", serialization_alias="sessionUpdate"
    )


class SessionUpdateAgentThought(AgentThought):
    """
    An agent thought or reasoning message has been created or updated.

    Agents can send this in addition to streamed chunks. When a client
    receives another `agent_thought` update with the same `messageId`,
    fields in the new update patch the previous fields for that message.
    """

    session_update: Literal["agent_thought"] = Field(
        ..., validation_alias="sessionUpdate", serialization_alias="sessionUpdate"
    )


class SessionUpdateCompactionUpdate(CompactionUpdate):
    """
    A context compaction has been created or updated.
    """

    session_update: Literal["compaction_update"] = Field(
        ..., validation_alias="sessionUpdate", serialization_alias="sessionUpdate"
    )


class SessionUpdateCompactionSummaryChunk(CompactionSummaryChunk):
    """
    A content block appended to a context compaction's retained summary.
    """

    session_update: Literal["compaction_summary_chunk"] = Field(
        ..., validation_alias="sessionUpdate", serialization_alias="sessionUpdate"
    )


class SetSessionConfigOptionResponse(BaseModel):
    """
    Response to `session/set_config_option` method.
    """

    config_options: list[SessionConfigOption] = Field(
        ...,
        validation_alias="configOptions",
        serialization_alias="configOptions",
        description="The full set of configuration options and their current values.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("config_options", mode="wrap")
        @classmethod
        def tolerate_set_session_config_option_response_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=False, items=True)

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_set_session_config_option_response_2(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class ToolCallContentContent(Content):
    """
    Standard content block (text, images, resources).
    """

    type: Literal["content"]


ToolCallContent: TypeAlias = Annotated[
    Annotated[
        Union[
            Annotated[
                Union[ToolCallContentContent, ToolCallContentDiff, ToolCallContentTerminal],
                Discriminator("type"),
            ],
            ToolCallContentOther,
        ],
        Field(union_mode="left_to_right"),
    ],
    Field(
        description="Content produced by a tool call.\n\nTool calls can produce different types of content including standard\ncontent blocks (text, images), file diffs, or display-only terminals.\n\nSee protocol docs: [Content](https://agentclientprotocol.com/protocol/v2/draft/tool-calls#content)"
    ),
]


class AgentCapabilities(BaseModel):
    """
    Capabilities supported by the agent.

    Advertised during initialization to inform the client about
    available features and content types.

    See protocol docs: [Agent Capabilities](https://agentclientprotocol.com/protocol/v2/draft/initialization#agent-capabilities)
    """

    session: SessionCapabilities | None = Field(
        default=None,
        description="Session capabilities supported by the agent.\n\nOptional. Omitted and `null` are equivalent and mean the agent does not support the\n`session/*` methods. Supplying `{}` means the agent supports the\nbaseline session methods: `session/new`, `session/list`,\n`session/resume`, `session/close`, `session/prompt`, `session/cancel`,\nand `session/update`.",
    )
    auth: AgentAuthCapabilities | None = Field(
        default=None,
        description="Authentication-related extension capabilities supported by the agent.\n\nOptional. Omitted and `null` are equivalent and mean the agent does not advertise any\nauthentication-related extensions. This field does not advertise support\nfor `auth/login` or `auth/logout`. Those methods are advertised by a\nnon-empty `authMethods` list in the `initialize` response.",
    )
    providers: ProvidersCapabilities | None = Field(
        default=None,
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nProvider configuration capabilities supported by the agent.\n\nOptional. Omitted and `null` are equivalent and mean the agent does not advertise support.\nSupplying `{}` means the agent supports provider configuration methods.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("session", "auth", "providers", "meta", mode="wrap")
        @classmethod
        def tolerate_agent_capabilities_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class ConfigOptionUpdate(BaseModel):
    """
    Session configuration options have been updated.
    """

    config_options: list[SessionConfigOption] = Field(
        ...,
        validation_alias="configOptions",
        serialization_alias="configOptions",
        description="The full set of configuration options and their current values.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("config_options", mode="wrap")
        @classmethod
        def tolerate_config_option_update_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=False, items=True)

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_config_option_update_2(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class ForkSessionResponse(BaseModel):
    """
    **UNSTABLE**

    This capability is not part of the spec yet, and may be removed or changed at any point.

    Response from forking an existing session.
    """

    session_id: SessionId = Field(
        ...,
        validation_alias="sessionId",
        serialization_alias="sessionId",
        description="Unique identifier for the newly created forked session.",
    )
    config_options: list[SessionConfigOption] | None = Field(
        default=None,
        validation_alias="configOptions",
        serialization_alias="configOptions",
        description="Initial session configuration options.\n\nOptional. Omitted or empty means no config options are advertised.\nSenders MUST use an array, not `null`. Receivers treat `null` like omission.\nLater `config_option_update` notifications replace this list.",
        exclude_if=omit_null,
    )
    available_commands: list[AvailableCommand] | None = Field(
        default=None,
        validation_alias="availableCommands",
        serialization_alias="availableCommands",
        description="Initial commands the agent can execute in this session.\n\nOptional. Omitted or empty means no initial commands are advertised.\nSenders MUST use an array, not `null`. Receivers treat `null` like omission.\nLater `available_commands_update` notifications replace this list.",
        exclude_if=omit_null,
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    @field_validator("config_options", "available_commands", mode="before")
    @classmethod
    def reject_null_validator(cls, v: Any, info: ValidationInfo) -> Any:
        return reject_null(v, info)

    if _LENIENT:

        @field_validator("config_options", "available_commands", mode="wrap")
        @classmethod
        def tolerate_fork_session_response_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=True)

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_fork_session_response_2(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class InitializeResponse(BaseModel):
    """
    Response to the `initialize` method.

    Contains the negotiated protocol version and agent capabilities.

    See protocol docs: [Initialization](https://agentclientprotocol.com/protocol/v2/draft/initialization)
    """

    protocol_version: ProtocolVersion = Field(
        ...,
        validation_alias="protocolVersion",
        serialization_alias="protocolVersion",
        description="The highest protocol version supported by the agent that is at or below\nthe version requested by the client. If no such version exists,\ninitialization fails with error code -32022.\n\nThe client must check that it supports this version and should disconnect\nif it does not.",
    )
    info: Implementation = Field(
        ..., description="Information about the implementation sending this initialize response."
    )
    capabilities: AgentCapabilities | None = Field(
        default=None, description="Capabilities supported by the agent.", exclude_if=omit_null
    )
    auth_methods: list[AuthMethod] | None = Field(
        default=None,
        validation_alias="authMethods",
        serialization_alias="authMethods",
        description="Authentication methods supported by the agent.\n\nOptional. Omitted or empty means the agent does not advertise the\n`auth/login` and `auth/logout` methods. Supplying one or more methods means\nthe agent MUST support both `auth/login` and `auth/logout`.",
        exclude_if=omit_null,
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    @field_validator("capabilities", "auth_methods", mode="before")
    @classmethod
    def reject_null_validator(cls, v: Any, info: ValidationInfo) -> Any:
        return reject_null(v, info)

    if _LENIENT:

        @field_validator("capabilities", "meta", mode="wrap")
        @classmethod
        def tolerate_initialize_response_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)

        @field_validator("auth_methods", mode="wrap")
        @classmethod
        def tolerate_initialize_response_2(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=True)


class NewSessionResponse(BaseModel):
    """
    Response from creating a new session.

    New sessions default to `idle` until a state update reports otherwise.
    Updates may arrive before or after this response. Clients MUST NOT overwrite
    an already-reported state when the response arrives.

    See protocol docs: [Creating a Session](https://agentclientprotocol.com/protocol/v2/draft/session-setup#creating-a-session)
    """

    session_id: SessionId = Field(
        ...,
        validation_alias="sessionId",
        serialization_alias="sessionId",
        description="Unique identifier for the created session.\n\nUsed in all subsequent requests for this conversation.",
    )
    config_options: list[SessionConfigOption] | None = Field(
        default=None,
        validation_alias="configOptions",
        serialization_alias="configOptions",
        description="Initial session configuration options.\n\nOptional. Omitted or empty means no config options are advertised.\nSenders MUST use an array, not `null`. Receivers treat `null` like omission.\nLater `config_option_update` notifications replace this list.",
        exclude_if=omit_null,
    )
    available_commands: list[AvailableCommand] | None = Field(
        default=None,
        validation_alias="availableCommands",
        serialization_alias="availableCommands",
        description="Initial commands the agent can execute in this session.\n\nOptional. Omitted or empty means no initial commands are advertised.\nSenders MUST use an array, not `null`. Receivers treat `null` like omission.\nLater `available_commands_update` notifications replace this list.",
        exclude_if=omit_null,
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    @field_validator("config_options", "available_commands", mode="before")
    @classmethod
    def reject_null_validator(cls, v: Any, info: ValidationInfo) -> Any:
        return reject_null(v, info)

    if _LENIENT:

        @field_validator("config_options", "available_commands", mode="wrap")
        @classmethod
        def tolerate_new_session_response_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=True)

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_new_session_response_2(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class ResumeSessionResponse(BaseModel):
    """
    Response from resuming an existing session.

    The agent MUST send a current `state_update` after any requested history
    replay and before this response, even without replay. The update reports
    foreground state after resuming. The response alone does not imply `idle`.

    See protocol docs: [Current-State Synchronization](https://agentclientprotocol.com/protocol/v2/draft/session-setup#current-state-synchronization)
    """

    config_options: list[SessionConfigOption] | None = Field(
        default=None,
        validation_alias="configOptions",
        serialization_alias="configOptions",
        description="Initial session configuration options.\n\nOptional. Omitted or empty means no config options are advertised.\nSenders MUST use an array, not `null`. Receivers treat `null` like omission.\nLater `config_option_update` notifications replace this list.",
        exclude_if=omit_null,
    )
    available_commands: list[AvailableCommand] | None = Field(
        default=None,
        validation_alias="availableCommands",
        serialization_alias="availableCommands",
        description="Initial commands the agent can execute in this session.\n\nOptional. Omitted or empty means no initial commands are advertised.\nSenders MUST use an array, not `null`. Receivers treat `null` like omission.\nLater `available_commands_update` notifications replace this list.",
        exclude_if=omit_null,
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    @field_validator("config_options", "available_commands", mode="before")
    @classmethod
    def reject_null_validator(cls, v: Any, info: ValidationInfo) -> Any:
        return reject_null(v, info)

    if _LENIENT:

        @field_validator("config_options", "available_commands", mode="wrap")
        @classmethod
        def tolerate_resume_session_response_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=True)

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_resume_session_response_2(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class ToolCallContentChunk(BaseModel):
    """
    A streamed item of tool-call content.

    Tool-call content chunks append one `ToolCallContent` item to the current
    content for the matching `toolCallId`. Agents can send a `tool_call_update`
    with `content` when they need to replace the whole content collection
    instead.
    """

    tool_call_id: ToolCallId = Field(
        ...,
        validation_alias="toolCallId",
        serialization_alias="toolCallId",
        description="The ID of the tool call this content belongs to.",
    )
    content: ToolCallContent = Field(
        ..., description="A single item of content produced by the tool call."
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\nThis metadata is scoped to the chunk and does not patch stored metadata.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_tool_call_content_chunk_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class ToolCallUpdate(BaseModel):
    """
    Represents an upsert for a tool call that the language model has requested.

    Tool calls are actions that the agent executes on behalf of the language model,
    such as reading files, executing code, or fetching data from external sources.

    Only `toolCallId` is required. Other fields have patch semantics:
    omitted fields leave the existing tool call value unchanged, `null` clears or
    unsets the value, and concrete values replace the previous value. For
    collection fields, concrete arrays replace the previous collection, and both
    `null` and `[]` clear the collection. A concrete `_meta` object instead
    patches the stored metadata by top-level key. When a client receives a tool
    call ID it has not seen before, omitted fields start at their protocol defaults.

    See protocol docs: [Tool Calls](https://agentclientprotocol.com/protocol/v2/draft/tool-calls)
    """

    tool_call_id: ToolCallId = Field(
        ...,
        validation_alias="toolCallId",
        serialization_alias="toolCallId",
        description="Unique identifier for this tool call within the session.",
    )
    name: str | None = Field(
        default=None,
        description="Programmatic name of the tool being invoked.\n\nThis field is optional and has patch semantics. Omission means no\nchange, `null` clears the name, and a string replaces it. For a tool\ncall ID the client has not seen before, omission or `null` means that no\ntool name is available.",
    )
    title: str | None = Field(
        default=None,
        description="Human-readable title describing what the tool is doing.\n\nOmission leaves the title unchanged, `null` unsets it, and a string replaces it.\nA new tool call starts without a title.",
    )
    kind: ToolKind | None = Field(
        default=None,
        description="The category of tool being invoked.\nHelps clients choose appropriate icons and UI treatment.\n\nOmission leaves the kind unchanged, `null` resets it to `other`, and a value replaces it.\nA new tool call starts as `other`.",
    )
    status: ToolCallStatus | None = Field(
        default=None,
        description="Current execution status of the tool call.\n\nOmission leaves the status unchanged, `null` resets it to `pending`, and a value\nreplaces it. A new tool call starts as `pending`.",
    )
    content: list[ToolCallContent] | None = Field(
        default=None, description="Content produced by the tool call."
    )
    locations: list[ToolCallLocation] | None = Field(
        default=None,
        description='File locations affected by this tool call.\nEnables "follow-along" features in clients.',
    )
    raw_input: Any | None = Field(
        default=None,
        validation_alias="rawInput",
        serialization_alias="rawInput",
        description="Raw input parameters sent to the tool.",
    )
    raw_output: Any | None = Field(
        default=None,
        validation_alias="rawOutput",
        serialization_alias="rawOutput",
        description="Raw output returned by the tool.",
    )
    capabilities: ToolCallCapabilities | None = Field(
        default=None,
        description="Client-initiated controls this tool call currently supports, such as cancellation.\n\nOmission leaves the capabilities unchanged, `null` clears them, and an object replaces\nthe whole previous value. A new tool call starts with none.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted leaves the stored metadata unchanged. `null`\nclears it. An object patches the stored metadata by top-level key: keys it omits are\nunchanged, a key set to `null` is removed, and any other value replaces that key's\nstored value without merging nested objects. Beyond this patch rule, implementations\nMUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Metadata Patches](https://agentclientprotocol.com/protocol/v2/draft/extensibility#metadata-patches)",
    )

    if _LENIENT:

        @field_validator(
            "name",
            "title",
            "kind",
            "status",
            "raw_input",
            "raw_output",
            "capabilities",
            "meta",
            mode="wrap",
        )
        @classmethod
        def tolerate_tool_call_update_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)

        @field_validator("content", "locations", mode="wrap")
        @classmethod
        def tolerate_tool_call_update_2(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=True)


class SessionUpdateToolCallContentChunk(ToolCallContentChunk):
    """
    A chunk of tool-call content being streamed.
    """

    session_update: Literal["tool_call_content_chunk"] = Field(
        ..., validation_alias="sessionUpdate", serialization_alias="sessionUpdate"
    )


class SessionUpdateToolCallUpdate(ToolCallUpdate):
    """
    A tool call has been created or updated.
    """

    session_update: Literal["tool_call_update"] = Field(
        ..., validation_alias="sessionUpdate", serialization_alias="sessionUpdate"
    )


class SessionUpdateConfigOptionUpdate(ConfigOptionUpdate):
    """
    Session configuration options have been updated.
    """

    session_update: Literal["config_option_update"] = Field(
        ..., validation_alias="sessionUpdate", serialization_alias="sessionUpdate"
    )


SessionUpdate: TypeAlias = Annotated[
    Annotated[
        Union[
            Annotated[
                Annotated[
                    Union[
                        SessionUpdateUserMessageChunk,
                        SessionUpdateUserMessage,
                        SessionUpdateAgentMessageChunk,
                        SessionUpdateAgentMessage,
                        SessionUpdateAgentThoughtChunk,
                        SessionUpdateAgentThought,
                        SessionUpdateToolCallContentChunk,
                        SessionUpdateToolCallUpdate,
                        SessionUpdateTerminalUpdate,
                        SessionUpdateTerminalOutputChunk,
                        SessionUpdatePlanUpdate,
                        SessionUpdatePlanRemoved,
                        SessionUpdateAvailableCommandsUpdate,
                        SessionUpdateConfigOptionUpdate,
                        SessionUpdateSessionInfoUpdate,
                        SessionUpdateUsageUpdate,
                        SessionUpdateNotice,
                        SessionUpdateCompactionUpdate,
                        SessionUpdateCompactionSummaryChunk,
                        SessionUpdateSubagentUpdate,
                        SessionUpdateSessionMessage,
                        SessionUpdateSessionMessageChunk,
                    ],
                    Discriminator("session_update"),
                ],
                Tag(NATIVE_BRANCH),
            ],
            Annotated[
                Annotated[
                    Union[
                        Annotated[
                            SessionUpdateUserMessageChunk, Tag("SessionUpdateUserMessageChunk")
                        ],
                        Annotated[SessionUpdateUserMessage, Tag("SessionUpdateUserMessage")],
                        Annotated[
                            SessionUpdateAgentMessageChunk, Tag("SessionUpdateAgentMessageChunk")
                        ],
                        Annotated[SessionUpdateAgentMessage, Tag("SessionUpdateAgentMessage")],
                        Annotated[
                            SessionUpdateAgentThoughtChunk, Tag("SessionUpdateAgentThoughtChunk")
                        ],
                        Annotated[SessionUpdateAgentThought, Tag("SessionUpdateAgentThought")],
                        Annotated[
                            SessionUpdateStateUpdateRunning, Tag("SessionUpdateStateUpdateRunning")
                        ],
                        Annotated[
                            SessionUpdateStateUpdateIdleEndTurn,
                            Tag("SessionUpdateStateUpdateIdleEndTurn"),
                        ],
                        Annotated[
                            SessionUpdateStateUpdateIdleMaxTokens,
                            Tag("SessionUpdateStateUpdateIdleMaxTokens"),
                        ],
                        Annotated[
                            SessionUpdateStateUpdateIdleMaxTurnRequests,
                            Tag("SessionUpdateStateUpdateIdleMaxTurnRequests"),
                        ],
                        Annotated[
                            SessionUpdateStateUpdateIdleRefusal,
                            Tag("SessionUpdateStateUpdateIdleRefusal"),
                        ],
                        Annotated[
                            SessionUpdateStateUpdateIdleCancelled,
                            Tag("SessionUpdateStateUpdateIdleCancelled"),
                        ],
                        Annotated[
                            SessionUpdateStateUpdateIdleError,
                            Tag("SessionUpdateStateUpdateIdleError"),
                        ],
                        Annotated[
                            SessionUpdateStateUpdateIdleOther,
                            Tag("SessionUpdateStateUpdateIdleOther"),
                        ],
                        Annotated[
                            SessionUpdateStateUpdateIdleNone,
                            Tag("SessionUpdateStateUpdateIdleNone"),
                        ],
                        Annotated[
                            SessionUpdateStateUpdateRequiresAction,
                            Tag("SessionUpdateStateUpdateRequiresAction"),
                        ],
                        Annotated[
                            SessionUpdateStateUpdateUnknown, Tag("SessionUpdateStateUpdateUnknown")
                        ],
                        Annotated[
                            SessionUpdateStateUpdateOther, Tag("SessionUpdateStateUpdateOther")
                        ],
                        Annotated[
                            SessionUpdateToolCallContentChunk,
                            Tag("SessionUpdateToolCallContentChunk"),
                        ],
                        Annotated[SessionUpdateToolCallUpdate, Tag("SessionUpdateToolCallUpdate")],
                        Annotated[SessionUpdateTerminalUpdate, Tag("SessionUpdateTerminalUpdate")],
                        Annotated[
                            SessionUpdateTerminalOutputChunk,
                            Tag("SessionUpdateTerminalOutputChunk"),
                        ],
                        Annotated[SessionUpdatePlanUpdate, Tag("SessionUpdatePlanUpdate")],
                        Annotated[SessionUpdatePlanRemoved, Tag("SessionUpdatePlanRemoved")],
                        Annotated[
                            SessionUpdateAvailableCommandsUpdate,
                            Tag("SessionUpdateAvailableCommandsUpdate"),
                        ],
                        Annotated[
                            SessionUpdateConfigOptionUpdate, Tag("SessionUpdateConfigOptionUpdate")
                        ],
                        Annotated[
                            SessionUpdateSessionInfoUpdate, Tag("SessionUpdateSessionInfoUpdate")
                        ],
                        Annotated[SessionUpdateUsageUpdate, Tag("SessionUpdateUsageUpdate")],
                        Annotated[SessionUpdateNotice, Tag("SessionUpdateNotice")],
                        Annotated[
                            SessionUpdateCompactionUpdate, Tag("SessionUpdateCompactionUpdate")
                        ],
                        Annotated[
                            SessionUpdateCompactionSummaryChunk,
                            Tag("SessionUpdateCompactionSummaryChunk"),
                        ],
                        Annotated[SessionUpdateSubagentUpdate, Tag("SessionUpdateSubagentUpdate")],
                        Annotated[SessionUpdateSessionMessage, Tag("SessionUpdateSessionMessage")],
                        Annotated[
                            SessionUpdateSessionMessageChunk,
                            Tag("SessionUpdateSessionMessageChunk"),
                        ],
                        Annotated[SessionUpdateOther, Tag("SessionUpdateOther")],
                    ],
                    Discriminator(
                        tag_of(
                            (
                                "sessionUpdate",
                                "session_update",
                                {
                                    "user_message_chunk": "SessionUpdateUserMessageChunk",
                                    "user_message": "SessionUpdateUserMessage",
                                    "agent_message_chunk": "SessionUpdateAgentMessageChunk",
                                    "agent_message": "SessionUpdateAgentMessage",
                                    "agent_thought_chunk": "SessionUpdateAgentThoughtChunk",
                                    "agent_thought": "SessionUpdateAgentThought",
                                    "state_update": (
                                        "state",
                                        "state",
                                        {
                                            "running": "SessionUpdateStateUpdateRunning",
                                            "idle": (
                                                "stopReason",
                                                "stop_reason",
                                                {
                                                    "end_turn": "SessionUpdateStateUpdateIdleEndTurn",
                                                    "max_tokens": "SessionUpdateStateUpdateIdleMaxTokens",
                                                    "max_turn_requests": "SessionUpdateStateUpdateIdleMaxTurnRequests",
                                                    "refusal": "SessionUpdateStateUpdateIdleRefusal",
                                                    "cancelled": "SessionUpdateStateUpdateIdleCancelled",
                                                    "error": "SessionUpdateStateUpdateIdleError",
                                                },
                                                "SessionUpdateStateUpdateIdleOther",
                                                "SessionUpdateStateUpdateIdleNone",
                                            ),
                                            "requires_action": "SessionUpdateStateUpdateRequiresAction",
                                            "unknown": "SessionUpdateStateUpdateUnknown",
                                        },
                                        "SessionUpdateStateUpdateOther",
                                        None,
                                    ),
                                    "tool_call_content_chunk": "SessionUpdateToolCallContentChunk",
                                    "tool_call_update": "SessionUpdateToolCallUpdate",
                                    "terminal_update": "SessionUpdateTerminalUpdate",
                                    "terminal_output_chunk": "SessionUpdateTerminalOutputChunk",
                                    "plan_update": "SessionUpdatePlanUpdate",
                                    "plan_removed": "SessionUpdatePlanRemoved",
                                    "available_commands_update": "SessionUpdateAvailableCommandsUpdate",
                                    "config_option_update": "SessionUpdateConfigOptionUpdate",
                                    "session_info_update": "SessionUpdateSessionInfoUpdate",
                                    "usage_update": "SessionUpdateUsageUpdate",
                                    "notice": "SessionUpdateNotice",
                                    "compaction_update": "SessionUpdateCompactionUpdate",
                                    "compaction_summary_chunk": "SessionUpdateCompactionSummaryChunk",
                                    "subagent_update": "SessionUpdateSubagentUpdate",
                                    "session_message": "SessionUpdateSessionMessage",
                                    "session_message_chunk": "SessionUpdateSessionMessageChunk",
                                },
                                "SessionUpdateOther",
                                None,
                            )
                        )
                    ),
                ],
                Tag(ROUTED_BRANCH),
            ],
        ],
        Field(union_mode="left_to_right"),
    ],
    Field(
        description="Different types of updates that can be sent while a session exists.\n\nThese updates report messages, progress, and other session activity.\n\nSee protocol docs: [Agent Reports Output](https://agentclientprotocol.com/protocol/v2/draft/prompt-lifecycle#3-agent-reports-output)"
    ),
]


class UpdateSessionNotification(BaseModel):
    """
    Notification containing a session update from the agent.

    Agents can send session updates at any point while the session exists.

    See protocol docs: [Agent Reports Output](https://agentclientprotocol.com/protocol/v2/draft/prompt-lifecycle#3-agent-reports-output)
    """

    session_id: SessionId = Field(
        ...,
        validation_alias="sessionId",
        serialization_alias="sessionId",
        description="The ID of the session this update pertains to.",
    )
    update: SessionUpdate = Field(..., description="The actual update content.")
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_update_session_notification_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class InitializeProxyResponse(RootModel[InitializeResponse]):
    root: InitializeResponse = Field(
        ...,
        description="**UNSTABLE**\n\nThis capability is not part of the spec yet, and may be removed or changed at any point.\n\nResponse to `proxy/initialize`.\n\nThe same as the `initialize` response. The proxy builds it from its successor's\n`initialize` response and answers with the capabilities of the chain from itself onward.\nIt MUST NOT change `protocolVersion`.",
    )


class ToolCallPermissionSubject(BaseModel):
    """
    Permission request details for a tool call.
    """

    tool_call: ToolCallUpdate = Field(
        ...,
        validation_alias="toolCall",
        serialization_alias="toolCall",
        description="Details about the tool call requiring permission.\n\nClients apply this to their stored tool call exactly like a `tool_call_update`\nnotification, in the order it was received, before showing the prompt. A first-seen\n`toolCallId` creates the tool call.",
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )

    if _LENIENT:

        @field_validator("meta", mode="wrap")
        @classmethod
        def tolerate_tool_call_permission_subject_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


class RequestPermissionSubjectToolCall(ToolCallPermissionSubject):
    """
    Permission is requested before executing a tool call.
    """

    type: Literal["tool_call"]


RequestPermissionSubject: TypeAlias = Annotated[
    Annotated[
        Union[
            Annotated[
                Union[RequestPermissionSubjectToolCall, RequestPermissionSubjectCommand],
                Discriminator("type"),
            ],
            RequestPermissionSubjectOther,
        ],
        Field(union_mode="left_to_right"),
    ],
    Field(description="The operation requiring permission."),
]


class RequestPermissionRequest(BaseModel):
    """
    Request for user permission to proceed with an operation.

    Sent when the agent needs authorization before performing a sensitive operation.

    See protocol docs: [Requesting Permission](https://agentclientprotocol.com/protocol/v2/draft/tool-calls#requesting-permission)
    """

    session_id: SessionId = Field(
        ...,
        validation_alias="sessionId",
        serialization_alias="sessionId",
        description="The session ID for this request.",
    )
    title: str = Field(
        ...,
        description="Human-readable title for the permission prompt.\n\nThis title is specific to the permission prompt and does not update any\nsubject's displayed title.",
    )
    description: str | None = Field(
        default=None,
        description="Optional human-readable explanation of why permission is needed.\n\nThis text is specific to the permission prompt and does not update any\nsubject's displayed content. Omitted and `null` are equivalent and mean no separate\npermission description was provided.",
    )
    subject: RequestPermissionSubject | None = Field(
        default=None,
        description="Optional structured context about the operation requiring permission.\n\nOmitted and `null` are equivalent and mean no structured subject was provided.",
    )
    options: list[PermissionOption] = Field(
        ...,
        description="Available permission options for the user to choose from.\nMust contain at least one option.",
        min_length=1,
    )
    meta: dict[str, Any] | None = Field(
        default=None,
        validation_alias="_meta",
        serialization_alias="_meta",
        description="The _meta property is reserved by ACP to allow clients and agents to attach additional\nmetadata to their interactions. Omitted and `null` are equivalent and mean no metadata.\nImplementations MUST NOT assign meaning to keys they do not recognize.\n\nSee protocol docs: [Extensibility](https://agentclientprotocol.com/protocol/v2/draft/extensibility)",
    )
    if _LENIENT:

        @field_validator("description", "meta", mode="wrap")
        @classmethod
        def tolerate_request_permission_request_1(
            cls, value: Any, handler: ValidatorFunctionWrapHandler
        ) -> Any:
            return tolerate(value, handler, default=True, items=False)


# --- the routing unions: written by acp_spec/emit/models/routing.py ---
# Derived from the method list, so made on every run instead of by
# datamodel-code-generator: a method added or removed remakes only these.

from ._base import (
    not_agent_notification_auth_status_update,
    not_agent_notification_elicitation_complete,
    not_agent_notification_extension,
    not_agent_notification_mcp_message,
    not_agent_notification_session_update,
    not_agent_response_error,
    not_agent_response_result,
    not_client_notification_extension,
    not_client_notification_mcp_message,
    not_client_notification_session_cancel,
    not_client_response_error,
    not_client_response_result,
    not_protocol_level_notification_cancel_request,
    not_proxy_notification_proxy_successor,
    not_proxy_response_error,
    not_proxy_response_result,
)


class AgentNotificationAuthStatusUpdate(BaseModel):
    method: Literal["auth/status_update"] = Field(..., description="The notification method name.")
    params: AuthStatusUpdateNotification

    @model_validator(mode="before")
    @classmethod
    def check_not_agent_notification_auth_status_update(cls, data: Any) -> Any:
        return not_agent_notification_auth_status_update(data)


class AgentNotificationSessionUpdate(BaseModel):
    method: Literal["session/update"] = Field(..., description="The notification method name.")
    params: UpdateSessionNotification

    @model_validator(mode="before")
    @classmethod
    def check_not_agent_notification_session_update(cls, data: Any) -> Any:
        return not_agent_notification_session_update(data)


class AgentNotificationElicitationComplete(BaseModel):
    method: Literal["elicitation/complete"] = Field(
        ..., description="The notification method name."
    )
    params: CompleteElicitationNotification

    @model_validator(mode="before")
    @classmethod
    def check_not_agent_notification_elicitation_complete(cls, data: Any) -> Any:
        return not_agent_notification_elicitation_complete(data)


class AgentNotificationMcpMessage(BaseModel):
    method: Literal["mcp/message"] = Field(..., description="The notification method name.")
    params: MessageMcpNotification

    @model_validator(mode="before")
    @classmethod
    def check_not_agent_notification_mcp_message(cls, data: Any) -> Any:
        return not_agent_notification_mcp_message(data)


class AgentNotificationExtension(BaseModel):
    """
    An extension method: its name starts with `_`; its params are free.
    """

    method: str = Field(..., description="The notification method name.", pattern="^_")
    params: (
        AuthStatusUpdateNotification
        | UpdateSessionNotification
        | CompleteElicitationNotification
        | MessageMcpNotification
        | ExtNotification
        | None
    ) = Field(default=None, description="Method-specific notification parameters.")

    @model_validator(mode="before")
    @classmethod
    def check_not_agent_notification_extension(cls, data: Any) -> Any:
        return not_agent_notification_extension(data)


AgentNotification: TypeAlias = Annotated[
    Annotated[
        Union[
            Annotated[
                Union[
                    AgentNotificationAuthStatusUpdate,
                    AgentNotificationSessionUpdate,
                    AgentNotificationElicitationComplete,
                    AgentNotificationMcpMessage,
                ],
                Discriminator("method"),
            ],
            AgentNotificationExtension,
        ],
        Field(union_mode="left_to_right"),
    ],
    Field(description="A JSON-RPC notification object."),
]


class AgentRequestSessionRequestPermission(BaseModel):
    id: RequestId = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["session/request_permission"] = Field(
        ..., description="The method name to invoke."
    )
    params: RequestPermissionRequest


class AgentRequestElicitationCreate(BaseModel):
    id: RequestId = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["elicitation/create"] = Field(..., description="The method name to invoke.")
    params: CreateElicitationRequest


class AgentRequestMcpMessage(BaseModel):
    id: RequestId = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["mcp/message"] = Field(..., description="The method name to invoke.")
    params: MessageMcpRequest


class AgentRequestExtension(BaseModel):
    """
    An extension method: its name starts with `_`; its params are free.
    """

    id: RequestId = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: str = Field(..., description="The method name to invoke.", pattern="^_")
    params: (
        RequestPermissionRequest | CreateElicitationRequest | MessageMcpRequest | ExtRequest | None
    ) = Field(default=None, description="Method-specific request parameters.")


AgentRequest: TypeAlias = Annotated[
    Annotated[
        Union[
            Annotated[
                Union[
                    AgentRequestSessionRequestPermission,
                    AgentRequestElicitationCreate,
                    AgentRequestMcpMessage,
                ],
                Discriminator("method"),
            ],
            AgentRequestExtension,
        ],
        Field(union_mode="left_to_right"),
    ],
    Field(description="A JSON-RPC request object."),
]


class AgentResponseResult(BaseModel):
    """
    A successful JSON-RPC response.
    """

    id: RequestId = Field(..., description="The id of the request this response answers.")
    result: (
        InitializeResponse
        | LoginAuthResponse
        | LogoutAuthResponse
        | AuthStatusResponse
        | NewSessionResponse
        | ResumeSessionResponse
        | CloseSessionResponse
        | ListSessionsResponse
        | DeleteSessionResponse
        | ForkSessionResponse
        | ArchiveSessionResponse
        | UnarchiveSessionResponse
        | SessionStatusResponse
        | SetSessionTitleResponse
        | SetSessionConfigOptionResponse
        | SessionOptionsResponse
        | PromptResponse
        | CancelToolCallResponse
        | CancelTerminalResponse
        | ListProvidersResponse
        | SetProviderResponse
        | DisableProviderResponse
        | MessageMcpResponse
        | ExtResponse
    ) = Field(..., description="Method-specific response data.")

    @model_validator(mode="before")
    @classmethod
    def check_not_agent_response_result(cls, data: Any) -> Any:
        return not_agent_response_result(data)


class AgentResponseError(BaseModel):
    """
    A failed JSON-RPC response.
    """

    id: RequestId | None = Field(
        ...,
        description="The id of the request this response answers.\n\nRequired. `null` only when the request's id could not be determined, such as\nfor a parse error or an invalid request.",
    )
    error: Error = Field(..., description="Method-specific error data.")

    @model_validator(mode="before")
    @classmethod
    def check_not_agent_response_error(cls, data: Any) -> Any:
        return not_agent_response_error(data)


AgentResponse: TypeAlias = Annotated[
    AgentResponseResult | AgentResponseError, Field(description="A JSON-RPC response object.")
]


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


class ClientNotificationExtension(BaseModel):
    """
    An extension method: its name starts with `_`; its params are free.
    """

    method: str = Field(..., description="The notification method name.", pattern="^_")
    params: CancelSessionNotification | MessageMcpNotification | ExtNotification | None = Field(
        default=None, description="Method-specific notification parameters."
    )

    @model_validator(mode="before")
    @classmethod
    def check_not_client_notification_extension(cls, data: Any) -> Any:
        return not_client_notification_extension(data)


ClientNotification: TypeAlias = Annotated[
    Annotated[
        Union[
            Annotated[
                Union[ClientNotificationSessionCancel, ClientNotificationMcpMessage],
                Discriminator("method"),
            ],
            ClientNotificationExtension,
        ],
        Field(union_mode="left_to_right"),
    ],
    Field(description="A JSON-RPC notification object."),
]


class ClientRequestInitialize(BaseModel):
    id: RequestId = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["initialize"] = Field(..., description="The method name to invoke.")
    params: InitializeRequest


class ClientRequestAuthLogin(BaseModel):
    id: RequestId = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["auth/login"] = Field(..., description="The method name to invoke.")
    params: LoginAuthRequest


class ClientRequestAuthLogout(BaseModel):
    id: RequestId = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["auth/logout"] = Field(..., description="The method name to invoke.")
    params: LogoutAuthRequest


class ClientRequestAuthStatus(BaseModel):
    id: RequestId = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["auth/status"] = Field(..., description="The method name to invoke.")
    params: AuthStatusRequest


class ClientRequestSessionNew(BaseModel):
    id: RequestId = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["session/new"] = Field(..., description="The method name to invoke.")
    params: NewSessionRequest


class ClientRequestSessionResume(BaseModel):
    id: RequestId = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["session/resume"] = Field(..., description="The method name to invoke.")
    params: ResumeSessionRequest


class ClientRequestSessionClose(BaseModel):
    id: RequestId = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["session/close"] = Field(..., description="The method name to invoke.")
    params: CloseSessionRequest


class ClientRequestSessionList(BaseModel):
    id: RequestId = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["session/list"] = Field(..., description="The method name to invoke.")
    params: ListSessionsRequest


class ClientRequestSessionDelete(BaseModel):
    id: RequestId = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["session/delete"] = Field(..., description="The method name to invoke.")
    params: DeleteSessionRequest


class ClientRequestSessionFork(BaseModel):
    id: RequestId = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["session/fork"] = Field(..., description="The method name to invoke.")
    params: ForkSessionRequest


class ClientRequestSessionArchive(BaseModel):
    id: RequestId = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["session/archive"] = Field(..., description="The method name to invoke.")
    params: ArchiveSessionRequest


class ClientRequestSessionUnarchive(BaseModel):
    id: RequestId = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["session/unarchive"] = Field(..., description="The method name to invoke.")
    params: UnarchiveSessionRequest


class ClientRequestSessionStatus(BaseModel):
    id: RequestId = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["session/status"] = Field(..., description="The method name to invoke.")
    params: SessionStatusRequest


class ClientRequestSessionSetTitle(BaseModel):
    id: RequestId = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["session/set_title"] = Field(..., description="The method name to invoke.")
    params: SetSessionTitleRequest


class ClientRequestSessionSetConfigOption(BaseModel):
    id: RequestId = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["session/set_config_option"] = Field(
        ..., description="The method name to invoke."
    )
    params: SetSessionConfigOptionRequest


class ClientRequestSessionOptions(BaseModel):
    id: RequestId = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["session/options"] = Field(..., description="The method name to invoke.")
    params: SessionOptionsRequest


class ClientRequestSessionPrompt(BaseModel):
    id: RequestId = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["session/prompt"] = Field(..., description="The method name to invoke.")
    params: PromptRequest


class ClientRequestToolCallCancel(BaseModel):
    id: RequestId = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["tool_call/cancel"] = Field(..., description="The method name to invoke.")
    params: CancelToolCallRequest


class ClientRequestTerminalCancel(BaseModel):
    id: RequestId = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["terminal/cancel"] = Field(..., description="The method name to invoke.")
    params: CancelTerminalRequest


class ClientRequestProvidersList(BaseModel):
    id: RequestId = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["providers/list"] = Field(..., description="The method name to invoke.")
    params: ListProvidersRequest


class ClientRequestProvidersSet(BaseModel):
    id: RequestId = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["providers/set"] = Field(..., description="The method name to invoke.")
    params: SetProviderRequest


class ClientRequestProvidersDisable(BaseModel):
    id: RequestId = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["providers/disable"] = Field(..., description="The method name to invoke.")
    params: DisableProviderRequest


class ClientRequestMcpMessage(BaseModel):
    id: RequestId = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["mcp/message"] = Field(..., description="The method name to invoke.")
    params: MessageMcpRequest


class ClientRequestExtension(BaseModel):
    """
    An extension method: its name starts with `_`; its params are free.
    """

    id: RequestId = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: str = Field(..., description="The method name to invoke.", pattern="^_")
    params: (
        InitializeRequest
        | LoginAuthRequest
        | LogoutAuthRequest
        | AuthStatusRequest
        | NewSessionRequest
        | ResumeSessionRequest
        | CloseSessionRequest
        | ListSessionsRequest
        | DeleteSessionRequest
        | ForkSessionRequest
        | ArchiveSessionRequest
        | UnarchiveSessionRequest
        | SessionStatusRequest
        | SetSessionTitleRequest
        | SetSessionConfigOptionRequest
        | SessionOptionsRequest
        | PromptRequest
        | CancelToolCallRequest
        | CancelTerminalRequest
        | ListProvidersRequest
        | SetProviderRequest
        | DisableProviderRequest
        | MessageMcpRequest
        | ExtRequest
        | None
    ) = Field(default=None, description="Method-specific request parameters.")


ClientRequest: TypeAlias = Annotated[
    Annotated[
        Union[
            Annotated[
                Union[
                    ClientRequestInitialize,
                    ClientRequestAuthLogin,
                    ClientRequestAuthLogout,
                    ClientRequestAuthStatus,
                    ClientRequestSessionNew,
                    ClientRequestSessionResume,
                    ClientRequestSessionClose,
                    ClientRequestSessionList,
                    ClientRequestSessionDelete,
                    ClientRequestSessionFork,
                    ClientRequestSessionArchive,
                    ClientRequestSessionUnarchive,
                    ClientRequestSessionStatus,
                    ClientRequestSessionSetTitle,
                    ClientRequestSessionSetConfigOption,
                    ClientRequestSessionOptions,
                    ClientRequestSessionPrompt,
                    ClientRequestToolCallCancel,
                    ClientRequestTerminalCancel,
                    ClientRequestProvidersList,
                    ClientRequestProvidersSet,
                    ClientRequestProvidersDisable,
                    ClientRequestMcpMessage,
                ],
                Discriminator("method"),
            ],
            ClientRequestExtension,
        ],
        Field(union_mode="left_to_right"),
    ],
    Field(description="A JSON-RPC request object."),
]


class ClientResponseResult(BaseModel):
    """
    A successful JSON-RPC response.
    """

    id: RequestId = Field(..., description="The id of the request this response answers.")
    result: (
        RequestPermissionResponse | CreateElicitationResponse | MessageMcpResponse | ExtResponse
    ) = Field(..., description="Method-specific response data.")

    @model_validator(mode="before")
    @classmethod
    def check_not_client_response_result(cls, data: Any) -> Any:
        return not_client_response_result(data)


class ClientResponseError(BaseModel):
    """
    A failed JSON-RPC response.
    """

    id: RequestId | None = Field(
        ...,
        description="The id of the request this response answers.\n\nRequired. `null` only when the request's id could not be determined, such as\nfor a parse error or an invalid request.",
    )
    error: Error = Field(..., description="Method-specific error data.")

    @model_validator(mode="before")
    @classmethod
    def check_not_client_response_error(cls, data: Any) -> Any:
        return not_client_response_error(data)


ClientResponse: TypeAlias = Annotated[
    ClientResponseResult | ClientResponseError, Field(description="A JSON-RPC response object.")
]


class ProtocolLevelNotificationCancelRequest(BaseModel):
    method: Literal["$/cancel_request"] = Field(..., description="The notification method name.")
    params: CancelRequestNotification

    @model_validator(mode="before")
    @classmethod
    def check_not_protocol_level_notification_cancel_request(cls, data: Any) -> Any:
        return not_protocol_level_notification_cancel_request(data)


ProtocolLevelNotification: TypeAlias = Annotated[
    ProtocolLevelNotificationCancelRequest, Field(description="A JSON-RPC notification object.")
]


class ProxyNotificationProxySuccessor(BaseModel):
    method: Literal["proxy/successor"] = Field(..., description="The notification method name.")
    params: ProxySuccessorNotification

    @model_validator(mode="before")
    @classmethod
    def check_not_proxy_notification_proxy_successor(cls, data: Any) -> Any:
        return not_proxy_notification_proxy_successor(data)


ProxyNotification: TypeAlias = Annotated[
    ProxyNotificationProxySuccessor, Field(description="A JSON-RPC notification object.")
]


class ProxyRequestProxyInitialize(BaseModel):
    id: RequestId = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["proxy/initialize"] = Field(..., description="The method name to invoke.")
    params: InitializeProxyRequest


class ProxyRequestProxySuccessor(BaseModel):
    id: RequestId = Field(
        ..., description="The request id used to correlate the matching response."
    )
    method: Literal["proxy/successor"] = Field(..., description="The method name to invoke.")
    params: ProxySuccessorRequest


ProxyRequest: TypeAlias = Annotated[
    Annotated[
        Union[ProxyRequestProxyInitialize, ProxyRequestProxySuccessor], Discriminator("method")
    ],
    Field(description="A JSON-RPC request object."),
]


class ProxyResponseResult(BaseModel):
    """
    A successful JSON-RPC response.
    """

    id: RequestId = Field(..., description="The id of the request this response answers.")
    result: InitializeProxyResponse | ProxySuccessorResponse = Field(
        ..., description="Method-specific response data."
    )

    @model_validator(mode="before")
    @classmethod
    def check_not_proxy_response_result(cls, data: Any) -> Any:
        return not_proxy_response_result(data)


class ProxyResponseError(BaseModel):
    """
    A failed JSON-RPC response.
    """

    id: RequestId | None = Field(
        ...,
        description="The id of the request this response answers.\n\nRequired. `null` only when the request's id could not be determined, such as\nfor a parse error or an invalid request.",
    )
    error: Error = Field(..., description="Method-specific error data.")

    @model_validator(mode="before")
    @classmethod
    def check_not_proxy_response_error(cls, data: Any) -> Any:
        return not_proxy_response_error(data)


ProxyResponse: TypeAlias = Annotated[
    ProxyResponseResult | ProxyResponseError, Field(description="A JSON-RPC response object.")
]
