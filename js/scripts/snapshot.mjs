// Makes snapshot/engine.snapshot.gz (src/snapshot.js): Pyodide's memory just after the
// engine's wheels were installed and its Python side imported. Starting from it skips the
// interpreter's start and the imports (about 4 s of processor time become under 1 s); the
// wheels stay in the package for loadEngine({snapshot: false}). Run by `npm run build` after
// the wheels are built.
//
// The web page's build (fearsome_rules/tools/web/site.py) runs it too, for a site whose wheels
// were made from the clone as it is when this package's were not: `node snapshot.mjs --wheels
// DIR --out DIR --pyodide DIR` (the wheels with their manifest.json; where the snapshot and
// its manifest go; the pyodide npm package that runs them).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { makeSnapshot } from "../src/snapshot.js";

const folder = (path) => pathToFileURL(path.endsWith("/") ? path : `${path}/`);
let given;
try {
  const options = { wheels: { type: "string" }, out: { type: "string" }, pyodide: { type: "string" } };
  given = parseArgs({ options }).values;
} catch (e) {
  console.error(`snapshot.mjs: ${e.message.split("\n")[0].slice(0, 200)}`);
  process.exit(2);
}
const here = new URL("../", import.meta.url);
const wheels = given.wheels ? folder(given.wheels) : new URL("wheels/", here);
const out = given.out ? folder(given.out) : new URL("snapshot/", here);
const runtime = given.pyodide ? new URL("pyodide.mjs", folder(given.pyodide)).href : "pyodide";
const { loadPyodide } = await import(runtime);
const manifest = JSON.parse(readFileSync(new URL("manifest.json", wheels), "utf8"));
const raw = await makeSnapshot(loadPyodide, {
  wheels: manifest.wheels.map((name) => ({ name, bytes: readFileSync(new URL(name, wheels)) })),
});
// gzip's level 6, not 9: 25 MB of memory in 1.7 s instead of 6.2 s, 7.23 MB instead of 7.17.
const snapshot = gzipSync(raw, { level: 6 });
mkdirSync(out, { recursive: true });
writeFileSync(new URL("engine.snapshot.gz", out), snapshot);
const info = { pyodide: manifest.pyodide, wheels: manifest.wheels, bytes: snapshot.length };
writeFileSync(new URL("manifest.json", out), JSON.stringify(info, null, 2) + "\n");
console.log(`engine.snapshot.gz: ${(snapshot.length / 1e6).toFixed(1)} MB`);
