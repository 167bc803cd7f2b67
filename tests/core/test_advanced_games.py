"""Whole games in the player-placed setups (advanced, bsw): the tiles placed at random, then
played by the random bot, with the invariants checked after every action (ADV-SETUP,
PLACE-ORDER, PLACE-LAYOUT, END-BOUND)."""

from __future__ import annotations

import functools
import random
from collections import Counter

import pytest
from helpers import every_placement
from hypothesis import given
from hypothesis import strategies as st
from invariants import check_invariants
from strategies import OPTION_VALUES, figure_move, pick, rule_options

import fearsome_rules as fr
from fearsome_rules.core import board
from fearsome_rules.core.actions import PlaceTile
from fearsome_rules.core.board import CRYSTAL, STONE, TURN_ABOUT, TURN_RIGHT
from fearsome_rules.core.placement import legal_placements
from fearsome_rules.core.state import Phase, kinds_for
from fearsome_rules.tools.bots import draw_tile, random_bot

TILE_COUNT = {"advanced": 17, "bsw": 13}
# The squares no tile may cover (PLACE-CORNERS, BSW-CORNERS), by hand.
ADV_PROTECTED = {"a1", "b1", "a2", "p11", "o11", "p10"}
BSW_PROTECTED = {
    "a1", "b1", "c1", "d1", "a2", "b2", "c2", "a3", "b3", "a4",
    "p11", "o11", "n11", "m11", "p10", "o10", "n10", "p9", "o9", "p8",
}  # fmt: skip


def _on_board(r: int, c: int) -> bool:
    return 0 <= r <= 10 and 0 <= c <= 15 and c - r <= 11 and r - c <= 6  # BRD-SQUARES 3


def _has_wall(sq: int) -> bool:
    """A side without a neighbour on the board is an outer wall edge (BRD-WALLS 1)."""
    r, c = divmod(sq, 16)
    return not all(_on_board(r + dr, c + dc) for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)))


def _non_default() -> fr.RuleOptions:
    """Every option at a value other than its default."""
    opts = fr.RuleOptions()
    for name, values in OPTION_VALUES.items():
        current = str(getattr(opts, name)).lower()
        opts = opts.with_option(name, next(v for v in values if v != current))
    return opts


def _random_options(rng: random.Random) -> fr.RuleOptions:
    opts = fr.RuleOptions()
    for name, values in OPTION_VALUES.items():
        opts = opts.with_option(name, rng.choice(values))
    return opts


def _options_for(seed: int) -> fr.RuleOptions:
    if seed == 0:
        return fr.RuleOptions()
    if seed == 1:
        return _non_default()
    return _random_options(random.Random(1000 + seed))


def _layout_of(state: fr.GameState) -> fr.GameState:
    """The same board given directly as a layout (PLACE-LAYOUT), at the start of round 1."""
    kinds: dict[int, list[str]] = {STONE: [], CRYSTAL: [], TURN_RIGHT: [], TURN_ABOUT: []}
    for sq in sorted(state.stones):
        kinds[state.cells[sq]].append(board.name(sq))
    return fr.position(
        state.players,
        stones=kinds[STONE],
        crystals=kinds[CRYSTAL],
        turn_right=kinds[TURN_RIGHT],
        turn_about=kinds[TURN_ABOUT],
        pools=sorted(board.name(p) for p in state.pools),
        teleporters=[
            f"{board.name(sq)}:{pair}:{board.DIRECTION_LETTERS[arrow]}"
            for sq, pair, arrow in state.teleporters
        ],
        setup=state.setup,
        start_player=state.start_player,
        round=1,
        options=state.options,
    )


