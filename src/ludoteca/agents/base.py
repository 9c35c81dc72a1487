"""The agent interface and the factory that builds agents from their command-line names.

An agent sees only what a player at the table sees: ``state.view(seat)`` and
``state.legal_actions(seat)``; search agents may also ``clone()`` the state and ``resample(seat, rng)``
the clone, which redraws everything the seat cannot see (hidden cards and the dice to come) before
they look ahead. Agents are named by a spec such as ``random``, ``heuristic`` or
``ismcts:iterations=400,depth=20``.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import TYPE_CHECKING

from ludoteca.core import Action, BadOptions, Game, State

if TYPE_CHECKING:
    from ludoteca.agents.greedy import HeuristicAgent
    from ludoteca.agents.ismcts import IsmctsAgent
    from ludoteca.agents.random_agent import RandomAgent


class Agent(ABC):
    """Chooses an action for one seat. Implementations must not read hidden state directly."""

    name: str = "agent"
    summary: str = ""  # what a person choosing an opponent needs to know, in a few words (the lobby shows it)

    @abstractmethod
    def choose(self, state: State, seat: int) -> Action:
        """One of ``state.legal_actions(seat)``."""


def legal_or_fail(state: State, seat: int) -> list[Action]:
    """The seat's legal actions; a clear error if it has none (an agent asked out of turn)."""
    legal = state.legal_actions(seat)
    if not legal:
        raise BadOptions(f"seat {seat} has no legal action to choose from")
    return legal


def settled_choice(state: State, seat: int, legal: list[Action]) -> Action | None:
    """A choice that needs no search: the only legal action, or the game's own answer where it has one
    (``state.heuristic_choice(seat, legal)``: choices a look-ahead cannot judge, such as paying now for a
    roll whose worth shows only a decision later)."""
    if len(legal) == 1:
        return legal[0]
    hint = getattr(state, "heuristic_choice", None)
    if hint is None:
        return None
    chosen: Action | None = hint(seat, legal)
    return chosen


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


def int_param(params: dict[str, str], key: str, default: int, agent: str, minimum: int = 0) -> int:
    """An integer agent parameter, with a clear error naming the agent and the parameter."""
    raw = params.get(key)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise BadOptions(f"the {agent} agent's {key} must be an integer, not {raw!r}") from None
    if value < minimum:
        raise BadOptions(f"the {agent} agent's {key} must be at least {minimum}, not {value}")
    return value


def float_param(params: dict[str, str], key: str, default: float, agent: str) -> float:
    raw = params.get(key)
    if raw is None:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise BadOptions(f"the {agent} agent's {key} must be a number, not {raw!r}") from None
    if not math.isfinite(value):
        raise BadOptions(f"the {agent} agent's {key} must be a finite number, not {raw!r}")
    if value < 0:
        raise BadOptions(f"the {agent} agent's {key} cannot be negative")
    return value


def check_params(params: dict[str, str], known: set[str], agent: str) -> None:
    unknown = sorted(set(params) - known)
    if unknown:
        raise BadOptions(f"the {agent} agent has no parameter {unknown[0]!r} (it takes: {', '.join(sorted(known))})")


def _classes() -> dict[str, type[RandomAgent] | type[HeuristicAgent] | type[IsmctsAgent]]:
    """The agents a spec can name, each with its ``from_params`` (an :class:`Agent` built in code, such as a test's
    wrapper, needs none)."""
    from ludoteca.agents.greedy import HeuristicAgent
    from ludoteca.agents.ismcts import IsmctsAgent
    from ludoteca.agents.random_agent import RandomAgent

    return {cls.name: cls for cls in (RandomAgent, HeuristicAgent, IsmctsAgent)}


def _factories() -> dict[str, Callable[[dict[str, str], int], Agent]]:
    return {name: cls.from_params for name, cls in _classes().items()}


def agent_names() -> list[str]:
    return sorted(_factories())


def agent_summaries(game: Game | None = None) -> dict[str, str]:
    """Each agent's ``summary``, by name: what the lobby tells a person choosing an opponent; for ``game``, with
    that game's ``bot_summaries`` in place of the words its measurements contradict."""
    words = {name: cls.summary for name, cls in _classes().items()}
    return words if game is None else words | dict(game.bot_summaries)


def make_agent(spec: str, seed: int = 0, game_id: str | None = None) -> Agent:
    """Build the agent a spec names; :class:`BadOptions` for an unknown agent or parameter. With ``game_id``, a
    parameter whose worth depends on the game is checked against it too (``weights=W``: a weight set the game's
    evaluation has), so that a bad one is refused when the seat is made, not at its first move."""
    name, params = parse_agent_spec(spec)
    factories = _factories()
    if name not in factories:
        raise BadOptions(f"there is no agent {name!r} (known agents: {', '.join(sorted(factories))})")
    agent = factories[name](params, seed)
    weights = getattr(agent, "weights", None)
    if game_id is not None and weights is not None:
        from ludoteca.learning import weighted_scores  # the evaluation modules: only when a set is named

        weighted_scores(game_id, weights)
    return agent
