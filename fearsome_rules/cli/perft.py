"""``fearsome-rules perft``: count the game tree below a position."""

from __future__ import annotations

import argparse
import sys

from fearsome_rules.cli.options import PLAYERS, whole_number
from fearsome_rules.core.errors import FearsomeError
from fearsome_rules.core.game import new_game
from fearsome_rules.core.perft import divide, estimate, perft_lines
from fearsome_rules.formats.position_string import parse_position

DEPTH = whole_number(1, 6, "give 1 to 6")
LIMIT = 2_000_000
"""The default bound on the estimated states at the deepest depth: a layer of two million
states holds about a gigabyte and takes minutes on one core."""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``fearsome-rules perft``: count the game tree below a position."""
    p = sub.add_parser(
        "perft",
        help="count distinct paths and distinct states per depth below a position",
        description="Perft: per depth, the number of action sequences (every distinct path of a "
        "figure counts; a reveal per distinct tile) and of distinct states reached. Compare "
        "with another implementation to find where move generation differs. Each depth is "
        "printed as soon as it is counted. The tree grows fast: the 4-player start has 46 "
        "states at depth 1 and 66,416 at depth 3, and a position in the placement phase "
        "(advanced, bsw) about 2,000 at depth 1, 4 million at depth 2. A depth whose "
        "estimate (the first ply's states to the power of the depth) exceeds --limit is "
        "refused before the count starts.",
    )
    p.add_argument("--position", metavar="STRING", help="a position string (default: new game)")
    p.add_argument("--players", type=PLAYERS, default=4, help="for a new game: 2 to 7 (default 4)")
    p.add_argument(
        "--depth", type=DEPTH, default=2, help="how many actions deep, 1 to 6 (default 2)"
    )
    p.add_argument("--divide", action="store_true", help="the counts per first action")
    p.add_argument(
        "--limit",
        type=whole_number(1, 10**12),
        default=LIMIT,
        help=f"refuse a depth estimated to hold more states than this (default {LIMIT:,})",
    )
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    state = parse_position(args.position) if args.position else new_game(args.players)
    guess = estimate(state, args.depth)
    if guess > args.limit:
        raise FearsomeError(
            f"--depth {args.depth}: about {guess:,} states at that depth from this position, "
            f"more than --limit {args.limit:,}; give a smaller depth or a larger --limit"
        )
    if args.divide:
        for action, line in sorted(divide(state, args.depth).items()):
            print(f"{action}: {line.paths} paths, {line.states} states")
    for line in perft_lines(state, args.depth):
        print(f"depth {line.depth}: {line.paths} paths, {line.states} states")
        sys.stdout.flush()
    return 0
