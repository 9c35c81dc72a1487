"""What the web client draws beyond ``view(seat)``: the map and the faces of the cards, sent once with a game.

:func:`static_data` is called by :mod:`ludoteca.server.games`; keep it to public, never-changing facts.
"""

from __future__ import annotations

import functools
import tomllib
from typing import Any

from ludoteca.games.arabian_struggle.content import DATA_DIR, load_content

# The rules help the page attaches to the map's symbols and tracks (data/help.toml).
HELP_KEYS = (
    "key_city",
    "british_flag",
    "supply",
    "population",
    "road",
    "track",
    "city",
    "tribe",
    "open",
    "nomad",
    "empires",
    "turn_order",
    "vp_track",
    "tribal_conference",
    "combat",
)


@functools.cache
def load_help() -> dict[str, dict[str, str]]:
    """``data/help.toml``, checked: every key the page uses is there with a title, a text and the rulebook
    section it comes from, and nothing else is (a misspelt key would never be shown)."""
    with open(DATA_DIR / "help.toml", "rb") as handle:
        raw = tomllib.load(handle)
    missing = [key for key in HELP_KEYS if key not in raw]
    unknown = sorted(set(raw) - set(HELP_KEYS))
    if missing or unknown:
        raise ValueError(f"data/help.toml: missing {missing}, unknown {unknown}")
    entries = {}
    for key in HELP_KEYS:
        entry = raw[key]
        for field in ("title", "text", "rule"):
            if not isinstance(entry.get(field), str) or not entry[field].strip():
                raise ValueError(f"data/help.toml: [{key}] needs a non-empty {field}")
        entries[key] = {"title": entry["title"], "text": entry["text"], "rule": entry["rule"]}
    return entries


def static_data(_options: dict[str, Any]) -> dict[str, Any]:
    """The map (coordinates, links, regions), the faces of the cards and the set-up figures a page shows."""
    content = load_content()
    areas = {
        name: {
            "x": area.x,
            "y": area.y,
            "region": area.region,
            "type": area.type,
            "supply": area.supply,
            "population": area.population,
            "key_city": area.key_city,
            "british_flag": area.british_flag,
        }
        for name, area in content.areas.items()
    }
    links = sorted(
        {(*sorted((name, b)), b in area.roads) for name, area in content.areas.items() for b in area.adjacent}
    )
    regions = {
        name: {"areas": list(members), "scoring": name in content.scoring_regions}
        for name, members in content.regions.items()
    }
    # The deck's cards are public (only who holds which is hidden): the hand and the events show their faces.
    cards = {
        str(number): {
            "title": card.title,
            "faction": card.faction,
            "op": card.op,
            "eras": list(card.eras),
            "regions": list(card.regions),
            "modifiers": dict(card.modifiers),
            "text": card.text,
            "duration": card.duration,
            "lasting_text": card.lasting_text,
        }
        for number, card in content.cards.items()
    }
    setup = content.setup
    wanted = ("hand", "rounds", "early_win_vp")
    players = {count: {k: v for k, v in spec.items() if k in wanted} for count, spec in setup["players"].items()}
    return {
        "areas": areas,
        "links": [[a, b, road] for a, b, road in links],
        "regions": regions,
        "cards": cards,
        "eras": list(setup.get("era_names", [])),
        "players": players,
        "home_regions": dict(setup.get("home_regions", {})),
        "help": load_help(),
    }
