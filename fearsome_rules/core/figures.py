"""Figure movement: steps, entering, exiting, pushing stones, blood pools.

Implements FIG-POINTS, FIG-THROUGH, FIG-MONSTER, FIG-EDGE, FIG-ENTER, FIG-EXIT, PUSH-ONE,
PUSH-EDGE, PUSH-CORNER, PUSH-NO-FIGURES, POOL-SLIDE, POOL-BEYOND-STONE, POOL-BLOCKED,
POOL-STONE-ON-POOL, POOL-FIGURE-ON-POOL, POOL-LAST-POINT and POOL-STONE-SLIDE.

The hot paths work on plain ints: ``cells`` is a sequence indexed by square (see ``state``),
``pool`` a per-square flag. A step never changes its input: when it pushes a stone it returns
a new list, otherwise the very ``cells`` object it was given.
"""

from __future__ import annotations

from collections.abc import Sequence

from fearsome_rules.core import events as ev
from fearsome_rules.core.board import (
    CELLS,
    CORNERS,
    ENTRANCE,
    EXIT,
    NAMES,
    NEIGHBOUR,
    OFF,
    WALL,
    WRAP,
    name,
    step_direction,
)

WAITING_POS = -1  # the pseudo-square of a figure beside the entrance (state.WAITING)
OUT_STEP = -2  # a path entry: leave through the exit (state.OUT)

Trace = list[ev.Event] | None


def slide_stone(
    cells: list[int], pool: Sequence[bool], tele: Sequence[int], monster: int, sq: int, d: int
) -> int:
    """Slide the piece on pool square ``sq`` on towards ``d`` (POOL-STONE-SLIDE, MON-PUSH-POOL).

    It moves over empty pool squares and onto the square beyond if that is on the board, empty
    and not a teleporter (ADV-TELEPORT-PUSH); otherwise it stays on the last pool square it
    reached. Returns where it stopped.
    """
    piece = cells[sq]
    cur = sq
    while pool[cur]:
        nxt = NEIGHBOUR[cur][d]
        if nxt in (OFF, monster) or cells[nxt] != 0 or tele[nxt] >= 0:
            break
        cells[cur] = 0
        cells[nxt] = piece
        cur = nxt
    return cur


def push_stone(
    cells: Sequence[int],
    pool: Sequence[bool],
    tele: Sequence[int],
    monster: int,
    sq: int,
    d: int,
    by: str,
    trace: Trace,
) -> tuple[str | None, list[int] | None]:
    """A figure pushes the stone on ``sq`` one square towards ``d`` (PUSH-ONE).

    Returns (None, new cells) or (violated rule id, None). The square behind must be on the
    board (PUSH-EDGE) and empty: no figure, no stone, not the monster (PUSH-ONE). A stone that
    ends on a corner is removed (PUSH-CORNER); one pushed onto a pool slides (POOL-STONE-SLIDE).
    """
    behind = NEIGHBOUR[sq][d]
    if behind == OFF:
        return "PUSH-EDGE", None
    if tele[behind] >= 0:
        return "ADV-TELEPORT-FIGURES", None
    if behind == monster or cells[behind] != 0:
        return "PUSH-ONE", None
    out = list(cells)
    out[behind] = out[sq]
    out[sq] = 0
    if trace is not None:
        trace.append(ev.StonePushed(name(sq), name(behind), by, "PUSH-ONE"))
    end = behind
    if pool[behind]:
        end = slide_stone(out, pool, tele, monster, behind, d)
        if trace is not None and end != behind:
            trace.append(ev.StoneSlid(name(behind), name(end)))
    if end in CORNERS:
        out[end] = 0
        if trace is not None:
            trace.append(ev.StoneRemoved(name(end), "corner"))
    return None, out


