"""A rule-based state machine over the public API: legal and perturbed actions interleaved with
every view and every round-trip, on games of any setup and any reading of the rules.

Where calls interleave, the engine must keep its promises: a refused action leaves the state as
it was and names the same rule as ``check``; the views (all paths, destinations, one move per
result, step-by-step continuation) agree with each other; every text and JSON form reads back.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)
from invariants import check_invariants, check_transition
from strategies import SETUPS, action, rule_options

import fearsome_rules as fr
from fearsome_rules.core import board
from fearsome_rules.core.events import fold

ENTRIES = [*sorted(board.NAME_SET), "out"]


class Game(RuleBasedStateMachine):
    state: fr.GameState
    start: fr.GameState
    actions: list[fr.Action]

    @initialize(players=st.integers(2, 7), setup=st.sampled_from(SETUPS), data=st.data())
    def new_game(self, players: int, setup: str, data: st.DataObject) -> None:
        start_player = data.draw(st.integers(0, players - 1))
        opts = data.draw(rule_options())
        self.start = self.state = fr.new_game(players, start_player, opts, setup)
        self.actions = []

    @precondition(lambda self: self.state.phase is not fr.Phase.OVER)
    @rule(data=st.data())
    def play(self, data: st.DataObject) -> None:
        before = self.state
        chosen = action(data.draw, before)
        assert fr.check(before, chosen) is None
        after, events = fr.apply_traced(before, chosen)
        check_transition(before, chosen, after, events)
        assert fold(before, events) == after
        self.state = after
        self.actions.append(chosen)

    @precondition(lambda self: self.state.phase is fr.Phase.FIGURES)
    @rule(data=st.data())
    def perturbed_move_is_refused_or_accepted_consistently(self, data: st.DataObject) -> None:
        state = self.state
        move = data.draw(st.sampled_from(fr.legal_moves(state)))
        path = list(move.path)
        entry = data.draw(st.sampled_from(ENTRIES))
        replace: bool = data.draw(st.booleans())
        if path and replace:
            path[data.draw(st.integers(0, len(path) - 1))] = entry
        else:
            path.insert(data.draw(st.integers(0, len(path))), entry)
        bent = fr.FigureMove(move.figure, tuple(path))
        before = fr.position_string(state)
        err = fr.check(state, bent)
        try:
            fr.apply(state, bent)
            assert err is None, f"apply accepted what check refused: {err}"
            assert bent in set(fr.all_paths(state, move.figure))
        except fr.RuleError as e:
            assert err is not None and e.rule == err.rule
        assert fr.position_string(state) == before  # nothing is lost

    @precondition(lambda self: self.state.phase is not fr.Phase.FIGURES)
    @rule(data=st.data())
    def a_figure_move_out_of_turn_is_refused(self, data: st.DataObject) -> None:
        f = data.draw(st.sampled_from(self.state.figures))
        err = fr.check(self.state, fr.FigureMove(f.name, ()))
        assert err is not None and err.rule in ("RND-PHASES", self.state.ended_by)

    @precondition(lambda self: self.state.phase is fr.Phase.FIGURES)
    @rule(data=st.data())
    def views_agree(self, data: st.DataObject) -> None:
        state = self.state
        dests = fr.destinations(state)
        figure = data.draw(st.sampled_from(sorted(dests)))
        moves = fr.legal_moves(state, figure)
        results = {fr.apply(state, m) for m in moves}
        assert len(results) == len(moves)  # one move per distinct result
        paths = list(fr.all_paths(state, figure))
        assert len(set(paths)) == len(paths)
        assert {fr.apply(state, p) for p in paths} == results
        after_ends = {fr.apply(state, m).figure(figure).place() for m in moves}
        assert set(dests[figure]) == after_ends
        # step by step: every prefix of a legal move continues towards it
        move = data.draw(st.sampled_from(paths))
        for k in range(len(move.path) + 1):
            c = fr.continuations(state, fr.FigureMove(figure, move.path[:k]))
            if k < len(move.path):
                assert move.path[k] in c.next
        assert c.complete

    @rule()
    def forms_round_trip(self) -> None:
        s = self.state
        assert fr.parse_position(fr.position_string(s)) == s
        assert fr.parse_diagram(fr.diagram(s)) == s
        assert fr.state_from_json(json.dumps(fr.state_to_json(s))) == s

    @rule(data=st.data())
    def the_record_replays(self, data: st.DataObject) -> None:
        record = fr.GameRecord.of(self.start, self.actions)
        back = fr.GameRecord.from_json(record.dumps())
        assert back.replay() == self.state
        k = data.draw(st.integers(0, len(self.actions)))
        assert back.replay(k) == fr.GameRecord.of(self.start, self.actions[:k]).replay()

    @invariant()
    def invariants_hold(self) -> None:
        if hasattr(self, "state"):
            check_invariants(self.state)


Game.TestCase.settings = settings(
    max_examples=max(10, settings().max_examples // 4), stateful_step_count=60, deadline=None
)
TestGame = pytest.mark.rules("RND-ORDER", "RND-ONCE", "FIG-POINTS", "FIG-FLIP")(Game.TestCase)
