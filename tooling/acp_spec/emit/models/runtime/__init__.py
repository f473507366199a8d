"""Generated models of the Agent Client Protocol; see ``acp_models.v2``.

``JsonRpcError`` is here, not in a version, because JSON-RPC's errors are the same in each.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing itself takes longer to import than the rest of this module
if TYPE_CHECKING:
    from typing import Any

__all__ = ["JsonRpcError"]

# JSON-RPC 2.0's message for each of its codes
_MESSAGES = {
    -32700: "Parse error",
    -32600: "Invalid Request",
    -32601: "Method not found",
    -32602: "Invalid params",
    -32603: "Internal error",
}


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
        self.message: str = _MESSAGES.get(code, "Server error") if message is None else message
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

    def to_response(self, id: str | int | None) -> dict[str, Any]:
        """The JSON-RPC error response that answers request ``id`` with this error."""
        error: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.data is not None:
            error["data"] = self.data
        return {"jsonrpc": "2.0", "id": id, "error": error}
