"""Rating bots: the schedule of a round robin, places from the engine's ranking, Wilson
intervals, OpenSkill's ratings and ``fearsome-rules rate``."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import fearsome_rules as fr
from fearsome_rules.cli import main
from fearsome_rules.tools.rating import (
    format_head_to_head,
    format_ratings,
    places,
    play_tournament,
    rate,
    seatings,
    wilson,
)
from fearsome_rules.tools.simulate import GameRecord, game_seed, play_game

needs_openskill = pytest.mark.skipif(
    importlib.util.find_spec("openskill") is None,
    reason="needs the rating extra (openskill)",
)


def record(ranking: tuple[int, ...], escaped: tuple[int, ...]) -> GameRecord:
    n = len(ranking)
    zeros = (0,) * n
    winners = (ranking[0],) if escaped[ranking[0]] else ()
    return GameRecord(1, winners, "END-WIN", 9, 9, 2, zeros, zeros, zeros, escaped, zeros, ranking)


def test_places_follow_the_ranking_and_tie_those_with_nobody_out() -> None:
    # C first (3 out), A second (1 out); B and D got nobody out: the ranking orders them by
    # seat only, so they share third place.
    assert places(record((2, 0, 1, 3), (1, 0, 3, 0))) == (2, 3, 1, 3)
    # B and C both have 1 out; C reached it first (END-MOST): C second, B third.
    assert places(record((0, 2, 1), (3, 1, 1))) == (1, 3, 2)
    assert places(record((0, 1), (0, 0))) == (1, 1)


def test_places_of_a_played_game_match_its_outcome() -> None:
    for seed in range(6):
        r = play_game(4, seed, ["greedy", "random", "greedy", "runner"])
        p = places(r)
        assert sorted(r.ranking) == [0, 1, 2, 3]
        if r.winners:
            assert p[r.winners[0]] == 1 and Counter(p)[1] == 1
        for a in range(4):
            for b in range(4):
                if r.escaped[a] > r.escaped[b]:
                    assert p[a] < p[b]


def test_every_bot_sits_in_every_seat_equally() -> None:
    tables = seatings(["a", "b", "c", "d"], 3)
    assert len(tables) == 4 * 3  # C(4, 3) tables, 3 rotations each
    for seat in range(3):
        assert Counter(t[seat] for t in tables) == {"a": 3, "b": 3, "c": 3, "d": 3}
    assert seatings(["x", "y"], 2) == [("x", "y"), ("y", "x")]


def test_wilson_intervals_by_hand() -> None:
    # Wilson's 95 % interval: 0 of 10 gives [0, 0.2775]; 5 of 10 gives [0.2366, 0.7634]
    # (z = 1.95996; the textbook values).
    low, high = wilson(0, 10)
    assert low == 0 and high == pytest.approx(0.27753, abs=1e-5)
    assert wilson(5, 10) == pytest.approx((0.23659, 0.76341), abs=1e-5)
    assert wilson(10, 10)[1] == 1 and wilson(0, 0) == (0, 1)


def test_a_tournament_is_the_same_whatever_plays_it() -> None:
    args = (["greedy", "random", "search:2"], 2, 2, 3)
    alone = play_tournament(*args, workers=1)
    assert len(alone.games) == 6 * 2
    with ThreadPoolExecutor(max_workers=2) as threads:
        assert play_tournament(*args, executor=threads, chunksize=1) == alone
    first = alone.games[0]  # game 0 of seating 0, seeded as simulate seeds it
    assert first.seating == ("greedy", "random")
    assert first.seed == game_seed(game_seed(3, 0), 0)
    again = play_game(2, first.seed, list(first.seating))
    assert places(again) == first.places and again.winners == first.winners


def test_a_tournament_refuses_bad_arguments() -> None:
    with pytest.raises(fr.FearsomeError, match="2 bots for 4-player tables"):
        play_tournament(["greedy", "random"], 4, 1)
    with pytest.raises(fr.FearsomeError, match="a bot is given twice: greedy"):
        play_tournament(["greedy", "Greedy", "random"], 2, 1)
    with pytest.raises(fr.FearsomeError, match="unknown bot 'clever'"):
        play_tournament(["greedy", "clever"], 2, 1)
    with pytest.raises(fr.FearsomeError, match="at least one game"):
        play_tournament(["greedy", "random"], 2, 0)


@needs_openskill
def test_ratings_count_every_game() -> None:
    tournament = play_tournament(["greedy", "random", "runner"], 2, 3, 1, workers=1)
    ratings = rate(tournament)
    by_name = {r.name: r for r in ratings.bots}
    assert set(by_name) == {"greedy", "random", "runner"}
    for name, r in by_name.items():
        assert r.games == 2 * 2 * 3  # two tables, two seatings each, three games
        seats = [(g, g.seating.index(name)) for g in tournament.games if name in g.seating]
        assert r.wins == sum(1 for g, seat in seats if g.winners == (seat,))
        low, high = r.interval
        assert low < r.mu < high and r.sigma > 0
    assert ratings.bots[-1].name == "random"  # it never wins against these two
    assert by_name["random"].wins == 0
    h = ratings.pair("greedy", "random")
    assert h.games == 2 * 3 and h.first_ahead + h.second_ahead <= 6
    assert ratings.pair("random", "greedy").first_ahead == h.second_ahead
    table = format_ratings(ratings)
    assert table.splitlines()[0].startswith("| bot | games | wins |")
    assert len(table.splitlines()) == 2 + 3
    assert len(format_head_to_head(ratings).splitlines()) == 2 + 3


def test_without_openskill_the_message_names_the_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "openskill.models", None)  # import_module fails on None
    assert main(["rate", "--players", "2", "--bots", "greedy,random", "--games", "1"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == (
        "fearsome-rules: the ratings need openskill: pip install 'fearsome_rules[rating]'\n"
    )


@needs_openskill
def test_the_rate_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_file = tmp_path / "ratings.json"
    argv = ["rate", "--players", "2", "--bots", "greedy,random", "--games", "2"]
    assert main([*argv, "--workers", "1", "--json", str(out_file)]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    lines = out.splitlines()
    assert lines[0] == (
        "Fearsome Floors ratings: 2-player tables of greedy, random; "
        "2 seatings x 2 games = 4 games, basic setup, seed 1"
    )
    assert "| bot | games | wins | win rate (95 % interval) |" in out
    assert "| ahead of: | " in out
    doc = json.loads(out_file.read_text())
    assert [g["seating"] for g in doc["games"]] == [["greedy", "random"], ["random", "greedy"]] * 2
    assert {r["bot"] for r in doc["ratings"]} == {"greedy", "random"}
    assert main([*argv, "--workers", "2", "--json", str(out_file.with_suffix(".2"))]) == 0
    capsys.readouterr()
    two = json.loads(out_file.with_suffix(".2").read_text())
    assert two["ratings"] == doc["ratings"] and two["games"] == doc["games"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "greedy"], "1 bots for 2-player tables: give at least 2"),
        (["--bots", "greedy,clever"], "unknown bot 'clever'"),
        (["--bots", "greedy,search:0"], "write search:NODES"),
        (["--games", "0"], "argument --games: 0: 1 to 100,000 games a seating"),
        (["--setup", "expert"], "--setup 'expert': one of basic, advanced, bsw"),
        (["--option", "nope=1"], "unknown option 'nope'"),
    ],
)
def test_rate_errors_are_one_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    base = ["rate", "--players", "2", "--games", "1", "--workers", "1"]
    try:
        code = main([*base, *args])
    except SystemExit as e:
        code = int(e.code or 0)
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and message in err
