"""Asking the rules on a page: a position set up square by square (figures and their faces,
stones, pools, the advanced tiles, the monster and its facing), a monster tile, and the walk
explained under one reading or compared under every value of an option.

Every edit is checked by the engine's :func:`~fearsome_rules.core.position.position` and refused
with its :class:`~fearsome_rules.core.errors.SetupError` if no game could have the position; the
walk is the explain tool's (:class:`~fearsome_rules.tools.web.walk.WalkView`), the comparison
is ``explain --compare``'s (:func:`fearsome_rules.tools.explain.compare`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from typing import Any

import attrs

from fearsome_rules.core import board
from fearsome_rules.core.actions import Reveal
from fearsome_rules.core.errors import FearsomeError, quote
from fearsome_rules.core.game import new_game
from fearsome_rules.core.position import position
from fearsome_rules.core.state import (
    CRYSTAL,
    FIGURE_NAMES,
    STONE,
    TURN_ABOUT,
    TURN_RIGHT,
    GameState,
)
from fearsome_rules.tools.explain import compare, explain_trail
from fearsome_rules.tools.readings import Mattered, readings_that_matter
from fearsome_rules.tools.render import Panel, render_panels
from fearsome_rules.tools.web.errors import WebError
from fearsome_rules.tools.web.session import rule_options
from fearsome_rules.tools.web.walk import WalkView

PIECES = {STONE: "stones", CRYSTAL: "crystals", TURN_RIGHT: "turn_right", TURN_ABOUT: "turn_about"}
"""The kinds of stone, by the state's cell code, as the editor's fields name them."""

TOOLS = (*PIECES.values(), "pools", "erase", "flip")
"""The editor's tools besides ``figure:A5``, ``monster:E`` and ``teleporter:1:N``."""
_TELEPORTER_TOOL = re.compile("teleporter:[12]:[NESW]")


def _squares(names: frozenset[str], square: str, on: bool) -> frozenset[str]:
    return names | {square} if on else names - {square}


