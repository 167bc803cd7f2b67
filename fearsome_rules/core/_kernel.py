# cython: language_level=3, boundscheck=False, wraparound=False, initializedcheck=False
# cython: cdivision=True, nonecheck=False
"""The kernel: every rule of play over a position held as flat bytes, in one source that runs
as plain Python (the pure build) and compiles with Cython (the compiled build).

Figure movement (FIG-*, PUSH-*, POOL-*), the monster's walk (MON-*, ADV-*), turn order and
rounds (RND-*), the tiles and stages (DECK-*, STAGE-*), the endings (END-*) and move
generation are all here, and nowhere else: :mod:`fearsome_rules.core.game`,
:mod:`~fearsome_rules.core.moves`, explain and render reach them through this module.

Why one file in Cython's pure-Python mode: compiled, the position is C bytes read through
pointers, counters are C ints, and nothing per step builds a Python object; under CPython the
same file runs as it is, with ``bytearray`` for the pointers. Cython is needed to build, never
to run. What a step did is recorded only when the caller passes a list (``trace``), as packed
ints (see ``T_*``); :mod:`fearsome_rules.core.trace` turns them into events.

The position (``data``, a ``bytearray`` of ``SIZE`` bytes; see the offsets below):

- ``CELLS``: one byte per cell index (``row * 16 + column``): 0 empty, ``i + 1`` for figure
  ``i``, ``STONE``/``CRYSTAL``/``TURN_RIGHT``/``TURN_ABOUT`` (252..255) for the stones;
- ``PLACES``: where each figure is, a square or ``AT_WAITING``/``AT_OUT``/``AT_REMOVED``;
- ``FACES``: each figure's face, plus ``MOVED`` once it has moved this round;
- the monster, its facing, the phase, the seat to move, the round, the stage, the start
  player, the tiles revealed in this stage, how the game ended, the players, the figures, the
  tiles left per kind (in the order of ``deck.TILES``) and the escape order.

The layout (``layout``, bytes): per cell the floor (``POOL``, ``TELEPORTER``), then per cell
the partner teleporter's square, then per cell its arrow. The rule options are bits of
``flags`` (``OPT_*``).
"""

from __future__ import annotations

from array import array
from typing import Any, TypeAlias, TypeVar

try:
    import cython
except ImportError:  # the pure build where Cython is not installed (it is a build tool only)
    from fearsome_rules.core import cython_shim as cython  # type: ignore[no-redef]

from fearsome_rules.core import _encoding, board
from fearsome_rules.core._encoding import (
    ENDING_CODES,
    T_EAT,
    T_ENDED,
    T_FIGURE_EXITED,
    T_FIGURE_PUSHED,
    T_FIGURE_SLID,
    T_FIGURE_STEPPED,
    T_FLIPPED,
    T_LOOK,
    T_MONSTER_SLIDE,
    T_MONSTER_STEP,
    T_ROUND,
    T_SEEN,
    T_SIGHT,
    T_STAGE,
    T_STONE_PUSHED,
    T_STONE_REMOVED,
    T_STONE_SLID,
    T_TELEPORT,
    T_TILE,
    T_TURN_STONE,
    T_WRAP,
    TILE_HITS,
    TILE_STEPS,
    WHY_ENDS_ON_FIGURE,
    WHY_ENTER_NOT_P11,
    WHY_NOT_ADJACENT,
    WHY_OUT_NOT_EXIT,
    WHY_OUT_NOT_LAST,
    WHY_OUT_WAITING,
    WHY_POINTS_SPENT,
    WHY_STEP,
    WHY_THROUGH_WALL,
)

if not cython.compiled:
    # The pure build: the "pointers" are the byte strings themselves, the typed memoryviews
    # the arrays.
    Bytes = bytearray
    Table = bytes | bytearray
    Ints: TypeAlias = "array[int]"
else:
    Bytes = cython.typedef(cython.p_uchar)
    Table = cython.typedef(cython.p_const_uchar)
    Ints = cython.typedef(cython.int[::1])

if cython.compiled:
    from cython.cimports.cpython.bytes import PyBytes_AS_STRING, PyBytes_FromStringAndSize
    from cython.cimports.cpython.object import PyObject_GenericSetAttr
    from cython.cimports.libc.string import memcpy, memset

S = TypeVar("S")
"""A state (``GameState``: the kernel never imports it, it makes one of the class it is given)."""

COMPILED: bool = cython.compiled
"""Whether this is the compiled build of the kernel."""

if cython.compiled:
    SOURCE_SHA256: str = KERNEL_SOURCE_SHA256.decode()  # noqa: F821 (_kernel.pxd, set by setup.py)
else:
    SOURCE_SHA256 = ""
"""The sha256 of the _kernel.py the compiled build was made from ("" for the pure build)."""

# --- written by scripts/make_kernel_constants.py from _encoding.KERNEL_INTS and the rule
# --- ids the kernel names (R_<id>): change the table and run the script, not this block
NONE = cython.declare(cython.int, 255)
N_CELLS = cython.declare(cython.int, 176)
EXIT = cython.declare(cython.int, 0)
ENTRANCE = cython.declare(cython.int, 175)
FIRST_STONE = cython.declare(cython.int, 252)
TURN_ABOUT = cython.declare(cython.int, 252)
TURN_RIGHT = cython.declare(cython.int, 253)
CRYSTAL = cython.declare(cython.int, 254)
STONE = cython.declare(cython.int, 255)
AT_WAITING = cython.declare(cython.int, 253)
AT_OUT = cython.declare(cython.int, 254)
AT_REMOVED = cython.declare(cython.int, 255)
MOVED = cython.declare(cython.int, 8)
POOL = cython.declare(cython.int, 1)
TELEPORTER = cython.declare(cython.int, 2)
PARTNERS = cython.declare(cython.int, 176)
ARROWS = cython.declare(cython.int, 352)
STEPS = cython.declare(cython.int, 528)
STEP_PLAIN = cython.declare(cython.int, 0)
STEP_NEVER = cython.declare(cython.int, 2)
CELLS = cython.declare(cython.int, 0)
PLACES = cython.declare(cython.int, 176)
FACES = cython.declare(cython.int, 204)
MONSTER = cython.declare(cython.int, 232)
FACING = cython.declare(cython.int, 233)
PHASE = cython.declare(cython.int, 234)
TO_MOVE = cython.declare(cython.int, 235)
ROUND = cython.declare(cython.int, 236)
STAGE = cython.declare(cython.int, 237)
START = cython.declare(cython.int, 238)
REVEALS = cython.declare(cython.int, 239)
ENDED = cython.declare(cython.int, 240)
PLAYERS = cython.declare(cython.int, 241)
FIGURES = cython.declare(cython.int, 242)
DECK = cython.declare(cython.int, 243)
ESCAPED = cython.declare(cython.int, 250)
ESCAPES = cython.declare(cython.int, 251)
PLACEMENT = cython.declare(cython.int, 0)
FIGURES_PHASE = cython.declare(cython.int, 1)
MONSTER_PHASE = cython.declare(cython.int, 2)
OVER = cython.declare(cython.int, 3)
END_WIN = cython.declare(cython.int, 1)
END_ALL_GONE = cython.declare(cython.int, 2)
STAGE_TWO_END = cython.declare(cython.int, 3)
FIRST_HIT_TILE = cython.declare(cython.int, 4)
N_TILES = cython.declare(cython.int, 7)
MAX_STAGE_REVEALS = cython.declare(cython.int, 7)
MAX_TURNS = cython.declare(cython.int, 4)
TIE = cython.declare(cython.int, 4)
SIDE = cython.declare(cython.int, 8)
OPT_CORNER_REMOVE = cython.declare(cython.int, 1)
OPT_SLIDE_PUSH = cython.declare(cython.int, 2)
OPT_POOL_WRAP = cython.declare(cython.int, 4)
OPT_WRAP_PUSH = cython.declare(cython.int, 8)
OPT_TIE_TURNS = cython.declare(cython.int, 16)
OPT_CHAIN_TURNS = cython.declare(cython.int, 32)
OPT_BEYOND_WALL_TURNS = cython.declare(cython.int, 64)
OPT_POOL_TURNS = cython.declare(cython.int, 128)
OPT_SLIDE_STOP = cython.declare(cython.int, 256)
OPT_MANDATORY = cython.declare(cython.int, 512)
OPT_FINISH_ROUND = cython.declare(cython.int, 1024)
OPT_THREE_HITS = cython.declare(cython.int, 2048)
TRACE_STEPS = cython.declare(cython.int, 32768)
MOVES_COUNT = cython.declare(cython.int, 65535)
SKIP_ZERO = cython.declare(cython.int, 65536)
ZERO_ONLY = cython.declare(cython.int, 131072)
HOW_EATEN = cython.declare(cython.int, 1)
HOW_PUSHED_OFF = cython.declare(cython.int, 2)
HOW_TELEPORTER = cython.declare(cython.int, 3)
HOW_INSIDE = cython.declare(cython.int, 4)
HOW_CORNER = cython.declare(cython.int, 5)
R_ADV_TELEPORT_FIGURES = cython.declare(cython.int, 4)  # ADV-TELEPORT-FIGURES
R_ADV_TELEPORT_PUSH = cython.declare(cython.int, 5)  # ADV-TELEPORT-PUSH
R_ADV_TURN = cython.declare(cython.int, 8)  # ADV-TURN
R_ADV_TURN_CHAIN = cython.declare(cython.int, 9)  # ADV-TURN-CHAIN
R_ADV_TURN_POOL = cython.declare(cython.int, 10)  # ADV-TURN-POOL
R_ADV_TURN_TIE = cython.declare(cython.int, 11)  # ADV-TURN-TIE
R_ADV_TURN_WALL = cython.declare(cython.int, 12)  # ADV-TURN-WALL
R_DECK_FIRST = cython.declare(cython.int, 21)  # DECK-FIRST
R_DECK_REVEAL = cython.declare(cython.int, 22)  # DECK-REVEAL
R_FIG_EDGE = cython.declare(cython.int, 28)  # FIG-EDGE
R_FIG_ENTER = cython.declare(cython.int, 29)  # FIG-ENTER
R_FIG_EXIT = cython.declare(cython.int, 30)  # FIG-EXIT
R_FIG_MONSTER = cython.declare(cython.int, 32)  # FIG-MONSTER
R_FIG_POINTS = cython.declare(cython.int, 33)  # FIG-POINTS
R_FIG_THROUGH = cython.declare(cython.int, 34)  # FIG-THROUGH
R_FIG_WAITING = cython.declare(cython.int, 35)  # FIG-WAITING
R_MON_EAT = cython.declare(cython.int, 40)  # MON-EAT
R_MON_PUSH = cython.declare(cython.int, 43)  # MON-PUSH
R_MON_PUSH_OFF = cython.declare(cython.int, 44)  # MON-PUSH-OFF
R_MON_SLIDE = cython.declare(cython.int, 48)  # MON-SLIDE
R_MON_SLIDE_OCCUPIED = cython.declare(cython.int, 50)  # MON-SLIDE-OCCUPIED
R_MON_WRAP_OCCUPIED = cython.declare(cython.int, 54)  # MON-WRAP-OCCUPIED
R_POOL_LAST_POINT = cython.declare(cython.int, 64)  # POOL-LAST-POINT
R_PUSH_EDGE = cython.declare(cython.int, 69)  # PUSH-EDGE
R_PUSH_ONE = cython.declare(cython.int, 71)  # PUSH-ONE
R_RND_FIRST = cython.declare(cython.int, 72)  # RND-FIRST
R_RND_ONCE = cython.declare(cython.int, 73)  # RND-ONCE
R_RND_ORDER = cython.declare(cython.int, 74)  # RND-ORDER
R_RND_PHASES = cython.declare(cython.int, 76)  # RND-PHASES
R_STAGE_TWO_END = cython.declare(cython.int, 86)  # STAGE-TWO-END
# --- end of the written block --------------------------------------------------------------------


