"""``fearsome-rules simulate``: many seeded games between bots, and their statistics."""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import Executor

from fearsome_rules.cli.executors import add_run_arguments, check_run, progress_bar, running
from fearsome_rules.cli.options import (
    GAMES,
    MAX_GAMES,
    PLAYERS,
    SEED,
    add_chart_argument,
    check_output,
    rule_options,
    write_output,
)
from fearsome_rules.core.errors import FearsomeError
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.core.state import SEAT_LETTERS
from fearsome_rules.tools.bots import BOT_NAMES, find_bot
from fearsome_rules.tools.charts import pyplot
from fearsome_rules.tools.simulate import (
    PUBLISHED_VARIANTS,
    ProgressBar,
    Summary,
    format_summaries,
    parse_variant,
    simulate,
)
from fearsome_rules.tools.simulate.chart import write_chart

SIMULATION_FORMAT = "fearsome-rules/simulation"
"""The ``format`` of ``--json``'s document (docs/stability.md)."""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``simulate`` on the command line's subcommands."""
    p = sub.add_parser(
        "simulate",
        help="play many seeded games between bots on all cores and report statistics",
        description="Play seeded games between bots, on all cores, and report win rates by "
        "seat (seat A starts every game), game length, figures eaten per stage, how often stage "
        "2 is reached and how games end; per variant, side by side. The same arguments give the "
        "same numbers whatever the number of workers.",
    )
    p.add_argument(
        "--games",
        type=GAMES,
        default=1000,
        metavar="N",
        help=f"games per variant, 1 to {MAX_GAMES:,} (default 1000)",
    )
    p.add_argument("--players", type=PLAYERS, default=4, metavar="K", help="2 to 7 (default 4)")
    p.add_argument(
        "--seed",
        type=SEED,
        default=1,
        metavar="S",
        help="the base seed, a 64-bit whole number (default 1)",
    )
    p.add_argument(
        "--bots",
        metavar="NAME,NAME,...",
        help=f"one bot per seat, A first ({BOT_NAMES})",
    )
    p.add_argument("--bot", metavar="NAME", help="the bot of every seat (default greedy)")
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=f"a rule option for every variant ({', '.join(RuleOptions.names())}); repeatable",
    )
    p.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME=VALUE[,...]",
        help="a set of options to compare, one column each ('default' for none); repeatable",
    )
    p.add_argument(
        "--variants",
        action="store_true",
        help="compare the published variants: " + ", ".join(PUBLISHED_VARIANTS),
    )
    add_run_arguments(p, "also write the summaries as JSON")
    add_chart_argument(p, "the win rates by seat and how games ended, per variant")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """``fearsome-rules simulate``: run, print the table, write JSON if asked."""
    check_run(args)
    check_output(args.chart, "--chart")
    if args.chart:
        pyplot()  # matplotlib is there before any game is played
    if args.bots and args.bot:
        raise FearsomeError("give --bots (one per seat) or --bot (for all), not both")
    names = [b.strip() for b in args.bots.split(",")] if args.bots else [args.bot or "greedy"]
    if args.bots and len(names) != args.players:
        raise FearsomeError(
            f"--bots {args.bots}: {len(names)} bots for {args.players} players "
            "(one per seat, or use --bot NAME for all)"
        )
    for name in names:
        find_bot(name)
    base = rule_options(args.option)
    specs = list(args.variant) + (list(PUBLISHED_VARIANTS) if args.variants else [])
    variants = [parse_variant(v, base) for v in specs] or [("default", base)]
    labels = [label for label, _ in variants]
    if len(set(labels)) != len(labels):
        raise FearsomeError(f"a variant is given twice: {', '.join(labels)}")
    per_seat = names * args.players if len(names) == 1 else names
    seats = ", ".join(f"{SEAT_LETTERS[s]} {b.lower()}" for s, b in enumerate(per_seat))
    changed = ", ".join(f"{k}={v}" for k, v in base.changed().items())
    bar = progress_bar(args, args.games * len(variants))
    try:
        with running(args) as run_on:
            print(
                f"Fearsome Floors simulation: {args.games} games"
                f"{' per variant' if len(variants) > 1 else ''}, {args.players} players, "
                f"{args.setup} setup, seed {args.seed}{', options ' + changed if changed else ''}"
            )
            print(f"bots: {seats}; seat A starts every game")
            started = time.monotonic()
            results = _play(args, variants, names, run_on.executor, run_on.workers, bar)
    except KeyboardInterrupt:
        print("fearsome-rules: interrupted", file=sys.stderr)
        return 130
    finally:
        if bar is not None:
            bar.close()
    seconds = time.monotonic() - started
    print()
    print(format_summaries(results))
    print(f"\n{args.games * len(variants)} games in {seconds:.1f} s ({run_on.report()})")
    doc = {
        "format": SIMULATION_FORMAT,
        "version": 1,
        "variants": [{"label": label, **s.to_json()} for label, s in results],
        "seconds": seconds,
        "workers": run_on.workers,
        "executor": run_on.kind,
    }
    if args.json:
        write_output(args.json, json.dumps(doc, indent=2) + "\n", "--json")
    if args.chart:
        write_chart(doc, args.chart)
    return 0


def _play(
    args: argparse.Namespace,
    variants: list[tuple[str, RuleOptions]],
    names: list[str],
    executor: Executor | None,
    workers: int,
    bar: ProgressBar | None,
) -> list[tuple[str, Summary]]:
    """Every variant's games, one variant after the other, on one executor."""
    results: list[tuple[str, Summary]] = []
    for k, (label, opts) in enumerate(variants):
        offset = k * args.games

        def report(done: int, _total: int, offset: int = offset) -> None:
            if bar is not None:
                bar.update(offset + done)

        summary = simulate(
            args.games,
            args.players,
            args.seed,
            names,
            opts,
            args.setup,
            executor=executor,
            progress=report,
            workers=workers,
            chunksize=args.chunksize,
        )
        results.append((label, summary))
    return results
