"""Figure moves: points, zero move, passing through, the monster's square, the edge, entering,
exiting, flipping, waiting figures; pushing stones; blood pools (FIG-*, PUSH-*, POOL-*).

Basic layout (BRD-LAYOUT): stones c3 m4 h5 i6 n6 g7 e8 m8 o9 f10 i10; pools i3 j3 i4 j4 and
e9 f9 g9 h9. Unless said otherwise the monster is on a1 facing east, it is round 2, and A is to
move (nobody has moved yet, start player A). Every expectation is worked out by hand.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import monster_position, reveal

import fearsome_rules as fr
from fearsome_rules.core import board
from fearsome_rules.core import events as ev

AFTER_ONE_TILE = ["7", "7", "8", "8", "10", "1hit", "2hits"]
BASIC_STONES = ["c3", "m4", "h5", "i6", "n6", "g7", "e8", "m8", "o9", "f10", "i10"]


def pos(players: int = 2, **kw: Any) -> fr.GameState:
    """A round-2 position (stage 1, the 5 already used) with fr.position's other defaults."""
    kw.setdefault("round", 2)
    kw.setdefault("deck_left", AFTER_ONE_TILE)
    return fr.position(players, **kw)


def stones_plus(*extra: str) -> list[str]:
    return [*BASIC_STONES, *extra]


def stone_names(state: fr.GameState) -> set[str]:
    return {board.name(sq) for sq in state.stones}


def move(state: fr.GameState, figure: str, *path: str) -> fr.GameState:
    return fr.apply(state, fr.FigureMove(figure, tuple(path)))


def where(state: fr.GameState, figure: str) -> str:
    return state.figure(figure).place()


def assert_illegal(state: fr.GameState, figure: str, path: tuple[str, ...], rule: str) -> None:
    """check() names ``rule``, apply() raises IllegalMoveError, the state is unchanged."""
    action = fr.FigureMove(figure, path)
    before = fr.position_string(state)
    err = fr.check(state, action)
    assert err is not None, f"{action} should break {rule}"
    assert err.rule == rule, err
    with pytest.raises(fr.IllegalMoveError) as info:
        fr.apply(state, action)
    assert info.value.rule == rule
    assert fr.position_string(state) == before


def results(state: fr.GameState, figure: str) -> set[tuple[str, frozenset[str]]]:
    """(where the figure ends, the stones) for every legal move of ``figure``."""
    out = set()
    for m in fr.legal_moves(state, figure):
        after = fr.apply(state, m)
        out.add((where(after, figure), frozenset(stone_names(after))))
    return out


# --- FIG-POINTS ---------------------------------------------------------------------------


@pytest.mark.rules("FIG-POINTS")
def test_a_figure_moves_up_to_its_face_value() -> None:
    # A5 shows 5 on k7; 1 to 5 points are all fine.
    s = pos(figures={"A5": "k7"})
    assert where(move(s, "A5", "k8"), "A5") == "k8"
    assert where(move(s, "A5", "k8", "k9", "k10", "k11", "l11"), "A5") == "l11"


@pytest.mark.rules("FIG-POINTS")
def test_more_entries_than_points_is_illegal() -> None:
    # A5 shows its black side 2: three entries are one too many.
    s = pos(figures={"A5": "k7"}, faces={"A5": 2})
    assert_illegal(s, "A5", ("k8", "k9", "k10"), "FIG-POINTS")
    t = pos(figures={"A1": "k7"})
    assert_illegal(t, "A1", ("k8", "k9"), "FIG-POINTS")


@pytest.mark.rules("FIG-POINTS")
def test_a_figure_may_turn_and_go_back_over_its_own_start() -> None:
    # k7 -> l7 -> l8 -> k8 -> k7 (its own start) -> j7: 5 points, ends j7.
    s = pos(figures={"A5": "k7"})
    after = move(s, "A5", "l7", "l8", "k8", "k7", "j7")
    assert where(after, "A5") == "j7"
    # there and back again: k7 -> k8 -> k7 ends where it started (like a zero move, but moved)
    back = move(s, "A5", "k8", "k7")
    assert where(back, "A5") == "k7"
    assert back.figure("A5").face == 2


@pytest.mark.rules("FIG-POINTS")
@pytest.mark.parametrize("target", ["l8", "j6", "k9", "m7"])
def test_a_step_must_go_to_an_orthogonal_neighbour(target: str) -> None:
    # l8 and j6 are diagonal to k7; k9 and m7 are two squares away.
    s = pos(figures={"A5": "k7"})
    assert_illegal(s, "A5", (target,), "FIG-POINTS")


# --- FIG-ZERO -----------------------------------------------------------------------------


@pytest.mark.rules("FIG-ZERO", "FIG-FLIP")
def test_zero_move_on_the_board_only_flips() -> None:
    s = pos(figures={"A5": "k7"})
    after = move(s, "A5")
    assert where(after, "A5") == "k7"
    assert after.figure("A5").face == 2
    assert after.figure("A5").moved
    assert after.stones == s.stones


@pytest.mark.rules("FIG-ZERO", "FIG-WAITING")
def test_zero_move_of_a_waiting_figure_leaves_it_waiting() -> None:
    s = pos()
    after = move(s, "A4")
    assert where(after, "A4") == "waiting"
    assert after.figure("A4").face == 3


@pytest.mark.rules("FIG-ZERO")
def test_zero_move_is_first_in_legal_moves() -> None:
    s = pos(figures={"A5": "k7"})
    assert fr.legal_moves(s, "A5")[0] == fr.FigureMove("A5", ())
    w = pos()
    assert fr.legal_moves(w, "A5")[0] == fr.FigureMove("A5", ())


@pytest.mark.rules("FIG-ZERO")
def test_zero_move_is_legal_even_when_boxed_in() -> None:
    # A1 (face 1) on b1, the monster on a1, B1 on c1 and B3 on b2: every step is illegal
    # (the monster's square, or ending on a figure); the zero move is still legal.
    s = pos(figures={"A1": "b1", "B1": "c1", "B3": "b2"})
    assert fr.legal_moves(s, "A1") == [fr.FigureMove("A1", ())]


