"""Immutable state of a game: figures, stones, the monster, the deck, whose turn it is.

A state holds the position as the kernel's flat bytes (``GameState.data``, laid out in
:mod:`fearsome_rules.core._kernel`), which the transitions copy and change, and the layout that
moves only while tiles are placed (pools, teleporters, the tiles left to place). Everything
else is read from those bytes, in :mod:`~fearsome_rules.core.board`'s encoding of squares,
places and pieces, which is the bytes' own: ``cells``, one piece per cell index
(``board.EMPTY``, ``i + 1`` the figure ``GameState.figures[i]``, a stone's code); the figures,
each at a place (a square, ``board.WAITING``, ``OUT`` or ``REMOVED``); the monster
(not in ``cells``: it has its own square and facing); the deck, the turn, the round. Blood
pools never move, so they are layout (``GameState.pools``), not cell contents.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from functools import lru_cache
from typing import Any, Final, TypeAlias

import attrs

from fearsome_rules.core import _encoding, board
from fearsome_rules.core.board import Square
from fearsome_rules.core.deck import TILES
from fearsome_rules.core.errors import (
    ArgumentTypeError,
    NotationError,
    NotationTypeError,
    quote,
)
from fearsome_rules.core.options import RuleOptions, kernel_flags

SEAT_LETTERS: Final = "ABCDEFG"
"""Each seat's letter, its notation (``SEAT_LETTERS[seat]``; ``SEAT_LETTERS.index(letter)``)."""

Seat: TypeAlias = int
"""A seat, at every door of the package that takes or gives one as a value: 0..players - 1 in
seat order (clockwise), as :data:`fearsome_rules.board.Square` is an ``int``. Its letter (``A``..
``G``, :data:`SEAT_LETTERS`) is its notation, the text of figure names, events and formats."""
KINDS_4: Final = (1, 3, 4, 5)  # the number on each figure's coloured side (SET-FIGURES)
KINDS_3: Final = (1, 4, 5)


class Phase(enum.Enum):
    """What the game waits for: a tile placement, a figure move, the monster tile, or nothing."""

    PLACEMENT = "placement"
    FIGURES = "figures"
    MONSTER = "monster"
    OVER = "over"


@attrs.frozen
class Figure:
    """One playing figure: its owner's seat, its kind, the face showing, and where it is."""

    owner: Seat
    kind: int
    """The number on the coloured side: 1, 3, 4 or 5 (the other side shows 7 - kind)."""
    face: int
    """The number now showing: this round's movement points, or next round's once moved."""
    where: int
    """Its place: a square index, or ``board.WAITING``, ``OUT`` or ``REMOVED``."""
    moved: bool = False
    """Whether it has moved (and flipped) in the current round (RND-ONCE)."""

    @property
    def name(self) -> str:
        """The figure's name: seat letter and kind, for example ``A5``."""
        return f"{SEAT_LETTERS[self.owner]}{self.kind}"

    @property
    def on_board(self) -> bool:
        return self.where < board.CELLS

    @property
    def active(self) -> bool:
        """Still in play: on the board or waiting at the entrance (moves every round)."""
        return self.where < board.CELLS or self.where == board.WAITING

    def place(self) -> str:
        """Where it is, as text: a square name, ``waiting``, ``out`` or ``removed``."""
        where = self.where
        return board.name(where) if where < board.CELLS else board.PLACE_NAMES[where]


def kinds_for(players: int) -> tuple[int, ...]:
    """The figure kinds each player gets (SET-FIGURES)."""
    return KINDS_4 if players <= 4 else KINDS_3


FIGURE_NAMES: Final = {
    players: tuple(f"{SEAT_LETTERS[s]}{k}" for s in range(players) for k in kinds_for(players))
    for players in range(2, 8)
}
"""Per player count, the figures' names by index (seat by seat, in the order of kinds_for)."""


def escapes_to_win(players: int) -> int:
    """How many figures out win the game at once: all but one (END-WIN)."""
    return len(kinds_for(players)) - 1


Teleporter = tuple[int, int, int]
"""A placed teleporter: (square, pair 1 or 2, the direction its arrow points)."""

PHASES: Final = (Phase.PLACEMENT, Phase.FIGURES, Phase.MONSTER, Phase.OVER)
"""The phases by the kernel's code."""


