"""Board plans: the strategy's settings changed for one turn, weighed by a search (``planning``, ``plans=N``)."""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import pytest

from ludoteca.agents import make_agent
from ludoteca.core import derive_seed, load_game
from ludoteca.games.advanced_civilization import content, planning, strategy
from ludoteca.games.advanced_civilization.content import ContentError
from ludoteca.games.advanced_civilization.state import CivState
from ludoteca.tournament import play_game
from tests.games.advanced_civilization.helpers import land, position, tiny_map

SETTINGS = {name: getattr(strategy, name) for name in strategy.PLAYABLE}


def test_a_plan_changes_the_settings_inside_its_block_and_in_its_own_thread_only() -> None:
    seen_elsewhere: list[int] = []
    inside = threading.Event()
    done = threading.Event()

    def other_thread() -> None:  # a server's other bot thread, searching another game meanwhile
        inside.wait()
        seen_elsewhere.append(strategy.growth_base())
        done.set()

    worker = threading.Thread(target=other_thread)
    worker.start()
    with strategy.following({"GROWTH_BASE": 2, "CONTEST_SURPLUS": False}):
        assert (strategy.growth_base(), strategy.contest_surplus()) == (2, False)
        inside.set()
        done.wait()
    worker.join()
    assert seen_elsewhere == [strategy.GROWTH_BASE] == [1]
    assert (strategy.growth_base(), strategy.contest_surplus()) == (1, True)


def test_a_plan_may_change_only_the_playable_settings() -> None:
    with pytest.raises(ValueError, match="not SITE_RISK"), strategy.following({"SITE_RISK": 3}):
        pass


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ({"hold": {"about": "x", "SITE_RISK": 3}}, "sets 'SITE_RISK', which is not one of GROWTH_BASE"),
        ({"hold": {"about": "x", "GROWTH_BASE": True}}, "sets GROWTH_BASE to True, not a int"),
        ({"hold": {"about": "x", "CONTEST_SITES": 0}}, "sets CONTEST_SITES to 0, not a bool"),
        ({"hold": {"GROWTH_BASE": 2}}, "must be a table with an about text"),
        ({"hold": {"about": "nothing"}}, "changes no setting"),
        ({"hold": 2}, "must be a table with an about text"),
    ],
)
def test_a_malformed_plan_in_bots_toml_is_refused_on_load_naming_what_is_wrong(
    table: dict[str, Any], message: str
) -> None:
    with pytest.raises(ContentError, match=message):
        content.load_board_plans({"plans": table}, SETTINGS)


def test_the_plans_of_bots_toml_load() -> None:
    plans = planning.plans()
    assert plans["hold"] == {"GROWTH_BASE": 2}
    assert plans["peace"] == {"CONTEST_SITES": False, "ASSAULT_CITIES": False, "CONTEST_SURPLUS": False}
    assert planning.OWN_PLAY not in plans


BOXED = tiny_map({"H": land(2), "R": land(3)}, "H-R")


def _boxed_in() -> CivState:
    """H holds two tokens over its limit that no free neighbour takes: the bots' own play sends them into R
    (``CONTEST_SURPLUS``), where they fight; phase 8 would send them back to stock anyway (§26.1)."""
    return position(board=BOXED, tokens={"H": [4, 0], "R": [0, 3]}, phases=["movement", "conflict", "surplus"])


def test_a_plan_is_judged_by_the_line_it_plays_on_common_draws() -> None:
    # The bots' own play: 2 of H's tokens fight 3 in R (§24) and leave 1 there against 2, H keeps 2: 3 tokens
    # against 2. Without conflict ("peace") phase 8 takes H back to 2 (§26.1): 2 tokens against 3.
    seeds = [7, 8]
    own = planning.plan_worth(_boxed_in(), 0, {}, seeds)
    peace = planning.plan_worth(_boxed_in(), 0, planning.plans()["peace"], seeds)
    same = planning.plan_worth(_boxed_in(), 0, {"STOCK_MARGIN": strategy.STOCK_MARGIN}, seeds)
    assert own > peace
    assert same == own  # a plan that plays as the bots do is worth exactly as much: the draws are common


