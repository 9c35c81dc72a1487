"""Raid Events, exactly as the rulebook's "RAID EVENTS" section and Raid sub-tables say."""

from __future__ import annotations

import pytest

from ludoteca.core.errors import ScriptError
from tests.games.mankind.helpers import (
    ANCIENT,
    MEDIEVAL,
    MODERN,
    RAID,
    REVOLUTION,
    choose,
    civ,
    event_over,
    events,
    player,
    start,
    step,
    texts,
    to_act,
)

LEGIONS = "ancient/Legions"
PHALANX = "ancient/Phalanx"
CAESAR = "ancient/Caesar"  # a Military Leader, not a Military Unit
ARENAS = "ancient/Gladiatorial Arenas"  # WL +2 without a unit
CITY_WALLS = "ancient/City Walls"  # DF +3
BANDITRY = 2  # Ancient Raid sub-table: no modifier


def test_no_military_unit_means_no_raid() -> None:
    """Raid Events: "The current player if he has a military unit may target any other player"."""
    state = start(2, [RAID, 6], players=[civ(CAESAR, ARENAS), civ(LEGIONS, rp=9)])
    assert [e["seat"] for e in events(state, "raid_none")] == [0]
    assert events(state, "raid") == []
    assert player(state, 1)["rp"] == 9
    assert event_over(state)


def test_raider_may_target_any_other_player_or_none() -> None:
    """Raid Events: the current player "may target any other player of his choice"."""
    state = start(3, [RAID, BANDITRY], players=[civ(LEGIONS), civ(), civ()])
    assert to_act(state) == 0
    assert step(state) == "raid_target"
    assert texts(state) == ["raid seat 1", "raid seat 2", "do not raid"]


def test_declining_to_raid_ends_the_event() -> None:
    """Raid Events: the current player "may" raid."""
    state = start(2, [RAID, BANDITRY], players=[civ(LEGIONS), civ(LEGIONS, rp=9)])
    choose(state, "do not raid")
    assert [e["seat"] for e in events(state, "raid_declined")] == [0]
    assert player(state, 1)["rp"] == 9
    assert event_over(state)


def test_raid_roll_is_stolen_in_resource_points() -> None:
    """Raid Events: "The Raider rolls 1D6 (Raid roll) and steals that many Resource Points from the defender"."""
    state = start(3, [RAID, BANDITRY, 4], players=[civ(LEGIONS, rp=1), civ(rp=10), civ(rp=10)])
    choose(state, "raid seat 1")
    assert player(state, 0)["rp"] == 5
    assert player(state, 1)["rp"] == 6
    assert player(state, 2)["rp"] == 10
    raid = events(state, "raid")[0]
    assert (raid["raider"], raid["target"], raid["roll"], raid["stolen"]) == (0, 1, 4, 4)
    # The defender has no unit: "cannot raid due to lack of Units".
    assert [e["seat"] for e in events(state, "raid_over")] == [1]
    assert event_over(state)


@pytest.mark.parametrize(
    ("era", "roll", "name", "modifier"),
    [
        (ANCIENT, 1, "Piracy", -1),
        (ANCIENT, 2, "Banditry", 0),
        (ANCIENT, 3, "Cattle Raids", 1),
        (ANCIENT, 4, "Tribal Raids", 2),
        (ANCIENT, 5, "Population Pressure", 3),
        (ANCIENT, 6, "Border Raids", 4),
        (MEDIEVAL, 1, "Pirate Fleets", -1),
        (MEDIEVAL, 2, "Bandits", 0),
        (MEDIEVAL, 3, "Long Distance Raids", 1),
        (MEDIEVAL, 4, "Feud", 2),
        (MEDIEVAL, 5, "Campaign Season", 3),
        (MEDIEVAL, 6, "Border Raids", 4),
        (REVOLUTION, 1, "Privateering", -1),
        (REVOLUTION, 2, "Daring Raid", 0),
        (REVOLUTION, 3, "Long Standing Feud", 1),
        (REVOLUTION, 4, "Campaign Season", 2),
        (REVOLUTION, 5, "Border Clash", 3),
        (REVOLUTION, 6, "Punitive Expedition", 4),
        (MODERN, 1, "Border Dispute", -1),
        (MODERN, 2, "Tariffs", 0),
        (MODERN, 3, "Trade Embargo", 1),
        (MODERN, 4, "Industrial Espionage", 2),
        (MODERN, 5, "Unfair Trade Practices", 3),
        (MODERN, 6, "Trade War", 4),
    ],
)
def test_raid_sub_table_modifies_every_raid_roll(era: int, roll: int, name: str, modifier: int) -> None:
    """Raid sub-tables: "Raid Rolls -1" ... "Raid Rolls +4"; "-" and "Raid" are plain raids."""
    state = start(2, [RAID, roll, 3], era=era, players=[civ(LEGIONS), civ(rp=20)])
    assert events(state, "event")[0]["name"] == name
    choose(state, "raid seat 1")
    assert player(state, 0)["rp"] == 3 + modifier
    assert player(state, 1)["rp"] == 20 - 3 - modifier
    assert event_over(state)


