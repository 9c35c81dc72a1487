"""Disaster Events, every row of the four Disaster sub-tables, exactly as the rulebook prints them."""

from __future__ import annotations

import pytest

from ludoteca.games.mankind.content import load_content
from tests.games.mankind.helpers import (
    ANCIENT,
    DISASTER,
    MEDIEVAL,
    MODERN,
    REVOLUTION,
    choose,
    civ,
    event_over,
    events,
    level,
    player,
    points,
    start,
    step,
    texts,
    to_act,
)

CONTENT = load_content()

# One or two builds of every kind, from two eras.
FARMS = "tribal/Farms"  # I
TEMPLES = "ancient/Temples"  # I, SL +1 CL +1
LEGIONS = "ancient/Legions"  # M
PHALANX = "ancient/Phalanx"  # M
KNIGHTS = "medieval/Knights"  # M
ARISTOTLE = "ancient/Aristotle"  # L
CAESAR = "ancient/Caesar"  # L
STONEHENGE = "ancient/Stonehenge"  # W
SPHINX = "ancient/The Sphinx"  # W
SISTINE = "medieval/Sistine Chapel"  # W
MATHEMATICS = "ancient/Mathematics"  # O
OPTICS = "medieval/Optics"  # O
SPREAD = [
    FARMS,
    TEMPLES,
    LEGIONS,
    PHALANX,
    KNIGHTS,
    ARISTOTLE,
    CAESAR,
    STONEHENGE,
    SPHINX,
    SISTINE,
    MATHEMATICS,
    OPTICS,
]


@pytest.mark.parametrize(
    ("era", "roll", "name", "dice", "lost"),
    [
        (MEDIEVAL, 2, "Harsh Winter", [4], {"rp": 4}),
        (MEDIEVAL, 3, "Black Plague", [3, 4], {"rp": 7}),
        (MEDIEVAL, 4, "Famine", [1, 1], {"rp": 2}),
        (MEDIEVAL, 5, "Schism", [5], {"vp": 5}),
        (MEDIEVAL, 6, "Peasant Revolt", [2], {"vp": 2}),
        (REVOLUTION, 2, "Reign of Terror", [3], {"ip": 3}),
        (REVOLUTION, 3, "Great Blizzard", [6], {"rp": 6}),
        (REVOLUTION, 4, "Epidemic", [2, 3], {"rp": 5}),
        (REVOLUTION, 5, "Poverty", [6, 6], {"vp": 12}),
        (MODERN, 1, "Pandemic", [1, 2], {"rp": 1, "vp": 2}),
        (MODERN, 2, "Financial Crisis", [5, 4], {"rp": 9}),
        (MODERN, 4, "Civil Unrest", [3], {"vp": 3}),
        (MODERN, 7, "Organized Crime", [4, 5], {"rp": 4, "vp": 5}),
        (MODERN, 8, "Great Depression", [2, 6], {"rp": 8}),
    ],
)
def test_points_disaster_costs_the_current_player_dice_of_points(
    era: int, roll: int, name: str, dice: list[int], lost: dict[str, int]
) -> None:
    """Disaster sub-tables: "Lose 1D6 RP", "Lose 2D6 VP", "Lose 1D6 RP and VP" (each kind its own roll, R23)."""
    state = start(2, [DISASTER, roll, *dice], era=era, players=[civ(vp=20, rp=20, ip=20), civ(vp=20, rp=20, ip=20)])
    assert events(state, "event")[0]["name"] == name
    assert points(state, 0) == (20 - lost.get("vp", 0), 20 - lost.get("rp", 0), 20 - lost.get("ip", 0))
    assert points(state, 1) == (20, 20, 20)
    assert [e["amount"] for e in events(state, "loss")] == list(lost.values())
    assert event_over(state)


def test_points_lost_never_go_below_zero() -> None:
    """Disaster "Lose 2D6 RP": a player loses what he has, no more (docs/rulings.md, Mankind R8)."""
    state = start(2, [DISASTER, 3, 6, 6], era=MEDIEVAL, players=[civ(rp=5), civ()])
    assert player(state, 0)["rp"] == 0
    assert [e["amount"] for e in events(state, "loss")] == [5]


