// Makes snapshot/engine.snapshot.gz: Pyodide's memory just after the engine's wheels were
// installed and its Python side imported. Starting from it skips the interpreter's start and
// the imports (about 4 s of processor time become under 1 s); the wheels stay in the package
// for loadEngine({snapshot: false}). Run by `npm run build` after the wheels are built.
// (Pyodide's snapshot API is experimental; the Pyodide version is pinned, and the tests run
// both ways of starting.)
//
// The web page's build (fearsome_rules/tools/web/site.py) runs it too, for a site whose wheels
// were made from the clone as it is when this package's were not: `node snapshot.mjs --wheels
// DIR --out DIR --pyodide DIR` (the wheels with their manifest.json; where the snapshot and
// its manifest go; the pyodide npm package that runs them).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";

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
const quiet = () => {};
const pyodide = await loadPyodide({ _makeSnapshot: true, stdout: quiet, stderr: quiet });
// Installed by unzipping in Python, as a wheel is installed, rather than by loadPackage, which
// keeps JavaScript objects that a snapshot cannot hold.
for (const w of manifest.wheels) pyodide.FS.writeFile(`/tmp/${w}`, readFileSync(new URL(w, wheels)));
pyodide.runPython(`
import importlib, os, site, zipfile
for w in ${JSON.stringify(manifest.wheels)}:
    with zipfile.ZipFile("/tmp/" + w) as z:
        z.extractall(site.getsitepackages()[0])
    os.remove("/tmp/" + w)
importlib.invalidate_caches()
import fearsome_rules.tools.js_bridge
`);
// Every function called once before the snapshot is taken: what they import on first use
// (explain, render, parts of the standard library) and read from files (the version) is then
// in the snapshot's memory, which is all a snapshot keeps (not the files).
const bridge = pyodide.pyimport("fearsome_rules.tools.js_bridge");
const ask = (name, args = {}) => {
  const answer = JSON.parse(bridge.call(name, JSON.stringify(args)));
  if (answer.error) throw new Error(`${name}: ${answer.error.message}`);
  return answer.ok;
};
const names = new Set(bridge.FUNCTIONS.toJs());
const warmUp = (name, args) => { names.delete(name); return ask(name, args); };
warmUp("info");
const state = warmUp("new_game", { players: 2 });
const walk = warmUp("position", { players: 2, figures: { A5: "d1" }, moved: ["A1", "A3", "A4", "A5", "B1", "B3", "B4", "B5"] });
const placing = warmUp("new_game", { players: 2, setup: "advanced" });
for (const [name, args] of Object.entries({
  read_state: { state }, apply: { state, action: "A5 p11" }, apply_traced: { state: walk, action: "reveal 8" },
  check: { state, action: "A5 o11" }, legal_moves: { state }, legal_actions: { state: walk },
  destinations: { state }, continuations: { state, figure: "A5", path: ["p11"] },
  chance_outcomes: { state: walk }, outcome: { state }, legal_placements: { state: placing },
  parse_action: { text: "A5 p11" }, format_action: { action: { type: "reveal", tile: "8" } },
  position_string: { state }, diagram: { state }, explain: { state: walk, tile: "8" },
  render_svg: { state: walk, walk: "reveal 8" }, choose_move: { state, nodes: 5 },
  rule_options: { options: { three_hits: true } },
  board_svg: { state, marks: { p11: "next" }, labels: { p11: "1" } },
  continuations_board: { state, figure: "A5", path: ["p11"], marks: { p11: "path" } },
  walk_frames: { state: walk, tile: "8" }, walk_frame: { state: walk, tile: "8", k: 1 },
  compare_readings: { state: walk, tile: "8", option: "wrap_entry_figure" },
  readings_that_matter: { state: walk, action: "reveal 8" },
  panel: { state, players: ["person", "greedy"] }, draw_tile: { state: walk, seed: 1 },
})) warmUp(name, args);
warmUp("parse_position", { text: ask("position_string", { state }) });
warmUp("parse_diagram", { text: ask("diagram", { state }) });
const record = warmUp("to_record", { start: state, actions: ["A5 p11"] });
warmUp("from_record", { record });
warmUp("replay", { record });
warmUp("check_tiles", { record, seed: "00".repeat(32) });
ask("walk_frames", { state, action: "A5 p11" }); // a figure move's frames, as the page asks
if (names.size) throw new Error(`not warmed up: ${[...names].join(", ")}`);
bridge.destroy();
// gzip's level 6, not 9: 25 MB of memory in 1.7 s instead of 6.2 s, 7.23 MB instead of 7.17.
const snapshot = gzipSync(pyodide.makeMemorySnapshot(), { level: 6 });
mkdirSync(out, { recursive: true });
writeFileSync(new URL("engine.snapshot.gz", out), snapshot);
const info = { pyodide: manifest.pyodide, wheels: manifest.wheels, bytes: snapshot.length };
writeFileSync(new URL("manifest.json", out), JSON.stringify(info, null, 2) + "\n");
console.log(`engine.snapshot.gz: ${(snapshot.length / 1e6).toFixed(1)} MB`);