@lru_cache(maxsize=256)
def layout_bytes(pools: frozenset[int], teleporters: tuple[Teleporter, ...]) -> bytes:
    """The kernel's layout for these pools and teleporters: per cell the floor (POOL,
    TELEPORTER), the partner teleporter's square (its own while the partner is not placed,
    ADV-TELEPORT), its arrow, and what a figure's step onto it finds (STEPS)."""
    out = bytearray(_encoding.LAYOUT_SIZE)
    for sq in range(board.CELLS):
        out[_encoding.PARTNERS + sq] = 255
        if not board.ON_BOARD[sq]:
            out[_encoding.STEPS + sq] = _encoding.STEP_NEVER
    out[_encoding.STEPS + _encoding.NONE] = _encoding.STEP_NEVER
    for sq in pools:
        out[sq] |= _encoding.POOL
        out[_encoding.STEPS + sq] = _encoding.STEP_POOL
    for sq, pair, direction in teleporters:
        out[sq] |= _encoding.TELEPORTER
        out[_encoding.STEPS + sq] = _encoding.STEP_NEVER
        out[_encoding.ARROWS + sq] = direction
        out[_encoding.PARTNERS + sq] = sq
        for other, other_pair, _ in teleporters:
            if other_pair == pair and other != sq:
                out[_encoding.PARTNERS + sq] = other
    return bytes(out)


@lru_cache(maxsize=64)
def pool_mask(pools: frozenset[int]) -> tuple[bool, ...]:
    """A per-cell flag of blood-pool squares, shared by every state with the same pools."""
    return tuple(i in pools for i in range(board.CELLS))


@attrs.frozen(cache_hash=True)
class Setting:
    """What stays the same from one transition of a game to the next: the reading of the
    rules and the layout (blood pools, teleporters, the setup, the tiles still to place), with
    the kernel's bytes and bits for them, worked out once and shared by every state."""

    options: RuleOptions
    pools: frozenset[int]
    teleporters: tuple[Teleporter, ...] = ()
    setup: str = "basic"
    to_place: tuple[str, ...] = ()
    layout: bytes = attrs.field(init=False, eq=False, repr=False)
    """The kernel's layout of the pools and teleporters (see :func:`layout_bytes`)."""
    flags: int = attrs.field(init=False, eq=False, repr=False)
    """The kernel's bits for the rule options."""

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "layout", layout_bytes(self.pools, self.teleporters))
        object.__setattr__(self, "flags", kernel_flags(self.options))


