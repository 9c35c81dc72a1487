"""Agents: programs that choose actions for a seat.

``random`` (uniform), ``heuristic`` (one move of look-ahead judged by the game's evaluation) and
``ismcts`` (information-set Monte Carlo tree search). See :mod:`ludoteca.agents.base` for the interface.
"""

from __future__ import annotations

from ludoteca.agents.base import Agent, agent_names, agent_summaries, make_agent, parse_agent_spec
from ludoteca.agents.greedy import HeuristicAgent
from ludoteca.agents.ismcts import IsmctsAgent
from ludoteca.agents.random_agent import RandomAgent

__all__ = [
    "Agent", "HeuristicAgent", "IsmctsAgent", "RandomAgent", "agent_names", "agent_summaries", "make_agent",
    "parse_agent_spec",
]
