// The engine's thread: a module Web Worker in a browser, a worker thread in Node.js. It starts
// Python when told how ({start}), then answers each {id, name, args} with {id, answer} (the
// bridge's JSON text) in order. Python runs one call at a time, so a call never waits on
// another's half-done work.
import { gunzipped, startPython } from "./python.js";

const node = typeof process !== "undefined" && process.versions?.node && typeof self === "undefined";
let post, listen;
if (node) {
  const { parentPort } = await import("node:worker_threads");
  post = (m) => parentPort.postMessage(m);
  listen = (f) => parentPort.on("message", f);
} else {
  post = (m) => self.postMessage(m);
  listen = (f) => self.addEventListener("message", (e) => f(e.data));
}

let call = null;
listen(async (message) => {
  if (message.start) {
    try {
      const { indexURL, wheels, snapshot, snapshotURL } = message.start;
      const { loadPyodide } = node
        ? await import("pyodide")
        : await import(new URL("pyodide.mjs", indexURL).href);
      const bytes = snapshotURL ? await gunzipped(await fetch(snapshotURL)) : snapshot;
      call = await startPython({ loadPyodide, indexURL: node ? undefined : indexURL, wheels, snapshot: bytes });
      post({ ready: true });
    } catch (e) {
      post({ ready: false, error: String(e && e.message ? e.message : e) });
    }
    return;
  }
  let answer;
  try {
    answer = call(message.name, message.args);
  } catch (e) {
    answer = JSON.stringify({ error: { kind: "InternalError", message: String(e), rule: "", field: "" } });
  }
  post({ id: message.id, answer });
});
