// The engine's thread, whichever it is: it starts Python when told how ({start}), then answers
// each {id, name, args} with {id, answer, ms} (the bridge's JSON text, the milliseconds it took
// in this thread) in order. Python runs one call at a time, so a call never waits on another's
// half-done work. In a browser a second worker of the same script makes the snapshot that a
// site without one keeps ({makeSnapshot}: src/cache.js).
import { cachedSnapshot, dropSnapshot, keepSnapshot, snapshotKey } from "./cache.js";
import { gunzipped, startPython } from "./python.js";
import { makeSnapshot } from "./snapshot.js";

const message_ = (e) => String(e && e.message ? e.message : e);

/**
 * @param {(m: object) => void} post
 * @param {(f: (m: any) => void) => void} listen
 * @param {(indexURL?: string) => Promise<{loadPyodide: Function, version: string}>} pyodideModule
 */
export function serve(post, listen, pyodideModule) {
  let call = null;
  listen(async (message) => {
    if (message.start) {
      try {
        post({ ready: true, ...(await start(message.start)) });
      } catch (e) {
        post({ ready: false, error: message_(e) });
      }
      return;
    }
    if (message.makeSnapshot) {
      try {
        post({ kept: await snapshotMade(message.makeSnapshot) });
      } catch (e) {
        post({ kept: 0, error: message_(e) });
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

  // From the package's snapshot, else (asked to: {cache}) from the one this browser kept for
  // these wheels, else from the wheels; a kept snapshot that fails to start is dropped.
  async function start({ indexURL, wheels, snapshot, snapshotURL, cache }) {
    const { loadPyodide, version } = await pyodideModule(indexURL);
    const from = (bytes, how) => startPython({ loadPyodide, indexURL, wheels, snapshot: bytes }).then((c) => { call = c; return how; });
    if (snapshotURL) return { from: await from(await gunzipped(await fetch(snapshotURL)), "snapshot") };
    if (snapshot) return { from: await from(snapshot, "snapshot") };
    if (!cache || !globalThis.caches) return { from: await from(undefined, "wheels") };
    const { key } = await snapshotKey(version, wheels);
    const kept = await cachedSnapshot(key);
    if (kept) {
      try {
        return { from: await from(await gunzipped(kept), "cache") };
      } catch {
        await dropSnapshot(key);
      }
    }
    return { from: await from(undefined, "wheels"), key };
  }

  async function snapshotMade({ indexURL, wheels, key }) {
    const { loadPyodide, version } = await pyodideModule(indexURL);
    const now = await snapshotKey(version, wheels);
    if (now.key !== key) throw new Error("the wheels changed since the engine started");
    const files = now.files.map((f) => ({ name: decodeURIComponent(f.url.split("/").pop()), bytes: f.bytes }));
    return keepSnapshot(key, await makeSnapshot(loadPyodide, { indexURL, wheels: files }));
  }
}
