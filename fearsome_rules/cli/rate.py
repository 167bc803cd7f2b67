"""``fearsome-rules rate``: a seeded round-robin tournament between bots, and their ratings."""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time

from fearsome_rules.cli.executors import add_run_arguments, check_run, progress_bar, running
from fearsome_rules.cli.options import (
    PLAYERS,
    SEED,
    add_chart_argument,
    check_output,
    rule_options,
    whole_number,
    write_output,
)
from fearsome_rules.core import COMPILED
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.tools.bots import BOT_NAMES
from fearsome_rules.tools.charts import pyplot
from fearsome_rules.tools.rating import (
    Ratings,
    check_bots,
    format_head_to_head,
    format_ratings,
    openskill_model,
    play_tournament,
    rate,
    seatings,
)
from fearsome_rules.tools.rating.chart import write_chart

RATINGS_FORMAT = "fearsome-rules/ratings"
"""The ``format`` of ``--json``'s document (docs/stability.md)."""
DEFAULT_BOTS = "random,greedy,search:10,search:50,search:200"
GAMES = whole_number(1, 100_000, "1 to 100,000 games a seating")


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``rate`` on the command line's subcommands."""
    p = sub.add_parser(
        "rate",
        help="rate bots in a seeded round-robin tournament (OpenSkill; needs the rating extra)",
        description="Play every table of K different bots from the list, each in every "
        "rotation of its seats, GAMES seeded games a seating; rate the bots with OpenSkill's "
        "Plackett-Luce model over each game's places (seats with no figure out share the last "
        "place), and print the ratings, the win rates with 95 % intervals and who finished "
        "ahead of whom, as Markdown tables. The same arguments give the same numbers whatever "
        "plays the games. Needs pip install 'fearsome_rules[rating]'.",
    )
    p.add_argument(
        "--bots",
        default=DEFAULT_BOTS,
        metavar="NAME,NAME,...",
        help=f"the bots, at least K ({BOT_NAMES}; default {DEFAULT_BOTS})",
    )
    p.add_argument("--players", type=PLAYERS, default=4, metavar="K", help="2 to 7 (default 4)")
    p.add_argument(
        "--games",
        type=GAMES,
        default=10,
        metavar="N",
        help="games a seating (a table of K bots in one rotation of its seats; default 10)",
    )
    p.add_argument("--seed", type=SEED, default=1, metavar="S", help="the base seed (default 1)")
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=f"a rule option ({', '.join(RuleOptions.names())}); repeatable",
    )
    add_run_arguments(p, "also write the ratings and every game as JSON")
    add_chart_argument(p, "the win rates and the ratings")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """``fearsome-rules rate``: play the tournament, print the tables, write JSON if asked."""
    check_run(args)
    check_output(args.chart, "--chart")
    if args.chart:
        pyplot()  # matplotlib is there before any game is played
    openskill_model()  # the extra is there before any game is played
    names = check_bots(args.bots.split(","), args.players)
    options = rule_options(args.option)
    tables = seatings(names, args.players)
    total = len(tables) * args.games
    bar = progress_bar(args, total)
    try:
        with running(args) as run_on:
            print(
                f"Fearsome Floors ratings: {args.players}-player tables of {', '.join(names)}; "
                f"{len(tables)} seatings x {args.games} game{'s' * (args.games != 1)}"
                f" = {total} games, "
                f"{args.setup} setup, seed {args.seed}"
            )
            started = time.monotonic()
            tournament = play_tournament(
                names,
                args.players,
                args.games,
                args.seed,
                options,
                args.setup,
                run_on.executor,
                None if bar is None else lambda done, _total: bar.update(done),
                workers=run_on.workers,
                chunksize=args.chunksize,
            )
    except KeyboardInterrupt:
        print("fearsome-rules: interrupted", file=sys.stderr)
        return 130
    finally:
        if bar is not None:
            bar.close()
    seconds = time.monotonic() - started
    ratings = rate(tournament)
    print()
    print(format_ratings(ratings))
    print()
    print(format_head_to_head(ratings))
    build = "compiled" if COMPILED else "pure"
    print(
        f"\n{total} games in {seconds:.0f} s ({run_on.report()}; {build} kernel, "
        f"Python {platform.python_version()})"
    )
    doc = _json(ratings, seconds)
    if args.json:
        write_output(args.json, json.dumps(doc, indent=2) + "\n", "--json")
    if args.chart:
        write_chart(doc, args.chart)
    return 0


def _json(ratings: Ratings, seconds: float) -> dict[str, object]:
    t = ratings.tournament
    return {
        "format": RATINGS_FORMAT,
        "version": 1,
        "players": t.players,
        "bots": list(t.bots),
        "games_per_seating": t.games_per_seating,
        "seed": t.seed,
        "seconds": seconds,
        "ratings": [
            {
                "bot": r.name,
                "games": r.games,
                "wins": r.wins,
                "win_rate": r.win_rate,
                "win_interval": list(r.win_interval),
                "mean_place": r.mean_place,
                "mu": r.mu,
                "sigma": r.sigma,
                "ordinal": r.ordinal,
            }
            for r in ratings.bots
        ],
        "head_to_head": [
            {
                "first": h.first,
                "second": h.second,
                "games": h.games,
                "first_ahead": h.first_ahead,
                "second_ahead": h.second_ahead,
            }
            for h in ratings.pairs
        ],
        "games": [
            {"seating": list(g.seating), "seed": g.seed, "places": list(g.places)} for g in t.games
        ],
    }
