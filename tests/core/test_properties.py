"""Properties over generated games: every state reachable, failures shrink to short action lists.

A game is drawn as a list of integers: at a decision node the integer picks one of the legal
moves, at a chance node one of the possible tiles.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from invariants import check_invariants, check_transition
from strategies import figure_move, pick, played, rule_options

import fearsome_rules as fr
from fearsome_rules.core import _encoding, _kernel, board
from fearsome_rules.core.state import Phase


@st.composite
def games(draw: st.DrawFn, max_actions: int = 400) -> list[fr.GameState]:
    """A game from its start, played by picking among legal actions; returns every state.

    At a decision node the draw picks a figure of the player to move, then one of its moves
    (listing one figure's moves is much cheaper than listing all); at a chance node a tile.
    """
    players = draw(st.integers(2, 7))
    state = fr.new_game(players, draw(st.integers(0, players - 1)), draw(rule_options()))
    states = [state]
    for _ in range(max_actions):
        if state.phase is Phase.OVER:
            break
        action: fr.Action
        if state.phase is Phase.MONSTER:
            action = pick(draw, [r for r, _ in fr.chance_outcomes(state)])
        else:
            action = figure_move(draw, state)
        state = fr.apply(state, action)
        states.append(state)
    return states


@pytest.mark.rules("SET-FIGURES", "BRD-LAYOUT", "MON-WRAP", "DECK-REVEAL", "RND-PASS")
@given(games())
def test_invariants_hold_in_generated_games(states: list[fr.GameState]) -> None:
    for state in states:
        check_invariants(state)


@pytest.mark.rules("RND-ONCE", "DECK-FIRST", "DECK-REVEAL")
@given(games())
def test_every_legal_action_checks_clean_and_chance_sums_to_one(
    states: list[fr.GameState],
) -> None:
    for state in states[:-1]:
        for action in fr.legal_actions(state)[:: 1 + len(fr.legal_actions(state)) // 8]:
            assert fr.check(state, action) is None, action
        if state.phase is Phase.MONSTER:
            outcomes = fr.chance_outcomes(state)
            assert sum(p for _, p in outcomes) == 1
            if state.stage == 1 and state.reveals == 0:
                assert all(not fr.deck.is_hit_tile(r.tile) for r, _ in outcomes)


@st.composite
def perturbed(draw: st.DrawFn) -> tuple[fr.GameState, fr.FigureMove]:
    """A figure-phase state and a legal move with one path entry replaced or added."""
    states = [s for s in draw(games(max_actions=120)) if s.phase is Phase.FIGURES]
    state = draw(st.sampled_from(states)) if states else fr.new_game(2)
    move = draw(st.sampled_from(fr.legal_moves(state)))
    path: list[str] = list(move.path)
    entry: str = draw(st.sampled_from([*sorted(board.NAME_SET), "out"]))
    replace: bool = draw(st.booleans())
    if path and replace:
        path[draw(st.integers(0, len(path) - 1))] = entry
    else:
        path.insert(draw(st.integers(0, len(path))), entry)
    return state, fr.FigureMove(move.figure, tuple(path))


@pytest.mark.rules("FIG-POINTS", "FIG-THROUGH", "PUSH-ONE", "FIG-EDGE")
@given(perturbed())
def test_apply_and_check_agree_on_any_move(case: tuple[fr.GameState, fr.FigureMove]) -> None:
    state, move = case
    before = fr.position_string(state)
    err = fr.check(state, move)
    if err is None:
        after = fr.apply(state, move)
        assert after.figure(move.figure).moved
    else:
        with pytest.raises(fr.RuleError) as raised:
            fr.apply(state, move)
        assert raised.value.rule == err.rule
        assert fr.position_string(state) == before  # nothing is lost


@pytest.mark.rules("BRD-SQUARES", "RND-ORDER", "RND-PASS")
@given(games(max_actions=150))
def test_position_strings_round_trip(states: list[fr.GameState]) -> None:
    """Also the turn: play hands it on from the last mover, a position written down (which has
    no last mover) replays the round from its moved marks; both must name the same seat."""
    for state in states:
        if state.phase is Phase.FIGURES or state.phase is Phase.MONSTER:
            seat = _kernel.seat_to_move(state.data)
            assert (-1 if seat == _encoding.NONE else seat) == state.to_move
    for state in states[:: max(1, len(states) // 10)]:
        text = fr.position_string(state)
        again = fr.parse_position(text)
        assert again == state
        assert fr.position_string(again) == text


@pytest.mark.rules("FIG-POINTS")
@given(games(max_actions=100))
def test_actions_round_trip_as_text(states: list[fr.GameState]) -> None:
    for state in states:
        for action in fr.legal_actions(state)[:10]:
            assert fr.parse_action(str(action)) == action


@pytest.mark.rules("FIG-FLIP", "SET-FIGURES")
@given(games(max_actions=200))
def test_moves_flip_and_faces_sum_to_seven(states: list[fr.GameState]) -> None:
    for before, after in itertools.pairwise(states):
        if before.phase is not Phase.FIGURES:
            continue
        changed = [(a, b) for a, b in zip(before.figures, after.figures, strict=True) if a != b]
        assert len(changed) == 1  # exactly one figure moved
        a, b = changed[0]
        assert b.face == 7 - a.face and b.moved and not a.moved


@pytest.mark.rules("END-BOUND", "STAGE-ONE", "STAGE-TWO-END", "DECK-FIRST", "RND-ONCE")
@settings(max_examples=max(10, settings().max_examples // 3))
@given(played(max_actions=2000))
def test_generated_games_end_within_their_bound(
    game: tuple[list[fr.GameState], list[fr.Action]],
) -> None:
    """Every game ends: at most 14 rounds (7 tiles a stage), each with at most one move per
    figure and one reveal, after at most 17 placements; each action keeps the transition
    invariants (tests/invariants.py)."""
    states, actions = game
    last = states[-1]
    assert last.phase is Phase.OVER, "END-BOUND: the game did not end"
    assert last.round <= 14
    bound = 17 + 14 * (len(last.figures) + 1)
    assert len(actions) <= bound
    for before, act, after in zip(states, actions, states[1:], strict=False):
        _, events = fr.apply_traced(before, act)
        check_transition(before, act, after, events)
