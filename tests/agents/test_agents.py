"""Every agent plays only legal moves, reproducibly, on every game."""

from __future__ import annotations

import pytest

import ludoteca
from ludoteca.agents import HeuristicAgent, IsmctsAgent, RandomAgent, make_agent
from ludoteca.core import BadOptions

GAMES = [game for game in ludoteca.list_games() if game != "blind-draw"]
SPECS = ["random", "heuristic:samples=1", "ismcts:iterations=6,depth=4", "ismcts:iterations=6,depth=0,grow=1"]


def _moves(game: str, spec: str, seed: int, count: int) -> list[tuple[int, str]]:
    state = ludoteca.load_game(game, players=2).new_state(seed=11)
    agent = make_agent(spec, seed=seed)
    moves = []
    while not state.is_over() and len(moves) < count:
        seat = state.to_act()[0]
        legal = {action.text for action in state.legal_actions(seat)}
        action = agent.choose(state, seat)
        assert action.text in legal, f"{spec} chose {action.text!r}, not a legal action"
        state.apply(seat, action)
        moves.append((seat, action.text))
    return moves


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("spec", SPECS)
def test_agents_play_legal_moves_and_are_deterministic(game: str, spec: str) -> None:
    first = _moves(game, spec, seed=5, count=12)
    assert len(first) == 12
    assert _moves(game, spec, seed=5, count=12) == first


def test_a_grown_search_judges_the_options_below_the_root() -> None:
    from ludoteca.agents.ismcts import _Node

    state = ludoteca.load_game("tigris-euphrates", players=2).new_state(seed=3)
    seat = state.to_act()[0]
    agent = IsmctsAgent(seed=1, iterations=30, depth=0, grow=1)
    root = _Node(seat)
    agent._seed_root(state, seat, state.legal_actions(seat), root)
    root.seeded = True
    for _ in range(30):
        agent._iterate(state, seat, root, 0, 0.05, 1)  # little exploration: the best options are met again
    seeded = [child for child in root.children.values() if child.seeded]
    assert seeded, "no node below the root was reached twice"
    for node in seeded:
        # Once reached, every option there is judged (the prior's virtual visits), except the one that the
        # first pass, before the node had been reached, expanded at random.
        primed = sum(1 for grandchild in node.children.values() if grandchild.visits >= agent.prior)
        assert 1 < primed >= len(node.children) - 1


@pytest.mark.parametrize("game", GAMES)
def test_agents_leave_the_real_state_untouched(game: str) -> None:
    state = ludoteca.load_game(game, players=2).new_state(seed=2)
    before = (state.record(), state.view(None), list(state.log))
    seat = state.to_act()[0]
    for agent in (HeuristicAgent(1, samples=2), IsmctsAgent(1, iterations=8, depth=3)):
        agent.choose(state, seat)
    assert (state.record(), state.view(None), list(state.log)) == before


def test_agents_are_built_from_specs() -> None:
    assert isinstance(make_agent("random"), RandomAgent)
    agent = make_agent("ismcts:iterations=40,depth=5,c=1.2", seed=3)
    assert isinstance(agent, IsmctsAgent) and (agent.iterations, agent.depth, agent.exploration) == (40, 5, 1.2)
    assert isinstance(make_agent("heuristic:samples=3"), HeuristicAgent)


def test_ismcts_takes_the_games_search_defaults_unless_its_spec_sets_them(monkeypatch: pytest.MonkeyPatch) -> None:
    state = ludoteca.load_game("mankind", players=2).new_state(seed=0)
    monkeypatch.setattr(type(state.game), "search_defaults", {"depth": 0, "c": 0.2, "grow": 3})
    assert make_agent("ismcts").settings(state) == (0, 0.2, 3)
    assert make_agent("ismcts:depth=7,c=1.5,grow=0").settings(state) == (7, 1.5, 0)
    assert make_agent("ismcts:prior=0").settings(state) == (0, 0.2, 0)  # growth seeds with the prior
    monkeypatch.setattr(type(state.game), "search_defaults", {})
    assert make_agent("ismcts").settings(state) == (IsmctsAgent.DEPTH, IsmctsAgent.EXPLORATION, IsmctsAgent.GROW)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("wizard", "no agent 'wizard'"),
        ("ismcts:iterations=many", "iterations must be an integer"),
        ("ismcts:iterations=0", "iterations must be at least 1"),
        ("ismcts:speed=3", "no parameter 'speed'"),
        ("random:seed", "must look like key=value"),
    ],
)
def test_bad_agent_specs_are_clear_errors(spec: str, message: str) -> None:
    with pytest.raises(BadOptions, match=message):
        make_agent(spec)


def test_ismcts_prefers_the_winning_move_of_the_test_game() -> None:
    """With one card left, Blind Draw's drawing player at 20 should stop rather than risk busting."""
    state = ludoteca.load_game("blind-draw", players=2).new_state(seed=0)
    state.data["hands"] = [[5, 5, 5, 5], [5, 5]]
    state.data["deck"] = [1, 2, 3, 4, 4, 3, 2, 1, 5]
    state.data["stopped"] = [False, True]
    choice = IsmctsAgent(seed=1, iterations=300, depth=10).choose(state, 0)
    assert choice.text == "stop"


@pytest.mark.parametrize("game", GAMES)
def test_random_action_draws_from_the_legal_list_uniformly(game: str) -> None:
    """A game's own sampler (``random_action``) must give exactly the legal actions, each about equally often."""
    from collections import Counter

    from ludoteca.core import Rng

    state = ludoteca.load_game(game, players=2).new_state(seed=3)
    chooser = Rng(9)
    checked = 0
    while not state.is_over() and checked < 2:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if len(legal) > 3:
            draws = Counter(state.random_action(seat, chooser).text for _ in range(60 * len(legal)))
            assert set(draws) <= {a.text for a in legal}
            assert len(draws) == len(legal), "some legal action is never drawn"
            assert max(draws.values()) < 3 * min(draws.values())
            checked += 1
        state.apply(seat, chooser.pick(legal))
    assert checked > 0


@pytest.mark.parametrize("game", GAMES)
def test_evaluate_all_is_evaluate_for_every_seat(game: str) -> None:
    """Search scores rollouts with ``evaluate_all``; the heuristic agent with ``evaluate``: they must agree."""
    from ludoteca.core import Rng

    for players in (2, 3):
        state = ludoteca.load_game(game, players=players).new_state(seed=4)
        chooser = Rng(2)
        step = 0
        while True:
            estimates = state.evaluate_all()
            assert estimates == [state.evaluate(seat) for seat in range(players)]
            assert all(0.0 <= value <= 1.0 for value in estimates)
            if state.is_over():
                assert sum(estimates) == pytest.approx(1.0)
                break
            seat = state.to_act()[0]
            state.apply_legal(seat, state.random_action(seat, chooser))
            step += 1
        assert step > 0
