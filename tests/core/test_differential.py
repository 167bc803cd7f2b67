"""The engine against the naive second implementation (tests/naive/, written from spec/ alone).

See tests/differential.py for what is compared. CI runs ``DIFFERENTIAL_POSITIONS`` random
positions (default 400) and the generated games of the Hypothesis profile; the last deep local
run is reported in docs/testing.md.
"""

from __future__ import annotations

import os
import random

import pytest
from differential import compare, random_position, run
from hypothesis import given, settings
from strategies import played

import fearsome_rules as fr
from fearsome_rules.core import _kernel as kernel

COUNT = int(os.environ.get("DIFFERENTIAL_POSITIONS", "400"))

Game = tuple[list[fr.GameState], list[fr.Action]]


@pytest.mark.rules(
    "FIG-POINTS",
    "PUSH-ONE",
    "POOL-SLIDE",
    "MON-STEP",
    "MON-CHOOSE",
    "MON-PUSH",
    "MON-WRAP",
    "MON-SLIDE",
    "MON-HITS",
    "ADV-TURN",
    "ADV-TELEPORT",
    "ADV-CRYSTAL",
    "RND-ORDER",
    "STAGE-ONE",
    "END-WIN",
)
def test_random_positions_agree() -> None:
    seen = run(COUNT, seed=2003)
    assert seen["figures"] > COUNT // 4 and seen["monster"] > COUNT // 4


@pytest.mark.rules("RND-ORDER", "FIG-POINTS", "MON-STEP", "ADV-SETUP")
@settings(max_examples=max(10, settings().max_examples // 3))
@given(played(max_actions=200))
def test_generated_games_agree(game: Game) -> None:
    """Reachable positions of whole games (every setup, every reading), a few per game."""
    states, _ = game
    rng = random.Random(len(states))
    for state in states[:: max(1, len(states) // 4)] + states[-1:]:
        if state.phase is not fr.Phase.PLACEMENT:
            compare(state, rng)


@pytest.mark.skipif(
    kernel.COMPILED, reason="the compiled kernel's tables are C pointers: run on the pure build"
)
def test_the_comparison_catches_a_same_row_wrap(monkeypatch: pytest.MonkeyPatch) -> None:
    """A test that cannot fail proves nothing: break the engine's wrap the way hobby
    implementations do (same row) and the comparison must notice."""
    from fearsome_rules.core import board

    wrong = list(board.WRAP)
    for sq in board.SQUARES:
        row = [s for s in board.SQUARES if s // 16 == sq // 16]
        wrong[sq] = row[-1] if sq == row[0] else row[0] if sq == row[-1] else wrong[sq]
    monkeypatch.setattr(kernel, "WR", bytes(w & 0xFF for w in wrong))
    rng = random.Random(5)
    with pytest.raises(AssertionError):
        for _ in range(3000):
            compare(random_position(rng), rng)
