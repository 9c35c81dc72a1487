"""One learning seat against fixed Ludoteca agents, as a single-agent Gymnasium environment.

    from ludoteca.adapters.gym import LudotecaGymEnv
    e = LudotecaGymEnv("arabian-struggle", players=2, opponents="heuristic")
    observation, info = e.reset(seed=1)
    e.action_space.seed(1)  # the reset seed fixes the deal, the dice and the opponents, not the sampler
    while True:
        action = e.action_space.sample(observation["action_mask"])
        observation, reward, terminated, truncated, info = e.step(action)
        if terminated or truncated:
            break

The learner sits at ``seat``; every other seat is played by an agent built from a spec as
``ludoteca.agents.make_agent`` reads it (``random``, ``heuristic``, ``ismcts:iterations=100,depth=0``...):
one spec for all of them, or one per other seat in seat order. A step applies the learner's action, then
lets the opponents play until the learner must decide again or the game ends, so the learner only sees its
own decisions. Observations are the PettingZoo ones for the learner's seat (``{"observation", "action_mask"}``);
the mask is also in ``info["action_mask"]``.

The reward comes once, when the game ends: the learner's win share (1 / number of winners if it is one of
them, else 0), as in the other adapters. Truncation is on by default: after the game's bound on decisions
(every seat's decisions count, docs/adapters.md) the episode is truncated with no reward.

An action the mask forbids does not raise by default (``illegal_action="lose"``): the episode ends
(terminated) with reward -1 and ``info["illegal_action"]`` set, the convention of pgx, so that tools that
sample unmasked actions (Gymnasium's ``check_env``) can drive the environment; ``illegal_action="raise"``
raises ``IllegalAction`` and changes nothing. An action that is not an integer index at all (a float, a text,
a bool) raises ``IllegalAction`` in both modes: it is a bug in the caller, not a move to lose by.

``reset(seed=s)`` repeats the deal, the dice and the opponents' choices: the game's seed and each
opponent's seed are drawn from Gymnasium's ``np_random`` seeded by ``s``, a non-negative integer (else
``BadOptions``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np

from ludoteca.adapters.encoding import Encoding, action_index, checked_seed, rewards_of
from ludoteca.adapters.encodings import load_encoded
from ludoteca.agents.base import Agent, make_agent
from ludoteca.core.errors import BadOptions, IllegalAction
from ludoteca.core.game import Action, State

ILLEGAL_ACTION_MODES = ("lose", "raise")


class LudotecaGymEnv(gymnasium.Env[dict[str, np.ndarray], np.int64]):
    """A Ludoteca game seen by one seat; the others are played by fixed agents (module docstring)."""

    # Gymnasium declares it an instance attribute, so no ClassVar here.
    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012

    def __init__(
        self,
        game_id: str,
        players: int | None = None,
        seat: int = 0,
        opponents: str | Sequence[str] = "random",
        max_steps: int | None = None,
        illegal_action: str = "lose",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise BadOptions(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        if illegal_action not in ILLEGAL_ACTION_MODES:
            raise BadOptions(f"illegal_action must be one of {', '.join(ILLEGAL_ACTION_MODES)}, not {illegal_action!r}")
        if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1):
            raise BadOptions(f"max_steps must be a positive integer or None (the game's bound), not {max_steps!r}")
        self.encoding: Encoding = load_encoded(game_id, players, options)
        self.game = self.encoding.game
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.game.players:
            raise BadOptions(f"seat must be 0..{self.game.players - 1}, not {seat!r}")
        self.seat = seat
        others = [s for s in range(self.game.players) if s != seat]
        specs = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(specs) != len(others):
            raise BadOptions(f"opponents needs one spec or {len(others)} (one per other seat), not {len(specs)}")
        for spec in specs:
            make_agent(spec, game_id=self.game.id)  # a bad spec is refused now, not at the first reset
        self.opponent_specs = dict(zip(others, specs, strict=True))
        self.max_steps: int = self.encoding.length_bound() if max_steps is None else max_steps
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        size = self.encoding.actions.size
        self.observation_space = gymnasium.spaces.Dict(  # type: ignore[assignment]  # a Dict space of arrays
            {
                "observation": gymnasium.spaces.Box(
                    low=-1.0, high=1.0, shape=self.encoding.observation_shape, dtype=np.float32
                ),
                "action_mask": gymnasium.spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8),
            }
        )
        self.action_space = gymnasium.spaces.Discrete(size)
        slots = type(self.game).max_players
        self.state_space = gymnasium.spaces.Box(
            low=-1.0, high=1.0, shape=(slots * self.encoding.layout.size,), dtype=np.float32
        )
        self.ludoteca: State | None = None
        self.steps = 0
        self._agents: dict[int, Agent] = {}
        self._legal: Mapping[int, Action] = {}
        self._done = True

    # ------------------------------------------------------------------ Gymnasium's API
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """A new game; with ``seed`` the same deal, dice and opponents' choices (given the same actions)."""
        super().reset(seed=checked_seed(seed))
        draws = self.np_random.integers(0, 2**62, size=1 + len(self.opponent_specs))
        self.ludoteca = self.game.new_state(seed=int(draws[0]))
        self._agents = {
            other: make_agent(spec, seed=int(draws[1 + i]))
            for i, (other, spec) in enumerate(sorted(self.opponent_specs.items()))
        }
        self.steps = 0
        self._play_opponents()
        # Opponents that end the game (or reach the bound) before the learner's first decision leave nothing
        # to step: the mask is empty and step() asks for a reset.
        self._done = not self._legal
        return self._outputs()

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        """The learner's decision, then the opponents' until the learner decides again or the game ends."""
        if self.ludoteca is None or self._done:
            raise BadOptions("the episode is over (or never started): call reset()")
        state = self.ludoteca
        index = action_index(action, f"seat {self.seat}")
        chosen = self._legal.get(index)
        if chosen is None:
            if self.illegal_action == "raise":
                known = 0 <= index < self.encoding.actions.size
                what = self.encoding.actions.describe(index) if known else "out of range"
                raise IllegalAction(f"action {index} ({what}) is not legal for seat {self.seat} now")
            self._done = True
            self._legal = {}
            observation, info = self._outputs(illegal_action=True)
            return observation, -1.0, True, False, info
        state.apply_legal(self.seat, chosen)
        self.steps += 1
        self._play_opponents()
        terminated = state.is_over()
        truncated = not terminated and self.steps >= self.max_steps
        reward = rewards_of(state)[self.seat] if terminated else 0.0
        self._done = terminated or truncated
        if self._done:
            self._legal = {}
        observation, info = self._outputs()
        return observation, reward, terminated, truncated, info

    def render(self) -> str | None:
        """The table as the learner sees it (``state.render(seat)``)."""
        if self.render_mode != "ansi" or self.ludoteca is None:
            return None
        return self.ludoteca.render(self.seat)

    def action_masks(self) -> np.ndarray:
        """The learner's legal actions as booleans (the name sb3-contrib's MaskablePPO looks for)."""
        return self.encoding.mask(self._legal).astype(bool)

    def state(self) -> np.ndarray:
        """The global state for a centralized critic: every seat's observation in seat order (as PettingZoo's
        ``state()``; slots beyond the player count zero). It holds what some seat knows, never the bag, the
        decks' order or the dice to come."""
        if self.ludoteca is None:
            raise BadOptions("call reset() before state()")
        width = self.encoding.layout.size
        out = np.zeros(self.state_space.shape, dtype=np.float32)
        for other in range(self.game.players):
            out[other * width : (other + 1) * width] = self.encoding.observe(self.ludoteca, other)
        return out

    # ------------------------------------------------------------------ helpers
    def _play_opponents(self) -> None:
        """Let the fixed agents decide until the learner must, the game ends or the bound is reached."""
        state = self.ludoteca
        assert state is not None
        self._legal = {}
        while not state.is_over() and self.steps < self.max_steps:
            waiting = state.to_act()
            if self.seat in waiting:
                self._legal = self.encoding.legal(state, self.seat)
                return
            other = min(waiting)
            state.apply_legal(other, self._agents[other].choose(state, other))
            self.steps += 1

    def _outputs(self, **extra: Any) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """The learner's observation and the step's info, the mask built once for both (each its own copy)."""
        assert self.ludoteca is not None
        mask = self.encoding.mask(self._legal)
        observation = {"observation": self.encoding.observe(self.ludoteca, self.seat), "action_mask": mask}
        info: dict[str, Any] = {"action_mask": mask.copy(), "steps": self.steps}
        info.update(extra)
        return observation, info
