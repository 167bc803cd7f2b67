"""What every command reads the same way: ``--option NAME=VALUE`` (another reading of the
rules), whole numbers within bounds, and output files checked before the work starts."""

from __future__ import annotations

import argparse
import os
import re
from collections.abc import Callable, Sequence
from pathlib import Path

from fearsome_rules.core.errors import FearsomeError, SetupError, quote, shown_path
from fearsome_rules.core.options import RuleOptions


def option_pairs(pairs: Sequence[str]) -> dict[str, str]:
    """``NAME=VALUE`` texts as a mapping, each checked (an unknown name or value is a one-line
    FearsomeError)."""
    out: dict[str, str] = {}
    for pair in pairs:
        name, eq, value = pair.partition("=")
        if not eq or not name.strip():
            raise FearsomeError(
                f"--option {quote(pair)}: write NAME=VALUE, e.g. monster_slide_figure=eat"
            )
        name, value = name.strip(), value.strip()
        try:
            RuleOptions().with_option(name, value)
        except SetupError as e:
            raise FearsomeError(f"--option {pair}: {e.message}") from None
        out[name] = value
    return out


def rule_options(pairs: Sequence[str], base: RuleOptions | None = None) -> RuleOptions:
    """``base`` (the defaults if None) with every ``NAME=VALUE`` of ``pairs`` set."""
    opts = RuleOptions() if base is None else base
    for name, value in option_pairs(pairs).items():
        opts = opts.with_option(name, value)
    return opts


# --- numbers and output files ------------------------------------------------------------------

_WHOLE = re.compile(r"[+-]?[0-9]+")


def whole_number(low: int, high: int, what: str = "") -> Callable[[str], int]:
    """An argparse ``type``: a whole number from ``low`` to ``high``; anything else is a
    one-line usage error before the command starts (``what`` says what the range is for)."""
    span = what or f"give {low:,} to {high:,}"

    def parse(text: str) -> int:
        word = text.strip().replace("_", "")
        if not _WHOLE.fullmatch(word):
            raise argparse.ArgumentTypeError(f"{quote(text[:30])} is not a whole number ({span})")
        if len(word) > 24:  # int() of a long text is slow, and beyond every bound anyway
            raise argparse.ArgumentTypeError(f"a number of {len(word):,} digits: {span}")
        value = int(word)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value}: {span}")
        return value

    return parse


MAX_GAMES = 1_000_000
"""Games per variant: a million greedy games take five hours on two cores (docs/simulate.md)."""
MAX_WORKERS = 256
"""Processes: more than any machine has cores; each one is a Python interpreter."""

PLAYERS = whole_number(2, 7, "the game is for 2 to 7 players")
SEED = whole_number(-(2**63), 2**63 - 1, "a seed is a 64-bit whole number")
GAMES = whole_number(1, MAX_GAMES, f"play 1 to {MAX_GAMES:,} games")
WORKERS = whole_number(1, MAX_WORKERS, f"1 to {MAX_WORKERS} processes")


def add_chart_argument(p: argparse.ArgumentParser, what: str) -> None:
    """``--chart FILE``: a matplotlib chart of the command's results (the charts extra)."""
    p.add_argument(
        "--chart",
        metavar="FILE",
        help=f"also draw a chart of {what} (.png or .svg; needs pip install "
        "'fearsome_rules[charts]')",
    )


def check_output(path: str | None, flag: str) -> None:
    """Refuse an output file that cannot be written, before the command does any work."""
    if path is None:
        return
    p = Path(path)
    try:
        if p.is_dir():
            raise FearsomeError(f"{flag} {shown_path(path)}: is a folder; give a file name")
        if not p.parent.is_dir():
            raise FearsomeError(
                f"{flag} {shown_path(path)}: no folder {quote(str(p.parent))} to write it in"
            )
        writable = os.access(p if p.exists() else p.parent, os.W_OK)
    except (OSError, ValueError) as e:  # a name too long, a NUL in it
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        raise FearsomeError(f"{flag} {shown_path(path)}: {reason}") from None
    if not writable:
        raise FearsomeError(f"{flag} {shown_path(path)}: cannot write there (permission denied)")


def write_output(path: str, text: str, flag: str) -> None:
    """Write ``text`` to ``path``; a failure (a full disk) is one line, not a traceback."""
    try:
        Path(path).write_text(text, "utf-8")
    except OSError as e:
        raise FearsomeError(f"{flag} {shown_path(path)}: cannot write: {e.strerror or e}") from None


STEPS = whole_number(0, 1_000, "give 0 to 1,000 steps")
HITS = whole_number(0, 35, "give 0 to 35 hits")


def add_walk_arguments(p: argparse.ArgumentParser) -> None:
    """``--steps`` and ``--hits``: the rules lab's walk of any length instead of a tile."""
    p.add_argument(
        "--steps",
        type=STEPS,
        metavar="N",
        help="a walk of N steps instead of a tile (the rules lab: no deck, round or stage)",
    )
    p.add_argument(
        "--hits",
        type=HITS,
        metavar="N",
        help="a walk until N figures are hit (at most --steps, 20 by default)",
    )
