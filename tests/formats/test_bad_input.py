"""Issue 16: what users feed the readers. Each known hole is a regression test (states no game
can reach let in, bare exceptions instead of the typed one-line errors), and each class of hole
a property: a mutated input is read or refused with the typed error, never anything else, and
whatever is read can be written back."""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from invariants import check_invariants
from strategies import fuzz_examples, json_places

import fearsome_rules as fr
from fearsome_rules.formats.diagram import parse_diagram
from fearsome_rules.formats.position_string import MAX_LENGTH
from fearsome_rules.formats.state_json import MAX_TEXT


def fresh(players: int = 4, setup: str = "basic") -> fr.GameState:
    return fr.new_game(players, 0, fr.RuleOptions(), setup)


ADVANCED = fr.position_string(fresh(setup="advanced"))
BASIC = fr.position_string(fresh())


def changed(text: str, old: str, new: str) -> str:
    assert old in text, old  # the edit must hit, or the test checks nothing
    return text.replace(old, new, 1)


def doc_of(state: fr.GameState) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(json.dumps(fr.state_to_json(state)))
    return out


# --- states no game can reach ---------------------------------------------------------------


@pytest.mark.rules("SET-MONSTER", "PLACE-LAYOUT")
@pytest.mark.parametrize("setup", ["advanced", "bsw"])
@pytest.mark.parametrize("monster", ["f6:N", "a1:S", "b1:E"])
def test_in_the_placement_phase_the_monster_waits_on_a1_facing_east(
    setup: str, monster: str
) -> None:
    text = changed(fr.position_string(fresh(setup=setup)), "monster=a1:E", f"monster={monster}")
    with pytest.raises(fr.SetupError, match=r"\[SET-MONSTER\] monster: .*a1 facing east") as e:
        fr.parse_position(text)
    assert isinstance(e.value, fr.NotationError)  # a PositionError: both kinds
    assert (e.value.field, e.value.rule) == ("monster", "SET-MONSTER")


@pytest.mark.rules("ADV-TILES", "BSW-PLACE", "PLACE-LAYOUT")
@pytest.mark.parametrize(
    ("setup", "stones", "rule", "counted"),
    [
        ("advanced", "f6:crystal", "ADV-TILES", "3 crystal"),  # the example
        ("advanced", "f6:turn_right", "ADV-TILES", "5 turn_right"),
        ("advanced", "f6,g7", "ADV-TILES", "5 stone"),
        ("bsw", "f6", "BSW-PLACE", "12 stone"),
    ],
)
def test_a_tile_on_the_board_is_no_longer_to_place(
    setup: str, stones: str, rule: str, counted: str
) -> None:
    text = changed(fr.position_string(fresh(setup=setup)), "stones= ", f"stones={stones} ")
    with pytest.raises(fr.SetupError, match=rf"\[{rule}\] to_place: {counted} tiles") as e:
        fr.parse_position(text)
    assert (e.value.field, e.value.rule) == ("to_place", rule)


@pytest.mark.rules("ADV-TILES", "PLACE-LAYOUT")
def test_teleporters_and_pools_on_the_board_count_as_placed() -> None:
    with pytest.raises(fr.SetupError, match=r"\[ADV-TILES\] to_place: 3 teleporter_1"):
        fr.position(4, setup="advanced", teleporters=["f6:1:N"], to_place=["teleporter_1"] * 2)
    with pytest.raises(fr.SetupError, match=r"\[PLACE-EXACT\] pools: .*pool_strip"):
        fr.position(4, setup="advanced", pools=["c5", "c6", "d5", "d6"], to_place=["pool_square"])
    with pytest.raises(fr.SetupError, match=r"\[PLACE-EXACT\] pools"):  # no tile has 3 squares
        fr.position(4, setup="bsw", pools=["c5", "c6", "c7"], to_place=["stone"])
    # The same squares are a pool square placed when only the strip is still to place, and
    # fewer tiles than the setup's are allowed (PLACE-LAYOUT point 5).
    state = fr.position(4, setup="advanced", pools=["c5", "c6", "d5", "d6"], to_place=["stone"])
    assert state.phase is fr.Phase.PLACEMENT
    both = fr.position(4, setup="bsw", pools=["c3", "c4", "d3", "d4", "f6", "g6", "h6", "i6"])
    assert len(both.pools) == 8


def test_a_fresh_placement_phase_and_one_step_on_are_accepted() -> None:
    for setup in ("advanced", "bsw"):
        game = fresh(setup=setup)
        assert fr.parse_position(fr.position_string(game)) == game
        after = fr.apply(game, fr.legal_placements(game)[0])
        assert fr.parse_position(fr.position_string(after)) == after


