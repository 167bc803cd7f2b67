"""The rules: the board, the state, the transitions, the monster's walk, move generation,
placement and the deck. Imports nothing from :mod:`fearsome_rules.formats`,
:mod:`fearsome_rules.tools` or :mod:`fearsome_rules.cli`.

Importing the package chooses the kernel (:mod:`fearsome_rules.core.kernel`): the compiled
module where one is installed, else the same source run by CPython; ``FEARSOME_RULES_PURE=1``
chooses the source even beside a compiled module. A compiled module built from another source
than the ``kernel.py`` beside it is refused, since it would answer for code it does not hold.
"""

import hashlib
import importlib.util
import os
import sys
from pathlib import Path


def load_kernel() -> None:
    """Import the kernel this process is to use, before any other module imports it."""
    name = "fearsome_rules.core.kernel"
    source = Path(__file__).with_name("kernel.py")
    if os.environ.get("FEARSOME_RULES_PURE") == "1" and name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, source)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
        return
    from fearsome_rules.core import kernel

    built_from = kernel.SOURCE_SHA256
    if not built_from or not source.is_file():
        return  # the pure build, or an installed wheel without its source: nothing to compare
    if hashlib.sha256(source.read_bytes()).hexdigest() != built_from:
        raise ImportError(
            "fearsome_rules: the compiled kernel was built from another core/kernel.py than "
            "the one beside it: rebuild it (python3 -m pip install -e .) or set "
            "FEARSOME_RULES_PURE=1"
        )


load_kernel()
