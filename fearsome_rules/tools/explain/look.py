"""A look and its choice, explained: what the monster sees ahead, to its left and right (with
distances, and what ends each line of sight) and why it turns or keeps its facing, worded from
what the kernel saw when it walked (its ``MonsterLooked`` event: where each line ended, and its
choice), never by looking again."""

from __future__ import annotations

import attrs

from fearsome_rules.core import board
from fearsome_rules.core import events as ev
from fearsome_rules.core.board import CRYSTAL, STONE_KINDS
from fearsome_rules.core.state import GameState
from fearsome_rules.tools.explain.lines import KIND_TEXT, ExplainError, Line

SIDE_NAMES = ("ahead", "left", "right")


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


def mark(state: GameState, sq: int) -> str:
    text = board.name(sq)
    if sq in state.pools:
        text += "~"
    if state.cells[sq] == CRYSTAL:
        text += "<>"
    for t_sq, pair, _ in state.teleporters:
        if t_sq == sq:
            text += f":T{pair}"
    return text


STONES = frozenset(STONE_KINDS.values())


def sight(state: GameState, pos: int, d: int, side: str, end: ev.LineEnd) -> Sight:
    """What the monster on ``pos`` saw towards ``d`` in ``state``, where the kernel's line of
    sight ended (``end``, from the look's event), with the squares it passed marked
    (MON-SIGHT-BLOCK, MON-DISTANCE, ADV-CRYSTAL, ADV-TELEPORT-SIGHT)."""
    dist = end.distance
    stone = end.piece in STONES
    ray = board.RAY[pos][d]
    passed = ray[: dist - 1] if stone else ray[:dist]  # a figure's square is seen, a stone's not
    tele = {t[0] for t in state.teleporters}
    rules: list[str] = []
    if any(state.cells[sq] == CRYSTAL for sq in passed):
        rules.append("ADV-CRYSTAL")
    if any(sq in tele for sq in passed):
        rules.append("ADV-TELEPORT-SIGHT")
    squares = tuple(mark(state, sq) for sq in passed)
    letter = board.DIRECTION_LETTERS[d]
    if end.piece and not stone:
        return Sight(
            side, letter, squares, end.piece, dist, "figure", end.square, ("MON-DISTANCE", *rules)
        )
    if stone:
        return Sight(
            side, letter, squares, "", 0, end.piece, end.square, ("MON-SIGHT-BLOCK", *rules)
        )
    last = ray[-1] if ray else pos
    return Sight(
        side, letter, squares, "", 0, "wall", board.WALL[last][d], ("MON-SIGHT-BLOCK", *rules)
    )


def look(state: GameState, event: ev.MonsterLooked) -> Look:
    """The look of the monster in ``state`` and its choice (MON-SIGHT-DIRS, MON-CHOOSE), as
    the engine's ``event`` for this look (from ``apply_steps``) says it."""
    if len(event.lines) != 4:
        raise ExplainError(
            f"{event}: the event holds no lines of sight (only apply_steps' events do)"
        )
    pos, facing = state.monster, state.facing
    dirs = (facing, (facing + 3) & 3, (facing + 1) & 3, (facing + 2) & 3)
    sights = tuple(
        sight(state, pos, d, side, end)
        for d, side, end in zip(dirs, (*SIDE_NAMES, "behind"), event.lines, strict=True)
    )
    back = sights[3]
    chosen, tie, saw_side = board.direction(event.facing), event.tie, event.side
    seen = [(s.distance, k) for k, s in enumerate(sights[:3]) if s.figure]
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
    return result
