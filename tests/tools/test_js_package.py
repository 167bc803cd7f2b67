"""The npm package ``fearsome-rules`` (js/) from the Python side: its door
(:mod:`fearsome_rules.tools.js_bridge`) in CPython, the schemas its types are generated from
(derived from the engine's classes, and every event, action, record and state of real games
valid against them), and a seeded game played through the package in Node.js equal, state by
state, to the same game played here. The package's own tests (every API function) are run by
``node --test`` in js/ (.ci/run)."""

from __future__ import annotations

import importlib.util
import json
import os
import random
import shutil
import subprocess
import time
import zipfile
from importlib import metadata
from pathlib import Path
from types import ModuleType
from typing import Any

import jsonschema
import pytest

import fearsome_rules as fr
from fearsome_rules.tools.bots.registry import choose
from fearsome_rules.tools.bots.search import Budget
from fearsome_rules.tools.js_bridge import (
    FUNCTIONS,
    MAX_NESTING,
    MAX_REQUEST,
    call,
    call_utf8,
    event_doc,
)

ROOT = Path(__file__).resolve().parents[2]
JS = ROOT / "js"


def _builder() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "build_js_package", ROOT / "scripts" / "build_js_package.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def ask(name: str, **args: Any) -> Any:
    answer = json.loads(call(name, json.dumps(args)))
    if "error" in answer:
        raise AssertionError(answer["error"])
    return answer["ok"]


def refusal(name: str, args: str) -> dict[str, str]:
    answer = json.loads(call(name, args))
    assert set(answer) == {"error"}, answer
    error: dict[str, str] = answer["error"]
    assert "\n" not in error["message"] and len(error["message"]) < 400
    return error


# --- the door ---------------------------------------------------------------------------------


def test_the_texts_cross_as_utf8_bytes() -> None:
    """call_utf8 (what the package calls) answers call's text as UTF-8, from UTF-8 arguments,
    a non-ASCII text included; bytes that are not UTF-8 are a refusal of one line."""
    state = fr.state_to_json(fr.new_game(2))
    for name, args in (
        ("apply", {"state": state, "action": "A5 p11"}),
        ("parse_action", {"text": "A5 p11 \u00e9t\u00e9"}),  # refused, the text quoted
        ("board_svg", {"state": state, "labels": {"p11": "\u00e9"}}),
    ):
        text = json.dumps(args, ensure_ascii=False)
        answer = call_utf8(name, text.encode("utf-8"))
        assert answer == call(name, text).encode("utf-8")
        shown = json.dumps(json.loads(answer), ensure_ascii=False)
        assert ("\u00e9" in shown) == (name != "apply")
    answer = json.loads(call_utf8("apply", b'{"action": "\xff"}'))
    assert answer["error"]["kind"] == "BridgeError" and "not UTF-8" in answer["error"]["message"]


def test_the_door_refuses_in_one_line() -> None:
    state = ask("new_game", players=2)
    cases = [
        ("no_such", "{}", "BridgeError", "'no_such' is not a function"),
        ("apply", "[1]", "ArgumentTypeError", "apply(arguments): expected a JSON object"),
        ("apply", "{", "BridgeError", "not JSON"),
        ("apply", json.dumps({"state": state, "move": "A5 p11"}), "BridgeError", "'move'"),
        ("apply", json.dumps({"state": state, "action": 5}), "ArgumentTypeError", "found int 5"),
        ("apply", json.dumps({"state": 1, "action": "A5 p11"}), "ArgumentTypeError", "a state"),
        ("new_game", '{"players": true}', "ArgumentTypeError", "found bool True"),
        ("new_game", '{"players": 9}', "BridgeError", "9 is not between 2 and 7"),
        ("new_game", '{"start_player": "Z"}', "BridgeError", "'Z' is not a seat"),
        ("parse_action", json.dumps({"text": "x" * 20_000}), "BridgeError", "at most 10,000"),
        ("apply", "[" * (MAX_NESTING + 1) + "]" * (MAX_NESTING + 1), "BridgeError", "nested"),
        ("read_state", json.dumps({"state": "[" * 100_000}), "BridgeError", "nested"),
        ("apply", " " * (MAX_REQUEST + 1), "BridgeError", "at most 2,000,000"),
        # A mark lands in an SVG attribute: a CSS class only; a label is short.
        (
            "board_svg",
            json.dumps({"state": state, "marks": {"p11": '"/><x'}}),
            "BridgeError",
            "is not a CSS class",
        ),
        (
            "board_svg",
            json.dumps({"state": state, "marks": {"x" * 500: "next"}}),
            "BridgeError",
            "... (500 characters) is not a square",
        ),
        (
            "board_svg",
            json.dumps({"state": state, "labels": {"p11": "\n"}}),
            "BridgeError",
            "is not a label",
        ),
        (
            "walk_frame",
            json.dumps({"state": state, "tile": "8", "k": 0}),
            "IllegalActionError",
            "RND-PHASES",
        ),
        (
            "panel",
            json.dumps({"state": state, "players": ["x" * 41]}),
            "BridgeError",
            "more than 40",
        ),
        ("draw_tile", json.dumps({"state": state}), "BridgeError", "no tile to draw"),
        (
            "apply",
            json.dumps({"state": state, "action": "A5 o11"}),
            "IllegalMoveError",
            "FIG-ENTER",
        ),
    ]
    for name, args, kind, words in cases:
        error = refusal(name, args)
        assert error["kind"] == kind and words in error["message"], (name, error)
    assert refusal("apply", json.dumps({"state": state, "action": "A5 o11"}))["rule"] == "FIG-ENTER"
    assert refusal("position", json.dumps({"figures": {"A5": "n2"}}))["field"] == "figures.A5"


