"""The OpenSpiel games: OpenSpiel's random simulation test, its ISMCTS and MCTS bots, resampling, serialisation,
the seed stream, perfect recall, truncation and parameters."""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel", reason="the OpenSpiel adapter needs the 'rl' extra: pip install ludoteca[rl]")

import math
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from ludoteca import BadOptions, IllegalAction, LudotecaError
from ludoteca.adapters import chance, openspiel
from ludoteca.core.registry import game_class, load_game
from ludoteca.core.rng import derive_seed
from tests.adapters.cases import game_cases, player_cases
from tests.adapters.explicit import chance_outcome, deal


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


def test_openspiel_random_simulation_test_with_perfect_recall() -> None:
    """With ``perfect_recall=True`` the game also provides information-state strings, which the test checks."""
    game = openspiel.load("tigris-euphrates", players=2, seed=2, perfect_recall=True)
    assert game.get_type().provides_information_state_string
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def _small_ismcts(game: pyspiel.Game, seed: int) -> ismcts.ISMCTSBot:
    """OpenSpiel's ISMCTS with the heuristic evaluator and a few simulations a move, keyed by observation
    strings (information states need perfect_recall=True, tested separately)."""
    return ismcts.ISMCTSBot(
        game,
        openspiel.HeuristicEvaluator(),
        uct_c=2.0,
        max_simulations=6,
        random_state=np.random.RandomState(seed),
        use_observation_string=True,
    )


@pytest.mark.parametrize("game_id", game_cases())
def test_ismcts_bot_plays_a_few_hundred_moves(game_id: str) -> None:
    game = openspiel.load(game_id, seed=1)
    bot = _small_ismcts(game, seed=1)
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
def test_resampling_keeps_the_observation_of_the_seat(game_id: str) -> None:
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
                assert other.observation_string(player) == state.observation_string(player)
                assert other.observation_tensor(player) == state.observation_tensor(player)
                assert other.current_player() == state.current_player()
        state.apply_action(int(rng.choice(state.legal_actions())))


def test_ismcts_searches_perfect_recall_information_states() -> None:
    """ISMCTS keyed by information states (its default) on a game loaded with ``perfect_recall=True``;
    resampling keeps the seat's information state, recall digest included."""
    game = openspiel.load("arabian-struggle", players=2, seed=5, perfect_recall=True)
    bot = ismcts.ISMCTSBot(
        game, openspiel.HeuristicEvaluator(), uct_c=2.0, max_simulations=4, random_state=np.random.RandomState(5)
    )
    sampler = pyspiel.UniformProbabilitySampler(5, 0.0, 1.0)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    state = game.new_initial_state()
    for _ in range(40):
        if state.is_terminal():
            break
        for player in range(game.num_players()):
            twin = state.resample_from_infostate(player, sampler)
            assert twin.information_state_string(player) == state.information_state_string(player)
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)


def _two_leaders(state: pyspiel.State) -> tuple[int, int]:
    """Two leader placements of the player to act, legal in either order, that leave the same table."""
    encoding = state.get_game().encoding
    leaders = [a for a in state.legal_actions() if encoding.actions.decode(a)[0] == "leader"]
    for a in leaders:
        after_a = state.child(a)
        for b in leaders:
            if b // 176 == a // 176 or b not in after_a.legal_actions():
                continue
            if a not in state.child(b).legal_actions():
                continue
            if after_a.child(b).observation_string(0) == state.child(b).child(a).observation_string(0):
                return a, b
    raise AssertionError("no two leader placements commute here")


def test_perfect_recall_tells_apart_what_the_observation_merges() -> None:
    """Two leaders placed in either order leave the same table: the observations are equal, the perfect-recall
    information states differ (the seat saw different tables on the way), clones and twins keep theirs."""
    game = openspiel.load("tigris-euphrates", players=2, seed=6, perfect_recall=True)
    state = game.new_initial_state()
    a, b = _two_leaders(state)
    one, two = state.child(a).child(b), state.child(b).child(a)
    for player in range(2):
        assert one.observation_string(player) == two.observation_string(player)
        assert one.information_state_string(player) != two.information_state_string(player)
        assert one.clone().information_state_string(player) == one.information_state_string(player)
        restored = game.deserialize_state(one.serialize())
        assert restored.information_state_string(player) == one.information_state_string(player)
    public = game.make_py_observer(
        pyspiel.IIGObservationType(perfect_recall=True, private_info=pyspiel.PrivateInfoType.NONE), {}
    )
    assert public.string_from(one, 0) != public.string_from(two, 0)
    assert public.tensor is None


