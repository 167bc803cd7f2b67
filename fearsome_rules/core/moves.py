"""Views of the legal figure moves for front-ends and bots.

:func:`fearsome_rules.legal_moves` gives one move per distinct result. This module adds the
other views a caller needs:

- :func:`all_paths`: every legal path, lazily (FIG-POINTS: a figure may turn, go back and
  revisit squares, so many paths lead to the same result);
- :func:`destinations`: per figure, where it can end its move;
- :func:`continuations`: for a UI that builds a path click by click, which entries can come
  next and whether the path so far is already a legal move;
- :func:`path_counts`: how many distinct legal paths lead to each distinct result (perft);
- :class:`MoveSearch`: the moves of :func:`fearsome_rules.legal_moves`, found by the kernel and
  named only when asked (a bot that draws one move names one), with what each leads to
  (:class:`MoveResult`: where the figure ends, the board after) and its path as squares;
- :func:`follow`: where a figure stands after some entries of a path, and the board then.

Every path these functions produce is accepted by :func:`fearsome_rules.check`; the tests
compare them with ``check`` by brute force.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import NamedTuple

import attrs

from fearsome_rules.core import _encoding, _kernel, board
from fearsome_rules.core.actions import OUT, FigureMove
from fearsome_rules.core.errors import ArgumentTypeError
from fearsome_rules.core.figures import ENTRY_NAMES, path_bytes, refusal
from fearsome_rules.core.options import kernel_flags
from fearsome_rules.core.state import FIGURE_NAMES, GameState, Phase, figure_index, wrong_state
from fearsome_rules.core.turns import entry_limited, lifted, movers, must_enter, turn_error
from fearsome_rules.core.view import Board

_END_RULES = frozenset({"FIG-THROUGH", "POOL-LAST-POINT"})  # broken only by where a path ends


_IDLE: list[_kernel.Search] = []
"""Searches whose MoveSearch is gone, kept to search again in the buffers they have (a bot
makes a MoveSearch per move)."""


class MoveResult(NamedTuple):
    """What one legal move of a :class:`MoveSearch` leads to, without building the state."""

    figure: int
    """The moving figure's index in ``state.figures``."""
    start: int
    """Where its move starts: a square, or ``WAITING``."""
    end: int
    """Where it ends: a square, ``OUT``, or where it started (the zero move)."""
    board: Board
    """The pieces after the move, without the mover (``board.with_figure(figure, end)`` puts
    it back)."""


