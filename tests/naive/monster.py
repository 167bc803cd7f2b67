"""The monster phase for the naive implementation, written from spec/monster.md,
spec/advanced.md, spec/deck.md, spec/round.md, spec/end.md and spec/options.md alone.

Two public functions:

- ``walk(pos, tile)``: the monster's walk for one revealed tile (MON-*, ADV-*), returning the
  position right after the walk and the trace, one ``(square, facing)`` per step.
- ``reveal(pos, tile)``: a whole reveal action: the tile leaves the deck, the walk, then the
  round end and the stage and end rules (DECK-, STAGE-, RND-START-PASS, END-).

Naive on purpose: plain dicts keyed by square names, every rule followed step by step, the rule
id cited where it is applied. Nothing here is shared with ``fearsome_rules``.
"""

from __future__ import annotations

from .board import BEHIND, ENTRANCE, EXIT, LEFT, RIGHT, neighbour, wrap
from .model import OUT, REMOVED, WAITING, NaiveIllegal, NFigure, NPosition

TURNING_STONES = ("turn_right", "turn_about")
NUMBERED_TILES = {"5": 5, "7": 7, "8": 8, "10": 10}
HIT_TILES = {"1hit": 1, "2hits": 2, "3hits": 3}
TILE_ORDER = ("5", "7", "8", "10", "1hit", "2hits", "3hits")
MAX_HIT_TILE_STEPS = 20
MAX_TURNS_PER_STEP = 4
TILES_PER_STAGE = 7


