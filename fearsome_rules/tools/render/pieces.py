"""The board and its pieces in SVG: the board as printed (the cut corners, the wall letters
around the edge), pools, stones, crystals, turning stones, teleporters with their arrows and pair
numbers, the figures in their seat's colour with the number they show, the monster with its
facing."""

from __future__ import annotations

from fearsome_rules.core import board
from fearsome_rules.core.board import CRYSTAL, STONE, TURN_ABOUT, TURN_RIGHT
from fearsome_rules.core.state import GameState
from fearsome_rules.tools.render.canvas import (
    CELL,
    MARGIN,
    SEAT_COLOURS,
    SEAT_TEXT,
    STEP,
    centre,
    coord,
    edge,
)


def draw_board(state: GameState) -> list[str]:
    """The board of ``state`` with everything on it but the monster."""
    out = []
    out.append('<g font-size="9" fill="#888888" text-anchor="middle">')
    for c, letter in enumerate(board.COLUMN_LETTERS):
        out.append(f'<text x="{coord(MARGIN + c * CELL + CELL / 2)}" y="11">{letter}</text>')
    for r in range(board.ROWS):
        out.append(f'<text x="7" y="{coord(MARGIN + r * CELL + CELL / 2 + 3)}">{r + 1}</text>')
    out.append("</g>")
    for fill, squares, extra in (
        ("#f3ead7", [q for q in board.SQUARES if q not in state.pools], ""),
        ("#a32020", sorted(state.pools), ' fill-opacity="0.75"'),
        ("#cfe8c4", [board.EXIT], ""),
        ("#c9dcf0", [board.ENTRANCE], ""),
    ):
        if not squares:
            continue
        cells = "".join(
            f"M{coord(centre(q)[0] - CELL / 2)},{coord(centre(q)[1] - CELL / 2)}"
            f"h{CELL}v{CELL}h-{CELL}z"
            for q in squares
        )
        out.append(f'<path d="{cells}" fill="{fill}" stroke="#c8b99a" stroke-width="0.6"{extra}/>')
    for sq, label in ((board.EXIT, "exit"), (board.ENTRANCE, "entrance")):
        x, y = centre(sq)
        out.append(
            f'<text x="{coord(x)}" y="{coord(y + CELL / 2 - 2)}" font-size="6" fill="#444444" '
            f'text-anchor="middle">{label}</text>'
        )
    walls: list[str] = []
    letters: list[str] = []
    for sq in board.SQUARES:
        for d in board.DIRECTIONS:
            letter = board.WALL[sq][d]
            if not letter:
                continue
            x, y = centre(sq)
            dx, dy = STEP[d]
            h = CELL / 2
            # the side is perpendicular to (dx, dy)
            x1, y1 = x + dx * h - dy * h, y + dy * h - dx * h
            x2, y2 = x + dx * h + dy * h, y + dy * h + dx * h
            walls.append(f"M{coord(x1)},{coord(y1)}L{coord(x2)},{coord(y2)}")
            lx, ly = edge(sq, d, 9)
            letters.append(f'<text x="{coord(lx)}" y="{coord(ly + 3.5)}">{letter}</text>')
    out.append(
        f'<path d="{"".join(walls)}" fill="none" stroke="#333333" stroke-width="3" '
        'stroke-linecap="square"><title>the outer wall</title></path>'
    )
    out.append('<g font-size="10" fill="#333333" text-anchor="middle">')
    out += letters
    out.append("</g>")
    for sq, pair, d in state.teleporters:
        out += _teleporter(sq, pair, d)
    for sq in board.SQUARES:
        v = state.cells[sq]
        if board.is_stone(v):
            out += _stone(sq, v)
        elif v:
            f = state.figures[v - 1]
            out += _figure(sq, f.owner, f.face, f.name, f.moved)
    return out


def _teleporter(sq: int, pair: int, d: int) -> list[str]:
    x, y = centre(sq)
    dx, dy = STEP[d]
    tip = (x + dx * 14, y + dy * 14)
    base1 = (x + dx * 8 - dy * 5, y + dy * 8 - dx * 5)
    base2 = (x + dx * 8 + dy * 5, y + dy * 8 + dx * 5)
    letter = board.DIRECTION_LETTERS[d]
    return [
        f"<g><title>teleporter {pair} on {board.name(sq)}, arrow {letter}</title>"
        f'<circle cx="{coord(x)}" cy="{coord(y)}" r="12" fill="#e4d4f4" stroke="#6a3d9a" '
        'stroke-width="1.5"/>'
        f'<polygon points="{coord(tip[0])},{coord(tip[1])} {coord(base1[0])},{coord(base1[1])} '
        f'{coord(base2[0])},{coord(base2[1])}" fill="#6a3d9a"/>'
        f'<text x="{coord(x)}" y="{coord(y + 4)}" font-size="11" font-weight="bold" '
        f'fill="#4b2a70" text-anchor="middle">{pair}</text></g>'
    ]


