"""Playing online over days: the lobby, seats joined there, time limits per turn and the seats'
"your turn" webhooks.

- **The lobby** lists the games created with ``"listed": true`` that still have an ``open``
  seat (a person's seat created without a token); :meth:`Online.join` gives such a seat a token,
  with a conditional ``UPDATE`` that one joiner wins.
- **Time limits.** A game created with ``turn_seconds`` gives each person's turn that long:
  the deadline is the moment the turn began (the game row's ``updated``, set by the commit of
  the action before) plus the limit, so it is stored with the game and survives restarts. When
  it passes, one process claims it in the database (``SELECT ... FOR UPDATE SKIP LOCKED`` on
  PostgreSQL, a conditional ``UPDATE`` on the seq it is for on SQLite and on both) and plays
  the seat's move with the game's ``timeout_bot``, committed like any action (its command id is
  ``deadline-N``); the log's compare-and-swap would refuse a second move for the same seq
  anyway, the claim keeps two processes from even computing it. A claim whose process died is
  taken over after :data:`LEASE` seconds.
- **Webhooks.** A seat registers a URL with its token; when a committed action makes it that
  seat's turn, a notice is stored (one per game and seq: the primary key makes it once, whichever
  process sees the turn first) and posted to the URL by a background loop, never by the request
  that committed the move. A failed post is tried again after 1, 2, 4 ... seconds (at most
  :data:`MOST_ATTEMPTS` times); a notice whose turn has passed is dropped unsent. Only URLs
  the seat registered are posted to, never with a token; by default not to a loopback, private
  or link-local address (a server that posts to its own network on anyone's request is a
  forwarding service for attackers), unless the server is started to allow it.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import socket
import time
import urllib.error
import urllib.request
from typing import Any, Final
from urllib.parse import urlsplit

import anyio.to_thread
from sqlalchemy import delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from fearsome_rules.core.errors import FearsomeError, quote
from fearsome_rules.core.game import apply_traced
from fearsome_rules.core.state import SEAT_LETTERS
from fearsome_rules.tools.bots import choose
from fearsome_rules.tools.server import chance
from fearsome_rules.tools.server.creating import ApiError
from fearsome_rules.tools.server.games import Games
from fearsome_rules.tools.server.lru import Lru
from fearsome_rules.tools.server.schema import games as games_table
from fearsome_rules.tools.server.schema import notices, seats, webhooks
from fearsome_rules.tools.server.seats import PERSON, SeatError, new_token, seat_kind, token_hash
from fearsome_rules.tools.server.snapshots import Committed
from fearsome_rules.tools.server.storage import Store

TICK: Final = 0.5
"""How often each process looks for passed deadlines and notices to send (a commit on this
process in a game it knows to have a webhook wakes it at once)."""
GAP: Final = 0.05
"""The least time between two passes (a notice waits at most this much more)."""
HOOKED: Final = 65_536
"""Games with a webhook a process keeps in mind."""
LEASE: Final = 60.0
"""Seconds after which a claimed deadline or notice whose process said nothing is taken over."""
MOST_ATTEMPTS: Final = 8
"""Posts of one notice before it is given up (the last about two minutes after the first)."""
POST_SECONDS: Final = 5.0
"""How long a webhook's receiver has to answer."""
MOST_URL: Final = 500
LOBBY_SIZE: Final = 100
"""The most games the lobby lists (the newest)."""
DEFAULT_TIMEOUT_BOT: Final = "greedy"

log = logging.getLogger("fearsome_rules.server")


def timeout_bot(name: str | None) -> str:
    """The bot that plays a seat whose time ran out, as stored (ApiError 400 for a person or an
    unknown bot)."""
    word = (name or DEFAULT_TIMEOUT_BOT).strip().lower()
    try:
        kind = seat_kind(word)
    except SeatError as e:
        raise ApiError(400, f"timeout_bot: {e}") from None
    if kind == PERSON:
        raise ApiError(400, "timeout_bot: a bot plays a seat whose time ran out, not a person")
    return kind


def webhook_url(url: str) -> str:
    """``url`` if it can be a webhook: http or https, a host, no user or password in it."""
    if len(url) > MOST_URL:
        raise ApiError(400, f"url: over {MOST_URL} characters")
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        raise ApiError(400, f"url: {quote(url)} is not a URL") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ApiError(400, f"url: {quote(url)} is not an http:// or https:// URL with a host")
    if parts.username is not None or parts.password is not None:
        raise ApiError(400, "url: a webhook's URL carries no user name or password")
    if port == 0:
        raise ApiError(400, f"url: {quote(url)} has port 0")
    return url.strip()


