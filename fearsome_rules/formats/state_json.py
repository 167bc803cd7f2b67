"""Strict JSON documents of states and actions, with a format version.

- :func:`state_to_json` / :func:`state_from_json`: a complete state as a JSON object with square
  names (the same content as a position string, structured).
- :func:`action_to_json` / :func:`action_from_json`: one action as a JSON object.

Reading is strict (cattrs with extra keys forbidden and no type coercion): a wrong key or type
is refused with a :class:`RecordError` that names the place (``$.figures[3].face``), and for
text the line and column. Every state read back is checked by :func:`fearsome_rules.core.position`.
The game record (:mod:`fearsome_rules.formats.record`) is read with the same strict
:data:`converter` and raises the same :class:`RecordError`.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Mapping
from typing import Any, Final, Literal, TypeVar, get_args, get_origin

import attrs
import cattrs
import cattrs.cols
import cattrs.v

from fearsome_rules.core import board
from fearsome_rules.core.actions import Action, FigureMove, PlaceTile, Reveal
from fearsome_rules.core.board import STONE_KINDS
from fearsome_rules.core.errors import (
    ArgumentTypeError,
    FearsomeError,
    NotationError,
    SetupError,
    quote,
)
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.core.state import SEAT_LETTERS, GameState, kinds_for, wrong_state

FORMAT_VERSION: Final = 1
STATE_FORMAT: Final = "fearsome-rules/state"
_KIND_OF_NAME = {v: k for k, v in STONE_KINDS.items()}


class RecordError(FearsomeError):
    """A JSON state, action or game record that cannot be read, or a record whose actions do
    not replay; the message names the place (and the line, for text). ``action`` is the number
    (from 1) of the action that failed to replay, 0 otherwise."""

    def __init__(self, message: str, action: int = 0) -> None:
        super().__init__(message)
        self.action = action


class RecordTypeError(ArgumentTypeError, RecordError):
    """A wrong Python type given to a reader or a game record (not JSON text or a JSON object,
    not a number where a record holds one): a RecordError too."""

    def __init__(self, argument: str, expected: str, value: object) -> None:
        self.action = 0
        ArgumentTypeError.__init__(self, argument, expected, value)


RecordError.__module__ = "fearsome_rules"  # as the core's errors: named where users import it
RecordTypeError.__module__ = "fearsome_rules"


# --- the documents ---------------------------------------------------------------------------


@attrs.frozen
class FigureDoc:
    name: str
    where: str
    face: int
    moved: bool


@attrs.frozen
class TeleporterDoc:
    square: str
    pair: int
    arrow: str


@attrs.frozen
class StateDoc:
    """The JSON object of a state. ``to_move`` and ``phase`` follow from the rest; they are
    written for readers and checked when read."""

    format: Literal["fearsome-rules/state"]
    version: int
    players: int
    setup: str
    options: dict[str, str | bool]
    round: int
    stage: int
    start_player: str
    to_move: str
    phase: str
    monster: str
    facing: str
    stones: dict[str, str]
    pools: list[str]
    figures: list[FigureDoc]
    deck: list[str]
    escapes: list[str]
    ended_by: str
    teleporters: list[TeleporterDoc]
    to_place: list[str]


@attrs.frozen
class MoveDoc:
    type: Literal["move"]
    figure: str
    path: list[str]


@attrs.frozen
class RevealDoc:
    type: Literal["reveal"]
    tile: str


@attrs.frozen
class PlaceDoc:
    type: Literal["place"]
    tile: str
    square: str
    arrow: str = ""
    orientation: str = ""


# --- a strict converter ----------------------------------------------------------------------

T = TypeVar("T")


class _Wrong(TypeError):
    """A value of the wrong JSON type or value; the message says what was expected."""


def _exact(kind: type[T]) -> Callable[[object, type], T]:
    def structure(value: object, _type: type) -> T:
        if type(value) is not kind:
            raise _Wrong(f"expected {kind.__name__}, found {type(value).__name__} {quote(value)}")
        return value

    return structure


def _str_or_bool(value: object, _type: object) -> str | bool:
    if isinstance(value, (str, bool)):
        return value
    raise _Wrong(f"expected a string or true/false, found {quote(value)}")


converter = cattrs.Converter(forbid_extra_keys=True)
for _kind in (str, int, bool):
    converter.register_structure_hook(_kind, _exact(_kind))
converter.register_structure_hook(str | bool, _str_or_bool)


def _is_literal(t: Any) -> bool:
    return get_origin(t) is Literal


def _literal_hook(t: Any) -> Callable[[Any, Any], Any]:
    allowed = get_args(t)

    def structure(value: object, _type: object) -> Any:
        if not any(type(value) is type(a) and value == a for a in allowed):
            raise _Wrong(f"expected {' or '.join(quote(a) for a in allowed)}, found {quote(value)}")
        return value

    return structure


converter.register_structure_hook_factory(_is_literal, _literal_hook)


def _checked(kind: type, base: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    """Lists and objects must be JSON arrays and objects: cattrs alone would read the string
    ``"p11"`` as the list ``["p", "1", "1"]``."""

    def structure(value: object, t: object) -> Any:
        if not isinstance(value, kind):
            name = "an array" if kind is list else "an object"
            raise _Wrong(f"expected {name}, found {type(value).__name__} {quote(value)}")
        return base(value, t)

    return structure


def _is_list(t: Any) -> bool:
    return get_origin(t) is list


def _is_dict(t: Any) -> bool:
    return get_origin(t) is dict


def _list_hook(t: Any, c: cattrs.Converter) -> Callable[[Any, Any], Any]:
    return _checked(list, cattrs.cols.list_structure_factory(t, c))


def _dict_hook(t: Any, c: cattrs.Converter) -> Callable[[Any, Any], Any]:
    return _checked(dict, cattrs.cols.mapping_structure_factory(t, c))


converter.register_structure_hook_factory(_is_list, _list_hook)
converter.register_structure_hook_factory(_is_dict, _dict_hook)


def structure(obj: object, cls: type[T], what: str) -> T:
    """``obj`` read strictly as a ``cls`` document; raises RecordError naming ``what`` and
    each place that is wrong."""
    if not isinstance(obj, dict):
        raise RecordError(f"{what}: expected a JSON object, found {type(obj).__name__}")
    try:
        return converter.structure(obj, cls)
    except Exception as e:  # cattrs reports a group of errors; name each place
        problems = cattrs.transform_error(e, path="$", format_exception=_problem)
        raise RecordError(f"{what}: " + "; ".join(problems[:5])) from None


def _problem(e: BaseException, kind: object) -> str:
    """One of cattrs' problems, with the file's text quoted (a key may hold a newline)."""
    if isinstance(e, cattrs.ForbiddenExtraKeysError):
        names = sorted(e.extra_fields)
        more = f" and {len(names) - 3} more" if len(names) > 3 else ""
        return f"unknown keys {', '.join(quote(n) for n in names[:3])}{more}"
    if isinstance(e, _Wrong):
        return str(e)
    return cattrs.v.format_exception(e, kind if isinstance(kind, type) else None)


MAX_TEXT: Final = 1_000_000
"""The longest JSON text read (a state is about 3 KB, the record of a whole game 10 KB)."""


def loads(text: str, what: str) -> Any:
    """JSON text parsed strictly; raises RecordError naming ``what``, the line and the column.
    A key given twice in an object is refused (``json`` would keep the last silently), as are
    texts beyond :data:`MAX_TEXT` characters and nesting deeper than the parser's recursion."""
    if len(text) > MAX_TEXT:
        raise RecordError(f"{what}: {len(text):,} characters; at most {MAX_TEXT:,} are read")
    try:
        return json.loads(text, object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as e:
        raise RecordError(f"{what}: line {e.lineno}, column {e.colno}: {e.msg}") from None
    except _RepeatedKey as e:
        raise RecordError(
            f"{what}: the key {quote(e.args[0])} is given twice in one object"
        ) from None
    except ValueError:  # the only other ValueError: a number beyond Python's digit limit
        limit = sys.get_int_max_str_digits()
        raise RecordError(f"{what}: a number of more than {limit:,} digits") from None
    except RecursionError:
        raise RecordError(f"{what}: arrays or objects nested too deeply") from None


class _RepeatedKey(Exception):
    pass


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _RepeatedKey(key)
        out[key] = value
    return out


# --- states ----------------------------------------------------------------------------------


def options_doc(options: RuleOptions) -> dict[str, str | bool]:
    """The options that differ from the defaults, as the ``options`` object of a document."""
    return {k: v for k, v in options.changed().items() if isinstance(v, (str, bool))}


def options_from_doc(doc: Mapping[str, str | bool], what: str) -> RuleOptions:
    """The rule options of a document's ``options`` object; raises RecordError naming the option."""
    opts = RuleOptions()
    for name, value in doc.items():
        try:
            opts = opts.with_option(name, value if isinstance(value, str) else str(value).lower())
        except FearsomeError as e:
            raise RecordError(f"{what}: $.options.{name}: {e}") from None
    return opts


def state_to_json(state: GameState) -> dict[str, Any]:
    """The JSON object of a state (``json.dumps`` it as it is).

    >>> import fearsome_rules as fr
    >>> doc = fr.state_to_json(fr.new_game(2))
    >>> doc["format"], doc["version"], doc["phase"], doc["to_move"], doc["monster"]
    ('fearsome-rules/state', 1, 'figures', 'A', 'a1')
    >>> doc["figures"][0]
    {'name': 'A1', 'where': 'waiting', 'face': 1, 'moved': False}
    """
    if not isinstance(state, GameState):
        raise wrong_state("state_to_json", state)
    doc = StateDoc(
        format=STATE_FORMAT,
        version=FORMAT_VERSION,
        players=state.players,
        setup=state.setup,
        options=options_doc(state.options),
        round=state.round,
        stage=state.stage,
        start_player=SEAT_LETTERS[state.start_player],
        to_move=SEAT_LETTERS[state.to_move] if state.to_move >= 0 else "",
        phase=state.phase.value,
        monster=board.name(state.monster),
        facing=board.DIRECTION_LETTERS[state.facing],
        stones={board.name(sq): STONE_KINDS[state.cells[sq]] for sq in sorted(state.stones)},
        pools=[board.name(sq) for sq in sorted(state.pools)],
        figures=[FigureDoc(f.name, f.place(), f.face, f.moved) for f in state.figures],
        deck=list(state.deck),
        escapes=[SEAT_LETTERS[s] for s in state.escapes],
        ended_by=state.ended_by,
        teleporters=[
            TeleporterDoc(board.name(sq), pair, board.DIRECTION_LETTERS[d])
            for sq, pair, d in state.teleporters
        ],
        to_place=list(state.to_place),
    )
    out: dict[str, Any] = converter.unstructure(doc)
    return out


def state_from_json(obj: object | str) -> GameState:
    """A state from its JSON object (or its text); raises RecordError naming what is wrong.

    >>> import json
    >>> import fearsome_rules as fr
    >>> game = fr.new_game(2)
    >>> fr.state_from_json(json.dumps(fr.state_to_json(game))) == game
    True
    >>> doc = fr.state_to_json(game)
    >>> doc["figures"][0]["face"] = "1"
    >>> fr.state_from_json(doc)
    Traceback (most recent call last):
    fearsome_rules.RecordError: state: ... @ $.figures[0].face
    """
    what = "state"
    if not isinstance(obj, str | dict):
        raise RecordTypeError("state_from_json(obj)", _JSON_ARGUMENT, obj)
    data = loads(obj, what) if isinstance(obj, str) else obj
    doc = structure(data, StateDoc, what)
    if doc.version != FORMAT_VERSION:
        raise RecordError(
            f"{what}: format version {doc.version}; this engine reads {FORMAT_VERSION}"
        )
    from fearsome_rules.core.position import position

    _check_figure_names(doc, what)
    _check_distinct(doc.pools, "$.pools", what)
    _check_distinct([t.square for t in doc.teleporters], "$.teleporters", what, ".square")
    kinds: dict[str, list[str]] = {k: [] for k in _KIND_OF_NAME}
    for sq, kind in doc.stones.items():
        if kind not in kinds:
            raise RecordError(
                f"{what}: $.stones.{sq}: {quote(kind)} is not one of {', '.join(kinds)}"
            )
        kinds[kind].append(sq)
    try:
        state = position(
            doc.players,
            figures={f.name: f.where for f in doc.figures},
            faces={f.name: f.face for f in doc.figures},
            moved=[f.name for f in doc.figures if f.moved],
            stones=kinds["stone"],
            crystals=kinds["crystal"],
            turn_right=kinds["turn_right"],
            turn_about=kinds["turn_about"],
            pools=doc.pools,
            teleporters=[f"{t.square}:{t.pair}:{t.arrow}" for t in doc.teleporters],
            monster=doc.monster,
            facing=doc.facing,
            start_player=doc.start_player,
            to_move=doc.to_move if doc.to_move and doc.phase == "figures" else None,
            round=doc.round,
            stage=doc.stage,
            deck_left=doc.deck,
            escapes=doc.escapes,
            ended_by=doc.ended_by or None,
            setup=doc.setup,
            to_place=doc.to_place,
            options=options_from_doc(doc.options, what),
        )
    except (SetupError, NotationError) as e:
        raise RecordError(f"{what}: {e}") from None
    mover = SEAT_LETTERS[state.to_move] if state.to_move >= 0 else ""
    if doc.to_move.strip().upper() != mover:
        raise RecordError(
            f"{what}: $.to_move is {quote(doc.to_move)}, but the position gives {mover or 'nobody'}"
        )
    if doc.phase != state.phase.value:
        raise RecordError(
            f"{what}: $.phase is {quote(doc.phase)}, but the position is in the "
            f"{state.phase.value} phase"
        )
    return state


_JSON_ARGUMENT = "a JSON object (dict) or its text (str)"


def _check_distinct(items: list[str], where: str, what: str, suffix: str = "") -> None:
    """A list that stands for a set holds each item once: a repeat is a damaged file, not
    something to merge silently."""
    first: dict[str, int] = {}
    for k, item in enumerate(items):
        key = item.strip().lower()
        if key in first:
            raise RecordError(
                f"{what}: {where}[{k}]{suffix}: {quote(item)} twice (first at [{first[key]}])"
            )
        first[key] = k


def _check_figure_names(doc: StateDoc, what: str) -> None:
    """Each figure of the game exactly once (a mapping built from the list would keep the last
    of two entries and let a missing figure wait at the entrance)."""
    seen: set[str] = set()
    for k, fig in enumerate(doc.figures):
        if fig.name in seen:
            raise RecordError(f"{what}: $.figures[{k}].name: {fig.name} is listed twice")
        seen.add(fig.name)
    if not 2 <= doc.players <= 7:  # position() names the rule; the names below need a count
        return
    every = [f"{SEAT_LETTERS[s]}{k}" for s in range(doc.players) for k in kinds_for(doc.players)]
    missing = [n for n in every if n not in seen]
    if missing:
        raise RecordError(
            f"{what}: $.figures: {', '.join(missing)} missing ({doc.players} players have "
            f"{len(every)} figures: {', '.join(every)})"
        )


# --- actions ---------------------------------------------------------------------------------


def action_to_json(action: Action) -> dict[str, Any]:
    """The JSON object of an action."""
    if not isinstance(action, FigureMove | Reveal | PlaceTile):
        raise ArgumentTypeError(
            "action_to_json(action)", "an action: FigureMove, Reveal or PlaceTile", action
        )
    doc: MoveDoc | RevealDoc | PlaceDoc
    if isinstance(action, FigureMove):
        doc = MoveDoc("move", action.figure, list(action.path))
    elif isinstance(action, Reveal):
        doc = RevealDoc("reveal", action.tile)
    else:
        doc = PlaceDoc("place", action.tile, action.square, action.arrow, action.orientation)
    out: dict[str, Any] = converter.unstructure(doc)
    return out


def action_from_json(obj: object | str) -> Action:
    """An action from its JSON object (or its text); raises RecordError."""
    what = "action"
    if not isinstance(obj, str | dict):
        raise RecordTypeError("action_from_json(obj)", _JSON_ARGUMENT, obj)
    data = loads(obj, what) if isinstance(obj, str) else obj
    kinds: dict[object, type[MoveDoc] | type[RevealDoc] | type[PlaceDoc]] = {
        "move": MoveDoc,
        "reveal": RevealDoc,
        "place": PlaceDoc,
    }
    kind = data.get("type") if isinstance(data, dict) else None
    if not isinstance(kind, str) or kind not in kinds:
        raise RecordError(f"{what}: $.type must be one of move, reveal, place")
    doc = structure(data, kinds[kind], what)
    try:
        if isinstance(doc, MoveDoc):
            return FigureMove(doc.figure, tuple(doc.path))
        if isinstance(doc, RevealDoc):
            return Reveal(doc.tile)
        return PlaceTile(doc.tile, doc.square, doc.arrow, doc.orientation)
    except NotationError as e:
        raise RecordError(f"{what}: {e}") from None
