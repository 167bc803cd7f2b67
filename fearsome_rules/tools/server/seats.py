"""Seats and their tokens: who may move which seat of which game.

A person's seat gets a token of :data:`TOKEN_BYTES` random bytes from :mod:`secrets` (URL-safe
base64, 43 characters). The server stores only its SHA-256 and compares hashes with
:func:`hmac.compare_digest`, against every seat of the game, so that neither a stolen database
nor the time an answer takes tells a token. A bot's seat has no token: the server plays it.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence
from typing import Final

from fearsome_rules.core.errors import FearsomeError, quote
from fearsome_rules.core.state import SEAT_LETTERS, GameState, Phase
from fearsome_rules.tools.bots import BOT_NAMES, SearchBot, find_bot

TOKEN_BYTES: Final = 32
"""256 random bits a token (the issue asks for at least 128)."""
PERSON: Final = "person"
"""A seat played by a client holding its token."""
OPEN: Final = "open"
"""At creation: a person's seat without a token, joined from the lobby by whoever comes first."""
MOST_BOT_NODES: Final = 5_000
MOST_BOT_SECONDS: Final = 2.0
"""The largest search a server bot may be given a move: the server plays bots on its own
processors, between the clients' requests."""


class SeatError(FearsomeError):
    """A seat that names no player or bot, or a bot the server does not play."""


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def token_hash(token: str) -> bytes:
    """What is stored of a token: its SHA-256."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).digest()


def seat_of(token: str, hashes: Sequence[bytes | None]) -> int | None:
    """The seat whose stored hash is ``token``'s, or None. Every seat is compared, each in
    constant time, whichever matches."""
    mine = token_hash(token)
    found = None
    for seat, stored in enumerate(hashes):
        if stored is not None and hmac.compare_digest(mine, stored):
            found = seat
    return found


def seat_kind(name: str) -> str:
    """A seat of a new game as stored: ``person``, or the bot's name as the registry knows it
    (SeatError for an unknown bot or a search beyond the server's limits)."""
    key = name.strip().lower()
    if key == PERSON:
        return PERSON
    try:
        bot = find_bot(key)
    except FearsomeError:
        raise SeatError(
            f"seat {quote(name)}: a seat is {PERSON!r} or a bot ({BOT_NAMES})"
        ) from None
    if isinstance(bot, SearchBot):
        nodes, seconds = bot.budget.nodes, bot.budget.seconds
        if (nodes or 0) > MOST_BOT_NODES or (seconds or 0) > MOST_BOT_SECONDS:
            raise SeatError(
                f"seat {quote(name)}: this server's bots search at most {MOST_BOT_NODES:,} "
                f"nodes or {MOST_BOT_SECONDS:g} s a move"
            )
        return bot.name
    return key


def turn_of(state: GameState, kinds: tuple[str, ...]) -> str:
    """Who acts next: ``person`` (a client's seat), ``server`` (a tile, a bot) or ``over``."""
    if state.phase is Phase.OVER:
        return "over"
    if state.phase is Phase.MONSTER or kinds[state.to_move] != PERSON:
        return "server"
    return "person"


def seat_letter(state: GameState) -> str | None:
    """The seat to move, as a letter; None at a tile and at the end."""
    if state.phase in (Phase.FIGURES, Phase.PLACEMENT) and state.to_move >= 0:
        return SEAT_LETTERS[state.to_move]
    return None
