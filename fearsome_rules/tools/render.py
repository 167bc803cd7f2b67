"""Pictures of a position and of a walk: text, SVG, and an HTML page with one frame per step.

- :func:`render_text`: the board as text
  (:func:`~fearsome_rules.formats.notation.diagram`) and, for a
  walk, a second board with the step numbers on the squares where the steps end.
- :func:`render_svg`: the board as printed (the cut corners, the wall letters around the
  edge), pools, stones, crystals, turning stones, teleporters with their arrows and pair
  numbers, the figures in their seat's colour with the number they show, the monster with its
  facing; a walk is drawn as a numbered path (a passage through a wall as two half segments to
  the walls of the same letter, a teleporter jump dashed), with the pieces it pushes, the
  figures it hits and where it ends.
- :func:`render_panels`: several boards side by side (two readings of a rule).
- :func:`render_html`: a self-contained page (inline SVG and a little JavaScript, nothing
  fetched) with one frame per step, prev/next/play controls and each step's explanation.

Standard library only. The SVG is valid XML. Command line: ``fearsome-rules render``.
"""

from __future__ import annotations

import html
import textwrap
from collections.abc import Sequence

import attrs

from fearsome_rules.core import board
from fearsome_rules.core import events as ev
from fearsome_rules.core.actions import Action, FigureMove, Reveal
from fearsome_rules.core.errors import FearsomeError
from fearsome_rules.core.state import (
    CRYSTAL,
    OUT,
    REMOVED,
    STONE,
    TURN_ABOUT,
    TURN_RIGHT,
    WAITING,
    GameState,
)
from fearsome_rules.formats.notation import diagram
from fearsome_rules.tools.trail import MONSTER, Leg, Trail, trail

CELL = 32
MARGIN = 40
LINE = 16
SEAT_COLOURS = ("#d62728", "#e6b400", "#2ca02c", "#1f77b4", "#9467bd", "#ff7f0e", "#8c564b")
SEAT_TEXT = ("#ffffff", "#000000", "#ffffff", "#ffffff", "#ffffff", "#000000", "#ffffff")
PATH_COLOUR = "#e8590c"
_STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))  # (dx, dy) of N E S W on the picture

Walk = Trail | Action | None
"""What :func:`render_svg` and friends accept as a walk: a Trail, or the action to trace."""


class RenderError(FearsomeError):
    """Nothing to draw, or an unknown format."""


def _trail(state: GameState, walk: Walk) -> Trail | None:
    if walk is None or isinstance(walk, Trail):
        return walk
    if isinstance(walk, (Reveal, FigureMove)):
        return trail(state, walk)
    raise RenderError(f"cannot draw {walk}: give a monster tile or a figure move")


def _n(v: float) -> str:
    """A coordinate, short and stable."""
    text = f"{v:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _centre(sq: int) -> tuple[float, float]:
    r, c = divmod(sq, board.COLUMNS)
    return MARGIN + c * CELL + CELL / 2, MARGIN + r * CELL + CELL / 2


def _edge(sq: int, d: int, out: float = 0.0) -> tuple[float, float]:
    """The midpoint of side ``d`` of ``sq`` (``out`` pixels further out)."""
    x, y = _centre(sq)
    dx, dy = _STEP[d]
    k = CELL / 2 + out
    return x + dx * k, y + dy * k


def _esc(text: str) -> str:
    return html.escape(text, quote=True)


# --- text ------------------------------------------------------------------------------------


def render_text(state: GameState, walk: Walk = None, title: str = "") -> str:
    """The position as a text diagram; with a walk, a second board showing the path: the number
    of each step on the square where it ends, ``+`` on squares passed over."""
    tr = _trail(state, walk)
    out = [title] if title else []
    out.append(diagram(state))
    if tr is None:
        return "\n".join(out)
    out.append("")
    out.append(_walk_heading(tr))
    marks: dict[int, str] = {}
    for s in tr.steps:
        for leg in s.legs:
            if leg.kind == "walk":
                a, b = board.square(leg.frm), board.square(leg.to)
                for sq in board.line(a, b) or [a, b]:
                    marks.setdefault(sq, "+")
    for s in tr.steps:
        if s.end not in ("out",):
            marks[board.square(s.end)] = str(s.number)
    start = tr.before.monster if tr.actor == MONSTER else -1
    grid = [("    " + "".join(f"{c:<3}" for c in board.COLUMN_LETTERS)).rstrip()]
    for r in range(board.ROWS):
        row = []
        for c in range(board.COLUMNS):
            sq = r * board.COLUMNS + c
            if not board.ON_BOARD[sq]:
                row.append("   ")
            elif sq == start:
                row.append("M" + "^>v<"[tr.before.facing] + " ")
            elif sq in marks:
                mark = marks[sq] + ("~" if marks[sq] == "+" and sq in state.pools else "")
                row.append(f"{mark:<3}")
            elif state.cells[sq] > 0:
                row.append(f"{state.figures[state.cells[sq] - 1].name:<3}")
            elif state.cells[sq] < 0:
                row.append("## ")
            elif sq in state.pools:
                row.append("~~ ")
            else:
                row.append(".  ")
        grid.append(f"{r + 1:>2}  " + "".join(row).rstrip())
    out += grid
    out += _summary(tr)
    return "\n".join(out)


