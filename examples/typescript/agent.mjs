// A small ACP v2 agent on upstream's TypeScript SDK (@agentclientprotocol/sdk 2.4.0, its
// experimental v2 `agent()` app over `ndJsonStream`) that keeps the idempotency-keys RFD:
// what `acp-spec traces run --agent -- node examples/typescript/agent.mjs` is proved against.
//
// It speaks newline-delimited JSON-RPC on stdin and stdout and keeps its sessions, their
// messages and the keys in one JSON file in $ACP_TRACE_STATE_DIR (the current folder if
// unset), rewritten whole for each change, so a message and its key are stored together and
// survive a restart. Its "model" is a script: a prompt that mentions a migration asks
// permission first (session/request_permission) and its work ends when the client answers;
// any other prompt's work ends at once. Prompts sent during work are held and inserted, in
// order, when it ends.
//
// What the SDK leaves to the agent (README.md says more):
// - the key: the SDK's zod drops `idempotencyKey` from the params it hands the handler, so
//   the agent reads it from the raw line, which `ArrivalLog` sees before the SDK does;
// - arrival order: the SDK starts handlers asynchronously but applies `$/cancel_request` as
//   it arrives, so a retry's handler can run after the cancel that came behind it. Each
//   prompt and each cancel carries its arrival number, and a retry joins a held prompt that
//   was withdrawn only if it arrived before the withdrawal.

import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { Readable, Writable } from "node:stream";

import { acp, checkKey, readJson, updateJson } from "./shared.mjs";

const { RequestError } = acp;

// `--defect NAME` breaks one of those, so a test can prove the traces catch it:
// - params-key: reads the key from the params the SDK hands the handler (never there);
// - handler-order: judges a retry by when its handler runs, not by when it arrived.
const DEFECTS = ["params-key", "handler-order"];
const defectAt = process.argv.indexOf("--defect");
const defect = defectAt < 0 ? undefined : process.argv[defectAt + 1];
if (defect !== undefined && !DEFECTS.includes(defect)) {
  process.stderr.write(`--defect: one of ${DEFECTS.join(", ")}\n`);
  process.exit(2);
}

// ── what arrived, in order, read from the raw lines ──

class ArrivalLog {
  constructor() {
    this.seq = 0;
    this.prompts = new Map(); // request id -> {seq, hasKey, key} of its latest arrival
    this.cancels = new Map(); // request id -> arrival of the first $/cancel_request for it
    this.sessionCancels = []; // {sessionId, seq} of each session/cancel not yet handled
  }

  /** A TransformStream that passes the bytes on unchanged and notes each line. */
  tap() {
    const decoder = new TextDecoder();
    let buffer = "";
    return new TransformStream({
      transform: (chunk, controller) => {
        buffer += decoder.decode(chunk, { stream: true });
        let newline;
        while ((newline = buffer.indexOf("\n")) >= 0) {
          this.note(buffer.slice(0, newline));
          buffer = buffer.slice(newline + 1);
        }
        controller.enqueue(chunk);
      },
      flush: () => {
        if (buffer.trim()) this.note(buffer);
      },
    });
  }

  note(line) {
    let message;
    try {
      message = JSON.parse(line);
    } catch {
      return; // the SDK answers it with -32700
    }
    if (!isObject(message)) return;
    const seq = ++this.seq;
    const params = isObject(message.params) ? message.params : {};
    if (message.method === "session/prompt" && "id" in message) {
      this.prompts.set(idKey(message.id), {
        seq,
        hasKey: Object.hasOwn(params, "idempotencyKey"),
        key: params.idempotencyKey,
      });
    } else if (message.method === "$/cancel_request" && !("id" in message)) {
      const target = idKey(params.requestId);
      if (!this.cancels.has(target)) this.cancels.set(target, seq);
    } else if (message.method === "session/cancel" && !("id" in message)) {
      this.sessionCancels.push({ sessionId: params.sessionId, seq });
    }
  }

  takePrompt(requestId) {
    const arrival = this.prompts.get(idKey(requestId));
    this.prompts.delete(idKey(requestId));
    return arrival ?? { seq: this.seq, hasKey: false, key: undefined };
  }

  cancelSeq(requestId) {
    return this.cancels.get(idKey(requestId)) ?? this.seq;
  }

  takeSessionCancel(sessionId) {
    const index = this.sessionCancels.findIndex((c) => c.sessionId === sessionId);
    return index < 0 ? this.seq : this.sessionCancels.splice(index, 1)[0].seq;
  }
}

function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function idKey(id) {
  return JSON.stringify(id ?? null);
}

