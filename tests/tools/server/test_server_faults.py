"""Crashes lose nothing: server processes killed with SIGKILL at random moments while clients
play, on an SQLite file and on PostgreSQL with two processes. After each restart every action a
client was told was stored is there, once, at its number; no person's action is stored that no
client was told of; and every game replays to the state its clients last saw.

The kills of this file: 1 + 2 (whole games) + CRASH_KILLS (SQLite) + PG_CRASH_KILLS (PostgreSQL,
two processes): 53 in all on the compiled build (docs/server.md; benchmarks/server_load.py
--kills runs 1,000). The pure build's run (CI's second) kills a quarter as often, 17 in all: a
kill tests the storage's order of commit and answer, which is the same code on both builds, and
the pure run's part is that the server plays on the pure kernel at all."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="needs the server extra")

import httpx
from server_harness import (
    Player,
    check_games,
    create,
    pg_commands,
    play_through_kills,
    servers,
    sqlite_commands,
)

import fearsome_rules as fr

PURE = os.environ.get("FEARSOME_RULES_PURE") == "1"
CRASH_KILLS = 10 if PURE else 40
PG_CRASH_KILLS = 4 if PURE else 10


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
