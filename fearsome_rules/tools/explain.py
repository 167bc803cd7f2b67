"""Explain a monster tile step by step, every line citing the spec's rule ids.

``explain(state, tile)`` carries out the tile (:func:`~fearsome_rules.core.game.apply_traced`), cuts
the walk into steps (:mod:`fearsome_rules.tools.trail`) and, for each step, works out from the
position at that moment what the monster sees ahead, to its left and right (with distances,
and what ends each line of sight), why it turns or keeps its facing, and what its move does:
pushes, slides, eats, walls, turning stones, teleporters. What it sees is checked against the
engine's own ``MonsterLooked`` event, so the explanation and the engine cannot drift apart.

``compare(...)`` explains the same question under each value of one option and names the first
step where the readings part, and how the final positions differ.

Command line: ``fearsome-rules explain FILE [--case ID] [--tile T] [--option NAME=VALUE]
[--compare NAME]`` (see :func:`add_parser`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import attrs

from fearsome_rules.core import board, deck
from fearsome_rules.core import events as ev
from fearsome_rules.core.actions import Reveal
from fearsome_rules.core.errors import FearsomeError
from fearsome_rules.core.monster import (
    MAX_TURNS,
    PUSHED_OFF,
    PUSHED_ONTO_TELEPORTER,
    choose,
    line_of_sight,
)
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.core.state import (
    CRYSTAL,
    STONE_KINDS,
    TURN_ABOUT,
    TURN_RIGHT,
    GameState,
)
from fearsome_rules.tools.trail import Board, Trail, TrailStep, trail

SIDE_NAMES = ("ahead", "left", "right")
KIND_TEXT = {
    "stone": "stone",
    "crystal": "crystal",
    "turn_right": "right-turning stone",
    "turn_about": "half-turn stone",
}
TURN_WORD = {1: "right", 2: "about", 3: "left"}
RULE_COLUMN = 76
"""Rule ids start in this column when the text is short enough."""


class ExplainError(FearsomeError):
    """The explanation does not agree with the engine's events (a bug), or nothing to explain."""


@attrs.frozen
class Line:
    """One line of an explanation: a label, the text, the rule ids it rests on, and the
    reading (``option=value``) it depends on, if any."""

    label: str
    text: str
    rules: tuple[str, ...] = ()
    option: str = ""

    def render(self) -> str:
        text = self.text + (f" (option {self.option})" if self.option else "")
        head = f"  {self.label:<9} {text}"
        if not self.rules:
            return head
        tag = "[" + ", ".join(self.rules) + "]"
        return f"{head:<{RULE_COLUMN}} {tag}" if len(head) < RULE_COLUMN else f"{head}  {tag}"


@attrs.frozen
class Sight:
    """One line of sight: the side (ahead, left, right, behind) and its direction, the squares
    it passes (nearest first), the figure seen and its distance, and what ends it."""

    side: str
    direction: str
    squares: tuple[str, ...]
    """The squares seen, nearest first; ``~`` pool, ``<>`` crystal, ``:T1`` teleporter."""
    figure: str
    distance: int
    blocker: str
    """``figure``, a stone kind (``stone``, ``turn_right``, ``turn_about``), or ``wall``."""
    blocker_at: str
    """The square of the figure or stone, or the wall's letter."""
    rules: tuple[str, ...]

    @property
    def seen(self) -> str:
        """As in the ``MonsterLooked`` event: ``A1@5``, or ``""``."""
        return f"{self.figure}@{self.distance}" if self.figure else ""

    def text(self) -> str:
        passed = " ".join(self.squares)
        if self.figure:
            return f"{self.figure} at {self.distance}: {passed}"
        if self.blocker == "wall":
            end = f"the wall ({self.blocker_at})"
            return f"nothing: {passed}, then {end}" if passed else f"nothing: {end} is beside it"
        what = f"the {KIND_TEXT[self.blocker]} on {self.blocker_at} blocks the view"
        return f"nothing: {passed}, then {what}" if passed else f"nothing: {what}"


@attrs.frozen
class Look:
    """A look (MON-SIGHT-DIRS) and the choice that follows it (MON-CHOOSE)."""

    square: str
    facing: str
    """The facing before the look."""
    sights: tuple[Sight, Sight, Sight]
    """Ahead, left, right."""
    behind: Sight | None
    """A figure straight behind that the monster does not see (it never looks back)."""
    chosen: str
    """The facing after the look."""
    decision: Line
    saw_side: bool
    tie: bool

    def lines(self) -> list[Line]:
        out = [Line(f"{s.side} {s.direction}", s.text(), s.rules) for s in self.sights]
        if self.behind is not None:
            b = self.behind
            out.append(
                Line(
                    f"behind {b.direction}",
                    f"{b.figure} at {b.distance} is not seen: the monster never looks back",
                    ("MON-SIGHT-DIRS",),
                )
            )
        out.append(self.decision)
        return out


