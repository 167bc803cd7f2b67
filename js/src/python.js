// The engine's Python on Pyodide, in whatever thread runs this (a Web Worker, a Node.js
// worker thread, or Node's main thread): the runtime from the `pyodide` package, and either
// the snapshot of it with the engine imported (snapshot/, the default) or the wheels shipped
// in this package, installed and imported at start.

/**
 * Starts Pyodide with the engine's bridge; resolves to `call(name, argsText) -> answerText`.
 * @param {{loadPyodide: Function, indexURL?: string, snapshot?: Uint8Array, wheels: string[]}} how
 */
export async function startPython({ loadPyodide, indexURL, snapshot, wheels }) {
  const quiet = () => {};
  let pyodide;
  if (snapshot) {
    pyodide = await loadPyodide({ indexURL, stdout: quiet, stderr: quiet, _loadSnapshot: snapshot });
  } else {
    pyodide = await loadPyodide({ indexURL, stdout: quiet, stderr: quiet });
    const problems = [];
    await pyodide.loadPackage(wheels, {
      messageCallback: quiet,
      errorCallback: (m) => problems.push(m),
      checkIntegrity: false,
    });
    if (problems.length) throw new Error(`the engine's wheels did not install: ${problems[0]}`);
  }
  const bridge = pyodide.pyimport("fearsome_rules.tools.js_bridge");
  // The JSON texts cross as UTF-8 bytes: Pyodide carries a string a character at a time (a
  // board's 28,000 characters took 0.5 ms in Node.js), bytes as one copy.
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  return (name, args) => {
    const answer = bridge.call_utf8(name, encoder.encode(args));
    try {
      return decoder.decode(answer.toJs());
    } finally {
      answer.destroy();
    }
  };
}

/** The gzipped snapshot's bytes, from a fetch Response (a browser's worker). */
export async function gunzipped(response) {
  if (!response.ok) throw new Error(`${response.url}: ${response.status}`);
  const stream = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
