# generated from spec/acp-v2.yaml by acp-spec; do not edit
"""The method table: every ACP v2 method by wire name, with its models."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal, TypeAlias, TypeGuard

from ._names import MethodName, RetryClass

if TYPE_CHECKING:
    import pydantic

__all__ = ["METHODS", "Direction", "Kind", "Method", "MethodName", "RetryClass", "Side",
           "Stability", "is_method_name"]  # fmt: skip

# who sends it
Direction: TypeAlias = Literal["client-to-agent", "agent-to-client", "both"]
# a request, a notification, or a method that is both
Kind: TypeAlias = Literal["request", "notification", "both"]
Stability: TypeAlias = Literal["stable", "unstable", "proposed"]
# who handles it (upstream's x-side): the agent, the client, either, the protocol itself
# ($/ methods) or a proxy chain (proxy/ methods)
Side: TypeAlias = Literal["agent", "client", "both", "protocol", "proxy"]


@dataclass(frozen=True)
class Method:
    """One method: who sends it, what it carries, and what sending it again does."""

    name: MethodName
    direction: Direction
    kind: Kind
    stability: Stability
    # what sending it again does; the same in every direction it is sent in
    retry_class: RetryClass
    # the class in each direction it is sent in (meta.json's retryClasses)
    retry_classes: Mapping[Direction, RetryClass]
    # whether the retry class was audited against the RFD (meta.json's audited)
    audited: bool
    side: Side
    params_def: str
    result_def: str | None
    notification_params_def: str | None

    # Classes by property, so that reading the table loads no model.
    @property
    def params(self) -> type[pydantic.BaseModel]:
        """The params model: the request's, or the notification's if there is no request."""
        return _model(self.params_def)

    @property
    def result(self) -> type[pydantic.BaseModel] | None:
        """The result model; None for a notification."""
        return None if self.result_def is None else _model(self.result_def)

    @property
    def notification_params(self) -> type[pydantic.BaseModel] | None:
        """For a method that is both a request and a notification: the notification's."""
        if self.notification_params_def is None:
            return None
        return _model(self.notification_params_def)


def _model(name: str) -> type[pydantic.BaseModel]:
    model = _LOADED.get(name)
    if model is None:  # decode asks once per message: an import statement each time shows
        from . import _models

        model = _LOADED[name] = getattr(_models, name)
    return model


_LOADED: dict[str, type[pydantic.BaseModel]] = {}


