"""The fixed action encoding every adapter shares: one integer per distinct legal result of
the player to move, a legal-action mask, the inverse to an action, and the chance outcomes.

A figure move is numbered by the figure's kind and its **route**: the direction of each step
(N, E, S or W, from where the figure stands; the step from waiting onto p11 is written N) and
``out`` to leave from a1. Many paths can lead to one result (FIG-POINTS); a result is numbered
by the route of the path :func:`fearsome_rules.legal_moves` names for it, the kernel's first
shortest path (among the shortest, the first in the order out, N, E, S, W, step by step). A
figure has at most 6 points, so every route fits in :data:`ROUTES` numbers, and every result
gets a number: the encoding is complete by construction (docs/adapters.md says why in full).

Numbers, from 0:

- ``slot * ROUTES + route(steps)``: a figure move; ``slot`` is the index of the figure's kind
  in (1, 3, 4, 5) (with 5 to 7 players, kinds 1, 4, 5 use slots 0, 2, 3);
- ``FIGURE_ACTIONS + ...``: a tile placement, by tile, square and arrow or orientation
  (:func:`placement_number`);
- chance outcomes (monster tiles) have their own numbers, the tile's index in
  ``fearsome_rules.deck.TILES`` (0 to 6).

Nothing here needs an optional package; the adapters turn the mask into their arrays.
"""

from __future__ import annotations

import numbers
import operator
from collections.abc import Callable
from fractions import Fraction
from typing import Final

from fearsome_rules.core import board, deck
from fearsome_rules.core.actions import Action, FigureMove, PlaceTile, Reveal
from fearsome_rules.core.board import OUT as OUT_PLACE
from fearsome_rules.core.board import WAITING
from fearsome_rules.core.errors import ArgumentError, ArgumentTypeError, quote
from fearsome_rules.core.game import chance_outcomes, check
from fearsome_rules.core.layout import TELEPORTER_TILES, TILE_ORDER
from fearsome_rules.core.moves import MoveSearch, entries, follow
from fearsome_rules.core.placement import legal_placements
from fearsome_rules.core.state import SEAT_LETTERS, GameState, Phase, figure_index, wrong_state
from fearsome_rules.core.view import Board

Policy = Callable[[GameState], Action]
"""A player: any function from a position to its action (a figure move or a placement), such as
``lambda state: fearsome_rules.bots.greedy_bot(state, rng)``; the adapters number its choice."""

KINDS: Final = (1, 3, 4, 5)
"""A figure's slot is the index of its kind here."""
STEPS: Final = "NESW"
"""The route letters of a step, by the board's direction numbers (0 = N)."""
OUT: Final = "out"
MAX_POINTS: Final = 6
"""The most points a figure has (the back of the 1)."""
ROUTES: Final = 1 + 5 * ((1 << 2 * MAX_POINTS) - 1) // 3
"""Routes of at most 6 entries, ``out`` only last: 6,826."""
FIGURE_ACTIONS: Final = len(KINDS) * ROUTES

PLACE_VARIANTS: Final[dict[str, tuple[tuple[str, str], ...]]] = {
    tile: (
        tuple((arrow, "") for arrow in STEPS)
        if tile in TELEPORTER_TILES
        else ((("", "H"), ("", "V")) if tile == "pool_strip" else (("", ""),))
    )
    for tile in TILE_ORDER
}
"""Per tile kind, its (arrow, orientation) variants, in the order of their numbers."""
SQUARE_INDEX: Final = {sq: k for k, sq in enumerate(board.SQUARES)}


def _place_offsets() -> dict[str, int]:
    offsets, at = {}, FIGURE_ACTIONS
    for tile in TILE_ORDER:
        offsets[tile] = at
        at += len(board.SQUARES) * len(PLACE_VARIANTS[tile])
    return offsets


_PLACE_OFFSETS: Final = _place_offsets()
NUM_ACTIONS: Final = FIGURE_ACTIONS + len(board.SQUARES) * sum(map(len, PLACE_VARIANTS.values()))
"""How many action numbers there are: 27,304 figure moves and 2,340 placements."""
NUM_CHANCE_OUTCOMES: Final = len(deck.TILES)

_LENGTH_STARTS: Final = tuple(
    0 if n == 0 else 1 + 5 * ((1 << 2 * (n - 1)) - 1) // 3 for n in range(MAX_POINTS + 2)
)
"""The first route number of each route length (0 to 6 entries, and the end)."""
_DIRECTION: Final = bytes(
    next((d for d, t in enumerate(board.NEIGHBOUR[sq]) if t == entry), 255)
    for sq in range(board.CELLS)
    for entry in range(board.CELLS)
)
"""``_DIRECTION[square * CELLS + entry]``: the direction of a step from a square onto a
neighbour."""