class _Walk:
    """The mutable state of one walk: who stands where, counted hits, the trace."""

    def __init__(self, pos: NPosition) -> None:
        self.pos = pos
        self.options = pos.options
        self.pools = pos.pools
        self.teleporters = pos.teleporters
        self.where: dict[str, str] = {f.name: f.where for f in pos.figures}
        self.stones: dict[str, str] = dict(pos.stones)
        self.monster = pos.monster
        self.facing = pos.facing
        self.hits = 0
        self.eaten: list[str] = []
        self.trace: list[tuple[str, str]] = []
        # Per step:
        self.turns = 0
        """Turns made by turning stones in this step (ADV-TURN-CHAIN: at most 4)."""
        self.look_lets_stone_act = True
        """Whether this step's look lets a turning stone act (ADV-TURN point 4, ADV-TURN-TIE)."""
        self.as_stone: set[str] = set()
        """Figures treated as stones for the rest of this step (MON-SLIDE-OCCUPIED,
        MON-WRAP-OCCUPIED)."""

    # ------------------------------------------------------------------ squares and pieces

    def figure_on(self, square: str) -> str | None:
        for name, where in self.where.items():
            if where == square:
                return name
        return None

    def has_piece(self, square: str) -> bool:
        """A figure or a stone stands there (README: pieces; the monster is not a piece)."""
        return self.figure_on(square) is not None or square in self.stones

    def is_empty(self, square: str) -> bool:
        """README: no figure, no stone and not the monster."""
        return not self.has_piece(square) and square != self.monster

    def partner(self, square: str) -> str:
        """ADV-TELEPORT point 1: the other teleporter of the same pair."""
        pair = self.teleporters[square][0]
        for other, (other_pair, _arrow) in self.teleporters.items():
            if other != square and other_pair == pair:
                return other
        raise NaiveIllegal("ADV-TELEPORT", f"teleporter {square} has no partner")

    # ------------------------------------------------------------------ looking

    def sight(self, direction: str) -> int | None:
        """MON-SIGHT-BLOCK, MON-DISTANCE, ADV-CRYSTAL, ADV-TELEPORT-SIGHT: the distance to the
        figure seen in that direction, or None if none is seen."""
        distance = 1
        square = neighbour(self.monster, direction)  # MON-SIGHT-BLOCK point 1
        while square is not None:  # MON-SIGHT-BLOCK point 4: the wall ends the line
            if self.figure_on(square) is not None:
                return distance  # MON-SIGHT-BLOCK point 5: the first figure is the one seen
            kind = self.stones.get(square)
            if kind is not None and kind != "crystal":
                return None  # MON-SIGHT-BLOCK point 2, ADV-TURN point 2; crystals: ADV-CRYSTAL
            # Pools (MON-SIGHT-BLOCK point 3) and teleporters (ADV-TELEPORT-SIGHT) do not block
            # and count in the distance (MON-DISTANCE point 2, ADV-TELEPORT-SIGHT point 2).
            square = neighbour(square, direction)
            distance += 1
        return None

    def look(self) -> None:
        """MON-SIGHT-DIRS and MON-CHOOSE; also records what ADV-TURN point 4 needs."""
        facing = self.facing
        seen: list[tuple[int, str, str]] = []  # (distance, direction, which side)
        for side, direction in (
            ("ahead", facing),
            ("left", LEFT[facing]),
            ("right", RIGHT[facing]),
        ):  # MON-SIGHT-DIRS: never back
            distance = self.sight(direction)
            if distance is not None:
                seen.append((distance, direction, side))
        saw_side = any(side != "ahead" for _d, _dir, side in seen)
        tie = False
        if seen:
            nearest = min(distance for distance, _dir, _side in seen)
            at_nearest = [entry for entry in seen if entry[0] == nearest]
            if len(at_nearest) == 1:
                self.facing = at_nearest[0][1]  # MON-CHOOSE point 2
            else:
                tie = True  # MON-CHOOSE point 3: confused, keeps its facing
        # MON-CHOOSE point 1: nothing seen, keep the facing.
        # ADV-TURN point 4: a turning stone acts only if no figure was seen to the left or
        # right; ADV-TURN-TIE: in a tie the option decides.
        tie_lets_act = tie and self.options["turn_stone_tie"] == "turn"
        self.look_lets_stone_act = not saw_side or tie_lets_act

    # ------------------------------------------------------------------ eating and pushing

    def eat(self, name: str) -> None:
        """MON-EAT / MON-EATEN (also for MON-PUSH-OFF and ADV-TELEPORT-PUSH); a hit (MON-HITS)."""
        self.hits += 1
        self.eaten.append(name)
        if self.pos.stage == 1:
            self.where[name] = WAITING  # MON-EATEN point 1: waiting, face unchanged
        else:
            self.where[name] = REMOVED  # MON-EATEN point 2
        self.as_stone.discard(name)

    def push_line(self, start: str) -> None:
        """MON-PUSH: push the contiguous line starting at ``start`` one square in the facing."""
        direction = self.facing
        line = [start]
        square = neighbour(start, direction)
        # MON-PUSH point 1: up to the first square that is empty or the board edge;
        # ADV-TELEPORT-PUSH point 2: a teleporter square (no piece) ends the line like an
        # empty square. (The monster's own square holds no piece: it also ends the line.)
        while square is not None and square not in self.teleporters and self.has_piece(square):
            line.append(square)
            square = neighbour(square, direction)
        for square in reversed(line):  # MON-PUSH point 3: far end first
            self.push_piece(square, direction)

    def push_piece(self, square: str, direction: str) -> None:
        """Move the piece on ``square`` one square on (MON-PUSH point 3), with MON-PUSH-OFF,
        ADV-TELEPORT-PUSH, MON-PUSH-POOL and MON-CORNER-STONE."""
        name = self.figure_on(square)
        kind = self.stones.pop(square, None)
        if name is None and kind is None:
            return
        after = neighbour(square, direction)
        if after is None or after in self.teleporters:
            # MON-PUSH-OFF (never wraps) / ADV-TELEPORT-PUSH point 1: it leaves the game.
            if name is not None:
                self.eat(name)  # counts as eaten and as a hit
            # a stone is removed: it is already off self.stones
            return
        if name is not None:
            self.where[name] = "moving"  # off its square while it moves
        landing = after
        if landing in self.pools:
            landing = self.slide_pushed_piece(landing, direction)  # MON-PUSH-POOL
        if name is not None:
            self.where[name] = landing  # MON-PUSH point 5: not eaten, not flipped
            # MON-PUSH-POOL point 3: a figure whose slide ends on a corner simply stands there.
            return
        assert kind is not None
        if landing in (EXIT, ENTRANCE) and self.options["monster_corner_stone"] == "remove":
            return  # MON-CORNER-STONE point 1: removed at once
        self.stones[landing] = kind  # MON-CORNER-STONE point 2 (keep), or any other square

    def slide_pushed_piece(self, square: str, direction: str) -> str:
        """POOL-STONE-SLIDE (via MON-PUSH-POOL point 1): the square where a piece pushed onto
        the pool square ``square`` stops. The piece itself is off the board meanwhile."""
        current = square
        while True:
            ahead = neighbour(current, direction)
            if ahead is None:
                return current  # POOL-STONE-SLIDE point 2: off the board, stop
            if ahead in self.pools:
                if not self.is_empty(ahead):
                    return current  # POOL-STONE-SLIDE point 3: stop before the piece
                current = ahead  # POOL-STONE-SLIDE point 1
                continue
            # The square beyond the pool: POOL-STONE-SLIDE point 2; ADV-TELEPORT-PUSH point 3.
            if ahead not in self.teleporters and self.is_empty(ahead):
                return ahead
            return current

    # ------------------------------------------------------------------ moving

    def step(self) -> None:
        """MON-STEP: look, then move one square; record the trace."""
        self.turns = 0
        self.as_stone = set()
        self.look()
        self.advance(in_slide=False, after_pool_turn=False)
        self.trace.append((self.monster, self.facing))

    def stone_acts(self, in_slide: bool, via_wall: bool) -> bool:
        """Whether a turning stone on the square the monster would move onto acts (ADV-TURN,
        ADV-TURN-TIE, ADV-TURN-CHAIN, ADV-TURN-WALL, ADV-TURN-POOL)."""
        chain_allows = self.turns == 0 or (
            self.options["turn_stone_chain"] == "turn_again" and self.turns < MAX_TURNS_PER_STEP
        )  # ADV-TURN-CHAIN
        if in_slide:
            # ADV-TURN-POOL: no look during a slide, the option decides; a further stone of
            # the same step also needs ADV-TURN-CHAIN.
            acts = self.options["turn_stone_on_pool"] == "turn" and chain_allows
            if via_wall:
                # ADV-TURN-WALL point 4
                acts = acts and self.options["turn_stone_beyond_wall"] == "turn_first"
            return acts
        if via_wall and self.options["turn_stone_beyond_wall"] != "turn_first":
            return False  # ADV-TURN-WALL point 2 (push) and point 3
        if self.turns == 0:
            return self.look_lets_stone_act  # ADV-TURN point 4, ADV-TURN-TIE
        return chain_allows  # ADV-TURN-CHAIN, ADV-TURN-WALL point 3

    def advance(self, in_slide: bool, after_pool_turn: bool) -> None:
        """One move (or the next square of a slide) in the current facing.

        ``in_slide``: the monster stands on a pool square during its slide (MON-SLIDE), so the
        board edge is MON-SLIDE-EDGE and turning stones are ADV-TURN-POOL.
        ``after_pool_turn``: it has just turned on the pool (ADV-TURN-POOL point 1): the square
        it moves onto is entered under the ordinary rules.
        """
        ahead = neighbour(self.monster, self.facing)
        if ahead is None:
            if in_slide and self.options["monster_pool_edge"] == "stop":
                return  # MON-SLIDE-EDGE point 2: it stops on the last pool square
            target = wrap(self.monster)  # MON-WRAP / MON-SLIDE-EDGE point 1 / BRD-WRAP
            how = "wall"
        else:
            target = ahead
            if in_slide and not after_pool_turn:
                how = "slide" if target in self.pools else "beyond"
            else:
                how = "ahead"
        kind = self.stones.get(target)
        if kind in TURNING_STONES and self.stone_acts(in_slide, how == "wall"):
            # ADV-TURN point 5: it turns instead of pushing, in the same step, no new look;
            # ADV-TURN-WALL point 2: before the wall; ADV-TURN-POOL: on the pool square.
            self.turns += 1
            if kind == "turn_right":
                self.facing = RIGHT[self.facing]  # 90 degrees clockwise
            else:
                self.facing = BEHIND[self.facing]  # 180 degrees
            # ... and moves one square in the new facing (ADV-TURN point 5.2).
            self.advance(in_slide=in_slide, after_pool_turn=in_slide)
            return
        self.enter(target, how)

    def enter(self, target: str, how: str) -> None:
        """The monster moves onto ``target`` (MON-STEP point 2, MON-EAT, MON-PUSH, MON-SLIDE,
        MON-SLIDE-OCCUPIED, MON-WRAP-OCCUPIED, ADV-TELEPORT)."""
        if target in self.teleporters:
            # ADV-TELEPORT: at once on the partner, facing its arrow; the step ends there.
            partner = self.partner(target)
            self.monster = partner
            self.facing = self.teleporters[partner][1]
            return
        name = self.figure_on(target)
        if name is not None:
            if name in self.as_stone:
                self.push_line(target)  # MON-SLIDE-OCCUPIED / MON-WRAP-OCCUPIED: again pushed
            elif how == "wall" and self.options["wrap_entry_figure"] == "push":
                self.as_stone.add(name)  # MON-WRAP-OCCUPIED point 2, push
                self.push_line(target)
            elif how == "slide" and self.options["monster_slide_figure"] == "push":
                self.as_stone.add(name)  # MON-SLIDE-OCCUPIED point 2, push
                self.push_line(target)
            else:
                self.eat(name)  # MON-EAT (MON-SLIDE point 3 and 4, MON-WRAP-OCCUPIED eat)
        elif target in self.stones:
            # MON-PUSH (any kind of stone: ADV-CRYSTAL point 1, ADV-TURN points 3 and 6),
            # MON-SLIDE-OCCUPIED point 1, MON-SLIDE point 4, MON-WRAP-OCCUPIED point 1.
            self.push_line(target)
        self.monster = target  # MON-PUSH point 4
        if target in self.pools:
            # MON-SLIDE: slide on in the facing, same step, no look.
            self.advance(in_slide=True, after_pool_turn=False)

    # ------------------------------------------------------------------ result

    def position(self) -> NPosition:
        figures = tuple(
            NFigure(f.name, f.owner, f.kind, f.face, self.where[f.name], f.moved)
            for f in self.pos.figures
        )
        return self.pos.replace(
            figures=figures, stones=dict(self.stones), monster=self.monster, facing=self.facing
        )


