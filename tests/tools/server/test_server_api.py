"""The HTTP API and the live feed of ``fearsome-rules serve``, against a real uvicorn process on
an SQLite file: every path, field and status of the contract (docs/server.md), each answer
checked against the engine called directly."""

from __future__ import annotations

import asyncio
import hashlib
import json
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="needs the server extra")

import httpx
import websockets
from server_harness import Server, bearer, create
from sqlalchemy import create_engine, text

import fearsome_rules as fr
from fearsome_rules.formats.event_json import event_to_json
from fearsome_rules.tools.server.storage import database_url


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("api")
    s = Server(f"sqlite:///{folder / 'games.db'}", folder / "server.log", "--log-requests")
    s.start()
    yield s
    s.stop()


def wait_for(check: Callable[[], Any], timeout: float = 60) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.02)
    raise AssertionError("timed out")


def view(server: Server, game: str, token: str | None = None) -> dict[str, Any]:
    answer = httpx.get(f"{server.url}/api/games/{game}", headers=bearer(token) if token else None)
    assert answer.status_code == 200, answer.text
    doc: dict[str, Any] = answer.json()
    return doc


def post(server: Server, game: str, token: str | None, body: Any) -> httpx.Response:
    return httpx.post(
        f"{server.url}/api/games/{game}/actions",
        json=body,
        headers=bearer(token) if token else None,
    )


def error_of(answer: httpx.Response, status: int) -> dict[str, Any]:
    """The error body, checked: the status, JSON with a one-line error and a rule key."""
    assert answer.status_code == status, answer.text
    body: dict[str, Any] = answer.json()
    assert isinstance(body["error"], str) and body["error"]
    assert "\n" not in body["error"] and len(body["error"]) < 400
    assert "rule" in body
    return body


def test_health_and_the_openapi_document(server: Server) -> None:
    health = httpx.get(server.url + "/api/health")
    assert health.status_code == 200 and health.json()["status"] == "ok"
    doc = httpx.get(server.url + "/openapi.json").json()
    assert doc["openapi"].startswith("3.")
    for path in (
        "/api/health",
        "/api/games",
        "/api/games/{game}",
        "/api/games/{game}/actions",
        "/api/games/{game}/record",
    ):
        assert path in doc["paths"], path
    post_doc = doc["paths"]["/api/games/{game}/actions"]["post"]
    for status in ("200", "400", "401", "403", "404", "409", "413", "422"):
        assert status in post_doc["responses"], status


def test_a_new_game_gives_tokens_to_the_persons_only(server: Server) -> None:
    game = create(server.url, players=3, seats=["person", "greedy", "person"])
    assert [s["seat"] for s in game["seats"]] == ["A", "C"]
    tokens = [s["token"] for s in game["seats"]]
    assert len(set(tokens)) == 2 and all(len(t) >= 43 for t in tokens)  # 256 bits, base64
    assert len(game["seed_hash"]) == 64 and int(game["seed_hash"], 16) >= 0
    doc = view(server, game["game"])
    assert doc["seq"] == 0 and doc["to_move"] == "A" and doc["outcome"] is None
    assert doc["seed"] is None and doc["seed_hash"] == game["seed_hash"]
    assert doc["seats"] == [
        {"seat": "A", "player": "person"},
        {"seat": "B", "player": "greedy"},
        {"seat": "C", "player": "person"},
    ]
    assert fr.state_from_json(doc["state"]) == fr.new_game(3)
    assert "legal_actions" not in doc or doc["legal_actions"] is None


def test_a_token_shows_its_seats_legal_actions(server: Server) -> None:
    game = create(server.url, players=3, seats=["person", "greedy", "person"], start_player="C")
    a, c = (s["token"] for s in game["seats"])
    mine = view(server, game["game"], c)
    expected = [str(x) for x in fr.legal_actions(fr.new_game(3, start_player=2))]
    assert mine["seat"] == "C" and mine["to_move"] == "C"
    assert mine["legal_actions"] == expected
    theirs = view(server, game["game"], a)
    assert theirs["seat"] == "A" and theirs["legal_actions"] == []