def _check_placed_board(state: fr.GameState) -> None:
    """What every finished placement phase must have produced (ADV-TILES, PLACE-*, BSW-*)."""
    covered = [*state.stones, *state.pools, *(t[0] for t in state.teleporters)]
    assert len(covered) == len(set(covered)), "PLACE-EXACT: two tiles share a square"
    protected = set(BSW_PROTECTED if state.setup == "bsw" else ADV_PROTECTED)
    if state.setup == "advanced" and state.options.protected_squares == "with_diagonal":
        protected |= {"b2", "o10"}
    assert not {board.name(x) for x in covered} & protected, "PLACE-CORNERS / BSW-CORNERS"
    assert len(state.pools) == 8
    if state.setup == "advanced":
        assert Counter(state.cells[x] for x in state.stones) == Counter(
            {STONE: 3, CRYSTAL: 2, TURN_RIGHT: 4, TURN_ABOUT: 2}
        )
        assert Counter(pair for _, pair, _ in state.teleporters) == Counter({1: 2, 2: 2})
        squares = [divmod(t[0], 16) for t in state.teleporters]
        for i, (r1, c1) in enumerate(squares):
            for r2, c2 in squares[i + 1 :]:
                assert abs(r1 - r2) + abs(c1 - c2) > 1, "PLACE-TELEPORTERS"
                if state.options.teleporter_diagonal == "forbidden":
                    assert max(abs(r1 - r2), abs(c1 - c2)) > 1, "PLACE-TELEPORTERS"
                if state.options.teleporter_walls == "forbidden":
                    # wrap images of each other, both beside a wall
                    wall = _has_wall(r1 * 16 + c1)
                    assert not (wall and (r2, c2) == (10 - r1, 15 - c1)), "PLACE-TELEPORTER-WALLS"
    else:
        assert len(state.stones) == 11 and all(state.cells[x] == STONE for x in state.stones)
        assert state.teleporters == ()
        for p in state.pools:
            r, c = divmod(p, 16)
            assert (10 - r) + (15 - c) >= 8, "BSW-POOLS: near the entrance"
            assert not _has_wall(p), "BSW-POOLS: against a wall"


def _check_round_one(state: fr.GameState, start: int) -> None:
    assert state.phase is Phase.FIGURES and state.round == 1 and state.to_place == ()
    assert state.start_player == start and state.to_move == start
    _check_placed_board(state)


def _play_checked(setup: str, players: int, seed: int, options: fr.RuleOptions) -> fr.GameState:
    rng = random.Random(seed)
    first = seed % players
    state = fr.new_game(players, first, options, setup=setup)
    check_invariants(state)
    # The placement phase (PLACE-ORDER).
    placed = 0
    while state.phase is Phase.PLACEMENT:
        assert state.to_move == (first + placed) % players
        legal = legal_placements(state)
        # PLACE-ORDER note: every tile left always has a legal placement
        assert {a.tile for a in legal} == set(state.to_place)
        action = rng.choice(legal)
        assert fr.check(state, action) is None
        left = Counter(state.to_place)
        state = fr.apply(state, action)
        left[action.tile] -= 1
        assert Counter(state.to_place) == +left
        placed += 1
        check_invariants(state)
        if placed % 4 == 0:
            text = fr.position_string(state)
            assert fr.parse_position(text) == state
    assert placed == TILE_COUNT[setup]
    _check_round_one(state, (first + 17) % players if setup == "advanced" else first)
    assert _layout_of(state) == state  # PLACE-LAYOUT accepts every placed board
    # The game (the basic rules, plus advanced.md for the advanced tiles).
    n_fig = players * len(kinds_for(players))
    bound = 14 * (n_fig + 1)  # END-BOUND
    reveals = 0
    for step in range(bound + 1):
        if state.phase is Phase.OVER:
            break
        action_: fr.Action
        if state.phase is Phase.MONSTER:
            assert sum(p for _, p in fr.chance_outcomes(state)) == 1
            action_ = draw_tile(state, rng)
            reveals += 1
        else:
            action_ = random_bot(state, rng)
        assert fr.check(state, action_) is None, action_
        state = fr.apply(state, action_)
        check_invariants(state)
        if step % 15 == 0:
            text = fr.position_string(state)
            again = fr.parse_position(text)
            assert again == state and fr.position_string(again) == text
    assert state.phase is Phase.OVER, "END-BOUND: the game did not end within its bound"
    assert reveals <= 14 and state.round <= 14
    out = fr.outcome(state)
    assert out is not None and out.rule in ("END-WIN", "END-ALL-GONE", "STAGE-TWO-END")
    return state


@pytest.mark.rules("ADV-SETUP", "PLACE-ORDER", "PLACE-LAYOUT", "END-BOUND")
@pytest.mark.parametrize("setup", ["advanced", "bsw"])
@pytest.mark.parametrize("players", range(2, 8))
@pytest.mark.parametrize("seed", range(3))
def test_seeded_games_in_the_placed_setups(setup: str, players: int, seed: int) -> None:
    _play_checked(setup, players, seed, _options_for(seed))