@attrs.frozen(getstate_setstate=False, repr=False)
class GameState:
    """A complete position. Equal states are the same position (``==`` and ``hash``).

    Build one with :func:`fearsome_rules.new_game` or :func:`fearsome_rules.position`, or parse
    a position string; transitions return new states and never change this one.
    """

    data: bytes = attrs.field(repr=False)
    """The position in the kernel's layout (cells, figures, monster, turn, deck, escapes)."""
    setting: Setting
    cells_read: tuple[int, ...] = attrs.field(init=False, eq=False, hash=False, repr=False)
    figures_read: tuple[Figure, ...] = attrs.field(init=False, eq=False, hash=False, repr=False)
    """The cells and the figures once read from ``data`` (not set until asked for: a state a
    search passes through is never asked)."""

    @classmethod
    def build(
        cls,
        *,
        players: int,
        options: RuleOptions,
        pools: frozenset[int],
        cells: Iterable[int],
        figures: Iterable[Figure],
        monster: int,
        facing: int,
        phase: Phase,
        to_move: int,
        round: int,
        stage: int,
        start_player: int,
        deck: Iterable[str],
        reveals: int,
        escapes: Iterable[int],
        ended_by: str = "",
        teleporters: tuple[Teleporter, ...] = (),
        setup: str = "basic",
        to_place: tuple[str, ...] = (),
    ) -> GameState:
        """A state from every field as the properties give them (cells as pieces, figures as
        Figure objects, the deck as tile names)."""
        data = bytearray(_encoding.SIZE)
        for sq, v in enumerate(cells):
            data[_encoding.CELLS + sq] = v
        figs = tuple(figures)
        for i, f in enumerate(figs):
            data[_encoding.PLACES + i] = f.where
            data[_encoding.FACES + i] = f.face | (_encoding.MOVED if f.moved else 0)
        data[_encoding.MONSTER] = monster
        data[_encoding.FACING] = facing
        data[_encoding.PHASE] = PHASES.index(phase)
        data[_encoding.TO_MOVE] = to_move & 0xFF
        data[_encoding.ROUND] = round
        data[_encoding.STAGE] = stage
        data[_encoding.START] = start_player
        data[_encoding.REVEALS] = reveals
        data[_encoding.ENDED] = _encoding.ENDINGS.index(ended_by)
        data[_encoding.PLAYERS] = players
        data[_encoding.FIGURES] = len(figs)
        for tile in deck:
            data[_encoding.DECK + TILES.index(tile)] += 1
        esc = tuple(escapes)
        data[_encoding.ESCAPED] = len(esc)
        for k, seat in enumerate(esc):
            data[_encoding.ESCAPES + k] = seat
        setting = Setting(options, pools, tuple(teleporters), setup, tuple(to_place))
        return cls(bytes(data), setting)

    def __repr__(self) -> str:
        """Where the game stands, in a line (``fr.diagram`` draws the board, and
        ``fr.position_string`` writes the whole position)."""
        seat = self.to_move
        turn = f", to_move={SEAT_LETTERS[seat]}" if seat >= 0 else ""
        ended = f", ended_by={self.ended_by}" if self.ended_by else ""
        return (
            f"GameState(players={self.players}, setup={self.setup}, round={self.round}, "
            f"stage={self.stage}, phase={self.phase.value}{turn}, "
            f"monster={board.NAMES[self.monster]}:{board.DIRECTION_LETTERS[self.facing]}"
            f"{ended})"
        )

    def __reduce__(self) -> tuple[type[GameState], tuple[bytes, Setting]]:
        """Pickled as what it is made of; what has been read from ``data`` is read again."""
        return GameState, (self.data, self.setting)

    def replace(self, **changes: Any) -> GameState:
        """A copy with some fields changed, by the names of :meth:`build`."""
        fields = {name: getattr(self, name) for name in _BUILD_FIELDS if name not in changes}
        return GameState.build(**fields, **changes)

    def with_data(self, data: bytes) -> GameState:
        """The same setting with another position: what a transition returns."""
        return GameState(data, self.setting)

    @property
    def options(self) -> RuleOptions:
        return self.setting.options

    @property
    def pools(self) -> frozenset[Square]:
        return self.setting.pools

    @property
    def teleporters(self) -> tuple[Teleporter, ...]:
        """The teleporters on the board, sorted by square (ADV-TELEPORT)."""
        return self.setting.teleporters

    @property
    def setup(self) -> str:
        """``basic`` (the printed layout), ``advanced`` or ``bsw`` (players place tiles,
        ADV-SETUP)."""
        return self.setting.setup

    @property
    def custom_layout(self) -> bool:
        """Whether a basic-setup position shows a layout other than the printed one (BRD-LAYOUT
        point 6): pools elsewhere, more than 11 stones, or, before any figure has moved in round
        1, stones elsewhere. False for the advanced and BSW setups, whose players lay out the
        board (PLACE-LAYOUT), and for a later basic position whose stones pushes may have moved.
        """
        if self.setup != "basic":
            return False
        stones = self.stones
        if self.pools != board.BASIC_POOLS or len(stones) > len(board.BASIC_STONES):
            return True
        fresh = self.round == 1 and not any(f.moved or f.on_board for f in self.figures)
        return fresh and stones != board.BASIC_STONES

    @property
    def to_place(self) -> tuple[str, ...]:
        """In the placement phase, the tiles not yet placed (PLACE-ORDER)."""
        return self.setting.to_place

    @property
    def layout(self) -> bytes:
        """The kernel's layout of this state's pools and teleporters."""
        return self.setting.layout

    @property
    def players(self) -> int:
        return self.data[_encoding.PLAYERS]

    @property
    def cells(self) -> tuple[int, ...]:
        """Per cell index its piece: ``board.EMPTY``, ``i + 1`` for figure ``i``, or a stone's
        code (``board.is_stone``)."""
        try:
            return self.cells_read
        except AttributeError:
            cells = tuple(self.data[_encoding.CELLS : _encoding.CELLS + board.CELLS])
            object.__setattr__(self, "cells_read", cells)
            return cells

    @property
    def figures(self) -> tuple[Figure, ...]:
        """Every figure, seat by seat, in the order of ``kinds_for``."""
        try:
            return self.figures_read
        except AttributeError:
            data = self.data
            kinds = kinds_for(data[_encoding.PLAYERS])
            per = len(kinds)
            figures = tuple(
                Figure(
                    i // per,
                    kinds[i % per],
                    data[_encoding.FACES + i] & 7,
                    data[_encoding.PLACES + i],
                    bool(data[_encoding.FACES + i] & _encoding.MOVED),
                )
                for i in range(data[_encoding.FIGURES])
            )
            object.__setattr__(self, "figures_read", figures)
            return figures

    @property
    def monster(self) -> Square:
        return self.data[_encoding.MONSTER]

    @property
    def facing(self) -> int:
        return self.data[_encoding.FACING]

    @property
    def phase(self) -> Phase:
        return PHASES[self.data[_encoding.PHASE]]

    @property
    def to_move(self) -> Seat:
        """The seat to move in the figure phase (and, in the placement phase, to place); -1
        otherwise."""
        seat = self.data[_encoding.TO_MOVE]
        return -1 if seat == _encoding.NONE else seat

    @property
    def round(self) -> int:
        return self.data[_encoding.ROUND]

    @property
    def stage(self) -> int:
        return self.data[_encoding.STAGE]

    @property
    def start_player(self) -> Seat:
        return self.data[_encoding.START]

    @property
    def deck(self) -> tuple[str, ...]:
        """The monster tiles not yet revealed in this stage, in the order of ``deck.TILES``."""
        data = self.data
        return tuple(t for k, t in enumerate(TILES) for _ in range(data[_encoding.DECK + k]))

    @property
    def reveals(self) -> int:
        """Monster tiles carried out in this stage (0..7)."""
        return self.data[_encoding.REVEALS]

    @property
    def escapes(self) -> tuple[Seat, ...]:
        """The owner's seat of every figure that got out, in the order they got out (END-MOST)."""
        data = self.data
        return tuple(data[_encoding.ESCAPES : _encoding.ESCAPES + data[_encoding.ESCAPED]])

    @property
    def ended_by(self) -> str:
        """Once the game is over, the rule that ended it (END-WIN, END-ALL-GONE, STAGE-TWO-END)."""
        return _encoding.ENDINGS[self.data[_encoding.ENDED]]

    @property
    def pool(self) -> tuple[bool, ...]:
        return pool_mask(self.pools)

    @property
    def stones(self) -> frozenset[Square]:
        """The squares holding a stone."""
        data = self.data
        return frozenset(
            sq for sq in range(board.CELLS) if data[_encoding.CELLS + sq] >= _encoding.FIRST_STONE
        )

    def figure(self, figure_name: str) -> Figure:
        """The figure with this name (``A5``)."""
        return self.figures[figure_index(self, figure_name)]

    def escaped(self, seat: int) -> int:
        """How many figures of this seat are out."""
        return self.escapes.count(seat)


