"""Immutable state of a game: figures, stones, the monster, the deck, whose turn it is.

The board contents live in ``GameState.cells``, one int per cell index (see ``board``): 0 is
empty, a negative code is a stone, ``i + 1`` is the figure ``GameState.figures[i]``. Blood pools
never move, so they are layout (``GameState.pools``), not cell contents. The monster is not in
``cells``; it has its own square and facing.
"""

from __future__ import annotations

import enum
from functools import lru_cache
from typing import Any, Final

import attrs

from fearsome_rules.core import board
from fearsome_rules.core.errors import NotationError
from fearsome_rules.core.options import RuleOptions

EMPTY: Final = 0
STONE: Final = -1  # a plain stone: the basic game's stones, and 3 fronts in the advanced game
CRYSTAL: Final = -2  # ADV-CRYSTAL: the monster sees through it
TURN_RIGHT: Final = -3  # ADV-TURN: turns the monster 90 degrees clockwise
TURN_ABOUT: Final = -4  # ADV-TURN: turns the monster 180 degrees
STONE_KINDS: Final = {
    STONE: "stone",
    CRYSTAL: "crystal",
    TURN_RIGHT: "turn_right",
    TURN_ABOUT: "turn_about",
}

# Where a figure is when it is not on a square.
WAITING: Final = -1  # beside the entrance: not entered yet, or eaten in stage 1 (SET-WAITING)
OUT: Final = -2  # escaped through the exit (FIG-EXIT)
REMOVED: Final = -3  # eaten in stage 2, or inside when the game ended (STAGE-TWO, STAGE-TWO-END)

PLACE_NAMES: Final = {WAITING: "waiting", OUT: "out", REMOVED: "removed"}

SEAT_LETTERS: Final = "ABCDEFG"
KINDS_4: Final = (1, 3, 4, 5)  # the number on each figure's coloured side (SET-FIGURES)
KINDS_3: Final = (1, 4, 5)

MAX_ROUND_REVEALS: Final = 7  # tiles carried out per stage (STAGE-ONE, STAGE-TWO-END)


class Phase(enum.Enum):
    """What the game waits for: a tile placement, a figure move, the monster tile, or nothing."""

    PLACEMENT = "placement"
    FIGURES = "figures"
    MONSTER = "monster"
    OVER = "over"


@attrs.frozen
class Figure:
    """One playing figure: its owner's seat, its kind, the face showing, and where it is."""

    owner: int
    kind: int
    """The number on the coloured side: 1, 3, 4 or 5 (the other side shows 7 - kind)."""
    face: int
    """The number now showing: this round's movement points, or next round's once moved."""
    where: int
    """A square index, or WAITING, OUT or REMOVED."""
    moved: bool = False
    """Whether it has moved (and flipped) in the current round (RND-ONCE)."""

    @property
    def name(self) -> str:
        """The figure's name: seat letter and kind, for example ``A5``."""
        return f"{SEAT_LETTERS[self.owner]}{self.kind}"

    @property
    def on_board(self) -> bool:
        return self.where >= 0

    @property
    def active(self) -> bool:
        """Still in play: on the board or waiting at the entrance (moves every round)."""
        return self.where >= 0 or self.where == WAITING

    def place(self) -> str:
        """Where it is, as text: a square name, ``waiting``, ``out`` or ``removed``."""
        return board.name(self.where) if self.where >= 0 else PLACE_NAMES[self.where]


def kinds_for(players: int) -> tuple[int, ...]:
    """The figure kinds each player gets (SET-FIGURES)."""
    return KINDS_4 if players <= 4 else KINDS_3


def escapes_to_win(players: int) -> int:
    """How many figures out win the game at once: all but one (END-WIN)."""
    return len(kinds_for(players)) - 1


@lru_cache(maxsize=64)
def pool_mask(pools: frozenset[int]) -> tuple[bool, ...]:
    """A per-cell flag of blood-pool squares, shared by every state with the same pools."""
    return tuple(i in pools for i in range(board.CELLS))


