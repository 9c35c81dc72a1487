"""The content: the reconstructed map and deck hold every fact the rulebook fixes; broken copies fail."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from ludoteca.games.arabian_struggle.content import DATA_DIR, ContentError, load_content


@pytest.fixture()
def copy(tmp_path: Path) -> Path:
    folder = tmp_path / "data"
    shutil.copytree(DATA_DIR, folder)
    return folder


def edit(folder: Path, name: str, old: str, new: str, count: int = 1) -> None:
    path = folder / name
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, count))


def test_deck_counts_match_the_rulebook() -> None:
    cards = load_content().cards
    assert len(cards) == 48
    for faction, numbers in {
        "Saudi": range(1, 13),
        "Hashemite": range(13, 25),
        "Rasheedi": range(25, 37),
        "Neutral": range(37, 49),
    }.items():
        assert [n for n, c in cards.items() if c.faction == faction] == list(numbers)
    assert sum(c.era_restricted for c in cards.values()) == 20
    assert sum(c.duration == "era" for c in cards.values()) == 19
    assert sum(c.duration == "game" for c in cards.values()) == 1
    assert sum(c.adds_conference for c in cards.values()) == 10
    assert {c.modifiers["Ottoman"] for c in cards.values()} | {c.modifiers["British"] for c in cards.values()} == {
        1,
        2,
        3,
        4,
    }
    assert {c.op for c in cards.values()} == {1, 2, 3}


def test_the_six_known_cards_are_as_printed() -> None:
    cards = load_content().cards
    mubarak = cards[4]
    assert (mubarak.title, mubarak.faction, mubarak.op, mubarak.eras) == (
        "Mubarak al Sabah",
        "Saudi",
        2,
        ("pre-war", "great-war"),
    )
    assert mubarak.text == "Remove any Ottoman pieces from Dahran. Add 1 Saudi piece in Kuwait City."
    assert mubarak.modifiers == {"Hashemite": 0, "Rasheedi": 1, "Saudi": 2, "Ottoman": 2, "British": 1}
    assert mubarak.duration == "era" and mubarak.provenance == "rulebook"
    assert cards[7].modifiers == {"Hashemite": 0, "Rasheedi": 1, "Saudi": 2, "Ottoman": 1, "British": 2}
    assert cards[37].modifiers == {"Hashemite": 2, "Rasheedi": 1, "Saudi": 1, "Ottoman": 1, "British": 2}
    assert (cards[6].title, cards[6].op, cards[27].title, cards[34].title) == (
        "Traditional Enemies",
        2,
        "British Budget Cuts",
        "Ottoman Alliance",
    )


def test_map_facts() -> None:
    content = load_content()
    assert len(content.regions) == 9 and "Rub' Al-Khali" not in content.scoring_regions
    assert sorted(a.name for a in content.areas.values() if a.key_city) == sorted(
        ["Ha'il", "Riyadh", "Makkah", "Madina al-Munawwarah"]
    )
    assert sorted(a.name for a in content.areas.values() if a.british_flag) == sorted(
        ["Baghdad", "Hit", "Um Qasr", "Amman", "Yemen"]
    )
    assert all((a.type == "city") == (a.supply == 3) for a in content.areas.values())
    assert sum(len(a.adjacent) for a in content.areas.values()) // 2 == 113
    assert content.link_cost("Riyadh", "Al-Kharj") == 1 and content.link_cost("Ha'il", "Great Nafud") == 2


def test_provenance_is_reported() -> None:
    content = load_content()
    assert content.provenance["card"] == {"rulebook": 1, "reconstructed": 47}
    assert content.provenance["region"] == {"rulebook": 8, "reconstructed": 1}
    assert content.provenance["chart"] == {"rulebook": 6}
    report = content.report()
    assert re.search(r"total: \d+ rulebook, \d+ reconstructed", report)


def test_a_faithful_copy_loads(copy: Path) -> None:
    assert len(load_content(copy).cards) == 48


@pytest.mark.parametrize(
    ("name", "old", "new", "message"),
    [
        (
            "map.toml",
            'adjacent = ["Ad-Dahna", "Al-Kharj", "Al-Washm / Shaqra", "Sudair / Majma\'ah"]',
            'adjacent = ["Ad-Dahna", "Al-Washm / Shaqra", "Sudair / Majma\'ah"]',
            "not symmetric|non-adjacent",
        ),
        (
            "map.toml",
            'name = "Riyadh"\ntype = "city"\nsupply = 3',
            'name = "Riyadh"\ntype = "city"\nsupply = 2',
            "city exactly when",
        ),
        ("map.toml", '"Amman", "Ma\'an"', '"Ma\'an"', "in no region"),
        ("map.toml", 'areas = ["Tabuk",', 'areas = ["Amman", "Tabuk",', "in two regions"),
        ("map.toml", "key_city = true", "key_city = false", "key cities"),
        (
            "cards.toml",
            'number = 48\ntitle = "Conquest of Asir"\nfaction = "Neutral"',
            'number = 48\ntitle = "Conquest of Asir"\nfaction = "Saudi"',
            "numbered",
        ),
        ("cards.toml", 'eras = ["pre-war"]', 'eras = ["pre-war", "great-war", "post-war"]', "era restricted"),
        ("cards.toml", '{ do = "conference", who = "Saudi", count = 1 },\n', "", "conference"),
        ("cards.toml", "Ottoman = 4", "Ottoman = 5", "Empire modifiers"),
        ("cards.toml", 'title = "Shooting Accident"', 'title = "Hunting Accident"', "rulebook gives"),
        ("cards.toml", 'do = "move"', 'do = "teleport"', "unknown effect"),
        ("cards.toml", 'areas = ["Dahran"]', 'areas = ["Atlantis"]', "unknown area"),
        ("setup.toml", 'area = "Unaizah"', 'area = "Riyadh"', "set-up chart"),
    ],
)
def test_broken_copies_fail_clearly(copy: Path, name: str, old: str, new: str, message: str) -> None:
    edit(copy, name, old, new)
    with pytest.raises(ContentError, match=message):
        load_content(copy)


def test_a_disconnected_map_fails(copy: Path) -> None:
    text = (copy / "map.toml").read_text()
    # Cut Rub' al-Khali (east) off: remove its only links both ways.
    lines = []
    for line in text.splitlines():
        if line == 'adjacent = ["Al Murrah", "Rub\' al-Khali (west)"]':
            line = "adjacent = []"
        elif line.startswith("adjacent ="):
            line = line.replace(', "Rub\' al-Khali (east)"', "").replace('"Rub\' al-Khali (east)", ', "")
        lines.append(line)
    text = "\n".join(lines)
    (copy / "map.toml").write_text(text)
    with pytest.raises(ContentError, match="not connected"):
        load_content(copy)
