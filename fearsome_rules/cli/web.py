"""``fearsome-rules web``: build the web page (the engine running in the browser) and serve it
on localhost."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from fearsome_rules.cli.options import whole_number
from fearsome_rules.tools import installed_web
from fearsome_rules.tools.web import site

PORT = whole_number(0, 65535, "give 0 (any free port) to 65535")


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``web`` on the command line's subparsers."""
    p = sub.add_parser(
        "web",
        help="build the web page (the engine in the browser) and serve it on localhost",
        description="Build the static web page, where this engine runs inside the browser "
        "(Pyodide) with no game server: play, watch the monster's walk step by step, set up "
        "a position and compare readings of the rules. In a clone of the project the build "
        "needs npm (the Pyodide runtime comes from the npm registry) and pip (the wheels); "
        "from an installed package, the runtime is fetched once from the npm registry (its "
        "SHA-256 checked) into the user's cache folder and the wheels are made from the "
        "installed files. The build is skipped when nothing changed. Then the folder is served "
        "on localhost until Ctrl-C; any static file server does as well.",
    )
    p.add_argument("--port", type=PORT, default=8000, help="the port to serve on (default 8000)")
    p.add_argument(
        "--out",
        metavar="DIR",
        help="the site's folder (default: build/web in a clone, else in the user's cache folder)",
    )
    p.add_argument("--build-only", action="store_true", help="build the site, do not serve it")
    p.add_argument("--rebuild", action="store_true", help="build even if nothing changed")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """``fearsome-rules web``: build if needed, then serve."""

    def log(line: str) -> None:
        print(f"web: {line}", file=sys.stderr)

    where = Path(args.out) if args.out else None
    try:
        site.project_root()
    except site.SiteError:
        if not installed_web.installed():
            raise
        out = installed_web.build(where, force=args.rebuild, log=log)
    else:
        out = site.build(where, force=args.rebuild, log=log)
    if args.build_only:
        print(out)
        return 0
    httpd = site.server(out, args.port)
    host, port = httpd.server_address[:2]
    print(f"serving {out} at http://{host!s}:{port}/ (Ctrl-C to stop)", flush=True)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0
