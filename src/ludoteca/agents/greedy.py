"""The ``heuristic`` agent: one move of look-ahead, judged by the game's own evaluation.

For every legal action the agent applies it to a few *determinized* clones (clones whose hidden cards
and future dice were redrawn with ``resample``, so it never peeks), lets the game run on through any
forced steps, and scores the result with ``state.evaluate(seat)`` — the game's heuristic, which is
where each game's strategy lives (see its ``_evaluate``). It picks the best mean, ties broken by its
seeded generator. With ``samples=1`` and a cheap evaluation this is fast enough for bulk simulation.
A game may also answer some choices itself (``state.heuristic_choice(seat, legal)``) where one move of
look-ahead is blind, e.g. paying now for a roll whose worth shows only a decision later. With
``weights=NAME`` it judges by that named weight set of the game's evaluation instead of the default
(:mod:`ludoteca.learning`), so two weightings can play one match.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ludoteca.agents.base import Agent, check_params, int_param, legal_or_fail, settled_choice
from ludoteca.core import Action, State


class HeuristicAgent(Agent):
    name = "heuristic"
    summary = "quick: the move that looks best a step ahead"

    def __init__(self, seed: int = 0, samples: int = 2, weights: str | None = None) -> None:
        self.random = random.Random(seed)
        self.samples = samples
        self.weights = weights  # a named weight set of the game's evaluation; None: the game's default
        self._judges: dict[str, Callable[[State, int], float]] = {}  # by game id, built on first use

    @classmethod
    def from_params(cls, params: dict[str, str], seed: int = 0) -> HeuristicAgent:
        check_params(params, {"seed", "samples", "weights"}, "heuristic")
        return cls(
            int_param(params, "seed", seed, "heuristic"),
            int_param(params, "samples", 2, "heuristic", 1),
            params.get("weights"),
        )

    def _evaluate(self, state: State, seat: int) -> float:
        """The game's evaluation, or its named weight set when the spec chose one (looked up on first use in
        each game: the agent learns its game only when asked to play)."""
        if self.weights is None:
            return state.evaluate(seat)
        judge = self._judges.get(state.game.id)
        if judge is None:
            from ludoteca.learning import weighted_evaluator

            judge = self._judges[state.game.id] = weighted_evaluator(state.game.id, self.weights)
        return judge(state, seat)

    def choose(self, state: State, seat: int) -> Action:
        legal = legal_or_fail(state, seat)
        settled = settled_choice(state, seat, legal)
        if settled is not None:
            return settled
        best: list[Action] = []
        best_value = float("-inf")
        for action in legal:
            value = 0.0
            for _ in range(self.samples):
                twin = state.clone()
                twin.resample(seat, self.random)
                twin.apply_legal(seat, action)
                value += self._evaluate(twin, seat)
            if value > best_value + 1e-12:
                best, best_value = [action], value
            elif abs(value - best_value) <= 1e-12:
                best.append(action)
        return best[self.random.randrange(len(best))]
