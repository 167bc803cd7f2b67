"""The command line: ``fearsome-rules play`` (a seeded game between bots, move by move) and
``fearsome-rules conform`` (run the conformance suite)."""

from __future__ import annotations

import argparse
import random
import sys
import textwrap
from collections.abc import Sequence
from typing import NoReturn, cast

from fearsome_rules.core import events as ev
from fearsome_rules.core.actions import Action
from fearsome_rules.core.errors import FearsomeError
from fearsome_rules.core.game import apply_traced, new_game, outcome
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.core.state import SEAT_LETTERS, Phase
from fearsome_rules.formats.notation import diagram
from fearsome_rules.tools.bots import draw_tile, random_bot, random_placement, runner_bot

BOTS = {"runner": runner_bot, "random": random_bot}


def _options(pairs: Sequence[str]) -> RuleOptions:
    opts = RuleOptions()
    for pair in pairs:
        name, eq, value = pair.partition("=")
        if not eq:
            raise FearsomeError(f"--option {pair!r}: write NAME=VALUE")
        opts = opts.with_option(name.strip(), value.strip())
    return opts


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


def play(args: argparse.Namespace) -> int:
    opts = _options(args.option)
    state = new_game(args.players, args.start, opts, args.setup)
    bot = BOTS[args.bot]
    rng = random.Random(args.seed)
    print(
        f"Fearsome Floors: {args.players} players, {args.setup} setup, seed {args.seed}, "
        f"{args.bot} bots"
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


def conform(args: argparse.Namespace) -> int:
    """Run conformance cases: one line per failure, then a summary; 1 on failure, 2 on a
    malformed case file."""
    import json
    from pathlib import Path

    from fearsome_rules.tools import conformance

    override: dict[str, str | bool] = {}
    for pair in args.option:
        name, eq, value = pair.partition("=")
        if not eq:
            raise FearsomeError(f"--option {pair!r}: write NAME=VALUE")
        RuleOptions().with_option(name.strip(), value.strip())  # checks name and value
        override[name.strip()] = value.strip()
    for path in args.paths:
        if not Path(path).exists():
            raise FearsomeError(f"{path}: no such file or folder")
    paths = args.paths or conformance.default_paths()
    if not paths:
        raise FearsomeError("no case files: give files or folders (e.g. conformance/cases)")
    report = conformance.run(paths, override, args.k)
    for p in report.problems:
        print(p)
    for r in report.results:
        for line in r.lines() if r.status == "failed" else ():
            print(line)
        if args.verbose and r.status != "failed":
            print(f"{r.case.id}: {r.status}" + (f" ({r.messages[0]})" if r.messages else ""))
    print(report.summary())
    if args.json:
        Path(args.json).write_text(json.dumps(report.to_json(), indent=2) + "\n", "utf-8")
    if args.junit:
        Path(args.junit).write_text(report.to_junit() + "\n", "utf-8")
    if report.problems:
        return 2
    return 0 if report.ok else 1


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on stderr and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (try --help)\n")


def build_parser() -> argparse.ArgumentParser:
    """The command line's parser: :func:`main` runs it, :func:`reference` documents it."""
    parser = _Parser(prog="fearsome-rules", description="Fearsome Floors rules engine")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    p = sub.add_parser("play", help="play a seeded game between bots, move by move")
    p.add_argument("--players", type=int, default=4, help="2 to 7 (default 4)")
    p.add_argument("--seed", type=int, default=2003, help="the seed of the tile draws and bots")
    p.add_argument("--start", type=int, default=0, help="the start player's seat (default 0 = A)")
    p.add_argument("--bot", choices=sorted(BOTS), default="runner", help="the bots' strategy")
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
    p.set_defaults(run=play)
    c = sub.add_parser(
        "conform",
        help="run the conformance suite (YAML cases) and report every difference",
        description="Run conformance case files: one line per failure, then 'N passed, M "
        "failed'. Exit status 0 if all pass, 1 if a case fails, 2 if a case file is malformed.",
    )
    c.add_argument("paths", nargs="*", help="case files or folders (default: conformance/cases)")
    c.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="run under another reading; cases that name the option keep their own value",
    )
    c.add_argument(
        "-k", action="append", default=[], metavar="TEXT", help="only cases whose id contains TEXT"
    )
    c.add_argument("--junit", metavar="FILE", help="write a JUnit XML report")
    c.add_argument("--json", metavar="FILE", help="write a JSON report")
    c.add_argument("-v", "--verbose", action="store_true", help="a line for every case")
    c.set_defaults(run=conform)
    from fearsome_rules.tools import explain, render
    from fearsome_rules.tools.perft import add_parser as add_perft
    from fearsome_rules.tools.simulate import add_parser as add_simulate

    # The commands' own modules add their parsers; they are _Parser instances all the same.
    plain = cast("argparse._SubParsersAction[argparse.ArgumentParser]", sub)
    for add in (explain.add_parser, render.add_parser, add_simulate, add_perft):
        add(plain)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.run(args))
    except FearsomeError as e:
        print(f"fearsome-rules: {e}", file=sys.stderr)
        return 2