// ── what it keeps: sessions, messages and recorded keys, in one file ──

class Store {
  constructor(directory) {
    this.path = join(directory, "agent.json");
  }

  /** What the file holds now: agents on other connections may have changed it. */
  get data() {
    return readJson(this.path, { sessions: {} });
  }

  session(sessionId) {
    return typeof sessionId === "string" ? this.data.sessions[sessionId] : undefined;
  }

  newSession(cwd) {
    const sessionId = `sess_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
    updateJson(this.path, { sessions: {} }, (data) => {
      data.sessions[sessionId] = { cwd, messages: [], keys: {} };
    });
    return sessionId;
  }

  /**
   * The message, and its key when it has one, in one write: both or neither survive.
   * Returns the `messageId` recorded for the key: another one when an agent on another
   * connection inserted it first, and then nothing is written.
   */
  insert(sessionId, messageId, prompt, key) {
    return updateJson(this.path, { sessions: {} }, (data) => {
      const session = data.sessions[sessionId];
      if (key !== undefined && session.keys[key] !== undefined) return session.keys[key];
      session.messages.push({ messageId, prompt });
      if (key !== undefined) session.keys[key] = messageId;
      return messageId;
    });
  }
}

// ── the agent ──

const store = new Store(process.env.ACP_TRACE_STATE_DIR ?? ".");
const arrivals = new ArrivalLog();
const working = new Map(); // session id -> AbortController of the permission request it awaits
const held = new Map(); // session id -> submissions waiting for the work to end
const keyed = new Map(); // session + key -> the submission that holds the key, until settled
const withdrawn = new Map(); // session + key -> [{from, until}] arrival spans that share -32800
let client = null; // the AgentContext of the connection, for updates and requests

function deferred() {
  let resolve;
  let reject;
  const promise = new Promise((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

function update(sessionId, body) {
  // updates never carry the key: keys stay with the agent
  return client.notify("session/update", { sessionId, update: body });
}

/** One prompt to insert: the requests waiting for it share its outcome. */
function submission(sessionId, prompt, key, seq) {
  const outcome = deferred();
  outcome.promise.catch(() => {});
  return { sessionId, prompt, key, seq, outcome, settled: false, messageId: null };
}

function settle(item, result, error) {
  if (item.settled) return;
  item.settled = true;
  if (item.key !== undefined) keyed.delete(`${item.sessionId}\n${item.key}`);
  if (error) item.outcome.reject(error);
  else item.outcome.resolve(result);
}

/** `$/cancel_request` or `session/cancel` withdrew it before it was inserted. */
function withdraw(item, seq) {
  if (item.settled) return;
  const queue = held.get(item.sessionId) ?? [];
  const index = queue.indexOf(item);
  if (index < 0) return; // inserted already: a cancel does not undo it
  queue.splice(index, 1);
  if (item.key !== undefined) {
    const name = `${item.sessionId}\n${item.key}`;
    withdrawn.set(name, [...(withdrawn.get(name) ?? []), { from: item.seq, until: seq }]);
  }
  settle(item, undefined, RequestError.requestCancelled());
}

/** Withdraw `item` when the request `ctx` is cancelled, judged by the cancel's arrival. */
function cancelWith(item, ctx) {
  const cancelled = () => withdraw(item, arrivals.cancelSeq(ctx.requestId));
  if (ctx.signal.aborted) cancelled();
  else ctx.signal.addEventListener("abort", cancelled, { once: true });
}

async function insert(item) {
  item.messageId = `msg_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
  const recorded = store.insert(item.sessionId, item.messageId, item.prompt, item.key);
  if (recorded !== item.messageId) {
    // another connection's agent won the key: answer with its message, announce nothing
    settle(item, { messageId: recorded });
    return;
  }
  const migration = textOf(item.prompt).toLowerCase().includes("migration");
  if (migration) working.set(item.sessionId, new AbortController());
  await update(item.sessionId, {
    sessionUpdate: "user_message",
    messageId: item.messageId,
    content: item.prompt,
  });
  settle(item, { messageId: item.messageId });
  // the work starts after the response goes out
  setImmediate(() => void work(item.sessionId, migration).catch(() => {}));
}

function textOf(prompt) {
  return prompt.map((block) => (block.type === "text" ? block.text : "")).join(" ");
}

async function work(sessionId, migration) {
  if (!migration) {
    await update(sessionId, { sessionUpdate: "state_update", state: "running" });
    await finish(sessionId, "end_turn");
    return;
  }
  const abort = working.get(sessionId);
  await update(sessionId, { sessionUpdate: "state_update", state: "requires_action" });
  try {
    await client.request(
      "session/request_permission",
      {
        sessionId,
        title: "Run the database migration?",
        options: [
          { optionId: "allow", name: "Allow", kind: "allow_once" },
          { optionId: "reject", name: "Reject", kind: "reject_once" },
        ],
      },
      // session/cancel aborts it: the SDK sends $/cancel_request and stops waiting
      { cancellationSignal: abort.signal, stopWaitingOnCancel: true },
    );
  } catch {
    // cancelled, refused or the connection is gone: the work ends all the same
  }
  if (working.get(sessionId) === abort) await finish(sessionId, "end_turn");
}

async function finish(sessionId, stopReason) {
  working.delete(sessionId);
  await update(sessionId, { sessionUpdate: "state_update", state: "idle", stopReason });
  const queue = held.get(sessionId) ?? [];
  while (queue.length > 0 && !working.has(sessionId)) await insert(queue.shift());
}

async function prompt(ctx) {
  const arrival = arrivals.takePrompt(ctx.requestId);
  if (defect === "handler-order") {
    // the SDK may start a handler after later messages were handled: here always, so the
    // cancel behind a retry is applied before the retry's handler runs, on any machine
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const { sessionId } = ctx.params;
  if (defect === "params-key") {
    arrival.hasKey = true;
    arrival.key = ctx.params.idempotencyKey ?? null;
  }
  if (store.session(sessionId) === undefined) throw RequestError.sessionNotFound(sessionId);
  // null is no key; anything else that is not a valid key is refused
  const key = arrival.hasKey && arrival.key !== null ? checkKey(arrival.key) : undefined;
  if (key !== undefined) {
    const recorded = store.session(sessionId).keys[key];
    if (recorded !== undefined) return { messageId: recorded };
    const name = `${sessionId}\n${key}`;
    const pending = keyed.get(name);
    if (pending !== undefined) {
      cancelWith(pending, ctx); // a cancel of any request for the key withdraws it
      return pending.outcome.promise;
    }
    // withdrawn after this request arrived: it was joined to the withdrawn prompt
    for (const span of withdrawn.get(name) ?? []) {
      if (defect !== "handler-order" && span.from < arrival.seq && arrival.seq < span.until) {
        throw RequestError.requestCancelled();
      }
    }
  }
  const item = submission(sessionId, ctx.params.prompt, key, arrival.seq);
  if (key !== undefined) keyed.set(`${sessionId}\n${key}`, item);
  if (working.has(sessionId)) {
    held.set(sessionId, [...(held.get(sessionId) ?? []), item]);
    cancelWith(item, ctx);
  } else {
    await insert(item);
  }
  return item.outcome.promise;
}

const app = acp
  .agent({ name: "typescript-sdk-example-agent" })
  .onConnect((connection) => {
    client = connection.client;
  })
  .onRequest("initialize", () => ({
    protocolVersion: 2,
    capabilities: { session: {} },
    info: { name: "typescript-sdk-example-agent", version: "1.0.0" },
  }))
  .onRequest("session/new", (ctx) => ({ sessionId: store.newSession(ctx.params.cwd) }))
  .onRequest("session/list", () => ({
    sessions: Object.entries(store.data.sessions).map(([sessionId, { cwd }]) => ({
      sessionId,
      cwd,
    })),
  }))
  .onRequest("session/resume", async (ctx) => {
    const { sessionId, replayFrom } = ctx.params;
    const session = store.session(sessionId);
    if (session === undefined) throw RequestError.sessionNotFound(sessionId);
    if (replayFrom != null) {
      for (const { messageId, prompt: content } of session.messages) {
        await update(sessionId, { sessionUpdate: "user_message", messageId, content });
      }
    }
    const state = working.has(sessionId) ? "requires_action" : "idle";
    await update(sessionId, { sessionUpdate: "state_update", state });
    return {};
  })
  .onRequest("session/prompt", prompt)
  .onNotification("session/cancel", async (ctx) => {
    const { sessionId } = ctx.params;
    const seq = arrivals.takeSessionCancel(sessionId);
    // only what arrived before it: session/cancel does not affect a later prompt
    for (const item of [...(held.get(sessionId) ?? [])]) if (item.seq < seq) withdraw(item, seq);
    const abort = working.get(sessionId);
    if (abort !== undefined) {
      working.delete(sessionId);
      abort.abort();
      await finish(sessionId, "cancelled");
    }
  });

const input = Readable.toWeb(process.stdin).pipeThrough(arrivals.tap());
const connection = app.connect(acp.ndJsonStream(Writable.toWeb(process.stdout), input));
await connection.closed;
