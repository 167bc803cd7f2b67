"""Rounds: phases, turn order, once per round, passing, round 1, the start player tile (RND-*)."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import all_names

import fearsome_rules as fr
from fearsome_rules.core import board

AFTER_ONE_TILE = ["7", "7", "8", "8", "10", "1hit", "2hits"]
FULL = ["5", "7", "7", "8", "8", "10", "1hit", "2hits"]


def pos(players: int = 2, **kw: Any) -> fr.GameState:
    """A round-2 position (stage 1, the 5 already used) with fr.position's other defaults."""
    kw.setdefault("round", 2)
    kw.setdefault("deck_left", AFTER_ONE_TILE)
    return fr.position(players, **kw)


def stage2(players: int, **kw: Any) -> fr.GameState:
    """Round 8 (first round of stage 2, full deck)."""
    return fr.position(players, stage=2, round=8, deck_left=FULL, **kw)


def assert_illegal(
    state: fr.GameState,
    action: fr.Action,
    rule: str,
    error: type[fr.RuleError] = fr.IllegalMoveError,
) -> None:
    before = fr.position_string(state)
    err = fr.check(state, action)
    assert err is not None and err.rule == rule, err
    with pytest.raises(error) as info:
        fr.apply(state, action)
    assert info.value.rule == rule
    assert fr.position_string(state) == before


def zero(state: fr.GameState, name: str) -> fr.GameState:
    return fr.apply(state, fr.FigureMove(name, ()))


# --- RND-ORDER ----------------------------------------------------------------------------


@pytest.mark.rules("RND-ORDER")
def test_turns_go_clockwise_from_the_start_player() -> None:
    # 4 players, start C (seat 2): C, D, A, B, then C again.
    s = fr.new_game(players=4, start_player=2)
    assert s.to_move == 2
    s = zero(s, "C1")
    assert s.to_move == 3
    s = zero(s, "D1")
    assert s.to_move == 0  # wraps round from D to A
    s = zero(s, "A1")
    assert s.to_move == 1
    s = zero(s, "B1")
    assert s.to_move == 2


@pytest.mark.rules("RND-ORDER")
def test_moving_out_of_turn_is_refused() -> None:
    s = fr.new_game(players=4, start_player=0)
    # A is to move: B may not move.
    assert_illegal(s, fr.FigureMove("B1", ()), "RND-ORDER")
    assert_illegal(s, fr.FigureMove("D5", ("p11",)), "RND-ORDER")


@pytest.mark.rules("RND-ORDER")
def test_a_player_never_moves_another_players_figure_mid_round() -> None:
    # After A moves, B is to move; A's other figures cannot move now.
    s = fr.new_game(players=2, start_player=0)
    s = zero(s, "A1")
    assert_illegal(s, fr.FigureMove("A3", ()), "RND-ORDER")
    # B chooses any of its unmoved figures
    for name in ("B1", "B3", "B4", "B5"):
        assert fr.check(s, fr.FigureMove(name, ())) is None


@pytest.mark.rules("RND-ORDER")
def test_legal_moves_are_only_of_the_player_to_move() -> None:
    s = fr.new_game(players=3, start_player=1)
    owners = {m.figure[0] for m in fr.legal_moves(s)}
    assert owners == {"B"}


# --- RND-ONCE -----------------------------------------------------------------------------


@pytest.mark.rules("RND-ONCE")
def test_a_figure_moves_only_once_per_round() -> None:
    # 2 players, round 2: A1 and B1 have moved, so it is A's turn again (A, B, A, ...).
    s = pos(2, figures={"A1": "k7", "B1": "k9"}, moved=["A1", "B1"])
    assert s.to_move == 0
    assert_illegal(s, fr.FigureMove("A1", ()), "RND-ONCE")
    assert_illegal(s, fr.FigureMove("A1", ("k6",)), "RND-ONCE")
    assert fr.check(s, fr.FigureMove("A3", ())) is None


@pytest.mark.rules("RND-ONCE")
def test_a_figure_that_is_out_no_longer_moves() -> None:
    s = pos(2, figures={"A1": "out"})
    assert s.to_move == 0
    assert_illegal(s, fr.FigureMove("A1", ()), "RND-ONCE")


@pytest.mark.rules("RND-ONCE")
def test_a_removed_figure_no_longer_moves() -> None:
    s = stage2(2, figures={"A1": "removed"})
    assert s.to_move == 0
    assert_illegal(s, fr.FigureMove("A1", ()), "RND-ONCE")


