"""A walk, step by step: the events of one action and the position at every step.

``trail(state, action)`` carries out a monster tile (or a figure move) with
:func:`~fearsome_rules.core.walks.apply_steps`, which hands back the steps as the kernel marked
them, so that each step knows the position it began in and the one it ended in, the events that
belong to it, and the path it took as legs (a walk on the board, a passage through a wall, a
jump between teleporters). :mod:`fearsome_rules.tools.explain` and
:mod:`fearsome_rules.tools.render` are built on it; the engine itself does not need it.
"""

from __future__ import annotations

from collections.abc import Sequence

import attrs

from fearsome_rules.core import board
from fearsome_rules.core import events as ev
from fearsome_rules.core.actions import Action, FigureMove, Reveal
from fearsome_rules.core.state import Figure, GameState
from fearsome_rules.core.walks import Steps, Walk, apply_steps

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


def trail(state: GameState, action: Action | Walk) -> Trail:
    """Carry out ``action`` (a Reveal, a FigureMove, or a lab's Walk of any length) and cut it
    into steps.

    Raises the engine's RuleError if the action is not legal in ``state``.
    """
    if not isinstance(action, (Reveal, FigureMove, Walk)):
        raise TypeError(f"a trail is made of a monster tile or a figure move, not {action}")
    done = apply_steps(state, action)
    if isinstance(action, FigureMove):
        return _figure_trail(action, done)
    steps: list[TrailStep] = []
    before = state
    for step in done.steps:
        events = tuple(e for e in step.events if not isinstance(e, ev.TileRevealed))
        moved = events[-1]
        assert isinstance(moved, ev.MonsterStepped)
        steps.append(
            TrailStep(
                number=moved.number,
                before=before,
                after=step.after,
                events=events,
                legs=_monster_legs(moved.frm, events),
                start=moved.frm,
                end=moved.to,
                facing=moved.facing,
                hits=tuple(hits(events)),
            )
        )
        before = step.after
    return Trail(action, MONSTER, state, done.after, done.events, tuple(steps), done.end, done.rest)


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


def _figure_trail(action: FigureMove, done: Steps) -> Trail:
    steps: list[TrailStep] = []
    before = done.before
    for k, step in enumerate(done.steps):
        # The flip (and a game's end) after the last point belong to the last step.
        events = step.events + (done.rest if k == len(done.steps) - 1 else ())
        legs: list[Leg] = []
        start = end = ""
        for e in events:
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
        steps.append(
            TrailStep(
                number=k + 1,
                before=before,
                after=step.after,
                events=events,
                legs=tuple(legs),
                start=start,
                end=end,
                facing="",
                hits=(),
            )
        )
        before = step.after
    return Trail(
        action, action.figure, done.before, done.after, done.events, tuple(steps), done.after, ()
    )


def figure_at(state: GameState, sq: int) -> Figure | None:
    """The figure on square ``sq``, if any."""
    v = state.cells[sq]
    return state.figures[v - 1] if v and not board.is_stone(v) else None


NOT_HITS = frozenset({ev.How.INSIDE_AT_END})
"""How a figure leaves that is not the monster's hit: STAGE-TWO-END's removal after the last
tile."""


def monster_path(events: Sequence[ev.Event]) -> list[str]:
    """The monster's square after each step of a walk (its ``MonsterStepped`` events)."""
    return [e.to for e in events if isinstance(e, ev.MonsterStepped)]


def hits(events: Sequence[ev.Event]) -> list[str]:
    """The figures the monster hit, in order: eaten, pushed off the board or onto a
    teleporter (not the figures STAGE-TWO-END removes)."""
    return [e.figure for e in events if isinstance(e, ev.FigureEaten) and e.how not in NOT_HITS]