# --- FIG-THROUGH / PUSH-NO-FIGURES --------------------------------------------------------


@pytest.mark.rules("FIG-THROUGH", "PUSH-NO-FIGURES")
def test_a_figure_passes_through_figures_of_any_player() -> None:
    # A5 on k7 passes B1 (k8) and B3 (k9) and stops on k10: 3 points. They stay put.
    s = pos(figures={"A5": "k7", "B1": "k8", "B3": "k9", "A3": "k11"})
    after = move(s, "A5", "k8", "k9", "k10")
    assert where(after, "A5") == "k10"
    assert where(after, "B1") == "k8"
    assert where(after, "B3") == "k9"
    # and through its own figure: k10 -> k11 (A3) -> l11
    after2 = move(s, "A5", "k8", "k9", "k10", "k11", "l11")
    assert where(after2, "A5") == "l11"
    assert where(after2, "A3") == "k11"


@pytest.mark.rules("FIG-THROUGH")
@pytest.mark.parametrize("path", [("k8",), ("k8", "k9"), ("l7", "l8", "k8")])
def test_a_figure_cannot_end_on_another_figure(path: tuple[str, ...]) -> None:
    s = pos(figures={"A5": "k7", "B1": "k8", "B3": "k9"})
    assert_illegal(s, "A5", path, "FIG-THROUGH")


@pytest.mark.rules("PUSH-NO-FIGURES", "FIG-THROUGH")
def test_a_figure_never_pushes_a_figure() -> None:
    # A1 (face 1) on o7, B1 on p7 at the east wall: stepping onto p7 would need to push B1;
    # figures never push, it is a pass-through that ends on B1.
    s = pos(figures={"A1": "o7", "B1": "p7"})
    assert_illegal(s, "A1", ("p7",), "FIG-THROUGH")


# --- FIG-MONSTER --------------------------------------------------------------------------


@pytest.mark.rules("FIG-MONSTER")
@pytest.mark.parametrize("path", [("k8",), ("k8", "k9"), ("j7", "j8", "k8", "l8")])
def test_a_figure_never_enters_the_monsters_square(path: tuple[str, ...]) -> None:
    s = pos(figures={"A5": "k7"}, monster="k8", facing="N")
    assert_illegal(s, "A5", path, "FIG-MONSTER")


@pytest.mark.rules("FIG-MONSTER")
def test_a_figure_cannot_step_onto_a1_while_the_monster_is_there() -> None:
    s = pos(figures={"A3": "b1"})
    assert_illegal(s, "A3", ("a1",), "FIG-MONSTER")
    assert_illegal(s, "A3", ("a1", "out"), "FIG-MONSTER")


@pytest.mark.rules("FIG-MONSTER", "FIG-ENTER")
def test_no_figure_enters_while_the_monster_is_on_p11() -> None:
    # FIG-ENTER point 2 and FIG-MONSTER point 3 both state this; either id names the rule.
    s = pos(monster="p11", facing="W")
    action = fr.FigureMove("A5", ("p11", "o11"))
    err = fr.check(s, action)
    assert err is not None and err.rule in ("FIG-MONSTER", "FIG-ENTER")
    with pytest.raises(fr.IllegalMoveError):
        fr.apply(s, action)
    assert fr.legal_moves(s, "A5") == [fr.FigureMove("A5", ())]


@pytest.mark.rules("FIG-MONSTER", "PUSH-ONE")
def test_a_figure_cannot_push_a_stone_into_the_monster() -> None:
    # A1 on j6 steps west onto the stone i6; behind it h6 is the monster.
    s = pos(figures={"A1": "j6"}, monster="h6", facing="N")
    assert_illegal(s, "A1", ("i6",), "PUSH-ONE")


# --- FIG-EDGE -----------------------------------------------------------------------------


@pytest.mark.rules("FIG-EDGE", "FIG-EXIT")
@pytest.mark.parametrize(("start", "path"), [("a2", ("out",)), ("b1", ("out",)), ("p11", ("out",))])
def test_out_from_any_square_but_a1_is_illegal(start: str, path: tuple[str, ...]) -> None:
    s = pos(figures={"A5": start}, monster="k7")
    assert_illegal(s, "A5", path, "FIG-EDGE")


@pytest.mark.rules("FIG-EDGE")
@pytest.mark.parametrize(("start", "target"), [("a5", "p7"), ("p6", "a6"), ("l1", "e11")])
def test_a_figure_cannot_cross_a_wall_like_the_monster(start: str, target: str) -> None:
    # target is where the monster would re-enter after crossing that square's wall (BRD-WRAP);
    # for a figure that entry is not an adjacent square of the board.
    s = pos(figures={"A5": start}, monster="k7")
    assert_illegal(s, "A5", (target,), "FIG-EDGE")


@pytest.mark.rules("FIG-EDGE")
def test_a_figure_cannot_leave_through_the_entrance() -> None:
    # A figure on p11 has no neighbour east or south; the only moves lead onto the board.
    s = pos(figures={"A1": "p11"})
    got = {m.path for m in fr.legal_moves(s, "A1")}
    assert got == {(), ("o11",), ("p10",)}


# --- FIG-ENTER ----------------------------------------------------------------------------


@pytest.mark.rules("FIG-ENTER")
def test_entering_p11_is_the_first_point() -> None:
    # face 5: p11 o11 n11 m11 l11 (p11 and 4 squares beyond)
    s = pos()
    after = move(s, "A5", "p11", "o11", "n11", "m11", "l11")
    assert where(after, "A5") == "l11"
    assert_illegal(s, "A5", ("p11", "o11", "n11", "m11", "l11", "k11"), "FIG-POINTS")


