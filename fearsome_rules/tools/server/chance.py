"""The server's chance: every monster tile drawn from a per-game secret seed, so that no client
can predict a tile, and anyone can check every tile once the seed is published.

A game's seed is 32 bytes from :mod:`secrets`, written as 64 hexadecimal digits. At creation
the server publishes ``seed_hash``, the SHA-256 of those 32 bytes; when the game ends it
publishes the seed. The tile revealed as action number ``seq`` (1-based, the game's sequence
number) is :func:`draw_tile`: HMAC-SHA256 keyed with the seed over ``fearsome-rules/tile
{seq}``, read as a big-endian number, taken modulo the common denominator of the
probabilities :func:`fearsome_rules.core.game.chance_outcomes` gives, and looked up in the
tiles sorted by name, each over as many numbers as its probability. :func:`check_tiles`
replays a finished game and draws every reveal again.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import secrets
from typing import Final

import attrs

from fearsome_rules.core.actions import Reveal, parse_action
from fearsome_rules.core.errors import FearsomeError, quote
from fearsome_rules.core.game import chance_outcomes
from fearsome_rules.core.state import GameState, Phase
from fearsome_rules.formats.record import GameRecord

SEED_BYTES: Final = 32
"""256 bits of secret a game."""


class SeedError(FearsomeError):
    """A seed that is not 64 hexadecimal digits, or that does not match its published hash."""


def new_seed() -> str:
    """A fresh secret seed, as 64 hexadecimal digits."""
    return secrets.token_hex(SEED_BYTES)


def seed_bytes(seed: str) -> bytes:
    """The 32 bytes a seed's 64 hexadecimal digits stand for (SeedError for anything else)."""
    text = seed.strip().lower() if isinstance(seed, str) else ""
    if len(text) != 2 * SEED_BYTES or any(c not in "0123456789abcdef" for c in text):
        raise SeedError(f"a seed is {2 * SEED_BYTES} hexadecimal digits, not {quote(seed)}")
    return bytes.fromhex(text)


def seed_hash(seed: str) -> str:
    """What the server publishes at creation: the SHA-256 of the seed's 32 bytes, in hex."""
    return hashlib.sha256(seed_bytes(seed)).hexdigest()


def _number(seed: str, purpose: str, seq: int) -> int:
    mac = hmac.new(seed_bytes(seed), f"fearsome-rules/{purpose} {seq}".encode(), "sha256")
    return int.from_bytes(mac.digest(), "big")


def draw_tile(state: GameState, seed: str, seq: int) -> Reveal:
    """The tile the server reveals as action ``seq`` in ``state`` (a monster phase)."""
    outcomes = sorted(chance_outcomes(state), key=lambda o: o[0].tile)
    if not outcomes:
        raise SeedError(f"action {seq}: not a monster phase, nothing to draw")
    total = math.lcm(*(p.denominator for _, p in outcomes))
    r = _number(seed, "tile", seq) % total
    for reveal, p in outcomes:
        share = p.numerator * (total // p.denominator)
        if r < share:
            return reveal
        r -= share
    raise AssertionError("unreachable: the probabilities of the outcomes add up to 1")


def bot_seed(seed: str, seq: int) -> int:
    """The seed a server bot searches or draws with for action ``seq``: reproducible from the
    game's seed, unknown to the players while the game runs."""
    return _number(seed, "bot", seq) >> (256 - 63)


@attrs.frozen
class TileCheck:
    """What :func:`check_tiles` found: how many tiles it checked, and the first difference."""

    reveals: int
    mismatch: str | None = None

    @property
    def ok(self) -> bool:
        return self.mismatch is None


def check_tiles(record: GameRecord, seed: str, published_hash: str | None = None) -> TileCheck:
    """Check that every tile revealed in ``record`` is the one ``seed`` gives, and (when
    given) that ``seed`` is the one whose hash the server published at the start.

    Replays the record (RecordError for an illegal action); a mismatch is reported, not raised.
    """
    if published_hash is not None and seed_hash(seed) != published_hash.strip().lower():
        return TileCheck(0, f"the seed's SHA-256 is {seed_hash(seed)}, not {quote(published_hash)}")
    seed_bytes(seed)
    states = record.states()
    state = next(states)
    reveals = 0
    for seq, text in enumerate(record.actions, 1):
        after = next(states)  # RecordError, naming the action, for one that does not replay
        if state.phase is Phase.MONSTER:
            reveals += 1
            expected = draw_tile(state, seed, seq)
            if parse_action(text) != expected:
                return TileCheck(reveals, f"action {seq}: {text!r}, but the seed gives {expected}")
        state = after
    return TileCheck(reveals)
