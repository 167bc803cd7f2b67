"""``fearsome-rules perft``: count the game tree below a position."""

from __future__ import annotations

import argparse

from fearsome_rules.cli.options import PLAYERS, whole_number
from fearsome_rules.core.game import new_game
from fearsome_rules.formats.position_string import parse_position
from fearsome_rules.tools.perft import divide, perft

DEPTH = whole_number(1, 6, "give 1 to 6")


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``fearsome-rules perft``: count the game tree below a position."""
    p = sub.add_parser(
        "perft",
        help="count distinct paths and distinct states per depth below a position",
        description="Perft: per depth, the number of action sequences (every distinct path of a "
        "figure counts; a reveal per distinct tile) and of distinct states reached. Compare "
        "with another implementation to find where move generation differs.",
    )
    p.add_argument("--position", metavar="STRING", help="a position string (default: new game)")
    p.add_argument("--players", type=PLAYERS, default=4, help="for a new game: 2 to 7 (default 4)")
    p.add_argument(
        "--depth", type=DEPTH, default=2, help="how many actions deep, 1 to 6 (default 2)"
    )
    p.add_argument("--divide", action="store_true", help="the counts per first action")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    state = parse_position(args.position) if args.position else new_game(args.players)
    if args.divide:
        for action, line in sorted(divide(state, args.depth).items()):
            print(f"{action}: {line.paths} paths, {line.states} states")
    for line in perft(state, args.depth):
        print(f"depth {line.depth}: {line.paths} paths, {line.states} states")
    return 0
