// What the example agent and client share: the SDK's v2 entry point, a JSON file written
// so a crash never leaves half of it, and the idempotency key's rules.

import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from "node:fs";
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
  const temporary = `${path}.tmp`;
  const fd = openSync(temporary, "w");
  try {
    writeSync(fd, JSON.stringify(value));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temporary, path);
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
