"""fearsome_rules: the reference rules engine for Fearsome Floors (Finstere Flure).

A pure core: immutable states, pure transitions, rule options as data. Typical use::

    >>> import fearsome_rules as fr
    >>> state = fr.new_game(players=3, start_player=0)
    >>> move = fr.legal_moves(state)[1]
    >>> state = fr.apply(state, move)
    >>> fr.check(state, fr.FigureMove("A1", ("p11",)))  # not A's turn any more
    IllegalMoveError('[RND-ORDER] A1 belongs to A, but B is to move')
"""

from typing import TYPE_CHECKING

from fearsome_rules.core import COMPILED, board, deck, events
from fearsome_rules.core.actions import Action, FigureMove, PlaceTile, Reveal, parse_action
from fearsome_rules.core.batch import Playout, playouts
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
from fearsome_rules.core.state import Figure, GameState, Phase
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

if TYPE_CHECKING:  # imported when first asked for (below): the engine does not need the tools
    from fearsome_rules.tools import bots


if not TYPE_CHECKING:  # hidden from mypy, which would type every unknown name as its result

    def __getattr__(name: str) -> object:
        """``fr.bots``, imported on first use: the bots are tools built on the engine, and
        ``import fearsome_rules`` loads the engine alone (the core and the formats)."""
        if name == "bots":
            from fearsome_rules.tools import bots

            return bots
        raise AttributeError(f"module 'fearsome_rules' has no attribute {name!r}")


__all__ = [
    "COMPILED",
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
    "SetupError",
    "SetupTypeError",
    "action_from_json",
    "action_to_json",
    "all_paths",
    "apply",
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
