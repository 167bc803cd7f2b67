"""Which readings matter: how often each disputed rule decides something in play.

:func:`readings_that_matter` (:mod:`.detect`) names, for a state and an action, the options
whose other value would change what the action does. The report (:mod:`.report`, ``fearsome-rules
readings``) plays seeded games and counts, per option, how often it mattered, and plays the same
games under the other value to see how often it changes the winner.
"""

from __future__ import annotations

from fearsome_rules.tools.readings.detect import Mattered, readings_that_matter

__all__ = ["Mattered", "readings_that_matter"]
