"""Hypothesis building blocks shared by the generated-game tests."""

from __future__ import annotations

from typing import TypeVar

from hypothesis import strategies as st

import fearsome_rules as fr

T = TypeVar("T")

OPTION_VALUES = {name: fr.RuleOptions.choices(name) for name in fr.RuleOptions.names()}


@st.composite
def rule_options(draw: st.DrawFn) -> fr.RuleOptions:
    """Any reading of the rules: every option drawn among its values."""
    opts = fr.RuleOptions()
    for name, values in OPTION_VALUES.items():
        opts = opts.with_option(name, draw(st.sampled_from(values)))
    return opts


def pick(draw: st.DrawFn, items: list[T]) -> T:
    """One of ``items``, chosen by the draw (so failures shrink towards the first)."""
    assert items, "a game that is not over always has an action"
    return items[draw(st.integers(0, len(items) - 1))]


def figure_move(draw: st.DrawFn, state: fr.GameState) -> fr.FigureMove:
    """A legal figure move: a figure of the player to move, then one of its moves (listing one
    figure's moves is much cheaper than listing them all)."""
    figure = pick(
        draw,
        [f.name for f in state.figures if f.owner == state.to_move and f.active and not f.moved],
    )
    return pick(draw, fr.legal_moves(state, figure))
