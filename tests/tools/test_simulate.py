"""Simulations: the greedy bot, one seeded game's record, the summary over many, the command."""

from __future__ import annotations

import json
import random
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import fearsome_rules as fr
from fearsome_rules.cli import main
from fearsome_rules.core.state import kinds_for
from fearsome_rules.tools.bots import BOTS, greedy_bot, play
from fearsome_rules.tools.bots.simple import random_order
from fearsome_rules.tools.simulate import (
    ProgressBar,
    Summary,
    game_seed,
    play_game,
    simulate,
)

ALL = [f"{s}{k}" for s in "ABCD" for k in (1, 3, 4, 5)]


def last_to_move(
    figure: str, square: str, face: int, monster: str = "a6", facing: str = "E"
) -> fr.GameState:
    """Round 3: ``figure`` on ``square`` showing ``face`` is the last figure to move."""
    return fr.position(
        4,
        figures={figure: square},
        faces={figure: face},
        moved=[n for n in ALL if n != figure],
        monster=monster,
        facing=facing,
        deck_left=["7", "7", "8", "10", "1hit", "2hits"],
    )


# --- the greedy bot --------------------------------------------------------------------------


def test_greedy_steps_out_of_sight_rather_than_into_it() -> None:
    # The monster on a6 looks east along row 6 (b6..f6 are empty) and north and south along
    # column a. A1 on f7 with 1 point: f6 (one nearer the exit, but straight ahead of the
    # monster) or e7 (as near, out of its sight); f8 and pushing the stone on g7 go away.
    state = last_to_move("A1", "f7", 1)
    moves = {str(m) for m in fr.legal_moves(state)}
    assert {"A1 f6", "A1 e7", "A1 f8", "A1 g7", "A1 -"} <= moves
    for seed in range(20):
        assert str(greedy_bot(state, random.Random(seed))) == "A1 e7"


def test_greedy_stays_put_when_every_step_forward_is_seen() -> None:
    # A1 on b7 with 1 point: a7 is in the monster's sight to its right (south of a6), b6 ahead
    # in row 6; b8 and c7 lead away. Out of sight and no step back: the zero move.
    state = last_to_move("A1", "b7", 1)
    assert {str(m) for m in fr.legal_moves(state)} == {"A1 -", "A1 a7", "A1 b6", "A1 b8", "A1 c7"}
    for seed in range(10):
        assert str(greedy_bot(state, random.Random(seed))) == "A1 -"


def test_greedy_leaves_through_the_exit_when_it_can() -> None:
    # A5 on b1 with 2 points, the monster far away: out through a1.
    state = last_to_move("A5", "b1", 2, monster="h8", facing="S")
    assert str(greedy_bot(state, random.Random(0))) == "A5 a1 out"


def test_greedy_moves_are_legal_in_whole_games() -> None:
    for players, seed in ((2, 1), (4, 2), (7, 3)):
        state = fr.new_game(players, 0)
        rng = random.Random(seed)
        while state.phase is not fr.Phase.OVER:
            if state.phase is fr.Phase.MONSTER:
                state = fr.apply(state, fr.bots.draw_tile(state, rng))
                continue
            move = greedy_bot(state, rng)
            assert fr.check(state, move) is None
            assert move in fr.legal_moves(state)
            state = fr.apply(state, move)


def test_greedy_bot_is_registered() -> None:
    assert BOTS["greedy"] is greedy_bot
    assert fr.bots.greedy_bot is greedy_bot


# --- the bots' randomness ---------------------------------------------------------------------


@pytest.mark.parametrize("name", ["greedy", "random", "runner"])
def test_a_bot_draws_once_a_choice_however_many_moves(name: str) -> None:
    # One draw a move, whatever the list: a reading that adds or removes moves nobody plays
    # leaves the rest of a seeded game's draws (the tiles, later ties) where they were.
    few = last_to_move("A1", "b7", 1)
    many = last_to_move("A5", "h6", 5)
    assert len(fr.legal_moves(few)) < len(fr.legal_moves(many))
    for state in (few, many):
        rng = random.Random(3)
        BOTS[name](state, rng)
        after_one = random.Random(3)
        after_one.getrandbits(64)
        assert rng.random() == after_one.random()


def test_a_random_placement_draws_once() -> None:
    state = fr.new_game(3, 0, setup="advanced")
    rng = random.Random(5)
    placed = fr.bots.random_placement(state, rng)
    assert placed in fr.legal_placements(state)
    after_one = random.Random(5)
    after_one.getrandbits(64)
    assert rng.random() == after_one.random()


