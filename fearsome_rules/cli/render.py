"""``fearsome-rules render``: draw a position or a walk as text, SVG or an HTML page."""

from __future__ import annotations

import argparse
from pathlib import Path

from fearsome_rules.cli.extras import require
from fearsome_rules.cli.options import (
    add_walk_arguments,
    check_output,
    option_pairs,
    write_output,
)
from fearsome_rules.core.walks import Walk
from fearsome_rules.tools.render import RenderError, render_html, render_svg, render_text

FORMATS = ("text", "svg", "html")


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``render`` on the command line's subparsers."""
    p = sub.add_parser(
        "render",
        help="draw a position or a walk as text, SVG or an HTML page",
        description="Draw a position, and the monster's walk for a tile (or a figure move), as "
        "text, as SVG (the walk as a numbered path) or as an HTML page with one frame per step. "
        "FILE is a question file or a conformance case file (--case ID); or give --position.",
    )
    p.add_argument("file", nargs="?", metavar="FILE", help="a question file or a case file")
    p.add_argument("--case", metavar="ID", help="the case to draw, in a case file")
    p.add_argument("--tile", metavar="T", help="the monster tile whose walk to draw")
    add_walk_arguments(p)
    p.add_argument("--position", metavar="STRING", help="a position string instead of FILE")
    p.add_argument(
        "--format",
        metavar="FORMAT",
        help="text, svg or html (default: from the -o file's suffix, else text)",
    )
    p.add_argument("-o", "--output", metavar="OUT", help="write to this file instead of stdout")
    p.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="another reading of the rules; repeatable; wins over the file's own options",
    )
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """``fearsome-rules render``: write the picture."""
    require("render")
    from fearsome_rules.tools import question  # question and case files: the conformance extra

    fmt = args.format
    if fmt is None:
        suffix = Path(args.output).suffix.lower().lstrip(".") if args.output else ""
        fmt = {"svg": "svg", "html": "html", "htm": "html"}.get(suffix, "text")
    if fmt not in FORMATS:
        raise RenderError(f"--format {fmt}: use text, svg or html")
    check_output(args.output, "-o")
    options = option_pairs(args.option)
    if args.file is not None:
        if args.position is not None:
            raise question.QuestionError("give FILE or --position, not both")
        q = question.load(args.file, args.case, options, args.tile)
    elif args.position is not None:
        if args.case is not None:
            raise question.QuestionError("--case needs a case FILE")
        q = question.from_position_string(args.position, options, args.tile)
    else:
        raise question.QuestionError("give a FILE (a question or case file) or --position STRING")
    q = question.with_walk(q, args.steps, args.hits)
    title = q.title + (f": {q.description}" if q.description else "")
    caption = [f"reading: {q.reading()}"]
    if q.tile is not None:
        caption.insert(0, f"tile {q.tile}")
    elif isinstance(q.action, Walk):
        caption.insert(0, str(q.action))
    elif q.action is not None:
        caption.insert(0, f"move {q.action}")
    if fmt == "text":
        text = render_text(q.state, q.action, title)
    elif fmt == "svg":
        text = render_svg(q.state, q.action, title, caption)
    else:
        text = render_html(q.state, q.action, title)
    if args.output:
        write_output(args.output, text if text.endswith("\n") else text + "\n", "-o")
        print(f"wrote {args.output}")
    else:
        print(text.rstrip("\n"))
    return 0
