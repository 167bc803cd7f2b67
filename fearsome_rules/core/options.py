"""Rule options: the published variants and the project's switches for disputed readings.

Every option names the spec rule ids it affects; the defaults are the spec's defaults
(spec/options.md).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Literal, get_args

import attrs

from fearsome_rules.core import _encoding
from fearsome_rules.core.errors import SetupError, SetupTypeError, quote

Reentry = Literal["optional", "mandatory"]
SlideOverFigure = Literal["pass", "stop"]
MonsterSlideFigure = Literal["push", "eat"]
MonsterPoolEdge = Literal["wrap", "stop"]
WrapEntryFigure = Literal["eat", "push"]
MonsterCornerStone = Literal["remove", "keep"]
NoEscapeResult = Literal["no_winner", "shared"]
ProtectedSquares = Literal["orthogonal", "with_diagonal"]
TeleporterDiagonal = Literal["allowed", "forbidden"]
TeleporterWalls = Literal["allowed", "forbidden"]
TurnStoneTie = Literal["push", "turn"]
TurnStoneChain = Literal["turn_again", "push"]
TurnStoneBeyondWall = Literal["turn_first", "push"]
TurnStoneOnPool = Literal["turn", "push"]


CHOICES: dict[str, tuple[str, ...]] = {
    "reentry": get_args(Reentry),
    "slide_over_figure": get_args(SlideOverFigure),
    "monster_slide_figure": get_args(MonsterSlideFigure),
    "monster_pool_edge": get_args(MonsterPoolEdge),
    "wrap_entry_figure": get_args(WrapEntryFigure),
    "monster_corner_stone": get_args(MonsterCornerStone),
    "no_escape_result": get_args(NoEscapeResult),
    "protected_squares": get_args(ProtectedSquares),
    "teleporter_diagonal": get_args(TeleporterDiagonal),
    "teleporter_walls": get_args(TeleporterWalls),
    "turn_stone_tie": get_args(TurnStoneTie),
    "turn_stone_chain": get_args(TurnStoneChain),
    "turn_stone_beyond_wall": get_args(TurnStoneBeyondWall),
    "turn_stone_on_pool": get_args(TurnStoneOnPool),
}


def _one_of(inst: object, attribute: attrs.Attribute[Any], value: object) -> None:
    values = CHOICES[attribute.name]
    if not isinstance(value, str):
        raise SetupTypeError(f"options.{attribute.name}", f"one of {', '.join(values)}", value)
    if value not in values:
        raise SetupError(
            f"options.{attribute.name}", f"{quote(value)} is not one of {', '.join(values)}"
        )


def _flag(inst: object, attribute: attrs.Attribute[Any], value: object) -> None:
    if not isinstance(value, bool):
        raise SetupTypeError(f"options.{attribute.name}", "True or False (bool)", value)


@attrs.frozen
class RuleOptions:
    """Which reading of the rules a game follows. The defaults are the spec's defaults."""

    three_hits: bool = attrs.field(default=False, validator=_flag)
    """VAR-THREE-HITS: the "5" monster tile becomes "3 hits" (meant for 6-7 players)."""
    finish_round: bool = attrs.field(default=False, validator=_flag)
    """VAR-FINISH-ROUND: BSW plays the round in which someone wins to its end."""
    reentry: Reentry = attrs.field(default="optional", validator=_one_of)
    """FIG-WAITING: may a waiting figure stay outside (designer FAQ 4) or must it enter?"""
    slide_over_figure: SlideOverFigure = attrs.field(default="pass", validator=_one_of)
    """POOL-FIGURE-ON-POOL: a figure's slide passes through a figure lying on the pool, or stops."""
    monster_slide_figure: MonsterSlideFigure = attrs.field(default="push", validator=_one_of)
    """MON-SLIDE-OCCUPIED: a figure on a pool square the sliding monster enters: push or eat."""
    monster_pool_edge: MonsterPoolEdge = attrs.field(default="wrap", validator=_one_of)
    """MON-SLIDE-EDGE: a monster sliding off a pool at the board edge wraps, or stops on blood."""
    wrap_entry_figure: WrapEntryFigure = attrs.field(default="eat", validator=_one_of)
    """MON-WRAP-OCCUPIED: a figure on the monster's re-entry square is eaten or pushed inward."""
    monster_corner_stone: MonsterCornerStone = attrs.field(default="remove", validator=_one_of)
    """MON-CORNER-STONE: a stone the monster pushes onto a corner is removed, or stays."""
    no_escape_result: NoEscapeResult = attrs.field(default="no_winner", validator=_one_of)
    """END-NOBODY: nobody got a figure out: nobody wins, or all share the result."""
    protected_squares: ProtectedSquares = attrs.field(default="orthogonal", validator=_one_of)
    """PLACE-CORNERS: no tile beside the corners orthogonally, or (French text) diagonally too."""
    teleporter_diagonal: TeleporterDiagonal = attrs.field(default="allowed", validator=_one_of)
    """PLACE-TELEPORTERS: may two teleporters touch diagonally?"""
    teleporter_walls: TeleporterWalls = attrs.field(default="allowed", validator=_one_of)
    """PLACE-TELEPORTER-WALLS: Yucata forbids teleporters beside walls of the same letter."""
    turn_stone_tie: TurnStoneTie = attrs.field(default="push", validator=_one_of)
    """ADV-TURN-TIE: a left/right tie while facing a turning stone pushes it, or turns."""
    turn_stone_chain: TurnStoneChain = attrs.field(default="turn_again", validator=_one_of)
    """ADV-TURN-CHAIN: a turn straight into another turning stone turns again, or pushes it."""
    turn_stone_beyond_wall: TurnStoneBeyondWall = attrs.field(
        default="turn_first", validator=_one_of
    )
    """ADV-TURN-WALL: a turning stone on the re-entry square turns the monster before the wall."""
    turn_stone_on_pool: TurnStoneOnPool = attrs.field(default="turn", validator=_one_of)
    """ADV-TURN-POOL: a turning stone in the monster's slide turns it, or is pushed."""

    @classmethod
    def names(cls) -> tuple[str, ...]:
        """The option names, in declaration order."""
        return tuple(a.name for a in attrs.fields(cls))

    @classmethod
    def choices(cls, option: str) -> tuple[str, ...]:
        """The values an option accepts, as text (``true``/``false`` for the flags)."""
        _field(option)
        return CHOICES.get(option, ("false", "true"))

    def with_option(self, option: str, value: str | bool) -> RuleOptions:
        """A copy with one option set from text (``name=value`` on a command line)."""
        _field(option)
        if not isinstance(value, str | bool):
            raise SetupTypeError(f"options.{option}", "text, or a bool for a flag", value)
        if option not in CHOICES:
            if isinstance(value, bool):
                parsed: object = value
            elif value.lower() in ("true", "yes", "on", "1"):
                parsed = True
            elif value.lower() in ("false", "no", "off", "0"):
                parsed = False
            else:
                raise SetupError(f"options.{option}", f"{quote(value)} is not true or false")
        else:
            parsed = value
        changes: dict[str, Any] = {option: parsed}
        return attrs.evolve(self, **changes)

    def changed(self) -> dict[str, object]:
        """The options that differ from the defaults."""
        default = RuleOptions()
        return {
            n: getattr(self, n) for n in self.names() if getattr(self, n) != getattr(default, n)
        }