# --- the reference (docs/cli.md) ---------------------------------------------------------------

_INTRO = """\
<!-- Generated from the argparse parser by fearsome_rules.cli.commands.reference(): do not edit.
     Regenerate: `python3 tools/build_docs.py --cli`; tests/cli/test_cli_reference.py checks it. -->

# Command line reference

The engine installs one command, `fearsome-rules`; `python3 -m fearsome_rules` is the same
command. Every subcommand takes `-h` / `--help`. Exit status: 0 on success, 2 for a usage error
or anything the command cannot read (one line on stderr: `fearsome-rules: what is wrong`);
`conform` also exits 1 when a case fails.
"""


def _parsers() -> list[tuple[str, str, argparse.ArgumentParser]]:
    """(name, one-line help, parser) of every subcommand, in the order they were added."""
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    helps = {a.dest: a.help or "" for a in sub._choices_actions}
    return [(name, helps.get(name, ""), p) for name, p in sub.choices.items()]


def _args(action: argparse.Action, formatter: argparse.HelpFormatter) -> str:
    """The metavar part of an argument: ``N``, ``{a,b}``, ``[FILE]``, or nothing for a flag."""
    if action.nargs == 0:
        return ""
    default = action.dest.upper() if action.option_strings else action.dest
    return formatter._format_args(action, default)


def _usage(name: str, p: argparse.ArgumentParser, formatter: argparse.HelpFormatter) -> str:
    """The usage line, wrapped at 88 columns, independent of the terminal and Python version."""
    words = []
    positionals = [a for a in p._actions if not a.option_strings]
    optionals = [a for a in p._actions if a.option_strings]
    for action in optionals + positionals:  # as argparse orders them
        if isinstance(action, argparse._HelpAction):
            continue
        args = _args(action, formatter)
        if not action.option_strings:
            words.append(args)
            continue
        if isinstance(action, argparse.BooleanOptionalAction):
            word = " | ".join(action.option_strings)
        else:
            word = f"{action.option_strings[0]} {args}".strip()
        words.append(word if action.required else f"[{word}]")
    lines = [f"fearsome-rules {name}"]
    indent = " " * len(lines[0])
    for word in words:
        if len(lines[-1]) + 1 + len(word) > 88:
            lines.append(indent)
        lines[-1] += " " + word
    return "\n".join(lines)


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _argument_rows(p: argparse.ArgumentParser, formatter: argparse.HelpFormatter) -> list[str]:
    rows = []
    for action in p._actions:
        if isinstance(action, argparse._HelpAction):
            continue
        args = _args(action, formatter)
        if not action.option_strings:
            form = f"`{action.metavar if isinstance(action.metavar, str) else action.dest}`"
        elif isinstance(action, argparse.BooleanOptionalAction):
            form = ", ".join(f"`{o}`" for o in action.option_strings)
        else:
            form = ", ".join(f"`{o}`" for o in action.option_strings[:-1])
            form += (", " if form else "") + f"`{action.option_strings[-1]} {args}`".replace(
                " `", "`"
            )
        text = formatter._expand_help(action) if action.help else ""
        default = action.default
        if (
            action.option_strings
            and default not in (None, False, [], argparse.SUPPRESS)
            and "default" not in text
        ):
            text += f" (default: {default})"
        if isinstance(action, argparse._AppendAction) and "repeat" not in text:
            text += "; repeatable"
        rows.append(f"| {form} | {_cell(text)} |")
    return rows


def reference() -> str:
    """The command line reference in Markdown (``docs/cli.md``), generated from the parser so
    that it never goes stale: per subcommand its usage, description, and every argument."""
    commands = _parsers()
    out = [_INTRO, "| command | what it does |", "|---|---|"]
    out += [f"| [`{name}`](#{name}) | {_cell(short)} |" for name, short, _p in commands]
    for name, short, p in commands:
        formatter = argparse.HelpFormatter(f"fearsome-rules {name}", width=88)
        about = p.description or (short[:1].upper() + short[1:] + ".")
        out += ["", f"## {name}", "", textwrap.fill(" ".join(about.split()), 96), ""]
        out += ["```text", _usage(name, p, formatter), "```", ""]
        rows = _argument_rows(p, formatter)
        if rows:
            out += ["| argument | meaning |", "|---|---|", *rows]
    return "\n".join(out).rstrip() + "\n"


if __name__ == "__main__":
    sys.exit(main())
