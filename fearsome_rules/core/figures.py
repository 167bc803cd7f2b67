"""A figure's move as the kernel reads it, and why one is refused, in words.

The rules of figure movement (FIG-*, PUSH-*, POOL-*) are carried out by the kernel
(:func:`~fearsome_rules.core._kernel.run_path`, :func:`~fearsome_rules.core._kernel.figure_step`);
this module turns a :class:`~fearsome_rules.core.actions.FigureMove`'s path into the kernel's
bytes and the kernel's packed refusal into an :class:`IllegalMoveError` naming the rule.
"""

from __future__ import annotations

from typing import Final

from fearsome_rules.core import _encoding, board
from fearsome_rules.core.actions import OUT, FigureMove
from fearsome_rules.core.errors import IllegalMoveError

ENTRY_NAMES: Final[tuple[str, ...]] = tuple(
    board.NAMES[k] if k < board.CELLS else (OUT if k == board.OUT else "") for k in range(256)
)
"""A path entry's name by its code: square names, and ``out`` for ``board.OUT``."""

_CODES: Final = {name: k for k, name in enumerate(ENTRY_NAMES) if name}


_PATHS: dict[tuple[str, ...], bytes] = {}
"""Paths met before, as the kernel reads them (the same paths come again and again)."""


def path_bytes(move: FigureMove) -> bytes:
    """The path of a move as the kernel reads it: one byte per entry (``board.OUT`` for ``out``)."""
    path = move.path
    known = _PATHS.get(path)
    if known is None:
        if len(_PATHS) > 100_000:
            _PATHS.clear()  # a bound on the memory kept, far above what a game meets
        known = _PATHS[path] = bytes(map(_CODES.__getitem__, path))
    return known


def refusal(move: FigureMove, packed: int, points: int) -> IllegalMoveError:
    """The error for a move the kernel refused (``packed`` as
    :func:`~fearsome_rules.core._kernel.run_path` returns it), naming the rule."""
    why, code = packed & 255, (packed >> 8) & 255
    pos, target = (packed >> 16) & 255, (packed >> 24) & 255
    rule = _encoding.RULES[code]
    return IllegalMoveError(rule, f"{_shown(move)}: {_reason(why, rule, pos, target, points)}")


def _shown(move: FigureMove) -> str:
    """The move as a message shows it: whole, or its first entries and how many there are (a
    path longer than any face is refused, but the message should not repeat all of it)."""
    if len(move.path) <= 8:
        return str(move)
    return f"{move.figure} {' '.join(move.path[:7])} ... ({len(move.path)} entries)"


def _reason(why: int, rule: str, pos: int, target: int, points: int) -> str:
    if why == _encoding.WHY_POINTS_SPENT:
        return f"the figure has only {points} movement points"
    if why == _encoding.WHY_OUT_WAITING:
        return "a waiting figure enters on p11 first"
    if why == _encoding.WHY_OUT_NOT_EXIT:
        return "a figure can only leave the board from the exit a1"
    if why == _encoding.WHY_OUT_NOT_LAST:
        return "nothing can follow leaving through the exit"
    if why == _encoding.WHY_ENTER_NOT_P11:
        return f"a waiting figure enters on p11, not {board.name(target)}"
    if why == _encoding.WHY_THROUGH_WALL:
        return "only the monster walks through walls"
    if why == _encoding.WHY_NOT_ADJACENT:
        return f"{board.name(target)} is not orthogonally next to {board.name(pos)}"
    if why == _encoding.WHY_ENDS_ON_FIGURE:
        if rule == "POOL-LAST-POINT":
            return (
                f"the slide ends on {board.name(pos)}, where another figure stands, with no "
                "point left"
            )
        return f"the move ends on {board.name(pos)}, where another figure stands"
    if rule == "FIG-WAITING":
        return "under reentry=mandatory a waiting figure that can enter must"
    t = board.name(target)
    return {
        "FIG-MONSTER": f"a figure can never enter the monster's square {t}",
        "FIG-ENTER": "a stone lies on the entrance corner p11",
        "FIG-EDGE": "a figure cannot leave the board except through the exit",
        "ADV-TELEPORT-FIGURES": f"a figure can neither enter the teleporter {t} nor push onto one",
        "PUSH-EDGE": f"the stone on {t} would be pushed off the board",
        "PUSH-ONE": f"the stone on {t} can only be pushed onto an empty square",
    }.get(rule, f"the step onto {t} is not allowed")
