"""Information-set Monte Carlo tree search (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012).

Each iteration draws a *determinization* — a clone of the state with everything the searching seat
cannot see redrawn by ``resample`` — and walks one tree shared by all determinizations: a node's
children are keyed by action text, and UCB compares only the children legal in the current
determinization (each counted as *available* when it could have been chosen). A new node is expanded,
a random rollout runs for at most ``depth`` actions, and the game's ``evaluate`` scores the end for
every seat; each node is credited with the value of the seat that chose its action. The budget is
``iterations`` (reproducible) or ``seconds`` (not reproducible: timing varies).

With ``prior`` > 0 every root action starts with that many virtual visits worth the game's evaluation
of the position it leads to (one determinized look, as the ``heuristic`` agent takes): the search then
begins where a good player's judgement points and spends its budget refining it, which matters when a
decision has hundreds of options and the budget only a few hundred iterations ("progressive bias").
With ``grow`` = K > 0 a node below the root that the search has reached K times is seeded the same way
(every option of the player to act there, judged by that player's evaluation), and so is every option
first met there in a later determinization: the replies and the follow-up moves of a turn are then
chosen as a good player would choose them, not expanded at random, which is what lets the search see
that a move is good only for the move that follows it.
"""

from __future__ import annotations

import math
import random
import time

from ludoteca.agents.base import Agent, check_params, float_param, int_param, legal_or_fail, settled_choice
from ludoteca.core import Action, State


class _Node:
    __slots__ = ("available", "children", "reached", "seat", "seeded", "total", "visits")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # the seat that chose the action leading here
        self.children: dict[str, _Node] = {}
        self.visits = 0  # iterations through here, plus the prior's virtual ones
        self.reached = 0  # iterations through here only
        self.available = 0
        self.total = 0.0
        self.seeded = False  # its children are judged by the evaluation as they are first met