def test_an_action_is_stored_with_the_engines_events(server: Server) -> None:
    game = create(server.url, players=3, seats=["person", "greedy", "person"])
    gid, a = game["game"], game["seats"][0]["token"]
    answer = post(server, gid, a, {"seq": 0, "action": "A5 p11 p10", "id": "a-1"})
    assert answer.status_code == 200 and answer.json() == {"seq": 1}
    # B is the server's bot: its move follows by itself.
    doc = wait_for(lambda: (d := view(server, gid)) and d["seq"] == 2 and d)
    assert doc["to_move"] == "C"
    actions = httpx.get(f"{server.url}/api/games/{gid}/actions", params={"since": 0}).json()
    first, second = actions["actions"]
    start = fr.new_game(3)
    after, events = fr.apply_traced(start, fr.parse_action("A5 p11 p10"))
    assert first == {
        "seq": 1,
        "action": "A5 p11 p10",
        "events": [event_to_json(e) for e in events],
    }
    assert second["seq"] == 2 and second["action"].startswith("B")
    bot_after, bot_events = fr.apply_traced(after, fr.parse_action(second["action"]))
    assert second["events"] == [event_to_json(e) for e in bot_events]
    assert fr.state_from_json(doc["state"]) == bot_after
    since_one = httpx.get(f"{server.url}/api/games/{gid}/actions?since=1").json()
    assert since_one == {"actions": [second]}


def test_the_same_command_id_gets_the_same_answer_and_stores_once(server: Server) -> None:
    game = create(server.url, players=2)
    gid, a = game["game"], game["seats"][0]["token"]
    body = {"seq": 0, "action": "A4 p11", "id": "retry-me"}
    answers = [post(server, gid, a, body) for _ in range(3)]
    assert [(r.status_code, r.json()) for r in answers] == [(200, {"seq": 1})] * 3
    assert view(server, gid)["seq"] == 1
    other = post(server, gid, game["seats"][1]["token"], {**body, "seq": 1, "action": "B4 p11"})
    err = error_of(other, 409)  # the id is taken, by another command
    assert "already used" in err["error"] and view(server, gid)["seq"] == 1


def test_a_stale_seq_gets_409_with_the_actions_missed(server: Server) -> None:
    game = create(server.url, players=2)
    gid, a, b = game["game"], game["seats"][0]["token"], game["seats"][1]["token"]
    assert post(server, gid, a, {"seq": 0, "action": "A4 p11", "id": "1"}).status_code == 200
    assert post(server, gid, b, {"seq": 1, "action": "B4 p11 p10", "id": "2"}).status_code == 200
    stale = error_of(post(server, gid, a, {"seq": 1, "action": "A5 p11", "id": "3"}), 409)
    assert stale["seq"] == 2 and [x["action"] for x in stale["actions"]] == ["B4 p11 p10"]
    older = error_of(post(server, gid, a, {"seq": 0, "action": "A5 p11", "id": "4"}), 409)
    assert [x["seq"] for x in older["actions"]] == [1, 2]
    ahead = error_of(post(server, gid, a, {"seq": 7, "action": "A5 p11", "id": "5"}), 409)
    assert ahead["seq"] == 2 and ahead["actions"] == []
    assert view(server, gid)["seq"] == 2


def test_refusals_store_nothing(server: Server) -> None:
    game = create(server.url, players=2)
    gid, a, b = game["game"], game["seats"][0]["token"], game["seats"][1]["token"]
    elsewhere = create(server.url, players=2)["seats"][0]["token"]
    ok = {"seq": 0, "action": "A5 p11", "id": "x"}
    cases: list[tuple[str | None, Any, int, str | None]] = [
        (b, ok, 403, None),  # B's token, A to move
        (elsewhere, ok, 403, None),  # A's seat of another game
        (None, ok, 401, None),
        (a, {**ok, "action": "A5 p11 o10"}, 422, "FIG-POINTS"),
        (a, {**ok, "action": "B5 p11"}, 422, "RND-ORDER"),
        (a, {**ok, "action": "reveal 8"}, 422, "RND-PHASES"),
        (a, {**ok, "action": "A5 p11 p12"}, 400, None),  # not a square
        (a, {**ok, "seq": "0"}, 400, None),
        (a, {**ok, "seq": True}, 400, None),
        (a, {**ok, "seq": -1}, 400, None),
        (a, {**ok, "seq": 10**30}, 400, None),
        (a, {"seq": 0, "action": "A5 p11"}, 400, None),  # no command id
        (a, {**ok, "extra": 1}, 400, None),
        (a, {**ok, "id": "with space"}, 400, None),
        (a, [ok], 400, None),
        (a, "A5 p11", 400, None),
    ]
    for token, body, status, rule in cases:
        err = error_of(post(server, gid, token, body), status)
        assert err["rule"] == rule, (body, err)
    for raw in (b"{", b"\xff\xfe", b"[" * 20_000 + b"]" * 20_000, b'{"seq": 1e999}'):
        answer = httpx.post(
            f"{server.url}/api/games/{gid}/actions",
            content=raw,
            headers={**bearer(a), "Content-Type": "application/json"},
        )
        error_of(answer, 400)
    bad_header = httpx.post(
        f"{server.url}/api/games/{gid}/actions", json=ok, headers={"Authorization": a}
    )
    assert error_of(bad_header, 401) and bad_header.headers["WWW-Authenticate"] == "Bearer"
    assert view(server, gid)["seq"] == 0
    assert server.alive()


