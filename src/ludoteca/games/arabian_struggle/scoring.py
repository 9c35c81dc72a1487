"""Phase 6 – Scoring: the Tribal Conference (Step 1) and Region Population (Step 2).

AS: Phase 6 — Step 1: 1 VP to the Faction with the most pieces in the Tribal Conference, none on a tie.
Step 2: in each of the scoring regions (Rub' Al-Khali has no population icon) 1 VP to the Faction
controlling the most population icons plus Nomad pieces; ties award nothing; if an Empire controls the
most, nobody scores. An Empire controls an area (and its Nomad) with one piece whatever the Faction pieces;
a Faction with at least one piece and no Empire piece controls it. 2 Players: the Rasheedi never gain VP
but their pieces still block (docs/rulings.md AS-R17).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.arabian_struggle import board
from ludoteca.games.arabian_struggle.machine import RULES, Frame

if TYPE_CHECKING:
    from ludoteca.games.arabian_struggle.state import ArabianStruggleState


def award(state: ArabianStruggleState, faction: str, why: str) -> None:
    if board.is_player(state, faction):
        board.gain_vp(state, faction)
        state.emit("score", f"{faction} scores 1 VP for {why}.", faction=faction, why=why)
    else:
        state.emit("score_none", f"The Rasheedi lead {why} but gain no VP in the 2-player game.", why=why)


def region_population(state: ArabianStruggleState, region: str) -> dict[str, int]:
    """Population icons plus Nomads controlled by each Faction or Empire in ``region``."""
    content = board.content()
    totals: dict[str, int] = {}
    for name in content.regions[region]:
        owner = board.controller(state, name)
        if owner is None:
            continue
        value = content.areas[name].population + board.count(state, name, "Nomad")
        totals[owner] = totals.get(owner, 0) + value
    return totals


@RULES.auto("scoring")
def scoring(state: ArabianStruggleState, frame: Frame) -> None:
    # Step 1: Tribal Conference (its pieces stay from Era to Era: docs/rulings.md AS-R23).
    tc = {f: n for f, n in state.data["tc"].items() if n}
    if tc:
        best = max(tc.values())
        leaders = [f for f, n in tc.items() if n == best]
        if len(leaders) == 1:
            award(state, leaders[0], "the Tribal Conference")
        else:
            state.emit("score_tie", f"The Tribal Conference is tied ({', '.join(leaders)}): no VP.")
    # Step 2: Region Population.
    for region in board.content().scoring_regions:
        totals = region_population(state, region)
        best = max(totals.values(), default=0)
        if best <= 0:
            continue
        leaders = [owner for owner, n in totals.items() if n == best]
        if any(owner in board.EMPIRES for owner in leaders):
            state.emit("score_empire", f"{region}: an Empire controls the most population; no VP.", region=region)
        elif len(leaders) > 1:
            state.emit("score_tie", f"{region}: {', '.join(leaders)} tie on population; no VP.", region=region)
        else:
            award(state, leaders[0], f"the population of {region} ({best})")
