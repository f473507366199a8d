// A small ACP v2 client on upstream's TypeScript SDK (@agentclientprotocol/sdk 2.4.0, its
// experimental v2 `client()` app over `ndJsonStream`) that keeps the idempotency-keys RFD:
// what `acp-spec traces run --client -- node examples/typescript/client.mjs` is proved against.
//
// It starts its agent with the command in $ACP_TRACE_AGENT (a JSON array), reads its user's
// actions from stdin as JSON lines ({"action": "submit", "text": ...}, {"action": "cancel"})
// and keeps its session and its pending prompts in $ACP_TRACE_STATE_DIR. A prompt gets its
// key when the user submits it, is stored with it before it first goes out, and keeps it:
// when the agent goes away with prompts unanswered, the client opens a new connection,
// sends `initialize` and `session/resume`, and sends each pending prompt again with its key;
// after a restart it restores them and does the same. `initialize` and `session/cancel` are
// sent once per connection and never resent.

import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { Readable, Writable } from "node:stream";

import { acp, readJson, writeJson } from "./shared.mjs";

const INITIALIZE = {
  protocolVersion: 2,
  capabilities: {},
  info: { name: "typescript-sdk-example-client", version: "1.0.0" },
};
const RETRIES = 5; // reconnects in a row before it gives up on the pending prompts

// `--defect new-key-per-attempt` mints a key for every attempt, so a test can prove the
// traces catch a client that does
const newKeyPerAttempt =
  process.argv.includes("--defect") && process.argv.includes("new-key-per-attempt");

const agentCommand = JSON.parse(process.env.ACP_TRACE_AGENT ?? "null");
if (!Array.isArray(agentCommand) || agentCommand.length === 0) {
  process.stderr.write("ACP_TRACE_AGENT: the agent's command, as a JSON array\n");
  process.exit(2);
}
const stateDir = process.env.ACP_TRACE_STATE_DIR ?? ".";
const sessionFile = join(stateDir, "session.json");
const pendingFile = join(stateDir, "pending.json");

let sessionId = readJson(sessionFile, {}).sessionId ?? null;
let pending = readJson(pendingFile, []); // [{sessionId, key, prompt}]
let link = null; // the open connection: {connection, agent, child, ready}
let failures = 0;

const app = acp
  .client({ name: "typescript-sdk-example-client" })
  .onNotification("session/update", () => {})
  .onRequest("session/request_permission", (ctx) => {
    // this client's user allows once, when the agent offers it
    const allow = ctx.params.options.find((option) => option.kind === "allow_once");
    return {
      outcome: allow
        ? { outcome: "selected", optionId: allow.optionId }
        : { outcome: "cancelled" },
    };
  });

function savePending() {
  writeJson(pendingFile, pending); // with its key, before the first attempt goes out
}

function connect() {
  const child = spawn(agentCommand[0], agentCommand.slice(1), {
    stdio: ["pipe", "pipe", "inherit"],
  });
  child.stdin.on("error", () => {}); // a dead agent shows as the connection closing
  child.on("error", () => {});
  const stream = acp.ndJsonStream(Writable.toWeb(child.stdin), Readable.toWeb(child.stdout));
  const connection = app.connect(stream);
  const current = { connection, agent: connection.agent, child, ready: null };
  link = current;
  current.ready = start(current);
  current.ready.catch(() => {});
  void connection.closed.then(() => lost(current));
  return current;
}

/** On a new connection: initialize, resume the session, resend what is pending. */
async function start(current) {
  await current.agent.request("initialize", INITIALIZE);
  if (sessionId !== null) {
    try {
      await current.agent.request("session/resume", { sessionId, cwd: process.cwd() });
    } catch (error) {
      if (current.connection.signal.aborted) throw error;
      // the agent no longer has the session: its pending prompts can't be resent
      pending = pending.filter((p) => p.sessionId !== sessionId);
      savePending();
      sessionId = null;
      writeJson(sessionFile, {});
    }
  }
  failures = 0;
  for (const prompt of pending.filter((p) => p.sessionId === sessionId)) send(current, prompt);
}

function send(current, prompt) {
  if (newKeyPerAttempt) prompt.key = randomUUID();
  const { key, prompt: content } = prompt;
  const params = { sessionId: prompt.sessionId, idempotencyKey: key, prompt: content };
  current.agent.request("session/prompt", params).then(
    () => answered(prompt),
    () => {
      // an answer, even an error, ends the submission; a lost connection does not
      if (!current.connection.signal.aborted) answered(prompt);
    },
  );
}

function answered(prompt) {
  pending = pending.filter((p) => p.key !== prompt.key);
  savePending();
}

function lost(current) {
  if (link !== current) return;
  link = null;
  current.child.kill();
  if (pending.length === 0) return; // reconnect when the user next needs the agent
  failures += 1;
  if (failures > RETRIES) {
    process.stderr.write(`not resending: the agent went away ${RETRIES} times in a row\n`);
    return;
  }
  setTimeout(() => {
    if (link === null) connect();
  }, 50 * 2 ** (failures - 1));
}

async function ready() {
  const current = link ?? connect();
  await current.ready;
  return current;
}

async function submit(text) {
  const current = await ready();
  if (sessionId === null) {
    const created = await current.agent.request("session/new", { cwd: process.cwd() });
    sessionId = created.sessionId;
    writeJson(sessionFile, { sessionId });
  }
  const prompt = { sessionId, key: randomUUID(), prompt: [{ type: "text", text }] };
  pending.push(prompt);
  savePending();
  send(current, prompt);
}

async function cancel() {
  if (sessionId === null || link === null) return;
  await link.agent.notify("session/cancel", { sessionId });
}

connect();
for await (const line of createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const action = JSON.parse(line);
  const work = action.action === "submit" ? submit(String(action.text ?? "")) : cancel();
  // a lost agent is the reconnect's to handle, not the user action's to report
  work.catch(() => {});
}
link?.connection.close();
link?.child.kill();
process.exit(0);
