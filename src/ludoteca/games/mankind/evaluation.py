"""How a good Mankind player weighs a position: the heuristic the bots search with.

Strategy, in a player's words: Victory Points win, so points now count in full; Research and
Materials are income for every turn left, so they are worth more early; Trade turns into points;
leading a trait as the end nears is worth a share of its end-of-game bonus; and a civilization over
its Food, Stability, Health or Governance limit bleeds points every turn, so those are penalised.
Resource Points are only worth holding up to the Health Limit: every point over it is pollution
that costs Victory Points each turn until it is spent, so a good player spends them (or raises
Health) before the Limit Phase, and values Materials only for the income it can use.

The worth is a weighted sum of named parts (``FEATURES``, all public in Mankind); the weights are named sets
in ``data/weights/evaluation.toml`` (``hand``: every part as it is; ``learned``: fitted by ``ludoteca learn``,
:mod:`ludoteca.learning`), the file's ``default`` being the set the bots play with.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, cast

from ludoteca.core import Action, State, lead_estimates
from ludoteca.games.mankind.civilization import Player, level_table, limit_count, spread_count
from ludoteca.games.mankind.scoring import measure
from ludoteca.learning import WeightSet, WeightSets, load_weight_sets

if TYPE_CHECKING:
    from ludoteca.games.mankind.content import Limits
    from ludoteca.games.mankind.state import MankindState

LAST_ERA = 4
IP_WORTH = 0.3  # an Idea Point: a third of a Build roll, a share of a Leader's or Technology's cost
RP_WORTH = 0.3  # a Resource Point held under the Health Limit: a share of a build's cost
POLLUTION = 0.6  # what a Resource Point over the Health Limit costs beyond its worth (1D6 VP a turn until spent)
HEALTH_CHECK = 3.5  # MK: Limit Phase, Health — 1D6 VP at this turn's check when over
ROLL_WORTH = 0.5  # an extra Build roll this turn beyond its IP, in VP per era number (a Leader 2X, often nothing)
MAX_ROLLS = 4  # the extra rolls a turn usually has that a Government bought now would forgo
TIE_BREAK = 1e-6  # the share of a win estimate given to the seat's own worth (see evaluate_all)
WORTH_SCALE = 2000.0  # worths reach about a thousand by the end of a runaway game
BUILD_STEPS = ("build_roll", "build_more")  # frames on the stack while the player to act may still roll
# In a folder of its own: data/ itself holds only the content files the content loader expects.
WEIGHTS_FILE = Path(__file__).parent / "data" / "weights" / "evaluation.toml"

FEATURES: tuple[str, ...] = (
    "victory_points",  # points already won
    "holdings",  # IP and RP in hand, RP over the Health Limit counted as pollution (MK: Limit Phase, Health)
    "income",  # Research, usable Materials and Trade for every era left
    "wonders_defence",  # Wonders and Defence levels
    "limit_penalties",  # builds over the Food and Stability limits, Governance (a cost: its hand weight is 1)
    "bonus_shares",  # shares of the end-of-game bonuses the civilization leads (MK: Game End)
    "rolls_to_come",  # extra Build rolls the player to act can still pay for this turn (MK: Build Phase)
)
# The hand-set worth: every part counts in VP as it is.
HAND = WeightSet("hand", 1.0, (1.0,) * len(FEATURES), "set by judgement: every part in VP as it is")


def potentials(state: MankindState, weights: WeightSet = HAND) -> list[float]:
    """Every civilization's worth in Victory Points, counting what it will earn: the weighted sum of its
    ``FEATURES`` (the hand weights are all 1, each feature being already in VP), added in a fixed order so
    that a set's worths never change."""
    w = weights.weights
    values = []
    for parts in worth_parts(state):
        value = w[0] * parts.vp + w[1] * parts.holdings + w[2] * parts.income
        value += w[3] * parts.wonders_defence
        value -= w[4] * parts.penalties
        for share in parts.bonus_shares:
            value += w[5] * share
        if parts.rolls:
            value += w[6] * parts.rolls
        values.append(value)
    return values


@dataclass
class WorthParts:
    """One civilization's worth, part by part, in VP (what ``FEATURES`` name)."""

    vp: float
    holdings: float
    income: float
    wonders_defence: float
    penalties: float
    bonus_shares: list[float] = field(default_factory=list)
    rolls: float = 0.0


