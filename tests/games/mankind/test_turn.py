"""Set-up, the Turn Sequence, the Gains, Event and Trade Phases."""

from __future__ import annotations

import pytest

import ludoteca
from ludoteca.games.mankind.civilization import levels
from tests.games.mankind.scripting import TRIBAL, act, new_game, options, player


def test_setup_gives_two_of_each_point_the_tribal_builds_and_the_king() -> None:
    """Mankind: Setup — 2 VP, 2 RP, 2 IP, the Basic List of Tribal Builds, a King government."""
    state = ludoteca.load_game("mankind", players=3).new_state(seed=5)
    for seat in (1, 2):
        p = player(state, (state.data["current"] + seat) % 3)
        assert (p["vp"], p["rp"], p["ip"]) == (2, 2, 2)
        assert p["builds"] == TRIBAL and p["government"] == "tribal/King" and p["conquests"] == []
        assert levels(p) == {"FL": 4, "ML": 2, "RL": 1, "GL": 3, "CL": 0, "SL": 0, "WL": 1, "TL": 0, "HL": 1, "DF": 0}


def test_first_player_is_the_high_1d10_roll_with_ties_rerolled() -> None:
    """Mankind: Setup — "Players roll high on 1D10 to see who goes first"; tied high rollers roll again."""
    state = ludoteca.load_game("mankind", players=3).new_state(seed=0, dice=[3, 7, 7, 9, 5, 1])
    assert state.data["current"] == 1
    rolls = [e["rolls"] for e in state.log if e["type"] == "first_player_roll"]
    assert rolls == [{"0": 3, "1": 7, "2": 7}, {"1": 9, "2": 5}]


def test_gains_phase_adds_research_as_ip_and_materials_as_rp() -> None:
    """Mankind: Gains Phase — IP equal to Research Level, RP equal to Materials Level."""
    state = new_game(2, [7], players=[{"builds": [*TRIBAL, "ancient/Scribes", "ancient/Masonry"]}])
    assert (player(state, 0)["ip"], player(state, 0)["rp"]) == (2 + 2, 2 + 3)


def test_first_turn_skips_the_event_phase() -> None:
    """Mankind: Event Phase — "Skip the Event Phase on each players very first turn of the game"."""
    state = new_game(2, [7])  # the 7 is the Build roll: no event roll was made
    assert [e["type"] for e in state.log][:4] == ["turn", "gains", "event_skipped", "build_roll"]


def test_later_turns_roll_on_the_event_table_and_7_plus_is_nothing() -> None:
    """Mankind: Event Table — 1D10, 7+ Nothing."""
    for roll in (7, 8, 9, 10):
        state = new_game(2, [roll, 7], players=[{"turns": 1}])
        event = next(e for e in state.log if e["type"] == "event")
        assert event["kind"] == "nothing" and event["roll"] == roll


@pytest.mark.parametrize(
    ("roll", "kind"),
    [(1, "conquest"), (2, "raid"), (3, "war"), (4, "boon"), (5, "disaster"), (6, "incursion")],
)
def test_event_table_rows_lead_to_the_era_sub_tables(roll: int, kind: str) -> None:
    """Mankind: Event Phase — "Next roll on the Event sub-table for that Era"."""
    sub_roll = 1
    state = new_game(2, [roll, sub_roll], players=[{"turns": 1}, {}], era=2)
    event = next(e for e in state.log if e["type"] == "event")
    table = state.content.events[(2, kind)]  # type: ignore[attr-defined]
    assert event["kind"] == kind and event["name"] == table.row_for(sub_roll).name


def test_turns_pass_to_the_next_seat_in_order() -> None:
    """Mankind: Turn Sequence — players take turns, each with five phases."""
    state = new_game(3, [7], first_player=2)
    act(state, "build nothing")
    act(state, "end the Build Phase")
    assert state.data["current"] == 0 and player(state, 2)["turns"] == 1
    phases = [e["type"] for e in state.log]
    assert phases.index("gains") < phases.index("build_roll")


def test_trade_phase_one_pick_per_two_trade_levels() -> None:
    """Mankind: Trade Phase — "For every 2 Levels of Trade you have, you may gain 1 IP or 1 RP or 1 VP"."""
    builds = [*TRIBAL, "ancient/Trade Routes", "ancient/Taxation", "ancient/Trading Boats", "ancient/Coinage"]
    state = new_game(2, [7], players=[{"builds": builds}])  # TL 5: two picks
    act(state, "build nothing")
    act(state, "end the Build Phase")
    assert options(state) == ["trade for 1 IP", "trade for 1 RP", "trade for 1 VP"]
    before = dict(player(state, 0))
    act(state, "trade for 1 VP")
    act(state, "trade for 1 IP")
    after = player(state, 0)
    assert (after["vp"] - before["vp"], after["ip"] - before["ip"]) == (1, 1)
    assert state.data["current"] == 1
