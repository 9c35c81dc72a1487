"""Final scoring: seed note point 6 and edge case 13's tie-break (reference §1.11).

Treasures are wild points given to the weakest colour; the score is the weakest colour; ties are broken
by the next-weakest colours; players equal in all four colours share the victory.
"""

from __future__ import annotations

import itertools
import random

from ludoteca.games.tigris_euphrates.scoring import final_colours, standings
from tests.games.tigris_euphrates.helpers import act, start


def pts(red: int, blue: int, black: int, green: int, treasure: int = 0) -> dict[str, int]:
    return {"r": red, "b": blue, "k": black, "g": green, "t": treasure}


def _best_by_brute_force(points: dict[str, int]) -> tuple[int, ...]:
    best: tuple[int, ...] = ()
    for split in itertools.product(range(points["t"] + 1), repeat=4):
        if sum(split) != points["t"]:
            continue
        totals = tuple(sorted(points[c] + extra for c, extra in zip("rbkg", split, strict=True)))
        best = max(best, totals)
    return best


def test_treasures_go_to_the_weakest_colour() -> None:
    """Seed note 6: treasures are distributed as the player likes; the best is always the weakest colour."""
    colours = final_colours(pts(3, 1, 2, 5, treasure=3))
    assert sorted(colours.values()) == [3, 3, 3, 5]
    assert colours["g"] == 5  # no treasure wasted on the strongest colour


def test_greedy_allocation_is_the_best_possible() -> None:
    """Seed note 6: compared with every split of the treasures, the engine's is the best (lexicographic)."""
    rng = random.Random(5)
    for _ in range(200):
        points = pts(*(rng.randint(0, 6) for _ in range(4)), treasure=rng.randint(0, 5))
        assert tuple(sorted(final_colours(points).values())) == _best_by_brute_force(points)


def test_weakest_colour_is_the_score() -> None:
    """Seed note 6: the highest weakest colour wins."""
    result = standings([pts(9, 9, 9, 2), pts(3, 3, 3, 3)])
    assert result["scores"] == [2, 3] and result["winners"] == [1]
    assert result["ranking"] == [[1], [0]]


def test_ties_broken_by_the_next_weakest_colours() -> None:
    """Seed note 6 and edge case 13: equal weakest colours compare the next-weakest, and so on."""
    result = standings([pts(4, 5, 6, 7), pts(4, 5, 6, 8), pts(4, 6, 4, 9), pts(4, 5, 6, 7, treasure=0)])
    # sorted: (4,5,6,7), (4,5,6,8), (4,4,6,9), (4,5,6,7)
    assert result["scores"] == [4, 4, 4, 4]
    assert result["ranking"] == [[1], [0, 3], [2]]
    assert result["winners"] == [1]


def test_true_ties_share_the_win() -> None:
    """Seed note 6: players equal in all four (sorted) colours share the victory."""
    result = standings([pts(2, 5, 3, 4), pts(5, 2, 4, 3), pts(1, 9, 9, 9)])
    assert result["ranking"] == [[0, 1], [2]] and result["winners"] == [0, 1]


def test_treasures_count_in_the_tie_break() -> None:
    """Seed note 6: the colours compared are the ones after the treasures are placed."""
    result = standings([pts(3, 3, 4, 6, treasure=2), pts(4, 4, 4, 5)])
    # seat 0: 3,3 + 2 treasures -> (4,4,4,6) beats (4,4,4,5)
    assert result["sorted_colours"] == [[4, 4, 4, 6], [4, 4, 4, 5]]
    assert result["winners"] == [0]


def test_result_of_a_finished_game() -> None:
    """Seed note 6: the result of a real game end uses the same scoring, and reveals every seat's points."""
    state = start(
        3,
        scoring="hidden",
        keep=("K11",),
        scores=[
            {"red": 2, "blue": 5, "black": 3, "green": 4},
            {"red": 5, "blue": 2, "black": 4, "green": 3},
            {"red": 1, "blue": 1, "black": 8, "green": 8, "treasure": 2},
        ],
        bag=["blue"] * 40,
    )
    act(state, "pass", "pass")
    result = state.result()
    assert result["scores"] == [2, 2, 2]
    # seats 0 and 1 sort to (2,3,4,5); seat 2's 1,1 + 2 treasures sort to (2,2,8,8): equal weakest, then 2 < 3.
    assert result["ranking"] == [[0, 1], [2]] and result["winners"] == [0, 1]
    assert all(points is not None for points in state.view(0)["scores"])
