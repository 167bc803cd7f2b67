"""The game: a new game, the transitions (a figure move, a monster tile, a tile placed), the
dry run, chance, and the legal actions.

The rules themselves are the kernel's (:mod:`fearsome_rules.core._kernel`): figure movement,
the monster's walk, turn order, rounds, stages and endings (SET-*, RND-*, FIG-*, PUSH-*,
POOL-*, MON-*, ADV-*, DECK-*, STAGE-*, END-ALL-GONE, STAGE-TWO-END, VAR-THREE-HITS,
VAR-FINISH-ROUND). This module checks what an action names (the phase, the figure, the tile),
copies the state's bytes, lets the kernel carry the action out, and words its refusals;
placing tiles is in ``placement``, who wins in ``endings``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from fearsome_rules.core import _encoding, _kernel, board, deck
from fearsome_rules.core import events as ev
from fearsome_rules.core import position_input as arg
from fearsome_rules.core import trace as traces
from fearsome_rules.core.actions import Action, FigureMove, PlaceTile, Reveal
from fearsome_rules.core.board import WAITING
from fearsome_rules.core.endings import outcome
from fearsome_rules.core.errors import (
    ArgumentTypeError,
    IllegalActionError,
    RuleError,
    SetupError,
    SetupTypeError,
    quote,
)
from fearsome_rules.core.figures import path_bytes, refusal
from fearsome_rules.core.layout import SETUPS, basic_cells, sort_tiles, tiles_for
from fearsome_rules.core.moves import MoveSearch
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.core.placement import legal_placements, place
from fearsome_rules.core.state import (
    SEAT_LETTERS,
    Figure,
    GameState,
    Phase,
    Seat,
    kinds_for,
    wrong_state,
)
from fearsome_rules.core.turns import turn_error


def new_game(
    players: int,
    start_player: Seat = 0,
    options: RuleOptions | None = None,
    setup: str = "basic",
) -> GameState:
    """A game at its start (SET-PLAYERS..SET-DECK): round 1, stage 1, figures waiting.

    ``setup`` (ADV-SETUP): ``basic`` lays out the printed basic game; ``advanced`` (the game
    for experienced players) and ``bsw`` (BSW's player-placed obstacles) begin with a placement
    phase on an empty board, ``start_player`` placing first.

    >>> import fearsome_rules as fr
    >>> game = fr.new_game(3, start_player=1)
    >>> game.phase, game.round, game.to_move, len(game.figures)
    (<Phase.FIGURES: 'figures'>, 1, 1, 12)
    >>> fr.new_game(4, setup="advanced").phase
    <Phase.PLACEMENT: 'placement'>
    >>> fr.new_game(8)
    Traceback (most recent call last):
    fearsome_rules.SetupError: [SET-PLAYERS] players: 8: the game is for 2 to 7 players
    """
    opts = RuleOptions() if options is None else options
    players, start_player = arg.whole(players, "players"), arg.whole(start_player, "start_player")
    if not isinstance(opts, RuleOptions):
        raise SetupTypeError("options", "a RuleOptions", opts)
    if arg.text(setup, "setup") not in SETUPS:
        raise SetupError("setup", f"{quote(setup)}: one of {', '.join(SETUPS)}", "ADV-SETUP")
    if not 2 <= players <= 7:
        raise SetupError(
            "players", f"{quote(players)}: the game is for 2 to 7 players", "SET-PLAYERS"
        )
    if not 0 <= start_player < players:
        raise SetupError(
            "start_player", f"{quote(start_player)}: a seat from 0 to {players - 1}", "SET-START"
        )
    figures = tuple(
        Figure(owner=seat, kind=k, face=k, where=WAITING)
        for seat in range(players)
        for k in kinds_for(players)
    )
    placing = setup != "basic"
    return GameState.build(
        players=players,
        options=opts,
        pools=frozenset() if placing else board.BASIC_POOLS,
        cells=(0,) * board.CELLS if placing else basic_cells(),
        figures=figures,
        monster=board.EXIT,  # SET-MONSTER: on the exit corner, looking at the letter M
        facing=board.EAST,
        phase=Phase.PLACEMENT if placing else Phase.FIGURES,
        to_move=start_player,
        round=1,
        stage=1,
        start_player=start_player,
        deck=deck.full_deck(opts.three_hits),
        reveals=0,
        escapes=(),
        setup=setup,
        to_place=sort_tiles(tiles_for(setup)),
    )


def ended_event(state: GameState) -> ev.GameEnded:
    """The event of a game's end: its ending rule and the winners."""
    o = outcome(state)
    assert o is not None
    return ev.GameEnded(o.rule, "".join(SEAT_LETTERS[s] for s in o.winners))


def _play_figure(
    state: GameState, move: FigureMove, records: list[int] | None, steps: bool
) -> GameState | RuleError:
    i, err = turn_error(state, move)
    if err is not None:
        return err
    got = _kernel.play_state(state, i, path_bytes(move), records, steps)
    if isinstance(got, int):
        return refusal(move, got, state.data[_encoding.FACES + i] & 7)
    return got


_TILE_INDEX = {tile: k for k, tile in enumerate(deck.TILES)}


def _reveal_refusal(state: GameState, tile: str, code: int) -> RuleError:
    """The error of a reveal the kernel refused (``_kernel.reveal_refused``'s code)."""
    rule = _encoding.RULES[code]
    if state.data[_encoding.PHASE] == _encoding.OVER:
        return IllegalActionError(rule, "the game is over")
    if rule == "RND-PHASES":
        return IllegalActionError(
            rule, "a monster tile is revealed only after every figure has moved"
        )
    if rule == "DECK-REVEAL":
        return IllegalActionError(
            rule, f"tile {tile} is not among the unrevealed tiles {' '.join(state.deck)}"
        )
    return IllegalActionError(rule, "the first tile of a game is never a hit tile")


def transition(
    state: GameState,
    action: Action,
    records: list[Any] | None,
    function: str,
    steps: bool = False,
) -> tuple[GameState | RuleError, tuple[ev.Event, ...], tuple[traces.Mark, ...]]:
    """The state after the action or the rule it breaks; with ``records`` (a list to trace
    into), its events, and with ``steps`` too the kernel's marks of where its steps ended and
    the looks' lines (``MonsterLooked.lines``). The one transition of :func:`apply`,
    :func:`check`, :func:`apply_traced` and :func:`~fearsome_rules.core.walks.apply_steps`."""
    if not isinstance(state, GameState):
        raise wrong_state(function, state)
    result: GameState | RuleError
    if isinstance(action, Reveal):  # the kernel checks it too: one call to the new state
        got = _kernel.reveal_state(state, _TILE_INDEX[action.tile], records, steps)
        if isinstance(got, int):
            return _reveal_refusal(state, action.tile, got), (), ()
        result = got
    elif state.data[_encoding.PHASE] == _encoding.OVER:
        return IllegalActionError(state.ended_by, "the game is over"), (), ()
    elif isinstance(action, FigureMove):
        result = _play_figure(state, action, records, steps)
    elif isinstance(action, PlaceTile):
        placed: list[ev.Event] | None = [] if records is not None else None
        result = place(state, action, placed)
        return result, tuple(placed or ()), ()
    else:
        raise ArgumentTypeError(
            f"{function}(action)", "an action: FigureMove, Reveal or PlaceTile", action
        )
    if records is None or isinstance(result, RuleError):
        return result, (), ()
    return result, *traces.read(state, records, result, ended_event)


def check(state: GameState, action: Action) -> RuleError | None:
    """The rule the action would break, or None if it is legal. Never raises for a rule.

    >>> import fearsome_rules as fr
    >>> game = fr.new_game(3)
    >>> fr.check(game, fr.FigureMove("A5", ("p11", "p10"))) is None
    True
    >>> err = fr.check(game, fr.FigureMove("A5", ("p11", "o10")))
    >>> err.rule, err.message
    ('FIG-POINTS', 'A5 p11 o10: o10 is not orthogonally next to p11')
    >>> fr.check(game, fr.Reveal("8"))
    IllegalActionError('[RND-PHASES] a monster tile is revealed only after every figure has moved')
    """
    result, _, _ = transition(state, action, None, "check")
    return result if isinstance(result, RuleError) else None


def apply(state: GameState, action: Action) -> GameState:
    """The state after ``action``; raises IllegalMoveError/IllegalActionError naming the rule.

    States are immutable: ``state`` itself is unchanged, whether the action is legal or not.

    >>> import fearsome_rules as fr
    >>> game = fr.new_game(3)
    >>> after = fr.apply(game, fr.FigureMove("A5", ("p11", "p10", "o10")))
    >>> after.to_move, [(f.place(), f.face, f.moved) for f in after.figures if f.name == "A5"]
    (1, [('o10', 2, True)])
    >>> fr.apply(after, fr.FigureMove("A4", ("p11",)))
    Traceback (most recent call last):
    fearsome_rules.IllegalMoveError: [RND-ORDER] A4 belongs to A, but B is to move
    """
    result, _, _ = transition(state, action, None, "apply")
    if isinstance(result, RuleError):
        raise result
    return result


def apply_traced(state: GameState, action: Action) -> tuple[GameState, tuple[ev.Event, ...]]:
    """Like :func:`apply`, with every event of the action in order.

    >>> import fearsome_rules as fr
    >>> after, events = fr.apply_traced(fr.new_game(3), fr.FigureMove("A5", ("p11", "p10")))
    >>> for event in events:
    ...     print(event)
    FigureStepped A5 waiting p11
    FigureStepped A5 p11 p10
    FigureFlipped A5 2
    >>> events[0]
    FigureStepped(figure='A5', frm='waiting', to='p11')
    """
    result, events, _ = transition(state, action, [], "apply_traced")
    if isinstance(result, RuleError):
        raise result
    return result, events


def chance_outcomes(state: GameState) -> list[tuple[Reveal, Fraction]]:
    """At the monster phase, each tile that can be revealed with its exact probability.

    Empty in any other phase (DECK-REVEAL, DECK-FIRST).

    >>> import fearsome_rules as fr
    >>> game = fr.new_game(2)
    >>> fr.chance_outcomes(game)  # the figure phase
    []
    >>> while game.phase is fr.Phase.FIGURES:  # every figure makes its zero move
    ...     game = fr.apply(game, fr.legal_moves(game)[0])
    >>> fr.chance_outcomes(game)  # the first tile: numbered tiles only
    [(Reveal(tile='5'), Fraction(1, 6)), (Reveal(tile='7'), Fraction(1, 3)),
     (Reveal(tile='8'), Fraction(1, 3)), (Reveal(tile='10'), Fraction(1, 6))]
    """
    if not isinstance(state, GameState):
        raise wrong_state("chance_outcomes", state)
    if state.phase is not Phase.MONSTER:
        return []
    data = state.data
    counts = data[_encoding.DECK : _encoding.DECK + _encoding.N_TILES]
    return [(Reveal(t), p) for t, p in deck.chances(counts, _kernel.revealable(data))]


def legal_moves(state: GameState, figure: str | None = None) -> list[FigureMove]:
    """The legal figure moves of the player to move, one per distinct result.

    Each is a shortest path to that result; the zero move of each figure comes first.
    ``figure`` restricts the list to one figure.

    >>> import fearsome_rules as fr
    >>> game = fr.new_game(3)
    >>> len(fr.legal_moves(game))
    46
    >>> for move in fr.legal_moves(game, "A3"):
    ...     print(move)
    A3 -
    A3 p11
    A3 p11 p10
    A3 p11 o11
    A3 p11 p10 p9
    A3 p11 p10 o10
    A3 p11 o11 n11
    """
    if not isinstance(state, GameState):
        raise wrong_state("legal_moves", state)
    if state.phase is not Phase.FIGURES:
        return []
    return MoveSearch(state, figure).moves()


def legal_actions(state: GameState) -> list[Action]:
    """Tile placements, figure moves or the possible reveals, by phase; [] once over."""
    if not isinstance(state, GameState):
        raise wrong_state("legal_actions", state)
    if state.phase is Phase.MONSTER:
        return [r for r, _ in chance_outcomes(state)]
    if state.phase is Phase.PLACEMENT:
        return list(legal_placements(state))
    return list(legal_moves(state))
