"""Calamities (§29-§30): the framework and each of the twelve cards, with and without their advances."""

from __future__ import annotations

from ludoteca.games.advanced_civilization import barbarians
from ludoteca.games.advanced_civilization.calamities import unit_points
from ludoteca.games.advanced_civilization.machine import RULES
from ludoteca.games.advanced_civilization.state import CivState
from tests.games.advanced_civilization.helpers import chain, land, position, texts, tiny_map


def strike(state: CivState, name: str, victim: int, trader: int | None = None) -> CivState:
    """Resolve one calamity on a finished scenario position (the test plays the choices)."""
    state.data["over"] = False
    RULES.push(state, "calamity", name=name, victim=victim, trader=trader)
    RULES.advance(state)
    return state


def first(state: CivState) -> None:
    """Play every waiting decision with its first option."""
    while state.to_act():
        seat = state.to_act()[0]
        state.apply(seat, state.legal_actions(seat)[0])


def at(seats: int = 2, **scenario: object) -> CivState:
    return position(seats=seats, phases=["census"], **scenario)


def cities(state: CivState) -> dict[str, int]:
    return {area: city["owner"] for area, city in state.data["cities"].items()}


# ------------------------------------------------------------------ §29 framework
def test_a_player_suffers_at_most_two_calamities_in_stack_order_the_rest_go_back() -> None:
    state = position(
        players=[{"hand": ["Piracy", "Slave Revolt", "Famine", "Grain"]}, {}],
        tokens={"B": [3, 0], "E": [5, 0]},
        phases=["calamities"],
    )
    first(state)
    struck = [e["calamity"] for e in state.log if e["type"] == "calamity" and "strikes" in e["text"]]
    assert len(struck) == 2 and struck == sorted(struck, key=["Famine", "Slave Revolt", "Piracy"].index)
    returned = {"Piracy", "Slave Revolt", "Famine"} - set(struck)
    assert any(f"{card} is returned" in e["text"] for e in state.log for card in returned)
    assert state.data["players"][0]["hand"] == ["Grain"]


def test_losses_are_met_exactly_or_with_the_least_overshoot() -> None:
    state = strike(at(cities={"A": 0}, tokens={"B": [3, 0]}), "Epidemic", 0)
    # 16 points from 3 tokens (one must stay in B) and a city: the city (5) and both free tokens... all 7.
    assert texts(state)[0].startswith("lose a token in B") or "reduce your city in A" in texts(state)
    first(state)
    assert unit_points(state, 0) == 0 + pieces_left(state)


def pieces_left(state: CivState) -> int:
    return sum(row[0] for row in state.data["tokens"].values())


def test_a_four_point_loss_from_three_tokens_and_a_city_takes_the_city() -> None:
    state = strike(at(cities={"A": 0}, tokens={"B": [3, 0]}, players=[{}, {"advances": []}]), "Famine", 0)
    # Famine: 10 points from 3 tokens + one city: the city and all three tokens (least overshoot: 8 < 10).
    first(state)
    assert "A" not in state.data["cities"] and state.data["tokens"].get("B", [0])[0] == 0


def test_the_trader_is_never_a_secondary_victim() -> None:
    state = strike(at(3, tokens={"B": [3, 2, 2], "E": [5, 3, 3]}), "Epidemic", 0, trader=1)
    first(state)
    directed = [e["text"] for e in state.log if "directs" in e["text"]]
    assert directed and all("seat 1" not in text for text in directed)


# ------------------------------------------------------------------ the twelve calamities
VOLCANO = tiny_map(
    {"V1": land(3, "black", volcano=True), "V2": land(3, volcano=True), "X": land(3, "black"), "Y": land(2, "black")},
    "V1-V2 V2-X X-Y",
)


def test_a_volcano_next_to_the_victims_city_destroys_everything_in_its_areas() -> None:
    state = strike(
        at(board=VOLCANO, cities={"V1": 0, "X": 1}, tokens={"V2": [1, 2], "Y": [2, 0]}),
        "Volcanic Eruption / Earthquake",
        0,
    )
    assert cities(state) == {"X": 1} and "V2" not in state.data["tokens"]