def worth_parts(state: MankindState) -> list[WorthParts]:
    """Each civilization's worth in parts. Everything here is public in Mankind (points, builds, levels);
    only the dice to come are not, and no part reads them."""
    data = state.data
    players = data["players"]
    all_levels = [level_table(p) for p in players]
    era = data["era"]
    eras_left = LAST_ERA - era + 1
    limits = state.content.limits
    parts = []
    for player, lv in zip(players, all_levels, strict=True):
        health = limits.health_factor * lv["HL"]
        materials = useful_materials(player, lv, health, era)
        income = 1.6 * max(lv["RL"], 0) + 1.3 * materials + 0.5 * max(lv["TL"], 0)
        parts.append(
            WorthParts(
                player["vp"],
                points_worth(player, health),
                eras_left * 2.0 * income,
                0.6 * max(lv["WL"] + lv["DF"] / 2, 0),
                limit_penalties(player, lv, limits, health),
            )
        )
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
                parts[seat].bonus_shares.append(nearness * bonus.vp / len(leaders))
    seat = data["current"]
    parts[seat].rolls = rolls_to_come(state, players[seat])
    return parts


def lead_scale(state: MankindState) -> float:
    """The lead that makes a win estimate of 0.73 with the hand weights: worths grow with the era."""
    era: int = state.data["era"]
    return 6.0 + 5.0 * era


def features(state: State, seat: int) -> list[float]:
    """``FEATURES`` of ``seat``, each divided by the era's lead scale (so that one weight fits every era):
    all public in Mankind."""
    mankind = cast("MankindState", state)
    parts = worth_parts(mankind)[seat]
    scale = lead_scale(mankind)
    values = [
        parts.vp,
        parts.holdings,
        parts.income,
        parts.wonders_defence,
        -parts.penalties,
        sum(parts.bonus_shares),
        parts.rolls,
    ]
    return [value / scale for value in values]


@cache
def weight_sets(path: Path = WEIGHTS_FILE) -> WeightSets:
    """The weight sets of the data file (checked on load), or the hand weights alone if there is no file."""
    if not path.exists():
        return WeightSets("hand", {"hand": HAND})
    return load_weight_sets(path, FEATURES)


def points_worth(player: Player, health: int) -> float:
    """IP and RP in hand. RP over the Health Limit (10 × HL) is pollution: it costs 1D6 VP at every
    Limit Phase until spent, so each such point counts against the player (MK: Limit Phase, Health)."""
    rp: int = player["rp"]
    excess = max(rp - max(health, 0), 0)
    worth: float = IP_WORTH * player["ip"] + RP_WORTH * rp - POLLUTION * excess
    return worth - (HEALTH_CHECK if excess else 0.0)


def useful_materials(player: Player, lv: dict[str, int], health: int, era: int) -> int:
    """The Materials Level whose income a player can use: what fits under the Health Limit plus what a
    turn's builds usually spend (a Wonder's 4X RP). More only piles up over the limit (MK: Gains Phase,
    Limit Phase), so Factories and Coal Mines (ML +3, HL -1) are worth little to a polluter."""
    rp: int = player["rp"]
    return min(max(lv["ML"], 0), max(health - rp, 0) + 4 * era)


def limit_penalties(player: Player, lv: dict[str, int], limits: Limits, health: int) -> float:
    """What being over the Food, Stability and Governance limits costs (MK: Limit Phase).

    Each Limit Phase over Food or Stability takes one build (and 1D6 RP, or 2D6 VP), so a spread over by
    k builds pays k times. Corruption takes 1D6 RP, which costs nothing when the RP are pollution anyway.
    """
    count = limit_count(player)
    penalty = 5.0 * max(count - (limits.food_base + lv["FL"]), 0)
    penalty += 9.0 * max(count - (limits.stability_base + limits.stability_per_level * lv["SL"]), 0)
    if spread_count(player) > limits.governance_per_level * lv["GL"] and player["rp"] <= health:
        penalty += 3.5 * RP_WORTH
    return penalty


