"""The game: a new game, the transitions (a figure move, a monster tile, a tile placed), the
dry run, chance, and the legal actions.

Implements SET-*, FIG-ZERO, FIG-FLIP, FIG-WAITING, DECK-*, STAGE-*, END-ALL-GONE,
STAGE-TWO-END and the variants VAR-THREE-HITS and VAR-FINISH-ROUND. Turn order is in
``turns``, figure movement in ``figures``, the monster's walk in ``monster``, placing tiles in
``placement`` and who wins in ``endings``.
"""

from __future__ import annotations

from fractions import Fraction

from fearsome_rules.core import board, deck
from fearsome_rules.core import events as ev
from fearsome_rules.core.actions import OUT, Action, FigureMove, PlaceTile, Reveal
from fearsome_rules.core.endings import decided, outcome
from fearsome_rules.core.errors import IllegalActionError, IllegalMoveError, RuleError, SetupError
from fearsome_rules.core.figures import OUT_STEP, reachable, run_path
from fearsome_rules.core.layout import SETUPS, basic_cells, sort_tiles, tiles_for
from fearsome_rules.core.monster import Walk
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.core.placement import legal_placements, place
from fearsome_rules.core.state import (
    MAX_ROUND_REVEALS,
    REMOVED,
    SEAT_LETTERS,
    WAITING,
    Figure,
    GameState,
    Phase,
    kinds_for,
)
from fearsome_rules.core.state import (
    OUT as PLACE_OUT,
)
from fearsome_rules.core.turns import (
    entered_this_round,
    lifted,
    must_enter,
    next_to_move,
    turn_error,
)


