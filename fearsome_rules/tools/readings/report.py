"""How much each reading matters: seeded games watched for readings, and the same games played
again under each option's other value.

:func:`measure` plays ``games`` seeded games under the defaults (the simulate tool's games:
same seeds, same games) and counts, per option, in how many it mattered at least once, how
often per game, and in which round first. Then, for each option, the **paired games**: the
same seeds under the other value, and per game whether the winner changed and by how much the
game's length and the figures escaped and eaten changed.

A paired game can differ from its game only once the option has mattered in it. With bots that
choose from the moves and results of the position alone (``greedy``, ``random``, ``runner``:
:data:`MYOPIC`), a game in which the option never mattered (no action's result, no legal move's
result, no legal placement) is therefore the same game under the other value, and only the
games where it mattered are played again; ``three_hits``, which changes the deck itself, is
always played again, and so is everything for a bot that looks ahead (the search bot walks the
monster in its head, where a reading may matter that never comes to pass).
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from typing import Any, Final

import attrs

from fearsome_rules.core.options import RuleOptions
from fearsome_rules.tools.charts import interval_errors, pyplot, save
from fearsome_rules.tools.readings.detect import PER_ACTION
from fearsome_rules.tools.readings.games import Replay, Tally, replayed_chunk, watched_chunk
from fearsome_rules.tools.simulate.game import BotSpec, GameRecord, Job, bot_name
from fearsome_rules.tools.simulate.runner import run_chunks
from fearsome_rules.tools.stats import mean_interval, wilson

MYOPIC: Final = frozenset({"greedy", "random", "runner"})
"""Bots whose choice depends only on the position's moves and their results."""
ALWAYS_REPLAYED: Final = frozenset({"three_hits"})
OPTIONS: Final = (*PER_ACTION, "three_hits")

Progress = Callable[[int, int], None]


@attrs.frozen
class Paired:
    """One option's other value, the same seeds: what changed."""

    value: str
    games: int
    replayed: int
    """Games played again (the others are the same game: see the module's docstring)."""
    winner_changed: int
    rounds: tuple[float, float, float]
    """The change in the game's length, rounds: mean and 95 % interval."""
    escaped: tuple[float, float, float]
    """The change in figures out (all seats): mean and 95 % interval."""
    eaten: tuple[float, float, float]
    """The change in figures eaten (all seats, both stages): mean and 95 % interval."""

    @property
    def winner_interval(self) -> tuple[float, float]:
        return wilson(self.winner_changed, self.games)


@attrs.frozen
class OptionReport:
    """How much one option mattered over the games."""

    option: str
    default: str
    games: int
    games_mattered: int
    """Games in which it mattered at least once (an action's result, or the legal choices)."""
    games_changed: int
    """Games in which it changed an action played (its result, a refusal, the outcome)."""
    per_game: tuple[float, float, float]
    """Actions at which it mattered, per game: mean and 95 % interval."""
    first_round: float | None
    """The median round in which it first mattered, over the games in which it did."""
    paired: tuple[Paired, ...]

    @property
    def share(self) -> float:
        return self.games_mattered / self.games if self.games else 0.0

    @property
    def share_interval(self) -> tuple[float, float]:
        return wilson(self.games_mattered, self.games)


@attrs.frozen
class Report:
    """The readings of one setting: player count, setup, bots, seed, games."""

    players: int
    setup: str
    bots: tuple[str, ...]
    seed: int
    games: int
    actions: float
    """Actions per game, mean."""
    options: tuple[OptionReport, ...]
    unrelated: float
    """How often two games of different seeds have different winners: the rate a paired
    game's winner changes at once the two games have gone their own ways."""

    def to_json(self) -> dict[str, Any]:
        return {
            "format": "fearsome-rules/readings",
            "version": 1,
            "players": self.players,
            "setup": self.setup,
            "bots": list(self.bots),
            "seed": self.seed,
            "games": self.games,
            "actions_per_game": round(self.actions, 2),
            "unrelated_games_winner_differs": round(self.unrelated, 4),
            "options": [_option_json(o) for o in self.options],
        }


def _option_json(o: OptionReport) -> dict[str, Any]:
    return {
        "option": o.option,
        "default": o.default,
        "games_mattered": o.games_mattered,
        "games_mattered_interval": [round(x, 4) for x in o.share_interval],
        "games_changed": o.games_changed,
        "per_game": [round(x, 4) for x in o.per_game],
        "first_round": o.first_round,
        "paired": [
            {
                "value": p.value,
                "games": p.games,
                "replayed": p.replayed,
                "winner_changed": p.winner_changed,
                "winner_changed_interval": [round(x, 4) for x in p.winner_interval],
                "rounds": [round(x, 4) for x in p.rounds],
                "escaped": [round(x, 4) for x in p.escaped],
                "eaten": [round(x, 4) for x in p.eaten],
            }
            for p in o.paired
        ],
    }


