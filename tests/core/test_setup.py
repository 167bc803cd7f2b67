"""Setting up a game: players, figures, starting position, start player, deck (SET-*)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import fearsome_rules as fr
from fearsome_rules.core import board

BASIC_TILES = Counter({"5": 1, "7": 2, "8": 2, "10": 1, "1hit": 1, "2hits": 1})
AFTER_ONE_TILE = ["7", "7", "8", "8", "10", "1hit", "2hits"]


def pos(players: int = 2, **kw: Any) -> fr.GameState:
    """A round-2 position (stage 1, the 5 already used) with fr.position's other defaults."""
    kw.setdefault("round", 2)
    kw.setdefault("deck_left", AFTER_ONE_TILE)
    return fr.position(players, **kw)


# --- SET-PLAYERS --------------------------------------------------------------------------


@pytest.mark.rules("SET-PLAYERS")
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_two_to_seven_players_are_accepted(players: int) -> None:
    s = fr.new_game(players=players, start_player=0, options=fr.RuleOptions())
    assert s.players == players
    # seats 0..n-1: every seat owns figures, no other seat does
    assert {f.owner for f in s.figures} == set(range(players))


@pytest.mark.rules("SET-PLAYERS")
@pytest.mark.parametrize("players", [0, 1, 8, 9])
def test_other_player_counts_are_refused(players: int) -> None:
    with pytest.raises(fr.SetupError) as info:
        fr.new_game(players=players, start_player=0)
    assert info.value.field == "players"


@pytest.mark.rules("SET-PLAYERS")
@pytest.mark.parametrize("players", [1, 8])
def test_position_refuses_other_player_counts(players: int) -> None:
    with pytest.raises(fr.SetupError) as info:
        fr.position(players)
    assert info.value.field == "players"
    assert info.value.rule == "SET-PLAYERS"


# --- SET-FIGURES --------------------------------------------------------------------------


@pytest.mark.rules("SET-FIGURES")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_to_four_players_have_four_figures_each(players: int) -> None:
    s = fr.new_game(players=players, start_player=0)
    names = sorted(f.name for f in s.figures)
    expected = sorted(f"{'ABCD'[seat]}{k}" for seat in range(players) for k in (1, 3, 4, 5))
    assert names == expected
    assert len(s.figures) == 4 * players


@pytest.mark.rules("SET-FIGURES")
@pytest.mark.parametrize("players", [5, 6, 7])
def test_five_to_seven_players_have_three_figures_and_no_x3(players: int) -> None:
    s = fr.new_game(players=players, start_player=0)
    names = sorted(f.name for f in s.figures)
    expected = sorted(f"{'ABCDEFG'[seat]}{k}" for seat in range(players) for k in (1, 4, 5))
    assert names == expected
    assert len(s.figures) == 3 * players
    with pytest.raises(fr.NotationError):
        s.figure("A3")


@pytest.mark.rules("SET-FIGURES")
@pytest.mark.parametrize("players", [2, 4, 5, 7])
def test_figures_start_on_their_coloured_side(players: int) -> None:
    # Point 4: faces 1, 3, 4, 5 (or 1, 4, 5): the number in the name.
    s = fr.new_game(players=players, start_player=0)
    for f in s.figures:
        assert f.face == int(f.name[1])
    per_seat = sorted(f.face for f in s.figures if f.owner == 0)
    assert per_seat == ([1, 3, 4, 5] if players <= 4 else [1, 4, 5])


@pytest.mark.rules("SET-FIGURES")
def test_faces_sum_to_seven() -> None:
    # Point 3: a figure showing v shows 7 - v after it is turned over. A zero move flips.
    s = fr.new_game(players=2, start_player=0)
    s = fr.apply(s, fr.FigureMove("A1", ()))
    assert s.figure("A1").face == 6
    s = fr.apply(s, fr.FigureMove("B3", ()))
    assert s.figure("B3").face == 4
    s = fr.apply(s, fr.FigureMove("A4", ()))
    assert s.figure("A4").face == 3
    s = fr.apply(s, fr.FigureMove("B5", ()))
    assert s.figure("B5").face == 2


@pytest.mark.rules("SET-FIGURES")
@pytest.mark.parametrize(("name", "face"), [("A1", 1), ("A1", 6), ("A3", 3), ("A3", 4)])
def test_a_figure_shows_one_of_its_two_faces(name: str, face: int) -> None:
    s = pos(2, faces={name: face})
    assert s.figure(name).face == face


@pytest.mark.rules("SET-FIGURES")
@pytest.mark.parametrize(("name", "face"), [("A1", 2), ("A3", 5), ("A5", 4), ("A4", 7)])
def test_a_figure_cannot_show_another_number(name: str, face: int) -> None:
    with pytest.raises(fr.SetupError) as info:
        pos(2, faces={name: face})
    assert info.value.rule == "SET-FIGURES"


