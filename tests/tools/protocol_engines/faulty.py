"""An engine that speaks the protocol but gets something wrong, to show that the runner sees it.

``faulty.py MODE``: ``rule`` names another rule for every refusal; ``path`` reverses every
monster path; ``partial`` says it plays the basic setup only, with no other reading and no
feature beyond states and refusals; ``typo`` says it implements an option that does not
exist; ``options`` sets up every start under the default reading; ``accept`` carries out what
it should refuse, answering a state that is not valid; ``sleep:OP FLAG`` and ``exit:OP FLAG``
stop answering (sleep a minute, or exit) at the first OP request of a run: once, marked by
creating the file FLAG, so that the engine the runner starts again answers.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

from fearsome_rules.tools.conformance.server import answer


def faulty(mode: str, request: dict[str, Any], response: dict[str, Any]) -> dict[str, Any]:
    op = request.get("op")
    if mode == "rule" and not response["ok"] and response["error"]["kind"] == "illegal":
        response["error"]["rule"] = (
            "FIG-POINTS" if response["error"]["rule"] != "FIG-POINTS" else "PUSH-ONE"
        )
    if mode == "path" and response["ok"] and response.get("monster_path"):
        response["monster_path"] = response["monster_path"][::-1]
    if mode == "typo" and op == "hello":
        response["supports"]["options"]["reentyr"] = ["optional"]
    if mode == "options" and op == "start" and response["ok"]:
        response["state"]["options"] = {}
    if mode == "accept" and not response["ok"] and response["error"]["kind"] == "illegal":
        state = dict(request["state"], to_move="")  # nobody to move: not what the rules give
        response = {
            "id": response["id"],
            "ok": True,
            "state": state,
            "monster_path": [],
            "eaten": [],
        }
    if mode == "partial" and op == "hello":
        response["supports"] = {
            "setups": ["basic"],
            "players": [2, 3, 4, 5, 6, 7],
            "options": {},
            "features": [],
        }
    return response


def main(mode: str, flag: Path | None) -> int:
    for line in sys.stdin:
        request = json.loads(line)
        if flag is not None and mode.partition(":")[2] == request.get("op") and not flag.exists():
            flag.touch()
            if mode.startswith("exit:"):
                print("giving up", file=sys.stderr)
                return 1
            time.sleep(60)  # killed by the runner long before
        response, stop = answer(line)
        sys.stdout.write(json.dumps(faulty(mode, request, response)) + "\n")
        sys.stdout.flush()
        if stop:
            break
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], Path(sys.argv[2]) if len(sys.argv) > 2 else None))
