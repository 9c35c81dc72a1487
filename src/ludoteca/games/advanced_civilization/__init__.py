"""Advanced Civilization (Avalon Hill, 1991), from ``../shared/reference/advanced-civilization.md``.

Modules follow the rulebook's phases: ``taxation`` (§19),
``expansion`` (§20), ``census`` (§21), ``ships`` (§22), ``movement`` (§23), ``conflict`` (§24),
``cities`` (§25), ``surplus`` (§26), ``cards`` (§15, §27), ``trade`` (§28), ``calamities`` (§29) with
``calamity_cards`` (§30) and ``barbarians``, ``additional_calamities`` (the variant's four cards),
``advances`` (§31); ``turn`` holds set-up, the turn sequence,
the A.S.T. and the end;
``pieces`` moves every piece; the map, nations and advances are data in ``data/``, loaded by ``content``.
"""

from ludoteca.games.advanced_civilization import (  # noqa: F401  (register steps)
    additional_calamities,
    advances,
    barbarians,
    calamities,
    calamity_cards,
    cards,
    census,
    cities,
    conflict,
    expansion,
    movement,
    ships,
    surplus,
    taxation,
    trade,
    turn,
)
from ludoteca.games.advanced_civilization.state import AdvancedCivilizationGame, CivState

__all__ = ["AdvancedCivilizationGame", "CivState"]
