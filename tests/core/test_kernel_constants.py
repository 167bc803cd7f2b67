"""The kernel's C ints are written from one table (issue 31: one vocabulary).

Compiled code reads numbers without a Python lookup only when they are C ints, so
``_kernel.py`` holds a block of them that ``scripts/make_kernel_constants.py`` writes from
``_encoding.KERNEL_INTS`` and the rule ids the kernel names (``R_<id>``). These tests fail when
the block is not what the table makes (a value or a name changed by hand, a table changed
without running the script, a rule named that is no rule id).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from helpers import load_file
from test_kernel_builds import pure_kernel

from fearsome_rules.core import _encoding, board
from fearsome_rules.core.rules import RULE_IDS

ROOT = Path(__file__).resolve().parents[2]

MAKE = load_file("make_kernel_constants", ROOT / "scripts" / "make_kernel_constants.py")
SOURCE: str = MAKE.KERNEL.read_text("utf-8")


def test_the_block_is_what_the_table_writes() -> None:
    assert MAKE.main(["--check"]) == 0, "run python3 scripts/make_kernel_constants.py"


def test_the_block_declares_the_table_and_the_named_rules() -> None:
    """Read back by hand from the source: every name of the table once with its value, and
    ``R_MON_PUSH`` with MON-PUSH's code."""
    _before, written, _after = MAKE.split(SOURCE)
    declared = dict(re.findall(r"^(\w+) = cython\.declare\(cython\.int, (\d+)\)", written, re.M))
    ints = {k: int(v) for k, v in declared.items() if not k.startswith("R_")}
    assert ints == {name: getattr(_encoding, name) for name in _encoding.KERNEL_INTS}
    assert ints["NONE"] == board.OFF == 255 and ints["AT_WAITING"] == board.WAITING == 253
    assert int(declared["R_MON_PUSH"]) == sorted(RULE_IDS).index("MON-PUSH") + 1
    assert len(declared) > 90


def test_the_pure_kernel_holds_the_table_values() -> None:
    """Run by CPython (in both builds), each written C int equals the table's value."""
    pure = pure_kernel()
    for name in _encoding.KERNEL_INTS:
        assert getattr(pure, name) == getattr(_encoding, name), name
    assert _encoding.RULE_CODES["FIG-POINTS"] == pure.R_FIG_POINTS


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("NONE = cython.declare(cython.int, 255)", "NONE = cython.declare(cython.int, 254)"),
        ("AT_OUT = cython.declare(cython.int, 254)", ""),
        ("STONE = cython.declare(cython.int, 255)", "STONE = cython.declare(cython.int, 255)\n"),
    ],
)
def test_a_block_changed_by_hand_is_stale(old: str, new: str) -> None:
    """A test that cannot fail proves nothing: each of these edits is caught."""
    assert old in SOURCE
    assert MAKE.written(SOURCE.replace(old, new, 1)) != SOURCE.replace(old, new, 1)


def test_a_changed_table_or_a_new_rule_name_is_stale() -> None:
    before, written, after = MAKE.split(SOURCE)
    assert MAKE.block(_encoding.KERNEL_INTS[:-1], vars(_encoding), []) != written
    rules = MAKE.rules_named(before + after, _encoding.RULE_CODES)
    assert "MON-PUSH" in rules and "END-WIN" not in rules
    assert MAKE.rules_named(before + "R_END_WIN" + after, _encoding.RULE_CODES) != rules


def test_a_rule_name_that_is_no_rule_is_refused() -> None:
    before, _written, after = MAKE.split(SOURCE)
    with pytest.raises(MAKE.StaleError, match="R_MON_NO_SUCH_RULE, which are no rule ids"):
        MAKE.rules_named(before + "R_MON_NO_SUCH_RULE" + after, _encoding.RULE_CODES)
