"""Load on the game server (``fearsome-rules serve``): real uvicorn processes, real clients over
WebSocket and HTTP, run by hand. Nothing here is a test; docs/server.md has the last figures.

    python3 benchmarks/server_load.py --games 200 --rate 0.5 --seconds 30   # the 3 set-ups
    python3 benchmarks/server_load.py --stored 5000                          # reads among many
    python3 benchmarks/server_load.py --kills 1000                           # the kill loop

Load: ``--games`` 4-player games at once, all four seats people, each game's client acting at
``--rate`` actions a second (a steady rate, phases spread at random); a finished game is
replaced by a new one. Each client follows its game on the WebSocket feed and acts over HTTP
(a GET with the seat's token for the legal actions, then the POST). Reported for one process
on SQLite, one on PostgreSQL and two on PostgreSQL (the clients spread over both): the
actions committed a second, the POST's latency (p50, p99: sent to answered, the commit
included) and the push's (POST sent to the action arriving on the client's WebSocket, from
the other process where there are two). The clients run on the same machine as the servers
and the database.

``--stored N``: N finished games written straight into a fresh database (copies of one real
game, its events included), then one server's latency for ``GET /api/games/ID`` of random ids.
``--kills N``: the crash tests' loop (tests/server_harness.py) with N kills on SQLite, and the
same checks: every acknowledged action there once, none unacknowledged, every game replaying to
what its client last saw.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import httpx
import websockets
from server_harness import (
    Cluster,
    check_games,
    play_through_kills,
    postgres_bin,
    servers,
    sqlite_commands,
)
from sqlalchemy import create_engine, insert

import fearsome_rules as fr
from fearsome_rules.formats.event_json import event_to_json
from fearsome_rules.tools.bots import greedy_bot
from fearsome_rules.tools.server import chance, schema
from fearsome_rules.tools.server.storage import database_url


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


class Load:
    def __init__(self, bases: list[str], games: int, rate: float, seconds: float) -> None:
        self.bases = bases
        self.games = games
        self.rate = rate
        self.seconds = seconds
        self.post_ms: list[float] = []
        self.push_ms: list[float] = []
        self.committed = 0
        self.conflicts = 0
        self.errors = 0

    async def run(self) -> None:
        limits = httpx.Limits(max_connections=200, max_keepalive_connections=200)
        clients = [httpx.AsyncClient(base_url=b, timeout=60, limits=limits) for b in self.bases]
        self.deadline = time.monotonic() + self.seconds
        await asyncio.gather(*(self.table(k, clients) for k in range(self.games)))
        for c in clients:
            await c.aclose()

    async def table(self, k: int, clients: list[httpx.AsyncClient]) -> None:
        rng = random.Random(k)
        http = clients[k % len(clients)]
        live_base = self.bases[(k + 1) % len(self.bases)]  # the other process, if two
        await asyncio.sleep(rng.uniform(0, 1 / self.rate))
        while time.monotonic() < self.deadline:
            created = (await _again(http, "POST", "/api/games", json={"players": 4})).json()
            await self.play(created, http, live_base, rng)

    async def play(
        self, game: dict[str, Any], http: httpx.AsyncClient, live_base: str, rng: random.Random
    ) -> None:
        gid = game["game"]
        tokens = {s["seat"]: s["token"] for s in game["seats"]}
        sent: dict[int, float] = {}
        ws_url = live_base.replace("http", "ws", 1) + f"/api/games/{gid}/live"

        async def listen() -> None:
            async with websockets.connect(ws_url, max_size=2**24) as ws:
                async for message in ws:
                    seq = json.loads(message)["seq"]
                    if seq in sent:
                        self.push_ms.append((time.monotonic() - sent.pop(seq)) * 1000)

        listener = asyncio.ensure_future(listen())
        guess = "A"
        try:
            next_at = time.monotonic()
            while time.monotonic() < self.deadline:
                view = (
                    await _again(http, "GET", f"/api/games/{gid}", headers=_auth(tokens[guess]))
                ).json()
                if view["outcome"] is not None:
                    return
                mover = view["to_move"]
                if mover is None:  # the server's tile
                    await asyncio.sleep(0.01)
                    continue
                if mover != guess:
                    guess = mover
                    continue
                next_at += 1 / self.rate
                await asyncio.sleep(max(0.0, next_at - time.monotonic()))
                body = {
                    "seq": view["seq"],
                    "action": rng.choice(view["legal_actions"]),
                    "id": uuid.uuid4().hex,
                }
                start = time.monotonic()
                sent[view["seq"] + 1] = start
                answer = await _again(
                    http,
                    "POST",
                    f"/api/games/{gid}/actions",
                    json=body,
                    headers=_auth(tokens[mover]),
                )
                self.post_ms.append((time.monotonic() - start) * 1000)
                if answer.status_code == 200:
                    self.committed += 1
                elif answer.status_code == 409:
                    self.conflicts += 1
                else:
                    self.errors += 1
        finally:
            listener.cancel()


async def _again(http: httpx.AsyncClient, method: str, url: str, **kw: Any) -> httpx.Response:
    """A request sent until it is answered: a GET, or a POST with its command id, is safe to
    send twice."""
    for _ in range(20):
        try:
            return await http.request(method, url, **kw)
        except httpx.TransportError:
            await asyncio.sleep(0.05)
    raise RuntimeError("the server does not answer")


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def load_row(name: str, db: str, processes: int, args: argparse.Namespace, folder: Path) -> str:
    with servers(db, folder, processes) as started:
        load = Load([s.url for s in started], args.games, args.rate, args.seconds)
        began = time.monotonic()
        asyncio.run(load.run())
        took = time.monotonic() - began
    return (
        f"| {name} | {args.games} | {args.games * args.rate:.0f} | "
        f"{load.committed / took:.0f} | {pct(load.post_ms, 0.5):.1f} | "
        f"{pct(load.post_ms, 0.99):.1f} | {pct(load.push_ms, 0.5):.1f} | "
        f"{pct(load.push_ms, 0.99):.1f} | {load.errors} |"
    )


def stored(n: int, folder: Path, cluster: Cluster | None) -> None:
    rng = random.Random(1)
    state = fr.new_game(4)
    seed = chance.new_seed()
    log: list[tuple[str, str]] = []
    while state.phase is not fr.Phase.OVER:
        action: fr.Action = (
            chance.draw_tile(state, seed, len(log) + 1)
            if state.phase is fr.Phase.MONSTER
            else greedy_bot(state, rng)
        )
        state, events = fr.apply_traced(state, action)
        log.append((str(action), json.dumps([event_to_json(e) for e in events])))
    urls = [("sqlite", f"sqlite:///{folder / 'stored.db'}")]
    if cluster is not None:
        urls.append(("postgresql", cluster.new_database()))
    print(f"{n:,} finished 4-player games of {len(log)} actions each")
    for name, url in urls:
        engine = create_engine(database_url(url))
        with engine.begin() as conn:
            schema.migrate(conn)
        began = time.monotonic()
        ids = [f"g{k:08d}" for k in range(n)]
        for chunk in range(0, n, 500):
            with engine.begin() as conn:
                part = ids[chunk : chunk + 500]
                conn.execute(
                    insert(schema.games),
                    [
                        dict(id=g, created=0.0, players=4, start_player=0, setup="basic",
                             options="{}", seed=seed, seed_hash=chance.seed_hash(seed),
                             seq=len(log), turn="over", updated=0.0, outcome="{}", finished=0.0)
                        for g in part
                    ],
                )  # fmt: skip
                conn.execute(
                    insert(schema.seats),
                    [{"game": g, "seat": s, "kind": "person", "token_hash": None}
                     for g in part for s in range(4)],
                )  # fmt: skip
                conn.execute(
                    insert(schema.actions),
                    [{"game": g, "seq": k, "action": a, "events": e, "command": None,
                      "seat": None, "created": 0.0}
                     for g in part for k, (a, e) in enumerate(log, 1)],
                )  # fmt: skip
        engine.dispose()
        wrote = time.monotonic() - began
        with servers(url, folder) as (server,), httpx.Client(base_url=server.url) as c:
            times = []
            for _ in range(500):
                g = rng.choice(ids)
                t = time.monotonic()
                assert c.get(f"/api/games/{g}").status_code == 200
                times.append((time.monotonic() - t) * 1000)
        print(
            f"| {name} | {n:,} | {n * len(log):,} | {wrote:.0f} s | "
            f"{pct(times, 0.5):.1f} | {pct(times, 0.99):.1f} |"
        )


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--rate", type=float, default=0.5, help="actions a second per game")
    p.add_argument("--seconds", type=float, default=30)
    p.add_argument("--stored", type=int, default=0, metavar="N")
    p.add_argument("--kills", type=int, default=0, metavar="N")
    p.add_argument("--only", choices=["sqlite", "pg1", "pg2"], action="append")
    args = p.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="server-load-"))
    found = postgres_bin()
    cluster = Cluster(found).start() if found else None
    try:
        if args.kills:
            db = f"sqlite:///{folder / 'kills.db'}"
            began = time.monotonic()
            tables, (server,) = play_through_kills(db, folder, 1, args.kills, 3)
            with servers(db, folder) as (again,):
                players = [pl for t in tables for pl in t.players]
                checked = check_games(again.url, players, sqlite_commands(db))
            acked = sum(len(pl.acked) for pl in players)
            print(
                f"{server.kills} kills in {time.monotonic() - began:.0f} s: {len(players)} games, "
                f"{acked} acknowledged actions, {checked} actions checked, nothing lost"
            )
            return
        if args.stored:
            print("| database | games | actions | written in | GET p50 ms | GET p99 ms |")
            print("|---|---|---|---|---|---|")
            stored(args.stored, folder, cluster)
            return
        print("| set-up | games | offered actions/s | committed actions/s | POST p50 ms | "
              "POST p99 ms | push p50 ms | push p99 ms | errors |")  # fmt: skip
        print("|---|---|---|---|---|---|---|---|---|")
        wanted = args.only or ["sqlite", "pg1", "pg2"]
        if "sqlite" in wanted:
            print(
                load_row("1 process, SQLite", f"sqlite:///{folder / 'load.db'}", 1, args, folder),
                flush=True,
            )
        if cluster is not None and "pg1" in wanted:
            print(
                load_row("1 process, PostgreSQL", cluster.new_database(), 1, args, folder),
                flush=True,
            )
        if cluster is not None and "pg2" in wanted:
            print(
                load_row("2 processes, PostgreSQL", cluster.new_database(), 2, args, folder),
                flush=True,
            )
    finally:
        if cluster is not None:
            cluster.stop()


if __name__ == "__main__":
    main()
