"""Protocol hygiene, checked in every trace whatever its steps say: the side under test
answers each request the runner sent exactly once, never answers a notification or an id
the runner never sent, and every message it sends is valid for its method (checked against
the spec's JSON Schema of every message, ``schema.unstable.json`` beside the traces)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
from jsonschema.exceptions import best_match

from ..pointers import pointer

SCHEMA_FILE = "schema.unstable.json"
# methods whose names start so are extensions: the schema does not know them
_EXTENSION = "_"


class MessageSchema:
    """What the spec's schema says of one message: its params, result or error."""

    def __init__(self, schema: Mapping[str, Any]) -> None:
        self._defs: Mapping[str, Any] = schema["$defs"]
        self._by: dict[tuple[str, str], tuple[str, str]] = {}  # (method, part) -> (def, side)
        self._validators: dict[str, jsonschema.protocols.Validator] = {}
        for name, body in self._defs.items():
            method = body.get("x-method") if isinstance(body, dict) else None
            if not isinstance(method, str):
                continue
            for part in ("Request", "Notification", "Response"):
                if name.endswith(part):
                    self._by[(method, part)] = (name, str(body.get("x-side", "")))

    @staticmethod
    @cache
    def load(path: Path) -> MessageSchema | None:
        try:
            return MessageSchema(json.loads(path.read_text("utf-8")))
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def _validator(self, name: str) -> jsonschema.protocols.Validator:
        if name not in self._validators:
            schema = {"$ref": f"#/$defs/{name}", "$defs": self._defs}
            self._validators[name] = jsonschema.Draft202012Validator(schema)
        return self._validators[name]

    def _problem(self, name: str, value: Any, where: str) -> str | None:
        error = best_match(self._validator(name).iter_errors(value))
        if error is None:
            return None
        return f"{where}{pointer(error.absolute_path)}: {error.message} (not a {name})"

    def request(self, message: Mapping[str, Any], handler: str) -> str | None:
        """A request or notification the peer sent, which ``handler`` (the runner's side)
        must be the side that handles."""
        method = message["method"]
        part = "Request" if "id" in message else "Notification"
        found = self._by.get((method, part))
        if found is None:
            if method.startswith(_EXTENSION):
                return None
            return f"no {part.lower()} {method!r} in the protocol"
        name, side = found
        if side not in (handler, "protocol", "both"):
            return f"{method!r} is handled by the {side}, not the {handler}"
        return self._problem(name, message.get("params"), "/params")

    def response(self, message: Mapping[str, Any], method: str | None) -> str | None:
        """A response the peer sent to a request of ``method``."""
        if "error" in message:
            return self._problem("Error", message["error"], "/error")
        found = self._by.get((method, "Response")) if method else None
        if found is None:
            return None
        return self._problem(found[0], message["result"], "/result")


def _key(ident: Any) -> str:
    return json.dumps(ident, sort_keys=True)


class Hygiene:
    """One connection's bookkeeping: the requests the runner sent and their answers."""

    def __init__(self, schema: MessageSchema | None, handler: str) -> None:
        self.schema = schema
        self.handler = handler  # the side the runner plays: the one that handles requests
        self.asked: dict[str, str] = {}  # id -> method of the runner's requests
        self.answered: set[str] = set()

    def sent(self, message: Any) -> None:
        if isinstance(message, dict) and isinstance(message.get("method"), str) and "id" in message:
            self.asked[_key(message["id"])] = message["method"]

    def unanswered(self) -> list[str]:
        return [ident for ident in self.asked if ident not in self.answered]

    def received(self, message: Any) -> str | None:
        """What is wrong with a message the peer sent, or None."""
        if not isinstance(message, dict) or message.get("jsonrpc") != "2.0":
            return "not a JSON-RPC 2.0 message"
        if isinstance(message.get("method"), str):
            return None if self.schema is None else self.schema.request(message, self.handler)
        if "id" not in message or ("result" in message) == ("error" in message):
            return "neither a request, a notification nor a response"
        ident = _key(message["id"])
        if message["id"] is None or ident not in self.asked:
            return (
                f"a response to id {ident}, which no request of the runner had"
                " (a notification gets no response)"
            )
        if ident in self.answered:
            return f"a second response to request {ident} ({self.asked[ident]})"
        self.answered.add(ident)
        return None if self.schema is None else self.schema.response(message, self.asked[ident])
