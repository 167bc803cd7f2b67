"""The web page as a static site, built from a clone of the project and served on localhost.

:func:`build` puts in one folder everything the page loads, nothing from elsewhere:

- the Pyodide runtime (``pyodide/``), taken from the ``pyodide`` package of the npm registry at
  :data:`PYODIDE_VERSION`, installed with npm into ``build/npm`` (kept for the next build);
- the wheels (``wheels/``): the engine's pure wheel (``FEARSOME_RULES_PURE=1 pip wheel``, a
  ``py3-none-any`` wheel of this clone) and the pure-Python wheels of its dependencies
  (:data:`DEPENDENCIES`, at the versions this Python has, so the browser runs what the tests
  ran), downloaded by pip; or, where the clone's npm package (``js/``) was built from the
  clone as it is (:func:`packaged`), that package's wheels and its snapshot (``snapshot/``),
  from which the page starts in about 1 s instead of 3 (warm); else a snapshot made from the
  site's own wheels with Node.js (:func:`_snapshot`), the same way; a site without one (no
  Node.js, or an installed package's) has the page make it in the browser at its first load,
  kept in the browser's Cache Storage for the next;
- the page itself, the files of ``web/`` (HTML, CSS and its JavaScript);
- the engine's npm package's modules (``fearsome-rules/``, from ``js/src``: plain ES modules,
  no build step), which the page imports and which run the engine in a Web Worker;
- ``rules.json``: every rule id of ``spec/`` with its title and text, for the refusals;
- ``manifest.json``: the runtime's version, the wheels in the order they are installed, and the
  snapshot if the site has one.

A build is skipped when ``build.json`` records the same inputs (the package's source, ``web/``,
``js/src``, ``spec/``, the npm package's build, the versions). :func:`serve` serves a folder on
localhost with the standard library's HTTP server. This module runs in CPython only, never in
the browser.
"""

from __future__ import annotations

import hashlib
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from importlib import metadata
from pathlib import Path
from typing import Final

from fearsome_rules.core.errors import FearsomeError

