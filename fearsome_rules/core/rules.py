"""Every rule id of the spec (``spec/*.md``), for tools that check references to rules.

The conformance runner rejects a case that names an id not listed here. A test
(``tests/test_spec_coverage.py``) keeps this list equal to the ids parsed from ``spec/``.
"""

from __future__ import annotations

from typing import Final

RULE_IDS: Final[frozenset[str]] = frozenset(
    {
        # spec/advanced.md
        "ADV-CRYSTAL",
        "ADV-TELEPORT",
        "ADV-TELEPORT-FIGURES",
        "ADV-TELEPORT-PUSH",
        "ADV-TELEPORT-SIGHT",
        "ADV-TURN",
        "ADV-TURN-CHAIN",
        "ADV-TURN-POOL",
        "ADV-TURN-TIE",
        "ADV-TURN-WALL",
        # spec/board.md
        "BRD-CORNERS",
        "BRD-LAYOUT",
        "BRD-SQUARES",
        "BRD-WALLS",
        "BRD-WRAP",
        # spec/deck.md
        "DECK-FIRST",
        "DECK-REVEAL",
        "STAGE-ONE",
        "STAGE-TWO",
        "STAGE-TWO-END",
        # spec/end.md
        "END-ALL-GONE",
        "END-BOUND",
        "END-MOST",
        "END-NOBODY",
        "END-WIN",
        # spec/figures.md
        "FIG-EDGE",
        "FIG-ENTER",
        "FIG-EXIT",
        "FIG-FLIP",
        "FIG-MONSTER",
        "FIG-POINTS",
        "FIG-THROUGH",
        "FIG-WAITING",
        "FIG-ZERO",
        "POOL-BEYOND-STONE",
        "POOL-BLOCKED",
        "POOL-FIGURE-ON-POOL",
        "POOL-LAST-POINT",
        "POOL-SLIDE",
        "POOL-STONE-ON-POOL",
        "POOL-STONE-SLIDE",
        "PUSH-CORNER",
        "PUSH-EDGE",
        "PUSH-NO-FIGURES",
        "PUSH-ONE",
        # spec/monster.md
        "MON-CHOOSE",
        "MON-CORNER-STONE",
        "MON-DISTANCE",
        "MON-EAT",
        "MON-EATEN",
        "MON-HITS",
        "MON-PUSH",
        "MON-PUSH-OFF",
        "MON-PUSH-POOL",
        "MON-SIGHT-BLOCK",
        "MON-SIGHT-DIRS",
        "MON-SLIDE",
        "MON-SLIDE-EDGE",
        "MON-SLIDE-OCCUPIED",
        "MON-STEP",
        "MON-TILE",
        "MON-WRAP",
        "MON-WRAP-OCCUPIED",
        # spec/options.md
        "VAR-FINISH-ROUND",
        "VAR-FINISH-ROUND-EMPTY",
        "VAR-FINISH-ROUND-INSIDE",
        "VAR-FINISH-ROUND-MONSTER",
        "VAR-THREE-HITS",
        # spec/placement.md
        "ADV-SETUP",
        "ADV-TILES",
        "BSW-CORNERS",
        "BSW-PLACE",
        "BSW-POOLS",
        "PLACE-CORNERS",
        "PLACE-EXACT",
        "PLACE-LAYOUT",
        "PLACE-ORDER",
        "PLACE-TELEPORTER-WALLS",
        "PLACE-TELEPORTERS",
        # spec/round.md
        "RND-FIRST",
        "RND-ONCE",
        "RND-ORDER",
        "RND-PASS",
        "RND-PHASES",
        "RND-START-PASS",
        # spec/setup.md
        "SET-DECK",
        "SET-FIGURES",
        "SET-MONSTER",
        "SET-PLAYERS",
        "SET-START",
        "SET-WAITING",
    }
)
