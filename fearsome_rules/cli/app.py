"""The ``fearsome-rules`` parser: one subcommand per module of this package, and :func:`main`."""

from __future__ import annotations

import argparse
import io
import os
import sys
from collections.abc import Sequence
from importlib import metadata
from typing import NoReturn, cast

from fearsome_rules.cli import (
    check_tiles,
    completion,
    conform,
    explain,
    perft,
    play,
    rate,
    readings,
    render,
    serve,
    serve_protocol,
    simulate,
    web,
)
from fearsome_rules.core import kernel
from fearsome_rules.core.errors import FearsomeError

COMMANDS = (
    play,
    conform,
    explain,
    render,
    simulate,
    perft,
    web,
    serve,
    check_tiles,
    serve_protocol,
    rate,
    readings,
    completion,
)
"""The subcommands, in the order ``--help`` lists them; each module has ``add_parser``."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose usage errors are one line on stderr and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (try --help)\n")


def version() -> str:
    """The installed version and which kernel is loaded (pip hides the build's own output)."""
    try:
        number = metadata.version("fearsome_rules")
    except metadata.PackageNotFoundError:
        number = "(not installed)"
    build = "compiled kernel" if kernel.COMPILED else "pure Python kernel"
    python = ".".join(map(str, sys.version_info[:3]))
    return f"fearsome-rules {number} ({build}, Python {python})"


def build_parser() -> argparse.ArgumentParser:
    """The command line's parser: :func:`main` runs it, ``reference`` documents it."""
    parser = _Parser(prog="fearsome-rules", description="Fearsome Floors rules engine")
    parser.add_argument(
        "--version", action="version", version=version(), help="the version and which kernel"
    )
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    # The subparsers are _Parser instances; typeshed only knows them as ArgumentParser.
    plain = cast("argparse._SubParsersAction[argparse.ArgumentParser]", sub)
    for command in COMMANDS:
        command.add_parser(plain)
    parser.set_defaults(root_parser=parser)  # completion prints the script of the whole parser
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; every error the engine names is one line on stderr, exit 2."""
    _printable_output()
    args = build_parser().parse_args(argv)
    try:
        return int(args.run(args))
    except FearsomeError as e:
        print(f"fearsome-rules: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return _reader_gone()


def _printable_output() -> None:
    """Print what cannot be encoded as escapes: a file name that is not UTF-8 reaches Python
    as lone surrogates, and printing it must not end in a UnicodeEncodeError."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")


def _reader_gone() -> int:
    """The reader of the output has gone (``| head``): stop quietly, as ``cat`` does, with the
    status of a SIGPIPE; what is still buffered goes nowhere instead of into a traceback."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, io.UnsupportedOperation):
        pass
    return 128 + 13


if __name__ == "__main__":
    sys.exit(main())