@attrs.frozen
class StepExplanation:
    """One step: its look and choice, then its move, line by line."""

    number: int
    look: Look
    lines: tuple[Line, ...]
    start: str
    end: str
    facing: str
    hits: tuple[str, ...]

    def signature(self) -> tuple[object, ...]:
        """What two readings must share for this step to be the same."""
        return (self.look.chosen, self.end, self.facing, tuple(x.text for x in self.lines))


@attrs.frozen
class Explanation:
    """A whole tile, explained."""

    trail: Trail
    tile: str
    header: tuple[Line, ...]
    steps: tuple[StepExplanation, ...]
    final_look: Look
    after: tuple[Line, ...]

    @property
    def state(self) -> GameState:
        return self.trail.before

    def text(self, title: str = "") -> str:
        """The explanation as text, one line per fact, rule ids in brackets."""
        out: list[str] = []
        if title:
            out.append(title)
        out += [x.render() for x in self.header]
        for s in self.steps:
            out.append("")
            out.append(f"Step {s.number}: on {s.start} facing {s.look.facing}")
            out += [x.render() for x in s.look.lines()]
            out += [x.render() for x in s.lines]
        out.append("")
        fl = self.final_look
        out.append(f"Final look: on {fl.square} facing {fl.facing}")
        out += [x.render() for x in fl.lines()]
        out.append("")
        out += [x.render() for x in self.after]
        return "\n".join(out)


# --- sight -----------------------------------------------------------------------------------


def _mark(state: GameState, sq: int) -> str:
    text = board.name(sq)
    if sq in state.pools:
        text += "~"
    if state.cells[sq] == CRYSTAL:
        text += "<>"
    for t_sq, pair, _ in state.teleporters:
        if t_sq == sq:
            text += f":T{pair}"
    return text


def sight(state: GameState, pos: int, d: int, side: str) -> Sight:
    """What the monster on ``pos`` sees towards ``d`` in ``state``: the engine's
    :func:`~fearsome_rules.core.monster.line_of_sight`, with the squares it passes marked
    (MON-SIGHT-BLOCK, MON-DISTANCE, ADV-CRYSTAL, ADV-TELEPORT-SIGHT)."""
    end, dist = line_of_sight(state.cells, pos, d)
    ray = board.RAY[pos][d]
    v = state.cells[end] if end != board.OFF else 0
    passed = ray[: dist - 1] if v < 0 else ray[:dist]  # a figure's square is seen, a stone's not
    tele = {t[0] for t in state.teleporters}
    rules: list[str] = []
    if any(state.cells[sq] == CRYSTAL for sq in passed):
        rules.append("ADV-CRYSTAL")
    if any(sq in tele for sq in passed):
        rules.append("ADV-TELEPORT-SIGHT")
    squares = tuple(_mark(state, sq) for sq in passed)
    letter = board.DIRECTION_LETTERS[d]
    if v > 0:
        name = state.figures[v - 1].name
        return Sight(side, letter, squares, name, dist, "figure", board.name(end),
                     ("MON-DISTANCE", *rules))
    if v < 0:
        return Sight(side, letter, squares, "", 0, STONE_KINDS[v], board.name(end),
                     ("MON-SIGHT-BLOCK", *rules))
    last = ray[-1] if ray else pos
    return Sight(side, letter, squares, "", 0, "wall", board.WALL[last][d],
                 ("MON-SIGHT-BLOCK", *rules))


