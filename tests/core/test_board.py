"""The board: squares and names, corners, wall letters, the wrap, the basic layout (BRD-*).

Every expectation is read off spec/board.md (and the printed board in the reference notes),
worked out by hand; nothing here was copied from the engine's output.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from helpers import monster_at, monster_path, monster_position, reveal

import fearsome_rules as fr
from fearsome_rules.core import board
from fearsome_rules.core import events as ev

LETTERS = "abcdefghijklmnop"
# Round 2 of stage 1 comes after one tile; say it was the 5 (the others are left).
AFTER_ONE_TILE = ["7", "7", "8", "8", "10", "1hit", "2hits"]


def pos(players: int = 2, **kw: Any) -> fr.GameState:
    """A round-2 position (stage 1, the 5 already used) with fr.position's other defaults."""
    kw.setdefault("round", 2)
    kw.setdefault("deck_left", AFTER_ONE_TILE)
    return fr.position(players, **kw)


N, E, S, W = 0, 1, 2, 3

# BRD-SQUARES point 2, typed in by hand: the columns of each row, first and last.
ROW_SPAN = {
    1: ("a", "l"),
    2: ("a", "m"),
    3: ("a", "n"),
    4: ("a", "o"),
    5: ("a", "p"),
    6: ("a", "p"),
    7: ("a", "p"),
    8: ("b", "p"),
    9: ("c", "p"),
    10: ("d", "p"),
    11: ("e", "p"),
}

# BRD-WALLS point 3: the complete table, typed in from the spec (mark -> two edges).
WALL_TABLE = {
    "A": (("a1", N), ("p11", S)),
    "B": (("b1", N), ("o11", S)),
    "C": (("c1", N), ("n11", S)),
    "D": (("d1", N), ("m11", S)),
    "E": (("e1", N), ("l11", S)),
    "F": (("f1", N), ("k11", S)),
    "G": (("g1", N), ("j11", S)),
    "H": (("h1", N), ("i11", S)),
    "I": (("i1", N), ("h11", S)),
    "J": (("j1", N), ("g11", S)),
    "K": (("k1", N), ("f11", S)),
    "L": (("l1", N), ("e11", S)),
    "M": (("l1", E), ("e11", W)),
    "N": (("m2", N), ("d10", S)),
    "O": (("m2", E), ("d10", W)),
    "P": (("n3", N), ("c9", S)),
    "Q": (("n3", E), ("c9", W)),
    "R": (("o4", N), ("b8", S)),
    "S": (("o4", E), ("b8", W)),
    "T": (("p5", N), ("a7", S)),
    "U": (("p5", E), ("a7", W)),
    "V": (("p6", E), ("a6", W)),
    "W": (("p7", E), ("a5", W)),
    "X": (("p8", E), ("a4", W)),
    "Y": (("p9", E), ("a3", W)),
    "Z": (("p10", E), ("a2", W)),
    "*": (("p11", E), ("a1", W)),
}


def expected_squares() -> set[str]:
    """All square names, from the row spans of BRD-SQUARES point 2."""
    out: set[str] = set()
    for row, (first, last) in ROW_SPAN.items():
        for c in range(LETTERS.index(first), LETTERS.index(last) + 1):
            out.add(f"{LETTERS[c]}{row}")
    return out


# --- BRD-SQUARES --------------------------------------------------------------------------


@pytest.mark.rules("BRD-SQUARES")
def test_there_are_156_squares() -> None:
    # rows: 12 + 13 + 14 + 15 + 16*3 + 15 + 14 + 13 + 12 = 156
    assert len(expected_squares()) == 156
    assert len(board.SQUARES) == 156


