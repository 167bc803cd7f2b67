"""Figure movement for the naive implementation, written from spec/figures.md alone
("How a path is carried out", FIG-*, PUSH-*, POOL-*), the advanced tiles' effects on figures from
spec/advanced.md (ADV-CRYSTAL and ADV-TURN point 1: every kind of stone is pushed like a plain
stone; ADV-TELEPORT-FIGURES, ADV-TELEPORT-PUSH) and the end rules that fire on an exit (END-WIN,
END-ALL-GONE, VAR-FINISH-ROUND in spec/end.md and spec/options.md).

Public functions:

- ``carry_out(pos, figure, path)``: the position after that figure move, or ``NaiveIllegal``
  naming the rule the path breaks.
- ``all_paths(pos, figure)``: every legal path of that figure, by brute force.

Neither looks at whose turn it is (RND-ORDER, RND-ONCE, RND-FIRST, FIG-WAITING); ``game.play``
checks those. A path is a sequence of square names and the token ``out``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from .board import ENTRANCE, EXIT, SQUARES, direction_between, neighbour, wrap
from .model import OUT, REMOVED, WAITING, NaiveIllegal, NFigure, NPosition

CORNERS = (EXIT, ENTRANCE)


# --------------------------------------------------------------------------------------------
# What stays fixed while one figure moves


@dataclasses.dataclass(frozen=True)
class _Scene:
    """The parts of the position that the moving figure cannot change."""

    figure: NFigure
    others: dict[str, str]
    """Square -> name of every *other* figure standing on the board (FIG-THROUGH)."""
    monster: str
    pools: frozenset[str]
    teleporters: frozenset[str]
    slide_over_figure: str


def _scene(pos: NPosition, fig: NFigure) -> _Scene:
    others: dict[str, str] = {}
    for f in pos.figures:
        if f.name != fig.name and f.where in SQUARES:
            others[f.where] = f.name
    return _Scene(
        figure=fig,
        others=others,
        monster=pos.monster,
        pools=frozenset(pos.pools),
        teleporters=frozenset(pos.teleporters),
        slide_over_figure=str(pos.options.get("slide_over_figure", "pass")),
    )


# --------------------------------------------------------------------------------------------
# The moving figure, part way through its path


@dataclasses.dataclass(frozen=True)
class _Walk:
    where: str
    """The moving figure's square, or ``waiting`` before its first entry, or ``out``."""
    stones: dict[str, str]
    """Square -> stone kind, as the path has left them so far (never mutated in place)."""
    used: int = 0
    """Movement points spent (FIG-POINTS)."""
    last_onto_pool: bool = False
    """Whether the last entry was a step onto a pool square (for the rule id of POOL-LAST-POINT)."""


def _is_empty(scene: _Scene, stones: dict[str, str], square: str) -> bool:
    """README "Empty square": no figure, no stone, not the monster. (The moving figure is never
    in front of a stone it pushes, so only the other figures matter.)"""
    return square not in scene.others and square not in stones and square != scene.monster


def _has_outer_wall(square: str) -> bool:
    return any(neighbour(square, d) is None for d in ("N", "E", "S", "W"))


# --------------------------------------------------------------------------------------------
# Stones pushed by a figure


def _stone_slide(scene: _Scene, stones: dict[str, str], start: str, d: str) -> str:
    """POOL-STONE-SLIDE: a stone that landed on pool square ``start`` slides on in direction d;
    returns the square where it stops. ``stones`` must not hold the sliding stone."""
    cur = start
    while True:
        nxt = neighbour(cur, d)
        if nxt is None:
            # POOL-STONE-SLIDE point 2: off the board -> stays on the last pool square.
            return cur
        if nxt in scene.pools:
            # POOL-STONE-SLIDE point 1 / 3: on over empty pool squares, else stop before.
            if _is_empty(scene, stones, nxt):
                cur = nxt
                continue
            return cur
        # POOL-STONE-SLIDE point 2: the first square that is not a pool square.
        # ADV-TELEPORT-PUSH point 3: a teleporter there stops the stone on the last pool square.
        if nxt not in scene.teleporters and _is_empty(scene, stones, nxt):
            return nxt
        return cur


