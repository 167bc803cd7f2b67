"""The cases of a suite: load and check case files, and build a case's starting state.

:func:`load` reads case files into :class:`Case` objects (with their steps) and makes
the checks the schema cannot (unknown rule ids, bad square names, duplicate case ids, a position
the rules do not allow); :func:`start_state` builds the state a case starts from under the
options of :func:`case_options`.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from fearsome_rules.core import board
from fearsome_rules.core.actions import parse_action
from fearsome_rules.core.errors import FearsomeError, NotationError, SetupError, quote, shown_path
from fearsome_rules.core.game import new_game
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.core.position import position
from fearsome_rules.core.rules import RULE_IDS
from fearsome_rules.core.state import SEAT_LETTERS, GameState, kinds_for
from fearsome_rules.formats.position_string import parse_position, position_string
from fearsome_rules.formats.safe_input import InputError, read_text
from fearsome_rules.tools.conformance.casefile import (
    Marks,
    Path_,
    Problem,
    problem_of,
    read_yaml,
    schema_problem,
    validator,
)

# --- the cases -------------------------------------------------------------------------------


@attrs.frozen
class Step:
    """One step: an action (or none), and what to expect or the rule of the refusal."""

    number: int
    do: str | None
    expect: Mapping[str, Any] | None
    error: str | None


@attrs.frozen
class Case:
    """One conformance case, as loaded from its file."""

    id: str
    description: str
    rules: tuple[str, ...]
    source: str
    options: Mapping[str, Any]
    start: tuple[str, Any]
    """``("position", {...})``, ``("position_string", "...")`` or ``("new_game", {...})``."""
    steps: tuple[Step, ...]
    file: str
    line: int


@attrs.frozen
class Suite:
    """The cases of some files, and every problem found in the files."""

    cases: tuple[Case, ...]
    problems: tuple[Problem, ...]
    files: tuple[str, ...]
    version: str = ""
    """The suite version every file names (``suite:``); "" if no file was read."""


def case_files(paths: Sequence[str | Path]) -> list[Path]:
    """The ``*.yaml``/``*.yml`` files named, or found under the folders named, sorted."""
    out: list[Path] = []
    for p in map(Path, paths):
        if _is_dir(p):
            out.extend(sorted(q for q in p.rglob("*") if q.suffix in (".yaml", ".yml")))
        else:
            out.append(p)  # reading it will say what is wrong with it
    return out


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except (OSError, ValueError):  # a name too long, a NUL in it
        return False


def load(paths: Sequence[str | Path]) -> Suite:
    """Load and check case files (folders are searched for ``*.yaml``). Never raises for the
    contents of a file: every problem is in ``Suite.problems``."""
    cases: list[Case] = []
    problems: list[Problem] = []
    seen_ids: dict[str, str] = {}
    version: tuple[str, str] | None = None  # the suite version and the first file naming it
    files = case_files(paths)
    for path in files:
        file = str(path)
        try:
            text = read_text(path)
        except InputError as e:
            problems.append(problem_of(e))
            continue
        read = read_yaml(text, file)
        if isinstance(read, Problem):
            problems.append(read)
            continue
        data, marks = read
        errs = sorted(validator().iter_errors(data), key=lambda e: list(map(str, e.path)))
        file_problems = [schema_problem(e, marks, file) for e in errs]
        if file_problems:
            problems.extend(sorted(set(file_problems), key=lambda p: (p.line, p.column)))
            continue
        if version is None:
            version = (data["suite"], file)
        elif data["suite"] != version[0]:
            line, column = marks.at(("suite",))
            problems.append(
                Problem(
                    file,
                    line,
                    column,
                    f"suite {data['suite']}, but {shown_path(version[1])} is suite {version[0]}: "
                    "run the files of one suite together",
                )
            )
            continue
        for i, raw in enumerate(data["cases"]):
            case, found = _check_case(raw, ("cases", i), marks, file, seen_ids)
            problems.extend(found)
            if case is not None and not found:
                cases.append(case)
    named = version[0] if version is not None else ""
    return Suite(tuple(cases), tuple(problems), tuple(map(str, files)), named)


def _check_case(
    raw: Mapping[str, Any], path: Path_, marks: Marks, file: str, seen_ids: dict[str, str]
) -> tuple[Case | None, list[Problem]]:
    """The semantic checks of one case that the schema cannot make."""
    found: list[Problem] = []

    def problem(at: Path_, message: str, key: bool = False) -> None:
        line, col = marks.at((*path, *at), key=key)
        found.append(Problem(file, line, col, message))

    cid = raw["id"]
    where = f"{shown_path(file)}:{marks.at((*path, 'id'))[0]}"
    if cid in seen_ids:
        problem(("id",), f"duplicate case id {quote(cid)} (first used at {seen_ids[cid]})")
    else:
        seen_ids[cid] = where
    for k, rid in enumerate(raw["rules"]):
        if rid not in RULE_IDS:
            problem(("rules", k), f"unknown rule id {quote(rid)}: not a heading in spec/")
    opts = RuleOptions()
    for name, value in raw.get("options", {}).items():
        opts = opts.with_option(name, value if isinstance(value, bool) else str(value))

    # Square names the schema's pattern lets through but the board does not have.
    def square(at: Path_, text: str) -> None:
        try:
            board.square(text)
        except NotationError as e:
            problem(at, f"bad square name {quote(text)}: {e}")

    def squares(at: Path_, values: Iterable[str]) -> None:
        for k, v in enumerate(values):
            square((*at, k), v)

    pos = raw.get("position")
    if pos is not None:
        for sub, text in position_squares(pos):
            square(("position", *sub), text)
    steps: list[Step] = []
    for n, st in enumerate(raw["steps"]):
        at: Path_ = ("steps", n)
        if "do" in st:
            try:
                parse_action(st["do"])
            except NotationError as e:
                problem((*at, "do"), f"bad action {quote(st['do'])}: {e}")
        exp = st.get("expect") or {}
        for name, want in exp.get("figures", {}).items():
            place = want if isinstance(want, str) else want.get("at")
            if place is not None and place not in ("waiting", "out", "removed"):
                square((*at, "expect", "figures", name), place)
        if "at" in exp.get("monster", {}):
            square((*at, "expect", "monster", "at"), exp["monster"]["at"])
        for key in ("monster_path", "stones", "stones_include", "stones_exclude", "pools"):
            squares((*at, "expect", key), exp.get(key, ()))
        for sq in exp.get("stone_kinds", {}):
            square((*at, "expect", "stone_kinds", sq), sq)
        for name, places in exp.get("destinations", {}).items():
            for k, place in enumerate(places):
                if place not in ("waiting", "out", "removed"):
                    square((*at, "expect", "destinations", name, k), place)
        for k, text in enumerate(exp.get("legal_moves", ())):
            try:
                parse_action(text)
            except NotationError as e:
                problem((*at, "expect", "legal_moves", k), f"bad action {quote(text)}: {e}")
        steps.append(Step(n + 1, st.get("do"), st.get("expect"), st.get("error")))
    start = next((k, raw[k]) for k in ("position", "position_string", "new_game") if k in raw)
    case = Case(
        id=cid,
        description=raw["description"],
        rules=tuple(raw["rules"]),
        source=raw["source"],
        options=dict(raw.get("options", {})),
        start=start,
        steps=tuple(steps),
        file=file,
        line=marks.at(path)[0],
    )
    if found:
        return case, found
    # The starting position must be one the rules allow.
    try:
        state = start_state(case, opts)
    except SetupError as e:
        field_path = setup_field_path(start, e.field)
        problem(field_path, f"impossible position: {e}")
        return case, found
    except FearsomeError as e:
        problem((start[0],), f"impossible position: {e}")
        return case, found
    names = {f.name for f in state.figures}
    for n, st in enumerate(raw["steps"]):
        exp = st.get("expect") or {}
        for key in ("figures", "destinations"):
            for name in exp.get(key, {}):
                if name not in names:
                    problem(
                        ("steps", n, "expect", key, name),
                        f"{name} is not a figure of this {state.players}-player game",
                        key=True,
                    )
        fig = exp.get("legal_moves_for")
        if fig is not None and fig not in names:
            problem(("steps", n, "expect", "legal_moves_for"), f"{fig} is not a figure here")
    return case, found


def position_squares(pos: Mapping[str, Any]) -> Iterator[tuple[Path_, str]]:
    """Every square name in a position mapping, with its place in the mapping."""
    for name, place in pos.get("figures", {}).items():
        if place not in ("waiting", "out", "removed"):
            yield ("figures", name), place
    for key in ("stones", "crystals", "turn_right", "turn_about", "pools"):
        for k, v in enumerate(pos.get(key, ())):
            yield (key, k), v
    for k, t in enumerate(pos.get("teleporters", ())):
        yield ("teleporters", k), t.split(":")[0]
    if "monster" in pos:
        yield ("monster",), pos["monster"]


def setup_field_path(start: tuple[str, Any], field: str) -> Path_:
    """The place in a position mapping that a SetupError's field names (``figures.A5``)."""
    kind, data = start
    if kind != "position" or not field:
        return (kind,)
    parts = field.split(".")
    path: Path_ = (kind,)
    node: Any = data
    for p in parts:
        if isinstance(node, dict) and p in node:
            path, node = (*path, p), node[p]
        else:
            break
    return path