# --- the board's tables, from board.py -----------------------------------------------------------

NEIGHBOURS: bytes = bytes(board.NEIGHBOUR[sq][d] for sq in range(board.CELLS) for d in range(4))
WRAPS: bytes = bytes(board.WRAP)
RAY_SQUARES: tuple[bytes, ...] = tuple(
    bytes(board.RAY[sq][d]) for sq in range(board.CELLS) for d in range(4)
)
"""The squares from a square towards a direction up to the wall, nearest first, by sq * 4 + d."""
if cython.compiled:  # C pointers into the two tables, read without a Python lookup
    NB = cython.declare(Table, NEIGHBOURS)  # NB[sq * 4 + d]: the square towards d, or NONE
    WR = cython.declare(Table, WRAPS)  # WR[sq]: where the monster re-enters after a wall
else:  # CPython indexes a tuple faster than bytes
    NB = tuple(NEIGHBOURS)
    WR = tuple(WRAPS)

# CPython's sight: a bitboard of the pieces that block it, square ``sq`` at bit
# ``N_CELLS - 1 - sq`` (so that ``int(..., 2)`` reads it from the cells in one call), kept up to
# date by the walk at every write to a cell. Looking square by square was half of the pure walk;
# compiled, the C loop of ``line_of_sight`` is faster than wide Python ints and stays.
SIGHT_BITS: tuple[int, ...] = tuple(
    sum(1 << (board.CELLS - 1 - t) for t in board.RAY[sq][d])
    for sq in range(board.CELLS)
    for d in range(4)
)
"""The bits of the squares from a square towards a direction up to the wall, by sq * 4 + d."""
UPWARDS: tuple[bool, ...] = (False, True, True, False)
"""Whether a line towards a direction counts squares up (east, south): its nearest piece is then
its highest bit."""
SIGHT_LINES: tuple[tuple[tuple[int, bool, int, bool, int, bool], ...], ...] = tuple(
    tuple(
        (
            SIGHT_BITS[sq * 4 + d],
            UPWARDS[d],
            SIGHT_BITS[sq * 4 + ((d + 3) & 3)],
            UPWARDS[(d + 3) & 3],
            SIGHT_BITS[sq * 4 + ((d + 1) & 3)],
            UPWARDS[(d + 1) & 3],
        )
        for sq in range(board.CELLS)
    )
    for d in range(4)
)
"""A look's three lines from a square facing a direction (ahead, left, right), by direction and
square: each line's bits and whether its nearest piece is its highest bit (one entry a look;
nested tuples, as indexes above 256 would make CPython allocate ints)."""
SPANS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        abs(t - sq) if abs(t - sq) < board.COLUMNS else abs(t - sq) // board.COLUMNS
        for t in range(board.CELLS)
    )
    for sq in range(board.CELLS)
)
"""The distance from a square to another of its row or column, by the two squares (a row's
squares differ by less than a row's length, a column's by a multiple of it)."""
CELL_BIT: tuple[int, ...] = tuple(1 << (board.CELLS - 1 - sq) for sq in range(board.CELLS))
BLOCKS_DIGIT: bytes = bytes(
    48 if v == 0 or v == _encoding.CRYSTAL else 49 for v in range(256)
)  # a cell as the digit of its bit: "1" for a figure or a stone that blocks sight


def ray_end(pos: int, d: int, t: int) -> int:
    """CPython: a line's end as :func:`line_of_sight` packs it, from the square ``t`` of the
    piece the bitboard found first in line (NONE if none: the line runs to the wall)."""
    if t == NONE:
        return NONE | len(RAY_SQUARES[pos * 4 + d]) << 8
    return t | SPANS[pos][t] << 8


@cython.cfunc
@cython.inline
def is_stone(v: cython.int) -> cython.bint:
    return v >= FIRST_STONE


@cython.cfunc
@cython.inline
def is_figure(v: cython.int) -> cython.bint:
    return v != 0 and v < FIRST_STONE


@cython.cfunc
@cython.inline
def record(
    trace: list[int],
    kind: cython.ulonglong,
    a: cython.ulonglong = 0,
    b: cython.ulonglong = 0,
    c: cython.ulonglong = 0,
    d: cython.ulonglong = 0,
    e: cython.ulonglong = 0,
    f: cython.ulonglong = 0,
) -> None:
    """Append one trace record (only called when tracing): one byte per field."""
    trace.append(kind | a << 8 | b << 16 | c << 24 | d << 32 | e << 40 | f << 48)


@cython.cfunc
def mark(trace: list[Any], data: Table, fig: cython.int, place: cython.int) -> None:
    """Mark the end of a step in the trace (only called when tracing): the position's bytes
    then, with figure ``fig`` (if not 0) on ``place``, since a figure's move keeps the mover
    off the board until it ends. It follows the records of its step, so that a walk is cut
    into steps without its events replayed."""
    if cython.compiled:
        snap = bytearray(
            PyBytes_FromStringAndSize(
                cython.cast(cython.p_char, cython.cast(Table, data)), _encoding.SIZE
            )
        )
    else:
        snap = bytearray(data[: _encoding.SIZE])
    if fig:
        if place < N_CELLS and snap[place] == 0:
            snap[place] = fig
        snap[PLACES + fig - 1] = place
    trace.append(bytes(snap))


# --- the monster's sight (MON-SIGHT-DIRS, MON-SIGHT-BLOCK, MON-DISTANCE, MON-CHOOSE) ------------


@cython.ccall
def line_of_sight(cells: Table, pos: cython.int, d: cython.int) -> cython.int:
    """What ends the monster's line of sight from ``pos`` towards ``d``, packed as
    ``square | distance << 8``: the first figure or stone in line, or NONE and the number of
    squares up to the wall (MON-SIGHT-BLOCK, MON-DISTANCE). Pools, teleporters
    (ADV-TELEPORT-SIGHT) and crystals (ADV-CRYSTAL) are seen through; sight never wraps."""
    dist: cython.int = 0
    sq: cython.int
    v: cython.int
    if cython.compiled:  # a C loop from square to square
        sq = NB[pos * 4 + d]
        while sq != NONE:
            dist += 1
            v = cells[sq]
            if v != 0 and v != CRYSTAL:
                return sq | (dist << 8)
            sq = NB[sq * 4 + d]
        return NONE | (dist << 8)
    # CPython walks the same line faster over the ray's squares as one bytes object.
    ray = RAY_SQUARES[pos * 4 + d]
    for sq in ray:
        dist += 1
        v = cells[sq]
        if v and v != CRYSTAL:
            return sq | (dist << 8)
    return NONE | (len(ray) << 8)


@cython.ccall
def choose(
    facing: cython.int, ahead: cython.int, left: cython.int, right: cython.int
) -> cython.int:
    """The choice after a look (MON-CHOOSE), from the distance of the figure seen ahead, to the
    left and to the right (0 where none is seen), packed as ``facing | TIE | SIDE``: the new
    facing, whether the nearest figures tied, and whether a figure was seen to a side.
    A strictly nearest figure turns the monster towards it; a tie, or nothing seen, keeps the
    facing."""
    best: cython.int = 99
    best_d: cython.int = -1
    tie: cython.int = 0
    if ahead:
        best, best_d = ahead, facing
    if left:
        if left < best:
            best, best_d, tie = left, (facing + 3) & 3, 0
        elif left == best:
            tie = 1
    if right:
        if right < best:
            best, best_d, tie = right, (facing + 1) & 3, 0
        elif right == best:
            tie = 1
    new: cython.int = best_d if best_d >= 0 and not tie else facing
    side: cython.int = 1 if (left or right) else 0
    return new | (TIE if tie else 0) | (SIDE if side else 0)


CHOICES: tuple[tuple[tuple[tuple[int, ...], ...], ...], ...] = ()
"""CPython's :func:`choose`, by facing, ahead, left and right distance (a line of sight is at
most 15 squares long): the pure build's look reads its answer here, without a call. Made from
``choose`` for the facing 0 (north), whose low two bits are then the turn, in quarters
clockwise, that any facing takes."""
if not cython.compiled:
    CHOICES = tuple(
        tuple(
            tuple(
                tuple(
                    (c & (TIE | SIDE)) | ((facing + c) & 3)
                    for c in [choose(0, ahead, left, right) for right in range(16)]
                )
                for left in range(16)
            )
            for ahead in range(16)
        )
        for facing in range(4)
    )

# --- the monster's walk --------------------------------------------------------------------------


NO_RULES: bytearray = bytearray()
"""The pushes' rules of a walk that is not traced: none are kept."""


