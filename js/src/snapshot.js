// A snapshot of Pyodide's memory with the engine's wheels installed, its Python imported and
// every bridge function run once: started from it, the engine skips the interpreter's start
// and the imports. Made by scripts/snapshot.mjs in Node.js when the package is built, and in a
// browser by a second worker for a site served without one (src/serve.js), kept in the
// browser's Cache Storage for the next loads (src/cache.js).
// (Pyodide's snapshot API is experimental; the Pyodide version is pinned, and the tests run
// every way of starting.)

/**
 * The snapshot's bytes (not compressed).
 * @param {Function} loadPyodide
 * @param {{indexURL?: string, wheels: {name: string, bytes: Uint8Array}[]}} how
 */
export async function makeSnapshot(loadPyodide, { indexURL, wheels }) {
  const quiet = () => {};
  const options = { _makeSnapshot: true, stdout: quiet, stderr: quiet };
  if (indexURL) options.indexURL = indexURL; // Node finds the runtime's files itself
  const pyodide = await loadPyodide(options);
  // Installed by unzipping in Python, as a wheel is installed, rather than by loadPackage, which
  // keeps JavaScript objects that a snapshot cannot hold.
  const names = wheels.map((w) => w.name);
  for (const w of wheels) pyodide.FS.writeFile(`/tmp/${w.name}`, w.bytes);
  pyodide.runPython(`
import importlib, os, site, zipfile
for w in ${JSON.stringify(names)}:
    with zipfile.ZipFile("/tmp/" + w) as z:
        z.extractall(site.getsitepackages()[0])
    os.remove("/tmp/" + w)
importlib.invalidate_caches()
import fearsome_rules.tools.js_bridge
`);
  const bridge = pyodide.pyimport("fearsome_rules.tools.js_bridge");
  warmUp(bridge);
  bridge.destroy();
  return pyodide.makeMemorySnapshot();
}

// Every function called once before the snapshot is taken: what they import on first use
// (explain, render, parts of the standard library) and read from files (the version) is then
// in the snapshot's memory, which is all a snapshot keeps (not the files).
function warmUp(bridge) {
  const ask = (name, args = {}) => {
    const answer = JSON.parse(bridge.call(name, JSON.stringify(args)));
    if (answer.error) throw new Error(`${name}: ${answer.error.message}`);
    return answer.ok;
  };
  const names = new Set(bridge.FUNCTIONS.toJs());
  const once = (name, args) => { names.delete(name); return ask(name, args); };
  once("info");
  const state = once("new_game", { players: 2 });
  const walk = once("position", { players: 2, figures: { A5: "d1" }, moved: ["A1", "A3", "A4", "A5", "B1", "B3", "B4", "B5"] });
  const placing = once("new_game", { players: 2, setup: "advanced" });
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
  })) once(name, args);
  once("parse_position", { text: ask("position_string", { state }) });
  once("parse_diagram", { text: ask("diagram", { state }) });
  const record = once("to_record", { start: state, actions: ["A5 p11"] });
  once("from_record", { record });
  once("replay", { record });
  once("check_tiles", { record, seed: "00".repeat(32) });
  ask("walk_frames", { state, action: "A5 p11" }); // a figure move's frames, as the page asks
  if (names.size) throw new Error(`not warmed up: ${[...names].join(", ")}`);
}
