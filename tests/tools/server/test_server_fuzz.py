"""Generated requests at every endpoint of a live server (Hypothesis): whatever the body, the
token or the path, the answer is one of the contract's statuses with a one-line JSON error,
nothing is stored unless the answer says so, and the process lives on."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

pytest.importorskip("fastapi", reason="needs the server extra")

import httpx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_harness import Server, bearer, create

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4)
    ),
    max_leaves=12,
)

notations = st.sampled_from(
    ["A5 p11", "A5 p11 p10", "A4 p11 o11", "B5 p11", "reveal 8", "A5 -", "A5 p11 o10", "A9 p11",
     "place stone c1", "", " ", "A5 p11 p12", "a5 P11", "A5\np11"]
)  # fmt: skip
action_bodies = st.fixed_dictionaries(
    {},
    optional={
        "seq": st.integers(min_value=-3, max_value=3) | json_values,
        "action": notations | json_values,
        "id": st.text(max_size=12) | json_values,
        "extra": json_values,
    },
)
game_bodies = st.fixed_dictionaries(
    {},
    optional={
        "players": st.integers(min_value=0, max_value=9) | json_values,
        "setup": st.sampled_from(["basic", "advanced", "bsw", "x"]) | json_values,
        "options": st.dictionaries(
            st.sampled_from(["three_hits", "finish_round", "reentry", "nope"]),
            st.booleans() | st.sampled_from(["mandatory", "optional", "x"]),
            max_size=3,
        )
        | json_values,
        "seats": st.lists(st.sampled_from(["person", "greedy", "search:10", "robot"]), max_size=8)
        | json_values,
        "start_player": st.sampled_from(["A", "B", "G", "Z"]) | json_values,
    },
)
FUZZ = settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("fuzz")
    s = Server(f"sqlite:///{folder / 'games.db'}", folder / "server.log")
    s.start()
    yield s
    assert s.alive(), "the server died"
    s.stop()


@pytest.fixture(scope="module")
def client(server: Server) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server.url, timeout=30) as c:
        yield c


def one_line_error(answer: httpx.Response, allowed: set[int]) -> None:
    assert answer.status_code in allowed, (answer.status_code, answer.text)
    if answer.status_code >= 400:
        body = answer.json()
        assert set(body) >= {"error", "rule"} and "\n" not in body["error"]
        assert len(body["error"]) < 400


def games_stored(server: Server) -> int:
    with sqlite3.connect(Path(server.db.removeprefix("sqlite:///"))) as conn:
        return int(conn.execute("SELECT count(*) FROM games").fetchone()[0])


@FUZZ
@given(body=action_bodies, who=st.sampled_from(["A", "B", "other", "junk", "none"]))
def test_generated_action_bodies(
    server: Server, client: httpx.Client, body: dict[str, Any], who: str
) -> None:
    game = create(server.url, players=2)
    gid = game["game"]
    tokens = {s["seat"]: s["token"] for s in game["seats"]}
    tokens["other"] = create(server.url, players=2)["seats"][0]["token"]
    tokens["junk"] = "x" * 50
    headers = bearer(tokens[who]) if who != "none" else {}
    answer = client.post(f"/api/games/{gid}/actions", json=body, headers=headers)
    one_line_error(answer, {200, 400, 401, 403, 409, 422})
    seq = client.get(f"/api/games/{gid}").json()["seq"]
    assert seq == (1 if answer.status_code == 200 else 0)


@FUZZ
@given(body=game_bodies | json_values)
def test_generated_game_bodies(server: Server, client: httpx.Client, body: Any) -> None:
    before = games_stored(server)
    answer = client.post("/api/games", json=body)
    one_line_error(answer, {201, 400})
    assert games_stored(server) == before + (answer.status_code == 201)


@FUZZ
@given(raw=st.binary(max_size=300), path=st.sampled_from(["/api/games", "/api/games/{}/actions"]))
def test_generated_bytes(server: Server, client: httpx.Client, raw: bytes, path: str) -> None:
    game = create(server.url, players=2)
    token = game["seats"][0]["token"]
    answer = client.post(
        path.format(game["game"]),
        content=raw,
        headers={**bearer(token), "Content-Type": "application/json"},
    )
    try:
        parsed = json.loads(raw)
    except ValueError:
        parsed = None
    one_line_error(answer, {201, 400} if parsed is not None else {400})
    assert client.get(f"/api/games/{game['game']}").json()["seq"] == 0


@FUZZ
@given(
    game=st.text(max_size=40),
    since=st.text(max_size=8) | st.integers(min_value=-5, max_value=10**12).map(str),
    kind=st.sampled_from(["view", "actions", "record"]),
)
def test_generated_reads(
    server: Server, client: httpx.Client, game: str, since: str, kind: str
) -> None:
    path = {
        "view": "/api/games/{}",
        "actions": "/api/games/{}/actions",
        "record": "/api/games/{}/record",
    }[kind]
    segment = quote(game, safe="") or "x"  # percent-encoded: any text as a path segment
    answer = client.get(path.format(segment), params={"since": since})
    one_line_error(answer, {200, 400, 404})