@attrs.frozen
class Editor:
    """A position being set up, as the arguments of :func:`~fearsome_rules.core.position.position`
    (every figure has moved: the monster's turn), the tile to carry out, and the reading."""

    players: int = 4
    figures: tuple[tuple[str, str], ...] = ()
    """(figure, square) of the figures on the board; the others wait at the entrance."""
    faces: tuple[tuple[str, int], ...] = ()
    stones: frozenset[str] = frozenset()
    crystals: frozenset[str] = frozenset()
    turn_right: frozenset[str] = frozenset()
    turn_about: frozenset[str] = frozenset()
    pools: frozenset[str] = frozenset()
    teleporters: tuple[str, ...] = ()
    """``square:pair:arrow`` each, as :func:`position` takes them."""
    monster: str = "a1"
    facing: str = "E"
    stage: int = 1
    tile: str = "8"
    options: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(cls, state: GameState, tile: str = "8") -> Editor:
        """The board of ``state`` (figures, stones, pools, tiles, monster, reading)."""
        kinds: dict[str, set[str]] = {field: set() for field in PIECES.values()}
        for sq in board.SQUARES:
            v = state.cells[sq]
            if v < 0:
                kinds[PIECES[v]].add(board.name(sq))
        options = tuple(
            (k, str(v).lower() if isinstance(v, bool) else str(v))
            for k, v in state.options.changed().items()
        )
        return cls(
            players=state.players,
            figures=tuple((f.name, f.place()) for f in state.figures if f.on_board),
            faces=tuple((f.name, f.face) for f in state.figures if f.face != f.kind),
            pools=frozenset(board.name(q) for q in state.pools),
            teleporters=tuple(
                f"{board.name(q)}:{pair}:{board.DIRECTION_LETTERS[d]}"
                for q, pair, d in state.teleporters
            ),
            monster=board.name(state.monster),
            facing=board.DIRECTION_LETTERS[state.facing],
            stage=state.stage,
            tile=tile,
            options=options,
            **{k: frozenset(v) for k, v in kinds.items()},
        )

    @classmethod
    def basic(cls, players: int = 4, empty: bool = False) -> Editor:
        """The printed board with no figure on it (``empty``: no stone or pool either)."""
        printed = cls.of(new_game(players))
        return attrs.evolve(printed, stones=frozenset(), pools=frozenset()) if empty else printed

    def state(self, options: Mapping[str, str] | None = None) -> GameState:
        """The position, under ``options`` (default: the editor's own); the engine's
        SetupError if no game can have it."""
        return position(
            self.players,
            figures=dict(self.figures),
            faces=dict(self.faces),
            moved=FIGURE_NAMES[self.players],
            stones=sorted(self.stones),
            pools=sorted(self.pools),
            crystals=sorted(self.crystals),
            turn_right=sorted(self.turn_right),
            turn_about=sorted(self.turn_about),
            teleporters=self.pairs()[0],
            monster=self.monster,
            facing=self.facing,
            stage=self.stage,
            options=rule_options(dict(self.options) if options is None else options),
        )

    def pairs(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The teleporters whose partner is placed (the position has them), and those still
        alone (placed one at a time, they wait for their partner)."""
        count = Counter(t.split(":")[1] for t in self.teleporters)
        alone = tuple(t for t in self.teleporters if count[t.split(":")[1]] == 1)
        return tuple(t for t in self.teleporters if t not in alone), alone

    def marks(self) -> tuple[dict[str, str], dict[str, str]]:
        """The clickable layer's marks: a teleporter waiting for its partner."""
        alone = [t.split(":") for t in self.pairs()[1]]
        return {sq: "pending" for sq, _, _ in alone}, {sq: f"T{pair}?" for sq, pair, _ in alone}

    def edit(self, tool: str, square: str) -> Editor:
        """The position with ``tool`` used on ``square``, checked by the engine."""
        edited = self._edited(tool, square)
        edited.state()
        return edited

    def _edited(self, tool: str, square: str) -> Editor:
        board.square(square)  # a NotationError for a name that is no square
        figures = dict(self.figures)
        here = [name for name, sq in figures.items() if sq == square]
        if tool.startswith("figure:"):
            name = tool.split(":", 1)[1]
            if name not in FIGURE_NAMES[self.players]:
                raise WebError(f"{quote(name)} is not a figure of a {self.players}-player game")
            if figures.get(name) == square:
                del figures[name]  # a second click sends it back to the entrance
            else:
                figures[name] = square
            return attrs.evolve(self, figures=tuple(sorted(figures.items())))
        if tool.startswith("monster:"):
            return attrs.evolve(self, monster=square, facing=tool.split(":", 1)[1])
        if tool.startswith("teleporter:"):
            if _TELEPORTER_TOOL.fullmatch(tool) is None:
                raise WebError(f"{quote(tool)}: a teleporter is placed as teleporter:PAIR:ARROW")
            spec = f"{square}:{tool.split(':', 1)[1]}"
            others = tuple(t for t in self.teleporters if not t.startswith(f"{square}:"))
            kept = others if spec in self.teleporters else (*others, spec)
            return attrs.evolve(self, teleporters=kept)
        if tool == "flip":
            if not here:
                raise WebError(f"{square}: no figure to flip there")
            faces = dict(self.faces)
            for name in here:
                kind = int(name[1:])
                faces[name] = 7 - faces.get(name, kind)
            return attrs.evolve(self, faces=tuple(sorted(faces.items())))
        if tool == "pools":
            return attrs.evolve(self, pools=_squares(self.pools, square, square not in self.pools))
        if tool in PIECES.values():
            on = square not in getattr(self, tool)
            changes: dict[str, Any] = {
                k: _squares(getattr(self, k), square, on and k == tool) for k in PIECES.values()
            }
            return attrs.evolve(self, **changes)
        if tool == "erase":
            return attrs.evolve(
                self,
                figures=tuple(sorted((n, sq) for n, sq in figures.items() if sq != square)),
                teleporters=tuple(t for t in self.teleporters if not t.startswith(f"{square}:")),
                pools=self.pools - {square},
                **{k: getattr(self, k) - {square} for k in PIECES.values()},
            )
        raise WebError(f"{quote(tool)} is not a tool of the editor")

    def view(self) -> dict[str, Any]:
        """The editor's fields and the position's tiles left, JSON-able."""
        state = self.state()
        return {
            "players": self.players,
            "tile": self.tile,
            "tiles": list(dict.fromkeys(state.deck)),
            "stage": self.stage,
            "options": dict(self.options),
            "figures": list(FIGURE_NAMES[self.players]),
        }

    def walk(self) -> WalkView:
        """The tile carried out in the position, under the editor's reading."""
        for t in self.pairs()[1]:
            sq, pair, _ = t.split(":")
            raise WebError(
                f"the teleporter on {sq} waits for its partner: place pair {pair}'s other"
            )
        return WalkView(self.state(), Reveal(self.tile))

    def matters(self) -> tuple[Mattered, ...]:
        """The options whose other value would change the walk (the engine tells:
        :func:`~fearsome_rules.tools.readings.readings_that_matter`); none while the position
        cannot be walked yet."""
        try:
            return readings_that_matter(self.state(), Reveal(self.tile))
        except FearsomeError:
            return ()

    def explanation(self, walk: WalkView) -> str:
        return explain_trail(walk.trail).text()

    def compare(self, option: str) -> dict[str, Any]:
        """The walk under every value of ``option`` side by side, and where the readings part
        (``fearsome-rules explain --compare``)."""
        c = compare(lambda opts: (self.state(opts), self.tile), option, dict(self.options))
        panels = [
            Panel(r.explanation.trail.before, r.explanation.trail, title=r.label)
            for r in c.readings
            if r.explanation is not None
        ]
        return {
            "option": option,
            "readings": [
                {
                    "label": r.label,
                    "error": r.error,
                    "text": r.explanation.text() if r.explanation is not None else "",
                }
                for r in c.readings
            ],
            "first_difference": c.first_difference,
            "summary": c.summary(),
            "svg": render_panels(panels, prefix="cmp") if panels else "",
        }
