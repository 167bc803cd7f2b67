"""Quick self-checks of the naive second implementation's figure moves and round logic
(tests/naive/figures.py, tests/naive/game.py), hand-translated from conformance cases."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import pytest
from naive import figures, game
from naive.model import NaiveIllegal, NPosition

ROUND_2_DECK = ("7", "7", "8", "8", "10", "1hit", "2hits")


def position(
    players: int = 4,
    places: Mapping[str, str] | None = None,
    faces: Mapping[str, int] | None = None,
    *,
    stones: Sequence[str] | None = None,
    pools: Sequence[str] | None = None,
    monster: str = "a1",
    facing: str = "E",
    round_number: int = 2,
    stage: int = 1,
    deck: Sequence[str] = ROUND_2_DECK,
    escapes: Sequence[int] = (),
    options: Mapping[str, Any] | None = None,
    teleporters: Mapping[str, tuple[int, str]] | None = None,
) -> NPosition:
    """Like a conformance case's `position:`: figures not named wait, nobody has moved."""
    pos = game.new_game(players, 0, options)
    places = places or {}
    faces = faces or {}
    figs = tuple(
        dataclasses.replace(
            f, where=places.get(f.name, f.where), face=faces.get(f.name, f.face), moved=False
        )
        for f in pos.figures
    )
    return pos.replace(
        figures=figs,
        stones={s: "stone" for s in (game.BASIC_STONES if stones is None else stones)},
        pools=frozenset(game.BASIC_POOLS if pools is None else pools),
        monster=monster,
        facing=facing,
        round=round_number,
        stage=stage,
        deck=tuple(deck),
        reveals=8 - len(deck),
        escapes=tuple(escapes),
        teleporters=dict(teleporters or {}),
    )


def where(pos: NPosition, name: str) -> str:
    return figures.find_figure(pos, name).where


def face(pos: NPosition, name: str) -> int:
    return figures.find_figure(pos, name).face


def refused(pos: NPosition, name: str, path: str) -> str:
    entries = () if path == "-" else tuple(path.split())
    with pytest.raises(NaiveIllegal) as info:
        game.play(pos, name, entries)
    return info.value.rule


def play(pos: NPosition, name: str, path: str) -> NPosition:
    entries = () if path == "-" else tuple(path.split())
    return game.play(pos, name, entries)


def destinations(pos: NPosition, name: str) -> set[str]:
    return {
        figures.carry_out(pos, f, p).figures[[x.name for x in pos.figures].index(f)].where
        for f, p in game.legal_paths(pos)
        if f == name
    }


# --- the rulebook's three worked figure examples (rulebook-examples.yaml) --------------------


@pytest.mark.rules("FIG-POINTS", "PUSH-ONE", "FIG-FLIP", "FIG-ZERO")
def test_rulebook_movement_1_push_then_turn_right() -> None:
    pos = position(places={"A4": "h2", "B1": "h7"})
    assert refused(pos, "A4", "h3 h4 h5 h6") == "PUSH-ONE"
    assert refused(pos, "A4", "h3 h4 h5 g5 f5") == "FIG-POINTS"
    after = play(pos, "A4", "h3 h4 h5 g5")
    assert where(after, "A4") == "g5" and face(after, "A4") == 3
    assert where(after, "B1") == "h7"
    assert set(after.stones) == {"c3", "m4", "h6", "i6", "n6", "g7", "e8", "m8", "o9", "f10", "i10"}
    shorter = play(pos, "A4", "h3 h4 h5")
    assert where(shorter, "A4") == "h5" and "h6" in shorter.stones


@pytest.mark.rules("FIG-THROUGH", "FIG-POINTS", "PUSH-ONE", "FIG-FLIP")
def test_rulebook_movement_2_through_two_figures() -> None:
    pos = position(places={"A5": "b7", "B1": "d7", "C1": "f7"})
    assert refused(pos, "A5", "c7 d7") == "FIG-THROUGH"
    assert refused(pos, "A5", "c7 d7 e7 f7") == "FIG-THROUGH"
    after = play(pos, "A5", "c7 d7 e7 f7 g7")
    assert where(after, "A5") == "g7" and face(after, "A5") == 2
    assert "h7" in after.stones and "g7" not in after.stones


