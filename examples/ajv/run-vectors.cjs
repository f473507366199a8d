// Runs every case of generated/vectors/ through Ajv 8 against generated/schema.unstable.json
// and reports each case whose outcome is not the one it expects, by id.
//
//   NODE_PATH=path/to/node_modules node examples/ajv/run-vectors.cjs [ROOT] [--assert-formats] [--json]
//
// ROOT is the repository (default: two folders up). --assert-formats checks `format` with
// ajv-formats, as many validators do: the few cases whose `divergence` names such validators
// then disagree. --json prints every case's outcome both ways, as one JSON array. A schema tells valid from invalid; which
// code a receiver answers with (-32600 envelope, -32601 method, -32602 params) is the
// receiver's own routing, so a case that expects any of those must only be schema-invalid.
// -32700 is the JSON parser's: JSON.parse must refuse the text.
"use strict";
const fs = require("node:fs");
const path = require("node:path");
const Ajv2020 = require("ajv/dist/2020").default;
const addFormats = require("ajv-formats").default;

const PARSE_ERROR = -32700;
// Keywords of ACP's schema that are no JSON Schema keywords: annotations, which strict
// mode refuses unless they are declared.
const ANNOTATIONS = [
  "x-method", "x-side", "x-retry-class", "x-stability", "x-docs-ignore",
  "x-deserialize-default-on-error", "x-deserialize-default-on-null",
  "x-deserialize-skip-invalid-items",
];
// Integer formats ajv-formats does not define (it has int32, int64 and double).
const UNSIGNED = { uint16: 2 ** 16 - 1, uint32: 2 ** 32 - 1, uint64: 2 ** 64 - 1 };

function validator(schema, assertFormats) {
  // JSON Schema 2020-12 reads `format` as an annotation, and so do the vectors: a URI that
  // is not one still validates. validateFormats: false is that reading. strict: true
  // includes strictRequired: every `required` name is declared beside it.
  const ajv = new Ajv2020({ strict: true, validateFormats: assertFormats });
  for (const keyword of ANNOTATIONS) ajv.addKeyword(keyword);
  if (assertFormats) {
    addFormats(ajv);
    for (const [name, max] of Object.entries(UNSIGNED)) {
      ajv.addFormat(name, { type: "number", validate: (n) => Number.isInteger(n) && n >= 0 && n <= max });
    }
  }
  return ajv.compile(schema);
}

function outcome(validate, message) {
  let instance;
  try {
    instance = JSON.parse(message);
  } catch {
    return "parse-error";
  }
  return validate(instance) ? "valid" : "invalid";
}

function expected(c) {
  if (c.expect.valid) return "valid";
  return c.expect.error === PARSE_ERROR ? "parse-error" : "invalid";
}

function main(argv) {
  const root = argv.find((a) => !a.startsWith("--")) ?? path.join(__dirname, "..", "..");
  const generated = path.join(root, "generated");
  const schema = JSON.parse(fs.readFileSync(path.join(generated, "schema.unstable.json"), "utf8"));
  const asserting = argv.includes("--assert-formats");
  const annotating = validator(schema, false);
  const formats = validator(schema, true);
  const dir = path.join(generated, "vectors");
  const files = ["envelope.json", ...fs.readdirSync(path.join(dir, "methods")).sort().map((f) => `methods/${f}`)];
  const results = [];
  for (const file of files) {
    const { groups } = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
    for (const group of groups) {
      for (const c of group.cases) {
        results.push({
          id: c.id, expected: expected(c), divergence: c.divergence ?? null,
          got: outcome(annotating, c.message), gotAssertingFormats: outcome(formats, c.message),
        });
      }
    }
  }
  const wrong = results.filter((r) => (asserting ? r.gotAssertingFormats : r.got) !== r.expected);
  if (argv.includes("--json")) {
    process.stdout.write(JSON.stringify(results) + "\n");
  } else {
    for (const r of wrong) {
      const note = r.divergence ? ` (divergence: ${r.divergence})` : "";
      const got = asserting ? r.gotAssertingFormats : r.got;
      console.log(`${r.id}: expected ${r.expected}, got ${got}${note}`);
    }
    console.log(`${results.length} cases, ${wrong.length} disagree`);
  }
  return wrong.length === 0 ? 0 : 1;
}

process.exitCode = main(process.argv.slice(2));
