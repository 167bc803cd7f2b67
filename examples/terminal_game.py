"""Fearsome Floors in a terminal: hot-seat, with any seats played by bots.

    python examples/terminal_game.py --players 3 --bots B=greedy,C=random --seed 7

Built only on the public API (``import fearsome_rules as fr`` and its ``__all__``). On your
turn the board is shown and your legal moves are listed, numbered: type a number, or a move in
the engine's notation (``A5 p11 p10 o10``, ``A1 -`` for the zero move). A move the rules
refuse is explained with the rule id from the spec. ``auto`` hands your seat to the greedy bot,
``board`` shows the board again, ``help`` lists the commands, ``quit`` ends the game.

The monster tiles are drawn with a seeded random generator (``--seed``), so the same seed and
the same moves give the same game. For tests, :func:`main` takes the input and print
functions.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Sequence

import fearsome_rules as fr

InputFn = Callable[[str], str]
PrintFn = Callable[[str], None]
LETTERS = "ABCDEFG"
HELP = """\
  a number      play that move from the list
  A5 p11 p10    a move in notation: the figure, then the square of each step
                ('out' to leave from a1, '-' alone for the zero move)
  board         show the board again
  auto          let the greedy bot play this seat from now on
  quit          end the game"""


class Quit(Exception):
    """The player ended the game (``quit`` or end of input)."""


def describe(e: fr.events.Event) -> str | None:
    """One line for an event worth showing, or None."""
    ev = fr.events
    if isinstance(e, ev.TileRevealed):
        return None
    if isinstance(e, ev.MonsterTurned):
        return f"  the monster on {e.square} turns {e.frm} -> {e.to}"
    if isinstance(e, ev.MonsterStepped):
        return f"  step {e.number}: {e.frm} -> {e.to}"
    if isinstance(e, ev.MonsterWrapped):
        return f"    through wall {e.wall}: {e.frm} -> {e.to}"
    if isinstance(e, ev.MonsterSlid):
        return f"    slides across the blood: {e.frm} -> {e.to}"
    if isinstance(e, ev.MonsterTeleported):
        return f"    teleports {e.frm} -> {e.to}, facing {e.facing}"
    if isinstance(e, ev.MonsterTurnedByStone):
        return f"    the {e.kind} stone on {e.stone} turns it {e.frm} -> {e.to}"
    if isinstance(e, ev.FigurePushed):
        return f"    pushes {e.figure} {e.frm} -> {e.to}"
    if isinstance(e, ev.StonePushed) and e.by == "monster":
        return f"    pushes the stone {e.frm} -> {e.to}"
    if isinstance(e, ev.StoneRemoved):
        return f"    the stone on {e.square} leaves the game ({e.reason})"
    if isinstance(e, ev.FigureEaten):
        then = "back to the entrance" if e.then == "waiting" else "out of the game"
        return f"  ** {e.figure} on {e.square} is {e.how}: {then} **"
    if isinstance(e, ev.FigureExited):
        return f"  {e.figure} gets out!"
    if isinstance(e, ev.StageChanged):
        return "  == stage 2: the tiles are shuffled again; eaten figures now leave the game =="
    return None


def parse_seats(text: str, players: int) -> dict[int, str]:
    """``B=greedy,C=random`` -> {1: "greedy", 2: "random"}; raises ValueError."""
    seats: dict[int, str] = {}
    for item in filter(None, (t.strip() for t in text.split(","))):
        letter, eq, name = item.partition("=")
        letter, name = letter.strip().upper(), name.strip().lower()
        if not eq or len(letter) != 1 or letter not in LETTERS[:players]:
            raise ValueError(f"{item!r}: write SEAT=BOT with a seat A-{LETTERS[players - 1]}")
        if name not in fr.bots.BOTS:
            raise ValueError(f"{item!r}: the bots are {', '.join(sorted(fr.bots.BOTS))}")
        seats[LETTERS.index(letter)] = name
    return seats


def ask_move(state: fr.GameState, input_fn: InputFn, print_fn: PrintFn) -> fr.FigureMove | None:
    """The human seat's move, or None to hand the seat to the greedy bot."""
    seat = LETTERS[state.to_move]
    moves = fr.legal_moves(state)
    print_fn(fr.diagram(state))
    print_fn(f"{seat} to move ({len(moves)} moves; 'help' for the commands):")
    for k, move in enumerate(moves, 1):
        print_fn(f"  {k:3}. {move}")
    while True:
        try:
            text = input_fn(f"{seat}> ").strip()
        except EOFError:
            raise Quit from None
        word = text.lower()
        if not text:
            continue
        if word in ("q", "quit", "exit"):
            raise Quit
        if word in ("?", "h", "help"):
            print_fn(HELP)
            continue
        if word == "board":
            print_fn(fr.diagram(state))
            continue
        if word == "auto":
            return None
        if text.isdigit():
            if 1 <= int(text) <= len(moves):
                return moves[int(text) - 1]
            print_fn(f"  there is no move {text}: choose 1 to {len(moves)}")
            continue
        try:
            action = fr.parse_action(text)
        except fr.NotationError as e:
            print_fn(f"  cannot read {text!r}: {e}")
            continue
        if not isinstance(action, fr.FigureMove):
            print_fn("  it is a figure move now: a figure and its path, e.g. A5 p11 p10")
            continue
        error = fr.check(state, action)
        if error is not None:
            print_fn(f"  refused by rule {error.rule}: {error.message}")
            continue
        return action


