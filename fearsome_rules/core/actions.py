"""Actions: a figure move (figure plus path) and a monster tile reveal, with their notation.

Notation, one action per line:

- ``A5 p11 o11 n11``: figure A5 enters on p11 and steps to o11 and n11 (one square per point;
  for a blood pool, the first pool square stepped onto).
- ``B4 b1 a1 out``: the last point leaves through the exit.
- ``C1 -``: a zero move (the figure is only flipped).
- ``reveal 8``: the monster tile ``8`` is revealed (``5 7 8 10 1hit 2hits 3hits``).
- ``place teleporter_1 f6 N``, ``place pool_strip e9 H``, ``place crystal c3``: a floor tile is
  placed before round 1 (the advanced game and BSW's player-placed obstacles).
"""

from __future__ import annotations

from typing import Final

import attrs

from fearsome_rules.core import board
from fearsome_rules.core.deck import TILES
from fearsome_rules.core.errors import NotationError, NotationTypeError, quote

OUT = "out"


def _path_entry(text: str) -> str:
    t = text.strip().lower()
    if t == OUT:
        return OUT
    board.square(t)  # raises NotationError naming the bad square
    return t


_ENTRIES = board.NAME_SET | {OUT}
_FIGURES = frozenset(f"{s}{k}" for s in "ABCDEFG" for k in "1345")


_PATH = "a path: a tuple or list of square names, e.g. ('p11', 'p10')"


def _path(value: object) -> tuple[str, ...]:
    if type(value) is tuple:
        try:
            if _ENTRIES.issuperset(value):
                return value  # already canonical: the common case, kept cheap
        except TypeError:  # an unhashable entry: named below
            pass
    if not isinstance(value, (tuple, list)):
        raise NotationTypeError("FigureMove(path)", _PATH, value)
    return tuple(_path_entry(v) if isinstance(v, str) else _bad_entry(v) for v in value)


def _bad_entry(v: object) -> str:
    raise NotationTypeError("FigureMove(path)", "square names (str) in the path", v)


def _figure(value: object) -> str:
    if not isinstance(value, str):
        raise NotationTypeError("FigureMove(figure)", "a figure name such as 'A5'", value)
    if value in _FIGURES:
        return value
    if len(value.strip()) != 2:
        raise NotationError(f"{quote(value)} is not a figure name such as A5")
    t = value.strip().upper()
    if t[0] not in "ABCDEFG" or t[1] not in "1345":
        raise NotationError(
            f"{quote(value)} is not a figure name: a seat letter A-G and the coloured number"
            " 1, 3, 4 or 5"
        )
    return t


@attrs.frozen
class FigureMove:
    """Move ``figure`` along ``path``: the squares it steps onto, one per movement point.

    An empty path is the zero move. A waiting figure's path starts with ``p11``; ``out`` as the
    last entry leaves through the exit from ``a1``.
    """

    figure: str = attrs.field(converter=_figure)
    path: tuple[str, ...] = attrs.field(default=(), converter=_path)

    def __str__(self) -> str:
        return f"{self.figure} {' '.join(self.path) if self.path else '-'}"

    @classmethod
    def unchecked(cls, figure: str, path: tuple[str, ...]) -> FigureMove:
        """A move the engine's move generator made itself, already canonical: built without
        the converters' checks, for speed. Anything else builds moves with ``FigureMove(...)``."""
        move = object.__new__(cls)
        object.__setattr__(move, "figure", figure)
        object.__setattr__(move, "path", path)
        return move


def _tile(value: object) -> str:
    if not isinstance(value, str):
        raise NotationTypeError("Reveal(tile)", "a monster tile name such as '8'", value)
    t = value.strip().lower()
    if t not in TILES:
        raise NotationError(f"{quote(value)} is not a monster tile: one of {' '.join(TILES)}")
    return t


@attrs.frozen
class Reveal:
    """The chance action: the monster tile ``tile`` is revealed and carried out."""

    tile: str = attrs.field(converter=_tile)

    def __str__(self) -> str:
        return f"reveal {self.tile}"


