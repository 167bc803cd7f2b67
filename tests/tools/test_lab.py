"""The rules lab: the rulebook's worked examples and the designer's answers asked in a few lines,
with labels, no game bookkeeping. Every expectation is the rulebook's (or the FAQ's) text, worked
out by hand in tests/core/test_rulebook_examples.py and conformance/cases/faq.yaml for the same
positions."""

from __future__ import annotations

from pathlib import Path

import pytest

import fearsome_rules as fr
from fearsome_rules.cli import main
from fearsome_rules.core import events as ev
from fearsome_rules.core.walks import Walk
from fearsome_rules.tools import lab, question
from fearsome_rules.tools.explain import explain
from fearsome_rules.tools.trail import trail

POOLS = ["i3", "j3", "i4", "j4", "e9", "f9", "g9", "h9"]
STONES = ["c3", "m4", "h5", "i6", "n6", "g7", "e8", "m8", "o9", "f10", "i10"]

# The monster example (card 8): see tests/core/test_rulebook_examples.py for the working back.
EXAMPLE = {"A": "f9", "B": "g4", "C": "d6", "D": "d3", "E": "d9", "F": "b6", "G": "a5", "H": "e7"}
EXAMPLE_STONES = ["c3", "m4", "h5", "i6", "n6", "g7", "e8", "c6", "o9", "f10", "i10"]
EXAMPLE_POOLS = ["i3", "j3", "i4", "j4", "e3", "e4", "e5", "e6"]


def example(figures: dict[str, str], **ask: str | int) -> lab.WalkResult:
    return lab.walk(
        figures=figures,
        monster="f4",
        facing="W",
        board=lab.Board(stones=EXAMPLE_STONES, pools=EXAMPLE_POOLS),
        tile=str(ask["tile"]) if "tile" in ask else None,
        steps=int(ask["steps"]) if "steps" in ask else None,
    )


@pytest.mark.rules("MON-STEP", "MON-CHOOSE", "MON-SLIDE", "MON-PUSH-OFF", "MON-EATEN")
def test_the_monster_example_card_8() -> None:
    walk = example(EXAMPLE, tile="8")
    assert [s.end for s in walk.steps] == ["f5", "f6", "d6", "c6", "b6", "a6", "a5", "a4"]
    # "It sees playing figure A ..., turns to the left": A ahead of its new facing, 5 away.
    assert (walk.steps[0].looked, walk.steps[0].left, walk.steps[0].turned) == (
        "W",
        lab.Sighting("A", 5),
        True,
    )
    # "Now it sees A and G. A is nearer": keeps facing south.
    assert (walk.steps[1].ahead, walk.steps[1].right, walk.steps[1].turned) == (
        lab.Sighting("A", 4),
        lab.Sighting("G", 5),
        False,
    )
    # "Now it can see A and C. C is nearer ... slides across the blood pool and eats C".
    assert walk.steps[2].right == lab.Sighting("C", 2) and walk.steps[2].hits == ("C",)
    # "D and E ... the same distance, so the monster maintains its direction".
    assert (walk.steps[3].left, walk.steps[3].right, walk.steps[3].turned) == (
        lab.Sighting("E", 3),
        lab.Sighting("D", 3),
        False,
    )
    assert walk.eaten == ("C", "F", "G") and walk.pushed_off == ("F",)
    assert walk.removed_stones == ("a6",) and "c6" not in walk.stones
    # "looks a final time and turns to look at B".
    assert (walk.monster, walk.facing) == ("a4", "E")
    assert {k: v for k, v in walk.where.items() if v != "eaten"} == {k: EXAMPLE[k] for k in "ABDEH"}


@pytest.mark.rules("MON-WRAP")
def test_the_monster_example_if_g_were_elsewhere() -> None:
    walk = example({**EXAMPLE, "G": "k11"}, steps=8)
    assert [s.end for s in walk.steps][-3:] == ["a6", "p6", "o6"]
    wraps = [e for e in walk.events if isinstance(e, ev.MonsterWrapped)]
    assert [(e.frm, e.to, e.wall) for e in wraps] == [("a6", "p6", "V")]
    assert walk.eaten == ("C", "F") and walk.where["G"] == "k11"


