"""The lab's two questions: a monster walk, and a figure move."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from fearsome_rules.core.actions import FigureMove
from fearsome_rules.core.errors import ArgumentError, FearsomeError, quote
from fearsome_rules.core.game import check
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.core.walks import Walk
from fearsome_rules.tools.lab.answers import (
    MoveResult,
    WalkResult,
    move_result,
    relabelled,
    walk_result,
)
from fearsome_rules.tools.lab.setting import Board, LabError, lab_position, labelled, reading
from fearsome_rules.tools.trail import trail


def walk(
    *,
    figures: Mapping[str, str] | None = None,
    monster: str,
    facing: str,
    steps: int | None = None,
    hits: int | None = None,
    tile: str | None = None,
    board: Board | None = None,
    stage: int = 1,
    options: RuleOptions | Mapping[str, str | bool] | None = None,
) -> WalkResult:
    """The monster's walk from ``monster`` facing ``facing``: ``steps`` steps, or until
    ``hits`` figures are hit (at most ``steps``, 20 by default, as a hit tile: MON-HITS), or
    the walk of ``tile`` (only the walk: no deck, round or stage). ``figures``: label ->
    square (or ``waiting``); ``board``: the floor (empty by default); ``stage``: 1 or 2 (a
    figure eaten in stage 1 goes back to wait outside, in stage 2 it leaves the game)."""
    request = _walk_of(steps, hits, tile)
    squares = labelled(figures)
    floor = Board() if board is None else board
    state, labels = lab_position(squares, None, monster, facing, stage, floor, reading(options))
    return walk_result(trail(state, request), labels)


def move(
    figure: str,
    face: int,
    path: Sequence[str] | str,
    *,
    figures: Mapping[str, str] | None = None,
    monster: str = "a1",
    facing: str = "E",
    board: Board | None = None,
    stage: int = 1,
    options: RuleOptions | Mapping[str, str | bool] | None = None,
) -> MoveResult:
    """Figure ``figure`` (a label of ``figures``, on a square or ``waiting``) with face value
    ``face`` (1-6) moves along ``path`` (squares, ``out`` to leave from a1; a string is split
    at spaces; ``-`` or empty: the zero move): legal, or the rule it breaks, and where
    everything ends."""
    squares = labelled(figures)
    if not isinstance(figure, str) or figure not in squares:
        raise LabError("figure", f"{quote(figure)} is not one of the figures' labels")
    if isinstance(face, bool) or not isinstance(face, int) or not 1 <= face <= 6:
        raise LabError("face", f"{quote(face)}: a face value is 1 to 6")
    floor = Board() if board is None else board
    opts = reading(options)
    state, labels = lab_position(squares, (figure, face), monster, facing, stage, floor, opts)
    if isinstance(path, str):
        entries = path.split()
    elif isinstance(path, Sequence):
        entries = list(path)
    else:
        raise LabError("path", f"{quote(path)}: squares, e.g. ['p11', 'p10'] or 'p11 p10'")
    name = next(n for n, label in labels.items() if label == figure)
    try:
        action = FigureMove(name, tuple(e for e in entries if e != "-"))
    except FearsomeError as e:
        raise LabError("path", relabelled(str(e), labels)) from None
    refused = check(state, action)
    if refused is not None:
        return move_result(state, state, (), refused, labels)
    done = trail(state, action)
    return move_result(state, done.after, done.events, None, labels)


def _walk_of(steps: int | None, hits: int | None, tile: str | None) -> Walk:
    if tile is not None:
        if steps is not None or hits is not None:
            raise LabError("tile", "give a tile, or steps and hits, not both")
        try:
            return Walk.of_tile(tile)
        except FearsomeError as e:
            raise LabError("tile", _reason(e)) from None
    if steps is None and hits is None:
        raise LabError("steps", "give steps, hits or a tile")
    try:
        return Walk(20 if steps is None else steps, hits or 0)
    except ArgumentError as e:
        raise LabError("hits" if "hits" in e.argument else "steps", _reason(e)) from None


def _reason(e: FearsomeError) -> str:
    """An error's message without the place it names (the lab names its own argument)."""
    return str(e).partition(": ")[2] or str(e)
