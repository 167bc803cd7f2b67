"""The game server (``fearsome-rules serve``): games played over HTTP and WebSocket, stored in
SQLite or PostgreSQL, never an action lost. See docs/server.md.

:mod:`.app` (the web application: routes, errors, the live feed, the page), :mod:`.games`
(creating, showing and playing games: the engine's answers), :mod:`.storage` (the database:
the append-only log and its compare-and-swap), :mod:`.schema` (the tables and their
migrations), :mod:`.seats` (tokens), :mod:`.chance` (the tiles drawn from a secret seed, and
their check), :mod:`.live` (the feeds: a commit pushed to every client, across processes),
:mod:`.models` (the bodies, for the OpenAPI document).

This package needs the ``server`` extra (FastAPI, uvicorn, SQLAlchemy, psycopg), except
:mod:`.chance`, which checks a finished game's tiles with the engine alone.
"""
