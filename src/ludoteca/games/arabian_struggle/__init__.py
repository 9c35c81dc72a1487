"""Arabian Struggle, the card-driven game of Arabia 1902-1925, from its rulebook.

Modules follow the rulebook's sequence of play: ``deal`` (Phase 1), ``turn_order`` (Phase 2),
``action_round`` (Phase 3: playing cards, out-of-turn and Rasheedi events, spending OP), ``conference``
(Tribal Conference attempts), ``events`` (Execute Event), ``recruitment``, ``movement``, ``combat``
(Combat, Combat Resolution, attacking Empire pieces), ``overpopulation`` (Phase 4), ``nomads`` (Phase 5),
``scoring`` (Phase 6), ``end_of_era`` (Phase 7), ``victory`` (early wins and Victory Quality Levels) and
``variants`` (the Historical and Draft variants). The map and cards are data in ``data/``, loaded and
validated by ``content``.
"""

from ludoteca.games.arabian_struggle import (  # noqa: F401  (importing registers each module's rules steps)
    action_round,
    combat,
    conference,
    deal,
    end_of_era,
    events,
    movement,
    nomads,
    overpopulation,
    recruitment,
    scoring,
    turn_order,
    variants,
)
from ludoteca.games.arabian_struggle.state import ArabianStruggleGame, ArabianStruggleState

__all__ = ["ArabianStruggleGame", "ArabianStruggleState"]
