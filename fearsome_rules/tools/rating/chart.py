"""The chart of ``fearsome-rules rate --chart``, drawn from the ratings' JSON (the
``fearsome-rules/ratings`` document of ``--json``, so that a saved tournament can be drawn
again): each bot's win rate with its 95 % interval, and its OpenSkill rating (mu, with three
sigmas either side: the left end is the ordinal the table is sorted by)."""

from __future__ import annotations

from typing import Any

from fearsome_rules.tools.charts import interval_errors, pyplot, save


def write_chart(doc: dict[str, Any], path: str) -> None:
    """Draw the ratings ``doc`` into ``path`` (PNG or SVG by its name); needs matplotlib (the
    ``charts`` extra)."""
    plt = pyplot()
    bots = doc["ratings"]  # best first, as the table
    names = [r["bot"] for r in bots]
    figure, (wins, skill) = plt.subplots(1, 2, figsize=(11, 1.5 + 0.45 * len(names)))
    ys = list(range(len(names)))
    won = [(r["win_rate"], tuple(r["win_interval"])) for r in bots]
    wins.barh(ys, [100 * v for v, _ in won], xerr=interval_errors(won), color="tab:blue")
    wins.set_xlim(0, 100)
    wins.set_xlabel("% of games won (95 % intervals)")
    skill.errorbar(
        [r["mu"] for r in bots], ys, xerr=[3 * r["sigma"] for r in bots], fmt="o", capsize=4
    )
    skill.set_xlabel("OpenSkill rating: mu, and 3 sigma either side")
    for axis in (wins, skill):
        axis.set_yticks(ys, names)
        axis.invert_yaxis()
    figure.suptitle(
        f"{doc['players']}-player tables, {doc['games_per_seating']} games a seating, "
        f"seed {doc['seed']}"
    )
    save(figure, path)