def test_without_perfect_recall_information_states_are_refused() -> None:
    """The default game keeps no record of the past, so it does not claim perfect-recall information states."""
    game = openspiel.load("mankind", players=2, seed=1)
    kind = game.get_type()
    assert not kind.provides_information_state_string and not kind.provides_information_state_tensor
    state = game.new_initial_state()
    with pytest.raises(BadOptions, match="perfect_recall=True"):
        state.information_state_string(0)
    with pytest.raises(BadOptions, match="perfect_recall=True"):
        game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True), {})
    with pytest.raises(BadOptions, match="no information-state tensor"):
        state.information_state_tensor(0)
    with pytest.raises(BadOptions, match="no information-state tensor"):
        game.information_state_tensor_size()
    with pytest.raises(BadOptions, match="public information"):
        game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False, public_info=False), {})
    recall = openspiel.load("mankind", players=2, seed=1, perfect_recall=True)
    with pytest.raises(BadOptions, match="no information-state tensor"):
        recall.new_initial_state().information_state_tensor(0)


def test_game_parameters_types_and_strings() -> None:
    game = openspiel.load("tigris-euphrates", players=3, seed=5, scoring="open")
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM  # a truncated game pays nobody
    assert game.num_players() == 3 and game.get_parameters()["scoring"] == "open"
    assert game.max_utility() == 1.0 and game.min_utility() == 0.0 and game.utility_sum() is None
    state = game.new_initial_state()
    assert state.observation_string(0) != state.observation_string(1)  # each sees its own hand
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


def test_the_nth_initial_state_is_dealt_the_nth_derived_seed() -> None:
    """The stream of initial states is the core's ``derive_seed`` (Ludoteca's own SplitMix64), so the n-th game
    of a seed is the same on every Python version: Python's ``random`` does not promise its sequences."""
    game = openspiel.load("arabian-struggle", players=2, seed=8)
    seeds = [game.new_initial_state().ludoteca.seed for _ in range(3)]
    assert seeds == [derive_seed(8, n) for n in range(3)]
    assert str(openspiel.load("arabian-struggle", players=2, seed=8).new_initial_state().ludoteca.data) == str(
        load_game("arabian-struggle", 2).new_state(seed=derive_seed(8, 0)).data
    )


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
        openspiel.load("mankind").make_py_observer(
            pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.ALL_PLAYERS), {}
        )
    with pytest.raises(BadOptions, match="max_game_length"):
        openspiel.load("mankind", max_game_length=-1)


@pytest.mark.parametrize("game_id", game_cases())
def test_tensors_are_the_encodings_observations_of_the_view(game_id: str) -> None:
    game = openspiel.load(game_id, seed=4)
    state = game.new_initial_state()
    rng = np.random.RandomState(4)
    for _ in range(30):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    assert game.observation_tensor_shape() == [game.encoding.layout.size]
    for player in range(game.num_players()):
        expected = game.encoding.observe(state.ludoteca, player)
        assert np.array_equal(np.asarray(state.observation_tensor(player), dtype=np.float32), expected)
        # OpenSpiel's own C++ path (it sizes the tensor on a throw-away state) gives the same numbers
        assert np.array_equal(np.asarray(pyspiel.State.observation_tensor(state, player), dtype=np.float32), expected)
        assert state.observation_string(player).startswith("{")


@pytest.mark.parametrize("game_id", game_cases())
def test_tensors_and_strings_do_not_change_the_next_deal(game_id: str) -> None:
    """Observing a state, through the Python methods or OpenSpiel's C++ ones (which size a tensor on a
    throw-away initial state), never draws a seed: the next game dealt is the one dealt without the calls.
    Otherwise two agents seeded alike would play different deals from their second episode on."""
    deals = []
    for observe in (False, True):
        game = openspiel.load(game_id, seed=11)
        state = game.new_initial_state()
        state.apply_action(state.legal_actions()[0])
        if observe:
            for player in range(game.num_players()):
                state.observation_tensor(player)
                state.observation_string(player)
                pyspiel.State.observation_tensor(state, player)
                pyspiel.State.observation_string(state, player)
            pyspiel.Game.observation_tensor_size(game)
            game.observation_tensor_shape()
            fresh = game.new_initial_state()  # observed only: it peeks at the next deal without taking it
            pyspiel.State.observation_tensor(fresh, 0)
            game.make_py_observer().set_from(fresh, 0)
            del fresh
        second = game.new_initial_state()
        deals.append(second.ludoteca.record()["seed"])
        deals.append(str(second))
    assert deals[0] == deals[2] and deals[1] == deals[3]


