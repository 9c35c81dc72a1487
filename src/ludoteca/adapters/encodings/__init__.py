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


# Options the adapters use where the caller names none (issue #24): a setting in which even random play meets
# the whole game. From Advanced Civilization's rulebook start (one token, §4.4) random seats seldom build a city
# in 15 turns: in 50 random 3-player games none traded or met a calamity, and 27 of its 49 action blocks were
# never offered; from the developed start (AC-R36) every game did, and 42 of 49 were (docs/adapters.md).
ADAPTER_DEFAULTS: dict[str, dict[str, Any]] = {"advanced-civilization": {"start": "developed"}}


def adapter_defaults(game_id: str) -> dict[str, Any]:
    """The game options the adapters take by default, where they differ from the game's own (a copy)."""
    return dict(ADAPTER_DEFAULTS.get(game_id, {}))


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
    """Load a game and its encoding, with the adapters' defaults under the options given (:data:`ADAPTER_DEFAULTS`);
    every bad game id, player count or option is :class:`BadOptions`."""
    try:
        game = load_game(game_id, players, {**adapter_defaults(game_id), **(options or {})})
    except UnknownGame as error:
        raise BadOptions(str(error)) from error
    return encoding_for(game)
