"""A walk cut into steps where the kernel marks them (core.walks.apply_steps), what the kernel saw
at each look (MonsterLooked's lines and choice) and the kind of each stone it moved, and the one
fold of events (events.fold), which leaves a tile's end to the kernel.

Each step's position is checked against a walk the kernel makes without marks (a lab's walk of
that many steps, a figure's shorter move), each look's lines against the public sight of the
step's board, so that nothing here compares the marks with themselves.
"""

from __future__ import annotations

import json
import random

import pytest
from differential import positions

import fearsome_rules as fr
from fearsome_rules.core import board
from fearsome_rules.core import events as ev
from fearsome_rules.core.board import STONE_KINDS
from fearsome_rules.core.errors import ArgumentError
from fearsome_rules.core.events import fold
from fearsome_rules.core.state import FIGURE_NAMES
from fearsome_rules.core.view import Board, choose
from fearsome_rules.core.walks import Walk, apply_steps, walk_traced
from fearsome_rules.formats.event_json import event_from_json, event_to_json

POSITIONS = 200
FIGURES = frozenset(n for names in FIGURE_NAMES.values() for n in names)


@pytest.mark.rules("MON-STEP", "MON-HITS")
def test_each_monster_step_is_the_walk_of_that_many_steps() -> None:
    """Step k of a tile's walk leaves the board as a lab's walk of k steps does (the same
    kernel, unmarked), and the steps' events with the rest are the action's events."""
    rng = random.Random(5)
    steps = 0
    for state in positions(fr.Phase.MONSTER, POSITIONS, 51):
        reveal = rng.choice([r for r, _ in fr.chance_outcomes(state)])
        done = apply_steps(state, reveal)
        after, events = fr.apply_traced(state, reveal)
        assert done.after == after and done.events == events
        # apply_traced leaves the lines out (only steps are read with them), the choice not
        looked = [e for e in events if isinstance(e, ev.MonsterLooked)]
        assert all(e.lines == () for e in looked)
        assert [(e.tie, e.side) for e in looked] == [
            (e.tie, e.side) for e in done.events if isinstance(e, ev.MonsterLooked)
        ]
        assert tuple(e for s in done.steps for e in s.events) + done.rest == events
        for k, step in enumerate(done.steps, 1):
            lab, _ = walk_traced(state, Walk(k))
            last = step.events[-1]
            assert isinstance(last, ev.MonsterStepped)
            assert (last.number, last.to) == (k, board.name(step.after.monster))
            assert (step.after.cells, step.after.figures) == (lab.cells, lab.figures)
            assert step.after.monster == lab.monster
            steps += 1
        # the end: the monster after its final look
        assert (done.end.monster, done.end.facing) == (after.monster, after.facing)
    assert steps > 5 * POSITIONS


@pytest.mark.rules("FIG-POINTS", "FIG-THROUGH", "POOL-SLIDE", "PUSH-ONE")
def test_each_point_of_a_figure_move_is_where_the_figure_stands_then() -> None:
    """After point k of a move the mover stands where its first k entries take it (what the
    move search's own walk of the figure says, unmarked), pushed stones included."""
    rng = random.Random(6)
    points = 0
    for state in positions(fr.Phase.FIGURES, POSITIONS, 61):
        moves = [m for m in fr.legal_moves(state) if m.path]
        if not moves:
            continue
        move = rng.choice(moves)
        done = apply_steps(state, move)
        assert done.after == fr.apply(state, move)
        assert len(done.steps) == len(move.path)
        for k, step in enumerate(done.steps, 1):
            shorter = fr.FigureMove(move.figure, move.path[:k])
            if fr.check(state, shorter) is None:  # not ending on a figure it passes
                short = fr.apply(state, shorter)
                assert step.after.figure(move.figure).place() == short.figure(move.figure).place()
                assert step.after.stones == short.stones
            points += 1
    assert points > POSITIONS


@pytest.mark.rules("MON-SIGHT-DIRS", "MON-SIGHT-BLOCK", "MON-DISTANCE", "MON-CHOOSE")
def test_a_look_carries_what_the_kernel_saw() -> None:
    """Every look's four lines (ahead, left, right, behind) are the public sight of the
    board the step began on, and its choice is the public choice for the distances seen."""
    rng = random.Random(7)
    looks = 0
    for state in positions(fr.Phase.MONSTER, POSITIONS, 71):
        reveal = rng.choice([r for r, _ in fr.chance_outcomes(state)])
        done = apply_steps(state, reveal)
        boards = [state] + [s.after for s in done.steps]
        seen = [e for e in done.events if isinstance(e, ev.MonsterLooked)]
        assert len(seen) == len(boards)
        for at, e in zip(boards, seen, strict=True):
            assert e.square == board.name(at.monster)
            facing = at.facing
            dirs = (facing, (facing + 3) & 3, (facing + 1) & 3, (facing + 2) & 3)
            for d, line in zip(dirs, e.lines, strict=True):
                end, dist, piece = Board.of(at).sight(at.monster, d)
                assert line.distance == dist
                assert line.square == ("" if end == board.OFF else board.name(end))
                want = (
                    STONE_KINDS.get(piece, "")
                    if piece == 0 or piece in STONE_KINDS
                    else at.figures[piece - 1].name
                )
                assert line.piece == want
            seen_at = [ln.distance if ln.piece in FIGURES else 0 for ln in e.lines[:3]]
            choice = choose(facing, *seen_at)
            assert board.DIRECTION_LETTERS[choice.facing] == e.facing
            assert (e.tie, e.side) == (choice.tie, choice.side)
            looks += 1
    assert looks > 5 * POSITIONS


