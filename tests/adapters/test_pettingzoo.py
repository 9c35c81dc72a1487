"""The PettingZoo environments: PettingZoo's own API and seed tests (AEC and parallel), full games, rewards,
truncation, the global state, errors."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo", reason="the RL adapters need the 'rl' extra: pip install ludoteca[rl]")

import numpy as np
from pettingzoo.test import api_test, parallel_api_test, seed_test

from ludoteca import BadOptions, IllegalAction
from ludoteca.adapters.pettingzoo import LudotecaParallelEnv, env, parallel_env
from tests.adapters.cases import game_cases, player_cases

DOCS = Path(__file__).resolve().parents[2] / "docs" / "adapters.md"

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


def test_by_default_a_game_is_truncated_at_its_bound() -> None:
    """Tigris & Euphrates players who always take the lowest legal index never end a game (20,000 decisions
    reach turn 5,715 at 4 players); by default the episode is truncated at the game's documented bound, with
    no reward."""
    e = env("tigris-euphrates", players=2)
    assert e.max_steps == e.encoding.length_bound() == 5_000
    e.reset(seed=1)
    decisions = 0
    for _agent in e.agent_iter():
        _observation, reward, termination, truncation, _info = e.last(observe=False)
        if termination or truncation:
            assert truncation and not termination and reward == 0.0
            e.step(None)
            continue
        e.step(min(e.legal_actions()))
        decisions += 1
    assert decisions == 5_000 and e.agents == [] and not e.ludoteca.is_over()
    for game_id in game_cases():
        name = game_id.values[0]  # type: ignore[attr-defined]
        assert env(name).max_steps == env(name).encoding.length_bound() > 0
    assert env("advanced-civilization", players=2, turn_limit=None).max_steps == 300_000


@pytest.mark.parametrize("game_id", game_cases())
def test_state_is_every_seats_observation_in_seat_order(game_id: str) -> None:
    e = env(game_id, players=2)
    e.reset(seed=5)
    rng = np.random.default_rng(5)
    size = e.encoding.layout.size
    seen = []
    for _ in range(40):
        if not e.agents or e.terminations[e.agent_selection] or e.truncations[e.agent_selection]:
            break
        state = e.state()
        assert e.state_space.contains(state) and state.shape == (type(e.game).max_players * size,)
        for seat in range(2):
            assert np.array_equal(state[seat * size : (seat + 1) * size], e.encoding.observe(e.ludoteca, seat))
        assert not state[2 * size :].any()  # the slots of absent seats
        seen.append(state)
        e.step(int(rng.choice(np.flatnonzero(e.observe(e.agent_selection)["action_mask"]))))
    assert len({s.tobytes() for s in seen}) > 1
    again = env(game_id, players=2)
    again.reset(seed=5)
    assert np.array_equal(again.state(), seen[0])


@pytest.mark.parametrize("game_id", game_cases())
def test_parallel_api_test(game_id: str) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        parallel_api_test(parallel_env(game_id, players=2), num_cycles=40)
    assert not _unexpected(caught)


@pytest.mark.parametrize("game_id", game_cases())
def test_parallel_episodes_repeat_given_a_seed(game_id: str) -> None:
    """PettingZoo's ``parallel_seed_test`` samples actions without their masks, which a game refuses; this is
    the same check with masked samples: two environments reset with one seed play the same episode."""
    runs = []
    for _ in range(2):
        p = parallel_env(game_id, players=2)
        observations, _infos = p.reset(seed=42)
        for agent in p.possible_agents:
            p.action_space(agent).seed(42)
        trace = []
        for _ in range(30):
            if not p.agents:
                break
            actions = {a: int(p.action_space(a).sample(observations[a]["action_mask"])) for a in p.agents}
            observations, rewards, terminations, truncations, _infos = p.step(actions)
            observed = {a: o["observation"].tobytes() for a, o in observations.items()}
            trace.append((actions, observed, rewards, terminations, truncations))
        runs.append(trace)
    assert runs[0] == runs[1] and len(runs[0]) > 1


def test_a_parallel_game_plays_the_aec_game_and_ends_with_the_same_rewards() -> None:
    """The same seed and the same choices give the same game in both APIs; other agents' actions are ignored."""
    e, p = env("arabian-struggle", players=3), parallel_env("arabian-struggle", players=3)
    e.reset(seed=7)
    observations, _infos = p.reset(seed=7)
    rng = np.random.default_rng(7)
    while p.agents:
        acting = [a for a in p.agents if observations[a]["action_mask"].any()]
        assert acting == [e.agent_selection]
        action = int(rng.choice(np.flatnonzero(observations[acting[0]]["action_mask"])))
        assert np.array_equal(observations[acting[0]]["observation"], e.observe(acting[0])["observation"])
        actions = dict.fromkeys(p.agents, 0) | {acting[0]: action}
        observations, rewards, terminations, truncations, _infos = p.step(actions)
        e.step(action)
    assert all(terminations.values()) and not any(truncations.values())
    assert sum(rewards.values()) == pytest.approx(1.0)
    assert p.ludoteca.record() == e.ludoteca.record()
    assert rewards == {agent: e._cumulative_rewards[agent] for agent in e.possible_agents}


