"""The round and the game for the naive implementation, written from spec/setup.md,
spec/round.md, spec/deck.md and spec/end.md alone. The monster's walk after a reveal is in
``monster.py`` (written separately); figure movement is in ``figures.py``.

Public functions:

- ``new_game(players, start_player=0, options=None)``: the basic game's starting position.
- ``phase(pos)``: ``figures``, ``monster`` or ``over``.
- ``to_move(pos)``: the seat whose turn it is in the figure phase, else None.
- ``movable(pos)``: the figures the player to move may move now.
- ``legal_paths(pos)``: every (figure, path) the player to move may play.
- ``play(pos, figure, path)``: the position after a figure move, or NaiveIllegal.
- ``tile_chances(pos)``: the exact chance of each tile in the monster phase.
- ``reveal(pos, tile)``: the position after a reveal (delegates to ``monster.reveal``).
- ``perft(pos, depth)`` and ``divide(pos, depth)``: counts of action sequences and positions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from . import figures as figs
from .board import SQUARES
from .model import OUT, WAITING, NaiveIllegal, NFigure, NPosition

DEFAULT_OPTIONS: dict[str, Any] = {
    # spec/options.md, every option with its default.
    "reentry": "optional",
    "slide_over_figure": "pass",
    "monster_slide_figure": "push",
    "monster_pool_edge": "wrap",
    "wrap_entry_figure": "eat",
    "monster_corner_stone": "remove",
    "no_escape_result": "no_winner",
    "protected_squares": "orthogonal",
    "teleporter_diagonal": "allowed",
    "teleporter_walls": "allowed",
    "turn_stone_tie": "push",
    "turn_stone_chain": "turn_again",
    "turn_stone_beyond_wall": "turn_first",
    "turn_stone_on_pool": "turn",
    "three_hits": False,
    "finish_round": False,
}

# BRD-LAYOUT point 1.
BASIC_STONES = ("c3", "m4", "h5", "i6", "n6", "g7", "e8", "m8", "o9", "f10", "i10")
BASIC_POOLS = ("i3", "j3", "i4", "j4", "e9", "f9", "g9", "h9")

TILE_ORDER = ("5", "7", "8", "10", "1hit", "2hits", "3hits")
HIT_TILES = ("1hit", "2hits", "3hits")
SEATS = "ABCDEFG"


def sorted_tiles(tiles: Sequence[str]) -> tuple[str, ...]:
    """The model's order of unrevealed tiles: 5, 7, 7, 8, 8, 10, 1hit, 2hits (3hits)."""
    return tuple(sorted(tiles, key=TILE_ORDER.index))


def full_deck(three_hits: bool) -> tuple[str, ...]:
    """SET-DECK point 1, VAR-THREE-HITS point 1."""
    first = "3hits" if three_hits else "5"
    return sorted_tiles([first, "7", "7", "8", "8", "10", "1hit", "2hits"])


def kinds_for(players: int) -> tuple[int, ...]:
    """SET-FIGURES points 1 and 2."""
    return (1, 3, 4, 5) if players <= 4 else (1, 4, 5)


def new_game(
    players: int, start_player: int = 0, options: Mapping[str, Any] | None = None
) -> NPosition:
    """The basic game's starting position (SET-*, BRD-LAYOUT)."""
    if not 2 <= players <= 7:
        # SET-PLAYERS point 2.
        raise NaiveIllegal("SET-PLAYERS", f"{players} players")
    if not 0 <= start_player < players:
        # SET-START: the start player is one of the seats.
        raise NaiveIllegal("SET-START", f"seat {start_player}")
    opts = dict(DEFAULT_OPTIONS)
    for name, value in (options or {}).items():
        if name not in DEFAULT_OPTIONS:
            raise ValueError(f"unknown option {name}")
        opts[name] = value
    figures = tuple(
        # SET-FIGURES point 4 (coloured side up), SET-WAITING (all waiting).
        NFigure(name=f"{SEATS[seat]}{kind}", owner=seat, kind=kind, face=kind, where=WAITING)
        for seat in range(players)
        for kind in kinds_for(players)
    )
    return NPosition(
        players=players,
        options=opts,
        pools=frozenset(BASIC_POOLS),
        stones={sq: "stone" for sq in BASIC_STONES},
        figures=figures,
        # SET-MONSTER.
        monster="a1",
        facing="E",
        # SET-DECK point 3.
        round=1,
        stage=1,
        start_player=start_player,
        deck=full_deck(bool(opts["three_hits"])),
        reveals=0,
        escapes=(),
        ended_by="",
        teleporters={},
    )


