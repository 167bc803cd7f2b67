"""How the kernel encodes a game: the position's bytes, the layout's, the rule options' bits,
the codes of rules and refusals, and the trace records.

Plain Python, read by every module that talks to the kernel. Squares, places and pieces are
:mod:`~fearsome_rules.core.board`'s (one encoding, which the kernel stores as it is); the names
below that stand for them are the kernel's names of the same values. :data:`KERNEL_INTS` is the
one table of the numbers the kernel's loops read as C ints: ``scripts/make_kernel_constants.py``
writes them into ``_kernel.py`` (a compiled build reads a C int without a Python lookup, and
Python cannot see it), and a test fails when what is written there is not this table.
"""

from __future__ import annotations

from typing import Final

from fearsome_rules.core import board
from fearsome_rules.core.rules import RULE_IDS

# The kernel's names of the board's values (board.py owns them).
NONE: Final = board.OFF  # no square: off the board; also "no seat" (TO_MOVE)
N_CELLS: Final = board.CELLS
EXIT: Final = board.EXIT
ENTRANCE: Final = board.ENTRANCE
FIRST_STONE: Final = board.FIRST_STONE
TURN_ABOUT: Final = board.TURN_ABOUT
TURN_RIGHT: Final = board.TURN_RIGHT
CRYSTAL: Final = board.CRYSTAL
STONE: Final = board.STONE
AT_WAITING: Final = board.WAITING  # also a move's start from there
AT_OUT: Final = board.OUT  # also the path entry ``out``
AT_REMOVED: Final = board.REMOVED

MOVED: Final = 8  # FACES: moved (and flipped) this round (RND-ONCE)

# Floor flags of the layout.
POOL: Final = 1
TELEPORTER: Final = 2
PARTNERS: Final = 176  # offset of the partner squares in the layout
ARROWS: Final = 352  # offset of the arrows in the layout
STEPS: Final = 528  # offset of what a figure's plain step finds, per square and NONE (256)
STEP_PLAIN: Final = 0  # floor: a step ends here unless a stone lies on it
STEP_POOL: Final = 1  # a pool: the rules decide (POOL-SLIDE)
STEP_NEVER: Final = 2  # a teleporter, or off the board (ADV-TELEPORT-FIGURES, FIG-EDGE)
LAYOUT_SIZE: Final = 784

# Offsets of the position.
CELLS: Final = 0
PLACES: Final = 176
FACES: Final = 204
MONSTER: Final = 232
FACING: Final = 233
PHASE: Final = 234
TO_MOVE: Final = 235
ROUND: Final = 236
STAGE: Final = 237
START: Final = 238
REVEALS: Final = 239
ENDED: Final = 240
PLAYERS: Final = 241
FIGURES: Final = 242
DECK: Final = 243  # 7 counts, the tiles of deck.TILES
ESCAPED: Final = 250  # how many figures are out
ESCAPES: Final = 251  # 28 seats, in the order their figures got out
SIZE: Final = 279
MAX_FIGURES: Final = 28

# Phases (PHASE) and endings (ENDED).
PLACEMENT: Final = 0
FIGURES_PHASE: Final = 1
MONSTER_PHASE: Final = 2
OVER: Final = 3
END_WIN: Final = 1
END_ALL_GONE: Final = 2
STAGE_TWO_END: Final = 3
ENDINGS: Final[tuple[str, ...]] = ("", "END-WIN", "END-ALL-GONE", "STAGE-TWO-END")

# Tiles: the index in deck.TILES and what each makes the monster do (MON-TILE, MON-HITS).
TILE_STEPS: Final[tuple[int, ...]] = (5, 7, 8, 10, 20, 20, 20)
TILE_HITS: Final[tuple[int, ...]] = (0, 0, 0, 0, 1, 2, 3)
FIRST_HIT_TILE: Final = 4  # tiles from here on are hit tiles
N_TILES: Final = 7
MAX_STAGE_REVEALS: Final = 7  # STAGE-ONE, STAGE-TWO-END
MAX_TURNS: Final = 4  # ADV-TURN-CHAIN: at most four turns in one step
TIE: Final = 4  # a look's choice (MON-CHOOSE), beside the new facing: the nearest figures tied
SIDE: Final = 8  # ... a figure was seen to the left or right

