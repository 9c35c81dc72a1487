"""ISMCTS's sweeps and greedy rollouts: they find the move whose worth shows only a turn later, which one move of
look-ahead misses, and they stay reproducible from the seed."""

from __future__ import annotations

from typing import Any

import pytest

import ludoteca
from ludoteca.agents import HeuristicAgent, IsmctsAgent, make_agent
from ludoteca.core import Action, BadOptions, Game, State
from tests.agents.points_game import PointsState


class HarvestState(PointsState):
    """Harvest, a test game: on a turn a seat takes a die's worth of points (1D3) now, or plants a field,
    which adds 3 points to each of its later takes. Four turns a seat; most points win. Planting is worth 0 at
    once, so a one-move look-ahead never plants; planting first is worth 3 points a take after it."""

    TURNS = 4

    def _setup(self) -> None:
        self.data = {"points": [0, 0], "fields": [0, 0], "turn": 0}

    def _to_act(self) -> list[int]:
        return [self.data["turn"] % 2]

    def _legal_actions(self, seat: int) -> list[Action]:
        return [Action("take"), Action("plant")]

    def _apply(self, seat: int, action: Action) -> None:
        if action.text == "take":
            self.data["points"][seat] += self.rng.roll(3) + 3 * self.data["fields"][seat]
        else:
            self.data["fields"][seat] += 1
        self.data["turn"] += 1

    def _is_over(self) -> bool:
        return bool(self.data["turn"] >= 2 * self.TURNS)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"points": list(self.data["points"]), "fields": list(self.data["fields"]), "turn": self.data["turn"]}


class Harvest(Game):
    id = "harvest-test"
    title = "Harvest (agent test game)"
    min_players = 2
    max_players = 2

    def _make_state(self) -> State:
        return HarvestState()


def _opening() -> State:
    return Harvest(players=2).new_state(seed=4)


def test_a_greedy_player_takes_the_points_now() -> None:
    state = _opening()
    assert HeuristicAgent(seed=1).choose(state, 0).text == "take"


def test_sweeps_with_greedy_rollouts_plant_first() -> None:
    # Two actions of the seat's own and the reply between them: a rollout of 3 sees the first take after planting.
    agent = make_agent("ismcts:iterations=16,width=2,depth=3,rollout=greedy", seed=1)
    assert agent.choose(_opening(), 0).text == "plant"
    assert agent.last_iterations == 16  # eight sweeps over the two candidates


def test_sweeps_that_look_no_further_than_the_move_take_the_points() -> None:
    # Depth 0: the playouts judge the position right after the move, which is what the greedy player sees.
    agent = make_agent("ismcts:iterations=16,width=2,depth=0,rollout=greedy", seed=1)
    assert agent.choose(_opening(), 0).text == "take"


def test_a_width_of_one_is_the_priors_choice_without_a_sweep() -> None:
    agent = make_agent("ismcts:iterations=16,width=1,depth=3,rollout=greedy", seed=1)
    assert agent.choose(_opening(), 0).text == "take"
    assert agent.last_iterations == 0


@pytest.mark.parametrize(
    "spec",
    [
        "ismcts:iterations=12,width=3,depth=6,rollout=greedy",
        "ismcts:iterations=12,depth=4,rollout=greedy,tree=1",
        "ismcts:iterations=12,width=3,depth=2,hints=0",
    ],
)
def test_the_new_modes_replay_from_their_seed_on_a_dice_game(spec: str) -> None:
    def moves() -> list[str]:
        state = ludoteca.load_game("mankind", players=2).new_state(seed=5)
        agent = make_agent(spec, seed=3)
        chosen = []
        for _ in range(25):
            seat = state.to_act()[0]
            action = agent.choose(state, seat)
            chosen.append(action.text)
            state.apply(seat, action)
        return chosen

    assert moves() == moves()


