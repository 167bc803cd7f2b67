"""The compiled kernel against the pure one: the same source, compiled by Cython and run by
CPython, must agree exactly on random positions: every walk (the position after it and its
trace), every figure's move search and move, and whole seeded playouts.

Why a random differential and not only the rulebook's examples: a compiled walk with one
32-bit shift in place of a 64-bit one passed every example and differed on 68 of 3,000 random
walks. CI runs ``KERNEL_DIFFERENTIAL`` positions of each kind (default 20,000) and 200
playouts; on the pure build there is nothing to compare and the tests are skipped.
"""

from __future__ import annotations

import importlib.util
import os
import random
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from differential import positions

import fearsome_rules as fr
from fearsome_rules.core import _encoding as encoding
from fearsome_rules.core import _kernel as kernel

COUNT = int(os.environ.get("KERNEL_DIFFERENTIAL", "20000"))
PLAYOUTS = 200

compiled_only = pytest.mark.skipif(
    not kernel.COMPILED, reason="the pure build: no compiled kernel to compare"
)


def pure_kernel() -> ModuleType:
    """_kernel.py run by CPython, beside the compiled module, under a name of its own."""
    source = Path(kernel.__file__).with_name("_kernel.py")
    spec = importlib.util.spec_from_file_location("fearsome_rules_pure_kernel", source)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert not module.COMPILED
    return module


@pytest.mark.rules("MON-SIGHT-BLOCK", "MON-DISTANCE", "ADV-CRYSTAL")
def test_the_pure_sight_bitboard_follows_every_write() -> None:
    """CPython's walk looks on a bitboard of the pieces that block sight, which the walk keeps
    at every write to a cell (docs/performance.md): after walks of 1 to 20 steps from random
    positions (pushes, slides, crystals, teleporters, corners), it must be the bitboard of the
    cells the walk left, square by square. Runs the pure kernel in both builds."""
    pure = pure_kernel()
    rng = random.Random(31)
    changed = 0
    for state in positions(fr.Phase.MONSTER, 600, 31):
        data = bytearray(state.data)
        walk = pure.Walk(data, state.layout, state.setting.flags, None)
        walk.run(rng.randint(1, 20), 0)
        expected = sum(
            1 << (encoding.N_CELLS - 1 - sq)
            for sq in range(encoding.N_CELLS)
            if data[sq] not in (0, encoding.CRYSTAL)
        )
        assert walk.occ == expected, f"bitboard out of step after a walk from {state!r}"
        changed += data[: encoding.N_CELLS] != state.data[: encoding.N_CELLS]
    assert changed > 300  # most walks ate, pushed or slid something


@pytest.mark.rules("MON-CHOOSE")
def test_the_pure_choice_table_is_choose() -> None:
    """CPython's look reads :func:`choose`'s answers from a table made from it for facing north
    and turned: for every facing and every distance, the table's answer is the function's."""
    choices = pure_kernel().CHOICES
    assert len(choices) == 4
    for facing in range(4):
        for ahead in range(16):
            for left in range(16):
                for right in range(16):
                    c = choices[facing][ahead][left][right]
                    assert c == kernel.choose(facing, ahead, left, right)


@compiled_only
def test_walks_agree() -> None:
    pure = pure_kernel()
    rng = random.Random(1)
    tiles = 0
    for state in positions(fr.Phase.MONSTER, COUNT, seed=11):
        data = state.data
        left = [k for k in range(7) if data[encoding.DECK + k]]
        tile = rng.choice(left)
        results = []
        for module in (kernel, pure):
            work = bytearray(data)
            records: list[int] = []
            module.reveal(work, state.layout, state.setting.flags, tile, records)
            results.append((bytes(work), records))
        assert results[0] == results[1], fr.position_string(state) + f" tile {tile}"
        tiles += 1
    assert tiles == COUNT


@compiled_only
def test_figure_moves_agree() -> None:
    pure = pure_kernel()
    rng = random.Random(2)
    searched = 0
    for state in positions(fr.Phase.FIGURES, COUNT, seed=12):
        data, layout, flags = state.data, state.layout, state.setting.flags
        seat = state.to_move
        per = data[encoding.FIGURES] // data[encoding.PLAYERS]
        for i in range(seat * per, seat * per + per):
            if kernel.turn_error(data, i, True) not in (0, kernel_rnd_first()):
                continue
            start = kernel.start_of_move(data, i)
            cells = kernel.lifted(data, i)
            face = data[encoding.FACES + i] & 7
            found = [
                module.Search(cells, layout, state.monster, start, face, flags)
                for module in (kernel, pure)
            ]
            listed = [[(s.end(k), s.path(k), s.board(k)) for k in range(s.count())] for s in found]
            assert listed[0] == listed[1], fr.position_string(state) + f" figure {i}"
            searched += 1
            paths = [p for _, p, _ in listed[0]]
            tried = rng.sample(paths, min(3, len(paths)))
            tried += [bytes(rng.randrange(176) for _ in range(rng.randrange(1, 4)))]
            for path in tried:
                moved = []
                for module in (kernel, pure):
                    work = bytearray(data)
                    records: list[int] = []
                    refused = module.play_figure(work, layout, flags, i, path, records)
                    moved.append((refused, bytes(work) if not refused else b"", records))
                assert moved[0] == moved[1], fr.position_string(state) + f" {i} {path!r}"
    assert searched >= COUNT


def kernel_rnd_first() -> int:
    return encoding.RULES.index("RND-FIRST")


@compiled_only
@pytest.mark.parametrize(
    ("players", "setup", "option"),
    [(2, "basic", ""), (4, "basic", ""), (7, "basic", "three_hits"), (3, "advanced", "")],
)
def test_playouts_agree(players: int, setup: str, option: str) -> None:
    pure = pure_kernel()
    rng = random.Random(players)
    options = fr.RuleOptions()
    if option:
        options = options.with_option(option, "true")
    state = fr.new_game(players, 0, options, setup)
    while state.phase is fr.Phase.PLACEMENT:
        state = fr.apply(state, rng.choice(fr.legal_placements(state)))
    games = PLAYOUTS // 4
    results = [
        module.playouts(state.data, state.layout, state.setting.flags, games, 7)
        for module in (kernel, pure)
    ]
    assert results[0] == results[1]
    assert len(results[0]) == games * (2 + 2 * players)


SHIMMED = """
import sys
sys.modules["cython"] = None  # import cython fails, as where Cython is not installed
import fearsome_rules as fr
from fearsome_rules.core import _kernel as kernel
assert not fr.COMPILED and kernel.cython.__name__ == "fearsome_rules.core.cython_shim"
games = fr.playouts(fr.new_game(3), 20, seed=4)
print(repr([(g.outcome, g.rounds) for g in games]))
"""


def test_the_pure_build_runs_without_cython() -> None:
    """Cython is a build tool only: the pure build imports the shim where it is missing, and
    plays the same games as with Cython's own pure-mode module."""
    env = {**os.environ, "FEARSOME_RULES_PURE": "1"}
    out = subprocess.run(
        [sys.executable, "-c", SHIMMED], capture_output=True, text=True, env=env, check=True
    )
    games = fr.playouts(fr.new_game(3), 20, seed=4)
    assert out.stdout.strip() == repr([(g.outcome, g.rounds) for g in games])
