"""The web front-end's Python side: the engine runs in the browser (Pyodide) and the page's
JavaScript calls :meth:`App.call <fearsome_rules.tools.web.app.App.call>` with JSON.

- :mod:`.session`: a game on a page (undo/redo, seats, a move built click by click).
- :mod:`.ask`: a position set up square by square, its walk explained or compared.
- :mod:`.walk`: a monster walk's frames, narration and events, for the animation.
- :mod:`.board`: the render module's board with a layer of clickable squares.
- :mod:`.app`: the calls the page makes, JSON in and out.
- :mod:`.site`: building the static site (the Pyodide runtime, the wheels, the page) and
  serving it on localhost (``fearsome-rules web``), and :mod:`.browser`: the page in headless
  Chromium for the tests; neither is used in the browser.
"""

from fearsome_rules.tools.web.app import App
from fearsome_rules.tools.web.ask import Editor
from fearsome_rules.tools.web.errors import WebError
from fearsome_rules.tools.web.session import Session
from fearsome_rules.tools.web.walk import WalkView

__all__ = ["App", "Editor", "Session", "WalkView", "WebError"]
