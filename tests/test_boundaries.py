"""Issue 19: every boundary answers in one short line. The rows of the issue that the format,
file and command-line tests (tests/formats/test_bad_input.py, test_safe_input.py,
tests/cli/test_cli_bad_input.py, tests/tools/test_bad_files.py) and the wrong-type contract
(tests/test_public_types.py) do not already hold, each as the issue reported it."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import ANY_CHARACTER, fuzz_examples

import fearsome_rules as fr
from fearsome_rules.cli import main
from fearsome_rules.tools import lab
from fearsome_rules.tools.question import QuestionError
from fearsome_rules.tools.question import load as load_question
from fearsome_rules.tools.render import render_html, render_svg

ROOT = Path(__file__).resolve().parents[1]


def one_line(error: BaseException, most: int = 300) -> str:
    text = str(error)
    assert "\n" not in text and len(text) <= most, text
    return text


# --- crashes and lost work -------------------------------------------------------------------


@pytest.mark.parametrize("command", ["explain", "render", "conform"])
def test_a_position_string_given_as_a_file_says_no_such_file(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    text = fr.position_string(fr.new_game(4))  # 338 characters: too long for a file name
    assert main([command, text]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "Traceback" not in err
    assert "no such file" in err
    hint = "(conform reads case files" if command == "conform" else "use --position"
    assert hint in err


@pytest.mark.parametrize(
    ("figure", "path"),
    [("A5", None), ("A5", {"p11": 1}), (["A5"], ()), ("A5", ("p11", ["p10"])), (5, ())],
)
def test_a_move_of_wrong_types_is_a_notation_error(figure: object, path: object) -> None:
    with pytest.raises(fr.NotationError) as caught:
        fr.FigureMove(figure, path)
    assert isinstance(caught.value, TypeError)
    one_line(caught.value)


# --- accepted, then unreadable or wrong ------------------------------------------------------


@pytest.mark.parametrize(
    "kwargs",
    [
        {"figures": {"A1": "f6"}, "faces": {"A1": True}, "moved": ["A1"]},
        {"stage": True},
        {"stage": 1.0},
        {"faces": {"A5": 2.0}},
    ],
)
def test_a_bool_or_a_float_is_never_a_number(kwargs: dict[str, Any]) -> None:
    with pytest.raises(fr.SetupError, match="expected a whole number"):
        fr.position(2, **kwargs)


@pytest.mark.parametrize(
    ("change", "place"),
    [
        (lambda d: d["pools"].append(d["pools"][0]), r"\$\.pools\[8\]: 'i3' twice"),
        (
            lambda d: d["teleporters"].append(dict(d["teleporters"][0], pair=2)),
            r"\$\.teleporters\[2\]\.square: 'c2' twice",
        ),
    ],
    ids=["pools", "teleporters"],
)
def test_state_json_with_a_square_listed_twice_is_damaged(change: Any, place: str) -> None:
    state = fr.position(
        2, setup="advanced", stones=[], teleporters=["c2:1:N", "l5:1:S"], pools=fr_basic_pools()
    )
    doc: dict[str, Any] = json.loads(json.dumps(fr.state_to_json(state)))
    change(doc)
    with pytest.raises(fr.RecordError, match=place) as caught:
        fr.state_from_json(doc)
    one_line(caught.value)


def fr_basic_pools() -> list[str]:
    return ["i3", "j3", "i4", "j4", "e9", "f9", "g9", "h9"]


@pytest.mark.parametrize("field", ["pools", "stones", "crystals", "moved"])
def test_the_builder_refuses_a_name_given_twice(field: str) -> None:
    values = {"pools": ["i3", "i3"], "stones": ["c3", "C3"], "crystals": ["c3", "c3"]}
    kwargs: dict[str, Any] = {field: values.get(field, ["A5", "A5"])}
    if field == "moved":
        kwargs["figures"] = {"A5": "f6"}
    with pytest.raises(fr.SetupError, match=f"{field}: .* is given twice"):
        fr.position(4, **kwargs)


CONTROL = "a\x01b\x1bc\ud800d\ufffee\x7f"


def test_control_characters_never_reach_svg_or_html() -> None:
    state = fr.new_game(2)
    svg = render_svg(state, title=CONTROL, caption=[CONTROL])
    ET.fromstring(svg)  # well-formed XML 1.0
    assert "a\\x01b\\x1bc\\ud800d\\ufffee\\x7f" in svg
    page = render_html(state, title=CONTROL)
    assert not any(c in page for c in "\x01\x1b\ud800\ufffe\x7f")


@settings(max_examples=fuzz_examples(40), deadline=None)
@given(title=st.text(ANY_CHARACTER, max_size=40), caption=st.text(ANY_CHARACTER, max_size=20))
def test_any_title_gives_well_formed_svg(title: str, caption: str) -> None:
    ET.fromstring(render_svg(fr.new_game(2), title=title, caption=[caption]))


def test_every_svg_of_the_docs_is_well_formed_xml() -> None:
    pictures = sorted((ROOT / "docs" / "img").glob("*.svg"))
    assert len(pictures) > 20
    for picture in pictures:
        ET.parse(picture)


def test_a_question_file_with_a_control_character_is_refused_and_nothing_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    question = (ROOT / "docs" / "questions" / "across-the-pool.yaml").read_text("utf-8")
    bad = tmp_path / "q.yaml"
    bad.write_text(question.replace("description: ", 'description: "a\\x01b" # ', 1), "utf-8")
    out = tmp_path / "q.svg"
    assert main(["render", str(bad), "--format", "svg", "-o", str(out)]) == 2
    assert "(U+0001)" in capsys.readouterr().err
    assert not out.exists()


PRINTED_STONES = ["c3", "m4", "h5", "i6", "n6", "g7", "e8", "m8", "o9", "f10", "i10"]
CUSTOM = {
    "one stone": {"stones": ["f6"]},
    "twelve stones": {"stones": [*PRINTED_STONES, "b2"]},
    "pools elsewhere": {"pools": ["b2", "c2", "b3", "c3"], "stones": ["f6"]},
    "no pools": {"pools": []},
}


@pytest.mark.rules("BRD-LAYOUT")
@pytest.mark.parametrize("layout", list(CUSTOM.values()), ids=list(CUSTOM))
def test_a_custom_basic_layout_round_trips_and_says_so(layout: dict[str, Any]) -> None:
    state = fr.position(4, **layout)
    assert state.setup == "basic" and state.custom_layout
    assert fr.parse_position(fr.position_string(state)) == state
    assert fr.parse_diagram(fr.diagram(state)) == state
    assert fr.state_from_json(json.dumps(fr.state_to_json(state))) == state
    record = fr.GameRecord.of(state, [])
    assert fr.GameRecord.from_json(record.dumps()).replay() == state


@pytest.mark.rules("BRD-LAYOUT")
def test_the_printed_layout_is_not_custom() -> None:
    assert not fr.new_game(4).custom_layout and not fr.position(4).custom_layout
    assert not fr.new_game(4, setup="advanced").custom_layout  # placed by the players
    moved = fr.position(4, stones=["c4"], figures={"A5": "c3"}, moved=["A5"], round=1)
    assert not moved.custom_layout  # a push may have moved c3's stone: no position can tell
    assert fr.position(4, stones=["c4"]).custom_layout  # nobody has moved: it is custom


# --- bounded cost on the command line ---------------------------------------------------------


def test_perft_refuses_a_depth_that_cannot_finish(capsys: pytest.CaptureFixture[str]) -> None:
    start = fr.position_string(fr.new_game(4, setup="advanced"))
    assert main(["perft", "--position", start, "--depth", "2"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1
    assert "--depth 2: about 4,592,449 states" in err and "--limit" in err
    assert main(["perft", "--position", start, "--depth", "1"]) == 0
    assert capsys.readouterr().out == "depth 1: 2143 paths, 2143 states\n"


def test_perft_help_says_how_the_placement_phase_branches(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        main(["perft", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "placement phase" in text and "about 2,000 at depth 1" in text


# --- messages --------------------------------------------------------------------------------


def test_messages_quote_at_most_80_characters_of_the_input() -> None:
    with pytest.raises(fr.NotationError) as notation:
        fr.parse_position("x" * 10**6)
    one_line(notation.value, 200)
    doc = fr.state_to_json(fr.new_game(2))
    doc["key\nwith a newline"] = 1
    with pytest.raises(fr.RecordError) as key:
        fr.state_from_json(doc)
    assert "'key\\nwith a newline'" in one_line(key.value)
    doc = fr.state_to_json(fr.new_game(2))
    doc["format"] = "x" * 10**6
    with pytest.raises(fr.RecordError) as big:
        fr.state_from_json(doc)
    assert "expected 'fearsome-rules/state'" in one_line(big.value)  # not "unknown error"


def test_a_bad_action_of_a_record_is_quoted_once_and_short() -> None:
    bad = "A5 " + "p11 " * 200
    with pytest.raises(fr.RecordError) as caught:
        fr.GameRecord(players=2, actions=(bad,)).replay()
    text = one_line(caught.value, 200)
    assert text.startswith("action 1 ('A5 p11 p11")


# --- issue 35: the older boundaries, the last three ----------------------------------------------

LONG = 1000


def lengthened(text: str) -> list[str]:
    """``text`` with each of its words in turn made 1,000 characters long (its last character
    repeated): a long square name, figure name, face, option, tile, status word."""
    out = []
    for m in re.finditer(r"[^\s:,()=;*]+", text):
        word = m.group() + m.group()[-1] * LONG
        out.append(text[: m.start()] + word + text[m.end() :])
    return out


def quoted_short(error: BaseException) -> None:
    """One line that quotes no more than about 80 characters of the input: no run of 100 of
    one character (the lengthened word), whatever else it lists (the options, say)."""
    text = one_line(error, 500)
    assert re.search(r"(.)\1{99}", text) is None, text


def test_a_diagram_quotes_at_most_80_characters_of_any_word() -> None:
    """Once, ``A5:f666...`` of 1,000 characters was quoted whole (a message of 1,002)."""
    state = fr.position(4, figures={"A5": "f6", "B3": "waiting"}, moved=["A5"])
    spoilt = lengthened(fr.diagram(state))
    assert len(spoilt) > 100
    refused = 0
    for text in spoilt:
        try:
            fr.parse_diagram(text)  # "BBB...B to move": the turn is read from the position
        except fr.NotationError as e:
            quoted_short(e)
            refused += 1
    assert refused >= len(spoilt) - 3
    with pytest.raises(fr.NotationError, match=r"not 'f6666.*\.\.\. \(1,002 characters\)"):
        fr.parse_diagram(fr.diagram(state).replace("A5:f6", "A5:f6" + "6" * LONG))


def test_a_position_string_quotes_at_most_80_characters_of_any_word() -> None:
    state = fr.position(
        4, figures={"A5": "f6"}, moved=["A5"], options=fr.RuleOptions(reentry="mandatory")
    )
    for text in lengthened(fr.position_string(state)):
        with pytest.raises(fr.NotationError) as caught:
            fr.parse_position(text)
        quoted_short(caught.value)


def test_a_question_file_quotes_at_most_80_characters_of_a_long_key(tmp_path: Path) -> None:
    """Once, a figure name of 1,000 characters was quoted whole by the schema's message."""
    question = (ROOT / "docs" / "questions" / "across-the-pool.yaml").read_text("utf-8")
    path = tmp_path / "q.yaml"
    for old, new in [("A5: h3", "A" * LONG + ": h3"), ("monster: k3", "monster: " + "k" * LONG)]:
        assert old in question
        path.write_text(question.replace(old, new), "utf-8")
        with pytest.raises(QuestionError) as caught:
            load_question(str(path))
        assert "(1,000 characters)" in one_line(caught.value, 250)