# Rule options, as bits of ``flags``.
OPT_CORNER_REMOVE: Final = 1  # monster_corner_stone=remove
OPT_SLIDE_PUSH: Final = 2  # monster_slide_figure=push
OPT_POOL_WRAP: Final = 4  # monster_pool_edge=wrap
OPT_WRAP_PUSH: Final = 8  # wrap_entry_figure=push
OPT_TIE_TURNS: Final = 16  # turn_stone_tie=turn
OPT_CHAIN_TURNS: Final = 32  # turn_stone_chain=turn_again
OPT_BEYOND_WALL_TURNS: Final = 64  # turn_stone_beyond_wall=turn_first
OPT_POOL_TURNS: Final = 128  # turn_stone_on_pool=turn
OPT_SLIDE_STOP: Final = 256  # slide_over_figure=stop
OPT_MANDATORY: Final = 512  # reentry=mandatory
OPT_FINISH_ROUND: Final = 1024  # finish_round
OPT_THREE_HITS: Final = 2048  # three_hits
# Not a rule: a traced walk that also marks its steps' ends and records each look's four lines
# (for apply_steps and what reads steps); plain traces leave both out, they cost a third of one.
TRACE_STEPS: Final = 1 << 15

# Rule ids, by the codes the kernel returns and records: derived from the spec's ids (one byte in
# a trace record: there are fewer than 255), never numbered by hand.
RULES: Final[tuple[str, ...]] = ("", *sorted(RULE_IDS))
"""Every rule id by its code (0: no rule)."""
RULE_CODES: Final[dict[str, int]] = {rule: code for code, rule in enumerate(RULES) if rule}
"""Every rule id's code: the kernel declares the ones it names as C constants."""
ENDING_CODES: Final[tuple[int, ...]] = tuple(RULE_CODES.get(rule, 0) for rule in ENDINGS)
"""Each ending's rule code, by the ending's code (ENDED)."""

# What a refused figure move broke, in more detail than its rule (the message says which).
WHY_POINTS_SPENT: Final = 1  # FIG-POINTS: no point left for this entry
WHY_OUT_WAITING: Final = 2  # FIG-ENTER: ``out`` before entering
WHY_OUT_NOT_EXIT: Final = 3  # FIG-EDGE: ``out`` elsewhere than a1
WHY_OUT_NOT_LAST: Final = 4  # FIG-EXIT: something after ``out``
WHY_ENTER_NOT_P11: Final = 5  # FIG-ENTER: a waiting figure's first square is not p11
WHY_THROUGH_WALL: Final = 6  # FIG-EDGE: a step through a wall
WHY_NOT_ADJACENT: Final = 7  # FIG-POINTS: not a neighbour
WHY_STEP: Final = 8  # the step itself is refused (its rule says why)
WHY_ENDS_ON_FIGURE: Final = 9  # FIG-THROUGH / POOL-LAST-POINT

# A figure's moves as the kernel counts them (``figure_moves``): how many, and its zero move.
MOVES_COUNT: Final = 0xFFFF  # how many moves
SKIP_ZERO: Final = 1 << 16  # the zero move (the search's first result) is not allowed
ZERO_ONLY: Final = 2 << 16  # only the zero move (RND-FIRST): nothing was searched

