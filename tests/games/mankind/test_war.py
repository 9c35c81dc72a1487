"""War Events, exactly as the rulebook's "WAR EVENTS" section and War sub-tables say."""

from __future__ import annotations

import pytest

from ludoteca.core.errors import ScriptError
from tests.games.mankind.helpers import (
    ANCIENT,
    MEDIEVAL,
    MODERN,
    REVOLUTION,
    WAR,
    choose,
    civ,
    event_over,
    events,
    player,
    points,
    start,
    step,
    texts,
    to_act,
)

LEGIONS = "ancient/Legions"  # WL +3
HOPLITES = "ancient/Hoplites"  # WL +3
PHALANX = "ancient/Phalanx"  # WL +2
PELTASTS = "ancient/Peltasts"  # WL +1
ARENAS = "ancient/Gladiatorial Arenas"  # WL +2, not a unit
CITY_WALLS = "ancient/City Walls"  # DF +3
INVASION = 1  # Ancient War sub-table: "You versus player to your left"

# Seats with no Military Units and Warfare Levels 0, 2, 4 and 6: who fights whom is all that happens.
UNARMED = [civ(), civ(ARENAS), civ(ARENAS, ARENAS), civ(ARENAS, ARENAS, ARENAS)]


def sides(state) -> list[tuple[int, int]]:
    return [(e["a"], e["b"]) for e in events(state, "war")]


def duel(first: dict, second: dict, dice: list[int], **scenario):
    """Seat 0 against the player to its left, seat 1 (Ancient "Invasion")."""
    return start(2, [WAR, INVASION, *dice], players=[first, second], **scenario)


@pytest.mark.parametrize(
    ("era", "names"),
    [
        (
            ANCIENT,
            ["Invasion", "Annexation", "Political War", "Occupation", "Domination", "Attack", "Expansion", "Conflict"],
        ),
        (
            MEDIEVAL,
            [
                "Crusade",
                "Great Siege",
                "Reformation",
                "Colonization",
                "Reconquest",
                "Holy War",
                "Territorial Dispute",
                "Rivalry",
            ],
        ),
        (
            REVOLUTION,
            [
                "Continental War",
                "Great Game",
                "New Imperialism",
                "Colonialism",
                "Dynastic Rivalries",
                "Room to Grow",
                "Gunboat Diplomacy",
                "Balance of Power",
            ],
        ),
        (
            MODERN,
            [
                "World War",
                "Great War",
                "Imperialism",
                "Occupation",
                "Cold War",
                "Regional War",
                "Proxy War",
                "New World Order",
            ],
        ),
    ],
)
@pytest.mark.parametrize(
    ("roll", "dice", "choices", "expected"),
    [
        (1, [], [], (1, 2)),  # You versus player to your left: the next seat
        (2, [], [], (1, 0)),  # You versus player to your right: the previous seat
        (3, [3], [], (1, 3)),  # You vs. Random Opponent: a d3 over seats 0, 2, 3
        (4, [], [], (1, 0)),  # You vs. Weakest Player: the lowest WL among the opponents
        (5, [], [], (1, 3)),  # You vs. Strongest Player: the highest WL among the opponents
        (6, [1, 2], [], (0, 2)),  # Two Random players: a d4 over all, then a d3 over the rest
        (7, [1], ["choose seat 3 for the war"], (3, 0)),  # Player of your choice and random player
        (8, [], ["choose seat 2 for the war", "choose seat 0 for the war"], (2, 0)),  # Two players of your choice
    ],
)
def test_war_sub_table_row_names_the_two_sides(
    era: int, names: list[str], roll: int, dice: list[int], choices: list[str], expected: tuple[int, int]
) -> None:
    """War sub-tables: the eight pairings, alike in every era (left = next seat, docs/rulings.md, Mankind R10)."""
    state = start(4, [WAR, roll, *dice], era=era, first_player=1, players=UNARMED)
    for text in choices:
        choose(state, text)
    assert events(state, "event")[0]["name"] == names[roll - 1]
    assert sides(state) == [expected]
    assert [e["text"] for e in events(state, "war_no_army")] == ["Neither side has a Military Unit; there is no war."]
    assert event_over(state)