def test_an_earthquake_destroys_a_city_and_reduces_a_neighbours_unless_engineering() -> None:
    board = chain(3)
    state = strike(at(board=board, cities={"L1": 0, "L2": 1}), "Volcanic Eruption / Earthquake", 0)
    first(state)
    assert cities(state) == {} and state.data["tokens"]["L2"] == [0, 2]
    engineer = strike(
        at(
            board=board,
            cities={"L1": 0, "L2": 1},
            players=[{"advances": ["Engineering"]}, {"advances": ["Engineering"]}],
        ),
        "Volcanic Eruption / Earthquake",
        0,
    )
    first(engineer)
    assert cities(engineer) == {"L2": 1} and engineer.data["tokens"]["L1"] == [2, 0]


def test_treachery_traded_gives_the_city_to_the_trader_untraded_reduces_one() -> None:
    traded = strike(at(cities={"A": 0, "D": 0}), "Treachery", 0, trader=1)
    assert texts(traded) == ["treachery the city of Africa (seat 0) in A", "treachery the city of Africa (seat 0) in D"]
    first(traded)
    assert cities(traded) == {"A": 1, "D": 0}
    plain = strike(at(cities={"A": 0}), "Treachery", 0)
    assert cities(plain) == {} and plain.data["tokens"]["A"] == [2, 0]


def test_famine_costs_ten_and_twenty_directed_at_most_eight_each_pottery_and_grain_save_four_each() -> None:
    state = strike(at(3, tokens={"E": [5, 5, 5], "B": [3, 3, 3], "G": [3, 3, 3]}), "Famine", 0)
    first(state)
    assert [unit_points(state, s) for s in range(3)] == [1, 3, 3]  # 11-10; 8 each; the last 4 go nowhere
    potter = strike(
        at(3, tokens={"E": [5, 5, 5], "B": [3, 3, 3]}, players=[{"advances": ["Pottery"], "hand": ["Grain", "Grain"]}]),
        "Famine",
        0,
    )
    first(potter)
    assert unit_points(potter, 0) == 6 and potter.data["locked"][0] == 2


def test_superstition_reduces_three_cities_or_fewer_with_the_best_religion_card() -> None:
    board = chain(5)
    many = {f"L{i}": 0 for i in range(1, 6)}
    state = strike(at(board=board, cities=many), "Superstition", 0)
    first(state)
    assert len(cities(state)) == 2
    deist = strike(at(board=board, cities=many, players=[{"advances": ["Deism", "Mysticism"]}, {}]), "Superstition", 0)
    first(deist)
    assert len(cities(deist)) == 4
    enlightened = strike(at(board=board, cities=many, players=[{"advances": ["Enlightenment"]}, {}]), "Superstition", 0)
    assert len(cities(enlightened)) == 5


def test_civil_war_the_victim_keeps_fifteen_and_twenty_chosen_by_the_beneficiary() -> None:
    big = {
        "E": [5, 0, 0],
        "B": [3, 0, 0],
        "G": [3, 0, 0],
        "A": [2, 0, 0],
        "C": [1, 0, 0],
        "D": [2, 0, 0],
        "F": [2, 0, 0],
    }
    board = tiny_map({f"R{i}": land(5) for i in range(10)}, " ".join(f"R{i}-R{i + 1}" for i in range(9)))
    tokens = {f"R{i}": [5, 0, 0] for i in range(10)}  # 50 points
    del big
    state = strike(at(3, board=board, tokens=tokens, players=[{"stock": 5}, {"stock": 40}, {}]), "Civil War", 0)
    first(state)
    # 15 + 20 = 35 stay; 15 go to the beneficiary (seat 2: the most unit points in stock).
    assert unit_points(state, 0) == 35 and unit_points(state, 2) == 15
    democrat = strike(
        at(3, board=board, tokens=tokens, players=[{"stock": 5, "advances": ["Democracy", "Law"]}, {"stock": 40}]),
        "Civil War",
        0,
    )
    first(democrat)
    assert unit_points(democrat, 0) == 45
    military = strike(
        at(3, board=board, tokens=tokens, players=[{"stock": 5, "advances": ["Military"]}]), "Civil War", 0
    )
    first(military)
    assert unit_points(military, 0) == 25
    philosopher = strike(
        at(3, board=board, tokens=tokens, players=[{"stock": 5, "advances": ["Philosophy", "Law"]}]), "Civil War", 0
    )
    while philosopher.data["stack"][-1]["step"] == "faction":  # the beneficiary marks 15 points
        seat = philosopher.to_act()[0]
        philosopher.apply(seat, philosopher.legal_actions(seat)[0])
    # §30.415: the victim continues with the other faction (35 points); seat 1 (ties go by A.S.T.) annexes 15.
    assert texts(philosopher) == [
        "continue with the first faction: 15 unit points",
        "continue with the other faction: 35 unit points",
    ]
    philosopher.apply(0, texts(philosopher)[1])
    assert unit_points(philosopher, 0) == 35 and unit_points(philosopher, 1) == 15
    rich = strike(at(3, board=board, tokens={"R1": [5, 0, 0]}), "Civil War", 0)
    assert unit_points(rich, 0) == 5  # the victim has the most in stock: no civil war


