"""ludoteca.speed: the two paths' rates count every ply of the seeded games and only their play."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import ludoteca
from ludoteca.core import Rng
from ludoteca.speed import PathSpeed, generic_path_rate, measure, sampler_path_rate


def _ticks() -> Callable[[], float]:
    """A clock that advances one second each time it is read: a rate is then plies per two readings."""
    counter = itertools.count()
    return lambda: float(next(counter))


def _plies(seed: int, sampler: bool) -> int:
    state = ludoteca.load_game("tigris-euphrates", 2).new_state(seed=seed)
    chooser = Rng(seed + 1)
    plies = 0
    while not state.is_over():
        seat = state.to_act()[0]
        if sampler:
            action = state.random_action(seat, chooser)
        else:
            legal = state.legal_actions(seat)
            action = legal[chooser.randrange(len(legal))]
        state.apply_legal(seat, action)
        plies += 1
    return plies


def test_a_rate_counts_the_plies_of_its_games_through_its_path() -> None:
    """With a clock that ticks once per reading, each game is timed as one second (two readings), so
    the rate is the mean game length through that path, which the test counts itself."""
    generic = generic_path_rate("tigris-euphrates", 2, [3, 4], clock=_ticks())
    assert generic == (_plies(3, False) + _plies(4, False)) / 2
    sampled = sampler_path_rate("tigris-euphrates", 2, [3], clock=_ticks())
    assert sampled == _plies(3, True)


def test_measure_reports_both_paths_against_chess() -> None:
    row = measure("arabian-struggle", 2, [1], chess_seconds=0.05, rounds=1, clock="cpu")
    assert isinstance(row, PathSpeed) and row.rounds == 1 and row.clock == "cpu"
    assert row.generic_plies_per_s > 0 and row.sampler_plies_per_s > 0 and row.chess_plies_per_s > 0
    # One round: each ratio is its rate over the references just before and after it, all positive.
    assert row.generic_ratio > 0 and row.sampler_ratio > 0