def test_progress_gains_1d6_idea_points() -> None:
    """Revolution Disaster Progress: "Gain 1D6 IP", as printed (docs/rulings.md, Mankind M12)."""
    state = start(2, [DISASTER, 8, 4], era=REVOLUTION, players=[civ(ip=1), civ()])
    assert points(state, 0) == (0, 0, 5)
    assert event_over(state)


def test_emancipation_costs_every_opponent_1d6_vp_and_1d6_rp_each() -> None:
    """Revolution Disaster Emancipation: "Opponents lose 1D6 VP and RP each" — a roll per player per kind (R23)."""
    state = start(
        3, [DISASTER, 1, 1, 2, 3, 4], era=REVOLUTION, players=[civ(vp=9, rp=9), civ(vp=9, rp=9), civ(vp=9, rp=9)]
    )
    assert points(state, 0) == (9, 9, 0)
    assert points(state, 1) == (8, 6, 0)
    assert points(state, 2) == (7, 5, 0)
    assert [(e["seat"], e["amount"]) for e in events(state, "loss")] == [(1, 1), (2, 2), (1, 3), (2, 4)]
    assert event_over(state)


@pytest.mark.parametrize(
    ("era", "roll", "name", "options"),
    [
        (ANCIENT, 1, "Flood", ["lose Farms", "lose Temples"]),
        (ANCIENT, 2, "Earthquake", ["lose Stonehenge", "lose The Sphinx", "lose Sistine Chapel"]),
        (ANCIENT, 3, "Disease", ["lose Legions", "lose Phalanx", "lose Knights"]),
        (ANCIENT, 8, "Early Death", ["lose Aristotle", "lose Caesar"]),
        (ANCIENT, 9, "Sickness", ["lose Aristotle", "lose Caesar"]),
        (MEDIEVAL, 1, "Sands of Time", ["lose Stonehenge", "lose The Sphinx"]),
        (MEDIEVAL, 7, "Dark Ages", ["lose Mathematics", "lose Optics"]),
        (MEDIEVAL, 9, "Excommunication", ["lose Aristotle", "lose Caesar"]),
        (MEDIEVAL, 10, "Illness", ["lose Legions", "lose Phalanx", "lose Knights"]),
        (REVOLUTION, 9, "Mutiny", ["lose Legions", "lose Phalanx", "lose Knights"]),
        (MODERN, 5, "War on Terror", ["lose Legions", "lose Phalanx", "lose Knights"]),
        (MODERN, 10, "Hurricane", ["lose Farms", "lose Temples"]),
    ],
)
def test_build_disaster_makes_the_current_player_lose_one_build_of_his_choice(
    era: int, roll: int, name: str, options: list[str]
) -> None:
    """Disaster Events: "Loss of builds from your Spread" — one of the named kind (and era), the victim's pick."""
    state = start(2, [DISASTER, roll], era=era, players=[civ(*SPREAD), civ(*SPREAD)])
    assert events(state, "event")[0]["name"] == name
    assert (step(state), to_act(state)) == ("lose_build", 0)
    assert texts(state) == options
    choose(state, options[-1])
    lost = next(b for b in SPREAD if f"lose {CONTENT.builds[b].name}" == options[-1])
    assert player(state, 0)["builds"] == [b for b in SPREAD if b != lost]
    assert player(state, 1)["builds"] == SPREAD
    assert event_over(state)


@pytest.mark.parametrize(("roll", "build"), [(2, SPHINX), (8, CAESAR)])
def test_lost_wonder_or_leader_leaves_the_game(roll: int, build: str) -> None:
    """Leaders and Wonders are unique: one lost to a Disaster never returns (docs/rulings.md, Mankind R21)."""
    state = start(2, [DISASTER, roll], players=[civ(build), civ()])
    assert player(state, 0)["builds"] == []
    assert build in state.data["gone"]
    assert event_over(state)


