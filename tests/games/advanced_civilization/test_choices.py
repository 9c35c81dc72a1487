"""Issue #22: the choices the rules give a player in Advanced Civilization, each with a fixed position."""

from __future__ import annotations

import random

import pytest

import ludoteca
from ludoteca.core import BadOptions, conformance
from ludoteca.games.advanced_civilization import cards
from ludoteca.games.advanced_civilization.calamities import unit_points
from ludoteca.games.advanced_civilization.machine import RULES
from ludoteca.games.advanced_civilization.state import CivState
from tests.games.advanced_civilization.helpers import land, position, texts, tiny_map, tokens


def strike(state: CivState, name: str, victim: int, trader: int | None = None) -> CivState:
    """Resolve one calamity on a finished scenario position (the test plays the choices)."""
    state.data["over"] = False
    RULES.push(state, "calamity", name=name, victim=victim, trader=trader)
    RULES.advance(state)
    return state


def at(seats: int = 2, **scenario: object) -> CivState:
    return position(seats=seats, phases=["census"], **scenario)


def choose(state: CivState, text: str) -> None:
    """Apply the waiting seat's action whose text starts with ``text`` (exactly one must)."""
    seat = state.to_act()[0]
    found = [a for a in state.legal_actions(seat) if a.text.startswith(text)]
    assert len(found) == 1, (text, texts(state))
    state.apply(seat, found[0])


def first(state: CivState) -> None:
    while state.to_act():
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])


def name_two_and_a_hidden_card(state: CivState, seat: int, commodity: str, verb: str = "offer") -> None:
    """Make the three-card offer (or counter-offer) these tests use: two named ``commodity`` cards and the
    seat's third hand card, undeclared (AC §28: the count and two cards named truthfully)."""
    for text in (f"name {commodity} in the offer", f"name {commodity} in the offer", "add hand card 3, undeclared"):
        state.apply(seat, text)
    state.apply(seat, f"{verb} these 3 cards")


def own_losses(state: CivState) -> None:
    """Play the waiting ``lose`` decisions (the primary victim's own loss comes first) with their first option."""
    while state.to_act() and state.data["stack"][-1]["step"] == "lose":
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])


# ------------------------------------------------------------------ 1. directed losses (§29.64, AC-R23)
def test_famine_the_victim_splits_twenty_points_seven_seven_six() -> None:
    # Four seats, each other seat with 11 tokens: any split within 8 apiece is possible.
    grid = {"E": [5, 5, 5, 5], "B": [3, 3, 3, 3], "G": [3, 3, 3, 3]}
    state = strike(at(4, nations=["Africa", "Illyria", "Thrace", "Crete"], tokens=grid), "Famine", 0)
    own_losses(state)
    assert state.to_act() == [0]
    assert texts(state) == [f"direct losses at {state.who(s)}, up to 8 unit points" for s in (1, 2, 3)]
    choose(state, f"direct losses at {state.who(1)}")
    # The named player: any amount from the most he can take down to one point.
    assert texts(state) == [f"direct {n} unit point{'s' if n > 1 else ''} at {state.who(1)}" for n in range(8, 0, -1)]
    choose(state, f"direct 7 unit points at {state.who(1)}")
    choose(state, f"direct losses at {state.who(2)}")
    choose(state, f"direct 7 unit points at {state.who(2)}")
    # 6 left: seat 3 can take all 6, seats 1 and 2 one more point each.
    assert texts(state) == [
        f"direct losses at {state.who(1)}, up to 1 unit point",
        f"direct losses at {state.who(2)}, up to 1 unit point",
        f"direct losses at {state.who(3)}, up to 6 unit points",
    ]
    choose(state, f"direct losses at {state.who(3)}")
    choose(state, f"direct 6 unit points at {state.who(3)}")
    directed = [e["text"] for e in state.log if "directs" in e["text"]]
    assert directed == [
        f"Famine: {state.who(0)} directs 7 unit points at {state.who(1)}.",
        f"Famine: {state.who(0)} directs 7 unit points at {state.who(2)}.",
        f"Famine: {state.who(0)} directs 6 unit points at {state.who(3)}.",
    ]
    first(state)
    assert [unit_points(state, s) for s in range(4)] == [1, 4, 4, 5]