def test_unknown_games_are_404_and_never_created(server: Server) -> None:
    for gid in ("nosuchgame", "x" * 200, "%2e%2e", "a b"):
        for answer in (
            httpx.get(f"{server.url}/api/games/{gid}"),
            httpx.get(f"{server.url}/api/games/{gid}/actions"),
            httpx.get(f"{server.url}/api/games/{gid}/record"),
            httpx.post(
                f"{server.url}/api/games/{gid}/actions",
                json={"seq": 0, "action": "A5 p11", "id": "1"},
                headers=bearer("t"),
            ),
        ):
            error_of(answer, 404)
    error_of(httpx.get(f"{server.url}/api/games/nosuchgame"), 404)
    error_of(httpx.get(f"{server.url}/api/nothing/here"), 404)


def test_bodies_over_64_kb_are_413(server: Server) -> None:
    game = create(server.url, players=2)
    gid, a = game["game"], game["seats"][0]["token"]
    big = {"seq": 0, "action": "A5 p11", "id": "1", "pad": "x" * 70_000}
    error_of(post(server, gid, a, big), 413)
    error_of(httpx.post(f"{server.url}/api/games", json={"players": 2, "x": "y" * 70_000}), 413)

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
        yield b'{"seq": 0, "action": "A5 p11", "id": "1", "pad": "'
        for _ in range(80):
            yield b"y" * 1000
        yield b'"}'

    answer = httpx.post(
        f"{server.url}/api/games/{gid}/actions", content=chunks(), headers=bearer(a)
    )
    error_of(answer, 413)
    just_under = {"seq": 0, "action": "A5 p11", "id": "1", "pad": "x" * 60_000}
    error_of(post(server, gid, a, just_under), 400)  # read, and refused for the unknown field
    assert view(server, gid)["seq"] == 0


def test_creation_refusals(server: Server) -> None:
    cases: list[tuple[Any, int, str | None]] = [
        ({"players": 1}, 400, None),
        ({"players": 8}, 400, None),
        ({"players": "2"}, 400, None),
        ({"players": 2.0}, 400, None),
        ({"players": 2, "setup": "huge"}, 400, None),
        ({"players": 2, "seats": ["person"]}, 400, None),
        ({"players": 2, "seats": ["person", "nobody"]}, 400, None),
        ({"players": 2, "seats": ["person", "search:999999"]}, 400, None),
        ({"players": 2, "options": {"no_such_option": True}}, 400, None),
        ({"players": 2, "options": {"three_hits": "perhaps"}}, 400, None),
        ({"players": 2, "start_player": "C"}, 400, None),
        ({}, 400, None),
        ([], 400, None),
    ]
    for body, status, rule in cases:
        err = error_of(httpx.post(f"{server.url}/api/games", json=body), status)
        assert err["rule"] == rule, (body, err)


