"""Pictures of a position and of a walk: text, SVG, and an HTML page with one frame per step.

- :func:`render_text` (:mod:`.text`): the board as text and, for a walk, a second board with the
  step numbers on the squares where the steps end.
- :func:`render_svg` and :func:`render_panels` (:mod:`.svg`): one board, or several side by
  side, as SVG; the board and its pieces are drawn by :mod:`.pieces`, a walk as a numbered path
  by :mod:`.paths`, on the sizes and colours of :mod:`.canvas`.
- :func:`render_html` (:mod:`.html`): a self-contained page with one frame per step.

What they all accept as a walk, and :class:`RenderError`, are in :mod:`.walks`.
Standard library only. The SVG is valid XML. Command line: ``fearsome-rules render``.
"""

from __future__ import annotations

from fearsome_rules.tools.render.canvas import (
    BOARD_H,
    BOARD_W,
    CELL,
    LINE,
    MARGIN,
    PATH_COLOUR,
    SEAT_COLOURS,
    SEAT_TEXT,
)
from fearsome_rules.tools.render.html import frames, render_html
from fearsome_rules.tools.render.svg import Panel, render_panels, render_svg
from fearsome_rules.tools.render.text import render_text
from fearsome_rules.tools.render.walks import RenderError, Walk

__all__ = [
    "BOARD_H",
    "BOARD_W",
    "CELL",
    "LINE",
    "MARGIN",
    "PATH_COLOUR",
    "SEAT_COLOURS",
    "SEAT_TEXT",
    "Panel",
    "RenderError",
    "Walk",
    "frames",
    "render_html",
    "render_panels",
    "render_svg",
    "render_text",
]
