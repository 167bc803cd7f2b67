"""Playing online over days, against real ``fearsome-rules serve`` processes: the lobby and its
open seats (one joiner wins), turn time limits (a passed deadline played once by the game's bot,
with two processes sharing PostgreSQL, and after a SIGKILL and a restart on SQLite), and the
seats' webhooks (a receiver on loopback told each "your turn" once, a failed post tried again,
a slow receiver delaying no move, a URL the server refuses)."""

from __future__ import annotations

import json
import queue
import random
import re
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="needs the server extra")

import httpx
from server_harness import bearer, create, servers, until
from sqlalchemy import create_engine, text

import fearsome_rules as fr
from fearsome_rules.tools.bots import choose
from fearsome_rules.tools.server import chance
from fearsome_rules.tools.server.storage import database_url


def rows(db: str, sql: str, **params: Any) -> list[Any]:
    engine = create_engine(database_url(db))
    try:
        with engine.connect() as conn:
            return list(conn.execute(text(sql), params).all())
    finally:
        engine.dispose()


# --- the lobby -----------------------------------------------------------------------------------


def test_the_lobby_lists_open_seats_and_one_joiner_wins(tmp_path: Path) -> None:
    with servers(f"sqlite:///{tmp_path / 'games.db'}", tmp_path) as (server,):
        base = server.url
        game = create(base, players=3, seats=["person", "open", "greedy"], listed=True)
        hidden = create(base, players=2, seats=["person", "open"])  # not listed
        gid = game["game"]
        assert [s["seat"] for s in game["seats"]] == ["A"]  # no token for the open seat
        listed = httpx.get(base + "/api/lobby").json()["games"]
        assert [g["game"] for g in listed] == [gid]
        assert hidden["game"] not in {g["game"] for g in listed}
        assert listed[0]["seats"] == [
            {"seat": "A", "player": "person", "free": False},
            {"seat": "B", "player": "person", "free": True},
            {"seat": "C", "player": "greedy", "free": False},
        ]
        # Eight joiners at once for seat B: one token, seven 409s.
        answers: list[httpx.Response] = []
        start = threading.Barrier(8)

        def join() -> None:
            start.wait()
            answers.append(httpx.post(f"{base}/api/games/{gid}/join", json={"seat": "B"}))

        threads = [threading.Thread(target=join) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        codes = sorted(r.status_code for r in answers)
        assert codes == [200] + [409] * 7, codes
        token_b = next(r.json()["token"] for r in answers if r.status_code == 200)
        assert httpx.get(base + "/api/lobby").json()["games"] == []  # no free seat left
        # The bot's seat and the creator's are not free; an unknown game is a 404.
        for seat in ("A", "C"):
            r = httpx.post(f"{base}/api/games/{gid}/join", json={"seat": seat})
            assert r.status_code == 409 and r.json()["error"].endswith("is not free")
        assert httpx.post(f"{base}/api/games/nope/join", json={"seat": "B"}).status_code == 404
        assert httpx.post(f"{base}/api/games/{gid}/join", json={"seat": "D"}).status_code == 400
        # The joined token plays seat B, and only B.
        view = httpx.get(f"{base}/api/games/{gid}", headers=bearer(game["seats"][0]["token"]))
        move = view.json()["legal_actions"][0]
        body = {"seq": 0, "action": move, "id": str(uuid.uuid4())}
        wrong = httpx.post(f"{base}/api/games/{gid}/actions", json=body, headers=bearer(token_b))
        assert wrong.status_code == 403 and "seat B's token, but A is to move" in wrong.text
        headers = bearer(game["seats"][0]["token"])
        assert httpx.post(f"{base}/api/games/{gid}/actions", json=body, headers=headers).is_success
        mine = httpx.get(f"{base}/api/games/{gid}", headers=bearer(token_b)).json()
        assert mine["seat"] == "B" and mine["to_move"] == "B" and mine["legal_actions"]


# --- time limits ---------------------------------------------------------------------------------


def _check_deadline_moves(db: str, gid: str, limit: float) -> list[str]:
    """Every action of ``gid`` was the deadline's (command ``deadline-N``), played no sooner
    than ``limit`` seconds after the one before, and is the greedy bot's move from the game's
    seed; the actions, in order."""
    (game,) = rows(db, "SELECT created, seed FROM games WHERE id = :g", g=gid)
    log = rows(
        db, "SELECT seq, action, command, created FROM actions WHERE game = :g ORDER BY seq", g=gid
    )
    state, before = fr.new_game(2), game.created
    for seq, action, command, created in log:
        assert command == f"deadline-{seq}"
        assert created - before >= limit - 0.01, (seq, created - before)
        assert action == str(choose(state, bot="greedy", seed=chance.bot_seed(game.seed, seq)))
        state, before = fr.apply(state, fr.parse_action(action)), created
    return [a for _, a, _, _ in log]


def test_a_deadline_fires_once_with_two_processes_on_postgresql(
    tmp_path: Path, pg_url: str
) -> None:
    with servers(pg_url, tmp_path, 2) as (one, two):
        game = create(one.url, players=2, turn_seconds=1, timeout_bot="greedy")
        gid = game["game"]
        view = httpx.get(f"{two.url}/api/games/{gid}").json()
        assert view["turn_seconds"] == 1 and view["timeout_bot"] == "greedy"
        assert 0 < view["deadline"] - time.time() <= 1
        # Nobody moves: each turn passes to the bot, one process at a time.
        until(lambda: httpx.get(f"{one.url}/api/games/{gid}").json()["seq"] >= 6, 60, "6")
    actions = _check_deadline_moves(pg_url, gid, 1)
    logs = [(tmp_path / f"server{k}.log").read_text() for k in (0, 1)]
    claims = [re.findall(rf"game {gid}: claimed the deadline of action (\d+)", t) for t in logs]
    fired = re.findall(rf"game {gid}: seat [AB]'s time ran out at action (\d+)", "".join(logs))
    # Each deadline claimed by one process only, and played by it.
    assert sorted(int(n) for c in claims for n in c) == list(range(1, len(actions) + 1)), claims
    assert sorted(int(n) for n in fired) == list(range(1, len(actions) + 1)), fired
    assert len(actions) >= 6


def test_a_deadline_survives_a_kill_and_a_seat_that_moves_in_time_keeps_its_move(
    tmp_path: Path,
) -> None:
    db = f"sqlite:///{tmp_path / 'games.db'}"
    with servers(db, tmp_path) as (server,):
        game = create(server.url, players=2, turn_seconds=3)  # the greedy bot by default
        gid, token = game["game"], game["seats"][0]["token"]
        move = httpx.get(f"{server.url}/api/games/{gid}", headers=bearer(token)).json()
        body = {"seq": 0, "action": move["legal_actions"][0], "id": "in-time"}
        posted = httpx.post(
            f"{server.url}/api/games/{gid}/actions", json=body, headers=bearer(token)
        )
        assert posted.json() == {"seq": 1}
        server.kill()  # B's deadline passes while no server runs
        time.sleep(3.5)
        server.start()
        until(lambda: httpx.get(f"{server.url}/api/games/{gid}").json()["seq"] >= 2, 30, "B")
        time.sleep(1)  # A's own deadline is 3 s away: nothing more yet
        assert httpx.get(f"{server.url}/api/games/{gid}").json()["seq"] == 2
    log = rows(db, "SELECT seq, action, command FROM actions WHERE game = :g ORDER BY seq", g=gid)
    (seed,) = rows(db, "SELECT seed FROM games WHERE id = :g", g=gid)
    after_a = fr.apply(fr.new_game(2), fr.parse_action(body["action"]))
    greedy = str(choose(after_a, bot="greedy", seed=chance.bot_seed(seed[0], 2)))
    expected = [(1, body["action"], "in-time"), (2, greedy, "deadline-2")]
    assert [tuple(r) for r in log[:2]] == expected
    # A's own deadline, 3 s after B's move, may pass while a loaded machine stops the server.
    assert all(command == f"deadline-{seq}" for seq, _, command in log[2:]), log


def test_bad_time_limits_are_refused(tmp_path: Path) -> None:
    with servers(f"sqlite:///{tmp_path / 'games.db'}", tmp_path) as (server,):
        for body, expected in (
            ({"turn_seconds": 0.5}, "$.turn_seconds: Input should be greater than or equal to 1"),
            ({"turn_seconds": 60, "timeout_bot": "person"}, "timeout_bot: a bot plays a seat"),
            ({"turn_seconds": 60, "timeout_bot": "nobody"}, "timeout_bot: seat 'nobody'"),
            ({"timeout_bot": "greedy"}, "timeout_bot: give turn_seconds too"),
        ):
            r = httpx.post(server.url + "/api/games", json={"players": 2, **body})
            assert r.status_code == 400 and r.json()["error"].startswith(expected), r.text


# --- webhooks ------------------------------------------------------------------------------------


class Receiver:
    """A webhook receiver on loopback: every post it gets, with what it answered; ``fail``
    holds the seqs whose first post it answers 500, ``hold`` the seqs it answers only once
    ``release`` is set."""

    def __init__(self) -> None:
        self.got: list[tuple[str, dict[str, Any], int]] = []
        self.told: queue.Queue[tuple[str, dict[str, Any]]] = queue.Queue()
        self.fail: set[int] = set()
        self.hold: set[int] = set()
        self.holding = threading.Event()
        self.release = threading.Event()
        self.lock = threading.Lock()
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                with owner.lock:
                    status = 200
                    if body["seq"] in owner.fail:
                        owner.fail.discard(body["seq"])
                        status = 500
                    owner.got.append((self.path, body, status))
                if status == 200:
                    owner.told.put((self.path, body))
                if body["seq"] in owner.hold:
                    owner.holding.set()
                    owner.release.wait(30)
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *_args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"

    @contextmanager
    def running(self) -> Iterator[Receiver]:
        thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        thread.start()
        try:
            yield self
        finally:
            self.release.set()
            self.server.shutdown()
            self.server.server_close()


def test_a_webhook_on_loopback_is_told_each_turn_once_by_two_processes(
    tmp_path: Path, pg_url: str
) -> None:
    turns = 16
    with (
        Receiver().running() as receiver,
        servers(pg_url, tmp_path, 2, "--private-webhooks") as (one, two),
    ):
        game = create(one.url, players=3, seats=["person", "person", "greedy"])
        gid = game["game"]
        tokens = {s["seat"]: s["token"] for s in game["seats"]}
        receiver.fail.add(0)  # A's first notice: refused once, tried again
        receiver.hold.add(1)  # B's first: the receiver takes its time
        for seat, base in (("A", one.url), ("B", two.url)):
            r = httpx.put(
                f"{base}/api/games/{gid}/webhook",
                json={"url": f"{receiver.url}/{seat}"},
                headers=bearer(tokens[seat]),
            )
            assert r.json() == {"game": gid, "seat": seat, "url": f"{receiver.url}/{seat}"}
        rng = random.Random(7)
        played: list[tuple[str, int]] = []
        # Each seat moves only when its receiver says it is its turn (a player over days).
        for k in range(turns):
            path, body = receiver.told.get(timeout=60)
            seat = path.lstrip("/")
            assert body["type"] == "your_turn" and body["game"] == gid and body["seat"] == seat
            base = (one.url, two.url)[k % 2]
            view = httpx.get(f"{base}/api/games/{gid}", headers=bearer(tokens[seat])).json()
            assert view["seq"] == body["seq"] and view["to_move"] == seat, (view["seq"], body)
            move = {"seq": view["seq"], "action": rng.choice(view["legal_actions"]), "id": f"m{k}"}
            posted = httpx.post(
                f"{base}/api/games/{gid}/actions", json=move, headers=bearer(tokens[seat])
            )
            assert posted.status_code == 200, posted.text
            if body["seq"] == 1:
                # B's move was answered while the receiver still held B's notice.
                assert receiver.holding.is_set() and not receiver.release.is_set()
                receiver.release.set()
            played.append((seat, body["seq"]))
            if view["outcome"]:
                break
        time.sleep(2)  # time for a second notice of any turn, if one were sent
    delivered = [(p.lstrip("/"), b["seq"]) for p, b, status in receiver.got if status == 200]
    refused = [(p.lstrip("/"), b["seq"]) for p, b, status in receiver.got if status != 200]
    assert refused == [("A", 0)]
    assert len(played) == turns
    # Each person's turn told once: the ones played, and the one under way at the end.
    assert delivered[: len(played)] == played and len(set(delivered)) == len(delivered)
    assert len(delivered) <= len(played) + 1


def test_webhooks_refused(tmp_path: Path) -> None:
    with (
        Receiver().running() as receiver,
        servers(f"sqlite:///{tmp_path / 'games.db'}", tmp_path) as (server,),
    ):
        game = create(server.url, players=2)
        gid, token = game["game"], game["seats"][0]["token"]
        url = f"{server.url}/api/games/{gid}/webhook"
        for bad, expected in (
            ("ftp://example.org/x", "is not an http:// or https:// URL"),
            ("http:///x", "is not an http:// or https:// URL"),
            ("https://me:secret@example.org/", "carries no user name or password"),
            ("http://[::1/", "is not a URL"),
        ):
            r = httpx.put(url, json={"url": bad}, headers=bearer(token))
            assert r.status_code == 400 and expected in r.json()["error"], r.text
        assert httpx.put(url, json={"url": receiver.url}).status_code == 401
        assert (
            httpx.put(url, json={"url": receiver.url}, headers=bearer("x" * 43)).status_code == 403
        )
        # Without --private-webhooks the server posts nothing to a loopback address.
        assert httpx.put(url, json={"url": receiver.url}, headers=bearer(token)).is_success
        time.sleep(3)
        assert receiver.got == []
        gone = httpx.delete(url, headers=bearer(token))
        assert gone.json() == {"game": gid, "seat": "A", "url": None}