def figure_step(
    cells: Sequence[int],
    pool: Sequence[bool],
    tele: Sequence[int],
    monster: int,
    pos: int,
    d: int,
    slide_stops_at_figure: bool,
    figure: str,
    trace: Trace,
) -> tuple[str | None, int, Sequence[int]]:
    """One movement point of a figure on ``pos`` towards ``d``; ``cells`` lacks the mover.

    Returns (violated rule id or None, the square where the point ends, the cells after it).
    Stepping onto a pool slides on in the same direction for the same point (POOL-SLIDE).
    ``pos`` may be WAITING_POS, in which case ``d`` is ignored and the figure enters p11.
    """
    if pos == WAITING_POS:
        if monster == ENTRANCE:
            return "FIG-MONSTER", pos, cells
        if cells[ENTRANCE] < 0:
            return "FIG-ENTER", pos, cells
        if trace is not None:
            trace.append(ev.FigureStepped(figure, "waiting", name(ENTRANCE)))
        return None, ENTRANCE, cells
    target = NEIGHBOUR[pos][d]
    if target == OFF:
        return "FIG-EDGE", pos, cells
    if tele[target] >= 0:
        return "ADV-TELEPORT-FIGURES", pos, cells
    if target == monster:
        return "FIG-MONSTER", pos, cells
    if cells[target] < 0:
        rule, pushed = push_stone(cells, pool, tele, monster, target, d, figure, trace)
        if pushed is None:
            return rule, pos, cells
        cells = pushed
    if trace is not None:
        trace.append(ev.FigureStepped(figure, name(pos), name(target)))
    if not pool[target]:
        return None, target, cells
    # POOL-SLIDE: on to the first square beyond the pool, unless blocked (POOL-BLOCKED).
    cur = target
    while pool[cur]:
        nxt = NEIGHBOUR[cur][d]
        if nxt in (OFF, monster) or tele[nxt] >= 0:
            break
        v = cells[nxt]
        if v < 0:  # POOL-BEYOND-STONE / POOL-STONE-ON-POOL: the ordinary push check
            _, pushed = push_stone(cells, pool, tele, monster, nxt, d, figure, trace)
            if pushed is None:
                break
            cells = pushed
        elif v > 0 and slide_stops_at_figure and pool[nxt]:  # POOL-FIGURE-ON-POOL, "stop"
            break
        cur = nxt
    if cur != target and trace is not None:
        trace.append(ev.FigureSlid(figure, name(target), name(cur)))
    return None, cur, cells


def run_path(
    cells: Sequence[int],
    pool: Sequence[bool],
    tele: Sequence[int],
    monster: int,
    start: int,
    points: int,
    path: Sequence[int],
    slide_stops_at_figure: bool,
    figure: str,
    trace: Trace,
) -> tuple[str | None, str, int, Sequence[int]]:
    """Walk a figure along ``path`` (squares stepped onto, OUT_STEP to leave).

    ``cells`` must not contain the moving figure. Returns (violated rule id or None, message,
    the final square or OUT_STEP or WAITING_POS, the cells after the move).
    """
    pos = start
    left = points
    last_slid = False
    for i, target in enumerate(path):
        if left <= 0:
            return "FIG-POINTS", f"the figure has only {points} movement points", pos, cells
        if target == OUT_STEP:
            if pos == WAITING_POS:
                return "FIG-ENTER", "a waiting figure enters on p11 first", pos, cells
            if pos != EXIT:
                return "FIG-EDGE", "a figure can only leave the board from the exit a1", pos, cells
            if i != len(path) - 1:
                return "FIG-EXIT", "nothing can follow leaving through the exit", pos, cells
            if trace is not None:
                trace.append(ev.FigureExited(figure))
            return None, "", OUT_STEP, cells
        if pos == WAITING_POS:
            if target != ENTRANCE:
                return (
                    "FIG-ENTER",
                    f"a waiting figure enters on p11, not {name(target)}",
                    pos,
                    cells,
                )
            d = 0
        else:
            d = step_direction(pos, target)
            if d == OFF and target == WRAP[pos] and any(WALL[pos]):
                return "FIG-EDGE", "only the monster walks through walls", pos, cells
            if d == OFF:
                return (
                    "FIG-POINTS",
                    f"{name(target)} is not orthogonally next to {name(pos)}",
                    pos,
                    cells,
                )
        rule, nxt, cells2 = figure_step(
            cells, pool, tele, monster, pos, d, slide_stops_at_figure, figure, trace
        )
        if rule is not None:
            return rule, _explain(rule, pos, target), pos, cells
        last_slid = pool[target]
        pos, cells = nxt, cells2
        left -= 1
    if pos >= 0 and cells[pos] != 0:
        if last_slid:
            return (
                "POOL-LAST-POINT",
                f"the slide ends on {name(pos)}, where another figure stands, with no point left",
                pos,
                cells,
            )
        return (
            "FIG-THROUGH",
            f"the move ends on {name(pos)}, where another figure stands",
            pos,
            cells,
        )
    return None, "", pos, cells


