"""Play agents against each other with rotating seats and report their win shares.

Game ``i`` gets the seed ``derive_seed(seed, i)`` and seats the agents rotated by ``i`` (seat ``s``
plays agent ``(s + i) mod len(agents)``), so no agent keeps the first seat. A shared win counts as a
fraction of a win, and an agent's share is per seat it filled. The same arguments always give the same games.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ludoteca.agents import make_agent
from ludoteca.agents.base import settled_choice
from ludoteca.core import State, derive_seed, load_game
from ludoteca.stats import wilson


def seat_agents(agents: list[str], players: int, index: int) -> list[str]:
    """The agent spec of each seat in game ``index``: the agents rotated by ``index``."""
    return [agents[(seat + index) % len(agents)] for seat in range(players)]


def play_game(game_id: str, players: int, options: dict[str, Any], specs: list[str], seed: int,
              max_actions: int = 200_000, thinking: list[list[float]] | None = None,
              before_action: Callable[[State, int], None] | None = None,
              cpu_thinking: list[list[float]] | None = None) -> tuple[State, int]:
    """One game between the given agent specs (one per seat); returns the final state and its length.

    ``before_action(state, actions)`` sees the position before each action (``actions`` taken so far): how
    ``ludoteca learn`` samples self-play positions from the same games tournaments play.

    With ``thinking`` (one list per seat), the seconds each seat's agent took over every decision the game
    did not settle itself (more than one option and no ``heuristic_choice`` answer), and every other choice the
    agent searched all the same (``last_iterations`` above 0: Advanced Civilization's board plans), are appended to its
    list: what "a budget of about one second a move" is measured on. ``cpu_thinking`` takes the same decisions'
    CPU seconds (``time.process_time``), which a loaded or paused machine inflates far less than the wall clock.
    """
    state = load_game(game_id, players, options).new_state(seed=seed)
    agents = [make_agent(spec, seed=derive_seed(seed, seat)) for seat, spec in enumerate(specs)]
    actions = 0
    while not state.is_over():
        if actions >= max_actions:
            raise RuntimeError(f"{game_id} seed {seed} did not end within {max_actions} actions")
        if before_action is not None:
            before_action(state, actions)
        seat = state.to_act()[0]
        if thinking is None and cpu_thinking is None:
            state.apply(seat, agents[seat].choose(state, seat))
        else:
            legal = state.legal_actions(seat)
            open_choice = settled_choice(state, seat, legal) is None
            started, cpu_started = time.perf_counter(), time.process_time()
            action = agents[seat].choose(state, seat)
            # A choice the game settles is still thinking when the agent searched it (a board plan weighed).
            open_choice = open_choice or getattr(agents[seat], "last_iterations", 0) > 0
            if open_choice and cpu_thinking is not None:
                cpu_thinking[seat].append(time.process_time() - cpu_started)
            if open_choice and thinking is not None:
                thinking[seat].append(time.perf_counter() - started)
            state.apply(seat, action)
        actions += 1
    return state, actions


@dataclass
class Standing:
    """An agent's record: seats filled (``games``), win credit, and its own thinking time.

    ``thinking`` is the wall-clock seconds the agent took over ``decisions``, the choices the game left open
    (as :func:`play_game` times them): the time of the game itself (its rules, its other seats) is not the
    agent's, so dividing a game's time among its seats would show every agent of a game as equally slow.
    """

    agent: str
    games: int = 0
    wins: float = 0.0
    thinking: float = 0.0
    decisions: int = 0

    @property
    def share(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    @property
    def seconds_per_decision(self) -> float | None:
        """Mean thinking time of one decision; ``None`` when the game never left the agent a choice."""
        return self.thinking / self.decisions if self.decisions else None


@dataclass
class Tournament:
    standings: dict[str, Standing] = field(default_factory=dict)
    games: int = 0


def run_tournament(game_id: str, players: int, agents: list[str], games: int, seed: int = 0,
                   options: dict[str, Any] | None = None,
                   progress: Callable[[int, Tournament], None] | None = None) -> Tournament:
    """Play ``games`` games; an agent's share is its win credit over the seats it filled (fair share:
    1 / players), so an agent filling several seats of one game is not credited with all of them."""
    options = options or {}
    table = Tournament({spec: Standing(spec) for spec in agents})
    for index in range(games):
        specs = seat_agents(agents, players, index)
        thinking: list[list[float]] = [[] for _ in specs]
        state, _ = play_game(game_id, players, options, specs, derive_seed(seed, index), thinking=thinking)
        winners = state.result()["winners"]
        for spec in dict.fromkeys(specs):
            standing = table.standings[spec]
            # Per seat filled: an agent in two seats of a two-player game wins half its seat-games, not all.
            standing.games += specs.count(spec)
            standing.wins += sum(1 / len(winners) for seat in winners if specs[seat] == spec)
            seats = [seat for seat, name in enumerate(specs) if name == spec]
            standing.thinking += sum(sum(thinking[seat]) for seat in seats)
            standing.decisions += sum(len(thinking[seat]) for seat in seats)
        table.games += 1
        if progress is not None:
            progress(index + 1, table)
    return table
