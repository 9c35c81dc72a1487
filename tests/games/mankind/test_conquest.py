"""Conquest Events, exactly as the rulebook's "CONQUEST EVENTS" section and sub-tables say."""

from __future__ import annotations

import pytest

from ludoteca.games.mankind.content import TRAITS
from ludoteca.games.mankind.eras import available
from tests.games.mankind.helpers import (
    ANCIENT,
    CONQUEST,
    MEDIEVAL,
    MODERN,
    REVOLUTION,
    choose,
    civ,
    event_over,
    events,
    level,
    player,
    start,
    step,
    texts,
    to_act,
)

LEGIONS = "ancient/Legions"  # M, WL +3
PHALANX = "ancient/Phalanx"  # M, WL +2
PELTASTS = "ancient/Peltasts"  # M, WL +1
CAESAR = "ancient/Caesar"  # L, WL +1 GL +1, Military Leader
BUDDHA = "ancient/Buddha"  # L, CL +1, Religious Leader
ARISTOTLE = "ancient/Aristotle"  # L, RL +1 ML +1 (an ordinary leader)
ARENAS = "ancient/Gladiatorial Arenas"  # I, SL +1 WL +2 (warfare without a unit)
CITY_WALLS = "ancient/City Walls"  # I, DF +3


def three(first: dict, second: dict, third: dict, dice: list[int], **scenario) -> object:
    return start(3, dice, players=[first, second, third], **scenario)


def test_highest_warfare_level_is_offered_the_conquest_first() -> None:
    """Conquest Events: "The player with the highest current Warfare Level wins the conquest"."""
    state = three(civ(PELTASTS), civ(LEGIONS), civ(PHALANX), [CONQUEST, 1])
    assert to_act(state) == 1
    assert texts(state) == ["claim Rich Land, sacrificing Legions", "pass Rich Land"]
    assert state.data["stack"][-1]["order"] == [1, 2, 0]
    assert events(state, "roll_off") == []


def test_warfare_level_ties_are_broken_by_rolling_high_on_1d6() -> None:
    """Event Phase: "In all cases of ties, break them by rolling high on 1D6"."""
    state = start(2, [CONQUEST, 1, 2, 5], players=[civ(LEGIONS), civ(LEGIONS)])
    assert events(state, "roll_off")[0]["rolls"] == {"0": 2, "1": 5}
    assert to_act(state) == 1
    assert state.data["stack"][-1]["order"] == [1, 0]


def test_tied_roll_off_is_rolled_again() -> None:
    """Event Phase: ties are broken by rolling high on 1D6; a tied roll-off is rolled again."""
    state = start(2, [CONQUEST, 1, 3, 3, 6, 1], players=[civ(LEGIONS), civ(LEGIONS)])
    assert [e["rolls"] for e in events(state, "roll_off")] == [{"0": 3, "1": 3}, {"0": 6, "1": 1}]
    assert to_act(state) == 0


def test_conquest_uses_warfare_level_without_defence_bonus() -> None:
    """Card List Type Notation: DF is "WL applied only when you are the Defender"; a Conquest is not a defence."""
    state = start(2, [CONQUEST, 1], players=[civ(PELTASTS, CITY_WALLS), civ(PHALANX)])
    assert to_act(state) == 1


def test_claiming_sacrifices_a_military_unit_and_records_the_conquest() -> None:
    """Conquest Events: claim by eliminating a Military Unit; "He records it among his card spread"."""
    state = start(2, [CONQUEST, 1], players=[civ(PELTASTS), civ(LEGIONS, PHALANX)])
    assert texts(state) == [
        "claim Rich Land, sacrificing Legions",
        "claim Rich Land, sacrificing Phalanx",
        "pass Rich Land",
    ]
    before = level(state, 1, "TL")
    choose(state, "claim Rich Land, sacrificing Phalanx")
    assert player(state, 1)["builds"] == [LEGIONS]
    assert player(state, 1)["conquests"] == ["ancient/Rich Land"]
    assert level(state, 1, "TL") == before + 1
    assert level(state, 1, "WL") == 3
    claim = events(state, "conquest")[0]
    assert (claim["seat"], claim["conquest"], claim["sacrificed"]) == (1, "ancient/Rich Land", PHALANX)


def test_military_leader_may_be_sacrificed_and_is_gone_for_good() -> None:
    """Conquest Events: "eliminate ... a Military or Religious Leader"; Leaders are unique, so it never returns."""
    state = start(2, [CONQUEST, 2], players=[civ(CAESAR), civ()])
    assert texts(state) == ["claim Wealthy Land, sacrificing Caesar", "pass Wealthy Land"]
    choose(state, "claim Wealthy Land, sacrificing Caesar")
    assert player(state, 0)["builds"] == []
    assert player(state, 0)["conquests"] == ["ancient/Wealthy Land"]
    assert CAESAR in state.data["gone"]
    assert event_over(state)  # a Leader is never rebuilt for half cost


