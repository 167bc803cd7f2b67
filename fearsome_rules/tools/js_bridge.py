"""The engine for JavaScript: the npm package ``fearsome-rules`` (``js/``) runs this module on
Pyodide and calls :func:`call` with a function's name and its arguments as JSON text; the answer
is JSON text too, so no Python object ever crosses to JavaScript.

Every function takes and returns the engine's JSON formats (the state JSON of
:mod:`fearsome_rules.formats.state_json`, actions in notation or as action JSON, the game
record's JSON) and calls the public engine; no rule is worked out here. This is the door of the
package: each argument is checked for its type and size, and anything wrong becomes a refusal
of one line, ``{"error": {"kind", "message", "rule", "field"}}``, which the package raises as
a ``FearsomeError``.

States read from text are kept (the last :data:`KEPT_STATES`, by their exact text): a front-end
sends back the states it was given, and reading a state strictly costs more than the call it is
for. The JavaScript side sends ``JSON.stringify`` of what it got, which is the compact text
written here, so the text is the key.
"""

from __future__ import annotations

import json
import re
from collections import OrderedDict
from collections.abc import Callable, Mapping
from importlib import metadata
from typing import TYPE_CHECKING, Any, Final

import attrs

from fearsome_rules.core import events as ev
from fearsome_rules.core.actions import Action, FigureMove, parse_action
from fearsome_rules.core.deck import TILES
from fearsome_rules.core.endings import outcome
from fearsome_rules.core.errors import (
    ArgumentError,
    ArgumentTypeError,
    FearsomeError,
    quote,
    whole_number,
)
from fearsome_rules.core.game import (
    apply,
    apply_traced,
    chance_outcomes,
    check,
    legal_actions,
    legal_moves,
    new_game,
)
from fearsome_rules.core.moves import continuations, destinations
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.core.placement import legal_placements
from fearsome_rules.core.position import position
from fearsome_rules.core.state import SEAT_LETTERS, GameState
from fearsome_rules.formats.diagram import diagram, parse_diagram
from fearsome_rules.formats.position_string import parse_position, position_string
from fearsome_rules.formats.record import GameRecord
from fearsome_rules.formats.state_json import (
    action_from_json,
    action_to_json,
    options_doc,
    options_from_doc,
    state_from_json,
    state_to_json,
)
from fearsome_rules.tools.bots.registry import BOTS, choose
from fearsome_rules.tools.bots.search import Budget
from fearsome_rules.tools.trail import hits, monster_path

if TYPE_CHECKING:
    from fearsome_rules.tools.explain.lines import Line

Json = Any
MAX_REQUEST: Final = 2_000_000
"""The longest arguments' text, in characters: a game record (at most 1,000,000 bytes) and
room to spare."""
MAX_TEXT: Final = 10_000
"""The longest text argument but a record: an action, a position string, a diagram."""
MAX_ACTIONS: Final = 10_000
"""The most actions a record made here may hold."""
MAX_NODES: Final = 1_000_000
"""The largest node budget a bot may be given (as ``search:N``)."""
MAX_SECONDS: Final = 60.0
"""The longest time budget a bot may be given: a call longer than this blocks the worker."""
KEPT_STATES: Final = 64
MAX_NESTING: Final = 64
"""The deepest nesting of JSON read here. On Pyodide, the JSON reader's recursion in a text
nested some 100,000 deep exhausts the WebAssembly stack before Python's recursion limit is
reached, and the runtime dies: such text is refused before it is read."""
_TOKENS: Final = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


class BridgeError(ArgumentError):
    """A call or an argument the package does not take: an unknown name, a wrong type, a size."""


