"""The house's rules, checked: the layers and no import circles (import-linter's contracts in
pyproject.toml), no private name used across modules, modules of a readable size, and the
architecture picture of docs/architecture.md drawn from today's imports."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path
from types import ModuleType

from importlinter.cli import lint_imports

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "fearsome_rules"

LONG_MODULES: dict[str, str] = {
    "fearsome_rules/core/_kernel.py": "one compilation unit: the compiled loops call each other "
    "as C functions, which Cython can do only within one module",
}
"""Modules allowed over MAX_LINES, each with the one idea that keeps it whole."""
MAX_LINES = 500


def _tool(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "scripts" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_import_contracts_hold() -> None:
    """cli -> tools -> formats -> core, never upwards; no circle at any level of the package."""
    assert lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True) == 0


def test_a_broken_contract_is_reported(tmp_path: Path) -> None:
    """The check can fail: the layers upside down break at once."""
    config = tmp_path / "upside_down.toml"
    config.write_text(
        "[tool.importlinter]\n"
        'root_package = "fearsome_rules"\n'
        "[[tool.importlinter.contracts]]\n"
        'name = "upside down"\n'
        'type = "layers"\n'
        'layers = ["fearsome_rules.core", "fearsome_rules.cli"]\n',
        "utf-8",
    )
    assert lint_imports(config_filename=str(config), no_cache=True) == 1


def test_the_kernel_contract_can_fail(tmp_path: Path) -> None:
    """The contract that keeps the rooms above from the kernel breaks for a module that imports
    it: the core's own game module does."""
    config = tmp_path / "kernel_door.toml"
    config.write_text(
        "[tool.importlinter]\n"
        'root_package = "fearsome_rules"\n'
        "[[tool.importlinter.contracts]]\n"
        'name = "game may not import the kernel"\n'
        'type = "forbidden"\n'
        'source_modules = ["fearsome_rules.core.game"]\n'
        'forbidden_modules = ["fearsome_rules.core._kernel"]\n'
        "allow_indirect_imports = true\n",
        "utf-8",
    )
    assert lint_imports(config_filename=str(config), no_cache=True) == 1


def _module_name(path: Path, root: Path) -> str:
    parts = path.relative_to(root).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _own_private_module(name: str, own: str) -> bool:
    """Whether a dotted name has no private part, or only parts private to a package that
    ``own`` is inside (``fearsome_rules.core._kernel`` is the core's own: its modules may
    import it, no other module may)."""
    parts = name.split(".")
    for k, part in enumerate(parts):
        if _private(part) and not own.startswith(".".join(parts[:k]) + "."):
            return False
    return True


def private_uses(path: Path, root: Path = ROOT) -> list[str]:
    """Where a module uses a private name (``_x``) of another module of the package: imported
    from it, or read as an attribute of a module or class imported from it."""
    tree = ast.parse(path.read_text("utf-8"))
    own = _module_name(path, root)
    imported: set[str] = set()  # local names bound to the package's modules and classes
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("fearsome_rules"):
            for alias in node.names:
                name = f"{node.module}.{alias.name}"
                if node.module != own and not _own_private_module(name, own):
                    found.append(f"{path.name}:{node.lineno}: imports {name}")
                imported.add(alias.asname or alias.name)
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("fearsome_rules"):
                    if not _own_private_module(alias.name, own):
                        found.append(f"{path.name}:{node.lineno}: imports {alias.name}")
                    imported.add((alias.asname or alias.name).split(".")[0])
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and _private(node.attr)
            and isinstance(node.value, ast.Name)
            and node.value.id in imported
        ):
            found.append(f"{path.name}:{node.lineno}: uses {node.value.id}.{node.attr}")
    return found


def test_no_private_name_is_used_across_modules() -> None:
    found = [use for path in sorted(PACKAGE.rglob("*.py")) for use in private_uses(path)]
    assert not found, "give these names a public name where they are defined:\n" + "\n".join(found)


def test_benchmarks_and_examples_use_only_public_names() -> None:
    """What a user copies keeps to the doors a user has: the benchmarks measure the kernel
    through ``core.batch``, the examples play through ``fearsome_rules`` (the one exception is
    the script that writes the kernel's constants, whose job is the private table)."""
    found = [
        use
        for folder in ("benchmarks", "examples", "docs/hooks", "scripts")
        for path in sorted((ROOT / folder).rglob("*.py"))
        if path.name != "make_kernel_constants.py"
        for use in private_uses(path)
    ]
    assert not found, "use a public name of the package:\n" + "\n".join(found)


def test_the_private_name_check_can_fail(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from fearsome_rules.core.game import _hidden\n"
        "from fearsome_rules.core.actions import FigureMove\n"
        "from fearsome_rules.core import _kernel\n"
        "from fearsome_rules.core._encoding import NONE\n"
        "import fearsome_rules.core._kernel\n"
        "FigureMove._secret('A5', ())\n",
        "utf-8",
    )
    assert len(private_uses(sample, tmp_path)) == 5
    inside = tmp_path / "fearsome_rules" / "core" / "game.py"  # the core's own modules may
    inside.parent.mkdir(parents=True)
    inside.write_text("from fearsome_rules.core import _kernel\n_kernel.reveal\n", "utf-8")
    assert private_uses(inside, tmp_path) == []


def test_modules_are_of_a_readable_size() -> None:
    long = {
        str(p.relative_to(ROOT)): n
        for p in sorted(PACKAGE.rglob("*.py"))
        if (n := len(p.read_text("utf-8").splitlines())) > MAX_LINES
    }
    unexplained = {p: n for p, n in long.items() if p not in LONG_MODULES}
    assert not unexplained, f"split these along their jobs (or say why not): {unexplained}"


def test_the_architecture_picture_is_current() -> None:
    stale = _tool("make_architecture").stale()
    assert not stale, f"{stale}: run python3 scripts/make_architecture.py"
