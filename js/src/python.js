// The engine's Python on Pyodide, in whatever thread runs this (a Web Worker, a Node.js
// worker thread, or Node's main thread): the runtime from the `pyodide` package, the wheels
// shipped in this package, and the bridge module that takes and answers JSON text.

/**
 * Starts Pyodide, installs the wheels (in the order of wheels/manifest.json) and imports the
 * engine's bridge; resolves to `call(name, argsText) -> answerText`.
 * @param {{loadPyodide: Function, indexURL?: string, wheels: string[]}} how
 */
export async function startPython({ loadPyodide, indexURL, wheels }) {
  const quiet = () => {};
  const pyodide = await loadPyodide({ indexURL, stdout: quiet, stderr: quiet });
  const problems = [];
  await pyodide.loadPackage(wheels, {
    messageCallback: quiet,
    errorCallback: (m) => problems.push(m),
    checkIntegrity: false,
  });
  if (problems.length) throw new Error(`the engine's wheels did not install: ${problems[0]}`);
  const bridge = pyodide.pyimport("fearsome_rules.tools.js_bridge");
  return (name, args) => bridge.call(name, args);
}
