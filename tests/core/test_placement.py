"""Placing the floor tiles before round 1: the advanced and BSW setups (ADV-SETUP, ADV-TILES,
PLACE-*, BSW-*), and layouts given directly (PLACE-LAYOUT).

Every expectation here is worked out by hand from spec/placement.md; the comments show how.
Squares are named as in spec/board.md: column a..p west to east (c = 0..15), row 1..11 north to
south (r = 0..10); the wrap image of (r, c) is (10 - r, 15 - c).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

import pytest
from helpers import every_placement
from hypothesis import given, settings
from strategies import played

import fearsome_rules as fr
from fearsome_rules.core import board
from fearsome_rules.core import events as ev
from fearsome_rules.core.actions import PlaceTile
from fearsome_rules.core.board import CRYSTAL, STONE, TURN_ABOUT, TURN_RIGHT, WAITING
from fearsome_rules.core.layout import ADVANCED_TILES, BSW_TILES
from fearsome_rules.core.placement import legal_placements
from fearsome_rules.core.state import Phase

DEFAULT = fr.RuleOptions()
WITH_DIAGONAL = fr.RuleOptions(protected_squares="with_diagonal")
DIAGONAL_FORBIDDEN = fr.RuleOptions(teleporter_diagonal="forbidden")
WALLS_FORBIDDEN = fr.RuleOptions(teleporter_walls="forbidden")
ALL_STRICT = fr.RuleOptions(
    protected_squares="with_diagonal", teleporter_diagonal="forbidden", teleporter_walls="forbidden"
)

ARROW = {"N": 0, "E": 1, "S": 2, "W": 3}

# The 17 tiles of ADV-TILES, by name.
ADV_COUNTS = Counter(
    {
        "stone": 3,
        "crystal": 2,
        "turn_right": 4,
        "turn_about": 2,
        "pool_square": 1,
        "pool_strip": 1,
        "teleporter_1": 2,
        "teleporter_2": 2,
    }
)
# BSW-PLACE: the basic game's 11 plain stones and its 2 pools.
BSW_COUNTS = Counter({"stone": 11, "pool_square": 1, "pool_strip": 1})

# A complete advanced placement, legal under every option value. The stone tiles go on the
# printed basic layout's stone squares, the pools on the printed pools (BRD-LAYOUT). The four
# teleporters k3 (r2,c10), c5 (r4,c2), f6 (r5,c5), l10 (r9,c11) are pairwise at least 3 squares
# apart, none is on a protected square (not even b2/o10), none lies on a stone or pool square,
# and none has an outer wall edge (k2, j3, l3, k4 / c4, b5, d5, c6 / ... / l11, k10, m10, l9
# all exist), so PLACE-TELEPORTER-WALLS never applies.
FULL_ADVANCED = [
    "place stone c3",
    "place stone m4",
    "place stone h5",
    "place crystal i6",
    "place crystal n6",
    "place turn_right g7",
    "place turn_right e8",
    "place turn_right m8",
    "place turn_right o9",
    "place turn_about f10",
    "place turn_about i10",
    "place pool_square i3",
    "place pool_strip e9 H",
    "place teleporter_1 f6 N",
    "place teleporter_1 k3 E",
    "place teleporter_2 c5 S",
    "place teleporter_2 l10 W",
]
BASIC_POOL_SQUARES = {"i3", "j3", "i4", "j4", "e9", "f9", "g9", "h9"}

# A complete bsw placement. The printed layout's stone o9 is within 3 of p11 ((10-8)+(15-14) = 3,
# BSW-CORNERS), so it goes on o8 instead ((10-7)+(15-14) = 4). The other stones: c3 has
# r + c = 4 > 3; m8 is at distance 3 + 3 = 6 from p11, which is only a limit for pools. The pools
# are the printed ones, which satisfy BSW-POOLS (spec example).
FULL_BSW = [
    "place pool_square i3",
    "place stone c3",
    "place stone m4",
    "place stone h5",
    "place stone i6",
    "place stone n6",
    "place stone g7",
    "place stone e8",
    "place stone m8",
    "place pool_strip e9 H",
    "place stone o8",
    "place stone f10",
    "place stone i10",
]


def pt(text: str) -> PlaceTile:
    action = fr.parse_action(text)
    assert isinstance(action, PlaceTile)
    return action


def sq(name: str) -> int:
    return board.square(name)


def names(squares: Iterable[int]) -> set[str]:
    return {board.name(x) for x in squares}


def advanced(options: fr.RuleOptions = DEFAULT, players: int = 4, first: int = 0) -> fr.GameState:
    return fr.new_game(players, start_player=first, options=options, setup="advanced")


def bsw(options: fr.RuleOptions = DEFAULT, players: int = 4, first: int = 0) -> fr.GameState:
    return fr.new_game(players, start_player=first, options=options, setup="bsw")


def play(state: fr.GameState, *texts: str) -> fr.GameState:
    for text in texts:
        state = fr.apply(state, pt(text))
    return state


def assert_refused(state: fr.GameState, text: str, rule: str) -> None:
    """The placement breaks ``rule``: check names it, apply raises it, nothing changes."""
    action = pt(text)
    before = fr.position_string(state)
    snapshot = (state.to_move, state.to_place, state.cells, state.pools, state.teleporters)
    err = fr.check(state, action)
    assert err is not None and err.rule == rule, f"{action}: expected {rule}, got {err!r}"
    with pytest.raises(fr.IllegalActionError) as raised:
        fr.apply(state, action)
    assert raised.value.rule == rule
    assert fr.position_string(state) == before
    assert (state.to_move, state.to_place, state.cells, state.pools, state.teleporters) == snapshot
    assert action not in legal_placements(state)


def assert_allowed(state: fr.GameState, text: str) -> fr.GameState:
    action = pt(text)
    err = fr.check(state, action)
    assert err is None, f"{action}: {err!r}"
    assert action in legal_placements(state)
    return fr.apply(state, action)


def layout(**kw: Any) -> fr.GameState:
    kw.setdefault("setup", "advanced")
    return fr.position(4, **kw)


def layout_error(**kw: Any) -> fr.SetupError:
    with pytest.raises(fr.SetupError) as raised:
        layout(**kw)
    return raised.value


def count_by(actions: Iterable[PlaceTile], key: str) -> Counter[str]:
    return Counter(str(getattr(a, key)) for a in actions)


# --- ADV-SETUP ------------------------------------------------------------------------------


@pytest.mark.rules("ADV-SETUP", "ADV-TILES")
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_advanced_game_starts_with_an_empty_board_in_the_placement_phase(players: int) -> None:
    first = players - 1
    s = advanced(players=players, first=first)
    assert s.setup == "advanced"
    assert s.phase is Phase.PLACEMENT
    assert s.to_move == first  # PLACE-ORDER 1: the first placer is the input seat
    assert s.round == 1 and s.stage == 1
    # ADV-SETUP 1: no tiles at all on the board
    assert s.stones == frozenset() and s.pools == frozenset() and s.teleporters == ()
    assert all(v == 0 for v in s.cells)
    # ADV-SETUP 2: monster on a1 facing east, every figure waiting, full deck (SET-DECK)
    assert board.name(s.monster) == "a1" and s.facing == board.EAST
    assert all(f.where == WAITING and not f.moved for f in s.figures)
    assert len(s.deck) == 8 and s.reveals == 0 and s.escapes == ()
    # ADV-TILES: the 17 tiles are all still to place
    assert Counter(s.to_place) == ADV_COUNTS and len(s.to_place) == 17


@pytest.mark.rules("ADV-SETUP", "BSW-PLACE")
@pytest.mark.parametrize("players", [2, 5, 7])
def test_bsw_game_starts_with_an_empty_board_and_the_basic_obstacles_to_place(
    players: int,
) -> None:
    s = bsw(players=players, first=1)
    assert s.setup == "bsw" and s.phase is Phase.PLACEMENT
    assert s.to_move == 1 and s.start_player == 1  # the start player places first
    assert s.stones == frozenset() and s.pools == frozenset() and s.teleporters == ()
    assert board.name(s.monster) == "a1" and s.facing == board.EAST
    assert all(f.where == WAITING for f in s.figures)
    # 11 stones + 2 pools, nothing else (BSW-PLACE 1, 4)
    assert Counter(s.to_place) == BSW_COUNTS and len(s.to_place) == 13


@pytest.mark.rules("ADV-SETUP", "BRD-LAYOUT")
def test_basic_setup_has_no_placement_phase_and_is_the_default() -> None:
    for s in (fr.new_game(4, 2), fr.new_game(4, 2, setup="basic")):
        assert s.setup == "basic"
        assert s.phase is Phase.FIGURES and s.to_move == 2
        assert s.to_place == ()
        assert legal_placements(s) == []
        # the printed layout (BRD-LAYOUT 1)
        assert names(s.stones) == {
            "c3", "m4", "h5", "i6", "n6", "g7", "e8", "m8", "o9", "f10", "i10"
        }  # fmt: skip
        assert names(s.pools) == BASIC_POOL_SQUARES


@pytest.mark.rules("ADV-SETUP")
def test_a_basic_game_refuses_placements() -> None:
    s = fr.new_game(4, 0)
    err = fr.check(s, pt("place stone d4"))
    # ADV-SETUP 1/2: in basic there is no placement phase; PLACE-ORDER says tiles are placed
    # only in that phase. The spec names no single id for this case, so either is accepted.
    assert err is not None and err.rule in ("ADV-SETUP", "PLACE-ORDER")
    with pytest.raises(fr.IllegalActionError):
        fr.apply(s, pt("place stone d4"))


@pytest.mark.rules("ADV-SETUP")
@pytest.mark.parametrize("setup", ["expert", "Advanced ", "", "dmaufbau"])
def test_an_unknown_setup_is_refused(setup: str) -> None:
    with pytest.raises(fr.SetupError) as raised:
        fr.new_game(4, 0, setup=setup)
    assert raised.value.rule == "ADV-SETUP"
    with pytest.raises(fr.SetupError) as raised:
        fr.position(4, setup=setup)
    assert raised.value.rule == "ADV-SETUP"


@pytest.mark.rules("ADV-SETUP", "PLACE-ORDER")
@pytest.mark.parametrize("setup", ["advanced", "bsw"])
def test_nothing_but_placing_happens_in_the_placement_phase(setup: str) -> None:
    s = fr.new_game(4, 1, setup=setup)
    s = play(s, "place stone h5")
    assert s.to_move == 2
    # ADV-SETUP 2: no figure moves and no tile is revealed during placement
    err = fr.check(s, fr.FigureMove("C5", ("p11",)))
    assert err is not None and err.rule in ("ADV-SETUP", "PLACE-ORDER", "RND-PHASES")
    with pytest.raises(fr.RuleError):
        fr.apply(s, fr.FigureMove("C5", ("p11",)))
    err = fr.check(s, fr.FigureMove("C5", ()))
    assert err is not None
    err = fr.check(s, fr.Reveal("7"))
    assert err is not None and err.rule in ("ADV-SETUP", "PLACE-ORDER", "RND-PHASES")
    with pytest.raises(fr.RuleError):
        fr.apply(s, fr.Reveal("7"))
    assert fr.legal_moves(s) == []
    assert fr.chance_outcomes(s) == []
    actions = fr.legal_actions(s)
    assert actions and all(isinstance(a, PlaceTile) for a in actions)
    assert actions == list(legal_placements(s))
    assert fr.outcome(s) is None


@pytest.mark.rules("ADV-SETUP", "PLACE-ORDER")
def test_placing_is_refused_once_round_1_has_begun() -> None:
    s = play(advanced(), *FULL_ADVANCED)
    assert s.phase is Phase.FIGURES
    err = fr.check(s, pt("place stone d4"))
    assert err is not None and err.rule in ("ADV-SETUP", "PLACE-ORDER")
    assert legal_placements(s) == []


# --- ADV-TILES ------------------------------------------------------------------------------


@pytest.mark.rules("ADV-TILES", "BSW-PLACE")
def test_the_tile_sets() -> None:
    assert Counter(ADVANCED_TILES) == ADV_COUNTS and len(ADVANCED_TILES) == 17
    assert Counter(BSW_TILES) == BSW_COUNTS and len(BSW_TILES) == 13


@pytest.mark.rules("ADV-TILES")
def test_place_tile_is_part_of_the_public_api() -> None:
    assert getattr(fr, "PlaceTile", None) is PlaceTile


@pytest.mark.rules("ADV-TILES")
@pytest.mark.parametrize(
    ("tile", "kind"),
    [
        ("stone", STONE),
        ("crystal", CRYSTAL),
        ("turn_right", TURN_RIGHT),
        ("turn_about", TURN_ABOUT),
    ],
)
def test_a_stone_tile_becomes_a_stone_of_its_kind(tile: str, kind: int) -> None:
    s = assert_allowed(advanced(), f"place {tile} h5")
    assert names(s.stones) == {"h5"}  # ADV-TILES 4: every stone tile is a stone
    assert s.cells[sq("h5")] == kind
    assert s.pools == frozenset() and s.teleporters == ()


@pytest.mark.rules("ADV-TILES")
@pytest.mark.parametrize(
    ("text", "covered"),
    [
        # ADV-TILES 3: the 2 x 2 covers the anchor and the squares east, south and south-east
        ("place pool_square i3", {"i3", "j3", "i4", "j4"}),
        # H: the anchor and the 3 squares east; V: the anchor and the 3 squares south
        ("place pool_strip e9 H", {"e9", "f9", "g9", "h9"}),
        ("place pool_strip c4 V", {"c4", "c5", "c6", "c7"}),
    ],
)
def test_a_pool_covers_its_squares(text: str, covered: set[str]) -> None:
    s = assert_allowed(advanced(), text)
    assert names(s.pools) == covered
    assert s.stones == frozenset() and s.teleporters == ()


@pytest.mark.rules("ADV-TILES")
@pytest.mark.parametrize("arrow", ["N", "E", "S", "W"])
@pytest.mark.parametrize("pair", [1, 2])
def test_a_teleporter_takes_any_of_the_four_arrows(arrow: str, pair: int) -> None:
    s = assert_allowed(advanced(), f"place teleporter_{pair} f6 {arrow}")
    assert s.teleporters == ((sq("f6"), pair, ARROW[arrow]),)
    assert s.stones == frozenset() and s.pools == frozenset()


@pytest.mark.rules("ADV-TILES")
def test_an_arrow_may_point_at_a_wall_a_tile_or_the_other_teleporter() -> None:
    s = advanced()
    s = assert_allowed(s, "place teleporter_1 a5 W")  # a5's west side is the wall W
    s = assert_allowed(s, "place stone d5")
    s = assert_allowed(s, "place teleporter_2 c5 E")  # points at the stone on d5
    s = assert_allowed(s, "place teleporter_1 a7 N")  # points towards its partner a5 (via a6)
    assert {(board.name(t[0]), t[1], t[2]) for t in s.teleporters} == {
        ("a5", 1, ARROW["W"]),
        ("c5", 2, ARROW["E"]),
        ("a7", 1, ARROW["N"]),
    }


@pytest.mark.rules("ADV-TILES")
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("place teleporter_1 f6 N", PlaceTile("teleporter_1", "f6", arrow="N")),
        ("place pool_strip e9 H", PlaceTile("pool_strip", "e9", orientation="H")),
        ("place pool_strip c4 V", PlaceTile("pool_strip", "c4", orientation="V")),
        ("place pool_square i3", PlaceTile("pool_square", "i3")),
        ("place crystal c3", PlaceTile("crystal", "c3")),
        ("place turn_about h5", PlaceTile("turn_about", "h5")),
    ],
)
def test_placement_notation_round_trips(text: str, expected: PlaceTile) -> None:
    assert fr.parse_action(text) == expected
    assert str(expected) == text
    assert fr.parse_action(str(expected)) == expected


@pytest.mark.rules("ADV-TILES")
@pytest.mark.parametrize(
    "make",
    [
        lambda: PlaceTile("dragon", "c3"),  # no such tile
        lambda: PlaceTile("teleporter", "c3", arrow="N"),  # the pair must be named
        lambda: PlaceTile("teleporter_1", "f6"),  # a teleporter needs an arrow
        lambda: PlaceTile("teleporter_1", "f6", arrow="X"),
        lambda: PlaceTile("teleporter_2", "f6", arrow="NE"),
        lambda: PlaceTile("stone", "c3", arrow="N"),  # other tiles take no arrow
        lambda: PlaceTile("pool_strip", "e9"),  # the strip needs H or V
        lambda: PlaceTile("pool_strip", "e9", orientation="D"),
        lambda: PlaceTile("pool_square", "i3", orientation="H"),
        lambda: PlaceTile("stone", "p1"),  # p1, a8, m1 are not squares (BRD-SQUARES 4)
        lambda: PlaceTile("stone", "a8"),
        lambda: PlaceTile("pool_square", "m1"),
        lambda: fr.parse_action("place teleporter_1 f6"),
        lambda: fr.parse_action("place stone"),
        lambda: fr.parse_action("place pool_strip e9 H extra"),
    ],
)
def test_malformed_placements_are_notation_errors(make: Any) -> None:
    with pytest.raises(fr.NotationError):
        make()


@pytest.mark.rules("ADV-TILES", "PLACE-ORDER")
def test_a_tile_not_left_is_refused() -> None:
    s = play(advanced(), "place teleporter_1 f6 N", "place teleporter_1 k3 E")
    assert "teleporter_1" not in s.to_place
    err = fr.check(s, pt("place teleporter_1 c9 S"))
    # PLACE-ORDER 2: a player chooses a tile not yet placed; ADV-TILES gives the counts.
    assert err is not None and err.rule in ("ADV-TILES", "PLACE-ORDER")
    with pytest.raises(fr.IllegalActionError):
        fr.apply(s, pt("place teleporter_1 c9 S"))
    # The pool square is the only one of its kind.
    s = play(s, "place pool_square i3")
    err = fr.check(s, pt("place pool_square c3"))
    assert err is not None and err.rule in ("ADV-TILES", "PLACE-ORDER")


@pytest.mark.rules("BSW-PLACE", "PLACE-ORDER")
@pytest.mark.parametrize(
    "text",
    ["place crystal h5", "place turn_right h5", "place turn_about h5", "place teleporter_1 h5 N"],
)
def test_bsw_has_no_advanced_tiles(text: str) -> None:
    # BSW-PLACE 4: no crystals, turning stones or teleporters
    s = bsw()
    err = fr.check(s, pt(text))
    assert err is not None and err.rule in ("ADV-TILES", "PLACE-ORDER", "BSW-PLACE")
    with pytest.raises(fr.IllegalActionError):
        fr.apply(s, pt(text))
    assert not any(a.tile not in BSW_COUNTS for a in legal_placements(s))


# --- PLACE-ORDER ----------------------------------------------------------------------------


@pytest.mark.rules("PLACE-ORDER", "ADV-SETUP")
def test_the_spec_example_four_players_first_placer_c() -> None:
    # PLACE-ORDER example: C (seat 2) places tiles 1, 5, 9, 13 and 17; D then starts round 1.
    s = advanced(first=2)
    placers = []
    left = Counter(s.to_place)
    for k, text in enumerate(FULL_ADVANCED, start=1):
        assert s.phase is Phase.PLACEMENT
        assert s.to_move == (2 + k - 1) % 4
        placers.append(s.to_move)
        action = pt(text)
        s, events = fr.apply_traced(s, action)
        left[action.tile] -= 1
        assert Counter(s.to_place) == +left  # exactly that tile is used up
        assert any(isinstance(e, ev.TilePlaced) and e.tile == action.tile for e in events)
    assert [k for k, p in enumerate(placers, start=1) if p == 2] == [1, 5, 9, 13, 17]
    assert s.phase is Phase.FIGURES
    assert s.to_place == ()
    assert s.round == 1 and s.stage == 1
    assert s.start_player == 3 and s.to_move == 3  # (2 + 17) mod 4 = 3 = D
    # The board: 11 stones of four kinds, 8 pool squares, 4 teleporters.
    assert names(s.stones) == {
        "c3", "m4", "h5", "i6", "n6", "g7", "e8", "m8", "o9", "f10", "i10"
    }  # fmt: skip
    assert Counter(s.cells[x] for x in s.stones) == Counter(
        {STONE: 3, CRYSTAL: 2, TURN_RIGHT: 4, TURN_ABOUT: 2}
    )
    assert names(s.pools) == BASIC_POOL_SQUARES
    assert {(board.name(t[0]), t[1], t[2]) for t in s.teleporters} == {
        ("f6", 1, 0),
        ("k3", 1, 1),
        ("c5", 2, 2),
        ("l10", 2, 3),
    }
    # round 1 plays by the basic rules, D moving first
    moves = fr.legal_moves(s)
    assert moves and all(m.figure.startswith("D") for m in moves)
    err = fr.check(s, fr.FigureMove("A5", ("p11",)))
    assert err is not None and err.rule == "RND-ORDER"


@pytest.mark.rules("PLACE-ORDER")
@pytest.mark.parametrize(
    ("players", "first", "start"),
    [
        # start = (first + 17) mod players (PLACE-ORDER 4), worked out:
        (2, 0, 1),  # 17 mod 2 = 1
        (2, 1, 0),  # 18 mod 2 = 0
        (3, 1, 0),  # 18 mod 3 = 0
        (3, 0, 2),  # 17 mod 3 = 2
        (4, 2, 3),  # 19 mod 4 = 3 (the spec example)
        (5, 4, 1),  # 21 mod 5 = 1
        (6, 0, 5),  # 17 mod 6 = 5
        (6, 1, 0),  # 18 mod 6 = 0
        (7, 3, 6),  # 20 mod 7 = 6
        (7, 4, 0),  # 21 mod 7 = 0
    ],
)
def test_advanced_start_player_is_after_the_last_placer(
    players: int, first: int, start: int
) -> None:
    s = advanced(players=players, first=first)
    for k, text in enumerate(FULL_ADVANCED, start=1):
        assert s.to_move == (first + k - 1) % players
        s = fr.apply(s, pt(text))
    assert s.phase is Phase.FIGURES
    assert s.start_player == start and s.to_move == start


@pytest.mark.rules("PLACE-ORDER", "BSW-PLACE")
@pytest.mark.parametrize(
    ("players", "first", "last_placer"),
    [
        # the 13th tile is placed by (first + 12) mod players; the start player keeps the tile
        (2, 1, 1),  # 13 mod 2 = 1
        (3, 0, 0),  # 12 mod 3 = 0
        (4, 1, 1),  # 13 mod 4 = 1
        (5, 2, 4),  # 14 mod 5 = 4, yet seat 2 starts round 1
        (6, 5, 5),  # 17 mod 6 = 5
        (7, 3, 1),  # 15 mod 7 = 1
    ],
)
def test_bsw_start_player_places_first_and_keeps_the_tile(
    players: int, first: int, last_placer: int
) -> None:
    s = bsw(players=players, first=first)
    for k, text in enumerate(FULL_BSW, start=1):
        assert s.phase is Phase.PLACEMENT
        assert s.to_move == (first + k - 1) % players
        if k == 13:
            assert s.to_move == last_placer
        s = fr.apply(s, pt(text))
    # PLACE-ORDER 5: not the player after the last placer, but the start player
    assert s.phase is Phase.FIGURES and s.round == 1
    assert s.start_player == first and s.to_move == first
    assert s.to_place == ()
    assert len(s.stones) == 11 and s.teleporters == ()
    assert all(s.cells[x] == STONE for x in s.stones)  # plain stones only (BSW-PLACE 1)
    assert names(s.pools) == BASIC_POOL_SQUARES


@pytest.mark.rules("PLACE-ORDER")
def test_tiles_may_be_placed_in_any_order() -> None:
    # PLACE-ORDER 2: the order of tiles is free (here the reverse of FULL_ADVANCED)
    s = play(advanced(first=1), *reversed(FULL_ADVANCED))
    assert s.phase is Phase.FIGURES and s.start_player == (1 + 17) % 4 == 2


@pytest.mark.rules("PLACE-ORDER", "PLACE-LAYOUT")
def test_a_position_in_the_middle_of_placement_derives_the_placer() -> None:
    # 16 of 17 tiles left after one stone; first placer C (seat 2): the 2nd tile is placed by
    # (2 + 1) mod 4 = 3.
    left = list(ADVANCED_TILES)
    left.remove("stone")
    s = fr.position(4, setup="advanced", stones=["c3"], start_player=2, to_place=left)
    assert s.phase is Phase.PLACEMENT and s.to_move == 3
    assert s == play(advanced(first=2), "place stone c3")


@pytest.mark.rules("PLACE-ORDER", "PLACE-LAYOUT")
def test_a_position_in_the_middle_of_placement_checks_the_placer_it_is_given() -> None:
    # First placer C (seat 2), 5 of 17 tiles placed: the 6th is placed by (2 + 5) mod 4 = 3, D.
    left = list(ADVANCED_TILES)
    for tile in ("stone", "stone", "crystal", "turn_right", "turn_about"):
        left.remove(tile)
    written: dict[str, Any] = {
        "setup": "advanced",
        "stones": ["c3", "m8"],
        "crystals": ["h5"],
        "turn_right": ["i6"],
        "turn_about": ["e8"],
        "start_player": "C",
        "to_place": left,
    }
    s = fr.position(4, **written, to_move="D")
    assert s.phase is Phase.PLACEMENT and s.to_move == 3 and s.start_player == 2
    assert s == fr.position(4, **written)
    with pytest.raises(fr.SetupError) as raised:
        fr.position(4, **written, to_move="C")  # the first placer: right only after 0, 4, 8...
    assert raised.value.rule == "PLACE-ORDER"
    assert str(raised.value) == (
        "[PLACE-ORDER] to_move: with 5 tiles placed, the placement order gives D, not C"
    )
    # BSW, 3 players, start player B (seat 1), 12 of 13 tiles placed: (1 + 12) mod 3 = 1, B.
    bsw_left = ["pool_strip"]
    stones = ["c3", "m4", "h5", "i6", "n6", "g7", "e8", "m8", "o8", "f10", "i10"]  # FULL_BSW's
    s = fr.position(
        3, setup="bsw", stones=stones, pools=["i3", "j3", "i4", "j4"], start_player=1,
        to_place=bsw_left, to_move=1,
    )  # fmt: skip
    assert s.phase is Phase.PLACEMENT and s.to_move == 1
    with pytest.raises(fr.SetupError) as raised:
        fr.position(
            3, setup="bsw", stones=stones, pools=["i3", "j3", "i4", "j4"], start_player=1,
            to_place=bsw_left, to_move=2,
        )  # fmt: skip
    assert raised.value.rule == "PLACE-ORDER"


@pytest.mark.rules("PLACE-ORDER", "BSW-PLACE", "PLACE-LAYOUT")
@settings(max_examples=max(10, settings().max_examples // 4))
@given(played(max_actions=18, setups=("advanced", "bsw")))
def test_position_strings_and_play_agree_on_the_placer(
    game: tuple[list[fr.GameState], list[fr.Action]],
) -> None:
    """Play hands the placement on tile by tile; a position written down (a position string,
    the state's JSON) has no last placer and derives it from the tiles left. Both must name
    the seat PLACE-ORDER point 3 names, (f + k) mod n after k tiles, and round 1's start
    player (points 4 and 5); the JSON refuses any other seat to move."""
    states, _ = game
    first, n = states[0].start_player, states[0].players
    total = len(states[0].to_place)
    for k, state in enumerate(states[: total + 1]):
        if state.phase is Phase.PLACEMENT:
            assert state.to_move == (first + k) % n
        else:
            start = (first + total) % n if state.setup == "advanced" else first
            assert k == total and state.to_move == state.start_player == start
        assert fr.parse_position(fr.position_string(state)) == state
        doc = fr.state_to_json(state)
        assert fr.state_from_json(doc) == state
        wrong = dict(doc, to_move="ABCDEFG"[(state.to_move + 1) % n])
        with pytest.raises(fr.RecordError):
            fr.state_from_json(wrong)


@pytest.mark.rules("PLACE-ORDER", "ADV-SETUP")
def test_a_position_with_tiles_left_is_before_round_1() -> None:
    with pytest.raises(fr.SetupError):
        fr.position(4, setup="advanced", to_place=["stone"], figures={"A5": "p11"})
    with pytest.raises(fr.SetupError):  # round 3: the 5 and a 7 are used
        fr.position(
            4,
            setup="advanced",
            to_place=["stone"],
            round=3,
            deck_left=["7", "8", "8", "10", "1hit", "2hits"],
        )
    with pytest.raises(fr.SetupError):  # not tiles of the setup
        fr.position(4, setup="bsw", to_place=["crystal"])
    with pytest.raises(fr.SetupError):
        fr.position(4, setup="advanced", to_place=["stone"] * 4)


# --- PLACE-CORNERS --------------------------------------------------------------------------

PROTECTED = ["a1", "b1", "a2", "p11", "o11", "p10"]
SINGLE_TILES = [
    "stone",
    "crystal",
    "turn_right",
    "turn_about",
    "teleporter_1 {} N",
    "teleporter_2 {} W",
]


def _single(tile: str, square: str) -> str:
    return f"place {tile.format(square)}" if "{}" in tile else f"place {tile} {square}"


@pytest.mark.rules("PLACE-CORNERS")
@pytest.mark.parametrize("options", [DEFAULT, WITH_DIAGONAL], ids=["orthogonal", "with_diagonal"])
@pytest.mark.parametrize("square", PROTECTED)
@pytest.mark.parametrize("tile", SINGLE_TILES)
def test_the_six_corner_squares_take_no_tile(
    options: fr.RuleOptions, square: str, tile: str
) -> None:
    assert_refused(advanced(options), _single(tile, square), "PLACE-CORNERS")


@pytest.mark.rules("PLACE-CORNERS")
@pytest.mark.parametrize("options", [DEFAULT, WITH_DIAGONAL], ids=["orthogonal", "with_diagonal"])
@pytest.mark.parametrize(
    "text",
    [
        "place pool_square a1",  # a1 b1 a2 b2
        "place pool_square b1",  # b1 c1 b2 c2
        "place pool_square a2",  # a2 b2 a3 b3
        "place pool_square o10",  # o10 p10 o11 p11
        "place pool_square n10",  # n10 o10 n11 o11
        "place pool_square o9",  # o9 p9 o10 p10
        "place pool_strip a1 H",  # a1..d1
        "place pool_strip b1 H",  # b1..e1
        "place pool_strip a2 H",  # a2..d2
        "place pool_strip a1 V",  # a1..a4
        "place pool_strip a2 V",  # a2..a5
        "place pool_strip b1 V",  # b1..b4
        "place pool_strip m11 H",  # m11..p11
        "place pool_strip l11 H",  # l11..o11
        "place pool_strip m10 H",  # m10..p10
        "place pool_strip p8 V",  # p8..p11
        "place pool_strip p7 V",  # p7..p10
        "place pool_strip o8 V",  # o8..o11
    ],
)
def test_no_pool_square_on_a_corner_square(options: fr.RuleOptions, text: str) -> None:
    assert_refused(advanced(options), text, "PLACE-CORNERS")


DIAGONAL_CASES = [
    "place stone b2",
    "place crystal o10",
    "place turn_right b2",
    "place turn_about o10",
    "place teleporter_1 b2 S",
    "place teleporter_2 o10 N",
    "place pool_square b2",  # b2 c2 b3 c3
    "place pool_square n9",  # n9 o9 n10 o10
    "place pool_strip b2 H",  # b2..e2
    "place pool_strip b2 V",  # b2..b5
    "place pool_strip l10 H",  # l10..o10
    "place pool_strip o7 V",  # o7..o10
]


@pytest.mark.rules("PLACE-CORNERS")
@pytest.mark.parametrize("text", DIAGONAL_CASES)
def test_diagonal_neighbours_are_free_by_default(text: str) -> None:
    assert_allowed(advanced(DEFAULT), text)


@pytest.mark.rules("PLACE-CORNERS")
@pytest.mark.parametrize("text", DIAGONAL_CASES)
def test_diagonal_neighbours_are_protected_with_diagonal(text: str) -> None:
    assert_refused(advanced(WITH_DIAGONAL), text, "PLACE-CORNERS")


@pytest.mark.rules("PLACE-CORNERS")
@pytest.mark.parametrize("options", [DEFAULT, WITH_DIAGONAL], ids=["orthogonal", "with_diagonal"])
@pytest.mark.parametrize(
    "text",
    [
        # the squares just beyond the protected ones
        "place stone c1",
        "place stone a3",
        "place stone b3",
        "place stone c2",
        "place stone n11",
        "place stone p9",
        "place stone o9",
        "place stone n10",
        "place teleporter_1 c1 W",
        "place teleporter_1 n11 E",
        "place pool_square c1",  # c1 d1 c2 d2
        "place pool_strip a3 V",  # a3..a6
        "place pool_strip c1 H",  # c1..f1
        "place pool_strip p6 V",  # p6..p9
        "place pool_strip k11 H",  # k11..n11
    ],
)
def test_squares_beyond_the_protected_ones_are_free(options: fr.RuleOptions, text: str) -> None:
    assert_allowed(advanced(options), text)


@pytest.mark.rules("PLACE-CORNERS", "BRD-SQUARES")
@pytest.mark.parametrize(
    ("options", "protected"),
    [(DEFAULT, PROTECTED), (WITH_DIAGONAL, [*PROTECTED, "b2", "o10"])],
    ids=["orthogonal", "with_diagonal"],
)
def test_a_single_stone_may_go_on_every_other_square(
    options: fr.RuleOptions, protected: list[str]
) -> None:
    # 156 squares (BRD-SQUARES) less 6, or 8, protected squares: 150 or 148
    s = fr.position(4, setup="advanced", to_place=["stone"], options=options)
    listed = legal_placements(s)
    assert len(listed) == 156 - len(protected)
    assert {a.square for a in listed} == set(board.NAMES[x] for x in board.SQUARES) - set(protected)
    assert all(a.tile == "stone" for a in listed)


@pytest.mark.rules("PLACE-CORNERS", "PLACE-EXACT")
@pytest.mark.parametrize(
    ("options", "expected"),
    [(DEFAULT, 124), (WITH_DIAGONAL, 122)],
    ids=["orthogonal", "with_diagonal"],
)
def test_number_of_places_for_the_pool_square_on_an_empty_board(
    options: fr.RuleOptions, expected: int
) -> None:
    # 2 x 2 blocks on the board: rows k and k+1 share the columns of the shorter row, so the
    # anchors per row pair are (shorter row length - 1): rows 1-2: 11, 2-3: 12, 3-4: 13, 4-5: 14,
    # 5-6: 15, 6-7: 15, 7-8: 14, 8-9: 13, 9-10: 12, 10-11: 11; total 130. Blocks covering
    # a1, b1 or a2 are anchored on a1, b1, a2 (3), likewise 3 at p11: 130 - 6 = 124.
    # With b2 protected too, the block anchored on b2 goes as well (and o9's at o10): 122.
    s = fr.position(4, setup="advanced", to_place=["pool_square"], options=options)
    listed = legal_placements(s)
    assert len(listed) == expected
    assert all(a.tile == "pool_square" and a.orientation == "" for a in listed)


@pytest.mark.rules("PLACE-CORNERS", "PLACE-EXACT")
@pytest.mark.parametrize(
    ("options", "h", "v"),
    [(DEFAULT, 117, 102), (WITH_DIAGONAL, 115, 100)],
    ids=["orthogonal", "with_diagonal"],
)
def test_number_of_places_for_the_pool_strip_on_an_empty_board(
    options: fr.RuleOptions, h: int, v: int
) -> None:
    # H: a row of L squares has L - 3 anchors. Row lengths 12 13 14 15 16 16 16 15 14 13 12
    # give 9+10+11+12+13+13+13+12+11+10+9 = 123. Protected: a1..d1, b1..e1, a2..d2 and
    # m11..p11, l11..o11, m10..p10: 123 - 6 = 117. With diagonal: also b2..e2, l10..o10: 115.
    # V: column lengths a 7, b 8, c 9, d 10, e..l 11 (8 columns), m 10, n 9, o 8, p 7 give
    # 4+5+6+7+8*8+7+6+5+4 = 108. Protected: a1..a4, a2..a5, b1..b4 and p8..p11, p7..p10,
    # o8..o11: 102. With diagonal: also b2..b5, o7..o10: 100.
    s = fr.position(4, setup="advanced", to_place=["pool_strip"], options=options)
    listed = legal_placements(s)
    assert count_by(listed, "orientation") == Counter({"H": h, "V": v})


# --- PLACE-EXACT ----------------------------------------------------------------------------


@pytest.mark.rules("PLACE-EXACT")
@pytest.mark.parametrize("options", [DEFAULT, ALL_STRICT], ids=["default", "strict"])
@pytest.mark.parametrize(
    "text",
    [
        "place pool_strip m2 H",  # spec example: n2 is not a square (row 2 ends at m)
        "place pool_square p6",  # spec example: column q does not exist
        "place pool_square l1",  # m1 is not a square (row 1 ends at l)
        "place pool_square n3",  # o3 is not a square (row 3 ends at n)
        "place pool_square o4",  # p4 is not a square
        "place pool_strip m4 H",  # m4 n4 o4 p4: p4 is not a square
        "place pool_strip j1 H",  # j1 k1 l1 m1: m1 is not a square
        "place pool_strip e9 V",  # e9 e10 e11 e12: no row 12
        "place pool_strip k9 V",  # k12
        "place pool_strip a5 V",  # a5 a6 a7 a8: row 8 starts at b
        "place pool_square a7",  # a7 b7 a8 b8: a8 is not a square
        "place pool_square e11",  # row 12
        "place pool_square h11",
        "place pool_square c9",  # c9 d9 c10 d10: c10 is not a square (row 10 starts at d)
        "place pool_strip p5 H",  # q5
    ],
)
def test_a_pool_must_lie_wholly_on_the_board(options: fr.RuleOptions, text: str) -> None:
    assert_refused(advanced(options), text, "PLACE-EXACT")


@pytest.mark.rules("PLACE-EXACT")
@pytest.mark.parametrize(
    ("text", "covered"),
    [
        ("place pool_strip e8 V", {"e8", "e9", "e10", "e11"}),  # e11: r - c = 10 - 4 = 6
        ("place pool_strip a4 V", {"a4", "a5", "a6", "a7"}),  # a7 is the last of column a
        ("place pool_strip l4 H", {"l4", "m4", "n4", "o4"}),  # o4 is the last of row 4
        ("place pool_square o5", {"o5", "p5", "o6", "p6"}),  # p5: c - r = 15 - 4 = 11
        ("place pool_square k1", {"k1", "l1", "k2", "l2"}),
        ("place pool_square e10", {"e10", "f10", "e11", "f11"}),  # e11 is the first of row 11
        ("place pool_strip i1 H", {"i1", "j1", "k1", "l1"}),  # l1 is the last of row 1
        ("place pool_strip i11 H", {"i11", "j11", "k11", "l11"}),
    ],
)
def test_pools_along_the_edges_fit(text: str, covered: set[str]) -> None:
    # PLACE-EXACT 1 only asks for squares of the board; the advanced game has no wall limit for
    # pools (BSW-POOLS is only for bsw).
    s = assert_allowed(advanced(ALL_STRICT), text)
    assert names(s.pools) == covered


@pytest.mark.rules("PLACE-EXACT")
@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("place stone c3", "place stone c3"),
        ("place stone c3", "place crystal c3"),
        ("place crystal c3", "place turn_right c3"),
        ("place stone c3", "place teleporter_1 c3 N"),
        ("place stone c3", "place pool_square b2"),  # b2 c2 b3 c3
        ("place stone c3", "place pool_square c3"),
        ("place stone c3", "place pool_strip c1 V"),  # c1 c2 c3 c4
        ("place stone c3", "place pool_strip a3 H"),  # a3 b3 c3 d3
        ("place pool_square i3", "place stone j4"),
        ("place pool_square i3", "place turn_about i3"),
        ("place pool_square i3", "place teleporter_2 i4 S"),
        ("place pool_square i3", "place pool_strip g4 H"),  # g4 h4 i4 j4
        ("place pool_square i3", "place pool_strip j1 V"),  # j1 j2 j3 j4
        ("place pool_strip e9 H", "place pool_square g8"),  # g8 h8 g9 h9
        ("place pool_strip e9 H", "place stone h9"),
        ("place teleporter_1 f6 N", "place stone f6"),
        ("place teleporter_1 f6 N", "place teleporter_1 f6 S"),  # the same square: overlap
        ("place teleporter_1 f6 N", "place teleporter_2 f6 S"),
        ("place teleporter_1 f6 N", "place pool_strip f3 V"),  # f3 f4 f5 f6
        ("place teleporter_1 f6 N", "place pool_square e5"),  # e5 f5 e6 f6
    ],
)
def test_tiles_may_not_overlap(first: str, second: str) -> None:
    s = play(advanced(), first)
    assert_refused(s, second, "PLACE-EXACT")


@pytest.mark.rules("PLACE-EXACT", "PLACE-CORNERS", "PLACE-TELEPORTERS")
def test_other_contacts_are_allowed_in_the_advanced_game() -> None:
    s = advanced(ALL_STRICT)
    s = assert_allowed(s, "place pool_square i3")
    # another pool sharing an edge (j3 | k3): only bsw forbids pools touching (BSW-POOLS)
    s = assert_allowed(s, "place pool_strip k3 V")  # k3 k4 k5 k6
    s = assert_allowed(s, "place stone h3")  # stones may touch pools
    s = assert_allowed(s, "place crystal h4")  # and each other
    s = assert_allowed(s, "place teleporter_1 l4 N")  # a teleporter may touch a pool
    s = assert_allowed(s, "place turn_right m4")  # and a stone
    assert names(s.pools) == {"i3", "j3", "i4", "j4", "k3", "k4", "k5", "k6"}


# --- PLACE-TELEPORTERS ----------------------------------------------------------------------

ORTHOGONAL_OF_F6 = ["f5", "f7", "e6", "g6"]
DIAGONAL_OF_F6 = ["e5", "g5", "e7", "g7"]


@pytest.mark.rules("PLACE-TELEPORTERS")
@pytest.mark.parametrize("options", [DEFAULT, DIAGONAL_FORBIDDEN], ids=["allowed", "forbidden"])
@pytest.mark.parametrize("square", ORTHOGONAL_OF_F6)
@pytest.mark.parametrize("pair", [1, 2])  # its partner and a teleporter of the other pair
def test_teleporters_may_not_share_a_side(options: fr.RuleOptions, square: str, pair: int) -> None:
    s = play(advanced(options), "place teleporter_1 f6 N")
    assert_refused(s, f"place teleporter_{pair} {square} E", "PLACE-TELEPORTERS")


@pytest.mark.rules("PLACE-TELEPORTERS")
@pytest.mark.parametrize("square", DIAGONAL_OF_F6)
@pytest.mark.parametrize("pair", [1, 2])
def test_teleporters_may_touch_at_a_corner_by_default(square: str, pair: int) -> None:
    s = play(advanced(DEFAULT), "place teleporter_1 f6 N")
    s = assert_allowed(s, f"place teleporter_{pair} {square} W")
    assert len(s.teleporters) == 2


@pytest.mark.rules("PLACE-TELEPORTERS")
@pytest.mark.parametrize("square", DIAGONAL_OF_F6)
@pytest.mark.parametrize("pair", [1, 2])
def test_teleporters_may_not_touch_at_a_corner_when_forbidden(square: str, pair: int) -> None:
    s = play(advanced(DIAGONAL_FORBIDDEN), "place teleporter_1 f6 N")
    assert_refused(s, f"place teleporter_{pair} {square} W", "PLACE-TELEPORTERS")


@pytest.mark.rules("PLACE-TELEPORTERS")
@pytest.mark.parametrize("options", [DEFAULT, DIAGONAL_FORBIDDEN], ids=["allowed", "forbidden"])
@pytest.mark.parametrize("square", ["f4", "f8", "d6", "h6", "d4", "h8", "g4", "d7"])
def test_teleporters_two_squares_apart_are_fine(options: fr.RuleOptions, square: str) -> None:
    s = play(advanced(options), "place teleporter_1 f6 N")
    assert_allowed(s, f"place teleporter_2 {square} S")
    assert_allowed(s, f"place teleporter_1 {square} S")


@pytest.mark.rules("PLACE-TELEPORTERS")
def test_the_rule_holds_against_every_placed_teleporter() -> None:
    s = play(advanced(), "place teleporter_1 f6 N", "place teleporter_2 k3 E", "place stone d4")
    assert_refused(s, "place teleporter_1 k4 N", "PLACE-TELEPORTERS")  # under k3
    assert_refused(s, "place teleporter_2 g6 N", "PLACE-TELEPORTERS")  # beside f6
    s = assert_allowed(s, "place teleporter_1 k5 N")  # k4 lies between k3 and k5
    assert_refused(s, "place teleporter_2 j5 N", "PLACE-TELEPORTERS")  # beside k5
    assert_refused(s, "place teleporter_2 k6 N", "PLACE-TELEPORTERS")


@pytest.mark.rules("PLACE-TELEPORTERS", "PLACE-ORDER")
@pytest.mark.parametrize(
    ("options", "squares"),
    # Everything of FULL_ADVANCED but the teleporter_2 on l10 is placed. Free squares for the
    # last teleporter: 156 - 6 protected - 11 stones - 8 pool squares - 3 teleporters = 128,
    # less the free orthogonal neighbours of k3 (k2 k4 l3; j3 is a pool square), of c5
    # (c4 c6 b5 d5) and of f6 (f5 f7 e6 g6): 128 - 11 = 117.
    # Diagonal forbidden: also j2 l2 l4 (j4 is pool), b4 d4 b6 d6, e5 g5 e7 (g7 holds a
    # turn_right): 117 - 10 = 107. None of k3, c5, f6 has an outer wall, so
    # teleporter_walls changes nothing.
    [(DEFAULT, 117), (DIAGONAL_FORBIDDEN, 107), (WALLS_FORBIDDEN, 117)],
    ids=["default", "diagonal_forbidden", "walls_forbidden"],
)
def test_places_for_the_last_teleporter(options: fr.RuleOptions, squares: int) -> None:
    s = layout(
        stones=["c3", "m4", "h5"],
        crystals=["i6", "n6"],
        turn_right=["g7", "e8", "m8", "o9"],
        turn_about=["f10", "i10"],
        pools=sorted(BASIC_POOL_SQUARES),
        teleporters=["f6:1:N", "k3:1:E", "c5:2:S"],
        to_place=["teleporter_2"],
        start_player=0,
        options=options,
    )
    assert s.phase is Phase.PLACEMENT
    assert s.to_move == 16 % 4 == 0  # the 17th tile is placed by (0 + 16) mod 4
    listed = legal_placements(s)
    assert all(a.tile == "teleporter_2" for a in listed)
    assert count_by(listed, "arrow") == Counter({d: squares for d in "NESW"})
    assert len(listed) == 4 * squares
    assert "l10" in {a.square for a in listed}
    for bad in ("k2", "k4", "l3", "c4", "c6", "b5", "d5", "f5", "f7", "e6", "g6", "j3", "g7"):
        assert bad not in {a.square for a in listed}
    end = fr.apply(s, pt("place teleporter_2 l10 W"))
    assert end.phase is Phase.FIGURES and end.to_move == end.start_player == 1  # 17 mod 4


# --- PLACE-TELEPORTER-WALLS -----------------------------------------------------------------

# (first, second): the second is on a square with an outer wall whose wrap image
# (10 - r, 15 - c) is the first.
WALL_MATES = [
    ("a6", "p6"),  # spec example: a6 (5,0) -> (5,15) = p6, wall V
    ("p6", "a6"),
    ("m2", "d10"),  # spec example: m2 (1,12) -> (9,3) = d10, walls N and O
    ("d10", "m2"),
    ("a7", "p5"),  # a7 (6,0) -> (4,15) = p5, wall U
    ("f1", "k11"),  # f1 (0,5) -> (10,10) = k11, wall F
    ("l1", "e11"),  # l1 (0,11) -> (10,4) = e11, walls L and M
    ("c9", "n3"),  # c9 (8,2) -> (2,13) = n3, walls P and Q
    ("a3", "p9"),  # a3 (2,0) -> (8,15) = p9, wall Y
]


@pytest.mark.rules("PLACE-TELEPORTER-WALLS")
@pytest.mark.parametrize(("first", "second"), WALL_MATES)
@pytest.mark.parametrize("pairs", [(1, 1), (1, 2), (2, 1)])
def test_teleporters_facing_through_a_wall_are_refused_when_forbidden(
    first: str, second: str, pairs: tuple[int, int]
) -> None:
    s = play(advanced(WALLS_FORBIDDEN), f"place teleporter_{pairs[0]} {first} N")
    assert_refused(s, f"place teleporter_{pairs[1]} {second} S", "PLACE-TELEPORTER-WALLS")


@pytest.mark.rules("PLACE-TELEPORTER-WALLS", "PLACE-TELEPORTERS")
@pytest.mark.parametrize(("first", "second"), WALL_MATES)
def test_teleporters_facing_through_a_wall_are_allowed_by_default(first: str, second: str) -> None:
    # also: meeting through the wall is not "next to each other" for PLACE-TELEPORTERS
    s = play(advanced(DIAGONAL_FORBIDDEN), f"place teleporter_1 {first} N")
    s = assert_allowed(s, f"place teleporter_1 {second} S")
    assert names(t[0] for t in s.teleporters) == {first, second}


@pytest.mark.rules("PLACE-TELEPORTER-WALLS")
@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("a7", "p7"),  # same row, but p7's image is (4,0) = a5, and a7's is p5
        ("f1", "f11"),  # same column; f11's image is (0,10) = k1
        ("a6", "p5"),  # p5's image is a7
        ("m2", "e10"),  # e10 (9,4) has no outer wall; m2's mate is d10
        ("f6", "k6"),  # f6 (5,5) -> (5,10) = k6, but neither has an outer wall
        ("e5", "l7"),  # e5 (4,4) -> (6,11) = l7: interior squares
        ("a6", "f6"),
    ],
)
def test_the_wall_limit_only_binds_wall_mates(first: str, second: str) -> None:
    s = play(advanced(WALLS_FORBIDDEN), f"place teleporter_1 {first} N")
    assert_allowed(s, f"place teleporter_2 {second} E")


@pytest.mark.rules("PLACE-TELEPORTER-WALLS")
@pytest.mark.parametrize(
    ("options", "squares"),
    [
        # teleporter_1 on a6 (wall V): 150 free squares - a6 - its neighbours a5 a7 b6 = 146
        (DEFAULT, 146),
        # and p6, the image of a6, which has the wall V too
        (WALLS_FORBIDDEN, 145),
        # with diagonal contact forbidden also b5 and b7 (a6 has no west neighbours)
        (fr.RuleOptions(teleporter_diagonal="forbidden", teleporter_walls="forbidden"), 143),
    ],
    ids=["default", "walls_forbidden", "both_forbidden"],
)
def test_places_for_a_teleporter_next_to_one_on_a6(options: fr.RuleOptions, squares: int) -> None:
    s = layout(teleporters=["a6:1:E"], to_place=["teleporter_1"], options=options)
    listed = legal_placements(s)
    assert len(listed) == 4 * squares
    assert ("p6" in {a.square for a in listed}) is (options.teleporter_walls == "allowed")


# --- PLACE-LAYOUT ---------------------------------------------------------------------------

FULL_LAYOUT: dict[str, Any] = {
    "stones": ["c3", "m4", "h5"],
    "crystals": ["i6", "n6"],
    "turn_right": ["g7", "e8", "m8", "o9"],
    "turn_about": ["f10", "i10"],
    "pools": sorted(BASIC_POOL_SQUARES),
    "teleporters": ["f6:1:N", "k3:1:E", "c5:2:S", "l10:2:W"],
}


@pytest.mark.rules("PLACE-LAYOUT", "ADV-TILES")
@pytest.mark.parametrize("options", [DEFAULT, ALL_STRICT], ids=["default", "strict"])
def test_a_complete_layout_is_accepted(options: fr.RuleOptions) -> None:
    s = layout(**FULL_LAYOUT, start_player=1, round=1, options=options)
    # PLACE-LAYOUT 1: the game starts at round 1 with the given start player
    assert s.phase is Phase.FIGURES and s.round == 1 and s.to_move == 1 and s.to_place == ()
    assert s.setup == "advanced"
    # the same board as the placement phase produces
    placed = play(advanced(options, first=0), *FULL_ADVANCED)
    assert placed.start_player == 1
    assert (s.cells, s.pools, s.teleporters) == (placed.cells, placed.pools, placed.teleporters)
    assert s == placed


@pytest.mark.rules("PLACE-LAYOUT")
@pytest.mark.parametrize(
    "kw",
    [
        {},  # no tiles at all
        {"stones": ["h5"]},
        {"crystals": ["h5", "d4"]},
        {"teleporters": ["f6:2:N", "k3:2:E"]},  # one complete pair
        {"pools": ["i3", "j3", "i4", "j4"]},
        {"turn_right": ["b2"], "teleporters": ["o10:1:N", "c9:1:S"]},  # b2, o10 by default
    ],
)
def test_fewer_tiles_are_allowed(kw: dict[str, Any]) -> None:
    s = layout(**kw)
    assert s.phase is Phase.FIGURES and s.setup == "advanced"


@pytest.mark.rules("PLACE-LAYOUT")
@pytest.mark.parametrize(
    "teleporters",
    [
        ["f6:1:N"],  # a lone teleporter
        ["f6:1:N", "k3:2:E"],  # one of each pair
        ["f6:1:N", "k3:1:E", "c9:2:S"],
        ["f6:1:N", "k3:1:E", "c9:1:S"],  # three of pair 1
        ["f6:2:N", "k3:2:E", "c9:2:S", "h2:2:W"],
    ],
)
def test_teleporters_come_in_complete_pairs(teleporters: list[str]) -> None:
    assert layout_error(teleporters=teleporters).rule == "PLACE-LAYOUT"


@pytest.mark.rules("PLACE-LAYOUT")
@pytest.mark.parametrize(
    "kw",
    [
        {"stones": ["c3", "d4", "e5", "f6"]},  # 4 plain stones, 3 exist
        {"crystals": ["c3", "d4", "e5"]},  # 3 crystals, 2 exist
        {"turn_right": ["c3", "d4", "e5", "f6", "g7"]},  # 5, 4 exist
        {"turn_about": ["c3", "d4", "e5"]},  # 3, 2 exist
    ],
)
def test_no_more_stone_tiles_than_the_game_has(kw: dict[str, Any]) -> None:
    err = layout_error(**kw)
    assert err.rule == "PLACE-LAYOUT", err  # PLACE-LAYOUT 2: at most the counts of ADV-TILES


@pytest.mark.rules("PLACE-LAYOUT")
def test_no_more_pools_than_the_game_has() -> None:
    # 12 pool squares: three 2 x 2 blocks, but the game has one 2 x 2 and one strip
    pools = ["c3", "d3", "c4", "d4", "i3", "j3", "i4", "j4", "f8", "g8", "f9", "g9"]
    assert layout_error(pools=pools).rule == "PLACE-LAYOUT"


@pytest.mark.rules("PLACE-LAYOUT", "PLACE-CORNERS")
@pytest.mark.parametrize(
    "kw",
    [
        {"teleporters": ["a2:1:N", "f6:1:S"]},
        {"teleporters": ["f6:2:N", "o11:2:W"]},
        {"teleporters": ["f6:2:N", "p10:2:W"]},
        {"teleporters": ["b1:1:N", "f6:1:S"]},
        {"pools": ["p7", "p8", "p9", "p10"]},  # a strip covering p10
        {"pools": ["b1", "c1", "b2", "c2"]},  # a square covering b1
        {"stones": ["b1"], "round": 1},  # at the start of round 1, nothing is on b1
        {"crystals": ["a2"], "round": 1},
        {"turn_right": ["p10"], "round": 1},
        {"turn_about": ["o11"], "round": 1},
    ],
)
def test_no_tile_of_a_layout_on_a_protected_square(kw: dict[str, Any]) -> None:
    assert layout_error(**kw).rule == "PLACE-CORNERS"


@pytest.mark.rules("PLACE-LAYOUT", "PLACE-CORNERS")
@pytest.mark.parametrize(
    "kw",
    [
        {"teleporters": ["b2:1:N", "f6:1:S"]},
        {"teleporters": ["f6:2:N", "o10:2:W"]},
        {"pools": ["b2", "c2", "b3", "c3"]},
        {"pools": ["o7", "o8", "o9", "o10"]},
        {"stones": ["b2"], "round": 1},
        {"crystals": ["o10"], "round": 1},
    ],
)
def test_a_layout_on_the_diagonal_neighbours_depends_on_the_option(kw: dict[str, Any]) -> None:
    layout(**kw, options=DEFAULT)
    assert layout_error(**kw, options=WITH_DIAGONAL).rule == "PLACE-CORNERS"


@pytest.mark.rules("PLACE-LAYOUT", "PLACE-TELEPORTERS")
@pytest.mark.parametrize(
    "teleporters",
    [
        ["f6:1:N", "f7:1:S"],  # partners sharing a side
        ["f6:1:N", "e6:1:S"],
        ["f6:1:N", "k3:1:E", "g6:2:N", "c9:2:S"],  # different pairs sharing a side
        ["f6:1:N", "k3:1:E", "c9:2:N", "k4:2:S"],
    ],
)
def test_a_layout_with_touching_teleporters_is_refused(teleporters: list[str]) -> None:
    for options in (DEFAULT, DIAGONAL_FORBIDDEN):
        assert layout_error(teleporters=teleporters, options=options).rule == "PLACE-TELEPORTERS"


@pytest.mark.rules("PLACE-LAYOUT", "PLACE-TELEPORTERS")
@pytest.mark.parametrize(
    "teleporters",
    [["f6:1:N", "g7:1:S"], ["f6:1:N", "k3:1:E", "e5:2:N", "c9:2:S"]],
)
def test_a_layout_with_teleporters_touching_at_a_corner(teleporters: list[str]) -> None:
    layout(teleporters=teleporters, options=DEFAULT)
    assert (
        layout_error(teleporters=teleporters, options=DIAGONAL_FORBIDDEN).rule
        == "PLACE-TELEPORTERS"
    )


@pytest.mark.rules("PLACE-LAYOUT", "PLACE-TELEPORTER-WALLS")
@pytest.mark.parametrize(
    "teleporters",
    [["a6:1:N", "p6:1:S"], ["m2:1:N", "f6:1:S", "d10:2:E", "k3:2:W"]],
)
def test_a_layout_with_teleporters_facing_through_a_wall(teleporters: list[str]) -> None:
    layout(teleporters=teleporters, options=DEFAULT)
    err = layout_error(teleporters=teleporters, options=WALLS_FORBIDDEN)
    assert err.rule == "PLACE-TELEPORTER-WALLS"


@pytest.mark.rules("PLACE-LAYOUT", "PLACE-EXACT")
@pytest.mark.parametrize(
    "kw",
    [
        {"pools": ["i3", "j3", "i4", "j4"], "teleporters": ["i3:1:N", "f6:1:S"]},
        {"stones": ["f6"], "teleporters": ["f6:1:N", "k3:1:S"]},
        {"crystals": ["k3"], "teleporters": ["f6:1:N", "k3:1:S"]},
        # at the start of round 1 no stone lies on a pool square (PLACE-EXACT 3)
        {"pools": ["i3", "j3", "i4", "j4"], "stones": ["j4"], "round": 1},
        {"pools": ["e9", "f9", "g9", "h9"], "turn_right": ["g9"], "round": 1},
    ],
)
def test_a_layout_with_overlapping_tiles_is_refused(kw: dict[str, Any]) -> None:
    assert layout_error(**kw).rule == "PLACE-EXACT"


@pytest.mark.rules("PLACE-LAYOUT")
def test_the_basic_setup_checks_no_placement_limits() -> None:
    # PLACE-LAYOUT 4: a basic layout may be any layout a user draws
    s = fr.position(4, setup="basic", stones=["b2", "d1"], pools=["c3", "d3", "c4", "d4"])
    assert s.setup == "basic" and names(s.stones) == {"b2", "d1"}
    # the printed basic layout is a basic layout
    assert fr.position(4).setup == "basic"
    # but advanced tiles are not part of it
    with pytest.raises(fr.SetupError):
        fr.position(4, setup="basic", teleporters=["f6:1:N", "k3:1:E"])
    with pytest.raises(fr.SetupError):
        fr.position(4, setup="bsw", crystals=["h5"])


# --- BSW-CORNERS ----------------------------------------------------------------------------

# r + c <= 3 (exit) or (10 - r) + (15 - c) <= 3 (entrance), listed by hand
BSW_PROTECTED = [
    "a1", "b1", "c1", "d1", "a2", "b2", "c2", "a3", "b3", "a4",
    "p11", "o11", "n11", "m11", "p10", "o10", "n10", "p9", "o9", "p8",
]  # fmt: skip
# the squares at distance exactly 4 from a corner
BSW_DISTANCE_4 = ["e1", "d2", "c3", "b4", "a5", "l11", "m10", "n9", "o8", "p7"]


@pytest.mark.rules("BSW-CORNERS", "BSW-PLACE")
@pytest.mark.parametrize("square", BSW_PROTECTED)
@pytest.mark.parametrize("options", [DEFAULT, ALL_STRICT], ids=["default", "strict"])
def test_bsw_nothing_within_3_of_a_corner(square: str, options: fr.RuleOptions) -> None:
    assert_refused(bsw(options), f"place stone {square}", "BSW-CORNERS")


@pytest.mark.rules("BSW-CORNERS", "BSW-PLACE")
@pytest.mark.parametrize("square", BSW_DISTANCE_4)
def test_bsw_stones_at_distance_4_are_allowed(square: str) -> None:
    s = assert_allowed(bsw(), f"place stone {square}")
    assert names(s.stones) == {square}


@pytest.mark.rules("BSW-CORNERS", "BSW-PLACE")
@pytest.mark.parametrize("options", [DEFAULT, ALL_STRICT], ids=["default", "strict"])
def test_bsw_a_single_stone_may_go_on_136_squares(options: fr.RuleOptions) -> None:
    # 156 - 2 x 10 = 136; the advanced options change nothing in bsw
    s = fr.position(4, setup="bsw", to_place=["stone"], options=options)
    listed = legal_placements(s)
    assert len(listed) == 136
    assert {a.square for a in listed}.isdisjoint(BSW_PROTECTED)
    assert set(BSW_DISTANCE_4) <= {a.square for a in listed}


@pytest.mark.rules("BSW-CORNERS")
@pytest.mark.parametrize(
    "text",
    [
        "place pool_square c2",  # c2 d2 c3 d3: c2 is protected, nothing else is wrong
        "place pool_strip b3 H",  # b3 c3 d3 e3: b3
    ],
)
def test_bsw_pools_within_3_of_a_corner(text: str) -> None:
    assert_refused(bsw(), text, "BSW-CORNERS")


@pytest.mark.rules("BSW-CORNERS", "BSW-POOLS")
@pytest.mark.parametrize(
    "text",
    [
        "place pool_strip d1 V",  # d1 is within 3 of a1 and at the north wall
        "place pool_square m9",  # n10 is within 3 of p11, and m9 is at 2 + 3 = 5 from it
        "place pool_strip l10 H",  # l10..o10: o10; and all nearer than 8
    ],
)
def test_bsw_pools_breaking_both_limits(text: str) -> None:
    # The spec orders no two limits; either rule id explains the refusal.
    s = bsw()
    err = fr.check(s, pt(text))
    assert err is not None and err.rule in ("BSW-CORNERS", "BSW-POOLS")
    with pytest.raises(fr.IllegalActionError):
        fr.apply(s, pt(text))
    assert pt(text) not in legal_placements(s)


@pytest.mark.rules("BSW-CORNERS", "PLACE-ORDER")
def test_the_printed_layout_is_not_a_bsw_layout() -> None:
    # o9 holds a stone in the printed layout but is at distance 3 from p11 (BSW-CORNERS note)
    stones = ["c3", "m4", "h5", "i6", "n6", "g7", "e8", "m8", "o9", "f10", "i10"]
    with pytest.raises(fr.SetupError) as raised:
        fr.position(4, setup="bsw", stones=stones, pools=sorted(BASIC_POOL_SQUARES), round=1)
    assert raised.value.rule == "BSW-CORNERS"
    stones[stones.index("o9")] = "o8"
    s = fr.position(4, setup="bsw", stones=stones, pools=sorted(BASIC_POOL_SQUARES), round=1)
    assert s == play(bsw(first=0), *FULL_BSW)


# --- BSW-POOLS ------------------------------------------------------------------------------


@pytest.mark.rules("BSW-POOLS", "BSW-PLACE")
@pytest.mark.parametrize(
    "text",
    [
        # spec example: the printed pools
        "place pool_square i3",
        "place pool_strip e9 H",
        # spec example: b4 to b7 (b4: r + c = 4; no square of it has an outer wall)
        "place pool_strip b4 V",
        # k6 (5,10): 10, l6 (5,11): 9, k7 (6,10): 9, l7 (6,11): 4 + 4 = 8 >= 8
        "place pool_square k6",
        # h8 i8 j8 k8: k8 (7,10) is at 3 + 5 = 8
        "place pool_strip h8 H",
        # d8 e8 d9 e9: d9 (8,3) has neighbours c9, e9, d8 and d10 on the board
        "place pool_square d8",
        # e10 f10 g10 h10: row 10 squares with e11..h11 south of them; h10 at 1 + 8 = 9
        "place pool_strip e10 H",
        # j3 k3 l3 m3: m3 (2,12) has m2 north and n3 east
        "place pool_strip j3 H",
        # l2 l3 l4 l5: l2 has l1 north; l5 at 6 + 4 = 10
        "place pool_strip l2 V",
        # m3 m4 m5 m6: m6 (5,12) at 5 + 3 = 8
        "place pool_strip m3 V",
        # i7 i8 i9 i10: i10 (9,8) at 1 + 7 = 8
        "place pool_strip i7 V",
    ],
)
def test_bsw_pools_that_fit(text: str) -> None:
    assert_allowed(bsw(), text)


@pytest.mark.rules("BSW-POOLS")
@pytest.mark.parametrize(
    "text",
    [
        # nearer than 8 to p11
        "place pool_square n5",  # spec example: o6 (5,14) is at 5 + 1 = 6
        "place pool_square l6",  # m7 (6,12) is at 4 + 3 = 7
        "place pool_strip i8 H",  # l8 (7,11) is at 3 + 4 = 7
        "place pool_strip j7 V",  # j10 (9,9) is at 1 + 6 = 7
        "place pool_strip m4 V",  # m7 (6,12) is at 7
        "place pool_square k9",  # k9 l9 k10 l10: l10 (9,11) is at 1 + 4 = 5
        # against a wall
        "place pool_strip b5 V",  # spec example: b8 has outer walls (R, S)
        "place pool_strip a5 H",  # spec example: a5 is at the west wall
        "place pool_square e1",  # row 1: north wall
        "place pool_strip f1 H",
        "place pool_strip e11 H",  # row 11: south wall
        "place pool_strip e8 V",  # e8..e11: e11
        "place pool_square c8",  # c9 has the walls P and Q
        "place pool_square l2",  # m2 has the walls N and O
        "place pool_strip k3 H",  # n3 has the walls P and Q
        "place pool_strip n4 V",  # n4 n5 n6 n7: n6 (5,13) is at 5 + 2 = 7
        "place pool_square b7",  # b7 c7 b8 c8: b8
        "place pool_square d9",  # d9 e9 d10 e10: d10 has the walls N and O
    ],
)
def test_bsw_pools_near_the_entrance_or_a_wall_are_refused(text: str) -> None:
    assert_refused(bsw(), text, "BSW-POOLS")


@pytest.mark.rules("BSW-POOLS")
@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("place pool_square i3", "place pool_strip k3 V"),  # k3 | j3
        ("place pool_square i3", "place pool_strip f5 H"),  # f5 g5 h5 i5: i5 under i4
        ("place pool_square i3", "place pool_strip h2 V"),  # h2 h3 h4 h5: h3 | i3
        ("place pool_square i3", "place pool_strip g2 H"),  # g2 h2 i2 j2: i2 above i3
        ("place pool_strip e9 H", "place pool_square h7"),  # h7 i7 h8 i8: h8 above h9
        ("place pool_strip e5 V", "place pool_square f6"),  # f6 g6 f7 g7: f6 | e6, f7 | e7
        ("place pool_square d7", "place pool_strip e9 H"),  # d7 e7 d8 e8: e8 above e9
    ],
)
def test_bsw_pools_may_not_share_an_edge(first: str, second: str) -> None:
    s = play(bsw(), first)
    assert_refused(s, second, "BSW-POOLS")


@pytest.mark.rules("BSW-POOLS")
@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("place pool_square i3", "place pool_strip e5 H"),  # h5 / i4 diagonal only
        ("place pool_square i3", "place pool_strip k5 V"),  # k5 / j4 diagonal only
        ("place pool_square i3", "place pool_strip e2 H"),  # h2 / i3 diagonal only
        ("place pool_strip e9 H", "place pool_square i7"),  # i8 / h9 diagonal only
        ("place pool_strip e9 H", "place pool_square c7"),  # d8 / e9 diagonal only
        ("place pool_square i3", "place pool_strip l3 V"),  # column k between them
    ],
)
def test_bsw_pools_may_touch_at_a_corner(first: str, second: str) -> None:
    s = assert_allowed(play(bsw(), first), second)
    assert len(s.pools) == 8


@pytest.mark.rules("BSW-POOLS", "BSW-PLACE", "PLACE-EXACT")
def test_bsw_stones_are_not_limited_like_pools() -> None:
    s = bsw()
    s = assert_allowed(s, "place stone e1")  # at the north wall
    s = assert_allowed(s, "place stone p7")  # at the east wall, distance 4 from p11
    s = assert_allowed(s, "place stone n6")  # distance 7 from p11
    s = assert_allowed(s, "place stone b8")  # on the staircase
    s = assert_allowed(s, "place pool_square i3")
    s = assert_allowed(s, "place stone k3")  # next to a pool
    assert_refused(s, "place stone j4", "PLACE-EXACT")
    assert_refused(s, "place stone k3", "PLACE-EXACT")


@pytest.mark.rules("PLACE-EXACT", "BSW-PLACE")
@pytest.mark.parametrize(
    "text",
    [
        "place pool_square p6",
        "place pool_strip m2 H",
        "place pool_strip e9 V",
        "place pool_square a7",
    ],
)
def test_bsw_pools_must_lie_on_the_board(text: str) -> None:
    assert_refused(bsw(), text, "PLACE-EXACT")


@pytest.mark.rules("BSW-POOLS", "BSW-CORNERS", "PLACE-EXACT")
def test_bsw_number_of_places_for_the_pools_on_an_empty_board() -> None:
    # The pool-allowed squares (the o's of the spec diagram, 90 of them) per row:
    # row 2: d..l, 3: c..m, 4: b..n, 5: b..n, 6: b..m, 7: b..l, 8: c..k, 9: d..j, 10: e..i.
    # 2 x 2: per pair of rows, (columns in both) - 1: 8+10+12+11+10+8+6+4 = 69.
    # H strips: (row length - 3): 6+8+10+10+9+8+6+4+2 = 63.
    # V strips: per column (rows - 3): b 4 rows -> 1, c 6 -> 3, d 8 -> 5, e..i 9 -> 6 each (30),
    # j 8 -> 5, k 7 -> 4, l 6 -> 3, m 4 -> 1, n 2 -> 0: 52.
    s = fr.position(4, setup="bsw", to_place=["pool_square", "pool_strip"])
    listed = legal_placements(s)
    assert Counter((a.tile, a.orientation) for a in listed) == Counter(
        {("pool_square", ""): 69, ("pool_strip", "H"): 63, ("pool_strip", "V"): 52}
    )


@pytest.mark.rules("PLACE-LAYOUT", "BSW-POOLS", "BSW-CORNERS")
@pytest.mark.parametrize(
    ("kw", "rule"),
    [
        ({"stones": ["d1"], "round": 1}, "BSW-CORNERS"),
        ({"stones": ["n10"], "round": 1}, "BSW-CORNERS"),
        ({"pools": ["c2", "d2", "c3", "d3"]}, "BSW-CORNERS"),
        ({"pools": ["n5", "o5", "n6", "o6"]}, "BSW-POOLS"),  # near p11
        ({"pools": ["a5", "b5", "c5", "d5"]}, "BSW-POOLS"),  # at the west wall
        ({"pools": ["b5", "b6", "b7", "b8"]}, "BSW-POOLS"),  # b8
        # two pools sharing an edge: i3 j3 i4 j4 and k3 k4 k5 k6
        ({"pools": ["i3", "j3", "i4", "j4", "k3", "k4", "k5", "k6"]}, "BSW-POOLS"),
    ],
)
def test_a_bsw_layout_obeys_the_bsw_limits(kw: dict[str, Any], rule: str) -> None:
    with pytest.raises(fr.SetupError) as raised:
        fr.position(4, setup="bsw", **kw)
    assert raised.value.rule == rule


@pytest.mark.rules("PLACE-LAYOUT", "BSW-POOLS")
def test_a_bsw_layout_with_pools_touching_at_a_corner() -> None:
    s = fr.position(4, setup="bsw", pools=["i3", "j3", "i4", "j4", "e5", "f5", "g5", "h5"])
    assert len(s.pools) == 8 and s.setup == "bsw"


# --- legal_placements in general --------------------------------------------------------------


@pytest.mark.rules("PLACE-ORDER", "PLACE-EXACT", "PLACE-CORNERS", "PLACE-TELEPORTERS")
@pytest.mark.parametrize("options", [DEFAULT, ALL_STRICT], ids=["default", "strict"])
def test_legal_placements_agree_with_check(options: fr.RuleOptions) -> None:
    s = play(
        advanced(options),
        "place teleporter_1 a6 E",
        "place pool_square i3",
        "place stone c3",
        "place turn_right o10" if options.protected_squares == "orthogonal" else "place stone d4",
    )
    listed = legal_placements(s)
    assert len(listed) == len(set(listed))
    candidates = every_placement(s.to_place)
    assert set(listed) <= set(candidates)
    for action in candidates:
        assert (fr.check(s, action) is None) is (action in listed), action
    # Stones: 150 (or 148) - a6 - 4 pool squares - c3 - (o10 or d4) = 143 (or 141)
    stones = [a for a in listed if a.tile == "stone"]
    assert len(stones) == (143 if options.protected_squares == "orthogonal" else 141)


@pytest.mark.rules("BSW-PLACE", "BSW-POOLS", "BSW-CORNERS")
def test_bsw_legal_placements_agree_with_check() -> None:
    s = play(bsw(), "place pool_square i3", "place stone e5")
    listed = legal_placements(s)
    candidates = every_placement(s.to_place)
    for action in candidates:
        assert (fr.check(s, action) is None) is (action in listed), action
    # stones: 136 - 4 pool squares - e5 = 131
    assert len([a for a in listed if a.tile == "stone"]) == 131