# --------------------------------------------------------------------------------------------
# Whose turn


def _in_play(f: NFigure) -> bool:
    """On the board or waiting (RND-ONCE point 1)."""
    return f.where == WAITING or f.where in SQUARES


def _unmoved(f: NFigure) -> bool:
    return _in_play(f) and not f.moved


def _moves_made(pos: NPosition, seat: int) -> int:
    """Figure moves the seat has made this round: its moved figures still in play, plus those
    that went out this round (an out figure is marked moved only in the round it went out;
    no figure is removed during a figure phase, RND-ONCE point 2)."""
    return sum(
        1 for f in pos.figures if f.owner == seat and f.moved and (_in_play(f) or f.where == OUT)
    )


def phase(pos: NPosition) -> str:
    """RND-PHASES: the figure phase lasts while an in-play figure is unmoved (RND-ONCE point 3)."""
    if pos.ended_by:
        return "over"
    if any(_unmoved(f) for f in pos.figures):
        return "figures"
    return "monster"


def to_move(pos: NPosition) -> int | None:
    """RND-ORDER, RND-PASS: turns go clockwise from the start player, one figure per turn, skipping
    seats without an unmoved figure. Each seat's j-th move of the round comes in the j-th time
    round the table, so the next turn is the seat with an unmoved figure that has made the fewest
    moves so far, the first of those clockwise from the start player."""
    if phase(pos) != "figures":
        return None
    best: tuple[int, int] | None = None
    seat_to_move: int | None = None
    for offset in range(pos.players):
        seat = (pos.start_player + offset) % pos.players
        if not any(f.owner == seat and _unmoved(f) for f in pos.figures):
            # RND-PASS point 1: no unmoved figure left, passes.
            continue
        rank = (_moves_made(pos, seat), offset)
        if best is None or rank < best:
            best = rank
            seat_to_move = seat
    return seat_to_move


def movable(pos: NPosition) -> list[str]:
    """The unmoved figures of the player to move (RND-ORDER point 3, RND-ONCE). Every one of
    them has a legal move: the zero move (FIG-ZERO), or under reentry = mandatory an entering
    path (FIG-WAITING); RND-FIRST only takes away a waiting figure's entering paths."""
    seat = to_move(pos)
    if seat is None:
        return []
    return [f.name for f in pos.figures if f.owner == seat and _unmoved(f)]


def _entered_in_round_1(pos: NPosition, seat: int) -> int:
    """RND-FIRST: how many figures this seat has brought onto the board this round (round 1:
    every figure started waiting, so a moved figure that is not waiting has entered)."""
    return sum(1 for f in pos.figures if f.owner == seat and f.moved and f.where != WAITING)


def _rnd_first_forbids(pos: NPosition, fig: NFigure, path: Sequence[str]) -> bool:
    """RND-FIRST point 1: in round 1, at most two figures per player are brought onto the board."""
    return (
        pos.round == 1
        and fig.where == WAITING
        and len(path) > 0
        and _entered_in_round_1(pos, fig.owner) >= 2
    )


def _mandatory_entry(pos: NPosition, fig: NFigure) -> bool:
    """FIG-WAITING point 2 (mandatory): from round 2 on a waiting figure must enter if it can."""
    return (
        str(pos.options.get("reentry")) == "mandatory" and pos.round >= 2 and (fig.where == WAITING)
    )


def legal_paths(pos: NPosition) -> list[tuple[str, tuple[str, ...]]]:
    """Every (figure, path) the player to move may play: all paths, not deduplicated by result."""
    result: list[tuple[str, tuple[str, ...]]] = []
    for name in movable(pos):
        fig = figs.find_figure(pos, name)
        paths = figs.all_paths(pos, name)
        # RND-FIRST points 1 and 2.
        paths = [p for p in paths if not _rnd_first_forbids(pos, fig, p)]
        if _mandatory_entry(pos, fig) and any(len(p) > 0 for p in paths):
            # FIG-WAITING point 2 (mandatory): no zero move while an entering path is legal.
            paths = [p for p in paths if len(p) > 0]
        result.extend((name, p) for p in paths)
    return result


