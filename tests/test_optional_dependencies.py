"""The engine without PyYAML and jsonschema: a browser's Python (Pyodide) has neither, and the
web front-end runs the engine there. ``import fearsome_rules``, play, records, JSON, positions,
the explain and render tools and the web page's Python side must work with both missing; only
the readers of YAML files (and the case files' schema) need them."""

from __future__ import annotations

import subprocess
import sys
import textwrap

# sys.modules[name] = None makes every `import name` raise ImportError, as when it is missing.
_PROGRAM = textwrap.dedent(
    """
    import sys

    sys.modules["yaml"] = None
    sys.modules["jsonschema"] = None

    import random

    import fearsome_rules as fr
    from fearsome_rules.tools import bots
    from fearsome_rules.tools.explain import explain
    from fearsome_rules.tools.render import render_svg

    state = fr.new_game(players=3, start_player=0)
    played = []
    rng = random.Random(5)
    while state.round < 3:
        if state.phase is fr.Phase.MONSTER:
            action = bots.draw_tile(state, rng)
            assert explain(state, action.tile).steps
        else:
            action = bots.greedy_bot(state, rng)
        state, events = fr.apply_traced(state, action)
        played.append(action)
    assert fr.continuations(state, fr.FigureMove(fr.legal_moves(state)[0].figure, ())).next
    record = fr.GameRecord.of(fr.new_game(players=3, start_player=0), played)
    assert fr.GameRecord.from_json(record.dumps()).replay() == state
    assert fr.state_from_json(fr.state_to_json(state)) == state
    assert fr.parse_position(fr.position_string(state)) == state
    assert render_svg(state).startswith("<svg")
    import json

    from fearsome_rules.tools.js_bridge import call  # what the browser's engine runs

    game = json.loads(call("new_game", '{"players": 2}'))["ok"]
    move = json.loads(call("choose_move", json.dumps({"state": game, "bot": "greedy"})))["ok"]
    assert move.startswith("A"), move
    walk = json.loads(call("walk_frames", json.dumps({"state": game, "action": move})))["ok"]
    assert walk["heading"] == f"A moves {move}", walk["heading"]
    board = json.loads(call("board_svg", json.dumps({"state": walk["after"]})))["ok"]
    assert board.startswith("<svg"), board[:40]
    try:
        import fearsome_rules.formats.safe_input  # the YAML reader: needs PyYAML
    except ImportError:
        pass
    else:
        raise AssertionError("PyYAML was not blocked")
    print(len(played), "actions")
    """
)


def test_the_engine_runs_without_yaml_and_jsonschema() -> None:
    done = subprocess.run(
        [sys.executable, "-c", _PROGRAM], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith("actions")
