"""Full seeded games for every player count, with the invariants checked after every action."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from invariants import check_invariants

import fearsome_rules as fr
from fearsome_rules.core import deck
from fearsome_rules.core.state import Phase, kinds_for
from fearsome_rules.tools.bots import draw_tile, random_bot, runner_bot

SEEDS = range(6)


def _play_checked(
    players: int, seed: int, bot: fr.bots.Bot, options: fr.RuleOptions
) -> fr.GameState:
    rng = random.Random(seed)
    state = fr.new_game(players, seed % players, options)
    check_invariants(state)
    n_fig = players * len(kinds_for(players))
    bound = 14 * (n_fig + 1)  # END-BOUND
    moved_this_round: Counter[str] = Counter()
    reveals = 0
    for _ in range(bound + 1):
        if state.phase is Phase.OVER:
            break
        if state.phase is Phase.MONSTER:
            # RND-ONCE: every figure still in play moved exactly once this round.
            assert {f.name for f in state.figures if f.active} <= set(moved_this_round)
            assert all(v == 1 for v in moved_this_round.values())
            outcomes = fr.chance_outcomes(state)
            assert sum(p for _, p in outcomes) == 1  # DECK-REVEAL
            reveal = draw_tile(state, rng)
            if state.stage == 1 and state.reveals == 0:
                assert not deck.is_hit_tile(reveal.tile)  # DECK-FIRST
            action: fr.Action = reveal
            reveals += 1
            moved_this_round.clear()
        else:
            action = bot(state, rng)
            assert isinstance(action, fr.FigureMove)
            moved_this_round[action.figure] += 1
        assert fr.check(state, action) is None
        state = fr.apply(state, action)
        check_invariants(state)
    assert state.phase is Phase.OVER, "END-BOUND: the game did not end within its bound"
    assert reveals <= 14
    out = fr.outcome(state)
    assert out is not None and out.rule in ("END-WIN", "END-ALL-GONE", "STAGE-TWO-END")
    return state


@pytest.mark.rules("END-BOUND", "RND-ONCE", "DECK-FIRST", "DECK-REVEAL")
@pytest.mark.parametrize("players", range(2, 8))
@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_end_within_bound(players: int, seed: int) -> None:
    _play_checked(players, seed, random_bot, fr.RuleOptions())


@pytest.mark.rules("END-WIN", "END-MOST")
@pytest.mark.parametrize("players", range(2, 8))
def test_runner_bot_games(players: int) -> None:
    state = _play_checked(players, 11, runner_bot, fr.RuleOptions())
    out = fr.outcome(state)
    assert out is not None
    if out.rule == "END-WIN":
        need = len(kinds_for(players)) - 1
        assert out.escaped[out.winners[0]] >= need


@pytest.mark.rules("VAR-FINISH-ROUND", "VAR-THREE-HITS")
@pytest.mark.parametrize("players", [2, 4, 6, 7])
def test_games_under_variants(players: int) -> None:
    opts = fr.RuleOptions(finish_round=True, three_hits=players >= 6)
    for seed in range(3):
        _play_checked(players, seed, runner_bot if seed % 2 else random_bot, opts)