@pytest.mark.rules("PUSH-ONE", "FIG-FLIP")
def test_the_movement_examples() -> None:
    one = {"4": "h2", "X": "h7"}
    moved = lab.move("4", 4, "h3 h4 h5 g5", figures=one, board=lab.Board.printed())
    assert moved.legal and moved.where == {"4": "g5", "X": "h7"}
    assert "h6" in moved.stones and "h5" not in moved.stones
    refused = lab.move("4", 4, "h3 h4 h5 h6", figures=one, board=lab.Board.printed())
    assert (refused.legal, refused.rule) == (False, "PUSH-ONE")
    assert refused.where == {"4": "h2", "X": "h7"}  # nothing moved
    two = {"5": "b7", "X": "d7", "Y": "f7"}
    assert (
        lab.move("5", 5, "c7 d7 e7 f7 g7", figures=two, board=lab.Board.printed()).where["5"]
        == "g7"
    )
    assert lab.move("5", 5, "c7 d7", figures=two, board=lab.Board.printed()).rule == "FIG-THROUGH"
    stones = sorted(set(STONES) - {"i10"} | {"h10"})
    three = {"5": "k11", "X": "h8", "Y": "d9"}
    moved = lab.move(
        "5", 5, "j11 i11 h11 h10 g10", figures=three, board=lab.Board(stones=stones, pools=POOLS)
    )
    assert moved.legal and "h9" in moved.stones  # the stone stops next to X
    last = lab.move(
        "5", 5, "k10 k9 j9 i9 h9", figures=three, board=lab.Board(stones=stones, pools=POOLS)
    )
    assert last.rule in ("POOL-LAST-POINT", "FIG-THROUGH")


@pytest.mark.rules("POOL-STONE-ON-POOL", "MON-DISTANCE", "FIG-WAITING")
def test_the_designers_answers() -> None:
    # FAQ 1: stopped on the pool by a stone it cannot push: it may end its move there.
    faq1_board = lab.Board(stones=[*STONES, "g9", "h9"], pools=POOLS)
    faq1 = lab.move("X", 1, "e9", figures={"X": "d9"}, board=faq1_board)
    assert faq1.legal and faq1.where == {"X": "f9"}
    # FAQ 2: two squares ahead and two across a pool to the right are a tie: straight on.
    faq2 = lab.walk(
        figures={"X": "d8", "Y": "f10"},
        monster="d10",
        facing="N",
        hits=1,
        board=lab.Board(pools=["e10"]),
    )
    first = faq2.steps[0]
    assert (first.ahead, first.right, first.turned) == (
        lab.Sighting("X", 2),
        lab.Sighting("Y", 2),
        False,
    )
    assert faq2.eaten == ("X",) and faq2.monster == "d8"
    # FAQ 4: a figure outside may stay outside and only be flipped.
    faq4 = lab.move("X", 3, "-", figures={"X": "waiting"})
    assert faq4.legal and faq4.where == {"X": "waiting"}
    flipped = [e for e in faq4.events if isinstance(e, ev.FigureFlipped)]
    assert [e.face for e in flipped] == [4]


def test_stage_two_removes_and_options_apply() -> None:
    figures = {"X": "c6"}
    early = lab.walk(figures=figures, monster="a6", facing="E", steps=2)
    assert early.after.figures[0].place() == "waiting" and early.where["X"] == "eaten"
    late = lab.walk(figures=figures, monster="a6", facing="E", steps=2, stage=2)
    assert late.after.figures[0].place() == "removed" and late.where["X"] == "eaten"
    # A figure lying on the pool the monster slides over: pushed (default) or eaten.
    pools = lab.Board(pools=["c6", "d6", "e6"])
    pushed = lab.walk(figures={"X": "d6"}, monster="b6", facing="E", board=pools, steps=1)
    eat = {"monster_slide_figure": "eat"}
    eaten = lab.walk(
        figures={"X": "d6"}, monster="b6", facing="E", board=pools, steps=1, options=eat
    )
    # Pushed along the pool to its end (f6), still a stone when the monster's slide ends on f6:
    # pushed once more (MON-SLIDE-OCCUPIED; spec/monster.md).
    assert pushed.eaten == () and pushed.where == {"X": "g6"} and pushed.monster == "f6"
    assert eaten.eaten == ("X",) and eaten.monster == "f6"


