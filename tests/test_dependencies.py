"""The dependencies are honest: everything the project imports is declared in pyproject.toml
(the core dependencies, an extra, or the build's requirements), and nothing is declared twice.

Every Python file of the repository is read (the package, the tests, the scripts, the
benchmarks, the examples, setup.py): its ``import`` statements, and the modules it names to
``importlib.import_module``, ``importlib.util.find_spec``, ``pytest.importorskip`` and
``__import__``. An import is the project's own when it names the package or a module of the
repository (the tests import their helpers by top-level name), the standard library's when
Python lists it; every other one must come from a declared distribution. Which distribution
brings which module is asked of the installed ones (``importlib.metadata``); a module of
nothing installed here is taken to be its own distribution's name.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from importlib.metadata import packages_distributions
from pathlib import Path

from lowest_versions import constraints, lowest

ROOT = Path(__file__).resolve().parent.parent
DYNAMIC = {"import_module", "find_spec", "importorskip", "__import__"}


def _normal(name: str) -> str:
    """A distribution's name as PEP 503 compares them."""
    return re.sub(r"[-_.]+", "-", name).lower()


def _requirement_name(requirement: str) -> str:
    m = re.match(r"\s*([A-Za-z0-9][A-Za-z0-9._-]*)", requirement)
    assert m, requirement
    return _normal(m.group(1))


def _pyproject() -> dict[str, object]:
    with (ROOT / "pyproject.toml").open("rb") as f:
        return tomllib.load(f)


def declared_lists() -> dict[str, list[str]]:
    """Each list of requirements by name: ``core``, ``build`` and one per extra."""
    data = _pyproject()
    project = data["project"]
    assert isinstance(project, dict)
    build = data["build-system"]
    assert isinstance(build, dict)
    lists = {"core": list(project["dependencies"]), "build": list(build["requires"])}
    for extra, requirements in project["optional-dependencies"].items():
        lists[f"extra {extra}"] = list(requirements)
    return lists


def declared() -> set[str]:
    """Every distribution named anywhere, the package itself included."""
    names = {_normal(str(_pyproject()["project"]["name"]))}  # type: ignore[index]
    for requirements in declared_lists().values():
        names.update(_requirement_name(r) for r in requirements)
    return names


def imported_modules(source: str) -> Iterator[str]:
    """The top-level module names a Python source imports, statically or by name."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            yield from (alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module.split(".")[0]
        elif isinstance(node, ast.Call) and node.args:
            function = node.func
            name = function.attr if isinstance(function, ast.Attribute) else None
            if isinstance(function, ast.Name):
                name = function.id
            first = node.args[0]
            if name in DYNAMIC and isinstance(first, ast.Constant) and isinstance(first.value, str):
                yield first.value.split(".")[0]


def python_sources() -> dict[Path, str]:
    """Every Python file git knows, by its path in the repository."""
    listed = subprocess.run(
        ["git", "ls-files", "*.py"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    return {Path(p): (ROOT / p).read_text("utf-8") for p in listed}


def own_modules(paths: Iterable[Path]) -> set[str]:
    """The names the repository's own files and folders can be imported by."""
    names = {"fearsome_rules"}
    for path in paths:
        names.add(path.stem)
        names.update(path.parts[:-1])
    return names


def undeclared(
    sources: Mapping[Path, str], known: set[str], distributions: Mapping[str, list[str]]
) -> list[str]:
    """``file: imports module (distribution)`` for each import no declared distribution
    brings."""
    own = own_modules(sources)
    problems = []
    for path, source in sources.items():
        for module in sorted(set(imported_modules(source))):
            if module in own or module in sys.stdlib_module_names or module == "__future__":
                continue
            providers = {_normal(d) for d in distributions.get(module, [module])}
            if not providers & known:
                problems.append(f"{path}: imports {module} ({', '.join(sorted(providers))})")
    return problems


def test_every_import_is_declared() -> None:
    sources = python_sources()
    assert len(sources) > 150
    problems = undeclared(sources, declared(), packages_distributions())
    assert not problems, "\n".join(problems)


def test_nothing_is_declared_twice() -> None:
    lists = declared_lists()
    core = {_requirement_name(r) for r in lists["core"]}
    twice = []
    for name, requirements in lists.items():
        names = [_requirement_name(r) for r in requirements]
        twice += [f"{name}: {n} twice" for n in sorted(set(names)) if names.count(n) > 1]
        if name != "core":
            twice += [f"{name}: {n} is a core dependency" for n in sorted(set(names) & core)]
    # An extra that includes others (fearsome_rules[dask,...]) must not name what they bring.
    for name, requirements in lists.items():
        own = {_requirement_name(r) for r in requirements if not r.startswith("fearsome_rules")}
        for r in requirements:
            m = re.match(r"fearsome_rules\[(.+)\]", r)
            for extra in m.group(1).split(",") if m else ():
                brought = {_requirement_name(x) for x in lists[f"extra {extra.strip()}"]}
                twice += [f"{name}: {n} comes with [{extra}]" for n in sorted(own & brought)]
    assert not twice, "\n".join(twice)


def test_an_undeclared_import_is_found() -> None:
    """The check itself, on sources made up here."""
    made_up = (
        "import os\nimport attrs\nimport requests.adapters\nfrom helpers import x\n"
        "import importlib\nimportlib.import_module('flask')\nimportlib.import_module('yaml')\n"
        "from . import sibling\n"
    )
    sources = {Path("tests/helpers.py"): "", Path("tools/made_up.py"): made_up}
    problems = undeclared(sources, declared(), {"yaml": ["PyYAML"], "attrs": ["attrs"]})
    assert problems == [
        "tools/made_up.py: imports flask (flask)",
        "tools/made_up.py: imports requests (requests)",
    ]
    known = declared() | {"flask", "requests"}
    assert undeclared(sources, known, {"yaml": ["PyYAML"]}) == []


def test_the_lowest_versions_are_the_lower_bounds(tmp_path: Path) -> None:
    """tests/lowest_versions.py, which CI's lowest-versions venv is installed with."""
    assert lowest("attrs>=23.1") == "attrs==23.1"
    assert lowest("ruff>=0.17,<0.18") == "ruff==0.17"
    assert lowest("auditwheel>=6; sys_platform == 'linux'") == (
        'auditwheel==6; sys_platform == "linux"'
    )
    assert lowest("types-PyYAML") is None
    assert lowest("fearsome_rules[dask,rating]") is None
    (tmp_path / "pyproject.toml").write_text(
        '[project]\nname = "x"\ndependencies = ["b>=2", "a~=1.4"]\n'
        '[project.optional-dependencies]\none = ["c==3", "d"]\ntwo = ["A~=1.4"]\n'
    )
    assert constraints(tmp_path) == ["a==1.4", "b==2", "c==3"]
