"""The agent interface and the factory that builds agents from their command-line names."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from ludoteca.core import Action, BadOptions, State


class Agent(ABC):
    """Chooses an action for one seat. Implementations must not read hidden state directly."""

    name: str = "agent"

    @abstractmethod
    def choose(self, state: State, seat: int) -> Action:
        """One of ``state.legal_actions(seat)``."""


def parse_agent_spec(spec: str) -> tuple[str, dict[str, str]]:
    """Split ``"ismcts:iterations=400,depth=20"`` into ``("ismcts", {"iterations": "400", "depth": "20"})``."""
    name, _, rest = spec.strip().partition(":")
    params: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise BadOptions(f"agent parameter {item!r} in {spec!r} must look like key=value")
        params[key.strip()] = value.strip()
    return name.strip().lower(), params


def make_agent(spec: str, seed: int = 0) -> Agent:
    """Build the agent a spec names; :class:`BadOptions` for an unknown agent or parameter."""
    from ludoteca.agents.random_agent import RandomAgent

    name, params = parse_agent_spec(spec)
    factories: dict[str, Any] = {"random": RandomAgent}
    if name not in factories:
        raise BadOptions(f"there is no agent {name!r} (known agents: {', '.join(sorted(factories))})")
    return factories[name].from_params(params, seed)  # type: ignore[no-any-return]