def _push(scene: _Scene, stones: dict[str, str], square: str, d: str) -> dict[str, str]:
    """A figure pushes the stone on ``square`` one square in direction d (PUSH-ONE); returns the
    new stones or raises NaiveIllegal. Any kind of stone is pushed alike (ADV-CRYSTAL point 1,
    ADV-TURN point 1)."""
    behind = neighbour(square, d)
    if behind is None:
        # PUSH-EDGE: never off the board.
        raise NaiveIllegal("PUSH-EDGE", f"the stone on {square} would leave the board")
    if behind in scene.teleporters:
        # ADV-TELEPORT-FIGURES point 3: a teleporter is the board's edge for a figure's push.
        raise NaiveIllegal("ADV-TELEPORT-FIGURES", f"the stone on {square} would go onto {behind}")
    if not _is_empty(scene, stones, behind):
        # PUSH-ONE point 2/3: the square behind must be empty (never two stones, never a figure,
        # never the monster: FIG-MONSTER point 2, PUSH-NO-FIGURES).
        raise NaiveIllegal("PUSH-ONE", f"{behind} behind the stone on {square} is not empty")
    new = dict(stones)
    kind = new.pop(square)
    land = behind
    if behind in scene.pools:
        # PUSH-ONE point 4, POOL-STONE-SLIDE.
        land = _stone_slide(scene, new, behind, d)
    if land in CORNERS:
        # PUSH-CORNER (and POOL-STONE-SLIDE point 5): removed at once.
        return new
    new[land] = kind
    return new


def _try_push(scene: _Scene, stones: dict[str, str], square: str, d: str) -> dict[str, str] | None:
    """The same push as ``_push``, for a sliding figure: None when it is not allowed."""
    try:
        return _push(scene, stones, square, d)
    except NaiveIllegal:
        return None


# --------------------------------------------------------------------------------------------
# A figure sliding over a pool


def _figure_slide(
    scene: _Scene, stones: dict[str, str], start: str, d: str
) -> tuple[str, dict[str, str]]:
    """The figure stands on pool square ``start`` and slides in direction d (the algorithm under
    "Blood pools" in spec/figures.md). Returns where the slide ends and the stones after it."""
    cur = start
    while True:
        nxt = neighbour(cur, d)
        if nxt is None or nxt == scene.monster or nxt in scene.teleporters:
            # POOL-BLOCKED point 1 (edge, monster), ADV-TELEPORT-FIGURES point 2 (teleporter).
            return cur, stones
        if nxt in stones:
            # POOL-BEYOND-STONE / POOL-STONE-ON-POOL: push it under PUSH-ONE's conditions.
            pushed = _try_push(scene, stones, nxt, d)
            if pushed is None:
                # POOL-BEYOND-STONE point 3, POOL-STONE-ON-POOL point 2: blocked.
                return cur, stones
            stones = pushed
            cur = nxt
        elif nxt in scene.others:
            if nxt in scene.pools and scene.slide_over_figure == "stop":
                # POOL-FIGURE-ON-POOL point 2 (option slide_over_figure = stop).
                return cur, stones
            # POOL-FIGURE-ON-POOL point 1 (pass) / FIG-THROUGH for the square beyond.
            cur = nxt
        else:
            cur = nxt
        if cur not in scene.pools:
            # POOL-SLIDE point 2: the slide ends on the first square beyond the pool.
            return cur, stones


# --------------------------------------------------------------------------------------------
# One entry of a path