def test_the_door_keeps_a_state_it_has_read() -> None:
    """A state sent back as the text it was given is not read again (and is the same state)."""
    from fearsome_rules.tools.js_bridge import door

    doc = ask("new_game", players=3)
    text = json.dumps(doc, separators=(",", ":"))
    assert text in door.STATES
    kept = door.STATES[text]
    assert door.Args("apply", {"state": doc}, ("state",)).state() is kept
    assert kept == fr.new_game(3)


def test_every_function_answers_what_the_engine_does() -> None:
    """Each function's answer against the engine's own call on the same input."""
    game = fr.new_game(3)
    doc = fr.state_to_json(game)
    assert ask("apply", state=doc, action="A5 p11 p10") == fr.state_to_json(
        fr.apply(game, fr.FigureMove("A5", ("p11", "p10")))
    )
    assert ask("legal_moves", state=doc) == [str(m) for m in fr.legal_moves(game)]
    assert ask("legal_actions", state=doc) == [str(m) for m in fr.legal_actions(game)]
    assert ask("destinations", state=doc) == {k: list(v) for k, v in fr.destinations(game).items()}
    assert ask("position_string", state=doc) == fr.position_string(game)
    assert ask("diagram", state=doc) == fr.diagram(game)
    assert ask("parse_position", text=fr.position_string(game)) == doc
    assert ask("outcome", state=doc) is None
    assert ask("chance_outcomes", state=doc) == []
    move = ask("choose_move", state=doc, bot="search", nodes=30, seed=4)
    assert move == str(choose(game, Budget(nodes=30), bot="search", seed=4))
    assert len(FUNCTIONS) == 36


def test_the_pages_functions_answer_what_the_page_does() -> None:
    """The functions a page needs beyond the engine's (js_bridge/page.py) against the page's own
    Python on the same input: the marked board, the walk's frames, the panel, the seeded draw."""
    import random

    from fearsome_rules.tools.bots.simple import draw_tile
    from fearsome_rules.tools.js_bridge.board import clickable_svg
    from fearsome_rules.tools.js_bridge.panel import panel
    from fearsome_rules.tools.js_bridge.walk import WalkView

    game = fr.new_game(3)
    doc = fr.state_to_json(game)
    marks, labels = {"p11": "next", "out": "off"}, {"p11": "1"}
    svg = ask("board_svg", state=doc, marks=marks, labels=labels)
    assert svg == clickable_svg(game, marks, labels)
    kinds = ["person", "greedy", "search"]
    assert ask("panel", state=doc, players=kinds) == panel(game, kinds)
    everyone = [f.name for f in fr.new_game(2).figures]
    walk = fr.position(2, figures={"A5": "d1"}, moved=everyone, monster="a1", facing="E")
    wdoc = fr.state_to_json(walk)
    view = WalkView(walk, "8")
    frames = ask("walk_frames", state=wdoc, tile="8")
    assert frames["frames"] == view.summary()["frames"]
    assert frames["after"] == fr.state_to_json(fr.apply(walk, fr.Reveal("8")))
    assert ask("walk_frame", state=wdoc, tile="8", k=4) == view.svg(4)
    tile = draw_tile(walk, random.Random(11)).tile
    assert ask("draw_tile", state=wdoc, seed=11) == tile
    assert frames["monster"] and frames["heading"] == view.summary()["heading"]
    # A figure move cut into frames too (the page shows every move step by step).
    move = fr.FigureMove("A5", ("p11", "o11"))
    moved = WalkView(game, move)
    frames = ask("walk_frames", state=doc, action=str(move))
    assert {k: frames[k] for k in ("tile", "monster", "heading", "frames")} == moved.summary()
    assert frames["heading"] == "A moves A5 p11 o11" and len(frames["frames"]) == 3
    assert frames["after"] == fr.state_to_json(fr.apply(game, move))
    assert ask("walk_frame", state=doc, action=fr.action_to_json(move), k=2) == moved.svg(2)
    for bad in ({"tile": "8", "action": str(move)}, {}, {"action": "place stone c3"}):
        error = refusal("walk_frames", json.dumps({"state": doc, **bad}))
        assert error["kind"] == "BridgeError", error


