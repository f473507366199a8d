"""A small SDK's use of acp_models, written as its types say: it builds and reads every
common message with no wrapper, cast or ignore. tests/test_sdk_types.py holds it to
mypy --strict and pyright strict, and runs it."""

from __future__ import annotations

from acp_models.v2 import (
    METHODS,
    ContentBlock,
    ContentBlockResource,
    ContentBlockText,
    Notification,
    PermissionOption,
    PromptRequest,
    Request,
    RequestPermissionOutcomeSelected,
    RequestPermissionRequest,
    RequestPermissionResponse,
    SessionId,
    SessionUpdateAgentMessageChunk,
    SessionUpdateStateUpdateIdleEndTurn,
    SessionUpdateToolCallUpdate,
    TextResourceContents,
    UpdateSessionNotification,
    decode,
)
from acp_models.v2.build import (
    agent_message_chunk,
    permission_option,
    permission_request,
    prompt,
    resource,
    state_update,
    text,
    tool_call_update,
)


def render(block: ContentBlock) -> str:
    """What a client shows of a block: a union's members are told apart by isinstance."""
    if isinstance(block, ContentBlockText):
        return block.text
    if isinstance(block, ContentBlockResource) and isinstance(block.resource, TextResourceContents):
        return f"{block.resource.uri}: {block.resource.text}"
    return f"[{block.type}]"


def client_side() -> list[str]:
    """Build a prompt by hand and with the builders, read the agent's updates."""
    session: SessionId = "sess_1"  # an ID is a str
    by_hand = PromptRequest(
        session_id=session,
        prompt=[
            ContentBlockText(type="text", text="Explain this file"),
            ContentBlockResource(
                type="resource",
                resource=TextResourceContents(
                    uri="file:///a.py", text="x = 1", mime_type="text/x-python"
                ),
            ),
        ],
        idempotency_key="k-1",
    )
    built = prompt(
        session,
        "Explain this file",
        resource("file:///a.py", text="x = 1", mime_type="text/x-python"),
        idempotency_key="k-1",
    )
    assert by_hand == built
    key: str | None = built.idempotency_key
    shown = [render(block) for block in built.prompt]
    assert key == "k-1" and shown == ["Explain this file", "file:///a.py: x = 1"]

    updates = [
        agent_message_chunk(session, "m-1", "Reading"),
        agent_message_chunk(session, "m-1", text(" the file")),
        tool_call_update(
            session, "call-1", title="Read a.py", status="completed", content=["x = 1"]
        ),
        state_update(session, "idle", stop_reason="end_turn"),
    ]
    seen: list[str] = []
    for params in updates:
        update = params.update
        if isinstance(update, SessionUpdateAgentMessageChunk):
            seen.append(render(update.content))
        elif isinstance(update, SessionUpdateToolCallUpdate):
            seen.append(f"{update.tool_call_id} {update.status}")
        elif isinstance(update, SessionUpdateStateUpdateIdleEndTurn):
            seen.append(f"{update.state} {update.stop_reason}")
    assert seen == ["Reading", " the file", "call-1 completed", "idle end_turn"], seen
    return seen


def agent_side() -> RequestPermissionResponse:
    """Read a prompt off the wire, stream an answer, ask a permission, read the choice."""
    message = decode(
        '{"jsonrpc": "2.0", "id": 1, "method": "session/prompt", "params": {"sessionId": "s",'
        ' "prompt": [{"type": "text", "text": "Hi"}]}}'
    )
    assert isinstance(message, Request) and isinstance(message.params, PromptRequest)
    session: str = message.params.session_id
    first = message.params.prompt[0]
    assert isinstance(first, ContentBlockText) and first.text == "Hi"

    chunk = UpdateSessionNotification(
        session_id=session,
        update=SessionUpdateAgentMessageChunk(
            session_update="agent_message_chunk", message_id="m-1", content=text("Hello")
        ),
    )
    assert chunk == agent_message_chunk(session, "m-1", "Hello")
    wire = chunk.model_dump_json(exclude_unset=True)
    notification = decode(f'{{"jsonrpc": "2.0", "method": "session/update", "params": {wire}}}')
    assert isinstance(notification, Notification) and notification.params == chunk

    options: list[PermissionOption] = [
        permission_option("allow", "Allow once", "allow_once"),
        PermissionOption(option_id="deny", name="Reject", kind="reject_once"),
    ]
    ask: RequestPermissionRequest = permission_request(
        session, "Run the tests?", options, tool_call_id="call-1"
    )
    assert [o.option_id for o in ask.options] == ["allow", "deny"]
    answer = RequestPermissionResponse.model_validate_json(
        '{"outcome": {"outcome": "selected", "optionId": "allow"}}'
    )
    assert isinstance(answer.outcome, RequestPermissionOutcomeSelected)
    assert answer.outcome.option_id == "allow"
    return answer


def method_table() -> str:
    """The method table is keyed by the methods' names, typed."""
    entry = METHODS["session/prompt"]
    assert entry.params is PromptRequest
    retry: str = entry.retry_class
    return retry


if __name__ == "__main__":
    client_side()
    agent_side()
    assert method_table() == "keyed"