@pytest.mark.rules("RND-ONCE", "RND-PHASES")
def test_the_figure_phase_ends_when_every_figure_has_moved() -> None:
    # Round 1, 2 players, 8 figures: after 8 zero moves (A B A B A B A B) the monster phase.
    s = fr.new_game(players=2, start_player=0)
    order = ["A1", "B1", "A3", "B3", "A4", "B4", "A5", "B5"]
    for i, name in enumerate(order):
        assert s.phase is fr.Phase.FIGURES, i
        s = zero(s, name)
    assert s.phase is fr.Phase.MONSTER
    assert all(f.moved for f in s.figures)
    assert fr.legal_moves(s) == []


@pytest.mark.rules("RND-ONCE", "FIG-EXIT")
def test_a_figure_that_goes_out_has_made_its_move() -> None:
    # A1 (face 1) on a1 with the monster elsewhere: ("out",) uses its one point.
    # Then all of A's other figures and all of B's still move; A1 is done.
    s = pos(2, figures={"A1": "a1"}, monster="k7")
    s = fr.apply(s, fr.FigureMove("A1", ("out",)))
    assert s.figure("A1").place() == "out"
    assert s.to_move == 1
    s = zero(s, "B1")
    assert s.to_move == 0  # A again, with A3 A4 A5 still to move, but not A1
    assert_illegal(s, fr.FigureMove("A1", ()), "RND-ONCE")


@pytest.mark.rules("RND-ONCE", "RND-START-PASS")
def test_every_figure_is_unmoved_when_a_new_round_begins() -> None:
    # Monster phase of round 2 (all moved); A5 is on k7 (not seen from a1 facing E: row 1 and
    # column a only). After the reveal, every figure in play is unmoved.
    names = all_names(2)
    s = pos(2, figures={"A5": "k7", "B1": "out"}, moved=[n for n in names if n != "B1"])
    assert s.phase is fr.Phase.MONSTER
    s = fr.apply(s, fr.Reveal("7"))
    assert s.round == 3
    assert s.phase is fr.Phase.FIGURES
    assert all(not f.moved for f in s.figures if f.place() != "out")


# --- RND-PASS -----------------------------------------------------------------------------


@pytest.mark.rules("RND-PASS")
def test_a_player_with_no_unmoved_figure_is_skipped() -> None:
    # Stage 2, 3 players, start A. B has one figure in play (B1 waiting): B3 is out and B4, B5
    # were removed. Turns: A, B, C, A, (B passes) C, A, C, A, C.
    s = stage2(3, figures={"B3": "out", "B4": "removed", "B5": "removed"})
    turns = []
    a = iter(["A1", "A3", "A4", "A5"])
    b = iter(["B1"])
    c = iter(["C1", "C3", "C4", "C5"])
    while s.phase is fr.Phase.FIGURES:
        seat = s.to_move
        turns.append("ABC"[seat])
        s = zero(s, next((a, b, c)[seat]))
    assert "".join(turns) == "ABCACACAC"
    assert s.phase is fr.Phase.MONSTER


@pytest.mark.rules("RND-PASS")
def test_a_player_who_moved_everything_passes_while_others_finish() -> None:
    # Stage 1, 2 players: A has A1 and A5 in play (A3, A4 out), B has four figures.
    # A, B, A, B, then A passes: B, B. "The trailing player may make the last two moves."
    s = pos(2, figures={"A3": "out", "A4": "out"})
    turns = []
    a = iter(["A1", "A5"])
    b = iter(["B1", "B3", "B4", "B5"])
    while s.phase is fr.Phase.FIGURES:
        seat = s.to_move
        turns.append("AB"[seat])
        s = zero(s, next((a, b)[seat]))
    assert "".join(turns) == "ABABBB"


B_ALONE = {"B3": "out", "B4": "removed", "B5": "removed"}
"""Stage 2, 3 players: B has one figure in play (B1)."""
A_TWO_OUT = {"A3": "out", "A4": "out", "A5": "removed"}
"""Stage 2, 2 players: A has one figure in play (A1)."""