def rolls_to_come(state: MankindState, player: Player) -> float:
    """The extra Build rolls the player to act may still make this turn, at what one usually brings beyond its
    3 IP. A Government bars anything else bought that turn, extra rolls too (MK: Build Phase), so buying one
    gives these up: what one move of look-ahead missed when it saw only the 2X VP and re-bought the
    Government it had. Counted in IP (not whole rolls) so that a Leader's or Technology's price weighs evenly.
    """
    data = state.data
    if data["government_bought"] or not any(frame["step"] in BUILD_STEPS for frame in data["stack"]):
        return 0.0
    ip: int = player["ip"]
    rolls = min(ip / state.content.extra_roll_cost_ip, MAX_ROLLS)
    era: int = data["era"]
    return ROLL_WORTH * era * rolls


def evaluate_all(state: State, weights: WeightSet | None = None) -> list[float]:
    """Win estimates in [0, 1]: each seat's lead over its best rival, squashed by a scale that grows with the era.

    A lead of hundreds of points squashes to exactly 1.0 for every move, and a bot that far ahead then chose
    at random: it traded for RP while polluting and ended games hundreds of RP over its Health Limit. A
    millionth of the estimate goes to the seat's own worth, which breaks those ties as a good player would
    and is far too small to change any choice the lead can tell apart. ``weights``: a named set of the data
    file (default: its ``default``).
    """
    mankind = cast("MankindState", state)
    chosen = weight_sets().get(None) if weights is None else weights
    worths = potentials(mankind, chosen)
    estimates = lead_estimates(worths, lead_scale(mankind) * chosen.scale)
    return [
        (1.0 - TIE_BREAK) * estimate + TIE_BREAK * (0.5 + 0.5 * math.tanh(worth / WORTH_SCALE))
        for estimate, worth in zip(estimates, worths, strict=True)
    ]


def heuristic_choice(state: MankindState, seat: int, legal: list[Action]) -> Action | None:
    """Choices a one-move look-ahead cannot judge, because their worth shows only a decision later.

    A conflict's target (a raid, a raid back, the horde's target, a side of a war) is judged by playing the
    conflict to its end, its other side's answers included (``best_through_conflict``). Another Build roll
    costs 3 IP now and pays off with the build it brings (MK: Build Phase): roll again while there is
    something to buy with it. A Build Table 10 is judged by the best build of each kind, a Trade pick by the
    point it adds.
    """
    step = state.data["stack"][-1]["step"]
    if step in THROUGH_CONFLICT:
        return best_through_conflict(state, seat, legal)
    texts = {action.text: action for action in legal}
    again = next((a for a in legal if a.text.startswith("roll again")), None)
    if again is not None and "end the Build Phase" in texts:
        return again if wants_roll(state, state.data["players"][seat]) else texts["end the Build Phase"]
    if any(action.text.startswith("gain 1D6") for action in legal):
        return best_kind(state, seat, legal)
    if legal and all(action.text.startswith("trade for") for action in legal):
        return best_trade(state, seat, legal)
    return None


# Choices that open a conflict whose other side answers next (MK: Raid Events, Incursion Events, War Events): one
# move of look-ahead stops at that answer, before the dice of the raid back or of the horde's attacks, and sees
# options alike that are not (a raid on a seat holding no RP invites one back for nothing; the horde sent against
# oneself or a rival), which it would draw at random.
THROUGH_CONFLICT = frozenset({"raid_target", "raid_retaliate", "incursion_target", "war_choose"})
CONFLICT_SAMPLES = 4  # redrawn futures each option is played out on
CONFLICT_ANSWERS = 40  # a bound on the answers played within one conflict (a raid exchange or a war needs fewer)


def best_through_conflict(state: MankindState, seat: int, legal: list[Action]) -> Action:
    """The option whose conflict, played to its end on redrawn clones, leaves ``seat`` best placed. Within the
    conflict every decision (a raid back, a unit to lose, a cease-fire) is answered by its own seat as the
    heuristic would, on the clone: the game's answer where it has one, else the option that seat's evaluation
    ranks first one move ahead. The clones' dice are redrawn from generators seeded by the turn (as
    ``best_kind``), the same for every option, so the choice sees nothing hidden and is the same each time it
    is asked."""
    depth = len(state.data["stack"])  # the decision's frame; what the conflict pushes stands where it stood
    best, best_value = legal[0], float("-inf")
    for action in legal:
        value = 0.0
        for sample in range(CONFLICT_SAMPLES):
            twin = cast("MankindState", state.clone())
            # The same futures for every option (common random numbers): the options differ by their own effect,
            # not by the luck of the dice each was played with.
            twin.resample(seat, random.Random(state.data["turn"] * CONFLICT_SAMPLES + sample))
            twin.apply_legal(seat, action)
            _play_out_conflict(twin, depth)
            value += twin.evaluate(seat)
        if value > best_value + 1e-12:
            best, best_value = action, value
    return best