def _field(option: str) -> attrs.Attribute[Any]:
    if not isinstance(option, str):
        raise SetupTypeError("options", "an option name (str)", option)
    for f in attrs.fields(RuleOptions):
        if f.name == option:
            return f
    raise SetupError(
        "options",
        f"unknown option {quote(option)}; the options are {', '.join(RuleOptions.names())}",
    )


@lru_cache(maxsize=64)
def kernel_flags(options: RuleOptions) -> int:
    """The kernel's bits (``_encoding.OPT_*``) for a reading of the rules."""
    bits = (
        (options.monster_corner_stone == "remove", _encoding.OPT_CORNER_REMOVE),
        (options.monster_slide_figure == "push", _encoding.OPT_SLIDE_PUSH),
        (options.monster_pool_edge == "wrap", _encoding.OPT_POOL_WRAP),
        (options.wrap_entry_figure == "push", _encoding.OPT_WRAP_PUSH),
        (options.turn_stone_tie == "turn", _encoding.OPT_TIE_TURNS),
        (options.turn_stone_chain == "turn_again", _encoding.OPT_CHAIN_TURNS),
        (options.turn_stone_beyond_wall == "turn_first", _encoding.OPT_BEYOND_WALL_TURNS),
        (options.turn_stone_on_pool == "turn", _encoding.OPT_POOL_TURNS),
        (options.slide_over_figure == "stop", _encoding.OPT_SLIDE_STOP),
        (options.reentry == "mandatory", _encoding.OPT_MANDATORY),
        (options.finish_round, _encoding.OPT_FINISH_ROUND),
        (options.three_hits, _encoding.OPT_THREE_HITS),
    )
    return sum(bit for on, bit in bits if on)