@pytest.mark.rules("PUSH-ONE", "POOL-STONE-SLIDE", "POOL-LAST-POINT", "POOL-SLIDE", "FIG-FLIP")
def test_rulebook_movement_3_stone_onto_pool() -> None:
    stones = ["c3", "m4", "h5", "i6", "n6", "g7", "e8", "m8", "o9", "f10", "h10"]
    pos = position(places={"A5": "k11", "B1": "h8", "C1": "d9"}, stones=stones)
    after = play(pos, "A5", "j11 i11 h11 h10 g10")
    assert where(after, "A5") == "g10" and face(after, "A5") == 2
    assert "h9" in after.stones and "h10" not in after.stones
    assert refused(pos, "A5", "k10 k9 j9 i9 h9") == "POOL-LAST-POINT"
    assert where(play(pos, "A5", "k10 k9 j9 i9"), "A5") == "i9"


# --- figures.yaml -----------------------------------------------------------------------------


@pytest.mark.rules("FIG-POINTS", "FIG-EDGE", "FIG-MONSTER", "FIG-EXIT")
def test_refusals_name_the_rule() -> None:
    pos = position(places={"A5": "f2"})
    assert refused(pos, "A5", "g3") == "FIG-POINTS"
    assert refused(pos, "A5", "f4") == "FIG-POINTS"
    assert refused(position(places={"A5": "a6"}), "A5", "p6") == "FIG-EDGE"
    walled = position(places={"A5": "f2"}, monster="g2", facing="W")
    assert refused(walled, "A5", "g2 h2") == "FIG-MONSTER"
    assert where(play(walled, "A5", "f3 g3 h3 h2"), "A5") == "h2"
    b1 = position(2, {"A3": "b1"}, monster="h6")
    assert refused(b1, "A3", "out") == "FIG-EDGE"
    assert refused(b1, "A3", "a1 out a1") == "FIG-EXIT"
    assert refused(position(places={"A3": "b1"}), "A3", "a1 out") == "FIG-MONSTER"
    assert refused(position(places={"A1": "b1"}, monster="h6"), "A1", "a1 out") == "FIG-POINTS"


@pytest.mark.rules("FIG-EXIT", "FIG-FLIP", "FIG-THROUGH")
def test_exit() -> None:
    pos = position(places={"A3": "b2"}, monster="h6")
    after = play(pos, "A3", "a2 a1 out")
    assert where(after, "A3") == "out" and face(after, "A3") == 4 and after.escapes == (0,)
    through = position(places={"A3": "b1", "B1": "a1"}, monster="h6")
    after = play(through, "A3", "a1 out")
    assert where(after, "A3") == "out" and where(after, "B1") == "a1"


@pytest.mark.rules("FIG-ENTER", "FIG-ZERO", "FIG-WAITING", "FIG-MONSTER", "FIG-THROUGH")
def test_entering() -> None:
    pos = position()
    assert refused(pos, "A3", "o11") == "FIG-ENTER"
    assert destinations(pos, "A3") == {"waiting", "p11", "o11", "p10", "n11", "o10", "p9"}
    after = play(pos, "A3", "p11 o11 n11")
    assert where(after, "A3") == "n11" and face(after, "A3") == 4
    guarded = position(monster="p11", facing="W")
    assert refused(guarded, "A5", "p11 o11") == "FIG-MONSTER"
    assert destinations(guarded, "A5") == {"waiting"}
    blocked = position(places={"B5": "p11"})
    assert refused(blocked, "A1", "p11") == "FIG-THROUGH"
    assert destinations(blocked, "A1") == {"waiting"}


@pytest.mark.rules("FIG-WAITING", "FIG-ZERO", "RND-FIRST")
def test_mandatory_reentry() -> None:
    pos = position(options={"reentry": "mandatory"})
    assert refused(pos, "A5", "-") == "FIG-WAITING"
    assert destinations(pos, "A5") == {
        "p11", "o11", "p10", "n11", "o10", "p9", "m11", "n10", "o9", "p8", "l11", "m10", "n9",
        "o8", "p7",
    }  # fmt: skip
    blocked = position(options={"reentry": "mandatory"}, monster="p11", facing="W")
    assert where(play(blocked, "A5", "-"), "A5") == "waiting"
    first = game.new_game(3, 0, {"reentry": "mandatory"})
    assert where(play(first, "A5", "-"), "A5") == "waiting"


