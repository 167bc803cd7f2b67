"""``fearsome-rules render``: text, SVG and HTML pictures of a position and of a walk.

The SVG must be valid XML with the board's shape (156 squares, the 54 lettered wall edges), the
pieces, and the walk as a numbered path; the HTML page must be self-contained with one frame per
step. The pictures of the documentation (``docs/img``) must be the ones the tool makes now.
"""

from __future__ import annotations

import importlib.util
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest
from helpers import monster_position

import fearsome_rules as fr
from fearsome_rules.cli import main
from fearsome_rules.core import board
from fearsome_rules.tools import conformance as cf
from fearsome_rules.tools import question, render
from fearsome_rules.tools.render.canvas import centre, edge
from fearsome_rules.tools.trail import trail

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "conformance" / "cases"
EXAMPLES = CASES / "rulebook-examples.yaml"
QUESTION = ROOT / "docs" / "questions" / "across-the-pool.yaml"
SVG = "{http://www.w3.org/2000/svg}"


def card_8() -> question.Question:
    return question.load(EXAMPLES, "rulebook-monster-example-card-8")


def titles(root: ET.Element) -> list[str]:
    return [t.text or "" for t in root.iter(f"{SVG}title")]


# --- SVG -------------------------------------------------------------------------------------


@pytest.mark.rules("BRD-SQUARES", "BRD-WALLS", "BRD-LAYOUT")
def test_svg_of_a_position_is_valid_xml_with_the_board() -> None:
    s = fr.new_game(4, 0)
    root = ET.fromstring(render.render_svg(s))
    assert root.tag == f"{SVG}svg"
    # The floor: one path of 156 squares (the cut corners are not drawn).
    floor = next(p for p in root.iter(f"{SVG}path") if p.get("fill") == "#f3ead7")
    assert floor.get("d", "").count("z") == 156 - 8  # the pools are drawn on their own
    # Every lettered wall edge carries its letter: 54 edges, 27 marks twice each.
    letters = [
        t.text
        for g in root.iter(f"{SVG}g")
        if g.get("font-size") == "10"
        for t in g.iter(f"{SVG}text")
    ]
    assert len(letters) == 54
    assert all(letters.count(m) == 2 for m in set(letters)) and len(set(letters)) == 27
    # The basic stones, the monster on a1 facing E.
    names = titles(root)
    assert sum(1 for t in names if t.startswith("stone on ")) == 11
    assert "the monster on a1 facing E" in names


@pytest.mark.rules("ADV-TELEPORT", "ADV-CRYSTAL", "ADV-TURN")
def test_svg_draws_advanced_tiles_and_figures() -> None:
    q = question.load(EXAMPLES, "rulebook-advanced-monster-example-card-8")
    root = ET.fromstring(render.render_svg(q.state))
    names = titles(root)
    assert "teleporter 1 on i5, arrow W" in names and "teleporter 1 on m9, arrow N" in names
    assert "crystal on h5" in names
    assert "right-turning stone on j8" in names and "half-turn stone on k9" in names
    assert "A1 on i3 (face 1, moved)" in names
    circles = [c.get("fill") for c in root.iter(f"{SVG}circle")]
    assert render.SEAT_COLOURS[0] in circles and render.SEAT_COLOURS[1] in circles


@pytest.mark.rules("MON-STEP", "MON-EAT", "MON-PUSH-OFF")
def test_svg_walk_is_a_numbered_path() -> None:
    q = card_8()
    root = ET.fromstring(render.render_svg(q.state, q.action, "card 8"))
    names = titles(root)
    # one badge per step, on the square where it ends (the trace in rulebook-examples.yaml)
    ends = ["f5", "f6", "d6", "c6", "b6", "a6", "a5", "a4"]
    for k, sq in enumerate(ends, start=1):
        assert f"step {k} ends on {sq}" in names
    assert "C1 eaten on d6" in names and "C3 eaten on a5" in names
    assert "B3 pushed off the board on a6" in names
    assert "the monster ends on a4 facing E" in names
    texts = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert "hit: C1 (step 3), B3 (step 5), C3 (step 7)" in texts


