"""A walk, step by step: the events of one action replayed into the position at every step.

``trail(state, action)`` carries out a monster tile (or a figure move) with
:func:`~fearsome_rules.core.game.apply_traced` and replays its events onto a copy of the board, so
that each step knows the position it began in and the one it ended in, the events that belong
to it, and the path it took as legs (a walk on the board, a passage through a wall, a jump
between teleporters). :mod:`fearsome_rules.tools.explain` and
:mod:`fearsome_rules.tools.render` are built on it; the engine itself does not need it.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from fearsome_rules.core import board
from fearsome_rules.core import events as ev
from fearsome_rules.core.actions import Action, FigureMove, Reveal
from fearsome_rules.core.game import apply_traced
from fearsome_rules.core.state import OUT, REMOVED, WAITING, Figure, GameState
from fearsome_rules.core.walks import Walk, walk_traced

MONSTER = "monster"


@attrs.frozen
class Leg:
    """A piece of a path: ``walk`` along a row or column (a slide too), ``wall`` out through
    the wall of ``frm`` (towards ``direction``) and in at ``to`` (same letter ``wall``), ``jump``
    from a teleporter to its partner, ``enter`` onto p11 from beside the entrance, ``exit``
    out through the exit from a1."""

    kind: str
    frm: str
    to: str
    wall: str = ""
    direction: str = ""


@attrs.frozen
class TrailStep:
    """One monster step (look and move), or one movement point of a figure."""

    number: int
    before: GameState
    """The position when the step began (for the monster: at its look)."""
    after: GameState
    """The position when the step ended."""
    events: tuple[ev.Event, ...]
    """The step's events: the look (and turn), then the move and what it did."""
    legs: tuple[Leg, ...]
    start: str
    end: str
    facing: str
    """The monster's facing at the end of the step ("" for a figure)."""
    hits: tuple[str, ...]
    """The figures hit in this step (eaten, pushed off the board or onto a teleporter)."""


@attrs.frozen
class Trail:
    """The whole action, step by step."""

    action: Action | Walk
    """The action, or a lab's walk of any length (no tile: the game's bookkeeping is not
    done)."""
    actor: str
    """``monster``, or the moving figure's name."""
    before: GameState
    after: GameState
    """The state :func:`~fearsome_rules.core.game.apply` returns."""
    events: tuple[ev.Event, ...]
    steps: tuple[TrailStep, ...]
    end: GameState
    """The board when the action is over: for the monster after its final look (figures still
    marked as moved, before the next round's bookkeeping)."""
    final_events: tuple[ev.Event, ...]
    """For the monster: the final look, and what the tile's end brought (stage 2, game over)."""

    @property
    def path(self) -> tuple[str, ...]:
        """The square after each step."""
        return tuple(s.end for s in self.steps)

    @property
    def hits(self) -> tuple[str, ...]:
        return tuple(h for s in self.steps for h in s.hits)


class Board:
    """A mutable copy of a position that events are replayed onto."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.cells = list(state.cells)
        self.figures = list(state.figures)
        self.index = {f.name: i for i, f in enumerate(state.figures)}
        self.monster = state.monster
        self.facing = state.facing

    def snapshot(self) -> GameState:
        """The replayed position as a state (for looking and drawing; not a game position)."""
        return self.state.replace(
            cells=tuple(self.cells),
            figures=tuple(self.figures),
            monster=self.monster,
            facing=self.facing,
        )

    def _move_stone(self, frm: str, to: str) -> None:
        a, b = board.square(frm), board.square(to)
        self.cells[b] = self.cells[a]
        self.cells[a] = 0

    def _lift(self, name: str) -> int:
        """Take a figure off its square (if it is on the board); its index."""
        i = self.index[name]
        where = self.figures[i].where
        if where >= 0 and self.cells[where] == i + 1:
            self.cells[where] = 0
        return i

    def _move_figure(self, name: str, to: str) -> None:
        i = self._lift(name)
        sq = board.square(to)
        self.figures[i] = attrs.evolve(self.figures[i], where=sq)
        if self.cells[sq] == 0:  # a figure only passing through another stands on it later
            self.cells[sq] = i + 1

    def apply(self, e: ev.Event) -> None:
        """Carry out one event's effect on the board."""
        if isinstance(e, (ev.StonePushed, ev.StoneSlid)):
            self._move_stone(e.frm, e.to)
        elif isinstance(e, (ev.FigurePushed, ev.FigureSlid, ev.FigureStepped)):
            self._move_figure(e.figure, e.to)
        elif isinstance(e, ev.StoneRemoved):
            self.cells[board.square(e.square)] = 0
        elif isinstance(e, ev.FigureEaten):
            i = self._lift(e.figure)
            gone = WAITING if e.then == "waiting" else REMOVED
            self.figures[i] = attrs.evolve(self.figures[i], where=gone)
        elif isinstance(e, ev.FigureExited):
            i = self._lift(e.figure)
            self.figures[i] = attrs.evolve(self.figures[i], where=OUT)
        elif isinstance(e, (ev.MonsterTurned, ev.MonsterTurnedByStone)):
            self.facing = board.direction(e.to)
        elif isinstance(e, ev.MonsterWrapped):
            self.monster = board.square(e.to)
        elif isinstance(e, ev.MonsterTeleported):
            self.monster = board.square(e.to)
            self.facing = board.direction(e.facing)
        elif isinstance(e, ev.MonsterSlid):
            self.monster = board.square(e.to)
        elif isinstance(e, ev.MonsterStepped):
            self.monster = board.square(e.to)
            self.facing = board.direction(e.facing)


