"""Trait levels are memoised on the spread, stepwise from the spread less its newest build: they must
always equal the plain sum over every card, whatever order the spread was reached in."""

from __future__ import annotations

import random

import pytest

from ludoteca.games.mankind.civilization import card, level, levels
from ludoteca.games.mankind.content import TRAITS, load_content


def _plain_levels(player: dict) -> dict[str, int]:
    content = load_content()
    total = dict.fromkeys(TRAITS, 0)
    for build_id in player["builds"]:
        for code, delta in card(build_id).traits:
            total[code] += delta
    government = content.anarchy if player["government"] is None else card(player["government"]).traits
    for code, delta in government:
        total[code] += delta
    for code, delta in player["mods"].items():
        total[code] += delta
    return total


@pytest.mark.parametrize("length", [0, 1, 7, 30, 99, 100, 101, 250])
def test_levels_equal_the_plain_sum_of_the_cards(length: int) -> None:
    content = load_content()
    ids = sorted(b for b, c in content.builds.items() if c.kind != "government")
    governments = sorted(b for b, c in content.builds.items() if c.kind == "government")
    rng = random.Random(length)
    for _ in range(20):
        player = {
            "builds": [rng.choice(ids) for _ in range(length)],
            "government": rng.choice([None, *governments]),
            "conquests": [],
            "mods": {"ML": -1, "SL": 2} if rng.random() < 0.5 else {},
        }
        assert levels(player) == _plain_levels(player)
        # then change it the ways the rules do: one more at the end, the oldest lost, one from the middle
        for change in range(3):
            if change == 0:
                player["builds"].append(rng.choice(ids))
            elif player["builds"]:
                player["builds"].pop(0 if change == 1 else len(player["builds"]) // 2)
            assert levels(player) == _plain_levels(player)
            assert all(level(player, code) == _plain_levels(player)[code] for code in TRAITS)
