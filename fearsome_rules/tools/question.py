"""What ``fearsome-rules explain`` and ``render`` are asked about: a position and an action.

A question comes from one of:

- a **question file**: YAML that a user types, with a ``position:`` (a position string, as
  :func:`~fearsome_rules.formats.position_string.position_string` writes it, or the position
  mapping of the
  conformance cases), an optional ``tile:`` (the monster tile to carry out), ``move:`` (a
  figure move) or ``steps:`` and ``hits:`` (the rules lab's walk of any length, with none of a
  tile's bookkeeping: :mod:`fearsome_rules.core.walks`), an optional ``options:`` (rule
  options) and an optional ``description:``. In a
  position mapping ``moved`` defaults to ``all`` (the monster phase) unless there is a ``move:``;
- a **conformance case file** (``conformance/cases/*.yaml``) and a case id: the case's start,
  with the steps before its first ``reveal`` carried out, and that reveal (or, in a case
  without one, its first legal figure move);
- a **position string** given on the command line.

Every problem is a :class:`QuestionError` of one line, with ``file:line:column`` where the file
gives the place.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

import attrs
import jsonschema

from fearsome_rules.core import board
from fearsome_rules.core.actions import Action, FigureMove, Reveal, parse_action
from fearsome_rules.core.deck import HIT_CAP
from fearsome_rules.core.errors import (
    FearsomeError,
    NotationError,
    RuleError,
    SetupError,
    quote,
    shown_path,
)
from fearsome_rules.core.game import apply, check
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.core.state import SEAT_LETTERS, GameState
from fearsome_rules.core.walks import MAX_STEPS, Walk
from fearsome_rules.formats.position_string import parse_position, position_string
from fearsome_rules.formats.safe_input import InputError, read_text
from fearsome_rules.tools import conformance as cf

QUESTION_KEYS = ("position", "tile", "move", "steps", "hits", "options", "description")


class QuestionError(FearsomeError):
    """A question that cannot be asked: a file that cannot be read or used, a bad square, an
    unknown option or case id, a missing tile. The message is one line."""


@attrs.frozen
class Question:
    """A position and what to do in it."""

    state: GameState
    """The position before the action, under the options asked for."""
    action: Action | Walk | None
    """The monster tile (a Reveal), the lab's walk (a Walk) or the figure move to explain or
    draw; None: none given."""
    title: str
    """The case id, or the file's name."""
    description: str = ""
    source: str = ""
    """Where it comes from: ``file:line`` of the case, or the file."""
    options: Mapping[str, str] = attrs.field(factory=dict)
    """The options given on top of the file's own (``--option``)."""
    base_options: Mapping[str, str] = attrs.field(factory=dict)
    """The file's own options (a case's or a question file's ``options:``), as text."""

    @property
    def tile(self) -> str | None:
        return self.action.tile if isinstance(self.action, Reveal) else None

    def reading(self) -> str:
        """The options that differ from the defaults, as ``name=value, ...`` (or ``defaults``)."""
        changed = self.state.options.changed()
        return ", ".join(f"{k}={_text(v)}" for k, v in changed.items()) or "defaults"


def _with_options(base: RuleOptions, options: Mapping[str, str | bool]) -> RuleOptions:
    opts = base
    for name, value in options.items():
        opts = opts.with_option(name, value)
    return opts


