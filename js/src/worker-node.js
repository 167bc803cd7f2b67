// The engine's worker thread in Node.js (src/node.js starts it).
import { parentPort } from "node:worker_threads";
import { serve } from "./serve.js";

serve(
  (m) => parentPort.postMessage(m),
  (f) => parentPort.on("message", f),
  () => import("pyodide"),
);
