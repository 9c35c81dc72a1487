"""Advanced Civilization (Avalon Hill, 1991), from ``../shared/reference/advanced-civilization.md``.

Part 1 plays the board half of the turn. Modules follow the rulebook's phases: ``taxation`` (§19),
``expansion`` (§20), ``census`` (§21), ``ships`` (§22), ``movement`` (§23), ``conflict`` (§24),
``cities`` (§25), ``surplus`` (§26); ``turn`` holds set-up, the turn sequence, the A.S.T. and the end;
``pieces`` moves every piece; the map, nations and advances are data in ``data/``, loaded by ``content``.
"""

from ludoteca.games.advanced_civilization import (  # noqa: F401  (register steps)
    census,
    cities,
    conflict,
    expansion,
    movement,
    ships,
    surplus,
    taxation,
    turn,
)
from ludoteca.games.advanced_civilization.state import AdvancedCivilizationGame, CivState

__all__ = ["AdvancedCivilizationGame", "CivState"]
