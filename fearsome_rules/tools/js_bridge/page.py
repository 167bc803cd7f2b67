"""The functions of the npm package that a page needs beyond the engine's calls: the board with
its clickable squares marked, a monster walk cut into frames for animation, the comparison of
readings and the options that matter (Ask the rules), and the players' panel: the drawing of
:mod:`.board`, :mod:`.walk` and :mod:`.panel` or a tool's, answering the engine's JSON; no rule
is worked out here. See :mod:`fearsome_rules.tools.js_bridge`."""

from __future__ import annotations

import json
import random
import re
from collections import OrderedDict
from collections.abc import Callable, Mapping
from typing import Final

from fearsome_rules.core import board
from fearsome_rules.core.actions import FigureMove, Reveal
from fearsome_rules.core.errors import ArgumentTypeError, quote
from fearsome_rules.core.moves import Continuation, continuations
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.core.state import GameState, Phase
from fearsome_rules.formats.position_string import parse_position, position_string
from fearsome_rules.tools.bots.simple import draw_tile as draw
from fearsome_rules.tools.js_bridge.board import EXIT, clickable_svg
from fearsome_rules.tools.js_bridge.door import Args, BridgeError, Json, state_doc
from fearsome_rules.tools.js_bridge.panel import panel as players_panel
from fearsome_rules.tools.js_bridge.walk import WalkView

_MARK = re.compile(r"[a-z][a-z0-9-]{0,23}")
"""A mark is a CSS class the page styles (``next``, ``path``, ``mine``): it lands in an
attribute of the SVG, so nothing else is taken."""
MAX_LABEL: Final = 12


def _squares_to(a: Args, name: str, what: str, valid: Callable[[str], bool]) -> dict[str, str]:
    value = a.get(name)
    if value is None:
        return {}
    if not isinstance(value, dict) or len(value) > len(board.SQUARES) + 1:
        most = f"an object of at most {len(board.SQUARES) + 1} squares -> {what}"
        raise ArgumentTypeError(a.where(name), most, value)
    out: dict[str, str] = {}
    for square, x in value.items():
        if square != EXIT and square not in board.NAME_SET:
            raise BridgeError(a.where(name), f"{quote(square)} is not a square (a1-p11, or out)")
        if not isinstance(x, str) or not valid(x):
            raise BridgeError(a.where(f"{name}.{square}"), f"{quote(x)} is not {what}")
        out[square] = x
    return out


def board_svg(a: Args) -> Json:
    marks, labels = _marks(a)
    walk = a.action("walk") if a.has("walk") else None
    return clickable_svg(a.state(), marks, labels, walk)


def _marks(a: Args) -> tuple[dict[str, str], dict[str, str]]:
    marks = _squares_to(a, "marks", "a CSS class such as 'next'", _is_mark)
    return marks, _squares_to(a, "labels", f"a label of 1-{MAX_LABEL} characters", _label)


def continuation(a: Args, state: GameState) -> Continuation:
    """The engine's :func:`~fearsome_rules.core.moves.continuations` of ``figure`` after
    ``path`` (at most 16 entries)."""
    path = tuple(a.texts("path", "squares", 16))
    return continuations(state, FigureMove(a.figure(), path))


def continuations_board(a: Args) -> Json:
    """A click of a move being built in one call: the continuations of the path, and the board
    with the given marks and each next square marked ``mark`` (over any other mark there), so
    that a page highlights the engine's answer without a second call. ``picture`` false: the
    board without its picture, from its clickable layer on, for a page that shows this state's
    picture already (it is the most of the answer, and the same at every click of a move)."""
    state = a.state()
    step = continuation(a, state)
    marks, labels = _marks(a)
    mark = a.text("mark", "a CSS class such as 'next'", 24, "next")
    if not _is_mark(mark):
        raise BridgeError(a.where("mark"), f"{quote(mark)} is not a CSS class such as 'next'")
    marks.update(dict.fromkeys(step.next, mark))
    svg = clickable_svg(state, marks, labels, picture=a.flag("picture", True))
    return {"next": list(step.next), "complete": step.complete, "svg": svg}


def _is_mark(text: str) -> bool:
    return _MARK.fullmatch(text) is not None


def _label(text: str) -> bool:
    return 0 < len(text) <= MAX_LABEL and text.isprintable()


