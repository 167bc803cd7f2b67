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
import json
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path
from typing import Any

import pytest

import fearsome_rules as fr
from fearsome_rules.cli import main
from fearsome_rules.tools.web import site

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
    _run(sys.executable, "-m", "build", "--outdir", out, _checkout(tmp_path_factory))
    return out


def _checkout(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the checkout's tracked files, which the build reads and writes in (its
    egg-info, build/lib) instead of the checkout, where the other build's suite may be running
    at the same time (.ci/run runs the two side by side). Outside a git checkout (an unpacked
    sdist), the tree itself."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=False)
    if listed.returncode != 0:
        return ROOT
    copy = tmp_path_factory.mktemp("checkout")
    for name in listed.stdout.decode("utf-8").split("\0"):
        if name and (ROOT / name).is_file():
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, copy / name)
    return copy


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
        "web/game.js",
        "web/fonts/LICENSE",
        "js/src/browser.js",  # the npm package's modules, which the page imports
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
    # The page and the rule texts, from which fearsome-rules web builds the site installed.
    page = "fearsome_rules/tools/installed_web/page"
    assert {f"{page}/web/index.html", f"{page}/web/app.js", f"{page}/spec/monster.md"} <= names
    kernels = [n for n in names if n.startswith("fearsome_rules/core/_kernel")]
    if PURE:
        assert wheel.name.endswith("-py3-none-any.whl")
        assert kernels == ["fearsome_rules/core/_kernel.py"]
    else:
        tag = f"cp{sys.version_info.major}{sys.version_info.minor}"
        assert f"-{tag}-{tag}-" in wheel.name
        assert any(n.endswith(".so") for n in kernels), kernels
        assert not any(n.endswith((".c", ".pxd")) for n in names)