# --- pools.yaml, pushing.yaml, faq.yaml --------------------------------------------------------


@pytest.mark.rules("POOL-SLIDE", "POOL-BEYOND-STONE", "POOL-BLOCKED", "FIG-POINTS")
def test_pool_slides() -> None:
    assert where(play(position(places={"A5": "d9"}), "A5", "e9"), "A5") == "i9"
    pos = position(places={"A5": "h3", "B5": "i2"})
    assert where(play(pos, "A5", "i3"), "A5") == "k3"
    assert where(play(pos, "A5", "i3"), "B5") == "i2"
    assert refused(position(places={"A5": "d9"}), "A5", "e9 f8") == "FIG-POINTS"
    after = play(position(places={"A5": "f8"}), "A5", "f9")
    assert where(after, "A5") == "f10" and "f11" in after.stones and "f10" not in after.stones
    blocked = position(places={"A5": "f8", "B1": "f11"})
    assert where(play(blocked, "A5", "f9"), "A5") == "f9"
    assert where(play(blocked, "A5", "f9 e9"), "A5") == "d9"
    assert where(play(blocked, "A5", "f9 g9"), "A5") == "i9"
    edge = position(places={"A5": "n7"}, pools=["o7", "p7"])
    assert where(play(edge, "A5", "o7"), "A5") == "p7"
    monster = position(places={"A5": "d9"}, monster="i9", facing="N")
    assert where(play(monster, "A5", "e9"), "A5") == "h9"


@pytest.mark.rules("POOL-STONE-ON-POOL", "POOL-STONE-SLIDE", "POOL-BLOCKED")
def test_stones_on_pools() -> None:
    basic = list(game.BASIC_STONES)
    along = position(places={"A5": "d9"}, stones=[*basic, "g9"])
    after = play(along, "A5", "e9")
    assert where(after, "A5") == "i9" and "j9" in after.stones
    assert not {"g9", "h9", "i9"} & set(after.stones)
    first = position(places={"A5": "d9"}, stones=[*basic, "e9"])
    after = play(first, "A5", "e9")
    assert where(after, "A5") == "i9" and "j9" in after.stones
    assert not {"e9", "i9"} & set(after.stones)
    faq1 = position(places={"A1": "d9"}, faces={"A1": 1}, stones=[*basic, "g9", "h9"])
    after = play(faq1, "A1", "e9")
    assert where(after, "A1") == "f9" and face(after, "A1") == 6
    after = play(position(places={"A5": "e7"}), "A5", "e8")
    assert "e10" in after.stones and not {"e8", "e9"} & set(after.stones)
    after = play(position(places={"A5": "e7", "B1": "e10"}), "A5", "e8")
    assert "e9" in after.stones and not {"e8", "e10"} & set(after.stones)
    corner = position(places={"A5": "d1"}, stones=["c1"], pools=["b1"], monster="h6")
    after = play(corner, "A5", "c1")
    assert where(after, "A5") == "c1" and not after.stones


@pytest.mark.rules("POOL-FIGURE-ON-POOL", "POOL-LAST-POINT", "FIG-THROUGH")
def test_figures_on_pools() -> None:
    places = {"A5": "d9", "B1": "g9"}
    passed = position(places=places, options={"slide_over_figure": "pass"})
    assert where(play(passed, "A5", "e9"), "A5") == "i9"
    stopped = position(places=places, options={"slide_over_figure": "stop"})
    assert where(play(stopped, "A5", "e9"), "A5") == "f9"
    for value in ("pass", "stop"):
        on_step = position(places={"A5": "d9", "B1": "e9"}, options={"slide_over_figure": value})
        assert where(play(on_step, "A5", "e9"), "A5") == "i9"
    last = position(places={"A1": "d9", "B1": "i9"}, faces={"A1": 1})
    assert refused(last, "A1", "e9") == "POOL-LAST-POINT"
    assert destinations(last, "A1") == {"d9", "c9", "d8", "d10"}
    on = position(places={"A5": "d9", "B1": "i9"})
    assert where(play(on, "A5", "e9 j9"), "A5") == "j9"


