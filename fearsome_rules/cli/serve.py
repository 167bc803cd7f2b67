"""``fearsome-rules serve``: the game server (docs/server.md), on SQLite or PostgreSQL."""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path

from fearsome_rules.cli.options import whole_number
from fearsome_rules.core.errors import FearsomeError, shown_path

PORT = whole_number(1, 65535, "a port is 1 to 65535")


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``serve`` on the command line's subparsers."""
    p = sub.add_parser(
        "serve",
        help="the game server: play online over HTTP and WebSocket (docs/server.md)",
        description="Serve games over HTTP and WebSocket: people and bots in different places "
        "play each other, every action committed to the database before it is acknowledged. "
        "The API is at /api (its OpenAPI document at /openapi.json), and the web page at / "
        "when it is built. Games are kept in an SQLite file, or in PostgreSQL, where any "
        "number of servers share them (pip install 'fearsome_rules[server]').",
    )
    p.add_argument(
        "--db",
        default="sqlite:///games.db",
        metavar="URL",
        help="where the games are kept: sqlite:///FILE (default sqlite:///games.db) or "
        "postgresql://USER:PASSWORD@HOST/DATABASE",
    )
    p.add_argument("--host", default="127.0.0.1", help="the address to listen on (127.0.0.1)")
    p.add_argument("--port", type=PORT, default=8000, help="the port to listen on (8000)")
    p.add_argument(
        "--web",
        metavar="DIR",
        help="the built web page to serve at / (default: the page fearsome-rules web "
        "--build-only built: the clone's build/web, or an installed package's in the user's "
        "cache folder)",
    )
    p.add_argument("--log-requests", action="store_true", help="log a line per request")
    p.add_argument(
        "--private-webhooks",
        action="store_true",
        help="let seats' webhooks go to loopback and private addresses (refused by default)",
    )
    p.set_defaults(run=run)


def _page(folder: str | None) -> Path | None:
    if folder is not None:
        path = Path(folder)
        if not (path / "index.html").is_file():
            raise FearsomeError(f"--web {shown_path(folder)}: no index.html there")
        return path
    from fearsome_rules.tools.web.site import SiteError, project_root

    try:
        built = project_root() / "build" / "web"
    except SiteError:
        # An installed package: the page `fearsome-rules web --build-only` built in the cache.
        from fearsome_rules.tools import installed_web

        built = installed_web.default_out()
    return built if (built / "manifest.json").is_file() else None


def run(args: argparse.Namespace) -> int:
    """Open the database (migrating it), then serve until Ctrl-C or SIGTERM."""
    try:
        import uvicorn

        from fearsome_rules.tools.server.app import create_app
    except ImportError as e:
        raise FearsomeError(
            f"the server needs its extra ({e.name} is missing): "
            "pip install 'fearsome_rules[server]'"
        ) from None
    from fearsome_rules.tools.server.schema import SchemaError
    from fearsome_rules.tools.server.storage import StoreError

    page = _page(args.web)
    try:
        app = create_app(args.db, page, args.private_webhooks)
    except (StoreError, SchemaError) as e:
        raise FearsomeError(f"--db: {e}") from None
    where = f"http://{args.host}:{args.port}/"
    shown = "the web page and " if page else ""
    print(f"serving {shown}the API at {where}api (Ctrl-C to stop)", file=sys.stderr, flush=True)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")
    uvicorn.run(
        app,
        host=args.host,
        port=args.port,
        access_log=args.log_requests,
        log_level="info" if args.log_requests else "warning",
        timeout_graceful_shutdown=5,
        # Longer than the clients' idle gaps (a player thinking, a proxy's pool): a server that
        # closes a kept-alive connection as a client reuses it makes the client's request fail.
        timeout_keep_alive=75,
    )
    return 0
