"""The board a page shows: the render module's SVG of a position (or a walk over it) with a
layer of clickable squares on top, each marked with what a click there means now.

The squares of the layer sit exactly on the squares of :func:`render_svg`'s board (the same
:mod:`~fearsome_rules.tools.render.canvas` geometry), so the page needs no geometry of its own: it
inserts the SVG and reads ``data-square`` from the square clicked.
"""

from __future__ import annotations

from collections.abc import Mapping

from fearsome_rules.core import board
from fearsome_rules.core.state import GameState
from fearsome_rules.tools.render import CELL, Walk, render_svg
from fearsome_rules.tools.render.canvas import centre, coord, esc

EXIT = "out"
"""The name of the click that leaves through the exit from a1 (a path's last entry)."""


def _cell(name: str, x: float, y: float, mark: str, label: str) -> str:
    cls = f"sq {mark}".strip()
    out = (
        f'<rect class="{cls}" data-square="{name}" x="{coord(x)}" y="{coord(y)}" '
        f'width="{CELL}" height="{CELL}"><title>{esc(name)}</title></rect>'
    )
    if label:
        out += (
            f'<text class="sq-label" x="{coord(x + 4)}" y="{coord(y + 11)}" font-size="10" '
            f'pointer-events="none">{esc(label)}</text>'
        )
    return out


def clickable_svg(
    state: GameState,
    marks: Mapping[str, str] | None = None,
    labels: Mapping[str, str] | None = None,
    walk: Walk = None,
) -> str:
    """:func:`render_svg` of ``state`` (and ``walk``) with the clickable layer: one square per
    board square, and one beyond a1's exit wall for ``out``. ``marks`` gives a square's CSS
    class (``next``, ``path``, ``mine``, ...), ``labels`` a short text drawn in its corner."""
    marks = marks or {}
    labels = labels or {}
    layer = ['<g class="hot">']
    for sq in board.SQUARES:
        name = board.name(sq)
        x, y = centre(sq)
        layer.append(
            _cell(name, x - CELL / 2, y - CELL / 2, marks.get(name, ""), labels.get(name, ""))
        )
    x, y = centre(board.EXIT)  # the exit: beyond a1's west wall
    layer.append(_cell(EXIT, x - CELL * 1.5 - 4, y - CELL / 2, marks.get(EXIT, "off"), ""))
    layer.append("</g>")
    svg = render_svg(state, walk).rstrip()
    assert svg.endswith("</svg>")
    return svg[: -len("</svg>")] + "\n".join(layer) + "\n</svg>\n"
