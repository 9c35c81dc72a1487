"""Conflicts as the players see them: each side's Warfare Level and what makes it, the roll modifiers, the odds.

The rules that resolve a War or an Incursion ask this module for the modifiers of a roll (:func:`war_bonuses`,
:func:`incursion_bonuses`), and the view asks the same functions for its preview, so what the page shows
before a roll is what the roll then uses. :func:`conflict_view` is ``view["conflict"]`` while a War, an
Incursion or a Raid waits for a player's decision: worked out from the decision's frame and the
civilizations alone (so the RL observations, which encode those, still tell apart every view). The dice
already rolled and the event's name are in the log, which the page reads for them. Everything here is on the
table already (Personal Civilization Build Lists are face up); no die still to be rolled is in it.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ludoteca.core import wording
from ludoteca.games.mankind.civilization import (
    Player,
    card,
    conquest_label,
    conquest_traits,
    label,
    level_table,
    military_units,
)
from ludoteca.games.mankind.machine import RULES

if TYPE_CHECKING:
    from ludoteca.games.mankind.state import MankindState


# The decisions a conflict puts to a player, by kind: while one of them waits, the page shows the conflict.
STEPS: dict[str, tuple[str, ...]] = {
    "war": ("war_choose", "war_loss", "war_ceasefire_offer", "war_ceasefire_reply"),
    "incursion": ("incursion_target", "incursion_loss"),
    "raid": ("raid_target", "raid_retaliate"),
}

# What decides a roll, in the rulebook's words, for the panel.
ROLL_RULES: dict[str, str] = {
    # MK: War Events
    "war": "Both roll 1D6; the higher Warfare Level (with DF) adds 1; ties are rolled again. "
    "The lower roll loses a Military Unit; the last side with units steals 1D6 VP and 1D6 RP.",
    # MK: Incursion Events
    "incursion": "Defense roll 1D6 against the horde's 1D6; the higher WL adds 1; the player wins ties. "
    "A won attack gives 1 VP, a lost one costs a Military Unit (with none, an Infrastructure or a Conquest).",
    # MK: Raid Events
    "raid": "The raider rolls 1D6 plus the event's modifier and steals that many RP (no more than the target has); "
    "the target may raid back, each unit once a turn.",
}


# --------------------------------------------------------------------------- what makes a Warfare Level
def warfare_sources(player: Player) -> list[dict[str, Any]]:
    """Every part of a player's Warfare Level and DF: builds (identical ones together), the Government,
    Conquests and event modifiers. ``wl`` and ``df`` of the parts add up to the player's WL and DF."""
    parts: list[dict[str, Any]] = []
    builds: Counter[str] = Counter(player["builds"])
    for build_id, count in builds.items():
        build = card(build_id)
        wl, df = build.trait("WL") * count, build.trait("DF") * count
        if wl or df:
            parts.append({"name": label(build_id), "count": count, "wl": wl, "df": df})
    government = player["government"]
    if government is not None:
        build = card(government)
        if build.trait("WL") or build.trait("DF"):
            parts.append({"name": f"{label(government)} (Government)", "count": 1, "wl": build.trait("WL"),
                          "df": build.trait("DF")})  # fmt: skip
    conquests: Counter[str] = Counter(player["conquests"])
    for conquest_id, count in conquests.items():
        traits = dict(conquest_traits(conquest_id))
        wl, df = traits.get("WL", 0) * count, traits.get("DF", 0) * count
        if wl or df:
            parts.append({"name": conquest_label(conquest_id), "count": count, "wl": wl, "df": df})
    mods = player["mods"]
    if mods.get("WL", 0) or mods.get("DF", 0):
        parts.append({"name": "event modifiers", "count": 1, "wl": mods.get("WL", 0), "df": mods.get("DF", 0)})
    return parts


def side(player: Player, seat: int) -> dict[str, Any]:
    """One side of a conflict as the table sees it: its defending WL (WL + DF), its parts and its units."""
    levels = level_table(player)
    return {
        "seat": seat,
        "wl": levels["WL"],
        "df": levels["DF"],
        "level": levels["WL"] + levels["DF"],
        "units": len(military_units(player)),
        "sources": warfare_sources(player),
    }


def strength_text(player: Player, seat: int) -> str:
    """A side's strength for the log, announced before any die: its level and what makes it, and its units.

    E.g. "seat 1 with WL 4 + DF 1 = 5 (Warriors ×2: WL 2; Monarchy (Government): WL 2, DF 1) and 2 Military
    Units" — the numbers of :func:`side`, which the rolls then use.
    """
    shown = side(player, seat)
    level = f"WL {shown['wl']} + DF {shown['df']} = {shown['level']}" if shown["df"] else f"WL {shown['wl']}"
    parts = []
    for source in shown["sources"]:
        name = source["name"] + (f" ×{source['count']}" if source["count"] > 1 else "")
        traits = [f"{trait} {source[trait.lower()]:+d}" for trait in ("WL", "DF") if source[trait.lower()]]
        parts.append(f"{name}: {', '.join(traits)}")
    made = f" ({'; '.join(parts)})" if parts else ""
    return f"seat {seat} with {level}{made} and {wording.count(shown['units'], 'Military Unit')}"


def roll_text(die: int, bonus: int) -> str:
    """One side's roll for the log: the die, and the +1 for the higher Warfare Level when it has it."""
    return f"{die} + {bonus} (higher WL) = {die + bonus}" if bonus else str(die)


def bonus_text(names: tuple[str, str], bonuses: tuple[int, int]) -> str:
    """Who adds 1 to its rolls (MK: War Events / Incursion Events, "the higher Warfare Level adds 1")."""
    if bonuses[0]:
        return f"{names[0]} has the higher WL and adds 1 to its rolls."
    if bonuses[1]:
        return f"{names[1]} has the higher WL and adds 1 to its rolls."
    return "Neither has the higher WL: no one adds 1 to the rolls."


