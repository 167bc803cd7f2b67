"""The intervals the tools report: a proportion's (Wilson) and a mean's (normal), at 95 %."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Final

Z95: Final = 1.959963984540054
"""The normal quantile of a two-sided 95 % interval."""


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95 % by default); (0, 1) for no trials."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = (
        z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    )
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return (low, high)


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """The mean of ``values`` and its normal 95 % interval (the sample is large: thousands
    of games); (0, 0, 0) for no values, the mean itself for one."""
    if not values:
        return (0.0, 0.0, 0.0)
    mean = statistics.fmean(values)
    if len(values) == 1:
        return (mean, mean, mean)
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return (mean, mean - half, mean + half)
