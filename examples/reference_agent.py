"""A small ACP v2 agent that keeps the idempotency-keys RFD, built on acp_models' KeyRecorder
and SqliteKeyStore: what `acp-spec traces run --agent` is proved against.

It speaks newline-delimited JSON-RPC on stdin and stdout and keeps its sessions, their
messages and the keys in one sqlite file in ``$ACP_TRACE_STATE_DIR`` (the runner's state
directory; the current folder if unset), so a message and its key are written in one
transaction and survive a restart. Its "model" is a script: a prompt that mentions a
migration asks permission first (``session/request_permission``) and its work ends when the
client answers; any other prompt's work ends at once. Prompts sent during work are held
and inserted, in order, when it ends.

``--defect NAME`` breaks one rule, so a test can prove the traces catch it:

- ``no-dedupe``: ignores the key (every prompt is a new submission);
- ``memory-keys``: records keys in memory only (sessions and messages are still stored);
- ``record-before-insert``: records the key when the prompt arrives, before it is inserted;
- ``echo-key``: echoes the key in the ``user_message`` update;
- ``held-retry-error``: answers a retry of a held prompt with an error.
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import sys
import uuid
from dataclasses import dataclass
from typing import Any

# os.path, not pathlib: the traces start this program a hundred times a run, and pathlib's
# import is a twentieth of its start

try:
    from acp_models import JsonRpcError
    from acp_models.v2.keys import (
        Inserted,
        KeyRecorder,
        MemoryKeyStore,
        NotFound,
        SqliteKeyStore,
        Withdrawn,
    )
    from acp_models.v2.retry import check_key
except ImportError:  # run from a checkout without installing the models
    examples = os.path.dirname(os.path.realpath(__file__))
    sys.path.insert(0, os.path.join(os.path.dirname(examples), "generated", "python", "src"))
    from acp_models import JsonRpcError
    from acp_models.v2.keys import (
        Inserted,
        KeyRecorder,
        MemoryKeyStore,
        NotFound,
        SqliteKeyStore,
        Withdrawn,
    )
    from acp_models.v2.retry import check_key

DEFECTS = ("no-dedupe", "memory-keys", "record-before-insert", "echo-key", "held-retry-error")
NOT_FOUND = -32002
CANCELLED = -32800


@dataclass
class Held:
    """A prompt waiting for the session's work to end; ``claim`` holds its key, if any."""

    request: int | str
    params: dict[str, Any]
    message_id: str
    claim: NotFound[sqlite3.Connection] | NotFound[None] | None


