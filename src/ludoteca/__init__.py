"""Ludoteca: tabletop strategy rulebooks turned into faithful, playable, fast software.

The public API in brief::

    import ludoteca
    ludoteca.list_games()
    game = ludoteca.load_game("mankind", players=4)
    state = game.new_state(seed=7)
    seat = state.to_act()[0]
    state.apply(seat, state.legal_actions(seat)[0])
    ludoteca.replay(state.record())
"""

from ludoteca.core import (
    Action,
    BadOptions,
    BadRecord,
    Game,
    IllegalAction,
    LudotecaError,
    ScriptError,
    State,
    UnknownGame,
    list_games,
    load_game,
    replay,
)

__version__ = "0.1.0"

__all__ = [
    "Action",
    "BadOptions",
    "BadRecord",
    "Game",
    "IllegalAction",
    "LudotecaError",
    "ScriptError",
    "State",
    "UnknownGame",
    "__version__",
    "list_games",
    "load_game",
    "replay",
]
