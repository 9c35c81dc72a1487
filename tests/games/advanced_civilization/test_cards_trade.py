"""Trade cards (§15, §27), trading (§28), civilization cards (§31), the A.S.T. (§33) and §35's score."""

from __future__ import annotations

import json

import pytest

import ludoteca
from ludoteca.games.advanced_civilization import advances, cards, content
from tests.games.advanced_civilization.helpers import chain, position, texts


def _apply_all(state: ludoteca.State, *choices: str) -> None:
    for text in choices:
        state.apply(state.to_act()[0], text)


# ------------------------------------------------------------------ §15, §27 the cards and their stacks
def test_a_set_is_worth_n_squared_times_value_up_to_the_cards_printed_and_mining_adds_one() -> None:
    assert cards.set_value("Grain", 3) == 36
    assert cards.set_value("Dye", 6) == 4 * 4 * 8  # only four Dye cards exist
    assert cards.set_value("Iron", 2, mining=True) == 18 and cards.set_value("Grain", 2, mining=True) == 16


def test_the_stacks_hold_every_card_with_commodities_on_top_and_non_tradable_calamities_at_the_bottom() -> None:
    state = ludoteca.load_game("advanced-civilization", players=4).new_state(seed=5)
    stacks = state.data["stacks"]
    assert sum(len(s) for s in stacks) == 126
    spec = content.cards()
    for number, pile in enumerate(stacks, 1):
        assert all(card in spec.commodities for card in pile[:4])
        assert all(spec.stack_of(card) == number for card in pile)
    assert stacks[1][-1] == "Volcanic Eruption / Earthquake" and "Treachery" in stacks[1][4:]
    assert state.view(0)["stacks"] == [len(s) for s in stacks]


def test_acquisition_draws_one_card_per_stack_up_to_the_cities_fewest_cities_first_and_sells_stack_9() -> None:
    stacks = [[f"{c}"] * 3 for c in ("Ochre", "Iron", "Salt", "Grain", "Cloth", "Bronze", "Spices", "Gems", "Gold")]
    state = position(
        cities={"A": 0, "D": 0, "F": 1},
        tokens={"B": [3, 0], "E": [2, 0], "G": [0, 2]},
        players=[{}, {"treasury": 40}],
        stacks=stacks,
        phases=["acquisition"],
    )
    # Seat 1 (one city) draws first, then may buy from stack 9 at 18 treasury tokens.
    assert texts(state) == ["buy a card from stack 9 for 18 treasury", "buy no card from stack 9"]
    _apply_all(state, "buy a card from stack 9 for 18 treasury", "buy a card from stack 9 for 18 treasury")
    assert state.data["players"][1]["hand"] == ["Ochre", "Gold", "Gold"]
    assert state.data["players"][1]["treasury"] == 4 and state.data["players"][0]["hand"] == ["Ochre", "Iron"]
    assert state.view(1)["players"][0]["hand"] == 2  # another seat sees only the size


# ------------------------------------------------------------------ §28 trade
HANDS = [
    {"hand": ["Grain", "Grain", "Oil", "Treachery", "Famine"]},
    {"hand": ["Ochre", "Hides", "Salt", "Salt"]},
]


def test_a_trade_is_three_cards_each_way_two_named_truly_and_the_rest_hidden_until_done() -> None:
    state = position(players=HANDS, phases=["trade"])
    assert texts(state) == ["propose a trade to Crete (seat 1)", "pass"]
    _apply_all(state, "propose a trade to Crete (seat 1)")
    # Two named cards first: commodities only (§28).
    assert texts(state) == ["name Grain in the offer", "name Oil in the offer"]
    _apply_all(state, "name Grain in the offer", "name Oil in the offer")
    # Then undeclared cards by their place in the hand; the non-tradable Famine is never offered.
    assert texts(state) == ["add hand card 2, undeclared", "add hand card 4, undeclared"]
    _apply_all(state, "add hand card 4, undeclared")
    assert texts(state)[-1] == "offer these 3 cards"
    _apply_all(state, "offer these 3 cards")
    seen = state.view(1)["trade"]
    assert seen["offer"] == {"count": 3, "named": ["Grain", "Oil"]}
    assert "Treachery" not in json.dumps(state.view(1)) and "Treachery" not in json.dumps(state.view(None))
    _apply_all(state, "answer with an offer", "name Salt in the offer", "name Salt in the offer")
    _apply_all(state, "add hand card 1, undeclared", "answer with these 3 cards")
    assert state.view(0)["trade"]["reply"] == {"count": 3, "named": ["Salt", "Salt"]}
    _apply_all(state, "accept the trade")
    assert sorted(state.data["players"][0]["hand"]) == ["Famine", "Grain", "Ochre", "Salt", "Salt"]
    assert sorted(state.data["players"][1]["hand"]) == ["Grain", "Hides", "Oil", "Treachery"]
    assert state.data["calamity_from"] == {"Treachery": 0}
    private = [e for e in state.log if e["type"] == "trade" and "seats" in e]
    assert private and private[0]["seats"] == [0, 1]


