"""The naive monster (tests/naive/monster.py) against monster cases of conformance/cases,
translated by hand into NPosition. Each case keeps its conformance id."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any

import pytest
from naive.game import BASIC_POOLS, BASIC_STONES, DEFAULT_OPTIONS, SEATS
from naive.model import OUT, REMOVED, WAITING, NaiveIllegal, NFigure, NPosition
from naive.monster import reveal, walk

FULL_DECK = ("5", "7", "7", "8", "8", "10", "1hit", "2hits")


def make(
    players: int = 4,
    monster: str = "a1",
    facing: str = "E",
    figures: Mapping[str, str] | None = None,
    faces: Mapping[str, int] | None = None,
    stones: Iterable[str] = BASIC_STONES,
    pools: Iterable[str] = BASIC_POOLS,
    crystals: Iterable[str] = (),
    turn_right: Iterable[str] = (),
    turn_about: Iterable[str] = (),
    teleporters: Iterable[str] = (),
    stage: int = 1,
    round: int = 1,
    deck: Iterable[str] = FULL_DECK,
    start_player: int = 0,
    escapes: Iterable[int] = (),
    options: Mapping[str, Any] | None = None,
) -> NPosition:
    """A position at the monster phase ("moved: all"), as the conformance runner builds it."""
    kinds = (1, 3, 4, 5) if players <= 4 else (1, 4, 5)
    where = dict(figures or {})
    face = dict(faces or {})
    figs = tuple(
        NFigure(
            name=f"{SEATS[seat]}{kind}",
            owner=seat,
            kind=kind,
            face=face.get(f"{SEATS[seat]}{kind}", kind),
            where=where.get(f"{SEATS[seat]}{kind}", WAITING),
            moved=where.get(f"{SEATS[seat]}{kind}", WAITING) not in (OUT, REMOVED),
        )
        for seat in range(players)
        for kind in kinds
    )
    stone_map = {sq: "stone" for sq in stones}
    stone_map.update({sq: "crystal" for sq in crystals})
    stone_map.update({sq: "turn_right" for sq in turn_right})
    stone_map.update({sq: "turn_about" for sq in turn_about})
    tele: dict[str, tuple[int, str]] = {}
    for entry in teleporters:
        square, pair, arrow = entry.split(":")
        tele[square] = (int(pair), arrow)
    order = ("5", "7", "8", "10", "1hit", "2hits", "3hits")
    deck_tuple = tuple(sorted(deck, key=order.index))
    opts = dict(DEFAULT_OPTIONS)
    opts.update(options or {})
    return NPosition(
        players=players,
        options=opts,
        pools=frozenset(pools),
        stones=stone_map,
        figures=figs,
        monster=monster,
        facing=facing,
        round=round,
        stage=stage,
        start_player=start_player,
        deck=deck_tuple,
        reveals=8 - len(deck_tuple),
        escapes=tuple(escapes),
        teleporters=tele,
    )


STAGE1_ROUND2: dict[str, Any] = {"round": 2, "deck": ("7", "7", "8", "8", "10", "1hit", "2hits")}
"""Stage 1, round 2: the 5 was the first tile, an eaten figure waits again."""
ADVANCED: dict[str, Any] = {"stones": (), "pools": ()}
"""Positions with an advanced tile are in the advanced setup: no stones or pools unless given."""


@dataclasses.dataclass
class Case:
    pos: NPosition
    tile: str
    path: list[str]
    at: str | None = None
    facing: str | None = None
    figures: Mapping[str, str | tuple[str, int]] = dataclasses.field(default_factory=dict)
    stones: Iterable[str] | None = None
    stones_include: Iterable[str] = ()
    stones_exclude: Iterable[str] = ()
    stone_kinds: Mapping[str, str] = dataclasses.field(default_factory=dict)


def check(case: Case) -> NPosition:
    after, trace = walk(case.pos, case.tile)
    assert [square for square, _facing in trace] == case.path
    if case.at is not None:
        assert after.monster == case.at
    if case.facing is not None:
        assert after.facing == case.facing
    assert trace[-1][0] == after.monster
    by_name = {f.name: f for f in after.figures}
    for name, expected in case.figures.items():
        if isinstance(expected, tuple):
            assert (by_name[name].where, by_name[name].face) == expected, name
        else:
            assert by_name[name].where == expected, name
    if case.stones is not None:
        assert set(after.stones) == set(case.stones)
    for square in case.stones_include:
        assert square in after.stones
    for square in case.stones_exclude:
        assert square not in after.stones
    for square, kind in case.stone_kinds.items():
        assert after.stones.get(square) == kind
    return after


def case(rules: tuple[str, ...], case_id: str, **kwargs: Any) -> Any:
    return pytest.param(Case(**kwargs), id=case_id, marks=pytest.mark.rules(*rules))


WALK_CASES = [
    # ---------------------------------------------------------------- monster-sight.yaml
    case(
        ("MON-TILE", "MON-STEP", "MON-WRAP"),
        "monster-numbered-tile-steps-10",
        pos=make(stage=2, stones=(), pools=(), monster="l6", facing="E"),
        tile="10",
        path=["m6", "n6", "o6", "p6", "a6", "b6", "c6", "d6", "e6", "f6"],
        at="f6",
        facing="E",
    ),
    case(
        (
            "MON-STEP",
            "MON-TILE",
            "MON-SIGHT-DIRS",
            "MON-SIGHT-BLOCK",
            "MON-DISTANCE",
            "MON-CHOOSE",
            "MON-EAT",
            "MON-EATEN",
        ),
        "monster-spec-example-phase",
        pos=make(stage=2, monster="a1", facing="E", figures={"A5": "a4", "B4": "f1"}),
        tile="5",
        path=["a2", "a3", "a4", "a5", "a6"],
        at="a6",
        facing="S",
        figures={"A5": REMOVED, "B4": "f1"},
    ),
    case(
        ("MON-SIGHT-DIRS", "MON-CHOOSE", "MON-EAT"),
        "monster-sight-never-back",
        pos=make(
            stage=2, stones=(), pools=(), monster="e5", facing="E", figures={"A1": "d5", "B1": "e8"}
        ),
        tile="5",
        path=["e6", "e7", "e8", "e9", "e10"],
        at="e10",
        facing="S",
        figures={"A1": "d5", "B1": REMOVED},
    ),
    case(
        ("MON-SIGHT-BLOCK", "MON-DISTANCE", "MON-SLIDE", "MON-EAT"),
        "monster-sight-through-pool",
        pos=make(stage=2, stones=(), monster="g3", facing="E", figures={"A1": "k3", "B1": "g8"}),
        tile="5",
        path=["h3", "k3", "l3", "m3", "n3"],
        at="n3",
        facing="E",
        figures={"A1": REMOVED, "B1": "g8"},
    ),
    case(
        ("MON-SIGHT-BLOCK", "BRD-WRAP", "MON-CHOOSE"),
        "monster-sight-ends-at-wall",
        pos=make(
            stage=2, stones=(), pools=(), monster="p6", facing="E", figures={"A1": "a6", "B1": "p9"}
        ),
        tile="5",
        path=["p7", "p8", "p9", "p10", "p11"],
        at="p11",
        facing="S",
        figures={"A1": "a6", "B1": REMOVED},
    ),
    case(
        ("MON-DISTANCE", "MON-CHOOSE", "MON-SLIDE"),
        "monster-distance-spec-tie-across-pool",
        pos=make(stage=2, monster="k3", facing="W", figures={"A1": "h3", "B1": "k6"}),
        tile="5",
        path=["h3", "g3", "f3", "e3", "d3"],
        at="d3",
        facing="W",
        figures={"A1": REMOVED, "B1": "k6"},
    ),
    case(
        ("MON-DISTANCE", "MON-CHOOSE"),
        "monster-distance-strictly-nearer-side",
        pos=make(stage=2, monster="k3", facing="W", figures={"A1": "h3", "B1": "k5"}),
        tile="5",
        path=["k4", "k5", "k6", "k7", "k8"],
        at="k8",
        facing="S",
        figures={"A1": "h3", "B1": REMOVED},
    ),
    case(
        ("MON-CHOOSE", "MON-DISTANCE"),
        "monster-sight-tie-left-right",
        pos=make(
            stage=2, stones=(), pools=(), monster="d4", facing="E", figures={"A1": "d2", "B1": "d6"}
        ),
        tile="5",
        path=["e4", "f4", "g4", "h4", "i4"],
        at="i4",
        facing="E",
        figures={"A1": "d2", "B1": "d6"},
    ),
    case(
        ("MON-CHOOSE", "MON-DISTANCE", "MON-WRAP"),
        "monster-choose-strictly-nearest-left",
        pos=make(
            stage=2,
            stones=(),
            pools=(),
            monster="d4",
            facing="E",
            figures={"A1": "d2", "B1": "d7", "C1": "h4"},
        ),
        tile="5",
        path=["d3", "d2", "d1", "m11", "m10"],
        at="m10",
        facing="N",
        figures={"A1": REMOVED, "B1": "d7", "C1": "h4"},
    ),
    case(
        ("MON-STEP", "MON-CHOOSE"),
        "monster-final-look-turns",
        pos=make(stage=2, stones=(), pools=(), monster="a6", facing="E", figures={"A1": "f3"}),
        tile="5",
        path=["b6", "c6", "d6", "e6", "f6"],
        at="f6",
        facing="N",
        figures={"A1": "f3"},
    ),
    # ---------------------------------------------------------------- monster-push.yaml
    case(
        ("MON-EAT", "MON-EATEN", "MON-TILE", "MON-WRAP"),
        "monster-eat-and-go-on-stage-1",
        pos=make(
            **STAGE1_ROUND2,
            stones=(),
            pools=(),
            monster="a1",
            facing="S",
            figures={"A5": "a3", "B1": "a5"},
            faces={"A5": 2},
        ),
        tile="7",
        path=["a2", "a3", "a4", "a5", "a6", "a7", "p5"],
        at="p5",
        facing="S",
        figures={"A5": (WAITING, 2), "B1": (WAITING, 1)},
    ),
    case(
        ("MON-PUSH", "MON-SIGHT-BLOCK", "MON-EAT"),
        "monster-push-line-two-stones-and-figure",
        pos=make(
            stage=2,
            stones=("c5", "d5"),
            pools=(),
            monster="b5",
            facing="E",
            figures={"A4": "e5"},
            faces={"A4": 3},
        ),
        tile="5",
        path=["c5", "d5", "e5", "f5", "g5"],
        at="g5",
        facing="E",
        figures={"A4": ("j5", 3)},
        stones=("h5", "i5"),
    ),
    case(
        ("MON-PUSH", "MON-PUSH-OFF", "MON-WRAP", "MON-EATEN"),
        "monster-push-spec-example-off-east-edge",
        pos=make(stage=2, monster="m6", facing="E", figures={"A1": "o6"}),
        tile="5",
        path=["n6", "o6", "p6", "a6", "b6"],
        at="b6",
        facing="E",
        figures={"A1": REMOVED},
        stones=("c3", "m4", "h5", "i6", "g7", "e8", "m8", "o9", "f10", "i10"),
    ),
    case(
        ("MON-PUSH-OFF", "MON-HITS", "MON-EATEN"),
        "monster-push-off-is-a-hit",
        pos=make(
            **STAGE1_ROUND2,
            stones=("o6",),
            pools=(),
            monster="m6",
            facing="E",
            figures={"A1": "p6"},
        ),
        tile="1hit",
        path=["n6", "o6"],
        at="o6",
        facing="E",
        figures={"A1": WAITING},
        stones=("p6",),
    ),
    case(
        ("MON-PUSH", "MON-PUSH-OFF", "MON-CORNER-STONE", "MON-WRAP"),
        "monster-push-figure-onto-exit-corner-then-off",
        pos=make(stage=2, stones=("c1",), pools=(), monster="d1", facing="W", figures={"A1": "b1"}),
        tile="5",
        path=["c1", "b1", "a1", "p11", "o11"],
        at="o11",
        facing="W",
        figures={"A1": REMOVED},
        stones=(),
    ),
    case(
        ("MON-CORNER-STONE", "MON-PUSH"),
        "monster-corner-stone-remove",
        pos=make(
            stage=2,
            stones=("b1",),
            pools=(),
            monster="d1",
            facing="W",
            figures={"A1": "b5"},
            options={"monster_corner_stone": "remove"},
        ),
        tile="5",
        path=["c1", "b1", "b2", "b3", "b4"],
        at="b4",
        facing="S",
        figures={"A1": "b5"},
        stones=(),
    ),
    case(
        ("MON-CORNER-STONE", "MON-PUSH"),
        "monster-corner-stone-keep",
        pos=make(
            stage=2,
            stones=("b1",),
            pools=(),
            monster="d1",
            facing="W",
            figures={"A1": "b5"},
            options={"monster_corner_stone": "keep"},
        ),
        tile="5",
        path=["c1", "b1", "b2", "b3", "b4"],
        at="b4",
        facing="S",
        stones=("a1",),
    ),
    case(
        ("MON-CORNER-STONE", "MON-PUSH-OFF", "MON-WRAP"),
        "monster-corner-stone-keep-pushed-on",
        pos=make(
            stage=2,
            stones=("b1",),
            pools=(),
            monster="d1",
            facing="W",
            options={"monster_corner_stone": "keep"},
        ),
        tile="5",
        path=["c1", "b1", "a1", "p11", "o11"],
        at="o11",
        facing="W",
        stones=(),
    ),
    # ---------------------------------------------------------------- monster-wrap.yaml
    case(
        ("MON-WRAP", "BRD-WRAP"),
        "monster-wrap-m2-north-wall-n",
        pos=make(stage=2, stones=(), pools=(), monster="m2", facing="N"),
        tile="5",
        path=["d10", "d9", "d8", "d7", "d6"],
    ),
    case(
        ("MON-WRAP", "MON-TILE"),
        "monster-wrap-twice-in-one-tile",
        pos=make(stage=2, stones=(), pools=(), monster="o4", facing="N"),
        tile="10",
        path=["b8", "b7", "b6", "b5", "b4", "b3", "b2", "b1", "o11", "o10"],
        at="o10",
        facing="N",
    ),
    case(
        ("MON-WRAP-OCCUPIED", "MON-WRAP", "MON-PUSH"),
        "monster-wrap-entry-stone-pushed-inward",
        pos=make(stage=2, stones=("a6",), pools=(), monster="p6", facing="E"),
        tile="5",
        path=["a6", "b6", "c6", "d6", "e6"],
        stones=("f6",),
    ),
    case(
        ("MON-WRAP-OCCUPIED", "MON-WRAP", "MON-EAT"),
        "monster-wrap-entry-figure-eat",
        pos=make(
            **STAGE1_ROUND2,
            stones=(),
            pools=(),
            monster="p6",
            facing="E",
            figures={"A1": "a6"},
            options={"wrap_entry_figure": "eat"},
        ),
        tile="1hit",
        path=["a6"],
        at="a6",
        facing="E",
        figures={"A1": WAITING},
    ),
    case(
        ("MON-WRAP-OCCUPIED", "MON-HITS"),
        "monster-wrap-entry-figure-push",
        pos=make(
            **STAGE1_ROUND2,
            stones=(),
            pools=(),
            monster="p6",
            facing="E",
            figures={"A1": "a6"},
            options={"wrap_entry_figure": "push"},
        ),
        tile="1hit",
        path=["a6", "b6"],
        at="b6",
        facing="E",
        figures={"A1": WAITING},
    ),
    case(
        ("MON-WRAP", "MON-SLIDE"),
        "monster-wrap-entry-on-pool-slides-on",
        pos=make(stage=2, stones=(), pools=("a6", "b6"), monster="p6", facing="E"),
        tile="5",
        path=["c6", "d6", "e6", "f6", "g6"],
    ),
    case(
        ("MON-WRAP-OCCUPIED", "MON-SLIDE-EDGE", "MON-SLIDE-OCCUPIED"),
        "monster-wrap-entry-on-pool-figure-eaten",
        pos=make(
            **STAGE1_ROUND2,
            stones=(),
            pools=("p6", "a6"),
            monster="o6",
            facing="E",
            figures={"A1": "a6"},
        ),
        tile="1hit",
        path=["b6"],
        figures={"A1": WAITING},
    ),
    # ---------------------------------------------------------------- monster-pools.yaml
    case(
        ("MON-SLIDE", "MON-STEP"),
        "monster-slide-lengthwise-no-look",
        pos=make(stage=2, monster="d9", facing="E", figures={"A1": "g11", "B1": "h7"}),
        tile="5",
        path=["i9", "j9", "k9", "l9", "m9"],
        at="m9",
        facing="E",
        figures={"A1": "g11", "B1": "h7"},
    ),
    case(
        ("MON-SLIDE", "MON-PUSH"),
        "monster-slide-square-pool-then-push",
        pos=make(stage=2, monster="i1", facing="S"),
        tile="5",
        path=["i2", "i5", "i6", "i7", "i8"],
        at="i8",
        facing="S",
        stones=("c3", "m4", "h5", "i9", "n6", "g7", "e8", "m8", "o9", "f10", "i10"),
    ),
    case(
        ("MON-SLIDE", "MON-PUSH-OFF", "MON-WRAP"),
        "monster-slide-stone-beyond-pushed",
        pos=make(stage=2, monster="f7", facing="S"),
        tile="5",
        path=["f8", "f10", "f11", "k1", "k2"],
        at="k2",
        facing="S",
        stones=("c3", "m4", "h5", "i6", "n6", "g7", "e8", "m8", "o9", "i10"),
    ),
    case(
        ("MON-SLIDE", "MON-PUSH", "MON-PUSH-POOL"),
        "monster-slide-stone-on-first-pool-square",
        pos=make(stage=2, monster="d9", facing="E", stones=(*BASIC_STONES, "e9")),
        tile="5",
        path=["i9", "j9", "k9", "l9", "m9"],
        stones=(*BASIC_STONES, "n9"),
    ),
    case(
        ("MON-SLIDE-OCCUPIED", "MON-SLIDE", "MON-PUSH-POOL"),
        "monster-slide-occupied-stone-on-pool",
        pos=make(stage=2, monster="d9", facing="E", stones=(*BASIC_STONES, "g9")),
        tile="5",
        path=["i9", "j9", "k9", "l9", "m9"],
        stones=(*BASIC_STONES, "n9"),
    ),
    case(
        ("MON-SLIDE-OCCUPIED", "MON-SLIDE", "MON-PUSH-POOL"),
        "monster-slide-figure-on-pool-push",
        pos=make(
            stage=2,
            monster="d9",
            facing="E",
            figures={"A1": "g9", "B1": "i8"},
            options={"monster_slide_figure": "push"},
        ),
        tile="5",
        path=["i9", "j9", "k9", "l9", "m9"],
        at="m9",
        facing="E",
        figures={"A1": REMOVED, "B1": "i8"},
    ),
    case(
        ("MON-SLIDE-OCCUPIED", "MON-SLIDE", "MON-CHOOSE", "MON-PUSH-POOL"),
        "monster-slide-figure-on-pool-eat",
        pos=make(
            stage=2,
            monster="d9",
            facing="E",
            figures={"A1": "g9", "B1": "i8"},
            options={"monster_slide_figure": "eat"},
        ),
        tile="5",
        path=["i9", "i8", "i7", "i6", "i5"],
        at="i5",
        facing="N",
        figures={"A1": REMOVED, "B1": REMOVED},
        stones=("c3", "m4", "h5", "i2", "n6", "g7", "e8", "m8", "o9", "f10", "i10"),
    ),
    case(
        ("MON-SLIDE", "MON-SLIDE-OCCUPIED", "MON-EAT"),
        "monster-slide-figure-first-pool-square-push",
        pos=make(
            stage=2,
            monster="d9",
            facing="E",
            figures={"A1": "e9"},
            options={"monster_slide_figure": "push"},
        ),
        tile="5",
        path=["i9", "j9", "k9", "l9", "m9"],
        figures={"A1": REMOVED},
    ),
    case(
        ("MON-SLIDE-OCCUPIED", "MON-PUSH-POOL", "MON-PUSH", "MON-HITS"),
        "monster-slide-figure-into-stone-beyond-push",
        pos=make(
            **STAGE1_ROUND2,
            monster="d9",
            facing="E",
            figures={"A1": "f9"},
            stones=(*BASIC_STONES, "i9"),
            options={"monster_slide_figure": "push"},
        ),
        tile="1hit",
        path=["i9", "j9"],
        at="j9",
        facing="E",
        figures={"A1": WAITING},
        stones_include=("k9",),
        stones_exclude=("i9", "j9"),
    ),
    case(
        ("MON-SLIDE-OCCUPIED", "MON-SLIDE", "MON-HITS"),
        "monster-slide-figure-into-stone-beyond-eat",
        pos=make(
            **STAGE1_ROUND2,
            monster="d9",
            facing="E",
            figures={"A1": "f9"},
            stones=(*BASIC_STONES, "i9"),
            options={"monster_slide_figure": "eat"},
        ),
        tile="1hit",
        path=["i9"],
        figures={"A1": WAITING},
        stones_include=("j9",),
        stones_exclude=("i9",),
    ),
    case(
        ("MON-PUSH-POOL", "MON-PUSH", "MON-CHOOSE"),
        "monster-push-figure-onto-pool-slides",
        pos=make(
            stage=2,
            stones=("h7",),
            monster="h6",
            facing="S",
            figures={"A1": "h8", "B1": "i7"},
            faces={"A1": 6},
        ),
        tile="5",
        path=["h7", "i7", "j7", "k7", "l7"],
        at="l7",
        facing="E",
        figures={"A1": ("h10", 6), "B1": REMOVED},
        stones=("h8",),
    ),
    case(
        ("MON-PUSH-POOL", "MON-SIGHT-BLOCK", "MON-CHOOSE"),
        "monster-push-stone-onto-pool-stops-before-figure",
        pos=make(
            stage=2, stones=("h8",), monster="h6", facing="S", figures={"A1": "h10", "B1": "j8"}
        ),
        tile="5",
        path=["h7", "h8", "i8", "j8", "k8"],
        figures={"A1": "h10", "B1": REMOVED},
        stones=("h9",),
    ),
    case(
        ("MON-PUSH-POOL", "MON-SLIDE", "MON-PUSH-OFF", "MON-WRAP"),
        "monster-stone-slides-then-pushed-off",
        pos=make(stage=2, monster="e7", facing="S"),
        tile="5",
        path=["e8", "e10", "e11", "l1", "l2"],
        at="l2",
        facing="S",
        stones=("c3", "m4", "h5", "i6", "n6", "g7", "m8", "o9", "f10", "i10"),
    ),
    case(
        ("MON-CORNER-STONE", "MON-PUSH-POOL"),
        "monster-stone-slides-onto-corner-remove",
        pos=make(
            stage=2,
            stones=("c1",),
            pools=("b1",),
            monster="d1",
            facing="W",
            figures={"A1": "c5"},
            options={"monster_corner_stone": "remove"},
        ),
        tile="5",
        path=["c1", "c2", "c3", "c4", "c5"],
        stones=(),
        figures={"A1": REMOVED},
    ),
    case(
        ("MON-CORNER-STONE", "MON-PUSH-POOL"),
        "monster-stone-slides-onto-corner-keep",
        pos=make(
            stage=2,
            stones=("c1",),
            pools=("b1",),
            monster="d1",
            facing="W",
            figures={"A1": "c5"},
            options={"monster_corner_stone": "keep"},
        ),
        tile="5",
        path=["c1", "c2", "c3", "c4", "c5"],
        stones=("a1",),
        figures={"A1": REMOVED},
    ),
    case(
        ("MON-SLIDE-EDGE", "MON-WRAP"),
        "monster-pool-edge-wrap",
        pos=make(
            stage=2,
            stones=(),
            pools=("o7", "p7"),
            monster="n7",
            facing="E",
            options={"monster_pool_edge": "wrap"},
        ),
        tile="5",
        path=["a5", "b5", "c5", "d5", "e5"],
        at="e5",
        facing="E",
    ),
    case(
        ("MON-SLIDE-EDGE", "MON-WRAP"),
        "monster-pool-edge-stop",
        pos=make(
            stage=2,
            stones=(),
            pools=("o7", "p7"),
            monster="n7",
            facing="E",
            options={"monster_pool_edge": "stop"},
        ),
        tile="5",
        path=["p7", "a5", "b5", "c5", "d5"],
        at="d5",
        facing="E",
    ),
    case(
        ("MON-SLIDE-EDGE", "MON-SLIDE", "MON-WRAP"),
        "monster-pool-edge-wrap-onto-pool",
        pos=make(stage=2, stones=(), pools=("o7", "p7", "a5", "b5"), monster="n7", facing="E"),
        tile="5",
        path=["c5", "d5", "e5", "f5", "g5"],
    ),
    case(
        ("MON-SLIDE-EDGE", "MON-WRAP-OCCUPIED"),
        "monster-pool-edge-wrap-entry-push",
        pos=make(
            **STAGE1_ROUND2,
            stones=(),
            pools=("p6",),
            monster="o6",
            facing="E",
            figures={"A1": "a6"},
            options={"wrap_entry_figure": "push"},
        ),
        tile="1hit",
        path=["a6", "b6"],
        figures={"A1": WAITING},
    ),
    # ---------------------------------------------------------------- monster-hits.yaml
    case(
        ("MON-HITS", "MON-STEP", "MON-CHOOSE"),
        "monster-hits-1hit-stops-then-final-look",
        pos=make(
            **STAGE1_ROUND2,
            stones=(),
            pools=(),
            monster="a1",
            facing="E",
            figures={"A1": "d1", "B1": "a3", "C1": "e3"},
        ),
        tile="1hit",
        path=["a2", "a3"],
        at="a3",
        facing="E",
        figures={"A1": "d1", "C1": "e3", "B1": WAITING},
    ),
    case(
        ("MON-HITS",),
        "monster-hits-2hits-stops-after-second",
        pos=make(
            **STAGE1_ROUND2,
            stones=(),
            pools=(),
            monster="b5",
            facing="E",
            figures={"A1": "d5", "B1": "f5", "C1": "h5"},
        ),
        tile="2hits",
        path=["c5", "d5", "e5", "f5"],
        at="f5",
        facing="E",
        figures={"A1": WAITING, "B1": WAITING, "C1": "h5"},
    ),
    case(
        ("MON-HITS", "MON-SLIDE", "MON-EAT"),
        "monster-hits-two-in-one-step",
        pos=make(**STAGE1_ROUND2, monster="d9", facing="E", figures={"A1": "e9", "B1": "i9"}),
        tile="1hit",
        path=["i9"],
        at="i9",
        facing="E",
        figures={"A1": WAITING, "B1": WAITING},
    ),
    case(
        ("MON-HITS", "MON-SIGHT-BLOCK", "MON-WRAP"),
        "monster-hits-20-step-cap-nobody-seen",
        pos=make(
            **STAGE1_ROUND2,
            stones=("h7",),
            pools=(),
            monster="a6",
            facing="E",
            figures={"A1": "h8"},
        ),
        tile="1hit",
        path=[
            "b6",
            "c6",
            "d6",
            "e6",
            "f6",
            "g6",
            "h6",
            "i6",
            "j6",
            "k6",
            "l6",
            "m6",
            "n6",
            "o6",
            "p6",
            "a6",
            "b6",
            "c6",
            "d6",
            "e6",
        ],
        at="e6",
        facing="E",
        figures={"A1": "h8"},
    ),
    case(
        ("MON-HITS", "MON-SLIDE", "MON-WRAP"),
        "monster-hits-20-steps-not-squares",
        pos=make(**STAGE1_ROUND2, stones=(), monster="d9", facing="E"),
        tile="1hit",
        path=[
            "i9",
            "j9",
            "k9",
            "l9",
            "m9",
            "n9",
            "o9",
            "p9",
            "a3",
            "b3",
            "c3",
            "d3",
            "e3",
            "f3",
            "g3",
            "h3",
            "k3",
            "l3",
            "m3",
            "n3",
        ],
    ),
    case(
        ("MON-SLIDE", "MON-PUSH", "MON-PUSH-OFF", "MON-HITS"),
        "monster-hits-push-off-beyond-pool",
        pos=make(
            **STAGE1_ROUND2,
            monster="j9",
            facing="W",
            figures={"A1": "c9"},
            stones=(*BASIC_STONES, "d9"),
        ),
        tile="1hit",
        path=["i9", "d9"],
        at="d9",
        facing="W",
        figures={"A1": WAITING},
        stones_include=("c9",),
        stones_exclude=("d9",),
    ),
    case(
        ("VAR-THREE-HITS", "MON-HITS", "MON-TILE"),
        "monster-three-hits-tile",
        pos=make(
            players=6,
            round=2,
            deck=("3hits", "7", "8", "8", "10", "1hit", "2hits"),
            stones=(),
            pools=(),
            monster="a6",
            facing="E",
            figures={"A1": "c6", "B1": "e6", "C1": "g6", "D1": "i6"},
            options={"three_hits": True},
        ),
        tile="3hits",
        path=["b6", "c6", "d6", "e6", "f6", "g6"],
        at="g6",
        facing="E",
        figures={"A1": WAITING, "B1": WAITING, "C1": WAITING, "D1": "i6"},
    ),
    # ---------------------------------------------------------------- advanced-tiles.yaml
    case(
        ("ADV-CRYSTAL", "MON-PUSH"),
        "adv-crystal-spec-example",
        pos=make(
            **ADVANCED, stage=2, crystals=("e5",), monster="d5", facing="E", figures={"A1": "h5"}
        ),
        tile="5",
        path=["e5", "f5", "g5", "h5", "i5"],
        at="i5",
        facing="E",
        figures={"A1": "k5"},
        stone_kinds={"j5": "crystal"},
    ),
    case(
        ("ADV-TURN",),
        "adv-turn-right-spec-example",
        pos=make(**ADVANCED, stage=2, turn_right=("h4",), monster="h3", facing="S"),
        tile="5",
        path=["g3", "f3", "e3", "d3", "c3"],
        at="c3",
        facing="W",
        stone_kinds={"h4": "turn_right"},
    ),
    case(
        ("ADV-TURN", "MON-WRAP"),
        "adv-turn-about-spec-example",
        pos=make(**ADVANCED, stage=2, turn_about=("h4",), monster="h3", facing="S"),
        tile="5",
        path=["h2", "h1", "i11", "i10", "i9"],
        at="i9",
        facing="N",
    ),
    case(
        ("ADV-TURN-TIE", "ADV-TURN", "MON-PUSH"),
        "adv-turn-tie-push",
        pos=make(
            **ADVANCED,
            stage=2,
            turn_right=("i6",),
            monster="h6",
            facing="E",
            figures={"A1": "h4", "B1": "h8"},
            options={"turn_stone_tie": "push"},
        ),
        tile="5",
        path=["i6", "i7", "i8", "h8", "h7"],
        at="h7",
        facing="N",
        figures={"B1": REMOVED, "A1": "h4"},
        stone_kinds={"j6": "turn_right"},
    ),
    case(
        ("ADV-TURN-TIE", "ADV-TURN"),
        "adv-turn-tie-turn",
        pos=make(
            **ADVANCED,
            stage=2,
            turn_right=("i6",),
            monster="h6",
            facing="E",
            figures={"A1": "h4", "B1": "h8"},
            options={"turn_stone_tie": "turn"},
        ),
        tile="5",
        path=["h7", "h8", "h9", "h10", "h11"],
        at="h11",
        facing="S",
        figures={"B1": REMOVED},
        stone_kinds={"i6": "turn_right"},
    ),
    case(
        ("ADV-TURN-CHAIN", "ADV-TURN"),
        "adv-turn-chain-turn-again",
        pos=make(
            **ADVANCED,
            stage=2,
            turn_about=("k5",),
            turn_right=("k7",),
            monster="k6",
            facing="N",
            options={"turn_stone_chain": "turn_again"},
        ),
        tile="5",
        path=["j6", "i6", "h6", "g6", "f6"],
        at="f6",
        facing="W",
        stone_kinds={"k5": "turn_about", "k7": "turn_right"},
    ),
    case(
        ("ADV-TURN-CHAIN", "ADV-TURN"),
        "adv-turn-chain-push",
        pos=make(
            **ADVANCED,
            stage=2,
            turn_about=("k5",),
            turn_right=("k7",),
            monster="k6",
            facing="N",
            options={"turn_stone_chain": "push"},
        ),
        tile="5",
        path=["k7", "j7", "i7", "h7", "g7"],
        at="g7",
        facing="W",
        stone_kinds={"k5": "turn_about", "k8": "turn_right"},
    ),
    case(
        ("ADV-TURN-WALL", "ADV-TURN"),
        "adv-turn-wall-turn-first",
        pos=make(
            **ADVANCED,
            stage=2,
            turn_right=("a6",),
            monster="p6",
            facing="E",
            options={"turn_stone_beyond_wall": "turn_first"},
        ),
        tile="5",
        path=["p7", "p8", "p9", "p10", "p11"],
        at="p11",
        facing="S",
        stone_kinds={"a6": "turn_right"},
    ),
    case(
        ("ADV-TURN-WALL", "MON-WRAP-OCCUPIED"),
        "adv-turn-wall-push",
        pos=make(
            **ADVANCED,
            stage=2,
            turn_right=("a6",),
            monster="p6",
            facing="E",
            options={"turn_stone_beyond_wall": "push"},
        ),
        tile="5",
        path=["a6", "a7", "p5", "p6", "p7"],
        at="p7",
        facing="S",
        stone_kinds={"b6": "turn_right"},
    ),
    case(
        ("ADV-TURN-POOL", "MON-SLIDE"),
        "adv-turn-pool-turn",
        pos=make(
            **{**ADVANCED, "pools": ("i3", "j3", "i4", "j4")},
            stage=2,
            turn_right=("k3",),
            monster="h3",
            facing="E",
            options={"turn_stone_on_pool": "turn"},
        ),
        tile="5",
        path=["j5", "j6", "j7", "j8", "j9"],
        at="j9",
        facing="S",
        stone_kinds={"k3": "turn_right"},
    ),
    case(
        ("ADV-TURN-POOL", "MON-SLIDE"),
        "adv-turn-pool-push",
        pos=make(
            **{**ADVANCED, "pools": ("i3", "j3", "i4", "j4")},
            stage=2,
            turn_right=("k3",),
            monster="h3",
            facing="E",
            options={"turn_stone_on_pool": "push"},
        ),
        tile="5",
        path=["k3", "k4", "k5", "k6", "k7"],
        at="k7",
        facing="S",
        stone_kinds={"l3": "turn_right"},
    ),
    case(
        ("ADV-TELEPORT",),
        "adv-teleport-spec-example",
        pos=make(**ADVANCED, stage=2, teleporters=("f5:1:S", "k9:1:N"), monster="e5", facing="E"),
        tile="5",
        path=["k9", "k8", "k7", "k6", "k5"],
        at="k5",
        facing="N",
    ),
    case(
        ("ADV-TELEPORT-SIGHT", "MON-DISTANCE"),
        "adv-teleport-sight-counts-the-square",
        pos=make(
            **ADVANCED,
            **STAGE1_ROUND2,
            teleporters=("e5:1:N", "j9:1:E"),
            monster="c5",
            facing="E",
            figures={"A1": "g5", "B1": "c8"},
        ),
        tile="1hit",
        path=["c6", "c7", "c8"],
        at="c8",
        facing="S",
        figures={"B1": WAITING},
    ),
    case(
        ("ADV-TELEPORT-PUSH", "MON-PUSH", "MON-HITS"),
        "adv-teleport-push-figure-counts-as-eaten",
        pos=make(
            **STAGE1_ROUND2,
            pools=(),
            stones=("d6",),
            teleporters=("f6:1:N", "k2:1:S"),
            monster="c6",
            facing="E",
            figures={"A1": "e6"},
        ),
        tile="1hit",
        path=["d6"],
        figures={"A1": WAITING},
        stones=("e6",),
    ),
    # ---------------------------------------------------------------- rulebook-examples.yaml
    case(
        (
            "MON-STEP",
            "MON-SIGHT-DIRS",
            "MON-SIGHT-BLOCK",
            "MON-DISTANCE",
            "MON-CHOOSE",
            "MON-SLIDE",
            "MON-EAT",
            "MON-PUSH",
            "MON-PUSH-OFF",
            "MON-EATEN",
            "MON-TILE",
        ),
        "rulebook-monster-example-card-8",
        pos=make(
            **STAGE1_ROUND2,
            monster="f4",
            facing="W",
            stones=("c3", "m4", "h5", "i6", "n6", "g7", "e8", "c6", "o9", "f10", "i10"),
            pools=("i3", "j3", "i4", "j4", "e3", "e4", "e5", "e6"),
            figures={
                "A1": "f9",
                "B1": "g4",
                "C1": "d6",
                "D1": "d3",
                "A3": "d9",
                "B3": "b6",
                "C3": "a5",
                "D3": "e7",
            },
        ),
        tile="8",
        path=["f5", "f6", "d6", "c6", "b6", "a6", "a5", "a4"],
        at="a4",
        facing="E",
        stones=("c3", "m4", "h5", "i6", "n6", "g7", "e8", "o9", "f10", "i10"),
        figures={
            "A1": "f9",
            "B1": "g4",
            "D1": "d3",
            "A3": "d9",
            "D3": "e7",
            "C1": WAITING,
            "B3": WAITING,
            "C3": WAITING,
        },
    ),
    case(
        ("MON-WRAP", "MON-STEP", "BRD-WRAP"),
        "rulebook-monster-example-g-elsewhere",
        pos=make(
            **STAGE1_ROUND2,
            monster="f4",
            facing="W",
            stones=("c3", "m4", "h5", "i6", "n6", "g7", "e8", "c6", "o9", "f10", "i10"),
            pools=("i3", "j3", "i4", "j4", "e3", "e4", "e5", "e6"),
            figures={
                "A1": "f9",
                "B1": "g4",
                "C1": "d6",
                "D1": "d3",
                "A3": "d9",
                "B3": "b6",
                "C3": "k11",
                "D3": "e7",
            },
        ),
        tile="8",
        path=["f5", "f6", "d6", "c6", "b6", "a6", "p6", "o6"],
        at="o6",
        facing="W",
        figures={"C3": "k11", "C1": WAITING, "B3": WAITING},
    ),
    case(
        ("MON-CHOOSE", "MON-SLIDE", "MON-PUSH-OFF", "MON-WRAP", "MON-STEP"),
        "bsw-guide-card-10-through-wall-q",
        pos=make(
            **STAGE1_ROUND2,
            monster="g2",
            facing="W",
            stones=("c3", "m4", "h5", "i6", "n6", "e8", "m8", "o9", "f10", "i10", "m3", "j6"),
            pools=("h3", "i3", "h4", "i4", "e9", "f9", "g9", "h9"),
            figures={"A1": "g8", "B1": "j3", "B4": "j8"},
        ),
        tile="10",
        path=["g3", "j3", "k3", "l3", "m3", "n3", "c9", "d9", "i9", "j9"],
        at="j9",
        facing="N",
        stones_exclude=("m3", "n3"),
        figures={"A1": "g8", "B4": "j8", "B1": WAITING},
    ),
    case(
        ("MON-HITS", "MON-WRAP"),
        "bsw-guide-card-10-as-2hits",
        pos=make(
            **STAGE1_ROUND2,
            monster="g2",
            facing="W",
            stones=("c3", "m4", "h5", "i6", "n6", "e8", "m8", "o9", "f10", "i10", "m3", "j6"),
            pools=("h3", "i3", "h4", "i4", "e9", "f9", "g9", "h9"),
            figures={"A1": "g8", "B1": "j3", "B4": "j8"},
        ),
        tile="2hits",
        path=["g3", "j3", "k3", "l3", "m3", "n3", "c9", "d9", "i9", "j9", "j8"],
        at="j8",
        facing="W",
        figures={"B1": WAITING, "B4": WAITING},
    ),
    case(
        (
            "ADV-TELEPORT",
            "ADV-TELEPORT-SIGHT",
            "ADV-TURN",
            "ADV-CRYSTAL",
            "MON-CHOOSE",
            "MON-EAT",
            "MON-PUSH",
            "MON-STEP",
        ),
        "rulebook-advanced-monster-example-card-8",
        pos=make(
            **ADVANCED,
            **STAGE1_ROUND2,
            monster="i8",
            facing="E",
            crystals=("h5",),
            turn_right=("j8",),
            turn_about=("k9",),
            teleporters=("i5:1:W", "m9:1:N"),
            figures={"A1": "i3", "B1": "j5", "C1": "g5", "D1": "l9", "A3": "f6"},
        ),
        tile="8",
        path=["i7", "i6", "m9", "l9", "i5", "h5", "g5", "f5"],
        at="f5",
        facing="S",
        figures={"A1": "i3", "B1": "j5", "C1": "d5", "D1": WAITING, "A3": "f6"},
        stone_kinds={"e5": "crystal", "j8": "turn_right", "k9": "turn_about"},
    ),
]


@pytest.mark.parametrize("walk_case", WALK_CASES)
def test_walk_matches_conformance_case(walk_case: Case) -> None:
    check(walk_case)


@pytest.mark.rules("MON-STEP", "MON-TILE")
def test_walk_trace_facings_spec_example() -> None:
    """The trace gives the facing after each step; the final look is not a step."""
    pos = make(stage=2, monster="a1", facing="E", figures={"A5": "a4", "B4": "f1"})
    _after, trace = walk(pos, "5")
    assert trace == [("a2", "S"), ("a3", "S"), ("a4", "S"), ("a5", "S"), ("a6", "S")]


@pytest.mark.rules("MON-PUSH", "MON-PUSH-OFF")
def test_walk_does_not_change_round_bookkeeping() -> None:
    pos = make(**STAGE1_ROUND2, monster="m6", facing="E", figures={"A1": "o6"})
    after, _trace = walk(pos, "7")
    assert (after.round, after.stage, after.deck, after.reveals, after.start_player) == (
        pos.round,
        pos.stage,
        pos.deck,
        pos.reveals,
        pos.start_player,
    )
    assert {f.name: f.moved for f in after.figures} == {f.name: f.moved for f in pos.figures}


# -------------------------------------------------------------------- reveal: round and stages


def figure(pos: NPosition, name: str) -> NFigure:
    return next(f for f in pos.figures if f.name == name)


@pytest.mark.rules("MON-STEP", "RND-START-PASS", "MON-WRAP", "MON-EATEN")
def test_reveal_monster_facing_carries_over() -> None:
    """monster-facing-carries-over, first reveal."""
    pos = make(**STAGE1_ROUND2, monster="a1", facing="E", figures={"A5": "a4", "B4": "f1"})
    after = reveal(pos, "7")
    assert (after.monster, after.facing) == ("p5", "S")
    assert figure(after, "A5").where == WAITING
    assert after.round == 3
    assert after.start_player == 1
    assert after.deck == ("7", "8", "8", "10", "1hit", "2hits")
    assert after.reveals == 2
    assert not any(f.moved for f in after.figures)
    assert after.ended_by == ""


@pytest.mark.rules("STAGE-ONE", "RND-START-PASS")
def test_reveal_stage_one_ends_after_seventh_tile() -> None:
    """stage-one-ends-after-seventh-tile."""
    pos = make(
        round=7, deck=("8", "10"), start_player=2, stones=(), pools=(), monster="a6", facing="E"
    )
    after = reveal(pos, "8")
    assert (after.stage, after.round, after.start_player) == (2, 8, 3)
    assert after.deck == FULL_DECK
    assert after.reveals == 0


@pytest.mark.rules("MON-EATEN", "STAGE-ONE")
def test_reveal_eaten_by_7th_tile_of_stage_1_returns() -> None:
    """monster-eaten-by-7th-tile-of-stage-1-returns."""
    pos = make(
        round=7,
        deck=("8", "10"),
        stones=(),
        pools=(),
        monster="a6",
        facing="E",
        figures={"A1": "c6"},
    )
    after = reveal(pos, "8")
    assert figure(after, "A1").where == WAITING
    assert (after.stage, after.round, after.monster) == (2, 8, "i6")


@pytest.mark.rules("STAGE-TWO-END", "END-MOST")
def test_reveal_stage_two_end_removes_figures_inside() -> None:
    """stage-two-end-removes-figures-inside."""
    pos = make(
        stage=2,
        round=14,
        deck=("8", "10"),
        stones=(),
        pools=(),
        monster="a6",
        facing="E",
        figures={"A1": OUT, "B1": OUT, "B3": OUT, "A5": "k6"},
        escapes=(0, 1, 1),
    )
    after = reveal(pos, "8")
    assert after.monster == "i6"
    assert figure(after, "A5").where == REMOVED
    assert figure(after, "C1").where == WAITING
    assert figure(after, "A1").where == OUT
    assert after.round == 14
    assert after.ended_by == "STAGE-TWO-END"
    with pytest.raises(NaiveIllegal) as refused:
        reveal(after, "10")
    assert refused.value.rule == "STAGE-TWO-END"


@pytest.mark.rules("END-ALL-GONE", "MON-EATEN")
def test_reveal_end_all_gone_after_monster_phase() -> None:
    """end-all-gone-after-monster-phase."""
    pos = make(
        players=2,
        stage=2,
        stones=(),
        pools=(),
        monster="a6",
        facing="E",
        figures={
            "A1": OUT,
            "A3": OUT,
            "A4": REMOVED,
            "A5": "c6",
            "B1": OUT,
            "B3": REMOVED,
            "B4": REMOVED,
            "B5": REMOVED,
        },
        escapes=(0, 1, 0),
    )
    after = reveal(pos, "5")
    assert figure(after, "A5").where == REMOVED
    assert after.ended_by == "END-ALL-GONE"


@pytest.mark.rules("END-NOBODY", "STAGE-TWO-END")
def test_reveal_end_nobody() -> None:
    """end-nobody-no-winner: the game still ends by STAGE-TWO-END."""
    pos = make(
        players=3,
        stage=2,
        round=14,
        deck=("8", "10"),
        stones=(),
        pools=(),
        monster="a6",
        facing="E",
    )
    after = reveal(pos, "8")
    assert after.ended_by == "STAGE-TWO-END"
    assert all(f.where == WAITING for f in after.figures)


@pytest.mark.rules("VAR-FINISH-ROUND", "END-WIN", "RND-PHASES")
def test_reveal_finish_round_ends_after_monster_phase() -> None:
    """end-finish-round-true-plays-on, its reveal."""
    pos = make(
        players=2,
        round=3,
        deck=("7", "8", "8", "10", "1hit", "2hits"),
        monster="h6",
        facing="E",
        figures={"A1": OUT, "A3": OUT, "A5": OUT, "B1": OUT, "B3": OUT, "B5": OUT},
        escapes=(0, 1, 0, 1, 0, 1),
        options={"finish_round": True},
    )
    after = reveal(pos, "7")
    assert after.ended_by == "END-WIN"
    assert after.round == 3


@pytest.mark.rules("DECK-FIRST", "DECK-REVEAL", "RND-PHASES")
def test_reveal_refusals() -> None:
    first = make(players=2)
    for tile in ("1hit", "2hits"):
        with pytest.raises(NaiveIllegal) as refused:
            reveal(first, tile)
        assert refused.value.rule == "DECK-FIRST"
    after = reveal(first, "8")
    assert after.deck == ("5", "7", "7", "8", "10", "1hit", "2hits")
    assert after.round == 2
    second = make(players=2, **STAGE1_ROUND2)
    with pytest.raises(NaiveIllegal) as refused:
        reveal(second, "5")
    assert refused.value.rule == "DECK-REVEAL"
    unmoved = dataclasses.replace(
        second, figures=tuple(dataclasses.replace(f, moved=False) for f in second.figures)
    )
    with pytest.raises(NaiveIllegal) as refused:
        reveal(unmoved, "7")
    assert refused.value.rule == "RND-PHASES"


@pytest.mark.rules("DECK-FIRST", "STAGE-TWO", "MON-HITS")
def test_reveal_stage_two_first_tile_may_be_a_hit() -> None:
    """deck-stage-2-first-reveal-may-be-hit."""
    pos = make(players=2, stage=2, stones=(), pools=(), monster="a6", facing="E")
    after = reveal(pos, "1hit")
    assert after.monster == "e6"
    assert after.deck == ("5", "7", "7", "8", "8", "10", "2hits")
    assert after.reveals == 1


@pytest.mark.rules("RND-START-PASS", "RND-PASS")
def test_reveal_start_tile_passes_to_seat_without_figures() -> None:
    """round-start-tile-passes-to-seat-without-figures."""
    pos = make(
        players=3,
        stage=2,
        round=8,
        start_player=2,
        monster="a6",
        facing="E",
        stones=(),
        pools=(),
        figures={"A1": OUT, "A3": OUT, "A4": REMOVED, "A5": REMOVED},
    )
    after = reveal(pos, "5")
    assert after.monster == "f6"
    assert (after.start_player, after.round) == (0, 9)
