"""The advanced game's new floor tiles (spec/advanced.md), position by position.

Every expectation below is traced by hand from the spec, never taken from the engine. The trace
comments use the shorthand of test_monster.py:

    look @sq facing X: ahead <squares>, left <...>, right <...>

listing, for each of the three directions, the squares the line of sight crosses up to the first
figure, sight-blocking stone (``#``) or wall. ``~`` marks a pool square, ``T`` a teleporter square
and ``*`` a crystal: sight passes over all three (ADV-CRYSTAL, ADV-TELEPORT-SIGHT); turning stones
(``R`` right-turning, ``U`` half-turn) block it like plain stones (ADV-TURN point 2). ``-`` means
nothing is seen. Left and right are the monster's own: facing N -> left W, right E; E -> left N,
right S; S -> left E, right W; W -> left S, right N.

Board shape (BRD-SQUARES): row 1 runs a..l, row 2 a..m, row 3 a..n, row 4 a..o, rows 5-7 a..p,
row 8 b..p, row 9 c..p, row 10 d..p, row 11 e..p. Wrap (BRD-WRAP): leaving (r, c) re-enters at
(10 - r, 15 - c); in names the column mirrors (a<->p, ..., h<->i) and row n becomes 12 - n.

All positions use the `advanced` setup, where nothing lies on the board but the tiles given
(plain stones, pools and advanced tiles are listed per test). Stage 1 positions are round 2 with
the tile 5 already used (an eaten figure waits again); tests with the tile 5 run in stage 2 (an
eaten figure is removed). Figures not named wait off the board and are never seen.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import pytest
from helpers import monster_at, monster_path, where

import fearsome_rules as fr
from fearsome_rules.core import board
from fearsome_rules.core import events as ev

NAMES = [f"{s}{k}" for s in "ABCD" for k in (1, 3, 4, 5)]
AFTER_ONE_TILE = ["7", "7", "8", "8", "10", "1hit", "2hits"]
KIND = {255: "stone", 254: "crystal", 253: "turn_right", 252: "turn_about"}  # board's codes
POOL_SQUARE = ["i3", "j3", "i4", "j4"]


def opts(**values: str) -> fr.RuleOptions:
    o = fr.RuleOptions()
    for name, value in values.items():
        o = o.with_option(name, value)
    return o


def adv(
    figures: Mapping[str, str] | None = None,
    *,
    monster: str = "a1",
    facing: str = "E",
    stones: Iterable[str] = (),
    crystals: Iterable[str] = (),
    turn_right: Iterable[str] = (),
    turn_about: Iterable[str] = (),
    pools: Iterable[str] = (),
    teleporters: Iterable[str] = (),
    stage: int = 1,
    moved: Iterable[str] = NAMES,
    options: fr.RuleOptions | None = None,
    tiles: Mapping[str, Iterable[str]] | None = None,
) -> fr.GameState:
    """An advanced-setup position; by default at the monster phase (every figure has moved).
    With ``moved=()`` it is the figure phase with A to move. ``tiles`` adds stones by field name
    (``stones``, ``crystals``, ``turn_right``, ``turn_about``)."""
    kinds = {
        "stones": list(stones),
        "crystals": list(crystals),
        "turn_right": list(turn_right),
        "turn_about": list(turn_about),
    }
    for field, squares in (tiles or {}).items():
        kinds[field].extend(squares)
    return fr.position(
        4,
        figures=dict(figures or {}),
        moved=list(moved),
        monster=monster,
        facing=facing,
        stones=kinds["stones"],
        crystals=kinds["crystals"],
        turn_right=kinds["turn_right"],
        turn_about=kinds["turn_about"],
        pools=list(pools),
        teleporters=list(teleporters),
        setup="advanced",
        stage=stage,
        deck_left=AFTER_ONE_TILE if stage == 1 else None,
        options=options,
    )


def run(state: fr.GameState, tile: str) -> tuple[fr.GameState, tuple[ev.Event, ...]]:
    return fr.apply_traced(state, fr.Reveal(tile))


def stones(state: fr.GameState) -> dict[str, str]:
    """Every stone on the board: square -> kind."""
    return {board.name(sq): KIND[state.cells[sq]] for sq in state.stones}


def looks(events: Iterable[ev.Event]) -> list[ev.MonsterLooked]:
    return [e for e in events if isinstance(e, ev.MonsterLooked)]


def look_squares(events: Iterable[ev.Event]) -> list[str]:
    return [e.square for e in looks(events)]


def seen(events: Iterable[ev.Event]) -> list[tuple[str, str, str, str]]:
    """Per look: (ahead, left, right, facing after the look)."""
    return [(e.ahead, e.left, e.right, e.facing) for e in looks(events)]


def look_turns(events: Iterable[ev.Event]) -> list[tuple[str, str, str]]:
    return [(e.square, e.frm, e.to) for e in events if isinstance(e, ev.MonsterTurned)]


def stone_turns(events: Iterable[ev.Event]) -> list[tuple[str, str, str, str, str]]:
    """(monster's square, stone's square, kind, facing before, facing after) per stone turn."""
    return [
        (e.square, e.stone, e.kind, e.frm, e.to)
        for e in events
        if isinstance(e, ev.MonsterTurnedByStone)
    ]


def teleports(events: Iterable[ev.Event]) -> list[tuple[str, str, str]]:
    return [(e.frm, e.to, e.facing) for e in events if isinstance(e, ev.MonsterTeleported)]


def wraps(events: Iterable[ev.Event]) -> list[tuple[str, str, str]]:
    return [(e.frm, e.to, e.wall) for e in events if isinstance(e, ev.MonsterWrapped)]


def eaten(events: Iterable[ev.Event]) -> list[tuple[str, str]]:
    return [(e.figure, e.square) for e in events if isinstance(e, ev.FigureEaten)]


def steps(events: Iterable[ev.Event]) -> list[tuple[int, str, str, str]]:
    return [(e.number, e.frm, e.to, e.facing) for e in events if isinstance(e, ev.MonsterStepped)]


def removed_stones(events: Iterable[ev.Event]) -> int:
    return sum(1 for e in events if isinstance(e, ev.StoneRemoved))


def assert_walk(events: tuple[ev.Event, ...], start: str, path: list[str]) -> None:
    """The square after each step, and one look before each step plus the final look: on the
    start square and on every square a step ended on (never on a teleporter jumped from)."""
    assert monster_path(events) == path
    assert look_squares(events) == [start, *path]


def move(state: fr.GameState, figure: str, *path: str) -> fr.GameState:
    return fr.apply(state, fr.FigureMove(figure, tuple(path)))


def rule_broken(state: fr.GameState, figure: str, *path: str) -> str | None:
    err = fr.check(state, fr.FigureMove(figure, tuple(path)))
    return None if err is None else err.rule


# ---------------------------------------------------------------------------------------------
# ADV-CRYSTAL
# ---------------------------------------------------------------------------------------------


@pytest.mark.rules("ADV-CRYSTAL", "MON-PUSH", "MON-DISTANCE")
def test_crystal_spec_example_seen_through_and_pushed_with_the_figure() -> None:
    # Spec example: monster d5 facing E; crystal e5; A1 on h5. Tile 5, stage 2.
    # 1: look @d5 E: ahead e5* f5 g5 h5=A1@4; left d4..d1 -; right d6..d10 -. Keep E. Move onto
    #    e5: line [crystal e5], f5 empty: crystal -> f5; monster e5.
    # 2: look @e5: ahead f5* g5 h5=A1@3; left e4..e1 -; right e6..e11 -. Crystal -> g5; monster f5.
    # 3: look @f5: ahead g5* h5=A1@2. Line [g5 crystal, h5 A1], i5 empty: A1 -> i5 (not eaten),
    #    crystal -> h5; monster g5.
    # 4: look @g5: ahead h5* i5=A1@2. A1 -> j5, crystal -> i5; monster h5.
    # 5: look @h5: ahead i5* j5=A1@2. A1 -> k5, crystal -> j5; monster i5.
    # final look @i5 E: ahead j5* k5=A1@2; left i4..i1 -; right i6..i11 -. Facing E.
    s = adv({"A1": "h5"}, monster="d5", facing="E", crystals=["e5"], stage=2)
    s2, events = run(s, "5")
    assert_walk(events, "d5", ["e5", "f5", "g5", "h5", "i5"])
    assert [x[0] for x in seen(events)] == ["A1@4", "A1@3", "A1@2", "A1@2", "A1@2", "A1@2"]
    assert all(x[1:] == ("", "", "E") for x in seen(events))
    assert eaten(events) == []
    assert stone_turns(events) == []
    assert where(s2, "A1") == "k5"
    assert stones(s2) == {"j5": "crystal"}
    assert monster_at(s2) == ("i5", "E")


@pytest.mark.rules("ADV-CRYSTAL", "MON-CHOOSE", "MON-PUSH", "MON-PUSH-OFF", "MON-HITS")
def test_figure_behind_a_crystal_is_seen_and_the_line_is_pushed_off_the_board() -> None:
    # Monster d5 facing E; crystal d3, A1 on d2 (behind the crystal, to the left), B1 on h5.
    # Tile 1hit, stage 1.
    # 1: look @d5 E: ahead e5 f5 g5 h5=B1@4; left (N) d4 d3* d2=A1@3; right d6..d10 -.
    #    A1 strictly nearest (not hidden by the crystal): turn N; move d4.
    # 2: look @d4 N: ahead d3* d2=A1@2; left c4 b4 a4 -; right e4..o4 -. Move onto d3: line
    #    [d3 crystal, d2 A1], d1 empty: A1 -> d1, crystal -> d2 (A1 not eaten); monster d3.
    # 3: look @d3 N: ahead d2* d1=A1@2; left c3 b3 a3 -; right e3..n3 -. Move onto d2: A1 pushed
    #    off the north edge (eaten, a hit), crystal -> d1; monster d2. One hit: the tile ends.
    # final look @d2 N: ahead d1# (the crystal) then the wall -; left c2 b2 a2 -; right e2..m2 -.
    s = adv({"A1": "d2", "B1": "h5"}, monster="d5", facing="E", crystals=["d3"])
    s2, events = run(s, "1hit")
    assert_walk(events, "d5", ["d4", "d3", "d2"])
    assert seen(events) == [
        ("B1@4", "A1@3", "", "N"),
        ("A1@2", "", "", "N"),
        ("A1@2", "", "", "N"),
        ("", "", "", "N"),
    ]
    assert eaten(events) == [("A1", "d1")]
    assert where(s2, "A1") == "waiting"
    assert where(s2, "B1") == "h5"
    assert stones(s2) == {"d1": "crystal"}
    assert monster_at(s2) == ("d2", "N")


@pytest.mark.rules("ADV-CRYSTAL", "MON-DISTANCE", "MON-CHOOSE")
def test_the_crystal_square_counts_in_the_distance() -> None:
    # Monster d5 facing E; crystal e5, A1 on g5: ahead e5* f5 g5 = distance 3. B1 on d7: right,
    # distance 2. Counting the crystal's square, B1 is strictly nearest (not counting it would
    # make a 2-2 tie and keep E). Tile 1hit.
    # 1: look @d5 E: ahead A1@3; left d4..d1 -; right d6 d7=B1@2. Turn S; move d6.
    # 2: look @d6 S: ahead d7=B1@1; left e6..p6 -; right c6 b6 a6 -. Move d7, eat B1. One hit.
    # final look @d7 S: ahead d8 d9 d10 -; left e7..p7 -; right c7 b7 a7 -. Facing S.
    s = adv({"A1": "g5", "B1": "d7"}, monster="d5", facing="E", crystals=["e5"])
    s2, events = run(s, "1hit")
    assert_walk(events, "d5", ["d6", "d7"])
    assert seen(events)[0] == ("A1@3", "", "B1@2", "S")
    assert eaten(events) == [("B1", "d7")]
    assert monster_at(s2) == ("d7", "S")
    assert where(s2, "A1") == "g5"
    assert stones(s2) == {"e5": "crystal"}


# ---------------------------------------------------------------------------------------------
# Figures push crystals and turning stones like plain stones (ADV-CRYSTAL point 1, ADV-TURN 1)
# ---------------------------------------------------------------------------------------------

ADVANCED_STONE_KINDS = ["crystals", "turn_right", "turn_about"]
KIND_OF_FIELD = {"crystals": "crystal", "turn_right": "turn_right", "turn_about": "turn_about"}


@pytest.mark.rules("ADV-CRYSTAL", "ADV-TURN", "PUSH-ONE")
@pytest.mark.parametrize("field", ADVANCED_STONE_KINDS)
def test_a_figure_pushes_an_advanced_stone_like_a_stone(field: str) -> None:
    # A5 (face 5) on g6, the stone on h6, i6 and j6 empty. Path h6, i6: the first step pushes the
    # stone to i6, the second pushes it on to j6 (the figure is never turned, it goes on east).
    # The stone keeps its kind.
    s = adv({"A5": "g6"}, moved=(), tiles={field: ["h6"]})
    s2 = move(s, "A5", "h6", "i6")
    assert where(s2, "A5") == "i6"
    assert stones(s2) == {"j6": KIND_OF_FIELD[field]}


@pytest.mark.rules("ADV-CRYSTAL", "ADV-TURN", "PUSH-ONE", "PUSH-EDGE")
@pytest.mark.parametrize("field", ADVANCED_STONE_KINDS)
def test_a_figure_pushes_an_advanced_stone_only_onto_an_empty_square(field: str) -> None:
    # A5 on g6, the advanced stone on h6.
    # - a plain stone on i6 behind it: two stones, illegal (PUSH-ONE);
    # - B1 on i6 behind it: a figure behind, illegal (PUSH-ONE);
    # - A5 on o6 and the stone on p6: behind is off the board, illegal (PUSH-EDGE).
    behind_stone = adv({"A5": "g6"}, moved=(), stones=["i6"], tiles={field: ["h6"]})
    assert rule_broken(behind_stone, "A5", "h6") == "PUSH-ONE"
    behind_figure = adv({"A5": "g6", "B1": "i6"}, moved=(), tiles={field: ["h6"]})
    assert rule_broken(behind_figure, "A5", "h6") == "PUSH-ONE"
    at_edge = adv({"A5": "o6"}, moved=(), tiles={field: ["p6"]})
    assert rule_broken(at_edge, "A5", "p6") == "PUSH-EDGE"


@pytest.mark.rules("ADV-CRYSTAL", "POOL-STONE-SLIDE")
def test_a_crystal_pushed_by_a_figure_onto_a_pool_slides() -> None:
    # A5 on g3, crystal h3, pool i3 j3 i4 j4. A5 steps E onto h3: the crystal goes onto i3 (pool),
    # slides over j3 and stops on k3 (on the board, empty). A5 stands on h3.
    s = adv({"A5": "g3"}, moved=(), crystals=["h3"], pools=POOL_SQUARE)
    s2 = move(s, "A5", "h3")
    assert where(s2, "A5") == "h3"
    assert stones(s2) == {"k3": "crystal"}


# ---------------------------------------------------------------------------------------------
# ADV-TURN
# ---------------------------------------------------------------------------------------------


@pytest.mark.rules("ADV-TURN", "MON-STEP", "MON-WRAP")
@pytest.mark.parametrize(
    ("field", "kind", "after", "path", "wrapped"),
    [
        # Right-turning: S -> W, move g3. Then W along row 3:
        # 2: look @g3 W: ahead f3..a3 -; left g4..g11 -; right g2 g1 -. Move f3.
        # 3-5: e3, d3, c3 (columns f, e, d: nothing). final look @c3 W: ahead b3 a3 -; left
        #    c4..c9 -; right c2 c1 -.
        ("turn_right", "turn_right", "W", ["g3", "f3", "e3", "d3", "c3"], []),
        # Half-turn: S -> N, move h2.
        # 2: look @h2 N: ahead h1 -; left g2..a2 -; right i2..m2 -. Move h1.
        # 3: look @h1 N: ahead wall; left g1..a1 -; right i1..l1 -. Through wall H: i11, facing N.
        # 4: look @i11 N: ahead i10..i1 -; left h11..e11 -; right j11..p11 -. Move i10.
        # 5: look @i10: ahead i9..i1 -; left h10..d10; right j10..p10. Move i9.
        # final look @i9 N: ahead i8..i1 -; left h9..c9 -; right j9..p9 -.
        ("turn_about", "turn_about", "N", ["h2", "h1", "i11", "i10", "i9"], [("h1", "i11", "H")]),
    ],
)
def test_turning_stone_spec_example(
    field: str, kind: str, after: str, path: list[str], wrapped: list[tuple[str, str, str]]
) -> None:
    # Spec example: monster h3 facing S, no figure on the board; h4 holds the turning stone.
    # 1: look @h3 S: ahead h4# -; left (E) i3..n3 -; right (W) g3..a3 -. No figure seen, and the
    #    square ahead holds a turning stone: it acts. The monster turns (right: W; half: N) and
    #    moves one square that way, all in step 1 (one MonsterStepped). The stone stays on h4.
    s = adv(monster="h3", facing="S", stage=2, tiles={field: ["h4"]})
    s2, events = run(s, "5")
    assert_walk(events, "h3", path)
    assert steps(events)[0] == (1, "h3", path[0], after)
    assert len(steps(events)) == 5
    assert stone_turns(events) == [("h3", "h4", kind, "S", after)]
    assert look_turns(events) == []
    assert all(x == ("", "", "", "S" if i == 0 else after) for i, x in enumerate(seen(events)))
    assert wraps(events) == wrapped
    assert stones(s2) == {"h4": kind}
    assert monster_at(s2) == (path[-1], after)


@pytest.mark.rules("ADV-TURN", "MON-SIGHT-BLOCK")
def test_turning_stones_beside_the_path_do_nothing_and_block_sight() -> None:
    # Monster c6 facing E; right-turning stone e5 (north of row 6), half-turn stone f7 (south).
    # A1 on e3 behind e5, B1 on f9 behind f7. Tile 5, stage 2.
    # 1: look @c6 E: ahead d6..p6 -; left c5..c1 -; right c7 c8 c9 -. Move d6.
    # 2: look @d6: left d5..d1 -; right d7..d10 -. Move e6.
    # 3: look @e6: left (N) e5R -: A1 on e3 is hidden; right e7..e11 -. Move f6: the stone e5
    #    beside the monster does nothing (only the stone on the square it moves onto can act).
    # 4: look @f6: left f5..f1 -; right (S) f7U -: B1 on f9 hidden. Move g6.
    # 5: look @g6: left g5..g1 -; right g7..g11 -. Move h6.
    # final look @h6 E: ahead i6..p6 -; left h5..h1 -; right h7..h11 -. Facing E.
    s = adv(
        {"A1": "e3", "B1": "f9"},
        monster="c6",
        facing="E",
        turn_right=["e5"],
        turn_about=["f7"],
        stage=2,
    )
    s2, events = run(s, "5")
    assert_walk(events, "c6", ["d6", "e6", "f6", "g6", "h6"])
    assert seen(events) == [("", "", "", "E")] * 6
    assert stone_turns(events) == []
    assert look_turns(events) == []
    assert stones(s2) == {"e5": "turn_right", "f7": "turn_about"}
    assert where(s2, "A1") == "e3"
    assert where(s2, "B1") == "f9"
    assert monster_at(s2) == ("h6", "E")


@pytest.mark.rules("ADV-TURN", "MON-CHOOSE", "MON-EAT")
def test_a_figure_seen_to_the_side_means_the_stone_does_not_act() -> None:
    # Monster h3 facing S; right-turning stone h4; A1 on k3. Tile 1hit.
    # 1: look @h3 S: ahead h4R -; left (E) i3 j3 k3=A1@3; right (W) g3..a3 -. A1 seen: the stone
    #    does not act; the monster turns E towards A1 (MON-CHOOSE), and moves i3.
    # 2: look @i3 E: ahead j3 k3=A1@2; left i2 i1 -; right i4..i11 -. Move j3.
    # 3: look @j3: ahead A1@1; move k3, eat A1. One hit.
    # final look @k3 E: ahead l3 m3 n3 -; left k2 k1 -; right k4..k11 -. Facing E.
    s = adv({"A1": "k3"}, monster="h3", facing="S", turn_right=["h4"])
    s2, events = run(s, "1hit")
    assert_walk(events, "h3", ["i3", "j3", "k3"])
    assert seen(events)[0] == ("", "A1@3", "", "E")
    assert look_turns(events) == [("h3", "S", "E")]
    assert stone_turns(events) == []
    assert eaten(events) == [("A1", "k3")]
    assert stones(s2) == {"h4": "turn_right"}
    assert monster_at(s2) == ("k3", "E")


@pytest.mark.rules("ADV-TURN", "MON-PUSH")
def test_a_turning_stone_inside_a_pushed_line_is_pushed() -> None:
    # Monster c6 facing E; plain stone d6, right-turning stone e6 behind it. Tile 5, stage 2.
    # 1: look @c6 E: ahead d6# -; left c5..c1 -; right c7 c8 c9 -. The square it moves onto holds
    #    a plain stone: push the line [d6 stone, e6 R], f6 empty: R -> f6, stone -> e6; monster d6.
    # 2: look @d6: ahead e6# -; left d5..d1; right d7..d10. Line [e6, f6 R]: R -> g6, stone -> f6;
    #    monster e6.
    # 3-5 likewise: monster f6, g6, h6; after step 5 the stone is on i6 and R on j6.
    # final look @h6 E: ahead i6# -; left h5..h1 -; right h7..h11 -. Facing E.
    s = adv(monster="c6", facing="E", stones=["d6"], turn_right=["e6"], stage=2)
    s2, events = run(s, "5")
    assert_walk(events, "c6", ["d6", "e6", "f6", "g6", "h6"])
    assert seen(events) == [("", "", "", "E")] * 6
    assert stone_turns(events) == []
    assert stones(s2) == {"i6": "stone", "j6": "turn_right"}
    assert monster_at(s2) == ("h6", "E")


@pytest.mark.rules("ADV-TURN", "MON-EAT", "MON-SIGHT-DIRS")
def test_after_a_half_turn_the_monster_eats_the_unseen_figure_behind_it() -> None:
    # Monster h3 facing S; half-turn stone h4; A1 on h2, behind the monster. Tile 1hit.
    # 1: look @h3 S: ahead h4U -; left (E) i3..n3 -; right (W) g3..a3 -. A1 is behind: not seen.
    #    The stone acts: turn to N and move onto h2, eating A1. One hit.
    # final look @h2 N: ahead h1 -; left g2..a2 -; right i2..m2 -. Facing N.
    s = adv({"A1": "h2"}, monster="h3", facing="S", turn_about=["h4"])
    s2, events = run(s, "1hit")
    assert_walk(events, "h3", ["h2"])
    assert stone_turns(events) == [("h3", "h4", "turn_about", "S", "N")]
    assert eaten(events) == [("A1", "h2")]
    assert where(s2, "A1") == "waiting"
    assert monster_at(s2) == ("h2", "N")


@pytest.mark.rules("ADV-TURN", "MON-PUSH")
def test_after_a_turn_the_monster_pushes_a_stone_on_its_new_square() -> None:
    # Monster h3 facing S; right-turning stone h4; plain stone g3. Tile 5, stage 2.
    # 1: look @h3 S: ahead h4R -; left i3..n3 -; right (W) g3# -. Nothing seen: turn W, and the
    #    move onto g3 pushes the stone to f3; monster g3 facing W.
    # 2: look @g3 W: ahead f3# -; left g4..g11 -; right g2 g1 -. Stone -> e3; monster f3.
    # 3-5: monster e3, d3, c3; the stone ends on b3.
    # final look @c3 W: ahead b3# -; left c4..c9 -; right c2 c1 -. Facing W.
    s = adv(monster="h3", facing="S", stones=["g3"], turn_right=["h4"], stage=2)
    s2, events = run(s, "5")
    assert_walk(events, "h3", ["g3", "f3", "e3", "d3", "c3"])
    assert stone_turns(events) == [("h3", "h4", "turn_right", "S", "W")]
    assert stones(s2) == {"h4": "turn_right", "b3": "stone"}
    assert monster_at(s2) == ("c3", "W")


# ---------------------------------------------------------------------------------------------
# ADV-TURN-TIE
# ---------------------------------------------------------------------------------------------


@pytest.mark.rules("ADV-TURN-TIE", "ADV-TURN", "MON-CHOOSE")
def test_tie_before_a_turning_stone_push_default() -> None:
    # Monster h3 facing S; right-turning stone h4; A1 on j3 (left, 2), B1 on f3 (right, 2).
    # turn_stone_tie = push (default). Tile 1hit.
    # 1: look @h3 S: ahead h4R -; left i3 j3=A1@2; right g3 f3=B1@2. Tie: keep S. A figure was
    #    seen, so the stone does not act: it is pushed to h5; monster h4.
    # 2: look @h4 S: ahead h5R -; left i4..o4 -; right g4..a4 -. Nothing seen: h5 acts, turn W,
    #    move g4.
    # 3: look @g4 W: ahead f4..a4 -; left g5..g11 -; right g3 g2 g1 -. Move f4.
    # 4: look @f4 W: ahead e4..a4 -; left f5..f11 -; right (N) f3=B1@1. Turn N; move f3, eat B1.
    # final look @f3 N: ahead f2 f1 -; left e3..a3 -; right g3 h3 i3 j3=A1@4. Turn E.
    s = adv({"A1": "j3", "B1": "f3"}, monster="h3", facing="S", turn_right=["h4"])
    s2, events = run(s, "1hit")
    assert_walk(events, "h3", ["h4", "g4", "f4", "f3"])
    assert seen(events)[0] == ("", "A1@2", "B1@2", "S")
    assert stone_turns(events) == [("h4", "h5", "turn_right", "S", "W")]
    assert look_turns(events) == [("f4", "W", "N"), ("f3", "N", "E")]
    assert eaten(events) == [("B1", "f3")]
    assert stones(s2) == {"h5": "turn_right"}
    assert monster_at(s2) == ("f3", "E")


@pytest.mark.rules("ADV-TURN-TIE", "ADV-TURN", "MON-CHOOSE")
def test_tie_before_a_turning_stone_turn() -> None:
    # As above with turn_stone_tie = turn.
    # 1: look @h3 S: tie A1@2 / B1@2, keep S; the stone acts: turn W, move g3.
    # 2: look @g3 W: ahead f3=B1@1; left g4..g11 -; right g2 g1 -. Move f3, eat B1. One hit.
    # final look @f3 W: ahead e3..a3 -; left f4..f11 -; right f2 f1 -. Facing W.
    s = adv(
        {"A1": "j3", "B1": "f3"},
        monster="h3",
        facing="S",
        turn_right=["h4"],
        options=opts(turn_stone_tie="turn"),
    )
    s2, events = run(s, "1hit")
    assert_walk(events, "h3", ["g3", "f3"])
    assert seen(events)[0] == ("", "A1@2", "B1@2", "S")
    assert stone_turns(events) == [("h3", "h4", "turn_right", "S", "W")]
    assert eaten(events) == [("B1", "f3")]
    assert stones(s2) == {"h4": "turn_right"}
    assert where(s2, "A1") == "j3"
    assert monster_at(s2) == ("f3", "W")


# ---------------------------------------------------------------------------------------------
# ADV-TURN-CHAIN
# ---------------------------------------------------------------------------------------------


@pytest.mark.rules("ADV-TURN-CHAIN", "ADV-TURN")
def test_chain_spec_example_turn_again() -> None:
    # Spec example: monster k6 facing N; half-turn k5, right-turning k7. Tile 5, stage 2.
    # 1: look @k6 N: ahead k5U -; left j6..a6 -; right l6..p6 -. U acts: face S; k7 holds R:
    #    with turn_again it acts too: face W; move j6. One step.
    # 2: look @j6 W: ahead i6..a6 -; left j7..j11 -; right j5..j1 -. Move i6.
    # 3-5: h6, g6, f6. final look @f6 W: ahead e6..a6 -; left f7..f11; right f5..f1. Facing W.
    s = adv(monster="k6", facing="N", turn_about=["k5"], turn_right=["k7"], stage=2)
    s2, events = run(s, "5")
    assert_walk(events, "k6", ["j6", "i6", "h6", "g6", "f6"])
    assert steps(events)[0] == (1, "k6", "j6", "W")
    assert stone_turns(events) == [
        ("k6", "k5", "turn_about", "N", "S"),
        ("k6", "k7", "turn_right", "S", "W"),
    ]
    assert stones(s2) == {"k5": "turn_about", "k7": "turn_right"}
    assert monster_at(s2) == ("f6", "W")


@pytest.mark.rules("ADV-TURN-CHAIN", "ADV-TURN", "MON-PUSH")
def test_chain_spec_example_push() -> None:
    # As above with turn_stone_chain = push.
    # 1: U acts: face S; k7's R is pushed to k8 like a plain stone; monster k7 facing S.
    # 2: look @k7 S: ahead k8R -; left l7..p7 -; right j7..a7 -. A new step: k8 acts (first
    #    turn of the step): face W; move j7.
    # 3: look @j7 W: ahead i7..a7 -; left j8..j11; right j6..j1. Move i7.
    # 4: h7. 5: g7. final look @g7 W: ahead f7..a7 -; left g8..g11; right g6..g1. Facing W.
    s = adv(
        monster="k6",
        facing="N",
        turn_about=["k5"],
        turn_right=["k7"],
        stage=2,
        options=opts(turn_stone_chain="push"),
    )
    s2, events = run(s, "5")
    assert_walk(events, "k6", ["k7", "j7", "i7", "h7", "g7"])
    assert steps(events)[0] == (1, "k6", "k7", "S")
    assert stone_turns(events) == [
        ("k6", "k5", "turn_about", "N", "S"),
        ("k7", "k8", "turn_right", "S", "W"),
    ]
    assert stones(s2) == {"k5": "turn_about", "k8": "turn_right"}
    assert monster_at(s2) == ("g7", "W")


@pytest.mark.rules("ADV-TURN-CHAIN", "ADV-TURN", "MON-PUSH")
def test_chain_boxed_in_by_four_right_turning_stones_turns_at_most_four_times() -> None:
    # Monster h6 facing N; right-turning stones on h5 (N), i6 (E), h7 (S), g6 (W). Tile 5,
    # stage 2, turn_again (default).
    # 1: look @h6 N: ahead h5R -; left g6R -; right i6R -. Nothing seen. h5: N->E (1); i6: E->S
    #    (2); h7: S->W (3); g6: W->N (4); h5 again would be a 5th turn: it is pushed like a
    #    plain stone to h4; monster h5 facing N.
    # 2: look @h5 N: ahead h4R -; left g5..a5 -; right i5..p5 -. New step: h4 acts: face E;
    #    move i5.
    # 3: look @i5 E: ahead j5..p5 -; left i4..i1 -; right i6R -. Move j5.
    # 4: k5. 5: l5. final look @l5 E: ahead m5..p5 -; left l4..l1; right l6..l11. Facing E.
    s = adv(monster="h6", facing="N", turn_right=["h5", "i6", "h7", "g6"], stage=2)
    s2, events = run(s, "5")
    assert_walk(events, "h6", ["h5", "i5", "j5", "k5", "l5"])
    assert steps(events)[0] == (1, "h6", "h5", "N")
    assert stone_turns(events) == [
        ("h6", "h5", "turn_right", "N", "E"),
        ("h6", "i6", "turn_right", "E", "S"),
        ("h6", "h7", "turn_right", "S", "W"),
        ("h6", "g6", "turn_right", "W", "N"),
        ("h5", "h4", "turn_right", "N", "E"),
    ]
    assert stones(s2) == {sq: "turn_right" for sq in ("h4", "i6", "h7", "g6")}
    assert monster_at(s2) == ("l5", "E")


@pytest.mark.rules("ADV-TURN-CHAIN", "ADV-TURN", "MON-PUSH")
def test_chain_boxed_in_with_push_pushes_the_second_stone() -> None:
    # As above with turn_stone_chain = push.
    # 1: h5 acts: face E; i6 is a further turning stone: pushed to j6; monster i6 facing E.
    # 2: look @i6 E: ahead j6R -; left i5..i1 -; right i7..i11 -. j6 acts: face S; move i7.
    # 3: look @i7 S: ahead i8..i11 -; left j7..p7 -; right h7R -. Move i8.
    # 4: i9. 5: i10. final look @i10 S: ahead i11 -; left j10..p10; right h10..d10. Facing S.
    s = adv(
        monster="h6",
        facing="N",
        turn_right=["h5", "i6", "h7", "g6"],
        stage=2,
        options=opts(turn_stone_chain="push"),
    )
    s2, events = run(s, "5")
    assert_walk(events, "h6", ["i6", "i7", "i8", "i9", "i10"])
    assert stone_turns(events) == [
        ("h6", "h5", "turn_right", "N", "E"),
        ("i6", "j6", "turn_right", "E", "S"),
    ]
    assert stones(s2) == {sq: "turn_right" for sq in ("h5", "j6", "h7", "g6")}
    assert monster_at(s2) == ("i10", "S")


# ---------------------------------------------------------------------------------------------
# ADV-TURN-WALL
# ---------------------------------------------------------------------------------------------


@pytest.mark.rules("ADV-TURN-WALL", "ADV-TURN", "MON-WRAP")
def test_turning_stone_beyond_the_wall_turn_first() -> None:
    # Spec example: monster p6 facing E; right-turning stone on a6 (beyond wall V). Tile 5,
    # stage 2, turn_first (default).
    # 1: look @p6 E: ahead wall; left p5 -; right p7..p11 -. Nothing seen: the stone on the
    #    re-entry square acts as if ahead: turn S on p6 and move p7 (no wall passage).
    # 2: look @p7 S: ahead p8..p11 -; left wall; right o7..a7 -. Move p8.
    # 3: p9 (right o8..b8). 4: p10 (right o9..c9). 5: p11 (right o10..d10).
    # final look @p11 S: ahead wall; left wall; right o11..e11 -. Facing S.
    s = adv(monster="p6", facing="E", turn_right=["a6"], stage=2)
    s2, events = run(s, "5")
    assert_walk(events, "p6", ["p7", "p8", "p9", "p10", "p11"])
    assert stone_turns(events) == [("p6", "a6", "turn_right", "E", "S")]
    assert wraps(events) == []
    assert stones(s2) == {"a6": "turn_right"}
    assert monster_at(s2) == ("p11", "S")


@pytest.mark.rules("ADV-TURN-WALL", "ADV-TURN", "MON-WRAP", "MON-WRAP-OCCUPIED")
def test_turning_stone_beyond_the_wall_push() -> None:
    # As above with turn_stone_beyond_wall = push.
    # 1: nothing seen; pass wall V, re-enter a6 and push the stone inward to b6; monster a6 E.
    # 2: look @a6 E: ahead b6R -; left a5..a1 -; right a7 -. b6 is ahead: it acts. Face S,
    #    move a7.
    # 3: look @a7 S: ahead wall; left b7..p7 -; right wall. Through wall T: p5, facing S.
    # 4: look @p5 S: ahead p6..p11 -; left wall; right o5..a5 -. Move p6.
    # 5: look @p6 S: ahead p7..p11 -; right o6..c6 b6R -. Move p7.
    # final look @p7 S: ahead p8..p11 -; left wall; right o7..a7 -. Facing S.
    s = adv(
        monster="p6",
        facing="E",
        turn_right=["a6"],
        stage=2,
        options=opts(turn_stone_beyond_wall="push"),
    )
    s2, events = run(s, "5")
    assert_walk(events, "p6", ["a6", "a7", "p5", "p6", "p7"])
    assert wraps(events) == [("p6", "a6", "V"), ("a7", "p5", "T")]
    assert stone_turns(events) == [("a6", "b6", "turn_right", "E", "S")]
    assert stones(s2) == {"b6": "turn_right"}
    assert monster_at(s2) == ("p7", "S")


@pytest.mark.rules("ADV-TURN-WALL", "ADV-TURN", "MON-WRAP")
def test_a_turn_towards_a_wall_passes_through_it_in_the_same_step() -> None:
    # Monster p7 facing N; right-turning stone p6. Tile 5, stage 2.
    # 1: look @p7 N: ahead p6R -; left o7..a7 -; right wall. Nothing seen: turn E; east of p7 is
    #    the wall W: pass through it and re-enter on a5, facing E, in the same step.
    # 2: look @a5 E: ahead b5..p5 -; left a4..a1 -; right a6 a7 -. Move b5.
    # 3-5: c5, d5, e5. final look @e5 E: ahead f5..p5; left e4..e1; right e6..e11. Facing E.
    s = adv(monster="p7", facing="N", turn_right=["p6"], stage=2)
    s2, events = run(s, "5")
    assert_walk(events, "p7", ["a5", "b5", "c5", "d5", "e5"])
    assert steps(events)[0] == (1, "p7", "a5", "E")
    assert stone_turns(events) == [("p7", "p6", "turn_right", "N", "E")]
    assert wraps(events) == [("p7", "a5", "W")]
    assert stones(s2) == {"p6": "turn_right"}
    assert monster_at(s2) == ("e5", "E")


@pytest.mark.rules("ADV-TURN-WALL", "ADV-TURN-CHAIN", "ADV-TURN")
def test_turn_into_a_wall_with_a_turning_stone_beyond_it_default() -> None:
    # As above plus a half-turn stone on a5, the re-entry square. Defaults (turn_first,
    # turn_again): it acts as a further stone. Tile 5, stage 2.
    # 1: look @p7 N: nothing. p6: N->E; the way E leads through the wall onto a5, which holds U:
    #    it acts before the wall: E->W on p7; move o7.
    # 2: look @o7 W: ahead n7..a7 -; left o8..o11 -; right o6 o5 o4 -. Move n7.
    # 3: m7. 4: l7. 5: k7. final look @k7 W: ahead j7..a7 -; left k8..k11; right k6..k1.
    s = adv(monster="p7", facing="N", turn_right=["p6"], turn_about=["a5"], stage=2)
    s2, events = run(s, "5")
    assert_walk(events, "p7", ["o7", "n7", "m7", "l7", "k7"])
    assert stone_turns(events) == [
        ("p7", "p6", "turn_right", "N", "E"),
        ("p7", "a5", "turn_about", "E", "W"),
    ]
    assert wraps(events) == []
    assert stones(s2) == {"p6": "turn_right", "a5": "turn_about"}
    assert monster_at(s2) == ("k7", "W")


@pytest.mark.rules("ADV-TURN-WALL", "ADV-TURN-CHAIN", "ADV-TURN", "MON-WRAP-OCCUPIED")
@pytest.mark.parametrize(
    "options",
    [
        {"turn_stone_beyond_wall": "push"},
        {"turn_stone_chain": "push"},
        {"turn_stone_beyond_wall": "push", "turn_stone_chain": "push"},
    ],
)
def test_turn_into_a_wall_with_a_turning_stone_beyond_it_otherwise_pushes(
    options: dict[str, str],
) -> None:
    # As above, but not (turn_first and turn_again): after the turn E the monster passes wall W
    # and pushes the half-turn stone inward from a5 to b5; monster a5 facing E.
    # 2: look @a5 E: ahead b5U -; left a4..a1 -; right a6 a7 -. Nothing seen; b5 is directly
    #    ahead: it acts (first turn of the step): E->W; west of a5 is the wall W: re-enter on p7
    #    (empty, no stone), facing W.
    # 3: look @p7 W: ahead o7..a7 -; left p8..p11 -; right p6R -. Move o7.
    # 4: n7. 5: m7. final look @m7 W: ahead l7..a7 -; left m8..m11; right m6..m2. Facing W.
    s = adv(
        monster="p7",
        facing="N",
        turn_right=["p6"],
        turn_about=["a5"],
        stage=2,
        options=opts(**options),
    )
    s2, events = run(s, "5")
    assert_walk(events, "p7", ["a5", "p7", "o7", "n7", "m7"])
    assert stone_turns(events) == [
        ("p7", "p6", "turn_right", "N", "E"),
        ("a5", "b5", "turn_about", "E", "W"),
    ]
    assert wraps(events) == [("p7", "a5", "W"), ("a5", "p7", "W")]
    assert stones(s2) == {"p6": "turn_right", "b5": "turn_about"}
    assert monster_at(s2) == ("m7", "W")


@pytest.mark.rules("ADV-TURN-WALL", "ADV-TURN-TIE", "MON-WRAP-OCCUPIED")
def test_tie_before_a_turning_stone_beyond_the_wall_push_default() -> None:
    # Monster p6 facing E; right-turning stone a6; A1 on p5 (left, 1), B1 on p7 (right, 1).
    # turn_first, turn_stone_tie = push (defaults). Tile 5, stage 2.
    # 1: look @p6 E: ahead wall; left p5=A1@1; right p7=B1@1. Tie: keep E; the stone does not
    #    act: pass wall V, push it from a6 to b6; monster a6 facing E.
    # 2: look @a6 E: ahead b6R -; left a5..a1 -; right a7 -. b6 acts: face S, move a7.
    # 3: look @a7 S: ahead wall; left (E) b7..o7 p7=B1@15; right wall. Turn E; move b7.
    # 4: look @b7 E: ahead c7..p7=B1@14; left b6R -; right b8 -. Move c7.
    # 5: look @c7: ahead B1@13; left c6..c1 -; right c8 c9 -. Move d7.
    # final look @d7 E: ahead e7..p7=B1@12; left d6..d1 -; right d8 d9 d10 -. Facing E.
    s = adv({"A1": "p5", "B1": "p7"}, monster="p6", facing="E", turn_right=["a6"], stage=2)
    s2, events = run(s, "5")
    assert_walk(events, "p6", ["a6", "a7", "b7", "c7", "d7"])
    assert seen(events)[0] == ("", "A1@1", "B1@1", "E")
    assert seen(events)[2] == ("", "B1@15", "", "E")
    assert stone_turns(events) == [("a6", "b6", "turn_right", "E", "S")]
    assert wraps(events)[0] == ("p6", "a6", "V")
    assert eaten(events) == []
    assert stones(s2) == {"b6": "turn_right"}
    assert monster_at(s2) == ("d7", "E")


@pytest.mark.rules("ADV-TURN-WALL", "ADV-TURN-TIE", "MON-EAT")
def test_tie_before_a_turning_stone_beyond_the_wall_turn() -> None:
    # As above with turn_stone_tie = turn: the stone acts on p6: face S, move p7, eating B1.
    # 2: look @p7 S: ahead p8..p11 -; left wall; right o7..a7 -. Move p8.
    # 3: p9. 4: p10. 5: p11. final look @p11 S: ahead wall; left wall; right o11..e11 -.
    s = adv(
        {"A1": "p5", "B1": "p7"},
        monster="p6",
        facing="E",
        turn_right=["a6"],
        stage=2,
        options=opts(turn_stone_tie="turn"),
    )
    s2, events = run(s, "5")
    assert_walk(events, "p6", ["p7", "p8", "p9", "p10", "p11"])
    assert stone_turns(events) == [("p6", "a6", "turn_right", "E", "S")]
    assert eaten(events) == [("B1", "p7")]
    assert where(s2, "B1") == "removed"
    assert where(s2, "A1") == "p5"
    assert wraps(events) == []
    assert stones(s2) == {"a6": "turn_right"}
    assert monster_at(s2) == ("p11", "S")


STRIP_ROW_6 = ["m6", "n6", "o6", "p6"]


@pytest.mark.rules("ADV-TURN-WALL", "ADV-TURN-POOL", "MON-SLIDE-EDGE")
def test_slide_to_the_wall_with_a_turning_stone_beyond_it_default() -> None:
    # Pool strip m6 n6 o6 p6 (at the east edge); right-turning stone a6 beyond wall V. Monster
    # l6 facing E. Defaults (turn_first, turn, wrap). Tile 5, stage 2.
    # 1: look @l6 E: ahead m6~ n6~ o6~ p6~ wall -; left l5..l1 -; right l7..l11 -. Move onto m6,
    #    slide to p6; beyond the wall a6 holds R: it acts: turn S on p6, move p7.
    # 2: look @p7 S: ahead p8..p11 -; left wall; right o7..a7 -. Move p8.
    # 3-5: p9, p10, p11. final look @p11 S: ahead wall; left wall; right o11..e11 -.
    s = adv(monster="l6", facing="E", turn_right=["a6"], pools=STRIP_ROW_6, stage=2)
    s2, events = run(s, "5")
    assert_walk(events, "l6", ["p7", "p8", "p9", "p10", "p11"])
    assert stone_turns(events) == [("p6", "a6", "turn_right", "E", "S")]
    assert wraps(events) == []
    assert stones(s2) == {"a6": "turn_right"}
    assert monster_at(s2) == ("p11", "S")


@pytest.mark.rules("ADV-TURN-WALL", "ADV-TURN-POOL", "MON-SLIDE-EDGE", "MON-WRAP-OCCUPIED")
@pytest.mark.parametrize(
    "options", [{"turn_stone_beyond_wall": "push"}, {"turn_stone_on_pool": "push"}]
)
def test_slide_to_the_wall_with_a_turning_stone_beyond_it_otherwise_pushes(
    options: dict[str, str],
) -> None:
    # As above, but not (turn_first and turn): the stone is pushed inward.
    # 1: slide to p6, pass wall V, push R from a6 to b6; monster a6 facing E.
    # 2: look @a6 E: ahead b6R -; left a5..a1 -; right a7 -. b6 acts: face S, move a7.
    # 3: look @a7 S: ahead wall; left b7..p7 -; right wall. Through wall T: p5 facing S.
    # 4: look @p5 S: ahead p6~ p7..p11 -; left wall; right o5..a5 -. Move onto p6 (pool): slide
    #    on S to p7.
    # 5: look @p7 S: ahead p8..p11 -; left wall; right o7..a7 -. Move p8.
    # final look @p8 S: ahead p9 p10 p11 -; left wall; right o8..b8 -. Facing S.
    s = adv(
        monster="l6",
        facing="E",
        turn_right=["a6"],
        pools=STRIP_ROW_6,
        stage=2,
        options=opts(**options),
    )
    s2, events = run(s, "5")
    assert_walk(events, "l6", ["a6", "a7", "p5", "p7", "p8"])
    assert stone_turns(events) == [("a6", "b6", "turn_right", "E", "S")]
    assert wraps(events) == [("p6", "a6", "V"), ("a7", "p5", "T")]
    assert stones(s2) == {"b6": "turn_right"}
    assert monster_at(s2) == ("p8", "S")


# ---------------------------------------------------------------------------------------------
# ADV-TURN-POOL
# ---------------------------------------------------------------------------------------------


@pytest.mark.rules("ADV-TURN-POOL", "MON-SLIDE")
def test_turning_stone_beyond_a_pool_turn() -> None:
    # Spec example: monster h3 facing E; pool i3 j3 i4 j4; right-turning stone k3. turn
    # (default). Tile 5, stage 2.
    # 1: look @h3 E: ahead i3~ j3~ k3R -; left h2 h1 -; right h4..h11 -. Move onto i3, slide to
    #    j3; k3 beyond holds R: turn S on j3, move onto j4 (pool): slide on S to j5. One step.
    # 2: look @j5 S: ahead j6..j11 -; left k5..p5 -; right i5..a5 -. Move j6.
    # 3-5: j7, j8, j9. final look @j9 S: ahead j10 j11 -; left k9..p9; right i9..c9. Facing S.
    s = adv(monster="h3", facing="E", turn_right=["k3"], pools=POOL_SQUARE, stage=2)
    s2, events = run(s, "5")
    assert_walk(events, "h3", ["j5", "j6", "j7", "j8", "j9"])
    assert steps(events)[0] == (1, "h3", "j5", "S")
    assert stone_turns(events) == [("j3", "k3", "turn_right", "E", "S")]
    assert stones(s2) == {"k3": "turn_right"}
    assert monster_at(s2) == ("j9", "S")


@pytest.mark.rules("ADV-TURN-POOL", "ADV-TURN", "MON-SLIDE")
def test_turning_stone_beyond_a_pool_push() -> None:
    # As above with turn_stone_on_pool = push.
    # 1: slide to j3; k3 beyond: R pushed to l3; monster k3 facing E.
    # 2: look @k3 E: ahead l3R -; left k2 k1 -; right k4..k11 -. l3 ahead acts: S, move k4.
    # 3: look @k4 S: ahead k5..k11 -; left l4..o4 -; right j4~ i4~ h4..a4 -. Move k5.
    # 4: k6. 5: k7. final look @k7 S: ahead k8..k11 -; left l7..p7; right j7..a7. Facing S.
    s = adv(
        monster="h3",
        facing="E",
        turn_right=["k3"],
        pools=POOL_SQUARE,
        stage=2,
        options=opts(turn_stone_on_pool="push"),
    )
    s2, events = run(s, "5")
    assert_walk(events, "h3", ["k3", "k4", "k5", "k6", "k7"])
    assert stone_turns(events) == [("k3", "l3", "turn_right", "E", "S")]
    assert stones(s2) == {"l3": "turn_right"}
    assert monster_at(s2) == ("k7", "S")


@pytest.mark.rules("ADV-TURN-POOL", "MON-SLIDE")
def test_turning_stone_lying_on_a_pool_turn() -> None:
    # Monster h3 facing E; pool i3 j3 i4 j4 with a half-turn stone lying on j3 (pushed there
    # earlier). turn (default). Tile 5, stage 2.
    # 1: look @h3 E: ahead i3~ j3U -; left h2 h1; right h4..h11. Move onto i3 (empty); the next
    #    square of the slide j3 holds U: turn on i3 to W and move one square W: h3 (just left,
    #    empty). Monster h3 facing W.
    # 2: look @h3 W: ahead g3..a3 -; left h4..h11 -; right h2 h1 -. Move g3.
    # 3-5: f3, e3, d3. final look @d3 W: ahead c3 b3 a3 -; left d4..d10; right d2 d1.
    s = adv(monster="h3", facing="E", turn_about=["j3"], pools=POOL_SQUARE, stage=2)
    s2, events = run(s, "5")
    assert_walk(events, "h3", ["h3", "g3", "f3", "e3", "d3"])
    assert steps(events)[0] == (1, "h3", "h3", "W")
    assert stone_turns(events) == [("i3", "j3", "turn_about", "E", "W")]
    assert stones(s2) == {"j3": "turn_about"}
    assert monster_at(s2) == ("d3", "W")


@pytest.mark.rules("ADV-TURN-POOL", "ADV-TURN", "MON-SLIDE-OCCUPIED", "MON-SLIDE")
def test_turning_stone_lying_on_a_pool_push() -> None:
    # As above with turn_stone_on_pool = push.
    # 1: onto i3; j3's U is pushed ahead to k3 (not a pool square: it stops there); the monster
    #    slides onto j3; k3 beyond holds U: pushed on to l3; monster k3 facing E.
    # 2: look @k3 E: ahead l3U -; left k2 k1; right k4..k11. l3 acts: face W, move onto j3
    #    (pool): slide over i3 to h3.
    # 3: look @h3 W: ahead g3..a3 -; left h4..h11; right h2 h1. Move g3.
    # 4: f3. 5: e3. final look @e3 W: ahead d3..a3 -; left e4..e11; right e2 e1. Facing W.
    s = adv(
        monster="h3",
        facing="E",
        turn_about=["j3"],
        pools=POOL_SQUARE,
        stage=2,
        options=opts(turn_stone_on_pool="push"),
    )
    s2, events = run(s, "5")
    assert_walk(events, "h3", ["k3", "h3", "g3", "f3", "e3"])
    assert stone_turns(events) == [("k3", "l3", "turn_about", "E", "W")]
    assert stones(s2) == {"l3": "turn_about"}
    assert monster_at(s2) == ("e3", "W")


@pytest.mark.rules("ADV-TURN-POOL", "ADV-TURN-TIE", "MON-CHOOSE")
def test_turning_stone_at_a_pool_acts_whatever_the_look_saw() -> None:
    # Monster h3 facing E; pool i3 j3 i4 j4; right-turning stone k3; A1 on h1 (left, 2), B1 on
    # h5 (right, 2). Defaults (turn_stone_tie = push, turn_stone_on_pool = turn). Tile 1hit.
    # 1: look @h3 E: ahead i3~ j3~ k3R -; left h2 h1=A1@2; right h4 h5=B1@2. Tie: keep E. The
    #    stone beyond the pool acts anyway (no look during a slide; the tie option does not
    #    apply): slide to j3, turn S, onto j4 (pool), slide on to j5.
    # 2: look @j5 S: ahead j6..j11 -; left k5..p5 -; right i5 h5=B1@2. Turn W; move i5.
    # 3: look @i5 W: ahead h5=B1@1; left i6..i11 -; right i4~ i3~ i2 i1 -. Move h5, eat B1.
    # final look @h5 W: ahead g5..a5 -; left h6..h11 -; right h4 h3 h2 h1=A1@4. Turn N.
    s = adv(
        {"A1": "h1", "B1": "h5"},
        monster="h3",
        facing="E",
        turn_right=["k3"],
        pools=POOL_SQUARE,
    )
    s2, events = run(s, "1hit")
    assert_walk(events, "h3", ["j5", "i5", "h5"])
    assert seen(events)[0] == ("", "A1@2", "B1@2", "E")
    assert stone_turns(events) == [("j3", "k3", "turn_right", "E", "S")]
    assert eaten(events) == [("B1", "h5")]
    assert monster_at(s2) == ("h5", "N")


# ---------------------------------------------------------------------------------------------
# ADV-TELEPORT
# ---------------------------------------------------------------------------------------------


@pytest.mark.rules("ADV-TELEPORT", "MON-STEP")
def test_teleport_spec_example_no_look_in_the_jump_then_a_look_from_the_partner() -> None:
    # Spec example: monster e5 facing E; teleporter pair 1 on f5 and k9 (arrow N). A1 on f4, next
    # to f5: from f5 facing E it would be seen to the left at 1, but nothing is seen during the
    # jump. B1 on h9. Tile 1hit.
    # 1: look @e5 E: ahead f5T g5..p5 -; left e4..e1 -; right e6..e11 -. Move onto f5: at once on
    #    k9 facing N; the step ends.
    # 2: look @k9 N: ahead k8..k1 -; left j9 i9 h9=B1@3; right l9..p9 -. Turn W; move j9.
    # 3: look @j9 W: ahead i9 h9=B1@2; left j10 j11; right j8..j1. Move i9.
    # 4: look @i9: ahead B1@1; move h9, eat B1. One hit.
    # final look @h9 W: ahead g9..c9 -; left h10 h11 -; right h8..h1 -. Facing W.
    s = adv(
        {"A1": "f4", "B1": "h9"},
        monster="e5",
        facing="E",
        teleporters=["f5:1:E", "k9:1:N"],
    )
    s2, events = run(s, "1hit")
    assert_walk(events, "e5", ["k9", "j9", "i9", "h9"])
    assert steps(events)[0] == (1, "e5", "k9", "N")
    assert teleports(events) == [("f5", "k9", "N")]
    assert seen(events)[1] == ("", "B1@3", "", "W")
    assert look_turns(events) == [("k9", "N", "W")]
    assert eaten(events) == [("B1", "h9")]
    assert where(s2, "A1") == "f4"
    assert monster_at(s2) == ("h9", "W")


@pytest.mark.rules("ADV-TELEPORT", "MON-STEP")
def test_a_jump_as_the_last_step_is_followed_by_the_final_look_from_the_partner() -> None:
    # Monster a5 facing E; teleporters f5 and k9 (arrow N); B1 on h9. Tile 5, stage 2.
    # 1-4: looks @a5 (left a4..a1, right a6 a7), @b5 (right b6..b8), @c5 (right c6..c9),
    #    @d5 (right d6..d10): ahead always ..f5T..p5 -, nothing. Moves b5, c5, d5, e5.
    # 5: look @e5: nothing (right e6..e11). Move onto f5: at once on k9 facing N.
    # final look @k9 N: ahead k8..k1 -; left j9 i9 h9=B1@3; right l9..p9 -. Turn W.
    s = adv({"B1": "h9"}, monster="a5", facing="E", teleporters=["f5:1:E", "k9:1:N"], stage=2)
    s2, events = run(s, "5")
    assert_walk(events, "a5", ["b5", "c5", "d5", "e5", "k9"])
    assert teleports(events) == [("f5", "k9", "N")]
    assert seen(events)[-1] == ("", "B1@3", "", "W")
    assert look_turns(events) == [("k9", "N", "W")]
    assert monster_at(s2) == ("k9", "W")


@pytest.mark.rules("ADV-TELEPORT", "ADV-TURN")
def test_the_move_after_a_turn_can_lead_onto_a_teleporter() -> None:
    # Monster h3 facing S; right-turning stone h4; teleporters g3 and e8 (arrow E). Tile 5,
    # stage 2.
    # 1: look @h3 S: ahead h4R -; left i3..n3 -; right g3T f3..a3 -. Nothing: turn W, move onto
    #    g3: at once on e8 facing E.
    # 2: look @e8 E: ahead f8..p8 -; left e7..e1 -; right e9 e10 e11 -. Move f8.
    # 3: g8. 4: h8 (left of g8: g7..g1). 5: i8 (left of h8: h7 h6 h5 h4R).
    # final look @i8 E: ahead j8..p8 -; left i7..i1 -; right i9..i11 -. Facing E.
    s = adv(
        monster="h3",
        facing="S",
        turn_right=["h4"],
        teleporters=["g3:1:N", "e8:1:E"],
        stage=2,
    )
    s2, events = run(s, "5")
    assert_walk(events, "h3", ["e8", "f8", "g8", "h8", "i8"])
    assert steps(events)[0] == (1, "h3", "e8", "E")
    assert stone_turns(events) == [("h3", "h4", "turn_right", "S", "W")]
    assert teleports(events) == [("g3", "e8", "E")]
    assert monster_at(s2) == ("i8", "E")


@pytest.mark.rules("ADV-TELEPORT", "MON-SLIDE")
def test_a_slide_ending_on_a_teleporter_jumps() -> None:
    # Monster h3 facing E; pool i3 j3 i4 j4; teleporters k3 (just beyond the pool) and c7
    # (arrow N). Tile 5, stage 2.
    # 1: look @h3 E: ahead i3~ j3~ k3T l3 m3 n3 -; left h2 h1; right h4..h11. Onto i3, slide over
    #    j3 to k3, the square beyond: a teleporter: at once on c7 facing N.
    # 2: look @c7 N: ahead c6..c1 -; left b7 a7 -; right d7..p7 -. Move c6.
    # 3: c5. 4: c4. 5: c3. final look @c3 N: ahead c2 c1; left b3 a3; right d3..h3 i3~ j3~ k3T
    #    l3..n3 -. Facing N.
    s = adv(
        monster="h3",
        facing="E",
        pools=POOL_SQUARE,
        teleporters=["k3:1:S", "c7:1:N"],
        stage=2,
    )
    s2, events = run(s, "5")
    assert_walk(events, "h3", ["c7", "c6", "c5", "c4", "c3"])
    assert teleports(events) == [("k3", "c7", "N")]
    assert monster_at(s2) == ("c3", "N")


@pytest.mark.rules("ADV-TELEPORT", "MON-WRAP")
def test_a_teleporter_on_the_reentry_square_jumps() -> None:
    # Monster p6 facing E; teleporters a6 (beyond wall V) and h9 (arrow S). Tile 5, stage 2.
    # 1: look @p6 E: ahead wall; left p5 -; right p7..p11 -. Through wall V onto a6: at once on h9
    #    facing S.
    # 2: look @h9 S: ahead h10 h11 -; left i9..p9 -; right g9..c9 -. Move h10.
    # 3: look @h10: left i10..p10; right g10..d10. Move h11.
    # 4: look @h11 S: ahead wall; left i11..p11; right g11 f11 e11. Through wall I: i1, facing S.
    # 5: look @i1 S: ahead i2..i11 -; left j1 k1 l1; right h1..a1. Move i2.
    # final look @i2 S: ahead i3..i11 -; left j2..m2 -; right h2..a2 -. Facing S.
    s = adv(monster="p6", facing="E", teleporters=["a6:1:N", "h9:1:S"], stage=2)
    s2, events = run(s, "5")
    assert_walk(events, "p6", ["h9", "h10", "h11", "i1", "i2"])
    assert teleports(events) == [("a6", "h9", "S")]
    assert wraps(events) == [("p6", "a6", "V"), ("h11", "i1", "I")]
    assert monster_at(s2) == ("i2", "S")


# ---------------------------------------------------------------------------------------------
# ADV-TELEPORT-FIGURES
# ---------------------------------------------------------------------------------------------

TELE_FAR = ["k9:1:N"]  # the partner of a teleporter named in a test, out of the way


@pytest.mark.rules("ADV-TELEPORT-FIGURES")
@pytest.mark.parametrize("path", [("h6",), ("h6", "i6"), ("g5", "h5", "h6")])
def test_a_figure_never_steps_onto_a_teleporter(path: tuple[str, ...]) -> None:
    # A5 on g6, teleporter on h6: every path entering h6 is illegal.
    s = adv({"A5": "g6"}, moved=(), teleporters=["h6:1:N", *TELE_FAR])
    assert rule_broken(s, "A5", *path) == "ADV-TELEPORT-FIGURES"
    assert rule_broken(s, "A5", "g5", "h5", "i5") is None


@pytest.mark.rules("ADV-TELEPORT-FIGURES", "PUSH-EDGE", "PUSH-ONE")
@pytest.mark.parametrize("field", ["stones", "crystals", "turn_right", "turn_about"])
def test_a_figure_never_pushes_a_stone_onto_a_teleporter(field: str) -> None:
    # A5 on g6, a stone on h6, teleporter i6: the push would put the stone on a teleporter,
    # which for figures is like the board's edge: the step is illegal. (The spec names both
    # ADV-TELEPORT-FIGURES and PUSH-EDGE for this case.)
    s = adv({"A5": "g6"}, moved=(), teleporters=["i6:1:N", *TELE_FAR], tiles={field: ["h6"]})
    assert rule_broken(s, "A5", "h6") in {"ADV-TELEPORT-FIGURES", "PUSH-EDGE"}


@pytest.mark.rules("ADV-TELEPORT-FIGURES", "POOL-BLOCKED")
def test_a_figure_slide_stops_before_a_teleporter() -> None:
    # A5 on h3; pool i3 j3 i4 j4; teleporter k3 beyond it. Step onto i3: the slide reaches j3,
    # the next square is a teleporter: blocked, A5 stops on j3 (its move may end on the pool).
    s = adv({"A5": "h3"}, moved=(), pools=POOL_SQUARE, teleporters=["k3:1:N", *TELE_FAR])
    s2 = move(s, "A5", "i3")
    assert where(s2, "A5") == "j3"


@pytest.mark.rules("ADV-TELEPORT-FIGURES", "ADV-TELEPORT-PUSH", "POOL-STONE-SLIDE")
def test_a_stone_a_figure_pushes_onto_a_pool_stops_before_a_teleporter() -> None:
    # A5 on g3, stone h3; pool i3 j3 i4 j4; teleporter k3. A5 steps onto h3: the stone lands on
    # i3, slides to j3 and stops there (the square beyond is a teleporter). The push is allowed.
    s = adv(
        {"A5": "g3"},
        moved=(),
        stones=["h3"],
        pools=POOL_SQUARE,
        teleporters=["k3:1:N", *TELE_FAR],
    )
    s2 = move(s, "A5", "h3")
    assert where(s2, "A5") == "h3"
    assert stones(s2) == {"j3": "stone"}


@pytest.mark.rules("ADV-TELEPORT-FIGURES", "POOL-BEYOND-STONE", "POOL-BLOCKED")
def test_a_figure_slide_cannot_push_a_stone_onto_a_teleporter() -> None:
    # A5 on h3; pool i3 j3 i4 j4; stone k3 beyond the pool, teleporter l3 behind it. Step onto
    # i3: the slide reaches j3; pushing k3 would put the stone on l3: blocked, A5 stops on j3.
    s = adv(
        {"A5": "h3"},
        moved=(),
        stones=["k3"],
        pools=POOL_SQUARE,
        teleporters=["l3:1:N", *TELE_FAR],
    )
    s2 = move(s, "A5", "i3")
    assert where(s2, "A5") == "j3"
    assert stones(s2) == {"k3": "stone"}


# ---------------------------------------------------------------------------------------------
# ADV-TELEPORT-SIGHT
# ---------------------------------------------------------------------------------------------


@pytest.mark.rules("ADV-TELEPORT-SIGHT", "MON-DISTANCE", "MON-CHOOSE")
def test_the_monster_sees_over_a_teleporter_and_its_square_counts() -> None:
    # Monster d5 facing E; teleporters f5 and k9; A1 on h5 (ahead: e5 f5T g5 h5 = 4); B1 on d8
    # (right, 3). B1 is strictly nearest (without counting f5 it would be a 3-3 tie). Tile 1hit.
    # 1: look @d5 E: ahead A1@4; left d4..d1 -; right d6 d7 d8=B1@3. Turn S; move d6.
    # 2: look @d6 S: ahead d7 d8=B1@2; left e6..p6 -; right c6 b6 a6 -. Move d7.
    # 3: ahead B1@1; move d8, eat B1.
    # final look @d8 S: ahead d9 d10 -; left e8..p8 -; right c8 b8 -. Facing S.
    s = adv({"A1": "h5", "B1": "d8"}, monster="d5", facing="E", teleporters=["f5:1:E", "k9:1:N"])
    s2, events = run(s, "1hit")
    assert_walk(events, "d5", ["d6", "d7", "d8"])
    assert seen(events)[0] == ("A1@4", "", "B1@3", "S")
    assert teleports(events) == []
    assert eaten(events) == [("B1", "d8")]
    assert monster_at(s2) == ("d8", "S")


@pytest.mark.rules("ADV-TELEPORT-SIGHT", "ADV-TELEPORT")
def test_sight_never_continues_from_the_partner() -> None:
    # Monster d5 facing E; teleporters f5 and k9 (arrow N); A1 on k7, ahead of the partner's
    # arrow. Sight goes straight on over f5 along row 5: A1 is not seen from d5 or e5.
    # Tile 1hit.
    # 1: look @d5 E: ahead e5 f5T g5..p5 -; left d4..d1; right d6..d10. Move e5.
    # 2: look @e5: ahead f5T g5..p5 -; left e4..e1; right e6..e11. Onto f5: at once on k9 N.
    # 3: look @k9 N: ahead k8 k7=A1@2; left j9..c9 -; right l9..p9 -. Move k8.
    # 4: ahead A1@1: move k7, eat A1.
    # final look @k7 N: ahead k6..k1 -; left j7..a7 -; right l7..p7 -. Facing N.
    s = adv({"A1": "k7"}, monster="d5", facing="E", teleporters=["f5:1:E", "k9:1:N"])
    s2, events = run(s, "1hit")
    assert_walk(events, "d5", ["e5", "k9", "k8", "k7"])
    assert seen(events)[:2] == [("", "", "", "E"), ("", "", "", "E")]
    assert seen(events)[2] == ("A1@2", "", "", "N")
    assert eaten(events) == [("A1", "k7")]
    assert monster_at(s2) == ("k7", "N")


# ---------------------------------------------------------------------------------------------
# ADV-TELEPORT-PUSH
# ---------------------------------------------------------------------------------------------


@pytest.mark.rules("ADV-TELEPORT-PUSH", "MON-PUSH", "MON-HITS", "MON-EATEN")
def test_a_figure_pushed_onto_a_teleporter_is_eaten_and_is_a_hit() -> None:
    # Spec example: monster c6 facing E; stone d6, A1 on e6, teleporter f6 (partner k9).
    # Tile 1hit.
    # 1: look @c6 E: ahead d6# -; left c5..c1; right c7 c8 c9. Move onto d6: the line
    #    [d6 stone, e6 A1] ends at the teleporter f6: A1 goes onto f6 and counts as eaten (a hit),
    #    the stone moves to e6, the monster to d6. One hit: the tile ends.
    # final look @d6 E: ahead e6# -; left d5..d1 -; right d7..d10 -. Facing E.
    s = adv({"A1": "e6"}, monster="c6", facing="E", stones=["d6"], teleporters=["f6:1:N", "k9:1:N"])
    s2, events = run(s, "1hit")
    assert_walk(events, "c6", ["d6"])
    assert eaten(events) == [("A1", "e6")]
    assert where(s2, "A1") == "waiting"
    assert teleports(events) == []
    assert stones(s2) == {"e6": "stone"}
    assert monster_at(s2) == ("d6", "E")


@pytest.mark.rules("ADV-TELEPORT-PUSH", "ADV-TURN", "ADV-TELEPORT", "MON-PUSH")
@pytest.mark.parametrize("front", ["stones", "crystals"])
def test_stones_pushed_onto_a_teleporter_are_removed(front: str) -> None:
    # Monster c6 facing E; a plain stone or crystal on d6, a right-turning stone on e6 behind it,
    # teleporters f6 and k9 (arrow N). Tile 5, stage 2.
    # 1: look @c6 E: ahead d6 (# or *, then e6R) -; left c5..c1; right c7 c8 c9. d6 is not a
    #    turning stone: push the line [d6, e6R]; it ends at the teleporter f6: R goes onto f6 and
    #    is removed (inside a line a turning stone is pushed), d6's stone -> e6; monster d6.
    # 2: look @d6 E: ahead e6 (# -, or * f6T g6..p6 -); left d5..d1; right d7..d10. Push e6's
    #    stone onto f6: removed; monster e6.
    # 3: look @e6 E: ahead f6T g6..p6 -; left e5..e1; right e7..e11. Onto f6: at once on k9 N.
    # 4: look @k9 N: ahead k8..k1 -; left j9..c9 -; right l9..p9 -. Move k8.
    # 5: k7. final look @k7 N: ahead k6..k1 -; left j7..a7 -; right l7..p7 -. Facing N.
    s = adv(
        monster="c6",
        facing="E",
        turn_right=["e6"],
        teleporters=["f6:1:N", "k9:1:N"],
        stage=2,
        tiles={front: ["d6"]},
    )
    s2, events = run(s, "5")
    assert_walk(events, "c6", ["d6", "e6", "k9", "k8", "k7"])
    assert stone_turns(events) == []
    assert removed_stones(events) == 2
    assert teleports(events) == [("f6", "k9", "N")]
    assert stones(s2) == {}
    assert monster_at(s2) == ("k7", "N")


@pytest.mark.rules("ADV-TELEPORT-PUSH", "MON-PUSH-POOL", "MON-SLIDE-OCCUPIED", "ADV-TELEPORT")
def test_a_sliding_stone_stops_before_a_teleporter_but_a_push_removes_it() -> None:
    # Monster g3 facing E; stone h3; pool i3 j3 i4 j4; teleporters k3 and e8 (arrow S). Tile 5,
    # stage 2.
    # 1: look @g3 E: ahead h3# -; left g2 g1; right g4..g11. Push the stone onto i3: it slides to
    #    j3 and stops there (beyond is a teleporter: a slide never removes a piece). Monster h3.
    # 2: look @h3 E: ahead i3~ j3# -; left h2 h1; right h4..h11. Onto i3; the next pool square j3
    #    holds the stone: the monster pushes it (MON-SLIDE-OCCUPIED), and the line ends at the
    #    teleporter k3: the stone is removed. The monster slides onto j3, then onto k3 beyond the
    #    pool: at once on e8 facing S.
    # 3: look @e8 S: ahead e9 e10 e11 -; left f8..p8; right d8 c8 b8. Move e9.
    # 4: e10. 5: e11. final look @e11 S: ahead wall; left f11..p11 -; right wall. Facing S.
    s = adv(
        monster="g3",
        facing="E",
        stones=["h3"],
        pools=POOL_SQUARE,
        teleporters=["k3:1:W", "e8:1:S"],
        stage=2,
    )
    s2, events = run(s, "5")
    assert_walk(events, "g3", ["h3", "e8", "e9", "e10", "e11"])
    first_step = next(i for i, e in enumerate(events) if isinstance(e, ev.MonsterStepped))
    assert removed_stones(events[:first_step]) == 0
    assert removed_stones(events) == 1
    assert teleports(events) == [("k3", "e8", "S")]
    assert stones(s2) == {}
    assert monster_at(s2) == ("e11", "S")


# ---------------------------------------------------------------------------------------------
# The rulebook's advanced example (spec/advanced.md, "Example of monster movement")
# ---------------------------------------------------------------------------------------------

# The picture is missing; this position fits every sentence of the text:
#
#        f     g     h     i     j     k     l     m
#   3                      A
#   4                      .
#   5    .     C     *    T1>W   B
#   6    E     .     .     .
#   7                      .
#   8                      M>E   R
#   9                                  U     D    T2^N
#
# Monster (M) on i8 facing E, with a right-turning stone R on j8 directly ahead (next to it);
# teleporter pair 1: T1 on i5 (arrow W, towards C) and T2 on m9 (arrow N); A on i3 (beyond T1,
# seen over it); B on j5 (next to T1, behind a monster leaving T1 westwards); crystal on h5 with
# C directly behind it on g5; D on l9 (T2 is on D's right side); half-turn stone U on k9 (beyond
# D seen from T2); E on f6 (3 west of i6, the square before T1, and directly south of f5, where
# the monster ends).
EXAMPLE = {"A": "i3", "B": "j5", "C": "g5", "D": "l9", "E": "f6"}
LABEL = {"A": "A1", "B": "B1", "C": "C1", "D": "D1", "E": "A3"}


def at(label: str, distance: int) -> str:
    return f"{LABEL[label]}@{distance}"


@pytest.mark.rules(
    "ADV-TELEPORT",
    "ADV-TELEPORT-SIGHT",
    "ADV-TURN",
    "ADV-CRYSTAL",
    "MON-CHOOSE",
    "MON-EAT",
    "MON-PUSH",
    "MON-STEP",
)
def test_rulebook_advanced_example_tile_8() -> None:
    s = adv(
        {LABEL[k]: v for k, v in EXAMPLE.items()},
        monster="i8",
        facing="E",
        crystals=["h5"],
        turn_right=["j8"],
        turn_about=["k9"],
        teleporters=["i5:1:W", "m9:1:N"],
    )
    s2, events = run(s, "8")
    # 1: look @i8 E: ahead j8R -; left (N) i7 i6 i5T i4 i3=A@5 (over the teleporter); right (S)
    #    i9 i10 i11 -. A seen: the stone does not act. Turn N (R is now on its right); move i7
    #    ("one space upwards").
    # 2: look @i7 N: ahead i6 i5T i4 i3=A@4; left h7..a7 -; right j7..p7 -. Move i6.
    # 3: look @i6 N: ahead i5T i4 i3=A@3; left h6 g6 f6=E@3; right j6..p6 -. Tie: keep N. Onto
    #    T1 (i5): at once on T2 (m9) facing N. No look on i5 (it would have seen B to the right
    #    at 1 and C to the left through the crystal).
    # 4: look @m9 N: ahead m8..m2 -; left (W) l9=D@1; right n9 o9 p9 -. Turn W; move l9, eat D.
    # 5: look @l9 W: ahead k9U -; left l10 l11 -; right l8..l1 -. Nothing seen: U acts: turn E
    #    and move onto m9 (T2): at once on T1 (i5), facing W, next to B, looking towards C.
    # 6: look @i5 W: ahead h5* g5=C@2; left (S) i6..i11 -; right (N) i4 i3=A@2. Tie: keep W.
    #    (B on j5 is behind.) Onto h5: line [h5 crystal, g5 C], f5 empty: C -> f5, crystal ->
    #    g5; monster h5. C is not eaten.
    # 7: look @h5 W: ahead g5* f5=C@2; left h6..h11 -; right h4..h1 -. C -> e5, crystal -> f5;
    #    monster g5.
    # 8: look @g5 W: ahead f5* e5=C@2; left g6..g11 -; right g4..g1 -. C -> d5, crystal -> e5;
    #    monster f5.
    # final look @f5 W: ahead e5* d5=C@2; left (S) f6=E@1; right f4..f1 -. E strictly nearest:
    #    turn S. The monster ends facing E, who stands directly in front of it.
    path = ["i7", "i6", "m9", "l9", "i5", "h5", "g5", "f5"]
    assert_walk(events, "i8", path)
    assert seen(events) == [
        ("", at("A", 5), "", "N"),
        (at("A", 4), "", "", "N"),
        (at("A", 3), at("E", 3), "", "N"),
        ("", at("D", 1), "", "W"),
        ("", "", "", "W"),
        (at("C", 2), "", at("A", 2), "W"),
        (at("C", 2), "", "", "W"),
        (at("C", 2), "", "", "W"),
        (at("C", 2), at("E", 1), "", "S"),
    ]
    assert look_turns(events) == [("i8", "E", "N"), ("m9", "N", "W"), ("f5", "W", "S")]
    assert stone_turns(events) == [("l9", "k9", "turn_about", "W", "E")]
    assert teleports(events) == [("i5", "m9", "N"), ("m9", "i5", "W")]
    assert [s[:3] for s in steps(events)] == [
        (1, "i8", "i7"),
        (2, "i7", "i6"),
        (3, "i6", "m9"),
        (4, "m9", "l9"),
        (5, "l9", "i5"),
        (6, "i5", "h5"),
        (7, "h5", "g5"),
        (8, "g5", "f5"),
    ]
    assert eaten(events) == [(LABEL["D"], "l9")]
    assert [(e.figure, e.frm, e.to) for e in events if isinstance(e, ev.FigurePushed)] == [
        (LABEL["C"], "g5", "f5"),
        (LABEL["C"], "f5", "e5"),
        (LABEL["C"], "e5", "d5"),
    ]
    assert [(e.frm, e.to) for e in events if isinstance(e, ev.StonePushed)] == [
        ("h5", "g5"),
        ("g5", "f5"),
        ("f5", "e5"),
    ]
    assert monster_at(s2) == ("f5", "S")
    assert where(s2, LABEL["E"]) == "f6"  # directly in front of the monster
    assert where(s2, LABEL["C"]) == "d5"
    assert where(s2, LABEL["D"]) == "waiting"
    assert where(s2, LABEL["A"]) == "i3"
    assert where(s2, LABEL["B"]) == "j5"
    assert stones(s2) == {"j8": "turn_right", "k9": "turn_about", "e5": "crystal"}
