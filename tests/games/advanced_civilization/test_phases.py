"""Phases 1-4 (§19-§22) on the STRIP map of helpers.py: taxes and revolts, expansion, census, ships."""

from __future__ import annotations

from tests.games.advanced_civilization.helpers import chain, position, texts, tokens


# ------------------------------------------------------------------ §19 taxation
def test_taxes_are_two_per_city() -> None:
    state = position(cities={"A": 0, "D": 0}, tokens={"B": [4, 0]}, phases=["taxation"])
    assert state.data["players"][0]["treasury"] == 4 and state.data["players"][0]["stock"] == 47


def test_coinage_lets_the_holder_choose_one_to_three_per_city() -> None:
    state = position(cities={"A": 0, "D": 0}, players=[{"advances": ["Coinage"]}, {}], phases=["taxation"])
    assert texts(state) == ["tax 1 per city", "tax 2 per city", "tax 3 per city"]
    state.apply(0, "tax 3 per city")
    assert state.data["players"][0]["treasury"] == 6


def test_unpaid_cities_revolt_to_the_player_with_most_stock_who_chooses() -> None:
    # Seat 0 has 3 tokens in stock for 3 cities: it pays for one, two revolt. Seat 1 (55 in stock) takes them.
    state = position(cities={"A": 0, "D": 0, "F": 0}, players=[{"stock": 3}, {}], phases=["taxation"])
    assert state.data["players"][0]["treasury"] == 2
    assert state.to_act() == [1]
    assert texts(state) == ["take over the city in A", "take over the city in D", "take over the city in F"]
    state.apply(1, "take over the city in D")
    state.apply(1, "take over the city in F")
    assert {a: c["owner"] for a, c in state.data["cities"].items()} == {"A": 0, "D": 1, "F": 1}


def test_revolting_cities_the_beneficiary_cannot_take_are_eliminated_by_the_victims_choice() -> None:
    # Seat 0 cannot pay for 2 of its 3 cities; seat 1 (8 cities) has one spare city piece: it takes one,
    # and seat 0 chooses which other revolting city is eliminated (AC-R7).
    cities = {f"L{i}": 0 if i <= 3 else 1 for i in range(1, 12)}
    state = position(board=chain(11), cities=cities, players=[{"stock": 3}, {}], phases=["taxation"])
    assert state.to_act() == [1]
    state.apply(1, "take over the city in L2")
    assert state.to_act() == [0]
    assert texts(state) == ["lose the city in L1", "lose the city in L3"]
    state.apply(0, "lose the city in L3")
    assert {a: c["owner"] for a, c in state.data["cities"].items() if a in ("L1", "L2", "L3")} == {"L1": 0, "L2": 1}


def test_democracy_cities_never_revolt() -> None:
    state = position(
        cities={"A": 0, "D": 0, "F": 0},
        players=[{"stock": 3, "advances": ["Democracy", "Law"]}, {}],
        phases=["taxation"],
    )
    assert state.is_over() and len(state.data["cities"]) == 3 and state.data["players"][0]["treasury"] == 2


# ------------------------------------------------------------------ §20 population expansion
def test_expansion_adds_one_to_a_single_token_and_two_to_more_even_over_the_limit() -> None:
    state = position(tokens={"C": [1, 0], "B": [3, 2], "A": [2, 0]}, cities={"A": 1}, phases=["expansion"])
    # C: 1 -> 2 (over its limit of 1); B: 3 -> 5 and 2 -> 4; A holds a city: no growth there.
    assert tokens(state) == {"A": [2, 0], "B": [5, 4], "C": [2, 0]}


def test_short_stock_is_placed_where_the_owner_chooses() -> None:
    state = position(tokens={"B": [3, 0], "D": [1, 0]}, players=[{"stock": 2}, {}], phases=["expansion"])
    assert texts(state) == ["grow in B", "grow in D"]
    state.apply(0, "grow in D")
    # One token left and only B still due: placed there automatically.
    assert tokens(state) == {"B": [4, 0], "D": [2, 0]} and state.data["players"][0]["stock"] == 0