@pytest.mark.rules("FIG-ENTER")
@pytest.mark.parametrize("first", ["o11", "p10", "a1", "k7"])
def test_a_waiting_figure_must_enter_on_p11(first: str) -> None:
    s = pos(monster="k5")
    assert_illegal(s, "A5", (first,), "FIG-ENTER")


@pytest.mark.rules("FIG-ENTER")
def test_a_one_figure_enters_only_onto_p11() -> None:
    s = pos()
    assert where(move(s, "A1", "p11"), "A1") == "p11"
    assert_illegal(s, "A1", ("p11", "o11"), "FIG-POINTS")
    assert {m.path for m in fr.legal_moves(s, "A1")} == {(), ("p11",)}


@pytest.mark.rules("FIG-ENTER", "FIG-THROUGH")
def test_a_one_figure_cannot_enter_while_p11_is_occupied() -> None:
    s = pos(figures={"B1": "p11"})
    assert_illegal(s, "A1", ("p11",), "FIG-THROUGH")
    assert fr.legal_moves(s, "A1") == [fr.FigureMove("A1", ())]


@pytest.mark.rules("FIG-ENTER", "FIG-THROUGH")
def test_entering_passes_through_a_figure_on_p11() -> None:
    # A5 showing 2: p11 (B1 there, passed through), then o11 or p10.
    s = pos(figures={"B1": "p11"}, faces={"A5": 2})
    assert where(move(s, "A5", "p11", "o11"), "A5") == "o11"
    assert where(move(s, "A5", "p11", "p10"), "A5") == "p10"
    assert where(move(s, "A5", "p11", "p10"), "B1") == "p11"


@pytest.mark.rules("FIG-ENTER")
def test_legal_entering_moves_of_a_three() -> None:
    # A3 shows 3: p11, then 2 squares beyond: o11, p10, n11, o10, p9 (o9 is a stone, not
    # reached). One move per result, plus the zero move.
    s = pos()
    assert results(s, "A3") == {
        (sq, frozenset(BASIC_STONES)) for sq in ("waiting", "p11", "o11", "p10", "n11", "o10", "p9")
    }
    assert len(fr.legal_moves(s, "A3")) == 7


@pytest.mark.rules("FIG-ENTER", "PUSH-EDGE")
def test_a_stone_kept_on_p11_blocks_entering() -> None:
    # monster_corner_stone=keep. Monster on p5 facing S, the only stone on p10, tile 5:
    # steps p6, p7, p8, p9, then onto p10 pushing the stone onto p11, where it stays (keep).
    # No figure is on the board, so it never turns. Next round (B starts) B1 cannot enter:
    # the step onto p11 has no direction and pushes nothing (FIG-ENTER point 4).
    opts = fr.RuleOptions(monster_corner_stone="keep")
    names = [f"{p}{k}" for p in "AB" for k in (1, 3, 4, 5)]
    s = fr.position(
        2,
        stones=["p10"],
        monster="p5",
        facing="S",
        moved=names,
        round=2,
        deck_left=["5", "7", "8", "8", "10", "1hit", "2hits"],
        options=opts,
    )
    s = fr.apply(s, fr.Reveal("5"))
    assert stone_names(s) == {"p11"}  # set-up check (monster rules)
    assert board.name(s.monster) == "p10"
    assert s.to_move == 1
    assert_illegal(s, "B1", ("p11",), "FIG-ENTER")
    assert_illegal(s, "B5", ("p11", "o11"), "FIG-ENTER")
    assert fr.legal_moves(s, "B5") == [fr.FigureMove("B5", ())]


# --- FIG-EXIT -----------------------------------------------------------------------------


@pytest.mark.rules("FIG-EXIT")
@pytest.mark.parametrize("path", [("b1", "a1", "out"), ("a2", "a1", "out")])
def test_exit_example_from_b2(path: tuple[str, ...]) -> None:
    # The spec's example: A3 (face 3) on b2, monster elsewhere.
    s = pos(figures={"A3": "b2"}, monster="k7")
    after = move(s, "A3", *path)
    assert where(after, "A3") == "out"
    assert after.escapes == (0,)
    assert after.escaped(0) == 1


@pytest.mark.rules("FIG-EXIT", "FIG-FLIP")
def test_a_figure_on_a1_exits_with_one_point() -> None:
    s = pos(figures={"A1": "a1"}, monster="k7")
    after = move(s, "A1", "out")
    assert where(after, "A1") == "out"
    assert after.figure("A1").face == 6  # flipped too (FIG-FLIP point 2)
    assert board.square("a1") not in after.stones


@pytest.mark.rules("FIG-EXIT")
def test_exiting_needs_a_point_after_reaching_a1() -> None:
    # A3 (face 3) on b3: b2 b1 a1 uses all 3 points; "out" would be a 4th.
    s = pos(figures={"A3": "b3"}, monster="k7")
    assert_illegal(s, "A3", ("b2", "b1", "a1", "out"), "FIG-POINTS")
    assert where(move(s, "A3", "b2", "b1", "a1"), "A3") == "a1"  # it may stop on a1


@pytest.mark.rules("FIG-EXIT")
def test_nothing_follows_out() -> None:
    s = pos(figures={"A5": "a1"}, monster="k7")
    assert_illegal(s, "A5", ("out", "a2"), "FIG-EXIT")


@pytest.mark.rules("FIG-EXIT", "FIG-THROUGH")
def test_exit_through_a_figure_standing_on_a1() -> None:
    # B1 stands on a1; A3 on b1 passes through a1 and leaves. B1 stays on a1.
    s = pos(figures={"A3": "b1", "B1": "a1"}, monster="k7")
    after = move(s, "A3", "a1", "out")
    assert where(after, "A3") == "out"
    assert where(after, "B1") == "a1"
    assert_illegal(s, "A3", ("a1",), "FIG-THROUGH")


