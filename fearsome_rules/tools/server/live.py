"""The live feeds: each new action, once committed, pushed to every WebSocket client of its
game, on this server process and on the others.

A commit tells the :class:`Hub` the game and the new ``seq`` (:meth:`Hub.committed`: from this
process directly; from the others through PostgreSQL's ``NOTIFY``, which the database sends on
commit only, :meth:`Hub.listen`). The message is only a wake-up: a :class:`Feed` (one per game
watched on this process) then reads the log after the last action it knows, so a client is sent
the log itself, in order, without a gap or a repeat, whatever notices were lost. A feed also
reads the log every :attr:`Hub.poll` seconds, which is all that several processes sharing one
SQLite file have.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from typing import Any, Final

import anyio.to_thread
from sqlalchemy.engine import make_url

from fearsome_rules.tools.server.snapshots import Shown
from fearsome_rules.tools.server.statements import CHANNEL
from fearsome_rules.tools.server.storage import Store

Reader = Callable[[str, int, int], list[Shown]]
"""The actions of a game after a seq, at most so many, as the API shows them."""
ReaderNow = Callable[[str, int, int], Awaitable[list[Shown] | None]]
"""The same read on the event loop, where the database allows it; None: ask the reader."""

CACHED: Final = 512
"""The latest actions a feed keeps for its clients; one further behind reads the log."""
PAGE: Final = 1_000
"""The most actions read from the log at once."""

log = logging.getLogger("fearsome_rules.server")


class Feed:
    """What this process knows of one game's log, shared by its clients."""

    def __init__(self, read: Reader, game: str, read_now: ReaderNow | None = None) -> None:
        self.read = read
        self.read_now = read_now
        self.game = game
        self.known = 0
        self.over = False
        self.cache: dict[int, Shown] = {}
        self.changed = asyncio.Event()
        self.lock = asyncio.Lock()
        self.clients = 0

    async def refresh(self) -> None:
        """Read the actions after the last one known, and wake the clients if there are any."""
        async with self.lock:
            while True:
                found = await self._read(self.known)
                for action in found:
                    self.cache[action.seq] = action
                    self.known = action.seq
                    self.over = self.over or action.ends
                for old in [s for s in self.cache if s <= self.known - CACHED]:
                    del self.cache[old]
                if found:
                    self.changed.set()
                    self.changed = asyncio.Event()
                if len(found) < PAGE:
                    return

    async def _read(self, since: int) -> list[Shown]:
        """The log after ``since``: on the event loop where it can be read there (PostgreSQL,
        the actions' events kept), else on a thread."""
        if self.read_now is not None:
            found = await self.read_now(self.game, since, PAGE)
            if found is not None:
                return found
        return await anyio.to_thread.run_sync(self.read, self.game, since, PAGE)

    def push(self, action: Shown) -> bool:
        """Take the action a commit on this process stored, if it is the next one this feed
        lacks and no read of the log is under way; False: read the log instead."""
        if self.lock.locked() or action.seq != self.known + 1:
            return False
        self.cache[action.seq] = action
        self.known = action.seq
        self.over = self.over or action.ends
        self.cache.pop(self.known - CACHED, None)
        self.changed.set()
        self.changed = asyncio.Event()
        return True

    async def after(self, last: int, poll: float) -> list[Shown]:
        """The actions after number ``last``; waits for one if there is none yet."""
        while True:
            if last < self.known:
                if last + 1 in self.cache:
                    return [self.cache[s] for s in range(last + 1, self.known + 1)]
                return await self._read(last)
            if self.over:
                return []
            changed = self.changed
            try:
                await asyncio.wait_for(changed.wait(), timeout=poll)
            except TimeoutError:
                await self.refresh()


class Hub:
    """The feeds of the games watched on this process."""

    def __init__(
        self, store: Store, read: Reader, poll: float, read_now: ReaderNow | None = None
    ) -> None:
        self.store = store
        self.read = read
        self.read_now = read_now
        self.poll = poll
        self.feeds: dict[str, Feed] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self.tasks: set[asyncio.Task[None]] = set()

    def start(self) -> None:
        self.loop = asyncio.get_running_loop()

    def committed(self, game: str, seq: int, action: Shown | None = None) -> None:
        """A new action was committed (callable from any thread); ``action``, where given, is
        the action itself, which then needs no read of the log."""
        if self.loop is None:
            return
        try:
            on_loop = asyncio.get_running_loop() is self.loop
        except RuntimeError:
            on_loop = False
        if on_loop:  # a commit on the loop itself: the feeds know before its NOTIFY comes back
            self.wake(game, seq, action)
        else:
            self.loop.call_soon_threadsafe(self.wake, game, seq, action)

    def wake(self, game: str, seq: int, action: Shown | None = None) -> None:
        feed = self.feeds.get(game)
        if feed is None or seq <= feed.known:
            return
        if action is not None and feed.push(action):
            return
        self._spawn(feed.refresh())

    def _spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.ensure_future(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def stream(self, game: str, since: int) -> AsyncIterator[Shown]:
        """The actions after ``since``, then each new one as it is committed; ends after the
        action that ends the game."""
        feed = self.feeds.get(game)
        if feed is None:
            feed = self.feeds[game] = Feed(self.read, game, self.read_now)
        feed.clients += 1
        try:
            await feed.refresh()
            last = since
            while True:
                batch = await feed.after(last, self.poll)
                for action in batch:
                    yield action
                    last = action.seq
                if feed.over and last >= feed.known:
                    return
        finally:
            feed.clients -= 1
            if feed.clients == 0 and self.feeds.get(game) is feed:
                del self.feeds[game]

    async def listen(self) -> None:
        """Hear the commits of the other processes (PostgreSQL): ``LISTEN`` on a connection of
        its own, connected again after a loss, every feed read again after each connect."""
        import psycopg

        url = make_url(self.store.url).set(drivername="postgresql")
        conninfo = url.render_as_string(hide_password=False)
        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(conninfo, autocommit=True)
                async with conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    for feed in list(self.feeds.values()):
                        self._spawn(feed.refresh())
                    async for notice in conn.notifies():
                        # This process's own commits told the feeds already, with the action:
                        # their notice, often heard first, would only read the log again.
                        with contextlib.suppress(ValueError):
                            game, seq, *origin = notice.payload.split(" ")
                            if origin != [self.store.origin]:
                                self.wake(game, int(seq))
            except psycopg.Error as e:
                log.warning("live feed: lost the database's notices (%s); again in 1 s", e)
                await asyncio.sleep(1)