@pytest.mark.rules("MON-PUSH", "PUSH-ONE", "ADV-CRYSTAL", "ADV-TURN")
def test_a_moved_stone_names_its_kind() -> None:
    """The kind a stone event carries is the kind on its square before the action (stones
    keep their kind when pushed: the first event of each stone names it)."""
    rng = random.Random(8)
    kinds: set[str] = set()
    for state in positions(fr.Phase.MONSTER, POSITIONS, 81):
        reveal = rng.choice([r for r, _ in fr.chance_outcomes(state)])
        _, events = fr.apply_traced(state, reveal)
        now = {board.name(sq): STONE_KINDS[state.cells[sq]] for sq in state.stones}
        for e in events:
            if isinstance(e, ev.StonePushed | ev.StoneSlid):
                assert e.stone == now.pop(e.frm)
                now[e.to] = e.stone
                kinds.add(e.stone)
            elif isinstance(e, ev.StoneRemoved):
                assert e.stone == now.pop(e.square)
    assert kinds == {"stone", "crystal", "turn_right", "turn_about"}


def test_what_the_kernel_saw_stays_out_of_the_text_and_the_json() -> None:
    """The conformance suite compares ``str(event)`` and clients read the JSON: neither shows
    the new fields, and an event read back from JSON equals the one written."""
    state = positions(fr.Phase.MONSTER, 1, 91)[0]
    reveal = fr.chance_outcomes(state)[0][0]
    events = apply_steps(state, reveal).events
    look = next(e for e in events if isinstance(e, ev.MonsterLooked))
    assert len(look.lines) == 4
    assert str(look) == f"MonsterLooked {look.square} {look.ahead} {look.left} {look.right} " + (
        look.facing
    )
    assert set(event_to_json(look)) == {"type", "square", "ahead", "left", "right", "facing"}
    for e in events:
        assert event_from_json(event_to_json(e)) == e
    pushed = ev.StonePushed("c3", "c4", "monster", "MON-PUSH", "crystal")
    assert set(event_to_json(pushed)) == {"type", "frm", "to", "by", "rule"}
    assert str(pushed) == "StonePushed c3 c4 monster"


@pytest.mark.rules("STAGE-ONE", "RND-START-PASS", "DECK-REVEAL")
def test_the_fold_leaves_a_tiles_end_to_the_kernel() -> None:
    """The events of a tile's end are the kernel's story: the fold asks the kernel for the
    end, so a wrong story of it folds to the same state, and an end without its tile is
    refused."""
    state = positions(fr.Phase.MONSTER, 1, 92)[0]
    reveal = fr.chance_outcomes(state)[0][0]
    after, events = fr.apply_traced(state, reveal)
    assert fold(state, events) == after
    told = [
        ev.RoundStarted(99, "G") if isinstance(e, ev.RoundStarted) else e
        for e in events
        if not isinstance(e, ev.StageChanged)
    ]
    assert fold(state, told) == after
    with pytest.raises(ArgumentError, match="TileRevealed"):
        fold(state, [e for e in events if not isinstance(e, ev.TileRevealed)])


def test_a_walk_of_no_steps_has_its_look_only() -> None:
    state = positions(fr.Phase.MONSTER, 1, 93)[0]
    done = apply_steps(state, Walk(0))
    assert done.steps == () and [type(e) for e in done.rest][:1] == [ev.MonsterLooked]
    assert done.end == done.after


@pytest.mark.rules("MON-EAT", "MON-PUSH-OFF", "PUSH-CORNER")
def test_how_a_figure_was_hit_is_a_member_whose_text_is_unchanged() -> None:
    """``How`` members compare as members and read as the strings the events always wrote: in
    the text, in the JSON, and back from the JSON (a plain string becomes its member)."""
    eaten = ev.FigureEaten("A1", "c3", "eaten", "waiting", "MON-EAT")
    assert eaten.how is ev.How.EATEN
    assert str(eaten) == "FigureEaten A1 c3 eaten waiting"
    obj = event_to_json(eaten)
    assert json.dumps(obj["how"]) == '"eaten"'
    back = event_from_json(json.loads(json.dumps(obj)))
    assert isinstance(back, ev.FigureEaten) and back.how is ev.How.EATEN
    removed = ev.StoneRemoved("a1", "corner")
    assert removed.reason is ev.How.CORNER and str(removed) == "StoneRemoved a1 corner"
    with pytest.raises(ValueError, match="hugged"):
        ev.FigureEaten("A1", "c3", "hugged", "waiting")
    with pytest.raises(fr.RecordError, match="how: 'hugged'"):
        event_from_json({**obj, "how": "hugged"})
