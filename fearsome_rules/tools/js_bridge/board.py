"""The board a page shows: the render module's SVG of a position (or a walk over it) with a
layer of clickable squares on top, each marked with what a click there means now.

The squares of the layer sit exactly on the squares of :func:`render_svg`'s board (the same
:mod:`~fearsome_rules.tools.render.canvas` geometry), so the page needs no geometry of its own: it
inserts the SVG and reads ``data-square`` from the square clicked.
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from collections.abc import Mapping
from typing import Final

from fearsome_rules.core import board
from fearsome_rules.core.state import GameState
from fearsome_rules.tools.js_bridge.door import Encoded, inside
from fearsome_rules.tools.render import CELL, Walk, render_svg
from fearsome_rules.tools.render.canvas import centre, coord, esc

EXIT = "out"
"""The name of the click that leaves through the exit from a1 (a path's last entry)."""


PICTURES_KEPT = 8
"""How many boards without a walk stay drawn: a page redraws the same position at every click
while a move is built, and only its clickable layer changes."""
_PICTURES: OrderedDict[int, tuple[GameState, tuple[str, str]]] = OrderedDict()
"""The last pictures drawn, by their state's identity (the state kept beside its picture, so
that its id is not reused): the door keeps the states a page sends back, so the same position
is the same object."""


def _picture(state: GameState, walk: Walk) -> tuple[str, str]:
    """:func:`render_svg` of ``state`` without its closing tag, and its JSON string's inside; a
    board without a walk is drawn once (2.6 ms in CPython's pure build, the most of a click's
    call) and then taken again."""
    if walk is not None:
        return _escaped(_open(render_svg(state, walk)))
    kept = _PICTURES.get(id(state))
    if kept is not None and kept[0] is state:
        _PICTURES.move_to_end(id(state))
        return kept[1]
    svg = _escaped(_open(render_svg(state)))
    _PICTURES[id(state)] = (state, svg)
    if len(_PICTURES) > PICTURES_KEPT:
        _PICTURES.popitem(last=False)
    return svg


def _escaped(text: str) -> tuple[str, str]:
    return text, inside(text)


def _open(svg: str) -> str:
    svg = svg.rstrip()
    assert svg.endswith("</svg>")
    return svg[: -len("</svg>")]


_RECT = '<rect class="sq'


@functools.cache
def _cells() -> tuple[tuple[str, str, str, str, str], ...]:
    """Each clickable square's name, its line unmarked (and its JSON string's inside), the text
    of its rect after its class, and where its label goes: the same for every board, so written
    once."""
    out = []
    for sq in [*board.SQUARES, None]:
        if sq is None:  # the exit: beyond a1's west wall
            name = EXIT
            x, y = centre(board.EXIT)
            x -= CELL * 1.5 + 4
        else:
            name = board.name(sq)
            x, y = centre(sq)
            x -= CELL / 2
        y -= CELL / 2
        tail = (
            f'" data-square="{name}" x="{coord(x)}" y="{coord(y)}" width="{CELL}" '
            f'height="{CELL}"><title>{esc(name)}</title></rect>'
        )
        out.append(
            (
                name,
                *_escaped("\n" + _RECT + tail),
                tail,
                f'<text class="sq-label" x="{coord(x + 4)}" y="{coord(y + 11)}" font-size="10" '
                'pointer-events="none">',
            )
        )
    return tuple(out)


def clickable_svg(
    state: GameState,
    marks: Mapping[str, str] | None = None,
    labels: Mapping[str, str] | None = None,
    walk: Walk = None,
    picture: bool = True,
) -> Encoded:
    """:func:`render_svg` of ``state`` (and ``walk``) with the clickable layer: one square per
    board square, and one beyond a1's exit wall for ``out``. ``marks`` gives a square's CSS
    class (``next``, ``path``, ``mine``, ...), ``labels`` a short text drawn in its corner.
    Without its ``picture``: from the layer (``<g class="hot">``) on, for a page that shows
    the state's picture already."""
    marks = marks or {}
    labels = labels or {}
    # The layer's unmarked lines and the picture come with their JSON written already: only the
    # few marked lines are written (and escaped) here, the runs of unmarked lines between them
    # are slices of the whole unmarked layer (the answer's JSON is the most of a click's call
    # else; a loop over every square, a quarter of what remained).
    drawn, drawn_json = _picture(state, walk) if picture else ("", "")
    cells = _cells()
    text, text_json, starts, starts_json = _unmarked()
    where = _index()
    marked = sorted({where[n] for n in (*marks, *labels, EXIT) if n in where})
    texts, insides = [drawn, _HOT[0]], [drawn_json, _HOT[1]]
    done = 0
    for k in marked:
        texts.append(text[starts[done] : starts[k]])
        insides.append(text_json[starts_json[done] : starts_json[k]])
        done = k + 1
        name, plain, plain_json, tail, label_at = cells[k]
        mark = marks.get(name, "off" if name == EXIT else "")
        label = labels.get(name, "") if name != EXIT else ""
        if not (mark or label):
            texts.append(plain)
            insides.append(plain_json)
            continue
        out = f"\n{_RECT} {mark}{tail}" if mark else "\n" + _RECT + tail
        if label:
            out += f"{label_at}{esc(label)}</text>"
        texts.append(out)
        insides.append(inside(out))
    texts += [text[starts[done] :], _END[0]]
    insides += [text_json[starts_json[done] :], _END[1]]
    return Encoded.of(texts, insides)


@functools.cache
def _index() -> dict[str, int]:
    """Each clickable square's place in the layer, by its name."""
    return {cell[0]: k for k, cell in enumerate(_cells())}


@functools.cache
def _unmarked() -> tuple[str, str, tuple[int, ...], tuple[int, ...]]:
    """The layer's lines all unmarked, as one text and as its JSON string's inside, with where
    each square's line starts in either (and their ends)."""
    cells = _cells()
    text = "".join(c[1] for c in cells)
    text_json = "".join(c[2] for c in cells)
    starts = [0]
    starts_json = [0]
    for c in cells:
        starts.append(starts[-1] + len(c[1]))
        starts_json.append(starts_json[-1] + len(c[2]))
    return text, text_json, tuple(starts), tuple(starts_json)


_HOT: Final = _escaped('<g class="hot">')
_END: Final = _escaped("\n</g>\n</svg>\n")
