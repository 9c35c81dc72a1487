"""Incursion Events, exactly as the rulebook's "INCURSION EVENTS" section and Incursion sub-tables say."""

from __future__ import annotations

import pytest

from ludoteca.core.errors import ScriptError
from tests.games.mankind.helpers import (
    ANCIENT,
    INCURSION,
    MEDIEVAL,
    MODERN,
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

LEGIONS = "ancient/Legions"  # WL +3
HOPLITES = "ancient/Hoplites"  # WL +3
PHALANX = "ancient/Phalanx"  # WL +2
PELTASTS = "ancient/Peltasts"  # WL +1
ARENAS = "ancient/Gladiatorial Arenas"  # I, WL +2, not a unit
CITY_WALLS = "ancient/City Walls"  # I, DF +3
FARMS = "tribal/Farms"  # I
MATHEMATICS = "ancient/Mathematics"  # a Technology
STONEHENGE = "ancient/Stonehenge"  # a Wonder
SEA_PEOPLES = 1  # Ancient Incursion sub-table: "Targets You"

# No Military Units; Warfare Levels 0, 2, 4, 6. An attack on any of them is lost at once.
UNARMED = [civ(), civ(ARENAS), civ(ARENAS, ARENAS), civ(ARENAS, ARENAS, ARENAS)]


def targets(state) -> list[int]:
    return [e["target"] for e in events(state, "incursion")]


def at_home(builds: list[str], dice: list[int], **fields) -> object:
    """Seat 0 is attacked by "Sea Peoples" (Targets You); ``dice`` from the number of attacks on."""
    return start(2, [INCURSION, SEA_PEOPLES, *dice], players=[civ(*builds, **fields), civ()])


@pytest.mark.parametrize(
    ("era", "roll", "name", "dice", "choice", "target"),
    [
        (ANCIENT, 1, "Sea Peoples", [], None, 1),
        (ANCIENT, 2, "Huns", [], None, 0),
        (ANCIENT, 3, "Horse Tribes", [3], None, 2),
        (ANCIENT, 4, "Barbarians", [], 3, 3),
        (ANCIENT, 5, "Barbarians", [], 0, 0),
        (ANCIENT, 6, "Migrations", [], None, 3),
        (MEDIEVAL, 1, "Vikings", [], None, 1),
        (MEDIEVAL, 2, "Mongols", [], None, 0),
        (MEDIEVAL, 3, "Tartars", [4], None, 3),
        (MEDIEVAL, 4, "Cossacks", [], 2, 2),
        (MEDIEVAL, 5, "Cossacks", [], 1, 1),
        (MEDIEVAL, 6, "Pirates", [], None, 3),
        (REVOLUTION, 1, "Little Wars", [], None, 1),
        (REVOLUTION, 2, "Little Wars", [], None, 1),
        (REVOLUTION, 3, "Natives Revolt", [], None, 0),
        (REVOLUTION, 4, "Golden Age of Piracy", [1], None, 0),
        (REVOLUTION, 5, "Boxer Rebellion", [], 2, 2),
        (REVOLUTION, 6, "War for Independence", [], None, 3),
        (MODERN, 1, "Insurgency", [], None, 1),
        (MODERN, 2, "Insurgency", [], None, 1),
        (MODERN, 3, "Ethnic Cleansing", [], None, 0),
        (MODERN, 4, "Modern Piracy", [2], None, 1),
        (MODERN, 5, "Internal Rebellion", [], 3, 3),
        (MODERN, 6, "Minority Strife", [], None, 3),
    ],
)
def test_incursion_sub_table_row_names_the_target(
    era: int, roll: int, name: str, dice: list[int], choice: int | None, target: int
) -> None:
    """Incursion sub-tables: You, Weakest, Random, player of your Choice, Strongest (seat 1 plays)."""
    # One attack by a horde of WL 2; the target has no unit, so it loses at once.
    state = start(4, [INCURSION, roll, *dice, 1, 1, 1], era=era, first_player=1, players=UNARMED)
    assert events(state, "event")[0]["name"] == name
    if choice is not None:
        assert (step(state), to_act(state)) == ("incursion_target", 1)
        choose(state, f"send the horde against seat {choice}")
    assert targets(state) == [target]
    assert event_over(state)


def test_weakest_player_may_be_the_current_player() -> None:
    """Incursion "Targets Weakest Player": all players are candidates, you included (docs/rulings.md, R11)."""
    state = start(3, [INCURSION, 2, 1, 1, 1], players=[civ(), civ(PELTASTS), civ(ARENAS)])
    assert targets(state) == [0]


def test_weakest_player_tie_is_rolled_off() -> None:
    """Event Phase: "In all cases of ties, break them by rolling high on 1D6"."""
    state = start(3, [INCURSION, 2, 3, 5, 1, 1, 1], players=[civ(ARENAS), civ(), civ()])
    assert events(state, "roll_off")[0]["rolls"] == {"1": 3, "2": 5}
    assert targets(state) == [2]


def test_strongest_player_may_be_the_current_player() -> None:
    """Incursion "Targets Strongest player": the highest Warfare Level of all players."""
    state = start(3, [INCURSION, 6, 1, 1, 1, 6, 1], players=[civ(LEGIONS), civ(PELTASTS), civ(ARENAS)])
    assert targets(state) == [0]


def test_random_player_is_a_die_with_one_face_per_player() -> None:
    """Incursion "Targets Random Player": any player, you included, drawn fairly."""
    with pytest.raises(ScriptError, match="d3"):
        start(3, [INCURSION, 3, 4], players=[civ(), civ(), civ()])
    state = start(3, [INCURSION, 3, 1, 1, 1, 1], players=[civ(), civ(), civ()])
    assert targets(state) == [0]


def test_player_of_your_choice_may_be_anyone() -> None:
    """Incursion "Targets player of your Choice": any player, yourself included (docs/rulings.md, Mankind R12)."""
    state = start(3, [INCURSION, 4], players=[civ(), civ(), civ()])
    assert texts(state) == [
        "send the horde against seat 0",
        "send the horde against seat 1",
        "send the horde against seat 2",
    ]


def test_horde_attacks_1d6_times_with_warfare_level_2d6() -> None:
    """Incursion Events: "attacked 1D6 times by an uncivilized non-player Horde with a WL = 2D6"."""
    # 3 attacks by a horde of WL 2 + 3 = 5 against WL 3: the horde adds 1.
    state = at_home([LEGIONS], [3, 2, 3, 5, 3, 2, 1, 1, 4], vp=0)
    incursion = events(state, "incursion")[0]
    assert (incursion["target"], incursion["attacks"], incursion["horde"]) == (0, 3, 5)
    assert [e["rolls"] for e in events(state, "incursion_won", "incursion_lost")] == [[5, 3], [2, 1], [1, 4]]
    assert [e["type"] for e in events(state, "incursion_won", "incursion_lost")] == [
        "incursion_won",
        "incursion_won",
        "incursion_lost",
    ]
    assert player(state, 0)["vp"] == 2
    assert player(state, 0)["builds"] == []
    assert event_over(state)


def test_player_wins_ties_and_gains_one_victory_point() -> None:
    """Incursion Events: "Player wins ties"; "If the player wins a roll, gain 1 Victory Point"."""
    state = at_home([LEGIONS], [1, 1, 2, 4, 4], vp=7)  # WL 3 against a horde of WL 3: no bonus
    assert player(state, 0)["vp"] == 8
    assert player(state, 0)["builds"] == [LEGIONS]
    assert event_over(state)


def test_higher_player_warfare_level_adds_one_to_the_defense_roll() -> None:
    """Incursion Events: "Higher WL gets +1 to his roll" — the player's WL 6 against a horde of WL 2."""
    state = at_home([LEGIONS, HOPLITES], [1, 1, 1, 2, 3])
    assert len(events(state, "incursion_won")) == 1  # 2 + 1 ties 3, and the player wins ties
    assert player(state, 0)["vp"] == 1


def test_higher_horde_warfare_level_adds_one_to_the_incursion_roll() -> None:
    """Incursion Events: "Higher WL gets +1 to his roll" — a horde of WL 12 against WL 3."""
    state = at_home([LEGIONS], [1, 6, 6, 4, 4])
    assert len(events(state, "incursion_lost")) == 1
    assert player(state, 0)["builds"] == []
    assert player(state, 0)["vp"] == 0


def test_defence_bonus_counts_against_the_horde() -> None:
    """Incursion Events: the player defends, so DF counts — WL 1 + DF 3 beats a horde of WL 3."""
    state = at_home([PELTASTS, CITY_WALLS], [1, 1, 2, 3, 4])
    assert len(events(state, "incursion_won")) == 1
    assert player(state, 0)["vp"] == 1


def test_lost_attack_costs_a_military_unit_of_the_players_choice() -> None:
    """Incursion Events: "If the Horde wins the player must lose a military unit"."""
    state = at_home([LEGIONS, PHALANX, ARENAS], [1, 6, 6, 1, 6])
    assert (step(state), to_act(state)) == ("incursion_loss", 0)
    assert texts(state) == ["lose Legions", "lose Phalanx"]
    choose(state, "lose Phalanx")
    assert player(state, 0)["builds"] == [LEGIONS, ARENAS]
    assert event_over(state)


def test_next_attack_follows_each_loss_with_recalculated_warfare() -> None:
    """Incursion Events: lose a unit "and then go on to the next Incursion Roll"."""
    # Horde WL 4; seat 0 starts at WL 5 (+1), then WL 2 after losing the Legions (horde +1).
    state = at_home([LEGIONS, PHALANX], [2, 2, 2, 1, 3, 3, 3])
    choose(state, "lose Legions")
    assert [e["type"] for e in events(state, "incursion_won", "incursion_lost")] == [
        "incursion_lost",
        "incursion_lost",
    ]
    assert player(state, 0)["builds"] == []
    assert event_over(state)


def test_no_military_units_means_the_barbarians_win_automatically() -> None:
    """Incursion Events: "Barbarians win automatically if the player has no Military units"."""
    state = at_home(
        [ARENAS, FARMS, MATHEMATICS, STONEHENGE, "ancient/Aristotle"],
        [2, 1, 1],
        conquests=["ancient/Rich Land"],
        vp=4,
    )
    # No Defense or Incursion rolls: only the number of attacks and the horde's 2D6 were rolled.
    assert (step(state), to_act(state)) == ("incursion_loss", 0)
    assert texts(state) == ["discard Gladiatorial Arenas", "discard Farms", "discard Rich Land (ancient conquest)"]
    shown = state.view(0)["conflict"]  # what the table shows: no attack can be won, so no odds of winning one
    assert (shown["sides"][0]["units"], shown["odds"]) == (0, 0.0)
    choose(state, "discard Rich Land (ancient conquest)")
    choose(state, "discard Farms")
    assert player(state, 0)["conquests"] == []
    assert player(state, 0)["builds"] == [ARENAS, MATHEMATICS, STONEHENGE, "ancient/Aristotle"]
    assert player(state, 0)["vp"] == 4
    assert event_over(state)


def test_when_units_are_gone_infrastructure_or_conquest_is_discarded_instead() -> None:
    """Incursion Events: "(If units are gone, discard 1 Infrastructure or Conquest from your Spread instead)"."""
    state = at_home([PELTASTS, ARENAS], [2, 6, 6, 1, 1])
    # The first attack takes the only unit; the second is lost automatically and takes the Arenas.
    assert player(state, 0)["builds"] == []
    assert [e.get("build") for e in events(state, "loss")] == [PELTASTS, ARENAS]
    assert event_over(state)


def test_nothing_left_to_lose_is_no_further_loss() -> None:
    """Incursion Events: with no unit, Infrastructure or Conquest the lost attack costs nothing more."""
    state = at_home([MATHEMATICS], [3, 1, 1], vp=2)
    # The log says it once for the three attacks (issue #20: "the log says each thing once").
    assert [e["attacks"] for e in events(state, "incursion_lost")] == [3]
    assert player(state, 0)["builds"] == [MATHEMATICS]
    assert player(state, 0)["vp"] == 2
    assert event_over(state)


def test_negotiations_shield_skips_the_incursion() -> None:
    """Revolution Boon Negotiations: "Skip the next War, Incursion, or Raid Event that Targets You"."""
    state = start(2, [INCURSION, 1], era=REVOLUTION, players=[civ(shields=1), civ()])
    assert [e["seat"] for e in events(state, "shield")] == [0]
    assert player(state, 0)["shields"] == 0
    assert events(state, "incursion") == []
    assert event_over(state)  # no attacks and no horde were rolled
