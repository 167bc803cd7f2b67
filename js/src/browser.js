// loadEngine() in a browser: the engine in a module Web Worker, so the page never waits on it.
// The Pyodide runtime and the wheels are files served beside the page: by default where a
// node_modules folder puts them (node_modules/pyodide/ and this package's wheels/), or where
// {pyodideURL, wheelsURL} say (a bundler's output, a CDN of your own). Started without the
// package's snapshot ({snapshot: false}), the engine starts from the snapshot this browser kept
// of an earlier start from the same wheels, or from the wheels and then keeps one for the next
// load ({cacheSnapshot: false}: never; src/cache.js).
import { Engine, engineOn } from "./engine.js";
import { FearsomeError } from "./errors.js";
import { workerTransport } from "./rpc.js";

export { Engine, FearsomeError };

const here = new URL("../", import.meta.url);

/**
 * @param {{pyodideURL?: string | URL, wheelsURL?: string | URL, workerURL?: string | URL,
 *   snapshotURL?: string | URL, snapshot?: boolean, cacheSnapshot?: boolean}} [options]
 */
export async function loadEngine(options = {}) {
  const known = ["pyodideURL", "wheelsURL", "workerURL", "snapshotURL", "snapshot", "cacheSnapshot"];
  for (const key of Object.keys(options ?? {})) {
    if (!known.includes(key)) throw new FearsomeError({ kind: "ArgumentTypeError", message: `loadEngine(options): no option ${JSON.stringify(key).slice(0, 40)} (it takes: ${known.join(", ")})` });
  }
  const dir = (u) => (String(u).endsWith("/") ? String(u) : `${u}/`);
  const pyodideURL = new URL(dir(options.pyodideURL ?? new URL("../pyodide/", here)), location.href).href;
  const wheelsURL = new URL(dir(options.wheelsURL ?? new URL("wheels/", here)), location.href).href;
  const manifest = await (await fetch(new URL("manifest.json", wheelsURL))).json();
  const start = { indexURL: pyodideURL, wheels: manifest.wheels.map((w) => new URL(w, wheelsURL).href) };
  if (options.snapshot !== false) {
    start.snapshotURL = new URL(options.snapshotURL ?? new URL("snapshot/engine.snapshot.gz", here), location.href).href;
  } else if (options.cacheSnapshot !== false) {
    start.cache = true;
  }
  const workerURL = options.workerURL ?? new URL("./worker-browser.js", import.meta.url);
  const worker = new Worker(workerURL, { type: "module" });
  let maker = null;
  const transport = workerTransport(
    {
      post: (m) => worker.postMessage(m),
      listen: (f) => worker.addEventListener("message", (e) => f(e.data)),
      onError: (f) => worker.addEventListener("error", (e) => f(e.message ?? e)),
      terminate: () => { worker.terminate(); maker?.terminate(); },
    },
    start,
  );
  const rules = async () => (await fetch(new URL("rules.json", here))).json();
  const engine = await engineOn(transport, rules);
  const how = await transport.started;
  let kept = Promise.resolve(0);
  if (how.key) {
    // Started from the wheels: a second worker makes the snapshot for the next load, once this
    // one answers (it does not slow the start, only takes another core for a few seconds).
    maker = new Worker(workerURL, { type: "module" });
    kept = new Promise((resolve) => {
      const done = (bytes) => { maker.terminate(); maker = null; resolve(bytes); };
      maker.addEventListener("message", (e) => { if ("kept" in e.data) done(e.data.kept); });
      maker.addEventListener("error", () => done(0));
      maker.postMessage({ makeSnapshot: { indexURL: start.indexURL, wheels: start.wheels, key: how.key } });
    });
  }
  /** @internal How the engine started ("snapshot", "cache": the one this browser kept, or
   * "wheels"), and the bytes of the snapshot kept for the next load (0: none). */
  engine._startedFrom = how.from;
  engine._snapshotKept = kept;
  return engine;
}
