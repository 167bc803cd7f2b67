"""The adapters' examples in examples/ run to the end (each skipped without its extra), and
``import fearsome_rules`` imports no optional package."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
OPTIONAL = ("numpy", "pyspiel", "open_spiel", "pettingzoo", "gymnasium")


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_engine_imports_no_optional_package() -> None:
    """Nor does the action encoding: only the adapters' framework modules do."""
    code = (
        "import sys, fearsome_rules, fearsome_rules.tools.adapters.action_encoding\n"
        f"print(sorted(m for m in {OPTIONAL!r} if m in sys.modules))"
    )
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert found.stdout.strip() == "[]"


def returns_of(line: str) -> list[float]:
    return [float(x) for x in re.findall(r"[+-]\d\.\d\d", line.partition("returns")[2])]


def test_the_openspiel_example_plays_mcts_against_the_greedy_bot() -> None:
    pytest.importorskip("pyspiel", reason="needs the openspiel extra")
    out: list[str] = []
    argv = ["--games", "2", "--simulations", "4", "--setup", "bsw"]
    assert load("openspiel_mcts").main(argv, out.append) == 0
    games = [returns_of(line) for line in out[:2]]
    assert all(len(r) == 2 and sorted(r) in ([-1.0, 1.0], [0.0, 0.0]) for r in games), out
    assert out[2] == f"MCTS (seat A) in 2 games: {sum(r[0] for r in games):+.2f}"


def test_the_pettingzoo_example_runs_its_loop() -> None:
    pytest.importorskip("pettingzoo", reason="needs the pettingzoo extra")
    runs = []
    for _ in range(2):
        out: list[str] = []
        argv = ["--games", "2", "--players", "3", "--setup", "advanced", "--seed", "4"]
        assert load("pettingzoo_loop").main(argv, out.append) == 0
        runs.append(out)
    assert runs[0] == runs[1]  # the seed decides everything
    for line in runs[0][:2]:
        assert re.match(r"game \d: \d+ steps, rewards", line)
        rewards = [float(x) for x in re.findall(r"[+-]\d\.\d\d", line)]
        assert len(rewards) == 3 and abs(sum(rewards)) < 0.011