def play(pos: NPosition, figure: str, path: Sequence[str]) -> NPosition:
    """A figure move chosen by the player to move; NaiveIllegal names the rule it breaks."""
    if pos.ended_by:
        # The game is over: a finished game's error names its ending rule.
        raise NaiveIllegal(pos.ended_by, "the game is over")
    if phase(pos) != "figures":
        # RND-PHASES point 1: no figure move in the monster phase.
        raise NaiveIllegal("RND-PHASES", "the figure phase is over")
    fig = figs.find_figure(pos, figure)  # SET-FIGURES if there is no such figure
    if fig.owner != to_move(pos):
        # RND-ORDER points 1 to 3: only the player to move, only their own figures.
        raise NaiveIllegal("RND-ORDER", f"{figure} is not the player to move's figure")
    if not _unmoved(fig):
        # RND-ONCE point 1: each figure in play moves exactly once per round.
        raise NaiveIllegal("RND-ONCE", f"{figure} has moved or is {fig.where}")
    if _rnd_first_forbids(pos, fig, path):
        # RND-FIRST point 1.
        raise NaiveIllegal("RND-FIRST", "two figures have already entered in round 1")
    if (
        _mandatory_entry(pos, fig)
        and len(path) == 0
        and any(len(p) > 0 for p in figs.all_paths(pos, figure))
    ):
        # FIG-WAITING point 2 (mandatory), FIG-ZERO point 2.
        raise NaiveIllegal("FIG-WAITING", f"{figure} must enter")
    return figs.carry_out(pos, figure, path)


# --------------------------------------------------------------------------------------------
# Chance


def tile_chances(pos: NPosition) -> dict[str, Fraction]:
    """DECK-REVEAL point 2 and DECK-FIRST point 1: each distinct unrevealed tile with its exact
    chance; empty outside the monster phase."""
    if phase(pos) != "monster":
        return {}
    tiles = list(pos.deck)
    if pos.stage == 1 and pos.reveals == 0:
        # DECK-FIRST: the game's first reveal is a numbered tile.
        tiles = [t for t in tiles if t not in HIT_TILES]
    chances: dict[str, Fraction] = {}
    for tile in sorted_tiles(list(set(tiles))):
        chances[tile] = Fraction(tiles.count(tile), len(tiles))
    return chances


def reveal(pos: NPosition, tile: str) -> NPosition:
    """A reveal (DECK-REVEAL); the walk and everything after it is ``monster.reveal``."""
    if pos.ended_by:
        raise NaiveIllegal(pos.ended_by, "the game is over")
    if phase(pos) != "monster":
        # RND-PHASES: no tile before every figure has moved.
        raise NaiveIllegal("RND-PHASES", "the figure phase is not over")
    if tile not in tile_chances(pos):
        if pos.stage == 1 and pos.reveals == 0 and tile in pos.deck:
            # DECK-FIRST point 1.
            raise NaiveIllegal("DECK-FIRST", f"the first tile cannot be {tile}")
        # DECK-REVEAL point 3.
        raise NaiveIllegal("DECK-REVEAL", f"{tile} is not unrevealed")
    from . import monster  # lazily: written separately

    return monster.reveal(pos, tile)


# --------------------------------------------------------------------------------------------
# Counting


def _actions(pos: NPosition) -> list[tuple[str, NPosition]]:
    """Every action from pos as (text, resulting position); a finished game has none."""
    kind = phase(pos)
    if kind == "figures":
        out: list[tuple[str, NPosition]] = []
        for name, path in legal_paths(pos):
            text = f"{name} {' '.join(path) if path else '-'}"
            out.append((text, figs.carry_out(pos, name, path)))
        return out
    if kind == "monster":
        return [
            (f"reveal {tile}", reveal(pos, tile))
            for tile, chance in tile_chances(pos).items()
            if chance > 0
        ]
    return []


def perft(pos: NPosition, depth: int) -> list[tuple[int, int]]:
    """For d = 1..depth: (number of action sequences of length d, number of distinct positions
    after exactly d actions), layer by layer over distinct positions."""
    result: list[tuple[int, int]] = []
    layer: dict[tuple[Any, ...], tuple[NPosition, int]] = {pos.key(): (pos, 1)}
    for _ in range(depth):
        nxt: dict[tuple[Any, ...], tuple[NPosition, int]] = {}
        for here, count in layer.values():
            for _text, there in _actions(here):
                k = there.key()
                if k in nxt:
                    nxt[k] = (nxt[k][0], nxt[k][1] + count)
                else:
                    nxt[k] = (there, count)
        layer = nxt
        result.append((sum(c for _p, c in layer.values()), len(layer)))
    return result


def divide(pos: NPosition, depth: int) -> dict[str, tuple[int, int]]:
    """perft split by the first action: action text -> (sequences, positions) at ``depth``."""
    if depth < 1:
        return {}
    result: dict[str, tuple[int, int]] = {}
    for text, there in _actions(pos):
        result[text] = (1, 1) if depth == 1 else perft(there, depth - 1)[-1]
    return result