def call(name: str, args: str) -> str:
    """Carry out the function ``name`` with ``args`` (a JSON object's text); the answer as
    JSON text: ``{"ok": value}``, or ``{"error": {...}}`` for a refusal. Never raises."""
    try:
        function = _FUNCTIONS.get(name) if isinstance(name, str) else None
        if function is None:
            raise BridgeError("call(name)", f"{quote(name)} is not a function of the engine")
        answer: Json = {"ok": function(_Args(name, _read_args(name, args)))}
    except FearsomeError as e:
        answer = {"error": refusal(e)}
    except RecursionError:
        answer = {"error": _error("BridgeError", f"{name}: the arguments are nested too deeply")}
    except Exception as e:  # an engine's bug: reported as such, never lost
        answer = {"error": _error("InternalError", f"{type(e).__name__}: {e}")}
    return json.dumps(answer, separators=(",", ":"))


def refusal(e: FearsomeError) -> dict[str, str]:
    """The JSON of an error: its class, its one-line message, its rule id and field ("" if
    none)."""
    return _error(
        type(e).__name__, str(e), getattr(e, "rule", "") or "", getattr(e, "field", "") or ""
    )


def _error(kind: str, message: str, rule: str = "", field: str = "") -> dict[str, str]:
    return {"kind": kind, "message": message, "rule": rule, "field": field}


def _read_args(name: str, text: object) -> dict[str, Json]:
    if not isinstance(text, str):
        raise BridgeError(f"{name}(arguments)", "the arguments are not JSON text")
    if len(text) > MAX_REQUEST:
        raise BridgeError(
            f"{name}(arguments)", f"{len(text):,} characters of arguments: at most {MAX_REQUEST:,}"
        )
    check_nesting(text, f"{name}(arguments)")
    try:
        args = json.loads(text)
    except ValueError as e:
        raise BridgeError(f"{name}(arguments)", f"not JSON: {e}") from None
    if not isinstance(args, dict):
        raise ArgumentTypeError(f"{name}(arguments)", "a JSON object", args)
    return args


def check_nesting(text: str, where: str) -> None:
    """Refuse JSON text nested deeper than :data:`MAX_NESTING` (strings skipped)."""
    if text.count("[") + text.count("{") <= MAX_NESTING:
        return
    depth = 0
    for m in _TOKENS.finditer(text):
        token = m.group()
        if token in ("[", "{"):
            depth += 1
            if depth > MAX_NESTING:
                raise BridgeError(where, f"JSON nested more than {MAX_NESTING} deep")
        elif token in ("]", "}"):
            depth -= 1


class _Args:
    """The arguments of one call, each taken once by name and checked; any left over is an
    unknown argument."""

    def __init__(self, function: str, args: dict[str, Json]) -> None:
        self.function, self.args = function, args
        unknown = sorted(set(args) - set(_PARAMETERS[function]))
        if unknown:
            known = ", ".join(_PARAMETERS[function]) or "none"
            raise BridgeError(
                f"{function}({quote(unknown[0], 30)})", f"no such argument (it takes: {known})"
            )

    def where(self, name: str) -> str:
        return f"{self.function}({name})"

    def get(self, name: str) -> Json:
        return self.args.get(name)

    def has(self, name: str) -> bool:
        return self.args.get(name) is not None

    def state(self, name: str = "state") -> GameState:
        value = self.args.get(name)
        if not isinstance(value, str | dict):
            raise ArgumentTypeError(self.where(name), "a state (the state JSON)", value)
        text = value if isinstance(value, str) else json.dumps(value, separators=(",", ":"))
        kept = _STATES.get(text)
        if kept is not None:
            _STATES.move_to_end(text)
            return kept
        if isinstance(value, str):
            check_nesting(value, self.where(name))
        state = state_from_json(text)
        _keep(text, state)
        return state

    def text(self, name: str, what: str, most: int = MAX_TEXT, default: str | None = None) -> str:
        value = self.args.get(name, default)
        if not isinstance(value, str):
            raise ArgumentTypeError(self.where(name), what, value)
        if len(value) > most:
            raise BridgeError(self.where(name), f"{len(value):,} characters: at most {most:,}")
        return value

    def number(self, name: str, low: int, high: int, default: int | None = None) -> int:
        value = self.args.get(name, default)
        n = whole_number(value, self.where(name))
        if not low <= n <= high:
            raise BridgeError(self.where(name), f"{n} is not between {low} and {high}")
        return n

    def flag(self, name: str, default: bool) -> bool:
        value = self.args.get(name, default)
        if not isinstance(value, bool):
            raise ArgumentTypeError(self.where(name), "true or false", value)
        return value

    def texts(self, name: str, what: str, most: int) -> list[str]:
        value = self.args.get(name, [])
        if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
            raise ArgumentTypeError(self.where(name), f"a list of {what}", value)
        if len(value) > most:
            raise BridgeError(self.where(name), f"{len(value):,} items: at most {most:,}")
        return value

    def action(self, name: str = "action") -> Action:
        return read_action(self.args.get(name), self.where(name))

    def figure(self, name: str = "figure") -> str:
        return self.text(name, "a figure name such as 'A5'", 8)

    def options(self, name: str = "options") -> RuleOptions:
        value = self.args.get(name, {})
        if not isinstance(value, dict):
            raise ArgumentTypeError(self.where(name), "rule options (name -> value)", value)
        return options_from_doc(value, self.where(name))

    def record(self, name: str = "record") -> GameRecord:
        value = self.args.get(name)
        if not isinstance(value, str | dict):
            raise ArgumentTypeError(self.where(name), "a game record (its JSON or text)", value)
        if isinstance(value, str):
            check_nesting(value, self.where(name))
        return GameRecord.from_json(value)


