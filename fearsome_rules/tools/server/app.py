"""The game server's web application: the HTTP API, the live WebSocket feed and the web page.

:func:`create_app` builds a FastAPI application over one database; ``fearsome-rules serve``
runs it in uvicorn. The routes only translate: :class:`~.games.Games` does the work, and its
:class:`~.games.ApiError` becomes ``{"error": "<one line>", "rule": <rule id or null>}`` with
its status, as do a malformed body (400), an unknown path (404) and a body over
:data:`MAX_BODY` (413, before the body is read further). The usual case of the two requests of
every action is answered in front of FastAPI by :class:`~.hot.HotRoutes`, with the same bytes.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from importlib import metadata
from pathlib import Path
from typing import Annotated, Any, Final, ParamSpec, TypeVar

import anyio
import anyio.to_thread
from fastapi import FastAPI, Header, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect

from fearsome_rules.core import COMPILED
from fearsome_rules.core.errors import one_line, quote
from fearsome_rules.tools.server import models
from fearsome_rules.tools.server.creating import ApiError
from fearsome_rules.tools.server.games import Games
from fearsome_rules.tools.server.hot import MAX_BODY, HotRoutes, bearer, error_response, replay
from fearsome_rules.tools.server.live import Hub
from fearsome_rules.tools.server.online import Online, OnlineLoop
from fearsome_rules.tools.server.snapshots import Committed
from fearsome_rules.tools.server.storage import Store

IDLE: Final = 2.0
"""Seconds after which a game the server owes an action is taken up by any process."""
SWEEP: Final = 1.0
"""How often each process looks for such games."""
TURN_THREADS: Final = 4
"""Threads a process gives the server's own turns (a bot's search) at most."""
WORK_THREADS: Final = 4
"""Threads of the hot routes' work (the database's round trips and commits, the engine):
few, each handed work through a C queue, since the interpreter runs one at a time anyway
(measured: FastAPI's pool of 40 threads cost about a quarter of the server's time in handing
requests over and back)."""

COLLECTOR: Final = (50_000, 20, 100)
"""The cyclic garbage collector's thresholds in a server process (Python's: 700, 10, 10)."""

log = logging.getLogger("fearsome_rules.server")

P = ParamSpec("P")
T = TypeVar("T")

ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": models.ErrorBody, "description": what}
    for status, what in (
        (400, "a malformed body or parameter"),
        (401, "no token"),
        (403, "a token that is not the seat to move, or not of this game"),
        (404, "no such game"),
        (409, "a stale seq: the actions the client missed"),
        (413, "a body over 64 KB"),
        (422, "an illegal action: the rule it breaks"),
    )
}


def _json(text: str) -> Response:
    """An answer whose JSON is written already (the state's, encoded once per seq)."""
    return Response(text, media_type="application/json")


class BodyLimit:
    """Refuse a request body over ``limit`` bytes with a 413, from its Content-Length or as
    soon as it has sent that much, and hand the rest of the application the body read."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length", b"0")
        if declared.isdigit() and (len(declared) > 12 or int(declared) > self.limit):
            await self._refuse(scope, receive, send)
            return
        body = b""
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                break
            body += message.get("body", b"")
            more = message.get("more_body", False)
            if len(body) > self.limit:
                await self._refuse(scope, receive, send)
                return
        await self.app(scope, replay(body, receive), send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        response = error_response(413, f"the body is over {self.limit // 1024} KB")
        response.headers["Connection"] = "close"
        await response(scope, receive, send)


class Application(FastAPI):
    """The FastAPI application, with :class:`~.hot.HotRoutes` in front of it when set."""

    hot: ASGIApp | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.hot is None:
            await super().__call__(scope, receive, send)
        else:
            await self.hot(scope, receive, send)

    async def behind(self, scope: Scope, receive: Receive, send: Send) -> None:
        """The FastAPI application itself, its middlewares and routes."""
        await super().__call__(scope, receive, send)


class ServerTurns:
    """The server's own actions (tiles, bots), played off the event loop, one runner a game on
    this process; the database's compare-and-swap keeps processes from playing one twice."""

    def __init__(self, games: Games) -> None:
        self.games = games
        self.running: set[str] = set()
        self.again: set[str] = set()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.tasks: set[asyncio.Task[None]] = set()
        self.limiter: anyio.CapacityLimiter | None = None

    def kick(self, game: str) -> None:
        """Play the game's server actions, if any are due (callable from any thread)."""
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self._kick, game)

    def _kick(self, game: str) -> None:
        if game in self.running:
            self.again.add(game)
            return
        self.running.add(game)
        task = asyncio.ensure_future(self._run(game))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _run(self, game: str) -> None:
        try:
            while True:
                self.again.discard(game)
                # A tile on the loop where the database allows it (a commit after it kicks
                # this game again); a bot's search, or a game to read first, on a thread.
                if not await self.games.serve_tile_now(game):
                    await anyio.to_thread.run_sync(
                        self.games.serve_turns, game, limiter=self.limiter
                    )
                if game not in self.again:
                    return
        except Exception:
            log.exception("game %s: the server's turn failed; taken up again later", game)
        finally:
            self.running.discard(game)

    async def sweep(self, store: Store) -> None:
        """Take up the games whose server action is overdue (after a restart, or a process
        that stopped); every :data:`SWEEP` seconds."""
        idle = 0.0
        while True:
            try:
                for game in await anyio.to_thread.run_sync(store.owed, idle):
                    self._kick(game)
            except Exception:
                log.exception("the sweep for owed server actions failed")
            idle = IDLE
            await asyncio.sleep(SWEEP)