def _stone(sq: int, v: int) -> list[str]:
    x, y = centre(sq)
    name = board.name(sq)
    if v == CRYSTAL:
        h = CELL / 2 - 4
        pts = (
            f"{coord(x)},{coord(y - h)} {coord(x + h)},{coord(y)} "
            f"{coord(x)},{coord(y + h)} {coord(x - h)},{coord(y)}"
        )
        return [
            f'<polygon points="{pts}" fill="#a8d8f8" stroke="#3b82b8" stroke-width="1.5">'
            f"<title>crystal on {name}</title></polygon>"
        ]
    label, what = {
        STONE: ("", "stone"),
        TURN_RIGHT: ("R", "right-turning stone"),
        TURN_ABOUT: ("U", "half-turn stone"),
    }[v]
    out = [
        f'<rect x="{coord(x - CELL / 2 + 4)}" y="{coord(y - CELL / 2 + 4)}" width="{CELL - 8}" '
        f'height="{CELL - 8}" rx="5" fill="#7a7a7a" stroke="#4d4d4d" stroke-width="1">'
        f"<title>{what} on {name}</title></rect>"
    ]
    if label:
        out.append(
            f'<text x="{coord(x)}" y="{coord(y + 5)}" font-size="14" font-weight="bold" '
            f'fill="#ffffff" text-anchor="middle">{label}</text>'
        )
    return out


def _figure(
    sq: int, seat: int, face: int, name: str, moved: bool, ghost: bool = False
) -> list[str]:
    x, y = centre(sq)
    colour = SEAT_COLOURS[seat]
    state = f"face {face}" + (", moved" if moved else "")
    opacity = ' opacity="0.35"' if ghost else ""
    # The name on the disc, large enough to read at a glance (under the disc it was tiny and
    # the entrance's label covered it on p11); the number shown in a badge at its corner.
    return [
        f"<g{opacity}><title>{name} on {board.name(sq)} ({state})</title>"
        f'<circle cx="{coord(x)}" cy="{coord(y - 1)}" r="12" fill="{colour}" stroke="#222222" '
        'stroke-width="1"/>'
        f'<text x="{coord(x)}" y="{coord(y + 2.5)}" font-size="10.5" font-weight="bold" '
        f'fill="{SEAT_TEXT[seat]}" text-anchor="middle">{name}</text>'
        f'<circle cx="{coord(x + 10)}" cy="{coord(y - 10)}" r="5.5" fill="#ffffff" '
        'stroke="#222222" stroke-width="0.8"/>'
        f'<text x="{coord(x + 10)}" y="{coord(y - 7)}" font-size="8.5" font-weight="bold" '
        f'fill="#222222" text-anchor="middle">{face}</text></g>'
    ]


def draw_monster(sq: int, facing: int, ghost: bool) -> list[str]:
    """The monster on ``sq`` facing ``facing``; a ghost: dashed, where a walk ends."""
    x, y = centre(sq)
    dx, dy = STEP[facing]
    h = CELL / 2 - 3
    tip = (x + dx * 11, y + dy * 11)
    b1 = (x - dx * 3 - dy * 8, y - dy * 3 - dx * 8)
    b2 = (x - dx * 3 + dy * 8, y - dy * 3 + dx * 8)
    letter = board.DIRECTION_LETTERS[facing]
    if ghost:
        return [
            f"<g><title>the monster ends on {board.name(sq)} facing {letter}</title>"
            f'<rect x="{coord(x - h)}" y="{coord(y - h)}" width="{coord(2 * h)}" '
            f'height="{coord(2 * h)}" rx="6" fill="none" stroke="#111111" stroke-width="2" '
            'stroke-dasharray="4 3"/>'
            f'<polygon points="{coord(tip[0])},{coord(tip[1])} {coord(b1[0])},{coord(b1[1])} '
            f'{coord(b2[0])},{coord(b2[1])}" fill="#111111" opacity="0.6"/></g>'
        ]
    return [
        f"<g><title>the monster on {board.name(sq)} facing {letter}</title>"
        f'<rect x="{coord(x - h)}" y="{coord(y - h)}" width="{coord(2 * h)}" '
        f'height="{coord(2 * h)}" rx="6" fill="#1b1b1b"/>'
        f'<polygon points="{coord(tip[0])},{coord(tip[1])} {coord(b1[0])},{coord(b1[1])} '
        f'{coord(b2[0])},{coord(b2[1])}" fill="#ffd43b"/></g>'
    ]
