"""A look and its choice, explained: what the monster sees ahead, to its left and right (with
distances, and what ends each line of sight) and why it turns or keeps its facing, from the
engine's own sight and choice (:class:`fearsome_rules.core.view.Board`'s ``sight``,
:func:`fearsome_rules.core.view.choose`), checked against its ``MonsterLooked`` event."""

from __future__ import annotations

import attrs

from fearsome_rules.core import board
from fearsome_rules.core import events as ev
from fearsome_rules.core.state import CRYSTAL, STONE_KINDS, GameState
from fearsome_rules.core.view import Board, choose
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


def sight(state: GameState, pos: int, d: int, side: str) -> Sight:
    """What the monster on ``pos`` sees towards ``d`` in ``state``: the engine's
    :meth:`~fearsome_rules.core.view.Board.sight`, with the squares it passes marked
    (MON-SIGHT-BLOCK, MON-DISTANCE, ADV-CRYSTAL, ADV-TELEPORT-SIGHT)."""
    end, dist, v = Board.of(state).sight(pos, d)
    ray = board.RAY[pos][d]
    passed = ray[: dist - 1] if v < 0 else ray[:dist]  # a figure's square is seen, a stone's not
    tele = {t[0] for t in state.teleporters}
    rules: list[str] = []
    if any(state.cells[sq] == CRYSTAL for sq in passed):
        rules.append("ADV-CRYSTAL")
    if any(sq in tele for sq in passed):
        rules.append("ADV-TELEPORT-SIGHT")
    squares = tuple(mark(state, sq) for sq in passed)
    letter = board.DIRECTION_LETTERS[d]
    if v > 0:
        name = state.figures[v - 1].name
        return Sight(
            side, letter, squares, name, dist, "figure", board.name(end), ("MON-DISTANCE", *rules)
        )
    if v < 0:
        return Sight(
            side,
            letter,
            squares,
            "",
            0,
            STONE_KINDS[v],
            board.name(end),
            ("MON-SIGHT-BLOCK", *rules),
        )
    last = ray[-1] if ray else pos
    return Sight(
        side, letter, squares, "", 0, "wall", board.WALL[last][d], ("MON-SIGHT-BLOCK", *rules)
    )


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
