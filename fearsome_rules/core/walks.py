"""A monster walk of any length, outside a game's bookkeeping: for positions that are not games.

A tile (``Reveal``) is a walk and the tile's end: the deck, the stage, the round, the ending.
:func:`walk_traced` is the walk alone, of any number of steps or until any number of hits
(MON-STEP, MON-HITS), carried out by the same kernel walk as a tile, with its events. The rules
lab (:mod:`fearsome_rules.tools.lab`), ``explain`` and ``render`` use it to study a position.

:func:`apply_steps` carries out an action (or such a walk) cut into its steps where the kernel
marked them, each with its events and the position after it: one call into the kernel and one
reading of its records, never a replay of events.
"""

from __future__ import annotations

from typing import Any, Final

import attrs

from fearsome_rules.core import _encoding, _kernel
from fearsome_rules.core import events as ev
from fearsome_rules.core import trace as traces
from fearsome_rules.core._encoding import MAX_TURNS as _MAX_TURNS
from fearsome_rules.core._encoding import TILE_HITS, TILE_STEPS
from fearsome_rules.core.actions import Action
from fearsome_rules.core.deck import TILES
from fearsome_rules.core.errors import (
    ArgumentError,
    ArgumentTypeError,
    RuleError,
    quote,
    whole_number,
)
from fearsome_rules.core.game import transition
from fearsome_rules.core.state import GameState, wrong_state

MAX_STEPS: Final = 1_000
"""The longest walk asked for (a tile walks at most 20 steps: HIT_CAP)."""
MAX_TURNS: Final = _MAX_TURNS
"""The most turns the monster makes at turning stones in one step (ADV-TURN-CHAIN)."""


@attrs.frozen
class Walk:
    """A walk of ``steps`` steps, ending early once ``hits`` figures are hit if ``hits`` is not
    0 (a hit tile is ``Walk(20, n)``: MON-HITS)."""

    steps: int
    hits: int = 0

    def __attrs_post_init__(self) -> None:
        if not 0 <= whole_number(self.steps, "Walk(steps)") <= MAX_STEPS:
            raise ArgumentError("Walk(steps)", f"{self.steps}: 0 to {MAX_STEPS:,} steps")
        if not 0 <= whole_number(self.hits, "Walk(hits)") <= 35:
            raise ArgumentError("Walk(hits)", f"{self.hits}: 0 to 35 hits")

    @classmethod
    def of_tile(cls, tile: str) -> Walk:
        """The walk of a monster tile (``8``: 8 steps; ``2hits``: until 2 hits, at most 20)."""
        if not isinstance(tile, str):
            raise ArgumentTypeError("Walk.of_tile(tile)", "a tile name such as '8'", tile)
        if tile not in TILES:
            raise ArgumentError("Walk.of_tile(tile)", f"{quote(tile)}: one of {' '.join(TILES)}")
        k = TILES.index(tile)
        return cls(TILE_STEPS[k], TILE_HITS[k])

    def __str__(self) -> str:
        if self.hits:
            hits = "1 hit" if self.hits == 1 else f"{self.hits} hits"
            return f"walk until {hits} (at most {self.steps} steps)"
        return f"walk {self.steps} step" + ("" if self.steps == 1 else "s")


@attrs.frozen
class Step:
    """One step as the kernel marked it: a monster step (its look and its move) or one movement
    point of a figure."""

    events: tuple[ev.Event, ...]
    """What the step did, in order (a monster step: the look, the turn, the move and what it
    pushed, slid, ate)."""
    after: GameState
    """The position when the step ended (in the middle of an action: a position to look at
    and draw, not a game to play on)."""


@attrs.frozen
class Steps:
    """An action, or a lab's walk, cut into steps: what :func:`apply_steps` returns."""

    before: GameState
    after: GameState
    """The state the action leads to (as :func:`~fearsome_rules.core.game.apply` returns)."""
    events: tuple[ev.Event, ...]
    """Every event of the action (as :func:`~fearsome_rules.core.game.apply_traced`)."""
    steps: tuple[Step, ...]
    end: GameState
    """The board when the walk is over: for the monster after its final look (and the figures
    STAGE-TWO-END removes), before the round's bookkeeping; for a figure: ``after``."""
    rest: tuple[ev.Event, ...]
    """The events after the last step: the final look and the tile's end, or a figure's flip."""


def apply_steps(state: GameState, action: Action | Walk) -> Steps:
    """Carry out ``action`` (a ``FigureMove``, a ``Reveal``, or a lab's :class:`Walk` of any
    length) and hand it back step by step, as the kernel marked its steps' ends (raises the
    engine's RuleError, as :func:`~fearsome_rules.core.game.apply` does).

    >>> import fearsome_rules as fr
    >>> from fearsome_rules.core.walks import apply_steps
    >>> done = apply_steps(fr.new_game(3), fr.FigureMove("A5", ("p11", "p10")))
    >>> [[str(e) for e in s.events] for s in done.steps]
    [['FigureStepped A5 waiting p11'], ['FigureStepped A5 p11 p10']]
    >>> [s.after.figure("A5").place() for s in done.steps], [str(e) for e in done.rest]
    (['p11', 'p10'], ['FigureFlipped A5 2'])
    """
    records: list[Any] = []
    if isinstance(action, Walk):
        after, events, marks = _walked(state, action, records, "apply_steps", True)
    else:
        result, events, marks = transition(state, action, records, "apply_steps", True)
        if isinstance(result, RuleError):
            raise result
        after = result
    steps: list[Step] = []
    start = 0
    end = after
    for upto, data in marks:
        done = events[start:upto]
        if any(isinstance(e, _STEPPED) for e in done):
            steps.append(Step(done, GameState(data, state.setting)))
            start = upto
        else:  # the walk's end: its final look, then the figures STAGE-TWO-END removes
            end = GameState(data, state.setting)
    return Steps(state, after, events, tuple(steps), end, events[start:])


_STEPPED: Final = (ev.MonsterStepped, ev.FigureStepped, ev.FigureExited)
"""The events that make a marked stretch of events a step (else it is the walk's end)."""


def walk_traced(state: GameState, walk: Walk) -> tuple[GameState, tuple[ev.Event, ...]]:
    """The position after the monster walks ``walk`` from ``state``'s square and facing, and
    the walk's events: each look, turn, step, push, slide, wrap, teleport and eat, as a tile's
    walk has them, then the final look. Nothing else changes: no tile is drawn and no round,
    stage or game ends, so the result is a position to look at, not a game to play on."""
    after, events, _ = _walked(state, walk, [], "walk_traced", False)
    return after, events


def _walked(
    state: GameState, walk: Walk, records: list[Any], function: str, steps: bool
) -> tuple[GameState, tuple[ev.Event, ...], tuple[traces.Mark, ...]]:
    if not isinstance(state, GameState):
        raise wrong_state(function, state)
    if not isinstance(walk, Walk):
        raise ArgumentTypeError(f"{function}(walk)", "a Walk", walk)
    data = bytearray(state.data)
    flags = state.setting.flags | (_encoding.TRACE_STEPS if steps else 0)
    _kernel.Walk(data, state.layout, flags, records).run(walk.steps, walk.hits)
    after = GameState(bytes(data), state.setting)
    return after, *traces.read(state, records, after, _never_ends)


def _never_ends(_state: GameState) -> ev.GameEnded:
    raise AssertionError("a walk alone ends no game")  # pragma: no cover - the kernel's walk