def main(
    argv: Sequence[str] | None = None,
    input_fn: InputFn = input,
    print_fn: PrintFn = print,
) -> int:
    """Play one game; 0 when it is over, 1 if a player quit."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--players", type=int, default=3, help="2 to 7 (default 3)")
    parser.add_argument(
        "--bots",
        default="",
        metavar="SEAT=BOT,...",
        help=f"seats played by bots, e.g. B=greedy,C=random ({', '.join(sorted(fr.bots.BOTS))})",
    )
    parser.add_argument("--seed", type=int, default=None, help="seed of the tiles and bots")
    parser.add_argument(
        "--setup", default="basic", help="basic, advanced or bsw (tiles placed at random)"
    )
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="a rule option"
    )
    args = parser.parse_args(argv)
    try:
        bots = parse_seats(args.bots, args.players) if 2 <= args.players <= 7 else {}
        options = fr.RuleOptions()
        for pair in args.option:
            name, _, value = pair.partition("=")
            options = options.with_option(name.strip(), value.strip())
        state = fr.new_game(args.players, 0, options, args.setup)
    except (ValueError, fr.FearsomeError) as e:
        parser.error(str(e))
    seed = args.seed if args.seed is not None else random.randrange(1 << 31)
    rng = random.Random(seed)
    who = ", ".join(
        f"{LETTERS[s]} {bots[s] + ' bot' if s in bots else 'you'}" for s in range(args.players)
    )
    print_fn(f"Fearsome Floors: {args.players} players ({who}), seed {seed}")
    print_fn("Get your figures from the entrance p11 to the exit a1 without being eaten.")
    humans = args.players > len(bots)
    try:
        while state.phase is not fr.Phase.OVER:
            if state.phase is fr.Phase.MONSTER:
                reveal = fr.bots.draw_tile(state, rng)
                print_fn(f"\n== round {state.round}: the monster tile is {reveal.tile} ==")
                state, events = fr.apply_traced(state, reveal)
                for event in events:
                    line = describe(event)
                    if line:
                        print_fn(line)
                if not humans and state.phase is not fr.Phase.OVER:
                    print_fn(fr.diagram(state))
                continue
            if state.phase is fr.Phase.PLACEMENT:
                placement = fr.bots.random_placement(state, rng)
                print_fn(f"{LETTERS[state.to_move]} places: {placement}")
                state = fr.apply(state, placement)
                continue
            seat = state.to_move
            move: fr.FigureMove | None
            if seat in bots:
                move = fr.bots.BOTS[bots[seat]](state, rng)
            else:
                move = ask_move(state, input_fn, print_fn)
                if move is None:
                    bots[seat] = "greedy"
                    humans = args.players > len(bots)
                    print_fn(f"  the greedy bot plays {LETTERS[seat]} from now on")
                    move = fr.bots.greedy_bot(state, rng)
            print_fn(f"{LETTERS[seat]}: {move}")
            state, events = fr.apply_traced(state, move)
            for event in events:
                line = describe(event)
                if line:
                    print_fn(line)
    except Quit:
        print_fn("\ngame abandoned")
        return 1
    result = fr.outcome(state)
    assert result is not None
    print_fn("\n== game over ==")
    print_fn(fr.diagram(state))
    winners = ", ".join(LETTERS[s] for s in result.winners) or "nobody"
    out = ", ".join(f"{LETTERS[s]} {n}" for s, n in enumerate(result.escaped))
    print_fn(f"ended by {result.rule}; winner: {winners}; figures out: {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
