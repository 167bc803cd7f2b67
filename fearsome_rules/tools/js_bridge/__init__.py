"""The engine for JavaScript: the npm package ``fearsome-rules`` (``js/``) runs this module on
Pyodide and calls :func:`call` with a function's name and its arguments as JSON text; the answer
is JSON text too, so no Python object ever crosses to JavaScript (the text crosses as UTF-8
bytes: :func:`call_utf8`).

Every function takes and returns the engine's JSON formats (the state JSON of
:mod:`fearsome_rules.formats.state_json`, actions in notation or as action JSON, the game
record's JSON) and calls the public engine; no rule is worked out here. This is the door of the
package: each argument is checked for its type and size, and anything wrong becomes a refusal
of one line, ``{"error": {"kind", "message", "rule", "field"}}``, which the package raises as
a ``FearsomeError``.

States read from text are kept (the last :data:`KEPT_STATES`, by their exact text): a front-end
sends back the states it was given, and reading a state strictly costs more than the call it is
for. The JavaScript side sends ``JSON.stringify`` of what it got, which is the compact text
written here, so the text is the key.
"""

from fearsome_rules.tools.js_bridge.calls import FUNCTIONS, call, call_utf8, event_doc
from fearsome_rules.tools.js_bridge.door import (
    MAX_NESTING,
    MAX_REQUEST,
    BridgeError,
    check_nesting,
    refusal,
)

__all__ = [
    "FUNCTIONS",
    "MAX_NESTING",
    "MAX_REQUEST",
    "BridgeError",
    "call",
    "call_utf8",
    "check_nesting",
    "event_doc",
    "refusal",
]
