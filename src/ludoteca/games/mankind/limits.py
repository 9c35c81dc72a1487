"""The Limit Phase: Food, Stability, Health and Governance, in the rulebook's order.

Mankind: Limit Phase —
* Food: builds ≤ 7 + Food Level, else lose 1D6 RP and 1 food-consuming Build or a Conquest;
* Stability: builds ≤ 10 + 2 × Stability Level, else lose 2D6 VP and 1 Infrastructure, Military
  Unit or Conquest;
* Health: Resource Points > 10 × Health Level costs 1D6 VP (pollution);
* Governance: builds ≤ 4 × Government Level, else lose 1D6 RP (corruption).
Which builds count is ruled in docs/rulings.md (Mankind R5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core import Action
from ludoteca.core.wording import count
from ludoteca.games.mankind.civilization import (
    level,
    limit_count,
    lose,
    lose_from_spread,
    spread_count,
    spread_losses,
)
from ludoteca.games.mankind.machine import RULES, Frame

if TYPE_CHECKING:
    from ludoteca.games.mankind.state import MankindState

UNCOUNTED = ", not counting Wonders, Leaders and Technologies"
"""What the Food and Stability Limits leave out (docs/rulings.md, Mankind R5): said with the count, which the
Governance Limit's line, counting every build, would otherwise seem to contradict ("32 builds" beside "100")."""


@RULES.auto("limit_phase")
def limit_phase(state: MankindState, frame: Frame) -> None:
    """The four checks in order. Food and Stability may make the player choose a loss, which the later
    checks wait for; so Stability and the last two (which never wait) are frames, and Food runs at once
    (a loss it asks for is pushed above them, so it still comes before they look)."""
    RULES.push_sequence(state, [{"step": "stability_limit"}, {"step": "health_and_governance_limits"}])
    food_limit(state, frame)


def _lose_points(state: MankindState, seat: int, resource: str, dice: int, why: str) -> None:
    faces = [state.rng.roll(6) for _ in range(dice)]
    rolled = sum(faces)
    lost = lose(state.data["players"][seat], resource, rolled, "limit")
    roll = f"{' + '.join(map(str, faces))} = {rolled}" if dice > 1 else str(rolled)
    if lost == rolled:
        loss = f"it loses {lost} {resource}"
    else:  # "loses 0 VP, all it had" read as a slip: say what was there to lose
        loss = f"it loses {lost} {resource}, all it had" if lost else f"it has no {resource} to lose"
    state.emit(
        "limit",
        f"Seat {seat} exceeds its {why}: {dice}D6 rolls {roll}, {loss}.",
        seat=seat,
        limit=why,
        amount=lost,
        resource=resource,
    )


def food_limit(state: MankindState, frame: Frame) -> None:
    seat = state.data["current"]
    player = state.data["players"][seat]
    limit = state.content.limits.food_base + level(player, "FL")
    if limit_count(player) > limit:
        _lose_points(state, seat, "RP", 1, f"Food Limit ({count(limit_count(player), 'build')} > {limit}{UNCOUNTED})")
        RULES.push(state, "limit_loss", seat=seat, why="starvation")


@RULES.auto("stability_limit")
def stability_limit(state: MankindState, frame: Frame) -> None:
    seat = state.data["current"]
    player = state.data["players"][seat]
    rules = state.content.limits
    limit = rules.stability_base + rules.stability_per_level * level(player, "SL")
    if limit_count(player) > limit:
        builds = count(limit_count(player), "build")
        _lose_points(state, seat, "VP", 2, f"Stability Limit ({builds} > {limit}{UNCOUNTED})")
        RULES.push(state, "limit_loss", seat=seat, why="social unrest")


@RULES.auto("health_and_governance_limits")
def health_and_governance_limits(state: MankindState, frame: Frame) -> None:
    health_limit(state, frame)
    governance_limit(state, frame)


@RULES.auto("health_limit")  # still a step of its own, so a stack saved before the two were joined still runs
def health_limit(state: MankindState, frame: Frame) -> None:
    """ "Resource Level" is the Resource Points held (docs/rulings.md, Mankind R6)."""
    seat = state.data["current"]
    player = state.data["players"][seat]
    limit = state.content.limits.health_factor * level(player, "HL")
    if player["rp"] > limit:
        _lose_points(state, seat, "VP", 1, f"Health Limit ({player['rp']} RP > {limit})")


@RULES.auto("governance_limit")  # likewise
def governance_limit(state: MankindState, frame: Frame) -> None:
    seat = state.data["current"]
    player = state.data["players"][seat]
    limit = state.content.limits.governance_per_level * level(player, "GL")
    if spread_count(player) > limit:
        builds = count(spread_count(player), "build")
        _lose_points(state, seat, "RP", 1, f"Governance Limit ({builds} > {limit}, every build counted)")


def _loss_options(state: MankindState, frame: Frame) -> list[Action]:
    """An Infrastructure, a Military Unit or a Conquest, of the player's choice."""
    return spread_losses(state.data["players"][frame["seat"]], ("infrastructure", "military"), "lose")


@RULES.decision("limit_loss", _loss_options)
def limit_loss(state: MankindState, frame: Frame, action: Action) -> None:
    seat = frame["seat"]
    name = lose_from_spread(state.data["players"][seat], action.payload)
    state.emit("limit_loss", f"Seat {seat} loses {name} to {frame['why']}.", seat=seat, item=action.payload[1])
