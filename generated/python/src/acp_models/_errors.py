# generated from spec/acp-v2.yaml by acp-spec; do not edit
"""The spec's JSON-RPC error codes, each by name with the spec's message for it."""

from __future__ import annotations

from enum import IntEnum


class JsonRpcCode(IntEnum):
    """An error code the spec names: an ``int`` (``JsonRpcError(INVALID_PARAMS)``,
    ``error.code == REQUEST_CANCELLED``) with the spec's ``message`` and ``description``."""

    PARSE_ERROR = -32700
    INVALID_REQUEST = -32600
    METHOD_NOT_FOUND = -32601
    INVALID_PARAMS = -32602
    INTERNAL_ERROR = -32603
    REQUEST_CANCELLED = -32800
    AUTH_REQUIRED = -32000
    RESOURCE_NOT_FOUND = -32002
    UNSUPPORTED_PROTOCOL_VERSION = -32022

    @property
    def message(self) -> str:
        """The spec's title of the code, the ``message`` a response with it carries."""
        return _TEXTS[self.value][0]

    @property
    def description(self) -> str:
        """What the spec says the code means."""
        return _TEXTS[self.value][1]


_TEXTS: dict[int, tuple[str, str]] = {
    # code: (title, description), as the spec's `errors:` has them
    -32700: (
        "Parse error",
        "Invalid JSON was received. An error occurred while parsing the JSON text.",
    ),
    -32600: ("Invalid request", "The JSON sent is not a valid Request object."),
    -32601: ("Method not found", "The method does not exist or is not available."),
    -32602: (
        "Invalid params",
        "Invalid method parameter(s). A malformed `idempotencyKey` is rejected with this code and is never treated as omitted.",
    ),
    -32603: (
        "Internal error",
        "Internal JSON-RPC error. Reserved for implementation-defined server errors.",
    ),
    -32800: (
        "Request cancelled",
        "Execution of the method was aborted either due to a cancellation request from the caller or because of resource constraints or shutdown.",
    ),
    -32000: (
        "Authentication required",
        "Authentication is required before this operation can be performed.",
    ),
    -32002: ("Resource not found", "A given resource, such as a session, was not found."),
    -32022: (
        "Unsupported protocol version",
        "No protocol version supported by the Agent is at or below the requested version. The error data names the requested version and the supported ones.",
    ),
}

# Each code by name, for `from acp_models import INVALID_PARAMS`.
PARSE_ERROR = JsonRpcCode.PARSE_ERROR
INVALID_REQUEST = JsonRpcCode.INVALID_REQUEST
METHOD_NOT_FOUND = JsonRpcCode.METHOD_NOT_FOUND
INVALID_PARAMS = JsonRpcCode.INVALID_PARAMS
INTERNAL_ERROR = JsonRpcCode.INTERNAL_ERROR
REQUEST_CANCELLED = JsonRpcCode.REQUEST_CANCELLED
AUTH_REQUIRED = JsonRpcCode.AUTH_REQUIRED
RESOURCE_NOT_FOUND = JsonRpcCode.RESOURCE_NOT_FOUND
UNSUPPORTED_PROTOCOL_VERSION = JsonRpcCode.UNSUPPORTED_PROTOCOL_VERSION

# JSON-RPC's range for implementation-defined server errors
SERVER_ERRORS = range(-32099, -32000 + 1)


def message_of(code: int) -> str:
    """The message for ``code``: the spec's, JSON-RPC's for its server-error range, else
    a plain "Error"."""
    known = _TEXTS.get(code)
    if known is not None:
        return known[0]
    return "Server error" if code in SERVER_ERRORS else "Error"
