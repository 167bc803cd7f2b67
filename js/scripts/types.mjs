// Generates types/*.d.ts from schemas/*.json with json-schema-to-typescript: the package's types
// of the engine's formats are never written by hand, so they cannot drift from the formats.
// `node scripts/types.mjs --check` fails if a checked-in file differs from what it would write.
import { compile } from "json-schema-to-typescript";
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";

const here = new URL("../", import.meta.url);
// The type each schema becomes (json-schema-to-typescript names it after the title).
const NAMES = {
  state: "GameState",
  action: "ActionJSON",
  events: "EngineEvent",
  record: "GameRecordJSON",
  protocol: "ProtocolMessage",
  results: "ConformanceResults",
};
const check = process.argv.includes("--check");
let stale = [];
mkdirSync(new URL("types/", here), { recursive: true });
for (const [file, name] of Object.entries(NAMES)) {
  const schema = JSON.parse(readFileSync(new URL(`schemas/${file}.schema.json`, here), "utf8"));
  schema.title = name;
  delete schema.$id;
  const ts = await compile(schema, name, {
    bannerComment: `/* Generated from schemas/${file}.schema.json by scripts/types.mjs: do not edit. */`,
    additionalProperties: false,
    unreachableDefinitions: true,
    style: { printWidth: 100 },
  });
  const out = new URL(`types/${file}.d.ts`, here);
  let old = "";
  try { old = readFileSync(out, "utf8"); } catch {}
  if (old === ts) continue;
  if (check) stale.push(`types/${file}.d.ts`);
  else writeFileSync(out, ts);
}
if (stale.length) {
  console.error(`stale: ${stale.join(", ")}: run npm run build (or node scripts/types.mjs)`);
  process.exit(1);
}
