"""The monster phase (spec/monster.md), position by position.

Every expectation below is traced by hand from the rules, never taken from the engine. The trace
comments use this shorthand:

    look @sq facing X: ahead <squares seen>, left <...>, right <...>

listing, for each of the three directions, the squares the line of sight crosses up to the first
figure, stone (``#``) or wall; ``~`` marks a pool square (sight passes over it); ``-`` means
nothing is seen. Left and right are the monster's own (README direction table):
facing N -> left W, right E; E -> left N, right S; S -> left E, right W; W -> left S, right N.

The basic layout (BRD-LAYOUT): stones c3 m4 h5 i6 n6 g7 e8 m8 o9 f10 i10; pools i3 j3 i4 j4 and
e9 f9 g9 h9. Wrap (BRD-WRAP): leaving (r, c) re-enters at (10 - r, 15 - c); in names the column
letter mirrors (a<->p, b<->o, ... h<->i) and the row n becomes 12 - n.

Stage 1 positions (helpers.monster_position) have the tile 5 already used, so tests with the
tile 5 run in stage 2 (where an eaten figure is removed).
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest
from helpers import monster_at, monster_path, monster_position, reveal, where

import fearsome_rules as fr
from fearsome_rules.core import board
from fearsome_rules.core import events as ev
from fearsome_rules.core.options import MonsterCornerStone, MonsterSlideFigure, WrapEntryFigure

BASIC_STONES = {"c3", "m4", "h5", "i6", "n6", "g7", "e8", "m8", "o9", "f10", "i10"}


def stone_names(state: fr.GameState) -> set[str]:
    return {board.name(s) for s in state.stones}


def looks(events: Iterable[ev.Event]) -> list[ev.MonsterLooked]:
    return [e for e in events if isinstance(e, ev.MonsterLooked)]


def look_squares(events: Iterable[ev.Event]) -> list[str]:
    return [e.square for e in looks(events)]


def seen(events: Iterable[ev.Event]) -> list[tuple[str, str, str, str]]:
    """Per look: (ahead, left, right, facing after the look)."""
    return [(e.ahead, e.left, e.right, e.facing) for e in looks(events)]


def eaten(events: Iterable[ev.Event]) -> list[tuple[str, str]]:
    return [(e.figure, e.square) for e in events if isinstance(e, ev.FigureEaten)]


def turns(events: Iterable[ev.Event]) -> list[tuple[str, str, str]]:
    return [(e.square, e.frm, e.to) for e in events if isinstance(e, ev.MonsterTurned)]


def wraps(events: Iterable[ev.Event]) -> list[tuple[str, str, str]]:
    return [(e.frm, e.to, e.wall) for e in events if isinstance(e, ev.MonsterWrapped)]


def steps(events: Iterable[ev.Event]) -> int:
    return sum(1 for e in events if isinstance(e, ev.MonsterStepped))


def assert_walk(events: tuple[ev.Event, ...], start: str, path: list[str]) -> None:
    """The exact squares after each step, and one look before each step plus a final look
    (MON-STEP): looks happen on the start square and on every square a step ended on."""
    assert monster_path(events) == path
    assert look_squares(events) == [start, *path]


# ---------------------------------------------------------------------------------------------
# MON-TILE, MON-STEP: how many steps and looks
# ---------------------------------------------------------------------------------------------


ROW6_EAST = [
    "b6",
    "c6",
    "d6",
    "e6",
    "f6",
    "g6",
    "h6",
    "i6",
    "j6",
    "k6",
    "l6",
    "m6",
    "n6",
    "o6",
    "p6",
    "a6",
    "b6",
    "c6",
    "d6",
    "e6",
]


@pytest.mark.rules("MON-TILE", "MON-STEP", "MON-CHOOSE")
@pytest.mark.parametrize("tile", ["5", "7", "8", "10"])
def test_numbered_tile_takes_exactly_that_many_steps(tile: str) -> None:
    # Empty board (no stones, no pools, no figures): the monster on a6 facing E sees nothing at
    # every look, keeps facing E and walks along row 6 (b6, c6, ...): exactly N steps and N + 1
    # looks, the last one on the square where it stopped.
    s = monster_position({}, monster="a6", facing="E", stones=[], pools=[], stage=2)
    s2, events = reveal(s, tile)
    n = int(tile)
    assert steps(events) == n
    assert len(looks(events)) == n + 1
    assert_walk(events, "a6", ROW6_EAST[:n])
    assert monster_at(s2) == (ROW6_EAST[n - 1], "E")
    assert turns(events) == []


@pytest.mark.rules(
    "MON-STEP",
    "MON-TILE",
    "MON-SIGHT-DIRS",
    "MON-SIGHT-BLOCK",
    "MON-DISTANCE",
    "MON-CHOOSE",
    "MON-EAT",
)
def test_spec_example_of_a_monster_phase() -> None:
    # spec/monster.md "Example of a monster phase": basic layout, monster a1 facing E, figures on
    # a4 (A5) and f1 (B4), tile 5.
    # 1: look @a1 facing E: ahead b1 c1 d1 e1 f1=B4@5; left (N) wall; right (S) a2 a3 a4=A5@3.
    #    A5 strictly nearest -> turn S; move a2.
    # 2: look @a2 facing S: ahead a3 a4=A5@2; left (E) b2..m2 -; right (W) wall. Move a3.
    # 3: look @a3: ahead A5@1; left b3 c3# -; move a4, eat A5.
    # 4: look @a4: ahead a5 a6 a7 wall -; left b4..l4 m4# -; right wall. Move a5.
    # 5: look @a5: ahead a6 a7 -; left b5..g5 h5# -. Move a6.
    # final look @a6 facing S: ahead a7 -; left b6..h6 i6# -; right wall. Stays S.
    s = monster_position({"A5": "a4", "B4": "f1"}, monster="a1", facing="E", stage=2)
    s2, events = reveal(s, "5")
    assert_walk(events, "a1", ["a2", "a3", "a4", "a5", "a6"])
    assert seen(events)[0] == ("B4@5", "", "A5@3", "S")
    assert seen(events)[1] == ("A5@2", "", "", "S")
    assert turns(events) == [("a1", "E", "S")]
    assert eaten(events) == [("A5", "a4")]
    assert monster_at(s2) == ("a6", "S")
    assert where(s2, "A5") == "removed"
    assert where(s2, "B4") == "f1"
    assert stone_names(s2) == BASIC_STONES


# ---------------------------------------------------------------------------------------------
# MON-SIGHT-DIRS: ahead, left, right; never back, never diagonal
# ---------------------------------------------------------------------------------------------


@pytest.mark.rules("MON-SIGHT-DIRS", "MON-CHOOSE", "MON-EAT")
def test_never_looks_back() -> None:
    # No stones, no pools. Monster e5 facing E; A1 on d5 directly behind it (distance 1), B1 on e8
    # (to its right, distance 3). Looking back would make A1 the nearest; it never looks back.
    # 1: look @e5 facing E: ahead f5..p5 -; left (N) e4..e1 -; right (S) e6 e7 e8=B1@3.
    #    turn S; move e6.
    # 2: look @e6 facing S: ahead e7 e8=B1@2; left (E) f6..p6 -; right (W) d6..a6 -. Move e7.
    # 3: ahead B1@1; move e8, eat B1.
    # 4: look @e8: ahead e9 e10 e11 -; left f8..p8 -; right d8 c8 b8 -. Move e9.
    # 5: look @e9: ahead e10 e11 -; left f9..p9 -; right d9 c9 -. Move e10.
    # final look @e10: ahead e11 -; left f10..p10 -; right d10 -. Facing S.
    # (A1 on d5 is behind at the first look and in none of the later lines.)
    s = monster_position(
        {"A1": "d5", "B1": "e8"}, monster="e5", facing="E", stones=[], pools=[], stage=2
    )
    s2, events = reveal(s, "5")
    assert_walk(events, "e5", ["e6", "e7", "e8", "e9", "e10"])
    assert seen(events)[0] == ("", "", "B1@3", "S")
    assert turns(events) == [("e5", "E", "S")]
    assert eaten(events) == [("B1", "e8")]
    assert monster_at(s2) == ("e10", "S")
    assert where(s2, "A1") == "d5"


@pytest.mark.rules("MON-SIGHT-DIRS", "MON-CHOOSE")
def test_never_looks_diagonally() -> None:
    # No stones, no pools. Monster e5 facing E; A1 on f6 (diagonal: ahead-right), B1 on c5
    # (behind).
    # 1: look @e5 facing E: ahead f5..p5 -; left e4..e1 -; right e6..e11 -. f6 is diagonal: not
    #    seen. Keep E; move f5.
    # 2: look @f5 facing E: ahead g5..p5 -; left f4..f1 -; right (S) f6=A1@1. Turn S; move f6,
    #    eat A1.
    # 3: look @f6 facing S: ahead f7..f11 -; left (E) g6..p6 -; right (W) e6..a6 -. Move f7.
    # 4: look @f7: ahead f8..f11 -; left g7..p7 -; right e7..a7 -. Move f8.
    # 5: look @f8: ahead f9 f10 f11 -; left g8..p8 -; right e8..b8 -. Move f9.
    # final look @f9: ahead f10 f11 -; left g9..p9 -; right e9 d9 c9 -. Facing S.
    s = monster_position(
        {"A1": "f6", "B1": "c5"}, monster="e5", facing="E", stones=[], pools=[], stage=2
    )
    s2, events = reveal(s, "5")
    assert_walk(events, "e5", ["f5", "f6", "f7", "f8", "f9"])
    assert seen(events)[0] == ("", "", "", "E")
    assert seen(events)[1] == ("", "", "A1@1", "S")
    assert eaten(events) == [("A1", "f6")]
    assert monster_at(s2) == ("f9", "S")
    assert where(s2, "B1") == "c5"


# ---------------------------------------------------------------------------------------------
# MON-SIGHT-BLOCK: stones block, pools do not, walls end the line, first figure hides the rest
# ---------------------------------------------------------------------------------------------


@pytest.mark.rules("MON-SIGHT-BLOCK", "MON-CHOOSE")
def test_stone_blocks_sight() -> None:
    # Stone on j6 only, no pools. Monster h6 facing E; A1 on k6 behind the stone (would be at 3),
    # B1 on h10 (right, distance 4). Were the stone transparent, A1 (3) would win; it is not.
    # 1: look @h6 facing E: ahead i6 j6# -; left (N) h5..h1 -; right (S) h7 h8 h9 h10=B1@4.
    #    turn S; move h7.
    # 2: look @h7 facing S: ahead h8 h9 h10=B1@3; left (E) i7..p7 -; right (W) g7..a7 -. Move h8.
    # 3: move h9.  4: ahead B1@1, move h10, eat B1.
    # 5: look @h10 facing S: ahead h11 -; left i10..p10 -; right g10..d10 -. Move h11.
    # final look @h11: ahead wall; left i11..p11 -; right g11..e11 -. Facing S.
    s = monster_position(
        {"A1": "k6", "B1": "h10"}, monster="h6", facing="E", stones=["j6"], pools=[], stage=2
    )
    s2, events = reveal(s, "5")
    assert seen(events)[0] == ("", "", "B1@4", "S")
    assert_walk(events, "h6", ["h7", "h8", "h9", "h10", "h11"])
    assert eaten(events) == [("B1", "h10")]
    assert monster_at(s2) == ("h11", "S")
    assert where(s2, "A1") == "k6"
    assert stone_names(s2) == {"j6"}


@pytest.mark.rules("MON-SIGHT-BLOCK", "MON-DISTANCE", "MON-SLIDE", "MON-EAT")
def test_pools_do_not_block_sight_and_the_slide_eats_beyond() -> None:
    # Basic pools, no stones. Monster g3 facing E; A1 on k3 beyond pool squares i3 j3 (distance 4),
    # B1 on g8 (right, distance 5). If the pool blocked sight, B1 would be the only one seen.
    # 1: look @g3 facing E: ahead h3 i3~ j3~ k3=A1@4; left g2 g1 -; right g4..g7 g8=B1@5.
    #    A1 strictly nearest, ahead: keep E; move h3.
    # 2: look @h3: ahead i3~ j3~ k3=A1@3; left h2 h1 -; right h4..h8 h9~ h10 h11 -.
    #    Move onto i3 (pool) and slide over j3 to k3, the first square beyond: eat A1. One step.
    # 3: look @k3: ahead l3 m3 n3 wall -; left k2 k1 -; right k4..k11 -. Move l3.
    # 4: move m3.  5: move n3.
    # final look @n3 facing E: ahead wall; left n2 is not a square -; right n4..n11 -.
    s = monster_position({"A1": "k3", "B1": "g8"}, monster="g3", facing="E", stones=[], stage=2)
    s2, events = reveal(s, "5")
    assert seen(events)[0] == ("A1@4", "", "B1@5", "E")
    assert seen(events)[1] == ("A1@3", "", "", "E")
    assert_walk(events, "g3", ["h3", "k3", "l3", "m3", "n3"])
    assert eaten(events) == [("A1", "k3")]
    assert monster_at(s2) == ("n3", "E")
    assert where(s2, "B1") == "g8"
    assert where(s2, "A1") == "removed"


@pytest.mark.rules("MON-SIGHT-BLOCK", "MON-WRAP", "MON-CHOOSE")
def test_sight_ends_at_the_wall() -> None:
    # No stones or pools. Monster p6 facing E; A1 on a6 just across wall V (the monster's body
    # would re-enter there, its sight does not); B1 on p9 (right, distance 3).
    # 1: look @p6 facing E: ahead wall -; left (N) p5, p4 is no square -; right (S) p7 p8 p9=B1@3.
    #    turn S; move p7.
    # 2: look @p7 facing S: ahead p8 p9=B1@2; left (E) wall; right (W) o7..a7 -. Move p8.
    # 3: move p9, eat B1.
    # 4: look @p9: ahead p10 p11 -; left wall; right o9..c9 -. Move p10.
    # 5: move p11.  final look @p11 facing S: ahead wall; left wall; right o11..e11 -.
    s = monster_position(
        {"A1": "a6", "B1": "p9"}, monster="p6", facing="E", stones=[], pools=[], stage=2
    )
    s2, events = reveal(s, "5")
    assert seen(events)[0] == ("", "", "B1@3", "S")
    assert_walk(events, "p6", ["p7", "p8", "p9", "p10", "p11"])
    assert wraps(events) == []
    assert monster_at(s2) == ("p11", "S")
    assert where(s2, "A1") == "a6"
    assert where(s2, "B1") == "removed"


@pytest.mark.rules("MON-SIGHT-BLOCK", "MON-EAT")
def test_first_figure_in_a_line_hides_those_behind() -> None:
    # No stones or pools. Monster b6 facing E; A1 on d6 (distance 2), B1 on f6 (distance 4,
    # hidden behind A1).
    # 1: look @b6: ahead c6 d6=A1@2 (B1 further along the same line is not "seen"); left b5..b1 -;
    #    right b7 b8 -. Move c6.
    # 2: ahead A1@1; move d6, eat A1.
    # 3: look @d6: ahead e6 f6=B1@2; left d5..d1 -; right d7..d10 -. Move e6.
    # 4: ahead B1@1; move f6, eat B1.
    # 5: look @f6: ahead g6..p6 -; left f5..f1 -; right f7..f11 -. Move g6.
    # final look @g6: ahead h6..p6 -; left g5..g1 -; right g7..g11 -. Facing E.
    s = monster_position(
        {"A1": "d6", "B1": "f6"}, monster="b6", facing="E", stones=[], pools=[], stage=2
    )
    s2, events = reveal(s, "5")
    assert seen(events)[0] == ("A1@2", "", "", "E")
    assert seen(events)[2] == ("B1@2", "", "", "E")
    assert_walk(events, "b6", ["c6", "d6", "e6", "f6", "g6"])
    assert eaten(events) == [("A1", "d6"), ("B1", "f6")]
    assert monster_at(s2) == ("g6", "E")


@pytest.mark.rules("MON-SIGHT-BLOCK", "MON-EAT", "MON-WRAP")
def test_figure_on_a_corner_is_seen_and_eaten_then_wrap_from_a1_westwards() -> None:
    # No stones or pools. Monster d1 facing W; A1 on the exit corner a1.
    # 1: look @d1 facing W: ahead c1 b1 a1=A1@3; left (S) d2..d10 (d11 is no square) -; right (N)
    #    wall. Move c1.
    # 2: move b1.  3: ahead A1@1; move a1, eat A1.
    # 4: look @a1 facing W: ahead wall; left (S) a2..a7 -; right (N) wall. Move W through the
    #    star wall: re-enter (10-0, 15-0) = p11, still facing W.
    # 5: look @p11 facing W: ahead o11..e11 -; left (S) wall; right (N) p10..p5 -. Move o11.
    # final look @o11: ahead n11..e11 -; left wall; right o10..o4 -. Facing W.
    s = monster_position({"A1": "a1"}, monster="d1", facing="W", stones=[], pools=[], stage=2)
    s2, events = reveal(s, "5")
    assert seen(events)[0] == ("A1@3", "", "", "W")
    assert_walk(events, "d1", ["c1", "b1", "a1", "p11", "o11"])
    assert eaten(events) == [("A1", "a1")]
    assert [(f, t) for f, t, _ in wraps(events)] == [("a1", "p11")]
    assert monster_at(s2) == ("o11", "W")


# ---------------------------------------------------------------------------------------------
# MON-DISTANCE and MON-CHOOSE
# ---------------------------------------------------------------------------------------------


@pytest.mark.rules("MON-DISTANCE", "MON-CHOOSE", "MON-SIGHT-BLOCK")
def test_designer_faq_2_pool_squares_count_so_it_is_a_tie() -> None:
    # F FAQ 2 on the basic layout: monster g8 facing E; A1 two squares ahead on i8; B1 two squares
    # to its right on g10, across the pool square g9 (one slide would reach it).
    # 1: look @g8 facing E: ahead h8 i8=A1@2; left (N) g7# -; right (S) g9~ g10=B1@2.
    #    Tie at 2: keep facing E (no turn); move h8.
    # 2: look @h8: ahead i8=A1@1; left h7 h6 h5# -; right h9~ h10 h11 -. Move i8, eat A1.
    # 3: look @i8: ahead j8 k8 l8 m8# -; left i7 i6# -; right i9 i10# -. Move j8.
    # 4: look @j8: ahead k8 l8 m8# -; left j7 j6 j5 j4~ j3~ j2 j1 -; right j9 j10 j11 -. Move k8.
    # 5: look @k8: ahead l8 m8# -; left k7..k1 -; right k9..k11 -. Move l8.
    # final look @l8: ahead m8# -; left l7..l1 -; right l9..l11 -. Facing E.
    s = monster_position({"A1": "i8", "B1": "g10"}, monster="g8", facing="E", stage=2)
    s2, events = reveal(s, "5")
    assert seen(events)[0] == ("A1@2", "", "B1@2", "E")
    assert turns(events) == []
    assert_walk(events, "g8", ["h8", "i8", "j8", "k8", "l8"])
    assert eaten(events) == [("A1", "i8")]
    assert monster_at(s2) == ("l8", "E")
    assert where(s2, "B1") == "g10"


@pytest.mark.rules("MON-DISTANCE", "MON-CHOOSE", "MON-SLIDE", "MON-EAT")
def test_spec_distance_example_tie_across_the_pool() -> None:
    # spec MON-DISTANCE example, basic layout: monster k3 facing W; A1 on h3 beyond pool squares
    # j3 i3 (distance 3); B1 on k6 to its left (distance 3).
    # 1: look @k3 facing W: ahead j3~ i3~ h3=A1@3; left (S) k4 k5 k6=B1@3; right (N) k2 k1 -.
    #    Tie: keep W. Move onto j3, slide over i3 to h3: eat A1.
    # 2: look @h3 facing W: ahead g3 f3 e3 d3 c3# -; left (S) h4 h5# -; right h2 h1 -. Move g3.
    # 3: look @g3: ahead f3 e3 d3 c3# -; left g4 g5 g6 g7# -; right g2 g1 -. Move f3.
    # 4: look @f3: ahead e3 d3 c3# -; left f4..f8 f9~ f10# -; right f2 f1 -. Move e3.
    # 5: look @e3: ahead d3 c3# -; left e4..e7 e8# -; right e2 e1 -. Move d3.
    # final look @d3: ahead c3# -; left d4..d10 -; right d2 d1 -. Facing W.
    s = monster_position({"A1": "h3", "B1": "k6"}, monster="k3", facing="W", stage=2)
    s2, events = reveal(s, "5")
    assert seen(events)[0] == ("A1@3", "B1@3", "", "W")
    assert_walk(events, "k3", ["h3", "g3", "f3", "e3", "d3"])
    assert eaten(events) == [("A1", "h3")]
    assert monster_at(s2) == ("d3", "W")
    assert where(s2, "B1") == "k6"


@pytest.mark.rules("MON-DISTANCE", "MON-CHOOSE")
def test_spec_distance_example_strictly_nearer_side_figure_wins() -> None:
    # As above but B1 on k5 (distance 2): strictly nearest although A1 is one slide away.
    # 1: look @k3 facing W: ahead A1@3; left (S) k4 k5=B1@2; right -. Turn S (left); move k4.
    # 2: look @k4 facing S: ahead k5=B1@1; left (E) l4 m4# -; right (W) j4~ i4~ h4..a4 -.
    #    Move k5, eat B1.
    # 3: look @k5: ahead k6..k11 -; left l5..p5 -; right j5 i5 h5# -. Move k6.
    # 4: look @k6: ahead k7..k11 -; left l6 m6 n6# -; right j6 i6# -. Move k7.
    # 5: look @k7: ahead k8..k11 -; left l7..p7 -; right j7 i7 h7 g7# -. Move k8.
    # final look @k8: ahead k9..k11 -; left l8 m8# -; right j8..f8 e8# -. Facing S.
    s = monster_position({"A1": "h3", "B1": "k5"}, monster="k3", facing="W", stage=2)
    s2, events = reveal(s, "5")
    assert seen(events)[0] == ("A1@3", "B1@2", "", "S")
    assert turns(events) == [("k3", "W", "S")]
    assert_walk(events, "k3", ["k4", "k5", "k6", "k7", "k8"])
    assert eaten(events) == [("B1", "k5")]
    assert monster_at(s2) == ("k8", "S")
    assert where(s2, "A1") == "h3"


@pytest.mark.rules("MON-CHOOSE", "MON-DISTANCE")
def test_left_right_tie_with_nothing_ahead_goes_straight_on() -> None:
    # spec MON-CHOOSE example. No stones or pools. Monster d4 facing E; A1 on d2 (left, 2),
    # B1 on d6 (right, 2).
    # 1: look @d4 facing E: ahead e4..o4 -; left d3 d2=A1@2; right d5 d6=B1@2. Tie: keep E.
    #    Move e4.
    # 2..5: looks @e4, f4, g4, h4: columns e..h and row 4 are empty -. Moves f4, g4, h4, i4.
    # final look @i4: ahead j4..o4 -; left i3..i1 -; right i5..i11 -. Facing E.
    s = monster_position(
        {"A1": "d2", "B1": "d6"}, monster="d4", facing="E", stones=[], pools=[], stage=2
    )
    s2, events = reveal(s, "5")
    assert seen(events)[0] == ("", "A1@2", "B1@2", "E")
    assert turns(events) == []
    assert_walk(events, "d4", ["e4", "f4", "g4", "h4", "i4"])
    assert eaten(events) == []
    assert monster_at(s2) == ("i4", "E")
    assert (where(s2, "A1"), where(s2, "B1")) == ("d2", "d6")


@pytest.mark.rules("MON-CHOOSE", "MON-DISTANCE", "MON-WRAP")
def test_strictly_nearest_wins_over_farther_side_and_ahead() -> None:
    # No stones or pools. Monster d4 facing E; A1 on d2 (left, 2), B1 on d7 (right, 3),
    # C1 on h4 (ahead, 4).
    # 1: look @d4 facing E: ahead e4 f4 g4 h4=C1@4; left d3 d2=A1@2; right d5 d6 d7=B1@3.
    #    A1 strictly nearest: turn N; move d3.
    # 2: look @d3 facing N: ahead d2=A1@1; left c3 b3 a3 -; right e3..n3 -. Move d2, eat A1.
    # 3: look @d2: ahead d1 -; left c2 b2 a2 -; right e2..m2 -. Move d1.
    # 4: look @d1: ahead wall; left c1 b1 a1 -; right e1..l1 -. Move N through wall D:
    #    re-enter (10-0, 15-3) = m11, facing N.
    # 5: look @m11: ahead m10..m2 (m1 is no square) -; left l11..e11 -; right n11 o11 p11 -.
    #    Move m10.
    # final look @m10: ahead m9..m2 -; left l10..d10 -; right n10 o10 p10 -. Facing N.
    s = monster_position(
        {"A1": "d2", "B1": "d7", "C1": "h4"}, monster="d4", facing="E", stones=[], pools=[], stage=2
    )
    s2, events = reveal(s, "5")
    assert seen(events)[0] == ("C1@4", "A1@2", "B1@3", "N")
    assert turns(events) == [("d4", "E", "N")]
    assert_walk(events, "d4", ["d3", "d2", "d1", "m11", "m10"])
    assert wraps(events) == [("d1", "m11", "D")]
    assert eaten(events) == [("A1", "d2")]
    assert monster_at(s2) == ("m10", "N")
    assert (where(s2, "B1"), where(s2, "C1")) == ("d7", "h4")


@pytest.mark.rules("MON-CHOOSE", "MON-DISTANCE")
def test_three_way_tie_keeps_facing() -> None:
    # No stones or pools. Monster h6 facing S; A1 ahead on h8 (2), B1 left (E) on j6 (2),
    # C1 right (W) on f6 (2).
    # 1: look @h6 facing S: ahead h7 h8=A1@2; left i6 j6=B1@2; right g6 f6=C1@2. Tie: keep S.
    #    Move h7.
    # 2: look @h7: ahead h8=A1@1; left i7..p7 -; right g7..a7 -. Move h8, eat A1.
    # 3: look @h8: ahead h9 h10 h11 -; left i8..p8 -; right g8..b8 -. Move h9.
    # 4: move h10.  5: move h11.  final look @h11: ahead wall; left i11..p11; right g11..e11 -.
    s = monster_position(
        {"A1": "h8", "B1": "j6", "C1": "f6"}, monster="h6", facing="S", stones=[], pools=[], stage=2
    )
    s2, events = reveal(s, "5")
    assert seen(events)[0] == ("A1@2", "B1@2", "C1@2", "S")
    assert turns(events) == []
    assert_walk(events, "h6", ["h7", "h8", "h9", "h10", "h11"])
    assert eaten(events) == [("A1", "h8")]
    assert monster_at(s2) == ("h11", "S")


# ---------------------------------------------------------------------------------------------
# MON-EAT and MON-EATEN
# ---------------------------------------------------------------------------------------------


@pytest.mark.rules("MON-EAT", "MON-EATEN", "MON-TILE", "MON-WRAP")
def test_eat_and_go_on_stage_1_figures_wait_with_face_unchanged() -> None:
    # No stones or pools, stage 1, tile 7. Monster a1 facing S; A5 on a3 showing its black side 2;
    # B1 on a5 showing 1.
    # 1: look @a1 facing S: ahead a2 a3=A5@2; left (E) b1..l1 -; right (W) wall. Move a2.
    # 2: ahead A5@1; move a3, eat A5 (eaten, never pushed).
    # 3: look @a3: ahead a4 a5=B1@2; left b3..n3 -; right wall. Move a4.
    # 4: ahead B1@1; move a5, eat B1.
    # 5: look @a5: ahead a6 a7 -; left b5..p5 -. Move a6.
    # 6: look @a6: ahead a7 -; left b6..p6 -. Move a7.
    # 7: look @a7: ahead wall (a8 is no square); left b7..p7 -; right wall. Move S through wall T:
    #    re-enter (10-6, 15-0) = p5, facing S.
    # final look @p5 facing S: ahead p6..p11 -; left (E) wall; right (W) o5..a5 -. Facing S.
    # Eating does not shorten the tile: 7 steps. Both figures wait, not turned over.
    s = monster_position(
        {"A5": "a3", "B1": "a5"}, monster="a1", facing="S", stones=[], pools=[], faces={"A5": 2}
    )
    s2, events = reveal(s, "7")
    assert_walk(events, "a1", ["a2", "a3", "a4", "a5", "a6", "a7", "p5"])
    assert eaten(events) == [("A5", "a3"), ("B1", "a5")]
    assert not any(isinstance(e, ev.FigurePushed) for e in events)
    assert wraps(events) == [("a7", "p5", "T")]
    assert monster_at(s2) == ("p5", "S")
    assert where(s2, "A5") == "waiting"
    assert where(s2, "B1") == "waiting"
    assert s2.figure("A5").face == 2
    assert s2.figure("B1").face == 1


@pytest.mark.rules("MON-EATEN", "MON-EAT")
def test_eaten_in_stage_2_is_removed() -> None:
    # Same start in stage 2 with tile 5: steps 1-5 as above (a2, a3 eat A5, a4, a5 eat B1, a6),
    # final look @a6 facing S: ahead a7 -; left b6..p6 -. Both figures removed for good.
    s = monster_position(
        {"A5": "a3", "B1": "a5"},
        monster="a1",
        facing="S",
        stones=[],
        pools=[],
        faces={"A5": 2},
        stage=2,
    )
    s2, events = reveal(s, "5")
    assert_walk(events, "a1", ["a2", "a3", "a4", "a5", "a6"])
    assert [e.then for e in events if isinstance(e, ev.FigureEaten)] == ["removed", "removed"]
    assert where(s2, "A5") == "removed"
    assert where(s2, "B1") == "removed"
    assert monster_at(s2) == ("a6", "S")


@pytest.mark.rules("MON-STEP", "MON-CHOOSE", "MON-WRAP")
def test_facing_carries_over_to_the_next_round() -> None:
    # Round 2 (stage 1), basic layout, tile 7: monster a1 facing E; A5 on a4, B4 on f1.
    # 1-5 as in the spec example: turn S at a1 (A5@3 beats B4@5), a2, a3, a4 (eat A5), a5, a6.
    # 6: look @a6 facing S: ahead a7 -; left b6..h6 i6# -; right wall. Move a7.
    # 7: look @a7: ahead wall; left b7..f7 g7# -; right wall. Move S through wall T: p5.
    # final look @p5 facing S: ahead p6..p11 -; left wall; right o5..i5 h5# -. Facing S.
    s = monster_position({"A5": "a4", "B4": "f1"}, monster="a1", facing="E")
    s2, events = reveal(s, "7")
    assert_walk(events, "a1", ["a2", "a3", "a4", "a5", "a6", "a7", "p5"])
    assert monster_at(s2) == ("p5", "S")
    # Round 3: every figure makes the zero move (nothing moves, the monster is untouched).
    assert s2.phase is fr.Phase.FIGURES
    while s2.phase is fr.Phase.FIGURES:
        zero = [m for m in fr.legal_moves(s2) if isinstance(m, fr.FigureMove) and not m.path]
        s2 = fr.apply(s2, zero[0])
    assert monster_at(s2) == ("p5", "S")
    # Tile 8, starting from p5 facing S (the facing carried over):
    # 1: look @p5 facing S: ahead p6..p11 -; left wall; right o5..i5 h5# -. Move p6.
    # 2: look @p6: ahead p7..p11 -; right o6 n6# -. Move p7.
    # 3: look @p7: right o7..h7 g7# -. Move p8.  4: look @p8: right o8 n8 m8# -. Move p9.
    # 5: look @p9: right o9# -. Move p10.  6: look @p10: right o10..j10 i10# -. Move p11.
    # 7: look @p11: ahead wall; left wall; right o11..e11 -. Move S through wall A: a1.
    # 8: look @a1 facing S: ahead a2..a7 -; left (E) b1 c1 d1 e1 f1=B4@5; right wall.
    #    Turn E; move b1.
    # final look @b1 facing E: ahead c1 d1 e1 f1=B4@4; left wall; right b2..b8 -. Facing E.
    s3, events3 = reveal(s2, "8")
    assert seen(events3)[0][3] == "S"
    assert_walk(events3, "p5", ["p6", "p7", "p8", "p9", "p10", "p11", "a1", "b1"])
    assert turns(events3) == [("a1", "S", "E")]
    assert monster_at(s3) == ("b1", "E")


# ---------------------------------------------------------------------------------------------
# MON-PUSH, MON-PUSH-OFF
# ---------------------------------------------------------------------------------------------


@pytest.mark.rules("MON-PUSH", "MON-SIGHT-BLOCK")
def test_push_a_line_of_two_stones_and_a_figure() -> None:
    # Stones c5 d5, no pools. Monster b5 facing E; A4 on e5 showing 3.
    # 1: look @b5 facing E: ahead c5# -; left b4..b1 -; right b6 b7 b8 -. Move onto c5: the line
    #    c5# d5# e5=A4 is pushed one square (far end first): A4 -> f5, d5 -> e5, c5 -> d5;
    #    monster on c5.
    # 2: look @c5: ahead d5# -; left c4..c1 -; right c6..c9 -. Push: A4 -> g5, stones -> e5 f5;
    #    monster d5.
    # 3: push: A4 -> h5, stones f5 g5; monster e5.  4: A4 -> i5, stones g5 h5; monster f5.
    # 5: A4 -> j5, stones h5 i5; monster g5. (Every look: ahead a stone; columns c..g empty.)
    # final look @g5: ahead h5# -. Facing E. A4 pushed, never eaten, never flipped.
    s = monster_position(
        {"A4": "e5"},
        monster="b5",
        facing="E",
        stones=["c5", "d5"],
        pools=[],
        faces={"A4": 3},
        stage=2,
    )
    s2, events = reveal(s, "5")
    assert_walk(events, "b5", ["c5", "d5", "e5", "f5", "g5"])
    assert eaten(events) == []
    assert [(e.figure, e.frm, e.to) for e in events if isinstance(e, ev.FigurePushed)] == [
        ("A4", "e5", "f5"),
        ("A4", "f5", "g5"),
        ("A4", "g5", "h5"),
        ("A4", "h5", "i5"),
        ("A4", "i5", "j5"),
    ]
    assert where(s2, "A4") == "j5"
    assert s2.figure("A4").face == 3
    assert stone_names(s2) == {"h5", "i5"}
    assert monster_at(s2) == ("g5", "E")


@pytest.mark.rules("MON-PUSH", "MON-PUSH-OFF", "MON-WRAP", "MON-EATEN")
def test_spec_push_example_figure_and_stone_over_the_east_edge() -> None:
    # spec MON-PUSH example on the basic layout: monster m6 facing E; n6 holds a (basic) stone,
    # A1 on o6, p6 empty.
    # 1: look @m6 facing E: ahead n6# -; left m5 m4# -; right m7 m8# -. Move onto n6: A1 -> p6,
    #    stone -> o6, monster n6.
    # 2: look @n6: ahead o6# -; left n5 n4 n3 -; right n7..n11 -. Move: A1 pushed over the east
    #    wall (eaten), stone -> p6, monster o6.
    # 3: look @o6: ahead p6# -; left o5 o4 -; right o7 o8 o9# -. Move: the stone is pushed off
    #    the board and removed; monster p6.
    # 4: look @p6: ahead wall; left p5 -; right p7..p11 -. Move E through wall V: a6.
    # 5: look @a6: ahead b6..h6 i6# -; left a5..a1 -; right a7 -. Move b6.
    # final look @b6: ahead c6..h6 i6# -; left b5..b1 -; right b7 b8 -. Facing E.
    s = monster_position({"A1": "o6"}, monster="m6", facing="E", stage=2)
    s2, events = reveal(s, "5")
    assert_walk(events, "m6", ["n6", "o6", "p6", "a6", "b6"])
    assert eaten(events) == [("A1", "p6")]
    assert where(s2, "A1") == "removed"
    assert [e.square for e in events if isinstance(e, ev.StoneRemoved)] == ["p6"]
    assert stone_names(s2) == BASIC_STONES - {"n6"}
    assert wraps(events) == [("p6", "a6", "V")]
    assert monster_at(s2) == ("b6", "E")


@pytest.mark.rules("MON-PUSH-OFF", "MON-HITS", "MON-EATEN")
def test_figure_pushed_off_counts_as_eaten_and_as_a_hit() -> None:
    # Stage 1, tile 1hit. Stone o6 only, no pools. Monster m6 facing E; A1 on p6.
    # 1: look @m6 facing E: ahead n6 o6# -; left m5..m2 -; right m7..m11 -. Move n6.
    # 2: look @n6: ahead o6# -; left n5 n4 n3 -; right n7..n11 -. Move: the line o6# p6=A1 is
    #    pushed; A1 goes over the east wall: eaten, the first hit. Stone -> p6, monster o6.
    #    The count reached 1: stop.
    # final look @o6 facing E: ahead p6# -; left o5 o4 -; right o7..o11 -. Facing E.
    s = monster_position({"A1": "p6"}, monster="m6", facing="E", stones=["o6"], pools=[])
    s2, events = reveal(s, "1hit")
    assert_walk(events, "m6", ["n6", "o6"])
    assert eaten(events) == [("A1", "p6")]
    assert where(s2, "A1") == "waiting"
    assert stone_names(s2) == {"p6"}
    assert monster_at(s2) == ("o6", "E")


# ---------------------------------------------------------------------------------------------
# MON-PUSH-POOL and MON-CORNER-STONE
# ---------------------------------------------------------------------------------------------


@pytest.mark.rules("MON-PUSH-POOL", "MON-PUSH", "MON-CHOOSE")
def test_figure_pushed_onto_a_pool_slides_across() -> None:
    # Basic pools, one stone on h7. Monster h6 facing S; A1 on h8 (behind the stone), B1 on i7.
    # 1: look @h6 facing S: ahead h7# -; left (E) i6..p6 -; right (W) g6..a6 -. Move onto h7:
    #    line h7# h8=A1, then h9 (empty pool square). Far end first: A1 -> h9, a pool: it slides
    #    on to h10 (beyond, empty) and stops; the stone -> h8; monster h7.
    # 2: look @h7 facing S: ahead h8# -; left (E) i7=B1@1; right (W) g7..a7 -. Turn E; move i7,
    #    eat B1.
    # 3: look @i7 facing E: ahead j7..p7 -; left i6 i5 i4~ i3~ i2 i1 -; right i8..i11 -. Move j7.
    # 4: look @j7: ahead k7..p7 -; left j6 j5 j4~ j3~ j2 j1 -; right j8..j11 -. Move k7.
    # 5: look @k7: ahead l7..p7 -; left k6..k1 -; right k8..k11 -. Move l7.
    # final look @l7: ahead m7..p7 -; left l6..l1 -; right l8..l11 -. Facing E.
    s = monster_position(
        {"A1": "h8", "B1": "i7"}, monster="h6", facing="S", stones=["h7"], faces={"A1": 6}, stage=2
    )
    s2, events = reveal(s, "5")
    assert_walk(events, "h6", ["h7", "i7", "j7", "k7", "l7"])
    assert where(s2, "A1") == "h10"
    assert s2.figure("A1").face == 6
    assert stone_names(s2) == {"h8"}
    assert eaten(events) == [("B1", "i7")]
    assert monster_at(s2) == ("l7", "E")


@pytest.mark.rules("MON-PUSH-POOL", "MON-SIGHT-BLOCK", "MON-CHOOSE")
def test_stone_pushed_onto_a_pool_stops_on_the_last_pool_square_before_a_figure() -> None:
    # Basic pools, one stone on h8. Monster h6 facing S; A1 on h10 (beyond the pool square h9),
    # B1 on j8.
    # 1: look @h6 facing S: ahead h7 h8# -; left i6..p6 -; right g6..a6 -. Move h7.
    # 2: look @h7: ahead h8# -; left i7..p7 -; right g7..a7 -. Move onto h8: the stone -> h9
    #    (pool); the square beyond, h10, holds A1, so the stone stays on h9. Monster h8.
    # 3: look @h8: ahead h9# (a stone on the pool blocks) -; left (E) i8 j8=B1@2; right (W)
    #    g8..b8 -. Turn E; move i8.
    # 4: look @i8 facing E: ahead j8=B1@1; left i7 i6..i1 (i4~ i3~) -; right i9..i11 -.
    #    Move j8, eat B1.
    # 5: look @j8: ahead k8..p8 -; left j7..j1 -; right j9..j11 -. Move k8.
    # final look @k8: ahead l8..p8 -; left k7..k1 -; right k9..k11 -. Facing E.
    s = monster_position(
        {"A1": "h10", "B1": "j8"}, monster="h6", facing="S", stones=["h8"], stage=2
    )
    s2, events = reveal(s, "5")
    assert_walk(events, "h6", ["h7", "h8", "i8", "j8", "k8"])
    assert stone_names(s2) == {"h9"}
    assert where(s2, "A1") == "h10"
    assert eaten(events) == [("B1", "j8")]
    assert monster_at(s2) == ("k8", "E")


@pytest.mark.rules("MON-PUSH-POOL", "MON-SLIDE", "MON-PUSH-OFF", "MON-WRAP")
def test_stone_slides_over_a_pool_then_is_pushed_from_beyond_it_and_off_the_board() -> None:
    # Basic layout. Monster e7 facing S, no figures.
    # 1: look @e7 facing S: ahead e8# -; left (E) f7 g7# -; right (W) d7..a7 -. Move onto e8:
    #    stone -> e9 (pool), slides; e10 is beyond, empty: the stone stops on e10. Monster e8.
    # 2: look @e8: ahead e9~ e10# -; left f8..l8 m8# -; right d8 c8 b8 -. Move onto e9 (pool) and
    #    slide: the square beyond, e10, holds the stone: it is pushed to e11; monster ends on e10.
    # 3: look @e10: ahead e11# -; left f10# -; right d10 -. Move onto e11: the stone is pushed
    #    over the south wall and removed. Monster e11.
    # 4: look @e11: ahead wall; left f11..p11 -; right wall. Move S through wall L:
    #    (10-10, 15-4) = l1.
    # 5: look @l1 facing S: ahead l2..l11 -; left (E) wall; right (W) k1..a1 -. Move l2.
    # final look @l2: ahead l3..l11 -; left m2 -; right k2..a2 -. Facing S.
    s = monster_position({}, monster="e7", facing="S", stage=2)
    s2, events = reveal(s, "5")
    assert_walk(events, "e7", ["e8", "e10", "e11", "l1", "l2"])
    assert [e.square for e in events if isinstance(e, ev.StoneRemoved)] == ["e11"]
    assert stone_names(s2) == BASIC_STONES - {"e8"}
    assert wraps(events) == [("e11", "l1", "L")]
    assert monster_at(s2) == ("l2", "S")


@pytest.mark.rules("MON-CORNER-STONE", "MON-PUSH", "MON-CHOOSE")
@pytest.mark.parametrize(("option", "stones_after"), [("remove", set()), ("keep", {"a1"})])
def test_stone_pushed_onto_a_corner(option: MonsterCornerStone, stones_after: set[str]) -> None:
    # One stone on b1, no pools. Monster d1 facing W; A1 on b5.
    # 1: look @d1 facing W: ahead c1 b1# -; left (S) d2..d10 -; right wall. Move c1.
    # 2: look @c1: ahead b1# -; left c2..c9 -; right wall. Move onto b1: the stone -> a1, a
    #    corner: removed (default) or kept (monster_corner_stone=keep). Monster b1.
    # 3: look @b1 facing W: ahead a1 (empty, or the kept stone) -; left (S) b2 b3 b4 b5=A1@4;
    #    right wall. Turn S; move b2.
    # 4: ahead b3 b4 b5=A1@3; move b3.  5: move b4.
    # final look @b4 facing S: ahead b5=A1@1; left c4..o4 -; right a4 -. Facing S.
    s = monster_position(
        {"A1": "b5"},
        monster="d1",
        facing="W",
        stones=["b1"],
        pools=[],
        stage=2,
        options=fr.RuleOptions(monster_corner_stone=option),
    )
    s2, events = reveal(s, "5")
    assert_walk(events, "d1", ["c1", "b1", "b2", "b3", "b4"])
    assert stone_names(s2) == stones_after
    assert len([e for e in events if isinstance(e, ev.StoneRemoved)]) == (
        1 if option == "remove" else 0
    )
    assert monster_at(s2) == ("b4", "S")
    assert where(s2, "A1") == "b5"


@pytest.mark.rules("MON-CORNER-STONE", "MON-PUSH", "MON-WRAP")
def test_kept_corner_stone_is_pushed_on_by_the_monster() -> None:
    # monster_corner_stone=keep. One stone on b1, no pools, no figures. Monster d1 facing W.
    # 1: look @d1: ahead c1 b1# -. Move c1.
    # 2: move onto b1: stone -> a1 and stays there. Monster b1.
    # 3: look @b1: ahead a1# -; left b2..b8 -. Move onto a1: the stone is pushed over the west
    #    wall and removed. Monster a1.
    # 4: look @a1: ahead wall; left a2..a7 -; right wall. Move W through the star wall: p11.
    # 5: look @p11 facing W: ahead o11..e11 -; left wall; right p10..p5 -. Move o11.
    # final look @o11: ahead n11..e11 -; right o10..o4 -. Facing W.
    s = monster_position(
        {},
        monster="d1",
        facing="W",
        stones=["b1"],
        pools=[],
        stage=2,
        options=fr.RuleOptions(monster_corner_stone="keep"),
    )
    s2, events = reveal(s, "5")
    assert_walk(events, "d1", ["c1", "b1", "a1", "p11", "o11"])
    assert [e.square for e in events if isinstance(e, ev.StoneRemoved)] == ["a1"]
    assert stone_names(s2) == set()
    assert monster_at(s2) == ("o11", "W")


# ---------------------------------------------------------------------------------------------
# MON-SLIDE, MON-SLIDE-OCCUPIED, MON-SLIDE-EDGE
# ---------------------------------------------------------------------------------------------


@pytest.mark.rules("MON-SLIDE", "MON-STEP", "MON-SIGHT-BLOCK")
def test_slide_lengthwise_across_the_strip_is_one_step_without_looking() -> None:
    # Basic layout. Monster d9 facing E; A1 on g11 and B1 on h7 would be seen from g9 (right,
    # distance 2) and h9 (left, distance 2) if the monster looked while sliding.
    # 1: look @d9 facing E: ahead e9~ f9~ g9~ h9~ i9..n9 o9# -; left d8..d1 -; right d10 -.
    #    Move onto e9 and slide over f9 g9 h9 to i9: one step, no look on the way.
    # 2: look @i9: ahead j9..n9 o9# -; left i8 i7 i6# -; right i10# -. Move j9.
    # 3: look @j9: ahead k9 l9 m9 n9 o9# -; left j8..j5 j4~ j3~ j2 j1 -; right j10 j11 -. Move k9.
    # 4: look @k9: left k8..k1 -; right k10 k11 -. Move l9.
    # 5: look @l9: left l8..l1 -; right l10 l11 -. Move m9.
    # final look @m9: ahead n9 o9# -; left m8# -; right m10 m11 -. Facing E.
    s = monster_position({"A1": "g11", "B1": "h7"}, monster="d9", facing="E", stage=2)
    s2, events = reveal(s, "5")
    assert_walk(events, "d9", ["i9", "j9", "k9", "l9", "m9"])
    assert steps(events) == 5
    assert [(e.frm, e.to) for e in events if isinstance(e, ev.MonsterSlid)] != []
    assert monster_at(s2) == ("m9", "E")
    assert (where(s2, "A1"), where(s2, "B1")) == ("g11", "h7")


@pytest.mark.rules("MON-SLIDE", "MON-PUSH")
def test_slide_southwards_across_the_square_pool() -> None:
    # Basic layout, no figures. Monster i1 facing S.
    # 1: look @i1: ahead i2 i3~ i4~ i5 i6# -; left j1 k1 l1 -; right h1..a1 -. Move i2.
    # 2: look @i2: ahead i3~ i4~ i5 i6# -; left j2..m2 -; right h2..a2 -. Move onto i3, slide over
    #    i4 to i5 (empty). One step.
    # 3: look @i5: ahead i6# -; left j5..p5 -; right h5# -. Move onto i6: stone -> i7; monster i6.
    # 4: look @i6: ahead i7# -; left j6 k6 l6 m6 n6# -; right h6..a6 -. Stone -> i8; monster i7.
    # 5: look @i7: ahead i8# -; left j7..p7 -; right h7 g7# -. Stone -> i9 (i9 empty; the line
    #    ends there); monster i8.
    # final look @i8: ahead i9# -; left j8..l8 m8# -; right h8 g8 f8 e8# -. Facing S.
    s = monster_position({}, monster="i1", facing="S", stage=2)
    s2, events = reveal(s, "5")
    assert_walk(events, "i1", ["i2", "i5", "i6", "i7", "i8"])
    assert stone_names(s2) == (BASIC_STONES - {"i6"}) | {"i9"}
    assert monster_at(s2) == ("i8", "S")


@pytest.mark.rules("MON-SLIDE", "MON-PUSH-OFF", "MON-WRAP")
def test_stone_on_the_square_beyond_the_pool_is_pushed() -> None:
    # Basic layout, no figures. Monster f7 facing S.
    # 1: look @f7: ahead f8 f9~ f10# -; left (E) g7# -; right (W) e7..a7 -. Move f8.
    # 2: look @f8: ahead f9~ f10# -; left g8..l8 m8# -; right e8# -. Move onto f9 (pool), slide:
    #    beyond is f10 with a stone: it is pushed to f11; the monster ends on f10.
    # 3: look @f10: ahead f11# -; left g10 h10 i10# -; right e10 d10 -. Move onto f11: stone
    #    pushed over the south wall, removed. Monster f11.
    # 4: look @f11: ahead wall; left g11..p11 -; right e11 -. Move S through wall K:
    #    (10-10, 15-5) = k1.
    # 5: look @k1 facing S: ahead k2..k11 -; left l1 -; right j1..a1 -. Move k2.
    # final look @k2: ahead k3..k11 -; left l2 m2 -; right j2..a2 -. Facing S.
    s = monster_position({}, monster="f7", facing="S", stage=2)
    s2, events = reveal(s, "5")
    assert_walk(events, "f7", ["f8", "f10", "f11", "k1", "k2"])
    assert stone_names(s2) == BASIC_STONES - {"f10"}
    assert wraps(events) == [("f11", "k1", "K")]
    assert monster_at(s2) == ("k2", "S")


@pytest.mark.rules("MON-SLIDE", "MON-PUSH", "MON-PUSH-POOL")
def test_stone_on_the_first_pool_square_is_pushed_then_the_monster_slides() -> None:
    # Basic layout plus a stone on e9 (a pool square). Monster d9 facing E, no figures.
    # 1: look @d9: ahead e9# -; left d8..d1 -; right d10 -. Move onto e9: its stone is pushed to
    #    f9 (pool) and slides over g9 h9 to i9 (beyond, empty). The monster enters e9 and slides
    #    over f9 g9 h9; beyond, i9 holds the stone: pushed to j9; monster ends on i9.
    # 2: look @i9: ahead j9# -; left i8 i7 i6# -; right i10# -. Stone -> k9, monster j9.
    # 3: look @j9: ahead k9# -. Stone -> l9, monster k9.
    # 4: look @k9: ahead l9# -. Stone -> m9, monster l9.
    # 5: look @l9: ahead m9# -. Stone -> n9 (empty, o9 beyond it is not part of the line),
    #    monster m9.
    # final look @m9: ahead n9# -; left m8# -; right m10 m11 -. Facing E.
    s = monster_position(
        {}, monster="d9", facing="E", stones=sorted(BASIC_STONES | {"e9"}), stage=2
    )
    s2, events = reveal(s, "5")
    assert_walk(events, "d9", ["i9", "j9", "k9", "l9", "m9"])
    assert stone_names(s2) == BASIC_STONES | {"n9"}
    assert monster_at(s2) == ("m9", "E")


@pytest.mark.rules("MON-SLIDE-OCCUPIED", "MON-SLIDE", "MON-PUSH-POOL")
def test_stone_lying_further_on_the_pool_is_pushed_ahead_of_the_slide() -> None:
    # Basic layout plus a stone on g9. Monster d9 facing E, no figures.
    # 1: look @d9: ahead e9~ f9~ g9# -. Move onto e9, slide to f9; next g9 holds a stone: it is
    #    pushed to h9 (pool) and slides to i9 (beyond, empty). The monster goes on over g9 h9;
    #    beyond, i9 holds the stone: pushed to j9; monster ends on i9.
    # 2-5: as in the previous test: the stone goes k9, l9, m9, n9; monster j9, k9, l9, m9.
    # final look @m9: ahead n9# -; left m8# -; right m10 m11 -. Facing E.
    s = monster_position(
        {}, monster="d9", facing="E", stones=sorted(BASIC_STONES | {"g9"}), stage=2
    )
    s2, events = reveal(s, "5")
    assert_walk(events, "d9", ["i9", "j9", "k9", "l9", "m9"])
    assert stone_names(s2) == BASIC_STONES | {"n9"}
    assert monster_at(s2) == ("m9", "E")


@pytest.mark.rules("MON-SLIDE-OCCUPIED", "MON-SLIDE", "MON-PUSH-POOL", "MON-SIGHT-BLOCK")
def test_figure_lying_on_the_pool_is_pushed_by_default() -> None:
    # Basic layout. Monster d9 facing E; A1 on g9 (a pool square), B1 on i8.
    # monster_slide_figure = push (default).
    # 1: look @d9 facing E: ahead e9~ f9~ g9=A1@3 (a figure on a pool is seen); left d8..d1 -;
    #    right d10 -. Keep E. Move onto e9, slide to f9; g9 holds A1: pushed like a stone to h9
    #    (pool), slides to i9 (beyond, empty). Monster on g9, h9; beyond, i9 holds A1, still
    #    treated as a stone: pushed to j9. Monster ends on i9. A1 is not eaten in this step.
    # 2: look @i9 facing E: ahead j9=A1@1; left (N) i8=B1@1; right i10# -. Tie: keep E.
    #    Move j9, eat A1.
    # 3: look @j9: ahead k9..n9 o9# -; left j8..j1 -; right j10 j11 -. Move k9.
    # 4: move l9.  5: move m9.  final look @m9: ahead n9 o9# -; left m8# -. Facing E.
    s = monster_position({"A1": "g9", "B1": "i8"}, monster="d9", facing="E", stage=2)
    s2, events = reveal(s, "5")
    assert seen(events)[0] == ("A1@3", "", "", "E")
    assert seen(events)[1] == ("A1@1", "B1@1", "", "E")
    assert_walk(events, "d9", ["i9", "j9", "k9", "l9", "m9"])
    assert eaten(events) == [("A1", "j9")]
    assert where(s2, "B1") == "i8"
    assert monster_at(s2) == ("m9", "E")


@pytest.mark.rules("MON-SLIDE-OCCUPIED", "MON-SLIDE", "MON-CHOOSE", "MON-PUSH", "MON-PUSH-POOL")
def test_figure_lying_on_the_pool_is_eaten_with_option_eat() -> None:
    # Same position, monster_slide_figure = eat.
    # 1: look @d9: ahead A1@3; keep E. Slide e9, f9, g9: A1 eaten on g9; slide on over h9 to i9.
    # 2: look @i9 facing E: ahead j9..n9 o9# -; left (N) i8=B1@1; right i10# -. Turn N; move i8,
    #    eat B1.
    # 3: look @i8 facing N: ahead i7 i6# -; left (W) h8 g8 f8 e8# -; right (E) j8 k8 l8 m8# -.
    #    Move i7.
    # 4: look @i7: ahead i6# -; left h7 g7# -; right j7..p7 -. Move onto i6: stone -> i5.
    # 5: look @i6: ahead i5# -; left h6..a6 -; right j6..m6 n6# -. Move onto i5: stone -> i4, a
    #    pool: slides over i3 to i2 (beyond, empty). Monster i5.
    # final look @i5 facing N: ahead i4~ i3~ i2# -; left h5# -; right j5..p5 -. Facing N.
    s = monster_position(
        {"A1": "g9", "B1": "i8"},
        monster="d9",
        facing="E",
        stage=2,
        options=fr.RuleOptions(monster_slide_figure="eat"),
    )
    s2, events = reveal(s, "5")
    assert seen(events)[1] == ("", "B1@1", "", "N")
    assert_walk(events, "d9", ["i9", "i8", "i7", "i6", "i5"])
    assert eaten(events) == [("A1", "g9"), ("B1", "i8")]
    assert stone_names(s2) == (BASIC_STONES - {"i6"}) | {"i2"}
    assert monster_at(s2) == ("i5", "N")


@pytest.mark.rules("MON-SLIDE", "MON-SLIDE-OCCUPIED", "MON-EAT")
@pytest.mark.parametrize("option", ["push", "eat"])
def test_figure_on_the_first_pool_square_is_eaten_under_both_options(
    option: MonsterSlideFigure,
) -> None:
    # Basic layout. Monster d9 facing E; A1 on e9, the pool square it moves onto first.
    # 1: look @d9: ahead e9=A1@1; left d8..d1 -; right d10 -. Move onto e9: A1 eaten (the first
    #    pool square is entered like any target square, whatever the option); slide f9 g9 h9 -> i9.
    # 2-5 and the final look as in the slide test: j9, k9, l9, m9; facing E.
    s = monster_position(
        {"A1": "e9"},
        monster="d9",
        facing="E",
        stage=2,
        options=fr.RuleOptions(monster_slide_figure=option),
    )
    s2, events = reveal(s, "5")
    assert_walk(events, "d9", ["i9", "j9", "k9", "l9", "m9"])
    assert eaten(events) == [("A1", "e9")]
    assert monster_at(s2) == ("m9", "E")


@pytest.mark.rules("MON-SLIDE-EDGE", "MON-WRAP")
def test_pool_at_the_edge_wrap_by_default() -> None:
    # Pools o7 p7 (touching the east wall), no stones, no figures. Monster n7 facing E.
    # 1: look @n7: ahead o7~ p7~ wall -; left n6 n5 n4 n3 -; right n8..n11 -. Move onto o7, slide
    #    to p7; beyond is off the board: it passes wall W and re-enters (10-6, 15-15) = a5, all in
    #    this one step.
    # 2: look @a5 facing E: ahead b5..p5 -; left a4..a1 -; right a6 a7 -. Move b5.
    # 3: c5.  4: d5.  5: e5.  final look @e5: nothing. Facing E.
    s = monster_position({}, monster="n7", facing="E", stones=[], pools=["o7", "p7"], stage=2)
    s2, events = reveal(s, "5")
    assert_walk(events, "n7", ["a5", "b5", "c5", "d5", "e5"])
    assert wraps(events) == [("p7", "a5", "W")]
    assert monster_at(s2) == ("e5", "E")


@pytest.mark.rules("MON-SLIDE-EDGE", "MON-WRAP")
def test_pool_at_the_edge_stop_option() -> None:
    # monster_pool_edge = stop. Same position.
    # 1: onto o7, slide to p7; beyond is off the board: it stops on the pool square p7.
    # 2: look @p7 facing E: ahead wall; left p6 p5 -; right p8..p11 -. Move E through wall W:
    #    a5 (an ordinary step).
    # 3: b5.  4: c5.  5: d5.  final look @d5: nothing. Facing E.
    s = monster_position(
        {},
        monster="n7",
        facing="E",
        stones=[],
        pools=["o7", "p7"],
        stage=2,
        options=fr.RuleOptions(monster_pool_edge="stop"),
    )
    s2, events = reveal(s, "5")
    assert_walk(events, "n7", ["p7", "a5", "b5", "c5", "d5"])
    assert wraps(events) == [("p7", "a5", "W")]
    assert monster_at(s2) == ("d5", "E")


@pytest.mark.rules("MON-SLIDE-EDGE", "MON-SLIDE", "MON-WRAP")
def test_pool_at_the_edge_wrapping_onto_another_pool_slides_on() -> None:
    # Pools o7 p7 and a5 b5, no stones. Monster n7 facing E.
    # 1: onto o7, slide to p7, through wall W to a5, a pool square: slide on over b5 to c5. One
    #    step.
    # 2: look @c5: nothing. Move d5.  3: e5.  4: f5.  5: g5.  final look @g5: nothing. Facing E.
    s = monster_position(
        {}, monster="n7", facing="E", stones=[], pools=["o7", "p7", "a5", "b5"], stage=2
    )
    s2, events = reveal(s, "5")
    assert_walk(events, "n7", ["c5", "d5", "e5", "f5", "g5"])
    assert monster_at(s2) == ("g5", "E")


# ---------------------------------------------------------------------------------------------
# MON-WRAP and MON-WRAP-OCCUPIED
# ---------------------------------------------------------------------------------------------


@pytest.mark.rules("MON-WRAP")
@pytest.mark.parametrize(
    ("start", "facing", "path", "wall"),
    [
        # a1 facing N: look: ahead wall, left (W) wall, right b1..l1 -. North through wall A to
        # p11, then p10, p9, p8, p7 (column p is empty).
        ("a1", "N", ["p11", "p10", "p9", "p8", "p7"], "A"),
        # p6 facing E through wall V to a6 (the other V), then b6..e6.
        ("p6", "E", ["a6", "b6", "c6", "d6", "e6"], "V"),
        # staircase square m2: north through wall N to (10-1, 15-12) = d10, then d9..d6.
        ("m2", "N", ["d10", "d9", "d8", "d7", "d6"], "N"),
        # m2 east through wall O to the same square d10, then e10..h10.
        ("m2", "E", ["d10", "e10", "f10", "g10", "h10"], "O"),
        # l1 east through wall M to (10, 4) = e11, then f11..i11.
        ("l1", "E", ["e11", "f11", "g11", "h11", "i11"], "M"),
        # b8 west through wall S to (3, 14) = o4, then n4..k4.
        ("b8", "W", ["o4", "n4", "m4", "l4", "k4"], "S"),
        # a7 south through wall T to (4, 15) = p5, then p6..p9.
        ("a7", "S", ["p5", "p6", "p7", "p8", "p9"], "T"),
        # p11 east through the star wall to a1, then b1..e1.
        ("p11", "E", ["a1", "b1", "c1", "d1", "e1"], "*"),
    ],
)
def test_wrap_examples(start: str, facing: str, path: list[str], wall: str) -> None:
    # No stones, pools or figures: nothing is ever seen, the monster keeps its facing.
    s = monster_position({}, monster=start, facing=facing, stones=[], pools=[], stage=2)
    s2, events = reveal(s, "5")
    assert_walk(events, start, path)
    assert wraps(events) == [(start, path[0], wall)]
    assert monster_at(s2) == (path[-1], facing)


@pytest.mark.rules("MON-WRAP", "MON-TILE")
def test_wrap_through_several_walls_in_one_tile() -> None:
    # No stones, pools or figures; tile 10. Monster o4 facing N.
    # 1: through wall R (north of o4) to (10-3, 15-14) = b8.  2-8: b7 b6 b5 b4 b3 b2 b1.
    # 9: through wall B (north of b1) to (10, 14) = o11.  10: o10. Facing N throughout.
    s = monster_position({}, monster="o4", facing="N", stones=[], pools=[], stage=2)
    s2, events = reveal(s, "10")
    assert_walk(events, "o4", ["b8", "b7", "b6", "b5", "b4", "b3", "b2", "b1", "o11", "o10"])
    assert wraps(events) == [("o4", "b8", "R"), ("b1", "o11", "B")]
    assert monster_at(s2) == ("o10", "N")


@pytest.mark.rules("MON-WRAP", "MON-TILE")
def test_walk_along_row_6_through_the_v_walls() -> None:
    # No stones, pools or figures; tile 10. Monster l6 facing E: m6 n6 o6 p6, through wall V to
    # a6, then b6 c6 d6 e6 f6.
    s = monster_position({}, monster="l6", facing="E", stones=[], pools=[], stage=2)
    s2, events = reveal(s, "10")
    assert_walk(events, "l6", ["m6", "n6", "o6", "p6", "a6", "b6", "c6", "d6", "e6", "f6"])
    assert wraps(events) == [("p6", "a6", "V")]
    assert monster_at(s2) == ("f6", "E")


@pytest.mark.rules("MON-WRAP-OCCUPIED", "MON-WRAP", "MON-PUSH")
def test_stone_on_the_re_entry_square_is_pushed_inward() -> None:
    # One stone on a6, no pools or figures. Monster p6 facing E.
    # 1: look @p6: ahead wall; left p5 -; right p7..p11 -. Through wall V to a6, which holds the
    #    stone: pushed inward (east) to b6; monster a6.
    # 2: look @a6: ahead b6# -. Stone -> c6, monster b6.  3: stone -> d6, monster c6.
    # 4: stone -> e6, monster d6.  5: stone -> f6, monster e6.
    # final look @e6: ahead f6# -; left e5..e1 -; right e7..e11 -. Facing E.
    s = monster_position({}, monster="p6", facing="E", stones=["a6"], pools=[], stage=2)
    s2, events = reveal(s, "5")
    assert_walk(events, "p6", ["a6", "b6", "c6", "d6", "e6"])
    assert stone_names(s2) == {"f6"}
    assert monster_at(s2) == ("e6", "E")


@pytest.mark.rules("MON-WRAP-OCCUPIED", "MON-WRAP", "MON-EAT", "MON-SIGHT-BLOCK")
def test_figure_on_the_re_entry_square_is_eaten_by_default() -> None:
    # No stones or pools. Monster p6 facing E; A1 on a6, unseen across the wall.
    # 1: look @p6: ahead wall -; left p5 -; right p7..p11 -. Through wall V onto a6: A1 eaten.
    # 2-5: b6 c6 d6 e6 (nothing seen).  final look @e6: nothing. Facing E.
    s = monster_position({"A1": "a6"}, monster="p6", facing="E", stones=[], pools=[], stage=2)
    s2, events = reveal(s, "5")
    assert seen(events)[0] == ("", "", "", "E")
    assert_walk(events, "p6", ["a6", "b6", "c6", "d6", "e6"])
    assert eaten(events) == [("A1", "a6")]
    assert monster_at(s2) == ("e6", "E")


@pytest.mark.rules("MON-WRAP-OCCUPIED", "MON-HITS")
@pytest.mark.parametrize(
    ("option", "path", "eaten_on"),
    [
        # eat: A1 eaten on a6 in step 1: one hit, stop. Final look @a6 facing E: b6..p6 -.
        ("eat", ["a6"], "a6"),
        # push: step 1 pushes A1 inward to b6 (no hit); monster a6.
        # 2: look @a6: ahead b6=A1@1 -> move b6, eat A1: hit, stop. Final look @b6: nothing.
        ("push", ["a6", "b6"], "b6"),
    ],
)
def test_figure_on_the_re_entry_square_with_1hit(
    option: WrapEntryFigure, path: list[str], eaten_on: str
) -> None:
    # Stage 1, tile 1hit. No stones or pools. Monster p6 facing E; A1 on a6.
    s = monster_position(
        {"A1": "a6"},
        monster="p6",
        facing="E",
        stones=[],
        pools=[],
        options=fr.RuleOptions(wrap_entry_figure=option),
    )
    s2, events = reveal(s, "1hit")
    assert_walk(events, "p6", path)
    assert eaten(events) == [("A1", eaten_on)]
    assert monster_at(s2) == (path[-1], "E")


# ---------------------------------------------------------------------------------------------
# MON-HITS
# ---------------------------------------------------------------------------------------------


@pytest.mark.rules("MON-HITS", "MON-STEP", "MON-CHOOSE")
def test_1hit_stops_right_after_the_first_hit_then_takes_a_final_look() -> None:
    # Stage 1, no stones or pools. Monster a1 facing E; A1 on d1, B1 on a3, C1 on e3.
    # 1: look @a1 facing E: ahead b1 c1 d1=A1@3; left wall; right (S) a2 a3=B1@2. Turn S; move a2.
    # 2: look @a2 facing S: ahead a3=B1@1; left b2..m2 -; right wall. Move a3, eat B1: 1 hit, stop.
    # final look @a3 facing S: ahead a4..a7 -; left (E) b3 c3 d3 e3=C1@4; right wall. Turn E.
    s = monster_position(
        {"A1": "d1", "B1": "a3", "C1": "e3"}, monster="a1", facing="E", stones=[], pools=[]
    )
    s2, events = reveal(s, "1hit")
    assert_walk(events, "a1", ["a2", "a3"])
    assert len(looks(events)) == 3
    assert eaten(events) == [("B1", "a3")]
    assert turns(events) == [("a1", "E", "S"), ("a3", "S", "E")]
    assert monster_at(s2) == ("a3", "E")
    assert (where(s2, "A1"), where(s2, "C1")) == ("d1", "e3")


@pytest.mark.rules("MON-HITS")
def test_2hits_stops_after_the_second_hit() -> None:
    # Stage 1, no stones or pools. Monster b5 facing E; A1 on d5, B1 on f5, C1 on h5.
    # 1: look @b5: ahead c5 d5=A1@2; columns b..f are empty. Move c5.  2: move d5, eat A1 (1).
    # 3: look @d5: ahead e5 f5=B1@2. Move e5.  4: move f5, eat B1 (2): stop.
    # final look @f5: ahead g5 h5=C1@2; left f4..f1 -; right f6..f11 -. Facing E.
    s = monster_position(
        {"A1": "d5", "B1": "f5", "C1": "h5"}, monster="b5", facing="E", stones=[], pools=[]
    )
    s2, events = reveal(s, "2hits")
    assert_walk(events, "b5", ["c5", "d5", "e5", "f5"])
    assert eaten(events) == [("A1", "d5"), ("B1", "f5")]
    assert seen(events)[-1] == ("C1@2", "", "", "E")
    assert where(s2, "C1") == "h5"
    assert monster_at(s2) == ("f5", "E")


@pytest.mark.rules("MON-HITS", "MON-SLIDE", "MON-EAT")
def test_one_step_with_two_hits_ends_a_1hit_tile() -> None:
    # Stage 1, basic layout. Monster d9 facing E; A1 on e9 (first pool square), B1 on i9 (beyond).
    # 1: look @d9: ahead e9=A1@1. Move onto e9: eat A1; slide f9 g9 h9 to i9: eat B1. Two hits in
    #    this step; the count reached 1: stop right after it.
    # final look @i9 facing E: ahead j9..n9 o9# -; left i8 i7 i6# -; right i10# -. Facing E.
    s = monster_position({"A1": "e9", "B1": "i9"}, monster="d9", facing="E")
    s2, events = reveal(s, "1hit")
    assert_walk(events, "d9", ["i9"])
    assert eaten(events) == [("A1", "e9"), ("B1", "i9")]
    assert (where(s2, "A1"), where(s2, "B1")) == ("waiting", "waiting")
    assert monster_at(s2) == ("i9", "E")


@pytest.mark.rules("MON-HITS", "MON-SIGHT-BLOCK", "MON-WRAP")
def test_20_step_cap_when_nobody_can_be_caught() -> None:
    # Stage 1, tile 1hit. Only a stone on h7; A1 on h8 hidden behind it. Monster a6 facing E.
    # Row 6 is empty. Each look from x6 facing E: left column x northwards, right column x
    # southwards: at h6 the right line is h7# (A1 hidden); all other lines are empty.
    # Steps: b6..p6 (15), through wall V to a6 (16), b6 c6 d6 e6 (17-20): 20 steps, no hit:
    # stop. Final look @e6: nothing. Facing E.
    s = monster_position({"A1": "h8"}, monster="a6", facing="E", stones=["h7"], pools=[])
    s2, events = reveal(s, "1hit")
    assert steps(events) == 20
    assert len(looks(events)) == 21
    assert_walk(events, "a6", ROW6_EAST)
    assert eaten(events) == []
    assert where(s2, "A1") == "h8"
    assert monster_at(s2) == ("e6", "E")


@pytest.mark.rules("MON-HITS", "MON-EAT", "MON-WRAP")
def test_20_step_cap_with_fewer_hits_than_needed() -> None:
    # Stage 1, tile 2hits. No stones or pools. Monster a6 facing E; A1 on d6.
    # Steps b6, c6, d6 (eat A1: 1 hit), e6..p6, a6, b6 c6 d6 e6: still 1 hit after 20 steps: stop.
    s = monster_position({"A1": "d6"}, monster="a6", facing="E", stones=[], pools=[])
    s2, events = reveal(s, "2hits")
    assert steps(events) == 20
    assert_walk(events, "a6", ROW6_EAST)
    assert eaten(events) == [("A1", "d6")]
    assert monster_at(s2) == ("e6", "E")


@pytest.mark.rules("MON-HITS", "MON-SLIDE", "MON-WRAP")
def test_20_step_cap_counts_steps_not_squares() -> None:
    # Stage 1, tile 1hit. Basic pools, no stones, no figures. Monster d9 facing E.
    # 1: e9 slide -> i9.  2-8: j9 k9 l9 m9 n9 o9 p9.  9: through wall Y (east of p9) to
    # (10-8, 15-15) = a3.  10-16: b3 c3 d3 e3 f3 g3 h3.  17: i3 slide over j3 -> k3.
    # 18-20: l3 m3 n3. Twenty steps (two of them slides), then the final look.
    s = monster_position({}, monster="d9", facing="E", stones=[])
    s2, events = reveal(s, "1hit")
    path = [
        "i9",
        "j9",
        "k9",
        "l9",
        "m9",
        "n9",
        "o9",
        "p9",
        "a3",
        "b3",
        "c3",
        "d3",
        "e3",
        "f3",
        "g3",
        "h3",
        "k3",
        "l3",
        "m3",
        "n3",
    ]
    assert steps(events) == 20
    assert_walk(events, "d9", path)
    assert wraps(events) == [("p9", "a3", "Y")]
    assert monster_at(s2) == ("n3", "E")


# ---------------------------------------------------------------------------------------------
# More combinations
# ---------------------------------------------------------------------------------------------


@pytest.mark.rules("MON-SLIDE", "MON-PUSH", "MON-PUSH-OFF", "MON-HITS")
def test_line_beyond_the_pool_is_pushed_and_its_figure_goes_off_the_board() -> None:
    # Stage 1, tile 1hit. Basic layout plus a stone on d9; A1 on c9 (row 9 starts at c).
    # Monster j9 facing W.
    # 1: look @j9 facing W: ahead i9 h9~ g9~ f9~ e9~ d9# -; left (S) j10 j11 -; right (N) j8..j5
    #    j4~ j3~ j2 j1 -. Move i9.
    # 2: look @i9: ahead h9~..e9~ d9# -; left (S) i10# -; right (N) i8 i7 i6# -. Move onto h9,
    #    slide over g9 f9 e9; beyond, d9 holds a stone: the line d9# c9=A1 is pushed west; A1 has
    #    no square beyond (wall Q): pushed off, eaten, 1 hit. Stone -> c9, monster d9. Stop.
    # final look @d9 facing W: ahead c9# -; left (S) d10 -; right (N) d8..d1 -. Facing W.
    s = monster_position(
        {"A1": "c9"}, monster="j9", facing="W", stones=sorted(BASIC_STONES | {"d9"})
    )
    s2, events = reveal(s, "1hit")
    assert_walk(events, "j9", ["i9", "d9"])
    assert eaten(events) == [("A1", "c9")]
    assert where(s2, "A1") == "waiting"
    assert stone_names(s2) == BASIC_STONES | {"c9"}
    assert monster_at(s2) == ("d9", "W")


@pytest.mark.rules("MON-CORNER-STONE", "MON-PUSH-POOL", "MON-CHOOSE")
@pytest.mark.parametrize(("option", "stones_after"), [("remove", set()), ("keep", {"a1"})])
def test_stone_sliding_onto_a_corner(option: MonsterCornerStone, stones_after: set[str]) -> None:
    # Stone on c1, a pool square on b1. Monster d1 facing W; A1 on c5.
    # 1: look @d1 facing W: ahead c1# -; left (S) d2..d10 -; right wall. Move onto c1: the stone
    #    goes onto b1 (pool) and slides to a1 (beyond, empty): a corner, so removed (default) or
    #    kept. Monster c1.
    # 2: look @c1 facing W: ahead b1~ a1 (empty or the kept stone) -; left (S) c2 c3 c4 c5=A1@4;
    #    right wall. Turn S; move c2.
    # 3: move c3.  4: move c4.  5: ahead A1@1: move c5, eat A1.
    # final look @c5 facing S: ahead c6..c9 -; left (E) d5..p5 -; right (W) b5 a5 -. Facing S.
    s = monster_position(
        {"A1": "c5"},
        monster="d1",
        facing="W",
        stones=["c1"],
        pools=["b1"],
        stage=2,
        options=fr.RuleOptions(monster_corner_stone=option),
    )
    s2, events = reveal(s, "5")
    assert_walk(events, "d1", ["c1", "c2", "c3", "c4", "c5"])
    assert stone_names(s2) == stones_after
    assert eaten(events) == [("A1", "c5")]
    assert monster_at(s2) == ("c5", "S")


@pytest.mark.rules("MON-PUSH", "MON-PUSH-OFF", "MON-CORNER-STONE", "MON-WRAP")
def test_figure_pushed_onto_the_exit_corner_then_off_the_board() -> None:
    # Stone on c1, no pools. Monster d1 facing W; A1 on b1.
    # 1: look @d1 facing W: ahead c1# -. Move onto c1: line c1# b1=A1, a1 empty: A1 -> a1 (a
    #    figure simply stands on a corner), stone -> b1; monster c1.
    # 2: look @c1: ahead b1# -; left c2..c9 -. Move onto b1: line b1# a1=A1: A1 pushed over the
    #    west wall (eaten); the stone goes onto the corner a1 and is removed (default). Monster b1.
    # 3: look @b1: ahead a1 -; left b2..b8 -. Move a1.
    # 4: look @a1: nothing. Move W through the star wall: p11.
    # 5: look @p11 facing W: ahead o11..e11 -; right p10..p5 -. Move o11.
    # final look @o11: nothing. Facing W.
    s = monster_position({"A1": "b1"}, monster="d1", facing="W", stones=["c1"], pools=[], stage=2)
    s2, events = reveal(s, "5")
    assert_walk(events, "d1", ["c1", "b1", "a1", "p11", "o11"])
    assert eaten(events) == [("A1", "a1")]
    assert where(s2, "A1") == "removed"
    assert stone_names(s2) == set()
    assert monster_at(s2) == ("o11", "W")


@pytest.mark.rules("MON-WRAP", "MON-SLIDE")
def test_re_entry_square_on_a_pool_slides_on() -> None:
    # Pools a6 b6, no stones. Monster p6 facing E: through wall V onto a6, a pool square: slide
    # over b6 to c6, one step. Then d6, e6, f6, g6 (nothing seen). Facing E.
    s = monster_position({}, monster="p6", facing="E", stones=[], pools=["a6", "b6"], stage=2)
    s2, events = reveal(s, "5")
    assert_walk(events, "p6", ["c6", "d6", "e6", "f6", "g6"])
    assert monster_at(s2) == ("g6", "E")


@pytest.mark.rules("MON-EATEN")
def test_figure_eaten_by_the_7th_tile_of_stage_1_still_returns() -> None:
    # Round 7 of stage 1 (six tiles carried out, 8 and 10 left). No stones or pools.
    # Monster a6 facing E; A1 on c6.
    # 1: look @a6: ahead b6 c6=A1@2. Move b6.  2: move c6, eat A1.  3-8: d6 e6 f6 g6 h6 i6.
    # A1 was eaten by a stage-1 tile: it waits, even though stage 2 starts next.
    names = [f"{seat}{k}" for seat in "ABCD" for k in (1, 3, 4, 5)]
    s = fr.position(
        4,
        figures={"A1": "c6"},
        moved=names,
        stones=[],
        pools=[],
        monster="a6",
        facing="E",
        round=7,
        stage=1,
        deck_left=["8", "10"],
    )
    s2, events = reveal(s, "8")
    assert_walk(events, "a6", ["b6", "c6", "d6", "e6", "f6", "g6", "h6", "i6"])
    assert eaten(events) == [("A1", "c6")]
    assert where(s2, "A1") == "waiting"
    assert monster_at(s2) == ("i6", "E")


@pytest.mark.rules("MON-SLIDE-OCCUPIED", "MON-PUSH-POOL", "MON-PUSH", "MON-HITS")
@pytest.mark.parametrize(
    ("option", "path", "eaten_at", "stone_to"),
    [
        # push (default):
        # 1: look @d9 facing E: ahead e9~ f9=A1@2; left d8..d1 -; right d10 -. Move onto e9 and
        #    slide. f9 holds A1: pushed like a stone onto g9, slides over h9; beyond, i9 holds a
        #    stone, so A1 stops on h9. The monster goes on to f9, g9; h9 holds A1, still treated
        #    as a stone: the line h9=A1 i9# is pushed: stone -> j9, A1 -> i9. Monster on h9; beyond,
        #    i9 holds A1 (a stone for the rest of this slide): the line i9=A1 j9# is pushed: stone
        #    -> k9, A1 -> j9. The monster ends on i9. No hit yet.
        # 2: look @i9 facing E: ahead j9=A1@1; left i8 i7 i6# -; right i10# -. Move j9, eat A1:
        #    1 hit, stop.
        # final look @j9 facing E: ahead k9# -; left j8..j1 -; right j10 j11 -.
        ("push", ["i9", "j9"], "j9", "k9"),
        # eat: 1: slide e9, f9: A1 eaten on f9 (1 hit); slide on over g9 h9; beyond, i9 holds the
        #    stone: pushed to j9; monster ends on i9. Stop.
        # final look @i9 facing E: ahead j9# -; left i8 i7 i6# -; right i10# -.
        ("eat", ["i9"], "f9", "j9"),
    ],
)
def test_figure_on_the_pool_pushed_into_a_stone_beyond_it_with_1hit(
    option: MonsterSlideFigure, path: list[str], eaten_at: str, stone_to: str
) -> None:
    # Stage 1, tile 1hit. Basic layout plus a stone on i9 (just beyond the strip); A1 on f9.
    # Monster d9 facing E.
    s = monster_position(
        {"A1": "f9"},
        monster="d9",
        facing="E",
        stones=sorted(BASIC_STONES | {"i9"}),
        options=fr.RuleOptions(monster_slide_figure=option),
    )
    s2, events = reveal(s, "1hit")
    assert seen(events)[0] == ("A1@2", "", "", "E")
    assert_walk(events, "d9", path)
    assert eaten(events) == [("A1", eaten_at)]
    assert stone_names(s2) == BASIC_STONES | {stone_to}
    assert monster_at(s2) == (path[-1], "E")


@pytest.mark.rules("MON-HITS", "MON-EAT", "MON-EATEN")
def test_a_figure_eaten_in_stage_2_is_a_hit_too() -> None:
    # Stage 2, tile 1hit. No stones or pools. Monster a6 facing E; A1 on c6, B1 on e6.
    # 1: look @a6: ahead b6 c6=A1@2. Move b6.  2: move c6, eat A1 (removed): 1 hit, stop.
    # final look @c6 facing E: ahead d6 e6=B1@2; left c5..c1 -; right c7..c9 -. Facing E.
    s = monster_position(
        {"A1": "c6", "B1": "e6"}, monster="a6", facing="E", stones=[], pools=[], stage=2
    )
    s2, events = reveal(s, "1hit")
    assert_walk(events, "a6", ["b6", "c6"])
    assert eaten(events) == [("A1", "c6")]
    assert (where(s2, "A1"), where(s2, "B1")) == ("removed", "e6")
    assert monster_at(s2) == ("c6", "E")


# --- review regressions: a wall crossed in the middle of a slide -------------------------


@pytest.mark.rules("MON-SLIDE-EDGE", "MON-WRAP-OCCUPIED")
@pytest.mark.parametrize("option", ["eat", "push"])
def test_wall_in_mid_slide_uses_the_wrap_entry_option(option: WrapEntryFigure) -> None:
    # Pool p6 only, no stones. Monster o6 facing E; A1 on a6, behind it (never seen).
    # Step 1: look sees nothing; move onto p6 (pool), slide on east: off the board, so (wrap)
    # it re-enters at a6, the square of the other V, where A1 stands: MON-SLIDE-EDGE hands the
    # re-entry square to MON-WRAP-OCCUPIED: "eat" eats A1 on a6; "push" pushes it to b6.
    # Step 2 (push only): A1 on b6 is 1 ahead; moving onto it eats it (a new step).
    s = monster_position(
        {"A1": "a6"},
        "o6",
        "E",
        stones=[],
        pools=["p6"],
        options=fr.RuleOptions(wrap_entry_figure=option),
    )
    _, events = reveal(s, "7")
    eaten = [(e.figure, e.square) for e in events if isinstance(e, ev.FigureEaten)]
    pushed = [(e.figure, e.frm, e.to) for e in events if isinstance(e, ev.FigurePushed)]
    assert monster_path(events)[0] == "a6"
    if option == "eat":
        assert eaten == [("A1", "a6")] and pushed == []
    else:
        assert pushed == [("A1", "a6", "b6")] and eaten == [("A1", "b6")]
        assert monster_path(events)[1] == "b6"


@pytest.mark.rules("MON-SLIDE-EDGE", "MON-WRAP-OCCUPIED", "MON-SLIDE-OCCUPIED")
def test_wall_in_mid_slide_onto_a_pool_square_follows_the_wrap_rule() -> None:
    # Pools p6 and a6. Monster o6 facing E, A1 on a6 (a pool square). Step 1: onto p6, slide,
    # wrap to a6: the re-entry square is governed by MON-WRAP-OCCUPIED (default eat), not by
    # MON-SLIDE-OCCUPIED's push: A1 is eaten on a6; the slide goes on to b6.
    s = monster_position({"A1": "a6"}, "o6", "E", stones=[], pools=["p6", "a6"])
    after, events = reveal(s, "7")
    eaten = [(e.figure, e.square) for e in events if isinstance(e, ev.FigureEaten)]
    assert eaten == [("A1", "a6")]
    assert monster_path(events)[0] == "b6"
    assert where(after, "A1") == "waiting"


@pytest.mark.rules("MON-SLIDE-EDGE")
def test_monster_stopped_on_blood_round_trips_as_a_position() -> None:
    # Pool p6 only; monster k6 facing E, nobody on the board. Tile 5: l6 m6 n6 o6, then p6;
    # the slide would leave the board east; under "stop" it stays on p6 (a pool square).
    opts = fr.RuleOptions(monster_pool_edge="stop")
    s = monster_position({}, "k6", "E", stones=[], pools=["p6"], options=opts, stage=2)
    after, events = reveal(s, "5")
    assert monster_path(events) == ["l6", "m6", "n6", "o6", "p6"]
    assert monster_at(after) == ("p6", "E")
    assert fr.parse_position(fr.position_string(after)) == after
