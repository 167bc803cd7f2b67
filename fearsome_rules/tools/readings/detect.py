"""Does a reading matter here? For a state and an action, the options whose other value would
change what the action does, found by carrying the action out under each value with the
engine's own transitions and comparing (never by a second copy of a rule).

- An action's **result**: the position after it (for a tile, the walk too: every look, turn,
  step and push), or the rule that refuses it.
- For the options that shape what is legal or what moves lead to (``reentry``,
  ``slide_over_figure`` and ``monster_corner_stone`` in the figure phase; the placement options
  in the placement phase): the legal moves of the player to move with the result of each, or
  the legal placements.
- The game-level options: ``finish_round`` where the action ends the game under one value and
  not the other (a result), ``no_escape_result`` where the game's outcome differs.
  ``three_hits`` changes the deck itself, not what an action does: it is measured by playing
  the same games under both values (:mod:`fearsome_rules.tools.readings.report`).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final

import attrs

from fearsome_rules.core.actions import Action, PlaceTile, Reveal
from fearsome_rules.core.board import TURN_ABOUT, TURN_RIGHT
from fearsome_rules.core.endings import outcome
from fearsome_rules.core.errors import RuleError
from fearsome_rules.core.game import apply_traced
from fearsome_rules.core.moves import MoveResult, MoveSearch
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.core.placement import legal_placements
from fearsome_rules.core.state import GameState, Phase, wrong_state

PER_ACTION: Final = tuple(n for n in RuleOptions.names() if n != "three_hits")
"""The options an action can show: every one but ``three_hits`` (see the module's docstring)."""
PLACEMENT_OPTIONS: Final = ("protected_squares", "teleporter_diagonal", "teleporter_walls")
"""Read only by the placement rules (PLACE-CORNERS, PLACE-TELEPORTERS, PLACE-TELEPORTER-WALLS)."""
TURN_STONE_OPTIONS: Final = tuple(n for n in RuleOptions.names() if n.startswith("turn_stone_"))
"""Read only when the monster meets a turning stone (ADV-TURN-*)."""


@attrs.frozen
class Mattered:
    """An option that would change what the action does here."""

    option: str
    value: str
    """The other value, under which it differs."""
    how: str
    """``result`` (another position or walk), ``refusal`` (legal under one value only, or
    refused by another rule), ``legal moves``, ``legal placements`` or ``outcome``."""

    def __str__(self) -> str:
        return f"{self.option}={self.value}: {self.how}"


def readings_that_matter(state: GameState, action: Action) -> tuple[Mattered, ...]:
    """The options whose other value(s) would change what ``action`` does in ``state``, each
    with the value and how (:class:`Mattered`), in the order of ``RuleOptions.names()``."""
    if not isinstance(state, GameState):
        raise wrong_state("readings_that_matter", state)
    base = _done(state, action)
    found: list[Mattered] = []
    choices = _Choices(state)
    for name, value, other in _other_readings(state):
        how = _difference(base, _done(other, action))
        if how is None:
            how = choices.differ(name, other)
        if how is not None:
            found.append(Mattered(name, value, how))
    return tuple(found)


def _other_readings(state: GameState) -> Iterator[tuple[str, str, GameState]]:
    """Each option an action here could show, each other value, and the position under it."""
    turning = any(v in (TURN_RIGHT, TURN_ABOUT) for v in state.cells)
    for name in PER_ACTION:
        if name in PLACEMENT_OPTIONS and state.phase is not Phase.PLACEMENT:
            continue
        if name in TURN_STONE_OPTIONS and not turning:
            continue
        now = _text(getattr(state.options, name))
        for value in RuleOptions.choices(name):
            if value == now:
                continue
            options = state.options.with_option(name, value)
            yield name, value, GameState(state.data, attrs.evolve(state.setting, options=options))


Done = tuple[object, ...]


def _done(state: GameState, action: Action) -> Done:
    """What the action does: the position after it, its walk, the outcome; or the refusal."""
    try:
        after, events = apply_traced(state, action)
    except RuleError as e:
        return ("refused", e.rule)
    walk = tuple(map(str, events)) if isinstance(action, Reveal) else ()
    o = outcome(after)
    return ("done", after.data, walk, None if o is None else (o.rule, o.winners))


def _difference(a: Done, b: Done) -> str | None:
    if a[0] != b[0] or (a[0] == "refused" and a != b):
        return "refusal"
    if a[0] == "refused":
        return None
    if a[1:3] != b[1:3]:
        return "result"
    if a[3] != b[3]:
        return "outcome"
    return None


MOVE_OPTIONS: Final = ("reentry", "slide_over_figure", "monster_corner_stone")
"""Read by figure moves (FIG-WAITING, POOL-FIGURE-ON-POOL, PUSH-CORNER)."""


Choices = list[tuple[tuple[int, ...], MoveResult]]
"""The legal moves of a state, each as its path (entries) and what it leads to."""


def _choices(state: GameState) -> Choices:
    found = MoveSearch(state)
    return [(found.path(k), result) for k, result in enumerate(found.results())]


class _Choices:
    """What the player to act may choose in a state, worked out once and compared with the
    same under other readings: the legal moves with their results, or the legal placements."""

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.moves: Choices | None = None
        self.placements: set[PlaceTile] | None = None

    def differ(self, name: str, other: GameState) -> str | None:
        phase = self.state.phase
        if name in MOVE_OPTIONS and phase is Phase.FIGURES:
            if self.moves is None:
                self.moves = _choices(self.state)
            return "legal moves" if _choices(other) != self.moves else None
        if name in PLACEMENT_OPTIONS and phase is Phase.PLACEMENT:
            if self.placements is None:
                self.placements = set(legal_placements(self.state))
            return "legal placements" if set(legal_placements(other)) != self.placements else None
        return None


def _text(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)