def test_continuations_board_is_one_call_for_a_click() -> None:
    """continuations_board answers what continuations and board_svg answer, the next squares
    marked over the page's own marks; the boards of other states drawn in between (the
    pictures are kept by state) do not leak into it; its refusals are the two calls'."""
    from fearsome_rules.tools.js_bridge.board import clickable_svg
    from fearsome_rules.tools.render import render_svg

    game = fr.new_game(3)
    doc = fr.state_to_json(game)
    step = fr.continuations(game, fr.FigureMove("A5", ("p11",)))
    # By the rules: from the entrance p11 (FIG-ENTER) a step onto either neighbour, p10 or o11,
    # and the path may stop there (FIG-POINTS: up to the face value).
    assert set(step.next) == {"p10", "o11"} and step.complete
    marks = {"p11": "path", "p10": "mine"}
    click = {"state": doc, "figure": "A5", "path": ["p11"], "marks": marks, "labels": {"p11": "1"}}
    answer = ask("continuations_board", **click)
    assert {k: answer[k] for k in ("next", "complete")} == ask(
        "continuations", state=doc, figure="A5", path=["p11"]
    )
    assert answer["next"] == list(step.next)
    expected = {**marks, **dict.fromkeys(step.next, "next")}
    assert answer["svg"] == clickable_svg(game, expected, {"p11": "1"})
    assert '<rect class="sq next" data-square="p10"' in answer["svg"]
    assert '<rect class="sq path" data-square="p11"' in answer["svg"]
    # Each board is its own state's picture, whichever was drawn before it.
    later = fr.apply(game, fr.FigureMove("A5", ("p11", "p10")))
    for state in (game, later, game, later):
        svg = clickable_svg(state)
        picture = render_svg(state).rstrip().removesuffix("</svg>")
        assert svg.startswith(picture) and svg.count('<rect class="sq') == 157
    assert clickable_svg(game) != clickable_svg(later)
    other = ask("continuations_board", state=doc, figure="A5", path=["p11"], mark="can")
    assert '<rect class="sq can" data-square="p10"' in other["svg"]
    # Without its picture (a page shows it already): the same board from its layer on.
    bare = ask("continuations_board", **click, picture=False)
    picture = render_svg(game).rstrip().removesuffix("</svg>")
    assert bare["svg"].startswith('<g class="hot">') and picture + bare["svg"] == answer["svg"]
    assert (bare["next"], bare["complete"]) == (answer["next"], answer["complete"])
    for bad, kind in (
        ({"figure": "A5", "mark": 'x" onclick="y'}, "BridgeError"),
        ({"figure": "A5", "marks": {"q12": "next"}}, "BridgeError"),
        ({"figure": "B5"}, "IllegalMoveError"),  # RND-ORDER: A is to move
        ({"figure": "A5", "picture": "no"}, "ArgumentTypeError"),
    ):
        error = refusal("continuations_board", json.dumps({"state": doc, **bad}))
        assert error["kind"] == kind, error