@cython.cclass
class Walk:
    """One monster walk over a position (MON-STEP .. MON-HITS, ADV-TURN .., ADV-TELEPORT)."""

    data: Bytes  # the position: its cells and figure places change
    layout: Table
    keep: object  # the Python objects behind the two pointers, kept alive
    keep_layout: object
    flags: cython.int
    stage: cython.int
    hits: cython.int
    sight: cython.int  # this step's look, as choose answers: TIE if its nearest figures tied,
    # SIDE if it saw one to the left or right
    facing: cython.int  # the monster's facing after a step's move
    pushed: cython.uint  # figures pushed rather than eaten in this step: a stone till its end
    pushed_rules: bytearray  # the rule that pushed each of them, for the trace
    trace: list[int] | None
    occ: int  # CPython only: the pieces that block sight (SIGHT_BITS), one bit a cell

    def __init__(self, data: bytearray, layout: bytes, flags: int, trace: list[int] | None) -> None:
        self.start(data, data, layout, flags, trace)

    @cython.cfunc
    def start(
        self, keep: object, data: Bytes, layout: bytes, flags: cython.int, trace: list[int] | None
    ) -> None:
        """Set the walk up over ``data`` (the bytes of ``keep``, kept alive while it walks)."""
        self.keep = keep
        self.keep_layout = layout
        self.data = data
        self.layout = layout
        self.flags = flags
        self.stage = data[STAGE]
        self.hits = 0
        self.sight = 0
        self.facing = data[FACING]
        self.pushed = 0
        self.pushed_rules = bytearray(32) if trace is not None else NO_RULES
        self.trace = trace
        if not cython.compiled:
            self.occ = int(data[:N_CELLS].translate(BLOCKS_DIGIT), 2)

    @cython.ccall
    def run(self, steps: cython.int, hits_wanted: cython.int) -> cython.int:
        """Walk ``steps`` steps, or until ``hits_wanted`` hits if that is not 0 (MON-HITS);
        each step is a look and a move, and one last look follows the last (MON-STEP). The
        monster's square and facing are left in the position; returns the hits."""
        data: Bytes = self.data
        pos: cython.int = data[MONSTER]
        facing: cython.int = data[FACING]
        frm: cython.int
        number: cython.int
        trace: list[int] | None = self.trace
        for number in range(1, steps + 1):
            facing = self.look(pos, facing)
            frm = pos
            pos = self.move(pos, facing)
            facing = self.facing
            if trace is not None:
                record(trace, T_MONSTER_STEP, number, frm, pos, facing)
                if self.flags & TRACE_STEPS:
                    data[MONSTER] = pos
                    data[FACING] = facing
                    mark(trace, data, 0, 0)
            if hits_wanted and self.hits >= hits_wanted:
                break
        data[MONSTER] = pos
        data[FACING] = self.look(pos, facing)
        if trace is not None and self.flags & TRACE_STEPS:
            mark(trace, data, 0, 0)
        return self.hits

    @cython.cfunc
    def look(self, pos: cython.int, facing: cython.int) -> cython.int:
        """The facing after a look: ahead, left and right, each by :func:`line_of_sight`, then
        :func:`choose` (MON-SIGHT-DIRS, MON-CHOOSE). CPython looks along the same lines on the
        walk's bitboard and reads choose's answer from its table (``CHOICES``)."""
        cells: Bytes = self.data
        # What each line ends on: a figure's code and its distance, or 0 (a stone, the wall).
        ahead_fig: cython.int = 0
        left_fig: cython.int = 0
        right_fig: cython.int = 0
        ahead_dist: cython.int = 0
        left_dist: cython.int = 0
        right_dist: cython.int = 0
        # Where each line ends, as line_of_sight packs it (kept for a look traced with its lines)
        ahead: cython.int
        left: cython.int
        right: cython.int
        chosen: cython.int = facing  # nothing seen: it keeps its facing (MON-CHOOSE)
        if cython.compiled:
            ahead = line_of_sight(cells, pos, facing)
            if (ahead & 255) != NONE and cells[ahead & 255] < FIRST_STONE:
                ahead_fig, ahead_dist = cells[ahead & 255], ahead >> 8
            left = line_of_sight(cells, pos, (facing + 3) & 3)
            if (left & 255) != NONE and cells[left & 255] < FIRST_STONE:
                left_fig, left_dist = cells[left & 255], left >> 8
            right = line_of_sight(cells, pos, (facing + 1) & 3)
            if (right & 255) != NONE and cells[right & 255] < FIRST_STONE:
                right_fig, right_dist = cells[right & 255], right >> 8
            if ahead_fig or left_fig or right_fig:
                chosen = choose(facing, ahead_dist, left_dist, right_dist)
        else:
            # The same three lines on the bitboard: the nearest blocking piece of a line is its
            # highest bit towards the east and the south (squares counting up), else its
            # lowest. Written out three times on purpose: a loop over the three, or a call
            # each, costs CPython 14 % of the walk (valgrind: 215,000 instructions an apply
            # against 189,000); the lines' bits come from one table entry.
            occ: int = self.occ
            ahead_t: int
            left_t: int
            right_t: int
            v: int
            ahead_bits, ahead_up, left_bits, left_up, right_bits, right_up = SIGHT_LINES[facing][
                pos
            ]
            spans: tuple[int, ...] = SPANS[pos]
            line: int = occ & ahead_bits
            if line:
                ahead_t = N_CELLS - (line.bit_length() if ahead_up else (line & -line).bit_length())
                v = cells[ahead_t]
                if v < FIRST_STONE:
                    ahead_fig, ahead_dist = v, spans[ahead_t]
            line = occ & left_bits
            if line:
                left_t = N_CELLS - (line.bit_length() if left_up else (line & -line).bit_length())
                v = cells[left_t]
                if v < FIRST_STONE:
                    left_fig, left_dist = v, spans[left_t]
            line = occ & right_bits
            if line:
                right_t = N_CELLS - (line.bit_length() if right_up else (line & -line).bit_length())
                v = cells[right_t]
                if v < FIRST_STONE:
                    right_fig, right_dist = v, spans[right_t]
            # choose's answer from its table, without a call (nothing seen: the facing kept)
            chosen = CHOICES[facing][ahead_dist][left_dist][right_dist]
        self.sight = chosen
        chosen &= 3
        if self.trace is not None:
            record(self.trace, T_LOOK, pos, facing, chosen, (self.sight >> 2) & 3)
            if self.flags & TRACE_STEPS:
                if not cython.compiled:  # the ends the bitboard found, packed as the C look's
                    ahead = ray_end(pos, facing, ahead_t if occ & ahead_bits else NONE)
                    left = ray_end(pos, (facing + 3) & 3, left_t if occ & left_bits else NONE)
                    right = ray_end(pos, (facing + 1) & 3, right_t if occ & right_bits else NONE)
                self.record_sight(self.trace, pos, facing, ahead, left, right)
            record(
                self.trace,
                T_SEEN,
                ahead_fig,
                ahead_dist,
                left_fig,
                left_dist,
                right_fig,
                right_dist,
            )
        return chosen

    @cython.cfunc
    def record_sight(
        self,
        trace: list[int],
        pos: cython.int,
        facing: cython.int,
        ahead: cython.int,
        left: cython.int,
        right: cython.int,
    ) -> None:
        """Record what ends each line of this look (a walk traced with its steps, for
        explanations): ahead, left and right as the look found them, and behind, where the
        monster never looks (MON-SIGHT-DIRS)."""
        behind: cython.int = line_of_sight(self.data, pos, (facing + 2) & 3)
        record(
            trace,
            T_SIGHT,
            ahead & 255,
            left & 255,
            right & 255,
            behind & 255,
            ahead >> 8 | (left >> 8) << 4,
            right >> 8 | (behind >> 8) << 4,
        )

    @cython.cfunc
    def move(self, pos: cython.int, facing: cython.int) -> cython.int:
        """The move of one step, after its look: the square it ends on (its facing then in
        ``facing``: a pair packed in one int cost CPython four operations a step).

        A turning stone ahead turns the monster first (ADV-TURN and its options), a wall is
        walked through (MON-WRAP), a piece on the square is eaten or pushed (MON-EAT,
        MON-PUSH), a pool is slid across (MON-SLIDE), a teleporter sends it to its partner
        (ADV-TELEPORT): all of it is this one step.
        """
        cells: Bytes = self.data
        layout: Table = self.layout
        flags: cython.int = self.flags
        self.pushed = 0
        turns: cython.int = 0
        kept: cython.int = R_MON_PUSH  # for the trace: why a piece ahead is pushed, not obeyed
        target: cython.int
        beyond: cython.int
        via_wall: cython.bint
        piece: cython.int  # what lies on the square the monster steps onto
        while True:
            target = NB[pos * 4 + facing]
            via_wall = target == NONE
            if via_wall:
                beyond = WR[pos]
                piece = cells[beyond]
                if piece == TURN_RIGHT or piece == TURN_ABOUT:
                    if (flags & OPT_BEYOND_WALL_TURNS) and self.may_turn(turns):
                        # ADV-TURN-WALL: the turn comes before the wall
                        facing = self.turn(pos, beyond, facing, self.why_turn(turns))
                        turns += 1
                        continue
                    kept = self.why_not(turns) if flags & OPT_BEYOND_WALL_TURNS else R_ADV_TURN_WALL
                else:
                    kept = R_MON_WRAP_OCCUPIED
                target = self.through_wall(pos, facing)
                break
            piece = cells[target]
            if piece >= TURN_ABOUT and piece <= TURN_RIGHT:  # a turning stone (one test for 0)
                if self.may_turn(turns):
                    facing = self.turn(pos, target, facing, self.why_turn(turns))  # ADV-TURN
                    turns += 1
                    continue
                kept = self.why_not(turns)
            break
        if piece:
            self.enter(target, facing, pos, via_wall, False, kept)
        pos = target
        nxt: cython.int
        wrapped: cython.bint
        slide_from: cython.int
        floor: cython.int = layout[pos]
        if floor & POOL:  # MON-SLIDE: across the pool within this step, without looking
            slide_from = pos
            while layout[pos] & POOL:
                nxt = NB[pos * 4 + facing]
                wrapped = nxt == NONE
                kept = R_MON_SLIDE_OCCUPIED
                if wrapped:  # MON-SLIDE-EDGE
                    if not (flags & OPT_POOL_WRAP):
                        break
                    beyond = WR[pos]
                    if cells[beyond] == TURN_RIGHT or cells[beyond] == TURN_ABOUT:
                        if (flags & OPT_BEYOND_WALL_TURNS) and self.pool_may_turn(turns):
                            # ADV-TURN-WALL point 4: turn on the last pool square
                            facing = self.turn(pos, beyond, facing, self.why_turn_sliding(turns))
                            turns += 1
                            continue
                        if flags & OPT_BEYOND_WALL_TURNS:
                            kept = self.why_not_sliding(turns)
                        else:
                            kept = R_ADV_TURN_WALL
                    else:
                        kept = R_MON_WRAP_OCCUPIED
                    nxt = self.through_wall(pos, facing)
                elif cells[nxt] == TURN_RIGHT or cells[nxt] == TURN_ABOUT:
                    if self.pool_may_turn(turns):
                        # ADV-TURN-POOL: turn on the blood
                        facing = self.turn(pos, nxt, facing, self.why_turn_sliding(turns))
                        turns += 1
                        continue
                    kept = self.why_not_sliding(turns)
                elif not (layout[nxt] & POOL):
                    kept = R_MON_SLIDE  # MON-SLIDE point 4: the square beyond the pool
                if cells[nxt]:
                    self.enter(nxt, facing, pos, wrapped, True, kept)
                pos = nxt
            if self.trace is not None:
                record(self.trace, T_MONSTER_SLIDE, slide_from, pos)
            floor = layout[pos]
        if floor & TELEPORTER:  # ADV-TELEPORT: at once on the partner, facing its arrow
            nxt = layout[PARTNERS + pos]
            facing = layout[ARROWS + nxt]
            if self.trace is not None:
                record(self.trace, T_TELEPORT, pos, nxt, facing)
            pos = nxt
        self.facing = facing
        return pos

    @cython.cfunc
    def may_turn(self, turns: cython.int) -> cython.bint:
        """Whether a turning stone ahead acts now (ADV-TURN, ADV-TURN-TIE, ADV-TURN-CHAIN):
        the first of a step only if this step's look saw no figure to the left or right (or,
        as an option, when they tied); one met straight after a turn, as an option, at most
        four times in a step."""
        if turns == 0:
            return not (self.sight & SIDE) or (self.flags & OPT_TIE_TURNS) != 0
        return (self.flags & OPT_CHAIN_TURNS) != 0 and turns < MAX_TURNS

    @cython.cfunc
    def pool_may_turn(self, turns: cython.int) -> cython.bint:
        """Whether a turning stone met in a slide acts (ADV-TURN-POOL): there is no look in a
        slide, so only the option and ADV-TURN-CHAIN decide."""
        if not (self.flags & OPT_POOL_TURNS):
            return False
        return turns == 0 or ((self.flags & OPT_CHAIN_TURNS) != 0 and turns < MAX_TURNS)

    @cython.cfunc
    def why_turn(self, turns: cython.int) -> cython.int:
        """The rule under which a turning stone ahead acts (see ``may_turn``)."""
        if turns:
            return R_ADV_TURN_CHAIN
        # Facing a stone after a look that saw a figure to a side means a tie (ADV-TURN 4).
        return R_ADV_TURN_TIE if self.sight & SIDE else R_ADV_TURN

    @cython.cfunc
    def why_not(self, turns: cython.int) -> cython.int:
        """The rule that keeps a turning stone ahead from acting, so that it is pushed."""
        if turns:
            return R_ADV_TURN_CHAIN
        return R_ADV_TURN_TIE if self.sight & TIE else R_ADV_TURN

    @cython.cfunc
    def why_turn_sliding(self, turns: cython.int) -> cython.int:
        """The rule under which a turning stone met in a slide acts."""
        return R_ADV_TURN_CHAIN if turns else R_ADV_TURN_POOL

    @cython.cfunc
    def why_not_sliding(self, turns: cython.int) -> cython.int:
        """The rule that keeps a turning stone met in a slide from acting."""
        return R_ADV_TURN_CHAIN if self.flags & OPT_POOL_TURNS else R_ADV_TURN_POOL

    @cython.cfunc
    def turn(
        self, pos: cython.int, stone: cython.int, facing: cython.int, rule: cython.int
    ) -> cython.int:
        """The facing after the turning stone on ``stone`` acts on the monster on ``pos``."""
        kind: cython.int = self.data[stone]
        new: cython.int = (facing + (1 if kind == TURN_RIGHT else 2)) & 3
        if self.trace is not None:
            record(self.trace, T_TURN_STONE, pos, stone, kind, facing, new, rule)
        return new

    @cython.cfunc
    def through_wall(self, pos: cython.int, facing: cython.int) -> cython.int:
        """Where the monster re-enters after leaving ``pos`` through a wall (MON-WRAP): the
        square of the same letter, in the same step, keeping its facing."""
        if self.trace is not None:
            record(self.trace, T_WRAP, pos, WR[pos], facing)
        return WR[pos]

    @cython.cfunc
    def enter(
        self,
        sq: cython.int,
        d: cython.int,
        monster: cython.int,
        via_wall: cython.bint,
        sliding: cython.bint,
        kept: cython.int,
    ) -> None:
        """The monster moves onto occupied ``sq`` towards ``d``: eat or push (MON-EAT,
        MON-PUSH).

        A figure is eaten, except where an option makes it pushed: on the re-entry square after
        a wall (MON-WRAP-OCCUPIED), or on a pool square reached by sliding
        (MON-SLIDE-OCCUPIED). A figure pushed so is a stone for the rest of the step, so meeting
        it again pushes it again. ``kept`` is the rule that decided a push of the piece on
        ``sq`` (for the trace).
        """
        v: cython.int = self.data[sq]
        push: cython.bint
        bit: cython.uint
        if v < FIRST_STONE:  # a figure (the square is occupied)
            bit = 1 << (v - 1)
            if self.pushed & bit:
                push = True
                if self.trace is not None:
                    kept = self.pushed_rules[v]
            elif via_wall:
                push = (self.flags & OPT_WRAP_PUSH) != 0
                kept = R_MON_WRAP_OCCUPIED
            else:
                push = (
                    sliding and (self.flags & OPT_SLIDE_PUSH) != 0 and (self.layout[sq] & POOL) != 0
                )
                if not sliding or not (self.layout[sq] & POOL):
                    kept = R_MON_SLIDE if sliding else R_MON_EAT
            if push:
                self.pushed |= bit
                if self.trace is not None:
                    self.pushed_rules[v] = kept
            else:
                self.data[sq] = 0
                if not cython.compiled:
                    self.occ ^= CELL_BIT[sq]
                self.eat(v, sq, HOW_EATEN, kept)
                return
        self.push_line(sq, d, monster, kept)

    @cython.cfunc
    def push_line(
        self, first: cython.int, d: cython.int, monster: cython.int, rule: cython.int
    ) -> None:
        """Push the contiguous line of pieces from ``first`` one square towards ``d`` (MON-PUSH).

        The far piece moves first. Off the board a stone is removed and a figure is eaten
        (MON-PUSH-OFF); onto a teleporter either leaves the game (ADV-TELEPORT-PUSH); onto a
        pool a piece slides on (MON-PUSH-POOL); a stone ending on a corner is removed unless the
        option keeps it (MON-CORNER-STONE). ``rule`` says why the piece on ``first`` is pushed
        (for the trace; the rest of the line: MON-PUSH).
        """
        cells: Bytes = self.data
        layout: Table = self.layout
        trace: list[int] | None = self.trace
        last: cython.int = first
        sq: cython.int = NB[first * 4 + d]
        while sq != NONE and cells[sq] != 0:
            last = sq
            sq = NB[sq * 4 + d]
        back: cython.int = (d + 2) & 3
        s: cython.int = last
        piece: cython.int
        figure: cython.bint
        dest: cython.int
        end: cython.int
        while True:
            piece = cells[s]
            figure = piece < FIRST_STONE  # the line's pieces are figures and stones
            cells[s] = 0
            if not cython.compiled and piece != CRYSTAL:
                self.occ ^= CELL_BIT[s]
            dest = NB[s * 4 + d]
            if dest == NONE or layout[dest] & TELEPORTER:  # MON-PUSH-OFF, ADV-TELEPORT-PUSH
                if figure:
                    if dest == NONE:
                        self.eat(piece, s, HOW_PUSHED_OFF, R_MON_PUSH_OFF)
                    else:
                        self.eat(piece, s, HOW_TELEPORTER, R_ADV_TELEPORT_PUSH)
                elif trace is not None:
                    record(
                        trace,
                        T_STONE_REMOVED,
                        s,
                        HOW_PUSHED_OFF if dest == NONE else HOW_TELEPORTER,
                        piece,
                    )
            else:
                cells[dest] = piece
                if figure:
                    cells[PLACES + piece - 1] = dest
                if trace is not None:
                    if figure:
                        record(
                            trace,
                            T_FIGURE_PUSHED,
                            piece,
                            s,
                            dest,
                            rule if s == first else R_MON_PUSH,
                        )
                    else:
                        record(
                            trace,
                            T_STONE_PUSHED,
                            s,
                            dest,
                            0,
                            rule if s == first else R_MON_PUSH,
                            piece,
                        )
                end = dest
                if layout[dest] & POOL:
                    end = slide_piece(cells, layout, monster, dest, d)
                    if end != dest:
                        if figure:
                            cells[PLACES + piece - 1] = end
                        if trace is not None:
                            if figure:
                                record(trace, T_FIGURE_SLID, piece, dest, end)
                            else:
                                record(trace, T_STONE_SLID, dest, end, piece)
                if (
                    not figure
                    and (end == EXIT or end == ENTRANCE)
                    and self.flags & OPT_CORNER_REMOVE
                ):
                    cells[end] = 0
                    if trace is not None:
                        record(trace, T_STONE_REMOVED, end, HOW_CORNER, piece)
                if not cython.compiled and cells[end] != 0 and piece != CRYSTAL:
                    self.occ |= CELL_BIT[end]
            if s == first:
                break
            s = NB[s * 4 + back]

    @cython.cfunc
    def eat(self, v: cython.int, sq: cython.int, how: cython.int, rule: cython.int) -> None:
        """Figure ``v`` is hit (MON-EAT, MON-PUSH-OFF, ADV-TELEPORT-PUSH): it waits beside the
        entrance again in stage 1 and is out of the game in stage 2 (MON-EATEN)."""
        self.hits += 1
        self.data[PLACES + v - 1] = AT_WAITING if self.stage == 1 else AT_REMOVED
        if self.trace is not None:
            record(self.trace, T_EAT, v, sq, how, rule, self.stage)


