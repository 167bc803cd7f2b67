"""The public surface of the package, as names (docs/stability.md says what is public):

- the Python API: every name of ``fearsome_rules.__all__`` and of the documented modules
  (:data:`MODULES`), the public attributes of each public class, and the parameters of each
  public function, class and method (``fearsome_rules.apply(state)``);
- the command line: every subcommand, every option string and every choice an option offers
  (``fearsome-rules simulate --executor=dask``).

``tests/public_api.txt`` is the committed list of these names; tests/test_public_api.py checks
it against the code. A line may carry a deprecation, ``NAME  # deprecated 0.3: use NEW``: the
name may then disappear from the code from 0.4.0 on, not before.

Run ``python3 tests/public_api.py --write`` to add the names the code has and the list lacks;
it never removes a line (a removal is a deliberate edit of the list, seen in review).
"""

from __future__ import annotations

import argparse
import ast
import enum
import importlib
import inspect
import re
import sys
import tomllib
import types
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LIST = ROOT / "tests" / "public_api.txt"

MODULES = (
    "fearsome_rules.board",
    "fearsome_rules.deck",
    "fearsome_rules.events",
    "fearsome_rules.tools.bots",
    "fearsome_rules.tools.explain",
    "fearsome_rules.tools.lab",
    "fearsome_rules.tools.rating",
    "fearsome_rules.tools.readings",
    "fearsome_rules.tools.render",
    "fearsome_rules.tools.simulate",
    "fearsome_rules.tools.web",
    "fearsome_rules.tools.adapters.action_encoding",
    "fearsome_rules.tools.adapters.observation",
    "fearsome_rules.tools.adapters.returns",
    "fearsome_rules.tools.adapters.openspiel_game",
    "fearsome_rules.tools.adapters.pettingzoo_env",
)
"""The documented modules beyond ``fearsome_rules`` itself: the modules named in its
``__all__`` (``fr.board``, ``fr.deck``, ``fr.events``), the tools' packages the docs import
from, and the framework adapters (docs/adapters.md)."""

SINGLE = ("fearsome_rules.core.moves.MoveSearch",)
"""Names documented one by one in a module that is otherwise internal."""

OPTIONAL = {
    "fearsome_rules.tools.adapters.openspiel_game",
    "fearsome_rules.tools.adapters.pettingzoo_env",
}
"""Modules that need an extra installed (openspiel, pettingzoo) to import."""

_BUILTIN_BASES = {object, BaseException, Exception, TypeError, ValueError, enum.Enum, int, str}
_DEPRECATION = re.compile(r"^(\S+(?: \S+)*?)\s+# deprecated (\d+)\.(\d+): (.+)$")


@dataclass(frozen=True)
class Entry:
    """A line of the committed list: a name, and the minor version that deprecated it."""

    name: str
    deprecated: tuple[int, int] | None = None
    instead: str = ""