def test_check_tiles_is_the_servers_seed_check() -> None:
    """A server's game: its tiles drawn from a seed (the server's draw), checked through the
    package against the seed and its published hash; one tile changed is found."""
    from fearsome_rules.tools.server.chance import draw_tile, seed_hash

    seed = "5eed" * 16
    state, actions = fr.new_game(2), list[str]()
    while len(actions) < 12:
        if state.phase is fr.Phase.MONSTER:
            action: fr.Action = draw_tile(state, seed, len(actions) + 1)
        else:
            action = fr.legal_moves(state)[0]
        actions.append(str(action))
        state = fr.apply(state, action)
    reveals = [k for k, a in enumerate(actions) if a.startswith("reveal")]
    assert reveals
    record = fr.GameRecord.of(fr.new_game(2), [fr.parse_action(a) for a in actions]).to_json()
    answer = ask("check_tiles", record=record, seed=seed, seed_hash=seed_hash(seed))
    assert answer == {"ok": True, "reveals": len(reveals), "mismatch": ""}
    wrong = ask("check_tiles", record=record, seed=seed, seed_hash="00" * 32)
    assert not wrong["ok"] and wrong["mismatch"]
    k = reveals[0]
    other = next(t for t, _ in fr.chance_outcomes(fr.GameRecord.from_json(record).replay(k)))
    changed = [*actions[:k], str(other) if str(other) != actions[k] else "reveal 1hit"]
    record = fr.GameRecord.of(fr.new_game(2), [fr.parse_action(a) for a in changed]).to_json()
    found = ask("check_tiles", record=record, seed=seed)
    assert not found["ok"] and f"action {k + 1}" in found["mismatch"], found


# --- the schemas the types are generated from ----------------------------------------------------


def test_the_schemas_are_up_to_date() -> None:
    for name, schema in _builder().schemas().items():
        shipped = json.loads((JS / "schemas" / name).read_text("utf-8"))
        assert shipped == schema, (
            f"js/schemas/{name} is stale: run python3 scripts/build_js_package.py"
        )


def test_the_npm_version_is_the_python_version_in_semver() -> None:
    """package.json carries the Python package's version as npm spells it (npm refuses
    ``0.3.0.dev0``), and the checked-in file is current with it."""
    b = _builder()
    cases = {"0.3.0.dev0": "0.3.0-dev.0", "1.0.0rc2": "1.0.0-rc.2", "1.2.3": "1.2.3"}
    assert {v: b.npm_version(v) for v in cases} == cases
    assert {v: b.npm_version(v) for v in ("1.0.0a1", "1.0.0b3")} == {
        "1.0.0a1": "1.0.0-alpha.1",
        "1.0.0b3": "1.0.0-beta.3",
    }
    with pytest.raises(b.site.SiteError, match="not a version the npm package can carry"):
        b.npm_version("1.0.post1")
    shipped = json.loads((JS / "package.json").read_text("utf-8"))["version"]
    assert shipped == b.npm_version(metadata.version("fearsome_rules"))


def _validator(name: str) -> jsonschema.Draft202012Validator:
    schema = json.loads((JS / "schemas" / name).read_text("utf-8"))
    return jsonschema.Draft202012Validator(schema)


def test_real_games_are_valid_against_the_schemas() -> None:
    """Every event, action, state and record of seeded games (basic and advanced, 2 to 7
    players), written by the engine, is valid against the schemas; every kind of event seen."""
    events, actions, states = (
        _validator("events.schema.json"),
        _validator("action.schema.json"),
        _validator("state.schema.json"),
    )
    records = _validator("record.schema.json")
    seen: set[str] = set()
    for players, setup, seed in [
        (2, "basic", 1),
        (4, "advanced", 2),
        (7, "bsw", 3),
        (3, "basic", 4),
    ]:
        state = fr.new_game(players, 0, fr.RuleOptions(), setup)
        start, played, rng = state, [], random.Random(seed)
        while state.phase is not fr.Phase.OVER:
            options = fr.legal_actions(state)
            action = options[rng.randrange(len(options))]
            state, happened = fr.apply_traced(state, action)
            played.append(action)
            actions.validate(fr.action_to_json(action))
            states.validate(fr.state_to_json(state))
            for e in happened:
                events.validate(event_doc(e))
                seen.add(type(e).__name__)
        records.validate(fr.GameRecord.of(start, played).to_json())
    assert {"FigureStepped", "MonsterStepped", "FigureEaten", "TilePlaced", "GameEnded"} <= seen
    with pytest.raises(jsonschema.ValidationError):
        events.validate(
            {"type": "MonsterStepped", "number": 1, "frm": "a1", "to": "b1", "text": ""}
        )


