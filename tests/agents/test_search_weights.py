"""ISMCTS judging by a named weight set of the game's evaluation (``weights``, or the game's ``search_defaults``):
every value the search backs up, its one-look prior included, comes from that set; a name the game does not have
is refused with the names it has."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import ludoteca
from ludoteca import learning
from ludoteca.agents import IsmctsAgent, make_agent
from ludoteca.agents.base import settled_choice
from ludoteca.core import BadOptions, State


def _mankind_midgame() -> State:
    """A two-player Mankind game some decisions in, played by heuristic bots (fixed seeds), at a choice the
    search decides (more than one option, none the game answers itself)."""
    state = ludoteca.load_game("mankind", players=2).new_state(seed=3)
    bots = [make_agent("heuristic:samples=1", seed=seat) for seat in range(2)]
    for played in range(400):
        seat = state.to_act()[0]
        if played >= 40 and settled_choice(state, seat, state.legal_actions(seat)) is None:
            return state
        state.apply(seat, bots[seat].choose(state, seat))
    raise AssertionError("no open choice in 400 actions")


def test_the_search_scores_every_position_by_the_named_weight_set(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _mankind_midgame()
    learned = learning.evaluation_module("mankind")
    expected = learned.evaluate_all(state, learned.weight_sets().get("learned"))
    assert make_agent("ismcts:weights=learned").scorer(state)(state) == list(expected)  # type: ignore[attr-defined]
    assert list(expected) != state.evaluate_all()  # a different judge, or the test would show nothing

    calls: list[str] = []
    real = learning.weighted_scores

    def counted(game_id: str, name: str) -> Callable[[State], list[float]]:
        scores = real(game_id, name)

        def spy(world: State) -> list[float]:
            calls.append(name)
            return scores(world)

        return spy

    monkeypatch.setattr(learning, "weighted_scores", counted)
    agent = make_agent("ismcts:weights=learned,iterations=30", seed=1)
    assert isinstance(agent, IsmctsAgent)
    seat = state.to_act()[0]
    options = len(state.legal_actions(seat))
    agent.choose(state, seat)
    assert agent.last_iterations == 30
    assert calls == ["learned"] * (options + 30)  # one prior look per option, one score per iteration


def test_without_weights_the_search_keeps_the_games_own_evaluation(monkeypatch: pytest.MonkeyPatch) -> None:
    state = ludoteca.load_game("tigris-euphrates", players=2).new_state(seed=0)
    monkeypatch.setattr(learning, "weighted_scores", lambda *_: pytest.fail("no weight set was asked for"))
    make_agent("ismcts:iterations=5", seed=1).choose(state, state.to_act()[0])


def test_a_weight_set_the_game_lacks_is_refused_with_the_ones_it_has() -> None:
    state = _mankind_midgame()
    with pytest.raises(BadOptions, match=r"no evaluation weight set 'nosuch' \(there are: .*hand"):
        make_agent("ismcts:weights=nosuch,iterations=5").choose(state, state.to_act()[0])
