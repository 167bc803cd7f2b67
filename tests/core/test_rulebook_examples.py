"""The rulebook's worked examples (R, "Examples of movement" and "Examples of monster movement").

The rulebook's pictures are missing, so each example is set on a concrete position designed to be
consistent with every sentence of its text; the position and the reasons for it are given above
each test, and every expectation is traced by hand from the rules.

Square names: column a-p west to east ("left" to "right" on the printed board), row 1-11 north
to south ("up" is north). Basic layout (BRD-LAYOUT): stones c3 m4 h5 i6 n6 g7 e8 m8 o9 f10 i10;
pools i3 j3 i4 j4 and e9 f9 g9 h9.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import monster_at, monster_path, monster_position, reveal, where

import fearsome_rules as fr
from fearsome_rules.core import board
from fearsome_rules.core import events as ev

BASIC_STONES = {"c3", "m4", "h5", "i6", "n6", "g7", "e8", "m8", "o9", "f10", "i10"}
AFTER_ONE_TILE = ["7", "7", "8", "8", "10", "1hit", "2hits"]


def figure_position(figures: dict[str, str], **kw: Any) -> fr.GameState:
    """Round 2 of a 4-player game, nobody has moved yet, start player A: A is to move.
    The monster is on a1 facing east unless given."""
    kw.setdefault("round", 2)
    kw.setdefault("deck_left", AFTER_ONE_TILE)
    return fr.position(4, figures=figures, **kw)


def stone_names(state: fr.GameState) -> set[str]:
    return {board.name(s) for s in state.stones}


def rule_of(state: fr.GameState, figure: str, path: tuple[str, ...]) -> str | None:
    err = fr.check(state, fr.FigureMove(figure, path))
    return None if err is None else err.rule


# ---------------------------------------------------------------------------------------------
# Example of movement 1
# ---------------------------------------------------------------------------------------------
# "The playing figure numbered 4 moves 4 spaces and pushes the stone 1 space. The stone cannot be
# pushed 2 spaces, because the second space is occupied by another playing figure. The moving
# playing figure can stop its movement earlier or choose not to move at all (0 spaces), but
# chooses to turn right for 1 space after pushing the stone. After moving, the playing figure is
# flipped to reveal the 3."
#
# Position (basic layout): A4 (4/3, showing 4) on h2, B1 on h7. A4 walks south: h3 (1), h4 (2),
# h5 (3): the basic stone on h5 is pushed one square to h6 (empty). Going on south to h6 would push
# the stone a second square, onto h7, where B1 stands: not allowed. Instead A4 turns right (moving
# south, its right is west) onto g5 (4). It is flipped to 3.


@pytest.mark.rules("FIG-POINTS", "PUSH-ONE", "FIG-FLIP", "FIG-ZERO")
def test_movement_example_1_push_one_stone_then_turn_right() -> None:
    s = figure_position({"A4": "h2", "B1": "h7"})
    path = ("h3", "h4", "h5", "g5")
    assert rule_of(s, "A4", path) is None
    s2, events = fr.apply_traced(s, fr.FigureMove("A4", path))
    assert where(s2, "A4") == "g5"
    assert s2.figure("A4").face == 3
    assert stone_names(s2) == (BASIC_STONES - {"h5"}) | {"h6"}
    assert where(s2, "B1") == "h7"
    assert [(e.frm, e.to) for e in events if isinstance(e, ev.StonePushed)] == [("h5", "h6")]


@pytest.mark.rules("PUSH-ONE", "FIG-POINTS", "FIG-ZERO")
def test_movement_example_1_the_stone_cannot_be_pushed_twice_into_a_figure() -> None:
    s = figure_position({"A4": "h2", "B1": "h7"})
    # Straight on for the 4th point: the stone (now on h6) would go onto h7, which holds B1.
    assert rule_of(s, "A4", ("h3", "h4", "h5", "h6")) == "PUSH-ONE"
    # "can stop its movement earlier or choose not to move at all (0 spaces)"
    for shorter in [(), ("h3",), ("h3", "h4"), ("h3", "h4", "h5")]:
        assert rule_of(s, "A4", shorter) is None, shorter
    # but not move more than 4
    assert rule_of(s, "A4", ("h3", "h4", "h5", "g5", "f5")) == "FIG-POINTS"


# ---------------------------------------------------------------------------------------------
# Example of movement 2
# ---------------------------------------------------------------------------------------------
# "The playing figure numbered 5 moves 5 spaces including over two other playing figures (these
# spaces must be counted, too). It pushes the stone 1 space. In this example, with this path, the
# playing figure cannot move 2 or 4 spaces because there are other playing figures occupying
# these spaces."
#
# Position (basic layout): A5 (showing 5) on b7, B1 on d7, C1 on f7. A5 walks east along row 7:
# c7 (1), d7 (2, through B1), e7 (3), f7 (4, through C1), g7 (5): the basic stone on g7 is pushed
# to h7 (empty). A5 ends on g7 and shows 2. With this path it could stop after 1 (c7) or 3 (e7),
# but not after 2 (d7) or 4 (f7).


@pytest.mark.rules("FIG-THROUGH", "FIG-POINTS", "PUSH-ONE", "FIG-FLIP")
def test_movement_example_2_through_two_figures_and_push() -> None:
    s = figure_position({"A5": "b7", "B1": "d7", "C1": "f7"})
    path = ("c7", "d7", "e7", "f7", "g7")
    assert rule_of(s, "A5", path) is None
    s2, _ = fr.apply_traced(s, fr.FigureMove("A5", path))
    assert where(s2, "A5") == "g7"
    assert s2.figure("A5").face == 2
    assert stone_names(s2) == (BASIC_STONES - {"g7"}) | {"h7"}
    assert (where(s2, "B1"), where(s2, "C1")) == ("d7", "f7")


@pytest.mark.rules("FIG-THROUGH")
def test_movement_example_2_cannot_stop_after_2_or_4() -> None:
    s = figure_position({"A5": "b7", "B1": "d7", "C1": "f7"})
    assert rule_of(s, "A5", ("c7", "d7")) == "FIG-THROUGH"
    assert rule_of(s, "A5", ("c7", "d7", "e7", "f7")) == "FIG-THROUGH"
    assert rule_of(s, "A5", ("c7",)) is None
    assert rule_of(s, "A5", ("c7", "d7", "e7")) is None


# ---------------------------------------------------------------------------------------------
# Example of movement 3
# ---------------------------------------------------------------------------------------------
# "The playing figure numbered 5 moves 5 spaces and pushes the stone onto the blood pool. The
# stone stops next to another playing figure, which blocks further sliding. The moving playing
# figure cannot move 2 spaces upwards and then straight to the left, because its movement would
# have ended on an occupied space. In this case it is not allowed to enter the blood pool,
# because a playing figure is not allowed to end its movement on the same space as another
# playing figure."
#
# Position: the basic layout with one stone moved one square west, i10 -> h10, so that a stone
# lies next to the 1 x 4 pool (no basic stone can be pushed onto a pool by a path that also fits
# the second sentence). A5 (showing 5) on k11; B1 on h8 (north of the pool square h9);
# C1 on d9 (west of the pool, beyond e9).
# - The path: j11 (1), i11 (2), h11 (3), h10 (4: the stone goes north onto the pool square h9 and
#   would slide on, but h8 beyond the pool holds B1: the stone stops on h9, next to B1), g10 (5).
#   A5 ends on g10 and shows 2.
# - "2 up and then straight to the left": k10 (1), k9 (2), j9 (3), i9 (4), h9 (5): onto the pool
#   with the last point; the slide over g9 f9 e9 would end on d9, which holds C1: illegal.


STONES_3 = sorted((BASIC_STONES - {"i10"}) | {"h10"})


@pytest.mark.rules("PUSH-ONE", "POOL-STONE-SLIDE", "FIG-FLIP", "FIG-POINTS")
def test_movement_example_3_stone_pushed_onto_the_pool_stops_next_to_a_figure() -> None:
    s = figure_position({"A5": "k11", "B1": "h8", "C1": "d9"}, stones=STONES_3)
    path = ("j11", "i11", "h11", "h10", "g10")
    assert rule_of(s, "A5", path) is None
    s2, _ = fr.apply_traced(s, fr.FigureMove("A5", path))
    assert where(s2, "A5") == "g10"
    assert s2.figure("A5").face == 2
    assert stone_names(s2) == (set(STONES_3) - {"h10"}) | {"h9"}
    assert (where(s2, "B1"), where(s2, "C1")) == ("h8", "d9")


@pytest.mark.rules("POOL-LAST-POINT", "FIG-THROUGH", "POOL-SLIDE")
def test_movement_example_3_may_not_enter_the_pool_with_the_last_point() -> None:
    s = figure_position({"A5": "k11", "B1": "h8", "C1": "d9"}, stones=STONES_3)
    # The slide would end on C1's square with no point left (both rules name this case).
    assert rule_of(s, "A5", ("k10", "k9", "j9", "i9", "h9")) in {"POOL-LAST-POINT", "FIG-THROUGH"}
    # Stopping before the pool is fine.
    assert rule_of(s, "A5", ("k10", "k9", "j9", "i9")) is None
    # No legal move of A5 ends on d9.
    for move in fr.legal_moves(s, figure="A5"):
        assert where(fr.apply(s, move), "A5") != "d9", move


# ---------------------------------------------------------------------------------------------
# Example of monster movement (basic game)
# ---------------------------------------------------------------------------------------------
# "The monster movement card >>8<< is drawn; the monster walks 8 spaces. Before the first step the
# monster looks for victims. It sees playing figure A (it cannot see B because it never looks
# backwards), turns to the left, and walks a space nearer to A. Now it sees A and G. A is nearer
# to the monster, so it keep facing the same direction and moves 1 space nearer to A. Now it can
# see A and C. C is nearer, so the monster changes direction, slides across the blood pool and eats
# C, using its third movement point. It could not see H while sliding on the blood (it cannot stop
# moving on blood). Now it can see D and E. Both playing figures have the same distance, so the
# monster maintains its direction and pushes the stone and F one space. Now it cannot see playing
# figures so it keeps pushing the stone to the edge and F off of the board. F counts as eaten by
# the monster. There is still no victim in sight so the monster pushes the stone off of the board,
# which is removed from the game. Now it can see G. The monster turns, moves a space and eats G.
# Finally it moves its last space, looks a final time and turns to look at B. If G was at another
# space, the monster would have moved through the wall and re-entered at the other V to move its
# last space there."
#
# Working back from the text:
# - Steps 4-6 push a stone and F along one line to the board edge, and without G the monster would
#   have gone on through wall V: the line is row 6, at a6 (west wall V) or p6 (east wall V).
#   Westwards: C is eaten on d6, the stone starts on c6, F on b6; step 6 ends on a6.
# - Step 3 slides across a pool onto d6, moving west: a pool square on e6, the monster at S2 = f6.
# - Steps 1-2 are straight moves after a left turn, ending on f6 and then turning right (west):
#   the monster goes south f4 -> f5 -> f6, having first faced west on f4 (left of west is south).
#   A is ahead, south in column f, beyond f6; B is behind f4 (east, in row 4).
# - At f6 C (distance 2 across the pool) must be nearer than A: A on f9 (3). At f5 A (4) must be
#   nearer than G: G on a5 (distance 5, west along row 5), which is also next to a6, so after
#   step 6 the monster turns right (north) and eats G on a5 (step 7), moves to a4 (step 8), and
#   its final look finds B to its right, east along row 4: B on g4 (behind it at the start).
# - At d6 D and E are at equal distance left and right: D on d3, E on d9 (both 3; d4/d5 and d7/d8
#   are empty so that nothing else sees them).
# - H lies beside the slide, seen from e6 only: H on e7.
#
# Layout: the basic stones with m8 moved to c6 (11 stones: c3 m4 h5 i6 n6 g7 e8 c6 o9 f10 i10);
# the 2 x 2 pool as basic (i3 j3 i4 j4); the 1 x 4 pool laid upright on e3 e4 e5 e6. Figures
# A..H of the text are the 4-player figures below. The monster is on f4 facing west.

LABEL = {"A": "A1", "B": "B1", "C": "C1", "D": "D1", "E": "A3", "F": "B3", "G": "C3", "H": "D3"}
EXAMPLE_STONES = ["c3", "m4", "h5", "i6", "n6", "g7", "e8", "c6", "o9", "f10", "i10"]
EXAMPLE_POOLS = ["i3", "j3", "i4", "j4", "e3", "e4", "e5", "e6"]
EXAMPLE_PLACES = {
    "A": "f9",
    "B": "g4",
    "C": "d6",
    "D": "d3",
    "E": "d9",
    "F": "b6",
    "G": "a5",
    "H": "e7",
}


def example_position(places: dict[str, str]) -> fr.GameState:
    return monster_position(
        {LABEL[k]: v for k, v in places.items()},
        monster="f4",
        facing="W",
        stones=EXAMPLE_STONES,
        pools=EXAMPLE_POOLS,
    )


def at(label: str, distance: int) -> str:
    return f"{LABEL[label]}@{distance}"


@pytest.mark.rules(
    "MON-STEP",
    "MON-SIGHT-DIRS",
    "MON-SIGHT-BLOCK",
    "MON-DISTANCE",
    "MON-CHOOSE",
    "MON-SLIDE",
    "MON-EAT",
    "MON-PUSH",
    "MON-PUSH-OFF",
    "MON-EATEN",
    "MON-TILE",
)
def test_monster_example_card_8() -> None:
    s = example_position(EXAMPLE_PLACES)
    s2, events = reveal(s, "8")
    # 1: look @f4 facing W: ahead e4~ d4 c4 b4 a4 -; left (S) f5 f6 f7 f8 f9=A@5; right (N) f3 f2 f1
    #    -. B on g4 is behind. Turn left (S); move f5.
    # 2: look @f5 facing S: ahead f6 f7 f8 f9=A@4; left (E) g5 h5# -; right (W) e5~ d5 c5 b5
    #    a5=G@5. A nearer: keep S; move f6.
    # 3: look @f6 facing S: ahead f7 f8 f9=A@3; left (E) g6 h6 i6# -; right (W) e6~ d6=C@2.
    #    C nearer: turn W; move onto e6 (pool) and slide to d6: eat C. (From e6 it would have seen
    #    H on e7 to its left, but it does not look while sliding.)
    # 4: look @d6 facing W: ahead c6# -; left (S) d7 d8 d9=E@3; right (N) d5 d4 d3=D@3. Tie: keep
    #    W. Move onto c6: F -> a6, stone -> b6; monster c6.
    # 5: look @c6: ahead b6# -; left c7 c8 c9 -; right c5 c4 c3# -. Move: F pushed over the west
    #    wall (eaten), stone -> a6; monster b6.
    # 6: look @b6: ahead a6# -; left b7 b8 -; right b5..b1 -. Move: stone pushed off the board,
    #    removed; monster a6.
    # 7: look @a6 facing W: ahead wall; left (S) a7 -; right (N) a5=G@1. Turn N; move a5, eat G.
    # 8: look @a5 facing N: ahead a4 a3 a2 a1 -; left wall; right (E) b5 c5 d5 e5~ f5 g5 h5# -.
    #    Move a4.
    # final look @a4 facing N: ahead a3 a2 a1 -; left wall; right (E) b4 c4 d4 e4~ f4 g4=B@6.
    #    Turn E, towards B.
    path = ["f5", "f6", "d6", "c6", "b6", "a6", "a5", "a4"]
    assert monster_path(events) == path
    looks = [e for e in events if isinstance(e, ev.MonsterLooked)]
    assert [e.square for e in looks] == ["f4", *path]
    assert [(e.ahead, e.left, e.right, e.facing) for e in looks] == [
        ("", at("A", 5), "", "S"),
        (at("A", 4), "", at("G", 5), "S"),
        (at("A", 3), "", at("C", 2), "W"),
        ("", at("E", 3), at("D", 3), "W"),
        ("", "", "", "W"),
        ("", "", "", "W"),
        ("", "", at("G", 1), "N"),
        ("", "", "", "N"),
        ("", "", at("B", 6), "E"),
    ]
    assert [(e.square, e.frm, e.to) for e in events if isinstance(e, ev.MonsterTurned)] == [
        ("f4", "W", "S"),
        ("f6", "S", "W"),
        ("a6", "W", "N"),
        ("a4", "N", "E"),
    ]
    assert [(e.figure, e.square) for e in events if isinstance(e, ev.FigureEaten)] == [
        (LABEL["C"], "d6"),
        (LABEL["F"], "a6"),
        (LABEL["G"], "a5"),
    ]
    pushed = [(e.figure, e.frm, e.to) for e in events if isinstance(e, ev.FigurePushed)]
    assert pushed[:1] == [(LABEL["F"], "b6", "a6")]
    assert [(e.frm, e.to) for e in events if isinstance(e, ev.StonePushed)][:2] == [
        ("c6", "b6"),
        ("b6", "a6"),
    ]
    assert [e.square for e in events if isinstance(e, ev.StoneRemoved)] == ["a6"]
    assert stone_names(s2) == set(EXAMPLE_STONES) - {"c6"}
    assert not any(isinstance(e, ev.MonsterWrapped) for e in events)
    assert monster_at(s2) == ("a4", "E")
    for label in "CFG":
        assert where(s2, LABEL[label]) == "waiting"
    for label in "ABDEH":
        assert where(s2, LABEL[label]) == EXAMPLE_PLACES[label]


@pytest.mark.rules("MON-WRAP", "MON-STEP", "MON-PUSH-OFF", "MON-SIGHT-BLOCK")
def test_monster_example_if_g_were_elsewhere_it_walks_through_wall_v() -> None:
    # "If G was at another space": G on k11, where no look of this walk reaches (row 11 and
    # column k are never looked along).
    # 1: as before (only A seen): turn S, move f5.
    # 2: look @f5: ahead A@4; right e5~ d5 c5 b5 a5 -. Keep S; move f6.
    # 3-6: as before: slide onto d6 eating C; push the stone and F; F off; the stone off; on a6.
    # 7: look @a6 facing W: ahead wall; left a7 -; right a5..a1 -. Nothing seen: move W through
    #    wall V and re-enter at the other V, p6, facing W.
    # 8: look @p6 facing W: ahead o6 n6# -; left (S) p7..p11 -; right (N) p5 -. Move o6.
    # final look @o6 facing W: ahead n6# -; left o7 o8 o9# -; right o5 o4 -. Facing W.
    s = example_position({**EXAMPLE_PLACES, "G": "k11"})
    s2, events = reveal(s, "8")
    assert monster_path(events) == ["f5", "f6", "d6", "c6", "b6", "a6", "p6", "o6"]
    assert [(e.frm, e.to, e.wall) for e in events if isinstance(e, ev.MonsterWrapped)] == [
        ("a6", "p6", "V")
    ]
    assert [(e.figure, e.square) for e in events if isinstance(e, ev.FigureEaten)] == [
        (LABEL["C"], "d6"),
        (LABEL["F"], "a6"),
    ]
    assert monster_at(s2) == ("o6", "W")
    assert where(s2, LABEL["G"]) == "k11"
    assert where(s2, LABEL["B"]) == "g4"
