"""What happened during an action, in order: for front-ends to animate and tests to assert on.

Squares are names (``a1``..``p11``); a figure that is not on a square is at ``waiting``,
``out`` or ``removed``. Directions are ``N``, ``E``, ``S``, ``W``.

An event's text (``str(event)``, what the conformance suite compares) says what happened. Where
the walk had to decide between two rules (eat or push a figure, turn at a turning stone or push
it), the event also names the rule id that decided, in its ``rule`` field, so that an
explanation can cite it without working it out again; ``rule`` is left out of the text. What
the kernel saw or moved that the text does not say (the kind of a pushed stone, where each line
of a look ended) rides along in fields left out of the text, the JSON and comparisons
(:data:`SEEN`), so that nothing above the core works it out again.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, Final, NamedTuple, TypeAlias

import attrs

if TYPE_CHECKING:
    from fearsome_rules.core.state import GameState


SquareName: TypeAlias = str
"""A square's notation, its name ``a1`` .. ``p11``: events are text (``str(event)``, the JSON
and the conformance suite fix it). The square itself is :data:`fearsome_rules.Square`, an
``int``; ``board.square(name)`` and ``board.name(square)`` convert."""
Place: TypeAlias = str
"""Where a figure is: a :data:`SquareName`, or ``waiting``, ``out``, ``removed``."""
FigureName: TypeAlias = str
"""A figure by its name: its seat's letter and its kind (``A5``)."""
SeatLetters: TypeAlias = str
"""Seats in their notation, their letters (``A`` .. ``G``), one letter each; the seat itself is
:data:`fearsome_rules.Seat`, an ``int`` (``SEAT_LETTERS`` converts)."""
Direction: TypeAlias = str
"""A direction by its letter: ``N``, ``E``, ``S``, ``W``."""


class How(enum.StrEnum):
    """How a figure was hit or a stone left the game (``FigureEaten.how``,
    ``StoneRemoved.reason``): members compare as members, and their text is what the events
    always said (``str(How.EATEN) == "eaten"``), so the text and the JSON are unchanged."""

    EATEN = "eaten"
    """Stepped on by the monster (MON-EAT)."""
    PUSHED_OFF = "pushed off the board"
    """Pushed off the board (MON-PUSH-OFF)."""
    PUSHED_ONTO_TELEPORTER = "pushed onto a teleporter"
    """Pushed onto a teleporter (ADV-TELEPORT-PUSH)."""
    INSIDE_AT_END = "inside at the end"
    """Still inside after the last tile (STAGE-TWO-END)."""
    CORNER = "corner"
    """A stone pushed onto a corner (PUSH-CORNER, MON-CORNER-STONE)."""


EATEN: Final = How.EATEN
PUSHED_OFF: Final = How.PUSHED_OFF
PUSHED_ONTO_TELEPORTER: Final = How.PUSHED_ONTO_TELEPORTER
INSIDE_AT_END: Final = How.INSIDE_AT_END
CORNER: Final = How.CORNER

_WHY = {"text": False}
"""Field metadata: the field says why, not what, and is left out of the event's text."""
SEEN: Final = {"text": False, "json": False}
"""Field metadata: what the kernel saw or moved, for explanations: left out of the event's text
and JSON (the formats stay as they are) and of its comparisons (an event read back from JSON
equals the one written)."""


def _seen(default: object) -> Any:
    return attrs.field(default=default, metadata=SEEN, eq=False)


@attrs.frozen
class Event:
    """Base class of every event."""

    def __str__(self) -> str:
        fields = " ".join(
            str(getattr(self, a.name))
            for a in attrs.fields(type(self))
            if a.metadata.get("text", True)
        )
        return f"{type(self).__name__} {fields}".strip()


@attrs.frozen
class FigureStepped(Event):
    """A figure spent one point to step from one square to the next (FIG-POINTS, FIG-ENTER)."""

    figure: FigureName
    frm: Place
    to: Place


@attrs.frozen
class FigureSlid(Event):
    """A figure slid across a blood pool (POOL-SLIDE) or was pushed onto one (MON-PUSH-POOL)."""

    figure: FigureName
    frm: SquareName
    to: SquareName