PYODIDE_VERSION: Final = "0.29.5"
"""The Pyodide release the page runs on (CPython 3.13 compiled to WebAssembly)."""
RUNTIME_FILES: Final = (
    "pyodide.js",
    "pyodide.mjs",
    "pyodide.asm.js",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
"""What the page needs of the npm package: the loader (the ES module the engine's worker
imports), the interpreter, the standard library and the lock file the loader reads at start."""
PACKAGE: Final = "fearsome-rules"
"""The site's folder of the engine's npm package's modules (``js/src``): the page imports
``loadEngine`` from there, which starts the engine in a Web Worker."""
DEPENDENCIES: Final = ("attrs", "typing_extensions", "cattrs")
"""The engine's dependencies in the browser, in install order: attrs, and cattrs (which needs
typing_extensions). PyYAML and jsonschema serve the file readers only and are not loaded."""

_RULE_HEADING = re.compile(r"^### ([A-Z][A-Z0-9-]+): (.+)$", re.MULTILINE)


class SiteError(FearsomeError):
    """The site cannot be built or served: no clone, no npm, a failed download. One line."""


def project_root() -> Path:
    """The clone this package was installed from (``pip install -e .``) or is run in."""
    here = Path(__file__).resolve().parents[3]
    for root in (Path.cwd(), here):
        if (root / "pyproject.toml").is_file() and (root / "web" / "index.html").is_file():
            return root
    raise SiteError(
        "the web page is built from a clone of the project (pyproject.toml and web/): run "
        "fearsome-rules web in the clone, or install the clone with pip install -e ."
    )


SNAPSHOT: Final = "snapshot/engine.snapshot.gz"
"""Where a site carries the npm package's snapshot (Pyodide's memory with the engine imported),
when the clone's package was built from the clone as it is (:func:`packaged`)."""
_PACKAGE_BUILD = ("js/wheels/manifest.json", "js/snapshot/manifest.json", f"js/{SNAPSHOT}")


def _inputs(root: Path) -> Iterator[Path]:
    yield root / "pyproject.toml"
    yield root / "setup.py"
    yield from (root / name for name in _PACKAGE_BUILD if (root / name).is_file())
    for folder, pattern in (
        ("fearsome_rules", "*.py"),
        ("web", "*"),
        ("js/src", "*.js"),
        ("spec", "*.md"),
    ):
        yield from sorted(p for p in (root / folder).rglob(pattern) if p.is_file())


def inputs_digest(root: Path) -> str:
    """What a build depends on, as one hash: the sources, the page, the spec, the versions."""
    h = hashlib.sha256()
    h.update(f"pyodide {PYODIDE_VERSION}\n".encode())
    for name in DEPENDENCIES:
        h.update(f"{name} {_version(name)}\n".encode())
    for path in _inputs(root):
        h.update(path.relative_to(root).as_posix().encode() + b"\0")
        h.update(path.read_bytes())
    return h.hexdigest()


def _version(name: str) -> str:
    try:
        return metadata.version(name)
    except metadata.PackageNotFoundError:
        return ""


def up_to_date(out: Path, root: Path) -> bool:
    """Whether ``out`` holds a build of the same inputs."""
    try:
        stamp = json.loads((out / "build.json").read_text("utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(stamp, dict) and stamp.get("inputs") == inputs_digest(root)


def packaged(root: Path) -> list[str] | None:
    """The wheels of the clone's npm package (``js/``, made by ``npm run build``) in install
    order, if they and its snapshot were made from this clone as it is now: the same runtime,
    the same dependencies' versions, the engine's every module the same byte for byte. Else
    None (no package built, or built before a change)."""
    js = root / "js"
    try:
        listed = json.loads((js / "wheels" / "manifest.json").read_text("utf-8"))
        made = json.loads((js / "snapshot" / "manifest.json").read_text("utf-8"))
        names = [str(n) for n in listed["wheels"]]
        if made.get("pyodide") != PYODIDE_VERSION or made.get("wheels") != names:
            return None
        versions = {_project(n): n.split("-")[1] for n in names}
        if any(versions.get(d) != _version(d) for d in DEPENDENCIES):
            return None
        with zipfile.ZipFile(js / "wheels" / names[-1]) as wheel:
            shipped = {n: wheel.read(n) for n in wheel.namelist() if n.endswith(".py")}
    except (OSError, ValueError, KeyError, IndexError, TypeError, zipfile.BadZipFile):
        return None
    sources = {p.relative_to(root).as_posix(): p for p in (root / "fearsome_rules").rglob("*.py")}
    if set(shipped) != set(sources) or not (js / SNAPSHOT).is_file():
        return None
    if any(shipped[name] != path.read_bytes() for name, path in sources.items()):
        return None
    return names


def rules(root: Path) -> dict[str, dict[str, str]]:
    """Every rule of ``spec/*.md``: its title, its spec file and its text (Markdown)."""
    out: dict[str, dict[str, str]] = {}
    for path in sorted((root / "spec").glob("*.md")):
        text = path.read_text("utf-8")
        heads = list(_RULE_HEADING.finditer(text))
        for m in heads:
            end = text.find("\n#", m.end())
            body = text[m.end() : end if end >= 0 else len(text)].strip()
            out[m.group(1)] = {"title": m.group(2), "file": f"spec/{path.name}", "text": body}
    return out


def _run(command: list[str], what: str, env: dict[str, str] | None = None) -> None:
    try:
        done = subprocess.run(
            command, capture_output=True, text=True, env=env, timeout=600, check=False
        )
    except OSError as e:
        raise SiteError(f"{what}: cannot run {command[0]} ({e.strerror or e})") from None
    if done.returncode != 0:
        lines = [x for x in (done.stderr or done.stdout).splitlines() if x.strip()]
        last = lines[-1] if lines else f"exit status {done.returncode}"
        raise SiteError(f"{what} failed: {last}")


def _npm() -> str:
    npm = shutil.which("npm")
    if npm is None:
        raise SiteError(
            "npm is not installed: the page's Python runtime (Pyodide) comes from the npm "
            "registry; install Node.js and npm (Debian: apt-get install npm)"
        )
    return npm


def _runtime(root: Path, into: Path, log: Callable[[str], None]) -> None:
    npm = _npm()
    cache = root / "build" / "npm"
    package = cache / "node_modules" / "pyodide"
    if _npm_version(package) != PYODIDE_VERSION:
        log(f"npm install pyodide@{PYODIDE_VERSION}")
        cache.mkdir(parents=True, exist_ok=True)
        quiet = ["--no-audit", "--no-fund", "--no-save", "--ignore-scripts"]
        command = [npm, "install", "--prefix", str(cache), *quiet, f"pyodide@{PYODIDE_VERSION}"]
        _run(command, "npm install pyodide")
    into.mkdir(parents=True)
    for name in RUNTIME_FILES:
        shutil.copy2(package / name, into / name)


def _npm_version(package: Path) -> str:
    try:
        return str(json.loads((package / "package.json").read_text("utf-8"))["version"])
    except (OSError, ValueError, KeyError):
        return ""


def wheels(root: Path, into: Path, log: Callable[[str], None]) -> list[str]:
    """The engine's pure wheel and its dependencies' pure wheels, made into ``into`` (a folder
    that does not exist yet); their file names in install order. The page and the npm package
    (``js/``) both ship these."""
    pip = [sys.executable, "-m", "pip"]
    log("pip wheel (the engine's pure wheel)")
    # The browser's wheel leaves out the page's own files (setup.py): the page is beside it.
    env = {
        **os.environ,
        "FEARSOME_RULES_PURE": "1",
        "FEARSOME_RULES_NO_PAGE": "1",
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
    }
    engine = into / "engine"
    # setuptools copies the package into build/lib and keeps what an earlier build left there:
    # a module since renamed or deleted would be in the wheel too.
    for scratch in (root / "build").glob("lib*"):
        shutil.rmtree(scratch, ignore_errors=True)
    _run([*pip, "wheel", "-q", "--no-deps", "-w", str(engine), str(root)], "pip wheel", env)
    pins = [f"{n}=={v}" if (v := _version(n)) else n for n in DEPENDENCIES]
    log(f"pip download {' '.join(pins)}")
    _run(
        [*pip, "download", "-q", "--only-binary=:all:", "--no-deps", "-d", str(into), *pins],
        "pip download",
        env,
    )
    (wheel,) = engine.glob("*.whl")
    wheel.rename(into / wheel.name)
    engine.rmdir()
    order = [*DEPENDENCIES, "fearsome_rules"]
    found = sorted(into.glob("*.whl"), key=lambda p: order.index(_project(p.name)))
    for p in found:
        if not p.name.endswith("-none-any.whl"):
            raise SiteError(f"{p.name} is not a pure-Python wheel: the browser cannot load it")
    return [p.name for p in found]


def _project(wheel: str) -> str:
    return wheel.split("-", 1)[0].lower().replace("-", "_")


@contextmanager
def _locked(out: Path) -> Iterator[None]:
    """One build at a time into ``out`` (two test workers may ask at once)."""
    import fcntl

    out.parent.mkdir(parents=True, exist_ok=True)
    with (out.parent / f".{out.name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def build(
    out: Path | None = None,
    root: Path | None = None,
    force: bool = False,
    log: Callable[[str], None] = lambda _: None,
) -> Path:
    """Build the site into ``out`` (default ``build/web`` of the clone) unless it is up to
    date; the folder."""
    root = root or project_root()
    out = (out or root / "build" / "web").resolve()
    with _locked(out):
        if not force and up_to_date(out, root):
            return out
        _npm()
        digest = inputs_digest(root)
        tmp = out.with_name(out.name + ".new")
        shutil.rmtree(tmp, ignore_errors=True)
        shutil.copytree(root / "web", tmp)
        shutil.copytree(root / "js" / "src", tmp / PACKAGE)
        _runtime(root, tmp / "pyodide", log)
        names = packaged(root)
        if names is None:
            names = wheels(root, tmp / "wheels", log)
            _snapshot(root, tmp, names, log)
        else:
            # The package's own wheels and its snapshot, made already.
            log("the npm package's wheels and snapshot (js/, built from this clone)")
            shutil.copytree(root / "js" / "wheels", tmp / "wheels")
            (tmp / SNAPSHOT).parent.mkdir()
            shutil.copy2(root / "js" / SNAPSHOT, tmp / SNAPSHOT)
        finish(tmp, out, rules(root), names, digest, log)
    return out


def _snapshot(root: Path, site: Path, names: list[str], log: Callable[[str], None]) -> None:
    """The site's own snapshot (``snapshot/``), made from its wheels by the npm package's script
    with Node.js, when the clone's package was built before a change (or not at all): the page
    then starts in about 1 s warm instead of 3 (no interpreter start, no imports). Without Node
    or the script the site starts from its wheels, said in one line: its page then makes the
    snapshot in the browser at its first load and starts from it at the next
    (``js/src/cache.js``)."""
    script = root / "js" / "scripts" / "snapshot.mjs"
    node = shutil.which("node")
    if node is None or not script.is_file():
        why = "no node on PATH" if node is None else "no js/scripts/snapshot.mjs"
        log(
            f"no snapshot ({why}): the page starts from its wheels (about 3 s instead of 1) "
            "and keeps a snapshot in the browser for its next loads"
        )
        return
    beside = {"pyodide": PYODIDE_VERSION, "wheels": names}
    (site / "wheels" / "manifest.json").write_text(json.dumps(beside, indent=2), "utf-8")
    log("the snapshot, made from these wheels (node js/scripts/snapshot.mjs)")
    runtime = root / "build" / "npm" / "node_modules" / "pyodide"
    out = (site / SNAPSHOT).parent
    command = [node, str(script), "--wheels", str(site / "wheels"), "--out", str(out)]
    _run([*command, "--pyodide", str(runtime)], "node js/scripts/snapshot.mjs")


def finish(
    tmp: Path,
    out: Path,
    texts: dict[str, dict[str, str]],
    names: list[str],
    digest: str,
    log: Callable[[str], None],
) -> None:
    """Write the rule texts, the manifest of the wheels and the build's stamp into the new site
    ``tmp``, then put it in the place of ``out`` (a clone's build and an installed package's
    end alike)."""
    (tmp / "rules.json").write_text(json.dumps(texts), "utf-8")
    manifest: dict[str, object] = {
        "pyodide": PYODIDE_VERSION,
        "wheels": [f"wheels/{w}" for w in names],
    }
    if (tmp / SNAPSHOT).is_file():
        manifest["snapshot"] = SNAPSHOT
    (tmp / "manifest.json").write_text(json.dumps(manifest, indent=2), "utf-8")
    # The package's loadEngine reads the wheels' list beside them (as in js/wheels).
    beside = {"pyodide": PYODIDE_VERSION, "wheels": names}
    (tmp / "wheels" / "manifest.json").write_text(json.dumps(beside, indent=2), "utf-8")
    (tmp / "build.json").write_text(json.dumps({"inputs": digest}), "utf-8")
    shutil.rmtree(out, ignore_errors=True)
    tmp.rename(out)
    log(f"built {out}")


class _Handler(http.server.SimpleHTTPRequestHandler):
    """The standard library's file handler (its types: ``.wasm`` is ``application/wasm``, which
    lets the browser compile WebAssembly while it downloads), without a line per request."""

    def log_message(self, format: str, *args: object) -> None:
        pass


def server(folder: Path, port: int = 8000, host: str = "127.0.0.1") -> http.server.HTTPServer:
    """An HTTP server of ``folder`` on ``host:port`` (port 0: any free port), not yet
    serving; its address is ``server.server_address``."""
    handler = partial(_Handler, directory=str(folder))
    try:
        return http.server.ThreadingHTTPServer((host, port), handler)
    except OSError as e:
        raise SiteError(f"cannot serve on {host}:{port}: {e.strerror or e}") from None
