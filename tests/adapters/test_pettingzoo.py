"""The PettingZoo AEC environment: PettingZoo's own API and seed tests, full games, rewards, errors."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("pettingzoo", reason="the RL adapters need the 'rl' extra: pip install ludoteca[rl]")

import numpy as np
from pettingzoo.test import api_test, seed_test

from ludoteca import BadOptions, IllegalAction
from ludoteca.adapters.pettingzoo import env
from tests.adapters.cases import game_cases, player_cases

# PettingZoo's checker warns about every environment whose observation is a dict with an action mask
# (its own classic games are on an allow-list); these two warnings say nothing about this adapter.
EXPECTED_WARNINGS = ("Observation is not a NumPy array", "Observation space for each agent probably should be")


def _unexpected(caught: list[warnings.WarningMessage]) -> list[str]:
    return [str(w.message) for w in caught if not str(w.message).startswith(EXPECTED_WARNINGS)]


@pytest.mark.parametrize(("game_id", "players"), player_cases())
def test_pettingzoo_api_test(game_id: str, players: int) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(game_id, players=players), num_cycles=15)
    assert not _unexpected(caught)


@pytest.mark.parametrize(("game_id", "players"), player_cases())
def test_pettingzoo_seed_test(game_id: str, players: int) -> None:
    seed_test(lambda: env(game_id, players=players), num_cycles=15)


def _play_out(e: object, seed: int) -> tuple[dict[str, float], int]:
    e.reset(seed=seed)  # type: ignore[attr-defined]
    rng = np.random.default_rng(seed)
    finals: dict[str, float] = {}
    steps = 0
    for agent in e.agent_iter():  # type: ignore[attr-defined]
        observation, reward, termination, truncation, _info = e.last()  # type: ignore[attr-defined]
        if termination or truncation:
            finals[agent] = reward
            e.step(None)  # type: ignore[attr-defined]
            continue
        assert reward == 0.0
        legal = np.flatnonzero(observation["action_mask"])
        e.step(int(rng.choice(legal)))  # type: ignore[attr-defined]
        steps += 1
    return finals, steps


@pytest.mark.parametrize("game_id", game_cases())
def test_a_whole_game_ends_with_the_winners_sharing_one(game_id: str) -> None:
    e = env(game_id, players=2)
    finals, steps = _play_out(e, seed=4)
    assert steps > 0 and e.agents == []
    assert sorted(finals) == ["player_0", "player_1"]
    assert sum(finals.values()) == pytest.approx(1.0)
    winners = e.ludoteca.result()["winners"]
    assert {f"player_{s}" for s in winners} == {a for a, r in finals.items() if r > 0}


def test_reset_with_a_seed_replays_the_same_game() -> None:
    e = env("tigris-euphrates", players=3)
    first = _play_out(e, seed=9)
    record = e.ludoteca.record()
    assert _play_out(e, seed=9) == first
    assert e.ludoteca.record() == record
    e.reset(seed=10)
    assert e.ludoteca.record()["seed"] != record["seed"]


def test_observations_are_the_encodings_and_only_the_actor_has_a_mask() -> None:
    e = env("tigris-euphrates", players=2)
    e.reset(seed=2)
    acting = e.agent_selection
    other = next(a for a in e.agents if a != acting)
    mine, theirs = e.observe(acting), e.observe(other)
    assert mine["action_mask"].sum() == len(e.ludoteca.legal_actions(int(acting.split("_")[1])))
    assert theirs["action_mask"].sum() == 0
    assert e.observation_space(acting).contains(mine)
    assert not np.array_equal(mine["observation"], theirs["observation"])


def test_max_steps_truncates_every_agent_without_reward() -> None:
    e = env("mankind", players=3, max_steps=25)
    e.reset(seed=3)
    rng = np.random.default_rng(3)
    decisions = 0
    for _agent in e.agent_iter():
        observation, reward, termination, truncation, _info = e.last()
        if termination or truncation:
            assert truncation and not termination and reward == 0.0
            assert observation["action_mask"].sum() == 0
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        decisions += 1
    assert decisions == 25 and e.agents == [] and not e.ludoteca.is_over()
    with pytest.raises(BadOptions, match="max_steps"):
        env("mankind", max_steps=0)


def test_render_shows_the_table_as_text() -> None:
    e = env("mankind", players=2, render_mode="ansi")
    e.reset(seed=1)
    text = e.render()
    assert isinstance(text, str) and "Seat 0" in text and "(you)" in text


def test_illegal_or_missing_actions_are_refused_without_change() -> None:
    e = env("mankind", players=3)
    e.reset(seed=1)
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    record = e.ludoteca.record()
    with pytest.raises(IllegalAction, match="not legal"):
        e.step(illegal)
    with pytest.raises(IllegalAction, match="must choose"):
        e.step(None)
    with pytest.raises(IllegalAction, match="outside the action space"):
        e.step(-1)
    assert e.ludoteca.record() == record


def test_bad_games_options_and_render_modes_are_bad_options() -> None:
    with pytest.raises(BadOptions, match="no game"):
        env("chess")
    with pytest.raises(BadOptions, match="players"):
        env("mankind", players=9)
    with pytest.raises(BadOptions, match="scoring"):
        env("tigris-euphrates", players=2, scoring="loud")
    with pytest.raises(BadOptions, match="render_mode"):
        env("mankind", render_mode="rgb_array")
    with pytest.raises(BadOptions, match="reset"):
        env("mankind").observe("player_0")
