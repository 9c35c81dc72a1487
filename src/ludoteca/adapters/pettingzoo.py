"""Every Ludoteca game as a PettingZoo environment: agent-environment cycle (AEC) and parallel.

    from ludoteca.adapters.pettingzoo import env
    e = env("tigris-euphrates", players=2)
    e.reset(seed=1)
    for agent in e.possible_agents:
        e.action_space(agent).seed(1)  # the reset seed fixes the deal and the dice, not the sampler
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else e.action_space(agent).sample(observation["action_mask"])
        e.step(action)

Agents are ``player_0`` ... ``player_{N-1}`` (seat numbers). The agent to act is the seat the game
waits for; when a game lets several seats decide at once (Advanced Civilization's trade sessions), the
lowest seat goes first (Ludoteca accepts them in any order). Observations are ``{"observation": float32
array, "action_mask": int8 array}`` from the game's encoding (docs/adapters.md); only the agent to act has a
non-zero mask. An action is a Python or NumPy integer; anything else, or an index the mask forbids, raises
``IllegalAction`` and changes nothing.

Rewards come only at the end, from ``state.result()``: the winners share 1 (each gets 1/number of
winners), everybody else gets 0, so every game's rewards add up to 1. A game is truncated (every agent,
no reward) after ``max_steps`` decisions, by default the game's documented bound. ``reset(seed=...)`` makes
the whole game (set-up, dice, hidden cards) reproducible: the game seed is drawn from the reset seed, a
non-negative integer (else ``BadOptions``).
``state()`` is the global state for centralized critics: every seat's observation, in seat order. The
Ludoteca state itself is ``e.ludoteca``.

:func:`parallel_env` is the same game as a PettingZoo ``ParallelEnv``, step for step: each step exactly one
agent acts, the one the AEC environment would select; only its mask is non-zero, so every action given
under a non-zero mask is applied, and the actions given for the others are ignored.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv, ParallelEnv  # type: ignore[import-untyped]

from ludoteca.adapters.encoding import Encoding, action_index, checked_seed, rewards_of
from ludoteca.adapters.encodings import load_encoded
from ludoteca.core.errors import BadOptions, IllegalAction
from ludoteca.core.game import Action, State

RENDER_MODES = ("ansi", "human")
GAME_OVER = "the game is over (every agent has left): call reset() to start another"


def env(
    game_id: str,
    players: int | None = None,
    render_mode: str | None = None,
    max_steps: int | None = None,
    **options: Any,
) -> LudotecaEnv:
    """A PettingZoo AEC environment for ``game_id`` at ``players`` seats with the game's ``options``.

    ``max_steps`` truncates a game after that many decisions (every agent truncated, no reward); ``None``
    is the game's own bound (docs/adapters.md), far beyond the games measured, so that a policy that never
    ends a game (Tigris & Euphrates leaders shuffled forever) cannot run an episode without end.
    """
    return LudotecaEnv(game_id, players=players, render_mode=render_mode, max_steps=max_steps, **options)


def parallel_env(
    game_id: str,
    players: int | None = None,
    render_mode: str | None = None,
    max_steps: int | None = None,
    **options: Any,
) -> LudotecaParallelEnv:
    """The same game as a PettingZoo ``ParallelEnv`` (arguments as for :func:`env`)."""
    return LudotecaParallelEnv(game_id, players=players, render_mode=render_mode, max_steps=max_steps, **options)


class _Table:
    """What both environments share: the game, its spaces, the seed stream, observations and the global state."""

    def _set_up(
        self, game_id: str, players: int | None, render_mode: str | None, max_steps: int | None, options: dict[str, Any]
    ) -> None:
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise BadOptions(f"render_mode must be one of {', '.join(RENDER_MODES)} or None, not {render_mode!r}")
        if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1):
            raise BadOptions(f"max_steps must be a positive integer or None (the game's bound), not {max_steps!r}")
        self.encoding: Encoding = load_encoded(game_id, players, options)
        self.game = self.encoding.game
        self.max_steps: int = self.encoding.length_bound() if max_steps is None else max_steps
        self.steps = 0
        self.render_mode = render_mode
        self.metadata = {
            "render_modes": list(RENDER_MODES),
            "name": f"ludoteca_{game_id.replace('-', '_')}_v0",
            "is_parallelizable": False,
        }
        self.possible_agents = [f"player_{seat}" for seat in range(self.game.players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size = self.encoding.actions.size
        shape = self.encoding.observation_shape
        box = gymnasium.spaces.Box(low=-1.0, high=1.0, shape=shape, dtype=np.float32)
        mask = gymnasium.spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8)
        self.observation_spaces = {
            agent: gymnasium.spaces.Dict({"observation": box, "action_mask": mask}) for agent in self.possible_agents
        }
        self.action_spaces = {agent: gymnasium.spaces.Discrete(size) for agent in self.possible_agents}
        slots = type(self.game).max_players
        self.state_space = gymnasium.spaces.Box(low=-1.0, high=1.0, shape=(slots * shape[0],), dtype=np.float32)
        self._seeds: np.random.Generator | None = None
        self.ludoteca: State | None = None

    def __str__(self) -> str:
        return f"ludoteca {self.game.id} ({self.game.players} players)"

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    def _new_game(self, seed: int | None) -> State:
        """A new game: with ``seed`` the stream restarts from it, without it the stream goes on.

        A bad seed is refused before anything changes, so the game in progress and the stream stay as they were.
        """
        seed = checked_seed(seed)
        if seed is not None or self._seeds is None:
            self._seeds = np.random.default_rng(seed)
        self.ludoteca = self.game.new_state(seed=int(self._seeds.integers(0, 2**62)))
        self.steps = 0
        return self.ludoteca

    def _require_state(self) -> State:
        if self.ludoteca is None:
            raise BadOptions("call reset() before using the environment")
        return self.ludoteca

    def _observation(self, state: State, seat: int, legal: Mapping[int, Action] | None) -> dict[str, np.ndarray]:
        mask = self.encoding.mask(legal) if legal else np.zeros(self.encoding.actions.size, dtype=np.int8)
        return {"observation": self.encoding.observe(state, seat), "action_mask": mask}

    def state(self) -> np.ndarray:
        """The global state for a centralized critic: every seat's observation, in seat order.

        Each seat's observation holds what that seat knows (its own hand included) laid out from its own
        place, so together they hold everything any seat knows; slots beyond the player count are zero, so
        the size is the same at every player count. What nobody knows (the bag's or decks' order, the
        dice to come) is not in it: a critic learns the value of the position, not of one future.
        """
        state = self._require_state()
        size = self.encoding.layout.size
        out = np.zeros(self.state_space.shape, dtype=np.float32)
        for seat in range(state.players):
            out[seat * size : (seat + 1) * size] = self.encoding.observe(state, seat)
        return out

    def _text(self, seat: int) -> str | None:
        """The table as ``seat`` sees it; printed in "human" mode, returned in "ansi" mode."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; pass render_mode='ansi' or 'human'")
            return None
        text = self._require_state().render(seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release: a game is plain data in memory."""


class LudotecaEnv(_Table, AECEnv):  # type: ignore[misc]
    """One Ludoteca game behind PettingZoo's agent-environment-cycle API."""

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        render_mode: str | None = None,
        max_steps: int | None = None,
        **options: Any,
    ):
        AECEnv.__init__(self)
        self._set_up(game_id, players, render_mode, max_steps, options)
        self._legal: Mapping[int, Action] | None = None

    # ------------------------------------------------------------------ the cycle
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; with ``seed`` the same game (and, given the same actions, the same dice)."""
        self._new_game(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._legal = None
        self._after_move()

    def _after_move(self) -> None:
        """Select the next agent, or end the game and hand out the rewards, or truncate it."""
        state = self._require_state()
        self._legal = None
        if state.is_over():
            for agent, reward in zip(self.possible_agents, rewards_of(state), strict=True):
                if agent in self.agents:
                    self.rewards[agent] = reward
                    self.terminations[agent] = True
            self._accumulate_rewards()
            self.agent_selection = self.agents[0]
        elif self.steps >= self.max_steps:
            for agent in self.agents:
                self.truncations[agent] = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[min(state.to_act())]

    def legal_actions(self) -> Mapping[int, Action]:
        """The legal actions of the agent to act, by index (cached until the next step)."""
        state = self._require_state()
        if self._legal is None:
            done = state.is_over() or self.truncations.get(self.agent_selection, False)
            self._legal = {} if done else self.encoding.legal(state, self._seat[self.agent_selection])
        return self._legal

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        state = self._require_state()
        acting = agent == self.agent_selection and not state.is_over() and not self.truncations.get(agent, False)
        return self._observation(state, self._seat[agent], self.legal_actions() if acting else None)

    def last(self, observe: bool = True) -> tuple[dict[str, np.ndarray] | None, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last()``; once every agent has left, a clear error rather than a ``KeyError``."""
        self._require_state()
        if not self.agents:
            raise IllegalAction(GAME_OVER)
        return super().last(observe)  # type: ignore[no-any-return]

    def step(self, action: int | None) -> None:
        state = self._require_state()
        if not self.agents:  # PettingZoo's bookkeeping of the agents has nothing left to look up
            raise IllegalAction(GAME_OVER)
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalAction(f"{agent} must choose an action: the game is not over")
        chosen = _choose(self.encoding, self.legal_actions(), agent, action)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        state.apply_legal(self._seat[agent], chosen)
        self.steps += 1
        self._after_move()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """The table as the agent to act sees it (``state.render(seat)``); printed in "human" mode."""
        return self._text(self._seat[self.agent_selection])


