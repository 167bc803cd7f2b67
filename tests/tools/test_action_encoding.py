"""The adapters' action encoding is complete and exact, on generated games of every setup.

Every legal result of the player to move gets one number within the size, distinct results
distinct numbers; each number gives back a move with that result; the mask is exactly the legal
set; and a figure move's number is the route the figure really walks, read from the engine's
events (not from the encoder). No optional package is needed.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import SETUPS, rule_options

import fearsome_rules as fr
from fearsome_rules.core import board
from fearsome_rules.core import events as ev
from fearsome_rules.tools import bots
from fearsome_rules.tools.adapters import action_encoding as codes

BOTS: tuple[bots.Bot, ...] = (bots.random_bot, bots.greedy_bot)


@st.composite
def seeded_games(draw: st.DrawFn) -> list[fr.GameState]:
    """A whole game of any setup, player count and reading of the rules, played from a drawn
    seed by random and greedy bots (tiles drawn and placed with the same seed)."""
    players = draw(st.integers(2, 7))
    start = fr.new_game(
        players,
        draw(st.integers(0, players - 1)),
        draw(rule_options()),
        draw(st.sampled_from(SETUPS)),
    )
    seats = [draw(st.sampled_from(BOTS)) for _ in range(players)]
    seed = draw(st.integers(0, 2**32 - 1))
    return [start, *(state for _, state in bots.play(start, seats, seed))]


def walked_route(state: fr.GameState, move: fr.FigureMove) -> tuple[str, ...]:
    """The route a move walks, from the events: each step's direction on the board (from
    waiting onto p11: N), ``out`` for leaving."""
    steps: list[str] = []
    for event in fr.apply_traced(state, move)[1]:
        if isinstance(event, ev.FigureStepped):
            if event.frm == "waiting":
                steps.append("N")
            else:
                d = board.NEIGHBOUR[board.square(event.frm)].index(board.square(event.to))
                steps.append("NESW"[d])
        elif isinstance(event, ev.FigureExited):
            steps.append("out")
    return tuple(steps)


def check_position(state: fr.GameState, rng: random.Random) -> None:
    legal = codes.LegalActions(state)
    numbers = legal.numbers
    assert numbers == sorted(set(numbers)) and all(0 <= n < codes.NUM_ACTIONS for n in numbers)
    engine = fr.legal_actions(state) if state.phase is not fr.Phase.MONSTER else []
    # distinct numbers, distinct results; and every result of the engine's list has a number
    results = {fr.apply(state, legal.action(n)) for n in numbers}
    assert len(results) == len(numbers)
    assert results == {fr.apply(state, a) for a in engine}
    for action in engine:
        assert fr.apply(state, legal.action(legal.number(action))) == fr.apply(state, action)
    mask = legal.mask()
    assert len(mask) == codes.NUM_ACTIONS
    assert [n for n, bit in enumerate(mask) if bit] == numbers
    others = [n for n in rng.sample(range(codes.NUM_ACTIONS), 40) if n not in legal]
    for n in others:
        with pytest.raises(fr.ArgumentError, match="is not one of the"):
            legal.action(n)
    for n in numbers:
        move = legal.action(n)
        if isinstance(move, fr.FigureMove):
            kind = int(move.figure[1])
            route = codes.route_number(walked_route(state, move))
            assert n == codes.KINDS.index(kind) * codes.ROUTES + route
        else:
            assert n == codes.placement_number(move) >= codes.FIGURE_ACTIONS
    chances = codes.chance(state)
    assert chances == [(fr.deck.TILES.index(r.tile), p) for r, p in fr.chance_outcomes(state)]
    if state.phase is fr.Phase.MONSTER:
        assert not numbers and sum(p for _, p in chances) == 1
        assert [codes.reveal_of(n) for n, _ in chances] == [r for r, _ in fr.chance_outcomes(state)]


@pytest.mark.rules("FIG-POINTS", "FIG-ZERO", "PLACE-ORDER", "DECK-REVEAL")
@given(seeded_games(), st.randoms(use_true_random=False))
def test_every_legal_result_has_one_number_and_back(
    states: list[fr.GameState], rng: random.Random
) -> None:
    figures = [s for s in states if s.phase is fr.Phase.FIGURES]
    others = [s for s in states if s.phase in (fr.Phase.PLACEMENT, fr.Phase.MONSTER)]
    for state in rng.sample(figures, min(10, len(figures))) + rng.sample(
        others, min(3, len(others))
    ):
        check_position(state, rng)
    assert not codes.LegalActions(states[-1]).numbers  # over: nothing is legal


ORDER = {"out": 0, "N": 1, "E": 2, "S": 3, "W": 4}


@settings(max_examples=12)
@given(seeded_games(), st.randoms(use_true_random=False))
def test_a_result_is_named_by_its_first_shortest_route(
    states: list[fr.GameState], rng: random.Random
) -> None:
    """Among every legal path to a result (``fr.all_paths``), the one a number stands for is
    the shortest, and among the shortest the first in the order out, N, E, S, W, step by step:
    the definition docs/adapters.md gives, independent of any search order."""
    state = rng.choice([s for s in states if s.phase is fr.Phase.FIGURES])
    legal = codes.LegalActions(state)
    firsts: dict[fr.GameState, tuple[int, list[int], fr.FigureMove]] = {}
    for move in fr.all_paths(state):
        route = walked_route(state, move)
        key = (len(route), [ORDER[s] for s in route], move)
        after = fr.apply(state, move)
        if after not in firsts or key[:2] < firsts[after][:2]:
            firsts[after] = key
    assert sorted(legal.number(first) for _, _, first in firsts.values()) == legal.numbers
    for _, _, first in firsts.values():
        assert legal.action(legal.number(first)) == first


def test_the_size_counts_every_route_once() -> None:
    """Every route of at most 6 entries (N E S W, ``out`` only last), enumerated by brute
    force, has its own number below ROUTES, and the placements fill the rest."""
    routes = [
        (*steps, *end)
        for n in range(7)
        for end in ((), ("out",))
        if n + len(end) <= 6
        for steps in itertools.product("NESW", repeat=n)
    ]
    assert len(routes) == codes.ROUTES == 6826
    assert sorted(codes.route_number(r) for r in routes) == list(range(codes.ROUTES))
    assert all(codes.route_steps(codes.route_number(r)) == r for r in routes)
    # 156 squares: 5 one-square tiles, the pool strip H or V, two teleporters with 4 arrows
    assert codes.NUM_ACTIONS == 4 * 6826 + 156 * (5 + 2 + 4 + 4) == 29644
    placements = {
        codes.placement_number(p) for p in fr.legal_placements(fr.new_game(2, 0, None, "advanced"))
    }
    assert min(placements) >= codes.FIGURE_ACTIONS and max(placements) < codes.NUM_ACTIONS


def test_numbers_of_the_first_moves_by_hand() -> None:
    """Round 1 of a 2-player game: A's figures wait beside p11 (a step from waiting is N)."""
    game = fr.new_game(2)
    legal = codes.LegalActions(game)
    assert str(legal.action(0)) == "A1 -"  # kind 1, slot 0, the empty route
    assert str(legal.action(1)) == "A1 p11"  # route N: 1
    assert str(legal.action(3 * 6826 + 6)) == "A5 p11 p10"  # N N: 6 (after 1 + 4 + out)
    assert str(legal.action(3 * 6826 + 9)) == "A5 p11 o11"  # N W: 6 + 0 * 4 + 3
    assert codes.describe(3 * 6826 + 9) == "kind 5: N W"
    assert codes.describe(codes.FIGURE_ACTIONS) == "place stone a1"
    with pytest.raises(fr.ArgumentError, match="is not one of the"):
        legal.action(2)  # route E: from waiting the one step is N
    assert legal.number(fr.FigureMove("A5", ("p11", "p10", "p11", "o11"))) == 3 * 6826 + 9


def test_bad_numbers_and_actions_are_refused_in_one_line() -> None:
    legal = codes.LegalActions(fr.new_game(2))
    with pytest.raises(fr.ArgumentTypeError, match="expected a whole number"):
        legal.action(True)
    with pytest.raises(fr.ArgumentTypeError, match="expected a whole number"):
        legal.action("3")  # type: ignore[arg-type]
    with pytest.raises(fr.ArgumentError, match="the numbers are 0 to 29643"):
        legal.action(codes.NUM_ACTIONS)
    with pytest.raises(fr.IllegalMoveError) as refused:
        legal.number(fr.FigureMove("B5", ("p11",)))
    assert refused.value.rule == "RND-ORDER"
    with pytest.raises(fr.ArgumentError, match="the numbers are 0 to 6"):
        codes.reveal_of(7)
    with pytest.raises(fr.ArgumentError, match="at most 6 points"):
        codes.route_number("N N N N N N N")
