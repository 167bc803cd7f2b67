"""Which readings matter (tools.readings): the detector against the conformance suite (every
case that shows a reading is found to depend on that option) and against a cheap independent
criterion on generated games (an option found to matter always comes with its situation: the
rule ids it decides in the events, or the geometry it reads)."""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import fuzz_examples, played

import fearsome_rules as fr
from fearsome_rules.core import board
from fearsome_rules.core import events as ev
from fearsome_rules.core.board import TURN_ABOUT, TURN_RIGHT
from fearsome_rules.core.state import GameState, escapes_to_win
from fearsome_rules.tools import conformance
from fearsome_rules.tools.readings import readings_that_matter
from fearsome_rules.tools.readings.detect import PER_ACTION

ROOT = Path(__file__).resolve().parents[2]


def option_rules() -> dict[str, set[str]]:
    """The rule ids spec/options.md names for each option."""
    text = (ROOT / "spec" / "options.md").read_text("utf-8")
    rows = re.finditer(r"^\| `(\w+)` \| [^|]+\| [^|]+\| ([A-Z0-9, -]+) \|", text, re.M)
    return {m.group(1): {x.strip() for x in m.group(2).split(",")} for m in rows}


RULES = option_rules()


def under(state: GameState, option: str, value: str) -> GameState:
    options = state.options.with_option(option, value)
    return GameState(state.data, attrs.evolve(state.setting, options=options))


@attrs.frozen
class Seen:
    """What an action did under one reading, for the criteria."""

    state: GameState
    events: tuple[ev.Event, ...]
    refused: str | None
    after: GameState | None


def seen(state: GameState, action: fr.Action) -> Seen:
    try:
        after, events = fr.apply_traced(state, action)
    except fr.RuleError as e:
        return Seen(state, (), e.rule, None)
    return Seen(state, events, None, after)


def _line(frm: str, to: str) -> list[int]:
    """The squares from ``frm`` to ``to`` in a line, and the one beyond."""
    a, b = board.square(frm), board.square(to)
    (ar, ac), (br, bc) = divmod(a, board.COLUMNS), divmod(b, board.COLUMNS)
    dr, dc = (br > ar) - (br < ar), (bc > ac) - (bc < ac)
    out, r, c = [], ar, ac
    for _ in range(board.COLUMNS + 2):
        out.append(r * board.COLUMNS + c)
        if (r, c) == (br, bc):
            break
        r, c = r + dr, c + dc
    beyond = (br + dr) * board.COLUMNS + (bc + dc)
    return [*out, beyond] if (dr or dc) and 0 <= beyond < board.CELLS else out


def situation(option: str, how: str, both: tuple[Seen, Seen]) -> bool:
    """Whether the situation an option decides arises here: a necessary condition, cheap,
    worked out from the events and the position, not from the detector."""
    before = both[0].state
    rules = {r for s in both for r in ((s.refused,) if s.refused else ())}
    rules |= {getattr(e, "rule", "") for s in both for e in s.events}
    if rules & RULES[option]:
        return True
    events = [e for s in both for e in s.events]
    if option == "reentry":
        return before.phase is fr.Phase.FIGURES and any(
            f.owner == before.to_move and f.place() == "waiting" for f in before.figures
        )
    if how == "legal moves":  # what some legal move leads to differs
        if option == "slide_over_figure":  # a figure lying on a pool
            return any(
                before.cells[sq] and not board.is_stone(before.cells[sq]) for sq in before.pools
            )
        if option == "monster_corner_stone":  # a stone on a line to a corner
            return any(
                board.is_stone(v)
                and (
                    sq // board.COLUMNS in (0, board.ROWS - 1)
                    or sq % board.COLUMNS in (0, board.COLUMNS - 1)
                )
                for sq, v in enumerate(before.cells)
            )
    if option in ("protected_squares", "teleporter_diagonal", "teleporter_walls"):
        return before.phase is fr.Phase.PLACEMENT
    if option == "no_escape_result":
        return any(s.after is not None and s.after.phase is fr.Phase.OVER for s in both) and (
            not any(s.after.escapes for s in both if s.after is not None)
        )
    if option == "finish_round":
        need = escapes_to_win(before.players)
        return any(
            s.after is not None and any(s.after.escaped(p) >= need for p in range(s.after.players))
            for s in both
        )
    if option == "slide_over_figure":  # a figure's slide passes, or stops before, a figure
        return any(
            before.cells[sq] and not board.is_stone(before.cells[sq]) and board.name(sq) != e.frm
            for e in events
            if isinstance(e, ev.FigureSlid)
            for sq in _line(e.frm, e.to)
        ) or any(s.refused is not None for s in both)
    if option == "monster_pool_edge":  # a slide from a square by the wall
        return any(
            isinstance(e, ev.MonsterSlid) and any(board.WALL[board.square(e.frm)]) for e in events
        )
    if option == "monster_corner_stone":  # a stone on a corner, or removed there
        return any(isinstance(e, ev.StoneRemoved) for e in events) or any(
            s.after is not None and any(board.is_stone(s.after.cells[c]) for c in board.CORNERS)
            for s in both
        )
    if option == "turn_stone_beyond_wall":  # a turning stone met beyond a wall
        turning = {sq for sq, v in enumerate(before.cells) if v in (TURN_RIGHT, TURN_ABOUT)}
        return any(
            isinstance(e, ev.MonsterWrapped) and board.square(e.to) in turning for e in events
        ) or any(isinstance(e, ev.MonsterTurnedByStone) for e in events)
    return False