# Trace records: ``kind | a << 8 | b << 16 | ...`` (one byte per field).
T_LOOK: Final = 1  # square, facing before, facing after, tie | side << 1 (MON-CHOOSE)
T_SEEN: Final = 2  # figure code and distance ahead, left, right (0 where none)
T_MONSTER_STEP: Final = 3  # step number, from, to, facing
T_TURN_STONE: Final = 4  # square, stone square, stone code, from, to, rule
T_WRAP: Final = 5  # from, to, facing
T_MONSTER_SLIDE: Final = 6  # from, to
T_TELEPORT: Final = 7  # from, to, facing
T_EAT: Final = 8  # figure code, square, how, rule, stage
T_FIGURE_PUSHED: Final = 9  # figure code, from, to, rule
T_STONE_PUSHED: Final = 10  # from, to, pusher (figure code, or 0 for the monster), rule, stone
T_STONE_SLID: Final = 11  # from, to, stone
T_FIGURE_SLID: Final = 12  # figure code, from, to
T_STONE_REMOVED: Final = 13  # square, how, stone
T_FIGURE_STEPPED: Final = 14  # figure code, from (AT_WAITING: beside the entrance), to
T_FIGURE_EXITED: Final = 15  # figure code
T_FLIPPED: Final = 16  # figure code, new face
T_TILE: Final = 17  # tile index
T_STAGE: Final = 18  # the new stage
T_ROUND: Final = 19  # the new round, the start player
T_ENDED: Final = 20  # ending code
T_SIGHT: Final = 21  # where each line ends (NONE: the wall) ahead, left, right, behind; the
# four distances, two to a byte (ahead | left << 4, right | behind << 4)
HOW_EATEN: Final = 1  # stepped on
HOW_PUSHED_OFF: Final = 2  # pushed off the board (MON-PUSH-OFF)
HOW_TELEPORTER: Final = 3  # pushed onto a teleporter (ADV-TELEPORT-PUSH)
HOW_INSIDE: Final = 4  # inside after the last tile (STAGE-TWO-END)
HOW_CORNER: Final = 5  # a stone on a corner (PUSH-CORNER, MON-CORNER-STONE)

# The one table of the kernel's C ints: the numbers above that its loops read as C ints, by name
# (``scripts/make_kernel_constants.py`` writes them into ``_kernel.py``, with the code of every
# rule the kernel names as ``R_<id>``). A trace record is wider than a C int: the ``T_*`` kinds
# and the fields packed with them stay Python ints, imported by name.
KERNEL_INTS: Final[tuple[str, ...]] = (
    # squares, places and pieces (board's values, by the kernel's names)
    "NONE",
    "N_CELLS",
    "EXIT",
    "ENTRANCE",
    "FIRST_STONE",
    "TURN_ABOUT",
    "TURN_RIGHT",
    "CRYSTAL",
    "STONE",
    "AT_WAITING",
    "AT_OUT",
    "AT_REMOVED",
    # the position's and the layout's bytes
    "MOVED",
    "POOL",
    "TELEPORTER",
    "PARTNERS",
    "ARROWS",
    "STEPS",
    "STEP_PLAIN",
    "STEP_NEVER",
    "CELLS",
    "PLACES",
    "FACES",
    "MONSTER",
    "FACING",
    "PHASE",
    "TO_MOVE",
    "ROUND",
    "STAGE",
    "START",
    "REVEALS",
    "ENDED",
    "PLAYERS",
    "FIGURES",
    "DECK",
    "ESCAPED",
    "ESCAPES",
    # phases, endings, tiles and looks
    "PLACEMENT",
    "FIGURES_PHASE",
    "MONSTER_PHASE",
    "OVER",
    "END_WIN",
    "END_ALL_GONE",
    "STAGE_TWO_END",
    "FIRST_HIT_TILE",
    "N_TILES",
    "MAX_STAGE_REVEALS",
    "MAX_TURNS",
    "TIE",
    "SIDE",
    # the rule options' bits
    "OPT_CORNER_REMOVE",
    "OPT_SLIDE_PUSH",
    "OPT_POOL_WRAP",
    "OPT_WRAP_PUSH",
    "OPT_TIE_TURNS",
    "OPT_CHAIN_TURNS",
    "OPT_BEYOND_WALL_TURNS",
    "OPT_POOL_TURNS",
    "OPT_SLIDE_STOP",
    "OPT_MANDATORY",
    "OPT_FINISH_ROUND",
    "OPT_THREE_HITS",
    "TRACE_STEPS",
    # a figure's moves, and how a figure was hit
    "MOVES_COUNT",
    "SKIP_ZERO",
    "ZERO_ONLY",
    "HOW_EATEN",
    "HOW_PUSHED_OFF",
    "HOW_TELEPORTER",
    "HOW_INSIDE",
    "HOW_CORNER",
)