@pytest.mark.rules("BRD-SQUARES")
def test_the_squares_are_exactly_the_staircase_shape() -> None:
    # Every name of the 16 x 11 box either is a square (inside the row spans) or raises.
    names = {board.name(sq) for sq in board.SQUARES}
    assert names == expected_squares()
    for c in range(16):
        for r in range(11):
            text = f"{LETTERS[c]}{r + 1}"
            # point 3: on the board iff c - r <= 11 and r - c <= 6
            on = c - r <= 11 and r - c <= 6
            assert (text in expected_squares()) == on
            if on:
                assert board.name(board.square(text)) == text
            else:
                with pytest.raises(fr.NotationError):
                    board.square(text)


@pytest.mark.rules("BRD-SQUARES")
@pytest.mark.parametrize("text", ["p1", "a11", "m1", "a8", "q5", "a0", "a12", "b11", "p4"])
def test_names_outside_the_board_are_not_squares(text: str) -> None:
    # point 4: p1, a11, m1, a8 are the spec's examples; q5/a0/a12 lie outside the box;
    # b11 (row 11 starts at e) and p4 (row 4 ends at o) are in the cut corners.
    with pytest.raises(fr.NotationError):
        board.square(text)


@pytest.mark.rules("BRD-SQUARES")
def test_names_round_trip_for_every_square() -> None:
    for sq in board.SQUARES:
        assert board.square(board.name(sq)) == sq
    # and for every name
    for text in expected_squares():
        assert board.name(board.square(text)) == text


@pytest.mark.rules("BRD-SQUARES")
@pytest.mark.parametrize(
    ("convert", "value"),
    [
        (board.name, "p11"),  # a name where a square is wanted
        (board.name, True),  # a bool is not square 1 (b1)
        (board.name, False),
        (board.square, 175),  # a square where a name is wanted (175 is p11)
        (board.square, None),
    ],
)
def test_a_square_and_its_name_do_not_stand_in_for_each_other(
    convert: Callable[[Any], object], value: object
) -> None:
    # One type for a square (fr.Square, its index), its name only its notation: each
    # conversion refuses the other spelling in one typed line, never takes it silently.
    with pytest.raises(fr.NotationTypeError) as raised:
        convert(value)
    assert "\n" not in str(raised.value) and "expected a square" in str(raised.value)


def test_square_and_seat_are_the_public_int_types() -> None:
    # What a state hands out is the type its annotation names: the square and the seat as ints
    # (fr.Square, fr.Seat), with one conversion each to the notation.
    state = fr.position(3, monster="k7", start_player="C", figures={"B5": "g4"}, moved=["B5"])
    assert fr.Square is int and fr.Seat is int and fr.board.Square is int
    assert isinstance(state.monster, int) and board.name(state.monster) == "k7"
    assert state.monster == board.square("k7") == 6 * 16 + 10  # row 7, column k
    assert isinstance(state.start_player, int) and fr.SEAT_LETTERS[state.start_player] == "C"
    assert fr.SEAT_LETTERS.index("C") == state.start_player == 2
    b5 = state.figure("B5")
    assert (b5.owner, board.name(b5.where)) == (1, "g4")


@pytest.mark.rules("BRD-SQUARES")
def test_spec_examples_of_names() -> None:
    # (0, 0) = a1, (10, 15) = p11, (5, 13) = n6, (8, 4) = e9: distinct squares, and the
    # neighbours agree with the pair arithmetic (e9's north is e8, n6's east is o6).
    sq = board.square
    assert len({sq("a1"), sq("p11"), sq("n6"), sq("e9")}) == 4
    assert board.NEIGHBOUR[sq("e9")][N] == sq("e8")
    assert board.NEIGHBOUR[sq("n6")][E] == sq("o6")