def look(state: GameState, event: ev.MonsterLooked | None = None) -> Look:
    """The look of the monster in ``state`` and its choice (MON-SIGHT-DIRS, MON-CHOOSE).

    With the engine's ``event`` for this look, the result is checked against it.
    """
    pos, facing = state.monster, state.facing
    dirs = (facing, (facing + 3) & 3, (facing + 1) & 3)
    sights = tuple(sight(state, pos, d, side) for d, side in zip(dirs, SIDE_NAMES, strict=True))
    assert len(sights) == 3
    back = sight(state, pos, (facing + 2) & 3, "behind")
    chosen, tie, saw_side = choose(facing, *(s.distance for s in sights))
    seen = [(s.distance, k) for k, s in enumerate(sights) if s.figure]
    best = min((d for d, _ in seen), default=0)
    nearest = [k for d, k in seen if d == best]
    letter = board.DIRECTION_LETTERS
    if not seen:
        text = f"sees no figure: keeps facing {letter[facing]}"
    elif tie:
        names = " and ".join(f"{sights[k].figure} ({sights[k].side})" for k in nearest)
        text = f"{names} are equally near ({best}): a tie, so it keeps facing {letter[facing]}"
    else:
        k = nearest[0]
        s = sights[k]
        others = "the only figure seen" if len(seen) == 1 else "strictly nearest"
        if k == 0:
            text = f"{s.figure} ahead at {best} is {others}: keeps facing {letter[facing]}"
        else:
            text = (
                f"{s.figure} ({s.side}, {best}) is {others}: turns {s.side} to face "
                f"{letter[chosen]}"
            )
    decision = Line("choice", text, ("MON-CHOOSE",))
    result = Look(
        board.name(pos),
        letter[facing],
        (sights[0], sights[1], sights[2]),
        back if back.figure else None,
        letter[chosen],
        decision,
        saw_side,
        tie,
    )
    if event is not None:
        got = (event.square, event.ahead, event.left, event.right, event.facing)
        want = (result.square, *(s.seen for s in result.sights), result.chosen)
        if got != want:
            raise ExplainError(
                f"the explanation of the look {want} disagrees with the engine {got}"
            )
    return result


# --- the move --------------------------------------------------------------------------------


def _opt(options: RuleOptions, name: str) -> str:
    value = getattr(options, name)
    return f"{name}={str(value).lower() if isinstance(value, bool) else value}"


