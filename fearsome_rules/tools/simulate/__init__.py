"""Seeded simulations: many games between bots, on all cores, summed up.

:func:`play_game` plays one seeded game and returns a small :class:`GameRecord`;
:func:`simulate` plays ``games`` of them through any :class:`concurrent.futures.Executor` and
returns a :class:`Summary`: wins by seat, game length, figures eaten per stage, how often stage
2 is reached, how games end. Game ``i`` is seeded from ``(seed, i)`` alone, so the summary does
not depend on the number of workers or on the order in which they finish.

The modules: :mod:`~fearsome_rules.tools.simulate.game` (one seeded game and its record),
:mod:`~fearsome_rules.tools.simulate.summary` (the statistics and their table),
:mod:`~fearsome_rules.tools.simulate.runner` (many games over an executor, the progress bar),
:mod:`~fearsome_rules.tools.simulate.clusters` (Dask and Ray as executors) and
:mod:`~fearsome_rules.tools.simulate.variants` (the rule variants to compare).
``fearsome-rules simulate`` (:mod:`fearsome_rules.cli.simulate`) is the command line for it.
"""

from __future__ import annotations

from fearsome_rules.tools.simulate.clusters import (
    EXECUTORS,
    Cluster,
    RayExecutor,
    cluster,
    dask_cluster,
    ray_cluster,
)
from fearsome_rules.tools.simulate.game import (
    INSIDE_AT_THE_END,
    BotSpec,
    GameRecord,
    Job,
    game_seed,
    play_game,
    resolve_bots,
)
from fearsome_rules.tools.simulate.runner import (
    Progress,
    ProgressBar,
    cores,
    default_chunksize,
    process_pool,
    run_jobs,
    simulate,
)
from fearsome_rules.tools.simulate.summary import Summary, format_summaries
from fearsome_rules.tools.simulate.variants import PUBLISHED_VARIANTS, parse_variant

__all__ = [
    "EXECUTORS",
    "INSIDE_AT_THE_END",
    "PUBLISHED_VARIANTS",
    "BotSpec",
    "Cluster",
    "GameRecord",
    "Job",
    "Progress",
    "ProgressBar",
    "RayExecutor",
    "Summary",
    "cluster",
    "cores",
    "dask_cluster",
    "default_chunksize",
    "format_summaries",
    "game_seed",
    "parse_variant",
    "play_game",
    "process_pool",
    "ray_cluster",
    "resolve_bots",
    "run_jobs",
    "simulate",
]