def test_random_opponent_is_a_die_with_one_face_per_opponent() -> None:
    """Event Phase: a random player is drawn fairly among the candidates (here the three opponents)."""
    with pytest.raises(ScriptError, match="d3"):
        start(4, [WAR, 3, 4], first_player=1, players=UNARMED)
    state = start(4, [WAR, 3, 1], first_player=1, players=UNARMED)
    assert sides(state) == [(1, 0)]
    assert [e["seat"] for e in events(state, "random_player")] == [0]


def test_weakest_opponent_is_chosen_among_opponents_even_if_you_are_weaker() -> None:
    """War sub-table "You vs. Weakest Player": the lowest WL of your opponents (docs/rulings.md, Mankind R11)."""
    state = start(4, [WAR, 4], first_player=0, players=UNARMED)
    assert sides(state) == [(0, 1)]


def test_weakest_opponent_tie_is_rolled_off() -> None:
    """Event Phase: "In all cases of ties, break them by rolling high on 1D6"."""
    state = start(3, [WAR, 4, 2, 5], players=[civ(), civ(ARENAS), civ(ARENAS)])
    assert events(state, "roll_off")[0]["rolls"] == {"1": 2, "2": 5}
    assert sides(state) == [(0, 2)]


def test_strongest_opponent_tie_is_rolled_off_and_re_rolled() -> None:
    """Event Phase: ties are broken by rolling high on 1D6 (and a tied roll-off rolls again)."""
    state = start(3, [WAR, 5, 4, 4, 1, 3], players=[civ(ARENAS, ARENAS), civ(ARENAS), civ(ARENAS)])
    assert [e["rolls"] for e in events(state, "roll_off")] == [{"1": 4, "2": 4}, {"1": 1, "2": 3}]
    assert sides(state) == [(0, 2)]


def test_strongest_opponent_is_measured_without_defence_bonus() -> None:
    """Card List Type Notation: DF counts "only when you are the Defender"; strength is WL (Mankind R11)."""
    state = start(3, [WAR, 5], players=[civ(), civ(ARENAS), civ(CITY_WALLS, PELTASTS)])
    assert sides(state) == [(0, 1)]


def test_player_of_your_choice_may_be_anyone_yourself_included() -> None:
    """War sub-table "Player of your choice and random player": any player (docs/rulings.md, Mankind R12)."""
    state = start(3, [WAR, 7, 2], players=[civ(), civ(), civ()])
    assert step(state) == "war_choose"
    assert texts(state) == ["choose seat 0 for the war", "choose seat 1 for the war", "choose seat 2 for the war"]
    choose(state, "choose seat 0 for the war")
    assert sides(state) == [(0, 2)]


def test_two_players_of_your_choice_must_differ() -> None:
    """War sub-table "Two players of your choice": two different players."""
    state = start(3, [WAR, 8], players=[civ(), civ(), civ()])
    choose(state, "choose seat 1 for the war")
    assert texts(state) == ["choose seat 0 for the war", "choose seat 2 for the war"]
    choose(state, "choose seat 2 for the war")
    assert sides(state) == [(1, 2)]
    assert event_over(state)


def test_higher_warfare_level_adds_one_to_its_war_roll() -> None:
    """War Events: "The player with the higher Warfare Level (WL) adds 1 to his roll"."""
    state = duel(civ(LEGIONS), civ(PHALANX, vp=5, rp=5), [3, 3, 2, 3])
    roll = events(state, "war_roll")[0]
    assert (roll["rolls"], roll["totals"]) == ([3, 3], [4, 3])
    assert [(e["seat"], e["build"]) for e in events(state, "war_loss")] == [(1, PHALANX)]
    victory = events(state, "war_victory")[0]
    assert (victory["victor"], victory["loser"], victory["vp"], victory["rp"]) == (0, 1, 2, 3)
    assert points(state, 0) == (2, 3, 0)
    assert points(state, 1) == (3, 2, 0)
    assert event_over(state)


def test_equal_warfare_levels_add_nothing() -> None:
    """War Events: only the higher Warfare Level adds 1."""
    state = duel(civ(LEGIONS), civ(HOPLITES), [5, 2, 1, 1])
    roll = events(state, "war_roll")[0]
    assert roll["totals"] == [5, 2]