def _table() -> Mapping[MethodName, Method]:
    entries: dict[MethodName, Method] = {
        "initialize": Method(
            name="initialize",
            direction="client-to-agent",
            kind="request",
            stability="stable",
            retry_class="not_retried",
            retry_classes={"client-to-agent": "not_retried"},
            audited=True,
            side="agent",
            params_def="InitializeRequest",
            result_def="InitializeResponse",
            notification_params_def=None,
        ),
        "auth/login": Method(
            name="auth/login",
            direction="client-to-agent",
            kind="request",
            stability="stable",
            retry_class="idempotent",
            retry_classes={"client-to-agent": "idempotent"},
            audited=True,
            side="agent",
            params_def="LoginAuthRequest",
            result_def="LoginAuthResponse",
            notification_params_def=None,
        ),
        "auth/logout": Method(
            name="auth/logout",
            direction="client-to-agent",
            kind="request",
            stability="stable",
            retry_class="idempotent",
            retry_classes={"client-to-agent": "idempotent"},
            audited=True,
            side="agent",
            params_def="LogoutAuthRequest",
            result_def="LogoutAuthResponse",
            notification_params_def=None,
        ),
        "auth/status": Method(
            name="auth/status",
            direction="client-to-agent",
            kind="request",
            stability="unstable",
            retry_class="idempotent",
            retry_classes={"client-to-agent": "idempotent"},
            audited=True,
            side="agent",
            params_def="AuthStatusRequest",
            result_def="AuthStatusResponse",
            notification_params_def=None,
        ),
        "auth/status_update": Method(
            name="auth/status_update",
            direction="agent-to-client",
            kind="notification",
            stability="unstable",
            retry_class="not_retried",
            retry_classes={"agent-to-client": "not_retried"},
            audited=True,
            side="client",
            params_def="AuthStatusUpdateNotification",
            result_def=None,
            notification_params_def=None,
        ),
        "session/new": Method(
            name="session/new",
            direction="client-to-agent",
            kind="request",
            stability="stable",
            retry_class="duplicating",
            retry_classes={"client-to-agent": "duplicating"},
            audited=True,
            side="agent",
            params_def="NewSessionRequest",
            result_def="NewSessionResponse",
            notification_params_def=None,
        ),
        "session/resume": Method(
            name="session/resume",
            direction="client-to-agent",
            kind="request",
            stability="stable",
            retry_class="idempotent",
            retry_classes={"client-to-agent": "idempotent"},
            audited=True,
            side="agent",
            params_def="ResumeSessionRequest",
            result_def="ResumeSessionResponse",
            notification_params_def=None,
        ),
        "session/close": Method(
            name="session/close",
            direction="client-to-agent",
            kind="request",
            stability="stable",
            retry_class="idempotent",
            retry_classes={"client-to-agent": "idempotent"},
            audited=True,
            side="agent",
            params_def="CloseSessionRequest",
            result_def="CloseSessionResponse",
            notification_params_def=None,
        ),
        "session/list": Method(
            name="session/list",
            direction="client-to-agent",
            kind="request",
            stability="stable",
            retry_class="idempotent",
            retry_classes={"client-to-agent": "idempotent"},
            audited=True,
            side="agent",
            params_def="ListSessionsRequest",
            result_def="ListSessionsResponse",
            notification_params_def=None,
        ),
        "session/delete": Method(
            name="session/delete",
            direction="client-to-agent",
            kind="request",
            stability="stable",
            retry_class="idempotent",
            retry_classes={"client-to-agent": "idempotent"},
            audited=True,
            side="agent",
            params_def="DeleteSessionRequest",
            result_def="DeleteSessionResponse",
            notification_params_def=None,
        ),
        "session/fork": Method(
            name="session/fork",
            direction="client-to-agent",
            kind="request",
            stability="unstable",
            retry_class="duplicating",
            retry_classes={"client-to-agent": "duplicating"},
            audited=True,
            side="agent",
            params_def="ForkSessionRequest",
            result_def="ForkSessionResponse",
            notification_params_def=None,
        ),
        "session/archive": Method(
            name="session/archive",
            direction="client-to-agent",
            kind="request",
            stability="unstable",
            retry_class="idempotent",
            retry_classes={"client-to-agent": "idempotent"},
            audited=True,
            side="agent",
            params_def="ArchiveSessionRequest",
            result_def="ArchiveSessionResponse",
            notification_params_def=None,
        ),
        "session/unarchive": Method(
            name="session/unarchive",
            direction="client-to-agent",
            kind="request",
            stability="unstable",
            retry_class="idempotent",
            retry_classes={"client-to-agent": "idempotent"},
            audited=True,
            side="agent",
            params_def="UnarchiveSessionRequest",
            result_def="UnarchiveSessionResponse",
            notification_params_def=None,
        ),
        "session/status": Method(
            name="session/status",
            direction="client-to-agent",
            kind="request",
            stability="unstable",
            retry_class="idempotent",
            retry_classes={"client-to-agent": "idempotent"},
            audited=True,
            side="agent",
            params_def="SessionStatusRequest",
            result_def="SessionStatusResponse",
            notification_params_def=None,
        ),
        "session/set_title": Method(
            name="session/set_title",
            direction="client-to-agent",
            kind="request",
            stability="unstable",
            retry_class="idempotent",
            retry_classes={"client-to-agent": "idempotent"},
            audited=True,
            side="agent",
            params_def="SetSessionTitleRequest",
            result_def="SetSessionTitleResponse",
            notification_params_def=None,
        ),
        "session/set_config_option": Method(
            name="session/set_config_option",
            direction="client-to-agent",
            kind="request",
            stability="stable",
            retry_class="idempotent",
            retry_classes={"client-to-agent": "idempotent"},
            audited=True,
            side="agent",
            params_def="SetSessionConfigOptionRequest",
            result_def="SetSessionConfigOptionResponse",
            notification_params_def=None,
        ),
        "session/options": Method(
            name="session/options",
            direction="client-to-agent",
            kind="request",
            stability="proposed",
            retry_class="idempotent",
            retry_classes={"client-to-agent": "idempotent"},
            audited=True,
            side="agent",
            params_def="SessionOptionsRequest",
            result_def="SessionOptionsResponse",
            notification_params_def=None,
        ),
        "session/prompt": Method(
            name="session/prompt",
            direction="client-to-agent",
            kind="request",
            stability="stable",
            retry_class="keyed",
            retry_classes={"client-to-agent": "keyed"},
            audited=True,
            side="agent",
            params_def="PromptRequest",
            result_def="PromptResponse",
            notification_params_def=None,
        ),
        "session/cancel": Method(
            name="session/cancel",
            direction="client-to-agent",
            kind="notification",
            stability="stable",
            retry_class="not_retried",
            retry_classes={"client-to-agent": "not_retried"},
            audited=True,
            side="agent",
            params_def="CancelSessionNotification",
            result_def=None,
            notification_params_def=None,
        ),
        "session/update": Method(
            name="session/update",
            direction="agent-to-client",
            kind="notification",
            stability="stable",
            retry_class="not_retried",
            retry_classes={"agent-to-client": "not_retried"},
            audited=True,
            side="client",
            params_def="UpdateSessionNotification",
            result_def=None,
            notification_params_def=None,
        ),
        "tool_call/cancel": Method(
            name="tool_call/cancel",
            direction="client-to-agent",
            kind="request",
            stability="stable",
            retry_class="idempotent",
            retry_classes={"client-to-agent": "idempotent"},
            audited=True,
            side="agent",
            params_def="CancelToolCallRequest",
            result_def="CancelToolCallResponse",
            notification_params_def=None,
        ),
        "terminal/cancel": Method(
            name="terminal/cancel",
            direction="client-to-agent",
            kind="request",
            stability="stable",
            retry_class="idempotent",
            retry_classes={"client-to-agent": "idempotent"},
            audited=True,
            side="agent",
            params_def="CancelTerminalRequest",
            result_def="CancelTerminalResponse",
            notification_params_def=None,
        ),
        "providers/list": Method(
            name="providers/list",
            direction="client-to-agent",
            kind="request",
            stability="unstable",
            retry_class="idempotent",
            retry_classes={"client-to-agent": "idempotent"},
            audited=True,
            side="agent",
            params_def="ListProvidersRequest",
            result_def="ListProvidersResponse",
            notification_params_def=None,
        ),
        "providers/set": Method(
            name="providers/set",
            direction="client-to-agent",
            kind="request",
            stability="unstable",
            retry_class="idempotent",
            retry_classes={"client-to-agent": "idempotent"},
            audited=True,
            side="agent",
            params_def="SetProviderRequest",
            result_def="SetProviderResponse",
            notification_params_def=None,
        ),
        "providers/disable": Method(
            name="providers/disable",
            direction="client-to-agent",
            kind="request",
            stability="unstable",
            retry_class="idempotent",
            retry_classes={"client-to-agent": "idempotent"},
            audited=True,
            side="agent",
            params_def="DisableProviderRequest",
            result_def="DisableProviderResponse",
            notification_params_def=None,
        ),
        "session/request_permission": Method(
            name="session/request_permission",
            direction="agent-to-client",
            kind="request",
            stability="stable",
            retry_class="idempotent",
            retry_classes={"agent-to-client": "idempotent"},
            audited=True,
            side="client",
            params_def="RequestPermissionRequest",
            result_def="RequestPermissionResponse",
            notification_params_def=None,
        ),
        "elicitation/create": Method(
            name="elicitation/create",
            direction="agent-to-client",
            kind="request",
            stability="stable",
            retry_class="idempotent",
            retry_classes={"agent-to-client": "idempotent"},
            audited=True,
            side="client",
            params_def="CreateElicitationRequest",
            result_def="CreateElicitationResponse",
            notification_params_def=None,
        ),
        "elicitation/complete": Method(
            name="elicitation/complete",
            direction="agent-to-client",
            kind="notification",
            stability="stable",
            retry_class="not_retried",
            retry_classes={"agent-to-client": "not_retried"},
            audited=True,
            side="client",
            params_def="CompleteElicitationNotification",
            result_def=None,
            notification_params_def=None,
        ),
        "mcp/message": Method(
            name="mcp/message",
            direction="both",
            kind="both",
            stability="unstable",
            retry_class="out_of_scope",
            retry_classes={"client-to-agent": "out_of_scope", "agent-to-client": "out_of_scope"},
            audited=True,
            side="both",
            params_def="MessageMcpRequest",
            result_def="MessageMcpResponse",
            notification_params_def="MessageMcpNotification",
        ),
        "proxy/initialize": Method(
            name="proxy/initialize",
            direction="client-to-agent",
            kind="request",
            stability="unstable",
            retry_class="as_carried",
            retry_classes={"client-to-agent": "as_carried"},
            audited=True,
            side="proxy",
            params_def="InitializeProxyRequest",
            result_def="InitializeProxyResponse",
            notification_params_def=None,
        ),
        "proxy/successor": Method(
            name="proxy/successor",
            direction="both",
            kind="both",
            stability="unstable",
            retry_class="as_carried",
            retry_classes={"client-to-agent": "as_carried", "agent-to-client": "as_carried"},
            audited=True,
            side="proxy",
            params_def="ProxySuccessorRequest",
            result_def="ProxySuccessorResponse",
            notification_params_def="ProxySuccessorNotification",
        ),
        "$/cancel_request": Method(
            name="$/cancel_request",
            direction="both",
            kind="notification",
            stability="stable",
            retry_class="not_retried",
            retry_classes={"client-to-agent": "not_retried", "agent-to-client": "not_retried"},
            audited=True,
            side="protocol",
            params_def="CancelRequestNotification",
            result_def=None,
            notification_params_def=None,
        ),
    }
    return MappingProxyType(entries)


# keyed by MethodName: METHODS["session/promt"] is a type error
METHODS: Mapping[MethodName, Method] = _table()


def is_method_name(name: str) -> TypeGuard[MethodName]:
    """Whether ACP v2 has a method ``name``: ``METHODS[name]`` for a name read at run time
    (``if is_method_name(name): METHODS[name]``)."""
    return name in METHODS