def test_rl_environment_episodes_are_the_seeds_deals() -> None:
    """``rl_environment`` reads an observation tensor for every player at every step; its episodes are
    still the n-th deals of the seed, as a loop over ``new_initial_state`` plays them."""
    from open_spiel.python import rl_environment

    environment = rl_environment.Environment(openspiel.load("arabian-struggle", players=2, seed=13))
    assert environment.observation_spec()["info_state"] == (openspiel.load("arabian-struggle").encoding.layout.size,)
    seen = []
    for _ in range(3):
        step = environment.reset()
        for _ in range(5):
            player = step.observations["current_player"]
            step = environment.step([step.observations["legal_actions"][player][0]])
        seen.append(environment.get_state.ludoteca.seed)
    plain = openspiel.load("arabian-struggle", players=2, seed=13)
    expected = []
    for _ in range(3):
        state = plain.new_initial_state()
        state.apply_action(state.legal_actions()[0])
        expected.append(state.ludoteca.seed)
    assert seen == expected


def test_a_state_observed_before_use_keeps_the_deal_it_showed() -> None:
    """A fresh state observed through a raw observer shows the next deal, and is dealt that one when used."""
    game = openspiel.load("tigris-euphrates", players=2, seed=12)
    fresh = game.new_initial_state()
    observer = game.make_py_observer()
    observer.set_from(fresh, 0)
    shown = observer.tensor.copy()
    fresh.apply_action(fresh.legal_actions()[0])  # used: it takes the deal it showed
    assert np.array_equal(shown, game.encoding.observe(game.encoding.game.new_state(seed=fresh.ludoteca.seed), 0))
    other = openspiel.load("tigris-euphrates", players=2, seed=12).new_initial_state()
    assert other.ludoteca.seed == fresh.ludoteca.seed
    assert game.new_initial_state().ludoteca.seed != fresh.ludoteca.seed


def test_games_are_truncated_at_max_game_length_with_no_reward() -> None:
    """Tigris & Euphrates players who always take the lowest legal index never end the game (20,000 decisions
    reach turn 5,715 at 4 players): the state becomes terminal at ``max_game_length`` decisions, every return 0."""
    game = openspiel.load("tigris-euphrates", players=2, seed=1, max_game_length=600)
    assert game.max_game_length() == 600
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
        moves += 1
    assert moves == 600 and state.truncated() and not state.ludoteca.is_over()
    assert state.returns() == [0.0, 0.0] and state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.legal_actions() == []
    for game_id in game_cases():
        name = game_id.values[0]  # type: ignore[attr-defined]
        loaded = openspiel.load(name)
        assert loaded.max_game_length() == loaded.encoding.length_bound() > 0


def test_no_turn_limit_is_turn_limit_zero() -> None:
    """OpenSpiel parameters cannot be None: an option that may be none takes 0 for none (Advanced
    Civilization's ``turn_limit``, whose default is a number of turns); the game's bound on decisions follows
    the limit: 2,000 decisions a turn."""
    default = openspiel.load("advanced-civilization", players=2)
    turns = load_game("advanced-civilization", 2).options["turn_limit"]
    assert isinstance(turns, int) and turns > 0  # the game's default (it has been 10 and 15)
    assert default.encoding.game.options["turn_limit"] == turns and default.max_game_length() == 2_000 * turns
    for none in (0, None):
        game = openspiel.load("advanced-civilization", players=2, turn_limit=none)
        assert game.encoding.game.options["turn_limit"] is None
        assert game.get_parameters()["turn_limit"] == 0
        assert game.max_game_length() == 300_000
    via_pyspiel = pyspiel.load_game("ludoteca_advanced_civilization", {"players": 2, "turn_limit": 0})
    assert via_pyspiel.encoding.game.options["turn_limit"] is None
    assert openspiel.load("advanced-civilization", players=2, turn_limit=3).max_game_length() == 6_000


