"""Explain a monster tile step by step, every line citing the spec's rule ids.

``explain(state, tile)`` has the tile carried out step by step
(:func:`~fearsome_rules.core.walks.apply_steps`, through :mod:`fearsome_rules.tools.trail`) and,
for each step, words what the kernel recorded: what the monster saw ahead, to its left and right
(with distances, and what ended each line of sight: the look's ``MonsterLooked`` event), why it
turned or kept its facing (the event's choice), and what its move did: pushes, slides, eats,
walls, turning stones, teleporters. No rule is run again, so the explanation and the engine
cannot drift apart.

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
