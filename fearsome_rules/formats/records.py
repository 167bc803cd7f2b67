"""JSON forms of states, actions and game records, with a format version.

- :func:`state_to_json` / :func:`state_from_json`: a complete state as a JSON object with square
  names (the same content as a position string, structured).
- :func:`action_to_json` / :func:`action_from_json`: one action as a JSON object.
- :class:`GameRecord`: how a game began (players, start player, setup, options, or a position)
  and its actions in notation; ``replay`` gives every state, ``to_json``/``from_json`` store it.

Reading is strict (cattrs with extra keys forbidden and no type coercion): a wrong key or type
is refused with a :class:`RecordError` that names the place (``$.figures[3].face``), and for
text the line and column. Every state read back is checked by :func:`fearsome_rules.core.position`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Final, Literal, TypeVar, get_origin

import attrs
import cattrs
import cattrs.cols

from fearsome_rules.core import board
from fearsome_rules.core.actions import Action, FigureMove, PlaceTile, Reveal, parse_action
from fearsome_rules.core.errors import FearsomeError, NotationError, RuleError, SetupError
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.core.state import SEAT_LETTERS, STONE_KINDS, GameState

FORMAT_VERSION: Final = 1
STATE_FORMAT: Final = "fearsome-rules/state"
RECORD_FORMAT: Final = "fearsome-rules/record"
_KIND_OF_NAME = {v: k for k, v in STONE_KINDS.items()}


class RecordError(FearsomeError):
    """A JSON state, action or game record that cannot be read, or a record whose actions do
    not replay; the message names the place (and the line, for text). ``action`` is the number
    (from 1) of the action that failed to replay, 0 otherwise."""

    def __init__(self, message: str, action: int = 0) -> None:
        super().__init__(message)
        self.action = action


RecordError.__module__ = "fearsome_rules"  # as the core's errors: named where users import it


# --- the documents ---------------------------------------------------------------------------


@attrs.frozen
class FigureDoc:
    name: str
    where: str
    face: int
    moved: bool = False


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
    ended_by: str = ""
    teleporters: list[TeleporterDoc] = attrs.Factory(list)
    to_place: list[str] = attrs.Factory(list)


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


@attrs.frozen
class RecordDoc:
    format: Literal["fearsome-rules/record"]
    version: int
    players: int = 4
    start_player: str = "A"
    setup: str = "basic"
    options: dict[str, str | bool] = attrs.Factory(dict)
    position: str = ""
    actions: list[str] = attrs.Factory(list)


# --- a strict converter ----------------------------------------------------------------------

T = TypeVar("T")


def _exact(kind: type[T]) -> Callable[[object, type], T]:
    def structure(value: object, _type: type) -> T:
        if type(value) is not kind:
            raise TypeError(f"expected {kind.__name__}, found {type(value).__name__} {value!r}")
        return value

    return structure


def _str_or_bool(value: object, _type: object) -> str | bool:
    if isinstance(value, (str, bool)):
        return value
    raise TypeError(f"expected a string or true/false, found {value!r}")


_converter = cattrs.Converter(forbid_extra_keys=True)
for _kind in (str, int, bool):
    _converter.register_structure_hook(_kind, _exact(_kind))
_converter.register_structure_hook(str | bool, _str_or_bool)


def _checked(kind: type, base: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
    """Lists and objects must be JSON arrays and objects: cattrs alone would read the string
    ``"p11"`` as the list ``["p", "1", "1"]``."""

    def structure(value: object, t: object) -> Any:
        if not isinstance(value, kind):
            name = "an array" if kind is list else "an object"
            raise TypeError(f"expected {name}, found {type(value).__name__} {value!r}")
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


_converter.register_structure_hook_factory(_is_list, _list_hook)
_converter.register_structure_hook_factory(_is_dict, _dict_hook)


def _structure(obj: object, cls: type[T], what: str) -> T:
    if not isinstance(obj, dict):
        raise RecordError(f"{what}: expected a JSON object, found {type(obj).__name__}")
    try:
        return _converter.structure(obj, cls)
    except Exception as e:  # cattrs reports a group of errors; name each place
        problems = cattrs.transform_error(e, path="$") if isinstance(e, Exception) else [str(e)]
        raise RecordError(f"{what}: " + "; ".join(problems)) from None


def _loads(text: str, what: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"{what}: line {e.lineno}, column {e.colno}: {e.msg}") from None


# --- states ----------------------------------------------------------------------------------


def _options_doc(options: RuleOptions) -> dict[str, str | bool]:
    return {k: v for k, v in options.changed().items() if isinstance(v, (str, bool))}


def _options(doc: Mapping[str, str | bool], what: str) -> RuleOptions:
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
    doc = StateDoc(
        format=STATE_FORMAT,
        version=FORMAT_VERSION,
        players=state.players,
        setup=state.setup,
        options=_options_doc(state.options),
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
    out: dict[str, Any] = _converter.unstructure(doc)
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
    data = _loads(obj, what) if isinstance(obj, str) else obj
    doc = _structure(data, StateDoc, what)
    if doc.version != FORMAT_VERSION:
        raise RecordError(
            f"{what}: format version {doc.version}; this engine reads {FORMAT_VERSION}"
        )
    from fearsome_rules.core.position import position

    kinds: dict[str, list[str]] = {k: [] for k in _KIND_OF_NAME}
    for sq, kind in doc.stones.items():
        if kind not in kinds:
            raise RecordError(f"{what}: $.stones.{sq}: {kind!r} is not one of {', '.join(kinds)}")
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
            options=_options(doc.options, what),
        )
    except (SetupError, NotationError) as e:
        raise RecordError(f"{what}: {e}") from None
    if len(doc.figures) != len(state.figures):
        raise RecordError(
            f"{what}: $.figures: {len(doc.figures)} figures, but {doc.players} players have "
            f"{len(state.figures)}"
        )
    mover = SEAT_LETTERS[state.to_move] if state.to_move >= 0 else ""
    if doc.to_move.strip().upper() != mover:
        raise RecordError(
            f"{what}: $.to_move is {doc.to_move!r}, but the position gives {mover or 'nobody'}"
        )
    if doc.phase != state.phase.value:
        raise RecordError(
            f"{what}: $.phase is {doc.phase!r}, but the position is in the "
            f"{state.phase.value} phase"
        )
    return state


# --- actions ---------------------------------------------------------------------------------


def action_to_json(action: Action) -> dict[str, Any]:
    """The JSON object of an action."""
    doc: MoveDoc | RevealDoc | PlaceDoc
    if isinstance(action, FigureMove):
        doc = MoveDoc("move", action.figure, list(action.path))
    elif isinstance(action, Reveal):
        doc = RevealDoc("reveal", action.tile)
    else:
        doc = PlaceDoc("place", action.tile, action.square, action.arrow, action.orientation)
    out: dict[str, Any] = _converter.unstructure(doc)
    return out


def action_from_json(obj: object | str) -> Action:
    """An action from its JSON object (or its text); raises RecordError."""
    what = "action"
    data = _loads(obj, what) if isinstance(obj, str) else obj
    kinds: dict[object, type[MoveDoc] | type[RevealDoc] | type[PlaceDoc]] = {
        "move": MoveDoc,
        "reveal": RevealDoc,
        "place": PlaceDoc,
    }
    kind = data.get("type") if isinstance(data, dict) else None
    if kind not in kinds:
        raise RecordError(f"{what}: $.type must be one of move, reveal, place")
    doc = _structure(data, kinds[kind], what)
    try:
        if isinstance(doc, MoveDoc):
            return FigureMove(doc.figure, tuple(doc.path))
        if isinstance(doc, RevealDoc):
            return Reveal(doc.tile)
        return PlaceTile(doc.tile, doc.square, doc.arrow, doc.orientation)
    except NotationError as e:
        raise RecordError(f"{what}: {e}") from None


# --- game records ----------------------------------------------------------------------------


@attrs.frozen
class GameRecord:
    """How a game began and what was played: enough to replay it exactly.

    Either ``players``/``start_player``/``setup``/``options`` (a new game), or ``position``, a
    position string to start from. ``actions`` are in notation (``A5 p11 o11``, ``reveal 8``,
    ``place crystal c3``).

    >>> import fearsome_rules as fr
    >>> game = fr.new_game(2)
    >>> moves = [fr.FigureMove("A5", ("p11", "p10")), fr.FigureMove("B5", ("p11",))]
    >>> record = fr.GameRecord.of(game, moves)
    >>> record.actions
    ('A5 p11 p10', 'B5 p11')
    >>> print(record.dumps(), end="")
    {
      "format": "fearsome-rules/record",
      "version": 1,
      "players": 2,
      "start_player": "A",
      "setup": "basic",
      "options": {},
      "actions": [
        "A5 p11 p10",
        "B5 p11"
      ]
    }
    >>> again = fr.GameRecord.from_json(record.dumps())
    >>> again == record, again.replay() == fr.apply(fr.apply(game, moves[0]), moves[1])
    (True, True)
    >>> fr.GameRecord(players=2, actions=("A5 p11", "A4 p11")).replay()
    Traceback (most recent call last):
    fearsome_rules.RecordError: action 2 ('A4 p11'): [RND-ORDER] A4 belongs to A, ...
    """

    players: int = 4
    start_player: int = 0
    setup: str = "basic"
    options: RuleOptions = attrs.Factory(RuleOptions)
    position: str = ""
    actions: tuple[str, ...] = ()

    @classmethod
    def of(
        cls, start: GameState, actions: Sequence[Action], *, new_game: bool = True
    ) -> GameRecord:
        """The record of ``actions`` played from ``start``: a new game if ``start`` is one
        (round 1 before any action) and ``new_game`` is true, else from its position string."""
        from fearsome_rules.core.game import new_game as fresh
        from fearsome_rules.formats.notation import position_string

        texts = tuple(str(a) for a in actions)
        if new_game and start == fresh(
            start.players, start.start_player, start.options, start.setup
        ):
            return cls(start.players, start.start_player, start.setup, start.options, "", texts)
        return cls(
            start.players,
            start.start_player,
            start.setup,
            start.options,
            position_string(start),
            texts,
        )

    def start(self) -> GameState:
        from fearsome_rules.core.game import new_game
        from fearsome_rules.formats.notation import parse_position

        try:
            if self.position:
                return parse_position(self.position)
            return new_game(self.players, self.start_player, self.options, self.setup)
        except FearsomeError as e:
            raise RecordError(f"record start: {e}") from None

    def states(self) -> Iterator[GameState]:
        """The start state, then the state after each action; raises RecordError at the first
        action that cannot be read or is illegal, naming its number and the rule."""
        from fearsome_rules.core.game import apply

        state = self.start()
        yield state
        for k, text in enumerate(self.actions, 1):
            try:
                state = apply(state, parse_action(text))
            except RuleError as e:
                raise RecordError(f"action {k} ({text!r}): {e}", k) from None
            except NotationError as e:
                raise RecordError(f"action {k} ({text!r}): {e}", k) from None
            yield state

    def replay(self, upto: int | None = None) -> GameState:
        """The state after the first ``upto`` actions (all of them by default)."""
        n = len(self.actions) if upto is None else upto
        if not 0 <= n <= len(self.actions):
            raise RecordError(f"the record has {len(self.actions)} actions, not {n}")
        for k, state in enumerate(self.states()):
            if k == n:
                return state
        raise AssertionError("unreachable: states() yields one state more than there are actions")

    def to_json(self) -> dict[str, Any]:
        doc = RecordDoc(
            format=RECORD_FORMAT,
            version=FORMAT_VERSION,
            players=self.players,
            start_player=SEAT_LETTERS[self.start_player],
            setup=self.setup,
            options=_options_doc(self.options),
            position=self.position,
            actions=list(self.actions),
        )
        out: dict[str, Any] = _converter.unstructure(doc)
        if not self.position:
            del out["position"]
        return out

    def dumps(self) -> str:
        """The record as JSON text, one action per line (so errors can name the line)."""
        return json.dumps(self.to_json(), indent=2) + "\n"

    @classmethod
    def from_json(cls, obj: object | str) -> GameRecord:
        """A record from its JSON object or text. Checks the format and version and that the
        start can be set up; the actions are checked when replayed (:meth:`states`)."""
        what = "record"
        data = _loads(obj, what) if isinstance(obj, str) else obj
        doc = _structure(data, RecordDoc, what)
        if doc.version != FORMAT_VERSION:
            raise RecordError(
                f"{what}: format version {doc.version}; this engine reads {FORMAT_VERSION}"
            )
        seat = doc.start_player.strip().upper()
        if len(seat) != 1 or seat not in SEAT_LETTERS:
            raise RecordError(f"{what}: $.start_player: {doc.start_player!r} is not a seat A-G")
        record = cls(
            doc.players,
            SEAT_LETTERS.index(seat),
            doc.setup,
            _options(doc.options, what),
            doc.position,
            tuple(doc.actions),
        )
        record.start()
        return record


def load_record(path: str) -> GameRecord:
    """Read a record file; errors name the file (and the line, for a bad action)."""
    from pathlib import Path

    try:
        text = Path(path).read_text("utf-8")
    except OSError as e:
        raise RecordError(f"{path}: {e.strerror}") from None
    try:
        record = GameRecord.from_json(text)
        for _ in record.states():
            pass
    except RecordError as e:
        line = _line_of(text, e.action) if e.action else 0
        raise RecordError(f"{path}:{line}: {e}" if line else f"{path}: {e}", e.action) from None
    return record


def _line_of(text: str, action: int) -> int:
    """The line on which element ``action`` (1-based) of ``actions`` starts, or 0."""
    import yaml

    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return 0
    if not isinstance(root, yaml.MappingNode):
        return 0
    for key, value in root.value:
        is_list = key.value == "actions" and isinstance(value, yaml.SequenceNode)
        if is_list and 0 < action <= len(value.value):
            return int(value.value[action - 1].start_mark.line) + 1
    return 0