def test_revolution_raid_table_is_rolled_on_1d6() -> None:
    """Revolution Raid sub-table: headed 1D10 but printed with rows 1-6 (docs/rulings.md, Mankind M8)."""
    with pytest.raises(ScriptError, match="d6"):  # a 7 is no face of the die the table is rolled on
        start(2, [RAID, 7], era=REVOLUTION, players=[civ(LEGIONS), civ()])
    state = start(2, [RAID, 6, 6], era=REVOLUTION, players=[civ(LEGIONS), civ(rp=20)])
    choose(state, "raid seat 1")
    assert player(state, 0)["rp"] == 10  # Punitive Expedition, Raid Rolls +4


def test_piracy_raid_roll_never_steals_less_than_nothing() -> None:
    """Piracy "Raid Rolls -1": a Raid roll of 1 steals 0, never a negative amount."""
    state = start(2, [RAID, 1, 1], players=[civ(LEGIONS, rp=2), civ(rp=5)])
    choose(state, "raid seat 1")
    assert player(state, 0)["rp"] == 2
    assert player(state, 1)["rp"] == 5
    assert events(state, "raid")[0]["stolen"] == 0


def test_theft_is_capped_by_the_defenders_resource_points() -> None:
    """Raid Events: the raider "steals that many Resource Points from the defender" — no more than he has."""
    state = start(2, [RAID, 6, 6], players=[civ(LEGIONS), civ(rp=3)])
    choose(state, "raid seat 1")
    assert player(state, 0)["rp"] == 3
    assert player(state, 1)["rp"] == 0
    assert events(state, "raid")[0]["stolen"] == 3


def test_defender_may_retaliate_in_kind() -> None:
    """Raid Events: "The target player MAY retaliate in kind"; the roles of Defender flop back and forth."""
    state = start(2, [RAID, BANDITRY, 2, 5], players=[civ(LEGIONS, rp=10), civ(PHALANX, rp=10)])
    choose(state, "raid seat 1")
    assert to_act(state) == 1
    assert texts(state) == ["raid seat 0 back", "stop raiding"]
    choose(state, "raid seat 0 back")
    assert player(state, 0)["rp"] == 10 + 2 - 5
    assert player(state, 1)["rp"] == 10 - 2 + 5
    assert [(e["raider"], e["target"], e["stolen"]) for e in events(state, "raid")] == [(0, 1, 2), (1, 0, 5)]
    # Seat 0's only unit has raided: "An individual Unit may only raid once per turn".
    assert [e["seat"] for e in events(state, "raid_over")] == [0]
    assert event_over(state)


def test_defender_may_decline_to_retaliate() -> None:
    """Raid Events: "This continues until one player chooses not to raid"."""
    state = start(2, [RAID, BANDITRY, 2], players=[civ(LEGIONS, rp=10), civ(PHALANX, rp=10)])
    choose(state, "raid seat 1")
    choose(state, "stop raiding")
    assert [e["seat"] for e in events(state, "raid_over")] == [1]
    assert (player(state, 0)["rp"], player(state, 1)["rp"]) == (12, 8)
    assert event_over(state)


