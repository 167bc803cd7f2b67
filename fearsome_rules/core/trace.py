"""The kernel's trace as events: what an action did, for front-ends, explanations and tests.

The kernel records each thing it does as one packed int (``_encoding.T_*``), and only when asked;
:func:`events` turns those records into the typed events of :mod:`fearsome_rules.core.events`,
naming squares, figures, directions, tiles and rules as people write them. The kernel also marks
where each step ends, with the position's bytes then (a ``bytes`` item among the records):
:func:`read` hands those back beside the events, so that a walk is cut into steps by the kernel
that walked it, not by replaying its events.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final, TypeAlias

from fearsome_rules.core import _encoding, board
from fearsome_rules.core import events as ev
from fearsome_rules.core.board import STONE_KINDS
from fearsome_rules.core.deck import TILES
from fearsome_rules.core.events import LineEnd
from fearsome_rules.core.state import FIGURE_NAMES, SEAT_LETTERS, GameState

HOW: Final = {
    _encoding.HOW_EATEN: ev.How.EATEN,
    _encoding.HOW_PUSHED_OFF: ev.How.PUSHED_OFF,
    _encoding.HOW_TELEPORTER: ev.How.PUSHED_ONTO_TELEPORTER,
    _encoding.HOW_INSIDE: ev.How.INSIDE_AT_END,
    _encoding.HOW_CORNER: ev.How.CORNER,
}
"""How a figure was hit or a stone removed, as the events say it."""

LETTERS: Final = board.DIRECTION_LETTERS


def _square(sq: int) -> str:
    return board.NAMES[sq]


Mark: TypeAlias = tuple[int, bytes]
"""A step's end: how many events came before it, and the position's bytes then."""


def events(
    before: GameState,
    records: Sequence[int | bytes],
    after: GameState,
    ended: Callable[[GameState], ev.GameEnded],
) -> tuple[ev.Event, ...]:
    """The events of one action from its trace records; ``ended`` makes the ``GameEnded``
    event of the state the action led to."""
    return read(before, records, after, ended)[0]


def _piece(names: tuple[str, ...], v: int) -> str:
    """A figure's name or a stone's kind, for a cell's byte."""
    return names[v - 1] if v < _encoding.FIRST_STONE else STONE_KINDS[v]


def read(
    before: GameState,
    records: Sequence[int | bytes],
    after: GameState,
    ended: Callable[[GameState], ev.GameEnded],
) -> tuple[tuple[ev.Event, ...], tuple[Mark, ...]]:
    """The events of one action from its trace records, and the kernel's marks of where its
    steps ended."""
    names = FIGURE_NAMES[before.players]
    out: list[ev.Event] = []
    marks: list[Mark] = []
    cells = before.data  # the board as the latest mark left it: what a look's lines end on
    look: tuple[int, int, int, int] = (0, 0, 0, 0)
    lines: tuple[ev.LineEnd, ...] = ()
    for record in records:
        if isinstance(record, bytes):
            marks.append((len(out), record))
            cells = record
            continue
        kind = record & 255
        a, b, c = record >> 8 & 255, record >> 16 & 255, record >> 24 & 255
        d, e, f = record >> 32 & 255, record >> 40 & 255, record >> 48 & 255
        if kind == _encoding.T_LOOK:
            look = (a, b, c, d)
        elif kind == _encoding.T_SIGHT:
            dists = (e & 15, e >> 4, f & 15, f >> 4)
            lines = tuple(
                LineEnd(board.NAMES[end], dist, _piece(names, cells[end]))
                if end != _encoding.NONE
                else LineEnd("", dist, "")
                for end, dist in zip((a, b, c, d), dists, strict=True)
            )
        elif kind == _encoding.T_SEEN:
            pos, frm, to, choice = look

            def seen(code: int, dist: int) -> str:
                return f"{names[code - 1]}@{dist}" if code else ""

            out.append(
                ev.MonsterLooked(
                    _square(pos),
                    seen(a, b),
                    seen(c, d),
                    seen(e, f),
                    LETTERS[to],
                    lines,
                    bool(choice & 1),
                    bool(choice & 2),
                )
            )
            if to != frm:
                out.append(ev.MonsterTurned(_square(pos), LETTERS[frm], LETTERS[to]))
        elif kind == _encoding.T_MONSTER_STEP:
            out.append(ev.MonsterStepped(a, _square(b), _square(c), LETTERS[d]))
        elif kind == _encoding.T_TURN_STONE:
            out.append(
                ev.MonsterTurnedByStone(
                    _square(a),
                    _square(b),
                    STONE_KINDS[c],
                    LETTERS[d],
                    LETTERS[e],
                    _encoding.RULES[f],
                )
            )
        elif kind == _encoding.T_WRAP:
            out.append(ev.MonsterWrapped(_square(a), _square(b), board.WALL[a][c]))
        elif kind == _encoding.T_MONSTER_SLIDE:
            out.append(ev.MonsterSlid(_square(a), _square(b)))
        elif kind == _encoding.T_TELEPORT:
            out.append(ev.MonsterTeleported(_square(a), _square(b), LETTERS[c]))
        elif kind == _encoding.T_EAT:
            then = "waiting" if e == 1 else "removed"
            out.append(ev.FigureEaten(names[a - 1], _square(b), HOW[c], then, _encoding.RULES[d]))
        elif kind == _encoding.T_FIGURE_PUSHED:
            out.append(ev.FigurePushed(names[a - 1], _square(b), _square(c), _encoding.RULES[d]))
        elif kind == _encoding.T_STONE_PUSHED:
            by = names[c - 1] if c else "monster"
            out.append(
                ev.StonePushed(_square(a), _square(b), by, _encoding.RULES[d], STONE_KINDS[e])
            )
        elif kind == _encoding.T_STONE_SLID:
            out.append(ev.StoneSlid(_square(a), _square(b), STONE_KINDS[c]))
        elif kind == _encoding.T_FIGURE_SLID:
            out.append(ev.FigureSlid(names[a - 1], _square(b), _square(c)))
        elif kind == _encoding.T_STONE_REMOVED:
            out.append(ev.StoneRemoved(_square(a), HOW[b], STONE_KINDS[c]))
        elif kind == _encoding.T_FIGURE_STEPPED:
            start = "waiting" if b == _encoding.AT_WAITING else _square(b)
            out.append(ev.FigureStepped(names[a - 1], start, _square(c)))
        elif kind == _encoding.T_FIGURE_EXITED:
            out.append(ev.FigureExited(names[a - 1]))
        elif kind == _encoding.T_FLIPPED:
            out.append(ev.FigureFlipped(names[a - 1], b))
        elif kind == _encoding.T_TILE:
            out.append(ev.TileRevealed(TILES[a]))
        elif kind == _encoding.T_STAGE:
            out.append(ev.StageChanged(a))
        elif kind == _encoding.T_ROUND:
            out.append(ev.RoundStarted(a, SEAT_LETTERS[b]))
        elif kind == _encoding.T_ENDED:
            out.append(ended(after))
    return tuple(out), tuple(marks)