def _text(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


# --- files -----------------------------------------------------------------------------------


def load(
    path: str | Path,
    case: str | None = None,
    options: Mapping[str, str] | None = None,
    tile: str | None = None,
) -> Question:
    """The question in a question file or a conformance case file (``case`` picks the case)."""
    file = str(path)
    p = Path(path)
    try:
        text = read_text(p)
    except InputError as e:
        hint = "; give a case file or a question file" if "folder" in e.message else ""
        if e.message.startswith("no such file") and any(c in file for c in "= \n"):
            hint = "; to give a position string, use --position"
        raise QuestionError(f"{e}{hint}") from None
    read = cf.read_yaml(text, file)
    if isinstance(read, cf.Problem):
        raise QuestionError(str(read))
    data, marks = read
    opts = dict(options or {})
    if isinstance(data, dict) and "cases" in data:
        return _from_case_file(p, case, opts, tile)
    if isinstance(data, dict) and "position" in data:
        if case is not None:
            raise QuestionError(
                f"{shown_path(file)}: --case {quote(case)}: "
                "this is a question file, not a case file"
            )
        return _from_question(data, marks, file, opts, tile)
    raise QuestionError(
        f"{shown_path(file)}:1:1: neither a question file "
        "(with position:) nor a case file (with cases:)"
    )


def _from_case_file(
    path: Path, case_id: str | None, options: dict[str, str], tile: str | None
) -> Question:
    suite = cf.load([path])
    if suite.problems:
        first = suite.problems[0]
        more = len(suite.problems) - 1
        raise QuestionError(str(first) + (f" (and {more} more problems)" if more else ""))
    ids = [c.id for c in suite.cases]
    if case_id is None:
        if len(ids) != 1:
            raise QuestionError(
                f"{shown_path(path)}: {len(ids)} cases; pick one with --case ({', '.join(ids)})"
            )
        case = suite.cases[0]
    else:
        found = [c for c in suite.cases if c.id == case_id]
        if not found:
            raise QuestionError(
                f"{shown_path(path)}: no case {quote(case_id)}; the cases are {', '.join(ids)}"
            )
        case = found[0]
    return from_case(case, options, tile)


def from_case(
    case: cf.Case, options: Mapping[str, str] | None = None, tile: str | None = None
) -> Question:
    """The question of a loaded conformance case (see :func:`load`)."""
    options = dict(options or {})
    base = {k: _text(v) for k, v in case.options.items()}
    q = Question(
        state=_case_state(case, {**base, **options}),
        action=None,
        title=case.id,
        description=case.description,
        source=f"{case.file}:{case.line}",
        options=options,
        base_options=base,
    )
    return _case_action(q, case, tile)


def _case_state(case: cf.Case, options: Mapping[str, str]) -> GameState:
    opts = _with_options(RuleOptions(), options)
    try:
        return cf.start_state(case, opts)
    except FearsomeError as e:
        reading = ", ".join(f"{k}={v}" for k, v in options.items())
        raise QuestionError(
            f"{case.file}:{case.line}: case {case.id}: the start is not valid"
            + (f" under {reading}" if reading else "")
            + f": {e}"
        ) from None


def _case_action(q: Question, case: cf.Case, tile: str | None) -> Question:
    """Carry out the case's steps up to its first reveal; that reveal is the action."""
    state = q.state
    steps = [s for s in case.steps if s.do is not None and s.error is None]
    first_move: tuple[GameState, Action] | None = None
    for step in steps:
        assert step.do is not None
        action = parse_action(step.do)
        if isinstance(action, Reveal):
            reveal = _reveal(tile, "--tile") if tile is not None else action
            return attrs.evolve(q, state=state, action=_checked(state, reveal, "--tile"))
        if isinstance(action, FigureMove) and first_move is None:
            first_move = (state, action)
        try:
            state = apply(state, action)
        except RuleError as e:
            raise QuestionError(
                f"{case.file}:{case.line}: case {case.id}: step {step.number} ({step.do}) is "
                f"refused under this reading: [{e.rule}] {e.message}"
            ) from None
    if tile is not None:
        return attrs.evolve(
            q, state=state, action=_checked(state, _reveal(tile, "--tile"), "--tile")
        )
    if first_move is not None:
        return attrs.evolve(q, state=first_move[0], action=first_move[1])
    return q


def _question_schema(position_is_text: bool) -> dict[str, Any]:
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["position"],
        "properties": {
            "position": {"type": "string"} if position_is_text else {"$ref": "#/$defs/position"},
            "tile": {"$ref": "#/$defs/tile"},
            "move": {"type": "string"},
            "steps": {"type": "integer", "minimum": 0, "maximum": MAX_STEPS},
            "hits": {"type": "integer", "minimum": 0, "maximum": 35},
            "options": {"$ref": "#/$defs/options"},
            "description": {"type": "string"},
        },
        "$defs": cf.schema()["$defs"],
    }


@lru_cache(maxsize=2)
def _validator(position_is_text: bool) -> jsonschema.protocols.Validator:
    return cf.strict_validator(_question_schema(position_is_text))


