// The engine's thread, whichever it is: it starts Python when told how ({start}), then answers
// each {id, name, args} with {id, answer, ms} (the bridge's JSON text, the milliseconds it took
// in this thread) in order. Python runs one
// call at a time, so a call never waits on another's half-done work.
import { gunzipped, startPython } from "./python.js";

/**
 * @param {(m: object) => void} post
 * @param {(f: (m: any) => void) => void} listen
 * @param {(indexURL?: string) => Promise<{loadPyodide: Function}>} pyodideModule
 */
export function serve(post, listen, pyodideModule) {
  let call = null;
  listen(async (message) => {
    if (message.start) {
      try {
        const { indexURL, wheels, snapshot, snapshotURL } = message.start;
        const { loadPyodide } = await pyodideModule(indexURL);
        const bytes = snapshotURL ? await gunzipped(await fetch(snapshotURL)) : snapshot;
        call = await startPython({ loadPyodide, indexURL, wheels, snapshot: bytes });
        post({ ready: true });
      } catch (e) {
        post({ ready: false, error: String(e && e.message ? e.message : e) });
      }
      return;
    }
    let answer;
    const t0 = performance.now();
    try {
      answer = call(message.name, message.args);
    } catch (e) {
      answer = JSON.stringify({ error: { kind: "InternalError", message: String(e), rule: "", field: "" } });
    }
    // The time the engine worked on it, in its thread (what a loaded machine moves least).
    post({ id: message.id, answer, ms: performance.now() - t0 });
  });
}
