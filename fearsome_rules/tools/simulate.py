"""Seeded simulations: many games between bots, on all cores, summed up.

:func:`play_game` plays one seeded game and returns a small :class:`GameRecord`;
:func:`simulate` plays ``games`` of them through any :class:`concurrent.futures.Executor` and
returns a :class:`Summary`: wins by seat, game length, figures eaten per stage, how often stage
2 is reached, how games end. Game ``i`` is seeded from ``(seed, i)`` alone, so the summary does
not depend on the number of workers or on the order in which they finish.

``fearsome-rules simulate`` is the command line for it (:func:`add_parser`).
"""

from __future__ import annotations

import hashlib
import math
import os
import random
import signal
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from typing import Any, TextIO

import attrs

from fearsome_rules.core import events as ev
from fearsome_rules.core.errors import FearsomeError
from fearsome_rules.core.game import apply, apply_traced, new_game, outcome
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.core.placement import SETUPS
from fearsome_rules.core.state import OUT, REMOVED, SEAT_LETTERS, Phase
from fearsome_rules.tools.bots import BOTS, Bot, draw_tile, random_placement

BotSpec = str | Bot
"""A bot by name (``greedy``, ``random``, ``runner``: see ``bots.BOTS``) or a bot function.
Bot functions must be picklable (defined at module level) to run in other processes."""

Progress = Callable[[int, int], None]
"""Called as ``progress(games_done, games)`` while a simulation runs."""

INSIDE_AT_THE_END = "inside at the end"  # how game.py names figures removed by STAGE-TWO-END


@attrs.frozen
class GameRecord:
    """What one game came to. Per-seat tuples are indexed by seat (0 = A, the start player)."""

    seed: int
    winners: tuple[int, ...]
    """The winning seats: one, none, or all when ``no_escape_result=shared`` and nobody got out."""
    ended_by: str
    """END-WIN, END-ALL-GONE or STAGE-TWO-END."""
    rounds: int
    reveals: int
    """Monster tiles revealed over the whole game."""
    stage: int
    """The stage the game ended in (1 or 2)."""
    eaten_stage1: tuple[int, ...]
    """Figures eaten (or pushed off the board) by the monster in stage 1, per seat; they went
    back to the entrance."""
    eaten_stage2: tuple[int, ...]
    """Figures eaten by the monster in stage 2, per seat; they left the game."""
    inside_at_end: tuple[int, ...]
    """Figures still on the board when stage 2 ran out of tiles (STAGE-TWO-END), per seat."""
    escaped: tuple[int, ...]
    """Figures out through the exit, per seat."""
    in_play: tuple[int, ...]
    """Figures still in play (on the board or waiting) when the game ended, per seat."""


def _bot_name(bot: BotSpec) -> str:
    return bot if isinstance(bot, str) else getattr(bot, "__name__", repr(bot))