# ---------------------------------------------------------------------------------------------- explicit chance
# Options under which a game draws in its set-up: Advanced Civilization's stacks are drawn card by card in play
# (AC §15.2, §27), so its set-up draws only the nations dealt at random.
_DRAWING: dict[str, dict[str, object]] = {"advanced-civilization": {"nations": "random"}}


def _explicit(game_id: str, players: int | None = None, seed: int = 0, **options: object) -> pyspiel.Game:
    return openspiel.load(game_id, players=players, seed=seed, chance_mode="explicit", **options)


def _to_decision(state: pyspiel.State, outcomes: list[int] | None = None) -> list[tuple[int, str]]:
    """Give the chance nodes waiting the outcomes listed (then 0s) until a seat decides; returns each node's
    (number of outcomes, text of the outcome given)."""
    given = []
    queue = list(outcomes or [])
    while state.is_chance_node():
        outcome = queue.pop(0) if queue else 0
        given.append((len(state.chance_outcomes()), state.action_to_string(pyspiel.PlayerId.CHANCE, outcome)))
        state.apply_action(outcome)
    return given


@pytest.mark.parametrize("game_id", game_cases())
def test_explicit_chance_random_simulation_test(game_id: str) -> None:
    """OpenSpiel's own checks with every draw a chance node, serialisation included (a state is its history):
    a short game (60 decisions, then truncated) at the smallest player count keeps it quick."""
    game = _explicit(game_id, players=game_class(game_id).min_players, seed=1, max_game_length=60)
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.max_chance_outcomes() == openspiel.chance_bound(game.encoding.game) > 0
    assert game.get_parameters()["chance_mode"] == "explicit"
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_sampled_chance_is_the_default_and_other_modes_are_refused() -> None:
    game = openspiel.load("mankind", players=2)
    assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert game.max_chance_outcomes() == 0 and game.get_parameters()["chance_mode"] == "sampled"
    assert not game.new_initial_state().is_chance_node()
    with pytest.raises(BadOptions, match="chance_mode"):
        openspiel.load("mankind", chance_mode="tabulated")


@pytest.mark.parametrize("game_id", game_cases())
def test_chance_outcomes_add_up_to_one_and_are_the_legal_actions(game_id: str) -> None:
    """Every chance node of a random game's first 40 decisions: its outcomes in increasing order, within
    ``max_chance_outcomes``, are the legal actions and add up to 1 within rounding. A die or a pick of n lists
    0..n-1, each 1/n; a bag of n lists one outcome per kind of item, each k/n for the k items alike."""
    game = _explicit(game_id, players=game_class(game_id).min_players, seed=2, **_DRAWING.get(game_id, {}))
    state = game.new_initial_state()
    rng = np.random.RandomState(2)
    nodes = decisions = 0
    while not state.is_terminal() and decisions < 40:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            listed = [o for o, _ in outcomes]
            assert state.current_player() == pyspiel.PlayerId.CHANCE
            assert listed == sorted(set(listed)) == state.legal_actions()
            assert math.fsum(p for _, p in outcomes) == pytest.approx(1)
            assert listed[-1] < game.max_chance_outcomes()
            text = state.action_to_string(pyspiel.PlayerId.CHANCE, listed[0])
            if text.startswith("bag of "):
                size = int(text.split()[2])
                shares = [p * size for _, p in outcomes]
                assert all(round(share) >= 1 and share == pytest.approx(round(share)) for share in shares)
                assert sum(round(share) for share in shares) == size
            else:
                assert listed == list(range(len(listed))) and all(p == 1.0 / len(listed) for _, p in outcomes)
            nodes += 1
            state.apply_action(chance_outcome(state, rng))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
            decisions += 1
    assert nodes > 0  # every game draws in its set-up (a bag, decks or first-player dice)


