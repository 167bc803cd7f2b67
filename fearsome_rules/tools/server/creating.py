"""A new game: its seats checked, their tokens, its secret seed, its rows; and
:class:`ApiError`, the refusal every part of the server answers with."""

from __future__ import annotations

import secrets
from typing import Any

from fearsome_rules.core.errors import FearsomeError, SetupError, quote
from fearsome_rules.core.game import new_game
from fearsome_rules.core.state import SEAT_LETTERS, GameState
from fearsome_rules.formats.state_json import RecordError, options_from_doc
from fearsome_rules.tools.server import chance
from fearsome_rules.tools.server.seats import (
    OPEN,
    PERSON,
    SeatError,
    new_token,
    seat_kind,
    token_hash,
    turn_of,
)
from fearsome_rules.tools.server.storage import Store


class ApiError(FearsomeError):
    """A refusal: the HTTP status, a one-line message, the rule id where the engine named one,
    and what else the answer carries (the actions a client missed)."""

    def __init__(self, status: int, message: str, rule: str | None = None, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.rule = rule
        self.extra = extra


def create(
    store: Store,
    players: int,
    setup: str,
    options: dict[str, str | bool] | None,
    seats: list[str] | None,
    start_player: str,
    online: dict[str, Any] | None,
) -> tuple[dict[str, Any], GameState]:
    """A new game stored: its id, a token per person's seat, the hash of its secret seed; and
    its first state. ``online`` holds the columns of :mod:`.online` (listed, time limit); an
    ``open`` seat is a person's seat without a token yet, taken by whoever joins it first."""
    names = seats if seats is not None else [PERSON] * players
    open_seats = {k for k, n in enumerate(names) if n.strip().lower() == OPEN}
    names = [PERSON if k in open_seats else n for k, n in enumerate(names)]
    if len(names) != players:
        raise ApiError(400, f"seats: {len(names)} seats for {players} players")
    try:
        kinds = tuple(seat_kind(n) for n in names)
    except SeatError as e:
        raise ApiError(400, f"seats: {e}") from None
    if start_player not in SEAT_LETTERS[:players]:
        raise ApiError(
            400,
            f"start_player: {quote(start_player)} is not a seat A-{SEAT_LETTERS[players - 1]}",
        )
    try:
        opts = options_from_doc(options or {}, "options")
        state = new_game(players, SEAT_LETTERS.index(start_player), opts, setup)
    except SetupError as e:
        raise ApiError(400, str(e), e.rule) from None
    except RecordError as e:
        raise ApiError(400, str(e)) from None
    game = secrets.token_urlsafe(12)
    seed = chance.new_seed()
    tokens = [
        new_token() if kind == PERSON and k not in open_seats else None
        for k, kind in enumerate(kinds)
    ]
    store.create(
        game,
        players,
        state.start_player,
        setup,
        dict(options or {}),
        seed,
        chance.seed_hash(seed),
        turn_of(state, kinds),
        kinds,
        [token_hash(t).hex() if t else None for t in tokens],
        online,
    )
    created = {
        "game": game,
        "seats": [{"seat": SEAT_LETTERS[k], "token": t} for k, t in enumerate(tokens) if t],
        "seed_hash": chance.seed_hash(seed),
    }
    return created, state