KEPT_WALKS: Final = 16
"""How many walks stay drawable: online, a page may still show one while the next arrives."""
_WALKS: OrderedDict[tuple[str, str], WalkView] = OrderedDict()
"""The last walks carried out, by their state's text and tile: a page asks for the frames'
pictures one by one, each a call."""


def _walk_view(a: Args) -> WalkView:
    """The walk of ``tile`` (a monster tile) or of ``action`` (a figure move or a reveal, as
    the page animates every move), one of the two."""
    state = a.state()
    if a.has("action") == a.has("tile"):
        raise BridgeError(a.where("tile"), "one of tile (a monster tile) or action (a move)")
    what: str | Reveal | FigureMove
    if a.has("action"):
        action = a.action()
        if not isinstance(action, Reveal | FigureMove):
            raise BridgeError(a.where("action"), f"{quote(str(action))}: a figure move or a reveal")
        what, name = action, str(action)
    else:
        what = name = a.text("tile", "a monster tile such as '8'", 10)
    key = (json.dumps(a.get("state"), separators=(",", ":")), name)
    walk = _WALKS.get(key)
    if walk is None:
        walk = _WALKS[key] = WalkView(state, what)
        if len(_WALKS) > KEPT_WALKS:
            _WALKS.popitem(last=False)
    return walk


def walk_frames(a: Args) -> Json:
    walk = _walk_view(a)
    # The action's notation too: a page that built a move as JSON records it without a call.
    out = {**walk.summary(), "action": str(walk.action), "after": state_doc(walk.after)}
    if a.has("frame"):  # the frame a page shows first, in the same call
        out["svg"] = walk.svg(a.number("frame", 0, len(walk) - 1))
    return out


def walk_frame(a: Args) -> Json:
    walk = _walk_view(a)
    return walk.svg(a.number("k", 0, len(walk) - 1))


def under(state: GameState, options: RuleOptions) -> GameState:
    """The same position read under other options: a position one reading cannot reach is
    refused by the reader, not here."""
    return parse_position(position_string(state.replace(options=options)))


def compare_readings(a: Args) -> Json:
    from fearsome_rules.tools.explain import compare  # as explain: when first asked
    from fearsome_rules.tools.render.svg import render_readings

    state = a.state()
    tile = a.text("tile", "a monster tile such as '8'", 10)
    option = a.text("option", "a rule option's name", 40)

    def ask(values: Mapping[str, str]) -> tuple[GameState, str]:
        options = state.options
        for name, value in values.items():
            options = options.with_option(name, value)
        return under(state, options), tile

    c = compare(ask, option)
    return {
        "option": option,
        "readings": [
            {
                "value": r.value,
                "default": r.default,
                "label": r.label,
                "error": r.error,
                "text": r.explanation.text() if r.explanation is not None else "",
            }
            for r in c.readings
        ],
        "firstDifference": c.first_difference,
        "differences": list(c.differences),
        "summary": c.summary(),
        "svg": render_readings(c),
    }


def readings_that_matter(a: Args) -> Json:
    from fearsome_rules.tools.readings import readings_that_matter  # as explain

    found = readings_that_matter(a.state(), a.action())
    return [{"option": m.option, "value": m.value, "how": m.how} for m in found]


def panel(a: Args) -> Json:
    state = a.state()
    kinds = a.texts("players", "who plays each seat ('person', a bot's name)", 7)
    if any(len(k) > 40 for k in kinds):
        raise BridgeError(a.where("players"), "a name of more than 40 characters")
    return players_panel(state, kinds)


def draw_tile(a: Args) -> Json:
    """A monster tile drawn with its exact chance, from a generator seeded by ``seed``."""
    state = a.state()
    seed = a.number("seed", -(2**63), 2**63 - 1, 0)
    if state.phase is not Phase.MONSTER:
        raise BridgeError(a.where("state"), f"no tile to draw in the {state.phase.value} phase")
    return draw(state, random.Random(seed)).tile


def check_tiles(a: Args) -> Json:
    """The seed check of a server's finished game (``fearsome-rules check-tiles``)."""
    from fearsome_rules.tools.server.chance import check_tiles as check  # online games only

    record = a.record()
    seed = a.text("seed", "the game's seed (hex)", 200)
    seed_hash = a.text("seed_hash", "the seed's published hash (hex)", 200, "")
    result = check(record, seed, seed_hash or None)
    return {"ok": result.ok, "reveals": result.reveals, "mismatch": result.mismatch or ""}