@cython.cfunc
def new_walk(
    keep: object, data: Bytes, layout: bytes, flags: cython.int, trace: list[int] | None
) -> Walk:
    """A walk over ``data`` (the bytes of ``keep``), made without the Python call of
    ``Walk(...)``: a transition makes one per tile."""
    walk: Walk = Walk.__new__(Walk)
    walk.start(keep, data, layout, flags, trace)
    return walk


@cython.cfunc
def slide_piece(
    cells: Bytes, layout: Table, monster: cython.int, sq: cython.int, d: cython.int
) -> cython.int:
    """Slide the piece on pool square ``sq`` on towards ``d`` (POOL-STONE-SLIDE,
    MON-PUSH-POOL): over empty pool squares and onto the square beyond if that is on the board,
    empty, not the monster's and not a teleporter (ADV-TELEPORT-PUSH); otherwise it stays on the
    last pool square it reached. Returns where it stopped."""
    piece: cython.int = cells[sq]
    cur: cython.int = sq
    nxt: cython.int
    while layout[cur] & POOL:
        nxt = NB[cur * 4 + d]
        if nxt == NONE or nxt == monster or cells[nxt] != 0 or layout[nxt] & TELEPORTER:
            break
        cells[cur] = 0
        cells[nxt] = piece
        cur = nxt
    return cur


# --- a figure's movement (FIG-*, PUSH-*, POOL-*) ------------------------------------------------


@cython.cfunc
def push_stone(
    cells: Bytes,
    layout: Table,
    monster: cython.int,
    sq: cython.int,
    d: cython.int,
    fig: cython.int,
    trace: list[int] | None,
) -> cython.int:
    """A figure pushes the stone on ``sq`` one square towards ``d`` (PUSH-ONE): 0, or the rule
    it breaks (cells unchanged then). The square behind must be on the board (PUSH-EDGE), not a
    teleporter (ADV-TELEPORT-FIGURES) and empty: no figure, no stone, not the monster
    (PUSH-ONE). A stone ending on a corner is removed (PUSH-CORNER); one pushed onto a pool
    slides (POOL-STONE-SLIDE)."""
    behind: cython.int = NB[sq * 4 + d]
    if behind == NONE:
        return R_PUSH_EDGE
    if layout[behind] & TELEPORTER:
        return R_ADV_TELEPORT_FIGURES
    if behind == monster or cells[behind] != 0:
        return R_PUSH_ONE
    stone: cython.int = cells[sq]
    cells[behind] = stone
    cells[sq] = 0
    if trace is not None:
        record(trace, T_STONE_PUSHED, sq, behind, fig, R_PUSH_ONE, stone)
    end: cython.int = behind
    if layout[behind] & POOL:
        end = slide_piece(cells, layout, monster, behind, d)
        if trace is not None and end != behind:
            record(trace, T_STONE_SLID, behind, end, stone)
    if end == EXIT or end == ENTRANCE:
        cells[end] = 0
        if trace is not None:
            record(trace, T_STONE_REMOVED, end, HOW_CORNER, stone)
    return 0


