"""What the lab is asked about, made a position: the board, the labels, the bookkeeping.

The lab builds an ordinary position (:func:`fearsome_rules.core.position.position`) so that the
engine's own checks and transitions answer: every figure without a label waits outside, every
figure but the one to move has moved, it is round 2 of stage 1 (past round 1's limit on
entering) or round 9 of stage 2, and nobody is out.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Final

import attrs

from fearsome_rules.core import board
from fearsome_rules.core.deck import full_deck
from fearsome_rules.core.errors import SetupError, quote
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.core.position import position
from fearsome_rules.core.state import FIGURE_NAMES, GameState, kinds_for
from fearsome_rules.formats.text_input import unprintable
from fearsome_rules.tools.lab.answers import relabelled

LAYOUTS: Final = ("empty", "printed")
MAX_LABELS: Final = 21
"""The most figures a lab position holds: 7 seats of 3."""
_LABEL: Final = re.compile(r"[^\s,:=@]{1,20}")


class LabError(SetupError):
    """A lab question that cannot be asked: a bad label, square, face or option, or a board no
    game can hold (the rule is named, as for :class:`fearsome_rules.SetupError`)."""


def _squares(value: object) -> tuple[str, ...]:
    """Squares given as a list (a single string is not taken for a list of its letters)."""
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise LabError("board", f"{quote(value)}: give lists of squares, e.g. stones=['c3']")
    return tuple(value)


def _layout(_board: object, _field: object, value: object) -> None:
    if value not in LAYOUTS:
        raise LabError("layout", f"{quote(value)}: one of {', '.join(LAYOUTS)}")


@attrs.frozen
class Board:
    """The floor of a lab question: empty unless ``layout="printed"`` (the basic game's 11
    stones and two pools, with what is given added). Squares by name; ``teleporters`` as
    ``"c2:1:N"`` (square, pair, arrow). Crystals, turning stones and teleporters make it a
    board of the advanced game, whose placement limits hold (PLACE-LAYOUT)."""

    stones: tuple[str, ...] = attrs.field(default=(), converter=_squares)
    crystals: tuple[str, ...] = attrs.field(default=(), converter=_squares)
    turn_right: tuple[str, ...] = attrs.field(default=(), converter=_squares)
    turn_about: tuple[str, ...] = attrs.field(default=(), converter=_squares)
    teleporters: tuple[str, ...] = attrs.field(default=(), converter=_squares)
    pools: tuple[str, ...] = attrs.field(default=(), converter=_squares)
    layout: str = attrs.field(default="empty", validator=_layout)

    def __attrs_post_init__(self) -> None:
        for field in attrs.fields(Board):
            items = getattr(self, field.name)
            for item in items if isinstance(items, tuple) else ():
                if not isinstance(item, str):
                    raise LabError(field.name, f"{quote(item)} is not a square name")

    @classmethod
    def printed(cls) -> Board:
        """The basic game's board as printed (BRD-LAYOUT)."""
        return cls(layout="printed")

    def all_stones(self) -> list[str]:
        printed = sorted(board.BASIC_STONES) if self.layout == "printed" else []
        return [*self.stones, *(board.name(s) for s in printed)]

    def all_pools(self) -> list[str]:
        printed = sorted(board.BASIC_POOLS) if self.layout == "printed" else []
        return [*self.pools, *(board.name(s) for s in printed)]

    @property
    def advanced(self) -> bool:
        return bool(self.crystals or self.turn_right or self.turn_about or self.teleporters)


def labelled(figures: Mapping[str, str] | None) -> dict[str, str]:
    """The figures asked about: label -> square (or ``waiting``)."""
    if figures is None:
        return {}
    if not isinstance(figures, Mapping):
        raise LabError("figures", f"{quote(figures)}: a mapping of labels to squares")
    for label in figures:
        if not isinstance(label, str) or not _LABEL.fullmatch(label):
            raise LabError(
                "figures", f"{quote(label)}: a label is 1 to 20 characters, no space , : = @"
            )
        bad = unprintable(label)
        if bad is not None:  # the answer could not be printed, or would rewrite a terminal
            raise LabError("figures", f"{quote(label)}: a label holds {bad}")
    if len(figures) > MAX_LABELS:
        raise LabError("figures", f"{len(figures)} figures; the lab holds at most {MAX_LABELS}")
    return dict(figures)


def reading(options: RuleOptions | Mapping[str, str | bool] | None) -> RuleOptions:
    """The reading of the rules asked for: a RuleOptions, or option name -> value."""
    if options is None or isinstance(options, RuleOptions):
        return options or RuleOptions()
    if not isinstance(options, Mapping):
        raise LabError("options", f"{quote(options)}: a RuleOptions or a mapping of options")
    opts = RuleOptions()
    for name, value in options.items():
        try:
            opts = opts.with_option(name, value)
        except SetupError as e:
            raise LabError(e.field, e.message) from None
    return opts


def assign(figures: Mapping[str, str], mover: tuple[str, int] | None) -> tuple[int, dict[str, str]]:
    """The players of the lab's position, and label -> engine figure name. The mover gets a
    figure whose two faces include its face value (5 and 2 exist only in games of 2 to 4)."""
    needs_five = mover is not None and mover[1] in (2, 5)
    if needs_five and len(figures) > 16:
        raise LabError("figures", "a figure of face 2 or 5 allows at most 16 figures (4 seats)")
    players = 4 if len(figures) <= 16 else 7
    free = list(FIGURE_NAMES[players])
    out: dict[str, str] = {}
    if mover is not None:
        label, face = mover
        kind = face if face in kinds_for(players) else 7 - face
        out[label] = next(n for n in free if int(n[1]) == kind)
        free.remove(out[label])
    for label in figures:
        if label not in out:
            out[label] = free.pop(0)
    return players, out


def lab_position(
    figures: Mapping[str, str],
    mover: tuple[str, int] | None,
    monster: str,
    facing: str,
    stage: int,
    floor: Board,
    options: RuleOptions,
) -> tuple[GameState, dict[str, str]]:
    """The position of a lab question and engine figure name -> label. ``mover``: the label
    to move and its face value (None: every figure has moved, the monster's phase)."""
    if not isinstance(floor, Board):
        raise LabError("board", f"{quote(floor)}: a lab.Board")
    if isinstance(stage, bool) or stage not in (1, 2):
        raise LabError("stage", f"{quote(stage)}: 1 or 2")
    players, names = assign(figures, mover)
    labels = {name: label for label, name in names.items()}
    deck = list(full_deck(options.three_hits))
    if stage == 1:
        deck.remove("7")  # round 2: past round 1's limit on entering (RND-FIRST)
    moving = names[mover[0]] if mover is not None else ""
    try:
        state = position(
            players,
            figures={names[label]: square for label, square in figures.items()},
            faces={} if mover is None else {moving: mover[1]},
            moved=[n for n in FIGURE_NAMES[players] if n != moving],
            monster=monster,
            facing=facing,
            stage=stage,
            deck_left=deck,
            setup="advanced" if floor.advanced else "basic",
            options=options,
            stones=floor.all_stones(),
            crystals=floor.crystals,
            turn_right=floor.turn_right,
            turn_about=floor.turn_about,
            teleporters=floor.teleporters,
            pools=floor.all_pools(),
        )
    except SetupError as e:
        field, message = relabelled(e.field, labels), relabelled(e.message, labels)
        raise LabError(field, message, e.rule) from None
    return state, labels