PLACE_TILES = (
    "stone",
    "crystal",
    "turn_right",
    "turn_about",
    "pool_square",
    "pool_strip",
    "teleporter_1",
    "teleporter_2",
)


def _place_tile(value: object) -> str:
    if not isinstance(value, str):
        raise NotationTypeError("PlaceTile(tile)", "a floor tile name such as 'crystal'", value)
    t = value.strip().lower()
    if t not in PLACE_TILES:
        raise NotationError(f"{quote(value)} is not a floor tile: one of {' '.join(PLACE_TILES)}")
    return t


def _upper(value: object) -> str:
    if not isinstance(value, str):
        raise NotationTypeError("PlaceTile(arrow, orientation)", "N, E, S, W, H or V", value)
    return value.strip().upper()


def _square_name(value: object) -> str:
    if not isinstance(value, str):
        raise NotationTypeError("PlaceTile(square)", "a square name such as 'c3'", value)
    t = value.strip().lower()
    board.square(t)
    return t


@attrs.frozen
class PlaceTile:
    """Place a floor tile before round 1 (ADV-TILES, PLACE-ORDER).

    ``square`` is the tile's north-west square; ``arrow`` (N/E/S/W) is a teleporter's arrow;
    ``orientation`` is ``H`` or ``V`` for the 1 x 4 pool strip.
    """

    tile: str = attrs.field(converter=_place_tile)
    square: str = attrs.field(converter=_square_name)
    arrow: str = attrs.field(default="", converter=_upper)
    orientation: str = attrs.field(default="", converter=_upper)

    def __attrs_post_init__(self) -> None:
        teleporter = self.tile.startswith("teleporter")
        if teleporter != (self.arrow in ("N", "E", "S", "W")) or (self.arrow and not teleporter):
            raise NotationError(
                f"{self.tile}: a teleporter needs an arrow N, E, S or W; other tiles take none"
            )
        strip = self.tile == "pool_strip"
        if strip != (self.orientation in ("H", "V")) or (self.orientation and not strip):
            raise NotationError(
                f"{self.tile}: the pool strip needs an orientation H or V; other tiles take none"
            )

    def __str__(self) -> str:
        extra = self.arrow or self.orientation
        return f"place {self.tile} {self.square}" + (f" {extra}" if extra else "")

    @classmethod
    def unchecked(cls, tile: str, square: str, arrow: str, orientation: str) -> PlaceTile:
        """A placement the engine listed itself, already canonical: built without the
        converters' checks, for speed (a placement phase lists thousands)."""
        placed = object.__new__(cls)
        object.__setattr__(placed, "tile", tile)
        object.__setattr__(placed, "square", square)
        object.__setattr__(placed, "arrow", arrow)
        object.__setattr__(placed, "orientation", orientation)
        return placed


Action = FigureMove | Reveal | PlaceTile


MAX_ACTION_TEXT: Final = 1_000


def parse_action(text: str) -> Action:
    """Parse one action in the notation above; raises NotationError. Text beyond
    :data:`MAX_ACTION_TEXT` characters is refused unread (a move names at most a few squares)."""
    if not isinstance(text, str):
        raise NotationTypeError("parse_action(text)", "text (str)", text)
    if len(text) > MAX_ACTION_TEXT:
        raise NotationError(f"an action of {len(text):,} characters; at most {MAX_ACTION_TEXT}")
    words = text.split()
    if not words:
        raise NotationError("an empty line is not an action")
    if words[0].lower() == "place":
        if len(words) not in (3, 4):
            raise NotationError(f"{quote(text)}: write 'place <tile> <square> [arrow or H/V]'")
        extra = words[3] if len(words) == 4 else ""
        if words[1].lower().startswith("teleporter"):
            return PlaceTile(words[1], words[2], arrow=extra)
        return PlaceTile(words[1], words[2], orientation=extra)
    if words[0].lower() == "reveal":
        if len(words) != 2:
            raise NotationError(f"{quote(text)}: write a reveal as 'reveal <tile>'")
        return Reveal(words[1])
    rest = words[1:]
    if rest == ["-"]:
        rest = []
    return FigureMove(words[0], tuple(rest))
