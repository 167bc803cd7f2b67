"""``fearsome-rules readings``: how often each disputed reading decides something in play."""

from __future__ import annotations

import argparse
import json
import sys
import time

from fearsome_rules.cli.executors import add_run_arguments, check_run, progress_bar, running
from fearsome_rules.cli.options import (
    GAMES,
    MAX_GAMES,
    PLAYERS,
    SEED,
    add_chart_argument,
    check_output,
    write_output,
)
from fearsome_rules.core.errors import FearsomeError
from fearsome_rules.tools.bots import BOT_NAMES, find_bot
from fearsome_rules.tools.charts import pyplot
from fearsome_rules.tools.readings.report import format_markdown, measure, write_chart


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``readings`` on the command line's subcommands."""
    p = sub.add_parser(
        "readings",
        help="how often each disputed reading decides something, and how often it changes "
        "the winner",
        description="Play seeded games between bots under the default readings, asking at "
        "every action which options would change what it does (readings_that_matter), and "
        "report per option: the share of games in which it mattered (95 % interval), how "
        "often a game, the round it first mattered; then play the same games under each "
        "option's other value and report how often the winner changes and how the game's "
        "length, the figures out and the figures eaten change. A Markdown table on stdout; "
        "--json and --chart for scripts and pictures.",
    )
    p.add_argument(
        "--games",
        type=GAMES,
        default=1000,
        metavar="N",
        help=f"games, 1 to {MAX_GAMES:,} (default 1000)",
    )
    p.add_argument("--players", type=PLAYERS, default=4, metavar="K", help="2 to 7 (default 4)")
    p.add_argument("--seed", type=SEED, default=1, metavar="S", help="the base seed (default 1)")
    p.add_argument(
        "--bots",
        default="greedy",
        metavar="NAME[,NAME...]",
        help=f"one bot for every seat, or one per seat ({BOT_NAMES}; default greedy)",
    )
    p.add_argument(
        "--no-paired",
        action="store_true",
        help="only count how often the readings matter; play no games under other values",
    )
    add_chart_argument(p, "how often each reading mattered and changed the winner")
    add_run_arguments(p, "also write the report as JSON")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Measure, print the table, write JSON and the chart if asked."""
    check_run(args)
    check_output(args.chart, "--chart")
    if args.chart:
        pyplot()  # matplotlib is there before any game is played
    names = [b.strip() for b in args.bots.split(",")]
    for name in names:
        find_bot(name)
    if len(names) not in (1, args.players):
        raise FearsomeError(
            f"--bots {args.bots}: {len(names)} bots for {args.players} players (one, or one "
            "per seat)"
        )
    bar = progress_bar(args, args.games)
    started = time.monotonic()
    try:
        with running(args) as run_on:
            report = measure(
                args.players,
                args.games,
                args.seed,
                names if len(names) > 1 else names[0],
                args.setup,
                paired=not args.no_paired,
                executor=run_on.executor,
                workers=run_on.workers,
                progress=None if bar is None else lambda done, total: bar.update(done),
            )
    except KeyboardInterrupt:
        print("fearsome-rules: interrupted", file=sys.stderr)
        return 130
    finally:
        if bar is not None:
            bar.close()
    seconds = time.monotonic() - started
    print(format_markdown(report), end="")
    print(f"\n{seconds:.0f} s ({run_on.report()})")
    if args.json:
        doc = {**report.to_json(), "seconds": round(seconds, 1), "workers": run_on.workers}
        write_output(args.json, json.dumps(doc, indent=2) + "\n", "--json")
    if args.chart:
        write_chart(report.to_json(), args.chart)
    return 0
