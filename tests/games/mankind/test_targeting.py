"""Who an event affects: the targeting rules of the Event Phase, tested on the helpers directly."""

from __future__ import annotations

import pytest

from ludoteca.core.errors import ScriptError
from ludoteca.games.mankind.targeting import (
    left_of,
    order_by,
    others,
    random_seat,
    right_of,
    roll_off,
    strongest,
    use_shields,
    weakest,
)
from tests.games.mankind.helpers import NOTHING, civ, event_over, events, player, start

ARENAS = "ancient/Gladiatorial Arenas"  # WL +2
LEGIONS = "ancient/Legions"  # WL +3
CITY_WALLS = "ancient/City Walls"  # DF +3


def table(*seats: dict, dice: list[int] = (), **scenario):
    """A game waiting in its first Build Phase (the event rolled nothing); ``dice`` are scripted next."""
    state = start(len(seats), [NOTHING], players=list(seats), **scenario)
    assert event_over(state)
    state.rng.script.extend(dice)
    return state


def test_event_roll_of_7_or_more_is_nothing() -> None:
    """Event Phase: "7+ Nothing" on the 1D10 Event Table (docs/rulings.md, Mankind M10)."""
    for roll in (7, 8, 9, 10):
        state = start(2, [roll], players=[civ(), civ()])
        assert events(state, "event")[0]["kind"] == "nothing"
        assert event_over(state)


def test_first_turn_skips_the_event_phase() -> None:
    """Event Phase: "Skip the Event Phase on each players very first turn of the game"."""
    state = start(2, [], players=[civ(turns=0), civ()])
    assert [e["seat"] for e in events(state, "event_skipped")] == [0]
    assert event_over(state)  # the first die scripted was the Build roll


def test_roll_off_orders_tied_players_by_rolling_high_on_1d6() -> None:
    """Event Phase: "In all cases of ties, break them by rolling high on 1D6"."""
    state = table(civ(), civ(), civ(), dice=[2, 6, 4])
    assert roll_off(state, [0, 1, 2], "a test") == [1, 2, 0]
    assert events(state, "roll_off")[-1]["rolls"] == {"0": 2, "1": 6, "2": 4}


def test_roll_off_re_rolls_only_the_players_still_tied() -> None:
    """Event Phase: ties broken by 1D6; equal rolls among some of them are rolled again among those only."""
    state = table(civ(), civ(), civ(), civ(), dice=[5, 5, 2, 5, 3, 1, 3, 4, 6])
    # 0, 1 and 3 tie on 5 above 2's 2; among them 0 and 3 tie on 3 above 1's 1; then 3 beats 0.
    assert roll_off(state, [0, 1, 2, 3], "a test") == [3, 0, 1, 2]
    assert [e["rolls"] for e in events(state, "roll_off")] == [
        {"0": 5, "1": 5, "2": 2, "3": 5},
        {"0": 3, "1": 1, "3": 3},
        {"0": 4, "3": 6},
    ]
    assert state.rng.script == []


def test_a_single_player_needs_no_roll_off() -> None:
    """Event Phase: only ties are rolled off."""
    state = table(civ(), civ())
    assert roll_off(state, [1], "a test") == [1]
    assert events(state, "roll_off") == []


def test_order_by_rolls_off_each_tied_group() -> None:
    """Event Phase: every tie, wherever it falls in an order, is broken by 1D6."""
    state = table(civ(), civ(LEGIONS), civ(), civ(LEGIONS), dice=[1, 2, 3, 4])
    order = order_by(state, [0, 1, 2, 3], lambda seat: 3 if seat in (1, 3) else 0, "a test")
    assert order == [3, 1, 2, 0]


def test_order_by_lowest_first() -> None:
    """Event Phase: "Player with lowest/highest Warfare Level"."""
    state = table(civ(), civ(), civ())
    assert order_by(state, [0, 1, 2], lambda seat: [5, 1, 3][seat], "a test", highest=False) == [1, 2, 0]