# ------------------------------------------------------------------ §21 census
def test_census_orders_by_tokens_with_ties_in_ast_order_and_military_moves_last() -> None:
    state = position(
        seats=3,
        nations=["Egypt", "Africa", "Crete"],
        tokens={"A": [2, 0, 0], "B": [0, 2, 0], "E": [0, 0, 5]},
        phases=["census"],
    )
    assert state.data["census"] == [2, 1, 0]  # Crete 5; Africa and Egypt tie at 2, Africa first on the A.S.T.
    from ludoteca.games.advanced_civilization.census import acting_order

    state.data["players"][2]["advances"] = ["Military"]
    assert acting_order(state) == [1, 0, 2]


# ------------------------------------------------------------------ §22 ships
def test_ships_are_built_for_two_tokens_from_treasury_or_the_area_on_the_coast_only() -> None:
    state = position(tokens={"B": [2, 0], "D": [4, 0]}, players=[{"treasury": 1}, {}], phases=["ships"])
    assert texts(state) == [
        "build a ship in B (0 treasury, 2 from the area)",
        "build a ship in B (1 treasury, 1 from the area)",
        "build no more ships",
    ]  # D is inland; two treasury tokens are not there to pay
    state.apply(0, "build a ship in B (1 treasury, 1 from the area)")
    assert state.data["ships"] == {"B": [1, 0]} and tokens(state)["B"] == [1, 0]
    assert state.data["players"][0]["treasury"] == 0


def test_ship_upkeep_from_treasury_or_area_or_the_ship_goes() -> None:
    state = position(
        tokens={"B": [1, 0]}, ships={"B": [1, 0], "A": [1, 0]}, players=[{"treasury": 1}, {}], phases=["ships"]
    )
    assert texts(state) == [
        "maintain the ship in A from the treasury",
        "let the ship in A go",
    ]
    state.apply(0, "let the ship in A go")
    assert texts(state) == [
        "maintain the ship in B from the treasury",
        "maintain the ship in B with a token there",
        "let the ship in B go",
    ]
    state.apply(0, "maintain the ship in B with a token there")
    assert state.data["ships"] == {"B": [1, 0]} and "B" not in tokens(state)


def test_a_ship_that_takes_the_last_tokens_off_the_board_is_legal_but_warned() -> None:
    """AC-R37: building a ship from the nation's last tokens (§22.1), or keeping one with its last token (§22.2),
    leaves it nothing on the board and no rule brings it back; a person is asked first, the action stays legal."""
    state = position(tokens={"B": [2, 0]}, players=[{"treasury": 1}, {}], phases=["ships"])
    before = state.record()
    warned = state.warnings(0)
    assert sorted(warned) == ["build a ship in B (0 treasury, 2 from the area)"]  # 1 + 1 leaves a token in B
    assert "Africa would have no token and no city left on the board" in warned[
        "build a ship in B (0 treasury, 2 from the area)"
    ]
    assert "AC-R37" in next(iter(warned.values()))
    assert state.warnings(1) == {}  # not seat 1's decision
    assert state.record() == before  # asking changes nothing
    state.apply(0, "build a ship in B (0 treasury, 2 from the area)")  # still legal: the rules allow it
    assert "B" not in tokens(state) and state.data["ships"] == {"B": [1, 0]}


def test_no_warning_while_a_token_or_a_city_stays_on_the_board() -> None:
    elsewhere = position(tokens={"B": [2, 0], "D": [1, 0]}, phases=["ships"])
    assert texts(elsewhere)[0] == "build a ship in B (0 treasury, 2 from the area)" and elsewhere.warnings(0) == {}
    with_city = position(tokens={"B": [2, 0]}, cities={"D": 0}, phases=["ships"])
    assert texts(with_city)[0] == "build a ship in B (0 treasury, 2 from the area)" and with_city.warnings(0) == {}


def test_keeping_a_ship_with_the_last_token_is_warned() -> None:
    state = position(tokens={"B": [1, 0]}, ships={"B": [1, 0]}, players=[{"treasury": 1}, {}], phases=["ships"])
    assert list(state.warnings(0)) == ["maintain the ship in B with a token there"]


def test_no_more_than_four_ships() -> None:
    state = position(tokens={"B": [9, 0]}, ships={"A": [4, 0]}, players=[{"treasury": 4}, {}], phases=["ships"])
    for _ in range(4):
        state.apply(0, "maintain the ship in A from the treasury")
    assert state.is_over()  # the only build option left was "build no more ships": taken automatically
