"""The search bot: Monte Carlo tree search with explicit chance nodes for the monster tiles.

The tree alternates the players' figure moves (decision nodes, each player choosing for its
own chance of winning: max^n with UCT) and the monster phases (chance nodes, one child per
tile that can be revealed, visited in proportion to its exact probability from
``chance_outcomes``). A new node is judged by finishing its round with the greedy policy, then
revealing every possible tile (each walk run by the kernel through ``apply``) and weighing each
position after it with its probability: ``win_chances`` of each, or the outcome where the
game has ended. Each decision node offers its moves best first by the greedy bot's ranking of
the move search's results and widens progressively (about ``sqrt(visits)`` children).
"""

from __future__ import annotations

import hashlib
import math
import random
import time
from collections.abc import Callable

import attrs

from fearsome_rules.core.actions import FigureMove, Reveal
from fearsome_rules.core.errors import ArgumentError, ArgumentTypeError, quote, whole_number
from fearsome_rules.core.game import apply, chance_outcomes
from fearsome_rules.core.moves import MoveSearch
from fearsome_rules.core.state import GameState, Phase, wrong_state
from fearsome_rules.tools.bots.heuristics import MoveJudge, win_chances

MOST_CANDIDATES = 32
"""Moves a decision node keeps, best first by the greedy ranking; the rest are never tried."""
WIDENING = 1.0
"""A decision node with ``n`` visits has ``ceil(WIDENING * sqrt(n))`` children (at least 1)."""
EXPLORATION = 0.25
"""UCT's constant: the rewards are chances of winning, from 0 to 1."""


@attrs.frozen
class Budget:
    """How long the search bot thinks about one move: ``nodes`` iterations (each adds one
    node to the tree and judges it), or ``seconds`` of wall-clock time, or both (whichever
    runs out first). A node budget alone is reproducible: the same seed, state and budget
    give the same move on any machine; a time budget depends on the machine's speed and
    load, so it is not."""

    nodes: int | None = None
    seconds: float | None = None

    def __attrs_post_init__(self) -> None:
        if self.nodes is None and self.seconds is None:
            raise ArgumentError("Budget", "give nodes, seconds or both")
        if self.nodes is not None and whole_number(self.nodes, "Budget(nodes)") < 1:
            raise ArgumentError("Budget(nodes)", f"{self.nodes}: at least 1")
        if self.seconds is None:
            return
        if isinstance(self.seconds, bool) or not isinstance(self.seconds, int | float):
            raise ArgumentTypeError("Budget(seconds)", "a number of seconds", self.seconds)
        if not 0 < self.seconds < math.inf:
            raise ArgumentError("Budget(seconds)", f"{quote(self.seconds)}: more than 0")

    @property
    def reproducible(self) -> bool:
        """Whether the same seed and state always give the same move (a node budget only)."""
        return self.seconds is None


def ranked_moves(state: GameState, rng: random.Random, most: int) -> list[FigureMove]:
    """The ``most`` best moves of the player to move by the greedy bot's ranking (ties in a
    random order drawn from ``rng``), best first; moves are named only for those kept."""
    found = MoveSearch(state)
    judge = MoveJudge(state)
    scored = [(judge.score(r), rng.random(), k) for k, r in enumerate(found.results())]
    scored.sort(key=lambda t: (-t[0], t[1]))
    return [found.move(k) for _score, _tie, k in scored[:most]]


Chances = list[float]


class _Node:
    """A position in the tree: a decision (figure phase), a chance (monster phase) or an end."""

    __slots__ = ("children", "moves", "outcomes", "seat", "state", "totals", "visits")

    def __init__(self, state: GameState) -> None:
        self.state = state
        self.visits = 0
        self.totals = [0.0] * state.players
        self.seat = state.to_move
        self.children: list[_Node | None] = []
        self.moves: list[FigureMove] = []
        self.outcomes: list[tuple[Reveal, float]] = []


def _expectation(state: GameState) -> Chances:
    """The chances of winning at the monster phase: every tile revealed, weighed by its exact
    probability."""
    total = [0.0] * state.players
    for reveal, p in chance_outcomes(state):
        chances = win_chances(apply(state, reveal))
        weight = float(p)
        for seat, c in enumerate(chances):
            total[seat] += weight * c
    return total


def judge(state: GameState, rng: random.Random) -> Chances:
    """A new node's value: its round finished by the greedy policy, then the expectation over
    the monster tile."""
    while state.phase is Phase.FIGURES:
        state = apply(state, ranked_moves(state, rng, 1)[0])
    if state.phase is Phase.MONSTER:
        return _expectation(state)
    return win_chances(state)


