"""``fearsome-rules explain``: a monster walk step by step, every line citing rule ids."""

from __future__ import annotations

import argparse
from collections.abc import Mapping

from fearsome_rules.cli.options import add_walk_arguments, option_pairs
from fearsome_rules.core.actions import Reveal
from fearsome_rules.core.errors import quote
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.core.state import GameState
from fearsome_rules.core.walks import Walk
from fearsome_rules.tools import question
from fearsome_rules.tools.explain import ExplainError, compare, explain
from fearsome_rules.tools.question import Question


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``explain`` on the command line's subparsers."""
    p = sub.add_parser(
        "explain",
        help="explain a monster walk step by step, citing rule ids",
        description="Explain what the monster does with a tile: per step what it sees ahead, "
        "left and right (with distances and what blocks the view), why it turns or not, and "
        "what its move does, each line citing the spec's rule ids. FILE is a question file "
        "(position:, tile:, options:) or a conformance case file (--case ID).",
    )
    p.add_argument("file", nargs="?", metavar="FILE", help="a question file or a case file")
    p.add_argument("--case", metavar="ID", help="the case to explain, in a case file")
    p.add_argument("--tile", metavar="T", help="the monster tile (5 7 8 10 1hit 2hits 3hits)")
    add_walk_arguments(p)
    p.add_argument(
        "--position", metavar="STRING", help="a position string instead of FILE (needs --tile)"
    )
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="another reading of the rules; repeatable; wins over the file's own options",
    )
    p.add_argument(
        "--compare",
        metavar="NAME",
        help="explain under each value of the option NAME and show where the readings part",
    )
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """``fearsome-rules explain``: print the explanation (or the comparison)."""
    options = option_pairs(args.option)
    if args.compare is not None and args.compare not in RuleOptions.names():
        raise ExplainError(
            f"--compare {quote(args.compare)}: unknown option; the options are "
            f"{', '.join(RuleOptions.names())}"
        )

    def ask(opts: Mapping[str, str]) -> Question:
        if args.file is None and args.position is None:
            raise question.QuestionError("give a FILE (a question or case file) or --position")
        if args.file is not None:
            q = question.load(args.file, args.case, opts, args.tile)
        else:
            q = question.from_position_string(args.position, opts, args.tile)
        q = question.with_walk(q, args.steps, args.hits)
        if not isinstance(q.action, Reveal | Walk):
            where = q.title if args.file is None else f"{args.file}"
            raise question.QuestionError(
                f"{where}: no monster walk to explain: give --tile T, or --steps N / --hits N"
            )
        return q

    def walk_of(q: Question) -> str | Walk:
        assert isinstance(q.action, Reveal | Walk)
        return q.action.tile if isinstance(q.action, Reveal) else q.action

    q = ask(options)
    if args.compare is None:
        print(explain(q.state, walk_of(q)).text(_title(q)))
        return 0

    def build(opts: Mapping[str, str]) -> tuple[GameState, str | Walk]:
        qq = ask(opts)
        return qq.state, walk_of(qq)

    print(compare(build, args.compare, options).text(_title(q, args.compare)))
    return 0


def _title(q: Question, compared: str = "") -> str:
    head = q.title + (f" ({q.source})" if q.source and q.source != q.title else "")
    if q.description:
        head += f": {q.description}"
    if not compared:
        return head + f"\nreading: {q.reading()}"
    others = {k: v for k, v in q.state.options.changed().items() if k != compared}
    text = ", ".join(
        f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in others.items()
    )
    return head + f"\nthe other options: {text or 'defaults'}"
