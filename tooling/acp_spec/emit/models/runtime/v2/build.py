"""Builders for the messages an SDK writes most: content blocks, a prompt, session updates
(message chunks, state and tool call updates) and a permission request.

Each returns the model itself, made through its constructor, so it is checked as any other.
A builder sets only what it is given: a field left out stays unset, and a dump with
``exclude_unset=True`` writes it as omitted, never as ``null`` (``null`` means "clear" in
an update).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from ._models import (
    BlobResourceContents,
    ContentBlock,
    ContentBlockResource,
    ContentBlockResourceLink,
    ContentBlockText,
    PermissionOption,
    PromptRequest,
    RequestPermissionRequest,
    RequestPermissionSubjectToolCall,
    SessionUpdateAgentMessageChunk,
    SessionUpdateAgentThoughtChunk,
    SessionUpdateStateUpdateIdleCancelled,
    SessionUpdateStateUpdateIdleEndTurn,
    SessionUpdateStateUpdateIdleError,
    SessionUpdateStateUpdateIdleMaxTokens,
    SessionUpdateStateUpdateIdleMaxTurnRequests,
    SessionUpdateStateUpdateIdleNone,
    SessionUpdateStateUpdateIdleOther,
    SessionUpdateStateUpdateIdleRefusal,
    SessionUpdateStateUpdateRequiresAction,
    SessionUpdateStateUpdateRunning,
    SessionUpdateStateUpdateUnknown,
    SessionUpdateToolCallUpdate,
    SessionUpdateUserMessageChunk,
    TextResourceContents,
    ToolCallContentContent,
    ToolCallUpdate,
    UpdateSessionNotification,
)

__all__ = [
    "agent_message_chunk",
    "agent_thought_chunk",
    "permission_option",
    "permission_request",
    "prompt",
    "resource",
    "resource_link",
    "state_update",
    "text",
    "tool_call_update",
    "user_message_chunk",
]

State = Literal["running", "idle", "requires_action", "unknown"]
StopReason = Literal["end_turn", "max_tokens", "max_turn_requests", "refusal", "cancelled", "error"]
PermissionKind = Literal["allow_once", "allow_always", "reject_once", "reject_always"]
ToolCallStatus = Literal["pending", "in_progress", "paused", "completed", "failed", "cancelled"]


def _given(**fields: Any) -> dict[str, Any]:
    """The fields that were given: None stands for "not given" in a builder's arguments."""
    return {name: value for name, value in fields.items() if value is not None}


def text(text: str) -> ContentBlockText:
    """A text block (Markdown)."""
    return ContentBlockText(type="text", text=text)


def resource(
    uri: str, *, text: str | None = None, blob: str | None = None, mime_type: str | None = None
) -> ContentBlockResource:
    """An embedded resource: its ``text``, or its ``blob`` (base64), not both."""
    if (text is None) == (blob is None):
        raise ValueError("an embedded resource has its text or its blob, one of them")
    contents: TextResourceContents | BlobResourceContents
    if text is not None:
        contents = TextResourceContents(uri=uri, text=text, **_given(mime_type=mime_type))
    else:
        assert blob is not None
        contents = BlobResourceContents(uri=uri, blob=blob, **_given(mime_type=mime_type))
    return ContentBlockResource(type="resource", resource=contents)


def resource_link(uri: str, name: str, *, mime_type: str | None = None) -> ContentBlockResourceLink:
    """A link to a resource the agent can read itself."""
    return ContentBlockResourceLink(
        type="resource_link", uri=uri, name=name, **_given(mime_type=mime_type)
    )


def _block(content: ContentBlock | str) -> ContentBlock:
    return text(content) if isinstance(content, str) else content


def prompt(
    session_id: str, *content: ContentBlock | str, idempotency_key: str | None = None
) -> PromptRequest:
    """``session/prompt`` params: the blocks in order, a ``str`` as a text block."""
    return PromptRequest(
        session_id=session_id,
        prompt=[_block(c) for c in content],
        **_given(idempotency_key=idempotency_key),
    )


def agent_message_chunk(
    session_id: str, message_id: str, content: ContentBlock | str
) -> UpdateSessionNotification:
    """``session/update`` params: one streamed piece of the agent's message."""
    update = SessionUpdateAgentMessageChunk(
        session_update="agent_message_chunk", message_id=message_id, content=_block(content)
    )
    return UpdateSessionNotification(session_id=session_id, update=update)


