"""An action as a page animates it on its board: the frames of the render module's walk (the
position before, one frame per step, for the monster its final look), each with its explanation
from the explain tool and the engine's events of that step. A monster tile and a figure move
alike, so that every move, the bots' too, is seen step by step. The frames' pictures are drawn
one at a time, when shown, so that the narration is ready as soon as the action is carried
out."""

from __future__ import annotations

from typing import Any

from fearsome_rules.core import events as ev
from fearsome_rules.core.actions import FigureMove, Reveal
from fearsome_rules.core.errors import ArgumentError
from fearsome_rules.core.state import SEAT_LETTERS, GameState
from fearsome_rules.tools.render import Panel, frames, render_panels
from fearsome_rules.tools.render.walks import summary
from fearsome_rules.tools.trail import MONSTER, Trail, trail


class WalkView:
    """The frames of one monster tile or figure move carried out in ``state``: ``tile`` is the
    monster tile's name (``"8"``) or the action itself (a ``Reveal`` or a ``FigureMove``)."""

    def __init__(self, state: GameState, tile: str | Reveal | FigureMove) -> None:
        action = Reveal(tile) if isinstance(tile, str) else tile
        self.trail: Trail = trail(state, action)
        self.action = action
        self.monster = self.trail.actor == MONSTER
        steps = self.trail.steps
        self._events: list[tuple[ev.Event, ...]] = [()]
        self._events += [s.events for s in steps]
        if self.monster:
            self._frames: list[tuple[str, Panel, str]] = frames(state, self.trail)
            self._events.append(self.trail.final_events)
        else:
            # The render module's picture of a move is its whole path at once: here one frame
            # per movement point, each drawing the path up to its step.
            caption = "\n".join(summary(self.trail))
            self._frames = [("before the move", Panel(state, self.trail, "", upto=0), caption)]
            self._frames += [
                (f"step {k} of {len(steps)}", Panel(state, self.trail, "", upto=k), caption)
                for k in range(1, len(steps) + 1)
            ]

    @property
    def after(self) -> GameState:
        """The state the action leads to (what :func:`~fearsome_rules.core.game.apply`
        returns)."""
        return self.trail.after

    @property
    def tile(self) -> str:
        return self.action.tile if isinstance(self.action, Reveal) else ""

    def __len__(self) -> int:
        return len(self._frames)

    def summary(self) -> dict[str, Any]:
        """Every frame's label, explanation text and events (as the engine writes them), and
        the heading the page's status shows while the frames play."""
        if isinstance(self.action, Reveal):
            heading = f"the monster walks: tile {self.action.tile}"
        else:
            seat = SEAT_LETTERS[self.trail.before.figure(self.action.figure).owner]
            heading = f"{seat} moves {self.action}"
        return {
            "tile": self.tile,
            "monster": self.monster,
            "heading": heading,
            "frames": [
                {"label": label, "caption": caption, "events": [str(e) for e in events]}
                for (label, _, caption), events in zip(self._frames, self._events, strict=True)
            ],
        }

    def svg(self, k: int) -> str:
        """The picture of frame ``k``."""
        if not 0 <= k < len(self._frames):
            raise ArgumentError("WalkView.svg(k)", f"frames 0-{len(self._frames) - 1}, not {k}")
        return render_panels([self._frames[k][1]], prefix=f"w{k}")