def create_app(
    db: str, web: Path | None = None, private_webhooks: bool = False, hot: bool = True
) -> FastAPI:
    """The server over database ``db`` (``sqlite:///FILE`` or ``postgresql://...``), serving
    the built web page in ``web`` at ``/`` if given; ``private_webhooks`` lets seats' webhooks
    go to loopback and private addresses (a test's receiver, a server on one's own network).
    ``hot=False`` leaves out :class:`~.hot.HotRoutes` (a test compares the two)."""
    store = Store(db)
    # The feeds read the log by themselves only as a safety net (and for several processes on
    # one SQLite file, which have no notices): a commit on this process wakes them at once.
    games = Games(store)
    hub = Hub(store, games.shown, 10.0 if store.dialect == "sqlite" else 15.0, games.shown_now)
    turns = ServerTurns(games)
    online = Online(games, private_webhooks)
    online_loop = OnlineLoop(online)

    def committed(done: Committed) -> None:
        hub.committed(done.game, done.seq, done.action)
        if done.turn == "server":
            turns.kick(done.game)
        online_loop.committed(done)

    games.on_commit = committed
    work = ThreadPoolExecutor(WORK_THREADS, thread_name_prefix="fearsome-work")

    async def off_loop(call: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """``call`` on the work threads: the database's waits never hold the event loop."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(work, lambda: call(*args, **kwargs))

    async def reading(call: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T:
        """A read: on the event loop itself where the database allows it (:attr:`Store.inline`;
        measured on SQLite: 0.61 ms of server CPU a GET instead of 0.73), else off it."""
        if store.inline:
            return call(*args, **kwargs)
        return await off_loop(call, *args, **kwargs)

    @contextlib.asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        # The cyclic collector was a fifth of the server's samples at 1,000 games, its full
        # passes about 100 ms each. What is loaded by now (the modules, the application) lives
        # as long as the process: out of its sight. And it runs after 50,000 new objects, not
        # 700: most of a request's die by then (measured: 0.2 s of collection in 30 s under
        # load instead of 2.9, no full pass; one every 100 million objects or so remains).
        gc.freeze()
        gc.set_threshold(*COLLECTOR)
        hub.start()
        store.read_here()
        turns.loop = asyncio.get_running_loop()
        # Bots think on at most TURN_THREADS threads: the requests keep the rest.
        turns.limiter = anyio.CapacityLimiter(TURN_THREADS)
        background = [
            asyncio.ensure_future(turns.sweep(store)),
            asyncio.ensure_future(online_loop.run()),
        ]
        if store.dialect == "postgresql":
            background.append(asyncio.ensure_future(hub.listen()))
        try:
            yield
        finally:
            for task in background:
                task.cancel()
            work.shutdown(wait=True)
            if games.direct is not None:
                await games.direct.close()
            store.close()

    app = Application(
        title="Fearsome Floors game server",
        version="1",
        description="Play Fearsome Floors over HTTP and WebSocket: docs/server.md.",
        lifespan=lifespan,
        responses=ERRORS,
    )
    app.add_middleware(BodyLimit, limit=MAX_BODY)

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, e: Exception) -> Response:
        assert isinstance(e, ApiError)
        return error_response(e.status, e.message, e.rule, **e.extra)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_request: Request, e: Exception) -> Response:
        assert isinstance(e, RequestValidationError)
        return error_response(400, _validation_message(e))

    @app.exception_handler(HTTPException)
    async def http_error(_request: Request, e: Exception) -> Response:
        assert isinstance(e, HTTPException)
        return error_response(e.status_code, str(e.detail))

    @app.exception_handler(Exception)
    async def server_error(_request: Request, e: Exception) -> Response:
        log.error("internal error: %s", one_line(f"{type(e).__name__}: {e}"))
        return error_response(500, "internal error: the server's log says more")

    @app.get("/api/health", response_model=models.Health)
    def health() -> Any:
        """200 while the database answers (503 when it does not)."""
        if not store.healthy():
            raise ApiError(503, "the database does not answer")
        return {"status": "ok", "database": store.dialect, "engine": engine_version()}

    @app.post("/api/games", status_code=201, response_model=models.GameCreated)
    def create_game(body: models.NewGame) -> Any:
        """A new game: a token per person's seat, and the hash of the game's secret seed."""
        columns = online.columns(body.listed, body.turn_seconds, body.timeout_bot)
        return games.create(
            body.players, body.setup, body.options, body.seats, body.start_player, columns
        )

    @app.get("/api/lobby", response_model=models.Lobby)
    def lobby() -> Any:
        """The listed games that go on and have an open seat to join, newest first."""
        return {"games": online.lobby()}

    @app.post("/api/games/{game}/join", response_model=models.Joined)
    def join(game: str, body: models.JoinSeat) -> Any:
        """A token for an open seat; 409 when someone took it first."""
        return online.join(game, body.seat)

    @app.put("/api/games/{game}/webhook", response_model=models.WebhookSet)
    def put_webhook(
        game: str, body: models.Webhook, authorization: Annotated[str | None, Header()] = None
    ) -> Any:
        """The URL posted ``{"type": "your_turn", ...}`` when it is the token's seat's turn."""
        return online.set_webhook(game, bearer(authorization), body.url)

    @app.delete("/api/games/{game}/webhook", response_model=models.WebhookSet)
    def delete_webhook(game: str, authorization: Annotated[str | None, Header()] = None) -> Any:
        """No more notices for the token's seat."""
        return online.set_webhook(game, bearer(authorization), None)

    # The hot routes are coroutines that hand only their work to the work threads, and answer
    # with JSON written once: FastAPI would run a plain function on its pool of 40 threads and
    # check and encode its answer on the pool again.
    @app.get("/api/games/{game}", response_model=models.GameView, response_model_exclude_none=False)
    async def get_game(game: str, authorization: Annotated[str | None, Header()] = None) -> Any:
        """The game: its state, who is to move, the outcome; with a seat's token
        (``Authorization: Bearer TOKEN``) also that seat's legal actions."""
        token = bearer(authorization)
        text = await games.view_text_now(game, token)
        return _json(text if text is not None else await reading(games.view_text, game, token))

    @app.post("/api/games/{game}/actions", response_model=models.Posted)
    async def post_action(
        game: str,
        body: models.PostAction,
        authorization: Annotated[str | None, Header()] = None,
    ) -> Any:
        """A seat's action, committed before the answer; 409 with the actions missed when
        ``seq`` is not the game's."""
        token = bearer(authorization)
        done = await games.post_now(game, token, body.seq, body.action, body.id)
        if done is None:
            done = await off_loop(games.post, game, token, body.seq, body.action, body.id)
        return JSONResponse(done)

    @app.get("/api/games/{game}/actions", response_model=models.Actions)
    async def get_actions(game: str, since: Annotated[int, Query(ge=0, le=1_000_000)] = 0) -> Any:
        """Every action after number ``since``, with the engine's events."""
        shown = await reading(games.actions, game, since)
        return _json('{"actions": [' + ", ".join(a.text for a in shown) + "]}")

    @app.get("/api/games/{game}/record")
    def get_record(game: str) -> Any:
        """The game record (``fearsome-rules/record``): replay it with ``fr.GameRecord``."""
        return games.record(game)

    @app.websocket("/api/games/{game}/live")
    async def live(websocket: WebSocket, game: str) -> None:
        """The actions after ``since`` (a query parameter), then each new one as it is
        committed, one JSON object per message; closed (1000) after the game's last."""
        try:
            since = _since(websocket.query_params.get("since", "0"))
            await reading(games.actions, game, since, 0)
        except ApiError as e:
            await _deny(websocket, e)
            return
        await websocket.accept()

        async def pump() -> None:
            with contextlib.suppress(WebSocketDisconnect):  # the client left: nothing to do
                async for action in hub.stream(game, since):
                    await websocket.send_text(action.text)

        async def drain() -> None:
            with contextlib.suppress(WebSocketDisconnect):
                while True:
                    await websocket.receive_text()

        tasks = [asyncio.ensure_future(pump()), asyncio.ensure_future(drain())]
        done, pending = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for task in pending:
            task.cancel()
        if tasks[0] in done and tasks[0].exception() is None:
            with contextlib.suppress(Exception):
                await websocket.close(1000, "game over")

    @app.api_route(
        "/api/{rest:path}",
        methods=["GET", "POST", "PUT", "PATCH", "DELETE"],
        include_in_schema=False,
    )
    def unknown(rest: str) -> Any:
        raise ApiError(404, f"no such path: /api/{quote(rest, 60)}")

    _page(app, web)
    if hot:
        app.hot = HotRoutes(app.behind, games, reading, off_loop)
    return app


def _since(text: str) -> int:
    word = text.strip()
    if not word.isdigit() or len(word) > 7 or int(word) > 1_000_000:
        raise ApiError(400, f"since: {quote(text, 40)} is not a whole number 0-1000000")
    return int(word)


async def _deny(websocket: WebSocket, e: ApiError) -> None:
    """Refuse the handshake with the error's status and body (or close with 4000 + status
    where the server cannot answer a handshake with a response)."""
    if "websocket.http.response" in websocket.scope.get("extensions", {}):
        await websocket.send_denial_response(error_response(e.status, e.message, e.rule))
    else:
        await websocket.close(4000 + e.status, one_line(e.message)[:120])


def _page(app: FastAPI, web: Path | None) -> None:
    if web is not None:
        app.mount("/", StaticFiles(directory=web, html=True), name="page")
        return

    @app.get("/", include_in_schema=False)
    def no_page() -> HTMLResponse:
        return HTMLResponse(
            "<!doctype html><title>Fearsome Floors</title><p>This server has no web page: "
            "build it with <code>fearsome-rules web --build-only</code> in a clone and start "
            "the server there, or give <code>--web DIR</code>. The API is at "
            '<a href="/docs">/docs</a> (<a href="/openapi.json">/openapi.json</a>).</p>'
        )


def _validation_message(e: RequestValidationError) -> str:
    errors = e.errors()
    if not errors:
        return "malformed request"
    first = errors[0]
    where = [str(p) for p in first.get("loc", ()) if p not in ("body", "query", "header")]
    place = "$." + ".".join(where) if where else "the body"
    kind = first.get("type", "")
    if kind in ("json_invalid", "model_attributes_type") or first.get("loc") == ("body",):
        return f"the body is not a JSON object: {first.get('msg', '')}"
    shown = (
        f" (found {quote(first['input'], 40)})" if "input" in first and kind != "missing" else ""
    )
    more = f"; {len(errors) - 1} more" if len(errors) > 1 else ""
    return f"{place}: {first.get('msg', 'invalid')}{shown}{more}"


def engine_version() -> str:
    """The engine's version and build, as ``/api/health`` reports it."""
    try:
        number = metadata.version("fearsome_rules")
    except metadata.PackageNotFoundError:
        number = "(not installed)"
    return f"{number} ({'compiled' if COMPILED else 'pure'} kernel)"
