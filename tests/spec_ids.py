"""Read the rule ids from spec/ and the ids that tests and code name."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULE_HEADING = re.compile(r"^### ([A-Z]+(?:-[A-Z0-9]+)+): \S", re.MULTILINE)
RULE_ID = re.compile(r"^[A-Z]+(?:-[A-Z0-9]+)+$")


def spec_ids() -> dict[str, str]:
    """Every rule id in spec/*.md, with the file that defines it."""
    found: dict[str, str] = {}
    for path in sorted((ROOT / "spec").glob("*.md")):
        for m in RULE_HEADING.finditer(path.read_text(encoding="utf-8")):
            assert m.group(1) not in found, f"{m.group(1)} defined twice"
            found[m.group(1)] = path.name
    return found


def _marker_ids(node: ast.AST) -> list[str]:
    """The ids in a ``pytest.mark.rules("A", "B")`` call."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "rules"
    ):
        return [
            a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str)
        ]
    return []


def rule_tests(root: Path = ROOT) -> dict[str, list[tuple[str, str, int]]]:
    """Rule id -> the tests that carry it in a ``@pytest.mark.rules(...)`` marker, each as
    (file relative to the repository, test name or ``pytestmark``, line)."""
    out: dict[str, list[tuple[str, str, int]]] = {}
    for path in sorted((root / "tests").rglob("test_*.py")):
        where = path.relative_to(root).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                for dec in node.decorator_list:
                    for rid in _marker_ids(dec):
                        out.setdefault(rid, []).append((where, node.name, node.lineno))
            if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets
            ):
                for rid in _marker_ids(node.value):
                    out.setdefault(rid, []).append((where, "pytestmark", node.lineno))
    return out


def rule_ids_in_tests() -> dict[str, list[str]]:
    """Rule id -> the tests that carry it, as ``core/test_x.py::test_name``."""
    return {
        rid: [f"{path.removeprefix('tests/')}::{name}" for path, name, _ in tests]
        for rid, tests in rule_tests().items()
    }


def code_ids() -> dict[str, list[str]]:
    """Rule ids named in string literals of the package's code (errors, docstrings)."""
    out: dict[str, list[str]] = {}
    families = "BRD|SET|RND|FIG|PUSH|POOL|MON|DECK|STAGE|END|VAR|ADV|PLACE|BSW"
    pattern = re.compile(rf"\b((?:{families})(?:-[A-Z0-9]+)+)\b")
    for path in sorted((ROOT / "fearsome_rules").rglob("*.py")):
        for m in pattern.finditer(path.read_text(encoding="utf-8")):
            rid = m.group(1)
            if not rid.endswith("-"):
                out.setdefault(rid, []).append(path.name)
    return out