def test_religious_leader_may_be_sacrificed() -> None:
    """Conquest Events: "eliminate one of his Military Units or a Military or Religious Leader"."""
    state = start(2, [CONQUEST, 3], players=[civ(BUDDHA, ARENAS), civ()])
    assert texts(state) == ["claim Exotic Land, sacrificing Buddha", "pass Exotic Land"]
    choose(state, "claim Exotic Land, sacrificing Buddha")
    assert player(state, 0)["conquests"] == ["ancient/Exotic Land"]
    assert BUDDHA in state.data["gone"]
    assert level(state, 0, "CL") == 1  # Buddha's CL +1 went, Exotic Land's CL +1 came
    assert event_over(state)


def test_ordinary_leader_wonder_or_infrastructure_cannot_be_sacrificed() -> None:
    """Conquest Events: only Military Units, Military Leaders and Religious Leaders pay for a conquest."""
    state = start(
        2,
        [CONQUEST, 4],
        players=[civ(PELTASTS, ARISTOTLE, ARENAS, "ancient/Terracotta Army", CAESAR), civ()],
    )
    assert texts(state) == [
        "claim Desert Land, sacrificing Peltasts",
        "claim Desert Land, sacrificing Caesar",
        "pass Desert Land",
    ]


def test_passing_offers_the_conquest_to_the_next_highest_warfare_level() -> None:
    """Conquest Events: he "may pass the conquest option on to the player with the next highest level of warfare"."""
    state = three(civ(PELTASTS), civ(LEGIONS), civ(PHALANX), [CONQUEST, 5])
    choose(state, "pass City State")
    assert to_act(state) == 2
    choose(state, "claim City State, sacrificing Phalanx")
    assert player(state, 1)["conquests"] == []
    assert player(state, 2)["conquests"] == ["ancient/City State"]
    assert level(state, 2, "WL") == 2  # the Phalanx's WL +2 gone, City State's WL +2 gained
    assert [e["seat"] for e in events(state, "conquest_pass")] == [1]


def test_nobody_claims_the_conquest_it_is_ignored() -> None:
    """Conquest Events: "If no one wants it, it is ignored"."""
    state = three(civ(PELTASTS), civ(LEGIONS), civ(PHALANX), [CONQUEST, 6])
    for _ in range(3):
        choose(state, "pass Strange Land")
    assert [e["seat"] for e in events(state, "conquest_pass")] == [1, 2, 0]
    assert len(events(state, "conquest_ignored")) == 1
    assert all(player(state, seat)["conquests"] == [] for seat in range(3))
    assert event_over(state)


def test_player_with_nothing_to_sacrifice_passes_the_conquest_on() -> None:
    """Conquest Events: "If the player does not have a build to sacrifice ... he may pass the conquest option on"."""
    state = three(civ(PELTASTS), civ(ARENAS, ARISTOTLE), civ(), [CONQUEST, 7])
    # Seat 1 leads on Warfare (WL 2 from the Arenas) but has nothing to sacrifice: the engine passes for him.
    assert [e["seat"] for e in events(state, "conquest_pass")] == [1]
    assert to_act(state) == 0
    assert texts(state) == ["claim Northern Lands, sacrificing Peltasts", "pass Northern Lands"]


def test_conquest_nobody_can_pay_for_is_ignored_without_a_decision() -> None:
    """Conquest Events: a player without a build to sacrifice passes; "If no one wants it, it is ignored"."""
    state = start(2, [CONQUEST, 8], players=[civ(ARENAS), civ()])
    assert [e["seat"] for e in events(state, "conquest_pass")] == [0, 1]
    assert len(events(state, "conquest_ignored")) == 1
    assert event_over(state)


def test_sacrificed_unit_may_be_rebuilt_for_half_cost_rounding_up() -> None:
    """Conquest Events: "A non-leader Unit sacrificed ... may immediately be rebuilt for half cost rounding up"."""
    state = start(2, [CONQUEST, 9], players=[civ(LEGIONS, rp=5), civ()])
    choose(state, "claim Western Lands, sacrificing Legions")
    # Military Units cost RP = their WL bonus: Legions cost 3, half rounded up is 2.
    assert texts(state) == ["rebuild Legions for 2 RP", "do not rebuild"]
    choose(state, "rebuild Legions for 2 RP")
    assert player(state, 0)["builds"] == [LEGIONS]
    assert player(state, 0)["rp"] == 3
    assert player(state, 0)["conquests"] == ["ancient/Western Lands"]
    assert event_over(state)


