"""End of Game Scoring Bonuses and the winner.

Mankind: Victory — "The player with the most Victory Points at the end of the game wins."
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.games.mankind.civilization import VP_NOTES, VP_SOURCES, builds_of_kind, level, score
from ludoteca.games.mankind.content import TRAIT_NAMES

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
            score(players[seat], f"bonus:{bonus.name}", share)
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


def measure_name(what: str) -> str:
    """What a bonus compares, in words: "most Conquests", "highest Culture Level"."""
    if what in ("conquests", "wonders"):
        return f"most {what.title()}"
    return f"highest {TRAIT_NAMES[what]}"


def breakdown(state: MankindState) -> dict[str, Any]:
    """The final score explained: Victory Points by source for every seat, each End of Game Scoring Bonus by
    name, then the final score, which decides the ranking.

    Mankind keeps VP as one running total; the ledger (``vp_from``) kept beside it by every rule that moves VP
    says where they came from, so each column adds up to the seat's final VP. A source row appears when some
    seat has VP from it; every bonus has its row, with what each seat measured in its note.
    """
    players = state.data["players"]
    seats = range(len(players))
    ledgers = [player["vp_from"] for player in players]
    rows: list[dict[str, Any]] = []
    sources = [*VP_SOURCES, *sorted({k for led in ledgers for k in led} - set(VP_SOURCES) - _bonus_keys(state))]
    for source in sources:
        values = [led.get(source, 0) for led in ledgers]
        if source == "start" or any(values):
            rows.append({"label": VP_SOURCES.get(source, source), "values": values, "note": VP_NOTES.get(source, "")})
    awarded = state.data["bonuses"]
    for bonus in state.content.bonuses:
        measured = [measure(p, bonus.measure) for p in players]
        winners = awarded.get(bonus.name, [])
        values = [ledgers[s].get(f"bonus:{bonus.name}", 0) for s in seats]
        what = measure_name(bonus.measure)
        if not winners:
            note = f"{what}: nobody has any, no bonus"
        elif len(winners) > 1:
            # MK: End of Game Scoring Bonuses — a tie shares the bonus, rounded down (docs/rulings.md, Mankind R14).
            seats_ = " and ".join(f"seat {s}" for s in winners)
            note = f"{what}: {seats_} tie with {measured[winners[0]]} and share {bonus.vp} VP"
        else:
            note = f"{what}: seat {winners[0]} with {measured[winners[0]]}"
        rows.append({"label": f"{bonus.name} ({bonus.vp} VP)", "values": values, "note": note})
    scores = [p["vp"] for p in players]
    rows.append({"label": "Final score (VP)", "values": scores})
    best = max(scores)
    leaders = [s for s in seats if scores[s] == best]
    notes = ["Victory: the player with the most Victory Points at the end of the game wins."]
    if len(leaders) > 1:
        # MK: Victory — players tied on VP at the end share the victory (docs/rulings.md, Mankind R14).
        notes.append("Seats " + " and ".join(str(s) for s in leaders) + f" tie with {best} VP and share the win.")
    notes.append("A bonus two or more players lead is shared between them, rounded down.")
    return {"rows": rows, "notes": notes}


def _bonus_keys(state: MankindState) -> set[str]:
    return {f"bonus:{bonus.name}" for bonus in state.content.bonuses}
