"""Rating bots: a seeded round-robin tournament (:mod:`~fearsome_rules.tools.rating.tournament`)
and its OpenSkill ratings, win rates with Wilson intervals and head-to-head shares
(:mod:`~fearsome_rules.tools.rating.ratings`). ``fearsome-rules rate`` is its command line.
The ratings need the ``rating`` extra (``openskill``)."""

from __future__ import annotations

from fearsome_rules.tools.rating.ratings import (
    BotRating,
    HeadToHead,
    Ratings,
    format_head_to_head,
    format_ratings,
    openskill_model,
    rate,
)
from fearsome_rules.tools.rating.tournament import (
    TableGame,
    Tournament,
    check_bots,
    places,
    play_tournament,
    seatings,
)
from fearsome_rules.tools.stats import wilson

__all__ = [
    "BotRating",
    "HeadToHead",
    "Ratings",
    "TableGame",
    "Tournament",
    "check_bots",
    "format_head_to_head",
    "format_ratings",
    "openskill_model",
    "places",
    "play_tournament",
    "rate",
    "seatings",
    "wilson",
]
