"""The conformance suite: load the YAML case files, check them, run them, report.

A case file (``conformance/cases/<topic>.yaml``) holds cases; a case is a starting position
and steps, each step an action with partial expectations or with the rule id it must be
refused with (see ``conformance/README.md`` and ``conformance/schema.json``).

Loading never raises for what is in a file: every problem (YAML syntax, a duplicate key, a key
or value the schema does not allow, an unknown rule id, a bad square name, a duplicate case id,
a position the rules do not allow) becomes a :class:`Problem` with its file, line and column.
"""

from __future__ import annotations

import json
import time
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import attrs
import jsonschema
import yaml
from jsonschema.exceptions import ValidationError, best_match

from fearsome_rules.core import board
from fearsome_rules.core import events as ev
from fearsome_rules.core.actions import Action, parse_action
from fearsome_rules.core.errors import FearsomeError, NotationError, RuleError, SetupError
from fearsome_rules.core.game import (
    apply,
    apply_traced,
    chance_outcomes,
    check,
    legal_moves,
    new_game,
)
from fearsome_rules.core.game import outcome as game_outcome
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.core.position import position
from fearsome_rules.core.rules import RULE_IDS
from fearsome_rules.core.state import SEAT_LETTERS, STONE_KINDS, GameState, kinds_for
from fearsome_rules.formats.notation import parse_position, position_string

Path_ = tuple[str | int, ...]
"""Where a value sits in a file's data: keys and list indexes from the top."""

NOT_HITS = frozenset({"inside at the end"})  # STAGE-TWO-END removals are not the monster's hits


# --- locating things in a YAML file ---------------------------------------------------------


@attrs.frozen
class Problem:
    """Something wrong with a case file, at a place in it (1-based line and column)."""

    file: str
    line: int
    column: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.column}: {self.message}"


