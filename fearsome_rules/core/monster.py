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


def line_of_sight(cells: Sequence[int], pos: int, d: int) -> tuple[int, int]:
    """What ends the monster's line of sight from ``pos`` towards ``d``: the square of the first
    figure or stone in line and its distance, or (OFF, the number of squares up to the wall)
    (MON-SIGHT-BLOCK, MON-DISTANCE). Pools, teleporters (ADV-TELEPORT-SIGHT) and crystals
    (ADV-CRYSTAL) are seen through; the wall ends every line, which never wraps."""
    dist = 0
    for sq in RAY[pos][d]:
        dist += 1
        v = cells[sq]
        if v != 0 and v != CRYSTAL:
            return sq, dist
    return OFF, dist


def choose(facing: int, ahead: int, left: int, right: int) -> tuple[int, bool, bool]:
    """The choice after a look (MON-CHOOSE), from the distance of the figure seen ahead, to the
    left and to the right (0 where none is seen): the new facing, whether the nearest figures
    tied, and whether a figure was seen to the left or right. A strictly nearest figure turns
    the monster towards it; a tie for nearest, or nothing seen, keeps the facing."""
    best = 99
    best_d = -1
    tie = False
    for dist, d in ((ahead, facing), (left, (facing + 3) & 3), (right, (facing + 1) & 3)):
        if dist:
            if dist < best:
                best, best_d, tie = dist, d, False
            elif dist == best:
                tie = True
    new = best_d if best_d >= 0 and not tie else facing
    return new, tie, bool(left or right)


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
        "tie",
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
        self.tie = False  # whether this step's look saw figures equally near
        # figures pushed rather than eaten in the current step, and the rule that pushed them
        self.pushed: dict[int, str] = {}
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
        kept = "MON-PUSH"  # for the trace: why a stone on the target is pushed, not obeyed
        while True:
            target = NEIGHBOUR[pos][facing]
            via_wall = target == OFF
            if via_wall:
                beyond = WRAP[pos]
                if cells[beyond] <= TURN_RIGHT:
                    if self.beyond_wall_turns and self.may_turn(turns):
                        facing = self.turn(pos, beyond, facing, self.why_turn(turns))
                        turns += 1  # ADV-TURN-WALL: the turn comes before the wall
                        continue
                    kept = self.why_not(turns) if self.beyond_wall_turns else "ADV-TURN-WALL"
                else:
                    kept = "MON-WRAP-OCCUPIED"
                target = self.through_wall(pos, facing)
            elif cells[target] <= TURN_RIGHT:
                if self.may_turn(turns):
                    facing = self.turn(pos, target, facing, self.why_turn(turns))  # ADV-TURN
                    turns += 1
                    continue
                kept = self.why_not(turns)
            break
        if cells[target]:
            self.enter(target, facing, pos, via_wall, False, pushed, kept)
        pos = target
        if pool[pos]:  # MON-SLIDE: across the pool within this step, without looking
            slide_from = pos
            while pool[pos]:
                nxt = NEIGHBOUR[pos][facing]
                wrapped = nxt == OFF
                kept = "MON-SLIDE-OCCUPIED"
                if wrapped:  # MON-SLIDE-EDGE
                    if not self.pool_wrap:
                        break
                    beyond = WRAP[pos]
                    if cells[beyond] <= TURN_RIGHT:
                        if self.beyond_wall_turns and self.pool_may_turn(turns):
                            # ADV-TURN-WALL point 4: turn on the last pool square
                            facing = self.turn(pos, beyond, facing, self.why_turn_sliding(turns))
                            turns += 1
                            continue
                        kept = (
                            self.why_not_sliding(turns)
                            if self.beyond_wall_turns
                            else "ADV-TURN-WALL"
                        )
                    else:
                        kept = "MON-WRAP-OCCUPIED"
                    nxt = self.through_wall(pos, facing)
                elif cells[nxt] <= TURN_RIGHT:
                    if self.pool_may_turn(turns):
                        # ADV-TURN-POOL: turn on the blood
                        facing = self.turn(pos, nxt, facing, self.why_turn_sliding(turns))
                        turns += 1
                        continue
                    kept = self.why_not_sliding(turns)
                elif not pool[nxt]:
                    kept = "MON-SLIDE"  # MON-SLIDE point 4: the square beyond the pool
                if cells[nxt]:
                    self.enter(nxt, facing, pos, wrapped, True, pushed, kept)
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

    def pool_may_turn(self, turns: int) -> bool:
        """Whether a turning stone met in a slide acts (ADV-TURN-POOL): there is no look in a
        slide, so only the option and ADV-TURN-CHAIN decide."""
        return self.pool_turns and (turns == 0 or (self.chain_turns and turns < MAX_TURNS))

    def why_turn(self, turns: int) -> str:
        """The rule under which a turning stone ahead acts (see :meth:`may_turn`)."""
        if turns:
            return "ADV-TURN-CHAIN"
        # Facing a stone after a look that saw a figure to a side means a tie (ADV-TURN point 4).
        return "ADV-TURN-TIE" if self.saw_side else "ADV-TURN"

    def why_not(self, turns: int) -> str:
        """The rule that keeps a turning stone ahead from acting, so that it is pushed."""
        return "ADV-TURN-CHAIN" if turns else "ADV-TURN-TIE" if self.tie else "ADV-TURN"

    def why_turn_sliding(self, turns: int) -> str:
        """The rule under which a turning stone met in a slide acts."""
        return "ADV-TURN-CHAIN" if turns else "ADV-TURN-POOL"

    def why_not_sliding(self, turns: int) -> str:
        """The rule that keeps a turning stone met in a slide from acting."""
        return "ADV-TURN-POOL" if not self.pool_turns else "ADV-TURN-CHAIN"

    def turn(self, pos: int, stone: int, facing: int, rule: str) -> int:
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
                    rule,
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
        """The facing after a look (MON-SIGHT-DIRS, MON-SIGHT-BLOCK, MON-DISTANCE, MON-CHOOSE):
        ahead, left and right, each seen with :func:`line_of_sight`, then :func:`choose`."""
        cells = self.cells
        dists = [0, 0, 0]
        for k, d in enumerate((facing, (facing + 3) & 3, (facing + 1) & 3)):
            sq, dist = line_of_sight(cells, pos, d)
            if sq != OFF and cells[sq] > 0:
                dists[k] = dist
        new, self.tie, self.saw_side = choose(facing, dists[0], dists[1], dists[2])
        if self.trace is not None:
            seen = [
                f"{self.names[cells[sq] - 1]}@{dist}" if dists[k] else ""
                for k, (sq, dist) in enumerate(
                    line_of_sight(cells, pos, d)
                    for d in (facing, (facing + 3) & 3, (facing + 1) & 3)
                )
            ]
            self.trace.append(
                ev.MonsterLooked(name(pos), seen[0], seen[1], seen[2], DIRECTION_LETTERS[new])
            )
            if new != facing:
                self.trace.append(
                    ev.MonsterTurned(name(pos), DIRECTION_LETTERS[facing], DIRECTION_LETTERS[new])
                )
        return new

    def enter(
        self,
        sq: int,
        d: int,
        monster: int,
        via_wall: bool,
        sliding: bool,
        pushed: dict[int, str],
        kept: str,
    ) -> None:
        """The monster moves onto occupied ``sq`` towards ``d``: eat or push (MON-EAT, MON-PUSH).

        A figure is eaten, except where an option makes it pushed: on the re-entry square after
        a wall (MON-WRAP-OCCUPIED), or on a pool square reached by sliding
        (MON-SLIDE-OCCUPIED). A figure pushed so is a stone for the rest of the step
        (``pushed``: figure code -> the rule that made it one), so meeting it again pushes it
        again. ``kept`` is the rule that decided a push of the piece on ``sq`` (for the trace).
        """
        v = self.cells[sq]
        if v > 0:
            if v in pushed:
                push = True
                kept = pushed[v]
            elif via_wall:
                push = self.wrap_push
                kept = "MON-WRAP-OCCUPIED"
            else:
                push = sliding and self.slide_push and self.pool[sq]
                if not sliding or not self.pool[sq]:
                    kept = "MON-SLIDE" if sliding else "MON-EAT"
            if push:
                pushed[v] = kept
            else:
                self.cells[sq] = 0
                self._eat(v - 1, sq, EATEN, kept)
                return
        self.push_line(sq, d, monster, kept)

    def push_line(self, first: int, d: int, monster: int, rule: str = "MON-PUSH") -> None:
        """Push the contiguous line of pieces from ``first`` one square towards ``d`` (MON-PUSH).

        The far piece moves first. Off the board a stone is removed and a figure is eaten
        (MON-PUSH-OFF); onto a pool a piece slides on (MON-PUSH-POOL); a stone ending on a
        corner is removed unless the option keeps it (MON-CORNER-STONE). ``rule`` is why the
        piece on ``first`` is pushed (for the trace; the rest of the line: MON-PUSH).
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
                why = "MON-PUSH-OFF" if dest == OFF else "ADV-TELEPORT-PUSH"
                if piece > 0:
                    self._eat(piece - 1, s, how, why)
                elif trace is not None:
                    trace.append(ev.StoneRemoved(name(s), how))
                continue
            cells[dest] = piece
            if trace is not None:
                why = rule if s == first else "MON-PUSH"
                if piece > 0:
                    trace.append(
                        ev.FigurePushed(self.names[piece - 1], name(s), name(dest), why)
                    )
                else:
                    trace.append(ev.StonePushed(name(s), name(dest), "monster", why))
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

    def _eat(self, index: int, sq: int, how: str, rule: str) -> None:
        self.eaten.append((index, sq, how))
        self.hits += 1
        if self.trace is not None:
            self.trace.append(
                ev.FigureEaten(self.names[index], name(sq), how, self.then, rule)
            )
