"""The one-line position string of a state, which round-trips: :func:`position_string` writes
it and :func:`parse_position` reads it back.

The position string is a list of ``key=value`` fields separated by spaces::

    players=4 round=2 stage=1 start=A monster=a1:E deck=5,7,7,8,8,10,1hit,2hits
    stones=c3,m4,... pools=basic figures=A1:p10:6*,A3:waiting:3,... escapes= ended= options=

A figure is ``name:place:face`` with ``*`` after the face if it has moved this round; ``place``
is a square, ``waiting``, ``out`` or ``removed``. ``pools=basic`` is short for the printed
squares i3,j3,i4,j4,e9,f9,g9,h9 in every setup (placed pools may lie there too); ``pools=``
is no pools. ``options`` lists the options that differ from the defaults as ``name:value``.
Whose turn it is and the phase follow from the rest. Numbers are ASCII digits; a position
string is read up to 20,000 characters (:data:`MAX_LENGTH`; the longest game needs under 3,000).
"""

from __future__ import annotations

import re
from typing import Final

from fearsome_rules.core import board
from fearsome_rules.core.board import CRYSTAL, STONE, TURN_ABOUT, TURN_RIGHT
from fearsome_rules.core.errors import (
    NotationError,
    NotationTypeError,
    PositionError,
    SetupError,
    quote,
)
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.core.position import position
from fearsome_rules.core.state import SEAT_LETTERS, GameState, wrong_state
from fearsome_rules.formats.text_input import check_unicode

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
    """The one-line position string of ``state`` (parse it back with :func:`parse_position`).

    >>> import fearsome_rules as fr
    >>> state = fr.position(2, figures={"A5": "o10"}, faces={"A5": 2}, moved=["A5"])
    >>> print(fr.position_string(state))
    players=2 round=1 stage=1 start=A monster=a1:E deck=5,7,7,8,8,10,1hit,2hits
    stones=c3,m4,h5,i6,n6,g7,e8,m8,o9,f10,i10 pools=basic
    figures=A1:waiting:1,A3:waiting:3,A4:waiting:4,A5:o10:2*,B1:waiting:1,...,B5:waiting:5
    escapes= ended= options=
    """
    if not isinstance(state, GameState):
        raise wrong_state("position_string", state)
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


MAX_LENGTH: Final = 20_000
# ASCII digits only: str.isdigit also takes "²", which int() then refuses; and no number in a
# position has more than two digits.
_NUMBER: Final = re.compile(r"[0-9]{1,3}")


def _split(value: str) -> list[str]:
    return [v for v in value.split(",") if v]


def parse_position(text: str) -> GameState:
    """Parse a position string; raises NotationError naming the field and what is wrong, and
    PositionError (a NotationError and a SetupError) for a position no game can reach.

    >>> import fearsome_rules as fr
    >>> state = fr.position(2, figures={"A5": "o10"}, faces={"A5": 2}, moved=["A5"])
    >>> text = fr.position_string(state)
    >>> fr.parse_position(text) == state
    True
    >>> fr.parse_position(text.replace("options=", "options=reentry:mandatory")).options.reentry
    'mandatory'
    >>> fr.parse_position(text.replace("A5:o10", "A5:o12"))
    Traceback (most recent call last):
    fearsome_rules.PositionError: position string: figures.A5: 'o12' is not a square: ...
    """
    if not isinstance(text, str):
        raise NotationTypeError("parse_position(text)", "a position string (str)", text)
    if len(text) > MAX_LENGTH:
        raise NotationError(
            f"a position string of {len(text):,} characters: the longest game needs under "
            f"3,000, so at most {MAX_LENGTH:,} are read"
        )
    check_unicode(text, "position string")
    fields: dict[str, str] = {}
    for word in text.split():
        key, eq, value = word.partition("=")
        if not eq:
            raise NotationError(f"{quote(word)}: expected key=value")
        if key not in _FIELDS and key not in _OPTIONAL:
            known = ", ".join((*_FIELDS, *_OPTIONAL))
            raise NotationError(f"{quote(key)} is not a field; fields are {known}")
        if key in fields:
            raise NotationError(f"field {quote(key)} is given twice")
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
                raise NotationError(f"figure {quote(item)}: write name:place:face, e.g. A5:g7:2*")
            fname, place, face = parts
            if face.endswith("*"):
                moved.append(fname)
                face = face[:-1]
            if not _NUMBER.fullmatch(face):
                raise NotationError(f"figure {quote(item)}: the face must be a number")
            figures[fname] = place
            faces[fname] = int(face)
        msq, _, mdir = fields["monster"].partition(":")
        for k in ("players", "round", "stage"):
            if not _NUMBER.fullmatch(fields[k]):
                raise NotationError(f"{k}={quote(fields[k][:20])} is not a number from 0 to 999")
        # "basic" names the basic game's squares, whatever the setup: a placed
        # layout may put its pools exactly there (issue 16).
        pools = (
            sorted(board.name(p) for p in board.BASIC_POOLS)
            if fields["pools"] == "basic"
            else _split(fields["pools"])
        )
        kinds: dict[str, list[str]] = {"": [], "crystal": [], "turn_right": [], "turn_about": []}
        for item in _split(fields["stones"]):
            sq, _, kind = item.partition(":")
            if kind not in kinds:
                raise NotationError(
                    f"stone {quote(item)}: the kind is crystal, turn_right or turn_about"
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
        raise PositionError("position string", e) from None
