"""The readings report (tools.readings.report, ``fearsome-rules readings``): the games are the
simulate tool's games, the shortcut in the paired games is exact, and the command writes its
table, JSON and chart."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from fearsome_rules.cli import main
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.tools.readings.games import play_watched
from fearsome_rules.tools.readings.report import OPTIONS, measure
from fearsome_rules.tools.simulate.game import Job, game_seed, play_game


@pytest.mark.parametrize("setup", ["basic", "advanced"])
def test_a_watched_game_is_the_simulated_game(setup: str) -> None:
    job = Job(3, 5, ("greedy",), RuleOptions(), setup)
    for i in range(3):
        record, tally = play_watched(job, i)
        assert record == play_game(3, game_seed(5, i), "greedy", RuleOptions(), setup)
        assert tally.actions > 0


@pytest.mark.parametrize(("setup", "games"), [("basic", 10), ("advanced", 4)])
def test_the_paired_shortcut_is_exact(setup: str, games: int) -> None:
    """With myopic bots, a game in which an option never mattered is the same game under its
    other value: replaying only the others gives the very numbers of replaying them all."""
    quick = measure(3, games, seed=7, setup=setup, workers=1)
    full = measure(3, games, seed=7, setup=setup, workers=1, replay_all=True)
    for a, b in zip(quick.options, full.options, strict=True):
        assert [attrs_of(p) for p in a.paired] == [attrs_of(p) for p in b.paired], a.option
    replayed = {o.option: o.paired[0].replayed for o in quick.options}
    assert replayed["three_hits"] == games  # the deck itself differs: every game again
    assert min(replayed.values()) < games  # the shortcut saved games


def test_a_reading_that_only_takes_choices_away_changes_only_games_it_changed() -> None:
    """Under ``reentry=mandatory`` a waiting figure may no longer stay outside: choices are only
    taken away. The bots pick the same move whenever it is still offered (one draw a choice,
    tie-breaks that do not depend on the other moves), so a replayed game can differ, and its
    winner change, only where the default game played a move the other reading changes."""
    report = measure(4, 40, seed=11, workers=1)
    reentry = next(o for o in report.options if o.option == "reentry")
    assert reentry.games_mattered == 40  # the choices differ in every game
    assert reentry.paired[0].winner_changed <= reentry.games_changed < 40


def attrs_of(p: object) -> tuple[object, ...]:
    return tuple(getattr(p, k) for k in ("value", "games", "winner_changed", "rounds", "eaten"))


def test_the_report_covers_every_option() -> None:
    report = measure(2, 6, seed=3, workers=1)
    assert [o.option for o in report.options] == list(OPTIONS)
    assert all(o.games == 6 and len(o.paired) == 1 for o in report.options)
    finish = next(o for o in report.options if o.option == "finish_round")
    assert finish.paired[0].winner_changed == 0  # the winner is fixed at the win (VAR-FINISH-ROUND)
    doc = report.to_json()
    assert doc["format"] == "fearsome-rules/readings" and len(doc["options"]) == len(OPTIONS)


def test_the_command_writes_the_table_the_json_and_the_chart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out, chart = tmp_path / "r.json", tmp_path / "r.png"
    argv = ["readings", "--games", "3", "--players", "2", "--workers", "1", "--json", str(out)]
    if importlib.util.find_spec("matplotlib") is not None:
        argv += ["--chart", str(chart)]
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert "| `reentry` | optional, mandatory |" in text and "| `three_hits` |" in text
    assert json.loads(out.read_text("utf-8"))["games"] == 3
    if "--chart" in argv:
        assert chart.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_command_refuses_bad_arguments_before_playing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["readings", "--bots", "greedy,greedy,greedy", "--players", "2"]) == 2
    assert "3 bots for 2 players" in capsys.readouterr().err
    assert main(["readings", "--bots", "nobody"]) == 2
    assert "unknown bot" in capsys.readouterr().err