@pytest.mark.rules("RND-ORDER", "RND-PASS")
@pytest.mark.parametrize(
    ("players", "start", "kw", "seat"),
    [
        # Start C of 4: C and D have moved once, A is next (clockwise wraps to seat 0).
        (4, 2, {"moved": ["C1", "D3"]}, "A"),
        # Start A: turns A B C A, then B passes: C.
        (3, 0, {"moved": ["A1", "A3", "B1", "C1"], "figures": B_ALONE}, "C"),
        # Then C, A: C again (A has moved three, C two, B passes).
        (3, 0, {"moved": ["A1", "A3", "A4", "B1", "C1", "C3"], "figures": B_ALONE}, "C"),
        # A5 got out this round in A's first turn: it was A's move, so B is next, not A.
        (2, 0, {"moved": ["A5"], "figures": {"A5": "out"}}, "B"),
        # ... and after B's first move, A again (A1 is still to move).
        (2, 0, {"moved": ["A5", "B1"], "figures": {"A5": "out"}}, "A"),
        # Stage 2: A3 and A4 got out this round in A's two turns, A1 is left: A again, as
        # both were A's moves though A has one figure in play now.
        (2, 0, {"moved": ["A3", "A4", "B1", "B3"], "figures": A_TWO_OUT}, "A"),
        # Start B of 2, both have moved twice: B.
        (2, 1, {"moved": ["A1", "A3", "B1", "B3"]}, "B"),
        # Everything moved: nobody, the monster phase.
        (2, 1, {"moved": all_names(2)}, ""),
    ],
)
def test_a_written_position_replays_the_turn_order_from_its_marks(
    players: int, start: int, kw: dict[str, Any], seat: str
) -> None:
    # A position written down has no last mover: the seat to move follows from the start
    # player and the moved marks (the round replayed), and a given to_move is checked.
    build = stage2 if "removed" in kw.get("figures", {}).values() else pos
    s = build(players, start_player=start, **kw)
    assert ("ABCD"[s.to_move] if s.to_move >= 0 else "") == seat
    if seat:
        assert build(players, start_player=start, to_move=seat, **kw) == s
        other = "ABCD"[("ABCD".index(seat) + 1) % players]
        with pytest.raises(fr.SetupError, match="turn order gives") as info:
            build(players, start_player=start, to_move=other, **kw)
        assert info.value.rule == "RND-ORDER"
    else:
        assert s.phase is fr.Phase.MONSTER


@pytest.mark.rules("RND-PASS")
def test_passing_is_forced_a_player_with_an_unmoved_figure_must_move() -> None:
    # Point 2: there is no pass action. A to move with unmoved figures: every legal action is a
    # move of one of A's figures, and B cannot move in A's place.
    s = pos(2, figures={"A3": "out", "A4": "out"})
    assert s.to_move == 0
    assert fr.legal_moves(s)
    assert all(m.figure.startswith("A") for m in fr.legal_moves(s))
    assert_illegal(s, fr.FigureMove("B1", ()), "RND-ORDER")


@pytest.mark.rules("RND-PASS", "RND-START-PASS")
def test_start_player_without_figures_gets_the_tile_but_the_next_seat_moves_first() -> None:
    # Stage 2, 3 players, start A, monster phase: B has nothing in play (B1 out, rest
    # removed). After the reveal the tile passes to B (point 4 of RND-PASS) but the first turn
    # goes to C, the next seat clockwise with an unmoved figure. No figure is on the board, so
    # the monster (a1 facing E) walks b1..h1 harmlessly.
    s = stage2(
        3,
        figures={"B1": "out", "B3": "removed", "B4": "removed", "B5": "removed"},
        moved=["A1", "A3", "A4", "A5", "C1", "C3", "C4", "C5"],
    )
    assert s.phase is fr.Phase.MONSTER
    s = fr.apply(s, fr.Reveal("7"))
    assert s.start_player == 1
    assert s.to_move == 2
    assert s.phase is fr.Phase.FIGURES


# --- RND-FIRST ----------------------------------------------------------------------------


def _round_one_two_entered() -> fr.GameState:
    """Round 1, 2 players: A enters A5 (to l11) and A4 (to m11); B only flips."""
    s = fr.new_game(players=2, start_player=0)
    # A5 face 5: p11 is the first point; 5 points reach p11 o11 n11 m11 l11
    s = fr.apply(s, fr.FigureMove("A5", ("p11", "o11", "n11", "m11", "l11")))
    s = zero(s, "B1")
    # A4 face 4: p11 o11 n11 m11
    s = fr.apply(s, fr.FigureMove("A4", ("p11", "o11", "n11", "m11")))
    s = zero(s, "B3")
    assert s.to_move == 0
    return s


@pytest.mark.rules("RND-FIRST")
def test_a_third_figure_cannot_enter_in_round_one() -> None:
    s = _round_one_two_entered()
    assert_illegal(s, fr.FigureMove("A3", ("p11",)), "RND-FIRST")
    assert_illegal(s, fr.FigureMove("A1", ("p11",)), "RND-FIRST")


@pytest.mark.rules("RND-FIRST")
def test_the_other_figures_may_only_flip_in_round_one() -> None:
    s = _round_one_two_entered()
    assert fr.legal_moves(s, "A3") == [fr.FigureMove("A3", ())]
    assert fr.legal_moves(s, "A1") == [fr.FigureMove("A1", ())]
    s = zero(s, "A3")
    assert s.figure("A3").place() == "waiting"
    assert s.figure("A3").face == 4