# --- the package in Node.js ----------------------------------------------------------------------


def _package_missing() -> str:
    if os.environ.get("FEARSOME_RULES_PURE") == "1":
        # The package runs its own pure wheel whichever build this Python has: once is enough.
        pytest.skip("the package's runtime is the same for both builds: run on the compiled one")
    if shutil.which("node") is None:
        return "no node (Node.js is not installed)"
    if (
        not (JS / "node_modules" / "pyodide").is_dir()
        or not (JS / "wheels" / "manifest.json").is_file()
    ):
        return "the npm package is not installed in js/ (cd js && npm ci && npm run build)"
    return ""


def _check_wheel_is_current() -> None:
    manifest = json.loads((JS / "wheels" / "manifest.json").read_text("utf-8"))
    (engine,) = [w for w in manifest["wheels"] if w.startswith("fearsome_rules-")]
    with zipfile.ZipFile(JS / "wheels" / engine) as wheel:
        shipped = {n for n in wheel.namelist() if n.endswith(".py")}
        # The page's files stay out of the browser's wheel (setup.py, FEARSOME_RULES_NO_PAGE).
        assert not [n for n in wheel.namelist() if "installed_web/page/" in n]
        sources = {p.relative_to(ROOT).as_posix() for p in (ROOT / "fearsome_rules").rglob("*.py")}
        assert shipped == sources, (
            f"js/wheels is stale ({sorted(shipped ^ sources)[:3]}): npm run build in js/"
        )
        for name in sorted(shipped):
            assert wheel.read(name) == (ROOT / name).read_bytes(), (
                f"js/wheels is stale ({name}): npm run build in js/"
            )


GAME = """
let state = await engine.newGame({ players: 4, setup: "advanced", startPlayer: 1 });
let k = 0;
out(JSON.stringify(state));
while (state.phase !== "over" && k < 400) {
  let action;
  if (state.phase === "monster") {
    const tiles = await engine.chanceOutcomes(state);
    action = "reveal " + tiles[k % tiles.length].tile;
  } else {
    const bot = k % 2 ? "greedy" : "search";
    action = await engine.chooseMove(state, { bot, nodes: 20, seed: k });
  }
  state = (await engine.applyTraced(state, action)).state;
  out(JSON.stringify({ action, state }));
  k++;
}
engine.close();
"""
"""A seeded game through the package (``engine`` and ``out(line)`` given): placements, then
the search and the greedy bots in turn, the tiles that can come taken in turn."""

GAME_SCRIPT = f"""
import {{ loadEngine }} from "fearsome-rules";
const engine = await loadEngine({{ worker: false }});
const out = (line) => console.log(line);
{GAME}
"""


