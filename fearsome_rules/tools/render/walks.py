"""The walk a picture draws, shared by the text, SVG and HTML pictures: a walk given as a
:class:`~fearsome_rules.tools.trail.Trail` or as the action to trace, the position a picture of
it shows, the summary lines under it, and :class:`RenderError` when there is nothing to draw."""

from __future__ import annotations

from fearsome_rules.core import board
from fearsome_rules.core.actions import Action, FigureMove, Reveal
from fearsome_rules.core.errors import FearsomeError
from fearsome_rules.core.state import GameState
from fearsome_rules.core.walks import Walk as LabWalk
from fearsome_rules.tools.trail import MONSTER, Trail, trail

Walk = Trail | Action | LabWalk | None
"""What :func:`render_svg` and friends accept as a walk: a Trail, or the action to trace (a
monster tile, a figure move, or a lab's walk of any length)."""


class RenderError(FearsomeError):
    """Nothing to draw, or an unknown format."""


def walk_trail(state: GameState, walk: Walk) -> Trail | None:
    """The Trail of ``walk`` from ``state`` (None: no walk)."""
    if walk is None or isinstance(walk, Trail):
        return walk
    if isinstance(walk, (Reveal, FigureMove, LabWalk)):
        return trail(state, walk)
    raise RenderError(f"cannot draw {walk}: give a monster tile or a figure move")


def shown_state(tr: Trail, upto: int | None) -> GameState:
    """The position a picture of ``tr`` shows: before the walk, or after step ``upto``."""
    if upto is None or upto == 0:
        return tr.before
    if upto > len(tr.steps):
        return tr.end
    return tr.steps[upto - 1].after


def summary(tr: Trail) -> list[str]:
    """What a walk did, in a few lines: the steps, the end and the hits (a figure move: its
    path)."""
    out = []
    if tr.actor == MONSTER:
        steps = "  ".join(f"{s.number}:{s.end}" for s in tr.steps)
        out.append(f"steps: {steps}")
        end = tr.end
        out.append(
            f"ends on {board.name(end.monster)} facing {board.DIRECTION_LETTERS[end.facing]}"
        )
        hits = [f"{h} (step {s.number})" for s in tr.steps for h in s.hits]
        out.append("hit: " + (", ".join(hits) if hits else "nobody"))
    elif tr.steps:
        out.append("path: " + " ".join(s.end for s in tr.steps))
    else:
        out.append(f"{tr.action}: a zero move, the figure is only flipped")
    return out
