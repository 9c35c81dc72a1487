"""Each game's search settings (its ``search_defaults``) are the ones docs/agents.md gives and explains: the table
there is what a reader of the strength figures trusts, so a setting changed in code without it fails here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import ludoteca
from ludoteca.agents import make_agent
from ludoteca.agents.ismcts import IsmctsAgent

DOCS = Path(__file__).resolve().parents[2] / "docs" / "agents.md"
TITLES = {"mankind": "Mankind", "tigris-euphrates": "Tigris & Euphrates"}


def _value(text: str) -> float | str:
    """A setting's value as the code holds it: a number, or a name (a weight set)."""
    try:
        return float(text)
    except ValueError:
        return text


def documented_settings() -> dict[str, dict[str, float | str]]:
    """The settings column of the table under "Each game's search settings", by game title."""
    text = DOCS.read_text(encoding="utf-8")
    table = text.split("### Each game's search settings", 1)[1].split("\n## ", 1)[0]
    settings: dict[str, dict[str, float | str]] = {}
    for line in table.splitlines():
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        found = re.fullmatch(r"`([^`]*)`", cells[1]) if len(cells) > 2 else None
        if found is not None:
            pairs = (item.split("=") for item in found.group(1).split(","))
            settings[cells[0]] = {key: _value(value) for key, value in pairs}
    return settings


@pytest.mark.parametrize("game_id", sorted(TITLES))
def test_the_documented_settings_are_the_games(game_id: str) -> None:
    state = ludoteca.load_game(game_id, players=2).new_state(seed=0)
    documented = documented_settings()[TITLES[game_id]]
    assert {key: _value(str(value)) for key, value in state.game.search_defaults.items()} == documented
    agent = make_agent("ismcts")
    assert isinstance(agent, IsmctsAgent)
    assert agent.budget(state) == documented["iterations"]  # what a plain `ismcts` seat runs


@pytest.mark.parametrize("game_id", ["arabian-struggle", "advanced-civilization"])
def test_games_without_settings_search_with_the_agents_own(game_id: str) -> None:
    state = ludoteca.load_game(game_id, players=2).new_state(seed=0)
    assert not state.game.search_defaults
    assert make_agent("ismcts").budget(state) == IsmctsAgent.ITERATIONS == 400  # the table's "400 iterations"