class _Narrator:
    """Turns the move events of one step into lines, knowing the position as it changes."""

    def __init__(self, step: TrailStep, lk: Look, tile: str, hits_before: int) -> None:
        self.step = step
        self.look = lk
        self.options = step.before.options
        self.board = Board(step.before)
        self.pool = step.before.pool
        self.tele = {t[0] for t in step.before.teleporters}
        self.pos = board.square(lk.square)
        self.facing = board.direction(lk.chosen)
        self.turns = 0
        self.moved = False
        self.sliding = False
        self.pushed: set[str] = set()
        self.in_chain = False
        self.first = False
        self.bent = False  # the slide turned or went through a wall
        self.need = deck.hits_of(tile)
        self.hits = hits_before
        self.then = "waiting" if step.before.stage == 1 else "removed"
        self.lines: list[Line] = []

    def add(self, label: str, text: str, rules: Sequence[str], option: str = "") -> None:
        self.lines.append(Line(label, text, tuple(rules), option))

    def run(self) -> list[Line]:
        events = list(self.step.events)
        start = next(k for k, e in enumerate(events) if isinstance(e, ev.MonsterLooked))
        body = events[start + 1 :]
        if body and isinstance(body[0], ev.MonsterTurned):
            body = body[1:]
        for k, e in enumerate(body):
            self.event(e, body[k + 1 :])
            self.board.apply(e)
        return self.lines

    def enter_move(self) -> None:
        """The line for the move itself, before what it does."""
        if self.moved:
            return
        self.moved = True
        target = board.NEIGHBOUR[self.pos][self.facing]
        if target == board.OFF:
            return  # the wall event says it
        d = board.DIRECTION_LETTERS[self.facing]
        text = f"{board.name(self.pos)} -> {board.name(target)}"
        rules = ["MON-STEP"]
        if self.pool[target]:
            text += f", a blood pool square: it slides on {d} without looking"
            rules.append("MON-SLIDE")
            self.sliding = True
        elif target in self.tele:
            text += ", a teleporter"
        self.add("move", text, rules)

    def event(self, e: ev.Event, rest: Sequence[ev.Event]) -> None:
        opts = self.options
        letter = board.DIRECTION_LETTERS
        if isinstance(e, ev.MonsterTurnedByStone):
            self.turn_by_stone(e)
            return
        if isinstance(e, ev.MonsterWrapped):
            if board.square(e.frm) != self.pos:
                self.enter_move()  # onto a pool, sliding to its far end at the wall
            self.moved = True
            text = (
                f"walks through wall {e.wall} from {e.frm} and comes back at the other "
                f"{e.wall}, on {e.to}, still facing {letter[self.facing]}"
            )
            rules = ["MON-WRAP", "BRD-WRAP"]
            if self.turns and not self.sliding:
                rules.append("ADV-TURN-WALL")  # a turn towards the wall (point 1)
            option = ""
            if self.sliding:
                self.bent = True
                text = "the pool reaches the wall: it " + text
                rules.append("MON-SLIDE-EDGE")
                option = _opt(opts, "monster_pool_edge")
            to = board.square(e.to)
            self.pos = to
            if self.pool[to]:
                text += "; a pool square: it slides on"
                rules.append("MON-SLIDE")
                if not self.sliding:
                    self.sliding = True
            self.add("wall", text, rules, option)
            return
        self.enter_move()
        self.chain_header(e, rest)
        pushed = _pushed_from(e)
        self.first = pushed >= 0 and self._first_of_line(pushed, rest)
        if self.first:
            self.in_chain = False
        if isinstance(e, ev.FigureEaten):
            self.eaten(e)
        elif isinstance(e, ev.StonePushed):
            self.stone_pushed(e, rest)
        elif isinstance(e, ev.FigurePushed):
            self.figure_pushed(e, rest)
        elif isinstance(e, ev.FigureSlid):
            self.add("slide", f"{e.figure} slides on across the pool to {e.to}", ["MON-PUSH-POOL"])
        elif isinstance(e, ev.StoneSlid):
            kind = KIND_TEXT[STONE_KINDS[self.board.cells[board.square(e.frm)]]]
            self.add("slide", f"the {kind} slides on across the pool to {e.to}", ["MON-PUSH-POOL"])
        elif isinstance(e, ev.StoneRemoved):
            self.stone_removed(e)
        elif isinstance(e, ev.MonsterSlid):
            to = board.square(e.to)
            if self.pool[to]:
                self.add(
                    "slide",
                    f"stops on the pool square {e.to}: the pool reaches the board edge",
                    ["MON-SLIDE-EDGE"],
                    _opt(opts, "monster_pool_edge"),
                )
            else:
                over = [] if self.bent else board.line(board.square(e.frm), to)[:-1]
                crossed = f"over {' '.join(board.name(q) for q in over)} " if over else ""
                self.add(
                    "slide",
                    f"slides {crossed}to {e.to}, the first square beyond the pool: all one step",
                    ["MON-SLIDE", "MON-STEP"],
                )
            self.sliding = False
        elif isinstance(e, ev.MonsterTeleported):
            self.add(
                "teleport",
                f"{e.frm} is a teleporter: at once on its partner {e.to}, facing its arrow "
                f"{e.facing}; the step ends",
                ["ADV-TELEPORT"],
            )
        elif isinstance(e, ev.MonsterStepped):
            self.stepped(e)

    def turn_by_stone(self, e: ev.MonsterTurnedByStone) -> None:
        opts = self.options
        sq = board.square(e.square)
        if sq != self.pos:
            self.enter_move()  # it moved onto a pool and slid to ``sq``
        frm = board.direction(e.frm)
        kind = KIND_TEXT[e.kind]
        beyond = board.NEIGHBOUR[sq][frm] == board.OFF
        where = f"beyond wall {board.WALL[sq][frm]} " if beyond else ""
        turn = TURN_WORD[(board.direction(e.to) - frm) & 3]
        text = f"the {kind} {where}on {e.stone} turns it {turn}, {e.frm} -> {e.to}"
        rules: list[str] = []
        option = ""
        if e.rule == "ADV-TURN-CHAIN":
            text += ": a further turning stone in the same step, instead of being pushed"
            rules.append("ADV-TURN-CHAIN")
            option = _opt(opts, "turn_stone_chain")
        elif e.rule == "ADV-TURN-POOL":
            text = f"sliding, on {e.square}: " + text + " (no look during a slide)"
            rules.append("ADV-TURN-POOL")
            option = _opt(opts, "turn_stone_on_pool")
        elif e.rule == "ADV-TURN-TIE":
            text += ": the look was a tie, and under this reading the stone acts"
            rules += ["ADV-TURN", "ADV-TURN-TIE"]
            option = _opt(opts, "turn_stone_tie")
        else:
            text += ", instead of being pushed: the look saw no figure to the left or right"
            rules.append("ADV-TURN")
        if beyond:
            rules.append("ADV-TURN-WALL")
            option = ", ".join(x for x in (option, _opt(opts, "turn_stone_beyond_wall")) if x)
        self.add("turn", text, rules, option)
        self.turns += 1
        self.bent = self.bent or self.sliding
        self.pos = sq
        self.facing = board.direction(e.to)
        if not self.sliding:
            self.moved = False  # the move one square in the new facing comes next

    def chain_header(self, e: ev.Event, rest: Sequence[ev.Event]) -> None:
        """Before the far end of a line of two or more pieces: which line is pushed."""
        sq = _pushed_from(e)
        if sq < 0 or self.in_chain:
            return
        pieces = [sq]
        back = (self.facing + 2) & 3
        for x in rest:
            if isinstance(x, (ev.StoneSlid, ev.FigureSlid)):
                continue
            if isinstance(x, ev.StoneRemoved) and x.reason == "corner":
                continue
            nxt = _pushed_from(x)
            if nxt < 0 or nxt != board.NEIGHBOUR[pieces[-1]][back]:
                break
            pieces.append(nxt)
        if len(pieces) > 1:
            line = " ".join(board.name(p) for p in reversed(pieces))
            d = board.DIRECTION_LETTERS[self.facing]
            self.add(
                "push",
                f"the line {line} is pushed one square {d}, the far end first",
                ["MON-PUSH"],
            )
            self.in_chain = True

    def _first_of_line(self, sq: int, rest: Sequence[ev.Event]) -> bool:
        """Whether the piece pushed from ``sq`` is the first of its line (the one on the square
        the monster moves onto): the next push, if any, does not come from the square behind."""
        behind = board.NEIGHBOUR[sq][(self.facing + 2) & 3]
        for x in rest:
            if isinstance(x, (ev.StoneSlid, ev.FigureSlid)):
                continue
            if isinstance(x, ev.StoneRemoved) and x.reason == "corner":
                continue
            return behind == board.OFF or _pushed_from(x) != behind
        return True

    def eaten(self, e: ev.FigureEaten) -> None:
        opts = self.options
        sq = board.square(e.square)
        rules: list[str] = []
        option = ""
        if e.rule == "MON-PUSH-OFF":
            wall = board.WALL[sq][self.facing]
            text = (
                f"{e.figure} on {e.square} is pushed off the board (wall {wall}): it counts "
                "as eaten"
            )
            rules.append("MON-PUSH-OFF")
        elif e.rule == "ADV-TELEPORT-PUSH":
            onto = board.name(board.NEIGHBOUR[sq][self.facing])
            text = (
                f"{e.figure} on {e.square} is pushed onto the teleporter {onto}: it leaves the "
                "game and counts as eaten"
            )
            rules.append("ADV-TELEPORT-PUSH")
        else:
            text = f"eats {e.figure} on {e.square}"
            rules.append("MON-EAT")
            if e.rule == "MON-WRAP-OCCUPIED":
                text += ", on the re-entry square"
                rules.append("MON-WRAP-OCCUPIED")
                option = _opt(opts, "wrap_entry_figure")
            elif e.rule == "MON-SLIDE-OCCUPIED":
                text += ", lying on the pool in its slide"
                rules.append("MON-SLIDE-OCCUPIED")
                option = _opt(opts, "monster_slide_figure")
            elif e.rule == "MON-SLIDE":
                text += ", on the square beyond the pool"
                rules.append("MON-SLIDE")
        if e.then == "waiting":
            text += f"; {e.figure} waits beside the entrance again (stage 1)"
        else:
            text += f"; {e.figure} is out of the game (stage 2)"
        rules.append("MON-EATEN")
        self.hits += 1
        if self.need:
            text += f"; hit {self.hits} of {self.need}"
            rules.append("MON-HITS")
        self.add("eat", text, rules, option)

    def stone_pushed(self, e: ev.StonePushed, rest: Sequence[ev.Event]) -> None:
        opts = self.options
        sq = board.square(e.frm)
        value = self.board.cells[sq]
        kind = STONE_KINDS.get(value, "stone")
        text = f"pushes the {KIND_TEXT[kind]} on {e.frm} to {e.to}"
        rules = ["MON-PUSH"]
        option = ""
        first = self.first
        if kind == "crystal":
            rules.append("ADV-CRYSTAL")
        if first and value in (TURN_RIGHT, TURN_ABOUT):
            why, name = self._why_no_turn(e.rule)
            text += f": it does not act, {why}"
            rules.append(e.rule)
            option = _opt(opts, name) if name else ""
        elif first and e.rule == "MON-WRAP-OCCUPIED":
            text += ", inward from the re-entry square"
            rules.append("MON-WRAP-OCCUPIED")
        to = board.square(e.to)
        removed = any(
            isinstance(x, ev.StoneRemoved) and x.square == e.to and x.reason == "corner"
            for x in rest[:3]
        )
        if to in board.CORNERS and not removed and opts.monster_corner_stone == "keep":
            text += f"; it stays on the corner {e.to}"
            rules.append("MON-CORNER-STONE")
            option = _opt(opts, "monster_corner_stone")
        self.add("push", text, rules, option)

    def _why_no_turn(self, rule: str) -> tuple[str, str]:
        """Why the engine says a turning stone the monster moves onto is pushed instead
        (``rule``, from the event): the reason, and the option it depends on ("" if none)."""
        if rule == "ADV-TURN-CHAIN":
            if self.turns >= MAX_TURNS:
                return "as four turns have been made in this step", ""
            return "as a further turning stone in the same step", "turn_stone_chain"
        if rule == "ADV-TURN-WALL":
            return "as it lies beyond the wall", "turn_stone_beyond_wall"
        if rule == "ADV-TURN-POOL":
            return "as the monster meets it sliding", "turn_stone_on_pool"
        if rule == "ADV-TURN-TIE":
            return "as the look was a tie of figures left and right", "turn_stone_tie"
        return "as the look saw a figure to the left or right", ""

    def figure_pushed(self, e: ev.FigurePushed, rest: Sequence[ev.Event]) -> None:
        opts = self.options
        text = f"pushes {e.figure} from {e.frm} to {e.to}"
        rules = ["MON-PUSH"]
        option = ""
        first = self.first
        if e.rule == "MON-PUSH":
            pass
        elif e.figure in self.pushed:
            text += ": pushed before in this step, it counts as a stone"
            rules.append(e.rule)
        elif e.rule == "MON-WRAP-OCCUPIED":
            text += ": a figure on the re-entry square is pushed inward, not eaten"
            rules.append("MON-WRAP-OCCUPIED")
            option = _opt(opts, "wrap_entry_figure")
        elif e.rule == "MON-SLIDE-OCCUPIED":
            text += ": a figure lying on the pool in the slide is pushed, not eaten"
            rules.append("MON-SLIDE-OCCUPIED")
            option = _opt(opts, "monster_slide_figure")
        if first:
            self.pushed.add(e.figure)
        self.add("push", text, rules, option)

    def stone_removed(self, e: ev.StoneRemoved) -> None:
        sq = board.square(e.square)
        if e.reason == "corner":
            self.add(
                "remove",
                f"the stone on the corner {e.square} is removed from the game",
                ["MON-CORNER-STONE"],
                _opt(self.options, "monster_corner_stone"),
            )
        elif e.reason == PUSHED_ONTO_TELEPORTER:
            onto = board.name(board.NEIGHBOUR[sq][self.facing])
            self.add(
                "remove",
                f"the stone on {e.square} is pushed onto the teleporter {onto}: it leaves the game",
                ["ADV-TELEPORT-PUSH"],
            )
        else:
            wall = board.WALL[sq][self.facing]
            self.add(
                "remove",
                f"the stone on {e.square} is pushed off the board (wall {wall}) and removed",
                ["MON-PUSH-OFF"],
            )

    def stepped(self, e: ev.MonsterStepped) -> None:
        if self.need and self.hits >= self.need:
            self.add(
                "stop",
                f"ends on {e.to} facing {e.facing}: {self.hits} of {self.need} hits made, so "
                "the walk stops after this step",
                ["MON-HITS"],
            )
        elif self.need and e.number == deck.HIT_CAP:
            self.add(
                "stop",
                f"ends on {e.to} facing {e.facing}: the 20th step, the most a hit tile allows",
                ["MON-HITS"],
            )
        elif any(x.label in ("turn", "wall") for x in self.lines):
            self.add("end", f"the step ends on {e.to}, facing {e.facing}", ["MON-STEP"])


