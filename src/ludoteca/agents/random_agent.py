"""The uniform random agent: the baseline every other agent must beat."""

from __future__ import annotations

from ludoteca.agents.base import Agent, check_params, int_param, legal_or_fail
from ludoteca.core import Action, Rng, State


class RandomAgent(Agent):
    """Picks uniformly among the legal actions, from its own seeded generator (reproducible)."""

    name = "random"
    summary = "any legal move, at random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    @classmethod
    def from_params(cls, params: dict[str, str], seed: int = 0) -> RandomAgent:
        check_params(params, {"seed"}, "random")
        return cls(int_param(params, "seed", seed, "random"))

    def choose(self, state: State, seat: int) -> Action:
        return self.rng.pick(legal_or_fail(state, seat))
