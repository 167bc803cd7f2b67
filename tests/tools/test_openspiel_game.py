"""The OpenSpiel game passes OpenSpiel's own checks for Python games, and OpenSpiel's MCTS
plays whole games through it (the ``openspiel`` extra; skipped without it)."""

from __future__ import annotations

import pickle
import random
from fractions import Fraction

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="needs the openspiel extra")

import numpy as np  # noqa: E402
from open_spiel.python.algorithms import mcts  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

import fearsome_rules as fr  # noqa: E402
from fearsome_rules.tools import bots  # noqa: E402
from fearsome_rules.tools.adapters import openspiel_game  # noqa: E402
from fearsome_rules.tools.adapters.action_encoding import NUM_ACTIONS, LegalActions  # noqa: E402
from fearsome_rules.tools.adapters.returns import returns  # noqa: E402

GAMES = [
    {"players": 2, "setup": "basic"},
    {"players": 3, "setup": "advanced", "start_player": 2},
    {"players": 4, "setup": "bsw", "start_player": 1},
    {"players": 5, "setup": "basic", "options": "finish_round:true+no_escape_result:shared"},
    {"players": 6, "setup": "advanced", "options": "three_hits:true"},
    {"players": 7, "setup": "bsw", "start_player": 6, "options": "reentry:mandatory"},
]


@pytest.mark.parametrize("params", GAMES, ids=lambda p: f"{p['players']}-{p['setup']}")
def test_random_simulations_pass_openspiels_own_checks(params: dict[str, object]) -> None:
    """``pyspiel.random_sim_test``: whole random games with OpenSpiel's consistency checks
    (legal actions sorted and in range, the mask, chance outcomes summing to 1, returns and
    their sum, observation and information-state tensors and strings for every player, the
    game length), each state serialized and read back."""
    game = pyspiel.load_game(openspiel_game.SHORT_NAME, params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_the_game_says_what_it_is() -> None:
    game = pyspiel.load_game("fearsome_floors(players=4,setup=advanced)")
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert game.num_players() == 4 and game.num_distinct_actions() == NUM_ACTIONS
    assert game.max_chance_outcomes() == 7
    # END-BOUND: 17 tiles placed, then 14 rounds of 16 figure moves and a tile
    assert game.max_game_length() == 17 + 14 * 17
    assert (game.min_utility(), game.max_utility()) == (-1 / 3, 1.0)
    assert game.observation_tensor_shape() == game.information_state_tensor_shape() == [6387]


def play_to_chance(state: openspiel_game.FearsomeFloorsState) -> None:
    while not state.is_chance_node():
        state.apply_action(state.legal_actions()[0])


def test_chance_nodes_carry_the_engines_exact_probabilities() -> None:
    state = pyspiel.load_game("fearsome_floors(players=3)").new_initial_state()
    play_to_chance(state)
    # DECK-FIRST: the first tile is a numbered one: 5 7 7 8 8 10 -> 1/6 1/3 1/3 1/6
    assert state.chance_outcomes() == [(0, 1 / 6), (1, 1 / 3), (2, 1 / 3), (3, 1 / 6)]
    assert [state.action_to_string(pyspiel.PlayerId.CHANCE, a) for a in (0, 3)] == [
        "reveal 5",
        "reveal 10",
    ]
    exact = fr.chance_outcomes(state.game_state)
    assert [Fraction(p).limit_denominator(100) for _, p in state.chance_outcomes()] == [
        p for _, p in exact
    ]
    state.apply_action(2)  # an 8
    assert state.game_state.round == 2 and state.game_state.deck.count("8") == 1
    assert state.history()[-1] == 2 and state.information_state_string(0).endswith("reveal 8")


def test_returns_by_the_outcome_for_any_player_count() -> None:
    """The winner 1, each other seat -1 / (players - 1); nobody out: 0 for all."""
    won = fr.position(
        3,
        figures={"B1": "out", "B3": "out", "B4": "out"},  # END-WIN: all but one out
        deck_left=["7", "8", "10", "1hit", "2hits"],
    )
    assert returns(won) == [-0.5, 1.0, -0.5]
    removed = {f"{s}{k}": "removed" for s in "AB" for k in (1, 3, 4, 5)}
    deck = ["7", "8", "10", "1hit", "2hits"]
    nobody = fr.position(2, figures=removed, stage=2, deck_left=deck)  # END-ALL-GONE, END-NOBODY
    assert returns(nobody) == [0.0, 0.0]
    shared = fr.position(
        2,
        figures=removed,
        stage=2,
        deck_left=deck,
        options=fr.RuleOptions(no_escape_result="shared"),
    )
    assert fr.outcome(shared).winners == (0, 1) and returns(shared) == [0.0, 0.0]  # type: ignore[union-attr]
    assert returns(fr.new_game(2)) == [0.0, 0.0]  # not over


def test_observations_and_information_states() -> None:
    game = pyspiel.load_game("fearsome_floors(players=3)")
    state = game.new_initial_state()
    played = []
    for _ in range(4):
        legal = LegalActions(state.game_state)
        number = legal.numbers[-1]
        played.append(str(legal.action(number)))
        state.apply_action(number)
    assert state.information_state_string(1) == "; ".join(played)  # perfect recall: the actions
    assert fr.parse_diagram(state.observation_string(2)) == state.game_state  # the whole board
    ego = [np.asarray(state.observation_tensor(p)) for p in range(3)]
    assert all(t.shape == (6387,) and t.min() >= 0 and t.max() <= 1 for t in ego)
    assert not np.array_equal(ego[0], ego[1])  # each from its own seat
    observation = make_observation(game)
    observation.set_from(state, 1)
    assert observation.dict["planes"].shape == (34, 11, 16)
    assert np.array_equal(observation.tensor, ego[1])
    assert np.array_equal(np.asarray(state.information_state_tensor(1)), ego[1])


def test_states_clone_pickle_and_serialize() -> None:
    game = pyspiel.load_game("fearsome_floors(players=2,setup=bsw,options=three_hits:true)")
    state = game.new_initial_state()
    for k in (0, 100, 7, 900, 3):  # tiles placed (BSW), never twice on one square
        legal = state.legal_actions()
        state.apply_action(legal[k % len(legal)])
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert len(clone.history()) == len(state.history()) + 1  # the original is unchanged
    again = pickle.loads(pickle.dumps(state))
    assert again.history() == state.history() and str(again) == str(state)
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game) and state2.game_state == state.game_state
    assert state2.game_state.options.three_hits