def test_a_refused_trade_changes_nothing_and_trading_ends_when_everyone_passes() -> None:
    state = position(players=HANDS, phases=["trade"])
    _apply_all(state, "propose a trade to Crete (seat 1)", "name Grain in the offer", "name Grain in the offer")
    _apply_all(state, "add hand card 3, undeclared", "offer these 3 cards", "refuse the trade")
    assert state.data["players"][0]["hand"] == HANDS[0]["hand"] and state.data["trade"] is None
    _apply_all(state, "pass")  # seat 1 cannot make an offer (four cards but only... it can) -> it passes
    _apply_all(state, "propose a trade to Crete (seat 1)")  # seat 0's second and last proposal
    _apply_all(state, "name Grain in the offer", "name Oil in the offer", "add hand card 2, undeclared")
    _apply_all(state, "offer these 3 cards", "answer with an offer", "name Ochre in the offer")
    _apply_all(state, "name Hides in the offer")
    # A Salt (hand card 3, the first of two) is the only kind of card left to add: the seat is still asked
    # (AC-R34), or the proposer would learn that its hand held nothing else.
    assert texts(state) == ["add hand card 3, undeclared"]
    _apply_all(state, "add hand card 3, undeclared")
    assert texts(state) == ["add hand card 4, undeclared", "answer with these 3 cards"]
    _apply_all(state, "answer with these 3 cards", "refuse the trade", "pass")
    # Seat 0 has made its two proposals (the cap), which everybody sees: its pass is automatic, and trading ends.
    assert state.is_over() and state.data["proposals"] == [2, 0]
    assert any(e["text"] == "Trading ends." for e in state.log)


def test_a_seat_without_three_tradable_cards_is_asked_but_can_only_pass_or_refuse() -> None:
    """AC-R34: Famine and Flood cannot be traded, so seat 0 cannot make an offer; but its three cards are all
    the others see, so it is asked like anyone (only "pass"), is offered trades, and refuses them."""
    state = position(players=[{"hand": ["Grain", "Famine", "Flood"]}, {"hand": ["Salt"] * 4}], phases=["trade"])
    assert state.to_act() == [0] and texts(state) == ["pass"]
    _apply_all(state, "pass")
    assert texts(state) == ["propose a trade to Africa (seat 0)", "pass"]
    _apply_all(state, "propose a trade to Africa (seat 0)", "name Salt in the offer", "name Salt in the offer")
    _apply_all(state, "add hand card 3, undeclared", "offer these 3 cards")
    assert state.to_act() == [0] and texts(state) == ["refuse the trade"]
    _apply_all(state, "refuse the trade")
    assert state.log[-1]["text"] == "Africa (seat 0) refuses the trade."
    assert state.data["players"][0]["hand"] == ["Grain", "Famine", "Flood"]


def test_trades_are_offered_by_the_partners_card_count_not_their_cards() -> None:
    """AC: §28 needs three cards each way: a proposal goes to every seat holding three or more (the count all
    see), whatever they are (AC-R34), and never to a seat with fewer."""
    hands = [
        {"hand": ["Grain", "Grain", "Oil"]},
        {"hand": ["Famine", "Flood", "Volcanic Eruption / Earthquake"]},  # nothing it could trade
        {"hand": ["Salt", "Salt"]},  # too few cards: everybody sees it
    ]
    state = position(seats=3, players=hands, phases=["trade"])
    assert state.to_act() == [0]
    assert texts(state) == ["propose a trade to Crete (seat 1)", "pass"]
    # The same count of different cards gives the same choices.
    other = position(seats=3, players=[hands[0], {"hand": ["Salt", "Salt", "Salt"]}, hands[2]], phases=["trade"])
    assert texts(other) == texts(state)
    _apply_all(state, "propose a trade to Crete (seat 1)", "name Grain in the offer", "name Grain in the offer")
    _apply_all(state, "add hand card 3, undeclared", "offer these 3 cards")
    assert state.to_act() == [1] and texts(state) == ["refuse the trade"]