@pytest.mark.rules("BRD-SQUARES")
@pytest.mark.parametrize(
    ("square", "north", "east", "south", "west"),
    [
        ("g6", "g5", "h6", "g7", "f6"),  # an inner square has four neighbours
        ("a1", None, "b1", "a2", None),  # exit corner: walls north and west
        ("p11", "p10", None, None, "o11"),  # entrance corner: walls east and south
        ("l1", None, None, "l2", "k1"),  # end of row 1: wall M east
        ("m2", None, None, "m3", "l2"),  # staircase square: walls N and O
        ("a7", "a6", "b7", None, None),  # a8 is not a square: wall T south of a7
        ("b8", "b7", "c8", None, None),  # b9 not a square, a8 not a square
        ("e11", "e10", "f11", None, None),
        ("p5", None, None, "p6", "o5"),  # p4 not a square
    ],
)
def test_neighbours(
    square: str, north: str | None, east: str | None, south: str | None, west: str | None
) -> None:
    # point 5: orthogonal neighbours only; a missing neighbour is an outer wall.
    got = tuple(
        None if n == board.OFF else board.name(n) for n in board.NEIGHBOUR[board.square(square)]
    )
    assert got == (north, east, south, west)


@pytest.mark.rules("BRD-SQUARES")
def test_no_diagonal_neighbours_and_at_most_four() -> None:
    for sq in board.SQUARES:
        nbrs = [n for n in board.NEIGHBOUR[sq] if n != board.OFF]
        assert len(nbrs) <= 4
        name = board.name(sq)
        col, row = LETTERS.index(name[0]), int(name[1:])
        for n in nbrs:
            other = board.name(n)
            oc, orow = LETTERS.index(other[0]), int(other[1:])
            # exactly one of row and column differs, by one
            assert abs(oc - col) + abs(orow - row) == 1


@pytest.mark.rules("BRD-SQUARES")
def test_half_turn_symmetry() -> None:
    # point 6: (r, c) is a square iff (10 - r, 15 - c) is.
    for text in expected_squares():
        c, r = LETTERS.index(text[0]), int(text[1:]) - 1
        assert f"{LETTERS[15 - c]}{10 - r + 1}" in expected_squares()


# --- BRD-CORNERS --------------------------------------------------------------------------


@pytest.mark.rules("BRD-CORNERS")
def test_corner_squares() -> None:
    assert board.square("a1") == board.EXIT
    assert board.square("p11") == board.ENTRANCE
    assert frozenset({board.square("a1"), board.square("p11")}) == board.CORNERS


@pytest.mark.rules("BRD-CORNERS")
def test_a_figure_may_stop_on_the_entrance_corner_and_pass_back_through_it() -> None:
    # Point 3: for moving through, the corner is an ordinary square. A5 (face 5) on o11 steps
    # onto p11 and on to p10: 2 points, ends p10; or it stops on p11 after 1 point.
    s = pos(2, figures={"A5": "o11"})
    after = fr.apply(s, fr.FigureMove("A5", ("p11", "p10")))
    assert after.figure("A5").place() == "p10"
    after2 = fr.apply(s, fr.FigureMove("A5", ("p11",)))
    assert after2.figure("A5").place() == "p11"


@pytest.mark.rules("BRD-CORNERS")
def test_two_figures_never_share_a_corner() -> None:
    # Point 4: B1 stands on a1 (monster elsewhere); A1 (face 1) on b1 cannot stop there.
    s = pos(2, figures={"B1": "a1", "A1": "b1"}, monster="k7")
    err = fr.check(s, fr.FigureMove("A1", ("a1",)))
    assert err is not None and err.rule == "FIG-THROUGH"


# --- BRD-WALLS ----------------------------------------------------------------------------


@pytest.mark.rules("BRD-WALLS")
def test_there_are_54_outer_wall_edges() -> None:
    # north: 12 (row 1) + 4 (m2 n3 o4 p5) = 16, south 16, east 4 + 7 = 11, west 11 -> 54
    edges = [
        (sq, d) for sq in board.SQUARES for d in range(4) if board.NEIGHBOUR[sq][d] == board.OFF
    ]
    assert len(edges) == 54
    assert sum(len(pair) for pair in WALL_TABLE.values()) == 54