# --- building the start ----------------------------------------------------------------------

_POSITION_KEYS = (
    "figures",
    "faces",
    "stones",
    "crystals",
    "turn_right",
    "turn_about",
    "pools",
    "teleporters",
    "monster",
    "facing",
    "start_player",
    "to_move",
    "round",
    "stage",
    "escapes",
    "ended_by",
    "setup",
    "to_place",
)


def start_state(case: Case, options: RuleOptions) -> GameState:
    """The case's starting state under ``options``; raises SetupError if it cannot exist."""
    kind, data = case.start
    if kind == "new_game":
        start = data.get("start_player", 0)
        seat = SEAT_LETTERS.index(start) if isinstance(start, str) else start
        return new_game(data["players"], seat, options, data.get("setup", "basic"))
    if kind == "position_string":
        state = parse_position(data)
        if state.options != options and options != RuleOptions():
            state = parse_position(position_string(state.replace(options=options)))
        return state
    return build_position(data, options)


def build_position(data: Mapping[str, Any], options: RuleOptions) -> GameState:
    """The position a position mapping describes (the keys of ``fearsome_rules.core.position``,
    ``moved: all`` for every figure in play), under ``options``; raises SetupError."""
    players = data["players"]
    kw: dict[str, Any] = {k: data[k] for k in _POSITION_KEYS if k in data}
    if "deck_left" in data:
        kw["deck_left"] = [str(t) for t in data["deck_left"]]
    moved = data.get("moved", ())
    if moved == "all":
        places = data.get("figures", {})
        moved = [
            f"{SEAT_LETTERS[s]}{k}"
            for s in range(players)
            for k in kinds_for(players)
            if places.get(f"{SEAT_LETTERS[s]}{k}", "waiting") not in ("out", "removed")
        ]
    kw["moved"] = moved
    return position(players, options=options, **kw)


def case_options(case: Case, override: Mapping[str, str | bool] | None = None) -> RuleOptions:
    """The options a case runs under: the override's, then the case's own on top."""
    opts = RuleOptions()
    for name, value in (override or {}).items():
        if name not in case.options:
            opts = opts.with_option(name, value)
    for name, value in case.options.items():
        opts = opts.with_option(name, value if isinstance(value, bool) else str(value))
    return opts
