"""What every SVG picture is drawn on: the sizes of a board on the picture, the colours, where a
square's centre and sides are, and how numbers and text are written into the SVG."""

from __future__ import annotations

import html
import re
from typing import Final

from fearsome_rules.core import board

CELL = 32
MARGIN = 40
LINE = 16
SEAT_COLOURS = ("#d62728", "#e6b400", "#2ca02c", "#1f77b4", "#9467bd", "#ff7f0e", "#8c564b")
SEAT_TEXT = ("#ffffff", "#000000", "#ffffff", "#ffffff", "#ffffff", "#000000", "#ffffff")
PATH_COLOUR = "#e8590c"
STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))  # (dx, dy) of N E S W on the picture

BOARD_W = 2 * MARGIN + board.COLUMNS * CELL
BOARD_H = 2 * MARGIN + board.ROWS * CELL


def coord(v: float) -> str:
    """A coordinate, short and stable."""
    text = f"{v:.1f}"
    return text[:-2] if text.endswith(".0") else text


def centre(sq: int) -> tuple[float, float]:
    """The centre of ``sq`` on the picture."""
    r, c = divmod(sq, board.COLUMNS)
    return MARGIN + c * CELL + CELL / 2, MARGIN + r * CELL + CELL / 2


def edge(sq: int, d: int, out: float = 0.0) -> tuple[float, float]:
    """The midpoint of side ``d`` of ``sq`` (``out`` pixels further out)."""
    x, y = centre(sq)
    dx, dy = STEP[d]
    k = CELL / 2 + out
    return x + dx * k, y + dy * k


# What XML 1.0 cannot hold (C0 controls but tab and newline, lone surrogates, U+FFFE/U+FFFF)
# and the C1 controls and DEL, which a page should not show raw either.
_NOT_XML: Final = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def esc(text: str) -> str:
    """``text`` escaped for SVG and HTML text and attributes; a character that XML cannot hold
    is written as its escape (``\\x01``), visible and well-formed."""
    return html.escape(_NOT_XML.sub(lambda m: ascii(m.group())[1:-1], text), quote=True)