def _pushed_from(e: ev.Event) -> int:
    """The square a pushed piece leaves, for the events of a push; -1 for other events."""
    if isinstance(e, (ev.StonePushed, ev.FigurePushed)):
        return board.square(e.frm)
    if isinstance(e, ev.FigureEaten) and e.how in (PUSHED_OFF, PUSHED_ONTO_TELEPORTER):
        return board.square(e.square)
    if isinstance(e, ev.StoneRemoved) and e.reason in (PUSHED_OFF, PUSHED_ONTO_TELEPORTER):
        return board.square(e.square)
    return -1


def _after_lines(events: Sequence[ev.Event]) -> list[Line]:
    out: list[Line] = []
    for e in events:
        if isinstance(e, ev.FigureEaten):
            out.append(
                Line(
                    "end",
                    f"{e.figure} is still inside on {e.square} after the 7th tile of stage 2: "
                    "removed",
                    ("STAGE-TWO-END",),
                )
            )
        elif isinstance(e, ev.StageChanged):
            out.append(
                Line(
                    "stage",
                    "that was the 7th tile of stage 1: stage 2 begins with all 8 tiles; eaten "
                    "figures are removed from now on",
                    ("STAGE-ONE",),
                )
            )
        elif isinstance(e, ev.GameEnded):
            winners = e.winners or "nobody"
            out.append(Line("game", f"the game ends ({e.rule}); winner(s): {winners}", (e.rule,)))
        elif isinstance(e, ev.RoundStarted):
            out.append(
                Line(
                    "round",
                    f"round {e.round} begins; {e.start_player} holds the start player tile",
                    ("RND-START-PASS",),
                )
            )
    return out


