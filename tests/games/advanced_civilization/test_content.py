"""The map, nations and advances as data: published counts, and the validator's failures."""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path

import pytest

from ludoteca.games.advanced_civilization import content
from ludoteca.games.advanced_civilization.content import ContentError, build_board, read_map

MAP = Path(content.__file__).parent / "data" / "map.toml"


def test_area_counts_per_board() -> None:
    main, both = content.standard_board("main"), content.standard_board("main+western")
    assert (len(main.land), len(main.areas) - len(main.land)) == (123, 8)
    assert (len(both.land), len(both.areas) - len(both.land)) == (149, 9)  # digest §2.1: 149 land areas
    assert sum(a.limit for a in main.areas.values()) == 250
    limits = Counter(a.limit for a in both.areas.values() if a.land)
    assert [limits[n] for n in range(1, 6)] == [61, 49, 30, 6, 3]
    assert sum(a.city_site != "none" for a in both.areas.values()) == 61
    assert sum(a.flood_plain for a in both.areas.values()) == 19
    assert sorted(a.name for a in both.areas.values() if a.volcano) == [
        "Campania",
        "Milazzo",
        "Neapolis",
        "Syracus",
        "Thera",
    ]
    assert sorted(a.name for a in both.areas.values() if a.kind == "open-sea") == [
        "Bay of Biscay",
        "Central Mediterranean",
        "Eastern Mediterranean",
        "Western Mediterranean",
    ]


def test_islands_have_no_land_border_off_the_island_but_ships_reach_them() -> None:
    board = content.standard_board("main")
    assert board.borders["Knossos"] == ("Phaestos",)
    assert board.borders["Lemnos"] == ()
    assert "Rhodes" in board.ship_links["Knossos"] and "Aegean Sea" in board.ship_links["Knossos"]
    assert "Cirta" not in board.areas and "Gaul" not in board.borders["Etruria"]  # the Western map is off
    assert "Gaul" in content.standard_board("main+western").borders["Etruria"]


def test_nations_advances_and_pieces() -> None:
    nations = content.nations()
    assert len(nations) == 10 and nations["Italy"].ast == nations["Iberia"].ast == 2
    assert nations["Egypt"].start == ("Buhen", "Jalo", "Nubia", "Siwa", "Thebes", "Upper Egypt")
    advances = content.advances()
    assert len(advances) == 24 and sum(a.cost for a in advances.values()) == 3190
    assert advances["Roadbuilding"].prerequisites == ("Engineering",)
    assert advances["Engineering"].groups == ("Crafts", "Sciences")
    rules = content.rules()
    assert (rules.tokens, rules.cities, rules.ships) == (55, 9, 4)


def _broken(tmp_path: Path, old: str, new: str) -> Path:
    """A copy of the shipped map with one text edit, written to ``tmp_path``."""
    text = MAP.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    copy = tmp_path / "map.toml"
    copy.write_text(text.replace(old, new), encoding="utf-8")
    return copy


def test_the_shipped_map_passes_the_validator() -> None:
    assert len(read_map(MAP).land) == 149


def test_validator_rejects_a_one_way_link(tmp_path: Path) -> None:
    athens = 'links = ["Argos", "Corinth", "Delphi"]'
    copy = _broken(tmp_path, athens, athens.replace('"Corinth", ', ""))
    with pytest.raises(ContentError, match="not symmetric"):
        read_map(copy)


def test_validator_rejects_an_unknown_area(tmp_path: Path) -> None:
    athens = 'links = ["Argos", "Corinth", "Delphi"]'
    copy = _broken(tmp_path, athens, athens.replace('"Delphi"', '"Delphi", "Atlantis"'))
    with pytest.raises(ContentError, match="unknown area 'Atlantis'"):
        read_map(copy)


def test_validator_rejects_a_disconnected_board() -> None:
    raw = tomllib.loads(MAP.read_text(encoding="utf-8"))
    for key in ("links", "crossings"):
        for other in raw["areas"]["Lemnos"].get(key, []):
            raw["areas"][other][key].remove("Lemnos")
        raw["areas"]["Lemnos"][key] = []
    with pytest.raises(ContentError, match="not connected.*Lemnos"):
        build_board(raw, ("main",), strict=True)


