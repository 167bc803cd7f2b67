"""``fearsome-rules conform``: run the conformance suite and report every difference."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from fearsome_rules.cli.extras import require
from fearsome_rules.cli.options import check_output, option_pairs, whole_number, write_output
from fearsome_rules.core.errors import FearsomeError, shown_path


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``conform`` on the command line's subparsers."""
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
    c.add_argument(
        "--engine",
        metavar="COMMAND",
        help="run the cases on another engine: a command that speaks the conformance protocol "
        "(conformance/PROTOCOL.md) on stdin/stdout, e.g. 'node my_engine.js' (default: this "
        "package, in-process)",
    )
    c.add_argument(
        "--timeout",
        type=whole_number(1, 3600, "give 1 to 3,600 seconds"),
        default=10,
        metavar="S",
        help="with --engine: seconds the engine has to answer one request (default 10)",
    )
    c.add_argument("--junit", metavar="FILE", help="write a JUnit XML report")
    c.add_argument(
        "--json",
        metavar="FILE",
        help="write the results table (JSON, format fearsome-rules/conformance-results, "
        "conformance/results.schema.json): what an implementation publishes",
    )
    c.add_argument("-v", "--verbose", action="store_true", help="a line for every case")
    c.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Run conformance cases: one line per failure, then a summary; 1 on failure, 2 on a
    malformed case file."""
    require("conform")
    # Imported here: the conformance extra is not needed by the other subcommands.
    from fearsome_rules.tools import conformance
    from fearsome_rules.tools.conformance.client import Subprocess

    override: dict[str, str | bool] = dict(option_pairs(args.option))
    check_output(args.json, "--json")
    check_output(args.junit, "--junit")
    for path in args.paths:
        if not _exists(path):
            hint = " (conform reads case files and folders)" if "=" in path else ""
            raise FearsomeError(f"{shown_path(path)}: no such file or folder{hint}")
    paths = args.paths or conformance.default_paths()
    if not paths:
        raise FearsomeError("no case files: give files or folders (e.g. conformance/cases)")
    engine = Subprocess(args.engine, args.timeout) if args.engine else None
    try:
        report = conformance.run(paths, override, args.k, engine)
    finally:
        if engine is not None:
            engine.close()
    for p in report.problems:
        print(p)
    for r in report.results:
        for line in r.lines() if r.status == "failed" else ():
            print(line)
        if args.verbose and r.status != "failed":
            print(f"{r.case.id}: {r.status}" + (f" ({r.messages[0]})" if r.messages else ""))
    if report.count("skipped") and not args.verbose:
        for reason, n in report.skip_reasons()[:8]:
            print(f"skipped {n}: {reason}")
    print(report.summary())
    if args.json:
        write_output(args.json, json.dumps(report.to_json(), indent=2) + "\n", "--json")
    if args.junit:
        write_output(args.junit, report.to_junit() + "\n", "--junit")
    if report.problems:
        return 2
    return 0 if report.ok else 1


def _exists(path: str) -> bool:
    try:
        return Path(path).exists()
    except OSError:  # a name too long: no such file either
        return False