@cython.ccall
def figure_step(
    cells: Bytes,
    layout: Table,
    monster: cython.int,
    pos: cython.int,
    d: cython.int,
    flags: cython.int,
    fig: cython.int,
    trace: list[int] | None,
) -> cython.int:
    """One movement point of figure ``fig`` on ``pos`` towards ``d``; ``cells`` (changed in
    place by a push) lacks the mover. Packed as ``rule | end << 8 | pushed << 16``: the rule
    the point breaks (0 if none), the square where it ends, and whether a stone moved.

    Stepping onto a pool slides on in the same direction for the same point (POOL-SLIDE). From
    ``AT_WAITING`` the figure enters on p11 whatever ``d`` is (FIG-ENTER).
    """
    if pos == AT_WAITING:
        if monster == ENTRANCE:
            return R_FIG_MONSTER | (pos << 8)
        if is_stone(cells[ENTRANCE]):
            return R_FIG_ENTER | (pos << 8)
        if trace is not None:
            record(trace, T_FIGURE_STEPPED, fig, AT_WAITING, ENTRANCE)
        return ENTRANCE << 8
    target: cython.int = NB[pos * 4 + d]
    if target == NONE:
        return R_FIG_EDGE | (pos << 8)
    if layout[target] & TELEPORTER:
        return R_ADV_TELEPORT_FIGURES | (pos << 8)
    if target == monster:
        return R_FIG_MONSTER | (pos << 8)
    pushed: cython.int = 0
    rule: cython.int
    if is_stone(cells[target]):
        rule = push_stone(cells, layout, monster, target, d, fig, trace)
        if rule:
            return rule | (pos << 8)
        pushed = 1
    if trace is not None:
        record(trace, T_FIGURE_STEPPED, fig, pos, target)
    if not (layout[target] & POOL):
        return (target << 8) | (pushed << 16)
    # POOL-SLIDE: on to the first square beyond the pool, unless blocked (POOL-BLOCKED).
    cur: cython.int = target
    nxt: cython.int
    v: cython.int
    while layout[cur] & POOL:
        nxt = NB[cur * 4 + d]
        if nxt == NONE or nxt == monster or layout[nxt] & TELEPORTER:
            break
        v = cells[nxt]
        if is_stone(v):  # POOL-BEYOND-STONE / POOL-STONE-ON-POOL: the ordinary push check
            if push_stone(cells, layout, monster, nxt, d, fig, trace):
                break
            pushed = 1
        elif v != 0 and flags & OPT_SLIDE_STOP and layout[nxt] & POOL:
            break  # POOL-FIGURE-ON-POOL under slide_over_figure=stop
        cur = nxt
    if cur != target and trace is not None:
        record(trace, T_FIGURE_SLID, fig, target, cur)
    return (cur << 8) | (pushed << 16)


@cython.ccall
def run_path(
    cells: Bytes,
    layout: Table,
    monster: cython.int,
    start: cython.int,
    points: cython.int,
    path: Table,
    length: cython.int,
    flags: cython.int,
    fig: cython.int,
    trace: list[int] | None,
) -> cython.longlong:
    """Walk figure ``fig`` from ``start`` along ``path`` (squares stepped onto, ``AT_OUT`` to
    leave) with ``points`` points; ``cells`` lacks the mover and is changed in place. Packed
    as ``why | rule << 8 | pos << 16 | target << 24``: ``why`` 0 and ``pos`` the final place
    (a square, ``AT_OUT`` or ``AT_WAITING``) for a legal move, else the ``WHY_*`` of the
    refusal, its rule, the place reached and the entry refused."""
    pos: cython.int = start
    left: cython.int = points
    last_slid: cython.bint = False
    i: cython.int
    target: cython.int
    d: cython.int
    step: cython.int
    for i in range(length):
        target = path[i]
        if left <= 0:
            return refused(WHY_POINTS_SPENT, R_FIG_POINTS, pos, target)
        if target == AT_OUT:
            if pos == AT_WAITING:
                return refused(WHY_OUT_WAITING, R_FIG_ENTER, pos, target)
            if pos != EXIT:
                return refused(WHY_OUT_NOT_EXIT, R_FIG_EDGE, pos, target)
            if i != length - 1:
                return refused(WHY_OUT_NOT_LAST, R_FIG_EXIT, pos, target)
            if trace is not None:
                record(trace, T_FIGURE_EXITED, fig)
                if flags & TRACE_STEPS:
                    mark(trace, cells, fig, AT_OUT)
            return AT_OUT << 16
        if pos == AT_WAITING:
            if target != ENTRANCE:
                return refused(WHY_ENTER_NOT_P11, R_FIG_ENTER, pos, target)
            d = 0
        else:
            d = 0
            while d < 4 and NB[pos * 4 + d] != target:
                d += 1
            if d == 4:
                if target == WR[pos] and has_wall(pos):
                    return refused(WHY_THROUGH_WALL, R_FIG_EDGE, pos, target)
                return refused(WHY_NOT_ADJACENT, R_FIG_POINTS, pos, target)
        step = figure_step(cells, layout, monster, pos, d, flags, fig, trace)
        if step & 255:
            return refused(WHY_STEP, step & 255, pos, target)
        last_slid = (layout[target] & POOL) != 0
        pos = (step >> 8) & 255
        left -= 1
        if trace is not None and flags & TRACE_STEPS:
            mark(trace, cells, fig, pos)
    if pos < N_CELLS and cells[pos] != 0:
        rule: cython.int = R_POOL_LAST_POINT if last_slid else R_FIG_THROUGH
        return refused(WHY_ENDS_ON_FIGURE, rule, pos, pos)
    return pos << 16


@cython.cfunc
@cython.inline
def refused(
    why: cython.longlong, rule: cython.longlong, pos: cython.longlong, target: cython.longlong
) -> cython.longlong:
    """A refused move packed as ``why | rule << 8 | pos << 16 | target << 24``, in 64 bits."""
    return why | (rule << 8) | (pos << 16) | (target << 24)


@cython.cfunc
@cython.inline
def has_wall(sq: cython.int) -> cython.bint:
    """Whether ``sq`` lies against a wall (a neighbour is off the board)."""
    return (
        NB[sq * 4] == NONE
        or NB[sq * 4 + 1] == NONE
        or NB[sq * 4 + 2] == NONE
        or NB[sq * 4 + 3] == NONE
    )


# --- every result of a figure's move (one per distinct end square and board) ---------------------


@cython.ccall
def most_nodes(points: cython.int) -> cython.int:
    """How many nodes a search of ``points`` points can make at most: the start, four steps
    from each node of a layer, and a way out from a1 (FIG-EXIT) in each layer."""
    most: cython.int = points + 1
    k: cython.int
    for k in range(points + 1):
        most += 1 << (2 * k)
    return most


ZERO_INT = array("i", [0])  # repeated, the quickest way to a zeroed array


