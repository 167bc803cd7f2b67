"""A game played on a page: the states so far (undo, redo, any earlier state), the seats (a
person or a bot), the move being built click by click, and what the page shows, as JSON-able
dicts.

Every rule is the engine's: a click asks :func:`~fearsome_rules.core.moves.continuations`
where the path may go next (and is refused with the rule it would break), a move is played
with :func:`~fearsome_rules.core.game.apply`, a monster tile is carried out and cut into steps
by :class:`~fearsome_rules.tools.web.walk.WalkView`, and the bots are
:data:`fearsome_rules.tools.bots.BOTS`. The session draws the tiles and the bots' choices from
its own seeded generator, so a seed replays a game.
"""

from __future__ import annotations

import contextlib
import json
import random
from collections.abc import Mapping, Sequence
from typing import Any

from fearsome_rules.core import board
from fearsome_rules.core.actions import Action, FigureMove, PlaceTile, Reveal, parse_action
from fearsome_rules.core.endings import outcome
from fearsome_rules.core.errors import RuleError, quote
from fearsome_rules.core.game import apply, chance_outcomes, check, new_game
from fearsome_rules.core.moves import Continuation, continuations
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.core.placement import legal_placements
from fearsome_rules.core.state import SEAT_LETTERS, WAITING, GameState, Phase
from fearsome_rules.formats.diagram import diagram
from fearsome_rules.formats.position_string import position_string
from fearsome_rules.formats.record import GameRecord
from fearsome_rules.formats.state_json import state_to_json
from fearsome_rules.tools import bots
from fearsome_rules.tools.web.board import EXIT, clickable_svg
from fearsome_rules.tools.web.errors import WebError
from fearsome_rules.tools.web.walk import WalkView

PERSON = "person"
"""The seat kind of a player who clicks; every other kind is a bot of ``bots.BOTS``."""


def seat_kinds() -> tuple[str, ...]:
    """What a seat can be: a person, or any bot of the bots' registry."""
    return (PERSON, *bots.BOTS)


def rule_options(values: Mapping[str, str]) -> RuleOptions:
    """Rule options from ``name: value`` text, as ``--option NAME=VALUE`` gives them."""
    options = RuleOptions()
    for name, value in values.items():
        options = options.with_option(name, value)
    return options


def _seats(seats: Sequence[str], players: int) -> list[str]:
    out = list(seats) or [PERSON] * players
    if len(out) != players:
        raise WebError(f"{len(out)} seat kinds for {players} players")
    for kind in out:
        if kind not in seat_kinds():
            raise WebError(f"{quote(kind)} is not a seat kind: {', '.join(seat_kinds())}")
    return out