class _CaseLoader(yaml.SafeLoader):
    """A safe loader that refuses duplicate keys, naming the second one's place."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: dict[Any, yaml.Node] = {}
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=True)
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    "while constructing a mapping",
                    node.start_mark,
                    f"duplicate key {key!r} (first at line {seen[key].start_mark.line + 1})",
                    key_node.start_mark,
                )
            seen[key] = key_node
        return super().construct_mapping(node, deep=deep)


@attrs.define
class Marks:
    """The start mark of every value and of every mapping key of a document."""

    values: dict[Path_, yaml.Mark] = attrs.Factory(dict)
    keys: dict[Path_, yaml.Mark] = attrs.Factory(dict)

    def at(self, path: Path_, key: bool = False) -> tuple[int, int]:
        """Line and column (1-based) of the value (or key) at ``path``, else of its parent."""
        mark = self.keys.get(path) if key else None
        p = path
        while mark is None and p:
            mark = self.values.get(p)
            p = p[:-1]
        mark = mark or self.values.get(())
        return (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)


def _build(loader: _CaseLoader, node: yaml.Node, path: Path_, marks: Marks) -> Any:
    """The Python value of ``node``, recording marks (duplicate keys raise ConstructorError)."""
    marks.values[path] = node.start_mark
    if isinstance(node, yaml.MappingNode):
        loader.flatten_mapping(node)
        out: dict[Any, Any] = {}
        first: dict[Any, yaml.Node] = {}
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            if not isinstance(key, (str, int, bool)) or key is None:
                raise yaml.constructor.ConstructorError(
                    None, None, f"a key must be a plain name, not {key!r}", key_node.start_mark
                )
            if key in first:
                raise yaml.constructor.ConstructorError(
                    None,
                    None,
                    f"duplicate key {key!r} (first at line {first[key].start_mark.line + 1})",
                    key_node.start_mark,
                )
            first[key] = key_node
            marks.keys[(*path, key)] = key_node.start_mark
            out[key] = _build(loader, value_node, (*path, key), marks)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_build(loader, n, (*path, i), marks) for i, n in enumerate(node.value)]
    return loader.construct_object(node, deep=True)


def read_yaml(text: str, file: str) -> tuple[Any, Marks] | Problem:
    """The data of a YAML document and the marks of its values, or the Problem that stops it
    (a syntax error, a duplicate key), with its line and column."""
    loader = _CaseLoader(text)
    marks = Marks()
    try:
        node = loader.get_single_node()
        if node is None:
            return Problem(file, 1, 1, "the file is empty")
        return _build(loader, node, (), marks), marks
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
        what = e.problem or e.context or "YAML error"
        return Problem(file, line, col, f"YAML: {what}")
    except yaml.YAMLError as e:  # pragma: no cover - every PyYAML error we know is marked
        return Problem(file, 1, 1, f"YAML: {e}")
    finally:
        loader.dispose()


# --- the schema ------------------------------------------------------------------------------

# The repository root when this package runs from a source tree (fearsome_rules/tools/ is two
# folders below it).
_SOURCE_TREE = Path(__file__).resolve().parents[2]
_REPO_SCHEMA = _SOURCE_TREE / "conformance" / "schema.json"


@lru_cache(maxsize=1)
def schema() -> dict[str, Any]:
    """The JSON Schema of case files: the repository's ``conformance/schema.json`` when run
    from a source tree, else the identical copy shipped in the package."""
    if _REPO_SCHEMA.is_file():
        text = _REPO_SCHEMA.read_text(encoding="utf-8")
    else:
        text = (
            resources.files("fearsome_rules.tools")
            .joinpath("conformance_schema.json")
            .read_text(encoding="utf-8")
        )
    loaded: dict[str, Any] = json.loads(text)
    return loaded


@lru_cache(maxsize=1)
def _validator() -> jsonschema.protocols.Validator:
    cls = jsonschema.validators.validator_for(schema())
    validator: jsonschema.protocols.Validator = cls(schema())
    return validator


def _path_text(path: Iterable[str | int]) -> str:
    out = ""
    for p in path:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out or "the file"


def schema_problem(err: ValidationError, marks: Marks, file: str) -> Problem:
    """A schema validation error as one readable Problem at the place in the file it names."""
    alternatives = err.validator_value if isinstance(err.validator_value, list) else []
    if err.validator == "oneOf" and all(
        isinstance(a, dict) and "required" in a for a in alternatives
    ):
        case_path: Path_ = tuple(err.absolute_path)
        line, col = marks.at(case_path)
        return Problem(
            file,
            line,
            col,
            f"{_path_text(case_path)}: a case has exactly one of position, position_string, "
            "new_game",
        )
    if err.validator in ("anyOf", "oneOf") and err.context:
        err = best_match(err.context)
    path: Path_ = tuple(err.absolute_path)
    if err.validator == "additionalProperties" and isinstance(err.instance, dict):
        sub = err.schema if isinstance(err.schema, Mapping) else {}
        allowed = set(sub.get("properties", {}))
        extra = [k for k in err.instance if k not in allowed]
        if extra and allowed:
            key_path = (*path, extra[0])
            line, col = marks.at(key_path, key=True)
            return Problem(
                file,
                line,
                col,
                f"{_path_text(path)}: unknown key {extra[0]!r} "
                f"(allowed: {', '.join(sorted(allowed))})",
            )
    if err.validator == "propertyNames":
        key_path = (*path, err.instance)
        line, col = marks.at(key_path, key=True)
        return Problem(
            file, line, col, f"{_path_text(path)}: bad key {err.instance!r}: {err.message}"
        )
    line, col = marks.at(path)
    message = err.message
    if (
        err.validator == "pattern"
        and isinstance(err.instance, str)
        and "a-p" in str(err.validator_value)
    ):
        message = f"{err.instance!r} is not a square name (a1..p11)"
    return Problem(file, line, col, f"{_path_text(path)}: {message}")


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


def case_files(paths: Sequence[str | Path]) -> list[Path]:
    """The ``*.yaml``/``*.yml`` files named, or found under the folders named, sorted."""
    out: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            out.extend(sorted(q for q in p.rglob("*") if q.suffix in (".yaml", ".yml")))
        else:
            out.append(p)
    return out


def load(paths: Sequence[str | Path]) -> Suite:
    """Load and check case files (folders are searched for ``*.yaml``). Never raises for the
    contents of a file: every problem is in ``Suite.problems``."""
    cases: list[Case] = []
    problems: list[Problem] = []
    seen_ids: dict[str, str] = {}
    files = case_files(paths)
    for path in files:
        file = str(path)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            problems.append(Problem(file, 1, 1, f"cannot read the file: {e}"))
            continue
        read = read_yaml(text, file)
        if isinstance(read, Problem):
            problems.append(read)
            continue
        data, marks = read
        errs = sorted(_validator().iter_errors(data), key=lambda e: list(map(str, e.path)))
        file_problems = [schema_problem(e, marks, file) for e in errs]
        if file_problems:
            problems.extend(sorted(set(file_problems), key=lambda p: (p.line, p.column)))
            continue
        for i, raw in enumerate(data["cases"]):
            case, found = _check_case(raw, ("cases", i), marks, file, seen_ids)
            problems.extend(found)
            if case is not None and not found:
                cases.append(case)
    return Suite(tuple(cases), tuple(problems), tuple(map(str, files)))


def _check_case(
    raw: Mapping[str, Any], path: Path_, marks: Marks, file: str, seen_ids: dict[str, str]
) -> tuple[Case | None, list[Problem]]:
    """The semantic checks of one case that the schema cannot make."""
    found: list[Problem] = []

    def problem(at: Path_, message: str, key: bool = False) -> None:
        line, col = marks.at((*path, *at), key=key)
        found.append(Problem(file, line, col, message))

    cid = raw["id"]
    where = f"{file}:{marks.at((*path, 'id'))[0]}"
    if cid in seen_ids:
        problem(("id",), f"duplicate case id {cid!r} (first used at {seen_ids[cid]})")
    else:
        seen_ids[cid] = where
    for k, rid in enumerate(raw["rules"]):
        if rid not in RULE_IDS:
            problem(("rules", k), f"unknown rule id {rid!r}: not a heading in spec/")
    opts = RuleOptions()
    for name, value in raw.get("options", {}).items():
        opts = opts.with_option(name, value if isinstance(value, bool) else str(value))

    # Square names the schema's pattern lets through but the board does not have.
    def square(at: Path_, text: str) -> None:
        try:
            board.square(text)
        except NotationError as e:
            problem(at, f"bad square name {text!r}: {e}")

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
                problem((*at, "do"), f"bad action {st['do']!r}: {e}")
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
                problem((*at, "expect", "legal_moves", k), f"bad action {text!r}: {e}")
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


# --- running ---------------------------------------------------------------------------------


@attrs.frozen
class CaseResult:
    """What happened to one case: ``passed``, ``failed`` or ``skipped``, and why."""

    case: Case
    status: str
    messages: tuple[str, ...]
    seconds: float = 0.0
    kept_options: tuple[str, ...] = ()

    def lines(self) -> list[str]:
        """One line per failure, ``<id>: step <n>: <what differs>``."""
        return [f"{self.case.id}: {m}" for m in self.messages]


def _seat_text(value: str | int) -> str:
    return value if isinstance(value, str) else SEAT_LETTERS[value]


def _squares_text(values: Iterable[str]) -> str:
    return " ".join(sorted(values, key=board.square)) or "(none)"


def _set_diff(label: str, want: set[str], got: set[str], key: Any = None) -> list[str]:
    if want == got:
        return []
    missing = sorted(want - got, key=key)
    extra = sorted(got - want, key=key)
    parts = []
    if missing:
        parts.append(f"missing {' '.join(missing)}")
    if extra:
        parts.append(f"unexpected {' '.join(extra)}")
    return [f"{label}: {'; '.join(parts)}"]


def _place_key(p: str) -> tuple[int, str]:
    try:
        return (board.square(p), "")
    except NotationError:
        return (999, p)


def _stone_names(state: GameState) -> set[str]:
    return {board.name(s) for s in state.stones}


def _compare(
    exp: Mapping[str, Any], before: GameState, state: GameState, events: Sequence[ev.Event]
) -> list[str]:
    """Every difference between the expectations and the state after the step."""
    out: list[str] = []
    for name, want in exp.get("figures", {}).items():
        f = state.figure(name)
        want = {"at": want} if isinstance(want, str) else want
        if "at" in want and f.place() != want["at"]:
            out.append(f"figure {name}: expected at {want['at']}, got {f.place()}")
        if "face" in want and f.face != want["face"]:
            out.append(f"figure {name}: expected face {want['face']}, got {f.face}")
        if "moved" in want and f.moved != want["moved"]:
            out.append(f"figure {name}: expected moved={want['moved']}, got moved={f.moved}")
    if "monster" in exp:
        m = exp["monster"]
        at, facing = board.name(state.monster), board.DIRECTION_LETTERS[state.facing]
        if "at" in m and m["at"] != at:
            out.append(f"monster: expected on {m['at']}, got {at}")
        if "facing" in m and m["facing"] != facing:
            out.append(f"monster: expected facing {m['facing']}, got {facing}")
    if "monster_path" in exp:
        want_path = list(exp["monster_path"])
        got_path = [e.to for e in events if isinstance(e, ev.MonsterStepped)]
        if want_path != got_path:
            k = next(
                (i for i, (a, b) in enumerate(zip(want_path, got_path, strict=False)) if a != b),
                None,
            )
            if k is not None:
                out.append(
                    f"monster_path differs at step {k + 1}: expected {want_path[k]}, got "
                    f"{got_path[k]} (expected {' '.join(want_path)}; got {' '.join(got_path)})"
                )
            else:
                out.append(
                    f"monster_path: expected {len(want_path)} steps, got {len(got_path)} "
                    f"(expected {' '.join(want_path)}; got {' '.join(got_path)})"
                )
    texts = [str(e) for e in events]
    if "events" in exp:
        want_ev = list(exp["events"])
        if want_ev != texts:
            k = next(
                (i for i, (a, b) in enumerate(zip(want_ev, texts, strict=False)) if a != b),
                min(len(want_ev), len(texts)),
            )
            a = want_ev[k] if k < len(want_ev) else "(no more events)"
            b = texts[k] if k < len(texts) else "(no more events)"
            out.append(f"events differ at #{k + 1}: expected {a!r}, got {b!r}")
    if "events_contain" in exp:
        it = iter(texts)
        for want_e in exp["events_contain"]:
            if not any(t == want_e for t in it):
                out.append(f"events: {want_e!r} does not occur (in this order)")
                break
    if "eaten" in exp:
        got_eaten = [
            e.figure for e in events if isinstance(e, ev.FigureEaten) and e.how not in NOT_HITS
        ]
        if list(exp["eaten"]) != got_eaten:
            out.append(
                f"eaten: expected {' '.join(exp['eaten']) or '(none)'}, "
                f"got {' '.join(got_eaten) or '(none)'}"
            )
    stones = _stone_names(state)
    if "stones" in exp:
        out += _set_diff("stones", set(exp["stones"]), stones, board.square)
    for sq in exp.get("stones_include", ()):
        if sq not in stones:
            out.append(f"stones: expected a stone on {sq}, there is none")
    for sq in exp.get("stones_exclude", ()):
        if sq in stones:
            out.append(f"stones: expected no stone on {sq}, there is one")
    for sq, kind in exp.get("stone_kinds", {}).items():
        v = state.cells[board.square(sq)]
        got_kind = STONE_KINDS.get(v, "no stone") if v < 0 else "no stone"
        if got_kind != kind:
            out.append(f"stone on {sq}: expected {kind}, got {got_kind}")
    if "legal_moves" in exp:
        out += _compare_legal(exp["legal_moves"], exp.get("legal_moves_for"), state)
    for name, places in exp.get("destinations", {}).items():
        got_places = {apply(state, m).figure(name).place() for m in legal_moves(state, name)}
        out += _set_diff(f"destinations of {name}", set(places), got_places, _place_key)
    if "phase" in exp and exp["phase"] != state.phase.value:
        out.append(f"phase: expected {exp['phase']}, got {state.phase.value}")
    if "to_move" in exp:
        want_tm = None if exp["to_move"] is None else _seat_text(exp["to_move"])
        got_tm = None if state.to_move < 0 else SEAT_LETTERS[state.to_move]
        if want_tm != got_tm:
            out.append(f"to_move: expected {want_tm or 'nobody'}, got {got_tm or 'nobody'}")
    if "start_player" in exp:
        want_sp = _seat_text(exp["start_player"])
        if want_sp != SEAT_LETTERS[state.start_player]:
            out.append(f"start_player: expected {want_sp}, got {SEAT_LETTERS[state.start_player]}")
    for key in ("round", "stage"):
        if key in exp and exp[key] != getattr(state, key):
            out.append(f"{key}: expected {exp[key]}, got {getattr(state, key)}")
    if "deck" in exp:
        want_deck = sorted(str(t) for t in exp["deck"])
        if want_deck != sorted(state.deck):
            out.append(
                f"deck: expected {' '.join(want_deck) or '(empty)'}, "
                f"got {' '.join(sorted(state.deck)) or '(empty)'}"
            )
    if "escapes" in exp:
        want_esc = [_seat_text(s) for s in exp["escapes"]]
        got_esc = [SEAT_LETTERS[s] for s in state.escapes]
        if want_esc != got_esc:
            out.append(f"escapes: expected {' '.join(want_esc)}, got {' '.join(got_esc)}")
    if "outcome" in exp:
        got_o = game_outcome(state)
        want_o = exp["outcome"]
        got_text = (
            "none (the game goes on)"
            if got_o is None
            else f"{got_o.rule} won by {''.join(SEAT_LETTERS[s] for s in got_o.winners) or '-'}"
        )
        if want_o is None:
            if got_o is not None:
                out.append(f"outcome: expected the game to go on, got {got_text}")
        else:
            want_text = (
                f"{want_o['rule']} won by "
                f"{''.join(_seat_text(s) for s in want_o['winners']) or '-'}"
            )
            if want_text != got_text:
                out.append(f"outcome: expected {want_text}, got {got_text}")
    if "chance" in exp:
        want_ch = {str(t): Fraction(p) for t, p in exp["chance"].items()}
        got_ch = {r.tile: p for r, p in chance_outcomes(state)}
        if want_ch != got_ch:

            def show(d: Mapping[str, Fraction]) -> str:
                return " ".join(f"{t}:{p}" for t, p in d.items()) or "(none)"

            out.append(f"chance: expected {show(want_ch)}, got {show(got_ch)}")
    if "pools" in exp:
        got_pools = {board.name(s) for s in state.pools}
        out += _set_diff("pools", set(exp["pools"]), got_pools, board.square)
    if "teleporters" in exp:
        got_t = {
            f"{board.name(sq)}:{pair}:{board.DIRECTION_LETTERS[d]}"
            for sq, pair, d in state.teleporters
        }
        out += _set_diff("teleporters", set(exp["teleporters"]), got_t)
    if "to_place" in exp and sorted(exp["to_place"]) != sorted(state.to_place):
        out.append(
            f"to_place: expected {' '.join(sorted(exp['to_place']))}, "
            f"got {' '.join(sorted(state.to_place))}"
        )
    return out


def _compare_legal(want: Sequence[str], figure: str | None, state: GameState) -> list[str]:
    """Legal moves are compared by their results: any path to the same result will do."""
    out: list[str] = []
    expected: dict[GameState, str] = {}
    for text in want:
        action = parse_action(text)
        err = check(state, action)
        if err is not None:
            out.append(f"legal_moves: {text!r} is not legal: [{err.rule}] {err.message}")
            continue
        result = apply(state, action)
        if result in expected:
            out.append(f"legal_moves: {text!r} has the same result as {expected[result]!r}")
        expected[result] = text
    got: dict[GameState, str] = {}
    for move in legal_moves(state, figure):
        got.setdefault(apply(state, move), str(move))
    missing = [t for r, t in expected.items() if r not in got]
    extra = [t for r, t in got.items() if r not in expected]
    if missing:
        out.append(f"legal_moves: missing {', '.join(missing)}")
    if extra:
        out.append(f"legal_moves: unexpected {', '.join(extra)}")
    return out


def run_case(case: Case, override: Mapping[str, str | bool] | None = None) -> CaseResult:
    """Run one case under its options (and the override's for options it does not name)."""
    t0 = time.perf_counter()
    kept = tuple(sorted(k for k in (override or {}) if k in case.options))
    try:
        state = start_state(case, case_options(case, override))
    except FearsomeError as e:
        if override:
            return CaseResult(
                case,
                "skipped",
                (f"start: not valid under this reading: {e}",),
                time.perf_counter() - t0,
                kept,
            )
        return CaseResult(case, "failed", (f"start: {e}",), time.perf_counter() - t0, kept)
    messages: list[str] = []
    for step in case.steps:
        try:
            msgs, state, stop = _run_step(step, state)
        except Exception as e:  # an engine bug must be a failure line, never a traceback
            msgs, stop = [f"the engine raised {type(e).__name__}: {e}"], True
        messages += [f"step {step.number}: {m}" for m in msgs]
        if stop:
            break
    status = "failed" if messages else "passed"
    return CaseResult(case, status, tuple(messages), time.perf_counter() - t0, kept)


def _run_step(step: Step, state: GameState) -> tuple[list[str], GameState, bool]:
    """Differences found, the state after the step, and whether to stop the case."""
    if step.do is None:
        return (_compare(step.expect or {}, state, state, ()), state, False)
    action: Action = parse_action(step.do)
    if step.error is not None:
        err = check(state, action)
        if err is None:
            return (
                [f"{step.do!r}: expected a refusal by {step.error}, but it is legal"],
                state,
                False,
            )
        if err.rule != step.error:
            return (
                [f"{step.do!r}: refused by {err.rule} ({err.message}), expected {step.error}"],
                state,
                False,
            )
        return ([], state, False)
    try:
        after, events = apply_traced(state, action)
    except RuleError as e:
        return ([f"{step.do!r} was refused: [{e.rule}] {e.message}"], state, True)
    return (_compare(step.expect or {}, state, after, events), after, False)


@attrs.frozen
class Report:
    """The results of a run."""

    results: tuple[CaseResult, ...]
    problems: tuple[Problem, ...]
    override: Mapping[str, str | bool]

    def count(self, status: str) -> int:
        return sum(1 for r in self.results if r.status == status)

    @property
    def ok(self) -> bool:
        return not self.problems and self.count("failed") == 0

    def summary(self) -> str:
        """``N passed, M failed`` (and skipped, and the reading used)."""
        text = f"{self.count('passed')} passed, {self.count('failed')} failed"
        if self.count("skipped"):
            text += f", {self.count('skipped')} skipped"
        if self.problems:
            n = len(self.problems)
            text += f", {n} problem{'s' if n != 1 else ''} in the case files"
        if self.override:
            reading = ", ".join(f"{k}={_value_text(v)}" for k, v in self.override.items())
            kept = sum(1 for r in self.results if r.kept_options)
            ran = len(self.results) - kept - self.count("skipped")
            text += (
                f" (under {reading}: {ran} ran under it, {kept} kept their own value, "
                f"{self.count('skipped')} skipped because their start is not valid under it)"
            )
        return text

    def to_json(self) -> dict[str, Any]:
        return {
            "summary": {
                "passed": self.count("passed"),
                "failed": self.count("failed"),
                "skipped": self.count("skipped"),
                "problems": len(self.problems),
                "options": {k: _value_text(v) for k, v in self.override.items()},
            },
            "problems": [str(p) for p in self.problems],
            "cases": [
                {
                    "id": r.case.id,
                    "file": r.case.file,
                    "line": r.case.line,
                    "rules": list(r.case.rules),
                    "status": r.status,
                    "messages": list(r.messages),
                    "seconds": round(r.seconds, 6),
                }
                for r in self.results
            ],
        }

    def to_junit(self) -> str:
        suite = ET.Element(
            "testsuite",
            name="fearsome_rules conformance",
            tests=str(len(self.results) + len(self.problems)),
            failures=str(self.count("failed")),
            errors=str(len(self.problems)),
            skipped=str(self.count("skipped")),
            time=f"{sum(r.seconds for r in self.results):.3f}",
        )
        for p in self.problems:
            tc = ET.SubElement(suite, "testcase", classname=p.file, name=f"line {p.line}")
            ET.SubElement(tc, "error", message=p.message).text = str(p)
        for r in self.results:
            tc = ET.SubElement(
                suite,
                "testcase",
                classname=Path(r.case.file).stem,
                name=r.case.id,
                file=r.case.file,
                line=str(r.case.line),
                time=f"{r.seconds:.4f}",
            )
            if r.status == "failed":
                ET.SubElement(tc, "failure", message=r.messages[0]).text = "\n".join(r.lines())
            elif r.status == "skipped":
                ET.SubElement(tc, "skipped", message=r.messages[0])
        return ET.tostring(suite, encoding="unicode", xml_declaration=True)


def _value_text(v: str | bool) -> str:
    return str(v).lower() if isinstance(v, bool) else v


def select(cases: Iterable[Case], keywords: Sequence[str]) -> Iterator[Case]:
    """The cases whose id contains one of the keywords (all cases if there are none)."""
    for c in cases:
        if not keywords or any(k in c.id for k in keywords):
            yield c


def run(
    paths: Sequence[str | Path],
    override: Mapping[str, str | bool] | None = None,
    keywords: Sequence[str] = (),
) -> Report:
    """Load the files under ``paths`` and run the selected cases."""
    suite = load(paths)
    override = dict(override or {})
    for name, value in override.items():  # raises SetupError for a bad name or value
        RuleOptions().with_option(name, value)
    results = tuple(run_case(c, override) for c in select(suite.cases, keywords))
    return Report(results, suite.problems, override)


def default_paths() -> list[Path]:
    """``conformance/cases`` of the current folder, or of the source tree of this package."""
    for base in (Path.cwd(), _SOURCE_TREE):
        cases = base / "conformance" / "cases"
        if cases.is_dir():
            return [cases]
    return []


def is_hit_event(e: ev.Event) -> bool:
    """Whether an event is a figure hit by the monster (MON-HITS)."""
    return isinstance(e, ev.FigureEaten) and e.how not in NOT_HITS