def _step(scene: _Scene, walk: _Walk, entry: str, is_last: bool) -> _Walk:
    """Carry out one path entry ("How a path is carried out", points 1 and 2)."""
    if entry == OUT:
        if walk.where == WAITING:
            # FIG-ENTER point 1: a waiting figure's first entry must be p11.
            raise NaiveIllegal("FIG-ENTER", "a waiting figure must enter on p11 first")
        if walk.where != EXIT:
            # How a path is carried out, point 1: out from elsewhere than a1 breaks FIG-EDGE.
            raise NaiveIllegal("FIG-EDGE", f"cannot leave the board from {walk.where}")
        if not is_last:
            # FIG-EXIT point 3: out is always the last entry.
            raise NaiveIllegal("FIG-EXIT", "out must be the last entry")
        # FIG-EXIT point 1: one point to leave.
        return _Walk(OUT, walk.stones, walk.used + 1, False)

    direction: str | None
    if walk.where == WAITING:
        # FIG-ENTER point 1: the first entry of a waiting figure is p11; the step has no direction.
        if entry != ENTRANCE:
            raise NaiveIllegal("FIG-ENTER", f"a waiting figure enters on p11, not {entry}")
        direction = None
    else:
        direction = direction_between(walk.where, entry) if entry in SQUARES else None
        if direction is None:
            if entry in SQUARES and _has_outer_wall(walk.where) and entry == wrap(walk.where):
                # FIG-EDGE point 1: the monster's re-entry square beyond the wall.
                raise NaiveIllegal("FIG-EDGE", f"cannot cross the wall from {walk.where}")
            # FIG-POINTS points 2 and 4: one orthogonal step per point.
            raise NaiveIllegal("FIG-POINTS", f"{entry} is not next to {walk.where}")

    if entry in scene.teleporters:
        # ADV-TELEPORT-FIGURES point 1: a figure never steps onto a teleporter.
        raise NaiveIllegal("ADV-TELEPORT-FIGURES", f"{entry} is a teleporter")
    if entry == scene.monster:
        # FIG-MONSTER point 1 (and FIG-ENTER point 2, FIG-EXIT point 4).
        raise NaiveIllegal("FIG-MONSTER", f"the monster stands on {entry}")

    stones = walk.stones
    if entry in stones:
        if direction is None:
            # FIG-ENTER point 4: the step onto p11 pushes nothing; a stone there bars entering.
            raise NaiveIllegal("FIG-ENTER", "a stone lies on p11")
        # PUSH-ONE (PUSH-EDGE, PUSH-CORNER, POOL-STONE-SLIDE, POOL-STONE-ON-POOL point 3).
        stones = _push(scene, stones, entry, direction)

    # How a path is carried out, point 2.4: the figure moves onto the square (FIG-THROUGH).
    where = entry
    onto_pool = entry in scene.pools
    if onto_pool and direction is not None:
        # POOL-SLIDE: the slide belongs to the same point.
        where, stones = _figure_slide(scene, stones, entry, direction)
    return _Walk(where, stones, walk.used + 1, onto_pool)


def _end_problem(scene: _Scene, walk: _Walk) -> str | None:
    """How a path is carried out, point 3: the last square must hold no other figure."""
    if walk.where in (OUT, WAITING):
        return None
    if walk.where in scene.others:
        # POOL-LAST-POINT when the last point was a step onto a pool, else FIG-THROUGH point 2/3.
        return "POOL-LAST-POINT" if walk.last_onto_pool else "FIG-THROUGH"
    return None


# --------------------------------------------------------------------------------------------
# Public functions


def find_figure(pos: NPosition, name: str) -> NFigure:
    for f in pos.figures:
        if f.name == name:
            return f
    # SET-FIGURES: there is no such figure in this game.
    raise NaiveIllegal("SET-FIGURES", f"no figure {name}")


def target(players: int) -> int:
    """END-WIN point 1: all of a player's figures but one."""
    return 3 if players <= 4 else 2