def _walk_heading(tr: Trail) -> str:
    if tr.actor == MONSTER:
        assert isinstance(tr.action, Reveal)
        return (
            f"The monster's walk, tile {tr.action.tile}: from {board.name(tr.before.monster)} "
            f"facing {board.DIRECTION_LETTERS[tr.before.facing]}"
        )
    return f"The move {tr.action}"


def _summary(tr: Trail) -> list[str]:
    out = []
    if tr.actor == MONSTER:
        steps = "  ".join(f"{s.number}:{s.end}" for s in tr.steps)
        out.append(f"steps: {steps}")
        end = tr.end
        out.append(
            f"ends on {board.name(end.monster)} facing {board.DIRECTION_LETTERS[end.facing]}"
        )
        hits = [f"{h} (step {s.number})" for s in tr.steps for h in s.hits]
        out.append("hit: " + (", ".join(hits) if hits else "nobody"))
    elif tr.steps:
        out.append("path: " + " ".join(s.end for s in tr.steps))
    else:
        out.append(f"{tr.action}: a zero move, the figure is only flipped")
    return out


# --- SVG -------------------------------------------------------------------------------------


@attrs.frozen
class Panel:
    """One board of a picture: a position, perhaps a walk, a title and caption lines."""

    state: GameState
    walk: Trail | None = None
    title: str = ""
    caption: tuple[str, ...] = ()
    upto: int | None = None
    """Draw the walk up to this step only (frames); None: the whole walk."""


BOARD_W = 2 * MARGIN + board.COLUMNS * CELL
BOARD_H = 2 * MARGIN + board.ROWS * CELL


def _title_lines(title: str) -> list[str]:
    return textwrap.wrap(title, 62) if title else []


def _panel_height(p: Panel) -> int:
    return BOARD_H + LINE * (len(_legend(p)) + len(_title_lines(p.title))) + 8


def render_svg(
    state: GameState, walk: Walk = None, title: str = "", caption: Sequence[str] = ()
) -> str:
    """The position (and the walk, if given) as an SVG document."""
    return render_panels([Panel(state, _trail(state, walk), title, tuple(caption))])


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
            f'<text x="{MARGIN}" y="{top - 3}" font-size="13" font-weight="bold">'
            f"{_esc(line)}</text>"
        )
    out.append(f'<g transform="translate(0,{top})">')
    tr = p.walk
    out += _board(state if tr is None else _shown_state(tr, p.upto))
    if tr is not None:
        out += _walk(tr, p.upto, prefix)
    else:
        out += _monster(state.monster, state.facing, ghost=False)
    out.append("</g>")
    y = top + BOARD_H
    for line in _legend(p):
        out.append(f'<text x="{MARGIN}" y="{y}" font-size="11">{_esc(line)}</text>')
        y += LINE
    return out


def _legend(p: Panel) -> list[str]:
    state = p.state if p.walk is None else _shown_state(p.walk, p.upto)
    lines = list(p.caption)
    off: dict[str, list[str]] = {"waiting": [], "out": [], "removed": []}
    names = {WAITING: "waiting", OUT: "out", REMOVED: "removed"}
    for f in state.figures:
        if f.where < 0:
            off[names[f.where]].append(f"{f.name}({f.face})" if f.where == WAITING else f.name)
    parts = [f"{k}: {' '.join(v)}" for k, v in off.items() if v]
    if parts:
        lines.append("; ".join(parts))
    if p.walk is not None and p.upto is None:
        lines += _summary(p.walk)
    return [part for line in lines for part in textwrap.wrap(line, 92) or [""]]


