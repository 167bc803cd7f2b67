"""The statistics of a simulation: the :class:`Summary` of its games' records, and the
table that shows summaries side by side (:func:`format_summaries`)."""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from fearsome_rules.core.errors import FearsomeError
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.core.state import SEAT_LETTERS
from fearsome_rules.tools.simulate.game import GameRecord, Job, bot_name


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
    def of(cls, job: Job, records: Iterable[GameRecord]) -> Summary:
        """The summary of the games ``records`` came to."""
        totals = Totals(job)
        for r in records:
            totals.add(r)
        return totals.summary()

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


class Totals:
    """A simulation's sums, game by game: nothing is kept per game, so memory does not grow
    with the number of games (``simulate`` sums the games up as their chunks come in)."""

    def __init__(self, job: Job) -> None:
        self.job = job
        n = job.players
        self.games = 0
        self.wins = [0] * n
        self.shared = self.no_winner = 0
        self.rounds: Counter[int] = Counter()
        self.reveals = 0
        self.reached_stage2 = 0
        self.per_seat = {
            k: [0] * n
            for k in ("eaten_stage1", "eaten_stage2", "inside_at_end", "escaped", "in_play")
        }
        self.ended_by: Counter[str] = Counter()

    def add(self, r: GameRecord) -> None:
        self.games += 1
        if len(r.winners) == 1:
            self.wins[r.winners[0]] += 1
        elif r.winners:
            self.shared += 1
        else:
            self.no_winner += 1
        self.rounds[r.rounds] += 1
        self.reveals += r.reveals
        self.reached_stage2 += r.stage == 2
        for key, sums in self.per_seat.items():
            for seat, value in enumerate(getattr(r, key)):
                sums[seat] += value
        self.ended_by[r.ended_by] += 1

    def summary(self) -> Summary:
        if not self.games:
            raise FearsomeError("no games to sum up")
        job, n = self.job, self.games
        rounds = sorted(self.rounds.elements())  # at most 14 values: the counts, expanded
        return Summary(
            games=n,
            players=job.players,
            seed=job.seed,
            bots=tuple(bot_name(b) for b in job.bots),
            setup=job.setup,
            options=job.options,
            wins=tuple(self.wins),
            shared=self.shared,
            no_winner=self.no_winner,
            rounds_mean=math.fsum(k * c for k, c in self.rounds.items()) / n,
            rounds_min=min(self.rounds),
            rounds_median=float(statistics.median(rounds)),
            rounds_max=max(self.rounds),
            reveals_mean=self.reveals / n,
            reached_stage2=self.reached_stage2,
            eaten_stage1=tuple(self.per_seat["eaten_stage1"]),
            eaten_stage2=tuple(self.per_seat["eaten_stage2"]),
            inside_at_end=tuple(self.per_seat["inside_at_end"]),
            escaped=tuple(self.per_seat["escaped"]),
            in_play=tuple(self.per_seat["in_play"]),
            ended_by=tuple(sorted(self.ended_by.items())),
        )
