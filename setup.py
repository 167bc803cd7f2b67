"""Build: the kernel (``fearsome_rules/core/_kernel.py``) compiled by Cython wherever a C
compiler works, and the pure Python package everywhere else.

- ``FEARSOME_RULES_PURE=1`` builds the pure package on purpose (a ``py3-none-any`` wheel, the
  one a browser front-end loads).
- With no working compiler, or without Cython, the pure package is built instead, saying so
  in one line (``pip install -v`` shows it).
- The compiled module carries the sha256 of the source it was built from, so that a kernel
  edited without rebuilding is refused at import (``fearsome_rules/core/__init__.py``).
- The generated C stays in ``build/cython``, out of the tree and out of the wheel; the module
  is built without debug symbols and stripped.
- The conformance suite's JSON Schemas and its cases, committed once in ``conformance/``, are
  copied into the wheel beside the runner that reads them, so that ``fearsome-rules conform``
  runs the suite from a ``pip install`` (an editable install reads them in place); the web page
  (``web/``) and the spec's texts likewise, for ``fearsome-rules web`` installed;
  ``FEARSOME_RULES_NO_PAGE=1`` leaves the page, the texts and the cases out of a wheel made for
  the browser.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
import sysconfig
import tempfile
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

KERNEL = Path("fearsome_rules") / "core" / "_kernel.py"
SCHEMAS = ("schema.json", "protocol.schema.json")
"""The suite's schemas the runner reads (``fearsome_rules/tools/conformance/schemas.py``)."""
PAGE = Path("fearsome_rules") / "tools" / "installed_web" / "page"
"""Where the wheel carries ``web/``, ``js/src/`` (the npm package's modules the page imports)
and ``spec/*.md``."""
CASES = Path("conformance") / "cases"
"""The suite's case files, which ``conform`` runs when given none (``runner.default_paths``)."""


def say(message: str) -> None:
    print(f"fearsome_rules: {message}", file=sys.stderr)


def compiler_works() -> bool:
    """Whether a C compiler can build against this Python's headers (compile a tiny file)."""
    try:
        from setuptools._distutils.ccompiler import new_compiler
        from setuptools._distutils.sysconfig import customize_compiler

        compiler = new_compiler()
        customize_compiler(compiler)
        with tempfile.TemporaryDirectory() as tmp:
            source = Path(tmp) / "probe.c"
            source.write_text("#include <Python.h>\nint probe(void) { return 0; }\n")
            compiler.compile(
                [str(source)], output_dir=tmp, include_dirs=[sysconfig.get_paths()["include"]]
            )
        return True
    except Exception as e:  # any failure at all means: build the pure package
        say(f"no working C compiler ({type(e).__name__}: {e}); building the pure Python kernel")
        return False


def extensions() -> list[object]:
    if os.environ.get("FEARSOME_RULES_PURE") == "1":
        say("FEARSOME_RULES_PURE=1: building the pure Python kernel")
        return []
    try:
        from Cython.Build import cythonize
        from setuptools import Extension
    except ImportError:
        say("Cython is not installed; building the pure Python kernel")
        return []
    if not compiler_works():
        return []
    digest = hashlib.sha256(KERNEL.read_bytes()).hexdigest()
    extension = Extension(
        "fearsome_rules.core._kernel",
        [str(KERNEL)],
        define_macros=[("KERNEL_SOURCE_SHA256", f'"{digest}"')],
        extra_compile_args=["-O3", "-g0"],
        extra_link_args=["-s"],
    )
    say("compiling the kernel with Cython")
    return list(cythonize([extension], build_dir="build/cython", language_level=3, quiet=True))


class OptionalBuildExt(build_ext):
    """The second net: if compiling fails after all, install the pure package rather than
    nothing (``fearsome-rules --version`` says which kernel is installed)."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as e:
            say(f"compiling the kernel failed ({type(e).__name__}: {e}); using the pure kernel")

    def build_extension(self, ext: object) -> None:
        try:
            super().build_extension(ext)  # type: ignore[arg-type]
        except Exception as e:
            say(f"compiling the kernel failed ({type(e).__name__}: {e}); using the pure kernel")


class BuildPyWithSchemas(build_py):
    """The package's files, the conformance suite's schemas and cases beside the runner, and
    the web page's files and the spec's rule texts, from which an installed package builds its
    page (``fearsome_rules/tools/installed_web``)."""

    def run(self) -> None:
        super().run()
        if self.editable_mode:  # the runner and the page read them from the source tree
            return
        target = Path(self.build_lib) / "fearsome_rules" / "tools" / "conformance"
        target.mkdir(parents=True, exist_ok=True)
        for name in SCHEMAS:
            shutil.copyfile(Path("conformance") / name, target / name)
        page = Path(self.build_lib) / PAGE
        shutil.rmtree(page, ignore_errors=True)
        shutil.rmtree(target / "cases", ignore_errors=True)
        if os.environ.get("FEARSOME_RULES_NO_PAGE") == "1":
            return  # a wheel for the browser: served the page beside it, it runs no suite
        (target / "cases").mkdir()
        for case_file in sorted(CASES.glob("*.yaml")):
            shutil.copyfile(case_file, target / "cases" / case_file.name)
        shutil.copytree("web", page / "web")
        shutil.copytree(Path("js") / "src", page / "js")  # the npm package's modules it imports
        (page / "spec").mkdir()
        for spec in sorted(Path("spec").glob("*.md")):
            shutil.copyfile(spec, page / "spec" / spec.name)


setup(
    ext_modules=extensions(),
    cmdclass={"build_ext": OptionalBuildExt, "build_py": BuildPyWithSchemas},
)