def _shown_state(tr: Trail, upto: int | None) -> GameState:
    """The position a picture of ``tr`` shows: before the walk, or after step ``upto``."""
    if upto is None or upto == 0:
        return tr.before
    if upto > len(tr.steps):
        return tr.end
    return tr.steps[upto - 1].after


def _board(state: GameState) -> list[str]:
    out = []
    out.append('<g font-size="9" fill="#888888" text-anchor="middle">')
    for c, letter in enumerate(board.COLUMN_LETTERS):
        out.append(f'<text x="{_n(MARGIN + c * CELL + CELL / 2)}" y="11">{letter}</text>')
    for r in range(board.ROWS):
        out.append(f'<text x="7" y="{_n(MARGIN + r * CELL + CELL / 2 + 3)}">{r + 1}</text>')
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
            f"M{_n(_centre(q)[0] - CELL / 2)},{_n(_centre(q)[1] - CELL / 2)}h{CELL}v{CELL}h-{CELL}z"
            for q in squares
        )
        out.append(f'<path d="{cells}" fill="{fill}" stroke="#c8b99a" stroke-width="0.6"{extra}/>')
    for sq, label in ((board.EXIT, "exit"), (board.ENTRANCE, "entrance")):
        x, y = _centre(sq)
        out.append(
            f'<text x="{_n(x)}" y="{_n(y + CELL / 2 - 2)}" font-size="6" fill="#444444" '
            f'text-anchor="middle">{label}</text>'
        )
    walls: list[str] = []
    letters: list[str] = []
    for sq in board.SQUARES:
        for d in board.DIRECTIONS:
            letter = board.WALL[sq][d]
            if not letter:
                continue
            x, y = _centre(sq)
            dx, dy = _STEP[d]
            h = CELL / 2
            # the side is perpendicular to (dx, dy)
            x1, y1 = x + dx * h - dy * h, y + dy * h - dx * h
            x2, y2 = x + dx * h + dy * h, y + dy * h + dx * h
            walls.append(f"M{_n(x1)},{_n(y1)}L{_n(x2)},{_n(y2)}")
            lx, ly = _edge(sq, d, 9)
            letters.append(f'<text x="{_n(lx)}" y="{_n(ly + 3.5)}">{letter}</text>')
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
        if v < 0:
            out += _stone(sq, v)
        elif v > 0:
            f = state.figures[v - 1]
            out += _figure(sq, f.owner, f.face, f.name, f.moved)
    return out


def _teleporter(sq: int, pair: int, d: int) -> list[str]:
    x, y = _centre(sq)
    dx, dy = _STEP[d]
    tip = (x + dx * 14, y + dy * 14)
    base1 = (x + dx * 8 - dy * 5, y + dy * 8 - dx * 5)
    base2 = (x + dx * 8 + dy * 5, y + dy * 8 + dx * 5)
    letter = board.DIRECTION_LETTERS[d]
    return [
        f"<g><title>teleporter {pair} on {board.name(sq)}, arrow {letter}</title>"
        f'<circle cx="{_n(x)}" cy="{_n(y)}" r="12" fill="#e4d4f4" stroke="#6a3d9a" '
        'stroke-width="1.5"/>'
        f'<polygon points="{_n(tip[0])},{_n(tip[1])} {_n(base1[0])},{_n(base1[1])} '
        f'{_n(base2[0])},{_n(base2[1])}" fill="#6a3d9a"/>'
        f'<text x="{_n(x)}" y="{_n(y + 4)}" font-size="11" font-weight="bold" '
        f'fill="#4b2a70" text-anchor="middle">{pair}</text></g>'
    ]


def _stone(sq: int, v: int) -> list[str]:
    x, y = _centre(sq)
    name = board.name(sq)
    if v == CRYSTAL:
        h = CELL / 2 - 4
        pts = f"{_n(x)},{_n(y - h)} {_n(x + h)},{_n(y)} {_n(x)},{_n(y + h)} {_n(x - h)},{_n(y)}"
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
        f'<rect x="{_n(x - CELL / 2 + 4)}" y="{_n(y - CELL / 2 + 4)}" width="{CELL - 8}" '
        f'height="{CELL - 8}" rx="5" fill="#7a7a7a" stroke="#4d4d4d" stroke-width="1">'
        f"<title>{what} on {name}</title></rect>"
    ]
    if label:
        out.append(
            f'<text x="{_n(x)}" y="{_n(y + 5)}" font-size="14" font-weight="bold" '
            f'fill="#ffffff" text-anchor="middle">{label}</text>'
        )
    return out


