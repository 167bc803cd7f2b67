"""The two requests of every action, answered in front of FastAPI: ``GET /api/games/ID`` and
``POST /api/games/ID/actions``.

Each action costs a client two requests (its seat's legal actions, then the post), and under
load FastAPI's and Starlette's layers around each (the middlewares, the routing, the
dependencies' checks, the handlers of exceptions) were about a sixth of the server's time.
:class:`HotRoutes` answers the usual case of these two paths itself, with the same calls the
FastAPI routes make and the same bytes, statuses and errors; anything else goes to the FastAPI
application untouched: every other path and method, a GET with a body, a POST whose body is not
``application/json`` of at most :data:`MAX_BODY` bytes, is not JSON, or is not a valid
:class:`~.models.PostAction` (FastAPI then answers the 400 or the 413 as it always did, from
the body read here and handed on). The FastAPI routes of these paths stay, and describe them in
``/openapi.json``.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Final

from fastapi.responses import JSONResponse
from pydantic import ValidationError
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from fearsome_rules.core.errors import one_line
from fearsome_rules.tools.server.creating import ApiError
from fearsome_rules.tools.server.games import Games
from fearsome_rules.tools.server.models import PostAction

MAX_BODY: Final = 64 * 1024
"""The largest request body, in bytes (an action is a few dozen)."""
MAX_TOKEN: Final = 200
"""A longer Authorization header is no token of this server: refused without hashing it."""
GAMES: Final = "/api/games/"
ACTIONS: Final = "/actions"

log = logging.getLogger("fearsome_rules.server")

Reader = Callable[..., Awaitable[Any]]
"""``reading(call, *args)``: a call made off the event loop (or on it, where the database
allows)."""


def error_response(
    status: int, message: str, rule: str | None = None, **extra: Any
) -> JSONResponse:
    """The API's error: ``{"error": "<one line>", "rule": <rule id or null>, ...}``."""
    headers = {"WWW-Authenticate": "Bearer"} if status == 401 else None
    body = {"error": one_line(message), "rule": rule, **extra}
    return JSONResponse(body, status_code=status, headers=headers)


def bearer(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer TOKEN`` header (None: no header)."""
    if authorization is None:
        return None
    scheme, _, token = authorization.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, "write the Authorization header as: Bearer TOKEN")
    if len(token) > MAX_TOKEN:
        raise ApiError(403, "this token is not a seat of this game")
    return token.strip()


async def send_json(send: Send, body: bytes) -> None:
    """A 200 with a JSON body, the headers a Starlette ``Response`` writes, in its order."""
    await send(
        {
            "type": "http.response.start",
            "status": 200,
            "headers": [
                (b"content-length", str(len(body)).encode()),
                (b"content-type", b"application/json"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class HotRoutes:
    """An ASGI application that answers the usual case of the two hot requests and hands
    everything else to ``app`` (the FastAPI application, its middlewares included).
    ``reading`` runs a read as the FastAPI route does (on the loop on SQLite, else on the work
    threads), ``off_loop`` a call on the work threads."""

    def __init__(self, app: ASGIApp, games: Games, reading: Reader, off_loop: Reader) -> None:
        self.app = app
        self.games = games
        self.reading = reading
        self.off_loop = off_loop

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path: str = scope["path"] if scope["type"] == "http" else ""
        if not path.startswith(GAMES):
            await self.app(scope, receive, send)
            return
        game = path[len(GAMES) :]
        method = scope["method"]
        if method == "GET" and game and "/" not in game:
            await self._get(scope, receive, send, game)
        elif method == "POST" and game.endswith(ACTIONS) and "/" not in game[: -len(ACTIONS)]:
            await self._post(scope, receive, send, game[: -len(ACTIONS)])
        else:
            await self.app(scope, receive, send)

    async def _get(self, scope: Scope, receive: Receive, send: Send, game: str) -> None:
        headers = _headers(scope)
        if headers.get(b"content-length", b"0") != b"0" or b"transfer-encoding" in headers:
            await self.app(scope, receive, send)  # a body: FastAPI's limit reads it
            return
        try:
            token = bearer(_text(headers.get(b"authorization")))
            text = await self.games.view_text_now(game, token)
            if text is None:
                text = await self.reading(self.games.view_text, game, token)
        except Exception as e:
            await _refuse(e, scope, receive, send)
            return
        await send_json(send, text.encode())

    async def _post(self, scope: Scope, receive: Receive, send: Send, game: str) -> None:
        headers = _headers(scope)
        declared = headers.get(b"content-length", b"")
        if (
            headers.get(b"content-type") != b"application/json"
            or not declared.isdigit()
            or len(declared) > 12
            or int(declared) > MAX_BODY
        ):
            await self.app(scope, receive, send)
            return
        body, whole = await _body(receive)
        try:
            found = json.loads(body) if whole and body else None
            fields = PostAction.model_validate(found) if isinstance(found, dict) else None
        except (ValueError, RecursionError, ValidationError):  # deep JSON: RecursionError
            fields = None
        if fields is None:
            await self.app(scope, replay(body, receive), send)  # FastAPI's 400 or 413
            return
        try:
            token = bearer(_text(headers.get(b"authorization")))
            args = (game, token, fields.seq, fields.action, fields.id)
            done = await self.games.post_now(*args)
            if done is None:
                done = await self.off_loop(self.games.post, *args)
        except Exception as e:
            await _refuse(e, scope, receive, send)
            return
        await send_json(send, bytes(JSONResponse(done).body))


def _headers(scope: Scope) -> dict[bytes, bytes]:
    """The request's headers by (lower-case) name, the first of each as Starlette reads them."""
    found: dict[bytes, bytes] = {}
    for name, value in scope["headers"]:
        found.setdefault(name.lower(), value)
    return found


def _text(value: bytes | None) -> str | None:
    return None if value is None else value.decode("latin-1")


async def _body(receive: Receive) -> tuple[bytes, bool]:
    """The request's body, read until its end or past :data:`MAX_BODY`; whether it is whole."""
    body = b""
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return body, False
        body += message.get("body", b"")
        if len(body) > MAX_BODY:
            return body, False
        if not message.get("more_body", False):
            return body, True


def replay(body: bytes, receive: Receive) -> Receive:
    """``receive`` with the body read so far handed on first, as one message."""
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay


async def _refuse(e: Exception, scope: Scope, receive: Receive, send: Send) -> None:
    """The answer FastAPI's exception handlers give: the refusal's, or a 500 for a failure."""
    if isinstance(e, ApiError):
        response = error_response(e.status, e.message, e.rule, **e.extra)
    else:
        log.error("internal error: %s", one_line(f"{type(e).__name__}: {e}"))
        response = error_response(500, "internal error: the server's log says more")
    await response(scope, receive, send)
