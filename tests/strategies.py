"""Hypothesis building blocks shared by the generated-game tests."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from hypothesis import strategies as st

import fearsome_rules as fr

T = TypeVar("T")
Draw = Callable[[st.SearchStrategy[Any]], Any]
"""``draw`` of a composite strategy, or ``data.draw`` in a test or a state machine."""

OPTION_VALUES = {name: fr.RuleOptions.choices(name) for name in fr.RuleOptions.names()}


@st.composite
def rule_options(draw: st.DrawFn) -> fr.RuleOptions:
    """Any reading of the rules: every option drawn among its values."""
    opts = fr.RuleOptions()
    for name, values in OPTION_VALUES.items():
        opts = opts.with_option(name, draw(st.sampled_from(values)))
    return opts


def pick(draw: Draw, items: list[T]) -> T:
    """One of ``items``, chosen by the draw (so failures shrink towards the first)."""
    assert items, "a game that is not over always has an action"
    return items[draw(st.integers(0, len(items) - 1))]


def figure_move(draw: Draw, state: fr.GameState) -> fr.FigureMove:
    """A legal figure move: a figure of the player to move, then one of its moves (listing one
    figure's moves is much cheaper than listing them all)."""
    figure = pick(
        draw,
        [f.name for f in state.figures if f.owner == state.to_move and f.active and not f.moved],
    )
    return pick(draw, fr.legal_moves(state, figure))


SETUPS = ("basic", "advanced", "bsw")


@st.composite
def game_starts(draw: st.DrawFn, setups: tuple[str, ...] = SETUPS) -> fr.GameState:
    """A new game: any player count, start player, reading of the rules and setup."""
    players = draw(st.integers(2, 7))
    setup = draw(st.sampled_from(setups))
    return fr.new_game(players, draw(st.integers(0, players - 1)), draw(rule_options()), setup)


def action(draw: Draw, state: fr.GameState) -> fr.Action:
    """A legal action of any phase: a placement, a figure move or a tile that can be revealed."""
    if state.phase is fr.Phase.MONSTER:
        return pick(draw, [r for r, _ in fr.chance_outcomes(state)])
    if state.phase is fr.Phase.PLACEMENT:
        return pick(draw, list(fr.legal_placements(state)))
    return figure_move(draw, state)


@st.composite
def played(
    draw: st.DrawFn, max_actions: int = 400, setups: tuple[str, ...] = SETUPS
) -> tuple[list[fr.GameState], list[fr.Action]]:
    """A whole game (or its first ``max_actions`` actions), every state reachable: the states
    from the start and the actions between them. Failures shrink to short action lists."""
    state = draw(game_starts(setups))
    states, actions = [state], []
    for _ in range(max_actions):
        if state.phase is fr.Phase.OVER:
            break
        act = action(draw, state)
        state = fr.apply(state, act)
        states.append(state)
        actions.append(act)
    return states, actions
