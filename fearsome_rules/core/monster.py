"""The monster's walk for one tile.

Implements MON-STEP, MON-SIGHT-DIRS, MON-SIGHT-BLOCK, MON-DISTANCE, MON-CHOOSE, MON-EAT,
MON-PUSH, MON-PUSH-OFF, MON-PUSH-POOL, MON-CORNER-STONE, MON-SLIDE, MON-SLIDE-OCCUPIED,
MON-SLIDE-EDGE, MON-WRAP, MON-WRAP-OCCUPIED and MON-HITS.

Works in place on a list of cells (see ``state``) so one walk costs one list copy; the caller
turns the result back into an immutable state.
"""

from __future__ import annotations

from collections.abc import Sequence

from fearsome_rules.core import events as ev
from fearsome_rules.core.board import (
    CORNERS,
    DIRECTION_LETTERS,
    NEIGHBOUR,
    OFF,
    RAY,
    WALL,
    WRAP,
    name,
)
from fearsome_rules.core.figures import Trace, slide_stone
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.core.state import (
    CRYSTAL,
    NO_TELEPORTERS,
    STONE_KINDS,
    TURN_RIGHT,
    Teleporter,
    teleporter_links,
)

EATEN = "eaten"
PUSHED_OFF = "pushed off the board"
PUSHED_ONTO_TELEPORTER = "pushed onto a teleporter"
MAX_TURNS = 4  # ADV-TURN-CHAIN: at most four turns in one step


