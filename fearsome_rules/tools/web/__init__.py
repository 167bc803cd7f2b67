"""The web page's Python side, which never runs in the browser: the page (``web/``) is the
first user of the engine's npm package (``js/``), whose engine runs in a Web Worker; the
package's Python door is :mod:`fearsome_rules.tools.js_bridge`.

- :mod:`.site`: building the static site (the Pyodide runtime, the wheels, the package's
  modules, the page) and serving it on localhost (``fearsome-rules web``);
- :mod:`.browser`: the page in headless Chromium, for the tests and the benchmarks.
"""
