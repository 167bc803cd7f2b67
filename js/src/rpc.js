// Calls into the engine's thread, by message: each call gets an id, and its promise is settled
// by the answer with that id. A small equivalent of comlink for one function, call(name, args).
import { FearsomeError } from "./errors.js";

/**
 * @param {{post: (m: object) => void, listen: (f: (m: any) => void) => void,
 *   onError: (f: (e: any) => void) => void, terminate: () => void,
 *   busy?: (yes: boolean) => void}} port
 * @param {{indexURL?: string, wheels: string[]}} start
 */
export function workerTransport(port, start) {
  const pending = new Map();
  let next = 0;
  let worked = 0; // the milliseconds the engine's thread spent on the calls answered so far
  let waited = 0; // and the milliseconds from each call's message sent to its answer received
  let ready, failed;
  const started = new Promise((res, rej) => { ready = res; failed = rej; });
  const fail = (why) => {
    const error = new FearsomeError({ kind: "EngineStopped", message: why });
    failed(error);
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
    port.busy?.(false);
  };
  port.listen((m) => {
    if ("ready" in m) {
      if (m.ready) ready({ from: m.from ?? "", key: m.key ?? null });
      else fail(`the engine did not start: ${m.error}`);
      return;
    }
    const waiting = pending.get(m.id);
    if (!waiting) return;
    pending.delete(m.id);
    worked += m.ms ?? 0;
    waited += performance.now() - waiting.sent;
    if (pending.size === 0) port.busy?.(false);
    waiting.resolve(m.answer);
  });
  port.onError((e) => fail(`the engine's worker stopped: ${e && e.message ? e.message : e}`));
  port.busy?.(true);
  port.post({ start });
  return {
    // How the engine started: {from: "snapshot" | "cache" | "wheels", key} (src/serve.js).
    started: started.then((how) => { port.busy?.(false); return how; }),
    call(name, args) {
      return new Promise((resolve, reject) => {
        const id = next++;
        if (pending.size === 0) port.busy?.(true);
        pending.set(id, { resolve, reject, sent: performance.now() });
        port.post({ id, name, args });
      });
    },
    worked: () => worked,
    waited: () => waited,
    close() {
      fail("the engine was closed");
      port.terminate();
    },
  };
}
