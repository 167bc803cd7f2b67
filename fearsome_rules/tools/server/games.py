"""The games a server holds: created, shown, played, each answer from the engine.

:class:`Games` is the server without HTTP: the web application (:mod:`.app`) turns its answers
into responses and its :class:`ApiError` into an error status. It never decides a rule: an
action is the engine's notation, carried out by :func:`~fearsome_rules.core.game.apply_traced`
on the state replayed from the log; a refusal is the engine's, with its rule id. What it adds
is who may act: the seat whose token is given, when the engine says that seat is to move.

Every action is committed (:meth:`Store.append`) before :meth:`Games.post` returns and before
``on_commit`` tells the live feeds. The server's own actions, the monster's tiles (drawn from
the game's seed, :mod:`.chance`) and the bots' moves, are played by :meth:`Games.serve_turns`
the same way, one committed action at a time.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from typing import Any, Final

import attrs

from fearsome_rules.core.actions import Action, parse_action
from fearsome_rules.core.errors import FearsomeError, NotationError, RuleError, quote
from fearsome_rules.core.game import apply, apply_traced, legal_actions
from fearsome_rules.core.state import SEAT_LETTERS, GameState, Phase
from fearsome_rules.formats.event_json import event_to_json, outcome_to_json
from fearsome_rules.formats.record import GameRecord
from fearsome_rules.formats.state_json import options_from_doc, state_to_json
from fearsome_rules.tools.bots import choose
from fearsome_rules.tools.server import chance
from fearsome_rules.tools.server.creating import ApiError, create
from fearsome_rules.tools.server.direct import Direct
from fearsome_rules.tools.server.seats import (
    PERSON,
    seat_letter,
    seat_of,
    turn_of,
)
from fearsome_rules.tools.server.snapshots import Committed, Shown, Snapshot, Snapshots, Traces
from fearsome_rules.tools.server.storage import Game, Store, Stored

GAME_ID: Final = re.compile(r"[A-Za-z0-9_-]{1,32}")
"""What a game id can look like; anything else is an unknown game without a query."""
MOST_SERVER_ACTIONS: Final = 10_000
"""A bound on the server's own actions in a row (a game has a few hundred actions in all)."""


