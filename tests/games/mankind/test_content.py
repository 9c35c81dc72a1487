"""Tests for the Mankind content: the data must match the rulebook row for row.

Expected counts below were counted by hand from the rulebook and are written as
literals on purpose: a row dropped from (or duplicated in) a TOML file must fail here.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import ludoteca.games.mankind.content as content_module
from ludoteca.games.mankind.content import (
    ERAS,
    EVENT_KINDS,
    KINDS,
    TRAITS,
    Amount,
    Bonus,
    Content,
    ContentError,
    Effect,
    GainBuild,
    Incursion,
    Limits,
    LoseBuild,
    NegateNextWar,
    Points,
    Raid,
    SetGovernment,
    Shield,
    Start,
    Trait,
    War,
    load_content,
    parse_effect,
)

# The shipped data folder, wherever the package is imported from.
DATA_DIR = Path(content_module.__file__).resolve().parent / "data"


@pytest.fixture(scope="module")
def content() -> Content:
    return load_content()


def d(n: int, sides: int = 6) -> Amount:
    return Amount(n, sides, 0)


# ----------------------------------------------------------------------------- counts

# era -> kind -> number of rows in the printed build list (counted by hand).
BUILD_COUNTS: dict[str, dict[str, int]] = {
    "tribal": {"government": 1, "infrastructure": 3, "military": 1, "technology": 2, "leader": 0, "wonder": 0},
    "ancient": {"leader": 12, "wonder": 9, "government": 5, "military": 17, "infrastructure": 30, "technology": 17},
    "medieval": {"leader": 15, "wonder": 7, "government": 5, "military": 23, "infrastructure": 19, "technology": 10},
    "revolution": {
        "leader": 12,
        "wonder": 7,
        "government": 5,
        "military": 17,
        "infrastructure": 25,
        "technology": 14,
    },
    "modern": {"leader": 10, "wonder": 7, "government": 6, "military": 18, "infrastructure": 22, "technology": 10},
}
BUILD_TOTALS = {"tribal": 7, "ancient": 90, "medieval": 79, "revolution": 80, "modern": 73}
# era -> (military leaders, religious leaders)
LEADER_TAGS = {"tribal": (0, 0), "ancient": (5, 2), "medieval": (4, 2), "revolution": (3, 0), "modern": (5, 0)}
# rows per event sub-table; the same for every era except the Ancient Disaster table (9 rows).
EVENT_ROWS = {"conquest": 10, "war": 8, "incursion": 5, "raid": 6, "boon": 10, "disaster": 10}
EVENT_SIDES = {"conquest": 10, "war": 8, "incursion": 6, "raid": 6, "boon": 10, "disaster": 10}


def test_build_totals(content: Content) -> None:
    assert len(content.era_builds) == 5
    for era, name in enumerate(ERAS):
        assert len(content.era_builds[era]) == BUILD_TOTALS[name], name
    assert len(content.builds) == 7 + 90 + 79 + 80 + 73 == 329


@pytest.mark.parametrize("era_name", ERAS)
def test_build_counts_per_kind(content: Content, era_name: str) -> None:
    era = ERAS.index(era_name)
    cards = [content.builds[i] for i in content.era_builds[era]]
    counts = {kind: sum(1 for c in cards if c.kind == kind) for kind in KINDS}
    assert counts == BUILD_COUNTS[era_name]
    assert sum(counts.values()) == BUILD_TOTALS[era_name]
    assert all(c.era == era and c.id == f"{era_name}/{c.name}" for c in cards)


@pytest.mark.parametrize("era_name", ERAS)
def test_leader_tag_counts(content: Content, era_name: str) -> None:
    cards = [content.builds[i] for i in content.era_builds[ERAS.index(era_name)]]
    tags = (sum(c.military_leader for c in cards), sum(c.religious_leader for c in cards))
    assert tags == LEADER_TAGS[era_name]
    assert all(c.kind == "leader" for c in cards if c.military_leader or c.religious_leader)


def test_event_table_counts(content: Content) -> None:
    assert set(content.events) == {(era, kind) for era in (1, 2, 3, 4) for kind in EVENT_KINDS}
    for (era, kind), table in content.events.items():
        expected = 9 if (era, kind) == (1, "disaster") else EVENT_ROWS[kind]
        assert len(table.rows) == expected, (era, kind)
        assert table.sides == EVENT_SIDES[kind], (era, kind)
        assert table.era == era and table.kind == kind
        expected_reroll = (10,) if (era, kind) == (1, "disaster") else ()
        assert table.reroll == expected_reroll


def test_printed_order_first_and_last(content: Content) -> None:
    firsts_lasts = {
        0: ("tribal/King", "tribal/Herbalism"),
        1: ("ancient/Aristotle", "ancient/Plows"),
        2: ("medieval/Martin Luther", "medieval/Cartography"),
        3: ("revolution/Napoleon Bonaparte", "revolution/Plantations"),
        4: ("modern/Albert Einstein", "modern/Pop Culture"),
    }
    for era, (first, last) in firsts_lasts.items():
        assert content.era_builds[era][0] == first
        assert content.era_builds[era][-1] == last


# ------------------------------------------------------------------ build spot checks


def test_leonidas(content: Content) -> None:
    card = content.builds["ancient/Leonidas"]
    assert card.name == "Leonidas" and card.era == 1 and card.kind == "leader"
    assert card.traits == (("WL", 1), ("DF", 3))
    assert card.military_leader and not card.religious_leader
    assert card.trait("WL") == 1 and card.trait("DF") == 3 and card.trait("FL") == 0


def test_corrected_builds(content: Content) -> None:
    joan = content.builds["medieval/Joan of Arc"]  # printed "DEF +2"
    assert joan.traits == (("WL", 1), ("DF", 2)) and joan.military_leader
    for name in ("Writing", "Herbalism"):  # printed type "T"
        assert content.builds[f"tribal/{name}"].kind == "technology"
    for name in ("Frederic the Great", "Bismark"):  # printed "Milit Ldr"
        assert content.builds[f"revolution/{name}"].military_leader


def test_build_spot_checks(content: Content) -> None:
    b = content.builds
    assert b["modern/Manhattan Project"].kind == "wonder"
    assert b["modern/Manhattan Project"].traits == (("WL", 10),)
    assert b["tribal/King"].kind == "government" and b["tribal/King"].traits == (("GL", 3),)
    assert b["ancient/Jesus"].religious_leader and not b["ancient/Jesus"].military_leader
    assert b["ancient/Great Wall"].traits == (("DF", 3), ("SL", 1), ("CL", 1))
    assert b["ancient/City Walls"].traits == (("DF", 3),)
    assert b["revolution/Factories"].traits == (("ML", 3), ("HL", -1))
    assert b["modern/Communism"].traits == (("GL", 7), ("FL", 2), ("ML", 2), ("WL", 2))
    assert b["modern/Chairman Mao"].trait("DF") == 3 and b["modern/Chairman Mao"].military_leader
    assert b["medieval/Chivalry"].kind == "technology"  # O amid the Infrastructure rows
    assert b["tribal/Stone & Wood"].traits == (("ML", 2),)
    # Names repeat across eras with different values.
    assert b["ancient/Archers"].trait("WL") == 3 and b["medieval/Archers"].trait("WL") == 2
    assert b["ancient/Heavy Cavalry"].trait("WL") == 3 and b["revolution/Heavy Cavalry"].trait("WL") == 6
    assert b["ancient/Mounted Archers"].trait("WL") == 3 and b["medieval/Mounted Archers"].trait("WL") == 4


def test_every_trait_code_is_known(content: Content) -> None:
    for card in content.builds.values():
        assert card.traits, card.id
        assert all(code in TRAITS for code, _ in card.traits)
    with pytest.raises(ContentError, match="unknown trait code"):
        content.builds["ancient/Leonidas"].trait("DEF")


# ------------------------------------------------------------------ event spot checks


def test_ancient_disaster(content: Content) -> None:
    table = content.events[(1, "disaster")]
    assert [r.low for r in table.rows] == list(range(1, 10))
    assert table.row_for(9).name == "Sickness"
    assert table.row_for(9).effect == (LoseBuild("leader", None),)
    assert table.row_for(1).name == "Flood"
    earthquake = table.row_for(2)
    assert earthquake.printed == "Put 1 Wonder" and earthquake.effect == (LoseBuild("wonder", None),)
    assert table.row_for(3).printed == "Put 1 Military Unit"
    assert table.row_for(3).effect == (LoseBuild("military", None),)
    assert table.row_for(6).effect == (SetGovernment("king"),)  # "Chieftain"
    with pytest.raises(ContentError, match="rolled again"):
        table.row_for(10)
    for roll in (0, 11):
        with pytest.raises(ValueError):
            table.row_for(roll)


def test_ranges_and_dice(content: Content) -> None:
    barbarians = content.events[(1, "incursion")].row_for(5)
    assert (barbarians.name, barbarians.low, barbarians.high) == ("Barbarians", 4, 5)
    assert content.events[(1, "incursion")].row_for(4).name == "Barbarians"
    assert content.events[(3, "raid")].sides == 6  # printed 1D10
    assert content.events[(3, "raid")].row_for(6).name == "Punitive Expedition"
    assert content.events[(3, "incursion")].row_for(2).name == "Little Wars"
    assert content.events[(4, "incursion")].rows[0].high == 2
    assert content.events[(2, "war")].row_for(8).effect == (War("two_choice"),)
    assert content.events[(2, "raid")].row_for(2).effect == (Raid(0),)  # printed "Raid"
    assert content.events[(1, "raid")].row_for(2).printed == "-"


def test_event_spot_checks(content: Content) -> None:
    ev = content.events
    assert ev[(3, "boon")].row_for(10).effect == (Shield(),)
    assert ev[(4, "disaster")].row_for(9).effect == (NegateNextWar(),)
    assert ev[(2, "disaster")].row_for(1).effect == (LoseBuild("wonder", 1),)
    assert ev[(4, "conquest")].row_for(2).effect == (Points("self", "VP", Amount(0, 0, 16), 1),)
    assert ev[(2, "conquest")].row_for(2).effect == (Points("self", "VP", Amount(0, 0, 10), 1),)
    assert ev[(3, "conquest")].row_for(10).effect == (Points("self", "VP", Amount(0, 0, 13), 1),)
    assert ev[(3, "conquest")].row_for(6).effect == (Trait("self", "TL", 1),)  # Commonwealth, as printed
    assert ev[(1, "boon")].row_for(10).effect == (Trait("self", "ML", 1), Trait("opponent", "ML", -1))
    assert ev[(3, "disaster")].row_for(1).effect == (
        Points("opponents", "VP", d(1), -1),
        Points("opponents", "RP", d(1), -1),
    )
    assert ev[(3, "disaster")].row_for(9).effect == (LoseBuild("military", None),)
    revolutions = [r for r in ev[(4, "disaster")].rows if r.name == "Revolution"]
    assert [(r.low, r.effect) for r in revolutions] == [
        (3, (SetGovernment("anarchy"),)),
        (6, (SetGovernment("any"),)),
    ]


def test_every_row_effect_fits_its_table(content: Content) -> None:
    allowed = {
        "conquest": {"trait", "points"},
        "war": {"war"},
        "incursion": {"incursion"},
        "raid": {"raid"},
    }
    for (_, kind), table in content.events.items():
        for row in table.rows:
            assert row.effect and row.printed
            if kind in allowed:
                assert {e.op for e in row.effect} <= allowed[kind], row


# ------------------------------------------------------------------ game-wide tables


def test_build_table(content: Content) -> None:
    assert content.build_table == (
        (1, 2, "infrastructure"),
        (3, 4, "military"),
        (5, 5, "leader"),
        (6, 6, "wonder"),
        (7, 8, "technology"),
        (9, 9, "government"),
        (10, 10, "choice"),
    )
    results = [content.build_table_result(r) for r in range(1, 11)]
    assert results == ["infrastructure"] * 2 + ["military"] * 2 + ["leader", "wonder"] + ["technology"] * 2 + [
        "government",
        "choice",
    ]
    with pytest.raises(ContentError):
        content.build_table_result(11)


def test_event_table(content: Content) -> None:
    assert content.event_table == (
        (1, 1, "conquest"),
        (2, 2, "raid"),
        (3, 3, "war"),
        (4, 4, "boon"),
        (5, 5, "disaster"),
        (6, 6, "incursion"),
        (7, 10, "nothing"),
    )
    assert content.event_kind(6) == "incursion"
    assert [content.event_kind(r) for r in (7, 8, 9, 10)] == ["nothing"] * 4
    with pytest.raises(ContentError):
        content.event_kind(0)


def test_costs_and_vp(content: Content) -> None:
    assert content.costs == {
        "infrastructure": ("RP", 2),
        "military": ("RP", "warfare"),
        "leader": ("IP", 1),
        "wonder": ("RP", 4),
        "technology": ("IP", 2),
        "government": ("IP", 4),
    }
    assert content.extra_roll_cost_ip == 3
    assert content.build_vp == {"wonder": 3, "leader": 2, "government": 2}


def test_bonuses(content: Content) -> None:
    assert content.bonuses == (
        Bonus("Empire", "conquests", 20),
        Bonus("Monuments", "wonders", 25),
        Bonus("Commerce", "TL", 10),
        Bonus("Warriors", "WL", 10),
        Bonus("Thinkers", "RL", 10),
        Bonus("Manufacturing", "ML", 10),
        Bonus("Agriculture", "FL", 10),
        Bonus("Humanities", "CL", 30),
        Bonus("Peace Prize", "SL", 15),
        Bonus("Medical Arts", "HL", 5),
    )


def test_start_limits_anarchy(content: Content) -> None:
    assert content.start == Start(
        vp=2,
        rp=2,
        ip=2,
        builds=tuple(
            f"tribal/{n}" for n in ("King", "Farms", "Hunting", "Warriors", "Stone & Wood", "Writing", "Herbalism")
        ),
        government="tribal/King",
    )
    assert content.start.builds == content.era_builds[0]
    assert content.limits == Limits(
        food_base=7, stability_base=10, stability_per_level=2, health_factor=10, governance_per_level=4
    )
    assert content.anarchy == (("GL", 2), ("SL", -1), ("CL", -1))


def test_default_load_is_cached_and_explicit_path_is_fresh(content: Content) -> None:
    assert load_content() is content
    fresh = load_content(DATA_DIR)
    assert fresh is not content and fresh == content


# ------------------------------------------------------------------ effect vocabulary

VOCABULARY: list[tuple[str, str | None, tuple[Effect, ...]]] = [
    # traits
    ("TL +1", None, (Trait("self", "TL", 1),)),
    ("WL +10", "conquest", (Trait("self", "WL", 10),)),
    ("ML +1 Opponent ML -1", None, (Trait("self", "ML", 1), Trait("opponent", "ML", -1))),
    ("Opponent gets ML -1", None, (Trait("opponent", "ML", -1),)),
    ("Opponent gets ML -1 and CL +1", None, (Trait("opponent", "ML", -1), Trait("opponent", "CL", 1))),
    ("df +3", None, (Trait("self", "DF", 3),)),
    # points
    ("Gain 10 VP", "conquest", (Points("self", "VP", Amount(0, 0, 10), 1),)),
    ("Gain 2D6 Idea Points", None, (Points("self", "IP", d(2), 1),)),
    ("Gain 2D6 Victory Points", None, (Points("self", "VP", d(2), 1),)),
    ("Gain 1D6 IP and 1D6 RP", None, (Points("self", "IP", d(1), 1), Points("self", "RP", d(1), 1))),
    ("Gain 1D6 IP and RP", None, (Points("self", "IP", d(1), 1), Points("self", "RP", d(1), 1))),
    (
        "Gain 1D6 IP, VP, and RP",
        None,
        (Points("self", "IP", d(1), 1), Points("self", "VP", d(1), 1), Points("self", "RP", d(1), 1)),
    ),
    ("Gain 1D6 IP & VP", None, (Points("self", "IP", d(1), 1), Points("self", "VP", d(1), 1))),
    ("All players get 1D6 IP", "boon", (Points("all", "IP", d(1), 1),)),
    (
        "Opponents lose 1D6 VP and RP each",
        "disaster",
        (Points("opponents", "VP", d(1), -1), Points("opponents", "RP", d(1), -1)),
    ),
    ("Lose 1D6 RP and VP", None, (Points("self", "RP", d(1), -1), Points("self", "VP", d(1), -1))),
    ("Lose 2D6 RP", None, (Points("self", "RP", d(2), -1),)),
    ("Gain 1D6+2 resource points", None, (Points("self", "RP", Amount(1, 6, 2), 1),)),
    # builds
    ("Gain 1 Technology", None, (GainBuild("technology", "available"),)),
    ("Gain 1 Technology known by opponent", None, (GainBuild("technology", "opponent"),)),
    ("Gain 1 Wonder", None, (GainBuild("wonder", "available"),)),
    ("Gain 1 Leader", None, (GainBuild("leader", "available"),)),
    ("Gain 1 Infrastructure", None, (GainBuild("infrastructure", "available"),)),
    ("Gain 1 Military Unit", None, (GainBuild("military", "available"),)),
    ("Lose 1 Infrastructure", None, (LoseBuild("infrastructure", None),)),
    ("Lose 1 IS and 1 MU", None, (LoseBuild("infrastructure", None), LoseBuild("military", None))),
    ("Lose Leader", None, (LoseBuild("leader", None),)),
    ("Lose Military Unit", None, (LoseBuild("military", None),)),
    ("Lose 1 MU", None, (LoseBuild("military", None),)),
    ("Discard Target Military Unit", None, (LoseBuild("military", None),)),
    ("Lose 1 Ancient Wonder", None, (LoseBuild("wonder", 1),)),
    ("Lose 1 Technology", None, (LoseBuild("technology", None),)),
    ("Lose 2 Wonders", None, (LoseBuild("wonder", None), LoseBuild("wonder", None))),
    # government
    ("Your Government becomes Anarchy", None, (SetGovernment("anarchy"),)),
    ("Change Government to Anarchy", None, (SetGovernment("anarchy"),)),
    ("Change Government to anything", None, (SetGovernment("any"),)),
    ("Change Government to Anything", "disaster", (SetGovernment("any"),)),
    ("Your Government becomes Chieftain", None, (SetGovernment("king"),)),
    # shields
    ("Skip the next War, Incursion, or Raid Event that Targets You", "boon", (Shield(),)),
    ("Negate next War", "disaster", (NegateNextWar(),)),
    # war
    ("You versus player to your left", "war", (War("left"),)),
    ("You versus player to your right", "war", (War("right"),)),
    ("You vs. Random Opponent", "war", (War("random_opponent"),)),
    ("You vs. Weakest Player", "war", (War("weakest_opponent"),)),
    ("You vs. Strongest Player", "war", (War("strongest_opponent"),)),
    ("Two Random players", "war", (War("two_random"),)),
    ("Player of your choice and random player", "war", (War("choice_and_random"),)),
    ("Two players of your choice", "war", (War("two_choice"),)),
    # incursion
    ("Targets You", "incursion", (Incursion("self"),)),
    ("Targets Weakest Player", "incursion", (Incursion("weakest"),)),
    ("Targets Random Player", "incursion", (Incursion("random"),)),
    ("Targets player of your Choice", "incursion", (Incursion("choice"),)),
    ("Targets Strongest player", "incursion", (Incursion("strongest"),)),
    # raid
    ("Raid Rolls -1", "raid", (Raid(-1),)),
    ("Raid Rolls +4", "raid", (Raid(4),)),
    ("-", "raid", (Raid(0),)),
    ("Raid", "raid", (Raid(0),)),
]


@pytest.mark.parametrize(("text", "table", "expected"), VOCABULARY)
def test_parse_effect_vocabulary(text: str, table: str | None, expected: tuple[Effect, ...]) -> None:
    assert parse_effect(text, table) == expected
    assert parse_effect(text.upper(), table) == expected  # case-insensitive
    assert parse_effect(f"  {text}  ") == expected  # surrounding space and no table context


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "Gain 1 Banana",
        "Put 1 Wonder",
        "Lose 1D6",
        "Gain IP",
        "You versus everybody",
        "Targets player to your left",
    ],
)
def test_parse_effect_unknown_text(text: str) -> None:
    with pytest.raises(ContentError, match="unknown effect text"):
        parse_effect(text)


def test_parse_effect_names_bad_trait_and_wrong_table() -> None:
    with pytest.raises(ContentError, match="unknown trait code 'DEF'"):
        parse_effect("WL +1 DEF +2")
    with pytest.raises(ContentError, match="not valid on the incursion table"):
        parse_effect("You versus player to your left", "incursion")
    with pytest.raises(ContentError, match="not valid on the boon table"):
        parse_effect("-", "boon")
    with pytest.raises(ContentError, match="not valid on the conquest table"):
        parse_effect("Gain 1 Wonder", "conquest")
    with pytest.raises(ContentError, match="unknown table kind"):
        parse_effect("TL +1", "warfare")


def test_effect_discriminators_and_validation() -> None:
    ops: list[Effect] = [
        Trait("self", "TL", 1),
        Points("self", "VP", d(1), 1),
        GainBuild("wonder", "available"),
        LoseBuild("wonder", None),
        SetGovernment("any"),
        Shield(),
        NegateNextWar(),
        War("left"),
        Incursion("self"),
        Raid(0),
    ]
    assert [e.op for e in ops] == [
        "trait",
        "points",
        "gain_build",
        "lose_build",
        "set_government",
        "shield",
        "negate_next_war",
        "war",
        "incursion",
        "raid",
    ]
    with pytest.raises(ContentError):
        Trait("me", "TL", 1)
    with pytest.raises(ContentError):
        Points("self", "XP", d(1), 1)
    with pytest.raises(ContentError):
        LoseBuild("wonder", 7)
    with pytest.raises(ContentError):
        War("everyone")


def test_amount() -> None:
    assert Amount.parse("2D6") == Amount(2, 6, 0)
    assert Amount.parse("10") == Amount(0, 0, 10)
    assert Amount.parse("1d6+2") == Amount(1, 6, 2)
    assert [str(a) for a in (Amount(2, 6, 0), Amount(0, 0, 10), Amount(1, 6, 2))] == ["2D6", "10", "1D6+2"]
    with pytest.raises(ContentError):
        Amount.parse("D6")


# ------------------------------------------------------------------ validator failures


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    root = tmp_path / "data"
    shutil.copytree(DATA_DIR, root)
    return root


def corrupt(root: Path, file: str, old: str, new: str) -> None:
    path = root / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} must occur exactly once in {file}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def test_unmodified_copy_loads(data_copy: Path) -> None:
    assert load_content(data_copy) == load_content()


CORRUPTIONS = [
    # (file, old, new, message fragments)
    (
        "ancient.toml",
        '"WL +1 DF +3", tags',
        '"WL +1 XX +3", tags',
        ["ancient.toml", "Leonidas", "unknown trait code 'XX'"],
    ),
    ("medieval.toml", '"WL +1 DF +2"', '"WL +1 DEF +2"', ["medieval.toml", "Joan of Arc", "unknown trait code 'DEF'"]),
    (
        "ancient.toml",
        '"Hannibal", type = "L", traits = "WL +2"',
        '"Hannibal", type = "L", traits = "WL+2"',
        ["Hannibal", "malformed trait text"],
    ),
    (
        "ancient.toml",
        '"Hannibal", type = "L", traits = "WL +2"',
        '"Hannibal", type = "L", traits = "WL +2 ML"',
        ["Hannibal", "malformed trait text"],
    ),
    (
        "tribal.toml",
        '"Writing", type = "O"',
        '"Writing", type = "T"',
        ["tribal.toml", "Writing", "unknown type letter 'T'"],
    ),
    (
        "revolution.toml",
        '"WL +2", tags = ["Military Leader"]',
        '"WL +2", tags = ["Milit Ldr"]',
        ["Napoleon Bonaparte", "unknown tag 'Milit Ldr'"],
    ),
    (
        "ancient.toml",
        '"Phalanx", type = "M", traits = "WL +2"',
        '"Phalanx", type = "M", traits = "WL +2", tags = ["Military Leader"]',
        ["Phalanx", "only allowed on leaders"],
    ),
    ("ancient.toml", 'name = "Legions"', 'name = "Phalanx"', ["ancient.toml", "duplicate name 'Phalanx'"]),
    ("modern.toml", '{ name = "Picasso", ', "{ ", ["modern.toml", "builds[8]", "missing 'name'"]),
    (
        "ancient.toml",
        'name = "Barbarians", roll = "4-5"',
        'name = "Barbarians", roll = "3-5"',
        ["ancient.toml", "incursion", "Barbarians", "overlaps", "roll 3"],
    ),
    (
        "ancient.toml",
        'name = "Barbarians", roll = "4-5"',
        'name = "Barbarians", roll = 4',
        ["ancient.toml", "incursion", "gap", "5"],
    ),
    ("ancient.toml", 'name = "Migrations", roll = 6', 'name = "Migrations", roll = 7', ["Migrations", "outside 1..6"]),
    ("ancient.toml", "reroll = [10]\n", "", ["ancient.toml", "disaster", "gap", "10"]),
    ("ancient.toml", "reroll = [10]", "reroll = [9]", ["reroll value 9", "Sickness"]),
    ("revolution.toml", 'die = "1D6"\nprinted_die', 'die = "1D12"\nprinted_die', ["revolution.toml", "raid", "1D12"]),
    (
        "ancient.toml",
        '"Gain 2D6 Idea Points"',
        '"Gain 2D6 Banana Points"',
        ["ancient.toml", "Eureka", "unknown effect text 'Gain 2D6 Banana Points'"],
    ),
    ("ancient.toml", '"Lose 1 Wonder"', '"Put 1 Wonder"', ["Earthquake", "unknown effect text 'Put 1 Wonder'"]),
    (
        "modern.toml",
        '"World War", roll = 1, effect = "You versus player to your left"',
        '"World War", roll = 1, effect = "Targets You"',
        ["modern.toml", "World War", "not valid on the war table"],
    ),
    ("medieval.toml", 'era = "medieval"', 'era = "medival"', ["medieval.toml", "'medival'", "does not match"]),
    ("medieval.toml", "[events.boon]", "[events.boons]", ["medieval.toml", "unknown event sub-table 'boons'"]),
    (
        "tables.toml",
        'measure = "TL"',
        'measure = "Trade"',
        ["tables.toml", "Commerce", "unknown bonus measure 'Trade'"],
    ),
    (
        "tables.toml",
        '{ roll = 10, result = "choice"',
        '{ roll = 9, result = "choice"',
        ["build_table", "overlaps", "roll 9"],
    ),
    (
        "tables.toml",
        '{ roll = "7-10", result = "nothing"',
        '{ roll = "7-9", result = "nothing"',
        ["event_table", "gap", "10"],
    ),
    (
        "tables.toml",
        '{ roll = 5, result = "leader"',
        '{ roll = 5, result = "general"',
        ["build_table", "unknown result 'general'"],
    ),
    (
        "tables.toml",
        '"Stone & Wood", "Writing"',
        '"Stone & Wood", "Reading"',
        ["start.builds", "'Reading'", "Tribal build list"],
    ),
    ("tables.toml", 'government = "King"', 'government = "Farms"', ["start.government", "'Farms'"]),
    (
        "tables.toml",
        'traits = "GL +2 SL -1 CL -1"',
        'traits = "GL +2 ST -1 CL -1"',
        ["anarchy", "unknown trait code 'ST'"],
    ),
    (
        "tables.toml",
        'leader = { resource = "IP"',
        'leader = { resource = "VP"',
        ["costs.leader", "unknown resource 'VP'"],
    ),
    (
        "tables.toml",
        "extra_roll_cost_ip = 3",
        "extra_roll_cost_ip = 3\nextra_roll_cost_rp = 3",
        ["tables.toml", "unknown key 'extra_roll_cost_rp'"],
    ),
    (
        "ancient.toml",
        '{ name = "Aristotle", type = "L", traits',
        '{ name = "Aristotle", type = "L", trait',
        ["Aristotle", "missing 'traits'"],
    ),
    ("modern.toml", "builds = [", "builds = [[", ["modern.toml", "not valid TOML"]),
]


@pytest.mark.parametrize(("file", "old", "new", "fragments"), CORRUPTIONS, ids=[c[3][-1] for c in CORRUPTIONS])
def test_validator_rejects(data_copy: Path, file: str, old: str, new: str, fragments: list[str]) -> None:
    corrupt(data_copy, file, old, new)
    with pytest.raises(ContentError) as info:
        load_content(data_copy)
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, message


def test_validator_rejects_missing_and_misnamed_files(data_copy: Path) -> None:
    (data_copy / "modern.toml").rename(data_copy / "moderne.toml")
    with pytest.raises(ContentError, match=r"moderne\.toml: unexpected content file"):
        load_content(data_copy)
    (data_copy / "moderne.toml").unlink()
    with pytest.raises(ContentError, match=r"modern\.toml: missing content file"):
        load_content(data_copy)


def test_validator_rejects_missing_event_table(data_copy: Path) -> None:
    path = data_copy / "revolution.toml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: text.index("[events.disaster]")], encoding="utf-8")
    with pytest.raises(ContentError, match="revolution.toml: missing event sub-table 'disaster'"):
        load_content(data_copy)


def test_validator_rejects_events_on_tribal(data_copy: Path) -> None:
    with (data_copy / "tribal.toml").open("a", encoding="utf-8") as fh:
        fh.write('\n[events.raid]\ndie = "1D6"\nrows = []\n')
    with pytest.raises(ContentError, match="tribal.toml: unknown key 'events'"):
        load_content(data_copy)