@cython.cclass
class Search:
    """A breadth-first search of a figure's moves by points spent: the first time a (square,
    board) pair is reached it is reached with the most points left, so later visits add
    nothing. Boards differ only where the figure pushed stones. Nodes are numbered in the
    order found, layer by layer, the zero move first; every node but those ending on another
    figure (FIG-THROUGH) is a distinct result, reached by a shortest path (FIG-POINTS,
    FIG-ZERO). :meth:`again` searches anew in the same buffers (playouts do, many times)."""

    boards: list[bytes]  # every board reached, by id; 0 is the board the search began on
    ids: dict[bytes, int]
    ends: bytearray  # per node: where the figure is (a square, AT_OUT, AT_WAITING),
    entries: bytearray  # the path entry that led there,
    parents: Ints  # the node before (-1 for the start),
    board_ids: Ints  # and on which board
    results: Ints  # the nodes that are results, in the order found
    seen: bytearray  # per board id, 256 flags: (square, board) reached
    scratch: bytearray  # a board a step is tried on
    nodes: cython.int
    found: cython.int  # how many results
    capacity: cython.int  # how many nodes the buffers hold

    def __init__(
        self, cells: bytes, layout: bytes, monster: int, start: int, points: int, flags: int
    ) -> None:
        self.capacity = 0
        self.seen = bytearray(256)
        self.scratch = bytearray(N_CELLS)
        self.again(cells, layout, monster, start, points, flags)

    @cython.ccall
    def again(
        self,
        cells: bytes,
        layout: bytes,
        monster: cython.int,
        start: cython.int,
        points: cython.int,
        flags: cython.int,
    ) -> cython.int:
        """Search anew (the buffers grow if need be); returns how many results there are."""
        most: cython.int = most_nodes(points)
        if most > self.capacity:
            self.capacity = most
            self.ends = bytearray(most)
            self.entries = bytearray(most)
            self.parents = ZERO_INT * most
            self.board_ids = ZERO_INT * most
            self.results = ZERO_INT * most
        self.boards = [cells]
        self.ids = {}  # filled at the first push: most searches push nothing
        self.ends[0] = start
        self.parents[0] = -1
        self.board_ids[0] = 0
        self.nodes = 1
        self.run(layout, monster, start, points, flags)
        return self.found

    @cython.cfunc
    def run(
        self,
        layout_obj: bytes,
        monster: cython.int,
        start: cython.int,
        points: cython.int,
        flags: cython.int,
    ) -> None:
        layout: Table = layout_obj
        seen_obj = self.seen
        clear(seen_obj, 0)
        seen: Bytes = seen_obj
        seen[start] = 1
        scratch_obj = self.scratch
        scratch: Bytes = scratch_obj
        ends: Bytes = self.ends
        lo: cython.int = 0  # the layer being expanded: nodes lo .. hi - 1
        hi: cython.int = 1
        _spent: cython.int
        node: cython.int
        pos: cython.int
        bid: cython.int
        d: cython.int
        step_to: cython.int
        end: cython.int
        nbid: cython.int
        step: cython.int
        kind: cython.int
        board_now: bytes
        cells: Table
        for _spent in range(points):
            for node in range(lo, hi):
                pos = ends[node]
                if pos == AT_OUT:
                    continue  # FIG-EXIT: nothing follows leaving through the exit
                bid = self.board_ids[node]
                board_now = self.boards[bid]
                cells = board_now
                if pos == EXIT and not seen[bid * 256 + AT_OUT]:
                    seen[bid * 256 + AT_OUT] = 1
                    self.add(AT_OUT, bid, node, AT_OUT)
                for d in range(4):
                    if pos == AT_WAITING:
                        if d:
                            break
                        step_to = ENTRANCE
                    else:
                        step_to = NB[pos * 4 + d]
                    kind = layout[STEPS + step_to]
                    if kind == STEP_NEVER or step_to == monster:
                        continue
                    if kind == STEP_PLAIN and not is_stone(cells[step_to]):
                        end, nbid = step_to, bid  # a plain step: the common case, kept inline
                    else:
                        copy_cells(scratch_obj, board_now)
                        step = figure_step(scratch, layout, monster, pos, d, flags, 0, None)
                        if step & 255:
                            continue
                        end = (step >> 8) & 255
                        if step >> 16:
                            nbid = self.intern(scratch_obj)
                            seen_obj = self.seen  # it may have grown: read it again
                            seen = seen_obj
                        else:
                            nbid = bid
                    if seen[nbid * 256 + end]:
                        continue
                    seen[nbid * 256 + end] = 1
                    self.add(end, nbid, node, step_to)
            lo, hi = hi, self.nodes
        # A move may pass over another figure but not end on it (FIG-THROUGH).
        found: cython.int = 0
        for node in range(self.nodes):
            end = ends[node]
            if end >= N_CELLS or self.boards[self.board_ids[node]][end] == 0:
                self.results[found] = node
                found += 1
        self.found = found

    @cython.cfunc
    def add(self, end: cython.int, bid: cython.int, parent: cython.int, entry: cython.int) -> None:
        node: cython.int = self.nodes
        self.ends[node] = end
        self.entries[node] = entry
        self.parents[node] = parent
        self.board_ids[node] = bid
        self.nodes = node + 1

    @cython.cfunc
    def intern(self, cells: bytearray) -> cython.int:
        """The id of a board, new or seen before (its flags in ``seen`` cleared when new)."""
        key = bytes(cells)
        if not self.ids:
            self.ids[self.boards[0]] = 0  # a push can bring the first board back
        known = self.ids.get(key)
        if known is not None:
            return known
        bid: cython.int = len(self.boards)
        self.ids[key] = bid
        self.boards.append(key)
        if len(self.seen) < (bid + 1) * 256:
            self.seen.extend(bytes(256 * (bid + 1)))  # room for as many boards again
        clear(self.seen, bid)
        return bid

    def count(self) -> int:
        """How many distinct results there are."""
        return self.found

    def path(self, k: int) -> bytes:
        """The path of result ``k``: the entries (squares, ``AT_OUT``) in order."""
        entries = bytearray()
        node = self.results[k]
        while self.parents[node] >= 0:
            entries.append(self.entries[node])
            node = self.parents[node]
        entries.reverse()
        return bytes(entries)

    def end(self, k: int) -> int:
        """Where result ``k`` ends: a square, ``AT_OUT``, or ``AT_WAITING`` (the zero move)."""
        return self.ends[self.results[k]]

    def board(self, k: int) -> bytes:
        """The cells after result ``k`` (without the mover)."""
        return self.boards[self.board_ids[self.results[k]]]

    def moves(self, names: tuple[str, ...]) -> list[tuple[int, tuple[str, ...], bytes]]:
        """Every result as (end, path as square names and ``out``, cells after); ``names``
        names every path entry by its code (``names[AT_OUT]`` is ``"out"``)."""
        paths: list[tuple[str, ...]] = [()]
        node: cython.int
        for node in range(1, self.nodes):  # a parent always comes before its children
            paths.append((*paths[self.parents[node]], names[self.entries[node]]))
        k: cython.int
        out: list[tuple[int, tuple[str, ...], bytes]] = []
        for k in range(self.found):
            node = self.results[k]
            out.append((self.ends[node], paths[node], self.boards[self.board_ids[node]]))
        return out


@cython.cfunc
@cython.inline
def clear(flags: bytearray, board: cython.int) -> None:
    """Zero the 256 flags of one board in a search's ``seen``."""
    into: Bytes
    if cython.compiled:
        into = flags
        memset(into + board * 256, 0, 256)
    else:
        flags[board * 256 : board * 256 + 256] = bytes(256)


@cython.cfunc
@cython.inline
def copy_cells(into: bytearray, cells: bytes) -> None:
    """Copy a board's cells into a scratch board."""
    dst: Bytes
    src: Table
    if cython.compiled:
        dst = into
        src = cells
        memcpy(dst, src, N_CELLS)
    else:
        into[:] = cells


# --- turn order (RND-ORDER, RND-PASS, RND-ONCE, RND-FIRST) -------------------------------------


@cython.cfunc
@cython.inline
def per_seat(data: Table) -> cython.int:
    """How many figures each player has (SET-FIGURES)."""
    return data[FIGURES] // data[PLAYERS]


@cython.cfunc
@cython.inline
def in_play(place: cython.int) -> cython.bint:
    """On the board or waiting at the entrance: the figure still moves every round."""
    return place < N_CELLS or place == AT_WAITING


@cython.ccall
def has_unmoved(data: Table, seat: cython.int) -> cython.bint:
    """Whether ``seat`` has a figure in play that has not moved this round."""
    per: cython.int = per_seat(data)
    i: cython.int
    for i in range(seat * per, seat * per + per):
        if in_play(data[PLACES + i]) and not (data[FACES + i] & MOVED):
            return True
    return False


@cython.ccall
def next_to_move(data: Table, after: cython.int) -> cython.int:
    """The next seat clockwise after ``after`` (-1: before seat 0) with a figure still to move,
    or NONE (RND-PASS)."""
    players: cython.int = data[PLAYERS]
    k: cython.int
    seat: cython.int
    for k in range(1, players + 1):
        seat = (after + players + k) % players
        if has_unmoved(data, seat):
            return seat
    return NONE