# ------------------------------------------------------------------ §31 civilization cards
def test_credits_come_from_cards_held_before_the_phase_and_no_change_is_given() -> None:
    assert advances.price(["Pottery", "Astronomy"], "Engineering") == 140 - 10 - 20
    state = position(
        players=[{"advances": ["Mysticism"], "treasury": 10, "hand": ["Salt"] * 3 + ["Grain"] * 3}, {}],
        phases=["advances"],
    )
    # Deism costs 80 - 15 (Mysticism gives Religion 15 more); Democracy needs Law held before the phase.
    options = texts(state)
    assert "buy Deism for 65" in options and "buy Law for 170" not in options
    assert not any(t.startswith("buy Democracy") for t in options)
    _apply_all(state, "buy Deism for 65")
    # Enlightenment would get Deism's 15 only next turn (§31.53): 150 is beyond what is left, so paying is the only
    # way on; the seat is asked all the same (AC-R34).
    assert texts(state) == ["pay for Deism"]
    _apply_all(state, "pay for Deism")
    assert texts(state) == ["hand in 3 Grain (36)", "hand in 3 Salt (27)"]
    # After the Grain, the Salt is the only way on, then 2 from the treasury: the seat is still asked for each
    # (AC-R34: a payment made for it would tell the table that its hand held no other set).
    _apply_all(state, "hand in 3 Grain (36)")
    assert texts(state) == ["hand in 3 Salt (27)"]
    _apply_all(state, "hand in 3 Salt (27)")
    assert texts(state) == ["pay 2 from the treasury"]
    _apply_all(state, "pay 2 from the treasury")
    assert state.data["players"][0]["advances"] == ["Deism", "Mysticism"]
    assert state.data["players"][0]["treasury"] == 8 and state.is_over()


def test_a_purchase_is_paid_with_sets_and_treasury_and_change_is_lost() -> None:
    state = position(
        players=[{"treasury": 30, "hand": ["Salt", "Salt", "Salt", "Grain", "Grain"]}, {}], phases=["advances"]
    )
    _apply_all(state, "buy Pottery for 45")  # nothing else is affordable: paying is all that is left
    _apply_all(state, "pay for Pottery")
    assert texts(state) == ["hand in 2 Grain (16)", "hand in 3 Salt (27)"]
    _apply_all(state, "hand in 3 Salt (27)")
    assert texts(state) == ["hand in 2 Grain (16)", "pay 18 from the treasury"]
    _apply_all(state, "hand in 2 Grain (16)")  # 43 for 45: still 2 short, paid from the treasury
    _apply_all(state, "pay 2 from the treasury")
    player = state.data["players"][0]
    assert "Pottery" in player["advances"] and player["hand"] == [] and player["treasury"] == 28


def test_a_player_with_cards_is_asked_to_buy_even_if_they_pay_for_nothing_and_one_without_is_not() -> None:
    """AC-R34: whether a hand can pay is for its owner to know; whether an empty hand and the treasury can is
    everybody's. Seat 0 holds one Ochre (worth 1): asked, with only "buy no advance". Seat 1 holds nothing and
    5 treasury: passed over."""
    state = position(players=[{"hand": ["Ochre"]}, {"treasury": 5}], phases=["advances"])
    assert state.to_act() == [0] and texts(state) == ["buy no advance"]
    state.apply(0, "buy no advance")
    assert state.is_over()


def test_a_hand_of_one_kind_over_the_limit_is_asked_for_each_card_it_returns() -> None:
    """AC-R34, §31.71: ten Ochre, eight kept: "return an Ochre card" is the only answer, asked twice."""
    state = position(players=[{"hand": ["Ochre"] * 10}, {}], phases=["advances"])
    _apply_all(state, "buy no advance")
    for _ in range(2):
        assert state.to_act() == [0] and texts(state) == ["return an Ochre card"]
        _apply_all(state, "return an Ochre card")
    assert state.is_over() and state.data["players"][0]["hand"] == ["Ochre"] * 8


def test_prerequisites_must_be_held_before_the_phase() -> None:
    rich = ["Gold"] * 5 + ["Ivory"] * 3
    state = position(players=[{"hand": rich}, {}], phases=["advances"])
    _apply_all(state, "buy Law for 170")
    assert not any(t.startswith("buy Democracy") or t.startswith("buy Philosophy") for t in texts(state))
    later = position(players=[{"hand": rich, "advances": ["Law"]}, {}], phases=["advances"])
    assert "buy Democracy for 200" in texts(later)


