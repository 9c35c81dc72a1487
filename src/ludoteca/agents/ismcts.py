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

Rollouts are random, or with ``rollout=greedy`` played as the ``heuristic`` agent plays (the game's own
answer where it has one, else the option the actor's evaluation likes best on a clone redrawn from the actor's
view): in a dice game a random build or event choice swings the evaluation more than the move judged, and a
good player's continuation is what shows a move's worth a few actions later. ``tree`` caps the actions the
tree holds on a path (1: the root's options only, the rest is rollout). With ``width`` = W > 0 the search is
*sweeps* instead of UCT: the W root actions the prior ranks best are each played out, in every sweep, from
one shared determinization with the same rollout draws, and the best mean wins. Common draws take the dice's
luck out of the comparison (which, in Mankind, swamps what a move is worth when each option meets dice of its
own), and the budget goes only to the moves a good player would weigh. ``hints=0`` searches the choices the
game answers itself (``heuristic_choice``) at the root instead of following its answer. With ``guided=1`` the
game's answers are followed below the root too, in the tree and in random rollouts: a choice the game settles
(the only option, or ``heuristic_choice``) is played without a node of its own, so the tree branches only on
the choices the search is there to make. Without it, a node below the root expands every option of a settled
choice at random (in Advanced Civilization a whole movement phase of random moves, in Mankind ending the Build
Phase as often as rolling again), and the values that come back judge those random continuations more than
the move searched. ``weights=W`` scores every position by the named weight set ``W`` of the game's evaluation
(a game with learnable weights, :mod:`ludoteca.learning`) instead of its default. Every setting left out of the
spec comes from the game's ``search_defaults`` (the iteration budget and the weight set too), else from the
class.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable

from ludoteca.agents.base import Agent, check_params, float_param, int_param, legal_or_fail, settled_choice
from ludoteca.core import Action, BadOptions, State

ROLLOUTS = ("random", "greedy")


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


def _score(scores: Callable[[State], list[float]], world: State, seat: int) -> float:
    """``seat``'s value of ``world`` by ``scores``: the game's own ``evaluate`` when it is the default (one seat's
    evaluation, which a game may answer without working out the others')."""
    return world.evaluate(seat) if scores is State.evaluate_all else scores(world)[seat]


class IsmctsAgent(Agent):
    name = "ismcts"
    summary = "searches moves ahead: the strongest, and slower"

    ITERATIONS = 400
    DEPTH = 4  # rollout length, exploration constant and growth where neither the spec nor the game sets them
    EXPLORATION = 0.7
    GROW = 0

    def __init__(self, seed: int = 0, iterations: int | None = None, depth: int | None = None, seconds: float = 0.0,
                 exploration: float | None = None, prior: int = 4, grow: int | None = None,
                 rollout: str | None = None, tree: int | None = None, hints: bool = True,
                 width: int | None = None, guided: bool | None = None, flat: float | None = None,
                 quiet: int | None = None, weights: str | None = None, plans: int | None = None) -> None:
        self.random = random.Random(seed)
        self.iterations = iterations  # None: the game's ``search_defaults``, else ITERATIONS
        self.depth = depth  # None: the game's ``search_defaults``, else DEPTH
        self.seconds = seconds
        self.exploration = exploration  # None: the game's ``search_defaults``, else EXPLORATION
        self.prior = prior
        self.grow = grow  # None: the game's ``search_defaults``, else GROW
        self.rollout = rollout  # "random" or "greedy"; None: the game's ``search_defaults``, else random
        self.tree = tree  # the most actions the tree holds on a path (0: no limit); None: the game's, else 0
        self.hints = hints  # follow the game's ``heuristic_choice`` at the root (else search those choices too)
        # > 0: sweeps (below) over the ``width`` root actions the prior ranks best; None: the game's, else 0 (UCT)
        self.width = width
        # follow the game's settled choices below the root too (tree and rollouts); None: the game's, else not
        self.guided = guided
        # > 0: a choice whose root options the prior judges all within ``flat`` of each other (a position the
        # evaluation calls decided, or options it cannot tell apart) runs ``quiet`` iterations, not the budget;
        # None: the game's, else 0 (off)
        self.flat = flat
        self.quiet = quiet  # the iterations of such a flat choice; None: the game's, else 0 (the prior's best)
        # a named weight set of the game's evaluation that the search judges by; None: the game's, else its default
        self.weights = weights
        # > 0: where the game offers board plans (``state.planned_choice``), weigh them once a turn on this
        # many determinizations each and follow the best; None: the game's, else 0 (the game's answers)
        self.plans = plans
        self._plan_memo: dict[tuple[int, int, int], str] = {}  # the plan chosen, by game seed, turn and seat
        self._scores: Callable[[State], list[float]] = State.evaluate_all  # the choice under way's (``scorer``)
        self._scorers: dict[tuple[str, str], Callable[[State], list[float]]] = {}  # by game id and set name
        self.last_iterations = 0  # iterations the last choice ran (0 when it needed no search)
        self.time_limit: float | None = None  # seconds a choice may take at most, whatever the budget (servers)
        self._cutoff: float | None = None  # when the choice under way must stop (from time_limit)
        self._guided = False  # the choice under way follows settled choices below the root (``is_guided``)

    @classmethod
    def from_params(cls, params: dict[str, str], seed: int = 0) -> IsmctsAgent:
        known = {
            *("seed", "iterations", "depth", "seconds", "c", "prior", "grow", "rollout", "tree", "hints", "width"),
            "guided", "flat", "quiet", "weights", "plans",
        }
        check_params(params, known, "ismcts")
        rollout = params.get("rollout")
        if rollout is not None and rollout not in ROLLOUTS:
            raise BadOptions(f"the ismcts agent's rollout must be one of {', '.join(ROLLOUTS)}, not {rollout!r}")
        return cls(
            seed=int_param(params, "seed", seed, "ismcts"),
            iterations=int_param(params, "iterations", 1, "ismcts", 1) if "iterations" in params else None,
            depth=int_param(params, "depth", 0, "ismcts") if "depth" in params else None,
            seconds=float_param(params, "seconds", 0.0, "ismcts"),
            exploration=float_param(params, "c", 0.0, "ismcts") if "c" in params else None,
            prior=int_param(params, "prior", 4, "ismcts"),
            grow=int_param(params, "grow", 0, "ismcts") if "grow" in params else None,
            rollout=rollout,
            tree=int_param(params, "tree", 0, "ismcts") if "tree" in params else None,
            hints=bool(int_param(params, "hints", 1, "ismcts")),
            width=int_param(params, "width", 0, "ismcts") if "width" in params else None,
            guided=bool(int_param(params, "guided", 0, "ismcts")) if "guided" in params else None,
            flat=float_param(params, "flat", 0.0, "ismcts") if "flat" in params else None,
            quiet=int_param(params, "quiet", 0, "ismcts") if "quiet" in params else None,
            weights=params.get("weights"),
            plans=int_param(params, "plans", 0, "ismcts") if "plans" in params else None,
        )

    def settings(self, state: State) -> tuple[int, float, int]:
        """Rollout depth, exploration constant and growth for this game: the spec's, else the game's, else ours."""
        defaults = state.game.search_defaults
        depth = self.depth if self.depth is not None else int(defaults.get("depth", self.DEPTH))
        exploration = self.exploration if self.exploration is not None else float(defaults.get("c", self.EXPLORATION))
        grow = self.grow if self.grow is not None else int(defaults.get("grow", self.GROW))
        return depth, exploration, grow if self.prior else 0

    def budget(self, state: State) -> int:
        """Iterations a choice runs: the spec's, else the game's ``search_defaults``, else ITERATIONS."""
        if self.iterations is not None:
            return self.iterations
        return int(state.game.search_defaults.get("iterations", self.ITERATIONS))

    def flat_budget(self, state: State, root: _Node) -> int | None:
        """The iterations of a *flat* choice, or None for the full budget: with ``flat`` > 0 (the spec's, else the
        game's), a choice whose root options the prior judged all within ``flat`` of each other runs ``quiet``
        iterations. Where the win estimate is saturated (in Mankind a game is decided by its sixth turn or so and
        two in three positions judge every option within 0.002), the budget's iterations change little, and the
        time they would take is better spent on the close positions a game is decided in."""
        defaults = state.game.search_defaults
        flat = self.flat if self.flat is not None else float(defaults.get("flat", 0.0))
        if flat <= 0 or not root.children:
            return None
        means = [child.total / child.visits for child in root.children.values() if child.visits]
        if not means or max(means) - min(means) >= flat:
            return None
        return self.quiet if self.quiet is not None else int(defaults.get("quiet", 0))

    def shape(self, state: State) -> tuple[str, int, int]:
        """Rollout policy, tree limit and sweep width for this game: the spec's, else the game's, else random
        rollouts, no limit and no sweeps."""
        defaults = state.game.search_defaults
        rollout = self.rollout if self.rollout is not None else ROLLOUTS[int(defaults.get("greedy", 0))]
        tree = self.tree if self.tree is not None else int(defaults.get("tree", 0))
        width = self.width if self.width is not None else int(defaults.get("width", 0))
        return rollout, tree, width if self.prior else 0

    def scorer(self, state: State) -> Callable[[State], list[float]]:
        """What the search scores a position by, for every seat: the game's evaluation, or the named weight set
        of it that the spec (else the game's ``search_defaults``) chose. A softer set suits a search where the
        default one saturates: Mankind's win estimate is all but 1.0 once a lead snowballs, and the mean over
        determinizations then tells the options apart by noise (docs/agents.md)."""
        name = self.weights if self.weights is not None else state.game.search_defaults.get("weights")
        if name is None:
            return State.evaluate_all
        cached = self._scorers.get((state.game.id, str(name)))
        if cached is None:
            from ludoteca.learning import weighted_scores

            cached = self._scorers[(state.game.id, str(name))] = weighted_scores(state.game.id, str(name))
        return cached

    def plan_samples(self, state: State) -> int:
        """Determinizations a board plan is weighed on: the spec's, else the game's, else 0 (no plans)."""
        return self.plans if self.plans is not None else int(state.game.search_defaults.get("plans", 0))

    def is_guided(self, state: State) -> bool:
        """Whether settled choices below the root follow the game's answer: the spec's, else the game's."""
        return self.guided if self.guided is not None else bool(state.game.search_defaults.get("guided", 0))

    def choose(self, state: State, seat: int) -> Action:
        legal = legal_or_fail(state, seat)
        self.last_iterations = 0
        samples = self.plan_samples(state)
        planner = getattr(state, "planned_choice", None)
        if samples and planner is not None:
            memo_size = len(self._plan_memo)
            deadline = time.perf_counter() + self.time_limit if self.time_limit is not None else None
            planned: Action | None = planner(seat, legal, samples, self.random, self._plan_memo, deadline)
            if planned is not None:
                # a plan weighed now is thinking (``tournament.play_game`` times it as a decision)
                self.last_iterations = samples if len(self._plan_memo) > memo_size else 0
                return planned
        settled = settled_choice(state, seat, legal) if self.hints else (legal[0] if len(legal) == 1 else None)
        if settled is not None:
            return settled
        root = _Node(seat)
        self._scores = self.scorer(state)
        if self.prior:
            self._seed_root(state, seat, legal, root)
        depth, exploration, grow = self.settings(state)
        rollout, tree, width = self.shape(state)
        greedy = rollout == "greedy"
        self._guided = self.is_guided(state)
        root.seeded = grow > 0
        started = time.perf_counter()
        deadline = started + self.seconds if self.seconds else None
        budget = self.budget(state)
        quiet = self.flat_budget(state, root)  # without a prior the root has no judged options: never flat
        if quiet is not None:  # a flat choice: a few iterations, whatever the budget's kind
            budget, deadline = quiet, None
        # A host's hard cap (the server's per-move limit) stops even an iteration budget: a search that
        # hits it is no longer reproducible, which a server game never needed.
        hard_stop = started + self.time_limit if self.time_limit is not None else None
        self._cutoff = hard_stop
        def spent(done: int) -> bool:
            if hard_stop is not None and done and time.perf_counter() >= hard_stop:
                return True
            return done >= budget if deadline is None else time.perf_counter() >= deadline

        by_text = {action.text: action for action in legal}
        if width:
            return self._sweep(state, seat, by_text, root, depth, greedy, width, spent)
        done = 0
        while not spent(done):
            self._iterate(state, seat, root, depth, exploration, grow, greedy=greedy, tree=tree)
            done += 1
        self.last_iterations = done
        # The most visited action; among equals the best mean value, then a random one (a fixed order such
        # as the text's would make the agent repeat one idle move whenever the evaluation cannot tell moves apart).
        ranked = [
            (child.visits, child.total / child.visits if child.visits else 0.0, self.random.random(), text)
            for text, child in root.children.items()
            if text in by_text
        ]
        if not ranked:
            return legal[self.random.randrange(len(legal))]
        return by_text[max(ranked)[3]]

    def _sweep(self, state: State, seat: int, by_text: dict[str, Action], root: _Node, depth: int, greedy: bool,
               width: int, spent: Callable[[int], bool]) -> Action:
        """Sweeps: the ``width`` actions the root's one-look prior ranks best are each played out from the same
        determinization (and the same rollout draws) in every sweep, until the budget is spent; the best mean
        of those playouts wins (ties by the prior, then at random).

        Comparing the candidates on common draws takes the dice's luck out of their differences, which in a
        dice game swamps what a move is worth when each move is judged on dice of its own (UCT's way); and the
        budget goes to the moves a good player would weigh, not to every option (a heuristic's clear choice
        costs nothing: with one candidate there is no sweep).
        """
        ranked = sorted(
            ((child.total / child.visits, self.random.random(), text) for text, child in root.children.items()
             if text in by_text),
            reverse=True,
        )
        candidates = [text for _, _, text in ranked[:width]]
        totals = dict.fromkeys(candidates, 0.0)
        done = 0
        while len(candidates) > 1 and not spent(done):
            draw = self.random.getrandbits(64)
            sweep: dict[str, float] = {}
            for text in candidates:
                rng = random.Random(draw)
                world = state.clone()
                world.resample(seat, rng)
                world.apply_legal(seat, by_text[text])
                self._rollout(world, depth, greedy, rng)
                sweep[text] = _score(self._scores, world, seat)
                if self._cut():
                    break
            if self._cut():  # the host's hard stop came during the sweep: its playouts are not comparable
                break
            for text, value in sweep.items():
                totals[text] += value
            done += len(candidates)
        self.last_iterations = done
        prior = {text: (value, tie) for value, tie, text in ranked}
        return by_text[max(candidates, key=lambda text: (totals[text], *prior[text]))]

    def _judged(self, world: State, actor: int, action: Action) -> _Node:
        """A child with ``prior`` virtual visits at ``actor``'s evaluation after ``action`` (``world`` is used up)."""
        world.apply_legal(actor, action)
        child = _Node(actor)
        child.visits = child.available = self.prior
        child.total = self.prior * _score(self._scores, world, actor)
        return child

    def _seed(self, world: State, actor: int, actions: list[Action], node: _Node) -> None:
        """Judge each of ``actions`` (options of ``actor`` in this determinization): ``actor``'s evaluation after
        it, played on a clone of ``world``, or told by the game without playing (``judge_actions``, where a game
        has it: the same values, sooner)."""
        for action, value in zip(actions, self._values(world, actor, actions, self._scores), strict=True):
            child = _Node(actor)
            child.visits = child.available = self.prior
            child.total = self.prior * value
            node.children[action.text] = child

    @staticmethod
    def _values(world: State, actor: int, actions: list[Action],
                scores: Callable[[State], list[float]] = State.evaluate_all) -> list[float]:
        """``actor``'s evaluation (by ``scores``) after each of ``actions`` in ``world``: told by the game where it
        can (``judge_actions``, the default evaluation: the same values, without playing the options), else played
        on clones."""
        judge = getattr(world, "judge_actions", None) if scores is State.evaluate_all else None
        if judge is not None:
            values: list[float] = judge(actor, actions)
            return values
        values = []
        for action in actions:
            twin = world.clone()
            twin.apply_legal(actor, action)
            values.append(_score(scores, twin, actor))
        return values

    def _seed_root(self, state: State, seat: int, legal: list[Action], root: _Node) -> None:
        """Judge every root action by one determinized look (a determinization of its own, so that no single
        draw of the hidden cards colours every option)."""
        for action in legal:
            world = state.clone()
            world.resample(seat, self.random)
            root.children[action.text] = self._judged(world, seat, action)

    def _iterate(self, state: State, seat: int, root: _Node, depth: int, exploration: float, grow: int,
                 greedy: bool = False, tree: int = 0) -> None:
        world = state.clone()
        world.resample(seat, self.random)
        node, path = root, [root]
        # Selection, then expansion of one untried action, while the path is shorter than the tree's limit.
        while not world.is_over() and not (tree and len(path) > tree):
            actor = world.to_act()[0]
            legal = world.legal_actions(actor)
            if self._guided and node is not root:
                settled = settled_choice(world, actor, legal)
                if settled is not None:  # no node: the tree branches only on the choices left to search
                    world.apply_legal(actor, settled)
                    continue
            children = node.children
            kids = [children.get(a.text) for a in legal]
            untried = []
            for action, kid in zip(legal, kids, strict=True):
                if kid is None:
                    untried.append(action)
                else:
                    kid.available += 1
            if grow and not node.seeded and node.reached >= grow:
                node.seeded = True
            if node.seeded and untried:
                self._seed(world, actor, untried, node)
                untried = []
                kids = [children[a.text] for a in legal]
            if untried:
                action = untried[self.random.randrange(len(untried))]
                child = _Node(actor)
                child.available = 1
                node.children[action.text] = child
                world.apply_legal(actor, action)
                path.append(child)
                break
            action, node = self._select(legal, kids, exploration)  # type: ignore[arg-type]  # no None left
            world.apply_legal(actor, action)
            path.append(node)
        self._rollout(world, depth, greedy, self.random)
        values = self._scores(world)
        for visited in path:
            visited.visits += 1
            visited.reached += 1
            visited.total += values[visited.seat]

    def _cut(self) -> bool:
        """Whether the host's hard stop (``time_limit``) has come."""
        return self._cutoff is not None and time.perf_counter() >= self._cutoff

    def _rollout(self, world: State, depth: int, greedy: bool, rng: random.Random) -> None:
        """Play ``depth`` actions on: random ones, or the ``heuristic`` agent's (``greedy``). The host's hard stop
        ends it early (a greedy rollout is a long one)."""
        for _ in range(depth):
            if world.is_over() or self._cut():
                break
            actor = world.to_act()[0]
            if greedy:
                action = self._greedy(world, actor, rng, self._scores)
            elif self._guided:
                legal = world.legal_actions(actor)
                settled = settled_choice(world, actor, legal)
                action = settled if settled is not None else legal[rng.randrange(len(legal))]
            else:
                action = world.random_action(actor, rng)
            world.apply_legal(actor, action)

    @staticmethod
    def _greedy(world: State, actor: int, rng: random.Random,
                scores: Callable[[State], list[float]] = State.evaluate_all) -> Action:
        """What the ``heuristic`` agent would play in ``world`` (one sample): the game's own answer where it has
        one, else the option whose result ``actor``'s evaluation likes best, judged on a clone whose hidden part
        is redrawn from ``actor``'s view (a rollout must not steer by the dice this determinization holds)."""
        legal = world.legal_actions(actor)
        settled = settled_choice(world, actor, legal)
        if settled is not None:
            return settled
        look = world.clone()
        look.resample(actor, rng)
        best: list[Action] = []
        best_value = float("-inf")
        for action, value in zip(legal, IsmctsAgent._values(look, actor, legal, scores), strict=True):
            if value > best_value + 1e-12:
                best, best_value = [action], value
            elif value >= best_value - 1e-12:
                best.append(action)
        return best[rng.randrange(len(best))] if len(best) > 1 else best[0]

    @staticmethod
    def _select(legal: list[Action], kids: list[_Node], exploration: float) -> tuple[Action, _Node]:
        """The option (and its node) of highest UCB, ``mean + c·sqrt(ln(available) / visits)``; an unvisited one
        first; among equals the first listed. One loop over the hundreds of options a T&E node holds, not a
        call per option: selection ran a fifth of the search's time."""
        best, best_kid, best_value = legal[0], kids[0], -math.inf
        log, sqrt = math.log, math.sqrt
        for action, kid in zip(legal, kids, strict=True):
            visits = kid.visits
            if visits == 0:
                return action, kid
            value = kid.total / visits + exploration * sqrt(log(kid.available if kid.available > 1 else 1) / visits)
            if value > best_value:
                best, best_kid, best_value = action, kid, value
        return best, best_kid