class MoveSearch:
    """The legal figure moves of the player to move (or of one figure), one per distinct
    result, in the order of :func:`fearsome_rules.legal_moves`: each figure's zero move first,
    then its results by points spent. The kernel finds them; a move is named (built as a
    :class:`FigureMove`) only when asked for, and :meth:`results` says what each leads to."""

    def __del__(self) -> None:
        if len(_IDLE) < 16:
            _IDLE.extend(f[3] for f in self._found if f[3] is not None)

    def __init__(self, state: GameState, figure: str | None = None) -> None:
        self._found: list[tuple[str, int, int, _kernel.Search | None, int]] = []
        """Per figure that may move: its name, index and start (the kernel's place byte), its
        search (None: the zero move only), and how many of the search's first results to skip
        (the zero move it may not make)."""
        self.counts: list[int] = []
        """How many moves each figure that may move has, in order."""
        if not isinstance(state, GameState):
            raise wrong_state("MoveSearch", state)
        if figure is not None:
            figure = state.figures[figure_index(state, figure)].name
        self.state = state
        if state.phase is not Phase.FIGURES:
            return
        data, layout, flags = state.data, state.layout, state.setting.flags
        seat = state.to_move
        names = FIGURE_NAMES[data[_encoding.PLAYERS]]
        per = data[_encoding.FIGURES] // data[_encoding.PLAYERS]
        wanted = None if figure is None else figure.strip().upper()
        for i in range(seat * per, seat * per + per):
            name = names[i]
            if wanted is not None and name != wanted:
                continue
            found = (
                _IDLE.pop() if _IDLE else _kernel.Search(b"", layout, 0, board.WAITING, 0, flags)
            )
            packed = _kernel.figure_moves(data, layout, flags, i, found)
            if not packed or packed & _encoding.ZERO_ONLY:  # no move, or the zero move only
                _IDLE.append(found)
                if not packed:
                    continue
            start = _kernel.start_of_move(data, i)
            if packed & _encoding.ZERO_ONLY:
                self._found.append((name, i, start, None, 0))
            else:
                self._found.append((name, i, start, found, packed >> 16))
            self.counts.append(packed & _encoding.MOVES_COUNT)

    def __len__(self) -> int:
        return sum(self.counts)

    def _at(self, k: int) -> tuple[str, int, int, _kernel.Search | None, int]:
        """The figure's entry of move ``k``, and ``k`` within its search's results."""
        if k >= 0:
            for (name, i, start, found, skip), count in zip(self._found, self.counts, strict=True):
                if k < count:
                    return name, i, start, found, k + skip
                k -= count
        raise IndexError("no such move")

    def move(self, k: int) -> FigureMove:
        """The ``k``-th move (from 0)."""
        # The loop of _at, inline: a random bot names one move per MoveSearch.
        for (name, _i, _start, found, skip), count in zip(self._found, self.counts, strict=True):
            if k < count:
                if found is None:
                    return FigureMove.unchecked(name, ())
                path = found.path(k + skip)
                return FigureMove.unchecked(name, tuple(ENTRY_NAMES[e] for e in path))
            k -= count
        raise IndexError("no such move")

    def path(self, k: int) -> tuple[int, ...]:
        """The path of the ``k``-th move as entries: squares, and ``OUT`` to leave from a1."""
        _name, _i, _start, found, k = self._at(k)
        return () if found is None else tuple(found.path(k))

    def starts(self) -> list[tuple[int, int]]:
        """For every move, in order: the moving figure's index and where its move starts (a
        square or ``WAITING``); cheaper than :meth:`results` when the boards are not needed."""
        out: list[tuple[int, int]] = []
        for (_name, i, start, _found, _skip), count in zip(self._found, self.counts, strict=True):
            out += [(i, start)] * count
        return out

    def results(self) -> list[MoveResult]:
        """What every move leads to, in the order of :meth:`moves`."""
        out: list[MoveResult] = []
        for _name, i, start, found, skip in self._found:
            if found is None:
                out.append(MoveResult(i, start, start, Board(_kernel.lifted(self.state.data, i))))
                continue
            for k in range(skip, found.count()):
                out.append(MoveResult(i, start, found.end(k), Board(found.board(k))))
        return out

    def moves(self) -> list[FigureMove]:
        """Every move, in order."""
        out: list[FigureMove] = []
        for name, _i, _start, found, skip in self._found:
            if found is None:
                out.append(FigureMove.unchecked(name, ()))
                continue
            results = found.moves(ENTRY_NAMES)
            out += [FigureMove.unchecked(name, path) for _end, path, _cells in results[skip:]]
        return out


def entries(move: FigureMove) -> tuple[int, ...]:
    """A move's path as entries: squares, and ``OUT`` for ``out`` (as :meth:`MoveSearch.path`)."""
    return tuple(path_bytes(move))


def follow(state: GameState, figure: int, path: Sequence[int]) -> tuple[int, Board]:
    """Where figure ``figure`` (its index) stands after the entries ``path`` (squares, ``OUT``)
    of a legal path or the start of one, the kernel carrying out each step (pushes, a pool's
    slide), and the board then, without it."""
    start, cells = lifted(state, figure)
    after = bytearray(cells)
    steps = bytes(path)
    face = state.data[_encoding.FACES + figure] & 7
    packed = _kernel.run_path(
        after,
        state.layout,
        state.monster,
        start,
        face,
        steps,
        len(steps),
        state.setting.flags,
        0,
        None,
    )
    return (packed >> 16) & 255, Board(bytes(after))


def _search(state: GameState, i: int, start: int, cells: bytes) -> _kernel.Search:
    face = state.data[_encoding.FACES + i] & 7
    return _kernel.Search(
        cells, state.layout, state.monster, start, face, kernel_flags(state.options)
    )


def _zero_allowed(state: GameState, i: int) -> bool:
    """FIG-ZERO, except a waiting figure that must enter (FIG-WAITING, ``reentry=mandatory``)."""
    if not must_enter(state, i):
        return True
    start, cells = lifted(state, i)
    return _search(state, i, start, cells).count() == 1


def _targets(pos: int) -> list[tuple[int, int]]:
    """(direction, square) of each step from ``pos`` (from waiting: p11 only)."""
    if pos == board.WAITING:
        return [(0, board.ENTRANCE)]
    return [(d, t) for d, t in enumerate(board.NEIGHBOUR[pos]) if t != board.OFF]


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
    if not isinstance(state, GameState):
        raise wrong_state("all_paths", state)
    flags = kernel_flags(state.options)
    for i, f in movers(state, figure):
        if _zero_allowed(state, i):
            yield FigureMove.unchecked(f.name, ())
        if entry_limited(state, i):
            continue
        start, cells = lifted(state, i)
        yield from _extend(state, f.name, cells, start, f.face, (), flags)


