"""Text forms of a position: a one-line position string that round-trips, and a diagram.

The position string is a list of ``key=value`` fields separated by spaces::

    players=4 round=2 stage=1 start=A monster=a1:E deck=5,7,7,8,8,10,1hit,2hits
    stones=c3,m4,... pools=basic figures=A1:p10:6*,A3:waiting:3,... escapes= ended= options=

A figure is ``name:place:face`` with ``*`` after the face if it has moved this round; ``place``
is a square, ``waiting``, ``out`` or ``removed``. ``options`` lists the options that differ
from the defaults as ``name:value``. Whose turn it is and the phase follow from the rest.
"""

from __future__ import annotations

from fearsome_rules import board
from fearsome_rules.errors import NotationError, SetupError
from fearsome_rules.options import RuleOptions
from fearsome_rules.position import position
from fearsome_rules.state import (
    CRYSTAL,
    SEAT_LETTERS,
    STONE,
    TURN_ABOUT,
    TURN_RIGHT,
    GameState,
    Phase,
)

_FIELDS = (
    "players",
    "round",
    "stage",
    "start",
    "monster",
    "deck",
    "stones",
    "pools",
    "figures",
    "escapes",
    "ended",
    "options",
)
_OPTIONAL = {"setup": "basic", "teleporters": "", "place": ""}
_KIND_SUFFIX = {
    STONE: "",
    CRYSTAL: ":crystal",
    TURN_RIGHT: ":turn_right",
    TURN_ABOUT: ":turn_about",
}


def _squares(sqs: frozenset[int]) -> str:
    return ",".join(board.name(s) for s in sorted(sqs))


def position_string(state: GameState) -> str:
    """The one-line position string of ``state`` (parse it back with :func:`parse_position`)."""
    figs = ",".join(f"{f.name}:{f.place()}:{f.face}{'*' if f.moved else ''}" for f in state.figures)
    pools = "basic" if state.pools == board.BASIC_POOLS else _squares(state.pools)
    opts = ",".join(
        f"{k}:{str(v).lower() if isinstance(v, bool) else v}"
        for k, v in state.options.changed().items()
    )
    stones = ",".join(
        f"{board.name(sq)}{_KIND_SUFFIX[state.cells[sq]]}" for sq in sorted(state.stones)
    )
    parts = {
        "players": str(state.players),
        "round": str(state.round),
        "stage": str(state.stage),
        "start": SEAT_LETTERS[state.start_player],
        "monster": f"{board.name(state.monster)}:{board.DIRECTION_LETTERS[state.facing]}",
        "deck": ",".join(state.deck),
        "stones": stones,
        "pools": pools,
        "figures": figs,
        "escapes": ",".join(SEAT_LETTERS[s] for s in state.escapes),
        "ended": state.ended_by,
        "options": opts,
    }
    extra = {
        "setup": state.setup,
        "teleporters": ",".join(
            f"{board.name(sq)}:{pair}:{board.DIRECTION_LETTERS[d]}"
            for sq, pair, d in state.teleporters
        ),
        "place": ",".join(state.to_place),
    }
    tail = [f"{k}={v}" for k, v in extra.items() if v != _OPTIONAL[k]]
    return " ".join([*(f"{k}={parts[k]}" for k in _FIELDS), *tail])


def _split(value: str) -> list[str]:
    return [v for v in value.split(",") if v]