def test_validator_rejects_wrong_counts_and_values(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="declares land = 122 but the map has 123"):
        read_map(_broken(tmp_path, "land = 123", "land = 122"))
    athens = '[areas."Athens"]\nboard = "main"\nkind = "land"\nlimit = 2'
    with pytest.raises(ContentError, match="population limit is 1-5"):
        read_map(_broken(tmp_path, athens, athens.replace("limit = 2", "limit = 7")))
    with pytest.raises(ContentError, match="kind 'lake'"):
        read_map(_broken(tmp_path, athens, athens.replace('kind = "land"', 'kind = "lake"')))


def test_nations_must_start_on_the_map() -> None:
    raw = {
        "nations": {
            "Atlantis": {
                "ast": 1,
                "start": ["Atlantis"],
                "track": {"finish": 16, "epochs": [1, 5, 8, 11, 14], "late_iron": []},
            }
        }
    }
    with pytest.raises(ContentError, match="unknown area 'Atlantis'"):
        content.load_nations(raw, {"Athens"})


@pytest.mark.parametrize(("map_name", "first"), [("main", "Egypt"), ("main+western", "Illyria")])
def test_the_bots_nation_preference_names_every_nation_once_on_every_map(map_name: str, first: str) -> None:
    order = content.nation_preference(map_name)
    assert sorted(order) == sorted(content.nations())
    assert order[0] == first and order[-1] == "Crete"


def test_on_the_western_map_the_bots_rank_iberia_as_measured_there() -> None:
    """bots.toml: 4.1% of 148 four-player games, near Thrace, where the main table's guess put it beside Italy."""
    order = content.nation_preference("main+western")
    assert order.index("Iberia") > order.index("Thrace") > order.index("Italy")


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"nation_preference": ["Egypt", "Atlantis"]}, "unknown nation 'Atlantis'"),
        ({"nation_preference": ["Egypt", "Egypt"]}, "names a nation twice"),
        ({"nation_preference": "Egypt"}, "must be a list of nation names"),
        ({}, "must be a list of nation names"),
    ],
)
def test_a_broken_nation_preference_is_refused(raw: dict[str, object], message: str) -> None:
    with pytest.raises(ContentError, match=message):
        content.load_nation_preference(raw, set(content.nations()))


@pytest.mark.parametrize("map_name", ["main", "main+western"])
def test_bots_pick_the_first_free_nation_of_their_table(map_name: str) -> None:
    import ludoteca
    from ludoteca.agents import HeuristicAgent, IsmctsAgent

    state = ludoteca.load_game("advanced-civilization", 3, {"map": map_name}).new_state(seed=5)
    picks = []
    for agent in (HeuristicAgent(1), IsmctsAgent(2, iterations=5), HeuristicAgent(3)):
        seat = state.to_act()[0]
        choice = agent.choose(state, seat)
        picks.append(choice.payload)
        state.apply(seat, choice)
    assert picks == list(content.nation_preference(map_name)[:3])


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"start_preference": {"Atlantis": "Kuban"}}, "unknown nation 'Atlantis'"),
        ({"start_preference": {"Asia": "Nalchik"}}, "not one of its start areas"),
        ({"start_preference": ["Asia"]}, "must be a table of nation = area"),
    ],
)
def test_a_broken_start_preference_is_refused(raw: dict[str, object], message: str) -> None:
    with pytest.raises(ContentError, match=message):
        content.load_start_preference(raw, content.nations())


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_bots_start_in_the_area_of_their_table_whatever_their_generator(seed: int) -> None:
    """§4.4: a nation's start areas may look alike a move ahead (Assyria's, Asia's), and the bots drew one at random;
    where they did not, the look-ahead took the worse (Egypt Buhen or Thebes): both bots follow the table."""
    import ludoteca
    from ludoteca.agents import HeuristicAgent, IsmctsAgent

    state = ludoteca.load_game("advanced-civilization", 2).new_state(seed=seed)
    agents = (HeuristicAgent(seed), IsmctsAgent(seed, iterations=5))
    starts = {}
    while state.stack_has("choose_nation") or state.stack_has("choose_start"):
        seat = state.to_act()[0]
        choice = agents[seat].choose(state, seat)
        if state.data["stack"][-1]["step"] == "choose_start":
            starts[state.data["nations"][seat]] = choice.payload
        state.apply(seat, choice)
    table = content.start_preference()
    assert set(starts) == set(content.nation_preference()[:2]) == {"Egypt", "Assyria"}
    assert starts == {"Egypt": "Jalo", "Assyria": "Nalchik"} == {nation: table[nation] for nation in starts}