def public_address(host: str) -> bool:
    """Whether every address ``host`` resolves to is a public one (not loopback, private,
    link-local, multicast or reserved)."""
    try:
        found = socket.getaddrinfo(host, None)
    except OSError:
        return False
    for info in found:
        address = ipaddress.ip_address(str(info[4][0]).split("%")[0])
        if not address.is_global or address.is_multicast:
            return False
    return bool(found)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """A webhook is posted to the URL the seat registered, not to where it redirects."""

    def redirect_request(self, *_args: Any, **_kwargs: Any) -> None:
        return None


_OPENER = urllib.request.build_opener(_NoRedirect)


class Online:
    """The lobby, the deadlines and the webhooks of the games of one :class:`Games`."""

    def __init__(self, games: Games, private_webhooks: bool = False) -> None:
        self.games = games
        self.store: Store = games.store
        self.private_webhooks = private_webhooks
        self.hooked: Lru[str, bool] = Lru(HOOKED)
        """Games this process knows to have a webhook (set here, or found by a pass): a commit
        in one of them wakes the pass for its notice (measured under load: a pass after every
        commit, three queries on a thread at most every :data:`GAP`, was a sixth of the
        server's time); a webhook set on another process is found by the next pass."""

    # --- creating, joining, the lobby ---------------------------------------------------------

    @staticmethod
    def columns(listed: bool, turn_seconds: float | None, bot: str | None) -> dict[str, Any] | None:
        """The game row's online columns for a new game."""
        if turn_seconds is None and bot is not None:
            raise ApiError(400, "timeout_bot: give turn_seconds too (a time limit per turn)")
        return {
            "listed": 1 if listed else 0,
            "turn_seconds": turn_seconds,
            "timeout_bot": timeout_bot(bot) if turn_seconds is not None else None,
        }

    def lobby(self) -> list[dict[str, Any]]:
        """The listed games that go on and have a seat to join, newest first."""
        g = games_table
        with self.store.reading() as conn:
            rows = conn.execute(
                select(g.c.id, g.c.players, g.c.setup, g.c.turn_seconds, g.c.created, g.c.seq)
                .where(g.c.listed == 1, g.c.turn != "over")
                .where(
                    select(seats.c.seat)
                    .where(
                        seats.c.game == g.c.id,
                        seats.c.kind == PERSON,
                        seats.c.token_hash.is_(None),
                    )
                    .exists()
                )
                .order_by(g.c.created.desc())
                .limit(LOBBY_SIZE)
            ).all()
            found = [r.id for r in rows]
            seat_rows = conn.execute(
                select(seats.c.game, seats.c.seat, seats.c.kind, seats.c.token_hash)
                .where(seats.c.game.in_(found))
                .order_by(seats.c.game, seats.c.seat)
            ).all()
        by_game: dict[str, list[dict[str, Any]]] = {}
        for s in seat_rows:
            by_game.setdefault(s.game, []).append(
                {
                    "seat": SEAT_LETTERS[s.seat],
                    "player": s.kind,
                    "free": s.kind == PERSON and s.token_hash is None,
                }
            )
        return [
            {
                "game": r.id,
                "players": r.players,
                "setup": r.setup,
                "turn_seconds": r.turn_seconds,
                "created": r.created,
                "seq": r.seq,
                "seats": by_game.get(r.id, []),
            }
            for r in rows
        ]

    def join(self, game: str, seat: str) -> dict[str, Any]:
        """A token for the open seat ``seat`` of ``game``; 409 once someone else took it."""
        row, _ = self.games.find(game)
        k = SEAT_LETTERS.index(seat)
        if k >= row.players:
            raise ApiError(400, f"seat: game {row.id} has seats A-{SEAT_LETTERS[row.players - 1]}")
        if row.turn == "over":
            raise ApiError(409, f"game {row.id} is over")
        token = new_token()
        with self.store.writing() as conn:
            taken = conn.execute(
                update(seats)
                .where(
                    seats.c.game == row.id,
                    seats.c.seat == k,
                    seats.c.kind == PERSON,
                    seats.c.token_hash.is_(None),
                )
                .values(token_hash=token_hash(token).hex())
            )
        if taken.rowcount != 1:
            raise ApiError(409, f"seat {seat} of game {row.id} is not free")
        return {"game": row.id, "seat": seat, "token": token}

    # --- deadlines -----------------------------------------------------------------------------

    def claim_deadlines(self, now: float | None = None) -> list[tuple[str, int, str]]:
        """Claim the passed deadlines of games no process has claimed for their current seq
        (or whose claim is older than :data:`LEASE`): ``(game, seq, bot)`` for each."""
        now = time.time() if now is None else now
        g = games_table
        free = (
            (g.c.claimed_seq.is_(None))
            | (g.c.claimed_seq < g.c.seq)
            | (g.c.claimed_at < now - LEASE)
        )
        query = (
            select(g.c.id, g.c.seq, g.c.timeout_bot)
            .where(
                g.c.turn == "person",
                g.c.turn_seconds.is_not(None),
                g.c.updated + g.c.turn_seconds <= now,
                free,
            )
            .order_by(g.c.updated)
            .limit(16)
        )
        with self.store.reading() as conn:  # most passes find nothing: no write lock for them
            if not conn.execute(query).first():
                return []
        if self.store.dialect == "postgresql":
            query = query.with_for_update(skip_locked=True)
        claimed = []
        with self.store.writing() as conn:
            for row in conn.execute(query).all():
                won = conn.execute(
                    update(g)
                    .where(g.c.id == row.id, g.c.seq == row.seq, free)
                    .values(claimed_seq=row.seq, claimed_at=now)
                )
                if won.rowcount == 1:
                    claimed.append((row.id, row.seq, row.timeout_bot or DEFAULT_TIMEOUT_BOT))
        for game, seq, _ in claimed:  # after the commit: the claim is this process's
            log.info("game %s: claimed the deadline of action %d", game, seq + 1)
        return claimed

    def fire(self, game: str, seq: int, bot: str) -> bool:
        """Play the move of the seat whose time ran out at ``seq``, with ``bot``; False when the
        seat moved meanwhile (its own move won the log's compare-and-swap)."""
        row, snap = self.games.find(game)
        if row.seq != seq or row.turn != "person":
            return False
        state = self.games.state(row, snap)
        action = choose(state, bot=bot, seed=chance.bot_seed(row.seed, seq + 1))
        after, events = apply_traced(state, action)
        stored = self.games._commit(row, after, action, events, f"deadline-{seq + 1}", None)
        if stored:
            log.info(
                "game %s: seat %s's time ran out at action %d; %s played %s",
                game,
                SEAT_LETTERS[state.to_move],
                seq + 1,
                bot,
                action,
            )
        return stored

    # --- webhooks ------------------------------------------------------------------------------

    def set_webhook(self, game: str, token: str | None, url: str | None) -> dict[str, Any]:
        """Register (or with None remove) the URL told when it is the token's seat's turn."""
        row, _ = self.games.find(game)
        if token is None:
            raise ApiError(401, "send the seat's token: Authorization: Bearer TOKEN")
        seat = self.games._seat(row, token)
        with self.store.writing() as conn:
            conn.execute(delete(webhooks).where(webhooks.c.game == row.id, webhooks.c.seat == seat))
            if url is not None:
                conn.execute(insert(webhooks).values(game=row.id, seat=seat, url=webhook_url(url)))
        if url is not None:
            self.hooked.put(row.id, True)
        return {"game": row.id, "seat": SEAT_LETTERS[seat], "url": url}

    def queue_notices(self) -> int:
        """Store the notices of the person's turns under way in games with a webhook that have
        none yet (one per seq; an empty URL when the seat to move has no webhook); how many
        this call stored for a URL."""
        g = games_table
        with self.store.reading() as conn:
            rows = conn.execute(
                select(g.c.id, g.c.seq)
                .where(g.c.turn == "person")
                .where(select(webhooks.c.seat).where(webhooks.c.game == g.c.id).exists())
                .where(
                    ~select(notices.c.seq)
                    .where(notices.c.game == g.c.id, notices.c.seq == g.c.seq)
                    .exists()
                )
                .limit(100)
            ).all()
        queued = 0
        for game, seq in rows:
            self.hooked.put(game, True)
            try:
                row, snap = self.games.find(game)
            except ApiError:
                continue
            if row.seq != seq:
                continue  # moved on: the next pass sees its new turn
            seat = self.games.state(row, snap).to_move
            with self.store.reading() as conn:
                url = conn.execute(
                    select(webhooks.c.url).where(webhooks.c.game == game, webhooks.c.seat == seat)
                ).scalar_one_or_none()
            values = {
                "game": game,
                "seq": seq,
                "seat": seat,
                "url": url or "",
                "attempts": 0,
                "next_try": time.time() if url else None,
            }
            try:
                with self.store.writing() as conn:
                    conn.execute(insert(notices).values(**values))
            except IntegrityError:
                continue  # another process stored it
            queued += 1 if url else 0
        return queued

    def claim_notices(self, now: float | None = None) -> list[dict[str, Any]]:
        """Claim the notices due (each for :data:`LEASE` seconds)."""
        now = time.time() if now is None else now
        query = select(notices).where(notices.c.next_try <= now).order_by(notices.c.next_try)
        with self.store.reading() as conn:  # most passes find nothing: no write lock for them
            if not conn.execute(query.limit(1)).first():
                return []
        with self.store.writing() as conn:
            due = conn.execute(query.limit(16)).all()
            claimed = []
            for n in due:
                won = conn.execute(
                    update(notices)
                    .where(
                        notices.c.game == n.game,
                        notices.c.seq == n.seq,
                        notices.c.next_try == n.next_try,
                    )
                    .values(next_try=now + LEASE)
                )
                if won.rowcount == 1:
                    claimed.append(dict(n._mapping))
        return claimed

    def deliver(self, notice: dict[str, Any]) -> bool:
        """Post one claimed notice, and store what came of it; whether it was delivered."""
        game, seq = notice["game"], notice["seq"]
        row = self.store.game(game)
        if row is None or row.seq != seq:  # the turn has passed: "your turn" would be wrong now
            self._done(game, seq, notice["attempts"], None)
            return False
        body = {
            "type": "your_turn",
            "text": f"your turn in game {game}",
            "game": game,
            "seat": SEAT_LETTERS[notice["seat"]],
            "seq": seq,
            "deadline": row.timing()["deadline"],
        }
        error = self._post(notice["url"], body)
        attempts = notice["attempts"] + 1
        if error is None:
            self._done(game, seq, attempts, time.time())
            return True
        if attempts >= MOST_ATTEMPTS:
            log.warning(
                "game %s: the webhook of seat %s failed %d times: %s",
                game,
                body["seat"],
                attempts,
                error,
            )
            self._done(game, seq, attempts, None)
        else:
            with self.store.writing() as conn:
                conn.execute(
                    update(notices)
                    .where(notices.c.game == game, notices.c.seq == seq)
                    .values(attempts=attempts, next_try=time.time() + 2 ** (attempts - 1))
                )
        return False

    def _done(self, game: str, seq: int, attempts: int, sent: float | None) -> None:
        with self.store.writing() as conn:
            conn.execute(
                update(notices)
                .where(notices.c.game == game, notices.c.seq == seq)
                .values(attempts=attempts, next_try=None, sent=sent)
            )

    def _post(self, url: str, body: dict[str, Any]) -> str | None:
        """Post ``body``; None when the receiver answered 2xx, else what went wrong."""
        host = urlsplit(url).hostname or ""
        if not self.private_webhooks and not public_address(host):
            return f"{quote(host, 60)} is not a public address"
        request = urllib.request.Request(
            url,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json", "User-Agent": "fearsome-rules"},
            method="POST",
        )
        try:
            with _OPENER.open(request, timeout=POST_SECONDS) as answer:
                status = int(answer.status)
        except urllib.error.HTTPError as e:
            status = e.code
        except (OSError, ValueError) as e:
            return f"{type(e).__name__}: {quote(str(e), 80)}"
        return None if 200 <= status < 300 else f"status {status}"


