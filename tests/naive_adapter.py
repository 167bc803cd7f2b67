"""Glue between the engine and the naive implementation (tests/naive/): engine states to the
naive model and back to comparable keys. The only file that knows both sides."""

from __future__ import annotations

import attrs
from naive.model import NFigure, NPosition

import fearsome_rules as fr
from fearsome_rules.core import board
from fearsome_rules.core.board import STONE_KINDS


def to_naive(state: fr.GameState) -> NPosition:
    """The naive model of an engine state (layout already placed)."""
    return NPosition(
        players=state.players,
        options=attrs.asdict(state.options),
        pools=frozenset(board.name(sq) for sq in state.pools),
        stones={board.name(sq): STONE_KINDS[state.cells[sq]] for sq in state.stones},
        figures=tuple(
            NFigure(f.name, f.owner, f.kind, f.face, f.place(), f.moved) for f in state.figures
        ),
        monster=board.name(state.monster),
        facing=board.DIRECTION_LETTERS[state.facing],
        round=state.round,
        stage=state.stage,
        start_player=state.start_player,
        deck=state.deck,
        reveals=state.reveals,
        escapes=state.escapes,
        ended_by=state.ended_by,
        teleporters={
            board.name(sq): (pair, board.DIRECTION_LETTERS[d]) for sq, pair, d in state.teleporters
        },
    )


def walk_trace(events: tuple[fr.events.Event, ...]) -> list[tuple[str, str]]:
    """The engine's monster trace: (square, facing) after each step, from its events.

    A step ends with MonsterStepped; a jump through a teleporter replaces the square and the
    facing of the step that led onto it."""
    trace: list[tuple[str, str]] = []
    for e in events:
        if isinstance(e, fr.events.MonsterStepped):
            trace.append((e.to, e.facing))
    return trace
