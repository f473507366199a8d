// What the example agent and client share: the SDK's v2 entry point, a JSON file written
// so a crash never leaves half of it, and the idempotency key's rules.

import {
  closeSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

// ESM imports ignore NODE_PATH; resolving through CommonJS honours it, so the examples run
// with `NODE_PATH=tests/node/node_modules` as well as from a folder that installed the SDK.
const require = createRequire(import.meta.url);
const entry = require.resolve("@agentclientprotocol/sdk/experimental/v2/unstable");

/** `@agentclientprotocol/sdk/experimental/v2/unstable`: agent(), client(), ndJsonStream, ... */
export const acp = await import(pathToFileURL(entry).href);

/** The JSON in `path`, or `fallback` when there is no such file. */
export function readJson(path, fallback) {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    if (error.code === "ENOENT") return fallback;
    throw error;
  }
}

/** Replace `path` with `value` as JSON: the old file or the new one, never a mix. */
export function writeJson(path, value) {
  // a name of this process's own: two processes writing at once never rename each other's
  const temporary = `${path}.${process.pid}.tmp`;
  const fd = openSync(temporary, "w");
  try {
    writeSync(fd, JSON.stringify(value));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
}

const LOCK_WAIT_MS = 10_000;
const pause = new Int32Array(new SharedArrayBuffer(4));

/**
 * Run `change` on the JSON in `path` (or `fallback`) while no other process may, and write
 * what it left: agents on several connections share the file, so each change reads what
 * the others wrote and none is lost. The lock is a file made with O_EXCL holding the
 * owner's pid; a lock whose owner died (kill -9) is taken over. Returns what `change` does.
 */
export function updateJson(path, fallback, change) {
  const lock = `${path}.lock`;
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      const fd = openSync(lock, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
      if (!ownerAlive(lock)) {
        try {
          unlinkSync(lock);
        } catch {}
        continue;
      }
      if (Date.now() > deadline) throw new Error(`${lock} is held by another process`);
      Atomics.wait(pause, 0, 0, 5); // a synchronous sleep: the lock is held for microseconds
    }
  }
  try {
    const data = readJson(path, fallback);
    const result = change(data);
    writeJson(path, data);
    return result;
  } finally {
    unlinkSync(lock);
  }
}

function ownerAlive(lock) {
  let pid;
  try {
    pid = Number(readFileSync(lock, "utf8"));
  } catch {
    return true; // made but not written yet, or just removed: look again
  }
  if (!Number.isInteger(pid) || pid <= 0) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

/**
 * `key` if it is a valid idempotency key (a string of 1 to 255 code points), else an
 * Invalid params error: a key that is not one is refused, never taken as omitted.
 */
export function checkKey(key) {
  if (typeof key !== "string") {
    throw acp.RequestError.invalidParams(
      { path: "params.idempotencyKey" },
      "idempotencyKey is a string",
    );
  }
  const length = [...key].length; // code points, not UTF-16 units
  if (length < 1 || length > 255) {
    throw acp.RequestError.invalidParams(
      { path: "params.idempotencyKey" },
      `idempotencyKey has 1 to 255 characters, not ${length}`,
    );
  }
  return key;
}
