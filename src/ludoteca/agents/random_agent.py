"""The uniform random agent: the baseline every other agent must beat."""

from __future__ import annotations

from ludoteca.agents.base import Agent, check_params, int_param
from ludoteca.core import Action, BadOptions, Rng, State


class RandomAgent(Agent):
    """Picks uniformly among the legal actions, from its own seeded generator (reproducible)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    @classmethod
    def from_params(cls, params: dict[str, str], seed: int = 0) -> RandomAgent:
        check_params(params, {"seed"}, "random")
        return cls(int_param(params, "seed", seed, "random"))

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if not legal:
            raise BadOptions(f"seat {seat} has no legal action to choose from")
        return self.rng.pick(legal)
