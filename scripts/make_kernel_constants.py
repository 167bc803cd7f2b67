"""Write the kernel's C ints from the one table they come from.

The compiled kernel reads a number without a Python lookup only when it is a C int
(``X = cython.declare(cython.int, ...)`` at module level), which Python cannot see. So
``_kernel.py`` holds a written block of them, between two marker lines: each name of
``_encoding.KERNEL_INTS`` with its value, and ``R_<id>`` with the code (``_encoding.RULE_CODES``)
of every rule id the kernel names that way (``R_MON_PUSH`` for MON-PUSH). Values are written as
numbers, so that the block reads as what the compiled build holds and a change of the table
changes the kernel's source (and its sha256, which makes a stale compiled build refuse to load).

Usage, from the repository root::

    python3 scripts/make_kernel_constants.py            # rewrite the block
    python3 scripts/make_kernel_constants.py --check    # exit 1 if the block is stale

``tests/core/test_kernel_constants.py`` runs the check.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path

# Run as a script, read the table without the compiled kernel, which is stale once the block has
# changed and until it is built again. Imported (by the tests), leave the environment alone: the
# setting would pass to every process the importer starts later.
if __name__ == "__main__":
    os.environ.setdefault("FEARSOME_RULES_PURE", "1")

from fearsome_rules.core import _encoding

KERNEL = Path(_encoding.__file__).with_name("_kernel.py")
BEGIN = "# --- written by scripts/make_kernel_constants.py from _encoding.KERNEL_INTS and the rule"
BEGIN_2 = "# --- ids the kernel names (R_<id>): change the table and run the script, not this block"
END = "# --- end of the written block " + "-" * 68
RULE_NAME = re.compile(r"\bR_[A-Z0-9_]+\b")


class StaleError(Exception):
    """The kernel's source has no block, or names a rule that is not one."""


def split(source: str) -> tuple[str, str, str]:
    """The source before the block, the block (markers included) and after it."""
    start = source.find(BEGIN)
    end = source.find(END)
    if start < 0 or end < start:
        raise StaleError(f"{KERNEL.name} has no block between the marker lines")
    end += len(END) + 1
    return source[:start], source[start:end], source[end:]


def rules_named(code: str, rule_codes: Mapping[str, int]) -> list[str]:
    """The rule ids the kernel names as ``R_<id>`` in ``code``, in their order of codes."""
    by_name = {"R_" + rule.replace("-", "_"): rule for rule in rule_codes}
    named = set(RULE_NAME.findall(code))
    unknown = sorted(named - by_name.keys())
    if unknown:
        raise StaleError(f"the kernel names {', '.join(unknown)}, which are no rule ids")
    return sorted((by_name[name] for name in named), key=rule_codes.__getitem__)


def block(names: Iterable[str], values: Mapping[str, object], rules: Iterable[str]) -> str:
    """The block for these names of the table and these rules."""
    lines = [BEGIN, BEGIN_2]
    for name in names:
        value = values[name]
        if not isinstance(value, int) or isinstance(value, bool):
            raise StaleError(f"_encoding.{name} is not an int")
        lines.append(f"{name} = cython.declare(cython.int, {value})")
    for rule in rules:
        code = _encoding.RULE_CODES[rule]
        lines.append(f"R_{rule.replace('-', '_')} = cython.declare(cython.int, {code})  # {rule}")
    lines.append(END)
    return "\n".join(lines) + "\n"


def written(source: str) -> str:
    """The kernel's source with the block as the table makes it."""
    before, _old, after = split(source)
    rules = rules_named(before + after, _encoding.RULE_CODES)
    return before + block(_encoding.KERNEL_INTS, vars(_encoding), rules) + after


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the block is stale")
    args = parser.parse_args(argv)
    source = KERNEL.read_text("utf-8")
    new = written(source)
    if args.check:
        if new != source:
            print(f"{KERNEL.name}: the constants' block is stale: run {Path(__file__).name}")
            return 1
        return 0
    if new != source:
        KERNEL.write_text(new, "utf-8")
        print(f"{KERNEL.name}: block rewritten (rebuild the compiled kernel: pip install -e .)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