@pytest.mark.rules("SET-FIGURES")
def test_no_figure_x3_in_a_five_player_position() -> None:
    with pytest.raises(fr.SetupError) as info:
        pos(5, figures={"A3": "k7"})
    assert info.value.rule == "SET-FIGURES"


# --- SET-WAITING --------------------------------------------------------------------------


@pytest.mark.rules("SET-WAITING")
@pytest.mark.parametrize("players", [2, 4, 6])
def test_every_figure_starts_waiting(players: int) -> None:
    s = fr.new_game(players=players, start_player=0)
    assert all(f.place() == "waiting" for f in s.figures)
    assert all(not f.moved for f in s.figures)
    # nothing on the board but the 11 stones: no figure occupies a square
    assert s.escapes == ()


@pytest.mark.rules("SET-WAITING", "FIG-ENTER")
def test_a_figure_enters_only_by_its_own_move() -> None:
    # A5 enters (p11, o11): the other figures stay waiting.
    s = fr.new_game(players=2, start_player=0)
    s = fr.apply(s, fr.FigureMove("A5", ("p11", "o11")))
    assert s.figure("A5").place() == "o11"
    assert [f.place() for f in s.figures if f.name != "A5"] == ["waiting"] * 7


# --- SET-MONSTER --------------------------------------------------------------------------


@pytest.mark.rules("SET-MONSTER")
@pytest.mark.parametrize("players", [2, 5, 7])
def test_the_monster_starts_on_a1_facing_east(players: int) -> None:
    s = fr.new_game(players=players, start_player=players - 1)
    assert board.name(s.monster) == "a1"
    assert s.facing == board.EAST
    # looking along row 1 towards wall M (east of l1)
    assert board.WALL[board.square("l1")][board.EAST] == "M"
    # nothing else on a1
    assert board.square("a1") not in s.stones


# --- SET-START ----------------------------------------------------------------------------


@pytest.mark.rules("SET-START")
@pytest.mark.parametrize(("players", "start"), [(2, 0), (2, 1), (4, 3), (7, 5)])
def test_the_start_player_is_an_input_and_moves_first(players: int, start: int) -> None:
    s = fr.new_game(players=players, start_player=start)
    assert s.start_player == start
    assert s.to_move == start
    assert s.phase is fr.Phase.FIGURES


@pytest.mark.rules("SET-START")
@pytest.mark.parametrize(("players", "start"), [(2, 2), (4, 4), (4, -1), (7, 7)])
def test_an_invalid_start_player_is_refused(players: int, start: int) -> None:
    with pytest.raises(fr.SetupError) as info:
        fr.new_game(players=players, start_player=start)
    assert info.value.field == "start_player"


@pytest.mark.rules("SET-START")
def test_the_start_player_tile_holder_starts_the_next_round() -> None:
    # Point 2: the seat holding the tile starts. With start C (seat 2), C moves first.
    s = fr.new_game(players=3, start_player=2)
    err = fr.check(s, fr.FigureMove("A1", ()))
    assert err is not None and err.rule == "RND-ORDER"
    assert fr.check(s, fr.FigureMove("C1", ())) is None


# --- SET-DECK -----------------------------------------------------------------------------


@pytest.mark.rules("SET-DECK")
@pytest.mark.parametrize("players", [2, 4, 7])
def test_the_deck_has_eight_tiles(players: int) -> None:
    s = fr.new_game(players=players, start_player=0)
    assert len(s.deck) == 8
    assert Counter(s.deck) == BASIC_TILES


@pytest.mark.rules("SET-DECK", "VAR-THREE-HITS")
def test_three_hits_replaces_the_five() -> None:
    s = fr.new_game(players=6, start_player=0, options=fr.RuleOptions(three_hits=True))
    assert Counter(s.deck) == Counter({"3hits": 1, "7": 2, "8": 2, "10": 1, "1hit": 1, "2hits": 1})


@pytest.mark.rules("SET-DECK")
def test_the_game_starts_in_round_one_of_stage_one() -> None:
    s = fr.new_game(players=4, start_player=1)
    assert s.round == 1
    assert s.stage == 1
    assert s.reveals == 0
    assert s.phase is fr.Phase.FIGURES
    assert not any(f.moved for f in s.figures)
    assert fr.outcome(s) is None
    # no tile to reveal yet: it is the figure phase
    assert fr.chance_outcomes(s) == []


@pytest.mark.rules("SET-DECK")
def test_position_string_of_a_new_game_names_the_full_deck() -> None:
    # The deck is a multiset; the position string lists every tile once per copy.
    s = fr.new_game(players=2, start_player=0)
    text = fr.position_string(s)
    deck_field = next(w for w in text.split() if w.startswith("deck="))
    assert Counter(deck_field[len("deck=") :].split(",")) == BASIC_TILES