def test_epidemic_a_single_point_to_one_player_and_what_nobody_can_take_lapses() -> None:
    state = strike(at(3, tokens={"E": [5, 5, 5], "B": [3, 3, 3], "G": [3, 3, 3]}), "Epidemic", 0)
    own_losses(state)
    # 25 points, at most 10 each; each other seat has 11 tokens in three areas, one staying in each: 8 apiece.
    assert texts(state) == [
        f"direct losses at {state.who(1)}, up to 8 unit points",
        f"direct losses at {state.who(2)}, up to 8 unit points",
    ]
    choose(state, f"direct losses at {state.who(1)}")
    choose(state, f"direct 1 unit point at {state.who(1)}")
    choose(state, f"direct losses at {state.who(2)}")
    choose(state, f"direct 8 unit points at {state.who(2)}")
    # Only seat 1 can take more (7): it is named by the rules, the victim says how many.
    assert texts(state)[0] == f"direct 7 unit points at {state.who(1)}" and len(texts(state)) == 7
    choose(state, f"direct 7 unit points at {state.who(1)}")
    first(state)
    # 16 of the 25 placed, 9 lapse; each secondary victim keeps a token in each of its three areas.
    assert [unit_points(state, s) for s in (1, 2)] == [3, 3]


# ------------------------------------------------------------------ 2. Civil War (§30.415)
def test_civil_war_the_victim_chooses_which_faction_he_continues_with() -> None:
    board = tiny_map({f"R{i}": land(5, "black") for i in range(10)}, " ".join(f"R{i}-R{i + 1}" for i in range(9)))
    tokens = {f"R{i}": [5, 0, 0] for i in range(2, 10)}  # 40 tokens and two cities: 50 unit points
    players = [{"stock": 5}, {"stock": 30}, {"stock": 40}]
    state = strike(at(3, board=board, tokens=tokens, cities={"R0": 0, "R1": 0}, players=players), "Civil War", 0)
    # The victim marks 15 points (two cities and five tokens), then the beneficiary (seat 2) 20 tokens.
    choose(state, f"select the city of {state.who(0)} in R0")
    choose(state, f"select the city of {state.who(0)} in R1")
    for _ in range(5):
        choose(state, f"select a token of {state.who(0)} in R2")
    assert state.to_act() == [2]
    while state.data["stack"][-1]["step"] == "faction":
        state.apply(2, state.legal_actions(2)[-1])
    assert state.to_act() == [0]
    assert texts(state) == [
        "continue with the first faction: 35 unit points, 2 cities",
        "continue with the other faction: 15 unit points",
    ]
    bot = state.heuristic_choice(0, state.legal_actions(0))  # a bot keeps the cities
    assert bot is not None and bot.text.startswith("continue with the first faction")
    choose(state, "continue with the other faction")
    assert unit_points(state, 0) == 15 and unit_points(state, 2) == 35
    assert {area: city["owner"] for area, city in state.data["cities"].items()} == {"R0": 2, "R1": 2}
    assert any(e["text"] == f"Civil War: {state.who(0)} continues with the other faction." for e in state.log)


