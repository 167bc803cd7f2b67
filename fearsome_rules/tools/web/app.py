"""What the page's JavaScript calls: :meth:`App.call` takes a call's name and its arguments as
JSON text and answers JSON text, so the page holds no Python object and no rule.

An answer is a dict; a refusal is ``{"error": message, "rule": id, "kind": class}``, from the
engine's :class:`~fearsome_rules.core.errors.FearsomeError` (``rule`` is null where no rule
decides), its message one line. The calls are the methods of :class:`App` named in
:attr:`App.CALLS`; each call's arguments are read and checked against its signature at the
door (:mod:`.calls`) before it runs, and a refused call leaves the game and the editor as they
were.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from typing import Annotated, Any

import attrs

from fearsome_rules.core.actions import Action
from fearsome_rules.core.deck import TILES, hits_of
from fearsome_rules.core.errors import FearsomeError, found, quote
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.formats.state_json import MAX_TEXT, state_to_json
from fearsome_rules.tools.web.ask import TOOLS, Editor
from fearsome_rules.tools.web.board import clickable_svg
from fearsome_rules.tools.web.calls import Longest, Parameter, arguments, shape
from fearsome_rules.tools.web.errors import WebError
from fearsome_rules.tools.web.session import Session, seat_kinds
from fearsome_rules.tools.web.walk import WalkView

SETUPS = ("basic", "advanced", "bsw")
KEPT_WALKS = 16
"""How many of the game's last animations stay drawable (their frames are kept in memory)."""