def test_raids_go_back_and_forth_until_a_side_runs_out_of_units() -> None:
    """Raid Events: raids continue until one "cannot raid due to lack of Units"; each Unit raids once per turn."""
    state = start(
        2,
        [RAID, BANDITRY, 1, 2, 3, 4],
        players=[civ(LEGIONS, PHALANX, rp=10), civ(LEGIONS, PHALANX, rp=10)],
    )
    choose(state, "raid seat 1")
    choose(state, "raid seat 0 back")
    choose(state, "raid seat 1 back")
    choose(state, "raid seat 0 back")
    assert [(e["raider"], e["target"], e["stolen"]) for e in events(state, "raid")] == [
        (0, 1, 1),
        (1, 0, 2),
        (0, 1, 3),
        (1, 0, 4),
    ]
    assert (player(state, 0)["rp"], player(state, 1)["rp"]) == (10 + 1 - 2 + 3 - 4, 10 - 1 + 2 - 3 + 4)
    assert (player(state, 0)["raids_used"], player(state, 1)["raids_used"]) == (2, 2)
    assert [e["seat"] for e in events(state, "raid_over")] == [0]
    assert event_over(state)


def test_two_copies_of_a_unit_raid_once_each() -> None:
    """Raid Events: "An individual Unit may only raid once per turn" — each copy is an individual Unit."""
    state = start(2, [RAID, BANDITRY, 1, 1, 1], players=[civ(LEGIONS, LEGIONS, rp=5), civ(PHALANX, rp=5)])
    choose(state, "raid seat 1")
    choose(state, "raid seat 0 back")
    choose(state, "raid seat 1 back")
    assert [e["raider"] for e in events(state, "raid")] == [0, 1, 0]
    assert [e["seat"] for e in events(state, "raid_over")] == [1]
    assert event_over(state)


def test_the_sub_table_modifier_applies_to_retaliation_too() -> None:
    """Raid sub-tables: "Raid Rolls +4" applies to every Raid roll of the event, the retaliation's included."""
    state = start(2, [RAID, 6, 1, 1], players=[civ(LEGIONS, rp=10), civ(PHALANX, rp=10)])
    choose(state, "raid seat 1")
    choose(state, "raid seat 0 back")
    assert [e["stolen"] for e in events(state, "raid")] == [5, 5]
    assert (player(state, 0)["rp"], player(state, 1)["rp"]) == (10, 10)


def test_a_military_leader_is_not_a_unit_that_can_retaliate() -> None:
    """Raid Events: raiding needs Military Units; a Military Leader is not one."""
    state = start(2, [RAID, BANDITRY, 3], players=[civ(LEGIONS), civ(CAESAR, ARENAS, rp=5)])
    choose(state, "raid seat 1")
    assert [e["seat"] for e in events(state, "raid_over")] == [1]
    assert event_over(state)


def test_defence_bonus_does_not_change_a_raid() -> None:
    """Raid Events: the Raid roll alone sets the theft; DF has nothing to modify (docs/rulings.md, Mankind R16)."""
    state = start(2, [RAID, BANDITRY, 4], players=[civ(LEGIONS), civ(CITY_WALLS, rp=10)])
    choose(state, "raid seat 1")
    assert player(state, 1)["rp"] == 6


def test_negotiations_shield_skips_the_raid_on_its_holder() -> None:
    """Revolution Boon Negotiations: "Skip the next War, Incursion, or Raid Event that Targets You"."""
    state = start(2, [RAID, BANDITRY], era=REVOLUTION, players=[civ(LEGIONS), civ(PHALANX, rp=10, shields=1)])
    choose(state, "raid seat 1")
    assert [e["seat"] for e in events(state, "shield")] == [1]
    assert player(state, 1)["shields"] == 0
    assert player(state, 1)["rp"] == 10
    assert player(state, 0)["raids_used"] == 0
    assert events(state, "raid") == []
    assert event_over(state)


def test_shield_is_not_used_by_a_raid_on_someone_else() -> None:
    """Negotiations: only an event that targets the holder is skipped."""
    state = start(3, [RAID, BANDITRY, 2], players=[civ(LEGIONS), civ(rp=5, shields=1), civ(rp=5)])
    choose(state, "raid seat 2")
    assert player(state, 1)["shields"] == 1
    assert player(state, 2)["rp"] == 3
