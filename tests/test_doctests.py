"""The ``>>>`` examples in the package's docstrings run and print what they say."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import fearsome_rules

# ``__main__`` runs the command line when imported.
MODULES = sorted(
    m.name
    for m in pkgutil.walk_packages(fearsome_rules.__path__, "fearsome_rules.")
    if not m.name.endswith(".__main__")
)
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
OPTIONAL = ("numpy", "pyspiel", "open_spiel", "pettingzoo", "gymnasium")
"""The packages of the optional extras (the adapters import them; nothing else does)."""


def test_the_main_functions_have_examples() -> None:
    finder = doctest.DocTestFinder()
    wanted = (
        "new_game",
        "legal_moves",
        "check",
        "apply",
        "apply_traced",
        "chance_outcomes",
        "outcome",
        "all_paths",
        "destinations",
        "continuations",
        "position_string",
        "parse_position",
        "diagram",
        "parse_diagram",
        "GameRecord",
        "state_to_json",
        "state_from_json",
        "perft",
    )
    missing = [
        name
        for name in wanted
        if not any(t.examples for t in finder.find(getattr(fearsome_rules, name), name))
    ]
    assert not missing
    assert finder.find(fearsome_rules)[0].examples  # the package's own docstring


@pytest.mark.parametrize("name", ["fearsome_rules", *MODULES])
def test_doctests_pass(name: str) -> None:
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as missing:
        if (missing.name or "").split(".")[0] not in OPTIONAL:
            raise
        pytest.skip(f"{name} needs {missing.name} (an optional extra)")
    result = doctest.testmod(module, optionflags=FLAGS, verbose=False, report=True)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
