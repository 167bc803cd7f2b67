"""Running conformance cases and reporting: the results of a run as a summary, JSON or JUnit.

:func:`run` loads case files, runs the cases selected (under an optional override of the rule
options) with :func:`run_case`, and returns a :class:`Report`; an engine that raises is a failed
case, never a traceback.
"""

from __future__ import annotations

import time
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from fearsome_rules.core import events as ev
from fearsome_rules.core.errors import FearsomeError, quote
from fearsome_rules.core.options import RuleOptions
from fearsome_rules.core.state import GameState
from fearsome_rules.tools.conformance.casefile import SOURCE_TREE, Problem
from fearsome_rules.tools.conformance.cases import Case, Step, case_options, load
from fearsome_rules.tools.conformance.engines import (
    NOT_HITS,
    BadState,
    Engine,
    EngineFailure,
    InProcess,
    Refusal,
    Unsupported,
)
from fearsome_rules.tools.conformance.expect import FEATURES, compare
from fearsome_rules.tools.conformance.protocol import PROTOCOL

RESULTS_FORMAT = "fearsome-rules/conformance-results"

# --- running ---------------------------------------------------------------------------------


@attrs.frozen
class CaseResult:
    """What happened to one case: ``passed``, ``failed`` or ``skipped``, and why."""

    case: Case
    status: str
    messages: tuple[str, ...]
    seconds: float = 0.0
    kept_options: tuple[str, ...] = ()

    def lines(self) -> list[str]:
        """One line per failure, ``<id>: step <n>: <what differs>``."""
        return [f"{self.case.id}: {m}" for m in self.messages]


def run_case(
    case: Case, override: Mapping[str, str | bool] | None = None, engine: Engine | None = None
) -> CaseResult:
    """Run one case under its options (and the override's for options it does not name), on
    ``engine`` (this package in-process by default)."""
    engine = InProcess() if engine is None else engine
    t0 = time.perf_counter()
    kept = tuple(sorted(k for k in (override or {}) if k in case.options))

    def result(status: str, messages: Sequence[str]) -> CaseResult:
        return CaseResult(case, status, tuple(messages), time.perf_counter() - t0, kept)

    options = case_options(case, override)
    reason = engine.skip_reason(case, options) or _missing_feature(case, engine)
    if reason is not None:
        return result("skipped", [reason])
    try:
        state = engine.start(case, options)
    except Unsupported as e:
        return result("skipped", [f"start: {e}"])
    except FearsomeError as e:
        if override:
            return result("skipped", [f"start: not valid under this reading: {e}"])
        return result("failed", [f"start: {e}"])
    messages: list[str] = []
    for step in case.steps:
        try:
            msgs, state, stop = _run_step(step, state, engine)
        except Unsupported as e:
            return result("skipped", [f"step {step.number}: {e}"])
        except EngineFailure as e:
            msgs, stop = [f"the engine: {e}"], True
        except Exception as e:  # an engine bug must be a failure line, never a traceback
            msgs, stop = [f"the engine raised {type(e).__name__}: {e}"], True
        messages += [f"step {step.number}: {m}" for m in msgs]
        if stop:
            break
    return result("failed" if messages else "passed", messages)


def _missing_feature(case: Case, engine: Engine) -> str | None:
    for step in case.steps:
        for key in step.expect or {}:
            feature = FEATURES.get(key)
            if feature is not None and feature not in engine.features:
                return f"the engine does not give {feature}, which step {step.number} checks"
    return None


def _run_step(step: Step, state: GameState, engine: Engine) -> tuple[list[str], GameState, bool]:
    """Differences found, the state after the step, and whether to stop the case."""
    if step.do is None:
        return (compare(step.expect or {}, state, None, engine), state, False)
    try:
        result = engine.act(state, step.do)
    except BadState as e:
        if step.error is None:
            raise
        return (
            [
                f"{quote(step.do)}: expected a refusal by "
                f"{step.error}, but the engine carried it out ({e})"
            ],
            state,
            True,
        )
    if step.error is not None:
        if not isinstance(result, Refusal):
            return (
                [f"{quote(step.do)}: expected a refusal by {step.error}, but it is legal"],
                state,
                False,
            )
        if result.rule != step.error:
            return (
                [
                    f"{quote(step.do)}: refused by {result.rule} ({result.message}), "
                    f"expected {step.error}"
                ],
                state,
                False,
            )
        return ([], state, False)
    if isinstance(result, Refusal):
        return ([f"{quote(step.do)} was refused: [{result.rule}] {result.message}"], state, True)
    return (compare(step.expect or {}, result.state, result, engine), result.state, False)


