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


def test_the_main_functions_have_examples() -> None:
    finder = doctest.DocTestFinder()
    examples = {
        t.name.removeprefix("fearsome_rules.")
        for name in ["fearsome_rules", *MODULES]
        for t in finder.find(importlib.import_module(name))
        if t.examples
    }
    wanted = {
        "fearsome_rules",
        "game.new_game",
        "game.legal_moves",
        "game.check",
        "game.apply",
        "game.apply_traced",
        "game.chance_outcomes",
        "game.outcome",
        "moves.all_paths",
        "moves.destinations",
        "moves.continuations",
        "notation.position_string",
        "notation.parse_position",
        "notation.diagram",
        "notation.parse_diagram",
        "records.GameRecord",
        "records.state_to_json",
        "records.state_from_json",
        "perft.perft",
    }
    assert wanted <= examples, sorted(wanted - examples)


@pytest.mark.parametrize("name", ["fearsome_rules", *MODULES])
def test_doctests_pass(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=FLAGS, verbose=False, report=True)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
