"""Every Ludoteca game as a PettingZoo AEC environment.

    from ludoteca.adapters.pettingzoo import env
    e = env("tigris-euphrates", players=2)
    e.reset(seed=1)
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else e.action_space(agent).sample(observation["action_mask"])
        e.step(action)

Agents are ``player_0`` ... ``player_{N-1}`` (seat numbers). The agent to act is the seat the game
waits for; when a game lets several seats decide at once, the lowest seat goes first (Ludoteca accepts
them in any order). Observations are ``{"observation": float32 array, "action_mask": int8 array}``
from the game's encoding (docs/adapters.md); only the agent to act has a non-zero mask.

Rewards come only at the end, from ``state.result()``: the winners share 1 (each gets 1/number of
winners), everybody else gets 0, so every game's rewards add up to 1. ``reset(seed=...)`` makes the
whole game (set-up, dice, hidden cards) reproducible: the game seed is drawn from the reset seed.
The Ludoteca state itself is ``e.ludoteca`` (PettingZoo reserves ``state()`` for a global observation).
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from ludoteca.adapters.encoding import Encoding, rewards_of
from ludoteca.adapters.encodings import load_encoded
from ludoteca.core.errors import BadOptions, IllegalAction
from ludoteca.core.game import Action, State

RENDER_MODES = ("ansi", "human")


def env(
    game_id: str,
    players: int | None = None,
    render_mode: str | None = None,
    max_steps: int | None = None,
    **options: Any,
) -> LudotecaEnv:
    """A PettingZoo AEC environment for ``game_id`` at ``players`` seats with the game's ``options``.

    ``max_steps`` truncates a game after that many decisions (every agent truncated, no reward):
    a random Mankind game takes a thousand or more, which a training loop may not want to wait for.
    """
    return LudotecaEnv(game_id, players=players, render_mode=render_mode, max_steps=max_steps, **options)


class LudotecaEnv(AECEnv):  # type: ignore[misc]
    """One Ludoteca game behind PettingZoo's agent-environment-cycle API."""

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        render_mode: str | None = None,
        max_steps: int | None = None,
        **options: Any,
    ):
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise BadOptions(f"render_mode must be one of {', '.join(RENDER_MODES)} or None, not {render_mode!r}")
        if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1):
            raise BadOptions(f"max_steps must be a positive integer or None, not {max_steps!r}")
        self.max_steps = max_steps
        self.steps = 0
        self.encoding: Encoding = load_encoded(game_id, players, options)
        self.game = self.encoding.game
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
        self._seeds: np.random.Generator | None = None
        self.ludoteca: State | None = None
        self._legal: dict[int, Action] | None = None

    def __str__(self) -> str:
        return f"ludoteca {self.game.id} ({self.game.players} players)"

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ the cycle
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; with ``seed`` the same game (and, given the same actions, the same dice)."""
        if seed is not None or self._seeds is None:
            self._seeds = np.random.default_rng(seed)
        game_seed = int(self._seeds.integers(0, 2**62))
        self.ludoteca = self.game.new_state(seed=game_seed)
        self.steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._legal = None
        self._after_move()

    def _require_state(self) -> State:
        if self.ludoteca is None:
            raise BadOptions("call reset() before using the environment")
        return self.ludoteca

    def _after_move(self) -> None:
        """Select the next agent, or end the game and hand out the rewards."""
        state = self._require_state()
        self._legal = None
        if state.is_over():
            for agent, reward in zip(self.possible_agents, rewards_of(state), strict=True):
                if agent in self.agents:
                    self.rewards[agent] = reward
                    self.terminations[agent] = True
            self._accumulate_rewards()
            self.agent_selection = self.agents[0]
        elif self.max_steps is not None and self.steps >= self.max_steps:
            for agent in self.agents:
                self.truncations[agent] = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[min(state.to_act())]

    def legal_actions(self) -> dict[int, Action]:
        """The legal actions of the agent to act, by index (cached until the next step)."""
        state = self._require_state()
        if self._legal is None:
            done = state.is_over() or self.truncations.get(self.agent_selection, False)
            self._legal = {} if done else self.encoding.legal(state, self._seat[self.agent_selection])
        return self._legal

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        state = self._require_state()
        seat = self._seat[agent]
        if agent == self.agent_selection and not state.is_over() and not self.truncations.get(agent, False):
            mask = self.encoding.mask(self.legal_actions())
        else:
            mask = np.zeros(self.encoding.actions.size, dtype=np.int8)
        return {"observation": self.encoding.observe(state, seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        state = self._require_state()
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalAction(f"{agent} must choose an action: the game is not over")
        index = int(action)
        if not 0 <= index < self.encoding.actions.size:
            raise IllegalAction(f"action {index} is outside the action space 0..{self.encoding.actions.size - 1}")
        chosen = self.legal_actions().get(index)
        if chosen is None:
            raise IllegalAction(
                f"action {index} ({self.encoding.actions.describe(index)}) is not legal for {agent} now"
            )
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        state.apply_legal(self._seat[agent], chosen)
        self.steps += 1
        self._after_move()
        if self.render_mode == "human":
            self.render()

    # ------------------------------------------------------------------ text
    def render(self) -> str | None:
        """The table as the agent to act sees it (``state.render(seat)``); printed in "human" mode."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; pass render_mode='ansi' or 'human'")
            return None
        state = self._require_state()
        text = state.render(self._seat[self.agent_selection])
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        """Nothing to release: a game is plain data in memory."""