def test_a_chosen_chance_outcome_is_the_die_the_game_rolls() -> None:
    """Mankind rolls a D10 per seat for first player (MK: Set-up): outcomes 2 and 6 name the rolls 3 and 7,
    and the game's log shows exactly those; the seat with 7 goes first."""
    state = _explicit("mankind", players=2, seed=3).new_initial_state()
    assert state.is_chance_node() and not state.is_terminal()
    given = _to_decision(state, [2, 6])
    assert given[:2] == [(10, "d10 rolls 3"), (10, "d10 rolls 7")]
    log = state.ludoteca.log
    assert log[0]["type"] == "first_player_roll" and log[0]["rolls"] == {"0": 3, "1": 7}
    assert log[1]["text"] == "Seat 1 goes first."
    again = _explicit("mankind", players=2, seed=3).new_initial_state()
    _to_decision(again, [9, 0])
    assert again.ludoteca.log[0]["rolls"] == {"0": 10, "1": 1} and again.ludoteca.log[1]["text"] == "Seat 0 goes first."
    with pytest.raises(IllegalAction):
        fresh = _explicit("mankind", players=2, seed=3).new_initial_state()
        fresh.apply_action(10)  # a D10 has ten outcomes, 0..9


@pytest.mark.parametrize("game_id", game_cases())
def test_explicit_chance_replays_the_sampled_game_given_the_seeds_draws(game_id: str) -> None:
    """The sampled game of a seed, played for 60 decisions, and the explicit-chance game given the draws that
    seed's generator made (``chance.seeded_outcomes``) and the same actions: the same table, log and result at
    every step. It holds by construction (one generator primitive, replayed); this checks the construction."""
    players = game_class(game_id).min_players
    sampled = openspiel.load(game_id, players=players, seed=4, **_DRAWING.get(game_id, {})).new_initial_state()
    rng = np.random.RandomState(4)
    indices: list[int] = []
    while not sampled.is_terminal() and len(indices) < 60:
        indices.append(int(rng.choice(sampled.legal_actions())))
        sampled.apply_action(indices[-1])
    inner = sampled.ludoteca
    moves = [(seat, text) for seat, text in inner.record()["actions"]]
    steps = chance.seeded_outcomes(inner.game, inner.seed, moves)
    assert sum(len(step) for step in steps) > 0
    explicit = _explicit(game_id, players=players, **_DRAWING.get(game_id, {})).new_initial_state()
    for number, step in enumerate(steps):
        if number:
            explicit.apply_action(indices[number - 1])
        for size, outcome, label in step:  # a bag's equal items are one outcome: no more are listed than drawn among
            assert explicit.is_chance_node() and outcome in explicit.legal_actions()
            assert len(explicit.chance_outcomes()) <= size
            assert explicit.action_to_string(pyspiel.PlayerId.CHANCE, outcome).startswith(
                chance.describe(label, outcome)
            )
            explicit.apply_action(outcome)
        assert not explicit.is_chance_node()
    assert _bag_unordered(explicit.ludoteca.data) == _bag_unordered(inner.data)
    assert explicit.ludoteca.log == inner.log
    assert explicit.is_terminal() == sampled.is_terminal() and explicit.returns() == sampled.returns()


def _bag_unordered(data: dict[str, Any]) -> dict[str, Any]:
    """The game's data with its bags as the items they hold: the seed shuffles a bag when it is made, explicit
    chance keeps it in order and draws each item at random, so only its order differs (nobody sees it). Tigris &
    Euphrates's bag; Arabian Struggle's draw pile pile by pile (``deck_runs``: a card is drawn from its own) and,
    at 2 players, the Rasheedi deck (its display is drawn off it); Advanced Civilization's trade-card stacks, each
    as the cards of its top in unknown order (``stacks_blind``) and the rest in order."""
    if "stacks_blind" in data:
        blind = data["stacks_blind"][2::3]  # per stack: top, goods, blind (cards in unknown order on top)
        stacks = [[sorted(pile[:n]), pile[n:]] for pile, n in zip(data["stacks"], blind, strict=True)]
        return {**data, "stacks": stacks}
    if "bag" in data:
        return {**data, "bag": sorted(data["bag"])}
    if "deck_runs" in data:
        deck, piles, start = data["deck"], [], 0
        for run in data["deck_runs"]:
            piles.append(sorted(deck[start : start + abs(run)]))
            start += abs(run)
        return {**data, "deck": piles, "rasheedi_deck": sorted(data["rasheedi_deck"])}
    return data


