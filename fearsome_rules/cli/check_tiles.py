"""``fearsome-rules check-tiles``: check that a finished online game's monster tiles are the ones
its published seed gives (docs/server.md)."""

from __future__ import annotations

import argparse
import json
import urllib.error
import urllib.request
from typing import Any

from fearsome_rules.core.errors import FearsomeError, quote
from fearsome_rules.formats.record import GameRecord, load_record
from fearsome_rules.tools.server.chance import check_tiles

MAX_ANSWER = 4_000_000
"""The most bytes read of a server's answer."""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``check-tiles`` on the command line's subparsers."""
    p = sub.add_parser(
        "check-tiles",
        help="check a finished online game's tiles against its published seed",
        description="Replay a game played on a fearsome-rules server and check that every "
        "monster tile is the one its secret seed gives, and that the seed is the one whose "
        "SHA-256 the server published when the game was created. GAME is the game's URL "
        "(http://HOST:PORT/api/games/ID: the record, seed and hash are read from there once "
        "the game is over) or a record file, with --seed and --seed-hash. Exit status 0 when "
        "every tile matches, 1 when one does not.",
    )
    p.add_argument("game", metavar="GAME", help="the game's URL, or a record file")
    p.add_argument("--seed", metavar="HEX", help="the game's seed (64 hex digits)")
    p.add_argument("--seed-hash", metavar="HEX", help="the seed's SHA-256 published at the start")
    p.set_defaults(run=run)


def _fetch(url: str) -> Any:
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            return json.loads(answer.read(MAX_ANSWER))
    except urllib.error.HTTPError as e:
        raise FearsomeError(f"{quote(url)}: HTTP {e.code}") from None
    except (urllib.error.URLError, OSError, ValueError) as e:
        raise FearsomeError(f"{quote(url)}: {getattr(e, 'reason', e)}") from None


def run(args: argparse.Namespace) -> int:
    """Check, print one line, exit 0 or 1."""
    seed, published = args.seed, args.seed_hash
    if args.game.startswith(("http://", "https://")):
        url = args.game.rstrip("/")
        view = _fetch(url)
        if not isinstance(view, dict) or "seed_hash" not in view:
            raise FearsomeError(f"{quote(url)}: not a game of a fearsome-rules server")
        if not view.get("seed"):
            raise FearsomeError("the game is not over: its seed is still secret")
        seed, published = seed or view["seed"], published or view["seed_hash"]
        record = GameRecord.from_json(_fetch(url + "/record"))
    else:
        record = load_record(args.game)
    if not seed:
        raise FearsomeError("give the game's seed: --seed HEX")
    result = check_tiles(record, seed, published)
    if not result.ok:
        print(f"MISMATCH: {result.mismatch}")
        return 1
    hashed = " and the seed is the one published" if published else ""
    print(f"ok: all {result.reveals} tiles are the seed's{hashed}")
    return 0
