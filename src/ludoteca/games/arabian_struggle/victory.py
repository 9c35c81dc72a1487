"""Goal, Phase 7 Steps 1–2 and Victory Quality Levels: who wins, and how well.

AS: Goal / Phase 7 Step 1 — an End-of-Era early win (immediate game end) by controlling all 4 key cities
(Ha'il, Riyadh, Makkah, Madina al-Munawwarah) or by having 12 VP (2 Players: 14); tied scores: the Saudi
always win, the Rasheedi always lose. Step 2 — after the Post-War Era the highest score wins.
AS: Victory Quality Levels — Best (Greater Arab Caliphate): all 4 key cities conquered, or 3+ VP over the
second Faction; Good (Petty Sheikdoms): first and last within 2 VP; otherwise Better (Arabian Kingdom).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.games.arabian_struggle import board

if TYPE_CHECKING:
    from ludoteca.games.arabian_struggle.state import ArabianStruggleState

CALIPHATE = "Greater Arab Caliphate"
KINGDOM = "Arabian Kingdom"
SHEIKDOMS = "Petty Sheikdoms"


def standings(state: ArabianStruggleState) -> list[str]:
    """Player Factions best first: by VP, ties broken Saudi, Hashemite, Rasheedi (docs/rulings.md AS-R18)."""
    vp = state.data["vp"]
    return sorted(state.data["players"], key=lambda f: (-vp[f], board.TIE_ORDER.index(f)))


def key_city_holder(state: ArabianStruggleState) -> str | None:
    cities = [a.name for a in board.content().areas.values() if a.key_city]
    owners = {board.controller(state, city) for city in cities}
    if len(owners) == 1:
        owner = owners.pop()
        if owner is not None and board.is_player(state, owner):
            return owner
    return None


def quality(state: ArabianStruggleState, winner: str, by_key_cities: bool) -> str:
    vp = state.data["vp"]
    ranked = standings(state)
    others = [f for f in ranked if f != winner]
    if by_key_cities or (others and vp[winner] - max(vp[f] for f in others) >= 3):
        return CALIPHATE
    if max(vp[f] for f in ranked) - min(vp[f] for f in ranked) <= 2:
        return SHEIKDOMS
    return KINGDOM


def finish(state: ArabianStruggleState, winner: str, how: str, by_key_cities: bool = False) -> None:
    data = state.data
    data["over"] = True
    data["winner"] = winner
    data["how"] = how
    data["quality"] = quality(state, winner, by_key_cities)
    data["stack"] = []
    scores = ", ".join(f"{f} {data['vp'][f]}" for f in standings(state))
    state.emit(
        "game_over",
        f"{winner} wins ({how}): {data['quality']}. Final scores: {scores}.",
        winner=winner,
        how=how,
        quality=data["quality"],
    )


def early_win(state: ArabianStruggleState) -> bool:
    """Step 1: the key cities (the greatest victory, checked first: AS-R18), then the VP threshold."""
    holder = key_city_holder(state)
    if holder is not None:
        finish(state, holder, "all four key cities", by_key_cities=True)
        return True
    threshold = int(board.content().setup["players"][str(state.players)]["early_win_vp"])
    reached = [f for f in standings(state) if state.data["vp"][f] >= threshold]
    if reached:
        finish(state, reached[0], f"{state.data['vp'][reached[0]]} VP at the end of an Era")
        return True
    return False


LEVELS = {CALIPHATE: "Best", KINGDOM: "Better", SHEIKDOMS: "Good"}


def breakdown(state: ArabianStruggleState, order: list[str]) -> dict[str, Any]:
    """The end-of-game score breakdown (one value per seat, seats in ``data["players"]`` order): the VP each
    Faction gained in each Era (``era_vp``), the key cities it controls, then the final VP, which with the
    tie order decides the ranking (AS: Phase 7 Steps 1–2); the notes say how the game was won, the Victory
    Quality Level and why, and how ties were broken. ``order`` is the result's ranking, winner first.
    """
    data = state.data
    players = list(data["players"])
    vp = data["vp"]
    rows: list[dict[str, Any]] = [{"label": "Faction", "values": players}]
    gained = {f: sum(era[f] for era in data["era_vp"]) for f in players}
    before = {f: vp[f] - gained[f] for f in players}
    if any(before.values()):  # a game started from a scenario with scores already on the track
        rows.append({"label": "VP at the start", "values": [before[f] for f in players]})
    for k, name in enumerate(board.ERA_NAMES):
        if k < data["era"]:
            rows.append({"label": f"{name} Era", "values": [data["era_vp"][k][f] for f in players]})
        else:
            rows.append({"label": f"{name} Era", "values": ["—" for _ in players], "note": "not played"})
    cities = [a.name for a in board.content().areas.values() if a.key_city]
    held = {f: sum(1 for c in cities if board.controller(state, c) == f) for f in players}
    rows.append({"label": "Key cities controlled", "values": [f"{held[f]}/4" for f in players]})
    rows.append({"label": "Final VP", "values": [vp[f] for f in players], "note": "decides the ranking"})
    winner = data["winner"]
    notes = [f"{winner} wins: {data['how']}."]
    level = data["quality"]
    others = [f for f in order if f != winner]
    if others:
        lead = vp[winner] - max(vp[f] for f in others)
        spread = max(vp[f] for f in players) - min(vp[f] for f in players)
        if level == CALIPHATE and held[winner] == len(cities) and data["how"] == "all four key cities":
            why = "all four key cities conquered"
        elif level == CALIPHATE:
            why = f"{lead} VP ahead of the second Faction, 3 or more needed"
        elif level == SHEIKDOMS:
            why = f"first and last only {spread} VP apart, 2 or less"
        else:
            why = f"{lead} VP ahead of the second, first and last {spread} VP apart"
        notes.append(f"Victory level: {level} ({LEVELS.get(level, '')}): {why}.")
    for score in sorted({vp[f] for f in players}, reverse=True):
        tied = [f for f in order if vp[f] == score]
        if len(tied) > 1:
            notes.append(
                f"{' and '.join(tied)} tie on {score} VP: {tied[0]} ranks first (ties: Saudi always win, Rasheedi "
                "always lose)."
            )
    if state.players == 2:
        notes.append("2 players: the Rasheedi are not played and score no VP.")
    variant = state.game.options.get("variant", "standard")
    if variant != "standard":
        notes.append(f"{variant.capitalize()} Variant.")
    return {"rows": rows, "notes": notes}