def test_random_order_picks_uniformly_and_keeps_its_pick() -> None:
    state = last_to_move("A5", "h6", 5)
    moves = fr.legal_moves(state)[:4]
    counts = dict.fromkeys(moves, 0)
    for seed in range(4000):
        key = random_order(random.Random(seed))
        pick = min(moves, key=key)
        counts[pick] += 1
        others = [m for m in moves if m != pick]
        # The same pick when another move is no longer offered.
        assert min([pick, *others[1:]], key=key) == pick
    # Each of 4 about 1,000 times: a binomial(4000, 1/4) lies within 4.5 sd (123) of 1,000.
    assert all(abs(n - 1000) < 123 for n in counts.values()), counts


# --- one game --------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "setup"), [(2, "basic"), (4, "basic"), (5, "advanced")])
def test_a_record_accounts_for_every_figure(players: int, setup: str) -> None:
    bots = ["greedy", "random"] if players == 2 else ["greedy"]
    for seed in range(4):
        r = play_game(players, seed, bots, None, setup)
        each = len(kinds_for(players))
        for seat in range(players):
            # stage 2's eaten figures and those inside at STAGE-TWO-END left the game
            gone = r.eaten_stage2[seat] + r.inside_at_end[seat]
            assert r.escaped[seat] + gone + r.in_play[seat] == each
        assert r.stage in (1, 2)
        assert r.ended_by in ("END-WIN", "END-ALL-GONE", "STAGE-TWO-END")
        assert r.reveals >= 1 and r.rounds >= 1
        if r.stage == 1:
            assert not any(r.eaten_stage2) and not any(r.inside_at_end)
        assert len(r.winners) <= 1


def test_a_record_is_the_game_bots_play_gives() -> None:
    record = play_game(4, 2003, "greedy")
    *_, (_, last) = play(fr.new_game(4, 0), [greedy_bot] * 4, 2003)
    result = fr.outcome(last)
    assert result is not None
    assert record.winners == result.winners
    assert record.escaped == result.escaped
    assert record.rounds == last.round
    assert record.ended_by == last.ended_by


def test_game_seeds_depend_on_the_pair_only() -> None:
    seeds = {game_seed(s, i) for s in range(5) for i in range(200)}
    assert len(seeds) == 1000
    assert game_seed(7, 3) == game_seed(7, 3)


# --- many games ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def in_process() -> Summary:
    return simulate(20, 3, seed=11, bots=["greedy", "random", "greedy"], workers=1)


def test_summary_does_not_depend_on_workers_or_executor(in_process: Summary) -> None:
    args = (20, 3, 11, ["greedy", "random", "greedy"])
    two = simulate(*args, workers=2)
    assert two == in_process
    with ThreadPoolExecutor(max_workers=3) as threads:
        assert simulate(*args, executor=threads, chunksize=3) == in_process
    assert simulate(*args, workers=1, chunksize=7) == in_process


def test_summary_counts_add_up(in_process: Summary) -> None:
    s = in_process
    assert s.games == 20 and s.players == 3 and s.bots == ("greedy", "random", "greedy")
    assert sum(s.wins) + s.shared + s.no_winner == s.games
    figures = s.games * len(kinds_for(3))
    for seat in range(3):
        gone = s.eaten_stage2[seat] + s.inside_at_end[seat]
        assert s.escaped[seat] + gone + s.in_play[seat] == figures
    assert sum(n for _, n in s.ended_by) == s.games
    assert s.rounds_min <= s.rounds_median <= s.rounds_max
    assert s.rounds_min <= s.rounds_mean <= s.rounds_max
    assert 0 <= s.reached_stage2 <= s.games
    assert s.to_json()["wins"] == dict(zip("ABC", s.wins, strict=True))
    json.dumps(s.to_json())


def test_progress_is_reported_up_to_the_total() -> None:
    calls: list[tuple[int, int]] = []
    simulate(6, 2, seed=1, workers=1, chunksize=2, progress=lambda d, n: calls.append((d, n)))
    assert calls == [(2, 6), (4, 6), (6, 6)]


def test_shared_results_are_counted_apart() -> None:
    # Under no_escape_result=shared a game nobody gets a figure out of is shared by all.
    opts = fr.RuleOptions(no_escape_result="shared")
    records = [play_game(2, game_seed(0, i), "random", opts) for i in range(12)]
    shared = sum(1 for r in records if len(r.winners) == 2)
    nobody_out = sum(1 for r in records if not any(r.escaped))
    assert shared == nobody_out
    s = simulate(12, 2, seed=0, bots="random", options=opts, workers=1)
    assert s.shared == shared and s.no_winner == 0
    assert sum(s.wins) + s.shared == 12


