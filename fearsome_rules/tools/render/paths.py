"""A walk drawn over the board in SVG: a numbered path (a passage through a wall as two half
segments to the walls of the same letter, a teleporter jump dashed), with the pieces it pushes,
the figures it hits and where it ends."""

from __future__ import annotations

from collections.abc import Sequence

from fearsome_rules.core import board
from fearsome_rules.core import events as ev
from fearsome_rules.tools.render.canvas import (
    CELL,
    PATH_COLOUR,
    SEAT_COLOURS,
    centre,
    coord,
    edge,
    esc,
)
from fearsome_rules.tools.render.pieces import draw_monster
from fearsome_rules.tools.render.walks import shown_state
from fearsome_rules.tools.trail import MONSTER, Leg, Trail


def draw_walk(tr: Trail, upto: int | None, prefix: str) -> list[str]:
    """The walk over the board: the path, the pushes, the hits, the monster."""
    last = len(tr.steps) if upto is None else min(upto, len(tr.steps))
    frame = upto is not None
    shown = shown_state(tr, upto)
    out: list[str] = []
    seat = -1 if tr.actor == MONSTER else tr.before.figure(tr.actor).owner
    colour = PATH_COLOUR if seat < 0 else SEAT_COLOURS[seat]
    badges: dict[str, int] = {}
    for s in tr.steps[:last]:
        out += _step_path(s.number, s.legs, colour, prefix, seat >= 0)
        if not frame:
            out += _step_marks(s.events, prefix)
    for s in tr.steps[:last]:
        if s.end == "out":
            continue
        k = badges.get(s.end, 0)
        badges[s.end] = k + 1
        x, y = centre(board.square(s.end))
        bx, by = x + CELL / 2 - 5 - 13 * k, y - CELL / 2 + 5
        out.append(
            f"<g><title>step {s.number} ends on {s.end}</title>"
            f'<circle cx="{coord(bx)}" cy="{coord(by)}" r="6.5" fill="#ffffff" '
            f'stroke="{colour}" stroke-width="1.5"/>'
            f'<text x="{coord(bx)}" y="{coord(by + 3)}" font-size="8" font-weight="bold" '
            f'fill="#111111" text-anchor="middle">{s.number}</text></g>'
        )
    if tr.actor == MONSTER and not frame:
        out += draw_monster(tr.before.monster, tr.before.facing, ghost=False)
        out += draw_monster(tr.end.monster, tr.end.facing, ghost=True)
    else:
        out += draw_monster(shown.monster, shown.facing, ghost=False)
    return out


def _step_path(
    number: int, legs: Sequence[Leg], colour: str, prefix: str, figure: bool
) -> list[str]:
    out = [f"<g><title>step {number}</title>"]
    width = "3" if not figure else "2.5"
    segs: list[tuple[tuple[float, float], tuple[float, float], str]]
    for leg in legs:
        kind, frm, to = leg.kind, leg.frm, leg.to
        if kind == "walk":
            (x1, y1), (x2, y2) = centre(board.square(frm)), centre(board.square(to))
            segs = [((x1, y1), (x2, y2), "")]
        elif kind == "wall":
            d = board.direction(leg.direction)
            a, b = board.square(frm), board.square(to)
            segs = [
                (centre(a), edge(a, d), ""),
                (edge(b, (d + 2) & 3), centre(b), ""),
            ]
            for px, py in (edge(a, d), edge(b, (d + 2) & 3)):
                out.append(f'<circle cx="{coord(px)}" cy="{coord(py)}" r="3" fill="{colour}"/>')
        elif kind == "jump":  # a dashed curve, bent to the left of the jump
            (x1, y1), (x2, y2) = centre(board.square(frm)), centre(board.square(to))
            cx, cy = (x1 + x2) / 2 + (y2 - y1) * 0.2, (y1 + y2) / 2 - (x2 - x1) * 0.2
            out.append(
                f'<path d="M{coord(x1)},{coord(y1)} Q{coord(cx)},{coord(cy)} '
                f'{coord(x2)},{coord(y2)}" fill="none" stroke="{colour}" stroke-width="2" '
                f'stroke-dasharray="6 4" marker-end="url(#{prefix}-path)">'
                f"<title>teleporter {frm} to {to}</title></path>"
            )
            segs = []
        elif kind == "enter":
            p11 = board.square(to)
            segs = [(edge(p11, board.EAST, CELL / 2), centre(p11), "")]
        else:  # exit
            a1 = board.square(frm)
            segs = [(centre(a1), edge(a1, board.WEST, CELL / 2), "")]
        for (x1, y1), (x2, y2), dash in segs:
            extra = f' stroke-dasharray="{dash}"' if dash else ""
            out.append(
                f'<line x1="{coord(x1)}" y1="{coord(y1)}" x2="{coord(x2)}" y2="{coord(y2)}" '
                f'stroke="{colour}" stroke-width="{width}" stroke-opacity="0.85" '
                f'stroke-linecap="round"{extra} marker-end="url(#{prefix}-path)"/>'
            )
    out.append("</g>")
    return out


def _step_marks(events: Sequence[ev.Event], prefix: str) -> list[str]:
    """What a step did to other pieces: pushes as grey arrows, hits as red crosses."""
    out: list[str] = []
    facing = 0
    for e in events:
        if isinstance(e, (ev.MonsterLooked,)):
            facing = board.direction(e.facing)
        elif isinstance(e, (ev.MonsterTurnedByStone, ev.MonsterTeleported)):
            facing = board.direction(e.to if isinstance(e, ev.MonsterTurnedByStone) else e.facing)
        if isinstance(e, (ev.StonePushed, ev.StoneSlid, ev.FigurePushed, ev.FigureSlid)):
            if e.frm == e.to:
                continue
            (x1, y1), (x2, y2) = centre(board.square(e.frm)), centre(board.square(e.to))
            out.append(_push_arrow(x1, y1, x2, y2, prefix))
        elif isinstance(e, ev.StoneRemoved) and e.reason != ev.How.CORNER:
            sq = board.square(e.square)
            (x1, y1), (x2, y2) = centre(sq), edge(sq, facing, 4)
            out.append(_push_arrow(x1, y1, x2, y2, prefix))
        elif isinstance(e, ev.FigureEaten) and e.how != ev.How.INSIDE_AT_END:
            sq = board.square(e.square)
            x, y = centre(sq)
            out.append(
                f"<g><title>{e.figure} {esc(e.how)} on {e.square}</title>"
                f'<path d="M{coord(x - 9)},{coord(y - 11)} L{coord(x + 9)},{coord(y + 7)} '
                f'M{coord(x + 9)},{coord(y - 11)} L{coord(x - 9)},{coord(y + 7)}" '
                'stroke="#c00000" stroke-width="3" stroke-linecap="round"/></g>'
            )
            if e.how != ev.How.EATEN:
                (x2, y2) = edge(sq, facing, 4)
                out.append(_push_arrow(x, y, x2, y2, prefix))
    return out


def _push_arrow(x1: float, y1: float, x2: float, y2: float, prefix: str) -> str:
    # shorten a little so that the arrow sits between the squares
    dx, dy = x2 - x1, y2 - y1
    length = max(abs(dx), abs(dy)) or 1.0
    k = 6 / length
    return (
        f'<line x1="{coord(x1 + dx * k)}" y1="{coord(y1 + dy * k + 6)}" '
        f'x2="{coord(x2 - dx * k)}" y2="{coord(y2 - dy * k + 6)}" stroke="#555555" '
        f'stroke-width="1.5" stroke-dasharray="3 2" marker-end="url(#{prefix}-push)"/>'
    )