@pytest.mark.rules("RND-FIRST")
def test_entering_fewer_than_two_or_none_is_allowed_in_round_one() -> None:
    # All eight figures of a 2-player game flip; the round reaches the monster phase.
    s = fr.new_game(players=2, start_player=0)
    for name in ["A1", "B1", "A3", "B3", "A4", "B4", "A5", "B5"]:
        s = zero(s, name)
    assert s.phase is fr.Phase.MONSTER
    assert all(f.place() == "waiting" for f in s.figures)


@pytest.mark.rules("RND-FIRST")
def test_the_limit_is_per_player() -> None:
    # A has entered two figures; B may still enter two of its own.
    s = _round_one_two_entered()
    s = zero(s, "A3")
    # B: B4 enters p11 o11 n11 p10? p11 -> o11 -> n11 -> n10 (4 points; l11, m11 hold A's)
    assert fr.check(s, fr.FigureMove("B4", ("p11", "o11", "n11", "n10"))) is None


@pytest.mark.rules("RND-FIRST")
def test_from_round_two_any_number_may_enter() -> None:
    # Round 2: A5 on l11 and A4 on m11 already; A3 and A1 may both enter this round.
    s = pos(2, figures={"A5": "l11", "A4": "m11"})
    s = fr.apply(s, fr.FigureMove("A3", ("p11", "p10", "p9")))
    s = zero(s, "B1")
    assert fr.check(s, fr.FigureMove("A1", ("p11",))) is None


@pytest.mark.rules("RND-FIRST")
def test_legal_moves_offer_entering_until_the_limit() -> None:
    # Before any figure has entered, A1 (face 1) has exactly: zero move and ("p11",).
    s = fr.new_game(players=2, start_player=0)
    assert set(fr.legal_moves(s, "A1")) == {fr.FigureMove("A1", ()), fr.FigureMove("A1", ("p11",))}


# --- RND-START-PASS -----------------------------------------------------------------------


@pytest.mark.rules("RND-START-PASS")
@pytest.mark.parametrize(
    ("players", "start", "after"), [(2, 0, 1), (2, 1, 0), (4, 3, 0), (5, 2, 3)]
)
def test_the_start_player_tile_passes_clockwise(players: int, start: int, after: int) -> None:
    # Round 1, everyone flips everything, then the first reveal (the 5: b1..f1, harmless).
    s = fr.new_game(players=players, start_player=start)
    while s.phase is fr.Phase.FIGURES:
        s = fr.apply(s, fr.legal_moves(s)[0])  # the zero move comes first
    s = fr.apply(s, fr.Reveal("5"))
    assert s.round == 2
    assert s.start_player == after
    assert s.to_move == after
    assert not any(f.moved for f in s.figures)
    assert board.name(s.monster) == "f1"


@pytest.mark.rules("RND-START-PASS")
def test_no_round_begins_after_the_game_ended() -> None:
    # A4 (face 4) on b1 exits (a1, out): A has 3 out of 4 -> END-WIN at once; the round does not
    # go on and no new round starts.
    s = pos(4, figures={"A1": "out", "A3": "out", "A4": "b1"}, monster="k7")
    s = fr.apply(s, fr.FigureMove("A4", ("a1", "out")))
    assert s.phase is fr.Phase.OVER
    assert s.round == 2
    assert fr.chance_outcomes(s) == []


# --- RND-PHASES ---------------------------------------------------------------------------


@pytest.mark.rules("RND-PHASES")
def test_no_figure_move_in_the_monster_phase() -> None:
    s = pos(2, moved=all_names(2))
    assert s.phase is fr.Phase.MONSTER
    assert_illegal(s, fr.FigureMove("A1", ()), "RND-PHASES", fr.IllegalActionError)


@pytest.mark.rules("RND-PHASES")
def test_no_reveal_in_the_figure_phase() -> None:
    s = fr.new_game(players=2, start_player=0)
    assert_illegal(s, fr.Reveal("5"), "RND-PHASES", fr.IllegalActionError)
    # also after some but not all figures moved
    s = zero(s, "A1")
    assert_illegal(s, fr.Reveal("7"), "RND-PHASES", fr.IllegalActionError)


@pytest.mark.rules("RND-PHASES")
def test_a_round_has_one_monster_phase_then_the_next_figure_phase() -> None:
    s = pos(2, moved=all_names(2))
    assert [r.tile for r, _ in fr.chance_outcomes(s)]  # something to reveal
    s = fr.apply(s, fr.Reveal("8"))
    assert s.phase is fr.Phase.FIGURES
    assert s.round == 3
    assert fr.chance_outcomes(s) == []
    # exactly one tile left the deck
    assert sorted(s.deck) == sorted(["7", "7", "8", "10", "1hit", "2hits"])