@pytest.mark.parametrize("label", ["\ud800", "A\udcff", "\x1b[2J", "\x00", "\u2028"])
def test_the_lab_refuses_a_label_no_answer_could_print(label: str) -> None:
    """Once, ``lab.walk(figures={"\\ud800": "n8"})`` answered, and its answer could not be
    written as UTF-8."""
    with pytest.raises(lab.LabError) as caught:
        lab.walk(figures={label: "n8", "B": "c3"}, monster="n6", facing="S", steps=3)
    assert "a label" in one_line(caught.value)
    with pytest.raises(lab.LabError):
        lab.move(label, 3, "n7", figures={label: "n8"})


@settings(max_examples=fuzz_examples(60), deadline=None)
@given(st.text(ANY_CHARACTER, min_size=1, max_size=8))
def test_any_label_is_answered_in_utf8_or_refused(label: str) -> None:
    try:
        answer = lab.walk(figures={label: "n8"}, monster="n6", facing="S", steps=2)
    except lab.LabError as e:
        one_line(e)
        return
    assert answer.where[label] == "eaten"
    str(answer).encode("utf-8")
    answer.explained().encode("utf-8")


@pytest.mark.parametrize("surrogate", ["\ud800", "\udcff"])
def test_position_text_that_is_not_unicode_is_refused_wherever_it_is(surrogate: str) -> None:
    """A lone surrogate anywhere in a diagram (its status line, a row's margin) was read past."""
    state = fr.position(4, figures={"A5": "f6"}, moved=["A5"])
    for text, parse in [
        (fr.diagram(state), fr.parse_diagram),
        (fr.position_string(state), fr.parse_position),
    ]:
        for at in range(0, len(text) + 1, 7):
            with pytest.raises(fr.NotationError, match=r"lone surrogate .* not Unicode text"):
                parse(text[:at] + surrogate + text[at:])
