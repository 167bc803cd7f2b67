"""The npm package's Python side answering a page's boards: their JSON written from the parts
kept drawn (the picture, the unmarked squares) reads back to the board itself, and a walk's
frames come with the first one's picture when asked. The package's own tests (js/test) call the
same functions through Pyodide."""

from __future__ import annotations

import json

from fearsome_rules.core.actions import FigureMove
from fearsome_rules.core.game import new_game
from fearsome_rules.tools.js_bridge import call
from fearsome_rules.tools.js_bridge.board import clickable_svg
from fearsome_rules.tools.js_bridge.door import Encoded, dumps
from fearsome_rules.tools.js_bridge.walk import WalkView


def _ok(name: str, **args: object) -> object:
    answer = json.loads(call(name, json.dumps(args)))
    assert "ok" in answer, answer
    return answer["ok"]


def test_a_boards_json_reads_back_to_the_board_with_its_marks_and_labels() -> None:
    state = new_game(2)
    doc = _ok("new_game", players=2)
    marks = {"p11": "path", "d1": "mine", "out": "next"}
    labels = {"p11": 'é<&"1'}  # escaped twice: in the SVG (XML), then in the JSON
    answer = _ok(
        "continuations_board", state=doc, figure="A5", path=["p11"], marks=marks, labels=labels
    )
    assert isinstance(answer, dict)
    assert answer["next"] == [
        "p10",
        "o11",
    ]  # FIG-STEP from p11: north and west (checked on the board)
    svg = answer["svg"]
    assert svg == str(clickable_svg(state, {**marks, "p10": "next", "o11": "next"}, labels))
    assert '<rect class="sq path" data-square="p11"' in svg
    assert ">é&lt;&amp;&quot;1</text>" in svg
    assert '<rect class="sq next" data-square="out"' in svg
    assert _ok("board_svg", state=doc, marks=marks, labels=labels) == str(
        clickable_svg(state, marks, labels)
    )


def test_an_encoded_answer_is_the_json_of_its_text() -> None:
    text = 'a "quoted" é\n<line>\\'
    value = Encoded.of(
        [text[:5], text[5:]], [json.dumps(text[:5])[1:-1], json.dumps(text[5:])[1:-1]]
    )
    assert value == text and value.json == json.dumps(text)
    for answer in ({"ok": value}, {"ok": {"next": ["\x00svg"], "svg": value, "n": 1}}):
        plain = json.dumps(answer, separators=(",", ":"))  # a str subclass: written as a str
        assert dumps(answer) == plain


def test_a_walks_frames_come_with_the_picture_of_the_frame_asked_for() -> None:
    doc = _ok("new_game", players=2)
    plain = _ok("walk_frames", state=doc, action="A5 p11 o11")
    first = _ok("walk_frames", state=doc, action="A5 p11 o11", frame=0)
    assert isinstance(plain, dict) and isinstance(first, dict)
    assert "svg" not in plain
    assert first.pop("svg") == _ok("walk_frame", state=doc, action="A5 p11 o11", k=0)
    assert first == plain
    assert first["frames"][0]["label"] == "before the move"
    assert len(WalkView(new_game(2), FigureMove("A5", ("p11", "o11")))) == 3  # before, p11, o11
    refused = json.loads(
        call("walk_frames", json.dumps({"state": doc, "action": "A5 p11", "frame": 2}))
    )
    assert refused["error"]["kind"] == "BridgeError"
    assert refused["error"]["message"].startswith("walk_frames(frame): 2 is not between 0 and 1")