@pytest.mark.rules("FIG-EXIT")
def test_legal_moves_include_the_exit() -> None:
    # A3 (face 3) on b2: exactly one legal move leaves (b1 a1 out or a2 a1 out, 3 entries).
    s = pos(figures={"A3": "b2"}, monster="k7")
    exits = [m for m in fr.legal_moves(s, "A3") if m.path and m.path[-1] == "out"]
    assert len(exits) == 1
    assert exits[0].path in {("b1", "a1", "out"), ("a2", "a1", "out")}
    # A1 (face 1) on b1 cannot get out: a1 costs its only point.
    t = pos(figures={"A1": "b1"}, monster="k7")
    assert all("out" not in m.path for m in fr.legal_moves(t, "A1"))


# --- FIG-FLIP -----------------------------------------------------------------------------


@pytest.mark.rules("FIG-FLIP")
@pytest.mark.parametrize(("name", "face"), [("A1", 1), ("A1", 6), ("A3", 3), ("A3", 4), ("A5", 2)])
def test_every_move_flips_the_figure(name: str, face: int) -> None:
    s = pos(figures={name: "k7"}, faces={name: face})
    after = move(s, name, "k8")
    assert after.figure(name).face == 7 - face
    assert move(s, name).figure(name).face == 7 - face


@pytest.mark.rules("FIG-FLIP")
def test_flip_event_after_the_move() -> None:
    s = pos(figures={"A4": "k7"})
    _after, events = fr.apply_traced(s, fr.FigureMove("A4", ("k8",)))
    assert events[-1] == ev.FigureFlipped("A4", 3)


@pytest.mark.rules("FIG-FLIP")
def test_a_figure_eaten_in_stage_one_is_not_flipped() -> None:
    # Monster a1 facing E, A5 showing 2 on c1, tile 7: it sees A5 ahead (distance 2), moves
    # to b1, then onto c1 and eats it; A5 waits again, still showing 2 (point 3).
    s = monster_position({"A5": "c1"}, "a1", "E", faces={"A5": 2})
    after, _events = reveal(s, "7")
    assert where(after, "A5") == "waiting"
    assert after.figure("A5").face == 2


# --- FIG-WAITING --------------------------------------------------------------------------


@pytest.mark.rules("FIG-WAITING")
def test_a_waiting_figure_may_stay_out_by_default() -> None:
    s = pos()
    assert fr.check(s, fr.FigureMove("A5", ())) is None
    assert fr.legal_moves(s, "A5")[0] == fr.FigureMove("A5", ())


@pytest.mark.rules("FIG-WAITING")
def test_mandatory_reentry_refuses_the_zero_move_when_entering_is_possible() -> None:
    s = pos(options=fr.RuleOptions(reentry="mandatory"))
    assert_illegal(s, "A5", (), "FIG-WAITING")
    moves = fr.legal_moves(s, "A5")
    assert moves and all(m.path for m in moves)
    assert fr.FigureMove("A5", ("p11",)) in moves


@pytest.mark.rules("FIG-WAITING")
def test_mandatory_reentry_allows_the_zero_move_when_it_cannot_enter() -> None:
    opts = fr.RuleOptions(reentry="mandatory")
    # the monster on p11: nobody can enter
    s = pos(monster="p11", facing="N", options=opts)
    assert fr.check(s, fr.FigureMove("A5", ())) is None
    assert fr.legal_moves(s, "A5") == [fr.FigureMove("A5", ())]
    # a 1-figure while p11 is occupied
    t = pos(figures={"B3": "p11"}, options=opts)
    assert fr.check(t, fr.FigureMove("A1", ())) is None
    assert fr.legal_moves(t, "A1") == [fr.FigureMove("A1", ())]


@pytest.mark.rules("FIG-WAITING", "RND-FIRST")
def test_mandatory_reentry_does_not_apply_in_round_one() -> None:
    s = fr.new_game(players=2, start_player=0, options=fr.RuleOptions(reentry="mandatory"))
    assert fr.check(s, fr.FigureMove("A5", ())) is None


@pytest.mark.rules("FIG-WAITING", "FIG-ZERO")
def test_mandatory_reentry_keeps_the_zero_move_for_figures_on_the_board() -> None:
    s = pos(figures={"A5": "k7"}, options=fr.RuleOptions(reentry="mandatory"))
    assert fr.check(s, fr.FigureMove("A5", ())) is None


# --- PUSH-ONE -----------------------------------------------------------------------------


@pytest.mark.rules("PUSH-ONE")
def test_push_example_h4_south() -> None:
    # A1 on h4 steps S onto h5; the stone goes to h6. One point.
    s = pos(figures={"A1": "h4"})
    after = move(s, "A1", "h5")
    assert where(after, "A1") == "h5"
    assert stone_names(after) == (set(BASIC_STONES) - {"h5"}) | {"h6"}


@pytest.mark.rules("PUSH-ONE")
def test_push_example_p9_west() -> None:
    s = pos(figures={"A1": "p9"})
    after = move(s, "A1", "o9")
    assert where(after, "A1") == "o9"
    assert stone_names(after) == (set(BASIC_STONES) - {"o9"}) | {"n9"}


@pytest.mark.rules("PUSH-ONE")
def test_pushing_the_same_stone_twice() -> None:
    # h4 -> h5 (stone to h6) -> h6 (stone to h7): h7 is empty.
    s = pos(figures={"A5": "h4"})
    after = move(s, "A5", "h5", "h6")
    assert where(after, "A5") == "h6"
    assert stone_names(after) == (set(BASIC_STONES) - {"h5"}) | {"h7"}


@pytest.mark.rules("PUSH-ONE")
def test_push_then_turn() -> None:
    # R's first example: push a stone, then turn. A4 on h3: h4, h5 (stone to h6), g5 (turn).
    s = pos(figures={"A4": "h3"})
    after = move(s, "A4", "h4", "h5", "g5")
    assert where(after, "A4") == "g5"
    assert "h6" in stone_names(after)
    assert "h5" not in stone_names(after)