def route_number(steps: str | tuple[str, ...]) -> int:
    """The number of a route: its steps as letters N, E, S, W, the last one possibly ``out``
    (as text, or a tuple or list of them).

    >>> route_number(()), route_number("N"), route_number("out"), route_number("N W")
    (0, 1, 5, 9)
    """
    argument = "route_number(steps)"
    if isinstance(steps, str):
        given: tuple[object, ...] = tuple(steps.split())
    elif isinstance(steps, tuple | list):
        given = tuple(steps)
    else:
        raise ArgumentTypeError(argument, "steps as text ('N W out') or a tuple of them", steps)
    n = len(given)
    if n > MAX_POINTS:
        raise ArgumentError(argument, f"{n:,} steps: a figure has at most 6 points")
    tokens: list[str] = []
    for t in given:
        if not isinstance(t, str):
            raise ArgumentTypeError(argument, "steps N, E, S, W or out (str)", t)
        tokens.append(t)
    exits = n > 0 and tokens[-1] == OUT
    value = 0
    for t in tokens[:-1] if exits else tokens:
        if t not in STEPS or len(t) != 1:
            raise ArgumentError(argument, f"{quote(t)}: steps are N, E, S, W, out last")
        value = value * 4 + STEPS.index(t)
    return _LENGTH_STARTS[n] + ((1 << 2 * n) + value if exits else value)


def route_steps(route: int) -> tuple[str, ...]:
    """The steps of a route number: the inverse of :func:`route_number`."""
    route = _whole(route, "route_steps(route)", ROUTES)
    n = max(k for k in range(MAX_POINTS + 1) if _LENGTH_STARTS[k] <= route)
    rest = route - _LENGTH_STARTS[n]
    exits = rest >= (1 << 2 * n)
    count = n - 1 if exits else n
    value = rest - (1 << 2 * n) if exits else rest
    letters = [STEPS[(value >> (2 * (count - 1 - j))) & 3] for j in range(count)]
    return (*letters, OUT) if exits else tuple(letters)


def placement_number(place: PlaceTile) -> int:
    """The number of a tile placement (whether or not it is legal now)."""
    if not isinstance(place, PlaceTile):
        raise ArgumentTypeError("placement_number(place)", "a PlaceTile", place)
    variants = PLACE_VARIANTS[place.tile]
    k = SQUARE_INDEX[board.square(place.square)]
    return (
        _PLACE_OFFSETS[place.tile]
        + k * len(variants)
        + variants.index((place.arrow, place.orientation))
    )


def describe(number: int) -> str:
    """What a number means whatever the position: ``kind 5: N N W out``, ``place crystal g6``."""
    number = _whole(number, "describe(number)")
    if number < FIGURE_ACTIONS:
        slot, route = divmod(number, ROUTES)
        steps = route_steps(route)
        return f"kind {KINDS[slot]}: {' '.join(steps) if steps else '-'}"
    return str(_placement_of(number))


def _placement_of(number: int) -> PlaceTile:
    for tile in reversed(TILE_ORDER):
        if number >= _PLACE_OFFSETS[tile]:
            variants = PLACE_VARIANTS[tile]
            k, v = divmod(number - _PLACE_OFFSETS[tile], len(variants))
            arrow, orientation = variants[v]
            return PlaceTile(tile, board.NAMES[board.SQUARES[k]], arrow, orientation)
    raise AssertionError("placements start at FIGURE_ACTIONS")


def _whole(number: object, argument: str, limit: int = NUM_ACTIONS) -> int:
    """``number`` as an int from 0 to ``limit - 1``. NumPy's integers are whole numbers (what
    a policy's ``argmax`` gives); a bool, a float (even ``2.0``) or an array is not."""
    if isinstance(number, bool) or not isinstance(number, numbers.Integral):
        raise ArgumentTypeError(argument, "a whole number", number)
    value = operator.index(number)
    if not 0 <= value < limit:
        raise ArgumentError(argument, f"{quote(value)}: the numbers are 0 to {limit - 1}")
    return value


class _Routes:
    """The route numbers of one figure's legal paths. A path is its entries (squares, and
    ``OUT`` to leave); the route of each prefix is kept, since the paths of a search share
    their prefixes."""

    def __init__(self, state: GameState, figure: int, start: int) -> None:
        self.state = state
        self.pools = state.pools
        self.figure = figure
        self.known: dict[tuple[int, ...], tuple[int, int | None]] = {(): (0, start)}
        """A path so far -> its steps as base-4 digits, and where the figure stands after it
        (None after a slide across a pool, until a longer path asks)."""

    def number(self, path: tuple[int, ...]) -> int:
        n = len(path)
        if n and path[-1] == OUT_PLACE:
            return _LENGTH_STARTS[n] + (1 << 2 * n) + self._walk(path[:-1])[0]
        return _LENGTH_STARTS[n] + self._walk(path)[0]

    def _walk(self, path: tuple[int, ...]) -> tuple[int, int | None]:
        known = self.known.get(path)
        if known is not None:
            return known
        before = path[:-1]
        value, pos = self.known.get(before) or self._walk(before)
        if pos is None:  # the last step crossed a pool: the core walks the path
            pos = follow(self.state, self.figure, before)[0]
        entry = path[-1]
        step = 0 if pos == WAITING else _DIRECTION[pos * board.CELLS + entry]
        # A step onto any square but a pool's ends on it (the path names it).
        known = (value * 4 + step, None if entry in self.pools else entry)
        self.known[path] = known
        return known