def _play_out_conflict(twin: MankindState, depth: int) -> None:
    """Answer the decisions the conflict left on ``twin``'s stack (those at ``depth`` or above) until it ends."""
    for _ in range(CONFLICT_ANSWERS):
        if twin.is_over() or len(twin.data["stack"]) < depth:
            return
        decider = twin.to_act()[0]
        options = twin.legal_actions(decider)
        answer = None if twin.data["stack"][-1]["step"] in THROUGH_CONFLICT else heuristic_choice(
            twin, decider, options
        )
        if answer is None:  # one move ahead on the clone itself, whose future is already redrawn
            answer = max(options, key=lambda option: _after(twin, decider, option))
        twin.apply_legal(decider, answer)


def _after(state: MankindState, seat: int, action: Action) -> float:
    twin = state.clone()
    twin.apply_legal(seat, action)
    return twin.evaluate(seat)


def best_trade(state: MankindState, seat: int, legal: list[Action]) -> Action:
    """A Trade Phase pick (MK: Trade Phase: 1 IP, RP or VP) is worth just the point it adds, judged before the
    Limit Phase's dice: a look-ahead through them judged the dice more than the point, and a seat far over its
    Health Limit took RP that only pollute."""

    def worth(action: Action) -> float:
        twin = cast("MankindState", state.clone())
        twin.data["players"][seat][str(action.payload).lower()] += 1
        return potentials(twin)[seat]

    return max(legal, key=worth)


def wants_roll(state: MankindState, player: Player) -> bool:
    """Roll again when the roll can buy something worth its 3 IP: with 6 IP or more a Leader or Technology
    is still affordable after it, and Wonders, unit upgrades and a 10's points need no room; with less, only
    when RP are over the Health Limit (each one spent saves pollution) or the spread has room to grow."""
    lv = level_table(player)
    limits = state.content.limits
    if player["ip"] >= 2 * state.content.extra_roll_cost_ip:
        return True
    room = min(limits.food_base + lv["FL"], limits.stability_base + limits.stability_per_level * lv["SL"])
    over_health = player["rp"] > limits.health_factor * lv["HL"]
    return player["ip"] >= state.content.extra_roll_cost_ip and (over_health or limit_count(player) < room)


def best_kind(state: MankindState, seat: int, legal: list[Action]) -> Action:
    """Build Table 10 (pick a kind or gain 1D6 points): each kind is worth its best build, which shows only in
    the pick after it. Judged on clones whose dice are redrawn (so nothing hidden is seen), the points at
    their mean.

    Every option is played out on the same ``KIND_SAMPLES`` redrawn futures (common random numbers, as
    ``best_through_conflict``): a kind with nothing to build lets the turn run on to the next decision, often the
    next player's events, and with a future of its own drawn for each option the luck of that future decided.
    A bot with 0 IP picked "build a Leader" (nothing) over "gain 1D6 VP" because the Leader's future was kinder.
    """
    best, best_value = legal[0], float("-inf")
    for action in legal:
        value = 0.0
        for sample in range(KIND_SAMPLES):
            twin = state.clone()
            twin.resample(seat, random.Random(state.data["turn"] * KIND_SAMPLES + sample))
            twin.apply_legal(seat, action)
            value += _best_build_after(twin, seat)
        if value > best_value:
            best, best_value = action, value
    return best


KIND_SAMPLES = 2  # redrawn futures each Build Table 10 option is judged on


def _best_build_after(twin: State, seat: int) -> float:
    """``seat``'s estimate on ``twin``, or after the best build it may now pick if that is better."""
    value = twin.evaluate(seat)
    if twin.to_act() == [seat] and not twin.is_over():
        for pick in twin.legal_actions(seat):
            # Outright builds only: the upgrades of every weaker unit are dozens of options, and the best
            # unit bought outright already tells what the kind is worth.
            if pick.text.startswith("build") and pick.text != "build nothing" and "replacing" not in pick.text:
                third = twin.clone()
                third.apply_legal(seat, pick)
                value = max(value, third.evaluate(seat))
    return value