@pytest.mark.rules("PUSH-ONE")
def test_a_figure_cannot_push_two_stones() -> None:
    # A1 on j6 steps W onto i6; h6 holds a second stone.
    s = pos(figures={"A1": "j6"}, stones=stones_plus("h6"))
    assert_illegal(s, "A1", ("i6",), "PUSH-ONE")


@pytest.mark.rules("PUSH-ONE", "PUSH-NO-FIGURES")
def test_a_figure_cannot_push_a_stone_onto_a_figure() -> None:
    s = pos(figures={"A1": "j6", "B1": "h6"})
    assert_illegal(s, "A1", ("i6",), "PUSH-ONE")


@pytest.mark.rules("PUSH-ONE")
def test_an_unpushable_stone_is_not_offered() -> None:
    # A1 on j6 with h6 blocked: j6's neighbours j5, k6, j7 are free, i6 is not possible.
    s = pos(figures={"A1": "j6", "B1": "h6"})
    assert {m.path for m in fr.legal_moves(s, "A1")} == {(), ("j5",), ("k6",), ("j7",)}


# --- PUSH-EDGE ----------------------------------------------------------------------------


@pytest.mark.rules("PUSH-EDGE")
@pytest.mark.parametrize(
    ("fig", "stone"), [("b5", "a5"), ("o7", "p7"), ("k2", "k1"), ("f10", "f11")]
)
def test_a_figure_cannot_push_a_stone_off_the_board(fig: str, stone: str) -> None:
    stones = [s for s in stones_plus(stone) if s != fig]
    s = pos(figures={"A1": fig}, stones=stones)
    assert_illegal(s, "A1", (stone,), "PUSH-EDGE")


# --- PUSH-CORNER --------------------------------------------------------------------------


@pytest.mark.rules("PUSH-CORNER")
def test_a_stone_pushed_onto_the_exit_is_removed() -> None:
    # A1 on c1 steps W onto b1; the stone goes to a1 (empty: monster on k7) and is removed.
    s = pos(figures={"A1": "c1"}, stones=stones_plus("b1"), monster="k7")
    after = move(s, "A1", "b1")
    assert where(after, "A1") == "b1"
    assert stone_names(after) == set(BASIC_STONES)


@pytest.mark.rules("PUSH-CORNER")
def test_a_stone_pushed_onto_the_entrance_is_removed() -> None:
    # A1 on p9 steps S onto p10; the stone goes to p11 and is removed.
    s = pos(figures={"A1": "p9"}, stones=stones_plus("p10"))
    after = move(s, "A1", "p10")
    assert where(after, "A1") == "p10"
    assert stone_names(after) == set(BASIC_STONES)


@pytest.mark.rules("PUSH-CORNER", "PUSH-ONE")
def test_no_push_onto_a_corner_holding_the_monster_or_a_figure() -> None:
    s = pos(figures={"A1": "c1"}, stones=stones_plus("b1"))  # monster on a1
    assert_illegal(s, "A1", ("b1",), "PUSH-ONE")
    t = pos(figures={"A1": "p9", "B1": "p11"}, stones=stones_plus("p10"))
    assert_illegal(t, "A1", ("p10",), "PUSH-ONE")


@pytest.mark.rules("PUSH-CORNER", "POOL-STONE-SLIDE")
def test_a_stone_sliding_onto_a_corner_is_removed() -> None:
    # A single pool square on a2. A1 on a4 steps N onto a3: the stone goes to a2 (pool), slides
    # on north to a1 (empty, monster on k7) and is removed there.
    s = pos(figures={"A1": "a4"}, stones=stones_plus("a3"), pools=["a2"], monster="k7")
    after = move(s, "A1", "a3")
    assert where(after, "A1") == "a3"
    assert stone_names(after) == set(BASIC_STONES)


# --- POOL-SLIDE ---------------------------------------------------------------------------


@pytest.mark.rules("POOL-SLIDE")
@pytest.mark.parametrize(
    ("start", "step", "end"),
    [
        ("d9", "e9", "i9"),  # pool 2 lengthwise: e9 f9 g9 h9, 5 squares for one point
        ("i9", "h9", "d9"),  # and back west: h9 g9 f9 e9 -> d9
        ("g8", "g9", "g10"),  # pool 2 crosswise: 2 squares
        ("h3", "i3", "k3"),  # pool 1 east: i3 j3 -> k3
        ("i2", "i3", "i5"),  # pool 1 south: i3 i4 -> i5
        ("i5", "i4", "i2"),  # pool 1 north
        ("k4", "j4", "h4"),  # pool 1 west
    ],
)
def test_a_figure_slides_across_a_pool_for_one_point(start: str, step: str, end: str) -> None:
    s = pos(figures={"A1": start})  # A1 shows 1: the whole slide is its only point
    after = move(s, "A1", step)
    assert where(after, "A1") == end
    assert after.stones == s.stones


@pytest.mark.rules("POOL-SLIDE")
def test_slide_event() -> None:
    s = pos(figures={"A1": "d9"})
    _after, events = fr.apply_traced(s, fr.FigureMove("A1", ("e9",)))
    assert ev.FigureSlid("A1", "e9", "i9") in events


@pytest.mark.rules("POOL-SLIDE")
def test_the_next_entry_starts_where_the_slide_ended() -> None:
    s = pos(figures={"A5": "d9"})
    assert where(move(s, "A5", "e9", "i8"), "A5") == "i8"
    # f8 is next to f9, not to i9, where the slide ended
    assert_illegal(s, "A5", ("e9", "f8"), "FIG-POINTS")
    # the path names the pool square stepped onto, not where the slide ends
    assert_illegal(s, "A5", ("i9",), "FIG-POINTS")


# --- POOL-BEYOND-STONE --------------------------------------------------------------------