def agent_thought_chunk(
    session_id: str, message_id: str, content: ContentBlock | str
) -> UpdateSessionNotification:
    """``session/update`` params: one streamed piece of the agent's reasoning."""
    update = SessionUpdateAgentThoughtChunk(
        session_update="agent_thought_chunk", message_id=message_id, content=_block(content)
    )
    return UpdateSessionNotification(session_id=session_id, update=update)


def user_message_chunk(
    session_id: str, message_id: str, content: ContentBlock | str
) -> UpdateSessionNotification:
    """``session/update`` params: one piece of a user message (replayed or inserted)."""
    update = SessionUpdateUserMessageChunk(
        session_update="user_message_chunk", message_id=message_id, content=_block(content)
    )
    return UpdateSessionNotification(session_id=session_id, update=update)


_IDLE = {
    "end_turn": SessionUpdateStateUpdateIdleEndTurn,
    "max_tokens": SessionUpdateStateUpdateIdleMaxTokens,
    "max_turn_requests": SessionUpdateStateUpdateIdleMaxTurnRequests,
    "refusal": SessionUpdateStateUpdateIdleRefusal,
    "cancelled": SessionUpdateStateUpdateIdleCancelled,
    "error": SessionUpdateStateUpdateIdleError,
}
_STATES = {
    "running": SessionUpdateStateUpdateRunning,
    "requires_action": SessionUpdateStateUpdateRequiresAction,
    "unknown": SessionUpdateStateUpdateUnknown,
}


def state_update(
    session_id: str, state: State, *, stop_reason: StopReason | str | None = None
) -> UpdateSessionNotification:
    """``session/update`` params: the session's foreground state; ``stop_reason`` only
    with ``idle`` (another string than the spec's is a custom stop reason)."""
    fields: dict[str, Any] = {"session_update": "state_update", "state": state}
    if state != "idle":
        if stop_reason is not None:
            raise ValueError(f"a stop reason goes with the idle state, not {state}")
        return UpdateSessionNotification(session_id=session_id, update=_STATES[state](**fields))
    if stop_reason is None:
        return UpdateSessionNotification(
            session_id=session_id, update=SessionUpdateStateUpdateIdleNone(**fields)
        )
    cls = _IDLE.get(stop_reason, SessionUpdateStateUpdateIdleOther)
    return UpdateSessionNotification(
        session_id=session_id, update=cls(stop_reason=stop_reason, **fields)
    )


def tool_call_update(
    session_id: str,
    tool_call_id: str,
    *,
    title: str | None = None,
    status: ToolCallStatus | None = None,
    content: Sequence[ToolCallContentContent | ContentBlock | str] | None = None,
) -> UpdateSessionNotification:
    """``session/update`` params: what changed in a tool call; what is not given stays as
    it was (an update's ``null`` would clear it, so none is sent)."""
    blocks = None
    if content is not None:
        blocks = [
            c
            if isinstance(c, ToolCallContentContent)
            else ToolCallContentContent(type="content", content=_block(c))
            for c in content
        ]
    update = SessionUpdateToolCallUpdate(
        session_update="tool_call_update",
        tool_call_id=tool_call_id,
        **_given(title=title, status=status, content=blocks),
    )
    return UpdateSessionNotification(session_id=session_id, update=update)


def permission_option(option_id: str, name: str, kind: PermissionKind) -> PermissionOption:
    """One choice of a permission request."""
    return PermissionOption(option_id=option_id, name=name, kind=kind)


def permission_request(
    session_id: str,
    title: str,
    options: Sequence[PermissionOption],
    *,
    tool_call_id: str | None = None,
    description: str | None = None,
) -> RequestPermissionRequest:
    """``session/request_permission`` params: ask the user to choose one of ``options``,
    about the tool call ``tool_call_id`` if given."""
    subject = None
    if tool_call_id is not None:
        subject = RequestPermissionSubjectToolCall(
            type="tool_call", tool_call=ToolCallUpdate(tool_call_id=tool_call_id)
        )
    return RequestPermissionRequest(
        session_id=session_id,
        title=title,
        options=list(options),
        **_given(subject=subject, description=description),
    )