def test_a_seeded_game_through_the_package_equals_the_engines() -> None:
    """A 4-player advanced game (placements, search and greedy bots, tiles chosen in turn)
    played through the package in Node.js, compared state by state with the same game here."""
    missing = _package_missing()
    if missing:
        pytest.skip(missing)
    _check_wheel_is_current()
    done = subprocess.run(
        ["node", "--input-type=module", "-e", GAME_SCRIPT],
        cwd=JS,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    _same_game([json.loads(x) for x in done.stdout.splitlines()])


def _same_game(lines: list[Any]) -> None:
    """The lines of :data:`GAME` are the same game played here, state by state."""
    state = fr.new_game(4, 1, fr.RuleOptions(), "advanced")
    assert lines[0] == fr.state_to_json(state)
    for k, line in enumerate(lines[1:]):
        if state.phase is fr.Phase.MONSTER:
            tiles = fr.chance_outcomes(state)
            action: fr.Action = tiles[k % len(tiles)][0]
        else:
            bot = "greedy" if k % 2 else "search"
            action = choose(state, Budget(nodes=20), bot=bot, seed=k)
        assert line["action"] == str(action), k
        state = fr.apply(state, action)
        assert line["state"] == fr.state_to_json(state), k
    assert state.phase is fr.Phase.OVER
    assert len(lines) > 60


PAGE = f"""<!doctype html><meta charset="utf-8"><title>fearsome-rules in a worker</title>
<script type="module">
import {{ loadEngine }} from "./pkg/src/browser.js";
window.lines = [];
try {{
  const t0 = performance.now();
  const engine = await loadEngine({{ pyodideURL: "./pyodide/" }});
  window.loadMs = performance.now() - t0;
  window.ruleTitle = (await engine.rule("FIG-ENTER")).title;
  const out = (line) => window.lines.push(line);
  {GAME}
  window.done = "ok";
}} catch (e) {{
  window.done = "failed: " + e;
}}
</script>"""


def test_a_seeded_game_in_chromium_through_a_web_worker(tmp_path: Path) -> None:
    """The package in headless Chromium, the engine in a module Web Worker (no bundler: the
    package and Pyodide served as files), plays the seeded game equal to the engine's here."""
    from fearsome_rules.tools.web import browser as wb

    missing = _package_missing() or wb.missing()
    if missing:
        pytest.skip(missing)
    _check_wheel_is_current()
    (tmp_path / "index.html").write_text(PAGE, "utf-8")
    (tmp_path / "pkg").symlink_to(JS)
    (tmp_path / "pyodide").symlink_to(JS / "node_modules" / "pyodide")
    with wb.served(tmp_path) as (_httpd, url):
        chromium = wb.driver()
        try:
            chromium.get(url)
            deadline = time.monotonic() + 300
            while not chromium.execute_script("return window.done || ''"):
                assert time.monotonic() < deadline, "the game did not end in 300 s"
                time.sleep(0.2)
            assert chromium.execute_script("return window.done") == "ok"
            assert chromium.execute_script("return typeof window.loadPyodide") == "undefined"
            assert chromium.execute_script("return window.ruleTitle") == "Entering the board"
            lines = chromium.execute_script("return window.lines")
        finally:
            chromium.quit()
    _same_game([json.loads(x) for x in lines])


def test_the_hot_seat_example_plays_a_whole_game_by_clicks() -> None:
    """js/examples/hot-seat.html, the package's smallest page, in headless Chromium: a 2-player
    game played to its end by clicks only (a figure, its squares, Play or the zero move, Reveal),
    the moves chosen here by the runner bot, each state the page then holds equal to this
    engine's after the same action; a click off the offered squares shows the rule it breaks.
    About 60 s: some 100 actions of 2 to 4 clicks, each answered by the engine in the worker."""
    from selenium.webdriver.common.by import By

    from fearsome_rules.tools.web import browser as wb

    missing = _package_missing() or wb.missing()
    if missing:
        pytest.skip(missing)
    _check_wheel_is_current()
    with wb.served(JS) as (_httpd, url):
        chromium = wb.driver()
        try:
            chromium.get(f"{url}examples/hot-seat.html?frame=0")

            def js(script: str) -> Any:
                return chromium.execute_script(script)

            def idle(seconds: float = 120) -> None:
                deadline = time.monotonic() + seconds
                while not js("return !!(window.hs && hs.state && hs.pending === 0)"):
                    assert time.monotonic() < deadline, "the page did not answer"
                    time.sleep(0.02)

            def click(css: str) -> None:
                chromium.find_element(By.CSS_SELECTOR, css).click()
                idle()

            idle(300)  # the engine's start
            state = fr.state_from_json(js("return hs.state"))
            assert state == fr.new_game(2)
            # A waiting figure chosen, then a square it cannot step onto: refused with the rule.
            click('#waiting [data-figure="A5"]')
            with pytest.raises(fr.RuleError) as refused:
                fr.continuations(state, fr.FigureMove("A5", ("a1",)))
            click('#board [data-square="a1"]')
            shown = js("return document.getElementById('message').dataset.rule")
            assert shown and shown == refused.value.rule
            click("#cancel")
            for k in range(400):
                if state.phase is fr.Phase.OVER:
                    break
                if state.phase is fr.Phase.MONSTER:
                    click("#reveal")
                    action = fr.parse_action(js("return hs.actions.at(-1)"))
                else:
                    action = choose(state, None, bot="runner", seed=k)
                    assert isinstance(action, fr.FigureMove)
                    where = state.figure(action.figure).place()
                    if where == "waiting":
                        click(f'#waiting [data-figure="{action.figure}"]')
                    else:
                        click(f'#board [data-square="{where}"]')
                    for square in action.path:
                        click(f'#board [data-square="{square}"]')
                    if not action.path:
                        click("#zero")
                    elif js("return hs.building") is not None:
                        click("#play")
                state = fr.apply(state, action)
                assert fr.state_from_json(js("return hs.state")) == state, (k, str(action))
            assert state.phase is fr.Phase.OVER
            assert "The game is over" in js("return document.getElementById('status').textContent")
        finally:
            chromium.quit()