class IsmctsAgent(Agent):
    name = "ismcts"

    DEPTH = 4  # rollout length, exploration constant and growth where neither the spec nor the game sets them
    EXPLORATION = 0.7
    GROW = 0

    def __init__(self, seed: int = 0, iterations: int = 400, depth: int | None = None, seconds: float = 0.0,
                 exploration: float | None = None, prior: int = 4, grow: int | None = None) -> None:
        self.random = random.Random(seed)
        self.iterations = iterations
        self.depth = depth  # None: the game's ``search_defaults``, else DEPTH
        self.seconds = seconds
        self.exploration = exploration  # None: the game's ``search_defaults``, else EXPLORATION
        self.prior = prior
        self.grow = grow  # None: the game's ``search_defaults``, else GROW
        self.last_iterations = 0  # iterations the last choice ran (0 when it needed no search)
        self.time_limit: float | None = None  # seconds a choice may take at most, whatever the budget (servers)

    @classmethod
    def from_params(cls, params: dict[str, str], seed: int = 0) -> IsmctsAgent:
        check_params(params, {"seed", "iterations", "depth", "seconds", "c", "prior", "grow"}, "ismcts")
        return cls(
            seed=int_param(params, "seed", seed, "ismcts"),
            iterations=int_param(params, "iterations", 400, "ismcts", 1),
            depth=int_param(params, "depth", 0, "ismcts") if "depth" in params else None,
            seconds=float_param(params, "seconds", 0.0, "ismcts"),
            exploration=float_param(params, "c", 0.0, "ismcts") if "c" in params else None,
            prior=int_param(params, "prior", 4, "ismcts"),
            grow=int_param(params, "grow", 0, "ismcts") if "grow" in params else None,
        )

    def settings(self, state: State) -> tuple[int, float, int]:
        """Rollout depth, exploration constant and growth for this game: the spec's, else the game's, else ours."""
        defaults = state.game.search_defaults
        depth = self.depth if self.depth is not None else int(defaults.get("depth", self.DEPTH))
        exploration = self.exploration if self.exploration is not None else float(defaults.get("c", self.EXPLORATION))
        grow = self.grow if self.grow is not None else int(defaults.get("grow", self.GROW))
        return depth, exploration, grow if self.prior else 0

    def choose(self, state: State, seat: int) -> Action:
        legal = legal_or_fail(state, seat)
        self.last_iterations = 0
        settled = settled_choice(state, seat, legal)
        if settled is not None:
            return settled
        root = _Node(seat)
        if self.prior:
            self._seed_root(state, seat, legal, root)
        depth, exploration, grow = self.settings(state)
        root.seeded = grow > 0
        started = time.perf_counter()
        deadline = started + self.seconds if self.seconds else None
        # A host's hard cap (the server's per-move limit) stops even an iteration budget: a search that
        # hits it is no longer reproducible, which a server game never needed.
        hard_stop = started + self.time_limit if self.time_limit is not None else None
        done = 0
        while (done < self.iterations) if deadline is None else (time.perf_counter() < deadline):
            if hard_stop is not None and done and time.perf_counter() >= hard_stop:
                break
            self._iterate(state, seat, root, depth, exploration, grow)
            done += 1
        self.last_iterations = done
        # The most visited action; among equals the best mean value, then a random one (a fixed order such
        # as the text's would make the agent repeat one idle move whenever the evaluation cannot tell moves apart).
        by_text = {action.text: action for action in legal}
        ranked = [
            (child.visits, child.total / child.visits if child.visits else 0.0, self.random.random(), text)
            for text, child in root.children.items()
            if text in by_text
        ]
        if not ranked:
            return legal[self.random.randrange(len(legal))]
        return by_text[max(ranked)[3]]

    def _judged(self, world: State, actor: int, action: Action) -> _Node:
        """A child with ``prior`` virtual visits at ``actor``'s evaluation after ``action`` (``world`` is used up)."""
        world.apply_legal(actor, action)
        child = _Node(actor)
        child.visits = child.available = self.prior
        child.total = self.prior * world.evaluate(actor)
        return child

    def _seed(self, world: State, actor: int, actions: list[Action], node: _Node) -> None:
        """Judge each of ``actions`` (options of ``actor`` in this determinization) on a clone of ``world``."""
        for action in actions:
            node.children[action.text] = self._judged(world.clone(), actor, action)

    def _seed_root(self, state: State, seat: int, legal: list[Action], root: _Node) -> None:
        """Judge every root action by one determinized look (a determinization of its own, so that no single
        draw of the hidden cards colours every option)."""
        for action in legal:
            world = state.clone()
            world.resample(seat, self.random)
            root.children[action.text] = self._judged(world, seat, action)

    def _iterate(self, state: State, seat: int, root: _Node, depth: int, exploration: float, grow: int) -> None:
        world = state.clone()
        world.resample(seat, self.random)
        node, path = root, [root]
        while not world.is_over():  # selection, then expansion of one untried action
            actor = world.to_act()[0]
            legal = world.legal_actions(actor)
            untried = [a for a in legal if a.text not in node.children]
            for action in legal:
                child = node.children.get(action.text)
                if child is not None:
                    child.available += 1
            if grow and not node.seeded and node.reached >= grow:
                node.seeded = True
            if node.seeded and untried:
                self._seed(world, actor, untried, node)
                untried = []
            if untried:
                action = untried[self.random.randrange(len(untried))]
                child = _Node(actor)
                child.available = 1
                node.children[action.text] = child
                world.apply_legal(actor, action)
                path.append(child)
                break
            action = max(legal, key=lambda a: self._ucb(node.children[a.text], exploration))
            world.apply_legal(actor, action)
            node = node.children[action.text]
            path.append(node)
        for _ in range(depth):  # rollout
            if world.is_over():
                break
            actor = world.to_act()[0]
            world.apply_legal(actor, world.random_action(actor, self.random))
        values = world.evaluate_all()
        for visited in path:
            visited.visits += 1
            visited.reached += 1
            visited.total += values[visited.seat]

    @staticmethod
    def _ucb(child: _Node, exploration: float) -> float:
        if child.visits == 0:
            return float("inf")
        return child.total / child.visits + exploration * math.sqrt(math.log(max(child.available, 1)) / child.visits)