def test_state_json_with_a_figure_twice_and_another_missing_is_refused() -> None:
    doc = doc_of(fresh())
    assert doc["figures"][1]["name"] == "A3"
    doc["figures"][1] = dict(doc["figures"][0])
    with pytest.raises(fr.RecordError, match=r"\$\.figures\[1\]\.name: A1 is listed twice"):
        fr.state_from_json(doc)
    del doc["figures"][1]
    with pytest.raises(fr.RecordError, match=r"\$\.figures: A3 missing"):
        fr.state_from_json(doc)


@pytest.mark.parametrize(
    "field", ["moved", "face", "where", "name"], ids=lambda f: f"figures[0].{f}"
)
def test_state_json_figure_fields_are_all_required(field: str) -> None:
    doc = doc_of(fresh())
    del doc["figures"][0][field]
    with pytest.raises(
        fr.RecordError, match=rf"required field missing @ \$\.figures\[0\]\.{field}"
    ):
        fr.state_from_json(doc)


@pytest.mark.parametrize("field", list(fr.state_to_json(fresh())))
def test_state_json_fields_are_all_required(field: str) -> None:
    doc = doc_of(fresh())
    del doc[field]
    with pytest.raises(fr.RecordError, match=rf"\$\.{field}"):
        fr.state_from_json(doc)


def test_state_json_with_a_key_twice_is_refused() -> None:
    text = json.dumps(fr.state_to_json(fresh()))
    assert text.endswith("}")
    with pytest.raises(fr.RecordError, match="the key 'stage' is given twice"):
        fr.state_from_json(text[:-1] + ', "stage": 1}')
    figure = '{"name": "A1", "where": "waiting", "face": 1, "moved": false}'
    assert figure in text
    twice = figure.replace('"face": 1', '"face": 1, "face": 6')
    with pytest.raises(fr.RecordError, match="the key 'face' is given twice"):
        fr.state_from_json(text.replace(figure, twice))


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("round", True),
        ("stage", 2.0),
        ("stage", True),
        ("players", 4.0),
        ("players", True),
        ("reveals", 0.0),
        ("faces", {"A1": True}),
        ("faces", {"A1": 6.0}),
    ],
)
def test_the_builder_takes_numbers_only_as_whole_numbers(field: str, value: object) -> None:
    """``round=True`` was accepted and then written ``round=True``: a state that no reader
    takes back."""
    kwargs: dict[str, Any] = {"players": 4, field: value}
    with pytest.raises(fr.SetupError, match=r"expected a whole number \(int\), found (bool|float)"):
        fr.position(**kwargs)
    with pytest.raises(TypeError):  # a wrong Python type: a TypeError too (docs/embedding.md)
        fr.position(**kwargs)


# --- typed errors, never a bare exception ---------------------------------------------------


def refused(make: Callable[[], object], error: type[fr.FearsomeError], match: str) -> None:
    with pytest.raises(error, match=match) as caught:
        make()
    assert "\n" not in str(caught.value)  # one line


@pytest.mark.parametrize("digit", ["²", "١", "٣", "𝟙"])
@pytest.mark.parametrize("field", ["round=1", "players=4", "stage=1"])
def test_position_numbers_are_ascii_digits(field: str, digit: str) -> None:
    text = changed(BASIC, f"{field} ", f"{field.split('=')[0]}={digit} ")
    refused(lambda: fr.parse_position(text), fr.NotationError, "is not a number")


@pytest.mark.parametrize(
    ("old", "new"),
    [("round 1,", "round ١,"), ("round 1,", "round " + "1" * 5000 + ","), ("(1)", "(١)")],
    ids=["arabic-indic digit", "5000 digits", "face"],
)
def test_diagram_numbers_are_ascii_digits(old: str, new: str) -> None:
    drawn = changed(fr.diagram(fresh()), old, new)
    refused(lambda: parse_diagram(drawn), fr.NotationError, "diagram")


def test_a_face_is_ascii_digits() -> None:
    text = changed(BASIC, "A1:waiting:1", "A1:waiting:²")
    refused(lambda: fr.parse_position(text), fr.NotationError, "the face must be a number")


def test_huge_numbers_are_refused_in_position_strings_and_json() -> None:
    text = changed(BASIC, "round=1", "round=" + "1" * 5000)
    refused(lambda: fr.parse_position(text), fr.NotationError, "round=.* is not a number")
    doc = json.dumps(fr.state_to_json(fresh()))
    big = changed(doc, '"round": 1', '"round": ' + "1" * 5000)
    refused(lambda: fr.state_from_json(big), fr.RecordError, "more than 4,300 digits")