def resolve_bots(bots: BotSpec | Sequence[BotSpec], players: int) -> tuple[Bot, ...]:
    """One bot per seat: a single bot (or a list of one) plays every seat; otherwise give
    exactly one per seat. Raises FearsomeError for an unknown name or a wrong count."""
    specs: list[BotSpec] = [bots] if isinstance(bots, str) or callable(bots) else list(bots)
    if len(specs) == 1:
        specs = specs * players
    if len(specs) != players:
        raise FearsomeError(
            f"{len(specs)} bots for {players} players: give one bot for every seat, or one for all"
        )
    out: list[Bot] = []
    for spec in specs:
        if isinstance(spec, str):
            bot = BOTS.get(spec.strip().lower())
            if bot is None:
                raise FearsomeError(f"unknown bot {spec!r}: the bots are {', '.join(sorted(BOTS))}")
            out.append(bot)
        else:
            out.append(spec)
    return tuple(out)


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a simulation seeded ``seed``: a hash of the pair, so
    games are independent of each other and of how they are spread over workers."""
    digest = hashlib.blake2b(f"fearsome-simulate/{seed}/{index}".encode(), digest_size=8)
    return int.from_bytes(digest.digest(), "big")


def play_game(
    players: int,
    seed: int,
    bots: BotSpec | Sequence[BotSpec] = "greedy",
    options: RuleOptions | None = None,
    setup: str = "basic",
) -> GameRecord:
    """Play one game to its end and record it. Seat A starts; tiles are drawn, and tiles
    placed in a placement phase, with ``random.Random(seed)``; the same game as
    ``bots.play(new_game(players, 0, options, setup), bots, seed)``."""
    seat_bots = resolve_bots(bots, players)
    state = new_game(players, 0, options, setup)
    rng = random.Random(seed)
    eaten = [[0] * players, [0] * players]
    inside = [0] * players
    owner = {f.name: f.owner for f in state.figures}
    reveals = 0
    while state.phase is not Phase.OVER:
        if state.phase is Phase.MONSTER:
            stage = state.stage
            state, events = apply_traced(state, draw_tile(state, rng))
            reveals += 1
            for e in events:
                if isinstance(e, ev.FigureEaten):
                    if e.how == INSIDE_AT_THE_END:
                        inside[owner[e.figure]] += 1
                    else:
                        eaten[stage - 1][owner[e.figure]] += 1
        elif state.phase is Phase.PLACEMENT:
            state = apply(state, random_placement(state, rng))
        else:
            state = apply(state, seat_bots[state.to_move](state, rng))
    result = outcome(state)
    assert result is not None
    escaped = [0] * players
    in_play = [0] * players
    for f in state.figures:
        if f.where == OUT:
            escaped[f.owner] += 1
        elif f.where != REMOVED:
            in_play[f.owner] += 1
    return GameRecord(
        seed=seed,
        winners=result.winners,
        ended_by=result.rule,
        rounds=state.round,
        reveals=reveals,
        stage=state.stage,
        eaten_stage1=tuple(eaten[0]),
        eaten_stage2=tuple(eaten[1]),
        inside_at_end=tuple(inside),
        escaped=tuple(escaped),
        in_play=tuple(in_play),
    )


@attrs.frozen
class _Job:
    """What every game of a simulation shares; sent to the workers with each chunk."""

    players: int
    seed: int
    bots: tuple[BotSpec, ...]
    options: RuleOptions
    setup: str


def _play_chunk(job: _Job, start: int, stop: int) -> list[GameRecord]:
    """Games ``start`` to ``stop - 1`` of a simulation (runs in a worker)."""
    return [
        play_game(job.players, game_seed(job.seed, i), job.bots, job.options, job.setup)
        for i in range(start, stop)
    ]


def _sum(rows: Sequence[tuple[int, ...]], players: int) -> tuple[int, ...]:
    return tuple(sum(r[s] for r in rows) for s in range(players))


@attrs.frozen
class Summary:
    """The statistics of a simulation. Per-seat tuples are indexed by seat (0 = A, who starts
    every game). ``wins`` counts games with that seat as the only winner; ``shared`` counts
    games everybody shares (``no_escape_result=shared`` and nobody got out) and ``no_winner``
    games nobody wins, so ``sum(wins) + shared + no_winner == games``."""

    games: int
    players: int
    seed: int
    bots: tuple[str, ...]
    setup: str
    options: RuleOptions
    wins: tuple[int, ...]
    shared: int
    no_winner: int
    rounds_mean: float
    rounds_min: int
    rounds_median: float
    rounds_max: int
    reveals_mean: float
    reached_stage2: int
    eaten_stage1: tuple[int, ...]
    eaten_stage2: tuple[int, ...]
    inside_at_end: tuple[int, ...]
    escaped: tuple[int, ...]
    in_play: tuple[int, ...]
    ended_by: tuple[tuple[str, int], ...]
    """(ending rule, games), sorted by rule."""

    @classmethod
    def of(cls, job: _Job, records: Sequence[GameRecord]) -> Summary:
        if not records:
            raise FearsomeError("no games to sum up")
        n = job.players
        wins = [0] * n
        shared = no_winner = 0
        for r in records:
            if len(r.winners) == 1:
                wins[r.winners[0]] += 1
            elif r.winners:
                shared += 1
            else:
                no_winner += 1
        rounds = [r.rounds for r in records]
        return cls(
            games=len(records),
            players=n,
            seed=job.seed,
            bots=tuple(_bot_name(b) for b in job.bots),
            setup=job.setup,
            options=job.options,
            wins=tuple(wins),
            shared=shared,
            no_winner=no_winner,
            rounds_mean=math.fsum(rounds) / len(rounds),
            rounds_min=min(rounds),
            rounds_median=float(statistics.median(rounds)),
            rounds_max=max(rounds),
            reveals_mean=math.fsum(r.reveals for r in records) / len(records),
            reached_stage2=sum(1 for r in records if r.stage == 2),
            eaten_stage1=_sum([r.eaten_stage1 for r in records], n),
            eaten_stage2=_sum([r.eaten_stage2 for r in records], n),
            inside_at_end=_sum([r.inside_at_end for r in records], n),
            escaped=_sum([r.escaped for r in records], n),
            in_play=_sum([r.in_play for r in records], n),
            ended_by=tuple(sorted(Counter(r.ended_by for r in records).items())),
        )

    def win_rate(self, seat: int) -> float:
        """The fraction of games the seat won alone."""
        return self.wins[seat] / self.games

    @property
    def stage2_rate(self) -> float:
        """The fraction of games that reached stage 2."""
        return self.reached_stage2 / self.games

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict; per-seat values are keyed by seat letter."""

        def seats(values: tuple[int, ...]) -> dict[str, int]:
            return {SEAT_LETTERS[s]: v for s, v in enumerate(values)}

        return {
            "games": self.games,
            "players": self.players,
            "seed": self.seed,
            "bots": {SEAT_LETTERS[s]: b for s, b in enumerate(self.bots)},
            "setup": self.setup,
            "options": {k: v for k, v in self.options.changed().items()},
            "wins": seats(self.wins),
            "win_rate": {SEAT_LETTERS[s]: self.win_rate(s) for s in range(self.players)},
            "shared": self.shared,
            "no_winner": self.no_winner,
            "rounds": {
                "mean": self.rounds_mean,
                "min": self.rounds_min,
                "median": self.rounds_median,
                "max": self.rounds_max,
            },
            "reveals_mean": self.reveals_mean,
            "reached_stage2": self.reached_stage2,
            "stage2_rate": self.stage2_rate,
            "eaten": {"stage1": seats(self.eaten_stage1), "stage2": seats(self.eaten_stage2)},
            "inside_at_end": seats(self.inside_at_end),
            "escaped": seats(self.escaped),
            "in_play_at_end": seats(self.in_play),
            "ended_by": dict(self.ended_by),
        }


