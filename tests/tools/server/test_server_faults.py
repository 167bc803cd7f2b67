"""Crashes lose nothing: server processes killed with SIGKILL at random moments while clients
play, on an SQLite file and on PostgreSQL with two processes. After each restart every action a
client was told was stored is there, once, at its number; no person's action is stored that no
client was told of; and every game replays to the state its clients last saw.

The kills of this file: 1 + 2 (whole games) + CRASH_KILLS (SQLite) + PG_CRASH_KILLS (PostgreSQL,
two processes): 53 in all (docs/server.md; benchmarks/server_load.py --kills runs 1,000)."""

from __future__ import annotations

import random
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="needs the server extra")

import httpx
from server_harness import Player, Server, create, servers

import fearsome_rules as fr

CRASH_KILLS = 40
PG_CRASH_KILLS = 10


class Table(threading.Thread):
    """One client playing games one after the other through the servers it is given, moving
    to the next server whenever one does not answer, until told to stop; then it settles its
    last command."""

    def __init__(self, bases: list[str], seed: int, seats: list[str]) -> None:
        super().__init__(daemon=True)
        self.bases = bases
        self.rng = random.Random(seed)
        self.seats = seats
        self.players: list[Player] = []
        self.stop = threading.Event()
        self.failure: BaseException | None = None
        self.errors = 0
        # One client a server, kept: a new client builds an SSL context, which costs more
        # than a request.
        self.clients = [httpx.Client(base_url=b, timeout=30) for b in bases]

    def request(self, work: Callable[[httpx.Client], Any]) -> Any:
        """``work`` done through a server that answers, retried on any transport error."""
        while True:
            try:
                return work(self.clients[0])
            except httpx.TransportError:
                self.errors += 1
                self.clients.append(self.clients.pop(0))
                time.sleep(0.02)

    def run(self) -> None:
        try:
            while not self.stop.is_set():
                game = self.request(
                    lambda c: c.post(
                        "/api/games", json={"players": len(self.seats), "seats": self.seats}
                    ).json()
                )
                player = Player(game, self.rng.randrange(2**32))
                self.players.append(player)
                while not player.over and not self.stop.is_set():
                    self.request(player.step)
                while player.pending is not None:  # settle the last command
                    self.request(player.step)
        except BaseException as e:
            self.failure = e


def check_games(base: str, players: list[Player], commands: dict[str, list[str]]) -> int:
    """Every acknowledged action in the log once at its number, no person's action that was
    not acknowledged, the state each client last saw the replay's; the actions checked."""
    checked = 0
    games: dict[str, list[Player]] = {}
    for p in players:  # one game's seats may be played by several clients
        games.setdefault(p.game, []).append(p)
    for game, clients in games.items():
        log = httpx.get(f"{base}/api/games/{game}/actions", timeout=30).json()["actions"]
        assert [a["seq"] for a in log] == list(range(1, len(log) + 1))
        acked_ids: set[str] = set()
        for p in clients:
            for seq, action in p.acked.items():
                assert log[seq - 1]["action"] == action, (game, seq)
            acked_ids |= p.acked_ids
        stored = commands.get(game, [])
        assert len(stored) == len(set(stored)) and set(stored) == acked_ids, game
        record = fr.GameRecord.from_json(httpx.get(f"{base}/api/games/{game}/record").json())
        assert list(record.actions) == [a["action"] for a in log]
        for p in clients:
            if p.seen is not None:
                seq, state = p.seen
                assert fr.state_from_json(state) == record.replay(upto=seq), (game, seq)
        checked += len(log)
    return checked


def sqlite_commands(db: str) -> dict[str, list[str]]:
    with sqlite3.connect(db.removeprefix("sqlite:///")) as conn:
        rows = conn.execute("SELECT game, command FROM actions WHERE command IS NOT NULL")
        found: dict[str, list[str]] = {}
        for game, command in rows:
            found.setdefault(game, []).append(command)
    return found


def pg_commands(url: str) -> dict[str, list[str]]:
    import psycopg

    found: dict[str, list[str]] = {}
    with psycopg.connect(url) as conn:
        for game, command in conn.execute(
            "SELECT game, command FROM actions WHERE command IS NOT NULL"
        ):
            found.setdefault(game, []).append(command)
    return found