@pytest.mark.parametrize("name", ["²", "x", "teleporter_3", "11"])
def test_an_unknown_tile_name_is_refused_everywhere(name: str) -> None:
    deck = changed(BASIC, "deck=5,7", f"deck=5,{name},7")
    refused(lambda: fr.parse_position(deck), fr.NotationError, "deck_left: .* not a monster tile")
    picture = fr.diagram(fresh())
    drawn = changed(picture, "5 7 7", f"5 {name} 7")
    refused(lambda: parse_diagram(drawn), fr.NotationError, "not a monster tile")
    doc = doc_of(fresh())
    doc["deck"][1] = name
    refused(lambda: fr.state_from_json(doc), fr.RecordError, "not a monster tile")
    place = changed(ADVANCED, "place=stone", f"place={name}")
    refused(lambda: fr.parse_position(place), fr.NotationError, "to_place: .* a tile is one of")
    doc = doc_of(fresh(setup="advanced"))
    doc["to_place"][0] = name
    refused(lambda: fr.state_from_json(doc), fr.RecordError, "to_place: .* a tile is one of")
    refused(
        lambda: fr.position(4, setup="advanced", to_place=[name]),
        fr.SetupError,
        "to_place: .* a tile is one of",
    )


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("crystals", 2, "expected a list of names.*found int 2"),
        ("pools", 10**30, "found int 1000000000000000000000000000000"),
        ("pools", 10**5000, "found int <a number of about 5,001 digits>"),
        ("figures", -1, "expected a mapping of figure names"),
        ("figures", 5, "expected a mapping of figure names"),
        ("deck_left", 0, "expected a list of names"),
        ("moved", [["A1"]], "expected a string, found list"),
        ("to_place", {"x": 1}, "expected a list of names.*found dict"),
        ("stones", "c3", "expected a list of names"),  # one string is not a list of squares
        ("figures", {"A1": 5}, "A1: expected a string, found int 5"),
        ("figures", {1: "c3"}, "expected a string, found int 1"),
        ("escapes", [1.5], "expected a whole number"),
        ("monster", 5, "expected a string"),
        ("setup", ["advanced"], "expected a string"),
        ("ended_by", 1, "expected a string"),
        ("teleporters", [("f6", 1, "N")], "expected a string, found tuple"),
        ("options", {"reentry": "mandatory"}, "expected a RuleOptions"),
    ],
    ids=lambda v: v if isinstance(v, str) else type(v).__name__,
)
def test_the_builder_refuses_wrong_types_naming_the_argument(
    field: str, value: object, message: str
) -> None:
    kwargs: dict[str, Any] = {field: value}
    refused(lambda: fr.position(4, **kwargs), fr.SetupTypeError, rf"{field}.*{message}")


def test_action_readers_refuse_what_is_not_an_action() -> None:
    refused(lambda: fr.action_from_json({"type": []}), fr.RecordError, r"\$\.type must be")
    refused(lambda: fr.action_from_json({"type": {"a": 1}}), fr.RecordError, r"\$\.type must be")
    refused(lambda: fr.parse_action(12), fr.NotationError, "expected text .str., found int 12")  # type: ignore[arg-type]
    refused(lambda: fr.parse_action("A1 " * 1000), fr.NotationError, "at most 1000")


def test_deep_nesting_and_long_texts_are_refused_unread() -> None:
    refused(lambda: fr.state_from_json("[" * 100000 + "]" * 100000), fr.RecordError, "nested")
    refused(lambda: fr.state_from_json(" " * (MAX_TEXT + 1)), fr.RecordError, "at most")
    refused(lambda: fr.parse_position(" " * (MAX_LENGTH + 1)), fr.NotationError, "at most")
    refused(lambda: parse_diagram("\n" * 200_000), fr.NotationError, "at most")
    refused(lambda: fr.parse_position(12), fr.NotationError, "found int 12")  # type: ignore[arg-type]


def test_the_longest_position_string_is_far_below_the_limit() -> None:
    """The limit's claim (under 3,000 characters): 7 players in the placement phase of the
    advanced game with every option changed, and late in a long game."""
    options = fr.RuleOptions()
    for name in fr.RuleOptions.names():
        options = options.with_option(name, fr.RuleOptions.choices(name)[-1])
    state = fr.new_game(7, 6, options, "advanced")
    longest = len(fr.position_string(state))
    assert longest < 3000
    out = {f"{s}{k}": "out" for s in "ABCDEF" for k in (1, 4)}
    game = fr.position(7, figures=out, deck_left=["7", "8", "10"], options=options)
    assert len(fr.position_string(game)) < 3000