def walk(pos: NPosition, tile: str) -> tuple[NPosition, list[tuple[str, str]]]:
    """The monster's walk for ``tile`` (MON-TILE): the position right after it (the final look
    included) and the trace, the monster's square and facing after each step."""
    state = _Walk(pos)
    if tile in NUMBERED_TILES:
        for _ in range(NUMBERED_TILES[tile]):  # MON-TILE point 2: exactly that many steps
            state.step()
    elif tile in HIT_TILES:
        wanted = HIT_TILES[tile]
        steps = 0
        # MON-HITS points 1, 3, 4, 5: until the hits of this tile reach k, at most 20 steps.
        while state.hits < wanted and steps < MAX_HIT_TILE_STEPS:
            state.step()
            steps += 1
    else:
        raise NaiveIllegal("MON-TILE", f"no such tile {tile!r}")
    state.look()  # MON-STEP point 2: the final look, perhaps a turn, no move
    return state.position(), state.trace


def _full_deck(three_hits: bool) -> tuple[str, ...]:
    """SET-DECK / VAR-THREE-HITS: the 8 tiles of a stage, sorted as NPosition.deck is."""
    tiles = ["3hits" if three_hits else "5", "7", "7", "8", "8", "10", "1hit", "2hits"]
    return tuple(sorted(tiles, key=TILE_ORDER.index))


