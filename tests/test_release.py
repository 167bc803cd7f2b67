"""What a release ships (RELEASING.md): ``python -m build`` makes an sdist and, from it, a wheel
that ``twine check`` accepts, that carries the license and the changelog, and that installed
alone in an empty virtual environment (nothing but its declared dependencies, no index) plays
a seeded game the same as this checkout.

The wheel is the one this run's build makes: the compiled kernel's where a C compiler works,
and under ``FEARSOME_RULES_PURE=1`` (CI's second run) the pure ``py3-none-any`` one. It takes
about a minute and a half (the kernel compiles in about 45 s): ``-m "not release"`` leaves it out.
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

import fearsome_rules as fr
from fearsome_rules.cli import main

ROOT = Path(__file__).resolve().parent.parent
PURE = os.environ.get("FEARSOME_RULES_PURE") == "1"
GAME = ["play", "--players", "4", "--seed", "2003", "--quiet"]

pytestmark = pytest.mark.release

for _module in ("build", "twine"):
    try:
        __import__(_module)
    except ImportError:
        pytestmark = [  # type: ignore[assignment]
            pytest.mark.release,
            pytest.mark.skip(reason=f"needs the release extra ({_module} is not installed)"),
        ]


def _run(*command: str | Path, cwd: Path | None = None) -> str:
    done = subprocess.run(
        [str(c) for c in command],
        cwd=cwd,
        capture_output=True,
        text=True,
        env={k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
        check=False,
    )
    assert done.returncode == 0, f"{command}: exit {done.returncode}\n{done.stdout}{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``python -m build``: the sdist, then the wheel built from the unpacked sdist."""
    out = tmp_path_factory.mktemp("dist")
    _run(sys.executable, "-m", "build", "--outdir", out, ROOT)
    return out


def _one(dist: Path, pattern: str) -> Path:
    found = sorted(dist.glob(pattern))
    assert len(found) == 1, found
    return found[0]


def test_twine_accepts_the_sdist_and_the_wheel(dist: Path) -> None:
    out = _run(sys.executable, "-m", "twine", "check", "--strict", *sorted(dist.iterdir()))
    assert out.count("PASSED") == 2


def test_the_sdist_holds_what_a_build_and_the_web_page_need(dist: Path) -> None:
    sdist = _one(dist, "fearsome_rules-*.tar.gz")
    top = sdist.name[: -len(".tar.gz")]
    with tarfile.open(sdist) as tar:
        names = {n.removeprefix(f"{top}/") for n in tar.getnames()}
    needed = {
        "LICENSE",
        "CHANGELOG.md",
        "README.md",
        "pyproject.toml",
        "setup.py",
        "fearsome_rules/core/_kernel.py",
        "fearsome_rules/core/_kernel.pxd",
        # The suite's schemas live once, in conformance/; setup.py copies them into the wheel.
        "conformance/schema.json",
        "conformance/protocol.schema.json",
        "web/index.html",
        "web/app.js",
        "web/fonts/LICENSE",
        "spec/monster.md",
        "conformance/cases/monster-sight.yaml",
        "tests/conftest.py",
    }
    assert needed <= names, needed - names
    assert not [n for n in names if n.endswith((".so", ".pyc"))]


def test_the_wheel_carries_the_license_and_the_changelog(dist: Path) -> None:
    wheel = _one(dist, "fearsome_rules-*.whl")
    with zipfile.ZipFile(wheel) as z:
        names = set(z.namelist())
        info = next(n.split("/")[0] for n in names if n.endswith(".dist-info/METADATA"))
        license_text = z.read(f"{info}/licenses/LICENSE").decode()
        metadata = z.read(f"{info}/METADATA").decode()
    assert license_text == (ROOT / "LICENSE").read_text("utf-8")
    assert "License-Expression: MIT" in metadata
    assert "Classifier: Topic :: Games/Entertainment :: Board Games" in metadata
    # The description is the README, then the changelog, whole.
    changelog = (ROOT / "CHANGELOG.md").read_text("utf-8")
    assert changelog.strip() in metadata.replace("\r\n", "\n")
    assert "fearsome_rules/py.typed" in names
    assert "fearsome_rules/tools/conformance/schema.json" in names
    assert "fearsome_rules/tools/conformance/protocol.schema.json" in names
    kernels = [n for n in names if n.startswith("fearsome_rules/core/_kernel")]
    if PURE:
        assert wheel.name.endswith("-py3-none-any.whl")
        assert kernels == ["fearsome_rules/core/_kernel.py"]
    else:
        tag = f"cp{sys.version_info.major}{sys.version_info.minor}"
        assert f"-{tag}-{tag}-" in wheel.name
        assert any(n.endswith(".so") for n in kernels), kernels
        assert not any(n.endswith((".c", ".pxd")) for n in names)


