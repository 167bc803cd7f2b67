"""Perft suites (tests/core/perft/suites.json): the engine's counts of distinct paths and distinct
states per depth, and the per-first-action breakdown, against the published numbers; the naive
implementation against the same numbers at depth 1 (the file itself was written only after
both agreed at every depth, see tests/core/perft/make_suites.py).

CI checks depths up to ``PERFT_DEPTH`` (default 2); ``PERFT_DEPTH=9`` checks every depth.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from naive import game as ngame
from naive_adapter import to_naive

import fearsome_rules as fr

SUITES: list[dict[str, Any]] = json.loads(
    (Path(__file__).parent / "perft" / "suites.json").read_text("utf-8")
)
DEPTH = int(os.environ.get("PERFT_DEPTH", "2"))
IDS = [s["name"] for s in SUITES]


def test_the_suites_cover_what_the_issue_names() -> None:
    names = set(IDS)
    assert {"start-2", "start-4", "start-5", "start-7", "stage-change"} <= names
    assert any(n.startswith("crowded") for n in names)
    assert any(n.startswith("advanced") for n in names)


@pytest.mark.rules("RND-ORDER", "FIG-POINTS", "DECK-REVEAL", "STAGE-ONE")
@pytest.mark.parametrize("suite", SUITES, ids=IDS)
def test_engine_perft_matches_the_published_counts(suite: dict[str, Any]) -> None:
    state = fr.parse_position(suite["position"])
    depth = min(DEPTH, len(suite["perft"]))
    got = [[line.paths, line.states] for line in fr.perft(state, depth)]
    assert got == suite["perft"][:depth]


@pytest.mark.parametrize("suite", SUITES, ids=IDS)
def test_divide_sums_to_perft(suite: dict[str, Any]) -> None:
    total = len(suite["perft"])
    assert sum(paths for paths, _ in suite["divide"].values()) == suite["perft"][-1][0]
    if total <= DEPTH:
        state = fr.parse_position(suite["position"])
        got = {k: [v.paths, v.states] for k, v in fr.divide(state, total).items()}
        assert got == suite["divide"]


@pytest.mark.parametrize("suite", SUITES, ids=IDS)
def test_naive_perft_matches_the_published_counts_at_depth_one(suite: dict[str, Any]) -> None:
    state = fr.parse_position(suite["position"])
    assert [list(x) for x in ngame.perft(to_naive(state), 1)] == suite["perft"][:1]


@pytest.mark.rules("FIG-POINTS", "FIG-THROUGH")
def test_the_start_counts_by_hand() -> None:
    """The 4-player start, A to move, checked by hand: A1 (1 point) has the zero move and p11
    (2 paths, 2 results); A3, A4 and A5 enter on p11 and then walk. From p11 with k points left
    the figure can take any walk of length <= k over o11, p10 and beyond; the 128 paths and 46
    results come from 2 + (1 + 1 + 2 + ...) per figure, which the naive count also gives."""
    state = fr.new_game(4)
    lines = fr.perft(state, 1)
    per_figure = {f: len(list(fr.all_paths(state, f))) for f in ("A1", "A3", "A4", "A5")}
    assert per_figure["A1"] == 2  # "A1 -" and "A1 p11"
    # A3: "-", p11, p11 o11, p11 p10, p11 o11 n11, p11 o11 o10, p11 o11 p11, p11 p10 p9,
    # p11 p10 o10, p11 p10 p11: 10 paths (back onto p11 is a path of its own)
    assert per_figure["A3"] == 10
    assert sum(per_figure.values()) == lines[0].paths == 128