class LudotecaParallelEnv(_Table, ParallelEnv):  # type: ignore[misc]
    """One Ludoteca game behind PettingZoo's parallel API.

    Ludoteca games are turn-based, and when several seats may decide at once (Advanced Civilization's trade
    sessions) one seat's decision can end another's or change what it may do. So each step exactly one agent
    acts, the lowest seat the game waits for (the AEC environment's choice), and only its mask is non-zero:
    an action given under a non-zero mask is always applied, never silently dropped, and the actions given
    for the others (zero masks) are ignored. All agents stay until the game ends or is truncated, then all
    leave at once.
    """

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        render_mode: str | None = None,
        max_steps: int | None = None,
        **options: Any,
    ):
        self._set_up(game_id, players, render_mode, max_steps, options)
        self.agents: list[str] = []

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, np.ndarray]], dict[str, dict[str, Any]]]:
        """Start a new game; with ``seed`` the same game (and, given the same actions, the same dice)."""
        state = self._new_game(seed)
        self.agents = list(self.possible_agents)
        return self._observations(state), {agent: {} for agent in self.agents}

    def _observations(self, state: State) -> dict[str, dict[str, np.ndarray]]:
        """Every agent's observation; only the acting seat's (the lowest the game waits for) has a mask."""
        done = state.is_over() or self.steps >= self.max_steps
        acting = None if done else min(state.to_act())
        return {
            agent: self._observation(state, seat, self.encoding.legal(state, seat) if seat == acting else None)
            for agent, seat in self._seat.items()
        }

    def step(
        self, actions: dict[str, int]
    ) -> tuple[
        dict[str, dict[str, np.ndarray]],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Apply the acting agent's action (the only non-zero mask); the others' are ignored.

        Everything is checked before anything is applied: a value that is not an integer index (for any agent:
        it is a bug even where ignored), or a missing or illegal action of the acting agent, raises
        :class:`IllegalAction` and changes neither the game nor the step count.
        """
        state = self._require_state()
        if not self.agents:
            raise IllegalAction(GAME_OVER)
        for agent, action in actions.items():
            if action is not None:
                action_index(action, agent)
        seat = min(state.to_act())
        agent = self.possible_agents[seat]
        if actions.get(agent) is None:
            raise IllegalAction(f"{agent} must choose an action: the game waits for it")
        state.apply_legal(seat, _choose(self.encoding, self.encoding.legal(state, seat), agent, actions[agent]))
        self.steps += 1
        agents = list(self.agents)
        over = state.is_over()
        cut = not over and self.steps >= self.max_steps
        rewards = (
            dict(zip(self.possible_agents, rewards_of(state), strict=True)) if over else dict.fromkeys(agents, 0.0)
        )
        terminations = dict.fromkeys(agents, over)
        truncations = dict.fromkeys(agents, cut)
        observations = self._observations(state)
        if over or cut:
            self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, {agent: {} for agent in agents}

    def render(self) -> str | None:
        """The table as the (lowest) seat to act sees it, or as seat 0 once the game is over."""
        state = self._require_state()
        return self._text(0 if state.is_over() else min(state.to_act()))


def _choose(encoding: Encoding, legal: Mapping[int, Action], agent: str, action: Any) -> Action:
    """The legal action of index ``action``, or :class:`IllegalAction` naming why not (nothing changes)."""
    index = action_index(action, agent)
    if not 0 <= index < encoding.actions.size:
        raise IllegalAction(f"action {index} is outside the action space 0..{encoding.actions.size - 1}")
    chosen = legal.get(index)
    if chosen is None:
        raise IllegalAction(f"action {index} ({encoding.actions.describe(index)}) is not legal for {agent} now")
    return chosen
