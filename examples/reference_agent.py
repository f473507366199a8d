"""A small ACP v2 agent that keeps the idempotency-keys RFD, built on acp_models: ``decode``
and ``encode`` for the wire, the typed params and results, the builders, and the key
recorder with its sqlite store. What `acp-spec traces run --agent` is proved against, and a
worked example for SDK authors.

It speaks newline-delimited JSON-RPC on stdin and stdout (asyncio), or serves WebSocket
(``--listen HOST:PORT``, or ``$ACP_TRACE_LISTEN``: upstream's remote profile, ``GET /acp``
upgraded, one message per text frame; ``websocket_router.py`` beside this file) to any
number of connections that share one agent state, so sessions and held prompts outlive a
dropped connection. It keeps its sessions, their messages and the keys in one sqlite file
in ``$ACP_TRACE_STATE_DIR`` (the runner's state directory; the current folder if unset), so
a message and its key are written in one transaction and survive a restart. ``--store postgresql://…`` (or ``$ACP_TRACE_STORE``)
keeps them in a PostgreSQL database instead (``acp_models.v2.pgstore``, psycopg 3), so
agents on several nodes serve the same sessions: a retry may reach any of them. Its "model"
is a script: a prompt that mentions a migration asks permission first (``session/request_permission``) and its work ends when the
client answers; any other prompt's work ends at once. Prompts sent during work are held
and inserted, in order, when it ends. A store that fails answers the request -32603; a store
file it can't use at all stops it at startup with a message on stderr.

``--defect NAME`` breaks one rule, so a test can prove the traces catch it:

- ``no-dedupe``: ignores the key (every prompt is a new submission);
- ``memory-keys``: records keys in memory only (sessions and messages are still stored);
- ``record-before-insert``: records the key when the prompt arrives, before it is inserted;
- ``echo-key``: echoes the key in the ``user_message`` update;
- ``held-retry-error``: answers a retry of a held prompt with an error;
- ``shared-waiter``: the requests for a key await one shared future, and
  ``$/cancel_request`` cancels the request's task: one cancel answers them all -32800 while
  the prompt stays held, and it is inserted later;
- ``announce-before-claim``: announces the ``user_message`` and starts work without
  learning whether its insertion won: a process that lost the race to another one
  sharing the store announces a message that was never stored, and works on it too;
- ``answer-twice``: answers each prompt twice, the second time with another ``messageId``;
- ``answer-notification``: answers each notification;
- ``leave-child``: starts a child process that holds stdout and outlives the agent;
- ``leaky-check``: its leak check flags any string that contains a key, object keys and
  protocol words included, so a key such as ``text`` or ``idle`` makes it hold back
  messages.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib.util
import json
import os
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

if importlib.util.find_spec("acp_models") is None:  # run from a checkout, models not installed
    _HERE = os.path.dirname(os.path.realpath(__file__))
    sys.path.insert(0, os.path.join(os.path.dirname(_HERE), "generated", "python", "src"))

from acp_models import INTERNAL_ERROR, REQUEST_CANCELLED, RESOURCE_NOT_FOUND, JsonRpcError
from acp_models.v2 import (
    AgentCapabilities,
    CancelRequestNotification,
    CancelSessionNotification,
    Implementation,
    InitializeRequest,
    InitializeResponse,
    ListSessionsRequest,
    ListSessionsResponse,
    NewSessionRequest,
    NewSessionResponse,
    Notification,
    PromptRequest,
    PromptResponse,
    Request,
    Response,
    ResumeSessionRequest,
    ResumeSessionResponse,
    SessionCapabilities,
    SessionInfo,
    SessionUpdateUserMessage,
    UpdateSessionNotification,
    build,
    decode,
    encode,
)
from acp_models.v2.keys import (
    Inserted,
    KeyLeak,
    KeyRecorder,
    MemoryKeyStore,
    NotFound,
    Outcome,
    Pending,
    SqliteKeyStore,
    StoreError,
    StoreUnusable,
    Waiter,
    Withdrawn,
)
from acp_models.v2.pgstore import PostgresKeyStore

DEFECTS = (
    "no-dedupe",
    "memory-keys",
    "record-before-insert",
    "echo-key",
    "held-retry-error",
    "shared-waiter",
    "announce-before-claim",
    "answer-twice",
    "answer-notification",
    "leave-child",
    "leaky-check",
)
Id = str | int | None
Store = SqliteKeyStore | PostgresKeyStore


def tables(db: Any, serial: str = "INTEGER PRIMARY KEY AUTOINCREMENT") -> None:
    """The agent's own tables, made in the transaction that makes the key table."""
    db.execute("CREATE TABLE IF NOT EXISTS sessions (session_id TEXT PRIMARY KEY, cwd TEXT)")
    db.execute(
        f"CREATE TABLE IF NOT EXISTS messages (seq {serial},"
        " session_id TEXT, message_id TEXT, prompt TEXT)"
    )


