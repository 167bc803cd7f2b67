"""The page's Python runtime (Pyodide) for an installed package: fetched once from the npm
registry, the tarball of the pinned release checked against its SHA-256, and kept in the user's
cache folder.

Why fetched and not shipped in the wheel: the runtime is 5.6 MB compressed (12 MB unpacked), five
times the engine's wheel, and only ``fearsome-rules web`` needs it; every other install (a
server, a bot, a notebook, each of the release's compiled wheels) would carry it for nothing.
Pinned by version and hash, the fetched runtime is byte for byte the one the tests ran, as a
shipped one would be; it comes from where a clone's build takes it (the ``pyodide`` package of
the npm registry), without needing npm itself. A mirror of the registry may be named by npm's
own setting, ``npm_config_registry``: the hash still decides.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import shutil
import sys
import tarfile
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Final

from fearsome_rules.tools.web.site import PYODIDE_VERSION, RUNTIME_FILES, SiteError

TARBALL_SHA256: Final = {
    "0.29.5": "6749b10ee515a1458ecea36d860c8ce2a48366e85b3f92d749ad1840e4aff181",
}
"""The SHA-256 of each Pyodide release's npm tarball this package may run on (the same bytes
as the ``sha512`` integrity of js/package-lock.json)."""
REGISTRY: Final = "https://registry.npmjs.org/"
MAX_TARBALL: Final = 64 * 2**20
"""A bound on the download: the tarball is 5.6 MB."""
TIMEOUT: Final = 120.0


def cache_folder() -> Path:
    """The user's cache folder for this package (``$XDG_CACHE_HOME/fearsome-rules``, else the
    platform's usual place)."""
    if xdg := os.environ.get("XDG_CACHE_HOME"):
        base = Path(xdg)
    elif sys.platform == "win32" and (local := os.environ.get("LOCALAPPDATA")):
        base = Path(local)
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Caches"
    else:
        base = Path.home() / ".cache"
    return base / "fearsome-rules"


def tarball_url(version: str = PYODIDE_VERSION) -> str:
    # npm reads its settings from the environment in either case.
    named = (v for k, v in os.environ.items() if k.lower() == "npm_config_registry" and v)
    registry = next(named, REGISTRY)
    return f"{registry.rstrip('/')}/pyodide/-/pyodide-{version}.tgz"


def _download(url: str) -> bytes:
    try:
        with urllib.request.urlopen(url, timeout=TIMEOUT) as response:
            data: bytes = response.read(MAX_TARBALL + 1)
    except (urllib.error.URLError, OSError, ValueError) as e:
        reason = getattr(e, "reason", None) or e
        raise SiteError(f"cannot fetch the Pyodide runtime from {url[:120]}: {reason}") from None
    if len(data) > MAX_TARBALL:
        raise SiteError(f"the Pyodide tarball at {url[:120]} is over {MAX_TARBALL:,} bytes")
    return data


def _digests(folder: Path) -> dict[str, str]:
    return {n: hashlib.sha256((folder / n).read_bytes()).hexdigest() for n in RUNTIME_FILES}


def _intact(folder: Path) -> bool:
    """Whether ``folder`` holds the runtime files as they were unpacked (a cache half written,
    or edited since, is fetched again)."""
    try:
        recorded = json.loads((folder / "files.json").read_text("utf-8"))
        return isinstance(recorded, dict) and recorded == _digests(folder)
    except (OSError, ValueError):
        return False


def runtime(log: Callable[[str], None] = lambda _: None) -> Path:
    """The folder of the pinned runtime's files (:data:`RUNTIME_FILES`), fetched if it is not
    in the cache yet."""
    folder = cache_folder() / f"pyodide-{PYODIDE_VERSION}"
    if _intact(folder):
        return folder
    expected = TARBALL_SHA256.get(PYODIDE_VERSION)
    if expected is None:
        raise SiteError(f"no SHA-256 is pinned for Pyodide {PYODIDE_VERSION}")
    url = tarball_url()
    log(f"fetching Pyodide {PYODIDE_VERSION} (5.6 MB, once) from {url}")
    data = _download(url)
    found = hashlib.sha256(data).hexdigest()
    if found != expected:
        raise SiteError(
            f"the Pyodide tarball from {url[:120]} has SHA-256 {found}, not the pinned "
            f"{expected}: refused"
        )
    tmp = folder.with_name(f"{folder.name}.new-{os.getpid()}")
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir(parents=True)
    try:
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
            for name in RUNTIME_FILES:
                member = tar.extractfile(f"package/{name}")  # KeyError: no such file
                assert member is not None, name  # a hashed tarball holds no link there
                (tmp / name).write_bytes(member.read())
    except (tarfile.TarError, KeyError, OSError) as e:
        shutil.rmtree(tmp, ignore_errors=True)
        raise SiteError(f"cannot unpack the Pyodide tarball: {e}") from None
    (tmp / "files.json").write_text(json.dumps(_digests(tmp), indent=1), "utf-8")
    shutil.rmtree(folder, ignore_errors=True)
    tmp.rename(folder)
    return folder
