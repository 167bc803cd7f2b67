"""matplotlib for the tools' charts (``--chart`` of ``simulate``, ``rate`` and ``readings``):
loaded when a chart is asked for, drawing to files only (the Agg backend), and a one-line error
naming the ``charts`` extra where it is not installed."""

from __future__ import annotations

import importlib
from typing import Any

from fearsome_rules.core.errors import FearsomeError


def pyplot() -> Any:
    """``matplotlib.pyplot``, set to draw into files; a FearsomeError without matplotlib."""
    try:
        matplotlib = importlib.import_module("matplotlib")
    except ImportError:
        raise FearsomeError(
            "--chart needs matplotlib: pip install 'fearsome_rules[charts]'"
        ) from None
    matplotlib.use("Agg")
    return importlib.import_module("matplotlib.pyplot")


def interval_errors(series: list[tuple[float, tuple[float, float]]]) -> list[list[float]]:
    """Error bars in percent (below, above) for shares with their intervals."""
    return [
        [100 * (v - lo) for v, (lo, _hi) in series],
        [100 * (hi - v) for v, (_lo, hi) in series],
    ]


def save(figure: Any, path: str) -> None:
    """Write the figure (PNG or SVG by the file's name) and free it."""
    plt = pyplot()
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)