@pytest.mark.rules("PUSH-ONE", "PUSH-EDGE", "PUSH-CORNER", "PUSH-NO-FIGURES")
def test_pushing() -> None:
    after = play(position(places={"A4": "p9"}), "A4", "o9")
    assert "n9" in after.stones and "o9" not in after.stones
    assert refused(position(places={"A4": "h4"}, stones=["h5", "h6"]), "A4", "h5") == "PUSH-ONE"
    assert refused(position(places={"A4": "h4", "B1": "h6"}), "A4", "h5") == "PUSH-ONE"
    assert refused(position(places={"A4": "h4"}, monster="h6"), "A4", "h5") == "PUSH-ONE"
    assert refused(position(places={"A4": "o7"}, stones=["p7"]), "A4", "p7") == "PUSH-EDGE"
    at_a1 = position(places={"A4": "c1"}, stones=["b1"], monster="h6")
    assert not play(at_a1, "A4", "b1").stones
    assert not play(position(places={"A4": "n11"}, stones=["o11"]), "A4", "o11").stones
    full = position(places={"A4": "c1", "B1": "a1"}, stones=["b1"], monster="h6")
    assert refused(full, "A4", "b1") == "PUSH-ONE"
    kept = position(places={"A5": "b1"}, stones=["a1"], pools=[], monster="h6")
    assert refused(kept, "A5", "a1 out") == "PUSH-EDGE"


@pytest.mark.rules("ADV-TELEPORT-FIGURES", "ADV-CRYSTAL", "ADV-TURN")
def test_advanced_tiles_for_figures() -> None:
    tele = {"f6": (1, "N"), "k2": (1, "S")}
    pos = position(places={"A5": "e6"}, pools=[], teleporters=tele)
    assert refused(pos, "A5", "f6") == "ADV-TELEPORT-FIGURES"
    tele = {"i9": (1, "N"), "k2": (1, "S")}
    pos = position(places={"A5": "d9"}, pools=["e9", "f9", "g9", "h9"], teleporters=tele)
    assert where(play(pos, "A5", "e9"), "A5") == "h9"
    kinds = position(places={"A4": "h4"}, stones=[])
    kinds = kinds.replace(stones={"h5": "crystal", "g4": "turn_right"})
    after = play(kinds, "A4", "h5")
    assert after.stones == {"h6": "crystal", "g4": "turn_right"}
    after = play(kinds, "A4", "g4")
    assert after.stones == {"h5": "crystal", "f4": "turn_right"}


# --- round.yaml, faq.yaml, end.yaml, deck-stages.yaml ------------------------------------------


@pytest.mark.rules("RND-ORDER", "RND-ONCE", "RND-FIRST", "RND-PHASES")
def test_round_order_and_round_1() -> None:
    pos = game.new_game(3, start_player=1)
    pos = play(pos, "B5", "p11 o11")
    assert game.to_move(pos) == 2
    assert refused(pos, "A5", "p11") == "RND-ORDER"
    pos = play(play(pos, "C1", "-"), "A1", "-")
    assert game.to_move(pos) == 1
    assert refused(pos, "B5", "-") == "RND-ONCE"
    pos = game.new_game(2)
    for name, path in [("A5", "p11 o11 n11 m11 l11"), ("B1", "-"), ("A4", "p11 p10 p9 p8")]:
        pos = play(pos, name, path)
    pos = play(pos, "B3", "-")
    assert refused(pos, "A3", "p11") == "RND-FIRST"
    assert game.legal_paths(pos) == [("A1", ()), ("A3", ())]
    pos = game.new_game(2)
    for name in ["A1", "B1", "A3", "B3", "A4", "B4", "A5", "B5"]:
        pos = play(pos, name, "-")
    assert game.phase(pos) == "monster" and game.to_move(pos) is None
    assert refused(pos, "A1", "-") == "RND-PHASES"


