"""The server's parts that need no HTTP: a database written by the schema's first version, and
one by its third (the actions with their events), opened and migrated by today's server
(SQLite and PostgreSQL), the tiles drawn from a seed as
docs/server.md describes them, tokens, and the JSON of events."""

from __future__ import annotations

import hashlib
import hmac
import json
import random
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="needs the server extra")

import httpx
from server_harness import bearer, servers
from sqlalchemy import create_engine, text

import fearsome_rules as fr
from fearsome_rules.formats.event_json import event_from_json, event_to_json, outcome_to_json
from fearsome_rules.formats.state_json import state_to_json
from fearsome_rules.tools.bots import draw_tile as bot_draw
from fearsome_rules.tools.bots import greedy_bot
from fearsome_rules.tools.server import chance, schema
from fearsome_rules.tools.server.games import Games
from fearsome_rules.tools.server.seats import seat_kind, seat_of, token_hash
from fearsome_rules.tools.server.storage import Store, database_url

TOKEN = "a-token-of-the-first-version"


def finished_game(seed: int) -> tuple[list[str], fr.GameState]:
    rng = random.Random(seed)
    state = fr.new_game(2)
    played = []
    while state.phase is not fr.Phase.OVER:
        action = bot_draw(state, rng) if state.phase is fr.Phase.MONSTER else greedy_bot(state, rng)
        state = fr.apply(state, action)
        played.append(str(action))
    return played, state


def write_old_version(url: str, version: int = 1) -> list[str]:
    """A database as the schema's first (or third) version wrote it: a finished game, and one
    at seat A's turn whose token is :data:`TOKEN`; the third stored the outcome of a finished
    game, and every action's events (the first's server stored them too; '[]' will do)."""
    engine = create_engine(database_url(url))
    played, end = finished_game(5)
    replayed = [fr.new_game(2)]
    for action in played:
        replayed.append(fr.apply(replayed[-1], fr.parse_action(action)))
    with engine.begin() as conn:
        assert schema.migrate(conn, upto=version) == 0
        for game, turn, log in (("finished", "over", played), ("going", "person", [])):
            outcome = json.dumps(outcome_to_json(end)) if log and version >= 2 else None
            conn.execute(
                text(
                    "INSERT INTO games (id, created, players, start_player, setup, options, "
                    "seed, seed_hash, seq, turn, updated"
                    + (", outcome" if version >= 2 else "")
                    + ") VALUES (:id, 1.0, 2, 0, 'basic', '{}', :seed, :hash, :seq, :turn, 2.0"
                    + (", :outcome" if version >= 2 else "")
                    + ")"
                ),
                {
                    "id": game,
                    "seed": "00" * 32,
                    "hash": chance.seed_hash("00" * 32),
                    "seq": len(log),
                    "turn": turn,
                    "outcome": outcome,
                },
            )
            for seat in (0, 1):
                conn.execute(
                    text("INSERT INTO seats VALUES (:g, :s, 'person', :h)"),
                    {"g": game, "s": seat, "h": token_hash(f"{TOKEN}{seat}").hex()},
                )
            for seq, action in enumerate(log, 1):
                _, events = fr.apply_traced(replayed[seq - 1], fr.parse_action(action))
                shown = [event_to_json(e) for e in events] if version >= 3 else []
                conn.execute(
                    text("INSERT INTO actions VALUES (:g, :s, :a, :e, NULL, NULL, 3.0)"),
                    {"g": game, "s": seq, "a": action, "e": json.dumps(shown)},
                )
    engine.dispose()
    return played


def check_migrated(url: str, folder: Path, version: int = 1) -> None:
    played, end = finished_game(5)
    assert write_old_version(url, version) == played
    with servers(url, folder) as (server,):
        doc = httpx.get(f"{server.url}/api/games/finished").json()
        outcome = fr.outcome(end)
        assert outcome is not None and doc["outcome"]["rule"] == outcome.rule
        assert doc["outcome"]["winners"] == ["AB"[s] for s in outcome.winners]
        assert doc["seq"] == len(played) and doc["seed"] == "00" * 32
        assert doc["to_move"] is None and fr.state_from_json(doc["state"]) == end
        # The events are no longer stored: the server derives them from the replay.
        shown = httpx.get(f"{server.url}/api/games/finished/actions?since=3").json()["actions"]
        state = fr.new_game(2)
        expected = []
        for seq, action in enumerate(played, 1):
            state, events = fr.apply_traced(state, fr.parse_action(action))
            if seq > 3:
                expected.append(
                    {"seq": seq, "action": action, "events": [event_to_json(e) for e in events]}
                )
        assert shown == expected
        answer = httpx.post(
            f"{server.url}/api/games/going/actions",
            json={"seq": 0, "action": "A5 p11", "id": "after-migration"},
            headers=bearer(f"{TOKEN}0"),
        )
        assert answer.status_code == 200 and answer.json() == {"seq": 1}
    engine = create_engine(database_url(url))
    with engine.connect() as conn:
        assert conn.execute(text("SELECT version FROM fr_schema")).scalar_one() == schema.LATEST
        stored = conn.execute(text("SELECT outcome FROM games WHERE id = 'finished'")).scalar_one()
        assert json.loads(stored)["rule"] == outcome.rule
        last = conn.execute(text("SELECT last_state FROM games WHERE id = 'finished'")).scalar_one()
        assert json.loads(last) == state_to_json(end)
        columns = conn.execute(text("SELECT * FROM actions WHERE game = 'finished'")).keys()
        assert "events" not in columns and "action" in columns
    engine.dispose()
    # A finished game is read from its stored last state: nothing replayed.
    games = Games(Store(url))
    assert games.view("finished")["state"] == state_to_json(end)
    snap = games.snapshots.get("finished")
    assert snap is not None and snap.state is None
    games.store.close()


