"""``python -m fearsome_rules``: the command line."""

import sys

from fearsome_rules.cli import main

sys.exit(main())