@pytest.mark.parametrize(
    ("unit", "cost"),
    [("ancient/Peltasts", 1), ("ancient/Phalanx", 1), ("ancient/Legions", 2), ("medieval/Knights", 2)],
)
def test_rebuild_cost_is_half_the_warfare_bonus_rounded_up(unit: str, cost: int) -> None:
    """Build Phase: "Military Units cost RP = their WL bonus"; Conquest Events: rebuilt "for half cost rounding up"."""
    state = start(2, [CONQUEST, 10], players=[civ(unit, rp=9), civ()])
    name = unit.partition("/")[2]
    choose(state, f"claim Eastern Lands, sacrificing {name}")
    assert texts(state)[0].endswith(f"for {cost} RP")


def test_rebuild_may_be_declined() -> None:
    """Conquest Events: the unit "may" be rebuilt; declining keeps the RP."""
    state = start(2, [CONQUEST, 1], players=[civ(LEGIONS, rp=5), civ()])
    choose(state, "claim Rich Land, sacrificing Legions")
    choose(state, "do not rebuild")
    assert player(state, 0)["builds"] == []
    assert player(state, 0)["rp"] == 5
    assert event_over(state)


def test_rebuild_is_not_offered_when_unaffordable() -> None:
    """Conquest Events: the half-cost rebuild must still be paid; with too few RP it is not possible."""
    state = start(2, [CONQUEST, 1], players=[civ(LEGIONS, rp=1), civ()])
    choose(state, "claim Rich Land, sacrificing Legions")
    assert player(state, 0)["builds"] == []
    assert player(state, 0)["rp"] == 1
    assert event_over(state)


def test_rebuild_with_exactly_enough_rp() -> None:
    """Conquest Events: half cost rounding up — Legions (3 RP) rebuild for exactly 2 RP."""
    state = start(2, [CONQUEST, 1], players=[civ(LEGIONS, rp=2), civ()])
    choose(state, "claim Rich Land, sacrificing Legions")
    choose(state, "rebuild Legions for 2 RP")
    assert player(state, 0)["rp"] == 0
    assert player(state, 0)["builds"] == [LEGIONS]


def test_sacrificed_leader_stays_out_of_the_available_list() -> None:
    """Leader Builds: "All Leaders are Unique"; a Leader sacrificed for a conquest is gone for good."""
    state = start(2, [CONQUEST, 1], players=[civ(CAESAR), civ()])
    choose(state, "claim Rich Land, sacrificing Caesar")
    assert CAESAR not in available(state, "leader")
    assert len(available(state, "leader")) == 11


