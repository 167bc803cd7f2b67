"""The web page's timings, measured in a real headless Chromium on the built site served from
localhost (run by hand: ``python3 benchmarks/web.py``; needs what the browser tests need).

- **first load**: from the navigation to the page ready (the Pyodide runtime compiled, the
  engine's memory restored from the site's snapshot, or the wheels installed and the engine
  imported where the site has none; a first game and the rules' editor drawn), cold (each time
  in a new browser with an empty cache) and warm (the page loaded again in the same browser:
  its files in the cache); the start the site makes is printed, and ``--wheels`` also times a
  copy of the site without its snapshot (what a site made without Node.js does: its cold load
  from the wheels, its warm load from the snapshot the browser kept meanwhile);
- **a round trip**: a call the engine refuses at once, the message to its Web Worker and back:
  what any click costs before the engine works;
- **legal-move highlighting**: a click on a waiting figure, then on p11: the engine's answer
  (``continuationsBoard``: the next squares and the board marking them, one message) and the
  board redrawn where it changed;
- **applying a move**: the move's last click and a bot's move (greedy: the move chosen and
  applied), each with the board redrawn;
- **a walk's events ready**: a monster tile carried out, cut into steps and explained (every
  frame's narration and events), then the first frame's picture.

Each figure is the median of several runs, in milliseconds, measured by the page itself
(``performance.now()`` around the call and the redraw). Medians only; the machine is shared.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from fearsome_rules.tools.web import browser as wb

# One action as the page does it, timed around the call and the redraw (layout forced): up to
# the board drawn, every call it made answered (the page's engine answers in its Web Worker;
# an earlier page answered at once, on the main thread: `await` takes either).
_TIMED = """
const [name, args] = arguments;
return (async () => {
  const worked = () => (ff.engine._worked ? ff.engine._worked() : NaN); // an older page: null
  const waited = () => (ff.engine._waited ? ff.engine._waited() : NaN);
  const [w0, v0] = [worked(), waited()];
  const t0 = performance.now();
  const answer = await ff.act(name, args);
  if (ff.idle) await ff.idle();
  document.body.getBoundingClientRect();
  const t1 = performance.now();
  return [t1 - t0, (answer && answer.error) || "", worked() - w0, waited() - v0];
})();
"""

# The bare round trip of the page's engine: a message to its Web Worker and back, with a call
# the engine refuses at once (no rule worked out, no state read).
_ROUND_TRIP = """
return (async () => {
  const t0 = performance.now();
  await ff.engine._call("no_such_call", {}).catch(() => null);
  return performance.now() - t0;
})();
"""

_WALK = """
const [tile] = arguments;
return (async () => {
  const t0 = performance.now();
  const answer = await ff.call("reveal", {tile});
  const t1 = performance.now();
  await ff.call("walk_frame", {which: answer.walk.which, k: 0});
  const t2 = performance.now();
  await ff.call("undo");
  return [t1 - t0, t2 - t0, answer.walk.frames.length, answer.error || ""];
})();
"""


_WORKED: dict[str, list[float]] = {}
"""By the name of a figure timed: the milliseconds the engine's Python worked on it in its Web
Worker (summed over the action's calls), which a loaded machine moves less than the whole."""
_SPLIT: dict[str, list[tuple[float, float]]] = {}
"""By the name of a figure timed: the milliseconds of its messages (from each call sent to its
answer received, less the worker's work: the messages and the waits for either thread) and of
the browser's styles and layout (its RecalcStyleDuration and LayoutDuration); the rest of the
whole is the page's own script and the DOM."""


def _styled(browser: Any) -> float:
    got = browser.execute_cdp_cmd("Performance.getMetrics", {})["metrics"]
    values = {m["name"]: m["value"] for m in got}
    return float(values.get("RecalcStyleDuration", 0.0) + values.get("LayoutDuration", 0.0)) * 1000


def _timed(browser: Any, name: str, what: str = "", **args: object) -> float:
    before = _styled(browser) if what else 0.0
    ms, error, worked, waited = browser.execute_script(_TIMED, name, args)
    if error:
        raise RuntimeError(f"{name} {args}: {error}")
    if what and worked is not None:
        _WORKED.setdefault(what, []).append(float(worked))
        if waited is not None:
            _SPLIT.setdefault(what, []).append((waited - worked, _styled(browser) - before))
    return float(ms)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=5, help="page loads (default 5)")
    parser.add_argument("--runs", type=int, default=20, help="runs of each action (default 20)")
    parser.add_argument(
        "--site", type=Path, help="time this site, built already (another commit's)"
    )
    parser.add_argument(
        "--wheels", action="store_true", help="also time the start from the wheels, no snapshot"
    )
    args = parser.parse_args()
    reason = wb.missing()
    if reason:
        print(f"cannot measure: {reason}", file=sys.stderr)
        return 2
    from fearsome_rules.tools.web import site

    folder = args.site or site.build(log=lambda line: print(line, file=sys.stderr))
    manifest = json.loads((folder / "manifest.json").read_text("utf-8"))
    print(f"the site starts from {'its snapshot' if 'snapshot' in manifest else 'its wheels'}")
    rows = _loads(folder, args.loads, "")
    if args.wheels and "snapshot" in manifest:
        with tempfile.TemporaryDirectory() as tmp:
            bare = Path(tmp) / "site"
            shutil.copytree(folder, bare, ignore=shutil.ignore_patterns("snapshot"))
            del manifest["snapshot"]
            (bare / "manifest.json").write_text(json.dumps(manifest), "utf-8")
            rows.update(_loads(bare, args.loads, ", from the wheels"))
    with wb.served(folder) as (_, url):
        browser = wb.driver()
        try:
            browser.execute_cdp_cmd("Performance.enable", {})
            wb.load(browser, url)
            results = _measure(browser, args.runs)
        finally:
            browser.quit()
    for what, ms in rows.items():
        print(f"{what:<52} {statistics.median(ms):8.0f} ms")
    for what, values in results.items():
        worked = _WORKED.get(what)
        inside = f" ({statistics.median(worked):5.2f} in the worker" if worked else ""
        split = _SPLIT.get(what)
        if split:
            messages = statistics.median(m for m, _ in split)
            styled = statistics.median(x for _, x in split)
            inside += f", {messages:4.2f} the messages, {styled:4.2f} style and layout"
        print(f"{what:<52} {statistics.median(values):8.2f} ms{inside}{')' if inside else ''}")
    return 0