@attrs.frozen
class Report:
    """The results of a run."""

    results: tuple[CaseResult, ...]
    problems: tuple[Problem, ...]
    override: Mapping[str, str | bool]
    suite: str = ""
    """The version the case files name."""
    engine: str = InProcess.name
    """The engine the cases ran on."""

    def count(self, status: str) -> int:
        return sum(1 for r in self.results if r.status == status)

    @property
    def ok(self) -> bool:
        return not self.problems and self.count("failed") == 0

    def skip_reasons(self) -> list[tuple[str, int]]:
        """Why cases were skipped, most frequent first, with how many each."""
        counts: dict[str, int] = {}
        for r in self.results:
            if r.status == "skipped" and r.messages:
                reason = (
                    r.messages[0].split(": ", 1)[-1]
                    if r.messages[0].startswith(("start: ", "step "))
                    else r.messages[0]
                )
                reason = reason.split(", which step")[0]
                counts[reason] = counts.get(reason, 0) + 1
        return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))

    def summary(self) -> str:
        """``N passed, M failed`` (and skipped, and the reading used)."""
        text = f"{self.count('passed')} passed, {self.count('failed')} failed"
        if self.count("skipped"):
            text += f", {self.count('skipped')} skipped"
        if self.problems:
            n = len(self.problems)
            text += f", {n} problem{'s' if n != 1 else ''} in the case files"
        if self.override:
            reading = ", ".join(f"{k}={_value_text(v)}" for k, v in self.override.items())
            kept = sum(1 for r in self.results if r.kept_options)
            ran = len(self.results) - kept - self.count("skipped")
            text += (
                f" (under {reading}: {ran} ran under it, {kept} kept their own value, "
                f"{self.count('skipped')} skipped because their start is not valid under it)"
            )
        return text

    def to_json(self) -> dict[str, Any]:
        """The results table (conformance/results.schema.json): what an implementation
        publishes."""
        return {
            "format": RESULTS_FORMAT,
            "version": 1,
            "suite": self.suite,
            "protocol": PROTOCOL,
            "engine": self.engine,
            "summary": {
                "passed": self.count("passed"),
                "failed": self.count("failed"),
                "skipped": self.count("skipped"),
                "problems": len(self.problems),
                "options": {k: _value_text(v) for k, v in self.override.items()},
            },
            "problems": [str(p) for p in self.problems],
            "cases": [
                {
                    "id": r.case.id,
                    "file": r.case.file,
                    "line": r.case.line,
                    "rules": list(r.case.rules),
                    "status": r.status,
                    "messages": list(r.messages),
                    "seconds": round(r.seconds, 6),
                }
                for r in self.results
            ],
        }

    def to_junit(self) -> str:
        suite = ET.Element(
            "testsuite",
            name="fearsome_rules conformance",
            tests=str(len(self.results) + len(self.problems)),
            failures=str(self.count("failed")),
            errors=str(len(self.problems)),
            skipped=str(self.count("skipped")),
            time=f"{sum(r.seconds for r in self.results):.3f}",
        )
        for p in self.problems:
            tc = ET.SubElement(suite, "testcase", classname=p.file, name=f"line {p.line}")
            ET.SubElement(tc, "error", message=p.message).text = str(p)
        for r in self.results:
            tc = ET.SubElement(
                suite,
                "testcase",
                classname=Path(r.case.file).stem,
                name=r.case.id,
                file=r.case.file,
                line=str(r.case.line),
                time=f"{r.seconds:.4f}",
            )
            if r.status == "failed":
                ET.SubElement(tc, "failure", message=r.messages[0]).text = "\n".join(r.lines())
            elif r.status == "skipped":
                ET.SubElement(tc, "skipped", message=r.messages[0])
        return ET.tostring(suite, encoding="unicode", xml_declaration=True)


def _value_text(v: str | bool) -> str:
    return str(v).lower() if isinstance(v, bool) else v


def select(cases: Iterable[Case], keywords: Sequence[str]) -> Iterator[Case]:
    """The cases whose id contains one of the keywords (all cases if there are none)."""
    for c in cases:
        if not keywords or any(k in c.id for k in keywords):
            yield c


def run(
    paths: Sequence[str | Path],
    override: Mapping[str, str | bool] | None = None,
    keywords: Sequence[str] = (),
    engine: Engine | None = None,
) -> Report:
    """Load the files under ``paths`` and run the selected cases on ``engine`` (this package
    in-process by default)."""
    suite = load(paths)
    override = dict(override or {})
    for name, value in override.items():  # raises SetupError for a bad name or value
        RuleOptions().with_option(name, value)
    results = tuple(run_case(c, override, engine) for c in select(suite.cases, keywords))
    name = InProcess.name if engine is None else engine.name
    return Report(results, suite.problems, override, suite.version, name)


def default_paths() -> list[Path]:
    """``conformance/cases`` of the current folder, or of the source tree of this package, or
    else the copy of the suite's cases that the wheel carries (setup.py puts it there)."""
    for cases in (
        Path.cwd() / "conformance" / "cases",
        SOURCE_TREE / "conformance" / "cases",
        Path(__file__).resolve().parent / "cases",
    ):
        if cases.is_dir():
            return [cases]
    return []


def is_hit_event(e: ev.Event) -> bool:
    """Whether an event is a figure hit by the monster (MON-HITS)."""
    return isinstance(e, ev.FigureEaten) and e.how not in NOT_HITS