_BUILD_FIELDS = (
    "players",
    "options",
    "pools",
    "cells",
    "figures",
    "monster",
    "facing",
    "phase",
    "to_move",
    "round",
    "stage",
    "start_player",
    "deck",
    "reveals",
    "escapes",
    "ended_by",
    "teleporters",
    "setup",
    "to_place",
)


def figure_index(state: GameState, figure_name: str) -> int:
    """The index of a named figure in ``state.figures``; raises NotationError."""
    if not isinstance(figure_name, str):
        raise NotationTypeError("figure", "a figure name such as 'A5'", figure_name)
    text = figure_name.strip().upper()
    players = state.players
    kinds = kinds_for(players)
    if len(text) == 2 and text[0] in SEAT_LETTERS[:players] and text[1] in "1345":
        kind = int(text[1])
        if kind in kinds:
            return SEAT_LETTERS.index(text[0]) * len(kinds) + kinds.index(kind)
    names = ", ".join(f.name for f in state.figures)
    raise NotationError(f"{quote(figure_name)} is not a figure of this game (figures: {names})")


def wrong_state(function: str, value: object) -> ArgumentTypeError:
    """The error of a public function given something else than a state for ``state``."""
    return ArgumentTypeError(
        f"{function}(state)", "a GameState (from new_game, position or a reader)", value
    )
