"""The web front-end's Python side (``fearsome_rules.tools.web``), in CPython: the page's calls
answer what the engine answers. The moves clicked are checked against ``all_paths`` (another
view of the legal moves than the ``continuations`` the page uses), the states against an
independent replay with ``fr.apply``, the walk's narration against ``fr.apply_traced``'s events,
the comparison against the explain tool run on a position built here with ``fr.position``.
The same page in a real browser: tests/browser/test_web_page.py."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from helpers import figure_on_the_slide

import fearsome_rules as fr
from fearsome_rules.cli import main
from fearsome_rules.core.rules import RULE_IDS
from fearsome_rules.tools import bots
from fearsome_rules.tools.explain import compare, explain
from fearsome_rules.tools.readings import readings_that_matter
from fearsome_rules.tools.web import App, Editor, Session, WebError, site

MARK = re.compile(r'class="sq ([a-z]+)" data-square="([a-p][0-9]+|out)"')


def ask(app: App, name: str, **args: Any) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(app.call(name, json.dumps(args)))
    return answer


def marked(svg: str, mark: str) -> set[str]:
    return {sq for m, sq in MARK.findall(svg) if m == mark}


def next_entries(state: fr.GameState, figure: str, path: tuple[str, ...]) -> set[str]:
    """Where a path may go next, from every legal path (not from continuations)."""
    n = len(path)
    return {
        m.path[n] for m in fr.all_paths(state, figure) if m.path[:n] == path and len(m.path) > n
    }


def click_move(app: App, move: fr.FigureMove) -> dict[str, Any]:
    """Play ``move`` as a person does: the figure, then each square; the answer that played it."""
    state = fr.state_from_json(ask(app, "state"))
    where = state.figure(move.figure).place()
    if where == "waiting":
        answer = ask(app, "select", figure=move.figure)  # a button beside the board
    else:
        answer = ask(app, "click", square=where)
    assert "error" not in answer, answer
    path: tuple[str, ...] = ()
    for sq in move.path:
        assert marked(answer["view"]["svg"], "next") == next_entries(state, move.figure, path)
        answer = ask(app, "click", square=sq)
        assert "error" not in answer, answer
        path += (sq,)
        if answer["played"]:
            return answer
    return ask(app, "play")


def test_a_seeded_game_by_clicks_and_bots_is_the_engines_game() -> None:
    app = App()
    ask(app, "new_game", players=3, seats=["person", "greedy", "random"], seed=11)
    state = fr.new_game(3)
    rng = random.Random(4)
    while state.phase is not fr.Phase.OVER:
        if state.phase is fr.Phase.MONSTER:
            answer = ask(app, "reveal")
        elif state.to_move == 0:
            answer = click_move(app, rng.choice(list(fr.all_paths(state))))
        else:
            answer = ask(app, "bot")
        action = fr.parse_action(answer["played"])
        state = fr.apply(state, action)
        assert ask(app, "state") == fr.state_to_json(state)
    assert ask(app, "view")["view"]["phase"] == "over"
    assert "the game is over" in ask(app, "view")["view"]["status"]


def test_an_illegal_click_is_refused_with_its_rule() -> None:
    app = App()
    ask(app, "new_game", players=2)
    before = ask(app, "state")
    assert ask(app, "click", square="p11")["kind"] == "WebError"  # no figure chosen
    assert ask(app, "select", figure="B5")["rule"] == "RND-ORDER"  # not A's figure
    ask(app, "select", figure="A5")
    refused = ask(app, "click", square="o11")
    assert refused["rule"] == "FIG-ENTER" and refused["error"].startswith("[FIG-ENTER]")
    ask(app, "click", square="p11")
    refused = ask(app, "click", square="n11")
    assert refused["rule"] == "FIG-POINTS"
    assert ask(app, "state") == before
    assert ask(app, "view")["view"]["building"]["path"] == ["p11"]  # the path is kept


def test_the_zero_move_and_the_exit() -> None:
    state = fr.position(
        2,
        figures={"A5": "b1"},
        moved=["B1", "B3", "B4", "B5"],
        monster="h6",
        deck_left=["7", "7", "8", "10", "1hit", "2hits"],  # round 3
    )
    session = Session(state)
    session.select("A5")
    assert session.view()["building"]["complete"]  # the zero move: only a flip
    assert session.play() == fr.FigureMove("A5", ())
    session.undo()
    session.click("b1")
    session.click("a1")
    assert "out" in marked(session.view()["svg"], "next")
    # Nothing can follow, but the move is only shown: its last square clicked again plays it.
    assert session.click("out") is None and session.state.figure("A5").place() == "b1"
    assert session.view()["building"] == {
        "figure": "A5",
        "path": ["a1", "out"],
        "next": [],
        "complete": True,
    }
    assert "out" in marked(session.view()["svg"], "path")
    assert session.click("out") == fr.FigureMove("A5", ("a1", "out"))
    assert session.state.figure("A5").place() == "out"


def test_undo_redo_and_any_earlier_state() -> None:
    app = App()
    ask(app, "new_game", players=2, seats=["random", "random"], seed=2)
    played = [fr.parse_action(ask(app, "bot")["played"]) for _ in range(5)]
    states = [fr.new_game(2)]
    for a in played:
        states.append(fr.apply(states[-1], a))
    ask(app, "undo")
    ask(app, "undo")
    assert ask(app, "state") == fr.state_to_json(states[3])
    ask(app, "redo")
    assert ask(app, "state") == fr.state_to_json(states[4])
    view = ask(app, "goto", k=1)["view"]
    assert ask(app, "state") == fr.state_to_json(states[1])
    assert view["cursor"] == 1 and view["record"] == [str(a) for a in played]
    ask(app, "bot")  # a new action drops the ones undone
    assert len(ask(app, "view")["view"]["record"]) == 2
    assert ask(app, "goto", k=9)["kind"] == "WebError"


def test_a_record_saved_and_loaded_back() -> None:
    app = App()
    ask(app, "new_game", players=4, setup="bsw", seats=["greedy"] * 4, seed=5)
    for _ in range(30):
        ask(app, "bot")
    text = ask(app, "record")["text"]
    record = fr.GameRecord.from_json(text)
    assert record.setup == "bsw" and len(record.actions) == 30
    assert fr.state_to_json(record.replay()) == ask(app, "state")
    other = App()
    view = ask(other, "load_record", text=text)["view"]
    assert view["record"] == list(record.actions) and view["cursor"] == 30
    assert ask(other, "state") == ask(app, "state")
    assert ask(other, "load_record", text='{"format": "x"}')["kind"] == "RecordError"


def test_the_exports_read_back() -> None:
    app = App()
    ask(app, "new_game", players=2, seats=["greedy", "greedy"], seed=1)
    for _ in range(4):
        ask(app, "bot")
    out = ask(app, "export")
    state = fr.state_from_json(ask(app, "state"))
    assert fr.parse_position(out["position"]) == state
    assert fr.state_from_json(json.loads(out["json"])) == state
    assert fr.parse_diagram(out["diagram"]) == state


def test_a_walks_frames_narrate_the_engines_events() -> None:
    app = App()
    ask(app, "new_game", players=2, seats=["greedy", "greedy"], seed=3)
    while ask(app, "view")["view"]["phase"] != "monster":
        ask(app, "bot")
    before = fr.state_from_json(ask(app, "state"))
    walk = ask(app, "reveal", tile="10")["walk"]
    _, events = fr.apply_traced(before, fr.Reveal("10"))
    frames = walk["frames"]
    assert [e for f in frames for e in f["events"]] == [
        str(e) for e in events if not isinstance(e, fr.events.TileRevealed)
    ]
    steps = [e for e in events if isinstance(e, fr.events.MonsterStepped)]
    assert len(frames) == len(steps) + 2  # before, each step, the final look
    for k, e in enumerate(steps, 1):
        assert frames[k]["caption"].startswith(f"Step {k}: on {e.frm} facing ")
    which = walk["which"]
    svg = ask(app, "walk_frame", which=which, k=len(steps))["svg"]
    assert f"step {len(steps)} ends on {steps[-1].to}" in svg
    assert ask(app, "walk_frame", which=which, k=99)["kind"] == "WebError"


def test_every_figure_move_has_its_frames_a_bots_too() -> None:
    """A figure move is shown a movement point at a time: one frame before it, one after each
    point of its path (the trail's steps), the last the position the engine gives."""
    app = App()
    ask(app, "new_game", players=2, seats=["person", "greedy"], seed=3)
    move = fr.FigureMove("A5", ("p11", "p10", "p9"))
    ask(app, "select", figure="A5")  # a waiting figure: its button beside the board
    for sq in move.path:
        assert ask(app, "click", square=sq)["played"] == ""
    walk = ask(app, "play")["walk"]
    assert walk["heading"] == f"A moves {move}" and not walk["monster"]
    assert [f["label"] for f in walk["frames"]] == ["before the move"] + [
        f"step {k} of 3" for k in (1, 2, 3)
    ]
    svg = ask(app, "walk_frame", which=walk["which"], k=3)["svg"]
    assert "A5 on p9" in svg and "A5 on p10" not in svg
    bot = ask(app, "bot")
    moved = fr.parse_action(bot["played"])
    assert isinstance(moved, fr.FigureMove)
    assert len(bot["walk"]["frames"]) == len(moved.path) + 1
    # Undone and done again, a move is shown again; nothing is played.
    ask(app, "undo")
    again = ask(app, "redo")
    assert again["played"] == "" and again["walk"]["heading"].endswith(str(moved))


def test_a_tile_drawn_or_chosen() -> None:
    session = Session.new(2, seats=["random", "random"], seed=8)
    with pytest.raises(WebError, match="phase"):
        session.reveal()
    while session.state.phase is not fr.Phase.MONSTER:
        session.bot()
    with pytest.raises(fr.IllegalActionError) as refused:
        session.reveal("3hits")  # not in the basic deck
    assert refused.value.rule == "DECK-REVEAL"
    tiles = {r.tile for r, _ in fr.chance_outcomes(session.state)}
    assert str(session.reveal()).split()[1] in tiles


def test_placing_the_tiles_by_clicks_and_by_bots() -> None:
    session = Session.new(3, setup="advanced", seats=["person", "random", "greedy"], seed=1)
    state = session.state
    session.choose_tile("teleporter_1", arrow="E")
    svg = session.view()["svg"]
    legal = {
        p.square for p in fr.legal_placements(state) if (p.tile, p.arrow) == ("teleporter_1", "E")
    }
    assert marked(svg, "can") == legal  # outlined only: the board stays visible
    before = session.view()
    with pytest.raises(fr.RuleError):
        session.click("a1")  # a corner
    assert session.view() == before
    # The first click shows the tile on its square (the state the engine gives), unplayed.
    assert session.click("f6") is None and session.state == state
    shown = session.view()
    assert shown["placement"]["preview"] == "f6" and marked(shown["svg"], "pending") == {"f6"}
    assert "teleporter 1 on f6, arrow E" in shown["svg"]
    assert "teleporter 1 on f6" not in before["svg"]
    session.choose_tile("teleporter_1", arrow="S")  # turned: shown turned, on the same square
    assert "teleporter 1 on f6, arrow S" in session.view()["svg"]
    session.choose_tile("teleporter_1", arrow="E")
    assert session.click("f6") == fr.PlaceTile("teleporter_1", "f6", arrow="E")  # again: placed
    assert session.bot() in fr.legal_placements(session.states[1])
    with pytest.raises(WebError, match="person"):
        while True:
            session.bot()
    assert session.state.to_move == 0


def test_the_bots_come_from_the_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    def first_bot(state: fr.GameState, rng: random.Random) -> fr.FigureMove:
        return fr.legal_moves(state)[0]

    monkeypatch.setitem(bots.BOTS, "first", first_bot)
    app = App()
    assert ask(app, "catalogue")["seat_kinds"] == ["person", *bots.BOTS]
    ask(app, "new_game", players=2, seats=["first", "person"])
    assert ask(app, "bot")["played"] == str(fr.legal_moves(fr.new_game(2))[0])
    assert ask(app, "new_game", players=2, seats=["nobody", "person"])["kind"] == "WebError"


def test_the_catalogue_lists_every_option() -> None:
    options = ask(App(), "catalogue")["options"]
    assert [o["name"] for o in options] == list(fr.RuleOptions.names())
    for o in options:
        assert o["default"] in o["choices"]


def test_an_unknown_call_is_refused() -> None:
    assert ask(App(), "__init__")["kind"] == "WebError"


# --- asking the rules ---------------------------------------------------------------------------


def test_the_editor_sets_up_a_position_the_engine_checks() -> None:
    app = App()
    ask(app, "editor_new", players=2, empty=True)
    for tool, square in (
        ("figure:A5", "f6"),
        ("flip", "f6"),
        ("monster:S", "f2"),
        ("stones", "f4"),
        ("pools", "f5"),
    ):
        assert "error" not in ask(app, "editor_edit", tool=tool, square=square)
    refused = ask(app, "editor_edit", tool="stones", square="f6")
    assert refused["rule"] == "FIG-THROUGH"  # a stone under a figure
    answer = ask(app, "editor_edit", tool="teleporter:1:N", square="h6")
    assert marked(answer["svg"], "pending") == {"h6"}  # waits for its partner
    assert ask(app, "editor_explain")["kind"] == "WebError"
    assert "error" not in ask(app, "editor_edit", tool="teleporter:1:E", square="k9")
    assert "error" not in ask(app, "editor_set", tile="7")
    expected = fr.position(
        2,
        figures={"A5": "f6"},
        faces={"A5": 2},
        moved=[f.name for f in fr.new_game(2).figures],
        stones=["f4"],
        pools=["f5"],
        teleporters=["h6:1:N", "k9:1:E"],
        monster="f2",
        facing="S",
    )
    assert ask(app, "editor_explain")["text"] == explain(expected, "7").text()


def test_a_comparison_is_explain_compares() -> None:
    """conformance/cases/monster-pools.yaml's figure lying on a pool in the monster's slide."""
    app = App()
    ask(app, "editor_new", players=4)
    for tool, square in (("monster:E", "d9"), ("figure:A1", "g9"), ("figure:B1", "i8")):
        assert "error" not in ask(app, "editor_edit", tool=tool, square=square)
    assert "error" not in ask(app, "editor_set", tile="5", stage=2)
    answer = ask(app, "editor_compare", option="monster_slide_figure")
    c = compare(figure_on_the_slide, "monster_slide_figure")
    assert c.first_difference == 1  # the readings part at once
    assert answer["summary"] == c.summary() and answer["first_difference"] == 1
    assert [r["label"] for r in answer["readings"]] == [r.label for r in c.readings]
    assert answer["svg"].count("<title>the monster on d9 facing E</title>") == len(c.readings)


def test_the_editor_takes_the_games_board() -> None:
    session = Session.new(3, setup="advanced", seats=["random"] * 3, seed=4)
    while session.state.round == 1 or session.state.phase is not fr.Phase.FIGURES:
        session.bot()
    editor = Editor.of(session.state)
    board = editor.state()
    assert board.cells == session.state.cells and board.teleporters == session.state.teleporters
    assert board.pools == session.state.pools and board.monster == session.state.monster


# --- building the site --------------------------------------------------------------------------


def test_the_rules_shipped_with_the_page_are_the_specs() -> None:
    rules = site.rules(site.project_root())
    assert set(rules) == RULE_IDS
    assert rules["FIG-ENTER"]["title"] == "Entering the board"
    assert "first entry is p11" in rules["FIG-ENTER"]["text"]


def test_a_build_is_redone_when_an_input_changes(tmp_path: Path) -> None:
    for name in (
        "pyproject.toml",
        "setup.py",
        "web/index.html",
        "spec/a.md",
        "fearsome_rules/x.py",
    ):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x")
    digest = site.inputs_digest(tmp_path)
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "build.json").write_text(json.dumps({"inputs": digest}))
    assert site.up_to_date(tmp_path / "out", tmp_path)
    (tmp_path / "web" / "index.html").write_text("y")
    assert not site.up_to_date(tmp_path / "out", tmp_path)


