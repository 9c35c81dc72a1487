"""The wording helpers every game's log and actions are written with: counts, plurals, articles, lists."""

from __future__ import annotations

import pytest

from ludoteca.core import wording
from ludoteca.core.wording import a, article, count, join, plural_of


@pytest.mark.parametrize(
    ("n", "noun", "expected"),
    [
        (1, "piece", "1 piece"),
        (2, "piece", "2 pieces"),
        (0, "piece", "no pieces"),
        (-1, "piece", "-1 piece"),
        (-3, "point", "-3 points"),
        (1, "unit point", "1 unit point"),
        (20, "unit point", "20 unit points"),
        (2, "Ottoman piece", "2 Ottoman pieces"),
        (3, "city", "3 cities"),
        (2, "day", "2 days"),
        (2, "box", "2 boxes"),
        (2, "church", "2 churches"),
        (2, "bush", "2 bushes"),
        (2, "loss", "2 losses"),
        (2, "die", "2 dice"),
        (1, "die", "1 die"),
        (2, "RP", "2 RPs"),
        (2, "VP", "2 VPs"),
        (4, "Treasure", "4 Treasures"),
    ],
)
def test_count_agrees_in_number(n: int, noun: str, expected: str) -> None:
    assert count(n, noun) == expected


def test_count_takes_an_explicit_plural_and_a_word_for_zero() -> None:
    assert count(2, "Wonder of the World", "Wonders of the World") == "2 Wonders of the World"
    assert count(1, "Wonder of the World", "Wonders of the World") == "1 Wonder of the World"
    assert count(0, "token", zero="0") == "0 tokens"
    assert count(0, "sheep", "sheep", zero="no") == "no sheep"


def test_plural_keeps_case_and_changes_only_the_last_word() -> None:
    assert plural_of("Man") == "Men"
    assert plural_of("city site") == "city sites"
    assert plural_of("Army") == "Armies"
    assert plural_of("monkey") == "monkeys"
    assert plural_of("x") == "xes"
    assert plural_of("y") == "ys"
    with pytest.raises(ValueError):
        plural_of("")


@pytest.mark.parametrize(
    ("word", "expected"),
    [
        # vowel letters, vowel sounds
        ("apple", "an"),
        ("Ottoman", "an"),
        ("Ochre card", "an"),
        ("Egyptian", "an"),
        ("Iron", "an"),
        ("umbrella", "an"),
        ("unimportant", "an"),
        ("uninhabited area", "an"),
        ("unoccupied area", "an"),
        ("earthquake", "an"),
        ("eight", "an"),
        ("eleven", "an"),
        ("uprising", "an"),
        # vowel letters, consonant sounds
        ("unit", "a"),
        ("Unit", "a"),
        ("unique", "a"),
        ("union", "a"),
        ("uniform", "a"),
        ("university", "a"),
        ("usual", "a"),
        ("use", "a"),
        ("utility", "a"),
        ("European", "a"),
        ("Euphrates tile", "a"),
        ("one", "a"),
        ("one-time link", "a"),
        ("once-great city", "a"),
        # consonant letters
        ("piece", "a"),
        ("hand", "a"),
        ("history", "a"),
        ("Yellow", "a"),
        # silent h
        ("hour", "an"),
        ("honest", "an"),
        ("honour", "an"),
        ("honorable", "an"),
        ("heir", "an"),
        # capitals read letter by letter
        ("RP", "an"),
        ("RPs", "an"),
        ("MP", "an"),
        ("SVG", "an"),
        ("HTML", "an"),
        ("LP", "an"),
        ("VP", "a"),
        ("VPs", "a"),
        ("UK", "a"),
        ("URL", "a"),
        ("X", "an"),
        ("F", "an"),
        ("U", "a"),
        ("B", "a"),
        # capitals spoken as words
        ("NATO", "a"),
        ("UFO", "a"),
        # figures
        ("8", "an"),
        ("8-point", "an"),
        ("80", "an"),
        ("800", "an"),
        ("8th", "an"),
        ("11", "an"),
        ("11th", "an"),
        ("18", "an"),
        ("11000", "an"),
        ("18000", "an"),
        ("110", "a"),
        ("180", "a"),
        ("1", "a"),
        ("3", "a"),
        ("1.8", "a"),
        ("-1", "a"),
        # punctuation and spacing
        ('"Ottoman"', "an"),
        ("(unit)", "a"),
        ("  apple", "an"),
    ],
)
def test_article_follows_the_sound(word: str, expected: str) -> None:
    assert article(word) == expected


def test_article_refuses_nothing() -> None:
    for empty in ("", "   ", "(", "-", "?"):
        with pytest.raises(ValueError):
            article(empty)


def test_a_prefixes_the_article() -> None:
    assert a("unit") == "a unit"
    assert a("Ottoman piece") == "an Ottoman piece"
    assert a("hour") == "an hour"
    assert a("European") == "a European"
    assert a("RP") == "an RP"
    assert a("Ochre card", capital=True) == "An Ochre card"
    assert a("piece", capital=True) == "A piece"


def test_join_writes_a_list_like_a_sentence() -> None:
    assert join([]) == ""
    assert join(["a"]) == "a"
    assert join(["a", "b"]) == "a and b"
    assert join(["a", "b", "c"]) == "a, b and c"
    assert join(["a", "b", "c", "d"]) == "a, b, c and d"
    assert join(("x", "y"), "or") == "x or y"
    assert join(iter(["one", "two", "three"]), "or") == "one, two or three"


def test_the_module_exports_exactly_its_helpers() -> None:
    assert sorted(wording.__all__) == ["a", "article", "count", "join", "plural_of"]
