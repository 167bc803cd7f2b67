"""The lab's walk (core.walks) is the game's walk: the same kernel, without the tile's end."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import played

import fearsome_rules as fr
from fearsome_rules.core import events as ev
from fearsome_rules.core.walks import Walk, walk_traced


def monster_states(games: tuple[list[fr.GameState], list[fr.Action]]) -> list[fr.GameState]:
    states, _ = games
    return [s for s in states if s.phase is fr.Phase.MONSTER]


@settings(max_examples=30, deadline=None)
@given(games=played(max_actions=120), pick=st.integers(0, 10**6))
def test_a_tiles_walk_in_the_lab_is_the_tiles_walk_in_the_game(
    games: tuple[list[fr.GameState], list[fr.Action]], pick: int
) -> None:
    candidates = monster_states(games)
    if not candidates:
        return
    state = candidates[pick % len(candidates)]
    for reveal, _ in fr.chance_outcomes(state):
        after, events = fr.apply_traced(state, reveal)
        lab, lab_events = walk_traced(state, Walk.of_tile(reveal.tile))
        # The walk's own events are the same; the tile's end (stage, round, game) is not in
        # the lab's walk, nor is the tile itself.
        walked = [e for e in events if not isinstance(e, ev.TileRevealed)]
        assert lab_events == tuple(walked[: len(lab_events)])
        ends = (ev.StageChanged, ev.RoundStarted, ev.GameEnded, ev.FigureEaten)
        assert all(isinstance(e, ends) for e in walked[len(lab_events) :])
        assert lab.monster == after.monster and lab.facing == after.facing
        if not any(isinstance(e, ev.StageChanged | ev.GameEnded) for e in events):
            assert lab.cells == after.cells  # a new round moves no piece
        assert lab.deck == state.deck and lab.round == state.round  # no bookkeeping


@settings(max_examples=30, deadline=None)
@given(games=played(max_actions=120), pick=st.integers(0, 10**6), n=st.integers(0, 12))
def test_a_shorter_walk_is_the_start_of_a_longer_one(
    games: tuple[list[fr.GameState], list[fr.Action]], pick: int, n: int
) -> None:
    candidates = monster_states(games)
    if not candidates:
        return
    state = candidates[pick % len(candidates)]
    _, short = walk_traced(state, Walk(n))
    _, long = walk_traced(state, Walk(n + 3))
    steps_short = [e for e in short if isinstance(e, ev.MonsterStepped)]
    steps_long = [e for e in long if isinstance(e, ev.MonsterStepped)]
    assert len(steps_short) == n and steps_long[:n] == steps_short


@pytest.mark.rules("MON-HITS")
def test_a_walk_until_hits_stops_at_the_hit() -> None:
    s = fr.position(
        4,
        figures={"A5": "c6", "B5": "e6"},
        moved=[f.name for f in fr.new_game(4).figures],
        monster="a6",
        facing="E",
        stones=[],
        pools=[],
        round=2,
        deck_left=["5", "7", "8", "8", "10", "1hit", "2hits"],
    )
    after, events = walk_traced(s, Walk(20, 1))
    assert [e.to for e in events if isinstance(e, ev.MonsterStepped)] == ["b6", "c6"]
    assert after.figure("A5").place() == "waiting" and after.figure("B5").place() == "e6"
    after, events = walk_traced(s, Walk(3, 2))  # at most 3 steps: B5 is still 1 away
    assert [e.to for e in events if isinstance(e, ev.MonsterStepped)] == ["b6", "c6", "d6"]
    assert after.figure("B5").place() == "e6"


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Walk(-1), "0 to 1,000 steps"),
        (lambda: Walk(1001), "0 to 1,000 steps"),
        (lambda: Walk(3, 36), "0 to 35 hits"),
        (lambda: Walk(True), "expected a whole number"),
        (lambda: Walk.of_tile("9"), "one of 5 7 8 10"),
        (lambda: walk_traced(fr.new_game(2), "8"), "expected a Walk"),  # type: ignore[arg-type]
    ],
)
def test_a_bad_walk_is_an_argument_error(make: object, message: str) -> None:
    with pytest.raises(fr.ArgumentError, match=message):
        make()  # type: ignore[operator]


def test_walks_say_what_they_are() -> None:
    assert str(Walk(1)) == "walk 1 step" and str(Walk(8)) == "walk 8 steps"
    assert str(Walk.of_tile("2hits")) == "walk until 2 hits (at most 20 steps)"
    assert Walk.of_tile("10") == Walk(10, 0) and Walk.of_tile("1hit") == Walk(20, 1)
