// The engine's thread, whichever it is: it starts Python when told how ({start}), then answers
// each {id, name, args} with {id, answer} (the bridge's JSON text) in order. Python runs one
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
    try {
      answer = call(message.name, message.args);
    } catch (e) {
      answer = JSON.stringify({ error: { kind: "InternalError", message: String(e), rule: "", field: "" } });
    }
    post({ id: message.id, answer });
  });
}