class Search:
    """One search from a root position, grown iteration by iteration."""

    def __init__(self, state: GameState, rng: random.Random) -> None:
        self.rng = rng
        self.root = _Node(state)
        self._open(self.root)
        self.nodes = 1

    def _open(self, node: _Node) -> None:
        """Give a node its moves or its tiles, once it is first visited."""
        if node.state.phase is Phase.FIGURES:
            node.moves = ranked_moves(node.state, self.rng, MOST_CANDIDATES)
        elif node.state.phase is Phase.MONSTER:
            node.outcomes = [(r, float(p)) for r, p in chance_outcomes(node.state)]
            node.children = [None] * len(node.outcomes)

    def iterate(self) -> None:
        """Walk down by UCT and the tiles' probabilities, add one node, judge it, back up."""
        node = self.root
        path = [node]
        value: Chances | None = None
        while value is None:
            phase = node.state.phase
            if phase is Phase.FIGURES:
                allowed = min(len(node.moves), math.ceil(WIDENING * math.sqrt(node.visits + 1)))
                if len(node.children) < allowed:
                    child = _Node(apply(node.state, node.moves[len(node.children)]))
                    node.children.append(child)
                    value = self._new(child)
                    node = child
                else:
                    node = self._best(node)
            elif phase is Phase.MONSTER:
                j = self._tile(node)
                existing = node.children[j]
                if existing is None:
                    child = _Node(apply(node.state, node.outcomes[j][0]))
                    node.children[j] = child
                    value = self._new(child)
                    node = child
                else:
                    node = existing
            else:
                value = win_chances(node.state)
            path.append(node)
        for visited in path:
            visited.visits += 1
            totals = visited.totals
            for seat, c in enumerate(value):
                totals[seat] += c

    def _new(self, node: _Node) -> Chances:
        self.nodes += 1
        self._open(node)
        return judge(node.state, self.rng)

    @staticmethod
    def _best(node: _Node) -> _Node:
        """UCT for the player to move, on its own chance of winning (max^n)."""
        seat = node.seat
        log_n = math.log(node.visits)
        best: _Node | None = None
        best_value = -math.inf
        for child in node.children:
            assert child is not None
            value = child.totals[seat] / child.visits + EXPLORATION * math.sqrt(
                log_n / child.visits
            )
            if value > best_value:
                best, best_value = child, value
        assert best is not None
        return best

    @staticmethod
    def _tile(node: _Node) -> int:
        """The tile whose visits lag furthest behind its probability: the tiles are visited in
        proportion to their exact chances, with no sampling noise."""
        total = node.visits + 1
        best_j, best_lag = 0, -math.inf
        for j, (_reveal, p) in enumerate(node.outcomes):
            child = node.children[j]
            lag = p * total - (0 if child is None else child.visits)
            if lag > best_lag:
                best_j, best_lag = j, lag
        return best_j

    def best_move(self) -> FigureMove:
        """The root's most visited move (ties to the better average, then to the greedy
        ranking's order)."""
        seat = self.root.seat
        best_k, best_key = 0, (-1, -math.inf)
        for k, child in enumerate(self.root.children):
            assert child is not None
            key = (child.visits, child.totals[seat] / child.visits)
            if key > best_key:
                best_k, best_key = k, key
        return self.root.moves[best_k]


def search_seed(seed: int, state: GameState) -> int:
    """The seed of one search: a hash of the bot's seed and the whole position, so a move
    depends on nothing but the seed, the position and the budget."""
    digest = hashlib.blake2b(digest_size=8)
    digest.update(f"fearsome-search/{seed}/".encode())
    digest.update(state.data)
    digest.update(state.layout)
    digest.update(state.setting.flags.to_bytes(8, "big"))
    return int.from_bytes(digest.digest(), "big")


def search_move(
    state: GameState, budget: Budget, seed: int = 0, clock: Callable[[], float] = time.monotonic
) -> FigureMove:
    """The search bot's move in the figure phase, within ``budget``: the same seed, position
    and node budget give the same move."""
    if not isinstance(state, GameState):
        raise wrong_state("search_move", state)
    if not isinstance(budget, Budget):
        raise ArgumentTypeError("search_move(budget)", "a Budget", budget)
    if state.phase is not Phase.FIGURES:
        raise ArgumentError(
            "search_move(state)", f"figures move in the figure phase, not {state.phase.value}"
        )
    rng = random.Random(search_seed(seed, state))
    tree = Search(state, rng)
    if len(tree.root.moves) == 1:
        return tree.root.moves[0]
    deadline = None if budget.seconds is None else clock() + budget.seconds
    iterations = 0
    while True:
        tree.iterate()
        iterations += 1
        if budget.nodes is not None and iterations >= budget.nodes:
            break
        if deadline is not None and clock() >= deadline:
            break
    return tree.best_move()