def _extend(
    state: GameState,
    name: str,
    cells: bytes,
    pos: int,
    left: int,
    path: tuple[str, ...],
    flags: int,
) -> Iterator[FigureMove]:
    if left == 0:
        return
    if pos == board.EXIT:
        yield FigureMove.unchecked(name, (*path, OUT))
    for d, target in _targets(pos):
        after = bytearray(cells)
        step = _kernel.figure_step(after, state.layout, state.monster, pos, d, flags, 0, None)
        if step & 255:
            continue
        end = (step >> 8) & 255
        longer = (*path, board.NAMES[target])
        if after[end] == 0:
            yield FigureMove.unchecked(name, longer)
        yield from _extend(state, name, bytes(after), end, left - 1, longer, flags)


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
    if not isinstance(state, GameState):
        raise wrong_state("destinations", state)
    result: dict[str, tuple[str, ...]] = {}
    for i, f in movers(state, None):
        ends: set[int] = set()
        if _zero_allowed(state, i):
            ends.add(f.where)
        if not entry_limited(state, i):
            start, cells = lifted(state, i)
            found = _search(state, i, start, cells)
            ends.update(found.end(k) for k in range(found.count()) if found.path(k))
        result[f.name] = tuple(_end_name(e) for e in sorted(ends))
    return result


def _end_name(end: int) -> str:
    return board.NAMES[end] if end < board.CELLS else board.PLACE_NAMES[end]


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
    if not isinstance(state, GameState):
        raise wrong_state("continuations", state)
    if not isinstance(move, FigureMove):
        raise ArgumentTypeError("continuations(move)", "a FigureMove", move)
    i, err = turn_error(state, move)
    if err is not None:
        raise err
    f = state.figures[i]
    flags = kernel_flags(state.options)
    start, base = lifted(state, i)
    cells = bytearray(base)
    steps = path_bytes(move)
    packed = _kernel.run_path(
        cells, state.layout, state.monster, start, f.face, steps, len(steps), flags, 0, None
    )
    refused = refusal(move, packed, f.face) if packed & 255 else None
    if refused is not None and refused.rule not in _END_RULES:
        raise refused
    pos = (packed >> 16) & 255
    complete = refused is None and (bool(move.path) or _zero_allowed(state, i))
    left = f.face - len(steps)
    nexts: list[str] = []
    if pos != board.OUT and left > 0 and not entry_limited(state, i):
        if pos == board.EXIT:
            nexts.append(OUT)
        for d, target in _targets(pos):
            after = bytearray(cells)
            step = _kernel.figure_step(after, state.layout, state.monster, pos, d, flags, 0, None)
            if step & 255:
                continue
            onward = _kernel.Search(
                bytes(after), state.layout, state.monster, (step >> 8) & 255, left - 1, flags
            )
            if onward.count():
                nexts.append(board.NAMES[target])
    return Continuation(f.name, move.path, tuple(nexts), complete)


def path_counts(state: GameState, figure: str) -> list[tuple[FigureMove, int]]:
    """Each distinct result of moving ``figure`` (one representative move, the shortest path)
    with the number of distinct legal paths that lead to it. Used by perft."""
    found = movers(state, figure)
    if not found:
        return []
    i, f = found[0]
    flags = kernel_flags(state.options)
    counts: dict[tuple[int, bytes], tuple[tuple[str, ...], int]] = {}

    def add(end: int, cells: bytes, path: tuple[str, ...], n: int) -> None:
        key = (end, cells)
        old = counts.get(key)
        counts[key] = (path, n) if old is None else (old[0], old[1] + n)

    start, base = lifted(state, i)
    if _zero_allowed(state, i):
        add(start, base, (), 1)
    if not entry_limited(state, i):
        # Layer by layer: (square, cells) -> [number of path prefixes reaching it, a shortest
        # prefix]. Paths are counted, not listed, so a 6-point figure costs little.
        layer: dict[tuple[int, bytes], tuple[int, tuple[str, ...]]] = {(start, base): (1, ())}
        for _ in range(f.face):
            nxt: dict[tuple[int, bytes], tuple[int, tuple[str, ...]]] = {}
            for (pos, cells), (n, path) in layer.items():
                if pos == board.EXIT:
                    add(board.OUT, cells, (*path, OUT), n)
                for d, target in _targets(pos):
                    after = bytearray(cells)
                    step = _kernel.figure_step(
                        after, state.layout, state.monster, pos, d, flags, 0, None
                    )
                    if step & 255:
                        continue
                    end = (step >> 8) & 255
                    key = (end, bytes(after))
                    longer = (*path, board.NAMES[target])
                    old = nxt.get(key)
                    nxt[key] = (n, longer) if old is None else (old[0] + n, old[1])
                    if after[end] == 0:
                        add(end, key[1], longer, n)
            layer = nxt
    return [(FigureMove.unchecked(f.name, path), n) for path, n in counts.values()]