@pytest.mark.rules("POOL-BEYOND-STONE")
def test_a_stone_beyond_the_pool_is_pushed() -> None:
    # A1 on f8 steps S onto f9; beyond is f10 (stone), f11 empty: stone to f11, figure f10.
    s = pos(figures={"A1": "f8"})
    after = move(s, "A1", "f9")
    assert where(after, "A1") == "f10"
    assert stone_names(after) == (set(BASIC_STONES) - {"f10"}) | {"f11"}


@pytest.mark.rules("POOL-BEYOND-STONE", "POOL-BLOCKED")
@pytest.mark.parametrize(
    "blocker",
    [
        {"figures": {"A1": "f8", "B1": "f11"}},  # a figure behind the stone
        {"figures": {"A1": "f8"}, "stones": stones_plus("f11")},  # a second stone
        {"figures": {"A1": "f8"}, "monster": "f11", "facing": "E"},  # the monster
    ],
)
def test_an_unpushable_stone_beyond_stops_the_figure_on_the_pool(blocker: dict[str, Any]) -> None:
    s = pos(**blocker)
    after = move(s, "A1", "f9")
    assert where(after, "A1") == "f9"
    assert after.stones == s.stones


# --- POOL-BLOCKED -------------------------------------------------------------------------


@pytest.mark.rules("POOL-BLOCKED")
@pytest.mark.parametrize(
    ("path", "end"),
    [
        (("f9", "e9"), "d9"),  # west onto e9: a new slide west to d9
        (("f9", "g9"), "i9"),  # east onto g9: slides over h9 to i9
        (("f9", "f8"), "f8"),  # back north
    ],
)
def test_leaving_a_blocked_pool_costs_another_point(path: tuple[str, ...], end: str) -> None:
    # The spec's example: A5 on f8, B1 on f11 behind the stone f10: stepping onto f9 stops on
    # f9; the next point leaves in any direction.
    s = pos(figures={"A5": "f8", "B1": "f11"})
    assert where(move(s, "A5", *path), "A5") == end


@pytest.mark.rules("POOL-BLOCKED", "PUSH-ONE")
def test_a_blocked_figure_cannot_step_onto_the_blocking_stone() -> None:
    s = pos(figures={"A5": "f8", "B1": "f11"})
    assert_illegal(s, "A5", ("f9", "f10"), "PUSH-ONE")


@pytest.mark.rules("POOL-BLOCKED")
def test_a_pool_at_the_edge_stops_the_slide_on_its_last_square() -> None:
    # Pool b5 a5 at the west wall. A figure on c5 steps W onto b5, slides to a5; the next square
    # is off the board, so it stays on a5 (its only point spent).
    s = pos(figures={"A1": "c5"}, pools=["b5", "a5"])
    assert where(move(s, "A1", "b5"), "A1") == "a5"
    t = pos(figures={"A3": "c5"}, pools=["b5", "a5"])
    assert where(move(t, "A3", "b5", "a4"), "A3") == "a4"
    assert where(move(t, "A3", "b5", "a6"), "A3") == "a6"


@pytest.mark.rules("POOL-BLOCKED", "FIG-MONSTER")
def test_the_monster_beyond_the_pool_stops_the_slide() -> None:
    # Monster on i9: A1 slides e9 f9 g9 h9 and stops on h9.
    s = pos(figures={"A1": "d9"}, monster="i9", facing="N")
    assert where(move(s, "A1", "e9"), "A1") == "h9"


# --- POOL-STONE-ON-POOL -------------------------------------------------------------------


@pytest.mark.rules("POOL-STONE-ON-POOL", "POOL-STONE-SLIDE")
def test_a_stone_on_the_pool_is_pushed_and_the_slide_goes_on() -> None:
    # Stone on g9. A1 d9 -> e9, slides to f9; g9's stone goes to h9 (pool) and slides on to i9
    # (not pool, empty). The figure goes on over g9, h9, meets the stone on i9 again and
    # pushes it to j9 (empty), ending on i9.
    s = pos(figures={"A1": "d9"}, stones=stones_plus("g9"))
    after = move(s, "A1", "e9")
    assert where(after, "A1") == "i9"
    assert stone_names(after) == set(BASIC_STONES) | {"j9"}


@pytest.mark.rules("POOL-STONE-ON-POOL")
def test_an_unpushable_stone_on_the_pool_stops_the_figure_before_it() -> None:
    # FAQ 1: stones on h9 and i9. The slide e9 f9 g9 meets h9, which cannot be pushed (i9
    # holds a stone): the figure stops on g9 and, with no point left, ends its move there.
    s = pos(figures={"A1": "d9"}, stones=stones_plus("h9", "i9"))
    after = move(s, "A1", "e9")
    assert where(after, "A1") == "g9"
    assert after.stones == s.stones
    # with points left it may step off: g9 -> g8
    t = pos(figures={"A3": "d9"}, stones=stones_plus("h9", "i9"))
    assert where(move(t, "A3", "e9", "g8"), "A3") == "g8"


@pytest.mark.rules("POOL-STONE-ON-POOL", "POOL-STONE-SLIDE")
def test_a_stone_on_the_pool_square_stepped_onto() -> None:
    # Stone on e9. A1 d9 steps onto e9: the stone is pushed to f9 and slides f9 g9 h9 -> i9.
    # Then the figure slides e9 -> h9, meets the stone on i9 and pushes it to j9: ends i9.
    s = pos(figures={"A1": "d9"}, stones=stones_plus("e9"))
    after = move(s, "A1", "e9")
    assert where(after, "A1") == "i9"
    assert stone_names(after) == set(BASIC_STONES) | {"j9"}


@pytest.mark.rules("POOL-STONE-ON-POOL", "PUSH-ONE")
def test_an_unpushable_stone_on_the_pool_square_stepped_onto() -> None:
    # Stone on e9, B1 on f9: the push is not allowed, so the step is illegal.
    s = pos(figures={"A1": "d9", "B1": "f9"}, stones=stones_plus("e9"))
    assert_illegal(s, "A1", ("e9",), "PUSH-ONE")


