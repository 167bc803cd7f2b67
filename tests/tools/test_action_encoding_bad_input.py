"""Issue 35, the adapters' action numbers: an RL library hands these functions whatever its
policy produced. Every function of :mod:`fearsome_rules.tools.adapters.action_encoding`, fed
every kind of value, answers (a whole number, NumPy's integers included, within its range; a
route as steps) or refuses with ``fr.ArgumentError`` (``fr.ArgumentTypeError`` for a value of
the wrong type: a bool, a float, an array, None) in one short line; never another exception."""

from __future__ import annotations

import numbers
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import ANY_CHARACTER, JSON_ANY, fuzz_examples

import fearsome_rules as fr
from fearsome_rules.tools.adapters import action_encoding as codes

START = fr.new_game(4)
PLACING = fr.new_game(4, setup="advanced")
LEGAL = codes.LegalActions(START)
LEGAL_PLACING = codes.LegalActions(PLACING)


def refusal(call: Callable[[], object], error: type[fr.ArgumentError] = fr.ArgumentError) -> str:
    """The one-line message of ``call``'s refusal, which must be an ``error``."""
    with pytest.raises(error) as caught:
        call()
    text = str(caught.value)
    assert "\n" not in text and len(text) <= 200, text
    return text


# --- the reproducers ------------------------------------------------------------------


def test_wrong_types_are_argument_type_errors() -> None:
    wrong = fr.ArgumentTypeError
    assert refusal(lambda: codes.placement_number(1), wrong) == (  # type: ignore[arg-type]
        "placement_number(place): expected a PlaceTile, found int 1"
    )
    refusal(lambda: codes.route_steps([]), wrong)  # type: ignore[arg-type]
    refusal(lambda: codes.route_steps(613.0), wrong)  # type: ignore[arg-type]
    refusal(lambda: codes.route_number(1), wrong)  # type: ignore[arg-type]
    assert "found None" in refusal(lambda: codes.route_number([None]), wrong)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [True, False, 0.0, 5.0, float("nan")])
def test_a_bool_or_a_float_is_not_a_route(value: object) -> None:
    """Once answered as if valid: ``route_steps(True)`` gave ('N',), ``route_steps(0.0)`` ()."""
    text = refusal(lambda: codes.route_steps(value), fr.ArgumentTypeError)  # type: ignore[arg-type]
    assert text.startswith("route_steps(route): expected a whole number, found ")


def test_a_long_step_is_quoted_short() -> None:
    text = refusal(lambda: codes.route_number("x" * 3000))  # once 1,002 characters
    assert "(3,000 characters)" in text and len(text) < 150


# --- every kind of value -----------------------------------------------------------------------

ANY_VALUE = st.one_of(
    JSON_ANY,
    st.tuples(st.sampled_from(["N", "E", "S", "W", "out", "n", "", None, 1])).map(tuple),
    st.lists(st.sampled_from(["N", "E", "S", "W", "out"]), max_size=8).map(tuple),
    st.text(st.sampled_from("NESW out\t\n"), max_size=30),
    st.text(ANY_CHARACTER, max_size=20),
    st.integers(-5, codes.NUM_ACTIONS + 5),
    st.binary(max_size=4),
    st.sampled_from([object(), type, fr.Reveal("8"), fr.FigureMove("A5", ("p11",)), START]),
    st.builds(fr.PlaceTile, st.sampled_from(["stone", "crystal"]), st.sampled_from(["c3", "g6"])),
)


def whole(value: object) -> bool:
    """What the functions take as a number: an int or NumPy's integer, never a bool."""
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def steps(value: object) -> bool:
    """What ``route_number`` takes: text, or a tuple or list of texts."""
    return isinstance(value, str) or (
        isinstance(value, tuple | list) and all(isinstance(t, str) for t in value)
    )


CALLS: dict[str, tuple[Callable[[Any], object], Callable[[object], bool]]] = {
    "route_number": (codes.route_number, steps),
    "route_steps": (codes.route_steps, whole),
    "placement_number": (codes.placement_number, lambda v: isinstance(v, fr.PlaceTile)),
    "describe": (codes.describe, whole),
    "reveal_of": (codes.reveal_of, whole),
    "reveal_number": (codes.reveal_number, lambda v: isinstance(v, fr.Reveal)),
    "LegalActions": (codes.LegalActions, lambda v: isinstance(v, fr.GameState)),
    "LegalActions.action": (LEGAL.action, whole),
    "LegalActions.action(placing)": (LEGAL_PLACING.action, whole),
    "LegalActions.number": (
        LEGAL.number,
        lambda v: isinstance(v, fr.FigureMove | fr.Reveal | fr.PlaceTile),
    ),
    "chance": (codes.chance, lambda v: isinstance(v, fr.GameState)),
}


def answered_or_refused(name: str, value: object) -> None:
    function, takes = CALLS[name]
    try:
        out = function(value)
    except fr.ArgumentTypeError as e:
        assert not takes(value), (name, value, e)
        one_line(e)
        return
    except fr.FearsomeError as e:  # a value of the right type, out of range or illegal here
        assert takes(value), (name, value, e)
        assert isinstance(e, fr.ArgumentError | fr.RuleError | fr.NotationError), e
        one_line(e)
        return
    assert takes(value), (name, value, out)
    if name == "route_steps":
        assert codes.route_number(out) == value  # type: ignore[arg-type]
    elif name == "route_number":
        given = value.split() if isinstance(value, str) else value
        assert isinstance(out, int) and isinstance(given, tuple | list)
        assert codes.route_steps(out) == tuple(given)


def one_line(error: BaseException) -> None:
    text = str(error)
    assert "\n" not in text and len(text) <= 200, text


@settings(max_examples=fuzz_examples(300))
@given(st.sampled_from(sorted(CALLS)), ANY_VALUE)
def test_every_function_answers_or_refuses_any_value(name: str, value: object) -> None:
    answered_or_refused(name, value)


# --- NumPy's values: what a policy gives ---------------------------------------------------------


def numpy_values() -> list[object]:
    np = pytest.importorskip("numpy", reason="numpy comes with the adapters' extras")
    return [
        np.int64(5),
        np.int32(0),
        np.uint8(3),
        np.int64(-1),
        np.int64(codes.NUM_ACTIONS),
        np.float64(0.0),
        np.float32(5.0),
        np.bool_(True),
        np.array(5),
        np.array([0]),
        np.array([5, 6]),
        np.zeros((0,)),
        np.array(["N", "W"]),
        np.array([np.nan]),
    ]


def test_numpy_integers_are_whole_numbers_and_nothing_else_is() -> None:
    np = pytest.importorskip("numpy", reason="numpy comes with the adapters' extras")
    assert codes.route_steps(np.int64(5)) == ("out",) == codes.route_steps(5)
    assert codes.describe(np.uint16(9)) == codes.describe(9)
    assert LEGAL.action(np.int64(3 * 6826 + 1)) == LEGAL.action(3 * 6826 + 1)
    assert codes.reveal_of(np.int8(2)) == codes.reveal_of(2)
    for value in (np.float64(0.0), np.array([0]), np.array(0), np.bool_(False)):
        with pytest.raises(fr.ArgumentTypeError, match="expected a whole number"):
            codes.route_steps(value)
    for name in sorted(CALLS):
        for value in numpy_values():
            answered_or_refused(name, value)