@attrs.frozen
class FigureExited(Event):
    """A figure left through the exit and is out (FIG-EXIT)."""

    figure: FigureName


@attrs.frozen
class FigureFlipped(Event):
    """A figure was turned over after its move (FIG-FLIP); ``face`` is the new number."""

    figure: FigureName
    face: int


@attrs.frozen
class StonePushed(Event):
    """A stone was pushed one square (PUSH-ONE, MON-PUSH); ``by`` is a figure or ``monster``.

    ``rule``, for the stone on the square the monster moves onto: why it was pushed rather
    than anything else, MON-PUSH for a plain stone, MON-WRAP-OCCUPIED on the re-entry square,
    and for a turning stone that did not turn the monster the rule that kept it from acting
    (ADV-TURN, ADV-TURN-TIE, ADV-TURN-CHAIN, ADV-TURN-WALL or ADV-TURN-POOL); MON-PUSH for the
    rest of a line; PUSH-ONE for a figure's push."""

    frm: SquareName
    to: SquareName
    by: str
    rule: str = attrs.field(default="", metadata=_WHY)
    stone: str = _seen("")
    """The stone's kind (``stone``, ``crystal``, ``turn_right``, ``turn_about``)."""


@attrs.frozen
class StoneSlid(Event):
    """A pushed stone slid across a blood pool (POOL-STONE-SLIDE)."""

    frm: SquareName
    to: SquareName
    stone: str = _seen("")
    """The stone's kind."""


@attrs.frozen
class StoneRemoved(Event):
    """A stone left the game: pushed onto a corner or off the board."""

    square: SquareName
    reason: How = attrs.field(converter=How)
    stone: str = _seen("")
    """The stone's kind."""


@attrs.frozen
class FigurePushed(Event):
    """The monster pushed a figure one square as part of a line (MON-PUSH).

    ``rule``: MON-PUSH for a figure in a line behind the piece the monster moves onto; for the
    figure on that square, the reading that pushes it rather than eating it
    (MON-WRAP-OCCUPIED on the re-entry square, MON-SLIDE-OCCUPIED on the pool in a slide)."""

    figure: FigureName
    frm: SquareName
    to: SquareName
    rule: str = attrs.field(default="", metadata=_WHY)


@attrs.frozen
class FigureEaten(Event):
    """A figure was eaten: stepped on, or pushed off the board (MON-EAT, MON-PUSH-OFF).

    ``square`` is where it was last; ``then`` is ``waiting`` (stage 1) or ``removed``.
    ``rule``: MON-EAT; MON-WRAP-OCCUPIED (on the re-entry square), MON-SLIDE-OCCUPIED (lying
    on the pool in the monster's slide) or MON-SLIDE (on the square beyond the pool) where the
    monster stepped on it in those places; MON-PUSH-OFF, ADV-TELEPORT-PUSH; STAGE-TWO-END for a
    figure still inside after the last tile.
    """

    figure: FigureName
    square: SquareName
    how: How = attrs.field(converter=How)
    then: Place
    rule: str = attrs.field(default="", metadata=_WHY)


@attrs.frozen
class MonsterLooked(Event):
    """The monster looked (MON-SIGHT-DIRS): the nearest figure seen each way, and the result.

    ``ahead``, ``left`` and ``right`` are ``"<figure>@<distance>"`` or ``""`` when nothing
    is seen; ``facing`` is the facing after the look. ``lines``: where the kernel's lines of
    sight ended, ahead, left, right and behind (where the monster never looks), kept only by
    :func:`~fearsome_rules.core.walks.apply_steps` (empty from ``apply_traced``); ``tie`` and
    ``side``: its choice saw equally near figures, a figure to a side (MON-CHOOSE).
    """

    square: SquareName
    ahead: str
    left: str
    right: str
    facing: Direction
    lines: tuple[LineEnd, ...] = _seen(())
    tie: bool = _seen(False)
    side: bool = _seen(False)


