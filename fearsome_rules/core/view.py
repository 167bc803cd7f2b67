"""What the rooms above the core read of a position, by name: the pieces on the board and the
monster's sight from a square (:class:`Board`), the figures' places and faces as arrays
(:class:`Arrays`), in the one encoding of :mod:`~fearsome_rules.core.board` (which the kernel's
bytes use as well, so nothing here translates):

- a square is its index (``board.NAMES``); :data:`~fearsome_rules.core.board.OFF` is none;
- a piece is coded as in ``GameState.cells``: ``board.EMPTY``, ``i + 1`` the figure
  ``state.figures[i]``, a stone's code (``board.STONE``, ``CRYSTAL``, ``TURN_RIGHT``,
  ``TURN_ABOUT``; ``board.is_stone``);
- a place is as in ``Figure.where``: a square, ``board.WAITING``, ``OUT`` or ``REMOVED``.

How the kernel lays a position out in bytes stays in the core (``_encoding``): the tools, the
formats and the command line never see it (an import-linter contract). The move search's
results are the other half of the door: :class:`fearsome_rules.core.moves.MoveSearch`.
"""

from __future__ import annotations

from typing import NamedTuple

from fearsome_rules.core import _encoding, _kernel, board
from fearsome_rules.core.board import Square
from fearsome_rules.core.state import GameState, wrong_state

__all__ = ["Arrays", "Board", "Choice", "Sight", "arrays", "choose"]


class Sight(NamedTuple):
    """What a line of sight from a square meets (MON-SIGHT-BLOCK, MON-DISTANCE): pools,
    teleporters (ADV-TELEPORT-SIGHT) and crystals (ADV-CRYSTAL) are seen through."""

    square: Square
    """The square of the first figure or stone in line, or ``board.OFF`` at the wall."""
    distance: int
    """How many squares away it is (or the last square before the wall is)."""
    piece: int
    """The piece on ``square`` (as ``GameState.cells`` codes it), 0 at the wall."""


class Choice(NamedTuple):
    """The monster's choice after a look (MON-CHOOSE)."""

    facing: int
    """The facing it takes: towards a strictly nearest figure, else the one it had."""
    tie: bool
    """Whether the nearest figures seen were equally near."""
    side: bool
    """Whether a figure was seen to a side."""


def choose(facing: int, ahead: int, left: int, right: int) -> Choice:
    """The choice of the monster facing ``facing`` that sees the nearest figure ahead, to its
    left and to its right at these distances (0 where none is seen), by the kernel (MON-CHOOSE)."""
    packed = _kernel.choose(facing, ahead, left, right)
    return Choice(packed & 3, bool(packed & 4), bool(packed & 8))


class Board:
    """The pieces on the squares of one position, read-only. Built by the core: for a state
    (:meth:`of`), and for each result of a move search, without building a state."""

    __slots__ = ("_cells",)

    def __init__(self, cells: bytes) -> None:
        """(The core's constructor: ``cells`` in the kernel's layout.)"""
        self._cells = cells

    @classmethod
    def of(cls, state: GameState) -> Board:
        """The board of a state."""
        if not isinstance(state, GameState):
            raise wrong_state("Board.of", state)
        return cls(state.data[_encoding.CELLS : _encoding.CELLS + board.CELLS])

    def __getitem__(self, square: Square) -> int:
        """The piece on ``square``: 0, a figure's index + 1, or a stone's code."""
        return self._cells[square]

    def pieces(self) -> tuple[int, ...]:
        """Every square's piece, by square index (as ``GameState.cells``)."""
        return tuple(self._cells)

    def sight(self, square: Square, direction: int) -> Sight:
        """What the monster on ``square`` would see towards ``direction`` (0 N, 1 E, 2 S, 3
        W), by the kernel's own sight (MON-SIGHT-BLOCK, MON-DISTANCE); sight never wraps."""
        packed = _kernel.line_of_sight(self._cells, square, direction)
        end = packed & 255
        if end == board.OFF:
            return Sight(end, packed >> 8, board.EMPTY)
        return Sight(end, packed >> 8, self._cells[end])

    def with_figure(self, figure: int, place: int) -> Board:
        """This board with figure ``figure`` (its index) standing on ``place`` (nothing is
        added for a place off the board): a moved figure where its move ends."""
        if not board.is_square(place):
            return self
        cells = bytearray(self._cells)
        cells[place] = figure + 1
        return Board(bytes(cells))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Board) and self._cells == other._cells

    def __hash__(self) -> int:
        return hash(self._cells)

    def __repr__(self) -> str:
        pieces = ", ".join(f"{board.NAMES[sq]}: {v}" for sq, v in enumerate(self.pieces()) if v)
        return f"Board({{{pieces}}})"


class Arrays(NamedTuple):
    """A position's figures and monster as flat arrays, by figure index (the order of
    ``GameState.figures``), with no :class:`~fearsome_rules.core.state.Figure` built."""

    players: int
    per_seat: int
    """Figures per seat: figure ``i`` belongs to seat ``i // per_seat``."""
    monster: Square
    """The monster's square."""
    facing: int
    """The monster's facing (0 N, 1 E, 2 S, 3 W)."""
    places: tuple[int, ...]
    """Each figure's place: a square, ``WAITING``, ``OUT`` or ``REMOVED``."""
    faces: tuple[int, ...]
    """The number each figure shows (its movement points)."""
    moved: tuple[bool, ...]
    """Whether each figure has moved this round (RND-ONCE)."""
    deck: tuple[int, ...]
    """How many of each tile of ``deck.TILES`` are left in this stage."""


def arrays(state: GameState) -> Arrays:
    """The arrays of a state's figures, monster and deck."""
    if not isinstance(state, GameState):
        raise wrong_state("arrays", state)
    data = state.data
    n = data[_encoding.FIGURES]
    faces = data[_encoding.FACES : _encoding.FACES + n]
    return Arrays(
        data[_encoding.PLAYERS],
        n // data[_encoding.PLAYERS],
        data[_encoding.MONSTER],
        data[_encoding.FACING],
        tuple(data[_encoding.PLACES : _encoding.PLACES + n]),
        tuple(v & 7 for v in faces),
        tuple(bool(v & _encoding.MOVED) for v in faces),
        tuple(data[_encoding.DECK : _encoding.DECK + _encoding.N_TILES]),
    )