# ------------------------------------------------------------------ 3. Pottery against Famine ("may reduce")
def test_pottery_the_victim_may_keep_his_grain_for_buying() -> None:
    hand = {"advances": ["Pottery"], "hand": ["Grain", "Grain", "Grain", "Oil"]}
    state = strike(at(2, tokens={"E": [5, 0], "B": [3, 0], "G": [3, 0]}, players=[hand, {}]), "Famine", 0)
    assert state.to_act() == [0]
    # 10 points: three Grain cards would cover it (12), so three, two, one or none.
    assert texts(state) == [
        "show 3 Grain cards under Pottery and lose 0 unit points",
        "show 2 Grain cards under Pottery and lose 2 unit points",
        "show 1 Grain card under Pottery and lose 6 unit points",
        "show no Grain and lose 10 unit points",
    ]
    choose(state, "show no Grain")
    first(state)
    assert unit_points(state, 0) == 1 and state.data["locked"][0] == 0
    assert any(e["text"] == f"Famine: {state.who(0)} shows no Grain." for e in state.log)
    partial = strike(at(2, tokens={"E": [5, 0], "B": [3, 0], "G": [3, 0]}, players=[hand, {}]), "Famine", 0)
    choose(partial, "show 1 Grain card")
    first(partial)
    assert unit_points(partial, 0) == 11 - 6 and partial.data["locked"][0] == 1


def test_pottery_a_holder_without_grain_is_asked_all_the_same() -> None:
    """Being asked must not tell the table whether the hand holds Grain (AC-R34): the one option is asked."""
    hand = {"advances": ["Pottery"], "hand": ["Oil", "Oil", "Oil"]}
    state = strike(at(2, tokens={"E": [5, 0], "B": [3, 0], "G": [3, 0]}, players=[hand, {}]), "Famine", 0)
    assert state.to_act() == [0] and texts(state) == ["show no Grain and lose 10 unit points"]
    bot = state.heuristic_choice(0, state.legal_actions(0))
    assert bot is not None and bot.payload == 0


def test_pottery_a_secondary_victim_chooses_too() -> None:
    potter = {"advances": ["Pottery"], "hand": ["Grain", "Grain"]}
    state = strike(at(2, tokens={"E": [5, 5], "B": [3, 3], "G": [3, 3]}, players=[{}, potter]), "Famine", 0)
    first_losses = [a.text for a in state.legal_actions(0)]
    assert first_losses and all(t.startswith("lose a token") for t in first_losses)
    own_losses(state)
    # 20 to direct, at most 8 each: seat 1 is the only one; it takes 8 and chooses whether to show Grain.
    choose(state, f"direct 8 unit points at {state.who(1)}")
    assert state.to_act() == [1]
    assert texts(state) == [
        "show 2 Grain cards under Pottery and lose 0 unit points",
        "show 1 Grain card under Pottery and lose 4 unit points",
        "show no Grain and lose 8 unit points",
    ]
    bot = state.heuristic_choice(1, state.legal_actions(1))
    assert bot is not None and bot.payload == 2


# ------------------------------------------------------------------ 4. Mining: one mineable set a turn (§28.53)
def test_mining_raises_one_set_of_the_players_choice_in_a_purchase() -> None:
    hand = ["Iron"] * 3 + ["Gold"] * 2 + ["Salt"] * 2
    state = position(
        players=[{"advances": ["Mining", "Engineering"], "treasury": 10, "hand": hand}, {}], phases=["advances"]
    )
    # Iron 3 = 18 (32 raised), Gold 2 = 36 (81 raised), Salt 2 = 12: what he can pay is 66 + 45 (the Gold raised).
    assert cards.sets_value(cards.commodities(hand), True) == 18 + 36 + 12 + 45
    choose(state, "buy Agriculture for 90")
    choose(state, "pay for Agriculture")
    assert texts(state) == [
        "hand in 2 Gold (36)",
        "hand in 2 Gold raised by Mining (81)",
        "hand in 3 Iron (18)",
        "hand in 3 Iron raised by Mining (32)",
        "hand in 2 Salt (12)",
    ]
    choose(state, "hand in 3 Iron raised by Mining")
    # Mining is spent for this turn: the Gold is now worth its plain 36.
    assert texts(state) == ["hand in 2 Gold (36)", "hand in 2 Salt (12)"]
    choose(state, "hand in 2 Gold")
    first(state)
    assert "Agriculture" in state.data["players"][0]["advances"] and state.data["players"][0]["treasury"] == 0
    assert any(e["text"] == f"{state.who(0)} hands in 3 Iron, raised by Mining (32)." for e in state.log)