def _check(state: GameState, action: fr.Action) -> None:
    for m in readings_that_matter(state, action):
        both = (seen(state, action), seen(under(state, m.option, m.value), action))
        assert situation(m.option, m.how, both), (str(m), str(action), fr.position_string(state))


@settings(max_examples=fuzz_examples(40), deadline=None)
@given(game=played(max_actions=250), picks=st.lists(st.integers(0, 10**6), max_size=30))
def test_an_option_found_to_matter_comes_with_its_situation(
    game: tuple[list[GameState], list[fr.Action]], picks: list[int]
) -> None:
    states, actions = game
    for k in picks or [0]:
        if actions:
            i = k % len(actions)
            _check(states[i], actions[i])


def test_every_case_that_shows_a_reading_is_found_to_depend_on_it() -> None:
    suite = conformance.load([ROOT / "conformance" / "cases"])
    shown = 0
    for case in suite.cases:
        for option, value in case.options.items():
            text = str(value).lower() if isinstance(value, bool) else str(value)
            others = [v for v in fr.RuleOptions.choices(option) if v != text]
            if option not in PER_ACTION or not _shows(case, option, others):
                continue
            shown += 1
            state = conformance.start_state(case, conformance.case_options(case))
            found = False
            for step in case.steps:
                if step.do is None:
                    continue
                action = fr.parse_action(step.do)
                found |= any(m.option == option for m in readings_that_matter(state, action))
                if step.error is None:
                    state = fr.apply(state, action)
            assert found, f"{case.id}: shows {option}, not found"
    assert shown >= 40  # the suite shows every per-action option, most of them several times


def _shows(case: conformance.Case, option: str, others: list[str]) -> bool:
    """Whether the case's steps depend on the option: a step fails under another value (a
    start that cannot exist under it shows the layout's rule, not an action's)."""
    for other in others:
        forced = attrs.evolve(case, options={**case.options, option: other})
        result = conformance.run_case(forced)
        if result.status == "failed" and not result.messages[0].startswith("start:"):
            return True
    return False


@pytest.mark.parametrize(
    ("option", "position", "action"),
    [
        (
            "monster_slide_figure",
            dict(figures={"A1": "d6"}, monster="b6", facing="E", pools=["c6", "d6", "e6"]),
            "reveal 5",
        ),
        (
            "wrap_entry_figure",
            dict(figures={"A1": "a6"}, monster="p6", facing="E"),
            "reveal 5",
        ),
    ],
)
def test_a_known_situation_is_found(option: str, position: dict[str, object], action: str) -> None:
    everyone = [f.name for f in fr.new_game(4).figures]
    state = fr.position(
        4,
        moved=everyone,
        stones=[],
        round=2,
        deck_left=["5", "7", "8", "8", "10", "1hit", "2hits"],
        **position,  # type: ignore[arg-type]
    )
    found = readings_that_matter(state, fr.parse_action(action))
    assert [m.option for m in found] == [option]
    assert found[0].how == "result"


def test_nothing_is_found_where_nothing_is_disputed() -> None:
    state = fr.new_game(3)
    assert readings_that_matter(state, fr.FigureMove("A5", ("p11", "p10"))) == ()
    quiet = fr.position(
        2,
        figures={"A1": "h6"},
        moved=[f.name for f in fr.new_game(2).figures],
        stones=[],
        pools=[],
        monster="b2",
        facing="E",
        round=2,
        deck_left=["5", "7", "8", "8", "10", "1hit", "2hits"],
    )
    assert readings_that_matter(quiet, fr.Reveal("5")) == ()


def test_the_criterion_can_fail() -> None:
    """Where nothing is disputed, no option's situation arises: a detector that named one
    there would fail the property above."""
    quiet = fr.position(
        2,
        figures={"A1": "h6"},
        moved=[f.name for f in fr.new_game(2).figures],
        stones=[],
        pools=[],
        monster="b2",
        facing="E",
        round=2,
        deck_left=["5", "7", "8", "8", "10", "1hit", "2hits"],
    )
    action = fr.Reveal("5")
    for option in PER_ACTION:
        other = next(
            v
            for v in fr.RuleOptions.choices(option)
            if v != str(getattr(quiet.options, option)).lower()
        )
        both = (seen(quiet, action), seen(under(quiet, option, other), action))
        assert not situation(option, "result", both), option
