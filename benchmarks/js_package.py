"""The npm package's timings in headless Chromium, run by hand:
``python3 benchmarks/js_package.py`` (it needs what the browser tests need, and ``npm ci && npm
run build`` in js/). The Node.js figures: ``node bench/node.mjs`` in js/.

The package (js/) and Pyodide (js/node_modules/pyodide) are served from localhost as files, no
bundler, and a page loads the engine into a module Web Worker:

- **first load, cold**: from the navigation to the engine's first answer, in a new browser with
  an empty cache; **warm**: the same page loaded again in that browser (its HTTP cache, and the
  WebAssembly it compiled, kept);
- then the calls of ``js/bench/ops.mjs`` (the same as in Node.js), each the median of 30 calls
  measured in the page around the promise the API answers: the message to the worker and back
  included.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from fearsome_rules.tools.web import browser as wb

JS = Path(__file__).resolve().parent.parent / "js"
PAGE = """<!doctype html><meta charset="utf-8"><title>fearsome-rules timings</title>
<script type="module">
import { loadEngine } from "./pkg/src/browser.js";
import { bench } from "./pkg/bench/ops.mjs";
const t0 = performance.now();
const engine = await loadEngine({ pyodideURL: "./pyodide/" });
await engine.newGame();
window.loadMs = performance.now() - t0;
window.run = async () => { window.figures = await bench(engine); };
</script>"""


def _wait(chromium: Any, what: str, seconds: float = 300) -> Any:
    deadline = time.monotonic() + seconds
    while (value := chromium.execute_script(f"return window.{what}")) is None:
        if time.monotonic() > deadline:
            raise TimeoutError(f"no {what} after {seconds:.0f} s")
        time.sleep(0.05)
    return value


def fmt(ms: float) -> str:
    return f"{ms:8.0f} ms" if ms >= 100 else f"{ms:8.2f} ms"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=3, help="new browsers to load in")
    args = parser.parse_args(argv)
    missing = wb.missing()
    if missing:
        print(f"js_package: {missing}", file=sys.stderr)
        return 1
    cold: list[float] = []
    warm: list[float] = []
    figures: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "index.html").write_text(PAGE, "utf-8")
        (folder / "pkg").symlink_to(JS)
        (folder / "pyodide").symlink_to(JS / "node_modules" / "pyodide")
        with wb.served(folder) as (_httpd, url):
            for k in range(args.loads):
                chromium = wb.driver()
                try:
                    chromium.get(url)
                    cold.append(_wait(chromium, "loadMs"))
                    chromium.get(url)
                    warm.append(_wait(chromium, "loadMs"))
                    if k == 0:
                        chromium.execute_script("window.run()")
                        figures = _wait(chromium, "figures")
                finally:
                    chromium.quit()
    print(f"{'first load, cold (a new browser)':<60}{fmt(statistics.median(cold))}")
    print(f"{'first load, warm (loaded again)':<60}{fmt(statistics.median(warm))}")
    for what, ms in figures.items():
        print(f"{what:<60}{fmt(ms)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
