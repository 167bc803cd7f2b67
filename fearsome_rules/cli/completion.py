"""``fearsome-rules completion``: the shell completion script of the command line, generated
from its parser by shtab (the ``completion`` extra).

shtab rather than argcomplete: the script is static, so a Tab press runs no Python (importing
the engine takes a noticeable fraction of a second), it needs no hook in the program, and it
cannot go stale unnoticed: it is printed from the same parser that runs.
"""

from __future__ import annotations

import argparse
import importlib
from typing import Any

from fearsome_rules.core.errors import FearsomeError

SHELLS = ("bash", "zsh", "tcsh")
FILES = ("FILE", "OUT", "paths")
"""Arguments whose values are files (by metavar, or by name where there is none): completed
with the shell's file names; ``DIR``, with folder names."""


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``completion`` on the command line's subcommands."""
    p = sub.add_parser(
        "completion",
        help="print the shell completion script (bash, zsh, tcsh; needs the completion extra)",
        description="Print a completion script for the shell: subcommands, options, their "
        'choices and file names complete with Tab. Bash: eval "$(fearsome-rules completion '
        'bash)" in ~/.bashrc, or save it as ~/.local/share/bash-completion/completions/'
        "fearsome-rules. Zsh: save it as _fearsome-rules in a folder of $fpath. Needs pip "
        "install 'fearsome_rules[completion]'.",
    )
    p.add_argument("shell", choices=SHELLS, help="the shell to complete in")
    p.set_defaults(run=run)


def _shtab() -> Any:
    try:
        return importlib.import_module("shtab")
    except ImportError:
        raise FearsomeError(
            "completion needs shtab: pip install 'fearsome_rules[completion]'"
        ) from None


def _mark_files(parser: argparse.ArgumentParser, shtab: Any) -> None:
    """Tell shtab which arguments take file or folder names."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                _mark_files(sub, shtab)
        elif (action.metavar or action.dest) in FILES:
            action.complete = shtab.FILE  # type: ignore[attr-defined]
        elif action.metavar == "DIR":
            action.complete = shtab.DIRECTORY  # type: ignore[attr-defined]


def run(args: argparse.Namespace) -> int:
    """Print the script for ``args.shell`` from the whole command line's parser."""
    shtab = _shtab()
    parser: argparse.ArgumentParser = args.root_parser
    _mark_files(parser, shtab)
    print(shtab.complete(parser, shell=args.shell), end="")
    return 0
