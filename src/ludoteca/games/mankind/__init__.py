"""Mankind, the dice-and-table civilization game, from its rulebook.

Modules follow the rulebook's chapters: ``turn`` (Turn Sequence, Gains, Event and Trade Phases),
``conquest``, ``raids``, ``war``, ``incursion``, ``effects`` (Boons and Disasters), ``build``
(Build Phase), ``limits`` (Limit Phase), ``eras`` (End of an Era) and ``scoring`` (End of Game
Scoring Bonuses). The tables themselves are data in ``data/``, loaded by ``content``.
"""

from ludoteca.games.mankind import (  # noqa: F401  (importing registers each module's rules steps)
    build,
    conquest,
    effects,
    incursion,
    limits,
    raids,
    turn,
    war,
)
from ludoteca.games.mankind.state import MankindGame, MankindState

__all__ = ["MankindGame", "MankindState"]