# --- POOL-FIGURE-ON-POOL ------------------------------------------------------------------


@pytest.mark.rules("POOL-FIGURE-ON-POOL")
def test_by_default_the_slide_passes_a_figure_on_the_pool() -> None:
    s = pos(figures={"A1": "d9", "B1": "g9"})
    after = move(s, "A1", "e9")
    assert where(after, "A1") == "i9"
    assert where(after, "B1") == "g9"


@pytest.mark.rules("POOL-FIGURE-ON-POOL", "POOL-BLOCKED")
def test_with_stop_a_figure_on_the_pool_stops_the_slide() -> None:
    opts = fr.RuleOptions(slide_over_figure="stop")
    s = pos(figures={"A1": "d9", "B1": "g9"}, options=opts)
    assert where(move(s, "A1", "e9"), "A1") == "f9"
    t = pos(figures={"A1": "d9", "B1": "h9"}, options=opts)
    assert where(move(t, "A1", "e9"), "A1") == "g9"
    # with a point left, step off north: f9 -> f8
    u = pos(figures={"A5": "d9", "B1": "g9"}, options=opts)
    assert where(move(u, "A5", "e9", "f8"), "A5") == "f8"


@pytest.mark.rules("POOL-FIGURE-ON-POOL")
@pytest.mark.parametrize(
    "opts", [fr.RuleOptions(slide_over_figure="pass"), fr.RuleOptions(slide_over_figure="stop")]
)
def test_a_figure_on_the_square_stepped_onto_never_stops_the_slide(opts: fr.RuleOptions) -> None:
    # B1 stands on e9, the square stepped onto: passed by the step itself, under both values.
    s = pos(figures={"A1": "d9", "B1": "e9"}, options=opts)
    assert where(move(s, "A1", "e9"), "A1") == "i9"


@pytest.mark.rules("POOL-FIGURE-ON-POOL", "POOL-LAST-POINT")
def test_a_slide_blocked_on_a_figure_needs_another_point() -> None:
    # B1 on h9, monster on i9 (pass): A slides e9..h9 and is blocked on h9, where B1 stands.
    s = pos(figures={"A1": "d9", "B1": "h9"}, monster="i9", facing="N")
    assert_illegal(s, "A1", ("e9",), "POOL-LAST-POINT")
    t = pos(figures={"A3": "d9", "B1": "h9"}, monster="i9", facing="N")
    assert where(move(t, "A3", "e9", "h8"), "A3") == "h8"


# --- POOL-LAST-POINT ----------------------------------------------------------------------


@pytest.mark.rules("POOL-LAST-POINT")
@pytest.mark.parametrize(("start", "step", "blocker"), [("d9", "e9", "i9"), ("g8", "g9", "g10")])
def test_no_last_point_onto_a_pool_when_a_figure_waits_beyond(
    start: str, step: str, blocker: str
) -> None:
    s = pos(figures={"A1": start, "B1": blocker})
    assert_illegal(s, "A1", (step,), "POOL-LAST-POINT")


@pytest.mark.rules("POOL-LAST-POINT", "FIG-THROUGH")
def test_a_figure_beyond_the_pool_is_passed_with_points_left() -> None:
    # A3 slides d9 -> i9 (B1 there, passed through), then steps to i8.
    s = pos(figures={"A3": "d9", "B1": "i9"})
    after = move(s, "A3", "e9", "i8")
    assert where(after, "A3") == "i8"
    assert where(after, "B1") == "i9"


@pytest.mark.rules("POOL-LAST-POINT")
def test_legal_moves_leave_out_the_pool_step() -> None:
    # A1 on d9, B1 on i9: d8, c9, d10 are free; e9 would end on B1.
    s = pos(figures={"A1": "d9", "B1": "i9"})
    assert {m.path for m in fr.legal_moves(s, "A1")} == {(), ("d8",), ("c9",), ("d10",)}


# --- POOL-STONE-SLIDE ---------------------------------------------------------------------


@pytest.mark.rules("POOL-STONE-SLIDE")
def test_stone_slide_example_e8_south() -> None:
    # A1 on e7 steps S onto e8: the stone goes onto e9 (pool), and on to e10 (empty).
    s = pos(figures={"A1": "e7"})
    after = move(s, "A1", "e8")
    assert where(after, "A1") == "e8"
    assert stone_names(after) == (set(BASIC_STONES) - {"e8"}) | {"e10"}


@pytest.mark.rules("POOL-STONE-SLIDE")
def test_stone_stays_on_the_pool_when_beyond_is_occupied() -> None:
    # Had e10 held a figure, the stone would stay on e9.
    s = pos(figures={"A1": "e7", "B1": "e10"})
    after = move(s, "A1", "e8")
    assert stone_names(after) == (set(BASIC_STONES) - {"e8"}) | {"e9"}


@pytest.mark.rules("POOL-STONE-SLIDE")
def test_stone_slides_the_length_of_pool_two() -> None:
    # Stone on d9, A1 on c9 steps E: stone onto e9, slides f9 g9 h9, stops on i9.
    s = pos(figures={"A1": "c9"}, stones=stones_plus("d9"))
    after = move(s, "A1", "d9")
    assert where(after, "A1") == "d9"
    assert stone_names(after) == set(BASIC_STONES) | {"i9"}


@pytest.mark.rules("POOL-STONE-SLIDE")
@pytest.mark.parametrize(
    ("extra", "stone_end"),
    [
        ({"figures": {"B1": "i9"}}, "h9"),  # figure beyond: last pool square
        ({"figures": {"B1": "g9"}}, "f9"),  # figure on the pool ahead: the square before it
        ({"monster": "i9"}, "h9"),  # the monster beyond
    ],
)
def test_stone_slide_stops_before_an_obstacle(extra: dict[str, Any], stone_end: str) -> None:
    figures = {"A1": "c9", **extra.get("figures", {})}
    kw = {k: v for k, v in extra.items() if k != "figures"}
    s = pos(figures=figures, stones=stones_plus("d9"), **kw)
    after = move(s, "A1", "d9")
    assert stone_names(after) == set(BASIC_STONES) | {stone_end}