def test_slave_revolt_fifteen_tokens_cannot_support_cities() -> None:
    board = chain(12)
    state = position(
        board=board,
        cities={"L1": 0, "L2": 0},
        tokens={f"L{i}": [2, 0] for i in range(3, 12)},  # 18 tokens support 2 cities; 18 - 15 = 3 do not
        players=[{"hand": ["Slave Revolt"]}, {}],
        phases=["calamities"],
    )
    first(state)
    assert len(cities(state)) == 1
    eased = position(
        board=board,
        cities={"L1": 0, "L2": 0},
        tokens={f"L{i}": [2, 0] for i in range(3, 12)},
        players=[{"hand": ["Slave Revolt"], "advances": ["Enlightenment"]}, {}],
        phases=["calamities"],
    )
    assert len(cities(eased)) == 2 and eased.data["support_penalty"] == [0, 0]


FLOOD = tiny_map(
    {
        "N1": land(4, "white"),
        "N2": land(4, flood_plain=True),
        "N3": land(4, "black", flood_plain=True),
        "Hill": land(3),
    },
    "N1-N2 N2-N3 N3-Hill",
)


def test_flood_costs_seventeen_on_the_plain_and_ten_directed_engineering_caps_at_seven_black_sites_stand() -> None:
    state = strike(at(board=FLOOD, cities={"N1": 0, "N3": 0}, tokens={"N2": [4, 4], "Hill": [3, 0]}), "Flood", 0)
    first(state)
    assert cities(state) == {"N3": 0}  # the white-site city is lost, the black-site one is safe
    assert state.data["tokens"].get("Hill") == [3, 0] and unit_points(state, 1) == 0
    engineer = strike(
        at(board=FLOOD, tokens={"N2": [4, 4], "N1": [4, 0]}, players=[{"advances": ["Engineering"]}, {}]), "Flood", 0
    )
    first(engineer)
    assert unit_points(engineer, 0) == 1


def test_flood_without_units_on_a_plain_takes_a_coastal_city() -> None:
    state = strike(at(cities={"A": 0, "D": 0}), "Flood", 0)
    first(state)
    assert cities(state) == {"D": 0}


def test_barbarian_hordes_land_in_a_start_area_fight_and_stay_crete_is_immune() -> None:
    board = tiny_map({"Sahara": land(3), "Cirta": land(2, "black"), "Tunisia": land(2)}, "Sahara-Cirta Cirta-Tunisia")
    state = strike(at(board=board, cities={"Cirta": 0}, tokens={"Sahara": [3, 0]}), "Barbarian Hordes", 0)
    assert "Cirta" not in state.data["cities"] and sum(state.data["barbarians"].values()) > 0
    assert any("barbarians land in" in e["text"] for e in state.log)
    crete = strike(at(nations=["Crete", "Egypt"], tokens={"A": [3, 0]}), "Barbarian Hordes", 0)
    assert crete.data["barbarians"] == {}


def test_one_barbarian_marches_on_in_the_singular() -> None:
    """AC-R24: the surplus over an area's limit marches on; a surplus of one read "1 barbarians march"."""
    board = tiny_map({"Sahara": land(3), "Cirta": land(2), "Tunisia": land(2)}, "Sahara-Cirta Cirta-Tunisia")
    state = at(board=board, tokens={"Tunisia": [1, 0]})
    barbarians.hordes(state, 0, 3, "Barbarian Hordes")  # into Cirta (limit 2), beside the victim's token
    assert [e["text"] for e in state.log if e["type"] == "barbarians"][:2] == [
        "Barbarian Hordes: 3 barbarians land in Cirta.",
        "1 barbarian marches from Cirta to Tunisia.",
    ]


