"""The OpenSpiel games: OpenSpiel's random simulation test, its ISMCTS and MCTS bots, resampling, serialisation."""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel", reason="the OpenSpiel adapter needs the 'rl' extra: pip install ludoteca[rl]")

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from ludoteca import BadOptions
from ludoteca.adapters import openspiel
from ludoteca.core.registry import game_class
from tests.adapters.cases import game_cases, player_cases


def _smallest_and_largest() -> list[object]:
    """Random simulation checks every observation of every seat at every move, which is slow in Python:
    run it at each game's smallest and largest player count (PettingZoo's tests cover every count)."""
    cases = []
    for case in player_cases():
        game_id, players = case.values  # type: ignore[attr-defined]
        cls = game_class(game_id)
        if players in (cls.min_players, cls.max_players):
            cases.append(case)
    return cases


@pytest.mark.parametrize(("game_id", "players"), _smallest_and_largest())
def test_openspiel_random_simulation_test(game_id: str, players: int) -> None:
    # serialize=False: OpenSpiel serialises a sampled-chance game with the game's RNG state, which its
    # Python game API cannot provide; state serialisation is tested on its own below.
    game = openspiel.load(game_id, players=players, seed=players)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("game_id", game_cases())
def test_ismcts_bot_plays_a_few_hundred_moves(game_id: str) -> None:
    game = openspiel.load(game_id, seed=1)
    bot = ismcts.ISMCTSBot(
        game, openspiel.HeuristicEvaluator(), uct_c=2.0, max_simulations=6, random_state=np.random.RandomState(1)
    )
    sampler = pyspiel.UniformProbabilitySampler(1, 0.0, 1.0)  # seeded: the bot's worlds are reproducible
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal() and moves < 250:
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves == 250 or state.is_terminal()


@pytest.mark.parametrize("game_id", game_cases())
def test_mcts_bot_and_random_rollouts_run(game_id: str) -> None:
    game = openspiel.load(game_id, seed=2)
    bot = mcts.MCTSBot(game, 2.0, 8, openspiel.HeuristicEvaluator(), random_state=np.random.RandomState(2))
    state = game.new_initial_state()
    for _ in range(20):
        if state.is_terminal():
            break
        state.apply_action(bot.step(state))
    rollout = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(3))
    values = rollout.evaluate(state.clone())
    assert sum(values) == pytest.approx(1.0)


@pytest.mark.parametrize("game_id", game_cases())
def test_resampling_keeps_the_information_state_of_the_seat(game_id: str) -> None:
    game = openspiel.load(game_id, players=game_class(game_id).min_players, seed=3)
    state = game.new_initial_state()
    rng = np.random.RandomState(4)
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)
    for step in range(120):
        if state.is_terminal():
            break
        if step % 10 == 0:
            for player in range(game.num_players()):
                other = state.resample_from_infostate(player, sampler)
                assert other.information_state_string(player) == state.information_state_string(player)
                assert other.information_state_tensor(player) == state.information_state_tensor(player)
                assert other.current_player() == state.current_player()
        state.apply_action(int(rng.choice(state.legal_actions())))


def test_game_parameters_types_and_strings() -> None:
    game = openspiel.load("tigris-euphrates", players=3, seed=5, scoring="open")
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.num_players() == 3 and game.get_parameters()["scoring"] == "open"
    assert game.max_utility() == 1.0 and game.min_utility() == 0.0 and game.utility_sum() == 1.0
    state = game.new_initial_state()
    assert state.information_state_string(0) != state.information_state_string(1)  # each sees its own hand
    public = game.make_py_observer(
        pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE), {}
    )
    assert '"hands":[6,6,6]' in public.string_from(state, 0)
    text = state.action_to_string(state.current_player(), state.legal_actions()[0])
    assert text.startswith("place ")
    assert "Seat 0" in str(state)


def test_the_seed_parameter_fixes_the_games() -> None:
    one = openspiel.load("tigris-euphrates", players=2, seed=8).new_initial_state()
    two = openspiel.load("tigris-euphrates", players=2, seed=8).new_initial_state()
    other = openspiel.load("tigris-euphrates", players=2, seed=9).new_initial_state()
    assert str(one) == str(two) != str(other)


def test_clones_and_serialised_states_continue_identically() -> None:
    game = openspiel.load("mankind", players=3, seed=6)
    state = game.new_initial_state()
    rng = np.random.RandomState(6)
    for _ in range(40):
        state.apply_action(int(rng.choice(state.legal_actions())))
    twin = state.clone()
    restored = game.deserialize_state(state.serialize())
    assert str(restored) == str(state) == str(twin)
    for _ in range(40):
        action = int(rng.choice(state.legal_actions()))
        for s in (state, twin, restored):
            s.apply_action(action)
    assert str(restored) == str(state) == str(twin)
    assert state.ludoteca.record() == twin.ludoteca.record()


def test_register_is_idempotent_and_names_its_games() -> None:
    names = openspiel.register()
    assert names == openspiel.register()
    assert "ludoteca_tigris_euphrates" in names and set(names) <= set(pyspiel.registered_names())


def test_unknown_games_and_bad_parameters_are_bad_options() -> None:
    with pytest.raises(BadOptions, match="no game"):
        openspiel.register(["chess"])
    with pytest.raises(BadOptions, match="2-4 players"):
        openspiel.load("tigris-euphrates", players=6)
    with pytest.raises(BadOptions, match="not every seat"):
        openspiel.ViewObserver(
            openspiel.load("mankind").encoding,
            pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS),
        )


@pytest.mark.parametrize("game_id", game_cases())
def test_tensors_are_the_encodings_observations_of_the_view(game_id: str) -> None:
    game = openspiel.load(game_id, seed=4)
    state = game.new_initial_state()
    rng = np.random.RandomState(4)
    for _ in range(30):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    for player in range(game.num_players()):
        expected = game.encoding.observe(state.ludoteca, player)
        assert np.array_equal(np.asarray(state.observation_tensor(player), dtype=np.float32), expected)
        assert np.array_equal(np.asarray(state.information_state_tensor(player), dtype=np.float32), expected)
        assert state.observation_string(player).startswith("{")
