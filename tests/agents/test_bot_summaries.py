"""What the lobby says of each bot in each game holds there: a bot is called "the strongest" only in a game whose
latest ladder in docs/agents.md rates it first, and a game's own words name real agents."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from ludoteca.agents import agent_names, agent_summaries
from ludoteca.core.registry import list_games, load_game

DOCS = Path(__file__).resolve().parents[2] / "docs" / "agents.md"


def latest_ladder_leaders() -> dict[str, str]:
    """Each game's first-rated agent in the newest ladder of docs/agents.md's "Ladders" section (a game rated again
    lower in the table, "<title>, again on …", replaces its earlier rows)."""
    section = DOCS.read_text().split("\n## Ladders\n", 1)[1].split("\n**The first ladders", 1)[0]
    leaders: dict[str, str] = {}
    for line in section.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if len(cells) < 3 or not cells[0] or cells[0] == "game" or set(cells[0]) <= {"-"}:
            continue
        title = re.split(r",\s+again on", cells[0])[0]
        leaders[title] = cells[1]
    return leaders


def bot_words(game_id: str) -> dict[str, str]:
    return agent_summaries(load_game(game_id))


@pytest.mark.parametrize("game_id", list_games())
def test_a_games_own_words_name_known_agents(game_id: str) -> None:
    own = type(load_game(game_id)).bot_summaries
    assert set(own) <= set(agent_names()), f"{game_id} describes unknown agents {set(own) - set(agent_names())}"
    assert all(isinstance(text, str) and text.strip() for text in own.values())


def test_the_strongest_is_said_only_where_the_ladder_rates_it_first() -> None:
    leaders = latest_ladder_leaders()
    checked = 0
    for game_id in list_games():
        title = load_game(game_id).title
        if title not in leaders:
            continue
        for agent, text in bot_words(game_id).items():
            if "strongest" in text:
                checked += 1
                first = leaders[title]
                assert first == agent, f"{title}: {agent!r} is called the strongest, the ladder rates {first!r} first"
    assert checked >= 3  # Mankind, T&E and Arabian Struggle, where the search leads


def test_advanced_civilization_does_not_call_its_search_the_strongest() -> None:
    """Session 22's ladder rated the heuristic first in Advanced Civilization (the search won 9 of their 20 games):
    the lobby's general words for the search ("the strongest") would mislead a person choosing an opponent."""
    assert latest_ladder_leaders()["Advanced Civilization"] == "heuristic"
    assert "strongest" not in bot_words("advanced-civilization")["ismcts"]
    assert "strongest" in bot_words("mankind")["ismcts"]