def measure(
    players: int,
    games: int,
    seed: int = 0,
    bots: BotSpec | Sequence[BotSpec] = "greedy",
    setup: str = "basic",
    *,
    paired: bool = True,
    replay_all: bool = False,
    executor: Executor | None = None,
    workers: int | None = None,
    progress: Progress | None = None,
) -> Report:
    """Play ``games`` seeded games under the defaults, watched for readings, and (``paired``)
    the games each option's other value could change; see the module's docstring
    (``replay_all``: every game, whatever the bots)."""
    specs = tuple([bots] if isinstance(bots, str) or callable(bots) else list(bots))
    job = Job(players, seed, specs, RuleOptions(), setup)
    steps = _Steps(progress)
    watched = run_chunks([(job, games)], watched_chunk, executor, steps.part(), workers)[0]
    records = [record for record, _tally in watched]
    tallies = [tally for _record, tally in watched]
    names = tuple(bot_name(b) for b in specs)
    myopic = not replay_all and all(name.split(":")[0] in MYOPIC for name in names)
    replays: list[tuple[str, str, Replay]] = []
    if paired:
        for option in OPTIONS:
            for value in _others(option):
                flip = Job(players, seed, specs, RuleOptions().with_option(option, value), setup)
                changed = [
                    i
                    for i, t in enumerate(tallies)
                    if not myopic or option in ALWAYS_REPLAYED or t.mattered.get(option)
                ]
                replays.append((option, value, Replay(flip, tuple(changed))))
    played = run_chunks(
        [(r, len(r.games)) for _o, _v, r in replays],
        replayed_chunk,
        executor,
        steps.part(),
        workers,
    )
    again = {
        (o, v): dict(zip(r.games, p, strict=True))
        for (o, v, r), p in zip(replays, played, strict=True)
    }
    return Report(
        players,
        setup,
        names,
        seed,
        games,
        statistics.fmean(t.actions for t in tallies) if tallies else 0.0,
        tuple(_option(o, tallies, records, again) for o in OPTIONS),
        _unrelated(records),
    )


def _unrelated(records: Sequence[GameRecord]) -> float:
    """The share of neighbouring games (by seed number) with different winners."""
    if len(records) < 2:
        return 0.0
    pairs = zip(records, [*records[1:], records[0]], strict=True)
    return sum(a.winners != b.winners for a, b in pairs) / len(records)


def _others(option: str) -> list[str]:
    default = _text(getattr(RuleOptions(), option))
    return [v for v in RuleOptions.choices(option) if v != default]


def _option(
    option: str,
    tallies: Sequence[Tally],
    records: Sequence[GameRecord],
    again: dict[tuple[str, str], dict[int, GameRecord]],
) -> OptionReport:
    counts = [t.mattered.get(option, 0) for t in tallies]
    firsts = [t.first_round[option] for t in tallies if option in t.first_round]
    paired = []
    for value in _others(option):
        replayed = again.get((option, value))
        if replayed is not None:
            paired.append(_paired(value, records, replayed))
    return OptionReport(
        option=option,
        default=_text(getattr(RuleOptions(), option)),
        games=len(tallies),
        games_mattered=sum(1 for c in counts if c),
        games_changed=sum(1 for t in tallies if t.changed.get(option, 0)),
        per_game=mean_interval([float(c) for c in counts]),
        first_round=statistics.median(firsts) if firsts else None,
        paired=tuple(paired),
    )


def _paired(value: str, records: Sequence[GameRecord], replayed: dict[int, GameRecord]) -> Paired:
    winners = 0
    d_rounds: list[float] = []
    d_escaped: list[float] = []
    d_eaten: list[float] = []
    for i, a in enumerate(records):
        b = replayed.get(i, a)  # a game not played again is the same game
        winners += a.winners != b.winners
        d_rounds.append(b.rounds - a.rounds)
        d_escaped.append(sum(b.escaped) - sum(a.escaped))
        d_eaten.append(_eaten(b) - _eaten(a))
    return Paired(
        value,
        len(records),
        len(replayed),
        winners,
        mean_interval(d_rounds),
        mean_interval(d_escaped),
        mean_interval(d_eaten),
    )


def _eaten(r: GameRecord) -> int:
    return sum(r.eaten_stage1) + sum(r.eaten_stage2)


def _text(value: object) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


class _Steps:
    """One progress bar over the two runs (watched games, then the paired ones)."""

    def __init__(self, progress: Progress | None) -> None:
        self.progress = progress
        self.offset = 0

    def part(self) -> Progress | None:
        if self.progress is None:
            return None
        progress, offset = self.progress, self.offset

        def step(done: int, total: int) -> None:
            self.offset = offset + done
            progress(offset + done, offset + total)

        return step


# --- tables and a chart ----------------------------------------------------------------------


def _percent(x: float) -> str:
    return f"{100 * x:.1f} %" if x >= 0.001 or x == 0 else f"{100 * x:.2f} %"


def _signed(mean_low_high: tuple[float, float, float]) -> str:
    mean, low, high = mean_low_high
    if mean == low == high == 0:
        return "0"
    return f"{mean:+.2f} ({low:+.2f} to {high:+.2f})"