def open_store(url: str | None) -> Store:
    """PostgreSQL for a ``postgresql://`` URL, else the sqlite file in the state folder."""
    if url and url.startswith(("postgresql:", "postgres:")):
        return PostgresKeyStore(url, setup=lambda db: tables(db, "BIGSERIAL PRIMARY KEY"))
    path = os.path.join(os.environ.get("ACP_TRACE_STATE_DIR", "."), "agent.sqlite")
    return SqliteKeyStore(url or path, setup=tables)


def sql(store: Store, query: str) -> str:
    """``query`` in the store's parameter style (psycopg's ``%s``, sqlite's ``?``)."""
    return query.replace("?", "%s") if isinstance(store, PostgresKeyStore) else query


@dataclass
class Held:
    """A prompt to insert once the session's work ends; ``claim`` holds its key, if any."""

    request: Id
    params: PromptRequest
    message_id: str
    claim: NotFound[Any] | None = None


class Agent:
    def __init__(self, store: Store, defect: str | None) -> None:
        self.store, self.defect = store, defect
        keys = MemoryKeyStore() if defect == "memory-keys" else store
        self.recorder: KeyRecorder[Any] = KeyRecorder(keys)
        self.working: dict[str, int] = {}  # session -> the permission request it waits on
        self.held: dict[str, list[Held]] = {}
        self.permissions: dict[Id, str] = {}
        self.tasks: dict[Id, asyncio.Task[None]] = {}  # requests answered when a key settles
        self.shared: dict[tuple[str, str], asyncio.Future[Outcome]] = {}  # shared-waiter only
        self.next_id = 0
        self.seen: set[str] = set()  # leaky-check only: every key of every session

    # ── output ──

    def send(self, message: Request | Notification | Response | JsonRpcError) -> None:
        self.emit(encode(message))

    # a WebSocket server routes what the agent says to its connections
    # (websocket_router.Router)
    sink: Callable[[bytes], None] | None = None

    def emit(self, data: bytes) -> None:
        if self.sink is not None:
            self.sink(data)
            return
        try:
            sys.stdout.buffer.write(data + b"\n")
            sys.stdout.flush()
        except BrokenPipeError:  # the client is gone: what is left to say goes nowhere
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())

    def private(self, message: Any, session_id: str) -> bool:
        """Whether ``message`` holds none of the session's keys (a leak is this agent's
        bug: reported on stderr, the message held back)."""
        if self.defect == "echo-key":
            return True
        try:
            if self.defect == "leaky-check":
                self.leaky_check(message)
            else:
                self.recorder.check_outgoing(message, session_id)
        except KeyLeak as leak:
            print(f"reference-agent: not sent: {leak}", file=sys.stderr, flush=True)
            return False
        return True

    def leaky_check(self, message: Any) -> None:
        text = json.dumps(message.to_wire())
        for key in self.seen:
            if key in text:
                raise KeyLeak(key)

    def reply(self, request: Id, result: Any, session_id: str | None = None) -> None:
        if session_id is None or self.private(result, session_id):
            self.send(Response(request, result))
        else:
            self.error(request, INTERNAL_ERROR, "Internal error")

    def error(self, request: Id, code: int, message: str) -> None:
        self.send(JsonRpcError(code, message, id=request))

    def update(self, session_id: str, update: UpdateSessionNotification) -> None:
        if self.private(update, session_id):
            self.send(Notification("session/update", update))

    def answer(self, request: Id, session_id: str, outcome: Outcome) -> None:
        if outcome.error is not None:
            self.error(request, outcome.error.code, outcome.error.message)
            return
        assert outcome.message_id is not None
        self.reply(request, PromptResponse(message_id=outcome.message_id), session_id)
        if self.defect == "answer-twice":
            self.send(Response(request, PromptResponse(message_id=new_message_id())))

    # ── input ──

    def receive(self, line: bytes) -> None:
        try:
            message = decode(line, receiver="agent")
        except JsonRpcError as error:
            if error.reply:
                self.send(error)
            return
        try:
            if isinstance(message, list):
                self.error(None, -32600, "Invalid Request: this agent reads no batches")
            elif isinstance(message, Request):
                self.request(message)
            elif isinstance(message, Notification):
                self.notification(message)
            else:
                self.answered(message)
        except StoreError as error:  # the request fails, the agent goes on
            if isinstance(message, Request):
                self.error(message.id, INTERNAL_ERROR, f"Internal error: {error}")
        except Exception as error:  # a bug here, or data it can't read: said, not fatal
            print(f"reference-agent: {type(error).__name__}: {error}", file=sys.stderr)
            if isinstance(message, Request):
                self.error(message.id, INTERNAL_ERROR, "Internal error")

    def request(self, request: Request) -> None:
        match request.params:
            case InitializeRequest():
                capabilities = AgentCapabilities(session=SessionCapabilities())
                info = Implementation(name="reference-agent", version="1.0.0")
                self.reply(request.id, InitializeResponse(protocol_version=2, capabilities=capabilities, info=info))  # fmt: skip
            case NewSessionRequest() as params:
                session_id = "sess_" + uuid.uuid4().hex[:12]
                with self.store.transaction() as db:
                    db.execute(
                        sql(self.store, "INSERT INTO sessions VALUES (?, ?)"),
                        (session_id, params.cwd),
                    )
                self.reply(request.id, NewSessionResponse(session_id=session_id))
            case ListSessionsRequest():
                rows = self.store.connection().execute("SELECT session_id, cwd FROM sessions")
                found = [SessionInfo(session_id=s, cwd=c) for s, c in rows.fetchall()]
                sessions = [info for info in found if self.private(info, info.session_id)]
                self.reply(request.id, ListSessionsResponse(sessions=sessions))
            case ResumeSessionRequest() as params:
                self.resume(request.id, params)
            case PromptRequest() as params:
                self.prompt(request.id, params)
            case _:
                self.error(request.id, -32601, f"Method not found: {request.method}")

    def notification(self, notification: Notification) -> None:
        if self.defect == "answer-notification":
            self.emit(b'{"jsonrpc": "2.0", "id": null, "result": {}}')
        match notification.params:
            case CancelRequestNotification() as params:
                self.cancel_request(params.request_id)
            case CancelSessionNotification() as params:
                self.cancel_session(params.session_id)

    def known(self, session_id: str) -> bool:
        db = self.store.connection()
        row = db.execute(
            sql(self.store, "SELECT 1 FROM sessions WHERE session_id = ?"), (session_id,)
        )
        return row.fetchone() is not None

    def resume(self, request: Id, params: ResumeSessionRequest) -> None:
        session_id = params.session_id
        if not self.known(session_id):
            self.error(request, RESOURCE_NOT_FOUND, "Resource not found: no such session")
            return
        if params.replay_from is not None:
            rows = self.store.connection().execute(
                sql(
                    self.store,
                    "SELECT message_id, prompt FROM messages WHERE session_id = ? ORDER BY seq",
                ),
                (session_id,),
            )
            for message_id, prompt in rows.fetchall():
                self.announce(session_id, message_id, json.loads(prompt))
        busy = session_id in self.working
        self.update(
            session_id, build.state_update(session_id, "requires_action" if busy else "idle")
        )
        self.reply(request, ResumeSessionResponse())

    def prompt(self, request: Id, params: PromptRequest) -> None:
        session_id, key = params.session_id, params.idempotency_key
        if not self.known(session_id):
            self.error(request, RESOURCE_NOT_FOUND, "Resource not found: no such session")
            return
        held = Held(request, params, new_message_id())
        if key is not None and self.defect == "leaky-check":
            self.seen.add(key)
        if key is not None and self.defect != "no-dedupe":
            found = self.recorder.lookup(session_id, key, request)
            if isinstance(found, Inserted):
                self.answer(request, session_id, Outcome(message_id=found.message_id))
                return
            if isinstance(found, Pending) and self.defect == "held-retry-error":
                self.error(request, INTERNAL_ERROR, "Internal error: a prompt with this key is held")  # fmt: skip
                return
            self.answer_when_settled(request, session_id, key, found.waiter)
            if isinstance(found, Pending):
                return  # the held prompt's outcome answers this request too
            held.claim = found
            if self.defect == "record-before-insert":
                self.store.record(session_id, key, held.message_id)
        if session_id in self.working:
            self.held.setdefault(session_id, []).append(held)
        else:
            self.insert(session_id, held)

    def answer_when_settled(self, request: Id, session_id: str, key: str, waiter: Waiter) -> None:
        async def answer() -> None:
            if self.defect != "shared-waiter" or waiter.done():
                self.answer(request, session_id, await waiter)
                return
            shared = self.shared.setdefault((session_id, key), asyncio.ensure_future(waiter))
            try:
                outcome = await shared
            except asyncio.CancelledError:
                self.error(request, REQUEST_CANCELLED, "Request cancelled")
                return
            self.answer(request, session_id, outcome)

        self.tasks[request] = task = asyncio.get_running_loop().create_task(answer())
        task.add_done_callback(lambda _: self.tasks.pop(request, None))

    def insert(self, session_id: str, held: Held) -> None:
        prompt = [block.to_wire() for block in held.params.prompt]

        def write(db: Any) -> None:
            if db is None:  # memory-keys: the key is not in the database's transaction
                with self.store.transaction() as own:
                    write(own)
                return
            db.execute(
                sql(
                    self.store,
                    "INSERT INTO messages (session_id, message_id, prompt) VALUES (?, ?, ?)",
                ),
                (session_id, held.message_id, json.dumps(prompt)),
            )

        claim = held.claim
        if claim is None:
            try:
                with self.store.transaction() as db:
                    write(db)
            except StoreError as error:
                self.error(held.request, INTERNAL_ERROR, f"Internal error: {error}")
                return
            self.announce(session_id, held.message_id, prompt, held)
            self.answer(held.request, session_id, Outcome(message_id=held.message_id))
            self.work(session_id, prompt)
            return
        try:
            if self.defect == "record-before-insert":
                with self.store.transaction() as db:  # the key's row is there already
                    write(db)
                won = claim.insert(held.message_id).message_id == held.message_id
            else:
                if self.defect == "announce-before-claim":
                    # a slow claim: two processes that get the key at once both look it up
                    # before either inserts, so the loser's announcement always shows
                    time.sleep(0.3)
                won = claim.insert(held.message_id, write).won
        except Withdrawn:
            return  # cancelled while it waited: its requests have their answer
        except StoreError as error:
            claim.fail(JsonRpcError(INTERNAL_ERROR, f"Internal error: {error}"))
            return
        if won or self.defect == "announce-before-claim":
            self.announce(session_id, held.message_id, prompt, held)
            self.work(session_id, prompt)
        # lost: another process inserted it and works on it; the requests get its messageId

    def announce(
        self, session_id: str, message_id: str, prompt: list[Any], held: Held | None = None
    ) -> None:
        update = SessionUpdateUserMessage.model_validate(
            {"sessionUpdate": "user_message", "messageId": message_id, "content": prompt}
        )
        if self.defect == "echo-key" and held is not None and held.params.idempotency_key:
            update = SessionUpdateUserMessage.model_validate(
                {**update.to_wire(), "idempotencyKey": held.params.idempotency_key}
            )
        self.update(session_id, UpdateSessionNotification(session_id=session_id, update=update))

    def work(self, session_id: str, prompt: list[Any]) -> None:
        text = " ".join(str(block.get("text", "")) for block in prompt)
        if "migration" not in text.lower():
            self.update(session_id, build.state_update(session_id, "running"))
            self.finish(session_id, "end_turn")
            return
        self.next_id += 1
        self.working[session_id] = self.next_id
        self.permissions[self.next_id] = session_id
        self.update(session_id, build.state_update(session_id, "requires_action"))
        options = [
            build.permission_option("allow", "Allow", "allow_once"),
            build.permission_option("reject", "Reject", "reject_once"),
        ]
        ask = build.permission_request(session_id, "Run the database migration?", options)
        self.send(Request(self.next_id, "session/request_permission", ask))

    def finish(self, session_id: str, reason: str) -> None:
        self.working.pop(session_id, None)
        self.update(session_id, build.state_update(session_id, "idle", stop_reason=reason))
        queue = self.held.get(session_id, [])
        while queue and session_id not in self.working:
            self.insert(session_id, queue.pop(0))

    def answered(self, response: Response) -> None:
        session_id = self.permissions.pop(response.id, None)
        if session_id is not None and self.working.get(session_id) == response.id:
            self.finish(session_id, "end_turn")

    def cancel_request(self, target: Id) -> None:
        if self.defect == "shared-waiter" and target in self.tasks:
            self.tasks[target].cancel()  # and with it the future every request awaits
            return
        if self.recorder.cancel_request(target):
            return  # every request for the key is answered -32800 by its waiter
        for queue in self.held.values():
            for held in queue:
                if held.request == target and held.claim is None:
                    queue.remove(held)
                    self.error(target, REQUEST_CANCELLED, "Request cancelled")
                    return

    def cancel_session(self, session_id: str) -> None:
        self.recorder.cancel_session(session_id)
        for held in self.held.pop(session_id, []):
            if held.claim is None:
                self.error(held.request, REQUEST_CANCELLED, "Request cancelled")
        if session_id in self.working:
            self.finish(session_id, "cancelled")


