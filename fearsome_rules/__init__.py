"""fearsome_rules: the reference rules engine for Fearsome Floors (Finstere Flure).

A pure core: immutable states, pure transitions, rule options as data. Typical use::

    >>> import fearsome_rules as fr
    >>> state = fr.new_game(players=3, start_player=0)
    >>> move = fr.legal_moves(state)[1]
    >>> state = fr.apply(state, move)
    >>> fr.check(state, fr.FigureMove("A1", ("p11",)))  # not A's turn any more
    IllegalMoveError('[RND-ORDER] A1 belongs to A, but B is to move')
"""

import importlib.util
import sys
from types import ModuleType
from typing import TYPE_CHECKING

from fearsome_rules.core import COMPILED, board, deck, events
from fearsome_rules.core.actions import Action, FigureMove, PlaceTile, Reveal, parse_action
from fearsome_rules.core.batch import Playout, playouts
from fearsome_rules.core.board import Square
from fearsome_rules.core.endings import Outcome, outcome
from fearsome_rules.core.errors import (
    ArgumentError,
    ArgumentTypeError,
    FearsomeError,
    IllegalActionError,
    IllegalMoveError,
    NotationError,
    NotationTypeError,
    PositionError,
    RuleError,
    SetupError,
    SetupTypeError,
)
from fearsome_rules.core.game import (
    apply,
    apply_traced,
    chance_outcomes,
    check,
    legal_actions,
    legal_moves,
    new_game,
)
from fearsome_rules.core.moves import (
    Continuation,
    MoveResult,
    MoveSearch,
    all_paths,
    continuations,
    destinations,
)
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.core.perft import divide, perft
from fearsome_rules.core.placement import legal_placements
from fearsome_rules.core.position import position
from fearsome_rules.core.state import SEAT_LETTERS, Figure, GameState, Phase, Seat
from fearsome_rules.core.walks import Step, Steps, apply_steps
from fearsome_rules.formats.diagram import diagram, parse_diagram
from fearsome_rules.formats.position_string import parse_position, position_string
from fearsome_rules.formats.record import GameRecord
from fearsome_rules.formats.state_json import (
    RecordError,
    RecordTypeError,
    action_from_json,
    action_to_json,
    state_from_json,
    state_to_json,
)


def _lazy_module(name: str) -> ModuleType:
    """The module ``name``, whose code runs when one of its names is first read."""
    spec = importlib.util.find_spec(name)  # imports its package: tools/__init__ is a docstring
    assert spec is not None and spec.loader is not None
    spec.loader = importlib.util.LazyLoader(spec.loader)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


if TYPE_CHECKING:
    from fearsome_rules.tools import bots
else:
    bots = _lazy_module("fearsome_rules.tools.bots")
    """The bots (a package of the tools), run only when first used: the engine does not need
    them. Not a module ``__getattr__``, which would keep CPython from specialising every
    ``fr.name`` lookup (``fr.apply`` in a loop costs 2 % more with one)."""


__all__ = [
    "COMPILED",
    "SEAT_LETTERS",
    "Action",
    "ArgumentError",
    "ArgumentTypeError",
    "Continuation",
    "FearsomeError",
    "Figure",
    "FigureMove",
    "GameRecord",
    "GameState",
    "IllegalActionError",
    "IllegalMoveError",
    "MoveResult",
    "MoveSearch",
    "NotationError",
    "NotationTypeError",
    "Outcome",
    "Phase",
    "PlaceTile",
    "Playout",
    "PositionError",
    "RecordError",
    "RecordTypeError",
    "Reveal",
    "RuleError",
    "RuleOptions",
    "Seat",
    "SetupError",
    "SetupTypeError",
    "Square",
    "Step",
    "Steps",
    "action_from_json",
    "action_to_json",
    "all_paths",
    "apply",
    "apply_steps",
    "apply_traced",
    "board",
    "bots",
    "chance_outcomes",
    "check",
    "continuations",
    "deck",
    "destinations",
    "diagram",
    "divide",
    "events",
    "legal_actions",
    "legal_moves",
    "legal_placements",
    "new_game",
    "outcome",
    "parse_action",
    "parse_diagram",
    "parse_position",
    "perft",
    "playouts",
    "position",
    "position_string",
    "state_from_json",
    "state_to_json",
]
