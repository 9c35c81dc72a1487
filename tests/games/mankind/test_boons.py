"""Boon Events, every row of the four Boon sub-tables, exactly as the rulebook prints them."""

from __future__ import annotations

import pytest

from ludoteca.games.mankind.build import KIND_NAMES
from ludoteca.games.mankind.content import load_content
from ludoteca.games.mankind.eras import available
from tests.games.mankind.helpers import (
    ANCIENT,
    BOON,
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


def era_builds(era: int, kind: str) -> list[str]:
    return [b for b in CONTENT.era_builds[era] if CONTENT.builds[b].kind == kind]


@pytest.mark.parametrize(
    ("era", "roll", "name", "dice", "gained"),
    [
        (ANCIENT, 1, "Eureka", [3, 4], {"ip": 7}),
        (ANCIENT, 3, "Trade Networks", [2, 5], {"ip": 2, "rp": 5}),
        (ANCIENT, 6, "Works of Art", [6, 5], {"vp": 11}),
        (ANCIENT, 7, "Rich Vein", [1, 2], {"rp": 3}),
        (ANCIENT, 8, "Golden Age", [1, 2, 3], {"ip": 1, "vp": 2, "rp": 3}),
        (MEDIEVAL, 2, "Renaissance", [1, 2, 3], {"ip": 1, "rp": 2, "vp": 3}),
        (MEDIEVAL, 3, "Sea Trade", [4, 5], {"ip": 4, "rp": 5}),
        (MEDIEVAL, 5, "Magellan’s Journey", [6], {"vp": 6}),
        (MEDIEVAL, 6, "Renaissance Master", [3, 3], {"vp": 6}),
        (MEDIEVAL, 7, "Rich Bankers", [6, 6], {"rp": 12}),
        (MEDIEVAL, 8, "Cities", [2], {"rp": 2}),
        (REVOLUTION, 2, "Enlightenment", [3, 4], {"ip": 3, "vp": 4}),
        (REVOLUTION, 5, "Age of Reason", [2, 2], {"ip": 4}),
        (REVOLUTION, 6, "Tycoons", [5, 1], {"rp": 6}),
        (REVOLUTION, 7, "Gilded Age", [6, 1], {"rp": 6, "vp": 1}),
        (MODERN, 1, "Social Revolution", [1, 1], {"vp": 2}),
        (MODERN, 2, "Scientific Literature", [5], {"ip": 5}),
        (MODERN, 3, "Globalization", [2, 6], {"rp": 2, "ip": 6}),
        (MODERN, 6, "Cultural Revolution", [4, 6], {"vp": 10}),
        (MODERN, 7, "New Markets", [3, 5], {"rp": 8}),
        (MODERN, 8, "New Paradigm", [1, 6], {"ip": 1, "vp": 6}),
        (MODERN, 10, "Information Age", [6, 6], {"ip": 12}),
    ],
)
def test_points_boon_gives_the_current_player_dice_of_points(
    era: int, roll: int, name: str, dice: list[int], gained: dict[str, int]
) -> None:
    """Boon Events: "one time Point gains"; each kind of point listed rolls its own dice (Mankind R23)."""
    state = start(2, [BOON, roll, *dice], era=era, players=[civ(vp=1, rp=1, ip=1), civ(vp=1, rp=1, ip=1)])
    assert events(state, "event")[0]["name"] == name
    assert points(state, 0) == (1 + gained.get("vp", 0), 1 + gained.get("rp", 0), 1 + gained.get("ip", 0))
    assert points(state, 1) == (1, 1, 1)
    # One gain per kind of point, in the printed order.
    assert [e["amount"] for e in events(state, "gain")] == list(gained.values())
    assert event_over(state)


def test_civilization_gives_every_player_their_own_1d6_idea_points() -> None:
    """Ancient Boon Civilization: "All players get 1D6 IP" — one roll per player (docs/rulings.md, Mankind R23)."""
    state = start(3, [BOON, 4, 1, 2, 3], players=[civ(), civ(), civ()])
    assert [points(state, seat) for seat in range(3)] == [(0, 0, 1), (0, 0, 2), (0, 0, 3)]
    assert [(e["seat"], e["amount"]) for e in events(state, "gain")] == [(0, 1), (1, 2), (2, 3)]
    assert event_over(state)


def test_strategy_is_a_permanent_warfare_modifier() -> None:
    """Ancient Boon Strategy "WL +1": a permanent trait modifier for the current player."""
    state = start(2, [BOON, 5], players=[civ("ancient/Legions"), civ()])
    assert player(state, 0)["mods"] == {"WL": 1}
    assert level(state, 0, "WL") == 4
    assert player(state, 1)["mods"] == {}
    assert event_over(state)


def test_assimilation_gives_one_opponent_of_your_choice_materials_minus_one() -> None:
    """Ancient Boon Assimilation "ML +1 Opponent ML -1": the current player picks the opponent (Mankind R9)."""
    state = start(3, [BOON, 10], players=[civ(), civ(), civ()])
    assert player(state, 0)["mods"] == {"ML": 1}
    assert (step(state), to_act(state)) == ("choose_opponent", 0)
    assert texts(state) == ["give seat 1 ML -1", "give seat 2 ML -1"]
    choose(state, "give seat 2 ML -1")
    assert player(state, 2)["mods"] == {"ML": -1}
    assert player(state, 1)["mods"] == {}
    assert (level(state, 0, "ML"), level(state, 2, "ML")) == (1, -1)
    assert event_over(state)


def test_assimilation_with_one_opponent_needs_no_choice() -> None:
    """Ancient Boon Assimilation: with a single opponent the choice is forced (docs/rulings.md, Mankind R26)."""
    state = start(2, [BOON, 10], players=[civ(), civ()])
    assert player(state, 1)["mods"] == {"ML": -1}
    assert event_over(state)


def test_dissemination_gains_a_technology_an_opponent_knows() -> None:
    """Ancient Boon Dissemination: "Gain 1 Technology known by opponent" — any era's (docs/rulings.md, R7)."""
    state = start(
        3,
        [BOON, 2],
        players=[
            civ("ancient/Sculpture", ip=2),
            civ("ancient/Mathematics", "tribal/Writing", "ancient/Legions"),
            civ("ancient/Mathematics", "ancient/Astronomy", "ancient/Great Wall"),
        ],
    )
    assert texts(state) == ["gain Mathematics", "gain Writing", "gain Astronomy", "take no Technology"]
    choose(state, "gain Astronomy")
    assert player(state, 0)["builds"] == ["ancient/Sculpture", "ancient/Astronomy"]
    assert points(state, 0) == (0, 0, 2)  # free, and a Technology gives no VP
    assert player(state, 2)["builds"] == ["ancient/Mathematics", "ancient/Astronomy", "ancient/Great Wall"]
    assert event_over(state)


def test_dissemination_with_no_technology_known_gains_nothing() -> None:
    """Ancient Boon Dissemination: with no opponent knowing a Technology there is nothing to gain."""
    state = start(2, [BOON, 2], players=[civ(), civ("ancient/Legions")])
    assert [e["seat"] for e in events(state, "nothing_to_gain")] == [0]
    assert player(state, 0)["builds"] == []
    assert event_over(state)


@pytest.mark.parametrize(
    ("era", "roll", "name", "vp"),
    [
        (ANCIENT, 9, "Ideal Site", 3),
        (MEDIEVAL, 9, "Ideal Location", 6),
        (REVOLUTION, 8, "Ideal Locale", 9),
        (MODERN, 9, "Space Age", 12),
    ],
)
def test_wonder_boon_gives_a_free_wonder_worth_3x_victory_points(era: int, roll: int, name: str, vp: int) -> None:
    """Boon "Gain 1 Wonder"; Wonder Builds: "Upon Building a Wonder immediately gain 3X Victory Points"."""
    state = start(2, [BOON, roll], era=era, players=[civ(rp=1), civ()])
    assert events(state, "event")[0]["name"] == name
    wonders = era_builds(era, "wonder")
    assert texts(state) == [f"gain {CONTENT.builds[w].name}" for w in wonders] + ["take no Wonder"]
    choose(state, texts(state)[-2])
    assert player(state, 0)["builds"] == [wonders[-1]]
    assert points(state, 0) == (vp, 1, 0)  # free: no RP paid
    assert wonders[-1] in state.data["gone"]  # "Wonders are Unique"
    assert wonders[-1] not in available(state, "wonder")
    assert event_over(state)


@pytest.mark.parametrize(
    ("era", "roll", "name", "vp"),
    [(MEDIEVAL, 10, "Visionary", 4), (REVOLUTION, 9, "Modern Thinker", 6)],
)
def test_leader_boon_gives_a_free_leader_worth_2x_victory_points(era: int, roll: int, name: str, vp: int) -> None:
    """Boon "Gain 1 Leader"; Leader Builds: "When you play a leader gain 2X Victory Points"."""
    state = start(2, [BOON, roll], era=era, players=[civ(ip=1), civ()])
    assert events(state, "event")[0]["name"] == name
    leaders = era_builds(era, "leader")
    assert len(texts(state)) == len(leaders) + 1
    choose(state, f"gain {CONTENT.builds[leaders[0]].name}")
    assert player(state, 0)["builds"] == [leaders[0]]
    assert points(state, 0) == (vp, 0, 1)  # free: no IP paid
    assert leaders[0] in state.data["gone"]  # "All Leaders are Unique"
    assert event_over(state)


@pytest.mark.parametrize(
    ("era", "roll", "name", "kind"),
    [
        (MEDIEVAL, 1, "Discovery", "technology"),
        (REVOLUTION, 1, "Invention", "technology"),
        (MODERN, 5, "Government Research", "technology"),
        (MEDIEVAL, 4, "Urbanization", "infrastructure"),
        (REVOLUTION, 4, "Modernization", "infrastructure"),
        (MODERN, 4, "Building Boom", "infrastructure"),
        (REVOLUTION, 3, "Industrial Revolution", "military"),
    ],
)
def test_build_boon_gives_a_free_build_of_the_current_era(era: int, roll: int, name: str, kind: str) -> None:
    """Boon "Gain 1 Technology / Infrastructure / Military Unit": one off the era's list, free (Mankind R7)."""
    state = start(2, [BOON, roll], era=era, players=[civ(vp=1, rp=1, ip=1), civ()])
    assert events(state, "event")[0]["name"] == name
    candidates = era_builds(era, kind)
    assert len(texts(state)) == len(candidates) + 1
    assert texts(state)[-1] == f"take no {KIND_NAMES[kind]}"
    choose(state, texts(state)[0])
    assert player(state, 0)["builds"] == [candidates[0]]
    assert points(state, 0) == (1, 1, 1)  # free, and no VP for these kinds
    assert candidates[0] not in state.data["gone"]  # not unique
    assert event_over(state)


def test_gained_build_may_be_declined() -> None:
    """Builds: "If you cannot afford to do the build it, or just don't want to, you may skip it"."""
    state = start(2, [BOON, 9], players=[civ(), civ()])
    choose(state, "take no Wonder")
    assert player(state, 0)["builds"] == []
    assert player(state, 0)["vp"] == 0
    assert state.data["gone"] == []
    assert state.data["era_ending"] is False
    assert event_over(state)


def test_wonders_already_taken_are_not_offered() -> None:
    """Wonder Builds: "Wonders are Unique" — one in play is not on the Available list."""
    state = start(2, [BOON, 9], players=[civ(), civ()], gone=["ancient/Stonehenge", "ancient/Colossus"])
    assert "gain Stonehenge" not in texts(state)
    assert "gain Colossus" not in texts(state)
    assert len(texts(state)) == 9 - 2 + 1


def test_last_wonder_may_be_gained() -> None:
    """Wonder Builds: the last Wonder is gained as usual; the era does not end while one was left."""
    wonders = era_builds(ANCIENT, "wonder")
    state = start(2, [BOON, 9], players=[civ(), civ()], gone=wonders[:-1])
    assert texts(state) == ["gain Great Lighthouse", "take no Wonder"]
    choose(state, "gain Great Lighthouse")
    assert player(state, 0)["vp"] == 3
    assert state.data["era_ending"] is False


@pytest.mark.parametrize(
    ("era", "roll", "kind"),
    [
        (ANCIENT, 9, "wonder"),
        (MEDIEVAL, 9, "wonder"),
        (REVOLUTION, 8, "wonder"),
        (MODERN, 9, "wonder"),
        (MEDIEVAL, 10, "leader"),
        (REVOLUTION, 9, "leader"),
    ],
)
def test_no_wonder_or_leader_left_ends_the_era(era: int, roll: int, kind: str) -> None:
    """Wonder/Leader Builds and End of an Era: "If you gain a Leader or Wonder ... and none are left, the Era ends"."""
    state = start(2, [BOON, roll], era=era, players=[civ(), civ()], gone=era_builds(era, kind))
    assert state.data["era_ending"] is True
    assert [e["seat"] for e in events(state, "era_ending")] == [0]
    assert player(state, 0)["builds"] == []
    assert player(state, 0)["vp"] == 0
    assert event_over(state)


def test_negotiations_gives_a_shield_against_the_next_war_incursion_or_raid() -> None:
    """Revolution Boon Negotiations: "Skip the next War, Incursion, or Raid Event that Targets You"."""
    state = start(2, [BOON, 10], era=REVOLUTION, players=[civ(shields=1), civ()])
    assert player(state, 0)["shields"] == 2
    assert player(state, 1)["shields"] == 0
    assert event_over(state)