def test_without_npm_the_build_says_so_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # no npm on it
    assert main(["web", "--build-only", "--out", str(tmp_path / "site")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("fearsome-rules: npm is not installed") and err.count("\n") == 1
    assert not (tmp_path / "site").exists()


def test_a_finished_online_games_tiles_checked_in_the_page() -> None:
    """The page's seed check is ``check_tiles``'s: a game whose every tile is the seed's passes,
    with the published hash; another seed, or a hash not the seed's, is a mismatch."""
    from fearsome_rules.tools.server.chance import draw_tile, seed_hash
    from fearsome_rules.tools.web.online import OnlineApp

    seed, other = "ab" * 32, "cd" * 32
    state, rng = fr.new_game(2), random.Random(6)
    actions: list[fr.Action] = []
    while state.phase is not fr.Phase.OVER:
        seq = len(actions) + 1
        if state.phase is fr.Phase.MONSTER:
            action: fr.Action = draw_tile(state, seed, seq)
        else:
            action = rng.choice(fr.legal_moves(state))
        actions.append(action)
        state = fr.apply(state, action)
    app = OnlineApp()
    record = fr.GameRecord.of(fr.new_game(2), actions).dumps()
    assert "error" not in ask(app, "online_start", record=record)
    reveals = sum(isinstance(a, fr.Reveal) for a in actions)
    good = ask(app, "online_check_tiles", seed=seed, seed_hash=seed_hash(seed))
    assert good == {"ok": True, "reveals": reveals, "mismatch": None}
    assert not ask(app, "online_check_tiles", seed=other)["ok"]
    wrong_hash = ask(app, "online_check_tiles", seed=seed, seed_hash=seed_hash(other))
    assert not wrong_hash["ok"] and "SHA-256" in wrong_hash["mismatch"]
    assert ask(app, "online_check_tiles", seed="zz")["kind"] == "SeedError"


def test_tile_names_and_the_readings_that_matter() -> None:
    app = App()
    names = ask(app, "catalogue")["tile_names"]
    assert names == {
        "5": "5 steps", "7": "7 steps", "8": "8 steps", "10": "10 steps",
        "1hit": "1 hit", "2hits": "2 hits", "3hits": "3 hits",
    }  # fmt: skip
    for call, args in (
        ("editor_new", {"players": 4}),
        ("editor_edit", {"tool": "monster:E", "square": "d9"}),
        ("editor_edit", {"tool": "figure:A1", "square": "g9"}),
        ("editor_edit", {"tool": "figure:B1", "square": "i8"}),
        ("editor_set", {"stage": 2, "tile": "5"}),
    ):
        assert "error" not in ask(app, call, **args)
    state = app.editor.state()
    expected = readings_that_matter(state, fr.Reveal("5"))
    assert ask(app, "editor_matters")["matters"] == [
        {"option": m.option, "value": m.value, "how": m.how} for m in expected
    ]
    assert "monster_slide_figure" in [m.option for m in expected]


def test_the_tile_shown_is_placed_by_the_place_tile_call() -> None:
    app = App()
    ask(app, "new_game", players=2, setup="advanced", seats=["person", "random"], seed=1)
    assert ask(app, "place_tile")["kind"] == "WebError"  # nothing shown yet
    state = fr.state_from_json(ask(app, "state"))
    legal = fr.legal_placements(state)[0]
    ask(app, "choose_tile", tile=legal.tile, arrow=legal.arrow, orientation=legal.orientation)
    assert ask(app, "click", square=legal.square)["played"] == ""
    assert ask(app, "place_tile")["played"] == str(legal)
    assert fr.state_from_json(ask(app, "state")) == fr.apply(state, legal)
