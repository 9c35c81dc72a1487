"""Agents: programs that choose actions for a seat.

An agent sees only what a player at the table sees: ``state.view(seat)`` and
``state.legal_actions(seat)`` (and, for search agents, ``clone()`` and ``resample()``).
Agents are named by a short spec such as ``random`` or ``random:seed=3`` so that command-line
tools can build them from text.
"""

from __future__ import annotations

from ludoteca.agents.base import Agent, make_agent, parse_agent_spec
from ludoteca.agents.random_agent import RandomAgent

__all__ = ["Agent", "RandomAgent", "make_agent", "parse_agent_spec"]