def format_markdown(report: Report) -> str:
    """The report as a Markdown table: an option a row (each other value a row of its own)."""
    head = (
        f"{report.games:,} games, {report.players} players, {report.setup} setup, bots "
        f"{', '.join(report.bots)}, seed {report.seed}; {report.actions:.0f} actions a game; "
        f"two unrelated games have different winners {_percent(report.unrelated)} of the time."
    )
    lines = [
        head,
        "",
        "| option | default, other | games where it mattered (95 %) | where it changed an action "
        "played | times a game | first round (median) | winner changed (95 %) | rounds | "
        "figures out | figures eaten |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for o in report.options:
        low, high = o.share_interval
        mattered = f"{_percent(o.share)} ({_percent(low)}-{_percent(high)})"
        first = "-" if o.first_round is None else f"{o.first_round:g}"
        per_game = f"{o.per_game[0]:.2f}"
        changed = _percent(o.games_changed / o.games if o.games else 0.0)
        if o.option in ALWAYS_REPLAYED:  # it changes the deck, not what an action does
            mattered = changed = per_game = first = "every game (the deck)"
        for p in o.paired or (None,):
            if p is None:
                tail = "| - | - | - | - |"
                value = "-"
            else:
                w_low, w_high = p.winner_interval
                winner = (
                    f"{_percent(p.winner_changed / p.games)} ({_percent(w_low)}-{_percent(w_high)})"
                )
                tail = (
                    f"| {winner} | {_signed(p.rounds)} | "
                    f"{_signed(p.escaped)} | {_signed(p.eaten)} |"
                )
                value = p.value
            lines.append(
                f"| `{o.option}` | {o.default}, {value} | {mattered} | {changed} | {per_game} | "
                f"{first} {tail}"
            )
    lines.append("")
    lines.append(
        "Mattered: an action's result (its position, a tile's walk, a refusal, the game's "
        "outcome) or the choices (the legal moves and what they lead to, the legal placements) "
        "differ under the other value. The paired columns compare each game with the same "
        "seed played under the other value: how often the winner changes, and the change "
        "(other minus default) in rounds, figures out and figures eaten, mean and 95 % interval. "
        "Once two games have gone their own ways their winners differ about as often as those "
        "of two unrelated games (above)."
    )
    return "\n".join(lines) + "\n"


def write_chart(doc: dict[str, Any], path: str) -> None:
    """A bar chart (PNG or SVG by the name) of how often each option mattered and changed the
    winner, with their intervals, from a report's JSON (:meth:`Report.to_json`, so that a
    saved report can be drawn again); needs matplotlib (the ``charts`` extra)."""
    plt = pyplot()
    options = doc["options"]
    names = [o["option"] for o in options]
    games = doc["games"]
    bars: list[tuple[str, list[float], list[list[float]]]] = []

    def share(count: int) -> tuple[float, tuple[float, float]]:
        return count / games, wilson(count, games)

    every = (1.0, (1.0, 1.0))  # three_hits: the deck differs in every game
    mattered = [
        every if o["option"] in ALWAYS_REPLAYED else share(o["games_mattered"]) for o in options
    ]
    changed = [
        every if o["option"] in ALWAYS_REPLAYED else share(o["games_changed"]) for o in options
    ]
    winner = [
        (p["winner_changed"] / p["games"], tuple(p["winner_changed_interval"]))
        if (p := (o["paired"] or [None])[0]) is not None
        else (0.0, (0.0, 0.0))
        for o in options
    ]
    for label, series in (
        ("games where it mattered", mattered),
        ("where it changed a move played", changed),
        ("games whose winner it changed", winner),
    ):
        bars.append((label, [100 * v for v, _ in series], interval_errors(series)))
    figure, axis = plt.subplots(figsize=(10, 0.5 * len(names) + 2))
    ys = list(range(len(names)))
    height = 0.8 / len(bars)
    for k, (label, values, errors) in enumerate(bars):
        shift = (k - (len(bars) - 1) / 2) * height
        axis.barh([y + shift for y in ys], values, height=height, xerr=errors, label=label)
    unrelated = 100 * doc["unrelated_games_winner_differs"]
    axis.axvline(
        unrelated, color="grey", linestyle=":", label="two unrelated games' winners differ"
    )
    axis.set_yticks(ys, names)
    axis.invert_yaxis()
    axis.set_xlim(0, 100)
    axis.set_xlabel("% of games (95 % intervals)")
    axis.set_title(
        f"{games:,} games, {doc['players']} players, {doc['setup']}, {', '.join(doc['bots'])}",
        pad=40,
    )
    handles, labels = axis.get_legend_handles_labels()  # the line first: put it last
    axis.legend(
        handles[1:] + handles[:1],
        labels[1:] + labels[:1],
        loc="lower center",
        bbox_to_anchor=(0.5, 1.0),
        ncol=2,
        frameon=False,
    )
    save(figure, path)