def explain(state: GameState, tile: str) -> Explanation:
    """Carry out ``tile`` in ``state`` and explain every step (raises the engine's RuleError
    if the tile cannot be revealed there)."""
    return explain_trail(trail(state, Reveal(tile)))


def explain_trail(tr: Trail) -> Explanation:
    """Explain a monster walk already cut into steps (see :func:`explain`)."""
    if not isinstance(tr.action, Reveal):
        raise ExplainError(
            f"{tr.action} is not a monster tile: only the monster's walk is explained"
        )
    state = tr.before
    tile = tr.action.tile
    looks = [e for e in tr.events if isinstance(e, ev.MonsterLooked)]
    need = deck.hits_of(tile)
    if need:
        head = Line(
            "tile",
            f"{tile}: the monster takes steps until {need} figure(s) are hit, at most "
            f"{deck.HIT_CAP}; each step is a look and a move, then a final look",
            ("MON-TILE", "MON-HITS", "MON-STEP"),
        )
    else:
        head = Line(
            "tile",
            f"{tile}: the monster takes exactly {tile} steps, each a look and a move, then a "
            "final look",
            ("MON-TILE", "MON-STEP"),
        )
    where = Line(
        "start",
        f"the monster is on {board.name(state.monster)} facing "
        f"{board.DIRECTION_LETTERS[state.facing]}; stage {state.stage}, round {state.round}",
    )
    legend = Line(
        "squares",
        "~ blood pool, <> crystal, :T1 teleporter of pair 1: sight passes over them and they "
        "count in the distance",
    )
    steps: list[StepExplanation] = []
    hits = 0
    for k, st in enumerate(tr.steps):
        lk = look(st.before, looks[k])
        lines = _Narrator(st, lk, tile, hits).run()
        hits += len(st.hits)
        steps.append(
            StepExplanation(st.number, lk, tuple(lines), st.start, st.end, st.facing, st.hits)
        )
    final_state = tr.steps[-1].after if tr.steps else state
    final = look(final_state, looks[len(tr.steps)])
    final = attrs.evolve(
        final,
        decision=attrs.evolve(
            final.decision,
            rules=("MON-CHOOSE", "MON-STEP"),
            text=final.decision.text + " (kept into the next round)",
        ),
    )
    result = _result_lines(tr, final)
    return Explanation(
        tr,
        tile,
        (head, where, legend),
        tuple(steps),
        final,
        (*result, *_after_lines(tr.final_events)),
    )