class App:
    """The page's Python side: one game (:class:`Session`) and one position being asked about
    (:class:`Editor`)."""

    CALLS: tuple[str, ...] = (
        "catalogue",
        "new_game",
        "set_seats",
        "view",
        "select",
        "click",
        "back",
        "cancel",
        "play",
        "bot",
        "reveal",
        "choose_tile",
        "place_tile",
        "undo",
        "redo",
        "goto",
        "walk_frame",
        "record",
        "load_record",
        "export",
        "state",
        "editor_new",
        "editor_from_game",
        "editor_edit",
        "editor_set",
        "editor_view",
        "editor_explain",
        "editor_compare",
        "editor_matters",
    )

    def __init__(self) -> None:
        self.session = Session.new()
        self.editor = Editor.basic()
        self.walks: dict[str, WalkView] = {}

    def call(self, name: str, args: str = "{}") -> str:
        """Carry out the call ``name`` with ``args`` (a JSON object); the answer as JSON."""
        try:
            # The calls of this class (OnlineApp adds those of a game on a server).
            checked = _call_name(type(self), name)
            method: Callable[..., dict[str, Any]] = getattr(self, checked)
            answer = method(**arguments(name, _shape(getattr(type(self), checked)), args))
        except FearsomeError as e:
            answer = {
                "error": str(e),
                "rule": getattr(e, "rule", None) or None,
                "kind": type(e).__name__,
            }
        return json.dumps(answer, allow_nan=False)

    # --- the game ---------------------------------------------------------------------------

    def catalogue(self) -> dict[str, Any]:
        """What the page offers: players, setups, seat kinds (the bots of the registry), the
        rule options with their values, the tiles and the editor's tools."""
        default = RuleOptions()
        return {
            "players": list(range(2, 8)),
            "setups": list(SETUPS),
            "seat_kinds": list(seat_kinds()),
            "options": [
                {
                    "name": name,
                    "choices": list(RuleOptions.choices(name)),
                    "default": str(getattr(default, name)).lower(),
                }
                for name in RuleOptions.names()
            ],
            "tiles": list(TILES),
            "tile_names": {t: tile_name(t) for t in TILES},
            "tools": list(TOOLS),
        }

    def _answer(self, action: Action | None = None, replayed: bool = False) -> dict[str, Any]:
        """The view, the action just played (none when ``replayed``: an earlier one shown
        again) and its frames to show."""
        played = "" if replayed else str(action or "")
        out: dict[str, Any] = {"view": self.session.view(), "played": played}
        walk = self.session.walk
        if walk is not None and action is not None:
            # Each action's frames under a name of its own: online, a walk may still be shown
            # while the next action arrives. The last few are kept.
            which = f"game-{self.session.cursor}"
            self.walks[which] = walk
            for old in [w for w in self.walks if w.startswith("game-")][:-KEPT_WALKS]:
                del self.walks[old]
            out["walk"] = {**walk.summary(), "which": which}
        return out

    def new_game(
        self,
        players: int = 4,
        setup: str = "basic",
        options: dict[str, str] | None = None,
        seats: list[str] | None = None,
        seed: int = 0,
        start_player: int = 0,
    ) -> dict[str, Any]:
        self.session = Session.new(players, setup, options, seats or (), seed, start_player)
        return self._answer()

    def set_seats(self, seats: list[str]) -> dict[str, Any]:
        self.session.seats = Session(self.session.start, seats).seats
        return self._answer()

    def view(self) -> dict[str, Any]:
        return self._answer()

    def select(self, figure: str) -> dict[str, Any]:
        self.session.select(figure)
        return self._answer()

    def click(self, square: str) -> dict[str, Any]:
        return self._answer(self.session.click(square))

    def back(self) -> dict[str, Any]:
        self.session.back()
        return self._answer()

    def cancel(self) -> dict[str, Any]:
        self.session.cancel()
        return self._answer()

    def play(self) -> dict[str, Any]:
        return self._answer(self.session.play())

    def bot(self) -> dict[str, Any]:
        return self._answer(self.session.bot())

    def reveal(self, tile: str = "") -> dict[str, Any]:
        return self._answer(self.session.reveal(tile))

    def choose_tile(self, tile: str, arrow: str = "", orientation: str = "") -> dict[str, Any]:
        self.session.choose_tile(tile, arrow, orientation)
        return self._answer()

    def place_tile(self) -> dict[str, Any]:
        """Place the tile shown on the board where it is shown."""
        return self._answer(self.session.place_previewed())

    def undo(self) -> dict[str, Any]:
        self.session.undo()
        return self._answer()

    def redo(self) -> dict[str, Any]:
        return self._answer(self.session.redo(), replayed=True)

    def goto(self, k: int) -> dict[str, Any]:
        self.session.goto(k)
        return self._answer()

    def walk_frame(self, which: str, k: int) -> dict[str, Any]:
        """The picture of frame ``k`` of the last walk of the game (``game``) or of the editor
        (``ask``)."""
        walk = self.walks.get(which)
        if walk is None:
            raise WebError(f"no walk of {quote(which)} to show")
        return {"svg": walk.svg(k)}

    def record(self) -> dict[str, Any]:
        return {"text": self.session.record()}

    def load_record(
        self, text: Annotated[str, Longest(MAX_TEXT)], seats: list[str] | None = None
    ) -> dict[str, Any]:
        """The game of a record; ``seats``: who plays each seat (the page remembers them for
        the records it saved), else the seats of the game shown if they fit."""
        s = self.session
        self.session = Session.from_record(text, seats or s.seats, s.seed)
        return self._answer()

    def export(self) -> dict[str, Any]:
        return self.session.export()

    def state(self) -> dict[str, Any]:
        """The state shown, as the engine's state JSON (what the browser tests compare)."""
        return state_to_json(self.session.state)

    # --- asking the rules -------------------------------------------------------------------

    def _editor_answer(self) -> dict[str, Any]:
        marks, labels = self.editor.marks()
        svg = clickable_svg(self.editor.state(), marks, labels)
        return {"svg": svg, "editor": self.editor.view()}

    def editor_new(self, players: int = 4, empty: bool = False) -> dict[str, Any]:
        self.editor = Editor.basic(players, empty)
        return self._editor_answer()

    def editor_from_game(self) -> dict[str, Any]:
        self.editor = Editor.of(self.session.state, self.editor.tile)
        return self._editor_answer()

    def editor_edit(self, tool: str, square: str) -> dict[str, Any]:
        self.editor = self.editor.edit(tool, square)
        return self._editor_answer()

    def editor_set(
        self, tile: str = "", stage: int = 0, options: dict[str, str] | None = None
    ) -> dict[str, Any]:
        """Change the tile, the stage or the reading (checked by the engine)."""
        changes: dict[str, Any] = {}
        if tile:
            changes["tile"] = tile
        if stage:
            changes["stage"] = stage
        if options is not None:
            changes["options"] = tuple(sorted(options.items()))
        edited = attrs.evolve(self.editor, **changes)
        edited.state()
        self.editor = edited
        return self._editor_answer()

    def editor_view(self) -> dict[str, Any]:
        return self._editor_answer()

    def editor_explain(self) -> dict[str, Any]:
        walk = self.editor.walk()
        self.walks["ask"] = walk
        return {"walk": {**walk.summary(), "which": "ask"}, "text": self.editor.explanation(walk)}

    def editor_compare(self, option: str) -> dict[str, Any]:
        return self.editor.compare(option)

    def editor_matters(self) -> dict[str, Any]:
        """The options whose other reading changes the walk asked about (the engine's
        ``readings_that_matter``), with the value and how."""
        return {
            "matters": [
                {"option": m.option, "value": m.value, "how": m.how} for m in self.editor.matters()
            ]
        }


def tile_name(tile: str) -> str:
    """A monster tile as players say it: ``5 steps``, ``1 hit``, ``2 hits``."""
    hits = hits_of(tile)
    if hits:
        return f"{hits} hit" + ("s" if hits > 1 else "")
    return f"{tile} steps"


def _call_name(app: type[App], name: object) -> str:
    """``name`` if it is one of the calls of ``app``; else WebError."""
    if not isinstance(name, str):
        raise WebError(f"a call is named by text, not {found(name)}")
    if name not in app.CALLS:
        raise WebError(f"{quote(name)} is not a call of the page")
    return name


@cache
def _shape(function: Callable[..., Any]) -> dict[str, Parameter]:
    """The arguments a call takes: its method's signature (read once per method)."""
    return shape(function)