def test_parallel_truncation_and_errors() -> None:
    p = parallel_env("mankind", players=2, max_steps=5)
    observations, _infos = p.reset(seed=1)
    with pytest.raises(IllegalAction, match="must choose"):
        p.step({})
    for step in range(5):
        acting = next(a for a in p.agents if observations[a]["action_mask"].any())
        observations, rewards, terminations, truncations, _infos = p.step(
            {acting: int(np.flatnonzero(observations[acting]["action_mask"])[0])}
        )
        assert all(truncations.values()) == (step == 4) and not any(terminations.values())
    assert p.agents == [] and set(rewards.values()) == {0.0}
    assert not any(o["action_mask"].any() for o in observations.values())
    with pytest.raises(IllegalAction, match="reset"):
        p.step({})


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


def _trade_session(seed: int = 0) -> tuple[LudotecaParallelEnv, dict[str, dict[str, np.ndarray]]]:
    """A 3-player Advanced Civilization parallel game played at random to its first open trade session, where
    every seat may act at once (the position the QA pass found: seed 0 reaches it in 56 decisions)."""
    p = parallel_env("advanced-civilization", players=3)
    observations, _infos = p.reset(seed=seed)
    rng = np.random.default_rng(seed)
    while len(p.ludoteca.to_act()) < 3:
        acting = [a for a in p.agents if observations[a]["action_mask"].any()]
        actions = {a: int(rng.choice(np.flatnonzero(observations[a]["action_mask"]))) for a in acting}
        observations, *_ = p.step(actions)
    return p, observations


def test_parallel_trade_session_masks_only_the_agent_whose_action_is_applied() -> None:
    """When several seats may act at once, one seat's decision can end another's or change its options; the
    parallel env used to offer every waiting seat a mask and then drop the actions that no longer fit. Now
    only the AEC env's agent has a mask, every masked action is applied, and both APIs play one game."""
    p, e = parallel_env("advanced-civilization", players=3), env("advanced-civilization", players=3)
    observations, _infos = p.reset(seed=0)
    e.reset(seed=0)
    rng = np.random.default_rng(0)
    crowded = 0
    for _ in range(200):
        crowded += len(p.ludoteca.to_act()) > 1
        acting = [a for a in p.agents if observations[a]["action_mask"].any()]
        assert acting == [e.agent_selection]
        action = int(rng.choice(np.flatnonzero(observations[acting[0]]["action_mask"])))
        moves = len(p.ludoteca.record()["actions"])
        observations, *_ = p.step(dict.fromkeys(p.agents, 0) | {acting[0]: action})
        e.step(action)
        assert len(p.ludoteca.record()["actions"]) == moves + 1 and p.steps == moves + 1
    assert crowded > 5
    assert p.ludoteca.record() == e.ludoteca.record()