def test_mining_at_the_final_score_raises_the_one_set_it_helps_most() -> None:
    state = position(players=[{"advances": ["Mining"], "hand": ["Iron"] * 3 + ["Gold"] * 2}, {}], phases=["census"])
    # Iron 18 + Gold 36, and Mining's card on the Gold (81 instead of 36); a printed maximum is never passed.
    assert state.score_parts()[0]["trade_cards"] == 18 + 81
    full = position(players=[{"advances": ["Mining"], "hand": ["Gold"] * 5}, {}], phases=["census"])
    assert full.score_parts()[0]["trade_cards"] == 25 * 9


# ------------------------------------------------------------------ 5. Epidemic: a city counts at most 4 (§30.612)
def test_epidemic_a_city_reduced_counts_four_unit_points() -> None:
    medicine = {"advances": ["Medicine"]}
    board = {"cities": {"A": 1}, "tokens": {"B": [9, 0], "E": [0, 6]}}
    state = strike(at(2, players=[{}, medicine], **board), "Epidemic", 0)
    own_losses(state)  # the victim's 16 from 9 tokens, one staying in B: all 8 go
    # Seat 1 can take 5 tokens (one stays in E) and a city counting 4: 9, not 10.
    assert texts(state)[0] == f"direct 9 unit points at {state.who(1)}"
    choose(state, f"direct 9 unit points at {state.who(1)}")
    # Medicine: 9 - 5 = 4 to lose, four tokens or the city, each exactly (a city counting 5 would overshoot).
    assert texts(state) == ["lose a token in E", "reduce your city in A"]
    choose(state, "reduce your city in A")
    assert not state.to_act() and "A" not in state.data["cities"] and tokens(state)["E"] == [0, 6]
    # A lone city: it can take 4 points of an Epidemic, 5 of a Famine.
    lone = {"cities": {"A": 1}, "tokens": {"B": [11, 0]}}
    epidemic = strike(at(2, **lone), "Epidemic", 0)
    own_losses(epidemic)
    assert texts(epidemic)[0] == f"direct 4 unit points at {epidemic.who(1)}"
    famine = strike(at(2, **lone), "Famine", 0)
    own_losses(famine)
    assert texts(famine)[0] == f"direct 5 unit points at {famine.who(1)}"


# ------------------------------------------------------------------ 6. the open trade session (§28, AC-R22)
OPEN = {"trade_session": "open"}
HANDS3 = [
    {"hand": ["Grain", "Grain", "Oil", "Salt"]},
    {"hand": ["Salt", "Salt", "Timber", "Timber"]},
    {"hand": ["Ochre", "Ochre", "Hides"]},
]


