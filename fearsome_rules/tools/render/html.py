"""Pictures as an HTML page: :func:`render_html` makes a self-contained page (inline SVG and a
little JavaScript, nothing fetched) with one frame per step (:func:`frames`), prev/next/play
controls and each step's explanation."""

from __future__ import annotations

from fearsome_rules.core.state import GameState
from fearsome_rules.tools.explain import explain_trail
from fearsome_rules.tools.render.canvas import esc
from fearsome_rules.tools.render.svg import Panel, render_panels
from fearsome_rules.tools.render.walks import Walk, summary, walk_trail
from fearsome_rules.tools.trail import MONSTER

_SCRIPT = """//<![CDATA[
(function () {
  var frames = document.querySelectorAll(".frame");
  var label = document.getElementById("where");
  var slider = document.getElementById("slider");
  var k = 0, timer = null;
  function show(i) {
    k = Math.max(0, Math.min(frames.length - 1, i));
    for (var j = 0; j !== frames.length; j++) {
      frames[j].style.display = j === k ? "block" : "none";
    }
    label.textContent = frames[k].getAttribute("data-label");
    slider.value = k;
  }
  function stop() { if (timer) { clearInterval(timer); timer = null; } }
  document.getElementById("prev").onclick = function () { stop(); show(k - 1); };
  document.getElementById("next").onclick = function () { stop(); show(k + 1); };
  document.getElementById("play").onclick = function () {
    if (timer) { stop(); return; }
    if (k === frames.length - 1) { show(0); }
    timer = setInterval(function () {
      if (k === frames.length - 1) { stop(); } else { show(k + 1); }
    }, 1200);
  };
  slider.oninput = function () { stop(); show(parseInt(slider.value, 10)); };
  document.onkeydown = function (e) {
    if (e.key === "ArrowLeft") { stop(); show(k - 1); }
    if (e.key === "ArrowRight") { stop(); show(k + 1); }
  };
  show(0);
})();
//]]>"""

_STYLE = """body { font-family: sans-serif; margin: 1em; }
.controls button { font-size: 1em; margin-right: 0.3em; }
.frame pre { font-size: 12px; background: #f6f6f6; padding: 0.5em; overflow-x: auto; }
#where { margin-left: 0.5em; font-weight: bold; }"""


def frames(state: GameState, walk: Walk = None, title: str = "") -> list[tuple[str, Panel, str]]:
    """The frames of a walk: (label, panel, caption text). Frame 0 is the position before the
    walk; then one frame after each step; for the monster a last frame for its final look."""
    tr = walk_trail(state, walk)
    if tr is None:
        return [("the position", Panel(state, None, title), "")]
    out: list[tuple[str, Panel, str]] = []
    if tr.actor != MONSTER:
        caption = "\n".join(summary(tr))
        out.append(("before the move", Panel(state, tr, title, upto=0), caption))
        out.append((f"the move {tr.action}", Panel(state, tr, title, upto=len(tr.steps)), caption))
        return out
    x = explain_trail(tr)
    head = "\n".join(line.render() for line in x.header)
    out.append(("before the walk", Panel(state, tr, title, upto=0), head))
    for s in x.steps:
        text = "\n".join(
            [f"Step {s.number}: on {s.start} facing {s.look.facing}"]
            + [line.render() for line in (*s.look.lines(), *s.lines)]
        )
        out.append(
            (f"step {s.number} of {len(x.steps)}", Panel(state, tr, title, upto=s.number), text)
        )
    fl = x.final_look
    text = "\n".join(
        [f"Final look: on {fl.square} facing {fl.facing}"]
        + [line.render() for line in (*fl.lines(), *x.after)]
    )
    out.append(("final look", Panel(state, tr, title, upto=len(x.steps) + 1), text))
    return out


def render_html(state: GameState, walk: Walk = None, title: str = "") -> str:
    """A self-contained HTML page: one frame per step, with prev/next/play controls and each
    step's explanation under its picture. Nothing is fetched from the network."""
    parts = [
        "<!DOCTYPE html>",
        '<html xmlns="http://www.w3.org/1999/xhtml" lang="en">',
        "<head>",
        '<meta charset="utf-8"/>',
        f"<title>{esc(title or 'Fearsome Floors')}</title>",
        f"<style>{_STYLE}</style>",
        "</head>",
        "<body>",
        f"<h1>{esc(title or 'Fearsome Floors')}</h1>",
    ]
    fs = frames(state, walk, "")
    parts.append(
        '<div class="controls"><button id="prev" type="button">prev</button>'
        '<button id="play" type="button">play</button>'
        '<button id="next" type="button">next</button>'
        f'<input id="slider" type="range" min="0" max="{len(fs) - 1}" value="0"/>'
        '<span id="where"></span></div>'
    )
    for k, (label, panel, caption) in enumerate(fs):
        svg = render_panels([panel], prefix=f"f{k}")
        parts.append(
            f'<div class="frame" data-label="{esc(label)}"'
            + (' style="display: none"' if k else "")
            + ">"
        )
        parts.append(svg.rstrip())
        if caption:
            parts.append(f"<pre>{esc(caption)}</pre>")
        parts.append("</div>")
    parts += [f"<script>{_SCRIPT}</script>", "</body>", "</html>"]
    return "\n".join(parts) + "\n"
