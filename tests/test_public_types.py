"""The wrong-type contract (docs/embedding.md, Errors): every function and class named in
``fearsome_rules.__all__``, given a value of the wrong Python type for any one argument (the
others valid), raises ``fr.ArgumentTypeError`` naming that argument: never an AttributeError,
a KeyError or a TypeError from deep inside the engine."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import fuzz_examples

import fearsome_rules as fr

STATE = fr.new_game(4)
MOVE = fr.FigureMove("A5", ("p11",))
OVER = fr.position(2, figures={"A1": "out", "A3": "out", "A4": "out"}, deck_left=["7", "8"])

Accepts = Callable[[object], bool]


# --- what each kind of argument takes --------------------------------------------------------


def _whole(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _text(v: object) -> bool:
    return isinstance(v, str)


def _texts(v: object) -> bool:
    return isinstance(v, list | tuple | set | frozenset) and all(isinstance(x, str) for x in v)


def _texts_in_sequence(v: object) -> bool:
    return isinstance(v, list | tuple) and all(isinstance(x, str) for x in v)


def _seats(v: object) -> bool:
    return isinstance(v, list | tuple | str) and all(isinstance(x, str) or _whole(x) for x in v)


def _map(values: Accepts) -> Accepts:
    def accepts(v: object) -> bool:
        return isinstance(v, Mapping) and all(
            isinstance(k, str) and values(x) for k, x in v.items()
        )

    return accepts


def _optional(kind: Accepts) -> Accepts:
    return lambda v: v is None or kind(v)


def _one_of(*kinds: Accepts) -> Accepts:
    return lambda v: any(k(v) for k in kinds)


def _is(cls: type | tuple[type, ...]) -> Accepts:
    return lambda v: isinstance(v, cls)


STATE_ = _is(fr.GameState)
ACTION = _is((fr.FigureMove, fr.Reveal, fr.PlaceTile))
OPTIONS = _is(fr.RuleOptions)
JSON = _is((str, dict))
TEXTS_OR_NONE = _optional(_texts)

# Per public callable: each argument with a valid value and what it takes.
Table = dict[str, tuple[Callable[..., object], dict[str, tuple[object, Accepts]]]]
TABLE: Table = {
    "FigureMove": (
        fr.FigureMove,
        {"figure": ("A5", _text), "path": (("p11",), _is((list, tuple)))},
    ),
    "Reveal": (fr.Reveal, {"tile": ("8", _text)}),
    "PlaceTile": (fr.PlaceTile, {"tile": ("crystal", _text), "square": ("c3", _text)}),
    "PlaceTile(arrow)": (
        fr.PlaceTile,
        {"tile": ("teleporter_1", _text), "square": ("c3", _text), "arrow": ("N", _text)},
    ),
    "PlaceTile(orientation)": (
        fr.PlaceTile,
        {"tile": ("pool_strip", _text), "square": ("c3", _text), "orientation": ("H", _text)},
    ),
    "RuleOptions": (
        fr.RuleOptions,
        {
            name: (value, _is(bool) if isinstance(value, bool) else _text)
            for name, value in attrs.asdict(fr.RuleOptions()).items()
        },
    ),
    "RuleOptions.with_option": (
        fr.RuleOptions().with_option,
        {"option": ("reentry", _text), "value": ("mandatory", _is((str, bool)))},
    ),
    "RuleOptions.choices": (fr.RuleOptions.choices, {"option": ("reentry", _text)}),
    "GameRecord": (
        fr.GameRecord,
        {
            "players": (2, _whole),
            "start_player": (0, _whole),
            "setup": ("basic", _text),
            "options": (fr.RuleOptions(), OPTIONS),
            "position": ("", _text),
            "actions": ((), _texts_in_sequence),
        },
    ),
    "GameRecord.replay": (fr.GameRecord(players=2).replay, {"upto": (0, _optional(_whole))}),
    "GameRecord.from_json": (
        fr.GameRecord.from_json,
        {"obj": (fr.GameRecord(players=2).dumps(), JSON)},
    ),
    "new_game": (
        fr.new_game,
        {
            "players": (2, _whole),
            "start_player": (0, _whole),
            "options": (None, _optional(OPTIONS)),
            "setup": ("basic", _text),
        },
    ),
    "position": (
        fr.position,
        {
            "players": (4, _whole),
            "figures": (None, _optional(_map(_text))),
            "faces": (None, _optional(_map(_whole))),
            "moved": ((), _texts),
            "stones": (None, TEXTS_OR_NONE),
            "pools": (None, TEXTS_OR_NONE),
            "monster": ("a1", _text),
            "facing": ("E", _text),
            "start_player": (0, _one_of(_whole, _text)),
            "to_move": (None, _optional(_one_of(_whole, _text))),
            "round": (None, _optional(_whole)),
            "stage": (1, _whole),
            "reveals": (None, _optional(_whole)),
            "deck_left": (None, TEXTS_OR_NONE),
            "escapes": (None, _optional(_seats)),
            "ended_by": (None, _optional(_text)),
            "crystals": ((), _texts),
            "turn_right": ((), _texts),
            "turn_about": ((), _texts),
            "teleporters": ((), _texts),
            "setup": (None, _optional(_text)),
            "to_place": ((), _texts),
            "options": (None, _optional(OPTIONS)),
        },
    ),
    "apply": (fr.apply, {"state": (STATE, STATE_), "action": (MOVE, ACTION)}),
    "apply_traced": (fr.apply_traced, {"state": (STATE, STATE_), "action": (MOVE, ACTION)}),
    "apply_steps": (fr.apply_steps, {"state": (STATE, STATE_), "action": (MOVE, ACTION)}),
    "check": (fr.check, {"state": (STATE, STATE_), "action": (MOVE, ACTION)}),
    "continuations": (
        fr.continuations,
        {"state": (STATE, STATE_), "move": (MOVE, _is(fr.FigureMove))},
    ),
    "legal_moves": (
        fr.legal_moves,
        {"state": (STATE, STATE_), "figure": (None, _optional(_text))},
    ),
    "MoveSearch": (fr.MoveSearch, {"state": (STATE, STATE_), "figure": (None, _optional(_text))}),
    "all_paths": (
        lambda state, figure=None: list(fr.all_paths(state, figure)),
        {"state": (STATE, STATE_), "figure": (None, _optional(_text))},
    ),
    "destinations": (fr.destinations, {"state": (STATE, STATE_)}),
    "legal_actions": (fr.legal_actions, {"state": (STATE, STATE_)}),
    "legal_placements": (fr.legal_placements, {"state": (STATE, STATE_)}),
    "chance_outcomes": (fr.chance_outcomes, {"state": (STATE, STATE_)}),
    "outcome": (fr.outcome, {"state": (OVER, STATE_)}),
    "playouts": (
        fr.playouts,
        {"state": (STATE, STATE_), "games": (1, _whole), "seed": (0, _whole)},
    ),
    "perft": (fr.perft, {"state": (STATE, STATE_), "depth": (1, _whole)}),
    "divide": (fr.divide, {"state": (STATE, STATE_), "depth": (1, _whole)}),
    "diagram": (fr.diagram, {"state": (STATE, STATE_)}),
    "parse_diagram": (fr.parse_diagram, {"text": (fr.diagram(STATE), _text)}),
    "position_string": (fr.position_string, {"state": (STATE, STATE_)}),
    "parse_position": (fr.parse_position, {"text": (fr.position_string(STATE), _text)}),
    "parse_action": (fr.parse_action, {"text": ("A5 p11", _text)}),
    "state_to_json": (fr.state_to_json, {"state": (STATE, STATE_)}),
    "state_from_json": (fr.state_from_json, {"obj": (fr.state_to_json(STATE), JSON)}),
    "action_to_json": (fr.action_to_json, {"action": (MOVE, ACTION)}),
    "action_from_json": (fr.action_from_json, {"obj": (fr.action_to_json(MOVE), JSON)}),
}

# The engine's answers, read and not built (docs/embedding.md), and the names that are not
# functions or classes.
NOT_ENTRY_POINTS = {
    "GameState",
    "Step",
    "Steps",
    "Figure",
    "Outcome",
    "Continuation",
    "MoveResult",
    "Playout",
    "Phase",
    "Action",
    "COMPILED",
    "SEAT_LETTERS",
    "Seat",  # the type aliases of int: nothing to call
    "Square",
    "board",
    "bots",
    "deck",
    "events",
}


def test_the_table_names_every_public_function_and_class() -> None:
    errors = {n for n in fr.__all__ if n.endswith("Error")}
    named = {n.split("(")[0].split(".")[0] for n in TABLE}
    assert set(fr.__all__) - errors - NOT_ENTRY_POINTS == named


def test_the_table_names_every_argument() -> None:
    covered: dict[str, set[str]] = {}
    for name, (_function, arguments) in TABLE.items():
        if name != "all_paths":  # a wrapper that makes the generator run
            covered.setdefault(name.split("(")[0], set()).update(arguments)
    for name, names in covered.items():
        function = TABLE[name][0]
        parameters = set(inspect.signature(function).parameters) - {"self", "cls"}
        assert parameters == names, name


def test_the_valid_values_are_valid() -> None:
    for name, (function, arguments) in TABLE.items():
        function(**{k: v for k, (v, _) in arguments.items()})
        for k, (v, accepts) in arguments.items():
            assert accepts(v), (name, k)


# --- wrong values ----------------------------------------------------------------------------

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**30), 10**30),
    st.floats(allow_nan=True),
    st.text(max_size=5),
    st.binary(max_size=5),
    st.builds(object),
    st.sampled_from([STATE, MOVE, fr.Reveal("8"), fr.RuleOptions(), fr.Phase.FIGURES]),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.lists(inner, max_size=3).map(tuple),
        st.dictionaries(st.text(max_size=3) | st.integers(), inner, max_size=3),
        st.frozensets(st.text(max_size=3) | st.integers(), max_size=3),
    ),
    max_leaves=6,
)

# Where the error names the argument otherwise: by the option whose value it is.
NAMED_AS = {("RuleOptions.with_option", "value"): "options.reentry"}

CASES = [(name, argument) for name, (_, arguments) in TABLE.items() for argument in arguments]


@pytest.mark.parametrize(("name", "argument"), CASES, ids=[f"{n}:{a}" for n, a in CASES])
@settings(max_examples=fuzz_examples(25), deadline=None)
@given(wrong=values)
def test_a_wrong_type_is_an_argument_type_error_naming_the_argument(
    name: str, argument: str, wrong: object
) -> None:
    function, arguments = TABLE[name]
    if arguments[argument][1](wrong):
        return  # a value of a type the argument takes: not this test's business
    kwargs: dict[str, Any] = {k: v for k, (v, _) in arguments.items()}
    kwargs[argument] = wrong
    with pytest.raises(fr.ArgumentTypeError) as caught:
        function(**kwargs)
    error = caught.value
    assert isinstance(error, TypeError) and isinstance(error, fr.FearsomeError)
    named = NAMED_AS.get((name, argument), argument)
    assert named in error.argument, (error.argument, str(error))
    assert "\n" not in str(error) and len(str(error)) < 400, str(error)
