"""The uniform random agent: the baseline every other agent must beat."""

from __future__ import annotations

from ludoteca.agents.base import Agent
from ludoteca.core import Action, BadOptions, Rng, State


class RandomAgent(Agent):
    """Picks uniformly among the legal actions, from its own seeded generator (reproducible)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    @classmethod
    def from_params(cls, params: dict[str, str], seed: int = 0) -> RandomAgent:
        unknown = sorted(set(params) - {"seed"})
        if unknown:
            raise BadOptions(f"the random agent has no parameter {unknown[0]!r} (it takes: seed)")
        try:
            return cls(int(params.get("seed", seed)))
        except ValueError:
            raise BadOptions(f"the random agent's seed must be an integer, not {params['seed']!r}") from None

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if not legal:
            raise BadOptions(f"seat {seat} has no legal action to choose from")
        return self.rng.pick(legal)
