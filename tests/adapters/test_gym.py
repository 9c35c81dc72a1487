"""The single-agent Gymnasium wrapper: Gymnasium's check_env, seeded episodes repeat (deal and opponents),
the learner's reward, truncation on by default, illegal actions, the global state, bad options."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("gymnasium", reason="the RL adapters need the 'rl' extra: pip install ludoteca[rl]")

import numpy as np
from gymnasium.utils.env_checker import check_env

from ludoteca import BadOptions, IllegalAction
from ludoteca.adapters.gym import LudotecaGymEnv
from tests.adapters.cases import game_cases


@pytest.mark.parametrize("game_id", game_cases())
def test_gymnasium_check_env(game_id: str) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(LudotecaGymEnv(game_id, players=2, opponents="random"), skip_render_check=True)
    # Gymnasium warns only that a dict observation holds an action mask it does not know; nothing else.
    assert [str(w.message) for w in caught if "spec" not in str(w.message)] == []


def _episode(e: LudotecaGymEnv, seed: int) -> tuple[list[np.ndarray], float, int]:
    observation, info = e.reset(seed=seed)
    assert np.array_equal(observation["action_mask"], info["action_mask"])
    rng = np.random.default_rng(seed)
    seen = [observation["observation"]]
    while True:
        legal = np.flatnonzero(observation["action_mask"])
        observation, reward, terminated, truncated, info = e.step(int(rng.choice(legal)))
        seen.append(observation["observation"])
        if terminated or truncated:
            return seen, reward, info["steps"]
        assert reward == 0.0


def test_a_seeded_episode_repeats_the_deal_and_the_opponents_choices() -> None:
    e = LudotecaGymEnv("tigris-euphrates", players=3, seat=1, opponents=["heuristic", "random"], max_steps=12)
    first = _episode(e, 11)
    second = _episode(e, 11)
    assert first[1:] == second[1:]
    assert all(np.array_equal(a, b) for a, b in zip(first[0], second[0], strict=True))
    third = _episode(e, 12)
    assert not all(np.array_equal(a, b) for a, b in zip(first[0], third[0], strict=False))


def test_the_reward_is_the_learners_win_share_at_the_end() -> None:
    e = LudotecaGymEnv("tigris-euphrates", players=2, seat=1, opponents="random")
    _, reward, _ = _episode(e, 3)
    assert e.ludoteca is not None and e.ludoteca.is_over()
    winners = e.ludoteca.result()["winners"]
    assert reward == (1.0 / len(winners) if 1 in winners else 0.0)
    with pytest.raises(BadOptions, match="reset"):
        e.step(0)


def test_opponents_play_between_the_learners_decisions() -> None:
    e = LudotecaGymEnv("tigris-euphrates", players=2, seat=1, opponents="heuristic")
    observation, _ = e.reset(seed=2)
    state = e.ludoteca
    assert state is not None
    assert state.to_act() == [1] and e.steps == 2  # the heuristic at seat 0 has played its turn's two actions
    e.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert state.to_act() == [1] and e.steps == 3  # the learner's turn has a second action


def test_truncation_is_on_by_default_and_gives_no_reward() -> None:
    assert LudotecaGymEnv("tigris-euphrates").max_steps == 5000
    e = LudotecaGymEnv("tigris-euphrates", players=2, max_steps=6, opponents="random")
    observation, _ = e.reset(seed=1)
    rewards, cut = [], False
    while not cut:
        legal = np.flatnonzero(observation["action_mask"])
        observation, reward, terminated, cut, info = e.step(int(legal[0]))
        rewards.append(reward)
        assert not terminated
    assert info["steps"] == 6 and rewards == [0.0] * len(rewards)
    assert not observation["action_mask"].any()


def test_an_illegal_action_loses_by_default_or_raises() -> None:
    e = LudotecaGymEnv("tigris-euphrates", players=2)
    observation, _ = e.reset(seed=5)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    before = e.ludoteca.clone().data if e.ludoteca else None
    _, reward, terminated, truncated, info = e.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-1.0, True, False, True)
    assert e.ludoteca is not None and e.ludoteca.data == before
    strict = LudotecaGymEnv("tigris-euphrates", players=2, illegal_action="raise")
    strict.reset(seed=5)
    with pytest.raises(IllegalAction, match="not legal for seat 0"):
        strict.step(illegal)
    assert strict.action_masks().sum() == observation["action_mask"].sum()


def test_the_global_state_holds_each_seats_own_view() -> None:
    e = LudotecaGymEnv("tigris-euphrates", players=2)
    e.reset(seed=1)
    assert e.ludoteca is not None
    width = e.encoding.layout.size
    global_state = e.state()
    assert global_state.shape == e.state_space.shape == (4 * width,)
    assert np.array_equal(global_state[width : 2 * width], e.encoding.observe(e.ludoteca, 1))
    assert not global_state[2 * width :].any()


def test_bad_options() -> None:
    with pytest.raises(BadOptions, match="seat"):
        LudotecaGymEnv("tigris-euphrates", players=2, seat=2)
    with pytest.raises(BadOptions, match="one spec or 2"):
        LudotecaGymEnv("tigris-euphrates", players=3, opponents=["random"])
    with pytest.raises(BadOptions, match="no agent"):
        LudotecaGymEnv("tigris-euphrates", opponents="nobody")
    with pytest.raises(BadOptions, match="no evaluation weight set 'nope'"):  # when made, not at the first move
        LudotecaGymEnv("tigris-euphrates", opponents="heuristic:weights=nope")
    with pytest.raises(BadOptions, match="no named features"):  # this game's evaluation has no sets to choose
        LudotecaGymEnv("arabian-struggle", opponents="heuristic:weights=hand")
    with pytest.raises(BadOptions, match="illegal_action"):
        LudotecaGymEnv("tigris-euphrates", illegal_action="ignore")
    with pytest.raises(BadOptions, match="reset"):
        LudotecaGymEnv("tigris-euphrates").state()


@pytest.mark.parametrize("bad", [1.0, "1", np.float32(1.0), True])
def test_an_action_that_is_no_integer_index_is_refused_in_both_modes(bad: object) -> None:
    """``int()`` used to play 1.0, "1" or True as index 1 (or, for the mask, lose the episode on "abc")."""
    for mode in ("lose", "raise"):
        e = LudotecaGymEnv("tigris-euphrates", players=2, illegal_action=mode)
        e.reset(seed=1)
        assert e.action_masks()[1]
        assert e.ludoteca is not None
        record = e.ludoteca.record()
        with pytest.raises(
            IllegalAction, match=rf"seat 0: an action must be an integer index, not .*\({type(bad).__name__}\)"
        ):
            e.step(bad)
        assert e.ludoteca.record() == record and e.steps == 0
        e.step(np.int64(1))  # what Gymnasium's sampler hands back


@pytest.mark.parametrize("bad", ["abc", 1.5, -1, True])
def test_a_bad_seed_is_bad_options_and_changes_nothing(bad: object) -> None:
    """Gymnasium's own check reads True as 1; NumPy would answer the others with its own errors."""
    e = LudotecaGymEnv("tigris-euphrates", players=2)
    e.reset(seed=3)
    assert e.ludoteca is not None
    record = e.ludoteca.record()
    with pytest.raises(BadOptions, match=r"seed must be None or a non-negative integer"):
        e.reset(seed=bad)  # type: ignore[arg-type]
    assert e.ludoteca.record() == record