@pytest.fixture(scope="module")
def venv(dist: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An empty venv with the wheel installed from files only: the wheel with its
    ``conformance`` extra and the dependency wheels they declare (fetched beforehand by ``pip
    download``), so that an undeclared dependency fails here."""
    tmp_path = tmp_path_factory.mktemp("installed")
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
    return venv


def test_the_wheel_installs_alone_and_plays(venv: Path, tmp_path: Path) -> None:
    python = venv / "bin" / "python"
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
    # auditwheel wraps its text by width: a longer file name (0.3.0.dev0) moves the breaks.
    assert 'consistent with the following platform tag: "manylinux_' in " ".join(shown.split())
    _run(auditwheel, "repair", "--wheel-dir", tmp_path, wheel)
    repaired = _one(tmp_path, "fearsome_rules-*.whl")
    assert "manylinux_2_" in repaired.name, repaired.name
    with zipfile.ZipFile(repaired) as z:
        assert not [n for n in z.namelist() if ".libs/" in n]  # no library had to be bundled


# --- fearsome-rules web, installed ------------------------------------------------------------


@pytest.fixture(scope="module")
def web_env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The environment of ``fearsome-rules web`` in the venv: a cache folder of its own, so
    that the Pyodide runtime is fetched from the npm registry and checked, once a run."""
    cache = tmp_path_factory.mktemp("cache")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return {**env, "XDG_CACHE_HOME": str(cache)}


def test_the_installed_package_builds_the_web_page(
    venv: Path, web_env: dict[str, str], tmp_path: Path
) -> None:
    """With no clone anywhere: the page's files and rules from the wheel, the runtime fetched
    (5.6 MB, about 2 s) and the wheels made from the venv's installed files."""
    out = tmp_path / "site"
    done = _build_site(venv, web_env, out)
    assert Path(done.stdout.strip()) == out
    assert "fetching Pyodide 0.29.5" in done.stderr
    cached = Path(web_env["XDG_CACHE_HOME"]) / "fearsome-rules" / "pyodide-0.29.5"
    assert (cached / "pyodide.asm.wasm").stat().st_size > 5_000_000
    for name in ("index.html", "app.js", "game.js", "online.js", "style.css", "fonts/LICENSE"):
        assert (out / name).read_bytes() == (ROOT / "web" / name).read_bytes(), name
    for module in (ROOT / "js" / "src").glob("*.js"):  # the package the page imports, no npm
        assert (out / "fearsome-rules" / module.name).read_bytes() == module.read_bytes()
    manifest = json.loads((out / "manifest.json").read_text("utf-8"))
    assert manifest["pyodide"] == "0.29.5"
    assert "snapshot" not in manifest  # no Node.js here to make one: the page starts from wheels
    names = [Path(w).name for w in manifest["wheels"]]
    assert [n.split("-")[0] for n in names] == [
        "attrs",
        "typing_extensions",
        "cattrs",
        "fearsome_rules",
    ]
    assert all(n.endswith("-py3-none-any.whl") for n in names), names
    with zipfile.ZipFile(out / "wheels" / names[-1]) as z:
        files = set(z.namelist())
    assert "fearsome_rules/core/_kernel.py" in files
    assert not [n for n in files if n.endswith((".so", ".pyc")) or "installed_web/page" in n]
    rules = json.loads((out / "rules.json").read_text("utf-8"))
    assert rules["MON-WRAP-OCCUPIED"]["file"] == "spec/monster.md"
    assert rules == site.rules(ROOT)  # every rule's text, as a clone's build writes it
    # A second build finds everything up to date (the same inputs), fetching nothing.
    assert _build_site(venv, web_env, out).stderr == ""


def _build_site(venv: Path, env: dict[str, str], out: Path) -> subprocess.CompletedProcess[str]:
    """``fearsome-rules web --build-only`` run in the venv, elsewhere than the checkout."""
    done = subprocess.run(
        [venv / "bin" / "fearsome-rules", "web", "--build-only", "--out", out],
        cwd=out.parent,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return done


def test_the_installed_package_serves_a_page_that_plays(
    venv: Path, web_env: dict[str, str], tmp_path: Path
) -> None:
    """``fearsome-rules web`` served from the venv, the page loaded in headless Chromium and a
    figure move played by clicks, the state after it the same as this engine's. About 15 s:
    the page's start (Pyodide) in Chromium."""
    from fearsome_rules.tools.web import browser as wb

    if PURE:
        pytest.skip("the page runs the pure wheel made from the installed files: once is enough")
    reason = wb.missing()
    if reason and not reason.startswith("no npm"):  # an installed package's page needs no npm
        pytest.skip(f"no browser test: {reason}")
    server = subprocess.Popen(
        [venv / "bin" / "fearsome-rules", "web", "--port", "0", "--out", tmp_path / "site"],
        cwd=tmp_path,
        env=web_env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert " at http://127.0.0.1:" in line, (line, server.stderr and server.stderr.read())
        url = line.split(" at ", 1)[1].split()[0]
        browser = wb.driver()
        try:
            wb.load(browser, url, timeout=120)
            _play_one_move(browser)
        finally:
            browser.quit()
    finally:
        server.terminate()
        server.wait(timeout=10)


def _play_one_move(browser: Any) -> None:
    from selenium.webdriver.common.by import By

    def js(script: str) -> Any:
        return browser.execute_script(script)

    def click(css: str) -> None:
        from selenium.webdriver.support.ui import WebDriverWait

        browser.find_element(By.CSS_SELECTOR, css).click()
        # Done when the engine (in its worker) has answered the click's calls.
        WebDriverWait(browser, 30).until(lambda b: not b.execute_script("return ff.busy()"))

    if browser.find_element(By.CSS_SELECTOR, "#auto").is_selected():
        click("#auto")  # no bot moves meanwhile
    before = fr.state_from_json(js("return ff.call('state')"))
    move = next(m for m in fr.legal_moves(before) if m.path)
    assert before.figure(move.figure).place() == "waiting"
    click(f'#waiting [data-figure="{move.figure}"]')
    for square in move.path:
        click(f'#board [data-square="{square}"]')
    if js("return ff.view.building") is not None:
        click("#play-move")
    after = fr.state_from_json(js("return ff.call('state')"))
    assert after == fr.apply(before, move)
    assert js("return ff.view.record.length") == 1
