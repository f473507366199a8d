// Runs every vector of generated/vectors/ through upstream's TypeScript SDK
// (@agentclientprotocol/sdk, pinned in tests/node/package.json) and prints what the SDK did
// with each, as JSON: its v2 zod schema for the group's def (`z<DefName>`), and the raw
// message written into a real SDK connection, agent side or client side by the method's
// direction. The observations only (and the methods the SDK knows): tests/support/ts_sdk_check.py
// compares them with the vectors.
//
//   node tests/node/ts_sdk_vectors.mjs [VECTORS_DIR] > observations.json
//
// Outcomes. zod: "valid" | "invalid" | "no-schema". connection: "dispatched" (the app's
// handler ran), "error:<code>" (the SDK answered the request with that code), "ignored"
// (a notification no handler saw), "delivered" (a response settled the pending request with
// its own result or error), "error:<code>" for a response the SDK refused, "unmatched" (a
// response no pending request took), "none" (a request neither answered nor dispatched),
// "not-sendable" (the SDK refuses to send the request the response would answer).
// `keyDropped`: the message had params.idempotencyKey and what the SDK handed on did not.
// `lost`: the paths of the vector's `reads` (what a receiver must have read; its tolerant
// outcome's where it has one) that what the SDK handed on does not hold with that value.

import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const require = createRequire(import.meta.url);
const entry = require.resolve("@agentclientprotocol/sdk/experimental/v2/unstable");
const acp = await import(pathToFileURL(entry).href);
// the generated zod module is not in the package's exports: import it by its path
const zod = await import(pathToFileURL(join(dirname(entry), "schema", "zod.gen.js")).href);

const here = dirname(fileURLToPath(import.meta.url));
const vectorsDir = process.argv[2] ?? join(here, "..", "..", "generated", "vectors");
const meta = JSON.parse(readFileSync(join(vectorsDir, "..", "meta.unstable.json"), "utf8"));

// A handler that ran answers with this code, so a dispatch is seen on the wire as well.
const DISPATCHED = -31999;
const PROBE = "zz-probe";
const SETUP_INIT = "zz-setup-init";
const encoder = new TextEncoder();
const decoder = new TextDecoder();

// The SDK logs what it drops with console.error: expected here, and stderr stays for the
// harness's own failures.
console.error = () => {};

let current = null; // the observation of the vector being run

function record(method, params) {
  if (current !== null) current.dispatched.push({ method, params });
}

function dispatchedError() {
  return new acp.RequestError(DISPATCHED, "dispatched");
}

const requestParser = (params) => params;

function agentApp() {
  const app = acp.agent();
  app.onRequest("initialize", (ctx) => {
    if (ctx.requestId === SETUP_INIT) {
      return {
        protocolVersion: 2,
        capabilities: { session: {} },
        info: { name: "vector-harness", version: "1.0.0" },
      };
    }
    record("initialize", ctx.params);
    throw dispatchedError();
  });
  for (const method of Object.values(acp.AGENT_METHODS)) {
    if (method === "initialize") continue;
    if (method === "session/cancel" || method === "mcp/message") continue;
    app.onRequest(method, (ctx) => {
      record(method, ctx.params);
      throw dispatchedError();
    });
  }
  // mcp/message comes to an agent as a notification only (the SDK's routing)
  for (const method of ["session/cancel", "mcp/message"]) {
    app.onNotification(method, (ctx) => record(method, ctx.params));
  }
  addHarnessMethods(app);
  return app;
}

function clientApp() {
  const app = acp.client();
  for (const method of ["session/request_permission", "mcp/message", "elicitation/create"]) {
    app.onRequest(method, (ctx) => {
      record(method, ctx.params);
      throw dispatchedError();
    });
  }
  for (const method of ["session/update", "elicitation/complete", "auth/status_update"]) {
    app.onNotification(method, (ctx) => record(method, ctx.params));
  }
  addHarnessMethods(app);
  return app;
}

// The extension methods the envelope vectors name, as an app that handles them would, plus
// the harness's own: a probe that marks the end of a vector's processing, and a request that
// waits until `$/cancel_request` cancels it.
function addHarnessMethods(app) {
  app.onRequest("_vendor/x", requestParser, (ctx) => {
    record("_vendor/x", ctx.params);
    throw dispatchedError();
  });
  app.onNotification("_vendor/event", requestParser, (ctx) => record("_vendor/event", ctx.params));
  app.onRequest("_harness/probe", requestParser, () => ({}));
  app.onRequest(
    "_harness/wait",
    requestParser,
    (ctx) =>
      new Promise((_, reject) => {
        const cancelled = () => {
          record("$/cancel_request", { requestId: ctx.requestId });
          reject(new acp.RequestError(-32800, "Request cancelled"));
        };
        if (ctx.signal.aborted) cancelled();
        else ctx.signal.addEventListener("abort", cancelled, { once: true });
      }),
  );
}