@pytest.mark.rules("MON-WRAP", "BRD-WRAP")
def test_wall_passage_is_two_half_segments() -> None:
    # bsw card 10: step 7 goes through wall Q east of n3 and comes back west of c9.
    q = question.load(EXAMPLES, "bsw-guide-card-10-through-wall-q")
    root = ET.fromstring(render.render_svg(q.state, q.action))
    step7 = next(g for g in root.iter(f"{SVG}g") if g.findtext(f"{SVG}title") == "step 7")
    lines = [
        tuple(float(ln.get(k, "0")) for k in ("x1", "y1", "x2", "y2"))
        for ln in step7.iter(f"{SVG}line")
    ]
    n3, c9 = board.square("n3"), board.square("c9")
    cx, cy = centre(n3)
    ex, ey = edge(n3, board.EAST)
    fx, fy = edge(c9, board.WEST)
    gx, gy = centre(c9)
    assert lines == [(cx, cy, ex, ey), (fx, fy, gx, gy)]


@pytest.mark.rules("FIG-POINTS", "PUSH-ONE")
def test_figure_move_path() -> None:
    q = question.load(EXAMPLES, "rulebook-movement-1-push-then-turn-right")
    assert q.action == fr.FigureMove("A4", ("h3", "h4", "h5", "g5"))
    tr = trail(q.state, q.action)
    assert [s.end for s in tr.steps] == ["h3", "h4", "h5", "g5"]
    root = ET.fromstring(render.render_svg(q.state, q.action))
    assert "step 4 ends on g5" in titles(root)
    text = render.render_text(q.state, q.action)
    assert "path: h3 h4 h5 g5" in text


def test_entering_and_exiting_legs() -> None:
    s = fr.new_game(4, 0)
    tr = trail(s, fr.FigureMove("A5", ("p11", "p10", "o10")))
    assert tr.steps[0].legs[0].kind == "enter"
    s = fr.position(4, figures={"A4": "b1"}, monster="p6", round=2,
                    deck_left=["7", "7", "8", "8", "10", "1hit", "2hits"])  # fmt: skip
    tr = trail(s, fr.FigureMove("A4", ("a1", "out")))
    assert [leg.kind for st in tr.steps for leg in st.legs] == ["walk", "exit"]
    ET.fromstring(render.render_svg(s, tr))


@pytest.mark.rules("ADV-TELEPORT")
def test_teleporter_jump_is_dashed() -> None:
    q = question.load(EXAMPLES, "rulebook-advanced-monster-example-card-8")
    svg = render.render_svg(q.state, q.action)
    assert "teleporter i5 to m9" in svg and "teleporter m9 to i5" in svg


def test_panels_side_by_side() -> None:
    s = monster_position({"A1": "a4"}, "a1", "S")
    svg = render.render_panels(
        [render.Panel(s, trail(s, fr.Reveal("7")), "one"), render.Panel(s, None, "two")]
    )
    root = ET.fromstring(svg)
    assert root.get("width") == str(2 * render.BOARD_W)
    with pytest.raises(render.RenderError):
        render.render_panels([])


def test_svg_is_deterministic() -> None:
    q = card_8()
    assert render.render_svg(q.state, q.action) == render.render_svg(q.state, q.action)


# --- text ------------------------------------------------------------------------------------


@pytest.mark.rules("MON-STEP")
def test_text_walk_numbers_the_squares() -> None:
    q = card_8()
    text = render.render_text(q.state, q.action, "card 8")
    assert text.startswith("card 8\n")
    path_board = text.split("The monster's walk, tile 8: from f4 facing W\n")[1]
    rows = path_board.splitlines()
    assert rows[4].split()[:2] == ["4", "8"]  # a4
    assert rows[6].split()[:5] == ["6", "6", "5", "4", "3"]  # a6 b6 c6 d6
    assert "steps: 1:f5  2:f6  3:d6  4:c6  5:b6  6:a6  7:a5  8:a4" in text
    assert "hit: C1 (step 3), B3 (step 5), C3 (step 7)" in text
    assert render.render_text(q.state) == fr.diagram(q.state)


# --- HTML ------------------------------------------------------------------------------------