def trail(state: GameState, action: Action | Walk) -> Trail:
    """Carry out ``action`` (a Reveal, a FigureMove, or a lab's Walk of any length) and cut it
    into steps.

    Raises the engine's RuleError if the action is not legal in ``state``.
    """
    if isinstance(action, Walk):
        after, events = walk_traced(state, action)
        return _monster_trail(state, action, after, events)
    after, events = apply_traced(state, action)
    if isinstance(action, Reveal):
        return _monster_trail(state, action, after, events)
    if isinstance(action, FigureMove):
        return _figure_trail(state, action, after, events)
    raise TypeError(f"a trail is made of a monster tile or a figure move, not {action}")


def _monster_trail(
    state: GameState, action: Reveal | Walk, after: GameState, events: Sequence[ev.Event]
) -> Trail:
    b = Board(state)
    steps: list[TrailStep] = []
    current: list[ev.Event] = []
    before = b.snapshot()
    last = max((k for k, e in enumerate(events) if isinstance(e, ev.MonsterStepped)), default=-1)
    for e in events[: last + 1]:
        if isinstance(e, ev.TileRevealed):
            continue
        current.append(e)
        b.apply(e)
        if isinstance(e, ev.MonsterStepped):
            step_events = tuple(current)
            steps.append(
                TrailStep(
                    number=e.number,
                    before=before,
                    after=b.snapshot(),
                    events=step_events,
                    legs=_monster_legs(board.name(before.monster), step_events),
                    start=e.frm,
                    end=e.to,
                    facing=e.facing,
                    hits=tuple(
                        x.figure
                        for x in step_events
                        if isinstance(x, ev.FigureEaten) and x.how != ev.INSIDE_AT_END
                    ),
                )
            )
            current = []
            before = b.snapshot()
    final = tuple(events[last + 1 :])
    for e in final:
        b.apply(e)
    return Trail(action, MONSTER, state, after, tuple(events), tuple(steps), b.snapshot(), final)


def _monster_legs(start: str, events: Sequence[ev.Event]) -> tuple[Leg, ...]:
    """The path of one step, from its waypoints: where a turning stone turned the monster, the
    walls it went through, the teleporters it jumped between, where the step ended."""
    legs: list[Leg] = []
    cur = start
    facing = ""

    def walk_to(sq: str) -> None:
        nonlocal cur
        if sq != cur:
            legs.append(Leg("walk", cur, sq))
            cur = sq

    for e in events:
        if isinstance(e, ev.MonsterLooked):
            facing = e.facing
        elif isinstance(e, ev.MonsterTurnedByStone):
            walk_to(e.square)
            facing = e.to
        elif isinstance(e, ev.MonsterWrapped):
            walk_to(e.frm)
            legs.append(Leg("wall", e.frm, e.to, e.wall, facing))
            cur = e.to
        elif isinstance(e, ev.MonsterSlid):
            walk_to(e.to)
        elif isinstance(e, ev.MonsterTeleported):
            walk_to(e.frm)
            legs.append(Leg("jump", e.frm, e.to))
            cur = e.to
            facing = e.facing
        elif isinstance(e, ev.MonsterStepped):
            walk_to(e.to)
    return tuple(legs)


def _figure_trail(
    state: GameState, action: FigureMove, after: GameState, events: Sequence[ev.Event]
) -> Trail:
    b = Board(state)
    groups: list[list[ev.Event]] = []
    for e in events:
        if isinstance(e, (ev.FigureStepped, ev.FigureExited)) or not groups:
            groups.append([])
        groups[-1].append(e)
    steps: list[TrailStep] = []
    before = b.snapshot()
    for group in groups:
        legs: list[Leg] = []
        start = end = ""
        for e in group:
            b.apply(e)
            if isinstance(e, ev.FigureStepped):
                start = start or e.frm
                end = e.to
                if e.frm == "waiting":
                    legs.append(Leg("enter", "waiting", e.to))
                else:
                    legs.append(Leg("walk", e.frm, e.to))
            elif isinstance(e, ev.FigureSlid) and e.figure == action.figure:
                end = e.to
                if e.frm != e.to:
                    legs.append(Leg("walk", e.frm, e.to))
            elif isinstance(e, ev.FigureExited):
                start = start or "a1"
                end = "out"
                legs.append(Leg("exit", "a1", "out"))
        if not legs:  # the flip of a zero move
            continue
        steps.append(
            TrailStep(
                number=len(steps) + 1,
                before=before,
                after=b.snapshot(),
                events=tuple(group),
                legs=tuple(legs),
                start=start,
                end=end,
                facing="",
                hits=(),
            )
        )
        before = b.snapshot()
    return Trail(action, action.figure, state, after, tuple(events), tuple(steps), after, ())


def figure_at(state: GameState, sq: int) -> Figure | None:
    """The figure on square ``sq``, if any."""
    v = state.cells[sq]
    return state.figures[v - 1] if v > 0 else None


NOT_HITS = frozenset({ev.INSIDE_AT_END})
"""How a figure leaves that is not the monster's hit: STAGE-TWO-END's removal after the last
tile."""


def monster_path(events: Sequence[ev.Event]) -> list[str]:
    """The monster's square after each step of a walk (its ``MonsterStepped`` events)."""
    return [e.to for e in events if isinstance(e, ev.MonsterStepped)]


def hits(events: Sequence[ev.Event]) -> list[str]:
    """The figures the monster hit, in order: eaten, pushed off the board or onto a
    teleporter (not the figures STAGE-TWO-END removes)."""
    return [e.figure for e in events if isinstance(e, ev.FigureEaten) and e.how not in NOT_HITS]