def _figure(
    sq: int, seat: int, face: int, name: str, moved: bool, ghost: bool = False
) -> list[str]:
    x, y = _centre(sq)
    colour = SEAT_COLOURS[seat]
    state = f"face {face}" + (", moved" if moved else "")
    opacity = ' opacity="0.35"' if ghost else ""
    return [
        f"<g{opacity}><title>{name} on {board.name(sq)} ({state})</title>"
        f'<circle cx="{_n(x)}" cy="{_n(y - 2)}" r="11" fill="{colour}" stroke="#222222" '
        'stroke-width="1"/>'
        f'<text x="{_n(x)}" y="{_n(y + 2.5)}" font-size="12" font-weight="bold" '
        f'fill="{SEAT_TEXT[seat]}" text-anchor="middle">{face}</text>'
        f'<text x="{_n(x)}" y="{_n(y + CELL / 2 - 1.5)}" font-size="7" fill="#222222" '
        f'text-anchor="middle">{name}</text></g>'
    ]


def _monster(sq: int, facing: int, ghost: bool) -> list[str]:
    x, y = _centre(sq)
    dx, dy = _STEP[facing]
    h = CELL / 2 - 3
    tip = (x + dx * 11, y + dy * 11)
    b1 = (x - dx * 3 - dy * 8, y - dy * 3 - dx * 8)
    b2 = (x - dx * 3 + dy * 8, y - dy * 3 + dx * 8)
    letter = board.DIRECTION_LETTERS[facing]
    if ghost:
        return [
            f"<g><title>the monster ends on {board.name(sq)} facing {letter}</title>"
            f'<rect x="{_n(x - h)}" y="{_n(y - h)}" width="{_n(2 * h)}" height="{_n(2 * h)}" '
            'rx="6" fill="none" stroke="#111111" stroke-width="2" stroke-dasharray="4 3"/>'
            f'<polygon points="{_n(tip[0])},{_n(tip[1])} {_n(b1[0])},{_n(b1[1])} '
            f'{_n(b2[0])},{_n(b2[1])}" fill="#111111" opacity="0.6"/></g>'
        ]
    return [
        f"<g><title>the monster on {board.name(sq)} facing {letter}</title>"
        f'<rect x="{_n(x - h)}" y="{_n(y - h)}" width="{_n(2 * h)}" height="{_n(2 * h)}" '
        'rx="6" fill="#1b1b1b"/>'
        f'<polygon points="{_n(tip[0])},{_n(tip[1])} {_n(b1[0])},{_n(b1[1])} '
        f'{_n(b2[0])},{_n(b2[1])}" fill="#ffd43b"/></g>'
    ]


