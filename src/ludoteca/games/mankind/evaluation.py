"""How a good Mankind player weighs a position: the heuristic the bots search with.

Strategy, in a player's words: Victory Points win, so points now count in full; Research and
Materials are income for every turn left, so they are worth more early; Trade turns into points;
leading a trait as the end nears is worth a share of its end-of-game bonus; and a civilization over
its Food, Stability, Health or Governance limit bleeds points every turn, so those are penalised.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core import Action, lead_estimates
from ludoteca.games.mankind.civilization import level_table, limit_count, spread_count
from ludoteca.games.mankind.scoring import measure

if TYPE_CHECKING:
    from ludoteca.games.mankind.state import MankindState

LAST_ERA = 4


def potentials(state: MankindState) -> list[float]:
    """Every civilization's worth in Victory Points, counting what it will earn."""
    data = state.data
    players = data["players"]
    all_levels = [level_table(p) for p in players]
    era = data["era"]
    eras_left = LAST_ERA - era + 1
    limits = state.content.limits
    values = []
    for player, lv in zip(players, all_levels, strict=True):
        income = 1.6 * max(lv["RL"], 0) + 1.3 * max(lv["ML"], 0) + 0.5 * max(lv["TL"], 0)
        value = player["vp"] + 0.3 * (player["ip"] + player["rp"]) + eras_left * 2.0 * income
        value += 0.6 * max(lv["WL"] + lv["DF"] / 2, 0)
        count = limit_count(player)
        if count > limits.food_base + lv["FL"]:
            value -= 5.0
        if count > limits.stability_base + limits.stability_per_level * lv["SL"]:
            value -= 9.0
        if spread_count(player) > limits.governance_per_level * lv["GL"]:
            value -= 3.5
        if player["rp"] > limits.health_factor * lv["HL"]:
            value -= 3.5
        values.append(value)
    # End-of-game bonuses: a share of each one a player leads, weighted by how near the end is.
    nearness = era / LAST_ERA
    for bonus in state.content.bonuses:
        if bonus.measure in ("conquests", "wonders"):
            standing = [measure(p, bonus.measure) for p in players]
        else:
            standing = [lv[bonus.measure] for lv in all_levels]
        best = max(standing)
        if best > 0:
            leaders = [seat for seat, value in enumerate(standing) if value == best]
            for seat in leaders:
                values[seat] += nearness * bonus.vp / len(leaders)
    return values


def evaluate_all(state: MankindState) -> list[float]:
    """Win estimates in [0, 1]: each seat's lead over its best rival, squashed by a scale that grows with the era."""
    return lead_estimates(potentials(state), 6.0 + 5.0 * state.data["era"])


def heuristic_choice(state: MankindState, seat: int, legal: list[Action]) -> Action | None:
    """Choices a one-move look-ahead cannot judge, because their worth shows only a decision later.

    Another Build roll costs 3 IP now and pays off with the build it brings: roll again whenever the
    spread still has room under the Food and Stability limits and 6 IP or more are in hand.
    """
    texts = {action.text: action for action in legal}
    again = next((a for a in legal if a.text.startswith("roll again")), None)
    if again is not None and "end the Build Phase" in texts:
        player = state.data["players"][seat]
        lv = level_table(player)
        limits = state.content.limits
        room = min(limits.food_base + lv["FL"], limits.stability_base + limits.stability_per_level * lv["SL"])
        if player["ip"] >= 6 and limit_count(player) < room:
            return again
        return texts["end the Build Phase"]
    return None