def new_game(
    players: int,
    start_player: int = 0,
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
    if setup not in SETUPS:
        raise SetupError("setup", f"{setup!r}: one of {', '.join(SETUPS)}", "ADV-SETUP")
    if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 7:
        raise SetupError("players", f"{players!r}: the game is for 2 to 7 players", "SET-PLAYERS")
    if not isinstance(start_player, int) or not 0 <= start_player < players:
        raise SetupError(
            "start_player", f"{start_player!r}: a seat from 0 to {players - 1}", "SET-START"
        )
    if not isinstance(opts, RuleOptions):
        raise SetupError("options", f"{opts!r} is not a RuleOptions")
    figures = tuple(
        Figure(owner=seat, kind=k, face=k, where=WAITING)
        for seat in range(players)
        for k in kinds_for(players)
    )
    placing = setup != "basic"
    return GameState(
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


def _play_figure(
    state: GameState, move: FigureMove, trace: list[ev.Event] | None
) -> GameState | RuleError:
    i, err = turn_error(state, move)
    if err is not None:
        return err
    f = state.figures[i]
    path = tuple(OUT_STEP if p == OUT else board.square(p) for p in move.path)
    start, base = lifted(state, f)
    stop = state.options.slide_over_figure == "stop"
    rule, why, end, after = run_path(
        base, state.pool, state.tele, state.monster, start, f.face, path, stop, f.name, trace
    )
    if rule is not None:
        return IllegalMoveError(rule, f"{move}: {why}")
    if (
        not path
        and must_enter(state, f)
        and len(reachable(base, state.pool, state.tele, state.monster, start, f.face, stop)) > 1
    ):
        return IllegalMoveError(
            "FIG-WAITING", f"{move}: under reentry=mandatory a waiting figure that can enter must"
        )
    cells = list(after)
    where = end if end >= 0 else (PLACE_OUT if end == OUT_STEP else WAITING)
    if where >= 0:
        cells[where] = i + 1
    face = 7 - f.face
    if trace is not None:
        trace.append(ev.FigureFlipped(f.name, face))
    figures = (
        *state.figures[:i],
        Figure(f.owner, f.kind, face, where, True),
        *state.figures[i + 1 :],
    )
    escapes = (*state.escapes, f.owner) if where == PLACE_OUT else state.escapes
    ended_by = ""
    won = decided(state.players, escapes)
    if won and not state.options.finish_round:
        ended_by = "END-WIN"
    elif not won and state.stage == 2 and not any(g.active for g in figures):
        ended_by = "END-ALL-GONE"  # once someone has won, VAR-FINISH-ROUND plays the round out
    to_move = -1 if ended_by else next_to_move(figures, state.players, f.owner)
    phase = Phase.OVER if ended_by else Phase.FIGURES if to_move >= 0 else Phase.MONSTER
    new = state.replace(
        cells=tuple(cells),
        figures=figures,
        phase=phase,
        to_move=to_move,
        escapes=escapes,
        ended_by=ended_by,
    )
    if ended_by and trace is not None:
        trace.append(_ended_event(new))
    return new


def _ended_event(state: GameState) -> ev.GameEnded:
    o = outcome(state)
    assert o is not None
    return ev.GameEnded(o.rule, "".join(SEAT_LETTERS[s] for s in o.winners))


# --- the monster tile ------------------------------------------------------------------------


def _reveal(state: GameState, tile: str, trace: list[ev.Event] | None) -> GameState | RuleError:
    if state.phase is not Phase.MONSTER:
        return IllegalActionError(
            "RND-PHASES", "a monster tile is revealed only after every figure has moved"
        )
    if tile not in state.deck:
        return IllegalActionError(
            "DECK-REVEAL", f"tile {tile} is not among the unrevealed tiles {' '.join(state.deck)}"
        )
    if state.stage == 1 and state.reveals == 0 and deck.is_hit_tile(tile):
        return IllegalActionError("DECK-FIRST", "the first tile of a game is never a hit tile")
    if trace is not None:
        trace.append(ev.TileRevealed(tile))
    cells = list(state.cells)
    names = tuple(f.name for f in state.figures) if trace is not None else None
    then = "waiting" if state.stage == 1 else "removed"
    walk = Walk(cells, state.pool, state.options, names, then, trace, state.teleporters)
    monster, facing = walk.run(state.monster, state.facing, deck.steps_of(tile), deck.hits_of(tile))
    figures = list(state.figures)
    for sq, v in enumerate(cells):  # figures the monster pushed stand on new squares
        if v > 0 and figures[v - 1].where != sq:
            f = figures[v - 1]
            figures[v - 1] = Figure(f.owner, f.kind, f.face, sq, f.moved)
    gone = WAITING if state.stage == 1 else REMOVED  # MON-EATEN
    for index, _sq, _how in walk.eaten:
        f = figures[index]
        figures[index] = Figure(f.owner, f.kind, f.face, gone, f.moved)
    remaining = list(state.deck)
    remaining.remove(tile)
    stage, reveals, new_deck = state.stage, state.reveals + 1, tuple(remaining)
    ended_by = ""
    if decided(state.players, state.escapes):  # VAR-FINISH-ROUND: the round is over now
        ended_by = "END-WIN"
    elif stage == 2 and not any(f.active for f in figures):
        ended_by = "END-ALL-GONE"
    elif stage == 2 and reveals == MAX_ROUND_REVEALS:
        ended_by = "STAGE-TWO-END"
    if stage == 2 and reveals == MAX_ROUND_REVEALS:
        for k, f in enumerate(figures):  # figures still inside count as eaten
            if f.where >= 0:
                cells[f.where] = 0
                figures[k] = Figure(f.owner, f.kind, f.face, REMOVED, f.moved)
                if trace is not None:
                    trace.append(
                        ev.FigureEaten(
                            f.name,
                            board.name(f.where),
                            "inside at the end",
                            "removed",
                            "STAGE-TWO-END",
                        )
                    )
    elif stage == 1 and reveals == MAX_ROUND_REVEALS and not ended_by:  # STAGE-ONE
        stage, reveals, new_deck = 2, 0, deck.full_deck(state.options.three_hits)
        if trace is not None:
            trace.append(ev.StageChanged(2))
    walked = state.replace(
        cells=tuple(cells),
        monster=monster,
        facing=facing,
        stage=stage,
        reveals=reveals,
        deck=new_deck,
    )
    if ended_by:
        new = walked.replace(
            figures=tuple(figures), phase=Phase.OVER, to_move=-1, ended_by=ended_by
        )
        if trace is not None:
            trace.append(_ended_event(new))
        return new
    # RND-START-PASS: the start player tile passes clockwise and a new round begins.
    start = (state.start_player + 1) % state.players
    fresh = tuple(
        Figure(f.owner, f.kind, f.face, f.where, False) if f.moved else f for f in figures
    )
    to_move = next_to_move(fresh, state.players, start - 1)
    if trace is not None:
        trace.append(ev.RoundStarted(state.round + 1, SEAT_LETTERS[start]))
    return walked.replace(
        figures=fresh,
        phase=Phase.FIGURES if to_move >= 0 else Phase.MONSTER,
        to_move=to_move,
        round=state.round + 1,
        start_player=start,
    )


# --- the public transition functions ---------------------------------------------------------


def _transition(
    state: GameState, action: Action, trace: list[ev.Event] | None
) -> GameState | RuleError:
    if state.phase is Phase.OVER:
        return IllegalActionError(state.ended_by, "the game is over")
    if isinstance(action, FigureMove):
        return _play_figure(state, action, trace)
    if isinstance(action, Reveal):
        return _reveal(state, action.tile, trace)
    if isinstance(action, PlaceTile):
        return place(state, action, trace)
    raise TypeError(f"{action!r} is not an action (FigureMove or Reveal)")


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
    result = _transition(state, action, None)
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
    result = _transition(state, action, None)
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
    trace: list[ev.Event] = []
    result = _transition(state, action, trace)
    if isinstance(result, RuleError):
        raise result
    return result, tuple(trace)


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
    if state.phase is not Phase.MONSTER:
        return []
    first = state.stage == 1 and state.reveals == 0
    return [(Reveal(t), p) for t, p in deck.outcomes(state.deck, first)]


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
    if state.phase is not Phase.FIGURES:
        return []
    stop = state.options.slide_over_figure == "stop"
    moves: list[FigureMove] = []
    entered = entered_this_round(state, state.to_move) if state.round == 1 else 0
    for f in state.figures:
        if f.owner != state.to_move or f.moved or not f.active:
            continue
        if figure is not None and f.name != figure.strip().upper():
            continue
        if f.where == WAITING and state.round == 1 and entered >= 2:
            moves.append(FigureMove(f.name, ()))
            continue
        start, base = lifted(state, f)
        results = reachable(base, state.pool, state.tele, state.monster, start, f.face, stop)
        if must_enter(state, f) and len(results) > 1:
            results = results[1:]  # the zero move comes first
        for _end, path, _cells in results:
            moves.append(FigureMove.unchecked(f.name, path))
    return moves


def legal_actions(state: GameState) -> list[Action]:
    """Tile placements, figure moves or the possible reveals, by phase; [] once over."""
    if state.phase is Phase.MONSTER:
        return [r for r, _ in chance_outcomes(state)]
    if state.phase is Phase.PLACEMENT:
        return list(legal_placements(state))
    return list(legal_moves(state))
