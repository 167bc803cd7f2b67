"""The chart of ``fearsome-rules simulate --chart``, drawn from the simulation's JSON (the
``fearsome-rules/simulation`` document of ``--json``, so that a saved run can be drawn again):
the win rate of each seat with its 95 % interval, and how the games ended, per variant."""

from __future__ import annotations

from typing import Any

from fearsome_rules.tools.charts import interval_errors, pyplot, save
from fearsome_rules.tools.stats import wilson


def write_chart(doc: dict[str, Any], path: str) -> None:
    """Draw the simulation ``doc`` into ``path`` (PNG or SVG by its name); needs matplotlib
    (the ``charts`` extra)."""
    plt = pyplot()
    variants = doc["variants"]
    first = variants[0]
    seats = list(first["wins"])
    endings = sorted({e for v in variants for e in v["ended_by"]})
    figure, (wins, ends) = plt.subplots(
        2, 1, figsize=(10, 3 + 0.35 * len(variants) * (len(seats) + len(endings)))
    )
    height = 0.8 / len(variants)
    for k, variant in enumerate(variants):
        games = variant["games"]
        shift = (k - (len(variants) - 1) / 2) * height
        for axis, counts, keys in (
            (wins, variant["wins"], seats),
            (ends, variant["ended_by"], endings),
        ):
            shares = [
                (counts.get(key, 0) / games, wilson(counts.get(key, 0), games)) for key in keys
            ]
            axis.barh(
                [y + shift for y in range(len(keys))],
                [100 * v for v, _ in shares],
                height=height,
                xerr=interval_errors(shares),
                label=variant["label"],
            )
    bots = first["bots"]  # one per seat, or one (A's) for every seat
    wins.set_yticks(range(len(seats)), [f"{s} ({bots.get(s, bots['A'])})" for s in seats])
    wins.set_xlabel("% of games won (95 % intervals; seat A starts)")
    ends.set_yticks(range(len(endings)), endings)
    ends.set_xlabel("% of games ended by (95 % intervals)")
    for axis in (wins, ends):
        axis.invert_yaxis()
        axis.set_xlim(0, 100)
    if len(variants) > 1:
        wins.legend(loc="lower right", frameon=False)
    wins.set_title(
        f"{first['games']:,} games{' per variant' if len(variants) > 1 else ''}, "
        f"{first['players']} players, {first['setup']} setup, seed {first['seed']}"
    )
    save(figure, path)