def _finish(pos: NPosition, fig: NFigure, walk: _Walk) -> NPosition:
    """Flip, mark moved, record an escape and apply the end rules that fire after a figure move."""
    # FIG-FLIP point 1 and 2: every move flips, zero moves and exits included. RND-ONCE: moved.
    moved = dataclasses.replace(fig, where=walk.where, face=7 - fig.face, moved=True)
    figures = tuple(moved if f.name == fig.name else f for f in pos.figures)
    escapes = pos.escapes
    ended_by = pos.ended_by
    finish_round = bool(pos.options.get("finish_round", False))
    goal = target(pos.players)
    if walk.where == OUT:
        # FIG-EXIT point 2: out, and it counts for winning.
        escapes = (*escapes, fig.owner)
        if escapes.count(fig.owner) >= goal and not ended_by and not finish_round:
            # END-WIN point 2: the game ends at once. (VAR-FINISH-ROUND point 1: with
            # finish_round the winner is fixed by the escapes and the round goes on.)
            ended_by = "END-WIN"
    in_play = [f for f in figures if f.where not in (OUT, REMOVED)]
    someone_won = any(escapes.count(s) >= goal for s in range(pos.players))
    if not ended_by and not in_play and finish_round and someone_won:
        # VAR-FINISH-ROUND-EMPTY: the round of the win has nothing left to play; the game
        # ends by the win.
        ended_by = "END-WIN"
    elif not ended_by and not in_play and pos.stage == 2 and not someone_won:
        # END-ALL-GONE point 1/2, checked after every figure move.
        ended_by = "END-ALL-GONE"
    return pos.replace(
        figures=figures, stones=dict(walk.stones), escapes=escapes, ended_by=ended_by
    )


def carry_out(pos: NPosition, figure: str, path: Sequence[str]) -> NPosition:
    """The position after ``figure`` moves along ``path`` (spec/figures.md, How a path is
    carried out). Raises NaiveIllegal naming the broken rule; then nothing changes."""
    fig = find_figure(pos, figure)
    if fig.where in (OUT, REMOVED):
        # RND-ONCE point 1: only figures on the board or waiting move.
        raise NaiveIllegal("RND-ONCE", f"{figure} is {fig.where}")
    scene = _scene(pos, fig)
    walk = _Walk(fig.where, dict(pos.stones))
    for i, entry in enumerate(path):
        if i >= fig.face:
            # FIG-POINTS point 1, checked in order ("How a path is carried out", point 0).
            raise NaiveIllegal("FIG-POINTS", f"{len(path)} entries for face value {fig.face}")
        walk = _step(scene, walk, entry, is_last=(i == len(path) - 1))
    problem = _end_problem(scene, walk)
    if problem is not None:
        raise NaiveIllegal(problem, f"{figure} would end on {walk.where} with another figure")
    return _finish(pos, fig, walk)


def all_paths(pos: NPosition, figure: str) -> list[tuple[str, ...]]:
    """Every legal path of ``figure`` (every distinct entry sequence, the zero move included),
    by depth-first search over entries: each entry is checked as it is carried out (a failed
    entry fails every longer path too), and the end condition is checked at each node."""
    fig = find_figure(pos, figure)
    if fig.where in (OUT, REMOVED):
        return []
    scene = _scene(pos, fig)
    found: list[tuple[str, ...]] = []

    def candidates(walk: _Walk) -> list[str]:
        if walk.where == WAITING:
            return [ENTRANCE, OUT]
        out = [n for n in (neighbour(walk.where, d) for d in ("N", "E", "S", "W")) if n]
        return [*out, OUT]

    def search(walk: _Walk, path: tuple[str, ...]) -> None:
        if _end_problem(scene, walk) is None:
            found.append(path)
        if walk.where == OUT or walk.used >= fig.face:
            return
        for entry in candidates(walk):
            try:
                # An `out` ends the path, so it is the last entry.
                nxt = _step(scene, walk, entry, is_last=(entry == OUT))
            except NaiveIllegal:
                continue
            search(nxt, (*path, entry))

    search(_Walk(fig.where, dict(pos.stones)), ())
    return found
