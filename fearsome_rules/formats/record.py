"""Game records: how a game began (players, start player, setup, options, or a position) and its
actions in notation, enough to replay it exactly.

- :class:`GameRecord`: ``replay`` gives every state, ``to_json``/``from_json`` store it as a JSON
  document with a format version, read as strictly as a state
  (:mod:`fearsome_rules.formats.state_json`).
- :func:`load_record`: read a record file and replay it; errors name the file, and the line of
  an action that fails.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from typing import Any, Final, Literal

import attrs

from fearsome_rules.core.actions import Action, parse_action
from fearsome_rules.core.errors import (
    FearsomeError,
    NotationError,
    RuleError,
    quote,
    shown_path,
    whole_number,
)
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.core.state import SEAT_LETTERS, GameState
from fearsome_rules.formats.state_json import (
    FORMAT_VERSION,
    RecordError,
    RecordTypeError,
    converter,
    loads,
    options_doc,
    options_from_doc,
    structure,
)
from fearsome_rules.formats.text_input import InputError, read_text, unprintable

RECORD_FORMAT: Final = "fearsome-rules/record"


# --- the document ----------------------------------------------------------------------------


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


# --- game records ----------------------------------------------------------------------------


def _whole(_record: object, field: attrs.Attribute[Any], value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordTypeError(f"GameRecord({field.name})", "a whole number (int)", value)


def _text(_record: object, field: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, str):
        raise RecordTypeError(f"GameRecord({field.name})", "text (str)", value)


def _options(_record: object, field: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, RuleOptions):
        raise RecordTypeError(f"GameRecord({field.name})", "a RuleOptions", value)


def _actions(value: object) -> tuple[str, ...]:
    """The actions in notation, as a tuple (a list is taken too)."""
    expected = "a tuple or list of actions in notation, e.g. ('A5 p11', 'reveal 8')"
    if not isinstance(value, tuple | list) or not all(isinstance(a, str) for a in value):
        raise RecordTypeError("GameRecord(actions)", expected, value)
    return tuple(value)


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

    players: int = attrs.field(default=4, validator=_whole)
    start_player: int = attrs.field(default=0, validator=_whole)
    setup: str = attrs.field(default="basic", validator=_text)
    options: RuleOptions = attrs.field(factory=RuleOptions, validator=_options)
    position: str = attrs.field(default="", validator=_text)
    actions: tuple[str, ...] = attrs.field(default=(), converter=_actions)

    @classmethod
    def of(
        cls, start: GameState, actions: Sequence[Action], *, new_game: bool = True
    ) -> GameRecord:
        """The record of ``actions`` played from ``start``: a new game if ``start`` is one
        (round 1 before any action) and ``new_game`` is true, else from its position string."""
        from fearsome_rules.core.game import new_game as fresh
        from fearsome_rules.formats.position_string import position_string

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
        from fearsome_rules.formats.position_string import parse_position

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
            except (RuleError, NotationError) as e:
                # The error quotes the word at fault; the action itself is quoted briefly.
                raise RecordError(f"action {k} ({quote(text, 30)}): {e}", k) from None
            yield state

    def replay(self, upto: int | None = None) -> GameState:
        """The state after the first ``upto`` actions (all of them by default)."""
        n = len(self.actions) if upto is None else whole_number(upto, "GameRecord.replay(upto)")
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
            options=options_doc(self.options),
            position=self.position,
            actions=list(self.actions),
        )
        out: dict[str, Any] = converter.unstructure(doc)
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
        if not isinstance(obj, str | dict):
            raise RecordTypeError("GameRecord.from_json(obj)", "a JSON object or its text", obj)
        data = loads(obj, what) if isinstance(obj, str) else obj
        doc = structure(data, RecordDoc, what)
        _check_text(doc, what)
        if doc.version != FORMAT_VERSION:
            raise RecordError(
                f"{what}: format version {doc.version}; this engine reads {FORMAT_VERSION}"
            )
        seat = doc.start_player.strip().upper()
        if len(seat) != 1 or seat not in SEAT_LETTERS:
            raise RecordError(
                f"{what}: $.start_player: {quote(doc.start_player)} is not a seat A-G"
            )
        record = cls(
            doc.players,
            SEAT_LETTERS.index(seat),
            doc.setup,
            options_from_doc(doc.options, what),
            doc.position,
            tuple(doc.actions),
        )
        record.start()
        return record


def _check_text(doc: RecordDoc, what: str) -> None:
    """Refuse a control character or a lone surrogate in any text of the record (JSON writes
    both as escapes), naming its place; for an action, its number."""
    fields = {"setup": doc.setup, "start_player": doc.start_player, "position": doc.position}
    texts = [(f"$.{k}", text, 0) for k, text in fields.items()]
    texts += [(f"$.options.{k}", f"{k} {v}", 0) for k, v in doc.options.items()]
    texts += [(f"$.actions[{k - 1}]", text, k) for k, text in enumerate(doc.actions, 1)]
    for where, text, action in texts:
        bad = unprintable(text)
        if bad is not None:
            raise RecordError(f"{what}: {where}: {bad}: not printable text", action)


def load_record(path: str) -> GameRecord:
    """Read a record file (at most ``MAX_FILE_BYTES`` of UTF-8 JSON); errors name the file
    (and the line, for a bad action)."""
    try:
        text = read_text(path)
    except InputError as e:
        raise RecordError(str(e)) from None
    try:
        record = GameRecord.from_json(text)
        for _ in record.states():
            pass
    except RecordError as e:
        line = _line_of(text, path, e.action) if e.action else 0
        raise RecordError(
            f"{shown_path(path)}:{line}: {e}" if line else f"{shown_path(path)}: {e}", e.action
        ) from None
    return record


def _line_of(text: str, path: str, action: int) -> int:
    """The line on which element ``action`` (1-based) of ``actions`` starts, or 0."""
    # Imported here: only a record file that fails needs PyYAML, for the line of the error; an
    # engine without it (a browser's Python, an install without extras) names no line.
    try:
        from fearsome_rules.formats.safe_input import load_yaml
    except ImportError:
        return 0

    try:
        data, marks = load_yaml(text, path)  # JSON is YAML, nearly always
    except InputError:
        return 0
    actions = data.get("actions") if isinstance(data, dict) else None
    if isinstance(actions, list) and 0 < action <= len(actions):
        return marks.at(("actions", action - 1))[0]
    return 0
