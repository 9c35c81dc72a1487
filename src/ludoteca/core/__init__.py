"""The game-agnostic core: the contract every game meets, and nothing game-specific."""

from ludoteca.core import wording
from ludoteca.core.errors import (
    BadOptions,
    BadRecord,
    IllegalAction,
    InvariantError,
    LudotecaError,
    ScriptError,
    UnknownGame,
)
from ludoteca.core.estimate import lead_estimates
from ludoteca.core.game import Action, Game, OptionSpec, Seat, State, copy_plain
from ludoteca.core.record import check_record, load_record, replay, save_record
from ludoteca.core.registry import game_class, list_games, load_game, register, unregister
from ludoteca.core.rng import FAST, GENERATORS, KEYED, KeyedRng, Rng, derive_seed, keyed_seed, make_rng

__all__ = [
    "FAST",
    "GENERATORS",
    "KEYED",
    "Action",
    "BadOptions",
    "BadRecord",
    "Game",
    "IllegalAction",
    "InvariantError",
    "KeyedRng",
    "LudotecaError",
    "OptionSpec",
    "Rng",
    "ScriptError",
    "Seat",
    "State",
    "UnknownGame",
    "check_record",
    "copy_plain",
    "derive_seed",
    "game_class",
    "keyed_seed",
    "lead_estimates",
    "list_games",
    "load_game",
    "load_record",
    "make_rng",
    "register",
    "replay",
    "save_record",
    "unregister",
    "wording",
]
