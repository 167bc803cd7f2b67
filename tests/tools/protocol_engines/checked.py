"""This package's protocol server, checking every request it reads and every response it writes
against conformance/protocol.schema.json; on a message that is not valid it says so on stderr
and exits with status 3 (the runner then fails the case, quoting the line)."""

from __future__ import annotations

import json
import sys

from fearsome_rules.tools.conformance.protocol import problem
from fearsome_rules.tools.conformance.server import answer


def main() -> int:
    for line in sys.stdin:
        wrong = problem(json.loads(line), "request")
        if wrong is not None:
            print(f"invalid request: {wrong}", file=sys.stderr)
            return 3
        response, stop = answer(line)
        wrong = problem(response, "response")
        if wrong is not None:
            print(f"invalid response: {wrong}", file=sys.stderr)
            return 3
        sys.stdout.write(json.dumps(response) + "\n")
        sys.stdout.flush()
        if stop:
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