@cython.ccall
def seat_to_move(data: bytes) -> cython.int:
    """The seat whose turn it is by the round's moved marks alone, or NONE when every figure in
    play has moved (RND-ORDER, RND-PASS): what a position written down needs, since it does
    not say who moved last.

    The round is replayed from its start by :func:`next_to_move`: each turn uses one of the
    seat's moved figures, and the first turn that finds none left is the one to come. A moved
    figure that has since got out is in play in the replay, as it was at its turn."""
    work_obj = bytearray(data)
    work: Bytes = work_obj
    figures: cython.int = work[FIGURES]
    per: cython.int = per_seat(work)
    left = bytearray(work[PLAYERS])  # per seat, its moved figures the replay has not used
    i: cython.int
    for i in range(figures):
        if work[FACES + i] & MOVED:
            left[i // per] += 1
            work[FACES + i] &= 7
            if not in_play(work[PLACES + i]):
                work[PLACES + i] = AT_WAITING
    seat: cython.int = next_to_move(work, work[START] - 1)
    while seat != NONE and left[seat]:
        left[seat] -= 1
        for i in range(seat * per, seat * per + per):
            if in_play(work[PLACES + i]) and not (work[FACES + i] & MOVED):
                work[FACES + i] |= MOVED
                break
        seat = next_to_move(work, seat)
    return seat


@cython.ccall
def placer(data: Table, placed: cython.int) -> cython.int:
    """The seat that places the next tile once ``placed`` tiles lie on the board: the first
    placer, then seat order (PLACE-ORDER point 3, seat (f + placed) mod n). Through the
    placement phase START holds the first placer f, under BSW the start player (BSW-PLACE)."""
    return (data[START] + placed) % data[PLAYERS]


@cython.ccall
def placement_turn(
    data_obj: bytearray, placed: cython.int, left: cython.int, advanced: cython.bint
) -> None:
    """Whose turn it is once ``placed`` tiles lie on the board and ``left`` are still to place,
    written into ``data``: the next placer (PLACE-ORDER); after the last tile, round 1 and its
    start player, in the advanced game the placer after the last (PLACE-ORDER point 4, seat
    (f + 17) mod n), under BSW the first placer, who keeps the start player tile (point 5)."""
    data: Bytes = data_obj
    if left:
        data[PHASE] = PLACEMENT
        data[TO_MOVE] = placer(data, placed)
        return
    if advanced:
        data[START] = placer(data, placed)
    data[PHASE] = FIGURES_PHASE
    data[TO_MOVE] = next_to_move(data, data[START] - 1)


@cython.ccall
def stage_round(stage: cython.int, reveals: cython.int) -> cython.int:
    """The round a stage is in once ``reveals`` of its tiles have been carried out: one tile a
    round, stage 1's in rounds 1 to 7, stage 2's from round 8 on (STAGE-ONE)."""
    if stage == 1:
        return reveals + 1
    return reveals + MAX_STAGE_REVEALS + 1


@cython.ccall
def entered_this_round(data: Table, seat: cython.int) -> cython.int:
    """How many of a seat's figures came onto the board this round (for RND-FIRST)."""
    per: cython.int = per_seat(data)
    i: cython.int
    n: cython.int = 0
    for i in range(seat * per, seat * per + per):
        if data[FACES + i] & MOVED and data[PLACES + i] != AT_WAITING:
            n += 1
    return n


@cython.ccall
def entry_limited(data: Table, i: cython.int) -> cython.bint:
    """RND-FIRST: in round 1 a player brings at most two figures onto the board, so a waiting
    figure whose owner has brought two may only make the zero move."""
    return (
        data[PLACES + i] == AT_WAITING
        and data[ROUND] == 1
        and entered_this_round(data, i // per_seat(data)) >= 2
    )


@cython.ccall
def must_enter(data: Table, i: cython.int, flags: cython.int) -> cython.bint:
    """FIG-WAITING under ``reentry=mandatory``: from round 2 a waiting figure that can enter
    must."""
    return data[PLACES + i] == AT_WAITING and (flags & OPT_MANDATORY) != 0 and data[ROUND] > 1


@cython.ccall
def turn_error(data: Table, i: cython.int, moving: cython.bint) -> cython.int:
    """Why figure ``i`` may not move now, before its path is looked at: 0, or the rule with a
    detail, ``rule | why << 8`` (RND-ORDER; RND-ONCE 1: out of play, 2: already moved;
    RND-FIRST). ``moving``: the move has a path (RND-FIRST limits only those)."""
    if i // per_seat(data) != data[TO_MOVE]:
        return R_RND_ORDER
    if not in_play(data[PLACES + i]):
        return R_RND_ONCE | (1 << 8)
    if data[FACES + i] & MOVED:
        return R_RND_ONCE | (2 << 8)
    if moving and entry_limited(data, i):
        return R_RND_FIRST
    return 0


@cython.ccall
def start_of_move(data: Table, i: cython.int) -> cython.int:
    """Where figure ``i`` starts its move: its square, or AT_WAITING."""
    place: cython.int = data[PLACES + i]
    return place if place < N_CELLS else AT_WAITING


@cython.ccall
def lifted(data: bytes | bytearray, i: cython.int) -> bytes:
    """The cells figure ``i`` moves over, without it: it may pass back over its own square."""
    place: cython.int = data[PLACES + i]
    if place >= N_CELLS:
        return bytes(data[:N_CELLS])
    cells = bytearray(data[:N_CELLS])
    cells[place] = 0
    return bytes(cells)


@cython.ccall
def escaped(data: Table, seat: cython.int) -> cython.int:
    """How many figures of ``seat`` are out."""
    k: cython.int
    n: cython.int = 0
    for k in range(data[ESCAPED]):
        if data[ESCAPES + k] == seat:
            n += 1
    return n


@cython.ccall
def decided(data: Table) -> cython.bint:
    """Whether a seat has all its figures but one out (END-WIN)."""
    if not data[ESCAPED]:  # every seat has two figures or more: none out decides nothing
        return False
    return has_winner(data, ESCAPES, data[ESCAPED], per_seat(data), data[PLAYERS])


@cython.ccall
def has_winner(
    seats: Table, first: cython.int, count: cython.int, per: cython.int, players: cython.int
) -> cython.bint:
    """Whether, of the figures out (their owners' seats, ``seats[first:first + count]``), a
    seat of ``players`` with ``per`` figures each has all its figures but one (END-WIN)."""
    seat: cython.int
    k: cython.int
    n: cython.int
    for seat in range(players):
        n = 0
        for k in range(first, first + count):
            if seats[k] == seat:
                n += 1
        if n >= per - 1:
            return True
    return False


@cython.cfunc
def any_in_play(data: Table) -> cython.bint:
    i: cython.int
    for i in range(data[FIGURES]):
        if in_play(data[PLACES + i]):
            return True
    return False


# --- the transitions ------------------------------------------------------------------------------


@cython.ccall
def play_figure(
    data: Bytes,
    layout_obj: bytes,
    flags: cython.int,
    i: cython.int,
    path: bytes,
    trace: list[int] | None,
) -> cython.longlong:
    """Move figure ``i`` (whose turn error is 0) along ``path``, changing ``data`` (a
    ``bytearray``, or the bytes of a new state not yet handed out) in place: 0, or the refusal
    as :func:`run_path` packs it (``data`` is then spoiled). FIG-ZERO, FIG-FLIP, FIG-WAITING,
    END-WIN, END-ALL-GONE, RND-PASS."""
    layout: Table = layout_obj
    length: cython.int = len(path)
    start: cython.int = start_of_move(data, i)
    if start < N_CELLS:
        data[start] = 0
    res: cython.longlong = run_path(
        data, layout, data[MONSTER], start, data[FACES + i] & 7, path, length, flags, i + 1, trace
    )
    if res & 255:
        return res
    if length == 0 and must_enter(data, i, flags) and can_enter(data, layout_obj, i, flags):
        return refused(WHY_STEP, R_FIG_WAITING, start, 0)
    end: cython.int = (res >> 16) & 255
    if end < N_CELLS:
        data[end] = i + 1
    data[PLACES + i] = end
    face: cython.int = 7 - (data[FACES + i] & 7)
    data[FACES + i] = face | MOVED
    if trace is not None:
        record(trace, T_FLIPPED, i + 1, face)
    per: cython.int = per_seat(data)
    if end == AT_OUT:
        data[ESCAPES + data[ESCAPED]] = i // per
        data[ESCAPED] += 1
    ending: cython.int = move_ending(data, flags)
    if ending:
        end_game(data, ending, trace)
        return 0
    data[TO_MOVE] = next_to_move(data, i // per)
    data[PHASE] = FIGURES_PHASE if data[TO_MOVE] != NONE else MONSTER_PHASE
    return 0


@cython.ccall
def move_ending(data: Table, flags: cython.int) -> cython.int:
    """How the game ends in its figure phase, or 0: a seat has all its figures but one out
    (END-WIN), at once or, under ``finish_round``, once nothing of the round is left to play
    (VAR-FINISH-ROUND-EMPTY); in stage 2, no figure left in play (END-ALL-GONE). After each
    figure move, and for a position written down."""
    won: cython.bint = decided(data)
    if won and not (flags & OPT_FINISH_ROUND):
        return END_WIN
    if not any_in_play(data):
        if won:
            return END_WIN
        if data[STAGE] == 2:
            return END_ALL_GONE
    return 0


@cython.cfunc
def can_enter(data: Bytes, layout: bytes, i: cython.int, flags: cython.int) -> cython.bint:
    """Whether waiting figure ``i`` has a move other than the zero move (FIG-WAITING)."""
    search = Search(
        bytes(data[:N_CELLS]), layout, data[MONSTER], AT_WAITING, data[FACES + i] & 7, flags
    )
    return search.count() > 1


@cython.cfunc
def end_game(data: Bytes, ending: cython.int, trace: list[int] | None) -> None:
    data[ENDED] = ending
    data[PHASE] = OVER
    data[TO_MOVE] = NONE
    if trace is not None:
        record(trace, T_ENDED, ending)


@cython.ccall
def reveal(
    data_obj: bytearray, layout: bytes, flags: cython.int, tile: cython.int, trace: list[int] | None
) -> None:
    """Carry out monster tile ``tile`` (an index of deck.TILES; the caller checked it may be
    revealed), changing ``data`` in place: the walk, then the tile's end (DECK-REVEAL,
    STAGE-ONE, STAGE-TWO, STAGE-TWO-END, END-*, RND-START-PASS)."""
    data: Bytes = data_obj
    carry_out(data_obj, data, layout, flags, tile, trace)


@cython.ccall
def reveal_refused(data: Table, tile: cython.int) -> cython.int:
    """The code of the rule under which tile ``tile`` may not be revealed now, or 0: the phase
    (RND-PHASES), a tile the deck no longer holds (DECK-REVEAL), a hit tile first (DECK-FIRST);
    once the game is over, the rule that ended it."""
    if data[PHASE] == OVER:
        ended: int = ENDING_CODES[data[ENDED]]
        return ended
    if data[PHASE] != MONSTER_PHASE:
        return R_RND_PHASES
    if not data[DECK + tile]:
        return R_DECK_REVEAL
    if tile >= FIRST_HIT_TILE and tile >= revealable(data):  # numbered tiles: always
        return R_DECK_FIRST
    return 0


@cython.ccall
def reveal_state(
    state: S, tile: cython.int, trace: list[int] | None, steps: cython.bint
) -> S | int:
    """The state after monster tile ``tile`` is revealed in ``state`` (a ``GameState``), or the
    code of the rule that refuses it (:func:`reveal_refused`). One call from the public
    ``apply`` to the new state: the checks, the copy, the walk and the tile's end. With
    ``steps`` the trace also marks each step's end and holds each look's lines (TRACE_STEPS)."""
    data: bytes = state.data  # type: ignore[attr-defined]
    setting: object = state.setting  # type: ignore[attr-defined]
    code: cython.int = reveal_refused(data, tile)
    if code:
        return code
    layout: bytes = setting.layout  # type: ignore[attr-defined]
    flags: cython.int = setting.flags  # type: ignore[attr-defined]
    if steps:
        flags |= TRACE_STEPS
    if cython.compiled:  # the new bytes object is written in place before anyone sees it
        new: bytes = fresh_copy(data)
        carry_out(new, cython.cast(Bytes, PyBytes_AS_STRING(new)), layout, flags, tile, trace)
        return successor(state, new, setting)
    work = bytearray(data)
    carry_out(work, work, layout, flags, tile, trace)
    return type(state)(bytes(work), setting)  # type: ignore[call-arg]


@cython.ccall
def play_state(
    state: S, i: cython.int, path: bytes, trace: list[int] | None, steps: cython.bint
) -> S | int:
    """The state after figure ``i`` (whose turn error is 0) moves along ``path`` in ``state``
    (a ``GameState``), or the refusal as :func:`run_path` packs it (``steps``: as for
    :func:`reveal_state`)."""
    data: bytes = state.data  # type: ignore[attr-defined]
    setting: object = state.setting  # type: ignore[attr-defined]
    layout: bytes = setting.layout  # type: ignore[attr-defined]
    flags: cython.int = setting.flags  # type: ignore[attr-defined]
    if steps:
        flags |= TRACE_STEPS
    refusal: cython.longlong
    if cython.compiled:  # the new bytes object is written in place before anyone sees it
        new: bytes = fresh_copy(data)
        refusal = play_figure(
            cython.cast(Bytes, PyBytes_AS_STRING(new)), layout, flags, i, path, trace
        )
        if refusal:
            return refusal
        return successor(state, new, setting)
    work = bytearray(data)
    refusal = play_figure(work, layout, flags, i, path, trace)
    if refusal:
        return refusal
    return type(state)(bytes(work), setting)  # type: ignore[call-arg]


@cython.cfunc
def fresh_copy(data: bytes) -> bytes:
    """A new bytes object holding a copy of ``data`` (compiled only: the kernel writes into it
    through a pointer before handing it out, which saves a bytearray and a second copy)."""
    if cython.compiled:
        return PyBytes_FromStringAndSize(
            cython.cast(cython.p_char, cython.cast(Table, data)), len(data)
        )
    return bytes(bytearray(data))


@cython.cfunc
def successor(state: S, data: bytes, setting: object) -> S:
    """Compiled: ``type(state)(data, setting)`` for a state class made by attrs (frozen, its
    fields ``data`` and ``setting``), its two fields set as attrs' own ``__init__`` sets a frozen
    class's (object's setattr, past the class's refusing one) without the Python call of the
    class: a third of a figure move's time. The pure build calls the class."""
    cls = type(state)
    if cython.compiled:
        new = cls.__new__(cls)
        PyObject_GenericSetAttr(new, "data", data)
        PyObject_GenericSetAttr(new, "setting", setting)
        return new  # type: ignore[no-any-return]
    return cls(data, setting)  # type: ignore[call-arg]


@cython.cfunc
def carry_out(
    keep: object,
    data: Bytes,
    layout: bytes,
    flags: cython.int,
    tile: cython.int,
    trace: list[int] | None,
) -> None:
    """:func:`reveal` on the bytes of ``keep`` (``data``)."""
    if trace is not None:
        record(trace, T_TILE, tile)
    walk: Walk = new_walk(keep, data, layout, flags, trace)
    walk.run(TILE_STEPS[tile], TILE_HITS[tile])
    end_tile(data, flags, tile, trace)


@cython.ccall
def tile_end(data_obj: bytearray, flags: cython.int, tile: cython.int) -> None:
    """The end of tile ``tile`` on a position where its walk is done, changing ``data`` in
    place: for a fold of a reveal's events, which leaves the tile's end to the rules."""
    data: Bytes = data_obj
    end_tile(data, flags, tile, None)


@cython.cfunc
@cython.inline
def end_tile(data: Bytes, flags: cython.int, tile: cython.int, trace: list[int] | None) -> None:
    """What follows a tile's walk: the tile leaves the deck (DECK-REVEAL), then the stage's end
    or the game's (STAGE-ONE, STAGE-TWO-END, END-*), or the next round (RND-START-PASS)."""
    data[DECK + tile] -= 1
    data[REVEALS] += 1
    stage: cython.int = data[STAGE]
    last: cython.bint = data[REVEALS] == MAX_STAGE_REVEALS
    ending: cython.int = 0
    if data[ESCAPED] and decided(data):  # VAR-FINISH-ROUND-MONSTER: the round is over now
        ending = END_WIN
    elif stage == 2 and not any_in_play(data):
        ending = END_ALL_GONE
    elif stage == 2 and last:
        ending = STAGE_TWO_END
    i: cython.int
    place: cython.int
    if ending == STAGE_TWO_END:
        # Figures still inside count as eaten; not after a win (VAR-FINISH-ROUND-INSIDE).
        for i in range(data[FIGURES]):
            place = data[PLACES + i]
            if place < N_CELLS:
                data[place] = 0
                data[PLACES + i] = AT_REMOVED
                if trace is not None:
                    record(trace, T_EAT, i + 1, place, HOW_INSIDE, R_STAGE_TWO_END, 2)
        if trace is not None and flags & TRACE_STEPS:
            mark(trace, data, 0, 0)
    elif stage == 1 and last and not ending:  # STAGE-ONE
        data[STAGE] = 2
        data[REVEALS] = 0
        full_deck(data, flags)
        if trace is not None:
            record(trace, T_STAGE, 2)
    if ending:
        end_game(data, ending, trace)
        return
    # RND-START-PASS: the start player tile passes clockwise and a new round begins.
    start: cython.int = (data[START] + 1) % data[PLAYERS]
    if cython.compiled:
        for i in range(data[FIGURES]):
            data[FACES + i] &= 7
    else:  # CPython: the same in one call
        data[FACES : FACES + data[FIGURES]] = data[FACES : FACES + data[FIGURES]].translate(
            FACE_ONLY
        )
    data[START] = start
    data[ROUND] = stage_round(data[STAGE], data[REVEALS])
    if trace is not None:
        record(trace, T_ROUND, data[ROUND], start)
    data[TO_MOVE] = next_to_move(data, start - 1)
    data[PHASE] = FIGURES_PHASE if data[TO_MOVE] != NONE else MONSTER_PHASE


STAGE_TILES: bytes = bytes((1, 2, 2, 1, 1, 1, 0))
"""How many of each tile (in the deck's order) a stage has: 5 7 7 8 8 10 1hit 2hits (SET-DECK)."""
STAGE_TILES_THREE_HITS: bytes = bytes((0, 2, 2, 1, 1, 1, 1))
"""The same with 3hits for the 5 (VAR-THREE-HITS)."""


FACE_ONLY: bytes = bytes(v & 7 for v in range(256))
"""A FACES byte without its MOVED flag."""


@cython.ccall
def stage_tiles(three_hits: cython.bint) -> bytes:
    """How many of each tile a stage's deck holds (SET-DECK, VAR-THREE-HITS)."""
    return STAGE_TILES_THREE_HITS if three_hits else STAGE_TILES


@cython.cfunc
def full_deck(data: Bytes, flags: cython.int) -> None:
    """A stage's deck, all 8 tiles unrevealed (SET-DECK, VAR-THREE-HITS)."""
    counts: bytes = stage_tiles((flags & OPT_THREE_HITS) != 0)
    t: cython.int
    for t in range(N_TILES):
        data[DECK + t] = counts[t]


@cython.ccall
def ranking(data: Table) -> bytes:
    """The seats best first (END-WIN, END-MOST): the first to reach the target wins whatever
    came after; then most figures out, ties to the one that reached its count first."""
    players: cython.int = data[PLAYERS]
    need: cython.int = per_seat(data) - 1
    counts = [0] * players
    reached = [0] * players
    first: cython.int = -1
    k: cython.int
    seat: cython.int
    for k in range(data[ESCAPED]):
        seat = data[ESCAPES + k]
        counts[seat] += 1
        reached[seat] = k
        if counts[seat] == need and first < 0:
            first = seat
    keyed = []
    for seat in range(players):
        keyed.append((seat != first, -counts[seat], reached[seat] if counts[seat] else 0, seat))
    keyed.sort()
    return bytes([key[3] for key in keyed])


# --- batches for search: many walks, many random games, with no Python call per action --------

MASK = cython.declare(cython.ulonglong, 0xFFFFFFFFFFFFFFFF)
MULTIPLIER = cython.declare(cython.ulonglong, 0x2545F4914F6CDD1D)


@cython.cclass
class Random:
    """A small seeded generator (xorshift64*, seeded by splitmix64): the same numbers in both
    builds, so one seed gives the same games whichever build runs them."""

    state: cython.ulonglong

    def __init__(self, seed: int) -> None:
        z = (seed + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
        self.state = (z ^ (z >> 31)) or 1

    @cython.ccall
    def below(self, n: cython.int) -> cython.int:
        """A number from 0 to ``n - 1``."""
        x: cython.ulonglong = self.state
        x ^= x >> 12
        x ^= (x << 25) & MASK
        x ^= x >> 27
        self.state = x
        r: cython.int = (((x * MULTIPLIER) & MASK) >> 33) % n
        return r


@cython.ccall
def revealable_kinds(first_of_game: cython.bint) -> cython.int:
    """How many kinds of tile, in the deck's order, a reveal may show (DECK-REVEAL): every
    kind, but the first reveal of the game never a hit tile (DECK-FIRST: drawing on until a
    numbered tile comes is the same as drawing among the numbered tiles)."""
    return FIRST_HIT_TILE if first_of_game else N_TILES


@cython.ccall
def revealable(data: Table) -> cython.int:
    """How many kinds of tile, in the deck's order, the next reveal of this game may show
    (DECK-REVEAL, DECK-FIRST)."""
    return revealable_kinds(data[STAGE] == 1 and data[REVEALS] == 0)


@cython.ccall
def draw_tile(data: Table, rng: Random) -> cython.int:
    """A tile drawn at random from those that may be revealed (DECK-REVEAL, DECK-FIRST)."""
    kinds: cython.int = revealable(data)
    total: cython.int = 0
    t: cython.int
    for t in range(kinds):
        total += data[DECK + t]
    r: cython.int = rng.below(total)
    for t in range(kinds):
        r -= data[DECK + t]
        if r < 0:
            return t
    return kinds - 1


@cython.ccall
def random_move(
    data_obj: bytearray, layout: bytes, flags: cython.int, rng: Random, searches: list[Search]
) -> None:
    """The player to move makes a move drawn uniformly from its legal moves, one per distinct
    result (as ``legal_moves`` lists them), changing ``data`` in place. ``searches``: one
    reusable search per figure of a seat."""
    data: Bytes = data_obj
    per: cython.int = per_seat(data)
    seat: cython.int = data[TO_MOVE]
    counts = [0, 0, 0, 0]  # per figure of the seat: how many moves it has,
    zero = [0, 0, 0, 0]  # and what of its zero move (figure_moves' SKIP_ZERO or ZERO_ONLY)
    total: cython.int = 0
    k: cython.int
    packed: cython.int
    for k in range(per):
        packed = moves_of(data_obj, data, layout, flags, seat * per + k, searches[k])
        counts[k] = packed & MOVES_COUNT
        zero[k] = packed & ~MOVES_COUNT
        total += packed & MOVES_COUNT
    r: cython.int = rng.below(total)
    for k in range(per):
        if r < counts[k]:
            if zero[k] == ZERO_ONLY:
                play_figure(data_obj, layout, flags, seat * per + k, b"", None)
            else:
                path = searches[k].path(r + (1 if zero[k] == SKIP_ZERO else 0))
                play_figure(data_obj, layout, flags, seat * per + k, path, None)
            return
        r -= counts[k]


@cython.ccall
def figure_moves(
    data_obj: bytes | bytearray, layout: bytes, flags: cython.int, i: cython.int, search: Search
) -> cython.int:
    """The moves of figure ``i`` of the seat to move, one per distinct result, found by
    ``search``: how many it has (``& MOVES_COUNT``), with ``SKIP_ZERO`` if the search's first
    result, the zero move, is not allowed (FIG-WAITING under ``reentry=mandatory``), or
    ``ZERO_ONLY`` if it may only make the zero move (RND-FIRST; the search is not run); 0 if it
    does not move this round (out of play, or moved: RND-ONCE)."""
    data: Table = data_obj
    return moves_of(data_obj, data, layout, flags, i, search)


@cython.cfunc
def moves_of(
    data_obj: bytes | bytearray,
    data: Table,
    layout: bytes,
    flags: cython.int,
    i: cython.int,
    search: Search,
) -> cython.int:
    """:func:`figure_moves` on a position's bytes (``data``, of ``data_obj``)."""
    if not in_play(data[PLACES + i]) or data[FACES + i] & MOVED:
        return 0
    if entry_limited(data, i):
        return 1 | ZERO_ONLY
    n: cython.int = search.again(
        lifted(data_obj, i),
        layout,
        data[MONSTER],
        start_of_move(data, i),
        data[FACES + i] & 7,
        flags,
    )
    if must_enter(data, i, flags) and n > 1:
        return (n - 1) | SKIP_ZERO
    return n


@cython.ccall
def playouts(data: bytes, layout: bytes, flags: cython.int, games: cython.int, seed: int) -> bytes:
    """Play ``games`` random games on from ``data`` (any phase but placement): moves as
    :func:`random_move` draws them, tiles as :func:`draw_tile` does, game ``g`` seeded with
    ``seed + g``. Returns per game ``2 + 2 * players`` bytes: the ending, the last round, the
    figures out per seat, and the seats best first (:func:`ranking`)."""
    out = bytearray()
    work = bytearray(data)
    players: cython.int = data[PLAYERS]
    searches = [Search(b"", layout, 0, AT_WAITING, 0, flags) for _ in range(4)]
    g: cython.int
    seat: cython.int
    for g in range(games):
        work[:] = data
        rng = Random(seed + g)
        while work[PHASE] != OVER:
            if work[PHASE] == MONSTER_PHASE:
                reveal(work, layout, flags, draw_tile(work, rng), None)
            else:
                random_move(work, layout, flags, rng, searches)
        out.append(work[ENDED])
        out.append(work[ROUND])
        for seat in range(players):
            out.append(escaped(work, seat))
        out += ranking(work)
    return bytes(out)


@cython.ccall
def walks(
    data: bytes,
    layout: bytes,
    flags: cython.int,
    steps: cython.int,
    hits_wanted: cython.int,
    times: cython.int,
) -> int:
    """Walk the monster ``times`` times on copies of ``data``, each walk as a tile of ``steps``
    steps and ``hits_wanted`` hits (0: none) makes it (for measuring); returns the hits of all
    the walks."""
    work = bytearray(data)
    hits: cython.int = 0
    _k: cython.int
    for _k in range(times):
        work[:] = data
        walk: Walk = Walk(work, layout, flags, None)
        hits += walk.run(steps, hits_wanted)
    return hits