def test_epidemic_sixteen_less_eight_with_medicine_and_one_token_stays_in_each_area() -> None:
    state = strike(
        at(tokens={"E": [5, 0], "B": [3, 0], "G": [3, 0], "A": [2, 0]}, players=[{"advances": ["Medicine"]}, {}]),
        "Epidemic",
        0,
    )
    first(state)
    assert unit_points(state, 0) == 13 - 8
    bare = strike(at(tokens={"E": [5, 0], "B": [3, 0]}), "Epidemic", 0)
    first(bare)
    assert bare.data["tokens"] == {"E": [1, 0], "B": [1, 0]}


def test_civil_disorder_reduces_all_but_three_cities_law_keeps_one_more_military_one_fewer() -> None:
    board = chain(6)
    six = {f"L{i}": 0 for i in range(1, 7)}
    for held, kept in (([], 3), (["Law"], 4), (["Military"], 2), (["Law", "Military"], 3)):
        state = strike(at(board=board, cities=six, players=[{"advances": held}, {}]), "Civil Disorder", 0)
        first(state)
        assert len(cities(state)) == kept, held


def test_iconoclasm_reduces_four_and_two_of_others_theology_immune_philosophy_loses_one() -> None:
    board = chain(12)
    mine = {f"L{i}": 0 for i in range(1, 7)}
    theirs = {"L8": 1, "L9": 1, "L10": 2, "L11": 2, "L12": 2}
    state = strike(
        at(3, board=board, cities={**mine, **theirs}, players=[{}, {"advances": ["Philosophy", "Law"]}, {}]),
        "Iconoclasm and Heresy",
        0,
    )
    while state.data["stack"][-1]["owners"] == [0]:
        first_option = state.legal_actions(0)[0]
        state.apply(0, first_option)
    assert sum(o == 0 for o in cities(state).values()) == 2  # four of six reduced
    state.apply(0, "reduce the city of Crete (seat 1) in L8")
    assert not any("seat 1" in text for text in texts(state))  # Philosophy: at most one
    first(state)
    assert sum(o == 2 for o in cities(state).values()) == 2
    theologian = strike(
        at(
            3,
            board=board,
            cities={**mine, **theirs},
            players=[{"advances": ["Theology", "Enlightenment"]}, {"advances": ["Theology", "Enlightenment"]}],
        ),
        "Iconoclasm and Heresy",
        0,
    )
    first(theologian)
    left = cities(theologian)
    assert sum(o == 0 for o in left.values()) == 5 and sum(o == 1 for o in left.values()) == 2
    assert sum(o == 2 for o in left.values()) == 1


def test_piracy_turns_coastal_cities_pirate_the_trader_chooses_and_two_others_lose_one() -> None:
    state = strike(at(3, cities={"A": 0, "B": 0, "C": 0, "D": 0, "F": 1, "G": 2}), "Piracy", 0, trader=1)
    assert state.to_act() == [1]  # the trader picks the victim's cities
    first(state)
    assert sorted(state.data["pirates"]) == ["A", "B", "G"] and cities(state) == {"C": 0, "D": 0, "F": 1}


def test_monotheism_converts_a_neighbouring_area_but_not_theology() -> None:
    state = position(
        tokens={"B": [2, 0], "C": [0, 1], "A": [0, 2]},
        players=[{"advances": ["Monotheism", "Enlightenment"]}, {}],
        phases=["calamities"],
    )
    assert texts(state) == [
        "convert the units of Crete (seat 1) in A",
        "convert the units of Crete (seat 1) in C",
        "convert no area",
    ]
    state.apply(0, "convert the units of Crete (seat 1) in A")
    assert state.data["tokens"]["A"] == [2, 0]
    safe = position(
        tokens={"B": [2, 0], "C": [0, 1]},
        players=[{"advances": ["Monotheism", "Enlightenment"]}, {"advances": ["Theology", "Enlightenment"]}],
        phases=["calamities"],
    )
    assert safe.is_over()