class LineEnd(NamedTuple):
    """Where one line of the monster's sight ended (MON-SIGHT-BLOCK, MON-DISTANCE); a named
    tuple, since a walk traced with its steps makes four at every look."""

    square: str
    """The square of the first figure or stone in line, ``""`` at the wall."""
    distance: int
    """How many squares away it is (at the wall: the squares up to it)."""
    piece: str
    """The figure's name or the stone's kind on ``square``; ``""`` at the wall."""


@attrs.frozen
class MonsterTurned(Event):
    """The monster turned towards the strictly nearest figure (MON-CHOOSE)."""

    square: SquareName
    frm: Direction
    to: Direction


@attrs.frozen
class MonsterStepped(Event):
    """The monster used one step (MON-STEP); ``to`` is where the step ended."""

    number: int
    frm: SquareName
    to: SquareName
    facing: Direction


@attrs.frozen
class MonsterWrapped(Event):
    """The monster went through a wall (MON-WRAP) and re-entered at the same letter."""

    frm: SquareName
    to: SquareName
    wall: str


@attrs.frozen
class MonsterTurnedByStone(Event):
    """A turning stone ahead turned the monster instead of being pushed (ADV-TURN).

    ``rule``: why it acted: ADV-TURN (the look saw no figure to the left or right),
    ADV-TURN-TIE (the look was a tie, and the reading lets the stone act), ADV-TURN-CHAIN (a
    further stone in the same step), ADV-TURN-POOL (met sliding on a pool)."""

    square: SquareName
    stone: SquareName
    kind: str
    frm: Direction
    to: Direction
    rule: str = attrs.field(default="", metadata=_WHY)


@attrs.frozen
class MonsterTeleported(Event):
    """The monster stepped onto a teleporter and is on its partner, facing its arrow."""

    frm: SquareName
    to: SquareName
    facing: Direction


@attrs.frozen
class MonsterSlid(Event):
    """The monster slid across a blood pool within its step (MON-SLIDE)."""

    frm: SquareName
    to: SquareName


@attrs.frozen
class TilePlaced(Event):
    """A floor tile was placed before round 1 (PLACE-ORDER); ``arrow`` for a teleporter."""

    tile: str
    squares: tuple[SquareName, ...]
    arrow: Direction


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
    start_player: SeatLetters


@attrs.frozen
class GameEnded(Event):
    """The game is over; ``rule`` names the ending rule, ``winners`` the seat letters."""

    rule: str
    winners: SeatLetters