def test_a_hidden_draw_does_not_show_in_the_other_seats_observation() -> None:
    """Tigris & Euphrates deals seat 0 six tiles from the bag, then seat 1 six (T&E: Setup), each tile one chance
    event. Two set-ups that differ only in seat 1's last tile: seat 1's observation differs, seat 0's tensor and
    string and the public observation are the same."""
    game = _explicit("tigris-euphrates", players=2)
    base = [outcome for _, outcome, _ in chance.seeded_outcomes(game.encoding.game, 5, [])[0]]
    assert len(base) == 12
    public = game.make_py_observer(
        pyspiel.IIGObservationType(perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE), {}
    )
    one = game.new_initial_state()
    _to_decision(one, base)
    # The bag is held in order (47 red, 36 blue, 30 black, 30 green, less the tiles dealt): item 0 is a red
    # tile and the last outcome listed the first green, so one of them is not the colour of seat 1's last tile
    # in the first deal.
    probe = game.new_initial_state()
    deal(probe, base[:11])
    green = max(outcome for outcome, _ in probe.chance_outcomes())
    for other in (0, green):
        two = game.new_initial_state()
        label = _to_decision(two, [*base[:11], other])[11][1]
        assert label.startswith(f"bag of 132 gives item {other}: ")
        if two.ludoteca.data["hands"][1] != one.ludoteca.data["hands"][1]:
            break
    assert two.ludoteca.data["hands"][0] == one.ludoteca.data["hands"][0]
    assert two.ludoteca.data["hands"][1] != one.ludoteca.data["hands"][1]
    assert two.observation_tensor(0) == one.observation_tensor(0)
    assert two.observation_string(0) == one.observation_string(0)
    assert public.string_from(two, 0) == public.string_from(one, 0)
    assert two.observation_string(1) != one.observation_string(1)
    assert two.observation_tensor(1) != one.observation_tensor(1)


def test_explicit_chance_states_clone_serialise_and_refuse_misuse() -> None:
    """A chance node clones and deserialises with its outcomes so far; the Ludoteca state inside draws nothing on
    its own (its draws come only from chance outcomes), there is no table before the set-up is dealt, and a
    chance node is not resampled from an information state."""
    game = _explicit("arabian-struggle", players=2, seed=6)
    state = game.new_initial_state()
    with pytest.raises(LudotecaError, match="set-up is still being dealt"):
        state.ludoteca  # noqa: B018
    assert state.observation_tensor(0) == [0.0] * game.observation_tensor_size()
    for _ in range(5):
        state.apply_action(1)
    twin, restored = state.clone(), game.deserialize_state(state.serialize())
    for copy in (twin, restored):
        assert str(copy) == str(state) and copy.chance_outcomes() == state.chance_outcomes()
    _to_decision(state)
    _to_decision(twin)
    _to_decision(restored)
    assert str(state) == str(twin) == str(restored)
    inner = state.ludoteca.clone()
    with pytest.raises(chance.ChanceError, match="explicit chance outcomes"):
        inner.rng.roll(6)
    sampler = pyspiel.UniformProbabilitySampler(6, 0.0, 1.0)
    resampled = state.resample_from_infostate(0, sampler)
    assert resampled.observation_string(0) == state.observation_string(0)
    rng = np.random.RandomState(6)
    while not state.is_chance_node():
        state.apply_action(int(rng.choice(state.legal_actions())))
    with pytest.raises(BadOptions, match="chance node"):
        state.resample_from_infostate(0, sampler)


def _bot_decides(state: pyspiel.State, bot: object, rng: np.random.RandomState, decisions: int) -> int:
    """Let ``bot`` take up to ``decisions`` decisions, each legal, with chance nodes given outcomes drawn from
    ``rng`` with their probabilities; the number of decisions taken (fewer only if the game ends)."""
    taken = 0
    while not state.is_terminal() and taken < decisions:
        if state.is_chance_node():
            state.apply_action(chance_outcome(state, rng))
            continue
        action = bot.step(state)  # type: ignore[attr-defined]
        assert action in state.legal_actions()
        state.apply_action(action)
        taken += 1
    return taken


def test_mcts_samples_explicit_chance_nodes() -> None:
    """OpenSpiel's MCTS handles chance nodes itself: with the heuristic evaluator it plays Mankind (whose every
    event is a die) through chance nodes, and its tree's chance children are the outcomes."""
    game = _explicit("mankind", players=2, seed=7)
    bot = mcts.MCTSBot(game, 2.0, 8, openspiel.HeuristicEvaluator(), random_state=np.random.RandomState(7))
    state = game.new_initial_state()
    assert _bot_decides(state, bot, np.random.RandomState(7), 10) == 10


