"""The one error of the web front-end's own: a request the page should not have made."""

from __future__ import annotations

from fearsome_rules.core.errors import FearsomeError


class WebError(FearsomeError):
    """A request the page cannot carry out (no figure chosen, nothing to undo, an unknown seat
    kind or call); the message is one line, shown to the user as it is."""
