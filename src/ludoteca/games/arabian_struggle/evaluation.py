"""How a good Arabian Struggle player weighs a position: the heuristic the bots search with.

Strategy, in a player's words: Victory Points decide, so they count most (and ties go to the Saudi, then the
Hashemite); the four key cities win the game outright, so each one held is worth a lot; each region's
population is a VP every era to whoever controls the most of it, so leading a region counts; and pieces on
the map are what holds all that and wins combats (supply caps them, so beyond a few per area they add little).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core import lead_estimates
from ludoteca.games.arabian_struggle import board
from ludoteca.games.arabian_struggle.scoring import region_population

if TYPE_CHECKING:
    from ludoteca.games.arabian_struggle.state import ArabianStruggleState


# AS: Goal — tied scores: "the Saudi always win, the Rasheedi always lose" (docs/rulings.md AS-R18). A tenth of a
# VP (worth 3.0 here) per place ahead in the tie order: a position that is even in everything else is not even
# for the rules, and too little to outweigh anything else.
TIE_EDGE = {faction: 0.3 * (len(board.TIE_ORDER) - 1 - place) for place, faction in enumerate(board.TIE_ORDER)}


def strengths(state: ArabianStruggleState) -> dict[str, float]:
    """Each player Faction's worth in Victory Points, counting what its position will earn."""
    content = board.content()
    factions = list(state.data["players"])
    value = {f: 3.0 * state.data["vp"][f] + TIE_EDGE[f] for f in factions}
    for area in content.areas.values():
        owner = board.controller(state, area.name)
        if owner in value and area.key_city:
            value[owner] += 2.5
        for faction in factions:
            pieces = board.count(state, area.name, faction)
            if pieces:
                value[faction] += 0.25 * min(pieces, area.supply)
    for region in content.scoring_regions:
        totals = region_population(state, region)
        best = max(totals.values(), default=0)
        leaders = [owner for owner, n in totals.items() if n == best and best > 0]
        if len(leaders) == 1 and leaders[0] in value:
            value[leaders[0]] += 1.5
    return value


def evaluate_all(state: ArabianStruggleState) -> list[float]:
    """Win estimates in [0, 1]: each seat's lead, through its Faction, over the best rival Faction."""
    value = strengths(state)
    factions = list(value)
    estimate = dict(zip(factions, lead_estimates([value[f] for f in factions], 3.0), strict=True))
    return [estimate[faction] for faction in state.data["players"]]
