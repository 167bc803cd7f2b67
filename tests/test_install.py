"""The engine installs and plays with attrs and cattrs alone (issue 31): the pure wheel built
from this tree, installed into an empty virtual environment, imports without the tools, PyYAML
or jsonschema, plays a game, and the README's first command runs; a subcommand that needs the
``conformance`` extra says so in one line. The wheel carries the conformance suite's schemas
and cases, which the repository holds once, in ``conformance/``."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

PLAY = """
import sys
import fearsome_rules as fr

loaded = sorted(m for m in sys.modules if m.split(".")[0] in ("yaml", "jsonschema"))
assert not loaded, loaded
# fr.bots is there, but no tool's code has run: only the tools' package (a docstring) is.
assert type(sys.modules["fearsome_rules.tools.bots"]).__name__ == "_LazyModule"
assert not [m for m in sys.modules if m.startswith("fearsome_rules.tools.")][1:]
import random
rng = random.Random(7)
state = fr.new_game(3, 0)
actions = 0
while fr.outcome(state) is None:
    if state.phase is fr.Phase.MONSTER:
        action = fr.bots.draw_tile(state, rng)
    else:
        action = fr.bots.random_bot(state, rng)
    state = fr.apply(state, action)
    actions += 1
print(actions, fr.outcome(state).rule, fr.COMPILED)
"""


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("FEARSOME_RULES_PURE", "PYTHONPATH")}
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True, check=False)


@pytest.mark.install
def test_the_engine_installs_and_plays_with_attrs_and_cattrs_alone(tmp_path: Path) -> None:
    # Built from a copy of what the build reads: a build in the tree would leave build/lib,
    # whose stale files a later wheel would carry.
    source = tmp_path / "source"
    junk = shutil.ignore_patterns("__pycache__", "*.so", "*.c", "*.egg-info")
    shutil.copytree(ROOT / "fearsome_rules", source / "fearsome_rules", ignore=junk)
    for name in ("setup.py", "pyproject.toml", "README.md", "MANIFEST.in"):
        shutil.copy(ROOT / name, source / name)
    # The page, the npm package's modules it imports and the rule texts an installed page is
    # built from.
    for folder in ("web", "js/src", "spec"):
        shutil.copytree(ROOT / folder, source / folder)
    shutil.copytree(ROOT / "conformance" / "cases", source / "conformance" / "cases")
    for schema in ("schema.json", "protocol.schema.json"):
        shutil.copy(ROOT / "conformance" / schema, source / "conformance" / schema)
    wheels = tmp_path / "wheels"
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels), str(source)],
        env={**os.environ, "FEARSOME_RULES_PURE": "1"},
        capture_output=True,
        text=True,
        check=False,
    )
    assert built.returncode == 0, built.stderr[-2000:]
    (wheel,) = wheels.glob("*.whl")
    assert wheel.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        for schema in ("schema.json", "protocol.schema.json"):
            shipped = z.read(f"fearsome_rules/tools/conformance/{schema}")
            assert shipped == (ROOT / "conformance" / schema).read_bytes()
        for case_file in (ROOT / "conformance" / "cases").glob("*.yaml"):
            shipped = z.read(f"fearsome_rules/tools/conformance/cases/{case_file.name}")
            assert shipped == case_file.read_bytes()
        for js in (ROOT / "js" / "src").glob("*.js"):  # the package the page imports
            shipped = z.read(f"fearsome_rules/tools/installed_web/page/js/{js.name}")
            assert shipped == js.read_bytes()
        metadata = z.read(next(n for n in names if n.endswith(".dist-info/METADATA")))
    assert not [n for n in names if n.endswith((".c", ".pxd", ".so"))]
    required = [
        line.split(":", 1)[1].strip()
        for line in metadata.decode().splitlines()
        if line.startswith("Requires-Dist:") and "extra ==" not in line
    ]
    assert sorted(r.split(">")[0] for r in required) == ["attrs", "cattrs"]

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    pip = [sys.executable, "-m", "pip", "--python", python, "install", "-q", str(wheel)]
    installed = _run(pip, tmp_path)
    assert installed.returncode == 0, installed.stderr[-2000:]
    for module in ("yaml", "jsonschema"):  # nothing else brought them in
        assert _run([python, "-c", f"import {module}"], tmp_path).returncode == 1

    played = _run([python, "-c", PLAY], tmp_path)
    assert played.returncode == 0, played.stderr[-2000:]
    actions, ended_by, compiled = played.stdout.split()
    assert int(actions) > 10 and ended_by.startswith("END-") and compiled == "False"

    readme = _run(
        [python, "-m", "fearsome_rules", "play", "--players", "4", "--seed", "2003"], tmp_path
    )
    assert readme.returncode == 0, readme.stderr[-2000:]
    assert "== game over ==" in readme.stdout

    conform = _run([python, "-m", "fearsome_rules", "conform"], tmp_path)
    assert conform.returncode == 2
    assert conform.stderr == (
        "fearsome-rules: conform needs PyYAML and jsonschema: "
        "python3 -m pip install 'fearsome_rules[conformance]'\n"
    )