/** A connection of `app` over in-memory byte streams, with the harness on the other end. */
function open(app) {
  const toSdk = new TransformStream();
  const fromSdk = new TransformStream();
  const writer = toSdk.writable.getWriter();
  const replies = [];
  let waiters = [];
  const stream = acp.ndJsonStream(fromSdk.writable, toSdk.readable);
  const connection = app.connect(stream);
  void (async () => {
    const reader = fromSdk.readable.getReader();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ done: true }));
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let newline;
      while ((newline = buffer.indexOf("\n")) >= 0) {
        replies.push(JSON.parse(buffer.slice(0, newline)));
        buffer = buffer.slice(newline + 1);
        const ready = waiters;
        waiters = [];
        for (const wake of ready) wake();
      }
    }
  })();
  return {
    connection,
    replies,
    send: (text) => writer.write(encoder.encode(text + "\n")),
    /** Wait until `test` holds of the replies, or until `ms` pass with nothing new. */
    // `ms` only ends a wait for something the SDK never sends: long enough for a loaded machine
  async until(test, ms = 5000) {
      while (!test(replies)) {
        let timer;
        const woke = await new Promise((resolve) => {
          waiters.push(() => resolve(true));
          timer = setTimeout(() => resolve(false), ms);
        });
        clearTimeout(timer);
        if (!woke) return false;
      }
      return true;
    },
    close: () => connection.close(),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

async function settled() {
  for (let i = 0; i < 5; i++) await settle();
}

async function probe(peer) {
  await peer.send(JSON.stringify({ jsonrpc: "2.0", id: PROBE, method: "_harness/probe" }));
  await peer.until((replies) => replies.some((r) => r.id === PROBE));
  await settled();
}

function parsed(text) {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function isResponse(value) {
  return isRecord(value) && !("method" in value) && "id" in value;
}

function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function hasKey(message) {
  return isRecord(message) && isRecord(message.params) && "idempotencyKey" in message.params;
}

function keyDropped(message, handedOn) {
  return hasKey(message) && !(isRecord(handedOn) && "idempotencyKey" in handedOn);
}

/** What the SDK must have read: a tolerant outcome's (the SDK reads leniently), else the case's. */
function readsOf(vector) {
  return vector.tolerant !== undefined ? vector.tolerant.reads : vector.reads;
}

/** The wire paths of `reads` whose value `params` (what the SDK handed on) lacks. */
function lost(reads, params) {
  return (reads ?? []).filter((r) => !sameJson(at({ params }, r.path), r.value)).map((r) => r.path);
}

/** The value at a wire path (`params.prompt[0]["a.b"]`), or undefined. */
function at(root, path) {
  const steps = /^[A-Za-z_$][\w$]*/.exec(path);
  let value = root?.[steps[0]];
  const step = /\.([A-Za-z_$][\w$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/y;
  step.lastIndex = steps[0].length;
  while (step.lastIndex < path.length) {
    const found = step.exec(path);
    if (found === null) return undefined;
    const key = found[2] !== undefined ? Number(found[2]) : found[1] ?? JSON.parse(found[3]);
    if (!isRecord(value) && !Array.isArray(value)) return undefined;
    if (!Object.hasOwn(value, key)) return undefined;
    value = value[key];
  }
  return value;
}

function sameJson(a, b) {
  return a !== undefined && JSON.stringify(a) === JSON.stringify(b);
}

async function initializeAgentSide(peer) {
  const init = {
    jsonrpc: "2.0",
    id: SETUP_INIT,
    method: "initialize",
    params: { protocolVersion: 2, capabilities: {}, info: { name: "harness", version: "1" } },
  };
  await peer.send(JSON.stringify(init));
  await peer.until((replies) => replies.some((r) => r.id === SETUP_INIT));
}

async function initializeClientSide(peer) {
  const sent = peer.connection.agent.request("initialize", {
    protocolVersion: 2,
    capabilities: {},
    info: { name: "harness", version: "1" },
  });
  // the client's first request is id 0: answer it as an agent would
  await peer.until((replies) => replies.some((r) => r.method === "initialize"));
  await peer.send(
    JSON.stringify({
      jsonrpc: "2.0",
      id: 0,
      result: {
        protocolVersion: 2,
        capabilities: { session: {} },
        info: { name: "harness-agent", version: "1" },
      },
    }),
  );
  await sent;
}

/** A request or notification written into a fresh connection of `side`. */
async function incoming(side, text, message, first) {
  const peer = open(side === "agent" ? agentApp() : clientApp());
  try {
    if (side === "agent" && !first) await initializeAgentSide(peer);
    if (side === "client") await initializeClientSide(peer);
    const cancel = isRecord(message) && message.method === "$/cancel_request";
    const target = cancel && isRecord(message.params) ? message.params.requestId : undefined;
    if (cancel && (typeof target === "string" || Number.isInteger(target))) {
      // something for it to cancel: a pending request with the id it names
      const wait = { jsonrpc: "2.0", id: target, method: "_harness/wait" };
      await peer.send(JSON.stringify(wait));
      await settled();
    }
    const before = peer.replies.length;
    await peer.send(text);
    const isRequest = isRecord(message) && "id" in message && "method" in message;
    if (isRequest) {
      const id = message.id;
      await peer.until((replies) =>
        replies.slice(before).some((r) => !("method" in r) && (r.id === id || r.id === null)),
      );
    }
    await probe(peer);
    const answers = peer.replies.slice(before).filter((r) => !("method" in r) && r.id !== PROBE);
    const answer = isRequest
      ? answers.find((r) => r.id === message.id && !(cancel && r.id === target)) ??
        answers.find((r) => r.id === null)
      : answers.find((r) => r.id === null);
    const dispatched = current.dispatched.find((d) => d.method !== "$/cancel_request" || cancel);
    if (answer && "error" in answer && answer.error.code !== DISPATCHED) {
      return { outcome: `error:${answer.error.code}` };
    }
    if (dispatched) {
      return {
        outcome: "dispatched",
        keyDropped: keyDropped(message, dispatched.params),
        lost: lost(current.reads, dispatched.params),
      };
    }
    if (answer) return { outcome: "none" }; // answered with a result no handler made
    return { outcome: isRequest ? "none" : "ignored" };
  } finally {
    peer.close();
  }
}

/** A response written into a connection with a request id 1 pending on `side`. */
async function response(side, method, requestParams, text, message) {
  const peer = open(side === "agent" ? agentApp() : clientApp());
  try {
    let pending;
    if (side === "client") await initializeClientSide(peer); // id 0; the request below is id 1
    else {
      await initializeAgentSide(peer);
      void peer.connection.client.request("_harness/first", {}).catch(() => {}); // id 0
    }
    try {
      const context = side === "client" ? peer.connection.agent : peer.connection.client;
      // an envelope response answers an extension request
      pending = context.request(method ?? "_harness/pending", requestParams); // id 1
    } catch (error) {
      return { outcome: "not-sendable", detail: String(error?.message ?? error) };
    }
    const outcome = pending.then(
      () => ({ outcome: "delivered" }),
      (error) => {
        const own = isRecord(message) && isRecord(message.error) ? message.error.code : undefined;
        if (error instanceof acp.RequestError) {
          return { outcome: error.code === own ? "delivered" : `error:${error.code}` };
        }
        if (error?.name === "ZodError") return { outcome: "error:-32602" };
        return { outcome: `thrown:${error?.name ?? typeof error}` };
      },
    );
    await peer.until((replies) => replies.some((r) => "method" in r && r.id === 1));
    await settled();
    let settledWith = { outcome: "unmatched" };
    void outcome.then((value) => {
      settledWith = value;
    });
    await peer.send(text);
    // the connection reads in order: once the probe is answered, the response was taken
    await probe(peer);
    return settledWith;
  } finally {
    peer.close();
  }
}

function zodOutcome(group, message) {
  const schema = zod[`z${group.def}`];
  if (schema === undefined) return { outcome: "no-schema" };
  const payload = group.kind === "response" ? message.result : message.params;
  const result = schema.safeParse(payload);
  if (!result.success) return { outcome: "invalid" };
  return {
    outcome: "valid",
    keyDropped: keyDropped(message, result.data),
    lost: lost(current.reads, result.data),
  };
}

/** The sides that receive the group's messages: a response goes to the side that asked. */
function sidesOf(method, kind) {
  const direction = meta.methods[method]?.direction;
  if (direction === "both") return ["agent", "client"];
  const toClient = direction === "agent-to-client";
  return [toClient === (kind === "response") ? "agent" : "client"];
}

const files = [
  "envelope.json",
  ...readdirSync(join(vectorsDir, "methods"))
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => `methods/${name}`),
];
const observations = [];
for (const file of files) {
  const { groups } = JSON.parse(readFileSync(join(vectorsDir, file), "utf8"));
  for (const group of groups) {
    const method = group.method;
    // the first request example gives a response's request its params
    const example = groups.find((g) => g.method === method && g.kind === "request")?.cases[0];
    const exampleParams = example ? JSON.parse(example.message).params : {};
    for (const vector of group.cases) {
      const message = parsed(vector.message);
      if (group.def !== undefined && message.ok) {
        current = { dispatched: [], reads: readsOf(vector) };
        observations.push({ id: vector.id, layer: "zod", ...zodOutcome(group, message.value) });
      }
      const sides = method === undefined ? ["agent"] : sidesOf(method, group.kind);
      for (const side of sides) {
        current = { dispatched: [], reads: readsOf(vector) };
        const value = message.ok ? message.value : undefined;
        const isAnswer = group.kind === "response" || (method === undefined && isResponse(value));
        const observed = isAnswer
          ? await response(side, method, exampleParams, vector.message, value)
          : await incoming(side, vector.message, value, method === "initialize");
        observations.push({ id: vector.id, layer: side, ...observed });
        current = null;
      }
    }
  }
}
const tables = [acp.AGENT_METHODS, acp.CLIENT_METHODS, acp.PROTOCOL_METHODS, acp.PROXY_METHODS];
const upstreamMethods = tables.flatMap((table) => Object.values(table)).sort();
// exit once the pipe has taken it all: an exit right after the write would cut it short
const output = JSON.stringify({ upstreamMethods, observations }) + "\n";
process.stdout.write(output, () => process.exit(0));
