"""The Additional Calamities variant (``calamities="additional"``; ``../shared/rules/002_5fea7399fe0c5095.txt``):
one test per bullet of the seed and per ruling (AC-R28..AC-R33), on small maps with scripted draws."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

import ludoteca
from ludoteca.core import BadOptions, conformance
from ludoteca.core.debug import checking
from ludoteca.games.advanced_civilization import content, surplus
from ludoteca.games.advanced_civilization.additional_calamities import corruption_limit
from ludoteca.games.advanced_civilization.calamities import unit_points
from ludoteca.games.advanced_civilization.state import CivState
from tests.games.advanced_civilization.helpers import land, position, texts, tiny_map
from tests.games.advanced_civilization.test_calamities import first, strike

ADDITIONAL = {"calamities": "additional"}
VARIANT = ("Drought", "Corruption", "Oppressive Ruler", "Regression")


def at(seats: int = 2, **scenario: Any) -> CivState:
    """A finished variant position on which ``strike`` resolves one calamity."""
    return position(seats=seats, options=ADDITIONAL, phases=["census"], **scenario)


def played(seats: int = 2, phases: tuple[str, ...] = ("calamities",), **scenario: Any) -> CivState:
    """A variant position that plays the given phases from the start (phase 11 by default)."""
    return position(seats=seats, options=ADDITIONAL, phases=list(phases), **scenario)


def struck(state: CivState) -> list[str]:
    return [e["calamity"] for e in state.log if e["type"] == "calamity" and "strikes" in e["text"]]


def cities(state: CivState) -> dict[str, int]:
    return {area: city["owner"] for area, city in state.data["cities"].items()}


# ------------------------------------------------------------------ the cards, and §29 around them (AC-R28)
def test_the_four_cards_are_data_with_chosen_stacks_and_tradability() -> None:
    spec = content.cards("additional")
    assert len(spec.calamities) == 16 and len(content.cards().calamities) == 12
    chosen = {name: (spec.calamities[name].stack, spec.calamities[name].tradable) for name in VARIANT}
    assert chosen == {
        "Drought": (3, False),
        "Corruption": (4, True),
        "Oppressive Ruler": (5, True),
        "Regression": (4, True),
    }
    # A user who rules otherwise edits the table: the loader takes whatever stack and tradability it says.
    raw = content._read("cards.toml")
    moved = content.load_cards(raw, {"Drought": {"stack": 9, "tradable": True}})
    assert moved.calamities["Drought"].order == (9, 1)


def test_the_variant_deals_its_cards_into_the_stacks_the_standard_game_does_not() -> None:
    variant = ludoteca.load_game("advanced-civilization", players=4, options=ADDITIONAL).new_state(seed=5)
    stacks = variant.data["stacks"]
    assert sum(len(s) for s in stacks) == 130
    assert stacks[2][-2:] == ["Drought", "Famine"]  # non-tradable: the bottom of stack 3 (§15.2)
    assert "Corruption" in stacks[3][4:] and "Regression" in stacks[3][4:] and "Oppressive Ruler" in stacks[4][4:]
    standard = ludoteca.load_game("advanced-civilization", players=4).new_state(seed=5)
    assert not {c for pile in standard.data["stacks"] for c in pile} & set(VARIANT)
    with pytest.raises(BadOptions, match="unknown trade card 'Drought'"):
        position(players=[{"hand": ["Drought"]}, {}])


def test_the_variants_cards_obey_the_limit_of_two_and_the_stack_order_and_the_log_names_them() -> None:
    state = played(
        players=[{"hand": ["Regression", "Drought", "Oppressive Ruler"], "advances": ["Pottery"]}, {}],
        tokens={"B": [3, 0]},
    )
    first(state)
    done = struck(state)
    assert len(done) == 2 and done == sorted(done, key=["Drought", "Regression", "Oppressive Ruler"].index)
    assert any(f"{card} is returned" in e["text"] for e in state.log for card in set(VARIANT) - set(done))
    assert sum(f"{card} is over" in e["text"] for e in state.log for card in done) == 2


def test_one_stack_resolves_non_tradable_first_then_by_name() -> None:
    # AC-R28: stack 4 holds Civil War (non-tradable), then Corruption, Regression, Slave Revolt (tradable, by name).
    state = played(
        players=[
            {"hand": ["Slave Revolt", "Regression"], "advances": ["Pottery"]},
            {"hand": ["Corruption", "Civil War"]},
        ],
        tokens={"B": [3, 0]},
    )
    first(state)
    assert struck(state) == ["Civil War", "Corruption", "Regression", "Slave Revolt"]


# ------------------------------------------------------------------ Drought
DRY = tiny_map(
    {
        "Plain": land(3, flood_plain=True),
        "Field": land(3),
        "Hill": land(2),
        "Steppe": land(1),
        "Town": land(2, "black"),
        "Far": land(4),
        "Big": land(5),
    },
    "Plain-Field Field-Hill Hill-Steppe Steppe-Town Town-Far Far-Big",
)


def test_drought_strikes_every_area_of_the_victims_units_except_flood_plains() -> None:
    # Seed, Drought bullet 1.
    state = strike(at(board=DRY, tokens={"Plain": [3, 0], "Field": [3, 0], "Big": [0, 5]}), "Drought", 0)
    assert state.data["tokens"] == {"Plain": [3, 0], "Field": [2, 0], "Big": [0, 5]}


def test_drought_limit_is_one_less_than_printed_never_below_zero() -> None:
    # Seed, Drought bullet 2.
    state = strike(at(board=DRY, tokens={"Hill": [2, 0], "Steppe": [1, 0], "Big": [4, 0]}), "Drought", 0)
    assert state.data["tokens"] == {"Hill": [1, 0], "Big": [4, 0]}  # Steppe (1) drops to 0


def test_drought_uses_the_printed_number_so_agriculture_does_not_help() -> None:
    # Seed, Drought bullet 3: in phase 8 the Agriculture holder keeps 3 in Hill; under Drought only 1.
    state = at(board=DRY, tokens={"Hill": [2, 0]}, players=[{"advances": ["Agriculture"]}, {}])
    assert surplus.area_limit(state, "Hill", 0) == 3
    strike(state, "Drought", 0)
    assert state.data["tokens"] == {"Hill": [1, 0]}


def test_drought_eliminates_the_units_over_the_limit() -> None:
    # Seed, Drought bullet 4.
    state = strike(at(board=DRY, tokens={"Field": [3, 0], "Far": [2, 0]}), "Drought", 0)
    assert state.data["tokens"] == {"Field": [2, 0], "Far": [2, 0]}
    assert any(e["text"] == "Drought: Africa (seat 0) loses 1 token in Field (limit 2)." for e in state.log)


def test_drought_with_two_players_takes_from_the_largest_then_the_second_ties_lose_both() -> None:
    # Seed, Drought bullet 5: Far's limit 3. 4 and 2: largest, second, largest -> 2 and 1.
    state = strike(at(board=DRY, tokens={"Far": [4, 2]}), "Drought", 0)
    assert state.data["tokens"] == {"Far": [2, 1]}
    # A tie loses a unit each, even below the limit: 2 and 2 -> 1 and 1.
    tie = strike(at(board=DRY, tokens={"Far": [2, 2]}), "Drought", 0)
    assert tie.data["tokens"] == {"Far": [1, 1]}
    # The other player's area without the victim is spared.
    spared = strike(at(board=DRY, tokens={"Far": [0, 4], "Big": [1, 0]}), "Drought", 0)
    assert spared.data["tokens"] == {"Far": [0, 4], "Big": [1, 0]}


def test_drought_with_three_players_goes_on_down_the_holdings_ties_together() -> None:
    # AC-R30: Field's limit 2; 2, 1, 1: the largest loses one, then the tied second-largest one each.
    state = strike(at(3, board=DRY, tokens={"Field": [2, 1, 1]}), "Drought", 0)
    assert state.data["tokens"] == {"Field": [1, 0, 0]}
    again = strike(at(3, board=DRY, tokens={"Big": [3, 2, 1]}), "Drought", 0)
    assert again.data["tokens"] == {"Big": [2, 1, 1]}


def test_drought_spares_barbarians_and_the_trader() -> None:
    # AC-R30: barbarians neither count nor die (§29.65); the trader loses nothing (§29.61).
    state = strike(at(board=DRY, tokens={"Far": [3, 0]}, barbarians={"Far": 2}), "Drought", 0)
    assert state.data["tokens"] == {"Far": [3, 0]} and state.data["barbarians"] == {"Far": 2}
    traded = strike(at(board=DRY, tokens={"Far": [2, 2]}), "Drought", 0, trader=1)
    assert traded.data["tokens"] == {"Far": [1, 2]}


def test_drought_is_followed_by_the_city_support_recheck() -> None:
    # AC-R29: the city itself is not touched, but its support is checked again at the end of phase 11 (§29.8).
    state = played(board=DRY, cities={"Town": 0}, tokens={"Hill": [2, 0]}, players=[{"hand": ["Drought"]}, {}])
    assert cities(state) == {} and state.data["tokens"] == {"Hill": [1, 0], "Town": [2, 0]}


# ------------------------------------------------------------------ Corruption
CHEAP = ["Ochre"] * 5 + ["Hides"] * 5


def test_corruption_keeps_six_cards_instead_of_eight_and_the_victim_chooses() -> None:
    # Seed, Corruption bullets 2 and the choice of §31.71.
    state = played(
        phases=("calamities", "advances"),
        tokens={"B": [3, 0]},
        players=[{"hand": ["Corruption", *CHEAP]}, {"hand": list(CHEAP)}],
    )
    state.apply(0, "buy no advance")
    assert texts(state) == ["return a Hides card", "return an Ochre card"]
    for _ in range(4):
        state.apply(0, "return a Hides card")
    assert state.to_act() == [1] and texts(state)[-1] == "buy no advance"
    state.apply(1, "buy no advance")
    state.apply(1, "return a Hides card")
    state.apply(1, "return a Hides card")
    assert state.is_over()
    assert [len(p["hand"]) for p in state.data["players"]] == [6, 8]  # only the victim is corrupt
    assert state.data["corrupted"] == []  # and only this turn


def test_corruption_applies_after_the_purchase_with_the_advances_then_held() -> None:
    # Seed, Corruption bullet 1: the cards paid out do not count, and Law bought this turn already helps (AC-R31).
    rich = ["Gold"] * 5 + ["Ivory"] * 3 + ["Ochre"] * 6
    state = played(phases=("calamities", "advances"), tokens={"B": [3, 0]}, players=[{"hand": ["Corruption", *rich]}])
    state.apply(0, "buy Law for 170")
    state.apply(0, "pay for Law")
    state.apply(0, "hand in 5 Gold (225)")
    assert "Law" in state.data["players"][0]["advances"]
    state.apply(0, "return an Ochre card")  # 9 cards: with Law the limit is 8
    assert state.is_over() and len(state.data["players"][0]["hand"]) == 8


@pytest.mark.parametrize("held", [c for n in range(5) for c in itertools.combinations(
    ("Coinage", "Law", "Democracy", "Philosophy"), n)])  # fmt: skip
def test_corruption_limit_for_every_combination_of_coinage_law_democracy_philosophy(held: tuple[str, ...]) -> None:
    # Seed, Corruption bullets 3-7: -2 Coinage, +2 Law, +2 Democracy, +1 Philosophy, never above eight.
    expected = 6 - 2 * ("Coinage" in held) + 2 * ("Law" in held) + 2 * ("Democracy" in held) + ("Philosophy" in held)
    state = at(players=[{"advances": list(held)}, {}])
    assert corruption_limit(state, 0) == min(8, expected)


def test_corruption_with_coinage_keeps_four() -> None:
    # Seed, Corruption bullet 3 played out.
    state = played(
        phases=("calamities", "advances"),
        tokens={"B": [3, 0]},
        players=[{"hand": ["Corruption", *CHEAP], "advances": ["Coinage"]}],
    )
    state.apply(0, "buy no advance")
    while state.to_act() == [0]:
        state.apply(0, state.legal_actions(0)[0])
    assert len(state.data["players"][0]["hand"]) == 4


# ------------------------------------------------------------------ Oppressive Ruler
RULED = tiny_map(
    {
        "X": land(5),
        "Y": land(5),
        "Z": land(5),
        "W": land(5),
        "C1": land(2, "black"),
        "C2": land(2, "black"),
        "C3": land(2, "black"),
        "D1": land(2, "black"),
        "D2": land(2, "black"),
    },
    "X-Y Y-Z Z-W W-C1 C1-C2 C2-C3 C3-D1 D1-D2",
)


def test_oppressive_ruler_removes_the_others_units_where_the_victim_has_most() -> None:
    # Seed, Oppressive Ruler bullet 1: X is the victim's (3 to 2); Y (1 to 2) and Z (2 to 2) are not.
    state = at(board=RULED, cities={"C1": 0, "D1": 1, "D2": 1}, tokens={"X": [3, 2], "Y": [1, 2], "Z": [2, 2]})
    strike(state, "Oppressive Ruler", 0)
    assert [state.data["tokens"][a][1] for a in ("X", "Y", "Z")] == [0, 2, 2]


def test_oppressive_ruler_takes_at_most_twice_a_players_cities_of_his_choice() -> None:
    # Seed, Oppressive Ruler bullet 1, the cap: one city, at most two units; he picks them (AC-R32).
    # Seat 2 has no city, so loses nothing.
    state = at(3, board=RULED, cities={"C1": 0, "D1": 1}, tokens={"X": [3, 2, 1], "W": [4, 1, 0]})
    strike(state, "Oppressive Ruler", 0)
    assert state.to_act() == [1] and texts(state) == ["lose a token in W", "lose a token in X"]
    state.apply(1, "lose a token in X")
    state.apply(1, "lose a token in X")
    assert state.data["tokens"]["W"][1] == 1 and state.data["tokens"]["X"][1:] == [0, 1]


def test_oppressive_ruler_the_victim_then_loses_twice_his_cities() -> None:
    # Seed, Oppressive Ruler bullet 2: two cities, four units of his choice.
    state = at(board=RULED, cities={"C1": 0, "C2": 0}, tokens={"X": [3, 0], "Y": [3, 0]})
    strike(state, "Oppressive Ruler", 0)
    first(state)
    assert unit_points(state, 0) == 16 - 4 and len(cities(state)) == 2


def test_oppressive_ruler_counts_cities_when_first_applied_and_a_city_pays_five() -> None:
    # Seed, Oppressive Ruler bullet 3 and AC-R32: three cities, so six points; a reduced city pays five (its
    # tokens do not count) and the obligation stays six although two cities are left: the token goes too.
    state = at(board=RULED, cities={"C1": 0, "C2": 0, "C3": 0}, tokens={"X": [1, 0]})
    strike(state, "Oppressive Ruler", 0)
    first(state)
    assert len(cities(state)) == 2 and "X" not in state.data["tokens"]
    assert any("cities counted now: Africa (seat 0) 3" in e["text"] for e in state.log)


def test_oppressive_ruler_spares_the_trader() -> None:
    # §29.61 (AC-R32): the trader is never a secondary victim.
    state = at(3, board=RULED, cities={"D1": 1, "D2": 2}, tokens={"X": [3, 1, 1]})
    strike(state, "Oppressive Ruler", 0, trader=1)
    assert state.data["tokens"]["X"] == [3, 1, 0]


# ------------------------------------------------------------------ Regression
def test_regression_returns_a_random_advance_to_the_bank() -> None:
    # Seed, Regression bullet 1: the die picks among the advances in name order (2: Mysticism).
    state = position(options=ADDITIONAL, phases=["census"], dice=[2], players=[
        {"advances": ["Pottery", "Mysticism", "Astronomy"]}, {}])  # fmt: skip
    strike(state, "Regression", 0)
    assert state.data["players"][0]["advances"] == ["Astronomy", "Pottery"]
    assert any(e["text"] == "Regression: Africa (seat 0) returns Mysticism to the bank." for e in state.log)
    bare = strike(at(), "Regression", 0)
    assert any("holds no advance to lose" in e["text"] for e in bare.log)


def test_regression_the_lost_advance_may_be_bought_again_the_same_turn() -> None:
    # Seed, Regression bullet 2 (AC-R33): Mysticism lost in phase 11 is for sale in phase 12, and its credits
    # toward Deism (Religion 15) are gone this turn.
    state = position(
        options=ADDITIONAL,
        phases=["calamities", "advances"],
        dice=[1],
        tokens={"B": [3, 0]},
        players=[{"hand": ["Regression", *["Salt"] * 3, *["Grain"] * 3], "advances": ["Mysticism"], "treasury": 20}],
    )
    assert state.data["players"][0]["advances"] == []
    assert "buy Mysticism for 50" in texts(state) and "buy Deism for 80" in texts(state)
    state.apply(0, "buy Mysticism for 50")  # nothing else is affordable: paying is all that is left (AC-R34)
    state.apply(0, "pay for Mysticism")
    state.apply(0, "hand in 3 Grain (36)")
    first(state)
    assert state.data["players"][0]["advances"] == ["Mysticism"]


def test_regression_a_prerequisite_bought_back_counts_only_from_next_turn() -> None:
    # AC-R33: Law lost and bought again: Democracy and Philosophy must wait (§31.62); Democracy held stays.
    rich = ["Gold"] * 5 + ["Ivory"] * 4 + ["Gems"] * 5
    state = position(
        options=ADDITIONAL,
        phases=["calamities", "advances"],
        dice=[1],
        tokens={"B": [3, 0]},
        players=[{"hand": ["Regression", *rich], "advances": ["Law"]}],
    )
    assert "buy Law for 170" in texts(state)
    state.apply(0, "buy Law for 170")
    assert not any(t.startswith(("buy Democracy", "buy Philosophy")) for t in texts(state))
    kept = position(options=ADDITIONAL, phases=["census"], dice=[2], players=[{"advances": ["Law", "Democracy"]}, {}])
    strike(kept, "Regression", 0)
    assert kept.data["players"][0]["advances"] == ["Democracy"]


# ------------------------------------------------------------------ whole games
@pytest.mark.parametrize("players", [2, 4, 8])
@pytest.mark.parametrize("board", ["main", "main+western"])
def test_conformance_with_the_additional_calamities(players: int, board: str) -> None:
    options = {"map": board, "turn_limit": 4, **ADDITIONAL}
    report = conformance.check_game("advanced-civilization", players, options, seeds=range(2))
    assert report.games == 2 and report.actions > 0


def test_random_play_through_the_variants_calamities_keeps_every_invariant() -> None:
    # Each of the four is in a hand when trading starts; random play trades them, resolves them and buys advances.
    hands = [
        {"hand": ["Drought", "Grain", "Grain", "Oil"], "advances": ["Pottery", "Coinage"]},
        {"hand": ["Corruption", "Salt", "Salt", "Timber", *CHEAP]},
        {"hand": ["Oppressive Ruler", "Cloth", "Cloth", "Wine"], "advances": ["Law"]},
        {"hand": ["Regression", "Iron", "Iron", "Papyrus"], "advances": ["Mysticism"]},
    ]
    seen: set[str] = set()
    for seed in range(6):
        game = ludoteca.load_game("advanced-civilization", players=4, options={**ADDITIONAL, "turn_limit": 2})
        stacks = game.new_state(seed=seed).data["stacks"]  # the box: every card once, less those in the hands
        for card in (c for player in hands for c in player["hand"]):
            next(pile for pile in stacks if card in pile).remove(card)
        with checking():
            state = game.new_state(
                seed=seed,
                scenario={
                    "nations": ["Egypt", "Crete", "Babylon", "Thrace"],
                    "tokens": {"Thebes": [3, 0, 0, 0], "Knossos": [0, 2, 0, 0], "Media": [0, 0, 2, 0]},
                    "stacks": stacks,
                    "cities": {"Memphis": 0, "Phaestos": 1, "Parthia": 2, "Scythia": 3},
                    "players": hands,
                    "phases": ["trade", "calamities", "advances"],
                },
            )
            conformance.play_random(state, seed=seed, max_actions=5_000)
        assert isinstance(state, CivState)
        seen.update(struck(state))
    assert set(VARIANT) <= seen