class OnlineLoop:
    """Each process's background work for :class:`Online`: every :data:`TICK` seconds (and at
    once after a commit on this process) it fires the passed deadlines it claims, stores the
    notices due and posts them, each post on its own thread so a slow receiver delays nobody."""

    def __init__(self, online: Online) -> None:
        self.online = online
        self.wake = asyncio.Event()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.posting: set[asyncio.Future[bool]] = set()

    def committed(self, done: Committed) -> None:
        """A commit on this process (from any thread) that makes it a person's turn in a game
        with a webhook: look now (for a notice to queue; no deadline can have passed yet)."""
        if self.loop is not None and done.turn == "person" and self.online.hooked.get(done.game):
            self.loop.call_soon_threadsafe(self.wake.set)

    async def run(self) -> None:
        self.loop = asyncio.get_running_loop()
        while True:
            try:
                await self._once()
            except Exception:
                log.exception("the deadlines' and notices' pass failed; tried again")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.wake.wait(), TICK)
            # Under load every commit wakes the loop: a pass at most every GAP seconds keeps
            # its queries from taking a share of each action.
            await asyncio.sleep(GAP)
            self.wake.clear()

    async def _once(self) -> None:
        # One hand-off to a thread a pass (measured under load: three were a tenth of the
        # server's time); a post on a thread of its own.
        for notice in await anyio.to_thread.run_sync(self._pass):
            task = asyncio.ensure_future(anyio.to_thread.run_sync(self.online.deliver, notice))
            self.posting.add(task)
            task.add_done_callback(self.posting.discard)

    def _pass(self) -> list[dict[str, Any]]:
        """Fire the deadlines this process claims, store the notices due: the notices to post."""
        online = self.online
        for game, seq, bot in online.claim_deadlines():
            try:
                online.fire(game, seq, bot)
            except (FearsomeError, ApiError) as e:
                log.error("game %s: the deadline of action %d failed: %s", game, seq + 1, e)
        online.queue_notices()
        return online.claim_notices()
