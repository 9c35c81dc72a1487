"""End of Game Scoring Bonuses and the winner.

Mankind: Victory — "The player with the most Victory Points at the end of the game wins."
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.mankind.civilization import builds_of_kind, level

if TYPE_CHECKING:
    from ludoteca.games.mankind.civilization import Player
    from ludoteca.games.mankind.state import MankindState


def measure(player: Player, what: str) -> int:
    """A player's standing for one bonus: a count (conquests, wonders) or a trait level."""
    if what == "conquests":
        return len(player["conquests"])
    if what == "wonders":
        return len(builds_of_kind(player, "wonder"))
    return level(player, what)


def final_scoring(state: MankindState) -> None:
    """Award every bonus; tied leaders share it, rounded down (docs/rulings.md, Mankind R14)."""
    data = state.data
    players = data["players"]
    awards: dict[str, list[int]] = {}
    for bonus in state.content.bonuses:
        values = [measure(p, bonus.measure) for p in players]
        best = max(values)
        if bonus.measure in ("conquests", "wonders") and best <= 0:
            state.emit("bonus", f"{bonus.name}: nobody has any {bonus.measure}; no bonus.", bonus=bonus.name)
            awards[bonus.name] = []
            continue
        winners = [seat for seat, value in enumerate(values) if value == best]
        share = bonus.vp // len(winners)
        for seat in winners:
            players[seat]["vp"] += share
        awards[bonus.name] = winners
        names = ", ".join(f"seat {s}" for s in winners)
        state.emit(
            "bonus",
            f"{bonus.name} ({bonus.vp} VP): {names} with {best}, {share} VP" + (" each." if len(winners) > 1 else "."),
            bonus=bonus.name,
            winners=winners,
            vp=share,
        )
    data["bonuses"] = awards
    data["over"] = True
    scores = [p["vp"] for p in players]
    state.emit("game_end", "Final Victory Points: " + ", ".join(f"seat {s} {v}" for s, v in enumerate(scores)) + ".")
