"""The rules lab: ask what the rules do in a position that is not a game.

Give a board, figures under any labels on any squares, the monster's square and facing, and
ask for a walk of any number of steps (or until any number of hits, or a tile's walk), or for
one figure move with a face value. No game bookkeeping: no seats, rounds, turn order or deck;
the board is empty unless the printed layout is asked for. The answer names the figures by
your labels.

>>> from fearsome_rules.tools import lab
>>> walk = lab.walk(figures={"X": "d6"}, monster="a6", facing="E", steps=3)
>>> walk.where["X"], walk.eaten, walk.monster
('eaten', ('X',), 'd6')
>>> print(walk.steps[0])
1: looks E from a6, sees X 3 ahead; steps to b6

The lab builds an ordinary position (:func:`fearsome_rules.position`) with the bookkeeping
filled in, and carries the question out with the engine's own transitions: the kernel's walk
(:func:`fearsome_rules.core.walks.walk_traced`) and :func:`fearsome_rules.apply`.
``explain`` and ``render`` questions with ``steps:`` or ``hits:`` go through the same walk.
"""

from __future__ import annotations

from fearsome_rules.tools.lab.answers import LabStep, MoveResult, Sighting, WalkResult
from fearsome_rules.tools.lab.questions import move, walk
from fearsome_rules.tools.lab.setting import Board, LabError

__all__ = [
    "Board",
    "LabError",
    "LabStep",
    "MoveResult",
    "Sighting",
    "WalkResult",
    "move",
    "walk",
]
