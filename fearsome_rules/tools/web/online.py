"""The page playing a game of a server (``fearsome-rules serve``): the engine in the page builds a
move click by click and refuses an illegal click with its rule, as offline, but a completed move
is not played here: it is handed to the page's JavaScript, which sends it to the server, and the
page's game advances only by the actions the server committed (:meth:`OnlineApp.online_receive`,
fed from the server's live feed in order). So the page never shows a move the server does not
hold, and its state is the replay of the server's log.

:class:`OnlineApp` is :class:`~fearsome_rules.tools.web.app.App` with the calls of this mode.
"""

from __future__ import annotations

from typing import Annotated, Any

from fearsome_rules.core.actions import Action, FigureMove, Reveal, parse_action
from fearsome_rules.core.game import apply
from fearsome_rules.core.state import SEAT_LETTERS
from fearsome_rules.formats.record import GameRecord
from fearsome_rules.formats.state_json import MAX_TEXT
from fearsome_rules.tools.server.chance import check_tiles
from fearsome_rules.tools.web.app import App
from fearsome_rules.tools.web.calls import Longest
from fearsome_rules.tools.web.errors import WebError
from fearsome_rules.tools.web.panel import panel
from fearsome_rules.tools.web.session import PERSON, Session
from fearsome_rules.tools.web.walk import WalkView


class OnlineSession(Session):
    """A :class:`Session` whose own moves wait for the server: a completed move becomes
    :attr:`pending` (the path stays shown) instead of being played."""

    pending: Action | None = None
    """The move sent to the server and not yet committed (or refused)."""

    def _play(self, action: Action) -> Action:
        if self.pending is not None:
            raise WebError(f"waiting for the server to take {self.pending}")
        self.pending = action
        self.walk = None  # the last walk is not this move's
        return action

    def receive(self, text: str) -> Action:
        """Carry out the server's next committed action (the engine's notation)."""
        self.cursor = len(self.states) - 1  # the latest state, whatever was being looked at
        action = parse_action(text)
        if isinstance(action, (Reveal, FigureMove)):
            walk = WalkView(self.state, action)
            self._push(action, walk.after)
            self.walk = walk
        else:
            self._push(action, apply(self.state, action))
        self.pending = None
        return action


class OnlineApp(App):
    """The page's calls, with those of a game on a server."""

    CALLS: tuple[str, ...] = (
        *App.CALLS,
        "online_start",
        "online_receive",
        "online_drop",
        "online_seq",
        "panel",
        "online_check_tiles",
    )

    kinds: tuple[str, ...] = ()
    """Who plays each seat of the game on the server (a person, a bot's name)."""

    def online_start(
        self,
        record: Annotated[str, Longest(MAX_TEXT)],
        seat: str = "",
        kinds: list[str] | None = None,
    ) -> dict[str, Any]:
        """Follow the game of a server's record (``GET /api/games/ID/record``), as seat
        ``seat`` (a letter; empty for a spectator); ``kinds``: who plays each seat."""
        session = OnlineSession.from_record(record)
        if seat and seat not in SEAT_LETTERS[: session.start.players]:
            raise WebError(
                f"seat {seat!r}: this game has seats A-{SEAT_LETTERS[session.start.players - 1]}"
            )
        session.seats = [PERSON] * session.start.players
        self.session = session
        self.kinds = tuple(kinds or session.seats)
        return self._answer()

    def _online(self) -> OnlineSession:
        if not isinstance(self.session, OnlineSession):
            raise WebError("no online game on this page")
        return self.session

    def online_receive(self, action: str, seq: int) -> dict[str, Any]:
        """The server's action number ``seq``, which must be the next one."""
        session = self._online()
        if seq != len(session.actions) + 1:
            raise WebError(f"action {seq} is not the next one: the page has {len(session.actions)}")
        return self._answer(session.receive(action))

    def online_drop(self) -> dict[str, Any]:
        """Forget the move sent (the server refused it), and the path built."""
        session = self._online()
        session.pending = None
        session.building = None
        return self._answer()

    def select(self, figure: str) -> dict[str, Any]:
        return self._stuck(super().select(figure))

    def click(self, square: str) -> dict[str, Any]:
        return self._stuck(super().click(square))

    def _stuck(self, answer: dict[str, Any]) -> dict[str, Any]:
        """A figure just chosen that can step onto no square gets a word (and the way out,
        the zero move) instead of a board with nothing lit."""
        b = self.session.building
        if b is not None and not b.path and not b.next:
            answer["note"] = {
                "error": f"{b.figure} can step onto no square now: every way is blocked or "
                "leads to no legal move. Its move is the zero move (the Zero move button): it "
                "stays where it is and is flipped",
                "rule": "FIG-ZERO",
            }
        return answer

    def panel(self) -> dict[str, Any]:
        """The players' panel of the state shown (:mod:`.panel`)."""
        online = isinstance(self.session, OnlineSession)
        return panel(self.session.state, self.kinds if online else self.session.seats)

    def online_check_tiles(self, seed: str, seed_hash: str = "") -> dict[str, Any]:
        """The seed check of the game followed (``fearsome-rules check-tiles``'s function):
        every tile revealed is the one the published seed draws, and the seed is the one whose
        hash was published at the start."""
        session = self._online()
        record = GameRecord.of(session.start, session.actions)
        result = check_tiles(record, seed, seed_hash or None)
        return {"ok": result.ok, "reveals": result.reveals, "mismatch": result.mismatch}

    def online_seq(self) -> dict[str, Any]:
        """How many of the server's actions the page has, and the move waiting for it."""
        session = self._online()
        pending = session.pending
        return {"seq": len(session.actions), "pending": str(pending) if pending else ""}