def test_weakest_and_strongest_compare_warfare_levels() -> None:
    """Event Phase: "Player with lowest/highest Warfare Level" (docs/rulings.md, Mankind R11)."""
    state = table(civ(ARENAS), civ(LEGIONS), civ(), civ(ARENAS, LEGIONS))
    assert weakest(state, [0, 1, 2, 3]) == 2
    assert strongest(state, [0, 1, 2, 3]) == 3
    assert weakest(state, [0, 1, 3]) == 0
    assert strongest(state, [0, 1, 2]) == 1


def test_defence_bonus_does_not_make_a_player_stronger() -> None:
    """Card List Type Notation: DF is "WL applied only when you are the Defender"."""
    state = table(civ(ARENAS), civ(CITY_WALLS))
    assert strongest(state, [0, 1]) == 0
    assert weakest(state, [0, 1]) == 1


def test_weakest_tie_is_rolled_off() -> None:
    """Event Phase: "In all cases of ties, break them by rolling high on 1D6"."""
    state = table(civ(), civ(), civ(LEGIONS), dice=[3, 4])
    assert weakest(state, [0, 1, 2]) == 1


def test_only_the_tie_for_weakest_or_strongest_is_rolled_off() -> None:
    """Event Phase: ties are broken by 1D6 when they decide something (docs/rulings.md, Mankind R29): the
    weakest of two unarmed players is rolled off (3 against 4), the tie between the two Legions is not."""
    state = table(civ(), civ(), civ(LEGIONS), civ(LEGIONS), dice=[3, 4])
    assert weakest(state, [0, 1, 2, 3]) == 1
    assert [e["rolls"] for e in events(state, "roll_off")] == [{"0": 3, "1": 4}]
    state.rng.script.extend([6, 2])
    assert strongest(state, [0, 1, 2, 3]) == 2
    assert [e["rolls"] for e in events(state, "roll_off")][1:] == [{"2": 6, "3": 2}]
    assert state.rng.script == []


def test_a_roll_off_re_rolls_only_a_tie_for_the_place_it_decides() -> None:
    """Event Phase: three players tie for weakest and roll 6, 2, 2: seat 0 is the weakest; the 2s are not
    rolled again, since no event asks who comes after it (docs/rulings.md, Mankind R29)."""
    state = table(civ(), civ(), civ(), civ(LEGIONS), dice=[6, 2, 2])
    assert weakest(state, [0, 1, 2, 3]) == 0
    assert len(events(state, "roll_off")) == 1 and state.rng.script == []


def test_random_player_is_a_die_with_one_face_per_candidate() -> None:
    """Event Phase: "One or more random Players" — each candidate equally likely."""
    state = table(civ(), civ(), civ(), civ(), dice=[3])
    assert random_seat(state, [0, 2, 3], "a test") == 3
    state.rng.script.append(4)
    with pytest.raises(ScriptError, match="d3"):
        random_seat(state, [0, 2, 3], "a test")


@pytest.mark.parametrize(("players", "seat", "left", "right"), [(4, 0, 1, 3), (4, 3, 0, 2), (2, 1, 0, 0), (6, 2, 3, 1)])
def test_left_is_the_next_seat_and_right_the_previous(players: int, seat: int, left: int, right: int) -> None:
    """War sub-tables "player to your left/right": turns pass to the left (docs/rulings.md, Mankind R10)."""
    state = table(*[civ() for _ in range(players)])
    assert (left_of(state, seat), right_of(state, seat)) == (left, right)


def test_others_are_every_player_but_one() -> None:
    """Event Phase: "All players except one specific player"."""
    state = table(civ(), civ(), civ())
    assert others(state, 1) == [0, 2]


def test_shield_is_used_up_by_the_event_it_skips() -> None:
    """Revolution Boon Negotiations: "Skip the next War, Incursion, or Raid Event that Targets You"."""
    state = table(civ(shields=2), civ(), civ(shields=1))
    assert use_shields(state, [1], "war") is False
    assert use_shields(state, [0, 2], "war") is True
    assert (player(state, 0)["shields"], player(state, 2)["shields"]) == (1, 0)
    assert use_shields(state, [0, 0], "raid") is True  # one target named twice uses one shield
    assert player(state, 0)["shields"] == 0
    assert use_shields(state, [0], "incursion") is False