def new_message_id() -> str:
    return "msg_" + uuid.uuid4().hex[:12]


LINE_LIMIT = 1 << 24


async def serve(agent: Agent) -> None:
    loop = asyncio.get_running_loop()
    # lines are read in a thread: stdin may be a pipe, a file or /dev/null, and only a
    # pipe can be watched by the event loop
    stdin = sys.stdin.buffer
    while line := await loop.run_in_executor(None, stdin.readline, LINE_LIMIT):
        if len(line) == LINE_LIMIT and not line.endswith(b"\n"):
            while (rest := stdin.readline(LINE_LIMIT)) and not rest.endswith(b"\n"):
                pass  # the rest of a line too long to read
            agent.error(None, -32600, "Invalid Request: line too long")
        elif line.strip():
            agent.receive(line)
            # the tasks it started wait before the next message is read: answers keep the
            # order in which their requests came
            await asyncio.sleep(0)
    for task in list(agent.tasks.values()):
        task.cancel()


def listen_address(text: str) -> tuple[str, int]:
    host, _, port = text.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise argparse.ArgumentTypeError(f"{text!r}: give HOST:PORT, e.g. 127.0.0.1:8080")
    return host.strip("[]"), int(port)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--defect", choices=DEFECTS, help="break one rule (for tests)")
    parser.add_argument(
        "--store",
        default=os.environ.get("ACP_TRACE_STORE"),
        help="postgresql://… (a database several agents share), or a sqlite file (default:"
        " agent.sqlite in $ACP_TRACE_STATE_DIR)",
    )
    parser.add_argument("--listen", type=listen_address, metavar="HOST:PORT",
                        default=os.environ.get("ACP_TRACE_LISTEN") or None,
                        help="serve WebSocket on ws://HOST:PORT/acp instead of stdio"
                        " (default: $ACP_TRACE_LISTEN, set by the trace runner)")  # fmt: skip
    args = parser.parse_args(argv)
    try:
        store = open_store(args.store)
    except StoreUnusable as error:
        print(f"reference-agent: {error}", file=sys.stderr)
        return 2
    if args.defect == "leave-child":
        # outlives any trace, however slow the machine (the runner kills its process group)
        subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    try:
        agent = Agent(store, args.defect)
        if args.listen is not None:
            # the stdio agent needs neither this module nor the websockets package
            from websocket_router import serve_websocket

            try:
                host, port = args.listen
                asyncio.run(serve_websocket(agent, host, port, max_size=LINE_LIMIT))
            except OSError as error:  # the address is taken, or not this machine's
                print(f"reference-agent: cannot listen on {args.listen[0]}:{args.listen[1]}: {error.strerror or error}", file=sys.stderr)  # fmt: skip
                return 2
        else:
            asyncio.run(serve(agent))
    finally:
        store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