def _result_lines(tr: Trail, final: Look) -> list[Line]:
    out = [
        Line(
            "result",
            f"the monster walked {' '.join(tr.path)} and ends on {final.square} facing "
            f"{final.chosen}",
        )
    ]
    hit_steps = [(h, s.number) for s in tr.steps for h in s.hits]
    if hit_steps:
        one = len(hit_steps) == 1
        if tr.before.stage == 1:
            then = "waits beside the entrance again" if one else "wait beside the entrance again"
        else:
            then = "is out of the game" if one else "are out of the game"
        listed = ", ".join(f"{h} (step {n})" for h, n in hit_steps)
        out.append(Line("hits", f"{listed} {then}", ("MON-EATEN",)))
    else:
        out.append(Line("hits", "no figure is hit"))
    return out


# --- comparing readings ----------------------------------------------------------------------


@attrs.frozen
class Reading:
    """One reading of a comparison: its value, and the explanation or why there is none."""

    option: str
    value: str
    default: bool
    explanation: Explanation | None
    error: str = ""

    @property
    def label(self) -> str:
        return f"{self.option}={self.value}" + (" (default)" if self.default else "")


@attrs.frozen
class Comparison:
    """The same question under every value of one option."""

    option: str
    readings: tuple[Reading, ...]
    first_difference: int | None
    """The first step (1-based) where the walks differ; ``len + 1`` for the final look; None
    if they are the same."""
    differences: tuple[str, ...]
    """How the final positions differ, one line each."""

    def text(self, title: str = "") -> str:
        out: list[str] = []
        if title:
            out.append(title)
        values = " and ".join(r.label for r in self.readings)
        out.append(f"Comparing {values}.")
        for r in self.readings:
            out.append("")
            out.append(f"== {r.label} ==")
            if r.explanation is None:
                out.append(f"  not possible under this reading: {r.error}")
            else:
                out.append(r.explanation.text())
        out.append("")
        out.append("== where the readings part ==")
        out += self.summary()
        return "\n".join(out)

    def summary(self) -> list[str]:
        """Where the readings part: the first differing step of each, and the final positions."""
        ok = [r for r in self.readings if r.explanation is not None]
        if len(ok) < len(self.readings):
            bad = ", ".join(r.label for r in self.readings if r.explanation is None)
            return [f"  the position cannot be set up under {bad}, so there is nothing to compare"]
        if self.first_difference is None:
            return [f"  the readings agree step by step: {self.option} does not change this walk"]
        n = self.first_difference
        same = "  they differ from step 1" if n == 1 else "  step 1 is the same"
        out = [f"  steps 1-{n - 1} are the same" if n > 2 else same]
        for r in ok:
            assert r.explanation is not None
            x = r.explanation
            if n <= len(x.steps):
                s = x.steps[n - 1]
                out.append(f"  step {n} under {r.option}={r.value}:")
                out += ["  " + line.render() for line in (s.look.decision, *s.lines)]
                if not s.lines:
                    out.append(f"      (a plain move to {s.end})")
            else:
                out.append(
                    f"  under {r.option}={r.value} the walk has ended (final look on "
                    f"{x.final_look.square}, facing {x.final_look.chosen})"
                )
        out += [f"  {d}" for d in self.differences] or ["  the final positions are the same"]
        return out