@pytest.mark.rules("RND-PASS", "RND-ORDER")
def test_forced_passing() -> None:
    pos = position(
        2,
        {"A1": "out", "A3": "waiting", "A4": "waiting", "A5": "f6", "B1": "f2", "B3": "g2"}
        | {"B4": "h2", "B5": "i2"},
        monster="l1",
        round_number=3,
        deck=("7", "8", "8", "10", "1hit", "2hits"),
        escapes=(0,),
    )
    for name, seat in [("A5", 1), ("B1", 0), ("A3", 1), ("B3", 0), ("A4", 1), ("B4", 1)]:
        pos = play(pos, name, "-")
        assert game.to_move(pos) == seat, name
    pos = play(pos, "B5", "-")
    assert game.phase(pos) == "monster"


@pytest.mark.rules("END-WIN", "VAR-FINISH-ROUND", "END-ALL-GONE", "END-MOST")
def test_end_on_exit() -> None:
    places = {"A1": "out", "A3": "out", "A5": "b1", "B1": "out", "B3": "out", "B5": "c1"}
    deck = ("7", "8", "8", "10", "1hit", "2hits")
    for finish in (False, True):
        pos = position(
            2, places, monster="h6", round_number=3, deck=deck, escapes=(0, 1, 0, 1),
            options={"finish_round": finish},
        )  # fmt: skip
        after = play(pos, "A5", "a1 out")
        if not finish:
            assert after.ended_by == "END-WIN" and game.phase(after) == "over"
            assert refused(after, "B5", "b1 a1 out") == "END-WIN"
        else:
            assert not after.ended_by and game.to_move(after) == 1
            after = play(after, "B5", "b1 a1 out")
            assert after.escapes == (0, 1, 0, 1, 0, 1)
            after = play(play(after, "A4", "-"), "B4", "-")
            assert game.phase(after) == "monster"
    gone = position(
        2,
        {"A1": "out", "A3": "removed", "A4": "removed", "A5": "b1", "B1": "out", "B3": "out"}
        | {"B4": "removed", "B5": "removed"},
        monster="h6",
        stage=2,
        deck=("5", *ROUND_2_DECK),
        escapes=(1, 0, 1),
    )
    after = play(gone, "A5", "a1 out")
    assert after.ended_by == "END-ALL-GONE"


@pytest.mark.rules("DECK-FIRST", "DECK-REVEAL", "SET-DECK", "SET-FIGURES")
def test_setup_and_chances() -> None:
    pos = game.new_game(2)
    assert pos.deck == ("5", "7", "7", "8", "8", "10", "1hit", "2hits")
    assert [f.name for f in pos.figures][:4] == ["A1", "A3", "A4", "A5"]
    assert [f.name for f in game.new_game(5).figures][:3] == ["A1", "A4", "A5"]
    assert refused(game.new_game(5, 1), "B3", "p11") == "SET-FIGURES"
    for name in ["A1", "B1", "A3", "B3", "A4", "B4", "A5", "B5"]:
        pos = play(pos, name, "-")
    assert game.tile_chances(pos) == {
        "5": Fraction(1, 6), "7": Fraction(2, 6), "8": Fraction(2, 6), "10": Fraction(1, 6)
    }  # fmt: skip
    later = pos.replace(deck=ROUND_2_DECK, reveals=1)
    assert game.tile_chances(later)["1hit"] == Fraction(1, 7)
    three = game.new_game(6, 0, {"three_hits": True})
    assert three.deck == ("7", "7", "8", "8", "10", "1hit", "2hits", "3hits")


@pytest.mark.rules("FIG-POINTS", "FIG-THROUGH")
def test_all_paths_agrees_with_carry_out() -> None:
    pos = position(places={"A5": "h7", "B1": "i8", "C1": "g6"}, faces={"A5": 6})
    paths = figures.all_paths(pos, "A5")
    assert len(set(paths)) == len(paths)
    assert () in paths
    for path in paths[::37]:
        figures.carry_out(pos, "A5", path)
    assert game.perft(game.new_game(2), 2)[0][0] == len(game.legal_paths(game.new_game(2)))
