"""``fearsome-rules explain``: the monster's walk step by step, each line citing rule ids.

The expectations are the hand traces of the spec and of the conformance cases (the comments of
``conformance/cases/rulebook-examples.yaml``), not the explainer's own output. Every error of
the command is one line on stderr and exit status 2.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import monster_position

from fearsome_rules.cli import main
from fearsome_rules.core.actions import Reveal
from fearsome_rules.core.rules import RULE_IDS
from fearsome_rules.tools import conformance as cf
from fearsome_rules.tools import explain, question

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "conformance" / "cases"
EXAMPLES = CASES / "rulebook-examples.yaml"
QUESTION = ROOT / "docs" / "questions" / "across-the-pool.yaml"
SUITE = cf.load([CASES])
REVEAL_CASES = [
    c
    for c in SUITE.cases
    if any(s.do and s.do.startswith("reveal") and not s.error for s in c.steps)
]


def explained(case_id: str, **options: str) -> explain.Explanation:
    q = question.load(EXAMPLES, case_id, options)
    assert q.tile is not None
    return explain.explain(q.state, q.tile)


def labels(step: explain.StepExplanation) -> list[str]:
    return [line.label for line in step.lines]


def texts(step: explain.StepExplanation) -> str:
    return "\n".join(line.render() for line in step.lines)


# --- the rulebook's monster example, card 8 ---------------------------------------------------


@pytest.mark.rules(
    "MON-STEP", "MON-SIGHT-DIRS", "MON-SIGHT-BLOCK", "MON-DISTANCE", "MON-CHOOSE", "MON-SLIDE",
    "MON-EAT", "MON-PUSH", "MON-PUSH-OFF", "MON-EATEN", "MON-TILE",
)  # fmt: skip
def test_card_8_example_step_by_step() -> None:
    # The trace in rulebook-examples.yaml (rulebook-monster-example-card-8).
    x = explained("rulebook-monster-example-card-8")
    assert [s.end for s in x.steps] == ["f5", "f6", "d6", "c6", "b6", "a6", "a5", "a4"]
    s1, s2, s3, s4, s5, s6, s7, s8 = x.steps
    # 1: ahead e4~ d4 c4 b4 a4 -; left (S) f5..f9 = A@5; right f3 f2 f1 -. B on g4 is behind.
    ahead, left, right = s1.look.sights
    assert (ahead.direction, ahead.figure, ahead.blocker, ahead.blocker_at) == (
        "W",
        "",
        "wall",
        "X",
    )
    assert ahead.squares == ("e4~", "d4", "c4", "b4", "a4")
    assert (left.direction, left.figure, left.distance) == ("S", "A1", 5)
    assert (right.direction, right.figure, right.blocker_at) == ("N", "", "F")
    assert s1.look.behind is not None and s1.look.behind.figure == "B1"
    assert s1.look.chosen == "S" and "turns left to face S" in s1.look.decision.text
    assert labels(s1) == ["move"]
    # 2: ahead A@4; left g5 then the stone h5; right e5~ .. a5 = G (C3) @5. Keep S.
    assert s2.look.sights[0].seen == "A1@4"
    assert s2.look.sights[1].blocker == "stone" and s2.look.sights[1].blocker_at == "h5"
    assert s2.look.sights[2].seen == "C3@5"
    assert s2.look.chosen == "S"
    # 3: C (C1) at 2 across the pool square e6: turn W, slide over e6, eat C on d6.
    assert s3.look.sights[2].seen == "C1@2" and s3.look.sights[2].squares == ("e6~", "d6")
    assert s3.look.chosen == "W"
    assert labels(s3) == ["move", "eat", "slide"]
    assert "MON-SLIDE" in s3.lines[0].rules
    assert s3.lines[1].rules[0] == "MON-EAT" and "eats C1 on d6" in s3.lines[1].text
    assert s3.hits == ("C1",)
    # 4: a tie of E (A3) and D (D1) at 3: keep W; push the line c6 b6 (stone, F = B3).
    assert s4.look.tie and s4.look.chosen == "W"
    assert "a tie" in s4.look.decision.text
    assert "pushes B3 from b6 to a6" in texts(s4)
    assert "pushes the stone on c6 to b6" in texts(s4)
    # 5: F (B3) is pushed over wall V: eaten; the stone goes to a6.
    eat5 = next(line for line in s5.lines if line.label == "eat")
    assert "B3 on a6 is pushed off the board (wall V)" in eat5.text
    assert "MON-PUSH-OFF" in eat5.rules
    # 6: the stone is pushed off and removed.
    assert any("MON-PUSH-OFF" in line.rules and "removed" in line.text for line in s6.lines)
    # 7: G (C3) right at 1: turn N, eat.
    assert s7.look.sights[2].seen == "C3@1" and s7.look.chosen == "N"
    assert s7.hits == ("C3",)
    # 8: nothing seen; the final look turns E towards B (B1) at 6.
    assert s8.look.decision.text.startswith("sees no figure")
    assert x.final_look.sights[2].seen == "B1@6" and x.final_look.chosen == "E"
    assert x.trail.hits == ("C1", "B3", "C3")


@pytest.mark.rules("MON-WRAP", "BRD-WRAP", "MON-PUSH-OFF")
def test_bsw_card_10_wall_q() -> None:
    # Step 6 demolishes the stone at wall Q; step 7 walks through Q from n3 to c9.
    q = question.load(EXAMPLES, "bsw-guide-card-10-through-wall-q")
    assert q.tile == "10"
    x = explain.explain(q.state, q.tile)
    s6, s7 = x.steps[5], x.steps[6]
    assert "the stone on n3 is pushed off the board (wall Q) and removed" in texts(s6)
    wall = next(line for line in s7.lines if line.label == "wall")
    assert "through wall Q from n3" in wall.text and "on c9" in wall.text
    assert wall.rules[:2] == ("MON-WRAP", "BRD-WRAP")
    assert x.final_look.chosen == "N" and x.final_look.sights[1].seen == "B4@1"


@pytest.mark.rules("ADV-TELEPORT", "ADV-TELEPORT-SIGHT", "ADV-TURN", "ADV-CRYSTAL", "MON-CHOOSE")
def test_advanced_example_card_8() -> None:
    x = explained("rulebook-advanced-monster-example-card-8")
    s1, _, s3, s4, s5, s6 = x.steps[:6]
    # 1: A seen over the teleporter i5 at 5; the turning stone j8 ahead blocks the view.
    assert s1.look.sights[1].squares == ("i7", "i6", "i5:T1", "i4", "i3")
    assert "ADV-TELEPORT-SIGHT" in s1.look.sights[1].rules
    assert s1.look.sights[0].blocker == "turn_right"
    # 3: a tie of A (ahead) and E (left) at 3; onto T1, at once on m9 facing N.
    assert s3.look.tie
    assert any(line.label == "teleport" and "m9" in line.text for line in s3.lines)
    # 4: D at 1 to the left: turn W and eat.
    assert s4.look.sights[1].seen == "D1@1" and s4.hits == ("D1",)
    # 5: the half-turn stone acts (nothing seen), back onto T2 and out at T1 facing W.
    turn = s5.lines[0]
    assert turn.label == "turn" and "half-turn stone on k9" in turn.text
    assert "ADV-TURN" in turn.rules
    # 6: C seen through the crystal at 2, A at 2: a tie; the crystal and C are pushed.
    assert s6.look.sights[0].squares == ("h5<>", "g5") and "ADV-CRYSTAL" in s6.look.sights[0].rules
    assert s6.look.behind is not None and s6.look.behind.figure == "B1"
    assert "pushes C1 from g5 to f5" in texts(s6)
    assert x.final_look.chosen == "S"


@pytest.mark.rules("MON-DISTANCE", "MON-CHOOSE", "MON-SLIDE", "MON-EAT")
def test_question_file_spec_example() -> None:
    # spec MON-DISTANCE: from k3 facing W, h3 across j3 i3 (3) and k6 (3): a tie; slide, eat.
    q = question.load(QUESTION)
    assert q.tile == "5" and q.title == "across-the-pool"
    x = explain.explain(q.state, q.tile)
    s1 = x.steps[0]
    assert s1.look.sights[0].seen == "A5@3" and s1.look.sights[1].seen == "B4@3"
    assert s1.look.tie and s1.end == "h3" and s1.hits == ("A5",)


@pytest.mark.rules("MON-HITS")
def test_hit_tile_stops_after_the_hit() -> None:
    s = monster_position({"A1": "a4"}, "a1", "S")
    x = explain.explain(s, "1hit")
    assert [st.end for st in x.steps] == ["a2", "a3", "a4"]
    last = x.steps[-1].lines
    assert last[-1].label == "stop" and "MON-HITS" in last[-1].rules
    assert "hit 1 of 1" in last[-2].text


@pytest.mark.rules("MON-SLIDE-OCCUPIED")
@pytest.mark.parametrize(
    ("value", "label", "words"),
    [("push", "push", "is pushed, not eaten"), ("eat", "eat", "lying on the pool in its slide")],
)
def test_slide_option_is_named(value: str, label: str, words: str) -> None:
    q = question.load(CASES / "monster-pools.yaml", "monster-slide-figure-on-pool-push",
                      {"monster_slide_figure": value})  # fmt: skip
    assert q.tile is not None
    line = next(
        x
        for x in explain.explain(q.state, q.tile).steps[0].lines
        if "MON-SLIDE-OCCUPIED" in x.rules
    )
    assert line.label == label and words in line.text
    assert line.option == f"monster_slide_figure={value}"


@pytest.mark.rules("MON-WRAP-OCCUPIED")
def test_wrap_entry_push_is_named() -> None:
    q = question.load(CASES / "monster-wrap.yaml", "monster-wrap-entry-figure-push")
    assert q.tile is not None
    lines = explain.explain(q.state, q.tile).steps[0].lines
    push = next(x for x in lines if x.label == "push")
    assert "re-entry square is pushed inward" in push.text
    assert push.option == "wrap_entry_figure=push"


@pytest.mark.rules("ADV-TURN-TIE", "ADV-TURN-CHAIN", "ADV-TURN-WALL", "ADV-TURN-POOL")
@pytest.mark.parametrize(
    ("case", "rule", "label"),
    [
        ("adv-turn-tie-push", "ADV-TURN-TIE", "push"),
        ("adv-turn-tie-turn", "ADV-TURN-TIE", "turn"),
        ("adv-turn-chain-turn-again", "ADV-TURN-CHAIN", "turn"),
        ("adv-turn-chain-push", "ADV-TURN-CHAIN", "push"),
        ("adv-turn-wall-turn-first", "ADV-TURN-WALL", "turn"),
        ("adv-turn-wall-push", "ADV-TURN-WALL", "push"),
        ("adv-turn-pool-turn", "ADV-TURN-POOL", "turn"),
        ("adv-turn-pool-push", "ADV-TURN-POOL", "push"),
    ],
)
def test_turning_stone_readings_are_named(case: str, rule: str, label: str) -> None:
    q = question.load(CASES / "advanced-tiles.yaml", case)
    assert q.tile is not None
    lines = explain.explain(q.state, q.tile).steps[0].lines
    line = next(x for x in lines if rule in x.rules)
    assert line.label == label
    option = {
        "ADV-TURN-TIE": "turn_stone_tie",
        "ADV-TURN-CHAIN": "turn_stone_chain",
        "ADV-TURN-WALL": "turn_stone_beyond_wall",
        "ADV-TURN-POOL": "turn_stone_on_pool",
    }[rule]
    value = q.state.options.changed().get(option, getattr(q.state.options, option))
    assert f"{option}={value}" in line.option


@pytest.mark.parametrize("case", REVEAL_CASES, ids=[c.id for c in REVEAL_CASES])
def test_explanation_agrees_with_the_engine(case: cf.Case) -> None:
    # explain() checks every look it works out against the engine's MonsterLooked event and
    # raises ExplainError if they differ; the steps must be the engine's monster path.
    q = question.from_case(case)
    assert isinstance(q.action, Reveal)
    x = explain.explain(q.state, q.action.tile)
    assert tuple(s.end for s in x.steps) == x.trail.path
    for line in (*x.header, *(ln for s in x.steps for ln in (*s.look.lines(), *s.lines)), *x.after):
        assert set(line.rules) <= RULE_IDS, line


# --- comparing readings -----------------------------------------------------------------------


@pytest.mark.rules("MON-SLIDE-OCCUPIED")
def test_compare_names_the_first_difference() -> None:
    path = CASES / "monster-pools.yaml"

    def ask(opts: dict[str, str]) -> tuple[object, str]:
        q = question.load(path, "monster-slide-figure-on-pool-push", opts)
        assert q.tile is not None
        return q.state, q.tile

    c = explain.compare(ask, "monster_slide_figure")  # type: ignore[arg-type]
    assert [r.value for r in c.readings] == ["push", "eat"]
    assert c.readings[0].default and not c.readings[1].default
    assert c.first_difference == 1
    assert any(d.startswith("monster:") for d in c.differences)
    assert any(d.startswith("B1:") for d in c.differences)
    text = c.text()
    assert "== monster_slide_figure=push (default) ==" in text
    assert "they differ from step 1" in text


def test_compare_an_option_that_does_not_matter(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", str(QUESTION), "--compare", "reentry"]) == 0
    out = capsys.readouterr().out
    assert "the readings agree step by step: reentry does not change this walk" in out


# --- the command line -------------------------------------------------------------------------


def test_cli_explains_a_question_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", str(QUESTION)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("across-the-pool (")
    assert "Step 1: on k3 facing W" in out
    assert "a tie, so it keeps facing W" in out
    assert "[MON-CHOOSE]" in out and "Final look: on d3 facing W" in out


def test_cli_explains_a_case_with_another_tile(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["explain", str(EXAMPLES), "--case", "rulebook-monster-example-card-8", "--tile", "7"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "7: the monster takes exactly 7 steps" in out and "Step 8" not in out


def test_cli_option_changes_the_reading(capsys: pytest.CaptureFixture[str]) -> None:
    args = [
        "explain",
        str(CASES / "monster-pools.yaml"),
        "--case",
        "monster-slide-figure-on-pool-push",
        "--option",
        "monster_slide_figure=eat",
    ]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "reading: monster_slide_figure=eat" in out
    assert "(option monster_slide_figure=eat)" in out


def test_cli_position_string(capsys: pytest.CaptureFixture[str]) -> None:
    q = question.load(QUESTION)
    from fearsome_rules.formats.position_string import position_string

    assert main(["explain", "--position", position_string(q.state), "--tile", "5"]) == 0
    assert "Step 5: on e3 facing W" in capsys.readouterr().out


def write(tmp_path: Path, text: str, name: str = "q.yaml") -> str:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return str(p)


GOOD = """\
position:
  players: 4
  deck_left: [5, 7, 8, 8, 10, 1hit, 2hits]
  monster: k3
  facing: W
  figures: {A5: h3, B4: k6}