class Session:
    """One game on a page, from ``start``."""

    def __init__(self, start: GameState, seats: Sequence[str] = (), seed: int = 0) -> None:
        self.start = start
        self.seats = _seats(seats, start.players)
        self.seed = seed
        self.rng = random.Random(seed)
        self.states: list[GameState] = [start]
        self.actions: list[Action] = []
        self.cursor = 0
        """The index of the state shown and played from (earlier ones: undo; later: redo)."""
        self.building: Continuation | None = None
        """The figure move being built, click by click."""
        self.tile_choice: tuple[str, str, str] | None = None
        """The tile a person places next: (tile, arrow, orientation)."""
        self.walk: WalkView | None = None
        """The last monster tile or figure move carried out, for its animation."""
        self.preview: tuple[PlaceTile, GameState] | None = None
        """The tile a person is about to place, shown on its square, and the state it gives."""

    @classmethod
    def new(
        cls,
        players: int = 4,
        setup: str = "basic",
        options: Mapping[str, str] | None = None,
        seats: Sequence[str] = (),
        seed: int = 0,
        start_player: int = 0,
    ) -> Session:
        """A new game (the engine's :func:`~fearsome_rules.core.game.new_game`)."""
        start = new_game(players, start_player, rule_options(options or {}), setup)
        return cls(start, seats, seed)

    @classmethod
    def from_record(cls, text: str, seats: Sequence[str] = (), seed: int = 0) -> Session:
        """The game of a record (the engine's record format), at its last state."""
        record = GameRecord.from_json(text)
        states = list(record.states())
        players = states[0].players
        session = cls(states[0], seats if len(seats) == players else (), seed)
        session.states = states
        session.actions = [parse_action(a) for a in record.actions]
        session.cursor = len(session.actions)
        return session

    @property
    def state(self) -> GameState:
        return self.states[self.cursor]

    # --- a figure move, click by click ------------------------------------------------------

    def select(self, figure: str) -> None:
        """Begin a move of ``figure`` (refused with the rule if it may not move now)."""
        self.building = continuations(self.state, FigureMove(figure, ()))

    def click(self, square: str) -> Action | None:
        """A click on ``square`` (or ``out``, beyond the exit): the next entry of the path being
        built, the figure to move, or where the chosen tile goes. Returns the action played, if
        the click completed one."""
        state = self.state
        if state.phase is Phase.PLACEMENT:
            return self._place_click(square)
        b = self.building
        if b is not None and b.complete and not b.next and b.path and square == b.path[-1]:
            return self.play()  # the last square clicked again: the move seen, now played
        if b is None or (not b.path and square not in b.next and self._mine(square)):
            figure = self._figure_on(square)
            if figure is None:
                seat = SEAT_LETTERS[state.to_move] if state.phase is Phase.FIGURES else ""
                raise WebError(
                    f"{square}: first choose a figure of {seat}: click it on the board, or a "
                    "waiting one beside the board"
                    if seat
                    else f"no figure moves now: the game is in its {state.phase.value} phase"
                )
            self.select(figure)
            return None
        # A path that can go no further is not played at once: the player sees where the
        # figure ends and plays it (Play move, or its last square again).
        self.building = continuations(state, FigureMove(b.figure, (*b.path, square)))
        return None

    def back(self) -> None:
        """Take back the path's last entry."""
        b = self.building
        if b is None or not b.path:
            self.building = None
            return
        self.building = continuations(self.state, FigureMove(b.figure, b.path[:-1]))

    def cancel(self) -> None:
        self.building = None

    def play(self) -> Action:
        """Play the move built so far (refused with its rule if it is not a legal move yet)."""
        b = self.building
        if b is None:
            raise WebError("no move is being built: click a figure first")
        move = FigureMove(b.figure, b.path)
        if not b.complete:
            error = check(self.state, move)
            assert error is not None, "continuations and check disagree"
            raise error
        return self._play(move)

    # --- the other actions ------------------------------------------------------------------

    def bot(self) -> Action:
        """The bot of the seat to move plays (a tile is placed at random by any seat's bot);
        in the monster phase a tile is drawn."""
        state = self.state
        if state.phase is Phase.MONSTER:
            return self.reveal()
        if state.phase is Phase.OVER:
            raise WebError("the game is over")
        kind = self.seats[state.to_move]
        if kind == PERSON:
            raise WebError(f"{SEAT_LETTERS[state.to_move]} is played by a person: click a move")
        if state.phase is Phase.PLACEMENT:
            return self._play(bots.random_placement(state, self.rng))
        return self._play(bots.BOTS[kind](state, self.rng))

    def reveal(self, tile: str = "") -> Reveal:
        """Carry out a monster tile: ``tile``, or one drawn with its chance (seeded)."""
        state = self.state
        if state.phase is not Phase.MONSTER:
            raise WebError(f"no monster tile now: the game is in its {state.phase.value} phase")
        tile = tile or bots.draw_tile(state, self.rng).tile
        action = Reveal(tile)
        walk = WalkView(state, action)  # the engine's RuleError if the tile cannot come now
        self._push(action, walk.after)
        self.walk = walk
        return action

    def choose_tile(self, tile: str, arrow: str = "", orientation: str = "") -> None:
        """The tile a person places with the next click."""
        if tile not in self.state.to_place:
            raise WebError(f"{quote(tile)} is not a tile left to place")
        if arrow not in ("", *board.DIRECTION_LETTERS) or orientation not in ("", "H", "V"):
            raise WebError(
                f"{quote(arrow)} {quote(orientation)}: a teleporter's arrow is N, E, S or W, the "
                "pool strip's orientation H or V"
            )
        self.tile_choice = (tile, arrow, orientation)
        if self.preview is not None:  # the tile shown again, as now chosen, on its square
            square = self.preview[0].square
            self.preview = None
            with contextlib.suppress(RuleError):
                self._place_click(square)

    def _tile_choice(self) -> tuple[str, str, str]:
        tile, arrow, orientation = self.tile_choice or (self.state.to_place[0], "", "")
        if tile not in self.state.to_place:
            tile, arrow, orientation = self.state.to_place[0], "", ""
        if tile.startswith("teleporter"):
            arrow = arrow or "N"
        if tile == "pool_strip":
            orientation = orientation or "H"
        return tile, arrow if tile.startswith("teleporter") else "", orientation

    def place(self, tile: str, arrow: str, orientation: str, square: str) -> Action:
        return self._play(PlaceTile(tile, square, arrow, orientation))

    def _place_click(self, square: str) -> Action | None:
        """A click in the placement: the first on a square shows the tile there (checked by the
        engine, refused with its rule), a second on the same square places it."""
        tile, arrow, orientation = self._tile_choice()
        action = PlaceTile(tile, square, arrow, orientation)
        if self.preview is not None and self.preview[0] == action:
            return self._play(action)
        self.preview = (action, apply(self.state, action))
        return None

    def place_previewed(self) -> Action:
        """Place the tile shown on its square (the Place tile button)."""
        if self.preview is None:
            raise WebError("no tile is shown on the board: click a square to see it there first")
        return self._play(self.preview[0])

    def _play(self, action: Action) -> Action:
        if isinstance(action, FigureMove):
            walk = WalkView(self.state, action)  # the engine's RuleError if it is illegal
            self._push(action, walk.after)
            self.walk = walk  # every figure move is animated, the bots' too
        else:
            self._push(action, apply(self.state, action))
        return action

    def _push(self, action: Action, after: GameState) -> None:
        del self.states[self.cursor + 1 :]
        del self.actions[self.cursor :]
        self.states.append(after)
        self.actions.append(action)
        self.cursor += 1
        self.building = None
        self.preview = None
        self.walk = None

    # --- history ----------------------------------------------------------------------------

    def goto(self, k: int) -> None:
        """Show the state after the first ``k`` actions (0: the start); later ones stay for
        redo until another action is played."""
        if not 0 <= k < len(self.states):
            raise WebError(f"the game has states 0-{len(self.states) - 1}, not {k}")
        self.cursor = k
        self.building = None
        self.preview = None
        self.walk = None

    def undo(self) -> None:
        self.goto(max(self.cursor - 1, 0))

    def redo(self) -> Action | None:
        """One action forward again; that action, which the page shows step by step."""
        if self.cursor >= len(self.actions):
            return None
        before, action = self.state, self.actions[self.cursor]
        self.goto(self.cursor + 1)
        if isinstance(action, (Reveal, FigureMove)):
            self.walk = WalkView(before, action)
        return action

    def record(self) -> str:
        """The game up to the state shown, as a record file (the engine's record format)."""
        return GameRecord.of(self.start, self.actions[: self.cursor]).dumps()

    def export(self) -> dict[str, str]:
        """The state shown as a position string, its JSON and its diagram."""
        state = self.state
        return {
            "position": position_string(state),
            "json": json.dumps(state_to_json(state), indent=2),
            "diagram": diagram(state),
        }

    # --- what the page shows ----------------------------------------------------------------

    def _figure_on(self, square: str) -> str | None:
        v = self.state.cells[board.square(square)] if square != EXIT else 0
        return self.state.figures[v - 1].name if v > 0 else None

    def _mine(self, square: str) -> bool:
        name = self._figure_on(square)
        state = self.state
        return name is not None and state.figure(name).owner == state.to_move

    def _marks(self) -> tuple[dict[str, str], dict[str, str]]:
        state = self.state
        marks: dict[str, str] = {}
        labels: dict[str, str] = {}
        if state.phase is Phase.FIGURES:
            for f in state.figures:
                if f.owner == state.to_move and not f.moved and f.on_board:
                    marks[board.name(f.where)] = "mine"
            b = self.building
            if b is not None:
                where = state.figure(b.figure).where
                if where >= 0:
                    marks[board.name(where)] = "from"
                for k, sq in enumerate(b.path, 1):
                    marks[sq] = "path"
                    labels[sq] = f"{labels[sq]},{k}" if sq in labels else str(k)
                for sq in b.next:
                    marks[sq] = "next"
        elif state.phase is Phase.PLACEMENT:
            # Outlined only ("can"), so that the board under them stays readable.
            tile, arrow, orientation = self._tile_choice()
            for p in legal_placements(state):
                if (p.tile, p.arrow, p.orientation) == (tile, arrow, orientation):
                    marks[p.square] = "can"
            if self.preview is not None:
                marks[self.preview[0].square] = "pending"
        return marks, labels

    def status(self) -> str:
        """Where the game stands, in one line."""
        state = self.state
        head = f"round {state.round}, stage {state.stage}"
        if state.phase is Phase.OVER:
            result = outcome(state)
            winners = " ".join(SEAT_LETTERS[s] for s in result.winners) if result else ""
            rule = result.rule if result else ""
            return f"{head}: the game is over ({rule}); winner(s): {winners or 'nobody'}"
        if state.phase is Phase.MONSTER:
            return f"{head}: the monster's turn, a tile to reveal ({len(state.deck)} left)"
        seat = SEAT_LETTERS[state.to_move]
        kind = self.seats[state.to_move]
        if state.phase is Phase.PLACEMENT:
            if self.preview is not None:
                p = self.preview[0]
                return (
                    f"placing the floor tiles: {p.tile} shown on {p.square}: click it again "
                    "(or Place tile) to place it there, or another square"
                )
            return f"placing the floor tiles: {seat} ({kind}) places {state.to_place[0]}"
        return f"{head}: {seat} to move ({kind})"

    def view(self) -> dict[str, Any]:
        """What the page shows now, JSON-able."""
        state = self.state
        marks, labels = self._marks()
        b = self.building
        mover = state.to_move if state.phase in (Phase.FIGURES, Phase.PLACEMENT) else -1
        shown = self.preview[1] if self.preview is not None else state
        return {
            "svg": clickable_svg(shown, marks, labels),
            "status": self.status(),
            "phase": state.phase.value,
            "to_move": SEAT_LETTERS[mover] if mover >= 0 else "",
            "seat": self.seats[mover] if mover >= 0 else "",
            "seats": list(self.seats),
            "building": None
            if b is None
            else {
                "figure": b.figure,
                "path": list(b.path),
                "next": list(b.next),
                "complete": b.complete,
            },
            "waiting": [
                f.name
                for f in state.figures
                if state.phase is Phase.FIGURES
                and f.owner == mover
                and f.where == WAITING
                and not f.moved
            ],
            "chance": [[r.tile, str(p)] for r, p in chance_outcomes(state)],
            "placement": None
            if state.phase is not Phase.PLACEMENT
            else {
                "tiles": list(dict.fromkeys(state.to_place)),
                "choice": list(self._tile_choice()),
                "preview": self.preview[0].square if self.preview is not None else "",
            },
            "record": [str(a) for a in self.actions],
            "cursor": self.cursor,
        }