def cores() -> int:
    """The cores this process may run on (the default number of workers)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


def default_chunksize(games: int, workers: int) -> int:
    """Games per task: about four tasks per worker, at most 25 games (a few seconds) each,
    so the per-task overhead is small and the progress bar still moves."""
    return max(1, min(25, math.ceil(games / (4 * max(1, workers)))))


def simulate(
    games: int,
    players: int,
    seed: int = 0,
    bots: BotSpec | Sequence[BotSpec] = "greedy",
    options: RuleOptions | None = None,
    setup: str = "basic",
    executor: Executor | None = None,
    progress: Progress | None = None,
    *,
    workers: int | None = None,
    chunksize: int | None = None,
) -> Summary:
    """Play ``games`` seeded games and sum them up.

    Game ``i`` is played with seed ``game_seed(seed, i)``, so the same arguments give the same
    summary whatever runs the games. ``executor`` is any :class:`concurrent.futures.Executor`
    (a process pool, Dask's ``Client.get_executor()``, ...); the games go to it in chunks of
    ``chunksize``. Without one, a :class:`ProcessPoolExecutor` with ``workers`` processes
    (default: every core) is started and shut down; ``workers=1`` plays in this process.
    ``progress(done, games)`` is called as chunks finish.
    """
    opts = RuleOptions() if options is None else options
    if not isinstance(games, int) or games < 1:
        raise FearsomeError(f"games: {games!r}: play at least one game")
    if setup not in SETUPS:
        raise FearsomeError(f"setup: {setup!r}: one of {', '.join(SETUPS)}")
    new_game(players, 0, opts, setup)  # checks players and options before any work
    specs: list[BotSpec] = [bots] if isinstance(bots, str) or callable(bots) else list(bots)
    resolve_bots(specs, players)
    job = _Job(players, seed, tuple(specs), opts, setup)
    if workers is not None and workers < 1:
        raise FearsomeError(f"workers: {workers!r}: at least 1")
    if chunksize is not None and chunksize < 1:
        raise FearsomeError(f"chunksize: {chunksize!r}: at least 1")
    n_workers = workers or cores()
    size = chunksize or default_chunksize(games, n_workers)
    chunks = [(a, min(a + size, games)) for a in range(0, games, size)]
    if executor is None and n_workers == 1:
        records: list[GameRecord] = []
        for a, b in chunks:
            records.extend(_play_chunk(job, a, b))
            if progress is not None:
                progress(len(records), games)
        return Summary.of(job, records)
    if executor is None:
        with process_pool(n_workers) as pool:
            try:
                return _run(pool, job, chunks, games, progress)
            except BaseException:
                pool.shutdown(wait=False, cancel_futures=True)
                raise
    return _run(executor, job, chunks, games, progress)


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which cancels what is left."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def process_pool(workers: int) -> ProcessPoolExecutor:
    """A process pool whose workers ignore Ctrl-C (the caller stops them)."""
    return ProcessPoolExecutor(max_workers=workers, initializer=_ignore_interrupts)


def _run(
    executor: Executor,
    job: _Job,
    chunks: list[tuple[int, int]],
    games: int,
    progress: Progress | None,
) -> Summary:
    futures: list[Future[list[GameRecord]]] = [
        executor.submit(_play_chunk, job, a, b) for a, b in chunks
    ]
    try:
        done = 0
        for fut in as_completed(futures):
            done += len(fut.result())
            if progress is not None:
                progress(done, games)
    except BaseException:
        for fut in futures:
            fut.cancel()
        raise
    records = [r for fut in futures for r in fut.result()]  # in game order
    return Summary.of(job, records)


# --- the command line ------------------------------------------------------------------------


class ProgressBar:
    """A one-line progress bar on a terminal stream: ``[#####.....] 50% 500/1000 games ...``."""

    def __init__(self, total: int, stream: TextIO | None = None, width: int = 30) -> None:
        self.total = total
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self.start = time.monotonic()
        self.last = 0.0
        self.shown = False

    def update(self, done: int) -> None:
        now = time.monotonic()
        if done < self.total and now - self.last < 0.1:
            return
        self.last = now
        frac = done / self.total if self.total else 1.0
        filled = int(frac * self.width)
        elapsed = now - self.start
        eta = f", {elapsed / frac - elapsed:.0f} s left" if 0 < frac < 1 else ""
        self.stream.write(
            f"\r[{'#' * filled}{'.' * (self.width - filled)}] {frac:4.0%} "
            f"{done}/{self.total} games, {elapsed:.0f} s{eta}   "
        )
        self.stream.flush()
        self.shown = True

    def close(self) -> None:
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()
            self.shown = False


PUBLISHED_VARIANTS = ("default", "three_hits=true", "finish_round=true")
"""What ``--variants`` compares: the rules as given, and each published variant."""


def parse_variant(text: str, base: RuleOptions) -> tuple[str, RuleOptions]:
    """A variant from ``default`` or ``NAME=VALUE[,NAME=VALUE...]`` on top of ``base``;
    returns (label, options)."""
    spec = text.strip()
    if spec.lower() in ("default", ""):
        return "default", base
    opts = base
    parts = []
    for pair in spec.split(","):
        name, eq, value = pair.partition("=")
        if not eq or not name.strip():
            raise FearsomeError(f"--variant {text!r}: write NAME=VALUE[,NAME=VALUE...] or default")
        opts = opts.with_option(name.strip(), value.strip())
        parts.append(f"{name.strip()}={value.strip()}")
    return ",".join(parts), opts


def _percent(count: int, games: int) -> str:
    """A share to 0.1%, never rounded to 0% or 100% unless it is exactly that."""
    share = 100 * count / games
    if count > 0 and share < 0.05:
        return "<0.1%"
    if count < games and share >= 99.95:
        return ">99.9%"
    return f"{share:.1f}%"


def format_summaries(columns: Sequence[tuple[str, Summary]]) -> str:
    """The summaries side by side, one column per variant."""
    first = columns[0][1]
    n = first.players
    rows: list[tuple[str, list[str]]] = [("games", [str(s.games) for _, s in columns])]
    for seat in range(n):
        who = f"wins {SEAT_LETTERS[seat]}" + (" (starts)" if seat == 0 else "")
        rows.append((who, [_percent(s.wins[seat], s.games) for _, s in columns]))
    if any(s.shared for _, s in columns):
        rows.append(("shared by all", [_percent(s.shared, s.games) for _, s in columns]))
    rows.append(("no winner", [_percent(s.no_winner, s.games) for _, s in columns]))
    rows.append(("rounds: mean", [f"{s.rounds_mean:.2f}" for _, s in columns]))
    rows.append(
        (
            "rounds: min/median/max",
            [f"{s.rounds_min}/{s.rounds_median:g}/{s.rounds_max}" for _, s in columns],
        )
    )
    rows.append(("monster tiles: mean", [f"{s.reveals_mean:.2f}" for _, s in columns]))
    rows.append(("reached stage 2", [_percent(s.reached_stage2, s.games) for _, s in columns]))
    rows.append(
        ("eaten in stage 1 / game", [f"{sum(s.eaten_stage1) / s.games:.2f}" for _, s in columns])
    )
    rows.append(
        ("eaten in stage 2 / game", [f"{sum(s.eaten_stage2) / s.games:.2f}" for _, s in columns])
    )
    rows.append(
        ("inside at the end / game", [f"{sum(s.inside_at_end) / s.games:.2f}" for _, s in columns])
    )
    rows.append(("figures out / game", [f"{sum(s.escaped) / s.games:.2f}" for _, s in columns]))
    rules = sorted({rule for _, s in columns for rule, _ in s.ended_by})
    for rule in rules:
        cells = [_percent(dict(s.ended_by).get(rule, 0), s.games) for _, s in columns]
        rows.append((f"ended by {rule}", cells))
    label_width = max(len(label) for label, _ in rows)
    widths = [
        max(len(label), *(len(values[k]) for _, values in rows))
        for k, (label, _) in enumerate(columns)
    ]
    lines = [
        " " * label_width
        + "".join(f"  {label:>{w}}" for (label, _), w in zip(columns, widths, strict=True))
    ]
    for label, values in rows:
        lines.append(
            f"{label:<{label_width}}"
            + "".join(f"  {v:>{w}}" for v, w in zip(values, widths, strict=True))
        )
    return "\n".join(lines)