def test_the_open_session_asks_every_seat_at_once_until_each_is_done() -> None:
    state = position(seats=3, players=HANDS3, phases=["trade"], options=OPEN)
    assert state.to_act() == [0, 1, 2]
    assert state.view(0)["decision"] == {
        "seat": 0,
        "step": "trade_open",
        "prompt": "Trade (§28): propose trades to anyone, answer offers, or say you are done.",
        "seats": [0, 1, 2],
    }
    assert texts(state, 1) == [
        f"propose a trade to {state.who(0)}",
        f"propose a trade to {state.who(2)}",
        "done trading",
    ]
    state.apply(1, "done trading")
    assert state.to_act() == [0, 2]
    # Seat 2 proposes to seat 1, which said "done" but may still be asked (and may refuse).
    state.apply(2, f"propose a trade to {state.who(1)}")
    assert state.to_act() == [2]
    name_two_and_a_hidden_card(state, 2, "Ochre")
    state.apply(1, "refuse the trade")
    assert state.to_act() == [0, 2]
    state.apply(2, f"propose a trade to {state.who(0)}")  # a third proposal by the same seat: no turns, no cap of 2
    name_two_and_a_hidden_card(state, 2, "Ochre")
    state.apply(0, "refuse the trade")
    state.apply(2, f"propose a trade to {state.who(1)}")
    name_two_and_a_hidden_card(state, 2, "Ochre")
    state.apply(1, "answer with an offer")
    name_two_and_a_hidden_card(state, 1, "Salt", verb="answer with")
    state.apply(2, "accept the trade")
    assert state.data["proposals"] == [0, 0, 3] and state.to_act() == [0, 2]
    state.apply(0, "done trading")
    state.apply(2, "done trading")
    assert state.is_over()
    assert [e["text"] for e in state.log if e["type"] == "trade"][-1] == "Trading ends."
    assert sorted(state.data["players"][2]["hand"]) == ["Salt", "Salt", "Timber"]


def test_the_open_session_bound_is_public_and_in_the_record() -> None:
    state = position(seats=3, players=HANDS3, phases=["trade"], options={**OPEN, "proposals_per_session": 1})
    assert state.record()["options"]["proposals_per_session"] == 1
    assert state.record()["options"]["trade_session"] == "open"
    state.apply(2, f"propose a trade to {state.who(1)}")
    name_two_and_a_hidden_card(state, 2, "Ochre")
    state.apply(1, "refuse the trade")
    # Seat 2 has used its one proposal: everybody can see it has nothing more to propose, so it leaves the session.
    assert state.to_act() == [0, 1]
    assert ludoteca.load_game("advanced-civilization", players=2).options["trade_session"] == "open"
    with pytest.raises(BadOptions):
        ludoteca.load_game("advanced-civilization", players=2, options={"proposals_per_session": 0})
    with pytest.raises(BadOptions):
        ludoteca.load_game("advanced-civilization", players=2, options={"trade_session": "free"})


def test_bots_finish_an_open_session() -> None:
    """Heuristic choices in an open session: a seat with a calamity to pass on proposes, at most twice."""
    hands = [{"hand": ["Grain", "Grain", "Oil", "Treachery"]}, HANDS3[1], HANDS3[2]]
    state = position(seats=3, players=hands, phases=["trade"], options=OPEN)
    steps = 0
    while state.to_act():
        seat = state.to_act()[-1]
        legal = state.legal_actions(seat)
        choice = state.heuristic_choice(seat, legal)
        state.apply(seat, choice if choice is not None else legal[0])
        steps += 1
        assert steps < 200
    assert max(state.data["proposals"]) <= 2 and state.data["proposals"][0] >= 1


def test_the_open_session_shows_a_seat_nothing_of_the_others_hands() -> None:
    """Who is asked, what a seat may do and what it sees in an open session follow from public counts only
    (AC-R34): redrawing the hidden hands changes none of it, however the session goes on."""
    hands = [
        {"hand": ["Grain", "Grain", "Oil"]},
        {"hand": ["Famine", "Flood", "Volcanic Eruption / Earthquake"]},
        {"hand": ["Salt", "Salt", "Salt", "Treachery"]},
    ]
    state = position(seats=3, players=hands, phases=["trade"], options=OPEN)
    assert state.to_act() == [0, 1, 2]
    assert texts(state, 1) == ["done trading"]  # three calamities: no offer to make, but asked like anyone
    for k in range(20):
        conformance.check_resample_hides(state, 0, random.Random(k))
        conformance.check_lockstep(state, 0, random.Random(k), horizon=6)
    twin = state.clone()
    twin.data["players"][1]["hand"] = ["Salt", "Timber", "Oil"]
    # Seat 1's own options depend on its hand (it sees it); the others' do not.
    assert texts(state, 0) == texts(twin, 0) and texts(state, 2) == texts(twin, 2)