def test_the_new_parameters_are_checked() -> None:
    agent = make_agent("ismcts:rollout=greedy,tree=1,width=3,hints=0")
    assert isinstance(agent, IsmctsAgent)
    assert (agent.rollout, agent.tree, agent.width, agent.hints) == ("greedy", 1, 3, False)
    with pytest.raises(BadOptions, match="rollout"):
        make_agent("ismcts:rollout=clever")


def test_the_game_sets_the_new_modes_unless_the_spec_does(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _opening()
    monkeypatch.setattr(Harvest, "search_defaults", {"greedy": 1, "tree": 2, "width": 5})
    assert make_agent("ismcts").shape(state) == ("greedy", 2, 5)
    assert make_agent("ismcts:rollout=random,tree=0,width=0").shape(state) == ("random", 0, 0)
    assert make_agent("ismcts:prior=0").shape(state) == ("greedy", 2, 0)  # sweeps choose their candidates by it


@pytest.mark.parametrize("game", ["tigris-euphrates", "mankind"])
def test_sweeps_play_only_on_positions_redrawn_from_the_seats_view(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every action the search applies, at the root or in a greedy rollout, is applied to a clone that was first
    redrawn (``resample``) for the searching seat, or is a copy of one: the other hand, the bag and the dice to
    come are never read as they are."""
    state = ludoteca.load_game(game, players=2).new_state(seed=6)
    seat = state.to_act()[0]
    cls = type(state)
    clone, resample, apply_legal = cls.clone, cls.resample, cls.apply_legal
    redrawn: set[int] = set()
    applied: list[bool] = []

    def spy_clone(self: State) -> State:
        twin = clone(self)
        if id(self) in redrawn:
            redrawn.add(id(twin))
        return twin

    def spy_resample(self: State, who: int, rng: Any) -> None:
        resample(self, who, rng)
        if who == seat or id(self) in redrawn:  # a rollout's rival may redraw a position already redrawn for us
            redrawn.add(id(self))

    def spy_apply(self: State, who: int, action: Action) -> None:
        applied.append(id(self) in redrawn)
        apply_legal(self, who, action)

    monkeypatch.setattr(cls, "clone", spy_clone)
    monkeypatch.setattr(cls, "resample", spy_resample)
    monkeypatch.setattr(cls, "apply_legal", spy_apply)
    make_agent("ismcts:iterations=6,width=3,depth=3,rollout=greedy", seed=2).choose(state, seat)
    assert applied and all(applied)


def test_the_game_sets_the_budget_unless_the_spec_does(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _opening()
    monkeypatch.setattr(Harvest, "search_defaults", {"iterations": 7})
    agent = make_agent("ismcts", seed=1)
    agent.choose(state, 0)
    assert agent.last_iterations == 7
    assert make_agent("ismcts:iterations=9").budget(state) == 9
    monkeypatch.setattr(Harvest, "search_defaults", {})
    assert make_agent("ismcts").budget(state) == IsmctsAgent.ITERATIONS


def test_a_hosts_hard_stop_ends_long_greedy_playouts() -> None:
    """A server caps a move's thinking (``time_limit``); a greedy rollout of 200 actions is cut there too, and a
    sweep the stop interrupted is not counted (its candidates were not played out alike)."""
    import time

    state = ludoteca.load_game("mankind", players=2).new_state(seed=5)
    seat = state.to_act()[0]
    while len(state.legal_actions(seat)) < 3:
        state.apply(seat, make_agent("heuristic", seed=1).choose(state, seat))
        seat = state.to_act()[0]
    agent = make_agent("ismcts:iterations=5000,width=3,depth=200,rollout=greedy,hints=0", seed=1)
    assert isinstance(agent, IsmctsAgent)
    agent.time_limit = 0.05
    started = time.perf_counter()
    assert agent.choose(state, seat) in state.legal_actions(seat)
    assert time.perf_counter() - started < 1.0
    assert agent.last_iterations < 5000
