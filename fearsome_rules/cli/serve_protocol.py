"""``fearsome-rules serve-protocol``: this engine behind the conformance protocol."""

from __future__ import annotations

import argparse
import sys

from fearsome_rules.tools.conformance.server import serve


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``serve-protocol`` on the command line's subparsers."""
    p = sub.add_parser(
        "serve-protocol",
        help="answer the conformance protocol on stdin/stdout (the protocol's reference engine)",
        description="Read conformance protocol requests (conformance/PROTOCOL.md), one JSON "
        "object per line on standard input, and answer each on standard output, until 'bye' or "
        "the end of input. 'fearsome-rules conform --engine \"fearsome-rules serve-protocol\"' "
        "runs the suite through it; an implementation in another language answers the same "
        "requests.",
    )
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Serve until ``bye`` or the end of input."""
    return serve(sys.stdin.buffer, sys.stdout.buffer)
