"""The data the naive second implementation works on: plain, JSON-like, engine-free.

Nothing here knows a rule. The differential tests convert the engine's states to and from
these types (``tests/naive_adapter.py``); the naive rule code under ``tests/naive/`` reads
only these types and the spec.

Squares are names (``a1`` .. ``p11``), directions are ``N E S W``, seats are 0-based ints.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

WAITING = "waiting"
OUT = "out"
REMOVED = "removed"


@dataclasses.dataclass(frozen=True)
class NFigure:
    name: str
    """Seat letter and coloured number, e.g. ``A5``."""
    owner: int
    kind: int
    """The number on the coloured side: 1, 3, 4 or 5 (the other side shows 7 - kind)."""
    face: int
    """The number showing now."""
    where: str
    """A square name, or ``waiting``, ``out`` or ``removed``."""
    moved: bool = False
    """Whether it has moved (and flipped) this round."""


@dataclasses.dataclass(frozen=True)
class NPosition:
    players: int
    options: Mapping[str, Any]
    """Every option of spec/options.md by name, with its value (strings or bools)."""
    pools: frozenset[str]
    """The blood pool squares."""
    stones: Mapping[str, str]
    """Square -> ``stone``, ``crystal``, ``turn_right`` or ``turn_about``."""
    figures: tuple[NFigure, ...]
    """In seat order, then kind order (A1, A3, A4, A5, B1, ...)."""
    monster: str
    facing: str
    round: int = 1
    stage: int = 1
    start_player: int = 0
    deck: tuple[str, ...] = ()
    """The tiles not yet revealed this stage, sorted as 5, 7, 7, 8, 8, 10, 1hit, 2hits (3hits)."""
    reveals: int = 0
    """Tiles revealed in this stage so far."""
    escapes: tuple[int, ...] = ()
    """The owner's seat of every figure that got out, in the order they got out."""
    ended_by: str = ""
    """The rule id that ended the game, or empty."""
    teleporters: Mapping[str, tuple[int, str]] = dataclasses.field(default_factory=dict)
    """Square -> (pair 1 or 2, the direction its arrow points)."""

    def replace(self, **changes: Any) -> NPosition:
        return dataclasses.replace(self, **changes)

    def key(self) -> tuple[Any, ...]:
        """A hashable form, equal exactly when the positions are equal."""
        return (
            self.players,
            tuple(sorted(self.options.items())),
            tuple(sorted(self.pools)),
            tuple(sorted(self.stones.items())),
            self.figures,
            self.monster,
            self.facing,
            self.round,
            self.stage,
            self.start_player,
            self.deck,
            self.reveals,
            self.escapes,
            self.ended_by,
            tuple(sorted(self.teleporters.items())),
        )


class NaiveIllegal(Exception):
    """A move the naive implementation refuses; ``rule`` is the spec rule id it breaks."""

    def __init__(self, rule: str, message: str = "") -> None:
        super().__init__(f"[{rule}] {message}")
        self.rule = rule
