"""The engine a conformance run asks: this package in-process, or any implementation through the
process protocol (:mod:`.client`, conformance/PROTOCOL.md). The runner and the comparison of
expectations ask only what :class:`Engine` offers, so that one runner checks every engine.

A state is held as this package's :class:`~fearsome_rules.core.state.GameState` on the runner's
side: an engine under test answers with the state's JSON (the ``fearsome-rules/state`` format),
which the runner reads strictly, so a state no game can reach is a failure of that engine.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Protocol

import attrs

from fearsome_rules.core import events as ev
from fearsome_rules.core.actions import parse_action
from fearsome_rules.core.endings import outcome
from fearsome_rules.core.errors import FearsomeError
from fearsome_rules.core.game import apply, apply_traced, chance_outcomes, check, legal_moves
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.core.state import SEAT_LETTERS, GameState
from fearsome_rules.tools.conformance.cases import Case, start_state
from fearsome_rules.tools.trail import NOT_HITS as NOT_HITS
from fearsome_rules.tools.trail import hits, monster_path


@attrs.frozen
class Done:
    """What an action did: the state after it, and what the expectations compare besides."""

    state: GameState
    monster_path: tuple[str, ...]
    """The monster's square after each step of a tile's walk."""
    eaten: tuple[str, ...]
    """The figures the monster hit, in order (eaten, pushed off the board or a teleporter)."""
    events: tuple[str, ...] | None
    """The events as text (``str`` of :mod:`fearsome_rules.core.events`); None if the engine
    does not give them."""


@attrs.frozen
class Refusal:
    """An action the engine refused, and the rule id it named."""

    rule: str
    message: str


class Unsupported(Exception):
    """The engine does not support what a case needs: the case is skipped, not failed."""


class EngineFailure(FearsomeError):
    """The engine under test did not answer as the protocol says (no answer in time, an exit,
    a line that is not a response): the case at hand fails with this message."""


class BadState(EngineFailure):
    """The engine answered with a state that is not valid (the runner's reader refused it)."""


Outcome = tuple[str, tuple[str, ...]] | None
"""The ending rule and the winners' seat letters, or None while the game goes on."""


class Engine(Protocol):
    """What the runner asks an engine."""

    name: str
    features: frozenset[str]
    """Among ``events``, ``legal_moves``, ``destinations``, ``chance``, ``outcome``: what the
    engine answers (a case needing more is skipped)."""

    def skip_reason(self, case: Case, options: RuleOptions) -> str | None:
        """Why the engine cannot run the case (a setup, a player count, a reading), or None."""
        ...

    def start(self, case: Case, options: RuleOptions) -> GameState:
        """The case's start (raises FearsomeError if it cannot be set up)."""
        ...

    def act(self, state: GameState, action: str) -> Done | Refusal:
        """The action in notation, carried out, or refused with its rule id."""
        ...

    def legal_moves(self, state: GameState, figure: str | None) -> list[str]: ...

    def destinations(self, state: GameState, figure: str) -> set[str]: ...

    def chance(self, state: GameState) -> dict[str, Fraction]: ...

    def outcome(self, state: GameState) -> Outcome: ...


ALL_FEATURES = frozenset({"events", "legal_moves", "destinations", "chance", "outcome"})


class InProcess:
    """This package, called directly (the default engine of ``fearsome-rules conform``)."""

    name = "fearsome_rules (in-process)"
    features = ALL_FEATURES

    def skip_reason(self, case: Case, options: RuleOptions) -> str | None:
        return None

    def start(self, case: Case, options: RuleOptions) -> GameState:
        return start_state(case, options)

    def act(self, state: GameState, action: str) -> Done | Refusal:
        parsed = parse_action(action)
        refused = check(state, parsed)
        if refused is not None:
            return Refusal(refused.rule, refused.message)
        after, events = apply_traced(state, parsed)
        return done(after, events)

    def legal_moves(self, state: GameState, figure: str | None) -> list[str]:
        return [str(m) for m in legal_moves(state, figure)]

    def destinations(self, state: GameState, figure: str) -> set[str]:
        return {apply(state, m).figure(figure).place() for m in legal_moves(state, figure)}

    def chance(self, state: GameState) -> dict[str, Fraction]:
        return {r.tile: p for r, p in chance_outcomes(state)}

    def outcome(self, state: GameState) -> Outcome:
        return outcome_of(state)


def done(after: GameState, events: tuple[ev.Event, ...]) -> Done:
    """A :class:`Done` from this package's events."""
    return Done(
        after, tuple(monster_path(events)), tuple(hits(events)), tuple(str(e) for e in events)
    )


def outcome_of(state: GameState) -> Outcome:
    """This package's outcome of a state, as the runner compares it."""
    o = outcome(state)
    if o is None:
        return None
    return o.rule, tuple(SEAT_LETTERS[s] for s in o.winners)