@pytest.mark.parametrize(
    ("era", "roll", "conquest", "trait", "delta"),
    [
        (ANCIENT, 1, "ancient/Rich Land", "TL", 1),
        (ANCIENT, 2, "ancient/Wealthy Land", "ML", 1),
        (ANCIENT, 3, "ancient/Exotic Land", "CL", 1),
        (ANCIENT, 4, "ancient/Desert Land", "SL", 1),
        (ANCIENT, 5, "ancient/City State", "WL", 2),
        (ANCIENT, 6, "ancient/Strange Land", "TL", 1),
        (ANCIENT, 7, "ancient/Northern Lands", "CL", 1),
        (ANCIENT, 8, "ancient/Southern Lands", "FL", 2),
        (ANCIENT, 9, "ancient/Western Lands", "RL", 1),
        (ANCIENT, 10, "ancient/Eastern Lands", "ML", 1),
        (MEDIEVAL, 1, "medieval/New World", "RL", 2),
        (MEDIEVAL, 3, "medieval/Silk Road", "TL", 2),
        (MEDIEVAL, 4, "medieval/Africa", "ML", 2),
        (MEDIEVAL, 5, "medieval/Savage Lands", "WL", 4),
        (MEDIEVAL, 6, "medieval/Vassal State", "RL", 2),
        (MEDIEVAL, 7, "medieval/New Continent", "ML", 2),
        (MEDIEVAL, 8, "medieval/Imperialist Conquest", "CL", 2),
        (MEDIEVAL, 9, "medieval/West Indies", "FL", 4),
        (MEDIEVAL, 10, "medieval/East Indies", "SL", 2),
        (REVOLUTION, 1, "revolution/Silver Mines", "ML", 3),
        (REVOLUTION, 2, "revolution/White Mans Burden", "CL", 3),
        (REVOLUTION, 3, "revolution/Spice Trade", "TL", 3),
        (REVOLUTION, 4, "revolution/Deepest Darkest Africa", "FL", 6),
        (REVOLUTION, 5, "revolution/Distant Lands", "RL", 3),
        (REVOLUTION, 6, "revolution/Commonwealth", "TL", 1),
        (REVOLUTION, 7, "revolution/Unification", "SL", 3),
        (REVOLUTION, 8, "revolution/Overseas Possession", "ML", 3),
        (REVOLUTION, 9, "revolution/Strategic Territory", "WL", 6),
        (MODERN, 1, "modern/Buffer States", "WL", 8),
        (MODERN, 3, "modern/Third World", "TL", 4),
        (MODERN, 4, "modern/Pact Country", "RL", 4),
        (MODERN, 5, "modern/Banana Republic", "FL", 8),
        (MODERN, 6, "modern/Prop Up Dictator", "WL", 8),
        (MODERN, 7, "modern/Hegemony", "SL", 4),
        (MODERN, 8, "modern/Power Vacuum", "ML", 4),
        (MODERN, 9, "modern/Oil Rich Country", "ML", 4),
        (MODERN, 10, "modern/Crisis State", "CL", 4),
    ],
)
def test_trait_conquest_raises_the_trait_level(era: int, roll: int, conquest: str, trait: str, delta: int) -> None:
    """Conquest Events: "The Conquest awards the indicated benefit, usually the increase in a trait"."""
    state = start(2, [CONQUEST, roll], era=era, players=[civ(PELTASTS, ARENAS), civ()])
    before = {code: level(state, 0, code) for code in TRAITS}
    name = conquest.partition("/")[2]
    choose(state, f"claim {name}, sacrificing Peltasts")
    assert player(state, 0)["conquests"] == [conquest]
    expected = {**before, "WL": before["WL"] - 1}  # the Peltasts (WL +1) are gone
    expected[trait] += delta
    assert {code: level(state, 0, code) for code in TRAITS} == expected
    assert player(state, 0)["vp"] == 0
    assert event_over(state)


@pytest.mark.parametrize(
    ("era", "roll", "conquest", "vp"),
    [
        (MEDIEVAL, 2, "medieval/Sub-Continent", 10),
        (REVOLUTION, 10, "revolution/Split Up Old Empire", 13),
        (MODERN, 2, "modern/Hearts & Minds", 16),
    ],
)
def test_points_conquest_gives_one_time_victory_points(era: int, roll: int, conquest: str, vp: int) -> None:
    """Conquest Events: "sometimes a one time benefit of points"; the conquest is still recorded in the spread."""
    state = start(2, [CONQUEST, roll], era=era, players=[civ(BUDDHA, ARENAS, vp=3), civ()])
    before = {code: level(state, 0, code) for code in ("FL", "ML", "RL", "SL", "WL", "TL")}
    name = conquest.partition("/")[2]
    choose(state, f"claim {name}, sacrificing Buddha")
    assert player(state, 0)["vp"] == 3 + vp
    assert player(state, 0)["conquests"] == [conquest]
    assert {code: level(state, 0, code) for code in before} == before
    assert event_over(state)  # a fixed number of points rolls no die


def test_points_conquest_with_a_unit_still_offers_the_rebuild() -> None:
    """Conquest Events: the points benefit and the half-cost rebuild both follow a claim."""
    state = start(2, [CONQUEST, 2], era=MEDIEVAL, players=[civ("medieval/Knights", rp=2), civ()])
    choose(state, "claim Sub-Continent, sacrificing Knights")
    assert player(state, 0)["vp"] == 10
    assert texts(state) == ["rebuild Knights for 2 RP", "do not rebuild"]


def test_the_same_conquest_can_be_claimed_again() -> None:
    """Conquest Events: a conquest is recorded each time it is won (docs/rulings.md, Mankind R17)."""
    state = start(2, [CONQUEST, 1], players=[civ(LEGIONS, conquests=["ancient/Rich Land"]), civ()])
    assert level(state, 0, "TL") == 1
    choose(state, "claim Rich Land, sacrificing Legions")
    assert player(state, 0)["conquests"] == ["ancient/Rich Land", "ancient/Rich Land"]
    assert level(state, 0, "TL") == 2


def test_a_tie_below_the_leader_is_not_rolled_off_when_the_leader_claims() -> None:
    """Event Phase: ties are broken by 1D6 — only a tie that decides something (docs/rulings.md, Mankind R29).

    The leader claims: seats 0 and 2, tied below, are never asked, so no die is rolled for them.
    """
    state = three(civ(PELTASTS), civ(LEGIONS, rp=0), civ(PELTASTS), [CONQUEST, 1])
    assert to_act(state) == 1
    assert events(state, "roll_off") == []
    choose(state, "claim Rich Land, sacrificing Legions")  # 0 RP: no rebuild to offer
    assert events(state, "roll_off") == []
    assert event_over(state)  # the script held no die for a roll-off


