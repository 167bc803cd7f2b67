"""Pure wheels made again from installed distributions, for the browser: an installed package
has no source tree to build its wheel from (``pip wheel``), and the installed files are the
ones the user's Python runs, so the page runs the same.

A wheel here is the distribution's files as its ``RECORD`` lists them (no byte code, nothing
outside its folders), its ``METADATA`` and licenses, and a new ``WHEEL`` (``py3-none-any``) and
``RECORD``. A compiled module is refused, except the engine's compiled kernel, left out: the
pure kernel's source is beside it and the browser runs that.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.machinery
import re
import zipfile
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path, PurePosixPath
from typing import Final

from fearsome_rules.tools.web.site import SiteError

ENGINE: Final = "fearsome_rules"
LEFT_OUT: Final = ("fearsome_rules/tools/installed_web/page/",)
"""Files of the engine the browser does not need: the page's own files, which the site serves
beside the wheels."""
_COMPILED: Final = (*importlib.machinery.EXTENSION_SUFFIXES, ".so", ".pyd")
_EPOCH: Final = (1980, 1, 1, 0, 0, 0)
"""Every member's time, so that the same files make the same wheel."""


def normalized(name: str) -> str:
    """A project's name as wheel file names spell it (PEP 427, PEP 503)."""
    return re.sub(r"[-_.]+", "_", name).lower()


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return f"sha256={digest.decode()}"


def _files(dist: metadata.Distribution, name: str) -> Iterator[tuple[str, Path]]:
    """The distribution's own files: (path in the wheel, path on disk)."""
    for entry in dist.files or ():
        path = PurePosixPath(entry.as_posix())
        if ".." in path.parts or "__pycache__" in path.parts or path.suffix == ".pyc":
            continue
        if path.parts[0].endswith(".dist-info"):
            continue
        text = path.as_posix()
        if name == ENGINE and text.startswith(LEFT_OUT):
            continue
        if text.endswith(_COMPILED):
            if name == ENGINE:
                continue
            raise SiteError(f"{name} is installed compiled ({text}): the browser cannot load it")
        yield text, Path(str(dist.locate_file(entry)))


def wheel(project: str, into: Path) -> str:
    """The pure wheel of the installed distribution ``project``, written into ``into``; its
    file name."""
    try:
        dist = metadata.distribution(project)
    except metadata.PackageNotFoundError:
        raise SiteError(f"{project} is not installed") from None
    name = normalized(dist.metadata["Name"])
    version = dist.version
    info = f"{name}-{version}.dist-info"
    members: list[tuple[str, bytes]] = []
    for text, disk in sorted(_files(dist, name)):
        try:
            members.append((text, disk.read_bytes()))
        except OSError as e:
            raise SiteError(f"cannot read {name}'s installed file {text}: {e.strerror}") from None
    if not members:
        raise SiteError(f"{name} lists no installed files (an editable install? use the clone)")
    meta = dist.read_text("METADATA")
    if meta is None:
        raise SiteError(f"{name} is installed without its METADATA")
    members.append((f"{info}/METADATA", meta.encode()))
    for entry in dist.files or ():
        parts = PurePosixPath(entry.as_posix()).parts
        if parts[0] == info and len(parts) > 2 and parts[1] == "licenses":
            members.append((entry.as_posix(), Path(str(dist.locate_file(entry))).read_bytes()))
    generator = "fearsome_rules (from the installed files)"
    members.append(
        (
            f"{info}/WHEEL",
            f"Wheel-Version: 1.0\nGenerator: {generator}\nRoot-Is-Purelib: true\n"
            "Tag: py3-none-any\n".encode(),
        )
    )
    record = "".join(f"{n},{_record_hash(d)},{len(d)}\n" for n, d in members)
    members.append((f"{info}/RECORD", (record + f"{info}/RECORD,,\n").encode()))
    file_name = f"{name}-{version}-py3-none-any.whl"
    into.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(into / file_name, "w", zipfile.ZIP_DEFLATED) as z:
        for n, d in members:
            z.writestr(zipfile.ZipInfo(n, _EPOCH), d, zipfile.ZIP_DEFLATED)
    return file_name
