# generated from spec/acp-v2.yaml by acp-spec; do not edit
"""Generated models of the Agent Client Protocol; see ``acp_models.v2``.

``JsonRpcError`` and the error codes (``INVALID_PARAMS``, ``REQUEST_CANCELLED``, ...: each a
``JsonRpcCode``, an ``int`` with the spec's message) are here, not in a version, because
JSON-RPC's errors are the same in each.
"""

from __future__ import annotations

from ._errors import (
    JsonRpcCode,
    message_of,
    PARSE_ERROR as PARSE_ERROR,
    INVALID_REQUEST as INVALID_REQUEST,
    METHOD_NOT_FOUND as METHOD_NOT_FOUND,
    INVALID_PARAMS as INVALID_PARAMS,
    INTERNAL_ERROR as INTERNAL_ERROR,
    REQUEST_CANCELLED as REQUEST_CANCELLED,
    AUTH_REQUIRED as AUTH_REQUIRED,
    RESOURCE_NOT_FOUND as RESOURCE_NOT_FOUND,
    UNSUPPORTED_PROTOCOL_VERSION as UNSUPPORTED_PROTOCOL_VERSION,
)

TYPE_CHECKING = False  # typing itself takes longer to import than the rest of this module
if TYPE_CHECKING:
    from typing import Any

__all__ = [
    "JsonRpcCode",
    "JsonRpcError",
    "PARSE_ERROR",
    "INVALID_REQUEST",
    "METHOD_NOT_FOUND",
    "INVALID_PARAMS",
    "INTERNAL_ERROR",
    "REQUEST_CANCELLED",
    "AUTH_REQUIRED",
    "RESOURCE_NOT_FOUND",
    "UNSUPPORTED_PROTOCOL_VERSION",
]

# An id not given: to_response answers the error's own
_OWN_ID: Any = object()


class JsonRpcError(Exception):
    """A JSON-RPC error: what ``decode`` raises when the receiver must answer with an error,
    and the ``error`` of an error response it decodes.

    ``data``, when ``decode`` raised it, is ``{"path": ..., "reason": ...}``: the wire path
    of the member that failed (``params.idempotencyKey``, ``params.prompt[0].text``; no
    path when the whole message is at fault) and why. ``id`` is the id of the message it
    answers, or None if it had none that could be read; ``reply`` is False where JSON-RPC
    sends no response: to a notification, even an invalid one, and to a response.
    """

    def __init__(
        self,
        code: int,
        message: str | None = None,
        data: Any = None,
        *,
        id: str | int | None = None,
        reply: bool = True,
    ) -> None:
        self.code = code
        self.message: str = message_of(code) if message is None else message
        self.data = data
        self.id = id
        self.reply = reply
        super().__init__(code, self.message, data)

    def __str__(self) -> str:
        text = f"{self.message} ({self.code})"
        if isinstance(self.data, dict) and "reason" in self.data:
            where = self.data.get("path")
            return (
                f"{text}: {where}: {self.data['reason']}"
                if where
                else f"{text}: {self.data['reason']}"
            )
        return text if self.data is None else f"{text}: {self.data!r}"

    def __eq__(self, other: object) -> bool:
        # a value, as the Response that carries it: decode(encode(response)) == response
        if not isinstance(other, JsonRpcError):
            return NotImplemented
        return (self.code, self.message, self.data, self.id, self.reply) == (
            other.code,
            other.message,
            other.data,
            other.id,
            other.reply,
        )

    def __hash__(self) -> int:
        return hash((self.code, self.message))  # data may be unhashable: equal ones still agree

    def to_response(self, id: str | int | None = _OWN_ID) -> dict[str, Any]:
        """The JSON-RPC error response that answers with this error: the request ``id``,
        by default the error's own (the id of the message it answers)."""
        error: dict[str, Any] = {"code": int(self.code), "message": self.message}
        if self.data is not None:
            error["data"] = self.data
        return {"jsonrpc": "2.0", "id": self.id if id is _OWN_ID else id, "error": error}