def fold(state: GameState, events: Iterable[Event]) -> GameState:
    """Carry the events of one action out on ``state``: the state the action led to.

    A front-end can animate an action by folding its events one by one; the tests check that
    folding the events of every action gives exactly the state :func:`apply` returns, so the
    events tell the whole story. The result is validated by :func:`fearsome_rules.core.position`.
    What a tile's end does (its place in the deck, STAGE-ONE, STAGE-TWO-END, the ending, the
    next round) is the kernel's to say: at the first event of it, once the tile's walk is
    folded, the fold asks the kernel (``tile_end``) for all of it rather than working it out
    from the events again.

    >>> import fearsome_rules as fr
    >>> from fearsome_rules.core.events import fold
    >>> game = fr.new_game(3)
    >>> after, events = fr.apply_traced(game, fr.FigureMove("A5", ("p11", "p10")))
    >>> [str(e) for e in events]
    ['FigureStepped A5 waiting p11', 'FigureStepped A5 p11 p10', 'FigureFlipped A5 2']
    >>> fold(game, events) == after
    True
    """
    from fearsome_rules.core import _kernel, board
    from fearsome_rules.core.deck import TILES
    from fearsome_rules.core.errors import ArgumentError
    from fearsome_rules.core.position import position
    from fearsome_rules.core.state import SEAT_LETTERS, GameState, Phase

    stones = {board.name(sq): board.STONE_KINDS[state.cells[sq]] for sq in state.stones}
    where = {f.name: f.place() for f in state.figures}
    faces = {f.name: f.face for f in state.figures}
    moved = {f.name for f in state.figures if f.moved}
    owner = {f.name: SEAT_LETTERS[f.owner] for f in state.figures}
    pools = {board.name(sq) for sq in state.pools}
    arrows = board.DIRECTION_LETTERS
    teleporters = [f"{board.name(sq)}:{p}:{arrows[d]}" for sq, p, d in state.teleporters]
    monster, facing = board.name(state.monster), arrows[state.facing]
    deck, stage, round_, start = list(state.deck), state.stage, state.round, state.start_player
    escapes = [SEAT_LETTERS[s] for s in state.escapes]
    to_place, ended = list(state.to_place), state.ended_by or None
    monster_phase = state.phase is Phase.MONSTER
    tile: str | None = None  # the tile revealed, whose end the kernel carries out
    tile_ends = False
    for e in events:
        if monster_phase and _ends_tile(e):
            tile_ends = True
            continue
        if isinstance(e, (FigureStepped, FigureSlid, FigurePushed)):
            where[e.figure] = e.to
        elif isinstance(e, FigureExited):
            where[e.figure] = "out"
            escapes.append(owner[e.figure])
        elif isinstance(e, FigureFlipped):
            faces[e.figure] = e.face
            moved.add(e.figure)
        elif isinstance(e, FigureEaten):
            where[e.figure] = e.then
        elif isinstance(e, (StonePushed, StoneSlid)):
            stones[e.to] = stones.pop(e.frm)
        elif isinstance(e, StoneRemoved):
            del stones[e.square]
        elif isinstance(e, (MonsterStepped, MonsterTeleported)):
            monster, facing = e.to, e.facing
        elif isinstance(e, (MonsterWrapped, MonsterSlid)):
            monster = e.to
        elif isinstance(e, (MonsterTurned, MonsterTurnedByStone)):
            facing = e.to
        elif isinstance(e, MonsterLooked):
            facing = e.facing
        elif isinstance(e, TilePlaced):
            to_place.remove(e.tile)
            if e.tile.startswith("pool"):
                pools.update(e.squares)
            elif e.tile.startswith("teleporter"):
                teleporters.append(f"{e.squares[0]}:{e.tile[-1]}:{e.arrow}")
            else:
                stones[e.squares[0]] = e.tile  # the stone tiles are named by their kind
        elif isinstance(e, TileRevealed):
            tile = e.tile
        elif isinstance(e, RoundStarted):  # round 1, once the tiles are placed (PLACE-ORDER)
            round_, start = e.round, SEAT_LETTERS.index(e.start_player)
        elif isinstance(e, GameEnded):  # a figure's move ended the game (END-WIN, END-ALL-GONE)
            ended = e.rule
    by_kind: dict[str, list[str]] = {k: [] for k in board.STONE_KINDS.values()}
    for sq, kind in stones.items():
        by_kind[kind].append(sq)
    # position() takes no mark of this round on a figure the walk removed (stage 2) before the
    # game is over; the kernel's tile end keeps such marks only in a game that ends there.
    lost = {n for n in moved if where[n] == "removed"} if tile_ends else set()
    walked = position(
        state.players,
        figures=where,
        faces=faces,
        moved=moved - lost,
        stones=by_kind["stone"],
        crystals=by_kind["crystal"],
        turn_right=by_kind["turn_right"],
        turn_about=by_kind["turn_about"],
        pools=pools,
        teleporters=teleporters,
        monster=monster,
        facing=facing,
        start_player=start,
        round=round_,
        stage=stage,
        deck_left=deck,
        escapes=escapes,
        ended_by=ended,
        setup=state.setup,
        to_place=to_place,
        options=state.options,
    )
    if not tile_ends:
        return walked
    if tile is None:
        raise ArgumentError("fold(events)", "the end of a tile without its TileRevealed event")
    data = bytearray(walked.data)
    _kernel.tile_end(data, state.setting.flags, TILES.index(tile))
    after = GameState(bytes(data), state.setting)
    if lost and after.phase is Phase.OVER:
        marked = tuple(attrs.evolve(f, moved=True) if f.name in lost else f for f in after.figures)
        after = after.replace(figures=marked)
    return after


def _ends_tile(e: Event) -> bool:
    """Whether ``e`` tells of a tile's end (in a monster phase: what follows its final look)."""
    if isinstance(e, FigureEaten):
        return e.how == INSIDE_AT_END
    return isinstance(e, (StageChanged, RoundStarted, GameEnded))
