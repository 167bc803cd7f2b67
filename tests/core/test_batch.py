"""The batch door to the kernel (``fearsome_rules.core.batch``): walks many times over, and a
walk of any length, counted against the rulebook's card-8 example worked by hand."""

from __future__ import annotations

import pytest

import fearsome_rules as fr
from fearsome_rules.core.batch import MAX_STEPS, walk_steps, walks

CARD_8 = (
    "players=4 round=2 stage=1 start=A monster=f4:W deck=7,7,8,8,10,1hit,2hits "
    "stones=c3,m4,h5,c6,i6,n6,g7,e8,o9,f10,i10 pools=e3,i3,j3,e4,i4,j4,e5,e6 "
    "figures=A1:f9:1*,A3:d9:3*,B1:g4:1*,B3:b6:3*,C1:d6:1*,C3:a5:3*,D1:d3:1*,D3:e7:3*,"
    "A4:waiting:4*,A5:waiting:5*,B4:waiting:4*,B5:waiting:5*,"
    "C4:waiting:4*,C5:waiting:5*,D4:waiting:4*,D5:waiting:5* escapes= ended= options="
)
"""Conformance case rulebook-monster-example-card-8 as a position string: the monster eats C1
on its 3rd step (the slide onto d6), pushes B3 over wall V on its 5th, eats C3 on its 7th."""


def card8() -> fr.GameState:
    return fr.parse_position(CARD_8)


@pytest.mark.rules("MON-TILE", "MON-EAT", "MON-PUSH-OFF")
def test_a_tile_walked_many_times_hits_as_often_as_once_each_time() -> None:
    state = card8()
    assert walks(state, "8", 1) == 3  # C1, B3, C3
    assert walks(state, "8", 5) == 15  # each walk from the same position
    assert walks(state, "8", 0) == 0


@pytest.mark.rules("MON-STEP", "MON-EAT", "MON-PUSH-OFF")
@pytest.mark.parametrize(("steps", "hits"), [(0, 0), (2, 0), (3, 1), (4, 1), (5, 2), (7, 3)])
def test_a_walk_of_any_length_hits_what_its_steps_reach(steps: int, hits: int) -> None:
    assert walk_steps(card8(), steps) == hits
    assert walk_steps(card8(), steps, 4) == 4 * hits


@pytest.mark.rules("MON-HITS")
def test_a_hit_tile_stops_at_its_hits_where_a_walk_of_steps_goes_on() -> None:
    # 1hit ends with the first hit (C1, 3rd step); 20 steps go on past all three.
    state = card8()
    assert walks(state, "1hit", 1) == 1
    assert walks(state, "2hits", 1) == 2
    assert walk_steps(state, MAX_STEPS) >= 3


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda s: walk_steps(s, 21), fr.ArgumentError),
        (lambda s: walk_steps(s, -1), fr.ArgumentError),
        (lambda s: walk_steps(s, 2.0), fr.ArgumentTypeError),  # type: ignore[arg-type]
        (lambda s: walk_steps(s, 3, 2**31), fr.ArgumentError),
        (lambda s: walks(s, "8", -1), fr.ArgumentError),
        (lambda s: walks(s, "9", 1), fr.ArgumentError),
        (lambda s: walk_steps("state", 3), fr.ArgumentTypeError),  # type: ignore[arg-type]
    ],
)
def test_bad_arguments_are_refused_in_one_line(call: object, error: type[Exception]) -> None:
    with pytest.raises(error) as raised:
        call(card8())  # type: ignore[operator]
    assert "\n" not in str(raised.value)
