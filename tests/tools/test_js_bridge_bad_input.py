"""The npm package's door, which every call of the web page now goes through
(``fearsome_rules.tools.js_bridge.call(name, json)``): any name and any text get an answer
``{"ok": ...}`` or a refusal ``{"error": {"kind", "message", "rule", "field"}}`` whose message is
one short line, whose rule is a rule id or empty, that is never an internal error, and that is
JSON a browser parses (no NaN, no Infinity). It took over from the page's own door
(``App.call``) when the page moved onto the package."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import event, given, settings
from hypothesis import strategies as st
from strategies import ANY_CHARACTER, JSON_ANY, fuzz_examples, json_text, mutated_json

from fearsome_rules.core.rules import RULE_IDS
from fearsome_rules.tools.js_bridge import FUNCTIONS, call


def ask(name: Any, text: Any) -> dict[str, Any]:
    """The answer to a call, read as a browser reads it: NaN or Infinity fail."""

    def no_constant(word: str) -> object:
        raise AssertionError(f"{word} in an answer to {name!r}")

    answer = json.loads(call(name, text), parse_constant=no_constant)
    assert isinstance(answer, dict) and len(answer) == 1, answer
    return answer


def ok(name: str, **args: Any) -> Any:
    answer = ask(name, json.dumps(args))
    assert "ok" in answer, (name, answer)
    return answer["ok"]


GAME = ok("new_game", players=3)
PLACING = ok("new_game", players=2, setup="advanced")
EVERYONE = [f["name"] for f in ok("new_game", players=2)["figures"]]
WALK = ok("position", players=2, figures={"A5": "d1"}, moved=EVERYONE)
RECORD = ok("to_record", start=GAME, actions=["A5 p11"])
ARGUMENTS: dict[str, dict[str, Any]] = {
    "info": {},
    "new_game": {
        "players": 3,
        "start_player": "B",
        "setup": "bsw",
        "options": {"reentry": "mandatory"},
    },
    "read_state": {"state": GAME},
    "apply": {"state": GAME, "action": "A5 p11"},
    "apply_traced": {"state": WALK, "action": "reveal 8"},
    "check": {"state": GAME, "action": "A5 o11"},
    "legal_moves": {"state": GAME, "figure": "A5"},
    "legal_actions": {"state": WALK},
    "destinations": {"state": GAME},
    "continuations": {"state": GAME, "figure": "A5", "path": ["p11"]},
    "chance_outcomes": {"state": WALK},
    "outcome": {"state": GAME},
    "legal_placements": {"state": PLACING},
    "parse_action": {"text": "A5 p11 o11"},
    "format_action": {"action": {"type": "reveal", "tile": "8"}},
    "position_string": {"state": GAME},
    "parse_position": {"text": ok("position_string", state=GAME), "options": {}},
    "diagram": {"state": GAME},
    "parse_diagram": {"text": ok("diagram", state=GAME)},
    "position": {"players": 2, "figures": {"A5": "d1"}, "moved": EVERYONE, "stones": ["c3"]},
    "to_record": {"start": GAME, "actions": ["A5 p11"], "new_game": True},
    "from_record": {"record": RECORD},
    "replay": {"record": RECORD, "upto": 1},
    "explain": {"state": WALK, "tile": "8"},
    "render_svg": {"state": WALK, "walk": "reveal 8", "title": "t", "caption": ["c"]},
    "choose_move": {"state": GAME, "bot": "greedy", "seed": 3},
    "rule_options": {"options": {"three_hits": True}},
    "board_svg": {"state": GAME, "marks": {"p11": "next"}, "labels": {"p11": "1"}},
    "continuations_board": {
        "state": GAME,
        "figure": "A5",
        "path": ["p11"],
        "marks": {"p11": "path"},
        "labels": {"p11": "1"},
        "mark": "next",
        "picture": False,
    },
    "walk_frames": {"state": GAME, "action": "A5 p11 o11", "frame": 0},
    "walk_frame": {"state": WALK, "tile": "8", "k": 2},
    "compare_readings": {"state": WALK, "tile": "8", "option": "wrap_entry_figure"},
    "readings_that_matter": {"state": WALK, "action": "reveal 8"},
    "panel": {"state": GAME, "players": ["person", "greedy", "random"]},
    "draw_tile": {"state": WALK, "seed": 1},
    "check_tiles": {"record": RECORD, "seed": "ab" * 32, "seed_hash": ""},
}
KEYS = sorted({k for args in ARGUMENTS.values() for k in args})


def test_every_function_has_arguments_to_try_that_pass_the_door() -> None:
    assert sorted(ARGUMENTS) == sorted(FUNCTIONS)
    for name, args in ARGUMENTS.items():
        assert "ok" in ask(name, json.dumps(args)), name


NAMES = st.sampled_from(sorted(FUNCTIONS)) | st.sampled_from(["__init__", "call", "page", ""])


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


@settings(max_examples=fuzz_examples(300), deadline=None)
@given(calls())
def test_any_call_is_answered_or_refused_in_one_line(generated: tuple[str, str]) -> None:
    name, text = generated
    answer = ask(name, text)
    if "error" not in answer:
        event("answered")
        return
    event("refused")
    error = answer["error"]
    assert set(error) == {"kind", "message", "rule", "field"}, error
    assert error["kind"] != "InternalError", (name, text, error)
    assert error["rule"] == "" or error["rule"] in RULE_IDS, error
    assert "\n" not in error["message"] and len(error["message"]) <= 500, error