def _walk(tr: Trail, upto: int | None, prefix: str) -> list[str]:
    """The walk over the board: the path, the pushes, the hits, the monster."""
    last = len(tr.steps) if upto is None else min(upto, len(tr.steps))
    frame = upto is not None
    shown = _shown_state(tr, upto)
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
        x, y = _centre(board.square(s.end))
        bx, by = x + CELL / 2 - 5 - 13 * k, y - CELL / 2 + 5
        out.append(
            f"<g><title>step {s.number} ends on {s.end}</title>"
            f'<circle cx="{_n(bx)}" cy="{_n(by)}" r="6.5" fill="#ffffff" stroke="{colour}" '
            'stroke-width="1.5"/>'
            f'<text x="{_n(bx)}" y="{_n(by + 3)}" font-size="8" font-weight="bold" '
            f'fill="#111111" text-anchor="middle">{s.number}</text></g>'
        )
    if tr.actor == MONSTER and not frame:
        out += _monster(tr.before.monster, tr.before.facing, ghost=False)
        out += _monster(tr.end.monster, tr.end.facing, ghost=True)
    else:
        out += _monster(shown.monster, shown.facing, ghost=False)
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
            (x1, y1), (x2, y2) = _centre(board.square(frm)), _centre(board.square(to))
            segs = [((x1, y1), (x2, y2), "")]
        elif kind == "wall":
            d = board.direction(leg.direction)
            a, b = board.square(frm), board.square(to)
            segs = [
                (_centre(a), _edge(a, d), ""),
                (_edge(b, (d + 2) & 3), _centre(b), ""),
            ]
            for px, py in (_edge(a, d), _edge(b, (d + 2) & 3)):
                out.append(f'<circle cx="{_n(px)}" cy="{_n(py)}" r="3" fill="{colour}"/>')
        elif kind == "jump":  # a dashed curve, bent to the left of the jump
            (x1, y1), (x2, y2) = _centre(board.square(frm)), _centre(board.square(to))
            cx, cy = (x1 + x2) / 2 + (y2 - y1) * 0.2, (y1 + y2) / 2 - (x2 - x1) * 0.2
            out.append(
                f'<path d="M{_n(x1)},{_n(y1)} Q{_n(cx)},{_n(cy)} {_n(x2)},{_n(y2)}" '
                f'fill="none" stroke="{colour}" stroke-width="2" stroke-dasharray="6 4" '
                f'marker-end="url(#{prefix}-path)"><title>teleporter {frm} to {to}</title>'
                "</path>"
            )
            segs = []
        elif kind == "enter":
            p11 = board.square(to)
            segs = [(_edge(p11, board.EAST, CELL / 2), _centre(p11), "")]
        else:  # exit
            a1 = board.square(frm)
            segs = [(_centre(a1), _edge(a1, board.WEST, CELL / 2), "")]
        for (x1, y1), (x2, y2), dash in segs:
            extra = f' stroke-dasharray="{dash}"' if dash else ""
            out.append(
                f'<line x1="{_n(x1)}" y1="{_n(y1)}" x2="{_n(x2)}" y2="{_n(y2)}" '
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
            (x1, y1), (x2, y2) = _centre(board.square(e.frm)), _centre(board.square(e.to))
            out.append(_push_arrow(x1, y1, x2, y2, prefix))
        elif isinstance(e, ev.StoneRemoved) and e.reason != "corner":
            sq = board.square(e.square)
            (x1, y1), (x2, y2) = _centre(sq), _edge(sq, facing, 4)
            out.append(_push_arrow(x1, y1, x2, y2, prefix))
        elif isinstance(e, ev.FigureEaten) and e.how != "inside at the end":
            sq = board.square(e.square)
            x, y = _centre(sq)
            out.append(
                f"<g><title>{e.figure} {_esc(e.how)} on {e.square}</title>"
                f'<path d="M{_n(x - 9)},{_n(y - 11)} L{_n(x + 9)},{_n(y + 7)} '
                f'M{_n(x + 9)},{_n(y - 11)} L{_n(x - 9)},{_n(y + 7)}" stroke="#c00000" '
                'stroke-width="3" stroke-linecap="round"/></g>'
            )
            if e.how != "eaten":
                (x2, y2) = _edge(sq, facing, 4)
                out.append(_push_arrow(x, y, x2, y2, prefix))
    return out


def _push_arrow(x1: float, y1: float, x2: float, y2: float, prefix: str) -> str:
    # shorten a little so that the arrow sits between the squares
    dx, dy = x2 - x1, y2 - y1
    length = max(abs(dx), abs(dy)) or 1.0
    k = 6 / length
    return (
        f'<line x1="{_n(x1 + dx * k)}" y1="{_n(y1 + dy * k + 6)}" x2="{_n(x2 - dx * k)}" '
        f'y2="{_n(y2 - dy * k + 6)}" stroke="#555555" stroke-width="1.5" '
        f'stroke-dasharray="3 2" marker-end="url(#{prefix}-push)"/>'
    )


# --- HTML ------------------------------------------------------------------------------------

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
    from fearsome_rules.tools.explain import explain_trail

    tr = _trail(state, walk)
    if tr is None:
        return [("the position", Panel(state, None, title), "")]
    out: list[tuple[str, Panel, str]] = []
    if tr.actor != MONSTER:
        caption = "\n".join(_summary(tr))
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
        f"<title>{_esc(title or 'Fearsome Floors')}</title>",
        f"<style>{_STYLE}</style>",
        "</head>",
        "<body>",
        f"<h1>{_esc(title or 'Fearsome Floors')}</h1>",
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
            f'<div class="frame" data-label="{_esc(label)}"'
            + (' style="display: none"' if k else "")
            + ">"
        )
        parts.append(svg.rstrip())
        if caption:
            parts.append(f"<pre>{_esc(caption)}</pre>")
        parts.append("</div>")
    parts += [f"<script>{_SCRIPT}</script>", "</body>", "</html>"]
    return "\n".join(parts) + "\n"