def test_lost_infrastructure_is_not_unique_and_stays_available() -> None:
    """Infrastructure Builds "are not unique": losing one puts nothing out of the game."""
    state = start(2, [DISASTER, 1], players=[civ(TEMPLES), civ()])
    assert player(state, 0)["builds"] == []
    assert state.data["gone"] == []


def test_volcano_costs_an_infrastructure_and_a_military_unit() -> None:
    """Ancient Disaster Volcano: "Lose 1 IS and 1 MU" (docs/rulings.md, Mankind M6)."""
    state = start(2, [DISASTER, 4], players=[civ(*SPREAD), civ()])
    assert texts(state) == ["lose Farms", "lose Temples"]
    choose(state, "lose Temples")
    assert texts(state) == ["lose Legions", "lose Phalanx", "lose Knights"]
    choose(state, "lose Phalanx")
    assert [e["build"] for e in events(state, "loss")] == [TEMPLES, PHALANX]
    assert event_over(state)


def test_volcano_with_only_one_kind_takes_what_there_is() -> None:
    """Ancient Disaster Volcano: with no Military Unit only the Infrastructure is lost."""
    state = start(2, [DISASTER, 4], players=[civ(FARMS, FARMS), civ()])
    assert player(state, 0)["builds"] == [FARMS]  # two Farms are one choice
    assert [e["seat"] for e in events(state, "nothing_to_lose")] == [0]
    assert event_over(state)


def test_nothing_of_the_kind_means_nothing_is_lost() -> None:
    """Disaster Events: a player without a build of the named kind loses nothing."""
    state = start(2, [DISASTER, 9], players=[civ(LEGIONS, STONEHENGE), civ(CAESAR)])
    assert [e["seat"] for e in events(state, "nothing_to_lose")] == [0]
    assert player(state, 0)["builds"] == [LEGIONS, STONEHENGE]
    assert event_over(state)


def test_sands_of_time_spares_wonders_of_later_eras() -> None:
    """Medieval Disaster Sands of Time: "Lose 1 Ancient Wonder" — only an Ancient one."""
    state = start(2, [DISASTER, 1], era=MEDIEVAL, players=[civ(SISTINE), civ(STONEHENGE)])
    assert [e["seat"] for e in events(state, "nothing_to_lose")] == [0]
    assert player(state, 0)["builds"] == [SISTINE]
    assert player(state, 1)["builds"] == [STONEHENGE]


def test_ancient_disaster_roll_of_10_is_rolled_again() -> None:
    """Ancient Disaster sub-table: nine rows for a 1D10, so a 10 is rolled again (docs/rulings.md, Mankind M4)."""
    state = start(2, [DISASTER, 10, 10, 1], players=[civ(FARMS), civ()])
    assert [e["roll"] for e in events(state, "reroll")] == [10, 10]
    assert events(state, "event")[0]["name"] == "Flood"
    assert player(state, 0)["builds"] == []
    assert event_over(state)


@pytest.mark.parametrize(
    ("era", "roll", "name"),
    [(ANCIENT, 5, "Civil War"), (REVOLUTION, 7, "Civil War"), (MODERN, 3, "Revolution")],
)
def test_government_becomes_anarchy(era: int, roll: int, name: str) -> None:
    """Anarchy: losing your Government leaves "a Government Level = 2 and a Stability & Culture Levels of -1 each"."""
    state = start(2, [DISASTER, roll], era=era, players=[civ(government="ancient/Empire"), civ()])
    assert events(state, "event")[0]["name"] == name
    assert player(state, 0)["government"] is None
    assert (level(state, 0, "GL"), level(state, 0, "SL"), level(state, 0, "CL"), level(state, 0, "WL")) == (
        2,
        -1,
        -1,
        0,
    )
    assert player(state, 1)["government"] == "tribal/King"
    assert player(state, 0)["vp"] == 0
    assert event_over(state)


