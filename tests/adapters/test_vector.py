"""The vector environment: a seeded run repeats to the deal, finished games reset in the same step keeping
their last observations and result, and a bad action in one slot is refused naming it with no game changed."""

from __future__ import annotations

import pytest

pytest.importorskip("gymnasium", reason="the RL adapters need the 'rl' extra: pip install ludoteca[rl]")

import numpy as np

from ludoteca import BadOptions, IllegalAction
from ludoteca.adapters.pettingzoo import env
from ludoteca.adapters.vector import VectorEnv


def _run(seed: int, steps: int) -> list[tuple[np.ndarray, ...]]:
    venv = VectorEnv("tigris-euphrates", num_envs=4, players=2)
    observations, info = venv.reset(seed=seed)
    rng = np.random.default_rng(seed)
    trace = [(observations["observation"], observations["action_mask"], info["to_play"])]
    for _ in range(steps):
        observations, rewards, terminations, truncations, info = venv.step(venv.sample(rng))
        trace.append((observations["observation"], observations["action_mask"], rewards, terminations, truncations))
    return trace


def test_the_same_seed_gives_the_same_stacked_arrays_over_200_steps() -> None:
    first, second = _run(5, 200), _run(5, 200)
    for a, b in zip(first, second, strict=True):
        for x, y in zip(a, b, strict=True):
            assert np.array_equal(x, y)
    other = _run(6, 3)
    assert not np.array_equal(first[0][0], other[0][0])  # another seed, another deal


def test_shapes_and_the_acting_seats_view() -> None:
    venv = VectorEnv("tigris-euphrates", num_envs=3, players=3)
    observations, info = venv.reset(seed=2)
    assert observations["observation"].shape == (3, 6237)
    assert observations["action_mask"].shape == (3, 3049)
    assert observations["observation"].dtype == np.float32
    for slot in range(3):
        seat = int(info["to_play"][slot])
        assert np.array_equal(observations["observation"][slot], venv.encoding.observe(venv.states[slot], seat))
        assert np.array_equal(
            np.flatnonzero(observations["action_mask"][slot]), sorted(venv.encoding.legal(venv.states[slot], seat))
        )
    assert venv.state().shape == (3, 4 * 6237)


def test_a_slot_plays_the_same_games_at_every_batch_size() -> None:
    one = VectorEnv("arabian-struggle", num_envs=1, players=2)
    many = VectorEnv("arabian-struggle", num_envs=5, players=2)
    a, _ = one.reset(seed=9)
    b, _ = many.reset(seed=9)
    assert np.array_equal(a["observation"][0], b["observation"][0])
    assert one.states[0].data == many.states[0].data


def test_a_finished_game_resets_in_the_same_step_and_keeps_its_ending() -> None:
    venv = VectorEnv("tigris-euphrates", num_envs=2, players=2)
    venv.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(5000):
        before = [state.clone() for state in venv.states]
        actions = venv.sample(rng)
        observations, rewards, terminations, truncations, info = venv.step(actions)
        if terminations.any():
            break
    else:
        pytest.fail("no game ended in 5000 random steps")
    slot = int(np.flatnonzero(terminations)[0])
    assert info["_final_observation"][slot] and not truncations[slot]
    # The finished game is the one the step ended: replay the action on the copy taken before the step.
    finished = before[slot]
    finished.apply_legal(
        min(finished.to_act()), venv.encoding.legal(finished, min(finished.to_act()))[int(actions[slot])]
    )
    assert finished.is_over()
    assert info["final_result"][slot] == finished.result()
    assert info["final_steps"][slot] > 0
    assert rewards[slot].sum() == pytest.approx(1.0)
    winners = finished.result()["winners"]
    assert [float(r) for r in rewards[slot]] == [1.0 / len(winners) if s in winners else 0.0 for s in range(2)]
    finals = info["final_observation"][slot]
    assert finals.shape == (2, venv.encoding.layout.size)
    for seat in range(2):
        assert np.array_equal(finals[seat], venv.encoding.observe(finished, seat))
    # The row is already the next game's first decision.
    assert not venv.states[slot].is_over() and venv.steps[slot] == 0
    seat = int(info["to_play"][slot])
    assert np.array_equal(observations["observation"][slot], venv.encoding.observe(venv.states[slot], seat))
    assert observations["action_mask"][slot].any()