def parse_position(text: str) -> GameState:
    """Parse a position string; raises NotationError naming the field and what is wrong."""
    fields: dict[str, str] = {}
    for word in text.split():
        key, eq, value = word.partition("=")
        if not eq:
            raise NotationError(f"{word!r}: expected key=value")
        if key not in _FIELDS and key not in _OPTIONAL:
            known = ", ".join((*_FIELDS, *_OPTIONAL))
            raise NotationError(f"{key!r} is not a field; fields are {known}")
        if key in fields:
            raise NotationError(f"field {key!r} is given twice")
        fields[key] = value
    missing = [k for k in _FIELDS if k not in fields]
    if missing:
        raise NotationError(f"missing field(s): {', '.join(missing)}")
    try:
        options = RuleOptions()
        for item in _split(fields["options"]):
            name, _, value = item.partition(":")
            options = options.with_option(name, value)
        figures: dict[str, str] = {}
        faces: dict[str, int] = {}
        moved: list[str] = []
        for item in _split(fields["figures"]):
            parts = item.split(":")
            if len(parts) != 3:
                raise NotationError(f"figure {item!r}: write name:place:face, e.g. A5:g7:2*")
            fname, place, face = parts
            if face.endswith("*"):
                moved.append(fname)
                face = face[:-1]
            if not face.isdigit():
                raise NotationError(f"figure {item!r}: the face must be a number")
            figures[fname] = place
            faces[fname] = int(face)
        msq, _, mdir = fields["monster"].partition(":")
        for k in ("players", "round", "stage"):
            if not fields[k].isdigit():
                raise NotationError(f"{k}={fields[k]!r} is not a number")
        pools = None if fields["pools"] == "basic" else _split(fields["pools"])
        kinds: dict[str, list[str]] = {"": [], "crystal": [], "turn_right": [], "turn_about": []}
        for item in _split(fields["stones"]):
            sq, _, kind = item.partition(":")
            if kind not in kinds:
                raise NotationError(
                    f"stone {item!r}: the kind is crystal, turn_right or turn_about"
                )
            kinds[kind].append(sq)
        return position(
            int(fields["players"]),
            figures=figures,
            faces=faces,
            moved=moved,
            stones=kinds[""],
            crystals=kinds["crystal"],
            turn_right=kinds["turn_right"],
            turn_about=kinds["turn_about"],
            teleporters=_split(fields.get("teleporters", "")),
            setup=fields.get("setup", "basic"),
            to_place=_split(fields.get("place", "")),
            pools=pools,
            monster=msq,
            facing=mdir,
            start_player=fields["start"],
            round=int(fields["round"]),
            stage=int(fields["stage"]),
            deck_left=_split(fields["deck"]),
            escapes=_split(fields["escapes"]),
            ended_by=fields["ended"] or None,
            options=options,
        )
    except SetupError as e:
        raise NotationError(f"position string: {e}") from None


_ARROW = "^>v<"
_STONE_CELL = {STONE: "##", CRYSTAL: "<>", TURN_RIGHT: "R#", TURN_ABOUT: "U#"}


def diagram(state: GameState) -> str:
    """A readable board: ``##`` stone, ``<>`` crystal, ``R#``/``U#`` right/half-turn stone,
    ``~~`` blood pool, ``1>`` teleporter of pair 1 with its arrow, ``M>`` the monster and its
    facing, figures by name; then the figures off the board, the turn and the tiles left."""
    lines = ["    " + "".join(f"{c:<3}" for c in board.COLUMN_LETTERS)]
    tele = {sq: f"{pair}{_ARROW[d]}" for sq, pair, d in state.teleporters}
    for r in range(board.ROWS):
        row = []
        for c in range(board.COLUMNS):
            sq = r * board.COLUMNS + c
            if not board.ON_BOARD[sq]:
                row.append("   ")
                continue
            v = state.cells[sq]
            if sq == state.monster:
                cell = "M" + _ARROW[state.facing]
            elif v > 0:
                cell = state.figures[v - 1].name
            elif v < 0:
                cell = _STONE_CELL[v]
            elif sq in tele:
                cell = tele[sq]
            elif sq in state.pools:
                cell = "~~"
            else:
                cell = "X." if sq == board.EXIT else "E." if sq == board.ENTRANCE else ". "
            row.append(f"{cell:<3}")
        lines.append(f"{r + 1:>2}  " + "".join(row).rstrip())
    for seat in range(state.players):
        figs = [f for f in state.figures if f.owner == seat]
        desc = "  ".join(
            f"{f.name}:{f.place()}"
            + ("" if f.where in (-2, -3) else f"({f.face}{'*' if f.moved else ''})")
            for f in figs
        )
        lines.append(f"{SEAT_LETTERS[seat]}: {desc}")
    if state.phase is Phase.PLACEMENT:
        turn = f"{SEAT_LETTERS[state.to_move]} to place; to place: {' '.join(state.to_place)}"
    elif state.phase is Phase.FIGURES:
        turn = f"{SEAT_LETTERS[state.to_move]} to move"
    elif state.phase is Phase.MONSTER:
        turn = "monster tile to reveal"
    else:
        turn = f"game over ({state.ended_by})"
    lines.append(
        f"round {state.round}, stage {state.stage}, {turn}; start player "
        f"{SEAT_LETTERS[state.start_player]}; tiles left: {' '.join(state.deck)}"
    )
    return "\n".join(lines)
