"""Tigris & Euphrates, from the seed note and the reference digest of the standard rules.

Modules follow the rules' sections: ``turn`` (the two actions, end of turn), ``leaders`` (positioning
leaders), ``tiles`` (tiles and catastrophes), ``conflicts`` (revolts and wars), ``monuments``,
``treasures`` and ``scoring`` (final scoring); ``board`` computes regions and kingdoms; the boards and
components are data in ``data/``, loaded by ``content``.
"""

from ludoteca.games.tigris_euphrates import conflicts, monuments, treasures, turn  # noqa: F401  (register steps)
from ludoteca.games.tigris_euphrates.state import TigrisGame, TigrisState

__all__ = ["TigrisGame", "TigrisState"]