# --------------------------------------------------------------------------- the roll modifiers
def round_bonus(own: int, other: int) -> int:
    """MK: War Events / Incursion Events — "The player with the higher Warfare Level adds 1 to his roll"."""
    return 1 if own > other else 0


def war_bonuses(a: Player, b: Player) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two sides' levels and roll bonuses in a War round; both use their DF (MK: War Events, note)."""
    level_a, level_b = level_table(a)["WL"] + level_table(a)["DF"], level_table(b)["WL"] + level_table(b)["DF"]
    return (level_a, level_b), (round_bonus(level_a, level_b), round_bonus(level_b, level_a))


def incursion_bonuses(player: Player, horde: int) -> tuple[int, tuple[int, int]]:
    """The defender's level (WL + DF: the player defends) and the two bonuses, player's first."""
    own = level_table(player)["WL"] + level_table(player)["DF"]
    return own, (round_bonus(own, horde), round_bonus(horde, own))


# --------------------------------------------------------------------------- the odds
_D6 = range(1, 7)


def war_round_odds(bonus_a: int, bonus_b: int) -> float:
    """The chance that the first side wins a War round (a tie is rolled again, so it decides nothing)."""
    wins = sum(1 for x in _D6 for y in _D6 if x + bonus_a > y + bonus_b)
    losses = sum(1 for x in _D6 for y in _D6 if x + bonus_a < y + bonus_b)
    return float(Fraction(wins, wins + losses))


def incursion_attack_odds(own: int, horde: int | None) -> float:
    """The chance that the player wins one attack ("Player wins ties"); an unknown horde is 2D6."""
    hordes = [horde] if horde is not None else [x + y for x in _D6 for y in _D6]
    total = Fraction(0)
    for wl in hordes:
        mine, theirs = round_bonus(own, wl), round_bonus(wl, own)
        total += Fraction(sum(1 for x in _D6 for y in _D6 if x + mine >= y + theirs), 36)
    return float(total / len(hordes))


def expected_raid(modifier: int, rp: int) -> float:
    """The RP a raid takes on average: 1D6 + modifier, never below 0, never more than the target has."""
    return float(Fraction(sum(min(max(0, d + modifier), rp) for d in _D6), 6))


# --------------------------------------------------------------------------- the view
def _war_sides(players: list[Player], a: int, b: int) -> tuple[list[dict[str, Any]], float]:
    _levels, (bonus_a, bonus_b) = war_bonuses(players[a], players[b])
    sides = [side(players[a], a), side(players[b], b)]
    sides[0]["bonus"], sides[1]["bonus"] = bonus_a, bonus_b
    return sides, round(war_round_odds(bonus_a, bonus_b), 3)


def conflict_view(state: MankindState) -> dict[str, Any] | None:
    """``view["conflict"]``: the War, Incursion or Raid a decision waits in, with its numbers as they are now."""
    frame = RULES.pending(state)
    if frame is None:
        return None
    step = frame["step"]
    kind = next((k for k, steps in STEPS.items() if step in steps), None)
    if kind is None:
        return None
    players = state.data["players"]
    shown: dict[str, Any] = {"kind": kind, "step": step, "rule": ROLL_RULES[kind], "sides": [], "candidates": []}
    if step == "war_choose":
        first = frame["first"]
        shown["first"] = first
        for seat in range(state.players):
            if seat == first:
                continue
            entry = side(players[seat], seat)
            if first is not None:
                _levels, (mine, theirs) = war_bonuses(players[first], players[seat])
                entry["odds"] = round(war_round_odds(mine, theirs), 3)  # the first side's chance to win a round
            shown["candidates"].append(entry)
    elif kind == "war":
        shown["sides"], shown["odds"] = _war_sides(players, frame["a"], frame["b"])
    elif step == "incursion_target":
        for seat in range(state.players):
            entry = side(players[seat], seat)
            entry["odds"] = round(incursion_attack_odds(entry["level"], None), 3) if entry["units"] else 0.0
            shown["candidates"].append(entry)
    elif step == "incursion_loss":
        # The horde was announced in the log; its next attack, if any, waits below on the stack.
        horde = next((e["horde"] for e in reversed(state.log) if e["type"] == "incursion"), 0)
        attack = next((f for f in reversed(state.data["stack"]) if f["step"] == "incursion_attack"), None)
        target = frame["seat"]
        own, (mine, theirs) = incursion_bonuses(players[target], horde)
        defender = side(players[target], target)
        defender["bonus"] = mine
        shown["sides"] = [
            defender,
            {"seat": None, "wl": horde, "df": 0, "level": horde, "units": None, "bonus": theirs,
             "sources": [{"name": "the horde's 2D6", "count": 1, "wl": horde, "df": 0}]},
        ]  # fmt: skip
        shown["left"] = 0 if attack is None else attack["left"]
        # The next attack, with the unit about to be lost still counted: the odds as they stand at the choice. With no
        # Military Units left the horde wins automatically (MK: Incursion Events): no attack can be won.
        shown["odds"] = round(incursion_attack_odds(own, horde), 3) if defender["units"] else 0.0
    else:  # raid_target, raid_retaliate: 1D6 + the event's modifier, stolen in RP
        modifier = frame["modifier"]
        shown["modifier"] = modifier
        targets = (
            [frame["other"]] if step == "raid_retaliate" else [s for s in range(state.players) if s != frame["seat"]]
        )
        for seat in targets:
            rp = players[seat]["rp"]
            shown["candidates"].append({"seat": seat, "rp": rp, "expected": round(expected_raid(modifier, rp), 2)})
    return shown
