"""The lowest versions pyproject.toml allows, as a pip constraints file: each requirement of the
core dependencies and of every extra pinned to its lower bound (``attrs>=23.1`` gives
``attrs==23.1``); one without a lower bound is left out. What these need in turn is not pinned
(pip takes its newest), which is what the bounds promise: "this version of each of our direct
dependencies is enough".

CI installs the package with these constraints into a venv of its own and runs the core and
format tests there (.ci/run)::

    python3 tests/lowest_versions.py > lowest.txt
    python3 -m pip install -c lowest.txt -e . pytest hypothesis
    python3 tests/lowest_versions.py --check    # what is installed is what is pinned
"""

from __future__ import annotations

import sys
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parent.parent


def lowest(requirement: str) -> str | None:
    """``name==version`` for the lower bound of a requirement (``>=``, ``==`` or ``~=``), or
    None when it has none; a requirement of the package itself (an extra naming others)
    pins nothing."""
    parsed = Requirement(requirement)
    if parsed.name.replace("-", "_").lower() == "fearsome_rules":
        return None
    bounds = [s.version for s in parsed.specifier if s.operator in (">=", "==", "~=")]
    if not bounds:
        return None
    assert len(bounds) == 1, requirement
    marker = f"; {parsed.marker}" if parsed.marker else ""
    return f"{parsed.name}=={bounds[0]}{marker}"


def constraints(root: Path = ROOT) -> list[str]:
    """The constraints, one per distribution, in name order."""
    with (root / "pyproject.toml").open("rb") as f:
        project = tomllib.load(f)["project"]
    requirements = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        requirements += extra
    pins: dict[str, str] = {}
    for requirement in requirements:
        line = lowest(requirement)
        if line is not None:
            pins.setdefault(line.split("==")[0].lower(), line)  # the first place names it
    return [pins[name] for name in sorted(pins)]


def mismatches(pins: list[str]) -> list[str]:
    """The installed distributions whose version is not their pin (``--check``)."""
    wrong = []
    for pin in pins:
        requirement = Requirement(pin)
        if requirement.marker is not None and not requirement.marker.evaluate():
            continue
        try:
            installed = metadata.version(requirement.name)
        except metadata.PackageNotFoundError:
            continue
        if not requirement.specifier.contains(installed, prereleases=True):
            wrong.append(f"{requirement.name} {installed} installed, {pin} pinned")
    return wrong


if __name__ == "__main__":
    if sys.argv[1:] == ["--check"]:
        wrong = mismatches(constraints())
        if wrong:
            raise SystemExit("not the lowest versions: " + "; ".join(wrong))
        print("lowest versions: every installed pin matches")
    else:
        sys.stdout.write("".join(f"{line}\n" for line in constraints()))
