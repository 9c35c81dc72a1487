"""Hidden information, for every game: what a seat is shown, offered and asked depends only on what it may see.

``conformance.check_hidden_information`` plays seeded games (random, or by the heuristic bot, which reaches
the parts of a game random play never does: Advanced Civilization's trade cards) and at regular positions
checks, for every seat, that ``resample`` (which redraws everything the seat cannot see) leaves its view, its
readable log, its legal actions (texts, in order) and ``to_act()`` unchanged; and, for one seat in turn, that
two worlds it cannot tell apart keep asking the same seats the same decisions over the next actions played
with the same dice. Every game is run at two and at three or more players and in every variant; each case
takes a few seconds at most (measured: see the comment above ``CASES``).

The last tests show the check is not vacuous: it catches the leaks of issue #19 when they are put back.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from ludoteca.agents import HeuristicAgent
from ludoteca.core import Action, State, conformance, game_class, list_games
from ludoteca.core.conformance import ConformanceError


def _heuristic() -> conformance.Chooser:
    """The heuristic bot for every seat (one look-ahead sample: fast), seeded per seat."""
    agents: dict[int, HeuristicAgent] = {}

    def choose(state: State, seat: int) -> Action:
        agent = agents.setdefault(seat, HeuristicAgent(seed=seat, samples=1))
        return agent.choose(state, seat)

    return choose


Case = tuple[str, int, dict[str, Any], str, dict[str, int]]

AC = "advanced-civilization"
AS = "arabian-struggle"
TE = "tigris-euphrates"
MK = "mankind"

# (game, players, options, policy, run settings). Random play never builds enough cities in Advanced
# Civilization to hold trade cards, so most of its cases are heuristic games long enough to trade (from turn
# 6-9), probed from the first card draws on. Measured with ``--durations=0`` on the 2-core machine under a
# load of 5: about 25 s in all, Advanced Civilization 9 s, Arabian Struggle 6 s, Tigris & Euphrates 6 s,
# Mankind 2 s.
CASES: list[Case] = [
    (AC, 2, {"turn_limit": 16}, "heuristic", {"probe_every": 4}),
    (AC, 3, {"turn_limit": 14, "calamities": "additional", "nations": "random"}, "heuristic", {"probe_every": 5}),
    (AC, 5, {"turn_limit": 12, "map": "main+western", "trade_session": "turns"}, "heuristic",
     {"probe_every": 16, "probe_from": 500}),
    (AC, 8, {"turn_limit": 10, "calamities": "additional"}, "heuristic", {"probe_every": 30, "probe_from": 500}),
    (AC, 3, {"turn_limit": 6}, "random", {"seeds": 3, "probe_every": 3}),
    # The developed start (AC-R36): random seats with cities draw, trade and meet calamities from turn 1.
    (AC, 3, {"turn_limit": 4, "start": "developed", "nations": "random"}, "random", {"seeds": 2, "probe_every": 8}),
    (AS, 2, {"variant": "standard"}, "random", {"seeds": 3, "probe_every": 4}),
    (AS, 3, {"variant": "standard"}, "random", {"seeds": 3, "probe_every": 4}),
    (AS, 2, {"variant": "historical"}, "random", {"seeds": 3, "probe_every": 4}),
    (AS, 3, {"variant": "historical"}, "random", {"seeds": 3, "probe_every": 4}),
    (AS, 2, {"variant": "draft"}, "random", {"seeds": 2, "probe_every": 4}),
    (AS, 3, {"variant": "draft"}, "random", {"seeds": 2, "probe_every": 4}),
    (AS, 3, {"variant": "standard"}, "heuristic", {"probe_every": 5}),
    (TE, 2, {"board": "standard", "scoring": "hidden"}, "random", {"seeds": 2, "probe_every": 6}),
    (TE, 3, {"board": "advanced", "scoring": "open"}, "random", {"seeds": 2, "probe_every": 6}),
    (TE, 4, {"board": "standard", "scoring": "open"}, "random", {"probe_every": 6}),
    (TE, 4, {"board": "advanced", "scoring": "hidden"}, "random", {"probe_every": 6}),
    (TE, 2, {"board": "advanced", "scoring": "hidden"}, "heuristic", {"probe_every": 1, "max_actions": 12}),
    (MK, 2, {}, "random", {"probe_every": 40}),
    (MK, 6, {}, "random", {"probe_every": 60}),
    (MK, 3, {}, "heuristic", {"probe_every": 20, "max_actions": 400}),
]
CASE_IDS = [
    f"{game}-{players}p-{policy}-" + "-".join(map(str, options.values())) for game, players, options, policy, _ in CASES
]


@pytest.mark.parametrize(("game_id", "players", "options", "policy", "settings"), CASES, ids=CASE_IDS)
def test_what_a_seat_is_shown_offered_and_asked_depends_only_on_what_it_sees(
    game_id: str, players: int, options: dict[str, Any], policy: str, settings: dict[str, int]
) -> None:
    seeds = range(settings.get("seeds", 1))
    choose = _heuristic() if policy == "heuristic" else None
    report = conformance.check_hidden_information(
        game_id,
        players,
        options,
        seeds=seeds,
        choose=choose,
        probe_every=settings["probe_every"],
        max_actions=settings.get("max_actions", 5_000),
        probe_from=settings.get("probe_from", 0),
    )
    assert report.games == len(seeds) and report.probes >= 10


def test_every_game_every_variant_and_both_kinds_of_player_count_are_covered() -> None:
    games = [game for game in list_games() if game != "blind-draw"]
    for game in games:
        cls = game_class(game)
        counts = {players for g, players, *_ in CASES if g == game}
        assert 2 in counts or cls.min_players > 2, game
        assert any(players >= 3 for players in counts) or cls.max_players < 3, game
        for spec in cls.option_specs:
            if spec.choices is None:
                continue
            seen = {options.get(spec.name, spec.default) for g, _, options, *_ in CASES if g == game}
            assert seen >= set(spec.choices), f"{game}: option {spec.name} never set to {set(spec.choices) - seen}"


def test_the_core_test_game_hides_its_hands() -> None:
    report = conformance.check_hidden_information("blind-draw", 3, seeds=range(5), probe_every=1)
    assert report.probes > 10


# ------------------------------------------------------------------ the check catches what issue #19 fixed
def _trade_position() -> State:
    """Seat 0 to trade; seat 1's three cards cannot make an offer, seat 2's three can."""
    from tests.games.advanced_civilization.helpers import position

    hands = [
        {"hand": ["Grain", "Grain", "Oil"]},
        {"hand": ["Famine", "Flood", "Volcanic Eruption / Earthquake"]},
        {"hand": ["Salt", "Salt", "Salt"]},
    ]
    return position(seats=3, players=hands, phases=["trade"])


def test_the_check_catches_proposals_that_read_the_partners_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before the fix a proposal was offered only to a seat whose cards could trade: the options of seat 0
    then change when seat 1's and 2's hands are redrawn."""
    from ludoteca.games.advanced_civilization import trade

    state = _trade_position()
    for k in range(20):
        conformance.check_resample_hides(state, 0, random.Random(k))  # the fixed game passes
    monkeypatch.setattr(
        trade, "partners", lambda s, seat: [o for o in s.ast_order() if o != seat and trade.can_trade(s, o)]
    )
    with pytest.raises(ConformanceError, match="legal_actions"):
        for k in range(20):
            conformance.check_resample_hides(state, 0, random.Random(k))