def test_truncation_at_max_steps_resets_with_no_reward() -> None:
    venv = VectorEnv("tigris-euphrates", num_envs=2, players=2, max_steps=3)
    venv.reset(seed=1)
    rng = np.random.default_rng(1)
    for _ in range(2):
        _, rewards, terminations, truncations, info = venv.step(venv.sample(rng))
        assert not truncations.any() and "final_observation" not in info
    _, rewards, terminations, truncations, info = venv.step(venv.sample(rng))
    assert truncations.all() and not terminations.any()
    assert not rewards.any()
    assert list(info["final_result"]) == [None, None]
    assert list(venv.steps) == [0, 0]


def test_a_bad_action_in_one_slot_names_it_and_changes_no_game() -> None:
    venv = VectorEnv("tigris-euphrates", num_envs=3, players=2)
    venv.reset(seed=4)
    actions = venv.sample(np.random.default_rng(0))
    mask = np.zeros(venv.encoding.actions.size, dtype=np.int8)
    mask[list(venv._legal[2])] = 1
    illegal = int(np.flatnonzero(mask == 0)[0])
    actions[2] = illegal
    before = [state.clone().data for state in venv.states]
    with pytest.raises(IllegalAction, match="slot 2"):
        venv.step(actions)
    assert [state.data for state in venv.states] == before
    assert list(venv.steps) == [0, 0, 0]
    with pytest.raises(IllegalAction, match="slot 0"):
        venv.step(np.array([10**6, 0, 0]))
    with pytest.raises(IllegalAction, match="3 actions"):
        venv.step(actions[:2])


def test_the_vector_slots_match_the_pettingzoo_games() -> None:
    """One slot stepped by the vector environment and the same game stepped through PettingZoo agree."""
    venv = VectorEnv("mankind", num_envs=1, players=3)
    venv.reset(seed=8)
    single = env("mankind", players=3)
    single.reset()
    single.ludoteca = venv.states[0].clone()
    single._after_move()
    rng = np.random.default_rng(8)
    for _ in range(60):
        agent = single.agent_selection
        observation = single.observe(agent)
        assert agent == f"player_{int(venv._to_play[0])}"
        assert np.array_equal(observation["observation"], venv.encoding.observe(venv.states[0], int(venv._to_play[0])))
        action = venv.sample(rng)
        single.step(int(action[0]))
        venv.step(action)


def test_bad_options() -> None:
    with pytest.raises(BadOptions):
        VectorEnv("arabian-struggle", num_envs=0)
    with pytest.raises(BadOptions):
        VectorEnv("arabian-struggle", num_envs=2, max_steps=0)
    with pytest.raises(BadOptions):
        VectorEnv("arabian-struggle", num_envs=2).step([0, 0])


def test_actions_must_be_integers_and_seeds_non_negative_integers() -> None:
    """A float array used to be truncated (42.7 played 42) and a negative seed got NumPy's bare ValueError."""
    venv = VectorEnv("mankind", num_envs=2, players=2)
    venv.reset(seed=1)
    actions = venv.sample(np.random.default_rng(0))
    before = [state.clone().data for state in venv.states]
    for bad in (actions + 0.7, actions.astype(float), actions.astype(bool), [str(a) for a in actions]):
        with pytest.raises(IllegalAction, match="integer action indices"):
            venv.step(bad)
    for seed in ("abc", 1.5, -1, True):
        with pytest.raises(BadOptions, match=r"seed must be None or a non-negative integer"):
            venv.reset(seed=seed)  # type: ignore[arg-type]
    assert [state.data for state in venv.states] == before and list(venv.steps) == [0, 0]
    venv.step(list(actions))
    assert list(venv.steps) == [1, 1]