def test_a_tie_below_the_leader_is_rolled_off_when_the_conquest_reaches_it() -> None:
    """Conquest Events: passed on "to the player with the next highest level of warfare" — seats 0 and 2 tie
    there, and roll off (2 against 4) when seat 1 passes, not before (docs/rulings.md, Mankind R29)."""
    state = three(civ(PELTASTS), civ(LEGIONS), civ(PELTASTS), [CONQUEST, 1, 2, 4])
    assert events(state, "roll_off") == [] and state.rng.script[:2] == [2, 4]
    choose(state, "pass Rich Land")
    assert events(state, "roll_off")[0]["rolls"] == {"0": 2, "2": 4}
    assert to_act(state) == 2
    assert state.data["stack"][-1]["order"] == [1, 2, 0]
    choose(state, "pass Rich Land")
    assert to_act(state) == 0 and len(events(state, "roll_off")) == 1  # settled once, asked in turn
    choose(state, "pass Rich Land")
    assert events(state, "conquest_ignored") and event_over(state)


def test_conquest_offer_waits_for_the_winner() -> None:
    """Conquest Events: claiming is the winner's choice ("he does not want to sacrifice one")."""
    state = start(2, [CONQUEST, 1], players=[civ(LEGIONS), civ()])
    assert step(state) == "conquest_offer"
    assert to_act(state) == 0


GOVERNMENT = 9  # Mankind: The Build Table — 9 Government


def test_rebuilding_the_sacrificed_unit_is_a_purchase_that_bars_a_government() -> None:
    """Build Phase: Governments cost 4X IP "(and you cannot buy anything else during the turn)": the half-cost
    rebuild is bought in this turn, so the Government the Build roll then brings cannot be (Mankind R19)."""
    state = start(2, [CONQUEST, 1], build_roll=GOVERNMENT, players=[civ(LEGIONS, rp=2, ip=8), civ()])
    choose(state, "claim Rich Land, sacrificing Legions")
    choose(state, "rebuild Legions for 2 RP")
    assert events(state, "build_none")[-1]["text"] == "Seat 0 cannot build any Government now."
    assert step(state) == "build_more" and player(state, 0)["government"] == "tribal/King"


def test_declining_the_rebuild_leaves_the_government_open() -> None:
    """Build Phase: claiming a conquest (the sacrifice) buys nothing; only the rebuild would (Mankind R19)."""
    state = start(2, [CONQUEST, 1], build_roll=GOVERNMENT, players=[civ(LEGIONS, rp=2, ip=8), civ()])
    choose(state, "claim Rich Land, sacrificing Legions")
    choose(state, "do not rebuild")
    assert step(state) == "build_pick" and "build Empire for 4 IP" in texts(state)


def test_another_players_rebuild_does_not_bar_the_current_players_government() -> None:
    """Build Phase: "you cannot buy anything else during the turn" binds the player whose turn it is; seat 1's
    rebuild in seat 0's turn is no purchase of seat 0's (Mankind R19)."""
    state = start(2, [CONQUEST, 1], build_roll=GOVERNMENT, players=[civ(ip=8), civ(LEGIONS, rp=2)])
    assert to_act(state) == 1
    choose(state, "claim Rich Land, sacrificing Legions")
    choose(state, "rebuild Legions for 2 RP")
    assert to_act(state) == 0 and step(state) == "build_pick" and "build Empire for 4 IP" in texts(state)


def test_a_roll_off_tied_again_below_the_winner_is_re_rolled_only_when_the_winner_passes() -> None:
    """Event Phase: three Legions tie and roll 6, 2, 2: seat 0 is asked; seats 1 and 2 roll again (3 against 5)
    only when seat 0 passes the conquest down to them (docs/rulings.md, Mankind R29)."""
    state = three(civ(LEGIONS), civ(LEGIONS), civ(LEGIONS), [CONQUEST, 1, 6, 2, 2, 3, 5])
    assert to_act(state) == 0 and [e["rolls"] for e in events(state, "roll_off")] == [{"0": 6, "1": 2, "2": 2}]
    choose(state, "pass Rich Land")
    assert [e["rolls"] for e in events(state, "roll_off")][1:] == [{"1": 3, "2": 5}]
    assert to_act(state) == 2 and state.data["stack"][-1]["order"] == [0, 2, 1]
