"""A monster walk as a page animates it: the frames of the render module's walk page (the
position before, one frame per step, the final look), each with its explanation from the
explain tool and the engine's events of that step. The frames' pictures are drawn one at a
time, when shown, so that the narration is ready as soon as the walk is carried out."""

from __future__ import annotations

from typing import Any

from fearsome_rules.core import events as ev
from fearsome_rules.core.actions import Reveal
from fearsome_rules.core.state import GameState
from fearsome_rules.tools.render import Panel, frames, render_panels
from fearsome_rules.tools.trail import Trail, trail
from fearsome_rules.tools.web.errors import WebError


class WalkView:
    """The frames of one monster tile carried out in ``state``."""

    def __init__(self, state: GameState, tile: str) -> None:
        self.trail: Trail = trail(state, Reveal(tile))
        self.tile = tile
        self._frames: list[tuple[str, Panel, str]] = frames(state, self.trail)
        steps = self.trail.steps
        self._events: list[tuple[ev.Event, ...]] = [()]
        self._events += [s.events for s in steps]
        self._events.append(self.trail.final_events)

    @property
    def after(self) -> GameState:
        """The state the tile leads to (what :func:`~fearsome_rules.core.game.apply` returns)."""
        return self.trail.after

    def __len__(self) -> int:
        return len(self._frames)

    def summary(self) -> dict[str, Any]:
        """Every frame's label, explanation text and events (as the engine writes them)."""
        return {
            "tile": self.tile,
            "frames": [
                {"label": label, "caption": caption, "events": [str(e) for e in events]}
                for (label, _, caption), events in zip(self._frames, self._events, strict=True)
            ],
        }

    def svg(self, k: int) -> str:
        """The picture of frame ``k``."""
        if not 0 <= k < len(self._frames):
            raise WebError(f"the walk has frames 0-{len(self._frames) - 1}, not {k}")
        return render_panels([self._frames[k][1]], prefix=f"w{k}")
