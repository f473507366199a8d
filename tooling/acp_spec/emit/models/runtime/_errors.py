"""The spec's JSON-RPC error codes, each by name with the spec's message for it."""

from __future__ import annotations

from enum import IntEnum


class JsonRpcCode(IntEnum):
    """An error code the spec names: an ``int`` (``JsonRpcError(INVALID_PARAMS)``,
    ``error.code == REQUEST_CANCELLED``) with the spec's ``message`` and ``description``."""

    # slot codes: NAME = code, for each of the spec's errors
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
    # slot texts: code: (title, description), for each of the spec's errors
}

# Each code by name, for `from acp_models import INVALID_PARAMS`.
# slot constants: NAME = JsonRpcCode.NAME, for each of the spec's errors

# JSON-RPC's range for implementation-defined server errors
SERVER_ERRORS = range(-32099, -32000 + 1)


def message_of(code: int) -> str:
    """The message for ``code``: the spec's, JSON-RPC's for its server-error range, else
    a plain "Error"."""
    known = _TEXTS.get(code)
    if known is not None:
        return known[0]
    return "Server error" if code in SERVER_ERRORS else "Error"