def test_the_hand_is_trimmed_to_eight_commodity_cards_by_the_owner() -> None:
    hand = ["Ochre"] * 5 + ["Hides"] * 5
    state = position(players=[{"hand": hand}, {}], phases=["advances"])
    _apply_all(state, "buy no advance")
    assert texts(state) == ["return a Hides card", "return an Ochre card"]
    _apply_all(state, "return a Hides card", "return a Hides card")
    assert state.is_over() and sorted(state.data["players"][0]["hand"]) == ["Hides"] * 3 + ["Ochre"] * 5
    assert state.data["stacks"][0][-2:] == ["Hides", "Hides"]


# ------------------------------------------------------------------ §33 the A.S.T.
def _ast_after_turn(advances_held: list[str], cities: int, space: int) -> int:
    state = position(
        board=chain(12),
        cities={f"L{i}": 0 for i in range(1, cities + 1)},
        tokens={f"L{i}": [2, 0] for i in range(cities + 1, 2 * cities + 2)},
        players=[{"ast": space, "advances": advances_held}, {}],
    )
    while state.data["turn"] == 1 and not state.is_over():
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    return int(state.data["players"][0]["ast"])


def test_late_bronze_needs_three_cities_and_cards_of_three_groups() -> None:
    # Africa's Late Bronze Age starts at space 8.
    assert _ast_after_turn(["Pottery", "Astronomy"], 3, 7) == 7
    assert _ast_after_turn(["Pottery", "Astronomy", "Mysticism"], 2, 7) == 7
    assert _ast_after_turn(["Pottery", "Astronomy", "Mysticism"], 3, 7) == 8


def test_early_iron_needs_four_cities_nine_cards_and_all_five_groups() -> None:
    eight = ["Pottery", "Cloth Making", "Metalworking", "Agriculture", "Astronomy", "Coinage", "Medicine", "Music"]
    assert _ast_after_turn(eight, 4, 10) == 10  # Africa's Early Iron Age starts at 11
    assert _ast_after_turn([*eight, "Military"], 4, 10) == 10  # nine cards, but no Religion card
    assert _ast_after_turn([*eight[:-1], "Law", "Mysticism"], 4, 10) == 11


def test_late_iron_spaces_need_their_printed_card_value() -> None:
    eight = ["Pottery", "Cloth Making", "Metalworking", "Agriculture", "Astronomy", "Coinage", "Medicine", "Music"]
    cheap = [*eight, "Law", "Mysticism"]  # 890
    # Africa's values 1300 and 1600 are printed on its last two spaces, 15 and 16 (AC-R25).
    assert _ast_after_turn(cheap, 4, 13) == 13  # Late Iron Age needs five cities
    assert _ast_after_turn(cheap, 5, 13) == 14
    assert _ast_after_turn(cheap, 5, 14) == 14
    assert _ast_after_turn([*cheap, "Theology", "Enlightenment"], 5, 14) == 14  # 1290 < 1300
    assert _ast_after_turn([*cheap, "Theology", "Enlightenment", "Deism"], 5, 14) == 15  # 1370


# ------------------------------------------------------------------ §35
def test_score_counts_trade_cards_as_sets() -> None:
    state = position(players=[{"hand": ["Salt", "Salt", "Gold"], "treasury": 3}, {}], phases=["census"])
    assert state.result()["scores"] == [4 * 3 + 9 + 3, 0]


@pytest.mark.parametrize("players", [2, 4, 8])
def test_views_never_show_another_hand_or_hidden_offer_cards(players: int) -> None:
    from ludoteca.core import conformance

    state = ludoteca.load_game("advanced-civilization", players=players).new_state(seed=players)
    chooser = conformance.Rng(7)
    while not state.is_over():
        seat = state.to_act()[0]
        for viewer in range(players):
            view = state.view(viewer)
            for other, shown in enumerate(view["players"]):
                assert isinstance(shown["hand"], int) == (other != viewer)
            deal = view["trade"]
            if deal is not None:
                for side, owner in (("offer", deal["from"]), ("reply", deal["to"])):
                    assert isinstance(deal[side], list) == (owner == viewer)
        state.apply(seat, chooser.pick(state.legal_actions(seat)))
