"""The adapters' observation: values checked by hand on known positions, seats seen from the
observer, and no two positions of a game alike (it holds the whole position)."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy", reason="needs numpy (the openspiel or pettingzoo extra)")

import fearsome_rules as fr  # noqa: E402
from fearsome_rules.tools import bots  # noqa: E402
from fearsome_rules.tools.adapters import observation as obs  # noqa: E402


def seen(state: fr.GameState, seat: int) -> tuple[object, dict[str, float]]:
    values = obs.observe(state, seat, obs.new_observation())
    planes = obs.planes(values)
    named = {name: planes[k] for k, name in enumerate(obs.PLANES)}
    return named, dict(zip(obs.FEATURES, obs.features(values).tolist(), strict=True))


def test_the_start_of_a_basic_game_by_hand() -> None:
    planes, features = seen(fr.new_game(3, start_player=1), seat=1)
    assert isinstance(planes, dict)
    assert planes["square"].sum() == 156  # BRD-SQUARES
    assert planes["stone"].sum() == 11 and planes["pool"].sum() == 8  # BRD-LAYOUT: 2x2, 1x4
    assert planes["pool"][2:4, 8:10].all() and planes["pool"][8, 4:8].all()  # i3-j4, e9-h9
    assert planes["monster_E"][0, 0] == 1 and planes["monster_E"].sum() == 1  # a1, east
    assert sum(planes[f"seat_{r}"].sum() for r in range(7)) == 0  # everyone waits
    # B (seat 1) observes: r0 is B, r1 is C, r2 is A; B starts and is to move
    assert features["r0.to_move"] == features["r0.start"] == 1.0
    assert [features[f"r{r}.seat"] for r in range(7)] == [1, 1, 1, 0, 0, 0, 0]
    assert features["r0.k5.waiting"] == features["r0.k5.face_5"] == features["r2.k3.face_3"] == 1
    assert features["r3.k1.exists"] == 0.0
    # the deck: 5 7 7 8 8 10 1hit 2hits, as fractions of 2
    assert [features[f"deck.{t}"] for t in fr.deck.TILES] == [0.5, 1, 1, 0.5, 0.5, 0.5, 0]
    assert features["phase.figures"] == features["stage_1"] == features["reveals_0"] == 1
    assert (
        features["round"] == pytest.approx(1 / 14)
        and features["players_3"] == features["setup.basic"] == 1
    )
    assert obs.SIZE == 34 * 176 + 403 == len(obs.PLANES) * 176 + len(obs.FEATURES)


def test_figures_are_seen_from_the_observers_seat() -> None:
    state = fr.apply(fr.new_game(3), fr.FigureMove("A5", ("p11", "p10")))  # A5 on p10
    for seat, relative in ((0, 0), (1, 2), (2, 1)):
        planes, features = seen(state, seat)
        assert isinstance(planes, dict)
        assert planes[f"seat_{relative}"][9, 15] == 1  # p10: row 10, column p
        assert planes["kind_5"][9, 15] == planes["face_2"][9, 15] == planes["moved"][9, 15] == 1
        assert features[f"r{relative}.k5.board"] == features[f"r{relative}.k5.moved"] == 1
        assert features[f"r{(1 - seat) % 3}.to_move"] == 1  # B is to move


@pytest.mark.parametrize("setup", ["basic", "advanced", "bsw"])
def test_no_two_positions_of_a_game_look_alike(setup: str) -> None:
    """The observation determines the position: over whole games, two different states never
    give one observation (seen from one seat), and every value lies from 0 to 1."""
    for seed in range(3):
        start = fr.new_game(4, seed % 4, None, setup)
        states = [start, *(s for _, s in bots.play(start, [bots.random_bot] * 4, seed))]
        by_view: dict[bytes, fr.GameState] = {}
        for state in states:
            values = obs.observe(state, 2, obs.new_observation())
            assert values.min() >= 0 and values.max() <= 1
            assert by_view.setdefault(values.tobytes(), state) == state
        assert len(by_view) == len(set(states))
