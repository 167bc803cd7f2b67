"""The example front-end in examples/ plays whole games, from scripted input."""

from __future__ import annotations

import ast
import importlib.util
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import ModuleType

import pytest

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "terminal_game.py"
Main = Callable[[Sequence[str], Callable[[str], str], Callable[[str], None]], int]


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("terminal_game", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def main() -> Main:
    entry: Main = load().main
    return entry


def scripted(lines: Sequence[str]) -> tuple[Callable[[str], str], list[str]]:
    """An input function that answers with ``lines`` in turn (then end of input), and the list
    of prompts it was given."""
    feed: Iterator[str] = iter(lines)
    prompts: list[str] = []

    def answer(prompt: str) -> str:
        prompts.append(prompt)
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return answer, prompts


def no_input(prompt: str) -> str:
    raise AssertionError(f"a bots-only game asked for input: {prompt!r}")


def test_uses_only_the_public_api() -> None:
    tree = ast.parse(EXAMPLE.read_text(encoding="utf-8"))
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            imported.add(node.module or "")
    engine = {m for m in imported if m.split(".")[0] == "fearsome_rules"}
    assert engine == {"fearsome_rules"}
    import fearsome_rules as fr

    used = {
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "fr"
    }
    assert used <= set(fr.__all__), used - set(fr.__all__)


@pytest.mark.parametrize(
    ("players", "bots", "setup"),
    [
        (2, "A=greedy,B=random", "basic"),
        (4, "A=runner,B=greedy,C=random,D=greedy", "basic"),
        (3, "A=greedy,B=greedy,C=greedy", "advanced"),
    ],
)
def test_a_bots_only_game_runs_to_the_end(main: Main, players: int, bots: str, setup: str) -> None:
    out: list[str] = []
    argv = ["--players", str(players), "--bots", bots, "--seed", "5", "--setup", setup]
    assert main(argv, no_input, out.append) == 0
    text = "\n".join(out)
    assert "== game over ==" in text
    assert "ended by " in text and "winner: " in text
    assert "== round 1: the monster tile is " in text
    assert "  step 1: a1 -> " in text  # the monster's walk is shown


def test_the_same_seed_gives_the_same_game(main: Main) -> None:
    runs = []
    for _ in range(2):
        out: list[str] = []
        main(["--players", "2", "--bots", "A=greedy,B=random", "--seed", "9"], no_input, out.append)
        runs.append(out)
    assert runs[0] == runs[1]


def test_typed_and_numbered_moves_and_refusals(main: Main) -> None:
    answer, prompts = scripted(
        [
            "B1 p11",  # not A's figure
            "A1 p11 o11",  # A1 has one point
            "zz",  # not notation
            "99",  # no such number
            "reveal 8",  # not a figure move
            "help",
            "",
            "2",  # the second listed move: A1 p11
            "A5 p11 p10 o10",  # typed, through A1 on p11
            "auto",  # the greedy bot finishes the game for A
        ]
    )
    out: list[str] = []
    argv = ["--players", "3", "--bots", "B=greedy,C=random", "--seed", "4"]
    assert main(argv, answer, out.append) == 0
    text = "\n".join(out)
    assert "refused by rule RND-ORDER: B1 belongs to B, but A is to move" in text
    assert "refused by rule FIG-POINTS: A1 p11 o11: the figure has only 1 movement points" in text
    assert "cannot read 'zz'" in text
    assert "there is no move 99" in text
    assert "it is a figure move now" in text
    assert "auto          let the greedy bot play this seat" in text
    assert "\nA: A1 p11\n" in text
    assert "\nA: A5 p11 p10 o10\n" in text
    assert "the greedy bot plays A from now on" in text
    assert "== game over ==" in text
    assert prompts and set(prompts) == {"A> "}
    assert len(prompts) == 10
    assert "    1. A1 -" in text and "    2. A1 p11" in text


@pytest.mark.parametrize("lines", [["quit"], []])
def test_quit_or_end_of_input_abandons_the_game(main: Main, lines: list[str]) -> None:
    answer, _ = scripted(lines)
    out: list[str] = []
    assert main(["--players", "2", "--seed", "1"], answer, out.append) == 1
    assert out[-1].strip() == "game abandoned"


@pytest.mark.parametrize(
    "argv",
    [
        ["--players", "3", "--bots", "D=greedy"],
        ["--players", "3", "--bots", "B=clever"],
        ["--players", "9"],
        ["--setup", "expert"],
        ["--option", "nope=1"],
    ],
)
def test_bad_arguments_exit_2(
    main: Main, argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        main(argv, no_input, print)
    assert exc.value.code == 2
    assert "error:" in capsys.readouterr().err
