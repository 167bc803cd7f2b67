"""The move of one monster step, explained line by line from the engine's events: pushes,
slides, eats, walls, turning stones and teleporters, each with the rule the engine names for
its decision (the events' ``rule`` field)."""

from __future__ import annotations

from collections.abc import Sequence

from fearsome_rules.core import board, deck
from fearsome_rules.core import events as ev
from fearsome_rules.core.walks import MAX_TURNS
from fearsome_rules.tools.explain.lines import KIND_TEXT, TURN_WORD, Line, option_text
from fearsome_rules.tools.explain.look import Look
from fearsome_rules.tools.trail import TrailStep

PUSHED_AWAY = (ev.How.PUSHED_OFF, ev.How.PUSHED_ONTO_TELEPORTER)
"""How a piece pushed off the board or onto a teleporter leaves the game."""


class StepNarrator:
    """Turns the move events of one step into lines."""

    def __init__(self, step: TrailStep, lk: Look, need: int, hits_before: int) -> None:
        self.step = step
        self.look = lk
        self.options = step.before.options
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
        self.need = need  # the hits that end the walk (MON-HITS); 0: a walk of its steps
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
                option = option_text(opts, "monster_pool_edge")
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
            kind = KIND_TEXT[e.stone]
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
                    option_text(opts, "monster_pool_edge"),
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
            option = option_text(opts, "turn_stone_chain")
        elif e.rule == "ADV-TURN-POOL":
            text = f"sliding, on {e.square}: " + text + " (no look during a slide)"
            rules.append("ADV-TURN-POOL")
            option = option_text(opts, "turn_stone_on_pool")
        elif e.rule == "ADV-TURN-TIE":
            text += ": the look was a tie, and under this reading the stone acts"
            rules += ["ADV-TURN", "ADV-TURN-TIE"]
            option = option_text(opts, "turn_stone_tie")
        else:
            text += ", instead of being pushed: the look saw no figure to the left or right"
            rules.append("ADV-TURN")
        if beyond:
            rules.append("ADV-TURN-WALL")
            beyond_option = option_text(opts, "turn_stone_beyond_wall")
            option = ", ".join(x for x in (option, beyond_option) if x)
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
            if isinstance(x, ev.StoneRemoved) and x.reason == ev.How.CORNER:
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
            if isinstance(x, ev.StoneRemoved) and x.reason == ev.How.CORNER:
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
                option = option_text(opts, "wrap_entry_figure")
            elif e.rule == "MON-SLIDE-OCCUPIED":
                text += ", lying on the pool in its slide"
                rules.append("MON-SLIDE-OCCUPIED")
                option = option_text(opts, "monster_slide_figure")
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
        kind = e.stone
        text = f"pushes the {KIND_TEXT[kind]} on {e.frm} to {e.to}"
        rules = ["MON-PUSH"]
        option = ""
        first = self.first
        if kind == "crystal":
            rules.append("ADV-CRYSTAL")
        if first and kind in ("turn_right", "turn_about"):
            why, name = self._why_no_turn(e.rule)
            text += f": it does not act, {why}"
            rules.append(e.rule)
            option = option_text(opts, name) if name else ""
        elif first and e.rule == "MON-WRAP-OCCUPIED":
            text += ", inward from the re-entry square"
            rules.append("MON-WRAP-OCCUPIED")
        to = board.square(e.to)
        removed = any(
            isinstance(x, ev.StoneRemoved) and x.square == e.to and x.reason == ev.How.CORNER
            for x in rest[:3]
        )
        if to in board.CORNERS and not removed and opts.monster_corner_stone == "keep":
            text += f"; it stays on the corner {e.to}"
            rules.append("MON-CORNER-STONE")
            option = option_text(opts, "monster_corner_stone")
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
            option = option_text(opts, "wrap_entry_figure")
        elif e.rule == "MON-SLIDE-OCCUPIED":
            text += ": a figure lying on the pool in the slide is pushed, not eaten"
            rules.append("MON-SLIDE-OCCUPIED")
            option = option_text(opts, "monster_slide_figure")
        if first:
            self.pushed.add(e.figure)
        self.add("push", text, rules, option)

    def stone_removed(self, e: ev.StoneRemoved) -> None:
        sq = board.square(e.square)
        if e.reason == ev.How.CORNER:
            self.add(
                "remove",
                f"the stone on the corner {e.square} is removed from the game",
                ["MON-CORNER-STONE"],
                option_text(self.options, "monster_corner_stone"),
            )
        elif e.reason == ev.How.PUSHED_ONTO_TELEPORTER:
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
    if isinstance(e, ev.FigureEaten) and e.how in PUSHED_AWAY:
        return board.square(e.square)
    if isinstance(e, ev.StoneRemoved) and e.reason in PUSHED_AWAY:
        return board.square(e.square)
    return -1