# --- properties: read or refused, and whatever is read is written back -----------------------


@functools.cache
def samples() -> list[fr.GameState]:
    """States to mutate, made once: every setup and several player counts, from the placement
    phase to the end (generating games per example would cost more than the checks)."""
    out = [fr.position(4, pools=BASIC_POOL_NAMES, crystals=["c3"], stones=[], setup="advanced")]
    for seed, (setup, players) in enumerate(
        [("basic", 2), ("basic", 7), ("advanced", 3), ("advanced", 5), ("bsw", 4), ("bsw", 6)]
    ):
        rng = random.Random(seed)
        state = fr.new_game(players, seed % players, fr.RuleOptions(), setup)
        states = [state]
        while state.phase is not fr.Phase.OVER:
            state = fr.apply(state, rng.choice(fr.legal_actions(state)))
            states.append(state)
        out += states[:: max(1, len(states) // 12)]
    return out


BASIC_POOL_NAMES = ["i3", "j3", "i4", "j4", "e9", "f9", "g9", "h9"]
TOKENS = [*"0123456789²١ ,:=*-AaBbpw\t\n\x00é", "waiting", "crystal", "basic", "c3", "A1"]
NOISE = st.sampled_from(TOKENS) | st.lists(st.sampled_from(TOKENS), max_size=6).map("".join)


def readable_back(state: fr.GameState) -> None:
    """An accepted input: a state no invariant refuses, read back as itself in every form."""
    check_invariants(state)
    assert fr.parse_diagram(fr.diagram(state)) == state
    text = fr.position_string(state)
    assert fr.parse_position(text) == state, text
    assert fr.state_from_json(json.dumps(fr.state_to_json(state))) == state


@settings(max_examples=fuzz_examples(500))
@given(st.data())
def test_mutated_position_strings_are_read_or_refused(data: st.DataObject) -> None:
    state = data.draw(st.sampled_from(samples()))
    text = fr.position_string(state)
    for _ in range(data.draw(st.integers(1, 3))):
        if data.draw(st.booleans()):  # a field's value, or one item of it, replaced
            words = text.split(" ")
            k = data.draw(st.integers(0, len(words) - 1))
            key, _, value = words[k].partition("=")
            items = value.split(",")
            items[data.draw(st.integers(0, len(items) - 1))] = data.draw(NOISE)
            words[k] = f"{key}={','.join(items)}"
            text = " ".join(words)
        else:  # a few characters anywhere
            i = data.draw(st.integers(0, len(text)))
            j = data.draw(st.integers(i, min(len(text), i + 8)))
            text = text[:i] + data.draw(NOISE) + text[j:]
    try:
        again = fr.parse_position(text)
    except fr.NotationError:
        return
    readable_back(again)


JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=False)
    | st.text(max_size=8)
    | st.sampled_from(["A1", "waiting", "c3", "crystal", "5", "E", "advanced", "²", "stone"]),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)


@settings(max_examples=fuzz_examples(500))
@given(st.data())
def test_mutated_state_json_is_read_or_refused(data: st.DataObject) -> None:
    doc = doc_of(data.draw(st.sampled_from(samples())))
    path = data.draw(st.sampled_from(json_places(doc)[1:]))
    parent = doc
    for key in path[:-1]:
        parent = parent[key]
    how = data.draw(st.sampled_from(["delete", "replace", "repeat"]))
    if how == "delete" and isinstance(parent, dict):
        del parent[path[-1]]
    elif how == "repeat" and isinstance(parent, dict):  # the key again, with a new value
        text = _dumped(doc, parent, (path[-1], data.draw(JSON_VALUES)))
        with pytest.raises(fr.RecordError, match=r"given twice|nested"):
            fr.state_from_json(text)
        return
    else:
        parent[path[-1]] = data.draw(JSON_VALUES)
    try:
        again = fr.state_from_json(json.dumps(doc))
    except fr.RecordError:
        return
    readable_back(again)


def _dumped(obj: Any, target: object, extra: tuple[str, Any]) -> str:
    """JSON text of ``obj`` with ``extra`` added as one more pair of the object ``target``
    (a dict cannot hold a key twice, so the text is written by hand)."""
    if isinstance(obj, dict):
        pairs = [*obj.items(), extra] if obj is target else list(obj.items())
        inner = ", ".join(f"{json.dumps(k)}: {_dumped(v, target, extra)}" for k, v in pairs)
        return "{" + inner + "}"
    if isinstance(obj, list):
        return "[" + ", ".join(_dumped(v, target, extra) for v in obj) + "]"
    return json.dumps(obj)


