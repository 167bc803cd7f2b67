"""``fearsome-rules play``: a seeded game between bots, move by move."""

from __future__ import annotations

import argparse
import random

from fearsome_rules.cli.options import PLAYERS, SEED, rule_options, whole_number
from fearsome_rules.core import events as ev
from fearsome_rules.core.actions import Action
from fearsome_rules.core.endings import outcome
from fearsome_rules.core.game import apply_traced, new_game
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.core.state import SEAT_LETTERS, Phase
from fearsome_rules.formats.diagram import diagram
from fearsome_rules.tools.bots import BOT_NAMES, draw_tile, find_bot, random_placement

SEAT = whole_number(0, 6, "a seat from 0 (A) to 6 (G)")


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``play`` on the command line's subparsers."""
    p = sub.add_parser("play", help="play a seeded game between bots, move by move")
    p.add_argument("--players", type=PLAYERS, default=4, help="2 to 7 (default 4)")
    p.add_argument(
        "--seed",
        type=SEED,
        default=2003,
        help="the seed of the tile draws and bots, a 64-bit whole number",
    )
    p.add_argument(
        "--start", type=SEAT, default=0, help="the start player's seat, 0 to 6 (default 0 = A)"
    )
    p.add_argument(
        "--bot", default="runner", metavar="NAME", help=f"the bots' strategy ({BOT_NAMES})"
    )
    p.add_argument(
        "--setup",
        choices=["basic", "advanced", "bsw"],
        default="basic",
        help="the basic layout, the advanced game, or BSW's player-placed obstacles "
        "(tiles placed at random)",
    )
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help=f"a rule option ({', '.join(RuleOptions.names())}); repeatable",
    )
    p.add_argument("--quiet", action="store_true", help="no figure moves or monster steps")
    p.set_defaults(run=run)


def _describe(e: ev.Event) -> str | None:
    """One line for the events worth reading in a game log."""
    if isinstance(e, ev.MonsterStepped):
        return f"  monster step {e.number}: {e.frm} -> {e.to} facing {e.facing}"
    if isinstance(e, ev.MonsterTurned):
        return f"  monster on {e.square} turns {e.frm} -> {e.to}"
    if isinstance(e, ev.MonsterWrapped):
        return f"  monster walks through wall {e.wall}: {e.frm} -> {e.to}"
    if isinstance(e, ev.FigureEaten):
        return f"  {e.figure} on {e.square} is {e.how} ({e.then})"
    if isinstance(e, ev.StoneRemoved):
        return f"  stone on {e.square} leaves the game ({e.reason})"
    if isinstance(e, ev.StageChanged):
        return "  stage 2 begins: the tiles are reshuffled; eaten figures are now removed"
    if isinstance(e, ev.MonsterTeleported):
        return f"  monster teleports {e.frm} -> {e.to}, facing {e.facing}"
    if isinstance(e, ev.MonsterTurnedByStone):
        return f"  the {e.kind} stone on {e.stone} turns the monster {e.frm} -> {e.to}"
    if isinstance(e, ev.FigureExited):
        return f"  {e.figure} gets out!"
    return None


def run(args: argparse.Namespace) -> int:
    """Play the game, printing what happens."""
    opts = rule_options(args.option)
    state = new_game(args.players, args.start, opts, args.setup)
    bot = find_bot(args.bot)
    rng = random.Random(args.seed)
    print(
        f"Fearsome Floors: {args.players} players, {args.setup} setup, seed {args.seed}, "
        f"{args.bot.strip().lower()} bots"
    )
    print(diagram(state))
    while state.phase is not Phase.OVER:
        action: Action
        if state.phase is Phase.MONSTER:
            reveal = draw_tile(state, rng)
            print(f"\n== round {state.round}: monster tile {reveal.tile} ==")
            action = reveal
        else:
            placing = state.phase is Phase.PLACEMENT
            action = random_placement(state, rng) if placing else bot(state, rng)
            if not args.quiet:
                print(f"{SEAT_LETTERS[state.to_move]}: {action}")
        before = state.phase
        state, events = apply_traced(state, action)
        for e in events:
            line = _describe(e)
            if line and (not args.quiet or not isinstance(e, ev.MonsterStepped)):
                print(line)
        if before is not state.phase and state.phase is Phase.FIGURES:
            print(diagram(state))
    result = outcome(state)
    assert result is not None
    print("\n== game over ==")
    print(diagram(state))
    winners = ", ".join(SEAT_LETTERS[s] for s in result.winners) or "nobody"
    escaped = ", ".join(f"{SEAT_LETTERS[s]}: {n}" for s, n in enumerate(result.escaped))
    print(f"ended by {result.rule}; winner: {winners}; figures out: {escaped}")
    return 0
