"""Pictures as SVG documents: one board or several side by side, each with its title, the walk
drawn over it and the caption and legend lines under it.

- :func:`render_svg`: the board as printed with its pieces (:mod:`.pieces`); a walk is drawn as
  a numbered path (:mod:`.paths`).
- :func:`render_panels`: several boards side by side (two readings of a rule);
  :func:`render_readings`, those of a comparison of readings.

The SVG is valid XML.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

import attrs

from fearsome_rules.core.board import PLACE_NAMES, WAITING
from fearsome_rules.core.state import GameState
from fearsome_rules.tools.explain import Comparison
from fearsome_rules.tools.render.canvas import BOARD_H, BOARD_W, LINE, MARGIN, PATH_COLOUR, esc
from fearsome_rules.tools.render.paths import draw_walk
from fearsome_rules.tools.render.pieces import draw_board, draw_monster
from fearsome_rules.tools.render.walks import (
    RenderError,
    Walk,
    shown_state,
    summary,
    walk_trail,
)
from fearsome_rules.tools.trail import Trail


@attrs.frozen
class Panel:
    """One board of a picture: a position, perhaps a walk, a title and caption lines."""

    state: GameState
    walk: Trail | None = None
    title: str = ""
    caption: tuple[str, ...] = ()
    upto: int | None = None
    """Draw the walk up to this step only (frames); None: the whole walk."""


def _title_lines(title: str) -> list[str]:
    return textwrap.wrap(title, 62) if title else []


def _panel_height(p: Panel) -> int:
    return BOARD_H + LINE * (len(_legend(p)) + len(_title_lines(p.title))) + 8


def render_svg(
    state: GameState, walk: Walk = None, title: str = "", caption: Sequence[str] = ()
) -> str:
    """The position (and the walk, if given) as an SVG document."""
    return render_panels([Panel(state, walk_trail(state, walk), title, tuple(caption))])


def render_readings(comparison: Comparison, prefix: str = "cmp") -> str:
    """The walks of a comparison of readings side by side, one board per reading that could be
    set up, titled with its reading; "" when none could."""
    panels = [
        Panel(r.explanation.trail.before, r.explanation.trail, title=r.label)
        for r in comparison.readings
        if r.explanation is not None
    ]
    return render_panels(panels, prefix=prefix) if panels else ""


def render_panels(panels: Sequence[Panel], prefix: str = "ff") -> str:
    """Boards side by side in one SVG document (for example two readings of a rule)."""
    if not panels:
        raise RenderError("nothing to draw")
    height = max(_panel_height(p) for p in panels)
    width = BOARD_W * len(panels)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
        _defs(prefix),
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
    ]
    for k, p in enumerate(panels):
        out.append(f'<g transform="translate({BOARD_W * k},0)">')
        out += _panel(p, prefix)
        out.append("</g>")
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _defs(prefix: str) -> str:
    return (
        "<defs>"
        f'<marker id="{prefix}-push" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" '
        'markerHeight="6" orient="auto-start-reverse">'
        '<path d="M0,0 L10,5 L0,10 z" fill="#555555"/></marker>'
        f'<marker id="{prefix}-path" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" '
        'markerHeight="5" orient="auto-start-reverse">'
        f'<path d="M0,0 L10,5 L0,10 z" fill="{PATH_COLOUR}"/></marker>'
        "</defs>"
    )


def _panel(p: Panel, prefix: str) -> list[str]:
    state = p.state
    out: list[str] = []
    top = 0
    for line in _title_lines(p.title):
        top += LINE
        out.append(
            f'<text x="{MARGIN}" y="{top - 3}" font-size="13" font-weight="bold">{esc(line)}</text>'
        )
    out.append(f'<g transform="translate(0,{top})">')
    tr = p.walk
    out += draw_board(state if tr is None else shown_state(tr, p.upto))
    if tr is not None:
        out += draw_walk(tr, p.upto, prefix)
    else:
        out += draw_monster(state.monster, state.facing, ghost=False)
    out.append("</g>")
    y = top + BOARD_H
    for line in _legend(p):
        out.append(f'<text x="{MARGIN}" y="{y}" font-size="11">{esc(line)}</text>')
        y += LINE
    return out


def _legend(p: Panel) -> list[str]:
    state = p.state if p.walk is None else shown_state(p.walk, p.upto)
    lines = list(p.caption)
    off: dict[str, list[str]] = {"waiting": [], "out": [], "removed": []}
    for f in state.figures:
        if not f.on_board:
            off[PLACE_NAMES[f.where]].append(
                f"{f.name}({f.face})" if f.where == WAITING else f.name
            )
    parts = [f"{k}: {' '.join(v)}" for k, v in off.items() if v]
    if parts:
        lines.append("; ".join(parts))
    if p.walk is not None and p.upto is None:
        lines += summary(p.walk)
    return [part for line in lines for part in textwrap.wrap(line, 92) or [""]]
