"""The rules: the board, the state, the transitions, the monster's walk, move generation,
placement and the deck. Imports nothing from :mod:`fearsome_rules.formats`,
:mod:`fearsome_rules.tools` or :mod:`fearsome_rules.cli`, and none of them imports the kernel
or its encoding (``_kernel``, ``_encoding``: an import-linter contract): what they need of a
position is asked through the core's public modules (:mod:`.view`, :mod:`.moves`).

Importing the package chooses the kernel (:mod:`fearsome_rules.core._kernel`): the compiled
module where one is installed, else the same source run by CPython; ``FEARSOME_RULES_PURE=1``
chooses the source even beside a compiled module. A compiled module built from another source
than the ``_kernel.py`` beside it is refused, since it would answer for code it does not hold.
"""

import hashlib
import importlib.util
import os
import sys
from pathlib import Path


def load_kernel() -> bool:
    """Import the kernel this process is to use, before any other module imports it; whether
    it is the compiled one."""
    name = "fearsome_rules.core._kernel"
    source = Path(__file__).with_name("_kernel.py")
    if os.environ.get("FEARSOME_RULES_PURE") == "1" and name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, source)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        return bool(module.COMPILED)
    from fearsome_rules.core import _kernel

    built_from = _kernel.SOURCE_SHA256
    if not built_from or not source.is_file():
        # The pure build, or an installed wheel without its source: nothing to compare.
        return _kernel.COMPILED
    if hashlib.sha256(source.read_bytes()).hexdigest() != built_from:
        raise ImportError(
            "fearsome_rules: the compiled kernel was built from another core/_kernel.py than "
            "the one beside it: rebuild it (python3 -m pip install -e .) or set "
            "FEARSOME_RULES_PURE=1"
        )
    return _kernel.COMPILED


COMPILED: bool = load_kernel()
"""Whether the compiled kernel is loaded (False: the same rules run as pure Python)."""
