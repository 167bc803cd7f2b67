"""Round-trips over generated games (all setups, all readings): square names, position strings,
diagrams, JSON of states and actions, game records and their prefixes, and events folded over
the old state."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import played

import fearsome_rules as fr
from fearsome_rules.core import board
from fearsome_rules.core.events import fold
from fearsome_rules.formats import state_json
from fearsome_rules.formats.diagram import parse_diagram
from fearsome_rules.formats.record import load_record

Game = tuple[list[fr.GameState], list[fr.Action]]


@pytest.mark.rules("BRD-SQUARES")
def test_square_names_round_trip() -> None:
    names = [board.name(sq) for sq in board.SQUARES]
    assert len(set(names)) == 156
    for sq, text in zip(board.SQUARES, names, strict=True):
        assert board.square(text) == sq
        assert board.square(text.upper()) == sq
    for bad in ("p1", "a11", "m1", "a8", "q5", "a0", "a12", "", "e"):
        with pytest.raises(fr.NotationError):
            board.square(bad)


@pytest.mark.rules(
    "BRD-LAYOUT",
    "SET-FIGURES",
    "ADV-TILES",
    "DECK-REVEAL",
    "RND-ORDER",
    "PLACE-ORDER",
    "MON-STEP",
    "FIG-POINTS",
    "PUSH-ONE",
    "MON-PUSH",
    "MON-EATEN",
    "STAGE-ONE",
)
@given(played(max_actions=300), st.data())
def test_every_form_of_a_generated_game_round_trips(game: Game, data: st.DataObject) -> None:
    """One generated game (any setup, any reading), every text and JSON form checked on it:
    generating the game costs more than the checks, so they share it."""
    check_every_form(game, data, game[0][:: max(1, len(game[0]) // 12)] + game[0][-1:])


@pytest.mark.rules("ADV-SETUP", "PLACE-ORDER", "BSW-PLACE", "BSW-POOLS", "BRD-LAYOUT")
@given(played(max_actions=80, setups=("advanced", "bsw"), basic_pools=None), st.data())
def test_placed_games_round_trip_in_every_form(game: Game, data: st.DataObject) -> None:
    """Issue 16: advanced and BSW games, half of them with the pools placed where the basic game
    prints them, checked in every form at every state of the placement phase and after."""
    states = game[0]
    placing = [s for s in states if s.phase is fr.Phase.PLACEMENT]
    check_every_form(game, data, placing + states[len(placing) :: 8] + states[-1:])


def state_forms_round_trip(state: fr.GameState) -> None:
    text = fr.position_string(state)  # position strings
    assert fr.parse_position(text) == state, text
    assert fr.position_string(fr.parse_position(text)) == text
    picture = fr.diagram(state)  # diagrams
    again = parse_diagram(picture)
    assert again == state, picture
    assert fr.diagram(again) == picture
    obj = state_json.state_to_json(state)  # JSON of states
    assert state_json.state_from_json(json.dumps(obj)) == state
    assert state_json.state_from_json(json.loads(json.dumps(obj))) == state


def check_every_form(game: Game, data: st.DataObject, sample: list[fr.GameState]) -> None:
    states, actions = game
    for state in sample:
        state_forms_round_trip(state)
    for act in actions:  # JSON of actions
        assert state_json.action_from_json(json.dumps(state_json.action_to_json(act))) == act
    # Folding the events of every action over the old state gives the new one.
    for before, act, after in zip(states, actions, states[1:], strict=False):
        new, events = fr.apply_traced(before, act)
        assert new == after
        assert fold(before, events) == after, [str(e) for e in events]
    # Game records: replayed to the same states; any prefix gives the intermediate state; a
    # record may also start from a position in the middle of the game.
    record = fr.GameRecord.of(states[0], actions)
    back = fr.GameRecord.from_json(record.dumps())
    assert back == record
    assert list(back.states()) == states
    k = data.draw(st.integers(0, len(actions)))
    assert back.replay(k) == states[k]
    mid = fr.GameRecord.of(states[k], actions[k:])
    assert fr.GameRecord.from_json(mid.dumps()).replay() == states[-1]


BASIC_POOLS = ["i3", "j3", "i4", "j4", "e9", "f9", "g9", "h9"]


@pytest.mark.rules("BRD-LAYOUT", "ADV-SETUP", "BSW-PLACE")
@pytest.mark.parametrize("setup", ["basic", "advanced", "bsw"])
@pytest.mark.parametrize(
    "pools", [BASIC_POOLS, BASIC_POOLS[:4], BASIC_POOLS[4:], [], ["c6", "d6", "c7", "d7"]]
)
def test_a_position_with_any_pools_reloads_as_itself(setup: str, pools: list[str]) -> None:
    """Issue 16 §1: an advanced game with its pools on the printed squares was written
    ``pools=basic`` and read back with no pools at all."""
    crystals = ["c3"] if setup == "advanced" else []
    state = fr.position(4, pools=pools, stones=[], crystals=crystals, setup=setup)
    assert {board.name(p) for p in state.pools} == set(pools)
    state_forms_round_trip(state)
    record = fr.GameRecord.of(state, [])
    assert fr.GameRecord.from_json(record.dumps()).replay() == state


def test_pools_basic_means_the_printed_squares_in_every_setup() -> None:
    text = fr.position_string(fr.position(4, crystals=["c3"], stones=[], setup="advanced"))
    assert "pools= " in text
    written = text.replace("pools= ", "pools=basic ")
    assert {board.name(p) for p in fr.parse_position(written).pools} == set(BASIC_POOLS)


@settings(max_examples=20)
@given(played(max_actions=120))
def test_diagram_is_readable_when_indented_and_commented(game: Game) -> None:
    state = game[0][-1]
    typed = "# my position\n" + "\n".join("    " + ln for ln in fr.diagram(state).splitlines())
    assert parse_diagram(typed) == state


# --- refusals: bad input names the place and what is wrong -----------------------------------


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(extra=1), "unknown keys 'extra' @ $"),
        (
            lambda d: d["figures"][0].update(face="3"),
            "expected int, found str '3' @ $.figures[0].face",
        ),
        (lambda d: d.update(players=True), "expected int, found bool True @ $.players"),
        (lambda d: d.update(version=2), "format version 2"),
        (lambda d: d.update(monster="q5"), "monster"),
        (lambda d: d["stones"].update(c3="boulder"), "$.stones.c3"),
        (lambda d: d.update(to_move="C"), "to_move"),
        (lambda d: d.update(options={"reentry": "sometimes"}), "$.options.reentry"),
        (lambda d: d.pop("deck"), "deck"),
    ],
)
def test_bad_state_json_is_refused_with_the_place(change: object, message: str) -> None:
    obj = state_json.state_to_json(fr.new_game(4))
    change(obj)  # type: ignore[operator]
    with pytest.raises(state_json.RecordError) as e:
        state_json.state_from_json(obj)
    assert message in str(e.value)


def test_bad_json_text_names_line_and_column() -> None:
    with pytest.raises(state_json.RecordError, match=r"line 2, column 1"):
        state_json.state_from_json('{"players": 4,\n}')


def test_bad_action_json_is_refused() -> None:
    for obj, message in [
        ({"type": "jump"}, "$.type"),
        ({"type": "move", "figure": "A9", "path": []}, "figure name"),
        ({"type": "move", "figure": "A5", "path": "p11"}, "$.path"),
        ({"type": "reveal", "tile": "9"}, "not a monster tile"),
    ]:
        with pytest.raises(state_json.RecordError, match=message.replace("$", r"\$")):
            state_json.action_from_json(obj)


@pytest.mark.rules("RND-ORDER")
def test_a_record_with_an_illegal_action_names_file_line_and_rule(tmp_path: Path) -> None:
    state = fr.new_game(3)
    moves = [fr.legal_moves(state)[3]]
    record = fr.GameRecord.of(state, moves)
    record = fr.GameRecord(3, 0, actions=(*record.actions, "C5 p11"))
    path = tmp_path / "game.json"
    path.write_text(record.dumps())
    with pytest.raises(state_json.RecordError) as e:
        load_record(str(path))
    assert str(e.value).startswith(f"{path}:10: action 2 ('C5 p11'): [RND-ORDER]")
    assert e.value.action == 2


def test_a_record_of_another_version_is_refused() -> None:
    obj = fr.GameRecord(2).to_json()
    obj["version"] = 99
    with pytest.raises(state_json.RecordError, match="format version 99"):
        fr.GameRecord.from_json(obj)