def test_html_has_a_frame_per_step_and_needs_no_network() -> None:
    q = card_8()
    page = render.render_html(q.state, q.action, "card 8")
    root = ET.fromstring(page.split("\n", 1)[1])  # after <!DOCTYPE html>: XHTML, valid XML
    h = "{http://www.w3.org/1999/xhtml}"
    frames = [d for d in root.iter(f"{h}div") if d.get("class") == "frame"]
    assert len(frames) == 1 + 8 + 1  # before, 8 steps, the final look
    assert [f.get("data-label") for f in frames][:2] == ["before the walk", "step 1 of 8"]
    assert "Step 3: on f6 facing S" in (frames[3].findtext(f"{h}pre") or "")
    for k in ("prev", "next", "play"):
        assert any(b.get("id") == k for b in root.iter(f"{h}button"))
    assert not re.search(r"(src|href)=", page)
    assert "http" not in page.replace("http://www.w3.org/", "")


def test_html_of_a_position() -> None:
    page = render.render_html(fr.new_game(3, 0), None, "start")
    assert page.count('class="frame"') == 1


# --- the pictures of the documentation --------------------------------------------------------


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "make_pictures", ROOT / "scripts" / "make_pictures.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_committed_pictures_are_up_to_date() -> None:
    want: dict[str, str] = _tool().pictures()
    img = ROOT / "docs" / "img"
    # every rulebook and FAQ example, and every option picture of the interpretation guide
    for file in ("rulebook-examples.yaml", "faq.yaml"):
        for case in cf.load([CASES / file]).cases:
            assert f"{case.id}.svg" in want
    stale = [
        name
        for name, svg in want.items()
        if not (img / name).is_file() or (img / name).read_text(encoding="utf-8") != svg
    ]
    assert not stale, f"out of date: {stale}; run python3 scripts/make_pictures.py"
    for svg in want.values():
        ET.fromstring(svg)
    linked = set(re.findall(r"img/([\w-]+\.svg)", _docs_text()))
    # architecture.svg is drawn from the imports by scripts/make_architecture.py, not from cases.
    assert linked == {*want, "architecture.svg"}, "every picture is shown in the docs"


def _docs_text() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted((ROOT / "docs").glob("*.md")))


# --- the command line -------------------------------------------------------------------------


def test_cli_render_text_svg_html(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["render", str(QUESTION)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("across-the-pool: ") and "steps: 1:h3" in out
    svg = tmp_path / "q.svg"
    assert main(["render", str(QUESTION), "-o", str(svg)]) == 0
    assert capsys.readouterr().out == f"wrote {svg}\n"
    ET.fromstring(svg.read_text(encoding="utf-8"))
    page = tmp_path / "q.html"
    assert main(["render", str(QUESTION), "-o", str(page)]) == 0
    assert page.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert main(["render", str(QUESTION), "--format", "svg"]) == 0
    assert capsys.readouterr().out.splitlines()[1].startswith("<svg ")


def test_cli_render_position_string(capsys: pytest.CaptureFixture[str]) -> None:
    line = fr.position_string(fr.new_game(2, 0))
    assert main(["render", "--position", line]) == 0
    assert capsys.readouterr().out.startswith("position\n")


def error_of(capsys: pytest.CaptureFixture[str], args: list[str]) -> str:
    assert main(args) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1, captured.err
    assert "Traceback" not in captured.err
    return captured.err


def test_cli_render_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert "use text, svg or html" in error_of(capsys, ["render", str(QUESTION), "--format", "pdf"])
    assert "give a FILE" in error_of(capsys, ["render"])
    err = error_of(capsys, ["render", str(QUESTION), "-o", str(tmp_path)])
    assert "is a folder; give a file name" in err
    assert "no such file" in error_of(capsys, ["render", str(tmp_path / "nope.yaml")])
    err = error_of(capsys, ["render", "--position", "players=4 monster=z9"])
    assert err.startswith("fearsome-rules: --position:")
    err = error_of(capsys, ["render", str(QUESTION), "--option", "speed=fast"])
    assert "unknown option 'speed'" in err
    bad = tmp_path / "bad.yaml"
    bad.write_text("position:\n  players: 4\n  figures: {A1: a12}\n", encoding="utf-8")
    assert f"{bad}:3:17:" in error_of(capsys, ["render", str(bad)])
