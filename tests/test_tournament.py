"""Tournaments: seat rotation, determinism, and the Wilson interval."""

from __future__ import annotations

import pytest

from ludoteca.core import derive_seed
from ludoteca.stats import wilson
from ludoteca.tournament import run_tournament, seat_agents


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [(5, 10, 0.2366, 0.7634), (0, 10, 0.0, 0.2775), (10, 10, 0.7225, 1.0), (81, 100, 0.7222, 0.8749)],
)
def test_wilson_interval_known_values(wins: int, games: int, low: float, high: float) -> None:
    got = wilson(wins, games)
    assert got == pytest.approx((low, high), abs=1e-4)


def test_wilson_with_no_games_is_the_whole_range() -> None:
    assert wilson(0, 0) == (0.0, 1.0)


def test_seats_rotate_so_no_agent_keeps_the_first_seat() -> None:
    assert [seat_agents(["a", "b"], 2, i) for i in range(3)] == [["a", "b"], ["b", "a"], ["a", "b"]]
    assert seat_agents(["a", "b"], 3, 1) == ["b", "a", "b"]


def test_tournament_is_deterministic_and_counts_every_game() -> None:
    first = run_tournament("blind-draw", 2, ["random:seed=1", "random:seed=2"], games=6, seed=4)
    again = run_tournament("blind-draw", 2, ["random:seed=1", "random:seed=2"], games=6, seed=4)
    shares = {k: (v.games, v.wins) for k, v in first.standings.items()}
    assert shares == {k: (v.games, v.wins) for k, v in again.standings.items()}
    assert first.games == 6 and sum(v.wins for v in first.standings.values()) == pytest.approx(6)


def test_thinking_times_cover_only_the_decisions_the_game_leaves_open() -> None:
    """Mankind settles some choices itself (a single option, its extra-roll rule): those are not timed."""
    from ludoteca.agents.base import settled_choice
    from ludoteca.core import load_game
    from ludoteca.tournament import play_game

    thinking: list[list[float]] = [[], []]
    state, actions = play_game("mankind", 2, {}, ["random", "random"], seed=3, thinking=thinking)
    untimed, _ = play_game("mankind", 2, {}, ["random", "random"], seed=3)
    assert state.record() == untimed.record()  # timing changes nothing in the game
    replay = load_game("mankind", 2).new_state(seed=3)
    open_decisions = [0, 0]
    for seat, text in state.record()["actions"]:
        if settled_choice(replay, seat, replay.legal_actions(seat)) is None:
            open_decisions[seat] += 1
        replay.apply(seat, text)
    assert [len(times) for times in thinking] == open_decisions
    assert 0 < sum(open_decisions) < actions
    cpu: list[list[float]] = [[], []]
    alone, _ = play_game("mankind", 2, {}, ["random", "random"], seed=3, cpu_thinking=cpu)
    assert alone.record() == untimed.record()  # CPU timing alone changes nothing either
    assert [len(times) for times in cpu] == open_decisions


def test_an_agent_in_every_seat_wins_its_fair_share_not_all() -> None:
    """Two random seats are two seats: together they win every game, each seat about half (issue #21)."""
    table = run_tournament("tigris-euphrates", 2, ["random"], games=4, seed=3)
    standing = table.standings["random"]
    assert standing.games == 8 and standing.wins == pytest.approx(4.0)
    assert standing.share == pytest.approx(0.5)


def test_each_agent_is_timed_on_its_own_decisions_not_a_share_of_the_game() -> None:
    """The table once divided each game's time by its seats: every agent of a game looked equally slow."""
    from ludoteca.tournament import play_game

    table = run_tournament("mankind", 2, ["random", "heuristic"], games=2, seed=5)
    decided = {"random": 0, "heuristic": 0}
    for index in range(2):
        specs = seat_agents(["random", "heuristic"], 2, index)
        thinking: list[list[float]] = [[], []]
        play_game("mankind", 2, {}, specs, derive_seed(5, index), thinking=thinking)
        for seat, spec in enumerate(specs):
            decided[spec] += len(thinking[seat])
    for spec, standing in table.standings.items():
        assert standing.decisions == decided[spec] > 0
        assert standing.seconds_per_decision == pytest.approx(standing.thinking / standing.decisions)