def _explain(rule: str, pos: int, target: int) -> str:
    t = name(target)
    return {
        "FIG-MONSTER": f"a figure can never enter the monster's square {t}",
        "FIG-ENTER": "a stone lies on the entrance corner p11",
        "FIG-EDGE": "a figure cannot leave the board except through the exit",
        "ADV-TELEPORT-FIGURES": f"a figure can neither enter the teleporter {t} nor push onto one",
        "PUSH-EDGE": f"the stone on {t} would be pushed off the board",
        "PUSH-ONE": f"the stone on {t} can only be pushed onto an empty square",
    }.get(rule, f"the step onto {t} is not allowed")


def reachable(
    cells: Sequence[int],
    pool: Sequence[bool],
    tele: Sequence[int],
    monster: int,
    start: int,
    points: int,
    slide_stops_at_figure: bool,
) -> list[tuple[int, tuple[str, ...], Sequence[int]]]:
    """Every distinct result of moving a figure from ``start`` with ``points`` points.

    Returns (end square or OUT_STEP or WAITING_POS, a shortest path to it as square names and
    ``out``, the cells after),
    one entry per distinct (end, cells) pair, the zero move first. ``cells`` must not contain
    the moving figure. A breadth-first search by points spent: the first time a (square, board)
    pair is reached it is reached with the most points left, so later visits add nothing.
    """
    base = tuple(cells)
    boards: dict[tuple[int, ...], int] = {base: 0}
    board_list: list[Sequence[int]] = [base]

    def _intern(board_after: Sequence[int]) -> int:
        key = tuple(board_after)
        bid = boards.setdefault(key, len(board_list))
        if bid == len(board_list):
            board_list.append(key)
        return bid

    # (square, board id) packed in one int: cheaper to hash than a tuple; +2 keeps it >= 0
    seen: set[int] = {(start + 2) << 16}
    names = NAMES
    # Per square (index -1 = OFF, off the board): 0 plain floor, 1 pool, 2 never enterable
    # (a teleporter or the monster). A plain step onto a square without a stone is the common
    # case and needs only this lookup.
    floor = [1 if p else 0 for p in pool]
    floor.append(2)
    for sq in range(CELLS):
        if tele[sq] >= 0:
            floor[sq] = 2
    floor[monster] = 2
    found: list[tuple[int, tuple[str, ...], int]] = [(start, (), 0)]
    frontier: list[tuple[int, int, tuple[str, ...]]] = [(start, 0, ())]
    for _ in range(points):
        nxt_frontier: list[tuple[int, int, tuple[str, ...]]] = []
        for pos, bid, path in frontier:
            board_now = board_list[bid]
            if pos == EXIT:
                key = ((OUT_STEP + 2) << 16) | bid
                if key not in seen:
                    seen.add(key)
                    found.append((OUT_STEP, (*path, "out"), bid))
            if pos == WAITING_POS:
                targets: tuple[int, ...] = (ENTRANCE,)
            else:
                targets = NEIGHBOUR[pos]
            for d, step_to in enumerate(targets):
                kind = floor[step_to]
                if kind == 2:
                    continue
                if kind == 0 and board_now[step_to] >= 0:
                    end, nbid = step_to, bid  # a plain step: the common case, kept inline
                else:
                    rule, end, after = figure_step(
                        board_now, pool, tele, monster, pos, d, slide_stops_at_figure, "", None
                    )
                    if rule is not None:
                        continue
                    nbid = bid if after is board_now else _intern(after)
                key = ((end + 2) << 16) | nbid
                if key in seen:
                    continue
                seen.add(key)
                new_path = (*path, names[step_to])
                nxt_frontier.append((end, nbid, new_path))
                found.append((end, new_path, nbid))
        frontier = nxt_frontier
    return [
        (end, path, board_list[bid])
        for end, path, bid in found
        if end < 0 or board_list[bid][end] == 0
    ]