def read_action(value: Json, where: str) -> Action:
    """An action given as its notation or as its action JSON."""
    if isinstance(value, dict):
        return action_from_json(value)
    if not isinstance(value, str):
        raise ArgumentTypeError(where, "an action: its notation (str) or its action JSON", value)
    if len(value) > MAX_TEXT:
        raise BridgeError(where, f"{len(value):,} characters: at most {MAX_TEXT:,}")
    return parse_action(value)


_STATES: OrderedDict[str, GameState] = OrderedDict()


def _keep(text: str, state: GameState) -> None:
    _STATES[text] = state
    if len(_STATES) > KEPT_STATES:
        _STATES.popitem(last=False)


def state_doc(state: GameState) -> dict[str, Json]:
    """The state JSON of ``state``, its text kept for the next call that sends it back."""
    doc = state_to_json(state)
    _keep(json.dumps(doc, separators=(",", ":")), state)
    return doc


def _seat(args: _Args, name: str, players: int) -> int:
    value = args.get(name)
    if value is None:
        return 0
    if isinstance(value, str) and value in SEAT_LETTERS[:players]:
        return SEAT_LETTERS.index(value)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < players:
        return value
    raise BridgeError(
        args.where(name), f"{quote(value)} is not a seat of {players} players (A.. or 0..)"
    )


# --- the functions ---------------------------------------------------------------------------