def test_anarchy_modifiers_add_to_the_other_levels() -> None:
    """Anarchy: Stability and Culture -1 each on top of the builds' levels."""
    state = start(2, [DISASTER, 5], players=[civ(TEMPLES, ARISTOTLE), civ()])
    assert (level(state, 0, "GL"), level(state, 0, "SL"), level(state, 0, "CL")) == (2, 0, 0)


def test_usurpation_makes_the_government_the_chieftain() -> None:
    """Ancient Disaster Usurpation: "Your Government becomes Chieftain" — the King (docs/rulings.md, Mankind M7)."""
    state = start(2, [DISASTER, 6], players=[civ(government="ancient/Empire"), civ(government=None)])
    assert player(state, 0)["government"] == "tribal/King"
    assert (level(state, 0, "GL"), level(state, 0, "WL")) == (3, 0)
    assert player(state, 0)["vp"] == 0  # a change of government, not a Government build
    assert player(state, 1)["government"] is None
    assert event_over(state)


def test_usurpation_restores_a_king_from_anarchy() -> None:
    """Ancient Disaster Usurpation: from Anarchy too the government becomes the Chieftain (King, GL +3)."""
    state = start(2, [DISASTER, 6], players=[civ(government=None), civ()])
    assert player(state, 0)["government"] == "tribal/King"
    assert (level(state, 0, "GL"), level(state, 0, "SL"), level(state, 0, "CL")) == (3, 0, 0)


@pytest.mark.parametrize(("era", "roll", "count"), [(REVOLUTION, 6, 1 + 5 + 5 + 5), (MODERN, 6, 1 + 5 + 5 + 5 + 6)])
def test_revolution_changes_the_government_to_anything(era: int, roll: int, count: int) -> None:
    """Disaster "Change Government to anything": the King or any Government up to this era (Mankind R15)."""
    state = start(2, [DISASTER, roll], era=era, players=[civ(ip=5), civ()])
    assert events(state, "event")[0]["name"] == "Revolution"
    options = texts(state)
    assert len(options) == count
    assert options[0] == "change government to King"
    assert "change government to Empire" in options
    choose(state, "change government to Empire")
    assert player(state, 0)["government"] == "ancient/Empire"
    assert (level(state, 0, "GL"), level(state, 0, "WL")) == (4, 2)
    assert points(state, 0) == (0, 0, 5)  # free, and no 2X VP: it is a change, not a Government build
    assert event_over(state)


@pytest.mark.parametrize(
    ("era", "roll", "name", "text", "mods"),
    [
        (ANCIENT, 7, "Corruption", "give seat 2 ML -1", {"ML": -1}),
        (MEDIEVAL, 8, "Nobles", "give seat 2 ML -1 and CL +1", {"ML": -1, "CL": 1}),
        (REVOLUTION, 10, "Aristocracy", "give seat 2 ML -1 and CL +1", {"ML": -1, "CL": 1}),
    ],
)
def test_opponent_modifier_goes_to_one_opponent_of_your_choice(
    era: int, roll: int, name: str, text: str, mods: dict[str, int]
) -> None:
    """Disaster "Opponent gets ML -1 (and CL +1)": one opponent, chosen by the current player (Mankind R9)."""
    state = start(3, [DISASTER, roll], era=era, players=[civ(), civ(), civ()])
    assert events(state, "event")[0]["name"] == name
    assert (step(state), to_act(state)) == ("choose_opponent", 0)
    assert texts(state) == [text.replace("seat 2", "seat 1"), text]
    choose(state, text)
    assert player(state, 2)["mods"] == mods
    assert player(state, 1)["mods"] == {}
    assert player(state, 0)["mods"] == {}
    assert level(state, 2, "ML") == -1
    assert event_over(state)


def test_united_nations_negates_the_next_war() -> None:
    """Modern Disaster United Nations: "Negate next War"."""
    state = start(2, [DISASTER, 9], era=MODERN, players=[civ(), civ()])
    assert state.data["negate_war"] == 1
    assert len(events(state, "war_negation")) == 1
    assert event_over(state)