@pytest.mark.rules("POOL-STONE-SLIDE")
def test_a_sliding_stone_never_pushes() -> None:
    # Stones on d9 and i9: the pushed stone slides to h9 and stops; i9's stone stays.
    s = pos(figures={"A1": "c9"}, stones=stones_plus("d9", "i9"))
    after = move(s, "A1", "d9")
    assert stone_names(after) == set(BASIC_STONES) | {"h9", "i9"}


@pytest.mark.rules("POOL-STONE-SLIDE")
def test_a_stone_sliding_toward_the_monster_on_a_corner_stays_on_the_pool() -> None:
    # Pool on a2, monster on a1: A1 on a4 pushes the a3 stone onto a2 (empty, so allowed); the
    # slide stops there because a1 holds the monster.
    s = pos(figures={"A1": "a4"}, stones=stones_plus("a3"), pools=["a2"])
    after = move(s, "A1", "a3")
    assert stone_names(after) == set(BASIC_STONES) | {"a2"}


# --- legal_moves: small positions worked out by hand --------------------------------------


@pytest.mark.rules("FIG-POINTS", "FIG-ZERO")
def test_legal_moves_of_a_one_in_the_open() -> None:
    s = pos(figures={"A1": "k7"})
    moves = fr.legal_moves(s, "A1")
    assert moves[0] == fr.FigureMove("A1", ())
    assert {m.path for m in moves} == {(), ("k6",), ("l7",), ("k8",), ("j7",)}
    assert len(moves) == 5


@pytest.mark.rules("FIG-POINTS", "PUSH-ONE", "POOL-SLIDE")
def test_legal_moves_of_a_two_beside_a_stone_and_a_pool() -> None:
    # A5 showing 2 on h4. Around it: h3 free, g4 free, i4 pool (slide east to k4), h5 stone
    # (h6 free behind it).
    # 1 point: h3, g4, k4 (slide), h5 pushing the stone to h6.
    # 2 points: h3 -> h2, g3, k3 (i3 slide); g4 -> f4, g5; k4 -> l4, k5, (j4 slides back to h4
    # = start, same board as the zero move); h5 -> h4, i5, g5 (all with the stone on h6) and
    # h6 (stone pushed on to h7).
    s = pos(figures={"A5": "h4"}, faces={"A5": 2})
    base = frozenset(BASIC_STONES)
    on_h6 = frozenset((base - {"h5"}) | {"h6"})
    on_h7 = frozenset((base - {"h5"}) | {"h7"})
    expected = {
        ("h4", base),
        ("h3", base),
        ("g4", base),
        ("k4", base),
        ("h5", on_h6),
        ("h2", base),
        ("g3", base),
        ("k3", base),
        ("f4", base),
        ("g5", base),
        ("l4", base),
        ("k5", base),
        ("h4", on_h6),
        ("i5", on_h6),
        ("g5", on_h6),
        ("h6", on_h7),
    }
    assert results(s, "A5") == expected
    moves = fr.legal_moves(s, "A5")
    assert len(moves) == 16  # one per distinct result
    assert moves[0] == fr.FigureMove("A5", ())
    assert all(len(m.path) <= 2 for m in moves)


@pytest.mark.rules("PUSH-CORNER")
def test_a_figures_push_removes_the_stone_even_with_monster_corner_stone_keep() -> None:
    # Point 2: a stone never stays on a corner after a figure's push; the option
    # monster_corner_stone concerns only the monster's pushes (MON-CORNER-STONE).
    opts = fr.RuleOptions(monster_corner_stone="keep")
    s = pos(figures={"A1": "c1"}, stones=stones_plus("b1"), monster="k7", options=opts)
    after = move(s, "A1", "b1")
    assert stone_names(after) == set(BASIC_STONES)


@pytest.mark.rules("POOL-FIGURE-ON-POOL", "POOL-LAST-POINT")
def test_with_stop_a_figure_beyond_the_pool_still_does_not_block() -> None:
    # Under "stop" only pool squares ahead block; B1 on i9 (beyond) is passed through.
    opts = fr.RuleOptions(slide_over_figure="stop")
    s = pos(figures={"A3": "d9", "B1": "i9"}, options=opts)
    assert where(move(s, "A3", "e9", "i8"), "A3") == "i8"
    t = pos(figures={"A1": "d9", "B1": "i9"}, options=opts)
    assert_illegal(t, "A1", ("e9",), "POOL-LAST-POINT")


@pytest.mark.rules("PUSH-ONE", "POOL-STONE-SLIDE")
def test_no_push_onto_a_pool_square_holding_a_figure() -> None:
    # A1 on e7 steps S onto the stone e8; behind it e9 (pool) holds B1: not empty.
    s = pos(figures={"A1": "e7", "B1": "e9"})
    assert_illegal(s, "A1", ("e8",), "PUSH-ONE")


@pytest.mark.rules("FIG-POINTS")
def test_legal_moves_use_shortest_paths() -> None:
    # A5 showing 2 on h4 (as above): h3, g4, k4 (the i4 slide) and h5 (push) take one point.
    s = pos(figures={"A5": "h4"}, faces={"A5": 2})
    by_end = {}
    for m in fr.legal_moves(s, "A5"):
        after = fr.apply(s, m)
        if "h5" in stone_names(after):  # the stone not pushed
            by_end[where(after, "A5")] = len(m.path)
        elif where(after, "A5") == "h5":
            by_end["h5"] = len(m.path)
    assert by_end["h4"] == 0
    assert by_end["h3"] == by_end["g4"] == by_end["k4"] == by_end["h5"] == 1
    assert by_end["h2"] == by_end["k3"] == by_end["l4"] == 2
