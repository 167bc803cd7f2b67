"""The web page built from an installed package (``pip install fearsome-rules``), where there
is no clone to build it from (:mod:`fearsome_rules.tools.web.site` builds a clone's).

The wheel carries the page's files, the npm package's modules the page imports and the spec's
rule texts (``page/web``, ``page/js`` and ``page/spec``, copied there by ``setup.py`` from the
clone's ``web/``, ``js/src/`` and ``spec/``): no npm is run; the engine's pure wheel
and its dependencies' are made again from the installed files (:mod:`.wheels`); the Pyodide
runtime is fetched once from the npm registry, checked against its pinned SHA-256 and cached
(:mod:`.runtime`). The site's layout is the clone build's: ``pyodide/``, ``wheels/``, the
page, ``rules.json``, ``manifest.json``; it goes by default into the user's cache folder.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import Callable
from importlib import metadata
from pathlib import Path
from typing import Final

from fearsome_rules.core.errors import quote
from fearsome_rules.tools.installed_web import runtime as _runtime
from fearsome_rules.tools.installed_web import wheels as _wheels
from fearsome_rules.tools.web.site import (
    DEPENDENCIES,
    PACKAGE,
    PYODIDE_VERSION,
    RUNTIME_FILES,
    SiteError,
    finish,
    rules,
)

PAGE: Final = Path(__file__).resolve().parent / "page"
"""The page's files and the spec in an installed wheel (absent from a clone)."""
ENGINE: Final = "fearsome_rules"


def installed() -> bool:
    """Whether this package was installed from a wheel that carries the page."""
    return all(
        p.exists() for p in (PAGE / "web" / "index.html", PAGE / "spec", PAGE / "js" / "browser.js")
    )


def _digest() -> str:
    """What a build depends on: the runtime's version and every installed file of the engine
    and its dependencies, as their ``RECORD`` lists them with their hashes."""
    h = hashlib.sha256(f"pyodide {PYODIDE_VERSION}\n".encode())
    for project in (*DEPENDENCIES, ENGINE):
        dist = metadata.distribution(project)
        h.update(f"{project} {dist.version}\n".encode())
        h.update((dist.read_text("RECORD") or "").encode())
    return h.hexdigest()


def default_out() -> Path:
    return _runtime.cache_folder() / f"web-{metadata.version(ENGINE)}"


def build(
    out: Path | None = None,
    force: bool = False,
    log: Callable[[str], None] = lambda _: None,
) -> Path:
    """Build the site of the installed package into ``out`` (default: the cache folder's
    ``web-VERSION``) unless it is up to date; the folder."""
    if not installed():
        raise SiteError(
            "this installed fearsome_rules carries no web page (an editable install outside "
            "its clone?): run fearsome-rules web in the clone"
        )
    out = (out or default_out()).resolve()
    if out.is_dir() and any(out.iterdir()) and not (out / "build.json").is_file():
        # The folder is replaced by the new build: never one that holds something else.
        raise SiteError(f"{quote(str(out))} holds files but no site built here: not replaced")
    digest = _digest()
    stamp = out / "build.json"
    try:
        if not force and json.loads(stamp.read_text("utf-8")).get("inputs") == digest:
            return out
    except (OSError, ValueError, AttributeError):
        pass
    pyodide = _runtime.runtime(log)
    tmp = out.with_name(out.name + ".new")
    shutil.rmtree(tmp, ignore_errors=True)
    shutil.copytree(PAGE / "web", tmp)
    shutil.copytree(PAGE / "js", tmp / PACKAGE)
    (tmp / "pyodide").mkdir()
    for name in RUNTIME_FILES:
        shutil.copy2(pyodide / name, tmp / "pyodide" / name)
    log("the wheels, from the installed files")
    names = [_wheels.wheel(project, tmp / "wheels") for project in (*DEPENDENCIES, ENGINE)]
    finish(tmp, out, rules(PAGE), names, digest, log)
    return out
