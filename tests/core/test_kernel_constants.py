"""The kernel's C constants against the one table they copy (issue 31: one vocabulary).

Compiled code reads numbers without a Python lookup only when they are C constants, so
``_kernel.py`` declares its own copies (``X = cython.declare(cython.int, ...)``). These tests
fail when a copy drifts from ``_encoding`` or from the rule ids: a copy under another name, a
number typed by hand, a rule code under a name that is not its id's.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_kernel_builds import pure_kernel

from fearsome_rules.core import _encoding as encoding
from fearsome_rules.core import _kernel as kernel
from fearsome_rules.core.rules import RULE_IDS

SOURCE = Path(kernel.__file__).with_name("_kernel.py").read_text("utf-8")
DECLARED = re.findall(r"^(\w+) = cython\.declare\(cython\.int, (.+)\)$", SOURCE, re.MULTILINE)
"""Every module-level C int of the kernel: its name and what it is declared from."""


def drift(name: str, source: str) -> str:
    """What is wrong with the C int ``name`` declared from ``source`` ("" if nothing): it must
    be ``_encoding``'s constant of the same name, or the code of the rule its name spells
    (``R_MON_PUSH``: ``RULE_CODES["MON-PUSH"]``); nothing else, no number by hand."""
    if name.startswith("R_"):
        rule = re.fullmatch(r'RULE_CODES\["([A-Z0-9-]+)"\]', source)
        if not rule:
            return f"{name} is declared from {source}, not from a rule's code"
        if rule.group(1) not in RULE_IDS:
            return f"{name}: {rule.group(1)} is not a rule id"
        if name != "R_" + rule.group(1).replace("-", "_"):
            return f"{name} is not the name of {rule.group(1)}"
        return ""
    if source != f"_encoding.{name}" or not isinstance(getattr(encoding, name, None), int):
        return f"{name} is declared from {source}"
    return ""


def test_every_c_int_is_a_named_copy() -> None:
    assert len(DECLARED) > 60
    assert [drift(name, source) for name, source in DECLARED if drift(name, source)] == []


def test_the_copies_hold_the_table_values() -> None:
    """Run by CPython (the pure kernel, in both builds), every copy equals what it copies."""
    pure = pure_kernel()
    for name, _ in DECLARED:
        if name.startswith("R_"):
            assert getattr(pure, name) == encoding.RULE_CODES[name[2:].replace("_", "-")], name
        else:
            assert getattr(pure, name) == getattr(encoding, name), name


@pytest.mark.parametrize(
    ("name", "source"),
    [
        ("R_TURN", 'RULE_CODES["ADV-TURN"]'),
        ("R_MON_PUSH", 'RULE_CODES["MON-NO-SUCH-RULE"]'),
        ("R_MON_PUSH", "12"),
        ("TURN_ABOUT", "_encoding.TURN_RIGHT"),
        ("NONE", "255"),
    ],
)
def test_a_drifted_copy_is_caught(name: str, source: str) -> None:
    """A test that cannot fail proves nothing: each of these drifts is named."""
    assert drift(name, source)