def _path_names(path: tuple[int, ...]) -> tuple[str, ...]:
    return tuple(OUT if e == OUT_PLACE else board.NAMES[e] for e in path)


class LegalActions:
    """The legal actions of a state by number, in increasing order (figure moves, placements;
    none at a chance node or once the game is over: see :func:`chance`)."""

    def __init__(self, state: GameState) -> None:
        if not isinstance(state, GameState):
            raise wrong_state("LegalActions", state)
        self.state = state
        self.paths: dict[int, tuple[str, tuple[int, ...]]] = {}
        """Figure moves: number -> (figure name, path as entries: squares, ``OUT``)."""
        self.placements: dict[int, PlaceTile] = {}
        if state.phase is Phase.FIGURES:
            self._figure_moves()
        elif state.phase is Phase.PLACEMENT:
            self.placements = {placement_number(p): p for p in legal_placements(state)}
        self.numbers: list[int] = sorted([*self.paths, *self.placements])

    def _figure_moves(self) -> None:
        state = self.state
        figures = state.figures
        found = MoveSearch(state)
        paths = self.paths
        routes: dict[int, _Routes] = {}
        for k, (i, start) in enumerate(found.starts()):
            name = figures[i].name
            base = KINDS.index(figures[i].kind) * ROUTES
            if i not in routes:
                routes[i] = _Routes(state, i, start)
            path = found.path(k)
            paths[base + routes[i].number(path)] = (name, path)

    def __len__(self) -> int:
        return len(self.numbers)

    def __contains__(self, number: object) -> bool:
        return number in self.paths or number in self.placements

    def mask(self) -> bytearray:
        """1 at each legal number, 0 elsewhere (:data:`NUM_ACTIONS` bytes)."""
        out = bytearray(NUM_ACTIONS)
        for n in self.numbers:
            out[n] = 1
        return out

    def action(self, number: int) -> FigureMove | PlaceTile:
        """The action a legal number stands for; ArgumentError for any other number."""
        number = _whole(number, "action(number)")
        if number in self.paths:
            name, path = self.paths[number]
            return FigureMove(name, _path_names(path))
        if number in self.placements:
            return self.placements[number]
        raise ArgumentError(
            "action(number)",
            f"{number} ({describe(number)}) is not one of the {len(self.numbers)} legal "
            f"actions of this position{_whose(self.state)}",
        )

    def number(self, action: Action) -> int:
        """The number of a legal action: a figure move by any legal path (every path to one
        result has that result's number) or a placement. Raises the engine's refusal of an
        illegal action; a tile revealed is a chance outcome (:func:`reveal_number`)."""
        refused = check(self.state, action)
        if refused is not None:
            raise refused
        if isinstance(action, PlaceTile):
            return placement_number(action)
        if not isinstance(action, FigureMove):
            raise ArgumentError("number(action)", f"{action}: a chance outcome, see reveal_number")
        i = figure_index(self.state, action.figure)
        figure = self.state.figures[i]
        path = entries(action)
        routes = _Routes(self.state, i, figure.where)
        number = KINDS.index(figure.kind) * ROUTES + routes.number(path)
        if self.paths.get(number, ("", ()))[1] == path:
            return number  # the path that names its result
        target = self._result(i, path)
        for number, (name, other) in self.paths.items():
            if name == figure.name and self._result(i, other) == target:
                return number
        raise AssertionError(f"{action} is legal but its result has no number")

    def _result(self, i: int, path: tuple[int, ...]) -> tuple[int, Board]:
        """Where a legal path of figure ``i`` ends and the board after it, by the core."""
        return follow(self.state, i, path)


def _whose(state: GameState) -> str:
    if state.phase in (Phase.FIGURES, Phase.PLACEMENT):
        return f" ({SEAT_LETTERS[state.to_move]} to move)"
    return f" ({state.phase.value})"


def chance(state: GameState) -> list[tuple[int, Fraction]]:
    """At a chance node (the monster tile), each tile's number with its exact probability
    (``fr.chance_outcomes``); [] elsewhere."""
    return [(deck.TILES.index(r.tile), p) for r, p in chance_outcomes(state)]


def reveal_number(reveal: Reveal) -> int:
    """A chance outcome's number: the tile's index in ``fearsome_rules.deck.TILES``."""
    if not isinstance(reveal, Reveal):
        raise ArgumentTypeError("reveal_number(reveal)", "a Reveal", reveal)
    return deck.TILES.index(reveal.tile)


def reveal_of(number: int) -> Reveal:
    """The tile a chance outcome's number stands for."""
    return Reveal(deck.TILES[_whole(number, "reveal_of(number)", NUM_CHANCE_OUTCOMES)])