ANY_VALUE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**30), 10**30),
    st.floats(),
    st.text(max_size=6),
    st.sampled_from(["c3", "A", "advanced", "waiting", "E", "stone", "pool_strip", "5", "f6:1:N"]),
    st.lists(
        st.one_of(st.integers(-3, 9), st.sampled_from(["c3", "A1", "stone", "²"])), max_size=4
    ),
    st.dictionaries(
        st.sampled_from(["A1", "B3", "x", "a1"]),
        st.one_of(st.integers(-1, 7), st.booleans(), st.sampled_from(["c3", "out", "waiting"])),
        max_size=3,
    ),
)
ARGUMENTS = [
    "figures", "faces", "moved", "stones", "pools", "monster", "facing", "start_player",
    "to_move", "round", "stage", "reveals", "deck_left", "escapes", "ended_by", "crystals",
    "turn_right", "turn_about", "teleporters", "setup", "to_place",
]  # fmt: skip


@settings(max_examples=fuzz_examples(300))
@given(st.dictionaries(st.sampled_from(ARGUMENTS), ANY_VALUE, min_size=1, max_size=3))
def test_the_builder_takes_any_argument_or_names_it(kwargs: dict[str, Any]) -> None:
    try:
        state = fr.position(4, **kwargs)
    except fr.SetupError as e:
        assert e.field.split(".")[0] in kwargs or e.field in ARGUMENTS, e
        assert "\n" not in str(e)
        return
    readable_back(state)


DIAGRAM_TOKENS = [*"0123456789²١ .~#<>^v*()-:,=\t\n\x00é", "##", "<>", "R#", "U#", "M>", "1>"]
DIAGRAM_NOISE = st.sampled_from([*DIAGRAM_TOKENS, *TOKENS]) | st.lists(
    st.sampled_from(DIAGRAM_TOKENS), max_size=6
).map("".join)


@settings(max_examples=fuzz_examples(300))
@given(st.data())
def test_mutated_diagrams_are_read_or_refused(data: st.DataObject) -> None:
    text = fr.diagram(data.draw(st.sampled_from(samples())))
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(text)))
        j = data.draw(st.integers(i, min(len(text), i + 6)))
        text = text[:i] + data.draw(DIAGRAM_NOISE) + text[j:]
    try:
        again = parse_diagram(text)
    except fr.NotationError as e:
        assert "\n" not in str(e)
        return
    readable_back(again)


ACTION_WORDS = [
    *("A5", "b3", "C1", "G4", "H5", "A2", "a5", "p11", "P11", "a1", "out", "OUT", "-", "o10"),
    *("reveal", "REVEAL", "place", "8", "5", "1hit", "3hits", "9", "crystal", "pool_strip"),
    *("teleporter_1", "N", "H", "V", "q4", "²", "", "\x00", "a0", "p12", "z", "stone"),
]


@settings(max_examples=fuzz_examples(500))
@given(
    st.lists(st.sampled_from(ACTION_WORDS), max_size=7).map(" ".join)
    | st.text(st.characters(exclude_categories=()), max_size=20)
)
def test_any_action_text_is_read_or_refused(text: str) -> None:
    try:
        action = fr.parse_action(text)
    except fr.NotationError as e:
        assert "\n" not in str(e)
        return
    assert fr.parse_action(str(action)) == action
    assert fr.action_from_json(json.dumps(fr.action_to_json(action))) == action


@settings(max_examples=fuzz_examples(300))
@given(st.data())
def test_mutated_action_json_is_read_or_refused(data: st.DataObject) -> None:
    state = data.draw(st.sampled_from(samples()))
    actions = fr.legal_actions(state) or [fr.FigureMove("A5", ("p11",)), fr.Reveal("8")]
    doc: dict[str, Any] = json.loads(
        json.dumps(fr.action_to_json(data.draw(st.sampled_from(actions))))
    )
    path = data.draw(st.sampled_from(json_places(doc)[1:]))
    parent: Any = doc
    for key in path[:-1]:
        parent = parent[key]
    if data.draw(st.booleans()) and isinstance(parent, dict):
        del parent[path[-1]]
    else:
        parent[path[-1]] = data.draw(JSON_VALUES)
    try:
        action = fr.action_from_json(json.dumps(doc))
    except fr.RecordError as e:
        assert "\n" not in str(e)
        return
    assert fr.action_from_json(fr.action_to_json(action)) == action
    assert fr.parse_action(str(action)) == action