class Games:
    """The games of one :class:`Store`; ``on_commit`` hears of each new action once it is
    committed."""

    def __init__(self, store: Store, on_commit: Callable[[Committed], None] = lambda c: None):
        self.store = store
        self.on_commit = on_commit
        self.snapshots = Snapshots()
        self.traces = Traces()
        self.direct = Direct(store) if store.dialect == "postgresql" else None

    # --- creating ----------------------------------------------------------------------------

    def create(
        self,
        players: int,
        setup: str = "basic",
        options: dict[str, str | bool] | None = None,
        seats: list[str] | None = None,
        start_player: str = "A",
        online: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """A new game (:func:`~.creating.create`), its first state kept."""
        created, state = create(self.store, players, setup, options, seats, start_player, online)
        self.snapshots.put(created["game"], Snapshot(0, state))
        return created

    # --- reading -----------------------------------------------------------------------------

    def find(self, game: str) -> tuple[Game, Snapshot]:
        """The game's row and its state (the replay of its log, read in one snapshot of the
        database; from the state this process last had of the game where it has one)."""
        if not GAME_ID.fullmatch(game):
            raise ApiError(404, f"no game {quote(game, 40)}")
        with self.store.quick() as conn:
            # No snapshot needed: the log is append-only, and actions 1..seq are all stored
            # once the row says seq.
            row = self.store.game(game, conn)
            if row is None:
                raise ApiError(404, f"no game {quote(game, 40)}")
            known = self.snapshots.get(game)
            if known is not None and known.seq == row.seq:
                return row, known
            if row.last_state is not None and (known is None or known.state is None):
                # A finished game: its last state was stored with its last action.
                snap = Snapshot(row.seq, None, row.last_state)
            elif known is not None and known.state is not None and known.seq < row.seq:
                tail = self.store.log(game, conn, row.seq, since=known.seq)
                snap = Snapshot(row.seq, self._apply(row, known.state, tail))
            else:
                log = self.store.log(game, conn, row.seq)
                snap = Snapshot(row.seq, self._apply(row, self._start(row), log))
        self.snapshots.put(game, snap)
        return row, snap

    def state(self, row: Game, snap: Snapshot) -> GameState:
        """The snapshot's state, replayed from the log if it was read as its JSON only."""
        if snap.state is None:
            with self.store.quick() as conn:
                log = self.store.log(row.id, conn, snap.seq)
            snap.state = self._apply(row, self._start(row), log)
        return snap.state

    def _start(self, row: Game) -> GameState:
        opts = options_from_doc(row.options, "options")
        return GameRecord(row.players, row.start_player, row.setup, opts).start()

    def _apply(self, row: Game, state: GameState, log: list[str]) -> GameState:
        try:
            for text in log:
                state = apply(state, parse_action(text))
        except FearsomeError as e:  # a log stored by an engine whose rules differed
            raise ApiError(500, f"game {row.id} does not replay on this engine: {e}") from None
        return state

    def record(self, game: str) -> dict[str, Any]:
        """The game record (``fearsome-rules/record``): its setup and every action."""
        row, _ = self.find(game)
        with self.store.quick() as conn:
            log = self.store.log(game, conn, row.seq)
        opts = options_from_doc(row.options, "options")
        return GameRecord(row.players, row.start_player, row.setup, opts, "", tuple(log)).to_json()

    def view(self, game: str, token: str | None = None) -> dict[str, Any]:
        """The game as a client sees it; with a seat's token, that seat's legal actions."""
        found: dict[str, Any] = json.loads(self.view_text(game, token))
        return found

    def view_text(self, game: str, token: str | None = None) -> str:
        """:meth:`view` as JSON text: the state's own JSON, encoded once per (game, seq), put
        in as it is."""
        row, snap = self.find(game)
        return self._view_text(row, snap, token)

    async def view_text_now(self, game: str, token: str | None = None) -> str | None:
        """:meth:`view_text` on the event loop (:class:`~.storage.Direct`: PostgreSQL) for a
        game whose state at its current seq this process has; None: ask :meth:`view_text`."""
        found = await self._current(game)
        return None if found is None else self._view_text(*found, token)

    async def _current(self, game: str) -> tuple[Game, Snapshot] | None:
        """The game's row and the snapshot at its seq, read on the event loop, if this process
        has one that needs no further read."""
        direct = self.direct
        if direct is None or not GAME_ID.fullmatch(game):
            return None
        row = await direct.game(game)
        snap = None if row is None else self.snapshots.get(game)
        if row is None or snap is None or snap.seq != row.seq:
            return None
        if snap.state is None and (snap.text is None or row.turn != "over" or not row.outcome):
            return None
        return row, snap

    def _view_text(self, row: Game, snap: Snapshot, token: str | None) -> str:
        if snap.text is None:
            snap.text = json.dumps(state_to_json(self.state(row, snap)))
        over = row.turn == "over" and row.outcome is not None
        state = None if over else self.state(row, snap)
        out: dict[str, Any] = {
            "game": row.id,
            "seq": row.seq,
            "to_move": None if state is None else seat_letter(state),
            "outcome": row.outcome if state is None else outcome_to_json(state),
            "players": row.players,
            "setup": row.setup,
            "seats": [
                {"seat": SEAT_LETTERS[k], "player": kind} for k, kind in enumerate(row.kinds)
            ],
            "seed_hash": row.seed_hash,
            "seed": row.seed if row.turn == "over" else None,
            **row.timing(),
        }
        if token is not None:
            seat = self._seat(row, token)
            out["seat"] = SEAT_LETTERS[seat]
            mine = state is not None and row.turn == "person" and state.to_move == seat
            if state is not None and mine and snap.legal is None:
                snap.legal = [str(a) for a in legal_actions(state)]
            out["legal_actions"] = snap.legal if mine else []
        return f'{json.dumps(out)[:-1]}, "state": {snap.text}}}'

    def actions(self, game: str, since: int, limit: int | None = None) -> list[Shown]:
        """The actions after number ``since``, each with its events."""
        if not GAME_ID.fullmatch(game) or self.store.game(game) is None:
            raise ApiError(404, f"no game {quote(game, 40)}")
        return self.shown(game, since, limit)

    def shown(self, game: str, since: int, limit: int | None = None) -> list[Shown]:
        """The stored actions after ``since`` as the API shows them, with the events of their
        replay: from :class:`Traces`, else by carrying them out again with the engine."""
        stored = self.store.after(game, since, limit)
        if not stored:
            return []
        wanted = [a.seq for a in stored]
        known = self.traces.get(game, wanted)
        if len(known) < len(wanted):
            first = next(a for a in stored if a.seq not in known)
            known.update((a.seq, a) for a in self._trace(game, first.seq, stored))
        return [known[s] for s in wanted]

    async def shown_now(self, game: str, since: int, limit: int) -> list[Shown] | None:
        """:meth:`shown` on the event loop: on SQLite (:attr:`Store.inline`; at 1,000 games the
        feeds' reads on threads were a tenth of the server's time), or by :class:`~.storage.Direct`
        when each action read is kept with its events (the usual case); None: ask :meth:`shown`."""
        if self.store.inline:
            return self.shown(game, since, limit)
        if self.direct is None:
            return None
        stored = await self.direct.after(game, since, limit)
        wanted = [a.seq for a in stored]
        known = self.traces.get(game, wanted)
        return [known[s] for s in wanted] if len(known) == len(wanted) else None

    def _trace(self, game: str, first: int, stored: list[Stored]) -> list[Shown]:
        """The actions from number ``first`` on, carried out again from the state before
        ``first`` (this process's snapshot of it, or the replay of the log up to it)."""
        row = self.store.game(game)
        if row is None:
            raise ApiError(404, f"no game {quote(game, 40)}")
        snap = self.snapshots.get(game)
        state = snap.state if snap is not None and snap.seq == first - 1 else None
        if state is None:
            with self.store.quick() as conn:
                state = self._apply(row, self._start(row), self.store.log(game, conn, first - 1))
        shown = []
        try:
            for a in stored:
                if a.seq >= first:
                    state, events = apply_traced(state, parse_action(a.action))
                    shown.append(Shown.of(a.seq, a.action, [event_to_json(e) for e in events]))
        except FearsomeError as e:  # a log stored by an engine whose rules differed
            raise ApiError(500, f"game {row.id} does not replay on this engine: {e}") from None
        self.traces.put(game, shown)
        self.snapshots.put(game, Snapshot(stored[-1].seq, state))
        return shown

    def _seat(self, row: Game, token: str) -> int:
        seat = seat_of(token, [bytes.fromhex(h) if h else None for h in row.token_hashes])
        if seat is None:
            raise ApiError(403, f"this token is not a seat of game {row.id}")
        return seat

    # --- playing -----------------------------------------------------------------------------

    def post(
        self, game: str, token: str | None, seq: int, text: str, command: str
    ) -> dict[str, Any]:
        """Carry out a seat's action and commit it: the answer ``{"seq": N + 1}``. The same
        command id again gets the same answer and stores nothing."""
        row, snap = self.find(game)
        if token is None:
            raise ApiError(401, "send the seat's token: Authorization: Bearer TOKEN")
        seat = self._seat(row, token)
        if seq != row.seq:
            done = self.store.command(game, command)
            if done is not None:
                return self._again(row, done, seat, seq, text)
            raise self._conflict(row, seq, f"seq {seq} is not the game's: it has {row.seq} actions")
        try:
            action, after, events = self._check(row, snap, seat, text)
        except ApiError:
            # A command id stored already answers as before, whatever this body says: looked
            # up only here and after a lost append, since a fresh command (the usual case)
            # cannot be in the log of a game still at its seq.
            done = self.store.command(game, command)
            if done is not None:
                return self._again(row, done, seat, seq, text)
            raise
        if self._commit(row, after, action, events, command, seat):
            return {"seq": row.seq + 1}
        done = self.store.command(game, command)  # the same command, sent twice at once
        if done is not None:
            return self._again(row, done, seat, seq, text)
        raise self._conflict(row, seq, f"seq {seq} was just taken by another action")

    async def post_now(
        self, game: str, token: str | None, seq: int, text: str, command: str
    ) -> dict[str, Any] | None:
        """:meth:`post` on the event loop (:class:`~.storage.Direct`: PostgreSQL) when it is
        the usual case: a game whose latest state this process has, at the seq the client
        names, a legal action, the append won: one round trip to the database, the append
        (:meth:`_assumed`). None for anything else: then :meth:`post` answers, reading again (a
        refusal, a command id sent before, a lost race, a state this process has not yet)."""
        found = self._assumed(game)
        if found is None or token is None:
            return None
        row, snap = found
        seat = self._seat(row, token)
        if seq != row.seq:
            return None
        try:
            action, after, events = self._check(row, snap, seat, text)
        except ApiError:
            return None
        direct = self.direct
        assert direct is not None
        notation, turn, done = self._before_commit(row, after, action)
        stored = await direct.append(
            row.id, row.seq, notation, command, seat, turn, outcome_to_json(after), done.text
        )
        if not stored:
            return None
        self._after_commit(row, done, notation, turn, events)
        return {"seq": row.seq + 1}

    def _assumed(self, game: str) -> tuple[Game, Snapshot] | None:
        """The game's row as this process's latest state of it implies, not read: for a write
        only, whose compare-and-swap checks it (the append stores nothing unless the log still
        holds ``snap.seq`` actions, and the state after those is this one, since the log never
        changes). Measured: the read before each post was a ninth of the server's samples at 1,000
        games. None unless this process has the game's fixed part and a state of it to play on
        (PostgreSQL's :class:`~.storage.Direct` only); the columns only the database knows are
        left empty (``updated`` NaN), and no write uses them."""
        if self.direct is None or not GAME_ID.fullmatch(game):
            return None
        fixed = self.store.known(game)
        snap = self.snapshots.get(game)
        if fixed is None or snap is None or snap.state is None:
            return None
        row = Game(
            **attrs.asdict(fixed, recurse=False),
            id=game,
            seq=snap.seq,
            turn=turn_of(snap.state, fixed.kinds),
            outcome=None,
            updated=math.nan,
            last_state=None,
        )
        return row, snap

    def _check(
        self, row: Game, snap: Snapshot, seat: int, text: str
    ) -> tuple[Action, GameState, tuple[Any, ...] | list[Any]]:
        """The seat's action carried out by the engine, or the refusal."""
        if row.turn == "over":
            raise ApiError(403, f"game {row.id} is over: nobody is to move")
        state = self.state(row, snap)
        if row.turn != "person" or state.to_move != seat:
            mover = seat_letter(state)
            whose = f"{mover} is to move" if mover else "the monster's tile is the server's"
            if mover and row.kinds[state.to_move] != PERSON:
                whose += " (a bot the server plays)"
            raise ApiError(403, f"this is seat {SEAT_LETTERS[seat]}'s token, but {whose}")
        try:
            action = parse_action(text)
        except NotationError as e:
            raise ApiError(400, f"action: {e}") from None
        try:
            after, events = apply_traced(state, action)
        except RuleError as e:
            raise ApiError(422, str(e), e.rule) from None
        return action, after, events

    def _again(self, row: Game, done: Stored, seat: int, seq: int, text: str) -> dict[str, Any]:
        if done.seat == seat and done.seq == seq + 1 and done.action == text:
            return {"seq": done.seq}
        raise ApiError(
            409,
            f"command id already used in game {row.id}, for action {done.seq} "
            f"({quote(done.action, 40)}): give each command its own id",
            seq=done.seq,
            actions=[],
        )

    def _conflict(self, row: Game, seq: int, message: str) -> ApiError:
        missed = self.shown(row.id, min(max(seq, 0), row.seq))
        current = missed[-1].seq if missed else row.seq
        return ApiError(409, message, seq=current, actions=[a.to_json() for a in missed])

    def _commit(
        self,
        row: Game,
        after: GameState,
        action: Action,
        events: tuple[Any, ...] | list[Any],
        command: str | None,
        seat: int | None,
    ) -> bool:
        notation, turn, snap = self._before_commit(row, after, action)
        stored = self.store.append(
            row.id, row.seq, notation, command, seat, turn, outcome_to_json(after), snap.text
        )
        if stored:
            self._after_commit(row, snap, notation, turn, events)
        return stored

    def _before_commit(
        self, row: Game, after: GameState, action: Action
    ) -> tuple[str, str, Snapshot]:
        """The action's notation, who acts after it, and the snapshot after it (with its JSON
        at the game's end, stored with the last action)."""
        turn = turn_of(after, row.kinds)
        snap = Snapshot(row.seq + 1, after)
        if turn == "over":
            snap.text = json.dumps(state_to_json(after))
        return str(action), turn, snap

    def _after_commit(
        self, row: Game, snap: Snapshot, notation: str, turn: str, events: Any
    ) -> None:
        """What follows a commit: this process's caches, then the feeds and the server's turns."""
        self.snapshots.put(row.id, snap)
        shown = Shown.of(row.seq + 1, notation, [event_to_json(e) for e in events])
        self.traces.put(row.id, [shown])
        self.on_commit(Committed(row.id, row.seq + 1, turn, shown))

    def serve_turns(self, game: str) -> int:
        """Play the server's actions in ``game`` while it is the server's turn (the monster's
        tiles, the bots' moves), each committed on its own; how many this call stored."""
        played = 0
        for _ in range(MOST_SERVER_ACTIONS):
            try:
                row, snap = self.find(game)
            except ApiError:
                return played
            if row.turn != "server":
                return played
            state = self.state(row, snap)
            action = self._server_action(row, state)
            after, events = apply_traced(state, action)
            if self._commit(row, after, action, events, None, None):
                played += 1
        return played

    def _server_action(self, row: Game, state: GameState) -> Action:
        """The server's action at the game's next seq: the tile its seed draws, or its bot's."""
        seq = row.seq + 1
        if state.phase is Phase.MONSTER:
            return chance.draw_tile(state, row.seed, seq)
        return choose(state, bot=row.kinds[state.to_move], seed=chance.bot_seed(row.seed, seq))

    async def serve_tile_now(self, game: str) -> bool:
        """The monster's tile, drawn and committed on the event loop (:class:`~.storage.Direct`:
        PostgreSQL) when this process's latest state of the game is at a tile (the append's
        compare-and-swap checks it is the game's, :meth:`_assumed`); whether the game needs
        nothing more of this call (False: anything else, a bot to move, a lost append, a state
        this process has not: :meth:`serve_turns` reads the game and plays it on a thread)."""
        found = self._assumed(game)
        if found is None:
            return False
        row, snap = found
        state = snap.state
        if row.turn != "server" or state is None or state.phase is not Phase.MONSTER:
            return False
        action = self._server_action(row, state)
        after, events = apply_traced(state, action)
        notation, turn, done = self._before_commit(row, after, action)
        direct = self.direct
        assert direct is not None
        stored = await direct.append(
            row.id, row.seq, notation, None, None, turn, outcome_to_json(after), done.text
        )
        if stored:
            self._after_commit(row, done, notation, turn, events)
        return stored
