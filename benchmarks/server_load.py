"""Load on the game server (``fearsome-rules serve``): real uvicorn processes, real clients over
WebSocket and HTTP, run by hand. Nothing here is a test; docs/server.md has the last figures.

    python3 benchmarks/server_load.py --games 1000 --rate 0.5 --seconds 30 --runs 3
    python3 benchmarks/server_load.py --stored 30000                         # reads among many
    python3 benchmarks/server_load.py --calls 12                          # CPU per request
    python3 benchmarks/server_load.py --kills 1000                           # the kill loop

Load: ``--games`` 4-player games at once, all four seats people, each game's client acting at
``--rate`` actions a second (a steady rate, phases spread at random); a finished game is replaced
by a new one. What each game's client does is what a real one does, nothing more: it creates
its game (``POST /api/games``), opens the live feed (a WebSocket of its own, ``websockets``,
opened again from its last action if it drops) and carries out each action it is sent with the
engine (``fr.apply``, as the web page does), so it knows who is to move without asking; when a
seat is to move, it asks that seat's legal actions (a GET with the seat's token, over an HTTP
connection of its own kept alive) and posts one of them with a command id of its own (the
POST); it waits for its action to come back on the feed before acting again, and asks nothing
while the server reveals a tile. The HTTP client is aiohttp (``--http httpx`` to compare: at
1,000 games on PostgreSQL it cost this process 2.1 ms of CPU an action, aiohttp 0.8; httpx's
pool, its transports and their locks are Python code around each request, aiohttp parses the
answer in C) on uvloop's event loop (``--client-loop asyncio`` for asyncio's own). The games
are all created and their feeds opened first (``setup s``); the window of ``--seconds``, its
actions and the CPU time of the servers and of this process (from ``/proc``, user and system),
starts once they are. Reported for one process on
SQLite, one on PostgreSQL and two on PostgreSQL (the clients spread over both): the CPU time
an action committed costs the clients (this process) and the servers, the actions committed a
second, the POST's latency (p50, p99: sent to answered, the commit included) and the push's
(POST sent to the action arriving on the client's WebSocket, from the other process where
there are two). The clients run on the same machine as the servers and the database: the server
processes are pinned to ``--server-cpus`` (``0``; ``0/1`` puts the second process on CPU 1), the
clients (this process) to ``--client-cpus`` (``1``) and PostgreSQL to ``--db-cpus`` (all by
default); ``--pg-socket`` has the servers reach PostgreSQL by its Unix socket instead of TCP on
127.0.0.1 (a server beside its database). ``--runs N`` measures the set-ups N times,
interleaved, and prints each run with the load average, then the medians.

``--stored N``: N finished games written straight into a fresh database as the server stores
them (copies of a few real games under new ids: each action's notation, the game's last state:
PostgreSQL's ``COPY``, SQLite's ``executemany`` in one transaction), the bytes a game takes, the
plans of the reads (``EXPLAIN``), then one server's latency for ``GET /api/games/ID`` of random
ids (each game read once: no process has it cached). With ``--only pg1 --keep DIR`` the cluster
is made in DIR and kept; ``--stored-reads DIR`` later starts it, reads ``--reads`` random games
(2,000) through a server just started, shows ``EXPLAIN (ANALYZE, BUFFERS)`` of a cold read and
stops it again: the reads of a million games measured when the machine is quiet.
``--direct N``: N actions through :class:`~fearsome_rules.tools.server.games.Games` in this
process, no HTTP (a GET with a token, then the POST, one game after another): the medians of
each, on SQLite and on PostgreSQL (with ``PYTHONPATH=DIR``, the ``fearsome_rules`` of another
commit unpacked in DIR by ``git archive``, to compare; the servers of the other modes follow it
too).
``--calls N``: N games of 4 played by one client, one request at a time, against one server on
SQLite (on PostgreSQL with ``--only pg1``): the server's CPU time (from ``/proc``) per ``GET
/api/games/ID`` with a seat's token and per POST of an action: what a request costs the server,
whatever else the machine runs.
``--kills N``: N kills (SIGKILL) of one server process on SQLite (on PostgreSQL with ``--only
pg1``) while three clients play through it, each within ``--kill-window`` seconds of the first
action acknowledged after the server's start; after each, the server is started again and
checked before the clients go on (every acknowledged action stored once, at its number; each
game replaying to what its client last saw), and a line says the counts so far.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import signal
import sqlite3
import ssl
import statistics
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import httpx
import websockets
from server_harness import (
    Cluster,
    Player,
    Server,
    Table,
    check_games,
    pg_commands,
    postgres_bin,
    servers,
    sqlite_commands,
)
from sqlalchemy import create_engine

import fearsome_rules as fr
from fearsome_rules.formats.event_json import outcome_to_json
from fearsome_rules.formats.state_json import state_to_json
from fearsome_rules.tools.bots import greedy_bot
from fearsome_rules.tools.server import chance, schema
from fearsome_rules.tools.server.storage import database_url


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


OPENING = 50
"""Games created and feeds opened at once before the measured window."""


class Load:
    """``games`` tables, each a client of its own (an HTTP connection and a WebSocket, as a
    real player has: one pool shared by 1,000 tables spent the client's CPU scanning its queue
    of waiting requests, and the server waited for it). All the games are created and their
    feeds opened first (``OPENING`` at a time); the window of ``seconds`` (what is counted and
    the server's CPU) starts once they all are."""

    def __init__(
        self,
        bases: list[str],
        games: int,
        rate: float,
        seconds: float,
        cpu: Callable[[], float],
        http: str = "aiohttp",
    ) -> None:
        self.bases = bases
        self.http = http
        self.games = games
        self.rate = rate
        self.seconds = seconds
        self.cpu = cpu
        self.post_ms: list[float] = []
        self.push_ms: list[float] = []
        self.committed = 0
        self.conflicts = 0
        self.errors = 0
        self.reconnects = 0
        self.ready = 0
        self.began = self.setup = self.window = self.spent = self.client_spent = 0.0

    async def run(self) -> None:
        self.began = time.monotonic()
        self.deadline = float("inf")
        self.start = asyncio.Event()
        self.opening = asyncio.Semaphore(OPENING)
        await asyncio.gather(*(self.table(k) for k in range(self.games)))
        self.window = time.monotonic() - (self.began + self.setup)
        self.spent = self.cpu() - self.spent
        self.client_spent = time.process_time() - self.client_spent

    def _begin(self) -> None:
        self.setup = time.monotonic() - self.began
        self.deadline = time.monotonic() + self.seconds
        self.spent = self.cpu()
        self.client_spent = time.process_time()
        self.start.set()

    async def table(self, k: int) -> None:
        rng = random.Random(k)
        base = self.bases[k % len(self.bases)]
        live_base = self.bases[(k + 1) % len(self.bases)]  # the other process, if two
        async with CLIENTS[self.http](base) as http:
            async with self.opening:
                game = await self.follow(http, live_base)
            self.ready += 1
            if self.ready == self.games:
                self._begin()
            await self.start.wait()
            await asyncio.sleep(rng.uniform(0, 1 / self.rate))
            while True:
                await self.play(game, http, rng)
                if time.monotonic() >= self.deadline:
                    return
                game = await self.follow(http, live_base)

    async def follow(self, http: Http, live_base: str) -> Followed:
        """A new game, its feed open."""
        _, created = await _again(http, "POST", "/api/games", b'{"players": 4}')
        game = Followed(json.loads(created), live_base.replace("http", "ws", 1), self)
        await game.open()
        return game

    async def play(self, game: Followed, http: Http, rng: random.Random) -> None:
        """One game played as real clients play it: each action comes from the live feed and is
        carried out by the engine here (as the web page does), so the clients know who is to
        move without asking; the seat to move asks its legal actions (a GET with its token),
        then posts one. Nothing is asked while the server reveals a tile."""
        gid = game.id
        tokens = game.tokens
        sent: dict[int, float] = {}
        fed = game.fed
        listener = asyncio.ensure_future(game.listen())
        state = fr.new_game(4)
        seen = 0  # actions carried out here
        posted = 0  # the seq of this client's last action: act again once it is seen
        try:
            next_at = time.monotonic()
            while time.monotonic() < self.deadline:
                if state.phase is fr.Phase.OVER:
                    return
                if state.phase is fr.Phase.MONSTER or seen < posted or not fed.empty():
                    left = self.deadline - time.monotonic()
                    try:
                        message = await asyncio.wait_for(fed.get(), max(left, 0.0))
                    except TimeoutError:
                        return
                    seq = message["seq"]
                    if seq in sent:
                        self.push_ms.append((time.monotonic() - sent.pop(seq)) * 1000)
                    state = fr.apply(state, fr.parse_action(message["action"]))
                    seen = seq
                    continue
                mover = "ABCD"[state.to_move]
                next_at += 1 / self.rate
                await asyncio.sleep(max(0.0, next_at - time.monotonic()))
                url = f"/api/games/{gid}"
                _, answer = await _again(http, "GET", url, token=tokens[mover])
                view = json.loads(answer)
                body = {
                    "seq": view["seq"],
                    "action": rng.choice(view["legal_actions"]),
                    "id": uuid.uuid4().hex,
                }
                start = time.monotonic()
                sent[view["seq"] + 1] = start
                status, _ = await _again(
                    http, "POST", url + "/actions", json.dumps(body).encode(), tokens[mover]
                )
                self.post_ms.append((time.monotonic() - start) * 1000)
                if status == 200:
                    self.committed += 1
                    posted = view["seq"] + 1
                elif status == 409:
                    self.conflicts += 1
                else:
                    self.errors += 1
        finally:
            listener.cancel()
            await game.close()


class Http:
    """One player's HTTP connection to ``base``: a request's status and body. Two clients do
    it: aiohttp (the default; its C parser) and httpx (``--http httpx``), to compare."""

    failures: tuple[type[Exception], ...] = ()
    """What a request that may be sent again raises."""

    async def __aenter__(self) -> Http:
        return self

    async def __aexit__(self, *_: object) -> None:
        pass

    async def request(
        self, method: str, url: str, body: bytes | None, token: str | None
    ) -> tuple[int, bytes]:
        raise NotImplementedError

    @staticmethod
    def headers(body: bytes | None, token: str | None) -> dict[str, str]:
        found = {"Content-Type": "application/json"} if body is not None else {}
        return found | ({"Authorization": f"Bearer {token}"} if token else {})


class AiohttpClient(Http):
    """aiohttp, one kept-alive connection, no cookies (the API sets none)."""

    def __init__(self, base: str) -> None:
        import aiohttp

        AiohttpClient.failures = (aiohttp.ClientError, asyncio.TimeoutError)
        self.session = aiohttp.ClientSession(
            base,
            connector=aiohttp.TCPConnector(limit=1),
            cookie_jar=aiohttp.DummyCookieJar(),
            timeout=aiohttp.ClientTimeout(total=60),
        )

    async def __aexit__(self, *_: object) -> None:
        await self.session.close()

    async def request(
        self, method: str, url: str, body: bytes | None, token: str | None
    ) -> tuple[int, bytes]:
        headers = self.headers(body, token)
        async with self.session.request(method, url, data=body, headers=headers) as answer:
            return answer.status, await answer.read()


class HttpxClient(Http):
    """httpx, at most two connections."""

    failures = (httpx.TransportError,)
    context: ssl.SSLContext | None = None  # one for all: each takes milliseconds

    def __init__(self, base: str) -> None:
        if HttpxClient.context is None:
            HttpxClient.context = ssl.create_default_context()
        limits = httpx.Limits(max_connections=2)
        self.client = httpx.AsyncClient(
            base_url=base, timeout=60, limits=limits, verify=HttpxClient.context
        )

    async def __aexit__(self, *_: object) -> None:
        await self.client.aclose()

    async def request(
        self, method: str, url: str, body: bytes | None, token: str | None
    ) -> tuple[int, bytes]:
        headers = self.headers(body, token)
        answer = await self.client.request(method, url, content=body, headers=headers)
        return answer.status_code, answer.content


CLIENTS: dict[str, Callable[[str], Http]] = {"aiohttp": AiohttpClient, "httpx": HttpxClient}


class Followed:
    """A game of a table and its live feed: the actions, parsed, in ``fed``; a feed that
    drops is opened again from the last action received (``since``), as a real client does."""

    def __init__(self, created: dict[str, Any], live_base: str, load: Load) -> None:
        self.id: str = created["game"]
        self.tokens = {s["seat"]: s["token"] for s in created["seats"]}
        self.url = f"{live_base}/api/games/{self.id}/live"
        self.load = load
        self.fed: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.last = 0
        self.ws: Any = None

    async def open(self) -> None:
        for _ in range(20):
            try:
                self.ws = await websockets.connect(
                    f"{self.url}?since={self.last}", max_size=2**24, open_timeout=60
                )
                return
            except (OSError, TimeoutError, websockets.exceptions.WebSocketException):
                await asyncio.sleep(0.1)
        raise RuntimeError("the server does not open the feed")

    async def listen(self) -> None:
        while True:
            try:
                async for message in self.ws:
                    doc = json.loads(message)
                    self.last = doc["seq"]
                    self.fed.put_nowait(doc)
                return  # closed by the server: the game is over
            except websockets.exceptions.ConnectionClosedError:
                self.load.reconnects += 1
                await self.open()

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()


async def _again(
    http: Http, method: str, url: str, body: bytes | None = None, token: str | None = None
) -> tuple[int, bytes]:
    """A request sent until it is answered: a GET, or a POST with its command id, is safe to
    send twice."""
    for _ in range(20):
        try:
            return await http.request(method, url, body, token)
        except http.failures:
            await asyncio.sleep(0.05)
    raise RuntimeError("the server does not answer")


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _real_games(count: int) -> list[tuple[str, list[str], str, str]]:
    """``count`` finished 4-player games played by the greedy bot with the server's tiles:
    each its seed, its log (notation), its outcome JSON and its last state's JSON."""
    played = []
    for k in range(count):
        rng = random.Random(k)
        state = fr.new_game(4)
        seed = chance.new_seed()
        log: list[str] = []
        while state.phase is not fr.Phase.OVER:
            action: fr.Action = (
                chance.draw_tile(state, seed, len(log) + 1)
                if state.phase is fr.Phase.MONSTER
                else greedy_bot(state, rng)
            )
            state = fr.apply(state, action)
            log.append(str(action))
        outcome = json.dumps(outcome_to_json(state))
        played.append((seed, log, outcome, json.dumps(state_to_json(state))))
    return played


def _copy_text(value: object) -> str:
    if value is None:
        return "\\N"
    text = str(value)
    for old, new in (("\\", "\\\\"), ("\t", "\\t"), ("\n", "\\n"), ("\r", "\\r")):
        text = text.replace(old, new)
    return text


GAME_COLUMNS = ("id", "created", "players", "start_player", "setup", "options", "seed",
                "seed_hash", "seq", "turn", "updated", "outcome", "finished",
                "last_state")  # fmt: skip


def _game_values(gid: str, seed: str, log: list[str], outcome: str, last: str) -> tuple[Any, ...]:
    return (gid, 0.0, 4, 0, "basic", "{}", seed, chance.seed_hash(seed), len(log), "over", 0.0,
            outcome, 0.0, last)  # fmt: skip


def fill_postgres(url: str, ids: list[str], played: list[Any]) -> None:
    """The games copied inside the database: the few real games by ``COPY`` under ids of their
    own, then each table's rows by one ``INSERT ... SELECT`` from them crossed with
    ``generate_series``, then the templates deleted. The log's and the seats' foreign keys are
    dropped for the fill and added again after it, which checks them in one pass (checked per
    row, they took most of the hour a million games took). The ids are ``g`` and 8 digits, as
    :func:`stored` makes them."""
    import psycopg

    assert all(gid == f"g{k:08d}" for k, gid in enumerate(ids[:3]))
    n = len(ids)
    with psycopg.connect(url) as conn, conn.cursor() as cur:
        columns = ", ".join(GAME_COLUMNS)
        templates = [f"t{k}" for k in range(len(played))]
        with cur.copy(f"COPY games ({columns}) FROM STDIN") as copy:
            for gid, game in zip(templates, played, strict=True):
                values = _game_values(gid, *game)
                copy.write("\t".join(_copy_text(v) for v in values) + "\n")
        with cur.copy("COPY seats (game, seat, kind, token_hash) FROM STDIN") as copy:
            for gid in templates:
                copy.write("".join(f"{gid}\t{s}\tperson\t\\N\n" for s in range(4)))
        with cur.copy(
            "COPY actions (game, seq, action, command, seat, created) FROM STDIN"
        ) as copy:
            for gid, (_, log, _, _) in zip(templates, played, strict=True):
                copy.write("".join(f"{gid}\t{k}\t{_copy_text(a)}\t\\N\t\\N\t0\n"
                                   for k, a in enumerate(log, 1)))  # fmt: skip
        cur.execute("SET maintenance_work_mem = '1GB'")
        for table in ("actions", "seats"):
            cur.execute(f"ALTER TABLE {table} DROP CONSTRAINT {table}_game_fkey")
        # The log's two indexes are built again after the fill, by sorting, instead of being
        # updated row by row.
        cur.execute("ALTER TABLE actions DROP CONSTRAINT actions_command")
        cur.execute("ALTER TABLE actions DROP CONSTRAINT actions_pkey")
        steps = _Steps()
        new_id = "'g' || lpad(n::text, 8, '0')"
        template = f"'t' || (n % {len(played)})"
        other = [c for c in GAME_COLUMNS if c != "id"]
        cur.execute(
            f"INSERT INTO games ({columns}) SELECT {new_id}, {', '.join('t.' + c for c in other)} "
            f"FROM generate_series(0, {n - 1}) AS n JOIN games t ON t.id = {template}"
        )
        steps("games")
        cur.execute(
            f"INSERT INTO seats (game, seat, kind, token_hash) SELECT {new_id}, s.seat, s.kind, "
            f"s.token_hash FROM generate_series(0, {n - 1}) AS n "
            f"JOIN seats s ON s.game = {template} ORDER BY n, s.seat"  # a game's on one page
        )
        steps("seats")
        cur.execute(
            f"INSERT INTO actions (game, seq, action, command, seat, created) SELECT {new_id}, "
            f"a.seq, a.action, a.command, a.seat, a.created FROM generate_series(0, {n - 1}) AS n "
            f"JOIN actions a ON a.game = {template}"
        )
        steps("actions")
        for table in ("actions", "seats"):
            cur.execute(f"DELETE FROM {table} WHERE game LIKE 't%'")
        cur.execute("DELETE FROM games WHERE id LIKE 't%'")
        cur.execute("ALTER TABLE actions ADD PRIMARY KEY (game, seq)")
        steps("the log's key")
        cur.execute("ALTER TABLE actions ADD CONSTRAINT actions_command UNIQUE (game, command)")
        steps("its command ids")
        for table in ("actions", "seats"):
            cur.execute(
                f"ALTER TABLE {table} ADD CONSTRAINT {table}_game_fkey "
                "FOREIGN KEY (game) REFERENCES games (id)"
            )
        steps("the foreign keys")
        conn.commit()
        steps("the commit")
        cur.execute("ANALYZE")
        steps("ANALYZE")
        print("  filled: " + ", ".join(f"{what} {took:.0f} s" for what, took in steps.took))


class _Steps:
    """The time each step of a fill took."""

    def __init__(self) -> None:
        self.took: list[tuple[str, float]] = []
        self.last = time.monotonic()

    def __call__(self, what: str) -> None:
        now = time.monotonic()
        self.took.append((what, now - self.last))
        self.last = now


def fill_sqlite(url: str, ids: list[str], played: list[Any]) -> None:
    """The games by ``executemany``, all in one transaction, with no journal and a cache of
    1 GB (in WAL mode one transaction of millions of rows writes the index's pages to the WAL
    again at each spill: it grew past the database's size); WAL again afterwards."""
    conn = sqlite3.connect(url.removeprefix("sqlite:///"), isolation_level=None)
    conn.execute("PRAGMA journal_mode=OFF")
    conn.execute("PRAGMA synchronous=OFF")
    conn.execute("PRAGMA cache_size=-1000000")
    conn.execute("BEGIN")
    marks = ", ".join("?" * len(GAME_COLUMNS))
    conn.executemany(
        f"INSERT INTO games ({', '.join(GAME_COLUMNS)}) VALUES ({marks})",
        (_game_values(g, *played[n % len(played)]) for n, g in enumerate(ids)),
    )
    conn.executemany(
        "INSERT INTO seats (game, seat, kind, token_hash) VALUES (?, ?, 'person', NULL)",
        ((g, s) for g in ids for s in range(4)),
    )
    conn.executemany(
        "INSERT INTO actions (game, seq, action, command, seat, created) "
        "VALUES (?, ?, ?, NULL, NULL, 0)",
        ((g, k, a) for n, g in enumerate(ids) for k, a in enumerate(played[n % len(played)][1], 1)),
    )
    conn.execute("COMMIT")
    conn.execute("ANALYZE")
    conn.execute("PRAGMA journal_mode=WAL")
    conn.close()


READS = (
    ("the moving part", "SELECT seq, turn, outcome, updated FROM games WHERE id = '{g}'"),
    ("the whole row", "SELECT g.seq, s.kind FROM games g JOIN seats s ON s.game = g.id "
     "WHERE g.id = '{g}' ORDER BY s.seat"),
    ("the log", "SELECT action FROM actions WHERE game = '{g}' AND seq > 0 AND seq <= 500 "
     "ORDER BY seq"),
    ("a command id", "SELECT seq FROM actions WHERE game = '{g}' AND command = 'x'"),
)  # fmt: skip


_LAST = (
    "SELECT g.seq, g.last_state, s.kind FROM games g JOIN seats s ON s.game = g.id "
    "WHERE g.id = '{g}' ORDER BY s.seat"
)


def explain(url: str, gid: str, analyze: bool = False) -> None:
    """The plan of each read of the hot path: each should be a lookup in an index. With
    ``analyze``, PostgreSQL's run of the read of a finished game (the game, its seats and its
    last state): its pages from memory and from the disk, and its time."""
    engine = create_engine(database_url(url))
    word = "EXPLAIN QUERY PLAN" if url.startswith("sqlite") else "EXPLAIN"
    reads: tuple[tuple[str, str], ...] = READS
    if analyze:
        if url.startswith("sqlite"):
            return
        word = "EXPLAIN (ANALYZE, BUFFERS)"
        reads = (("the whole row and its last state", _LAST),)
    with engine.connect() as conn:
        for what, query in reads:
            plan = conn.exec_driver_sql(f"{word} {query.format(g=gid)}").all()
            print(f"  {what}: " + " / ".join(str(r[-1]).strip() for r in plan))
    engine.dispose()


def _size(url: str, folder: Path) -> float:
    """The database's size in GB (PostgreSQL's own count; the SQLite file and its WAL)."""
    if url.startswith("sqlite"):
        return sum(f.stat().st_size for f in folder.glob("stored.db*")) / 1e9
    engine = create_engine(database_url(url))
    with engine.connect() as conn:
        size = conn.exec_driver_sql("SELECT pg_database_size(current_database())").scalar()
    engine.dispose()
    return float(size or 0) / 1e9


def stored(n: int, folder: Path, cluster: Cluster | None, args: argparse.Namespace) -> None:
    played = _real_games(4)
    lengths = sorted(len(log) for _, log, _, _ in played)
    print(f"{n:,} finished 4-player games, copies of {len(played)} real ones "
          f"({lengths} actions) under new ids")  # fmt: skip
    urls = []
    if "sqlite" in (args.only or ["sqlite"]):
        urls.append(("SQLite", f"sqlite:///{folder / 'stored.db'}"))
    if cluster is not None and "pg1" in (args.only or ["pg1"]):
        urls.append(("PostgreSQL", cluster.new_database()))
    ids = [f"g{k:08d}" for k in range(n)]  # as _reads makes them
    actions = sum(len(played[k % len(played)][1]) for k in range(n))
    rng = random.Random(1)
    for name, url in urls:
        engine = create_engine(database_url(url))
        with engine.begin() as conn:
            schema.migrate(conn)
        engine.dispose()
        began = time.monotonic()
        (fill_sqlite if name == "SQLite" else fill_postgres)(url, ids, played)
        wrote = time.monotonic() - began
        print(f"{name}: the plans of the reads")
        explain(url, ids[n // 2])
        times, cpu, cold = _reads(url, n, folder, args, rng)
        size = _size(url, folder)
        print(f"{name}: the read of a game not read before, in the database alone")
        explain(url, cold, analyze=True)
        print(
            f"| {name} | {n:,} | {actions:,} | {size:.1f} GB | {size * 1e6 / n:.1f} KB | "
            f"{wrote:.0f} s | {pct(times, 0.5):.1f} | {pct(times, 0.99):.1f} | {cpu:.2f} | "
            f"{_load_average()} |",
            flush=True,
        )
        if name == "SQLite":
            for f in folder.glob("stored.db*"):
                f.unlink()
        elif args.keep:
            database = url.rpartition("/")[2]
            kept = {"database": database, "games": n, "actions": actions, "filled_s": round(wrote)}
            (Path(args.keep) / KEPT).write_text(json.dumps(kept) + "\n")
            print(f"kept in {args.keep}: read again with --stored-reads {args.keep}")


KEPT = "stored.json"  # what a kept cluster holds: its database's name, the games' count


def _reads(
    url: str, n: int, folder: Path, args: argparse.Namespace, rng: random.Random
) -> tuple[list[float], float, str]:
    """``--reads`` random games of the ``n`` stored, each read once through ``GET
    /api/games/ID`` by a server just started (none of them in its memory): the times in ms,
    the server's CPU per read in ms, and a game it did not read (for ``EXPLAIN ANALYZE``)."""
    cpus = args.server_cpus.split("/")
    sample = [f"g{k:08d}" for k in rng.sample(range(n), min(n, args.reads + 1))]
    with servers(url, folder, cpus=cpus) as (server,), httpx.Client(base_url=server.url) as c:
        times = []
        began = _cpu_seconds(server)
        for g in sample[1:]:
            t = time.monotonic()
            assert c.get(f"/api/games/{g}").status_code == 200
            times.append((time.monotonic() - t) * 1000)
        cpu = (_cpu_seconds(server) - began) * 1000 / len(times)
    return times, cpu, sample[0]


def stored_reads(folder: Path, cluster: Cluster, args: argparse.Namespace) -> None:
    """``--stored-reads DIR``: the reads of :func:`_reads` again, on the cluster a ``--stored N
    --keep DIR`` filled (started here, stopped after), a new random sample each run."""
    kept = json.loads((Path(args.stored_reads) / KEPT).read_text())
    url = cluster.url(kept["database"])
    n = kept["games"]
    print(f"{n:,} finished games kept in {args.stored_reads} ({kept['actions']:,} actions); "
          f"{args.reads} random games read, each once, by a server just started")  # fmt: skip
    print("PostgreSQL: the plans of the reads")
    explain(url, f"g{n // 2:08d}")
    times, cpu, cold = _reads(url, n, folder, args, random.Random())
    print("PostgreSQL: the read of a game not read before, in the database alone")
    explain(url, cold, analyze=True)
    size = _size(url, folder)
    print("| database | games | size | reads | GET p50 ms | GET p99 ms | server CPU ms/GET "
          "| load average |\n|---|---|---|---|---|---|---|---|")  # fmt: skip
    print(
        f"| PostgreSQL | {n:,} | {size:.1f} GB | {len(times):,} | {pct(times, 0.5):.1f} | "
        f"{pct(times, 0.99):.1f} | {cpu:.2f} | {_load_average()} |",
        flush=True,
    )


# --- the kill loop ------------------------------------------------------------------------------


class _GatedTable(Table):
    """A client of the kill loop: before each request it waits while the gate is shut (the
    server killed, started again and checked), so that what it was told stands still while it
    is compared with what the server stored."""

    def __init__(self, base: str, seed: int, seats: list[str], gate: threading.Event) -> None:
        super().__init__([base], seed, seats)
        self.gate = gate
        self.parked = threading.Event()  # set here at the gate, cleared by the loop

    def request(self, work: Callable[[httpx.Client], Any]) -> Any:
        while True:
            if not self.gate.is_set():
                self.parked.set()
                self.gate.wait()
            try:
                return work(self.clients[0])
            except httpx.TransportError:
                self.errors += 1
                time.sleep(0.02)


class _Tally:
    """What the checks after the restarts found, and how long the parts of a cycle took."""

    def __init__(self) -> None:
        self.kills = 0
        self.acknowledged = 0
        self.checked = 0  # acknowledged actions found at their number by the last check
        self.lost = 0  # acknowledged actions not in the log at their number, summed over checks
        self.doubled = 0  # a command id stored more than once, summed over checks
        self.unasked = 0  # a person's action stored that no client sent, summed over checks
        self.diverged = 0  # a client's last state that is not the replay's, summed over checks
        self.slow = 0  # restarts that took over a minute (the harness's old limit)
        self.starts: list[float] = []
        self.plays: list[float] = []
        self.checks: list[float] = []
        self.replayed: dict[str, tuple[int, int]] = {}


def _stored_log(db: str) -> dict[str, list[tuple[str, str | None]]]:
    """Every game's log as the database has it, in order: each action and its command id; a gap
    in a log's numbers is kept as an empty action, so that what follows it is out of place."""
    query = "SELECT game, seq, action, command FROM actions ORDER BY game, seq"
    if db.startswith("sqlite"):
        with sqlite3.connect(db.removeprefix("sqlite:///")) as conn:
            rows = conn.execute(query).fetchall()
    else:
        import psycopg

        with psycopg.connect(db) as conn:
            rows = conn.execute(query).fetchall()
    logs: dict[str, list[tuple[str, str | None]]] = {}
    for game, seq, action, command in rows:
        log = logs.setdefault(game, [])
        log.extend([("", None)] * (seq - 1 - len(log)))
        log.append((action, command))
    return logs


def _check_restart(base: str, db: str, players: list[Player], tally: _Tally) -> None:
    """The check after a restart, the clients held at the gate: every action acknowledged so
    far is in the database's log at its number, each command id stored once, none stored that
    no client sent (a command sent when the server died may be there or not); and each game
    whose clients moved since it was last checked is read through the restarted server: its
    log the database's, its record replaying to the state each client last saw. A game no
    client moved in has the log it had when it was last checked, so its replay is unchanged."""
    logs = _stored_log(db)
    tally.acknowledged = sum(len(p.acked) for p in players)
    tally.checked = 0
    games: dict[str, list[Player]] = {}
    for p in players:
        games.setdefault(p.game, []).append(p)
    with httpx.Client(base_url=base, timeout=120) as client:
        for game, clients in games.items():
            log = logs.get(game, [])
            sent: set[str] = set()
            for p in clients:
                for seq, action in p.acked.items():
                    if seq <= len(log) and log[seq - 1][0] == action:
                        tally.checked += 1
                    else:
                        tally.lost += 1
                sent |= p.acked_ids
                if p.pending is not None:
                    sent.add(p.pending[2])
            commands = [c for _, c in log if c is not None]
            tally.doubled += len(commands) - len(set(commands))
            tally.unasked += len(set(commands) - sent)
            mark = (sum(len(p.acked) for p in clients), len(log))
            if tally.replayed.get(game) == mark:
                continue
            tally.replayed[game] = mark
            served = client.get(f"/api/games/{game}/actions").json()["actions"]
            if [a["action"] for a in served][: len(log)] != [a for a, _ in log]:
                tally.diverged += 1
                continue
            record = fr.GameRecord.from_json(client.get(f"/api/games/{game}/record").json())
            for p in clients:
                if p.seen is not None:
                    seq, state = p.seen
                    if fr.state_from_json(state) != record.replay(upto=seq):
                        tally.diverged += 1


def kills(args: argparse.Namespace, name: str, folder: Path, cluster: Cluster | None) -> None:
    """``--kills N``: one server process on ``name``'s database, clients playing through it
    (:data:`KILL_TABLES` of them, the crash tests' seat mixes), killed with SIGKILL at a
    random moment within ``--kill-window`` seconds of the first action acknowledged after it
    was (re)started; then the clients are held, the server started again (waited for as long
    as it takes; a start over a minute is counted as slow) and checked (:func:`_check_restart`)
    before the clients go on. A line after each check, so that a stopped run has counted what
    it did; at the end the clients settle their last commands and every game is checked
    whole (tests/server_harness.py's ``check_games``)."""
    if name == "sqlite":
        db = f"sqlite:///{folder / 'kills.db'}"
    else:
        assert name == "pg1" and cluster is not None, "--kills runs on sqlite or pg1"
        db = cluster.new_database()
    rng = random.Random(args.kills)
    gate = threading.Event()
    # Not pinned: what is measured is what a restart loses, not what a core carries; a restart
    # on a core of its own while the machine is busy takes seconds more.
    server = Server(db, folder / "kills.log", cpus=f"0-{(os.cpu_count() or 1) - 1}")
    tally = _Tally()
    began = time.monotonic()
    server.start(timeout=3600)
    tally.starts.append(time.monotonic() - began)
    mixes = [["person", "person"], ["person", "greedy"], ["person", "person", "random"]]
    tables = [_GatedTable(server.url, k, mixes[k % len(mixes)], gate) for k in range(KILL_TABLES)]
    print(f"{name}: {args.kills} kills, {KILL_TABLES} clients; first start "
          f"{tally.starts[0]:.2f} s; load average {_load_average()}", flush=True)  # fmt: skip
    gate.set()
    for t in tables:
        t.start()
    try:
        for k in range(1, args.kills + 1):
            opened = time.monotonic()
            before = sum(len(p.acked) for t in tables for p in t.players)
            while sum(len(p.acked) for t in tables for p in t.players) == before:
                _no_failure(tables)
                time.sleep(0.005)
            time.sleep(rng.uniform(0, args.kill_window))
            server.kill()
            gate.clear()
            tally.kills = k
            tally.plays.append(time.monotonic() - opened)
            while not all(t.parked.is_set() for t in tables):
                _no_failure(tables)
                time.sleep(0.005)
            started = time.monotonic()
            server.start(timeout=3600)
            tally.starts.append(time.monotonic() - started)
            tally.slow += tally.starts[-1] > 60
            checking = time.monotonic()
            _check_restart(server.url, db, [p for t in tables for p in t.players], tally)
            tally.checks.append(time.monotonic() - checking)
            _running_line(name, tally, time.monotonic() - began)
            for t in tables:
                t.parked.clear()
            gate.set()
        for t in tables:
            t.stop.set()
        for t in tables:
            t.join(600)
        _no_failure(tables)
        players = [p for t in tables for p in t.players]
        checked = check_games(server.url, players, _commands(db))
        print(f"{name}: after the last kill the clients settled their commands; every game "
              f"checked whole: {len(players)} games, {checked} actions, all as acknowledged",
              flush=True)  # fmt: skip
    finally:
        for t in tables:
            t.stop.set()
        gate.set()
        server.stop()


KILL_TABLES = 3


def _no_failure(tables: list[_GatedTable]) -> None:
    for t in tables:
        if t.failure is not None:
            raise RuntimeError(f"a client failed: {t.failure!r}")


def _commands(db: str) -> dict[str, list[str]]:
    return sqlite_commands(db) if db.startswith("sqlite") else pg_commands(db)


def _running_line(name: str, tally: _Tally, took: float) -> None:
    starts = tally.starts[1:]
    print(
        f"{name} kill {tally.kills} at {took:.0f} s: acknowledged {tally.acknowledged}, "
        f"checked {tally.checked}, lost {tally.lost}, doubled {tally.doubled}, unasked "
        f"{tally.unasked}, diverged {tally.diverged}; restart {starts[-1]:.2f} s (p50 "
        f"{statistics.median(starts):.2f}, max {max(starts):.2f}, over 60 s {tally.slow}), "
        f"play p50 {statistics.median(tally.plays):.2f} s, check p50 "
        f"{statistics.median(tally.checks):.2f} s; games {len(tally.replayed)}; "
        f"load average {_load_average()}",
        flush=True,
    )


def direct(n: int, url: str) -> tuple[float, float]:
    """The median GET with a token and POST of ``n`` actions, in ms, without HTTP."""
    from fearsome_rules.tools.server.games import Games
    from fearsome_rules.tools.server.storage import Store

    games = Games(Store(url))
    text_of = getattr(games, "view_text", None)  # None: a server from before it
    rng = random.Random(1)
    view_ms: list[float] = []
    post_ms: list[float] = []
    while len(post_ms) < n:
        game = games.create(4)
        gid = game["game"]
        tokens = {s["seat"]: s["token"] for s in game["seats"]}
        while len(post_ms) < n:
            seen = games.view(gid)
            if seen["outcome"] is not None:
                break
            mover = seen["to_move"]
            if mover is None:  # the server's tile, played here as a process would
                games.serve_turns(gid)
                continue
            began = time.perf_counter()
            if text_of is not None:  # what the route calls: the answer's JSON text
                answer = text_of(gid, tokens[mover])
                view_ms.append((time.perf_counter() - began) * 1000)
                seen = json.loads(answer)
            else:
                seen = games.view(gid, tokens[mover])
                view_ms.append((time.perf_counter() - began) * 1000)
            began = time.perf_counter()
            games.post(gid, tokens[mover], seen["seq"], rng.choice(seen["legal_actions"]),
                       uuid.uuid4().hex)  # fmt: skip
            post_ms.append((time.perf_counter() - began) * 1000)
    games.store.close()
    return statistics.median(view_ms), statistics.median(post_ms)


def calls(n: int, folder: Path, args: argparse.Namespace, cluster: Cluster | None) -> None:
    """The server's CPU time per GET with a token and per POST, one request at a time (on
    PostgreSQL with ``--only pg1``)."""
    rng = random.Random(1)
    db = f"sqlite:///{folder / 'calls.db'}"
    if args.only == ["pg1"] and cluster is not None:
        db = cluster.new_database()
    cpus = args.server_cpus.split("/")
    got: dict[str, list[float]] = {"GET": [0.0, 0], "POST": [0.0, 0]}
    with servers(db, folder, cpus=cpus) as (server,), httpx.Client(base_url=server.url) as c:
        for _ in range(n):
            game = c.post("/api/games", json={"players": 4}).json()
            gid, tokens = game["game"], {s["seat"]: s["token"] for s in game["seats"]}
            while (view := c.get(f"/api/games/{gid}").json())["outcome"] is None:
                if view["to_move"] is None:  # the server's tile
                    time.sleep(0.005)
                    continue
                auth = _auth(tokens[view["to_move"]])
                began = _cpu_seconds(server)
                for _ in range(5):
                    view = c.get(f"/api/games/{gid}", headers=auth).json()
                got["GET"][0] += _cpu_seconds(server) - began
                got["GET"][1] += 5
                body = {"seq": view["seq"], "action": rng.choice(view["legal_actions"]),
                        "id": uuid.uuid4().hex}  # fmt: skip
                began = _cpu_seconds(server)
                assert c.post(f"/api/games/{gid}/actions", json=body, headers=auth).is_success
                got["POST"][0] += _cpu_seconds(server) - began
                got["POST"][1] += 1
    shown = [f"{what}: {spent * 1000 / count:.2f} ms ({count:.0f} calls);"
             for what, (spent, count) in got.items()]  # fmt: skip
    print(" ".join(shown), f"load average {_load_average()}")


COLUMNS = (
    "client CPU ms/action",
    "server CPU ms/action",
    "committed/s",
    "POST p50",
    "POST p99",
    "push p50",
    "push p99",
    "errors",
    "setup s",
)


def load_row(db: str, processes: int, args: argparse.Namespace, folder: Path) -> dict[str, float]:
    cpus = args.server_cpus.split("/")
    with servers(db, folder, processes, cpus=cpus) as started:
        load = Load(
            [s.url for s in started],
            args.games,
            args.rate,
            args.seconds,
            lambda: sum(_cpu_seconds(s) for s in started),
            args.http,
        )
        with asyncio.Runner(loop_factory=_loop_factory(args.client_loop)) as runner:
            runner.run(load.run())
    numbers = (
        load.client_spent * 1000 / max(load.committed, 1),
        load.spent * 1000 / max(load.committed, 1),
        load.committed / load.window,
        pct(load.post_ms, 0.5),
        pct(load.post_ms, 0.99),
        pct(load.push_ms, 0.5),
        pct(load.push_ms, 0.99),
        load.errors,
        load.setup,
    )
    return dict(zip(COLUMNS, numbers, strict=True))


def _cells(name: str, args: argparse.Namespace, row: dict[str, float], load: str) -> str:
    shown = " | ".join(
        f"{row[c]:.0f}" if c in ("committed/s", "errors") else f"{row[c]:.1f}" for c in COLUMNS
    )
    return f"| {name} | {args.games} | {args.games * args.rate:.0f} | {shown} | {load} |"


def _over_socket(url: str, cluster: Cluster, args: argparse.Namespace) -> str:
    """With ``--pg-socket``, the database's URL through the cluster's Unix socket (as a server
    beside its database connects by default) instead of TCP on 127.0.0.1."""
    if not args.pg_socket:
        return url
    name = url.rpartition("/")[2]
    return f"postgresql://postgres@/{name}?host={cluster.folder}&port={cluster.port}"


def _loop_factory(name: str) -> Callable[[], asyncio.AbstractEventLoop] | None:
    """The clients' event loop: uvloop's (libuv, in C) or asyncio's own."""
    if name == "asyncio":
        return None
    import uvloop

    return uvloop.new_event_loop


def _cpu_seconds(server: Server) -> float:
    """The CPU time the server process has used (user and system), from /proc: what an action
    costs the server whatever else runs on the machine (PostgreSQL's own share not counted)."""
    assert server.process is not None
    fields = Path(f"/proc/{server.process.pid}/stat").read_text().rpartition(")")[2].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _load_average() -> str:
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


SETUPS = {
    "sqlite": ("1 process, SQLite", 1),
    "pg1": ("1 process, PostgreSQL", 1),
    "pg2": ("2 processes, PostgreSQL", 2),
}


def load_table(args: argparse.Namespace, folder: Path, cluster: Cluster | None) -> None:
    print(f"server CPUs {args.server_cpus}, clients' CPUs {args.client_cpus}, "
          f"PostgreSQL's CPUs {args.db_cpus or 'all'}; {args.games} games, each a client "
          f"of its own (a WebSocket and an HTTP connection); the window starts once all the games "
          f"are created and their feeds open (setup s)")  # fmt: skip
    header = (
        "| set-up | games | offered actions/s | client CPU ms/action | server CPU ms/action "
        "| committed actions/s "
        "| POST p50 ms | POST p99 ms | push p50 ms | push p99 ms | errors | setup s "
        "| load average |"
    )
    rule = "|---" * 13 + "|"
    print(header + "\n" + rule)
    wanted = [w for w in args.only or list(SETUPS) if w == "sqlite" or cluster is not None]
    rows: dict[str, list[dict[str, float]]] = {w: [] for w in wanted}
    for run in range(args.runs):
        for w in wanted:
            if w == "sqlite":
                db = f"sqlite:///{folder / f'load{run}.db'}"
            else:
                assert cluster is not None
                db = _over_socket(cluster.new_database(), cluster, args)
            row = load_row(db, SETUPS[w][1], args, folder)
            rows[w].append(row)
            print(_cells(SETUPS[w][0], args, row, _load_average()), flush=True)
    if args.runs > 1:
        print(f"\nmedians of {args.runs} runs\n{header}\n{rule}")
        for w in wanted:
            median = {c: statistics.median(r[c] for r in rows[w]) for c in COLUMNS}
            print(_cells(SETUPS[w][0], args, median, "see above"))


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--rate", type=float, default=0.5, help="actions a second per game")
    p.add_argument("--seconds", type=float, default=30)
    p.add_argument("--runs", type=int, default=1, help="runs of each set-up, interleaved")
    p.add_argument("--stored", type=int, default=0, metavar="N")
    p.add_argument("--keep", metavar="DIR", help="--stored: fill a cluster in DIR, kept")
    p.add_argument("--stored-reads", metavar="DIR", help="read a kept cluster's games again")
    p.add_argument("--reads", type=int, default=2000, metavar="N", help="games read, each once")
    p.add_argument("--kills", type=int, default=0, metavar="N")
    p.add_argument(
        "--kill-window",
        type=float,
        default=1.0,
        metavar="S",
        help="a kill falls within S seconds of the first action after a start",
    )
    p.add_argument("--direct", type=int, default=0, metavar="N")
    p.add_argument("--calls", type=int, default=0, metavar="N")
    p.add_argument("--only", choices=["sqlite", "pg1", "pg2"], action="append")
    p.add_argument("--http", choices=sorted(CLIENTS), default="aiohttp", help="the clients' HTTP")
    p.add_argument("--client-loop", choices=["uvloop", "asyncio"], default="uvloop")
    p.add_argument(
        "--pg-socket", action="store_true", help="servers reach PostgreSQL by its socket"
    )
    p.add_argument("--server-cpus", default="0", help="taskset CPUs of each server, /-separated")
    p.add_argument("--client-cpus", default="1", help="taskset CPUs of the clients")
    p.add_argument("--db-cpus", default="", help="taskset CPUs of PostgreSQL (default: all)")
    args = p.parse_args()
    # SIGTERM ends a run through its cleanup (the servers stopped, a throwaway cluster and the
    # folder deleted): a run in the background ignores SIGINT.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    folder = Path(tempfile.mkdtemp(prefix="server-load-"))
    found = postgres_bin()
    everywhere = f"0-{(os.cpu_count() or 1) - 1}"
    kept = _kept_folder(args, p)
    cluster = Cluster(found, kept).start(args.db_cpus or everywhere) if found else None
    os.sched_setaffinity(0, _cpu_set(args.client_cpus))
    try:
        if args.kills:
            for name in args.only or ["sqlite"]:
                kills(args, name, folder, cluster)
            return
        if args.calls:
            calls(args.calls, folder, args, cluster)
            return
        if args.direct:
            urls = [("SQLite", f"sqlite:///{folder / 'direct.db'}")]
            if cluster is not None:
                urls.append(("PostgreSQL", cluster.new_database()))
            for name, url in urls:
                direct(50, url)  # warm: imports, the pools, the engine's caches
                view, post = direct(args.direct, url)
                print(f"{name}: GET with a token {view:.2f} ms, POST {post:.2f} ms (medians of "
                      f"{args.direct}); load average {_load_average()}")  # fmt: skip
            return
        if args.stored_reads:
            assert cluster is not None, "--stored-reads needs PostgreSQL"
            stored_reads(folder, cluster, args)
            return
        if args.stored:
            print("| database | games | actions | size | a game | filled in | GET p50 ms "
                  "| GET p99 ms | server CPU ms/GET | load average |")  # fmt: skip
            print("|---" * 10 + "|")
            stored(args.stored, folder, cluster, args)
            return
        load_table(args, folder, cluster)
    finally:
        if cluster is not None:
            cluster.stop()
        shutil.rmtree(folder, ignore_errors=True)


def _kept_folder(args: argparse.Namespace, parser: argparse.ArgumentParser) -> Path | None:
    """The folder of a kept cluster: a new one to fill (``--keep``), or one filled before
    (``--stored-reads``)."""
    if args.keep:
        if not args.stored or args.only != ["pg1"]:
            parser.error("--keep DIR goes with --stored N --only pg1")
        if Path(args.keep, "data").exists():
            parser.error(f"--keep {args.keep}: a cluster is there already")
        return Path(args.keep)
    if args.stored_reads:
        if not Path(args.stored_reads, KEPT).is_file():
            parser.error(f"--stored-reads {args.stored_reads}: no kept cluster there")
        return Path(args.stored_reads)
    return None


def _cpu_set(text: str) -> set[int]:
    """taskset's list form (``1``, ``0,1``, ``0-1``) as a set of CPU numbers."""
    found: set[int] = set()
    for part in text.split(","):
        low, _, high = part.partition("-")
        found.update(range(int(low), int(high or low) + 1))
    return found


if __name__ == "__main__":
    main()