class Walk:
    """One monster walk over mutable cells. ``eaten`` lists (figure index, square, how)."""

    __slots__ = (
        "arrow",
        "beyond_wall_turns",
        "cells",
        "chain_turns",
        "corner_remove",
        "eaten",
        "hits",
        "names",
        "pool",
        "pool_turns",
        "pool_wrap",
        "pushed",
        "saw_side",
        "slide_push",
        "tele",
        "then",
        "tie_turns",
        "trace",
        "wrap_push",
    )

    def __init__(
        self,
        cells: list[int],
        pool: Sequence[bool],
        options: RuleOptions,
        names: Sequence[str] | None,
        then: str,
        trace: Trace,
        teleporters: tuple[Teleporter, ...] = (),
    ) -> None:
        self.cells = cells
        self.pool = pool
        if teleporters:
            self.tele, self.arrow = teleporter_links(teleporters)
        else:
            self.tele = self.arrow = NO_TELEPORTERS
        self.saw_side = False  # whether this step's look saw a figure to the left or right
        self.pushed: set[int] = set()  # figures pushed rather than eaten in the current step
        self.names: Sequence[str] = names or ()  # only needed for the trace
        self.trace = trace
        self.then = then  # where eaten figures go: "waiting" in stage 1, "removed" in stage 2
        self.eaten: list[tuple[int, int, str]] = []
        self.hits = 0
        self.corner_remove = options.monster_corner_stone == "remove"
        self.slide_push = options.monster_slide_figure == "push"
        self.pool_wrap = options.monster_pool_edge == "wrap"
        self.wrap_push = options.wrap_entry_figure == "push"
        self.tie_turns = options.turn_stone_tie == "turn"
        self.chain_turns = options.turn_stone_chain == "turn_again"
        self.beyond_wall_turns = options.turn_stone_beyond_wall == "turn_first"
        self.pool_turns = options.turn_stone_on_pool == "turn"

    def run(self, pos: int, facing: int, steps: int, hits_wanted: int) -> tuple[int, int]:
        """Walk ``steps`` steps, or until ``hits_wanted`` hits if that is not 0 (MON-HITS).

        Each step is a look and a move; one last look follows the last step (MON-STEP).
        Returns the monster's square and facing.
        """
        trace = self.trace
        for number in range(1, steps + 1):
            facing = self.look(pos, facing)
            frm = pos
            pos, facing = self.move(pos, facing)
            if trace is not None:
                trace.append(
                    ev.MonsterStepped(number, name(frm), name(pos), DIRECTION_LETTERS[facing])
                )
            if hits_wanted and self.hits >= hits_wanted:
                break
        return pos, self.look(pos, facing)

    def move(self, pos: int, facing: int) -> tuple[int, int]:
        """The move of one step, after its look: one square on, or what the floor makes of it.

        A turning stone ahead turns the monster first (ADV-TURN and its options), a wall is
        walked through (MON-WRAP), a piece on the square is eaten or pushed (MON-EAT, MON-PUSH),
        a pool is slid across (MON-SLIDE), a teleporter sends it to its partner (ADV-TELEPORT);
        all of it is this one step.
        """
        cells = self.cells
        pool = self.pool
        trace = self.trace
        pushed = self.pushed
        if pushed:
            pushed.clear()
        turns = 0
        while True:
            target = NEIGHBOUR[pos][facing]
            via_wall = target == OFF
            if via_wall:
                beyond = WRAP[pos]
                if cells[beyond] <= TURN_RIGHT and self.beyond_wall_turns and self.may_turn(turns):
                    facing = self.turn(pos, beyond, facing)  # ADV-TURN-WALL: before the wall
                    turns += 1
                    continue
                target = self.through_wall(pos, facing)
            elif cells[target] <= TURN_RIGHT and self.may_turn(turns):
                facing = self.turn(pos, target, facing)  # ADV-TURN
                turns += 1
                continue
            break
        if cells[target]:
            self.enter(target, facing, pos, via_wall, False, pushed)
        pos = target
        if pool[pos]:  # MON-SLIDE: across the pool within this step, without looking
            slide_from = pos
            while pool[pos]:
                nxt = NEIGHBOUR[pos][facing]
                wrapped = nxt == OFF
                if wrapped:  # MON-SLIDE-EDGE
                    if not self.pool_wrap:
                        break
                    beyond = WRAP[pos]
                    if (
                        cells[beyond] <= TURN_RIGHT
                        and self.beyond_wall_turns
                        and self.pool_turns
                        and (turns == 0 or (self.chain_turns and turns < MAX_TURNS))
                    ):  # ADV-TURN-WALL point 4: turn on the last pool square
                        facing = self.turn(pos, beyond, facing)
                        turns += 1
                        continue
                    nxt = self.through_wall(pos, facing)
                elif (
                    cells[nxt] <= TURN_RIGHT
                    and self.pool_turns
                    and (turns == 0 or (self.chain_turns and turns < MAX_TURNS))
                ):
                    facing = self.turn(pos, nxt, facing)  # ADV-TURN-POOL: turn on the blood
                    turns += 1
                    continue
                if cells[nxt]:
                    self.enter(nxt, facing, pos, wrapped, True, pushed)
                pos = nxt
            if trace is not None:
                trace.append(ev.MonsterSlid(name(slide_from), name(pos)))
        partner = self.tele[pos]
        if partner >= 0:  # ADV-TELEPORT: at once on the partner, facing its arrow
            facing = self.arrow[partner]
            if trace is not None:
                trace.append(
                    ev.MonsterTeleported(name(pos), name(partner), DIRECTION_LETTERS[facing])
                )
            pos = partner
        return pos, facing

    def may_turn(self, turns: int) -> bool:
        """Whether a turning stone ahead acts now (ADV-TURN, ADV-TURN-TIE, ADV-TURN-CHAIN).

        The first stone of a step acts only if this step's look saw no figure to the left or
        right (or, as an option, when those figures tied); a stone met straight after a turn
        acts again, as an option, at most four times in one step.
        """
        if turns == 0:
            return not self.saw_side or self.tie_turns
        return self.chain_turns and turns < MAX_TURNS

    def turn(self, pos: int, stone: int, facing: int) -> int:
        """The facing after the turning stone on ``stone`` acts on the monster on ``pos``."""
        kind = self.cells[stone]
        new = (facing + (1 if kind == TURN_RIGHT else 2)) & 3
        if self.trace is not None:
            self.trace.append(
                ev.MonsterTurnedByStone(
                    name(pos),
                    name(stone),
                    STONE_KINDS[kind],
                    DIRECTION_LETTERS[facing],
                    DIRECTION_LETTERS[new],
                )
            )
        return new

    def through_wall(self, pos: int, facing: int) -> int:
        """Where the monster re-enters after leaving ``pos`` through a wall (MON-WRAP):
        the square of the same letter, in the same step, keeping its facing."""
        target = WRAP[pos]
        if self.trace is not None:
            self.trace.append(ev.MonsterWrapped(name(pos), name(target), WALL[pos][facing]))
        return target

    def look(self, pos: int, facing: int) -> int:
        """The facing after a look (MON-SIGHT-DIRS, MON-SIGHT-BLOCK, MON-DISTANCE, MON-CHOOSE).

        In each of ahead, left and right the first figure in line is seen unless a stone or
        the wall comes first; pools do not block. A strictly nearest figure turns the monster
        towards it; a tie for nearest, or nothing seen, keeps the facing.
        """
        cells = self.cells
        ray = RAY[pos]
        best = 99
        best_d = -1
        tie = False
        side = False
        seen: list[str] = []
        for d in (facing, (facing + 3) & 3, (facing + 1) & 3):
            dist = 0
            found = ""
            for sq in ray[d]:
                dist += 1
                v = cells[sq]
                if v == 0 or v == CRYSTAL:  # ADV-CRYSTAL: seen through; pools, teleporters too
                    continue
                if v > 0:
                    if dist < best:
                        best, best_d, tie = dist, d, False
                    elif dist == best:
                        tie = True
                    side = side or d != facing
                    if self.trace is not None:
                        found = f"{self.names[v - 1]}@{dist}"
                break  # a stone blocks the line of sight
            seen.append(found)
        self.saw_side = side
        new = best_d if best_d >= 0 and not tie else facing
        if self.trace is not None:
            self.trace.append(
                ev.MonsterLooked(name(pos), seen[0], seen[1], seen[2], DIRECTION_LETTERS[new])
            )
            if new != facing:
                self.trace.append(
                    ev.MonsterTurned(name(pos), DIRECTION_LETTERS[facing], DIRECTION_LETTERS[new])
                )
        return new

    def enter(
        self, sq: int, d: int, monster: int, via_wall: bool, sliding: bool, pushed: set[int]
    ) -> None:
        """The monster moves onto occupied ``sq`` towards ``d``: eat or push (MON-EAT, MON-PUSH).

        A figure is eaten, except where an option makes it pushed: on the re-entry square after
        a wall (MON-WRAP-OCCUPIED), or on a pool square reached by sliding
        (MON-SLIDE-OCCUPIED). A figure pushed so is a stone for the rest of the step
        (``pushed``), so meeting it again pushes it again.
        """
        v = self.cells[sq]
        if v > 0:
            if v in pushed:
                push = True
            elif via_wall:
                push = self.wrap_push
            else:
                push = sliding and self.slide_push and self.pool[sq]
            if push:
                pushed.add(v)
            else:
                self.cells[sq] = 0
                self._eat(v - 1, sq, EATEN)
                return
        self.push_line(sq, d, monster)

    def push_line(self, first: int, d: int, monster: int) -> None:
        """Push the contiguous line of pieces from ``first`` one square towards ``d`` (MON-PUSH).

        The far piece moves first. Off the board a stone is removed and a figure is eaten
        (MON-PUSH-OFF); onto a pool a piece slides on (MON-PUSH-POOL); a stone ending on a
        corner is removed unless the option keeps it (MON-CORNER-STONE).
        """
        cells = self.cells
        trace = self.trace
        line = []
        sq = first
        while sq != OFF and cells[sq] != 0:
            line.append(sq)
            sq = NEIGHBOUR[sq][d]
        for s in reversed(line):
            piece = cells[s]
            cells[s] = 0
            dest = NEIGHBOUR[s][d]
            if dest == OFF or self.tele[dest] >= 0:  # MON-PUSH-OFF, ADV-TELEPORT-PUSH
                how = PUSHED_OFF if dest == OFF else PUSHED_ONTO_TELEPORTER
                if piece > 0:
                    self._eat(piece - 1, s, how)
                elif trace is not None:
                    trace.append(ev.StoneRemoved(name(s), how))
                continue
            cells[dest] = piece
            if trace is not None:
                if piece > 0:
                    trace.append(ev.FigurePushed(self.names[piece - 1], name(s), name(dest)))
                else:
                    trace.append(ev.StonePushed(name(s), name(dest), "monster"))
            end = dest
            if self.pool[dest]:
                end = slide_stone(cells, self.pool, self.tele, monster, dest, d)
                if trace is not None and end != dest:
                    if piece > 0:
                        trace.append(ev.FigureSlid(self.names[piece - 1], name(dest), name(end)))
                    else:
                        trace.append(ev.StoneSlid(name(dest), name(end)))
            if piece < 0 and end in CORNERS and self.corner_remove:
                cells[end] = 0
                if trace is not None:
                    trace.append(ev.StoneRemoved(name(end), "corner"))

    def _eat(self, index: int, sq: int, how: str) -> None:
        self.eaten.append((index, sq, how))
        self.hits += 1
        if self.trace is not None:
            self.trace.append(ev.FigureEaten(self.names[index], name(sq), how, self.then))
