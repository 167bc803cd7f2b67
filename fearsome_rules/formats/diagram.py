"""The board diagram of a state, lossless: :func:`diagram` draws it and :func:`parse_diagram`
reads it back (also when typed by hand).
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
from fearsome_rules.core.state import SEAT_LETTERS, GameState, Phase, wrong_state
from fearsome_rules.formats.text_input import check_unicode

_ARROW = "^>v<"
_STONE_CELL = {STONE: "##", CRYSTAL: "<>", TURN_RIGHT: "R#", TURN_ABOUT: "U#"}
_CELL_STONE = {v: k for k, v in _STONE_CELL.items()}
_HEADER = "    " + "".join(f"{c:<3}" for c in board.COLUMN_LETTERS)


def diagram(state: GameState) -> str:
    """A readable board that :func:`parse_diagram` reads back to the same state.

    ``##`` stone, ``<>`` crystal, ``R#``/``U#`` right/half-turn stone, ``~~`` blood pool, ``1>``
    teleporter of pair 1 with its arrow, ``M>`` the monster and its facing, figures by name; a
    ``~`` after a piece marks a pool square under it. Then the figures per seat as
    ``name:place(face)`` with ``*`` once moved this round, what the grid cannot show (options,
    the order figures got out, a teleporter under the monster, the setup), and the turn and
    tiles left.

    >>> import fearsome_rules as fr
    >>> state = fr.position(2, figures={"A5": "o10"}, faces={"A5": 2}, moved=["A5"])
    >>> print(fr.diagram(state))
        a  b  c  d  e  f  g  h  i  j  k  l  m  n  o  p
     1  M> .  .  .  .  .  .  .  .  .  .  .
     2  .  .  .  .  .  .  .  .  .  .  .  .  .
     3  .  .  ## .  .  .  .  .  ~~ ~~ .  .  .  .
     4  .  .  .  .  .  .  .  .  ~~ ~~ .  .  ## .  .
     5  .  .  .  .  .  .  .  ## .  .  .  .  .  .  .  .
     6  .  .  .  .  .  .  .  .  ## .  .  .  .  ## .  .
     7  .  .  .  .  .  .  ## .  .  .  .  .  .  .  .  .
     8     .  .  .  ## .  .  .  .  .  .  .  ## .  .  .
     9        .  .  ~~ ~~ ~~ ~~ .  .  .  .  .  .  ## .
    10           .  .  ## .  .  ## .  .  .  .  .  A5 .
    11              .  .  .  .  .  .  .  .  .  .  .  E.
    A: A1:waiting(1)  A3:waiting(3)  A4:waiting(4)  A5:o10(2*)
    B: B1:waiting(1)  B3:waiting(3)  B4:waiting(4)  B5:waiting(5)
    round 1, stage 1, B to move; start player A; tiles left: 5 7 7 8 8 10 1hit 2hits
    """
    if not isinstance(state, GameState):
        raise wrong_state("diagram", state)
    lines = [_HEADER]
    tele = {sq: f"{pair}{_ARROW[d]}" for sq, pair, d in state.teleporters}
    for r in range(board.ROWS):
        row = []
        for c in range(board.COLUMNS):
            sq = r * board.COLUMNS + c
            if not board.ON_BOARD[sq]:
                row.append("   ")
                continue
            v = state.cells[sq]
            under = "~" if sq in state.pools else " "
            if sq == state.monster:
                cell = "M" + _ARROW[state.facing] + under
            elif board.is_stone(v):
                cell = _STONE_CELL[v] + under
            elif v:
                cell = state.figures[v - 1].name + under
            elif sq in tele:
                cell = tele[sq] + " "
            elif sq in state.pools:
                cell = "~~ "
            else:
                cell = "X. " if sq == board.EXIT else "E. " if sq == board.ENTRANCE else ".  "
            row.append(cell)
        lines.append(f"{r + 1:>2}  " + "".join(row).rstrip())
    for seat in range(state.players):
        figs = [f for f in state.figures if f.owner == seat]
        desc = "  ".join(f"{f.name}:{f.place()}({f.face}{'*' if f.moved else ''})" for f in figs)
        lines.append(f"{SEAT_LETTERS[seat]}: {desc}")
    changed = state.options.changed()
    if changed:
        lines.append(
            "options: "
            + " ".join(
                f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in changed.items()
            )
        )
    if state.escapes:
        lines.append("out in order: " + " ".join(SEAT_LETTERS[s] for s in state.escapes))
    if state.monster in tele:
        lines.append(f"under the monster: teleporter {tele[state.monster]}")
    if state.setup != "basic":
        lines.append(f"setup: {state.setup}")
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


_STATUS = re.compile(
    r"round (?P<round>[0-9]{1,3}), stage (?P<stage>[0-9]{1,3}), (?P<turn>.*); start player "
    r"(?P<start>[A-G]); tiles left:(?P<deck>.*)$"
)
# [0-9], not \d: \d takes the digits of every script, which int() reads as other numbers.
_FIGURE = re.compile(
    r"(?P<name>[A-G][1345]):(?P<place>[a-z0-9]+)\((?P<face>[0-9])(?P<moved>\*?)\)$"
)


MAX_DIAGRAM: Final = 100_000
"""The longest diagram text read (a drawn board is about 1,500 characters, comments aside)."""


def parse_diagram(text: str) -> GameState:
    """Read a board drawn by :func:`diagram` (or typed in its format) back into a state.

    Raises NotationError naming the line and what is wrong. Blank lines and lines starting
    with ``#`` are ignored, as is indentation common to all lines.

    >>> import fearsome_rules as fr
    >>> state = fr.position(2, figures={"A5": "o10"}, faces={"A5": 2}, moved=["A5"])
    >>> fr.parse_diagram(fr.diagram(state)) == state
    True
    >>> moved_on = fr.diagram(state).replace("A5 .", ".  A5").replace("o10(2*)", "p10(2*)")
    >>> fr.parse_diagram(moved_on).figures[3].place()
    'p10'
    >>> fr.parse_diagram("a b c")
    Traceback (most recent call last):
    fearsome_rules.NotationError: diagram: the first line must be the column letters a .. p
    """
    import textwrap

    if not isinstance(text, str):
        raise NotationTypeError("parse_diagram(text)", "a diagram (str)", text)
    if len(text) > MAX_DIAGRAM:
        raise NotationError(f"diagram: {len(text):,} characters; at most {MAX_DIAGRAM:,} are read")
    check_unicode(text, "diagram")
    kept = [
        (n, ln.rstrip())
        for n, ln in enumerate(text.splitlines(), 1)
        if ln.strip() and not ln.lstrip().startswith("#")
    ]
    common = textwrap.dedent("\n".join(ln for _, ln in kept)).splitlines()
    numbered = [(n, ln) for (n, _), ln in zip(kept, common, strict=True)]
    if not numbered or numbered[0][1].split() != list(board.COLUMN_LETTERS):
        raise NotationError("diagram: the first line must be the column letters a .. p")
    rows = numbered[1 : 1 + board.ROWS]
    if len(rows) != board.ROWS:
        raise NotationError(f"diagram: expected {board.ROWS} board rows")
    stones: dict[int, list[str]] = {STONE: [], CRYSTAL: [], TURN_RIGHT: [], TURN_ABOUT: []}
    pools: list[str] = []
    figures: dict[str, str] = {}
    teleporters: list[str] = []
    monster = ""
    facing = ""
    for r, (n, line) in enumerate(rows):
        label = line[:2].strip()
        if label != str(r + 1):
            raise NotationError(f"diagram line {n}: expected row {r + 1}, found {quote(line[:4])}")
        body = line[4:].ljust(board.COLUMNS * 3)
        for c in range(board.COLUMNS):
            cell = body[3 * c : 3 * c + 3]
            sq = r * board.COLUMNS + c
            if not board.ON_BOARD[sq]:
                if cell.strip():
                    raise NotationError(
                        f"diagram line {n}: {quote(cell.strip())} lies outside the board"
                    )
                continue
            name = board.NAMES[sq]
            head, mark = cell[:2], cell[2]
            if mark not in " ~":
                raise NotationError(f"diagram line {n}, {name}: {quote(cell)} is not a cell")
            if mark == "~":
                pools.append(name)
            if head in (".", "X.", "E.", ". ") or head.strip() == ".":
                continue
            if head == "~~":
                pools.append(name)
            elif head in _CELL_STONE:
                stones[_CELL_STONE[head]].append(name)
            elif head[0] == "M" and head[1] in _ARROW:
                if monster:
                    raise NotationError(f"diagram line {n}: a second monster on {name}")
                monster, facing = name, board.DIRECTION_LETTERS[_ARROW.index(head[1])]
            elif head[0] in "12" and head[1] in _ARROW:
                d = board.DIRECTION_LETTERS[_ARROW.index(head[1])]
                teleporters.append(f"{name}:{head[0]}:{d}")
            elif head[0] in SEAT_LETTERS and head[1] in "1345":
                if head in figures:
                    raise NotationError(f"diagram line {n}: {head} stands on two squares")
                figures[head] = name
            else:
                raise NotationError(f"diagram line {n}, {name}: {quote(head)} is not a piece")
    if not monster:
        raise NotationError("diagram: no monster (M with an arrow ^ > v <) on the board")
    faces: dict[str, int] = {}
    moved: list[str] = []
    options = RuleOptions()
    escapes: list[str] = []
    setup = "advanced" if (teleporters or any(stones[k] for k in stones if k != STONE)) else None
    status = None
    for n, line in numbered[1 + board.ROWS :]:
        line = line.strip()
        key, colon, rest = line.partition(":")
        try:
            if len(key) == 1 and key in SEAT_LETTERS and colon:
                for item in rest.split():
                    m = _FIGURE.match(item)
                    if not m or m["name"][0] != key:
                        raise NotationError(
                            f"{quote(item)}: write name:place(face), e.g. A5:g7(2*)"
                        )
                    on_grid = figures.get(m["name"])
                    if m["place"] in ("waiting", "out", "removed"):
                        if on_grid:
                            raise NotationError(f"{m['name']} is also on {on_grid}")
                        figures[m["name"]] = m["place"]
                    elif on_grid != m["place"]:
                        raise NotationError(
                            f"{m['name']} is on {on_grid or 'no square'} in the grid, "
                            f"not {quote(m['place'])}"
                        )
                    faces[m["name"]] = int(m["face"])
                    if m["moved"]:
                        moved.append(m["name"])
            elif key == "options":
                for pair in rest.split():
                    name, eq, value = pair.partition("=")
                    if not eq:
                        raise NotationError(f"option {quote(pair)}: write name=value")
                    options = options.with_option(name, value)
            elif key == "out in order":
                escapes = rest.split()
            elif key == "under the monster":
                tail = rest.split()
                if len(tail) != 2 or tail[0] != "teleporter" or len(tail[1]) != 2:
                    raise NotationError("write 'under the monster: teleporter 1^'")
                d = board.DIRECTION_LETTERS[_ARROW.index(tail[1][1])]
                teleporters.append(f"{monster}:{tail[1][0]}:{d}")
            elif key == "setup":
                setup = rest.strip()
            elif (m := _STATUS.match(line)) is not None:
                status = m
            else:
                raise NotationError(f"{quote(line)} is not a line of a diagram")
        except (NotationError, ValueError) as e:
            raise NotationError(f"diagram line {n}: {e}") from None
    if status is None:
        raise NotationError(
            "diagram: no status line ('round 1, stage 1, A to move; start player A; tiles left: "
            "...')"
        )
    turn = status["turn"]
    ended = turn[len("game over (") : -1] if turn.startswith("game over (") else None
    to_place: list[str] = []
    if " to place; to place:" in turn:
        to_place = turn.split("to place:", 1)[1].split()
    try:
        return position(
            len({f[0] for f in faces} | {f[0] for f in figures}) if faces else 0,
            figures=figures,
            faces=faces,
            moved=moved,
            stones=stones[STONE],
            crystals=stones[CRYSTAL],
            turn_right=stones[TURN_RIGHT],
            turn_about=stones[TURN_ABOUT],
            teleporters=teleporters,
            pools=pools,
            monster=monster,
            facing=facing,
            start_player=status["start"],
            to_move=turn[0] if turn.endswith(" to move") else None,
            round=int(status["round"]),
            stage=int(status["stage"]),
            deck_left=status["deck"].split(),
            escapes=escapes,
            ended_by=ended,
            setup=setup,
            to_place=to_place,
            options=options,
        )
    except SetupError as e:
        raise PositionError("diagram", e) from None
