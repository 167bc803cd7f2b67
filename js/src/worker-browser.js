// The engine's module Web Worker in a browser (src/browser.js starts it). Pyodide is imported
// from where its files are served (pyodideURL), not bundled: a bundler leaves this import alone.
import { serve } from "./serve.js";

serve(
  (m) => self.postMessage(m),
  (f) => self.addEventListener("message", (e) => f(e.data)),
  (indexURL) => import(/* @vite-ignore */ /* webpackIgnore: true */ new URL("pyodide.mjs", indexURL).href),
);