@pytest.mark.rules("BRD-WALLS")
def test_each_mark_appears_on_exactly_two_edges() -> None:
    marks = Counter(
        board.WALL[sq][d] for sq in board.SQUARES for d in range(4) if board.WALL[sq][d]
    )
    assert len(marks) == 27
    assert set(marks) == set(WALL_TABLE)
    assert all(count == 2 for count in marks.values())


@pytest.mark.rules("BRD-WALLS")
@pytest.mark.parametrize("mark", sorted(WALL_TABLE))
def test_wall_letter_table(mark: str) -> None:
    (sq1, d1), (sq2, d2) = WALL_TABLE[mark]
    assert board.WALL[board.square(sq1)][d1] == mark
    assert board.WALL[board.square(sq2)][d2] == mark


@pytest.mark.rules("BRD-WALLS")
def test_wall_m_is_east_of_l1_and_west_of_e11() -> None:
    # The monster starts on a1 looking east "straight to the letter M" (R, Preparation).
    assert board.WALL[board.square("l1")][E] == "M"
    assert board.WALL[board.square("e11")][W] == "M"
    # l1 also has wall L on its north side; e11 has L on its south side.
    assert board.WALL[board.square("l1")][N] == "L"
    assert board.WALL[board.square("e11")][S] == "L"


@pytest.mark.rules("BRD-WALLS")
def test_inner_edges_have_no_letter() -> None:
    for sq in board.SQUARES:
        for d in range(4):
            if board.NEIGHBOUR[sq][d] != board.OFF:
                assert board.WALL[sq][d] == ""


@pytest.mark.rules("BRD-WALLS")
def test_the_two_copies_of_a_mark_are_half_turn_images() -> None:
    # Point 3: side d of (r, c) pairs with the opposite side of (10 - r, 15 - c).
    for mark, ((sq1, d1), (sq2, d2)) in WALL_TABLE.items():
        c1, r1 = LETTERS.index(sq1[0]), int(sq1[1:]) - 1
        assert sq2 == f"{LETTERS[15 - c1]}{10 - r1 + 1}", mark
        assert d2 == (d1 + 2) % 4, mark


# --- BRD-WRAP -----------------------------------------------------------------------------


@pytest.mark.rules("BRD-WRAP")
@pytest.mark.parametrize(
    ("frm", "to"),
    [
        ("a1", "p11"),
        ("p11", "a1"),
        ("p6", "a6"),
        ("m2", "d10"),
        ("l1", "e11"),
        ("a2", "p10"),  # wall Z
        ("o4", "b8"),  # walls R and S
        ("p5", "a7"),  # walls T and U
    ],
)
def test_wrap_examples(frm: str, to: str) -> None:
    assert board.WRAP[board.square(frm)] == board.square(to)


@pytest.mark.rules("BRD-WRAP")
def test_wrap_formula_for_every_square() -> None:
    # (r, c) -> (10 - r, 15 - c), computed from the names.
    for text in expected_squares():
        c, r = LETTERS.index(text[0]), int(text[1:]) - 1
        assert board.name(board.WRAP[board.square(text)]) == f"{LETTERS[15 - c]}{11 - r}"


@pytest.mark.rules("BRD-WRAP")
def test_wrap_lands_at_the_other_copy_of_the_same_letter() -> None:
    # For each of the 54 wall edges, the re-entry square carries the same mark on its
    # opposite side (which is the other copy of the letter).
    for mark, ((sq1, d1), (sq2, _d2)) in WALL_TABLE.items():
        assert board.WRAP[board.square(sq1)] == board.square(sq2), mark
        assert board.WRAP[board.square(sq2)] == board.square(sq1), mark
        assert board.WALL[board.WRAP[board.square(sq1)]][(d1 + 2) % 4] == mark