@pytest.mark.parametrize("map_name", sorted(content.MAPS))
def test_every_nation_with_a_choice_of_start_areas_has_a_start_preference_on_every_map(map_name: str) -> None:
    """§4.4: a nation left out of the table draws its start among areas the look-ahead cannot tell apart."""
    board = content.standard_board(map_name)
    choosing = {n for n, nation in content.nations().items() if sum(a in board.areas for a in nation.start) > 1}
    table = content.start_preference(map_name)
    assert choosing <= set(table)
    assert all(table[nation] in board.areas for nation in choosing)


@pytest.mark.parametrize(
    ("map_name", "seed", "starts"),
    [
        ("main", 2, {"Africa": "Tripolitania", "Illyria": "Germania"}),
        ("main+western", 6, {"Africa": "Sahara", "Babylon": "Media"}),  # room to the west (bots.toml's figures)
        ("main+western", 36, {"Iberia": "Lusitania", "Illyria": "Germania"}),
    ],
)
def test_bots_start_where_the_table_of_the_map_says(map_name: str, seed: int, starts: dict[str, str]) -> None:
    import ludoteca
    from ludoteca.agents import HeuristicAgent, IsmctsAgent

    game = ludoteca.load_game("advanced-civilization", 2, {"nations": "random", "map": map_name})
    state = game.new_state(seed=seed)
    agents = (HeuristicAgent(seed), IsmctsAgent(seed, iterations=5))
    chosen = {}
    while state.stack_has("choose_start"):
        seat = state.to_act()[0]
        choice = agents[seat].choose(state, seat)
        chosen[state.data["nations"][seat]] = choice.payload
        state.apply(seat, choice)
    assert chosen == starts


MAIN_TABLES = {"nation_preference": ["Egypt"], "start_preference": {"Africa": "Tripolitania"}}


@pytest.mark.parametrize(
    ("maps", "message"),
    [
        ({"atlantis": {}}, "maps names unknown map 'atlantis'"),
        ({"main+western": {"plans": {}}}, "may hold only nation_preference and start_preference"),
        ({"main": {"start_preference": {"Africa": "Cirta"}}}, "gives Africa 'Cirta', which is not on that map"),
        ({"main+western": {"start_preference": {"Iberia": "Sahara"}}}, "not one of its start areas"),
        (
            {"main+western": {"nation_preference": ["Iberia", "Iberia"]}},
            "maps.'main\\+western': nation_preference names a nation twice",
        ),
        (["main"], "maps must be a table"),
    ],
)
def test_a_broken_map_table_is_refused(maps: object, message: str) -> None:
    raw = MAIN_TABLES | {"maps": maps}
    with pytest.raises(ContentError, match=message):  # whichever loader reads the broken part refuses it
        content.load_start_preference(raw, content.nations(), "main+western")
        content.load_map_nation_preference(raw, set(content.nations()), "main+western")
        content.load_start_preference(raw, content.nations(), "main")


def test_a_map_table_replaces_only_what_it_names() -> None:
    raw = MAIN_TABLES | {"maps": {"main+western": {"start_preference": {"Africa": "Sahara"},
                                                    "nation_preference": ["Iberia", "Egypt"]}}}
    assert content.load_start_preference(raw, content.nations(), "main") == {"Africa": "Tripolitania"}
    assert content.load_start_preference(raw, content.nations(), "main+western") == {"Africa": "Sahara"}
    assert content.load_map_nation_preference(raw, set(content.nations()), "main") == ("Egypt",)
    assert content.load_map_nation_preference(raw, set(content.nations()), "main+western") == ("Iberia", "Egypt")