def test_a_game_of_bots_publishes_its_seed_and_its_tiles_check(
    server: Server, tmp_path: Path
) -> None:
    game = create(server.url, players=3, seats=["greedy", "runner", "random"])
    assert game["seats"] == []
    gid = game["game"]
    doc = wait_for(lambda: (d := view(server, gid)) and d["outcome"] is not None and d)
    seed = doc["seed"]
    assert hashlib.sha256(bytes.fromhex(seed)).hexdigest() == game["seed_hash"]
    record_doc = httpx.get(f"{server.url}/api/games/{gid}/record").json()
    record = fr.GameRecord.from_json(record_doc)
    end = record.replay()
    assert fr.state_from_json(doc["state"]) == end and end.phase is fr.Phase.OVER
    assert doc["outcome"]["rule"] == fr.outcome(end).rule  # type: ignore[union-attr]
    url = f"{server.url}/api/games/{gid}"
    ok = subprocess.run(
        [sys.executable, "-m", "fearsome_rules", "check-tiles", url],
        capture_output=True,
        text=True,
        check=False,
    )
    assert ok.returncode == 0 and ok.stdout.startswith("ok: all "), ok.stderr
    # A record whose first tile with a choice is another one: the check finds it.
    states = list(record.states())
    k = next(
        i
        for i, s in enumerate(states[:-1])
        if s.phase is fr.Phase.MONSTER and len(fr.chance_outcomes(s)) > 1
    )
    other = next(r for r, _ in fr.chance_outcomes(states[k]) if str(r) != record.actions[k])
    forged = {**record_doc, "actions": [*record.actions[:k], str(other)]}
    path = tmp_path / "forged.json"
    path.write_text(json.dumps(forged))
    bad = subprocess.run(
        [
            sys.executable,
            "-m",
            "fearsome_rules",
            "check-tiles",
            str(path),
            "--seed",
            seed,
            "--seed-hash",
            game["seed_hash"],
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 1 and bad.stdout.startswith(f"MISMATCH: action {k + 1}:"), bad.stdout


def test_the_live_feed_sends_every_action_in_order_and_closes_at_the_end(server: Server) -> None:
    gid = create(server.url, players=4, seats=["greedy", "random", "runner", "greedy"])["game"]

    async def watch(since: int) -> tuple[list[dict[str, Any]], int | None]:
        got = []
        ws_url = f"ws://127.0.0.1:{server.port}/api/games/{gid}/live?since={since}"
        async with websockets.connect(ws_url) as ws:
            async for message in ws:
                got.append(json.loads(message))
        return got, ws.close_code

    got, code = asyncio.run(watch(0))
    log = httpx.get(f"{server.url}/api/games/{gid}/actions").json()["actions"]
    assert got == log and code == 1000
    assert [a["seq"] for a in got] == list(range(1, len(log) + 1))
    assert got[-1]["events"][-1]["type"] == "GameEnded"
    late, _ = asyncio.run(watch(len(log) - 3))
    assert late == log[-3:]
    # The game's last state was stored with its last action: the replay of the record's.
    record = fr.GameRecord.from_json(httpx.get(f"{server.url}/api/games/{gid}/record").json())
    engine = create_engine(database_url(server.db))
    with engine.connect() as conn:
        stored = conn.execute(
            text("SELECT last_state FROM games WHERE id = :g"), {"g": gid}
        ).scalar_one()
    engine.dispose()
    assert fr.state_from_json(stored) == record.replay()


def test_the_live_feed_refuses_unknown_games_and_bad_since(server: Server) -> None:
    gid = create(server.url, players=2)["game"]

    async def status(path: str) -> int:
        try:
            async with websockets.connect(f"ws://127.0.0.1:{server.port}{path}"):
                return 101
        except websockets.InvalidStatus as e:
            return e.response.status_code

    assert asyncio.run(status("/api/games/nosuchgame/live")) == 404
    assert asyncio.run(status(f"/api/games/{gid}/live?since=x")) == 400
    assert asyncio.run(status(f"/api/games/{gid}/live?since=-1")) == 400
    assert asyncio.run(status(f"/api/games/{gid}/live?since=0")) == 101


def test_tokens_are_stored_hashed_and_never_logged(server: Server) -> None:
    game = create(server.url, players=2)
    gid, a, b = game["game"], game["seats"][0]["token"], game["seats"][1]["token"]
    post(server, gid, a, {"seq": 0, "action": "A4 p11", "id": "t1"})
    post(server, gid, a, {"seq": 1, "action": "A4 p11", "id": "t2"})  # 403: B to move
    view(server, gid, b)
    db = Path(server.db.removeprefix("sqlite:///"))
    stored = b"".join(p.read_bytes() for p in db.parent.glob(db.name + "*"))
    logged = server.log.read_bytes()
    assert b"/api/games" in logged  # the log is on, and has the requests
    for token in (a, b):
        assert token.encode() not in stored and token.encode() not in logged
        assert hashlib.sha256(token.encode()).hexdigest().encode() in stored


def test_the_page_is_served_beside_the_api(tmp_path: Path) -> None:
    page = tmp_path / "page"
    page.mkdir()
    (page / "index.html").write_text("<!doctype html><title>the page</title>")
    s = Server(f"sqlite:///{tmp_path / 'g.db'}", tmp_path / "log", "--web", str(page))
    try:
        s.start()
        assert "the page" in httpx.get(s.url + "/").text
        error_of(httpx.get(s.url + "/api/nothing"), 404)
        assert httpx.get(s.url + "/api/health").status_code == 200
    finally:
        s.stop()
