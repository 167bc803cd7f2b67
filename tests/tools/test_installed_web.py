"""The web page of an installed package (:mod:`fearsome_rules.tools.installed_web`), the parts
that need no wheel: the Pyodide runtime fetched from a registry (here a real HTTP server on
localhost serving tarballs made by the test), checked against its pinned SHA-256 and cached;
and a pure wheel made again from an installed distribution. The whole path, from a built
wheel in a new venv to a move played in Chromium, is in tests/test_release.py."""

from __future__ import annotations

import base64
import hashlib
import io
import tarfile
import zipfile
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

import pytest

from fearsome_rules.tools.installed_web import runtime, wheels
from fearsome_rules.tools.web import browser as wb
from fearsome_rules.tools.web.site import PYODIDE_VERSION, RUNTIME_FILES, SiteError


def _tarball(files: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w:gz") as tar:
        for name, data in files.items():
            info = tarfile.TarInfo(f"package/{name}")
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return out.getvalue()


@pytest.fixture
def registry(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A registry on localhost (npm's setting names it) and an empty cache folder; the folder
    to put the tarball in."""
    served = tmp_path / "registry"
    (served / "pyodide" / "-").mkdir(parents=True)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    with wb.served(served) as (_, url):
        monkeypatch.setenv("npm_config_registry", url)
        yield served / "pyodide" / "-" / f"pyodide-{PYODIDE_VERSION}.tgz"


def test_a_tarball_of_another_hash_is_refused_and_nothing_is_cached(registry: Path) -> None:
    registry.write_bytes(_tarball({n: b"not pyodide" for n in RUNTIME_FILES}))
    with pytest.raises(SiteError, match=r"has SHA-256 [0-9a-f]{64}, not the pinned") as e:
        runtime.runtime()
    assert "\n" not in str(e.value)
    assert not runtime.cache_folder().exists()


def test_a_registry_that_does_not_answer_is_one_line(registry: Path) -> None:
    with pytest.raises(SiteError, match=r"cannot fetch the Pyodide runtime from http://127\.0"):
        runtime.runtime()  # nothing at that address: 404


def test_the_runtime_is_unpacked_once_and_fetched_again_when_changed(
    registry: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = {n: f"the file {n}".encode() for n in RUNTIME_FILES}
    data = _tarball({**files, "console.html": b"not needed"})
    registry.write_bytes(data)
    monkeypatch.setitem(runtime.TARBALL_SHA256, PYODIDE_VERSION, hashlib.sha256(data).hexdigest())
    said: list[str] = []
    folder = runtime.runtime(said.append)
    assert len(said) == 1 and "fetching Pyodide" in said[0]
    assert sorted(p.name for p in folder.iterdir()) == sorted([*RUNTIME_FILES, "files.json"])
    assert all((folder / n).read_bytes() == d for n, d in files.items())
    registry.unlink()  # from now on the registry has nothing: the cache answers
    assert runtime.runtime(said.append) == folder and len(said) == 1
    (folder / "pyodide.asm.wasm").write_bytes(b"changed")
    with pytest.raises(SiteError, match="cannot fetch"):
        runtime.runtime(said.append)  # not taken from the cache as it is now
    registry.write_bytes(data)
    assert runtime.runtime(said.append) == folder and len(said) == 3
    assert (folder / "pyodide.asm.wasm").read_bytes() == files["pyodide.asm.wasm"]


def test_a_wheel_made_again_from_installed_files() -> None:
    """typing_extensions, as pip installed it here: the same module, a RECORD whose hashes are
    the members', the pure tag; made twice, the same bytes."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        name = wheels.wheel("typing_extensions", Path(tmp) / "a")
        again = wheels.wheel("typing_extensions", Path(tmp) / "b")
        first = (Path(tmp) / "a" / name).read_bytes()
        assert first == (Path(tmp) / "b" / again).read_bytes()
    version = metadata.version("typing_extensions")
    assert name == f"typing_extensions-{version}-py3-none-any.whl"
    with zipfile.ZipFile(io.BytesIO(first)) as z:
        members = {n: z.read(n) for n in z.namelist()}
    info = f"typing_extensions-{version}.dist-info"
    installed = metadata.distribution("typing_extensions")
    module = next(f for f in installed.files or () if f.name == "typing_extensions.py")
    assert members["typing_extensions.py"] == Path(str(module.locate())).read_bytes()
    assert "Tag: py3-none-any" in members[f"{info}/WHEEL"].decode()
    for line in members[f"{info}/RECORD"].decode().splitlines():
        path, digest, size = line.split(",")
        if path == f"{info}/RECORD":
            continue
        data = members[path]
        expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
        assert digest == f"sha256={expected.decode()}" and int(size) == len(data)
    assert not [n for n in members if n.endswith(".pyc")]


def test_a_project_not_installed_is_one_line() -> None:
    with pytest.raises(SiteError, match=r"^no_such_project is not installed$"):
        wheels.wheel("no_such_project", Path("unused"))


def test_a_folder_that_is_not_a_site_is_never_replaced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--out`` names a folder the build replaces: one holding anything but a site built
    there is refused before anything is fetched or written."""
    import fearsome_rules.tools.installed_web as iw

    page = tmp_path / "page"
    (page / "web").mkdir(parents=True)
    (page / "web" / "index.html").write_text("<!doctype html>", "utf-8")
    (page / "spec").mkdir()
    (page / "js").mkdir()
    (page / "js" / "browser.js").write_text("export {};", "utf-8")
    monkeypatch.setattr(iw, "PAGE", page)
    mine = tmp_path / "my-files"
    mine.mkdir()
    (mine / "notes.txt").write_text("mine", "utf-8")
    with pytest.raises(SiteError, match="holds files but no site built here: not replaced"):
        iw.build(mine)
    assert (mine / "notes.txt").read_text("utf-8") == "mine"


def test_serve_finds_the_page_an_installed_package_built(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``fearsome-rules serve`` outside a clone serves the page ``web --build-only`` built in
    the user's cache folder, and no page (the API alone) until it is built."""
    from fearsome_rules.cli import serve
    from fearsome_rules.tools import installed_web
    from fearsome_rules.tools.web import site

    def no_clone() -> Path:
        raise SiteError("not in a clone")

    monkeypatch.setattr(site, "project_root", no_clone)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    built = installed_web.default_out()
    assert built.is_relative_to(tmp_path)
    assert serve._page(None) is None
    built.mkdir(parents=True)
    (built / "index.html").write_text("<!doctype html>", "utf-8")
    assert serve._page(None) is None  # half a site: no manifest yet
    (built / "manifest.json").write_text("{}", "utf-8")
    assert serve._page(None) == built