def test_the_check_catches_a_seat_passed_over_because_of_its_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before the fix a seat whose hand left it only "pass" was passed over unasked: after seat 0 passes, the
    others saw whether seat 1 was asked, i.e. whether its cards could trade."""
    from ludoteca.games.advanced_civilization.machine import RULES

    state = _trade_position()
    for k in range(20):
        conformance.check_lockstep(state, 0, random.Random(k), horizon=2)  # the fixed game passes
    unasked = dataclasses.replace(RULES.decisions["trade_turn"], always_ask=False)
    monkeypatch.setitem(RULES.decisions, "trade_turn", unasked)
    with pytest.raises(ConformanceError, match="shown different decisions"):
        for k in range(20):
            conformance.check_lockstep(state, 0, random.Random(k), horizon=2)


def test_the_check_catches_a_refusal_made_for_a_partner_because_of_his_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """A partner whose cards cannot answer has only "refuse the trade": had the rules refused for him, the log
    would show the refusal at once where another hand is asked, and the proposer would know his cards."""
    from ludoteca.games.advanced_civilization.machine import RULES

    state = _trade_position()
    for text in ("propose a trade to Crete (seat 1)", "name Grain in the offer", "name Grain in the offer"):
        state.apply(0, text)
    state.apply(0, "add hand card 3, undeclared")
    assert [a.text for a in state.legal_actions(0)] == ["offer these 3 cards"]
    for k in range(20):
        conformance.check_lockstep(state, 0, random.Random(k), horizon=1)  # the fixed game passes
    unasked = dataclasses.replace(RULES.decisions["trade_answer"], always_ask=False)
    monkeypatch.setitem(RULES.decisions, "trade_answer", unasked)
    with pytest.raises(ConformanceError, match="decided it for them"):
        for k in range(20):
            conformance.check_lockstep(state, 0, random.Random(k), horizon=1)