def test_simulate_refuses_bad_arguments() -> None:
    with pytest.raises(fr.FearsomeError, match="at least one game"):
        simulate(0, 4, workers=1)
    with pytest.raises(fr.SetupError, match="2 to 7"):
        simulate(5, 8, workers=1)
    with pytest.raises(fr.FearsomeError, match="unknown bot"):
        simulate(5, 4, bots="clever", workers=1)
    with pytest.raises(fr.FearsomeError, match="3 bots for 4 players"):
        simulate(5, 4, bots=["greedy", "random", "greedy"], workers=1)


def test_progress_bar_draws_on_its_stream() -> None:
    import io

    out = io.StringIO()
    bar = ProgressBar(10, out, width=10)
    bar.update(5)
    bar.update(10)
    bar.close()
    text = out.getvalue()
    assert "[#####.....]  50% 5/10 games" in text
    assert "100% 10/10 games" in text and text.endswith("\n")


# --- the command line ------------------------------------------------------------------------


def test_cli_prints_a_table_per_variant(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_file = tmp_path / "sim.json"
    argv = ["simulate", "--games", "4", "--players", "2", "--seed", "5", "--workers", "1"]
    code = main([*argv, "--variants", "--bots", "greedy,random", "--json", str(out_file)])
    out, err = capsys.readouterr()
    assert code == 0 and err == ""
    assert "default  three_hits=true  finish_round=true" in out
    assert "wins A (starts)" in out and "reached stage 2" in out
    assert "bots: A greedy, B random" in out
    doc = json.loads(out_file.read_text())
    assert [v["label"] for v in doc["variants"]] == [
        "default",
        "three_hits=true",
        "finish_round=true",
    ]
    assert doc["variants"][1]["options"] == {"three_hits": True}
    single = simulate(4, 2, 5, ["greedy", "random"], workers=1)
    assert doc["variants"][0]["wins"] == single.to_json()["wins"]


def test_cli_variant_sets_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["simulate", "--games", "2", "--players", "3", "--workers", "1", "--bot", "random"]
    code = main(
        [
            *argv,
            "--option",
            "reentry=mandatory",
            "--variant",
            "default",
            "--variant",
            "three_hits=true,finish_round=true",
            "--progress",
        ]
    )
    out, err = capsys.readouterr()
    assert code == 0
    assert "options reentry=mandatory" in out
    assert "three_hits=true,finish_round=true" in out
    assert "100% 4/4 games" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "9"], "argument --players: 9: the game is for 2 to 7 players"),
        (["--games", "0"], "argument --games: 0: play 1 to 1,000,000 games"),
        (["--games", "abc"], "argument --games: 'abc' is not a whole number"),
        (["--bot", "greedy", "--bots", "greedy,random"], "not both"),
        (["--option", "nope=1"], "unknown option 'nope'"),
        (["--option", "three_hits=maybe"], "'maybe' is not true or false"),
        (["--option", "three_hits"], "write NAME=VALUE"),
        (["--bot", "clever"], "unknown bot 'clever'"),
        (["--bots", "greedy,clever"], "unknown bot 'clever'"),
        (["--bots", "greedy,random,greedy"], "3 bots for 2 players"),
        (["--setup", "expert"], "--setup 'expert': one of basic, advanced, bsw"),
        (["--workers", "0"], "argument --workers: 0: 1 to 256 processes"),
        (["--variant", "three_hits"], "write NAME=VALUE"),
        (["--variant", "default", "--variant", "default"], "a variant is given twice"),
    ],
)
def test_cli_errors_are_one_line(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    base = ["simulate", "--games", "2", "--players", "2", "--workers", "1"]
    try:
        code = main([*base, *args])
    except SystemExit as e:  # a number out of bounds is argparse's usage error
        code = int(e.code or 0)
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("fearsome-rules")
    assert message in err


def test_work_is_handed_out_a_few_chunks_at_a_time() -> None:
    """Issue 19: the chunks are made as they are handed out, at most a few per worker wait at
    a time, and the summary is summed as they come: memory does not grow with --games."""
    from fearsome_rules.tools.simulate.runner import IN_FLIGHT, stream_chunks

    class Counting(ThreadPoolExecutor):
        def __init__(self) -> None:
            super().__init__(max_workers=2)
            self.submitted = self.most = 0
            self.finished = 0

        def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
            self.submitted += 1
            self.most = max(self.most, self.submitted - self.finished)
            future = super().submit(fn, *args, **kwargs)

            def done(_f: object) -> None:
                self.finished += 1

            future.add_done_callback(done)
            return future

    def chunk(job: str, start: int, stop: int) -> list[int]:
        return list(range(start, stop))

    with Counting() as executor:
        got = [
            r
            for _k, _a, rs in stream_chunks([("x", 10_000)], chunk, executor, None, 2, 1)
            for r in rs
        ]
    assert sorted(got) == list(range(10_000)) and executor.submitted == 10_000
    assert executor.most <= IN_FLIGHT * 2