tile: 5
"""


def error_of(capsys: pytest.CaptureFixture[str], args: list[str]) -> str:
    assert main(args) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    err = captured.err
    assert err.endswith("\n") and err.count("\n") == 1, err  # exactly one line
    assert "Traceback" not in err
    return err


@pytest.mark.parametrize(
    ("text", "args", "expected"),
    [
        (None, ["explain", "no/such/file.yaml"], "no/such/file.yaml: no such file"),
        (GOOD.replace("k3", "q3"), [], ":4:12: position.monster: 'q3' is not a square name"),
        (GOOD.replace("k3", "p1"), [], ":4:12: bad square 'p1'"),
        (GOOD.replace("tile: 5", "tile: [5"), [], "q.yaml:8:1: YAML:"),
        (GOOD.replace("  facing: W\n", "  facing: W\n  facing: E\n"), [], ":6:3: YAML: duplicate"),
        (GOOD + "colour: red\n", [], "q.yaml:8:1: the file: unknown key 'colour'"),
        (GOOD, ["--option", "monster_slide=eat"], "unknown option 'monster_slide'"),
        (GOOD, ["--option", "monster_slide_figure=bite"], "'bite' is not one of push, eat"),
        (GOOD, ["--option", "monster_slide_figure"], "write NAME=VALUE"),
        (GOOD.replace("tile: 5\n", ""), [], "no monster walk to explain: give --tile T"),
        (GOOD.replace("tile: 5", "tile: 3hits"), [], ":7:7: tile 3hits: [DECK-REVEAL]"),
        (GOOD, ["--tile", "9"], "--tile 9: '9' is not a monster tile"),
        (GOOD, ["--tile", "3hits"], "--tile 3hits: [DECK-REVEAL]"),
        (GOOD, ["--compare", "colour"], "--compare 'colour': unknown option"),
        (GOOD, ["--case", "x"], "this is a question file, not a case file"),
        (GOOD.replace("A5: h3", "A5: k3"), [], ":6:17: impossible position: [FIG-MONSTER]"),
        ("- 1\n- 2\n", [], ":1:1: neither a question file"),
        (GOOD.replace("  players: 4\n", "  players: 4\n  moved: []\n"), [], "monster phase"),
    ],
)
def test_cli_errors_are_one_line(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    text: str | None,
    args: list[str],
    expected: str,
) -> None:
    cmd = args if text is None else ["explain", write(tmp_path, text), *args]
    err = error_of(capsys, cmd)
    assert err.startswith("fearsome-rules: ")
    assert expected in err, err


def test_cli_case_file_errors(capsys: pytest.CaptureFixture[str]) -> None:
    err = error_of(capsys, ["explain", str(EXAMPLES)])
    assert "10 cases; pick one with --case (rulebook-movement-1-push-then-turn-right," in err
    err = error_of(capsys, ["explain", str(EXAMPLES), "--case", "no-such-case"])
    assert "no case 'no-such-case'; the cases are rulebook-movement-1" in err
    err = error_of(
        capsys, ["explain", str(EXAMPLES), "--case", "rulebook-movement-2-through-two-figures"]
    )
    assert "no monster walk to explain: give --tile T" in err
    err = error_of(capsys, ["explain", str(CASES)])
    assert "is a folder" in err


def test_cli_broken_case_file_names_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = EXAMPLES.read_text(encoding="utf-8").replace("monster: f4", "monster: f44", 1)
    err = error_of(capsys, ["explain", write(tmp_path, text, "cases.yaml"), "--case", "x"])
    line = text[: text.index("monster: f44")].count("\n") + 1
    assert f"cases.yaml:{line}:" in err


def test_cli_needs_a_file(capsys: pytest.CaptureFixture[str]) -> None:
    err = error_of(capsys, ["explain"])
    assert "give a FILE" in err
    err = error_of(capsys, ["explain", "--position", "players=9"])
    assert "--position:" in err


def test_question_file_with_a_position_string_and_options(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from fearsome_rules.formats.position_string import position_string

    line = position_string(question.load(QUESTION).state)
    text = f"position: '{line}'\ntile: 5\noptions: {{monster_slide_figure: eat}}\n"
    assert main(["explain", write(tmp_path, text)]) == 0
    out = capsys.readouterr().out
    assert "reading: monster_slide_figure=eat" in out and "Step 5: on e3 facing W" in out
    err = error_of(capsys, ["explain", write(tmp_path, "position: 'players=4'\n")])
    assert "q.yaml:1:11: missing field(s)" in err


def test_question_file_with_a_figure_move(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = "position: {players: 3}\nmove: A5 p11 p10 o10\n"
    q = question.load(write(tmp_path, text))
    assert str(q.action) == "A5 p11 p10 o10"
    err = error_of(capsys, ["explain", write(tmp_path, text)])
    assert "no monster walk to explain" in err
    err = error_of(capsys, ["explain", write(tmp_path, text.replace("p10 o10", "a5"))])
    assert "q.yaml:2:7: move A5 p11 a5: [" in err
    err = error_of(capsys, ["explain", write(tmp_path, text + "tile: 5\n")])
    assert "give a tile:, a move:, or steps: and hits:, one of them" in err


def test_round_one_hint(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = "position: {players: 4, figures: {A1: c5, A3: c6, A4: c7}}\ntile: 5\n"
    err = error_of(capsys, ["explain", write(tmp_path, text)])
    assert "[RND-FIRST]" in err and "for a later round give deck_left" in err


def test_the_worked_example_in_the_docs_is_real_output(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # docs/explain-and-render.md pastes the command's output; it must still be what it prints.
    monkeypatch.chdir(ROOT)
    doc = (ROOT / "docs" / "explain-and-render.md").read_text(encoding="utf-8")
    cmd = "$ fearsome-rules explain docs/questions/across-the-pool.yaml\n"
    pasted = doc[doc.index(cmd) + len(cmd) :].split("\n```", 1)[0]
    assert main(["explain", "docs/questions/across-the-pool.yaml"]) == 0
    assert capsys.readouterr().out.rstrip("\n") == pasted