def _loads(folder: Path, loads: int, how: str) -> dict[str, list[float]]:
    """The first loads of the site in ``folder``, cold and warm, and the engine's part of each
    (from the page's script run to the engine answering: the worker, the runtime, the snapshot
    or the wheels). A site without a snapshot keeps one in the browser after its cold load
    (the page's engine makes it in a second worker): the warm load waits for it, and starts
    from it."""
    out: dict[str, list[float]] = {
        f"first load, cold{how}": [],
        f"first load, warm{how}": [],
        f"  of which the engine's start, warm{how}": [],
        f"  the snapshot kept by the browser after the cold load{how}": [],
    }
    keys = list(out)
    starts: set[str] = set()
    with wb.served(folder) as (_, url):
        for _ in range(loads):
            browser = wb.driver()
            try:
                out[keys[0]].append(wb.load(browser, url) * 1000)
                t0 = time.perf_counter()
                if browser.execute_script("return ff.load.kept || 0"):  # an older page: none
                    out[keys[3]].append((time.perf_counter() - t0) * 1000)
                out[keys[1]].append(wb.load(browser, url) * 1000)
                out[keys[2]].append(float(browser.execute_script("return ff.load.engine")))
                starts.add(str(browser.execute_script("return ff.load.from || ''")))
            finally:
                browser.quit()
    print(f"the warm loads{how} started from: {', '.join(sorted(starts)) or 'unknown'}")
    return {k: v for k, v in out.items() if v}


def _measure(browser: Any, runs: int) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {
        k: []
        for k in (
            "a round trip to the worker (a call refused at once)",
            "highlighting: choose a waiting figure",
            "highlighting: the next square (p11)",
            "applying a move: its last click",
            "applying a move: a greedy bot's move",
            "a walk's events ready (tile 10)",
            "a walk's events and first frame (tile 10)",
        )
    }
    browser.execute_script("document.getElementById('auto').checked = false")
    _timed(browser, "new_game", players=4, seats=["person", "greedy", "greedy", "greedy"], seed=1)
    for _ in range(runs):
        out["a round trip to the worker (a call refused at once)"].append(
            float(browser.execute_script(_ROUND_TRIP))
        )
        out["highlighting: choose a waiting figure"].append(
            _timed(browser, "select", "highlighting: choose a waiting figure", figure="A5")
        )
        out["highlighting: the next square (p11)"].append(
            _timed(browser, "click", "highlighting: the next square (p11)", square="p11")
        )
        _timed(browser, "click", square="p10")
        _timed(browser, "click", square="o10")
        _timed(browser, "click", square="n10")
        _timed(browser, "click", square="n9")  # the path's end, shown
        # ... and clicked again: played (a path is never played by its last click alone).
        out["applying a move: its last click"].append(
            _timed(browser, "click", "applying a move: its last click", square="n9")
        )
        out["applying a move: a greedy bot's move"].append(
            _timed(browser, "bot", "applying a move: a greedy bot's move")
        )
        _timed(browser, "goto", k=0)
    while browser.execute_script("return ff.view.phase") == "figures":  # on to the monster
        if browser.execute_script("return ff.view.seat") == "person":
            _timed(browser, "select", figure=browser.execute_script("return ff.view.waiting[0]"))
            _timed(browser, "play")  # a zero move
        else:
            _timed(browser, "bot")
    if browser.execute_script("return ff.view.phase") != "monster":
        raise RuntimeError("the round did not reach the monster's turn")
    for _ in range(runs):
        events, first, _frames, error = browser.execute_script(_WALK, "10")
        if error:
            raise RuntimeError(error)
        out["a walk's events ready (tile 10)"].append(float(events))
        out["a walk's events and first frame (tile 10)"].append(float(first))
    return out


if __name__ == "__main__":
    sys.exit(main())
