"""Pictures as text: :func:`render_text` draws the board as text
(:func:`~fearsome_rules.formats.diagram.diagram`) and, for a walk, a second board with the step
numbers on the squares where the steps end."""

from __future__ import annotations

from fearsome_rules.core import board
from fearsome_rules.core.actions import Reveal
from fearsome_rules.core.state import GameState
from fearsome_rules.formats.diagram import diagram
from fearsome_rules.tools.render.walks import Walk, summary, walk_trail
from fearsome_rules.tools.trail import MONSTER, Trail


def render_text(state: GameState, walk: Walk = None, title: str = "") -> str:
    """The position as a text diagram; with a walk, a second board showing the path: the number
    of each step on the square where it ends, ``+`` on squares passed over."""
    tr = walk_trail(state, walk)
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
            elif board.is_stone(state.cells[sq]):
                row.append("## ")
            elif state.cells[sq]:
                row.append(f"{state.figures[state.cells[sq] - 1].name:<3}")
            elif sq in state.pools:
                row.append("~~ ")
            else:
                row.append(".  ")
        grid.append(f"{r + 1:>2}  " + "".join(row).rstrip())
    out += grid
    out += summary(tr)
    return "\n".join(out)


def _walk_heading(tr: Trail) -> str:
    if tr.actor == MONSTER:
        what = f"tile {tr.action.tile}" if isinstance(tr.action, Reveal) else str(tr.action)
        return (
            f"The monster's walk, {what}: from {board.name(tr.before.monster)} "
            f"facing {board.DIRECTION_LETTERS[tr.before.facing]}"
        )
    return f"The move {tr.action}"
