"""Bots on a shared server: what a seat may ask of one, and where their thinking runs.

A bot's spec comes from whoever creates a game, so the server bounds it: every agent parameter has a
documented ceiling (``AGENT_LIMITS``; a spec beyond it is a 400 naming the parameter and its limit),
and every choice is cut off at ``MOVE_SECONDS`` whatever its budget. Bots think in two small thread
pools, never on the event loop: search bots (``ismcts``) in one, the instant ones (``random``,
``heuristic``) in the other, so a slow search in one game never delays a quick bot in another. Each
game asks for one move at a time, and a pool serves requests in arrival order, so games take turns.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from ludoteca.agents import Agent, make_agent, parse_agent_spec
from ludoteca.core import BadOptions

T = TypeVar("T")

MOVE_SECONDS = 10.0
"""The longest a bot may think about one move on the server (a search is stopped there)."""

AGENT_LIMITS: dict[str, dict[str, float]] = {
    "random": {"seed": 2**63 - 1},
    "heuristic": {"seed": 2**63 - 1, "samples": 16},  # 8 times the default: about a second a move at worst
    "ismcts": {
        "seed": 2**63 - 1,
        "iterations": 5000,
        "seconds": MOVE_SECONDS,
        "depth": 200,
        "c": 10.0,
        "prior": 1000,
        "grow": 1000,
        "tree": 200,
        "width": 1000,
        "hints": 1,
        "guided": 1,
        "flat": 1.0,
        "quiet": 5000,
        "plans": 2,
    },
}
"""The largest value of each agent parameter a server game accepts (every parameter an agent takes)."""


def check_spec(spec: str) -> None:
    """Refuse a bot spec whose parameters exceed the server's limits (:class:`BadOptions`, with the limit).

    The agent itself checks names, kinds and signs; this adds the ceilings, and refuses values that are
    not finite numbers (``inf``, ``nan``) before they reach it.
    """
    name, params = parse_agent_spec(spec)
    limits = AGENT_LIMITS.get(name)
    if limits is None:
        return  # an unknown agent: make_agent names the known ones
    for key, raw in params.items():
        if key not in limits:
            continue  # an unknown parameter: make_agent names the ones the agent takes
        try:
            value = float(raw)
        except ValueError:
            continue  # not a number: make_agent says which kind it must be
        if not math.isfinite(value):
            raise BadOptions(f"the {name} agent's {key} must be a finite number, not {raw!r}")
        if value > limits[key]:
            shown = int(limits[key]) if float(limits[key]).is_integer() else limits[key]
            raise BadOptions(f"the {name} agent's {key} may be at most {shown} on this server, not {raw!r}")


def server_agent(spec: str, seed: int, game_id: str | None = None) -> Agent:
    """The agent for a bot seat, within the server's limits, with the per-move cut-off set; with ``game_id``
    (a game being made), its game-dependent settings checked too (a weight set the game has)."""
    check_spec(spec)
    agent = make_agent(spec, seed, game_id)
    if hasattr(agent, "time_limit"):
        agent.time_limit = MOVE_SECONDS
    return agent


def is_search(spec: str) -> bool:
    """Whether a bot thinks for a while (a search) rather than answering at once."""
    return parse_agent_spec(spec)[0] == "ismcts"


class BotPools:
    """Two bounded thread pools: one for searches, one for bots that answer at once."""

    def __init__(self, search_workers: int = 1, quick_workers: int = 1) -> None:
        self.search = ThreadPoolExecutor(max_workers=search_workers, thread_name_prefix="ludoteca-search")
        self.quick = ThreadPoolExecutor(max_workers=quick_workers, thread_name_prefix="ludoteca-bot")

    async def run(self, spec: str, work: Callable[..., T], *args: Any) -> T:
        """Run ``work(*args)`` in the pool for ``spec``'s kind of bot, without blocking the event loop."""
        pool = self.search if is_search(spec) else self.quick
        return await asyncio.get_running_loop().run_in_executor(pool, work, *args)

    def close(self) -> None:
        # A search still running is bounded by MOVE_SECONDS; nothing waits for it.
        self.search.shutdown(wait=False, cancel_futures=True)
        self.quick.shutdown(wait=False, cancel_futures=True)