@pytest.mark.rules("PLACE-CORNERS", "PLACE-TELEPORTERS", "PLACE-TELEPORTER-WALLS", "ADV-TILES")
@pytest.mark.parametrize("seed", range(4))
def test_seeded_advanced_games_under_the_strict_placement_options(seed: int) -> None:
    opts = fr.RuleOptions(
        protected_squares="with_diagonal",
        teleporter_diagonal="forbidden",
        teleporter_walls="forbidden",
    )
    _play_checked("advanced", 2 + seed, 100 + seed, opts)


@pytest.mark.rules("BSW-PLACE", "BSW-CORNERS", "BSW-POOLS")
@pytest.mark.parametrize("seed", range(3))
def test_seeded_bsw_placements_respect_the_bsw_limits(seed: int) -> None:
    # Only the placement phase, many times: the board it yields obeys BSW-CORNERS/BSW-POOLS.
    rng = random.Random(200 + seed)
    state = fr.new_game(3, seed, setup="bsw")
    while state.phase is Phase.PLACEMENT:
        state = fr.apply(state, rng.choice(legal_placements(state)))
    _check_placed_board(state)
    assert state.start_player == seed


# --- Hypothesis ---------------------------------------------------------------------------


@functools.cache
def _candidates(tile: str) -> tuple[PlaceTile, ...]:
    """Every placement of a tile, legal or not, in a fixed order."""
    return tuple(every_placement([tile]))


def _draw_placement(draw: st.DrawFn, state: fr.GameState) -> PlaceTile:
    """A tile left, then the first legal placement of it from a drawn starting point (cheaper
    than listing every legal placement)."""
    tile = pick(draw, sorted(set(state.to_place)))
    cands = _candidates(tile)
    start = draw(st.integers(0, len(cands) - 1))
    for k in range(len(cands)):
        action = cands[(start + k) % len(cands)]
        if fr.check(state, action) is None:
            return action
    raise AssertionError(f"PLACE-ORDER: no legal placement for {tile}")


@st.composite
def placed_games(
    draw: st.DrawFn, max_actions: int = 320
) -> tuple[fr.GameState, list[tuple[fr.Action, fr.GameState]]]:
    """A game in the advanced or bsw setup: its start, and (action, state after it) pairs."""
    setup = draw(st.sampled_from(["advanced", "bsw"]))
    players = draw(st.integers(2, 7))
    first = draw(st.integers(0, players - 1))
    state = fr.new_game(players, first, draw(rule_options()), setup=setup)
    initial = state
    out: list[tuple[fr.Action, fr.GameState]] = []
    for _ in range(max_actions):
        if state.phase is Phase.OVER:
            break
        action: fr.Action
        if state.phase is Phase.PLACEMENT:
            action = _draw_placement(draw, state)
        elif state.phase is Phase.MONSTER:
            action = pick(draw, [r for r, _ in fr.chance_outcomes(state)])
        else:
            action = figure_move(draw, state)
        state = fr.apply(state, action)
        out.append((action, state))
    return initial, out


@pytest.mark.rules(
    "ADV-SETUP",
    "PLACE-ORDER",
    "PLACE-EXACT",
    "PLACE-CORNERS",
    "PLACE-TELEPORTERS",
    "PLACE-TELEPORTER-WALLS",
    "BSW-CORNERS",
    "BSW-POOLS",
)
@given(placed_games())
def test_invariants_hold_in_generated_placed_games(
    game: tuple[fr.GameState, list[tuple[fr.Action, fr.GameState]]],
) -> None:
    start, steps = game
    setup, n, first = start.setup, start.players, start.to_move
    assert start.phase is Phase.PLACEMENT
    check_invariants(start)
    placed = 0
    before = start
    for action, after in steps:
        assert fr.check(before, action) is None, action
        check_invariants(after)
        if isinstance(action, PlaceTile):
            assert before.phase is Phase.PLACEMENT
            assert before.to_move == (first + placed) % n
            placed += 1
            if after.phase is not Phase.PLACEMENT:
                assert placed == TILE_COUNT[setup]
                assert after.to_move == ((first + 17) % n if setup == "advanced" else first)
                _check_placed_board(after)
                assert _layout_of(after) == after
        else:
            assert before.phase is not Phase.PLACEMENT
        before = after
    for _, state in steps[:: max(1, len(steps) // 6)]:
        text = fr.position_string(state)
        assert fr.parse_position(text) == state