Teleporter = tuple[int, int, int]
"""A placed teleporter: (square, pair 1 or 2, the direction its arrow points)."""


@lru_cache(maxsize=64)
def teleporter_links(
    teleporters: tuple[Teleporter, ...],
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Per cell: the partner teleporter's square (-1 where there is no teleporter; its own
    square while its partner is not placed yet), and the arrow on that cell (ADV-TELEPORT)."""
    partner = [-1] * board.CELLS
    arrow = [-1] * board.CELLS
    for sq, pair, direction in teleporters:
        arrow[sq] = direction
        partner[sq] = sq
        for other, other_pair, _ in teleporters:
            if other_pair == pair and other != sq:
                partner[sq] = other
    return tuple(partner), tuple(arrow)


NO_TELEPORTERS: Final[tuple[int, ...]] = (-1,) * board.CELLS


@attrs.frozen(cache_hash=True)
class GameState:
    """A complete position. Equal states are the same position (``==`` and ``hash``).

    Build one with :func:`fearsome_rules.new_game` or :func:`fearsome_rules.core.position`, or parse
    a position string; transitions return new states and never change this one.
    """

    players: int
    options: RuleOptions
    pools: frozenset[int]
    cells: tuple[int, ...] = attrs.field(repr=False)
    figures: tuple[Figure, ...] = attrs.field(repr=False)
    monster: int
    facing: int
    phase: Phase
    to_move: int
    """The seat to move in the figure phase; -1 otherwise."""
    round: int
    stage: int
    start_player: int
    deck: tuple[str, ...]
    """The monster tiles not yet revealed in this stage, in the order of ``deck.TILES``."""
    reveals: int
    """Monster tiles carried out in this stage (0..7)."""
    escapes: tuple[int, ...]
    """The owner's seat of every figure that got out, in the order they got out (END-MOST)."""
    ended_by: str = ""
    """Once the game is over, the rule that ended it (END-WIN, END-ALL-GONE, STAGE-TWO-END)."""
    teleporters: tuple[Teleporter, ...] = ()
    """The teleporters on the board, sorted by square (ADV-TELEPORT)."""
    setup: str = "basic"
    """``basic`` (the printed layout), ``advanced`` or ``bsw`` (players place tiles, ADV-SETUP)."""
    to_place: tuple[str, ...] = ()
    """In the placement phase, the tiles not yet placed (PLACE-ORDER)."""

    def replace(self, **changes: Any) -> GameState:
        """A copy with some fields changed (a faster ``attrs.evolve`` for the hot paths)."""
        for field in _STATE_FIELDS:
            if field not in changes:
                changes[field] = getattr(self, field)
        return GameState(**changes)

    @property
    def pool(self) -> tuple[bool, ...]:
        return pool_mask(self.pools)

    @property
    def tele(self) -> tuple[int, ...]:
        """Per cell: the partner teleporter's square, or -1 (see ``teleporter_links``)."""
        return teleporter_links(self.teleporters)[0] if self.teleporters else NO_TELEPORTERS

    @property
    def stones(self) -> frozenset[int]:
        """The squares holding a stone."""
        return frozenset(i for i, v in enumerate(self.cells) if v < 0)

    def figure(self, figure_name: str) -> Figure:
        """The figure with this name (``A5``)."""
        return self.figures[figure_index(self, figure_name)]

    def escaped(self, seat: int) -> int:
        """How many figures of this seat are out."""
        return self.escapes.count(seat)


_STATE_FIELDS = tuple(a.name for a in attrs.fields(GameState))


def figure_index(state: GameState, figure_name: str) -> int:
    """The index of a named figure in ``state.figures``; raises NotationError."""
    text = figure_name.strip().upper() if isinstance(figure_name, str) else ""
    for i, f in enumerate(state.figures):
        if f.name == text:
            return i
    names = ", ".join(f.name for f in state.figures)
    raise NotationError(f"{figure_name!r} is not a figure of this game (figures: {names})")