def test_bad_parameters_are_one_line_errors() -> None:
    with pytest.raises(fr.SetupError, match="players"):
        pyspiel.load_game("fearsome_floors(players=8)")
    with pytest.raises(fr.SetupError, match="write name:value"):
        pyspiel.load_game("fearsome_floors(options=three_hits)")
    state = pyspiel.load_game("fearsome_floors").new_initial_state()
    with pytest.raises(fr.ArgumentError, match="is not one of the"):
        state.apply_action(2)


def test_mcts_plays_whole_games_through_the_adapter() -> None:
    """OpenSpiel's MCTS (random rollouts, a small budget) plays full games: against the
    engine's greedy bot, and through an advanced game's placement phase against random play.
    The engine's bots play through ``PolicyBot`` (any function from a state to its action)."""
    rng = random.Random(7)

    def greedy(state: fr.GameState) -> fr.Action:
        return bots.greedy_bot(state, rng)

    def anything(state: fr.GameState) -> fr.Action:
        return rng.choice(fr.legal_actions(state))

    for params, seat, simulations, policy in (
        ({"players": 2}, 0, 8, greedy),
        ({"players": 3, "setup": "advanced"}, 1, 3, anything),
    ):
        game = pyspiel.load_game(openspiel_game.SHORT_NAME, params)
        numbers = np.random.RandomState(3)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=numbers)
        players = [openspiel_game.PolicyBot(p, policy) for p in range(game.num_players())]
        players[seat] = mcts.MCTSBot(
            game, uct_c=2, max_simulations=simulations, evaluator=evaluator, random_state=numbers
        )
        result = pyspiel.evaluate_bots(game.new_initial_state(), players, 11)
        assert len(result) == game.num_players() and abs(sum(result)) < 1e-9
        assert sorted(set(result)) in ([0.0], [game.min_utility(), 1.0])
