"""What happened during an action, in order: for front-ends to animate and tests to assert on.

Squares are names (``a1``..``p11``); a figure that is not on a square is at ``waiting``,
``out`` or ``removed``. Directions are ``N``, ``E``, ``S``, ``W``.
"""

from __future__ import annotations

import attrs


@attrs.frozen
class Event:
    """Base class of every event."""

    def __str__(self) -> str:
        fields = " ".join(str(getattr(self, a.name)) for a in attrs.fields(type(self)))
        return f"{type(self).__name__} {fields}".strip()


@attrs.frozen
class FigureStepped(Event):
    """A figure spent one point to step from one square to the next (FIG-POINTS, FIG-ENTER)."""

    figure: str
    frm: str
    to: str


@attrs.frozen
class FigureSlid(Event):
    """A figure slid across a blood pool (POOL-SLIDE) or was pushed onto one (MON-PUSH-POOL)."""

    figure: str
    frm: str
    to: str


@attrs.frozen
class FigureExited(Event):
    """A figure left through the exit and is out (FIG-EXIT)."""

    figure: str


@attrs.frozen
class FigureFlipped(Event):
    """A figure was turned over after its move (FIG-FLIP); ``face`` is the new number."""

    figure: str
    face: int


@attrs.frozen
class StonePushed(Event):
    """A stone was pushed one square (PUSH-ONE, MON-PUSH); ``by`` is a figure or ``monster``."""

    frm: str
    to: str
    by: str


@attrs.frozen
class StoneSlid(Event):
    """A pushed stone slid across a blood pool (POOL-STONE-SLIDE)."""

    frm: str
    to: str


@attrs.frozen
class StoneRemoved(Event):
    """A stone left the game: pushed onto a corner or off the board."""

    square: str
    reason: str


@attrs.frozen
class FigurePushed(Event):
    """The monster pushed a figure one square as part of a line (MON-PUSH)."""

    figure: str
    frm: str
    to: str


@attrs.frozen
class FigureEaten(Event):
    """A figure was eaten: stepped on, or pushed off the board (MON-EAT, MON-PUSH-OFF).

    ``square`` is where it was last; ``then`` is ``waiting`` (stage 1) or ``removed``.
    """

    figure: str
    square: str
    how: str
    then: str


@attrs.frozen
class MonsterLooked(Event):
    """The monster looked (MON-SIGHT-DIRS): the nearest figure seen each way, and the result.

    ``ahead``, ``left`` and ``right`` are ``"<figure>@<distance>"`` or ``""`` when nothing
    is seen; ``facing`` is the facing after the look.
    """

    square: str
    ahead: str
    left: str
    right: str
    facing: str


@attrs.frozen
class MonsterTurned(Event):
    """The monster turned towards the strictly nearest figure (MON-CHOOSE)."""

    square: str
    frm: str
    to: str


@attrs.frozen
class MonsterStepped(Event):
    """The monster used one step (MON-STEP); ``to`` is where the step ended."""

    number: int
    frm: str
    to: str
    facing: str


@attrs.frozen
class MonsterWrapped(Event):
    """The monster went through a wall (MON-WRAP) and re-entered at the same letter."""

    frm: str
    to: str
    wall: str


@attrs.frozen
class MonsterTurnedByStone(Event):
    """A turning stone ahead turned the monster instead of being pushed (ADV-TURN)."""

    square: str
    stone: str
    kind: str
    frm: str
    to: str


@attrs.frozen
class MonsterTeleported(Event):
    """The monster stepped onto a teleporter and is on its partner, facing its arrow."""

    frm: str
    to: str
    facing: str


@attrs.frozen
class MonsterSlid(Event):
    """The monster slid across a blood pool within its step (MON-SLIDE)."""

    frm: str
    to: str


@attrs.frozen
class TilePlaced(Event):
    """A floor tile was placed before round 1 (PLACE-ORDER); ``arrow`` for a teleporter."""

    tile: str
    squares: tuple[str, ...]
    arrow: str


@attrs.frozen
class TileRevealed(Event):
    """A monster tile was revealed (DECK-REVEAL)."""

    tile: str


@attrs.frozen
class StageChanged(Event):
    """Stage 2 began and the tiles were reshuffled (STAGE-ONE)."""

    stage: int


@attrs.frozen
class RoundStarted(Event):
    """A new round began; ``start_player`` holds the start player tile (RND-START-PASS)."""

    round: int
    start_player: str


@attrs.frozen
class GameEnded(Event):
    """The game is over; ``rule`` names the ending rule, ``winners`` the seat letters."""

    rule: str
    winners: str
