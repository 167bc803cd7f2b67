// loadEngine() in Node.js: the engine in a worker thread (the default: a long call, a bot's
// search say, never blocks the event loop) or in this thread ({worker: false}: no message
// between threads, for scripts and the protocol engine).
import { readFile } from "node:fs/promises";
import { gunzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { Engine, engineOn } from "./engine.js";
import { FearsomeError } from "./errors.js";
import { workerTransport } from "./rpc.js";
import { startPython } from "./python.js";

export { Engine, FearsomeError };

const here = new URL("../", import.meta.url);

async function wheels() {
  const manifest = JSON.parse(await readFile(new URL("wheels/manifest.json", here), "utf8"));
  return manifest.wheels.map((w) => fileURLToPath(new URL(`wheels/${w}`, here)));
}

/** The snapshot of Pyodide with the engine imported, if the package has one (npm run build). */
async function snapshot() {
  try {
    return new Uint8Array(gunzipSync(await readFile(new URL("snapshot/engine.snapshot.gz", here))));
  } catch (e) {
    if (e.code === "ENOENT") return undefined;
    throw e;
  }
}

const rules = async () => JSON.parse(await readFile(new URL("rules.json", here), "utf8"));

/** This process's Node.js flags, less those of a script given on the command line (`-e`,
 * `--input-type`), which a worker thread refuses. */
function workerArgv() {
  const out = [];
  const argv = process.execArgv;
  for (let k = 0; k < argv.length; k++) {
    const a = argv[k];
    if (a.startsWith("--input-type")) continue;
    if (["-e", "--eval", "-p", "--print"].includes(a)) { k++; continue; }
    if (/^(--eval|--print)=/.test(a)) continue;
    out.push(a);
  }
  return out;
}

/**
 * Starts the engine (Pyodide and the engine's wheels, all inside this package).
 * @param {{worker?: boolean, snapshot?: boolean}} [options]
 */
export async function loadEngine(options = {}) {
  const known = ["worker", "snapshot"];
  for (const key of Object.keys(options ?? {})) {
    if (!known.includes(key)) throw new FearsomeError({ kind: "ArgumentTypeError", message: `loadEngine(options): no option ${JSON.stringify(key).slice(0, 40)} (it takes: ${known.join(", ")})` });
  }
  const start = { wheels: await wheels() };
  if (options?.snapshot !== false) start.snapshot = await snapshot();
  if (options?.worker === false) {
    const { loadPyodide } = await import("pyodide");
    const call = await startPython({ loadPyodide, ...start });
    const closed = () => { throw new FearsomeError({ kind: "EngineStopped", message: "the engine was closed" }); };
    let live = call;
    return engineOn(
      { started: Promise.resolve(), call: async (n, a) => live(n, a), close: () => { live = closed; } },
      rules,
    );
  }
  const worker = new Worker(new URL("./worker-node.js", import.meta.url), { execArgv: workerArgv() });
  const transport = workerTransport(
    {
      post: (m) => worker.postMessage(m),
      listen: (f) => worker.on("message", f),
      onError: (f) => { worker.on("error", f); worker.on("exit", (code) => f(new Error(`exit code ${code}`))); },
      terminate: () => worker.terminate(),
      // The worker keeps the process alive only while a call waits for it, so a script ends
      // when its work is done, without close().
      busy: (yes) => (yes ? worker.ref() : worker.unref()),
    },
    start,
  );
  return engineOn(transport, rules);
}
