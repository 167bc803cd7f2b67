"""The functions of the npm package's Python side, each taking its checked arguments
(:class:`~fearsome_rules.tools.js_bridge.door.Args`) and answering JSON-compatible values from
the public engine, and :func:`call`, which the package calls. See
:mod:`fearsome_rules.tools.js_bridge`."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from importlib import metadata
from typing import TYPE_CHECKING, Final, Protocol

from fearsome_rules.core import events as ev
from fearsome_rules.core.deck import TILES
from fearsome_rules.core.errors import ArgumentTypeError, FearsomeError, quote
from fearsome_rules.core.game import (
    apply,
    apply_traced,
    chance_outcomes,
    check,
    legal_actions,
    legal_moves,
    new_game,
)
from fearsome_rules.core.moves import destinations
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.core.placement import legal_placements
from fearsome_rules.core.position import position
from fearsome_rules.formats.diagram import diagram, parse_diagram
from fearsome_rules.formats.event_json import event_to_json, outcome_to_json
from fearsome_rules.formats.position_string import parse_position, position_string
from fearsome_rules.formats.record import GameRecord
from fearsome_rules.formats.state_json import action_to_json, options_doc
from fearsome_rules.tools.bots.registry import BOTS, choose
from fearsome_rules.tools.bots.search import Budget
from fearsome_rules.tools.js_bridge import page
from fearsome_rules.tools.js_bridge.door import (
    MAX_ACTIONS,
    MAX_NODES,
    MAX_SECONDS,
    Args,
    BridgeError,
    Json,
    dumps,
    error_doc,
    read_action,
    read_args,
    refusal,
    seat,
    state_doc,
)
from fearsome_rules.tools.trail import hits, monster_path

if TYPE_CHECKING:
    from fearsome_rules.tools.explain.lines import Line


def call(name: str, args: str) -> str:
    """Carry out the function ``name`` with ``args`` (a JSON object's text); the answer as
    JSON text: ``{"ok": value}``, or ``{"error": {...}}`` for a refusal. Never raises."""
    try:
        function = _FUNCTIONS.get(name) if isinstance(name, str) else None
        if function is None:
            raise BridgeError("call(name)", f"{quote(name)} is not a function of the engine")
        answer: Json = {"ok": function(Args(name, read_args(name, args), _PARAMETERS[name]))}
    except FearsomeError as e:
        answer = {"error": refusal(e)}
    except RecursionError:
        answer = {"error": error_doc("BridgeError", f"{name}: the arguments are nested too deeply")}
    except Exception as e:  # an engine's bug: reported as such, never lost
        answer = {"error": error_doc("InternalError", f"{type(e).__name__}: {e}")}
    return dumps(answer)


class Buffer(Protocol):
    """A JavaScript typed array as Pyodide hands it to Python (a ``JsBuffer``)."""

    def to_bytes(self) -> bytes: ...


def call_utf8(name: str, args: bytes | Buffer) -> bytes:
    """:func:`call` with the arguments' and the answer's JSON text as UTF-8 bytes (``args``:
    ``bytes``, or on Pyodide the ``Uint8Array`` of JavaScript's ``TextEncoder``). Pyodide
    carries a string between JavaScript and Python a character at a time (a board's 28,000
    characters, 0.5 ms in Node.js), bytes as one copy (0.07 ms), so the package calls this."""
    raw = args if isinstance(args, bytes) else args.to_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        refused = error_doc("BridgeError", f"{quote(name)}: the arguments are not UTF-8")
        return dumps({"error": refused}).encode("utf-8")
    return call(name, text).encode("utf-8")


# --- the functions ---------------------------------------------------------------------------


@functools.cache
def _version() -> str:
    # Read once: the package's snapshot of the runtime (js/scripts/snapshot.mjs) keeps its
    # memory, not its files.
    return metadata.version("fearsome_rules")


def _info(_: Args) -> Json:
    default = RuleOptions()
    return {
        "version": _version(),
        "players": list(range(2, 8)),
        "setups": ["basic", "advanced", "bsw"],
        "tiles": list(TILES),
        "bots": sorted(BOTS),
        "options": [
            {"name": name, "values": _values(name), "default": getattr(default, name)}
            for name in RuleOptions.names()
        ],
    }


def _values(option: str) -> list[str | bool]:
    values = RuleOptions.choices(option)
    if isinstance(getattr(RuleOptions(), option), bool):
        return [v == "true" for v in values]
    return list(values)


def _new_game(a: Args) -> Json:
    players = a.number("players", 2, 7, 4)
    setup = a.text("setup", "a setup: basic, advanced or bsw", 20, "basic")
    return state_doc(new_game(players, seat(a, "start_player", players), a.options(), setup))


def _read_state(a: Args) -> Json:
    return state_doc(a.state())


def _apply(a: Args) -> Json:
    return state_doc(apply(a.state(), a.action()))


def event_doc(e: ev.Event) -> dict[str, Json]:
    """An event as JSON: its class as ``type``, its fields, and its text (``str``)."""
    doc: dict[str, Json] = event_to_json(e)
    doc["text"] = str(e)
    return doc


def _apply_traced(a: Args) -> Json:
    after, events = apply_traced(a.state(), a.action())
    return {
        "state": state_doc(after),
        "events": [event_doc(e) for e in events],
        "monsterPath": monster_path(events),
        "eaten": hits(events),
    }


def _check(a: Args) -> Json:
    refused = check(a.state(), a.action())
    return None if refused is None else refusal(refused)


def _legal_moves(a: Args) -> Json:
    figure = a.figure() if a.has("figure") else None
    return [str(m) for m in legal_moves(a.state(), figure)]


def _legal_actions(a: Args) -> Json:
    return [str(m) for m in legal_actions(a.state())]


def _destinations(a: Args) -> Json:
    return {name: list(places) for name, places in destinations(a.state()).items()}


def _continuations(a: Args) -> Json:
    step = page.continuation(a, a.state())
    return {"next": list(step.next), "complete": step.complete}


def _chance_outcomes(a: Args) -> Json:
    return [
        {"tile": r.tile, "probability": f"{p.numerator}/{p.denominator}", "p": float(p)}
        for r, p in chance_outcomes(a.state())
    ]


def _outcome(a: Args) -> Json:
    return outcome_to_json(a.state())


def _legal_placements(a: Args) -> Json:
    return [str(p) for p in legal_placements(a.state())]


def _parse_action(a: Args) -> Json:
    return action_to_json(a.action("text"))


def _format_action(a: Args) -> Json:
    return str(a.action())


def _position_string(a: Args) -> Json:
    return position_string(a.state())


def _parse_position(a: Args) -> Json:
    state = parse_position(a.text("text", "a position string"))
    if a.has("options"):
        # The options given replace the string's own, and the position is read again under
        # them: a position that one reading cannot reach is refused by the reader, not here.
        state = page.under(state, a.options())
    return state_doc(state)


def _diagram(a: Args) -> Json:
    return diagram(a.state())


def _parse_diagram(a: Args) -> Json:
    return state_doc(parse_diagram(a.text("text", "a diagram")))


_POSITION_TEXTS = ("monster", "facing", "setup", "ended_by")
_POSITION_LISTS = (
    "moved",
    "stones",
    "pools",
    "deck_left",
    "escapes",
    "crystals",
    "turn_right",
    "turn_about",
    "teleporters",
    "to_place",
)


def _position(a: Args) -> Json:
    kw: dict[str, Json] = {}
    for name in ("figures", "faces"):
        if a.has(name):
            value = a.get(name)
            if not isinstance(value, dict) or len(value) > 64:
                raise ArgumentTypeError(a.where(name), "an object of at most 64 figures", value)
            kw[name] = value
    for name in _POSITION_TEXTS:
        if a.has(name):
            kw[name] = a.text(name, "text", 40)
    for name in _POSITION_LISTS:
        if a.has(name):
            kw[name] = a.texts(name, "names", 200)
    for name, high in (("round", 14), ("stage", 2), ("reveals", 20)):
        if a.has(name):
            kw[name] = a.number(name, 0, high)
    players = a.number("players", 2, 7, 4)
    for name in ("start_player", "to_move"):
        if a.has(name):
            kw[name] = seat(a, name, players)
    return state_doc(position(players, options=a.options(), **kw))


def _to_record(a: Args) -> Json:
    start = a.state("start")
    value = a.get("actions")
    if not isinstance(value, list) or len(value) > MAX_ACTIONS:
        raise ArgumentTypeError(
            a.where("actions"), f"a list of at most {MAX_ACTIONS:,} actions", value
        )
    actions = [read_action(x, f"{a.where('actions')}[{k}]") for k, x in enumerate(value)]
    return GameRecord.of(start, actions, new_game=a.flag("new_game", True)).to_json()


def _from_record(a: Args) -> Json:
    record = a.record()
    return {"record": record.to_json(), "states": [state_doc(s) for s in record.states()]}


def _replay(a: Args) -> Json:
    record = a.record()
    upto = a.number("upto", 0, len(record.actions)) if a.has("upto") else None
    return state_doc(record.replay(upto))


def _line(x: Line) -> Json:
    return {"label": x.label, "text": x.text, "rules": list(x.rules), "option": x.option}


def _explain(a: Args) -> Json:
    from fearsome_rules.tools.explain import explain  # imported when first asked: a faster start

    e = explain(a.state(), a.text("tile", "a monster tile such as '8'", 10))
    return {
        "tile": e.tile,
        "header": [_line(x) for x in e.header],
        "steps": [
            {
                "number": s.number,
                "start": s.start,
                "end": s.end,
                "facing": s.facing,
                "hits": list(s.hits),
                "look": [_line(x) for x in s.look.lines()],
                "lines": [_line(x) for x in s.lines],
            }
            for s in e.steps
        ],
        "finalLook": [_line(x) for x in e.final_look.lines()],
        "after": [_line(x) for x in e.after],
        "text": e.text(),
    }


def _render_svg(a: Args) -> Json:
    from fearsome_rules.tools.render.svg import render_svg  # as explain: when first asked

    walk = a.action("walk") if a.has("walk") else None
    caption = a.texts("caption", "lines", 20)
    return render_svg(a.state(), walk, a.text("title", "a title", 200, ""), caption)


def _choose_move(a: Args) -> Json:
    bot = a.text("bot", "a bot's name", 40, "search")
    budget: Budget | None = None
    if a.has("nodes") or a.has("seconds"):
        seconds = a.get("seconds")
        if seconds is not None and (
            isinstance(seconds, bool)
            or not isinstance(seconds, int | float)
            or not 0 < seconds <= MAX_SECONDS
        ):
            raise BridgeError(
                a.where("seconds"), f"{quote(seconds)}: more than 0, at most {MAX_SECONDS:g}"
            )
        nodes = a.number("nodes", 1, MAX_NODES) if a.has("nodes") else None
        budget = Budget(nodes=nodes, seconds=None if seconds is None else float(seconds))
    seed = a.number("seed", -(2**63), 2**63 - 1, 0)
    return str(choose(a.state(), budget, bot=bot, seed=seed))


def _rule_options(a: Args) -> Json:
    return options_doc(a.options())


Function = Callable[[Args], Json]
_TABLE: Final[tuple[tuple[str, Function, tuple[str, ...]], ...]] = (
    ("info", _info, ()),
    ("new_game", _new_game, ("players", "start_player", "setup", "options")),
    ("read_state", _read_state, ("state",)),
    ("apply", _apply, ("state", "action")),
    ("apply_traced", _apply_traced, ("state", "action")),
    ("check", _check, ("state", "action")),
    ("legal_moves", _legal_moves, ("state", "figure")),
    ("legal_actions", _legal_actions, ("state",)),
    ("destinations", _destinations, ("state",)),
    ("continuations", _continuations, ("state", "figure", "path")),
    ("chance_outcomes", _chance_outcomes, ("state",)),
    ("outcome", _outcome, ("state",)),
    ("legal_placements", _legal_placements, ("state",)),
    ("parse_action", _parse_action, ("text",)),
    ("format_action", _format_action, ("action",)),
    ("position_string", _position_string, ("state",)),
    ("parse_position", _parse_position, ("text", "options")),
    ("diagram", _diagram, ("state",)),
    ("parse_diagram", _parse_diagram, ("text",)),
    (
        "position",
        _position,
        (
            "players",
            "figures",
            "faces",
            "start_player",
            "to_move",
            "round",
            "stage",
            "reveals",
            *_POSITION_TEXTS,
            *_POSITION_LISTS,
            "options",
        ),
    ),
    ("to_record", _to_record, ("start", "actions", "new_game")),
    ("from_record", _from_record, ("record",)),
    ("replay", _replay, ("record", "upto")),
    ("explain", _explain, ("state", "tile")),
    ("render_svg", _render_svg, ("state", "walk", "title", "caption")),
    ("choose_move", _choose_move, ("state", "bot", "nodes", "seconds", "seed")),
    ("rule_options", _rule_options, ("options",)),
    ("board_svg", page.board_svg, ("state", "marks", "labels", "walk")),
    (
        "continuations_board",
        page.continuations_board,
        ("state", "figure", "path", "marks", "labels", "mark", "picture"),
    ),
    ("walk_frames", page.walk_frames, ("state", "tile", "action", "frame")),
    ("walk_frame", page.walk_frame, ("state", "tile", "action", "k")),
    ("compare_readings", page.compare_readings, ("state", "tile", "option")),
    ("readings_that_matter", page.readings_that_matter, ("state", "action")),
    ("panel", page.panel, ("state", "players")),
    ("draw_tile", page.draw_tile, ("state", "seed")),
    ("check_tiles", page.check_tiles, ("record", "seed", "seed_hash")),
)
_FUNCTIONS: Final[Mapping[str, Function]] = {name: f for name, f, _ in _TABLE}
_PARAMETERS: Final[Mapping[str, tuple[str, ...]]] = {name: p for name, _, p in _TABLE}
FUNCTIONS: Final = tuple(_FUNCTIONS)
"""The names :func:`call` takes."""
