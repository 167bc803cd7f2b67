"""Small builders for tests: positions named in squares, and the monster's walk in events."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterable, Mapping
from pathlib import Path
from types import ModuleType

import fearsome_rules as fr
from fearsome_rules.core import board
from fearsome_rules.core import events as ev
from fearsome_rules.core.state import kinds_for


def all_names(players: int) -> list[str]:
    return [f"{'ABCDEFG'[s]}{k}" for s in range(players) for k in kinds_for(players)]


def monster_position(
    figures: Mapping[str, str],
    monster: str,
    facing: str,
    *,
    stones: Iterable[str] | None = None,
    pools: Iterable[str] | None = None,
    players: int = 4,
    stage: int = 1,
    faces: Mapping[str, int] | None = None,
    options: fr.RuleOptions | None = None,
) -> fr.GameState:
    """A position at the monster phase: the named figures on their squares, every other
    figure waiting beside the entrance (off the board, so the monster never sees it), and every
    figure already moved this round.

    Stage 1 is round 2 with the tile ``5`` already used, so a hit tile may be revealed;
    stage 2 is round 8 with a full deck.
    """
    names = all_names(players)
    placed = {k.upper(): v for k, v in figures.items()}
    if stage == 1:
        deck_left = [t for t in fr.deck.full_deck() if t != "5"]
        rnd = 2
    else:
        deck_left = list(fr.deck.full_deck())
        rnd = 8
    return fr.position(
        players,
        figures=placed,
        faces=faces,
        moved=names,
        stones=stones,
        pools=pools,
        monster=monster,
        facing=facing,
        stage=stage,
        round=rnd,
        deck_left=deck_left,
        options=options,
    )


def reveal(state: fr.GameState, tile: str) -> tuple[fr.GameState, tuple[ev.Event, ...]]:
    return fr.apply_traced(state, fr.Reveal(tile))


def monster_path(events: Iterable[ev.Event]) -> list[str]:
    """The square the monster stands on after each step, in order."""
    return [e.to for e in events if isinstance(e, ev.MonsterStepped)]


def where(state: fr.GameState, figure: str) -> str:
    return state.figure(figure).place()


def monster_at(state: fr.GameState) -> tuple[str, str]:
    return board.name(state.monster), board.DIRECTION_LETTERS[state.facing]


def every_placement(tiles: Iterable[str]) -> list[fr.PlaceTile]:
    """Every placement of the given tile kinds, legal or not, in a fixed order: written here,
    apart from the engine's own listing, so that tests can check that listing against it."""
    out: list[fr.PlaceTile] = []
    for tile in dict.fromkeys(tiles):
        for name in (board.NAMES[x] for x in board.SQUARES):
            if tile.startswith("teleporter"):
                out += [fr.PlaceTile(tile, name, arrow=d) for d in "NESW"]
            elif tile == "pool_strip":
                out += [fr.PlaceTile(tile, name, orientation=o) for o in "HV"]
            else:
                out.append(fr.PlaceTile(tile, name))
    return out


def figure_on_the_slide(options: Mapping[str, str]) -> tuple[fr.GameState, str]:
    """conformance/cases/monster-pools.yaml's question: A1 lies on the pool the monster slides
    over (d9 facing E, tile 5, stage 2); the readings of ``monster_slide_figure`` part at once."""
    reading = fr.RuleOptions()
    for name, value in options.items():
        reading = reading.with_option(name, value)
    moved = [f.name for f in fr.new_game(4).figures]
    figures = {"A1": "g9", "B1": "i8"}
    state = fr.position(4, figures=figures, moved=moved, monster="d9", stage=2, options=reading)
    return state, "5"


def load_file(name: str, path: Path) -> ModuleType:
    """A Python file that is no module of a package (a script, an example) loaded as ``name``."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