def _info(_: _Args) -> Json:
    default = RuleOptions()
    return {
        "version": metadata.version("fearsome_rules"),
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


def _new_game(a: _Args) -> Json:
    players = a.number("players", 2, 7, 4)
    setup = a.text("setup", "a setup: basic, advanced or bsw", 20, "basic")
    return state_doc(new_game(players, _seat(a, "start_player", players), a.options(), setup))


def _read_state(a: _Args) -> Json:
    return state_doc(a.state())


def _apply(a: _Args) -> Json:
    return state_doc(apply(a.state(), a.action()))


def event_doc(e: ev.Event) -> dict[str, Json]:
    """An event as JSON: its class as ``type``, its fields, and its text (``str``)."""
    doc: dict[str, Json] = {"type": type(e).__name__}
    for field in attrs.fields(type(e)):
        value = getattr(e, field.name)
        doc[field.name] = list(value) if isinstance(value, tuple) else value
    doc["text"] = str(e)
    return doc


def _apply_traced(a: _Args) -> Json:
    after, events = apply_traced(a.state(), a.action())
    return {
        "state": state_doc(after),
        "events": [event_doc(e) for e in events],
        "monsterPath": monster_path(events),
        "eaten": hits(events),
    }


def _check(a: _Args) -> Json:
    refused = check(a.state(), a.action())
    return None if refused is None else refusal(refused)


def _legal_moves(a: _Args) -> Json:
    figure = a.figure() if a.has("figure") else None
    return [str(m) for m in legal_moves(a.state(), figure)]


def _legal_actions(a: _Args) -> Json:
    return [str(m) for m in legal_actions(a.state())]


def _destinations(a: _Args) -> Json:
    return {name: list(places) for name, places in destinations(a.state()).items()}


def _continuations(a: _Args) -> Json:
    path = tuple(a.texts("path", "squares", 16))
    step = continuations(a.state(), FigureMove(a.figure(), path))
    return {"next": list(step.next), "complete": step.complete}


def _chance_outcomes(a: _Args) -> Json:
    return [
        {"tile": r.tile, "probability": f"{p.numerator}/{p.denominator}", "p": float(p)}
        for r, p in chance_outcomes(a.state())
    ]


def _outcome(a: _Args) -> Json:
    o = outcome(a.state())
    if o is None:
        return None
    return {
        "rule": o.rule,
        "winners": [SEAT_LETTERS[s] for s in o.winners],
        "escaped": list(o.escaped),
        "ranking": [SEAT_LETTERS[s] for s in o.ranking],
    }


def _legal_placements(a: _Args) -> Json:
    return [str(p) for p in legal_placements(a.state())]


def _parse_action(a: _Args) -> Json:
    return action_to_json(a.action("text"))


def _format_action(a: _Args) -> Json:
    return str(a.action())


def _position_string(a: _Args) -> Json:
    return position_string(a.state())


def _parse_position(a: _Args) -> Json:
    state = parse_position(a.text("text", "a position string"))
    if a.has("options"):
        # The options given replace the string's own, and the position is read again under
        # them: a position that one reading cannot reach is refused by the reader, not here.
        state = parse_position(position_string(state.replace(options=a.options())))
    return state_doc(state)


def _diagram(a: _Args) -> Json:
    return diagram(a.state())


def _parse_diagram(a: _Args) -> Json:
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


def _position(a: _Args) -> Json:
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
            kw[name] = _seat(a, name, players)
    return state_doc(position(players, options=a.options(), **kw))


def _to_record(a: _Args) -> Json:
    start = a.state("start")
    value = a.get("actions")
    if not isinstance(value, list) or len(value) > MAX_ACTIONS:
        raise ArgumentTypeError(
            a.where("actions"), f"a list of at most {MAX_ACTIONS:,} actions", value
        )
    actions = [read_action(x, f"{a.where('actions')}[{k}]") for k, x in enumerate(value)]
    return GameRecord.of(start, actions, new_game=a.flag("new_game", True)).to_json()


def _from_record(a: _Args) -> Json:
    record = a.record()
    return {"record": record.to_json(), "states": [state_doc(s) for s in record.states()]}


def _replay(a: _Args) -> Json:
    record = a.record()
    upto = a.number("upto", 0, len(record.actions)) if a.has("upto") else None
    return state_doc(record.replay(upto))


def _line(x: Line) -> Json:
    return {"label": x.label, "text": x.text, "rules": list(x.rules), "option": x.option}


def _explain(a: _Args) -> Json:
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


def _render_svg(a: _Args) -> Json:
    from fearsome_rules.tools.render.svg import render_svg  # as explain: when first asked

    walk = a.action("walk") if a.has("walk") else None
    caption = a.texts("caption", "lines", 20)
    return render_svg(a.state(), walk, a.text("title", "a title", 200, ""), caption)


def _choose_move(a: _Args) -> Json:
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


def _rule_options(a: _Args) -> Json:
    return options_doc(a.options())


Function = Callable[[_Args], Json]
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
)
_FUNCTIONS: Final[Mapping[str, Function]] = {name: f for name, f, _ in _TABLE}
_PARAMETERS: Final[Mapping[str, tuple[str, ...]]] = {name: p for name, _, p in _TABLE}
FUNCTIONS: Final = tuple(_FUNCTIONS)
"""The names :func:`call` takes."""