@pytest.mark.rules("BRD-WRAP")
@pytest.mark.parametrize(
    ("start", "facing", "walk", "wall"),
    [
        # p6 east through V onto a6, still facing east; then b6..g6 (7 steps in all).
        ("p6", "E", ["a6", "b6", "c6", "d6", "e6", "f6", "g6"], "V"),
        # m2 north through N onto d10, still north; then up column d (no stones in it).
        ("m2", "N", ["d10", "d9", "d8", "d7", "d6", "d5", "d4"], "N"),
        # a1 west through the star onto p11, still west; then along row 11.
        ("a1", "W", ["p11", "o11", "n11", "m11", "l11", "k11", "j11"], "*"),
        # l1 east through M onto e11, still east; then along row 11.
        ("l1", "E", ["e11", "f11", "g11", "h11", "i11", "j11", "k11"], "M"),
    ],
)
def test_the_monster_walks_through_walls(
    start: str, facing: str, walk: list[str], wall: str
) -> None:
    # No figure on the board, so the monster never turns; tile 7 = 7 steps straight on.
    s = monster_position({}, start, facing)
    after, events = reveal(s, "7")
    assert monster_path(events) == walk
    wraps = [e for e in events if isinstance(e, ev.MonsterWrapped)]
    assert [(e.frm, e.to, e.wall) for e in wraps] == [(start, walk[0], wall)]
    assert monster_at(after) == (walk[-1], facing)


# --- BRD-LAYOUT ---------------------------------------------------------------------------

BASIC_STONES = {"c3", "m4", "h5", "i6", "n6", "g7", "e8", "m8", "o9", "f10", "i10"}
BASIC_POOLS = {"i3", "j3", "i4", "j4", "e9", "f9", "g9", "h9"}


@pytest.mark.rules("BRD-LAYOUT")
@pytest.mark.parametrize("players", [2, 4, 7])
def test_new_game_has_the_basic_layout(players: int) -> None:
    s = fr.new_game(players=players, start_player=0, options=fr.RuleOptions())
    assert {board.name(sq) for sq in s.stones} == BASIC_STONES
    assert {board.name(sq) for sq in s.pools} == BASIC_POOLS
    assert len(s.stones) == 11


@pytest.mark.rules("BRD-LAYOUT")
def test_no_stone_on_a_pool_or_a_corner_at_the_start() -> None:
    s = fr.new_game(players=3, start_player=0)
    assert not (s.stones & s.pools)
    assert board.square("a1") not in s.stones
    assert board.square("p11") not in s.stones
    assert all(f.place() == "waiting" for f in s.figures)


@pytest.mark.rules("BRD-LAYOUT")
def test_position_defaults_to_the_basic_layout() -> None:
    s = pos(4)
    assert {board.name(sq) for sq in s.stones} == BASIC_STONES
    assert {board.name(sq) for sq in s.pools} == BASIC_POOLS


@pytest.mark.rules("BRD-LAYOUT")
def test_pools_never_move_when_stones_and_figures_cross_them() -> None:
    # Point 2. A1 (face 1) on d9 steps east onto the pool e9 and slides to i9 (POOL-SLIDE);
    # the pool squares stay where they are.
    s = pos(2, figures={"A1": "d9"})
    after = fr.apply(s, fr.FigureMove("A1", ("e9",)))
    assert after.figure("A1").place() == "i9"
    assert {board.name(sq) for sq in after.pools} == BASIC_POOLS


@pytest.mark.rules("BRD-LAYOUT")
def test_one_piece_per_square_in_positions() -> None:
    # Point 4: a figure cannot be placed on a stone or on another figure.
    with pytest.raises(fr.SetupError):
        pos(2, figures={"A1": "c3"})  # c3 holds a stone
    with pytest.raises(fr.SetupError):
        pos(2, figures={"A1": "k7", "B1": "k7"})
    with pytest.raises(fr.SetupError):
        pos(2, figures={"A1": "k7"}, monster="k7")
