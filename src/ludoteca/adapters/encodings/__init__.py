"""One encoding module per game: its fixed action space and observation.

Kept beside the adapters rather than inside each game's package so that the games stay free of numpy
and of any RL concern; a game only has to keep its decision names and payloads stable (the round-trip
test in ``tests/adapters`` fails loudly, naming the decision, when one changes).
"""

from __future__ import annotations

import importlib
from typing import Any

from ludoteca.adapters.encoding import Encoding
from ludoteca.core.errors import BadOptions, UnknownGame
from ludoteca.core.game import Game
from ludoteca.core.registry import load_game

_ENCODINGS: dict[str, str] = {
    "advanced-civilization": "ludoteca.adapters.encodings.advanced_civilization:AdvancedCivilizationEncoding",
    "arabian-struggle": "ludoteca.adapters.encodings.arabian_struggle:ArabianStruggleEncoding",
    "mankind": "ludoteca.adapters.encodings.mankind:MankindEncoding",
    "tigris-euphrates": "ludoteca.adapters.encodings.tigris_euphrates:TigrisEncoding",
}


def encoded_games() -> list[str]:
    """Ids of the games that have an encoding (a registered game may not have one yet)."""
    return sorted(_ENCODINGS)


def encoding_class(game_id: str) -> type[Encoding]:
    target = _ENCODINGS.get(game_id)
    if target is None:
        raise BadOptions(
            f"{game_id} has no reinforcement-learning encoding yet (games with one: {', '.join(encoded_games())})"
        )
    module_name, _, attribute = target.partition(":")
    cls: type[Encoding] = getattr(importlib.import_module(module_name), attribute)
    return cls


def encoding_for(game: Game) -> Encoding:
    """The encoding of ``game`` (its player count and options included)."""
    return encoding_class(game.id)(game)


def load_encoded(game_id: str, players: int | None = None, options: dict[str, Any] | None = None) -> Encoding:
    """Load a game and its encoding; every bad game id, player count or option is :class:`BadOptions`."""
    try:
        game = load_game(game_id, players, options)
    except UnknownGame as error:
        raise BadOptions(str(error)) from error
    return encoding_for(game)