class Agent:
    def __init__(self, state: str, defect: str | None) -> None:
        self.defect = defect
        self.store = SqliteKeyStore(os.path.join(state, "agent.sqlite"))
        self.db = self.store.connection()
        self.db.executescript(
            "CREATE TABLE IF NOT EXISTS sessions (session_id TEXT PRIMARY KEY, cwd TEXT);"
            "CREATE TABLE IF NOT EXISTS messages (seq INTEGER PRIMARY KEY AUTOINCREMENT,"
            " session_id TEXT, message_id TEXT, prompt TEXT);"
        )
        keys: SqliteKeyStore | MemoryKeyStore = (
            MemoryKeyStore() if defect == "memory-keys" else self.store
        )
        self.recorder: KeyRecorder[Any] = KeyRecorder(keys)
        self.working: dict[str, int] = {}  # session -> the permission request it waits on
        self.held: dict[str, list[Held]] = {}
        self.permissions: dict[int, str] = {}
        self.next_id = 0

    # ── output ──

    def send(self, message: dict[str, Any], session_id: str | None = None) -> None:
        if self.defect != "echo-key":
            self.recorder.check_outgoing(message, session_id)  # raises KeyLeak: a bug here
        sys.stdout.write(json.dumps(message) + "\n")
        sys.stdout.flush()

    def reply(self, request: int | str, result: dict[str, Any]) -> None:
        self.send({"jsonrpc": "2.0", "id": request, "result": result})

    def error(self, request: int | str | None, code: int, message: str) -> None:
        self.send({"jsonrpc": "2.0", "id": request, "error": {"code": code, "message": message}})

    def update(self, session_id: str, update: dict[str, Any]) -> None:
        self.send(
            {
                "jsonrpc": "2.0",
                "method": "session/update",
                "params": {"sessionId": session_id, "update": update},
            },
            session_id,
        )

    # ── input ──

    def handle(self, message: Any) -> None:
        if not isinstance(message, dict):
            self.error(None, -32600, "Invalid Request")
            return
        method, request = message.get("method"), message.get("id")
        if method is None:
            self.answered(message)
            return
        params = message.get("params") or {}
        name = str(method).removeprefix("$/").replace("/", "_")  # $/cancel_request: cancel_request
        handler = getattr(self, "on_" + name, None)
        if handler is None:
            if request is not None:
                self.error(request, -32601, "Method not found")
            return
        handler(request, params)

    def on_initialize(self, request: int | str, params: dict[str, Any]) -> None:
        self.reply(
            request,
            {
                "protocolVersion": 2,
                "capabilities": {"session": {}},
                "info": {"name": "reference-agent", "version": "1.0.0"},
            },
        )

    def on_session_new(self, request: int | str, params: dict[str, Any]) -> None:
        session_id = "sess_" + uuid.uuid4().hex[:12]
        with self.db:
            self.db.execute("INSERT INTO sessions VALUES (?, ?)", (session_id, params.get("cwd")))
        self.reply(request, {"sessionId": session_id})

    def on_session_list(self, request: int | str, params: dict[str, Any]) -> None:
        rows = self.db.execute("SELECT session_id, cwd FROM sessions ORDER BY rowid").fetchall()
        self.reply(request, {"sessions": [{"sessionId": s, "cwd": c} for s, c in rows]})

    def known(self, session_id: object) -> bool:
        row = self.db.execute("SELECT 1 FROM sessions WHERE session_id = ?", (session_id,))
        return row.fetchone() is not None

    def on_session_resume(self, request: int | str, params: dict[str, Any]) -> None:
        session_id = params.get("sessionId")
        if not isinstance(session_id, str) or not self.known(session_id):
            self.error(request, NOT_FOUND, "Resource not found: no such session")
            return
        if params.get("replayFrom") is not None:
            rows = self.db.execute(
                "SELECT message_id, prompt FROM messages WHERE session_id = ? ORDER BY seq",
                (session_id,),
            )
            for message_id, prompt in rows.fetchall():
                update = {"sessionUpdate": "user_message", "messageId": message_id}
                self.update(session_id, {**update, "content": json.loads(prompt)})
        state = "requires_action" if session_id in self.working else "idle"
        self.update(session_id, {"sessionUpdate": "state_update", "state": state})
        self.reply(request, {})

    def on_session_prompt(self, request: int | str, params: dict[str, Any]) -> None:
        session_id = params.get("sessionId")
        if not isinstance(session_id, str) or not self.known(session_id):
            self.error(request, NOT_FOUND, "Resource not found: no such session")
            return
        if not isinstance(params.get("prompt"), list):
            self.error(request, -32602, "Invalid params: prompt is a list of content blocks")
            return
        key = params.get("idempotencyKey")
        if key is not None:
            try:
                check_key(key)
            except ValueError as error:
                self.error(request, -32602, f"Invalid params: idempotencyKey: {error}")
                return
        message_id = "msg_" + uuid.uuid4().hex[:12]
        claim = None
        if key is not None and self.defect != "no-dedupe":
            found = self.recorder.lookup(session_id, key, request)
            if isinstance(found, Inserted):
                self.reply(request, {"messageId": found.message_id})
                return
            if not isinstance(found, NotFound):  # Pending: a held prompt has this key
                if self.defect == "held-retry-error":
                    self.error(request, -32603, "Internal error: a prompt with this key is held")
                else:
                    found.outcome.add_done_callback(
                        lambda f: self.send(f.result().response(request))
                    )
                return
            claim = found
            # every request for the key is answered when its outcome settles
            claim.outcome.add_done_callback(lambda f: self.send(f.result().response(request)))
            if self.defect == "record-before-insert":
                self.store.record(session_id, key, message_id)
        held = Held(request, params, message_id, claim)
        if session_id in self.working:
            self.held.setdefault(session_id, []).append(held)
        else:
            self.insert(session_id, held)

    def insert(self, session_id: str, held: Held) -> None:
        prompt = held.params["prompt"]

        def write(db: sqlite3.Connection | None) -> None:
            (db or self.db).execute(
                "INSERT INTO messages (session_id, message_id, prompt) VALUES (?, ?, ?)",
                (session_id, held.message_id, json.dumps(prompt)),
            )

        if held.claim is None:
            with self.db:
                write(self.db)
        elif self.defect == "record-before-insert":
            with self.db:  # the key's row is there already: the message goes in apart
                write(self.db)
            held.claim.insert(held.message_id)
        elif self.defect == "memory-keys":
            with self.db:  # the memory store's write is not the database's transaction
                write(self.db)
            held.claim.insert(held.message_id)
        else:
            held.claim.insert(held.message_id, write)
        update: dict[str, Any] = {"sessionUpdate": "user_message", "messageId": held.message_id}
        if self.defect == "echo-key" and held.params.get("idempotencyKey") is not None:
            update["idempotencyKey"] = held.params["idempotencyKey"]
        self.update(session_id, {**update, "content": prompt})
        if held.claim is None:
            self.reply(held.request, {"messageId": held.message_id})
        self.work(session_id, prompt)

    def work(self, session_id: str, prompt: list[Any]) -> None:
        text = " ".join(str(b.get("text", "")) for b in prompt if isinstance(b, dict))
        if "migration" not in text.lower():
            self.update(session_id, {"sessionUpdate": "state_update", "state": "running"})
            self.finish(session_id, "end_turn")
            return
        self.next_id += 1
        self.working[session_id] = self.next_id
        self.permissions[self.next_id] = session_id
        self.update(session_id, {"sessionUpdate": "state_update", "state": "requires_action"})
        self.send(
            {
                "jsonrpc": "2.0",
                "id": self.next_id,
                "method": "session/request_permission",
                "params": {
                    "sessionId": session_id,
                    "title": "Run the database migration?",
                    "options": [
                        {"optionId": "allow", "name": "Allow", "kind": "allow_once"},
                        {"optionId": "reject", "name": "Reject", "kind": "reject_once"},
                    ],
                },
            }
        )

    def finish(self, session_id: str, reason: str) -> None:
        self.working.pop(session_id, None)
        update = {"sessionUpdate": "state_update", "state": "idle", "stopReason": reason}
        self.update(session_id, update)
        queue = self.held.get(session_id, [])
        while queue and session_id not in self.working:
            held = queue.pop(0)
            if held.claim is not None and held.claim.outcome.done():
                continue  # withdrawn while it waited
            try:
                self.insert(session_id, held)
            except Withdrawn:
                continue

    def answered(self, message: dict[str, Any]) -> None:
        session_id = self.permissions.pop(message.get("id"), None)  # type: ignore[arg-type]
        if session_id is not None and self.working.get(session_id) == message.get("id"):
            self.finish(session_id, "end_turn")

    def on_cancel_request(self, request: object, params: dict[str, Any]) -> None:
        target = params.get("requestId")
        if self.recorder.cancel_request(target):
            return  # every request for the key is answered -32800 through its outcome
        for queue in self.held.values():
            for held in list(queue):
                if held.request == target and held.claim is None:
                    queue.remove(held)
                    self.error(target, CANCELLED, "Request cancelled")

    def on_session_cancel(self, request: object, params: dict[str, Any]) -> None:
        session_id = params.get("sessionId")
        if not isinstance(session_id, str):
            return
        self.recorder.cancel_session(session_id)
        for held in self.held.pop(session_id, []):
            if held.claim is None:
                self.error(held.request, CANCELLED, "Request cancelled")
        if session_id in self.working:
            self.finish(session_id, "cancelled")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--defect", choices=DEFECTS, help="break one rule (for tests)")
    args = parser.parse_args()
    state = os.environ.get("ACP_TRACE_STATE_DIR", ".")
    agent = Agent(state, args.defect)
    while line := sys.stdin.readline():
        if not line.strip():
            continue
        try:
            message = json.loads(line)
        except ValueError:
            agent.error(None, -32700, "Parse error")
            continue
        try:
            agent.handle(message)
        except JsonRpcError as error:
            agent.send(error.to_response(message.get("id") if isinstance(message, dict) else None))
    agent.store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
