"""Issue 35, the page's calls: ``App.call(name, json)`` answers any name and any text with an
answer or a refusal ``{"error": "<one short line>", "rule": null or a rule id, "kind": ...}``
that is JSON a browser parses (no NaN, no Infinity); a refused call leaves the whole app as it
was: the game, its states, the move being built, the tile chosen, the walks, the editor and the
session's random generator. The same door will take the game server's requests from the
network."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st
from strategies import ANY_CHARACTER, JSON_ANY, fuzz_examples, json_text, mutated_json

from fearsome_rules.core.rules import RULE_IDS
from fearsome_rules.core.state import Phase
from fearsome_rules.tools.web import App
from fearsome_rules.tools.web.calls import MAX_ITEMS, MAX_TEXT, arguments, shape


def held(value: object) -> object:
    """Everything ``value`` holds, to compare before and after a call: the random generator by
    its state, lists and dicts item by item, the app's and the session's attributes (and those
    of any other object of the package that has them) one by one, and every other object by
    identity and value (the states, the editor and the walks are not to be replaced)."""
    if isinstance(value, random.Random):
        return ("random", value.getstate())
    if isinstance(value, list | tuple):
        return (type(value).__name__, [held(v) for v in value])
    if isinstance(value, dict):
        return ("dict", [(k, held(v)) for k, v in value.items()])
    if hasattr(value, "__dict__") and type(value).__module__.startswith("fearsome_rules"):
        return (type(value).__name__, id(value), held(vars(value)))
    return (type(value).__name__, id(value), value)


def ask(app: App, name: Any, text: Any) -> dict[str, Any]:
    """The answer to a call, read as a browser reads it: NaN or Infinity fail."""

    def no_constant(word: str) -> object:
        raise AssertionError(f"{word} in an answer to {name!r}")

    answer = json.loads(app.call(name, text), parse_constant=no_constant)
    assert isinstance(answer, dict)
    return answer


def refused(app: App, name: Any, text: Any) -> str:
    """The one short line of a call's refusal, the app unchanged."""
    before = held(app)
    answer = ask(app, name, text)
    assert set(answer) == {"error", "rule", "kind"}, answer
    assert answer["rule"] is None or answer["rule"] in RULE_IDS
    message: str = answer["error"]
    assert "\n" not in message and len(message) <= 500, message
    assert held(app) == before, (name, text)
    return message


def app_playing() -> App:
    """A 3-player game some moves in, a move being built by a person, a walk of the game and
    of the editor."""
    app = App()
    app.call("new_game", json.dumps({"players": 3, "seats": ["greedy"] * 3, "seed": 5}))
    while (
        app.session.walk is None
        or not app.session.walk.monster
        or (app.session.state.phase is not Phase.FIGURES)
    ):
        ask(app, "bot", "")
    seats = ["greedy"] * 3
    seats[app.session.state.to_move] = "person"
    ask(app, "set_seats", json.dumps({"seats": seats}))
    state = app.session.state
    figure = next(f.name for f in state.figures if f.owner == state.to_move and not f.moved)
    assert "error" not in ask(app, "select", json.dumps({"figure": figure}))
    ask(app, "editor_explain", "")
    return app


def app_placing() -> App:
    """An advanced game in its placement phase, a tile chosen."""
    app = App()
    seats = ["person", "random"]
    app.call("new_game", json.dumps({"players": 2, "setup": "advanced", "seats": seats}))
    app.call("choose_tile", json.dumps({"tile": "teleporter_1", "arrow": "S"}))
    return app


APPS = {"playing": app_playing(), "placing": app_placing()}
RECORD = json.loads(APPS["playing"].call("record"))["text"]
ARGUMENTS: dict[str, dict[str, Any]] = {
    "catalogue": {},
    "new_game": {
        "players": 3,
        "setup": "basic",
        "options": {"reentry": "mandatory"},
        "seats": ["person", "greedy", "random"],
        "seed": 5,
        "start_player": 1,
    },
    "set_seats": {"seats": ["person", "greedy", "random"]},
    "view": {},
    "select": {"figure": "C5"},
    "click": {"square": "p11"},
    "back": {},
    "cancel": {},
    "play": {},
    "bot": {},
    "reveal": {"tile": "8"},
    "choose_tile": {"tile": "pool_strip", "arrow": "", "orientation": "V"},
    "place_tile": {},
    "undo": {},
    "redo": {},
    "goto": {"k": 1},
    "walk_frame": {"which": max(APPS["playing"].walks, key=len), "k": 2},
    "record": {},
    "load_record": {"text": RECORD},
    "export": {},
    "state": {},
    "editor_new": {"players": 5, "empty": True},
    "editor_from_game": {},
    "editor_edit": {"tool": "teleporter:1:N", "square": "f6"},
    "editor_set": {"tile": "2hits", "stage": 2, "options": {"monster_corner_stone": "keep"}},
    "editor_view": {},
    "editor_explain": {},
    "editor_compare": {"option": "reentry"},
    "editor_matters": {},
}
KEYS = sorted({k for args in ARGUMENTS.values() for k in args})