def _from_question(
    data: dict[str, Any], marks: cf.Marks, file: str, options: dict[str, str], tile: str | None
) -> Question:
    pos = data["position"]
    errs = sorted(
        _validator(isinstance(pos, str)).iter_errors(data), key=lambda e: list(map(str, e.path))
    )
    if errs:
        raise QuestionError(str(cf.schema_problem(errs[0], marks, file)))

    def fail(at: cf.Path_, message: str, key: bool = False) -> QuestionError:
        line, col = marks.at(at, key=key)
        return QuestionError(f"{shown_path(file)}:{line}:{col}: {message}")

    given = [k for k in ("tile", "move", "steps", "hits") if k in data]
    if len(given) > 1 and given != ["steps", "hits"]:
        raise fail((given[1],), "give a tile:, a move:, or steps: and hits:, one of them", key=True)
    base = {k: _text(v) for k, v in data.get("options", {}).items()}
    merged = {**base, **options}
    if isinstance(pos, str):
        try:
            state = parse_position(pos)
        except NotationError as e:
            raise fail(("position",), str(e)) from None
        try:
            state = _reoption(state, merged)
        except FearsomeError as e:
            raise fail(("position",), f"not valid under this reading: {e}") from None
    else:
        for at, text in cf.position_squares(pos):
            try:
                board.square(text)
            except NotationError as e:
                raise fail(("position", *at), f"bad square {quote(text)}: {e}") from None
        mapping = dict(pos)
        if "move" not in data:
            mapping.setdefault("moved", "all")
        try:
            state = cf.build_position(mapping, _with_options(RuleOptions(), merged))
        except SetupError as e:
            at = cf.setup_field_path(("position", mapping), e.field)
            raise fail(at, f"impossible position: {e}{_hint(e)}") from None
        except FearsomeError as e:
            raise fail(("position",), f"impossible position: {e}") from None
    q = Question(
        state=state,
        action=None,
        title=Path(file).stem,
        description=str(data.get("description", "")),
        source=file,
        options=options,
        base_options=base,
    )
    if tile is not None:
        return attrs.evolve(q, action=_checked(state, _reveal(tile, "--tile"), "--tile"))
    if "steps" in data or "hits" in data:
        hits = int(data.get("hits", 0))
        return attrs.evolve(q, action=Walk(int(data.get("steps", HIT_CAP if hits else 0)), hits))
    if "tile" in data:
        tile_text = str(data["tile"])
        try:
            return attrs.evolve(q, action=_checked(state, _reveal(tile_text, "tile"), "tile"))
        except QuestionError as e:
            raise fail(("tile",), str(e)) from None
    if "move" in data:
        try:
            move = parse_action(data["move"])
        except NotationError as e:
            raise fail(("move",), f"bad move {quote(data['move'])}: {e}") from None
        if not isinstance(move, FigureMove):
            raise fail(
                ("move",), f"{quote(data['move'])} is not a figure move (use tile: for a tile)"
            )
        try:
            return attrs.evolve(q, action=_checked(state, move, "move"))
        except QuestionError as e:
            raise fail(("move",), str(e)) from None
    return q


def _hint(e: SetupError) -> str:
    if e.rule == "RND-FIRST":
        return (
            "; for a later round give deck_left: the tiles not revealed yet in the stage, "
            "e.g. [7, 7, 8, 8, 10, 1hit, 2hits] for round 2"
        )
    return ""


def _reoption(state: GameState, options: Mapping[str, str]) -> GameState:
    """The position under other options, re-checked (a reading can make it impossible)."""
    if not options:
        return state
    opts = _with_options(state.options, options)
    return parse_position(position_string(state.replace(options=opts)))


def from_position_string(
    text: str, options: Mapping[str, str] | None = None, tile: str | None = None
) -> Question:
    """The question of a position string given on the command line (``--position``)."""
    try:
        state = parse_position(text)
    except NotationError as e:
        raise QuestionError(f"--position: {e}") from None
    opts = dict(options or {})
    try:
        state = _reoption(state, opts)
    except FearsomeError as e:
        raise QuestionError(f"--position: not valid under this reading: {e}") from None
    action = _checked(state, _reveal(tile, "--tile"), "--tile") if tile is not None else None
    return Question(state, action, "position", source="--position", options=opts)


def _reveal(tile: str, what: str) -> Reveal:
    try:
        return Reveal(tile)
    except NotationError as e:
        raise QuestionError(f"{what} {tile}: {e}") from None


def _checked(state: GameState, action: Action, what: str) -> Action:
    """``action`` if it is legal in ``state``; else a QuestionError saying why."""
    err = check(state, action)
    if err is None:
        return action
    if err.rule == "RND-PHASES" and isinstance(action, Reveal):
        who = SEAT_LETTERS[state.to_move] if state.to_move >= 0 else "nobody"
        raise QuestionError(
            f"{what} {action.tile}: the position is not at the monster phase ({who} is to move: "
            "list the figures that have moved, e.g. moved: all)"
        )
    label = action.tile if isinstance(action, Reveal) else str(action)
    raise QuestionError(f"{what} {label}: [{err.rule}] {err.message}")


def with_walk(q: Question, steps: int | None, hits: int | None) -> Question:
    """``q`` asking for the lab's walk of ``steps`` steps or until ``hits`` hits instead of its
    own action (``--steps``, ``--hits``), if either is given."""
    if steps is None and hits is None:
        return q
    return attrs.evolve(q, action=Walk(HIT_CAP if steps is None else steps, hits or 0))