def compare(
    ask: Callable[[Mapping[str, str]], tuple[GameState, str]],
    option: str,
    options: Mapping[str, str] | None = None,
) -> Comparison:
    """Explain under each value of ``option``. ``ask(options)`` builds the position and the
    tile under the given options (on top of ``options``) and raises FearsomeError if it cannot."""
    if option not in RuleOptions.names():
        raise ExplainError(
            f"--compare {option}: unknown option; the options are {', '.join(RuleOptions.names())}"
        )
    default = str(getattr(RuleOptions(), option)).lower()
    readings: list[Reading] = []
    for value in RuleOptions.choices(option):
        try:
            state, tile = ask({**(options or {}), option: value})
            x = explain(state, tile)
            readings.append(Reading(option, value, value == default, x))
        except ExplainError:
            raise
        except FearsomeError as e:
            readings.append(Reading(option, value, value == default, None, str(e)))
    done = [r.explanation for r in readings if r.explanation is not None]
    first = _first_difference(done) if len(done) == len(readings) else None
    diffs = _final_differences(readings) if len(done) == len(readings) else ()
    return Comparison(option, tuple(readings), first, tuple(diffs))


def _first_difference(xs: Sequence[Explanation]) -> int | None:
    longest = max(len(x.steps) for x in xs)
    for k in range(longest):
        sigs = {x.steps[k].signature() if k < len(x.steps) else None for x in xs}
        if len(sigs) > 1:
            return k + 1
    finals = {(x.final_look.chosen, x.final_look.square) for x in xs}
    if len(finals) > 1:
        return longest + 1
    return None


def _final_differences(readings: Sequence[Reading]) -> list[str]:
    out: list[str] = []
    afters = [(r, r.explanation.trail.after) for r in readings if r.explanation is not None]
    if len(afters) < 2:
        return out

    def each(fn: Callable[[GameState], str]) -> list[str]:
        return [fn(s) for _, s in afters]

    def line(what: str, values: list[str]) -> None:
        if len(set(values)) > 1:
            parts = "; ".join(
                f"{v} under {r.option}={r.value}" for (r, _), v in zip(afters, values, strict=True)
            )
            out.append(f"{what}: {parts}")

    line(
        "monster",
        each(lambda s: f"{board.name(s.monster)} facing {board.DIRECTION_LETTERS[s.facing]}"),
    )
    for k, f in enumerate(afters[0][1].figures):
        line(f.name, [s.figures[k].place() for _, s in afters])

    def stones(s: GameState) -> str:
        return (
            " ".join(
                board.name(sq) + ("" if s.cells[sq] == -1 else f"({STONE_KINDS[s.cells[sq]]})")
                for sq in sorted(s.stones, key=lambda q: (q % board.COLUMNS, q))
            )
            or "none"
        )

    line("stones", each(stones))
    line("stage", each(lambda s: str(s.stage)))
    line("game", each(lambda s: s.ended_by or "goes on"))
    return out