def test_the_wheel_installs_alone_and_plays(dist: Path, tmp_path: Path) -> None:
    """Into an empty venv, from files only: the wheel with its ``conformance`` extra and the
    dependency wheels they declare (fetched beforehand by ``pip download``), so that an
    undeclared dependency fails here. Away from any clone, ``conform`` runs the suite's cases
    that the wheel carries."""
    wheel = _one(dist, "fearsome_rules-*.whl")
    with_extra = f"fearsome_rules[conformance] @ {wheel.as_uri()}"
    deps = tmp_path / "deps"
    _run(sys.executable, "-m", "pip", "download", "--quiet", "--dest", deps, with_extra)
    venv = tmp_path / "venv"
    _run(sys.executable, "-m", "venv", venv)
    python = venv / "bin" / "python"
    _run(
        python,
        *("-m", "pip", "install", "--quiet", "--no-index", "--find-links", deps, with_extra),
    )
    elsewhere = tmp_path / "elsewhere"  # not the checkout: its package must not be imported
    elsewhere.mkdir()
    where = _run(
        python, "-c", "import fearsome_rules; print(fearsome_rules.__file__)", cwd=elsewhere
    )
    assert Path(where.strip()).is_relative_to(venv)
    kernel = "pure Python kernel" if PURE else "compiled kernel"
    version = _run(venv / "bin" / "fearsome-rules", "--version", cwd=elsewhere)
    assert f"({kernel}, Python" in version
    played = _run(venv / "bin" / "fearsome-rules", *GAME, cwd=elsewhere)
    here = io.StringIO()
    with contextlib.redirect_stdout(here):
        assert main(GAME) == 0
    assert played == here.getvalue()
    assert "winner: A" in played.splitlines()[-1]
    assert fr.COMPILED is not PURE
    conformed = _run(venv / "bin" / "fearsome-rules", "conform", cwd=elsewhere)
    here = io.StringIO()
    with contextlib.redirect_stdout(here):
        assert main(["conform", str(ROOT / "conformance" / "cases")]) == 0
    assert conformed == here.getvalue()  # every case of the checkout, passed
    assert conformed.splitlines()[-1].endswith(" passed, 0 failed"), conformed[-500:]


@pytest.mark.skipif(PURE, reason="the pure wheel is for every platform: nothing to repair")
@pytest.mark.skipif(sys.platform != "linux", reason="manylinux wheels are Linux's")
def test_the_compiled_wheel_repairs_to_manylinux(dist: Path, tmp_path: Path) -> None:
    """auditwheel finds nothing to bundle (the kernel needs only the C library) and tags the
    wheel with the oldest glibc its symbols allow; the repaired wheel is the one to upload."""
    wheel = _one(dist, "fearsome_rules-*.whl")
    auditwheel = Path(sys.executable).with_name("auditwheel")
    shown = _run(auditwheel, "show", wheel)
    assert 'consistent with\nthe following platform tag: "manylinux_' in shown
    _run(auditwheel, "repair", "--wheel-dir", tmp_path, wheel)
    repaired = _one(tmp_path, "fearsome_rules-*.whl")
    assert "manylinux_2_" in repaired.name, repaired.name
    with zipfile.ZipFile(repaired) as z:
        assert not [n for n in z.namelist() if ".libs/" in n]  # no library had to be bundled