def test_tied_war_rolls_are_rolled_again() -> None:
    """War Events: "(Reroll ties)" — a tie after the +1 is rolled again."""
    state = duel(civ(LEGIONS), civ(PHALANX), [2, 3, 1, 6, 4, 4])
    assert [e["totals"] for e in events(state, "war_roll")] == [[3, 3], [2, 6]]
    assert len(events(state, "war_tie")) == 1
    assert [e["seat"] for e in events(state, "war_loss")] == [0]
    assert events(state, "war_victory")[0]["victor"] == 1


def test_defence_bonus_counts_for_the_defender() -> None:
    """War Events: "Both players in a War get to use their DEF bonuses" — WL 2 + DF 3 beats WL 3."""
    state = duel(civ(LEGIONS), civ(PHALANX, CITY_WALLS), [4, 3, 1, 1, 1, 1])
    assert events(state, "war_roll")[0]["totals"] == [4, 4]
    assert events(state, "war_roll")[1]["totals"] == [1, 2]


def test_defence_bonus_counts_for_the_attacker_too() -> None:
    """War Events: "Both players in a War get to use their DEF bonuses" — the roller's as well."""
    state = duel(civ(PELTASTS, CITY_WALLS), civ(LEGIONS), [3, 4, 1, 1, 1, 1])
    assert events(state, "war_roll")[0]["totals"] == [4, 4]
    assert events(state, "war_roll")[1]["totals"] == [2, 1]


def test_loser_chooses_which_unit_to_lose() -> None:
    """War Events: "The player with the lower roll loses 1 Military Unit" (its choice, docs/rulings.md, R18)."""
    state = duel(civ(LEGIONS), civ(PHALANX, PELTASTS), [6, 1])
    assert to_act(state) == 1
    assert texts(state) == ["lose Phalanx", "lose Peltasts"]
    choose(state, "lose Peltasts")
    assert player(state, 1)["builds"] == [PHALANX]


def test_warfare_level_is_recalculated_after_each_loss() -> None:
    """War Events: "With each unit loss you have to recalculate your WL"."""
    state = duel(civ(LEGIONS, PHALANX, vp=4, rp=4), civ(HOPLITES, PHALANX), [2, 5, 4, 4, 1, 2])
    assert events(state, "war_roll")[0]["totals"] == [2, 5]  # WL 5 against WL 5: no bonus
    choose(state, "lose Phalanx")
    assert step(state) == "war_ceasefire_offer"
    choose(state, "fight on")
    assert events(state, "war_roll")[1]["totals"] == [4, 5]  # WL 3 against WL 5: +1 for seat 1
    # Seat 0's last unit is lost: seat 1 is the victor and steals 1D6 VP and 1D6 RP.
    assert player(state, 0)["builds"] == []
    assert points(state, 0) == (3, 2, 0)
    assert points(state, 1) == (1, 2, 0)
    assert event_over(state)


def test_ceasefire_needs_an_offer_and_an_acceptance() -> None:
    """War Events: the war "repeats until both players call a ceasefire"; then nobody steals anything."""
    state = duel(civ(LEGIONS, PHALANX, vp=4, rp=4), civ(LEGIONS, PHALANX, vp=4, rp=4), [6, 1])
    choose(state, "lose Phalanx")
    assert to_act(state) == 0
    assert texts(state) == ["fight on", "offer a ceasefire"]
    choose(state, "offer a ceasefire")
    assert to_act(state) == 1
    assert texts(state) == ["accept the ceasefire", "refuse the ceasefire"]
    choose(state, "accept the ceasefire")
    assert len(events(state, "ceasefire")) == 1
    assert events(state, "war_victory") == []
    assert points(state, 0) == (4, 4, 0)
    assert points(state, 1) == (4, 4, 0)
    assert player(state, 1)["builds"] == [LEGIONS]
    assert event_over(state)


def test_refused_ceasefire_means_another_war_roll() -> None:
    """War Events: a ceasefire needs both players; a refusal and the War rolls go on."""
    state = duel(civ(LEGIONS, PHALANX), civ(LEGIONS, PHALANX), [6, 1, 1, 6])
    choose(state, "lose Phalanx")
    choose(state, "offer a ceasefire")
    choose(state, "refuse the ceasefire")
    assert [e["seat"] for e in events(state, "ceasefire_refused")] == [1]
    assert [e["totals"] for e in events(state, "war_roll")] == [[6, 1], [2, 6]]  # seat 0 now has the higher WL
    assert [e["seat"] for e in events(state, "war_loss")] == [1]
    assert (step(state), to_act(state)) == ("war_loss", 0)