def test_every_call_has_arguments_to_try_that_pass_the_door() -> None:
    assert sorted(ARGUMENTS) == sorted(App.CALLS)
    for name, args in ARGUMENTS.items():
        assert arguments(name, shape(getattr(App, name)), json.dumps(args)) == args


# --- the reproducers --------------------------------------------------------------------

REPRODUCERS = [
    ("goto", "", "goto: missing argument k"),
    ("bot", "[", "bot: not JSON: "),
    ("set_seats", "[" * 100_000, "set_seats: arrays or objects nested 100000 deep"),
    ("new_game", '{"options": 1}', "new_game(options): expected an object, found a number 1"),
    ("new_game", '{"seed": [null]}', "new_game(seed): expected a whole number, found an array"),
    ("new_game", '{"seed": ' + "9" * 5000 + "}", "new_game: a number of 5,000 digits"),
    ("new_game", '{"start_player": ' + "9" * 5000 + "}", "new_game: a number of 5,000 digits"),
    ("editor_edit", '{"tool": 1, "square": "j3"}', "editor_edit(tool): expected text"),
    (
        "editor_edit",
        '{"tool": "teleporter:B3:k2(3*):S", "square": "g7"}',
        "'teleporter:B3:k2(3*):S': a teleporter is placed as teleporter:PAIR:ARROW",
    ),
    ("editor_set", '{"options": 0}', "editor_set(options): expected an object, found a number 0"),
    ("goto", '{"k": []}', "goto(k): expected a whole number, found an array []"),
    ("goto", '{"k": 0.0}', "goto(k): expected a whole number, found a decimal number 0.0"),
    ("walk_frame", '{"which": [null], "k": 0}', "walk_frame(which): expected text, found an array"),
    ("set_seats", '{"seats": 1}', "set_seats(seats): expected an array, found a number 1"),
    ("editor_set", '{"tile": NaN, "stage": 2}', "editor_set: NaN is not a number the calls take"),
    (
        "choose_tile",
        '{"tile": "stone", "arrow": "W", "orientation": Infinity}',
        "choose_tile: Infinity is not a number",
    ),
    ("walk_frame", '{"which": "ask", "k": 99}', "the walk has frames 0-"),
    ("x" * 2000, "{}", "'xxxxxxx"),
    ("editor_edit", json.dumps({"tool": "x" * 3000, "square": "g7"}), "editor_edit(tool): 3,000"),
    ("choose_tile", json.dumps({"tile": "x" * 3000}), "choose_tile(tile): 3,000 characters"),
    ("set_seats", json.dumps({"seats": ["x" * 3000] * 3}), "set_seats(seats)[0]: 3,000"),
    ("walk_frame", json.dumps({"which": "x" * 3000, "k": 0}), "walk_frame(which): 3,000"),
    ("editor_compare", json.dumps({"option": "x" * 3000}), "editor_compare(option): 3,000"),
    ("editor_compare", json.dumps({"option": "x" * 200}), "--compare 'xxxx"),
    ("walk_frame", json.dumps({"which": "x" * 200, "k": 0}), "no walk of 'xxxx"),
    ("set_seats", json.dumps({"seats": ["x" * 200] * 3}), "'xxxxx"),
    ("editor_edit", json.dumps({"tool": "x" * 200, "square": "g7"}), "is not a tool of the editor"),
    ("editor_edit", json.dumps({"tool": "figure:" + "x" * 150, "square": "g7"}), "is not a figure"),
    (
        "select",
        json.dumps({"figure": "\ud800"}),
        "select(figure): '\\ud800' holds a lone surrogate",
    ),
    ("select", '{"figure": "A5", "figure": "A4"}', "the key 'figure' is given twice"),
    ("select", '{"figure": "A5", "colour": 1}', "unknown argument 'colour' (it takes figure)"),
    ("view", "[]", "view: the arguments are a JSON object, not an array []"),
    ("view", json.dumps({"k": 1}), "unknown argument 'k' (it takes no argument)"),
    ("new_game", json.dumps({"players": True}), "new_game(players): expected a whole number"),
    ("new_game", json.dumps({"seats": ["person"] * 40}), "new_game(seats): 40 items; at most"),
    ("new_game", '{"seed": 1e999}', "new_game: '1e999' is beyond any number"),
]