def test_the_bots_own_play_is_kept_unless_a_plan_beats_it_by_the_margin(monkeypatch: pytest.MonkeyPatch) -> None:
    worth = {"": 0.5, "hold": 0.5 + planning.MARGIN / 2, "peace": 0.4, "no_elsewhere": 0.45, "reserve": 0.3}

    def fake_worth(state: CivState, seat: int, plan: dict[str, object], seeds: list[int]) -> float:
        name = next((n for n, p in planning.plans().items() if p == plan), "")
        return worth[name]

    monkeypatch.setattr(planning, "plan_worth", fake_worth)
    state = _boxed_in()
    assert planning.choose_plan(state, 0, 1, random.Random(0))[0] == planning.OWN_PLAY
    worth["peace"] = 0.5 + planning.MARGIN * 2
    chosen, weighed = planning.choose_plan(state, 0, 1, random.Random(0))
    assert chosen == "peace" and weighed == worth


def test_past_the_deadline_no_plan_is_weighed_beyond_the_bots_own_play() -> None:
    # A server's cut-off (ismcts time_limit): the bots' own play is always weighed, the plans only in time.
    chosen, worth = planning.choose_plan(_boxed_in(), 0, 1, random.Random(0), deadline=time.perf_counter())
    assert chosen == planning.OWN_PLAY and list(worth) == [planning.OWN_PLAY]
    assert len(planning.choose_plan(_boxed_in(), 0, 1, random.Random(0))[1]) == 1 + len(planning.plans())


def test_a_search_with_plans_chooses_one_a_turn_and_plays_every_board_decision_of_that_turn_by_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    chosen: list[tuple[int, int]] = []
    real_choose = planning.choose_plan

    def choose(
        state: CivState, seat: int, samples: int, rng: Any, deadline: float | None = None
    ) -> tuple[str, dict[str, float]]:
        chosen.append((int(state.data["turn"]), seat))
        real_choose(state, seat, samples, rng, deadline)  # weighed as always, then "hold" for the test
        return "hold", {}

    monkeypatch.setattr(planning, "choose_plan", choose)
    state = load_game("advanced-civilization", players=2, options={"turn_limit": 4}).new_state(seed=3)
    bots = [make_agent("ismcts:iterations=20,plans=1", seed=1), make_agent("heuristic", seed=2)]
    board_turns: set[int] = set()
    differs = 0  # board decisions where the plan plays otherwise than the bots' own play
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        board = state.data["stack"][-1]["step"] in planning.BOARD_STEPS and len(legal) > 1
        if board and seat == 0:
            board_turns.add(int(state.data["turn"]))
            with strategy.following(planning.plans()["hold"]):
                expected = state.heuristic_choice(seat, legal)
            differs += expected != state.heuristic_choice(seat, legal)
        action = bots[seat].choose(state, seat)
        if board and seat == 0:
            assert action == expected
        state.apply(seat, action)
    assert len(board_turns) >= 2 and sorted(chosen) == [(turn, 0) for turn in sorted(board_turns)]
    assert differs > 0
    assert strategy.growth_base() == strategy.GROWTH_BASE  # nothing of the plan is left behind


def test_a_plan_weighed_is_timed_as_a_decision() -> None:
    specs = ["ismcts:iterations=20,plans=1", "heuristic"]
    timed: list[list[float]] = [[], []]
    plain: list[list[float]] = [[], []]
    play_game("advanced-civilization", 2, {"turn_limit": 3}, specs, derive_seed(3, 0), thinking=timed)
    play_game("advanced-civilization", 2, {"turn_limit": 3}, ["ismcts:iterations=20", "heuristic"], derive_seed(3, 0),
              thinking=plain)
    assert len(timed[0]) > len(plain[0])


def test_a_game_with_plans_is_reproduced_from_its_seed() -> None:
    def actions() -> list[str]:
        state = load_game("advanced-civilization", players=2, options={"turn_limit": 3}).new_state(seed=11)
        bots = [make_agent("ismcts:iterations=10,plans=1", seed=5), make_agent("heuristic", seed=6)]
        texts = []
        while not state.is_over():
            seat = state.to_act()[0]
            action = bots[seat].choose(state, seat)
            texts.append(action.text)
            state.apply(seat, action)
        return texts

    assert actions() == actions()
