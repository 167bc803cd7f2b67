"""The door of the npm package's Python side: the arguments of a call read from JSON text and
checked (type, size, nesting) one by one, refusals as JSON, and the states read kept by their
text. See :mod:`fearsome_rules.tools.js_bridge`."""

from __future__ import annotations

import json
import re
from collections import OrderedDict
from typing import Any, Final

from fearsome_rules.core.actions import Action, parse_action
from fearsome_rules.core.errors import (
    ArgumentError,
    ArgumentTypeError,
    FearsomeError,
    quote,
    whole_number,
)
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.core.state import SEAT_LETTERS, GameState
from fearsome_rules.formats.record import GameRecord
from fearsome_rules.formats.state_json import (
    action_from_json,
    options_from_doc,
    state_from_json,
    state_to_json,
)

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
KEPTSTATES: Final = 64
MAX_NESTING: Final = 64
"""The deepest nesting of JSON read here. On Pyodide, the JSON reader's recursion in a text
nested some 100,000 deep exhausts the WebAssembly stack before Python's recursion limit is
reached, and the runtime dies: such text is refused before it is read."""
_TOKENS: Final = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


class Encoded(str):
    """A text answered with its JSON string already written (``json``): a board's picture is
    kept drawn, and so is its JSON, which :func:`~fearsome_rules.tools.js_bridge.call` puts in
    the answer as it is (escaping a board's 25,000 characters cost as much as the call's
    continuations)."""

    json: str

    @staticmethod
    def of(texts: list[str], insides: list[str]) -> Encoded:
        """The text of ``texts`` joined, ``insides`` their JSON strings' insides (escaped)."""
        out = Encoded("".join(texts))
        out.json = '"' + "".join(insides) + '"'
        return out


def inside(text: str) -> str:
    """The inside of ``text``'s JSON string, escaped as :func:`json.dumps` writes it."""
    return json.dumps(text)[1:-1]


def dumps(answer: dict[str, Json]) -> str:
    """``answer`` as compact JSON text, an :class:`Encoded` value (the answer itself or one of
    its fields) written as its JSON."""
    ok = answer.get("ok")
    if isinstance(ok, Encoded):
        return f'{{"ok":{ok.json}}}'
    if isinstance(ok, dict) and any(isinstance(v, Encoded) for v in ok.values()):
        fields = (
            f"{json.dumps(k)}:{v.json if isinstance(v, Encoded) else _compact(v)}"
            for k, v in ok.items()
        )
        return '{"ok":{' + ",".join(fields) + "}}"
    return _compact(answer)


def _compact(value: Json) -> str:
    return json.dumps(value, separators=(",", ":"))


class BridgeError(ArgumentError):
    """A call or an argument the package does not take: an unknown name, a wrong type, a size."""


def refusal(e: FearsomeError) -> dict[str, str]:
    """The JSON of an error: its class, its one-line message, its rule id and field ("" if
    none)."""
    return error_doc(
        type(e).__name__, str(e), getattr(e, "rule", "") or "", getattr(e, "field", "") or ""
    )


def error_doc(kind: str, message: str, rule: str = "", field: str = "") -> dict[str, str]:
    return {"kind": kind, "message": message, "rule": rule, "field": field}


def read_args(name: str, text: object) -> dict[str, Json]:
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


class Args:
    """The arguments of one call, each taken once by name and checked; any left over is an
    unknown argument."""

    def __init__(self, function: str, args: dict[str, Json], known: tuple[str, ...]) -> None:
        self.function, self.args = function, args
        unknown = sorted(set(args) - set(known))
        if unknown:
            takes = ", ".join(known) or "none"
            raise BridgeError(
                f"{function}({quote(unknown[0], 30)})", f"no such argument (it takes: {takes})"
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
        kept = STATES.get(text)
        if kept is not None:
            STATES.move_to_end(text)
            return kept
        if isinstance(value, str):
            check_nesting(value, self.where(name))
        state = state_from_json(text)
        keep(text, state)
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


STATES: OrderedDict[str, GameState] = OrderedDict()


def keep(text: str, state: GameState) -> None:
    STATES[text] = state
    if len(STATES) > KEPTSTATES:
        STATES.popitem(last=False)


def state_doc(state: GameState) -> dict[str, Json]:
    """The state JSON of ``state``, its text kept for the next call that sends it back."""
    doc = state_to_json(state)
    keep(json.dumps(doc, separators=(",", ":")), state)
    return doc


def seat(args: Args, name: str, players: int) -> int:
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