def test_spoils_are_1d6_victory_points_and_1d6_resource_points() -> None:
    """War Events: "The victor steals 1D6 Victory Points and 1D6 Resource Points from the Loser"."""
    state = duel(civ(LEGIONS, vp=1, rp=1), civ(PHALANX, vp=10, rp=10), [6, 1, 5, 4])
    victory = events(state, "war_victory")[0]
    assert (victory["vp"], victory["rp"]) == (5, 4)
    assert points(state, 0) == (6, 5, 0)
    assert points(state, 1) == (5, 6, 0)


def test_spoils_are_capped_by_what_the_loser_has() -> None:
    """War Events: the victor steals from the Loser, so no more than he has (docs/rulings.md, Mankind R8)."""
    state = duel(civ(LEGIONS), civ(PHALANX, vp=2, rp=0), [6, 1, 6, 6])
    victory = events(state, "war_victory")[0]
    assert (victory["vp"], victory["rp"]) == (2, 0)
    assert points(state, 0) == (2, 0, 0)
    assert points(state, 1) == (0, 0, 0)


def test_a_side_with_no_military_units_loses_at_once() -> None:
    """War Events: a player "reduced to zero Military Units" makes the other the victor (Mankind R18)."""
    state = duel(civ(ARENAS, vp=3, rp=3), civ(PELTASTS), [3, 2])
    assert events(state, "war_roll") == []
    assert [e["seat"] for e in events(state, "war_no_army")] == [0]
    victory = events(state, "war_victory")[0]
    assert (victory["victor"], victory["loser"], victory["vp"], victory["rp"]) == (1, 0, 3, 2)
    assert event_over(state)


def test_no_war_when_neither_side_has_a_unit() -> None:
    """War Events: a war needs Military Units; with none on either side nothing happens (Mankind R18)."""
    state = duel(civ(vp=3, rp=3), civ(vp=3, rp=3), [])
    assert events(state, "war_victory") == []
    assert points(state, 0) == points(state, 1) == (3, 3, 0)
    assert event_over(state)


def test_united_nations_negates_the_next_war() -> None:
    """Modern Disaster United Nations: "Negate next War" — the War rolled next does not happen."""
    state = duel(civ(LEGIONS), civ(PHALANX), [], era=MODERN, negate_war=1)
    assert len(events(state, "war_negated")) == 1
    assert events(state, "war") == []
    assert state.data["negate_war"] == 0
    assert event_over(state)


def test_each_united_nations_negates_one_war() -> None:
    """Modern Disaster United Nations: each negates the *next* War only."""
    state = duel(civ(LEGIONS), civ(PHALANX), [], era=MODERN, negate_war=2)
    assert state.data["negate_war"] == 1


def test_negotiations_shield_skips_a_war_against_its_holder() -> None:
    """Revolution Boon Negotiations: "Skip the next War ... Event that Targets You"."""
    state = duel(civ(LEGIONS), civ(PHALANX, shields=1), [], era=REVOLUTION)
    assert [e["seat"] for e in events(state, "shield")] == [1]
    assert player(state, 1)["shields"] == 0
    assert events(state, "war") == []
    assert event_over(state)


def test_roller_of_a_you_versus_war_is_not_its_target() -> None:
    """Negotiations skips a War that targets you; "You versus ..." targets the other side (Mankind R13)."""
    state = duel(civ(LEGIONS, shields=1), civ(PHALANX), [6, 1, 1, 1], era=REVOLUTION)
    assert player(state, 0)["shields"] == 1
    assert sides(state) == [(0, 1)]


def test_both_sides_of_a_two_random_war_are_targets() -> None:
    """Negotiations: in "Two Random players" both players are targeted, so either one's shield skips it."""
    state = start(3, [WAR, 6, 2, 1], era=REVOLUTION, players=[civ(LEGIONS), civ(LEGIONS, shields=1), civ()])
    assert [e["seat"] for e in events(state, "random_player")] == [1, 0]
    assert [e["seat"] for e in events(state, "shield")] == [1]
    assert events(state, "war") == []
    assert event_over(state)