def test_explicit_chance_histories_are_the_whole_game() -> None:
    """The determinism guarantee of explicit chance: a history (decisions and chance outcomes) replayed on a
    freshly loaded game gives the same states; ``rl_environment`` samples the chance nodes itself, from its
    own seed, so two environments seeded alike play the same episodes."""
    from open_spiel.python import rl_environment

    histories, finals = [], []
    for _ in range(2):
        game = _explicit("arabian-struggle", players=2, max_game_length=30)
        environment = rl_environment.Environment(game, chance_event_sampler=rl_environment.ChanceEventSampler(seed=3))
        step = environment.reset()
        while not step.last():
            player = step.observations["current_player"]
            step = environment.step([step.observations["legal_actions"][player][-1]])
        histories.append(environment.get_state.history())
        finals.append(environment.get_state)
        assert environment.get_state.truncated()
    assert histories[0] == histories[1] and len(histories[0]) > 30  # 30 decisions and the chance outcomes
    replayed = _explicit("arabian-struggle", players=2, max_game_length=30).new_initial_state()
    for action in histories[0]:
        replayed.apply_action(action)
    assert str(replayed) == str(finals[0]) == str(finals[1]) and replayed.ludoteca.log == finals[0].ludoteca.log


def _first_player_odds(state: pyspiel.State, enumerate_draws: int, probability: float = 1.0) -> list[float]:
    """Expectimax-style walk of the set-up's chance nodes: the first ``enumerate_draws`` draws over all their
    outcomes (weighted by their probabilities), the rest along outcome 0 for at most 6 more draws. Returns the
    probability that seat 0, seat 1 goes first, and what is left unresolved (the walk stopped on a tie)."""
    if not state.is_chance_node():
        first = state.ludoteca.data["current"]
        return [probability if first == 0 else 0.0, probability if first == 1 else 0.0, 0.0]
    if enumerate_draws <= -6:
        return [0.0, 0.0, probability]
    outcomes = state.chance_outcomes() if enumerate_draws > 0 else [(0, 1.0)]
    total = [0.0, 0.0, 0.0]
    for outcome, chance_of in outcomes:
        child = state.child(outcome)
        for index, value in enumerate(_first_player_odds(child, enumerate_draws - 1, probability * chance_of)):
            total[index] += value
    return total


def test_an_exact_walk_over_chance_nodes_gives_the_rulebooks_odds() -> None:
    """Mankind: Setup — "roll high on 1D10 to see who goes first", ties re-roll. Walking both seats' first D10
    over all 100 outcome pairs, with their probabilities: each seat goes first with probability 45/100 and the
    10 ties (1/10) are left to the re-roll, exactly the rulebook's odds; walking the re-roll too (4 draws)
    adds 1/10 of that: 0.495 each, 1/100 left."""
    state = _explicit("mankind", players=2).new_initial_state()
    first_0, first_1, unresolved = _first_player_odds(state, 2)
    assert first_0 == pytest.approx(0.45, abs=1e-12) and first_1 == pytest.approx(0.45, abs=1e-12)
    assert unresolved == pytest.approx(0.10, abs=1e-12)
    assert _first_player_odds(state, 4) == pytest.approx([0.495, 0.495, 0.01], abs=1e-12)


def test_ismcts_plays_through_explicit_chance_with_resampled_hidden_cards() -> None:
    """The Python ISMCTS bot samples chance nodes in its simulations and resamples the opponent's hidden cards
    at the decision it searches (Arabian Struggle's hands and deck)."""
    game = _explicit("arabian-struggle", players=2, seed=5)
    bot = _small_ismcts(game, seed=5)
    sampler = pyspiel.UniformProbabilitySampler(5, 0.0, 1.0)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    state = game.new_initial_state()
    assert _bot_decides(state, bot, np.random.RandomState(5), 20) == 20


def test_explicit_chance_with_perfect_recall_passes_random_simulation() -> None:
    """Perfect-recall information states under explicit chance: the digests start when the set-up is dealt
    (before, nobody has seen anything), and OpenSpiel's checks pass."""
    game = _explicit("tigris-euphrates", players=2, seed=1, perfect_recall=True, max_game_length=40)
    state = game.new_initial_state()
    assert state.information_state_string(0) == state.information_state_string(1)  # nothing dealt yet
    _to_decision(state)
    assert state.information_state_string(0) != state.information_state_string(1)  # each sees its own tiles
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