def test_parallel_step_checks_every_action_before_applying_any() -> None:
    """At an open trade session, an error (a malformed value for any agent, or the acting agent's illegal
    index) changes neither the game nor the step count; a legal action given for a waiting seat without a
    mask is ignored, not applied after the acting seat's."""
    p, observations = _trade_session()
    state = p.ludoteca
    first, other = (f"player_{seat}" for seat in sorted(state.to_act())[:2])
    mask = observations[first]["action_mask"]
    legal, illegal = int(np.flatnonzero(mask)[0]), int(np.flatnonzero(mask == 0)[0])
    assert not observations[other]["action_mask"].any()
    theirs = min(p.encoding.legal(state, int(other.split("_")[1])))  # legal for the other seat, but unmasked
    record, steps = state.record(), p.steps
    with pytest.raises(IllegalAction, match=rf"{other}: an action must be an integer index, not 1.5"):
        p.step({first: legal, other: 1.5})
    with pytest.raises(IllegalAction, match="not legal for"):
        p.step({first: illegal, other: theirs})
    assert state.record() == record and p.steps == steps
    p.step({first: legal, other: theirs})
    assert state.record()["actions"] == [*record["actions"], state.record()["actions"][-1]]
    assert state.record()["actions"][-1][0] == int(first.split("_")[1]) and p.steps == steps + 1


@pytest.mark.parametrize("bad", [1.0, "1", np.float32(1.0), True, "abc"], ids=repr)
def test_an_action_must_be_an_integer_index(bad: object) -> None:
    """``int()`` used to turn 1.9, "1" or True into the legal index 1 and play it; now anything but a Python or
    NumPy integer is refused naming the value and its type, in both APIs, with nothing changed."""
    e = env("tigris-euphrates", players=2)
    e.reset(seed=1)
    assert 1 in e.legal_actions()
    record = e.ludoteca.record()
    with pytest.raises(IllegalAction, match=rf"not {re.escape(repr(bad))} \({type(bad).__name__}\)"):
        e.step(bad)  # type: ignore[arg-type]
    assert e.ludoteca.record() == record and e.steps == 0
    p = parallel_env("tigris-euphrates", players=2)
    p.reset(seed=1)
    with pytest.raises(IllegalAction, match="integer index"):
        p.step({"player_0": bad})  # type: ignore[dict-item]
    assert p.ludoteca.record() == record and p.steps == 0
    e.step(np.int64(1))  # type: ignore[arg-type]  # what a policy or a sampler hands back
    assert len(e.ludoteca.record()["actions"]) == 1 and e.steps == 1


@pytest.mark.parametrize("bad", ["abc", 1.5, -1, True])
def test_a_bad_seed_is_bad_options_and_changes_nothing(bad: object) -> None:
    """NumPy used to answer these with its own TypeError or ValueError, and ``True`` was read as 1."""
    e, p = env("mankind", players=2), parallel_env("mankind", players=2)
    e.reset(seed=1)
    p.reset(seed=1)
    record = e.ludoteca.record()
    for table in (e, p):
        with pytest.raises(
            BadOptions, match=rf"seed must be None or a non-negative integer .*not {re.escape(repr(bad))}"
        ):
            table.reset(seed=bad)
        assert table.ludoteca.record() == record
    e.reset(seed=np.int64(1))  # a NumPy integer is a seed like any other
    assert e.ludoteca.record() == record


def test_after_the_game_step_and_last_say_to_reset() -> None:
    """Once every agent has left, PettingZoo's bookkeeping has nothing to look up: ``step(None)`` and ``last()``
    used to raise a bare ``KeyError('player_0')``."""
    e = env("arabian-struggle", players=2, max_steps=3)
    _play_out(e, seed=1)
    assert e.agents == []
    with pytest.raises(IllegalAction, match="the game is over.*call reset"):
        e.step(None)
    with pytest.raises(IllegalAction, match="the game is over.*call reset"):
        e.last()
    e.reset(seed=1)
    assert e.last()[0] is not None


def test_the_documented_example_repeats_its_game(capsys: pytest.CaptureFixture[str]) -> None:
    """docs/adapters.md's PettingZoo example seeds the action spaces' sampler too: the reset seed alone fixes
    the deal and the dice, not the sampled actions, so two runs used to play two different games."""
    code = re.search(r"## PettingZoo\n\n```python\n(.*?)```", DOCS.read_text(encoding="utf-8"), re.S)
    assert code is not None
    records = []
    for _ in range(2):
        namespace: dict[str, object] = {}
        exec(code.group(1), namespace)
        records.append(namespace["e"].ludoteca.record())  # type: ignore[attr-defined]
    assert records[0] == records[1] and len(records[0]["actions"]) > 50
    capsys.readouterr()