def test_a_first_version_sqlite_database_is_migrated(tmp_path: Path) -> None:
    check_migrated(f"sqlite:///{tmp_path / 'old.db'}", tmp_path)


def test_a_third_version_sqlite_database_is_migrated(tmp_path: Path) -> None:
    """The version before the events left the log: its events are dropped, its finished game
    gets its last state, and both are as the replay gives them."""
    check_migrated(f"sqlite:///{tmp_path / 'old.db'}", tmp_path, version=3)


def test_a_first_version_postgresql_database_is_migrated(tmp_path: Path, pg_url: str) -> None:
    check_migrated(pg_url, tmp_path)


def test_a_database_from_a_newer_server_is_refused(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'new.db'}"
    engine = create_engine(url)
    with engine.begin() as conn:
        schema.migrate(conn)
        conn.execute(text("UPDATE fr_schema SET version = 99"))
    engine.dispose()
    done = subprocess.run(
        [sys.executable, "-m", "fearsome_rules", "serve", "--db", url],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert done.stderr.strip().endswith("upgrade it") and "schema version 99" in done.stderr
    for bad in ("mysql://x/y", "sqlite://", "not a url"):
        done = subprocess.run(
            [sys.executable, "-m", "fearsome_rules", "serve", "--db", bad],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr


def test_a_tile_is_the_documented_hmac_of_the_seed() -> None:
    """The draw, worked out here from docs/server.md's words, not from the module."""
    seed = "0123456789abcdef" * 4
    state = fr.position(
        2, moved=["A1", "A3", "A4", "A5", "B1", "B3", "B4", "B5"], deck_left=["5", "7", "7", "8"]
    )
    outcomes = sorted(fr.chance_outcomes(state), key=lambda o: o[0].tile)
    assert [(o.tile, p) for o, p in outcomes] == [
        ("5", Fraction(1, 4)),
        ("7", Fraction(1, 2)),
        ("8", Fraction(1, 4)),
    ]
    for seq in range(1, 40):
        mac = hmac.new(bytes.fromhex(seed), f"fearsome-rules/tile {seq}".encode(), hashlib.sha256)
        r = int.from_bytes(mac.digest(), "big") % 4  # the common denominator
        expected = "5" if r < 1 else "7" if r < 3 else "8"
        assert chance.draw_tile(state, seed, seq) == fr.Reveal(expected)
    assert chance.seed_hash(seed) == hashlib.sha256(bytes.fromhex(seed)).hexdigest()


def test_tiles_come_as_often_as_their_chances() -> None:
    state = fr.new_game(2)
    while state.phase is not fr.Phase.MONSTER:
        state = fr.apply(state, fr.legal_moves(state)[0])
    chances = dict(fr.chance_outcomes(state))
    n = 4000
    seed = chance.new_seed()
    counts = Counter(chance.draw_tile(state, seed, seq) for seq in range(n))
    for tile, p in chances.items():
        sd = (n * p * (1 - p)) ** 0.5
        assert abs(counts[tile] - n * p) < 5 * sd, (tile, counts[tile], float(n * p))


def test_check_tiles_finds_a_forged_tile_and_a_wrong_seed() -> None:
    seed = chance.new_seed()
    state = fr.new_game(2)
    played: list[str] = []
    rng = random.Random(3)
    while state.phase is not fr.Phase.OVER:
        if state.phase is fr.Phase.MONSTER:
            action: fr.Action = chance.draw_tile(state, seed, len(played) + 1)
        else:
            action = greedy_bot(state, rng)
        state = fr.apply(state, action)
        played.append(str(action))
    record = fr.GameRecord(players=2, actions=tuple(played))
    good = chance.check_tiles(record, seed, chance.seed_hash(seed))
    assert good.ok and good.reveals == sum(a.startswith("reveal") for a in played)
    assert not chance.check_tiles(record, chance.new_seed()).ok
    assert not chance.check_tiles(record, seed, "ab" * 32).ok
    with pytest.raises(chance.SeedError):
        chance.check_tiles(record, "not hex")


def test_tokens_match_their_seat_only() -> None:
    hashes = [token_hash("alpha"), None, token_hash("gamma")]
    assert seat_of("alpha", hashes) == 0 and seat_of("gamma", hashes) == 2
    assert seat_of("beta", hashes) is None and seat_of("", hashes) is None
    assert seat_kind(" Greedy ") == "greedy" and seat_kind("search:300") == "search:300"
    for bad in ("nobody", "search:6000", "search:3s"):
        with pytest.raises(fr.FearsomeError):
            seat_kind(bad)


def test_events_round_trip_through_json() -> None:
    rng = random.Random(11)
    for setup in ("basic", "advanced"):
        state = fr.new_game(3, setup=setup)
        while state.phase is not fr.Phase.OVER:
            action = rng.choice(fr.legal_actions(state))
            state, events = fr.apply_traced(state, action)
            for e in events:
                doc = json.loads(json.dumps(event_to_json(e)))
                assert event_from_json(doc) == e
    bads: list[object] = [
        [],
        {"type": "Nothing"},
        {"type": "TileRevealed"},
        {"type": "TileRevealed", "tile": 8},
    ]
    for bad in bads:
        with pytest.raises(fr.RecordError):
            event_from_json(bad)
