"""Many clients at once: posts racing for the same seq (exactly one stored, the others told what
they missed), the same command sent many times at once (stored once, every answer the same), and
a live client that drops its socket at random and comes back with ``since=N`` (exactly the
actions it missed, in order, none twice); on SQLite, and on PostgreSQL across two processes."""

from __future__ import annotations

import asyncio
import json
import random
import threading
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="needs the server extra")

import httpx
import websockets
from server_harness import Player, bearer, create, servers

import fearsome_rules as fr

RACERS = 16


def race(
    bases: list[str], game: str, token: str, bodies: list[dict[str, Any]]
) -> list[httpx.Response]:
    """Post every body at the same moment, each from its own thread and connection, spread
    over the servers."""
    clients = [httpx.Client(base_url=bases[k % len(bases)], timeout=60) for k in range(len(bodies))]
    for c in clients:  # connected before the start
        assert c.get("/api/health").status_code == 200
    start = threading.Barrier(len(bodies))
    answers: list[httpx.Response | None] = [None] * len(bodies)

    def run(k: int) -> None:
        start.wait()
        answers[k] = clients[k].post(
            f"/api/games/{game}/actions", json=bodies[k], headers=bearer(token)
        )

    threads = [threading.Thread(target=run, args=(k,)) for k in range(len(bodies))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert all(a is not None for a in answers)
    return [a for a in answers if a is not None]


def check_race(bases: list[str]) -> None:
    game = create(bases[0], players=2)
    gid, a = game["game"], game["seats"][0]["token"]
    moves = [str(m) for m in fr.legal_moves(fr.new_game(2))]
    bodies = [
        {"seq": 0, "action": moves[k % len(moves)], "id": f"racer-{k}"} for k in range(RACERS)
    ]
    answers = race(bases, gid, a, bodies)
    won = [k for k, r in enumerate(answers) if r.status_code == 200]
    assert len(won) == 1, [r.status_code for r in answers]
    winner = moves[won[0] % len(moves)]
    log = httpx.get(f"{bases[0]}/api/games/{gid}/actions").json()["actions"]
    assert [x["action"] for x in log] == [winner]
    for k, r in enumerate(answers):
        if k != won[0]:
            assert r.status_code == 409, r.text
            assert r.json()["actions"][0] == log[0] and r.json()["seq"] == 1
    # The same command from every racer: one action stored, every answer the same.
    b = game["seats"][1]["token"]
    after = fr.apply(fr.new_game(2), fr.parse_action(winner))
    same = {"seq": 1, "action": str(fr.legal_moves(after)[-1]), "id": "one-command"}
    answers = race(bases, gid, b, [same] * RACERS)
    assert [(r.status_code, r.json()) for r in answers] == [(200, {"seq": 2})] * RACERS
    log = httpx.get(f"{bases[-1]}/api/games/{gid}/actions").json()["actions"]
    assert [x["action"] for x in log] == [winner, same["action"]]


def test_racing_posts_store_one_action_on_sqlite(tmp_path: Path) -> None:
    with servers(f"sqlite:///{tmp_path / 'g.db'}", tmp_path) as (s,):
        check_race([s.url])


def test_racing_posts_store_one_action_across_two_processes_on_postgresql(
    tmp_path: Path, pg_url: str
) -> None:
    """The race across two processes; then, on the same two (a second pair costs seconds), a
    process a move behind the log answering as the log does (:func:`check_behind`)."""
    with servers(pg_url, tmp_path, 2) as (one, two):
        check_race([one.url, two.url])
        check_behind(one.url, two.url)


async def watch_with_drops(ports: list[int], game: str, seed: int) -> tuple[list[int], int]:
    """Follow the game live, dropping the socket after a random few messages and coming back
    with since=N (to the next server each time), until the game's last action."""
    rng = random.Random(seed)
    seqs: list[int] = []
    drops = 0
    while True:
        port = ports[drops % len(ports)]
        url = f"ws://127.0.0.1:{port}/api/games/{game}/live?since={seqs[-1] if seqs else 0}"
        async with websockets.connect(url) as ws:
            keep = rng.randint(1, 8)
            async for message in ws:
                action = json.loads(message)
                seqs.append(action["seq"])
                keep -= 1
                if keep == 0:
                    break
            else:
                return seqs, drops
        drops += 1


def play_and_watch(bases: list[str], ports: list[int]) -> None:
    game = create(bases[0], players=3, seats=["person", "greedy", "person"])
    player = Player(game, 7)
    done = threading.Event()

    def play() -> None:
        client = httpx.Client(base_url=bases[-1], timeout=30)
        while not player.over or player.pending:
            player.step(client)
        done.set()

    t = threading.Thread(target=play)
    t.start()
    seqs, drops = asyncio.run(asyncio.wait_for(watch_with_drops(ports, game["game"], 3), 300))
    t.join(300)
    assert done.is_set()
    log = httpx.get(f"{bases[0]}/api/games/{game['game']}/actions").json()["actions"]
    assert seqs == [a["seq"] for a in log] == list(range(1, len(log) + 1))
    assert drops >= 5


def test_a_client_that_reconnects_gets_exactly_what_it_missed_on_sqlite(tmp_path: Path) -> None:
    with servers(f"sqlite:///{tmp_path / 'g.db'}", tmp_path) as (s,):
        play_and_watch([s.url], [s.port])


def test_a_client_that_reconnects_to_another_process_gets_what_it_missed(
    tmp_path: Path, pg_url: str
) -> None:
    with servers(pg_url, tmp_path, 2) as (one, two):
        play_and_watch([one.url, two.url], [one.port, two.port])


def test_live_clients_of_another_process_hear_each_action(tmp_path: Path, pg_url: str) -> None:
    """An action posted to one process reaches a WebSocket client of the other at once
    (LISTEN/NOTIFY; the feeds poll only every 15 s)."""
    with servers(pg_url, tmp_path, 2) as (one, two):
        game = create(one.url, players=2)
        gid, a = game["game"], game["seats"][0]["token"]

        async def hear() -> float:
            url = f"ws://127.0.0.1:{two.port}/api/games/{gid}/live"
            async with websockets.connect(url) as ws:
                loop = asyncio.get_running_loop()
                posted = loop.time()
                answer = await asyncio.to_thread(
                    httpx.post,
                    f"{one.url}/api/games/{gid}/actions",
                    json={"seq": 0, "action": "A5 p11", "id": "n"},
                    headers=bearer(a),
                )
                assert answer.status_code == 200
                message = json.loads(await asyncio.wait_for(ws.recv(), 10))
                assert message["seq"] == 1 and message["action"] == "A5 p11"
                return loop.time() - posted

        assert asyncio.run(hear()) < 10


def check_behind(one: str, two: str) -> None:
    """A process posts on the latest state it has of a game without reading the game first
    (one round trip a post): when another process has committed since, the append's
    compare-and-swap stores nothing and the answer is the log's. Here process ``one`` is a
    move behind twice: a command sent again to it answers as the other process did, and a
    stale post, legal on the state ``one`` has, gets 409 with the action it missed."""
    game = create(one, players=2)
    gid = game["game"]
    tokens = {s["seat"]: s["token"] for s in game["seats"]}
    states = [fr.new_game(2)]

    def post(base: str, seq: int, action: str, command: str) -> httpx.Response:
        body = {"seq": seq, "action": action, "id": command}
        seat = "AB"[states[seq].to_move]
        return httpx.post(
            f"{base}/api/games/{gid}/actions", json=body, headers=bearer(tokens[seat])
        )

    def play(base: str, command: str) -> str:
        seq = len(states) - 1
        move = str(fr.legal_moves(states[seq])[0])
        answer = post(base, seq, move, command)
        assert (answer.status_code, answer.json()) == (200, {"seq": seq + 1}), answer.text
        states.append(fr.apply(states[seq], fr.parse_action(move)))
        return move

    played = [play(one, "c1"), play(two, "c2")]  # one's state: after action 1
    again = post(one, 1, played[1], "c2")
    assert (again.status_code, again.json()) == (200, {"seq": 2})
    played.append(play(two, "c3"))  # one's state: after action 2
    other = str(fr.legal_moves(states[2])[-1])
    assert other != played[2]
    stale = post(one, 2, other, "c4")
    missed = httpx.get(f"{one}/api/games/{gid}/actions?since=2").json()["actions"]
    assert stale.status_code == 409, stale.text
    assert stale.json()["seq"] == 3 and stale.json()["actions"] == missed
    assert [m["action"] for m in missed] == [played[2]]
    log = httpx.get(f"{two}/api/games/{gid}/actions").json()["actions"]
    assert [m["action"] for m in log] == played


def test_a_process_wakes_its_feeds_for_the_others_commits_not_its_own(pg_url: str) -> None:
    """A commit on this process hands its feeds the action itself; its NOTIFY, which often
    arrives first, must not make them read the log again (measured: a tenth of the server's
    samples at 1,000 games). Another process's notice, and one in the form before the origin was
    sent (game and seq only), wake the feed: each is a read of the log."""
    import psycopg

    from fearsome_rules.tools.server.live import Feed, Hub
    from fearsome_rules.tools.server.statements import CHANNEL
    from fearsome_rules.tools.server.storage import Store

    store = Store(pg_url)
    reads: list[str] = []
    before: list[int] = []

    def read(game: str, since: int, limit: int) -> list[Any]:
        reads.append(game)
        return []

    async def notice(conn: psycopg.AsyncConnection[Any], payload: str) -> None:
        await conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))

    async def probe(conn: psycopg.AsyncConnection[Any]) -> None:
        """A notice of another game, sent until the hub has read its log: every notice sent
        before it has been heard."""
        count = reads.count("probe")
        for _ in range(400):
            await notice(conn, "probe 1")
            for _ in range(10):
                if reads.count("probe") > count:
                    return
                await asyncio.sleep(0.01)
        raise AssertionError("the hub hears no notices")

    async def run() -> None:
        hub = Hub(store, read, poll=600.0)
        hub.start()
        for game in ("g1", "probe"):
            hub.feeds[game] = Feed(read, game)
        listening = asyncio.ensure_future(hub.listen())
        try:
            async with await psycopg.AsyncConnection.connect(pg_url, autocommit=True) as conn:
                await probe(conn)  # the hub's LISTEN is in place (and its first reads done)
                await asyncio.gather(*hub.tasks)
                before.append(reads.count("g1"))
                for payload in (f"g1 1 {store.origin}", "g1 1 another", "g1 2"):
                    await notice(conn, payload)
                await probe(conn)
                await asyncio.gather(*hub.tasks)
        finally:
            listening.cancel()

    try:
        asyncio.run(run())
    finally:
        store.close()
    assert reads.count("g1") == before[0] + 2