@pytest.mark.parametrize(("name", "text", "message"), REPRODUCERS)
def test_a_malformed_call_is_refused_in_one_line_and_changes_nothing(
    name: str, text: str, message: str
) -> None:
    assert message in refused(copy.deepcopy(APPS["playing"]), name, text)


def test_a_teleporters_arrow_is_one_of_four() -> None:
    app = copy.deepcopy(APPS["placing"])
    text = '{"tile": "teleporter_2", "arrow": "Q"}'
    assert "'Q' '': a teleporter's arrow is N, E, S or W" in refused(app, "choose_tile", text)


def test_a_refused_walk_frame_keeps_the_random_generator() -> None:
    """The issue's reproducer: ``walk_frame {"which": "ask", "k": 7}`` refused (no walk of the
    editor yet, or one of fewer frames) changed the session's random generator."""
    app = App()
    ask(app, "new_game", json.dumps({"players": 2, "seats": ["random", "random"], "seed": 3}))
    ask(app, "bot", "")
    rng = app.session.rng.getstate()
    assert refused(app, "walk_frame", '{"which": "ask", "k": 7}') == "no walk of 'ask' to show"
    ask(app, "editor_set", json.dumps({"tile": "5"}))
    frames = ask(app, "editor_explain", "")["walk"]["frames"]  # before, 5 steps, after
    assert len(frames) == 7
    assert (
        refused(app, "walk_frame", '{"which": "ask", "k": 7}') == "the walk has frames 0-6, not 7"
    )
    assert app.session.rng.getstate() == rng
    before = held(app)
    ask(app, "bot", "")  # a bot's move draws from it: the comparison sees that
    assert held(app) != before


def test_a_call_not_named_by_text_and_arguments_not_text() -> None:
    app = copy.deepcopy(APPS["playing"])
    assert refused(app, ["view"], "{}") == "a call is named by text, not list ['view']"
    assert refused(app, "view", {"k": 1}) == "view: the arguments are JSON text, not dict {'k': 1}"


def test_the_limits_are_above_what_the_page_sends() -> None:
    catalogue = ask(App(), "catalogue", "")
    names = [o["name"] for o in catalogue["options"]] + catalogue["seat_kinds"]
    assert max(map(len, names)) < MAX_TEXT and len(catalogue["options"]) < MAX_ITEMS


# --- generated names and JSON -------------------------------------------------------------------

NAMES = st.sampled_from(App.CALLS) | st.sampled_from(["__init__", "_answer", "call", "walks", ""])


@st.composite
def calls(draw: st.DrawFn) -> tuple[str, str]:
    """A call's name and its arguments as text: a real call's arguments mutated, any JSON, or
    text spoilt anywhere."""
    name = draw(NAMES | st.text(ANY_CHARACTER, max_size=8))
    args = ARGUMENTS.get(name, {})
    how = draw(st.sampled_from(["mutated", "any", "text"]))
    if how == "mutated":
        return name, json_text(draw(mutated_json(args, KEYS)))
    if how == "any":
        return name, json_text(draw(JSON_ANY))
    text = json.dumps(args)
    at = draw(st.integers(0, len(text)))
    cut = draw(st.integers(0, 3))
    spoilt = draw(st.text(ANY_CHARACTER, max_size=4) | st.sampled_from(["NaN", "[" * 50, "1e400"]))
    return name, text[:at] + spoilt + text[at + cut :]


@settings(max_examples=fuzz_examples(300))
@given(st.sampled_from(sorted(APPS)), calls())
def test_any_call_is_answered_or_refused_changing_nothing(
    which: str, call: tuple[str, str]
) -> None:
    app = copy.deepcopy(APPS[which])
    name, text = call
    before = held(app)
    answer = ask(app, name, text)
    if "error" in answer:
        event("refused")
        assert set(answer) == {"error", "rule", "kind"}, answer
        assert answer["rule"] is None or answer["rule"] in RULE_IDS
        assert "\n" not in answer["error"] and len(answer["error"]) <= 500, answer
        assert held(app) == before, (name, text)
    else:
        event("answered")