@pytest.mark.parametrize(
    ("ask", "field", "message"),
    [
        (lambda: lab.walk(monster="a6", facing="E"), "steps", "give steps, hits or a tile"),
        (lambda: lab.walk(monster="a6", facing="E", steps=1, tile="8"), "tile", "not both"),
        (lambda: lab.Board(layout="x"), "layout", "empty"),
        (lambda: lab.Board(stones="c3"), "board", "lists of squares"),
        (lambda: lab.Board(pools=[3]), "pools", "not a square name"),
        (lambda: lab.walk(monster="a6", facing="E", steps=1, stage=3), "stage", "1 or 2"),
        (lambda: lab.walk(figures={"a b": "c6"}, monster="a6", facing="E", steps=1), "figures", ""),
        (lambda: lab.walk(figures={"X": "q9"}, monster="a6", facing="E", steps=1), "figures.X", ""),
        (lambda: lab.walk(figures={"X": "a6"}, monster="a6", facing="E", steps=1), "", "X"),
        (lambda: lab.move("Y", 3, "p11", figures={"X": "waiting"}), "figure", "labels"),
        (lambda: lab.move("X", 7, "p11", figures={"X": "waiting"}), "face", "1 to 6"),
        (lambda: lab.move("X", 3, "p11 q4", figures={"X": "waiting"}), "path", "q4"),
    ],
)
def test_a_question_that_cannot_be_asked_is_a_lab_error(
    ask: object, field: str, message: str
) -> None:
    with pytest.raises(lab.LabError) as caught:
        ask()  # type: ignore[operator]
    assert isinstance(caught.value, fr.SetupError)
    assert caught.value.field.startswith(field) and message in str(caught.value)
    assert "A1" not in str(caught.value) and "\n" not in str(caught.value)


def test_many_figures_take_seven_seats() -> None:
    figures = {
        f"x{k}": f"{c}{r}" for k, (c, r) in enumerate((c, r) for r in (2, 4) for c in "bcdefghijk")
    }
    figures["last"] = "m2"  # 21 figures: 7 seats of 3
    walk = lab.walk(figures=figures, monster="a2", facing="E", steps=1)
    assert walk.steps[0].ahead == lab.Sighting("x0", 1) and walk.eaten == ("x0",)
    with pytest.raises(lab.LabError, match="at most 21"):
        lab.walk(figures={**figures, "extra": "m4"}, monster="a2", facing="E", steps=1)


# --- the same walk behind explain and render -------------------------------------------------

QUESTION = """\
position: {players: 2, figures: {A5: d6, B5: h6}, monster: a6, facing: E, stones: [], pools: []}
steps: 3
"""


