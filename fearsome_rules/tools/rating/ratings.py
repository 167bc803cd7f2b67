"""A tournament's ratings and win rates: OpenSkill's Plackett-Luce model (the ``openskill``
library, the ``rating`` extra) over each game's places, Wilson intervals for the win rates, and
who finished ahead of whom; and the tables that show them in Markdown.
"""

from __future__ import annotations

import importlib
from typing import Any

import attrs

from fearsome_rules.core.errors import FearsomeError
from fearsome_rules.tools.rating.tournament import Tournament
from fearsome_rules.tools.stats import Z95, wilson


def openskill_model() -> Any:
    """OpenSkill's Plackett-Luce model, or a one-line error naming the extra."""
    try:
        models = importlib.import_module("openskill.models")
    except ImportError:
        raise FearsomeError(
            "the ratings need openskill: pip install 'fearsome_rules[rating]'"
        ) from None
    return models.PlackettLuce()


@attrs.frozen
class BotRating:
    """One bot's record in a tournament and its OpenSkill rating (``mu``, ``sigma``)."""

    name: str
    games: int
    wins: int
    """Games it won (``fr.outcome(...).winners``)."""
    mean_place: float
    """Its mean place (1 the best; seats with no figure out share the last place)."""
    mu: float
    sigma: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.games

    @property
    def win_interval(self) -> tuple[float, float]:
        """The Wilson 95 % interval of the win rate."""
        return wilson(self.wins, self.games)

    @property
    def interval(self) -> tuple[float, float]:
        """``mu`` +- 1.96 ``sigma``: where the model puts 95 % of the bot's skill."""
        return (self.mu - Z95 * self.sigma, self.mu + Z95 * self.sigma)

    @property
    def ordinal(self) -> float:
        """OpenSkill's conservative rating, ``mu - 3 sigma``."""
        return self.mu - 3 * self.sigma


@attrs.frozen
class HeadToHead:
    """Two bots in the games they both played: how often each finished ahead of the other
    (no figure out for either: neither)."""

    first: str
    second: str
    games: int
    first_ahead: int
    second_ahead: int

    @property
    def share(self) -> float:
        """The share of the decided games that ``first`` finished ahead in."""
        decided = self.first_ahead + self.second_ahead
        return self.first_ahead / decided if decided else 0.5

    @property
    def interval(self) -> tuple[float, float]:
        """The Wilson 95 % interval of :attr:`share`."""
        return wilson(self.first_ahead, self.first_ahead + self.second_ahead)


@attrs.frozen
class Ratings:
    tournament: Tournament
    bots: tuple[BotRating, ...]
    """Best first by ``mu``."""
    pairs: tuple[HeadToHead, ...]
    """Every pair of bots, in the order of the tournament's list."""

    def pair(self, first: str, second: str) -> HeadToHead:
        for h in self.pairs:
            if (h.first, h.second) == (first, second):
                return h
            if (h.second, h.first) == (first, second):
                return HeadToHead(first, second, h.games, h.second_ahead, h.first_ahead)
        raise FearsomeError(f"no games between {first} and {second}")


def rate(tournament: Tournament) -> Ratings:
    """The ratings of a tournament's bots: every game, in schedule order, updates OpenSkill's
    Plackett-Luce ratings by its places (a shared place is a tie)."""
    model = openskill_model()
    skill = {name: model.rating(name=name) for name in tournament.bots}
    played = dict.fromkeys(tournament.bots, 0)
    wins = dict.fromkeys(tournament.bots, 0)
    place_sum = dict.fromkeys(tournament.bots, 0)
    names = tournament.bots
    ahead = {(a, b): 0 for a in names for b in names}
    together = {(a, b): 0 for a in names for b in names}
    for game in tournament.games:
        teams = model.rate([[skill[b]] for b in game.seating], ranks=list(game.places))
        for seat, name in enumerate(game.seating):
            skill[name] = teams[seat][0]
            played[name] += 1
            place_sum[name] += game.places[seat]
            if seat in game.winners and len(game.winners) == 1:
                wins[name] += 1
            for other, rival in enumerate(game.seating):
                together[name, rival] += other != seat
                ahead[name, rival] += game.places[seat] < game.places[other]
    bots = sorted(
        (
            BotRating(
                name,
                played[name],
                wins[name],
                place_sum[name] / played[name],
                skill[name].mu,
                skill[name].sigma,
            )
            for name in names
        ),
        key=lambda r: -r.mu,
    )
    pairs = tuple(
        HeadToHead(a, b, together[a, b], ahead[a, b], ahead[b, a])
        for i, a in enumerate(names)
        for b in names[i + 1 :]
    )
    return Ratings(tournament, tuple(bots), pairs)


def _percent(share: float) -> str:
    return f"{100 * share:.0f} %"


def _interval(low: float, high: float) -> str:
    return f"{100 * low:.0f}-{100 * high:.0f} %"


def format_ratings(ratings: Ratings) -> str:
    """The ratings as a Markdown table, best first."""
    lines = [
        "| bot | games | wins | win rate (95 % interval) | mean place "
        "| rating mu (95 % interval) | ordinal (mu - 3 sigma) |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in ratings.bots:
        low, high = r.interval
        lines.append(
            f"| {r.name} | {r.games} | {r.wins} | {_percent(r.win_rate)} "
            f"({_interval(*r.win_interval)}) | {r.mean_place:.2f} "
            f"| {r.mu:.1f} ({low:.1f} to {high:.1f}) | {r.ordinal:.1f} |"
        )
    return "\n".join(lines)


def format_head_to_head(ratings: Ratings) -> str:
    """Who finished ahead of whom, as a Markdown table: the row's share of the games the two
    played together and one of them finished ahead in, with its 95 % interval."""
    names = [r.name for r in ratings.bots]
    lines = [
        "| ahead of: | " + " | ".join(names) + " |",
        "|---|" + "---|" * len(names),
    ]
    for a in names:
        cells = []
        for b in names:
            if a == b:
                cells.append("")
                continue
            h = ratings.pair(a, b)
            decided = h.first_ahead + h.second_ahead
            cells.append(
                f"{_percent(h.share)} ({_interval(*h.interval)}, n={decided})" if decided else "-"
            )
        lines.append(f"| {a} | " + " | ".join(cells) + " |")
    return "\n".join(lines)