def read_list(path: Path = LIST) -> list[Entry]:
    """The committed list, comments and blank lines skipped."""
    entries = []
    for line in path.read_text("utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        m = _DEPRECATION.match(line)
        if m:
            minor = (int(m.group(2)), int(m.group(3)))
            entries.append(Entry(m.group(1), minor, m.group(4)))
        else:
            entries.append(Entry(line.strip()))
    return entries


def _defined_here(module: types.ModuleType) -> Iterator[str]:
    """The public names of a module without ``__all__``: what its source defines at the top
    (functions, classes, constants), not what it imports."""
    tree = ast.parse(inspect.getsource(module))
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names = [node.name]
        elif isinstance(node, ast.Assign):
            names = [t.id for t in node.targets if isinstance(t, ast.Name)]
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names = [node.target.id]
        else:
            continue
        yield from (n for n in names if not n.startswith("_") and n != "TYPE_CHECKING")


def module_names(module: types.ModuleType) -> list[str]:
    """The public names of a documented module."""
    listed = getattr(module, "__all__", None)
    return sorted(listed) if listed is not None else sorted(_defined_here(module))


def _parameters(path: str, value: object) -> Iterator[str]:
    try:
        signature = inspect.signature(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return  # a builtin or a compiled function without a signature
    for p in signature.parameters.values():
        if p.name in ("self", "cls") or p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            continue
        if p.kind is p.POSITIONAL_ONLY:
            continue  # its name is no part of the interface
        yield f"{path}({p.name})"


def _members(path: str, cls: type) -> Iterator[str]:
    """A public class's public attributes (its own and those of the package's base classes)
    and the parameters of its methods."""
    seen: set[str] = set()
    for base in cls.__mro__:
        if base in _BUILTIN_BASES or not base.__module__.startswith("fearsome_rules"):
            continue
        for name, value in vars(base).items():
            if name.startswith("_") or name in seen:
                continue
            seen.add(name)
            yield f"{path}.{name}"
            function = value.__func__ if isinstance(value, classmethod | staticmethod) else value
            if inspect.isfunction(function):
                yield from _parameters(f"{path}.{name}", function)


def _describe(path: str, value: object) -> Iterator[str]:
    yield path
    if inspect.isclass(value):
        if not issubclass(value, enum.Enum):
            yield from _parameters(path, value)
        yield from _members(path, value)
    elif callable(value) and not inspect.ismodule(value):
        yield from _parameters(path, value)


def resolve(path: str) -> Any:
    """The object a dotted path names: the longest importable module, then attributes
    (``fearsome_rules.board`` is an attribute of the package, not a module of that name)."""
    parts = path.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            value: Any = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError as e:
            if e.name is None or not ".".join(parts[:cut]).startswith(e.name):
                raise  # the module exists but imports something missing: an extra
            continue
        for attribute in parts[cut:]:
            value = getattr(value, attribute)
        return value
    raise ImportError(path)


def python_names() -> tuple[set[str], list[str]]:
    """Every public name of the Python API, and the documented modules that could not be
    imported here (an extra is missing)."""
    import fearsome_rules

    names: set[str] = set()
    for name in fearsome_rules.__all__:
        names.update(_describe(f"fearsome_rules.{name}", getattr(fearsome_rules, name)))
    missing = []
    for module_name in MODULES:
        try:
            module = resolve(module_name)
        except ImportError:
            if module_name not in OPTIONAL:
                raise
            missing.append(module_name)
            continue
        names.add(module_name)
        for name in module_names(module):
            names.update(_describe(f"{module_name}.{name}", getattr(module, name)))
    for path in SINGLE:
        names.update(_describe(path, resolve(path)))
    return names, missing


def command_names() -> set[str]:
    """Every subcommand, option string and option choice of ``fearsome-rules``."""
    from fearsome_rules.cli.app import build_parser

    names: set[str] = set()

    def walk(parser: argparse.ArgumentParser, prefix: str) -> None:
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for command, sub in action.choices.items():
                    names.add(f"{prefix} {command}")
                    walk(sub, f"{prefix} {command}")
                continue
            for option in action.option_strings:
                names.add(f"{prefix} {option}")
                if action.choices is not None and option.startswith("--"):
                    names.update(f"{prefix} {option}={c}" for c in action.choices)

    walk(build_parser(), "fearsome-rules")
    return names


def public_names() -> tuple[set[str], list[str]]:
    """The whole public surface, and the optional modules left out."""
    python, missing = python_names()
    return python | command_names(), missing


def current_minor(root: Path = ROOT) -> tuple[int, int]:
    """The (major, minor) of the version in pyproject.toml."""
    with (root / "pyproject.toml").open("rb") as f:
        version = tomllib.load(f)["project"]["version"]
    m = re.match(r"(\d+)\.(\d+)", version)
    assert m, version
    return int(m.group(1)), int(m.group(2))


def removals(entries: list[Entry], names: set[str], minor: tuple[int, int]) -> list[str]:
    """The listed names missing from the code that may not be gone yet: every one that was
    not deprecated, and every one deprecated in this minor version (it must live through one
    release of it with its warning)."""
    problems = []
    for entry in entries:
        if entry.name in names:
            continue
        if entry.deprecated is None:
            problems.append(f"{entry.name}: gone without a deprecation (docs/stability.md)")
        elif entry.deprecated >= minor:
            since = ".".join(map(str, entry.deprecated))
            problems.append(
                f"{entry.name}: deprecated in {since}, so it stays until the next minor release"
            )
    return problems


def write(path: Path = LIST) -> list[str]:
    """Add the names the code has and the list lacks; return them."""
    names, missing = public_names()
    if missing:
        extras = "pip install -e '.[openspiel,pettingzoo]'"
        raise SystemExit(f"install the extras of {', '.join(missing)} first: {extras}")
    text = path.read_text("utf-8") if path.is_file() else ""
    listed = {e.name for e in read_list(path)} if text else set()
    new = sorted(names - listed)
    lines = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    header = [line for line in text.splitlines() if line.startswith("#")] or [
        "# The public names of fearsome_rules (docs/stability.md), checked by",
        "# tests/test_public_api.py. Generated lines: python3 tests/public_api.py --write.",
        "# Deprecate a name by ending its line with '  # deprecated X.Y: use NEW'.",
    ]
    body = sorted(lines + new, key=lambda line: line.split("  # ")[0])
    path.write_text("\n".join(header + body) + "\n", "utf-8")
    return new


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        raise SystemExit("usage: python3 tests/public_api.py --write")
    added = write()
    print(f"{len(added)} names added to {LIST.relative_to(ROOT)}")