def test_a_question_file_asks_for_a_walk_of_any_length(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "q.yaml"
    file.write_text(QUESTION, "utf-8")
    q = question.load(file)
    assert q.action == Walk(3)
    explained = explain(q.state, Walk(3))
    assert [s.end for s in explained.steps] == ["b6", "c6", "d6"]
    assert explained.steps[-1].hits == ("A5",)
    assert main(["explain", str(file)]) == 0
    out = capsys.readouterr().out
    assert "walk 3 steps: the monster takes exactly 3 steps" in out and "eats A5 on d6" in out
    # --hits replaces the file's walk: until 2 hits, A5 on d6 and B5 on h6 (7 steps).
    assert main(["render", str(file), "--hits", "2"]) == 0
    assert "steps: 1:b6  2:c6  3:d6  4:e6  5:f6  6:g6  7:h6" in capsys.readouterr().out


def test_the_lab_walk_and_the_question_walk_are_one_walk(tmp_path: Path) -> None:
    file = tmp_path / "q.yaml"
    file.write_text(QUESTION, "utf-8")
    q = question.load(file)
    asked = lab.walk(figures={"A5": "d6", "B5": "h6"}, monster="a6", facing="E", steps=3)
    assert trail(q.state, Walk(3)).path == tuple(s.end for s in asked.steps)
    assert asked.eaten == ("A5",)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (QUESTION + "tile: 5\n", "give a tile:, a move:, or steps: and hits:"),
        (QUESTION.replace("steps: 3", "steps: 1001"), "1001 is greater than the maximum"),
        (QUESTION.replace("steps: 3", "hits: -1"), "-1 is less than the minimum"),
    ],
)
def test_a_bad_walk_in_a_question_file_is_one_line(tmp_path: Path, text: str, message: str) -> None:
    file = tmp_path / "q.yaml"
    file.write_text(text, "utf-8")
    with pytest.raises(question.QuestionError, match=message) as caught:
        question.load(file)
    assert "\n" not in str(caught.value)


# --- what the answers say --------------------------------------------------------------------


@pytest.mark.rules("ADV-TURN", "ADV-CRYSTAL", "MON-EATEN")
def test_the_answers_name_the_stones_and_the_fate_of_the_eaten() -> None:
    # ADV-TURN 4-5: nobody seen, the right-turn stone directly ahead (h4) turns the monster
    # from N to E, and it moves one square east, onto i5, in the same step.
    turned = lab.walk(
        figures={"X": "p11"},
        monster="h5",
        facing="N",
        steps=1,
        board=lab.Board(turn_right=["h4"]),
    )
    assert str(turned.steps[0]) == (
        "1: looks N from h5, sees nobody; turned E by the right-turn stone on h4; steps to i5"
    )
    # ADV-CRYSTAL 2-3: seen through the crystal, the crystal pushed (X stays, not eaten).
    crystal = lab.walk(
        figures={"X": "h5"}, monster="e5", facing="E", steps=1, board=lab.Board(crystals=["f5"])
    )
    assert "pushes the crystal f5->g5" in str(crystal.steps[0])
    # MON-EATEN: in stage 2 the eaten leave the game; in stage 1 they wait outside again.
    late = lab.walk(figures={"X": "d6"}, monster="a6", facing="E", steps=3, stage=2)
    assert "eaten: X (stage 2: they leave the game, MON-EATEN)" in str(late)
    early = lab.walk(figures={"X": "d6"}, monster="a6", facing="E", steps=3)
    assert "eaten: X (stage 1: they wait outside again, MON-EATEN)" in str(early)


def test_the_walk_explained_with_rule_ids_and_labels() -> None:
    walk = lab.walk(figures={"left": "b4", "right": "b8"}, monster="b6", facing="E", steps=1)
    text = walk.explained()
    assert "walk 1 step: the monster takes exactly 1 step," in text
    assert "left at 2" in text and "right at 2" in text and "[MON-CHOOSE]" in text
    assert "; stage 1\n" in text  # a lab's walk has no round
    assert "A1" not in text and "A3" not in text


@pytest.mark.parametrize(
    ("ask", "field"),
    [
        (lambda: lab.walk(monster="a6", facing="E", tile="9"), "tile"),
        (lambda: lab.walk(monster="a6", facing="E", tile=8), "tile"),  # type: ignore[arg-type]
        (lambda: lab.walk(monster="a6", facing="E", steps=-1), "steps"),
        (lambda: lab.walk(monster="a6", facing="E", hits=40), "hits"),
        (lambda: lab.walk(monster="a6", facing="E", steps=1, options={"x": "y"}), "options"),
        (lambda: lab.walk(monster="a6", facing="E", steps=1, options={"reentry": 1}), "options"),  # type: ignore[dict-item]
    ],
)
def test_every_refusal_of_the_lab_is_a_lab_error(ask: object, field: str) -> None:
    with pytest.raises(lab.LabError) as caught:
        ask()  # type: ignore[operator]
    assert caught.value.field.startswith(field)