def _on_board(figure: NFigure) -> bool:
    return figure.where not in (WAITING, OUT, REMOVED)


def reveal(pos: NPosition, tile: str) -> NPosition:
    """A reveal action (DECK-REVEAL): the tile leaves the deck, the monster walks, then the
    round ends (RND-START-PASS) and the stage and end rules apply."""
    if pos.ended_by:
        raise NaiveIllegal(pos.ended_by, "the game is over")
    if any(f.where not in (OUT, REMOVED) and not f.moved for f in pos.figures):
        raise NaiveIllegal("RND-PHASES", "a figure has not moved yet")  # RND-PHASES, RND-ONCE
    if tile not in pos.deck:
        raise NaiveIllegal("DECK-REVEAL", f"{tile} is not unrevealed")  # DECK-REVEAL point 3
    if pos.stage == 1 and pos.reveals == 0 and tile in HIT_TILES:
        raise NaiveIllegal("DECK-FIRST", "the game's first tile is never a hit tile")
    deck = list(pos.deck)
    deck.remove(tile)  # DECK-REVEAL point 3: one copy leaves the unrevealed tiles
    counted = pos.replace(deck=tuple(deck), reveals=pos.reveals + 1)
    after, _trace = walk(counted, tile)

    figures = list(after.figures)
    stage = after.stage
    reveals = after.reveals
    new_deck = after.deck
    ended_by = ""
    target = 3 if pos.players <= 4 else 2  # END-WIN point 1
    outs = [
        sum(1 for f in figures if f.owner == seat and f.where == OUT) for seat in range(pos.players)
    ]
    winner_fixed = any(count >= target for count in outs)

    def remove_figures_inside() -> None:
        # STAGE-TWO-END points 2 and 3: on the board -> removed; waiting ones stay outside.
        for i, f in enumerate(figures):
            if _on_board(f):
                figures[i] = NFigure(f.name, f.owner, f.kind, f.face, REMOVED, f.moved)

    if pos.options["finish_round"] and winner_fixed:
        # VAR-FINISH-ROUND-MONSTER: the game ends after this monster phase, with the winner of
        # END-WIN; no further round, not even after the 7th tile of stage 1 (STAGE-ONE point 5:
        # no stage 2). VAR-FINISH-ROUND-INSIDE: figures inside keep their squares.
        ended_by = "END-WIN"
    elif stage == 2:
        if not any(f.where not in (OUT, REMOVED) for f in figures):
            ended_by = "END-ALL-GONE"  # END-ALL-GONE points 1 and 2: after the monster phase
        elif reveals == TILES_PER_STAGE:
            remove_figures_inside()
            ended_by = "STAGE-TWO-END"  # STAGE-TWO-END point 1
    elif reveals == TILES_PER_STAGE:
        # STAGE-ONE points 2 and 4: all 8 tiles become stage 2's; the count restarts at 0.
        stage = 2
        reveals = 0
        new_deck = _full_deck(bool(pos.options["three_hits"]))

    # RND-START-PASS point 1: the tile passes to the next seat clockwise, unless the game ended.
    start_player = pos.start_player if ended_by else (pos.start_player + 1) % pos.players
    round_number = after.round
    if not ended_by:
        # RND-START-PASS points 2 and 3, RND-ONCE point 4: a new round, every figure unmoved.
        round_number += 1
        figures = [NFigure(f.name, f.owner, f.kind, f.face, f.where, False) for f in figures]
    return after.replace(
        figures=tuple(figures),
        stage=stage,
        reveals=reveals,
        deck=new_deck,
        start_player=start_player,
        round=round_number,
        ended_by=ended_by,
    )