def kill_loop(targets: list[Server], kills: int, seed: int) -> None:
    """``kills`` SIGKILLs at random moments, each server started again at once."""
    rng = random.Random(seed)
    for k in range(kills):
        time.sleep(rng.uniform(0.05, 0.5))
        target = targets[k % len(targets)]
        target.kill()
        target.start()


def play_through_kills(
    db: str, folder: Path, processes: int, kills: int, tables: int
) -> tuple[list[Table], list[Server]]:
    with servers(db, folder, processes) as started:
        bases = [s.url for s in started]
        seats = [["person", "person"], ["person", "greedy"], ["person", "person", "random"]]
        running = [
            Table(bases[k % len(bases) :] + bases[: k % len(bases)], k, seats[k % len(seats)])
            for k in range(tables)
        ]
        for t in running:
            t.start()
        kill_loop(started, kills, seed=kills)
        for t in running:
            t.stop.set()
        for t in running:
            t.join(120)
            assert not t.is_alive() and t.failure is None, t.failure
        return running, started


def test_a_whole_game_survives_a_kill_in_the_middle(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'games.db'}"
    with servers(db, tmp_path) as (server,):
        game = create(server.url, players=2)
        player = Player(game, 1)
        client = httpx.Client(base_url=server.url, timeout=30)
        while len(player.acked) < 20:
            player.step(client)
        server.kill()
        with pytest.raises(httpx.TransportError):
            player.step(client)
        server.start()
        while not player.over or player.pending:
            player.step(client)
        assert server.kills == 1
        checked = check_games(server.url, [player], sqlite_commands(db))
        assert checked > 40 and player.seen is not None
        assert fr.state_from_json(player.seen[1]).phase is fr.Phase.OVER


def test_two_processes_on_postgresql_play_a_whole_game_with_kills(
    tmp_path: Path, pg_url: str
) -> None:
    with servers(pg_url, tmp_path, 2) as (one, two):
        game = create(one.url, players=2)
        a, b = ({**game, "seats": [s]} for s in game["seats"])
        # Each seat's client talks to its own process: every action crosses between them.
        pa, pb = Player(a, 1), Player(b, 2)
        c1 = httpx.Client(base_url=one.url, timeout=30)
        c2 = httpx.Client(base_url=two.url, timeout=30)
        # At these many acknowledged actions a process is killed (the other one serves both
        # clients), then started again (each client back to its own).
        plan = {8: ("kill", one), 16: ("start", one), 24: ("kill", two), 32: ("start", two)}
        ca, cb = c1, c2
        while not (pa.over and pb.over) or pa.pending or pb.pending:
            what, server = plan.pop(len(pa.acked) + len(pb.acked), ("", one))
            if what == "kill":
                server.kill()
                ca, cb = (c2, c2) if server is one else (c1, c1)
            elif what == "start":
                server.start()
                ca, cb = c1, c2
            pa.step(ca)
            pb.step(cb)
        assert one.kills + two.kills == 2
        checked = check_games(two.url, [pa, pb], pg_commands(pg_url))
        assert checked > 40


def test_kills_at_random_moments_lose_nothing_on_sqlite(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'games.db'}"
    tables, (server,) = play_through_kills(db, tmp_path, 1, CRASH_KILLS, 3)
    assert server.kills == CRASH_KILLS
    with servers(db, tmp_path) as (again,):
        players = [p for t in tables for p in t.players]
        checked = check_games(again.url, players, sqlite_commands(db))
    assert sum(len(p.acked) for p in players) > CRASH_KILLS
    assert checked > 0 and sum(t.errors for t in tables) > 0


def test_kills_at_random_moments_lose_nothing_with_two_processes_on_postgresql(
    tmp_path: Path, pg_url: str
) -> None:
    tables, started = play_through_kills(pg_url, tmp_path, 2, PG_CRASH_KILLS, 4)
    assert sum(s.kills for s in started) == PG_CRASH_KILLS
    with servers(pg_url, tmp_path) as (again,):
        players = [p for t in tables for p in t.players]
        checked = check_games(again.url, players, pg_commands(pg_url))
    assert checked > 0
