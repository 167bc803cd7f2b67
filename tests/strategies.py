"""Hypothesis building blocks shared by the generated-game tests."""

from __future__ import annotations

import copy
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from hypothesis import strategies as st

import fearsome_rules as fr
from fearsome_rules.core import board
from fearsome_rules.core.actions import PlaceTile
from fearsome_rules.core.layout import POOL_TILES, tile_squares

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


BASIC_POOL_NAMES = frozenset(board.name(sq) for sq in board.BASIC_POOLS)


def on_basic_pools(place: PlaceTile) -> bool:
    """A pool tile placed exactly on squares of the printed basic game's pools."""
    squares = tile_squares(place.tile, board.square(place.square), place.orientation)
    return (
        place.tile in POOL_TILES
        and squares is not None
        and all(board.name(sq) in BASIC_POOL_NAMES for sq in squares)
    )


def action(draw: Draw, state: fr.GameState, basic_pools: bool = False) -> fr.Action:
    """A legal action of any phase: a placement, a figure move or a tile that can be revealed.
    With ``basic_pools``, a pool tile is placed where the basic game prints it whenever it can
    be (random placements almost never put it there, and that layout is a case of its own)."""
    if state.phase is fr.Phase.MONSTER:
        return pick(draw, [r for r, _ in fr.chance_outcomes(state)])
    if state.phase is fr.Phase.PLACEMENT:
        placements = list(fr.legal_placements(state))
        preferred = [p for p in placements if on_basic_pools(p)] if basic_pools else []
        return pick(draw, preferred or placements)
    return figure_move(draw, state)


@st.composite
def played(
    draw: st.DrawFn,
    max_actions: int = 400,
    setups: tuple[str, ...] = SETUPS,
    basic_pools: bool | None = False,
) -> tuple[list[fr.GameState], list[fr.Action]]:
    """A whole game (or its first ``max_actions`` actions), every state reachable: the states
    from the start and the actions between them. Failures shrink to short action lists.
    ``basic_pools``: see :func:`action`; None draws it."""
    state = draw(game_starts(setups))
    prefer = draw(st.booleans()) if basic_pools is None else basic_pools
    states, actions = [state], []
    for _ in range(max_actions):
        if state.phase is fr.Phase.OVER:
            break
        act = action(draw, state, prefer)
        state = fr.apply(state, act)
        states.append(state)
        actions.append(act)
    return states, actions


# --- bad input -------------------------------------------------------------------------------

ANY_CHARACTER = st.characters(exclude_categories=())
"""Any code point, surrogates and controls included: what a damaged file may hold."""

NASTY_YAML = [
    *"\x00\x01\x1b\x7f\x85\ufeff\ud800:-[]{},#&*!|>'\"%@`?\n\t ",
    *["&a ", "*a", "!!float ", "!!int ", "!!binary ", "<<: ", "? ", "- ", ": ", "\n  - "],
    *["2.0", "true", "~", ".inf", "0x" + "f" * 30, "9" * 30, "2001-02-30", "1_0", "12:30:00"],
    *['"\\ud800"', '"\\x01"', "[[[[", "{a: ", "\n---\n", "\n...\n", "A1: out", "moved: all"],
    *["3hits", "move: A5 h3"],
]
"""YAML's own syntax, the tags and values that broke the readers, and characters no file holds."""


@st.composite
def mutated(draw: st.DrawFn, text: str, pieces: list[str] = NASTY_YAML) -> str:
    """``text`` with one to three of its spans replaced by one of ``pieces`` or any short text."""
    for _ in range(draw(st.integers(1, 3))):
        at = draw(st.integers(0, len(text)))
        cut = draw(st.integers(0, 4))
        new = draw(st.sampled_from(pieces) | st.text(ANY_CHARACTER, max_size=6))
        text = text[:at] + new + text[at + cut :]
    return text


FUZZ_SCALE = int(os.environ.get("FUZZ_SCALE", "1"))
"""How many times more inputs each fuzz test of a boundary tries than in CI
(``FUZZ_SCALE=20`` for a deep run; docs/testing.md)."""


def fuzz_examples(n: int) -> int:
    """The examples a fuzz test of a boundary tries: ``n`` in CI, ``n * FUZZ_SCALE`` deep."""
    return n * FUZZ_SCALE


NASTY_TEXT = ["", " ", "\ud800", "\x00", "\n", "é", "٣", "NaN", "-0", "1e999", "9" * 30]
"""Texts that broke the readers: long, a lone surrogate, controls, digits of other scripts."""
JSON_ANY: st.SearchStrategy[Any] = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**25), 10**25)
    | st.sampled_from([-(2**63), 2**64, 0, 1, 2, 7])
    | st.sampled_from([4_301, 5_000]).map(lambda digits: 10**digits)
    | st.floats()
    | st.text(ANY_CHARACTER, max_size=8)
    | st.sampled_from(NASTY_TEXT)
    | st.sampled_from([81, 1_001, 3_000]).map(lambda n: "x" * n),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(
            st.text(ANY_CHARACTER, max_size=6) | st.sampled_from(NASTY_TEXT), inner, max_size=4
        )
    ),
    max_leaves=8,
)
"""Any JSON value Python's ``json`` writes: NaN and infinities, numbers beyond any limit (one of
5,001 digits), lone surrogates, deep and wide arrays and objects."""


def json_text(doc: Any) -> str:
    """``doc`` as JSON text, NaN, infinities and numbers of any length included."""
    digits = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)
    try:
        return json.dumps(doc)
    finally:
        sys.set_int_max_str_digits(digits)


def json_places(doc: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside a JSON document, the document itself first."""
    out = [path]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += json_places(v, (*path, k))
    elif isinstance(doc, list):
        for k, v in enumerate(doc):
            out += json_places(v, (*path, k))
    return out


@st.composite
def mutated_json(draw: st.DrawFn, doc: Any, keys: Sequence[str] = ()) -> Any:
    """A copy of ``doc`` with one to three values deleted, replaced by any JSON value
    (:data:`JSON_ANY`), or added under one of ``keys`` or any key."""
    doc = copy.deepcopy(doc)
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(json_places(doc)))
        if not path:
            if draw(st.integers(0, 9)) == 0:
                doc = draw(JSON_ANY)
            continue
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        how = draw(st.sampled_from(["delete", "replace", "add"]))
        if how == "delete":
            del parent[path[-1]]
        elif how == "add" and isinstance(parent, dict):
            names = st.text(ANY_CHARACTER, max_size=6)
            parent[draw(st.sampled_from(list(keys)) | names if keys else names)] = draw(JSON_ANY)
        else:
            parent[path[-1]] = draw(JSON_ANY)
    return doc
