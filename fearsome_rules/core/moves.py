"""Views of the legal figure moves for front-ends and bots.

:func:`fearsome_rules.legal_moves` gives one move per distinct result. This module adds the
other views a caller needs:

- :func:`all_paths`: every legal path, lazily (FIG-POINTS: a figure may turn, go back and
  revisit squares, so many paths lead to the same result);
- :func:`destinations`: per figure, where it can end its move;
- :func:`continuations`: for a UI that builds a path click by click, which entries can come
  next and whether the path so far is already a legal move;
- :func:`path_counts`: how many distinct legal paths lead to each distinct result (perft).

Every path these functions produce is accepted by :func:`fearsome_rules.check`; the tests
compare them with ``check`` by brute force.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import attrs

from fearsome_rules.core import board
from fearsome_rules.core.actions import OUT, FigureMove
from fearsome_rules.core.figures import OUT_STEP, WAITING_POS, figure_step, reachable, run_path
from fearsome_rules.core.state import PLACE_NAMES, WAITING, Figure, GameState
from fearsome_rules.core.turns import entry_limited, lifted, movers, must_enter, turn_error

_END_RULES = frozenset({"FIG-THROUGH", "POOL-LAST-POINT"})  # broken only by where a path ends


def _zero_allowed(state: GameState, f: Figure) -> bool:
    """FIG-ZERO, except a waiting figure that must enter (FIG-WAITING, ``reentry=mandatory``)."""
    if not must_enter(state, f):
        return True
    start, base = lifted(state, f)
    stop = state.options.slide_over_figure == "stop"
    return len(reachable(base, state.pool, state.tele, state.monster, start, f.face, stop)) == 1


def all_paths(state: GameState, figure: str | None = None) -> Iterator[FigureMove]:
    """Every legal move of the player to move, one per distinct path, generated lazily.

    Paths of one figure come in depth-first order, shortest prefix first; ``figure`` restricts
    them to one figure. Several paths may have the same result; see :func:`legal_moves` for one
    move per result.

    >>> import fearsome_rules as fr
    >>> game = fr.new_game(3)
    >>> for move in fr.all_paths(game, "A3"):
    ...     print(move)
    A3 -
    A3 p11
    A3 p11 p10
    A3 p11 p10 p9
    A3 p11 p10 p11
    A3 p11 p10 o10
    A3 p11 o11
    A3 p11 o11 o10
    A3 p11 o11 p11
    A3 p11 o11 n11
    >>> sum(1 for _ in fr.all_paths(game)), len(fr.legal_moves(game))  # paths, results
    (128, 46)
    """
    stop = state.options.slide_over_figure == "stop"
    for _i, f in movers(state, figure):
        if _zero_allowed(state, f):
            yield FigureMove.unchecked(f.name, ())
        if entry_limited(state, f):
            continue
        start, base = lifted(state, f)
        yield from _extend(state, f.name, base, start, f.face, (), stop)


def _extend(
    state: GameState,
    name: str,
    cells: Sequence[int],
    pos: int,
    left: int,
    path: tuple[str, ...],
    stop: bool,
) -> Iterator[FigureMove]:
    if left == 0:
        return
    if pos == board.EXIT:
        yield FigureMove.unchecked(name, (*path, OUT))
    targets = (board.ENTRANCE,) if pos == WAITING_POS else board.NEIGHBOUR[pos]
    for d, target in enumerate(targets):
        if target == board.OFF:
            continue
        rule, end, after = figure_step(
            cells, state.pool, state.tele, state.monster, pos, d, stop, name, None
        )
        if rule is not None:
            continue
        longer = (*path, board.NAMES[target])
        if after[end] == 0:
            yield FigureMove.unchecked(name, longer)
        yield from _extend(state, name, after, end, left - 1, longer, stop)


def destinations(state: GameState) -> dict[str, tuple[str, ...]]:
    """For each figure the player to move may move: where its move can end.

    Square names sorted by row then column, then ``out`` (FIG-EXIT) and ``waiting`` (a waiting
    figure that stays outside). Several moves may end on one square with different stones.

    >>> import fearsome_rules as fr
    >>> ends = fr.destinations(fr.new_game(3))
    >>> sorted(ends)
    ['A1', 'A3', 'A4', 'A5']
    >>> ends["A3"]
    ('p9', 'o10', 'p10', 'n11', 'o11', 'p11', 'waiting')
    """
    stop = state.options.slide_over_figure == "stop"
    result: dict[str, tuple[str, ...]] = {}
    for _i, f in movers(state, None):
        ends: set[int] = set()
        if _zero_allowed(state, f):
            ends.add(f.where if f.where >= 0 else WAITING_POS)
        if not entry_limited(state, f):
            start, base = lifted(state, f)
            found = reachable(base, state.pool, state.tele, state.monster, start, f.face, stop)
            ends.update(end for end, path, _ in found if path)
        result[f.name] = tuple(_end_name(e) for e in sorted(ends, key=_end_order))
    return result


def _end_order(end: int) -> int:
    return end if end >= 0 else board.CELLS - end


def _end_name(end: int) -> str:
    if end == OUT_STEP:
        return OUT
    return PLACE_NAMES[WAITING] if end == WAITING_POS else board.NAMES[end]


@attrs.frozen
class Continuation:
    """What a path built so far allows: the entries that can come next, each leading on to at
    least one legal move, and whether the path so far is itself a legal move."""

    figure: str
    path: tuple[str, ...]
    next: tuple[str, ...]
    complete: bool


def continuations(state: GameState, move: FigureMove) -> Continuation:
    """For a UI that builds a path click by click: after ``move.path``, which entries can follow
    (square names, and ``out`` on a1) so that the path can still be finished legally, and
    whether ``move`` is legal as it stands.

    Raises IllegalMoveError (naming the rule) if the path so far cannot be the start of any
    legal move.

    >>> import fearsome_rules as fr
    >>> game = fr.new_game(3)
    >>> fr.continuations(game, fr.FigureMove("A3", ()))  # the zero move is legal too
    Continuation(figure='A3', path=(), next=('p11',), complete=True)
    >>> fr.continuations(game, fr.FigureMove("A3", ("p11",)))
    Continuation(figure='A3', path=('p11',), next=('p10', 'o11'), complete=True)
    >>> fr.continuations(game, fr.FigureMove("A3", ("p11", "p10", "p9"))).next  # no points left
    ()
    >>> fr.continuations(game, fr.FigureMove("A3", ("o11",)))
    Traceback (most recent call last):
    fearsome_rules.IllegalMoveError: [FIG-ENTER] A3 o11: a waiting figure enters on p11...
    """
    from fearsome_rules.core.errors import IllegalMoveError

    i, err = turn_error(state, move)
    if err is not None:
        raise err
    f = state.figures[i]
    stop = state.options.slide_over_figure == "stop"
    start, base = lifted(state, f)
    steps = tuple(OUT_STEP if p == OUT else board.square(p) for p in move.path)
    rule, why, pos, cells = run_path(
        base, state.pool, state.tele, state.monster, start, f.face, steps, stop, f.name, None
    )
    if rule is not None and rule not in _END_RULES:
        raise IllegalMoveError(rule, f"{move}: {why}")
    complete = rule is None and (bool(move.path) or _zero_allowed(state, f))
    left = f.face - len(steps)
    nexts: list[str] = []
    if pos != OUT_STEP and left > 0 and not entry_limited(state, f):
        if pos == board.EXIT:
            nexts.append(OUT)
        targets = (board.ENTRANCE,) if pos == WAITING_POS else board.NEIGHBOUR[pos]
        for d, target in enumerate(targets):
            if target == board.OFF:
                continue
            r, end, after = figure_step(
                cells, state.pool, state.tele, state.monster, pos, d, stop, f.name, None
            )
            if r is None and reachable(
                after, state.pool, state.tele, state.monster, end, left - 1, stop
            ):
                nexts.append(board.NAMES[target])
    return Continuation(f.name, move.path, tuple(nexts), complete)


def path_counts(state: GameState, figure: str) -> list[tuple[FigureMove, int]]:
    """Each distinct result of moving ``figure`` (one representative move, the shortest path)
    with the number of distinct legal paths that lead to it. Used by perft."""
    stop = state.options.slide_over_figure == "stop"
    found = movers(state, figure)
    if not found:
        return []
    _i, f = found[0]
    counts: dict[tuple[int, tuple[int, ...]], tuple[tuple[str, ...], int]] = {}

    def add(end: int, cells: Sequence[int], path: tuple[str, ...], n: int) -> None:
        key = (end, tuple(cells))
        old = counts.get(key)
        counts[key] = (path, n) if old is None else (old[0], old[1] + n)

    start, base = lifted(state, f)
    if _zero_allowed(state, f):
        add(start, base, (), 1)
    if not entry_limited(state, f):
        # Layer by layer: (square, cells) -> [number of path prefixes reaching it, a shortest
        # prefix]. Paths are counted, not listed, so a 6-point figure costs little.
        layer: dict[tuple[int, tuple[int, ...]], tuple[int, tuple[str, ...]]] = {
            (start, tuple(base)): (1, ())
        }
        for _ in range(f.face):
            nxt: dict[tuple[int, tuple[int, ...]], tuple[int, tuple[str, ...]]] = {}
            for (pos, cells), (n, path) in layer.items():
                if pos == board.EXIT:
                    add(OUT_STEP, cells, (*path, OUT), n)
                targets = (board.ENTRANCE,) if pos == WAITING_POS else board.NEIGHBOUR[pos]
                for d, target in enumerate(targets):
                    if target == board.OFF:
                        continue
                    rule, end, after = figure_step(
                        cells, state.pool, state.tele, state.monster, pos, d, stop, f.name, None
                    )
                    if rule is not None:
                        continue
                    key = (end, tuple(after))
                    longer = (*path, board.NAMES[target])
                    old = nxt.get(key)
                    nxt[key] = (n, longer) if old is None else (old[0] + n, old[1])
                    if after[end] == 0:
                        add(end, after, longer, n)
            layer = nxt
    return [(FigureMove.unchecked(f.name, path), n) for path, n in counts.values()]
