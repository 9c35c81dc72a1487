"""``Alike``: a bag draw's outcomes that give equal items, merged into one outcome per kind of item."""

from __future__ import annotations

import pytest

from ludoteca.core.chance import Alike, ChanceNeeded, ReplayRng


def test_each_kind_is_listed_at_its_first_outcome_with_its_share() -> None:
    alike = Alike.of(["b", "r", "b", "g", "r", "b"])
    assert alike is not None
    assert alike.outcomes() == [(0, 3 / 6), (1, 2 / 6), (3, 1 / 6)]
    assert alike.first == (0, 1, 0, 3, 1, 0)
    assert alike.name == {0: "b", 1: "r", 3: "g"}


def test_distinct_or_unhashable_items_are_not_merged() -> None:
    """A deck of distinct cards keeps one outcome a card (as a die does); items that cannot be compared by hash
    (a dict) are not merged rather than guessed at."""
    assert Alike.of([29, 40, 5]) is None
    assert Alike.of([{"a": 1}, {"a": 1}]) is None


def test_the_chance_event_of_a_bag_draw_carries_its_merged_outcomes() -> None:
    """``ReplayRng.draw_from`` past its outcomes: the event names the draw's size and its kinds; a die's has none.
    A record's outcome need not be the listed one: any index still draws its own item."""
    rng = ReplayRng(())
    with pytest.raises(ChanceNeeded) as needed:
        rng.draw_from(["r", "r", "k"], 1)
    assert needed.value.size == 3 and needed.value.alike is not None
    assert needed.value.alike.outcomes() == [(0, 2 / 3), (2, 1 / 3)]
    with pytest.raises(ChanceNeeded) as rolled:
        ReplayRng(()).roll(6)
    assert rolled.value.alike is None
    bag = ["r", "k", "r"]
    assert ReplayRng([2]).draw_from(bag, 1) == ["r"] and bag == ["r", "k"]
