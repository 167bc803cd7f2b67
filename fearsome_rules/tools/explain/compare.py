"""The same question under every value of one option: the first step where the readings part,
and how the final positions differ."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import attrs

from fearsome_rules.core import board
from fearsome_rules.core.board import STONE, STONE_KINDS
from fearsome_rules.core.errors import FearsomeError, quote
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.core.state import GameState
from fearsome_rules.core.walks import Walk
from fearsome_rules.tools.explain.explanation import Explanation, explain
from fearsome_rules.tools.explain.lines import ExplainError


@attrs.frozen
class Reading:
    """One reading of a comparison: its value, and the explanation or why there is none."""

    option: str
    value: str
    default: bool
    explanation: Explanation | None
    error: str = ""

    @property
    def label(self) -> str:
        return f"{self.option}={self.value}" + (" (default)" if self.default else "")


@attrs.frozen
class Comparison:
    """The same question under every value of one option."""

    option: str
    readings: tuple[Reading, ...]
    first_difference: int | None
    """The first step (1-based) where the walks differ; ``len + 1`` for the final look; None
    if they are the same."""
    differences: tuple[str, ...]
    """How the final positions differ, one line each."""

    def text(self, title: str = "") -> str:
        out: list[str] = []
        if title:
            out.append(title)
        values = " and ".join(r.label for r in self.readings)
        out.append(f"Comparing {values}.")
        for r in self.readings:
            out.append("")
            out.append(f"== {r.label} ==")
            if r.explanation is None:
                out.append(f"  not possible under this reading: {r.error}")
            else:
                out.append(r.explanation.text())
        out.append("")
        out.append("== where the readings part ==")
        out += self.summary()
        return "\n".join(out)

    def summary(self) -> list[str]:
        """Where the readings part: the first differing step of each, and the final positions."""
        ok = [r for r in self.readings if r.explanation is not None]
        if len(ok) < len(self.readings):
            bad = ", ".join(r.label for r in self.readings if r.explanation is None)
            return [f"  the position cannot be set up under {bad}, so there is nothing to compare"]
        if self.first_difference is None:
            return [f"  the readings agree step by step: {self.option} does not change this walk"]
        n = self.first_difference
        same = "  they differ from step 1" if n == 1 else "  step 1 is the same"
        out = [f"  steps 1-{n - 1} are the same" if n > 2 else same]
        for r in ok:
            assert r.explanation is not None
            x = r.explanation
            if n <= len(x.steps):
                s = x.steps[n - 1]
                out.append(f"  step {n} under {r.option}={r.value}:")
                out += ["  " + line.render() for line in (s.look.decision, *s.lines)]
                if not s.lines:
                    out.append(f"      (a plain move to {s.end})")
            else:
                out.append(
                    f"  under {r.option}={r.value} the walk has ended (final look on "
                    f"{x.final_look.square}, facing {x.final_look.chosen})"
                )
        out += [f"  {d}" for d in self.differences] or ["  the final positions are the same"]
        return out


def compare(
    ask: Callable[[Mapping[str, str]], tuple[GameState, str | Walk]],
    option: str,
    options: Mapping[str, str] | None = None,
) -> Comparison:
    """Explain under each value of ``option``. ``ask(options)`` builds the position and the
    tile under the given options (on top of ``options``) and raises FearsomeError if it cannot."""
    if option not in RuleOptions.names():
        raise ExplainError(
            f"--compare {quote(option)}: unknown option; the options are "
            + ", ".join(RuleOptions.names())
        )
    default = str(getattr(RuleOptions(), option)).lower()
    readings: list[Reading] = []
    for value in RuleOptions.choices(option):
        try:
            state, tile = ask({**(options or {}), option: value})
            x = explain(state, tile)
            readings.append(Reading(option, value, value == default, x))
        except ExplainError:
            raise
        except FearsomeError as e:
            readings.append(Reading(option, value, value == default, None, str(e)))
    done = [r.explanation for r in readings if r.explanation is not None]
    first = _first_difference(done) if len(done) == len(readings) else None
    diffs = _final_differences(readings) if len(done) == len(readings) else ()
    return Comparison(option, tuple(readings), first, tuple(diffs))


def _first_difference(xs: Sequence[Explanation]) -> int | None:
    longest = max(len(x.steps) for x in xs)
    for k in range(longest):
        sigs = {x.steps[k].signature() if k < len(x.steps) else None for x in xs}
        if len(sigs) > 1:
            return k + 1
    finals = {(x.final_look.chosen, x.final_look.square) for x in xs}
    if len(finals) > 1:
        return longest + 1
    return None


def _final_differences(readings: Sequence[Reading]) -> list[str]:
    out: list[str] = []
    afters = [(r, r.explanation.trail.after) for r in readings if r.explanation is not None]
    if len(afters) < 2:
        return out

    def each(fn: Callable[[GameState], str]) -> list[str]:
        return [fn(s) for _, s in afters]

    def line(what: str, values: list[str]) -> None:
        if len(set(values)) > 1:
            parts = "; ".join(
                f"{v} under {r.option}={r.value}" for (r, _), v in zip(afters, values, strict=True)
            )
            out.append(f"{what}: {parts}")

    line(
        "monster",
        each(lambda s: f"{board.name(s.monster)} facing {board.DIRECTION_LETTERS[s.facing]}"),
    )
    for k, f in enumerate(afters[0][1].figures):
        line(f.name, [s.figures[k].place() for _, s in afters])

    def stones(s: GameState) -> str:
        return (
            " ".join(
                board.name(sq) + ("" if s.cells[sq] == STONE else f"({STONE_KINDS[s.cells[sq]]})")
                for sq in sorted(s.stones, key=lambda q: (q % board.COLUMNS, q))
            )
            or "none"
        )

    line("stones", each(stones))
    line("stage", each(lambda s: str(s.stage)))
    line("game", each(lambda s: s.ended_by or "goes on"))
    return out
