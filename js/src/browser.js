// loadEngine() in a browser: the engine in a module Web Worker, so the page never waits on it.
// The Pyodide runtime and the wheels are files served beside the page: by default where a
// node_modules folder puts them (node_modules/pyodide/ and this package's wheels/), or where
// {pyodideURL, wheelsURL} say (a bundler's output, a CDN of your own).
import { Engine, engineOn } from "./engine.js";
import { FearsomeError } from "./errors.js";
import { workerTransport } from "./rpc.js";

export { Engine, FearsomeError };

const here = new URL("../", import.meta.url);

/**
 * @param {{pyodideURL?: string | URL, wheelsURL?: string | URL, workerURL?: string | URL,
 *   snapshotURL?: string | URL, snapshot?: boolean}} [options]
 */
export async function loadEngine(options = {}) {
  const known = ["pyodideURL", "wheelsURL", "workerURL", "snapshotURL", "snapshot"];
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
  }
  const worker = new Worker(options.workerURL ?? new URL("./worker-browser.js", import.meta.url), { type: "module" });
  const transport = workerTransport(
    {
      post: (m) => worker.postMessage(m),
      listen: (f) => worker.addEventListener("message", (e) => f(e.data)),
      onError: (f) => worker.addEventListener("error", (e) => f(e.message ?? e)),
      terminate: () => worker.terminate(),
    },
    start,
  );
  const rules = async () => (await fetch(new URL("rules.json", here))).json();
  return engineOn(transport, rules);
}
