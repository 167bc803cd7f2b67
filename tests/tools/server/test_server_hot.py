"""The hot routes (``GET /api/games/ID``, ``POST /api/games/ID/actions``, answered in front of
FastAPI) against the FastAPI routes that document them: two real uvicorn processes over one
database, one with the hot routes and one without, asked the same requests, give the same
statuses, headers and bytes (a successful POST is sent to one and its retry, the same command id,
to the other: both answer it)."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="needs the server extra")

import httpx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from server_harness import Server, bearer, create, until

# The FastAPI application alone, in uvicorn, as `fearsome-rules serve` runs the whole server.
DOCUMENTED = """
import sys, uvicorn
from fearsome_rules.tools.server.app import create_app
args = dict(zip(sys.argv[1::2], sys.argv[2::2]))
app = create_app(args["--db"], hot=False)
uvicorn.run(app, host="127.0.0.1", port=int(args["--port"]), log_level="warning")
"""


class DocumentedServer(Server):
    serve = (sys.executable, "-c", DOCUMENTED)


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def pair(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[httpx.Client, httpx.Client]]:
    folder = tmp_path_factory.mktemp("hot")
    if request.param == "sqlite":
        db = f"sqlite:///{folder / 'games.db'}"
    else:
        db = request.getfixturevalue("cluster").new_database()
    hot = Server(db, folder / "hot.log").start()
    documented = DocumentedServer(db, folder / "documented.log").start()
    try:
        with httpx.Client(base_url=hot.url) as a, httpx.Client(base_url=documented.url) as b:
            yield a, b
    finally:
        hot.stop()
        documented.stop()


def answer(client: httpx.Client, method: str, path: str, **kw: Any) -> tuple[Any, ...]:
    got = client.request(method, path, **kw)
    headers = sorted((k, v) for k, v in got.headers.items() if k not in ("date", "server"))
    return got.status_code, headers, got.content


def same(pair: tuple[httpx.Client, httpx.Client], method: str, path: str, **kw: Any) -> int:
    """The request sent to both servers: the same answer, byte for byte; its status."""
    hot, documented = (answer(c, method, path, **kw) for c in pair)
    assert hot == documented, (method, path, kw)
    status: int = hot[0]
    return status


def settled(client: httpx.Client, gid: str) -> dict[str, Any]:
    """The game once a person is to move (the server's tiles played)."""
    found: dict[str, Any] = until(
        lambda: (v := client.get(f"/api/games/{gid}").json())["to_move"] and v,
        what="a person to move",
    )
    return found


def test_the_same_answers_through_a_game(pair: tuple[httpx.Client, httpx.Client]) -> None:
    hot, documented = pair
    game = create(str(hot.base_url), players=2)
    gid = game["game"]
    tokens = {s["seat"]: s["token"] for s in game["seats"]}
    other = create(str(hot.base_url), players=2)["seats"][0]["token"]
    url = f"/api/games/{gid}"
    statuses = set()
    for path in ("/api/games/nope", "/api/games/" + "x" * 300, "/api/games/%21%21", url + "?x=1"):
        statuses.add(same(pair, "GET", path))
    body = {"seq": 0, "action": "A5 p11", "id": "x"}
    statuses.add(same(pair, "POST", "/api/games/nope/actions", json=body, headers=bearer(other)))
    assert statuses == {200, 404}
    for k in range(16):
        view = settled(hot, gid)
        mover, waiting = view["to_move"], "B" if view["to_move"] == "A" else "A"
        seq = view["seq"]
        for headers in (
            None,
            bearer(tokens[mover]),
            bearer(tokens[waiting]),
            bearer(other),
            {"Authorization": "Bearer"},
            {"Authorization": "Basic abc"},
            {"Authorization": "Bearer " + "t" * 300},
        ):
            statuses.add(same(pair, "GET", url, headers=headers))
        legal = hot.get(url, headers=bearer(tokens[mover])).json()["legal_actions"]
        ok = {"seq": seq, "action": legal[k % len(legal)], "id": f"c{k}"}
        refused: list[tuple[Any, dict[str, str] | None]] = [
            (ok, bearer(tokens[waiting])),
            (ok, bearer(other)),
            (ok, None),
            ({**ok, "seq": seq + 1}, bearer(tokens[mover])),
            ({**ok, "seq": max(seq - 3, 0)}, bearer(tokens[mover])),
            ({**ok, "action": "reveal 8"}, bearer(tokens[mover])),
            ({**ok, "action": "A5 p11 o10"}, bearer(tokens[mover])),
            ({**ok, "action": "A5 p11 p12"}, bearer(tokens[mover])),
            ({**ok, "seq": "1"}, bearer(tokens[mover])),
            ({**ok, "extra": 1}, bearer(tokens[mover])),
            ([ok], bearer(tokens[mover])),
            ({"seq": seq, "action": ok["action"]}, bearer(tokens[mover])),
        ]
        if k:
            refused.append(({**ok, "id": f"c{k - 1}"}, bearer(tokens[mover])))  # used before
        for body, headers in refused:
            statuses.add(same(pair, "POST", url + "/actions", json=body, headers=headers))
        for raw, kind in (
            (b"{", "application/json"),
            (b"[" * 5000 + b"]" * 5000, "application/json"),
            (json.dumps(ok).encode(), "text/plain"),
            (b"", "application/json"),
            (b"x" * (65 * 1024), "application/json"),
        ):
            headers = {**bearer(tokens[mover]), "Content-Type": kind}
            statuses.add(same(pair, "POST", url + "/actions", content=raw, headers=headers))
        first, second = (hot, documented) if k % 2 else (documented, hot)
        posted = first.post(url + "/actions", json=ok, headers=bearer(tokens[mover]))
        assert posted.status_code == 200, posted.text
        assert answer(second, "POST", url + "/actions", json=ok, headers=bearer(tokens[mover]))[
            2
        ] == (posted.content)
    assert statuses == {200, 400, 401, 403, 404, 409, 413, 422}


ANY_JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=8,
)
BODIES = st.fixed_dictionaries(
    {},
    optional={
        "seq": st.integers(-2, 3) | ANY_JSON,
        "action": st.sampled_from(["A5 p11", "B5 p11", "reveal 8", "", "A5 p11 p12"]) | ANY_JSON,
        "id": st.text(max_size=10) | ANY_JSON,
        "more": ANY_JSON,
    },
)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(body=BODIES | ANY_JSON, who=st.sampled_from(["waiting", "none", "bad", "other"]))
def test_generated_bodies_get_the_same_refusals(
    pair: tuple[httpx.Client, httpx.Client], body: Any, who: str
) -> None:
    """Generated bodies, by every token but the mover's (so that nothing is stored and the two
    answers are of one game state)."""
    hot, _ = pair
    game = _waiting_game(str(hot.base_url))
    headers = {
        "waiting": bearer(game["seats"][1]["token"]),
        "none": None,
        "bad": bearer("not-a-token"),
        "other": {"Authorization": "Token x"},
    }[who]
    url = f"/api/games/{game['game']}/actions"
    assert same(pair, "POST", url, json=body, headers=headers) in (400, 401, 403, 409)


_GAMES: dict[str, dict[str, Any]] = {}


def _waiting_game(base: str) -> dict[str, Any]:
    """One game per server, A to move: B's token never moves it."""
    if base not in _GAMES:
        _GAMES[base] = create(base, players=2)
    return _GAMES[base]


def test_the_hot_paths_stay_documented(pair: tuple[httpx.Client, httpx.Client]) -> None:
    hot, documented = pair
    doc = hot.get("/openapi.json").json()
    assert doc == documented.get("/openapi.json").json()
    assert set(doc["paths"]["/api/games/{game}"]) == {"get"}
    assert set(doc["paths"]["/api/games/{game}/actions"]) == {"get", "post"}
