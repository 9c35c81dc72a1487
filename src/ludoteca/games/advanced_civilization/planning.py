"""Board plans a search weighs once a turn, where the bots' board play would otherwise decide alone.

The board (ships, movement, cities: phases 4-7) is played by ``strategy``, through ``heuristic_choice``,
for every bot alike: one move of look-ahead cannot judge a movement whose worth shows only when the turn's
cities stand, so a search that follows those answers decides only the few choices they leave open (losses,
expansion with a short stock, the cities a calamity takes), about twenty a game. A *plan* is the same board
play with a few of its settings changed for one turn (``strategy.following``; the plans are data,
``bots.toml``'s ``plans``): hold the tokens together, leave the rivals alone, build no city off a site, keep
more in stock. At the seat's first board decision of a turn the search plays the turn on from here with each
plan and with the bots' own play, on the same determinizations (the same hidden cards and dice for each, so
that the plans' differences are the plans', not the luck's), every seat by the bots' play, up to the end of
phase 8 of the next turn (``REACH_TURNS``): the cities built and kept, the tokens that survive and the
rivals' answers all show by then, where the end of this turn's phase 8 leaves the next turn's growth and
taxes unseen. Each line is judged by the game's evaluation, and a plan replaces the bots' own play only when
it is better by ``MARGIN``: on a single determinization the plans differ by noise as often as by worth.

Measured in docs/agents.md (Strength, session 18): on 100 two-player deals the search with plans won no more
than without (57-60% against 61% on seed 0's 50 deals, 52% against 52% on seed 1's), so no game searches with
plans by default (``ismcts:plans=N`` turns them on). Played to the end of the game instead (session 19, every
line judged by the evaluation at the end, at 0.46 reference seconds a move) they won 60% of seed 0's deals, 10
better and 10 worse than without: the horizon is not what holds the plans back.
"""

from __future__ import annotations

import random
import time
from functools import cache
from typing import TYPE_CHECKING, Any, cast

from ludoteca.core import Action
from ludoteca.games.advanced_civilization import content, strategy

if TYPE_CHECKING:
    from ludoteca.games.advanced_civilization.state import CivState

# The decisions the board play answers (phases 4-7: ships, movement, sailing, city building).
BOARD_STEPS = frozenset(
    {"ship_build", "ship_upkeep", "move_from", "move_to", "move_count", "sail_to", "sail_count", "build_city"}
)
# How far a plan is played out: to the end of phase 8 of this turn (1) or of the next turn (2).
REACH_TURNS = 2
# How much better (in the evaluation's win estimate, 0-1) a plan must do than the bots' own play to be chosen.
MARGIN = 0.03
# The most open choices a one-look answer weighs (losses and the like rarely offer more).
ONE_LOOK_OPTIONS = 12

OWN_PLAY = ""
"""The name of the bots' own board play (no setting changed) among the plans weighed."""


@cache
def plans() -> dict[str, dict[str, object]]:
    """The plans of ``bots.toml``, checked against the settings a plan may change (``strategy.PLAYABLE``)."""
    return content.board_plans({name: getattr(strategy, name) for name in strategy.PLAYABLE})


def _beyond_reach(state: CivState, last_turn: int) -> bool:
    """Whether the line has passed the end of phase 8 of ``last_turn`` (phase 9, trade cards, has begun)."""
    turn = int(state.data["turn"])
    if state.is_over() or turn > last_turn:
        return True
    return turn == last_turn and not any(frame["step"] == "acquisition" for frame in state.data["stack"])


def _answer(state: CivState, actor: int, me: int, plan: dict[str, object], plan_turn: int) -> Action:
    """What ``actor`` plays in a plan's line: the bots' board play, by ``plan`` for ``me`` in the plan's turn;
    an open choice goes to the option the evaluation prefers after one look."""
    legal = state.legal_actions(actor)
    if len(legal) == 1:
        return legal[0]
    if actor == me and int(state.data["turn"]) == plan_turn:
        with strategy.following(plan):
            hint = state.heuristic_choice(actor, legal)
    else:
        hint = state.heuristic_choice(actor, legal)
    if hint is not None:
        return hint
    best, best_value = legal[0], float("-inf")
    for action in legal[:ONE_LOOK_OPTIONS]:
        probe = state.clone()
        probe.apply(actor, action)
        value = probe.evaluate(actor)
        if value > best_value:
            best, best_value = action, value
    return best


def plan_worth(state: CivState, seat: int, plan: dict[str, object], seeds: list[int]) -> float:
    """The mean evaluation for ``seat`` of the lines that play ``plan`` this turn, one a determinization
    (each drawn from one of ``seeds``, the same for every plan weighed)."""
    turn = int(state.data["turn"])
    total = 0.0
    for seed in seeds:
        line = cast("CivState", state.clone())
        line.resample(seat, random.Random(seed))
        while not _beyond_reach(line, turn + REACH_TURNS - 1):
            actor = line.to_act()[0]
            line.apply(actor, _answer(line, actor, seat, plan, turn))
        total += line.evaluate(seat)
    return total / len(seeds)


def choose_plan(state: CivState, seat: int, samples: int, rng: Any,
                deadline: float | None = None) -> tuple[str, dict[str, float]]:
    """The plan ``seat`` follows this turn (``OWN_PLAY`` unless one beats it by ``MARGIN``), and each one's worth.
    Past ``deadline`` (``time.perf_counter``; a server's cut-off) no further plan is weighed."""
    seeds = [rng.getrandbits(64) for _ in range(samples)]
    worth = {OWN_PLAY: plan_worth(state, seat, {}, seeds)}
    for name, plan in plans().items():
        if deadline is not None and time.perf_counter() >= deadline:
            break
        worth[name] = plan_worth(state, seat, plan, seeds)
    best = max(worth, key=lambda name: worth[name])  # the first of equals: the bots' own play, then bots.toml's order
    return (best if worth[best] > worth[OWN_PLAY] + MARGIN else OWN_PLAY), worth


def planned_choice(state: CivState, seat: int, legal: list[Action], samples: int, rng: Any,
                   memo: dict[tuple[int, int, int], str], deadline: float | None = None) -> Action | None:
    """The board decision ``seat`` makes by the plan it chose for this turn (chosen now, at its first board
    decision of the turn, and kept in ``memo``); ``None`` for a decision that is not the board's."""
    stack = state.data["stack"]
    if not stack or stack[-1]["step"] not in BOARD_STEPS:
        return None
    key = (int(state.seed), int(state.data["turn"]), seat)
    if key not in memo:
        memo[key] = choose_plan(state, seat, samples, rng, deadline)[0]
    name = memo[key]
    with strategy.following(plans()[name] if name else {}):
        return state.heuristic_choice(seat, legal) if len(legal) > 1 else legal[0]


__all__ = ["BOARD_STEPS", "MARGIN", "OWN_PLAY", "REACH_TURNS", "choose_plan", "plan_worth", "planned_choice", "plans"]
