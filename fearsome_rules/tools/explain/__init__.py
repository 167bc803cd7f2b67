"""Explain a monster tile step by step, every line citing the spec's rule ids.

``explain(state, tile)`` carries out the tile (:func:`~fearsome_rules.core.game.apply_traced`), cuts
the walk into steps (:mod:`fearsome_rules.tools.trail`) and, for each step, works out from the
position at that moment what the monster sees ahead, to its left and right (with distances,
and what ends each line of sight), why it turns or keeps its facing, and what its move does:
pushes, slides, eats, walls, turning stones, teleporters. What it sees is checked against the
engine's own ``MonsterLooked`` event, so the explanation and the engine cannot drift apart.

``compare(...)`` explains the same question under each value of one option and names the first
step where the readings part, and how the final positions differ.

The modules: ``lines`` (a line citing rule ids), ``look`` (a look and its choice),
``narrator`` (the move of a step), ``explanation`` (a whole tile) and ``compare`` (readings
side by side). Command line: ``fearsome-rules explain`` (:mod:`fearsome_rules.cli.explain`).
"""

from fearsome_rules.tools.explain.compare import Comparison, Reading, compare
from fearsome_rules.tools.explain.explanation import (
    Explanation,
    StepExplanation,
    explain,
    explain_trail,
)
from fearsome_rules.tools.explain.lines import ExplainError, Line
from fearsome_rules.tools.explain.look import Look, Sight, look, sight

__all__ = [
    "Comparison",
    "ExplainError",
    "Explanation",
    "Line",
    "Look",
    "Reading",
    "Sight",
    "StepExplanation",
    "compare",
    "explain",
    "explain_trail",
    "look",
    "sight",
]
