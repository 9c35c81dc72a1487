"""ISMCTS's flat choices (``flat``, ``quiet``): a choice whose options the prior judges alike runs ``quiet``
iterations instead of the budget, so that the time goes to the close positions a game is decided in."""

from __future__ import annotations

from typing import ClassVar

from ludoteca.agents import IsmctsAgent, make_agent
from ludoteca.core import State
from tests.agents.test_sweeps import Harvest


def _decided() -> State:
    """Harvest with seat 0 fifty points ahead: every option's win estimate is 1 to the last digit."""
    state = Harvest(players=2).new_state(seed=4)
    state.data["points"] = [50, 0]
    return state


def _search(spec: str, state: State) -> tuple[str, int]:
    agent = make_agent(spec, seed=3)
    assert isinstance(agent, IsmctsAgent)
    action = agent.choose(state, 0)
    return action.text, agent.last_iterations


def test_a_decided_position_runs_the_quiet_budget_and_a_close_one_the_full_budget() -> None:
    spec = "ismcts:iterations=200,flat=0.001,quiet=7"
    assert _search(spec, _decided())[1] == 7
    # At the opening a take (1D3 points now) and a plant (none now) differ by far more than 0.001.
    assert _search(spec, Harvest(players=2).new_state(seed=4))[1] == 200
    # Without ``flat`` every choice runs the budget.
    assert _search("ismcts:iterations=200", _decided())[1] == 200


def test_a_flat_choice_with_no_quiet_iterations_plays_the_priors_best() -> None:
    # flat=1 calls every choice flat; with quiet 0 the choice is the option the one-look prior rates best:
    # at the opening a take, which scores now (the heuristic's choice too).
    assert _search("ismcts:iterations=200,flat=1,quiet=0", Harvest(players=2).new_state(seed=4)) == ("take", 0)


class FlatHarvest(Harvest):
    id = "flat-harvest-test"
    search_defaults: ClassVar[dict[str, float]] = {"iterations": 50, "flat": 0.001, "quiet": 5}


def test_flat_and_quiet_come_from_the_spec_else_the_games_defaults() -> None:
    state = FlatHarvest(players=2).new_state(seed=4)
    state.data["points"] = [50, 0]
    assert _search("ismcts", state)[1] == 5
    assert _search("ismcts:quiet=9", state)[1] == 9
    assert _search("ismcts:flat=0", state)[1] == 50
