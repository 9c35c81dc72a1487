"""Batched stepping: N games of one kind stepped together, observations and masks stacked as numpy arrays.

    from ludoteca.adapters.vector import VectorEnv
    venv = VectorEnv("arabian-struggle", num_envs=16, players=2)
    observations, info = venv.reset(seed=1)
    rng = np.random.default_rng(0)
    for _ in range(1000):
        observations, rewards, terminations, truncations, info = venv.step(venv.sample(rng))

Each slot holds one game (same game, player count and options). A step takes one action per slot, for the
seat that slot's game waits for (``info["to_play"]``), and returns what the next seat to act sees: its
observation and action mask, stacked over the slots. Ludoteca games are turn-based, so a slot is a
sequence of single decisions whoever makes them; a learner reads ``to_play`` to know whose view a row is.

A slot whose game ends (or is cut at ``max_steps`` decisions) starts its next game in the same step, as
Gymnasium's vector environments do in their same-step auto-reset mode: the returned row is already the new
game's first observation, the rewards of the step are the finished game's, and the finished game's last
observations (one per seat), its result and its length are kept in ``info`` under ``final_observation``,
``final_result`` and ``final_steps`` (with ``_final_observation`` saying which slots ended).

Why Python loops and not one big array program: the rules engines are Python; the batch saves the learner
the bookkeeping (one call, arrays ready for a network) and keeps the seeds of every slot apart, so a run
repeats to the deal. Slot ``i``'s games are seeded from ``SeedSequence(seed, spawn_key=(i,))``: its games
are the same at every batch size (slot 0 of 256 plays what slot 0 of 1 plays, given the same actions).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np

from ludoteca.adapters.encoding import Encoding, checked_seed, rewards_of
from ludoteca.adapters.encodings import load_encoded
from ludoteca.core.errors import BadOptions, IllegalAction
from ludoteca.core.game import Action, State


class VectorEnv:
    """``num_envs`` games of ``game_id`` (``players`` seats, the game's ``options``) stepped as one batch.

    ``max_steps`` is the per-game bound on decisions, as in the PettingZoo environment (``None``: the
    game's own bound, docs/adapters.md); a game reaching it is truncated with no reward and reset.
    """

    def __init__(
        self,
        game_id: str,
        num_envs: int,
        players: int | None = None,
        max_steps: int | None = None,
        **options: Any,
    ) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise BadOptions(f"num_envs must be a positive integer, not {num_envs!r}")
        if max_steps is not None and (isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1):
            raise BadOptions(f"max_steps must be a positive integer or None (the game's bound), not {max_steps!r}")
        self.encoding: Encoding = load_encoded(game_id, players, options)
        self.game = self.encoding.game
        self.num_envs = num_envs
        self.players = self.game.players
        self.max_steps: int = self.encoding.length_bound() if max_steps is None else max_steps
        size = self.encoding.actions.size
        shape = self.encoding.observation_shape
        self.single_observation_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(low=-1.0, high=1.0, shape=shape, dtype=np.float32),
                "action_mask": gymnasium.spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8),
            }
        )
        self.single_action_space = gymnasium.spaces.Discrete(size)
        self.observation_space = gymnasium.spaces.Dict(
            {
                "observation": gymnasium.spaces.Box(low=-1.0, high=1.0, shape=(num_envs, *shape), dtype=np.float32),
                "action_mask": gymnasium.spaces.Box(low=0, high=1, shape=(num_envs, size), dtype=np.int8),
            }
        )
        self.action_space = gymnasium.spaces.MultiDiscrete([size] * num_envs)
        self._streams: list[np.random.Generator] = []
        self.states: list[State] = []
        self.steps = np.zeros(num_envs, dtype=np.int64)
        self._legal: list[Mapping[int, Action]] = []
        self._to_play = np.zeros(num_envs, dtype=np.int64)

    def __repr__(self) -> str:
        return f"VectorEnv({self.game.id!r}, num_envs={self.num_envs}, players={self.players})"

    # ------------------------------------------------------------------ the batch
    def reset(self, seed: int | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Start a game in every slot; with ``seed`` the same games (and, given the same actions, the same dice).

        Without a seed the slots' streams go on (new games), or start from fresh entropy on the first call. A
        seed must be a non-negative integer (:class:`BadOptions` otherwise, nothing changed).
        """
        seed = checked_seed(seed)
        if seed is not None or not self._streams:
            root = np.random.SeedSequence(seed)
            self._streams = [
                np.random.default_rng(np.random.SeedSequence(root.entropy, spawn_key=(slot,)))
                for slot in range(self.num_envs)
            ]
        self.states = [self._new_game(slot) for slot in range(self.num_envs)]
        self.steps[:] = 0
        self._legal = [{} for _ in range(self.num_envs)]
        observations = self._empty_observations()
        for slot in range(self.num_envs):
            self._prepare(slot, observations)
        return observations, {"to_play": self._to_play.copy()}

    def step(self, actions: Any) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """One decision in every slot: ``actions[i]`` is the index chosen by the seat slot ``i`` waits for.

        Every action is checked before any is applied: actions that are not integers (floats would be truncated
        to an index nobody chose) or an index not legal in its slot raise :class:`IllegalAction`, naming the
        slot, and no game changes. Returns the stacked observations and masks
        (of the next seat to act in each slot), the rewards ``(num_envs, players)`` by absolute seat (non-zero
        only in a step that ends a game), terminations and truncations ``(num_envs,)``, and ``info``.
        """
        if not self.states:
            raise BadOptions("call reset() before step()")
        chosen_indices = np.asarray(actions).reshape(-1)
        if chosen_indices.dtype.kind not in "iu":
            raise IllegalAction(f"step() needs integer action indices, not {chosen_indices.dtype} values: {actions!r}")
        if chosen_indices.shape[0] != self.num_envs:
            raise IllegalAction(f"step() needs {self.num_envs} actions (one per slot), not {chosen_indices.shape[0]}")
        chosen: list[Action] = []
        size = self.encoding.actions.size
        for slot, raw in enumerate(chosen_indices.tolist()):
            index = int(raw)
            action = self._legal[slot].get(index)
            if action is None:
                what = self.encoding.actions.describe(index) if 0 <= index < size else "outside the action space"
                raise IllegalAction(
                    f"slot {slot}: action {index} ({what}) is not legal for seat {int(self._to_play[slot])} now; "
                    "no game was changed"
                )
            chosen.append(action)
        observations = self._empty_observations()
        rewards = np.zeros((self.num_envs, self.players), dtype=np.float32)
        terminations = np.zeros(self.num_envs, dtype=bool)
        truncations = np.zeros(self.num_envs, dtype=bool)
        ended = np.zeros(self.num_envs, dtype=bool)
        final_observation = np.full(self.num_envs, None, dtype=object)
        final_result = np.full(self.num_envs, None, dtype=object)
        final_steps = np.zeros(self.num_envs, dtype=np.int64)
        for slot, action in enumerate(chosen):
            state = self.states[slot]
            state.apply_legal(int(self._to_play[slot]), action)
            self.steps[slot] += 1
            over = state.is_over()
            if over or self.steps[slot] >= self.max_steps:
                # Auto-reset (same step): keep what the finished game leaves, then deal the next one.
                ended[slot] = True
                terminations[slot] = over
                truncations[slot] = not over
                if over:
                    rewards[slot] = rewards_of(state)
                    final_result[slot] = state.result()
                final_observation[slot] = np.stack([self.encoding.observe(state, seat) for seat in range(self.players)])
                final_steps[slot] = self.steps[slot]
                self.states[slot] = self._new_game(slot)
                self.steps[slot] = 0
            self._prepare(slot, observations)
        info: dict[str, Any] = {"to_play": self._to_play.copy()}
        if ended.any():
            info.update(
                final_observation=final_observation,
                _final_observation=ended,
                final_result=final_result,
                final_steps=final_steps,
            )
        return observations, rewards, terminations, truncations, info

    def sample(self, rng: np.random.Generator) -> np.ndarray:
        """A uniformly random legal action per slot, drawn from ``rng`` (the random baseline; reproducible)."""
        out = np.empty(self.num_envs, dtype=np.int64)
        for slot, legal in enumerate(self._legal):
            keys = list(legal)
            out[slot] = keys[int(rng.integers(len(keys)))]
        return out

    def state(self) -> np.ndarray:
        """The global state of every slot for a centralized critic: ``(num_envs, max_players * obs)``.

        As the PettingZoo ``state()``: each seat's own observation in seat order, slots beyond the player
        count zero; what no seat knows (the bag, the decks' order, the dice to come) is not in it.
        """
        width = self.encoding.layout.size
        slots = type(self.game).max_players
        out = np.zeros((self.num_envs, slots * width), dtype=np.float32)
        for slot, state in enumerate(self.states):
            for seat in range(self.players):
                out[slot, seat * width : (seat + 1) * width] = self.encoding.observe(state, seat)
        return out

    def close(self) -> None:
        """Nothing to release: the games are plain data in memory."""

    # ------------------------------------------------------------------ helpers
    def _new_game(self, slot: int) -> State:
        return self.game.new_state(seed=int(self._streams[slot].integers(0, 2**62)))

    def _empty_observations(self) -> dict[str, np.ndarray]:
        return {
            "observation": np.zeros((self.num_envs, self.encoding.layout.size), dtype=np.float32),
            "action_mask": np.zeros((self.num_envs, self.encoding.actions.size), dtype=np.int8),
        }

    def _prepare(self, slot: int, observations: dict[str, np.ndarray]) -> None:
        """The next seat to act in ``slot``: its legal actions (kept to check the next step), view and mask."""
        state = self.states[slot]
        seat = min(state.to_act())
        legal = self.encoding.legal(state, seat)
        self._legal[slot] = legal
        self._to_play[slot] = seat
        observations["observation"][slot] = self.encoding.observe(state, seat)
        self.encoding.mask_into(legal, observations["action_mask"][slot])
