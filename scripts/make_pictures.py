"""Regenerate the pictures of the documentation (``docs/img/*.svg``) with ``fearsome-rules render``.

- ``docs/img/<case id>.svg``: every worked example of the rulebooks and the designer's FAQ
  (the cases of ``conformance/cases/rulebook-examples.yaml`` and ``faq.yaml``), drawn with the
  walk or the figure move the case carries out.
- ``docs/img/option-<name>.svg``: for every option that changes a monster walk or a figure
  move, the same position under both readings, side by side (the interpretation guide,
  ``docs/interpretations.md``).

Usage, from the repository root::

    python3 scripts/make_pictures.py           # write the pictures
    python3 scripts/make_pictures.py --check   # exit 1 if a committed picture is out of date

``tests/tools/test_render.py`` runs the check.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

import attrs

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fearsome_rules.core.actions import Action, FigureMove, Reveal  # noqa: E402
from fearsome_rules.core.options import RuleOptions  # noqa: E402
from fearsome_rules.core.position import position  # noqa: E402
from fearsome_rules.core.state import GameState  # noqa: E402
from fearsome_rules.core.walks import Walk  # noqa: E402
from fearsome_rules.tools import conformance as cf  # noqa: E402
from fearsome_rules.tools import question, render  # noqa: E402
from fearsome_rules.tools.trail import trail  # noqa: E402

IMG = ROOT / "docs" / "img"
EXAMPLE_FILES = ("rulebook-examples.yaml", "faq.yaml")

# For each option that changes a walk or a figure move: the conformance case whose position
# shows it (its first reveal or figure move is drawn under each reading).
OPTION_CASES: dict[str, tuple[str, str]] = {
    "slide_over_figure": ("pools.yaml", "pool-figure-on-pool-pass"),
    "monster_slide_figure": ("monster-pools.yaml", "monster-slide-figure-on-pool-push"),
    "monster_pool_edge": ("monster-pools.yaml", "monster-pool-edge-wrap"),
    "wrap_entry_figure": ("monster-wrap.yaml", "monster-wrap-entry-figure-eat"),
    "monster_corner_stone": ("monster-push.yaml", "monster-corner-stone-remove"),
    "turn_stone_tie": ("advanced-tiles.yaml", "adv-turn-tie-push"),
    "turn_stone_chain": ("advanced-tiles.yaml", "adv-turn-chain-turn-again"),
    "turn_stone_beyond_wall": ("advanced-tiles.yaml", "adv-turn-wall-turn-first"),
    "turn_stone_on_pool": ("advanced-tiles.yaml", "adv-turn-pool-turn"),
}


@attrs.frozen
class Reading:
    """One panel of an option picture: a position and the action drawn under one reading."""

    state: GameState
    action: Action | Walk | None
    caption: tuple[str, ...]


def _case(file: str, case_id: str) -> cf.Case:
    suite = cf.load([ROOT / "conformance" / "cases" / file])
    return next(c for c in suite.cases if c.id == case_id)


def _relative(path: str) -> str:
    p = Path(path)
    return str(p.relative_to(ROOT)) if p.is_absolute() else path


def example_pictures() -> dict[str, str]:
    """The rulebook and FAQ examples: case id -> SVG."""
    out: dict[str, str] = {}
    for name in EXAMPLE_FILES:
        path = ROOT / "conformance" / "cases" / name
        for case in cf.load([path]).cases:
            q = question.load(path, case.id)
            caption = [f"source: {case.source}", f"case {case.id} in conformance/cases/{name}"]
            if q.tile is not None:
                caption.insert(0, f"tile {q.tile}")
            elif q.action is not None:
                caption.insert(0, f"move {q.action}")
            out[case.id] = render.render_svg(
                q.state, q.action, f"{case.id}: {case.description}", caption
            )
    return out


def _outcome(state: GameState, action: Action | Walk | None) -> str:
    """One line: what the action does under this reading."""
    if action is None:
        return "nothing to do"
    if isinstance(action, Reveal):
        return f"tile {action.tile}"
    if isinstance(action, Walk):
        return str(action)
    assert isinstance(action, FigureMove)
    tr = trail(state, action)
    if not tr.steps:
        return f"{action}: the figure stays where it is (a zero move)"
    return f"{action}: {action.figure} ends on {tr.after.figure(action.figure).place()}"


def _case_readings(option: str, file: str, case_id: str) -> list[Reading]:
    case = _case(file, case_id)
    path = ROOT / "conformance" / "cases" / file
    out = []
    for value in RuleOptions.choices(option):
        q = question.load(path, case.id, {option: value})
        default = value == str(getattr(RuleOptions(), option)).lower()
        out.append(
            Reading(
                q.state,
                q.action,
                (
                    f"{option}={value}" + (" (default)" if default else ""),
                    _outcome(q.state, q.action),
                ),
            )
        )
    return out


def _reentry_readings() -> list[Reading]:
    """reentry: a waiting figure may stay outside (optional), or must enter (mandatory)."""
    out = []
    for value, move, note in (
        ("optional", FigureMove("A5", ()), "A5 may stay beside the entrance (a zero move)"),
        (
            "mandatory",
            FigureMove("A5", ("p11", "p10", "o10")),
            "A5 - is refused (FIG-WAITING): A5 must enter, e.g. A5 p11 p10 o10",
        ),
    ):
        opts = RuleOptions().with_option("reentry", value)
        state = position(
            4, round=2, deck_left=["7", "7", "8", "8", "10", "1hit", "2hits"], options=opts
        )
        label = f"reentry={value}" + (" (default)" if value == "optional" else "")
        out.append(Reading(state, move, (label, note)))
    return out


OPTION_BUILDERS: dict[str, Callable[[], list[Reading]]] = {"reentry": _reentry_readings}


def option_pictures() -> dict[str, str]:
    """For each option that changes a walk or a figure move: ``option-<name>`` -> SVG."""
    out: dict[str, str] = {}
    for option in RuleOptions.names():
        if option in OPTION_BUILDERS:
            readings = OPTION_BUILDERS[option]()
        elif option in OPTION_CASES:
            readings = _case_readings(option, *OPTION_CASES[option])
        else:
            continue
        panels = [
            render.Panel(
                r.state,
                trail(r.state, r.action) if r.action is not None else None,
                r.caption[0],
                r.caption[1:],
            )
            for r in readings
        ]
        out[f"option-{option}"] = render.render_panels(panels)
    return out


def question_pictures() -> dict[str, str]:
    """The question files of the docs (``docs/questions/*.yaml``): ``question-<name>`` -> SVG."""
    out: dict[str, str] = {}
    for path in sorted((ROOT / "docs" / "questions").glob("*.yaml")):
        q = question.load(path)
        caption = [
            f"tile {q.tile}" if q.tile else f"move {q.action}",
            f"docs/questions/{path.name}",
        ]
        out[f"question-{path.stem}"] = render.render_svg(
            q.state, q.action, f"{q.title}: {q.description}", caption
        )
    return out


def pictures() -> dict[str, str]:
    """Every picture of the documentation: file name (in docs/img) -> SVG text."""
    found = {**example_pictures(), **option_pictures(), **question_pictures()}
    return {f"{name}.svg": svg for name, svg in sorted(found.items())}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only check; exit 1 if stale")
    args = parser.parse_args(argv)
    want = pictures()
    if args.check:
        stale = [
            n
            for n, svg in want.items()
            if not (IMG / n).is_file() or (IMG / n).read_text(encoding="utf-8") != svg
        ]
        if stale:
            print(f"out of date: {', '.join(stale)}; run python3 scripts/make_pictures.py")
            return 1
        print(f"{len(want)} pictures up to date")
        return 0
    IMG.mkdir(parents=True, exist_ok=True)
    for name, svg in want.items():
        (IMG / name).write_text(svg, encoding="utf-8")
    print(f"wrote {len(want)} pictures to {_relative(str(IMG))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
